//! mcdiff: checks AMD GPU instruction encodings three ways — our spec-driven
//! encoder, the live llvm-mc, and the CHECK lines recorded in LLVM's tests.
//!
//! Layers: `mcdiff-spec` (AMD spec files), `mcdiff-lit` (LLVM test files),
//! `mcdiff-asm` (syntax -> instruction model -> bytes), `mcdiff-sema`
//! (pseudocode); this crate drives llvm-mc ([`llvm_mc`]), runs the cases
//! ([`engine`]), classifies them ([`classify`]), executes the pseudocode of what
//! we encoded ([`semantics`]) and reports ([`report`]).

pub mod annotations;
pub mod bytes;
pub mod checkmatch;
pub mod classify;
pub mod coverage;
pub mod data;
pub mod disasm;
pub mod engine;
pub mod errata;
pub mod exec;
pub mod explain;
pub mod fuzz;
pub mod gate;
pub mod input;
pub mod jsonl;
pub mod junit;
pub mod known_issues;
pub mod llvm_mc;
pub mod markers;
pub mod merge;
pub mod nightly;
pub mod output;
pub mod replay;
pub mod report;
pub mod sarif;
pub mod selection;
pub mod semantics;
pub mod tally;
