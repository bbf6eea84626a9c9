//! The three-way verdict for one case: ours, live llvm-mc, and the recorded CHECK line.
//!
//! This module only compares; it neither encodes nor runs anything.

use crate::bytes::EncByte;
use crate::llvm_mc::LlvmAnswer;
use mcdiff_lit::CheckExpectation;
use serde::Serialize;
use std::fmt;

/// What our side produced for a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OursAnswer {
    /// Assembler cases: our bytes.
    Encoded(Vec<EncByte>),
    /// Disassembler cases: our decoder's printed LLVM syntax.
    Decoded(String),
    /// We refuse the line (or, disassembling, no instruction has these bytes).
    Rejected(String),
    /// We cannot handle this line yet; the reason is short and stable.
    Unsupported(String),
    /// The target has no AMD spec.
    NoSpec,
}

/// Exactly one class per case.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(tag = "class", content = "reason", rename_all = "kebab-case")]
pub enum Class {
    /// Ours agrees with llvm-mc (same bytes, or both reject), and llvm-mc agrees with the CHECK line.
    Match,
    /// Both encode, to different bytes.
    OursDiffers,
    /// llvm-mc encodes, we reject.
    WeReject,
    /// llvm-mc rejects, we encode.
    WeAccept,
    /// Live llvm-mc disagrees with the recorded CHECK line (stale test or LLVM change).
    CheckDiffers,
    /// We can't handle the line yet.
    Unsupported(String),
    /// The target has no AMD spec (GFX6-GFX9 consumer parts).
    NoSpec,
}

impl Class {
    /// The stable column name used in summaries.
    pub fn column(&self) -> &'static str {
        match self {
            Class::Match => "match",
            Class::OursDiffers => "ours-differs",
            Class::WeReject => "we-reject",
            Class::WeAccept => "we-accept",
            Class::CheckDiffers => "check-differs",
            Class::Unsupported(_) => "unsupported",
            Class::NoSpec => "no-spec",
        }
    }

    /// A disagreement among ours, llvm-mc and the CHECK line (not `unsupported` or `no-spec`,
    /// which say a comparison was not made).
    pub fn is_divergence(&self) -> bool {
        matches!(
            self,
            Class::OursDiffers | Class::WeReject | Class::WeAccept | Class::CheckDiffers
        )
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Class::Unsupported(reason) => write!(f, "unsupported: {reason}"),
            other => f.write_str(other.column()),
        }
    }
}

/// Does live llvm-mc contradict what the test recorded?
fn llvm_contradicts_check(llvm: &LlvmAnswer, recorded: &CheckExpectation) -> bool {
    match (recorded, llvm) {
        (CheckExpectation::Encoding(want), LlvmAnswer::Encoded(got)) => want != got,
        (CheckExpectation::Encoding(_), _) => true,
        (CheckExpectation::Error(_), LlvmAnswer::Encoded(_)) => true,
        (CheckExpectation::NoEncoding, LlvmAnswer::Error { .. }) => true,
        _ => false,
    }
}

/// Classifies one case. Precedence: no-spec, check-differs (a fact about LLVM that holds
/// whatever we do), unsupported, then ours against llvm-mc.
pub fn classify(ours: &OursAnswer, llvm: &LlvmAnswer, recorded: &CheckExpectation) -> Class {
    if *ours == OursAnswer::NoSpec {
        return Class::NoSpec;
    }
    if llvm_contradicts_check(llvm, recorded) {
        return Class::CheckDiffers;
    }
    let llvm_rejects = !matches!(llvm, LlvmAnswer::Encoded(_));
    match ours {
        OursAnswer::NoSpec => unreachable!("handled above"),
        OursAnswer::Unsupported(reason) => Class::Unsupported(reason.clone()),
        OursAnswer::Decoded(_) => {
            Class::Unsupported("decoded text where bytes are compared".into())
        }
        OursAnswer::Encoded(bytes) => match llvm {
            LlvmAnswer::Encoded(theirs) if theirs == bytes => Class::Match,
            LlvmAnswer::Encoded(_) => Class::OursDiffers,
            _ => Class::WeAccept,
        },
        OursAnswer::Rejected(_) if llvm_rejects => Class::Match,
        OursAnswer::Rejected(_) => Class::WeReject,
    }
}

