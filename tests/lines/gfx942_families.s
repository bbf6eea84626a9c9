// Lines written for mcdiff (not from LLVM's tests), one or a few per encoding family of
// gfx942: ALU formats and modifiers, DPP/SDWA where the target has them, DS, MUBUF, FLAT/GLOBAL/
// SCRATCH, SMEM, SOP*, and the target's own additions (matrix ops, AGPR data, cache bits).
v_add_u32 v7, v19, v201
v_fma_f64 v[2:3], v[4:5], v[6:7], v[8:9]
v_lshl_add_u64 v[10:11], v[12:13], 3, v[14:15]
v_cvt_pk_fp8_f32 v1, v2, v3
v_cvt_f32_bf8_sdwa v4, v5 src0_sel:BYTE_2
v_mov_b32_dpp v1, v2 row_newbcast:3
v_pk_add_f32 v[10:11], v[12:13], v[14:15]
v_mfma_f32_16x16x32_fp8_fp8 v[0:3], v[4:5], v[6:7], v[0:3]
v_smfmac_f32_16x16x32_f16 a[0:3], v[4:5], v[8:11], v12 cbsz:1 abid:0
ds_write_b64 v30, a[2:3] offset:64
buffer_load_dword v13, v14, s[20:23], s5 offen offset:300 sc0 sc1 nt
buffer_atomic_add_f32 v1, v4, s[8:11], s3 idxen sc0
global_load_dwordx2 v[8:9], v[12:13], off offset:-64 nt
global_atomic_pk_add_bf16 v1, v[2:3], v4, off sc0
flat_store_dword v[2:3], a9 offset:12 sc1
scratch_load_lds_dword v2, off offset:16
s_load_dwordx2 s[4:5], s[2:3], 0x10 glc
s_add_u32 s5, s6, 0xabcdef
