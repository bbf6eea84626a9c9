// Lines written for mcdiff (not from LLVM's tests): GFX12 matrix ops in wave64, where each
// lane holds half the A, B and accumulator registers it holds in wave32.
v_wmma_f32_16x16x16_f16 v[20:23], v[2:3], v[6:7], v[20:23]
v_wmma_f32_16x16x16_bf16 v[40:43], v[10:11], v[12:13], v[40:43] neg_lo:[1,0,0]
v_wmma_f16_16x16x16_f16 v[30:31], v[4:5], v[8:9], v[30:31] neg_hi:[0,1,0]
v_wmma_bf16_16x16x16_bf16 v[50:51], v[14:15], v[16:17], 1.0
v_wmma_i32_16x16x16_iu8 v[60:63], v24, v25, v[60:63] neg_lo:[1,1,0] clamp
v_wmma_i32_16x16x16_iu4 v[70:73], v26, v27, v[70:73]
v_wmma_f32_16x16x16_fp8_bf8 v[80:83], v28, v29, v[80:83]
v_wmma_i32_16x16x32_iu4 v[90:93], v30, v31, v[90:93] neg_lo:[0,1,0]
v_swmmac_f32_16x16x32_f16 v[100:103], v[32:33], v[34:37], v38 index_key:3
v_swmmac_i32_16x16x32_iu8 v[110:113], v40, v[42:43], v44 index_key:2
v_swmmac_f16_16x16x32_f16 v[120:121], v[46:47], v[48:51], v52
