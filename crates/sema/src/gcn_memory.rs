//! The GCN1-3 manuals' memory texts (and V_MBCNT's lane), written in those manuals' own
//! names, read with the names the binding gives the same operands (as the newer manuals'
//! texts use them).
//!
//! - LDS (the DS opcode tables of the GCN3 and Sea Islands manuals): `DS[x]` is the LDS
//!   dword at byte address `x`; `A` is the single-address form's address, the ADDR VGPR plus
//!   the 16-bit offset `{offset1, offset0}` (the LDS chapter's `LDS_Addr = LDS_BASE +
//!   VGPR[ADDR] + {InstrOffset1,InstrOffset0}`, and DS_WRXCHG_RTN_B32's own `A = ADDR+offset`);
//!   `D0` and `D1` are the data VGPRs DATA0 and DATA1, `R` the destination VDST (the field
//!   table: DATA0 "supplies first data source", VDST "result is written: either from
//!   LDS-load or atomic return value"). A `_RTN_` atomic returns the value before the
//!   operation to VDST (the chapter: atomics may return the "pre-op" value), read at the
//!   opcode's width (64 bits for the 64-bit types), and the bare operands take the opcode's
//!   type (`DS_ADD_F32` adds floats, `DS_MIN_I32` compares signed).
//! - Buffer, flat and image atomics (the MUBUF, FLAT and MIMG opcode tables): `dst` is the
//!   memory at the instruction's address, `src` the data VGPR(s) (VDATA; FLAT's DATA), 32
//!   bits or 64 for `_X2` (the tables' "32b"/"64b"); the value before the operation is
//!   returned to the data (buffer, image) or VDST (flat) VGPRs when GLC asks for it (each
//!   row: "Returns previous value if glc==1"). A row's `(signed)`, `(unsigned)` note makes
//!   its comparisons signed or unsigned; the float rows (FMIN, FMAX, FCMPSWAP: "float",
//!   "Double") compare floats. The buffer and flat compare-swap rows take `src` from the
//!   first data VGPR (two for `_X2`) and `cmp` from the next; the image rows do not say, and
//!   image addresses are not modelled anyway.
//!
//! - V_MBCNT's `ThreadPosition`, which its description defines as the thread's position in
//!   the wavefront, is the lane (`laneId`).
//!
//! Texts these readings do not fit (a `DS[A+1]` dword index, an `A` the text assigns, the
//! src2 forms, whose `A` the manual does not define) are left as they are.

use crate::ast::{rewrite_exprs_of, BinOp, Expr, Implicit, Name, Program, Stmt, Ty, TyKind};

/// Whether `arch` is one of the GCN1-3 pseudocode files.
fn gcn(arch: &str) -> bool {
    matches!(arch, "gcn1" | "gcn2" | "gcn3")
}

/// Instruction `name`'s GCN memory text `code` read as described in the module's
/// documentation, or `None` where the text is not one of those memory texts (any other
/// file, instruction or shape, or a text that does not parse), which then runs (or fails)
/// as parsed.
pub fn read(arch: &str, name: &str, code: &str) -> Option<Program> {
    if !gcn(arch) {
        return None;
    }
    if code.contains("ThreadPosition") {
        return thread_position(code);
    }
    if name.starts_with("DS_") && !name.contains("_SRC2_") && code.contains("DS[") {
        return lds(name, code);
    }
    let atomic = ["BUFFER_ATOMIC_", "FLAT_ATOMIC_", "IMAGE_ATOMIC_"]
        .iter()
        .find_map(|p| name.strip_prefix(p))?;
    atomic_text(name, atomic, code)
}

/// V_MBCNT_LO/HI_U32_B32: "ThreadPosition is the position of this thread in the wavefront
/// (in 0..63)", the lane the newer texts call `laneId`.
fn thread_position(code: &str) -> Option<Program> {
    let mut body = crate::parse(code).ok()?.into_body();
    rewrite_exprs_of(&mut body, &mut |e| {
        if is_name(e, "ThreadPosition") {
            *e = named("laneId");
        }
    });
    Some(Program::new(body, Implicit::default())).filter(|p| !p.body().is_empty())
}

