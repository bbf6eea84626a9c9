//! The older (GCN-era) manuals' pseudocode leaves to the reader what the newer manuals
//! write out: integer arithmetic that does not wrap, types given by the opcode or a
//! comment, access widths in a comment, register pairs counted in dwords. [`read`] makes
//! those explicit in a parsed text, so that it can be run beside the newer texts of the
//! same instruction (`mcdiff crossgen`).

use crate::ast::{rewrite_exprs_of, BinOp, Expr, Implicit, Name, Program, Stmt, Ty, TyKind, UnOp};

/// `program`, the older-dialect text `code` of instruction `name`, with what it leaves
/// implicit made explicit:
/// - integer `+ - *` do not wrap until stored;
/// - bare sources take the opcode's type, and a bare `SIMM16` is the 16-bit field;
/// - `opcode_size_in_bits` is the width of the opcode's type (S_BCNT1_I32_B64: 64);
/// - `X.f[31:16]` is bits 31..16 viewed as that type (an f16), `X.i[23:0]` an i24;
/// - `X == NaN`, `X == sNaN` test for a NaN, a signalling NaN, not IEEE equality;
/// - `IEEE_MODE` is the newer texts' `WAVE_MODE.IEEE`, `ThreadPosition` their `laneId`,
///   `X.f64.exp` their `exponent(X.f64)`;
/// - in an FMA opcode, `a * b + c` is one fused operation;
/// - `N` in S_LSHL<n>_ADD_U32 is the opcode's shift `n`;
/// - `2 ** n` is the real power of two, as the newer texts' `2.0 ** n` (V_LDEXP's
///   `S0.f * (2 ** S1.i)` with a negative `n`);
/// - in memory texts, data registers counted in dwords (`DATA[0:1]`), the access width of
///   a leading `// 64bit` comment (a byte op's, 8, without one), and comparisons that a
///   `// signed compare` comment makes signed;
/// - in LDS texts, a typed `DATA0`, `DATA1`, `VDST` is the value `DATA`, `DATA2`,
///   `RETURN_DATA` (bare, they stay register numbers);
/// - `S0.addr` and `D.addr`, an operand's register address (RDNA1's S_MOVRELS_B32), are the
///   raw register numbers the newer texts call `SRC0` and `DST`;
/// - in a memory text, an `addr` it never assigns is its `ADDR` (RDNA2's BUFFER_ATOMIC_CSUB
///   reads `MEM[ADDR]` and writes `MEM[addr]`).
pub fn read(program: Program, name: &str, code: &str) -> Program {
    let implicit = Implicit {
        unbounded_arithmetic: true,
        memory_width: memory_width_comment(code).or_else(|| byte_access(name)),
    };
    // The passes edit the statements in turn; the program numbers its names once, after.
    let mut body = program.into_body();
    let opcode = opcode_type(name);
    opcode_size(&mut body, opcode);
    opcode_shift(&mut body, name);
    typed_slices(&mut body);
    nan_tests(&mut body);
    newer_state_names(&mut body);
    exponent_fields(&mut body);
    typed_bare_operands(&mut body, opcode);
    real_powers_of_two(&mut body);
    if name.contains("FMA") {
        fused_multiply_add(&mut body);
    }
    if code.contains("MEM[") {
        dword_indexing(&mut body);
        lowercase_memory_address(&mut body);
    }
    register_addresses(&mut body);
    if name.starts_with("DS_") {
        lds_field_values(&mut body);
    }
    if let Some(width) = implicit.memory_width {
        if code.contains("signed compare") && !code.contains("unsigned compare") {
            signed_comparisons(&mut body, width);
        }
    }
    Program::new(body, implicit)
}

