//! The VGPR index mode of S_SET_GPR_IDX_ON and S_SET_GPR_IDX_MODE: four bits, one per operand
//! whose VGPR number M0 offsets (Vega ISA, SOPC/SOPP opcode tables, S_SET_GPR_IDX_ON and
//! S_SET_GPR_IDX_MODE: bit 0 VSRC0_REL, 1 VSRC1_REL, 2 VSRC2_REL, 3 VDST_REL; §6.6 "VGPR
//! Indexing"), written `gpr_idx(SRC0,DST)` in llvm-mc's spelling (checked with llvm-mc 22).

use super::lex::{Cursor, Tok};

/// llvm-mc's names of the mode bits, bit 0 first.
const MODES: [&str; 4] = ["SRC0", "SRC1", "SRC2", "DST"];

/// Whether the tokens are a `gpr_idx(...)` call.
fn looks_like_gpr_idx(toks: &[Tok]) -> bool {
    matches!(toks.first(), Some(Tok::Ident(name)) if name == "gpr_idx")
}

/// The mode: `gpr_idx(<mode>,...)` (each mode once, in any order; none is 0), or an absolute
/// expression of four bits.
pub(super) fn parse(toks: &[Tok]) -> Result<u32, String> {
    if !looks_like_gpr_idx(toks) {
        let mut cursor = Cursor::new(toks);
        let value = cursor.expr(&|_| None)?;
        return match u32::try_from(value) {
            Ok(v) if v <= 0xf && cursor.at_end() => Ok(v),
            _ => Err("invalid immediate: only 4-bit values are legal".into()),
        };
    }
    let inner = match toks {
        [Tok::Ident(_), Tok::Punct("("), inner @ .., Tok::Punct(")")] => inner,
        _ => return Err("expected a gpr_idx(...) list".into()),
    };
    let mut value = 0u32;
    for (i, tok) in inner.iter().enumerate() {
        let expected_name = i % 2 == 0;
        match tok {
            Tok::Ident(name) if expected_name => {
                let bit = MODES
                    .iter()
                    .position(|m| m == name)
                    .ok_or("expected a VGPR index mode")?;
                if value & (1 << bit) != 0 {
                    return Err("duplicate VGPR index mode".into());
                }
                value |= 1 << bit;
            }
            Tok::Punct(",") if !expected_name && i + 1 < inner.len() => {}
            _ if expected_name => return Err("expected a VGPR index mode".into()),
            _ => return Err("expected a comma or a closing parenthesis".into()),
        }
    }
    Ok(value)
}

/// `gpr_idx(...)` naming the set bits of a 4-bit mode; the number for a value with others.
pub(super) fn print(value: u32) -> String {
    if value > 0xf {
        return format!("0x{value:x}");
    }
    let names: Vec<&str> = (0..4)
        .filter(|b| value & (1 << b) != 0)
        .map(|b| MODES[b])
        .collect();
    format!("gpr_idx({})", names.join(","))
}

#[cfg(test)]
mod tests {
    use super::super::lex::tokenize;
    use super::*;

    #[test]
    fn modes_round_trip() {
        assert_eq!(parse(&tokenize("gpr_idx(SRC0,DST)").unwrap()), Ok(9));
        assert_eq!(parse(&tokenize("3").unwrap()), Ok(3));
        assert!(parse(&tokenize("16").unwrap()).is_err());
        assert_eq!(parse(&tokenize("gpr_idx()").unwrap()), Ok(0));
        assert!(parse(&tokenize("gpr_idx(SRC1,SRC1)").unwrap()).is_err());
        assert!(parse(&tokenize("gpr_idx(SRC3)").unwrap()).is_err());
        assert_eq!(print(9), "gpr_idx(SRC0,DST)");
        assert_eq!(print(0), "gpr_idx()");
    }
}
