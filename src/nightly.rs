//! The nightly cross-check report (`mcdiff report`): reads the JSON of `mcdiff run` (both
//! corpora, each with its own llvm-mc) and of `mcdiff gate` (old corpus, new llvm-mc), and
//! writes a static HTML page, a Markdown summary and a JUnit file, and the night's line of
//! `history.jsonl` so the page shows the trend against earlier nights.
//!
//! The page opens from disk: no script, no network; its charts are inline SVG built here.
//! Rendering goes through `minijinja` templates under `templates/`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use minijinja::{context, Environment, UndefinedBehavior, Value};
use serde::{Deserialize, Serialize};

use crate::gate::mattr_suffix;
use crate::jsonl;
use crate::junit::{Failure, Suite, TestCase};
use crate::report::{CaseRecord, FINDING_COLUMNS, LLVM_COLUMNS, OURS_COLUMNS};
use crate::selection::{Selection, Shard};

/// `mcdiff report`: render the nightly page, summary and JUnit from run and gate JSON.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// JSON written by `mcdiff run --json` (one document per corpus and line; repeatable).
    #[arg(long = "run", value_name = "FILE", required = true)]
    pub runs: Vec<PathBuf>,
    /// JSON written by `mcdiff gate --json`.
    #[arg(long, value_name = "FILE")]
    pub gate: Option<PathBuf>,
    /// The gate's reviewed changes (e.g. snapshots/gate/19.1.7-to-22.1.8.snap): changes not
    /// in it are counted and listed as unreviewed.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// Earlier nights, one JSON line each (read for the trend; see --append-history).
    #[arg(long, value_name = "FILE")]
    pub history: Option<PathBuf>,
    /// Append tonight's line to --history after the reports are written.
    #[arg(long, requires = "history")]
    pub append_history: bool,
    /// Tonight's date as recorded in the history (default: now, UTC, ISO 8601).
    #[arg(long, value_name = "TEXT")]
    pub date: Option<String>,
    /// What the run was restricted to (e.g. `--file gfx11_asm_vop2.s`); only nights with
    /// the same selection are compared.
    #[arg(long, value_name = "TEXT", default_value = "")]
    pub selection: String,
    /// Write the HTML page here.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Write the Markdown summary here.
    #[arg(long, value_name = "FILE")]
    pub md: Option<PathBuf>,
    /// Write JUnit XML here: a test case per corpus and target, failed when it got worse
    /// than the last night with the same selection; the gate's faults and unreviewed changes.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Examples shown per divergence class and gate kind.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub examples: usize,
    /// Files listed under "worst files", per corpus.
    #[arg(long, default_value_t = 15, value_name = "N")]
    pub worst: usize,
    /// The errata catalogue listed on the page (default: the repository's errata/, when
    /// it is there).
    #[arg(long, value_name = "DIR")]
    pub errata: Option<PathBuf>,
    #[command(subcommand)]
    pub action: Option<ReportAction>,
}

/// What `mcdiff report` does besides rendering.
#[derive(clap::Subcommand, Debug)]
pub enum ReportAction {
    /// Merge the JSON of the shards of `mcdiff run --shard K/N` (or of `mcdiff gate --shard
    /// K/N`) into the JSON, and JUnit, of one unsharded run.
    Merge(crate::merge::MergeArgs),
}

// ---------------------------------------------------------------------------------------
// Inputs (the documented JSON of `mcdiff run` and `mcdiff gate`).

/// One corpus of `mcdiff run --json`.
#[derive(Debug, Clone, Deserialize)]
pub struct RunDoc {
    pub corpus_version: String,
    pub llvm_mc_version: String,
    #[serde(default)]
    pub llvm_mc_path: String,
    /// Set on the JSON of one shard (`--shard K/N`): refused, a part is not the run.
    #[serde(default)]
    pub shard: Option<Shard>,
    #[serde(default)]
    pub files: u64,
    #[serde(default)]
    pub failed_runs: Vec<serde_json::Value>,
    pub targets: BTreeMap<String, TargetCounts>,
    #[serde(default)]
    pub records: Vec<CaseRecord>,
}

/// Per-target counts on both axes.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct TargetCounts {
    pub cases: u64,
    #[serde(default)]
    pub llvm: BTreeMap<String, u64>,
    #[serde(default)]
    pub ours: BTreeMap<String, u64>,
}

impl TargetCounts {
    fn llvm(&self, k: &str) -> u64 {
        self.llvm.get(k).copied().unwrap_or(0)
    }
    fn ours(&self, k: &str) -> u64 {
        self.ours.get(k).copied().unwrap_or(0)
    }
    fn add(&mut self, o: &TargetCounts) {
        self.cases += o.cases;
        for (k, n) in &o.llvm {
            *self.llvm.entry(k.clone()).or_default() += n;
        }
        for (k, n) in &o.ours {
            *self.ours.entry(k.clone()).or_default() += n;
        }
    }
    /// Every case is `no-spec`: no AMD spec serves the target.
    fn spec_less(&self) -> bool {
        self.cases > 0 && self.ours("no-spec") == self.cases
    }
}

/// Reading back a case record of `mcdiff run --json`.
impl CaseRecord {
    fn llvm_finding(&self) -> bool {
        self.llvm.starts_with("check-differs") || self.llvm.starts_with("not-run")
    }
    fn ours_column(&self) -> &str {
        self.ours.split(':').next().unwrap_or("").trim()
    }
    fn ours_diverged(&self) -> bool {
        matches!(
            self.ours_column(),
            "ours-differs" | "we-reject" | "we-accept"
        )
    }
}

/// `mcdiff gate --json`, its fields in the order `mcdiff gate` writes them (`mcdiff report
/// merge` writes merged shards back).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct GateDoc {
    pub corpus_version: String,
    pub old_version: String,
    pub new_version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    #[serde(default)]
    pub selection: Selection,
    pub cases: u64,
    #[serde(default)]
    pub not_compared: u64,
    #[serde(default)]
    pub faults: Vec<String>,
    pub changes: Vec<GateChange>,
}

/// One change of the gate.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct GateChange {
    pub file: String,
    pub run_line: u64,
    pub line: u64,
    pub mcpu: String,
    #[serde(default)]
    pub mattr: Vec<String>,
    pub text: String,
    pub kind: String,
    pub old: String,
    pub new: String,
    #[serde(default)]
    pub seen_by_check: bool,
    #[serde(default)]
    pub ours: String,
    pub shape: Option<String>,
}

