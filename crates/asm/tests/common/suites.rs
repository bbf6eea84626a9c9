//! Reading LLVM's MC tests as measurement cases. The recorded CHECK bytes are used
//! only to count matches, never to produce bytes.

// Included by several test targets and the measure example; each uses a part.
#![allow(dead_code)]

use std::path::Path;

use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
use mcdiff_asm::{AsmOutcome, Assembler, Encoded};

/// A test file, the -mcpu to run it for, and the check prefixes that apply to that -mcpu.
pub type Suite = (&'static str, &'static str, &'static [&'static str]);

/// The measured suites: gfx1100 and gfx1200.
pub const MEASURED: &[Suite] = &[
    ("gfx11_asm_sop1", "gfx1100", &["GFX11"]),
    ("gfx11_asm_sop2", "gfx1100", &["GFX11"]),
    ("gfx11_asm_sopk", "gfx1100", &["GFX11"]),
    ("gfx11_asm_sopc", "gfx1100", &["GFX11"]),
    ("gfx11_asm_sopp", "gfx1100", &["GFX11"]),
    ("gfx11_asm_smem", "gfx1100", &["GFX11"]),
    ("gfx12_asm_sop1", "gfx1200", &["GFX12", "GFX1200"]),
    ("gfx12_asm_sop2", "gfx1200", &["GFX12", "GFX1200"]),
    ("gfx12_asm_sopk", "gfx1200", &["GFX12", "GFX1200"]),
    ("gfx12_asm_sopc", "gfx1200", &["GFX12", "GFX1200"]),
    ("gfx12_asm_sopp", "gfx1200", &["GFX12", "GFX1200"]),
    ("gfx12_asm_smem", "gfx1200", &["GFX12", "GFX1200"]),
];

/// gfx11/gfx12 alias spellings and error tests.
pub const ALIASES_AND_ERRORS: &[Suite] = &[
    ("gfx11_asm_smem_alias", "gfx1100", &["GFX11"]),
    ("gfx12_asm_sop2_alias", "gfx1200", &["GFX12"]),
    ("gfx12_asm_sopk_alias", "gfx1200", &["GFX12"]),
    ("gfx11_asm_sopk_err", "gfx1100", &["GFX11"]),
    ("gfx11_asm_smem_err", "gfx1100", &["NOGFX11"]),
    ("gfx12_asm_smem_err", "gfx1200", &["NOGFX12"]),
];

/// Other generations with a spec. The gfx9 files record gfx900 output; gfx90a and gfx942
/// encode the scalar formats the same way.
pub const OTHERS: &[Suite] = &[
    ("gfx10_asm_sop", "gfx1010", &["GFX10"]),
    ("gfx10_asm_smem", "gfx1010", &["GFX10"]),
    ("gfx1150_asm_salu_float", "gfx1150", &["GFX1150"]),
    ("gfx1250_asm_sop1", "gfx1250", &["GFX1250"]),
    ("gfx1250_asm_sopk", "gfx1250", &["GFX1250"]),
    ("gfx1250_asm_sopp", "gfx1250", &["GFX1250"]),
    ("gfx1250_asm_smem", "gfx1250", &["GFX1250"]),
    ("gfx9_asm_sop1", "gfx90a", &["CHECK"]),
    ("gfx9_asm_sop2", "gfx90a", &["CHECK"]),
    ("gfx9_asm_sopc", "gfx90a", &["CHECK"]),
    ("gfx9_asm_sopk", "gfx90a", &["CHECK"]),
    ("gfx9_asm_sopp", "gfx90a", &["CHECK"]),
    ("gfx9_asm_smem", "gfx90a", &["CHECK"]),
    ("gfx9_asm_sop1", "gfx942", &["CHECK"]),
    ("gfx9_asm_sop2", "gfx942", &["CHECK"]),
    ("gfx9_asm_sopc", "gfx942", &["CHECK"]),
    ("gfx9_asm_sopk", "gfx942", &["CHECK"]),
    ("gfx9_asm_sopp", "gfx942", &["CHECK"]),
];

