//! The differential run: every case of every RUN line, through our encoder and llvm-mc.
//!
//! Work is grouped so llvm-mc runs once per distinct (file, flags); groups run in parallel.

use anyhow::{Context, Result};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::bytes::EncByte;
use crate::classify::{classify, classify_disasm, Class, OursAnswer};
use crate::llvm_mc::{LlvmAnswer, LlvmMc, LlvmRun, RunCache};
use crate::semantics::{SemaVerdict, Semantics};
use mcdiff_asm::decode::{DecodeOutcome, Disassembler};
use mcdiff_asm::syntax::release::release_default_mattr;
use mcdiff_asm::{AsmOutcome, Assembler};
use mcdiff_lit::{CheckExpectation, RunKind, RunLine, TestFile};
use mcdiff_spec::{Arch, SpecLoader, TargetSpec, TargetStatus};

/// What to run.
pub struct EngineConfig {
    pub data_dir: PathBuf,
    /// `llvm-tests/<version>` root.
    pub corpus_root: PathBuf,
    pub corpus_version: String,
    pub llvm_mc: LlvmMc,
    pub cache: RunCache,
    /// Only RUN lines whose `-mcpu` is listed (empty: all).
    pub mcpus: Vec<String>,
    /// Only files whose relative path contains one of these (empty: all).
    pub file_filters: Vec<String>,
}

/// One case and its verdict.
#[derive(Debug, Clone)]
pub struct CaseResult {
    pub id: String,
    pub file: Arc<str>,
    pub line: usize,
    pub run_index: usize,
    pub run_line: usize,
    /// `-mcpu` (or `(default)` when the RUN line names none).
    pub target: Arc<str>,
    pub text: String,
    pub ours: OursAnswer,
    pub llvm: LlvmAnswer,
    pub recorded: CheckExpectation,
    pub class: Class,
    /// Our instruction's pseudocode run over its operands (lines we encoded or decoded).
    pub sema: Option<SemaVerdict>,
    /// Disassembler cases we decoded: does our printed text re-assemble to the bytes?
    pub roundtrip: Option<bool>,
    /// The llvm-mc command line of this case's run (input on stdin).
    pub command: Arc<str>,
}

impl CaseResult {
    /// A shell command that reproduces llvm-mc's answer for this line.
    pub fn replay(&self) -> String {
        format!(
            "printf '%s\\n' {} | {}",
            shell_quote(&self.text),
            self.command
        )
    }
}

/// A RUN line the engine could not use, with why.
#[derive(Debug, Clone, Serialize)]
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
    /// RUN lines by kind (`encode`, `error`, ...), all files.
    pub run_kinds: BTreeMap<String, usize>,
    pub unparsed_runs: Vec<SkippedRun>,
    pub failed_runs: Vec<SkippedRun>,
    pub cases: Vec<CaseResult>,
}

/// Loads and caches composed specs per `-mcpu`; loading is serialised, use is shared.
struct SpecCache {
    loader: Mutex<SpecLoader>,
    loaded: Mutex<HashMap<String, Arc<Result<TargetSpec, String>>>>,
}

impl SpecCache {
    fn get(&self, mcpu: &str) -> Arc<Result<TargetSpec, String>> {
        let mut loaded = self.loaded.lock().expect("spec cache lock");
        loaded
            .entry(mcpu.to_string())
            .or_insert_with(|| {
                let mut loader = self.loader.lock().expect("spec loader lock");
                Arc::new(loader.load_target(mcpu).map_err(|e| e.to_string()))
            })
            .clone()
    }
}

/// One llvm-mc invocation's worth of work: a file, the flags, and the RUN lines sharing them.
struct Group<'a> {
    file: &'a TestFile,
    args: Vec<String>,
    input_filter: Option<String>,
    runs: Vec<&'a RunLine>,
}

