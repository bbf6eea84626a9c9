//! Operand lists for the instruction forms no spec file describes, derived from AMD's
//! pseudocode. A manual file gives an instruction's opcode but not its operands, and where no
//! neighbour file has the instruction (Vega's V_MAD_F32, GFX12.5's V_TANH_F16) the encoder
//! cannot use it. Its pseudocode still says which operands it uses and at which widths
//! (`D.f = S0.f * S1.f + S2.f`, `D0.f16 = ...S0.f16...`). A form without operands takes the
//! list of a donor form in the same encoding whose instruction's text uses the same names at
//! the same widths; where the two texts view an operand as different types (`S0.bf16`
//! against `S0.f16`), the operand gets the data format its own text names. Each derived list
//! is recorded in [`Spec::derived_operands`] and comes from a [`Fidelity::Derived`] source.
//! The CDNA1/CDNA2 matrix ops, whose texts are not code, are derived apart ([`matrix`]).

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use mcdiff_spec::{
    Arch, DerivedOperands, Fidelity, Instruction, InstructionEncoding, Operand, SourceFile, Spec,
};

use crate::ast::{Ty, TyKind};
use crate::bind::pseudocode_name;
use crate::state::is_state_name;
use crate::uses::{is_reserved, Uses};
use crate::{ParsedPseudocode, PseudocodeEntry};

mod dual;
mod matrix;
mod memory;
mod roles;
mod wmma;

/// What one instruction's pseudocode says of its operands: each name it uses without
/// defining (operands, and the implicit VCC, EXEC, SCC, M0) with its widest width, whether
/// it is a lane mask (`D0.u64[laneId]`: a compare's scalar result) and the typed views it
/// is used through.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Signature(BTreeMap<String, Use>);

