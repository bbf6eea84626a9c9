//! Reference values for every pseudocode helper and data format the interpreter implements.
//!
//! Each test runs a short pseudocode program of its own (no data files) through `parse` and
//! `execute`, and compares the result with a value computed here independently: Rust std
//! arithmetic (correctly rounded `+ - * /`, `sqrt`, `mul_add`, integer bit operations), the
//! `half` crate's f32 conversions, exact integer rounding ([`round_exact`]), big-integer
//! arithmetic, or a bit pattern derived by hand (with a comment saying how).
//!
//! Operands: `S0`, `S1`, `S2` are two SGPRs each (s[0:1], s[2:3], s[4:5]), so any typed read up
//! to 64 bits sees the low bits of a `u64` input; `D0` is four SGPRs (s[8:11]), read back as a
//! `u128`. FP_ROUND (`State::round_mode`): 0 nearest even, 1 toward +inf, 2 toward -inf,
//! 3 toward zero.

mod common;

use common::two_over_pi_bits;
use half::{bf16, f16};
use mcdiff_sema::{execute, parse, Binding, BoundValue, Program, State};
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive, Zero};

// ------------------------------------------------------------------------------ harness

struct Prog {
    src: String,
    program: Program,
}

impl Prog {
    fn new(src: &str) -> Prog {
        let program = parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
        Prog {
            src: src.to_string(),
            program,
        }
    }

    /// D0's 128 bits after running with `inputs` in S0, S1, S2 and FP_ROUND `mode`.
    fn run_mode(&self, inputs: &[u64], mode: u8) -> u128 {
        let binding = Binding::default()
            .with("S0", BoundValue::Sgpr { first: 0, count: 2 })
            .with("S1", BoundValue::Sgpr { first: 2, count: 2 })
            .with("S2", BoundValue::Sgpr { first: 4, count: 2 })
            .with("D0", BoundValue::Sgpr { first: 8, count: 4 });
        let mut state = State::new(32);
        state.round_mode = mode;
        for (k, v) in inputs.iter().enumerate() {
            state.sgpr[2 * k] = *v as u32;
            state.sgpr[2 * k + 1] = (v >> 32) as u32;
        }
        execute(&self.program, &mut state, &binding)
            .unwrap_or_else(|e| panic!("{}: {e}", self.src));
        (0..4).fold(0u128, |acc, k| {
            acc | u128::from(state.sgpr[8 + k]) << (32 * k)
        })
    }

    fn run(&self, inputs: &[u64]) -> u128 {
        self.run_mode(inputs, 0)
    }
}

fn run(src: &str, inputs: &[u64]) -> u128 {
    Prog::new(src).run(inputs)
}

/// Runs `src` on one input per row and compares D0's low `width` bits with the row's value.
fn check_unary(src: &str, width: u32, rows: &[(u64, u64)]) {
    let p = Prog::new(src);
    for &(input, want) in rows {
        let got = p.run(&[input]) & low_mask(width);
        assert_eq!(got, u128::from(want), "{src} with S0 = {input:#x}");
    }
}

/// As [`check_unary`] with two inputs per row.
fn check_binary(src: &str, width: u32, rows: &[(u64, u64, u64)]) {
    let p = Prog::new(src);
    for &(a, b, want) in rows {
        let got = p.run(&[a, b]) & low_mask(width);
        assert_eq!(got, u128::from(want), "{src} with S0 = {a:#x}, S1 = {b:#x}");
    }
}

fn low_mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

fn b32(x: f32) -> u64 {
    u64::from(x.to_bits())
}

fn b64(x: f64) -> u64 {
    x.to_bits()
}

fn h16(x: f32) -> u64 {
    u64::from(f16::from_f32(x).to_bits())
}

/// Two's-complement bits of a signed value, zero-extended to 64 bits at `width`.
fn sbits(v: i64, width: u32) -> u64 {
    (v as u64) & (u64::MAX >> (64 - width))
}

/// Deterministic pseudo-random numbers (xorshift64) for sampled inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

// ------------------------------------------------------------------ reference arithmetic

/// A binary float format, described for the reference rounding and decoding below.
#[derive(Clone, Copy, Debug)]
struct Format {
    suffix: &'static str,
    width: u32,
    /// Significand bits, the hidden bit included.
    precision: u32,
    /// Exponent of the smallest normal number.
    emin: i64,
    /// Exponent of the largest finite number.
    emax: i64,
    /// OCP E4M3: no infinity, only S.1111.111 is NaN, so the largest finite number is
    /// S.1111.110 (448) and overflow gives NaN.
    e4m3: bool,
}

const F16: Format = Format {
    suffix: "f16",
    width: 16,
    precision: 11,
    emin: -14,
    emax: 15,
    e4m3: false,
};
const BF16: Format = Format {
    suffix: "bf16",
    width: 16,
    precision: 8,
    emin: -126,
    emax: 127,
    e4m3: false,
};
const F32: Format = Format {
    suffix: "f32",
    width: 32,
    precision: 24,
    emin: -126,
    emax: 127,
    e4m3: false,
};
const F64: Format = Format {
    suffix: "f64",
    width: 64,
    precision: 53,
    emin: -1022,
    emax: 1023,
    e4m3: false,
};
/// OCP E4M3 (`.fp8`): bias 7, largest finite 448.
const FP8: Format = Format {
    suffix: "fp8",
    width: 8,
    precision: 4,
    emin: -6,
    emax: 8,
    e4m3: true,
};
/// OCP E5M2 (`.bf8`): bias 15, IEEE infinities and NaNs, largest finite 57344.
const BF8: Format = Format {
    suffix: "bf8",
    width: 8,
    precision: 3,
    emin: -14,
    emax: 15,
    e4m3: false,
};

/// 2^k for -1074 <= k <= 1023, built from its bit pattern.
fn pow2(k: i64) -> f64 {
    assert!((-1074..=1023).contains(&k), "2^{k} is not an f64");
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (k + 1074))
    }
}

impl Format {
    fn man_bits(self) -> u32 {
        self.precision - 1
    }

    fn exp_bits(self) -> u32 {
        self.width - self.precision
    }

    /// Largest finite value.
    fn max(self) -> f64 {
        let lost = if self.e4m3 { 2 } else { 1 };
        let significand = ((1u64 << self.precision) - lost) as f64;
        significand * pow2(self.emax - i64::from(self.man_bits()))
    }

    /// The value of a bit pattern, by the format's definition (sign, biased exponent,
    /// fraction; exponent field 0 is subnormal).
    fn decode(self, bits: u64) -> f64 {
        let m_bits = self.man_bits();
        let frac = bits & ((1u64 << m_bits) - 1);
        let field = (bits >> m_bits) & ((1u64 << self.exp_bits()) - 1);
        let all_ones = (1u64 << self.exp_bits()) - 1;
        let mag = if self.e4m3 && field == all_ones && frac == (1u64 << m_bits) - 1 {
            f64::NAN
        } else if !self.e4m3 && field == all_ones {
            if frac == 0 {
                f64::INFINITY
            } else {
                f64::NAN
            }
        } else if field == 0 {
            frac as f64 * pow2(self.emin - i64::from(m_bits))
        } else {
            let bias = 1 - self.emin;
            (frac + (1u64 << m_bits)) as f64 * pow2(field as i64 - bias - i64::from(m_bits))
        };
        if bits >> (self.width - 1) & 1 == 1 {
            -mag
        } else {
            mag
        }
    }
}

/// Sign, integer significand and exponent of a finite f64: `x = (-1)^neg * m * 2^e`.
fn decompose(x: f64) -> (bool, u64, i64) {
    let b = x.to_bits();
    let field = (b >> 52) & 0x7ff;
    let frac = b & ((1u64 << 52) - 1);
    if field == 0 {
        (b >> 63 == 1, frac, -1074)
    } else {
        (b >> 63 == 1, frac | 1 << 52, field as i64 - 1075)
    }
}

/// `(-1)^neg * m * 2^e` rounded to `fmt` in FP_ROUND mode `mode`, by exact integer
/// arithmetic: the value is cut at the format's quantum (2^(exponent - precision + 1), never
/// below the subnormal quantum) and the discarded bits decide the rounding. Overflow gives
/// infinity (NaN for E4M3) unless the mode rounds toward zero, which gives the largest value.
fn round_exact(neg: bool, m: u64, e: i64, fmt: Format, mode: u8) -> f64 {
    if m == 0 {
        return if neg { -0.0 } else { 0.0 };
    }
    let len = 64 - i64::from(m.leading_zeros());
    let exponent = e + len - 1;
    let q = exponent.max(fmt.emin) - i64::from(fmt.man_bits());
    let m = u128::from(m);
    let (t, above_half, at_half, inexact) = if q <= e {
        (m << (e - q), false, false, false)
    } else if q - e > 64 {
        (0, false, false, true)
    } else {
        let s = (q - e) as u32;
        let t = m >> s;
        let rem = m - (t << s);
        let half = 1u128 << (s - 1);
        (t, rem > half, rem == half, rem != 0)
    };
    let up = match mode {
        0 => above_half || (at_half && t & 1 == 1),
        1 => inexact && !neg,
        2 => inexact && neg,
        _ => false,
    };
    let t = t + u128::from(up);
    let top = q + 127 - i64::from(t.leading_zeros());
    let mag = if t == 0 {
        0.0
    } else if top > fmt.emax {
        f64::INFINITY
    } else {
        t as f64 * pow2(q)
    };
    let r = if mag > fmt.max() {
        let toward_zero = mode == 3 || (mode == 1 && neg) || (mode == 2 && !neg);
        if toward_zero {
            fmt.max()
        } else if fmt.e4m3 {
            f64::NAN
        } else {
            f64::INFINITY
        }
    } else {
        mag
    };
    if neg {
        -r
    } else {
        r
    }
}

/// `x` rounded to `fmt` in `mode` (see [`round_exact`]); NaN stays NaN, an infinity stays
/// infinite (NaN in E4M3, which has none).
fn round_to(x: f64, fmt: Format, mode: u8) -> f64 {
    if x.is_nan() || (x.is_infinite() && fmt.e4m3) {
        return f64::NAN;
    }
    if x.is_infinite() {
        return x;
    }
    let (neg, m, e) = decompose(x);
    round_exact(neg, m, e, fmt, mode)
}

/// Same value, or both NaN (bit patterns compared, so -0 and +0 differ).
fn same(got: f64, want: f64) -> bool {
    got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan())
}

