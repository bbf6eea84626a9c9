//! Operand kinds: which of a few small types serves each MRISA operand type, and what
//! parsing and encoding share (the context, register codes). Each kind has a parser in
//! [`crate::asm::operands`] and an encoder in [`crate::encode::operands`].

use mcdiff_spec::supplement::SCALAR_ADDRESS_OFF_TYPE;
use mcdiff_spec::{Encoding, NumberedFile, Operand, Spec};

use crate::family::Family;
use crate::inst::{OperandValue, RegFile, RegRange};
use crate::syntax::regs::is_aligned;
use crate::target::TargetCtx;

pub const INVALID_OPERAND: &str = "invalid operand for instruction";

/// What operand parsing and encoding may consult.
pub struct OperandCtx<'a> {
    pub target: &'a TargetCtx<'a>,
    pub mnemonic: &'a str,
    pub encoding: &'a Encoding,
    /// The family of `encoding`, worked out once per statement.
    pub family: Family,
}

impl<'a> OperandCtx<'a> {
    pub fn new(target: &'a TargetCtx<'a>, mnemonic: &'a str, encoding: &'a Encoding) -> Self {
        OperandCtx {
            target,
            mnemonic,
            encoding,
            family: Family::of(&encoding.name),
        }
    }

    /// Whether a 64-bit source here may take a 64-bit literal: the target has one and the
    /// format is a 32-bit one (CDNA5 ISA §4.1: VOP1, VOP2, VOPC, SOP1, SOP2 and SOPC, not
    /// VOP3, VOP3P or VOPD).
    pub fn literal64(&self) -> bool {
        self.target.literal64 && self.encoding.bit_count == 32
    }
}

/// The operand kinds, one per family of MRISA operand types; [`crate::asm::operands`] has
/// a parser and [`crate::encode::operands`] an encoder for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KindId {
    ScalarSource,
    ScalarRegister,
    Immediate,
    BranchTarget,
    SmemOffset,
    Literal32,
    VectorSource,
    VectorRegister,
    ImplicitVcc,
    Attribute,
    InterpParam,
}

/// The small type serving an operand kind, as the `&'static dyn` of whichever trait the
/// caller's return type names: one list for the parser table (`asm::operands::parser`) and
/// the encoder table (`encode::operands::encoder`).
macro_rules! serving_type {
    ($kind:expr) => {
        match $kind {
            KindId::ScalarSource => &ScalarSource,
            KindId::ScalarRegister => &ScalarRegister,
            KindId::Immediate => &Immediate,
            KindId::BranchTarget => &BranchTarget,
            KindId::SmemOffset => &SmemOffset,
            KindId::Literal32 => &Literal32,
            KindId::VectorSource => &VectorSource,
            KindId::VectorRegister => &VectorRegister,
            KindId::ImplicitVcc => &ImplicitVcc,
            KindId::Attribute => &Attribute,
            KindId::InterpParam => &InterpParam,
        }
    };
}
pub(crate) use serving_type;

/// Which kind serves a spec operand type.
pub fn classify(operand_type: &str) -> KindId {
    let t = operand_type;
    if let Some(kind) = interpolation_kind(t) {
        kind
    } else if t == "OPR_LABEL" {
        KindId::BranchTarget
    } else if t.starts_with("OPR_SMEM_OFFSET") {
        KindId::SmemOffset
    } else if t == "OPR_SIMM32" {
        KindId::Literal32
    } else if t.starts_with("OPR_SDST") || t.starts_with("OPR_SREG") && t != "OPR_SREG_M0_INL" {
        KindId::ScalarRegister
    } else if t.starts_with("OPR_SSRC") || t.starts_with("OPR_SRC") || t == "OPR_SREG_M0_INL" {
        KindId::ScalarSource
    } else {
        KindId::Immediate
    }
}

/// The kind serving a slot of a vector ALU form. Vector slots carry the operand types the
/// slot derivation ([`crate::syntax::forms`]) settled on: `OPR_SRC` (any source), `OPR_VGPR`,
/// `OPR_SREG` (scalar destination or wave mask), `OPR_VCC` (VCC written in the text of a
/// 32-bit form, not encoded) and `OPR_SIMM32` (an inline literal operand).
pub fn classify_vector(operand_type: &str) -> KindId {
    match operand_type {
        "OPR_VGPR"
        | "OPR_SRC_VGPR"
        | "OPR_ACCVGPR"
        | "OPR_VGPR_OR_ACCVGPR"
        | "OPR_SRC_VGPR_OR_ACCVGPR" => KindId::VectorRegister,
        "OPR_VCC" => KindId::ImplicitVcc,
        "OPR_SIMM32" => KindId::Literal32,
        t if t.starts_with("OPR_SREG") || t.starts_with("OPR_SDST") => KindId::ScalarRegister,
        t => interpolation_kind(t).unwrap_or(KindId::VectorSource),
    }
}