impl Signature {
    /// The same names, each at the same width and role; the views may differ.
    fn same_shape(&self, other: &Signature) -> bool {
        self.0.len() == other.0.len()
            && self
                .0
                .iter()
                .zip(&other.0)
                .all(|((a, ua), (b, ub))| a == b && ua.same_shape(ub))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Use {
    width: u32,
    lane_mask: bool,
    /// Written before it is read ([`Written::Operand`] signatures only: a load's data
    /// against a store's).
    written: bool,
    views: BTreeSet<Ty>,
}

impl Use {
    /// Both uses of one name: the wider width, either role, all views.
    fn merge(&mut self, other: Use) {
        self.width = self.width.max(other.width);
        self.lane_mask |= other.lane_mask;
        self.written |= other.written;
        self.views.extend(other.views);
    }

    /// Same width and role; the views may differ.
    fn same_shape(&self, other: &Use) -> bool {
        self.width == other.width
            && self.lane_mask == other.lane_mask
            && self.written == other.written
    }
}

/// Encodings whose operand lists the pseudocode determines: the ALU formats. A memory text
/// does not say which address parts and data registers its word carries (a returning and a
/// non-returning DS atomic share one text); memory forms take a sibling's list ([`memory`]).
fn derivable(encoding: &str) -> bool {
    encoding.contains("VOP") || encoding.contains("SOP")
}

/// [`mcdiff_spec::Completion`] from the pseudocode: derives the operand lists of `arch`'s
/// forms that no file describes. Without a readable pseudocode file nothing is derived (the
/// semantics report names a file that is there but unreadable).
pub fn complete_from_pseudocode(arch: Arch, data_dir: &Path, spec: &mut Spec) {
    with_pseudocode(arch, data_dir, spec, derive_operand_lists);
    with_pseudocode(arch, data_dir, spec, derive_destination_byte_selects);
}

/// The instructions whose texts choose the destination byte by OPSEL[3:2]
/// ([`Spec::destination_byte_by_opsel`]), read from the code as written.
fn derive_destination_byte_selects(spec: &mut Spec, parsed: &ParsedPseudocode, _: SourceFile) {
    let selects = |code: &str| {
        code.split("OPSEL[")
            .skip(1)
            .any(|rest| rest.replace(' ', "").starts_with("3:2]"))
    };
    let mut names: Vec<String> = (parsed.entries.iter())
        .filter(|e| e.code().is_some_and(selects))
        .map(|e| e.name.to_ascii_uppercase())
        .collect();
    names.sort();
    names.dedup();
    spec.destination_byte_by_opsel = names;
}

/// [`mcdiff_spec::Completion`] run last, after every file has given what it has: the ALU
/// forms still without operands take lists by role ([`roles`]) from their texts.
pub fn complete_by_role(arch: Arch, data_dir: &Path, spec: &mut Spec) {
    with_pseudocode(arch, data_dir, spec, derive_by_role);
}

/// Runs `derive` over `arch`'s pseudocode file, naming it as the source of what it derives;
/// nothing without a readable file.
fn with_pseudocode(
    arch: Arch,
    data_dir: &Path,
    spec: &mut Spec,
    derive: fn(&mut Spec, &ParsedPseudocode, SourceFile),
) {
    let Ok(Some(parsed)) = crate::parsed_pseudocode(data_dir, arch.name()) else {
        return;
    };
    let source = SourceFile {
        name: format!("amd-isa/derived/pseudocode/{}.json", arch.name()),
        fidelity: Fidelity::Derived,
    };
    derive(spec, &parsed, source);
}

/// [`complete_by_role`] from parsed entries.
fn derive_by_role(spec: &mut Spec, parsed: &ParsedPseudocode, source: SourceFile) {
    let signatures = signatures(parsed, Written::Temporary);
    let donations = roles::donations(spec, &signatures);
    apply_donations(spec, donations, source);
}

/// What a signature makes of an upper-case name a text writes before reading it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Written {
    /// The text's own temporary (`TTBL`), as in ALU texts, whose destinations are `D0`,
    /// `D` or `SDST`.
    Temporary,
    /// An operand: a memory text's data (`VDATA[31 : 0] = ...`, `RETURN_DATA.f64 = tmp`).
    Operand,
}

/// The signature of each instruction's first text that parses and uses a name.
fn signatures(parsed: &ParsedPseudocode, written: Written) -> HashMap<String, Signature> {
    let mut out = HashMap::new();
    for (entry, program) in parsed.programs() {
        let name = entry.name.to_ascii_uppercase();
        if out.contains_key(&name) {
            continue;
        }
        let Ok(program) = program else {
            continue;
        };
        let uses = Uses::of_programs(&[program]);
        if uses
            .variable_slices
            .iter()
            .any(|n| uses.width.contains_key(n))
        {
            // An operand sliced at computed bounds has no width the text states (the text's
            // own names, which have no width here, may be).
            continue;
        }
        let mut names: BTreeMap<String, Use> = BTreeMap::new();
        for (used, width) in &uses.width {
            let state = is_state_name(used) && used != "PC";
            let constant = crate::ast::round_mode_constant(used).is_some();
            // Operands are upper case (`S0`, `SIMM16`); a free lower-case name is the text's
            // own (the bit index of the manuals' closing `D0[i] = TTBL[...]`).
            let lower = used.starts_with(|c: char| c.is_ascii_lowercase());
            let written_first = uses.written_first.contains(used.as_str());
            let temporary = written == Written::Temporary && temporary(&uses, used);
            if (is_reserved(used) && !state) || constant || lower || temporary {
                continue;
            }
            let mut use_ = Use {
                width: *width,
                lane_mask: uses.lane_mask.contains(used),
                written: written == Written::Operand && written_first,
                views: uses.views.get(used).cloned().unwrap_or_default(),
            };
            if uses.opsel_half(used) {
                // A source or destination used only as the 16-bit half OPSEL chooses
                // (`OPSEL[0].u1 ? S0[31 : 16] : S0[15 : 0]`) is a 16-bit operand: the half
                // a true16 register name (`v1.h`) selects.
                use_.width = 16;
            } else if writes_halves(&uses, used) {
                // A destination written only by 16-bit halves of the VGPR it numbers
                // (`VGPR[laneId][VDST.u32][31 : 16].b16 = ...`) is a 16-bit operand: the
                // half a true16 register name (`v1.h`) selects.
                use_.width = 16;
                use_.views = BTreeSet::from([Ty::new(TyKind::B, 16)]);
            }
            // The older manuals' `D` is `D0` (a few newer texts keep it), and their `K`
            // (V_MADAK_F32's constant) `SIMM32`, as the binder reads them.
            let key = crate::bind::OLDER_NAMES
                .iter()
                .find(|(older, _)| used == older)
                .map_or_else(|| used.clone(), |(_, newer)| newer.to_string());
            // A text may use both (`D.b16 = ...`, then `D0[i] = ...`): one destination.
            match names.get_mut(&key) {
                Some(seen) => seen.merge(use_),
                None => {
                    names.insert(key, use_);
                }
            }
        }
        if !names.is_empty() {
            out.insert(name, Signature(names));
        }
    }
    out
}

/// Whether the text writes the VGPR `name` numbers only by whole 16-bit halves.
fn writes_halves(uses: &Uses, name: &str) -> bool {
    uses.register_part_writes
        .get(name)
        .is_some_and(|parts| parts.iter().all(|p| matches!(p, (0, 15) | (16, 31))))
}

/// Whether `name` is the text's own temporary: written before anything reads it
/// (`TTBL.u32 = ...` in V_BITOP3), unlike a destination (`D0`, `D`, `SDST`) or state.
fn temporary(uses: &Uses, name: &str) -> bool {
    uses.written_first.contains(name)
        && !matches!(name, "D0" | "D" | "SDST")
        && !is_state_name(name)
}

/// A donor for one form: the donor instruction's index, the operand list fitted to the form,
/// what was retyped, and the encoding the form takes with it where that changes (a matrix
/// op listed under VOP3P takes the donor's MFMA format).
struct Donation {
    /// The donor instruction, or how the list was made where no instruction gave it.
    donor: String,
    operands: Vec<Operand>,
    retyped: Vec<String>,
    encoding: Option<String>,
}

/// Fills every form of `spec` that no file gives operands for, where the pseudocode finds a
/// donor (see the module doc); records each in `spec.derived_operands` under `source`.
fn derive_operand_lists(spec: &mut Spec, parsed: &ParsedPseudocode, source: SourceFile) {
    let alu = signatures(parsed, Written::Temporary);
    let mut donations = alu_donations(spec, &alu);
    donations.extend(matrix::donations(spec, &parsed.entries));
    donations.extend(wmma::donations(spec, &parsed.entries));
    donations.extend(dual::donations(spec, &alu));
    let memory_signatures = signatures(parsed, Written::Operand);
    donations.extend(memory::donations(spec, &memory_signatures));
    apply_donations(spec, donations, source);
}

/// Gives each (instruction, form) its donated list, recorded in `spec.derived_operands` and
/// as from `source` (added to the spec's sources, once, when anything is donated).
fn apply_donations(spec: &mut Spec, donations: Vec<(usize, usize, Donation)>, source: SourceFile) {
    if donations.is_empty() {
        return;
    }
    let id = match spec.sources.iter().position(|s| *s == source) {
        Some(id) => id,
        None => {
            spec.sources.push(source);
            spec.sources.len() - 1
        }
    };
    for (i, f, d) in donations {
        let donor = d.donor;
        let inst = &mut spec.instructions[i];
        let form = &mut inst.encodings[f];
        if let Some(encoding) = d.encoding {
            form.encoding = encoding;
        }
        spec.derived_operands.push(DerivedOperands {
            instruction: inst.name.clone(),
            encoding: form.encoding.clone(),
            donor,
            retyped: d.retyped,
        });
        form.operands = d.operands;
        form.operands_source = Some(id);
    }
}

/// The VOP3P forms without operands of the instructions whose entry `read` understands, each
/// with the list `donate` makes of what it read (the matrix ops: [`matrix`], [`wmma`]):
/// (instruction, form, donation).
fn vop3p_donations<T>(
    spec: &Spec,
    entries: &[PseudocodeEntry],
    read: impl Fn(&PseudocodeEntry) -> Option<T>,
    donate: impl Fn(&Spec, &Instruction, &T) -> Option<Donation>,
) -> Vec<(usize, usize, Donation)> {
    let by_name: HashMap<String, &PseudocodeEntry> = entries
        .iter()
        .rev()
        .map(|e| (e.name.to_ascii_uppercase(), e))
        .collect();
    let mut out = Vec::new();
    for (i, inst) in spec.instructions.iter().enumerate() {
        let Some(read) = by_name.get(&inst.name).and_then(|e| read(e)) else {
            continue;
        };
        for (f, form) in inst.encodings.iter().enumerate() {
            if form.encoding != "ENC_VOP3P" || !form.operands.is_empty() {
                continue;
            }
            if let Some(d) = donate(spec, inst, &read) {
                out.push((i, f, d));
            }
        }
    }
    out
}

/// The ALU forms whose text finds a donor by [`Signature`]: (instruction, form, donation).
fn alu_donations(
    spec: &Spec,
    signatures: &HashMap<String, Signature>,
) -> Vec<(usize, usize, Donation)> {
    let donors = donor_forms(spec, signatures, |_| true);
    let mut donations = Vec::new();
    for (i, inst) in spec.instructions.iter().enumerate() {
        let Some(mine) = signatures.get(&inst.name) else {
            continue;
        };
        let mut found = Vec::new();
        let mut contradicted = false;
        for (f, form) in inst.encodings.iter().enumerate() {
            if !form.operands.is_empty()
                || spec.lists_every_operand_of(form)
                || !derivable(&form.encoding)
            {
                continue;
            }
            let candidates = donors
                .get(form.encoding.as_str())
                .map_or(&[][..], Vec::as_slice);
            match best_donor(spec, signatures, inst, form, mine, candidates) {
                Some(d) => found.push((i, f, d)),
                None => contradicted |= !candidates.is_empty(),
            }
        }
        // A text that no form of an encoding with operand lists fits does not describe the
        // instruction as encoded (RDNA1's V_MAC_LEGACY_F32 reads an S2 its VOP2 form has no
        // field for). An encoding no file gives any operands for (GFX12.5's VOPD3) says
        // nothing either way.
        if !contradicted {
            donations.extend(found);
        }
    }
    donations
}

/// The forms that may lend their list, by encoding: those with operands, in an encoding
/// `serves` takes, of an instruction whose text has a signature: (instruction, form).
fn donor_forms<'s>(
    spec: &'s Spec,
    signatures: &HashMap<String, Signature>,
    serves: impl Fn(&str) -> bool,
) -> HashMap<&'s str, Vec<(usize, usize)>> {
    let mut donors: HashMap<&str, Vec<(usize, usize)>> = HashMap::new();
    for (i, inst) in spec.instructions.iter().enumerate() {
        for (f, form) in inst.encodings.iter().enumerate() {
            if serves(&form.encoding)
                && !form.operands.is_empty()
                && signatures.contains_key(&inst.name)
            {
                donors.entry(&form.encoding).or_default().push((i, f));
            }
        }
    }
    donors
}

