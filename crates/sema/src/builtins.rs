//! Helper functions the pseudocode calls (`fma`, `isNAN`, `signext`, `f32_to_f16`...).

use crate::ast::{Ty, TyKind};
use crate::int::Int;
use crate::value::*;
use crate::ExecError;
use num_traits::{Signed, ToPrimitive};

fn unsupported(construct: impl Into<String>) -> ExecError {
    ExecError::Unsupported {
        construct: construct.into(),
    }
}

fn arity(name: &str, args: &[Value], n: usize) -> Result<(), ExecError> {
    if args.len() == n {
        Ok(())
    } else {
        Err(unsupported(format!("call-arity:{name}")))
    }
}

fn f(v: &Value) -> Result<f64, ExecError> {
    v.as_f64()
        .ok_or_else(|| unsupported("non-numeric-argument"))
}

fn int(v: &Value) -> Result<Int, ExecError> {
    v.as_int()
        .ok_or_else(|| unsupported("non-integer-argument"))
}

/// Float format of an argument (f64 for integers).
fn fty(v: &Value) -> Ty {
    match v {
        Value::Float { ty, .. } => *ty,
        _ => Ty::new(TyKind::F, 64),
    }
}

const F64: Ty = Ty::new(TyKind::F, 64);

/// Field layout (exponent bits, mantissa bits) of a float format.
fn layout(ty: Ty) -> (u32, u32) {
    match (ty.kind, ty.width) {
        (TyKind::BF, _) => (8, 7),
        (TyKind::FP8, _) => (4, 3),
        (TyKind::BF8, _) => (5, 2),
        (_, 16) => (5, 10),
        (_, 32) => (8, 23),
        _ => (11, 52),
    }
}

fn float_bits_of(v: &Value) -> Result<(u64, Ty), ExecError> {
    match v {
        Value::Float { v, ty } => Ok((float_to_bits(*v, *ty), *ty)),
        _ => Err(unsupported("float-helper-on-integer")),
    }
}

fn is_signaling(v: &Value) -> Result<bool, ExecError> {
    let (bits, ty) = float_bits_of(v)?;
    let (_, m) = layout(ty);
    Ok(f(v)?.is_nan() && bits >> (m - 1) & 1 == 0)
}

fn numeric_minmax(args: &[Value], want_max: bool) -> Result<Value, ExecError> {
    let mut best = args[0].clone();
    for a in &args[1..] {
        let pick = if best.is_float() || a.is_float() {
            let (x, y) = (f(&best)?, f(a)?);
            if x.is_nan() {
                true
            } else if y.is_nan() {
                false
            } else if want_max {
                y > x
            } else {
                y < x
            }
        } else {
            let (x, y) = (int(&best)?, int(a)?);
            if want_max {
                y > x
            } else {
                y < x
            }
        };
        if pick {
            best = a.clone();
        }
    }
    Ok(best)
}

/// Parses `f32`, `i16`, `u8`, `snorm`... from a conversion helper name.
fn conv_ty(s: &str) -> Option<Ty> {
    match s {
        "snorm" | "unorm" => None,
        _ => Ty::from_suffix(s),
    }
}

/// `<from>_to_<to>`: numeric conversion; float to integer truncates toward zero
/// and saturates (NaN gives 0); integer to integer saturates.
fn convert(name: &str, to: &str, arg: &Value) -> Result<Value, ExecError> {
    if to == "snorm" || to == "unorm" {
        let x = f(arg)?;
        let width = match arg {
            Value::Float { ty, .. } if ty.width == 16 => 16,
            _ => 16,
        };
        let (lo, scale) = if to == "snorm" {
            (-1.0, f64::from((1u32 << (width - 1)) - 1))
        } else {
            (0.0, f64::from(((1u64 << width) - 1) as u32))
        };
        let c = if x.is_nan() { 0.0 } else { x.clamp(lo, 1.0) };
        let r = (c * scale).round_ties_even();
        let ty = Ty::new(if to == "snorm" { TyKind::I } else { TyKind::U }, width);
        return Ok(int_value(Int::from(r as i64), ty));
    }
    let ty = conv_ty(to).ok_or_else(|| unsupported(format!("call:{name}")))?;
    if ty.is_float() {
        return Ok(float_value(quieted(f(arg)?), ty));
    }
    let min = if ty.kind == TyKind::I {
        -(Int::one() << (ty.width - 1))
    } else {
        Int::zero()
    };
    let max = if ty.kind == TyKind::I {
        (Int::one() << (ty.width - 1)) - 1
    } else {
        mask(ty.width)
    };
    let v = match arg {
        Value::Float { v, .. } if v.is_nan() => Int::zero(),
        Value::Float { v, .. } if v.is_infinite() => {
            if *v > 0.0 {
                max.clone()
            } else {
                min.clone()
            }
        }
        other => int(other)?,
    };
    let clamped = if v < min {
        min
    } else if v > max {
        max
    } else {
        v
    };
    Ok(int_value(clamped, ty))
}

