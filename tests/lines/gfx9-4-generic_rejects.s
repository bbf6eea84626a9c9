// Lines written for mcdiff (not from LLVM's tests) that gfx9-4-generic withholds: FP8/BF8
// conversions and XF32 matrix ops.
v_cvt_pk_fp8_f32 v3, v4, v5
v_cvt_f32_fp8 v7, v9 src0_sel:BYTE_2
v_cvt_sr_bf8_f32 v1, v2, v3
v_mfma_f32_16x16x8_xf32 a[0:3], v[2:3], v[4:5], a[0:3]