/// The donor that needs the fewest operands retyped, then shares the most leading words of
/// its name with `inst`'s, then has the same condition, then comes first by name.
fn best_donor(
    spec: &Spec,
    signatures: &HashMap<String, Signature>,
    inst: &Instruction,
    form: &InstructionEncoding,
    mine: &Signature,
    candidates: &[(usize, usize)],
) -> Option<Donation> {
    candidates
        .iter()
        .filter_map(|&(j, g)| {
            let donor = &spec.instructions[j];
            let theirs = signatures.get(&donor.name)?;
            if donor.name == inst.name {
                return None;
            }
            let donor_form = &donor.encodings[g];
            let (operands, retyped) = retype(spec, mine, theirs, &donor_form.operands)?;
            let rank = (
                retyped.len(),
                Reverse(shared_words(&inst.name, &donor.name)),
                donor_form.condition != form.condition,
                donor.name.as_str(),
            );
            Some((
                rank,
                Donation {
                    donor: donor.name.clone(),
                    operands,
                    retyped,
                    encoding: None,
                },
            ))
        })
        .min_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, d)| d)
}

/// `operands` (the donor's) fitted to `mine`: `None` unless both texts use the same names at
/// the same widths; an operand whose text views it as one other type takes that type's
/// data format, where the donor's format is its own text's type and the spec has the other.
fn retype(
    spec: &Spec,
    mine: &Signature,
    theirs: &Signature,
    operands: &[Operand],
) -> Option<(Vec<Operand>, Vec<String>)> {
    if !mine.same_shape(theirs) {
        return None;
    }
    let mut operands = operands.to_vec();
    let mut retyped = Vec::new();
    for (name, mine) in &mine.0 {
        let (views, their_views) = (&mine.views, &theirs.0[name].views);
        if views == their_views {
            continue;
        }
        let (Some(my_view), Some(their_view)) = (single(views), single(their_views)) else {
            return None;
        };
        let mut found = false;
        for op in operands.iter_mut().filter(|op| names_operand(op, name)) {
            // A scalar format, or a packed pair of the type (`FMT_NUM_PK2_F16`).
            let (from, to) = (data_format(their_view), data_format(my_view));
            let packed = |f: &str| f.replacen("FMT_NUM_", "FMT_NUM_PK2_", 1);
            let to = if op.data_format == from {
                to
            } else if op.data_format == packed(&from) {
                packed(&to)
            } else {
                return None;
            };
            spec.data_format(&to)?;
            retyped.push(format!("{}: {} -> {}", name, op.data_format, to));
            op.data_format = to;
            found = true;
        }
        if !found {
            return None;
        }
    }
    Some((operands, retyped))
}

