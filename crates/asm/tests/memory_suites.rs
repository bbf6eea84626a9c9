//! The assembler against LLVM's vector-memory MC tests (DS, FLAT/GLOBAL/SCRATCH, MUBUF/MTBUF,
//! GFX12 VBUFFER, MIMG, GFX12 VIMAGE/VSAMPLE, exports, LDS parameter loads) for gfx1100 and gfx1200 (and gfx1010), per file and RUN
//! configuration. The CHECK bytes are used only to count matches. Each file must keep at least the matches measured when this
//! baseline was recorded (`cargo run --release -p mcdiff-asm --example measure -- --memory
//! --emit-table [--corpus 19.1.7]` prints the rows).

#[path = "common/baseline.rs"]
mod baseline;
mod common;
#[path = "common/suites.rs"]
mod suites;

use baseline::{check, Baseline};

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
    ("gfx11_asm_mimg", "gfx1100", 1898, 1898),
    ("gfx11_asm_mimg_err", "gfx1100", 167, 174),
    ("gfx11_asm_mimg_features", "gfx1100", 117, 117),
    ("gfx12_asm_vimage", "gfx1200", 372, 372),
    ("gfx12_asm_vimage_alias", "gfx1200", 16, 16),
    ("gfx12_asm_vsample", "gfx1200", 404, 404),
    ("gfx12_asm_mimg_err", "gfx1200", 126, 126),
    ("gfx11_asm_exp", "gfx1100", 4, 4),
    ("gfx11_asm_ldsdir", "gfx1100", 29, 29),
    ("gfx11_asm_ldsdir_err", "gfx1100", 6, 6),
    ("gfx12_asm_exp", "gfx1200", 20, 20),
    ("gfx12_asm_vdsdir", "gfx1200", 66, 66),
    ("gfx12_asm_vdsdir_alias", "gfx1200", 2, 2),
    ("gfx10_asm_ds", "gfx1010", 4282, 4654),
    ("gfx10_asm_flat", "gfx1010", 228, 268),
    ("gfx10_asm_mubuf", "gfx1010", 1542, 1542),
];

/// LLVM 19's gfx12_asm_vflat records four 24-bit offsets with a wrong top byte, and LLVM 19
/// still took `th:TH_STORE_RT_WB` (LLVM 22 rejects it, as we do).
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
    ("gfx11_asm_mimg", "gfx1100", 1898, 1898),
    ("gfx11_asm_mimg_err", "gfx1100", 44, 51),
    ("gfx11_asm_mimg_features", "gfx1100", 117, 117),
    ("gfx12_asm_vimage", "gfx1200", 357, 358),
    ("gfx12_asm_vimage_alias", "gfx1200", 10, 10),
    ("gfx12_asm_vsample", "gfx1200", 404, 404),
    ("gfx11_asm_exp", "gfx1100", 4, 4),
    ("gfx11_asm_ldsdir", "gfx1100", 29, 29),
    ("gfx11_asm_ldsdir_err", "gfx1100", 6, 6),
    ("gfx12_asm_exp", "gfx1200", 20, 20),
    ("gfx12_asm_vdsdir", "gfx1200", 66, 66),
    ("gfx10_asm_ds", "gfx1010", 4282, 4654),
    ("gfx10_asm_flat", "gfx1010", 228, 270),
    ("gfx10_asm_mubuf", "gfx1010", 1542, 1542),
];

#[test]
fn memory_suites_22() {
    check("22.1.8", BASELINE_22);
}

#[test]
fn memory_suites_19() {
    check("19.1.7", BASELINE_19);
}
