// Lines written for mcdiff (not from LLVM's tests): GFX12.5 instructions whose operand
// lists are derived from the CDNA5 manual's pseudocode.
v_tanh_f32 v3, v9
v_tanh_f16 v1, 0.5
v_rcp_bf16 v2, v7
v_sqrt_bf16_e64 v4, s5
v_exp_bf16 v6, v1
v_max_i64 v[2:3], v[6:7], s[10:11]
v_min_u64 v[8:9], s[2:3], v[4:5]
v_add_nc_u64 v[4:5], v[8:9], v[10:11]
v_sub_nc_u64_e64 v[4:5], s[8:9], v[10:11]
v_mad_u32 v1, v2, s3, 7
v_add_max_i32 v1, v2, v3, v4
v_prng_b32 v3, v4
v_pk_add_bf16 v1, v2, v3 op_sel_hi:[0,1]
v_pk_max3_i16 v5, v6, v7, v8
v_dual_add_f32 v10, v11, v12 :: v_dual_min_i32 v13, v14, v15
v_tanh_bf16 v3, v4
v_cos_bf16 v5, 0.5
v_bitop3_b16 v9, v3, s7, v11 bitop3:0x3c op_sel:[0,0,1,1]
v_bitop3_b16 v20, v21, 0x1234, v22 bitop3:7 op_sel:[1,0,0,0]
v_bitop3_b16 v5, v6, v7, v8
// Operand lists by role (fields as the encoding's lists give them, widths from the text).
v_mad_nc_u64_u32 v[10:11], v3, s7, v[20:21]
v_mad_nc_i64_i32 v[0:1], -1, v9, 0x12345
v_permlane_xor_b32 v1, v2, 5, s9
v_cvt_sr_pk_f16_f32 v4, v5, v6, v7
v_cvt_sr_pk_bf16_f32 v40, s1, v41, 0.5
// The 64-bit multiply-add-constant ops: a 64-bit constant after the word (SIMM64).
v_fmamk_f64 v[10:11], v[20:21], 0x40091eb8, v[30:31]
v_fmamk_f64 v[10:11], s[40:41], 0x40091eb851eb851f, v[30:31]
v_fmaak_f64 v[100:101], v[2:3], v[60:61], -2.5
v_fmaak_f64 v[100:101], 0x3fe00000, v[60:61], 0x3fe00000
v_fmaak_f64 v[8:9], vcc, v[12:13], lit64(0x1234)