/// Distance in units in the last place between two finite f32 of the same sign.
fn ulps(a: f32, b: f32) -> u32 {
    if a == b {
        return 0;
    }
    assert_eq!(a.is_sign_negative(), b.is_sign_negative(), "{a:e} vs {b:e}");
    (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs() as u32
}

#[test]
fn reference_rounding_agrees_with_std_and_half() {
    // The reference rounding itself, checked against Rust's f64 -> f32 cast (correctly
    // rounded to nearest even) and half's f32 -> f16/bf16 conversions.
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..20_000 {
        let x = f64::from_bits(rng.next());
        if !x.is_finite() {
            continue;
        }
        assert!(same(round_to(x, F32, 0), f64::from(x as f32)), "{x:e}");
        let y = f32::from_bits(rng.next() as u32);
        if y.is_finite() {
            let yd = f64::from(y);
            assert!(
                same(round_to(yd, F16, 0), f16::from_f32(y).to_f64()),
                "{y:e}"
            );
            assert!(
                same(round_to(yd, BF16, 0), bf16::from_f32(y).to_f64()),
                "{y:e}"
            );
        }
    }
    // Decoding agrees with the native formats.
    for bits in [0u64, 1, 0x3c00, 0x7bff, 0x8400, 0xfc00, 0x0200] {
        assert!(same(F16.decode(bits), f16::from_bits(bits as u16).to_f64()));
    }
    assert_eq!(FP8.max(), 448.0);
    assert_eq!(BF8.max(), 57344.0);
    assert_eq!(F32.max(), f64::from(f32::MAX));
    assert_eq!(F64.max(), f64::MAX);
}

// ------------------------------------------------------------------ float classification

/// Bit patterns covering every class of `fmt`: zeros, subnormals, normals, infinities,
/// quiet and signalling NaNs of both signs (built from the format's field layout).
fn class_patterns(fmt: Format) -> Vec<u64> {
    let m = fmt.man_bits();
    let sign = 1u64 << (fmt.width - 1);
    let exp_all = ((1u64 << fmt.exp_bits()) - 1) << m;
    let quiet = 1u64 << (m - 1);
    let frac_all = (1u64 << m) - 1;
    let one = ((1u64 << (fmt.exp_bits() - 1)) - 1) << m;
    vec![
        0,
        sign,
        1,
        sign | frac_all,
        1 << m,
        one,
        sign | one | quiet,
        exp_all - 1,
        exp_all,
        sign | exp_all,
        exp_all | quiet,
        sign | exp_all | quiet | 1,
        exp_all | 1,
        sign | exp_all | (quiet - 1),
        exp_all | frac_all,
    ]
}

#[test]
fn float_class_helpers_match_ieee_predicates() {
    // References: std's f32/f64 predicates and half's f16/bf16 ones; "signalling" is a NaN
    // whose most significant fraction bit is clear (IEEE 754-2008 6.2.1).
    type Classify = fn(u64) -> (bool, bool, bool);
    let formats: [(Format, Classify); 4] = [
        (F16, |b| {
            let x = f16::from_bits(b as u16);
            let sub = x.classify() == std::num::FpCategory::Subnormal;
            (x.is_nan(), x.is_infinite(), sub)
        }),
        (BF16, |b| {
            let x = bf16::from_bits(b as u16);
            let sub = x.classify() == std::num::FpCategory::Subnormal;
            (x.is_nan(), x.is_infinite(), sub)
        }),
        (F32, |b| {
            let x = f32::from_bits(b as u32);
            (x.is_nan(), x.is_infinite(), x.is_subnormal())
        }),
        (F64, |b| {
            let x = f64::from_bits(b);
            (x.is_nan(), x.is_infinite(), x.is_subnormal())
        }),
    ];
    for (fmt, classify) in formats {
        let s = fmt.suffix;
        let progs = [
            Prog::new(&format!("D0.u32 = isNAN(S0.{s})")),
            Prog::new(&format!("D0.u32 = isINF(S0.{s})")),
            Prog::new(&format!("D0.u32 = isDENORM(S0.{s})")),
            Prog::new(&format!("D0.u32 = isSignalNAN(S0.{s})")),
            Prog::new(&format!("D0.u32 = isQuietNAN(S0.{s})")),
        ];
        let quiet_bit = 1u64 << (fmt.man_bits() - 1);
        for bits in class_patterns(fmt) {
            let (nan, inf, sub) = classify(bits);
            let quiet = bits & quiet_bit != 0;
            let want = [nan, inf, sub, nan && !quiet, nan && quiet];
            for (p, w) in progs.iter().zip(want) {
                assert_eq!(p.run(&[bits]), u128::from(w), "{} on {bits:#x}", p.src);
            }
        }
    }
}

#[test]
fn signalling_nan_survives_a_widening_cast() {
    // AMD's own idiom `isSignalNAN(64'F(S0.f32))`: widening keeps the NaN's kind (the
    // fraction moves up, the quiet bit stays clear).
    let p = Prog::new("D0.u32 = isSignalNAN(64'F(S0.f32))");
    let q = Prog::new("D0.u32 = isQuietNAN(64'F(S0.f16))");
    assert_eq!(p.run(&[0x7f80_0001]), 1);
    assert_eq!(p.run(&[0xffa0_0000]), 1);
    assert_eq!(p.run(&[0x7fc0_0000]), 0);
    assert_eq!(p.run(&[0x3f80_0000]), 0);
    assert_eq!(q.run(&[0x7e00]), 1);
    assert_eq!(q.run(&[0x7c01]), 0);
}

#[test]
fn minifloat_class_helpers() {
    // Hand-derived from the OCP 8-bit formats. E4M3 (`fp8`, S.EEEE.MMM, bias 7): no
    // infinity, NaN only at S.1111.111, subnormals 0x01-0x07. E5M2 (`bf8`, S.EEEEE.MM,
    // bias 15): IEEE-style, 0x7c infinity, 0x7d signalling NaN (fraction MSB clear),
    // 0x7e/0x7f quiet NaNs, subnormals 0x01-0x03.
    // Columns: bits, isNAN, isINF, isDENORM, isSignalNAN, isQuietNAN.
    let fp8: [(u64, [bool; 5]); 8] = [
        (0x00, [false, false, false, false, false]),
        (0x80, [false, false, false, false, false]),
        (0x01, [false, false, true, false, false]),
        (0x87, [false, false, true, false, false]),
        (0x08, [false, false, false, false, false]),
        (0x7e, [false, false, false, false, false]),
        (0x78, [false, false, false, false, false]),
        (0x7f, [true, false, false, false, true]),
    ];
    let bf8: [(u64, [bool; 5]); 8] = [
        (0x00, [false, false, false, false, false]),
        (0x83, [false, false, true, false, false]),
        (0x04, [false, false, false, false, false]),
        (0x7b, [false, false, false, false, false]),
        (0x7c, [false, true, false, false, false]),
        (0xfc, [false, true, false, false, false]),
        (0x7d, [true, false, false, true, false]),
        (0xfe, [true, false, false, false, true]),
    ];
    for (suffix, rows) in [("fp8", fp8), ("bf8", bf8)] {
        let names = ["isNAN", "isINF", "isDENORM", "isSignalNAN", "isQuietNAN"];
        for (k, name) in names.iter().enumerate() {
            let p = Prog::new(&format!("D0.u32 = {name}(S0.{suffix})"));
            for (bits, want) in rows {
                assert_eq!(p.run(&[bits]), u128::from(want[k]), "{} {bits:#x}", p.src);
            }
        }
    }
}

#[test]
fn is_even_is_integer_parity() {
    // Even means an integer divisible by two; infinities and NaN are not integers.
    let rows: [(f64, bool); 14] = [
        (0.0, true),
        (-0.0, true),
        (1.0, false),
        (2.0, true),
        (-3.0, false),
        (-4.0, true),
        (2.5, false),
        (0.5, false),
        (9_007_199_254_740_992.0, true), // 2^53
        (9_007_199_254_740_994.0, true), // 2^53 + 2
        (1e300, true),                   // every f64 above 2^53 is a multiple of 2
        (f64::INFINITY, false),
        (f64::NEG_INFINITY, false),
        (f64::NAN, false),
    ];
    let p = Prog::new("D0.u32 = isEven(S0.f64)");
    for (x, want) in rows {
        assert_eq!(p.run(&[b64(x)]), u128::from(want), "isEven({x})");
    }
    // AMD's idiom on an f32 source, and integer arguments.
    let p = Prog::new("D0.u32 = isEven(64'F(floor(S0.f32)))");
    for (x, want) in [(2.5f32, true), (3.5, false), (-0.5, false), (-1.5, true)] {
        assert_eq!(p.run(&[b32(x)]), u128::from(want), "isEven(floor({x}))");
    }
    let p = Prog::new("D0.u32 = isEven(S0.i32)");
    for (x, want) in [(-2i64, true), (7, false), (i64::from(i32::MIN), true)] {
        assert_eq!(p.run(&[sbits(x, 32)]), u128::from(want), "isEven({x})");
    }
}

#[test]
fn cvt_to_quiet_nan_sets_the_fraction_msb() {
    // Hand-derived: the quiet bit is the fraction's most significant bit (bit 22 of f32,
    // 9 of f16, 6 of bf16, 51 of f64); sign and payload are kept.
    type Rows = &'static [(u64, u64)];
    let cases: [(&str, u32, Rows); 4] = [
        (
            "f32",
            32,
            &[
                (0x7f80_0001, 0x7fc0_0001),
                (0xff80_0123, 0xffc0_0123),
                (0x7fa0_0000, 0x7fe0_0000),
                (0x7fc0_0000, 0x7fc0_0000),
                (0xffff_ffff, 0xffff_ffff),
            ],
        ),
        (
            "f16",
            16,
            &[(0x7c01, 0x7e01), (0xfd00, 0xff00), (0x7e00, 0x7e00)],
        ),
        ("bf16", 16, &[(0x7f81, 0x7fc1), (0xff80 | 0x20, 0xffe0)]),
        (
            "f64",
            64,
            &[
                (0x7ff0_0000_0000_0001, 0x7ff8_0000_0000_0001),
                (0xfff4_0000_0000_0000, 0xfffc_0000_0000_0000),
            ],
        ),
    ];
    for (s, width, rows) in cases {
        check_unary(&format!("D0.{s} = cvtToQuietNAN(S0.{s})"), width, rows);
    }
}

// ------------------------------------------------------------------ float fields

#[test]
fn sign_exponent_mantissa_read_the_fields() {
    // Reference: the IEEE fields cut out of the bit pattern with shifts and masks.
    // `mantissa` is read the way AMD's stochastic-rounding code uses it, as the fraction
    // field's bits (`23'B(mantissa(S0.f32))`).
    for fmt in [F16, F32, F64] {
        let (s, m) = (fmt.suffix, fmt.man_bits());
        let sign = Prog::new(&format!("D0.u32 = sign(S0.{s})"));
        let exponent = Prog::new(&format!("D0.u32 = exponent(S0.{s})"));
        let mantissa = Prog::new(&format!("D0.u64 = 64'U({m}'B(mantissa(S0.{s})))"));
        for bits in class_patterns(fmt) {
            let want_sign = bits >> (fmt.width - 1);
            let want_exp = (bits >> m) & ((1 << fmt.exp_bits()) - 1);
            let want_man = bits & ((1 << m) - 1);
            assert_eq!(
                sign.run(&[bits]),
                u128::from(want_sign),
                "sign {s} {bits:#x}"
            );
            assert_eq!(
                exponent.run(&[bits]),
                u128::from(want_exp),
                "exp {s} {bits:#x}"
            );
            assert_eq!(
                mantissa.run(&[bits]),
                u128::from(want_man),
                "man {s} {bits:#x}"
            );
        }
    }
}

/// `D0.f = mantissa(S0.f)` (V_FREXP_MANT_*) is frexp's significand, sign kept, in
/// [0.5, 1): 9.0 = 0.5625 * 2^4, -0.75 = -0.75 * 2^0, 1.0 = 0.5 * 2^1; f16's smallest
/// denormal 2^-24 = 0.5 * 2^-23; zero stays zero.
#[test]
fn a_mantissa_stored_as_a_float_is_the_frexp_significand() {
    check_unary(
        "D0.f32 = mantissa(S0.f32)",
        32,
        &[
            (0x4110_0000, 0x3f10_0000),
            (0xbf40_0000, 0xbf40_0000),
            (0x3f80_0000, 0x3f00_0000),
            (0, 0),
        ],
    );
    check_unary(
        "D0.f16 = mantissa(S0.f16)",
        16,
        &[(0x0001, 0x3800), (0x4880, 0x3880)],
    );
    check_unary(
        "D0.f64 = mantissa(S0.f64)",
        64,
        &[(0x4022_0000_0000_0000, 0x3fe2_0000_0000_0000)],
    );
}

/// The older manuals' `S0.f == +-INF`: an infinity of either sign (not `== -INF`).
#[test]
fn plus_minus_compares_either_sign() {
    check_unary(
        "D0.u32 = 32'U(S0.f32 == +-INF)",
        32,
        &[
            (0x7f80_0000, 1),
            (0xff80_0000, 1),
            (0x3f80_0000, 0),
            (0x7fc0_0000, 0),
        ],
    );
    check_unary(
        "D0.u32 = 32'U(S0.f32 != +-INF)",
        32,
        &[(0x7f80_0000, 0), (0xff80_0000, 0), (0x3f80_0000, 1)],
    );
}

#[test]
fn sign_of_integers_and_the_float32_constructor() {
    check_unary(
        "D0.u32 = sign(S0.i32)",
        32,
        &[
            (sbits(-5, 32), 1),
            (0, 0),
            (5, 0),
            (0x8000_0000, 1),
            (0x7fff_ffff, 0),
        ],
    );
    // float32(sign, exponent, fraction): bits s << 31 | e << 23 | m, each field cut to its
    // width first (hand-assembled patterns).
    let p = Prog::new("D0.u32 = 32'U(32'B(float32(S0.u32, S1.u32, S2.u32)))");
    let rows: [([u64; 3], u32); 6] = [
        ([1, 128, 0x40_0000], 0xc040_0000),   // -1.5 * 2 = -3.0
        ([0, 0, 1], 0x0000_0001),             // smallest subnormal
        ([0, 255, 0], 0x7f80_0000),           // +inf
        ([0, 255, 1], 0x7f80_0001),           // signalling NaN, kept as built
        ([2, 0x17f, 0x80_0001], 0x3f80_0001), // fields masked: s 0, e 0x7f, m 1
        ([0, 127, 0], 0x3f80_0000),           // 1.0
    ];
    for (inputs, want) in rows {
        assert_eq!(p.run(&inputs), u128::from(want), "float32{inputs:?}");
    }
}

// ------------------------------------------------------------------ abs, ABSDIFF, min, max

#[test]
fn abs_and_fabs_clear_the_sign_bit() {
    // IEEE abs is a bit operation: clear the sign, keep everything else (NaN payloads and
    // signalling NaNs included). Reference: the pattern with its sign bit cleared.
    for fmt in [F16, BF16, F32, F64] {
        let s = fmt.suffix;
        let sign = 1u64 << (fmt.width - 1);
        for name in ["abs", "fabs"] {
            let rows: Vec<(u64, u64)> = class_patterns(fmt)
                .into_iter()
                .map(|b| (b, b & !sign))
                .collect();
            check_unary(&format!("D0.{s} = {name}(S0.{s})"), fmt.width, &rows);
        }
    }
}

#[test]
fn abs_of_integers_wraps_at_the_type_width() {
    // Reference: Rust's wrapping_abs (|MIN| does not fit and wraps to MIN).
    let i32s = [0i32, 1, -1, -5, i32::MAX, i32::MIN, -i32::MAX];
    let rows: Vec<(u64, u64)> = i32s
        .iter()
        .map(|&x| (sbits(x.into(), 32), sbits(x.wrapping_abs().into(), 32)))
        .collect();
    check_unary("D0.i32 = abs(S0.i32)", 32, &rows);
    let i64s = [0i64, -7, i64::MAX, i64::MIN, i64::MIN + 1];
    let rows: Vec<(u64, u64)> = i64s
        .iter()
        .map(|&x| (x as u64, x.wrapping_abs() as u64))
        .collect();
    check_unary("D0.i64 = abs(S0.i64)", 64, &rows);
    let i16s = [-32768i16, -1, 300];
    let rows: Vec<(u64, u64)> = i16s
        .iter()
        .map(|&x| (sbits(x.into(), 16), sbits(x.wrapping_abs().into(), 16)))
        .collect();
    check_unary("D0.i16 = abs(S0.i16)", 16, &rows);
}

#[test]
fn absdiff_is_the_exact_distance() {
    // Reference: |a - b| computed in i128, which cannot overflow.
    let u32s: [(u32, u32); 5] = [(5, 3), (3, 5), (0, u32::MAX), (u32::MAX, 0), (7, 7)];
    let rows: Vec<(u64, u64, u64)> = u32s
        .iter()
        .map(|&(a, b)| {
            let d = (i128::from(a) - i128::from(b)).unsigned_abs();
            (a.into(), b.into(), d as u64)
        })
        .collect();
    check_binary("D0.u32 = ABSDIFF(S0.u32, S1.u32)", 32, &rows);
    let i32s: [(i32, i32); 4] = [(i32::MIN, i32::MAX), (-3, 4), (4, -3), (-9, -2)];
    let rows: Vec<(u64, u64, u64)> = i32s
        .iter()
        .map(|&(a, b)| {
            let d = (i128::from(a) - i128::from(b)).unsigned_abs();
            (sbits(a.into(), 32), sbits(b.into(), 32), d as u64)
        })
        .collect();
    check_binary("D0.u32 = ABSDIFF(S0.i32, S1.i32)", 32, &rows);
    check_binary(
        "D0.u32 = ABSDIFF(S0.u8, S1.u8)",
        32,
        &[(0, 255, 255), (0x1ff, 0x100, 255), (200, 100, 100)],
    );
}

#[test]
fn min_max_on_floats_return_the_number_beside_a_nan() {
    // IEEE 754-2008 minNum/maxNum, which Rust's f32::min/max and f64::min/max implement:
    // a NaN operand is ignored, two NaNs give NaN. (+0/-0 pairs are left out: minNum may
    // return either.)
    let nan = f32::NAN;
    let pairs: [(f32, f32); 9] = [
        (1.0, 2.0),
        (-1.0, -2.0),
        (1.0, nan),
        (nan, 1.0),
        (nan, nan),
        (f32::NEG_INFINITY, 3.0),
        (f32::INFINITY, f32::NEG_INFINITY),
        (f32::from_bits(1), 0.0),
        (-f32::MAX, f32::MIN_POSITIVE),
    ];
    for (name, reference) in [("min", f32::min as fn(f32, f32) -> f32), ("max", f32::max)] {
        for spelled in [name.to_string(), name.to_ascii_uppercase()] {
            let p = Prog::new(&format!("D0.f32 = {spelled}(S0.f32, S1.f32)"));
            for (a, b) in pairs {
                let got = f32::from_bits(p.run(&[b32(a), b32(b)]) as u32);
                let want = reference(a, b);
                assert!(same(got.into(), want.into()), "{}({a}, {b}) = {got}", p.src);
            }
        }
    }
    let p = Prog::new("D0.f64 = max(S0.f64, S1.f64)");
    for (a, b) in [(1.5f64, -2.0), (f64::NAN, -2.0), (-0.5, f64::NAN)] {
        let got = f64::from_bits(p.run(&[b64(a), b64(b)]) as u64);
        assert!(same(got, a.max(b)), "max({a}, {b}) = {got}");
    }
}

#[test]
fn min_max_on_integers_compare_values() {
    // Reference: Ord::min/max on the operands' values (signed or unsigned by their type).
    let i32s: [(i32, i32, i32); 4] = [(-1, 0, 5), (i32::MIN, i32::MAX, 0), (3, 3, -3), (7, -8, 6)];
    let min3 = Prog::new("D0.i32 = min(S0.i32, S1.i32, S2.i32)");
    let max3 = Prog::new("D0.i32 = max(S0.i32, S1.i32, S2.i32)");
    let max2 = Prog::new("D0.i32 = max(S0.i32, S1.i32)");
    for (a, b, c) in i32s {
        let ins = [
            sbits(a.into(), 32),
            sbits(b.into(), 32),
            sbits(c.into(), 32),
        ];
        let lo = a.min(b).min(c);
        let hi = a.max(b).max(c);
        assert_eq!(min3.run(&ins), u128::from(lo as u32), "min({a}, {b}, {c})");
        assert_eq!(max3.run(&ins), u128::from(hi as u32), "max({a}, {b}, {c})");
        assert_eq!(max2.run(&ins), u128::from(a.max(b) as u32), "max({a}, {b})");
    }
    let rows: Vec<(u64, u64, u64)> = [(u32::MAX, 0u32), (1, 2), (0x8000_0000, 0x7fff_ffff)]
        .iter()
        .map(|&(a, b)| (a.into(), b.into(), a.min(b).into()))
        .collect();
    check_binary("D0.u32 = MIN(S0.u32, S1.u32)", 32, &rows);
    let rows: Vec<(u64, u64, u64)> = [(u64::MAX, 0u64), (1 << 63, (1 << 63) - 1)]
        .iter()
        .map(|&(a, b)| (a, b, a.max(b)))
        .collect();
    check_binary("D0.u64 = max(S0.u64, S1.u64)", 64, &rows);
}

// ------------------------------------------------------------------ instruction-named helpers

#[test]
fn instruction_named_min_max_convert_their_operands() {
    // v_max_u32 etc. compare in their own type: an i32 -1 read as u32 is 0xffffffff.
    check_binary(
        "D0.u32 = v_max_u32(S0.i32, S1.u32)",
        32,
        &[(sbits(-1, 32), 5, 0xffff_ffff), (3, 4, 4)],
    );
    check_binary(
        "D0.i32 = v_min_i32(S0.u32, S1.i32)",
        32,
        &[(0xffff_ffff, 5, 0xffff_ffff), (3, 4, 3)],
    );
    check_binary(
        "D0.i16 = v_max_i16(S0.i16, S1.i16)",
        16,
        &[(0x8000, 0x7fff, 0x7fff), (0xffff, 0, 0)],
    );
    check_binary(
        "D0.u16 = v_min_u16(S0.u16, S1.u16)",
        16,
        &[(0x8000, 0x7fff, 0x7fff), (0xffff, 0, 0)],
    );
    let max3 = Prog::new("D0.f32 = v_max3_f32(S0.f32, S1.f32, S2.f32)");
    let min3 = Prog::new("D0.f16 = v_min3_f16(S0.f16, S1.f16, S2.f16)");
    let triples: [(f32, f32, f32); 4] = [
        (1.0, -2.0, 0.5),
        (f32::NAN, -2.0, 0.5),
        (-0.25, f32::NAN, f32::NEG_INFINITY),
        (65504.0, 1.0, 2.0),
    ];
    for (a, b, c) in triples {
        // Reference: maxNum/minNum folded left to right (f32::max/min ignore NaN).
        let got = max3.run(&[b32(a), b32(b), b32(c)]) as u32;
        assert!(same(f32::from_bits(got).into(), a.max(b).max(c).into()));
        let got = min3.run(&[h16(a), h16(b), h16(c)]) as u16;
        let want = f16::from_f32(a.min(b).min(c));
        assert!(
            same(f16::from_bits(got).to_f64(), want.to_f64()),
            "min3 {a} {b} {c}"
        );
    }
}

#[test]
fn ieee_maximum_and_minimum_propagate_nan_and_order_zeros() {
    // IEEE 754-2019 maximum/minimum, hand-derived: NaN if either operand is NaN; -0 < +0.
    let (nan, inf) = (f32::NAN, f32::INFINITY);
    let rows: [(f32, f32, f32, f32); 8] = [
        // a, b, maximum, minimum
        (1.0, 2.0, 2.0, 1.0),
        (nan, 1.0, nan, nan),
        (1.0, nan, nan, nan),
        (-0.0, 0.0, 0.0, -0.0),
        (0.0, -0.0, 0.0, -0.0),
        (-inf, inf, inf, -inf),
        (-3.0, -0.0, -0.0, -3.0),
        (f32::from_bits(1), 0.0, f32::from_bits(1), 0.0),
    ];
    let max = Prog::new("D0.f32 = v_maximum_f32(S0.f32, S1.f32)");
    let min = Prog::new("D0.f32 = v_minimum_f32(S0.f32, S1.f32)");
    let max16 = Prog::new("D0.f16 = v_maximum_f16(S0.f16, S1.f16)");
    for (a, b, hi, lo) in rows {
        let got = f32::from_bits(max.run(&[b32(a), b32(b)]) as u32);
        assert!(same(got.into(), hi.into()), "maximum({a}, {b}) = {got}");
        let got = f32::from_bits(min.run(&[b32(a), b32(b)]) as u32);
        assert!(same(got.into(), lo.into()), "minimum({a}, {b}) = {got}");
        let got = f16::from_bits(max16.run(&[h16(a), h16(b)]) as u16);
        assert!(
            same(got.to_f64(), f16::from_f32(hi).to_f64()),
            "maximum f16({a}, {b})"
        );
    }
    // A signalling NaN comes back quiet, payload kept (AMD's V_MAXIMUM_F32 text returns
    // cvtToQuietNAN of it): 0x7f800001 -> 0x7fc00001.
    assert_eq!(max.run(&[0x7f80_0001, b32(1.0)]), 0x7fc0_0001);
    assert_eq!(min.run(&[b32(1.0), 0xff80_0001]), 0xffc0_0001);
    let p = Prog::new("D0.f32 = v_minimum3_f32(S0.f32, S1.f32, S2.f32)");
    let got = p.run(&[b32(0.0), b32(-0.0), b32(1.0)]) as u32;
    assert_eq!(got, 0x8000_0000, "minimum3(0, -0, 1) is -0");
    let got = f32::from_bits(p.run(&[b32(0.0), b32(2.0), b32(nan)]) as u32);
    assert!(got.is_nan(), "minimum3 with a NaN");
}

#[test]
fn instruction_named_conversions_and_find_first_one() {
    // v_cvt_i16_f32 / v_cvt_u16_f32: truncate toward zero, saturate, NaN -> 0; exactly
    // Rust's `as` from float to integer.
    let xs = [
        1.9f32,
        -1.9,
        -0.5,
        40000.0,
        -40000.0,
        65535.9,
        70000.0,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        -0.0,
        32767.5,
    ];
    let rows: Vec<(u64, u64)> = xs
        .iter()
        .map(|&x| (b32(x), sbits((x as i16).into(), 16)))
        .collect();
    check_unary("D0.i16 = v_cvt_i16_f32(S0.f32)", 16, &rows);
    let rows: Vec<(u64, u64)> = xs.iter().map(|&x| (b32(x), (x as u16).into())).collect();
    check_unary("D0.u16 = v_cvt_u16_f32(S0.f32)", 16, &rows);
    // s_ff1_i32_b32/b64: index of the lowest set bit, -1 for none (Rust trailing_zeros).
    let xs32 = [0u32, 1, 0x8000_0000, 0x0001_0100, u32::MAX];
    let rows: Vec<(u64, u64)> = xs32
        .iter()
        .map(|&x| {
            let want = if x == 0 {
                -1
            } else {
                i64::from(x.trailing_zeros())
            };
            (x.into(), sbits(want, 32))
        })
        .collect();
    check_unary("D0.i32 = s_ff1_i32_b32(S0.b32)", 32, &rows);
    let xs64 = [0u64, 1 << 63, 1 << 32, 0x10];
    let rows: Vec<(u64, u64)> = xs64
        .iter()
        .map(|&x| {
            let want = if x == 0 {
                -1
            } else {
                i64::from(x.trailing_zeros())
            };
            (x, sbits(want, 32))
        })
        .collect();
    check_unary("D0.i32 = s_ff1_i32_b64(S0.b64)", 32, &rows);
}

// ------------------------------------------------------------------ pow, fma, ldexp

#[test]
fn pow_exact_and_special_cases() {
    // Exact powers and the C99 Annex F special cases of pow (NaN^0 = 1, 1^NaN = 1,
    // (-0)^(negative odd integer) = -inf, ...), written out by hand.
    let (nan, inf) = (f32::NAN, f32::INFINITY);
    let rows: [(f32, f32, f32); 18] = [
        (2.0, 10.0, 1024.0),
        (2.0, -149.0, f32::from_bits(1)), // 2^-149, the smallest subnormal
        (2.0, -150.0, 0.0),               // 2^-150 is a tie between 0 and 2^-149: even 0
        (2.0, 128.0, inf),
        (9.0, 0.5, 3.0),
        (-2.0, 3.0, -8.0),
        (4.0, -0.5, 0.5),
        (10.0, 3.0, 1000.0),
        (0.0, -1.0, inf),
        (-0.0, -1.0, -inf),
        (-0.0, 3.0, -0.0),
        (nan, 0.0, 1.0),
        (1.0, nan, 1.0),
        (2.0, nan, nan),
        (-1.0, inf, 1.0),
        (0.5, inf, 0.0),
        (-inf, 3.0, -inf),
        (-8.0, 1.0 / 3.0, nan), // negative base, non-integer exponent
    ];
    let p = Prog::new("D0.f32 = pow(S0.f32, S1.f32)");
    let op = Prog::new("D0.f32 = S0.f32 ** S1.f32");
    for (a, b, want) in rows {
        for q in [&p, &op] {
            let got = f32::from_bits(q.run(&[b32(a), b32(b)]) as u32);
            assert!(
                same(got.into(), want.into()),
                "{} ({a}, {b}) = {got}",
                q.src
            );
        }
    }
    // AMD's f16 idiom `pow(2.0, x)`: 2^-24 is the smallest f16 subnormal, 2^-25 a tie
    // rounding to 0, 2^16 overflows; 2^0.5 = 1.41421356 rounds to 1 + 424/1024 (0x3da8).
    let p = Prog::new("D0.f16 = pow(2.0, S0.f16)");
    for (x, want) in [
        (-24.0f32, 0x0001u64),
        (-25.0, 0),
        (15.0, 0x7800),
        (16.0, 0x7c00),
        (0.5, 0x3da8),
    ] {
        assert_eq!(p.run(&[h16(x)]), u128::from(want), "pow(2, {x}) in f16");
    }
}

/// The interesting f32 operands of a fused multiply-add.
fn fma_f32_rows() -> Vec<[f32; 3]> {
    let tiny = f32::from_bits(1);
    vec![
        // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is a tie at f32 precision; the addend 2^-80
        // breaks it upward. One rounding gives 1 + 2^-11 + 2^-23; rounding first to f64
        // (losing 2^-80) and then to f32 would give the even 1 + 2^-11.
        [1.0 + 2f32.powi(-12), 1.0 + 2f32.powi(-12), 2f32.powi(-80)],
        [
            1.0 + 2f32.powi(-12),
            1.0 + 2f32.powi(-12),
            -(2f32.powi(-80)),
        ],
        [
            1.0 + 2f32.powi(-12),
            -(1.0 + 2f32.powi(-12)),
            2f32.powi(-80),
        ],
        [1.5, 2.0, 0.25],
        [f32::MAX, 2.0, -f32::MAX],
        [f32::MAX, 2.0, 0.0],
        [tiny, 0.5, 0.0],
        [tiny, 1.5, 0.0],
        [tiny, -0.5, -0.0],
        [0.0, 1.0, -0.0],
        [-0.0, 1.0, -0.0],
        [f32::INFINITY, 0.0, 1.0],
        [f32::INFINITY, 1.0, f32::NEG_INFINITY],
        [f32::NAN, 1.0, 1.0],
        [0.1, 10.0, -1.0],
        [3.0, 1.0 / 3.0, -1.0],
    ]
}

#[test]
fn fma_rounds_once() {
    // Reference: Rust's mul_add, a correctly rounded fused multiply-add.
    let p = Prog::new("D0.f32 = fma(S0.f32, S1.f32, S2.f32)");
    for [a, b, c] in fma_f32_rows() {
        let got = f32::from_bits(p.run(&[b32(a), b32(b), b32(c)]) as u32);
        let want = a.mul_add(b, c);
        assert!(
            same(got.into(), want.into()),
            "fma({a:e}, {b:e}, {c:e}) = {got:e}, want {want:e}"
        );
    }
    let p = Prog::new("D0.f64 = fma(S0.f64, S1.f64, S2.f64)");
    let e = f64::EPSILON;
    let rows: [[f64; 3]; 5] = [
        [1.0 + e, 1.0 - e, -1.0], // exact product 1 - 2^-104: only a fused op sees it
        [0.1, 10.0, -1.0],
        [f64::MAX, 2.0, -f64::MAX],
        [f64::from_bits(1), 0.5, 0.0],
        [-0.0, 0.0, 0.0],
    ];
    for [a, b, c] in rows {
        let got = f64::from_bits(p.run(&[b64(a), b64(b), b64(c)]) as u64);
        assert!(
            same(got, a.mul_add(b, c)),
            "fma({a:e}, {b:e}, {c:e}) = {got:e}"
        );
    }
    // f16: the product of two f16 and the f16 addend are exact in f64 here, so the
    // reference is one rounding of the exact f64 value (round_exact).
    let p = Prog::new("D0.f16 = fma(S0.f16, S1.f16, S2.f16)");
    let rows: [[f32; 3]; 4] = [
        [1.0 + 1.0 / 32.0, 1.0 + 1.0 / 64.0, 2f32.powi(-24)], // tie broken by the addend
        [1.0 + 1.0 / 32.0, 1.0 + 1.0 / 64.0, 0.0],            // tie: to even
        [256.0, 256.0, -1.0],                                 // 65535 -> 65536 = inf
        [2f32.powi(-12), 2f32.powi(-12), 0.0],                // 2^-24, subnormal
    ];
    for [a, b, c] in rows {
        let exact = f64::from(a) * f64::from(b) + f64::from(c);
        let want = round_to(exact, F16, 0);
        let got = F16.decode(p.run(&[h16(a), h16(b), h16(c)]) as u64);
        assert!(
            same(got, want),
            "f16 fma({a}, {b}, {c}) = {got}, want {want}"
        );
    }
}

/// The exact `x * 2^n` rounded to `fmt` (NaN, infinities and zeros pass through).
fn ldexp_reference(x: f64, n: i64, fmt: Format) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    let (neg, m, e) = decompose(x);
    round_exact(neg, m, e + n, fmt, 0)
}

