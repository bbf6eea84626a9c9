//! Runtime values: exact integers of any width, IEEE floats, wide fixed-point fractions.

use crate::ast::{Name, Stmt, Ty, TyKind};
use crate::int::Int;
use num_traits::{Signed, ToPrimitive};
use std::sync::Arc;

#[derive(Debug, Clone)]
pub enum Value {
    /// An integer; `ty` (kind U, I or B) fixes its range, `None` is a mathematical integer.
    Int {
        v: Int,
        ty: Option<Ty>,
    },
    /// A float exactly representable in `ty` (F16/F32/F64 or BF16).
    Float {
        v: f64,
        ty: Ty,
    },
    /// A fraction `bits / 2^frac` made by casting a real to a very wide bit type
    /// (`1201'B(2.0 / PI)`); see [`crate::interp`] for how shifts and masks act on it.
    Fixed {
        bits: Int,
        frac: u32,
    },
    Array(Vec<Value>),
    Lambda(Arc<(Vec<Name>, Vec<Stmt>)>),
}

pub fn mask(width: u32) -> Int {
    (Int::one() << width) - 1
}

/// Brings `v` into the range of `ty` (wrapping, two's complement for signed).
///
/// Inlined: nearly every value is an i128 and nearly every type at most 64 bits wide, and
/// the executor normalises every value it makes; the call cost more than the masking.
#[inline]
pub fn normalize(v: Int, ty: Ty) -> Int {
    let signed = ty.kind == TyKind::I && ty.width > 0;
    // The low bits of the two's complement form are the value modulo 2^width.
    if ty.width <= 64 {
        if let Some(x) = v.to_i128() {
            let mask = if ty.width == 0 {
                0
            } else {
                u64::MAX >> (64 - ty.width)
            };
            let r = (x as u64) & mask;
            let negative = signed && (r >> (ty.width - 1)) & 1 == 1;
            return Int::from(if negative {
                i128::from(r) - (1i128 << ty.width)
            } else {
                i128::from(r)
            });
        }
    }
    normalize_wide(v, ty, signed)
}

/// [`normalize`] past 64 bits or of a value past `i128`.
#[inline(never)]
fn normalize_wide(v: Int, ty: Ty, signed: bool) -> Int {
    if ty.width < 127 {
        if let Some(x) = v.to_i128() {
            let modulus = 1i128 << ty.width;
            let r = x & (modulus - 1);
            let negative = signed && (r >> (ty.width - 1)) & 1 == 1;
            return Int::from(if negative { r - modulus } else { r });
        }
    }
    if in_range(&v, ty.width, signed) {
        return v;
    }
    let m = Int::one() << ty.width;
    let mut r = v % &m;
    if r.is_negative() {
        r += &m;
    }
    if signed && r.bit(u64::from(ty.width - 1)) {
        r -= m;
    }
    r
}

/// Whether `v` is already a value of a `width`-bit (signed) integer.
fn in_range(v: &Int, width: u32, signed: bool) -> bool {
    let magnitude_bits = v.bits();
    match (v.is_negative(), signed) {
        (false, false) => magnitude_bits <= u64::from(width),
        // Non-negative with the sign bit clear, or negative above -2^(width-1).
        (_, true) => magnitude_bits < u64::from(width),
        (true, false) => false,
    }
}

pub fn bool_value(b: bool) -> Value {
    Value::Int {
        v: Int::from(u8::from(b)),
        ty: Some(Ty::new(TyKind::U, 1)),
    }
}

pub fn int_value(v: Int, ty: Ty) -> Value {
    Value::Int {
        v: normalize(v, ty),
        ty: Some(ty),
    }
}

/// Rounds `x` to the float format `ty` (round to nearest even).
pub fn round_float(x: f64, ty: Ty) -> f64 {
    if x.is_nan() {
        // Keeps the NaN's sign, quiet bit and the payload bits the format has room for.
        return float_from_bits(float_to_bits(x, ty), ty);
    }
    match (ty.kind, ty.width) {
        (TyKind::BF, _) => half::bf16::from_f32(f32_round_to_odd(x)).to_f64(),
        (TyKind::FP8 | TyKind::BF8, _) => float_from_bits(float_to_bits(x, ty), ty),
        (_, 16) => half::f16::from_f32(f32_round_to_odd(x)).to_f64(),
        (_, 32) => f64::from(x as f32),
        _ => x,
    }
}

