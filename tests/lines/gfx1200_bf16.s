// Lines written for mcdiff (not from LLVM's tests): float constants on bfloat16 sources,
// rounded to bfloat16 (3.3 is 0x40533333 as f32, bfloat16 0x4053).
v_dot2_f32_bf16 v5, 3.3, v2, v3
v_dot2_f32_bf16 v6, v1, -250.0, v4
v_dot2_bf16_bf16 v7, v2, v3, 1.75
v_dot2_f32_bf16 v8, -4.0, v2, v3
