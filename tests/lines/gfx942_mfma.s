// Matrix lines written for mcdiff (not from LLVM's tests): MFMA and SMFMAC with VGPR and
// AGPR operands, broadcast controls, inline accumulators and the f64 negations.
v_mfma_f32_32x32x1_2b_f32 a[32:63], v7, v9, a[32:63] cbsz:2 abid:3 blgp:6
v_mfma_f32_16x16x4_4b_f16 v[12:27], v[2:3], a[6:7], v[12:27]
v_mfma_f32_4x4x4_16b_f16 a[8:11], a[2:3], v[40:41], 0
v_mfma_i32_32x32x16_i8 v[64:79], v[2:3], v[4:5], v[64:79] blgp:1
v_mfma_f32_16x16x8_xf32 a[4:7], v[10:11], v[12:13], -2.0
v_mfma_f64_16x16x4_f64 v[20:27], v[4:5], v[6:7], v[20:27] neg:[0,1,0]
v_mfma_f64_4x4x4_4b_f64 a[2:3], a[4:5], v[8:9], a[2:3]
v_mfma_f32_32x32x8_bf16 a[0:15], v[100:101], v[104:105], a[16:31] abid:1
v_mfma_f32_16x16x32_fp8_bf8 v[200:203], v[30:31], v[32:33], v[200:203] cbsz:1
v_smfmac_f32_16x16x32_f16 a[12:15], v[20:21], a[24:27], v5 cbsz:1 abid:1
v_smfmac_i32_32x32x32_i8 v[48:63], v[2:3], v[4:7], v90
v_mfma_f32_4x4x1f32 v[4:7], v1, v2, v[4:7] blgp:2
