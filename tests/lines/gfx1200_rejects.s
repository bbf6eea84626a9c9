// Lines written for mcdiff (not from LLVM's tests) that llvm-mc 22 rejects on gfx1200: GFX12
// has no SDWA forms (the RDNA4 manual names none).
v_mov_b32_sdwa v3, v4 dst_sel:WORD_1 src0_sel:BYTE_0
v_add_f32_sdwa v1, v2, v3 dst_sel:DWORD src0_sel:DWORD src1_sel:WORD_1
v_floor_f32_sdwa v6, v7
