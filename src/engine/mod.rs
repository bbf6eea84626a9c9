//! The differential run: every case of every RUN line, through our encoder and llvm-mc.
//!
//! Work is grouped so llvm-mc is asked once per distinct (file, flags); groups with the same
//! flags in several files are asked together, and share one llvm-mc process where their
//! inputs allow it (see [`crate::llvm_mc::RunCache::run_many`]). Units of work run in parallel.

use anyhow::{Context, Result};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

mod assembler;
mod disassembler;
pub(crate) mod refused;
mod round_trip;

pub use assembler::encoded_bytes;

use crate::classify::{OursAnswer, Verdict};
use crate::coverage::{Exercised, SpecInstRef};
use crate::llvm_mc::{Fault, FaultKind, LlvmAnswer, LlvmMc, LlvmRun, RunCache};
use crate::selection::Selection;
use crate::semantics::{SemaVerdict, Semantics};
use crate::tally::{Cell, Tally};
use assembler::assembler_results;
use disassembler::disassembly_results;
use mcdiff_asm::decode::Disassembler;
use mcdiff_asm::target::TargetCtx;
use mcdiff_asm::Assembler;
use mcdiff_lit::{CheckExpectation, InputFilter, RunKind, RunLine, TestFile};
use mcdiff_spec::{SpecLoader, TargetSpec, TargetStatus};

/// What to run.
pub struct EngineConfig {
    /// `llvm-tests/<version>` root.
    pub corpus_root: PathBuf,
    pub corpus_version: String,
    pub llvm_mc: LlvmMc,
    pub cache: RunCache,
    /// Which files (and shard of them) and RUN lines to run.
    pub selection: Selection,
    /// The composed specs, shared by the runs of one process so each target loads once.
    pub specs: Arc<SpecCache>,
    /// The pseudocode executor, shared by the runs of one process so each distinct
    /// instruction runs once; it must read the same data folder as `specs`.
    pub semantics: Arc<Semantics>,
}

/// One case and its verdict.
#[derive(Debug, Clone)]
pub struct CaseResult {
    /// Which occurrence of its text in the file the line is (1 for the first).
    pub occurrence: usize,
    pub file: Arc<str>,
    pub line: usize,
    pub run_index: usize,
    pub run_line: usize,
    /// `-mcpu` (or `(default)` when the RUN line names none).
    pub target: Arc<str>,
    /// The RUN line's `-mattr` features.
    pub mattr: Arc<[String]>,
    pub text: String,
    pub ours: OursAnswer,
    pub llvm: LlvmAnswer,
    pub recorded: CheckExpectation,
    /// The printed instruction text of the deciding CHECK line.
    pub recorded_text: Option<String>,
    pub verdict: Verdict,
    /// `ours-differs`: the encoding fields (or printed operands) that differ.
    pub fields: Option<String>,
    /// Who is likely wrong, where a documented rule can tell (see [`explain::blame`]).
    pub blame: Option<String>,
    /// Our instruction's pseudocode run over its operands (lines we encoded or decoded).
    pub sema: Option<SemaVerdict>,
    /// Disassembler cases we decoded: does our printed text re-assemble to the bytes?
    pub roundtrip: Option<bool>,
    /// The llvm-mc command line of this case's run (input on stdin).
    pub command: Arc<str>,
    /// The spec instructions the line is (two for a dual-issue pair), for spec coverage;
    /// see [`crate::coverage::spec_instructions_of`].
    pub spec_insts: Vec<SpecInstRef>,
}

impl CaseResult {
    /// What names the case across runs of its corpus (the gate pairs old and new by it).
    pub fn key(&self) -> CaseKey {
        (
            self.file.clone(),
            self.run_index,
            self.text.clone(),
            self.occurrence,
        )
    }

    /// A shell command that reproduces llvm-mc's answer for this line.
    pub fn replay(&self) -> String {
        format!(
            "printf '%s\\n' {} | {}",
            crate::replay::word(&self.text),
            self.command
        )
    }
}

/// A case's name across runs of its corpus: file, RUN line index, text and which
/// occurrence of the text in the file it is.
pub type CaseKey = (Arc<str>, usize, String, usize);

/// A test path the engine does not read (a symbolic link, a pipe...), with why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkippedPath {
    pub file: String,
    pub reason: String,
}

/// A RUN line the engine could not use, with why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkippedRun {
    pub file: String,
    pub line: usize,
    pub reason: String,
}

/// The whole run's results.
#[derive(Debug, Clone)]
pub struct Report {
    pub corpus_version: String,
    pub llvm_mc_version: String,
    pub llvm_mc_path: String,
    pub files: usize,
    /// Files the `--file` filters took before the shard split: none is bad input, while
    /// one shard of a small selection may well hold no file.
    pub matched_files: usize,
    /// What the run covers (the shard included).
    pub selection: Selection,
    /// RUN lines by kind (`encode`, `error`, ...), all files.
    pub run_kinds: BTreeMap<String, usize>,
    /// Selected test paths not read (symbolic links are not followed), with why.
    pub skipped_paths: Vec<SkippedPath>,
    pub unparsed_runs: Vec<SkippedRun>,
    /// RUN lines llvm-mc gave no usable answer for; their cases are `not-run`.
    pub failed_runs: Vec<SkippedRun>,
    /// RUN lines that repeat an earlier RUN line of the same file verbatim (checked once).
    pub duplicate_runs: Vec<SkippedRun>,
    /// Input files that could not be read (malformed pseudocode...): bad input.
    pub input_errors: Vec<String>,
    /// What the reports count, over every case.
    pub tally: Tally,
    /// The cases the caller of [`run`] chose to keep (those a report lists one by one).
    pub cases: Cases,
}

