//! `hwreg(NAME_OR_ID[, offset, size])` and `{id: .., offset: .., size: ..}` for
//! s_getreg_b32 / s_setreg_b32 / s_setreg_imm32_b32.

use super::layout;
use super::lex::{no_names, Cursor, Tok};
use crate::bits;
use crate::target::TargetCtx;

/// Which generations accept a register name.
#[derive(Clone, Copy)]
enum Gens {
    All,
    /// Inclusive (major, minor) range.
    Range((u32, u32), (u32, u32)),
}

impl Gens {
    fn contains(self, gfx: (u32, u32)) -> bool {
        match self {
            Gens::All => true,
            Gens::Range(lo, hi) => lo <= gfx && gfx <= hi,
        }
    }
}

/// GFX6-GFX8: the Sea Islands and GCN3 manuals' "Hardware Register Values" (Table 5.7)
/// list TRAPSTS (3) and HW_ID (4) as the later manuals do.
const GFX6: (u32, u32) = (6, 0);
const GFX9: (u32, u32) = (9, 0);
const GFX94: (u32, u32) = (9, 4);
const GFX9_END: (u32, u32) = (9, 99);
const GFX10: (u32, u32) = (10, 0);
const GFX10_1_END: (u32, u32) = (10, 2);
const GFX10_3: (u32, u32) = (10, 3);
const GFX10_END: (u32, u32) = (10, 99);
const GFX11: (u32, u32) = (11, 0);
const GFX11_END: (u32, u32) = (11, 99);
const GFX12: (u32, u32) = (12, 0);
const GFX12_5: (u32, u32) = (12, 5);
/// GFX940-GFX950 only.
const GFX94_ONLY: Gens = Gens::Range(GFX94, GFX9_END);
/// GFX11 only.
const GFX11_ONLY: Gens = Gens::Range(GFX11, GFX11_END);
const LAST: (u32, u32) = (99, 99);

