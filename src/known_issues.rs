//! LLVM bugs already reported upstream (`known-issues/llvm-mc.json`), matched against what
//! a report shows of llvm-mc: fuzz findings, llvm-mc faults (crashes) and `llvm-lenient`
//! blames. Each is labelled `known: llvm/llvm-project#NNN (fixed in PR #MMM)` when an entry
//! matches it and its llvm-mc's release is one the entry was reproduced with, else `new`.
//! `tests/known_issues.rs` reproduces every entry with the live llvm-mc.

use crate::engine::CaseResult;
use crate::fuzz::report::Report as FuzzReport;
use crate::llvm_mc::LlvmAnswer;
use regex::Regex;
use serde::Deserialize;
use std::sync::OnceLock;

/// The catalogue, compiled in: a report always names the entries of its own build.
const CATALOGUE: &str = include_str!("../known-issues/llvm-mc.json");

#[derive(Debug, Deserialize)]
struct Catalogue {
    issues: Vec<KnownIssue>,
}

/// One upstream bug.
#[derive(Debug, Deserialize)]
pub struct KnownIssue {
    pub id: String,
    /// `llvm/llvm-project#NNN`: the issue (or, where there is none, the pull request).
    pub issue: String,
    /// The number of the pull request that fixed it on LLVM's main branch.
    pub fixed_in: Option<String>,
    /// The LLVM releases it was reproduced with here.
    pub affects: Vec<String>,
    pub summary: String,
    #[serde(rename = "match")]
    pub matcher: Matcher,
    pub reproduce: Reproducer,
}

/// What a report item must show to be this bug; every condition given must hold.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Matcher {
    /// `asm` or `disasm`.
    pub mode: Option<String>,
    /// The processors it shows on (none: any).
    #[serde(default)]
    pub mcpus: Vec<String>,
    /// A fault reason containing this (`crashed`): matches faults only.
    pub fault: Option<String>,
    /// A blame hint starting with this (`llvm-lenient`): matches findings only.
    pub blame: Option<String>,
    /// A regular expression llvm-mc's answer (printed text or message) must match.
    pub llvm_output: Option<String>,
    /// A regular expression the input (assembler text) must match.
    pub input: Option<String>,
    /// Tests on the input's little-endian dwords: all must hold...
    #[serde(default)]
    pub words: Vec<WordTest>,
    /// ...and one of these, if any is given.
    #[serde(default)]
    pub words_any: Vec<WordTest>,
    /// The input holds at most this many bytes.
    pub max_len: Option<usize>,
}

/// `dword[word] & mask == value`, both written in hex.
#[derive(Debug, Deserialize)]
pub struct WordTest {
    pub word: usize,
    pub mask: String,
    pub value: String,
}

/// The input that shows the bug, and what llvm-mc does with it.
#[derive(Debug, Deserialize)]
pub struct Reproducer {
    pub mcpu: String,
    pub mode: String,
    pub input: String,
    /// llvm-mc is killed by this signal.
    pub signal: Option<i32>,
    /// A regular expression llvm-mc's output (standard output, then error output) matches.
    pub output: Option<String>,
}

/// A report item, as matched against the catalogue.
#[derive(Debug, Clone, Copy, Default)]
pub struct Seen<'a> {
    /// `asm` or `disasm`.
    pub mode: &'a str,
    pub mcpu: &'a str,
    /// The llvm-mc release that answered (`22.1.8`).
    pub llvm_version: &'a str,
    /// Assembler text, or bytes as `0x01,0x02` (brackets and spaces allowed).
    pub input: &'a str,
    /// A fault's reason (`llvm-mc crashed (signal 11)`).
    pub fault: Option<&'a str>,
    /// A finding's blame hint.
    pub blame: Option<&'a str>,
    /// llvm-mc's answer to the input.
    pub llvm_output: Option<&'a str>,
}

/// The catalogue's entries.
pub fn catalogue() -> &'static [KnownIssue] {
    static PARSED: OnceLock<Vec<KnownIssue>> = OnceLock::new();
    PARSED.get_or_init(|| {
        let c: Catalogue = serde_json::from_str(CATALOGUE)
            .unwrap_or_else(|e| panic!("known-issues/llvm-mc.json: {e}"));
        c.issues
    })
}

/// The first entry that matches `seen` with its llvm-mc release among those affected.
pub fn find(seen: &Seen) -> Option<&'static KnownIssue> {
    (catalogue().iter())
        .find(|k| k.affects.iter().any(|v| v == seen.llvm_version) && k.matcher.matches(seen))
}

/// `known: llvm/llvm-project#NNN (fixed in PR #MMM)`, or `new`.
pub fn label(seen: &Seen) -> String {
    find(seen).map_or_else(|| "new".to_string(), KnownIssue::label)
}