/// The operand a text's use of a name makes in `field` of `operand_type`: the text's width,
/// and its one type's data format (bits of that width where it views the name several
/// ways); `None` where the spec has no such format.
fn text_operand(spec: &Spec, field: String, operand_type: String, use_: &Use) -> Option<Operand> {
    let bits = format!("FMT_NUM_B{}", use_.width);
    let format = match single(&use_.views) {
        Some(ty) => data_format(ty),
        None => bits.clone(),
    };
    // A view of parts no format names (`D0[i * 4 +: 4].b4`) leaves bits of the whole width.
    let format = match (spec.data_format(&format), single(&use_.views)) {
        (None, Some(ty)) if ty.width < use_.width => bits,
        _ => format,
    };
    spec.data_format(&format)?;
    Some(Operand {
        field: Some(field),
        data_format: format,
        operand_type,
        size: use_.width,
        input: None,
        output: None,
        implicit: None,
        binary_required: None,
        order: None,
    })
}

fn single(views: &BTreeSet<Ty>) -> Option<Ty> {
    (views.len() == 1).then(|| *views.iter().next().expect("one view"))
}

/// Whether `op`'s field is the one pseudocode name `name` stands for (a dual-issue half's
/// `SRCY0`, `VSRCY1`, `VDSTY` are its `S0`, `S1`, `D0`).
fn names_operand(op: &Operand, name: &str) -> bool {
    op.field
        .as_deref()
        .is_some_and(|f| pseudocode_name(&without_half(f)) == name)
}

/// A VOPD field name without its half letter (`VSRCX1` -> `VSRC1`, `VDSTY` -> `VDST`).
fn without_half(field: &str) -> String {
    for stem in ["SRC", "DST"] {
        if let Some(at) = field.find(stem).map(|i| i + stem.len()) {
            if matches!(field.as_bytes().get(at), Some(b'X' | b'Y')) {
                return format!("{}{}", &field[..at], &field[at + 1..]);
            }
        }
    }
    field.to_string()
}

/// The MRISA data format of a scalar type (`f16` -> `FMT_NUM_F16`).
fn data_format(ty: Ty) -> String {
    let kind = match ty.kind {
        TyKind::U => "U",
        TyKind::I => "I",
        TyKind::B => "B",
        TyKind::F => "F",
        TyKind::BF => "BF",
        TyKind::FP8 => return "FMT_NUM_FP8".into(),
        TyKind::BF8 => return "FMT_NUM_BF8".into(),
    };
    format!("FMT_NUM_{kind}{}", ty.width)
}

/// How many leading `_`-separated words two names share.
pub(super) fn shared_words(a: &str, b: &str) -> usize {
    a.split('_')
        .zip(b.split('_'))
        .take_while(|(x, y)| x == y)
        .count()
}

