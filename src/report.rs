//! Rendering a [`Report`]: terminal summary and findings, per-file and per-target snapshot
//! text, the README's status table, JSON and JUnit. Every table shows both verdict axes.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::bytes::{render, EncByte};
use crate::classify::{LlvmVerdict, OursAnswer, OursVerdict};
use crate::engine::{CaseResult, Cases, Report, SkippedPath, SkippedRun};
use crate::junit;
use crate::llvm_mc::LlvmAnswer;
use crate::selection::{Selection, Shard};
use crate::semantics::SemaVerdict;
pub use crate::tally::Counts;
use crate::tally::{bump, Cell};
use mcdiff_lit::CheckExpectation;

/// The `llvm` verdict columns: live llvm-mc against the test's CHECK lines.
pub const LLVM_COLUMNS: &[&str] = &[
    "agrees",
    "check-differs",
    "no-check",
    "not-run",
    "reencodes",
];
/// The `ours` verdict columns: our encoder/decoder against llvm-mc (or the CHECK line).
pub const OURS_COLUMNS: &[&str] = &[
    "match",
    "ours-differs",
    "we-reject",
    "we-accept",
    "unsupported",
    "no-spec",
];
/// Both-reject cases: does our message say what llvm-mc's says?
pub const MESSAGE_COLUMNS: &[&str] = &["same-message", "other-message"];

/// A case a maintainer must look at: on the llvm axis `check-differs` or `not-run`, on the
/// ours axis `ours-differs`, `we-reject` or `we-accept`.
pub fn is_finding(c: &CaseResult) -> bool {
    c.verdict.is_finding()
}

/// A case a report lists one by one: it has a record (see [`is_recorded`]), a semantics
/// mismatch or a failed round trip. A run keeps these and counts the rest.
pub fn is_listed(c: &CaseResult) -> bool {
    is_recorded(c) || matches!(c.sema, Some(SemaVerdict::Mismatch(_))) || c.roundtrip == Some(false)
}

/// Counts per target (`-mcpu`).
pub fn per_target(report: &Report) -> BTreeMap<String, Counts> {
    report
        .tally
        .per_target()
        .into_iter()
        .map(|(target, cell)| (target, cell.counts))
        .collect()
}

/// The kept cases per test file.
pub fn per_file(cases: &Cases) -> BTreeMap<&str, Vec<&CaseResult>> {
    let mut out: BTreeMap<&str, Vec<&CaseResult>> = BTreeMap::new();
    for c in cases {
        out.entry(&*c.file).or_default().push(c);
    }
    out
}

/// Reasons of one kind, grouped with counts, most frequent first.
fn grouped<'a>(
    cases: impl IntoIterator<Item = &'a CaseResult>,
    reason: impl Fn(&CaseResult) -> Option<String>,
) -> Vec<(String, usize)> {
    let mut by: BTreeMap<String, usize> = BTreeMap::new();
    for c in cases {
        if let Some(r) = reason(c) {
            *by.entry(r).or_insert(0) += 1;
        }
    }
    ranked(by)
}

/// Counted reasons, most frequent first (then by reason).
fn ranked(by: BTreeMap<String, usize>) -> Vec<(String, usize)> {
    let mut v: Vec<_> = by.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

/// Unsupported cases grouped by reason, most frequent first.
pub fn unsupported_reasons<'a>(
    cases: impl IntoIterator<Item = &'a CaseResult>,
) -> Vec<(String, usize)> {
    grouped(cases, |c| match &c.verdict.ours {
        OursVerdict::Unsupported(r) => Some(r.clone()),
        _ => None,
    })
}

/// Not-run cases grouped by reason, most frequent first.
pub fn not_run_reasons<'a>(
    cases: impl IntoIterator<Item = &'a CaseResult>,
) -> Vec<(String, usize)> {
    grouped(cases, |c| match &c.verdict.llvm {
        LlvmVerdict::NotRun(r) => Some(r.clone()),
        _ => None,
    })
}

/// Column width of a table: the widest of the name and 7.
fn width(name: &str) -> usize {
    name.len().max(7)
}