/// `x` with a NaN made quiet. A conversion is an operation, which quiets a signalling NaN
/// (IEEE 754 6.2); a register read or move keeps it (see [`float_from_bits`]).
fn quieted(x: f64) -> f64 {
    if x.is_nan() {
        f64::from_bits(x.to_bits() | 1 << 51)
    } else {
        x
    }
}

/// Rounds `x` to `ty` in FP_ROUND mode `mode` (see [`crate::State::round_mode`]).
fn round_in_mode(x: f64, ty: Ty, mode: u8) -> f64 {
    let x = quieted(x);
    let nearest = round_float(x, ty);
    if nearest == x || x.is_nan() || mode == 0 {
        return nearest;
    }
    if nearest.is_nan() {
        // E4M3 has no infinity: a finite `x` past its range rounds to NaN to nearest, and
        // the modes rounding toward zero stop at the largest finite value (0x7e, 448).
        // Stepping from the NaN code instead gave -0 (f32_to_fp8(465.0) toward zero).
        let toward_zero = mode == 3 || (mode == 1) == (x < 0.0);
        return if toward_zero && x.is_finite() {
            float_from_bits(0x7e, ty).copysign(x)
        } else {
            nearest
        };
    }
    let sign_bit = 1u64 << (ty.width - 1);
    let step = |v: f64, up: bool| {
        let b = float_to_bits(v, ty);
        let next = if v == 0.0 {
            if up {
                1
            } else {
                sign_bit | 1
            }
        } else if (v > 0.0) == up {
            b + 1
        } else {
            b - 1
        };
        float_from_bits(next, ty)
    };
    let (lower, upper) = if nearest < x {
        (nearest, step(nearest, true))
    } else {
        (step(nearest, false), nearest)
    };
    match mode {
        1 => upper,
        2 => lower,
        _ if x > 0.0 => lower,
        _ => upper,
    }
}

/// `CalcBufferAddr`, `CalcGlobalAddr`...: the helpers that form a memory address.
pub(crate) fn is_address_helper(name: &str) -> bool {
    name.starts_with("Calc") && name.ends_with("Addr")
}

/// `Calc*Addr(base, offsets...)`: the address is the base plus the offsets; the
/// descriptor fields (stride, swizzle, bounds) are not modelled.
fn address_sum(args: &[Value]) -> Result<Value, ExecError> {
    let mut sum = Int::zero();
    for a in args {
        sum += int(a)?;
    }
    Ok(int_value(sum, Ty::new(TyKind::U, 64)))
}

/// A family of helpers: the value of the call, or `None` when the name is not one of them.
type HelperFamily = fn(&str, &[Value]) -> Result<Option<Value>, ExecError>;

/// Dispatches a helper call on evaluated arguments; `round_mode` is FP_ROUND.
///
/// Each family below answers `None` for names it does not know; the order matters where
/// names overlap (`float32` with three arguments is a field constructor, else a conversion).
pub fn call(name: &str, args: &[Value], round_mode: u8) -> Result<Value, ExecError> {
    if let Some(v) = name_pattern_helper(name, args, round_mode)? {
        return Ok(v);
    }
    if let Some(v) = instruction_helper(name, args)? {
        return Ok(v);
    }
    let families: [HelperFamily; 5] = [
        float_class_helper,
        float_field_helper,
        arithmetic_helper,
        bit_helper,
        format_helper,
    ];
    for family in families {
        if let Some(v) = family(name, args)? {
            return Ok(v);
        }
    }
    Err(unsupported(format!("call:{name}")))
}

