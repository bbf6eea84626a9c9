//! Driving the real llvm-mc: one process per (file, flags), or per several files with the same
//! flags whose inputs carry no state between lines ([`batch`]); answers mapped back to source
//! lines.
//!
//! Mapping: before running, every instruction line gets a unique local label on the
//! same line (`.Lmcdiff_<line>: <text>`). llvm-mc echoes labels, so each encoding in
//! its output sits below the label of the line that produced it; a line that
//! produces zero or two instructions cannot shift the others, and line numbers in
//! `<stdin>:LINE:COL` errors stay those of the test file (columns are corrected for
//! the label's width).

mod asm;
mod batch;
mod cache;
mod disasm;
mod process;

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use crate::bytes::EncByte;

pub use asm::{answers_marked_input, mark_lines, parse_output};
pub use batch::args_allow_batch;
pub use cache::{Job, RunCache};
pub use disasm::{answers_byte_input, decode_failures};
pub use process::{end_llvm_mc_on_interrupt, Fault, FaultKind, Traced};

/// A pinned llvm-mc binary and the version it reports.
#[derive(Debug, Clone)]
pub struct LlvmMc {
    pub path: PathBuf,
    /// e.g. "19.1.7", read from `--version`.
    pub version: String,
    /// Size and modification time of the binary: a rebuilt llvm-mc at the same path gets
    /// fresh cache entries.
    pub identity: String,
    pub timeout: Duration,
}

/// What llvm-mc said about one source line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LlvmAnswer {
    /// All bytes the line produced, in order (fixup bytes as letters), the printed
    /// instruction text (` ; `-joined when the line produced several), and the first
    /// warning llvm-mc gave for the line.
    Encoded {
        bytes: Vec<EncByte>,
        text: String,
        /// Comment lines printed below the instruction (`--show-inst` dumps), joined.
        comments: String,
        warning: Option<String>,
    },
    /// The first error reported for the line.
    Error {
        column: Option<u32>,
        message: String,
    },
    /// Disassembly: the printed instruction(s) and the encoding llvm-mc shows for them;
    /// `skipped` holds the diagnostic when the line's first bytes did not decode and
    /// these came from its later bytes.
    Decoded {
        text: String,
        bytes: Vec<EncByte>,
        skipped: Option<String>,
    },
    /// llvm-mc gave no usable answer for the line (it could not run, or its output names
    /// nothing for this line); the reason.
    NotRun(String),
}

/// llvm-mc's answers for one input, keyed by 1-based source line.
#[derive(Debug, Clone, Default)]
pub struct LlvmRun {
    pub answers: HashMap<usize, LlvmAnswer>,
    /// Disassembly only: why printed instructions could not be matched to byte lines one
    /// to one (naming the first line that shows it).
    pub unaligned: Option<String>,
}

impl LlvmRun {
    /// Every line answered by the same error (a run that failed as its RUN line expects).
    pub fn all_rejected(lines: &[usize], message: &str) -> LlvmRun {
        let answers = lines
            .iter()
            .map(|&l| {
                let error = LlvmAnswer::Error {
                    column: None,
                    message: message.to_string(),
                };
                (l, error)
            })
            .collect();
        LlvmRun {
            answers,
            unaligned: None,
        }
    }

    pub fn answer(&self, line: usize) -> LlvmAnswer {
        if let Some(why) = &self.unaligned {
            return LlvmAnswer::NotRun(format!(
                "mcdiff could not map llvm-mc's disassembly to lines: {why}"
            ));
        }
        self.answers.get(&line).cloned().unwrap_or_else(|| {
            LlvmAnswer::NotRun("llvm-mc output names nothing for this line".into())
        })
    }
}

/// llvm-mc's diagnostics about its input (`<stdin>:L:C: message`): the 1-based line, the
/// column as written, and the message (`error: ...`, `warning: ...`) without leading space.
/// Other lines of stderr are passed over.
fn stdin_diagnostics(stderr: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    stderr.lines().filter_map(|line| {
        let rest = line.strip_prefix("<stdin>:")?;
        let mut parts = rest.splitn(3, ':');
        let (Some(l), Some(c), Some(msg)) = (parts.next(), parts.next(), parts.next()) else {
            return None;
        };
        let l = l.parse::<usize>().ok()?;
        Some((l, c, msg.trim_start()))
    })
}

#[cfg(test)]
mod tests {
    use super::disasm::parse_disassembly;
    use super::*;

