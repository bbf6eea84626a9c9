//! Measures the assembler against the CHECK lines of LLVM's scalar MC tests.
//! The recorded bytes are used only to count matches, never to produce bytes.
//! Usage: `cargo run -p mcdiff-asm --example measure -- [--show N] [--only <stem or mcpu>]
//! [--vector|--memory [--corpus 22.1.8|19.1.7] [--emit-table]]`: `--vector` (`--memory`)
//! measures the vector ALU (vector-memory) files under every RUN configuration of their
//! -mcpu and lists the unsupported reasons; `--emit-table` prints the per-file counts as rows
//! for tests/vector_suites.rs (tests/memory_suites.rs).

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/common/suites.rs"]
mod suites;

fn arg_after(flag: &str) -> Option<String> {
    std::env::args().skip_while(|a| a != flag).nth(1)
}

fn main() {
    let show: usize = arg_after("--show")
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let only = arg_after("--only");
    if common::target("gfx1100").is_none() {
        return;
    }
    let data = common::data_dir();
    let corpus = arg_after("--corpus").unwrap_or_else(|| "22.1.8".into());
    if std::env::args().any(|a| a == "--vector") {
        measure_files(&data, &corpus, suites::VECTOR_STEMS, show, only.as_deref());
        return;
    }
    if std::env::args().any(|a| a == "--memory") {
        measure_files(&data, &corpus, suites::MEMORY_STEMS, show, only.as_deref());
        return;
    }
    for (title, list) in [
        ("measured (gfx1100, gfx1200)", suites::MEASURED),
        ("gfx11/gfx12 aliases and errors", suites::ALIASES_AND_ERRORS),
        ("other generations", suites::OTHERS),
    ] {
        let (mut ok, mut total) = (0, 0);
        for suite in list {
            let (stem, mcpu, _) = suite;
            if only
                .as_deref()
                .is_some_and(|o| !stem.contains(o) && o != *mcpu)
            {
                continue;
            }
            let result = suites::run_suite(&data, suite);
            for m in result.mismatches.iter().take(show) {
                println!("  {m}");
            }
            println!("{stem} ({mcpu}): {}/{}", result.ok, result.total);
            ok += result.ok;
            total += result.total;
        }
        println!(
            "{title}: {ok}/{total} ({:.2}%)",
            100.0 * ok as f64 / total.max(1) as f64
        );
    }
}

fn measure_files(
    data: &std::path::Path,
    corpus: &str,
    stems: &[(&str, &str)],
    show: usize,
    only: Option<&str>,
) {
    let (mut ok, mut total) = (0, 0);
    let mut reasons: std::collections::BTreeMap<String, usize> = Default::default();
    let mut targets: std::collections::HashMap<&str, mcdiff_spec::TargetSpec> = Default::default();
    for (stem, mcpu) in stems {
        if only.is_some_and(|o| !stem.contains(o) && o != *mcpu) {
            continue;
        }
        let target = targets.entry(mcpu).or_insert_with(|| {
            mcdiff_spec::load_target(data, mcpu).unwrap_or_else(|e| panic!("loading {mcpu}: {e}"))
        });
        let Some(result) = suites::run_file(data, corpus, stem, target) else {
            println!("{stem} ({mcpu}): not in corpus {corpus}");
            continue;
        };
        for m in result.mismatches.iter().take(show) {
            println!("  {m}");
        }
        if std::env::args().any(|a| a == "--emit-table") {
            println!(
                "    (\"{stem}\", \"{mcpu}\", {}, {}),",
                result.ok, result.total
            );
        } else {
            println!("{stem} ({mcpu}): {}/{}", result.ok, result.total);
        }
        ok += result.ok;
        total += result.total;
        for r in result.unsupported {
            *reasons.entry(r).or_default() += 1;
        }
    }
    println!(
        "all files ({corpus}): {ok}/{total} ({:.2}%)",
        100.0 * ok as f64 / total.max(1) as f64
    );
    let mut by_count: Vec<_> = reasons.into_iter().collect();
    by_count.sort_by_key(|r| std::cmp::Reverse(r.1));
    for (reason, n) in by_count.iter().take(20) {
        println!("  unsupported {n}: {reason}");
    }
}
