// Lines written for mcdiff (not from LLVM's tests), one or a few per encoding family:
// VOP1/VOP2/VOPC/VOP3/VOP3P, DPP16/DPP8, 64-bit ops and literals, VOPD, DS, FLAT/GLOBAL/
// SCRATCH with th:, SMEM, SOP*, s_wait_*.
v_add_nc_u32 v7, v19, v201
v_sub_f32_e64 v3, s17, -v99 clamp
v_fmac_f32 v12, -4.0, v30
v_cvt_f16_f32_e64 v44, -|v23|
v_rndne_f32 v8, 0x41200000
v_cmp_gt_i32_e32 vcc_lo, 17, v40
v_cmpx_le_u32 v4, v5
v_cndmask_b32_e64 v9, v2, 1.0, s12
v_mad_u32_u24 v31, v16, 77, v18
v_add3_u32 v15, s23, v26, 0x1234
v_pk_fma_f16 v10, v11, v12, v13 op_sel:[1,0,1] op_sel_hi:[0,1,0]
v_pk_add_u16 v5, s9, v7
v_mov_b32_dpp v41, v42 quad_perm:[2,3,0,1] row_mask:0xa bank_mask:0x5
v_add_f32_dpp v3, v4, v5 row_shr:3 bound_ctrl:1
v_mul_f32 v6, v7, v8 dpp8:[7,6,5,4,3,2,1,0]
v_fma_f32_e64_dpp v1, v2, v3, v4 row_share:2
v_add_f64 v[2:3], v[4:5], v[6:7]
v_mul_u64 v[8:9], v[10:11], 0x12345678
v_dual_add_f32 v1, v2, v3 :: v_dual_mul_f32 v4, v5, v6
ds_store_b32 v30, v31 offset:1024
ds_load_2addr_b64 v[20:23], v24 offset0:4 offset1:9
ds_add_rtn_u32 v50, v51, v52 offset:65535
flat_load_b128 v[8:11], v[12:13] offset:2047
global_store_b16 v[4:5], v6, off offset:-2048
global_atomic_add_u32 v1, v2, v3, s[30:31] offset:100 th:TH_ATOMIC_RETURN
scratch_load_u8 v77, v78, off offset:-5
s_load_b128 s[8:11], s[2:3], 0x40
s_add_co_u32 s5, s6, 0xabcdef
s_cselect_b64 s[10:11], s[2:3], -1
s_wait_loadcnt 0x3
s_getreg_b32 s4, hwreg(HW_REG_MODE, 2, 5)
