//! The answer cache: llvm-mc's output keyed by binary identity, flags and input; a faulty
//! answer is never stored.

use anyhow::Result;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::asm::{answers_marked_input, mark_lines, parse_output};
use super::batch::{self, Batch, Kind};
use super::disasm::{answers_byte_input, parse_disassembly};
use super::{LlvmMc, LlvmRun};

/// Memoises llvm-mc runs on disk, keyed by llvm-mc version, arguments and input text,
/// so a re-run over an unchanged corpus spawns no process. Inputs asked for together (see
/// [`RunCache::run_many`]) share one llvm-mc process where [`super::batch`] allows it; each
/// input's answer is still its own, cached under its own key.
pub struct RunCache {
    dir: Option<PathBuf>,
    lock: Mutex<()>,
    batches: bool,
    /// Also run every batched input alone and compare (`MCDIFF_CHECK_BATCHES=1`).
    check_batches: bool,
}

/// One input of [`RunCache::run_many`] or [`RunCache::disassemble_many`]: the source
/// llvm-mc reads and the lines whose answers are read.
pub struct Job<'a> {
    pub source: &'a str,
    pub lines: &'a [usize],
}

impl RunCache {
    pub fn new(dir: Option<PathBuf>) -> RunCache {
        RunCache {
            dir,
            lock: Mutex::new(()),
            batches: true,
            check_batches: std::env::var_os("MCDIFF_CHECK_BATCHES").is_some_and(|v| v == "1"),
        }
    }

    /// The same cache, running every input in a process of its own (`--no-batch`).
    pub fn without_batches(mut self) -> RunCache {
        self.batches = false;
        self
    }

    /// Whether answers are kept on disk (a cache folder, not `--no-cache`).
    pub fn persistent(&self) -> bool {
        self.dir.is_some()
    }

    /// The cached answer for assembling `source`, if there is one (no llvm-mc run).
    pub fn assembled(
        &self,
        mc: &LlvmMc,
        args: &[String],
        source: &str,
        instruction_lines: &[usize],
    ) -> Option<LlvmRun> {
        let marked = mark_lines(source, instruction_lines);
        let entry = self.entry(mc, args, &marked)?;
        let names_input =
            |out: &str, err: &str| instruction_lines.is_empty() || answers_marked_input(out, err);
        let (stdout, stderr) = lookup(&entry, names_input)?;
        Some(parse_output(&stdout, &stderr))
    }

    /// The cached answer for disassembling `source`, if there is one (no llvm-mc run).
    pub fn disassembled(
        &self,
        mc: &LlvmMc,
        args: &[String],
        source: &str,
        byte_lines: &[usize],
    ) -> Option<LlvmRun> {
        let entry = self.entry(mc, args, source)?;
        let names_input =
            |out: &str, err: &str| byte_lines.is_empty() || answers_byte_input(out, err);
        let (stdout, stderr) = lookup(&entry, names_input)?;
        Some(parse_disassembly(&stdout, &stderr, source, byte_lines))
    }

    /// Whether inputs asked for together may share a process.
    pub fn batches(&self) -> bool {
        self.batches
    }

    /// Assembles `source` (see [`LlvmMc::run`]), through the cache.
    pub fn run(
        &self,
        mc: &LlvmMc,
        args: &[String],
        source: &str,
        instruction_lines: &[usize],
    ) -> Result<LlvmRun> {
        let job = Job {
            source,
            lines: instruction_lines,
        };
        let mut runs = self.run_many(mc, args, &[job]);
        runs.pop().expect("one answer per input")
    }

    /// Disassembles `source` (see [`LlvmMc::disassemble`]), through the cache.
    pub fn disassemble(
        &self,
        mc: &LlvmMc,
        args: &[String],
        source: &str,
        byte_lines: &[usize],
    ) -> Result<LlvmRun> {
        let job = Job {
            source,
            lines: byte_lines,
        };
        let mut runs = self.disassemble_many(mc, args, &[job]);
        runs.pop().expect("one answer per input")
    }