/// A run's kept cases in plan order, in the vectors the (file, flags) groups made them in
/// (joining them would copy every kept case while the group vectors are still held).
#[derive(Debug, Clone, Default)]
pub struct Cases(Vec<Vec<CaseResult>>);

impl Cases {
    pub fn iter(&self) -> std::iter::Flatten<std::slice::Iter<'_, Vec<CaseResult>>> {
        self.0.iter().flatten()
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(Vec::is_empty)
    }
}

impl IntoIterator for Cases {
    type Item = CaseResult;
    type IntoIter = std::iter::Flatten<std::vec::IntoIter<Vec<CaseResult>>>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter().flatten()
    }
}

impl<'a> IntoIterator for &'a Cases {
    type Item = &'a CaseResult;
    type IntoIter = std::iter::Flatten<std::slice::Iter<'a, Vec<CaseResult>>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Loads and caches composed specs per `-mcpu`: each is loaded once, different
/// architectures side by side, and shared by the groups (and the runs) that use it.
pub struct SpecCache {
    /// Shared by the workers: it loads different architectures side by side.
    loader: SpecLoader,
    /// One slot per target, filled once: the map's lock is held only to find the slot, so
    /// a group whose target is loaded never waits on another target's loading.
    loaded: Mutex<HashMap<String, Arc<LoadedSpec>>>,
}

/// A target's spec, or why it failed to load, once loaded.
type LoadedSpec = std::sync::OnceLock<Arc<Result<TargetSpec, String>>>;

impl SpecCache {
    /// An empty cache over the spec files of the data folder `data_dir`.
    pub fn new(data_dir: &Path) -> SpecCache {
        SpecCache {
            loader: crate::data::spec_loader(data_dir),
            loaded: Mutex::new(HashMap::new()),
        }
    }

    fn get(&self, mcpu: &str) -> Arc<Result<TargetSpec, String>> {
        let slot = {
            let mut loaded = self.loaded.lock().expect("spec cache lock");
            Arc::clone(loaded.entry(mcpu.to_string()).or_default())
        };
        let spec =
            slot.get_or_init(|| Arc::new(self.loader.load_target(mcpu).map_err(|e| e.to_string())));
        Arc::clone(spec)
    }

    /// The errors of the specs of `mcpus` that failed to load (each names its file and
    /// line): bad input, which fails the run once their cases are reported `unsupported`.
    /// A run asks for its own targets' only: the cache may hold another run's.
    fn load_errors<'a>(&self, mcpus: impl IntoIterator<Item = &'a str>) -> Vec<String> {
        let loaded = self.loaded.lock().expect("spec cache lock");
        (mcpus.into_iter())
            .filter_map(|mcpu| loaded.get(mcpu)?.get()?.as_ref().as_ref().err().cloned())
            .collect()
    }
}

/// One llvm-mc invocation's worth of work: a file, the flags, and the RUN lines sharing them.
struct Group<'a> {
    file: &'a TestFile,
    /// The test file's size when planned.
    file_bytes: u64,
    args: Vec<String>,
    input_filter: Option<InputFilter>,
    runs: Vec<&'a RunLine>,
}

/// The selected test files, read for their RUN lines (each group reads its file again).
struct Headers {
    /// Each file with its path under the corpus root, in corpus order.
    files: Vec<(TestFile, String)>,
    /// How many files the selection's file filter matches.
    matched_files: usize,
    /// Selected test paths that are not read, with why.
    skipped: Vec<SkippedPath>,
}

fn read_headers(config: &EngineConfig) -> Result<Headers> {
    let root = &config.corpus_root;
    let reading = || format!("reading {}", root.display());
    let mut selected = Vec::new();
    let mut matched_files = 0;
    let paths = mcdiff_lit::corpus_paths(root).with_context(reading)?;
    let relative = |path: &Path| {
        path.strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string()
    };
    let skipped = (paths.skipped.iter())
        .map(|(path, reason)| SkippedPath {
            file: relative(path),
            reason: reason.clone(),
        })
        .filter(|p| config.selection.covers_file(&p.file))
        .collect();
    for path in paths.files {
        let relative = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        matched_files += usize::from(config.selection.matches_file(&relative));
        if config.selection.covers_file(&relative) {
            selected.push((path, relative));
        }
    }
    // Read on every core: one by one, they kept the others idle for about half a second per
    // corpus before the first group ran. The first unreadable file in corpus order is the
    // error, as it was.
    let read: Vec<_> = (selected.par_iter())
        .map(|(path, _)| mcdiff_lit::read_test_header(root, path))
        .collect();
    let mut headers = Vec::with_capacity(selected.len());
    for (file, (_, relative)) in read.into_iter().zip(selected) {
        headers.push((file.with_context(reading)?, relative));
    }
    Ok(Headers {
        files: headers,
        matched_files,
        skipped,
    })
}

