//! Integers as the pseudocode computes with them: exact at any width, held in an `i128`
//! while they fit (nearly every value a text makes: register contents, masks, indexes) and
//! in a big integer only beyond (v_trig_preop's 1,201-bit constant, wide shifts). A big
//! integer allocates for every value; this keeps the executor's arithmetic off the heap.
//!
//! Every operation means what it means on mathematical integers, as `num_bigint::BigInt`'s:
//! bit operations act on the infinite two's complement form, `>>` rounds toward negative
//! infinity, `/` and `%` truncate toward zero.

use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::ops::{
    Add, AddAssign, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Div, Mul, Neg,
    Not, Rem, Shl, Shr, Sub, SubAssign,
};

#[derive(Clone, Debug)]
pub struct Int(Repr);

/// `Big` holds only values outside `i128`'s range, so each value has one form.
#[derive(Clone, Debug)]
enum Repr {
    Small(i128),
    Big(Box<BigInt>),
}

impl Int {
    pub fn zero() -> Int {
        Int(Repr::Small(0))
    }

    pub fn one() -> Int {
        Int(Repr::Small(1))
    }

    fn big(&self) -> BigInt {
        match &self.0 {
            Repr::Small(x) => BigInt::from(*x),
            Repr::Big(b) => (**b).clone(),
        }
    }

    pub fn abs(&self) -> Int {
        if self.is_negative() {
            -self
        } else {
            self.clone()
        }
    }

    pub fn pow(&self, exponent: u32) -> Int {
        match &self.0 {
            Repr::Small(x) => match x.checked_pow(exponent) {
                Some(r) => Int(Repr::Small(r)),
                None => Int::from(num_traits::pow(self.big(), exponent as usize)),
            },
            Repr::Big(b) => Int::from(num_traits::pow((**b).clone(), exponent as usize)),
        }
    }

    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }

    pub fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::Small(x) => *x < 0,
            Repr::Big(b) => b.sign() == num_bigint::Sign::Minus,
        }
    }

    /// Bits of the magnitude (0 for zero).
    pub fn bits(&self) -> u64 {
        match &self.0 {
            Repr::Small(x) => u64::from(128 - x.unsigned_abs().leading_zeros()),
            Repr::Big(b) => b.bits(),
        }
    }

    /// Bit `n` of the two's complement form.
    pub fn bit(&self, n: u64) -> bool {
        match &self.0 {
            Repr::Small(x) if n >= 127 => *x < 0,
            Repr::Small(x) => (x >> n) & 1 == 1,
            Repr::Big(b) => b.bit(n),
        }
    }

    pub fn set_bit(&mut self, n: u64, value: bool) {
        match &mut self.0 {
            // Below bit 126 the result stays in range whatever the sign.
            Repr::Small(x) if n < 126 => {
                if value {
                    *x |= 1 << n;
                } else {
                    *x &= !(1 << n);
                }
            }
            _ => {
                let mut b = self.big();
                b.set_bit(n, value);
                *self = Int::from(b);
            }
        }
    }

    /// Set bits of a non-negative value; `None` for a negative one (infinitely many).
    pub fn count_ones(&self) -> Option<u64> {
        match &self.0 {
            _ if self.is_negative() => None,
            Repr::Small(x) => Some(u64::from(x.count_ones())),
            Repr::Big(b) => Some(b.magnitude().count_ones()),
        }
    }

    /// Zero bits below the lowest set bit; `None` for zero.
    pub fn trailing_zeros(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(0) => None,
            Repr::Small(x) => Some(u64::from(x.trailing_zeros())),
            Repr::Big(b) => b.trailing_zeros(),
        }
    }

    /// The low 64 bits of the two's complement form.
    pub fn low_u64(&self) -> u64 {
        match &self.0 {
            Repr::Small(x) => *x as u64,
            Repr::Big(b) => (&**b & BigInt::from(u64::MAX)).to_u64().unwrap_or(0),
        }
    }

    pub fn from_str_radix(digits: &str, radix: u32) -> Option<Int> {
        match i128::from_str_radix(digits, radix) {
            Ok(x) => Some(Int(Repr::Small(x))),
            Err(_) => num_traits::Num::from_str_radix(digits, radix)
                .ok()
                .map(|b: BigInt| Int::from(b)),
        }
    }
}

