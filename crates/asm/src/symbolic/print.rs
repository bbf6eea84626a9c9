//! Symbolic 16-bit operands as llvm-mc prints them: s_waitcnt counters, depctr fields,
//! s_delay_alu, hwreg, sendmsg and the VGPR index mode. Layouts and names come from the same tables
//! the parser uses.

use super::{counters, gpr_idx, hwreg, layout, sendmsg, Kind, VERSION_FLAGS, VERSION_NAMES};
use crate::bits::{gather, max_value, scatter};
use crate::target::TargetCtx;

/// The s_version bits below the flags that hold the microcode version (llvm-mc decodes the
/// operand symbolically only when no other bit is set).
const VERSION_MASK: u32 = 0xff;

/// The text of a symbolic operand of kind `kind` holding `value`.
pub fn print(kind: Kind, value: u32, ctx: &TargetCtx) -> String {
    match kind {
        Kind::Waitcnt => waitcnt(value, ctx),
        Kind::Depctr => depctr(value, ctx),
        Kind::Delay => delay(value),
        Kind::Hwreg => hwreg(value, ctx),
        Kind::Sendmsg => sendmsg(value, ctx),
        Kind::Version => version(value),
        Kind::GprIdx => gpr_idx::print(value),
    }
}

/// Counters that wait for something (not all ones); all three when none does.
fn waitcnt(value: u32, ctx: &TargetCtx) -> String {
    let Ok(lay) = layout::waitcnt(ctx) else {
        return format!("0x{value:x}");
    };
    let counters = [
        ("vmcnt", lay.vm),
        ("expcnt", lay.exp),
        ("lgkmcnt", lay.lgkm),
    ];
    let fields: Vec<(&str, u64, bool)> = counters
        .iter()
        .map(|(name, ranges)| {
            let v = gather(value, ranges);
            (*name, v, v == max_value(ranges))
        })
        .collect();
    let all_default = fields.iter().all(|f| f.2);
    fields
        .iter()
        .filter(|f| all_default || !f.2)
        .map(|(name, v, _)| format!("{name}({v})"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Non-default fields (all fields when every one is default) if the value uses only field
/// bits, else hex.
fn depctr(value: u32, ctx: &TargetCtx) -> String {
    let fields = counters::depctr_fields(ctx);
    let used = fields
        .iter()
        .fold(0u32, |m, &(_, off, bits)| m | (((1u32 << bits) - 1) << off));
    if fields.is_empty() || value & !used != 0 {
        return format!("0x{value:x}");
    }
    let decoded: Vec<(&str, u32, bool)> = fields
        .iter()
        .map(|&(name, off, bits)| {
            let v = (value >> off) & ((1 << bits) - 1);
            (name, v, v == (1 << bits) - 1)
        })
        .collect();
    let all_default = decoded.iter().all(|f| f.2);
    decoded
        .iter()
        .filter(|f| all_default || !f.2)
        .map(|(name, v, _)| format!("{name}({v})"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `instid0(..) | instskip(..) | instid1(..)`, non-zero fields only; `0` when all are zero.
fn delay(value: u32) -> String {
    let (ids, skips) = counters::delay_names();
    let name = |table: &[(&'static str, u32)], v: u32, what: &str| {
        table
            .iter()
            .find(|&&(_, x)| x == v)
            .map_or(format!("/* invalid {what} value */"), |&(n, _)| {
                n.to_string()
            })
    };
    let mut parts = Vec::new();
    for (field, shift, bits, table, what) in [
        ("instid0", 0, 4, ids, "instid"),
        ("instskip", 4, 3, skips, "instskip"),
        ("instid1", 7, 4, ids, "instid"),
    ] {
        let v = (value >> shift) & ((1 << bits) - 1);
        if v != 0 {
            parts.push(format!("{field}({})", name(table, v, what)));
        }
    }
    if parts.is_empty() {
        "0".into()
    } else {
        parts.join(" | ")
    }
}

/// `hwreg(NAME)` or `hwreg(ID, OFFSET, SIZE)` when offset/size are not the default 0/32.
fn hwreg(value: u32, ctx: &TargetCtx) -> String {
    let layout::HwregLayout {
        id: id_r,
        offset: offset_r,
        size: size_r,
    } = layout::hwreg(ctx);
    let id = gather(value, &id_r) as u32;
    let offset = gather(value, &offset_r);
    let size = gather(value, &size_r) + 1;
    let reg = hwreg::name_of(id, ctx).map_or(id.to_string(), str::to_string);
    if offset == 0 && size == 32 {
        format!("hwreg({reg})")
    } else {
        format!("hwreg({reg}, {offset}, {size})")
    }
}

/// `sendmsg(NAME[, OP[, STREAM]])` for a known message with valid operation, else
/// `sendmsg(ID, OP, STREAM)` when those fields hold every set bit, else the decimal value.
/// From GFX11 on, messages take no operation or stream.
fn sendmsg(value: u32, ctx: &TargetCtx) -> String {
    let layout::SendmsgLayout {
        msg: msg_r,
        op: op_r,
        stream: stream_r,
    } = layout::sendmsg(ctx);
    let msg = gather(value, &msg_r) as u32;
    let (op, stream) = if ctx.gfx_major >= 11 {
        (0, 0)
    } else {
        (gather(value, &op_r) as u32, gather(value, &stream_r) as u32)
    };
    let exact =
        scatter(msg.into(), &msg_r) | scatter(op.into(), &op_r) | scatter(stream.into(), &stream_r)
            == value;
    if let Some(name) = sendmsg::message_name(msg, ctx) {
        match sendmsg::message_ops(msg, ctx) {
            None if op == 0 && stream == 0 && exact => return format!("sendmsg({name})"),
            Some((ops, takes_stream)) if exact => {
                if let Some(&(op_name, _)) = ops.iter().find(|&&(_, v)| v == op) {
                    let gs_op_with_stream = takes_stream && op != 0;
                    if gs_op_with_stream {
                        return format!("sendmsg({name}, {op_name}, {stream})");
                    }
                    if stream == 0 {
                        return format!("sendmsg({name}, {op_name})");
                    }
                }
            }
            _ => {}
        }
    }
    if exact {
        format!("sendmsg({msg}, {op}, {stream})")
    } else {
        value.to_string()
    }
}

/// `UC_VERSION_GFX12|UC_VERSION_W32_BIT`: the version by name (else decimal), each set flag
/// or-ed on as llvm-mc prints an expression tree (a nested or in parentheses); hex when bits
/// outside the version and the flags are set.
fn version(value: u32) -> String {
    let (names, flags) = (VERSION_NAMES, VERSION_FLAGS);
    let flag_bits = flags.iter().fold(0u32, |m, &(_, v)| m | v as u32);
    if value & !(VERSION_MASK | flag_bits) != 0 {
        return format!("0x{value:x}");
    }
    let base = value & VERSION_MASK;
    let mut text = names
        .iter()
        .find(|&&(_, v)| v as u32 == base)
        .map_or(base.to_string(), |&(n, _)| n.to_string());
    let mut nested = false;
    for &(name, bit) in flags {
        if value & bit as u32 != 0 {
            text = if nested {
                format!("({text})|{name}")
            } else {
                format!("{text}|{name}")
            };
            nested = true;
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A context without spec facts: layouts and names come from the per-generation tables.
    fn ctx(spec: &mcdiff_spec::Spec, gfx_major: u32) -> TargetCtx<'_> {
        TargetCtx::bare(spec, "test", gfx_major, 0)
    }

    #[test]
    fn waitcnt_prints_waiting_counters_or_all() {
        let spec = mcdiff_spec::Spec::default();
        let gfx11 = ctx(&spec, 11);
        assert_eq!(waitcnt(0xfc07, &gfx11), "lgkmcnt(0)");
        assert_eq!(waitcnt(0, &gfx11), "vmcnt(0) expcnt(0) lgkmcnt(0)");
        assert_eq!(waitcnt(0xfff7, &gfx11), "vmcnt(63) expcnt(7) lgkmcnt(63)");
    }

    #[test]
    fn depctr_needs_field_bits_only() {
        let spec = mcdiff_spec::Spec::default();
        let gfx11 = ctx(&spec, 11);
        assert_eq!(depctr(0xfffe, &gfx11), "0xfffe");
        assert_eq!(depctr(0xff9e, &gfx11), "depctr_sa_sdst(0)");
        assert!(depctr(0, &gfx11).starts_with("depctr_hold_cnt(0) depctr_sa_sdst(0)"));
    }

    #[test]
    fn delay_hwreg_sendmsg_version() {
        let spec = mcdiff_spec::Spec::default();
        let gfx11 = ctx(&spec, 11);
        assert_eq!(delay(0), "0");
        assert_eq!(
            delay(0x91),
            "instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)"
        );
        assert_eq!(hwreg(0xf801, &gfx11), "hwreg(HW_REG_MODE)");
        assert_eq!(hwreg(0xc1d1, &gfx11), "hwreg(17, 7, 25)");
        assert_eq!(sendmsg(0x81, &gfx11), "sendmsg(MSG_RTN_GET_DDID)");
        assert_eq!(sendmsg(0, &gfx11), "sendmsg(0, 0, 0)");
        assert_eq!(sendmsg(0x1234, &gfx11), "4660");
        assert_eq!(version(0x4009), "UC_VERSION_GFX12|UC_VERSION_W32_BIT");
        assert_eq!(
            version(0xa080),
            "(128|UC_VERSION_W64_BIT)|UC_VERSION_MDP_BIT"
        );
        assert_eq!(version(0x1234), "0x1234");
    }
}