pub fn run(config: &EngineConfig, progress: &(dyn Fn(usize, usize) + Sync)) -> Result<Report> {
    let corpus = mcdiff_lit::load_corpus(&config.corpus_root)
        .with_context(|| format!("reading {}", config.corpus_root.display()))?;
    let mut run_kinds = BTreeMap::new();
    let mut unparsed_runs = Vec::new();
    let mut groups: Vec<Group> = Vec::new();
    let mut files = 0;
    for file in &corpus.files {
        let path = file.path.display().to_string();
        if !config.file_filters.is_empty()
            && !config
                .file_filters
                .iter()
                .any(|f| path.contains(f.as_str()))
        {
            continue;
        }
        files += 1;
        for u in &file.unparsed {
            unparsed_runs.push(SkippedRun {
                file: path.clone(),
                line: u.line,
                reason: u.reason.clone(),
            });
        }
        let mut by_args: Vec<Group> = Vec::new();
        for run in &file.runs {
            *run_kinds
                .entry(kind_name(&run.kind).to_string())
                .or_insert(0) += 1;
            if !matches!(
                run.kind,
                RunKind::Encode | RunKind::Error | RunKind::Print | RunKind::Disassemble
            ) {
                continue;
            }
            if !config.mcpus.is_empty()
                && !config
                    .mcpus
                    .iter()
                    .any(|m| Some(m.as_str()) == run.mcpu.as_deref())
            {
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
                    args,
                    input_filter: run.input_filter.clone(),
                    runs: vec![run],
                }),
            }
        }
        groups.extend(by_args);
    }

    let specs = SpecCache {
        loader: Mutex::new(SpecLoader::new(&config.data_dir)),
        loaded: Mutex::new(HashMap::new()),
    };
    let semantics = Semantics::new(&config.data_dir);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let total = groups.len();
    let outcomes: Vec<(Vec<CaseResult>, Option<SkippedRun>)> = groups
        .par_iter()
        .map(|g| {
            let out = run_group(config, &specs, &semantics, g);
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(n, total);
            out
        })
        .collect();
    let mut cases = Vec::new();
    let mut failed_runs = Vec::new();
    for (c, failure) in outcomes {
        cases.extend(c);
        failed_runs.extend(failure);
    }
    Ok(Report {
        corpus_version: config.corpus_version.clone(),
        llvm_mc_version: config.llvm_mc.version.clone(),
        llvm_mc_path: config.llvm_mc.path.display().to_string(),
        files,
        run_kinds,
        unparsed_runs,
        failed_runs,
        cases,
    })
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
    let mut args = Vec::new();
    let mut skip_next = false;
    for a in &run.llvm_mc_args {
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
    if !run.disassemble
        && !args
            .iter()
            .any(|a| a.trim_start_matches('-') == "show-encoding")
    {
        args.push("-show-encoding".to_string());
    }
    args
}

