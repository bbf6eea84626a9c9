//! Findings for CI: SARIF 2.1.0 files (`--sarif FILE`, for GitHub code scanning and other
//! SARIF viewers) and GitHub workflow commands (`--annotations github`), from `run`, `gate`
//! and `fuzz`.
//!
//! Each command turns its findings into [`Finding`]s: a rule id (the verdict class, e.g.
//! `ours/we-reject`, `gate/text`, `fuzz/bytes`), a level, a message (the field diff or
//! reason, then the replay command) and a place: the test file and line, or for `fuzz`,
//! which has no test file, a logical location (target, mode and rule subject).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Result;
use serde_json::{json, Map, Value};

use crate::output::{check_writable, write_atomically};
use crate::report::{CaseRecord, RunDocument};

/// The SARIF version written, and its schema.
pub const SARIF_VERSION: &str = "2.1.0";
pub const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// `--sarif FILE` and `--annotations github`, shared by `run`, `gate` and `fuzz`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct CiOutput {
    /// Write the findings as SARIF 2.1.0 (e.g. for GitHub code scanning's upload-sarif).
    #[arg(long, value_name = "FILE")]
    pub sarif: Option<PathBuf>,
    /// Also print the findings as CI annotations on standard output (github: workflow
    /// commands, `::error file=...,line=...::message`).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub annotations: Option<AnnotationFormat>,
    /// In the SARIF and the annotations, name each test file as PREFIX and its path in the
    /// corpus, relative to the repository root (e.g. `llvm/test/` in an llvm-project
    /// checkout), so GitHub places the findings on the lines of the repository's files.
    #[arg(long, value_name = "PREFIX")]
    pub test_path_prefix: Option<String>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnnotationFormat {
    /// GitHub Actions workflow commands.
    Github,
}

impl CiOutput {
    /// True when findings are wanted in either form.
    pub fn wanted(&self) -> bool {
        self.sarif.is_some() || self.annotations.is_some()
    }

    /// Fails early when the SARIF file could not be written at the end.
    pub fn check_writable(&self) -> Result<()> {
        match &self.sarif {
            Some(path) => check_writable(path),
            None => Ok(()),
        }
    }

    /// Writes the SARIF file and prints the annotations, as asked.
    pub fn emit(&self, run: &SarifRun) -> Result<()> {
        let prefixed;
        let run = match &self.test_path_prefix {
            Some(prefix) => {
                prefixed = with_test_path_prefix(run, prefix);
                &prefixed
            }
            None => run,
        };
        if let Some(path) = &self.sarif {
            write_atomically(path, &(serde_json::to_string_pretty(&sarif(run))? + "\n"))?;
        }
        if self.annotations == Some(AnnotationFormat::Github) {
            print!("{}", crate::annotations::github(&run.findings));
        }
        Ok(())
    }
}

/// The uriBaseId of the repository root, as SARIF producers and GitHub name it.
pub const SRCROOT: &str = "%SRCROOT%";

/// `run` with its test files named `prefix` + their path in the corpus, relative to the
/// repository root ([`SRCROOT`]) instead of the corpus folder.
fn with_test_path_prefix(run: &SarifRun, prefix: &str) -> SarifRun {
    let mut run = run.clone();
    run.bases.clear();
    for f in &mut run.findings {
        if let Place::File { base, path, .. } = &mut f.place {
            *base = SRCROOT.to_string();
            *path = format!("{prefix}{path}");
        }
    }
    run
}

/// How serious a finding is, as SARIF and GitHub name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Error,
    Warning,
    Note,
}

impl Level {
    pub fn sarif(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "note",
        }
    }
}

/// Where a finding is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A line of a test file; `path` is relative to the corpus root that `base` names (a
    /// key of [`SarifRun::bases`]).
    File {
        base: String,
        path: String,
        line: usize,
    },
    /// No file: a name such as `gfx1100/asm/SOP2`.
    Logical { name: String },
}

/// One finding, for SARIF and annotations alike.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The verdict class, e.g. `ours/ours-differs`.
    pub rule: String,
    pub level: Level,
    /// A one-line title: target and input.
    pub title: String,
    /// What differs or why, without the replay command.
    pub message: String,
    pub place: Place,
    /// Shell commands that reproduce it.
    pub replay: Vec<String>,
    /// SARIF's baselineState (`new`, `unchanged`) where a baseline judged it.
    pub baseline_state: Option<&'static str>,
    /// What else identifies it (target, features, corpus, RUN line, ...).
    pub properties: Map<String, Value>,
}

