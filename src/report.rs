//! Rendering a [`Report`]: terminal summary, per-file snapshot text, JSON and JUnit.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::bytes::{render, EncByte};
use crate::classify::{Class, OursAnswer};
use crate::engine::{CaseResult, Report};
use crate::llvm_mc::LlvmAnswer;
use crate::semantics::SemaVerdict;
use mcdiff_lit::CheckExpectation;

/// The class columns, in the order every table shows them.
pub const COLUMNS: &[&str] = &[
    "match",
    "ours-differs",
    "we-reject",
    "we-accept",
    "check-differs",
    "unsupported",
    "no-spec",
];

/// Case counts by class column.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    pub cases: usize,
    pub by_class: BTreeMap<&'static str, usize>,
}

impl Counts {
    pub fn add(&mut self, class: &Class) {
        self.cases += 1;
        *self.by_class.entry(class.column()).or_insert(0) += 1;
    }

    pub fn get(&self, column: &str) -> usize {
        self.by_class.get(column).copied().unwrap_or(0)
    }
}

/// Counts per target (`-mcpu`).
pub fn per_target(cases: &[CaseResult]) -> BTreeMap<String, Counts> {
    let mut out: BTreeMap<String, Counts> = BTreeMap::new();
    for c in cases {
        out.entry(c.target.to_string()).or_default().add(&c.class);
    }
    out
}

/// Counts per test file.
pub fn per_file(cases: &[CaseResult]) -> BTreeMap<&str, Vec<&CaseResult>> {
    let mut out: BTreeMap<&str, Vec<&CaseResult>> = BTreeMap::new();
    for c in cases {
        out.entry(&*c.file).or_default().push(c);
    }
    out
}

/// Unsupported cases grouped by reason, most frequent first.
pub fn unsupported_reasons<'a>(
    cases: impl IntoIterator<Item = &'a CaseResult>,
) -> Vec<(String, usize)> {
    let mut by: BTreeMap<String, usize> = BTreeMap::new();
    for c in cases {
        if let Class::Unsupported(r) = &c.class {
            *by.entry(r.clone()).or_insert(0) += 1;
        }
    }
    let mut v: Vec<_> = by.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

/// The per-target table, as printed on the terminal and in the README.
pub fn summary_table(report: &Report) -> String {
    let targets = per_target(&report.cases);
    let mut total = Counts::default();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "LLVM {} tests, llvm-mc {} ({}): {} files, {} cases",
        report.corpus_version,
        report.llvm_mc_version,
        report.llvm_mc_path,
        report.files,
        report.cases.len()
    );
    let _ = write!(out, "| {:<16} | {:>7} |", "target", "cases");
    for c in COLUMNS {
        let _ = write!(out, " {c:>13} |");
    }
    out.push('\n');
    let _ = write!(out, "|{}|{}|", "-".repeat(18), "-".repeat(9));
    for _ in COLUMNS {
        let _ = write!(out, "{}|", "-".repeat(15));
    }
    out.push('\n');
    for (target, counts) in &targets {
        write_row(&mut out, target, counts);
        total.cases += counts.cases;
        for (k, v) in &counts.by_class {
            *total.by_class.entry(k).or_insert(0) += v;
        }
    }
    write_row(&mut out, "total", &total);
    out.push_str(&sema_table(&report.cases));
    out.push_str(&roundtrip_table(&report.cases));
    let kinds: Vec<String> = report
        .run_kinds
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    let _ = writeln!(out, "RUN lines: {}", kinds.join(", "));
    let _ = writeln!(
        out,
        "unparsed RUN lines: {}; RUN lines llvm-mc could not run: {}",
        report.unparsed_runs.len(),
        report.failed_runs.len()
    );
    out
}

/// The semantics columns, for cases we encoded.
pub const SEMA_COLUMNS: &[&str] = &[
    "executed",
    "sema-mismatch",
    "sema-unsupported",
    "no-pseudocode",
];

