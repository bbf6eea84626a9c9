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
//!    opcode, the form takes that list and that encoding name; likewise an `ENC_VOP3` form
//!    the neighbour lists as `VOP3_SDST_ENC` (VOP3B) with the same opcode.
//!    A second stand-in, where the architecture has one ([`crate::targets::ArchFiles`]
//!    `graphics`), fills the image, export and interpolation forms (VINTRP, and the VOP3
//!    forms of the instructions with an attribute operand) still without operands.
//! 3. Operand types and data formats the opcode file lacks are taken from the neighbour.
//! 4. Instructions the opcode file lacks are NOT taken from the neighbour (a neighbour is a
//!    different architecture: RDNA3.5 has SALU float ops gfx1100 lacks), except the ones
//!    [`adopted_instructions`] lists for the arch: instructions an AMD source (the target's
//!    manual text, or the neighbour XML at a cited opcode) has but the opcode file's source
//!    (a manual's tables) omits. An adopted form is only taken when it is the cited one (for a
//!    manual citation, any), its encoding exists in the opcode file and its (encoding, opcode)
//!    slot is free.
//! 5. The supplement fills the operand-type facts both files lack.
//! 6. For an architecture with an elder generation ([`Arch::elder`]), forms still without
//!    operands in an opcode table the two share take the elder's lists
//!    ([`take_elder_operands`]), before the loader's completion.
//! 7. After the loader's completion (operand lists derived from the pseudocode), ALU forms
//!    still without operands take the ALU stand-in's lists ([`take_alu_operands`]).
//!
//! One processor's copy then takes the instructions LLVM's syntax pages list for it that its
//! architecture's files lack, from the neighbour or the elder ([`apply_target_additions`]).

use std::collections::{HashMap, HashSet};

use crate::model::*;
use crate::supplement;
use crate::targets::Arch;

/// Where AMD documents an instruction [`adopted_instructions`] takes from the neighbour file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmdSource {
    /// A section of the target architecture's manual (`amd-isa/derived/manuals-md/<file>`)
    /// that names the instruction; its form and opcode come from the neighbour file.
    Manual {
        file: &'static str,
        section: &'static str,
    },
    /// The neighbour XML (`amd-isa/xml/<file>`) lists the instruction in this encoding with
    /// this opcode; only that form is adopted.
    NeighbourXml {
        file: &'static str,
        encoding: &'static str,
        opcode: u32,
    },
}

/// An instruction adopted from the neighbour file, with its AMD source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Adopted {
    pub name: &'static str,
    pub source: AmdSource,
}

const RDNA3_LDS_LIMITATIONS: AmdSource = AmdSource::Manual {
    file: "rdna3.md",
    section: "16.15.1. LDS Instruction Limitations",
};

const fn rdna3_5_xml(name: &'static str, encoding: &'static str, opcode: u32) -> Adopted {
    Adopted {
        name,
        source: AmdSource::NeighbourXml {
            file: "amdgpu_isa_rdna3_5.partial.xml",
            encoding,
            opcode,
        },
    }
}

/// Instructions taken from the neighbour file although the opcode file lacks them, each with
/// the AMD source that lists it.
///
/// Rdna3: the RDNA3 manual's opcode tables omit (or mark "Reserved") instructions gfx1100
/// implements. The GWS ops are named by the RDNA3 manual's §16.15.1; the others only by the
/// RDNA3.5 XML (the neighbour), at the opcodes cited. The 58 RDNA3.5-only SALU float ops and
/// the 11 GLOBAL/SCRATCH_LOAD_LDS_* ops are deliberately not listed.
/// Rdna1: the RDNA1 manual lists S_WAITCNT_DEPCTR's SOPP slot as reserved; the RDNA2 XML
/// (the neighbour) lists it at SOPP 35. The manual gives the VINTRP instructions no VOP3
/// opcodes (its §12.11.1 sentence, "VOP2 opcode + 0x270", is the Vega manual's, where the
/// VOP3 forms are 0x270-0x272); the RDNA2 XML lists them at VOP3 512-514.
/// Rdna2: the RDNA2 manual's SMEM table lists S_ATC_PROBE and S_ATC_PROBE_BUFFER at 38 and
/// 39; the partial file, rebuilt from other tables, lacks them. RDNA2 has no neighbour: they
/// come from the elder generation, RDNA1, whose SMEM table agrees ([`adopt_cited_from_elder`]).
/// Cdna1, Cdna2: the manuals give every VOP2 opcode a VOP3 form at VOP2 + 0x100 (CDNA1 ISA
/// §12.7.1 "VOP2 using VOP3 encoding"), but their files leave V_PK_FMAC_F16's out; the CDNA3 XML (the
/// neighbour) lists it there, at VOP3 316. An instruction the opcode file has takes only the
/// cited form.
pub fn adopted_instructions(arch: Arch) -> &'static [Adopted] {
    match arch {
        Arch::Rdna3 => ADOPTED_RDNA3,
        Arch::Rdna1 => ADOPTED_RDNA1,
        Arch::Rdna2 => ADOPTED_RDNA2,
        Arch::Cdna1 | Arch::Cdna2 => ADOPTED_CDNA1_2,
        _ => &[],
    }
}

const fn gws(name: &'static str) -> Adopted {
    Adopted {
        name,
        source: RDNA3_LDS_LIMITATIONS,
    }
}

const ADOPTED_RDNA3: &[Adopted] = &[
    rdna3_5_xml("BUFFER_LOAD_LDS_B32", "ENC_MUBUF", 49),
    rdna3_5_xml("BUFFER_LOAD_LDS_FORMAT_X", "ENC_MUBUF", 50),
    rdna3_5_xml("BUFFER_LOAD_LDS_I16", "ENC_MUBUF", 48),
    rdna3_5_xml("BUFFER_LOAD_LDS_I8", "ENC_MUBUF", 46),
    rdna3_5_xml("BUFFER_LOAD_LDS_U16", "ENC_MUBUF", 47),
    rdna3_5_xml("BUFFER_LOAD_LDS_U8", "ENC_MUBUF", 45),
    gws("DS_GWS_BARRIER"),
    gws("DS_GWS_INIT"),
    gws("DS_GWS_SEMA_BR"),
    gws("DS_GWS_SEMA_P"),
    gws("DS_GWS_SEMA_RELEASE_ALL"),
    gws("DS_GWS_SEMA_V"),
    rdna3_5_xml("S_ATC_PROBE", "ENC_SMEM", 34),
    rdna3_5_xml("S_ATC_PROBE_BUFFER", "ENC_SMEM", 35),
    rdna3_5_xml("S_TTRACEDATA", "ENC_SOPP", 58),
    rdna3_5_xml("S_TTRACEDATA_IMM", "ENC_SOPP", 59),
    rdna3_5_xml("S_WAITCNT_DEPCTR", "ENC_SOPP", 8),
];

