// Lines written for mcdiff (not from LLVM's tests): CDNA2 image data in AGPRs (the MIMG
// word's ACC bit) beside VGPR data.
image_load a[6:7], v9, s[16:23] dmask:0x3
image_store a3, v[10:11], s[24:31] dmask:0x1 unorm
image_atomic_add a8, v4, s[32:39] dmask:0x1 unorm glc
image_sample v[2:5], v[12:13], s[8:15], s[40:43] dmask:0xf
