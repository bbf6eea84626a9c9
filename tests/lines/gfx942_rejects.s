// Matrix lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects: an
// accumulator partly overlapping a wide destination or in the other register file, source
// modifiers, literals, broadcast controls out of range, blgp on an f64 op.
v_mfma_f32_32x32x2_f32 a[0:15], v1, v2, a[4:19]
v_mfma_f32_16x16x4_4b_f16 v[0:15], v[2:3], v[4:5], a[0:15]
v_mfma_f32_4x4x1_16b_f32 v[0:3], -v4, v5, v[0:3]
v_mfma_f32_4x4x1_16b_f32 v[0:3], v4, v5, 0x4d2
v_mfma_f32_4x4x1_16b_f32 v[0:3], v4, v5, v[0:3] cbsz:9
v_mfma_f64_4x4x4_4b_f64 v[0:1], v[2:3], v[4:5], v[0:1] blgp:2
v_mfma_f32_4x4x1_16b_f32 v[0:3], s4, v5, v[0:3]
v_fmaak_f32 v1, s2, v3, -7.25
v_add_f32 v0, 1.0e39, v1
v_add_f16 v0, 1.0e-7, v1
v_mov_b32 v0, -3.0e-40
buffer_load_dwordx3 off, s[8:11], s3 lds
buffer_store_dword v1, off, s[8:11], s3 lds
// Sign extension of an FP8/BF8 byte, and a destination select on a 64-bit SDWA result.
v_cvt_f32_bf8 v4, sext(v6) src0_sel:BYTE_2
v_cvt_pk_f32_fp8_sdwa v[2:3], v3 dst_sel:WORD_1 src0_sel:WORD_1
global_load_dword v4, s[2:3] offset:64 lds
// Input modifiers on integer sources.
v_mad_u32_u24 v18, -v19, v20, v21
