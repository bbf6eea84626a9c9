//! LLVM's rules for numeric source operands: which values are inline constants, which become
//! a literal dword, and how integer and floating-point tokens are read for 16/32/64-bit slots.
//! The codes of inline constants come from the spec; this module only names them.

use mcdiff_spec::Operand;

use crate::family::Family;
use crate::syntax::expr::Value;
use crate::syntax::{has_part, has_part_ignore_case};

/// How a numeric source operand is encoded.
#[derive(Debug, Clone, PartialEq)]
pub enum SourceConst {
    /// Inline constant, by its spec predefined-value name.
    Inline(String),
    /// 32-bit literal dword.
    Literal(u32),
    /// 64-bit literal (two dwords), where a 64-bit source may take one.
    Literal64(u64),
}

/// The float inline constants (AMD ISA manuals, "Scalar ALU operands" table) with their
/// spec names; 1/(2*pi) is an inline constant on every generation with a spec (GFX8+).
const FLOATS: &[(f64, &str)] = &[
    (0.5, "0.5"),
    (-0.5, "-0.5"),
    (1.0, "1.0"),
    (-1.0, "-1.0"),
    (2.0, "2.0"),
    (-2.0, "-2.0"),
    (4.0, "4.0"),
    (-4.0, "-4.0"),
];
const INV_2PI_NAME: &str = "0.15915494";
const INV_2PI_F32: u32 = 0x3e22_f983;
const INV_2PI_F64: u64 = 0x3fc4_5f30_6dc9_c882;
const INV_2PI_F16: u16 = 0x3118;
const INV_2PI_BF16: u16 = 0x3e22;

fn int_inline(v: i64) -> Option<String> {
    (-16..=64).contains(&v).then(|| v.to_string())
}

fn float_name_32(bits: u32) -> Option<String> {
    if bits == INV_2PI_F32 {
        return Some(INV_2PI_NAME.into());
    }
    FLOATS
        .iter()
        .find(|(f, _)| (*f as f32).to_bits() == bits)
        .map(|(_, n)| n.to_string())
}

pub(crate) fn float_name_64(bits: u64) -> Option<String> {
    if bits == INV_2PI_F64 {
        return Some(INV_2PI_NAME.into());
    }
    FLOATS
        .iter()
        .find(|(f, _)| f.to_bits() == bits)
        .map(|(_, n)| n.to_string())
}

fn float_name_16(bits: u16) -> Option<String> {
    if bits == INV_2PI_F16 {
        return Some(INV_2PI_NAME.into());
    }
    FLOATS
        .iter()
        .find(|(f, _)| half::f16::from_f64(*f).to_bits() == bits)
        .map(|(_, n)| n.to_string())
}

fn fits_32(v: i64) -> bool {
    i32::try_from(v).is_ok() || u32::try_from(v).is_ok()
}

fn fits_16(v: i64) -> bool {
    i16::try_from(v).is_ok() || u16::try_from(v).is_ok()
}

const INVALID: &str = "invalid operand for instruction";

/// How LLVM reads numeric tokens for a source slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Numeric {
    /// A slot of `size` bits, floating point or not.
    Plain { size: u32, is_float: bool },
    /// A 16-bit float source that LLVM range-checks to 16 bits but otherwise reads as a
    /// 32-bit float operand (SALU f16 compares).
    WideF16,
    /// A bfloat16 source (or half of a packed pair): a float token is rounded to bfloat16
    /// (to nearest even) and is inline where the bfloat16 value is an inline constant's;
    /// integer tokens follow the 16-bit float rules (llvm-mc 22 on gfx950 and gfx1200).
    Bf16,
}

