// Lines written for mcdiff (not from LLVM's tests), one or a few per encoding family of
// gfx90a: ALU formats and modifiers, DPP/SDWA where the target has them, DS, MUBUF, FLAT/GLOBAL/
// SCRATCH, SMEM, SOP*, and the target's own additions (matrix ops, AGPR data, cache bits).
v_fma_f64 v[2:3], v[4:5], v[6:7], v[8:9]
v_mov_b32_dpp v1, v2 row_newbcast:3
v_pk_fma_f32 v[10:11], v[12:13], v[14:15], v[16:17] op_sel_hi:[0,1,1]
v_pk_mov_b32 v[20:21], v[22:23], v[24:25] op_sel:[1,0]
v_accvgpr_write_b32 a5, v6
v_accvgpr_read_b32 v7, a8
v_mfma_f32_32x32x8f16 a[0:15], v[2:3], v[4:5], a[16:31] cbsz:1 abid:1 blgp:2
v_mfma_f64_16x16x4f64 v[0:7], v[8:9], v[10:11], v[0:7]
ds_write_b64 v30, a[2:3] offset:64
ds_read_b32 a40, v41 offset:8
buffer_load_dwordx2 a[10:11], v12, s[20:23], s5 offen offset:30
buffer_atomic_add_f64 v[2:3], v4, s[8:11], s3 idxen glc
global_load_dwordx4 a[8:11], v[12:13], off offset:-64
global_atomic_min_f64 v[4:5], v[6:7], v[8:9], off glc
flat_store_dword v[2:3], a9 offset:12
scratch_store_dwordx2 off, v[2:3], s4 offset:80
image_load v[4:7], v5, s[12:19] dmask:0xf unorm
s_add_u32 s5, s6, 0xabcdef
