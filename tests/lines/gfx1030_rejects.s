// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx1030:
// op_sel on dot products of packed 8- and 4-bit data.
v_dot4_i32_i8 v0, v4, v5, v6 op_sel:[1,0]
v_dot8_u32_u4 v7, v8, v9, v10 op_sel_hi:[0,1]
v_dot4_u32_u8 v1, v2, v3, v4 op_sel:[0,1] op_sel_hi:[1,1]