fn run_group(
    config: &EngineConfig,
    specs: &SpecCache,
    semantics: &Semantics,
    group: &Group,
) -> (Vec<CaseResult>, Option<SkippedRun>) {
    let file = group.file;
    let path: Arc<str> = file.path.display().to_string().into();
    let first = group.runs[0];
    let target: Arc<str> = first.mcpu.as_deref().unwrap_or("(default)").into();
    let fail = |reason: String| SkippedRun {
        file: path.to_string(),
        line: first.line,
        reason,
    };

    let status = match &first.mcpu {
        None => Some(TargetStatus::NoSpec), // amdgcn's default CPU is a GFX6 part
        Some(m) => mcdiff_spec::target(m).map(|t| t.status),
    };
    let all_cases: Vec<(&RunLine, Vec<mcdiff_lit::Case>)> =
        group.runs.iter().map(|r| (*r, file.cases(r))).collect();

    let source = match read_input(&config.corpus_root, file, group.input_filter.as_deref()) {
        Ok(s) => s,
        Err(e) => return (Vec::new(), Some(fail(format!("{e:#}")))),
    };
    let mut lines: Vec<usize> = all_cases
        .iter()
        .flat_map(|(_, cs)| cs.iter().map(|c| c.line))
        .collect();
    lines.sort_unstable();
    lines.dedup();

    let known_target = status.is_some();
    let disassembly = first.disassemble || first.kind == RunKind::Disassemble;
    let llvm = if known_target {
        let answer = if disassembly {
            config
                .cache
                .disassemble(&config.llvm_mc, &group.args, &source, &lines)
        } else {
            config
                .cache
                .run(&config.llvm_mc, &group.args, &source, &lines)
        };
        match answer {
            Ok(r) => Some(r),
            Err(e) => return (Vec::new(), Some(fail(format!("{e:#}")))),
        }
    } else {
        None
    };

    let spec = match status {
        Some(TargetStatus::Spec(_)) => Some(specs.get(first.mcpu.as_deref().unwrap_or_default())),
        _ => None,
    };
    // Our syntax follows the llvm-mc being compared where LLVM releases differ.
    let mattr: Vec<String> = match spec.as_deref() {
        Some(Ok(ts)) => release_default_mattr(config.llvm_mc.major(), ts.target.gfx_major)
            .iter()
            .map(|m| m.to_string())
            .chain(first.mattr.iter().cloned())
            .collect(),
        _ => first.mattr.clone(),
    };
    let assembler = match spec.as_deref() {
        Some(Ok(ts)) => Some(Assembler::new(ts, &mattr)),
        _ => None,
    };
    let command: Arc<str> = config.llvm_mc.replay(&group.args).into();

    let wave64 = first.mattr.iter().any(|m| m == "+wavefrontsize64")
        || matches!(
            status,
            Some(TargetStatus::Spec(
                Arch::Cdna1 | Arch::Cdna2 | Arch::Cdna3 | Arch::Cdna4
            ))
        );
    let ours_side = match (spec.as_deref(), &assembler) {
        (Some(Ok(ts)), Some(asm)) => Some(OurSide {
            ts,
            assembler: asm,
            semantics,
            wave64,
        }),
        _ => None,
    };
    if disassembly {
        let disassembler = ours_side.as_ref().map(|o| Disassembler::new(o.ts, &mattr));
        let context = DisasmContext {
            status: &status,
            spec_error: match spec.as_deref() {
                Some(Err(e)) => Some(e.as_str()),
                _ => None,
            },
            ours: ours_side.as_ref().zip(disassembler.as_ref()),
            target: &target,
            path: &path,
            llvm: llvm.as_ref(),
            command: &command,
        };
        return (disassembly_results(&context, all_cases), None);
    }
    let mut results = Vec::new();
    for (run, cases) in all_cases {
        for case in cases {
            let mut sema = None;
            let ours = match (&status, spec.as_deref(), &assembler) {
                (None, _, _) => OursAnswer::Unsupported(format!("unknown -mcpu {target}")),
                (Some(TargetStatus::NoSpec), _, _) => OursAnswer::NoSpec,
                (_, Some(Err(e)), _) => {
                    OursAnswer::Unsupported(format!("spec failed to load: {e}"))
                }
                (_, Some(Ok(ts)), Some(asm)) => match asm.assemble(&case.text) {
                    AsmOutcome::Encoded(enc) => {
                        sema = Some(semantics.check(ts.arch, wave64, &ts.spec, &enc.inst));
                        OursAnswer::Encoded(encoded_bytes(&enc))
                    }
                    AsmOutcome::Rejected(e) => OursAnswer::Rejected(e.message),
                    AsmOutcome::Unsupported(reason) => OursAnswer::Unsupported(reason),
                },
                _ => OursAnswer::Unsupported("spec failed to load".into()),
            };
            let llvm_answer = llvm
                .as_ref()
                .map(|r| r.answer(case.line))
                .unwrap_or(LlvmAnswer::Nothing);
            let class = match &ours {
                OursAnswer::Unsupported(r) if !known_target => Class::Unsupported(r.clone()),
                _ => classify(&ours, &llvm_answer, &case.expected),
            };
            results.push(CaseResult {
                command: command.clone(),
                id: case.id,
                file: path.clone(),
                line: case.line,
                run_index: run.index,
                run_line: run.line,
                target: target.clone(),
                text: case.text,
                ours,
                llvm: llvm_answer,
                recorded: case.expected,
                class,
                sema,
                roundtrip: None,
            });
        }
    }
    (results, None)
}

