// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx1010: DPP
// on a compare (the RDNA1 manual allows DPP only with VOP1 and VOP2) and on an instruction
// its limitations list (64-bit rounding and conversions).
v_cmp_lt_f32_dpp vcc_lo, v3, v4 quad_perm:[2,3,0,1] row_mask:0x5 bank_mask:0xa
v_cmpx_gt_u32_dpp v6, v7 dpp8:[1,0,3,2,5,4,7,6]
v_floor_f64_dpp v[2:3], v[6:7] row_shr:2 row_mask:0xf bank_mask:0xf
v_cvt_f32_f64_dpp v1, v[4:5] quad_perm:[0,0,0,0] row_mask:0xf bank_mask:0xf
// The dot products of gfx1011/gfx1012, which gfx1010 does not have.
v_dot2_f32_f16 v7, v12, v33, v9
v_dot2c_f32_f16 v10, v20, v30
v_dot4c_i32_i8_dpp v1, v2, v3 row_shr:3 row_mask:0xf bank_mask:0xf
// A scratch address that is neither a VGPR nor an SGPR.
scratch_load_dword v3, off, off offset:16
scratch_store_short off, v9, off
// Interpolation: `high` on 32-bit data, attributes above 32, an unknown parameter, `high`
// before the last source.
v_interp_p1_f32_e64 v5, v11, attr3.x high
v_interp_p2_f32 v1, v2, attr40.y
v_interp_mov_f32 v8, p30, attr0.x
v_interp_p1ll_f16 v5, v2, attr1.x high, v3
// A VGPR lane select, where the manual says the second and third sources are scalar.
v_permlanex16_b32 v8, v3, s5, v9
v_permlane16_b32 v0, v7, v1, s2
// A symbolic buffer format before the offset operand (LLVM reads only a number there).
tbuffer_store_format_x v15, off, s[8:11], format:[BUF_FMT_32_UINT], 0 offset:12
// op_sel bits a permlane reserves (the RDNA1 manual: OP_SEL[0] is FI, OP_SEL[1] BOUND_CTRL).
v_permlanex16_b32 v9, v3, s4, s5 op_sel:[0,1,1,0]
// GFX10.3's offset-only scratch address (both `off`), which gfx1010 lacks.
scratch_load_dword v7, off, off offset:-36
scratch_store_dwordx3 off, v[20:22], off offset:100
// Modifiers out of LLVM's fixed order, or written twice.
v_sub_f32_sdwa v4, v5, v6 dst_unused:UNUSED_SEXT dst_sel:WORD_0
v_max_f32_sdwa v7, v8, v9 src1_sel:BYTE_2 src0_sel:WORD_1
v_min_f32_dpp v10, v11, v12 bank_mask:0x3 row_shr:4
v_fract_f32_e64 v13, v14 div:2 clamp
v_add_f32_dpp v15, v16, v17 row_ror:3 row_mask:0x5 row_mask:0x5
// Input modifiers on integer sources (VOP3 "using floating-point inputs" may apply them).
v_lshl_add_u32 v18, -v19, v20, v21
v_cmp_gt_i32_e64 s4, |v22|, v23
