// Lines written for mcdiff (not from LLVM's tests): GFX11 parameter interpolation (VINTERP),
// with negated sources, clamp, op_sel on the 16-bit forms and the export wait count.
v_interp_p10_f32 v10, v11, v12, v13
v_interp_p2_f32 v20, -v21, v22, v23 wait_exp:2
v_interp_p10_f16_f32 v30, v31, -v32, v33 clamp wait_exp:6
v_interp_p2_f16_f32 v40, v41, v42, -v43 op_sel:[0,1,0,1]
v_interp_p10_rtz_f16_f32 v50, v51, v52, v53 clamp op_sel:[1,0,1,0] wait_exp:1
v_interp_p2_rtz_f16_f32 v60, -v61, -v62, -v63 wait_exp:7
v_interp_p10_f32_e64 v70, v71, v72, v73 wait_exp:4
v_interp_p2_new_f32 v80, v81, v82, v83