/// The interpolation operand types: the attribute (OPR_ATTR) and the parameter a move
/// selects (OPR_PARAM).
fn interpolation_kind(operand_type: &str) -> Option<KindId> {
    match operand_type {
        "OPR_ATTR" => Some(KindId::Attribute),
        "OPR_PARAM" => Some(KindId::InterpParam),
        _ => None,
    }
}

/// True for the memory operand types numbered like a VGPR: CDNA3's `OPR_VGPR_OR_ACCVGPR` is a
/// VGPR or, with the ACC bit, an AGPR on gfx90a and later ([`agpr_use`]).
pub fn is_vgpr_type(operand_type: &str) -> bool {
    matches!(operand_type, "OPR_VGPR" | "OPR_VGPR_OR_ACCVGPR")
}

/// Which register files a VGPR-numbered slot of a CDNA operand type names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgprUse {
    /// VGPRs only.
    Never,
    /// A VGPR or an AGPR on CDNA2 and later: memory data, with the word's ACC bit (CDNA3
    /// ISA, the ACC field of the DS, MUBUF, MTBUF and FLAT formats), and the matrix
    /// operands of MFMA, with its ACC and ACC_CD bits.
    Also,
    /// AGPRs only: the accumulator moves' OPR_ACCVGPR destinations and OPR_SRC_ACCVGPR
    /// sources, which take the VGPR codes (v_accvgpr_read/write/mov).
    Only,
}

/// How a slot of `operand_type` uses AGPRs on `target`.
pub fn agpr_use(operand_type: &str, target: &TargetCtx) -> AgprUse {
    match operand_type {
        "OPR_ACCVGPR" | "OPR_SRC_ACCVGPR" => AgprUse::Only,
        "OPR_VGPR_OR_ACCVGPR" if target.gfx90a_plus => AgprUse::Also,
        // MFMA's A and B sources, AGPRs by their ACC bits since CDNA1.
        "OPR_SRC_VGPR_OR_ACCVGPR" => AgprUse::Also,
        // MFMA's accumulator: a VGPR or an AGPR by ACC_CD from CDNA2 on. CDNA1's format has
        // no ACC_CD and its accumulator registers are AGPRs (CDNA1 ISA §12.10, "srcC/D ...
        // accVGPR"); the slot still takes inline constants, which CDNA1 ISA Table 28's notes
        // say MFMA reads as FP32.
        "OPR_SRC_VGPR_OR_ACCVGPR_OR_CONST" if target.gfx90a_plus => AgprUse::Also,
        "OPR_SRC_VGPR_OR_ACCVGPR_OR_CONST" => AgprUse::Only,
        _ => AgprUse::Never,
    }
}

/// True for a slot that takes an AGPR on `target`.
pub fn takes_agpr(operand_type: &str, target: &TargetCtx) -> bool {
    agpr_use(operand_type, target) != AgprUse::Never
}

/// The kind of a memory slot: VGPRs by number, scalar operands as the scalar formats.
pub fn classify_memory(operand_type: &str) -> KindId {
    if is_vgpr_type(operand_type) {
        KindId::VectorRegister
    } else {
        classify(operand_type)
    }
}

/// Symbolic operand types (waitcnt, hwreg, sendmsg, delay...): immediates that are not plain
/// OPR_SIMM* numbers; their text may contain commas.
pub fn is_symbolic_type(operand_type: &str) -> bool {
    classify(operand_type) == KindId::Immediate && !operand_type.starts_with("OPR_SIMM")
}

/// The bits an immediate of type OPR_SIMM<n> keeps: its width may be narrower than its field
/// (GFX12 prefetch SDATA holds a 5-bit immediate in a 7-bit field).
pub fn immediate_mask(operand_type: &str) -> u64 {
    operand_type
        .strip_prefix("OPR_SIMM")
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n < 64)
        .map_or(u64::MAX, |n| (1u64 << n) - 1)
}

/// Predefined value `name` for a slot of type `operand_type`. Partial spec files list the
/// scalar register codes only on the general source type, so a type without any predefined
/// values defers to OPR_SSRC (then OPR_SRC).
pub fn predefined(spec: &Spec, operand_type: &str, name: &str) -> Option<i64> {
    spec.first_listed_predefined_value(&[operand_type, "OPR_SSRC", "OPR_SRC"], name)
}

/// Whether SADDR `code` disables the scalar address: the code of `off`, or another the
/// manual gives the same meaning (GFX10: NULL or 0x7f).
pub fn disables_scalar_address(spec: &Spec, code: u32) -> bool {
    spec.operand_type(SCALAR_ADDRESS_OFF_TYPE)
        .is_some_and(|t| t.predefined.iter().any(|p| p.value == i64::from(code)))
}

