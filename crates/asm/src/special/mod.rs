//! Symbolic operands and modifiers of the scalar families: s_waitcnt counters,
//! s_waitcnt_depctr / s_wait_alu counters, s_delay_alu, hwreg, sendmsg, s_version constants,
//! and SMEM cache-policy modifiers.
//!
//! Bit layouts come from the spec's partitioned operand types where the loaded spec has
//! them, otherwise from small tables citing the AMD manual section they were read from
//! (see [`layout`]). Name tables hold llvm-mc's spellings; names in the spec are looked up
//! first.

mod counters;
mod hwreg;
mod layout;
mod lex;
pub mod memory;
mod modifiers;
mod sendmsg;
#[cfg(test)]
mod tests;
pub mod vop;

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

/// Cache-policy / SMEM modifiers after the operands, as values for the named ENC_SMEM
/// fields (`("GLC", 1)`, `("DLC", 1)`, `("TH", ..)`, `("SCOPE", ..)`, `("NV", 1)`). `None`
/// when `text` is not a modifier this mnemonic takes on this target.
pub fn parse_modifier(
    mnemonic: &str,
    text: &str,
    ctx: &TargetCtx,
) -> Option<Result<Vec<(String, u32)>, String>> {
    modifiers::smem(mnemonic, text, ctx)
}

/// Checks all trailing modifiers of one statement together (what one token cannot show):
/// a cache-policy field given twice, or `th:TH_LOAD_BYPASS` without `scope:SCOPE_SYS`, is an
/// error in llvm-mc. Words that are not modifiers of `mnemonic` are ignored.
pub fn check_modifiers(mnemonic: &str, texts: &[&str], ctx: &TargetCtx) -> Result<(), String> {
    modifiers::check_smem_set(mnemonic, texts, ctx)
}

/// The symbolic syntax of a slot (see [`parse_symbolic`]), for printers.
pub fn symbolic_kind(operand_type: &str, mnemonic: &str) -> Option<Kind> {
    kind_of(operand_type, mnemonic)
}

/// Bit ranges of one field of a partitioned operand, low part first: `(offset, width)`.
pub type BitRanges = Vec<(u32, u32)>;

/// Gathers a field's value out of `word` (low bits from the first range).
pub fn extract_field(word: u32, ranges: &[(u32, u32)]) -> u64 {
    let mut value = 0u64;
    let mut shift = 0;
    for &(offset, width) in ranges {
        value |= ((word as u64 >> offset) & ((1u64 << width) - 1)) << shift;
        shift += width;
    }
    value
}

/// Scatters `value` into a field's ranges (the inverse of [`extract_field`]).
pub fn place_field(value: u64, ranges: &[(u32, u32)]) -> u32 {
    layout::place(value, ranges)
}

/// The largest value a field holds.
pub fn field_max(ranges: &[(u32, u32)]) -> u64 {
    layout::max_value(ranges)
}

/// The S_WAITCNT counters in llvm-mc's order: `[("vmcnt", ..), ("expcnt", ..), ("lgkmcnt", ..)]`.
pub fn waitcnt_counters(ctx: &TargetCtx) -> Result<[(&'static str, BitRanges); 3], String> {
    let lay = layout::waitcnt(ctx)?;
    Ok([
        ("vmcnt", lay.vm),
        ("expcnt", lay.exp),
        ("lgkmcnt", lay.lgkm),
    ])
}

/// The s_waitcnt_depctr / s_wait_alu fields this generation has, in llvm-mc's order:
/// `(name, offset, width)`.
pub fn depctr_fields(ctx: &TargetCtx) -> Vec<(&'static str, u32, u32)> {
    counters::depctr_fields(ctx)
}

/// A table of symbolic names and their values.
pub type NameTable = &'static [(&'static str, u32)];

/// s_delay_alu value names: (INSTID names, INSTSKIP names), indexed by value.
pub fn delay_names() -> (NameTable, NameTable) {
    counters::delay_names()
}

/// Register id, offset and size-1 ranges of a hwreg operand.
pub fn hwreg_layout(ctx: &TargetCtx) -> (BitRanges, BitRanges, BitRanges) {
    let lay = layout::hwreg(ctx);
    (lay.id, lay.offset, lay.size)
}

/// The name llvm-mc prints for hardware register `id` on this target, if it has one.
pub fn hwreg_name(id: u32, ctx: &TargetCtx) -> Option<&'static str> {
    hwreg::name_of(id, ctx)
}

/// Message id, operation and stream ranges of a sendmsg operand.
pub fn sendmsg_layout(ctx: &TargetCtx) -> (BitRanges, BitRanges, BitRanges) {
    let lay = layout::sendmsg(ctx);
    (lay.msg, lay.op, lay.stream)
}

/// The name llvm-mc prints for message `id` on this target, if it has one.
pub fn message_name(id: u32, ctx: &TargetCtx) -> Option<&'static str> {
    sendmsg::message_name(id, ctx)
}

/// Operation names of a message id before GFX11: `Some(names)` when the message takes an
/// operation (GS, GS_DONE: GS_OP_*; SYSMSG: SYSMSG_OP_*), with whether it takes a stream.
pub fn message_ops(msg: u32, ctx: &TargetCtx) -> Option<(&'static [(&'static str, u32)], bool)> {
    sendmsg::message_ops(msg, ctx)
}

/// The name llvm-mc prints for a GFX12 SMEM TH value given the SCOPE value.
pub fn smem_th_name(value: u32, scope: u32) -> Option<&'static str> {
    modifiers::th_name(value, scope)
}

/// The name llvm-mc prints for a GFX12 SMEM SCOPE value.
pub fn smem_scope_name(value: u32) -> Option<&'static str> {
    modifiers::scope_name(value)
}

/// Symbolic names of expression values.
pub type ValueTable = &'static [(&'static str, i64)];

/// s_version constants for printing: (generation names, flag bits in print order).
pub fn version_names() -> (ValueTable, ValueTable) {
    (VERSION_NAMES, VERSION_FLAGS)
}
