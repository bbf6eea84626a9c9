//! Disassembler runs: llvm-mc's output and `invalid instruction encoding` warnings mapped back
//! to the byte lines that produced them.

use std::collections::HashMap;

use super::{stdin_diagnostics, LlvmAnswer, LlvmRun};
use crate::bytes::EncByte;

/// One input byte: its source line and 1-based column, as llvm-mc's diagnostics name them.
#[derive(Debug, Clone, Copy)]
struct StreamByte {
    line: usize,
    column: usize,
    /// The byte is inside `[...]`: llvm-mc reads the group as one unit and, where it
    /// cannot decode it, skips the whole group rather than 4 bytes.
    bracketed: bool,
}

/// The byte stream llvm-mc disassembles: every hex token of the byte lines, in order.
fn byte_stream(source: &str, byte_lines: &[usize]) -> Vec<StreamByte> {
    let wanted: rustc_hash::FxHashSet<usize> = byte_lines.iter().copied().collect();
    let mut stream = Vec::new();
    for (i, text) in source.lines().enumerate() {
        let line = i + 1;
        if !wanted.contains(&line) {
            continue;
        }
        let code = text.split(['#', ';']).next().unwrap_or_default();
        let code = code.split("//").next().unwrap_or_default();
        let bracketed = code.trim_start().starts_with('[');
        let mut column = 0;
        for token in code.split(|c: char| c == ',' || c == '[' || c == ']' || c.is_whitespace()) {
            if !token.is_empty() {
                stream.push(StreamByte {
                    line,
                    column: column + 1,
                    bracketed,
                });
            }
            column += token.len() + 1;
        }
    }
    stream
}

/// Whether llvm-mc's output answers a disassembly input: it prints each decoded instruction
/// indented, or warns about an input line. Output that does neither is no answer.
pub fn answers_byte_input(stdout: &str, stderr: &str) -> bool {
    stdout.lines().any(|l| l.starts_with('\t')) || stderr.contains("<stdin>:")
}

/// Where llvm-mc could not decode: (line, column) -> its message. Other warnings
/// ("potentially undefined instruction encoding") come with a decode and are not failures.
pub fn decode_failures(stderr: &str) -> HashMap<(usize, usize), String> {
    let mut failures = HashMap::new();
    for (l, c, msg) in stdin_diagnostics(stderr) {
        let Ok(c) = c.parse::<usize>() else {
            continue;
        };
        let message = msg
            .strip_prefix("warning:")
            .or_else(|| msg.strip_prefix("error:"))
            .unwrap_or(msg)
            .trim();
        if message.contains("invalid instruction encoding") {
            failures.insert((l, c), message.to_string());
        }
    }
    failures
}

/// Why the walk of the byte stream and llvm-mc's output disagree, naming the first line
/// that shows it, if they do: a failure llvm-mc reports at a byte the walk never stood on,
/// bytes left over when the printed instructions ran out, or printed instructions left over.
fn misalignment(
    stream: &[StreamByte],
    at: usize,
    printed_left: usize,
    failures: &HashMap<(usize, usize), String>,
    seen: &rustc_hash::FxHashSet<(usize, usize)>,
) -> Option<String> {
    let missed = failures.keys().filter(|k| !seen.contains(k)).min();
    if let Some((line, column)) = missed {
        return Some(format!(
            "llvm-mc reports line {line} column {column} undecodable, a byte its output \
             does not start an instruction at"
        ));
    }
    if let Some(b) = stream.get(at) {
        return Some(format!(
            "llvm-mc's output accounts for no instruction from line {}",
            b.line
        ));
    }
    (printed_left > 0).then(|| {
        let last = stream.last().map_or(0, |b| b.line);
        format!("llvm-mc printed {printed_left} more instructions than the lines up to {last} hold")
    })
}

/// How far the AMDGPU disassembler advances past bytes it cannot decode.
const INVALID_SKIP: usize = 4;