/// Helpers recognised by the shape of their name rather than the whole name:
/// `<from>_to_<to>` conversions, `Calc*Addr`, the S_SETREG write mask and `ChannelOffset*`.
fn name_pattern_helper(
    name: &str,
    args: &[Value],
    round_mode: u8,
) -> Result<Option<Value>, ExecError> {
    // Found by a plain byte scan: a substring searcher set up per call was most of a call's
    // cost.
    let conversion = (name.as_bytes().windows(4).position(|w| w == b"_to_"))
        .map(|at| (&name[..at], &name[at + 4..]));
    if let Some((from, to)) = conversion {
        if conv_ty(from).is_some() {
            arity(name, args, 1)?;
            if let Some(ty) = conv_ty(to).filter(|t| t.is_float()) {
                return Ok(Some(Value::Float {
                    v: round_in_mode(f(&args[0])?, ty, round_mode),
                    ty,
                }));
            }
            return convert(name, to, &args[0]).map(Some);
        }
    }
    if is_address_helper(name) {
        return address_sum(args).map(Some);
    }
    if matches!(name, "writeableBitMask" | "HwRegWriteMask") {
        // `(hwRegId, privileged)`: which bits of a hardware register S_SETREG may change.
        // Per-register write protection is not modelled: every bit is writable.
        arity(name, args, 2)?;
        return Ok(Some(int_value(Int::from(u32::MAX), Ty::new(TyKind::U, 32))));
    }
    if let Some(channel) = name.strip_prefix("ChannelOffset") {
        // Byte offset of a channel in the raw 32-bit-per-channel format (see ConvertFromFormat).
        arity(name, args, 0)?;
        let index = ["X", "Y", "Z", "W"]
            .iter()
            .position(|c| *c == channel)
            .ok_or_else(|| unsupported(format!("call:{name}")))?;
        return Ok(Some(int_value(
            Int::from(4 * index),
            Ty::new(TyKind::U, 32),
        )));
    }
    Ok(None)
}

