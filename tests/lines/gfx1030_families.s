// Lines written for mcdiff (not from LLVM's tests), one or a few per encoding family:
// GFX10.3's dot products and permlanes, SDWA-B, DPP16 row_share/row_xmask, VINTRP, DS,
// MUBUF/MTBUF, GLOBAL/SCRATCH, MIMG with ray tracing, SOP*, EXP.
v_fmac_legacy_f32 v5, v6, v7
v_dot2c_f32_f16 v8, v9, v10
v_dot4_i32_i8 v11, v12, v13, v14
v_add_co_u32 v15, s16, v17, v18
v_sub_co_ci_u32_e32 v19, vcc_lo, 5, v20, vcc_lo
v_cmp_lg_f32_sdwa s21, v22, v23 src0_sel:WORD_1 src1_sel:BYTE_2
v_mov_b32_sdwa v24, v25 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0
v_add_f16_dpp v26, v27, v28 row_share:3 row_mask:0x3
v_max_f32_dpp v29, v30, v31 row_xmask:5 bound_ctrl:0 fi:1
v_fma_f32 v32, v33, 0x42280000, v34
v_permlane16_b32 v35, v36, s37, s38 op_sel:[1,0]
v_interp_p1_f32_e32 v39, v40, attr3.y
ds_bpermute_b32 v41, v42, v43 offset:16
buffer_load_format_xyz v[44:46], v47, s[48:51], s52 idxen offset:12
tbuffer_load_format_xy v[53:54], off, s[56:59], s60 format:[BUF_FMT_32_32_FLOAT] offset:8
global_load_dword_addtid v61, s[62:63] offset:-16 glc
scratch_store_dword off, v64, s65 offset:200
image_sample_lz v[66:69], v[70:71], s[72:79], s[80:83] dmask:0xf dim:SQ_RSRC_IMG_2D
image_bvh_intersect_ray v[1:4], v[5:15], s[16:19]
s_setprio 2
s_and_saveexec_b32 s84, s85
s_cmp_lg_u64 s[86:87], 0
exp mrt0 v1, v2, v3, v4 done vm
