// Typed buffer lines written for mcdiff (not from LLVM's tests): GFX9's split format, after
// the offset and, in the older dfmt/nfmt spelling, before it.
tbuffer_load_format_xy v[2:3], v7, s[12:15], s5 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SINT] idxen
tbuffer_store_format_x v9, off, s[16:19], dfmt:4, nfmt:7, s2 offset:20
tbuffer_load_format_xyzw v[10:13], v1, s[4:7], nfmt:1, 0 offen glc