/// Encodes a numeric token for a source slot.
pub fn source_constant(value: &Value, numeric: Numeric) -> Result<SourceConst, String> {
    let (size, is_float) = match numeric {
        Numeric::Plain { size, is_float } => (size, is_float),
        Numeric::Bf16 => match value {
            Value::Float(f) => return bf16_constant(*f),
            _ => (16, true),
        },
        Numeric::WideF16 => {
            if let Value::Int(v) = value {
                if !fits_16(*v) {
                    return Err(INVALID.into());
                }
            }
            (32, true)
        }
    };
    match (*value).clone() {
        Value::Int(v) => int_constant(v, size, is_float),
        Value::Float(f) => float_constant(f, size, is_float),
        Value::Symbolic(_) => Err(INVALID.into()),
    }
}

fn int_constant(v: i64, size: u32, is_float: bool) -> Result<SourceConst, String> {
    match size {
        64 => {
            // A 64-bit float operand takes a dword integer as its high half (LLVM's
            // AMDGPUOperandSyntax, "Conversion of Integer Values": f64 {num.u32,0}); where that
            // value is an inline constant, the assembler selects it ("Literals").
            let high = (is_float && fits_32(v)).then(|| u64::from(v as u32) << 32);
            let float_inline = || float_name_64(v as u64).or_else(|| high.and_then(float_name_64));
            if let Some(name) = int_inline(v).or_else(float_inline) {
                return Ok(SourceConst::Inline(name));
            }
            if !fits_32(v) {
                return Err(INVALID.into());
            }
            Ok(SourceConst::Literal(v as u32))
        }
        16 => {
            if !fits_16(v) {
                return Err(INVALID.into());
            }
            let low = v as u16;
            if let Some(name) = int_inline(v).or_else(|| int_inline(low as i16 as i64)) {
                return Ok(SourceConst::Inline(name));
            }
            if is_float {
                if let Some(name) = float_name_16(low) {
                    return Ok(SourceConst::Inline(name));
                }
            }
            Ok(SourceConst::Literal(if fits_16(v) {
                low as u32
            } else {
                v as u32
            }))
        }
        _ => {
            if !fits_32(v) {
                return Err(INVALID.into());
            }
            let bits = v as u32;
            match int_inline(bits as i32 as i64).or_else(|| float_name_32(bits)) {
                Some(name) => Ok(SourceConst::Inline(name)),
                None => Ok(SourceConst::Literal(bits)),
            }
        }
    }
}

fn float_constant(f: f64, size: u32, is_float: bool) -> Result<SourceConst, String> {
    match size {
        64 => {
            let bits = f.to_bits();
            if bits == 0 {
                return Ok(SourceConst::Inline("0".into()));
            }
            if let Some(name) = float_name_64(bits) {
                return Ok(SourceConst::Inline(name));
            }
            if !is_float {
                return Err(INVALID.into());
            }
            Ok(SourceConst::Literal((bits >> 32) as u32))
        }
        16 => {
            let bits = f16_bits(f)?;
            if bits == 0 {
                return Ok(SourceConst::Inline("0".into()));
            }
            match int_inline(bits as i16 as i64).or_else(|| float_name_16(bits)) {
                Some(name) => Ok(SourceConst::Inline(name)),
                None => Ok(SourceConst::Literal(bits as u32)),
            }
        }
        _ => {
            let bits = f32_bits(f)?;
            if bits == 0 {
                return Ok(SourceConst::Inline("0".into()));
            }
            // A subnormal as small as 64 ulps has an integer inline constant's bits.
            match int_inline(bits as i32 as i64).or_else(|| float_name_32(bits)) {
                Some(name) => Ok(SourceConst::Inline(name)),
                None => Ok(SourceConst::Literal(bits)),
            }
        }
    }
}

