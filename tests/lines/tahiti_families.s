// GFX6 lines written for mcdiff (not from LLVM's tests): SMRD, GFX6 register codes (no
// FLAT_SCRATCH, s102-s103 plain SGPRs), the carry-out adds, the signalling compares and the
// memory, image and export families (no FLAT on GFX6).
s_load_dwordx2 s[4:5], s[6:7], 0x9
s_buffer_load_dwordx4 s[16:19], s[20:23], s1
s_mov_b64 s[102:103], ttmp[10:11]
s_waitcnt expcnt(2) lgkmcnt(3)
v_add_i32_e32 v1, vcc, v2, v3
v_subb_u32_e64 v4, s[6:7], v5, v6, s[8:9]
v_cmps_gt_f32_e64 s[10:11], |v7|, 0.5
v_cmp_t_i32_e32 vcc, 1, v8
v_min_legacy_f32_e32 v9, v10, v11
v_rsq_clamp_f32_e64 v12, -v13
v_mad_legacy_f32 v14, v15, v16, v17 clamp
ds_read_b64 v[18:19], v20 offset:32
buffer_store_dword v21, v22, s[24:27], s28 idxen offset:4
tbuffer_store_format_x v23, off, s[28:31], s5 format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_UINT] offset:2
image_load v[24:25], v[26:27], s[32:39] dmask:0x3 unorm
exp pos0 v1, v2, v3, v4 done
v_interp_mov_f32 v28, p20, attr2.y
// 64-bit buffer addresses (ADDR64), the literal-constant ops, a blank between operands, SP3
// register pairs, the hardware registers and messages GFX6 names, 1/(2*pi) as a literal.
buffer_store_dword v3, v[4:5], s[8:11], s2 addr64 offset:8
buffer_atomic_smax v6, v[8:9], s[12:15], s3 addr64 offset:4 glc
v_madak_f32 v10, v11, v12, 0x40800000
v_madmk_f32 v13, v14, 0xbf800000, v15
ds_add_rtn_u32 v16 v17, v18 offset:4
s_mov_b64 [exec_lo,exec_hi], s[4:5]
s_setreg_b32 hwreg(HW_REG_TRAPSTS, 0, 8), s6
s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)
v_fract_f64_e32 v[20:21], 0.15915494309189532
v_trunc_f32_e64 v22, v23 clamp mul:2
