//! `mcdiff report merge`: the JSON of the shards of a CI matrix (`mcdiff run --shard K/N`,
//! `mcdiff gate --shard K/N`) into the document one unsharded run would have written, so its
//! counts, its JUnit and `mcdiff report`'s page are those of the whole run.
//!
//! Only a complete set merges: every shard 1..N of one split, once, of the same corpus,
//! llvm-mc and selection. Anything else is bad input, named, so a partial result is never
//! taken for the whole.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use serde::de::DeserializeOwned;

use crate::jsonl;
use crate::nightly::GateDoc;
use crate::output::{check_writable, write_atomically};
use crate::report::{self, RunDocument};
use crate::selection::Shard;

/// `mcdiff report merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// JSON of every shard, written by `mcdiff run --shard K/N --json` (or all by `mcdiff gate
    /// --shard K/N --json`).
    #[arg(required = true, value_name = "SHARD_JSON")]
    pub inputs: Vec<PathBuf>,
    /// Write the merged JSON here (one document per corpus and line, as `--json` of one run).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the merged run's JUnit here, as `mcdiff run --junit` writes it (run JSON only: the
    /// gate's JUnit needs its baseline; pass the merged gate JSON to `mcdiff report --gate`).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// The merged run's findings as SARIF and annotations, as `mcdiff run` gives them (run
    /// JSON only; the corpus folders are not named, as the shards' data folder is unknown).
    #[command(flatten)]
    pub ci: crate::sarif::CiOutput,
}

/// One document of an input file and where it is (`file:line`), for messages.
struct Input<T> {
    place: String,
    doc: T,
}

/// What a shard document says about itself: which corpus and shard it is.
trait ShardDocument: DeserializeOwned {
    const WHAT: &'static str;
    fn corpus(&self) -> &str;
    fn shard(&self) -> Option<Shard>;
    /// Whatever must be equal between the shards of one run, as a printable description.
    fn run_identity(&self) -> String;
}

/// [`ShardDocument`] for a document with `corpus_version`, `shard` and `selection` fields:
/// its `WHAT`, and how it names the llvm-mc it ran (`$doc` bound to the document).
macro_rules! shard_document {
    ($type:ty, $what:literal, |$doc:ident| $llvm_mc:expr) => {
        impl ShardDocument for $type {
            const WHAT: &'static str = $what;
            fn corpus(&self) -> &str {
                &self.corpus_version
            }
            fn shard(&self) -> Option<Shard> {
                self.shard
            }
            fn run_identity(&self) -> String {
                let $doc = self;
                format!(
                    "llvm-mc {}, --mcpu {:?}, --file {:?}",
                    $llvm_mc, self.selection.mcpus, self.selection.files
                )
            }
        }
    };
}

shard_document!(RunDocument, "mcdiff run --json", |doc| format!(
    "{} at {}",
    doc.llvm_mc_version, doc.llvm_mc_path
));
shard_document!(GateDoc, "mcdiff gate --json", |doc| format!(
    "{} -> {}",
    doc.old_version, doc.new_version
));

/// The documents of the input files, run and gate documents apart, in the order given.
#[derive(Default)]
struct Inputs {
    runs: Vec<Input<RunDocument>>,
    gates: Vec<Input<GateDoc>>,
}

fn read_inputs(paths: &[PathBuf]) -> Result<Inputs> {
    let mut inputs = Inputs::default();
    for path in paths {
        let text = jsonl::read(path)?;
        for (place, line) in jsonl::lines(path, &text) {
            let value: serde_json::Value =
                serde_json::from_str(line).with_context(|| format!("{place}: not JSON"))?;
            // A gate document lists changes, a run document targets.
            if value.get("changes").is_some() {
                inputs.gates.push(parse(place, value)?);
            } else if value.get("targets").is_some() {
                inputs.runs.push(parse(place, value)?);
            } else {
                bail!("{place}: neither `mcdiff run --json` nor `mcdiff gate --json`");
            }
        }
    }
    Ok(inputs)
}