#[test]
fn ldexp_scales_exactly_and_rounds_once() {
    let exps: [i64; 17] = [
        0,
        1,
        -1,
        -126,
        -127,
        -149,
        -150,
        -151,
        127,
        128,
        254,
        300,
        -300,
        1 << 20,
        -(1 << 20),
        i32::MAX as i64,
        i32::MIN as i64,
    ];
    let xs32 = [
        1.0f32,
        1.5,
        -1.5,
        1.75,
        3.0,
        f32::from_bits(1),
        f32::from_bits(0x007f_ffff),
        f32::MAX,
        -0.0,
        0.0,
        f32::INFINITY,
        f32::NAN,
    ];
    let p = Prog::new("D0.f32 = ldexp(S0.f32, S1.i32)");
    for x in xs32 {
        for n in exps {
            let got = f64::from(f32::from_bits(p.run(&[b32(x), sbits(n, 32)]) as u32));
            let want = ldexp_reference(x.into(), n, F32);
            assert!(
                same(got, want),
                "ldexp({x:e}, {n}) = {got:e}, want {want:e}"
            );
        }
    }
    // f64: 2^-74 * (2.5 + 2^-40) scaled by 2^-1001 is 2^-1074 * (1.25 + 2^-41): one
    // rounding gives 2^-1074; scaling by 2^-1000 first rounds 2.5 + 2^-40 up to 3 (in units
    // of 2^-1074), and the last halving is then a tie that goes to the even 2^-1073.
    let crafted = (2.5 + 2f64.powi(-40)) * 2f64.powi(-74);
    let xs64 = [
        1.0,
        1.5,
        -0.75,
        crafted,
        f64::from_bits(1),
        f64::MAX,
        1.0 + f64::EPSILON,
    ];
    let exps64: [i64; 14] = [
        0,
        -1001,
        -1022,
        -1023,
        -1074,
        -1075,
        -1076,
        -2000,
        -2098,
        1023,
        1024,
        2098,
        i32::MAX as i64,
        i32::MIN as i64,
    ];
    let p = Prog::new("D0.f64 = ldexp(S0.f64, S1.i32)");
    for x in xs64 {
        for n in exps64 {
            let got = f64::from_bits(p.run(&[b64(x), sbits(n, 32)]) as u64);
            let want = ldexp_reference(x, n, F64);
            assert!(
                same(got, want),
                "ldexp({x:e}, {n}) = {got:e}, want {want:e}"
            );
        }
    }
    let p = Prog::new("D0.f16 = ldexp(S0.f16, S1.i32)");
    for x in [1.0f32, 1.5, -3.0, 65504.0] {
        for n in [-24i64, -25, -26, 1, 15, 16, 40, -40] {
            let got = F16.decode(p.run(&[h16(x), sbits(n, 32)]) as u64);
            let want = ldexp_reference(x.into(), n, F16);
            assert!(same(got, want), "f16 ldexp({x}, {n}) = {got}, want {want}");
        }
    }
}