impl GateChange {
    /// The baseline line of this change, as [`crate::gate::Change::baseline_line`] writes it.
    pub fn baseline_line(&self) -> String {
        crate::gate::baseline_line(
            &self.kind,
            &self.file,
            self.line as usize,
            self.run_line as usize,
            &self.mcpu,
        )
    }
    fn side(&self) -> &'static str {
        if self.file.contains("Disassembler") {
            "disassembler"
        } else {
            "assembler"
        }
    }
}

// ---------------------------------------------------------------------------------------
// History: one line per night.

/// One night in `history.jsonl`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Night {
    pub date: String,
    /// What the run was restricted to (empty: everything).
    #[serde(default)]
    pub selection: String,
    /// Corpus version -> its run.
    pub corpora: BTreeMap<String, NightCorpus>,
    #[serde(default)]
    pub gate: Option<NightGate>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct NightCorpus {
    pub llvm_mc: String,
    pub targets: BTreeMap<String, NightTarget>,
}

/// A target's night: the ours axis (cases, match, match rate) and the llvm findings.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct NightTarget {
    pub cases: u64,
    #[serde(rename = "match")]
    pub matched: u64,
    /// match / cases.
    pub match_rate: f64,
    pub agrees: u64,
    pub check_differs: u64,
    pub not_run: u64,
    /// Decoded words llvm-mc re-encodes to other bytes.
    #[serde(default)]
    pub reencodes: u64,
    /// ours-differs + we-reject + we-accept.
    #[serde(default)]
    pub diverged: u64,
    #[serde(default)]
    pub unsupported: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct NightGate {
    pub corpus: String,
    pub old: String,
    pub new: String,
    pub cases: u64,
    pub changes: u64,
    /// Changes not in the baseline (null: no baseline given).
    pub unreviewed: Option<u64>,
    pub faults: u64,
    pub by_kind: BTreeMap<String, u64>,
}

fn night_target(c: &TargetCounts) -> NightTarget {
    let matched = c.ours("match");
    NightTarget {
        cases: c.cases,
        matched,
        match_rate: rate(matched, c.cases),
        agrees: c.llvm("agrees"),
        check_differs: c.llvm("check-differs"),
        not_run: c.llvm("not-run"),
        reencodes: c.llvm("reencodes"),
        diverged: c.ours("ours-differs") + c.ours("we-reject") + c.ours("we-accept"),
        unsupported: c.ours("unsupported"),
    }
}

fn rate(n: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        n as f64 / of as f64
    }
}

/// Tonight's history line.
pub fn night(
    date: &str,
    selection: &str,
    runs: &[RunDoc],
    gate: Option<&GateDoc>,
    unreviewed: Option<u64>,
) -> Night {
    let corpora = runs
        .iter()
        .map(|r| {
            let targets = r
                .targets
                .iter()
                .map(|(t, c)| (t.clone(), night_target(c)))
                .collect();
            (
                r.corpus_version.clone(),
                NightCorpus {
                    llvm_mc: r.llvm_mc_version.clone(),
                    targets,
                },
            )
        })
        .collect();
    let gate = gate.map(|g| {
        let mut by_kind = BTreeMap::new();
        for c in &g.changes {
            *by_kind.entry(c.kind.clone()).or_default() += 1;
        }
        NightGate {
            corpus: g.corpus_version.clone(),
            old: g.old_version.clone(),
            new: g.new_version.clone(),
            cases: g.cases,
            changes: g.changes.len() as u64,
            unreviewed,
            faults: g.faults.len() as u64,
            by_kind,
        }
    });
    Night {
        date: date.to_string(),
        selection: selection.to_string(),
        corpora,
        gate,
    }
}

