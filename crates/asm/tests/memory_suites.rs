//! The assembler against LLVM's vector-memory MC tests (DS, FLAT/GLOBAL/SCRATCH, MUBUF/MTBUF,
//! GFX12 VBUFFER) for gfx1100 and gfx1200, per file and RUN configuration. The CHECK bytes are
//! used only to count matches. Each file must keep at least the matches measured when this
//! baseline was recorded (`cargo run --release -p mcdiff-asm --example measure -- --memory
//! --emit-table [--corpus 19.1.7]` prints the rows).

mod common;
#[path = "common/suites.rs"]
mod suites;

/// (test file, -mcpu, lines matched, lines with an expectation) per corpus.
type Baseline = &'static [(&'static str, &'static str, usize, usize)];

const BASELINE_22: Baseline = &[
    ("gfx11_asm_ds", "gfx1100", 656, 656),
    ("gfx11_asm_flat", "gfx1100", 4160, 4160),
    ("gfx11_asm_flat_errs", "gfx1100", 75, 75),
    ("gfx12_asm_ds", "gfx1200", 647, 647),
    ("gfx12_asm_ds_alias", "gfx1200", 13, 13),
    ("gfx12_asm_vflat", "gfx1200", 917, 917),
    ("gfx12_asm_vflat_alias", "gfx1200", 11, 11),
    ("gfx12_asm_global_load_tr", "gfx1200", 48, 48),
    ("gfx11_asm_mubuf", "gfx1100", 1354, 1354),
    ("gfx11_asm_mubuf_alias", "gfx1100", 62, 62),
    ("gfx11_asm_mubuf_err", "gfx1100", 71, 71),
    ("gfx11_asm_mtbuf", "gfx1100", 253, 253),
    ("gfx11_asm_mtbuf_alias", "gfx1100", 8, 8),
    ("gfx11_asm_mtbuf_err", "gfx1100", 16, 16),
    ("gfx12_asm_vbuffer_mubuf", "gfx1200", 1609, 1609),
    ("gfx12_asm_vbuffer_mubuf_alias", "gfx1200", 64, 64),
    ("gfx12_asm_vbuffer_mubuf_err", "gfx1200", 73, 73),
    ("gfx12_asm_vbuffer_mtbuf", "gfx1200", 301, 301),
    ("gfx12_asm_vbuffer_mtbuf_alias", "gfx1200", 8, 8),
    ("gfx12_asm_vbuffer_mtbuf_err", "gfx1200", 16, 16),
];

/// LLVM 19's gfx12_asm_vflat records four 24-bit offsets with a wrong top byte; the other
/// files match in full.
const BASELINE_19: Baseline = &[
    ("gfx11_asm_ds", "gfx1100", 656, 656),
    ("gfx11_asm_flat", "gfx1100", 4160, 4160),
    ("gfx11_asm_flat_errs", "gfx1100", 75, 75),
    ("gfx12_asm_ds", "gfx1200", 637, 637),
    ("gfx12_asm_ds_alias", "gfx1200", 12, 12),
    ("gfx12_asm_vflat", "gfx1200", 941, 945),
    ("gfx12_asm_vflat_alias", "gfx1200", 11, 11),
    ("gfx12_asm_global_load_tr", "gfx1200", 48, 48),
    ("gfx11_asm_mubuf", "gfx1100", 1472, 1472),
    ("gfx11_asm_mubuf_alias", "gfx1100", 62, 62),
    ("gfx11_asm_mtbuf", "gfx1100", 266, 266),
    ("gfx11_asm_mtbuf_alias", "gfx1100", 8, 8),
    ("gfx12_asm_vbuffer_mubuf", "gfx1200", 2216, 2216),
    ("gfx12_asm_vbuffer_mubuf_alias", "gfx1200", 64, 64),
    ("gfx12_asm_vbuffer_mtbuf", "gfx1200", 378, 378),
    ("gfx12_asm_vbuffer_mtbuf_alias", "gfx1200", 8, 8),
];

fn check(version: &str, baseline: Baseline) {
    if common::target("gfx1100").is_none() {
        return;
    }
    let data = common::data_dir();
    let mut targets = std::collections::HashMap::new();
    let mut regressions = Vec::new();
    for &(stem, mcpu, min_ok, total) in baseline {
        let target = targets
            .entry(mcpu)
            .or_insert_with(|| common::target(mcpu).expect("inputs present"));
        let result = suites::run_file(&data, version, stem, target)
            .unwrap_or_else(|| panic!("{version}/{stem}: no RUN configuration for {mcpu}"));
        assert_eq!(result.total, total, "{version}/{stem}: cases read");
        if result.ok < min_ok {
            let sample: Vec<String> = result.mismatches.iter().take(3).cloned().collect();
            regressions.push(format!(
                "{stem}: {}/{total} < {min_ok}\n{}",
                result.ok,
                sample.join("\n")
            ));
        }
    }
    assert!(regressions.is_empty(), "{}", regressions.join("\n"));
}

#[test]
fn memory_suites_22() {
    check("22.1.8", BASELINE_22);
}

#[test]
fn memory_suites_19() {
    check("19.1.7", BASELINE_19);
}
