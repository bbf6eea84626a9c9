// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx1100:
// interpolation sources are VGPRs, its modifiers come as clamp, op_sel, wait_exp, and the
// wait count has 3 bits.
v_interp_p10_f32 v1, s2, v3, v4
v_interp_p2_f32 v1, v2, 0.5, v4
v_interp_p10_f16_f32 v1, v2, v3, v4 wait_exp:2 clamp
v_interp_p2_f16_f32 v1, v2, v3, v4 op_sel:[1,0,0,0] clamp
v_interp_p10_f32 v1, v2, v3, v4 wait_exp:9
// DPP on the opcodes the RDNA3 manual's "Which instructions support DPP" table refuses it:
// 64-bit ones of every format, named VOP1/VOP3/VOP3P ones.
v_fma_f64 v[10:11], v[12:13], v[14:15], v[16:17] row_shl:3
v_cmp_lt_i64 vcc_lo, v[20:21], v[22:23] quad_perm:[0,0,1,1]
v_cvt_i32_f64_e64 v9, v[30:31] dpp8:[0,1,2,3,4,5,6,7]
v_readfirstlane_b32 s7, v40 row_mirror
v_mul_hi_u32 v8, v41, v42 row_ror:5
v_writelane_b32 v3, s9, s10 dpp8:[1,1,1,1,0,0,0,0]
v_dot8_u32_u4 v1, v5, v6, v7 row_half_mirror
v_pk_mul_lo_u16 v12, v13, v14 quad_perm:[1,0,3,2]
// Modifiers out of LLVM's fixed order.
v_pk_fma_f16 v20, v21, v22, v23 neg_hi:[0,1,0] op_sel:[1,1,0]
v_mul_f32_e64_dpp v24, v25, v26 row_xmask:5 mul:4
// Input modifiers on integer sources ("ABS and NEG apply to floating point inputs").
v_max_i32_e64 v30, -v31, v32
v_bfe_u32 v33, |v34|, v35, v36
