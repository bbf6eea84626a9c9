// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx950: the
// scaled conversions take no clamp or output modifier; the scaled MFMAs' scale sources are
// VGPRs or inline constants (CDNA4 ISA §7.2.1), no scalar registers.
v_cvt_scalef32_f32_fp8 v7, v8, v9 clamp
v_cvt_scalef32_pk_f32_bf8 v[10:11], v12, v13 mul:2
v_cvt_scalef32_pk_fp8_f32 v5, v6, v7, v8 clamp
v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, v25 abid:1
v_mfma_scale_f32_32x32x64_f8f6f4 v[16:31], v[0:7], v[8:15], v[16:31], s3, v40
v_mfma_scale_f32_16x16x128_f8f6f4 a[4:7], v[8:15], v[16:23], a[4:7], v41, vcc_lo
v_mfma_scale_f32_16x16x128_f8f6f4 v[4:7], v[8:15], v[16:23], v[4:7], ttmp2, v1
