//! The one ISA model every spec file is loaded into.
//!
//! The shape follows AMD's MRISA schema (Encodings, Instructions, DataFormats,
//! OperandTypes), but every fact remembers which file it came from
//! ([`SourceId`]), because a target may combine a high-fidelity file with a
//! partial one and a per-arch supplement.

use rustc_hash::FxHashMap as HashMap;

use crate::manual::dpp_table::{DppRefusal, Refused};
use crate::manual::NamePattern;

/// Index into [`Spec::sources`].
pub type SourceId = usize;

/// One input file (or supplement) that contributed facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// File name relative to the data directory, or `supplement:<arch>`.
    pub name: String,
    pub fidelity: Fidelity,
}

/// How far a source can be trusted, as `amd-isa/SOURCES.md` rates it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fidelity {
    /// AMD's official `amdgpu_isa_<arch>.xml`, as `scripts/fetch-inputs` lays it out.
    Official,
    /// Rebuilt from a catalog of the official XML: everything but Description.
    High,
    /// `*.partial.xml`: default-encoding opcodes and named operands only.
    Partial,
    /// `*.manual.xml`: encodings, fields and opcodes from a PDF manual.
    Manual,
    /// Facts typed in from a manual section, each entry citing it.
    Supplement,
    /// Operand lists derived from AMD's pseudocode: a form no file describes takes the list
    /// of a form in the same encoding whose instruction's text uses the same operands at
    /// the same widths ([`DerivedOperands`] names each).
    Derived,
}

impl Fidelity {
    /// Whether the file lists every operand of every form, so that an empty operand list
    /// means the form has none (official files and their high-fidelity rebuilds). Partial
    /// and manual files leave a list empty when they do not know it.
    pub fn lists_every_operand(self) -> bool {
        matches!(self, Fidelity::Official | Fidelity::High)
    }

    /// Whether the file lists every encoding format the architecture has, so that a
    /// composed DPP or SDWA format it lacks is one the target lacks: official files, their
    /// rebuilds, and the manual files (the manuals' microcode-format chapters). Partial files
    /// leave out non-default formats.
    pub fn lists_every_format(self) -> bool {
        matches!(self, Fidelity::Official | Fidelity::High | Fidelity::Manual)
    }
}

/// A contiguous run of bits inside an encoding (absolute offset from bit 0 of dword 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BitRange {
    pub offset: u32,
    pub count: u32,
    /// Fixed value of the implied low bits when the field is narrower than the value it
    /// carries (`Padding` in the XML; e.g. SMEM SBASE holds an even SGPR number >> 1).
    pub padding: Option<u64>,
    /// How many low value bits `padding` stands for (0 without padding).
    pub padding_count: u32,
}

impl BitRange {
    /// `count` bits from bit `offset`, without padding.
    pub fn new(offset: u32, count: u32) -> BitRange {
        BitRange {
            offset,
            count,
            padding: None,
            padding_count: 0,
        }
    }
}

/// A named field of an encoding; multi-range fields list the ranges low part first (Order 0 first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub name: String,
    pub ranges: Vec<BitRange>,
    pub conditional: bool,
}

impl Field {
    /// Total width of the field in bits.
    pub fn width(&self) -> u32 {
        self.ranges.iter().map(|r| r.count).sum()
    }
}

/// An expression tree from `CondtionExpression` (kept as a tree; not interpreted by the loader).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CondExpr {
    Op { kind: String, args: Vec<CondExpr> },
    Id(String),
    Lit(String),
    Type { base: String, size: u32 },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodingCondition {
    pub name: String,
    pub expr: Option<CondExpr>,
}

/// One microcode format (`ENC_SOP2`, `VOP2_INST_LITERAL`, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encoding {
    pub name: String,
    pub bit_count: u32,
    /// Bits that identify the encoding (and in official files, the opcode), bit 0 = LSB of dword 0.
    pub identifier_mask: u128,
    pub identifiers: Vec<u128>,
    pub conditions: Vec<EncodingCondition>,
    pub fields: Vec<Field>,
    pub order: Option<i32>,
    pub source: SourceId,
}

impl Encoding {
    pub fn field(&self, name: &str) -> Option<&Field> {
        // Many field names share a length (`SRC0`, `SRC1`, `VDST`): their last bytes tell
        // most apart without a full comparison.
        let last = name.as_bytes().last();
        self.fields.iter().find(|f| {
            f.name.len() == name.len() && f.name.as_bytes().last() == last && f.name == name
        })
    }
}

/// One operand of an instruction in one encoding.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Operand {
    /// Encoding field carrying the operand; `None` for implicit operands (VCC, EXEC, memory...).
    pub field: Option<String>,
    pub data_format: String,
    pub operand_type: String,
    /// Size in bits.
    pub size: u32,
    /// `None` where the source file lacks the attribute (partial files).
    pub input: Option<bool>,
    pub output: Option<bool>,
    pub implicit: Option<bool>,
    pub binary_required: Option<bool>,
    /// 1-based order in the official list; `None` in partial files.
    pub order: Option<u32>,
}