/// The GCN1-3 manuals state a scalar instruction's SCC in a sentence where the later
/// manuals write the comparison (Vega: `SCC = (D != 0).`, `SCC = (EXEC != 0).`):
/// `SCC = 1 if result is non-zero.` (also without `is`, without spaces, and once as `CC =`
/// in GCN3's S_BFE_I64, the only condition code a scalar instruction writes), and the
/// SAVEEXEC texts' `SCC = 1 if the new value of EXEC is non-zero.` Those sentences become
/// that code on a line of their own; any other sentence stays prose
/// ([`crate::lexer::prose_assignment`]).
pub fn scc_sentences(code: &str) -> std::borrow::Cow<'_, str> {
    const SENTENCES: [(&str, &str); 3] = [
        ("1 if result is non-zero", "(D != 0)"),
        ("1 if result non-zero", "(D != 0)"),
        ("1 if the new value of EXEC is non-zero", "(EXEC != 0)"),
    ];
    if !SENTENCES
        .iter()
        .any(|(sentence, _)| code.contains(sentence))
    {
        return code.into();
    }
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some((at, sentence, value)) = SENTENCES
        .iter()
        .filter_map(|(s, v)| rest.find(s).map(|at| (at, *s, *v)))
        .min_by_key(|(at, ..)| *at)
    {
        let before = &rest[..at];
        let target = before.trim_end().strip_suffix('=').map(str::trim_end);
        match target.and_then(|t| t.strip_suffix("CC")) {
            Some(head) => {
                let head = head.strip_suffix('S').unwrap_or(head);
                out.push_str(head);
                out.push_str("\nSCC = ");
                out.push_str(value);
            }
            None => {
                out.push_str(before);
                out.push_str(sentence);
            }
        }
        rest = &rest[at + sentence.len()..];
    }
    out.push_str(rest);
    out.into()
}

/// A byte load's access width where its text gives none: the older D16 byte loads read
/// `{8 'h0, MEM[ADDR]}`, whose byte CDNA3's texts of the same instructions write
/// `MEM[addr].u8`.
fn byte_access(name: &str) -> Option<u32> {
    name.contains("BYTE").then_some(8)
}

/// `// 32bit`, `// 64bit`... before an older memory text's code: its access width.
fn memory_width_comment(code: &str) -> Option<u32> {
    let first = code.lines().next()?.trim().strip_prefix("//")?.trim();
    first.strip_suffix("bit")?.parse().ok()
}

/// The type an opcode's name ends with (`V_CMP_EQ_F32`: f32, `V_CVT_F32_I32`: the
/// source's i32), if it ends with one.
fn opcode_type(name: &str) -> Option<Ty> {
    let last = name.rsplit('_').next()?;
    Ty::from_suffix(&last.to_ascii_lowercase())
}

fn int(n: u32) -> Expr {
    Expr::Int {
        value: n.into(),
        ty: None,
        hex: false,
    }
}

fn constant(e: &Expr) -> Option<u32> {
    match e {
        Expr::Int { value, .. } => u32::try_from(value).ok(),
        _ => None,
    }
}

/// Bare operands in an operation or a call: `S0`, `S1` and `S2` take the opcode's type
/// (`D.u64[threadId] = (S0 == S1)` in V_CMP_EQ_F32), `SIMM16` is the 16-bit field
/// (`signext(SIMM16)`).
fn typed_bare_operands(body: &mut [Stmt], opcode: Option<Ty>) {
    let give_type = |e: &mut Expr| match e {
        Expr::Name(n) if n == "SIMM16" => {
            *e = Expr::Slice(Box::new(e.take()), Box::new(int(15)), Box::new(int(0)));
        }
        Expr::Name(n) if matches!(n.as_str(), "S0" | "S1" | "S2") => {
            if let Some(ty) = opcode {
                *e = Expr::Typed(Box::new(e.take()), ty);
            }
        }
        _ => {}
    };
    rewrite_exprs_of(body, &mut |e| match e {
        Expr::Unary(_, a) => give_type(a),
        Expr::Binary(_, a, b) | Expr::Ternary(_, a, b) => {
            give_type(a);
            give_type(b);
        }
        // Another instruction's text called by name (`V_SAD_U8(S0, S1, 0)` in V_SAD_HI_U8)
        // types its own sources: the caller's suffix names its result, not theirs.
        Expr::Call(name, args) if !(name.starts_with("v_") || name.starts_with("s_")) => {
            args.iter_mut().for_each(give_type)
        }
        _ => {}
    });
}