const fn rdna2_xml(name: &'static str, encoding: &'static str, opcode: u32) -> Adopted {
    Adopted {
        name,
        source: AmdSource::NeighbourXml {
            file: "amdgpu_isa_rdna2.partial.xml",
            encoding,
            opcode,
        },
    }
}

const ADOPTED_RDNA1: &[Adopted] = &[
    rdna2_xml("S_WAITCNT_DEPCTR", "ENC_SOPP", 35),
    rdna2_xml("V_INTERP_P1_F32", "ENC_VOP3", 512),
    rdna2_xml("V_INTERP_P2_F32", "ENC_VOP3", 513),
    rdna2_xml("V_INTERP_MOV_F32", "ENC_VOP3", 514),
];

const RDNA2_SMEM: AmdSource = AmdSource::Manual {
    file: "rdna2.md",
    section: "12.6. SMEM Instructions",
};

const ADOPTED_RDNA2: &[Adopted] = &[
    Adopted {
        name: "S_ATC_PROBE",
        source: RDNA2_SMEM,
    },
    Adopted {
        name: "S_ATC_PROBE_BUFFER",
        source: RDNA2_SMEM,
    },
];

const ADOPTED_CDNA1_2: &[Adopted] = &[Adopted {
    name: "V_PK_FMAC_F16",
    source: AmdSource::NeighbourXml {
        file: "amdgpu_isa_cdna3.xml",
        encoding: "ENC_VOP3",
        opcode: 316,
    },
}];

/// The parsed files standing in for what an opcode file lacks ([`crate::targets::ArchFiles`]
/// `operands` and `graphics`).
#[derive(Debug, Clone, Copy, Default)]
pub struct StandIns<'a> {
    pub operands: Option<&'a Spec>,
    pub graphics: Option<&'a Spec>,
}

/// Builds the spec of `arch` from its parsed files (each parsed with source id 0).
pub fn compose(arch: Arch, opcodes: &Spec, stand_ins: StandIns) -> Spec {
    let mut spec = opcodes.clone();
    if spec.sources[0].fidelity == Fidelity::Partial {
        join_split_opcode_fields(&mut spec);
    }
    yield_flag_bits(&mut spec);
    take_later_names(arch, &mut spec);
    if let Some(neighbour) = stand_ins.operands {
        take_from_neighbour(arch, &mut spec, neighbour);
        if arch.is_gcn() {
            unpack_d16_buffer_data(&mut spec);
        }
    }
    if let Some(graphics) = stand_ins.graphics {
        const GRAPHICS: &[&str] = &["ENC_MIMG", "ENC_EXP", "ENC_VINTRP"];
        take_stand_in_operands(&mut spec, graphics, |theirs, e| {
            GRAPHICS.contains(&e) || interpolates(theirs)
        });
    }
    supplement::apply(arch, &mut spec);
    spec.reindex();
    spec
}

/// The GCN manuals name the integer compares "not equal" and "always true" LG and TRU, as
/// the float ones (GCN3 and Sea Islands ISA, VOPC opcode tables: V_CMP_LG_I32,
/// V_CMP_TRU_U64...); the Vega and CDNA3 files name the same operations NE and T, and so
/// does LLVM. The GCN3 file's SOPC table names S_CMP_LG_U64 S_CMP_NE_U64; the same manual's
/// chapter 12 entry and the later files name it S_CMP_LG_U64. The later name is taken, the
/// manual's kept as an alias, so the neighbour's lists and LLVM's mnemonics find the op.
fn take_later_names(arch: Arch, spec: &mut Spec) {
    if !arch.is_gcn() {
        return;
    }
    let mut renamed = 0usize;
    for inst in &mut spec.instructions {
        let Some(later) = later_compare_name(&inst.name) else {
            continue;
        };
        let manual = std::mem::replace(&mut inst.name, later);
        inst.aliases.push(manual);
        renamed += 1;
    }
    if renamed > 0 {
        let note = format!("{renamed} compares named as the later files name them (LG/TRU integer compares: NE/T; S_CMP_NE_U64: S_CMP_LG_U64)");
        spec.notes.push((0, note));
    }
}

/// The later files' name of a GCN compare ([`take_later_names`]), if it differs.
fn later_compare_name(name: &str) -> Option<String> {
    if name == "S_CMP_NE_U64" {
        return Some("S_CMP_LG_U64".into());
    }
    let rest = name.strip_prefix("V_CMP")?;
    let (x, rest) = match rest.strip_prefix("X_") {
        Some(rest) => ("X", rest),
        None => ("", rest.strip_prefix('_')?),
    };
    let (op, ty) = rest.split_once('_')?;
    let integer = ty.starts_with('I') || ty.starts_with('U');
    let later = match op {
        "LG" if integer => "NE",
        "TRU" if integer => "T",
        _ => return None,
    };
    Some(format!("V_CMP{x}_{later}_{ty}"))
}

/// GFX6/GFX7's SMRD forms take the neighbour's SMEM list of the same instruction, its fields
/// named as SMRD names them: SMEM's SDATA is SMRD's SDST, and SMRD's one OFFSET field holds
/// the immediate or, with IMM clear, the SGPR that SMEM's SOFFSET holds (Sea Islands ISA
/// Table 7.1 "SMRD Encoding Field Descriptions": IMM 1, "OFFSET is an eight-bit unsigned
/// Dword offset"; 0, "OFFSET is the address of an SGPR").
fn fill_smrd_lists(spec: &mut Spec, neighbour: &Spec, id: SourceId) {
    let mut filled = 0usize;
    for inst in &mut spec.instructions {
        let Some(theirs) = neighbour.instruction(&inst.name) else {
            continue;
        };
        let Some(smem) = theirs.in_encoding("ENC_SMEM") else {
            continue;
        };
        for form in &mut inst.encodings {
            if form.encoding != "ENC_SMRD" || !form.operands.is_empty() {
                continue;
            }
            form.operands = (smem.operands.iter())
                .map(|op| {
                    let field = match op.field.as_deref() {
                        Some("SDATA") => Some("SDST".to_string()),
                        Some("SOFFSET" | "OFFSET") => Some("OFFSET".to_string()),
                        _ => op.field.clone(),
                    };
                    Operand {
                        field,
                        ..op.clone()
                    }
                })
                .collect();
            form.operands_source = Some(id);
            filled += 1;
        }
    }
    if filled > 0 {
        let note =
            format!("{filled} SMRD forms take the SMEM list (SDATA as SDST, SOFFSET as OFFSET)");
        spec.notes.push((id, note));
    }
}

