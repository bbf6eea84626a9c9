// GFX8 lines written for mcdiff (not from LLVM's tests): one or more per family the GCN3
// manual's file serves, with GFX8's own register codes, carry-out adds, unpacked D16 data,
// SDWA and DPP words and compares under LLVM's NE/T names.
s_add_u32 s7, s3, ttmp9
s_mov_b64 s[12:13], tba
s_cmp_lg_u64 s[6:7], s[20:21]
s_movk_i32 s33, 0x1234
s_waitcnt vmcnt(3) expcnt(1) lgkmcnt(5)
s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)
s_load_dwordx2 s[8:9], s[4:5], 0x40
s_buffer_load_dword s17, s[12:15], s2 glc
v_mov_b32_e32 v9, ttmp11
v_add_u32_e32 v3, vcc, v4, v5
v_addc_u32_e64 v6, s[10:11], v7, v9, s[14:15]
v_subrev_u32_e32 v20, vcc, 17, v21
v_mul_legacy_f32_e32 v8, -4.0, v2
v_mac_f32_e32 v30, v31, v32
v_mad_f32 v40, -v41, |v42|, v43 clamp mul:2
v_add_f16_e64 v12, v13, 0.5
v_cmp_ne_i32_e32 vcc, 3, v14
v_cmpx_t_u64_e64 s[18:19], v[20:21], v[22:23]
v_cmp_lg_f32_e64 s[2:3], -v1, v2
v_cmp_eq_u16_sdwa vcc, v3, v4 src0_sel:WORD_1 src1_sel:BYTE_0
v_add_u32_sdwa v50, vcc, v51, v52 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_2 src1_sel:DWORD
v_mov_b32_sdwa v60, v61 dst_sel:BYTE_3 dst_unused:UNUSED_SEXT src0_sel:WORD_0
v_add_f32_dpp v70, v71, v72 row_shr:3 row_mask:0xa bank_mask:0x5 bound_ctrl:0
v_mov_b32_dpp v73, v74 wave_ror:1 row_mask:0xf bank_mask:0xf
ds_add_u32 v5, v6 offset:1024
ds_read2_b64 v[10:13], v14 offset0:3 offset1:9 gds
buffer_load_dwordx2 v[4:5], v6, s[8:11], s12 offen offset:200 glc
buffer_load_format_d16_xyzw v[20:23], off, s[16:19], s3 offset:16
tbuffer_store_format_xy v[2:3], v9, s[4:7], s1 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SINT] idxen offset:12
flat_load_dwordx4 v[30:33], v[34:35] slc
flat_atomic_cmpswap v1, v[2:3], v[4:5] glc
image_sample v[5:8], v[1:2], s[8:15], s[16:19] dmask:0xf
image_load v[10:11], v[12:15], s[20:27] dmask:0x3 unorm d16
exp mrt1 v3, v4, v5, v6 done vm
v_interp_p1_f32 v7, v8, attr3.z