/// `N` in S_LSHL1_ADD_U32 .. S_LSHL4_ADD_U32 (`D.u = (S0.u << N) + S1.u`), "the shift value in
/// the opcode", as the texts' comment says: the digit after LSHL.
fn opcode_shift(body: &mut [Stmt], name: &str) {
    let shift = name
        .strip_prefix("S_LSHL")
        .and_then(|rest| rest.strip_suffix("_ADD_U32"))
        .and_then(|digits| digits.parse::<u32>().ok());
    let Some(shift) = shift else {
        return;
    };
    rewrite_exprs_of(body, &mut |e| {
        if matches!(e, Expr::Name(n) if n == "N") {
            *e = int(shift);
        }
    });
}

/// `opcode_size_in_bits`, the bound of the older bit loops (`for i in 0 ... opcode_size_in_bits
/// - 1 do`), is the width of the type the opcode's name ends with.
fn opcode_size(body: &mut [Stmt], opcode: Option<Ty>) {
    let Some(ty) = opcode else {
        return;
    };
    rewrite_exprs_of(body, &mut |e| {
        if matches!(e, Expr::Name(n) if n == "opcode_size_in_bits") {
            *e = int(ty.width);
        }
    });
}

/// `X.f[31:16]` (the high f16 of a 32-bit value), `X.i[23:0]` (an i24): a type followed
/// by a constant bit range views those bits as that type at the range's width, on
/// either side of an assignment. A range used as a shift count stays unsigned.
fn typed_slices(body: &mut [Stmt]) {
    rewrite_exprs_of(body, &mut |e| match e {
        Expr::Slice(base, hi, lo) => {
            let (Some(hi), Some(lo)) = (constant(hi), constant(lo)) else {
                return;
            };
            let Expr::Typed(inner, ty) = base.as_mut() else {
                return;
            };
            let width = hi.saturating_sub(lo) + 1;
            if hi < lo || (ty.is_float() && !matches!(width, 16 | 32 | 64)) {
                return;
            }
            let view = Ty::new(ty.kind, width);
            let bits = Expr::Slice(Box::new(inner.take()), Box::new(int(hi)), Box::new(int(lo)));
            *e = Expr::Typed(Box::new(bits), view);
        }
        Expr::Binary(BinOp::Shl | BinOp::Shr, _, count) => {
            if let Expr::Typed(inner, ty) = count.as_mut() {
                if ty.kind == TyKind::I && matches!(inner.as_ref(), Expr::Slice(..)) {
                    ty.kind = TyKind::U;
                }
            }
        }
        _ => {}
    });
}

/// `S0.f == NaN` and `S0.f == sNaN` in the older texts ask whether the value is a NaN, a
/// signalling NaN (V_MAX_F32: "if (S0.f == NaN) D.f = S1.f"), where IEEE equality with a NaN
/// never holds; the newer texts write `isNAN(...)`, `isSignalNAN(...)`. `!=` is the negation.
fn nan_tests(body: &mut [Stmt]) {
    let test = |e: &Expr| match e {
        Expr::Name(n) if n.eq_ignore_ascii_case("nan") => Some("isNAN"),
        Expr::Name(n) if n == "sNaN" || n == "SNAN" => Some("isSignalNAN"),
        Expr::Name(n) if n == "qNaN" || n == "QNAN" => Some("isQuietNAN"),
        _ => None,
    };
    rewrite_exprs_of(body, &mut |e| {
        let Expr::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) = e else {
            return;
        };
        let negate = *op == BinOp::Ne;
        let (helper, value) = match (test(a), test(b)) {
            (None, Some(helper)) => (helper, a.take()),
            (Some(helper), None) => (helper, b.take()),
            _ => return,
        };
        let call = Expr::Call(Name::new(helper), vec![value]);
        *e = if negate {
            Expr::Unary(UnOp::Not, Box::new(call))
        } else {
            call
        };
    });
}

/// State the older texts name otherwise: `IEEE_MODE` is the mode register's IEEE bit, which
/// the newer texts read as `WAVE_MODE.IEEE` (the same V_MAX_F32 branches on either), and
/// V_MBCNT's `ThreadPosition` is the lane the newer texts call `laneId`.
fn newer_state_names(body: &mut [Stmt]) {
    rewrite_exprs_of(body, &mut |e| match e {
        Expr::Name(n) if n == "IEEE_MODE" => {
            let mode = Box::new(Expr::Name(Name::new("WAVE_MODE")));
            *e = Expr::Field(mode, "IEEE".into());
        }
        Expr::Name(n) if n == "ThreadPosition" => *e = Expr::Name(Name::new("laneId")),
        _ => {}
    });
}

