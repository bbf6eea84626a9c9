//! Operand lists for memory forms no file describes, from a sibling in the same encoding.
//! A memory text names the address parts and data it uses (`DATA.f64`, `RETURN_DATA.f64`,
//! `VADDR.b32`), not which of them its word carries: a returning and a non-returning DS
//! atomic share one text. So a memory form takes the list of a form of its encoding whose
//! text uses the same names at the same widths (GFX12.5's BUFFER_ATOMIC_ADD_F64 from
//! BUFFER_ATOMIC_ADD_U64, CLUSTER_LOAD_B32 from GLOBAL_LOAD_B32), preferring the donors
//! named as it is but for the last word (its type: DS_ADD_RTN_F64 from DS_ADD_RTN_U64, not
//! DS_ADD_U64). A name the text writes before reading it is data the instruction returns, so
//! a load never takes a store's list. Where the donors so chosen disagree on the list's
//! fields, operand types or sizes, nothing is derived. A text reading only one address and
//! memory, which no list fits, takes the address operand alone ([`address_only`]).

use std::collections::HashMap;

use mcdiff_spec::{Operand, Spec};

use super::{derivable, donor_forms, Donation, Signature};

/// The memory forms without operands that find agreeing donors: (instruction, form, donation).
pub(super) fn donations(
    spec: &Spec,
    signatures: &HashMap<String, Signature>,
) -> Vec<(usize, usize, Donation)> {
    let donors = donor_forms(spec, signatures, |e| !derivable(e));
    let mut out = Vec::new();
    for (i, inst) in spec.instructions.iter().enumerate() {
        let Some(mine) = signatures.get(&inst.name) else {
            continue;
        };
        for (f, form) in inst.encodings.iter().enumerate() {
            if derivable(&form.encoding)
                || !form.operands.is_empty()
                || spec.lists_every_operand_of(form)
            {
                continue;
            }
            let candidates = donors.get(form.encoding.as_str()).map_or(&[][..], |c| c);
            let donation = agreed_donation(spec, signatures, &inst.name, mine, candidates)
                .or_else(|| address_only(spec, mine, candidates));
            if let Some(d) = donation {
                out.push((i, f, d));
            }
        }
    }
    out
}

/// The donation the best-named donors whose texts fit agree on ([`stem`]), from the first
/// of them by name.
fn agreed_donation(
    spec: &Spec,
    signatures: &HashMap<String, Signature>,
    name: &str,
    mine: &Signature,
    candidates: &[(usize, usize)],
) -> Option<Donation> {
    let mut fitting: Vec<(&str, &[Operand])> = candidates
        .iter()
        .filter_map(|&(j, g)| {
            let donor = &spec.instructions[j];
            let theirs = signatures.get(&donor.name)?;
            mine.same_shape(theirs)
                .then_some((donor.name.as_str(), &donor.encodings[g].operands[..]))
        })
        .collect();
    if fitting.iter().any(|(donor, ..)| stem(donor) == stem(name)) {
        fitting.retain(|(donor, ..)| stem(donor) == stem(name));
    }
    fitting.sort_by(|a, b| a.0.cmp(b.0));
    let (first, rest) = fitting.split_first()?;
    let shape = |ops: &[Operand]| -> Vec<(Option<String>, String, u32)> {
        ops.iter()
            .map(|o| (o.field.clone(), o.operand_type.clone(), o.size))
            .collect()
    };
    if rest.iter().any(|(_, ops)| shape(ops) != shape(first.1)) {
        return None;
    }
    // The donor's data formats are kept (most memory lists say FMT_ANY); the semantics
    // read the text's own types (`DATA.f64`).
    Some(Donation {
        donor: first.0.to_string(),
        operands: first.1.to_vec(),
        retyped: Vec::new(),
        encoding: None,
    })
}

/// The names an LDS text may use for its address VGPR (the field ADDR; the two-address forms'
/// `ADDR_BASE`).
const ADDRESS_NAMES: [&str; 2] = ["ADDR", "ADDR_BASE"];

/// A form whose text reads nothing but one address and memory (the Vega manuals' DS_*_SRC2_*:
/// `A = ADDR_BASE; B = A + 4 * (offset...); MEM[A] = MEM[A] + MEM[B]`, both operands in LDS)
/// has the one operand its encoding's lists agree the address is: their ADDR field, at the
/// type and size every list gives it.
fn address_only(spec: &Spec, mine: &Signature, candidates: &[(usize, usize)]) -> Option<Donation> {
    let mut names = mine.0.keys().map(String::as_str).filter(|n| *n != "MEM");
    let (Some(address), None) = (names.next(), names.next()) else {
        return None;
    };
    if !ADDRESS_NAMES.contains(&address) {
        return None;
    }
    let addresses: Vec<&Operand> = candidates
        .iter()
        .filter_map(|&(j, g)| {
            let form = &spec.instructions[j].encodings[g];
            form.operands
                .iter()
                .find(|o| o.field.as_deref() == Some("ADDR"))
        })
        .collect();
    let first = addresses.first()?;
    let agreed = addresses
        .iter()
        .all(|o| o.operand_type == first.operand_type && o.size == first.size);
    agreed.then(|| Donation {
        donor: ADDRESS_ONLY.into(),
        operands: vec![(*first).clone()],
        retyped: Vec::new(),
        encoding: None,
    })
}

const ADDRESS_ONLY: &str = "the address field the encoding's lists agree on";

/// An instruction's name without its last word (`DS_ADD_RTN_F64` -> `DS_ADD_RTN`).
fn stem(name: &str) -> &str {
    name.rsplit_once('_').map_or(name, |(stem, _)| stem)
}
