// Lines written for mcdiff (not from LLVM's tests), one or a few per encoding family of
// gfx950: ALU formats and modifiers, DPP/SDWA where the target has them, DS, MUBUF, FLAT/GLOBAL/
// SCRATCH, SMEM, SOP*, and the target's own additions (matrix ops, AGPR data, cache bits).
v_prng_b32 v1, v2
v_cvt_scalef32_pk_f32_fp8 v[2:3], v4, v5
v_cvt_scalef32_f16_fp8 v6, v7, v8 op_sel:[0,1,0]
v_permlane16_swap_b32 v1, v2
v_bitop3_b32 v1, v2, v3, v4 bitop3:0x1c
v_dot2_f32_bf16 v1, v2, v3, v4
v_mfma_f32_16x16x32_bf16 v[0:3], v[4:7], v[8:11], v[0:3]
v_mfma_i32_32x32x32_i8 a[0:15], v[0:3], v[4:7], a[0:15] blgp:1
v_smfmac_f32_32x32x32_bf16 v[0:15], v[16:19], v[20:27], v28
ds_read_b64_tr_b16 v[2:3], v4 offset:8
ds_read_b96_tr_b6 v[2:4], v6
buffer_load_dwordx3 off, s[4:7], s8 offset:12 lds
global_load_lds_dwordx4 v[2:3], off offset:16
v_add_u32 v7, v19, v201
v_cvt_pk_f16_f32 v1, v2, v3
