//! Disassembler cases: our decoder and llvm-mc on each byte line, judged on both axes, and
//! our round trip (decode, print, assemble).

use crate::classify::{judge_disasm, OursAnswer, OursVerdict, Recorded};
use crate::coverage::{spec_instructions_of, SpecInstRef};
use crate::disasm::{ExactDecoder, Piece};
use crate::explain;
use crate::llvm_mc::LlvmAnswer;
use mcdiff_asm::decode::Disassembler;

use super::{results_for, CaseResult, GroupContext, OurSide};
use mcdiff_lit::RunLine;

/// Our decoding of one byte line, as llvm-mc reads it: after bytes no instruction has,
/// 4 bytes are skipped and decoding goes on within the line. Where the line's first bytes
/// do not decode with us but llvm-mc decoded them (`llvm_decoded_first`), the line is our
/// rejection: what we decode after skipping is not the instruction llvm-mc read.
struct LineDecode {
    answer: OursAnswer,
    /// The instructions decoded, in order.
    insts: Vec<mcdiff_asm::Inst>,
    /// Our printed text of every instruction assembles back to exactly its bytes.
    roundtrip: Option<bool>,
}

impl LineDecode {
    fn not_decoded(answer: OursAnswer) -> LineDecode {
        LineDecode {
            answer,
            insts: Vec::new(),
            roundtrip: None,
        }
    }
}

fn decode_line(
    dec: ExactDecoder,
    bytes: &[u8],
    bracketed: bool,
    llvm_decoded_first: bool,
) -> LineDecode {
    let mut texts = Vec::new();
    let mut insts = Vec::new();
    let mut first_invalid = None;
    let mut roundtrip = true;
    for piece in crate::disasm::decode_bytes(dec, bytes, bracketed) {
        match piece {
            Piece::Inst {
                inst,
                text,
                reassembles,
                ..
            } => {
                roundtrip &= reassembles;
                texts.push(text);
                insts.push(*inst);
            }
            Piece::Invalid { at, message } => {
                if at == 0 && llvm_decoded_first {
                    // What follows the skipped bytes is not the instruction llvm-mc read.
                    return LineDecode::not_decoded(OursAnswer::Rejected(message));
                }
                if at == 0 {
                    first_invalid = Some(message);
                }
            }
            Piece::Unsupported { reason, .. } => {
                return LineDecode::not_decoded(OursAnswer::Unsupported(reason));
            }
        }
    }
    if texts.is_empty() {
        let message = first_invalid.unwrap_or_else(|| "no bytes".into());
        return LineDecode::not_decoded(OursAnswer::Rejected(message));
    }
    LineDecode {
        answer: OursAnswer::Decoded(texts.join(" ; ")),
        insts,
        roundtrip: Some(roundtrip),
    }
}

/// The spec instructions a byte line is: those we decoded, else the one the mnemonic of
/// llvm-mc's printed text (or the CHECK line's) names.
fn line_spec_instructions(
    side: &OurSide,
    decoded: Option<&LineDecode>,
    llvm: &LlvmAnswer,
    case: &mcdiff_lit::Case,
) -> Vec<SpecInstRef> {
    let ours = decoded.map_or(&[][..], |d| d.insts.as_slice());
    let printed = match llvm {
        LlvmAnswer::Decoded { text, .. } => Some(text.as_str()),
        _ => None,
    };
    let texts: Vec<&str> = printed
        .into_iter()
        .chain(case.expected_asm.as_deref())
        .collect();
    spec_instructions_of(side.assembler, ours, &texts)
}

/// Disassembler cases: our decoder against llvm-mc's disassembly and the CHECK text.
pub(super) fn disassembly_results(
    cx: &GroupContext,
    side: std::result::Result<(&OurSide, &Disassembler), &str>,
    all_cases: Vec<(&RunLine, Vec<mcdiff_lit::Case>)>,
) -> Vec<CaseResult> {
    let mut results = results_for(&all_cases);
    for (run, cases) in all_cases {
        for case in cases {
            let llvm = cx.llvm_answer(case.line);
            let llvm_decoded_first =
                matches!(&llvm, LlvmAnswer::Decoded { skipped, .. } if skipped.is_none());
            let decoded = match (side, &case.bytes) {
                (Ok((side, dis)), Some(bytes)) => {
                    let bracketed = case.text.trim_start().starts_with('[');
                    let dec = ExactDecoder {
                        dis,
                        asm: side.assembler,
                    };
                    Some(decode_line(dec, bytes, bracketed, llvm_decoded_first))
                }
                _ => None,
            };
            let ours = match (side, &decoded) {
                (Err(why), _) => cx.without_spec(why),
                (_, Some(d)) => d.answer.clone(),
                (_, None) => OursAnswer::Unsupported("no bytes on the line".into()),
            };
            let sema = match (side, decoded.as_ref().and_then(|d| d.insts.first())) {
                (Ok((side, _)), Some(inst)) => {
                    Some(
                        side.semantics
                            .check(side.ts.arch, side.wave64, &side.ts.spec, inst),
                    )
                }
                _ => None,
            };
            let recorded = Recorded {
                expectation: &case.expected,
                text: case.expected_asm.as_deref(),
                shows_encoding: run.show_encoding,
            };
            let verdict = judge_disasm(&ours, &llvm, &recorded, case.bytes.as_deref());
            // Against llvm-mc's text, or the CHECK line's where llvm-mc did not run.
            let reference = match &llvm {
                LlvmAnswer::Decoded { text, .. } => Some((text.as_str(), "llvm-mc")),
                LlvmAnswer::NotRun(_) => case
                    .expected_asm
                    .as_deref()
                    .map(|t| (t.split(" ;").next().unwrap_or(t), "CHECK")),
                _ => None,
            };
            let fields = match (&ours, reference) {
                (OursAnswer::Decoded(a), Some((b, name)))
                    if verdict.ours == OursVerdict::OursDiffers =>
                {
                    let diff = explain::text_diff(a, b, name);
                    Some(if name == "CHECK" {
                        explain::names_only(&diff)
                    } else {
                        diff
                    })
                }
                _ => None,
            };
            let error = match &ours {
                OursAnswer::Rejected(m) => Some(m.as_str()),
                _ => None,
            };
            let spec = side.ok().map(|(s, _)| &s.ts.spec);
            let blame = explain::blame(&verdict, &case.text, error, spec);
            let spec_insts = match side {
                Ok((side, _)) => line_spec_instructions(side, decoded.as_ref(), &llvm, &case),
                Err(_) => Vec::new(),
            };
            let roundtrip = decoded.and_then(|d| d.roundtrip);
            results.push(cx.result(
                run, case, ours, llvm, verdict, fields, blame, sema, roundtrip, spec_insts,
            ));
        }
    }
    results
}
