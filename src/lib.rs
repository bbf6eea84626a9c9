//! mcdiff: differential engine, llvm-mc driver, reports.
