// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx1251:
// DPP on 64-bit operations other than row_share.
v_add_f64 v[10:11], v[12:13], v[14:15] quad_perm:[1,0,3,2]
v_mov_b64 v[6:7], v[8:9] dpp8:[1,0,3,2,5,4,7,6]
v_lshl_add_u64 v[2:3], v[4:5], v9, v[10:11] row_shr:1
// DPP on the opcodes the CDNA5 manual's DPMACC table refuses it, row_share or not.
v_trig_preop_f64 v[10:11], v[12:13], v14 row_share:3
v_cmp_gt_f64 vcc_lo, v[20:21], v[22:23] row_share:5
v_cmp_ne_u64_e64 s[10:11], v[4:5], v[6:7] row_share:0
v_qsad_pk_u16_u8 v[30:31], v[32:33], v34, v[36:37] row_share:4
v_cvt_pk_f32_bf8_e64 v[40:41], v42 row_share:7
// 64-bit operations the variants file does not open to DPP, and DPP8 on those it does.
v_rsq_f64 v[14:15], v[12:13] row_share:6
v_mul_u64 v[20:21], v[22:23], v[24:25] row_share:2
v_mad_u32 v3, v5, v7, v9 dpp8:[0,1,2,3,4,5,6,7]
v_mul_hi_i32 v8, v9, v10 row_mirror
