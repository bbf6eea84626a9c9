// Lines written for mcdiff (not from LLVM's tests): GFX10.3 image addresses in NSA lists of
// up to 13 VGPRs (two and three extra dwords), ray tracing and MSAA loads.
image_sample_d v[10:13], [v1, v3, v5, v7, v9, v11], s[16:23], s[28:31] dmask:0xf dim:SQ_RSRC_IMG_2D
image_sample_c_d_o v[2:4], [v20, v21, v30, v31, v40, v41, v50, v51], s[8:15], s[0:3] dmask:0x7 dim:SQ_RSRC_IMG_2D
image_sample_d_cl v[0:1], [v9, v8, v7, v6, v5, v4, v3], s[40:47], s[4:7] dmask:0x3 dim:SQ_RSRC_IMG_2D
image_bvh_intersect_ray v[8:11], [v100, v101, v102, v103, v104, v105, v106, v107, v108, v109, v110], s[20:23]
image_bvh64_intersect_ray v[0:3], [v5, v9, v13, v17, v21, v25, v29, v33, v37, v41, v45, v49], s[4:7]
image_bvh_intersect_ray v[12:15], [v1, v2, v3, v4, v5, v6, v7, v8], s[20:23] a16
image_bvh64_intersect_ray v[12:15], v[20:31], s[4:7]
image_msaa_load v[4:6], v[7:10], s[16:23] dmask:0xd dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v3, [v2, v9, v30, v1], s[8:15] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY
image_msaa_load v5, v[1:3], s[16:23] dmask:0xc dim:SQ_RSRC_IMG_2D_MSAA d16
image_sample_c_d_cl_o v[0:3], [v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D
