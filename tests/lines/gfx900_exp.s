// Export lines written for mcdiff (not from LLVM's tests): GFX9 compressed exports, a VGPR
// per pair of 16-bit sources, and a target written as its own operand.
exp mrt1 v20, v20, off, off done compr
exp mrt7, off, off, v31, v31 compr vm
exp param12 v0, v1, v2, v3
