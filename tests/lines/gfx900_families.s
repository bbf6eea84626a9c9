// Lines written for mcdiff (not from LLVM's tests), one or a few per encoding family of
// gfx900: ALU formats and modifiers, DPP/SDWA where the target has them, DS, MUBUF, FLAT/GLOBAL/
// SCRATCH, SMEM, SOP*, and the target's own additions (matrix ops, AGPR data, cache bits).
v_add_u32 v7, v19, v201
v_sub_f32_e32 v3, s17, v99
v_mac_f32 v12, -4.0, v30
v_cvt_f16_f32_e64 v44, -|v23| clamp
v_rndne_f32 v8, 0x41200000
v_cmp_gt_i32_e32 vcc, 17, v40
v_cmp_ngt_f16_e64 s[6:7], v11, v12
v_cmpx_le_u32_e32 vcc, v4, v5
v_cndmask_b32_e64 v9, v2, 1.0, s[12:13]
v_mad_u32_u24 v31, v16, 7, v18
v_add3_u32 v15, s23, v26, 64
v_pk_fma_f16 v10, v11, v12, v13 op_sel:[1,0,1] op_sel_hi:[0,1,0]
v_mov_b32_dpp v41, v42 quad_perm:[2,3,0,1] row_mask:0xa bank_mask:0x5
v_add_f32_dpp v3, v4, v5 row_shr:3 bound_ctrl:0
v_mul_f32_dpp v6, v7, v8 wave_ror:1
v_lshlrev_b32_dpp v9, v10, v11 row_bcast:15
v_mul_f16_sdwa v1, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:WORD_1
ds_write_b32 v30, v31 offset:1024
ds_read2_b64 v[20:23], v24 offset0:4 offset1:9
ds_add_rtn_u32 v50, v51, v52 offset:65535 gds
buffer_load_dword v13, v14, s[20:23], s5 offen offset:300 glc
buffer_store_dwordx2 v[24:25], off, s[24:27], 0 offset:4095 slc
buffer_atomic_cmpswap v[2:3], v4, s[8:11], s3 idxen glc
flat_load_dwordx4 v[8:11], v[12:13] offset:2047 glc
global_store_short v[4:5], v6, off offset:-2048
global_atomic_add v1, v[2:3], v4, off offset:100 glc
scratch_load_ubyte v77, v78, off offset:-5
image_load v[1:4], v5, s[12:19] dmask:0xf unorm
s_add_u32 s5, s6, 0xabcdef
s_cselect_b64 s[10:11], s[2:3], -1
s_getreg_b32 s4, hwreg(HW_REG_MODE, 2, 5)
s_load_dwordx4 s[8:11], s[2:3], 0x40 glc
ds_add_src2_u32 v23 offset:1000
ds_max_src2_f64 v200 gds
ds_and_src2_b64 v7 offset:12
