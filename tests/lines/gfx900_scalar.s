// Scalar lines written for mcdiff (not from LLVM's tests): the VGPR index mode, numeric and
// symbolic.
s_set_gpr_idx_on s7, gpr_idx(SRC1,SRC2)
s_set_gpr_idx_on 12, gpr_idx(DST,SRC0)
s_set_gpr_idx_mode gpr_idx(SRC2)
s_set_gpr_idx_on s3, 5
s_set_gpr_idx_mode 0
