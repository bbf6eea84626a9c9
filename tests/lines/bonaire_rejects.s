// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on bonaire: clamp and
// OMOD on results that are not floating point (Sea Islands ISA §6.2.2: integer clamping came
// with GCN3), ADDR64 beside OFFEN or IDXEN (Table 8.2), TFE on a load to LDS (§8.1.8), an SMRD
// literal beside an SGPR offset, messages GFX7 does not name.
v_mad_u32_u24 v1, v2, v3, v4 clamp
v_cmp_lt_f32_e64 s[0:1], v1, v2 clamp
v_cmp_eq_f32_e64 vcc, v0, v1 mul:2
v_cvt_i32_f32_e64 v1, v2 clamp
buffer_load_dword v1, v[2:3], s[4:7], s1 addr64 offen
buffer_store_dword v1, v[2:3], s[4:7], s1 idxen addr64
buffer_load_dword off, s[8:11], s3 lds tfe
s_load_dword s1, s[2:3], s0 offset:0x1FFFFF
s_sendmsg sendmsg(MSG_SAVEWAVE)
s_sendmsg sendmsg(MSG_GS_ALLOC_REQ)