/// The literal a numeric token gives where the target has no 1/(2*pi) inline constant and
/// [`source_constant`] named it (Sea Islands ISA §6.2 Table 6.1: 248 is reserved before GCN3):
/// the token's own bits at the slot's width, a 64-bit float's high dword as for any other
/// 64-bit float literal. `None` for any other inline constant.
pub fn literal_for_inv_2pi(name: &str, value: &Value, numeric: Numeric) -> Option<SourceConst> {
    if name != INV_2PI_NAME {
        return None;
    }
    let (size, is_float) = match numeric {
        Numeric::Plain { size, is_float } => (size, is_float),
        Numeric::WideF16 => (32, true),
        Numeric::Bf16 => (16, true),
    };
    // As for any other value: a dword integer, and a float token on a 64-bit slot only
    // where the slot is a float one.
    let bits = match (*value).clone() {
        Value::Int(v) if fits_32(v) => v as u32,
        Value::Int(_) => return None,
        Value::Float(f) => match (size, numeric) {
            (64, _) if !is_float => return None,
            (64, _) => (f.to_bits() >> 32) as u32,
            (_, Numeric::Bf16) => bf16_bits(f).ok()?.into(),
            (16, _) => f16_bits(f).ok()?.into(),
            _ => f32_bits(f).ok()?,
        },
        Value::Symbolic(_) => return None,
    };
    Some(SourceConst::Literal(bits))
}

/// A float token's f32 bits, rounded to nearest. llvm-mc refuses a token that overflows
/// to infinity or underflows (rounds to zero or to a subnormal it does not equal), as
/// "invalid operand" (llvm-mc 22: 1.0e39 and 1.0e-40 on f32 slots, 1.0e5 and 1.0e-7 on f16
/// slots, 1.0e39 on bfloat16 ones); so do these.
pub fn f32_bits(f: f64) -> Result<u32, String> {
    let g = f as f32;
    representable(f, g.is_infinite(), !g.is_normal(), f64::from(g))?;
    Ok(g.to_bits())
}

/// A float token's f16 bits ([`f32_bits`]'s rules).
pub fn f16_bits(f: f64) -> Result<u16, String> {
    let h = half::f16::from_f64(f);
    representable(f, h.is_infinite(), !h.is_normal(), h.to_f64())?;
    Ok(h.to_bits())
}

/// A float token's bfloat16 bits ([`f32_bits`]'s rules).
pub fn bf16_bits(f: f64) -> Result<u16, String> {
    let h = half::bf16::from_f64(f);
    representable(f, h.is_infinite(), !h.is_normal(), h.to_f64())?;
    Ok(h.to_bits())
}

/// Overflow (a finite token made infinite) or inexact underflow is an error.
fn representable(f: f64, infinite: bool, tiny: bool, rounded: f64) -> Result<(), String> {
    if (f.is_finite() && infinite) || (tiny && rounded != f) {
        return Err(INVALID.into());
    }
    Ok(())
}

/// A float token on a bfloat16 slot: its bfloat16 bits, inline when they are an inline
/// constant's bfloat16 value.
///
/// llvm-mc 22 takes the token `0.15915494` (whose bfloat16 rounding is 0x3e23) as the 1/(2*pi)
/// inline constant, but not the double nearest 1/(2*pi); its f32 rounding being 1/(2*pi)'s is
/// the rule followed here, which matches the token LLVM prints.
fn bf16_constant(f: f64) -> Result<SourceConst, String> {
    let bits = bf16_bits(f)?;
    if bits == 0 {
        return Ok(SourceConst::Inline("0".into()));
    }
    let name = if bits == INV_2PI_BF16 || (f as f32).to_bits() == INV_2PI_F32 {
        Some(INV_2PI_NAME.to_string())
    } else {
        FLOATS
            .iter()
            .find(|(g, _)| half::bf16::from_f64(*g).to_bits() == bits)
            .map(|(_, n)| n.to_string())
    };
    Ok(name
        .or_else(|| int_inline(bits as i16 as i64))
        .map_or(SourceConst::Literal(bits.into()), SourceConst::Inline))
}

