// Lines written for mcdiff (not from LLVM's tests): GLOBAL and SCRATCH loads to LDS on Vega
// (the FLAT LDS bit, "For Global and Scratch only"): no destination VGPR.
global_load_dword v7, s[10:11] offset:-512 lds
global_load_ubyte v[12:13], off offset:100 lds
global_load_sshort v9, s[2:3] slc lds
scratch_load_dword v3, off offset:-40 lds
scratch_load_ushort off, s5 offset:16 glc lds