/// Instruction text compared as llvm-mc prints it, ignoring runs of white space.
pub fn normalize_asm(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The recorded text is usable for comparison when it holds no FileCheck pattern.
fn literal_check_text(text: Option<&str>) -> Option<String> {
    text.filter(|t| !t.contains("{{") && !t.contains("[["))
        .map(normalize_asm)
}

/// Classifies a disassembler case: ours (decode and print) against llvm-mc's disassembly,
/// and llvm-mc against the recorded CHECK text and encoding. Same precedence as [`classify`].
pub fn classify_disasm(
    ours: &OursAnswer,
    llvm: &LlvmAnswer,
    recorded: &CheckExpectation,
    recorded_text: Option<&str>,
) -> Class {
    if *ours == OursAnswer::NoSpec {
        return Class::NoSpec;
    }
    let check_differs = match (llvm, recorded) {
        (
            LlvmAnswer::Decoded {
                text,
                bytes,
                skipped,
            },
            rec,
        ) => match rec {
            // The check names the diagnostic for the line's first bytes.
            CheckExpectation::Error(_) => skipped.is_none(),
            _ => {
                let bytes_differ = matches!(rec, CheckExpectation::Encoding(want) if want != bytes);
                let text_differs = literal_check_text(recorded_text)
                    .is_some_and(|want| want != normalize_asm(text));
                bytes_differ || text_differs
            }
        },
        (
            LlvmAnswer::Error { .. },
            CheckExpectation::Encoding(_) | CheckExpectation::NoEncoding,
        ) => true,
        _ => false,
    };
    if check_differs {
        return Class::CheckDiffers;
    }
    match (ours, llvm) {
        (OursAnswer::NoSpec, _) => unreachable!("handled above"),
        (OursAnswer::Unsupported(r), _) => Class::Unsupported(r.clone()),
        (OursAnswer::Encoded(_), _) => {
            Class::Unsupported("bytes where decoded text is compared".into())
        }
        (_, LlvmAnswer::Nothing | LlvmAnswer::Encoded(_)) => {
            Class::Unsupported("llvm-mc disassembly not matched to this line".into())
        }
        (OursAnswer::Decoded(ours), LlvmAnswer::Decoded { text, .. }) => {
            if normalize_asm(ours) == normalize_asm(text) {
                Class::Match
            } else {
                Class::OursDiffers
            }
        }
        (OursAnswer::Decoded(_), LlvmAnswer::Error { .. }) => Class::WeAccept,
        (OursAnswer::Rejected(_), LlvmAnswer::Decoded { .. }) => Class::WeReject,
        (OursAnswer::Rejected(_), LlvmAnswer::Error { .. }) => Class::Match,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use EncByte::Byte;

    fn enc(b: &[u8]) -> Vec<EncByte> {
        b.iter().map(|&v| Byte(v)).collect()
    }

    #[test]
    fn disassembly_classes() {
        let llvm = LlvmAnswer::Decoded {
            text: "s_mov_b32 s0, s1".into(),
            bytes: enc(&[1, 0, 0x80, 0xbe]),
            skipped: None,
        };
        let rec = CheckExpectation::Encoding(enc(&[1, 0, 0x80, 0xbe]));
        let ours = OursAnswer::Decoded("s_mov_b32  s0,  s1".into());
        assert_eq!(
            classify_disasm(&ours, &llvm, &rec, Some("s_mov_b32 s0, s1")),
            Class::Match
        );
        assert_eq!(
            classify_disasm(
                &OursAnswer::Decoded("s_mov_b32 s0, s2".into()),
                &llvm,
                &rec,
                None
            ),
            Class::OursDiffers
        );
        assert_eq!(
            classify_disasm(&ours, &llvm, &rec, Some("s_mov_b32 s0, s9")),
            Class::CheckDiffers
        );
        assert_eq!(
            classify_disasm(&ours, &llvm, &rec, Some("s_mov_b32 {{.*}}")),
            Class::Match,
            "a FileCheck pattern is not compared as text"
        );
        let err = LlvmAnswer::Error {
            column: Some(1),
            message: "invalid instruction encoding".into(),
        };
        let rec_err = CheckExpectation::Error("invalid instruction encoding".into());
        assert_eq!(
            classify_disasm(&OursAnswer::Rejected("no".into()), &err, &rec_err, None),
            Class::Match
        );
        assert_eq!(
            classify_disasm(&ours, &err, &rec_err, None),
            Class::WeAccept
        );
        assert_eq!(
            classify_disasm(&OursAnswer::Rejected("no".into()), &llvm, &rec, None),
            Class::WeReject
        );
    }

    #[test]
    fn each_combination_gets_its_class() {
        let a = enc(&[1, 2]);
        let b = enc(&[1, 3]);
        let rec_a = CheckExpectation::Encoding(a.clone());
        let err = LlvmAnswer::Error {
            column: Some(1),
            message: "invalid instruction".into(),
        };
        let ours_a = OursAnswer::Encoded(a.clone());
        let ours_b = OursAnswer::Encoded(b.clone());
        let rejected = OursAnswer::Rejected("no".into());
        let llvm_a = LlvmAnswer::Encoded(a.clone());
        assert_eq!(classify(&ours_a, &llvm_a, &rec_a), Class::Match);
        assert_eq!(classify(&ours_b, &llvm_a, &rec_a), Class::OursDiffers);
        assert_eq!(classify(&rejected, &llvm_a, &rec_a), Class::WeReject);
        assert_eq!(
            classify(&ours_a, &err, &CheckExpectation::Unchecked),
            Class::WeAccept
        );
        assert_eq!(
            classify(&rejected, &err, &CheckExpectation::Error("x".into())),
            Class::Match
        );
        assert_eq!(
            classify(&ours_a, &LlvmAnswer::Encoded(b), &rec_a),
            Class::CheckDiffers
        );
        assert_eq!(
            classify(&OursAnswer::Unsupported("r".into()), &llvm_a, &rec_a),
            Class::Unsupported("r".into())
        );
        assert_eq!(
            classify(&OursAnswer::NoSpec, &err, &rec_a),
            Class::NoSpec,
            "no-spec wins over everything"
        );
    }
}
