// Lines written for mcdiff (not from LLVM's tests), one or a few per encoding family of
// gfx906: ALU formats and modifiers, DPP/SDWA where the target has them, DS, MUBUF, FLAT/GLOBAL/
// SCRATCH, SMEM, SOP*, and the target's own additions (matrix ops, AGPR data, cache bits).
v_fma_mix_f32 v1, v2, v3, v4 op_sel:[0,1,0]
v_dot2_f32_f16 v5, v6, v7, v8
v_dot4_u32_u8 v9, v10, v11, v12 clamp
v_fmac_f32 v13, v14, v15
v_xnor_b32 v16, v17, v18
v_add_u32 v7, v19, v201
v_mov_b32_dpp v41, v42 quad_perm:[2,3,0,1] row_mask:0xa bank_mask:0x5
global_load_dword v1, v[2:3], off offset:8
ds_write_b32 v30, v31 offset:1024
buffer_store_dword v1, off, s[4:7], s8 offset:4
s_add_u32 s5, s6, 0xabcdef
