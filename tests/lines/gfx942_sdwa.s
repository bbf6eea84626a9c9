// SDWA lines written for mcdiff (not from LLVM's tests): the FP8/BF8 pair conversions, whose
// 64-bit results take no destination selects.
v_cvt_pk_f32_bf8 v[4:5], v6 src0_sel:WORD_1
v_cvt_pk_f32_fp8 v[10:11], s9 clamp src0_sel:WORD_0
v_cvt_f32_fp8 v3, v8 src0_sel:BYTE_2
