// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on tahiti: clamp on
// integer and compare results, ADDR64 beside OFFEN, TFE on a load to LDS, an SMRD offset past
// eight bits (the literal form is the Sea Islands manual's), messages GFX6 does not name.
v_mul_i32_i24_e64 v1, v3, s5 clamp
v_cmp_class_f32_e64 s[0:1], v1, v2 clamp
buffer_load_dword v1, v[2:3], s[4:7], s1 offen addr64
buffer_load_ubyte off, s[8:11], s3 tfe lds
s_load_dword s1, s[2:3], 0x100
s_sendmsg sendmsg(MSG_HALT_WAVES)