/// An instruction's form in one encoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstructionEncoding {
    pub encoding: String,
    pub condition: String,
    pub opcode: u32,
    /// Empty when the source has no operand facts (manual files).
    pub operands: Vec<Operand>,
    /// Where the opcode came from.
    pub source: SourceId,
    /// Where the operand list came from (may differ from `source` for composed targets).
    pub operands_source: Option<SourceId>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InstructionFlags {
    pub is_branch: bool,
    pub is_conditional_branch: bool,
    pub is_indirect_branch: bool,
    pub is_program_terminator: bool,
    pub is_immediately_executed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instruction {
    /// AMD's name, upper case (`S_ADD_U32`).
    pub name: String,
    pub aliases: Vec<String>,
    pub flags: Option<InstructionFlags>,
    pub encodings: Vec<InstructionEncoding>,
    pub functional_group: Option<String>,
}

impl Instruction {
    /// The form of this instruction in `encoding`, preferring the `default` condition.
    pub fn in_encoding(&self, encoding: &str) -> Option<&InstructionEncoding> {
        let mut forms = self.encodings.iter().filter(|e| e.encoding == encoding);
        let first = forms.next()?;
        if first.condition == "default" {
            return Some(first);
        }
        forms.find(|e| e.condition == "default").or(Some(first))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PredefinedValue {
    pub name: String,
    pub value: i64,
}

/// A field of a partitioned operand type (e.g. OPR_HWREG's ID/OFFSET/SIZE).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperandTypeField {
    pub name: String,
    pub ranges: Vec<BitRange>,
    pub predefined: Vec<PredefinedValue>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperandType {
    pub name: String,
    pub partitioned: bool,
    pub subtypes: Vec<String>,
    pub predefined: Vec<PredefinedValue>,
    pub fields: Vec<OperandTypeField>,
    pub source: SourceId,
}

impl OperandType {
    /// Value of a predefined name (`"m0"`, `"VCC_LO"`...), compared case-insensitively.
    pub fn value_of(&self, name: &str) -> Option<i64> {
        self.predefined
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
            .map(|p| p.value)
    }
}

/// A register file whose predefined values are named by number: `S5`, `V7`, `TTMP3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberedFile {
    Scalar,
    Vector,
    Trap,
}

impl NumberedFile {
    const ALL: [NumberedFile; 3] = [
        NumberedFile::Scalar,
        NumberedFile::Vector,
        NumberedFile::Trap,
    ];

    /// The prefix of its registers' names in the spec.
    pub fn prefix(self) -> &'static str {
        match self {
            NumberedFile::Scalar => "S",
            NumberedFile::Vector => "V",
            NumberedFile::Trap => "TTMP",
        }
    }
}

/// One operand type's predefined values of numbered registers, by file and number: the
/// value the name `<prefix><number>` (no leading zero) has, the first listed where a name
/// repeats, as the name index keeps it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NumberedCodes([Vec<Option<i64>>; 3]);

impl NumberedCodes {
    fn of(operand_type: &OperandType) -> NumberedCodes {
        let mut codes = NumberedCodes::default();
        for p in &operand_type.predefined {
            let name = p.name.to_ascii_uppercase();
            for file in NumberedFile::ALL {
                let Some(number) = name.strip_prefix(file.prefix()).and_then(canonical_number)
                else {
                    continue;
                };
                let by_number = &mut codes.0[file as usize];
                if by_number.len() <= number {
                    by_number.resize(number + 1, None);
                }
                by_number[number].get_or_insert(p.value);
            }
        }
        codes
    }

    fn get(&self, file: NumberedFile, number: u32) -> Option<i64> {
        *self.0[file as usize].get(number as usize)?
    }
}

/// `digits` as a number, if it is one written as `format!("{n}")` writes it (no sign, no
/// leading zero) and small enough to index by.
fn canonical_number(digits: &str) -> Option<usize> {
    let canonical = !digits.is_empty()
        && digits.len() <= 4
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    canonical.then(|| digits.parse().ok()).flatten()
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataFormat {
    pub name: String,
    /// `bits`, `descriptor`, `float`, `integer`; `None` where the source lacks it.
    pub data_type: Option<String>,
    pub bit_count: u32,
    pub component_count: Option<u32>,
}

/// [`Spec::by_form_opcode`]: form -> opcode -> (instruction index, form index).
pub type FormOpcodeIndex = HashMap<String, HashMap<u32, (usize, usize)>>;

/// Everything known about one architecture (or one composed target).
#[derive(Debug, Clone, Default)]
pub struct Spec {
    pub architecture: String,
    pub sources: Vec<SourceFile>,
    pub encodings: Vec<Encoding>,
    pub instructions: Vec<Instruction>,
    pub operand_types: Vec<OperandType>,
    pub data_formats: Vec<DataFormat>,
    /// Name (upper case, aliases included) -> index into `instructions`.
    pub by_name: HashMap<String, usize>,
    /// Indexes into `instructions` ordered by the `_`-separated words of their names, built
    /// on first use after [`Self::reindex`] (only unknown mnemonics ask): the names sharing
    /// leading words with any name are a run of it.
    pub by_name_words: std::sync::OnceLock<Vec<usize>>,
    /// (form, opcode) -> (index into `instructions`, index into its `encodings`) of the first
    /// instruction with that form and opcode, a literal form (`VOPDXY_INST_LITERAL`) counted
    /// as its base form's: built on first use after [`Self::reindex`] (dual-issue ops ask).
    pub by_form_opcode: std::sync::OnceLock<FormOpcodeIndex>,
    /// Operand type name -> index into `operand_types` ([`Self::reindex`]).
    pub type_index: HashMap<String, usize>,
    /// Encoding name -> index into `encodings` ([`Self::reindex`]).
    pub encoding_index: HashMap<String, usize>,
    /// How many encodings and operand types the indexes cover: one added since is found by
    /// a scan.
    pub indexed_counts: (usize, usize),
    /// Each operand type's predefined values by upper-case name, in `operand_types` order
    /// ([`Self::reindex`]); register codes are looked up for every operand.
    pub predefined_index: Vec<HashMap<String, i64>>,
    /// The same values of the numbered registers (`S5`, `V7`, `TTMP3`), by file and number
    /// ([`Self::reindex`]): the encoder looks one up for every register operand.
    pub numbered_index: Vec<NumberedCodes>,
    /// Facts about how a source contributed that counting cannot show (adopted
    /// instructions, supplemented values...), one short line each.
    pub notes: Vec<(SourceId, String)>,
    /// Source-field codes that mean "a literal constant follows the instruction".
    pub literal_codes: Vec<LiteralCode>,
    /// Every operand list derived from the pseudocode, for review.
    pub derived_operands: Vec<DerivedOperands>,
    /// Instructions the manual says cannot use DPP ([`crate::manual::dpp_exclusions`]).
    pub no_dpp: Vec<String>,
    /// The "NO DPP" entries of the manual's table of which instructions support DPP
    /// ([`crate::manual::dpp_table`]).
    pub dpp_refusals: Vec<DppRefusal>,
    /// The one family of opcodes the manual allows DPP in a format, as (format, name stem):
    /// (`VOP3P`, `FMA_MIX`) ([`crate::manual::dpp_format_only`]).
    pub dpp_format_only: Option<(String, String)>,
    /// The manual lets the halves of a dual-issue pair read one VGPR in the same source slot
    /// ([`crate::manual::vopd_same_vgpr_reads`]).
    pub vopd_same_vgpr_reads: bool,
    /// The instructions the manual gives input modifiers on sources that are not floating
    /// point, as names or patterns ([`crate::manual::float_modifier_exceptions`]).
    pub float_modifier_exceptions: Vec<NamePattern>,
    /// The formats the manual says DPP may be used with (`VOP1`, `VOP2`...); `None` where
    /// no manual says ([`crate::manual::dpp_formats`]).
    pub dpp_formats: Option<Vec<String>>,
    /// The manual says 64-bit operations take no DPP ([`crate::manual::no_64bit_dpp`]).
    pub no_64bit_dpp: bool,
    /// The DPP forms in which a processor with AMD's `dpp_64bit` feature takes DPP on a
    /// 64-bit (double-precision ALU) operation, as (composed DPP encoding, instruction)
    /// ([`crate::variants`]).
    pub dpp64_forms: Vec<(String, String)>,
    /// Each processor's features by AMD's variants file, as (`-mcpu`, features)
    /// ([`crate::variants`]).
    pub processor_features: Vec<(String, Vec<String>)>,
    /// The features of the processor this spec serves (set per target from
    /// `processor_features`).
    pub features: Vec<String>,
    /// The manual says an SGPR source of a packed-f32 op takes no OPSEL
    /// ([`crate::manual::packed_f32_sgpr_takes_no_opsel`]).
    pub packed_f32_sgpr_no_opsel: bool,
    /// The float result formats the manual says OMOD applies to (`F16`, `F32`, `F64`);
    /// `None` where it does not say ([`crate::manual::omod_result_formats`]).
    pub omod_formats: Option<Vec<String>>,
    /// SMRD's OFFSET may hold the literal code, the offset then a 32-bit literal after the
    /// word (GFX7, [`crate::supplement`]).
    pub smrd_literal_offset: bool,
    /// The output modifiers (CLAMP, OMOD) apply to floating-point results only: an
    /// instruction with an integer or mask result takes neither (GFX6/GFX7,
    /// [`crate::supplement`]).
    pub output_modifiers_float_only: bool,
    /// The manual says 64-bit operands take even-aligned VGPRs
    /// ([`crate::manual::even_vgpr_tuples`]).
    pub even_vgpr_tuples: bool,
    /// The manual never names SDWA: the target has no SDWA forms ([`crate::manual::no_sdwa`]).
    pub no_sdwa: bool,
    /// The instructions the manual says ignore OMOD, and those that ignore clamp too
    /// ([`crate::manual::ignoring_omod`], [`crate::manual::ignoring_clamp`]).
    pub ignores_omod: Vec<String>,
    pub ignores_clamp: Vec<String>,
    /// The buffer loads the manual says may return to LDS
    /// ([`crate::manual::buffer_lds_loads`]); `None` where it has no list.
    pub buffer_lds_loads: Option<Vec<String>>,
    /// The buffer data formats by code ([`crate::manual::buffer_data_formats`]); `None`
    /// where the manual has no table.
    pub buffer_formats: Option<Vec<(u32, String)>>,
    /// The instructions whose second and third sources must be scalar values
    /// ([`crate::manual::scalar_second_and_third_sources`]).
    pub scalar_second_and_third: Vec<String>,
    /// Instructions whose OP_SEL bits above FI and BOUND_CTRL (bits 0 and 1) the manual
    /// reserves ([`crate::manual::opsel_beyond_fi_and_bound_ctrl_reserved`]).
    pub opsel_fi_and_bound_ctrl_only: Vec<String>,
    /// Instructions whose pseudocode picks the destination byte they write by OPSEL[3:2]
    /// (CDNA4's V_CVT_SCALEF32_PK_FP4_F16: `dstbyte = OPSEL[3 : 2].i32 * 8`), by AMD name;
    /// set where the pseudocode is read (derived, [`Fidelity::Derived`]).
    pub destination_byte_by_opsel: Vec<String>,
    /// The scaled matrix ops' scale sources are VGPRs or inline constants
    /// ([`crate::manual::scale_sources_vgpr_or_inline`]).
    pub scale_sources_vgpr_or_inline: bool,
}

/// One operand list derived from the pseudocode ([`Fidelity::Derived`]): `instruction`'s
/// form in `encoding` took `donor`'s list in the same encoding, the two texts using the same
/// operands at the same widths; `retyped` names each operand given the data format its own
/// text names instead of the donor's (`S0: FMT_NUM_F16 -> FMT_NUM_BF16`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DerivedOperands {
    pub instruction: String,
    pub encoding: String,
    pub donor: String,
    pub retyped: Vec<String>,
}

/// A source-operand code announcing a literal constant after the instruction
/// (the official files express this as `*_INST_LITERAL` encodings; partials lack those).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiteralCode {
    /// `SRC_LITERAL` (code 255, one dword) or `SRC_LITERAL64` (CDNA5 code 254, two dwords).
    pub name: String,
    pub code: i64,
    /// Dwords that follow the instruction.
    pub dwords: u32,
    pub source: SourceId,
}