/// Per target: how the pseudocode of what we encoded ran over our operands.
pub fn sema_table(cases: &[CaseResult]) -> String {
    let mut by: BTreeMap<&str, BTreeMap<&'static str, usize>> = BTreeMap::new();
    for c in cases {
        if let Some(v) = &c.sema {
            *by.entry(&*c.target)
                .or_default()
                .entry(v.column())
                .or_insert(0) += 1;
        }
    }
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
pub fn roundtrip_table(cases: &[CaseResult]) -> String {
    let mut by: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for c in cases {
        if let Some(ok) = c.roundtrip {
            let e = by.entry(&*c.target).or_default();
            e.0 += 1;
            e.1 += usize::from(!ok);
        }
    }
    if by.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "round trip of the lines we decoded (decode, print, assemble):\n| target           |  decoded | roundtrip-fail |\n|------------------|----------|----------------|\n",
    );
    for (target, (decoded, failed)) in by {
        let _ = writeln!(out, "| {target:<16} | {decoded:>8} | {failed:>14} |");
    }
    out
}

/// Semantics findings grouped: mismatches by reason and unsupported constructs, with counts.
pub fn sema_findings<'a>(cases: impl IntoIterator<Item = &'a CaseResult>) -> Vec<(String, usize)> {
    let mut by: BTreeMap<String, usize> = BTreeMap::new();
    for c in cases {
        if let Some(v @ (SemaVerdict::Mismatch(_) | SemaVerdict::Unsupported(_))) = &c.sema {
            *by.entry(v.to_string()).or_insert(0) += 1;
        }
    }
    let mut v: Vec<_> = by.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

fn write_row(out: &mut String, name: &str, counts: &Counts) {
    let _ = write!(out, "| {:<16} | {:>7} |", name, counts.cases);
    for c in COLUMNS {
        let _ = write!(out, " {:>13} |", counts.get(c));
    }
    out.push('\n');
}

/// The README's status table: per target and corpus, matched / diverged / unsupported.
/// Targets without an AMD spec share one row per corpus.
pub fn status_markdown(reports: &[Report]) -> String {
    let mut out = String::from(
        "| target | LLVM | cases | match | diverged | unsupported | no-spec |\n|---|---|---:|---:|---:|---:|---:|\n",
    );
    for report in reports {
        let mut no_spec = Counts::default();
        let mut no_spec_targets = 0;
        for (target, counts) in per_target(&report.cases) {
            if counts.get("no-spec") == counts.cases {
                no_spec_targets += 1;
                no_spec.cases += counts.cases;
                continue;
            }
            let diverged: usize = ["ours-differs", "we-reject", "we-accept", "check-differs"]
                .iter()
                .map(|c| counts.get(c))
                .sum();
            let _ = writeln!(
                out,
                "| {target} | {} | {} | {} | {diverged} | {} | {} |",
                report.corpus_version,
                counts.cases,
                counts.get("match"),
                counts.get("unsupported"),
                counts.get("no-spec")
            );
        }
        let _ = writeln!(
            out,
            "| {no_spec_targets} GFX6-GFX9 targets | {} | {} | 0 | 0 | 0 | {} |",
            report.corpus_version, no_spec.cases, no_spec.cases
        );
    }
    out
}

/// What a divergence line says beyond its class (no expected bytes are copied).
fn detail(c: &CaseResult) -> String {
    match (&c.class, &c.ours, &c.llvm) {
        (Class::OursDiffers, OursAnswer::Encoded(ours), LlvmAnswer::Encoded(theirs)) => {
            differing_bytes(ours, theirs)
        }
        (Class::WeReject, OursAnswer::Rejected(msg), _) => format!("ours: {msg}"),
        (Class::CheckDiffers, _, LlvmAnswer::Encoded(_)) => match &c.recorded {
            CheckExpectation::Error(_) => "llvm-mc encodes, CHECK expects an error".into(),
            _ => "llvm-mc bytes differ from CHECK".into(),
        },
        (Class::CheckDiffers, _, _) => "llvm-mc rejects, CHECK expects bytes".into(),
        _ => String::new(),
    }
}

fn differing_bytes(a: &[EncByte], b: &[EncByte]) -> String {
    if a.len() != b.len() {
        return format!("length {} vs {}", a.len(), b.len());
    }
    let idx: Vec<String> = (0..a.len())
        .filter(|&i| a[i] != b[i])
        .map(|i| i.to_string())
        .collect();
    format!("bytes {} differ", idx.join(","))
}

/// The snapshot text for one test file: counts, divergences one per line, unsupported grouped.
pub fn file_snapshot(file: &str, cases: &[&CaseResult]) -> String {
    let mut counts = Counts::default();
    for c in cases {
        counts.add(&c.class);
    }
    let mut out = String::new();
    let _ = writeln!(out, "file: {file}");
    let _ = write!(out, "cases: {}", counts.cases);
    for col in COLUMNS {
        let n = counts.get(col);
        if n > 0 {
            let _ = write!(out, ", {col}: {n}");
        }
    }
    out.push('\n');
    let mut lines: Vec<(usize, &str, String)> = cases
        .iter()
        .filter(|c| {
            c.class.is_divergence() && !matches!(c.class, Class::Unsupported(_) | Class::NoSpec)
        })
        .map(|c| {
            let d = detail(c);
            let sep = if d.is_empty() { "" } else { " ; " };
            (
                c.run_index,
                c.text.as_str(),
                format!(
                    "run {} {} {}: {}{sep}{d}",
                    c.run_index, c.target, c.class, c.text
                ),
            )
        })
        .collect();
    lines.sort();
    if !lines.is_empty() {
        out.push_str("divergences:\n");
        for (_, _, l) in lines {
            let _ = writeln!(out, "  {l}");
        }
    }
    let reasons = unsupported_reasons(cases.iter().copied());
    if !reasons.is_empty() {
        out.push_str("unsupported:\n");
        for (r, n) in reasons {
            let _ = writeln!(out, "  {n:>6}  {r}");
        }
    }
    let mismatches: Vec<String> = {
        let mut v: Vec<String> = cases
            .iter()
            .filter_map(|c| match &c.sema {
                Some(SemaVerdict::Mismatch(r)) => Some(format!(
                    "run {} {}: {} ; {r}",
                    c.run_index, c.target, c.text
                )),
                _ => None,
            })
            .collect();
        v.sort();
        v
    };
    if !mismatches.is_empty() {
        out.push_str("sema-mismatch:\n");
        for l in mismatches {
            let _ = writeln!(out, "  {l}");
        }
    }
    let mut roundtrip_failures: Vec<String> = cases
        .iter()
        .filter(|c| c.roundtrip == Some(false))
        .map(|c| format!("run {} {}: {}", c.run_index, c.target, c.text))
        .collect();
    roundtrip_failures.sort();
    if !roundtrip_failures.is_empty() {
        out.push_str("roundtrip-fail:\n");
        for l in roundtrip_failures {
            let _ = writeln!(out, "  {l}");
        }
    }
    let unsupported_sema: Vec<(String, usize)> = sema_findings(cases.iter().copied())
        .into_iter()
        .filter(|(r, _)| r.starts_with("sema-unsupported"))
        .collect();
    if !unsupported_sema.is_empty() {
        out.push_str("sema-unsupported:\n");
        for (r, n) in unsupported_sema {
            let _ = writeln!(out, "  {n:>6}  {r}");
        }
    }
    let no_spec = counts.get("no-spec");
    if no_spec > 0 {
        let mut targets: Vec<&str> = cases
            .iter()
            .filter(|c| c.class == Class::NoSpec)
            .map(|c| &*c.target)
            .collect();
        targets.sort_unstable();
        targets.dedup();
        let _ = writeln!(out, "no-spec targets: {}", targets.join(", "));
    }
    out
}

pub fn llvm_text(v: &LlvmAnswer) -> String {
    match v {
        LlvmAnswer::Encoded(b) => render(b),
        LlvmAnswer::Error { message, .. } => format!("error: {message}"),
        LlvmAnswer::Decoded {
            text,
            bytes,
            skipped,
        } => match skipped {
            Some(m) => format!("({m}) {text} ; {}", render(bytes)),
            None => format!("{text} ; {}", render(bytes)),
        },
        LlvmAnswer::Nothing => "nothing".into(),
    }
}

pub fn recorded_text(v: &CheckExpectation) -> String {
    match v {
        CheckExpectation::Encoding(b) => render(b),
        CheckExpectation::Error(m) => format!("error: {m}"),
        CheckExpectation::NoEncoding => "text only".into(),
        CheckExpectation::Unchecked => "unchecked".into(),
    }
}

/// One divergence in the JSON report.
#[derive(serde::Serialize)]
struct DivergenceRecord<'a> {
    id: &'a str,
    file: &'a str,
    line: usize,
    run_index: usize,
    run_line: usize,
    target: &'a str,
    text: &'a str,
    ours: String,
    llvm: String,
    recorded: String,
    class: &'a Class,
    #[serde(skip_serializing_if = "Option::is_none")]
    sema: Option<String>,
    replay: String,
}