/// Runs every case of the selection; every case is counted in the report's [`Tally`] as its
/// group finishes, and only those `keep` accepts are held (a report lists a few thousand of
/// a corpus's million cases one by one; the gate pairs them all).
pub fn run(
    config: &EngineConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
    keep: &(dyn Fn(&CaseResult) -> bool + Sync),
) -> Result<Report> {
    let Headers {
        files: headers,
        matched_files,
        skipped: skipped_paths,
    } = read_headers(config)?;
    let mut plan = Plan::default();
    for (file, path) in &headers {
        plan.add_file(config, file, path.clone());
    }
    let specs = &*config.specs;
    let semantics = &*config.semantics;
    let done = std::sync::atomic::AtomicUsize::new(0);
    let total = plan.groups.len();
    let finished = |out: &mut GroupOutcome| {
        out.cases.retain(keep);
        out.cases.shrink_to_fit();
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(n, total);
    };
    let mut outcomes = run_groups(config, &plan.groups, &finished);
    // Back in plan order.
    outcomes.sort_by_key(|(i, _)| *i);
    let outcomes = outcomes.into_iter().map(|(_, out)| out);
    let mut cases = Vec::with_capacity(outcomes.len());
    let mut tally = Tally::default();
    let mut failed_runs = Vec::new();
    let mut input_errors = semantics.load_errors();
    let mcpus: std::collections::BTreeSet<&str> = (plan.groups.iter())
        .filter_map(|g| g.runs[0].processor())
        .collect();
    input_errors.extend(specs.load_errors(mcpus));
    for outcome in outcomes {
        if let (true, Some(f)) = (outcome.unreadable, &outcome.failure) {
            input_errors.push(f.reason.clone());
        }
        if let Some(counted) = outcome.counted {
            tally.add(
                counted.file,
                counted.target,
                &counted.cell,
                &counted.exercised,
            );
        }
        cases.push(outcome.cases);
        failed_runs.extend(outcome.failure);
    }
    input_errors.sort();
    input_errors.dedup();
    Ok(Report {
        corpus_version: config.corpus_version.clone(),
        llvm_mc_version: config.llvm_mc.version.clone(),
        llvm_mc_path: config.llvm_mc.path.display().to_string(),
        files: plan.files,
        matched_files,
        selection: config.selection.clone(),
        run_kinds: plan.run_kinds,
        skipped_paths,
        unparsed_runs: plan.unparsed_runs,
        failed_runs,
        duplicate_runs: plan.duplicate_runs,
        input_errors,
        tally,
        cases: Cases(cases),
    })
}

/// Each group's outcome, tagged with its place in the plan (in no order), `finished` called on
/// each as it completes.
///
/// With a cache folder, each file is first read once for all its groups, as without batches;
/// a group that may share a process and whose answer is not cached waits for the batch
/// units. Without one, every answer is asked of llvm-mc: the batch units come first.
fn run_groups(
    config: &EngineConfig,
    groups: &[Group],
    finished: &(dyn Fn(&mut GroupOutcome) + Sync),
) -> Vec<(usize, GroupOutcome)> {
    let all: Vec<usize> = (0..groups.len()).collect();
    let batches = config.cache.batches();
    let (mut outcomes, waiting) = if batches && config.cache.persistent() {
        answer_from_cache_first(config, groups, &all, finished)
    } else {
        (Vec::new(), all)
    };
    let (specs, semantics) = (&*config.specs, &*config.semantics);
    let units = units_of(groups, &waiting, batches);
    outcomes.extend(
        units
            .par_iter()
            .flat_map_iter(|unit| -> Vec<(usize, GroupOutcome)> {
                match unit {
                    Unit::File(members) => {
                        // A file's groups are adjacent in the plan: the file is read and
                        // parsed once for all.
                        let input = read_group_file(config, groups[members[0]].file);
                        (members.iter())
                            .map(|&i| {
                                let mut out =
                                    run_group(config, specs, semantics, &groups[i], &input);
                                finished(&mut out);
                                (i, out)
                            })
                            .collect()
                    }
                    Unit::Batch(members) => {
                        let mut outs = run_batch(config, specs, semantics, groups, members);
                        outs.iter_mut().for_each(|(_, out)| finished(out));
                        outs
                    }
                }
            })
            .collect::<Vec<_>>(),
    );
    outcomes
}