fn name_words(name: &str) -> std::str::Split<'_, char> {
    name.split('_')
}

/// Names in the order of their `_`-separated words: bytewise, with the separator below
/// every other byte, so a word sorts before its own extensions (`ADD` before `ADDC`).
fn word_order(a: &str, b: &str) -> std::cmp::Ordering {
    let key = |c: u8| if c == b'_' { 0 } else { c };
    a.bytes().map(key).cmp(b.bytes().map(key))
}

impl Spec {
    /// Rebuilds `by_name`; call after changing `instructions`.
    pub fn reindex(&mut self) {
        self.by_name.clear();
        for (i, inst) in self.instructions.iter().enumerate() {
            self.by_name.insert(inst.name.clone(), i);
            for alias in &inst.aliases {
                self.by_name.entry(alias.clone()).or_insert(i);
            }
        }
        self.by_name_words = std::sync::OnceLock::new();
        self.by_form_opcode = std::sync::OnceLock::new();
        self.indexed_counts = (self.encodings.len(), self.operand_types.len());
        self.encoding_index.clear();
        for (i, e) in self.encodings.iter().enumerate() {
            self.encoding_index.entry(e.name.clone()).or_insert(i);
        }
        self.type_index.clear();
        for (i, t) in self.operand_types.iter().enumerate() {
            self.type_index.entry(t.name.clone()).or_insert(i);
        }
        self.predefined_index = self
            .operand_types
            .iter()
            .map(|t| {
                let mut values = HashMap::default();
                for p in &t.predefined {
                    values.entry(p.name.to_ascii_uppercase()).or_insert(p.value);
                }
                values
            })
            .collect();
        self.numbered_index = (self.operand_types.iter()).map(NumberedCodes::of).collect();
    }