/// The vector ALU test files measured per target: gfx11 files for gfx1100,
/// gfx12 files for gfx1200, each under every RUN configuration of that -mcpu.
/// The vector-memory test files (DS, FLAT/GLOBAL/SCRATCH) and the -mcpu they are measured
/// under.
pub const MEMORY_STEMS: &[(&str, &str)] = &[
    ("gfx11_asm_ds", "gfx1100"),
    ("gfx11_asm_flat", "gfx1100"),
    ("gfx11_asm_flat_errs", "gfx1100"),
    ("gfx12_asm_ds", "gfx1200"),
    ("gfx12_asm_ds_alias", "gfx1200"),
    ("gfx12_asm_vflat", "gfx1200"),
    ("gfx12_asm_vflat_alias", "gfx1200"),
    ("gfx12_asm_global_load_tr", "gfx1200"),
    ("gfx11_asm_mubuf", "gfx1100"),
    ("gfx11_asm_mubuf_alias", "gfx1100"),
    ("gfx11_asm_mubuf_err", "gfx1100"),
    ("gfx11_asm_mtbuf", "gfx1100"),
    ("gfx11_asm_mtbuf_alias", "gfx1100"),
    ("gfx11_asm_mtbuf_err", "gfx1100"),
    ("gfx12_asm_vbuffer_mubuf", "gfx1200"),
    ("gfx12_asm_vbuffer_mubuf_alias", "gfx1200"),
    ("gfx12_asm_vbuffer_mubuf_err", "gfx1200"),
    ("gfx12_asm_vbuffer_mtbuf", "gfx1200"),
    ("gfx12_asm_vbuffer_mtbuf_alias", "gfx1200"),
    ("gfx12_asm_vbuffer_mtbuf_err", "gfx1200"),
    ("gfx11_asm_mimg", "gfx1100"),
    ("gfx11_asm_mimg_err", "gfx1100"),
    ("gfx11_asm_mimg_features", "gfx1100"),
    ("gfx12_asm_vimage", "gfx1200"),
    ("gfx12_asm_vimage_alias", "gfx1200"),
    ("gfx12_asm_vsample", "gfx1200"),
    ("gfx12_asm_mimg_err", "gfx1200"),
    ("gfx11_asm_exp", "gfx1100"),
    ("gfx11_asm_ldsdir", "gfx1100"),
    ("gfx11_asm_ldsdir_err", "gfx1100"),
    ("gfx12_asm_exp", "gfx1200"),
    ("gfx12_asm_vdsdir", "gfx1200"),
    ("gfx12_asm_vdsdir_alias", "gfx1200"),
    ("gfx10_asm_ds", "gfx1010"),
    ("gfx10_asm_flat", "gfx1010"),
    ("gfx10_asm_mubuf", "gfx1010"),
];

