//! Test helpers: locating the third-party inputs under MCDIFF_DATA (default `../shared`).

use std::path::PathBuf;

#[allow(dead_code)]
pub mod dasm_suites;

pub fn data_dir() -> PathBuf {
    std::env::var("MCDIFF_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")))
}

/// Loads the spec for `mcpu`, or returns `None` (test skipped) when the inputs are missing;
/// with `CI=true` missing inputs fail the test instead.
pub fn target(mcpu: &str) -> Option<mcdiff_spec::TargetSpec> {
    let dir = data_dir();
    if !dir.join("amd-isa/xml").is_dir() {
        let why = format!(
            "spec inputs missing under {} (set MCDIFF_DATA)",
            dir.display()
        );
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("{why}");
        }
        eprintln!("skipping: {why}");
        return None;
    }
    Some(mcdiff_spec::load_target(&dir, mcpu).unwrap_or_else(|e| panic!("loading {mcpu}: {e}")))
}

/// One row of an assembler table: -mcpu, statement, expectation.
pub type AsmRow<E> = (&'static str, &'static str, E);

/// Assembles every row of `rows` whose -mcpu is in `mcpus` (with `mattr`) and judges its
/// outcome with `ok`. Returns the failures, each naming its row, -mcpu and statement, and
/// how many rows were checked; `None` when the inputs are missing (test skipped).
#[allow(dead_code)] // Each test target uses a part of this module.
pub fn run_asm_rows<E: std::fmt::Debug>(
    mcpus: &[&str],
    mattr: &[String],
    rows: &[AsmRow<E>],
    ok: impl Fn(&E, &mcdiff_asm::AsmOutcome) -> bool,
) -> Option<(Vec<String>, usize)> {
    use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
    let (mut failures, mut checked) = (Vec::new(), 0);
    for &mcpu in mcpus {
        let target = target(mcpu)?;
        let asm = mcdiff_asm::Assembler::new(TargetCtx::new(&target, mattr, REFERENCE_LLVM_MAJOR));
        for (row, (_, line, expected)) in rows.iter().enumerate().filter(|(_, r)| r.0 == mcpu) {
            checked += 1;
            let outcome = asm.assemble(line);
            if !ok(expected, &outcome) {
                failures.push(format!(
                    "row {row}: {mcpu}: {line}: want {expected:?}, got {outcome:?}"
                ));
            }
        }
    }
    Some((failures, checked))
}

/// Fails with every failure listed when there is any.
#[allow(dead_code)]
pub fn assert_no_failures(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// How many mismatches to print per file (env MCDIFF_SHOW_MISMATCHES, default 40).
#[allow(dead_code)]
pub fn mismatch_lines() -> usize {
    std::env::var("MCDIFF_SHOW_MISMATCHES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40)
}

/// Each disassembling RUN line of `file` that names an -mcpu, with that -mcpu and its spec
/// (`None` where there is no spec for it); every spec is loaded once into `targets`.
#[allow(dead_code)]
pub fn disassemble_runs<'a>(
    file: &'a mcdiff_lit::TestFile,
    loader: &mcdiff_spec::SpecLoader,
    targets: &'a mut std::collections::HashMap<String, Option<mcdiff_spec::TargetSpec>>,
) -> Vec<(
    &'a mcdiff_lit::RunLine,
    String,
    Option<&'a mcdiff_spec::TargetSpec>,
)> {
    let runs: Vec<(&mcdiff_lit::RunLine, String)> = file
        .runs
        .iter()
        .filter(|r| r.disassemble)
        .filter_map(|r| Some((r, r.mcpu.clone()?)))
        .collect();
    for (_, mcpu) in &runs {
        targets
            .entry(mcpu.clone())
            .or_insert_with(|| loader.load_target(mcpu).ok());
    }
    let targets = &*targets;
    runs.into_iter()
        .map(|(run, mcpu)| {
            let target = targets[&mcpu].as_ref();
            (run, mcpu, target)
        })
        .collect()
}