/// The pass of [`run_groups`] over every file once: the outcomes of the groups answered
/// without a shared process (from the cache, or alone), and the groups waiting for a batch.
fn answer_from_cache_first(
    config: &EngineConfig,
    groups: &[Group],
    all: &[usize],
    finished: &(dyn Fn(&mut GroupOutcome) + Sync),
) -> (Vec<(usize, GroupOutcome)>, Vec<usize>) {
    let (specs, semantics) = (&*config.specs, &*config.semantics);
    let waiting = Mutex::new(Vec::new());
    let outcomes = (units_of(groups, all, false).par_iter())
        .flat_map_iter(|unit| -> Vec<(usize, GroupOutcome)> {
            let members = unit.members();
            let input = read_group_file(config, groups[members[0]].file);
            (members.iter())
                .filter_map(|&i| {
                    let group = &groups[i];
                    let mut out = match (&input, may_share(group)) {
                        (Ok(input), true) => {
                            let prepared = prepare(group, input);
                            let Some(answer) = answer_without_llvm_mc(config, group, &prepared)
                            else {
                                waiting.lock().expect("waiting groups").push(i);
                                return None;
                            };
                            let parsed = &input.parsed;
                            finish_group(config, specs, semantics, group, parsed, prepared, answer)
                        }
                        _ => run_group(config, specs, semantics, group, &input),
                    };
                    finished(&mut out);
                    Some((i, out))
                })
                .collect()
        })
        .collect();
    let mut waiting = waiting.into_inner().expect("waiting groups");
    waiting.sort_unstable();
    (outcomes, waiting)
}

/// The selected files' RUN lines, grouped by (file, flags).
#[derive(Default)]
struct Plan<'a> {
    files: usize,
    run_kinds: BTreeMap<String, usize>,
    unparsed_runs: Vec<SkippedRun>,
    duplicate_runs: Vec<SkippedRun>,
    groups: Vec<Group<'a>>,
}

impl<'a> Plan<'a> {
    fn add_file(&mut self, config: &EngineConfig, file: &'a TestFile, path: String) {
        self.files += 1;
        for u in &file.unparsed {
            self.unparsed_runs.push(SkippedRun {
                file: path.clone(),
                line: u.line,
                reason: u.reason.clone(),
            });
        }
        let mut by_args: Vec<Group> = Vec::new();
        let mut seen: HashMap<&str, usize> = HashMap::new();
        let file_bytes =
            std::fs::metadata(config.corpus_root.join(&file.path)).map_or(0, |m| m.len());
        for run in &file.runs {
            *self
                .run_kinds
                .entry(kind_name(&run.kind).to_string())
                .or_insert(0) += 1;
            if !matches!(
                run.kind,
                RunKind::Encode | RunKind::Error | RunKind::Print | RunKind::Disassemble
            ) {
                continue;
            }
            if !config.selection.matches_mcpu(run.processor()) {
                continue;
            }
            // A RUN line repeated verbatim checks nothing new: count its cases once.
            if let Some(first) = seen.insert(run.raw.as_str(), run.line) {
                seen.insert(run.raw.as_str(), first);
                self.duplicate_runs.push(SkippedRun {
                    file: path.clone(),
                    line: run.line,
                    reason: format!("repeats the RUN line at line {first} verbatim"),
                });
                continue;
            }
            let args = llvm_args(run);
            match by_args
                .iter_mut()
                .find(|g| g.args == args && g.input_filter == run.input_filter)
            {
                Some(g) => g.runs.push(run),
                None => by_args.push(Group {
                    file,
                    file_bytes,
                    args,
                    input_filter: run.input_filter.clone(),
                    runs: vec![run],
                }),
            }
        }
        self.groups.extend(by_args);
    }
}

/// What one worker does at a time: a file's groups (its file read once for all), or groups
/// of several files with the same llvm-mc flags whose llvm-mc inputs may share a process
/// ([`crate::llvm_mc::RunCache::run_many`]). Groups by their index in the plan.
enum Unit {
    File(Vec<usize>),
    Batch(Vec<usize>),
}

/// The most groups a batch unit takes: enough that a cold run starts a few dozen llvm-mc
/// processes where it started one per group, few enough that both cores stay busy to the end
/// and a unit's files are held in memory together.
const BATCH_GROUPS: usize = 24;

/// The most test file bytes a batch unit takes (each file is held with its parse).
const BATCH_BYTES: u64 = 6 << 20;

/// The groups listed in `wanted` (in plan order) as units of work. With
/// `batches`, the groups that may share an llvm-mc process ([`may_share`]) go into batch
/// units by their flags, in plan order; the others, and a flag's lone group, stay with
/// their file.
fn units_of(groups: &[Group], wanted: &[usize], batches: bool) -> Vec<Unit> {
    let mut by_flags: Vec<(&[String], bool, Vec<usize>)> = Vec::new();
    let mut alone: Vec<usize> = Vec::new();
    for &i in wanted {
        let g = &groups[i];
        if !(batches && may_share(g)) {
            alone.push(i);
            continue;
        }
        let disassembly = is_disassembly(g.runs[0]);
        match (by_flags.iter_mut()).find(|(a, d, _)| *a == g.args.as_slice() && *d == disassembly) {
            Some((_, _, members)) => members.push(i),
            None => by_flags.push((&g.args, disassembly, vec![i])),
        }
    }
    let mut units = Vec::new();
    for (_, _, members) in by_flags {
        if members.len() < 2 {
            alone.extend(members);
            continue;
        }
        let mut unit = Vec::new();
        let mut bytes = 0;
        for i in members {
            let size = file_size(&groups[i]);
            if !unit.is_empty() && (unit.len() == BATCH_GROUPS || bytes + size > BATCH_BYTES) {
                units.push(std::mem::take(&mut unit));
                bytes = 0;
            }
            unit.push(i);
            bytes += size;
        }
        units.push(unit);
    }
    let mut units: Vec<Unit> = (units.into_iter())
        .map(|u| {
            if u.len() > 1 {
                Unit::Batch(u)
            } else {
                Unit::File(u)
            }
        })
        .collect();
    alone.sort_unstable();
    for file in alone.chunk_by(|&a, &b| std::ptr::eq(groups[a].file, groups[b].file)) {
        units.push(Unit::File(file.to_vec()));
    }
    units
}