fn table_header(out: &mut String, first: &str) {
    let _ = write!(out, "| {first:<16} | {:>7} |", "cases");
    for c in LLVM_COLUMNS.iter().chain(OURS_COLUMNS) {
        let _ = write!(out, " {c:>w$} |", w = width(c));
    }
    out.push('\n');
    let _ = write!(out, "|{}|{}|", "-".repeat(18), "-".repeat(9));
    for c in LLVM_COLUMNS.iter().chain(OURS_COLUMNS) {
        let _ = write!(out, "{}|", "-".repeat(width(c) + 2));
    }
    out.push('\n');
}

fn write_row(out: &mut String, name: &str, counts: &Counts) {
    let _ = write!(out, "| {:<16} | {:>7} |", name, counts.cases);
    for c in LLVM_COLUMNS.iter().chain(OURS_COLUMNS) {
        let _ = write!(out, " {:>w$} |", counts.get(c), w = width(c));
    }
    out.push('\n');
}

/// The per-target table (llvm axis, then ours axis), as printed on the terminal.
pub fn summary_table(report: &Report) -> String {
    let mut total = Counts::default();
    let mut out = String::new();
    let shard = match report.selection.shard {
        Some(shard) => format!(" (shard {shard})"),
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "LLVM {} tests, llvm-mc {} ({}): {} files{shard}, {} cases",
        report.corpus_version,
        report.llvm_mc_version,
        report.llvm_mc_path,
        report.files,
        report.tally.cases()
    );
    out.push_str("llvm: live llvm-mc vs the CHECK lines | ours: our encoder/decoder vs llvm-mc\n");
    table_header(&mut out, "target");
    let cells = report.tally.per_target();
    for (target, cell) in &cells {
        write_row(&mut out, target, &cell.counts);
        total.merge(&cell.counts);
    }
    write_row(&mut out, "total", &total);
    let _ = writeln!(
        out,
        "both reject: {} with the same message, {} with another; \
         ours judged against the CHECK line (llvm-mc did not run): {}",
        total.get("same-message"),
        total.get("other-message"),
        total.ours_vs_check
    );
    out.push_str(&sema_table(&cells));
    out.push_str(&roundtrip_table(&cells));
    let kinds: Vec<String> = report
        .run_kinds
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    let _ = writeln!(out, "RUN lines: {}", kinds.join(", "));
    let _ = writeln!(
        out,
        "test paths not read: {}; unparsed RUN lines: {}; RUN lines not checked (llvm-mc \
         fault, unreadable input, unsupported input filter): {}; repeated verbatim (counted \
         once): {}",
        report.skipped_paths.len(),
        report.unparsed_runs.len(),
        report.failed_runs.len(),
        report.duplicate_runs.len()
    );
    out
}

/// How a finding is grouped: its llvm finding first, else its ours divergence.
fn finding_kind(c: &CaseResult) -> String {
    let v = &c.verdict;
    match &v.llvm {
        LlvmVerdict::CheckDiffers(_) | LlvmVerdict::Reencodes => format!("llvm {}", v.llvm),
        LlvmVerdict::NotRun(_) if !v.ours.is_divergence() => "llvm not-run".into(),
        _ => format!("ours {}", v.ours_text()),
    }
}

fn write_finding(out: &mut String, c: &CaseResult, llvm_version: &str) {
    let _ = writeln!(out, "  {}:{}: {}", c.file, c.line, c.text);
    let _ = writeln!(
        out,
        "    llvm: {} | ours: {}",
        c.verdict.llvm,
        c.verdict.ours_text()
    );
    let _ = writeln!(
        out,
        "    ours {} | llvm-mc {} | CHECK {}",
        ours_text(&c.ours),
        llvm_text(&c.llvm),
        recorded_text(&c.recorded)
    );
    let known = crate::known_issues::label_case(c, llvm_version);
    for (what, v) in [
        ("fields", &c.fields),
        ("blame", &c.blame),
        ("llvm bug", &known),
    ] {
        if let Some(v) = v {
            let _ = writeln!(out, "    {what}: {v}");
        }
    }
    let _ = writeln!(out, "    replay: {}", c.replay());
}