fn parse<T: ShardDocument>(place: String, value: serde_json::Value) -> Result<Input<T>> {
    let doc = serde_json::from_value(value)
        .with_context(|| format!("{place}: not `{}` of this mcdiff", T::WHAT))?;
    Ok(Input { place, doc })
}

/// The inputs by corpus, in the order the corpora first appear.
fn by_corpus<T: ShardDocument>(inputs: Vec<Input<T>>) -> Vec<Vec<Input<T>>> {
    let mut groups: Vec<Vec<Input<T>>> = Vec::new();
    for input in inputs {
        match groups
            .iter_mut()
            .find(|g| g[0].doc.corpus() == input.doc.corpus())
        {
            Some(group) => group.push(input),
            None => groups.push(vec![input]),
        }
    }
    groups
}

/// Fails unless the documents of one corpus are the shards 1..N of one split of one run,
/// each once, naming what is missing, repeated or from another run.
fn check_complete<T: ShardDocument>(group: &[Input<T>]) -> Result<u32> {
    let first = &group[0];
    let corpus = first.doc.corpus();
    let mut given: BTreeMap<u32, &str> = BTreeMap::new();
    let mut count = None;
    for input in group {
        let Some(shard) = input.doc.shard() else {
            bail!(
                "{}: LLVM {corpus} tests: a whole run, not a shard (no \"shard\"): nothing to merge",
                input.place
            );
        };
        let n = *count.get_or_insert(shard.count);
        if shard.count != n {
            bail!(
                "LLVM {corpus} tests: {} is shard {shard}, {} a shard of {n}: different splits",
                input.place,
                first.place
            );
        }
        if input.doc.run_identity() != first.doc.run_identity() {
            bail!(
                "LLVM {corpus} tests: shards of different runs: {} has {}; {} has {}",
                first.place,
                first.doc.run_identity(),
                input.place,
                input.doc.run_identity()
            );
        }
        if let Some(other) = given.insert(shard.index, &input.place) {
            bail!(
                "LLVM {corpus} tests: shard {shard} given twice: {other} and {}",
                input.place
            );
        }
    }
    let n = count.unwrap_or(0);
    let missing: Vec<String> = (1..=n)
        .filter(|k| !given.contains_key(k))
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        bail!(
            "LLVM {corpus} tests: shard {} missing (given: {})",
            missing.join(", "),
            given.values().copied().collect::<Vec<_>>().join(", ")
        );
    }
    Ok(n)
}

/// Sorts stably by test file as one unsharded run lists them: in corpus order, paths compared
/// component by component (each file's own items come from one shard, already in order).
fn sort_by_file<T>(items: &mut [T], file: impl Fn(&T) -> &str) {
    items.sort_by(|a, b| Path::new(file(a)).cmp(Path::new(file(b))));
}

/// The shards of one corpus's run into the document of the whole run.
fn merge_runs(group: Vec<Input<RunDocument>>) -> Result<RunDocument> {
    let mut inputs = group.into_iter();
    let mut merged = inputs.next().expect("a group has a document").doc;
    merged.shard = None;
    for Input { place, doc } in inputs {
        merged.files += doc.files;
        for (kind, n) in doc.run_kinds {
            *merged.run_kinds.entry(kind).or_default() += n;
        }
        merged.unparsed_runs.extend(doc.unparsed_runs);
        merged.failed_runs.extend(doc.failed_runs);
        merged.duplicate_runs.extend(doc.duplicate_runs);
        for (target, counts) in &doc.targets {
            merged
                .targets
                .entry(target.clone())
                .or_default()
                .merge(counts);
        }
        for (file, targets) in doc.cases_per_file {
            if merged.cases_per_file.contains_key(&file) {
                bail!("{place}: {file} is in two shards: the shards were split differently");
            }
            merged.cases_per_file.insert(file, targets);
        }
        merged.records.extend(doc.records);
    }
    sort_by_file(&mut merged.unparsed_runs, |r| &r.file);
    sort_by_file(&mut merged.failed_runs, |r| &r.file);
    sort_by_file(&mut merged.duplicate_runs, |r| &r.file);
    sort_by_file(&mut merged.records, |r| &r.file);
    Ok(merged)
}