// ------------------------------------------------------------------ one-argument functions

/// f32 operands for the one-argument functions: signed zeros, subnormals, ordinary
/// values, ties for the rounding functions, extremes, infinities and NaN.
fn unary_f32_inputs() -> Vec<f32> {
    vec![
        0.0,
        -0.0,
        f32::from_bits(1),
        f32::from_bits(0x007f_ffff),
        f32::MIN_POSITIVE,
        0.25,
        0.5,
        -0.5,
        1.0,
        1.5,
        -1.5,
        2.0,
        2.5,
        -2.5,
        3.0,
        4.0,
        10.0,
        -1e-30,
        8_388_607.5, // 2^23 - 0.5: the largest f32 with a fraction
        8_388_609.0,
        f32::MAX,
        -f32::MAX,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
    ]
}

#[test]
fn correctly_rounded_functions_match_std() {
    // sqrt, trunc, floor, ceil, fract, rcp and roundEven are exact or correctly rounded in
    // IEEE arithmetic, so Rust's f32 operations are the reference bit for bit; fract(x) is
    // x - floor(x) (AMD's DX definition: fract(-1.2) = 0.8), one f32 subtraction.
    type F = fn(f32) -> f32;
    let table: [(&str, F); 9] = [
        ("sqrt", f32::sqrt),
        ("trunc", f32::trunc),
        ("floor", f32::floor),
        ("ceil", f32::ceil),
        ("fract", |x| x - x.floor()),
        ("rcp", |x| 1.0 / x),
        ("RoundToEven", f32::round_ties_even),
        ("roundEven", f32::round_ties_even),
        ("fabs", f32::abs),
    ];
    for (name, reference) in table {
        let p = Prog::new(&format!("D0.f32 = {name}(S0.f32)"));
        for x in unary_f32_inputs() {
            let got = f32::from_bits(p.run(&[b32(x)]) as u32);
            let want = reference(x);
            assert!(
                same(got.into(), want.into()),
                "{name}({x:e}) = {got:e}, want {want:e}"
            );
        }
    }
    // f64 and f16: sqrt and 1/x are correctly rounded; for f16 the f32 result rounded to
    // f16 is correct too (24 >= 2 * 11 + 2 bits: a second rounding is harmless).
    for (name, reference) in [("sqrt", f64::sqrt as fn(f64) -> f64), ("rcp", |x| 1.0 / x)] {
        let p = Prog::new(&format!("D0.f64 = {name}(S0.f64)"));
        let xs = [
            2.0f64,
            3.0,
            1e-310,
            0.1,
            -0.0,
            -4.0,
            f64::MAX,
            f64::INFINITY,
        ];
        for x in xs {
            let got = f64::from_bits(p.run(&[b64(x)]) as u64);
            assert!(same(got, reference(x)), "{name}({x:e}) = {got:e}");
        }
    }
    for (name, reference) in [("sqrt", f32::sqrt as fn(f32) -> f32), ("rcp", |x| 1.0 / x)] {
        let p = Prog::new(&format!("D0.f16 = {name}(S0.f16)"));
        for x in [
            2.0f32,
            3.0,
            2f32.powi(-24),
            2f32.powi(-16),
            65504.0,
            -1.0,
            0.0,
            -0.0,
        ] {
            let h = f16::from_f32(x);
            let want = f16::from_f32(reference(h.to_f32()));
            let got = f16::from_bits(p.run(&[u64::from(h.to_bits())]) as u16);
            assert!(same(got.to_f64(), want.to_f64()), "f16 {name}({x}) = {got}");
        }
    }
}

#[test]
fn rsq_log_exp_sin_cos_within_one_ulp() {
    // Exact cases, written by hand (IEEE special values; powers of two are exact for
    // rsq, log2 and exp2). `log` and `exp` are the ISA's base-2 functions.
    let (inf, nan) = (f32::INFINITY, f32::NAN);
    let exact: [(&str, f32, f32); 30] = [
        ("rsq", 4.0, 0.5),
        ("rsq", 0.25, 2.0),
        ("rsq", 2f32.powi(-148), 2f32.powi(74)),
        ("rsq", 0.0, inf),
        ("rsq", -0.0, -inf),
        ("rsq", -1.0, nan),
        ("rsq", inf, 0.0),
        ("log2", 8.0, 3.0),
        ("log2", 1.0, 0.0),
        ("log2", 0.0, -inf),
        ("log2", -0.0, -inf),
        ("log2", -1.0, nan),
        ("log2", inf, inf),
        ("log2", f32::from_bits(1), -149.0),
        ("log", 0.5, -1.0),
        ("exp2", 3.0, 8.0),
        ("exp2", -149.0, f32::from_bits(1)),
        ("exp2", -150.0, 0.0), // 2^-150: tie between 0 and 2^-149, even 0
        ("exp2", 128.0, inf),
        ("exp2", -inf, 0.0),
        ("exp2", -0.0, 1.0),
        ("exp", 10.0, 1024.0),
        ("sin", 0.0, 0.0),
        ("sin", -0.0, -0.0),
        ("sin", inf, nan),
        ("cos", 0.0, 1.0),
        ("cos", -inf, nan),
        ("sin", nan, nan),
        ("log2", nan, nan),
        ("exp2", nan, nan),
    ];
    for (name, x, want) in exact {
        let got = f32::from_bits(run(&format!("D0.f32 = {name}(S0.f32)"), &[b32(x)]) as u32);
        assert!(
            same(got.into(), want.into()),
            "{name}({x:e}) = {got:e}, want {want:e}"
        );
    }
    // Ordinary values: the interpreter computes in f64 and rounds once, so its result is
    // the correctly rounded f32; the reference is the f32 libm function or constant, which
    // is within 1 ulp. Tolerance: 1 ulp.
    use std::f32::consts;
    let approx: [(&str, f32, f32); 8] = [
        ("rsq", 2.0, consts::FRAC_1_SQRT_2),
        ("log2", 10.0, consts::LOG2_10),
        ("log", consts::E, consts::E.log2()),
        ("exp2", 0.5, consts::SQRT_2),
        ("exp", -0.5, consts::FRAC_1_SQRT_2),
        ("sin", consts::FRAC_PI_6, consts::FRAC_PI_6.sin()),
        ("cos", consts::FRAC_PI_3, consts::FRAC_PI_3.cos()),
        ("sin", 1.0, 1f32.sin()),
    ];
    for (name, x, want) in approx {
        let got = f32::from_bits(run(&format!("D0.f32 = {name}(S0.f32)"), &[b32(x)]) as u32);
        assert!(
            ulps(got, want) <= 1,
            "{name}({x:e}) = {got:e}, want {want:e} within 1 ulp"
        );
    }
}

// ------------------------------------------------------------------ bit helpers

