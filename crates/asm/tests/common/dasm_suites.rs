//! LLVM's AMDGPU Disassembler test files (`llvm-tests/<version>/MC/Disassembler/AMDGPU`) the
//! decoder tests read, with the lowest rate of identical printed lines each must keep
//! (decode_llvm_suites.rs); decode_roundtrip.rs round-trips their hex lines.

/// Scalar files: (file, floor on 22.1.8, floor on 19.1.7). Every floor below 1.0 is an
/// instruction the spec lacks (s_subvector_loop_* in the RDNA3 file, the GFX12 named-barrier
/// ops, GFX1250 additions); 19.1.7 also differs where LLVM renamed operands since (GFX12 hwreg
/// names print as llvm-mc 22 does).
pub const SCALAR: &[(&str, f64, f64)] = &[
    ("gfx11_dasm_sop1", 1.0, 1.0),
    ("gfx11_dasm_sop2", 1.0, 1.0),
    ("gfx11_dasm_sopk", 0.927, 0.927),
    ("gfx11_dasm_sopc", 1.0, 1.0),
    ("gfx11_dasm_sopp", 1.0, 1.0),
    ("gfx11_dasm_smem", 1.0, 1.0),
    ("gfx12_dasm_sop1", 0.984, 0.99),
    ("gfx12_dasm_sop2", 1.0, 0.999),
    ("gfx12_dasm_sopk", 0.973, 0.744),
    ("gfx12_dasm_sopc", 1.0, 1.0),
    ("gfx12_dasm_sopp", 0.994, 0.962),
    ("gfx12_dasm_smem", 0.993, 1.0),
];