/// The register names llvm-mc accepts, per generation: the spec's OPR_HWREG ID values are
/// looked up first; this table adds llvm-mc's own spellings (HW_REG_FLAT_SCR_LO for AMD's
/// HW_REG_SHADER_FLAT_SCRATCH_LO, HW_REG_TBA_LO for HW_REG_SQ_SHADER_TBA_LO, ...) and covers
/// targets whose spec lacks the names. The ids are the hardware register numbers of each
/// manual's S_GETREG/S_SETREG register table (e.g. RDNA3 ISA §16.2, CDNA3 XML OPR_HWREG);
/// which spelling llvm-mc takes on which generation is llvm-mc syntax, checked with llvm-mc 22.
const LLVM_NAMES: &[(&str, u32, Gens)] = &[
    ("HW_REG_MODE", 1, Gens::All),
    ("HW_REG_STATUS", 2, Gens::All),
    ("HW_REG_TRAPSTS", 3, Gens::Range(GFX6, GFX11_END)),
    ("HW_REG_HW_ID", 4, Gens::Range(GFX6, GFX9_END)),
    ("HW_REG_HW_ID", 23, Gens::Range(GFX10, GFX10_END)),
    ("HW_REG_GPR_ALLOC", 5, Gens::All),
    ("HW_REG_LDS_ALLOC", 6, Gens::All),
    ("HW_REG_IB_STS", 7, Gens::All),
    ("HW_REG_SH_MEM_BASES", 15, Gens::Range(GFX9, GFX11_END)),
    ("HW_REG_TBA_LO", 16, Gens::Range(GFX9, GFX10_END)),
    ("HW_REG_TBA_HI", 17, Gens::Range(GFX9, GFX10_END)),
    ("HW_REG_TMA_LO", 18, Gens::Range(GFX9, GFX10_END)),
    ("HW_REG_TMA_HI", 19, Gens::Range(GFX9, GFX10_END)),
    ("HW_REG_XCC_ID", 20, GFX94_ONLY),
    ("HW_REG_SQ_PERF_SNAPSHOT_DATA", 21, GFX94_ONLY),
    ("HW_REG_SQ_PERF_SNAPSHOT_DATA1", 22, GFX94_ONLY),
    ("HW_REG_SQ_PERF_SNAPSHOT_PC_LO", 23, GFX94_ONLY),
    ("HW_REG_SQ_PERF_SNAPSHOT_PC_HI", 24, GFX94_ONLY),
    ("HW_REG_FLAT_SCR_LO", 20, Gens::Range(GFX10, GFX11_END)),
    ("HW_REG_FLAT_SCR_HI", 21, Gens::Range(GFX10, GFX11_END)),
    ("HW_REG_XNACK_MASK", 22, Gens::Range(GFX10, GFX10_1_END)),
    ("HW_REG_HW_ID1", 23, Gens::Range(GFX10, LAST)),
    ("HW_REG_HW_ID2", 24, Gens::Range(GFX10, LAST)),
    ("HW_REG_POPS_PACKER", 25, Gens::Range(GFX10, GFX10_END)),
    ("HW_REG_SHADER_CYCLES", 29, Gens::Range(GFX10_3, GFX11_END)),
    ("HW_REG_PERF_SNAPSHOT_PC_LO", 18, GFX11_ONLY),
    ("HW_REG_PERF_SNAPSHOT_PC_HI", 19, GFX11_ONLY),
    ("HW_REG_PERF_SNAPSHOT_DATA", 27, GFX11_ONLY),
    ("HW_REG_WAVE_MODE", 1, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_STATUS", 2, Gens::Range(GFX12, LAST)),
    ("HW_REG_STATE_PRIV", 4, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_STATE_PRIV", 4, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_GPR_ALLOC", 5, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_LDS_ALLOC", 6, Gens::Range(GFX12, LAST)),
    ("HW_REG_PERF_SNAPSHOT_DATA", 10, Gens::Range(GFX12, LAST)),
    ("HW_REG_PERF_SNAPSHOT_PC_LO", 11, Gens::Range(GFX12, LAST)),
    ("HW_REG_PERF_SNAPSHOT_PC_HI", 12, Gens::Range(GFX12, LAST)),
    ("HW_REG_PERF_SNAPSHOT_DATA1", 15, Gens::Range(GFX12, LAST)),
    ("HW_REG_PERF_SNAPSHOT_DATA2", 16, Gens::Range(GFX12, LAST)),
    ("HW_REG_EXCP_FLAG_PRIV", 17, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_EXCP_FLAG_PRIV", 17, Gens::Range(GFX12, LAST)),
    ("HW_REG_EXCP_FLAG_USER", 18, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_EXCP_FLAG_USER", 18, Gens::Range(GFX12, LAST)),
    ("HW_REG_TRAP_CTRL", 19, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_TRAP_CTRL", 19, Gens::Range(GFX12, LAST)),
    ("HW_REG_SCRATCH_BASE_LO", 20, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_SCRATCH_BASE_LO", 20, Gens::Range(GFX12, LAST)),
    ("HW_REG_SCRATCH_BASE_HI", 21, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_SCRATCH_BASE_HI", 21, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_HW_ID1", 23, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_HW_ID2", 24, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_SCHED_MODE", 26, Gens::Range(GFX12, LAST)),
    ("HW_REG_SHADER_CYCLES_LO", 29, Gens::Range(GFX12, LAST)),
    ("HW_REG_SHADER_CYCLES_HI", 30, Gens::Range(GFX12, LAST)),
    ("HW_REG_DVGPR_ALLOC_LO", 31, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_DVGPR_ALLOC_LO", 31, Gens::Range(GFX12, LAST)),
    ("HW_REG_DVGPR_ALLOC_HI", 32, Gens::Range(GFX12, LAST)),
    ("HW_REG_WAVE_DVGPR_ALLOC_HI", 32, Gens::Range(GFX12, LAST)),
    ("HW_REG_IB_STS2", 28, Gens::Range(GFX12_5, LAST)),
    ("HW_REG_XNACK_STATE_PRIV", 33, Gens::Range(GFX12_5, LAST)),
    ("HW_REG_XNACK_MASK", 34, Gens::Range(GFX12_5, LAST)),
];

/// Register id of `name` on this target (see [`layout::resolve_name`]).
pub(crate) fn register_id(name: &str, ctx: &TargetCtx) -> Result<i64, String> {
    let gfx = (ctx.gfx_major, ctx.gfx_minor);
    let table: Vec<(&str, u32, bool)> = LLVM_NAMES
        .iter()
        .map(|&(n, id, gens)| (n, id, gens.contains(gfx)))
        .collect();
    let spec_value = layout::spec_name(ctx, "OPR_HWREG", "ID", "HW_REG_", name);
    layout::resolve_name(name, spec_value, &table, ctx)
        .map_err(|e| format!("hardware register: {e}"))
}

pub(crate) fn looks_like_hwreg(toks: &[Tok]) -> bool {
    match toks.first() {
        Some(Tok::Punct("{")) => true,
        Some(Tok::Ident(name)) => name == "hwreg" && toks.get(1) == Some(&Tok::Punct("(")),
        _ => false,
    }
}

pub(crate) fn parse(toks: &[Tok], ctx: &TargetCtx) -> Result<u32, String> {
    let mut c = Cursor::new(toks);
    let (id, offset, size) = if c.eat("{") {
        structured(&mut c)?
    } else {
        functional(&mut c, ctx)?
    };
    if !c.at_end() {
        return Err(format!("unexpected text after hwreg operand{}", c.found()));
    }
    encode(id, offset, size, ctx)
}

/// `hwreg(id)` or `hwreg(id, offset, size)`; id may be a register name.
fn functional(c: &mut Cursor, ctx: &TargetCtx) -> Result<(i64, i64, i64), String> {
    c.ident()?;
    c.expect("(")?;
    let id = match (c.peek(), c.peek_at(1)) {
        (Some(Tok::Ident(name)), Some(Tok::Punct(p))) if *p == "," || *p == ")" => {
            let id = register_id(name, ctx)?;
            c.ident()?;
            id
        }
        _ => c.expr(&no_names)?,
    };
    let (mut offset, mut size) = (0, 32);
    if c.eat(",") {
        offset = c.expr(&no_names)?;
        c.expect(",")?;
        size = c.expr(&no_names)?;
    }
    c.expect(")")?;
    Ok((id, offset, size))
}

/// `{id: N, offset: N, size: N}`, any subset in any order, comma separated.
fn structured(c: &mut Cursor) -> Result<(i64, i64, i64), String> {
    let mut fields: [Option<i64>; 3] = [None; 3];
    if !c.eat("}") {
        loop {
            let name = c.ident()?;
            let slot = match name {
                "id" => 0,
                "offset" => 1,
                "size" => 2,
                _ => return Err(format!("unknown hwreg field '{name}'")),
            };
            if fields[slot].is_some() {
                return Err(format!("duplicate hwreg field '{name}'"));
            }
            c.expect(":")?;
            fields[slot] = Some(c.expr(&no_names)?);
            if c.eat("}") {
                break;
            }
            c.expect(",")?;
        }
    }
    Ok((
        fields[0].unwrap_or(0),
        fields[1].unwrap_or(0),
        fields[2].unwrap_or(32),
    ))
}

fn encode(id: i64, offset: i64, size: i64, ctx: &TargetCtx) -> Result<u32, String> {
    let lay = layout::hwreg(ctx);
    let id_max = bits::max_value(&lay.id) as i64;
    let offset_max = bits::max_value(&lay.offset) as i64;
    let size_max = bits::max_value(&lay.size) as i64 + 1;
    if !(0..=id_max).contains(&id) {
        return Err(format!("hwreg id {id} out of range 0..{id_max}"));
    }
    if !(0..=offset_max).contains(&offset) {
        return Err(format!(
            "hwreg offset {offset} out of range 0..{offset_max}"
        ));
    }
    if !(1..=size_max).contains(&size) {
        return Err(format!("hwreg size {size} out of range 1..{size_max}"));
    }
    Ok(bits::scatter(id as u64, &lay.id)
        | bits::scatter(offset as u64, &lay.offset)
        | bits::scatter(size as u64 - 1, &lay.size))
}

/// The llvm-mc name of register `id` on this generation: the last one [`LLVM_NAMES`] lists,
/// since generation-specific spellings (GFX12's HW_REG_WAVE_*) follow the generic ones.
pub(crate) fn name_of(id: u32, ctx: &TargetCtx) -> Option<&'static str> {
    let gfx = (ctx.gfx_major, ctx.gfx_minor);
    LLVM_NAMES
        .iter()
        .rev()
        .find(|&&(_, v, gens)| v == id && gens.contains(gfx))
        .map(|&(name, _, _)| name)
}