fn int(n: u32) -> Expr {
    Expr::Int {
        value: n.into(),
        ty: None,
        hex: false,
    }
}

fn named(text: &str) -> Expr {
    Expr::Name(Name::new(text))
}

fn mem(address: Expr) -> Expr {
    Expr::Index(Box::new(named("MEM")), Box::new(address))
}

/// The names `body` spells.
fn names_in(body: &mut [Stmt]) -> std::collections::BTreeSet<String> {
    let mut names = std::collections::BTreeSet::new();
    rewrite_exprs_of(body, &mut |e| {
        if let Expr::Name(n) = e {
            names.insert(n.as_str().to_string());
        }
    });
    names
}

fn is_name(e: &Expr, text: &str) -> bool {
    matches!(e, Expr::Name(n) if n == text)
}

/// The width of an LDS opcode's whole-dword accesses (the value read before a `_RTN_`
/// atomic): 64 bits for the 64-bit types, else 32. (The byte and short forms slice what they
/// read and write: `DS[A] = D0[7:0]`.)
fn lds_width(name: &str) -> u32 {
    if name.ends_with("64") {
        64
    } else {
        32
    }
}

/// The LDS texts (`DS[A] = DS[A] + D0`).
fn lds(name: &str, code: &str) -> Option<Program> {
    // A text that does not parse runs (or fails) as it did.
    let mut body = crate::parse(code).ok()?.into_body();
    // `A` only as a whole `DS[A]` index, and never assigned by the text itself.
    let uses = crate::uses::Uses::of_body(&body);
    if uses.locals.contains("A") {
        return None;
    }
    let (mut all, mut as_index) = (0, 0);
    rewrite_exprs_of(&mut body, &mut |e| match e {
        Expr::Name(n) if n == "A" => all += 1,
        Expr::Index(base, index) if is_name(base, "DS") && is_name(index, "A") => as_index += 1,
        _ => {}
    });
    if all != as_index {
        return None;
    }
    let reads_r = names_in(&mut body).contains("R");
    let address = || {
        Expr::Binary(
            BinOp::Add,
            Box::new(named("ADDR")),
            Box::new(named("offset")),
        )
    };
    rewrite_exprs_of(&mut body, &mut |e| {
        let newer = match e {
            Expr::Name(n) => match n.as_str() {
                "A" => Some(address()),
                "DS" => Some(named("MEM")),
                "D0" => Some(named("DATA")),
                "D1" => Some(named("DATA2")),
                "R" => Some(named("RETURN_DATA")),
                _ => None,
            },
            _ => None,
        };
        if let Some(newer) = newer {
            *e = newer;
        }
    });
    let width = lds_width(name);
    let last = name
        .rsplit('_')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    if let Some(ty) = Ty::from_suffix(&last).filter(|t| matches!(t.width, 32 | 64)) {
        typed_operands(&mut body, ty);
    }
    let returns = name.contains("_RTN_") && !reads_r && all > 0;
    if returns {
        body = with_pre_op_return(body, mem(address()));
    }
    let implicit = Implicit {
        unbounded_arithmetic: false,
        memory_width: Some(width),
    };
    Some(Program::new(body, implicit))
}

/// `pre_op = <location>; <body>; RETURN_DATA = pre_op`: the value before the operation
/// returned, as the newer manuals' atomic texts write it.
fn with_pre_op_return(body: Vec<Stmt>, location: Expr) -> Vec<Stmt> {
    let mut out = Vec::with_capacity(body.len() + 2);
    out.push(Stmt::Assign {
        target: named("pre_op"),
        op: None,
        value: location,
    });
    out.extend(body);
    out.push(Stmt::Assign {
        target: named("RETURN_DATA"),
        op: None,
        value: named("pre_op"),
    });
    out
}

