// Lines written for mcdiff (not from LLVM's tests): 32-bit forms whose text leaves out the
// VCC their encoding implies (carry in and out, the select, the compare result).
v_add_co_ci_u32_e32 v7, v8, v9
v_sub_co_ci_u32_e32 v10, 4, v11
v_cndmask_b32_e32 v12, s3, v13
v_cndmask_b32_dpp v14, v15, v16 row_shr:2
v_cmp_lt_f32_e32 v17, v18
v_cmpx_eq_u32_e32 s7, v19
v_cmp_gt_i32_e32 -1, v20