/// Below the table, like lit's failure output: per target and verdict, the first `show`
/// findings with their reason, field diff, blame and replay command; then the not-run and
/// unsupported reasons with their counts.
pub fn findings_listing(report: &Report, show: usize) -> String {
    let mut out = String::new();
    let mut by: BTreeMap<(&str, String), Vec<&CaseResult>> = BTreeMap::new();
    for c in report.cases.iter().filter(|c| is_finding(c)) {
        by.entry((&*c.target, finding_kind(c))).or_default().push(c);
    }
    for ((target, kind), cases) in &by {
        let _ = writeln!(out, "{target} {kind}: {} cases", cases.len());
        for c in cases.iter().take(show) {
            write_finding(&mut out, c, &report.llvm_mc_version);
        }
    }
    let reasons_shown = show.max(5);
    for (target, counts) in per_target(report) {
        let cases: Vec<&CaseResult> = report
            .cases
            .iter()
            .filter(|c| *c.target == *target)
            .collect();
        for (title, reasons) in [
            ("not-run", not_run_reasons(cases.iter().copied())),
            ("unsupported", unsupported_reasons(cases.iter().copied())),
        ] {
            if reasons.is_empty() {
                continue;
            }
            let n = counts.get(title);
            let _ = writeln!(out, "{target} {title} by reason ({n} cases):");
            for (r, n) in reasons.iter().take(reasons_shown) {
                let _ = writeln!(out, "  {n:>7}  {r}");
            }
            if reasons.len() > reasons_shown {
                let more = reasons.len() - reasons_shown;
                let _ = writeln!(out, "  ... {more} more reasons (see --json)");
            }
        }
    }
    out
}

/// The semantics columns, for cases we encoded.
pub const SEMA_COLUMNS: &[&str] = &[
    "executed",
    "executed-sibling-text",
    "sema-mismatch",
    "sema-unsupported",
    "no-pseudocode",
];

/// Per target: how the pseudocode of what we encoded ran over our operands.
pub fn sema_table(cells: &BTreeMap<String, Cell>) -> String {
    let by: Vec<(&String, &BTreeMap<&'static str, usize>)> = cells
        .iter()
        .filter(|(_, cell)| !cell.sema.is_empty())
        .map(|(target, cell)| (target, &cell.sema))
        .collect();
    if by.is_empty() {
        return String::new();
    }
    let mut out = String::from("semantics of the lines we encoded:\n");
    let _ = write!(out, "| {:<16} | {:>8} |", "target", "encoded");
    for c in SEMA_COLUMNS {
        let _ = write!(out, " {c:>16} |");
    }
    out.push('\n');
    let _ = write!(out, "|{}|{}|", "-".repeat(18), "-".repeat(10));
    for _ in SEMA_COLUMNS {
        let _ = write!(out, "{}|", "-".repeat(18));
    }
    out.push('\n');
    for (target, counts) in by {
        let total: usize = counts.values().sum();
        let _ = write!(out, "| {target:<16} | {total:>8} |");
        for c in SEMA_COLUMNS {
            let _ = write!(out, " {:>16} |", counts.get(c).copied().unwrap_or(0));
        }
        out.push('\n');
    }
    out
}

/// Per target: decoded disassembler lines whose printed text re-assembles to their bytes.
pub fn roundtrip_table(cells: &BTreeMap<String, Cell>) -> String {
    let decoded: Vec<(&String, &Cell)> = cells.iter().filter(|(_, c)| c.decoded > 0).collect();
    if decoded.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "round trip of the lines we decoded (decode, print, assemble):\n| target           |  decoded | roundtrip-fail |\n|------------------|----------|----------------|\n",
    );
    for (target, cell) in decoded {
        let _ = writeln!(
            out,
            "| {target:<16} | {:>8} | {:>14} |",
            cell.decoded, cell.roundtrip_failed
        );
    }
    out
}

