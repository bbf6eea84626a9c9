//! `mcdiff fuzz`: a differential fuzzer. Assembler lines of the corpus's tests for one
//! `-mcpu` are mutated ([`mutate`]), or instruction words of its disassembler tests and of our
//! own encodings ([`words`]), and fed in batches to our side and to llvm-mc ([`oracle`]);
//! every disagreement is judged with a blame hint ([`compare`]), the first ones of each rule
//! are minimised ([`minimise`]), and the report groups them by rule ([`report`]).
//!
//! Everything generated follows from the seed: batch `b` draws from its own stream, so a run
//! (or a shard of it) is replayed exactly by the same command.

mod compare;
mod minimise;
mod mutate;
mod oracle;
pub mod report;
mod rng;
mod seeds;
mod words;

use crate::markers::invalid_marker;
use anyhow::{bail, Context, Result};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::data::{DataDir, CORPUS_VERSIONS};
use crate::llvm_mc::{Fault, LlvmAnswer, LlvmMc};
use crate::output::{check_writable, write_atomically};
use crate::selection::Shard;
use compare::{Diff, Ours, Outcome, Side};
use mcdiff_asm::decode::Disassembler;
use mcdiff_asm::target::TargetCtx;
use mcdiff_asm::{AsmOutcome, Assembler};
use oracle::{hex_line, FaultTie, Oracle, Reply, SENTINEL_BASE};
use report::{Culprit, Example, Report, Rule};
use rng::Rng;
use seeds::Seeds;

/// What is fuzzed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Mutated assembler lines: our encoder against `llvm-mc -show-encoding`.
    Asm,
    /// Mutated and random instruction words: our decoder against `llvm-mc --disassemble`.
    Disasm,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Asm => "asm",
            Mode::Disasm => "disasm",
        }
    }
}

/// `mcdiff fuzz` arguments.
#[derive(clap::Args, Debug)]
pub struct FuzzArgs {
    /// Target processor, as llvm-mc's -mcpu.
    #[arg(long)]
    pub mcpu: String,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Inputs to generate (assembler lines or byte lines).
    #[arg(long, default_value_t = 2000)]
    pub count: u64,
    #[arg(long, value_enum, default_value = "asm")]
    pub mode: Mode,
    /// llvm-mc to compare with (default: /usr/lib/llvm-22/bin/llvm-mc).
    #[arg(long, value_name = "PATH")]
    pub llvm_mc: Option<PathBuf>,
    /// Test corpus the seeds come from (default: the one of llvm-mc's release, else the newest).
    #[arg(long, value_name = "VERSION")]
    pub corpus: Option<String>,
    /// Write the report as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Run only the K-th of N shards of the batches (1 <= K <= N, as for `run`): batch b is
    /// in shard b % N + 1, so N shards cover the run.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Inputs per llvm-mc process.
    #[arg(long, default_value_t = 2000)]
    pub batch: usize,
    /// Minimised examples kept per rule.
    #[arg(long, default_value_t = 3)]
    pub show: usize,
    /// Seconds before one llvm-mc process is killed.
    #[arg(long, default_value_t = 60)]
    pub timeout: u64,
    #[command(flatten)]
    pub ci: crate::sarif::CiOutput,
}