/// GFX6/GFX7's 64-bit shifts take the list of the reversed shift GFX8 replaced them with, its
/// sources swapped: V_ASHR_I64 shifts S0 by S1 (Sea Islands ISA §12, V_ASHR_I64: "D = S0.u
/// >> S1.u[4:0]"), V_ASHRREV_I64 S1 by S0.
fn fill_shift_lists(spec: &mut Spec, neighbour: &Spec, id: SourceId) {
    const REVERSED: &[(&str, &str)] = &[
        ("V_ASHR_I64", "V_ASHRREV_I64"),
        ("V_LSHL_B64", "V_LSHLREV_B64"),
        ("V_LSHR_B64", "V_LSHRREV_B64"),
    ];
    for (name, reversed) in REVERSED {
        let Some(theirs) = neighbour
            .instruction(reversed)
            .and_then(|i| i.in_encoding("ENC_VOP3"))
        else {
            continue;
        };
        let Some(inst) = spec.instructions.iter_mut().find(|i| i.name == *name) else {
            continue;
        };
        let position = |f: &str| {
            theirs
                .operands
                .iter()
                .position(|o| o.field.as_deref() == Some(f))
        };
        let (Some(s0), Some(s1)) = (position("SRC0"), position("SRC1")) else {
            continue;
        };
        let mut list = theirs.operands.clone();
        list.swap(s0, s1);
        list[s0].field = Some("SRC0".into());
        list[s1].field = Some("SRC1".into());
        (list[s0].order, list[s1].order) = (list[s1].order, list[s0].order);
        for form in (inst.encodings.iter_mut())
            .filter(|f| f.encoding == "ENC_VOP3" && f.operands.is_empty())
        {
            form.operands.clone_from(&list);
            form.operands_source = Some(id);
        }
    }
}

/// The GCN3 manual's MUBUF and MTBUF opcode tables give the D16 format ops a dword per
/// component ("BUFFER_LOAD_FORMAT_D16_XY: Untyped buffer load 2 dwords with format
/// conversion"), where the GFX9 lists a neighbour gives pack two components in a dword.
fn unpack_d16_buffer_data(spec: &mut Spec) {
    let mut resized = 0usize;
    for inst in &mut spec.instructions {
        let Some((_, components)) = inst.name.split_once("_FORMAT_D16_") else {
            continue;
        };
        let bits = 32 * components.len() as u32;
        let buffer =
            |f: &&mut InstructionEncoding| matches!(f.encoding.as_str(), "ENC_MUBUF" | "ENC_MTBUF");
        for form in inst.encodings.iter_mut().filter(buffer) {
            for op in &mut form.operands {
                if op.field.as_deref() == Some("VDATA") && op.size < bits {
                    op.size = bits;
                    resized += 1;
                }
            }
        }
    }
    if resized > 0 {
        let note = format!("{resized} D16 buffer data operands given a dword per component (the manual's MUBUF/MTBUF tables)");
        spec.notes.push((0, note));
    }
}

/// The instruction of the operand neighbour whose list a GCN instruction takes when the two
/// name different operations alike: GFX9 renamed GFX8's carry-out adds (VOP2 25-30: the GCN3
/// manual's V_ADD_U32 is the Vega manual's V_ADD_CO_U32 at the same opcodes; the Sea Islands
/// manual's V_ADD_I32) and gave the old names to new adds without carry, which is what the
/// CDNA3 file lists under them.
pub fn later_namesake(arch: Arch, name: &str) -> String {
    const CARRY_OUT: &[&str] = &[
        "V_ADD_I32",
        "V_SUB_I32",
        "V_SUBREV_I32",
        "V_ADD_U32",
        "V_SUB_U32",
        "V_SUBREV_U32",
        "V_ADDC_U32",
        "V_SUBB_U32",
        "V_SUBBREV_U32",
    ];
    if !arch.is_gcn() {
        return name.to_string();
    }
    // The GFX6/GFX7 signalling compares (V_CMPS_*, V_CMPSX_*: the Sea Islands VOPC table's
    // "signal on sNaN" families) read and write what the compare of the same test does.
    if let Some(rest) = name.strip_prefix("V_CMPS") {
        return format!("V_CMP{rest}");
    }
    if let Some(same) = same_operands_as(name) {
        return same.to_string();
    }
    match name.rsplit_once('_') {
        Some((stem, "U32" | "I32")) if CARRY_OUT.contains(&name) => format!("{stem}_CO_U32"),
        _ => name.to_string(),
    }
}

/// GCN instructions the later files dropped, with the later instruction whose operands they
/// have (the GCN manuals' entries: the legacy and clamped variants of an op read and write
/// what it does, V_MULLIT_F32 three floats into one as V_MAD_F32; the float buffer and flat atomics move data as the integer min, max and
/// compare-swap of the same width; V_MOVREL* move a VGPR as V_MOV_B32, indexed by M0).
fn same_operands_as(name: &str) -> Option<&'static str> {
    const SAME: &[(&str, &str)] = &[
        ("V_MAX_LEGACY_F32", "V_MAX_F32"),
        ("V_MIN_LEGACY_F32", "V_MIN_F32"),
        ("V_LOG_CLAMP_F32", "V_LOG_F32"),
        ("V_RCP_CLAMP_F32", "V_RCP_F32"),
        ("V_RCP_LEGACY_F32", "V_RCP_F32"),
        ("V_RSQ_CLAMP_F32", "V_RSQ_F32"),
        ("V_RCP_CLAMP_F64", "V_RCP_F64"),
        ("V_RSQ_CLAMP_F64", "V_RSQ_F64"),
        ("V_MOVRELD_B32", "V_MOV_B32"),
        ("V_MOVRELS_B32", "V_MOV_B32"),
        ("V_MOVRELSD_B32", "V_MOV_B32"),
        ("V_MAC_LEGACY_F32", "V_MAC_F32"),
        ("V_MULLIT_F32", "V_MAD_F32"),
        ("BUFFER_ATOMIC_FMIN", "BUFFER_ATOMIC_SMIN"),
        ("BUFFER_ATOMIC_FMAX", "BUFFER_ATOMIC_SMAX"),
        ("BUFFER_ATOMIC_FCMPSWAP", "BUFFER_ATOMIC_CMPSWAP"),
        ("BUFFER_ATOMIC_FMIN_X2", "BUFFER_ATOMIC_SMIN_X2"),
        ("BUFFER_ATOMIC_FMAX_X2", "BUFFER_ATOMIC_SMAX_X2"),
        ("BUFFER_ATOMIC_FCMPSWAP_X2", "BUFFER_ATOMIC_CMPSWAP_X2"),
        ("FLAT_ATOMIC_FMIN", "FLAT_ATOMIC_SMIN"),
        ("FLAT_ATOMIC_FMAX", "FLAT_ATOMIC_SMAX"),
        ("FLAT_ATOMIC_FCMPSWAP", "FLAT_ATOMIC_CMPSWAP"),
        ("FLAT_ATOMIC_FMIN_X2", "FLAT_ATOMIC_SMIN_X2"),
        ("FLAT_ATOMIC_FMAX_X2", "FLAT_ATOMIC_SMAX_X2"),
        ("FLAT_ATOMIC_FCMPSWAP_X2", "FLAT_ATOMIC_CMPSWAP_X2"),
    ];
    SAME.iter()
        .find(|(gcn, _)| *gcn == name)
        .map(|(_, later)| *later)
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

