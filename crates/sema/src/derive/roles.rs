//! Operand lists by role, for ALU forms whose text fits no whole list of their encoding: an
//! instruction only one generation has (GFX12.5's V_MAD_NC_U64_U32: `D0.u64 = S0.u32 *
//! S1.u32 + S2.u64`, which no VOP3 list has at those widths) still names each operand it
//! uses. Each name takes the field the encoding's lists give that name (`D0` -> `VDST`,
//! `S1` -> `SRC1`) with the operand type they give the field most often, at the width and
//! in the data format of the text. A text using a name no list of the encoding has a field
//! for, a state name other than EXEC (VCC as carry or mask is a field in some formats and
//! implicit in others), or a lane mask derives nothing. What a role cannot tell is an
//! instruction's own restriction on a field: V_PERMLANE_DOWN_B32's lane select takes the
//! VOP3 source type, VGPRs included, where llvm-mc takes scalars only.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use mcdiff_spec::{Operand, Spec};

use super::{derivable, text_operand, Donation, Signature};
use crate::bind::pseudocode_name;

/// The ALU forms still without operands whose text gives every ALU format of its
/// instruction a list by role: (instruction, form, donation).
pub(super) fn donations(
    spec: &Spec,
    signatures: &HashMap<String, Signature>,
) -> Vec<(usize, usize, Donation)> {
    let roles = Roles::of(spec);
    let mut donations = Vec::new();
    for (i, inst) in spec.instructions.iter().enumerate() {
        let Some(mine) = signatures.get(&inst.name) else {
            continue;
        };
        let accumulating = accumulator_in_destination(inst, mine, &roles);
        let mine = accumulating.as_ref().unwrap_or(mine);
        // A text that cannot name its operands' fields in every ALU format the instruction
        // has does not describe it as encoded: none of its forms is derived.
        let mut lists = Vec::new();
        for (f, form) in inst.encodings.iter().enumerate() {
            if !derivable(&form.encoding) {
                continue;
            }
            let list = roles.list(spec, &form.encoding, mine);
            let empty = form.operands.is_empty() && !spec.lists_every_operand_of(form);
            lists.push((f, empty, list));
        }
        if lists.iter().any(|(_, _, list)| list.is_none()) {
            continue;
        }
        for (f, _, list) in lists.into_iter().filter(|(_, empty, _)| *empty) {
            let (operands, constant) = list.expect("checked above");
            let donation = Donation {
                donor: BY_ROLE.into(),
                operands,
                retyped: Vec::new(),
                encoding: constant.then(|| literal_form(&inst.encodings[f].encoding)),
            };
            donations.push((i, f, donation));
        }
    }
    donations
}

/// A multiply-accumulate whose VOP2 form has no third source field: the VOP2 forms read the
/// accumulator from the destination (`D = S0 * S1 + D`, RDNA1's V_MAC_F32), which RDNA1's
/// V_MAC_LEGACY_F32 text calls `S2` (the binder reads `S2` as `D0` there too); its signature
/// without `S2`, where `S2` and `D0` have one shape. `None` for any other text.
fn accumulator_in_destination(
    inst: &mcdiff_spec::Instruction,
    mine: &Signature,
    roles: &Roles,
) -> Option<Signature> {
    let (s2, d0) = (mine.0.get("S2")?, mine.0.get("D0")?);
    let vop2_lacks_s2 = inst.encodings.iter().any(|f| {
        f.encoding == "ENC_VOP2"
            && roles
                .0
                .get(&f.encoding)
                .is_some_and(|r| !r.contains_key("S2"))
    });
    if !vop2_lacks_s2 || !s2.same_shape(d0) {
        return None;
    }
    let mut without = mine.clone();
    without.0.remove("S2");
    Some(without)
}

/// How these lists are made, as the derived-operands report names the donor.
const BY_ROLE: &str = "fields by role in the encoding's lists";

/// The form of `encoding` whose word a constant follows (`ENC_VOP2` -> `VOP2_INST_LITERAL`),
/// which the files name for the multiply-add-constant ops (V_FMAAK_F32).
fn literal_form(encoding: &str) -> String {
    format!(
        "{}_INST_LITERAL",
        encoding.strip_prefix("ENC_").unwrap_or(encoding)
    )
}

/// A constant the text names (`SIMM32`, `SIMM64`: V_FMAAK_F64's K) that no list gives a
/// field: the literal that follows the instruction word.
fn is_trailing_constant(name: &str) -> bool {
    matches!(name, "SIMM32" | "SIMM64")
}