#[test]
fn signext_keeps_the_value_of_a_signed_operand() {
    // Reference: Rust's sign-extending `as` casts between signed types.
    let i32s = [0i32, 1, -1, i32::MIN, i32::MAX, -123_456];
    let rows: Vec<(u64, u64)> = i32s
        .iter()
        .map(|&x| (sbits(x.into(), 32), i64::from(x) as u64))
        .collect();
    check_unary("D0.i64 = signext(S0.i32)", 64, &rows);
    let i16s = [0i16, -1, i16::MIN, i16::MAX, -300];
    let rows: Vec<(u64, u64)> = i16s
        .iter()
        .map(|&x| (sbits(x.into(), 16), sbits(x.into(), 32)))
        .collect();
    check_unary("D0.i32 = 32'I(signext(S0.i16))", 32, &rows);
    let i8s = [0i8, -1, i8::MIN, i8::MAX];
    let rows: Vec<(u64, u64)> = i8s
        .iter()
        .map(|&x| (sbits(x.into(), 8) | 0xab00, sbits(x.into(), 32)))
        .collect();
    check_unary("D0.i32 = 32'I(signext(S0.i8))", 32, &rows);
    // signext reads the operand's top bit as its sign whatever its kind: a slice (typed
    // unsigned) holding a signed byte, a u64 shifted arithmetically, and the branch offset
    // idiom `SIMM16.i16 * 16'4` (-1 * 4 = -4; the mixed i16 * b16 product is typed u16;
    // offsets are kept small, as the product is 16 bits wide).
    let rows: Vec<(u64, u64)> = [0u64, 0x7f, 0x80, 0xff]
        .iter()
        .map(|&b| (b | 0x100, sbits(sext_from(b, 8), 32)))
        .collect();
    check_unary("D0.i32 = 32'I(signext(S0[7 : 0]))", 32, &rows);
    check_unary(
        "D0.i64 = signext(S0.i16 * 16'4)",
        64,
        &[
            (0xffff, sbits(-4, 64)),
            (0x0003, 12),
            (0xfff0, sbits(-64, 64)),
        ],
    );
    check_binary(
        "D0.u64 = signext(S0.u64) >> S1.u32",
        64,
        &[(1 << 63, 62, 0xffff_ffff_ffff_fffe), (1 << 62, 62, 1)],
    );
    // The arithmetic right shift idiom `signext(S0.i64) >> n`.
    check_binary(
        "D0.i64 = (signext(S0.i64) >> S1[5 : 0].u32)",
        64,
        &[
            (1 << 63, 63, u64::MAX),
            (0x8000_0000_0000_0010, 4, 0xf800_0000_0000_0001),
        ],
    );
}

/// Sign extension from bit `w - 1` of `v` (0 for `w` = 0), by shifting left then
/// arithmetically right in i64.
fn sext_from(v: u64, w: u32) -> i64 {
    match w {
        0 => 0,
        w if w >= 64 => v as i64,
        w => ((v << (64 - w)) as i64) >> (64 - w),
    }
}

#[test]
fn signext_from_bit_extends_from_the_given_width() {
    let rows32: [(u32, u32); 11] = [
        (0xff, 8),
        (0x7f, 8),
        (0x80, 8),
        (0x1, 1),
        (0x2, 1),
        (0x1234_5678, 0),
        (0x8765_4321, 32),
        (0xabc, 12),
        (0x1234_5678, 16),
        (0xffff_fffb, 33), // wider than the value: unchanged
        (0x0000_8000, 16),
    ];
    let p = Prog::new("D0.i32 = signext_from_bit(S0.i32, S1.u32)");
    let q = Prog::new("D0.i32 = signextFromBit(S0.i32, S1.u32)");
    for (v, w) in rows32 {
        // The i32 operand's value is the pattern read as i32; widths past 32 keep it.
        let want = sext_from(i64::from(v as i32) as u64, w) as u32;
        assert_eq!(
            p.run(&[v.into(), w.into()]),
            u128::from(want),
            "({v:#x}, {w})"
        );
        assert_eq!(
            q.run(&[v.into(), w.into()]),
            u128::from(want),
            "({v:#x}, {w})"
        );
    }
    let rows64: [(u64, u32); 5] = [
        (0xffff_ffff, 32),
        (1 << 40, 41),
        (u64::MAX, 64),
        (0x0123_4567_89ab_cdef, 36),
        (0x0123_4567_89ab_cdef, 0),
    ];
    let p = Prog::new("D0.i64 = signext_from_bit(S0.i64, S1.u32)");
    for (v, w) in rows64 {
        let want = sext_from(v, w) as u64;
        assert_eq!(p.run(&[v, w.into()]), u128::from(want), "({v:#x}, {w})");
    }
}

#[test]
fn count_ones_counts_the_operand_width() {
    // Reference: Rust's count_ones on the operand at its own width.
    let xs = [
        0u64,
        1,
        u64::MAX,
        0x8000_0000_0000_0001,
        0x1234_5678_9abc_def0,
        0xffff_0000,
    ];
    for name in ["count_ones", "countbits", "bitCount"] {
        let rows: Vec<(u64, u64)> = xs
            .iter()
            .map(|&x| (x, (x as u32).count_ones().into()))
            .collect();
        check_unary(&format!("D0.u32 = {name}(S0.b32)"), 32, &rows);
        let rows: Vec<(u64, u64)> = xs.iter().map(|&x| (x, x.count_ones().into())).collect();
        check_unary(&format!("D0.u32 = {name}(S0.b64)"), 32, &rows);
        let rows: Vec<(u64, u64)> = xs
            .iter()
            .map(|&x| (x, (x as u16).count_ones().into()))
            .collect();
        check_unary(&format!("D0.u32 = {name}(S0.u16)"), 32, &rows);
    }
    // A negative i32 counts its 32 two's-complement bits.
    check_unary(
        "D0.u32 = count_ones(S0.i32)",
        32,
        &[(u64::MAX, 32), (sbits(-2, 32), 31)],
    );
}

#[test]
fn reverse_bits_mirrors_the_operand_width() {
    // Reference: Rust's reverse_bits at the operand width.
    let xs = [0u64, 1, 0x8000_0000, 0x1234_5678_9abc_def0, u64::MAX, 0xf0];
    let rows: Vec<(u64, u64)> = xs
        .iter()
        .map(|&x| (x, (x as u32).reverse_bits().into()))
        .collect();
    check_unary("D0.u32 = reverse_bits(S0.u32)", 32, &rows);
    let rows: Vec<(u64, u64)> = xs.iter().map(|&x| (x, x.reverse_bits())).collect();
    check_unary("D0.u64 = reverse_bits(S0.u64)", 64, &rows);
    let rows: Vec<(u64, u64)> = xs
        .iter()
        .map(|&x| (x, (x as u16).reverse_bits().into()))
        .collect();
    check_unary("D0.u16 = reverse_bits(S0.u16)", 16, &rows);
}

#[test]
fn buffer_format_address_and_register_helpers() {
    // ConvertFromFormat/ConvertToFormat model the raw 32-bit format: the value passes
    // through unchanged.
    for name in ["ConvertFromFormat", "ConvertToFormat"] {
        let rows = [
            (0u64, 0u64),
            (0xdead_beef, 0xdead_beef),
            (0x3f80_0000, 0x3f80_0000),
        ];
        check_unary(&format!("D0.u32 = {name}(S0.u32)"), 32, &rows);
    }
    // Calc*Addr: base plus offsets, wrapping at 64 bits (descriptors are not modelled).
    let rows = [
        (0x1000u64, 0x20u64, 0x1020u64),
        (u64::MAX - 0xf, 0x20, 0x10),
        (0, 0xffff_ffff, 0xffff_ffff),
    ];
    for name in ["CalcGlobalAddr", "CalcDsAddr", "CalcBufferAddr"] {
        check_binary(&format!("D0.u64 = {name}(S0.u64, S1.u32)"), 64, &rows);
    }
    assert_eq!(
        run("D0.u64 = CalcFlatAddr(S0.u64, S1.u32, S2.u32)", &[1, 2, 3]),
        6
    );
    // writeableBitMask(id, privileged): write protection is not modelled, every bit writes.
    assert_eq!(
        run("D0.u32 = writeableBitMask(S0.u32, S1.u32)", &[5, 0]),
        0xffff_ffff
    );
    assert_eq!(
        run("D0.u32 = HwRegWriteMask(S0.u32, S1.u32)", &[5, 1]),
        0xffff_ffff
    );
    // ChannelOffsetX..W: byte offsets of 32-bit channels.
    for (k, c) in ["X", "Y", "Z", "W"].iter().enumerate() {
        assert_eq!(
            run(&format!("D0.u32 = ChannelOffset{c}()"), &[]),
            4 * k as u128
        );
    }
}

// ------------------------------------------------------------------ conversion helpers

/// Random bit patterns of `src` whose values land around `dst`'s range (from below its
/// subnormals to past its largest value), a quarter of them exact ties in `dst`, plus
/// every class pattern of `src`.
fn conversion_inputs(src: Format, dst: Format, rng: &mut Rng, count: usize) -> Vec<u64> {
    let mut out = class_patterns(src);
    let bias = 1 - src.emin;
    let lo = (dst.emin - i64::from(dst.precision) - 2).max(src.emin - 1);
    let hi = (dst.emax + 2).min(src.emax);
    let m = src.man_bits();
    for _ in 0..count {
        let r = rng.next();
        let exp = lo + (r % (hi - lo + 1) as u64) as i64;
        let field = (exp + bias).max(0) as u64;
        let mut frac = (r >> 16) & ((1 << m) - 1);
        if r >> 60 == 0 && m > dst.man_bits() {
            // An exact tie: keep dst's fraction bits, then binary 1000...
            let cut = m - dst.man_bits();
            frac = (frac >> cut << cut) | 1 << (cut - 1);
        }
        let sign = (r >> 63) << (src.width - 1);
        out.push(sign | field << m | frac);
    }
    out
}

#[test]
fn float_to_float_conversions_round_in_every_mode() {
    // `<from>_to_<to>` honours FP_ROUND; the reference is round_exact on the decoded input.
    let pairs: [(Format, Format); 9] = [
        (F64, F32),
        (F32, F16),
        (F32, BF16),
        (F32, FP8),
        (F32, BF8),
        (F16, FP8),
        (F16, BF8),
        (F64, F16),
        (F64, BF16),
    ];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for (src, dst) in pairs {
        let p = Prog::new(&format!(
            "D0.{} = {}_to_{}(S0.{})",
            dst.suffix, src.suffix, dst.suffix, src.suffix
        ));
        for bits in conversion_inputs(src, dst, &mut rng, 300) {
            let x = src.decode(bits);
            for mode in 0..4 {
                let got =
                    dst.decode(p.run_mode(&[bits], mode) as u64 & (u64::MAX >> (64 - dst.width)));
                let want = round_to(x, dst, mode);
                assert!(
                    same(got, want),
                    "{} of {x:e} ({bits:#x}) in mode {mode} = {got:e}, want {want:e}",
                    p.src
                );
            }
        }
    }
}

#[test]
fn widening_float_conversions_are_exact() {
    // Every value of the narrower format is a value of the wider one: the reference is the
    // decoded input itself, whatever the rounding mode.
    let pairs: [(Format, Format); 7] = [
        (F16, F32),
        (BF16, F32),
        (FP8, F32),
        (BF8, F32),
        (FP8, F16),
        (BF8, F16),
        (F32, F64),
    ];
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for (src, dst) in pairs {
        let p = Prog::new(&format!(
            "D0.{} = {}_to_{}(S0.{})",
            dst.suffix, src.suffix, dst.suffix, src.suffix
        ));
        let mut inputs = class_patterns(src);
        inputs.extend((0..200).map(|_| rng.next() & (u64::MAX >> (64 - src.width))));
        for bits in inputs {
            let x = src.decode(bits);
            for mode in 0..4 {
                let got =
                    dst.decode(p.run_mode(&[bits], mode) as u64 & (u64::MAX >> (64 - dst.width)));
                assert!(
                    same(got, x),
                    "{} of {x:e} ({bits:#x}) mode {mode} = {got:e}",
                    p.src
                );
            }
        }
    }
    // Hand-decoded OCP patterns: E4M3 0x7e = 1.75 * 2^8, 0x01 = 2^-9, 0x08 = 2^-6;
    // E5M2 0x7b = 1.75 * 2^15, 0x01 = 2^-16, 0x7c = inf.
    let fp8 = Prog::new("D0.f32 = fp8_to_f32(S0.fp8)");
    let bf8 = Prog::new("D0.f32 = bf8_to_f32(S0.bf8)");
    for (bits, want) in [
        (0x38u64, 1.0f32),
        (0x7e, 448.0),
        (0x01, 2f32.powi(-9)),
        (0x08, 2f32.powi(-6)),
        (0xbc, -1.5),
        (0x80, -0.0),
    ] {
        assert_eq!(
            fp8.run(&[bits]),
            u128::from(want.to_bits()),
            "fp8 {bits:#x}"
        );
    }
    for (bits, want) in [
        (0x3cu64, 1.0f32),
        (0x7b, 57344.0),
        (0x01, 2f32.powi(-16)),
        (0x7c, f32::INFINITY),
        (0xbd, -1.25),
    ] {
        assert_eq!(
            bf8.run(&[bits]),
            u128::from(want.to_bits()),
            "bf8 {bits:#x}"
        );
    }
}