/// A field whose top bit is also a one-bit field of the same encoding gives that bit up:
/// no bit belongs to two fields, and the flag is the narrower, named fact. The RDNA2 partial
/// file has ENC_FLAT_GLBL and ENC_FLAT_SCRATCH OFFSET 13 bits wide, over DLC at bit 12; the
/// RDNA2 manual's FLAT field table gives OFFSET [11:0] and DLC [12].
fn yield_flag_bits(spec: &mut Spec) {
    let mut narrowed = Vec::new();
    for encoding in &mut spec.encodings {
        let flags: Vec<(String, u32)> = encoding
            .fields
            .iter()
            .filter(|f| f.ranges.len() == 1 && f.ranges[0].count == 1)
            .map(|f| (f.name.clone(), f.ranges[0].offset))
            .collect();
        for field in &mut encoding.fields {
            let Some(top) = field.ranges.last_mut().filter(|r| r.count > 1) else {
                continue;
            };
            let top_bit = top.offset + top.count - 1;
            let Some((flag, _)) = flags.iter().find(|(_, bit)| *bit == top_bit) else {
                continue;
            };
            top.count -= 1;
            narrowed.push(format!(
                "{}.{} gives bit {top_bit} to {flag}",
                encoding.name, field.name
            ));
        }
    }
    if !narrowed.is_empty() {
        spec.notes
            .push((0, format!("overlapping fields: {}", narrowed.join(", "))));
    }
}

/// Rules 2-4 of the module doc: what the opcode file lacks, taken from `neighbour`.
fn take_from_neighbour(arch: Arch, spec: &mut Spec, neighbour: &Spec) {
    let id = spec.sources.len();
    spec.sources.push(neighbour.sources[0].clone());
    let mut renamer = FieldRenamer {
        neighbour,
        renamed: 0,
        unmatched: HashSet::new(),
    };
    let donor = |name: &str| later_namesake(arch, name);
    fill_operand_lists(spec, neighbour, &mut renamer, id, donor, |_, _| true);
    fill_smrd_lists(spec, neighbour, id);
    fill_shift_lists(spec, neighbour, id);
    take_missing_encodings(spec, neighbour, id);
    let adopted = adopt_instructions(arch, spec, neighbour, &mut renamer, id);
    let formats = take_missing_types(spec, neighbour, id);

    renamer.note(spec, id);
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

/// Rule 7, after the pseudocode completion: ALU forms (VOP*, SOP*) still without operands
/// take the ALU stand-in's lists ([`crate::targets::ArchFiles`] `alu`: GFX12.5's CDNA-line
/// ops RDNA4 lacks find them in CDNA4's). The architecture's own text comes first.
///
/// An operand type the architecture does not have (CDNA4's GFX9-era `OPR_SRC_NOLIT` and
/// `OPR_SRC_SIMPLE`: VOP3 sources without a literal) is replaced by the type the
/// architecture's own lists give that field of that encoding most often (GFX12.5's VOP3
/// sources are `OPR_SRC`: CDNA5 ISA §7.1 "VOP3 plus a literal makes a 96-bit instruction").
pub fn take_alu_operands(spec: &mut Spec, alu: &Spec) {
    let native = field_types(spec);
    let id = spec.sources.len();
    take_stand_in_operands(spec, alu, |_, e| e.contains("VOP") || e.contains("SOP"));
    let known: HashSet<String> = spec
        .operand_types
        .iter()
        .filter(|t| t.source != id)
        .map(|t| t.name.clone())
        .collect();
    let mut retyped = 0usize;
    for form in spec
        .instructions
        .iter_mut()
        .flat_map(|i| &mut i.encodings)
        .filter(|f| f.operands_source == Some(id))
    {
        for op in &mut form.operands {
            let key = (form.encoding.clone(), op.field.clone().unwrap_or_default());
            if let (false, Some(t)) = (known.contains(&op.operand_type), native.get(&key)) {
                op.operand_type.clone_from(t);
                retyped += 1;
            }
        }
    }
    if retyped > 0 {
        let note = format!("{retyped} operands given this architecture's type for their field");
        spec.notes.push((id, note));
    }
    spec.reindex();
}

/// GFX6/GFX7 VOP2 forms of instructions GFX8 kept in VOP3 only (V_CVT_PK_I16_I32,
/// V_LDEXP_F32, V_MBCNT_LO_U32_B32...) take their VOP3 form's list: the same operands, the
/// second source in VSRC1 (Sea Islands ISA §13.3 "VOP2": SRC0 any source, VSRC1 a VGPR), each
/// vector source typed as the VOP2 lists type its field. A VOP3 form with a third source has no VOP2
/// counterpart and gives nothing.
pub fn vop2_from_vop3(spec: &mut Spec) {
    let native = field_types(spec);
    let mut taken = Vec::new();
    for inst in &mut spec.instructions {
        let Some(vop3) = inst
            .in_encoding("ENC_VOP3")
            .filter(|f| !f.operands.is_empty())
        else {
            continue;
        };
        if vop3
            .operands
            .iter()
            .any(|o| o.field.as_deref() == Some("SRC2"))
        {
            continue;
        }
        let (list, source) = (vop3.operands.clone(), vop3.operands_source);
        let Some(vop2) =
            (inst.encodings.iter_mut()).find(|f| f.encoding == "ENC_VOP2" && f.operands.is_empty())
        else {
            continue;
        };
        vop2.operands = (list.into_iter())
            .map(|op| {
                let field = match op.field.as_deref() {
                    Some("SRC1") => Some("VSRC1".to_string()),
                    _ => op.field.clone(),
                };
                let key = ("ENC_VOP2".to_string(), field.clone().unwrap_or_default());
                // A scalar-only source (V_READLANE_B32's lane select) keeps its type: the
                // VOP2 word holds its SGPR code in VSRC1 as well.
                let source_field = matches!(field.as_deref(), Some("SRC0" | "VSRC1"))
                    && op.operand_type.starts_with("OPR_SRC");
                let operand_type = match native.get(&key) {
                    Some(t) if source_field => t.clone(),
                    _ => op.operand_type.clone(),
                };
                Operand {
                    field,
                    operand_type,
                    ..op
                }
            })
            .collect();
        vop2.operands_source = source;
        taken.push(inst.name.clone());
    }
    if !taken.is_empty() {
        let note = format!(
            "{} VOP2 forms take their VOP3 form's list: {}",
            taken.len(),
            taken.join(", ")
        );
        spec.notes.push((0, note));
        spec.reindex();
    }
}

/// Which of an elder generation's forms give a form its list ([`take_elder_operands`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ElderMatch {
    /// The same instruction at the same opcode, in a table the two share whole.
    SharedTable,
    /// The same instruction at the same opcode, in any table: GCN3 and Vega share most of
    /// each ALU table but no whole one (GFX9 moved the adds without carry into VOP2 52-54),
    /// and GCN3's V_MUL_LEGACY_F32 (VOP2 4) takes Vega's list of it.
    SameOpcode,
    /// The same instruction in the same encoding, at any opcode (GFX8 renumbered GFX7's).
    SameName,
}

