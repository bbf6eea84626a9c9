//! The instruction model shared by the assembler (and, later, the decoder, printer and
//! executor): one spec instruction in one encoding, with one typed value per spec operand.

/// Register file of a [`RegRange`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum RegFile {
    Sgpr,
    Vgpr,
    Ttmp,
    /// A named register or constant source, by its spec predefined-value name (`VCC_LO`, `M0`,
    /// `NULL`, `SRC_SCC`...).
    Special(String),
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
#[derive(Debug, Clone, PartialEq)]
pub enum OperandValue {
    Reg(RegRange),
    /// An inline constant, by the name the spec lists it under (`"-1"`, `"0.5"`, `"0.15915494"`).
    Inline(String),
    /// The operand field holds SRC_LITERAL and a dword follows the instruction.
    /// `expr` is set when the value depends on a symbol (the dword is then a fixup).
    Literal {
        value: u32,
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

/// One spec operand bound to its value.
#[derive(Debug, Clone, PartialEq)]
pub struct InstOperand {
    /// The spec operand this value fills (field, operand type, data format, size).
    pub spec: mcdiff_spec::Operand,
    pub value: OperandValue,
}

/// One assembled (or decoded) instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct Inst {
    /// The mnemonic as written, lower case.
    pub mnemonic: String,
    /// The spec instruction name (`S_ADD_CO_U32`), after aliasing.
    pub name: String,
    /// Encoding chosen (`ENC_SOP2`).
    pub encoding: String,
    pub opcode: u32,
    /// Explicit operands in spec order (implicit spec operands are not listed).
    pub operands: Vec<InstOperand>,
    /// Encoding fields set by modifiers (`("GLC", 1)`, `("SCOPE", 3)`).
    pub modifiers: Vec<(String, u32)>,
}

impl Inst {
    /// The literal dword that follows the instruction word, if any operand uses one.
    pub fn literal(&self) -> Option<(u32, Option<&str>)> {
        self.operands.iter().find_map(|op| match &op.value {
            OperandValue::Literal { value, expr } => Some((*value, expr.as_deref())),
            _ => None,
        })
    }
}