/// The shards of one corpus's gate into the report of the whole gate.
fn merge_gates(group: Vec<Input<GateDoc>>) -> GateDoc {
    let mut inputs = group.into_iter();
    let mut merged = inputs.next().expect("a group has a document").doc;
    merged.shard = None;
    for Input { doc, .. } in inputs {
        merged.cases += doc.cases;
        merged.not_compared += doc.not_compared;
        merged.faults.extend(doc.faults);
        merged.changes.extend(doc.changes);
    }
    // In the order `mcdiff gate` writes them.
    merged.faults.sort();
    merged
        .changes
        .sort_by_key(crate::nightly::GateChange::baseline_line);
    merged
}

/// Runs `mcdiff report merge`.
pub fn cmd(args: MergeArgs) -> Result<ExitCode> {
    for path in [&args.json, &args.junit].into_iter().flatten() {
        check_writable(path)?;
    }
    args.ci.check_writable()?;
    let inputs = read_inputs(&args.inputs)?;
    let json = match (inputs.runs.is_empty(), inputs.gates.is_empty()) {
        (false, false) => bail!("the inputs mix `mcdiff run` and `mcdiff gate` JSON"),
        (true, true) => bail!("no document in the inputs"),
        (false, true) => {
            let merged = merge_run_inputs(inputs.runs)?;
            if let Some(path) = &args.junit {
                write_atomically(path, &report::junit(&merged))?;
            }
            if args.ci.wanted() {
                args.ci
                    .emit(&crate::sarif::run_sarif(&merged, &Default::default()))?;
            }
            report::json_lines(&merged)?
        }
        (true, false) => {
            if args.ci.wanted() {
                bail!("--sarif, --annotations: for run JSON only; the gate's need its baseline");
            }
            if args.junit.is_some() {
                bail!(
                    "--junit: the gate's JUnit needs its baseline: pass the merged gate JSON \
                     to `mcdiff report --gate FILE --baseline FILE --junit FILE`"
                );
            }
            merge_gate_inputs(inputs.gates)?
        }
    };
    if let Some(path) = &args.json {
        write_atomically(path, &json)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Every corpus's run shards merged, one document per corpus; says what was merged.
fn merge_run_inputs(runs: Vec<Input<RunDocument>>) -> Result<Vec<RunDocument>> {
    let mut merged = Vec::new();
    for group in by_corpus(runs) {
        let n = check_complete(&group)?;
        let doc = merge_runs(group)?;
        let cases: usize = doc.targets.values().map(|c| c.cases).sum();
        println!(
            "LLVM {} tests, llvm-mc {}: {n} shards merged: {} files, {cases} cases, {} records",
            doc.corpus_version,
            doc.llvm_mc_version,
            doc.files,
            doc.records.len()
        );
        merged.push(doc);
    }
    Ok(merged)
}

/// Every corpus's gate shards merged, as the JSON `mcdiff gate` writes; says what was merged.
fn merge_gate_inputs(gates: Vec<Input<GateDoc>>) -> Result<String> {
    let mut json = String::new();
    for group in by_corpus(gates) {
        let n = check_complete(&group)?;
        let doc = merge_gates(group);
        println!(
            "gate on LLVM {} tests, llvm-mc {} -> {}: {n} shards merged: {} cases compared, \
             {} changed",
            doc.corpus_version,
            doc.old_version,
            doc.new_version,
            doc.cases,
            doc.changes.len()
        );
        json.push_str(&serde_json::to_string(&doc)?);
        json.push('\n');
    }
    Ok(json)
}