/// Our bytes as llvm-mc shows them: fixup bytes lettered A, B, ... in order of appearance.
pub fn encoded_bytes(enc: &mcdiff_asm::Encoded) -> Vec<EncByte> {
    let mut bytes: Vec<EncByte> = enc.bytes.iter().map(|&b| EncByte::Byte(b)).collect();
    for (i, fixup) in enc.fixups.iter().enumerate() {
        let letter = (b'A' + i as u8) as char;
        for b in bytes.iter_mut().skip(fixup.offset).take(fixup.size) {
            *b = EncByte::Fixup(letter);
        }
    }
    bytes
}

/// Our side of a group: the target's spec, its assembler, and the semantics executor.
struct OurSide<'a> {
    ts: &'a TargetSpec,
    assembler: &'a Assembler<'a>,
    semantics: &'a Semantics,
    wave64: bool,
}

/// What a group of disassembler cases shares.
struct DisasmContext<'a> {
    status: &'a Option<TargetStatus>,
    spec_error: Option<&'a str>,
    ours: Option<(&'a OurSide<'a>, &'a Disassembler<'a>)>,
    target: &'a Arc<str>,
    path: &'a Arc<str>,
    llvm: Option<&'a LlvmRun>,
    command: &'a Arc<str>,
}

/// Our decoding of one byte line, as llvm-mc reads it: after bytes no instruction has,
/// 4 bytes are skipped and decoding goes on within the line.
struct LineDecode {
    answer: OursAnswer,
    first: Option<mcdiff_asm::Inst>,
    /// Our printed text re-assembles to the bytes it came from (or to llvm-mc's re-encoding).
    roundtrip: Option<bool>,
}

fn decode_line(
    side: &OurSide,
    dis: &Disassembler,
    bytes: &[u8],
    llvm_bytes: Option<&[EncByte]>,
) -> LineDecode {
    let mut at = 0;
    let mut texts = Vec::new();
    let mut first = None;
    let mut first_invalid = None;
    let mut reencoded: Vec<EncByte> = Vec::new();
    let mut consumed_ok = true;
    while at < bytes.len() {
        match dis.decode(&bytes[at..]) {
            DecodeOutcome::Decoded { inst, len, text } => {
                match side.assembler.assemble(&text) {
                    AsmOutcome::Encoded(enc) => {
                        consumed_ok &= enc.bytes == bytes[at..at + len];
                        reencoded.extend(encoded_bytes(&enc));
                    }
                    _ => consumed_ok = false,
                }
                texts.push(text);
                first.get_or_insert(inst);
                at += len.max(1);
            }
            DecodeOutcome::Invalid(message) => {
                if at == 0 {
                    first_invalid = Some(message);
                }
                at += 4;
            }
            DecodeOutcome::Unsupported(reason) => {
                return LineDecode {
                    answer: OursAnswer::Unsupported(reason),
                    first: None,
                    roundtrip: None,
                };
            }
        }
    }
    if texts.is_empty() {
        let message = first_invalid.unwrap_or_else(|| "no bytes".into());
        return LineDecode {
            answer: OursAnswer::Rejected(message),
            first: None,
            roundtrip: None,
        };
    }
    // Where LLVM syntax cannot say everything the bytes say (bits the printer drops), the
    // text still round-trips if our re-encoding prints the same text again.
    let reprinted = || {
        let bytes: Vec<u8> = reencoded
            .iter()
            .map(|b| match b {
                EncByte::Byte(v) => *v,
                EncByte::Fixup(_) => 0,
            })
            .collect();
        match dis.decode(&bytes) {
            DecodeOutcome::Decoded { text, len, .. } if len == bytes.len() => {
                texts.len() == 1 && text == texts[0]
            }
            _ => false,
        }
    };
    let roundtrip =
        consumed_ok || llvm_bytes.is_some_and(|b| b == reencoded.as_slice()) || reprinted();
    LineDecode {
        answer: OursAnswer::Decoded(texts.join(" ; ")),
        first,
        roundtrip: Some(roundtrip),
    }
}

