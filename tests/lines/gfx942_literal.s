// Lines written for mcdiff (not from LLVM's tests): the multiply-add-constant ops, whose
// constant CDNA3's file lists as an operand of its own.
v_fmamk_f32 v4, v6, 25.5, v7
v_fmaak_f32 v1, v2, v3, -7.25
v_fmamk_f32 v9, 0.5, 0x11223344, v8