impl Unit {
    fn members(&self) -> &[usize] {
        match self {
            Unit::File(members) | Unit::Batch(members) => members,
        }
    }
}

/// Whether a group's llvm-mc input may share a process with other files' (not a RUN line
/// that expects llvm-mc to crash, flags that allow it); its input decides.
fn may_share(group: &Group) -> bool {
    !group.runs.iter().any(|r| r.expect_crash) && crate::llvm_mc::args_allow_batch(&group.args)
}

/// The size of a group's test file, as planned (0 when it cannot be read: that is found and
/// reported when the group runs).
fn file_size(group: &Group) -> u64 {
    group.file_bytes
}

/// Whether a group disassembles (its first RUN line does).
fn is_disassembly(run: &RunLine) -> bool {
    run.disassemble || run.kind == RunKind::Disassemble
}

fn kind_name(kind: &RunKind) -> &'static str {
    match kind {
        RunKind::Encode => "encode",
        RunKind::Error => "error",
        RunKind::Disassemble => "disassemble",
        RunKind::Print => "print",
        RunKind::Object => "object",
        RunKind::Other => "other",
    }
}

/// The RUN line's own llvm-mc flags, minus output plumbing, plus `-show-encoding`.
fn llvm_args(run: &RunLine) -> Vec<String> {
    llvm_args_of(&run.llvm_mc_args)
}

/// An llvm-mc stage's flags, minus output plumbing, plus `-show-encoding`.
fn llvm_args_of(llvm_mc_args: &[String]) -> Vec<String> {
    let mut args = Vec::new();
    let mut skip_next = false;
    for a in llvm_mc_args {
        if skip_next {
            skip_next = false;
            continue;
        }
        if a == "-o" {
            skip_next = true;
            continue;
        }
        if a.starts_with("-filetype") || a.starts_with("--filetype") || a == "-" {
            continue;
        }
        args.push(a.clone());
    }
    // Disassembling too: the printed encodings give the lengths that map llvm-mc's output
    // back to byte lines (CHECK text is still matched as the RUN line's own output).
    if !args
        .iter()
        .any(|a| a.trim_start_matches('-') == "show-encoding")
    {
        args.push("-show-encoding".to_string());
    }
    args
}

/// The source lines the groups' cases are on, in order, each once: llvm-mc's answers are
/// read for those.
fn case_lines(all_cases: &[(&RunLine, Vec<mcdiff_lit::Case>)]) -> Vec<usize> {
    let mut lines: Vec<usize> = all_cases
        .iter()
        .flat_map(|(_, cs)| cs.iter().map(|c| c.line))
        .collect();
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// A vector for the results of all the groups' cases, allocated once: each result is large,
/// and a vector grown push by push copied them on every growth.
fn results_for(all_cases: &[(&RunLine, Vec<mcdiff_lit::Case>)]) -> Vec<CaseResult> {
    Vec::with_capacity(all_cases.iter().map(|(_, cs)| cs.len()).sum())
}

/// The processor llvm-mc takes for a RUN line without `-mcpu`: LLVM's "generic" processor
/// has no generation features, and GCNSubtarget::initializeSubtargetDependencies (LLVM's
/// AMDGPU GCNSubtarget.cpp, "Implement the generic processors") then takes SEA_ISLANDS for
/// an amdhsa triple, the first GCN generation with flat addressing, and SOUTHERN_ISLANDS
/// otherwise: a GFX7 or a GFX6 part, whose first processors are gfx700 and gfx600.
fn default_processor(run: &RunLine) -> &'static str {
    if run.triple.as_deref().is_some_and(|t| t.contains("amdhsa")) {
        "gfx700"
    } else {
        "gfx600"
    }
}

fn run_group(
    config: &EngineConfig,
    specs: &SpecCache,
    semantics: &Semantics,
    group: &Group,
    input: &Result<GroupFile, String>,
) -> GroupOutcome {
    let input = match input {
        Ok(input) => input,
        Err(reason) => return unreadable_file(group, reason),
    };
    let prepared = prepare(group, input);
    let answers = llvm_answers(config, group, &prepared);
    finish_group(
        config,
        specs,
        semantics,
        group,
        &input.parsed,
        prepared,
        answers,
    )
}

