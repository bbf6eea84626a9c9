//! Per-arch facts from AMD's ISA manuals (`amd-isa/derived/manuals-md/<arch>.md`) that the
//! partial and manual spec files lack: scalar operand codes, the bit fields of partitioned
//! immediates (S_WAITCNT, hwreg, sendmsg, s_delay_alu...) and the literal-constant codes.
//!
//! Each table entry cites the manual section it comes from. Names follow the official
//! CDNA3 XML's spelling (`VCC_LO`, `TTMP0`, `SRC_SCC`, `"0.15915494"`, `"-16"`...), plus `NULL`.
//!
//! [`apply`] only fills gaps: it adds an operand type the spec lacks (when some operand uses
//! it), predefined values whose names a type lacks, fields a partitioned type lacks, and bit
//! ranges of fields that have none. It never changes a value the spec files give; the test
//! `cdna3_supplement_agrees_with_official_file` checks the tables against the official CDNA3 file.

use crate::model::*;
use crate::targets::Arch;

/// Operand type holding the special SRC0 codes that announce an extension dword (DPP, SDWA).
/// The official files express these as separate encodings; the type name is the supplement's own.
pub const SRC0_EXTENSION_TYPE: &str = "SUPPLEMENT_SRC0_EXTENSION";

/// Operand type holding `OFF`, the code a FLAT/GLOBAL/SCRATCH SADDR field holds when the
/// instruction has no scalar address (`off`): NULL's code from GFX10, and on GFX9, which has
/// no NULL, 0x7F (CDNA3 and Vega manuals, FLAT microcode format: "To disable, set this field
/// to 0x7F"). The type name is the supplement's own.
pub const SCALAR_ADDRESS_OFF_TYPE: &str = "SUPPLEMENT_SCALAR_ADDRESS_OFF";

/// Which generation's operand-code table an arch follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Generation {
    /// GFX6 (GCN1, Southern Islands).
    Gfx6,
    /// GFX7 (GCN2, Sea Islands).
    Gfx7,
    /// GFX8 (GCN3).
    Gfx8,
    /// GFX9 (Vega, CDNA1-4).
    Gfx9,
    /// GFX10 (RDNA1, RDNA2).
    Gfx10,
    /// GFX11 (RDNA3, RDNA3.5).
    Gfx11,
    /// GFX12 (RDNA4).
    Gfx12,
    /// GFX12.5 (CDNA5).
    Gfx125,
}

fn generation(arch: Arch) -> Generation {
    match arch {
        Arch::Vega | Arch::Vega7 | Arch::Cdna1 | Arch::Cdna2 | Arch::Cdna3 | Arch::Cdna4 => {
            Generation::Gfx9
        }
        Arch::Rdna1 | Arch::Rdna2 => Generation::Gfx10,
        Arch::Rdna3 | Arch::Rdna3_5 => Generation::Gfx11,
        Arch::Rdna4 => Generation::Gfx12,
        Arch::Cdna5 => Generation::Gfx125,
        Arch::Gcn3 => Generation::Gfx8,
        Arch::Gcn2 => Generation::Gfx7,
        Arch::Gcn1 => Generation::Gfx6,
    }
}

/// Scalar operand codes of one generation.
///
/// Sources: CDNA3 §5.2 "Scalar ALU Operands" and §6.2 "Operands"; RDNA1/RDNA2 §6.2 "Operands"
/// (Table 20 "Instruction Operands"); RDNA3, RDNA3.5, RDNA4 and CDNA5 §4.1 "Common Instruction
/// Fields" (the scalar/vector source code table).
struct ScalarCodes {
    /// Number of SGPRs addressable as s0..s(n-1): 102 on GFX9, 106 from GFX10.
    sgprs: i64,
    /// FLAT_SCRATCH_LO/HI (102/103) and XNACK_MASK_LO/HI (104/105): GFX8 and GFX9.
    gfx9_specials: bool,
    /// FLAT_SCRATCH_LO/HI at 104/105, after s0-s103 (GFX7).
    flat_scratch_104: bool,
    /// 1/(2*PI) as inline constant 248 (from GFX8).
    inv_2pi: bool,
    /// TBA_LO/HI and TMA_LO/HI at 108-111 and twelve TTMPs from 112 (GFX8); otherwise
    /// sixteen TTMPs from 108.
    trap_registers: bool,
    m0: i64,
    /// NULL exists from GFX10: 125 on GFX10, 124 from GFX11 (M0 moved to 125).
    null: Option<i64>,
    /// 235..=238 memory apertures that exist (GFX12.5 drops the private ones).
    apertures: &'static [(&'static str, i64)],
    /// SRC_POPS_EXITING_WAVE_ID (239): GFX9 and GFX10; reserved from GFX11.
    pops_exiting_wave_id: bool,
    /// SRC_VCCZ (251) and SRC_EXECZ (252): GFX9 and GFX10; reserved from GFX11.
    vccz_execz: bool,
    /// SRC_LDS_DIRECT (254) as a vector source: GFX10 (RDNA1/2) lists it; GFX11+ reserves 254
    /// (on GFX9 the architecture decides, [`arch_codes`]).
    lds_direct: bool,
    /// The SADDR code of `off` ([`SCALAR_ADDRESS_OFF_TYPE`]), and another code that also
    /// disables SADDR, which the assembler never writes.
    scalar_address_off: i64,
    scalar_address_off_also: Option<i64>,
    /// Extra scalar sources: GFX12.5 FLAT_SCRATCH_BASE_LO/HI at 230/231.
    extra_sources: &'static [(&'static str, i64)],
    /// Codes that announce an extension dword when used as SRC0 of VOP1/VOP2/VOPC.
    src0_extensions: &'static [(&'static str, i64)],
    /// Literal constant codes: (name, code, dwords that follow the instruction).
    literals: &'static [(&'static str, i64, u32)],
}