/// The JSON report of one corpus: header, per-target counts, unsupported cases grouped by
/// reason, and one record per divergence.
#[derive(serde::Serialize)]
pub struct JsonReport<'a> {
    corpus_version: &'a str,
    llvm_mc_version: &'a str,
    llvm_mc_path: &'a str,
    files: usize,
    run_kinds: &'a BTreeMap<String, usize>,
    unparsed_runs: &'a [crate::engine::SkippedRun],
    failed_runs: &'a [crate::engine::SkippedRun],
    targets: BTreeMap<String, Counts>,
    unsupported: BTreeMap<String, Vec<(String, usize)>>,
    divergences: Vec<DivergenceRecord<'a>>,
}

pub fn json(report: &Report) -> JsonReport<'_> {
    let mut unsupported = BTreeMap::new();
    for target in per_target(&report.cases).keys() {
        let reasons = unsupported_reasons(report.cases.iter().filter(|c| *c.target == **target));
        if !reasons.is_empty() {
            unsupported.insert(target.clone(), reasons);
        }
    }
    JsonReport {
        corpus_version: &report.corpus_version,
        llvm_mc_version: &report.llvm_mc_version,
        llvm_mc_path: &report.llvm_mc_path,
        files: report.files,
        run_kinds: &report.run_kinds,
        unparsed_runs: &report.unparsed_runs,
        failed_runs: &report.failed_runs,
        targets: per_target(&report.cases),
        unsupported,
        divergences: report
            .cases
            .iter()
            .filter(|c| c.class.is_divergence())
            .map(|c| DivergenceRecord {
                id: &c.id,
                file: &c.file,
                line: c.line,
                run_index: c.run_index,
                run_line: c.run_line,
                target: &c.target,
                text: &c.text,
                ours: ours_text(&c.ours),
                llvm: llvm_text(&c.llvm),
                recorded: recorded_text(&c.recorded),
                class: &c.class,
                sema: c.sema.as_ref().map(ToString::to_string),
                replay: c.replay(),
            })
            .collect(),
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

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// JUnit XML: a suite per target, a test case per (file, target); divergences fail it.
pub fn junit(report: &Report) -> String {
    let mut by_target: BTreeMap<&str, BTreeMap<&str, Vec<&CaseResult>>> = BTreeMap::new();
    for c in &report.cases {
        by_target
            .entry(&*c.target)
            .or_default()
            .entry(&*c.file)
            .or_default()
            .push(c);
    }
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    for (target, files) in by_target {
        let failures = files
            .values()
            .filter(|cs| cs.iter().any(|c| c.class.is_divergence()))
            .count();
        let _ = writeln!(
            out,
            "  <testsuite name=\"{} llvm-{}\" tests=\"{}\" failures=\"{failures}\">",
            xml_escape(target),
            xml_escape(&report.corpus_version),
            files.len()
        );
        for (file, cases) in files {
            let _ = write!(out, "    <testcase name=\"{}\"", xml_escape(file));
            let bad: Vec<&&CaseResult> = cases.iter().filter(|c| c.class.is_divergence()).collect();
            if bad.is_empty() {
                out.push_str("/>\n");
                continue;
            }
            let _ = writeln!(
                out,
                ">\n      <failure message=\"{} of {} cases diverge\">",
                bad.len(),
                cases.len()
            );
            for c in bad {
                let _ = writeln!(out, "{}", xml_escape(&format!("{}: {}", c.class, c.text)));
            }
            out.push_str("      </failure>\n    </testcase>\n");
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}