/// Disassembler cases: our decoder against llvm-mc's disassembly and the CHECK text.
fn disassembly_results(
    cx: &DisasmContext,
    all_cases: Vec<(&RunLine, Vec<mcdiff_lit::Case>)>,
) -> Vec<CaseResult> {
    let unaligned = cx.llvm.is_some_and(|r| r.unaligned);
    let mut results = Vec::new();
    for (run, cases) in all_cases {
        for case in cases {
            let llvm_answer = cx
                .llvm
                .map(|r| r.answer(case.line))
                .unwrap_or(LlvmAnswer::Nothing);
            let llvm_bytes = match &llvm_answer {
                LlvmAnswer::Decoded { bytes, .. } => Some(bytes.as_slice()),
                _ => None,
            };
            let decoded = match (cx.status, cx.ours, &case.bytes) {
                (None, _, _) => None,
                (Some(TargetStatus::NoSpec), _, _) => None,
                (_, Some((side, dis)), Some(bytes)) => {
                    Some(decode_line(side, dis, bytes, llvm_bytes))
                }
                _ => None,
            };
            let ours = match (cx.status, &decoded) {
                (None, _) => OursAnswer::Unsupported(format!("unknown -mcpu {}", cx.target)),
                (Some(TargetStatus::NoSpec), _) => OursAnswer::NoSpec,
                (_, Some(d)) => d.answer.clone(),
                _ => match cx.spec_error {
                    Some(e) => OursAnswer::Unsupported(format!("spec failed to load: {e}")),
                    None => OursAnswer::Unsupported("no bytes on the line".into()),
                },
            };
            let sema = match (cx.ours, decoded.as_ref().and_then(|d| d.first.as_ref())) {
                (Some((side, _)), Some(inst)) => {
                    Some(
                        side.semantics
                            .check(side.ts.arch, side.wave64, &side.ts.spec, inst),
                    )
                }
                _ => None,
            };
            let class = if unaligned && ours != OursAnswer::NoSpec {
                Class::Unsupported("llvm-mc disassembly not matched to lines".into())
            } else {
                classify_disasm(
                    &ours,
                    &llvm_answer,
                    &case.expected,
                    case.expected_asm.as_deref(),
                )
            };
            results.push(CaseResult {
                command: cx.command.clone(),
                id: case.id,
                file: cx.path.clone(),
                line: case.line,
                run_index: run.index,
                run_line: run.line,
                target: cx.target.clone(),
                text: case.text,
                ours,
                llvm: llvm_answer,
                recorded: case.expected,
                class,
                sema,
                roundtrip: decoded.and_then(|d| d.roundtrip),
            });
        }
    }
    results
}

fn read_input(root: &Path, file: &TestFile, filter: Option<&str>) -> Result<String> {
    let path = root.join(&file.path);
    match filter {
        None => {
            std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))
        }
        Some(cmd) => {
            let cmd = cmd.replace("%s", &path.display().to_string());
            duct::cmd("sh", ["-c", cmd.as_str()])
                .read()
                .with_context(|| format!("running input filter `{cmd}`"))
        }
    }
}

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}
