//! The `mcdiff` command line.

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// mimalloc: our encoder, decoder and semantics executor allocate and free small values at
/// a high rate (`cargo bench --bench corpus` ran them 15-70% faster with it than with glibc's).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use mcdiff::data::{DataDir, CORPUS_VERSIONS};
use mcdiff::engine::{self, EngineConfig, SpecCache};
use mcdiff::llvm_mc::{LlvmMc, RunCache};
use mcdiff::nightly::ReportAction;
use mcdiff::output::{check_writable, write_atomically};
use mcdiff::report;
use mcdiff::selection::Selection;
use mcdiff::semantics::Semantics;

mod completions;

#[derive(Parser)]
#[command(
    name = "mcdiff",
    version,
    about = "Checks AMD GPU instruction encodings three ways: \
our spec-driven encoder, live llvm-mc, and LLVM's recorded CHECK lines"
)]
struct Cli {
    /// Folder holding llvm-tests/ and amd-isa/ (default: $MCDIFF_DATA, then ../shared).
    #[arg(long, global = true, value_name = "DIR")]
    data: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the differential check over LLVM's AMDGPU MC tests.
    Run(RunArgs),
    /// Assemble lines like `llvm-mc -show-encoding`, with our encoder.
    Asm(AsmArgs),
    /// Assemble one instruction and run AMD's pseudocode for it; print the state change.
    Exec(ExecArgs),
    /// Disassemble byte lines like `llvm-mc --disassemble -show-encoding`, with our decoder.
    Disasm(mcdiff::disasm::DisasmArgs),
    /// The LLVM upgrade gate: what changed between two llvm-mc releases over one corpus.
    Gate(GateArgs),
    /// Differential fuzzing: mutated corpus lines or instruction words, ours against llvm-mc.
    Fuzz(mcdiff::fuzz::FuzzArgs),
    /// Run every instruction's pseudocode from each architecture that has it on the same
    /// inputs and compare the results (cross-generation agreement).
    Crossgen(CrossgenArgs),
    /// The nightly report: HTML page, Markdown summary, JUnit and history from run and gate
    /// JSON; `report merge` joins the JSON of shards.
    #[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
    Report(mcdiff::nightly::ReportArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff), or write one page per command with --dir.
    Man(completions::ManArgs),
}

#[derive(clap::Args)]
struct GateArgs {
    /// The llvm-mc of the release being left.
    #[arg(long, value_name = "PATH")]
    old: PathBuf,
    /// The llvm-mc of the release being adopted.
    #[arg(long, value_name = "PATH")]
    new: PathBuf,
    /// The test corpus (default: the old llvm-mc's version).
    #[arg(long, value_name = "VERSION")]
    corpus: Option<String>,
    /// Reviewed changes (an insta snapshot, e.g. snapshots/gate/19.1.7-to-22.1.8.snap):
    /// exit 1 when a change is not in it.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Write every change's baseline line to this file.
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,
    /// Write every change as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write a JUnit report (a test case per file; unreviewed changes fail it).
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Write the summary as Markdown.
    #[arg(long, value_name = "FILE")]
    md: Option<PathBuf>,
    #[command(flatten)]
    ci: mcdiff::sarif::CiOutput,
    #[command(flatten)]
    select: Selection,
    /// Examples shown per kind.
    #[arg(long, default_value_t = 3, value_name = "N")]
    show: usize,
    #[command(flatten)]
    llvm: LlvmMcOptions,
}

/// How llvm-mc is run.
#[derive(clap::Args)]
struct LlvmMcOptions {
    /// Where llvm-mc answers are cached (default: $MCDIFF_CACHE, else ~/.cache/mcdiff).
    #[arg(long, value_name = "DIR")]
    cache: Option<PathBuf>,
    /// Run llvm-mc afresh, without the cache.
    #[arg(long)]
    no_cache: bool,
    /// Run llvm-mc once per test file and flags, never for several files at once (answers
    /// are the same; this is slower, and checks that they are).
    #[arg(long)]
    no_batch: bool,
    /// Seconds one exchange with llvm-mc may take (its exit and the end of its output)
    /// before its process group is killed and its pipes abandoned.
    #[arg(long, default_value_t = 120)]
    timeout: u64,
}

impl LlvmMcOptions {
    fn timeout(&self) -> Duration {
        Duration::from_secs(self.timeout)
    }

    /// The llvm-mc answer cache over `dir`, batching unless `--no-batch`.
    fn run_cache(&self, dir: Option<PathBuf>) -> RunCache {
        let cache = RunCache::new(dir);
        if self.no_batch {
            cache.without_batches()
        } else {
            cache
        }
    }

