//! Counter lists: `s_waitcnt vmcnt(0) & lgkmcnt(1)`, `s_waitcnt_depctr depctr_va_vdst(0)`
//! (also gfx12 `s_wait_alu`), and `s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT)`.

use super::layout::{self, Ranges};
use super::lex::{no_names, Cursor, Tok};
use super::NameTable;
use crate::bits;
use crate::target::TargetCtx;

/// True when the operand starts like `name(`, the shape of every counter list.
pub(crate) fn looks_like_call(toks: &[Tok]) -> bool {
    matches!(
        (toks.first(), toks.get(1)),
        (Some(Tok::Ident(_)), Some(Tok::Punct("(")))
    )
}

/// Parses `name(expr)` items separated by whitespace, `&` or `,` (llvm-mc accepts all three
/// between s_waitcnt and s_waitcnt_depctr items, but not a trailing or doubled separator).
fn each_counter(
    toks: &[Tok],
    mut item: impl FnMut(&str, i64) -> Result<(), String>,
) -> Result<(), String> {
    let mut c = Cursor::new(toks);
    loop {
        let name = c.ident()?;
        c.expect("(")?;
        let value = c.expr(&no_names)?;
        c.expect(")")?;
        item(name, value)?;
        if c.at_end() {
            return Ok(());
        }
        if !c.eat("&") {
            c.eat(",");
        }
    }
}

pub(crate) fn waitcnt(toks: &[Tok], ctx: &TargetCtx) -> Result<u32, String> {
    let lay = layout::waitcnt(ctx)?;
    // Counters not named wait for nothing: every bit of their field set.
    let mut word = bits::mask(&lay.vm) | bits::mask(&lay.exp) | bits::mask(&lay.lgkm);
    each_counter(toks, |name, value| {
        let (counter, saturate) = match name.strip_suffix("_sat") {
            Some(base) => (base, true),
            None => (name, false),
        };
        let ranges: &Ranges = match counter {
            "vmcnt" => &lay.vm,
            "expcnt" => &lay.exp,
            "lgkmcnt" => &lay.lgkm,
            _ => return Err(format!("invalid counter name '{name}'")),
        };
        if value < 0 {
            return Err(format!("{name}: negative count {value}"));
        }
        let max = bits::max_value(ranges);
        let count = match (value as u64).cmp(&max) {
            std::cmp::Ordering::Greater if saturate => max,
            std::cmp::Ordering::Greater => {
                return Err(format!("{name}: {value} does not fit (max {max})"))
            }
            _ => value as u64,
        };
        word = bits::replace(word, count, ranges);
        Ok(())
    })?;
    Ok(word)
}

/// S_WAITCNT_DEPCTR fields as RDNA2 ISA §12.5 "SOPP Instructions", S_WAITCNT_DEPCTR lists them
/// (va_vdst [15:12], va_sdst [11:9], va_ssrc [8], hold_cnt [7], vm_vsrc [4:2], va_vcc [1],
/// sa_sdst [0]; an all-ones field means "don't wait"). Later generations keep the layout
/// (gfx12 spells the instruction s_wait_alu). The RDNA1 manual does not describe the
/// instruction; llvm-mc gives gfx10.1 every field but hold_cnt, whose bit it leaves 0.
/// Columns: name, offset, width, first (major, minor) that has the field.
const DEPCTR_FIELDS: &[(&str, u32, u32, (u32, u32))] = &[
    ("depctr_hold_cnt", 7, 1, (10, 3)),
    ("depctr_sa_sdst", 0, 1, (10, 0)),
    ("depctr_va_vdst", 12, 4, (10, 0)),
    ("depctr_va_sdst", 9, 3, (10, 0)),
    ("depctr_va_ssrc", 8, 1, (10, 0)),
    ("depctr_va_vcc", 1, 1, (10, 0)),
    ("depctr_vm_vsrc", 2, 3, (10, 0)),
];