/// `S0.addr`, `D.addr` (`SGPR[D.addr] = SGPR[S0.addr + M0[31:0]]`): the register number in
/// the operand's field, which the newer texts read as `SRC0` and `DST` (`addr = SRC0.u`).
fn register_addresses(body: &mut [Stmt]) {
    rewrite_exprs_of(body, &mut |e| {
        let Expr::Field(base, field) = e else {
            return;
        };
        let Expr::Name(n) = base.as_ref() else {
            return;
        };
        let raw = match n.as_str() {
            "S0" => "SRC0",
            "D" | "D0" => "DST",
            _ => return,
        };
        if field == "addr" {
            *e = Expr::Name(Name::new(raw));
        }
    });
}

/// A memory text's `addr` that it never assigns: the address `ADDR` its other accesses use.
fn lowercase_memory_address(body: &mut [Stmt]) {
    if crate::uses::Uses::of_body(body).locals.contains("addr") {
        return;
    }
    rewrite_exprs_of(body, &mut |e| {
        if matches!(e, Expr::Name(n) if n == "addr") {
            *e = Expr::Name(Name::new("ADDR"));
        }
    });
}

/// `S0.f64.exp`, the older V_FREXP_EXP_I32_F64's biased exponent field of a float, is the
/// newer texts' `exponent(S0.f64)`.
fn exponent_fields(body: &mut [Stmt]) {
    rewrite_exprs_of(body, &mut |e| {
        let Expr::Field(base, field) = e else {
            return;
        };
        let float = matches!(base.as_ref(), Expr::Typed(_, ty) if ty.is_float());
        if field == "exp" && float {
            *e = Expr::Call(Name::new("exponent"), vec![base.take()]);
        }
    });
}

/// `2 ** n`: the older texts use `**` only for powers of two that scale a float (V_LDEXP,
/// V_DIV_FMAS), where the newer write `2.0 ** n`; an integer power has no negative
/// exponent, so the base is read as the real 2.0.
fn real_powers_of_two(body: &mut [Stmt]) {
    rewrite_exprs_of(body, &mut |e| {
        if let Expr::Binary(BinOp::Pow, base, _) = e {
            let two = crate::int::Int::from(2);
            let two = matches!(base.as_ref(), Expr::Int { value, ty: None, .. } if *value == two);
            if two {
                **base = Expr::Float {
                    value: 2.0,
                    single: false,
                };
            }
        }
    });
}

/// In an FMA opcode the older texts write the fused multiply-add as `a * b + c`.
fn fused_multiply_add(body: &mut [Stmt]) {
    rewrite_exprs_of(body, &mut |e| {
        if let Expr::Binary(BinOp::Add, product, addend) = e {
            if let Expr::Binary(BinOp::Mul, a, b) = product.as_mut() {
                let args = vec![a.take(), b.take(), addend.take()];
                *e = Expr::Call(Name::new("fma"), args);
            }
        }
    });
}

/// In the older memory texts a constant index or ascending range on a bare operand counts
/// 32-bit registers (`DATA[0:1]` is the register pair, `RETURN_DATA[0]` the first
/// register), where elsewhere it counts bits (`S1.u[4:0]`).
fn dword_indexing(body: &mut [Stmt]) {
    rewrite_exprs_of(body, &mut |e| {
        let (base, first, last) = match e {
            Expr::Index(base, k) => match constant(k) {
                Some(k) => (base, k, k),
                None => return,
            },
            Expr::Slice(base, lo, hi) => match (constant(lo), constant(hi)) {
                (Some(lo), Some(hi)) if lo < hi => (base, lo, hi),
                _ => return,
            },
            _ => return,
        };
        if !matches!(base.as_ref(), Expr::Name(n) if n != "MEM") {
            return;
        }
        let base = Box::new(base.take());
        *e = Expr::Slice(
            base,
            Box::new(int(32 * last + 31)),
            Box::new(int(32 * first)),
        );
    });
}