    /// Assembles each input with the same flags, through the cache: one answer per input, in
    /// order, each what a run of that input alone gives.
    pub fn run_many(&self, mc: &LlvmMc, args: &[String], jobs: &[Job]) -> Vec<Result<LlvmRun>> {
        let inputs: Vec<String> = (jobs.iter())
            .map(|j| mark_lines(j.source, j.lines))
            .collect();
        let batchable: Vec<bool> = (jobs.iter())
            .map(|j| !j.lines.is_empty() && batch::asm_batchable(j.source))
            .collect();
        let names_input = |k: usize, out: &str, err: &str| {
            jobs[k].lines.is_empty() || answers_marked_input(out, err)
        };
        let answers = self.exec_many(mc, args, Kind::Assemble, &inputs, &batchable, &names_input);
        (answers.into_iter())
            .map(|a| a.map(|(stdout, stderr)| parse_output(&stdout, &stderr)))
            .collect()
    }

    /// Disassembles each input with the same flags, through the cache (see
    /// [`RunCache::run_many`]).
    pub fn disassemble_many(
        &self,
        mc: &LlvmMc,
        args: &[String],
        jobs: &[Job],
    ) -> Vec<Result<LlvmRun>> {
        let inputs: Vec<String> = jobs.iter().map(|j| j.source.to_string()).collect();
        let batchable: Vec<bool> = (jobs.iter())
            .map(|j| !j.lines.is_empty() && batch::disasm_batchable(j.source))
            .collect();
        let names_input = |k: usize, out: &str, err: &str| {
            jobs[k].lines.is_empty() || answers_byte_input(out, err)
        };
        let answers = self.exec_many(
            mc,
            args,
            Kind::Disassemble,
            &inputs,
            &batchable,
            &names_input,
        );
        (answers.into_iter().zip(jobs))
            .map(|(a, j)| {
                a.map(|(stdout, stderr)| parse_disassembly(&stdout, &stderr, j.source, j.lines))
            })
            .collect()
    }

    /// Runs llvm-mc on each input through the cache: the inputs not cached and `batchable`
    /// share one process when there are two or more; any fault of that process runs them one
    /// by one, output that cannot be split back runs them again as two halves. Output `names_input` does not
    /// accept (text that is no answer to input `k`) is a fault, never stored, and a stored
    /// entry it does not accept is run again.
    fn exec_many(
        &self,
        mc: &LlvmMc,
        args: &[String],
        kind: Kind,
        inputs: &[String],
        batchable: &[bool],
        names_input: &dyn Fn(usize, &str, &str) -> bool,
    ) -> Vec<Result<(String, String)>> {
        let entries: Vec<Option<PathBuf>> = (inputs.iter())
            .map(|input| self.entry(mc, args, input))
            .collect();
        let mut answers: Vec<Option<Result<(String, String)>>> = (entries.iter().enumerate())
            .map(|(k, entry)| {
                let names = |out: &str, err: &str| names_input(k, out, err);
                entry.as_deref().and_then(|e| lookup(e, names)).map(Ok)
            })
            .collect();
        let pending: Vec<usize> = (0..inputs.len())
            .filter(|&k| answers[k].is_none() && batchable[k])
            .collect();
        if self.batches && batch::args_allow_batch(args) {
            let mut together = vec![pending];
            while let Some(members) = together.pop() {
                if members.len() < 2 {
                    continue; // run alone below
                }
                let texts: Vec<&str> = members.iter().map(|&k| inputs[k].as_str()).collect();
                let outcome = if members.len() > batch::MAX_INPUTS {
                    Batched::Unsplit
                } else {
                    let names = |i: usize, out: &str, err: &str| names_input(members[i], out, err);
                    self.batched(mc, args, kind, &texts, &names)
                };
                match outcome {
                    Batched::Answers(parts) => {
                        for (&k, (stdout, stderr)) in members.iter().zip(parts) {
                            self.store(entries[k].as_deref(), &stdout, &stderr);
                            answers[k] = Some(Ok((stdout, stderr)));
                        }
                    }
                    Batched::Fault => {} // each input runs alone below
                    Batched::Unsplit => {
                        let (first, second) = members.split_at(members.len() / 2);
                        together.push(second.to_vec());
                        together.push(first.to_vec());
                    }
                }
            }
        }
        (answers.into_iter().enumerate())
            .map(|(k, answer)| {
                answer.unwrap_or_else(|| {
                    let names = |out: &str, err: &str| names_input(k, out, err);
                    let (stdout, stderr) = checked(mc, args, &inputs[k], names)?;
                    self.store(entries[k].as_deref(), &stdout, &stderr);
                    Ok((stdout, stderr))
                })
            })
            .collect()
    }

