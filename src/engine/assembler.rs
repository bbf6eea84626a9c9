//! Assembler cases: our encoder and llvm-mc on each instruction line, judged on both axes.

use crate::bytes::EncByte;
use crate::classify::{judge_asm, OursAnswer, OursVerdict, Recorded};
use crate::coverage::{spec_instructions_of, SpecInstRef};
use crate::explain;
use crate::llvm_mc::LlvmAnswer;
use mcdiff_asm::AsmOutcome;
use mcdiff_lit::CheckExpectation;

use super::{results_for, CaseResult, GroupContext, OurSide};
use mcdiff_lit::RunLine;

pub(super) fn assembler_results(
    cx: &GroupContext,
    side: std::result::Result<&OurSide, &str>,
    all_cases: Vec<(&RunLine, Vec<mcdiff_lit::Case>)>,
) -> Vec<CaseResult> {
    let mut results = results_for(&all_cases);
    for (run, cases) in all_cases {
        for case in cases {
            let mut sema = None;
            let mut encoding = None;
            let llvm = cx.llvm_answer(case.line);
            let mut spec_insts = Vec::new();
            let ours = match side {
                Err(why) => cx.without_spec(why),
                Ok(side) => {
                    let outcome = side.assembler.assemble(&case.text);
                    spec_insts = line_spec_instructions(side, &outcome, &case.text, &llvm);
                    match outcome {
                        AsmOutcome::Encoded(enc) => {
                            let ts = side.ts;
                            sema = Some(side.semantics.check(
                                ts.arch,
                                side.wave64,
                                &ts.spec,
                                &enc.inst,
                            ));
                            encoding = enc.inst.form.encoding(&ts.spec);
                            OursAnswer::Encoded(encoded_bytes(&enc))
                        }
                        AsmOutcome::Rejected(e) => OursAnswer::Rejected(e.message),
                        AsmOutcome::Unsupported(reason) => OursAnswer::Unsupported(reason),
                    }
                }
            };
            // A round trip's CHECK text is what the disassembler prints (its own case):
            // the assembler's is its bytes.
            let text = case
                .expected_asm
                .as_deref()
                .filter(|_| run.round_trip.is_none());
            let recorded = Recorded {
                expectation: &case.expected,
                text,
                shows_encoding: run.show_encoding,
            };
            let verdict = judge_asm(&ours, &llvm, &recorded);
            // Against llvm-mc's bytes, or the CHECK line's where llvm-mc did not run.
            let reference = match (&llvm, &case.expected) {
                (LlvmAnswer::Encoded { bytes, .. }, _) => Some((bytes, "llvm-mc")),
                (LlvmAnswer::NotRun(_), CheckExpectation::Encoding(bytes)) => {
                    Some((bytes, "CHECK"))
                }
                _ => None,
            };
            let fields = match (&ours, reference, encoding) {
                (OursAnswer::Encoded(a), Some((b, name)), Some(e))
                    if verdict.ours == OursVerdict::OursDiffers =>
                {
                    let diff = explain::field_diff(e, a, b, name);
                    Some(if name == "CHECK" {
                        explain::names_only(&diff)
                    } else {
                        diff
                    })
                }
                _ => None,
            };
            let spec = side.ok().map(|s| &s.ts.spec);
            let error = match &ours {
                OursAnswer::Rejected(m) => Some(m.as_str()),
                _ => None,
            };
            let blame = explain::blame(&verdict, &case.text, error, spec);
            results.push(cx.result(
                run, case, ours, llvm, verdict, fields, blame, sema, None, spec_insts,
            ));
        }
    }
    results
}

/// The spec instructions an assembler line is: the one we encoded, else the one its
/// mnemonic (or that of llvm-mc's printed text) names.
fn line_spec_instructions(
    side: &OurSide,
    outcome: &AsmOutcome,
    text: &str,
    llvm: &LlvmAnswer,
) -> Vec<SpecInstRef> {
    let encoded = match outcome {
        AsmOutcome::Encoded(enc) => std::slice::from_ref(&enc.inst),
        _ => &[],
    };
    let printed = match llvm {
        LlvmAnswer::Encoded { text, .. } => Some(text.as_str()),
        _ => None,
    };
    let texts: Vec<&str> = std::iter::once(text).chain(printed).collect();
    spec_instructions_of(side.assembler, encoded, &texts)
}

/// Our bytes as llvm-mc shows them: fixup bytes lettered A, B, ... in order of appearance.
pub fn encoded_bytes(enc: &mcdiff_asm::Encoded) -> Vec<EncByte> {
    let mut bytes: Vec<EncByte> = enc.bytes.iter().map(|&b| EncByte::Byte(b)).collect();
    for (i, fixup) in enc.fixups.iter().enumerate() {
        let letter = b'A' + i as u8;
        for b in bytes.iter_mut().skip(fixup.offset).take(fixup.size) {
            *b = EncByte::Fixup(letter);
        }
    }
    bytes
}