    /// The value of predefined name `name` (any case) of operand type `type_name`, as
    /// [`OperandType::value_of`] finds it, by the index [`Self::reindex`] builds (a type
    /// added since is scanned).
    pub fn predefined_value(&self, type_name: &str, name: &str) -> Option<i64> {
        self.predefined_value_at(self.type_position(type_name)?, name)
    }

    /// The value of `name` under the first of `type_names` that lists predefined values at
    /// all, each type found once (the assembler asks for every register and constant
    /// operand).
    pub fn first_listed_predefined_value(&self, type_names: &[&str], name: &str) -> Option<i64> {
        let listed = |&type_name: &&str| {
            let i = self.type_position(type_name)?;
            (!self.operand_types[i].predefined.is_empty()).then_some(i)
        };
        self.predefined_value_at(type_names.iter().find_map(listed)?, name)
    }

    /// [`Self::first_listed_predefined_value`] of the numbered register `number` of `file`
    /// (the value named `S5`, `V7`, `TTMP3`), found by number.
    pub fn first_listed_register_code(
        &self,
        type_names: &[&str],
        file: NumberedFile,
        number: u32,
    ) -> Option<i64> {
        let listed = |&type_name: &&str| {
            let i = self.type_position(type_name)?;
            (!self.operand_types[i].predefined.is_empty()).then_some(i)
        };
        let i = type_names.iter().find_map(listed)?;
        match self.numbered_index.get(i) {
            Some(codes) => codes.get(file, number),
            None => self.predefined_value_at(i, &format!("{}{number}", file.prefix())),
        }
    }