/// The groups of a batch unit (the same llvm-mc flags, several files): llvm-mc answers all
/// their inputs at once ([`RunCache::run_many`]), each answer its own input's; then each
/// group runs as [`run_group`] does. Outcomes by plan index.
fn run_batch(
    config: &EngineConfig,
    specs: &SpecCache,
    semantics: &Semantics,
    groups: &[Group],
    members: &[usize],
) -> Vec<(usize, GroupOutcome)> {
    let inputs: Vec<Result<GroupFile, String>> = (members.iter())
        .map(|&i| read_group_file(config, groups[i].file))
        .collect();
    let prepared: Vec<Option<Prepared>> = (members.iter().zip(&inputs))
        .map(|(&i, input)| input.as_ref().ok().map(|input| prepare(&groups[i], input)))
        .collect();
    let first = &groups[members[0]];
    // Which members llvm-mc is asked about (those whose input could be built), in order.
    let mut asked = Vec::new();
    let mut answers: Vec<Option<anyhow::Result<LlvmRun>>> = {
        let mut jobs = Vec::new();
        for (m, p) in prepared.iter().enumerate() {
            if let Some(Prepared {
                source: Ok(source),
                lines,
                ..
            }) = p
            {
                asked.push(m);
                jobs.push(crate::llvm_mc::Job { source, lines });
            }
        }
        let (mc, args) = (&config.llvm_mc, &first.args);
        let runs = if is_disassembly(first.runs[0]) {
            config.cache.disassemble_many(mc, args, &jobs)
        } else {
            config.cache.run_many(mc, args, &jobs)
        };
        runs.into_iter().map(Some).collect()
    };
    let mut outcomes = Vec::with_capacity(members.len());
    // Each member's file and answers are dropped once its outcome is made.
    for (m, ((&i, input), p)) in members.iter().zip(inputs).zip(prepared).enumerate() {
        let group = &groups[i];
        let outcome = match (input, p) {
            (Ok(input), Some(p)) => {
                let llvm = match asked.iter().position(|&a| a == m) {
                    Some(j) => {
                        let answer = answers[j].take().expect("one answer per input");
                        interpret_answer(config, group, &p.lines, answer)
                    }
                    None => match &p.source {
                        Err(e) => Err(e.clone()),
                        Ok(_) => unreachable!("every built input is asked about"),
                    },
                };
                finish_group(config, specs, semantics, group, &input.parsed, p, llvm)
            }
            (Err(reason), _) => unreadable_file(group, &reason),
            (Ok(_), None) => unreachable!("a read file is prepared"),
        };
        outcomes.push((i, outcome));
    }
    outcomes
}

/// A group's cases and llvm-mc's input for it.
struct Prepared<'r> {
    all_cases: Vec<(&'r RunLine, Vec<mcdiff_lit::Case>)>,
    /// The lines llvm-mc's answers are read for.
    lines: Vec<usize>,
    disassembly: bool,
    /// llvm-mc's input, or why it could not be built (the not-run reason and full message).
    source: std::result::Result<String, (String, String)>,
}

fn prepare<'r>(group: &Group<'r>, input: &GroupFile) -> Prepared<'r> {
    let file = &input.parsed;
    let all_cases: Vec<(&RunLine, Vec<mcdiff_lit::Case>)> =
        group.runs.iter().map(|r| (*r, file.cases(r))).collect();
    let lines = case_lines(&all_cases);
    Prepared {
        all_cases,
        lines,
        disassembly: is_disassembly(group.runs[0]),
        source: read_input(group.file, &input.bytes, group.input_filter.as_ref()),
    }
}

/// A group's outcome once llvm-mc answered (or did not): our side of every case and the
/// verdicts.
fn finish_group(
    config: &EngineConfig,
    specs: &SpecCache,
    semantics: &Semantics,
    group: &Group,
    file: &TestFile,
    prepared: Prepared,
    answers: std::result::Result<LlvmRun, (String, String)>,
) -> GroupOutcome {
    let first = group.runs[0];
    let processor = first
        .processor()
        .unwrap_or_else(|| default_processor(first));
    let status = mcdiff_spec::target(processor).map(|t| t.status);
    let Prepared {
        all_cases,
        disassembly,
        ..
    } = prepared;
    let unreadable = matches!(&answers, Err((reason, _)) if reason == INPUT_UNREADABLE);
    let (llvm, failure) = match answers {
        Ok(run) => (Ok(run), None),
        Err((reason, detail)) => (Err(reason), Some(failed_run(file, first, detail))),
    };
    let spec = match status {
        Some(TargetStatus::Spec(_)) => Some(specs.get(processor)),
        _ => None,
    };
    let cx = GroupContext {
        target: first.processor().unwrap_or("(default)").into(),
        path: file.path.display().to_string().into(),
        mattr: first.mattr.clone().into(),
        command: config.llvm_mc.replay(&group.args).into(),
        status,
        llvm,
    };
    let ours = match spec.as_deref() {
        Some(Ok(ts)) => Ok(ts),
        Some(Err(e)) => Err(format!("spec failed to load: {e}")),
        None => Err(match status {
            None => format!("unknown -mcpu {}", cx.target),
            Some(_) => "no spec".into(),
        }),
    };
    let results = match ours {
        Ok(ts) => {
            // Our syntax follows the llvm-mc being compared where LLVM releases differ.
            let target = TargetCtx::new(ts, &first.mattr, config.llvm_mc.major());
            let assembler = Assembler::new(target);
            let side = OurSide {
                ts,
                assembler: &assembler,
                semantics,
                wave64: target.wave64,
            };
            if disassembly {
                let dis = Disassembler::new(target);
                disassembly_results(&cx, Ok((&side, &dis)), all_cases)
            } else {
                let mut results = assembler_results(&cx, Ok(&side), all_cases);
                if group.runs.iter().any(|r| r.round_trip.is_some()) {
                    let dis = Disassembler::new(target);
                    let side = Ok((&side, &dis));
                    round_trip::add_results(config, &cx, side, file, &group.runs, &mut results);
                }
                results
            }
        }
        Err(why) if disassembly => disassembly_results(&cx, Err(&why), all_cases),
        Err(why) => {
            let mut results = assembler_results(&cx, Err(&why), all_cases);
            round_trip::add_results(config, &cx, Err(&why), file, &group.runs, &mut results);
            results
        }
    };
    let mut cell = Cell::default();
    let mut exercised = Exercised::default();
    for case in &results {
        cell.add(case);
        exercised.note(case);
    }
    GroupOutcome {
        // A group without cases is in no count (no target row, no file entry).
        counted: (!results.is_empty()).then(|| {
            Box::new(GroupCount {
                file: cx.path,
                target: cx.target,
                cell,
                exercised,
            })
        }),
        cases: results,
        failure,
        unreadable,
    }
}