/// The derived operand lists of `spec`, one line each, for review: the form, its donor, the
/// operands it took (field, operand type, data format, bits) and what was retyped.
pub fn render_derived(spec: &Spec) -> String {
    let mut out = String::new();
    for d in &spec.derived_operands {
        let operands = spec
            .instruction(&d.instruction)
            .and_then(|i| i.in_encoding(&d.encoding))
            .map(|form| {
                form.operands
                    .iter()
                    .map(|op| {
                        let field = op.field.as_deref().unwrap_or("implicit");
                        format!("{field}:{}:{}:{}", op.operand_type, op.data_format, op.size)
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default();
        out.push_str(&format!(
            "{} {} <- {}: {}",
            d.instruction, d.encoding, d.donor, operands
        ));
        if !d.retyped.is_empty() {
            out.push_str(&format!(" (retyped {})", d.retyped.join(", ")));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcdiff_spec::DataFormat;

    fn operand(field: &str, operand_type: &str, data_format: &str, size: u32) -> Operand {
        Operand {
            field: Some(field.into()),
            data_format: data_format.into(),
            operand_type: operand_type.into(),
            size,
            input: None,
            output: None,
            implicit: None,
            binary_required: None,
            order: None,
        }
    }

    fn form(encoding: &str, operands: Vec<Operand>) -> InstructionEncoding {
        InstructionEncoding {
            encoding: encoding.into(),
            condition: "default".into(),
            opcode: 0,
            operands,
            source: 0,
            operands_source: None,
        }
    }

    fn instruction(name: &str, forms: Vec<InstructionEncoding>) -> Instruction {
        Instruction {
            name: name.into(),
            aliases: vec![],
            flags: None,
            encodings: forms,
            functional_group: None,
        }
    }

    fn entry(name: &str, code: &str) -> PseudocodeEntry {
        PseudocodeEntry {
            section: None,
            name: name.into(),
            opcode: None,
            description: None,
            pseudocode: Some(code.into()),
        }
    }

    fn vop3(dst: &str, sources: &[&str], format: &str, size: u32) -> Vec<Operand> {
        let mut list = vec![operand(dst, "OPR_VGPR", format, size)];
        list.extend(sources.iter().map(|f| operand(f, "OPR_SRC", format, size)));
        list
    }

    /// Data formats by name (derivation reads their names only).
    fn formats(names: &[&str]) -> Vec<DataFormat> {
        names
            .iter()
            .map(|name| DataFormat {
                name: (*name).into(),
                data_type: None,
                bit_count: 32,
                component_count: None,
            })
            .collect()
    }

    /// A manual file's spec (every form lacking operands may be derived) with `instructions`.
    fn manual_spec(instructions: Vec<Instruction>) -> Spec {
        let mut spec = Spec {
            sources: vec![SourceFile {
                name: "manual".into(),
                fidelity: Fidelity::Manual,
            }],
            instructions,
            data_formats: formats(&["FMT_NUM_F16", "FMT_NUM_BF16", "FMT_NUM_F32"]),
            ..Spec::default()
        };
        spec.reindex();
        spec
    }

    fn derive(spec: &mut Spec, arch: &str, texts: &[(&str, &str)]) {
        let entries: Vec<_> = texts.iter().map(|(n, c)| entry(n, c)).collect();
        let source = SourceFile {
            name: "derived".into(),
            fidelity: Fidelity::Derived,
        };
        derive_operand_lists(spec, &ParsedPseudocode::parse(arch, entries), source);
    }

    #[test]
    fn a_form_takes_the_list_of_a_text_with_the_same_operands() {
        let fma = vop3("VDST", &["SRC0", "SRC1", "SRC2"], "FMT_NUM_F32", 32);
        let mul = vop3("VDST", &["SRC0", "SRC1"], "FMT_NUM_F32", 32);
        let mut spec = manual_spec(vec![
            instruction("V_FMA_F32", vec![form("ENC_VOP3", fma.clone())]),
            instruction("V_MUL_F32", vec![form("ENC_VOP3", mul)]),
            instruction("V_MAD_F32", vec![form("ENC_VOP3", vec![])]),
        ]);
        derive(
            &mut spec,
            "vega",
            &[
                ("V_FMA_F32", "D.f = S0.f * S1.f + S2.f."),
                ("V_MUL_F32", "D.f = S0.f * S1.f."),
                ("V_MAD_F32", "D.f = S0.f * S1.f + S2.f."),
            ],
        );
        let mad = spec.instruction("V_MAD_F32").unwrap();
        assert_eq!(mad.encodings[0].operands, fma);
        assert_eq!(mad.encodings[0].operands_source, Some(1));
        assert_eq!(spec.sources[1].fidelity, Fidelity::Derived);
        assert_eq!(spec.derived_operands.len(), 1);
        assert_eq!(spec.derived_operands[0].donor, "V_FMA_F32");
    }

    /// A memory form takes a sibling's list: a load a load's (never a store's, whose text
    /// reads the data the load writes), a returning atomic the returning donor named as it
    /// is but for its type, and nothing where the donors that fit disagree.
    #[test]
    fn a_memory_form_takes_the_list_of_a_sibling_whose_text_has_its_shape() {
        let global = |data: &str, size| {
            vec![
                operand("SADDR", "OPR_SREG", "FMT_ANY", 64),
                operand("VADDR", "OPR_VGPR", "FMT_ANY", 64),
                operand(data, "OPR_VGPR", "FMT_ANY", size),
            ]
        };
        let ds = |rtn: bool| {
            let mut list = vec![
                operand("ADDR", "OPR_VGPR", "FMT_ANY", 32),
                operand("DATA0", "OPR_VGPR", "FMT_ANY", 64),
            ];
            if rtn {
                list.push(operand("VDST", "OPR_VGPR", "FMT_ANY", 64));
            }
            list
        };
        let mut spec = manual_spec(vec![
            instruction(
                "GLOBAL_STORE_B32",
                vec![form("ENC_VGLOBAL", global("VSRC", 32))],
            ),
            instruction(
                "GLOBAL_LOAD_B32",
                vec![form("ENC_VGLOBAL", global("VDST", 32))],
            ),
            instruction("CLUSTER_LOAD_B32", vec![form("ENC_VGLOBAL", vec![])]),
            instruction("DS_ADD_U64", vec![form("ENC_VDS", ds(false))]),
            instruction("DS_ADD_RTN_U64", vec![form("ENC_VDS", ds(true))]),
            instruction("DS_ADD_RTN_F64", vec![form("ENC_VDS", vec![])]),
            instruction("DS_MAX_NUM_F64", vec![form("ENC_VDS", vec![])]),
        ]);
        let load = "a = CalcGlobalAddr(VADDR.b32, SADDR.b32);\nVDATA[31 : 0] = MEM[a].b32";
        let store = "a = CalcGlobalAddr(VADDR.b32, SADDR.b32);\nMEM[a].b32 = VDATA[31 : 0]";
        let atomic = |ty: &str| {
            format!(
                "a = CalcDsAddr(ADDR.b32, OFFSET0.b32);\ntmp = MEM[a].{ty};\n\
                 MEM[a].{ty} += DATA.{ty};\nRETURN_DATA.{ty} = tmp"
            )
        };
        let (u64_text, f64_text) = (atomic("u64"), atomic("f64"));
        derive(
            &mut spec,
            "cdna5",
            &[
                ("GLOBAL_STORE_B32", store),
                ("GLOBAL_LOAD_B32", load),
                ("CLUSTER_LOAD_B32", load),
                ("DS_ADD_U64", &u64_text),
                ("DS_ADD_RTN_U64", &u64_text),
                ("DS_ADD_RTN_F64", &f64_text),
                ("DS_MAX_NUM_F64", &f64_text),
            ],
        );
        let operands = |name: &str| {
            spec.instruction(name).unwrap().encodings[0]
                .operands
                .clone()
        };
        assert_eq!(operands("CLUSTER_LOAD_B32"), global("VDST", 32));
        assert_eq!(operands("DS_ADD_RTN_F64"), ds(true));
        assert!(operands("DS_MAX_NUM_F64").is_empty());
    }

    fn encoding(name: &str, fields: &[(&str, u32)]) -> mcdiff_spec::Encoding {
        mcdiff_spec::Encoding {
            name: name.into(),
            bit_count: 96,
            identifier_mask: 0,
            identifiers: vec![],
            conditions: vec![],
            fields: fields
                .iter()
                .scan(0, |offset, (field, count)| {
                    let range = mcdiff_spec::BitRange {
                        offset: *offset,
                        count: *count,
                        padding: None,
                        padding_count: 0,
                    };
                    *offset += count;
                    Some(mcdiff_spec::Field {
                        name: (*field).into(),
                        ranges: vec![range],
                        conditional: false,
                    })
                })
                .collect(),
            order: None,
            source: 0,
        }
    }

    /// A dual-issue format no file lists operands for takes, for each name its text uses,
    /// the field of that role, typed as the VOPD lists type it (the third source as the
    /// second), at the width and in the format of the text.
    #[test]
    fn a_dual_issue_form_takes_its_fields_by_the_roles_its_text_names() {
        let add = vec![
            operand("SRCY0", "OPR_SRC", "FMT_NUM_F32", 32),
            operand("VSRCY1", "OPR_VGPR", "FMT_NUM_F32", 32),
            operand("VDSTY", "OPR_VGPR", "FMT_NUM_F32", 32),
        ];
        let mut spec = manual_spec(vec![
            instruction("V_DUAL_ADD_F32", vec![form("VOPDXY", add)]),
            instruction("V_DUAL_FMA_F64", vec![form("VOPD3", vec![])]),
            instruction("V_DUAL_CNDMASK_B32", vec![form("VOPD3", vec![])]),
        ]);
        let halves = |third: bool| {
            let mut fields = vec![("SRCY0", 9), ("VSRCY1", 8), ("VDSTY", 8)];
            fields.extend(third.then_some(("VSRCY2", 8)));
            fields
        };
        spec.encodings = vec![
            encoding("VOPDXY", &halves(false)),
            encoding("VOPD3", &halves(true)),
        ];
        spec.data_formats
            .extend(formats(&["FMT_NUM_F64", "FMT_NUM_U32"]));
        spec.reindex();
        derive(
            &mut spec,
            "cdna5",
            &[
                ("V_DUAL_ADD_F32", "D0.f32 = S0.f32 + S1.f32"),
                ("V_DUAL_FMA_F64", "D0.f64 = fma(S0.f64, S1.f64, S2.f64)"),
                (
                    "V_DUAL_CNDMASK_B32",
                    "D0.u32 = VCC.u64[laneId] ? S1.u32 : S0.u32",
                ),
            ],
        );
        let list = |name: &str| {
            spec.instruction(name).unwrap().encodings[0]
                .operands
                .clone()
        };
        let f64 = |field, kind| operand(field, kind, "FMT_NUM_F64", 64);
        assert_eq!(
            list("V_DUAL_FMA_F64"),
            vec![
                f64("VDSTY", "OPR_VGPR"),
                f64("SRCY0", "OPR_SRC"),
                f64("VSRCY1", "OPR_VGPR"),
                f64("VSRCY2", "OPR_VGPR"),
            ]
        );
        // VCC, read implicitly, gets no field.
        let fields: Vec<_> = list("V_DUAL_CNDMASK_B32")
            .iter()
            .map(|o| o.field.clone().unwrap())
            .collect();
        assert_eq!(fields, ["VDSTY", "SRCY0", "VSRCY1"]);
        assert_eq!(spec.derived_operands[0].donor, "fields by role");
    }

    /// A text no whole list fits (64-bit D0 and S2, 32-bit S0 and S1) takes, last, each
    /// field by the role the encoding's lists give its name, at the text's widths and types;
    /// a text naming a field one of its formats lacks (S2 in VOP2) derives nothing.
    #[test]
    fn a_text_no_list_fits_takes_its_fields_by_role() {
        let fma = vop3("VDST", &["SRC0", "SRC1", "SRC2"], "FMT_NUM_F32", 32);
        let add = vop3("VDST", &["SRC0", "SRC1"], "FMT_NUM_F32", 32);
        let mut spec = manual_spec(vec![
            instruction("V_FMA_F32", vec![form("ENC_VOP3", fma)]),
            instruction("V_ADD_F32", vec![form("ENC_VOP2", add)]),
            instruction("V_MAD_NC_U64_U32", vec![form("ENC_VOP3", vec![])]),
            instruction(
                "V_MAC_ODD_F32",
                vec![form("ENC_VOP3", vec![]), form("ENC_VOP2", vec![])],
            ),
            instruction(
                "V_MAC_WIDE_F32",
                vec![form("ENC_VOP3", vec![]), form("ENC_VOP2", vec![])],
            ),
        ]);
        let fields = [("VDST", 8), ("SRC0", 9), ("SRC1", 9), ("SRC2", 9)];
        spec.encodings = vec![
            encoding("ENC_VOP3", &fields),
            encoding("ENC_VOP2", &fields[..3]),
        ];
        spec.data_formats
            .extend(formats(&["FMT_NUM_U32", "FMT_NUM_U64"]));
        spec.reindex();
        let texts = [
            ("V_FMA_F32", "D0.f32 = fma(S0.f32, S1.f32, S2.f32)"),
            ("V_ADD_F32", "D0.f32 = S0.f32 + S1.f32"),
            (
                "V_MAD_NC_U64_U32",
                "D0.u64 = 64'U(S0.u32) * 64'U(S1.u32) + S2.u64",
            ),
            ("V_MAC_ODD_F32", "D0.f32 = S0.f32 * S1.f32 + S2.f32"),
            ("V_MAC_WIDE_F32", "D0.f32 = S0.f32 * S1.f32 + S2.f16"),
        ];
        derive(&mut spec, "cdna5", &texts);
        assert!(spec.instruction("V_MAD_NC_U64_U32").unwrap().encodings[0]
            .operands
            .is_empty());
        let entries: Vec<_> = texts.iter().map(|(n, c)| entry(n, c)).collect();
        let source = SourceFile {
            name: "derived".into(),
            fidelity: Fidelity::Derived,
        };
        derive_by_role(
            &mut spec,
            &ParsedPseudocode::parse("cdna5", entries),
            source,
        );
        let mad = &spec.instruction("V_MAD_NC_U64_U32").unwrap().encodings[0];
        assert_eq!(
            mad.operands,
            vec![
                operand("VDST", "OPR_VGPR", "FMT_NUM_U64", 64),
                operand("SRC0", "OPR_SRC", "FMT_NUM_U32", 32),
                operand("SRC1", "OPR_SRC", "FMT_NUM_U32", 32),
                operand("SRC2", "OPR_SRC", "FMT_NUM_U64", 64),
            ]
        );
        // A multiply-accumulate whose VOP2 form has no S2 reads its accumulator from the
        // destination: no form lists an S2; one whose S2 is not D0's shape derives nothing.
        let mac = spec.instruction("V_MAC_ODD_F32").unwrap();
        let two_sources = vop3("VDST", &["SRC0", "SRC1"], "FMT_NUM_F32", 32);
        assert!(mac.encodings.iter().all(|f| f.operands == two_sources));
        let wide = spec.instruction("V_MAC_WIDE_F32").unwrap();
        assert!(wide.encodings.iter().all(|f| f.operands.is_empty()));
        assert_eq!(spec.derived_operands.len(), 3);
        assert_eq!(
            spec.derived_operands[0].donor,
            "fields by role in the encoding's lists"
        );
    }

    #[test]
    fn another_type_of_the_same_width_takes_its_own_data_format() {
        let rcp = vop3("VDST", &["SRC0"], "FMT_NUM_F16", 16);
        let mut spec = manual_spec(vec![
            instruction("V_RCP_F16", vec![form("ENC_VOP1", rcp)]),
            instruction("V_RCP_BF16", vec![form("ENC_VOP1", vec![])]),
        ]);
        derive(
            &mut spec,
            "cdna5",
            &[
                ("V_RCP_F16", "D0.f16 = 16'1.0 / S0.f16"),
                ("V_RCP_BF16", "D0.bf16 = 16'1.0 / S0.bf16"),
            ],
        );
        let ops = &spec.instruction("V_RCP_BF16").unwrap().encodings[0].operands;
        assert!(ops.iter().all(|o| o.data_format == "FMT_NUM_BF16"));
        assert_eq!(spec.derived_operands[0].retyped.len(), 2);
    }

    #[test]
    fn a_compare_does_not_give_its_list_to_a_vector_result() {
        let cmp = vec![
            operand("VDST", "OPR_SREG", "FMT_NUM_M64", 64),
            operand("SRC0", "OPR_SRC", "FMT_NUM_U64", 64),
            operand("SRC1", "OPR_SRC", "FMT_NUM_U64", 64),
        ];
        let mut spec = manual_spec(vec![
            instruction("V_CMP_EQ_U64", vec![form("ENC_VOP3", cmp)]),
            instruction("V_MAX_U64", vec![form("ENC_VOP3", vec![])]),
        ]);
        derive(
            &mut spec,
            "cdna5",
            &[
                ("V_CMP_EQ_U64", "D0.u64[laneId] = S0.u64 == S1.u64"),
                ("V_MAX_U64", "D0.u64 = S0.u64 >= S1.u64 ? S0.u64 : S1.u64"),
            ],
        );
        assert!(spec.derived_operands.is_empty());
    }

    #[test]
    fn a_text_that_no_donor_fits_in_one_form_derives_no_form() {
        let fma = vop3("VDST", &["SRC0", "SRC1", "SRC2"], "FMT_NUM_F32", 32);
        let mul = vop3("VDST", &["SRC0", "VSRC1"], "FMT_NUM_F32", 32);
        let mut spec = manual_spec(vec![
            instruction("V_FMA_F32", vec![form("ENC_VOP3", fma)]),
            instruction("V_MUL_F32", vec![form("ENC_VOP2", mul)]),
            instruction(
                "V_MAC_LEGACY_F32",
                vec![form("ENC_VOP2", vec![]), form("ENC_VOP3", vec![])],
            ),
        ]);
        derive(
            &mut spec,
            "rdna1",
            &[
                ("V_FMA_F32", "D.f32 = S0.f32 * S1.f32 + S2.f32."),
                ("V_MUL_F32", "D.f32 = S0.f32 * S1.f32."),
                ("V_MAC_LEGACY_F32", "D.f32 = S0.f32 * S1.f32 + S2.f32."),
            ],
        );
        assert!(spec.derived_operands.is_empty());
    }

    #[test]
    fn temporaries_and_named_constants_are_no_operands() {
        let bfi = vop3("VDST", &["SRC0", "SRC1", "SRC2"], "FMT_NUM_F32", 32);
        let mut spec = manual_spec(vec![
            instruction("V_BFI_B32", vec![form("ENC_VOP3", bfi)]),
            instruction("V_TABLE_B32", vec![form("ENC_VOP3", vec![])]),
        ]);
        let table = "TTBL.u32 = 32'U(INST.NEG[2 : 0]);\n\
            D.u32 = (TTBL.u32 & 1U) != 0U ? S0.u32 : S1.u32 & S2.u32";
        derive(
            &mut spec,
            "cdna5",
            &[
                (
                    "V_BFI_B32",
                    "D0.u32 = ((S0.u32 & S1.u32) | (~S0.u32 & S2.u32))",
                ),
                ("V_TABLE_B32", table),
            ],
        );
        assert_eq!(
            spec.derived_operands.len(),
            1,
            "TTBL is a temporary, D is D0"
        );
        let fma = vop3("VDST", &["SRC0", "SRC1", "SRC2"], "FMT_NUM_F32", 32);
        let mut spec = manual_spec(vec![
            instruction("V_FMA_F32", vec![form("ENC_VOP3", fma)]),
            instruction("V_INTERP_F32", vec![form("ENC_VOP3", vec![])]),
        ]);
        let interp = "D0.f32 = P10.f32 * S0.f32 + S1.f32 + S2.f32";
        let fma_text = "D0.f32 = fma(S0.f32, S1.f32, S2.f32)";
        derive(
            &mut spec,
            "cdna5",
            &[("V_FMA_F32", fma_text), ("V_INTERP_F32", interp)],
        );
        assert!(spec.derived_operands.is_empty(), "P10 is read: an operand");
    }

    #[test]
    fn dual_issue_fields_name_their_operands_without_the_half_letter() {
        assert_eq!(without_half("VSRCY1"), "VSRC1");
        assert_eq!(without_half("SRCX0"), "SRC0");
        assert_eq!(without_half("VDSTY"), "VDST");
        assert_eq!(without_half("SDST"), "SDST");
    }
}