    /// [`Self::predefined_value`] of the operand type at position `i`.
    fn predefined_value_at(&self, i: usize, name: &str) -> Option<i64> {
        let Some(values) = self.predefined_index.get(i) else {
            return self.operand_types[i].value_of(name);
        };
        match values.get(name) {
            Some(v) => Some(*v),
            None if name.bytes().any(|b| b.is_ascii_lowercase()) => {
                values.get(&name.to_ascii_uppercase()).copied()
            }
            None => None,
        }
    }

    /// Whether the file `form` comes from lists every operand of its forms, so that an empty
    /// list means the form has none ([`Fidelity::lists_every_operand`]).
    pub fn lists_every_operand_of(&self, form: &InstructionEncoding) -> bool {
        self.sources
            .get(form.source)
            .is_some_and(|s| s.fidelity.lists_every_operand())
    }

    /// Whether the manual allows DPP with format `family` (`VOPC`, or a variant of a listed
    /// format such as `VOP3_SDST` of VOP3); true where no manual says.
    pub fn allows_dpp_with(&self, family: &str) -> bool {
        self.dpp_formats
            .as_ref()
            .is_none_or(|formats| formats.iter().any(|f| is_format(family, f)))
    }

    /// Whether `name` may take input modifiers (ABS, NEG) on sources that are not floating
    /// point: the manual names it among the exceptions ([`Self::float_modifier_exceptions`]),
    /// or names none (the Vega, CDNA1 and CDNA2 manuals, which do not say which instructions
    /// take them, so no source is refused them there).
    pub fn takes_input_modifiers_on_any_source(&self, name: &str) -> bool {
        let exceptions = &self.float_modifier_exceptions;
        exceptions.is_empty() || exceptions.iter().any(|p| p.matches(name))
    }

    /// Whether the manual refuses DPP to `inst` in a form of format `family`: the format
    /// allows DPP to one family of opcodes only and `inst` is not of it, or an entry of the
    /// manual's DPP table for that format covers it (all the format's opcodes, its 64-bit
    /// ones, or `inst` by name). A VOP3 form also answers to the entries of the formats of
    /// `inst`'s other forms (`families`): the VOP3 form of a VOP1, VOP2 or VOPC opcode is
    /// that opcode.
    pub fn refuses_dpp(&self, inst: &Instruction, family: &str, families: &[&str]) -> bool {
        let bare = inst.name.strip_prefix("V_").unwrap_or(&inst.name);
        if let Some((format, stem)) = &self.dpp_format_only {
            if is_format(family, format) && !bare.starts_with(stem.as_str()) {
                return true;
            }
        }
        let covers = |format: &str| {
            (self.dpp_refusals.iter())
                .filter(|r| is_format(format, &r.encoding))
                .any(|r| match &r.refused {
                    Refused::All => true,
                    Refused::All64Bit => has_64bit_vector_operand(inst),
                    Refused::Named(pattern) => pattern.matches(&inst.name),
                })
        };
        let vop3 = is_format(family, "VOP3");
        covers(family) || (vop3 && families.iter().any(|f| !is_format(f, "VOP3") && covers(f)))
    }