/// Vector ALU files (22.1.8): (file, floor, whether decode_roundtrip round-trips its lines).
/// Floors below 1.0: without real-true16, a DPP word whose 16-bit destination is above v127 is
/// invalid and llvm-mc goes on to decode its second dword (we report the word invalid);
/// GFX12 v_dot2_f16_f16/v_dot2_bf16_bf16 DPP, whose op_sel llvm-mc prints without the source
/// bits; GFX1250 opcodes the spec lacks.
pub const VECTOR: &[(&str, f64, bool)] = &[
    ("gfx11_dasm_vop1", 1.0, true),
    ("gfx11_dasm_vop2", 1.0, true),
    ("gfx11_dasm_vopc", 1.0, true),
    ("gfx11_dasm_vopcx", 1.0, true),
    ("gfx11_dasm_vop3", 1.0, true),
    ("gfx11_dasm_vop3_from_vop1", 1.0, true),
    ("gfx11_dasm_vop3_from_vop2", 1.0, true),
    ("gfx11_dasm_vop3_from_vopc", 1.0, true),
    ("gfx11_dasm_vop3_from_vopcx", 1.0, true),
    ("gfx11_dasm_vop3p", 1.0, true),
    ("gfx11_dasm_vop1_dpp16", 0.974, true),
    ("gfx11_dasm_vop1_dpp8", 0.945, true),
    ("gfx11_dasm_vop2_dpp16", 0.994, true),
    ("gfx11_dasm_vop2_dpp8", 0.982, true),
    ("gfx11_dasm_vopc_dpp16", 1.0, true),
    ("gfx11_dasm_vopc_dpp8", 1.0, true),
    ("gfx11_dasm_vopcx_dpp16", 1.0, false),
    ("gfx11_dasm_vopcx_dpp8", 1.0, false),
    ("gfx11_dasm_vop3_dpp16", 1.0, true),
    ("gfx11_dasm_vop3_dpp8", 1.0, true),
    ("gfx11_dasm_vop3_dpp16_from_vop1", 1.0, false),
    ("gfx11_dasm_vop3_dpp16_from_vop2", 1.0, false),
    ("gfx11_dasm_vop3_dpp16_from_vopc", 1.0, false),
    ("gfx11_dasm_vop3_dpp16_from_vopcx", 1.0, false),
    ("gfx11_dasm_vop3_dpp8_from_vop1", 1.0, false),
    ("gfx11_dasm_vop3_dpp8_from_vop2", 1.0, false),
    ("gfx11_dasm_vop3_dpp8_from_vopc", 1.0, false),
    ("gfx11_dasm_vop3_dpp8_from_vopcx", 1.0, false),
    ("gfx11_dasm_vop3p_dpp16", 1.0, true),
    ("gfx11_dasm_vop3p_dpp8", 1.0, false),
    ("gfx12_dasm_vop1_dpp16", 0.975, true),
    ("gfx12_dasm_vop1_dpp8", 0.931, false),
    ("gfx12_dasm_vop2", 1.0, true),
    ("gfx12_dasm_vop2_dpp16", 0.994, false),
    ("gfx12_dasm_vop2_dpp8", 0.981, false),
    ("gfx12_dasm_vop3", 1.0, true),
    ("gfx12_dasm_vop3_dpp16", 0.997, true),
    ("gfx12_dasm_vop3_dpp8", 0.995, true),
    ("gfx12_dasm_vop3_from_vop1", 1.0, false),
    ("gfx12_dasm_vop3_from_vop1_dpp16", 1.0, false),
    ("gfx12_dasm_vop3_from_vop1_dpp8", 1.0, false),
    ("gfx12_dasm_vop3_from_vop2", 1.0, false),
    ("gfx12_dasm_vop3_from_vop2_dpp16", 1.0, false),
    ("gfx12_dasm_vop3_from_vop2_dpp8", 1.0, false),
    ("gfx12_dasm_vop3c", 1.0, true),
    ("gfx12_dasm_vop3c_dpp16", 1.0, false),
    ("gfx12_dasm_vop3c_dpp8", 1.0, false),
    ("gfx12_dasm_vop3cx", 1.0, false),
    ("gfx12_dasm_vop3cx_dpp16", 1.0, false),
    ("gfx12_dasm_vop3cx_dpp8", 1.0, false),
    ("gfx12_dasm_vop3p", 1.0, true),
    ("gfx12_dasm_vop3p_dpp16", 1.0, false),
    ("gfx12_dasm_vop3p_dpp8", 1.0, false),
    ("gfx12_dasm_vopc", 1.0, true),
    ("gfx12_dasm_vopc_dpp16", 1.0, true),
    ("gfx12_dasm_vopc_dpp8", 1.0, false),
    ("gfx12_dasm_vopcx", 1.0, false),
    ("gfx12_dasm_vopcx_dpp16", 1.0, false),
    ("gfx12_dasm_vopcx_dpp8", 1.0, false),
    ("gfx11_dasm_vopd", 1.0, true),
    ("gfx11_dasm_vopd_features", 1.0, false),
    ("gfx12_dasm_vopd", 1.0, true),
    ("gfx12_dasm_vopd_features", 1.0, false),
];

/// Memory and export files (22.1.8): (file, floor). Floors below 1.0:
/// image_bvh8_intersect_ray and image_bvh_dual_intersect_ray, whose address layout the
/// decoder does not know (reported Unsupported).
pub const MEMORY: &[(&str, f64)] = &[
    ("gfx11_dasm_ds", 1.0),
    ("gfx12_dasm_ds", 1.0),
    ("gfx11_dasm_flat", 1.0),
    ("gfx12_dasm_vflat", 1.0),
    ("gfx11_dasm_mubuf", 1.0),
    ("gfx11_dasm_mtbuf", 1.0),
    ("gfx12_dasm_vbuffer_mubuf", 1.0),
    ("gfx12_dasm_vbuffer_mtbuf", 1.0),
    ("gfx11_dasm_exp", 1.0),
    ("gfx11_dasm_ldsdir", 1.0),
    ("gfx12_dasm_exp", 1.0),
    ("gfx12_dasm_vdsdir", 1.0),
    ("gfx11_dasm_mimg", 1.0),
    ("gfx11_dasm_mimg_features", 1.0),
    ("gfx12_dasm_vimage", 0.994),
    ("gfx12_dasm_vimage_features", 1.0),
    ("gfx12_dasm_vsample", 1.0),
];