    fn cache_dir(&self) -> Option<PathBuf> {
        if self.no_cache {
            None
        } else {
            self.cache.clone().or_else(default_cache_dir)
        }
    }
}

#[derive(clap::Args)]
struct CrossgenArgs {
    /// Only these instructions (AMD names, e.g. V_ALIGNBIT_B32; repeatable).
    #[arg(long = "inst", value_name = "NAME")]
    insts: Vec<String>,
    /// The errata catalogue whose entries label the disagreements (default: the
    /// repository's errata/).
    #[arg(long, value_name = "DIR")]
    errata: Option<PathBuf>,
}

#[derive(clap::Args)]
struct ExecArgs {
    /// Target processor, as llvm-mc's -mcpu.
    #[arg(long)]
    mcpu: String,
    /// Target features, as llvm-mc's -mattr (comma-separated, repeatable).
    #[arg(long, value_delimiter = ',')]
    mattr: Vec<String>,
    /// Initial register values, e.g. `--set s4=0x10 --set scc=1 --set v1=7` (repeatable).
    #[arg(long = "set", value_name = "REG=VALUE")]
    sets: Vec<String>,
    /// The instruction, in LLVM syntax.
    text: String,
}

#[derive(clap::Args)]
struct RunArgs {
    /// Corpus version(s) to check (default: every version present).
    #[arg(long = "corpus", value_name = "VERSION")]
    corpora: Vec<String>,
    /// llvm-mc to run (default: /usr/lib/llvm-<major>/bin/llvm-mc matching each corpus).
    #[arg(long, value_name = "PATH")]
    llvm_mc: Option<PathBuf>,
    #[command(flatten)]
    select: Selection,
    /// Write a JSON report to this file: one JSON document per corpus and line, with
    /// per-target counts, unsupported reasons and one record per divergence.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write a JUnit XML report to this file.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    #[command(flatten)]
    ci: mcdiff::sarif::CiOutput,
    #[command(flatten)]
    llvm: LlvmMcOptions,
    /// Exit with status 1 when any case has a finding: llvm check-differs or not-run, ours
    /// ours-differs, we-reject or we-accept.
    #[arg(long)]
    deny_divergence: bool,
    /// Findings listed per target and verdict below the table (default: 3, or 20 when
    /// --file selects files).
    #[arg(long, value_name = "N")]
    show: Option<usize>,
    /// Also print the README's status table (Markdown) after the run.
    #[arg(long)]
    status_md: bool,
}