/// The code a FLAT/GLOBAL/SCRATCH SADDR field holds for `off` (no scalar address): NULL's
/// code from GFX10, 0x7F on GFX9 (the supplement's [`SCALAR_ADDRESS_OFF_TYPE`]).
pub fn scalar_address_off(spec: &Spec) -> Option<u32> {
    spec.operand_type(SCALAR_ADDRESS_OFF_TYPE)
        .and_then(|t| t.value_of("OFF"))
        .map(|c| c as u32)
}

/// The second code the manual gives for "no scalar address", after [`scalar_address_off`]'s
/// (GFX10: 0x7f beside NULL), if it gives one.
pub fn scalar_address_off_alternative(spec: &Spec) -> Option<u32> {
    let codes = &spec.operand_type(SCALAR_ADDRESS_OFF_TYPE)?.predefined;
    codes.get(1).map(|p| p.value as u32)
}

/// True for the operand an `off` scalar address binds: NULL with no width
/// ([`crate::asm`]'s memory builders, the decoder).
pub fn is_off(value: &OperandValue) -> bool {
    matches!(value, OperandValue::Reg(r) if r.count == 0 && r.file.is_named("NULL"))
}

/// Registers needed for an operand of `size` bits.
pub(crate) fn regs_for_size(size: u32) -> u32 {
    size.div_ceil(32).max(1)
}

/// Checks a register against a slot and returns its code.
pub(crate) fn register_code(
    reg: &RegRange,
    slot: &Operand,
    cx: &OperandCtx,
) -> Result<i64, String> {
    if matches!(reg.file, RegFile::Vgpr | RegFile::Agpr) {
        return Err(INVALID_OPERAND.into());
    }
    // Named constant sources and `null` (count 0) stand in for operands of any width, except
    // a buffer resource (128-bit SMEM SBASE), which LLVM requires to be registers.
    let fits = match reg.count {
        0 => !(slot.field.as_deref() == Some("SBASE") && slot.size >= 128),
        n => n == regs_for_size(slot.size),
    };
    if !fits {
        return Err(INVALID_OPERAND.into());
    }
    if !is_aligned(reg) {
        return Err("invalid register alignment".into());
    }
    let code = |number: u32| register_number_code(cx.target.spec, &slot.operand_type, reg, number);
    let first = code(reg.first);
    // A range's last register must have a code too; a single register is its own last.
    let last = match reg.count {
        0 | 1 => first,
        n => code(reg.first + n - 1),
    };
    match (first, last) {
        (Some(code), Some(_)) => Ok(code),
        _ if matches!(reg.file, RegFile::Sgpr | RegFile::Ttmp) => {
            Err("register index is out of range".into())
        }
        _ => Err(INVALID_OPERAND.into()),
    }
}

/// The code of register `number` of `reg`'s file for a slot of type `operand_type`: the
/// value [`predefined`] finds under the spec's name for it (`S5`, `TTMP3`, `V7`, a named
/// register's own), found by number (register codes are looked up for every operand).
pub(crate) fn register_number_code(
    spec: &Spec,
    operand_type: &str,
    reg: &RegRange,
    number: u32,
) -> Option<i64> {
    let file = match &reg.file {
        RegFile::Sgpr => NumberedFile::Scalar,
        RegFile::Ttmp => NumberedFile::Trap,
        // An AGPR has its VGPR's code: the instruction, or its ACC bits, name the file.
        RegFile::Vgpr | RegFile::Agpr => NumberedFile::Vector,
        RegFile::Special(name) => return predefined(spec, operand_type, name),
    };
    spec.first_listed_register_code(&[operand_type, "OPR_SSRC", "OPR_SRC"], file, number)
}

/// OPR_SSRC and its relatives: an SGPR range, a named register, an inline constant or a
/// literal (`lit(...)` forces one).
pub struct ScalarSource;

/// OPR_SREG / OPR_SDST and their relatives: registers only.
pub struct ScalarRegister;

/// An immediate stored in its field (OPR_SIMM16, OPR_SIMM8, ...) or a symbolic operand of a
/// special type (OPR_WAITCNT, OPR_HWREG, OPR_SENDMSG, OPR_DELAY...): the special-operand
/// parser gets the first look, then the text is an integer expression.
pub struct Immediate;

/// OPR_LABEL: a branch target; a constant is stored as is, a symbol becomes a fixup.
pub struct BranchTarget;

/// OPR_SIMM32: a 32-bit constant carried in the literal dword.
pub struct Literal32;

/// OPR_SMEM_OFFSET: `soffset` register and/or immediate offset. The immediate goes to
/// OFFSET (IOFFSET on GFX12), the register to SOFFSET; without a register, SOFFSET holds NULL
/// on encodings that have no IMM bit. GFX9-style encodings (with IMM / SOFFSET_EN bits) put
/// a lone register in OFFSET with IMM=0.
pub struct SmemOffset;

