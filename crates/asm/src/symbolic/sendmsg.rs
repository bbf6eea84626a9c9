//! `sendmsg(MSG[, OP[, STREAM]])` for s_sendmsg, s_sendmsghalt and s_sendmsg_rtn_b32/_b64.

use super::layout;
use super::lex::{no_names, Cursor, Tok};
use crate::bits;
use crate::target::TargetCtx;

/// Generations (as `(major, minor)` inclusive bounds) that accept a message name.
type Span = ((u32, u32), (u32, u32));

const PRE_GFX11: Span = ((0, 0), (10, 99));
/// LLVM's GFX7 message page (llvm-docs AMDGPU/gfx7_msg.rst, which serves GFX6 too) names
/// INTERRUPT, GS, GS_DONE and SYSMSG only, as the Sea Islands manual's S_SENDMSG entry has
/// "4-14 unused"; the GFX8 page adds SAVEWAVE (4); the rest come with GFX9.
const GFX8_TO_GFX10: Span = ((8, 0), (10, 99));
const GFX9_TO_GFX10: Span = ((9, 0), (10, 99));
const GFX9_TO_GFX11: Span = ((9, 0), (11, 99));
const GFX9_UP: Span = ((9, 0), (99, 99));
const GFX10: Span = ((10, 0), (10, 99));
const GFX11_UP: Span = ((11, 0), (99, 99));
const GFX12_UP: Span = ((12, 0), (99, 99));
const GFX12_5_UP: Span = ((12, 5), (99, 99));
const ALL: Span = ((0, 0), (99, 99));

/// Message ids as the manuals' message tables give them (RDNA3 ISA §5.3 Tables 15/16 for
/// GFX11+, the CDNA3 XML OPR_SENDMSG MSG values for GFX9/CDNA, RDNA2's for GFX10), under the
/// names llvm-mc accepts on each generation (llvm-mc syntax, checked with llvm-mc 22).
/// The spec's own names (OPR_SENDMSG / OPR_SENDMSG_RTN field MSG) are looked up first.
const MESSAGES: &[(&str, u32, Span)] = &[
    ("MSG_INTERRUPT", 1, ALL),
    ("MSG_GS", 2, PRE_GFX11),
    ("MSG_HS_TESSFACTOR", 2, GFX11_UP),
    ("MSG_GS_DONE", 3, PRE_GFX11),
    ("MSG_DEALLOC_VGPRS", 3, GFX11_UP),
    ("MSG_SAVEWAVE", 4, GFX8_TO_GFX10),
    ("MSG_STALL_WAVE_GEN", 5, GFX9_TO_GFX11),
    ("MSG_HALT_WAVES", 6, GFX9_TO_GFX11),
    ("MSG_ORDERED_PS_DONE", 7, GFX9_TO_GFX10),
    ("MSG_EARLY_PRIM_DEALLOC", 8, GFX9_TO_GFX10),
    ("MSG_GS_ALLOC_REQ", 9, GFX9_UP),
    ("MSG_GET_DOORBELL", 10, GFX9_TO_GFX10),
    ("MSG_SAVEWAVE_HAS_TDM", 10, GFX12_5_UP),
    ("MSG_GET_DDID", 11, GFX10),
    ("MSG_SYSMSG", 15, ALL),
    ("MSG_RTN_GET_DOORBELL", 0x80, GFX11_UP),
    ("MSG_RTN_GET_DDID", 0x81, GFX11_UP),
    ("MSG_RTN_GET_TMA", 0x82, GFX11_UP),
    ("MSG_RTN_GET_REALTIME", 0x83, GFX11_UP),
    ("MSG_RTN_SAVE_WAVE", 0x84, GFX11_UP),
    ("MSG_RTN_GET_TBA", 0x85, GFX11_UP),
    ("MSG_RTN_GET_TBA_TO_PC", 0x86, GFX11_UP),
    ("MSG_RTN_GET_SE_AID_ID", 0x87, GFX12_UP),
    ("MSG_RTN_GET_CLUSTER_BARRIER_STATE", 0x88, GFX12_5_UP),
];

