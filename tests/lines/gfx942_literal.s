// Lines written for mcdiff (not from LLVM's tests): the multiply-add-constant ops, whose
// constant CDNA3's file lists as an operand of its own.
v_fmamk_f32 v4, v6, 25.5, v7
v_fmaak_f32 v1, v2, v3, -7.25
v_fmamk_f32 v9, 0.5, 0x11223344, v8
// A dword integer in a 64-bit float source is the value's high half; where that is an
// inline constant, the inline constant is encoded (LLVM's operand syntax, f64 conversion).
v_add_f64 v[4:5], 0x3fe00000, v[2:3]
v_mul_f64 v[4:5], v[6:7], 0xc0100000
v_fma_f64 v[0:1], v[2:3], 0x40000000, v[4:5]