const APERTURES: &[(&str, i64)] = &[
    ("SRC_SHARED_BASE", 235),
    ("SRC_SHARED_LIMIT", 236),
    ("SRC_PRIVATE_BASE", 237),
    ("SRC_PRIVATE_LIMIT", 238),
];

/// Code 255: a 32-bit literal dword follows the instruction (every generation's operand table).
const LITERAL32: &[(&str, i64, u32)] = &[("SRC_LITERAL", 255, 1)];

fn scalar_codes(generation: Generation) -> ScalarCodes {
    match generation {
        // CDNA3 §5.2 Table "Scalar operands" and §6.2: s0-s101, FLAT_SCRATCH 102/103,
        // XNACK_MASK 104/105, M0 124; SDWA 249 and DPP 250 as VOP SRC0 (CDNA3 §6.2).
        // GCN3 §6.2 Table 6.1 "Instruction Operands" (and §5 Table 5.1): s0-s101,
        // FLAT_SCRATCH 102/103, XNACK_MASK 104/105, VCC 106/107, TBA 108/109, TMA 110/111,
        // ttmp0-11 112-123, M0 124, 1/(2*PI) 248, VCCZ 251, EXECZ 252, SCC 253, LDS direct
        // 254; 209-239 reserved (no apertures, no POPS id). The table lists 249/250 as
        // reserved; they announce the SDWA and DPP dwords (§13 VOP_SDWA, VOP_DPP) as on GFX9.
        // Sea Islands §6.2 Table 6.1 "Instruction Operands": s0-s103, FLATSCR 104/105, VCC,
        // TBA, TMA and ttmp0-11 as GFX8, 248-250 reserved (no 1/(2*PI)), no SDWA or DPP.
        // GFX6 as GFX7 without FLAT, so without FLAT_SCRATCH (Sea Islands preface, "Summary
        // of kernel instruction change from S.I. to C.I.": the FLAT format is new in CI).
        Generation::Gfx6 | Generation::Gfx7 => ScalarCodes {
            sgprs: 104,
            gfx9_specials: false,
            flat_scratch_104: generation == Generation::Gfx7,
            inv_2pi: false,
            trap_registers: true,
            m0: 124,
            null: None,
            scalar_address_off: 0x7f,
            scalar_address_off_also: None,
            apertures: &[],
            pops_exiting_wave_id: false,
            vccz_execz: true,
            lds_direct: true,
            extra_sources: &[],
            src0_extensions: &[],
            literals: LITERAL32,
        },
        Generation::Gfx8 => ScalarCodes {
            sgprs: 102,
            gfx9_specials: true,
            flat_scratch_104: false,
            inv_2pi: true,
            trap_registers: true,
            m0: 124,
            null: None,
            scalar_address_off: 0x7f,
            scalar_address_off_also: None,
            apertures: &[],
            pops_exiting_wave_id: false,
            vccz_execz: true,
            lds_direct: true,
            extra_sources: &[],
            src0_extensions: &[("SDWA", 249), ("DPP", 250)],
            literals: LITERAL32,
        },
        Generation::Gfx9 => ScalarCodes {
            sgprs: 102,
            gfx9_specials: true,
            flat_scratch_104: false,
            inv_2pi: true,
            trap_registers: false,
            m0: 124,
            null: None,
            scalar_address_off: 0x7f,
            scalar_address_off_also: None,
            apertures: APERTURES,
            pops_exiting_wave_id: true,
            vccz_execz: true,
            lds_direct: false,
            extra_sources: &[],
            src0_extensions: &[("SDWA", 249), ("DPP", 250)],
            literals: LITERAL32,
        },
        // RDNA1/RDNA2 §6.2 Table 20: M0 124, NULL 125, DPP8 233, DPP8FI 234, POPS 239,
        // SDWA 249, DPP16 250, VCCZ 251, EXECZ 252, SCC 253, LDS direct 254, literal 255.
        Generation::Gfx10 => ScalarCodes {
            sgprs: 106,
            gfx9_specials: false,
            flat_scratch_104: false,
            inv_2pi: true,
            trap_registers: false,
            m0: 124,
            null: Some(125),
            scalar_address_off: 125,
            // RDNA1/RDNA2 ISA, FLAT microcode fields: "Set this field to NULL or 0x7f to
            // disable use."
            scalar_address_off_also: Some(0x7f),
            apertures: APERTURES,
            pops_exiting_wave_id: true,
            vccz_execz: true,
            lds_direct: true,
            extra_sources: &[],
            src0_extensions: &[
                ("DPP8", 233),
                ("DPP8FI", 234),
                ("SDWA", 249),
                ("DPP16", 250),
            ],
            literals: LITERAL32,
        },
        // RDNA3/RDNA3.5 §4.1 and RDNA4 §4.1: NULL 124, M0 125; 239, 249, 251, 252, 254 reserved.
        Generation::Gfx11 | Generation::Gfx12 => ScalarCodes {
            sgprs: 106,
            gfx9_specials: false,
            flat_scratch_104: false,
            inv_2pi: true,
            trap_registers: false,
            m0: 125,
            null: Some(124),
            scalar_address_off: 124,
            scalar_address_off_also: None,
            apertures: APERTURES,
            pops_exiting_wave_id: false,
            vccz_execz: false,
            lds_direct: false,
            extra_sources: &[],
            src0_extensions: &[("DPP8", 233), ("DPP8FI", 234), ("DPP16", 250)],
            literals: LITERAL32,
        },
        // CDNA5 §4.1: as GFX12, but 230/231 FLAT_SCRATCH_BASE_LO/HI, 237/238 reserved,
        // and 254 is a 64-bit literal (two dwords follow).
        Generation::Gfx125 => ScalarCodes {
            sgprs: 106,
            gfx9_specials: false,
            flat_scratch_104: false,
            inv_2pi: true,
            trap_registers: false,
            m0: 125,
            null: Some(124),
            scalar_address_off: 124,
            scalar_address_off_also: None,
            apertures: &APERTURES[..2],
            pops_exiting_wave_id: false,
            vccz_execz: false,
            lds_direct: false,
            extra_sources: &[
                ("SRC_FLAT_SCRATCH_BASE_LO", 230),
                ("SRC_FLAT_SCRATCH_BASE_HI", 231),
            ],
            src0_extensions: &[("DPP8", 233), ("DPP8FI", 234), ("DPP16", 250)],
            literals: &[("SRC_LITERAL64", 254, 2), ("SRC_LITERAL", 255, 1)],
        },
    }
}