impl From<BigInt> for Int {
    fn from(b: BigInt) -> Int {
        match b.to_i128() {
            Some(x) => Int(Repr::Small(x)),
            None => Int(Repr::Big(Box::new(b))),
        }
    }
}

macro_rules! from_primitive {
    ($($t:ty),*) => {$(
        impl From<$t> for Int {
            fn from(x: $t) -> Int {
                Int(Repr::Small(i128::from(x)))
            }
        }
    )*};
}
from_primitive!(bool, u8, u16, u32, u64, i8, i16, i32, i64, i128);

impl From<u128> for Int {
    fn from(x: u128) -> Int {
        match i128::try_from(x) {
            Ok(x) => Int(Repr::Small(x)),
            Err(_) => Int::from(BigInt::from(x)),
        }
    }
}

impl Default for Int {
    fn default() -> Int {
        Int::zero()
    }
}

impl std::str::FromStr for Int {
    type Err = num_bigint::ParseBigIntError;
    fn from_str(text: &str) -> Result<Int, Self::Err> {
        match text.parse::<i128>() {
            Ok(x) => Ok(Int(Repr::Small(x))),
            Err(_) => text.parse::<BigInt>().map(Int::from),
        }
    }
}

/// Conversions to fixed-width integers fail outside their range.
macro_rules! try_into_primitive {
    ($($t:ty),*) => {$(
        impl TryFrom<&Int> for $t {
            type Error = std::num::TryFromIntError;
            fn try_from(x: &Int) -> Result<$t, Self::Error> {
                match &x.0 {
                    Repr::Small(v) => <$t>::try_from(*v),
                    // Out of range: let the conversion of an out-of-range i128 say so.
                    Repr::Big(_) => <$t>::try_from(i128::MAX),
                }
            }
        }
    )*};
}
try_into_primitive!(u32, u64, i64, usize);

impl From<usize> for Int {
    fn from(x: usize) -> Int {
        Int::from(x as u64)
    }
}

impl ToPrimitive for Int {
    fn to_i64(&self) -> Option<i64> {
        self.to_i128().and_then(|x| x.to_i64())
    }

    fn to_u64(&self) -> Option<u64> {
        self.to_i128().and_then(|x| x.to_u64())
    }

    fn to_i128(&self) -> Option<i128> {
        match &self.0 {
            Repr::Small(x) => Some(*x),
            Repr::Big(_) => None,
        }
    }

    fn to_u128(&self) -> Option<u128> {
        match &self.0 {
            Repr::Small(x) => u128::try_from(*x).ok(),
            Repr::Big(b) => b.to_u128(),
        }
    }

    fn to_f64(&self) -> Option<f64> {
        match &self.0 {
            Repr::Small(x) => x.to_f64(),
            Repr::Big(b) => b.to_f64(),
        }
    }
}

impl PartialEq for Int {
    fn eq(&self, other: &Int) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Int {}

impl PartialOrd for Int {
    fn partial_cmp(&self, other: &Int) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Int {
    fn cmp(&self, other: &Int) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            _ => self.big().cmp(&other.big()),
        }
    }
}

impl std::fmt::LowerHex for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Repr::Small(x) if *x >= 0 => std::fmt::LowerHex::fmt(x, f),
            _ => std::fmt::LowerHex::fmt(&self.big(), f),
        }
    }
}

impl std::fmt::Display for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Repr::Small(x) => x.fmt(f),
            Repr::Big(b) => b.fmt(f),
        }
    }
}