/// What an encoding's lists give one pseudocode name: the field, and the operand type the
/// lists give it, each the most frequent (ties to the first by name).
struct Role {
    field: String,
    operand_type: String,
}

/// How often the lists give one name each (field, operand type).
type FieldTypeCounts = BTreeMap<(String, String), usize>;

/// Per encoding, per pseudocode name: its [`Role`]; and every field some list makes an
/// operand.
struct Roles(HashMap<String, BTreeMap<String, Role>>, BTreeSet<String>);

impl Roles {
    /// The roles of every encoding with operand lists in `spec`, over the fields the
    /// encoding has (so a role's field is always one of its encoding's).
    fn of(spec: &Spec) -> Roles {
        let mut counts: HashMap<String, BTreeMap<String, FieldTypeCounts>> = HashMap::new();
        let mut operand_fields: BTreeSet<String> = BTreeSet::new();
        for form in spec.instructions.iter().flat_map(|i| &i.encodings) {
            let Some(encoding) = spec.encoding(&form.encoding) else {
                continue;
            };
            for op in &form.operands {
                // A list may name a field its encoding lacks (a neighbour's spelling).
                let Some(field) = op.field.as_ref().filter(|f| encoding.field(f).is_some()) else {
                    continue;
                };
                let name = pseudocode_name(field).to_string();
                operand_fields.insert(field.clone());
                *counts
                    .entry(form.encoding.clone())
                    .or_default()
                    .entry(name)
                    .or_default()
                    .entry((field.clone(), op.operand_type.clone()))
                    .or_default() += 1;
            }
        }
        // An immediate (`SIMM16`, `SIMM32`) the lists give several operand types is each
        // instruction's own kind of constant (SOPK's SIMM16 is a label, a wait count, a
        // hardware register), which no role tells: it has none.
        let role = |name: &str, by: FieldTypeCounts| {
            let kinds: BTreeSet<&String> = by.keys().map(|(_, t)| t).collect();
            if name.starts_with("SIMM") && kinds.len() > 1 {
                return None;
            }
            let best = by.values().copied().max()?;
            let ((field, operand_type), _) = by.into_iter().find(|(_, n)| *n == best)?;
            Some(Role {
                field,
                operand_type,
            })
        };
        Roles(
            counts
                .into_iter()
                .map(|(enc, names)| {
                    let names = names
                        .into_iter()
                        .filter_map(|(name, by)| role(&name, by).map(|r| (name, r)))
                        .collect();
                    (enc, names)
                })
                .collect(),
            operand_fields,
        )
    }

    /// The list of a form in `encoding` from its text's names, and whether a constant follows
    /// the word ([`is_trailing_constant`]: the form becomes the encoding's literal form, where
    /// the spec has it); `None` as the module doc says.
    fn list(
        &self,
        spec: &Spec,
        encoding: &str,
        signature: &Signature,
    ) -> Option<(Vec<Operand>, bool)> {
        let roles = self.0.get(encoding)?;
        let mut operands = Vec::new();
        let mut constant = false;
        for (name, use_) in &signature.0 {
            // EXEC masks lanes, and ROUND_MODE is a mode a conversion saves, sets and
            // restores: no field of the word carries either.
            if matches!(name.as_str(), "EXEC" | "ROUND_MODE") {
                continue;
            }
            if crate::state::is_state_name(name) || use_.lane_mask {
                return None;
            }
            // A text may name a field itself: `VGPR[laneId][VDST.u32][7 : 0] = ...` writes
            // the destination register by its number.
            let role = roles
                .get(name)
                .or_else(|| roles.values().find(|r| r.field == *name));
            let Some(role) = role else {
                if is_trailing_constant(name) && spec.encoding(&literal_form(encoding)).is_some() {
                    constant = true;
                    continue;
                }
                // A field no list of any encoding makes an operand is a modifier the text
                // reads (`OPSEL[3 : 2]` choosing the byte a conversion writes); a format
                // without the field (VOP1 beside VOP3) leaves it 0.
                if !self.1.contains(name) && spec.encodings.iter().any(|e| e.field(name).is_some())
                {
                    continue;
                }
                return None;
            };
            if operands
                .iter()
                .any(|o: &Operand| o.field.as_ref() == Some(&role.field))
            {
                return None;
            }
            let (field, operand_type) = (role.field.clone(), role.operand_type.clone());
            operands.push(text_operand(spec, field, operand_type, use_)?);
        }
        (!operands.is_empty()).then_some((operands, constant))
    }
}