/// Rule 6, for an architecture with an elder generation ([`Arch::elder`]): forms still
/// without operands in an opcode table the elder shares ([`shared_opcode_tables`]) take the
/// elder's list for the same instruction at the same opcode, with the operand types it uses
/// that the spec lacks, credited to the file the elder took them from (RDNA1's S_ATC_PROBE:
/// the RDNA2 file lacks it; Vega's has CDNA3's list). `matching` may loosen the rule
/// ([`ElderMatch`]); `donor` names the elder's instruction of the same operands
/// ([`later_namesake`]).
pub fn take_elder_operands(
    spec: &mut Spec,
    elder: &Spec,
    matching: ElderMatch,
    donor: impl Fn(&str) -> String,
) {
    let shared: HashSet<String> = (shared_opcode_tables(spec, elder).into_iter())
        .map(str::to_string)
        .collect();
    let mut taken = Vec::new();
    for i in 0..spec.instructions.len() {
        let Some(theirs) = elder.instruction(&donor(&spec.instructions[i].name)) else {
            continue;
        };
        for f in 0..spec.instructions[i].encodings.len() {
            let form = &spec.instructions[i].encodings[f];
            let open = form.operands.is_empty() && !spec.lists_every_operand_of(form);
            let any_table = matching != ElderMatch::SharedTable;
            if !open || !(any_table || shared.contains(&form.encoding)) {
                continue;
            }
            let any_opcode = matching == ElderMatch::SameName;
            let donor = theirs.encodings.iter().find(|g| {
                g.encoding == form.encoding
                    && (any_opcode || g.opcode == form.opcode)
                    && !g.operands.is_empty()
            });
            let literal = match donor {
                None if any_opcode => elder_literal_form(spec, elder, theirs, form),
                _ => None,
            };
            let donor = donor.or(literal);
            if let Some(lit) = literal.filter(|l| spec.encoding(&l.encoding).is_none()) {
                let Some(enc) = elder.encoding(&lit.encoding) else {
                    continue;
                };
                let id = source_id(spec, &elder.sources[enc.source]);
                spec.encodings.push(Encoding {
                    source: id,
                    ..enc.clone()
                });
            }
            let Some(donor) = donor.filter(|d| fields_exist(spec, d)) else {
                continue;
            };
            let from = donor.operands_source.unwrap_or(donor.source);
            let id = source_id(spec, &elder.sources[from]);
            for op in &donor.operands {
                if spec.operand_type(&op.operand_type).is_none() {
                    if let Some(t) = elder.operand_type(&op.operand_type) {
                        spec.operand_types.push(OperandType {
                            source: id,
                            ..t.clone()
                        });
                    }
                }
            }
            let inst = &mut spec.instructions[i];
            let form = &mut inst.encodings[f];
            form.operands.clone_from(&donor.operands);
            form.operands_source = Some(id);
            // The elder lists this instruction only in its literal form: so is ours.
            form.encoding.clone_from(&donor.encoding);
            taken.push(format!("{} {}", inst.name, form.encoding));
        }
    }
    if !taken.is_empty() {
        let (n, forms) = (taken.len(), taken.join(", "));
        let note = format!(
            "{n} forms take the elder generation's ({}) operand lists: {forms}",
            elder.architecture
        );
        spec.notes.push((0, note));
        spec.reindex();
    }
}

/// The elder's `<FAMILY>_INST_LITERAL` form of `theirs` standing for `form` (`ENC_<FAMILY>`),
/// where the elder lists the instruction only in that form: the manuals list the ops whose
/// constant follows the word (V_MADAK_F32, V_MADMK_F32: "K is a 32-bit literal constant";
/// S_SETREG_IMM32_B32) under the base format, and a later generation's spec has them in the
/// literal form. Taken only where that literal encoding holds every field of `form`'s
/// encoding at the same bits (GCN1-GCN3 share the VOP2 and SOPK layouts: Sea Islands and GCN3
/// ISA §13, "VOP2" and "SOPK").
fn elder_literal_form<'a>(
    spec: &Spec,
    elder: &Spec,
    theirs: &'a Instruction,
    form: &InstructionEncoding,
) -> Option<&'a InstructionEncoding> {
    let family = form.encoding.strip_prefix("ENC_")?;
    let literal = format!("{family}_INST_LITERAL");
    if theirs.encodings.iter().any(|g| g.encoding == form.encoding) {
        return None;
    }
    let ours = spec.encoding(&form.encoding)?;
    let their_encoding = elder.encoding(&literal)?;
    let same_layout = ours.fields.iter().all(|f| {
        their_encoding
            .field(&f.name)
            .is_some_and(|g| g.ranges == f.ranges)
    });
    if !same_layout {
        return None;
    }
    theirs
        .encodings
        .iter()
        .find(|g| g.encoding == literal && !g.operands.is_empty())
}