/// Semantics findings grouped: mismatches by reason and unsupported constructs, with counts.
pub fn sema_findings<'a>(cells: impl IntoIterator<Item = &'a Cell>) -> Vec<(String, usize)> {
    let mut by: BTreeMap<String, usize> = BTreeMap::new();
    for cell in cells {
        for (finding, n) in &cell.sema_findings {
            bump(&mut by, finding, *n);
        }
    }
    ranked(by)
}

/// The README's status table: per target and corpus, both axes, from each corpus's
/// [`status_rows`] (kept instead of the reports, which would hold every case of every corpus).
pub fn status_markdown(rows: &[String]) -> String {
    let mut out = String::from(
        "| target | LLVM | cases | llvm agrees | check-differs | no-check | not-run | reencodes | ours match | ours diverged | unsupported | no-spec |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    out.extend(rows.iter().map(String::as_str));
    out
}

/// One corpus's rows of [`status_markdown`]. Targets without an AMD spec share one row.
pub fn status_rows(report: &Report) -> String {
    let mut out = String::new();
    let row = |out: &mut String, name: &str, version: &str, c: &Counts| {
        let _ = writeln!(
            out,
            "| {name} | {version} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            c.cases,
            c.get("agrees"),
            c.get("check-differs"),
            c.get("no-check"),
            c.get("not-run"),
            c.get("reencodes"),
            c.get("match"),
            c.ours_diverged(),
            c.get("unsupported"),
            c.get("no-spec")
        );
    };
    let mut no_spec = Counts::default();
    let mut no_spec_targets = 0;
    for (target, counts) in per_target(report) {
        if counts.get("no-spec") == counts.cases {
            no_spec_targets += 1;
            no_spec.merge(&counts);
        } else {
            row(&mut out, &target, &report.corpus_version, &counts);
        }
    }
    // The GFX6 and GFX7 targets, the default CPU and processors llvm-mc does not know.
    let name = format!("{no_spec_targets} targets without a spec");
    row(&mut out, &name, &report.corpus_version, &no_spec);
    out
}

/// One finding as a snapshot line: the test's input line, both verdicts, what differs and
/// the blame hint (never expected bytes or CHECK text).
fn finding_line(c: &CaseResult) -> String {
    let mut line = format!("run {} {}: {}", c.run_index, c.target, c.text);
    // `llvm: agrees` is the common case: said by its absence.
    if c.verdict.llvm != LlvmVerdict::Agrees {
        let _ = write!(line, " ; llvm: {}", c.verdict.llvm);
    }
    let _ = write!(line, " ; ours: {}", c.verdict.ours_text());
    match (&c.fields, &c.ours) {
        (Some(f), _) => {
            let _ = write!(line, " ; {f}");
        }
        (None, OursAnswer::Rejected(m)) if c.verdict.ours == OursVerdict::WeReject => {
            let _ = write!(line, ": {m}");
        }
        _ => {}
    }
    if let Some(b) = &c.blame {
        let _ = write!(line, " ; blame: {b}");
    }
    line
}

fn counts_line(counts: &Counts) -> String {
    let mut out = format!("cases: {}", counts.cases);
    for (axis, cols) in [("llvm", LLVM_COLUMNS), ("ours", OURS_COLUMNS)] {
        let parts: Vec<String> = cols
            .iter()
            .filter(|c| counts.get(c) > 0)
            .map(|c| format!("{c} {}", counts.get(c)))
            .collect();
        let _ = write!(out, "\n{axis}: {}", parts.join(", "));
    }
    let msgs: Vec<String> = MESSAGE_COLUMNS
        .iter()
        .filter(|c| counts.get(c) > 0)
        .map(|c| format!("{c} {}", counts.get(c)))
        .collect();
    if !msgs.is_empty() {
        let _ = write!(out, "\nboth reject: {}", msgs.join(", "));
    }
    out.push('\n');
    out
}

fn write_section(out: &mut String, title: &str, mut lines: Vec<String>) {
    if lines.is_empty() {
        return;
    }
    lines.sort();
    let _ = writeln!(out, "{title}:");
    for l in lines {
        let _ = writeln!(out, "  {l}");
    }
}

fn write_grouped(out: &mut String, title: &str, reasons: Vec<(String, usize)>) {
    if reasons.is_empty() {
        return;
    }
    let _ = writeln!(out, "{title}:");
    for (r, n) in reasons {
        let _ = writeln!(out, "  {n:>6}  {r}");
    }
}

/// The snapshot text for one test file: counts on both axes, findings one per line, the
/// not-run and unsupported cases grouped by reason, semantics and round-trip findings.
/// `cells` are the file's targets with their counts, `cases` its kept cases.
pub fn file_snapshot(file: &str, cells: &[(&str, &Cell)], cases: &[&CaseResult]) -> String {
    let mut counts = Counts::default();
    for (_, cell) in cells {
        counts.merge(&cell.counts);
    }
    let mut out = format!("file: {file}\n{}", counts_line(&counts));
    // A whole RUN line llvm-mc could not run is grouped below, not listed line by line.
    let listed = |c: &&&CaseResult| {
        matches!(c.verdict.llvm, LlvmVerdict::CheckDiffers(_)) || c.verdict.ours.is_divergence()
    };
    let findings = cases
        .iter()
        .filter(listed)
        .map(|c| finding_line(c))
        .collect();
    write_section(&mut out, "findings", findings);
    write_grouped(&mut out, "not-run", not_run_reasons(cases.iter().copied()));
    write_grouped(
        &mut out,
        "unsupported",
        unsupported_reasons(cases.iter().copied()),
    );
    let mismatches = cases
        .iter()
        .filter_map(|c| match &c.sema {
            Some(SemaVerdict::Mismatch(r)) => Some(format!(
                "run {} {}: {} ; {r}",
                c.run_index, c.target, c.text
            )),
            _ => None,
        })
        .collect();
    write_section(&mut out, "sema-mismatch", mismatches);
    let roundtrip_failures = cases
        .iter()
        .filter(|c| c.roundtrip == Some(false))
        .map(|c| format!("run {} {}: {}", c.run_index, c.target, c.text))
        .collect();
    write_section(&mut out, "roundtrip-fail", roundtrip_failures);
    let unsupported_sema: Vec<(String, usize)> = sema_findings(cells.iter().map(|(_, c)| *c))
        .into_iter()
        .filter(|(r, _)| r.starts_with("sema-unsupported"))
        .collect();
    write_grouped(&mut out, "sema-unsupported", unsupported_sema);
    let no_spec: Vec<&str> = cells
        .iter()
        .filter(|(_, cell)| cell.counts.get("no-spec") > 0)
        .map(|(target, _)| *target)
        .collect();
    if !no_spec.is_empty() {
        let _ = writeln!(out, "no-spec targets: {}", no_spec.join(", "));
    }
    out
}

/// The snapshot text for one target: counts on both axes and their matrix, reasons grouped.
/// `cell` holds the target's counts, `cases` its kept cases.
pub fn target_snapshot(target: &str, cell: &Cell, cases: &[&CaseResult]) -> String {
    let counts = &cell.counts;
    let mut out = format!("target: {target}\n{}", counts_line(counts));
    out.push_str("matrix (llvm x ours):\n");
    for (llvm, row) in &counts.matrix {
        let cells: Vec<String> = row.iter().map(|(o, n)| format!("{o} {n}")).collect();
        let _ = writeln!(out, "  {llvm}: {}", cells.join(", "));
    }
    let blames = grouped(cases.iter().copied(), |c| {
        c.blame
            .as_ref()
            .map(|b| format!("{} ; {}", b, c.verdict.ours))
    });
    write_grouped(&mut out, "blame", blames);
    write_grouped(
        &mut out,
        "not-run by reason",
        not_run_reasons(cases.iter().copied()),
    );
    write_grouped(
        &mut out,
        "unsupported by reason",
        unsupported_reasons(cases.iter().copied()),
    );
    write_grouped(&mut out, "semantics findings", sema_findings([cell]));
    out
}

pub fn llvm_text(v: &LlvmAnswer) -> String {
    match v {
        LlvmAnswer::Encoded { bytes, text, .. } => format!("{text} ; {}", render(bytes)),
        LlvmAnswer::Error { message, .. } => format!("error: {message}"),
        LlvmAnswer::Decoded {
            text,
            bytes,
            skipped,
        } => match skipped {
            Some(m) => format!("({m}) {text} ; {}", render(bytes)),
            None => format!("{text} ; {}", render(bytes)),
        },
        LlvmAnswer::NotRun(reason) => format!("not run: {reason}"),
    }
}

pub fn recorded_text(v: &CheckExpectation) -> String {
    match v {
        CheckExpectation::Encoding(b) => render(b),
        CheckExpectation::Error(m) => format!("error: {m}"),
        CheckExpectation::Warning(m) => format!("warning: {m}"),
        CheckExpectation::NoEncoding => "text only".into(),
        CheckExpectation::Unchecked => "none".into(),
    }
}

pub fn ours_text(v: &OursAnswer) -> String {
    match v {
        OursAnswer::Encoded(b) => render(b),
        OursAnswer::Decoded(text) => text.clone(),
        OursAnswer::Rejected(m) => format!("error: {m}"),
        OursAnswer::Unsupported(r) => format!("unsupported: {r}"),
        OursAnswer::NoSpec => "no-spec".to_string(),
    }
}

/// Bytes as a JSON list of hex strings (`"0x1f"`, fixup bytes as their letter).
fn hex_list(bytes: &[EncByte]) -> Vec<String> {
    bytes
        .iter()
        .map(|b| match b {
            EncByte::Byte(v) => format!("0x{v:02x}"),
            EncByte::Fixup(c) => char::from(*c).to_string(),
        })
        .collect()
}

/// One case in the JSON report (the contract the README documents); `mcdiff report` and
/// `mcdiff report merge` read it back, `mattr`, `ours_vs_check` and `replay` allowed absent.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CaseRecord {
    pub file: String,
    pub run_line: usize,
    pub line: usize,
    pub mcpu: String,
    #[serde(default)]
    pub mattr: Vec<String>,
    pub text: String,
    pub llvm: String,
    pub ours: String,
    /// `ours` was judged against the CHECK line: llvm-mc did not run.
    #[serde(default)]
    pub ours_vs_check: bool,
    pub ours_bytes: Option<Vec<String>>,
    pub llvm_bytes: Option<Vec<String>>,
    pub check_bytes: Option<Vec<String>>,
    pub ours_text: Option<String>,
    pub llvm_text: Option<String>,
    pub check_text: Option<String>,
    pub ours_error: Option<String>,
    pub llvm_error: Option<String>,
    pub check_error: Option<String>,
    /// Both-reject cases: `same-message` or `other-message`.
    pub message: Option<String>,
    pub fields: Option<String>,
    pub blame: Option<String>,
    pub sema: Option<String>,
    #[serde(default)]
    pub replay: String,
    /// An llvm-mc crash or an `llvm-lenient` blame: `known: llvm/llvm-project#NNN (fixed in
    /// PR #MMM)` when it is a bug of the known-issues catalogue, else `new`; absent for
    /// other records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub known: Option<String>,
}