/// A binary operation: the `i128` form where its checked version gives a result, the big
/// integer's otherwise.
macro_rules! binary_op {
    ($trait:ident, $method:ident, $checked:expr) => {
        impl $trait<&Int> for &Int {
            type Output = Int;
            fn $method(self, rhs: &Int) -> Int {
                if let (Repr::Small(a), Repr::Small(b)) = (&self.0, &rhs.0) {
                    let checked: fn(i128, i128) -> Option<i128> = $checked;
                    if let Some(r) = checked(*a, *b) {
                        return Int(Repr::Small(r));
                    }
                }
                Int::from($trait::$method(self.big(), rhs.big()))
            }
        }
        impl $trait<Int> for Int {
            type Output = Int;
            fn $method(self, rhs: Int) -> Int {
                $trait::$method(&self, &rhs)
            }
        }
        impl $trait<&Int> for Int {
            type Output = Int;
            fn $method(self, rhs: &Int) -> Int {
                $trait::$method(&self, rhs)
            }
        }
        impl $trait<Int> for &Int {
            type Output = Int;
            fn $method(self, rhs: Int) -> Int {
                $trait::$method(self, &rhs)
            }
        }
    };
}

binary_op!(Add, add, i128::checked_add);
binary_op!(Sub, sub, i128::checked_sub);
binary_op!(Mul, mul, i128::checked_mul);
binary_op!(Div, div, i128::checked_div);
binary_op!(Rem, rem, i128::checked_rem);
binary_op!(BitAnd, bitand, |a, b| Some(a & b));
binary_op!(BitOr, bitor, |a, b| Some(a | b));
binary_op!(BitXor, bitxor, |a, b| Some(a ^ b));

/// An operation with a small constant (`x - 1`, `acc << 8`).
macro_rules! scalar_op {
    ($trait:ident, $method:ident) => {
        impl $trait<i32> for Int {
            type Output = Int;
            fn $method(self, rhs: i32) -> Int {
                $trait::$method(&self, &Int::from(rhs))
            }
        }
        impl $trait<i32> for &Int {
            type Output = Int;
            fn $method(self, rhs: i32) -> Int {
                $trait::$method(self, &Int::from(rhs))
            }
        }
    };
}
scalar_op!(Add, add);
scalar_op!(Sub, sub);
scalar_op!(Mul, mul);

macro_rules! assign_op {
    ($trait:ident, $method:ident, $op:ident, $op_method:ident) => {
        impl $trait<Int> for Int {
            fn $method(&mut self, rhs: Int) {
                *self = $op::$op_method(&*self, &rhs);
            }
        }
        impl $trait<&Int> for Int {
            fn $method(&mut self, rhs: &Int) {
                *self = $op::$op_method(&*self, rhs);
            }
        }
    };
}
assign_op!(BitAndAssign, bitand_assign, BitAnd, bitand);
assign_op!(BitOrAssign, bitor_assign, BitOr, bitor);
assign_op!(BitXorAssign, bitxor_assign, BitXor, bitxor);

impl AddAssign<&Int> for Int {
    fn add_assign(&mut self, rhs: &Int) {
        *self = &*self + rhs;
    }
}

impl AddAssign<Int> for Int {
    fn add_assign(&mut self, rhs: Int) {
        *self = &*self + &rhs;
    }
}

impl AddAssign<u32> for Int {
    fn add_assign(&mut self, rhs: u32) {
        *self = &*self + &Int::from(rhs);
    }
}

impl SubAssign<&Int> for Int {
    fn sub_assign(&mut self, rhs: &Int) {
        *self = &*self - rhs;
    }
}

impl SubAssign<Int> for Int {
    fn sub_assign(&mut self, rhs: Int) {
        *self = &*self - &rhs;
    }
}

impl Neg for Int {
    type Output = Int;
    fn neg(self) -> Int {
        match self.0 {
            Repr::Small(x) => match x.checked_neg() {
                Some(r) => Int(Repr::Small(r)),
                None => Int::from(-BigInt::from(x)),
            },
            Repr::Big(b) => Int::from(-*b),
        }
    }
}

impl Neg for &Int {
    type Output = Int;
    fn neg(self) -> Int {
        -self.clone()
    }
}