/// `x` rounded to f32 with round-to-odd: an inexact result gets an odd last bit, which keeps
/// the discarded bits' "more than nothing" for a second rounding. Rounding that f32 to a
/// format of at most 22 significant bits (f16, bf16) is then correct. `half`'s own f64
/// conversions round twice: they go through a nearest-even f32, or drop the low 32 bits,
/// so 1 + 2^-11 + 2^-40 (just above a tie) became f16 1.0 instead of 1 + 2^-10.
fn f32_round_to_odd(x: f64) -> f32 {
    let r = x as f32;
    if !r.is_finite() || f64::from(r) == x || r.to_bits() & 1 == 1 {
        return r;
    }
    if f64::from(r) < x {
        r.next_up()
    } else {
        r.next_down()
    }
}

pub fn float_value(x: f64, ty: Ty) -> Value {
    Value::Float {
        v: round_float(x, ty),
        ty,
    }
}

/// (Width, fraction width) of the formats whose NaNs carry a payload under a quiet bit
/// (the fraction's top bit) like IEEE's; `None` for f64 (the carrier, kept bit for bit) and
/// E4M3 (a single NaN code).
///
/// Their NaNs are moved between the format and the f64 carrier by hand: the native
/// conversions (x86's `cvtss2sd`, `half`'s) set the quiet bit, so a signalling NaN turned
/// quiet on a mere register read (isSignalNAN(S0.f32) of 0x7f800001 was false, and
/// `D0.f32 = abs(S0.f32)` gave 0x7fc00001).
fn nan_layout(ty: Ty) -> Option<(u32, u32)> {
    match (ty.kind, ty.width) {
        (TyKind::BF, _) => Some((16, 7)),
        (TyKind::BF8, _) => Some((8, 2)),
        (TyKind::FP8, _) => None,
        (_, 16) => Some((16, 10)),
        (_, 32) => Some((32, 23)),
        _ => None,
    }
}

/// The f64 carrying a NaN pattern of a format with a `frac`-bit fraction: the sign, and
/// the fraction (quiet bit and payload) moved to the top of f64's.
fn nan_to_f64(bits: u64, width: u32, frac: u32) -> f64 {
    let sign = (bits >> (width - 1)) & 1;
    let fraction = bits & ((1 << frac) - 1);
    f64::from_bits(sign << 63 | 0x7ff << 52 | fraction << (52 - frac))
}

/// The pattern of the f64 NaN `x` in a format with a `frac`-bit fraction: the top of its
/// fraction, with the quiet bit set if nothing of it is left (so that it stays a NaN).
fn nan_from_f64(x: f64, width: u32, frac: u32) -> u64 {
    let b = x.to_bits();
    let mut fraction = (b & ((1 << 52) - 1)) >> (52 - frac);
    if fraction == 0 {
        fraction = 1 << (frac - 1);
    }
    let exponent = ((1u64 << (width - 1 - frac)) - 1) << frac;
    (b >> 63) << (width - 1) | exponent | fraction
}

/// IEEE bit pattern of `x` in format `ty` (`x` must already be representable).
pub fn float_to_bits(x: f64, ty: Ty) -> u64 {
    if let Some((width, frac)) = nan_layout(ty).filter(|_| x.is_nan()) {
        return nan_from_f64(x, width, frac);
    }
    match (ty.kind, ty.width) {
        (TyKind::BF, _) => u64::from(half::bf16::from_f32(f32_round_to_odd(x)).to_bits()),
        (TyKind::FP8 | TyKind::BF8, _) => u64::from(Minifloat::of(ty.kind).encode(x)),
        (_, 16) => u64::from(half::f16::from_f32(f32_round_to_odd(x)).to_bits()),
        (_, 32) => u64::from((x as f32).to_bits()),
        _ => x.to_bits(),
    }
}

