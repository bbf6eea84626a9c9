//! The LLVM upgrade gate: every case whose llvm-mc answer changed between two llvm-mc
//! releases, what kind of change it is, whether a CHECK line of the test sees it, and which
//! side our encoder/decoder agrees with.
//!
//! Both sides run through the same engine (so the cache makes the old side free on re-runs);
//! this module only pairs the cases and compares their answers.

use crate::markers::invalid_marker;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

use anyhow::Result;
use serde::Serialize;

use crate::classify::{normalize_asm, LlvmVerdict, OursAnswer};
use crate::engine::{self, CaseKey, CaseResult, EngineConfig, Report};
use crate::explain;
use crate::junit;
use crate::llvm_mc::LlvmAnswer;
use crate::report::llvm_text;
use crate::selection::{Selection, Shard};

/// One changed answer.
#[derive(Debug, Clone, Serialize)]
pub struct Change {
    pub file: String,
    pub run_line: usize,
    pub line: usize,
    pub mcpu: String,
    pub mattr: Vec<String>,
    pub text: String,
    pub kind: &'static str,
    pub old: String,
    pub new: String,
    /// A CHECK line of the test fails now that did not before.
    pub seen_by_check: bool,
    /// Which side our encoder/decoder agrees with: `old`, `new`, `both`, `neither`, or
    /// `no-verdict: <reason>`.
    pub ours: String,
    /// Text changes: the change with register numbers and values abstracted
    /// (`vN -> vN.l`), so a reviewer approves a pattern once.
    pub shape: Option<String>,
    /// A shell command reproducing the new llvm-mc's answer (for SARIF and annotations;
    /// not in the JSON, which shards merge).
    #[serde(skip)]
    pub replay: String,
}

impl Change {
    /// The line a baseline keeps for this change: where, what kind, and the input line
    /// (never the answers, which hold expected bytes).
    pub fn baseline_line(&self) -> String {
        baseline_line(self.kind, &self.file, self.line, self.run_line, &self.mcpu)
    }
}

/// The `-mattr` list as it follows the `-mcpu` in a report line: empty, or a space and the
/// comma-joined features.
pub fn mattr_suffix(mattr: &[String]) -> String {
    if mattr.is_empty() {
        String::new()
    } else {
        format!(" {}", mattr.join(","))
    }
}

/// The key a baseline keeps for a change: its kind and where it is (file, source line, RUN
/// line, target). The RUN line fixes the flags and the source line the input, so neither
/// is repeated; the answers (which hold expected bytes) never are. [`Change::baseline_line`]
/// and [`crate::nightly::GateChange::baseline_line`] both write it here.
pub fn baseline_line(kind: &str, file: &str, line: usize, run_line: usize, mcpu: &str) -> String {
    format!("{kind} {file}:{line} run@{run_line} {mcpu}")
}

/// The gate's findings for one corpus.
#[derive(Debug, Serialize)]
pub struct GateReport {
    pub corpus_version: String,
    pub old_version: String,
    pub new_version: String,
    /// The shard of the files this report covers; absent when it covers every file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    pub selection: Selection,
    /// Cases compared (present under both llvm-mc).
    pub cases: usize,
    /// Cases not compared: llvm-mc's answer could not be mapped to the line on one side.
    pub not_compared: usize,
    /// RUN lines whose llvm-mc faulted (crash, timeout, no output) on either side.
    pub faults: Vec<String>,
    pub changes: Vec<Change>,
}

/// Runs the corpus under both llvm-mc and pairs the cases. Of the old run only what the
/// pairing reads is kept while the new one runs: the two runs' whole cases together were
/// the gate's peak memory.
pub fn run(old: &EngineConfig, new: &EngineConfig) -> Result<GateReport> {
    // Every case is paired, so every case is kept.
    let old_side = OldSide::of(engine::run(old, &|_, _| {}, &|_| true)?);
    let new_report = engine::run(new, &|_, _| {}, &|_| true)?;
    Ok(compare(&old_side, &new_report))
}

/// The old release's run as the pairing reads it.
struct OldSide {
    llvm_mc_version: String,
    faults: Vec<String>,
    cases: HashMap<CaseKey, OldCase>,
}

/// What the pairing reads of an old-release case.
struct OldCase {
    llvm: LlvmAnswer,
    check_differs: bool,
    ours: OursAnswer,
}

impl OldSide {
    fn of(report: Report) -> OldSide {
        let faults = faults(&report).collect();
        let cases = report
            .cases
            .into_iter()
            .map(|c| {
                // The parts of [`CaseResult::key`], moved rather than copied.
                let key: CaseKey = (c.file, c.run_index, c.text, c.occurrence);
                let case = OldCase {
                    check_differs: matches!(c.verdict.llvm, LlvmVerdict::CheckDiffers(_)),
                    llvm: c.llvm,
                    ours: c.ours,
                };
                (key, case)
            })
            .collect();
        OldSide {
            llvm_mc_version: report.llvm_mc_version,
            faults,
            cases,
        }
    }
}

