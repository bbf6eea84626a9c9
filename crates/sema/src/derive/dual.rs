//! Operand lists of a dual-issue format no file lists any operands for (GFX12.5's 96-bit
//! VOPD3). Its fields are named for the operand each holds in a half (`SRCY0`, `VSRCY1`,
//! `VSRCY2`, `VDSTY`), so an op's list follows from the names its text uses: `D0` is `VDSTY`,
//! `Sn` the source field ending in `n`, each at the width and in the data format the text
//! uses it. A field takes the operand type the spec's VOPD lists give the field of its name,
//! or of its stem (`VSRCY2`, which VOPD lacks, is a VGPR as `VSRCY1` is). Like those lists,
//! a list names the Y half's fields; the X half reads it with X for Y. Implicit names (`VCC`)
//! get no field; a text using any other name derives nothing.

use std::collections::{HashMap, HashSet};

use mcdiff_spec::{Encoding, Operand, Spec};

use super::{text_operand, Donation, Signature};

/// How these lists are made, as the derived-operands report names the donor.
const BY_FIELD_ROLE: &str = "fields by role";

/// The dual-issue forms without operands in encodings no file lists operands for:
/// (instruction, form, donation).
pub(super) fn donations(
    spec: &Spec,
    signatures: &HashMap<String, Signature>,
) -> Vec<(usize, usize, Donation)> {
    let field_types = vopd_field_types(spec);
    let listed: HashSet<&str> = spec
        .instructions
        .iter()
        .flat_map(|i| &i.encodings)
        .filter(|f| !f.operands.is_empty())
        .map(|f| f.encoding.as_str())
        .collect();
    let mut out = Vec::new();
    for (i, inst) in spec.instructions.iter().enumerate() {
        let Some(signature) = signatures.get(&inst.name) else {
            continue;
        };
        for (f, form) in inst.encodings.iter().enumerate() {
            if !form.operands.is_empty() || listed.contains(&form.encoding.as_str()) {
                continue;
            }
            let Some(encoding) = spec.encoding(&form.encoding).filter(|e| is_dual(e)) else {
                continue;
            };
            if let Some(operands) = by_role(spec, encoding, signature, &field_types) {
                let donation = Donation {
                    donor: BY_FIELD_ROLE.into(),
                    operands,
                    retyped: Vec::new(),
                    encoding: None,
                };
                out.push((i, f, donation));
            }
        }
    }
    out
}

/// A dual-issue format: one with a Y half's destination and first source.
fn is_dual(encoding: &Encoding) -> bool {
    encoding.field("VDSTY").is_some() && encoding.field("SRCY0").is_some()
}

/// Field name -> operand type, over the spec's listed dual-issue (VOPDXY) operands.
fn vopd_field_types(spec: &Spec) -> HashMap<String, String> {
    let mut types = HashMap::new();
    for form in spec.instructions.iter().flat_map(|i| &i.encodings) {
        if !spec.encoding(&form.encoding).is_some_and(is_dual) {
            continue;
        }
        for op in &form.operands {
            if let Some(field) = &op.field {
                types
                    .entry(field.clone())
                    .or_insert_with(|| op.operand_type.clone());
            }
        }
    }
    types
}

/// The list of one form from its text's names; `None` where a name has no field.
fn by_role(
    spec: &Spec,
    encoding: &Encoding,
    signature: &Signature,
    field_types: &HashMap<String, String>,
) -> Option<Vec<Operand>> {
    let mut operands = Vec::new();
    for (name, use_) in &signature.0 {
        if crate::state::is_state_name(name) {
            continue;
        }
        let field = match name.as_str() {
            "D0" => "VDSTY".to_string(),
            source => {
                let n = source.strip_prefix('S')?;
                ["SRCY", "VSRCY"]
                    .iter()
                    .map(|stem| format!("{stem}{n}"))
                    .find(|f| encoding.field(f).is_some())?
            }
        };
        encoding.field(&field)?;
        let stem = field.trim_end_matches(|c: char| c.is_ascii_digit());
        let operand_type = field_types.get(&field).or_else(|| {
            field_types
                .iter()
                .filter(|(f, _)| f.trim_end_matches(|c: char| c.is_ascii_digit()) == stem)
                .map(|(_, t)| t)
                .min()
        })?;
        operands.push(text_operand(spec, field, operand_type.clone(), use_)?);
    }
    (!operands.is_empty()).then_some(operands)
}
