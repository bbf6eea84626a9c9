// Lines written for mcdiff (not from LLVM's tests): GFX12.5 matrix ops, whose operand lists
// come from the matrix shapes of their pseudocode, with the reuse hints, index_key and the
// negations.
v_wmma_f32_16x16x32_bf16 v[40:47], v[8:15], v[16:23], v[40:47]
v_wmma_f32_16x16x32_f16 v[24:31], v[0:7], v[32:39], 2.0 matrix_a_reuse
v_wmma_f16_16x16x32_f16 v[4:7], v[8:15], v[16:23], v[4:7] matrix_b_reuse neg_lo:[0,0,1]
v_wmma_bf16_16x16x32_bf16 v[60:63], v[20:27], v[28:35], v[60:63] matrix_a_reuse matrix_b_reuse
v_wmma_i32_16x16x64_iu8 v[32:39], v[0:7], v[8:15], v[32:39] neg_lo:[1,0,0] clamp
v_wmma_f32_16x16x64_fp8_bf8 v[16:23], v[24:31], v[32:39], v[16:23]
v_wmma_f16_16x16x128_bf8_bf8 v[8:11], v[12:27], v[28:43], 1.0
v_swmmac_f32_16x16x64_f16 v[40:47], v[0:7], v[8:23], v30 index_key:1
v_swmmac_i32_16x16x128_iu8 v[40:47], v[0:7], v[8:23], v[24:25] matrix_a_reuse
v_swmmac_bf16_16x16x64_bf16 v[40:43], v[0:7], v[8:23], v50 index_key:1 matrix_b_reuse