    /// Whether the manual keeps `inst` from DPP as a 64-bit operation: one with a 64-bit
    /// vector operand (a VGPR or vector source; not a scalar lane mask), or one AMD's
    /// variants file lists among the double-precision ALU operations a processor's
    /// `dpp_64bit` feature opens to DPP (CDNA5's V_MUL_LO_U32, V_MAD_U32...).
    pub fn no_dpp_for_64bit(&self, inst: &Instruction) -> bool {
        self.no_64bit_dpp
            && (has_64bit_vector_operand(inst)
                || self.dpp64_forms.iter().any(|(_, name)| *name == inst.name))
    }

    /// Whether this processor takes DPP on 64-bit operation `inst` in the composed DPP
    /// encoding `layout` (`VOP1_VOP_DPP16`): it has AMD's `dpp_64bit` feature, which lists
    /// the pair ([`crate::variants`]).
    pub fn takes_dpp_on_64bit(&self, inst: &Instruction, layout: &str) -> bool {
        self.has_feature(crate::variants::DPP_64BIT)
            && (self.dpp64_forms.iter()).any(|(e, name)| e == layout && *name == inst.name)
    }

    /// Whether this processor has `feature` by AMD's variants file.
    pub fn has_feature(&self, feature: &str) -> bool {
        self.features.iter().any(|f| f == feature)
    }

