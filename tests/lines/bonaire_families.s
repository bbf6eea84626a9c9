// GFX7 lines written for mcdiff (not from LLVM's tests): SMRD with an immediate and an SGPR
// offset, GFX7 register codes (FLAT_SCRATCH at 104, TTMP from 112), the carry-out adds under
// their GFX7 names, the signalling compares, and the memory, image and export families.
s_load_dwordx4 s[8:11], s[2:3], 0x21
s_buffer_load_dword s9, s[12:15], s20
s_memtime s[30:31]
s_mov_b64 s[40:41], flat_scratch
s_add_u32 s3, ttmp2, s101
s_waitcnt vmcnt(1) lgkmcnt(7)
v_add_i32_e32 v4, vcc, 9, v5
v_subrev_i32_e64 v6, s[8:9], v7, v8
v_addc_u32_e32 v10, vcc, v11, v12, vcc
v_cmps_lt_f32_e32 vcc, -2.0, v13
v_cmpsx_eq_f64_e64 s[14:15], v[16:17], v[18:19]
v_cmp_ne_u32_e32 vcc, s5, v20
v_max_legacy_f32_e64 v21, -v22, |v23|
v_rcp_clamp_f64_e32 v[24:25], v[26:27]
v_mad_legacy_f32 v28, v29, v30, v31 mul:2
v_trunc_f64_e32 v[32:33], v[34:35]
v_ashr_i32_e64 v36, src_lds_direct, v37
ds_write_b32 v1, v2 offset:4
buffer_load_dword v3, v4, s[8:11], s12 offen offset:16
buffer_atomic_fmax v6, off, s[12:15], s3 offset:8 glc
tbuffer_load_format_xy v[7:8], off, s[16:19], s4 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]
flat_load_dword v9, v[10:11] glc
image_sample v[12:15], v[16:17], s[20:27], s[28:31] dmask:0xf
exp mrt0 v1, v2, v3, v4 vm
v_interp_p2_f32 v5, v6, attr1.w
// 64-bit buffer addresses (ADDR64: a VGPR pair, Sea Islands ISA Table 8.2), SMRD offsets past
// eight bits (a literal, Table 7.1), the literal-constant ops, a blank between operands, SP3
// register pairs, GFX7 hardware registers and messages, SNORM_OGL, 1/(2*pi) as a literal.
buffer_load_dword v5, v[6:7], s[8:11], s12 addr64 offset:16 glc
buffer_atomic_add v9, v[10:11], s[12:15], 0 addr64 glc slc
tbuffer_load_format_xy v[2:3], v[4:5], s[16:19], s1 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SNORM_OGL] addr64
s_load_dword s4, s[6:7], 0x12345
s_buffer_load_dwordx2 s[8:9], s[12:15], 0x100
v_madak_f32 v1, v2, v3, 0x41200000
v_madmk_f32 v4, v5, 0x3f000000, v6
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0x5
v_cmp_gt_f32 s[4:5] v1, v2
s_mov_b64 [vcc_lo,vcc_hi], s[10:11]
s_getreg_b32 s3, hwreg(HW_REG_HW_ID)
s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)
v_mul_f32_e32 v7, 0.15915494, v8
v_cvt_f16_f32_e64 v9, v10 clamp
