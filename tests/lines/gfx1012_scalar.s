// Scalar memory lines written for mcdiff (not from LLVM's tests): the scalar stores, atomics,
// scratch and cache instructions the RDNA1 manual omits, at Vega's SMEM opcodes.
s_store_dwordx2 s[6:7], s[10:11], 0x1f0 glc
s_buffer_store_dword s17, s[20:23], s5 offset:0x40
s_scratch_store_dwordx4 s[12:15], s[0:1], 0x80 glc dlc
s_scratch_load_dwordx2 s[30:31], s[8:9], s2
s_atomic_umin_x2 s[40:41], s[4:5], 0x18 glc
s_buffer_atomic_or s9, s[12:15], s33
s_atomic_cmpswap s[2:3], s[14:15], -0x100
s_dcache_discard_x2 s[6:7], 0x44
s_dcache_wb
s_atc_probe 5, s[20:21], 0x3c
s_atc_probe_buffer 2, s[24:27], s7
