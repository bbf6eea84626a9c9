//! Measures the assembler against the CHECK lines of LLVM's scalar MC tests.
//! The recorded bytes are used only to count matches, never to produce bytes.
//! Usage: `cargo run -p mcdiff-asm --example measure -- [--show N] [--only <stem or mcpu>]`

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