fn value(name: impl Into<String>, value: i64) -> PredefinedValue {
    PredefinedValue {
        name: name.into(),
        value,
    }
}

/// Named value groups the operand types are built from.
struct Groups {
    /// SGPRs, GFX9 specials, VCC, TTMPs (what OPR_SREG holds), without NULL.
    sreg: Vec<PredefinedValue>,
    null: Vec<PredefinedValue>,
    m0: Vec<PredefinedValue>,
    exec: Vec<PredefinedValue>,
    /// Inline integers 0..=64 (128..=192) and -1..=-16 (193..=208).
    ints: Vec<PredefinedValue>,
    /// Inline floats 240..=248.
    floats: Vec<PredefinedValue>,
    /// SRC_VCCZ/EXECZ/SCC, apertures, POPS id and other read-only scalar sources.
    specials: Vec<PredefinedValue>,
    literals: Vec<PredefinedValue>,
    lds_direct: Vec<PredefinedValue>,
    /// v0..v255 as a 9-bit source (256..=511).
    vgpr_src: Vec<PredefinedValue>,
    /// v0..v255 as an 8-bit VGPR field (0..=255).
    vgpr: Vec<PredefinedValue>,
    src0_extensions: Vec<PredefinedValue>,
    scalar_address_off: Vec<PredefinedValue>,
}

fn groups(codes: &ScalarCodes) -> Groups {
    let mut sreg: Vec<_> = (0..codes.sgprs)
        .map(|i| value(format!("s{i}"), i))
        .collect();
    if codes.gfx9_specials {
        sreg.extend([
            value("FLAT_SCRATCH_LO", 102),
            value("FLAT_SCRATCH_HI", 103),
            value("XNACK_MASK_LO", 104),
            value("XNACK_MASK_HI", 105),
        ]);
    }
    if codes.flat_scratch_104 {
        sreg.extend([value("FLAT_SCRATCH_LO", 104), value("FLAT_SCRATCH_HI", 105)]);
    }
    sreg.extend([value("VCC_LO", 106), value("VCC_HI", 107)]);
    if codes.trap_registers {
        sreg.extend([
            value("TBA_LO", 108),
            value("TBA_HI", 109),
            value("TMA_LO", 110),
            value("TMA_HI", 111),
        ]);
        sreg.extend((0..12).map(|i| value(format!("TTMP{i}"), 112 + i)));
    } else {
        sreg.extend((0..16).map(|i| value(format!("TTMP{i}"), 108 + i)));
    }

    let mut ints: Vec<_> = (0..=64).map(|i| value(i.to_string(), 128 + i)).collect();
    ints.extend((1..=16).map(|i| value(format!("-{i}"), 192 + i)));
    let floats = [
        "0.5",
        "-0.5",
        "1.0",
        "-1.0",
        "2.0",
        "-2.0",
        "4.0",
        "-4.0",
        "0.15915494",
    ]
    .iter()
    .zip(240..)
    .map(|(name, code)| value(*name, code))
    .filter(|v| codes.inv_2pi || v.value != 248)
    .collect();

    let mut specials = Vec::new();
    if codes.vccz_execz {
        specials.extend([value("SRC_VCCZ", 251), value("SRC_EXECZ", 252)]);
    }
    specials.push(value("SRC_SCC", 253));
    specials.extend(codes.apertures.iter().map(|(n, c)| value(*n, *c)));
    if codes.pops_exiting_wave_id {
        specials.push(value("SRC_POPS_EXITING_WAVE_ID", 239));
    }
    specials.extend(codes.extra_sources.iter().map(|(n, c)| value(*n, *c)));

    Groups {
        sreg,
        null: codes.null.map(|c| value("NULL", c)).into_iter().collect(),
        m0: vec![value("M0", codes.m0)],
        exec: vec![value("EXEC_LO", 126), value("EXEC_HI", 127)],
        ints,
        floats,
        specials,
        literals: codes
            .literals
            .iter()
            .map(|(n, c, _)| value(*n, *c))
            .collect(),
        lds_direct: if codes.lds_direct {
            vec![value("SRC_LDS_DIRECT", 254)]
        } else {
            Vec::new()
        },
        vgpr_src: (0..256).map(|i| value(format!("v{i}"), 256 + i)).collect(),
        vgpr: (0..256).map(|i| value(format!("v{i}"), i)).collect(),
        src0_extensions: codes
            .src0_extensions
            .iter()
            .map(|(n, c)| value(*n, *c))
            .collect(),
        scalar_address_off: std::iter::once(codes.scalar_address_off)
            .chain(codes.scalar_address_off_also)
            .map(|code| value("OFF", code))
            .collect(),
    }
}

fn plain_type(name: &str, parts: &[&[PredefinedValue]]) -> OperandType {
    OperandType {
        name: name.into(),
        partitioned: false,
        subtypes: Vec::new(),
        predefined: parts.iter().flat_map(|p| p.iter().cloned()).collect(),
        fields: Vec::new(),
        source: 0,
    }
}

