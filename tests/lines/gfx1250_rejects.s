// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx1250:
// VOPD3 source banks (a 64-bit source takes two), equal destinations, a select written in
// one half only, a literal, V_DUAL_BITOP2_B32 as the X op; 64-bit sources: a float in an
// integer slot, and a value no dword holds in VOP3; scale_offset without a VGPR offset and
// scalar base, and a FLAT scalar base written `null`; a reuse hint on a packed op, op_sel,
// index_key and an SGPR source on a dense matrix op; DPP on 64-bit operations.
v_dual_fma_f32 v40, v1, v2, v3 :: v_dual_add_f32 v41, s7, v6
v_dual_fma_f32 v8, v1, v2, v3 :: v_dual_add_f32 v8, v5, v6
v_dual_cndmask_b32 v9, v10, v11 :: v_dual_cndmask_b32 v12, v13, v14, s20
v_dual_add_f64 v[10:11], v[12:13], v[20:21] :: v_dual_mul_f32 v30, v13, v31
v_dual_fma_f32 v1, 0x12345678, v2, v3 :: v_dual_add_f32 v4, v5, v6
v_dual_fma_f64 v[2:3], v[4:5], v[6:7], v[8:9] :: v_dual_fma_f32 v20, v21, v22, v10
v_dual_bitop2_b32 v7, v1, v3 bitop3:5 :: v_dual_mul_f32 v255, v4, v2
s_mov_b64 s[0:1], lit(2.5)
s_mov_b64 s[2:3], 1.5
v_add_nc_u64_e64 v[0:1], 0x876543210, v[2:3]
v_ceil_f64_e64 v[0:1], 0x3ff0000012345678
flat_load_b32 v7, v[4:5] scale_offset
global_load_b32 v7, v[4:5], off offset:8 scale_offset
scratch_load_b32 v9, off, s3 scale_offset
flat_load_b32 v7, v3, null
v_pk_add_f32 v[0:1], v[2:3], v[4:5] matrix_a_reuse
v_wmma_f32_16x16x32_bf16 v[16:23], v[0:7], v[8:15], v[16:23] op_sel:[0,0,1]
v_wmma_f32_16x16x32_bf16 v[16:23], v[0:7], v[8:15], v[16:23] index_key:1
v_wmma_f32_16x16x32_bf16 v[16:23], v[0:7], v[8:15], s[0:7]
v_add_f64 v[10:11], v[12:13], v[14:15] row_share:2
v_mov_b64_dpp v[6:7], v[8:9] quad_perm:[0,1,2,3]
v_cmp_lt_f64_e64_dpp s4, v[2:3], v[4:5] row_share:1
v_pk_fma_f32 v[10:11], s[4:5], v[2:3], v[6:7]
v_pk_mul_f32 v[10:11], v[2:3], s[6:7] op_sel:[0,1]
v_pk_add_f32 v[2:3], vcc, v[4:5]
v_cos_bf16 v3, v4 mul:4
v_ceil_f64 v[7:8], v[2:3]
global_load_b64 v[1:2], v[4:5], off
v_add_f64 v[2:3], v[5:6], v[8:9]
// DPP on the opcodes the CDNA5 manual refuses it: VOP3P other than FMA_MIX (§7.9), the
// table's named VOP1/VOP3 ones.
v_pk_fma_f16 v12, v13, v14, v15 quad_perm:[1,0,3,2]
v_dot4_i32_iu8 v1, v5, v6, v7 row_ror:7
v_readlane_b32 s20, v21, s22 row_shl:1
v_permlane_up_b32 v1, v2, s3 quad_perm:[3,3,3,3]
v_readfirstlane_b32 s7, v40 dpp8:[7,7,7,7,7,7,7,7]
// True16 register halves without llvm-mc's real-true16 mode (off by default on gfx1250).
v_max_i16 v40.h, v41.l, v42.l
v_sqrt_f16 v5.l, s9
// DPP on the double-precision ALU's 32-bit integer multiplies, which AMD's variants file
// opens to DPP on gfx1251 only (the CDNA5 manual's DPMACC rule).
v_mul_hi_u32 v14, v12, v16 row_share:9
v_mad_u32 v3, v5, v7, v9 dpp8:[0,1,2,3,4,5,6,7]
