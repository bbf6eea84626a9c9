// Lines written for mcdiff (not from LLVM's tests): gfx906's fused mixed-precision ops
// (LLVM's v_fma_mix* spelling of the manual's V_MAD_MIX*) and short op_sel_hi lists.
v_fma_mix_f32 v1, v2, v3, v4 op_sel:[0,1,0] op_sel_hi:[1,1,0]
v_fma_mixlo_f16 v5, -v6, |v7|, v8
v_fma_mixhi_f16 v9, v10, s11, v12 op_sel_hi:[0,0,1] clamp
v_dot2_f32_f16 v0, v2, v4, v6 op_sel_hi:[0,1]
v_pk_add_u16 v3, v5, v7 op_sel_hi:[0]
v_pk_fma_f16 v3, v5, v7, v9 op_sel_hi:[1,0]