/// Maps llvm-mc's disassembly to the byte lines it came from.
///
/// The disassembler reads all byte lines as one stream. It names the line and column of
/// what it cannot decode (`<stdin>:L:C: warning: invalid instruction encoding`, then skips
/// 4 bytes), and prints what it decodes with its encoding but no position. Walking the
/// stream with both gives each decoded instruction the line it starts on; a line whose
/// first byte failed to decode gets the error, unless later bytes of it decoded. When the walk and the diagnostics disagree
/// (an encoding printed with another length than it consumed), no line gets an answer
/// rather than a shifted one.
///
/// llvm-mc prints its re-encoding, not the bytes it read, so a printed length only counts
/// where an instruction ends inside its line (two instructions on one line).
pub(super) fn parse_disassembly(
    stdout: &str,
    stderr: &str,
    source: &str,
    byte_lines: &[usize],
) -> LlvmRun {
    let mut run = LlvmRun::default();
    let failures = decode_failures(stderr);
    let decoded: Vec<(String, Vec<EncByte>)> = stdout
        .lines()
        .filter(|l| l.starts_with('\t') && !l.trim_start().starts_with('.'))
        .map(|l| match mcdiff_lit::parse_encoding(l) {
            Some((bytes, text)) => (text.unwrap_or_default(), bytes),
            None => (l.trim().to_string(), Vec::new()),
        })
        .collect();
    let printed = decoded.len();
    // Each printed instruction is taken once, in order, by the line it starts on.
    let mut decoded = decoded.into_iter();
    let stream = byte_stream(source, byte_lines);
    let mut per_line: rustc_hash::FxHashMap<usize, Vec<(String, Vec<EncByte>)>> =
        Default::default();
    let (mut at, mut next) = (0usize, 0usize);
    let mut seen = rustc_hash::FxHashSet::default();
    while at < stream.len() {
        let b = stream[at];
        if let Some(message) = failures.get(&(b.line, b.column)) {
            seen.insert((b.line, b.column));
            if stream
                .get(at.wrapping_sub(1))
                .is_none_or(|p| p.line != b.line)
            {
                run.answers.entry(b.line).or_insert(LlvmAnswer::Error {
                    column: Some(b.column as u32),
                    message: message.clone(),
                });
            }
            at += if b.bracketed {
                stream[at..].iter().take_while(|x| x.line == b.line).count()
            } else {
                INVALID_SKIP
            };
            continue;
        }
        let Some((text, bytes)) = decoded.next() else {
            break;
        };
        next += 1;
        let length = bytes.len();
        per_line.entry(b.line).or_default().push((text, bytes));
        // The printed encoding is llvm-mc's re-encoding, whose length may differ from what
        // it consumed (an inline constant printed as a literal); an instruction at least as
        // long as the rest of its line is taken to end with the line.
        let rest_of_line = stream[at..].iter().take_while(|x| x.line == b.line).count();
        at += if length >= rest_of_line {
            rest_of_line
        } else {
            length.max(1)
        };
    }
    if let Some(why) = misalignment(&stream, at, printed - next, &failures, &seen) {
        run.answers.clear();
        run.unaligned = Some(why);
        return run;
    }
    // A line whose first bytes failed but whose later bytes decoded shows what llvm-mc
    // printed for it, as the tests' checks do.
    for (line, found) in per_line {
        let text = found
            .iter()
            .map(|(t, _)| t.as_str())
            .collect::<Vec<_>>()
            .join(" ; ");
        let bytes = found.into_iter().flat_map(|(_, b)| b).collect();
        let skipped = match run.answers.remove(&line) {
            Some(LlvmAnswer::Error { message, .. }) => Some(message),
            _ => None,
        };
        run.answers.insert(
            line,
            LlvmAnswer::Decoded {
                text,
                bytes,
                skipped,
            },
        );
    }
    run
}