/// Scalar and vector register/constant operand types, by the names the spec files use.
fn register_types(g: &Groups) -> Vec<OperandType> {
    let ssrc_nolit: &[&[PredefinedValue]] = &[
        &g.sreg,
        &g.null,
        &g.m0,
        &g.exec,
        &g.ints,
        &g.floats,
        &g.specials,
    ];
    fn with<'a>(
        base: &[&'a [PredefinedValue]],
        extra: &[&'a [PredefinedValue]],
    ) -> Vec<&'a [PredefinedValue]> {
        base.iter().chain(extra).copied().collect()
    }
    let lanesel_ints: Vec<_> = g
        .ints
        .iter()
        .filter(|v| (128..=191).contains(&v.value))
        .cloned()
        .collect();
    let sreg_novcc: Vec<_> = g
        .sreg
        .iter()
        .filter(|v| !v.name.starts_with("VCC_"))
        .cloned()
        .collect();
    vec![
        plain_type("OPR_SREG", &[&g.sreg, &g.null]),
        plain_type("OPR_SREG_NONULL", &[&g.sreg]),
        plain_type("OPR_SREG_NOVCC", &[&sreg_novcc, &g.null]),
        plain_type("OPR_SDST", &[&g.sreg, &g.null, &g.m0, &g.exec]),
        plain_type("OPR_SDST_NULL", &[&g.sreg, &g.null, &g.m0, &g.exec]),
        plain_type("OPR_SDST_EXEC", &[&g.exec]),
        plain_type("OPR_EXEC", &[&g.exec]),
        plain_type("OPR_SDST_M0", &[&g.m0]),
        plain_type("OPR_SSRC_SPECIAL_SCC", &[&[value("SRC_SCC", 253)]]),
        plain_type("OPR_SMEM_OFFSET", &[&g.sreg, &g.null, &g.m0]),
        plain_type("OPR_SMEM_OFFSET_NOK", &[&g.sreg, &g.null, &g.m0]),
        plain_type("OPR_SREG_M0", &[&g.sreg, &g.null, &g.m0]),
        plain_type("OPR_SREG_M0_INL", &[&g.sreg, &g.null, &g.m0, &g.ints]),
        plain_type(
            "OPR_SSRC_LANESEL",
            &[&g.sreg, &g.null, &g.m0, &lanesel_ints],
        ),
        plain_type("OPR_SSRC_NOLIT", ssrc_nolit),
        plain_type("OPR_SSRC", &with(ssrc_nolit, &[&g.literals])),
        plain_type("OPR_SSRC_NOLDS", &with(ssrc_nolit, &[&g.literals])),
        plain_type("OPR_SREG_LITERAL", &with(ssrc_nolit, &[&g.literals])),
        plain_type("OPR_SSRC_BARRIER_ID", &with(ssrc_nolit, &[&g.literals])),
        plain_type(
            "OPR_SRC",
            &with(ssrc_nolit, &[&g.literals, &g.lds_direct, &g.vgpr_src]),
        ),
        plain_type(
            "OPR_SRC_NOLDS",
            &with(ssrc_nolit, &[&g.literals, &g.vgpr_src]),
        ),
        plain_type(
            "OPR_SRC_NOLIT",
            &with(ssrc_nolit, &[&g.lds_direct, &g.vgpr_src]),
        ),
        plain_type("OPR_SRC_VGPR", &[&g.vgpr_src]),
        plain_type("OPR_VGPR_OR_LDS", &[&g.lds_direct, &g.vgpr_src]),
        plain_type("OPR_SRC_VGPR_OR_INLINE", &[&g.vgpr_src, &g.ints, &g.floats]),
        plain_type("OPR_VGPR", &[&g.vgpr]),
        plain_type(SRC0_EXTENSION_TYPE, &[&g.src0_extensions]),
        plain_type(SCALAR_ADDRESS_OFF_TYPE, &[&g.scalar_address_off]),
    ]
}

/// A field of a partitioned immediate: name and (offset, bit count) ranges, low part first.
fn field(name: &str, ranges: &[(u32, u32)], predefined: &[(&str, i64)]) -> OperandTypeField {
    OperandTypeField {
        name: name.into(),
        ranges: ranges
            .iter()
            .map(|&(offset, count)| BitRange::new(offset, count))
            .collect(),
        predefined: predefined.iter().map(|(n, v)| value(*n, *v)).collect(),
    }
}

fn partitioned_type(name: &str, fields: Vec<OperandTypeField>) -> OperandType {
    OperandType {
        name: name.into(),
        partitioned: true,
        subtypes: Vec::new(),
        predefined: Vec::new(),
        fields,
        source: 0,
    }
}

/// Partitioned SIMM16 operand types (bit positions inside the 16-bit immediate).
fn partitioned_types(generation: Generation) -> Vec<OperandType> {
    let mut types = vec![hwreg_type()];
    types.extend(waitcnt_type(generation));
    types.push(sendmsg_type(generation));
    if matches!(
        generation,
        Generation::Gfx11 | Generation::Gfx12 | Generation::Gfx125
    ) {
        types.extend(sopp_control_types());
    }
    types.extend(split_wait_types(generation));
    types
}

/// S_GETREG/S_SETREG: ID [5:0], OFFSET [10:6], SIZE-1 [15:11]. CDNA3 §12.2 SOPK table,
/// RDNA1/2 §12.2 (S_GETREG_B32 row), RDNA3/3.5/4 §16.2, CDNA5 §15.2 (S_GETREG_B32).
fn hwreg_type() -> OperandType {
    partitioned_type(
        "OPR_HWREG",
        vec![
            field("ID", &[(0, 6)], &[]),
            field("OFFSET", &[(6, 5)], &[]),
            field("SIZE", &[(11, 5)], &[]),
        ],
    )
}

