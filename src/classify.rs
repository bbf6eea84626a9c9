//! Two verdicts per case, asked separately:
//!
//! - **llvm**: does the live llvm-mc agree with the CHECK lines the test ties to this line?
//!   Needs no spec, so it holds for every target.
//! - **ours**: does our encoder (or decoder) agree with the live llvm-mc, or, where llvm-mc
//!   did not run, with the CHECK line?
//!
//! This module only compares; it neither encodes nor runs anything.

use crate::bytes::EncByte;
use crate::checkmatch::CheckPattern;
use crate::llvm_mc::LlvmAnswer;
use crate::markers::invalid_marker;
use mcdiff_lit::CheckExpectation;
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

/// What a CHECK line and the live llvm-mc disagree about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CheckDiff {
    /// Both have bytes; they differ.
    Bytes,
    /// Both have instruction text; it differs.
    Text,
    /// llvm-mc accepts what the CHECK line expects to be rejected.
    Accepts,
    /// llvm-mc rejects what the CHECK line expects to be accepted.
    Rejects,
    /// Both reject (or warn), with another message.
    Message,
}

impl CheckDiff {
    pub fn name(self) -> &'static str {
        match self {
            CheckDiff::Bytes => "bytes",
            CheckDiff::Text => "text",
            CheckDiff::Accepts => "llvm-mc accepts",
            CheckDiff::Rejects => "llvm-mc rejects",
            CheckDiff::Message => "message",
        }
    }
}

/// Live llvm-mc against the recorded CHECK lines.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LlvmVerdict {
    Agrees,
    CheckDiffers(CheckDiff),
    /// No CHECK line of this RUN line's prefixes is tied to this source line.
    NoCheck,
    /// llvm-mc gave no usable answer for this line; the reason.
    NotRun(String),
    /// Disassembly: the encoding llvm-mc prints for the instruction it decoded is not the
    /// word it was given, so its decode does not say everything the word says (or this
    /// llvm-mc is not one to trust). Whatever the CHECK line says, this comes first.
    Reencodes,
}

impl LlvmVerdict {
    /// The stable column name used in tables.
    pub fn column(&self) -> &'static str {
        match self {
            LlvmVerdict::Agrees => "agrees",
            LlvmVerdict::CheckDiffers(_) => "check-differs",
            LlvmVerdict::NoCheck => "no-check",
            LlvmVerdict::NotRun(_) => "not-run",
            LlvmVerdict::Reencodes => "reencodes",
        }
    }

    /// A finding a maintainer must look at (not `agrees` or `no-check`).
    pub fn is_finding(&self) -> bool {
        matches!(
            self,
            LlvmVerdict::CheckDiffers(_) | LlvmVerdict::NotRun(_) | LlvmVerdict::Reencodes
        )
    }
}

impl fmt::Display for LlvmVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LlvmVerdict::CheckDiffers(what) => write!(f, "check-differs: {}", what.name()),
            LlvmVerdict::NotRun(reason) => write!(f, "not-run: {reason}"),
            other => f.write_str(other.column()),
        }
    }
}

/// Our encoder or decoder against the reference (live llvm-mc, else the CHECK line).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OursVerdict {
    Match,
    OursDiffers,
    WeReject,
    WeAccept,
    Unsupported(String),
    NoSpec,
}

impl OursVerdict {
    pub fn column(&self) -> &'static str {
        match self {
            OursVerdict::Match => "match",
            OursVerdict::OursDiffers => "ours-differs",
            OursVerdict::WeReject => "we-reject",
            OursVerdict::WeAccept => "we-accept",
            OursVerdict::Unsupported(_) => "unsupported",
            OursVerdict::NoSpec => "no-spec",
        }
    }

    /// Ours and the reference disagree (`unsupported` and `no-spec` say no comparison was made).
    pub fn is_divergence(&self) -> bool {
        matches!(
            self,
            OursVerdict::OursDiffers | OursVerdict::WeReject | OursVerdict::WeAccept
        )
    }
}