impl Finding {
    /// The message with its replay commands, as SARIF and annotations show it.
    pub fn full_message(&self) -> String {
        let mut s = format!("{}: {}", self.title, self.message);
        for r in &self.replay {
            s.push_str("\nreplay: ");
            s.push_str(r);
        }
        s
    }
}

/// One command's findings, as one SARIF run.
#[derive(Clone, Debug, Default)]
pub struct SarifRun {
    /// runAutomationDetails.id: `mcdiff/run/`, with the shard where there is one (GitHub
    /// keeps the uploads of different categories apart).
    pub category: String,
    /// uriBaseId -> the folder it stands for (a corpus root).
    pub bases: BTreeMap<String, PathBuf>,
    pub findings: Vec<Finding>,
}

/// What each rule id means (SARIF's rule metadata); ids not listed describe themselves.
const RULES: &[(&str, &str)] = &[
    (
        "llvm/check-differs",
        "llvm-mc's answer differs from the test's CHECK line",
    ),
    ("llvm/not-run", "llvm-mc gave no usable answer for the line"),
    (
        "ours/ours-differs",
        "our encoder or decoder answers otherwise than llvm-mc",
    ),
    (
        "ours/we-reject",
        "llvm-mc accepts or decodes what our side rejects",
    ),
    (
        "ours/we-accept",
        "our side accepts or decodes what llvm-mc rejects",
    ),
    (
        "gate/text",
        "the new llvm-mc prints the instruction otherwise",
    ),
    (
        "gate/bytes",
        "the new llvm-mc encodes the instruction otherwise",
    ),
    (
        "gate/bytes+text",
        "the new llvm-mc encodes and prints the instruction otherwise",
    ),
    (
        "gate/new-error",
        "the new llvm-mc rejects what the old one accepted",
    ),
    (
        "gate/newly-accepted",
        "the new llvm-mc accepts what the old one rejected",
    ),
    (
        "gate/new-invalid",
        "the new llvm-mc cannot decode what the old one decoded",
    ),
    (
        "gate/newly-decoded",
        "the new llvm-mc decodes what the old one could not",
    ),
    (
        "gate/cpu-removed",
        "the new llvm-mc no longer knows the -mcpu",
    ),
    (
        "gate/cpu-added",
        "the new llvm-mc knows an -mcpu the old one did not",
    ),
    (
        "fuzz/bytes",
        "a generated line: our encoding differs from llvm-mc's",
    ),
    (
        "fuzz/text",
        "a generated word: our disassembly differs from llvm-mc's",
    ),
    (
        "fuzz/we-reject",
        "a generated input llvm-mc accepts or decodes and we reject",
    ),
    (
        "fuzz/we-accept",
        "a generated input we accept or decode and llvm-mc rejects",
    ),
    (
        "fuzz/llvm-mc-fault",
        "llvm-mc crashed or hung on a generated input",
    ),
];

/// The SARIF 2.1.0 log of one run.
pub fn sarif(run: &SarifRun) -> Value {
    let mut rule_ids: Vec<&str> = run.findings.iter().map(|f| f.rule.as_str()).collect();
    rule_ids.sort_unstable();
    rule_ids.dedup();
    let rules: Vec<Value> = rule_ids
        .iter()
        .map(|id| {
            let text = RULES.iter().find(|(r, _)| r == id).map_or(*id, |(_, d)| *d);
            json!({"id": id, "shortDescription": {"text": text}})
        })
        .collect();
    let results: Vec<Value> = run
        .findings
        .iter()
        .map(|f| result(f, rule_ids.binary_search(&f.rule.as_str()).unwrap_or(0)))
        .collect();
    let bases: Map<String, Value> = run
        .bases
        .iter()
        .map(|(id, dir)| (id.clone(), json!({"uri": dir_uri(dir)})))
        .collect();
    let mut sarif_run = json!({
        "tool": {"driver": {
            "name": "mcdiff",
            "semanticVersion": env!("CARGO_PKG_VERSION"),
            "rules": rules,
        }},
        "automationDetails": {"id": run.category},
        "columnKind": "unicodeCodePoints",
        "results": results,
    });
    if !bases.is_empty() {
        sarif_run["originalUriBaseIds"] = Value::Object(bases);
    }
    json!({
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [sarif_run],
    })
}

