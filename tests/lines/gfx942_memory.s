// CDNA3 memory lines written for mcdiff (not from LLVM's tests): the sc0, sc1 and nt
// cache-policy bits, atomics returning by sc0, and loads to LDS (no destination VGPR).
global_load_dwordx2 v[6:7], v[8:9], off sc0 sc1
global_store_dword v[10:11], v12, off offset:-16 nt
buffer_store_dword v3, v4, s[12:15], s5 offen offset:12 sc1 nt
buffer_load_ubyte v9, off, s[20:23], 0 sc0
scratch_store_dword off, v2, s7 offset:8 sc0 nt
flat_atomic_add v5, v[6:7], v8 sc0
flat_atomic_smax v[6:7], v8 sc1
global_atomic_cmpswap v[14:15], v[16:17], off nt
buffer_atomic_or v1, off, s[4:7], s2 sc0 sc1
global_load_lds_ushort v[20:21], off offset:32 sc0
scratch_load_lds_dword v9, off nt
buffer_load_ubyte off, s[8:11], s3 offset:4095 lds
buffer_load_dword v2, s[8:11], s101 offen lds