/// Classification of floats (`isNAN`, `isDENORM`, `isEven`...) and `cvtToQuietNAN`.
fn float_class_helper(name: &str, args: &[Value]) -> Result<Option<Value>, ExecError> {
    let v = match name {
        "isNAN" => {
            arity(name, args, 1)?;
            bool_value(f(&args[0])?.is_nan())
        }
        "isSignalNAN" => {
            arity(name, args, 1)?;
            bool_value(is_signaling(&args[0])?)
        }
        "isQuietNAN" => {
            arity(name, args, 1)?;
            bool_value(f(&args[0])?.is_nan() && !is_signaling(&args[0])?)
        }
        "isINF" => {
            arity(name, args, 1)?;
            bool_value(f(&args[0])?.is_infinite())
        }
        "isDENORM" => {
            arity(name, args, 1)?;
            let (bits, ty) = float_bits_of(&args[0])?;
            let (e, m) = layout(ty);
            bool_value((bits >> m) & ((1 << e) - 1) == 0 && bits & ((1 << m) - 1) != 0)
        }
        "isEven" => {
            arity(name, args, 1)?;
            let x = f(&args[0])?;
            bool_value(x.is_finite() && x % 2.0 == 0.0)
        }
        "cvtToQuietNAN" => {
            arity(name, args, 1)?;
            let (bits, ty) = float_bits_of(&args[0])?;
            let (_, m) = layout(ty);
            Value::Float {
                v: float_from_bits(bits | 1 << (m - 1), ty),
                ty,
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// The significand `s` of C's frexp: `x = s * 2^e` with 0.5 <= |s| < 1 (denormals
/// normalised); zero, infinities and NaN are returned as they are. Exact: the f64's integer
/// significand scaled by a power of two.
fn frexp_significand(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let (mantissa, _, sign) = num_traits::float::FloatCore::integer_decode(x);
    let bits = 64 - mantissa.leading_zeros() as i32;
    f64::from(sign) * mantissa as f64 * 2f64.powi(-bits)
}

/// The fields of a float: built from them (`float32(sign, exponent, mantissa)`) or
/// read out (`sign`, `exponent`, `mantissa`); and frexp's `significand` (see
/// [`crate::parser`]'s reading of `mantissa`).
fn float_field_helper(name: &str, args: &[Value]) -> Result<Option<Value>, ExecError> {
    let v = match name {
        "float32" if args.len() == 3 => {
            // `float32(sign, exponent, mantissa)`: the single-precision value with these fields.
            let field = |v: &Value, bits: u32| -> Result<u32, ExecError> {
                Ok((int(v)? & Int::from((1u64 << bits) - 1))
                    .to_u32()
                    .unwrap_or(0))
            };
            let bits = field(&args[0], 1)? << 31 | field(&args[1], 8)? << 23 | field(&args[2], 23)?;
            // From the bits, not through `f32 -> f64`, which would quiet a signalling NaN.
            let ty = Ty::new(TyKind::F, 32);
            Value::Float {
                v: float_from_bits(u64::from(bits), ty),
                ty,
            }
        }
        "sign" => {
            arity(name, args, 1)?;
            match &args[0] {
                Value::Float { .. } => {
                    let (bits, ty) = float_bits_of(&args[0])?;
                    bool_value(bits >> (ty.width - 1) & 1 == 1)
                }
                other => bool_value(int(other)?.is_negative()),
            }
        }
        "exponent" => {
            arity(name, args, 1)?;
            let (bits, ty) = float_bits_of(&args[0])?;
            let (e, m) = layout(ty);
            Value::Int {
                v: Int::from((bits >> m) & ((1 << e) - 1)),
                ty: None,
            }
        }
        "significand" => {
            arity(name, args, 1)?;
            match &args[0] {
                Value::Float { v, ty } => Value::Float {
                    v: frexp_significand(*v),
                    ty: *ty,
                },
                _ => return Err(unsupported("significand-of-integer")),
            }
        }
        "mantissa" => {
            arity(name, args, 1)?;
            let (bits, ty) = float_bits_of(&args[0])?;
            let (_, m) = layout(ty);
            Value::Int {
                v: Int::from(bits & ((1 << m) - 1)),
                ty: None,
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// Arithmetic: `abs`, `ABSDIFF`, `min`/`max`, the one-argument float functions,
/// `pow`, `fma` and `ldexp`.
fn arithmetic_helper(name: &str, args: &[Value]) -> Result<Option<Value>, ExecError> {
    let v = match name {
        "abs" | "fabs" => {
            arity(name, args, 1)?;
            match &args[0] {
                Value::Float { v, ty } => Value::Float {
                    v: v.abs(),
                    ty: *ty,
                },
                Value::Int { v, ty } => match ty {
                    Some(t) => int_value(v.abs(), *t),
                    None => Value::Int {
                        v: v.abs(),
                        ty: None,
                    },
                },
                _ => return Err(unsupported("abs-of-aggregate")),
            }
        }
        "ABSDIFF" => {
            arity(name, args, 2)?;
            let (a, b) = (int(&args[0])?, int(&args[1])?);
            Value::Int {
                v: (a - b).abs(),
                ty: None,
            }
        }
        "min" | "max" | "MIN" | "MAX" => {
            if args.is_empty() {
                return Err(unsupported(format!("call-arity:{name}")));
            }
            numeric_minmax(args, name.eq_ignore_ascii_case("max"))?
        }
        "sqrt" | "trunc" | "floor" | "ceil" | "fract" | "rcp" | "rsq" | "log" | "log2" | "exp"
        | "exp2" | "sin" | "cos" | "RoundToEven" | "roundEven" => {
            arity(name, args, 1)?;
            float_value(unary_float(name, f(&args[0])?), fty(&args[0]))
        }
        "pow" => {
            arity(name, args, 2)?;
            float_value(f(&args[0])?.powf(f(&args[1])?), fty(&args[0]))
        }
        "fma" => {
            arity(name, args, 3)?;
            let ty = [&args[0], &args[1], &args[2]]
                .iter()
                .map(|a| fty(a))
                .max_by_key(|t| t.width)
                .unwrap_or(F64);
            let (a, b, c) = (f(&args[0])?, f(&args[1])?, f(&args[2])?);
            let r = if ty == F64 {
                a.mul_add(b, c)
            } else {
                fma_round_to_odd(a, b, c)
            };
            float_value(r, ty)
        }
        "ldexp" => {
            arity(name, args, 2)?;
            let x = f(&args[0])?;
            let n = int(&args[1])?
                .to_i32()
                .ok_or_else(|| unsupported("ldexp-exponent"))?;
            float_value(ldexp(x, n), fty(&args[0]))
        }
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// The one-argument float function `name` (`sqrt`, `floor`, `log`...) applied to `x`;
/// any name not listed rounds to even.
fn unary_float(name: &str, x: f64) -> f64 {
    match name {
        "sqrt" => x.sqrt(),
        "trunc" => x.trunc(),
        "floor" => x.floor(),
        "ceil" => x.ceil(),
        "fract" => x - x.floor(),
        "rcp" => 1.0 / x,
        "rsq" => 1.0 / x.sqrt(),
        // The ISA's log and exp are base 2.
        "log" | "log2" => x.log2(),
        "exp" | "exp2" => x.exp2(),
        "sin" => x.sin(),
        "cos" => x.cos(),
        _ => x.round_ties_even(),
    }
}

/// Bit manipulation: sign extension, population count and bit reversal.
fn bit_helper(name: &str, args: &[Value]) -> Result<Option<Value>, ExecError> {
    let v = match name {
        "signext" => {
            // The operand's top bit is its sign, whatever its declared kind: AMD applies
            // signext to unsigned-typed values that hold signed fields, such as a slice
            // (`signext(MEM[ADDR][7 : 0])`, a signed byte load), `signext(S1.u64) >> n` (an
            // arithmetic shift) and `signext(SIMM16.i16 * 16'4)` (typed u16, as i16 times
            // b16). Returning the value as it was zero-extended them: the branch offset of
            // SIMM16 = -1 came out as 65532 instead of -4.
            arity(name, args, 1)?;
            let v = match &args[0] {
                Value::Int { v, ty: Some(t) } => normalize(v.clone(), Ty::new(TyKind::I, t.width)),
                other => int(other)?,
            };
            Value::Int { v, ty: None }
        }
        "signext_from_bit" | "signextFromBit" => {
            arity(name, args, 2)?;
            let w = int(&args[1])?
                .to_u32()
                .ok_or_else(|| unsupported("signext-width"))?;
            let v = int(&args[0])?;
            let r = if w == 0 {
                Int::zero()
            } else {
                normalize(v, Ty::new(TyKind::I, w))
            };
            match args[0] {
                Value::Int { ty: Some(t), .. } => int_value(r, t),
                _ => Value::Int { v: r, ty: None },
            }
        }
        "count_ones" | "countbits" | "bitCount" | "count_zeros" => {
            arity(name, args, 1)?;
            let w = args[0].width().unwrap_or(64);
            let bits = args[0].bits(w).ok_or_else(|| unsupported("countbits"))?;
            let ones = bits.count_ones().ok_or_else(|| unsupported("countbits"))?;
            // The zeros of the operand's own width (S_BCNT0_I32_B32 counts 32 bits).
            let count = if name == "count_zeros" {
                u64::from(w) - ones
            } else {
                ones
            };
            Value::Int {
                v: Int::from(count),
                ty: None,
            }
        }
        "reverse_bits" => {
            arity(name, args, 1)?;
            let w = args[0].width().unwrap_or(32);
            let bits = args[0].bits(w).ok_or_else(|| unsupported("reverse_bits"))?;
            int_value(reverse_bits(&bits, w), Ty::new(TyKind::B, w))
        }
        // The GCN1-3 manuals' S_WQM and S_QUADMASK helpers, as their descriptions define
        // them: `WholeQuadMode` sets all four bits of each group of four that has a bit set
        // (S_WQM_B32: "checks each group of four bits ... all four bits are set to 1"),
        // `QuadMask` gives bit i the OR of the operand's bits 4i+3..4i (S_QUADMASK_B32:
        // "D[0] = OR(S0[3:0]), D[1] = OR(S0[7:4])" and on).
        "WholeQuadMode" | "QuadMask" => {
            arity(name, args, 1)?;
            let w = args[0].width().unwrap_or(32);
            let bits = args[0]
                .bits(w)
                .ok_or_else(|| unsupported(format!("call:{name}")))?;
            let mut r = Int::zero();
            for quad in 0..u64::from(w / 4) {
                let any = (4 * quad..4 * quad + 4).any(|i| bits.bit(i));
                if name == "QuadMask" {
                    r.set_bit(quad, any);
                } else {
                    (4 * quad..4 * quad + 4).for_each(|i| r.set_bit(i, any));
                }
            }
            int_value(r, Ty::new(TyKind::B, w))
        }
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// Format conversions: buffer formats (passed through) and casts named after a type
/// (`f32(x)`, `u16(x)`, `float16(x)`).
fn format_helper(name: &str, args: &[Value]) -> Result<Option<Value>, ExecError> {
    let v = match name {
        // Buffer format conversion depends on the resource descriptor, which is not
        // modelled: data passes through as the raw 32-bit format.
        "ConvertFromFormat" | "ConvertToFormat" => {
            arity(name, args, 1)?;
            args[0].clone()
        }
        // The older manuals' V_FREXP_EXP_*: `D.i = TwosComplement(Exponent(S0.f) - 127 + 1)`,
        // the signed number stored in two's complement, which every integer store does.
        "TwosComplement" => {
            arity(name, args, 1)?;
            Value::Int {
                v: int(&args[0])?,
                ty: None,
            }
        }
        "f16" | "f32" | "f64" | "bf16" | "i32" | "u32" | "i16" | "u16" | "float16" | "float32" => {
            arity(name, args, 1)?;
            let short = name.replace("float", "f");
            let ty = Ty::from_suffix(&short).ok_or_else(|| unsupported(format!("call:{name}")))?;
            match convert(name, &short, &args[0]) {
                Ok(v) => v,
                Err(_) => int_value(int(&args[0])?, ty),
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(v))
}

/// Helpers named after instructions (`v_max_f32`, `v_cvt_i16_f32`, `s_ff1_i32_b64`)
/// for when the arch has no pseudocode of that name to run (see [`crate::Library`]).
fn instruction_helper(name: &str, args: &[Value]) -> Result<Option<Value>, ExecError> {
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        return Ok(None);
    }
    if let Some(width) = name.strip_prefix("s_ff1_i32_b") {
        // Index of the lowest set bit, -1 when there is none.
        let w: u32 = width
            .parse()
            .map_err(|_| unsupported(format!("call:{name}")))?;
        arity(name, args, 1)?;
        let bits = args[0]
            .bits(w)
            .ok_or_else(|| unsupported("ff1-of-aggregate"))?;
        let first = bits.trailing_zeros().map_or(-1, |t| t as i64);
        return Ok(Some(int_value(Int::from(first), Ty::new(TyKind::I, 32))));
    }
    // Only `v_*` names remain: tested before splitting, as most helpers called are not.
    if !name.starts_with("v_") {
        return Ok(None);
    }
    let parts: Vec<&str> = name.split('_').collect();
    if parts.len() < 3 {
        return Ok(None);
    }
    let ty = Ty::from_suffix(parts[2]);
    match (parts[1], ty) {
        ("maximum" | "minimum" | "maximum3" | "minimum3", Some(ty))
            if ty.is_float() && !args.is_empty() && parts.len() == 3 =>
        {
            // IEEE 754-2019 maximum/minimum: NaN wins, quiet (as AMD's V_MAXIMUM_F32 text
            // returns cvtToQuietNAN of a signalling one), and -0 orders below +0.
            let mut best = float_value(quieted(f(&args[0])?), ty);
            for a in &args[1..] {
                let (x, y) = (f(&best)?, f(a)?);
                let take = if x.is_nan() {
                    false
                } else if y.is_nan() {
                    true
                } else if x == y {
                    (x.is_sign_negative() != y.is_sign_negative())
                        && (y.is_sign_positive() == parts[1].starts_with("maximum"))
                } else {
                    (y > x) == parts[1].starts_with("maximum")
                };
                if take {
                    best = float_value(quieted(y), ty);
                }
            }
            Ok(Some(best))
        }
        ("max" | "min" | "max3" | "min3", Some(ty)) if !args.is_empty() && parts.len() == 3 => {
            let typed: Vec<Value> = args
                .iter()
                .map(|a| {
                    if ty.is_float() {
                        Ok(float_value(f(a)?, ty))
                    } else {
                        Ok(int_value(int(a)?, ty))
                    }
                })
                .collect::<Result<_, ExecError>>()?;
            numeric_minmax(&typed, parts[1].starts_with("max")).map(Some)
        }
        // `v_cvt_i16_f32`: the destination type comes first.
        ("cvt", _) if args.len() == 1 && parts.len() == 4 => {
            convert(name, parts[2], &args[0]).map(Some)
        }
        _ => Ok(None),
    }
}

/// `a * b + c` for operands of f32 or narrower formats, rounded to f64 with round-to-odd
/// (an inexact result gets an odd last bit), so that rounding it to the operands' format is
/// the one rounding of a fused multiply-add. The product is exact in f64 (2 x 24 bits); a
/// plain f64 sum would round twice: fma(1 + 2^-12, 1 + 2^-12, 2^-80) in f32 gave the even
/// 1 + 2^-11 instead of 1 + 2^-11 + 2^-23.
fn fma_round_to_odd(a: f64, b: f64, c: f64) -> f64 {
    let p = a * b;
    let s = p + c;
    if !s.is_finite() {
        return s;
    }
    // TwoSum: the exact error of the addition.
    let bb = s - p;
    let err = (p - (s - bb)) + (c - bb);
    if err == 0.0 || s.to_bits() & 1 == 1 {
        s
    } else if err > 0.0 {
        s.next_up()
    } else {
        s.next_down()
    }
}

/// `x * 2^n` without intermediate overflow or premature underflow, rounded once.
///
/// As musl's scalbn: scaling down stops while the exponent left to apply is below -53, so
/// a subnormal intermediate is rounded only when the final result is 0 anyway. Steps of
/// 2^-1000 rounded twice in the subnormal range: ldexp(2^-74 * (2.5 + 2^-40), -1001) gave
/// 2^-1073 instead of 2^-1074.
pub fn ldexp(x: f64, n: i32) -> f64 {
    let mut r = x;
    let mut n = n;
    for _ in 0..2 {
        if n > 1023 {
            r *= 2f64.powi(1023);
            n -= 1023;
        } else if n < -1022 {
            r *= 2f64.powi(-1022 + 53);
            n += 1022 - 53;
        }
    }
    r * 2f64.powi(n.clamp(-1022, 1023))
}

/// pi scaled by 2^prec, from Machin's formula pi = 16 atan(1/5) - 4 atan(1/239); computed
/// once per precision and thread (v_trig_preop's text divides by PI in every lane it runs).
pub fn pi_fixed(prec: u32) -> num_bigint::BigInt {
    thread_local! {
        static COMPUTED: std::cell::RefCell<Vec<(u32, num_bigint::BigInt)>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    COMPUTED.with_borrow_mut(|computed| {
        if let Some((_, pi)) = computed.iter().find(|(p, _)| *p == prec) {
            return pi.clone();
        }
        let guard = 32;
        let p = prec + guard;
        let pi: num_bigint::BigInt = (atan_inv(5, p) * 16 - atan_inv(239, p) * 4) >> guard;
        computed.push((prec, pi.clone()));
        pi
    })
}

/// atan(1/x) scaled by 2^prec, by its Taylor series.
fn atan_inv(x: u32, prec: u32) -> num_bigint::BigInt {
    let one = num_bigint::BigInt::from(1u8) << prec;
    let x2 = num_bigint::BigInt::from(x) * num_bigint::BigInt::from(x);
    let mut power = one / num_bigint::BigInt::from(x);
    let mut sum = num_bigint::BigInt::ZERO;
    let mut k = 0u32;
    while power.bits() > 0 {
        let term = &power / num_bigint::BigInt::from(2 * k + 1);
        if k & 1 == 0 {
            sum += term;
        } else {
            sum -= term;
        }
        power /= &x2;
        k += 1;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quad_helper(name: &str, bits: u64, width: u32) -> u64 {
        let arg = int_value(Int::from(bits), Ty::new(TyKind::U, width));
        let result = call(name, &[arg], 0).unwrap();
        result.bits(width).unwrap().low_u64()
    }

    /// Worked by hand from the S_WQM and S_QUADMASK descriptions of the GCN manuals.
    #[test]
    fn whole_quad_mode_and_quad_mask() {
        // Quads 1, 3 and 6 (bits 7, 13, 24) have a bit set.
        assert_eq!(quad_helper("WholeQuadMode", 0x0100_2080, 32), 0x0f00_f0f0);
        assert_eq!(quad_helper("QuadMask", 0x0100_2080, 32), 0b0100_1010);
        // The top quad of a 64-bit mask, and an empty mask.
        let top = 1u64 << 63 | 1;
        assert_eq!(quad_helper("WholeQuadMode", top, 64), 0xf000_0000_0000_000f);
        assert_eq!(quad_helper("QuadMask", top, 64), 0x8001);
        assert_eq!(quad_helper("WholeQuadMode", 0, 64), 0);
        assert_eq!(quad_helper("QuadMask", 0, 32), 0);
    }
}