/// The combined S_WAITCNT counters; RDNA4 and CDNA5 have none (one instruction per counter).
fn waitcnt_type(generation: Generation) -> Option<OperandType> {
    use Generation::*;
    let fields = match generation {
        // CDNA3 §12.5 S_WAITCNT: vmcnt = {SIMM16[15:14], SIMM16[3:0]}, expcnt [6:4], lgkmcnt [11:8].
        // RDNA1/2 §12.5 SOPP table, S_WAITCNT row: lgkmcnt widened to [13:8].
        // GCN3 §12.5 S_WAITCNT: vm_cnt SIMM16[3:0], exp_cnt [6:4], lgkm_cnt [11:8]. The Sea
        // Islands manual gives GFX7's lgkm_cnt as [12:8] (§12.5) and as 10:8 (§4.4 table);
        // GFX8's four bits, between the two, are taken (and for GFX6, as GFX7).
        Gfx6 | Gfx7 | Gfx8 => vec![
            field("VM", &[(0, 4)], &[]),
            field("EXP", &[(4, 3)], &[]),
            field("LGKM", &[(8, 4)], &[]),
        ],
        Gfx9 | Gfx10 => vec![
            field("VM", &[(0, 4), (14, 2)], &[]),
            field("EXP", &[(4, 3)], &[]),
            field("LGKM", &[(8, if generation == Gfx9 { 4 } else { 6 })], &[]),
        ],
        // RDNA3/3.5 §16.5 S_WAITCNT: EXP [2:0], LGKM [9:4], VM [15:10].
        Gfx11 => vec![
            field("EXP", &[(0, 3)], &[]),
            field("LGKM", &[(4, 6)], &[]),
            field("VM", &[(10, 6)], &[]),
        ],
        Gfx12 | Gfx125 => return None,
    };
    Some(partitioned_type("OPR_WAITCNT", fields))
}

/// S_SENDMSG's message (with GS op and stream id where the generation has them).
fn sendmsg_type(generation: Generation) -> OperandType {
    use Generation::*;
    let fields = match generation {
        // GCN3 §12.5 S_SENDMSG: message SIMM16[3:0] (1 interrupt, 2 GS, 3 GS done, 15
        // system), GS op SIMM16[5:4] (0 nop, 1 cut, 2 emit, 3 emit-cut), stream id [9:8]; the
        // Sea Islands manual's S_SENDMSG entry gives GFX7 the same.
        Gfx6 | Gfx7 | Gfx8 => vec![
            field(
                "MSG",
                &[(0, 4)],
                &[
                    ("MSG_INTERRUPT", 1),
                    ("MSG_GS", 2),
                    ("MSG_GS_DONE", 3),
                    ("MSG_SYSMSG", 15),
                ],
            ),
            field(
                "GSOP",
                &[(4, 2)],
                &[
                    ("GS_OP_NOP", 0),
                    ("GS_OP_CUT", 1),
                    ("GS_OP_EMIT", 2),
                    ("GS_OP_EMIT_CUT", 3),
                ],
            ),
            field("STREAMID", &[(8, 2)], &[]),
        ],
        // CDNA3 §12.5.1 "Send Message": message in SIMM16[3:0], stream id in SIMM16[9:8];
        // message codes from the same table.
        Gfx9 => vec![
            field(
                "MSG",
                &[(0, 4)],
                &[
                    ("MSG_INTERRUPT", 1),
                    ("MSG_SAVEWAVE", 4),
                    ("MSG_STALL_WAVE_GEN", 5),
                    ("MSG_HALT_WAVES", 6),
                    ("MSG_GET_DOORBELL", 10),
                ],
            ),
            field("STREAMID", &[(8, 2)], &[]),
        ],
        // RDNA1/2 §12.5.1 "Send Message": message SIMM16[3:0], GS op SIMM16[6:4]
        // (0 nop, 1 cut, 2 emit, 3 emit-cut), stream id SIMM16[9:8].
        Gfx10 => vec![
            field(
                "MSG",
                &[(0, 4)],
                &[
                    ("MSG_GS", 2),
                    ("MSG_GS_DONE", 3),
                    ("MSG_SAVEWAVE", 4),
                    ("MSG_STALL_WAVE_GEN", 5),
                    ("MSG_HALT_WAVES", 6),
                    ("MSG_ORDERED_PS_DONE", 7),
                ],
            ),
            field(
                "GSOP",
                &[(4, 3)],
                &[
                    ("GS_OP_NOP", 0),
                    ("GS_OP_CUT", 1),
                    ("GS_OP_EMIT", 2),
                    ("GS_OP_EMIT_CUT", 3),
                ],
            ),
            field("STREAMID", &[(8, 2)], &[]),
        ],
        // RDNA3 §5.3 Table 15 / RDNA4 §5.4 Table 21: message in SIMM16[7:0].
        Gfx11 | Gfx12 => vec![field(
            "MSG",
            &[(0, 8)],
            &[
                ("MSG_INTERRUPT", 1),
                ("MSG_HS_TESSFACTOR", 2),
                ("MSG_DEALLOC_VGPRS", 3),
                ("MSG_GS_ALLOC_REQ", 9),
            ],
        )],
        // CDNA5 §5.4 Table 18: message in SIMM16[7:0].
        Gfx125 => vec![field(
            "MSG",
            &[(0, 8)],
            &[("MSG_INTERRUPT", 1), ("MSG_DEALLOC_VGPRS", 3)],
        )],
    };
    partitioned_type("OPR_SENDMSG", fields)
}