#[test]
fn float_conversions_hand_derived_rows() {
    // A few conversions worked out by hand, as a cross-check of the reference rounding.
    // f32 -> f16: 1 + 2^-11 is a tie between 0x3c00 and 0x3c01; 65520 is the first value
    // that rounds to infinity (65504 + half an ulp of 32); 1e-9 is below half of 2^-24.
    // Columns: input, then the result in modes nearest, up, down, toward zero.
    let f16_rows: [(f32, [u64; 4]); 5] = [
        (1.0 + 2f32.powi(-11), [0x3c00, 0x3c01, 0x3c00, 0x3c00]),
        (-(1.0 + 2f32.powi(-11)), [0xbc00, 0xbc00, 0xbc01, 0xbc00]),
        (65520.0, [0x7c00, 0x7c00, 0x7bff, 0x7bff]),
        (1e-9, [0x0000, 0x0001, 0x0000, 0x0000]),
        (-1e-9, [0x8000, 0x8000, 0x8001, 0x8000]),
    ];
    let p = Prog::new("D0.f16 = f32_to_f16(S0.f32)");
    for (x, want) in f16_rows {
        for mode in 0..4u8 {
            assert_eq!(
                p.run_mode(&[b32(x)], mode),
                u128::from(want[mode as usize]),
                "f16 {x:e} mode {mode}"
            );
        }
    }
    // f32 -> E4M3: 464 is the tie between 448 (0x7e) and the NaN code; 465 is past it, so
    // nearest overflows to NaN (0x7f) while toward-zero stops at 448. 2^-10 is a tie at the
    // bottom (even 0); 1.1875 a tie between 0x39 and 0x3a (even 0x3a).
    let fp8_rows: [(f32, [u64; 4]); 5] = [
        (464.0, [0x7e, 0x7f, 0x7e, 0x7e]),
        (465.0, [0x7f, 0x7f, 0x7e, 0x7e]),
        (-465.0, [0xff, 0xfe, 0xff, 0xfe]),
        (2f32.powi(-10), [0x00, 0x01, 0x00, 0x00]),
        (1.1875, [0x3a, 0x3a, 0x39, 0x39]),
    ];
    let p = Prog::new("D0.fp8 = f32_to_fp8(S0.f32)");
    for (x, want) in fp8_rows {
        for mode in 0..4u8 {
            let got = p.run_mode(&[b32(x)], mode) & 0xff;
            let w = want[mode as usize];
            let ok = got == u128::from(w) || (w & 0x7f == 0x7f && got & 0x7f == 0x7f);
            assert!(ok, "fp8 {x:e} mode {mode}: {got:#x}, want {w:#x}");
        }
    }
    // f32 -> E5M2: 61440 = 57344 + 4096 is the tie between 0x7b and infinity: infinity.
    let p = Prog::new("D0.bf8 = f32_to_bf8(S0.f32)");
    for (x, want) in [
        (61440.0f32, 0x7cu128),
        (61439.0, 0x7b),
        (1.375, 0x3e),
        (1.125, 0x3c),
    ] {
        assert_eq!(p.run(&[b32(x)]) & 0xff, want, "bf8 {x}");
    }
}

#[test]
fn integer_to_float_conversions_round_in_every_mode() {
    // i32/u32/i16/u16 to float: the integer is exact in f64, so the reference is
    // round_exact of it. Hand check: 16777217 = 2^24 + 1 is a tie between 2^24 and 2^24 + 2.
    let mut rng = Rng(0x0dd_b1a5_e5ba_d5ed);
    let mut ints: Vec<u64> = vec![
        0,
        1,
        16_777_217,
        16_777_219,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        0xffff_8000,
        2049,
        2051,
        32767,
        65535,
        65519,
        65520,
    ];
    ints.extend((0..200).map(|_| {
        let r = rng.next();
        r >> (r & 31)
    }));
    type Value = fn(u64) -> f64;
    let cases: [(&str, Format, Value); 6] = [
        ("i32", F32, |b| f64::from(b as u32 as i32)),
        ("u32", F32, |b| f64::from(b as u32)),
        ("i16", F16, |b| f64::from(b as u16 as i16)),
        ("u16", F16, |b| f64::from(b as u16)),
        ("i32", F64, |b| f64::from(b as u32 as i32)),
        ("u32", F64, |b| f64::from(b as u32)),
    ];
    for (src, dst, value) in cases {
        let p = Prog::new(&format!("D0.{0} = {src}_to_{0}(S0.{src})", dst.suffix));
        for &bits in &ints {
            let x = value(bits);
            for mode in 0..4 {
                let got =
                    dst.decode(p.run_mode(&[bits], mode) as u64 & (u64::MAX >> (64 - dst.width)));
                let want = round_to(x, dst, mode);
                assert!(
                    same(got, want),
                    "{} of {x} in mode {mode} = {got:e}, want {want:e}",
                    p.src
                );
            }
        }
    }
    let p = Prog::new("D0.f32 = u32_to_f32(S0.u32)");
    let rows: [(u64, [f32; 4]); 1] = [(
        16_777_217,
        [16_777_216.0, 16_777_218.0, 16_777_216.0, 16_777_216.0],
    )];
    for (x, want) in rows {
        for mode in 0..4u8 {
            assert_eq!(
                p.run_mode(&[x], mode),
                u128::from(want[mode as usize].to_bits())
            );
        }
    }
}

/// f64 operands for float-to-integer conversions: fractions of both signs, the edges of
/// every integer range, infinities and NaN.
fn to_int_inputs() -> Vec<f64> {
    let mut xs = vec![
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.9,
        -1.9,
        3.7,
        127.5,
        128.0,
        -128.5,
        255.9,
        256.0,
        32767.5,
        32768.0,
        -32768.9,
        -32769.0,
        65535.5,
        65536.0,
        f64::from_bits(1),
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        1e20,
        -1e20,
    ];
    for edge in [
        2_147_483_647.0f64,
        2_147_483_648.0,
        4_294_967_295.0,
        4_294_967_296.0,
    ] {
        xs.extend([
            edge - 0.5,
            edge,
            edge + 0.5,
            -edge,
            -edge - 0.5,
            -edge - 1.0,
        ]);
    }
    xs
}

#[test]
fn float_to_integer_conversions_truncate_and_saturate() {
    // Truncation toward zero, saturation at the type's range, NaN -> 0: exactly Rust's
    // float-to-integer `as`. f32 and f16 inputs are the f64 values rounded to the source
    // format first (by Rust's cast and half).
    type Expect = fn(f64) -> i64;
    let targets: [(&str, u32, Expect); 6] = [
        ("i32", 32, |x| i64::from(x as i32)),
        ("u32", 32, |x| i64::from(x as u32)),
        ("i16", 16, |x| i64::from(x as i16)),
        ("u16", 16, |x| i64::from(x as u16)),
        ("u8", 8, |x| i64::from(x as u8)),
        ("i8", 8, |x| i64::from(x as i8)),
    ];
    for (src, round_src) in [
        ("f64", (|x| x) as fn(f64) -> f64),
        ("f32", |x| f64::from(x as f32)),
        ("f16", |x| f16::from_f64(x).to_f64()),
    ] {
        for (dst, width, expect) in targets {
            let p = Prog::new(&format!("D0.{dst} = {src}_to_{dst}(S0.{src})"));
            for x in to_int_inputs() {
                let x = round_src(x);
                let bits = match src {
                    "f64" => b64(x),
                    "f32" => b32(x as f32),
                    _ => u64::from(f16::from_f64(x).to_bits()),
                };
                for mode in [0u8, 1] {
                    let got = p.run_mode(&[bits], mode) & low_mask(width);
                    let want = sbits(expect(x), width);
                    assert_eq!(got, u128::from(want), "{} of {x:e} in mode {mode}", p.src);
                }
            }
        }
    }
}

#[test]
fn integer_conversions_extend_or_saturate() {
    // Narrow to wide keeps the value (sign extension for signed sources); wide to narrow
    // saturates (V_CVT_PK_U16_U32, V_CVT_PK_I16_I32). Reference: i64 clamp.
    let nibbles: Vec<(u64, u64)> = (0..16u64)
        .map(|n| (n | 0xa0, sbits(sext_from(n, 4), 32)))
        .collect();
    check_unary("D0.i32 = i4_to_i32(S0[3 : 0].i4)", 32, &nibbles);
    let nibbles: Vec<(u64, u64)> = (0..16u64).map(|n| (n | 0xa0, n)).collect();
    check_unary("D0.u32 = u4_to_u32(S0[3 : 0].u4)", 32, &nibbles);
    let bytes: Vec<(u64, u64)> = [0u64, 1, 0x7f, 0x80, 0xff]
        .iter()
        .map(|&b| (b, sbits(sext_from(b, 8), 32)))
        .collect();
    check_unary("D0.i32 = i8_to_i32(S0[7 : 0].i8)", 32, &bytes);
    check_unary(
        "D0.u32 = u8_to_u32(S0.u8)",
        32,
        &[(0x1ff, 0xff), (0x80, 0x80)],
    );
    let halves: Vec<(u64, u64)> = [0u64, 0x7fff, 0x8000, 0xffff]
        .iter()
        .map(|&h| (h, sbits(sext_from(h, 16), 32)))
        .collect();
    check_unary("D0.i32 = i16_to_i32(S0.i16)", 32, &halves);
    check_unary(
        "D0.u32 = u16_to_u32(S0.u16)",
        32,
        &[(0x1_ffff, 0xffff), (0x8000, 0x8000)],
    );
    let u32s = [0u64, 65535, 65536, 70000, 0xffff_ffff];
    let rows: Vec<(u64, u64)> = u32s.iter().map(|&x| (x, x.min(65535))).collect();
    check_unary("D0.u16 = u32_to_u16(S0.u32)", 16, &rows);
    let i32s = [
        0i64,
        -5,
        32767,
        32768,
        -32768,
        -32769,
        -40000,
        i64::from(i32::MIN),
        i64::from(i32::MAX),
    ];
    let rows: Vec<(u64, u64)> = i32s
        .iter()
        .map(|&x| (sbits(x, 32), sbits(x.clamp(-32768, 32767), 16)))
        .collect();
    check_unary("D0.i16 = i32_to_i16(S0.i32)", 16, &rows);
}

#[test]
fn snorm_and_unorm_scale_clamp_and_round_to_even() {
    // x clamped to [-1, 1] (snorm) or [0, 1] (unorm), times 32767 or 65535, rounded to
    // nearest even; NaN gives 0. Hand check: 0.5 * 32767 = 16383.5 -> 16384 (even);
    // 0.5 * 65535 = 32767.5 -> 32768; -1 -> -32767 (not -32768).
    let xs = [
        0.0f32,
        -0.0,
        0.5,
        -0.5,
        0.25,
        1.0,
        -1.0,
        2.0,
        -2.0,
        1e-5,
        0.999,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ];
    let snorm = |x: f32| {
        let c = if x.is_nan() {
            0.0
        } else {
            f64::from(x).clamp(-1.0, 1.0)
        };
        sbits((c * 32767.0).round_ties_even() as i64, 16)
    };
    let unorm = |x: f32| {
        let c = if x.is_nan() {
            0.0
        } else {
            f64::from(x).clamp(0.0, 1.0)
        };
        (c * 65535.0).round_ties_even() as u64
    };
    let rows: Vec<(u64, u64)> = xs.iter().map(|&x| (b32(x), snorm(x))).collect();
    check_unary("D0.i16 = f32_to_snorm(S0.f32)", 16, &rows);
    let rows: Vec<(u64, u64)> = xs.iter().map(|&x| (b32(x), unorm(x))).collect();
    check_unary("D0.u16 = f32_to_unorm(S0.f32)", 16, &rows);
    // f16 inputs: the same values, rounded to f16 first.
    let rows: Vec<(u64, u64)> = xs
        .iter()
        .map(|&x| (h16(x), snorm(f16::from_f32(x).to_f32())))
        .collect();
    check_unary("D0.i16 = f16_to_snorm(S0.f16)", 16, &rows);
    let rows: Vec<(u64, u64)> = xs
        .iter()
        .map(|&x| (h16(x), unorm(f16::from_f32(x).to_f32())))
        .collect();
    check_unary("D0.u16 = f16_to_unorm(S0.f16)", 16, &rows);
    assert_eq!(run("D0.i16 = f32_to_snorm(S0.f32)", &[b32(0.5)]), 16384);
    assert_eq!(run("D0.u16 = f32_to_unorm(S0.f32)", &[b32(0.5)]), 32768);
    assert_eq!(run("D0.i16 = f32_to_snorm(S0.f32)", &[b32(-1.0)]), 0x8001);
}

#[test]
fn type_named_conversion_calls() {
    // f16(x), f32(x), f64(x), bf16(x): the value rounded to nearest even in that format;
    // i32(x), u32(x), i16(x), u16(x): truncated and saturated (Rust's `as`), integers
    // saturated to the range (i64 clamp).
    let p = Prog::new("D0.f32 = f32(S0.i32)");
    for x in [0i32, 16_777_217, -16_777_219, i32::MAX, i32::MIN] {
        assert_eq!(
            p.run(&[sbits(x.into(), 32)]),
            u128::from((x as f32).to_bits()),
            "f32({x})"
        );
    }
    let p = Prog::new("D0.f16 = f16(S0.f32)");
    let q = Prog::new("D0.f16 = float16(S0.f32)");
    for x in [1.0f32 + 2f32.powi(-11), 65520.0, 3e-8, -0.1] {
        let want = u128::from(f16::from_f32(x).to_bits());
        assert_eq!(p.run(&[b32(x)]), want, "f16({x:e})");
        assert_eq!(q.run(&[b32(x)]), want, "float16({x:e})");
    }
    let p = Prog::new("D0.bf16 = bf16(S0.f32)");
    for x in [
        1.0f32 + 2f32.powi(-8),
        1.0 + 3.0 * 2f32.powi(-8),
        f32::MAX,
        -0.0,
    ] {
        assert_eq!(
            p.run(&[b32(x)]),
            u128::from(bf16::from_f32(x).to_bits()),
            "bf16({x:e})"
        );
    }
    let p = Prog::new("D0.f64 = f64(S0.f32)");
    let q = Prog::new("D0.f32 = float32(S0.f64)");
    for x in [0.1f32, -3.5, f32::from_bits(1), f32::MAX] {
        assert_eq!(
            p.run(&[b32(x)]),
            u128::from(f64::from(x).to_bits()),
            "f64({x:e})"
        );
    }
    for x in [0.1f64, 1.0 + 2f64.powi(-24), f64::MAX, 1e-50] {
        assert_eq!(
            q.run(&[b64(x)]),
            u128::from((x as f32).to_bits()),
            "float32({x:e})"
        );
    }
    let rows: Vec<(u64, u64)> = [1.9f32, -1.9, 3e9, -3e9, f32::NAN]
        .iter()
        .map(|&x| (b32(x), sbits((x as i32).into(), 32)))
        .collect();
    check_unary("D0.i32 = i32(S0.f32)", 32, &rows);
    let rows: Vec<(u64, u64)> = [1.9f32, -1.9, 5e9]
        .iter()
        .map(|&x| (b32(x), (x as u32).into()))
        .collect();
    check_unary("D0.u32 = u32(S0.f32)", 32, &rows);
    let rows: Vec<(u64, u64)> = [40000.5f32, -40000.0, -7.5]
        .iter()
        .map(|&x| (b32(x), sbits((x as i16).into(), 16)))
        .collect();
    check_unary("D0.i16 = i16(S0.f32)", 16, &rows);
    let ints = [-1i64, 70000, 65535, 12];
    let rows: Vec<(u64, u64)> = ints
        .iter()
        .map(|&x| (sbits(x, 32), x.clamp(0, 65535) as u64))
        .collect();
    check_unary("D0.u16 = u16(S0.i32)", 16, &rows);
}