pub const VECTOR_STEMS: &[(&str, &str)] = &[
    ("gfx11_asm_vop1-fake16", "gfx1100"),
    ("gfx11_asm_vop1", "gfx1100"),
    ("gfx11_asm_vop1_fake16_err", "gfx1100"),
    ("gfx11_asm_vop1_fake16_promote", "gfx1100"),
    ("gfx11_asm_vop1_t16_err", "gfx1100"),
    ("gfx11_asm_vop1_t16_promote", "gfx1100"),
    ("gfx11_asm_vop2-fake16", "gfx1100"),
    ("gfx11_asm_vop2", "gfx1100"),
    ("gfx11_asm_vop2_err-fake16", "gfx1100"),
    ("gfx11_asm_vop2_err", "gfx1100"),
    ("gfx11_asm_vop2_fake16_err", "gfx1100"),
    ("gfx11_asm_vop2_fake16_promote", "gfx1100"),
    ("gfx11_asm_vop2_t16_err", "gfx1100"),
    ("gfx11_asm_vop2_t16_promote", "gfx1100"),
    ("gfx11_asm_vop3-fake16", "gfx1100"),
    ("gfx11_asm_vop3", "gfx1100"),
    ("gfx11_asm_vop3_alias-fake16", "gfx1100"),
    ("gfx11_asm_vop3_alias", "gfx1100"),
    ("gfx11_asm_vop3_err", "gfx1100"),
    ("gfx11_asm_vop3_features", "gfx1100"),
    ("gfx11_asm_vop3_from_vop1-fake16", "gfx1100"),
    ("gfx11_asm_vop3_from_vop1", "gfx1100"),
    ("gfx11_asm_vop3_from_vop2-fake16", "gfx1100"),
    ("gfx11_asm_vop3_from_vop2", "gfx1100"),
    ("gfx11_asm_vop3_from_vopc-fake16", "gfx1100"),
    ("gfx11_asm_vop3_from_vopc", "gfx1100"),
    ("gfx11_asm_vop3_from_vopcx-fake16", "gfx1100"),
    ("gfx11_asm_vop3_from_vopcx", "gfx1100"),
    ("gfx11_asm_vop3p", "gfx1100"),
    ("gfx11_asm_vop3p_alias", "gfx1100"),
    ("gfx11_asm_vop3p_err", "gfx1100"),
    ("gfx11_asm_vop3p_features", "gfx1100"),
    ("gfx11_asm_vopc-fake16", "gfx1100"),
    ("gfx11_asm_vopc", "gfx1100"),
    ("gfx11_asm_vopc_alias", "gfx1100"),
    ("gfx11_asm_vopc_fake16_err", "gfx1100"),
    ("gfx11_asm_vopc_fake16_promote", "gfx1100"),
    ("gfx11_asm_vopc_t16_err", "gfx1100"),
    ("gfx11_asm_vopc_t16_promote", "gfx1100"),
    ("gfx11_asm_vopcx-fake16", "gfx1100"),
    ("gfx11_asm_vopcx", "gfx1100"),
    ("gfx11_asm_vopcx_alias", "gfx1100"),
    ("gfx11_asm_vopcx_fake16_err", "gfx1100"),
    ("gfx11_asm_vopcx_fake16_promote", "gfx1100"),
    ("gfx11_asm_vopcx_t16_err", "gfx1100"),
    ("gfx11_asm_vopcx_t16_promote", "gfx1100"),
    ("gfx12_asm_vop1-fake16", "gfx1200"),
    ("gfx12_asm_vop1", "gfx1200"),
    ("gfx12_asm_vop1_fake16_err", "gfx1200"),
    ("gfx12_asm_vop1_fake16_promote", "gfx1200"),
    ("gfx12_asm_vop1_t16_err", "gfx1200"),
    ("gfx12_asm_vop1_t16_promote", "gfx1200"),
    ("gfx12_asm_vop2-fake16", "gfx1200"),
    ("gfx12_asm_vop2", "gfx1200"),
    ("gfx12_asm_vop2_aliases-fake16", "gfx1200"),
    ("gfx12_asm_vop2_aliases", "gfx1200"),
    ("gfx12_asm_vop2_err", "gfx1200"),
    ("gfx12_asm_vop2_fake16_err", "gfx1200"),
    ("gfx12_asm_vop2_fake16_promote", "gfx1200"),
    ("gfx12_asm_vop2_t16_err", "gfx1200"),
    ("gfx12_asm_vop2_t16_promote", "gfx1200"),
    ("gfx12_asm_vop3-fake16", "gfx1200"),
    ("gfx12_asm_vop3", "gfx1200"),
    ("gfx12_asm_vop3_aliases-fake16", "gfx1200"),
    ("gfx12_asm_vop3_aliases", "gfx1200"),
    ("gfx12_asm_vop3_err", "gfx1200"),
    ("gfx12_asm_vop3_from_vop1-fake16", "gfx1200"),
    ("gfx12_asm_vop3_from_vop1", "gfx1200"),
    ("gfx12_asm_vop3_from_vop2-fake16", "gfx1200"),
    ("gfx12_asm_vop3_from_vop2", "gfx1200"),
    ("gfx12_asm_vop3c-fake16", "gfx1200"),
    ("gfx12_asm_vop3c", "gfx1200"),
    ("gfx12_asm_vop3cx-fake16", "gfx1200"),
    ("gfx12_asm_vop3cx", "gfx1200"),
    ("gfx12_asm_vop3p", "gfx1200"),
    ("gfx12_asm_vop3p_aliases", "gfx1200"),
    ("gfx12_asm_vop3p_err", "gfx1200"),
    ("gfx12_asm_vop3p_features", "gfx1200"),
    ("gfx12_asm_vopc-fake16", "gfx1200"),
    ("gfx12_asm_vopc", "gfx1200"),
    ("gfx12_asm_vopc_fake16_err", "gfx1200"),
    ("gfx12_asm_vopc_fake16_promote", "gfx1200"),
    ("gfx12_asm_vopc_t16_err", "gfx1200"),
    ("gfx12_asm_vopc_t16_promote", "gfx1200"),
    ("gfx12_asm_vopcx-fake16", "gfx1200"),
    ("gfx12_asm_vopcx", "gfx1200"),
    ("gfx12_asm_vopcx_fake16_err", "gfx1200"),
    ("gfx12_asm_vopcx_fake16_promote", "gfx1200"),
    ("gfx12_asm_vopcx_t16_err", "gfx1200"),
    ("gfx12_asm_vopcx_t16_promote", "gfx1200"),
    ("gfx11_asm_vop1_dpp16-fake16", "gfx1100"),
    ("gfx11_asm_vop1_dpp16", "gfx1100"),
    ("gfx11_asm_vop1_dpp8-fake16", "gfx1100"),
    ("gfx11_asm_vop1_dpp8", "gfx1100"),
    ("gfx11_asm_vop2_dpp16-fake16", "gfx1100"),
    ("gfx11_asm_vop2_dpp16", "gfx1100"),
    ("gfx11_asm_vop2_dpp8-fake16", "gfx1100"),
    ("gfx11_asm_vop2_dpp8", "gfx1100"),
    ("gfx11_asm_vop3_dpp16-fake16", "gfx1100"),
    ("gfx11_asm_vop3_dpp16", "gfx1100"),
    ("gfx11_asm_vop3_dpp16_from_vop1-fake16", "gfx1100"),
    ("gfx11_asm_vop3_dpp16_from_vop1", "gfx1100"),
    ("gfx11_asm_vop3_dpp16_from_vop2-fake16", "gfx1100"),
    ("gfx11_asm_vop3_dpp16_from_vop2", "gfx1100"),
    ("gfx11_asm_vop3_dpp16_from_vopc-fake16", "gfx1100"),
    ("gfx11_asm_vop3_dpp16_from_vopc", "gfx1100"),
    ("gfx11_asm_vop3_dpp16_from_vopcx-fake16", "gfx1100"),
    ("gfx11_asm_vop3_dpp16_from_vopcx", "gfx1100"),
    ("gfx11_asm_vop3_dpp8-fake16", "gfx1100"),
    ("gfx11_asm_vop3_dpp8", "gfx1100"),
    ("gfx11_asm_vop3_dpp8_from_vop1-fake16", "gfx1100"),
    ("gfx11_asm_vop3_dpp8_from_vop1", "gfx1100"),
    ("gfx11_asm_vop3_dpp8_from_vop2-fake16", "gfx1100"),
    ("gfx11_asm_vop3_dpp8_from_vop2", "gfx1100"),
    ("gfx11_asm_vop3_dpp8_from_vopc-fake16", "gfx1100"),
    ("gfx11_asm_vop3_dpp8_from_vopc", "gfx1100"),
    ("gfx11_asm_vop3_dpp8_from_vopcx-fake16", "gfx1100"),
    ("gfx11_asm_vop3_dpp8_from_vopcx", "gfx1100"),
    ("gfx11_asm_vop3p_dpp16", "gfx1100"),
    ("gfx11_asm_vop3p_dpp8", "gfx1100"),
    ("gfx11_asm_vopc_dpp16-fake16", "gfx1100"),
    ("gfx11_asm_vopc_dpp16", "gfx1100"),
    ("gfx11_asm_vopc_dpp8-fake16", "gfx1100"),
    ("gfx11_asm_vopc_dpp8", "gfx1100"),
    ("gfx11_asm_vopcx_dpp16-fake16", "gfx1100"),
    ("gfx11_asm_vopcx_dpp16", "gfx1100"),
    ("gfx11_asm_vopcx_dpp8-fake16", "gfx1100"),
    ("gfx11_asm_vopcx_dpp8", "gfx1100"),
    ("gfx12_asm_vop1_dpp16-fake16", "gfx1200"),
    ("gfx12_asm_vop1_dpp16", "gfx1200"),
    ("gfx12_asm_vop1_dpp8-fake16", "gfx1200"),
    ("gfx12_asm_vop1_dpp8", "gfx1200"),
    ("gfx12_asm_vop2_dpp16-fake16", "gfx1200"),
    ("gfx12_asm_vop2_dpp16", "gfx1200"),
    ("gfx12_asm_vop2_dpp8-fake16", "gfx1200"),
    ("gfx12_asm_vop2_dpp8", "gfx1200"),
    ("gfx12_asm_vop3_dpp16-fake16", "gfx1200"),
    ("gfx12_asm_vop3_dpp16", "gfx1200"),
    ("gfx12_asm_vop3_dpp8-fake16", "gfx1200"),
    ("gfx12_asm_vop3_dpp8", "gfx1200"),
    ("gfx12_asm_vop3_from_vop1_dpp16-fake16", "gfx1200"),
    ("gfx12_asm_vop3_from_vop1_dpp16", "gfx1200"),
    ("gfx12_asm_vop3_from_vop1_dpp8-fake16", "gfx1200"),
    ("gfx12_asm_vop3_from_vop1_dpp8", "gfx1200"),
    ("gfx12_asm_vop3_from_vop2_dpp16-fake16", "gfx1200"),
    ("gfx12_asm_vop3_from_vop2_dpp16", "gfx1200"),
    ("gfx12_asm_vop3_from_vop2_dpp8-fake16", "gfx1200"),
    ("gfx12_asm_vop3_from_vop2_dpp8", "gfx1200"),
    ("gfx12_asm_vop3c_dpp16-fake16", "gfx1200"),
    ("gfx12_asm_vop3c_dpp16", "gfx1200"),
    ("gfx12_asm_vop3c_dpp8-fake16", "gfx1200"),
    ("gfx12_asm_vop3c_dpp8", "gfx1200"),
    ("gfx12_asm_vop3cx_dpp16-fake16", "gfx1200"),
    ("gfx12_asm_vop3cx_dpp16", "gfx1200"),
    ("gfx12_asm_vop3cx_dpp8-fake16", "gfx1200"),
    ("gfx12_asm_vop3cx_dpp8", "gfx1200"),
    ("gfx12_asm_vop3p_dpp16", "gfx1200"),
    ("gfx12_asm_vop3p_dpp16_err", "gfx1200"),
    ("gfx12_asm_vop3p_dpp8", "gfx1200"),
    ("gfx12_asm_vop3p_dpp8_err", "gfx1200"),
    ("gfx12_asm_vopc_dpp16-fake16", "gfx1200"),
    ("gfx12_asm_vopc_dpp16", "gfx1200"),
    ("gfx12_asm_vopc_dpp8-fake16", "gfx1200"),
    ("gfx12_asm_vopc_dpp8", "gfx1200"),
    ("gfx12_asm_vopcx_dpp16-fake16", "gfx1200"),
    ("gfx12_asm_vopcx_dpp16", "gfx1200"),
    ("gfx12_asm_vopcx_dpp8-fake16", "gfx1200"),
    ("gfx12_asm_vopcx_dpp8", "gfx1200"),
    ("gfx11_asm_vopd", "gfx1100"),
    ("gfx11_asm_vopd_err", "gfx1100"),
    ("gfx11_asm_vopd_features", "gfx1100"),
    ("gfx12_asm_vopd", "gfx1200"),
    ("gfx12_asm_vopd_errs", "gfx1200"),
    ("gfx12_asm_vopd_features", "gfx1200"),
    ("gfx11_asm_wmma", "gfx1100"),
    ("gfx12_asm_wmma_w32", "gfx1200"),
    ("gfx12_asm_wmma_w64", "gfx1200"),
    ("gfx10_asm_vop1", "gfx1010"),
    ("gfx10_asm_vop2", "gfx1010"),
    ("gfx10_asm_vop3", "gfx1010"),
    ("gfx10_asm_vopc", "gfx1010"),
    ("gfx10_asm_vopc_e64", "gfx1010"),
    ("gfx10_asm_vopcx", "gfx1010"),
    ("gfx1250_asm_vop1-fake16", "gfx1250"),
    ("gfx1250_asm_vop1", "gfx1250"),
    ("gfx1250_asm_vop1_dpp16-fake16", "gfx1250"),
    ("gfx1250_asm_vop1_dpp16", "gfx1250"),
    ("gfx1250_asm_vop1_dpp8-fake16", "gfx1250"),
    ("gfx1250_asm_vop1_dpp8", "gfx1250"),
    ("gfx1250_asm_vop1_err", "gfx1250"),
    ("gfx1250_asm_vop2", "gfx1250"),
    ("gfx1250_asm_vop2_err", "gfx1250"),
    ("gfx1250_asm_vop3-fake16", "gfx1250"),
    ("gfx1250_asm_vop3", "gfx1250"),
    ("gfx1250_asm_vop3_dpp16-fake16", "gfx1250"),
    ("gfx1250_asm_vop3_dpp16", "gfx1250"),
    ("gfx1250_asm_vop3_dpp8-fake16", "gfx1250"),
    ("gfx1250_asm_vop3_dpp8", "gfx1250"),
    ("gfx1250_asm_vop3_err", "gfx1250"),
    ("gfx1250_asm_vop3_from_vop1-fake16", "gfx1250"),
    ("gfx1250_asm_vop3_from_vop1", "gfx1250"),
    ("gfx1250_asm_vop3_from_vop1_dpp16-fake16", "gfx1250"),
    ("gfx1250_asm_vop3_from_vop1_dpp16", "gfx1250"),
    ("gfx1250_asm_vop3_from_vop1_dpp8-fake16", "gfx1250"),
    ("gfx1250_asm_vop3_from_vop1_dpp8", "gfx1250"),
    ("gfx1250_asm_vop3_from_vop2_err", "gfx1250"),
    ("gfx1250_asm_vop3cx", "gfx1250"),
    ("gfx1250_asm_vop3p", "gfx1250"),
    ("gfx1250_asm_vop3p_alias", "gfx1250"),
    ("gfx1250_asm_vop3p_dpp16", "gfx1250"),
    ("gfx1250_asm_vop3p_dpp8", "gfx1250"),
    ("gfx1250_asm_vop3p_err", "gfx1250"),
    ("gfx1250_asm_vopd", "gfx1250"),
    ("gfx1250_asm_vopd_errs", "gfx1250"),
    ("gfx1250_asm_vopd_features", "gfx1250"),
];