/// A RUN line llvm-mc gave no usable answer for, with the full message.
fn failed_run(file: &TestFile, run: &RunLine, detail: String) -> SkippedRun {
    SkippedRun {
        file: file.path.display().to_string(),
        line: run.line,
        reason: detail,
    }
}

/// A test file as its groups read it: its bytes (llvm-mc's input, unless a group filters
/// it) and its cases.
struct GroupFile {
    bytes: Vec<u8>,
    parsed: TestFile,
}

/// A test file read again (planning kept only its RUN lines) and parsed, once for all its
/// groups; the reason when it can no longer be read.
fn read_group_file(config: &EngineConfig, file: &TestFile) -> Result<GroupFile, String> {
    let path = config.corpus_root.join(&file.path);
    let bytes = std::fs::read(&path)
        .map_err(|e| format!("{INPUT_UNREADABLE}: reading {}: {e}", path.display()))?;
    let parsed = mcdiff_lit::parse_test_file(&file.path, &String::from_utf8_lossy(&bytes));
    Ok(GroupFile { bytes, parsed })
}

/// The outcome of a group whose test file could not be read.
fn unreadable_file(group: &Group, reason: &str) -> GroupOutcome {
    GroupOutcome {
        counted: None,
        cases: Vec::new(),
        failure: Some(SkippedRun {
            file: group.file.path.display().to_string(),
            line: group.runs[0].line,
            reason: reason.to_string(),
        }),
        unreadable: true,
    }
}

/// A group's cases, their counts, the RUN line failure that left them unchecked, and
/// whether that was its test file being unreadable (bad input, not an llvm-mc fault).
struct GroupOutcome {
    cases: Vec<CaseResult>,
    counted: Option<Box<GroupCount>>,
    failure: Option<SkippedRun>,
    unreadable: bool,
}

/// A group's counts and spec coverage: its cases are of one file and one target.
struct GroupCount {
    file: Arc<str>,
    target: Arc<str>,
    cell: Cell,
    exercised: Exercised,
}

/// A group's answer when it needs no llvm-mc run: its input could not be built, or the cache
/// holds llvm-mc's answer.
fn answer_without_llvm_mc(
    config: &EngineConfig,
    group: &Group,
    prepared: &Prepared,
) -> Option<std::result::Result<LlvmRun, (String, String)>> {
    let source = match &prepared.source {
        Ok(source) => source,
        Err(e) => return Some(Err(e.clone())),
    };
    let (mc, lines) = (&config.llvm_mc, &prepared.lines);
    let cached = if prepared.disassembly {
        config.cache.disassembled(mc, &group.args, source, lines)
    } else {
        config.cache.assembled(mc, &group.args, source, lines)
    }?;
    Some(interpret_answer(config, group, lines, Ok(cached)))
}

/// llvm-mc's answers for a group, or the short reason (for `not-run`) and the full message.
fn llvm_answers(
    config: &EngineConfig,
    group: &Group,
    prepared: &Prepared,
) -> std::result::Result<LlvmRun, (String, String)> {
    let source = prepared.source.as_ref().map_err(Clone::clone)?;
    let (mc, lines) = (&config.llvm_mc, &prepared.lines);
    let answer = if prepared.disassembly {
        config.cache.disassemble(mc, &group.args, source, lines)
    } else {
        config.cache.run(mc, &group.args, source, lines)
    };
    interpret_answer(config, group, lines, answer)
}

