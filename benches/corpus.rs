//! Prints speed and memory figures for the pieces of a whole-corpus run:
//! reading the lit corpora, loading every target's spec, and assembling every case line.
//! Run: `cargo bench --bench corpus` (needs the inputs; see README).

use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
use std::path::PathBuf;
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
        let t = Instant::now();
        let corpus = mcdiff_lit::load_corpus(&data.join("llvm-tests").join(version)).unwrap();
        let runs: usize = corpus.files.iter().map(|f| f.runs.len()).sum();
        let lines: usize = corpus.files.iter().map(|f| f.lines.len()).sum();
        println!(
            "lit {version}: {} files, {runs} RUN lines, {lines} source lines in {:.3} s",
            corpus.files.len(),
            t.elapsed().as_secs_f64()
        );

        let mut cases = 0usize;
        let mut encoded = 0usize;
        let mut asm_secs = 0.0;
        let mut specs: Vec<(String, mcdiff_spec::TargetSpec)> = Vec::new();
        let t_spec = Instant::now();
        for file in &corpus.files {
            for run in &file.runs {
                let Some(mcpu) = run.mcpu.as_deref() else {
                    continue;
                };
                if specs.iter().any(|(m, _)| m == mcpu) {
                    continue;
                }
                if let Ok(ts) = mcdiff_spec::load_target(&data, mcpu) {
                    specs.push((mcpu.to_string(), ts));
                }
            }
        }
        println!(
            "spec {version}: {} targets loaded in {:.3} s",
            specs.len(),
            t_spec.elapsed().as_secs_f64()
        );
        for file in &corpus.files {
            for run in &file.runs {
                if run.kind != mcdiff_lit::RunKind::Encode {
                    continue;
                }
                let Some((_, ts)) = specs
                    .iter()
                    .find(|(m, _)| Some(m.as_str()) == run.mcpu.as_deref())
                else {
                    continue;
                };
                let asm = mcdiff_asm::Assembler::new(TargetCtx::new(
                    ts,
                    &run.mattr,
                    REFERENCE_LLVM_MAJOR,
                ));
                let t = Instant::now();
                for case in file.cases(run) {
                    cases += 1;
                    if matches!(asm.assemble(&case.text), mcdiff_asm::AsmOutcome::Encoded(_)) {
                        encoded += 1;
                    }
                }
                asm_secs += t.elapsed().as_secs_f64();
            }
        }
        println!(
            "asm {version}: {cases} encode cases, {encoded} encoded, {:.3} s ({:.0} lines/s)",
            asm_secs,
            cases as f64 / asm_secs.max(1e-9)
        );
    }
    println!("peak RSS: {:.1} MiB", peak_rss_mib());
}