/// The RDNA3-and-later SOPP controls: S_SENDMSG_RTN, S_DELAY_ALU and S_CLAUSE.
fn sopp_control_types() -> Vec<OperandType> {
    vec![
        // RDNA3 §5.3 Table 16 / RDNA4 §5.4 Table 22: S_SENDMSG_RTN message in SSRC0[7:0].
        partitioned_type("OPR_SENDMSG_RTN", vec![field("MSG", &[(0, 8)], &[])]),
        // RDNA3/3.5/4 §16.5, CDNA5 SOPP chapter: S_DELAY_ALU InstID0 [3:0], InstSkip [6:4], InstID1 [10:7].
        partitioned_type(
            "OPR_DELAY",
            vec![
                field("INSTID0", &[(0, 4)], &[]),
                field("INSTSKIP", &[(4, 3)], &[]),
                field("INSTID1", &[(7, 4)], &[]),
            ],
        ),
        // Same sections, S_CLAUSE: length-1 in [5:0], break span in [11:8].
        partitioned_type(
            "OPR_CLAUSE",
            vec![
                field("LENGTH", &[(0, 6)], &[]),
                field("BREAK_SPAN", &[(8, 4)], &[]),
            ],
        ),
    ]
}

/// S_WAIT_EVENT and, from RDNA4, the split waits: S_WAIT_*_DSCNT and S_SLEEP.
fn split_wait_types(generation: Generation) -> Vec<OperandType> {
    use Generation::*;
    let mut types = Vec::new();
    match generation {
        // RDNA3/3.5 §16.5 S_WAIT_EVENT: bit 0.
        Gfx11 => types.push(partitioned_type(
            "OPR_WAIT_EVENT",
            vec![field("DONT_WAIT_EXPORT_READY", &[(0, 1)], &[])],
        )),
        Gfx12 | Gfx125 => {
            // RDNA4 §16.5 S_WAIT_EVENT: bit 1 (CDNA5 keeps RDNA4's SOPP layout for the rest).
            if generation == Gfx12 {
                types.push(partitioned_type(
                    "OPR_WAIT_EVENT",
                    vec![field("EXPORT_READY", &[(1, 1)], &[])],
                ));
            }
            // RDNA4 §16.5 / CDNA5 SOPP chapter: S_WAIT_LOADCNT_DSCNT and S_WAIT_STORECNT_DSCNT.
            types.push(partitioned_type(
                "OPR_WAIT_MEM_DS",
                vec![field("DS", &[(0, 6)], &[]), field("MEM", &[(8, 6)], &[])],
            ));
            // RDNA4 §16.5 S_SLEEP: duration [6:0], sleep-forever bit 15.
            types.push(partitioned_type(
                "OPR_SLEEP",
                vec![
                    field("DURATION", &[(0, 7)], &[]),
                    field("SLEEP_FOREVER", &[(15, 1)], &[]),
                ],
            ));
        }
        Gfx6 | Gfx7 | Gfx8 | Gfx9 | Gfx10 => {}
    }
    types
}

/// `arch`'s scalar operand codes: its generation's, with LDS direct (254) as a vector source
/// where the architecture's manual lists it (the Vega, Vega 7nm, CDNA1 and CDNA2 manuals'
/// vector source-operand tables; CDNA3 reserves 254).
fn arch_codes(arch: Arch) -> ScalarCodes {
    let mut codes = scalar_codes(generation(arch));
    codes.lds_direct |= matches!(arch, Arch::Vega | Arch::Vega7 | Arch::Cdna1 | Arch::Cdna2);
    codes
}

/// The supplement's operand types for `arch` (source id 0 until merged).
pub fn table(arch: Arch) -> Vec<OperandType> {
    let generation = generation(arch);
    let mut types = register_types(&groups(&arch_codes(arch)));
    types.extend(partitioned_types(generation));
    types
}

/// Literal-constant codes of `arch`'s scalar/vector source fields.
pub fn literal_codes(arch: Arch) -> Vec<LiteralCode> {
    arch_codes(arch)
        .literals
        .iter()
        .map(|&(name, code, dwords)| LiteralCode {
            name: name.into(),
            code,
            dwords,
            source: 0,
        })
        .collect()
}

/// A field a manual's format table leaves out: a fixed-value identifier field (`value`), or
/// an operand field (`value` none).
struct EncodingFieldFix {
    encoding: &'static str,
    field: &'static str,
    offset: u32,
    count: u32,
    value: Option<u32>,
    why: &'static str,
}

/// Fixed fields missing from a manual-derived file, each with the evidence for it.
fn encoding_fields(arch: Arch) -> Vec<EncodingFieldFix> {
    match arch {
        // CDNA2 manual §13.1.1, Table 54 "SOP2 Fields" lists SSRC0, SSRC1, SDST and OP [29:23]
        // but no ENCODING row; the same table in the CDNA1 manual (and the CDNA3 XML) has
        // ENCODING [31:30] = 'b10, and the SOP2 opcodes are the same.
        Arch::Cdna2 => vec![EncodingFieldFix {
            encoding: "ENC_SOP2",
            field: "ENCODING",
            offset: 30,
            count: 2,
            value: Some(0b10),
            why: "CDNA2 manual Table 54 omits the row; CDNA1 manual and CDNA3 XML agree",
        }],
        // The CDNA1 manual's MUBUF microcode table has no OFFSET row, though its MUBUF field
        // table gives a 12-bit unsigned byte offset; the Vega and CDNA2 manuals' MUBUF tables
        // (same fields at the same bits otherwise) put it at [11:0].
        Arch::Cdna1 => vec![EncodingFieldFix {
            encoding: "ENC_MUBUF",
            field: "OFFSET",
            offset: 0,
            count: 12,
            value: None,
            why: "CDNA1 manual MUBUF table omits the row; Vega and CDNA2 manuals agree",
        }],
        _ => Vec::new(),
    }
}

/// A 128-bit format made of two 64-bit words whose file gives the second word's
/// ENCODING+OP value as the identifier of the first word's bits: the value moves to the
/// second word's bits, and the first word's bits take the constant AMD's text gives them.
struct SplitIdentifierFix {
    encoding: &'static str,
    /// The bits the file's identifiers occupy (the first word's ENCODING through OP).
    first: BitRange,
    /// Where those values belong (the second word's OP through ENCODING).
    second_offset: u32,
    /// What the first word's bits hold instead.
    first_value: u128,
    why: &'static str,
}

