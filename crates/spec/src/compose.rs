//! Composing one architecture's spec from its opcode file, the neighbour file standing in
//! for operand facts ([`crate::targets::ArchFiles`]) and the per-arch [`crate::supplement`].
//!
//! Rules, in order:
//! 1. Everything in the opcode file is kept as it is (encodings, fields, instructions,
//!    opcodes, and any operand facts it has). Its facts carry source id 0.
//! 2. Operand lists: an instruction form without operands takes the neighbour's list for the
//!    same instruction name (or alias) and encoding name, preferring the same condition.
//!    An operand's field is renamed to the opcode file's field with identical bit ranges when
//!    the two files spell the field differently (manual `CLMP` vs official `CLAMP`, ...).
//!    Where the neighbour has the instruction only as `<FAMILY>_INST_LITERAL` with the same
//!    opcode, the form takes that list and that encoding name.
//! 3. Operand types and data formats the opcode file lacks are taken from the neighbour.
//! 4. Instructions the opcode file lacks are NOT taken from the neighbour (a neighbour is a
//!    different architecture: RDNA3.5 has SALU float ops gfx1100 lacks), except the ones
//!    [`adopted_instructions`] lists for the arch: instructions the target is known to have
//!    but the opcode file's source (a manual's tables) omits. An adopted form is only taken
//!    when its encoding exists in the opcode file and its (encoding, opcode) slot is free.
//! 5. The supplement fills the operand-type facts both files lack.

use std::collections::HashSet;

use crate::model::*;
use crate::supplement;
use crate::targets::Arch;

/// Instructions taken from the neighbour file although the opcode file lacks them.
///
/// Rdna3: the RDNA3 manual's opcode tables omit (or mark "Reserved") 17 instructions that
/// gfx1100 implements; SOURCES.md §5.9 found them in LLVM's gfx1100 tests at the RDNA3.5 XML's
/// opcodes. The 58 RDNA3.5-only SALU float ops and the 11 GLOBAL/SCRATCH_LOAD_LDS_* ops are
/// deliberately not listed.
/// Rdna1: the RDNA1 manual lists S_WAITCNT_DEPCTR's SOPP slot as reserved, but gfx1010 has it
/// (SOURCES.md §5.9, RDNA1 unresolved list) at the RDNA2 XML's opcode.
pub fn adopted_instructions(arch: Arch) -> &'static [&'static str] {
    match arch {
        Arch::Rdna3 => &[
            "BUFFER_LOAD_LDS_B32",
            "BUFFER_LOAD_LDS_FORMAT_X",
            "BUFFER_LOAD_LDS_I16",
            "BUFFER_LOAD_LDS_I8",
            "BUFFER_LOAD_LDS_U16",
            "BUFFER_LOAD_LDS_U8",
            "DS_GWS_BARRIER",
            "DS_GWS_INIT",
            "DS_GWS_SEMA_BR",
            "DS_GWS_SEMA_P",
            "DS_GWS_SEMA_RELEASE_ALL",
            "DS_GWS_SEMA_V",
            "S_ATC_PROBE",
            "S_ATC_PROBE_BUFFER",
            "S_TTRACEDATA",
            "S_TTRACEDATA_IMM",
            "S_WAITCNT_DEPCTR",
        ],
        Arch::Rdna1 => &["S_WAITCNT_DEPCTR"],
        _ => &[],
    }
}

/// Builds the spec of `arch` from its parsed files (each parsed with source id 0).
pub fn compose(arch: Arch, opcodes: &Spec, neighbour: Option<&Spec>) -> Spec {
    let mut spec = opcodes.clone();
    if spec.sources[0].fidelity == Fidelity::Partial {
        join_split_opcode_fields(&mut spec);
    }
    if let Some(neighbour) = neighbour {
        take_from_neighbour(arch, &mut spec, neighbour);
    }
    supplement::apply(arch, &mut spec);
    spec.reindex();
    spec
}

/// The partial files (from tinygrad's tables) split a two-range OP field into `OP` (low bits)
/// and `OPM` (the most significant bit): RDNA2 MUBUF/MTBUF/MIMG. The RDNA1 manual file has the
/// same fields as one two-range `OP` at the same bits, so `OPM` is joined back as OP's high range.
fn join_split_opcode_fields(spec: &mut Spec) {
    let mut joined = Vec::new();
    for encoding in &mut spec.encodings {
        let Some(high) = encoding.fields.iter().position(|f| f.name == "OPM") else {
            continue;
        };
        if encoding.field("OP").is_none() {
            continue;
        }
        let high = encoding.fields.remove(high);
        let op = encoding
            .fields
            .iter_mut()
            .find(|f| f.name == "OP")
            .expect("checked above");
        op.ranges.extend(high.ranges);
        joined.push(encoding.name.clone());
    }
    if !joined.is_empty() {
        spec.notes.push((
            0,
            format!("OPM joined to OP as its high bit in {}", joined.join(", ")),
        ));
    }
}