pub fn float_from_bits(bits: u64, ty: Ty) -> f64 {
    if let Some((width, frac)) = nan_layout(ty) {
        let bits = bits & (u64::MAX >> (64 - width));
        let exponent = ((1u64 << (width - 1 - frac)) - 1) << frac;
        if bits & exponent == exponent && bits & ((1 << frac) - 1) != 0 {
            return nan_to_f64(bits, width, frac);
        }
    }
    match (ty.kind, ty.width) {
        (TyKind::BF, _) => half::bf16::from_bits(bits as u16).to_f64(),
        (TyKind::FP8 | TyKind::BF8, _) => Minifloat::of(ty.kind).decode(bits as u8),
        (_, 16) => half::f16::from_bits(bits as u16).to_f64(),
        (_, 32) => f64::from(f32::from_bits(bits as u32)),
        _ => f64::from_bits(bits),
    }
}

/// Float format of a type, defaulting widths other than 16/64 to f32.
pub fn float_ty(ty: Ty) -> Ty {
    match (ty.kind, ty.width) {
        (TyKind::BF, _) => Ty::new(TyKind::BF, 16),
        (TyKind::FP8 | TyKind::BF8, _) => Ty::new(ty.kind, 8),
        (_, 16) => Ty::new(TyKind::F, 16),
        (_, 64) => Ty::new(TyKind::F, 64),
        _ => Ty::new(TyKind::F, 32),
    }
}

/// The two 8-bit float formats (OCP E4M3 and E5M2).
struct Minifloat {
    man_bits: u32,
    bias: i32,
    /// E5M2 has IEEE infinities and NaNs; E4M3 has only the all-ones NaN.
    ieee_specials: bool,
}

impl Minifloat {
    fn of(kind: TyKind) -> Minifloat {
        if kind == TyKind::BF8 {
            Minifloat {
                man_bits: 2,
                bias: 15,
                ieee_specials: true,
            }
        } else {
            Minifloat {
                man_bits: 3,
                bias: 7,
                ieee_specials: false,
            }
        }
    }

    /// Largest finite magnitude code.
    fn max_code(&self) -> u8 {
        if self.ieee_specials {
            0x7b
        } else {
            0x7e
        }
    }

    /// Magnitude of a code without its sign; codes above the largest finite one
    /// continue the exponent pattern (used only as a rounding target).
    fn magnitude(&self, code: u8) -> f64 {
        let m = u32::from(code) & ((1 << self.man_bits) - 1);
        let e = i32::from(code >> self.man_bits);
        let scale = f64::from(1u32 << self.man_bits);
        if e == 0 {
            f64::from(m) / scale * 2f64.powi(1 - self.bias)
        } else {
            (1.0 + f64::from(m) / scale) * 2f64.powi(e - self.bias)
        }
    }

    fn decode(&self, bits: u8) -> f64 {
        let sign = if bits & 0x80 != 0 { -1.0 } else { 1.0 };
        let code = bits & 0x7f;
        if code > self.max_code() {
            let infinite = self.ieee_specials && code == 0x7c;
            return if infinite {
                sign * f64::INFINITY
            } else {
                f64::NAN
            };
        }
        sign * self.magnitude(code)
    }

    /// Round to nearest even; overflow gives infinity (E5M2) or NaN (E4M3).
    fn encode(&self, x: f64) -> u8 {
        let sign = if x.is_sign_negative() { 0x80 } else { 0 };
        let overflow = if self.ieee_specials { 0x7c } else { 0x7f };
        if x.is_nan() {
            return 0x7f;
        }
        let a = x.abs();
        if a.is_infinite() {
            return sign | overflow;
        }
        let mut code = 0u8;
        while code <= self.max_code() && self.magnitude(code + 1) <= a {
            code += 1;
        }
        let (lo, hi) = (self.magnitude(code), self.magnitude(code + 1));
        let pick_hi = a - lo > hi - a || (a - lo == hi - a && code & 1 == 1);
        let chosen = if pick_hi { code + 1 } else { code };
        if chosen > self.max_code() {
            sign | overflow
        } else {
            sign | chosen
        }
    }
}

/// The low 64 bits of `v`'s two's complement form (`v` modulo 2^64).
pub fn u64_of(v: &Int) -> u64 {
    v.low_u64()
}