/// Runs `mcdiff fuzz`: exit 0 without findings, 1 with findings, 2 on bad input or when
/// llvm-mc faulted on some input (those inputs are neither findings nor agreements).
pub fn cmd(data: Option<PathBuf>, args: FuzzArgs) -> Result<ExitCode> {
    let data = DataDir::locate(data.as_deref())?;
    let ts = crate::data::load_target(data.spec_root()?, &args.mcpu)?;
    let shard = args
        .shard
        .map_or((0, 1), |s| (u64::from(s.index - 1), u64::from(s.count)));
    if !(1..=0x3fff).contains(&args.batch) {
        bail!(
            "--batch {}: give 1 to 16383 inputs per llvm-mc run",
            args.batch
        );
    }
    let mc_path = args
        .llvm_mc
        .clone()
        .unwrap_or_else(|| LlvmMc::for_major("22"));
    let mc = LlvmMc::open(&mc_path, Duration::from_secs(args.timeout))?;
    let corpus = match &args.corpus {
        Some(v) => v.clone(),
        None => default_corpus(&data, &mc),
    };
    if let Some(path) = &args.json {
        check_writable(path)?;
    }
    args.ci.check_writable()?;
    let target = TargetCtx::new(&ts, &[], mc.major());
    if args.mode == Mode::Disasm && target.gfx_major < 8 {
        // llvm-mc stops on every word ("disassembly not yet supported for subtarget"): there
        // is nothing to compare our decoder with, and its stops are no llvm-mc bugs.
        bail!(
            "--mode disasm --mcpu {}: llvm-mc has no disassembler for GFX6 and GFX7 targets",
            args.mcpu
        );
    }
    let assembler = Assembler::new(target);
    let dis = Disassembler::new(target);
    let encoder = (args.mode == Mode::Disasm).then_some(&assembler);
    let seeds = seeds::load(&data.corpus(&corpus)?, &args.mcpu, encoder)?;
    let disassemble = args.mode == Mode::Disasm;
    let sentinels = disassemble
        .then(|| sentinels(&assembler, args.batch))
        .transpose()?;
    let oracle = Oracle::new(
        &mc,
        Oracle::arguments(&args.mcpu, disassemble),
        sentinels,
        args.batch,
    );
    let ours = Ours {
        ts: &ts,
        assembler: &assembler,
        dis: &dis,
    };
    let mut fuzz = Fuzzer::new(&args, &ours, &oracle, &seeds, shard);
    fuzz.report.corpus = corpus;
    let started = Instant::now();
    fuzz.run()?;
    let mut report = fuzz.finish();
    crate::known_issues::label_fuzz(&mut report);
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "mcdiff fuzz: {} inputs in {secs:.1} s ({:.0} inputs/s), {} llvm-mc runs",
        report.totals.inputs,
        report.totals.inputs as f64 / secs.max(1e-9),
        report.totals.llvm_mc_runs
    );
    print!("{}", report::text(&report, args.show));
    if let Some(path) = &args.json {
        write_atomically(path, &(serde_json::to_string(&report)? + "\n"))?;
    }
    args.ci.emit(&crate::sarif::fuzz_sarif(&report))?;
    Ok(ExitCode::from(if !report.faults.is_empty() {
        2
    } else if !report.rules.is_empty() {
        1
    } else {
        0
    }))
}

/// The corpus of llvm-mc's own release when present, else the newest present.
fn default_corpus(data: &DataDir, mc: &LlvmMc) -> String {
    let present: Vec<&str> = CORPUS_VERSIONS
        .iter()
        .copied()
        .filter(|v| data.corpus(v).is_ok())
        .collect();
    let major = mc.major().to_string();
    present
        .iter()
        .find(|v| v.split('.').next() == Some(major.as_str()))
        .or(present.last())
        .unwrap_or(&CORPUS_VERSIONS[CORPUS_VERSIONS.len() - 1])
        .to_string()
}

/// `s_nop 0x4000+i` for every input slot of a run, encoded by our assembler.
fn sentinels(assembler: &Assembler, batch: usize) -> Result<Vec<Vec<u8>>> {
    (0..batch as u32)
        .map(|i| scalar_word(assembler, SENTINEL_BASE + i))
        .collect()
}

/// `s_nop value`, or where the spec lacks `s_nop` (CDNA1's manual table), `s_movk_i32 s0, value`:
/// a 4-byte scalar instruction every target decodes, carrying a 16-bit value.
fn scalar_word(assembler: &Assembler, value: u32) -> Result<Vec<u8>> {
    let forms = [
        format!("s_nop {value:#x}"),
        format!("s_movk_i32 s0, {value:#x}"),
    ];
    for text in &forms {
        if let AsmOutcome::Encoded(enc) = assembler.assemble(text) {
            return Ok(enc.bytes);
        }
    }
    bail!(
        "cannot encode `{}` nor `{}` for the target",
        forms[0],
        forms[1]
    )
}

/// One generated input.
struct Case {
    input: String,
    kinds: Vec<&'static str>,
}

/// Disagreement kind, blame, subject (field or mnemonic family): what a maintainer reads a
/// rule as. The mutations that led there are counted within the rule.
type RuleKey = (&'static str, &'static str, String);

struct Fuzzer<'a> {
    mode: Mode,
    seed: u64,
    count: u64,
    batch: usize,
    show: usize,
    shard: (u64, u64),
    ours: &'a Ours<'a>,
    oracle: &'a Oracle<'a>,
    seeds: &'a Seeds,
    sentinel_words: HashSet<Vec<u8>>,
    /// Disassembly: `s_nop 0` (see [`scalar_word`]), appended to every byte line (see [`Fuzzer::generate`]).
    pad: Vec<u8>,
    rules: BTreeMap<RuleKey, Rule>,
    report: Report,
}