pub enum Expect {
    /// `None` bytes are fixup letters.
    Bytes(Vec<Option<u8>>),
    Error,
}

/// Statement lines with the expectation recorded for `prefixes` in the comment lines after them.
pub fn cases(text: &str, prefixes: &[&str]) -> Vec<(String, Expect)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        // `//` and `;` start comments in llvm-mc's AMDGPU assembly.
        let stmt = line.split("//").next().unwrap_or("");
        let stmt = stmt.split(';').next().unwrap_or("").trim();
        if stmt.is_empty() || stmt.starts_with('.') {
            continue;
        }
        let mut expect = None;
        for check in lines[i + 1..]
            .iter()
            .take_while(|l| l.trim_start().starts_with("//"))
        {
            let body = check.trim_start().trim_start_matches('/').trim_start();
            let Some((prefix, rest)) = body.split_once(':') else {
                continue;
            };
            let base = prefix.strip_suffix("-ERR").unwrap_or(prefix);
            if !prefixes.contains(&base) && !prefixes.contains(&prefix) {
                continue;
            }
            if rest.contains("error:") {
                expect = Some(Expect::Error);
            } else if let Some(enc) = rest.split("encoding: [").nth(1).or_else(|| {
                rest.trim_start()
                    .strip_prefix("[0x")
                    .map(|_| &rest.trim()[1..])
            }) {
                let bytes = enc
                    .trim_end_matches(']')
                    .split(',')
                    .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).ok())
                    .collect();
                expect = Some(Expect::Bytes(bytes));
            }
        }
        if let Some(e) = expect {
            out.push((stmt.to_string(), e));
        }
    }
    out
}