/// The operand type each (encoding, field) has most often in `spec`'s lists.
fn field_types(spec: &Spec) -> HashMap<(String, String), String> {
    let mut counts: HashMap<(String, String), Vec<(String, usize)>> = HashMap::new();
    for form in spec.instructions.iter().flat_map(|i| &i.encodings) {
        for op in &form.operands {
            let key = (form.encoding.clone(), op.field.clone().unwrap_or_default());
            let seen = counts.entry(key).or_default();
            match seen.iter_mut().find(|(t, _)| *t == op.operand_type) {
                Some((_, n)) => *n += 1,
                None => seen.push((op.operand_type.clone(), 1)),
            }
        }
    }
    counts
        .into_iter()
        .filter_map(|(key, types)| {
            let best = types
                .into_iter()
                .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))?;
            Some((key, best.0))
        })
        .collect()
}

/// An interpolation instruction: one with an attribute operand (OPR_ATTR) in some form. The
/// graphics stand-in also serves their VOP3 forms (CDNA has no interpolation).
fn interpolates(instruction: &Instruction) -> bool {
    instruction
        .encodings
        .iter()
        .flat_map(|f| &f.operands)
        .any(|o| o.operand_type == "OPR_ATTR")
}

/// Rule 2b: forms still without operands in the encodings a further stand-in serves take
/// its lists, with its operand types and data formats the spec lacks: the graphics formats
/// the neighbour lacks (MIMG, EXP, VINTRP: CDNA has no graphics), and the ALU formats
/// ([`take_alu_operands`]).
/// `serves` says, for the stand-in's instruction and an encoding, whether its list is taken.
fn take_stand_in_operands(
    spec: &mut Spec,
    stand_in: &Spec,
    serves: impl Fn(&Instruction, &str) -> bool,
) {
    let id = spec.sources.len();
    spec.sources.push(stand_in.sources[0].clone());
    let mut renamer = FieldRenamer {
        neighbour: stand_in,
        renamed: 0,
        unmatched: HashSet::new(),
    };
    fill_operand_lists(spec, stand_in, &mut renamer, id, str::to_string, serves);
    take_missing_types(spec, stand_in, id);
    renamer.note(spec, id);
}

/// Gives operands taken from the neighbour the opcode file's field names: the two files
/// may spell a field differently (manual `CLMP` vs official `CLAMP`), and the field with
/// the same bits is the same field. Counts what it renamed and what had no counterpart.
struct FieldRenamer<'a> {
    neighbour: &'a Spec,
    renamed: usize,
    unmatched: HashSet<String>,
}

impl FieldRenamer<'_> {
    /// `operands` with each field `target` (our encoding, if we have it) lacks renamed.
    fn rename(&mut self, target: Option<&Encoding>, operands: &[Operand]) -> Vec<Operand> {
        let mut operands = operands.to_vec();
        let Some(target) = target else {
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
            let theirs = op_encoding_field(self.neighbour, target.name.as_str(), &field);
            match theirs.and_then(|t| target.fields.iter().find(|f| f.ranges == t.ranges)) {
                Some(ours) => {
                    op.field = Some(ours.name.clone());
                    self.renamed += 1;
                }
                None => {
                    self.unmatched.insert(format!("{}.{}", target.name, field));
                }
            }
        }
        operands
    }

    /// Notes in `spec`, as source `id`, what was renamed and what had no counterpart.
    fn note(self, spec: &mut Spec, id: SourceId) {
        let renamed = self.renamed;
        if renamed > 0 {
            spec.notes.push((
                id,
                format!(
                    "{renamed} operand fields renamed to the opcode file's field at the same bits"
                ),
            ));
        }
        if !self.unmatched.is_empty() {
            let mut names: Vec<_> = self.unmatched.into_iter().collect();
            names.sort();
            spec.notes.push((
                id,
                format!(
                    "operand fields with no counterpart in the opcode file: {}",
                    names.join(", ")
                ),
            ));
        }
    }
}

/// Rule 2: every instruction form without operands takes the neighbour's list for the same
/// instruction and encoding (preferring the same condition, else its literal form).
fn fill_operand_lists(
    spec: &mut Spec,
    neighbour: &Spec,
    renamer: &mut FieldRenamer,
    id: SourceId,
    donor: impl Fn(&str) -> String,
    encodings: impl Fn(&Instruction, &str) -> bool,
) {
    for inst in &mut spec.instructions {
        let Some(theirs) = neighbour.instruction(&donor(&inst.name)) else {
            continue;
        };
        for form in &mut inst.encodings {
            if !form.operands.is_empty() || !encodings(theirs, &form.encoding) {
                continue;
            }
            let exact = theirs
                .encodings
                .iter()
                .find(|f| f.encoding == form.encoding && f.condition == form.condition);
            let Some(source_form) = exact
                .or_else(|| theirs.in_encoding(&form.encoding))
                .or_else(|| literal_form(theirs, form))
                .or_else(|| sdst_form(theirs, form))
                .or_else(|| matrix_form(theirs, form))
            else {
                continue;
            };
            if source_form.operands.is_empty() {
                continue;
            }
            let encoding = spec.encodings.iter().find(|e| e.name == form.encoding);
            form.operands = renamer.rename(encoding, &source_form.operands);
            form.operands_source = Some(id);
            // The neighbour lists this instruction only in its literal form: so is ours.
            form.encoding.clone_from(&source_form.encoding);
        }
    }
}

/// Literal forms taken by [`fill_operand_lists`] name the neighbour's literal encodings:
/// bring those along.
fn take_missing_encodings(spec: &mut Spec, neighbour: &Spec, id: SourceId) {
    // In the order the instructions first name them, so that every load of the spec lists
    // its encodings alike (a hash set's order differed from one load to the next).
    let mut seen = HashSet::new();
    let missing: Vec<String> = spec
        .instructions
        .iter()
        .flat_map(|i| &i.encodings)
        .map(|f| f.encoding.clone())
        .filter(|name| spec.encoding(name).is_none())
        .filter(|name| seen.insert(name.clone()))
        .collect();
    for name in missing {
        if let Some(enc) = neighbour.encoding(&name) {
            spec.encodings.push(Encoding {
                source: id,
                ..enc.clone()
            });
        }
    }
}

/// Rule 4: the instructions [`adopted_instructions`] lists for `arch`, in their cited forms
/// whose encoding we have and whose (encoding, opcode) slot is free (added to the opcode
/// file's instruction where it has one). Returns their names.
fn adopt_instructions(
    arch: Arch,
    spec: &mut Spec,
    neighbour: &Spec,
    renamer: &mut FieldRenamer,
    id: SourceId,
) -> Vec<String> {
    let mut adopted = Vec::new();
    for adoption in adopted_instructions(arch) {
        let ours = spec.instruction(adoption.name).is_some();
        let Some(theirs) = neighbour.instruction(adoption.name) else {
            continue;
        };
        let cited = |f: &InstructionEncoding| match adoption.source {
            AmdSource::NeighbourXml {
                encoding, opcode, ..
            } => f.encoding == encoding && f.opcode == opcode,
            AmdSource::Manual { .. } => !ours,
        };
        if adopt_forms(spec, theirs, renamer, id, cited) {
            adopted.push(theirs.name.clone());
        }
    }
    adopted
}

