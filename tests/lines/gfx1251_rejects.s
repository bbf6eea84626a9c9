// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx1251:
// DPP on 64-bit operations other than row_share.
v_add_f64 v[10:11], v[12:13], v[14:15] quad_perm:[1,0,3,2]
v_mov_b64 v[6:7], v[8:9] dpp8:[1,0,3,2,5,4,7,6]
v_lshl_add_u64 v[2:3], v[4:5], v9, v[10:11] row_shr:1
