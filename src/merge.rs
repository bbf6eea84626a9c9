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
use crate::tally::Counts;

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

/// The sum of counts, `None` past `usize::MAX`.
fn sum<'a>(counts: impl IntoIterator<Item = &'a usize>) -> Option<usize> {
    counts
        .into_iter()
        .try_fold(0usize, |sum, n| sum.checked_add(*n))
}

/// The verdict column of a record's verdict string (`not-run: <reason>` is `not-run`).
fn column(verdict: &str) -> &str {
    verdict.split(':').next().unwrap_or_default()
}

/// Whether the cases of a matrix cell each have a record ([`report::is_recorded`]): an
/// `llvm` finding, or an `ours` verdict other than `match` and `no-spec`.
fn cell_is_recorded(llvm: &str, ours: &str) -> bool {
    report::FINDING_COLUMNS.contains(&llvm) || !matches!(ours, "match" | "no-spec")
}

/// Fails unless a shard's counts agree with each other and with its records, as `mcdiff run`
/// writes them: per target, the `llvm` counts, the `ours` counts, the matrix and the cases
/// per file each add up to `cases`, each matrix row to its `llvm` count and each column to
/// its `ours` count, and every matrix cell whose cases have records has as many records. The
/// merged counts are only as good as the shards', so an edited or damaged shard is named
/// with the count that does not add up. Sums are checked: a count near `usize::MAX` is an
/// overflow here, not a wrapped total.
fn check_counts(input: &Input<RunDocument>) -> Result<()> {
    let doc = &input.doc;
    let fail = |what: String| -> anyhow::Error {
        anyhow::anyhow!(
            "{}: LLVM {} tests: the shard's counts do not add up: {what}",
            input.place,
            doc.corpus_version
        )
    };
    let total = |what: &str, counts: Vec<&usize>| total(&fail, what, counts);
    // Records per (target, llvm column, ours column), and per (file, target).
    let mut records = RecordCells::new();
    let mut file_records: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for r in &doc.records {
        *records
            .entry((&r.mcpu, column(&r.llvm), column(&r.ours)))
            .or_default() += 1;
        *file_records.entry((&r.file, &r.mcpu)).or_default() += 1;
    }
    // Cases per target, from `cases_per_file`.
    let mut file_cases: BTreeMap<&str, Vec<&usize>> = BTreeMap::new();
    for targets in doc.cases_per_file.values() {
        for (target, n) in targets {
            file_cases.entry(target).or_default().push(n);
        }
    }
    for (target, cases) in &file_cases {
        if !doc.targets.contains_key(*target) {
            return Err(fail(format!(
                "\"cases_per_file\" counts cases of {target}, which has no \"targets\" entry"
            )));
        }
        let _ = total(
            &format!("the \"cases_per_file\" of {target}"),
            cases.clone(),
        )?;
    }
    // The run's total, the page's and the merge's summary line.
    let _ = total(
        "the \"cases\" of all targets",
        doc.targets.values().map(|c| &c.cases).collect(),
    )?;
    for (target, c) in &doc.targets {
        check_target(target, c, &file_cases, &records, &fail)?;
    }
    for ((target, l, o), n) in records {
        let cell = doc
            .targets
            .get(target)
            .and_then(|c| c.matrix.get(l)?.get(o));
        if !cell_is_recorded(l, o) || cell.is_none() {
            return Err(fail(format!(
                "{n} records of {target} are {l:?} -> {o:?}, which its \"matrix\" has no records of"
            )));
        }
    }
    for ((file, target), n) in file_records {
        let cases = doc
            .cases_per_file
            .get(file)
            .and_then(|t| t.get(target))
            .copied()
            .unwrap_or(0);
        if n > cases {
            return Err(fail(format!(
                "{file} has {n} records on {target}, but \"cases_per_file\" gives it {cases} cases"
            )));
        }
    }
    Ok(())
}

/// Records per (target, llvm column, ours column).
type RecordCells<'a> = BTreeMap<(&'a str, &'a str, &'a str), usize>;

/// The sum of `counts`, or the shard's failure naming `what` on overflow.
fn total(fail: &dyn Fn(String) -> anyhow::Error, what: &str, counts: Vec<&usize>) -> Result<usize> {
    sum(counts).ok_or_else(|| fail(format!("{what} overflow")))
}

