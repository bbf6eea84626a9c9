//! The instruction model shared by the assembler (and, later, the decoder, printer and
//! executor): one spec instruction in one encoding, with one typed value per spec operand.
//!
//! Note for the decoder/printer (vector ALU forms; no field was added or changed):
//! - `form` is the spec form (`ENC_VOP2`, `VOP3_SDST_ENC`, `ENC_VOP3P`) and its variant; a
//!   DPP or SDWA word is laid out in the composed spec encoding (`VOP1_VOP_DPP16`,
//!   `VOP3_VOP_DPP8`...).
//! - Vector operands carry the slot the assembler settled on (see `forms::slots`): operand
//!   types `OPR_SRC` (any source), `OPR_VGPR`, `OPR_SREG` (scalar destination or wave mask,
//!   sized 32/64 by wave size), `OPR_VCC` (VCC as written in a 32-bit form, no field) and
//!   `OPR_SIMM32`; fields normalised (`VSRC0` -> `SRC0` in VOP3 forms).
//! - A true16 half `v1.h` is `Reg(v1)` plus its bit in the `OPSEL` modifier (bit 0..2 for
//!   sources 0..2, bit 3 for the destination), in every vector form; 32-bit encodings place it
//!   as bit 7 of the VGPR code.
//! - `modifiers` use canonical field names: `NEG`, `ABS`, `OPSEL`, `OPSEL_HI`, `NEG_HI`,
//!   `CLAMP`, `OMOD`, and for DPP `DPP_CTRL`, `ROW_MASK`, `BANK_MASK`, `BOUND_CTRL`, `FI`,
//!   `LANE_SEL_0..7`; the encoder maps them to the loaded spec's spelling (`CLMP`, `BC`...).

/// Register file of a [`RegRange`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum RegFile {
    Sgpr,
    Vgpr,
    /// Accumulation VGPRs (`a0`, LLVM also reads `acc0`): CDNA's second VGPR file.
    Agpr,
    Ttmp,
    /// A named register or constant source, by its spec predefined-value name (`VCC_LO`, `M0`,
    /// `NULL`, `SRC_SCC`...).
    Special(String),
}

impl RegFile {
    /// Whether this is the named register `name` (its spec name), compared without building
    /// a [`RegFile::Special`] to compare with.
    pub fn is_named(&self, name: &str) -> bool {
        matches!(self, RegFile::Special(n) if n == name)
    }
}

/// `count` consecutive 32-bit registers starting at `first` (`first` is 0 for named registers).
/// `count` 0 marks a named source that fits an operand of any width (`null`, `src_scc`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RegRange {
    pub file: RegFile,
    pub first: u32,
    pub count: u32,
}

/// The typed value of one operand.
#[derive(Debug, Clone, PartialEq, Hash)]
pub enum OperandValue {
    Reg(RegRange),
    /// An inline constant, by the name the spec lists it under (`"-1"`, `"0.5"`, `"0.15915494"`).
    Inline(String),
    /// The operand field holds a literal code and the value follows the instruction word:
    /// one dword (SRC_LITERAL), or two where the spec has a two-dword code (CDNA5's
    /// SRC_LITERAL64). `expr` is set when the value depends on a symbol (the literal is then
    /// a fixup).
    Literal {
        value: u64,
        dwords: u32,
        expr: Option<String>,
    },
    /// A plain immediate stored in the operand's field (SIMM16, SMEM offsets, symbolic
    /// operands like waitcnt or hwreg already reduced to their value).
    Imm(i64),
    /// A branch target that depends on a symbol: the field is filled by a fixup.
    Label(String),
    /// SMEM address offset: an SGPR/M0 (`soffset`) and/or an immediate byte offset.
    SmemOffset {
        soffset: Option<RegRange>,
        imm: Option<i64>,
    },
}

impl OperandValue {
    /// A one-dword literal.
    pub fn dword(value: u32) -> Self {
        OperandValue::Literal {
            value: value.into(),
            dwords: 1,
            expr: None,
        }
    }

    /// A two-dword (64-bit) literal.
    pub fn qword(value: u64) -> Self {
        OperandValue::Literal {
            value,
            dwords: 2,
            expr: None,
        }
    }

    /// A literal of `dwords` dwords whose value a symbol gives (a fixup).
    pub fn symbol_literal(expr: String, dwords: u32) -> Self {
        OperandValue::Literal {
            value: 0,
            dwords,
            expr: Some(expr),
        }
    }
}

/// The literal that follows an instruction word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrailingLiteral<'a> {
    pub value: u64,
    pub dwords: u32,
    pub expr: Option<&'a str>,
}

