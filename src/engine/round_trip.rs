//! Round-trip RUN lines (`llvm-mc -show-encoding %s | %extract-encodings | llvm-mc
//! -disassemble -show-encoding | FileCheck %s`), the form LLVM's tests took after 22: the
//! CHECK line shows what the disassembler prints for the assembler's bytes. Each line is
//! checked twice against that one CHECK line: as an assembler case (the group's own, its
//! bytes against the CHECK line's) and, here, as a disassembler case of those bytes (the
//! text the disassembler prints against the CHECK line's; our decoder against llvm-mc's).
//!
//! The bytes a line's disassembler case reads are llvm-mc's encoding of the line, as the
//! pipeline feeds them on; where llvm-mc did not run (a triple or processor it does not
//! know), the CHECK line's bytes, judged against the CHECK line's text.

use mcdiff_asm::decode::Disassembler;
use mcdiff_lit::{Case, CheckExpectation, RunLine, TestFile};

use super::disassembler::disassembly_results;
use super::{llvm_args_of, CaseResult, EngineConfig, GroupContext, OurSide};
use crate::bytes::{render, EncByte};
use crate::classify::{CheckDiff, LlvmVerdict};
use crate::llvm_mc::{LlvmAnswer, LlvmRun};

/// Adds the disassembler cases of a group's round-trip RUN lines to `results`, the group's
/// assembler cases. An assembler case whose bytes differ from the CHECK line's agrees with
/// it where the disassembler shows those bytes as the CHECK line's: FileCheck sees them
/// re-encoded (an inline constant the disassembler prints as a literal, an alias's bytes).
pub(super) fn add_results(
    config: &EngineConfig,
    cx: &GroupContext,
    side: std::result::Result<(&OurSide, &Disassembler), &str>,
    file: &TestFile,
    runs: &[&RunLine],
    results: &mut Vec<CaseResult>,
) {
    for run in runs {
        let Some(rt) = &run.round_trip else { continue };
        let cases = disassembler_cases(file, run, &cx.llvm);
        let args = llvm_args_of(&rt.llvm_mc_args);
        let llvm = match &cx.llvm {
            Ok(_) => {
                let lines: Vec<usize> = cases.iter().map(|c| c.line).collect();
                let source = byte_lines(&cases);
                (config.cache)
                    .disassemble(&config.llvm_mc, &args, &source, &lines)
                    .map_err(|e| super::fault_reason(&e).0)
            }
            // The assembler did not run: neither does the disassembler it feeds.
            Err(reason) => Err(reason.clone()),
        };
        let dis_cx = GroupContext {
            target: cx.target.clone(),
            path: cx.path.clone(),
            mattr: cx.mattr.clone(),
            command: config.llvm_mc.replay(&args).into(),
            status: cx.status,
            llvm,
        };
        if let Ok(shown) = &dis_cx.llvm {
            for case in results.iter_mut().filter(|c| c.run_index == run.index) {
                shown_as_checked(case, shown);
            }
        }
        results.extend(disassembly_results(&dis_cx, side, vec![(run, cases)]));
    }
}

/// An assembler case's bytes differ from the CHECK line's, which the disassembler's
/// answer for the line (`shown`) gives back: they satisfy the check.
fn shown_as_checked(case: &mut CaseResult, shown: &LlvmRun) {
    let CheckExpectation::Encoding(want) = &case.recorded else {
        return;
    };
    if case.verdict.llvm != LlvmVerdict::CheckDiffers(CheckDiff::Bytes) {
        return;
    }
    if let LlvmAnswer::Decoded { bytes, .. } = shown.answer(case.line) {
        if &bytes == want {
            case.verdict.llvm = LlvmVerdict::Agrees;
        }
    }
}

/// The run's lines as the disassembler reads them: one `[...]` group of bytes per line
/// (llvm-mc's encoding of it, else the CHECK line's where llvm-mc did not run), with
/// the line's checks. Lines without bytes (rejected, or with fixups) have no such case.
fn disassembler_cases(
    file: &TestFile,
    run: &RunLine,
    llvm: &std::result::Result<LlvmRun, String>,
) -> Vec<Case> {
    let mut seen = std::collections::HashMap::<String, usize>::new();
    let mut out = Vec::new();
    for case in file.cases(run) {
        let encoding = match (llvm, &case.expected) {
            (Ok(answers), _) => match answers.answer(case.line) {
                LlvmAnswer::Encoded { bytes, .. } => Some(bytes),
                _ => None,
            },
            (Err(_), CheckExpectation::Encoding(bytes)) => Some(bytes.clone()),
            (Err(_), _) => None,
        };
        let Some((encoding, bytes)) = encoding.and_then(|e| plain(&e).map(|b| (e, b))) else {
            continue;
        };
        // The group `%extract-encodings` passes on: `[0x01,0x02]`.
        let text = render(&encoding);
        let occurrence = seen.entry(text.clone()).or_insert(0);
        *occurrence += 1;
        out.push(Case {
            occurrence: *occurrence,
            text,
            bytes: Some(bytes),
            ..case
        });
    }
    out
}

/// The bytes, when none is a fixup.
fn plain(bytes: &[EncByte]) -> Option<Vec<u8>> {
    let plain: Option<Vec<u8>> = (bytes.iter())
        .map(|b| match b {
            EncByte::Byte(v) => Some(*v),
            EncByte::Fixup(_) => None,
        })
        .collect();
    plain.filter(|b| !b.is_empty())
}

/// The disassembler's input: each case's group on the case's own line, so llvm-mc's
/// answers name the source lines.
fn byte_lines(cases: &[Case]) -> String {
    let last = cases.iter().map(|c| c.line).max().unwrap_or(0);
    let mut lines = vec![String::new(); last];
    for case in cases {
        lines[case.line - 1] = case.text.clone();
    }
    let mut source = lines.join("\n");
    source.push('\n');
    source
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_sit_on_their_lines() {
        let case = |line: usize, text: &str| Case {
            occurrence: 1,
            run: 0,
            line,
            text: text.into(),
            bytes: None,
            expected: CheckExpectation::Unchecked,
            expected_asm: None,
            check_indices: Vec::new(),
        };
        let source = byte_lines(&[case(2, "[0x01]"), case(4, "[0x02]")]);
        assert_eq!(source, "\n[0x01]\n\n[0x02]\n");
        assert_eq!(plain(&[EncByte::Byte(1), EncByte::Fixup(b'A')]), None);
    }
}
