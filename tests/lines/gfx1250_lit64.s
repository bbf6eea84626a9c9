// Lines written for mcdiff (not from LLVM's tests): 64-bit sources on gfx1250, which has a
// 64-bit literal (code 254, two dwords) in the 32-bit formats; a dword literal where one
// holds the value, and in VOP3 always.
s_mov_b64 s[10:11], 0x12345
s_mov_b64 s[10:11], 0x80000001
s_mov_b64 s[10:11], -1000
s_mov_b64 s[10:11], 0x200000000
s_mov_b64 s[4:5], lit(0x321)
s_mov_b64 s[4:5], lit64(0x321)
s_mov_b64 vcc, 0x123456789
s_and_b64 s[0:1], 0x123456789abc, 0x123456789abc
s_cselect_b64 s[6:7], 0x98765432, s[2:3]
s_lshl_b64 s[0:1], 0x876543210, s5
s_mov_b32 s3, lit64(0x4567)
v_ceil_f64 v[2:3], 0.3
v_ceil_f64 v[2:3], 2.5
v_floor_f64 v[4:5], 0x3ff0000012345678
v_floor_f64 v[4:5], 0x4008000000000000
v_add_f64 v[6:7], 0.7, v[8:9]
v_add_nc_u64 v[0:1], 0x876543210, v[2:3]
v_add_nc_u64_e64 v[0:1], 0x80000000, v[2:3]
v_cmp_lt_u64 vcc_lo, 0x876543210, v[2:3]
v_cmp_class_f64 vcc_lo, 0.3, v7
v_mov_b64 v[10:11], 0xfedcba9876543210
v_cvt_f32_f64 v1, 0.3
v_cvt_i32_f64 v1, 1.5