fn result(f: &Finding, rule_index: usize) -> Value {
    let location = match &f.place {
        Place::File { base, path, line } => json!({"physicalLocation": {
            "artifactLocation": {"uri": path, "uriBaseId": base},
            "region": {"startLine": line},
        }}),
        Place::Logical { name } => json!({"logicalLocations": [{"fullyQualifiedName": name}]}),
    };
    let mut properties = f.properties.clone();
    properties.insert("replay".into(), json!(f.replay));
    let mut r = json!({
        "ruleId": f.rule,
        "ruleIndex": rule_index,
        "level": f.level.sarif(),
        "message": {"text": f.full_message()},
        "locations": [location],
        "partialFingerprints": {"mcdiffFinding/v1": fingerprint(f)},
        "properties": properties,
    });
    if let Some(state) = f.baseline_state {
        r["baselineState"] = json!(state);
    }
    r
}

/// A stable id of a finding across runs: rule, place and identifying properties (not the
/// message, which holds the answers).
fn fingerprint(f: &Finding) -> String {
    let place = match &f.place {
        Place::File { base, path, line } => format!("{base}:{path}:{line}"),
        Place::Logical { name } => name.clone(),
    };
    let props = serde_json::to_string(&f.properties).unwrap_or_default();
    let key = format!("{}\0{place}\0{props}", f.rule);
    format!("{:016x}", xxhash_rust::xxh3::xxh3_64(key.as_bytes()))
}

/// A folder as a `file://` URI ending in `/` (SARIF's originalUriBaseIds want one).
fn dir_uri(dir: &Path) -> String {
    let abs = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    let mut s = String::from("file://");
    for b in abs.to_string_lossy().bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'.' | b'_' | b'~' => {
                s.push(char::from(b))
            }
            _ => s.push_str(&format!("%{b:02X}")),
        }
    }
    if !s.ends_with('/') {
        s.push('/');
    }
    s
}

/// The uriBaseId of a corpus: `LLVM_TESTS_22_1_8`.
pub fn corpus_base(version: &str) -> String {
    format!("LLVM_TESTS_{}", version.replace(['.', '-'], "_"))
}

/// The findings of `mcdiff run`'s JSON documents: a case whose `llvm` verdict is
/// check-differs or not-run gives an `llvm/...` finding, one whose `ours` verdict is
/// ours-differs, we-reject or we-accept an `ours/...` one.
pub fn run_findings(doc: &RunDocument) -> Vec<Finding> {
    let base = corpus_base(&doc.corpus_version);
    let mut out = Vec::new();
    for r in &doc.records {
        let column = |v: &str| v.split(':').next().unwrap_or_default().trim().to_string();
        let llvm = column(&r.llvm);
        if llvm == "check-differs" || llvm == "not-run" {
            let level = if llvm == "not-run" {
                Level::Warning
            } else {
                Level::Error
            };
            let message = format!(
                "{} (llvm-mc {} against the test's CHECK line); llvm-mc: {}; CHECK: {}",
                r.llvm,
                doc.llvm_mc_version,
                answer(&r.llvm_bytes, &r.llvm_text, &r.llvm_error),
                answer(&r.check_bytes, &r.check_text, &r.check_error),
            );
            out.push(run_finding(
                doc,
                &base,
                r,
                format!("llvm/{llvm}"),
                level,
                message,
            ));
        }
        let ours = column(&r.ours);
        if ["ours-differs", "we-reject", "we-accept"].contains(&ours.as_str()) {
            let against = if r.ours_vs_check {
                "the CHECK line"
            } else {
                "llvm-mc"
            };
            let mut message = format!("{} (ours against {against})", r.ours);
            if let Some(fields) = &r.fields {
                message.push_str(&format!(": {fields}"));
            }
            message.push_str(&format!(
                "; ours: {}; llvm-mc: {}",
                answer(&r.ours_bytes, &r.ours_text, &r.ours_error),
                answer(&r.llvm_bytes, &r.llvm_text, &r.llvm_error),
            ));
            if let Some(blame) = &r.blame {
                message.push_str(&format!("; blame: {blame}"));
            }
            out.push(run_finding(
                doc,
                &base,
                r,
                format!("ours/{ours}"),
                Level::Error,
                message,
            ));
        }
    }
    out
}

