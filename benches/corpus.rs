//! Prints speed and memory figures for the pieces of a whole-corpus run, one core, no
//! llvm-mc: reading the lit corpora, loading every target's spec, our encoder over every
//! assembler case line, our decoder over the bytes it produced, and the semantics executor
//! over the instructions it produced. Run: `cargo bench --bench corpus` (needs the inputs;
//! see README); `scripts/bench` adds the whole run's wall time and lit's.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use mcdiff::semantics::Semantics;
use mcdiff_asm::decode::{DecodeOutcome, Disassembler};
use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
use mcdiff_asm::{AsmOutcome, Assembler, Inst};
use mcdiff_spec::TargetSpec;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn peak_rss_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// What one target's encode RUN lines gave: the bytes and instructions we encoded.
struct Encoded {
    mcpu: String,
    mattr: Vec<String>,
    items: Vec<(Vec<u8>, Inst)>,
}

/// Lines, encoded lines and seconds spent assembling.
#[derive(Default)]
struct AsmFigures {
    lines: usize,
    encoded: usize,
    secs: f64,
}

fn rate(n: usize, secs: f64) -> f64 {
    n as f64 / secs.max(1e-9)
}

fn load_specs(data: &Path, corpus: &mcdiff_lit::Corpus) -> Vec<(String, TargetSpec)> {
    let mut specs: Vec<(String, TargetSpec)> = Vec::new();
    for run in corpus.files.iter().flat_map(|f| &f.runs) {
        let Some(mcpu) = run.mcpu.as_deref() else {
            continue;
        };
        if specs.iter().any(|(m, _)| m == mcpu) {
            continue;
        }
        if let Ok(ts) = mcdiff::data::load_target(data, mcpu) {
            specs.push((mcpu.to_string(), ts));
        }
    }
    specs
}

/// Assembles every case line of every encode RUN line whose target has a spec.
fn assemble_all(
    corpus: &mcdiff_lit::Corpus,
    specs: &[(String, TargetSpec)],
) -> (AsmFigures, Vec<Encoded>) {
    let mut figures = AsmFigures::default();
    let mut out = Vec::new();
    for file in &corpus.files {
        for run in &file.runs {
            if run.kind != mcdiff_lit::RunKind::Encode {
                continue;
            }
            let Some((mcpu, ts)) = specs
                .iter()
                .find(|(m, _)| Some(m.as_str()) == run.mcpu.as_deref())
            else {
                continue;
            };
            let asm = Assembler::new(TargetCtx::new(ts, &run.mattr, REFERENCE_LLVM_MAJOR));
            // Timed apart from keeping the results: holding 400k instructions for the
            // decoder and the executor makes the allocator fault in fresh pages, a cost of
            // this benchmark's storage, not of encoding a line.
            let cases = file.cases(run);
            let t = Instant::now();
            for case in &cases {
                figures.lines += 1;
                if let AsmOutcome::Encoded(_) = asm.assemble(&case.text) {
                    figures.encoded += 1;
                }
            }
            figures.secs += t.elapsed().as_secs_f64();
            let items = cases
                .iter()
                .filter_map(|case| match asm.assemble(&case.text) {
                    AsmOutcome::Encoded(e) => Some((e.bytes, e.inst)),
                    _ => None,
                })
                .collect();
            out.push(Encoded {
                mcpu: mcpu.clone(),
                mattr: run.mattr.clone(),
                items,
            });
        }
    }
    (figures, out)
}

/// Decodes every instruction we encoded: (instructions, decoded, seconds).
fn decode_all(specs: &[(String, TargetSpec)], encoded: &[Encoded]) -> (usize, usize, f64) {
    let (mut n, mut decoded, mut secs) = (0, 0, 0.0);
    for group in encoded {
        let (_, ts) = specs.iter().find(|(m, _)| *m == group.mcpu).unwrap();
        let dis = Disassembler::new(TargetCtx::new(ts, &group.mattr, REFERENCE_LLVM_MAJOR));
        let t = Instant::now();
        for (bytes, _) in &group.items {
            n += 1;
            if matches!(dis.decode(bytes), DecodeOutcome::Decoded { .. }) {
                decoded += 1;
            }
        }
        secs += t.elapsed().as_secs_f64();
    }
    (n, decoded, secs)
}

/// Runs the pseudocode of every instruction we encoded: (instructions, executed, seconds).
fn execute_all(
    data: &Path,
    specs: &[(String, TargetSpec)],
    encoded: &[Encoded],
) -> (usize, usize, f64) {
    let semantics = Semantics::new(data);
    let (mut n, mut executed, mut secs) = (0, 0, 0.0);
    for group in encoded {
        let (_, ts) = specs.iter().find(|(m, _)| *m == group.mcpu).unwrap();
        let wave64 = TargetCtx::new(ts, &group.mattr, REFERENCE_LLVM_MAJOR).wave64;
        // Parsing an architecture's pseudocode files (its own and those it borrows missing
        // texts from) happens once per run: not part of the rate.
        semantics.preload(ts.arch);
        let t = Instant::now();
        for (_, inst) in &group.items {
            n += 1;
            let verdict = semantics.execute(ts.arch, wave64, &ts.spec, inst);
            if verdict.column().starts_with("executed") {
                executed += 1;
            }
        }
        secs += t.elapsed().as_secs_f64();
    }
    (n, executed, secs)
}

fn bench_corpus(data: &Path, version: &str) {
    let t = Instant::now();
    let corpus = mcdiff_lit::load_corpus(&data.join("llvm-tests").join(version)).unwrap();
    let runs: usize = corpus.files.iter().map(|f| f.runs.len()).sum();
    let lines: usize = corpus.files.iter().map(|f| f.lines.len()).sum();
    println!(
        "lit {version}: {} files, {runs} RUN lines, {lines} source lines in {:.3} s",
        corpus.files.len(),
        t.elapsed().as_secs_f64()
    );
    let t_spec = Instant::now();
    let specs = load_specs(data, &corpus);
    println!(
        "spec {version}: {} targets loaded in {:.3} s",
        specs.len(),
        t_spec.elapsed().as_secs_f64()
    );
    let (asm, encoded) = assemble_all(&corpus, &specs);
    println!(
        "encoder {version}: {} lines, {} encoded, {:.3} s: {:.0} lines/s",
        asm.lines,
        asm.encoded,
        asm.secs,
        rate(asm.lines, asm.secs)
    );
    let (n, decoded, secs) = decode_all(&specs, &encoded);
    println!(
        "decoder {version}: {n} instructions (our encodings), {decoded} decoded, {secs:.3} s: \
         {:.0} instructions/s",
        rate(n, secs)
    );
    let (n, executed, secs) = execute_all(data, &specs, &encoded);
    println!(
        "semantics {version}: {n} instructions, {executed} executed, {secs:.3} s: \
         {:.0} instructions/s",
        rate(n, secs)
    );
}

fn main() {
    let data = std::env::var_os("MCDIFF_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared")));
    if !data.join("llvm-tests").is_dir() {
        eprintln!(
            "bench corpus: no inputs under {} (set MCDIFF_DATA)",
            data.display()
        );
        return;
    }
    for version in ["19.1.7", "22.1.8"] {
        bench_corpus(&data, version);
    }
    println!("peak RSS: {:.1} MiB", peak_rss_mib());
}
