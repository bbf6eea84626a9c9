// VALU lines written for mcdiff (not from LLVM's tests): RDNA1's multiply-add-constant ops,
// whose operands the pseudocode gives (its `K` is the literal), and the operandless ops.
v_madak_f32 v21, v3, v200, 0x3f000000
v_madmk_f32 v4, s9, 0xc2c80000, v17
v_madmk_f32 v4, v9, lit(7), v17
v_nop_e64
v_pipeflush
v_clrexcp
