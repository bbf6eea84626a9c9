// Interpolation lines written for mcdiff (not from LLVM's tests): VINTRP words, their VOP3
// forms with source and output modifiers, and the 16-bit data forms with `high`.
v_interp_p1_f32 v12, v9, attr3.z
v_interp_p2_f32 v40, v17, attr29.y
v_interp_p2_f32_e32 v255, v0, attr32.w
v_interp_mov_f32 v3, p20, attr7.x
v_interp_mov_f32_e32 v91, p0, attr12.w
v_interp_p1_f32_e64 v6, v201, attr18.w
v_interp_p1_f32_e64 v6, |v201|, attr18.w div:2
v_interp_p2_f32_e64 v33, -v8, attr2.y clamp
v_interp_mov_f32_e64 v70, p20, attr31.z mul:4
v_interp_p1ll_f16 v19, v4, attr9.y
v_interp_p1ll_f16 v19, -v4, attr9.y high clamp
v_interp_p1lv_f16 v250, v13, attr6.z, v77 high
v_interp_p1lv_f16 v250, v13, attr6.z, -|v77|
v_interp_p2_f16 v1, v2, attr21.w, v100
v_interp_p2_f16 v1, v2, attr21.w, v100 high clamp
