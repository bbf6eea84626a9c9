//! Operand lists for the CDNA1 and CDNA2 matrix ops no file describes (V_MFMA_I32_32X32X8I8,
//! the original BF16 ops...). Their manual texts are not code (`D(32x32I32) = A(32x8I8) x
//! B(8x32I8) + C(32x32I32),`), but each entry's description counts the registers
//! (`srcA/srcB 1 archVgpr, srcC/D 16 accVGPR`) and the text names the accumulator type. A
//! VOP3P form without operands takes the MFMA-format list of a matrix op of the same spec with
//! the same source and accumulator widths and the same accumulator type, and that format, as
//! the manuals' matrix ops listed under VOP3P do in composition.

use std::cmp::Reverse;

use mcdiff_spec::{Instruction, Operand, Spec};

use super::{shared_words, Donation};
use crate::PseudocodeEntry;

/// What a matrix op's manual entry says of its registers.
#[derive(Debug, PartialEq, Eq)]
struct MatrixShape {
    /// Bits of each of srcA and srcB.
    source_bits: u32,
    /// Bits of srcC and of D.
    accumulator_bits: u32,
    /// The accumulator's element type as the text writes it (`I32`, `F32`, `F64`).
    accumulator: String,
}

/// The matrix ops of `spec` listed under VOP3P without operands whose entry gives a shape a
/// donor fits: (instruction, form, donation).
pub(super) fn donations(spec: &Spec, entries: &[PseudocodeEntry]) -> Vec<(usize, usize, Donation)> {
    super::vop3p_donations(spec, entries, matrix_shape, best_donor)
}

/// The MFMA-format form whose operands have `shape`'s widths and accumulator type, sharing
/// the most leading name words with `inst`, then first by name.
fn best_donor(spec: &Spec, inst: &Instruction, shape: &MatrixShape) -> Option<Donation> {
    let fits = |ops: &[Operand]| {
        let size = |field: &str| ops.iter().find(|o| o.field.as_deref() == Some(field));
        let sized = |field: &str, bits: u32| size(field).is_some_and(|o| o.size == bits);
        let suffix = format!("_{}", shape.accumulator);
        sized("SRC0", shape.source_bits)
            && sized("SRC1", shape.source_bits)
            && sized("SRC2", shape.accumulator_bits)
            && sized("VDST", shape.accumulator_bits)
            && size("SRC2").is_some_and(|o| o.data_format.ends_with(&suffix))
    };
    spec.instructions
        .iter()
        .filter(|donor| donor.name != inst.name)
        .flat_map(|donor| donor.encodings.iter().map(move |g| (donor, g)))
        .filter(|(_, g)| g.encoding == "VOP3P_MFMA" && fits(&g.operands))
        .min_by_key(|(donor, _)| (Reverse(shared_words(&inst.name, &donor.name)), &donor.name))
        .map(|(donor, g)| Donation {
            donor: donor.name.clone(),
            operands: g.operands.clone(),
            retyped: vec!["register counts from the manual's description".into()],
            encoding: Some(g.encoding.clone()),
        })
}

/// `srcA/srcB <n> ..., srcC/D <m> ...` from the description and the type of `C(...)` in the
/// text; `None` for any other entry.
fn matrix_shape(entry: &PseudocodeEntry) -> Option<MatrixShape> {
    let description = entry.description.as_deref()?;
    let sources = register_count(description, "srcA/srcB ")?;
    let accumulators = register_count(description, "srcC/D ")?;
    let code = entry.pseudocode.as_deref()?;
    let c = &code[code.find("C(")? + 2..];
    let dims = &c[..c.find(')')?];
    let accumulator = dims.trim_start_matches(|ch: char| ch.is_ascii_digit() || ch == 'x');
    (!accumulator.is_empty()).then(|| MatrixShape {
        source_bits: 32 * sources,
        accumulator_bits: 32 * accumulators,
        accumulator: accumulator.to_string(),
    })
}

/// The register count after `label` (`one` or digits).
fn register_count(text: &str, label: &str) -> Option<u32> {
    let rest = &text[text.find(label)? + label.len()..];
    match rest.split_whitespace().next()? {
        "one" => Some(1),
        word => word.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_register_counts_and_accumulator_type() {
        let entry = PseudocodeEntry {
            section: None,
            name: "V_MFMA_I32_32X32X8I8".into(),
            opcode: None,
            description: Some("1 Blocks, 16 pass, srcA/srcB 1 archVgpr, srcC/D 16 accVGPR".into()),
            pseudocode: Some("D(32x32I32) = A(32x8I8) x B(8x32I8) + C(32x32I32),".into()),
        };
        assert_eq!(
            matrix_shape(&entry),
            Some(MatrixShape {
                source_bits: 32,
                accumulator_bits: 512,
                accumulator: "I32".into(),
            })
        );
        let one = "2 Blocks, 16 pass, srcA/srcB one archVgpr, srcC/D 32 accVGPR";
        assert_eq!(register_count(one, "srcA/srcB "), Some(1));
        assert_eq!(register_count("no counts", "srcC/D "), None);
    }
}
