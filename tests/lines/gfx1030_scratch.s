// Lines written for mcdiff (not from LLVM's tests): GFX10.3 scratch addressed by the
// instruction offset alone (`off` for both addresses), beside the VGPR and SGPR forms.
scratch_load_dword v7, off, off offset:-36
scratch_load_dwordx2 v[10:11], off, off offset:512 glc
scratch_load_ushort v200, off, off dlc
scratch_load_short_d16_hi v3, off, off offset:-2048 slc
scratch_store_dwordx3 off, v[20:22], off offset:100
scratch_store_byte off, v255, off offset:2047 glc slc dlc
scratch_load_sbyte off, off offset:-8 lds
scratch_load_dword v7, v9, off offset:-36
scratch_load_dword v7, off, s9 offset:-36
scratch_store_short off, v4, ttmp3