fn matches(expected: &[Option<u8>], got: &Encoded) -> bool {
    expected.len() == got.bytes.len()
        && expected.iter().enumerate().all(|(i, e)| match e {
            Some(b) => got.bytes[i] == *b,
            None => got
                .fixups
                .iter()
                .any(|f| (f.offset..f.offset + f.size).contains(&i)),
        })
}

/// Result of one suite: matching lines, lines with an expectation, and the mismatches.
pub struct SuiteResult {
    pub ok: usize,
    pub total: usize,
    pub mismatches: Vec<String>,
    /// The reason of every unsupported outcome.
    pub unsupported: Vec<String>,
}

/// Assembles every case of `suite` (files under `data/llvm-tests/22.1.8/MC/AMDGPU`).
pub fn run_suite(data: &Path, suite: &Suite) -> SuiteResult {
    let (stem, mcpu, prefixes) = suite;
    let target =
        mcdiff_spec::load_target(data, mcpu).unwrap_or_else(|e| panic!("loading {mcpu}: {e}"));
    let asm = Assembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR));
    let path = data
        .join("llvm-tests/22.1.8/MC/AMDGPU")
        .join(format!("{stem}.s"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    run_cases(&asm, &text, prefixes)
}

/// Assembles every case of `text` that has an expectation under `prefixes`.
pub fn run_cases(asm: &Assembler, text: &str, prefixes: &[&str]) -> SuiteResult {
    let mut result = SuiteResult {
        ok: 0,
        total: 0,
        mismatches: Vec::new(),
        unsupported: Vec::new(),
    };
    for (stmt, expect) in cases(text, prefixes) {
        result.total += 1;
        let outcome = asm.assemble(&stmt);
        let good = match (&expect, &outcome) {
            (Expect::Bytes(b), AsmOutcome::Encoded(e)) => matches(b, e),
            (Expect::Error, AsmOutcome::Rejected(_)) => true,
            _ => false,
        };
        if good {
            result.ok += 1;
            continue;
        }
        let want = match &expect {
            Expect::Bytes(b) => format!("{b:02x?}"),
            Expect::Error => "error".into(),
        };
        let got = match &outcome {
            AsmOutcome::Encoded(e) => format!("{:02x?}", e.bytes),
            AsmOutcome::Rejected(e) => format!("rejected {}: {}", e.column, e.message),
            AsmOutcome::Unsupported(r) => {
                result.unsupported.push(r.clone());
                format!("unsupported: {r}")
            }
        };
        result
            .mismatches
            .push(format!("{stmt}\n    want {want}\n    got  {got}"));
    }
    result
}

/// One llvm-mc invocation of a test file's RUN lines that shows encodings.
#[derive(Debug, Clone)]
pub struct RunConfig {
    pub mcpu: String,
    pub mattr: Vec<String>,
    pub prefixes: Vec<String>,
    /// False for runs that only check diagnostics (`-filetype=null`).
    pub shows_encoding: bool,
}

/// The assembling RUN lines of a test file (not disassembling, output checked by
/// FileCheck): their -mcpu, -mattr and check prefixes.
pub fn run_configs(text: &str) -> Vec<RunConfig> {
    let mut out = Vec::new();
    for line in text.lines() {
        // `//` and `;` both start comments, so RUN lines come either way.
        let line = line.trim_start();
        let Some(run) = line
            .strip_prefix("// RUN:")
            .or_else(|| line.strip_prefix("; RUN:"))
        else {
            continue;
        };
        if !run.contains("llvm-mc") || !run.contains("FileCheck") || run.contains("-disassemble") {
            continue;
        }
        let shows_encoding = run.contains("-show-encoding");
        let mut mcpu = None;
        let mut mattr = Vec::new();
        let mut prefixes = Vec::new();
        let mut words = run.split_whitespace().peekable();
        while let Some(w) = words.next() {
            let (key, value) = match w.split_once('=') {
                Some((k, v)) => (k, v.to_string()),
                None if [
                    "-mcpu",
                    "-mattr",
                    "--check-prefix",
                    "--check-prefixes",
                    "-check-prefix",
                    "-check-prefixes",
                ]
                .contains(&w) =>
                {
                    (w, words.next().unwrap_or_default().to_string())
                }
                None => continue,
            };
            match key.trim_start_matches('-') {
                "mcpu" if mcpu.is_none() => mcpu = Some(value),
                "mattr" if mcpu.is_some() || mattr.is_empty() => {
                    mattr.extend(value.split(',').map(str::to_string))
                }
                "check-prefix" | "check-prefixes" => {
                    prefixes.extend(value.split(',').map(str::to_string))
                }
                _ => {}
            }
        }
        if let (Some(mcpu), false) = (mcpu, prefixes.is_empty()) {
            out.push(RunConfig {
                mcpu,
                mattr,
                prefixes,
                shows_encoding,
            });
        }
    }
    out
}

/// Runs `stem` of corpus `version` for every RUN configuration whose -mcpu is the target's.
pub fn run_file(
    data: &Path,
    version: &str,
    stem: &str,
    target: &mcdiff_spec::TargetSpec,
) -> Option<SuiteResult> {
    let mcpu = target.target.mcpu;
    let path = data
        .join(format!("llvm-tests/{version}/MC/AMDGPU"))
        .join(format!("{stem}.s"));
    let text = std::fs::read_to_string(&path).ok()?;
    let mut configs: Vec<RunConfig> = run_configs(&text)
        .into_iter()
        .filter(|c| c.mcpu == mcpu)
        .collect();
    // Diagnostics-only runs repeat what the encoding runs check (as `<prefix>-ERR` lines);
    // they count only in files without an encoding run.
    if configs.iter().any(|c| c.shows_encoding) {
        configs.retain(|c| c.shows_encoding);
    }
    if configs.is_empty() {
        return None;
    }
    let mut total = SuiteResult {
        ok: 0,
        total: 0,
        mismatches: Vec::new(),
        unsupported: Vec::new(),
    };
    for config in configs {
        let asm = Assembler::new(TargetCtx::new(target, &config.mattr, REFERENCE_LLVM_MAJOR));
        let prefixes: Vec<&str> = config.prefixes.iter().map(String::as_str).collect();
        let r = run_cases(&asm, &text, &prefixes);
        total.ok += r.ok;
        total.total += r.total;
        total.mismatches.extend(r.mismatches);
        total.unsupported.extend(r.unsupported);
    }
    Some(total)
}
