// SDWA lines written for mcdiff (not from LLVM's tests): selects, unused-bit policy,
// scalar and constant sources, sign extension, clamp and output modifiers, carries.
v_mov_b32_sdwa v7, v19 dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:WORD_0
v_mov_b32_sdwa v200, s17 dst_sel:WORD_1
v_mov_b32_sdwa v3, -2.0 src0_sel:BYTE_3
v_not_b32_sdwa v9, sext(v250) src0_sel:BYTE_2
v_cvt_f32_u32_sdwa v12, v13 clamp mul:4 dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_1
v_fract_f32_sdwa v1, -|v2| div:2
v_sub_f32_sdwa v4, |v5|, -v6 clamp dst_sel:BYTE_2 src0_sel:BYTE_0 src1_sel:WORD_1
v_mul_u32_u24_sdwa v10, v11, s40 dst_unused:UNUSED_PAD src1_sel:BYTE_3
v_and_b32_sdwa v20, ttmp3, v21 src0_sel:WORD_1 src1_sel:WORD_0
v_max_i16_sdwa v30, sext(v31), sext(v32) dst_sel:WORD_1 src0_sel:BYTE_0 src1_sel:BYTE_1
v_add_co_u32_sdwa v40, vcc, v41, v42 dst_sel:BYTE_0 src1_sel:WORD_1
v_subb_co_u32_sdwa v43, vcc, v44, v45, vcc src0_sel:BYTE_2
v_cndmask_b32_sdwa v46, v47, v48, vcc dst_sel:WORD_0 src0_sel:BYTE_1 src1_sel:BYTE_3
v_cmp_lt_u32_sdwa vcc, v50, v51 src0_sel:BYTE_1 src1_sel:WORD_1
v_cmp_gt_f32_sdwa s[20:21], -v52, |v53| src1_sel:BYTE_0
v_cmp_ne_i16_sdwa ttmp[4:5], s9, v54 src0_sel:WORD_1 src1_sel:BYTE_2
v_cmpx_class_f32_sdwa vcc, v55, v56 src0_sel:WORD_0
v_add_f16 v60, v61, v62 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_0
v_exp_f16 v63, v64 dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_1