impl fmt::Display for OursVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OursVerdict::Unsupported(reason) => write!(f, "unsupported: {reason}"),
            other => f.write_str(other.column()),
        }
    }
}

/// For a case both sides reject: does our message say what llvm-mc's says?
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MessageAgreement {
    Same,
    Other,
}

impl MessageAgreement {
    pub fn column(self) -> &'static str {
        match self {
            MessageAgreement::Same => "same-message",
            MessageAgreement::Other => "other-message",
        }
    }
}

/// Both verdicts of one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub llvm: LlvmVerdict,
    pub ours: OursVerdict,
    /// `ours` was judged against the CHECK line because llvm-mc did not run.
    pub ours_vs_check: bool,
    /// Both-reject cases only.
    pub message: Option<MessageAgreement>,
}

impl Verdict {
    /// The `ours` verdict as reports print it (`we-reject (vs CHECK)` where llvm-mc did not run).
    pub fn ours_text(&self) -> String {
        if self.ours_vs_check {
            format!("{} (vs CHECK)", self.ours)
        } else {
            self.ours.to_string()
        }
    }

    /// Something a maintainer must look at on either axis.
    pub fn is_finding(&self) -> bool {
        self.llvm.is_finding() || self.ours.is_divergence()
    }
}

/// What the case's tied CHECK lines expect, with the printed text of the deciding check.
pub struct Recorded<'a> {
    pub expectation: &'a CheckExpectation,
    pub text: Option<&'a str>,
    /// The RUN line's own llvm-mc shows encodings, so its output lines end in them.
    pub shows_encoding: bool,
}

/// The reference our answer is compared with.
enum Reference<'a> {
    Bytes(&'a [EncByte]),
    Text(&'a str),
    Rejects(&'a str),
}

/// Assembler cases: both verdicts.
pub fn judge_asm(ours: &OursAnswer, llvm: &LlvmAnswer, recorded: &Recorded) -> Verdict {
    let llvm_verdict = llvm_vs_check_asm(llvm, recorded);
    judge(ours, llvm, recorded, llvm_verdict)
}

/// Disassembler cases: both verdicts; `word` is the line's bytes, which llvm-mc's printed
/// encoding must give back.
pub fn judge_disasm(
    ours: &OursAnswer,
    llvm: &LlvmAnswer,
    recorded: &Recorded,
    word: Option<&[u8]>,
) -> Verdict {
    let llvm_verdict = if llvm_reencodes(llvm, word) {
        LlvmVerdict::Reencodes
    } else {
        llvm_vs_check_disasm(llvm, recorded)
    };
    match llvm {
        // llvm-mc refused the target, not the word: our decode has nothing to be compared
        // with (its own round trip still checks it).
        LlvmAnswer::Error { message, .. }
            if has_no_disassembler(message) && !matches!(ours, OursAnswer::NoSpec) =>
        {
            Verdict {
                llvm: llvm_verdict,
                ours: OursVerdict::Unsupported(NO_DISASSEMBLER.into()),
                ours_vs_check: false,
                message: None,
            }
        }
        _ => judge(ours, llvm, recorded, llvm_verdict),
    }
}

/// The ours verdict's reason for a word of a target llvm-mc cannot disassemble (GFX6, GFX7).
pub const NO_DISASSEMBLER: &str = "no reference: llvm-mc has no disassembler for the target";

/// Whether llvm-mc's error says it has no disassembler for the target at all
/// (`LLVM ERROR: disassembly not yet supported for subtarget`).
fn has_no_disassembler(message: &str) -> bool {
    message.contains("disassembly not yet supported for subtarget")
}

/// llvm-mc decoded the whole word (no bytes skipped) and printed an encoding other than it.
pub fn llvm_reencodes(llvm: &LlvmAnswer, word: Option<&[u8]>) -> bool {
    let (
        LlvmAnswer::Decoded {
            bytes,
            skipped: None,
            ..
        },
        Some(word),
    ) = (llvm, word)
    else {
        return false;
    };
    !bytes
        .iter()
        .copied()
        .eq(word.iter().map(|&b| EncByte::Byte(b)))
}

fn judge(
    ours: &OursAnswer,
    llvm: &LlvmAnswer,
    recorded: &Recorded,
    llvm_verdict: LlvmVerdict,
) -> Verdict {
    let (reference, ours_vs_check) = match llvm {
        LlvmAnswer::Encoded { bytes, .. } => (Some(Reference::Bytes(bytes)), false),
        // A decode llvm-mc marks invalid is its refusal (crate::markers).
        LlvmAnswer::Decoded { text, .. } => match invalid_marker(text) {
            Some(marker) => (Some(Reference::Rejects(marker)), false),
            None => (Some(Reference::Text(text)), false),
        },
        LlvmAnswer::Error { message, .. } => (Some(Reference::Rejects(message)), false),
        LlvmAnswer::NotRun(_) => (check_reference(ours, recorded), true),
    };
    let (ours_verdict, message) = match (ours, reference) {
        (OursAnswer::NoSpec, _) => (OursVerdict::NoSpec, None),
        (OursAnswer::Unsupported(r), _) => (OursVerdict::Unsupported(r.clone()), None),
        (_, None) => (
            OursVerdict::Unsupported("no reference: llvm-mc did not run and no CHECK line".into()),
            None,
        ),
        (ours, Some(reference)) => compare(ours, reference),
    };
    Verdict {
        llvm: llvm_verdict,
        ours: ours_verdict,
        ours_vs_check,
        message,
    }
}

/// Where llvm-mc did not run, the CHECK line stands in for it (when it says enough).
fn check_reference<'a>(ours: &OursAnswer, recorded: &Recorded<'a>) -> Option<Reference<'a>> {
    match (recorded.expectation, ours) {
        (CheckExpectation::Encoding(bytes), OursAnswer::Encoded(_) | OursAnswer::Rejected(_)) => {
            Some(Reference::Bytes(bytes))
        }
        (CheckExpectation::Error(m), _) => Some(Reference::Rejects(m)),
        (_, OursAnswer::Decoded(_) | OursAnswer::Rejected(_)) => recorded
            .text
            .filter(|t| !CheckPattern::new(t).has_pattern())
            .map(Reference::Text),
        _ => None,
    }
}

