//! LLVM AMDGPU assembly syntax <-> [`Inst`] <-> bytes, driven by AMD's machine-readable ISA
//! spec, in LLVM MC's shape:
//!
//! | module | role |
//! |---|---|
//! | [`asm`] | text -> [`Inst`] (AsmParser): a builder per encoding family |
//! | [`encode`] | [`Inst`] -> bytes (MCCodeEmitter): a handler per [`Family`] |
//! | [`decode`] | bytes -> [`Inst`] (Disassembler); never prints |
//! | [`print`] | [`Inst`] -> text (InstPrinter); never decodes |
//! | [`bits`] | bit-field gather and scatter, for spec fields and symbolic operand fields |
//! | [`inst`] | the instruction model all directions share |
//! | [`family`] | encoding families, parsed once from spec encoding names |
//! | [`form`] | [`Form`]: an instruction in one spec form and variant, as indexes into the spec |
//! | [`target`] | [`TargetCtx`]: -mcpu, -mattr and LLVM release, worked out once |
//! | [`operands`] | operand kinds by MRISA operand type, shared by parse and encode |
//! | [`syntax`] | LLVM text rules no spec carries: statements, registers, constants, forms, modifiers |
//! | [`symbolic`] | symbolic operands (waitcnt, depctr, delay_alu, hwreg, sendmsg, version), parsed and printed |

pub mod asm;
pub mod bits;
pub mod decode;
pub mod encode;
pub mod family;
pub mod form;
pub mod inst;
mod memo;
pub mod operands;
pub mod print;
pub mod symbolic;
pub mod syntax;
pub mod target;

pub use asm::{AsmError, AsmOutcome, Assembler, Encoded};
pub use encode::Fixup;
pub use family::Family;
pub use form::{Form, FormId, Variant};
pub use inst::{Inst, InstOperand, OperandValue, RegFile, RegRange};
pub use target::TargetCtx;
