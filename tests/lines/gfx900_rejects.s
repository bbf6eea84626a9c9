// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects: GFX9 reads one
// scalar value per VALU instruction, SDWA has no 64-bit operands nor literals; image atomics
// name their data in dmask, packed image ops take no d16, image data fits dmask.
v_add_f32_e64 v3, s7, s8
v_fma_f32 v1, s2, v3, s4
v_cndmask_b32_e32 v9, s10, v11, vcc
v_div_fmas_f32 v1, s3, v2, v3
v_addc_co_u32_e32 v4, vcc, 0x4d2, v5, vcc
v_mul_f32_sdwa v2, s4, s5 src0_sel:WORD_1
v_cndmask_b32_sdwa v6, vcc_lo, v7, vcc src1_sel:BYTE_0
v_mov_b32_sdwa v1, 0x4d2 dst_sel:BYTE_1
v_cvt_f64_f32_sdwa v[2:3], v4 src0_sel:WORD_1
v_writelane_b32 v8, s9, s10
image_atomic_or v3, v4, s[8:15]
image_store_pck v3, v[4:5], s[16:23] dmask:0x1 d16
image_load v[0:1], v9, s[24:31] dmask:0x7
s_mov_b32_e64 s0, s1
s_mov_b32_sdwa s0, s1
// A scratch address that is neither a VGPR nor an SGPR.
scratch_load_dword v3, off, off offset:16
// Interpolation: `high` on 32-bit data, attributes above 32, an unknown parameter, `high`
// before the last source.
v_interp_p1_f32_e64 v5, v11, attr3.x high
v_interp_p2_f32 v1, v2, attr40.y
v_interp_mov_f32 v8, p30, attr0.x
v_interp_p1ll_f16 v5, v2, attr1.x high, v3
// A VGPR index mode of more than four bits, or naming a mode twice.
s_set_gpr_idx_on s2, 17
s_set_gpr_idx_mode gpr_idx(SRC0,SRC0)
// lds_direct supplies SRC0 only, one dword (Vega ISA §10.3.1).
v_mul_f32 v3, v4, lds_direct
v_fma_f32 v1, v2, v3, lds_direct
v_add_f64 v[2:3], lds_direct, v[4:5]
// Modifiers out of LLVM's fixed order.
v_pk_mul_f16 v1, v2, v3 clamp op_sel_hi:[0,1]
v_mac_f32_sdwa v4, v5, v6 src0_sel:BYTE_1 dst_sel:BYTE_0