fn compare(ours: &OursAnswer, reference: Reference) -> (OursVerdict, Option<MessageAgreement>) {
    // Our printer marks what LLVM syntax cannot write the same way: that is our refusal.
    let marked = match ours {
        OursAnswer::Decoded(t) => invalid_marker(t).map(|m| OursAnswer::Rejected(m.to_string())),
        _ => None,
    };
    let ours = marked.as_ref().unwrap_or(ours);
    let verdict = match (ours, &reference) {
        (OursAnswer::Encoded(b), Reference::Bytes(theirs)) if b == theirs => OursVerdict::Match,
        (OursAnswer::Decoded(t), Reference::Text(theirs))
            if normalize_asm(t) == normalize_asm(theirs) =>
        {
            OursVerdict::Match
        }
        (OursAnswer::Encoded(_) | OursAnswer::Decoded(_), Reference::Rejects(_)) => {
            OursVerdict::WeAccept
        }
        (OursAnswer::Encoded(_) | OursAnswer::Decoded(_), _) => OursVerdict::OursDiffers,
        (OursAnswer::Rejected(ours), Reference::Rejects(theirs)) => {
            return (OursVerdict::Match, Some(message_agreement(ours, theirs)));
        }
        (OursAnswer::Rejected(_), _) => OursVerdict::WeReject,
        (OursAnswer::Unsupported(_) | OursAnswer::NoSpec, _) => {
            unreachable!("judged before comparing")
        }
    };
    (verdict, None)
}