/// The verdict columns that make a case a finding (see [`is_finding`]).
pub const FINDING_COLUMNS: &[&str] = &[
    "check-differs",
    "not-run",
    "reencodes",
    "ours-differs",
    "we-reject",
    "we-accept",
];

impl CaseRecord {
    /// The case is a finding, read back from its verdict strings (`not-run: <reason>`).
    fn is_finding(&self) -> bool {
        [&self.llvm, &self.ours].into_iter().any(|verdict| {
            let column = verdict.split(':').next().unwrap_or_default();
            FINDING_COLUMNS.contains(&column)
        })
    }

    /// The `ours` verdict as the terminal says it (see [`crate::classify::Verdict::ours_text`]).
    fn ours_verdict_text(&self) -> String {
        if self.ours_vs_check {
            format!("{} (vs CHECK)", self.ours)
        } else {
            self.ours.clone()
        }
    }
}

/// A case gets a record when its `llvm` verdict is a finding or its `ours` verdict is not
/// `match` (`no-spec` only with an llvm finding).
pub fn is_recorded(c: &CaseResult) -> bool {
    c.verdict.llvm.is_finding()
        || !matches!(c.verdict.ours, OursVerdict::Match | OursVerdict::NoSpec)
}

pub fn record(c: &CaseResult) -> CaseRecord {
    let (llvm_bytes, llvm_text, llvm_error) = match &c.llvm {
        LlvmAnswer::Encoded { bytes, text, .. } | LlvmAnswer::Decoded { bytes, text, .. } => {
            (Some(hex_list(bytes)), Some(text.clone()), None)
        }
        LlvmAnswer::Error { message, .. } => (None, None, Some(message.clone())),
        LlvmAnswer::NotRun(_) => (None, None, None),
    };
    let (check_bytes, check_error) = match &c.recorded {
        CheckExpectation::Encoding(b) => (Some(hex_list(b)), None),
        CheckExpectation::Error(m) | CheckExpectation::Warning(m) => (None, Some(m.clone())),
        _ => (None, None),
    };
    CaseRecord {
        file: c.file.to_string(),
        run_line: c.run_line,
        line: c.line,
        mcpu: c.target.to_string(),
        mattr: c.mattr.to_vec(),
        text: c.text.clone(),
        llvm: c.verdict.llvm.to_string(),
        ours: c.verdict.ours.to_string(),
        ours_vs_check: c.verdict.ours_vs_check,
        ours_bytes: match &c.ours {
            OursAnswer::Encoded(b) => Some(hex_list(b)),
            _ => None,
        },
        llvm_bytes,
        check_bytes,
        ours_text: match &c.ours {
            OursAnswer::Decoded(t) => Some(t.clone()),
            _ => None,
        },
        llvm_text,
        check_text: c.recorded_text.clone(),
        ours_error: match &c.ours {
            OursAnswer::Rejected(m) | OursAnswer::Unsupported(m) => Some(m.clone()),
            _ => None,
        },
        llvm_error,
        check_error,
        message: c.verdict.message.map(|m| m.column().to_string()),
        fields: c.fields.clone(),
        blame: c.blame.clone(),
        sema: c.sema.as_ref().map(ToString::to_string),
        replay: c.replay(),
        known: None,
    }
}

