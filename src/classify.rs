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
    Encoded(Vec<EncByte>),
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

    pub fn is_divergence(&self) -> bool {
        !matches!(self, Class::Match)
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
        OursAnswer::Encoded(bytes) => match llvm {
            LlvmAnswer::Encoded(theirs) if theirs == bytes => Class::Match,
            LlvmAnswer::Encoded(_) => Class::OursDiffers,
            _ => Class::WeAccept,
        },
        OursAnswer::Rejected(_) if llvm_rejects => Class::Match,
        OursAnswer::Rejected(_) => Class::WeReject,
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
