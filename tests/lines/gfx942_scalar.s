// Scalar lines written for mcdiff (not taken from LLVM's tests); checked live against llvm-mc.
s_mov_b32 s10, s20
s_mov_b32 s5, 44
s_mov_b32 s6, 0x87654321
s_mov_b64 s[8:9], vcc
s_not_b32 s17, -2
s_add_u32 s3, s4, s5
s_addc_u32 s9, s9, 0
s_sub_i32 s70, s71, 64
s_and_b64 s[10:11], exec, s[12:13]
s_lshl_b64 s[20:21], s[22:23], 3
s_cmp_eq_u32 s2, 17
s_cmp_ge_i32 s8, s9
s_movk_i32 s12, 0x4000
s_nop 2
s_endpgm
s_load_dword s4, s[2:3], 0x10
s_load_dwordx2 s[6:7], s[8:9], s3
