// Lines written for mcdiff (not from LLVM's tests): gfx950's V_BITOP3 truth tables, kept in
// the NEG, ABS and OMOD fields (CDNA4 ISA, V_BITOP3 notes).
v_bitop3_b32 v7, v8, s9, v10 bitop3:0xe8
v_bitop3_b16 v2, v3, v4, v5 bitop3:7
v_bitop3_b32 v11, 1.0, v12, s13 bitop3:0x96
v_bitop3_b32 v1, v2, v3, v4
