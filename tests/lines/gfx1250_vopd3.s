// Lines written for mcdiff (not from LLVM's tests): GFX12.5 dual issue in the 96-bit VOPD3
// format (ops VOPD lacks, negated sources, a written select, 64-bit ops, equal-parity
// destinations).
v_dual_mul_f32 v11, v20, v33 :: v_dual_sub_f32 v13, v22, v35
v_dual_add_f32 v12, -v21, v30 :: v_dual_mul_dx9_zero_f32 v14, v23, -v31
v_dual_cndmask_b32 v50, v61, v70, s12 :: v_dual_mov_b32 v52, 0.5
v_dual_max_num_f64 v[20:21], v[2:3], v[8:9] :: v_dual_lshlrev_b32 v33, v5, v10
v_dual_fma_f64 v[100:101], -v[4:5], v[10:11], v[16:17] :: v_dual_min_i32 v9, v7, v13
v_dual_mul_f64 v[60:61], s[10:11], v[64:65] :: v_dual_ashrrev_i32 v3, 4, v66
v_dual_sub_nc_u32 v17, v26, v35 :: v_dual_fma_f32 v19, -v27, -v38, v41
v_dual_min_num_f32 v201, v110, v121 :: v_dual_cndmask_b32 v203, -v111, v122, vcc_lo
v_dual_fmac_f32 v5, v8, v9 :: v_dual_fma_f32 v2, v1, v14, v22
v_dual_mul_f32 v25, v4, v2 :: v_dual_bitop2_b32 v16, v9, v13 bitop3:0xc3
// Halves reading one VGPR in the same slot (CDNA5 ISA §7.8: "or be the same VGPR"), in VOPD
// and, with equal-parity destinations, VOPD3.
v_dual_mul_f32 v40, v17, v22 :: v_dual_add_f32 v45, v17, v23
v_dual_sub_f32 v40, v18, v25 :: v_dual_max_num_f32 v43, v19, v25
v_dual_fma_f32 v50, v9, v10, v11 :: v_dual_fma_f32 v52, v9, v10, v11