/// Reads `history.jsonl` (missing file: no nights yet).
pub fn read_history(path: &Path) -> Result<Vec<Night>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    jsonl::lines(path, &text)
        .map(|(place, l)| {
            serde_json::from_str(l).with_context(|| format!("{place}: not a history line"))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Reading the inputs.

/// Reads every corpus document of `mcdiff run --json` files.
pub fn read_runs(paths: &[PathBuf]) -> Result<Vec<RunDoc>> {
    let mut runs: Vec<RunDoc> = Vec::new();
    for path in paths {
        let text = jsonl::read(path)?;
        for (place, line) in jsonl::lines(path, &text) {
            let doc: RunDoc = serde_json::from_str(line)
                .with_context(|| format!("{place}: not a `mcdiff run --json` document"))?;
            refuse_shard(&place, doc.shard)?;
            if runs.iter().any(|r| r.corpus_version == doc.corpus_version) {
                bail!("{place}: corpus {} given twice", doc.corpus_version);
            }
            runs.push(doc);
        }
    }
    if runs.is_empty() {
        bail!("no corpus in the --run files");
    }
    runs.sort_by_key(|r| version_key(&r.corpus_version));
    Ok(runs)
}

/// A shard's JSON holds part of the files: reporting it as the night would be wrong.
fn refuse_shard(place: &str, shard: Option<Shard>) -> Result<()> {
    match shard {
        Some(shard) => bail!(
            "{place}: shard {shard} of a run: merge every shard first (`mcdiff report merge`)"
        ),
        None => Ok(()),
    }
}

fn version_key(v: &str) -> Vec<u64> {
    v.split('.').map(|p| p.parse().unwrap_or(0)).collect()
}

fn target_key(t: &str) -> (u64, u64, u64, String) {
    // gfxMMms: major, minor, stepping (a hex digit: gfx90a after gfx908).
    let id = t.trim_start_matches("gfx");
    let parsed = (id.len() >= 3 && id.chars().all(|c| c.is_ascii_hexdigit()))
        .then(|| {
            let (major, rest) = id.split_at(id.len() - 2);
            let major = major.parse::<u64>().ok()?;
            let minor = u64::from_str_radix(&rest[..1], 16).ok()?;
            let step = u64::from_str_radix(&rest[1..], 16).ok()?;
            Some((major, minor, step))
        })
        .flatten();
    let (a, b, c) = parsed.unwrap_or((u64::MAX, 0, 0));
    (a, b, c, t.to_string())
}

// ---------------------------------------------------------------------------------------
// The view the templates render.

#[derive(Serialize)]
struct TargetRow {
    name: String,
    title: String,
    cases: u64,
    llvm: Vec<u64>,
    ours: Vec<u64>,
    rate: String,
    rate_pct: f64,
    delta: String,
    delta_class: &'static str,
    spec: bool,
}

#[derive(Serialize)]
struct CorpusView {
    version: String,
    llvm_mc_version: String,
    llvm_mc_path: String,
    files: u64,
    failed_runs: usize,
    cases: u64,
    findings: u64,
    spec_rate: String,
    rows: Vec<TargetRow>,
    total: TargetRow,
    classes: Vec<ClassView>,
    unsupported: Vec<ReasonView>,
    unsupported_more: usize,
    worst: Vec<FileView>,
    charts: Vec<Spark>,
}

#[derive(Serialize)]
struct ClassView {
    axis: &'static str,
    name: String,
    count: u64,
    files: usize,
    targets: String,
    causes: String,
    examples: Vec<Example>,
}

#[derive(Serialize)]
struct Example {
    place: String,
    mcpu: String,
    text: String,
    llvm: String,
    ours: String,
    answers: Vec<(String, String)>,
    fields: Option<String>,
    blame: Option<String>,
    known: Option<String>,
    replay: String,
}

#[derive(Serialize)]
struct ReasonView {
    reason: String,
    count: u64,
    targets: String,
    example: String,
}

#[derive(Serialize)]
struct FileView {
    file: String,
    findings: u64,
    cols: Vec<u64>,
    unsupported: u64,
    targets: String,
}

/// The finding columns of the worst-files table.
const FILE_COLUMNS: &[&str] = FINDING_COLUMNS;

#[derive(Serialize)]
struct Spark {
    target: String,
    last: String,
    change: String,
    change_class: &'static str,
    points: String,
    dots: Vec<(f64, f64)>,
    hi: String,
    lo: String,
    nights: usize,
    from: String,
    to: String,
}

#[derive(Serialize)]
struct GateView {
    corpus: String,
    old: String,
    new: String,
    cases: u64,
    not_compared: u64,
    changes: u64,
    seen_by_check: u64,
    unreviewed: Option<u64>,
    unreviewed_list: Vec<String>,
    gone: u64,
    faults: Vec<String>,
    kinds: Vec<KindView>,
    ours: Vec<(String, u64)>,
    shapes: Vec<(String, u64)>,
    shapes_more: usize,
    targets: Vec<(String, u64)>,
}

#[derive(Serialize)]
struct KindView {
    kind: String,
    assembler: u64,
    disassembler: u64,
    seen_by_check: u64,
    unreviewed: Option<u64>,
    ours: String,
    examples: Vec<GateExample>,
}

#[derive(Serialize)]
struct GateExample {
    place: String,
    mcpu: String,
    text: String,
    old: String,
    new: String,
    ours: String,
    seen_by_check: bool,
    shape: Option<String>,
    reviewed: Option<bool>,
}

fn pct(r: f64) -> String {
    format!("{:.2}%", r * 100.0)
}

fn top(map: &BTreeMap<String, u64>, n: usize) -> String {
    let mut v: Vec<_> = map.iter().collect();
    v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let mut s: Vec<String> = v.iter().take(n).map(|(k, c)| format!("{k} {c}")).collect();
    if v.len() > n {
        s.push(format!("+{} more", v.len() - n));
    }
    s.join(", ")
}

/// "1694× invalid operand for instruction; 181× missing dim operand".
fn top_causes(map: &BTreeMap<String, u64>, n: usize) -> String {
    let mut v: Vec<_> = map.iter().collect();
    v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let mut s: Vec<String> = v.iter().take(n).map(|(k, c)| format!("{c}× {k}")).collect();
    if v.len() > n {
        s.push(format!("{} more", v.len() - n));
    }
    s.join("; ")
}

fn hex(b: &Option<Vec<String>>) -> Option<String> {
    b.as_ref().map(|b| format!("[{}]", b.join(",")))
}

fn answers(r: &CaseRecord) -> Vec<(String, String)> {
    let side = |bytes: &Option<Vec<String>>, text: &Option<String>, err: &Option<String>| {
        let mut parts = Vec::new();
        if let Some(t) = text {
            parts.push(t.clone());
        }
        if let Some(b) = hex(bytes) {
            parts.push(b);
        }
        if let Some(e) = err {
            parts.push(format!("error: {e}"));
        }
        if parts.is_empty() {
            "none".to_string()
        } else {
            parts.join(" ; ")
        }
    };
    vec![
        (
            "ours".into(),
            side(&r.ours_bytes, &r.ours_text, &r.ours_error),
        ),
        (
            "llvm-mc".into(),
            side(&r.llvm_bytes, &r.llvm_text, &r.llvm_error),
        ),
        (
            "CHECK".into(),
            side(&r.check_bytes, &r.check_text, &r.check_error),
        ),
    ]
}

fn example(r: &CaseRecord) -> Example {
    Example {
        place: format!("{}:{} (RUN line {})", r.file, r.line, r.run_line),
        mcpu: format!("{}{}", r.mcpu, mattr_suffix(&r.mattr)),
        text: r.text.clone(),
        llvm: r.llvm.clone(),
        ours: r.ours.clone(),
        answers: answers(r),
        fields: r.fields.clone(),
        blame: r.blame.clone(),
        known: r.known.clone(),
        replay: r.replay.clone(),
    }
}

/// The divergence classes of a record: `llvm` findings by verdict; `ours` divergences by
/// verdict and blame kind.
fn classes_of(r: &CaseRecord) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if r.llvm_finding() {
        out.push(("llvm", r.llvm.clone()));
    }
    if r.ours_diverged() {
        let name = match r.blame.as_deref() {
            Some(b) => format!(
                "{} · blame {}",
                r.ours,
                b.split([' ', ':', '(']).next().unwrap_or(b)
            ),
            None => r.ours.clone(),
        };
        out.push(("ours", name));
    }
    out
}

/// Picks up to `n` examples, from different files where it can, else with different text.
struct Picker<T> {
    n: usize,
    chosen: Vec<(String, String, T)>,
    spare: Vec<(String, T)>,
}

impl<T> Picker<T> {
    fn new(n: usize) -> Self {
        Picker {
            n,
            chosen: Vec::new(),
            spare: Vec::new(),
        }
    }
    fn offer(&mut self, file: &str, text: &str, make: impl FnOnce() -> T) {
        if self.chosen.len() >= self.n {
            return;
        }
        if !self.chosen.iter().any(|(f, _, _)| f == file) {
            self.chosen
                .push((file.to_string(), text.to_string(), make()));
        } else if self.spare.len() < self.n
            && !self.spare.iter().any(|(t, _)| t == text)
            && !self.chosen.iter().any(|(_, t, _)| t == text)
        {
            self.spare.push((text.to_string(), make()));
        }
    }
    fn finish(self) -> Vec<T> {
        let n = self.n;
        self.chosen
            .into_iter()
            .map(|(_, _, e)| e)
            .chain(self.spare.into_iter().map(|(_, e)| e))
            .take(n)
            .collect()
    }
}

/// What most often lies behind a class: the differing fields or operands of `ours-differs`,
/// our message for `we-reject`, llvm-mc's for `we-accept`.
fn cause_of(r: &CaseRecord) -> Option<String> {
    match r.ours_column() {
        "ours-differs" => r.fields.as_deref().map(field_names),
        "we-reject" => r.ours_error.clone(),
        "we-accept" => r.llvm_error.clone(),
        _ => None,
    }
}

#[derive(Default)]
struct FileAcc {
    /// Cases per finding column ([`FILE_COLUMNS`]).
    cols: BTreeMap<&'static str, u64>,
    /// Cases with a finding on either axis.
    findings: u64,
    unsupported: u64,
    targets: BTreeMap<String, u64>,
}

/// The field or operand names of a field diff: "length: ours 8, llvm-mc 4 bytes (a; b);
/// SRC0: ours 0xff, llvm-mc 0xf0" -> "length + SRC0" (`;` inside brackets does not split).
fn field_names(fields: &str) -> String {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, ch) in fields.char_indices() {
        match ch {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ';' if depth <= 0 => {
                parts.push(&fields[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&fields[start..]);
    parts
        .iter()
        .map(|p| p.split(':').next().unwrap_or(p).trim())
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" + ")
}

struct ClassAcc {
    count: u64,
    files: BTreeSet<String>,
    targets: BTreeMap<String, u64>,
    causes: BTreeMap<String, u64>,
    examples: Picker<Example>,
}

impl ClassAcc {
    fn new(examples: usize) -> Self {
        ClassAcc {
            count: 0,
            files: BTreeSet::new(),
            targets: BTreeMap::new(),
            causes: BTreeMap::new(),
            examples: Picker::new(examples),
        }
    }
    fn add(&mut self, axis: &str, r: &CaseRecord) {
        self.count += 1;
        self.files.insert(r.file.clone());
        *self.targets.entry(r.mcpu.clone()).or_default() += 1;
        if axis == "ours" {
            if let Some(c) = cause_of(r) {
                *self.causes.entry(c).or_default() += 1;
            }
        }
        self.examples.offer(&r.file, &r.text, || example(r));
    }
}

/// One unsupported reason: how often, on which targets, and the first case that gave it.
struct ReasonAcc {
    count: u64,
    targets: BTreeMap<String, u64>,
    example: String,
}

impl FileAcc {
    /// Counts the record under each of its finding columns ([`FILE_COLUMNS`]).
    fn add_columns(&mut self, r: &CaseRecord) {
        for col in [r.llvm.split(':').next().unwrap_or(""), r.ours_column()] {
            if let Some(c) = FILE_COLUMNS.iter().find(|c| **c == col) {
                *self.cols.entry(*c).or_default() += 1;
            }
        }
    }
}

/// The records of a run, counted by divergence class, unsupported reason and file.
#[derive(Default)]
struct Tally {
    classes: BTreeMap<(&'static str, String), ClassAcc>,
    reasons: BTreeMap<String, ReasonAcc>,
    files: BTreeMap<String, FileAcc>,
    /// Cases with a finding on either axis.
    findings: u64,
}

impl Tally {
    fn of(records: &[CaseRecord], examples: usize) -> Self {
        let mut t = Tally::default();
        for r in records {
            t.add(r, examples);
        }
        t
    }
    fn add(&mut self, r: &CaseRecord, examples: usize) {
        let cls = classes_of(r);
        let f = self.files.entry(r.file.clone()).or_default();
        if !cls.is_empty() {
            self.findings += 1;
            f.findings += 1;
            *f.targets.entry(r.mcpu.clone()).or_default() += 1;
        }
        f.add_columns(r);
        if r.ours_column() == "unsupported" {
            f.unsupported += 1;
            add_reason(&mut self.reasons, r);
        }
        for key in cls {
            let axis = key.0;
            self.classes
                .entry(key)
                .or_insert_with(|| ClassAcc::new(examples))
                .add(axis, r);
        }
    }
}

fn add_reason(reasons: &mut BTreeMap<String, ReasonAcc>, r: &CaseRecord) {
    let reason = r.ours.trim_start_matches("unsupported:").trim().to_string();
    let e = reasons.entry(reason).or_insert_with(|| ReasonAcc {
        count: 0,
        targets: BTreeMap::new(),
        example: format!("{}:{} {}: {}", r.file, r.line, r.mcpu, r.text),
    });
    e.count += 1;
    *e.targets.entry(r.mcpu.clone()).or_default() += 1;
}

/// The divergence classes, `llvm` first, then the most frequent.
fn class_views(classes: BTreeMap<(&'static str, String), ClassAcc>) -> Vec<ClassView> {
    let mut views: Vec<ClassView> = classes
        .into_iter()
        .map(|((axis, name), acc)| ClassView {
            axis,
            name,
            count: acc.count,
            files: acc.files.len(),
            targets: top(&acc.targets, 6),
            causes: top_causes(&acc.causes, 4),
            examples: acc.examples.finish(),
        })
        .collect();
    views.sort_by(|a, b| {
        a.axis
            .cmp(b.axis)
            .then(b.count.cmp(&a.count))
            .then(a.name.cmp(&b.name))
    });
    views
}

/// The 25 most frequent unsupported reasons, and how many more there are.
fn reason_views(reasons: BTreeMap<String, ReasonAcc>) -> (Vec<ReasonView>, usize) {
    let mut views: Vec<ReasonView> = reasons
        .into_iter()
        .map(|(reason, acc)| ReasonView {
            reason,
            count: acc.count,
            targets: top(&acc.targets, 4),
            example: acc.example,
        })
        .collect();
    views.sort_by(|a, b| b.count.cmp(&a.count).then(a.reason.cmp(&b.reason)));
    let more = views.len().saturating_sub(25);
    views.truncate(25);
    (views, more)
}

/// The `worst` files with the most findings (then unsupported cases).
fn file_views(files: BTreeMap<String, FileAcc>, worst: usize) -> Vec<FileView> {
    let mut views: Vec<FileView> = files
        .into_iter()
        .filter(|(_, f)| f.findings > 0 || f.unsupported > 0)
        .map(|(file, f)| FileView {
            file,
            findings: f.findings,
            cols: FILE_COLUMNS
                .iter()
                .map(|c| f.cols.get(c).copied().unwrap_or(0))
                .collect(),
            unsupported: f.unsupported,
            targets: top(&f.targets, 3),
        })
        .collect();
    views.sort_by(|a, b| {
        b.findings
            .cmp(&a.findings)
            .then(b.unsupported.cmp(&a.unsupported))
            .then(a.file.cmp(&b.file))
    });
    views.truncate(worst);
    views
}

/// The change in matched cases since the last night, and whether the rate went up or down.
fn match_delta(matched: u64, r: f64, p: &NightTarget) -> (String, &'static str) {
    let d = matched as i64 - p.matched as i64;
    let dr = r - p.match_rate;
    let class = if dr < -1e-12 {
        "down"
    } else if dr > 1e-12 {
        "up"
    } else {
        ""
    };
    let delta = if d == 0 {
        "±0".into()
    } else {
        format!("{d:+}")
    };
    (delta, class)
}

/// One row of the targets table.
fn target_row(
    name: String,
    title: String,
    c: &TargetCounts,
    prev: Option<&NightTarget>,
) -> TargetRow {
    let r = rate(c.ours("match"), c.cases);
    let (delta, delta_class) = match prev {
        Some(p) => match_delta(c.ours("match"), r, p),
        None => ("new".to_string(), ""),
    };
    TargetRow {
        name,
        title,
        cases: c.cases,
        llvm: LLVM_COLUMNS.iter().map(|k| c.llvm(k)).collect(),
        ours: OURS_COLUMNS.iter().map(|k| c.ours(k)).collect(),
        rate: pct(r),
        rate_pct: (r * 1000.0).round() / 10.0,
        delta,
        delta_class,
        spec: !c.spec_less(),
    }
}

/// The targets table: a row per target with a spec, one for those without, and the total.
struct TargetTable {
    rows: Vec<TargetRow>,
    total: TargetRow,
    /// The match rate over the targets with a spec.
    spec_rate: String,
}

fn target_table(run: &RunDoc, prev: Option<&NightCorpus>) -> TargetTable {
    let mut names: Vec<&String> = run.targets.keys().collect();
    names.sort_by_key(|t| target_key(t));
    let mut rows = Vec::new();
    let (mut spec_less, mut spec_less_names) = (TargetCounts::default(), Vec::new());
    let mut prev_spec_less = NightTarget::default();
    let mut total = TargetCounts::default();
    let mut spec_total = TargetCounts::default();
    for t in names {
        let c = &run.targets[t];
        total.add(c);
        let p = prev.and_then(|p| p.targets.get(t));
        if c.spec_less() {
            spec_less.add(c);
            spec_less_names.push(t.clone());
            if let Some(p) = p {
                prev_spec_less.cases += p.cases;
                prev_spec_less.matched += p.matched;
            }
        } else {
            spec_total.add(c);
            rows.push(target_row(t.clone(), String::new(), c, p));
        }
    }
    if !spec_less_names.is_empty() {
        let n = spec_less_names.len();
        rows.push(target_row(
            format!("{n} target{} without a spec", if n == 1 { "" } else { "s" }),
            spec_less_names.join(" "),
            &spec_less,
            prev.map(|_| &prev_spec_less),
        ));
    }
    let prev_total = prev.map(night_total);
    TargetTable {
        rows,
        total: target_row("total".into(), String::new(), &total, prev_total.as_ref()),
        spec_rate: pct(rate(spec_total.ours("match"), spec_total.cases)),
    }
}

/// A night's cases and matches over all its targets.
fn night_total(p: &NightCorpus) -> NightTarget {
    let mut t = NightTarget::default();
    for x in p.targets.values() {
        t.cases += x.cases;
        t.matched += x.matched;
    }
    t.match_rate = rate(t.matched, t.cases);
    t
}

fn corpus_view(
    run: &RunDoc,
    prev: Option<&NightCorpus>,
    history: &[&Night],
    tonight: &Night,
    args: &ReportArgs,
) -> CorpusView {
    let table = target_table(run, prev);
    let tally = Tally::of(&run.records, args.examples);
    let (unsupported, unsupported_more) = reason_views(tally.reasons);
    CorpusView {
        version: run.corpus_version.clone(),
        llvm_mc_version: run.llvm_mc_version.clone(),
        llvm_mc_path: run.llvm_mc_path.clone(),
        files: run.files,
        failed_runs: run.failed_runs.len(),
        cases: table.total.cases,
        findings: tally.findings,
        spec_rate: table.spec_rate,
        rows: table.rows,
        total: table.total,
        classes: class_views(tally.classes),
        unsupported,
        unsupported_more,
        worst: file_views(tally.files, args.worst),
        charts: sparks(&run.corpus_version, run, history, tonight),
    }
}

// ---------------------------------------------------------------------------------------
// Charts: one small line chart of the ours match rate per target over the nights.

const SPARK_W: f64 = 220.0;
const SPARK_H: f64 = 64.0;
const SPARK_PAD: f64 = 6.0;
/// Room at the left for the range labels.
const SPARK_LEFT: f64 = 42.0;

fn sparks(corpus: &str, run: &RunDoc, history: &[&Night], tonight: &Night) -> Vec<Spark> {
    let mut names: Vec<&String> = run
        .targets
        .iter()
        .filter(|(_, c)| !c.spec_less())
        .map(|(t, _)| t)
        .collect();
    names.sort_by_key(|t| target_key(t));
    let nights: Vec<&Night> = history.iter().copied().chain([tonight]).collect();
    names
        .into_iter()
        .map(|t| {
            let series: Vec<Option<f64>> = nights
                .iter()
                .map(|n| {
                    n.corpora
                        .get(corpus)
                        .and_then(|c| c.targets.get(t))
                        .map(|x| x.match_rate)
                })
                .collect();
            let mut s = spark(t, &series);
            let day = |n: &&Night| n.date.get(..10).unwrap_or(&n.date).to_string();
            s.from = nights.first().map(day).unwrap_or_default();
            s.to = nights.last().map(day).unwrap_or_default();
            s
        })
        .collect()
}

/// One chart: x evenly spaced by night, y scaled to the series' range (at least 2 points of
/// percentage), nights without the target left out.
fn spark(target: &str, series: &[Option<f64>]) -> Spark {
    let vals: Vec<f64> = series.iter().flatten().copied().collect();
    let (mut lo, mut hi) = vals
        .iter()
        .fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(*v), h.max(*v)));
    if vals.is_empty() {
        (lo, hi) = (0.0, 1.0);
    }
    if hi - lo < 0.02 {
        let mid = (hi + lo) / 2.0;
        lo = (mid - 0.01).max(0.0);
        hi = (lo + 0.02).min(1.0);
        lo = hi - 0.02;
    }
    let n = series.len();
    let x = |i: usize| {
        if n <= 1 {
            (SPARK_LEFT + SPARK_W - SPARK_PAD) / 2.0
        } else {
            SPARK_LEFT + i as f64 * (SPARK_W - SPARK_LEFT - SPARK_PAD) / (n - 1) as f64
        }
    };
    let y = |v: f64| SPARK_PAD + (hi - v) / (hi - lo) * (SPARK_H - 2.0 * SPARK_PAD);
    let pts: Vec<(f64, f64)> = series
        .iter()
        .enumerate()
        .filter_map(|(i, v)| {
            v.map(|v| ((x(i) * 10.0).round() / 10.0, (y(v) * 10.0).round() / 10.0))
        })
        .collect();
    let points = pts
        .iter()
        .map(|(a, b)| format!("{a},{b}"))
        .collect::<Vec<_>>()
        .join(" ");
    let last = vals.last().copied();
    let before = vals.len().checked_sub(2).map(|i| vals[i]);
    let (change, change_class) = match (last, before) {
        (Some(l), Some(b)) if (l - b).abs() > 1e-12 => (
            format!("{:+.2} pt", (l - b) * 100.0),
            if l > b { "up" } else { "down" },
        ),
        (Some(_), Some(_)) => ("±0".to_string(), ""),
        _ => ("first night".to_string(), ""),
    };
    Spark {
        target: target.to_string(),
        last: last.map(pct).unwrap_or_default(),
        change,
        change_class,
        points,
        dots: pts.last().copied().into_iter().collect(),
        hi: format!("{:.1}%", hi * 100.0),
        lo: format!("{:.1}%", lo * 100.0),
        nights: vals.len(),
        from: String::new(),
        to: String::new(),
    }
}

// ---------------------------------------------------------------------------------------
// The gate.

fn gate_example(c: &GateChange, reviewed: Option<bool>) -> GateExample {
    GateExample {
        place: format!("{}:{} (RUN line {})", c.file, c.line, c.run_line),
        mcpu: format!("{}{}", c.mcpu, mattr_suffix(&c.mattr)),
        text: c.text.clone(),
        old: c.old.clone(),
        new: c.new.clone(),
        ours: c.ours.clone(),
        seen_by_check: c.seen_by_check,
        shape: c.shape.clone(),
        reviewed,
    }
}

/// One kind of change: its counts, our verdicts on it, and its examples.
struct KindAcc {
    view: KindView,
    ours: BTreeMap<String, u64>,
    examples: Picker<GateExample>,
}

impl KindAcc {
    fn new(kind: &str, baseline: bool, examples: usize) -> Self {
        KindAcc {
            view: KindView {
                kind: kind.to_string(),
                assembler: 0,
                disassembler: 0,
                seen_by_check: 0,
                unreviewed: baseline.then_some(0),
                ours: String::new(),
                examples: Vec::new(),
            },
            ours: BTreeMap::new(),
            examples: Picker::new(examples),
        }
    }
    fn add(&mut self, c: &GateChange, ours_key: &str, reviewed: Option<bool>) {
        let k = &mut self.view;
        match c.side() {
            "assembler" => k.assembler += 1,
            _ => k.disassembler += 1,
        }
        k.seen_by_check += u64::from(c.seen_by_check);
        *self.ours.entry(ours_key.to_string()).or_default() += 1;
        if reviewed == Some(false) {
            *k.unreviewed.get_or_insert(0) += 1;
        }
        self.examples
            .offer(&c.file, &c.text, || gate_example(c, reviewed));
    }
    fn finish(mut self) -> KindView {
        self.view.ours = top(&self.ours, 5);
        self.view.examples = self.examples.finish();
        self.view
    }
}

/// The gate's changes, counted by kind, our verdict, shape and target.
#[derive(Default)]
struct GateTally<'a> {
    kinds: BTreeMap<&'a str, KindAcc>,
    ours: BTreeMap<String, u64>,
    shapes: BTreeMap<String, u64>,
    targets: BTreeMap<String, u64>,
    /// The first 20 changes not in the baseline.
    unreviewed_list: Vec<String>,
}

impl<'a> GateTally<'a> {
    fn of(g: &'a GateDoc, baseline: Option<&BTreeSet<String>>, examples: usize) -> Self {
        let mut t = GateTally::default();
        for c in &g.changes {
            t.add(c, baseline, examples);
        }
        t
    }
    fn add(&mut self, c: &'a GateChange, baseline: Option<&BTreeSet<String>>, examples: usize) {
        let reviewed = baseline.map(|b| b.contains(&c.baseline_line()));
        let ours_key = c.ours.split(':').next().unwrap_or("");
        self.kinds
            .entry(&c.kind)
            .or_insert_with(|| KindAcc::new(&c.kind, baseline.is_some(), examples))
            .add(c, ours_key, reviewed);
        *self.ours.entry(ours_key.to_string()).or_default() += 1;
        if let Some(s) = &c.shape {
            *self.shapes.entry(s.clone()).or_default() += 1;
        }
        *self.targets.entry(c.mcpu.clone()).or_default() += 1;
        if reviewed == Some(false) && self.unreviewed_list.len() < 20 {
            self.unreviewed_list.push(c.baseline_line());
        }
    }
}

/// The kinds of change, the most frequent first.
fn kind_views(kinds: BTreeMap<&str, KindAcc>) -> Vec<KindView> {
    let mut views: Vec<KindView> = kinds.into_values().map(KindAcc::finish).collect();
    views.sort_by(|a, b| {
        (b.assembler + b.disassembler)
            .cmp(&(a.assembler + a.disassembler))
            .then(a.kind.cmp(&b.kind))
    });
    views
}

/// Counts, the largest first.
fn by_count(m: BTreeMap<String, u64>) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = m.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

fn gate_view(g: &GateDoc, baseline: Option<&BTreeSet<String>>, examples: usize) -> GateView {
    let tally = GateTally::of(g, baseline, examples);
    let mut shapes = by_count(tally.shapes);
    let shapes_more = shapes.len().saturating_sub(12);
    shapes.truncate(12);
    let seen: BTreeSet<String> = g.changes.iter().map(GateChange::baseline_line).collect();
    GateView {
        corpus: g.corpus_version.clone(),
        old: g.old_version.clone(),
        new: g.new_version.clone(),
        cases: g.cases,
        not_compared: g.not_compared,
        changes: g.changes.len() as u64,
        seen_by_check: g.changes.iter().filter(|c| c.seen_by_check).count() as u64,
        unreviewed: unreviewed_count(g, baseline),
        unreviewed_list: tally.unreviewed_list,
        gone: baseline.map_or(0, |b| b.difference(&seen).count() as u64),
        faults: g.faults.clone(),
        kinds: kind_views(tally.kinds),
        ours: by_count(tally.ours),
        shapes,
        shapes_more,
        targets: by_count(tally.targets),
    }
}

fn unreviewed_count(g: &GateDoc, baseline: Option<&BTreeSet<String>>) -> Option<u64> {
    baseline.map(|b| {
        g.changes
            .iter()
            .filter(|c| !b.contains(&c.baseline_line()))
            .count() as u64
    })
}

// ---------------------------------------------------------------------------------------
// JUnit: did anything get worse since the last comparable night; is the gate clean.

/// A nightly test case: the suite is its class name, a failure's message is its detail.
fn junit_case(suite: &str, name: &str, failure: Option<String>, out: String) -> TestCase {
    TestCase {
        name: name.to_string(),
        classname: Some(suite.to_string()),
        failure: failure.map(|message| Failure {
            detail: message.clone(),
            message,
        }),
        system_out: Some(out),
    }
}

/// What got worse for a target since the night before.
fn worse_than(now: &NightTarget, b: &NightTarget) -> Vec<String> {
    let mut worse = Vec::new();
    if now.match_rate + 1e-12 < b.match_rate {
        worse.push(format!(
            "ours match rate fell from {} to {} ({} -> {} of {} cases)",
            pct(b.match_rate),
            pct(now.match_rate),
            b.matched,
            now.matched,
            now.cases
        ));
    }
    if now.check_differs > b.check_differs {
        worse.push(format!(
            "llvm check-differs rose from {} to {}",
            b.check_differs, now.check_differs
        ));
    }
    if now.not_run > b.not_run {
        worse.push(format!(
            "llvm not-run rose from {} to {}",
            b.not_run, now.not_run
        ));
    }
    if now.reencodes > b.reencodes {
        worse.push(format!(
            "llvm reencodes rose from {} to {}",
            b.reencodes, now.reencodes
        ));
    }
    worse
}

fn target_case(suite: &str, t: &str, now: &NightTarget, before: Option<&NightTarget>) -> TestCase {
    let worse = before.map(|b| worse_than(now, b)).unwrap_or_default();
    junit_case(
        suite,
        t,
        (!worse.is_empty()).then(|| worse.join("; ")),
        format!(
            "cases {}, match {} ({}), diverged {}, unsupported {}, agrees {}, \
             check-differs {}, not-run {}, reencodes {}{}",
            now.cases,
            now.matched,
            pct(now.match_rate),
            now.diverged,
            now.unsupported,
            now.agrees,
            now.check_differs,
            now.not_run,
            now.reencodes,
            if before.is_none() {
                "; no earlier night to compare with"
            } else {
                ""
            }
        ),
    )
}

/// A case per target of the run.
fn corpus_suite(run: &RunDoc, prev: Option<&Night>) -> Suite {
    let name = format!("nightly.{}", run.corpus_version);
    let mut names: Vec<&String> = run.targets.keys().collect();
    names.sort_by_key(|t| target_key(t));
    let cases = names
        .into_iter()
        .map(|t| {
            let before = prev
                .and_then(|p| p.corpora.get(&run.corpus_version))
                .and_then(|c| c.targets.get(t));
            target_case(&name, t, &night_target(&run.targets[t]), before)
        })
        .collect();
    Suite { name, cases }
}

/// The gate's cases: llvm-mc faults, and (with a baseline) unreviewed changes.
fn gate_suite(g: &GateView) -> Suite {
    let name = format!("nightly.gate.{}-to-{}", g.old, g.new);
    let faults = (!g.faults.is_empty()).then(|| {
        format!(
            "{} llvm-mc runs faulted: {}",
            g.faults.len(),
            g.faults.join("; ")
        )
    });
    let compared = format!(
        "{} cases compared, {} not compared",
        g.cases, g.not_compared
    );
    let mut cases = vec![junit_case(&name, "faults", faults, compared)];
    if let Some(n) = g.unreviewed {
        let failure = (n > 0).then(|| {
            format!(
                "{n} of {} changes are not in the baseline: {}",
                g.changes,
                g.unreviewed_list.join("; ")
            )
        });
        let out = format!("{} changes, all reviewed", g.changes);
        cases.push(junit_case(&name, "unreviewed changes", failure, out));
    }
    Suite { name, cases }
}

fn junit_suites(runs: &[RunDoc], prev: Option<&Night>, gate: Option<&GateView>) -> Vec<Suite> {
    runs.iter()
        .map(|run| corpus_suite(run, prev))
        .chain(gate.map(gate_suite))
        .collect()
}

// ---------------------------------------------------------------------------------------
// Rendering.

fn environment() -> Result<Environment<'static>> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_keep_trailing_newline(true);
    env.add_template(
        "nightly.html",
        include_str!("../templates/nightly.html.jinja"),
    )?;
    env.add_template("summary.md", include_str!("../templates/summary.md.jinja"))?;
    env.add_filter("num", num);
    env.add_filter("mdcell", |s: String| {
        s.replace('|', "\\|").replace('\n', " ")
    });
    Ok(env)
}

/// 1234567 -> "1,234,567".
fn num(v: Value) -> String {
    let Some(n) = v.as_i64() else {
        return v.to_string();
    };
    let s = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// Now, UTC, as `YYYY-MM-DDTHH:MM:SSZ`.
fn now_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Everything `mcdiff report` writes, rendered.
pub struct Rendered {
    pub html: String,
    pub md: String,
    pub junit: String,
    pub night: Night,
}

/// Renders the reports from parsed inputs.
pub fn render(
    args: &ReportArgs,
    runs: &[RunDoc],
    gate: Option<&GateDoc>,
    baseline: Option<&BTreeSet<String>>,
    history: &[Night],
    date: &str,
    errata: &[crate::errata::Erratum],
) -> Result<Rendered> {
    let tonight = night(
        date,
        &args.selection,
        runs,
        gate,
        gate.and_then(|g| unreviewed_count(g, baseline)),
    );
    let comparable: Vec<&Night> = history
        .iter()
        .filter(|n| n.selection == args.selection)
        .collect();
    let prev = comparable.last().copied();
    let corpora: Vec<CorpusView> = runs
        .iter()
        .map(|r| {
            corpus_view(
                r,
                prev.and_then(|p| p.corpora.get(&r.corpus_version)),
                &comparable,
                &tonight,
                args,
            )
        })
        .collect();
    let gate_view = gate.map(|g| gate_view(g, baseline, args.examples));
    let suites = junit_suites(runs, prev, gate_view.as_ref());
    let failures: usize = suites.iter().map(Suite::failures).sum();
    let tests: usize = suites.iter().map(|s| s.cases.len()).sum();
    let gate_trend: Vec<(String, u64)> = comparable
        .iter()
        .copied()
        .chain([&tonight])
        .filter_map(|n| {
            let date = n.date.get(..16).unwrap_or(&n.date).replace('T', " ");
            n.gate.as_ref().map(|g| (date, g.changes))
        })
        .collect();
    let ctx = context! {
        date => date,
        selection => &args.selection,
        nights => comparable.len() + 1,
        prev_date => prev.map(|p| p.date.clone()),
        corpora => &corpora,
        gate => &gate_view,
        gate_trend => gate_trend.iter().rev().take(10).collect::<Vec<_>>(),
        llvm_columns => LLVM_COLUMNS,
        ours_columns => OURS_COLUMNS,
        file_columns => FILE_COLUMNS,
        failures => failures,
        tests => tests,
        spark_w => SPARK_W,
        spark_h => SPARK_H,
        errata => errata,
    };
    let env = environment()?;
    Ok(Rendered {
        html: env.get_template("nightly.html")?.render(&ctx)?,
        md: env.get_template("summary.md")?.render(&ctx)?,
        junit: crate::junit::render(Some(&format!("mcdiff nightly {date}")), &suites),
        night: tonight,
    })
}

/// Runs `mcdiff report`.
pub fn cmd(args: ReportArgs) -> Result<ExitCode> {
    let runs = read_runs(&args.runs)?;
    let gate: Option<GateDoc> = match &args.gate {
        Some(p) => {
            let text = jsonl::read(p)?;
            let doc: GateDoc = serde_json::from_str(&text)
                .with_context(|| format!("{}: not a `mcdiff gate --json` document", p.display()))?;
            refuse_shard(&p.display().to_string(), doc.shard)?;
            Some(doc)
        }
        None => None,
    };
    let baseline = match &args.baseline {
        Some(p) => Some(crate::gate::read_baseline(
            &std::fs::read_to_string(p).with_context(|| format!("reading {}", p.display()))?,
        )),
        None => None,
    };
    let history = match &args.history {
        Some(p) => read_history(p)?,
        None => Vec::new(),
    };
    let date = args.date.clone().unwrap_or_else(now_utc);
    let errata = crate::errata::load_catalogue(args.errata.as_deref())?;
    let out = render(
        &args,
        &runs,
        gate.as_ref(),
        baseline.as_ref(),
        &history,
        &date,
        &errata,
    )?;
    for (path, text) in [
        (&args.html, &out.html),
        (&args.md, &out.md),
        (&args.junit, &out.junit),
    ] {
        if let Some(path) = path {
            crate::output::write_atomically(path, text)?;
        }
    }
    if let (true, Some(path)) = (args.append_history, &args.history) {
        // The history read above plus tonight's line, renamed into place: an interrupted
        // append never leaves a torn last line for the next night to trip on.
        let mut text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        };
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&serde_json::to_string(&out.night)?);
        text.push('\n');
        crate::output::write_atomically(path, &text)?;
    }
    if args.md.is_none() && args.html.is_none() && args.junit.is_none() {
        print!("{}", out.md);
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baseline_line_is_the_gates() {
        let c = crate::gate::Change {
            file: "MC/AMDGPU/x.s".into(),
            run_line: 2,
            line: 7,
            mcpu: "gfx1100".into(),
            mattr: vec!["+wavefrontsize32".into()],
            text: "s_nop 0".into(),
            kind: "bytes",
            old: "a".into(),
            new: "b".into(),
            seen_by_check: true,
            ours: "new".into(),
            shape: None,
            replay: String::new(),
        };
        let parsed: GateChange = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(parsed.baseline_line(), c.baseline_line());
    }

    #[test]
    fn numbers_and_dates_read_well() {
        assert_eq!(num(Value::from(1234567)), "1,234,567");
        assert_eq!(num(Value::from(12)), "12");
        let d = now_utc();
        assert_eq!(d.len(), 20, "{d}");
        assert!(d.starts_with("20"), "{d}");
    }

    #[test]
    fn field_names_skip_bracketed_semicolons() {
        assert_eq!(
            field_names(
                "length: ours 8, llvm-mc 4 bytes (ENC_VOP2 is 4 bytes; the rest is literal \
                 data); SRC0: ours 0xff, llvm-mc 0xf0"
            ),
            "length + SRC0"
        );
        assert_eq!(
            field_names("operand 1: ours `v5.l`, llvm-mc `v5`"),
            "operand 1"
        );
    }

    #[test]
    fn targets_sort_by_generation() {
        let mut t = vec!["gfx1100", "gfx90a", "gfx908", "gfx1010", "gfx942", "gfx800"];
        t.sort_by_key(|t| target_key(t));
        assert_eq!(
            t,
            ["gfx800", "gfx908", "gfx90a", "gfx942", "gfx1010", "gfx1100"]
        );
    }

    #[test]
    fn flat_series_gets_a_readable_range() {
        let s = spark("gfx1100", &[Some(0.98), Some(0.98), Some(0.985)]);
        assert_eq!(s.nights, 3);
        assert_eq!(s.change, "+0.50 pt");
        assert!(s.points.split(' ').count() == 3);
    }
}
