//! Symbolic operands and modifiers of the scalar families: s_waitcnt counters,
//! s_waitcnt_depctr / s_wait_alu counters, s_delay_alu, hwreg, sendmsg, s_version constants,
//! the VGPR index mode of s_set_gpr_idx_on/s_set_gpr_idx_mode, and SMEM cache-policy modifiers.
//!
//! Bit layouts come from the spec's partitioned operand types where the loaded spec has
//! them, otherwise from small tables citing the AMD manual section they were read from
//! (see [`layout`]). Name tables hold llvm-mc's spellings; names in the spec are looked up
//! first.

mod counters;
mod gpr_idx;
mod hwreg;
mod layout;
mod lex;
pub mod print;
mod sendmsg;
#[cfg(test)]
mod tests;

use crate::target::TargetCtx;

/// The symbolic syntaxes an operand slot may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Waitcnt,
    Depctr,
    Delay,
    Hwreg,
    Sendmsg,
    Version,
    GprIdx,
}

/// The syntax of a slot: from its spec operand type, else (generic or missing type, e.g. a
/// target without a spec) from the mnemonic.
fn kind_of(operand_type: &str, mnemonic: &str) -> Option<Kind> {
    let by_type = match operand_type {
        "OPR_WAITCNT" => Some(Kind::Waitcnt),
        "OPR_WAITCNT_DEPCTR" | "OPR_WAIT_ALU" => Some(Kind::Depctr),
        "OPR_DELAY" => Some(Kind::Delay),
        "OPR_HWREG" => Some(Kind::Hwreg),
        "OPR_SENDMSG" | "OPR_SENDMSG_RTN" => Some(Kind::Sendmsg),
        "OPR_VERSION" => Some(Kind::Version),
        _ => None,
    };
    // S_SET_GPR_IDX_ON's mode is its second source, a generic 4-bit immediate.
    let gpr_idx = match mnemonic {
        "s_set_gpr_idx_on" => operand_type == "OPR_SIMM4",
        "s_set_gpr_idx_mode" => true,
        _ => false,
    };
    if gpr_idx {
        return Some(Kind::GprIdx);
    }
    by_type.or(match mnemonic {
        "s_waitcnt" => Some(Kind::Waitcnt),
        "s_waitcnt_depctr" | "s_wait_alu" => Some(Kind::Depctr),
        "s_delay_alu" => Some(Kind::Delay),
        "s_getreg_b32" | "s_setreg_b32" | "s_setreg_imm32_b32" => Some(Kind::Hwreg),
        "s_sendmsg" | "s_sendmsghalt" | "s_sendmsg_rtn_b32" | "s_sendmsg_rtn_b64" => {
            Some(Kind::Sendmsg)
        }
        "s_version" => Some(Kind::Version),
        _ => None,
    })
}

/// Value of a symbolic 16/32-bit operand given the spec operand type of its slot, the
/// lower-case mnemonic and the operand's source text. `None` when the text is not symbolic
/// syntax for that slot (the caller then parses it as a plain integer expression).
pub fn parse_symbolic(
    operand_type: &str,
    mnemonic: &str,
    text: &str,
    ctx: &TargetCtx,
) -> Option<Result<u32, String>> {
    let kind = kind_of(operand_type, mnemonic)?;
    let toks = lex::tokenize(text).ok()?;
    let symbolic = match kind {
        Kind::Waitcnt | Kind::Depctr | Kind::Delay => counters::looks_like_call(&toks),
        Kind::Hwreg => hwreg::looks_like_hwreg(&toks),
        Kind::Sendmsg => sendmsg::looks_like_sendmsg(&toks),
        Kind::Version => toks
            .iter()
            .any(|t| matches!(t, lex::Tok::Ident(n) if n.starts_with("UC_VERSION_"))),
        // A plain number is checked here too: the mode has four bits.
        Kind::GprIdx => true,
    };
    if !symbolic {
        return None;
    }
    Some(match kind {
        Kind::Waitcnt => counters::waitcnt(&toks, ctx),
        Kind::Depctr => counters::depctr(&toks, ctx),
        Kind::Delay => counters::delay_alu(&toks, ctx),
        Kind::Hwreg => hwreg::parse(&toks, ctx),
        Kind::Sendmsg => sendmsg::parse(&toks, ctx),
        Kind::Version => version(&toks),
        Kind::GprIdx => gpr_idx::parse(&toks),
    })
}

/// llvm-mc's s_version generation constants (llvm-mc syntax, checked with llvm-mc 22).
const VERSION_NAMES: &[(&str, i64)] = &[
    ("UC_VERSION_GFX7", 0),
    ("UC_VERSION_GFX10", 4),
    ("UC_VERSION_GFX11", 6),
    ("UC_VERSION_GFX12", 9),
];

/// llvm-mc's s_version flag bits, in the order it prints them.
const VERSION_FLAGS: &[(&str, i64)] = &[
    ("UC_VERSION_W64_BIT", 0x2000),
    ("UC_VERSION_W32_BIT", 0x4000),
    ("UC_VERSION_MDP_BIT", 0x8000),
];

/// s_version operand: an expression over llvm-mc's UC_VERSION_* constants. The constants are
/// llvm-mc syntax (checked with llvm-mc 22); the manuals only say SIMM16 carries the
/// microcode version (RDNA3 ISA §16.2 "SOPK Instructions", S_VERSION).
fn version(toks: &[lex::Tok]) -> Result<u32, String> {
    let names = |n: &str| {
        VERSION_NAMES
            .iter()
            .chain(VERSION_FLAGS)
            .find(|(k, _)| *k == n)
            .map(|&(_, v)| v)
    };
    let mut c = lex::Cursor::new(toks);
    let v = c.expr(&names)?;
    if !c.at_end() {
        return Err(format!(
            "unexpected text after s_version operand{}",
            c.found()
        ));
    }
    u16::try_from(v)
        .map(u32::from)
        .map_err(|_| format!("s_version value {v} does not fit 16 bits"))
}

/// The symbolic syntax of a slot (see [`parse_symbolic`]), for printers.
pub fn symbolic_kind(operand_type: &str, mnemonic: &str) -> Option<Kind> {
    kind_of(operand_type, mnemonic)
}

/// Bit ranges of one field of a partitioned operand, low part first: `(offset, width)`.
pub type BitRanges = Vec<(u32, u32)>;

/// A table of symbolic names and their values.
pub type NameTable = &'static [(&'static str, u32)];

/// Symbolic names of expression values.
pub type ValueTable = &'static [(&'static str, i64)];
