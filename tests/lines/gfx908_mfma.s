// Lines written for mcdiff (not from LLVM's tests): CDNA1 matrix ops whose operand lists
// come from the manual's register counts.
v_mfma_i32_32x32x8i8 a[16:31], v4, v9, a[16:31]
v_mfma_f32_32x32x2bf16 a[0:31], v5, v6, a[0:31] cbsz:1 abid:1 blgp:2
v_mfma_f32_16x16x8bf16 a[8:11], v3, v4, a[8:11]
v_pk_fmac_f16_e64 v7, v3, v9
v_pk_fmac_f16 v8, -1, v4
