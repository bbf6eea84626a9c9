// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx908:
// inline accumulators (refused for gfx908's MFMA inline-constant fault, though the word can
// hold them), a partly overlapping accumulator,
// image data in AGPRs (CDNA1's MIMG word has no ACC bit).
v_mfma_i32_16x16x16i8 a[4:7], v1, v2, 3
v_mfma_f32_4x4x2bf16 a[0:3], v7, v8, 1.0
v_mfma_i32_32x32x8i8 a[0:15], v1, v2, a[3:18]
image_load a[6:7], v9, s[16:23] dmask:0x3
