// Lines written for mcdiff (not from LLVM's tests): Vega instructions whose operand lists
// are derived from the pseudocode (no spec file gives them).
v_mad_f32 v7, v3, s9, v12
v_mad_f32 v1, -v2, |v3|, 0.5 clamp
v_mad_legacy_f32 v20, v4, v6, v8 mul:2
v_mac_f32 v9, s3, v11
v_mac_f32_e64 v9, v3, v11 div:2
v_mul_legacy_f32 v2, 0x40400000, v8
v_mul_legacy_f32_e64 v2, s4, -v8
v_exp_legacy_f32 v4, v5
v_log_legacy_f32_e64 v4, |v5| clamp
v_mul_legacy_f32_sdwa v1, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_2 src1_sel:DWORD
v_exp_legacy_f32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0xa bank_mask:0x3
v_mac_f32_dpp v6, v7, v8 row_shr:3 row_mask:0xf bank_mask:0xf
// The multiply-add-constant ops (the older manuals' `K` is the literal), and the
// instructions without operands.
v_madak_f32 v9, v1, v14, 0x40490fdb
v_madmk_f32 v3, v8, lit(2.5), v6
v_madak_f32 v0, -1.0, v2, lit(0x100)
v_nop
v_clrexcp_e64
v_madak_f16 v3, v4, v5, -0.5
v_madmk_f16 v8, v1, 0x4d2, v9
