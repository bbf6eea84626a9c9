// Lines written for mcdiff (not from LLVM's tests): gfx950's lane swaps, whose VOP3 form
// keeps fi and bound_ctrl in OPSEL (bound_ctrl:0 sets it, as before GFX11 in DPP).
v_permlane16_swap_b32 v11, v12
v_permlane32_swap_b32 v13, v14 bound_ctrl:0
v_permlane16_swap_b32_e64 v15, v16 fi:1
v_permlane32_swap_b32_e64 v17, v18 bound_ctrl:1 fi:1