/// Encodes a numeric token for a 64-bit source that may take a 64-bit literal (the target
/// has SRC_LITERAL64 and the format is a 32-bit one). LLVM keeps a dword literal where it
/// holds the value: an integer in 0..=i32::MAX, or a float whose low half is zero (the dword
/// is its high half, as on older targets); an integer token that fits 32 bits still gives a
/// float slot its high half. Anything else is a 64-bit literal (checked with llvm-mc 22 on
/// gfx1250: `0x80000000` and `-100` on an integer slot, `0.15` on a float slot).
pub fn wide_source_constant(value: &Value, is_float: bool) -> Result<SourceConst, String> {
    let bits = match *value {
        Value::Int(v) if is_float && fits_32(v) => return int_constant(v, 64, true),
        Value::Int(v) => v as u64,
        Value::Float(f) => f.to_bits(),
        Value::Symbolic(_) => return Err(INVALID.into()),
    };
    let int = match value {
        Value::Int(v) => int_inline(*v),
        _ => (bits == 0).then(|| "0".to_string()),
    };
    if let Some(name) = int.or_else(|| float_name_64(bits)) {
        return Ok(SourceConst::Inline(name));
    }
    if matches!(value, Value::Float(_)) && !is_float {
        return Err(INVALID.into());
    }
    let dword = if is_float {
        bits as u32 == 0
    } else {
        bits <= i32::MAX as u64
    };
    Ok(match (dword, is_float) {
        (true, true) => SourceConst::Literal((bits >> 32) as u32),
        (true, false) => SourceConst::Literal(bits as u32),
        (false, _) => SourceConst::Literal64(bits),
    })
}

/// True when a spec data format name (`FMT_NUM_F32`, `FMT_NUM_BF16`) is floating point.
pub fn is_float_format(data_format: &str) -> bool {
    ["_F16", "_F32", "_F64", "BF16"]
        .iter()
        .any(|part| has_part_ignore_case(data_format, part))
}

/// Whether a data format is a signed or unsigned integer one (`FMT_NUM_U32`, `FMT_NUM_I16`,
/// packed `FMT_NUM_PK2_U16`). Untyped bits (`FMT_NUM_B32`) are not: the files give them to
/// sources that may hold floats of either width (V_FMA_MIX_F32's), and the pseudocode
/// derivation to sources whose type it cannot tell.
pub fn is_integer_format(data_format: &str) -> bool {
    let Some(kind) = data_format.rsplit('_').next() else {
        return false;
    };
    let mut chars = kind.chars();
    matches!(chars.next(), Some('U' | 'I'))
        && chars.as_str().parse::<u32>().is_ok()
        && !is_float_format(data_format)
}

/// How LLVM reads numeric tokens for a scalar source slot. LLVM types scalar sources as 32-
/// or 64-bit operands: integer slots narrower than 32 bits (the B16 halves of s_pack_*, the
/// I8 of s_sext_i32_i8) follow the 32-bit rules, and so do the f16 sources of SOP1
/// instructions; SOPC f16 compares range-check integers to 16 bits first; only SOP2 f16
/// arithmetic reads f16 constants.
pub fn scalar_numeric(slot: &Operand, family: Family) -> Numeric {
    let is_float = is_float_format(&slot.data_format);
    match (slot.size, is_float, family) {
        (64, _, _) => Numeric::Plain { size: 64, is_float },
        (16, true, Family::Sop2) => Numeric::Plain { size: 16, is_float },
        (16, true, Family::Sopc) => Numeric::WideF16,
        _ => Numeric::Plain { size: 32, is_float },
    }
}

/// The inline-constant rules of a vector source slot: by operand size and float-ness; packed
/// 16-bit pairs take 16-bit constants.
pub fn vector_numeric(slot: &Operand) -> Numeric {
    let packed = has_part(&slot.data_format, "PK2");
    let size = if packed { 16 } else { slot.size.max(16) };
    if size == 16 && has_part(&slot.data_format, "BF16") {
        return Numeric::Bf16;
    }
    Numeric::Plain {
        size,
        is_float: is_float_format(&slot.data_format),
    }
}