/// CDNA4 ISA §7.2.1 "MFMA with Block Exponent Scaling": the scaled MFMA's first two dwords
/// hold 0xD3AC across ENCODING through OP, and the second VOP3P word has the scaled op's OP.
/// The CDNA4 file gives bits 16-31 the values 0xD3AD and 0xD3AE (VOP3P's ENCODING with OP 45
/// and 46), which are the second word's bits 80-95.
fn split_identifiers(arch: Arch) -> Vec<SplitIdentifierFix> {
    match arch {
        Arch::Cdna4 => vec![SplitIdentifierFix {
            encoding: "ENC_VOP3PX2",
            first: BitRange {
                offset: 16,
                count: 16,
                padding: None,
                padding_count: 0,
            },
            second_offset: 80,
            first_value: 0xD3AC,
            why: "CDNA4 manual §7.2.1: the first word holds 0xD3AC, the second the op",
        }],
        _ => Vec::new(),
    }
}

/// Applies [`split_identifiers`] where the file still has its identifiers in the first word.
fn move_split_identifiers(arch: Arch, spec: &mut Spec, id: SourceId) {
    for fix in split_identifiers(arch) {
        let Some(enc) = spec.encodings.iter_mut().find(|e| e.name == fix.encoding) else {
            continue;
        };
        let width = (1u128 << fix.first.count) - 1;
        let first_mask = width << fix.first.offset;
        let second_mask = width << fix.second_offset;
        if enc.identifier_mask != first_mask {
            continue;
        }
        enc.identifier_mask = first_mask | second_mask;
        for ident in &mut enc.identifiers {
            let value = (*ident & first_mask) >> fix.first.offset;
            *ident = fix.first_value << fix.first.offset | value << fix.second_offset;
        }
        spec.notes.push((
            id,
            format!(
                "{} identifiers moved to bits [{}:{}], bits [{}:{}] = {:#X} ({})",
                fix.encoding,
                fix.second_offset + fix.first.count - 1,
                fix.second_offset,
                fix.first.offset + fix.first.count - 1,
                fix.first.offset,
                fix.first_value,
                fix.why
            ),
        ));
    }
}

/// Merges `arch`'s supplement into `spec`, filling gaps only; records the supplement as a source.
pub fn apply(arch: Arch, spec: &mut Spec) {
    let id = spec.sources.len();
    spec.sources.push(SourceFile {
        name: format!("supplement:{}", arch.name()),
        fidelity: Fidelity::Supplement,
    });
    let replaced = rebase_later_generation_types(arch, spec, id);
    let added = merge_operand_types(arch, spec, id);
    add_encoding_fields(arch, spec, id);
    move_split_identifiers(arch, spec, id);
    if spec.literal_codes.is_empty() {
        spec.literal_codes = literal_codes(arch)
            .into_iter()
            .map(|l| LiteralCode { source: id, ..l })
            .collect();
        let codes: Vec<_> = spec
            .literal_codes
            .iter()
            .map(|l| format!("{}={} ({} dword)", l.name, l.code, l.dwords))
            .collect();
        spec.notes
            .push((id, format!("literal codes {}", codes.join(", "))));
    }
    let MergeCounts {
        values,
        fields,
        ranges,
    } = added;
    spec.notes.push((
        id,
        format!("{values} predefined values, {fields} fields and {ranges} field bit ranges added to the files' operand types"),
    ));
    if replaced > 0 {
        let note = format!(
            "{replaced} operand types of a later generation's file given this generation's codes and layouts"
        );
        spec.notes.push((id, note));
    }
    if matches!(generation(arch), Generation::Gfx6 | Generation::Gfx7) {
        // Sea Islands ISA §6.2.2 "Instruction Outputs": "When the VOP3 form is used,
        // instructions with a floating-point result can apply an output modifier ...
        // Optionally, the result can be clamped (CLAMP field)"; the VOP3a CLAMP field "clamp
        // output to [0.0, 1.0]". Integer clamping came with GCN3 (GCN3 ISA §6.5 "ALU CLAMP
        // Bit Usage": "In GCN Generation 3, the meaning of the Clamp bit ... has changed ...
        // For integer operations, it clamps the result").
        spec.output_modifiers_float_only = true;
        let note =
            "clamp and OMOD on floating-point results only (no integer clamping before GCN3)";
        spec.notes.push((id, note.into()));
    }
    if generation(arch) == Generation::Gfx7 {
        // Sea Islands ISA Table 7.1 "SMRD Encoding Field Descriptions", OFFSET: "This field
        // also can be set to SQ_SRC_LITERAL, indicating that the offset is specified in a
        // 32-bit literal constant". No Southern Islands manual is to be had to say GFX6 has
        // it; the GFX6 file keeps the eight-bit offset alone.
        spec.smrd_literal_offset = true;
        let note = "SMRD offsets past eight bits in a 32-bit literal (Table 7.1)";
        spec.notes.push((id, note.into()));
    }
}