/// [`check_counts`] for one target's counts `c`: its `llvm`, `ours`, matrix and per-file
/// counts add up to `cases`, its rows and columns to their counts, its recorded cells to
/// its records.
fn check_target(
    target: &str,
    c: &Counts,
    file_cases: &BTreeMap<&str, Vec<&usize>>,
    records: &RecordCells,
    fail: &dyn Fn(String) -> anyhow::Error,
) -> Result<()> {
    let total = |what: &str, counts: Vec<&usize>| total(fail, what, counts);
    let equal = |what: String, n: usize| -> Result<()> {
        if n == c.cases {
            Ok(())
        } else {
            Err(fail(format!(
                "target {target}: \"cases\" is {}, but {what} add up to {n}",
                c.cases
            )))
        }
    };
    let llvm = total(
        &format!("target {target}: the \"llvm\" counts"),
        c.llvm.values().collect(),
    )?;
    equal("its \"llvm\" counts".into(), llvm)?;
    let ours = total(
        &format!("target {target}: the \"ours\" counts"),
        c.ours.values().collect(),
    )?;
    equal("its \"ours\" counts".into(), ours)?;
    let per_file = file_cases.get(target).cloned().unwrap_or_default();
    let per_file = total(&format!("target {target}: \"cases_per_file\""), per_file)?;
    equal("its \"cases_per_file\" counts".into(), per_file)?;
    let matrix = c.matrix.values().flat_map(|row| row.values()).collect();
    let matrix = total(&format!("target {target}: the \"matrix\""), matrix)?;
    equal("its \"matrix\" cells".into(), matrix)?;
    for (what, n) in [
        (
            "\"messages\"",
            total(
                &format!("target {target}: the \"messages\""),
                c.messages.values().collect(),
            )?,
        ),
        ("\"ours_vs_check\"", c.ours_vs_check),
    ] {
        if n > c.cases {
            return Err(fail(format!(
                "target {target}: {what} counts {n} cases of its {}",
                c.cases
            )));
        }
    }
    // Each row against its `llvm` count, each column against its `ours` count (the
    // grand totals agree, so overflow is ruled out here).
    let rows = c.llvm.keys().chain(c.matrix.keys());
    for l in rows {
        let row: usize = c.matrix.get(l).map_or(0, |row| row.values().sum());
        let count = c.llvm.get(l).copied().unwrap_or(0);
        if row != count {
            return Err(fail(format!(
                "target {target}: \"llvm\" {l:?} is {count}, but its \"matrix\" row adds up to {row}"
            )));
        }
    }
    let columns = c
        .ours
        .keys()
        .chain(c.matrix.values().flat_map(|row| row.keys()));
    for o in columns {
        let column: usize = c.matrix.values().filter_map(|row| row.get(o)).sum();
        let count = c.ours.get(o).copied().unwrap_or(0);
        if column != count {
            return Err(fail(format!(
                "target {target}: \"ours\" {o:?} is {count}, but its \"matrix\" column adds up to {column}"
            )));
        }
    }
    for (l, row) in &c.matrix {
        for (o, &n) in row {
            let kept = records
                .get(&(target, l.as_str(), o.as_str()))
                .copied()
                .unwrap_or(0);
            if cell_is_recorded(l, o) && kept != n {
                return Err(fail(format!(
                    "target {target}: \"matrix\" {l:?} -> {o:?} is {n}, but the shard has {kept} records of such cases"
                )));
            }
        }
    }
    Ok(())
}

/// `into` plus `other`, each count checked; `None` past `usize::MAX`.
fn add_counts(into: &mut Counts, other: &Counts) -> Option<()> {
    fn add_map(into: &mut BTreeMap<String, usize>, other: &BTreeMap<String, usize>) -> Option<()> {
        for (k, n) in other {
            let count = into.entry(k.clone()).or_default();
            *count = count.checked_add(*n)?;
        }
        Some(())
    }
    into.cases = into.cases.checked_add(other.cases)?;
    add_map(&mut into.llvm, &other.llvm)?;
    add_map(&mut into.ours, &other.ours)?;
    for (l, row) in &other.matrix {
        add_map(into.matrix.entry(l.clone()).or_default(), row)?;
    }
    add_map(&mut into.messages, &other.messages)?;
    into.ours_vs_check = into.ours_vs_check.checked_add(other.ours_vs_check)?;
    Some(())
}