/// A memory text whose comment says `signed compare` compares its bare operands
/// (`(DATA > tmp) ? DATA : tmp`) as signed integers of the access width.
fn signed_comparisons(body: &mut [Stmt], width: u32) {
    let signed = Ty::new(TyKind::I, width);
    let give_sign = |e: &mut Expr| {
        if matches!(e, Expr::Name(_)) {
            *e = Expr::Typed(Box::new(e.take()), signed);
        }
    };
    rewrite_exprs_of(body, &mut |e| {
        if let Expr::Binary(BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, a, b) = e {
            give_sign(a);
            give_sign(b);
        }
    });
}

/// The older LDS texts read and write the encoding's data and destination fields by name
/// where a value is meant (RDNA1's `MEM[ADDR].f32 += DATA0.f32; VDST.f32 = tmp`), and use
/// the same names bare for register numbers (`VGPR[DATA0]`). A typed use is the value the
/// newer texts call `DATA`, `DATA2` and `RETURN_DATA`.
fn lds_field_values(body: &mut [Stmt]) {
    rewrite_exprs_of(body, &mut |e| {
        let Expr::Typed(base, _) = e else {
            return;
        };
        let Expr::Name(n) = base.as_ref() else {
            return;
        };
        let newer = match n.as_str() {
            "DATA0" => "DATA",
            "DATA1" => "DATA2",
            "VDST" => "RETURN_DATA",
            _ => return,
        };
        **base = Expr::Name(Name::new(newer));
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn scc_sentences_are_the_later_manuals_comparisons() {
        let read = |code: &str| super::scc_sentences(code).into_owned();
        assert_eq!(
            read("D.u = S0.u & S1.u.\nSCC = 1 if result is non-zero."),
            "D.u = S0.u & S1.u.\n\nSCC = (D != 0)."
        );
        assert_eq!(
            read("D.u = ~S0.u SCC = 1 if result non-zero."),
            "D.u = ~S0.u \nSCC = (D != 0)."
        );
        assert_eq!(read("CC = 1 if result is non-zero."), "\nSCC = (D != 0).");
        assert_eq!(
            read("EXEC = S0.u & EXEC.\nSCC = 1 if the new value of EXEC is non-zero."),
            "EXEC = S0.u & EXEC.\n\nSCC = (EXEC != 0)."
        );
        // Another sentence, or the words without an SCC target, stay as written.
        let kept = "SCC = 1 if S0 is max.\nD = 1 if result is non-zero";
        assert_eq!(read(kept), kept);
    }

    use super::*;

    /// A typed LDS field is its value's newer name; a bare one, a register number, stays.
    #[test]
    fn typed_lds_fields_are_the_newer_value_names() {
        let code = "VDST.f32 = DATA0.f32 + DATA1.f32;\nVGPR[DATA0] = 0";
        let program = read(crate::parse(code).unwrap(), "DS_TEST_F32", code);
        let names = crate::uses::free_names(&program);
        for newer in ["RETURN_DATA", "DATA", "DATA2", "DATA0"] {
            assert!(names.contains(newer), "{newer}: {names:?}");
        }
        assert!(
            !names.contains("VDST") && !names.contains("DATA1"),
            "{names:?}"
        );
        let elsewhere = read(crate::parse(code).unwrap(), "V_TEST_F32", code);
        assert!(crate::uses::free_names(&elsewhere).contains("VDST"));
    }

    /// `S0.addr`/`D.addr` are the raw field numbers; a memory text's unassigned `addr` is
    /// `ADDR`, an assigned one stays the text's own.
    #[test]
    fn register_addresses_and_the_lowercase_memory_address() {
        let names = |name: &str, code: &str| {
            crate::uses::free_names(&read(crate::parse(code).unwrap(), name, code))
        };
        let moved = names(
            "S_TEST_B32",
            "SGPR[D.addr].u32 = SGPR[S0.addr + M0[31:0]].u32",
        );
        assert!(moved.contains("DST") && moved.contains("SRC0"), "{moved:?}");
        let csub = names("BUFFER_TEST", "tmp = MEM[ADDR];\nMEM[addr] = tmp + 1");
        assert!(!csub.contains("addr") && csub.contains("ADDR"), "{csub:?}");
        let code = "addr = ADDR + 4;\nMEM[addr] = MEM[ADDR]";
        let own = read(crate::parse(code).unwrap(), "DS_TEST", code);
        assert!(crate::uses::Uses::of_program(&own).locals.contains("addr"));
    }
}
