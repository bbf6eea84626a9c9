// Lines written for mcdiff (not from LLVM's tests): gfx950's scaled MFMAs (128-bit
// VOP3PX2), scales as VGPRs, byte selects in op_sel/op_sel_hi, formats in cbsz/blgp.
v_mfma_scale_f32_16x16x128_f8f6f4 v[8:11], v[16:23], v[24:31], v[8:11], v3, v4
v_mfma_scale_f32_16x16x128_f8f6f4 a[4:7], v[32:37], a[40:43], 0.5, v100, v7 op_sel:[0,1,0] op_sel_hi:[1,1,0] cbsz:2 blgp:4
v_mfma_scale_f32_32x32x64_f8f6f4 v[16:31], v[0:7], v[8:15], v[16:31], v1, v2 op_sel_hi:[1,0,0] blgp:1
v_mfma_scale_f32_32x32x64_f8f6f4 a[0:15], a[16:21], v[40:47], -1, v9, v254 op_sel:[1,1,0] cbsz:3
