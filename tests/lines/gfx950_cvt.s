// Lines written for mcdiff (not from LLVM's tests): gfx950 scaled conversions and gfx940+
// stochastic-rounding conversions whose op_sel lists carry the destination element.
v_cvt_scalef32_f32_fp8 v4, v6, v8 op_sel:[1,0,1]
v_cvt_scalef32_pk_fp4_f32 v2, v3, v5, v7 op_sel:[0,0,1,1]
v_cvt_sr_fp8_f32 v9, v10, v11 op_sel:[0,0,1,0]
v_cvt_scalef32_pk_f16_fp4 v12, v13, s14 op_sel:[1,1,0]
// Two sources: a third element is OPSEL[2], half of the destination byte, not OPSEL[3].
v_cvt_scalef32_pk_fp4_f16 v1, v2, v3 op_sel:[0,0,1]
v_cvt_scalef32_pk_fp4_bf16 v4, v5, v6 op_sel:[1,0,1,1]
v_cvt_sr_bf8_f32 v7, v8, v9 op_sel:[0,0,1]