    /// Whether the manual lists `name` among the instructions that cannot use DPP.
    pub fn cannot_use_dpp(&self, name: &str) -> bool {
        self.no_dpp.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    /// Looks an instruction up by AMD name or alias (any case).
    pub fn instruction(&self, name: &str) -> Option<&Instruction> {
        // The assembler looks up several names per statement: a name that fits is upper-cased
        // on the stack rather than copied.
        let mut buf = [0u8; 64];
        let index = match buf.get_mut(..name.len()) {
            Some(upper) => {
                upper.copy_from_slice(name.as_bytes());
                upper.make_ascii_uppercase();
                let upper = std::str::from_utf8(upper).expect("ASCII case change keeps UTF-8");
                self.by_name.get(upper)
            }
            None => self.by_name.get(&name.to_ascii_uppercase()),
        };
        index.map(|&i| &self.instructions[i])
    }

    /// The first instruction in spec order with a form of encoding `form` (or its literal
    /// form, `form` + `_INST_LITERAL`) and opcode `opcode`, and the first such form of it.
    pub fn instruction_with_opcode(
        &self,
        form: &str,
        opcode: u32,
    ) -> Option<(&Instruction, &InstructionEncoding)> {
        let index = self.by_form_opcode.get_or_init(|| {
            let mut index = FormOpcodeIndex::default();
            for (i, inst) in self.instructions.iter().enumerate() {
                for (j, e) in inst.encodings.iter().enumerate() {
                    let base = e.encoding.strip_suffix("_INST_LITERAL");
                    let form = index.entry(base.unwrap_or(&e.encoding).to_string());
                    form.or_default().entry(e.opcode).or_insert((i, j));
                }
            }
            index
        });
        let &(i, j) = index.get(form)?.get(&opcode)?;
        let instruction = &self.instructions[i];
        Some((instruction, &instruction.encodings[j]))
    }

    /// The instructions whose names share the most leading `_`-separated words with `name`
    /// (upper case), at least the first; empty when none shares even that.
    pub fn nearest_by_name_words(&self, name: &str) -> impl Iterator<Item = &Instruction> {
        let order = self.by_name_words.get_or_init(|| {
            let mut order: Vec<usize> = (0..self.instructions.len()).collect();
            let names = &self.instructions;
            order.sort_unstable_by(|&a, &b| word_order(&names[a].name, &names[b].name));
            order
        });
        let word_name = |k: usize| self.instructions[order[k]].name.as_str();
        let shared = |k: usize| {
            name_words(word_name(k))
                .zip(name_words(name))
                .take_while(|(a, b)| a == b)
                .count()
        };
        // Names sharing a prefix of words are adjacent in word order, and the longest shared
        // prefix is a neighbour's of the place `name` would sort into.
        let at = order.partition_point(|&i| word_order(&self.instructions[i].name, name).is_lt());
        let neighbours = [at.checked_sub(1), (at < order.len()).then_some(at)];
        let best = neighbours
            .into_iter()
            .flatten()
            .map(shared)
            .max()
            .unwrap_or(0);
        let run = |k: &usize| best > 0 && shared(*k) >= best;
        let start = (0..at).rev().take_while(run).last().unwrap_or(at);
        let end = (at..order.len())
            .take_while(run)
            .last()
            .map_or(at, |k| k + 1);
        order[start..end].iter().map(|&i| &self.instructions[i])
    }

    pub fn encoding(&self, name: &str) -> Option<&Encoding> {
        self.encoding_position(name).map(|i| &self.encodings[i])
    }

    /// The index into `encodings` of the encoding named `name`.
    pub fn encoding_position(&self, name: &str) -> Option<usize> {
        match self.encoding_index.get(name) {
            Some(&i) if self.encodings.get(i).is_some_and(|e| e.name == name) => Some(i),
            _ if self.indexed_counts.0 == self.encodings.len() => None,
            _ => self.encodings.iter().position(|e| e.name == name),
        }
    }

    pub fn operand_type(&self, name: &str) -> Option<&OperandType> {
        self.type_position(name).map(|i| &self.operand_types[i])
    }

    /// Where operand type `name` is in `operand_types`: by the index, or by a scan of the
    /// types added since it was built.
    fn type_position(&self, name: &str) -> Option<usize> {
        let indexed = self.type_index.get(name).copied();
        match indexed.filter(|&i| self.operand_types.get(i).is_some_and(|t| t.name == name)) {
            Some(i) => Some(i),
            None if self.indexed_counts.1 == self.operand_types.len() => None,
            None => self.operand_types.iter().position(|t| t.name == name),
        }
    }

    pub fn data_format(&self, name: &str) -> Option<&DataFormat> {
        self.data_formats.iter().find(|d| d.name == name)
    }

    /// One human-readable line per source: what it served in this spec.
    pub fn provenance(&self) -> Vec<String> {
        (0..self.sources.len())
            .map(|id| {
                let source = &self.sources[id];
                let forms = self.instructions.iter().flat_map(|i| &i.encodings);
                let opcodes = forms.clone().filter(|f| f.source == id).count();
                let operand_lists = forms
                    .filter(|f| f.operands_source == Some(id) && !f.operands.is_empty())
                    .count();
                let encodings = self.encodings.iter().filter(|e| e.source == id).count();
                let types = self.operand_types.iter().filter(|t| t.source == id).count();
                let mut parts = Vec::new();
                for (count, what) in [
                    (encodings, "encodings"),
                    (opcodes, "instruction opcodes"),
                    (operand_lists, "operand lists"),
                    (types, "operand types"),
                ] {
                    if count > 0 {
                        parts.push(format!("{count} {what}"));
                    }
                }
                parts.extend(
                    self.notes
                        .iter()
                        .filter(|(source, _)| *source == id)
                        .map(|(_, note)| note.clone()),
                );
                if parts.is_empty() {
                    parts.push("nothing".into());
                }
                format!(
                    "{} ({:?}): {}",
                    source.name,
                    source.fidelity,
                    parts.join("; ")
                )
            })
            .collect()
    }
}

/// Whether `inst` is a 64-bit operation: one with a 64-bit vector operand (a VGPR or vector
/// source; not a scalar lane mask).
fn has_64bit_vector_operand(inst: &Instruction) -> bool {
    inst.encodings.iter().flat_map(|f| &f.operands).any(|o| {
        o.size == 64
            && (o.operand_type.starts_with("OPR_SRC") || o.operand_type.starts_with("OPR_VGPR"))
    })
}

/// Whether format `family` is `format` or a variant of it (`VOP3_SDST` of `VOP3`; `VOP3P`
/// is not `VOP3`'s).
fn is_format(family: &str, format: &str) -> bool {
    family == format
        || family
            .strip_prefix(format)
            .is_some_and(|rest| rest.starts_with('_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn operand_type(name: &str, values: &[(&str, i64)]) -> OperandType {
        OperandType {
            name: name.into(),
            partitioned: false,
            subtypes: Vec::new(),
            predefined: values
                .iter()
                .map(|(n, v)| PredefinedValue {
                    name: (*n).into(),
                    value: *v,
                })
                .collect(),
            fields: Vec::new(),
            source: 0,
        }
    }

    /// The indexes answer as the scans did, in any case, and a type added after the last
    /// reindex is still found.
    #[test]
    fn indexed_lookups_answer_as_scans() {
        let mut spec = Spec {
            operand_types: vec![operand_type("OPR_SSRC", &[("VCC_LO", 106), ("m0", 125)])],
            ..Spec::default()
        };
        spec.reindex();
        assert_eq!(spec.predefined_value("OPR_SSRC", "vcc_lo"), Some(106));
        assert_eq!(spec.predefined_value("OPR_SSRC", "M0"), Some(125));
        assert_eq!(spec.predefined_value("OPR_SSRC", "EXEC_LO"), None);
        assert_eq!(spec.predefined_value("OPR_SDST", "VCC_LO"), None);
        assert!(spec.encoding("ENC_SOP1").is_none());
        spec.operand_types
            .push(operand_type("OPR_SDST", &[("VCC_LO", 106)]));
        assert_eq!(spec.predefined_value("OPR_SDST", "vcc_lo"), Some(106));
        assert!(spec.operand_type("OPR_SDST").is_some());
    }

    /// An operation AMD's variants file lists for 64-bit DPP is kept from DPP like one with a
    /// 64-bit operand, and taken only in a listed encoding by a processor with the feature.
    #[test]
    fn the_variants_file_widens_and_opens_the_64_bit_dpp_rule() {
        let mul = Instruction {
            name: "V_MUL_LO_U32".into(),
            aliases: Vec::new(),
            flags: None,
            encodings: Vec::new(),
            functional_group: None,
        };
        let listed = ("VOP3_VOP_DPP16".to_string(), "V_MUL_LO_U32".to_string());
        let mut spec = Spec {
            no_64bit_dpp: true,
            ..Spec::default()
        };
        assert!(!spec.no_dpp_for_64bit(&mul));
        spec.dpp64_forms.push(listed);
        assert!(spec.no_dpp_for_64bit(&mul));
        assert!(!spec.takes_dpp_on_64bit(&mul, "VOP3_VOP_DPP16"));
        spec.features.push(crate::variants::DPP_64BIT.into());
        assert!(spec.takes_dpp_on_64bit(&mul, "VOP3_VOP_DPP16"));
        assert!(!spec.takes_dpp_on_64bit(&mul, "VOP3_VOP_DPP8"));
    }

    /// The (form, opcode) index finds the first instruction a scan finds with a form whose
    /// encoding is the one asked or its literal form, in spec order; a reindex forgets it.
    #[test]
    fn instruction_with_opcode_answers_as_a_scan() {
        let form = |encoding: &str, opcode: u32| InstructionEncoding {
            encoding: encoding.into(),
            condition: "default".into(),
            opcode,
            operands: Vec::new(),
            source: SourceId::default(),
            operands_source: None,
        };
        let inst = |name: &str, forms: Vec<InstructionEncoding>| Instruction {
            name: name.into(),
            aliases: Vec::new(),
            flags: None,
            encodings: forms,
            functional_group: None,
        };
        let mut spec = Spec {
            instructions: vec![
                inst("V_DUAL_A", vec![form("VOPDXY", 1), form("VOPD3", 1)]),
                inst("V_DUAL_B", vec![form("VOPDXY_INST_LITERAL", 2)]),
                inst("V_DUAL_C", vec![form("VOPDXY", 2)]),
                inst("V_DUAL_D", vec![form("VOPD3", 1)]),
            ],
            ..Spec::default()
        };
        spec.reindex();
        for (encoding, opcode) in [("VOPDXY", 1), ("VOPDXY", 2), ("VOPD3", 1), ("VOPD3", 2)] {
            let scan = (spec.instructions.iter()).find_map(|i| {
                let form = (i.encodings.iter())
                    .find(|e| e.opcode == opcode && e.encoding.starts_with(encoding));
                Some((&i.name, &form?.encoding))
            });
            let found = (spec.instruction_with_opcode(encoding, opcode))
                .map(|(i, form)| (&i.name, &form.encoding));
            assert_eq!(found, scan, "{encoding} {opcode}");
        }
        assert_eq!(
            spec.instruction_with_opcode("VOPDXY", 2).unwrap().0.name,
            "V_DUAL_B"
        );
        spec.instructions.remove(0);
        spec.reindex();
        assert!(spec.instruction_with_opcode("VOPDXY", 1).is_none());
        assert_eq!(
            spec.instruction_with_opcode("VOPD3", 1).unwrap().0.name,
            "V_DUAL_D"
        );
    }

    /// The word-order index finds what a scan of every name finds: the names sharing the
    /// most leading words, at least one.
    #[test]
    fn nearest_by_name_words_answers_as_a_scan() {
        let names = [
            "V_ADD_F32",
            "V_ADDC_U32",
            "V_ADD_CO_U32",
            "V_MFMA_F32_4X4X1F32",
            "V_MFMA_I32_4X4X4I8",
            "V_MFMA_F32_16X16X1F32",
            "S_ADD_U32",
            "V_MOV_B32",
            "DS_ADD_U32",
            "V_ADD",
        ];
        let mut spec = Spec {
            instructions: (names.iter())
                .map(|n| Instruction {
                    name: (*n).into(),
                    aliases: Vec::new(),
                    flags: None,
                    encodings: Vec::new(),
                    functional_group: None,
                })
                .collect(),
            ..Spec::default()
        };
        spec.reindex();
        let shared = |a: &str, b: &str| {
            a.split('_')
                .zip(b.split('_'))
                .take_while(|(x, y)| x == y)
                .count()
        };
        let queries = [
            "V_MFMA_F32_32X32X1F32",
            "V_ADD_F16",
            "V_ADDC",
            "V",
            "S_MUL_I32",
            "X_Y",
            "V_ADD",
            "V_MFMA",
            "A",
            "Z",
        ];
        for query in queries {
            let best = names.iter().map(|n| shared(n, query)).max().unwrap();
            let mut scan: Vec<&str> = (names.iter().copied())
                .filter(|n| best > 0 && shared(n, query) == best)
                .collect();
            let mut index: Vec<&str> = (spec.nearest_by_name_words(query))
                .map(|i| i.name.as_str())
                .collect();
            scan.sort_unstable();
            index.sort_unstable();
            assert_eq!(index, scan, "{query}");
        }
    }
}