/// Same message when, case and punctuation aside, one contains the other.
fn message_agreement(ours: &str, theirs: &str) -> MessageAgreement {
    let norm = |s: &str| {
        s.chars()
            .filter(|c| c.is_alphanumeric() || c.is_whitespace())
            .collect::<String>()
            .to_lowercase()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (a, b) = (norm(ours), norm(theirs));
    if !a.is_empty() && !b.is_empty() && (a.contains(&b) || b.contains(&a)) {
        MessageAgreement::Same
    } else {
        MessageAgreement::Other
    }
}

/// Does the live llvm-mc's message satisfy the CHECK line's?
fn message_differs(check: &str, got: &str) -> bool {
    !CheckPattern::new(check).matches(got)
}

/// Does llvm-mc's output line (its printed text, then `; encoding: [...]` when it shows
/// bytes) satisfy the CHECK line's text, a FileCheck pattern that may hold part of the
/// encoding?
fn text_differs(recorded: &Recorded, text: &str, bytes: &[EncByte], comments: &str) -> bool {
    let mut line = text.to_string();
    if !bytes.is_empty() && recorded.shows_encoding {
        line.push_str(" ; encoding: ");
        line.push_str(&crate::bytes::render(bytes));
    }
    line.push_str(comments);
    let check = recorded.text;
    check.is_some_and(|want| !CheckPattern::new(want).matches(&line))
}

/// The checked bytes are the line's, or those of one instruction among several on the line.
fn bytes_differ(want: &[EncByte], got: &[EncByte]) -> bool {
    want != got && (want.is_empty() || !got.windows(want.len()).any(|w| w == want))
}

fn llvm_vs_check_asm(llvm: &LlvmAnswer, recorded: &Recorded) -> LlvmVerdict {
    use CheckExpectation as E;
    let diff = match (recorded.expectation, llvm) {
        (_, LlvmAnswer::NotRun(reason)) => return LlvmVerdict::NotRun(reason.clone()),
        (E::Unchecked, _) => return LlvmVerdict::NoCheck,
        (
            E::Encoding(want),
            LlvmAnswer::Encoded {
                bytes,
                text,
                comments,
                ..
            },
        ) => {
            if bytes_differ(want, bytes) {
                Some(CheckDiff::Bytes)
            } else {
                text_differs(recorded, text, bytes, comments).then_some(CheckDiff::Text)
            }
        }
        (
            E::NoEncoding,
            LlvmAnswer::Encoded {
                text,
                bytes,
                comments,
                ..
            },
        ) => text_differs(recorded, text, bytes, comments).then_some(CheckDiff::Text),
        // A text check that matches the diagnostic (output and errors both piped to FileCheck).
        (E::NoEncoding, LlvmAnswer::Error { message, .. })
            if recorded
                .text
                .is_some_and(|t| CheckPattern::new(t).matches(message)) =>
        {
            None
        }
        (E::Encoding(_) | E::NoEncoding, _) => Some(CheckDiff::Rejects),
        (E::Error(_), LlvmAnswer::Encoded { .. } | LlvmAnswer::Decoded { .. }) => {
            Some(CheckDiff::Accepts)
        }
        (E::Error(want), LlvmAnswer::Error { message, .. }) => {
            message_differs(want, message).then_some(CheckDiff::Message)
        }
        (E::Warning(want), LlvmAnswer::Encoded { warning, .. }) => match warning {
            Some(got) if !message_differs(want, got) => None,
            _ => Some(CheckDiff::Message),
        },
        (E::Warning(_), _) => Some(CheckDiff::Rejects),
    };
    diff.map_or(LlvmVerdict::Agrees, LlvmVerdict::CheckDiffers)
}

fn llvm_vs_check_disasm(llvm: &LlvmAnswer, recorded: &Recorded) -> LlvmVerdict {
    use CheckExpectation as E;
    let diff = match (llvm, recorded.expectation) {
        (LlvmAnswer::NotRun(reason), _) => return LlvmVerdict::NotRun(reason.clone()),
        (_, E::Unchecked) => return LlvmVerdict::NoCheck,
        (
            LlvmAnswer::Decoded {
                text,
                bytes,
                skipped,
            },
            rec,
        ) => match rec {
            // The check names the diagnostic for the line's first bytes.
            E::Error(want) => match skipped {
                None => Some(CheckDiff::Accepts),
                Some(got) => message_differs(want, got).then_some(CheckDiff::Message),
            },
            // Decoded with a warning ("potentially undefined"): the text and bytes are what
            // can be compared; llvm-mc's disassembler warnings are not kept per line.
            E::Encoding(want) if bytes_differ(want, bytes) => Some(CheckDiff::Bytes),
            _ => text_differs(recorded, text, bytes, "").then_some(CheckDiff::Text),
        },
        (LlvmAnswer::Error { message, .. }, E::Error(want)) => {
            message_differs(want, message).then_some(CheckDiff::Message)
        }
        (LlvmAnswer::Error { message, .. }, E::NoEncoding)
            if recorded
                .text
                .is_some_and(|t| CheckPattern::new(t).matches(message)) =>
        {
            None
        }
        (LlvmAnswer::Error { .. }, _) => Some(CheckDiff::Rejects),
        (LlvmAnswer::Encoded { .. }, _) => Some(CheckDiff::Text),
    };
    diff.map_or(LlvmVerdict::Agrees, LlvmVerdict::CheckDiffers)
}

/// Instruction text compared as llvm-mc prints it, ignoring runs of white space.
pub fn normalize_asm(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use EncByte::Byte;

    fn enc(b: &[u8]) -> Vec<EncByte> {
        b.iter().map(|&v| Byte(v)).collect()
    }

    fn encoded(b: &[u8], text: &str) -> LlvmAnswer {
        LlvmAnswer::Encoded {
            bytes: enc(b),
            text: text.into(),
            comments: String::new(),
            warning: None,
        }
    }

    fn rec<'a>(e: &'a CheckExpectation, text: Option<&'a str>) -> Recorded<'a> {
        Recorded {
            expectation: e,
            text,
            shows_encoding: true,
        }
    }

    fn err(message: &str) -> LlvmAnswer {
        LlvmAnswer::Error {
            column: Some(1),
            message: message.into(),
        }
    }

    #[test]
    fn the_two_axes_are_independent() {
        let want = CheckExpectation::Encoding(enc(&[1, 2]));
        let llvm = encoded(&[1, 3], "s_x s1");
        let v = judge_asm(&OursAnswer::Encoded(enc(&[1, 3])), &llvm, &rec(&want, None));
        assert_eq!(v.llvm, LlvmVerdict::CheckDiffers(CheckDiff::Bytes));
        assert_eq!(v.ours, OursVerdict::Match, "ours agrees with llvm-mc");
        let v = judge_asm(&OursAnswer::NoSpec, &llvm, &rec(&want, None));
        assert_eq!(
            v.llvm,
            LlvmVerdict::CheckDiffers(CheckDiff::Bytes),
            "an LLVM change shows on a target without a spec"
        );
        assert_eq!(v.ours, OursVerdict::NoSpec);
    }

    #[test]
    fn each_combination_gets_its_verdict() {
        let a = enc(&[1, 2]);
        let want = CheckExpectation::Encoding(a.clone());
        let llvm = encoded(&[1, 2], "s_x s1");
        let r = rec(&want, Some("s_x s1"));
        let ours = |o: OursAnswer| judge_asm(&o, &llvm, &r);
        assert_eq!(
            ours(OursAnswer::Encoded(a.clone())).ours,
            OursVerdict::Match
        );
        assert_eq!(
            ours(OursAnswer::Encoded(enc(&[1, 3]))).ours,
            OursVerdict::OursDiffers
        );
        assert_eq!(
            ours(OursAnswer::Rejected("x".into())).ours,
            OursVerdict::WeReject
        );
        assert_eq!(
            ours(OursAnswer::Encoded(a.clone())).llvm,
            LlvmVerdict::Agrees
        );
        let no_check = CheckExpectation::Unchecked;
        let v = judge_asm(
            &OursAnswer::Encoded(a.clone()),
            &err("invalid operand"),
            &rec(&no_check, None),
        );
        assert_eq!(
            (v.llvm, v.ours),
            (LlvmVerdict::NoCheck, OursVerdict::WeAccept)
        );
        let v = judge_asm(&OursAnswer::Encoded(a), &llvm, &rec(&want, Some("s_y s1")));
        assert_eq!(v.llvm, LlvmVerdict::CheckDiffers(CheckDiff::Text));
    }

    #[test]
    fn check_text_is_matched_against_the_whole_output_line() {
        let want = CheckExpectation::NoEncoding;
        let llvm = encoded(&[0, 0, 0x81, 0xbf], "s_endpgm");
        let partial = "s_endpgm ; encoding: [0x00,0x00,0x81";
        let v = judge_asm(&OursAnswer::NoSpec, &llvm, &rec(&want, Some(partial)));
        assert_eq!(
            v.llvm,
            LlvmVerdict::Agrees,
            "a check may hold part of the encoding"
        );
        let anchored = Recorded {
            expectation: &want,
            text: Some("s_endpgm{{$}}"),
            shows_encoding: false,
        };
        let v = judge_asm(&OursAnswer::NoSpec, &llvm, &anchored);
        assert_eq!(
            v.llvm,
            LlvmVerdict::Agrees,
            "no encoding where the RUN line shows none"
        );
    }

    #[test]
    fn both_reject_compares_messages_without_changing_the_verdict() {
        let want = CheckExpectation::Error("invalid operand for instruction".into());
        let llvm = err("invalid operand for instruction");
        let we_reject = |message: &str, llvm: &LlvmAnswer| {
            judge_asm(
                &OursAnswer::Rejected(message.into()),
                llvm,
                &rec(&want, None),
            )
        };
        let same = we_reject("Invalid operand for instruction", &llvm);
        assert_eq!(same.ours, OursVerdict::Match);
        assert_eq!(same.message, Some(MessageAgreement::Same));
        let other = we_reject("register out of range", &llvm);
        assert_eq!(other.ours, OursVerdict::Match);
        assert_eq!(other.message, Some(MessageAgreement::Other));
        let v = we_reject("x", &err("not a valid operand."));
        assert_eq!(v.llvm, LlvmVerdict::CheckDiffers(CheckDiff::Message));
    }

    #[test]
    fn a_warning_check_is_not_a_rejection() {
        let want = CheckExpectation::Warning("low 32-bits will be set to zero".into());
        let llvm = LlvmAnswer::Encoded {
            bytes: enc(&[1]),
            text: "v_x".into(),
            comments: String::new(),
            warning: Some("literal: Low 32-bits will be set to zero".into()),
        };
        let v = judge_asm(&OursAnswer::Encoded(enc(&[1])), &llvm, &rec(&want, None));
        assert_eq!(
            v.llvm,
            LlvmVerdict::CheckDiffers(CheckDiff::Message),
            "case matters"
        );
        let want = CheckExpectation::Warning("Low 32-bits will be set to zero".into());
        let v = judge_asm(&OursAnswer::Encoded(enc(&[1])), &llvm, &rec(&want, None));
        assert_eq!((v.llvm, v.ours), (LlvmVerdict::Agrees, OursVerdict::Match));
    }

    #[test]
    fn where_llvm_mc_did_not_run_ours_is_judged_against_the_check() {
        let want = CheckExpectation::Encoding(enc(&[1, 2]));
        let llvm = LlvmAnswer::NotRun("timeout".into());
        let v = judge_asm(&OursAnswer::Encoded(enc(&[1, 2])), &llvm, &rec(&want, None));
        assert_eq!(v.llvm, LlvmVerdict::NotRun("timeout".into()));
        assert_eq!(v.ours, OursVerdict::Match);
        assert!(v.ours_vs_check);
        assert_eq!(v.ours_text(), "match (vs CHECK)");
        let none = CheckExpectation::Unchecked;
        let v = judge_asm(&OursAnswer::Encoded(enc(&[1, 2])), &llvm, &rec(&none, None));
        assert!(matches!(v.ours, OursVerdict::Unsupported(ref r) if r.starts_with("no reference")));
    }

    /// llvm-mc's disassembly of [`WORD`], after `skipped` bytes it could not decode.
    fn mov_decoded(skipped: Option<&str>) -> LlvmAnswer {
        LlvmAnswer::Decoded {
            text: "s_mov_b32 s0, s1".into(),
            bytes: enc(&[1, 0, 0x80, 0xbe]),
            skipped: skipped.map(str::to_string),
        }
    }

    #[test]
    fn disassembly_verdicts() {
        let llvm = mov_decoded(None);
        let want = CheckExpectation::Encoding(enc(&[1, 0, 0x80, 0xbe]));
        let ours = OursAnswer::Decoded("s_mov_b32  s0,  s1".into());
        let v = judge_disasm(&ours, &llvm, &rec(&want, Some("s_mov_b32 s0, s1")), WORD);
        assert_eq!((v.llvm, v.ours), (LlvmVerdict::Agrees, OursVerdict::Match));
        let v = judge_disasm(&ours, &llvm, &rec(&want, Some("s_mov_b32 s0, s9")), WORD);
        assert_eq!(v.llvm, LlvmVerdict::CheckDiffers(CheckDiff::Text));
        let v = judge_disasm(&ours, &llvm, &rec(&want, Some("s_mov_b32 {{.*}}")), WORD);
        assert_eq!(v.llvm, LlvmVerdict::Agrees, "a FileCheck pattern matches");
        let bad = CheckExpectation::Error("invalid instruction encoding".into());
        let invalid = err("invalid instruction encoding");
        let v = judge_disasm(
            &OursAnswer::Rejected("no".into()),
            &invalid,
            &rec(&bad, None),
            WORD,
        );
        assert_eq!((v.llvm, v.ours), (LlvmVerdict::Agrees, OursVerdict::Match));
        let v = judge_disasm(&ours, &invalid, &rec(&bad, None), WORD);
        assert_eq!(v.ours, OursVerdict::WeAccept);
        let v = judge_disasm(
            &OursAnswer::Rejected("no".into()),
            &llvm,
            &rec(&want, None),
            WORD,
        );
        assert_eq!(v.ours, OursVerdict::WeReject);
    }

    /// The word each disassembly verdict above was given.
    const WORD: Option<&[u8]> = Some(&[1, 0, 0x80, 0xbe]);

    /// llvm-mc without a disassembler for the target (GFX6, GFX7) refuses every word: that
    /// is no verdict on the word, so neither our decode nor our refusal matches it.
    #[test]
    fn a_target_without_an_llvm_disassembler_has_no_reference() {
        let want = CheckExpectation::Error("disassembly not yet supported for subtarget".into());
        let llvm = err("LLVM ERROR: disassembly not yet supported for subtarget (llvm-mc stopped, as the RUN line expects)");
        for ours in [
            OursAnswer::Decoded("v_nop".into()),
            OursAnswer::Rejected("no".into()),
        ] {
            let v = judge_disasm(&ours, &llvm, &rec(&want, None), WORD);
            assert_eq!(v.llvm, LlvmVerdict::Agrees);
            assert_eq!(v.ours, OursVerdict::Unsupported(NO_DISASSEMBLER.into()));
        }
    }

    /// llvm-mc's printed encoding must be the word it decoded: another one is `reencodes`,
    /// whatever the CHECK line says, while our text is still judged against llvm-mc's.
    #[test]
    fn a_decode_printed_with_other_bytes_reencodes() {
        let llvm = mov_decoded(None);
        let want = CheckExpectation::Encoding(enc(&[1, 0, 0x80, 0xbe]));
        let ours = OursAnswer::Decoded("s_mov_b32 s0, s1".into());
        let word: &[u8] = &[1, 0, 0x80, 0xbf];
        let v = judge_disasm(&ours, &llvm, &rec(&want, None), Some(word));
        assert_eq!(
            (v.llvm, v.ours),
            (LlvmVerdict::Reencodes, OursVerdict::Match)
        );
        assert!(LlvmVerdict::Reencodes.is_finding());
        let skipped = mov_decoded(Some("invalid instruction encoding"));
        let v = judge_disasm(&ours, &skipped, &rec(&want, None), Some(word));
        assert_ne!(
            v.llvm,
            LlvmVerdict::Reencodes,
            "bytes were skipped: no word to compare"
        );
    }
}
