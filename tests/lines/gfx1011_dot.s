// Lines written for mcdiff (not from LLVM's tests): the dot products gfx1011 and gfx1012 have
// beyond RDNA1, in VOP3P, VOP2 and DPP forms.
v_dot2_f32_f16 v7, v12, v33, v9
v_dot2_i32_i16 v40, s3, v21, v8 clamp
v_dot2_u32_u16 v2, v6, v100, 17
v_dot4_i32_i8 v11, v4, v5, v6
v_dot4_u32_u8 v99, v13, s14, v15
v_dot8_i32_i4 v0, v250, v251, v252
v_dot8_u32_u4 v3, -1, v8, v1
v_dot2c_f32_f16 v10, v20, v30
v_dot2c_f32_f16 v17, s9, v2
v_dot4c_i32_i8 v44, 0x1234, v45
v_dot2c_f32_f16_dpp v9, v8, v7 quad_perm:[3,2,1,0] row_mask:0xa bank_mask:0x5
v_dot4c_i32_i8_dpp v1, v2, v3 row_shr:3 row_mask:0xf bank_mask:0xf bound_ctrl:1