/// Adds `theirs`' forms that `cited` picks to `spec`, where the encoding exists in `spec` and
/// its (encoding, opcode) slot is free. Whether any form was added.
fn adopt_forms(
    spec: &mut Spec,
    theirs: &Instruction,
    renamer: &mut FieldRenamer,
    id: SourceId,
    cited: impl Fn(&InstructionEncoding) -> bool,
) -> bool {
    let forms: Vec<InstructionEncoding> = theirs
        .encodings
        .iter()
        .filter(|f| cited(f))
        .filter(|f| slot_free(spec, f) && spec.encoding(&f.encoding).is_some())
        .map(|f| InstructionEncoding {
            operands: renamer.rename(spec.encoding(&f.encoding), &f.operands),
            source: id,
            operands_source: (!f.operands.is_empty()).then_some(id),
            ..f.clone()
        })
        .collect();
    if forms.is_empty() {
        return false;
    }
    match spec.instructions.iter_mut().find(|i| i.name == theirs.name) {
        Some(inst) => inst.encodings.extend(forms),
        None => spec.instructions.push(Instruction {
            encodings: forms,
            ..theirs.clone()
        }),
    }
    spec.reindex();
    true
}

/// How one processor's instructions differ from its architecture's, by AMD name, and the
/// document that says so. LLVM's syntax documentation lists "instructions specific to"
/// gfx1011/gfx1012 (the dot products) and gfx1013 (ray tracing), which the RDNA1 manual,
/// written for gfx1010, omits; a generic processor lacks some of its family's instructions
/// (gfx9-4-generic: no FP8/BF8 or XF32 instructions). The caller reads that
/// documentation; this crate knows none.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TargetAdditions {
    /// Where the lists come from (`llvm-docs/22.1.8/AMDGPU/AMDGPUAsmGFX1011.rst`).
    pub source: String,
    /// Upper-case AMD names of instructions the processor adds.
    pub names: Vec<String>,
    /// Upper-case parts of AMD names (`FP8`, `XF32`): the instructions whose name has one
    /// are not on this processor.
    pub withheld: Vec<String>,
}

/// Applies `additions` to `spec` (one processor's copy of its architecture's spec): adopts
/// every form of the named instructions `spec` lacks from `neighbour`, the file that already
/// stands in for the architecture's operand facts (its forms and opcodes are AMD's; an
/// (encoding, opcode) slot the architecture uses is never taken), then what is still missing
/// from `elder`, the generation before, in the opcode tables it shares; and drops the
/// withheld instructions. Notes what was adopted, what no file has, and what was dropped.
pub fn apply_target_additions(
    spec: &mut Spec,
    neighbour: Option<&Spec>,
    elder: Option<&Spec>,
    additions: &TargetAdditions,
) {
    let source = &additions.source;
    let mut absent: Vec<String> = (additions.names.iter())
        .filter(|name| spec.instruction(name).is_none())
        .cloned()
        .collect();
    if let Some(neighbour) = neighbour {
        absent = adopt_additions(spec, neighbour, &absent, source);
    }
    if let Some(elder) = elder {
        absent = adopt_from_elder(spec, elder, &absent, source);
    }
    if !absent.is_empty() {
        // LLVM may spell an instruction the files have otherwise (V_FMA_MIX_F32 for
        // V_MAD_MIX_F32 on gfx904/gfx906).
        let (n, names) = (absent.len(), absent.join(", "));
        let note = format!("{n} names {source} lists are in no file: {names}");
        spec.notes.push((0, note));
    }
    let before = spec.instructions.len();
    let withheld = |name: &str| additions.withheld.iter().any(|w| name.contains(w.as_str()));
    spec.instructions.retain(|i| !withheld(&i.name));
    let dropped = before - spec.instructions.len();
    if dropped > 0 {
        let parts = additions.withheld.join(", ");
        let note = format!("{dropped} instructions named with {parts} dropped ({source})");
        spec.notes.push((0, note));
        spec.reindex();
    }
}

/// The adoption half of [`apply_target_additions`] from the operand neighbour: adopts the
/// `names` `spec` lacks; returns those the neighbour does not have either.
fn adopt_additions(
    spec: &mut Spec,
    neighbour: &Spec,
    names: &[String],
    source: &str,
) -> Vec<String> {
    // The neighbour is a source of this spec already (it stands in for the operand facts),
    // or becomes one only if something is taken from it.
    let known = spec.sources.iter().position(|s| *s == neighbour.sources[0]);
    let id = known.unwrap_or(spec.sources.len());
    let mut renamer = FieldRenamer {
        neighbour,
        renamed: 0,
        unmatched: HashSet::new(),
    };
    let (mut adopted, mut absent) = (Vec::new(), Vec::new());
    for name in names {
        if spec.instruction(name).is_some() {
            continue;
        }
        match neighbour.instruction(name) {
            Some(theirs) if adopt_forms(spec, theirs, &mut renamer, id, |_| true) => {
                adopted.push(name.as_str())
            }
            _ => absent.push(name.clone()),
        }
    }
    if !adopted.is_empty() {
        if known.is_none() {
            spec.sources.push(neighbour.sources[0].clone());
        }
        renamer.note(spec, id);
        let (n, names) = (adopted.len(), adopted.join(", "));
        let note = format!("{n} instructions {source} lists for this processor adopted: {names}");
        spec.notes.push((id, note));
    }
    absent
}

/// Rule 4 for an architecture without a neighbour file: the instructions
/// [`adopted_instructions`] lists for `arch` with a manual citation, taken from the elder
/// generation's composed spec ([`Arch::elder`]) as [`adopt_from_elder`] takes them.
pub fn adopt_cited_from_elder(arch: Arch, spec: &mut Spec, elder: &Spec) {
    let cited: Vec<String> = (adopted_instructions(arch).iter())
        .filter(|a| matches!(a.source, AmdSource::Manual { .. }))
        .filter(|a| spec.instruction(a.name).is_none())
        .map(|a| a.name.to_string())
        .collect();
    if cited.is_empty() {
        return;
    }
    let manual = format!("the {} manual", spec.architecture);
    let absent = adopt_from_elder(spec, elder, &cited, &manual);
    if !absent.is_empty() {
        let note = format!(
            "cited but not in the elder generation: {}",
            absent.join(", ")
        );
        spec.notes.push((0, note));
    }
}