/// llvm-mc's answer for a group as its RUN lines read it: a crash or stop they expect is
/// every line's rejection; any other fault is the short reason and the full message.
fn interpret_answer(
    config: &EngineConfig,
    group: &Group,
    lines: &[usize],
    answer: anyhow::Result<LlvmRun>,
) -> std::result::Result<LlvmRun, (String, String)> {
    let expect_crash = group.runs.iter().all(|r| r.expect_crash);
    let expect_fail = group.runs.iter().all(|r| r.expect_fail);
    let e = match answer {
        Ok(run) => return Ok(run),
        Err(e) => e,
    };
    let diagnostic = |d: &Option<String>| d.as_deref().unwrap_or("no diagnostic").to_string();
    match e.downcast_ref::<Fault>() {
        // `not --crash llvm-mc`: the crash is the answer the test asks for.
        Some(Fault {
            kind: FaultKind::Crashed(signal),
            diagnostic: d,
            ..
        }) if expect_crash => Ok(LlvmRun::all_rejected(
            lines,
            &format!(
                "{} (llvm-mc crashed with signal {signal}, as the RUN line expects)",
                diagnostic(d)
            ),
        )),
        // `not llvm-mc` expecting `LLVM ERROR: ...` (si-support.txt): so is the stop.
        Some(Fault {
            kind: FaultKind::Fatal,
            diagnostic: d,
            ..
        }) if expect_fail => Ok(LlvmRun::all_rejected(
            lines,
            &format!(
                "{} (llvm-mc stopped, as the RUN line expects)",
                diagnostic(d)
            ),
        )),
        _ => Err(match refused::target(&config.llvm_mc, group.runs[0], &e) {
            Some(why) => {
                let detail = format!("{why}: {}", config.llvm_mc.replay(&group.args));
                (why, detail)
            }
            None => fault_reason(&e),
        }),
    }
}

fn fault_reason(e: &anyhow::Error) -> (String, String) {
    let reason = e
        .downcast_ref::<Fault>()
        .map_or_else(|| "llvm-mc could not be run".to_string(), Fault::reason);
    (reason, format!("{e:#}"))
}

/// The not-run reason of a test file that cannot be read: bad input, not an llvm-mc fault.
const INPUT_UNREADABLE: &str = "input could not be read";

/// What every case of a group shares.
struct GroupContext {
    target: Arc<str>,
    path: Arc<str>,
    mattr: Arc<[String]>,
    command: Arc<str>,
    status: Option<TargetStatus>,
    /// llvm-mc's answers, or why there are none.
    llvm: std::result::Result<LlvmRun, String>,
}

impl GroupContext {
    fn llvm_answer(&self, line: usize) -> LlvmAnswer {
        match &self.llvm {
            Ok(run) => run.answer(line),
            Err(reason) => LlvmAnswer::NotRun(reason.clone()),
        }
    }

    /// Our answer where our side could not be built: `no-spec` for a target without a
    /// spec, known or not (a processor newer than our target table, gfx1370); the reason
    /// where a spec failed to load.
    fn without_spec(&self, why: &str) -> OursAnswer {
        match self.status {
            None => OursAnswer::NoSpec,
            Some(TargetStatus::Spec(_)) => OursAnswer::Unsupported(why.to_string()),
        }
    }

    /// Builds a case's result from both answers.
    #[allow(clippy::too_many_arguments)]
    fn result(
        &self,
        run: &RunLine,
        case: mcdiff_lit::Case,
        ours: OursAnswer,
        llvm: LlvmAnswer,
        verdict: Verdict,
        fields: Option<String>,
        blame: Option<String>,
        sema: Option<SemaVerdict>,
        roundtrip: Option<bool>,
        spec_insts: Vec<SpecInstRef>,
    ) -> CaseResult {
        CaseResult {
            command: self.command.clone(),
            occurrence: case.occurrence,
            file: self.path.clone(),
            line: case.line,
            run_index: run.index,
            run_line: run.line,
            target: self.target.clone(),
            mattr: self.mattr.clone(),
            text: case.text,
            ours,
            llvm,
            recorded: case.expected,
            recorded_text: case.expected_asm,
            verdict,
            fields,
            blame,
            sema,
            roundtrip,
            spec_insts,
        }
    }
}

/// llvm-mc's input: the file's bytes, which must be UTF-8, or what the RUN line's input
/// filter makes of them (applied here: nothing on a RUN line but llvm-mc is run). Fails
/// with the not-run reason and the full message.
fn read_input(
    file: &TestFile,
    bytes: &[u8],
    filter: Option<&InputFilter>,
) -> std::result::Result<String, (String, String)> {
    let text = String::from_utf8(bytes.to_vec()).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
        let detail = format!("{}:{line}: the test file is not UTF-8", file.path.display());
        (INPUT_UNREADABLE.to_string(), detail)
    })?;
    match filter {
        None => Ok(text),
        Some(filter) => filter.apply(&text).map_err(|why| {
            let detail = format!("{}: {why}", file.path.display());
            (why, detail)
        }),
    }
}

/// Our side of a group: the target's spec, its assembler, and the semantics executor.
pub(crate) struct OurSide<'a> {
    ts: &'a TargetSpec,
    assembler: &'a Assembler<'a>,
    semantics: &'a Semantics,
    wave64: bool,
}
