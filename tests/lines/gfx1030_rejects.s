// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx1030:
// op_sel on dot products of packed 8- and 4-bit data.
v_dot4_i32_i8 v0, v4, v5, v6 op_sel:[1,0]
v_dot8_u32_u4 v7, v8, v9, v10 op_sel_hi:[0,1]
v_dot4_u32_u8 v1, v2, v3, v4 op_sel:[0,1] op_sel_hi:[1,1]
// Ray-tracing and MSAA lines written for mcdiff that llvm-mc 22 rejects: an address list
// that does not fit a16, range elements in a GFX10 NSA list, a load with a non-MSAA dim.
image_bvh_intersect_ray v[8:11], [v100, v101, v102, v103, v104, v105, v106, v107], s[20:23]
image_bvh_intersect_ray v[8:11], [v100, v101, v[102:104], v[105:107], v[108:110]], s[20:23]
image_sample_d v[10:13], [v1, v[3:4], v5, v7, v9], s[16:23], s[28:31] dmask:0xf dim:SQ_RSRC_IMG_2D
image_msaa_load v[4:6], v[7:9], s[16:23] dmask:0xd dim:SQ_RSRC_IMG_3D
// Scalar stores and atomics, which gfx1010-gfx1013 have (LLVM's GFX10 page) and gfx1030 has not.
s_store_dword s4, s[6:7], 0x20
s_atomic_add s5, s[8:9], s3 glc