    #[test]
    fn markers_keep_line_numbers_and_map_output() {
        let src = "// c\ns_nop 0\n\ns_bad\n";
        let marked = mark_lines(src, &[2, 4]);
        assert_eq!(marked.lines().count(), 4);
        assert_eq!(marked.lines().nth(3).unwrap(), ".Lmcdiff_4: s_bad");
        let stdout = ".Lmcdiff_2:\n\ts_nop 0 ; encoding: [0x00,0x00,0x80,0xbf]\n.Lmcdiff_4:\n";
        let stderr = "<stdin>:4:13: error: invalid instruction\n.Lmcdiff_4: s_bad\n            ^\n";
        let run = parse_output(stdout, stderr);
        assert_eq!(
            run.answer(2),
            LlvmAnswer::Encoded {
                bytes: vec![
                    EncByte::Byte(0),
                    EncByte::Byte(0),
                    EncByte::Byte(0x80),
                    EncByte::Byte(0xbf)
                ],
                text: "s_nop 0".into(),
                comments: String::new(),
                warning: None,
            }
        );
        assert_eq!(
            run.answer(4),
            LlvmAnswer::Error {
                column: Some(1),
                message: "invalid instruction".into()
            }
        );
        assert!(
            matches!(run.answer(3), LlvmAnswer::NotRun(_)),
            "no marker: not read"
        );
    }

    #[test]
    fn disassembly_walks_the_byte_stream() {
        let source = "# c\n0x01,0x00\n0xff,0xff,0xff,0xff,0x03,0x00\n0x05,0x06 # x\n0x07,0x08\n";
        // Line 2 holds two 1-byte instructions; line 3 fails at its start (4 bytes skipped)
        // and its last two bytes decode; line 4's instruction is printed re-encoded longer
        // than the line; line 5 holds one instruction.
        let stdout = "\t.text\n\ta ; encoding: [0x01]\n\ta2 ; encoding: [0x00]\n\
                      \tb ; encoding: [0x03,0x00]\n\tc ; encoding: [0x05,0x06,0x00,0x00]\n\
                      \td ; encoding: [0x07,0x08]\n";
        let stderr = "<stdin>:3:1: warning: invalid instruction encoding\n0xff\n^\n\
                      <stdin>:2:1: warning: potentially undefined instruction encoding\n";
        let run = parse_disassembly(stdout, stderr, source, &[2, 3, 4, 5]);
        assert!(run.unaligned.is_none());
        assert_eq!(
            run.answer(2),
            LlvmAnswer::Decoded {
                text: "a ; a2".into(),
                bytes: vec![EncByte::Byte(1), EncByte::Byte(0)],
                skipped: None,
            }
        );
        assert!(matches!(
            run.answer(3),
            LlvmAnswer::Decoded { ref text, skipped: Some(_), .. } if text == "b"
        ));
        assert!(matches!(run.answer(4), LlvmAnswer::Decoded { ref text, .. } if text == "c"));
        assert!(matches!(run.answer(5), LlvmAnswer::Decoded { ref text, .. } if text == "d"));
        // One printed instruction missing: bytes are left over once the walk ends, so no
        // line gets a possibly shifted answer.
        let short = stdout.replace("\td ; encoding: [0x07,0x08]\n", "");
        let run = parse_disassembly(&short, stderr, source, &[2, 3, 4, 5]);
        assert_eq!(
            run.unaligned.as_deref(),
            Some("llvm-mc's output accounts for no instruction from line 5")
        );
        assert!(matches!(run.answer(2), LlvmAnswer::NotRun(ref why) if why.ends_with("line 5")));
        // A failure reported where the walk never stood names its line.
        let run = parse_disassembly(
            stdout,
            "<stdin>:4:6: warning: invalid instruction encoding\n",
            source,
            &[2, 3, 4, 5],
        );
        assert!(run
            .unaligned
            .is_some_and(|why| why.starts_with("llvm-mc reports line 4 column 6")));
    }

    #[test]
    fn an_undecodable_bracket_group_is_skipped_whole() {
        // llvm-mc skips a whole `[...]` group it cannot decode, not 4 bytes of it.
        let source = "[0x01,0x02,0x03,0x04,0x05,0x06,0x07,0x08]\n[0x09,0x0a,0x0b,0x0c]\n";
        let stdout = "\t.text\n\tb ; encoding: [0x09,0x0a,0x0b,0x0c]\n";
        let stderr = "<stdin>:1:2: warning: invalid instruction encoding\n";
        let run = parse_disassembly(stdout, stderr, source, &[1, 2]);
        assert!(run.unaligned.is_none());
        assert!(matches!(run.answer(1), LlvmAnswer::Error { .. }));
        assert!(matches!(run.answer(2), LlvmAnswer::Decoded { ref text, .. } if text == "b"));
    }

    #[test]
    fn two_instructions_from_one_line_stay_on_that_line() {
        let stdout = ".Lmcdiff_1:\n\ta ; encoding: [0x01]\n\tb ; encoding: [0x02]\n.Lmcdiff_2:\n\tc ; encoding: [0x03]\n";
        let run = parse_output(stdout, "");
        assert_eq!(
            run.answer(1),
            LlvmAnswer::Encoded {
                bytes: vec![EncByte::Byte(1), EncByte::Byte(2)],
                text: "a ; b".into(),
                comments: String::new(),
                warning: None,
            }
        );
        assert!(matches!(run.answer(2), LlvmAnswer::Encoded { ref text, .. } if text == "c"));
    }
}