/// The label of a run's case when it is what the catalogue is about (an llvm-mc crash left
/// it unchecked, or its blame is `llvm-lenient`); `None` for every other case.
pub fn label_case(c: &CaseResult, llvm_version: &str) -> Option<String> {
    let fault = match &c.llvm {
        LlvmAnswer::NotRun(reason) if reason.contains("crashed") => Some(reason.as_str()),
        _ => None,
    };
    let blame = (c.blame.as_deref()).filter(|b| b.starts_with("llvm-lenient"));
    if fault.is_none() && blame.is_none() {
        return None;
    }
    let llvm_output = match &c.llvm {
        LlvmAnswer::Encoded { text, .. } | LlvmAnswer::Decoded { text, .. } => Some(text.as_str()),
        LlvmAnswer::Error { message, .. } => Some(message.as_str()),
        LlvmAnswer::NotRun(_) => None,
    };
    // Byte lines: a disassembler test's, or a round trip's disassembler case (`[0x..]`).
    let disasm = c.file.contains("/Disassembler/") || c.text.starts_with('[');
    Some(label(&Seen {
        mode: if disasm { "disasm" } else { "asm" },
        mcpu: &c.target,
        llvm_version,
        input: &c.text,
        fault,
        blame,
        llvm_output,
    }))
}

/// Labels every example and every fault's culprit of a fuzz report.
pub fn label_fuzz(report: &mut FuzzReport) {
    let mut known = std::collections::BTreeMap::new();
    let seen = |input: &'static str| Seen {
        mode: report.mode,
        mcpu: &report.mcpu,
        llvm_version: &report.llvm_mc_version,
        input,
        ..Seen::default()
    };
    for rule in &report.rules {
        for e in &rule.examples {
            let item = Seen {
                input: &e.reproducer,
                blame: Some(rule.blame),
                llvm_output: Some(&e.llvm),
                ..seen("")
            };
            known.insert(e.reproducer.clone(), label(&item));
        }
    }
    for (reason, group) in &report.faults {
        for c in &group.culprits {
            let item = Seen {
                input: &c.input,
                fault: Some(reason),
                llvm_output: c.diagnostic.as_deref(),
                ..seen("")
            };
            known.insert(c.input.clone(), label(&item));
        }
    }
    report.known = known;
}

impl KnownIssue {
    pub fn label(&self) -> String {
        match &self.fixed_in {
            Some(pr) => format!("known: {} (fixed in PR #{pr})", self.issue),
            None => format!("known: {} (open)", self.issue),
        }
    }
}

impl Matcher {
    /// Whether `seen` is this bug, its release aside.
    pub fn matches(&self, seen: &Seen) -> bool {
        let regex = |pattern: &str, text: Option<&str>| {
            let re = Regex::new(pattern)
                .unwrap_or_else(|e| panic!("known-issues/llvm-mc.json: {pattern}: {e}"));
            text.is_some_and(|t| re.is_match(t))
        };
        let bytes = || parse_bytes(seen.input);
        self.mode.as_ref().is_none_or(|m| m == seen.mode)
            && (self.mcpus.is_empty() || self.mcpus.iter().any(|m| m == seen.mcpu))
            && (self.fault.as_ref()).is_none_or(|f| seen.fault.is_some_and(|s| s.contains(f)))
            && (self.blame.as_ref()).is_none_or(|b| seen.blame.is_some_and(|s| s.starts_with(b)))
            && (self.llvm_output.as_ref()).is_none_or(|p| regex(p, seen.llvm_output))
            && (self.input.as_ref()).is_none_or(|p| regex(p, Some(seen.input)))
            && (self.max_len).is_none_or(|n| bytes().is_some_and(|b| b.len() <= n))
            && (self.words.iter()).all(|t| t.holds(bytes().as_deref()))
            && (self.words_any.is_empty()
                || (self.words_any.iter()).any(|t| t.holds(bytes().as_deref())))
    }
}

impl WordTest {
    fn holds(&self, bytes: Option<&[u8]>) -> bool {
        let hex = |s: &str| u32::from_str_radix(s.trim_start_matches("0x"), 16).ok();
        let (Some(bytes), Some(mask), Some(value)) = (bytes, hex(&self.mask), hex(&self.value))
        else {
            return false;
        };
        let Some(word) = bytes.get(self.word * 4..self.word * 4 + 4) else {
            return false;
        };
        u32::from_le_bytes(word.try_into().expect("four bytes")) & mask == value
    }
}