/// The shards of one corpus's run into the document of the whole run; every shard's counts
/// are checked first ([`check_counts`]) and every sum is checked arithmetic.
fn merge_runs(group: Vec<Input<RunDocument>>) -> Result<RunDocument> {
    for input in &group {
        check_counts(input)?;
    }
    let mut inputs = group.into_iter();
    let mut merged = inputs.next().expect("a group has a document").doc;
    merged.shard = None;
    for Input { place, doc } in inputs {
        let overflow = |what: &str| overflow(&place, &doc.corpus_version, what);
        merged.files =
            (merged.files.checked_add(doc.files)).ok_or_else(|| overflow("\"files\""))?;
        for (kind, n) in &doc.run_kinds {
            let count = merged.run_kinds.entry(kind.clone()).or_default();
            *count = count
                .checked_add(*n)
                .ok_or_else(|| overflow("\"run_kinds\""))?;
        }
        for (target, counts) in &doc.targets {
            let into = merged.targets.entry(target.clone()).or_default();
            add_counts(into, counts).ok_or_else(|| overflow(&format!("the counts of {target}")))?;
        }
        sum(merged.targets.values().map(|c| &c.cases))
            .ok_or_else(|| overflow("the \"cases\" of all targets"))?;
        merged.unparsed_runs.extend(doc.unparsed_runs);
        merged.failed_runs.extend(doc.failed_runs);
        merged.duplicate_runs.extend(doc.duplicate_runs);
        merged.skipped_paths.extend(doc.skipped_paths);
        for (file, targets) in doc.cases_per_file {
            if merged.cases_per_file.contains_key(&file) {
                bail!("{place}: {file} is in two shards: the shards were split differently");
            }
            merged.cases_per_file.insert(file, targets);
        }
        merged.records.extend(doc.records);
        merged.roundtrip_failures.extend(doc.roundtrip_failures);
    }
    sort_by_file(&mut merged.unparsed_runs, |r| &r.file);
    sort_by_file(&mut merged.failed_runs, |r| &r.file);
    sort_by_file(&mut merged.duplicate_runs, |r| &r.file);
    sort_by_file(&mut merged.skipped_paths, |p| &p.file);
    sort_by_file(&mut merged.records, |r| &r.file);
    sort_by_file(&mut merged.roundtrip_failures, |r| &r.file);
    Ok(merged)
}

/// A shard's sum that overflows when added to the other shards', named by `what`.
fn overflow(place: &impl std::fmt::Display, corpus_version: &str, what: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "{place}: LLVM {corpus_version} tests: {what} overflow when added to the other shards'"
    )
}

/// The shards of one corpus's gate into the report of the whole gate. Each shard's changes
/// and cases not compared are cases it compared, so they cannot outnumber its `cases`; sums
/// are checked arithmetic.
fn merge_gates(group: Vec<Input<GateDoc>>) -> Result<GateDoc> {
    for Input { place, doc } in &group {
        let listed = (doc.changes.len() as u64).checked_add(doc.not_compared);
        if listed.is_none_or(|n| n > doc.cases) {
            bail!(
                "{place}: LLVM {} tests: the shard's counts do not add up: \"cases\" is {}, \
                 fewer than its {} changes and {} cases not compared",
                doc.corpus_version,
                doc.cases,
                doc.changes.len(),
                doc.not_compared
            );
        }
    }
    let mut inputs = group.into_iter();
    let mut merged = inputs.next().expect("a group has a document").doc;
    merged.shard = None;
    for Input { place, doc } in inputs {
        let overflow = |what: &str| overflow(&place, &doc.corpus_version, what);
        merged.cases =
            (merged.cases.checked_add(doc.cases)).ok_or_else(|| overflow("\"cases\""))?;
        merged.not_compared = (merged.not_compared.checked_add(doc.not_compared))
            .ok_or_else(|| overflow("\"not_compared\""))?;
        merged.faults.extend(doc.faults);
        merged.changes.extend(doc.changes);
    }
    // In the order `mcdiff gate` writes them.
    merged.faults.sort();
    merged
        .changes
        .sort_by_key(crate::nightly::GateChange::baseline_line);
    Ok(merged)
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
        let cases =
            sum(doc.targets.values().map(|c| &c.cases)).context("the merged cases overflow")?;
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
        let doc = merge_gates(group)?;
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
