// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx906: the
// unfused mix spelling, and -x / |x| on packed-math sources (they negate with neg_lo/neg_hi).
v_mad_mix_f32 v1, v2, v3, v4
v_mad_mixhi_f16 v1, v2, v3, v4 clamp
v_dot2_f32_f16 v0, -v2, v4, v6
v_dot2_i32_i16 v0, v2, |v4|, v6
v_pk_mul_f16 v1, abs(v2), v3
v_pk_add_u16 v1, v2, -v3