/// Whether a scalar source slot takes a literal dword (`*_NOLIT` types and M0 do not).
pub fn takes_literal(slot: &Operand) -> bool {
    !has_part(&slot.operand_type, "NOLIT") && slot.operand_type != "OPR_SREG_M0_INL"
}

#[cfg(test)]
mod tests {
    use super::*;
    use SourceConst::*;

    fn c32(v: Value) -> Result<SourceConst, String> {
        source_constant(
            &v,
            Numeric::Plain {
                size: 32,
                is_float: false,
            },
        )
    }

    #[test]
    fn integers_32() {
        assert_eq!(c32(Value::Int(64)), Ok(Inline("64".into())));
        assert_eq!(c32(Value::Int(-16)), Ok(Inline("-16".into())));
        assert_eq!(c32(Value::Int(65)), Ok(Literal(65)));
        assert_eq!(c32(Value::Int(0xffff_ffff)), Ok(Inline("-1".into())));
        assert_eq!(c32(Value::Int(0x3f80_0000)), Ok(Inline("1.0".into())));
        assert_eq!(
            c32(Value::Int(0x3e22_f983)),
            Ok(Inline("0.15915494".into()))
        );
        assert!(c32(Value::Int(-0x8000_0001)).is_err());
        assert!(c32(Value::Int(0x1_0000_0000)).is_err());
    }

    #[test]
    fn floats_32() {
        assert_eq!(c32(Value::Float(-4.0)), Ok(Inline("-4.0".into())));
        assert_eq!(
            c32(Value::Float(0.15915494)),
            Ok(Inline("0.15915494".into()))
        );
        assert_eq!(c32(Value::Float(1.5)), Ok(Literal(0x3fc0_0000)));
        assert_eq!(c32(Value::Float(0.0)), Ok(Inline("0".into())));
    }

    /// Tokens a narrower float cannot hold are refused: 2^128 and up overflow f32, 1e-40
    /// is an inexact f32 subnormal, 1e5 overflows f16 (max 65504) and 1e-7 is below f16's
    /// half-ulp of 2^-25. Exact subnormals stay: 2^-149 is f32 bits 1, the integer inline
    /// constant 1's bits, as 2^-24 is f16's.
    #[test]
    fn tokens_a_slot_cannot_hold_are_refused() {
        let c = |v, size| {
            source_constant(
                &Value::Float(v),
                Numeric::Plain {
                    size,
                    is_float: true,
                },
            )
        };
        assert!(c(1.0e39, 32).is_err());
        assert!(c(1.0e-40, 32).is_err());
        assert!(c(1.0e5, 16).is_err());
        assert!(c(1.0e-7, 16).is_err());
        assert!(source_constant(&Value::Float(1.0e39), Numeric::Bf16).is_err());
        assert_eq!(c(2f64.powi(-149), 32), Ok(Inline("1".into())));
        assert_eq!(c(2f64.powi(-24), 16), Ok(Inline("1".into())));
        assert_eq!(c(2f64.powi(-140), 32), Ok(Literal(0x200)));
        assert_eq!(c(3.0e38, 32), Ok(Literal(0x7f61_b1e6)));
    }

    /// Hand-rounded: 10.1 is 0x41219999.. as f32, so bfloat16 0x4121 rounds up to 0x4122;
    /// 100000.0 is 0x47c35000, which rounds down to 0x47c3.
    #[test]
    fn bfloat16_slots() {
        let bf = |v| source_constant(&v, Numeric::Bf16);
        assert_eq!(bf(Value::Float(10.1)), Ok(Literal(0x4122)));
        assert_eq!(bf(Value::Float(1.5)), Ok(Literal(0x3fc0)));
        assert_eq!(bf(Value::Float(100000.0)), Ok(Literal(0x47c3)));
        assert_eq!(bf(Value::Float(-4.0)), Ok(Inline("-4.0".into())));
        assert_eq!(
            bf(Value::Float(0.15915494)),
            Ok(Inline("0.15915494".into()))
        );
        assert_eq!(bf(Value::Float(0.0)), Ok(Inline("0".into())));
    }