/// Gives the bare memory and data operands of `body` (`MEM[...]`, `DATA`, `DATA2`) the
/// type `ty` wherever an operation, a selection, a call or an assignment uses them whole.
fn typed_operands(body: &mut [Stmt], ty: Ty) {
    let give = |e: &mut Expr| {
        let bare = match &*e {
            Expr::Name(n) => matches!(n.as_str(), "DATA" | "DATA2"),
            Expr::Index(base, _) => is_name(base, "MEM"),
            _ => false,
        };
        if bare {
            *e = Expr::Typed(Box::new(e.take()), ty);
        }
    };
    rewrite_exprs_of(body, &mut |e| match e {
        Expr::Unary(_, a) => give(a),
        Expr::Binary(_, a, b) => {
            give(a);
            give(b);
        }
        Expr::Ternary(c, a, b) => {
            give(c);
            give(a);
            give(b);
        }
        Expr::Call(_, args) => args.iter_mut().for_each(give),
        _ => {}
    });
    for stmt in body.iter_mut() {
        if let Stmt::Assign { target, value, .. } = stmt {
            give(target);
            give(value);
        }
    }
}

/// A buffer, flat or image atomic's text (`dst += src.`); `op` is the name after
/// `*_ATOMIC_`.
fn atomic_text(name: &str, op: &str, code: &str) -> Option<Program> {
    // One statement, possibly followed by the row's sentence about the returned value.
    let statement = code.trim();
    let statement = statement
        .split(". Returns")
        .next()
        .unwrap_or(statement)
        .trim();
    let statement = statement.trim_end_matches(['.', ',']).trim();
    let mut kind = None;
    let mut statement = statement.to_string();
    for (note, k) in [
        ("(signed comparison)", TyKind::I),
        ("(unsigned comparison)", TyKind::U),
        ("(signed)", TyKind::I),
        ("(unsigned)", TyKind::U),
    ] {
        if let Some(rest) = statement.strip_suffix(note) {
            statement = rest.trim().to_string();
            kind = Some(k);
            break;
        }
    }
    if code.lines().filter(|l| !l.trim().is_empty()).count() > 1 {
        return None;
    }
    let float = op.starts_with('F');
    if float {
        kind = Some(TyKind::F);
    }
    let width = if op.ends_with("_X2") { 64 } else { 32 };
    let mut body = crate::parse(&statement).ok()?.into_body();
    if !names_in(&mut body).contains("dst") {
        return None;
    }
    // The buffer and flat compare-swap rows (GCN3 and Sea Islands): "src comes from the
    // first data-vgpr, cmp from the second" (the first two and the second two for _X2).
    let cmpswap = op.trim_start_matches('F').starts_with("CMPSWAP") && !name.starts_with("IMAGE");
    let data_part = |k: u32| {
        Expr::Slice(
            Box::new(named("DATA")),
            Box::new(int(width * (k + 1) - 1)),
            Box::new(int(width * k)),
        )
    };
    rewrite_exprs_of(&mut body, &mut |e| {
        let newer = match e {
            Expr::Name(n) => match n.as_str() {
                "dst" => Some(mem(named("ADDR"))),
                "src" if cmpswap => Some(data_part(0)),
                "src" => Some(named("DATA")),
                "cmp" if cmpswap => Some(data_part(1)),
                _ => None,
            },
            _ => None,
        };
        if let Some(newer) = newer {
            *e = newer;
        }
    });
    if let Some(kind) = kind {
        let ty = Ty::new(kind, width);
        typed_operands(&mut body, ty);
        if cmpswap {
            rewrite_exprs_of(&mut body, &mut |e| {
                if matches!(e, Expr::Slice(base, ..) if is_name(base, "DATA")) {
                    *e = Expr::Typed(Box::new(e.take()), ty);
                }
            });
        }
    }
    let body = with_pre_op_return(body, mem(named("ADDR")));
    let implicit = Implicit {
        unbounded_arithmetic: false,
        memory_width: Some(width),
    };
    Some(Program::new(body, implicit))
}