pub(crate) fn depctr(toks: &[Tok], ctx: &TargetCtx) -> Result<u32, String> {
    let fields = depctr_fields(ctx);
    if fields.is_empty() {
        return Err(format!("depctr counters do not exist on {}", ctx.mcpu));
    }
    let mut word = fields
        .iter()
        .fold(0, |w, &(_, off, bits)| w | bits::mask(&[(off, bits)]));
    let mut seen = Vec::new();
    each_counter(toks, |name, value| {
        let &(_, off, bits) = fields
            .iter()
            .find(|f| f.0 == name)
            .ok_or_else(|| format!("invalid counter name '{name}' on {}", ctx.mcpu))?;
        if seen.contains(&off) {
            return Err(format!("duplicate counter name '{name}'"));
        }
        seen.push(off);
        let ranges = [(off, bits)];
        if value < 0 || value as u64 > bits::max_value(&ranges) {
            return Err(format!("invalid value {value} for {name}"));
        }
        word = bits::replace(word, value as u64, &ranges);
        Ok(())
    })?;
    Ok(word)
}

/// RDNA3 ISA §16.5 "SOPP Instructions", S_DELAY_ALU: INSTID0 = SIMM16[3:0],
/// INSTSKIP = SIMM16[6:4], INSTID1 = SIMM16[10:7], with the INSTID_* / INSTSKIP_* values
/// listed there (llvm-mc drops the INSTID_/INSTSKIP_ prefixes).
const DELAY_IDS: &[(&str, u32)] = &[
    ("NO_DEP", 0),
    ("VALU_DEP_1", 1),
    ("VALU_DEP_2", 2),
    ("VALU_DEP_3", 3),
    ("VALU_DEP_4", 4),
    ("TRANS32_DEP_1", 5),
    ("TRANS32_DEP_2", 6),
    ("TRANS32_DEP_3", 7),
    ("FMA_ACCUM_CYCLE_1", 8),
    ("SALU_CYCLE_1", 9),
    ("SALU_CYCLE_2", 10),
    ("SALU_CYCLE_3", 11),
];

const DELAY_SKIPS: &[(&str, u32)] = &[
    ("SAME", 0),
    ("NEXT", 1),
    ("SKIP_1", 2),
    ("SKIP_2", 3),
    ("SKIP_3", 4),
    ("SKIP_4", 5),
];

pub(crate) fn delay_alu(toks: &[Tok], ctx: &TargetCtx) -> Result<u32, String> {
    if ctx.gfx_major < 11 {
        return Err(format!("s_delay_alu does not exist on {}", ctx.mcpu));
    }
    let mut c = Cursor::new(toks);
    let mut word = 0u32;
    loop {
        let field = c.ident()?;
        let (shift, names) = match field {
            "instid0" => (0, DELAY_IDS),
            "instskip" => (4, DELAY_SKIPS),
            "instid1" => (7, DELAY_IDS),
            _ => return Err(format!("invalid field name '{field}'")),
        };
        c.expect("(")?;
        let value_name = c.ident()?;
        let value = names
            .iter()
            .find(|(n, _)| *n == value_name)
            .map(|&(_, v)| v)
            .ok_or_else(|| format!("invalid value name '{value_name}' for {field}"))?;
        c.expect(")")?;
        // llvm-mc ORs repeated fields rather than rejecting them.
        word |= value << shift;
        if c.at_end() {
            return Ok(word);
        }
        c.expect("|")?;
    }
}

/// The depctr fields of this generation, in [`DEPCTR_FIELDS`] order: (name, offset, width).
pub(crate) fn depctr_fields(ctx: &TargetCtx) -> Vec<(&'static str, u32, u32)> {
    let gfx = (ctx.gfx_major, ctx.gfx_minor);
    DEPCTR_FIELDS
        .iter()
        .filter(|f| f.3 <= gfx)
        .map(|&(name, off, bits, _)| (name, off, bits))
        .collect()
}

pub(crate) fn delay_names() -> (NameTable, NameTable) {
    (DELAY_IDS, DELAY_SKIPS)
}