const MSG_GS: u32 = 2;
const MSG_GS_DONE: u32 = 3;
const MSG_SYSMSG: u32 = 15;

/// GS operations (CDNA3 XML OPR_SENDMSG field GSOP values) and system-message operations
/// (llvm-mc's SYSMSG_OP_* names, llvm-docs AMDGPU/gfx9_msg.rst).
const GS_OPS: &[(&str, u32)] = &[
    ("GS_OP_NOP", 0),
    ("GS_OP_CUT", 1),
    ("GS_OP_EMIT", 2),
    ("GS_OP_EMIT_CUT", 3),
];
const SYSMSG_OPS: &[(&str, u32)] = &[
    ("SYSMSG_OP_ECC_ERR_INTERRUPT", 1),
    ("SYSMSG_OP_REG_RD", 2),
    ("SYSMSG_OP_TTRACE_PC", 4),
];
/// GFX6-GFX8 also name operation 3 (llvm-docs AMDGPU/gfx7_msg.rst and gfx8_msg.rst).
const SYSMSG_OPS_GFX6_8: &[(&str, u32)] = &[
    ("SYSMSG_OP_ECC_ERR_INTERRUPT", 1),
    ("SYSMSG_OP_REG_RD", 2),
    ("SYSMSG_OP_HOST_TRAP_ACK", 3),
    ("SYSMSG_OP_TTRACE_PC", 4),
];

/// The system-message operations of this generation.
fn sysmsg_ops(ctx: &TargetCtx) -> &'static [(&'static str, u32)] {
    if ctx.gfx_major <= 8 {
        SYSMSG_OPS_GFX6_8
    } else {
        SYSMSG_OPS
    }
}
const GS_OP_NOP: i64 = 0;

fn in_span(ctx: &TargetCtx, span: Span) -> bool {
    let gfx = (ctx.gfx_major, ctx.gfx_minor);
    span.0 <= gfx && gfx <= span.1
}

fn message_id(name: &str, ctx: &TargetCtx) -> Result<i64, String> {
    let table: Vec<(&str, u32, bool)> = MESSAGES
        .iter()
        .map(|&(n, id, span)| (n, id, in_span(ctx, span)))
        .collect();
    let spec_value = ["OPR_SENDMSG", "OPR_SENDMSG_RTN"]
        .iter()
        .find_map(|ty| layout::spec_name(ctx, ty, "MSG", "MSG_", name));
    layout::resolve_name(name, spec_value, &table, ctx).map_err(|e| format!("message: {e}"))
}

/// Operation names of a message: GS operations for GS/GS_DONE, SYSMSG_OP_* for SYSMSG, and
/// both for a numeric message (llvm-mc checks the pairing only for named messages).
fn op_id(name: &str, msg: Option<u32>, ctx: &TargetCtx) -> Result<i64, String> {
    let gs = msg != Some(MSG_SYSMSG);
    let sys = !matches!(msg, Some(MSG_GS) | Some(MSG_GS_DONE));
    if gs {
        if let Some(v) = layout::spec_name(ctx, "OPR_SENDMSG", "GSOP", "GS_OP_", name) {
            return Ok(v);
        }
    }
    let mut ops = GS_OPS
        .iter()
        .filter(|_| gs)
        .chain(sysmsg_ops(ctx).iter().filter(|_| sys));
    ops.find(|(n, _)| *n == name)
        .map(|&(_, v)| v as i64)
        .ok_or_else(|| format!("invalid message operation name '{name}'"))
}

pub(crate) fn looks_like_sendmsg(toks: &[Tok]) -> bool {
    matches!(
        (toks.first(), toks.get(1)),
        (Some(Tok::Ident(name)), Some(Tok::Punct("("))) if name == "sendmsg"
    )
}

/// One argument: a name resolved by `lookup` (reported as symbolic) or an absolute expression.
fn argument(
    c: &mut Cursor,
    lookup: impl Fn(&str) -> Result<i64, String>,
) -> Result<(i64, bool), String> {
    if let (Some(Tok::Ident(name)), Some(Tok::Punct(p))) = (c.peek(), c.peek_at(1)) {
        if *p == "," || *p == ")" {
            let v = lookup(name)?;
            c.ident()?;
            return Ok((v, true));
        }
    }
    Ok((c.expr(&no_names)?, false))
}

