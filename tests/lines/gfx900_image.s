// GFX9 image lines written for mcdiff (not from LLVM's tests): data sized by dmask, d16 and
// tfe, any address range, the resource and sampler, and the GFX9 flags.
image_load v[10:13], v[20:21], s[40:47] dmask:0xf unorm
image_load v7, v8, s[16:23] dmask:0x4 glc slc
image_load v[30:33], v[2:4], s[4:11] dmask:0x7 tfe da
image_load v[60:61], v9, s[24:31] dmask:0xb d16
image_store v[2:3], v[5:6], s[36:43] dmask:0x9 unorm a16
image_sample v[70:73], v[1:3], s[48:55], s[60:63] dmask:0xf
image_sample_c_lz v5, v[6:8], s[8:15], s[96:99] dmask:0x2 da
image_gather4_c v[40:43], v[11:14], s[0:7], s[12:15] dmask:0x8
image_atomic_smax v19, v[20:21], s[72:79] dmask:0x1 glc
image_atomic_cmpswap v[22:23], v24, s[32:39] dmask:0x3 unorm
image_get_resinfo v[1:2], v3, s[88:95] dmask:0x5
