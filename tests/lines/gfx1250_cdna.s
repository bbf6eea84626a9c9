// Lines written for mcdiff (not from LLVM's tests): GFX12.5 ALU instructions RDNA4 lacks,
// whose operand lists come from CDNA4's file, with GFX12.5's operand types.
v_pk_add_f32 v[10:11], v[20:21], v[30:31]
v_pk_mul_f32 v[12:13], v[2:3], v[6:7] op_sel_hi:[0,1]
v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7] neg_lo:[1,0,0]
v_lshl_add_u64 v[4:5], v[6:7], 3, v[8:9]
v_lshl_add_u64 v[4:5], s[6:7], v1, 0x1234
v_ashr_pk_i8_i32 v9, v1, v2, v3
v_ashr_pk_u8_i32 v9, s1, v2, 7
v_permlane16_swap_b32 v5, v6
v_permlane16_swap_b32_e32 v17, v18
v_permlane16_swap_b32_e64 v7, v8 bound_ctrl:1 fi:1
v_permlane16_swap_b32 v9, v10 fi:1
v_pk_fma_f32 v[10:11], s[4:5], v[2:3], v[6:7] op_sel_hi:[0,1,1]
v_pk_mul_f32 v[10:11], v[2:3], s[6:7] op_sel_hi:[1,0]
