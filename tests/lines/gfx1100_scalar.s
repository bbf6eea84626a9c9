// Scalar lines written for mcdiff (not taken from LLVM's tests); checked live against llvm-mc.
s_mov_b32 s7, s93
s_mov_b32 s12, 57
s_mov_b32 s3, -9
s_mov_b32 s40, 0x1f2e3d4c
s_mov_b32 vcc_hi, exec_lo
s_mov_b64 s[10:11], s[44:45]
s_mov_b64 s[2:3], -4
s_not_b32 s9, m0
s_brev_b32 s61, 0.5
s_add_u32 s17, s18, 63
s_add_i32 s5, s88, -16
s_sub_u32 s100, 0xabcd, s1
s_and_b32 s14, s15, 0xff00ff00
s_or_b64 s[20:21], s[22:23], exec
s_xor_b64 vcc, s[4:5], -1
s_lshl_b32 s30, s31, 7
s_ashr_i32 s2, s3, s4
s_bfe_u32 s8, s9, 0x50004
s_mul_i32 s11, s12, 1000
s_cselect_b32 s6, s7, 4.0
s_cmp_eq_u32 s33, s34
s_cmp_lg_u64 s[8:9], s[10:11]
s_cmp_gt_i32 s1, -7
s_bitcmp1_b32 s66, 12
s_movk_i32 s45, 0x7fff
s_cmpk_eq_u32 s9, 0x4321
s_addk_i32 s17, 0xfff0
s_mulk_i32 s3, 99
s_nop 5
s_endpgm
s_barrier
s_sleep 3
s_setprio 2
s_load_b32 s9, s[6:7], 0x40
s_load_b64 s[12:13], s[2:3], s5
s_load_b128 s[16:19], s[0:1], 0x100 glc
s_buffer_load_b32 s21, s[8:11], m0
s_load_b256 s[24:31], s[4:5], -0x10
s_mov_b64_e32 s[2:3], -7
s_add_u32_e32 s4, s5, 0x1234
