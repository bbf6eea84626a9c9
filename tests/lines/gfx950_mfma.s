// Matrix lines written for mcdiff (not from LLVM's tests): CDNA4 MFMA, the F8F6F4 forms
// whose source sizes follow CBSZ and BLGP, and SMFMAC.
v_mfma_f32_16x16x32_f16 v[4:7], v[8:11], v[12:15], v[4:7] cbsz:1 abid:1
v_mfma_f32_32x32x16_bf16 a[16:31], a[0:3], v[40:43], a[16:31]
v_mfma_i32_16x16x64_i8 v[0:3], v[10:13], v[20:23], 1
v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3]
v_mfma_f32_16x16x128_f8f6f4 a[0:3], v[4:9], v[12:15], a[0:3] cbsz:2 blgp:4
v_mfma_f32_32x32x64_f8f6f4 v[32:47], v[4:7], v[12:17], v[32:47] cbsz:4 blgp:3
v_smfmac_f32_16x16x64_f16 v[8:11], v[12:15], v[16:23], v30 cbsz:2 abid:1
v_smfmac_f32_32x32x64_bf8_fp8 a[0:15], v[2:5], v[4:11], v9