    /// One process for all `inputs`, its output split back into each input's answer.
    fn batched(
        &self,
        mc: &LlvmMc,
        args: &[String],
        kind: Kind,
        inputs: &[&str],
        names_input: &dyn Fn(usize, &str, &str) -> bool,
    ) -> Batched {
        let batch = match kind {
            Kind::Assemble => Batch::assemble(inputs),
            Kind::Disassemble => Batch::disassemble(inputs),
        };
        let Ok((stdout, stderr)) = mc.exec_checked(args, &batch.input) else {
            return Batched::Fault;
        };
        let Some(parts) = batch.split(&stdout, &stderr) else {
            return Batched::Unsplit;
        };
        for (k, (out, err)) in parts.iter().enumerate() {
            if (out.trim().is_empty() && err.trim().is_empty()) || !names_input(k, out, err) {
                return Batched::Fault;
            }
        }
        if self.check_batches {
            for (k, part) in parts.iter().enumerate() {
                let alone = mc.exec_checked(args, inputs[k]).map_err(|e| e.to_string());
                if alone.as_ref() != Ok(part) {
                    eprintln!(
                        "mcdiff: batch check: input {k} of {} answered differently alone: {}",
                        inputs.len(),
                        mc.replay(args)
                    );
                    return Batched::Fault;
                }
            }
            eprintln!(
                "mcdiff: batch check: {} inputs answered alike alone: {}",
                inputs.len(),
                mc.replay(args)
            );
        }
        Batched::Answers(parts)
    }

    /// The cache file of an input, when there is a cache.
    fn entry(&self, mc: &LlvmMc, args: &[String], input: &str) -> Option<PathBuf> {
        let dir = self.dir.as_ref()?;
        let mut key = Fnv::default();
        key.write(CACHE_FORMAT.as_bytes());
        key.write(mc.path.display().to_string().as_bytes());
        key.write(mc.version.as_bytes());
        key.write(mc.identity.as_bytes());
        for a in args {
            key.write(a.as_bytes());
            key.write(&[0]);
        }
        key.write(input.as_bytes());
        Some(dir.join(format!("{:016x}.txt", key.0)))
    }

    /// Stores an answer (never a fault) under its cache file.
    fn store(&self, file: Option<&Path>, stdout: &str, stderr: &str) {
        let (Some(file), Some(dir)) = (file, &self.dir) else {
            return;
        };
        let _guard = self.lock.lock().expect("cache lock");
        std::fs::create_dir_all(dir).ok();
        let tmp = file.with_extension(format!("tmp{}", std::process::id()));
        if std::fs::write(&tmp, format!("{stdout}{CACHE_SEPARATOR}{stderr}")).is_ok() {
            std::fs::rename(&tmp, file).ok();
        }
    }
}

/// What one process for several inputs gave.
enum Batched {
    /// Each input's answer, as it gets it alone.
    Answers(Vec<(String, String)>),
    /// A fault of the process, or a part that is no answer to its input: no answer for any of
    /// them, each runs alone (where a fault is its own).
    Fault,
    /// Output that cannot be split back with certainty: the inputs run again as two halves.
    Unsplit,
}

/// A stored answer that `names_input` accepts; a torn, empty or unrelated entry is never an
/// answer (the input is run again).
fn lookup(file: &Path, names_input: impl Fn(&str, &str) -> bool) -> Option<(String, String)> {
    let mut text = String::new();
    std::fs::File::open(file)
        .ok()?
        .read_to_string(&mut text)
        .ok()?;
    let (out, err) = text.split_once(CACHE_SEPARATOR)?;
    let answer = !(out.trim().is_empty() && err.trim().is_empty()) && names_input(out, err);
    answer.then(|| (out.to_string(), err.to_string()))
}

/// Runs llvm-mc on one input; output `names_input` does not accept is a fault.
fn checked(
    mc: &LlvmMc,
    args: &[String],
    input: &str,
    names_input: impl Fn(&str, &str) -> bool,
) -> Result<(String, String)> {
    let (stdout, stderr) = mc.exec_checked(args, input)?;
    if !names_input(&stdout, &stderr) {
        return Err(mc.unrelated(args).into());
    }
    Ok((stdout, stderr))
}

/// Changes when what is cached changes meaning (v2: faulty answers are never stored; v3: nor
/// an `LLVM ERROR:` stop, which v2 stored as every line's rejection).
const CACHE_FORMAT: &str = "mcdiff-cache-v3\0";

const CACHE_SEPARATOR: &str = "\n\u{0}STDERR\u{0}\n";

/// FNV-1a, 64-bit: stable across Rust releases, unlike `DefaultHasher`.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
