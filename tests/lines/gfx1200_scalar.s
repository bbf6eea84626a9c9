// Scalar lines written for mcdiff (not taken from LLVM's tests); checked live against llvm-mc.
s_mov_b32 s70, s3
s_mov_b32 s1, 31
s_mov_b32 s99, 0xdeadbeef
s_mov_b64 s[30:31], s[6:7]
s_not_b64 s[4:5], 2.0
s_add_co_u32 s3, s4, s5
s_add_co_i32 s9, s10, -3
s_sub_co_u32 s60, 0x12345678, s2
s_and_b32 s7, null, 12
s_or_b32 s15, s16, exec_hi
s_lshr_b64 s[2:3], s[4:5], 9
s_min_i32 s40, s41, -1
s_max_u32 s44, 8, s45
s_cmp_lt_u32 s3, 0x99999
s_cmp_eq_u64 s[2:3], 0
s_movk_i32 s4, 0x1234
s_cmp_lg_u32 s17, 0x20
s_nop 1
s_endpgm
s_load_b32 s8, s[2:3], 0x80
s_load_b64 s[4:5], s[10:11], s12 offset:0x10
s_buffer_load_b32 s3, s[4:7], 0x0