/// The JSON report of one corpus: header, per-target counts (both axes and their matrix),
/// the cases per file and target, and one record per case that is not `agrees`+`match` (see
/// [`is_recorded`]). `mcdiff run --json` writes it; `mcdiff report merge` reads shards of it
/// and writes the document of the whole run.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RunDocument {
    pub corpus_version: String,
    pub llvm_mc_version: String,
    pub llvm_mc_path: String,
    /// The shard of the files this document holds; absent when it holds every file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    pub selection: Selection,
    pub files: usize,
    pub run_kinds: BTreeMap<String, usize>,
    /// Selected test paths not read (symbolic links are not followed), with why.
    #[serde(default)]
    pub skipped_paths: Vec<SkippedPath>,
    pub unparsed_runs: Vec<SkippedRun>,
    pub failed_runs: Vec<SkippedRun>,
    pub duplicate_runs: Vec<SkippedRun>,
    pub targets: BTreeMap<String, Counts>,
    /// Test file -> target -> cases: the JUnit test cases, the passing ones included (they
    /// have no records).
    pub cases_per_file: BTreeMap<String, BTreeMap<String, usize>>,
    pub records: Vec<CaseRecord>,
    /// One record per decoded test word whose printed text our assembler does not take back
    /// to the word (a bit the decode dropped or invented): the round trip's findings, whatever
    /// the case's verdicts (the `roundtrip-fail` column of the round-trip table).
    #[serde(default)]
    pub roundtrip_failures: Vec<CaseRecord>,
}

