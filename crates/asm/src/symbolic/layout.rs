//! Bit layouts of partitioned 16-bit operands: taken from the spec's operand-type fields when
//! the loaded spec has them, otherwise from small per-generation tables that cite the AMD
//! manual section (amd-isa/derived/manuals-md) each layout was read from.

use crate::target::TargetCtx;

/// Bit ranges of one field, low part first: `(offset, width)`.
pub(crate) type Ranges = Vec<(u32, u32)>;

/// Ranges of `field` of operand type `type_name` in the loaded spec, if it carries them.
pub(crate) fn spec_field(ctx: &TargetCtx, type_name: &str, field: &str) -> Option<Ranges> {
    let ty = ctx.spec.operand_type(type_name)?;
    let f = ty.fields.iter().find(|f| f.name == field)?;
    if f.ranges.is_empty() {
        return None;
    }
    Some(f.ranges.iter().map(|r| (r.offset, r.count)).collect())
}

/// Value of a predefined name of `field` in `type_name` (AMD's spelling, case-sensitive as
/// llvm-mc is). Type-level predefined values count only when `type_prefix` starts them, so
/// that e.g. a GS operation name is never taken for a message name.
pub(crate) fn spec_name(
    ctx: &TargetCtx,
    type_name: &str,
    field: &str,
    type_prefix: &str,
    name: &str,
) -> Option<i64> {
    let ty = ctx.spec.operand_type(type_name)?;
    let in_field = ty
        .fields
        .iter()
        .filter(|f| f.name == field)
        .flat_map(|f| f.predefined.iter());
    let in_type = ty
        .predefined
        .iter()
        .filter(|p| p.name.starts_with(type_prefix));
    in_field
        .chain(in_type)
        .find(|p| p.name == name)
        .map(|p| p.value)
}

/// Resolves a symbolic name: the spec's value (AMD's spelling) is preferred, llvm-mc's
/// per-generation table adds its own spellings. A name llvm-mc knows only on other
/// generations is rejected even if the spec has it, because llvm-mc gates names by
/// generation (e.g. HW_REG_XCC_ID is GFX940+, though gfx90a borrows the CDNA3 XML's names).
pub(crate) fn resolve_name(
    name: &str,
    spec_value: Option<i64>,
    table: &[(&str, u32, bool)],
    ctx: &TargetCtx,
) -> Result<i64, String> {
    let mut known_elsewhere = false;
    for &(n, v, here) in table {
        if n == name {
            if here {
                return Ok(spec_value.unwrap_or(v as i64));
            }
            known_elsewhere = true;
        }
    }
    match spec_value {
        Some(v) if !known_elsewhere => Ok(v),
        _ if known_elsewhere => Err(format!("'{name}' is not supported on {}", ctx.mcpu)),
        _ => Err(format!("unknown name '{name}'")),
    }
}

/// S_WAITCNT counters VM, EXP, LGKM.
pub(crate) struct WaitcntLayout {
    pub vm: Ranges,
    pub exp: Ranges,
    pub lgkm: Ranges,
}

pub(crate) fn waitcnt(ctx: &TargetCtx) -> Result<WaitcntLayout, String> {
    let from_spec = (
        spec_field(ctx, "OPR_WAITCNT", "VM"),
        spec_field(ctx, "OPR_WAITCNT", "EXP"),
        spec_field(ctx, "OPR_WAITCNT", "LGKM"),
    );
    if let (Some(vm), Some(exp), Some(lgkm)) = from_spec {
        return Ok(WaitcntLayout { vm, exp, lgkm });
    }
    let layout = |vm: &[(u32, u32)], exp: &[(u32, u32)], lgkm: &[(u32, u32)]| WaitcntLayout {
        vm: vm.to_vec(),
        exp: exp.to_vec(),
        lgkm: lgkm.to_vec(),
    };
    match (ctx.gfx_major, ctx.gfx_minor) {
        // CDNA3 ISA §12.5 "SOPP Instructions", S_WAITCNT: vmcnt SIMM16[3:0] and [15:14],
        // expcnt [6:4], lgkmcnt [11:8] (the GFX9 layout every CDNA part shares).
        (9, _) => Ok(layout(&[(0, 4), (14, 2)], &[(4, 3)], &[(8, 4)])),
        // RDNA1/RDNA2 ISA §12.5 "SOPP Instructions", S_WAITCNT: lgkmcnt widens to [13:8].
        (10, _) => Ok(layout(&[(0, 4), (14, 2)], &[(4, 3)], &[(8, 6)])),
        // RDNA3 ISA §5.6 "Data Dependency Resolution", S_WAITCNT row:
        // SIMM16 = {VMcnt[5:0], LGKMcnt[5:0], 0, EXPcnt[2:0]}. RDNA4 ISA Table 83 keeps
        // S_WAITCNT at the same SOPP opcode without restating the layout.
        (11, _) | (12, 0) => Ok(layout(&[(10, 6)], &[(0, 3)], &[(4, 6)])),
        _ => Err(format!("waitcnt layout unknown for {}", ctx.mcpu)),
    }
}

/// S_GETREG/S_SETREG register id, bit offset and size-1.
pub(crate) struct HwregLayout {
    pub id: Ranges,
    pub offset: Ranges,
    pub size: Ranges,
}

pub(crate) fn hwreg(ctx: &TargetCtx) -> HwregLayout {
    // RDNA3 ISA §16.2 "SOPK Instructions", S_GETREG_B32: ID = SIMM16[5:0],
    // OFFSET = SIMM16[10:6], SIZE-1 = SIMM16[15:11]; the same in every manual in amd-isa.
    HwregLayout {
        id: spec_field(ctx, "OPR_HWREG", "ID").unwrap_or_else(|| vec![(0, 6)]),
        offset: spec_field(ctx, "OPR_HWREG", "OFFSET").unwrap_or_else(|| vec![(6, 5)]),
        size: spec_field(ctx, "OPR_HWREG", "SIZE").unwrap_or_else(|| vec![(11, 5)]),
    }
}

/// Message id, operation and stream of S_SENDMSG.
pub(crate) struct SendmsgLayout {
    pub msg: Ranges,
    pub op: Ranges,
    pub stream: Ranges,
}

pub(crate) fn sendmsg(ctx: &TargetCtx) -> SendmsgLayout {
    let msg = if ctx.gfx_major >= 11 {
        // RDNA3 ISA §5.3 "Send Message Types", Table 15: the message is SIMM16[7:0]
        // (and S_SENDMSG_RTN's SSRC0 values reach 0x80..0xFF, Table 16).
        vec![(0, 8)]
    } else {
        // The spec's OPR_SENDMSG field MSG where present; CDNA3 XML gives SIMM16[3:0].
        spec_field(ctx, "OPR_SENDMSG", "MSG").unwrap_or_else(|| vec![(0, 4)])
    };
    SendmsgLayout {
        msg,
        // LLVM's sendmsg syntax (llvm-docs AMDGPU/gfx9_msg.rst, gfx11_msg_*.rst) packs the
        // operation into SIMM16[6:4] (0..7). The spec's GSOP field covers only the two bits GS
        // operations use, while SYSMSG_OP_TTRACE_PC (4) needs the third, so it is not used here.
        op: vec![(4, 3)],
        stream: spec_field(ctx, "OPR_SENDMSG", "STREAMID").unwrap_or_else(|| vec![(8, 2)]),
    }
}
