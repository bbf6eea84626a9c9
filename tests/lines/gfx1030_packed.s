// Lines written for mcdiff (not from LLVM's tests): packed 16-bit operands on GFX10.3,
// whose literals take 32-bit values and whose 32-bit forms read one half.
v_pk_add_u16 v1, -100, v2
v_pk_sub_i16 v3, 0x12345, v4
v_pk_mad_i16 v5, 0.1234, v2, v3
v_pk_add_f16 v1, 65535, v2
v_pk_mul_f16 v6, -17, v7
v_pk_add_f16 v8, 0xc400, v9
v_pk_fmac_f16 v5, 0.5, v2
v_pk_fma_f16 v1, v2, v3, v4 op_sel_hi:[0,1]
v_dot4_i32_i8 v0, v4, v5, v6