/// A vector ALU source (SRC0/SRC1/SRC2): VGPR, SGPR, named register, inline constant or
/// literal (one literal dword; VOP3 forms take one from GFX10 on).
pub struct VectorSource;

/// A VGPR-only operand (VDST, VSRC1; SRC0 of a few VOP1 ops, where it takes a source code).
pub struct VectorRegister;

/// VCC as LLVM writes it in a 32-bit form (carry, compare result, select mask): `vcc_lo` in
/// wave32, `vcc` in wave64. The hardware uses VCC implicitly; nothing is encoded.
pub struct ImplicitVcc;

/// OPR_ATTR: `attrN.c`, an attribute and its channel. VINTRP holds them in the ATTR and
/// ATTRCHAN fields; a VOP3 form in SRC0 as `{attr_word[1], attr_chan[2], attr[6]}` (RDNA2
/// ISA §10.4.2 "Parameter Interpolation on 16-bit data"), the word bit written `high`. The
/// value is that 9-bit packing.
pub struct Attribute;

/// OPR_PARAM: the parameter v_interp_mov_f32 reads, `p10`, `p20` or `p0` (VSRC 0, 1, 2:
/// RDNA2 ISA Table 53, "Parameter Instruction Fields").
pub struct InterpParam;

/// VINTRP's channel field: ATTRCHAN in the RDNA2 file, ATTR_CHAN in the manual files.
pub fn attribute_channel_field(encoding: &Encoding) -> Option<&mcdiff_spec::Field> {
    ["ATTRCHAN", "ATTR_CHAN"]
        .iter()
        .find_map(|name| encoding.field(name))
}

/// An attribute's fields in the 9-bit packing of [`Attribute`]: (attr, chan, high word).
pub fn attribute_parts(packed: i64) -> (u32, u32, bool) {
    let packed = packed as u32;
    (packed & 0x3f, (packed >> 6) & 3, packed & 0x100 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_operand_type() {
        assert_eq!(classify("OPR_SSRC"), KindId::ScalarSource);
        assert_eq!(classify("OPR_SSRC_NOLIT"), KindId::ScalarSource);
        assert_eq!(classify("OPR_SREG_M0_INL"), KindId::ScalarSource);
        assert_eq!(classify("OPR_SDST"), KindId::ScalarRegister);
        assert_eq!(classify("OPR_SREG"), KindId::ScalarRegister);
        assert_eq!(classify("OPR_SIMM16"), KindId::Immediate);
        assert_eq!(classify("OPR_LABEL"), KindId::BranchTarget);
        assert_eq!(classify("OPR_SMEM_OFFSET_NOK"), KindId::SmemOffset);
        assert_eq!(classify("OPR_SIMM32"), KindId::Literal32);
        assert!(is_symbolic_type("OPR_WAITCNT"));
        assert!(is_symbolic_type("OPR_HWREG"));
        assert!(!is_symbolic_type("OPR_SIMM16"));
        assert!(!is_symbolic_type("OPR_SSRC"));
    }

    #[test]
    fn register_codes_are_the_values_of_the_names_the_spec_gives_registers() {
        let value = |name: &str, value| mcdiff_spec::PredefinedValue {
            name: name.into(),
            value,
        };
        let mut spec = Spec::default();
        spec.operand_types.push(mcdiff_spec::OperandType {
            name: "OPR_SSRC".into(),
            partitioned: false,
            subtypes: Vec::new(),
            predefined: vec![
                value("S5", 5),
                value("ttmp3", 111),
                value("V7", 263),
                value("V07", 1),
                value("VCC_LO", 106),
                value("S5", 99),
            ],
            fields: Vec::new(),
            source: 0,
        });
        spec.reindex();
        let reg = |file: RegFile| RegRange {
            file,
            first: 0,
            count: 1,
        };
        // A type without values of its own defers to OPR_SSRC.
        let code = |file: RegFile, n| register_number_code(&spec, "OPR_SDST", &reg(file), n);
        assert_eq!(
            code(RegFile::Sgpr, 5),
            Some(5),
            "the first listed of a repeated name"
        );
        assert_eq!(code(RegFile::Ttmp, 3), Some(111), "names in any case");
        assert_eq!(code(RegFile::Vgpr, 7), Some(263), "V07 is not V7's name");
        assert_eq!(
            code(RegFile::Agpr, 7),
            Some(263),
            "an AGPR has its VGPR's code"
        );
        assert_eq!(code(RegFile::Special("VCC_LO".into()), 0), Some(106));
        assert_eq!(code(RegFile::Sgpr, 6), None);
        assert_eq!(code(RegFile::Vgpr, u32::MAX), None);
    }
}