// ------------------------------------------------------------------ integer formats

const INT_PATTERNS: [u64; 10] = [
    0,
    1,
    0x7f,
    0x80,
    0xff,
    0x7fff,
    0x8000_0000,
    0xffff_ffff,
    0x8000_0000_0000_0000,
    0x0123_4567_89ab_cdef,
];

#[test]
fn integer_views_extend_by_their_signedness() {
    // `S0.uN`/`S0.bN` read the low N bits as an unsigned value, `S0.iN` as a signed one;
    // stored into 64 bits that is zero or sign extension. Reference: Rust casts.
    for width in [8u32, 16, 32, 64] {
        let unsigned = |x: u64| x & (u64::MAX >> (64 - width));
        let signed = |x: u64| sext_from(x, width) as u64;
        let rows: Vec<(u64, u64)> = INT_PATTERNS.iter().map(|&x| (x, unsigned(x))).collect();
        check_unary(&format!("D0.u64 = S0.u{width}"), 64, &rows);
        check_unary(&format!("D0.b64 = S0.b{width}"), 64, &rows);
        let rows: Vec<(u64, u64)> = INT_PATTERNS.iter().map(|&x| (x, signed(x))).collect();
        check_unary(&format!("D0.i64 = S0.i{width}"), 64, &rows);
        // A narrow store keeps the low bits; D0's other bits stay 0.
        let rows: Vec<(u64, u64)> = INT_PATTERNS.iter().map(|&x| (x, unsigned(x))).collect();
        check_unary(&format!("D0.i{width} = S0.i64"), 64, &rows);
    }
}

#[test]
fn integer_arithmetic_wraps_at_the_destination_width() {
    // Reference: Rust's wrapping operations at each width (operands read at that width).
    let pairs: [(u64, u64); 6] = [
        (u64::MAX, 1),
        (0x7fff_ffff_ffff_ffff, 1),
        (0x8000_0000_0000_0000, u64::MAX),
        (0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210),
        (0xff, 0xff),
        (3, 5),
    ];
    for (a, b) in pairs {
        let cases: [(&str, u64); 9] = [
            (
                "D0.u8 = S0.u8 + S1.u8",
                u64::from((a as u8).wrapping_add(b as u8)),
            ),
            (
                "D0.i16 = S0.i16 * S1.i16",
                u64::from((a as i16).wrapping_mul(b as i16) as u16),
            ),
            (
                "D0.u16 = S0.u16 - S1.u16",
                u64::from((a as u16).wrapping_sub(b as u16)),
            ),
            (
                "D0.u32 = S0.u32 + S1.u32",
                u64::from((a as u32).wrapping_add(b as u32)),
            ),
            (
                "D0.i32 = S0.i32 - S1.i32",
                u64::from((a as i32).wrapping_sub(b as i32) as u32),
            ),
            (
                "D0.u32 = S0.u32 * S1.u32",
                u64::from((a as u32).wrapping_mul(b as u32)),
            ),
            ("D0.u64 = S0.u64 + S1.u64", a.wrapping_add(b)),
            (
                "D0.i64 = S0.i64 * S1.i64",
                (a as i64).wrapping_mul(b as i64) as u64,
            ),
            ("D0.u64 = S0.u64 - S1.u64", a.wrapping_sub(b)),
        ];
        for (src, want) in cases {
            let got = run(src, &[a, b]);
            assert_eq!(got, u128::from(want), "{src} with {a:#x}, {b:#x}");
        }
        // The full 128-bit product, checked with big integers.
        let got = run("D0.b128 = 128'U(S0.u64) * 128'U(S1.u64)", &[a, b]);
        let want = BigInt::from(a) * BigInt::from(b);
        assert_eq!(BigInt::from(got), want, "{a:#x} * {b:#x}");
        let got = run("D0.i128 = 128'I(S0.i64) * 128'I(S1.i64)", &[a, b]);
        let want = (BigInt::from(a as i64) * BigInt::from(b as i64)) & ((BigInt::one() << 128) - 1);
        assert_eq!(BigInt::from(got), want, "{a:#x} * {b:#x} signed");
    }
}

#[test]
fn shifts_at_and_past_the_operand_width() {
    // Mathematical shifts truncated to the type: a left shift by >= the width is 0, a
    // logical right shift by >= the width is 0, an arithmetic one fills with the sign.
    // Reference: u128/i128 shifts (wide enough for every count used) truncated to the width.
    let counts = [0u64, 1, 31, 32, 33, 63, 64, 65, 100];
    let values = [
        1u64,
        0x8000_0001,
        0xffff_ffff_ffff_ffff,
        0x8000_0000_0000_0000,
        0x1234_5678,
    ];
    for a in values {
        for n in counts {
            let shl32 = ((u128::from(a as u32) << n) as u32).into();
            let shr32 = (u128::from(a as u32) >> n) as u64;
            let sar32 = sbits((i128::from(a as u32 as i32) >> n) as i64, 32);
            let shl64 = (u128::from(a) << n) as u64;
            let shr64 = (u128::from(a) >> n) as u64;
            let sar64 = (i128::from(a as i64) >> n) as u64;
            let cases: [(&str, u64); 6] = [
                ("D0.u32 = S0.u32 << S1.u32", shl32),
                ("D0.u32 = S0.u32 >> S1.u32", shr32),
                ("D0.i32 = S0.i32 >> S1.u32", sar32),
                ("D0.u64 = S0.u64 << S1.u32", shl64),
                ("D0.u64 = S0.u64 >> S1.u32", shr64),
                ("D0.i64 = S0.i64 >> S1.u32", sar64),
            ];
            for (src, want) in cases {
                assert_eq!(run(src, &[a, n]), u128::from(want), "{src}: {a:#x} by {n}");
            }
        }
    }
}

#[test]
fn division_truncates_toward_zero() {
    // Reference: Rust's wrapping_div / wrapping_rem (truncating; MIN / -1 wraps to MIN).
    let pairs: [(i32, i32); 7] = [
        (7, 2),
        (-7, 2),
        (7, -2),
        (-7, -2),
        (i32::MIN, -1),
        (i32::MAX, 3),
        (0, -5),
    ];
    for (a, b) in pairs {
        let ins = [sbits(a.into(), 32), sbits(b.into(), 32)];
        let div = run("D0.i32 = S0.i32 / S1.i32", &ins);
        let rem = run("D0.i32 = S0.i32 % S1.i32", &ins);
        assert_eq!(div, u128::from(a.wrapping_div(b) as u32), "{a} / {b}");
        assert_eq!(rem, u128::from(a.wrapping_rem(b) as u32), "{a} % {b}");
        let (ua, ub) = (a as u32, b as u32);
        let udiv = run("D0.u32 = S0.u32 / S1.u32", &ins);
        let urem = run("D0.u32 = S0.u32 % S1.u32", &ins);
        assert_eq!(udiv, u128::from(ua / ub), "{ua} / {ub}");
        assert_eq!(urem, u128::from(ua % ub), "{ua} % {ub}");
    }
    let q = run("D0.u64 = S0.u64 / S1.u64", &[u64::MAX, 3]);
    assert_eq!(q, u128::from(u64::MAX / 3));
}

#[test]
fn comparisons_follow_the_operand_types() {
    // Signed or unsigned by type; float comparisons are IEEE (NaN unordered, -0 == +0).
    let rows: [(&str, u64, u64, bool); 12] = [
        ("D0.u32 = S0.i32 < S1.i32", sbits(-1, 32), 0, true),
        ("D0.u32 = S0.u32 < S1.u32", 0xffff_ffff, 0, false),
        ("D0.u32 = S0.i64 > S1.i64", 0, u64::MAX, true),
        ("D0.u32 = S0.u64 > S1.u64", 0, u64::MAX, false),
        ("D0.u32 = S0.i16 <= S1.i16", 0x8000, 0x7fff, true),
        ("D0.u32 = S0.f32 == S1.f32", b32(-0.0), b32(0.0), true),
        ("D0.u32 = S0.f32 < S1.f32", b32(f32::NAN), b32(1.0), false),
        ("D0.u32 = S0.f32 >= S1.f32", b32(f32::NAN), b32(1.0), false),
        (
            "D0.u32 = S0.f32 != S1.f32",
            b32(f32::NAN),
            b32(f32::NAN),
            true,
        ),
        (
            "D0.u32 = S0.f64 < S1.f64",
            b64(-f64::INFINITY),
            b64(-f64::MAX),
            true,
        ),
        ("D0.u32 = S0.f16 > S1.f16", 0x0001, 0x8001, true),
        ("D0.u32 = S0.bf16 == S1.bf16", 0x3f80, 0x3f80, true),
    ];
    for (src, a, b, want) in rows {
        assert_eq!(
            run(src, &[a, b]),
            u128::from(want),
            "{src} on {a:#x}, {b:#x}"
        );
    }
}

#[test]
fn unary_operators() {
    // Negation wraps (-MIN = MIN); ~ is the bitwise complement; float negation flips the
    // sign bit only, NaN and zero included; ! is logical not.
    let rows: Vec<(u64, u64)> = [0i32, 5, i32::MIN, -1]
        .iter()
        .map(|&x| (sbits(x.into(), 32), sbits(x.wrapping_neg().into(), 32)))
        .collect();
    check_unary("D0.i32 = -S0.i32", 32, &rows);
    let rows: Vec<(u64, u64)> = INT_PATTERNS
        .iter()
        .map(|&x| (x, u64::from(!(x as u32))))
        .collect();
    check_unary("D0.u32 = ~S0.u32", 32, &rows);
    let rows: Vec<(u64, u64)> = INT_PATTERNS.iter().map(|&x| (x, !x)).collect();
    check_unary("D0.u64 = ~S0.u64", 64, &rows);
    for fmt in [F16, BF16, F32, F64] {
        let sign = 1u64 << (fmt.width - 1);
        let rows: Vec<(u64, u64)> = class_patterns(fmt)
            .into_iter()
            .map(|b| (b, b ^ sign))
            .collect();
        check_unary(&format!("D0.{0} = -S0.{0}", fmt.suffix), fmt.width, &rows);
    }
    check_unary("D0.u32 = !S0.u32", 32, &[(0, 1), (7, 0)]);
}

// ------------------------------------------------------------------ float formats

/// Operands for the arithmetic tests: signed zeros, subnormals, ordinary values, values
/// whose sums tie, the largest finite values, infinities and NaN (as f64, rounded to each
/// format before use).
fn arith_operands() -> Vec<f64> {
    vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        1.5,
        3.0,
        0.1,
        1.0 + 2f64.powi(-10),
        2f64.powi(-11),
        2f64.powi(-24),
        2f64.powi(-133),
        f64::from_bits(1),
        65504.0,
        3.4e38,
        1e300,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ]
}

#[test]
fn float_arithmetic_rounds_once_per_operation() {
    // f32 and f64: Rust's operators are correctly rounded. f16 and bf16: the f32 result of
    // two f16/bf16 operands, rounded again, is correct (f32 carries at least 2p + 2 bits), so
    // half's conversion of the f32 result is the reference. NaN results compare as NaN.
    type Op32 = fn(f32, f32) -> f32;
    let ops: [(&str, Op32); 4] = [
        ("+", |a, b| a + b),
        ("-", |a, b| a - b),
        ("*", |a, b| a * b),
        ("/", |a, b| a / b),
    ];
    let xs = arith_operands();
    for (op, f) in ops {
        let p32 = Prog::new(&format!("D0.f32 = S0.f32 {op} S1.f32"));
        let p16 = Prog::new(&format!("D0.f16 = S0.f16 {op} S1.f16"));
        let pbf = Prog::new(&format!("D0.bf16 = S0.bf16 {op} S1.bf16"));
        let p64 = Prog::new(&format!("D0.f64 = S0.f64 {op} S1.f64"));
        for &a in &xs {
            for &b in &xs {
                let (a32, b32v) = (a as f32, b as f32);
                let got = f32::from_bits(p32.run(&[b32(a32), b32(b32v)]) as u32);
                let want = f(a32, b32v);
                assert!(
                    same(got.into(), want.into()),
                    "f32 {a32:e} {op} {b32v:e} = {got:e}"
                );
                let (ha, hb) = (f16::from_f32(a32), f16::from_f32(b32v));
                let got = F16.decode(p16.run(&[ha.to_bits().into(), hb.to_bits().into()]) as u64);
                let want = f16::from_f32(f(ha.to_f32(), hb.to_f32())).to_f64();
                assert!(
                    same(got, want),
                    "f16 {ha} {op} {hb} = {got:e}, want {want:e}"
                );
                let (ba, bb) = (bf16::from_f32(a32), bf16::from_f32(b32v));
                let got = BF16.decode(pbf.run(&[ba.to_bits().into(), bb.to_bits().into()]) as u64);
                let want = bf16::from_f32(f(ba.to_f32(), bb.to_f32())).to_f64();
                assert!(
                    same(got, want),
                    "bf16 {ba} {op} {bb} = {got:e}, want {want:e}"
                );
                let f64op = match op {
                    "+" => a + b,
                    "-" => a - b,
                    "*" => a * b,
                    _ => a / b,
                };
                let got = f64::from_bits(p64.run(&[b64(a), b64(b)]) as u64);
                assert!(same(got, f64op), "f64 {a:e} {op} {b:e} = {got:e}");
            }
        }
    }
    // Mixed widths compute in the wider format: f32 + f16 is an f32 addition.
    let p = Prog::new("D0.f32 = S0.f32 + S1.f16");
    let got = f32::from_bits(p.run(&[b32(1.0), h16(2f32.powi(-24))]) as u32);
    assert_eq!(
        got,
        1.0 + 2f32.powi(-24),
        "1 + 2^-24 rounds to even 1.0 in f32"
    );
}

