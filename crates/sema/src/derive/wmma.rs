//! Operand lists for GFX12.5's matrix ops (V_WMMA_*, V_SWMMAC_*), which no file lists and no
//! op of the spec can lend: their texts state every matrix with its element type and shape
//! (`eval "D0.f32(16x16) = S0.bf16(16x32) * S1.bf16(32x16) + S2.f32(16x16)"`; the sparse
//! ops expand `S1` and accumulate into `D0`). A matrix is striped across the 32 lanes of a
//! wave32 (CDNA5 ISA §7.12: WMMA runs in wave32 only), so each lane holds rows x columns x
//! element bits / 32 bits of it. A sparse op's index set (S2) holds a 2-bit index for each
//! stored element of A (CDNA5 ISA §7.12.3), in one VGPR at least. Sources A and B are VGPRs,
//! C a VGPR or an inline constant (CDNA5 ISA §7.7 "WMMA_*"); the data formats are the spec's matrix
//! formats of the element type (`FMT_WMMA_AB_*_BF16`, `FMT_WMMA_DC_*_F32`), which say an
//! operand is a matrix; the sizes are the text's.

use mcdiff_spec::{Instruction, Operand, Spec};

use super::Donation;
use crate::PseudocodeEntry;

/// One matrix of a text: element type (`bf16`) and shape.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Matrix {
    ty: String,
    rows: u32,
    cols: u32,
}

impl Matrix {
    /// Bits of it each lane of a wave32 holds, if the element type has a known width.
    fn lane_bits(&self) -> Option<u32> {
        let element = match self.ty.as_str() {
            "f32" | "i32" | "u32" => 32,
            "f16" | "bf16" => 16,
            "fp8" | "bf8" | "iu8" => 8,
            _ => return None,
        };
        Some(self.rows * self.cols * element / 32)
    }
}

/// The matrices of a matrix op's text.
#[derive(Debug, PartialEq, Eq)]
struct MatrixText {
    d: Matrix,
    a: Matrix,
    b: Matrix,
    /// `None` for a sparse op, which accumulates into D and reads an index set from S2.
    c: Option<Matrix>,
}

/// The VOP3P forms without operands of matrix ops whose text states their matrices:
/// (instruction, form, donation).
pub(super) fn donations(spec: &Spec, entries: &[PseudocodeEntry]) -> Vec<(usize, usize, Donation)> {
    super::vop3p_donations(spec, entries, |e| matrix_text(e.code()?), donation)
}

/// The list `text` gives, where the spec has the operand types and a matrix format of each
/// element type.
fn donation(spec: &Spec, inst: &Instruction, text: &MatrixText) -> Option<Donation> {
    let operand = |field: &str, operand_type: &str, data_format: String, size: u32| {
        spec.operand_type(operand_type)?;
        Some(Operand {
            field: Some(field.into()),
            data_format,
            operand_type: operand_type.into(),
            size,
            input: Some(field != "VDST"),
            output: Some(field == "VDST"),
            implicit: None,
            binary_required: None,
            order: None,
        })
    };
    let ab = |m: &Matrix| matrix_format(spec, "FMT_WMMA_AB_", &m.ty);
    let dc = |m: &Matrix| matrix_format(spec, "FMT_WMMA_DC_", &m.ty);
    let src2 = match &text.c {
        Some(c) => operand("SRC2", "OPR_SRC_VGPR_OR_INLINE", dc(c)?, c.lane_bits()?)?,
        None => {
            let stored = text.a.lane_bits()? / element_bits(&text.a)?;
            let index = spec.data_format("FMT_WMMA_INDEX_SET")?.name.clone();
            operand("SRC2", "OPR_SRC_VGPR", index, (2 * stored).max(32))?
        }
    };
    let operands = vec![
        operand("VDST", "OPR_VGPR", dc(&text.d)?, text.d.lane_bits()?)?,
        operand("SRC0", "OPR_SRC_VGPR", ab(&text.a)?, text.a.lane_bits()?)?,
        operand("SRC1", "OPR_SRC_VGPR", ab(&text.b)?, text.b.lane_bits()?)?,
        src2,
    ];
    Some(Donation {
        donor: format!("matrix shapes of {}'s text", inst.name),
        operands,
        retyped: Vec::new(),
        encoding: None,
    })
}

fn element_bits(m: &Matrix) -> Option<u32> {
    let one = Matrix {
        rows: 32,
        cols: 1,
        ..m.clone()
    };
    one.lane_bits()
}

/// The spec's first matrix format (by name) under `prefix` for element type `ty`
/// (`FMT_WMMA_AB_16X16_BF16` for bf16).
fn matrix_format(spec: &Spec, prefix: &str, ty: &str) -> Option<String> {
    let suffix = format!("_{}", ty.to_ascii_uppercase());
    spec.data_formats
        .iter()
        .map(|f| f.name.as_str())
        .filter(|n| n.starts_with(prefix) && n.ends_with(&suffix))
        .min()
        .map(str::to_string)
}

/// The matrices of a text whose `eval` strings state them; `None` for any other text.
fn matrix_text(code: &str) -> Option<MatrixText> {
    let evals: Vec<&str> = code
        .split("eval \"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    let find = |name: &str| evals.iter().find_map(|e| matrix_named(e, name));
    let (d, a, b) = (find("D0")?, find("S0")?, find("S1")?);
    let sparse = evals.iter().any(|e| e.contains("index set from S2"));
    let c = if sparse { None } else { Some(find("S2")?) };
    Some(MatrixText { d, a, b, c })
}

/// `name.type(RxC)` in `text`.
fn matrix_named(text: &str, name: &str) -> Option<Matrix> {
    let at = text.find(&format!("{name}."))?;
    let rest = &text[at + name.len() + 1..];
    let (ty, rest) = rest.split_once('(')?;
    let (shape, _) = rest.split_once(')')?;
    let (rows, cols) = shape.split_once('x')?;
    Some(Matrix {
        ty: ty.to_string(),
        rows: rows.trim().parse().ok()?,
        cols: cols.trim().parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(ty: &str, rows: u32, cols: u32) -> Matrix {
        Matrix {
            ty: ty.into(),
            rows,
            cols,
        }
    }

    #[test]
    fn reads_dense_and_sparse_texts() {
        let dense = "saved_exec = EXEC;\neval \"D0.f32(16x16) = S0.bf16(16x32) * S1.bf16(32x16) + S2.f32(16x16)\";\nEXEC = saved_exec";
        let text = matrix_text(dense).unwrap();
        assert_eq!(text.a, m("bf16", 16, 32));
        assert_eq!(text.c, Some(m("f32", 16, 16)));
        // 16x32 bf16 over 32 lanes: 256 bits (v[0:7]); 16x16 f32: 256 bits.
        assert_eq!(text.a.lane_bits(), Some(256));
        assert_eq!(text.d.lane_bits(), Some(256));
        let sparse = "eval \"tmp(64x16) = extract non-sparse entries from matrix S1.iu8(128x16) using index set from S2\";\neval \"D0.i32(16x16) = S0.iu8(16x64) * tmp(64x16) + D0.i32(16x16)\"";
        let text = matrix_text(sparse).unwrap();
        assert_eq!((text.b.lane_bits(), text.c), (Some(512), None));
        // 32 stored 8-bit elements of A per lane, 2 index bits each: v[n:n+1].
        assert_eq!(
            text.a.lane_bits().unwrap() / element_bits(&text.a).unwrap(),
            32
        );
        assert_eq!(matrix_text("D0.f32 = S0.f32 + S1.f32"), None);
    }
}