impl Not for Int {
    type Output = Int;
    fn not(self) -> Int {
        match self.0 {
            Repr::Small(x) => Int(Repr::Small(!x)),
            Repr::Big(b) => Int::from(!*b),
        }
    }
}

impl Not for &Int {
    type Output = Int;
    fn not(self) -> Int {
        !self.clone()
    }
}

fn shl(x: &Int, n: u64) -> Int {
    if let Repr::Small(a) = x.0 {
        if n < 128 {
            let r = a << n;
            if r >> n == a {
                return Int(Repr::Small(r));
            }
        }
    }
    Int::from(x.big() << n)
}

fn shr(x: &Int, n: u64) -> Int {
    match &x.0 {
        Repr::Small(a) => Int(Repr::Small(a >> n.min(127))),
        Repr::Big(b) => Int::from(&**b >> n),
    }
}

macro_rules! shift_ops {
    ($($t:ty),*) => {$(
        impl Shl<$t> for Int {
            type Output = Int;
            fn shl(self, n: $t) -> Int {
                shl(&self, n as u64)
            }
        }
        impl Shl<$t> for &Int {
            type Output = Int;
            fn shl(self, n: $t) -> Int {
                shl(self, n as u64)
            }
        }
        impl Shr<$t> for Int {
            type Output = Int;
            fn shr(self, n: $t) -> Int {
                shr(&self, n as u64)
            }
        }
        impl Shr<$t> for &Int {
            type Output = Int;
            fn shr(self, n: $t) -> Int {
                shr(self, n as u64)
            }
        }
    )*};
}
shift_ops!(u32, u64, usize, i32);

#[cfg(test)]
mod tests {
    use super::*;

    /// Values on both sides of `i128`'s range and of the 64-bit line.
    fn samples() -> Vec<BigInt> {
        let mut out = Vec::new();
        for base in [0u32, 1, 63, 64, 126, 127, 128, 200] {
            let p = BigInt::from(1) << base;
            for d in [-2i32, -1, 0, 1] {
                let v: BigInt = &p + d;
                out.push(-&v);
                out.push(v);
            }
        }
        out.push(BigInt::from(0x1234_5678_9abc_def0u64));
        out
    }

    /// Every operation agrees with the big integer's on values that leave `i128`'s range,
    /// stay in it, or cross it.
    #[test]
    fn operations_agree_with_big_integers() {
        let samples = samples();
        for a in &samples {
            let x = Int::from(a.clone());
            assert_eq!(x.big(), *a);
            assert_eq!(x.bits(), a.bits(), "{a}");
            assert_eq!((!&x).big(), !a, "{a}");
            assert_eq!((-&x).big(), -a, "{a}");
            for n in [0u64, 1, 31, 64, 100, 126, 127, 128, 190] {
                assert_eq!(x.bit(n), a.bit(n), "{a} bit {n}");
                assert_eq!((&x << n).big(), a << n, "{a} << {n}");
                assert_eq!((&x >> n).big(), a >> n, "{a} >> {n}");
                for value in [false, true] {
                    let (mut y, mut b) = (x.clone(), a.clone());
                    y.set_bit(n, value);
                    b.set_bit(n, value);
                    assert_eq!(y.big(), b, "{a} set bit {n}");
                }
            }
            for b in &samples {
                let y = Int::from(b.clone());
                assert_eq!((&x + &y).big(), a + b, "{a} + {b}");
                assert_eq!((&x - &y).big(), a - b, "{a} - {b}");
                assert_eq!((&x * &y).big(), a * b, "{a} * {b}");
                assert_eq!((&x & &y).big(), a & b, "{a} & {b}");
                assert_eq!((&x | &y).big(), a | b, "{a} | {b}");
                assert_eq!((&x ^ &y).big(), a ^ b, "{a} ^ {b}");
                assert_eq!(x.cmp(&y), a.cmp(b), "{a} cmp {b}");
                if b.bits() > 0 {
                    assert_eq!((&x / &y).big(), a / b, "{a} / {b}");
                    assert_eq!((&x % &y).big(), a % b, "{a} % {b}");
                }
            }
        }
    }
}