/// Pairs the cases of the two runs of one corpus by [`CaseResult::key`].
fn compare(old: &OldSide, new: &Report) -> GateReport {
    let mut report = GateReport {
        corpus_version: new.corpus_version.clone(),
        old_version: old.llvm_mc_version.clone(),
        new_version: new.llvm_mc_version.clone(),
        shard: new.selection.shard,
        selection: new.selection.clone(),
        cases: 0,
        not_compared: 0,
        faults: old.faults.iter().cloned().chain(faults(new)).collect(),
        changes: Vec::new(),
    };
    for n in &new.cases {
        let Some(o) = old.cases.get(&n.key()) else {
            continue;
        };
        report.cases += 1;
        match change_kind(&o.llvm, &n.llvm) {
            Kind::Same => {}
            Kind::NotCompared => report.not_compared += 1,
            Kind::Changed(kind) => report.changes.push(change(o, n, kind)),
        }
    }
    report.changes.sort_by_key(Change::baseline_line);
    // Sorted, as merged shards sort theirs: one order however the files were split.
    report.faults.sort();
    report
}

/// RUN lines whose llvm-mc gave no usable answer for a reason other than a processor (or
/// triple) it does not know.
fn faults(report: &Report) -> impl Iterator<Item = String> + '_ {
    report
        .failed_runs
        .iter()
        .filter(|f| !engine::refused::is_refusal(&f.reason))
        .map(move |f| {
            format!(
                "llvm-mc {}: {}:{}: {}",
                report.llvm_mc_version, f.file, f.line, f.reason
            )
        })
}