pub(crate) fn parse(toks: &[Tok], ctx: &TargetCtx) -> Result<u32, String> {
    let mut c = Cursor::new(toks);
    c.ident()?;
    c.expect("(")?;
    let (msg, msg_named) = argument(&mut c, |n| message_id(n, ctx))?;
    let named_msg = msg_named.then_some(msg as u32);
    let mut op = None;
    let mut stream = None;
    if c.eat(",") {
        op = Some(argument(&mut c, |n| op_id(n, named_msg, ctx))?.0);
        if c.eat(",") {
            stream = Some(c.expr(&no_names)?);
        }
    }
    c.expect(")")?;
    if !c.at_end() {
        return Err(format!(
            "unexpected text after sendmsg operand{}",
            c.found()
        ));
    }
    let lay = layout::sendmsg(ctx);
    let fits = |v: i64, ranges: &[(u32, u32)]| v >= 0 && v as u64 <= bits::max_value(ranges);
    if !fits(msg, &lay.msg) {
        return Err(format!("invalid message id {msg}"));
    }
    if msg_named {
        // A named message gets llvm-mc's strict checks: only GS/GS_DONE (before GFX11) and
        // SYSMSG take an operation, and only GS operations other than NOP take a stream.
        check_named(msg as u32, op, stream, ctx)?;
    }
    let op = op.unwrap_or(0);
    let stream = stream.unwrap_or(0);
    if !fits(op, &lay.op) {
        return Err(format!("invalid message operation {op}"));
    }
    if !fits(stream, &lay.stream) {
        return Err(format!("invalid message stream id {stream}"));
    }
    Ok(bits::scatter(msg as u64, &lay.msg)
        | bits::scatter(op as u64, &lay.op)
        | bits::scatter(stream as u64, &lay.stream))
}

fn check_named(
    msg: u32,
    op: Option<i64>,
    stream: Option<i64>,
    ctx: &TargetCtx,
) -> Result<(), String> {
    let gs = ctx.gfx_major < 11 && (msg == MSG_GS || msg == MSG_GS_DONE);
    if !gs && msg != MSG_SYSMSG {
        if op.is_some() {
            return Err("message does not support operations".to_string());
        }
        return Ok(());
    }
    let Some(op) = op else {
        return Err("missing message operation".to_string());
    };
    let valid_op = if msg == MSG_SYSMSG {
        sysmsg_ops(ctx).iter().any(|&(_, v)| v as i64 == op)
    } else if msg == MSG_GS {
        GS_OPS
            .iter()
            .any(|&(_, v)| v as i64 == op && op != GS_OP_NOP)
    } else {
        GS_OPS.iter().any(|&(_, v)| v as i64 == op)
    };
    if !valid_op {
        return Err(format!("invalid operation id {op}"));
    }
    if let Some(stream) = stream {
        if !gs || op == GS_OP_NOP {
            return Err("message operation does not support streams".to_string());
        }
        if !(0..=3).contains(&stream) {
            return Err(format!("invalid message stream id {stream}"));
        }
    }
    Ok(())
}

/// The llvm-mc name of message `id` on this generation.
pub(crate) fn message_name(id: u32, ctx: &TargetCtx) -> Option<&'static str> {
    MESSAGES
        .iter()
        .find(|&&(_, v, span)| v == id && in_span(ctx, span))
        .map(|&(name, _, _)| name)
}

/// Operation names a message takes before GFX11, and whether it also takes a stream.
pub(crate) fn message_ops(
    msg: u32,
    ctx: &TargetCtx,
) -> Option<(&'static [(&'static str, u32)], bool)> {
    match msg {
        MSG_GS | MSG_GS_DONE if ctx.gfx_major < 11 => Some((GS_OPS, true)),
        MSG_SYSMSG => Some((sysmsg_ops(ctx), false)),
        _ => None,
    }
}