#[test]
fn typed_stores_round_to_nearest_even_into_every_format() {
    // `D0.<fmt> = S0.<src>` converts with round to nearest even (FP_ROUND is not consulted);
    // reference: round_exact on the decoded input.
    let pairs: [(Format, Format); 10] = [
        (F64, F32),
        (F64, F16),
        (F64, BF16),
        (F32, F16),
        (F32, BF16),
        (F32, FP8),
        (F32, BF8),
        (BF16, F16),
        (F16, BF16),
        (F16, FP8),
    ];
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    for (src, dst) in pairs {
        let p = Prog::new(&format!("D0.{} = S0.{}", dst.suffix, src.suffix));
        for bits in conversion_inputs(src, dst, &mut rng, 200) {
            let x = src.decode(bits);
            let got = dst.decode(p.run_mode(&[bits], 2) as u64 & (u64::MAX >> (64 - dst.width)));
            let want = round_to(x, dst, 0);
            assert!(
                same(got, want),
                "{} of {x:e} ({bits:#x}) = {got:e}, want {want:e}",
                p.src
            );
        }
    }
    // Hand-derived double-rounding traps: 1 + 2^-11 + 2^-40 is just above the f16 tie
    // between 1.0 and 1 + 2^-10, so the f16 result is 0x3c01; rounding to f32 first would
    // drop 2^-40 and leave a tie that goes to the even 0x3c00. Likewise 1 + 2^-8 + 2^-40
    // gives bf16 0x3f81, not 0x3f80.
    assert_eq!(
        run(
            "D0.f16 = S0.f64",
            &[b64(1.0 + 2f64.powi(-11) + 2f64.powi(-40))]
        ),
        0x3c01
    );
    assert_eq!(
        run(
            "D0.bf16 = S0.f64",
            &[b64(1.0 + 2f64.powi(-8) + 2f64.powi(-40))]
        ),
        0x3f81
    );
}

#[test]
fn nan_payloads_survive_moves_between_registers() {
    // A typed copy is a move, not an arithmetic operation: the pattern is kept, including
    // the payload and a clear quiet bit (signalling NaN). Narrowing keeps the payload's top
    // bits; widening appends zeros (hand-shifted patterns).
    let rows: [(&str, u64, u64); 8] = [
        ("D0.f32 = S0.f32", 0x7f80_0001, 0x7f80_0001),
        ("D0.f32 = S0.f32", 0xffc0_1234, 0xffc0_1234),
        ("D0.f16 = S0.f16", 0x7c01, 0x7c01),
        ("D0.bf16 = S0.bf16", 0xff81, 0xff81),
        (
            "D0.f64 = S0.f64",
            0x7ff0_0000_0000_0001,
            0x7ff0_0000_0000_0001,
        ),
        ("D0.f64 = S0.f32", 0x7f80_0001, 0x7ff0_0000_2000_0000), // fraction << 29
        ("D0.f32 = S0.f16", 0x7d01, 0x7fa0_2000),                // fraction << 13
        ("D0.f16 = S0.f32", 0x7fa0_2000, 0x7d01),                // fraction >> 13
    ];
    for (src, input, want) in rows {
        assert_eq!(run(src, &[input]), u128::from(want), "{src} on {input:#x}");
    }
    // A NaN whose payload lies wholly in the dropped bits stays a NaN (quiet bit set).
    assert_eq!(run("D0.f16 = S0.f32", &[0x7f80_0001]), 0x7e00);
    // A conversion is an operation: it quiets a signalling NaN (IEEE 754 6.2), keeping the
    // payload (0x7c01's fraction << 13, plus the quiet bit 0x0040_0000).
    assert_eq!(run("D0.f32 = f16_to_f32(S0.f16)", &[0x7c01]), 0x7fc0_2000);
    assert_eq!(run("D0.f16 = f32(S0.f16)", &[0x7c01]) & 0xffff, 0x7e01);
    // Arithmetic on a signalling NaN returns a quiet NaN.
    let got = run("D0.f32 = S0.f32 + S1.f32", &[0x7f80_0001, b32(1.0)]) as u32;
    assert!(
        f32::from_bits(got).is_nan() && got & 0x40_0000 != 0,
        "{got:#x}"
    );
}

#[test]
fn casts_convert_values_or_reinterpret_bits() {
    // N'F(int) converts the value; N'F of a same-width bit pattern or hex literal
    // reinterprets it; N'I/N'U of a float truncates toward zero; N'B of a same-width float
    // gives its bits. References: Rust `as` and to_bits.
    let rows: [(&str, u64, u64); 14] = [
        ("D0.f32 = 32'F(S0.i32)", sbits(-7, 32), b32(-7.0)),
        ("D0.f32 = 32'F(S0.u32)", 16_777_217, b32(16_777_216.0)),
        ("D0.f64 = 64'F(S0.u32)", 0xffff_ffff, b64(4_294_967_295.0)),
        ("D0.f32 = 32'F(S0.b32)", 0x3f80_0000, b32(1.0)),
        ("D0.f32 = 32'F(0x40490fdb)", 0, 0x4049_0fdb),
        ("D0.i32 = 32'I(S0.f32)", b32(-1.75), sbits(-1, 32)),
        ("D0.u32 = 32'U(S0.f32)", b32(3.99), 3),
        (
            "D0.i64 = 64'I(S0.f64)",
            b64(-9.007_199_254_740_993e15),
            sbits(-9_007_199_254_740_992, 64),
        ),
        ("D0.u32 = 32'B(S0.f32)", b32(-2.5), b32(-2.5)),
        ("D0.u64 = 64'B(S0.f64)", b64(0.1), b64(0.1)),
        ("D0.f64 = 64'F(S0.f32)", b32(0.1), b64(f64::from(0.1f32))),
        ("D0.f16 = 16'F(S0.f32)", b32(1.0 + 2f32.powi(-11)), 0x3c00),
        (
            "D0.f32 = 32'F(S0.f64)",
            b64(1.0 + 2f64.powi(-24) + 2f64.powi(-50)),
            b32(1.0 + 2f32.powi(-23)),
        ),
        ("D0.i32 = 32'I(S0.f32)", b32(f32::NAN), 0),
    ];
    for (src, input, want) in rows {
        assert_eq!(run(src, &[input]), u128::from(want), "{src} on {input:#x}");
    }
}

#[test]
fn bit_slices_single_bits_and_concatenation() {
    let x = 0x0123_4567_89ab_cdefu64;
    // Slices: (x >> lo) masked to hi - lo + 1 bits; a reversed slice [lo : hi] mirrors them.
    let rows: [(&str, u64); 8] = [
        ("D0.u32 = S0.u32[15 : 8]", (x >> 8) & 0xff),
        ("D0.u64 = S0.u64[63 : 32]", x >> 32),
        ("D0.u64 = S0.u64[62 : 3]", (x >> 3) & ((1 << 60) - 1)),
        ("D0.u32 = S0[0 : 31]", u64::from((x as u32).reverse_bits())),
        ("D0.u32 = S0.u32[5]", (x >> 5) & 1),
        ("D0.u32 = S0.u64[63]", x >> 63),
        ("D0.u32 = S0.u64[40]", (x >> 40) & 1),
        ("D0.u32 = S0[31 : 0].u32 >> 28", (x as u32 >> 28).into()),
    ];
    for (src, want) in rows {
        assert_eq!(run(src, &[x]), u128::from(want), "{src}");
    }
    // Concatenation: the first part is the most significant.
    let (a, b, c) = (0xdead_beefu64, 0x0123_4567u64, 0x89ab_cdefu64);
    assert_eq!(
        run("D0.b64 = { S0.u32, S1.u32 }", &[a, b]),
        u128::from(a << 32 | b)
    );
    let want = (a & 0xffff) << 16 | (b & 0xff) << 8 | (c & 0xff);
    assert_eq!(
        run("D0.b32 = { S0.u16, S1.u8, S2.u8 }", &[a, b, c]),
        u128::from(want)
    );
    let want = (u128::from(a) << 96) | (u128::from(b) << 64) | u128::from(c << 16 | 0xabcd);
    let got = run(
        "D0.b128 = { S0.u32, S1.u32, S2.u48, 16'0xabcd }",
        &[a, b, c],
    );
    assert_eq!(got, want);
    // Writes: a slice, a bit, a concatenation of slices (D0 starts as 0).
    assert_eq!(run("D0[15 : 8] = S0.u8", &[0x1ab]), 0xab00);
    assert_eq!(run("D0.u32[3] = 1'1U", &[]), 8);
    // A negative sized literal is signed: 4'-8 is 0b1000; 8'-8 compares below 8'7.
    assert_eq!(run("D0[3 : 0] = 4'-8", &[]), 0b1000);
    assert_eq!(run("D0.u32 = S0[7 : 0].i8 <= 8'-8 ? 1U : 2U", &[0xf8]), 1);
    assert_eq!(run("D0.u32 = S0[7 : 0].i8 <= 8'-8 ? 1U : 2U", &[0xf9]), 2);
    let got = run("{ D0[63 : 32], D0[31 : 0] } = { S1.u32, S0.u32 }", &[a, b]);
    assert_eq!(got, u128::from(b << 32 | a));
    assert_eq!(
        run("D0[0 : 7] = S0.u8", &[0x01]),
        0x80,
        "reversed slice store"
    );
}

// ------------------------------------------------------------------ fixed-point PI

#[test]
fn wide_fixed_point_two_over_pi() {
    // The first 216 bits of 2/pi as printed in fdlibm's __kernel_rem_pio2 table (ipio2,
    // 24-bit words), a third source that checks the reference series.
    let ipio2 = [
        0xa2f983u64,
        0x6e4e44,
        0x1529fc,
        0x2757d1,
        0xf534dd,
        0xc0db62,
        0x95993c,
        0x439041,
        0xfe5163,
    ];
    let table = ipio2
        .iter()
        .fold(BigInt::zero(), |acc, w| (acc << 24) + BigInt::from(*w));
    assert_eq!(two_over_pi_bits(216), table, "Gauss series vs fdlibm table");
    // V_TRIG_PREOP's idiom: the 64 bits of 2/pi that follow the first `shift` bits.
    let p = Prog::new("D0.b64 = (1201'B(2.0 / PI) << S1.u32) & 0xffffffffffffffffULL");
    for shift in [0u32, 1, 53, 500, 1000, 1137] {
        let want = two_over_pi_bits(shift + 64) & ((BigInt::one() << 64) - 1);
        let got = BigInt::from(p.run(&[0, u64::from(shift)]));
        assert_eq!(got, want, "2/pi bits after {shift}");
    }
    // PI as a float is the f64 nearest pi, and an f32 cast rounds it (0x40490fdb).
    assert_eq!(
        run("D0.f64 = PI", &[]),
        u128::from(std::f64::consts::PI.to_bits())
    );
    assert_eq!(run("D0.f32 = 32'F(PI)", &[]), 0x4049_0fdb);
    let got = run("D0.f64 = PI * 2.0", &[]) as u64;
    assert_eq!(f64::from_bits(got), std::f64::consts::TAU);
    assert_eq!(
        two_over_pi_bits(64).to_u64().map(|v| v >> 40),
        Some(0xa2f983)
    );
}

/// `3'b101` is a 3-bit binary literal (Verilog's notation, in a CDNA5 text).
#[test]
fn binary_literals() {
    assert_eq!(run("D0.u32 = 32'U(3'b101)", &[]) & 0xffff_ffff, 5);
    assert_eq!(run("D0.u32 = 32'U({ 1'b1, 2'b0_1 })", &[]) & 0xffff_ffff, 5);
}

/// `16'BF(x)` casts to bfloat16, and an inline float constant read as `.bf16` has bfloat16
/// bits (0.5 is 0x3f00, not the f16 pattern 0x3800): the half crate gives the values.
#[test]
fn bf16_casts_and_inline_constants() {
    let cast = run("D0.b16 = 16'BF(S0.f32)", &[b32(1.5)]);
    assert_eq!(cast & 0xffff, u128::from(bf16::from_f32(1.5).to_bits()));
    let program = parse("D0.f32 = 32'F(S0.bf16)").unwrap();
    let binding = Binding::default()
        .with("S0", BoundValue::InlineFloat(0.5))
        .with("D0", BoundValue::Sgpr { first: 8, count: 1 });
    let mut state = State::new(32);
    execute(&program, &mut state, &binding).unwrap();
    assert_eq!(state.sgpr[8], 0.5f32.to_bits());
}