impl TrailingLiteral<'_> {
    /// Bytes it takes after the instruction word.
    pub fn byte_len(&self) -> usize {
        4 * self.dwords as usize
    }
}

/// One spec operand bound to its value.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct InstOperand {
    /// The spec operand this value fills (field, operand type, data format, size).
    pub spec: std::sync::Arc<mcdiff_spec::Operand>,
    pub value: OperandValue,
}

/// One assembled (or decoded) instruction.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct Inst {
    /// The mnemonic as written, lower case.
    pub mnemonic: String,
    /// The spec instruction name (`S_ADD_CO_U32`), after aliasing.
    pub name: String,
    /// The spec form and its variant (`ENC_SOP2`; `VOP1` as DPP16).
    pub form: crate::form::Form,
    pub opcode: u32,
    /// Explicit operands in spec order (implicit spec operands are not listed).
    pub operands: Vec<InstOperand>,
    /// Encoding fields set by modifiers (`("GLC", 1)`, `("SCOPE", 3)`).
    pub modifiers: Modifiers,
}

/// Encoding fields set by modifiers, by canonical or spec field name, in the order they
/// were set (the memory and scalar printers follow it). Two sets are equal when they give
/// the same fields the same non-zero values: neither their order nor a field written as 0
/// changes the instruction's bytes.
#[derive(Debug, Clone, Default)]
pub struct Modifiers(pub Vec<(ModifierName, u32)>);

/// A modifier's field name: most are the syntax table's own, kept without a copy.
pub type ModifierName = std::borrow::Cow<'static, str>;

impl Modifiers {
    /// The fields set to non-zero values, by name.
    fn effective(&self) -> Vec<(&str, u32)> {
        let mut set: Vec<(&str, u32)> = self
            .0
            .iter()
            .filter(|(_, value)| *value != 0)
            .map(|(name, value)| (name.as_ref(), *value))
            .collect();
        set.sort_unstable();
        set
    }

    /// The value of field `name` (0 when not set).
    pub fn get(&self, name: &str) -> u32 {
        self.0
            .iter()
            .filter(|(n, _)| n == name)
            .fold(0, |bits, (_, value)| bits | value)
    }
}

impl PartialEq for Modifiers {
    fn eq(&self, other: &Self) -> bool {
        self.effective() == other.effective()
    }
}

/// Hashes what equality compares: the non-zero fields, in name order.
impl std::hash::Hash for Modifiers {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.effective().hash(state);
    }
}

impl From<Vec<(String, u32)>> for Modifiers {
    fn from(fields: Vec<(String, u32)>) -> Self {
        Modifiers(fields.into_iter().map(|(n, v)| (n.into(), v)).collect())
    }
}

impl From<Vec<(&'static str, u32)>> for Modifiers {
    fn from(fields: Vec<(&'static str, u32)>) -> Self {
        Modifiers(fields.into_iter().map(|(n, v)| (n.into(), v)).collect())
    }
}

impl std::ops::Deref for Modifiers {
    type Target = Vec<(ModifierName, u32)>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Modifiers {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl<'a> IntoIterator for &'a Modifiers {
    type Item = &'a (ModifierName, u32);
    type IntoIter = std::slice::Iter<'a, (ModifierName, u32)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Inst {
    /// Spec instruction `instruction` in its form `form` of `spec` (its own variant), written
    /// `mnemonic`.
    pub fn new(
        mnemonic: String,
        spec: &mcdiff_spec::Spec,
        instruction: &mcdiff_spec::Instruction,
        form: &mcdiff_spec::InstructionEncoding,
        operands: Vec<InstOperand>,
        modifiers: Vec<(String, u32)>,
    ) -> Inst {
        Inst {
            mnemonic,
            name: instruction.name.clone(),
            form: crate::form::Form::new(spec, instruction, form, &form.encoding),
            opcode: form.opcode,
            operands,
            modifiers: modifiers.into(),
        }
    }

    /// The literal that follows the instruction word, if any operand uses one.
    pub fn literal(&self) -> Option<TrailingLiteral<'_>> {
        self.operands.iter().find_map(|op| match &op.value {
            OperandValue::Literal {
                value,
                dwords,
                expr,
            } => Some(TrailingLiteral {
                value: *value,
                dwords: *dwords,
                expr: expr.as_deref(),
            }),
            _ => None,
        })
    }

    /// Bytes of the literal after the instruction word (0 without one).
    pub fn literal_len(&self) -> usize {
        self.literal().map_or(0, |l| l.byte_len())
    }
}
