//! The form an [`crate::Inst`] is written in: one spec instruction in one of its spec forms,
//! and the variant of that form's word (its own, a literal form, DPP16, DPP8 or SDWA). It
//! holds indexes into the target's spec, with the family and variant read once from the
//! encoding's name, so every direction dispatches on types rather than on names; the names
//! stay in the spec and are looked up where a message needs one.

use mcdiff_spec::{Encoding, Instruction, InstructionEncoding, Spec};

use crate::family::Family;
use crate::syntax::has_part;
use crate::syntax::vector::Dpp;

/// The variant of an encoding family's word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The family's own word (`ENC_VOP2`, `VOP3_SDST_ENC`, `ENC_MUBUF`).
    Plain,
    /// The word followed by a literal constant the form always has (`VOP2_INST_LITERAL`,
    /// `SOPK_INST_LITERAL`).
    Literal,
    /// A DPP word with the 16-lane controls (`VOP1_VOP_DPP16`; GFX9's `VOP1_VOP_DPP` has the
    /// same layout without FI).
    Dpp16,
    /// A DPP word with eight lane selects (`VOP1_VOP_DPP8`).
    Dpp8,
    /// An SDWA word (`VOP1_VOP_SDWA`, `VOPC_VOP_SDWA_SDST_ENC`).
    Sdwa,
}

impl Variant {
    /// The variant a spec encoding name spells.
    pub fn of(encoding: &str) -> Variant {
        if encoding.ends_with("_INST_LITERAL") {
            Variant::Literal
        } else if has_part(encoding, "_VOP_SDWA") {
            Variant::Sdwa
        } else if encoding.ends_with("_VOP_DPP16") || encoding.ends_with("_VOP_DPP") {
            Variant::Dpp16
        } else if encoding.ends_with("_VOP_DPP8") {
            Variant::Dpp8
        } else {
            Variant::Plain
        }
    }
}

/// One spec instruction in one of its spec forms, as indexes into the spec: what the
/// assembler and decoder keep what they find about a form under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FormId {
    /// Index into [`Spec::instructions`].
    instruction: u32,
    /// Index into that instruction's `encodings`.
    form: u16,
}

impl FormId {
    /// `instruction`'s form `form`, both of `spec`.
    ///
    /// Panics when `instruction` is not one of `spec`'s instructions or `form` not one of its
    /// forms: both come from `spec`, so that is a bug.
    pub fn of(spec: &Spec, instruction: &Instruction, form: &InstructionEncoding) -> FormId {
        let index = (spec.by_name.get(&instruction.name).copied())
            .filter(|&i| spec.instructions[i].name == instruction.name)
            .or_else(|| (spec.instructions.iter()).position(|i| i.name == instruction.name))
            .expect("an instruction of this spec");
        let own = &spec.instructions[index];
        let form_index = (own.encodings.iter())
            .position(|e| std::ptr::eq(e, form))
            .or_else(|| (own.encodings.iter()).position(|e| e == form))
            .expect("a form of this instruction");
        FormId {
            instruction: index as u32,
            form: form_index as u16,
        }
    }
}

/// One instruction in one form and variant, as indexes into the spec it was found in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Form {
    pub id: FormId,
    /// Index into [`Spec::encodings`] of the encoding the word is laid out in, as the form
    /// names it (a DPP or SDWA variant names its composed encoding); `None` where the spec
    /// lists no encoding of that name (a manual file's literal forms).
    encoding: Option<u32>,
    pub family: Family,
    pub variant: Variant,
}

impl Form {
    /// `instruction`'s form `form` of `spec` ([`FormId::of`]), its word laid out in the
    /// encoding named `encoding` (the form's own, or its composed DPP or SDWA encoding).
    pub fn new(
        spec: &Spec,
        instruction: &Instruction,
        form: &InstructionEncoding,
        encoding: &str,
    ) -> Form {
        Form::of_id(spec, FormId::of(spec, instruction, form), encoding)
    }

    /// Form `id` of `spec`, laid out in the encoding named `encoding`.
    pub fn of_id(spec: &Spec, id: FormId, encoding: &str) -> Form {
        Form {
            id,
            encoding: spec.encoding_position(encoding).map(|i| i as u32),
            family: Family::of(encoding),
            variant: Variant::of(encoding),
        }
    }

    /// The spec instruction.
    pub fn instruction<'s>(&self, spec: &'s Spec) -> &'s Instruction {
        &spec.instructions[self.id.instruction as usize]
    }

    /// The spec form (encoding name, opcode, operands).
    pub fn spec_form<'s>(&self, spec: &'s Spec) -> &'s InstructionEncoding {
        &self.instruction(spec).encodings[self.id.form as usize]
    }

    /// The encoding the word is laid out in, where the spec lists it.
    pub fn encoding<'s>(&self, spec: &'s Spec) -> Option<&'s Encoding> {
        self.encoding.map(|i| &spec.encodings[i as usize])
    }

    /// The name of the encoding the word is laid out in (`ENC_VOP2`, `VOP1_VOP_DPP16`).
    pub fn encoding_name<'s>(&self, spec: &'s Spec) -> &'s str {
        match self.encoding(spec) {
            Some(encoding) => &encoding.name,
            None => &self.spec_form(spec).encoding,
        }
    }

    /// The DPP variant, if the word is one.
    pub fn dpp(&self) -> Option<Dpp> {
        match self.variant {
            Variant::Dpp16 => Some(Dpp::Dpp16),
            Variant::Dpp8 => Some(Dpp::Dpp8),
            _ => None,
        }
    }

    /// Whether the word is an SDWA word.
    pub fn is_sdwa(&self) -> bool {
        self.variant == Variant::Sdwa
    }
}

#[cfg(test)]
impl Form {
    /// A form of no spec, for unit tests of code that reads only the family and variant.
    pub(crate) fn bare(family: Family, variant: Variant) -> Form {
        Form {
            id: FormId {
                instruction: 0,
                form: 0,
            },
            encoding: None,
            family,
            variant,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_are_read_from_encoding_names() {
        assert_eq!(Variant::of("ENC_VOP2"), Variant::Plain);
        assert_eq!(Variant::of("VOP3_SDST_ENC"), Variant::Plain);
        assert_eq!(Variant::of("VOP2_INST_LITERAL"), Variant::Literal);
        assert_eq!(Variant::of("VOP1_VOP_DPP16"), Variant::Dpp16);
        assert_eq!(Variant::of("VOP1_VOP_DPP"), Variant::Dpp16);
        assert_eq!(Variant::of("VOP3_VOP_DPP8"), Variant::Dpp8);
        assert_eq!(Variant::of("VOP2_VOP_SDWA"), Variant::Sdwa);
        assert_eq!(Variant::of("VOPC_VOP_SDWA_SDST_ENC"), Variant::Sdwa);
    }
}