/// The adoption half of [`apply_target_additions`] from the elder generation's composed spec
/// ([`Arch::elder`]): of the `names` `spec` still lacks, the forms in an encoding whose opcode
/// table the elder shares ([`shared_opcode_tables`]), their opcodes from the elder's file and
/// their operand lists from wherever the elder took them. Returns the names still absent.
fn adopt_from_elder(spec: &mut Spec, elder: &Spec, names: &[String], source: &str) -> Vec<String> {
    let shared = shared_opcode_tables(spec, elder);
    let (mut adopted, mut absent) = (Vec::new(), Vec::new());
    for name in names {
        let Some(theirs) = elder.instruction(name) else {
            absent.push(name.clone());
            continue;
        };
        let forms: Vec<InstructionEncoding> = theirs
            .encodings
            .iter()
            .filter(|f| shared.contains(f.encoding.as_str()) && slot_free(spec, f))
            .filter(|f| fields_exist(spec, f))
            .cloned()
            .collect();
        if forms.is_empty() {
            absent.push(name.clone());
            continue;
        }
        let forms = forms
            .into_iter()
            .map(|f| InstructionEncoding {
                source: source_id(spec, &elder.sources[f.source]),
                operands_source: f
                    .operands_source
                    .map(|s| source_id(spec, &elder.sources[s])),
                ..f
            })
            .collect();
        spec.instructions.push(Instruction {
            encodings: forms,
            ..theirs.clone()
        });
        adopted.push(name.as_str());
    }
    if !adopted.is_empty() {
        spec.reindex();
        let (n, names) = (adopted.len(), adopted.join(", "));
        let tables = shared.into_iter().collect::<Vec<_>>().join(", ");
        let note = format!(
            "{n} instructions {source} lists adopted from the elder generation's {} \
             (opcode tables it shares: {tables}): {names}",
            elder.architecture
        );
        spec.notes.push((0, note));
    }
    absent
}

/// The encodings whose opcode table `elder` shares with `spec`: both have the encoding, and
/// every instruction both list in it sits at the same opcodes in both. RDNA1's SMEM table is
/// Vega's less the scalar stores and atomics; its DS, MUBUF and ALU tables were renumbered.
fn shared_opcode_tables<'a>(spec: &Spec, elder: &'a Spec) -> std::collections::BTreeSet<&'a str> {
    let opcodes = |s: &Spec, name: &str, encoding: &str| -> Vec<u32> {
        let mut ops: Vec<u32> = s
            .instruction(name)
            .into_iter()
            .flat_map(|i| &i.encodings)
            .filter(|f| f.encoding == encoding)
            .map(|f| f.opcode)
            .collect();
        ops.sort_unstable();
        ops
    };
    let mut shared = std::collections::BTreeSet::new();
    for encoding in &elder.encodings {
        let e = encoding.name.as_str();
        if spec.encoding(e).is_none() {
            continue;
        }
        let mut both = 0usize;
        let agrees = elder.instructions.iter().all(|i| {
            let (theirs, ours) = (opcodes(elder, &i.name, e), opcodes(spec, &i.name, e));
            if theirs.is_empty() || ours.is_empty() {
                return true;
            }
            both += 1;
            theirs == ours
        });
        if agrees && both > 0 {
            shared.insert(e);
        }
    }
    shared
}

/// The id of `file` among `spec`'s sources, added if new.
fn source_id(spec: &mut Spec, file: &SourceFile) -> SourceId {
    match spec.sources.iter().position(|s| s == file) {
        Some(id) => id,
        None => {
            spec.sources.push(file.clone());
            spec.sources.len() - 1
        }
    }
}

/// Whether every field `form`'s operands name is a field of its encoding in `spec`.
fn fields_exist(spec: &Spec, form: &InstructionEncoding) -> bool {
    let Some(encoding) = spec.encoding(&form.encoding) else {
        return false;
    };
    form.operands
        .iter()
        .filter_map(|op| op.field.as_deref())
        .all(|field| encoding.field(field).is_some())
}

/// Whether `form`'s (encoding, opcode) slot is free in `spec`.
fn slot_free(spec: &Spec, form: &InstructionEncoding) -> bool {
    !spec.instructions.iter().any(|i| {
        i.encodings
            .iter()
            .any(|g| g.encoding == form.encoding && g.opcode == form.opcode)
    })
}

/// Rule 3: operand types and data formats the opcode file lacks. Returns how many data
/// formats were taken.
fn take_missing_types(spec: &mut Spec, neighbour: &Spec, id: SourceId) -> usize {
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
    formats
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

/// The neighbour's `VOP3_SDST_ENC` form standing for an `ENC_VOP3` form with the same
/// opcode: the manual files give every VOP3 form of a VOP2/VOPC instruction by the manuals'
/// opcode rule, as VOP3A, while carry-out and compare-like instructions (V_ADD_CO_U32,
/// V_DIV_SCALE_F32...) are VOP3B, with a scalar destination.
fn sdst_form<'a>(
    theirs: &'a Instruction,
    form: &InstructionEncoding,
) -> Option<&'a InstructionEncoding> {
    (form.encoding == "ENC_VOP3").then_some(())?;
    theirs
        .encodings
        .iter()
        .find(|f| f.encoding == "VOP3_SDST_ENC" && f.opcode == form.opcode)
}

/// The neighbour's `VOP3P_MFMA` form standing for an `ENC_VOP3P` form: the CDNA1 and CDNA2
/// manuals list the matrix ops in the VOP3P opcode table, while their words are the MFMA
/// format both manuals describe beside it. The instruction is found under the neighbour's
/// name or the older name it keeps as an alias (V_MFMA_F32_32X32X1F32); its operands are
/// the instruction's whatever opcode CDNA3 gave it (V_MFMA_F32_16X16X16BF16_1K: 103 on
/// CDNA2, 97 on CDNA3), and ours keeps its own opcode.
fn matrix_form<'a>(
    theirs: &'a Instruction,
    form: &InstructionEncoding,
) -> Option<&'a InstructionEncoding> {
    (form.encoding == "ENC_VOP3P").then_some(())?;
    theirs.encodings.iter().find(|f| f.encoding == "VOP3P_MFMA")
}

fn op_encoding_field<'a>(spec: &'a Spec, encoding: &str, field: &str) -> Option<&'a Field> {
    spec.encoding(encoding)?.field(field)
}
