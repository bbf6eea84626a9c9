// Lines written for mcdiff (not from LLVM's tests), one or a few per encoding family of
// gfx908: ALU formats and modifiers, DPP/SDWA where the target has them, DS, MUBUF, FLAT/GLOBAL/
// SCRATCH, SMEM, SOP*, and the target's own additions (matrix ops, AGPR data, cache bits).
v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] cbsz:2 abid:3 blgp:4
v_mfma_i32_16x16x16i8 a[0:3], v1, v2, a[4:7]
v_accvgpr_write_b32 a2, -2
v_accvgpr_read_b32 v2, a1
v_pk_fma_f16 v10, v11, v12, v13
v_dot2_f32_f16 v5, v6, v7, v8
v_add_u32 v7, v19, v201
buffer_atomic_pk_add_f16 v1, v2, s[4:7], s8 offen
global_atomic_add_f32 v[2:3], v4, off offset:8
ds_write_b32 v30, v31 offset:1024
s_add_u32 s5, s6, 0xabcdef
