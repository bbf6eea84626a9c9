// Lines written for mcdiff (not from LLVM's tests): gfx1251 takes row_share DPP on 64-bit
// operations, which the CDNA5 manual (gfx1250) keeps from DPP.
v_add_f64 v[10:11], v[12:13], v[14:15] row_share:2
v_mov_b64 v[6:7], v[8:9] row_share:5 row_mask:0x3
v_lshl_add_u64 v[2:3], v[4:5], v9, v[10:11] row_share:7
v_floor_f64_e64_dpp v[20:21], v[22:23] row_share:0 fi:1
// The double-precision ALU operations AMD's variants file opens to DPP16 on gfx1251, 32-bit
// integer multiplies among them (the manual's DPMACC rule).
v_mul_hi_u32 v14, v12, v16 row_share:9
v_mad_co_u64_u32 v[2:3], s4, v6, v7, v[8:9] row_share:2
v_cvt_f64_i32 v[12:13], v14 row_share:11
v_max_num_f64 v[6:7], v[8:9], v[10:11] row_share:4