fn run_finding(
    doc: &RunDocument,
    base: &str,
    r: &CaseRecord,
    rule: String,
    level: Level,
    message: String,
) -> Finding {
    let mut properties = Map::new();
    properties.insert("corpus".into(), json!(doc.corpus_version));
    properties.insert("llvm_mc_version".into(), json!(doc.llvm_mc_version));
    properties.insert("mcpu".into(), json!(r.mcpu));
    properties.insert("mattr".into(), json!(r.mattr));
    properties.insert("run_line".into(), json!(r.run_line));
    Finding {
        rule,
        level,
        title: format!("{}{}: `{}`", r.mcpu, mattr_suffix(&r.mattr), r.text),
        message,
        place: Place::File {
            base: base.to_string(),
            path: r.file.clone(),
            line: r.line,
        },
        replay: (!r.replay.is_empty())
            .then(|| r.replay.clone())
            .into_iter()
            .collect(),
        baseline_state: None,
        properties,
    }
}

fn mattr_suffix(mattr: &[String]) -> String {
    crate::gate::mattr_suffix(mattr)
}

/// One side's answer as a message says it: bytes and text, or the error, or `none`.
fn answer(bytes: &Option<Vec<String>>, text: &Option<String>, error: &Option<String>) -> String {
    match (bytes, text, error) {
        (_, _, Some(e)) => format!("error: {e}"),
        (Some(b), Some(t), _) => format!("{t} [{}]", b.join(",")),
        (Some(b), None, _) => format!("[{}]", b.join(",")),
        (None, Some(t), _) => t.clone(),
        (None, None, None) => "none".into(),
    }
}

/// The SARIF run of `mcdiff run`: one per invocation, every corpus's findings in it.
pub fn run_sarif(docs: &[RunDocument], roots: &BTreeMap<String, PathBuf>) -> SarifRun {
    let shard = docs.iter().find_map(|d| d.shard);
    SarifRun {
        category: category("run", shard.map(|s| s.to_string())),
        bases: docs
            .iter()
            .filter_map(|d| {
                let root = roots.get(&d.corpus_version)?;
                Some((corpus_base(&d.corpus_version), root.clone()))
            })
            .collect(),
        findings: docs.iter().flat_map(run_findings).collect(),
    }
}

/// runAutomationDetails.id: `mcdiff/<command>/`, or `mcdiff/<command>/shard-K-of-N/`.
pub fn category(command: &str, shard: Option<String>) -> String {
    match shard {
        Some(s) => format!("mcdiff/{command}/shard-{}/", s.replace('/', "-of-")),
        None => format!("mcdiff/{command}/"),
    }
}

/// The SARIF run of `mcdiff gate`: a finding per changed answer. With a baseline, the
/// reviewed changes are notes (baselineState `unchanged`) and the others errors (`new`);
/// without one every change is an error, as the exit status says.
pub fn gate_sarif(
    report: &crate::gate::GateReport,
    corpus_root: &Path,
    baseline: Option<&std::collections::BTreeSet<String>>,
) -> SarifRun {
    let base = corpus_base(&report.corpus_version);
    let findings = report
        .changes
        .iter()
        .map(|c| {
            let reviewed = baseline.is_some_and(|b| b.contains(&c.baseline_line()));
            let mut properties = Map::new();
            properties.insert("corpus".into(), json!(report.corpus_version));
            properties.insert("old_llvm_mc".into(), json!(report.old_version));
            properties.insert("new_llvm_mc".into(), json!(report.new_version));
            properties.insert("mcpu".into(), json!(c.mcpu));
            properties.insert("mattr".into(), json!(c.mattr));
            properties.insert("run_line".into(), json!(c.run_line));
            let mut message = format!(
                "{}: llvm-mc {}: {}; llvm-mc {}: {}; ours agrees with: {}",
                c.kind, report.old_version, c.old, report.new_version, c.new, c.ours
            );
            if let Some(shape) = &c.shape {
                message.push_str(&format!("; shape: {shape}"));
            }
            if c.seen_by_check {
                message.push_str("; a CHECK line of the test sees it");
            }
            message.push_str(if reviewed {
                "; reviewed (in the baseline)"
            } else {
                "; unreviewed"
            });
            Finding {
                rule: format!("gate/{}", c.kind),
                level: if reviewed { Level::Note } else { Level::Error },
                title: format!("{}{}: `{}`", c.mcpu, mattr_suffix(&c.mattr), c.text),
                message,
                place: Place::File {
                    base: base.clone(),
                    path: c.file.clone(),
                    line: c.line,
                },
                replay: (!c.replay.is_empty())
                    .then(|| c.replay.clone())
                    .into_iter()
                    .collect(),
                baseline_state: baseline.map(|_| if reviewed { "unchanged" } else { "new" }),
                properties,
            }
        })
        .collect();
    SarifRun {
        category: category("gate", report.shard.map(|s| s.to_string())),
        bases: BTreeMap::from([(base, corpus_root.to_path_buf())]),
        findings,
    }
}

