// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx1200: GFX12
// has no SDWA forms (the RDNA4 manual names none).
v_mov_b32_sdwa v3, v4 dst_sel:WORD_1 src0_sel:BYTE_0
v_add_f32_sdwa v1, v2, v3 dst_sel:DWORD src0_sel:DWORD src1_sel:WORD_1
v_floor_f32_sdwa v6, v7
// DPP on the opcodes the RDNA4 manual's "Which instructions support DPP" table refuses it.
v_add_f64 v[10:11], v[12:13], v[14:15] row_shr:2
v_cmpx_ne_u64 v[20:21], v[22:23] row_mirror
v_mqsad_pk_u16_u8 v[30:31], v[32:33], v34, v[36:37] quad_perm:[2,3,0,1]
v_mul_lo_u32 v5, v6, v7 row_shl:1
v_permlanex16_b32 v8, v9, s10, s11 row_share:2
v_swap_b32 v50, v51 row_xmask:3
v_dot4_u32_u8 v1, v2, v3, v4 row_mirror
// True16 register halves without llvm-mc's real-true16 mode (off by default on gfx1200).
v_sub_f16 v11.l, v12.l, v13.h
v_cvt_f32_f16 v20, v21.h
v_cmp_lt_u16_e64 s5, v30.l, v31.l
v_cmpx_ge_f16 v50.l, v51.h quad_perm:[2,2,1,1]
// Dual-issue halves reading one VGPR in a slot: the RDNA4 manual both allows and forbids it;
// llvm-mc 22 refuses it, as we do.
v_dual_mul_f32 v40, v17, v22 :: v_dual_add_f32 v45, v17, v23
