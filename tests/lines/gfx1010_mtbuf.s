// Buffer and global lines written for mcdiff (not from LLVM's tests): GFX10's unified formats,
// by the RDNA1 manual's table, symbolic, split and numeric; GLOBAL/SCRATCH loads to LDS.
tbuffer_load_format_xyzw v[4:7], v2, s[8:11], s3 format:[BUF_FMT_16_16_16_16_SNORM] idxen
tbuffer_store_format_xy v[10:11], off, s[12:15], s1 format:[BUF_FMT_10_10_10_2_UINT] offset:52
tbuffer_load_format_x v9, v0, s[16:19], 0 format:[BUF_DATA_FORMAT_32, BUF_NUM_FORMAT_FLOAT] offen
tbuffer_store_format_xyz v[1:3], v5, s[4:7], s2 format:33 idxen offset:4
tbuffer_load_format_xy v[20:21], off, s[0:3], s9 format:[BUF_FMT_8_8_SSCALED] glc dlc
global_load_dword v7, s[10:11] offset:-64 lds
scratch_load_ubyte v3, off offset:8 lds
// The format before the offset operand, as LLVM also reads it.
tbuffer_load_format_xy v[6:7], v3, s[20:23], format:50, s11 idxen