impl<'a> Fuzzer<'a> {
    fn new(
        args: &FuzzArgs,
        ours: &'a Ours<'a>,
        oracle: &'a Oracle<'a>,
        seeds: &'a Seeds,
        shard: (u64, u64),
    ) -> Fuzzer<'a> {
        let seed_inputs = match args.mode {
            Mode::Asm => seeds.asm.len(),
            Mode::Disasm => seeds.bytes.len(),
        };
        Fuzzer {
            mode: args.mode,
            seed: args.seed,
            count: args.count,
            batch: args.batch,
            show: args.show,
            shard,
            ours,
            oracle,
            seeds,
            sentinel_words: oracle.sentinels.iter().flatten().cloned().collect(),
            pad: scalar_word(ours.assembler, 0).unwrap_or_default(),
            rules: BTreeMap::new(),
            report: Report {
                mcpu: args.mcpu.clone(),
                mode: args.mode.name(),
                seed: args.seed,
                count: args.count,
                shard: args.shard.map(|s| s.to_string()),
                llvm_mc: oracle.mc.path.display().to_string(),
                llvm_mc_version: oracle.mc.version.clone(),
                corpus: String::new(),
                seed_inputs,
                totals: Default::default(),
                rules: Vec::new(),
                faults: BTreeMap::new(),
                unsupported: BTreeMap::new(),
                known: BTreeMap::new(),
            },
        }
    }

    fn run(&mut self) -> Result<()> {
        let batches = self.count.div_ceil(self.batch as u64);
        let (k, n) = self.shard;
        let started = Instant::now();
        for b in (k..batches).step_by(n as usize) {
            let size = (self.count - b * self.batch as u64).min(self.batch as u64);
            self.batch_run(b, size as usize)?;
            if (b / n) % 50 == 49 {
                eprintln!(
                    "mcdiff fuzz: batch {}/{batches}, {} findings, {:.0} s",
                    b + 1,
                    self.report.totals.findings,
                    started.elapsed().as_secs_f64()
                );
            }
        }
        Ok(())
    }

    fn generate(&self, rng: &mut Rng) -> Option<Case> {
        for _ in 0..20 {
            match self.mode {
                Mode::Asm => {
                    let line = rng.pick(&self.seeds.asm)?;
                    if let Some(m) = mutate::mutate(line, self.seeds, rng) {
                        return Some(Case {
                            input: m.text,
                            kinds: m.kinds,
                        });
                    }
                }
                Mode::Disasm => {
                    // Every line ends in `s_nop 0`: an instruction that wants a literal dword
                    // takes it from there (llvm-mc 22 crashes on a group that ends before
                    // the literal), others are followed by a harmless instruction.
                    let mut w = words::generate(&self.seeds.bytes, &self.ours.ts.spec, rng);
                    w.bytes.extend_from_slice(&self.pad);
                    // A sentinel's bytes inside an input would end its answer early.
                    if !w.bytes.windows(4).any(|x| self.sentinel_words.contains(x)) {
                        return Some(Case {
                            input: hex_line(&w.bytes),
                            kinds: w.kinds,
                        });
                    }
                }
            }
        }
        None
    }

    fn batch_run(&mut self, b: u64, size: usize) -> Result<()> {
        let mut rng = Rng::new(self.seed, b);
        let generated: Vec<Case> = (0..size).filter_map(|_| self.generate(&mut rng)).collect();
        // Inputs our side does not handle are counted, not compared, and not sent to llvm-mc.
        let mut cases = Vec::new();
        let mut sides = Vec::new();
        for case in generated {
            match self.ours.side(self.mode, &case.input) {
                Ok(side) => {
                    cases.push(case);
                    sides.push(side);
                }
                Err(reason) => self.unsupported(reason),
            }
        }
        let inputs: Vec<String> = cases.iter().map(|c| c.input.clone()).collect();
        let replies = self
            .oracle
            .ask(&inputs, &mut self.report.totals.llvm_mc_runs)?;
        let mut fresh: Vec<(RuleKey, &Case, Diff)> = Vec::new();
        let mut wanted: HashMap<RuleKey, usize> = HashMap::new();
        for ((case, side), reply) in cases.iter().zip(sides).zip(&replies) {
            let Some(diff) = self.tally(case, side, reply) else {
                continue;
            };
            let key = (diff.kind, diff.blame, diff.subject.clone());
            let rule = self.rules.entry(key.clone()).or_insert_with(|| Rule {
                kind: key.0,
                blame: key.1,
                subject: key.2.clone(),
                count: 0,
                mutations: BTreeMap::new(),
                examples: Vec::new(),
            });
            rule.count += 1;
            *rule.mutations.entry(case.kinds.join("+")).or_default() += 1;
            let pending = wanted.entry(key.clone()).or_default();
            if rule.examples.len() + *pending < self.show {
                *pending += 1;
                fresh.push((key, case, diff));
            }
        }
        self.keep_examples(fresh)
    }

    /// Counts an input our side does not handle.
    fn unsupported(&mut self, reason: String) {
        let t = &mut self.report.totals;
        t.inputs += 1;
        t.unsupported += 1;
        *self.report.unsupported.entry(reason).or_default() += 1;
    }

    /// Counts one reply against our side's answer; the disagreement, if it is one.
    fn tally(&mut self, case: &Case, ours: Side, reply: &Reply) -> Option<Diff> {
        let t = &mut self.report.totals;
        t.inputs += 1;
        let answer = match reply {
            Reply::Fault { fault, tie } => {
                t.faulted += 1;
                self.fault(case, fault, *tie);
                return None;
            }
            Reply::Answer(answer) => answer,
        };
        if self.mode == Mode::Disasm {
            let word = minimise::parse_hex(&case.input);
            if let Some(exact) = self.ours.reassembles(&word) {
                t.reassembled.count(exact);
            }
        }
        let outcome = self.ours.judge(self.mode, &case.input, ours, answer);
        // A decode llvm-mc marks invalid is its refusal (crate::markers).
        let by_answer = match answer {
            LlvmAnswer::Error { .. } => &mut t.llvm_refuses,
            LlvmAnswer::Decoded { text, .. } if invalid_marker(text).is_some() => {
                &mut t.llvm_refuses
            }
            _ => &mut t.llvm_accepts,
        };
        match outcome {
            Outcome::Agree => {
                by_answer.count(true);
                t.compared += 1;
                t.agree += 1;
                None
            }
            Outcome::Unsupported(reason) => {
                t.unsupported += 1;
                *self.report.unsupported.entry(reason).or_default() += 1;
                None
            }
            Outcome::NoAnswer(_) => {
                t.no_answer += 1;
                None
            }
            Outcome::Differs(d) => {
                // An answer llvm-mc contradicts itself in is in neither class.
                if d.blame != "llvm" {
                    by_answer.count(false);
                }
                t.compared += 1;
                t.findings += 1;
                t.ours_findings += usize::from(d.blame == "ours");
                Some(d)
            }
        }
    }

    fn fault(&mut self, case: &Case, fault: &Fault, tie: FaultTie) {
        let group = self.report.faults.entry(fault.reason()).or_default();
        group.inputs += 1;
        if tie != FaultTie::InRun {
            group.culprit_inputs += 1;
        }
        if tie == FaultTie::Alone && group.culprits.len() < 20 {
            let mode = self.mode.name();
            let replay = report::replay(mode, &self.report.mcpu, &self.report.llvm_mc, &case.input);
            group.culprits.push(Culprit {
                input: case.input.clone(),
                replay: replay[0].clone(),
                diagnostic: fault.diagnostic.clone(),
            });
        }
    }

    /// Minimises the new examples of this batch and files them under their rules.
    fn keep_examples(&mut self, fresh: Vec<(RuleKey, &Case, Diff)>) -> Result<()> {
        let mut items: Vec<(String, Diff)> = fresh
            .iter()
            .map(|(_, c, d)| (c.input.clone(), d.clone()))
            .collect();
        let runs = &mut self.report.totals.llvm_mc_runs;
        minimise::minimise(&mut items, self.mode, self.ours, self.oracle, runs)
            .context("minimising findings")?;
        for ((key, case, _), (reproducer, diff)) in fresh.into_iter().zip(items) {
            let replay = report::replay(
                self.mode.name(),
                &self.report.mcpu,
                &self.report.llvm_mc,
                &reproducer,
            );
            if let Some(rule) = self.rules.get_mut(&key) {
                rule.examples.push(Example {
                    input: case.input.clone(),
                    mutations: case.kinds.clone(),
                    reproducer,
                    ours: diff.ours,
                    llvm: diff.llvm,
                    detail: diff.detail,
                    replay,
                });
            }
        }
        Ok(())
    }

    fn finish(mut self) -> Report {
        let mut rules: Vec<Rule> = self.rules.into_values().collect();
        rules.sort_by_key(|r| std::cmp::Reverse(r.count));
        self.report.rules = rules;
        self.report
    }
}