fn take_from_neighbour(arch: Arch, spec: &mut Spec, neighbour: &Spec) {
    let id = spec.sources.len();
    spec.sources.push(neighbour.sources[0].clone());

    let mut renamed = 0usize;
    let mut unmatched_fields = HashSet::new();
    let mut rename = |spec_encoding: Option<&Encoding>, operands: &[Operand]| -> Vec<Operand> {
        let mut operands = operands.to_vec();
        let Some(target) = spec_encoding else {
            return operands;
        };
        for op in &mut operands {
            let Some(field) = op.field.clone() else {
                continue;
            };
            if target.field(&field).is_some() {
                continue;
            }
            // Find the opcode file's field at the same bits as the neighbour's field.
            let theirs = op_encoding_field(neighbour, target.name.as_str(), &field);
            match theirs.and_then(|t| target.fields.iter().find(|f| f.ranges == t.ranges)) {
                Some(ours) => {
                    op.field = Some(ours.name.clone());
                    renamed += 1;
                }
                None => {
                    unmatched_fields.insert(format!("{}.{}", target.name, field));
                }
            }
        }
        operands
    };

    for inst in &mut spec.instructions {
        let Some(theirs) = neighbour.instruction(&inst.name) else {
            continue;
        };
        for form in &mut inst.encodings {
            if !form.operands.is_empty() {
                continue;
            }
            let exact = theirs
                .encodings
                .iter()
                .find(|f| f.encoding == form.encoding && f.condition == form.condition);
            let Some(source_form) = exact
                .or_else(|| theirs.in_encoding(&form.encoding))
                .or_else(|| literal_form(theirs, form))
            else {
                continue;
            };
            if source_form.operands.is_empty() {
                continue;
            }
            let encoding = spec.encodings.iter().find(|e| e.name == form.encoding);
            form.operands = rename(encoding, &source_form.operands);
            form.operands_source = Some(id);
            // The neighbour lists this instruction only in its literal form: so is ours.
            form.encoding.clone_from(&source_form.encoding);
        }
    }

    // Literal forms taken above name the neighbour's literal encodings: bring those along.
    let missing: HashSet<String> = spec
        .instructions
        .iter()
        .flat_map(|i| &i.encodings)
        .map(|f| f.encoding.clone())
        .filter(|name| spec.encoding(name).is_none())
        .collect();
    for name in missing {
        if let Some(enc) = neighbour.encoding(&name) {
            spec.encodings.push(Encoding {
                source: id,
                ..enc.clone()
            });
        }
    }

    let mut adopted = Vec::new();
    for name in adopted_instructions(arch) {
        if spec.instruction(name).is_some() {
            continue;
        }
        let Some(theirs) = neighbour.instruction(name) else {
            continue;
        };
        let forms: Vec<InstructionEncoding> = theirs
            .encodings
            .iter()
            .filter(|f| {
                let slot_free = !spec.instructions.iter().any(|i| {
                    i.encodings
                        .iter()
                        .any(|g| g.encoding == f.encoding && g.opcode == f.opcode)
                });
                slot_free && spec.encoding(&f.encoding).is_some()
            })
            .map(|f| InstructionEncoding {
                operands: rename(spec.encoding(&f.encoding), &f.operands),
                source: id,
                operands_source: (!f.operands.is_empty()).then_some(id),
                ..f.clone()
            })
            .collect();
        if forms.is_empty() {
            continue;
        }
        adopted.push(theirs.name.clone());
        spec.instructions.push(Instruction {
            encodings: forms,
            ..theirs.clone()
        });
        spec.reindex();
    }

    for t in &neighbour.operand_types {
        if spec.operand_type(&t.name).is_none() {
            spec.operand_types.push(OperandType {
                source: id,
                ..t.clone()
            });
        }
    }
    let mut formats = 0usize;
    for f in &neighbour.data_formats {
        if spec.data_format(&f.name).is_none() {
            spec.data_formats.push(f.clone());
            formats += 1;
        }
    }

    if renamed > 0 {
        spec.notes.push((
            id,
            format!("{renamed} operand fields renamed to the opcode file's field at the same bits"),
        ));
    }
    if !unmatched_fields.is_empty() {
        let mut names: Vec<_> = unmatched_fields.into_iter().collect();
        names.sort();
        spec.notes.push((
            id,
            format!(
                "operand fields with no counterpart in the opcode file: {}",
                names.join(", ")
            ),
        ));
    }
    if !adopted.is_empty() {
        spec.notes.push((
            id,
            format!(
                "{} instructions adopted: {}",
                adopted.len(),
                adopted.join(", ")
            ),
        ));
    }
    if formats > 0 {
        spec.notes.push((id, format!("{formats} data formats")));
    }
}

/// The neighbour's `<FAMILY>_INST_LITERAL` form standing for `form` (`ENC_<FAMILY>`, same
/// opcode): manual tables list literal-only instructions (S_SETREG_IMM32_B32, V_FMAAK_F32...)
/// under the base format, the XMLs only under the literal encoding.
fn literal_form<'a>(
    theirs: &'a Instruction,
    form: &InstructionEncoding,
) -> Option<&'a InstructionEncoding> {
    let family = form.encoding.strip_prefix("ENC_")?;
    let literal = format!("{family}_INST_LITERAL");
    theirs
        .encodings
        .iter()
        .find(|f| f.encoding == literal && f.opcode == form.opcode)
}

fn op_encoding_field<'a>(spec: &'a Spec, encoding: &str, field: &str) -> Option<&'a Field> {
    spec.encoding(encoding)?.field(field)
}
