// Lines written for mcdiff (not from LLVM's tests): GFX12.5's flat scratch base as a source,
// either half standing for the whole base in a 64-bit operand (CDNA5 ISA §4.1).
s_mov_b64 s[0:1], src_flat_scratch_base_lo
s_mov_b32 s0, src_flat_scratch_base_lo
v_mov_b32 v0, src_flat_scratch_base_hi
s_add_u64 s[0:1], src_flat_scratch_base_lo, s[2:3]
