// Export lines written for mcdiff (not from LLVM's tests): compressed (16-bit) sources, one
// VGPR per pair, and the target as an operand of its own.
exp mrt3 v12, v12, v40, v40 compr
exp mrtz off, off, v9, v9 done compr vm
exp pos0, v5, v6, v7, v8 done
exp param7 v2, v2, off, off compr
