// Lines written for mcdiff (not from LLVM's tests): GFX12.5 FLAT with a scalar base (GVS),
// scale_offset on GVS and on SCRATCH with a VGPR address, and nv.
flat_load_b32 v7, v3, s[4:5]
flat_load_b64 v[8:9], v4, s[6:7] offset:-128 scale_offset
flat_store_b32 v3, v9, s[10:11] offset:2048 scale_offset th:TH_STORE_NT
flat_atomic_add_u32 v1, v2, v3, s[8:9] offset:100 scale_offset th:TH_ATOMIC_RETURN
flat_atomic_add_u32 v2, v3, s[8:9] scale_offset
flat_load_b32 v7, v[4:5] offset:12 nv
global_load_b32 v7, v3, s[4:5] scale_offset scope:SCOPE_DEV
global_store_b64 v3, v[10:11], s[12:13] offset:-8 scale_offset nv
scratch_load_b32 v9, v8, off offset:40 scale_offset
scratch_load_b128 v[12:15], v8, s3 scale_offset th:TH_LOAD_HT
scratch_store_b32 v8, v20, s5 offset:-4 scale_offset nv