    #[test]
    fn sixty_four_bit_slots() {
        let c64 = |v, is_float| source_constant(&v, Numeric::Plain { size: 64, is_float });
        assert_eq!(
            c64(Value::Int(0xffff_ffff), false),
            Ok(Literal(0xffff_ffff))
        );
        assert_eq!(c64(Value::Int(-100), false), Ok(Literal(0xffff_ff9c)));
        assert_eq!(
            c64(Value::Int(0x3fe0_0000_0000_0000), false),
            Ok(Inline("0.5".into()))
        );
        assert!(c64(Value::Int(0x1_0000_0000), false).is_err());
        assert!(c64(Value::Float(1.5), false).is_err());
        assert_eq!(c64(Value::Float(1.5), true), Ok(Literal(0x3ff8_0000)));
    }

    /// Values llvm-mc 22 gives on gfx1250 (VOP1/SOP1 forms).
    #[test]
    fn sixty_four_bit_slots_with_64_bit_literals() {
        let int = |v| wide_source_constant(&Value::Int(v), false);
        let float = |v| wide_source_constant(&v, true);
        assert_eq!(int(0x12345), Ok(Literal(0x12345)));
        assert_eq!(int(0x7fff_ffff), Ok(Literal(0x7fff_ffff)));
        assert_eq!(int(0x8000_0000), Ok(Literal64(0x8000_0000)));
        assert_eq!(int(-100), Ok(Literal64(0xffff_ffff_ffff_ff9c)));
        assert_eq!(int(64), Ok(Inline("64".into())));
        assert_eq!(int(0x3ff0_0000_0000_0000), Ok(Inline("1.0".into())));
        assert!(wide_source_constant(&Value::Float(1.5), false).is_err());
        assert_eq!(
            wide_source_constant(&Value::Float(1.0), false),
            Ok(Inline("1.0".into()))
        );
        assert_eq!(float(Value::Int(0x12345)), Ok(Literal(0x12345)));
        assert_eq!(float(Value::Int(-100)), Ok(Literal(0xffff_ff9c)));
        assert_eq!(float(Value::Int(0x1_2345_0000_0000)), Ok(Literal(0x12345)));
        assert_eq!(
            float(Value::Int(0x10ab_cdef_1234_5678)),
            Ok(Literal64(0x10ab_cdef_1234_5678))
        );
        assert_eq!(float(Value::Float(1.5)), Ok(Literal(0x3ff8_0000)));
        assert_eq!(
            float(Value::Float(0.15)),
            Ok(Literal64(0x3fc3_3333_3333_3333))
        );
    }

    #[test]
    fn sixteen_bit_slots() {
        let c16 = |v| {
            source_constant(
                &v,
                Numeric::Plain {
                    size: 16,
                    is_float: true,
                },
            )
        };
        assert_eq!(c16(Value::Float(0.5)), Ok(Inline("0.5".into())));
        assert_eq!(c16(Value::Int(0x3800)), Ok(Inline("0.5".into())));
        assert_eq!(c16(Value::Float(1.5)), Ok(Literal(0x3e00)));
        let wide = |v| source_constant(&v, Numeric::WideF16);
        assert_eq!(wide(Value::Int(0x3800)), Ok(Literal(0x3800)));
        assert_eq!(wide(Value::Int(-32768)), Ok(Literal(0xffff_8000)));
        assert_eq!(wide(Value::Float(1.5)), Ok(Literal(0x3fc0_0000)));
        assert_eq!(wide(Value::Float(0.5)), Ok(Inline("0.5".into())));
        assert!(wide(Value::Int(0x1_2345)).is_err());
    }
}