impl Value {
    /// Natural width in bits (`None` for unsized integers and aggregates).
    pub fn width(&self) -> Option<u32> {
        match self {
            Value::Int { ty, .. } => ty.map(|t| t.width),
            Value::Float { ty, .. } => Some(ty.width),
            Value::Fixed { frac, .. } => Some(*frac),
            _ => None,
        }
    }

    /// Raw bits, low `width` bits, as a non-negative integer.
    pub fn bits(&self, width: u32) -> Option<Int> {
        match self {
            Value::Int { v, .. } => Some(normalize(v.clone(), Ty::new(TyKind::U, width))),
            Value::Float { v, ty } => Some(normalize(
                Int::from(float_to_bits(*v, *ty)),
                Ty::new(TyKind::U, width),
            )),
            Value::Fixed { bits, .. } => Some(normalize(bits.clone(), Ty::new(TyKind::U, width))),
            _ => None,
        }
    }

    /// Raw bits at the value's own width (64 for unsized integers).
    pub fn own_bits(&self) -> Option<Int> {
        self.bits(self.width().unwrap_or(64))
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Int { v, .. } => v.to_f64(),
            Value::Float { v, .. } => Some(*v),
            Value::Fixed { bits, frac } => {
                Some(bits.to_f64()? * 2f64.powi(-(i32::try_from(*frac).ok()?)))
            }
            _ => None,
        }
    }

    /// Numeric integer value; floats truncate toward zero (NaN gives 0).
    pub fn as_int(&self) -> Option<Int> {
        match self {
            Value::Int { v, .. } => Some(v.clone()),
            Value::Float { v, .. } => {
                if v.is_nan() {
                    Some(Int::zero())
                } else if v.is_infinite() {
                    None
                } else if v.abs() < 2f64.powi(127) {
                    Some(Int::from(v.trunc() as i128))
                } else {
                    // Beyond i128: the float is an integer; rebuild it from its parts.
                    let (m, e, s) = num_traits::float::FloatCore::integer_decode(*v);
                    let mag = Int::from(m) << u32::try_from(e).ok()?;
                    Some(if s < 0 { -mag } else { mag })
                }
            }
            Value::Fixed { bits, frac } => Some(bits >> *frac),
            _ => None,
        }
    }

    pub fn truthy(&self) -> Option<bool> {
        match self {
            Value::Int { v, .. } => Some(!v.is_zero()),
            Value::Float { v, .. } => Some(*v != 0.0),
            Value::Fixed { bits, .. } => Some(!bits.is_zero()),
            _ => None,
        }
    }

    pub fn is_float(&self) -> bool {
        matches!(self, Value::Float { .. })
    }
}

/// The low `width` bits of `bits` in reverse order.
pub(crate) fn reverse_bits(bits: &Int, width: u32) -> Int {
    let mut r = Int::zero();
    for i in 0..u64::from(width) {
        if bits.bit(i) {
            r.set_bit(u64::from(width) - 1 - i, true);
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 64-bit path agrees with the i128 and big-integer one it stands in front of.
    #[test]
    fn narrow_normalize_agrees_with_the_wide_path() {
        let big = Int::one() << 200u32;
        let values = [
            Int::zero(),
            Int::one(),
            Int::from(-1),
            Int::from(0x7fff_ffffu32),
            Int::from(0x8000_0000u32),
            Int::from(u64::MAX),
            Int::from(i64::MIN),
            Int::from(i128::MAX),
            Int::from(i128::MIN),
            big.clone() + 5,
            -big,
        ];
        for width in 0..=64 {
            for kind in [TyKind::U, TyKind::I, TyKind::B] {
                let ty = Ty::new(kind, width);
                let signed = kind == TyKind::I && width > 0;
                for v in &values {
                    assert_eq!(
                        normalize(v.clone(), ty),
                        normalize_wide(v.clone(), ty, signed),
                        "{v} as {ty:?}"
                    );
                }
            }
        }
        assert_eq!(u64_of(&Int::from(-1)), u64::MAX);
        assert_eq!(u64_of(&((Int::one() << 70u32) + 3)), 3);
    }
}