enum Kind {
    Same,
    NotCompared,
    Changed(&'static str),
}

fn change_kind(old: &LlvmAnswer, new: &LlvmAnswer) -> Kind {
    use LlvmAnswer as A;
    let kind = match (old, new) {
        (A::NotRun(o), A::NotRun(n))
            if o == n || (engine::refused::is_refusal(o) && engine::refused::is_refusal(n)) =>
        {
            return Kind::Same
        }
        (A::NotRun(r), _) | (_, A::NotRun(r)) if !engine::refused::is_refusal(r) => {
            return Kind::NotCompared
        }
        (A::NotRun(_), _) => "cpu-added",
        (_, A::NotRun(_)) => "cpu-removed",
        (A::Encoded { .. }, A::Error { .. }) => "new-error",
        (A::Error { .. }, A::Encoded { .. }) => "newly-accepted",
        (A::Decoded { .. }, A::Error { .. }) => "new-invalid",
        (A::Error { .. }, A::Decoded { .. }) => "newly-decoded",
        // A decode marked invalid is llvm-mc's refusal (crate::markers).
        (A::Decoded { text: ot, .. }, A::Decoded { text: nt, .. })
            if invalid_marker(ot).is_some() != invalid_marker(nt).is_some() =>
        {
            if invalid_marker(nt).is_some() {
                "new-invalid"
            } else {
                "newly-decoded"
            }
        }
        (
            A::Encoded {
                bytes: ob,
                text: ot,
                ..
            },
            A::Encoded {
                bytes: nb,
                text: nt,
                ..
            },
        )
        | (
            A::Decoded {
                bytes: ob,
                text: ot,
                ..
            },
            A::Decoded {
                bytes: nb,
                text: nt,
                ..
            },
        ) => match (ob != nb, normalize_asm(ot) != normalize_asm(nt)) {
            (false, false) => return Kind::Same,
            (true, false) => "bytes",
            (false, true) => "text",
            // Disassembly: the encoding shown for a changed text is no change of its own.
            (true, true) if matches!(new, A::Decoded { .. }) => "text",
            (true, true) => "bytes+text",
        },
        _ => return Kind::Same, // both reject: the gate follows accept/reject, bytes and text
    };
    Kind::Changed(kind)
}

fn change(o: &OldCase, n: &CaseResult, kind: &'static str) -> Change {
    let seen_by_check = matches!(n.verdict.llvm, LlvmVerdict::CheckDiffers(_)) && !o.check_differs;
    let shape = match (&o.llvm, &n.llvm) {
        (
            LlvmAnswer::Encoded { text: a, .. } | LlvmAnswer::Decoded { text: a, .. },
            LlvmAnswer::Encoded { text: b, .. } | LlvmAnswer::Decoded { text: b, .. },
        ) if kind.contains("text") => Some(text_shape(a, b)),
        _ => None,
    };
    Change {
        file: n.file.to_string(),
        run_line: n.run_line,
        line: n.line,
        mcpu: n.target.to_string(),
        mattr: n.mattr.to_vec(),
        text: n.text.clone(),
        kind,
        old: llvm_text(&o.llvm),
        new: llvm_text(&n.llvm),
        seen_by_check,
        ours: ours_side(o, n, kind),
        shape,
        replay: n.replay(),
    }
}

/// Which release our side agrees with. Our syntax follows the llvm-mc it is compared with,
/// so for a text change each side's run is compared with its own release.
fn ours_side(o: &OldCase, n: &CaseResult, kind: &str) -> String {
    match &n.ours {
        OursAnswer::NoSpec => return "no-verdict: no-spec".into(),
        OursAnswer::Unsupported(r) => return format!("no-verdict: unsupported: {r}"),
        _ => {}
    }
    let agrees = |ours: &OursAnswer, llvm: &LlvmAnswer| match (ours, llvm) {
        (OursAnswer::Encoded(a), LlvmAnswer::Encoded { bytes, .. }) => a == bytes,
        (OursAnswer::Decoded(a), LlvmAnswer::Decoded { text, .. }) => {
            normalize_asm(a) == normalize_asm(text)
        }
        (OursAnswer::Rejected(_), LlvmAnswer::Error { .. }) => true,
        _ => false,
    };
    let text_only = kind == "text" && matches!(n.ours, OursAnswer::Decoded(_));
    let (with_old, with_new) = if text_only {
        (agrees(&o.ours, &o.llvm), agrees(&n.ours, &n.llvm))
    } else {
        (agrees(&n.ours, &o.llvm), agrees(&n.ours, &n.llvm))
    };
    match (with_old, with_new) {
        (true, true) if text_only => "both (our printer follows each release)".into(),
        (true, true) => "both".into(),
        (true, false) => "old".into(),
        (false, true) => "new".into(),
        (false, false) => "neither".into(),
    }
}

/// A text change with numbers abstracted: the differing operands, `old -> new`.
fn text_shape(old: &str, new: &str) -> String {
    let abstracted = |s: &str| {
        let mut out = String::new();
        let mut in_number = false;
        for c in s.chars() {
            if c.is_ascii_digit() || (in_number && c.is_ascii_hexdigit()) {
                if !in_number {
                    out.push('N');
                }
                in_number = true;
            } else {
                in_number = false;
                out.push(c);
            }
        }
        out
    };
    // text_diff names its first side "ours": here the new release's text.
    let diff = explain::text_diff(&abstracted(new), &abstracted(old), "old").replace("ours", "new");
    if diff.is_empty() {
        "white space".into()
    } else {
        diff
    }
}

/// The baseline: the reviewed changes' keys (see [`baseline_line`]), read from the lines
/// [`baseline_text`] writes (an insta snapshot: its header is skipped).
pub fn read_baseline(text: &str) -> BTreeSet<String> {
    let body = match text.strip_prefix("---") {
        Some(rest) => rest.split_once("\n---\n").map_or("", |(_, b)| b),
        None => text,
    };
    let mut keys = BTreeSet::new();
    for group in body.lines().filter(|l| !l.trim().is_empty()) {
        let (head, lines) = group.split_once(": ").unwrap_or((group, ""));
        let words: Vec<&str> = head.split_whitespace().collect();
        let [kind, file, run, mcpu] = words[..] else {
            keys.insert(group.to_string()); // never matches a change: reported as gone
            continue;
        };
        for line in lines.split(',').map(str::trim).filter(|l| !l.is_empty()) {
            keys.insert(format!("{kind} {file}:{line} {run} {mcpu}"));
        }
    }
    keys
}

/// The baseline text of a report: a line per kind, file, RUN line and target, listing the
/// changed source lines (`text MC/x.txt run@3 gfx1100: 12,15,18`), sorted.
pub fn baseline_text(report: &GateReport) -> String {
    let mut groups: BTreeMap<(&str, &str, usize, &str), Vec<usize>> = BTreeMap::new();
    for c in &report.changes {
        groups
            .entry((c.kind, &c.file, c.run_line, &c.mcpu))
            .or_default()
            .push(c.line);
    }
    let mut out = String::new();
    for ((kind, file, run_line, mcpu), mut lines) in groups {
        lines.sort_unstable();
        let lines: Vec<String> = lines.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            out,
            "{kind} {file} run@{run_line} {mcpu}: {}",
            lines.join(",")
        );
    }
    out
}