pub fn json(report: &Report) -> RunDocument {
    let cases_per_file: BTreeMap<String, BTreeMap<String, usize>> = report
        .tally
        .per_file()
        .into_iter()
        .map(|(file, cells)| {
            let targets = cells
                .into_iter()
                .map(|(target, cell)| (target.to_string(), cell.counts.cases))
                .collect();
            (file.to_string(), targets)
        })
        .collect();
    RunDocument {
        corpus_version: report.corpus_version.clone(),
        llvm_mc_version: report.llvm_mc_version.clone(),
        llvm_mc_path: report.llvm_mc_path.clone(),
        shard: report.selection.shard,
        // The shard is said once, at the top of the document.
        selection: Selection {
            shard: None,
            ..report.selection.clone()
        },
        files: report.files,
        run_kinds: report.run_kinds.clone(),
        skipped_paths: report.skipped_paths.clone(),
        unparsed_runs: report.unparsed_runs.clone(),
        failed_runs: report.failed_runs.clone(),
        duplicate_runs: report.duplicate_runs.clone(),
        targets: per_target(report),
        cases_per_file,
        records: report
            .cases
            .iter()
            .filter(|c| is_recorded(c))
            .map(|c| CaseRecord {
                known: crate::known_issues::label_case(c, &report.llvm_mc_version),
                ..record(c)
            })
            .collect(),
        roundtrip_failures: (report.cases.iter())
            .filter(|c| c.roundtrip == Some(false))
            .map(record)
            .collect(),
    }
}