/// An architecture older than the file standing in for its operand facts (GFX6-GFX8 on
/// GFX9's CDNA3 file) takes that file's operand types with its own generation's facts: a partitioned
/// immediate the supplement describes takes the supplement's layout (GFX8's vmcnt has no high
/// bits), and a register type keeps its names at this generation's codes (TTMP0 at 112 on
/// GFX8, 108 on GFX9), loses the names this generation lacks (the apertures, TTMP12-15) and
/// gains the trap registers where it holds the TTMPs. Returns how many types changed.
fn rebase_later_generation_types(arch: Arch, spec: &mut Spec, id: SourceId) -> usize {
    if !matches!(
        generation(arch),
        Generation::Gfx6 | Generation::Gfx7 | Generation::Gfx8
    ) {
        return 0;
    }
    let own = groups(&arch_codes(arch));
    let later = groups(&scalar_codes(Generation::Gfx9));
    let scalar = |g: &Groups| -> Vec<PredefinedValue> {
        [
            &g.sreg,
            &g.null,
            &g.m0,
            &g.exec,
            &g.ints,
            &g.floats,
            &g.specials,
        ]
        .into_iter()
        .flatten()
        .cloned()
        .collect()
    };
    let (own_scalar, later_scalar) = (scalar(&own), scalar(&later));
    let partitioned: Vec<OperandType> = partitioned_types(generation(arch));
    let mut changed = 0;
    for t in spec.operand_types.iter_mut().filter(|t| t.source != 0) {
        if let Some(sup) = partitioned.iter().find(|p| p.name == t.name) {
            *t = OperandType {
                source: id,
                ..sup.clone()
            };
            changed += 1;
        } else if !t.partitioned && rebase_values(t, &own_scalar, &later_scalar, &own) {
            t.source = id;
            changed += 1;
        }
    }
    changed
}

/// [`rebase_later_generation_types`] for one register type; true when it changed. A vector
/// source type also gains LDS direct, where the generation has it (the GCN manuals' vector
/// operand tables: 254).
fn rebase_values(
    t: &mut OperandType,
    own: &[PredefinedValue],
    later: &[PredefinedValue],
    groups: &Groups,
) -> bool {
    let before = t.predefined.clone();
    let holds_ttmps = t.value_of("TTMP0").is_some();
    let vector_source = t.predefined.iter().any(|v| v.value == 256);
    t.predefined.retain_mut(
        |v| match own.iter().find(|o| o.name.eq_ignore_ascii_case(&v.name)) {
            Some(o) => {
                v.value = o.value;
                true
            }
            None => !later.iter().any(|l| l.name.eq_ignore_ascii_case(&v.name)),
        },
    );
    let mut gained: Vec<&PredefinedValue> = Vec::new();
    if holds_ttmps {
        gained.extend(&groups.sreg);
    }
    if vector_source {
        gained.extend(&groups.lds_direct);
    }
    for v in gained {
        if t.value_of(&v.name).is_none() {
            t.predefined.push(v.clone());
        }
    }
    t.predefined != before
}

/// What [`merge_operand_types`] added to the files' operand types.
#[derive(Default)]
struct MergeCounts {
    values: usize,
    fields: usize,
    ranges: usize,
}

/// Merges the supplement's operand types into `spec`'s: a type the files lack is added
/// (as source `id`) when an operand uses it; a type they have gains the missing values,
/// fields and field bit ranges.
fn merge_operand_types(arch: Arch, spec: &mut Spec, id: SourceId) -> MergeCounts {
    let used: std::collections::HashSet<String> = spec
        .instructions
        .iter()
        .flat_map(|i| &i.encodings)
        .flat_map(|f| &f.operands)
        .map(|o| o.operand_type.clone())
        .collect();
    let mut added = MergeCounts::default();
    for sup in table(arch) {
        let Some(existing) = spec.operand_types.iter_mut().find(|t| t.name == sup.name) else {
            let own = [SRC0_EXTENSION_TYPE, SCALAR_ADDRESS_OFF_TYPE];
            if used.contains(&sup.name) || own.contains(&sup.name.as_str()) {
                spec.operand_types.push(OperandType { source: id, ..sup });
            }
            continue;
        };
        for v in sup.predefined {
            if existing.value_of(&v.name).is_none() {
                existing.predefined.push(v);
                added.values += 1;
            }
        }
        if !sup.fields.is_empty() {
            existing.partitioned = true;
        }
        for f in sup.fields {
            match existing.fields.iter_mut().find(|e| e.name == f.name) {
                None => {
                    existing.fields.push(f);
                    added.fields += 1;
                }
                Some(e) => merge_field(e, f, &mut added),
            }
        }
    }
    added
}

/// Fills the gaps of the files' field `e` from the supplement's `f`: its bit ranges when
/// it has none, and the predefined values it lacks (names compared case-insensitively).
fn merge_field(e: &mut OperandTypeField, f: OperandTypeField, added: &mut MergeCounts) {
    if e.ranges.is_empty() {
        e.ranges = f.ranges;
        added.ranges += 1;
    }
    for v in f.predefined {
        if !e
            .predefined
            .iter()
            .any(|p| p.name.eq_ignore_ascii_case(&v.name))
        {
            e.predefined.push(v);
            added.values += 1;
        }
    }
}

/// Adds the fixed fields of [`encoding_fields`] to `spec`'s encodings that lack them,
/// with their identifier bits and a note (as source `id`) citing the evidence.
fn add_encoding_fields(arch: Arch, spec: &mut Spec, id: SourceId) {
    for fix in encoding_fields(arch) {
        let Some(enc) = spec.encodings.iter_mut().find(|e| e.name == fix.encoding) else {
            continue;
        };
        if enc.field(fix.field).is_some() {
            continue;
        }
        if let Some(value) = fix.value {
            let mask = ((1u128 << fix.count) - 1) << fix.offset;
            enc.identifier_mask |= mask;
            for id in &mut enc.identifiers {
                *id = (*id & !mask) | (u128::from(value) << fix.offset);
            }
        }
        enc.fields.push(Field {
            name: fix.field.to_string(),
            ranges: vec![BitRange {
                offset: fix.offset,
                count: fix.count,
                padding: None,
                padding_count: 0,
            }],
            conditional: false,
        });
        spec.notes.push((
            id,
            format!(
                "{}.{} [{}:{}]{} added ({})",
                fix.encoding,
                fix.field,
                fix.offset + fix.count - 1,
                fix.offset,
                fix.value.map_or(String::new(), |v| format!(" = {v}")),
                fix.why
            ),
        ));
    }
}