/// The bytes of `0x01,0x02`, `[0x01,0x02]` or `0x01 0x02` (decimal numbers too).
fn parse_bytes(input: &str) -> Option<Vec<u8>> {
    let inner = input.trim().trim_start_matches('[').trim_end_matches(']');
    let bytes: Option<Vec<u8>> = (inner.split([',', ' ', '\t']))
        .filter(|w| !w.is_empty())
        .map(|w| match w.strip_prefix("0x") {
            Some(h) => u8::from_str_radix(h, 16).ok(),
            None => w.parse().ok(),
        })
        .collect();
    bytes.filter(|b| !b.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every entry's matcher takes its own reproducer, as a report would show it.
    #[test]
    fn each_entry_matches_its_reproducer() {
        for k in catalogue() {
            let r = &k.reproduce;
            let seen = Seen {
                mode: &r.mode,
                mcpu: &r.mcpu,
                llvm_version: &k.affects[0],
                input: &r.input,
                fault: r.signal.map(|_| "llvm-mc crashed (signal 11)"),
                blame: Some("llvm-lenient: literal"),
                llvm_output: r.output.as_deref().map(|_| example_output(k)),
            };
            assert_eq!(find(&seen).map(|f| &f.id), Some(&k.id), "{}", k.id);
            assert!(label(&seen).starts_with("known: llvm/llvm-project#"));
            let other_release = Seen {
                llvm_version: "18.1.8",
                ..seen
            };
            assert_eq!(
                label(&other_release),
                "new",
                "{}: not in its releases",
                k.id
            );
        }
    }

    /// What llvm-mc answers to an entry's reproducer (as tests/known_issues.rs checks).
    fn example_output(k: &KnownIssue) -> &'static str {
        match k.id.as_str() {
            "wide-non-vgpr-source" => "v_cvt_scalef32_sr_pk32_fp6_f32 v[0:5], s[0:15]/*Invalid register, operand has 'VReg_1024_Align2' register class*/, s0, s0",
            "mfma-invalid-operands-reencoded" => "v_mfma_f32_16x16x1f32 a[0:15], s0/*Invalid register, operand has 'AV_32' register class*/, 0/*Invalid immediate*/",
            _ => "",
        }
    }

    /// A fuzz report's fault culprits and examples get their labels, in its JSON and text.
    #[test]
    fn fuzz_reports_name_known_bugs() {
        use crate::fuzz::report::{Culprit, FaultGroup, Report};
        let culprit = |input: &str| Culprit {
            input: input.into(),
            replay: String::new(),
            diagnostic: None,
        };
        let mut report = Report {
            mcpu: "gfx900".into(),
            mode: "disasm",
            seed: 1,
            count: 2,
            shard: None,
            llvm_mc: "llvm-mc".into(),
            llvm_mc_version: "22.1.8".into(),
            corpus: "22.1.8".into(),
            seed_inputs: 0,
            totals: Default::default(),
            rules: Vec::new(),
            faults: [(
                "llvm-mc crashed (signal 11)".to_string(),
                FaultGroup {
                    inputs: 2,
                    culprit_inputs: 2,
                    culprits: vec![
                        culprit("0x00,0x00,0x03,0xd1,0xff,0x00,0x00,0x00"),
                        culprit("0x00,0x00,0x80,0xbf"),
                    ],
                },
            )]
            .into(),
            unsupported: Default::default(),
            known: Default::default(),
        };
        label_fuzz(&mut report);
        let text = crate::fuzz::report::text(&report, 3);
        assert!(
            text.contains("0x00,0x00,0x03,0xd1,0xff,0x00,0x00,0x00\n    replay: \n    llvm bug: known: llvm/llvm-project#170318 (open)\n"),
            "{text}"
        );
        assert!(text.contains("0x00,0x00,0x80,0xbf\n    replay: \n    llvm bug: new\n"));
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["known"]["0x00,0x00,0x80,0xbf"], "new");
    }

    #[test]
    fn labels_and_misses() {
        let crash = Seen {
            mode: "disasm",
            mcpu: "gfx900",
            llvm_version: "22.1.8",
            input: "[0x00,0x00,0x03,0xd1,0x00,0xfe,0x01,0x00]",
            fault: Some("llvm-mc crashed (signal 11)"),
            ..Seen::default()
        };
        assert_eq!(label(&crash), "known: llvm/llvm-project#170318 (open)");
        // No literal selector in any source: another crash.
        let other = Seen {
            input: "0x00,0x00,0x03,0xd1,0x00,0x02,0x01,0x00",
            ..crash
        };
        assert_eq!(label(&other), "new");
        let sdwa = Seen {
            mcpu: "gfx950",
            input: "0xf9 0x00 0x59 0x00 0x00 0x00 0x00 0xd7",
            ..crash
        };
        assert_eq!(
            label(&sdwa),
            "known: llvm/llvm-project#215006 (fixed in PR #215140)"
        );
        assert_eq!(
            label(&Seen {
                fault: None,
                ..sdwa
            }),
            "new",
            "a crash only"
        );
        assert_eq!(parse_bytes("1 2 0xff"), Some(vec![1, 2, 255]));
        assert_eq!(parse_bytes("s_nop 0"), None);
    }
}
