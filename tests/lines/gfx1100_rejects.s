// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx1100:
// interpolation sources are VGPRs, its modifiers come as clamp, op_sel, wait_exp, and the
// wait count has 3 bits.
v_interp_p10_f32 v1, s2, v3, v4
v_interp_p2_f32 v1, v2, 0.5, v4
v_interp_p10_f16_f32 v1, v2, v3, v4 wait_exp:2 clamp
v_interp_p2_f16_f32 v1, v2, v3, v4 op_sel:[1,0,0,0] clamp
v_interp_p10_f32 v1, v2, v3, v4 wait_exp:9