#[derive(clap::Args)]
struct AsmArgs {
    /// Target processor, as llvm-mc's -mcpu.
    #[arg(long)]
    mcpu: String,
    /// Target features, as llvm-mc's -mattr (comma-separated, repeatable).
    #[arg(long, value_delimiter = ',')]
    mattr: Vec<String>,
    /// Input file, or - for standard input.
    #[arg(default_value = "-")]
    file: String,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    mcdiff::llvm_mc::end_llvm_mc_on_interrupt();
    let result = match cli.command {
        Command::Run(args) => cmd_run(cli.data, args),
        Command::Asm(args) => cmd_asm(cli.data, args),
        Command::Gate(args) => cmd_gate(cli.data, args),
        Command::Exec(args) => DataDir::locate(cli.data.as_deref()).and_then(|data| {
            let mattr: Vec<String> = args.mattr.iter().map(|m| m.trim().to_string()).collect();
            let out = mcdiff::exec::run(&data, &args.mcpu, &mattr, &args.text, &args.sets)?;
            print!("{out}");
            Ok(ExitCode::SUCCESS)
        }),
        Command::Disasm(args) => mcdiff::disasm::cmd(cli.data, args),
        Command::Report(mut args) => match args.action.take() {
            Some(ReportAction::Merge(merge)) => mcdiff::merge::cmd(merge),
            None => mcdiff::nightly::cmd(args),
        },
        Command::Fuzz(args) => mcdiff::fuzz::cmd(cli.data, args),
        Command::Crossgen(args) => cmd_crossgen(cli.data, args),
        Command::Completions(args) => completions::completions(args),
        Command::Man(args) => completions::man(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("mcdiff: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn default_cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("MCDIFF_CACHE") {
        return Some(PathBuf::from(dir));
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("mcdiff"))
}

fn cmd_run(data: Option<PathBuf>, args: RunArgs) -> Result<ExitCode> {
    let data = DataDir::locate(data.as_deref())?;
    data.spec_root()?;
    let corpora: Vec<String> = if args.corpora.is_empty() {
        CORPUS_VERSIONS
            .iter()
            .filter(|v| data.corpus(v).is_ok())
            .map(|v| v.to_string())
            .collect()
    } else {
        args.corpora.clone()
    };
    if corpora.is_empty() {
        bail!(
            "no LLVM test corpus under {}/llvm-tests",
            data.root.display()
        );
    }
    if args.llvm_mc.is_some() && corpora.len() > 1 {
        bail!("--llvm-mc names one binary: also name one --corpus");
    }
    let cache_dir = args.llvm.cache_dir();
    // Report files are checked before the run and written whole at its end (a temporary
    // file renamed into place), so a failed or interrupted run leaves the old ones intact.
    let outputs = [&args.json, &args.junit];
    for path in outputs.into_iter().flatten() {
        check_writable(path)?;
    }
    args.ci.check_writable()?;
    let mut corpus_roots = std::collections::BTreeMap::new();
    let mut status_rows = Vec::new();
    let mut documents = Vec::new();
    let mut diverged = false;
    let mut matched_files = 0;
    let mut input_errors = Vec::new();
    let mut targets_seen = std::collections::HashSet::new();
    // Both corpora check the same targets: each spec and each instruction's run is shared.
    let ours = OurParts::new(&data.root);
    for version in &corpora {
        let report = run_corpus(&data, &args, version, cache_dir.clone(), &ours)?;
        matched_files += report.matched_files;
        targets_seen.extend(report.tally.targets().map(str::to_string));
        input_errors.extend(report.input_errors.iter().cloned());
        input_errors.extend(
            report
                .unparsed_runs
                .iter()
                .map(|u| format!("{}:{}: unparsed RUN line: {}", u.file, u.line, u.reason)),
        );
        print!("{}", report::summary_table(&report));
        let show = args
            .show
            .unwrap_or(if args.select.files.is_empty() { 3 } else { 20 });
        print!("{}", report::findings_listing(&report, show));
        eprint_not_checked(&report);
        diverged |= !report.failed_runs.is_empty() || report.cases.iter().any(report::is_finding);
        if args.json.is_some() || args.junit.is_some() || args.ci.wanted() {
            corpus_roots.insert(version.clone(), data.corpus(version)?);
            documents.push(report::json(&report));
        }
        if args.status_md {
            status_rows.push(report::status_rows(&report));
        }
    }
    if args.status_md {
        print!("{}", report::status_markdown(&status_rows));
    }
    if matched_files == 0 {
        bail!("--file {:?}: no test file matches", args.select.files);
    }
    // A shard may hold no RUN line of a target; the whole selection must.
    let unseen: Vec<&String> = (args.select.mcpus.iter())
        .filter(|m| !targets_seen.contains(m.as_str()))
        .collect();
    if args.select.shard.is_none() && !unseen.is_empty() {
        bail!("--mcpu {unseen:?}: no RUN line of the selected files has this -mcpu");
    }
    if let Some(path) = &args.json {
        write_atomically(path, &report::json_lines(&documents)?)?;
    }
    if let Some(path) = &args.junit {
        write_atomically(path, &report::junit(&documents))?;
    }
    if args.ci.wanted() {
        args.ci
            .emit(&mcdiff::sarif::run_sarif(&documents, &corpus_roots))?;
    }
    // Bad input (an unreadable test file, spec or pseudocode file, an unparsed RUN line)
    // fails the run once everything else was checked and reported.
    if let Some(first) = input_errors.first() {
        bail!("{first} ({} inputs could not be read)", input_errors.len());
    }
    Ok(if args.deny_divergence && diverged {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Each test path, RUN line and llvm-mc run a corpus's run did not check, with why.
fn eprint_not_checked(report: &mcdiff::engine::Report) {
    for p in &report.skipped_paths {
        eprintln!("{}: test path not read: {}", p.file, p.reason);
    }
    for u in &report.unparsed_runs {
        eprintln!("{}:{}: unparsed RUN line: {}", u.file, u.line, u.reason);
    }
    for f in &report.failed_runs {
        eprintln!("{}:{}: RUN line not checked: {}", f.file, f.line, f.reason);
    }
}

/// One corpus through the engine, with its own llvm-mc unless `--llvm-mc` names one.
/// Our side of the runs of one command, loaded as they need it and shared between them.
struct OurParts {
    specs: Arc<SpecCache>,
    semantics: Arc<Semantics>,
}

impl OurParts {
    fn new(data_root: &Path) -> OurParts {
        OurParts {
            specs: Arc::new(SpecCache::new(data_root)),
            semantics: Arc::new(Semantics::new(data_root)),
        }
    }
}

fn run_corpus(
    data: &DataDir,
    args: &RunArgs,
    version: &str,
    cache_dir: Option<PathBuf>,
    ours: &OurParts,
) -> Result<engine::Report> {
    let corpus_root = data.corpus(version)?;
    let mc_path = match &args.llvm_mc {
        Some(p) => p.clone(),
        None => LlvmMc::for_major(version.split('.').next().unwrap_or(version)),
    };
    let llvm_mc = LlvmMc::open(&mc_path, args.llvm.timeout())?;
    if llvm_mc.version != *version {
        eprintln!(
            "mcdiff: note: llvm-mc {} checks LLVM {version}'s tests: llvm check-differs counts LLVM changes",
            llvm_mc.version
        );
    }
    let config = EngineConfig {
        corpus_root,
        corpus_version: version.to_string(),
        llvm_mc,
        cache: args.llvm.run_cache(cache_dir),
        selection: args.select.clone(),
        specs: ours.specs.clone(),
        semantics: ours.semantics.clone(),
    };
    let bar = progress_bar(&format!("LLVM {version} "), "llvm-mc runs");
    let report = engine::run(
        &config,
        &|done, total| show_progress(&bar, done, total),
        &report::is_listed,
    )?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(report)
}

fn cmd_gate(data: Option<PathBuf>, args: GateArgs) -> Result<ExitCode> {
    let data = DataDir::locate(data.as_deref())?;
    data.spec_root()?;
    let timeout = args.llvm.timeout();
    let old = LlvmMc::open(&args.old, timeout)?;
    let new = LlvmMc::open(&args.new, timeout)?;
    let version = args.corpus.clone().unwrap_or_else(|| old.version.clone());
    let outputs = [&args.json, &args.junit, &args.md, &args.write_baseline];
    for path in outputs.into_iter().flatten() {
        check_writable(path)?;
    }
    args.ci.check_writable()?;
    let baseline = match &args.baseline {
        Some(path) => Some(mcdiff::gate::read_baseline(
            &std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?,
        )),
        None => None,
    };
    let cache_dir = args.llvm.cache_dir();
    // The old and the new run check the same targets: specs and instruction runs are shared.
    let ours = OurParts::new(&data.root);
    let config = |llvm_mc: LlvmMc| -> Result<EngineConfig> {
        Ok(EngineConfig {
            corpus_root: data.corpus(&version)?,
            corpus_version: version.clone(),
            llvm_mc,
            cache: args.llvm.run_cache(cache_dir.clone()),
            selection: args.select.clone(),
            specs: ours.specs.clone(),
            semantics: ours.semantics.clone(),
        })
    };
    let report = mcdiff::gate::run(&config(old)?, &config(new)?)?;
    let summary = mcdiff::gate::summary(&report, args.show);
    print!("{summary}");
    let baseline_lines = mcdiff::gate::baseline_text(&report);
    let json = serde_json::to_string(&report)? + "\n";
    let junit = mcdiff::gate::junit(&report, baseline.as_ref());
    for (path, text) in [
        (&args.json, &json),
        (&args.junit, &junit),
        (&args.md, &summary),
        (&args.write_baseline, &baseline_lines),
    ] {
        if let Some(path) = path {
            write_atomically(path, text)?;
        }
    }
    if args.ci.wanted() {
        let sarif = mcdiff::sarif::gate_sarif(&report, &data.corpus(&version)?, baseline.as_ref());
        args.ci.emit(&sarif)?;
    }
    if !report.faults.is_empty() {
        for f in &report.faults {
            eprintln!("mcdiff: gate: {f}");
        }
        bail!(
            "{} llvm-mc runs faulted: the gate cannot judge",
            report.faults.len()
        );
    }
    Ok(gate_verdict(&report, &args, baseline.as_ref()))
}

/// Exit 0 when every change is reviewed (in the baseline), 1 otherwise, naming them.
fn gate_verdict(
    report: &mcdiff::gate::GateReport,
    args: &GateArgs,
    baseline: Option<&std::collections::BTreeSet<String>>,
) -> ExitCode {
    let empty = Default::default();
    let (unreviewed, gone) = mcdiff::gate::unreviewed(report, baseline.unwrap_or(&empty));
    for line in gone.iter().take(args.show.max(10)) {
        eprintln!("mcdiff: gate: in the baseline, no longer seen: {line}");
    }
    if unreviewed.is_empty() {
        return ExitCode::SUCCESS;
    }
    for c in unreviewed.iter().take(args.show.max(10)) {
        eprintln!(
            "mcdiff: gate: unreviewed: {}: {}",
            c.baseline_line(),
            c.text
        );
    }
    let from = args
        .baseline
        .as_ref()
        .map_or("no baseline given".to_string(), |p| {
            format!("not in {}", p.display())
        });
    eprintln!(
        "mcdiff: gate: {} changes are unreviewed ({from}); review them with \
         `cargo insta test --review --test gate_baseline`, or write a baseline with --write-baseline",
        unreviewed.len()
    );
    ExitCode::from(1)
}

/// A progress bar on a terminal (none otherwise) counting `unit` after `prefix`.
fn progress_bar(prefix: &str, unit: &str) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{prefix}}[{{bar:40}}] {{pos}}/{{len}} {unit} ({{eta}})"
        ))
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix(prefix.to_string());
    Some(bar)
}

/// Moves `bar` (when there is one) to `done` of `total`.
fn show_progress(bar: &Option<indicatif::ProgressBar>, done: usize, total: usize) {
    if let Some(bar) = bar {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    }
}

fn cmd_asm(data: Option<PathBuf>, args: AsmArgs) -> Result<ExitCode> {
    let data = DataDir::locate(data.as_deref())?;
    let spec = mcdiff::data::load_target(data.spec_root()?, &args.mcpu)?;
    let (name, text) = mcdiff::input::read_text(&args.file)?;
    let mattr: Vec<String> = args.mattr.iter().map(|m| m.trim().to_string()).collect();
    let target =
        mcdiff_asm::target::TargetCtx::new(&spec, &mattr, mcdiff_asm::target::REFERENCE_LLVM_MAJOR);
    let assembler = mcdiff_asm::Assembler::new(target);
    let mut failed = false;
    // Buffered both ways: a line at a time, the writes cost more than the encoding.
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut err = std::io::BufWriter::new(std::io::stderr().lock());
    // Statements are split from comments the same way test files are read.
    let parsed = mcdiff_lit::parse_test_file(std::path::Path::new("input.s"), &text);
    let raw_lines: Vec<&str> = text.lines().collect();
    for stmt in parsed.lines.iter().filter(|l| !l.is_label) {
        let raw = raw_lines.get(stmt.line - 1).copied().unwrap_or_default();
        let lead = (raw.len() - raw.trim_start().len()) as u32;
        match assembler.assemble(&stmt.text) {
            mcdiff_asm::AsmOutcome::Encoded(enc) => {
                let bytes = mcdiff::engine::encoded_bytes(&enc);
                writeln!(
                    out,
                    "\t{:<39} ; encoding: {}",
                    stmt.text,
                    mcdiff::bytes::render(&bytes)
                )?;
            }
            mcdiff_asm::AsmOutcome::Rejected(e) => {
                failed = true;
                writeln!(
                    err,
                    "{name}:{}:{}: error: {}",
                    stmt.line,
                    lead + e.column,
                    e.message
                )?;
            }
            mcdiff_asm::AsmOutcome::Unsupported(reason) => {
                failed = true;
                writeln!(
                    err,
                    "{name}:{}:{}: error: unsupported: {reason}",
                    stmt.line,
                    lead + 1
                )?;
            }
        }
    }
    out.flush()?;
    err.flush()?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn cmd_crossgen(data: Option<PathBuf>, args: CrossgenArgs) -> Result<ExitCode> {
    let data = DataDir::locate(data.as_deref())?;
    let only = (!args.insts.is_empty()).then_some(args.insts.as_slice());
    let bar = progress_bar("", "instructions");
    let progress = |done, total| show_progress(&bar, done, total);
    let comparisons = mcdiff_sema::crossgen::cross_generation(&data.root, only, &progress)?;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if comparisons.is_empty() {
        eprintln!("mcdiff: no instruction selected has pseudocode in two or more files");
        return Ok(ExitCode::from(2));
    }
    let catalogue = mcdiff::errata::load_catalogue(args.errata.as_deref())?;
    let label = |inst: &str| mcdiff::errata::label(&catalogue, inst);
    print!("{}", mcdiff_sema::crossgen::render(&comparisons, &label));
    // With --inst, only the checks of the instructions compared can be made.
    let compared = |e: &&mcdiff::errata::Erratum| {
        e.check
            .as_ref()
            .is_some_and(|c| comparisons.iter().any(|x| x.name == c.instruction))
    };
    let failed: Vec<String> = catalogue
        .iter()
        .filter(compared)
        .filter_map(|e| e.verify(&comparisons).err())
        .collect();
    for why in &failed {
        eprintln!("mcdiff: erratum check failed: {why}");
    }
    Ok(if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