/// Changes not in the baseline, and baseline lines of the files the report covers (its
/// `--file` selection and shard) that no change matches.
pub fn unreviewed<'a>(
    report: &'a GateReport,
    baseline: &BTreeSet<String>,
) -> (Vec<&'a Change>, Vec<String>) {
    let seen: BTreeSet<String> = report.changes.iter().map(Change::baseline_line).collect();
    let new = report
        .changes
        .iter()
        .filter(|c| !baseline.contains(&c.baseline_line()))
        .collect();
    let gone = baseline
        .difference(&seen)
        .filter(|key| report.selection.covers_file(baseline_file(key)))
        .cloned()
        .collect();
    (new, gone)
}

/// The test file of a baseline key (`kind file:line run@N mcpu`, see [`baseline_line`]).
fn baseline_file(key: &str) -> &str {
    let place = key.split_whitespace().nth(1).unwrap_or_default();
    place.rsplit_once(':').map_or(place, |(file, _)| file)
}

/// Counts by a key, most frequent first.
fn count_by<'a>(
    changes: impl Iterator<Item = &'a Change>,
    key: impl Fn(&Change) -> String,
) -> Vec<(String, usize)> {
    let mut by: BTreeMap<String, usize> = BTreeMap::new();
    for c in changes {
        *by.entry(key(c)).or_insert(0) += 1;
    }
    let mut v: Vec<_> = by.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

/// A grouping of changes.
type ChangeKey = fn(&Change) -> String;

/// The grouped summary: by kind (with examples), by target, by file, by text shape.
pub fn summary(report: &GateReport, examples: usize) -> String {
    let shard = match report.shard {
        Some(shard) => format!(" (shard {shard})"),
        None => String::new(),
    };
    let mut out = format!(
        "LLVM {} tests{shard}: llvm-mc {} -> {}: {} cases compared, {} changed, {} not compared \
         (llvm-mc's answer not mapped to the line)\n",
        report.corpus_version,
        report.old_version,
        report.new_version,
        report.cases,
        report.changes.len(),
        report.not_compared
    );
    let seen = report.changes.iter().filter(|c| c.seen_by_check).count();
    let _ = writeln!(out, "seen by a CHECK line of the test: {seen}");
    out.push_str("by kind:\n");
    for (kind, n) in count_by(report.changes.iter(), |c| c.kind.to_string()) {
        let _ = writeln!(out, "  {n:>7}  {kind}");
        let of_kind = report.changes.iter().filter(|c| c.kind == kind);
        for (ours, n) in count_by(of_kind.clone(), |c| c.ours.clone()).iter().take(4) {
            let _ = writeln!(out, "             ours {ours}: {n}");
        }
        for c in of_kind.take(examples) {
            let _ = writeln!(
                out,
                "           {}:{} {}: {}",
                c.file, c.line, c.mcpu, c.text
            );
            let _ = writeln!(out, "             old: {}", c.old);
            let _ = writeln!(out, "             new: {}", c.new);
        }
    }
    let sections: [(&str, ChangeKey); 3] = [
        ("by target", |c| c.mcpu.clone()),
        ("by file", |c| c.file.clone()),
        ("text changes by shape", |c| {
            c.shape.clone().unwrap_or_default()
        }),
    ];
    for (title, key) in sections {
        let rows = count_by(report.changes.iter(), key);
        let rows: Vec<_> = rows.into_iter().filter(|(k, _)| !k.is_empty()).collect();
        let _ = writeln!(out, "{title} ({} groups):", rows.len());
        for (k, n) in rows.iter().take(examples.max(10)) {
            let _ = writeln!(out, "  {n:>7}  {k}");
        }
    }
    out
}

/// JUnit: one suite, a test case per file with changes; unreviewed changes fail it.
pub fn junit(report: &GateReport, baseline: Option<&BTreeSet<String>>) -> String {
    let mut by_file: BTreeMap<&str, Vec<&Change>> = BTreeMap::new();
    for c in &report.changes {
        by_file.entry(&c.file).or_default().push(c);
    }
    let reviewed = |c: &Change| baseline.is_some_and(|b| b.contains(&c.baseline_line()));
    let cases = by_file
        .into_iter()
        .map(|(file, changes)| {
            let bad: Vec<String> = changes
                .iter()
                .filter(|c| !reviewed(c))
                .map(|c| c.baseline_line())
                .collect();
            let mut case = junit::TestCase::named(file);
            case.failure = (!bad.is_empty()).then(|| junit::Failure {
                message: format!("{} unreviewed changes", bad.len()),
                detail: bad.join("\n"),
            });
            case
        })
        .collect();
    let suite = junit::Suite {
        name: format!(
            "gate llvm-{} to llvm-{}",
            report.old_version, report.new_version
        ),
        cases,
    };
    junit::render(None, &[suite])
}