/// The JSON report file: one document per corpus and line (JSON Lines).
pub fn json_lines(docs: &[RunDocument]) -> serde_json::Result<String> {
    let mut out = String::new();
    for doc in docs {
        out.push_str(&serde_json::to_string(doc)?);
        out.push('\n');
    }
    Ok(out)
}

/// JUnit XML of runs' JSON documents: a suite per corpus and target, a test case per (file,
/// target); a finding on either axis fails it. Built from the documents, not the cases, so
/// merged shards give the JUnit of one unsharded run.
pub fn junit(docs: &[RunDocument]) -> String {
    let suites: Vec<junit::Suite> = docs.iter().flat_map(junit_suites).collect();
    junit::render(None, &suites)
}

fn junit_suites(doc: &RunDocument) -> Vec<junit::Suite> {
    let mut findings: BTreeMap<(&str, &str), Vec<String>> = BTreeMap::new();
    for r in doc.records.iter().filter(|r| r.is_finding()) {
        findings
            .entry((&r.mcpu, &r.file))
            .or_default()
            .push(format!(
                "{}:{}: llvm: {} ; ours: {} ; {}",
                r.file,
                r.line,
                r.llvm,
                r.ours_verdict_text(),
                r.text
            ));
    }
    let mut by_target: BTreeMap<&str, Vec<junit::TestCase>> = BTreeMap::new();
    for (file, targets) in &doc.cases_per_file {
        for (target, cases) in targets {
            let mut case = junit::TestCase::named(file.as_str());
            if let Some(bad) = findings.get(&(target.as_str(), file.as_str())) {
                case.failure = Some(junit::Failure {
                    message: format!("{} of {cases} cases have findings", bad.len()),
                    detail: bad.join("\n"),
                });
            }
            by_target.entry(target).or_default().push(case);
        }
    }
    by_target
        .into_iter()
        .map(|(target, cases)| junit::Suite {
            name: format!("{target} llvm-{}", doc.corpus_version),
            cases,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::CheckDiff;

    #[test]
    fn finding_columns_are_the_verdicts_findings() {
        let llvm = [
            LlvmVerdict::Agrees,
            LlvmVerdict::CheckDiffers(CheckDiff::Bytes),
            LlvmVerdict::NoCheck,
            LlvmVerdict::NotRun("x".into()),
        ];
        for v in llvm {
            assert_eq!(FINDING_COLUMNS.contains(&v.column()), v.is_finding(), "{v}");
        }
        let ours = [
            OursVerdict::Match,
            OursVerdict::OursDiffers,
            OursVerdict::WeReject,
            OursVerdict::WeAccept,
            OursVerdict::Unsupported("x".into()),
            OursVerdict::NoSpec,
        ];
        for v in ours {
            assert_eq!(
                FINDING_COLUMNS.contains(&v.column()),
                v.is_divergence(),
                "{v}"
            );
        }
    }
}