/// The SARIF run of `mcdiff fuzz`: a finding per rule (disagreement x blame x subject),
/// told by its first minimised example, and one per input llvm-mc faulted on alone. There
/// is no test file: the place is logical, `<mcpu>/<mode>/<subject>`.
pub fn fuzz_sarif(r: &crate::fuzz::report::Report) -> SarifRun {
    let mut findings = Vec::new();
    let props = || {
        let mut p = Map::new();
        p.insert("mcpu".into(), json!(r.mcpu));
        p.insert("mode".into(), json!(r.mode));
        p.insert("seed".into(), json!(r.seed));
        p.insert("llvm_mc_version".into(), json!(r.llvm_mc_version));
        p
    };
    for rule in &r.rules {
        let mut properties = props();
        properties.insert("blame".into(), json!(rule.blame));
        properties.insert("subject".into(), json!(rule.subject));
        properties.insert("count".into(), json!(rule.count));
        properties.insert("mutations".into(), json!(rule.mutations));
        let mut message = format!(
            "{} (blame {}), {} findings",
            rule.kind, rule.blame, rule.count
        );
        let (title, replay) = match rule.examples.first() {
            Some(e) => {
                message.push_str(&format!(
                    "; e.g. `{}`: ours: {}; llvm-mc: {}",
                    e.reproducer, e.ours, e.llvm
                ));
                if !e.detail.is_empty() {
                    message.push_str(&format!("; {}", e.detail));
                }
                (
                    format!("{} {}: `{}`", r.mcpu, r.mode, e.reproducer),
                    e.replay.clone(),
                )
            }
            None => (
                format!("{} {}: {}", r.mcpu, r.mode, rule.subject),
                Vec::new(),
            ),
        };
        findings.push(Finding {
            rule: format!("fuzz/{}", rule.kind),
            // llvm-lenient: llvm-mc is the one at fault.
            level: if rule.blame == "llvm-lenient" {
                Level::Warning
            } else {
                Level::Error
            },
            title,
            message,
            place: Place::Logical {
                name: format!("{}/{}/{}", r.mcpu, r.mode, rule.subject),
            },
            replay,
            baseline_state: None,
            properties,
        });
    }
    for (reason, group) in &r.faults {
        for c in &group.culprits {
            let mut properties = props();
            properties.insert("reason".into(), json!(reason));
            let mut message = format!("llvm-mc {reason}");
            if let Some(d) = &c.diagnostic {
                message.push_str(&format!(": {d}"));
            }
            findings.push(Finding {
                rule: "fuzz/llvm-mc-fault".into(),
                level: Level::Error,
                title: format!("{} {}: `{}`", r.mcpu, r.mode, c.input),
                message,
                place: Place::Logical {
                    name: format!("{}/{}/llvm-mc-fault", r.mcpu, r.mode),
                },
                replay: vec![c.replay.clone()],
                baseline_state: None,
                properties,
            });
        }
    }
    SarifRun {
        category: category(&format!("fuzz/{}-{}", r.mcpu, r.mode), r.shard.clone()),
        bases: BTreeMap::new(),
        findings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_folders_are_file_uris_ending_in_a_slash() {
        assert_eq!(dir_uri(Path::new("/a b/c")), "file:///a%20b/c/");
        assert_eq!(dir_uri(Path::new("/x/")), "file:///x/");
    }

    #[test]
    fn shards_get_their_own_category() {
        assert_eq!(category("run", None), "mcdiff/run/");
        assert_eq!(
            category("run", Some("2/4".into())),
            "mcdiff/run/shard-2-of-4/"
        );
    }
}
