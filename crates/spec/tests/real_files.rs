//! Tests against the real spec files under `$MCDIFF_DATA/amd-isa` (default: `/work/shared`
//! next to the workspace). Without the files they are skipped, unless `CI=true`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use mcdiff_spec::*;

fn data_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("MCDIFF_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")));
    if dir.join("amd-isa/xml").is_dir() {
        return Some(dir);
    }
    let why = format!(
        "spec data missing: {} has no amd-isa/xml (set MCDIFF_DATA)",
        dir.display()
    );
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{why}");
    }
    eprintln!("skipping: {why}");
    None
}

/// One loader shared by all tests, so each file is parsed once.
fn with_loader<T>(f: impl FnOnce(&SpecLoader) -> T) -> Option<T> {
    static LOADER: OnceLock<SpecLoader> = OnceLock::new();
    let dir = data_dir()?;
    Some(f(LOADER.get_or_init(|| SpecLoader::new(dir))))
}

/// Threads sharing one loader load different architectures side by side, and each gets
/// the spec a loader of its own gives.
#[test]
fn a_shared_loader_gives_each_thread_the_spec_it_would_load_alone() {
    let Some(dir) = data_dir() else {
        return;
    };
    let mcpus = [
        "gfx1100", "gfx1151", "gfx1200", "gfx1030", "gfx942", "gfx90a",
    ];
    let shared = SpecLoader::new(&dir);
    let together: Vec<TargetSpec> = std::thread::scope(|s| {
        let loads: Vec<_> = (mcpus.iter())
            .map(|mcpu| s.spawn(|| shared.load_target(mcpu).unwrap()))
            .collect();
        loads.into_iter().map(|l| l.join().unwrap()).collect()
    });
    for (mcpu, got) in mcpus.iter().zip(&together) {
        let alone = SpecLoader::new(&dir).load_target(mcpu).unwrap();
        assert_eq!(
            format!("{:?}", got.spec),
            format!("{:?}", alone.spec),
            "{mcpu}"
        );
    }
}

fn load(mcpu: &str) -> Option<TargetSpec> {
    with_loader(|l| {
        l.load_target(mcpu)
            .unwrap_or_else(|e| panic!("{mcpu}: {e}"))
    })
}

fn parse_alone(name: &'static str, fidelity: Fidelity) -> Option<std::sync::Arc<Spec>> {
    with_loader(|l| l.file(SpecFileRef { name, fidelity }).unwrap())
}

/// (instructions, encodings, instruction encodings, operands, operand types, data formats).
fn counts(spec: &Spec) -> (usize, usize, usize, usize, usize, usize) {
    let forms: Vec<_> = spec
        .instructions
        .iter()
        .flat_map(|i| &i.encodings)
        .collect();
    (
        spec.instructions.len(),
        spec.encodings.len(),
        forms.len(),
        forms.iter().map(|f| f.operands.len()).sum(),
        spec.operand_types.len(),
        spec.data_formats.len(),
    )
}

/// `inst`'s form in `encoding`; panics naming both when either is missing.
fn form<'s>(spec: &'s Spec, inst: &str, encoding: &str) -> &'s InstructionEncoding {
    spec.instruction(inst)
        .and_then(|i| i.in_encoding(encoding))
        .unwrap_or_else(|| panic!("no {inst} in {encoding}"))
}

fn ranges(ranges: &[BitRange]) -> Vec<(u32, u32)> {
    ranges.iter().map(|r| (r.offset, r.count)).collect()
}

#[test]
fn official_files_have_the_counts_sources_md_gives() {
    let Some(cdna3) = parse_alone("amdgpu_isa_cdna3.xml", Fidelity::High) else {
        return;
    };
    assert_eq!(counts(&cdna3), (1150, 32, 2465, 8435, 35, 83));
    let cdna4 = parse_alone("amdgpu_isa_cdna4.xml", Fidelity::High).unwrap();
    assert_eq!(counts(&cdna4), (1240, 33, 2568, 8805, 35, 98));
    // cdna3: 2,317 identifiers, 37 conditions (ENC_FLAT declares "default" three times).
    let total = |per_encoding: fn(&Encoding) -> usize| {
        cdna3.encodings.iter().map(per_encoding).sum::<usize>()
    };
    assert_eq!(total(|e| e.identifiers.len()), 2317);
    assert_eq!(total(|e| e.conditions.len()), 37);
    assert_eq!(
        cdna3
            .instructions
            .iter()
            .filter(|i| !i.aliases.is_empty())
            .count(),
        49
    );
    assert_eq!(cdna3.encoding("ENC_SOP1").unwrap().order, Some(-1));
    // 128-bit encoding identifiers parse.
    let px2 = cdna4.encoding("ENC_VOP3PX2").unwrap();
    assert_eq!(px2.bit_count, 128);
    assert_eq!(px2.identifiers.len(), 2);
}

#[test]
fn cdna3_spot_checks() {
    let Some(t) = load("gfx942") else { return };
    let spec = &t.spec;
    let bfe = form(spec, "s_bfe_i64", "ENC_SOP2");
    assert_eq!(bfe.opcode, 40);
    assert_eq!(form(spec, "V_TRIG_PREOP_F64", "ENC_VOP3").opcode, 658);
    let sop2 = spec.encoding("ENC_SOP2").unwrap();
    let layout: HashMap<_, _> = sop2
        .fields
        .iter()
        .map(|f| (f.name.as_str(), ranges(&f.ranges)))
        .collect();
    assert_eq!(layout["SSRC0"], vec![(0, 8)]);
    assert_eq!(layout["SSRC1"], vec![(8, 8)]);
    assert_eq!(layout["SDST"], vec![(16, 7)]);
    assert_eq!(layout["OP"], vec![(23, 7)]);
    assert_eq!(layout["ENCODING"], vec![(30, 2)]);
    // The official file's Padding: SMEM SBASE holds an SGPR pair number.
    let sbase = spec.encoding("ENC_SMEM").unwrap().field("SBASE").unwrap();
    assert_eq!(
        (sbase.ranges[0].padding, sbase.ranges[0].padding_count),
        (Some(0), 1)
    );
    // Official operand attributes.
    let ops = &bfe.operands;
    assert_eq!(
        ops.iter().map(|o| o.order).collect::<Vec<_>>()[..3],
        [Some(1), Some(2), Some(3)]
    );
    assert!(ops
        .iter()
        .any(|o| o.field.as_deref() == Some("SDST") && o.output == Some(true)));
    // Every fact of a single-file target comes from that file, except the supplement's literal
    // note and the DPP limits read from the manual.
    assert_eq!(t.spec.sources.len(), 3);
    assert_eq!(t.spec.sources[1].name, "supplement:cdna3");
    assert_eq!(
        t.spec.sources[2].name,
        "amd-isa/derived/manuals-md/cdna3.md"
    );
    assert!(t.spec.cannot_use_dpp("V_CEIL_F64"));
}

#[test]
fn gfx1100_composes_rdna3_manual_with_rdna3_5_operands() {
    let Some(t) = load("gfx1100") else { return };
    let spec = &t.spec;
    let names: Vec<_> = spec.sources.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "amd-isa/xml/amdgpu_isa_rdna3.manual.xml",
            "amd-isa/xml/amdgpu_isa_rdna3_5.partial.xml",
            "supplement:rdna3",
            "amd-isa/derived/manuals-md/rdna3.md"
        ]
    );
    let add = form(spec, "S_ADD_U32", "ENC_SOP2");
    assert_eq!((add.opcode, add.source), (0, 0));
    assert_eq!(add.operands_source, Some(1));
    let fields: Vec<_> = add
        .operands
        .iter()
        .filter_map(|o| o.field.as_deref())
        .collect();
    for f in ["SDST", "SSRC0", "SSRC1"] {
        assert!(
            fields.contains(&f),
            "S_ADD_U32 lacks operand {f}: {fields:?}"
        );
    }
    let trig = form(spec, "V_TRIG_PREOP_F64", "ENC_VOP3");
    assert_eq!(trig.opcode, 815);

    // The documented adoptions come from the neighbour, with the neighbour recorded.
    for adoption in compose::adopted_instructions(Arch::Rdna3) {
        let name = adoption.name;
        let inst = spec
            .instruction(name)
            .unwrap_or_else(|| panic!("{name} not adopted"));
        assert!(inst.encodings.iter().all(|f| f.source == 1), "{name}");
    }
    assert_eq!(form(spec, "S_WAITCNT_DEPCTR", "ENC_SOPP").opcode, 8);
    // RDNA3.5-only SALU float ops never reach gfx1100, but do reach gfx1150.
    for name in [
        "S_ADD_F32",
        "S_FMAAK_F32",
        "S_CMP_LT_F16",
        "S_CVT_F32_I32",
        "S_CEIL_F16",
    ] {
        assert!(
            spec.instruction(name).is_none(),
            "{name} leaked into gfx1100"
        );
    }
    let gfx1150 = load("gfx1150").unwrap();
    assert_eq!(form(&gfx1150.spec, "S_ADD_F32", "ENC_SOP2").opcode, 64);
    // Instructions the manual has keep only manual facts for their opcodes.
    assert!(spec
        .instructions
        .iter()
        .filter(|i| {
            !compose::adopted_instructions(Arch::Rdna3)
                .iter()
                .any(|a| a.name == i.name)
        })
        .flat_map(|i| &i.encodings)
        .all(|f| f.source == 0));
}

#[test]
fn gfx1200_s_mov_b32() {
    let Some(t) = load("gfx1200") else { return };
    let mov = form(&t.spec, "S_MOV_B32", "ENC_SOP1");
    assert_eq!(mov.opcode, 0);
    assert!(mov
        .operands
        .iter()
        .any(|o| o.field.as_deref() == Some("SSRC0") && o.operand_type == "OPR_SSRC"));
}

#[test]
fn every_target_loads_and_an_unknown_one_is_refused() {
    let Some(()) = with_loader(|_| ()) else {
        return;
    };
    for t in TARGETS {
        let result = with_loader(|l| l.load_target(t.mcpu)).unwrap();
        let TargetStatus::Spec(arch) = t.status;
        let loaded = result.unwrap_or_else(|e| panic!("{}: {e}", t.mcpu));
        assert_eq!(loaded.arch, arch);
        // The GCN files list fewer instructions than the later ones (GCN3 939, Sea Islands
        // 880, the Southern Islands derivation 807).
        assert!(loaded.spec.instructions.len() > 800, "{}", t.mcpu);
        assert!(loaded
            .spec
            .sources
            .iter()
            .any(|s| s.fidelity == Fidelity::Supplement));
    }
    let unknown = with_loader(|l| l.load_target("gfx9999")).unwrap();
    assert!(matches!(unknown, Err(SpecError::UnknownTarget(_))));
    let dir = data_dir().unwrap();
    let missing = SpecLoader::new(dir.join("no-such-dir"))
        .load_target("gfx942")
        .unwrap_err();
    assert!(
        missing.to_string().contains("amdgpu_isa_cdna3.xml"),
        "{missing}"
    );
}

/// Every opcode fits its encoding's OP field (OPX/OPY for dual-issue encodings); encodings
/// without an opcode field (EXP) only hold opcode 0.
#[test]
fn every_opcode_fits_its_op_field() {
    let Some(()) = with_loader(|_| ()) else {
        return;
    };
    let arches = [
        "gfx908", "gfx90a", "gfx942", "gfx950", "gfx1010", "gfx1030", "gfx1100", "gfx1150",
        "gfx1200", "gfx1250",
    ];
    for mcpu in arches {
        let spec = load(mcpu).unwrap().spec;
        let mut checked = 0;
        for inst in &spec.instructions {
            for form in &inst.encodings {
                let enc = spec.encoding(&form.encoding).unwrap_or_else(|| {
                    panic!("{mcpu} {}: no encoding {}", inst.name, form.encoding)
                });
                let width = match enc.field("OP") {
                    Some(op) => op.width(),
                    None => ["OPX", "OPY"]
                        .iter()
                        .filter_map(|n| enc.field(n))
                        .map(Field::width)
                        .max()
                        .unwrap_or(0),
                };
                assert!(
                    u64::from(form.opcode) < 1u64 << width,
                    "{mcpu} {} {}: opcode {} does not fit {width} bits",
                    inst.name,
                    form.encoding,
                    form.opcode
                );
                checked += 1;
            }
        }
        assert!(checked > 1400, "{mcpu}: only {checked} forms");
    }
}

/// The CDNA3 supplement table, compared with the official CDNA3 file on every name both have:
/// the supplement is right where it can be checked.
#[test]
fn cdna3_supplement_agrees_with_official_file() {
    let Some(file) = parse_alone("amdgpu_isa_cdna3.xml", Fidelity::High) else {
        return;
    };
    let mut compared = 0;
    for sup in supplement::table(Arch::Cdna3) {
        let Some(official) = file.operand_type(&sup.name) else {
            continue;
        };
        for v in &sup.predefined {
            if let Some(value) = official.value_of(&v.name) {
                assert_eq!(value, v.value, "{} {}", sup.name, v.name);
                compared += 1;
            }
        }
        for f in &sup.fields {
            let Some(of) = official.fields.iter().find(|o| o.name == f.name) else {
                continue;
            };
            assert_eq!(
                ranges(&of.ranges),
                ranges(&f.ranges),
                "{}.{}",
                sup.name,
                f.name
            );
            for v in &f.predefined {
                if let Some(p) = of.predefined.iter().find(|p| p.name == v.name) {
                    assert_eq!(p.value, v.value, "{}.{}.{}", sup.name, f.name, v.name);
                }
            }
            compared += 1;
        }
    }
    assert!(compared > 3000, "only {compared} facts overlap");
    // For the core scalar types the supplement names exactly the file's values.
    let table = supplement::table(Arch::Cdna3);
    for name in [
        "OPR_SREG",
        "OPR_SDST",
        "OPR_SSRC",
        "OPR_SSRC_NOLIT",
        "OPR_SRC",
        "OPR_SMEM_OFFSET",
        "OPR_SSRC_LANESEL",
    ] {
        let mut ours: Vec<_> = table
            .iter()
            .find(|t| t.name == name)
            .unwrap()
            .predefined
            .clone();
        let mut theirs = file.operand_type(name).unwrap().predefined.clone();
        ours.sort_by_key(|p| p.value);
        theirs.sort_by_key(|p| p.value);
        assert_eq!(ours, theirs, "{name}");
    }
    // Applied to the official file itself, the supplement adds no value or field.
    let composed = load("gfx942").unwrap().spec;
    for t in composed.operand_types.iter().filter(|t| t.source == 0) {
        let original = file.operand_type(&t.name).unwrap();
        assert_eq!(t.predefined, original.predefined, "{}", t.name);
        assert_eq!(t.fields, original.fields, "{}", t.name);
    }
}

#[test]
fn supplement_fills_partial_files_per_generation() {
    let Some(gfx1100) = load("gfx1100") else {
        return;
    };
    let ssrc = gfx1100.spec.operand_type("OPR_SSRC").unwrap();
    assert_eq!(ssrc.value_of("M0"), Some(125));
    assert_eq!(ssrc.value_of("NULL"), Some(124));
    assert_eq!(ssrc.value_of("SRC_LITERAL"), Some(255));
    assert_eq!(ssrc.value_of("-16"), Some(208));
    assert_eq!(ssrc.value_of("0.15915494"), Some(248));
    assert_eq!(ssrc.value_of("SRC_VCCZ"), None, "reserved on GFX11");
    assert_eq!(
        ssrc.source, 1,
        "the type itself comes from the RDNA3.5 partial"
    );
    let waitcnt = gfx1100.spec.operand_type("OPR_WAITCNT").unwrap();
    let vm = waitcnt.fields.iter().find(|f| f.name == "VM").unwrap();
    assert_eq!(ranges(&vm.ranges), [(10, 6)]);
    let literal = &gfx1100.spec.literal_codes;
    assert_eq!((literal[0].code, literal[0].dwords), (255, 1));

    let gfx1030 = load("gfx1030").unwrap();
    let sdst = gfx1030.spec.operand_type("OPR_SDST").unwrap();
    assert_eq!(
        (sdst.value_of("M0"), sdst.value_of("NULL")),
        (Some(124), Some(125))
    );
    let src = gfx1030.spec.operand_type("OPR_SRC").unwrap();
    assert_eq!(src.value_of("v255"), Some(511));
    assert_eq!(src.value_of("SRC_LDS_DIRECT"), Some(254));
    let lgkm = gfx1030
        .spec
        .operand_type("OPR_WAITCNT")
        .unwrap()
        .fields
        .iter()
        .find(|f| f.name == "LGKM")
        .cloned();
    assert_eq!(ranges(&lgkm.unwrap().ranges), [(8, 6)]);

    // The RDNA4 partial names hwreg IDs but gives no bit layout; the supplement adds it and
    // keeps the file's names.
    let gfx1200 = load("gfx1200").unwrap();
    let hwreg = gfx1200.spec.operand_type("OPR_HWREG").unwrap();
    let id = hwreg.fields.iter().find(|f| f.name == "ID").unwrap();
    assert_eq!(ranges(&id.ranges), [(0, 6)]);
    assert!(!id.predefined.is_empty());
    assert!(hwreg.fields.iter().any(|f| f.name == "SIZE"));
    let gfx1250 = load("gfx1250").unwrap();
    let codes: Vec<_> = gfx1250
        .spec
        .literal_codes
        .iter()
        .map(|l| (l.code, l.dwords))
        .collect();
    assert_eq!(codes, [(254, 2), (255, 1)]);
}

#[test]
fn provenance_names_every_source() {
    let Some(t) = load("gfx1100") else { return };
    let lines = t.spec.provenance();
    assert_eq!(lines.len(), 4);
    assert!(
        lines[0].starts_with("amd-isa/xml/amdgpu_isa_rdna3.manual.xml (Manual): 36 encodings"),
        "{}",
        lines[0]
    );
    assert!(lines[1].contains("17 instructions adopted"), "{}", lines[1]);
    assert!(
        lines[2].starts_with("supplement:rdna3 (Supplement)"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].ends_with(
            "DPP only with VOP1, VOP2, VOPC, VOP3, VOP3P; input modifiers on any source of \
             V_CNDMASK, V_CNDMASK_B16, V_CNDMASK_B32, V_MOVREL*_B32, V_MOV_B16, V_MOV_B32; \
             28 \"NO DPP\" entries of the DPP support table; unread: VOP2: FMAMK/AD_F32/16; \
             OMOD for F16, F32, F64 results only; \
             no SDWA format (the manual never names one); \
             2 instructions whose second and third sources must be scalar"
        ),
        "{}",
        lines[3]
    );
}

#[test]
fn rdna2_partial_split_opcode_field_is_joined() {
    let Some(t) = load("gfx1030") else { return };
    let mimg = t.spec.encoding("ENC_MIMG").unwrap();
    assert!(mimg.field("OPM").is_none());
    assert_eq!(ranges(&mimg.field("OP").unwrap().ranges), [(18, 7), (0, 1)]);
    // Same layout as the RDNA1 manual file's two-range OP.
    let gfx1010 = load("gfx1010").unwrap();
    assert_eq!(
        ranges(
            &gfx1010
                .spec
                .encoding("ENC_MIMG")
                .unwrap()
                .field("OP")
                .unwrap()
                .ranges
        ),
        [(18, 7), (0, 1)]
    );
}

/// The 1-second budget applies to optimised builds (`cargo test --release`).
#[test]
fn the_largest_file_parses_completely() {
    // Its parse time is printed by `cargo bench --bench corpus` (spec loading), not
    // asserted here: speed targets live in benchmarks.
    let Some(dir) = data_dir() else { return };
    let path = dir.join("amd-isa/xml/amdgpu_isa_cdna4.xml");
    let spec = xml::parse_file(
        &path,
        SourceFile {
            name: "cdna4".into(),
            fidelity: Fidelity::High,
        },
    )
    .unwrap();
    assert_eq!(spec.instructions.len(), 1240);
}

#[test]
fn cdna2_sop2_gets_the_encoding_row_its_manual_table_omits() {
    let Some(ts) = load("gfx90a") else { return };
    let sop2 = ts.spec.encoding("ENC_SOP2").unwrap();
    let enc = sop2.field("ENCODING").expect("ENCODING field supplied");
    assert_eq!(ranges(&enc.ranges), vec![(30, 2)]);
    assert_eq!(sop2.identifier_mask >> 30 & 0b11, 0b11);
    assert!(sop2.identifiers.iter().all(|id| id >> 30 & 0b11 == 0b10));
    // The other arches' files have the row already; nothing is added there.
    let cdna1 = load("gfx908").unwrap();
    assert!(!cdna1
        .spec
        .notes
        .iter()
        .any(|(_, n)| n.contains("ENC_SOP2.ENCODING")));
}

#[test]
fn literal_only_instructions_take_the_neighbours_literal_form() {
    let Some(ts) = load("gfx1100") else { return };
    let setreg = ts.spec.instruction("S_SETREG_IMM32_B32").unwrap();
    let form = setreg
        .encodings
        .iter()
        .find(|f| f.encoding == "SOPK_INST_LITERAL")
        .expect("literal form from the RDNA3.5 partial");
    assert_eq!(form.opcode, 19);
    assert!(!form.operands.is_empty());
    assert!(form.operands_source.is_some());
}

/// Every adopted instruction cites an AMD source that lists it: the named section of the
/// target's manual names it, or the neighbour XML has it in the cited encoding and opcode.
#[test]
fn adopted_instructions_cite_an_amd_source() {
    use compose::AmdSource;
    let Some(dir) = data_dir() else { return };
    for arch in [
        Arch::Rdna1,
        Arch::Rdna2,
        Arch::Rdna3,
        Arch::Cdna1,
        Arch::Cdna2,
    ] {
        let neighbour = arch.files().operands;
        for adoption in compose::adopted_instructions(arch) {
            let name = adoption.name;
            match adoption.source {
                AmdSource::Manual { file, section } => {
                    let path = dir.join("amd-isa/derived/manuals-md").join(file);
                    let text = std::fs::read_to_string(&path).expect("manual present");
                    // The section's heading line, and its body up to the next heading.
                    let mut lines = text.lines();
                    lines
                        .find(|l| l.starts_with('#') && l.contains(section))
                        .unwrap_or_else(|| panic!("{name}: no section {section} in {file}"));
                    let body: Vec<&str> = lines.take_while(|l| !l.starts_with('#')).collect();
                    let body = body.join("\n");
                    let escaped = name.replace('_', "\\_");
                    assert!(
                        body.contains(name) || body.contains(&escaped),
                        "{name}: not named in {file} §{section}"
                    );
                }
                AmdSource::NeighbourXml {
                    file,
                    encoding,
                    opcode,
                } => {
                    let neighbour = neighbour.expect("an XML citation needs a neighbour");
                    assert_eq!(file, neighbour.name, "{name}: cite the neighbour file");
                    let spec = parse_alone(file, neighbour.fidelity).expect("data present");
                    let inst = spec
                        .instruction(name)
                        .unwrap_or_else(|| panic!("{name}: not in {file}"));
                    assert!(
                        inst.encodings
                            .iter()
                            .any(|f| f.encoding == encoding && f.opcode == opcode),
                        "{name}: {file} has no {encoding} {opcode}"
                    );
                }
            }
        }
    }
}

/// GFX12.5's CDNA-line ALU ops RDNA4 lacks take CDNA4's lists, with GFX12.5's operand type
/// for a field where CDNA4's type (a GFX9-era VOP3 source without literal) is not one
/// GFX12.5 has; RDNA4's own lists stay.
#[test]
fn gfx1250_takes_cdna4_alu_lists_with_its_own_types() {
    let Some(t) = load("gfx1250") else { return };
    let source = |f: &InstructionEncoding| t.spec.sources[f.operands_source.unwrap()].name.clone();
    let lshl_add = form(&t.spec, "V_LSHL_ADD_U64", "ENC_VOP3");
    assert_eq!(source(lshl_add), "amd-isa/xml/amdgpu_isa_cdna4.xml");
    let operand = |field: &str| {
        lshl_add
            .operands
            .iter()
            .find(|o| o.field.as_deref() == Some(field))
            .unwrap_or_else(|| panic!("no {field}"))
    };
    // CDNA4 types SRC0 OPR_SRC_NOLIT and SRC2 OPR_SRC_SIMPLE.
    assert_eq!(operand("SRC0").operand_type, "OPR_SRC");
    assert_eq!(operand("SRC2").operand_type, "OPR_SRC");
    assert_eq!((operand("VDST").size, operand("SRC1").size), (64, 32));
    let add = form(&t.spec, "V_ADD_F32", "ENC_VOP2");
    assert_eq!(source(add), "amd-isa/xml/amdgpu_isa_rdna4.partial.xml");
}

/// CDNA4's scaled MFMA (ENC_VOP3PX2): the file's identifiers (0xD3AD, 0xD3AE at bits 16-31)
/// are the second word's ENCODING and OP; the first word holds 0xD3AC (CDNA4 manual §7.2.1).
#[test]
fn gfx950_scaled_matrix_identifiers_sit_in_their_words() {
    let Some(target) = load("gfx950") else { return };
    let enc = target
        .spec
        .encoding("ENC_VOP3PX2")
        .expect("CDNA4 has VOP3PX2");
    assert_eq!(enc.identifier_mask, 0xFFFF << 16 | 0xFFFF << 80);
    let mut ids: Vec<u128> = enc.identifiers.clone();
    ids.sort();
    assert_eq!(
        ids,
        vec![0xD3AC << 16 | 0xD3AD << 80, 0xD3AC << 16 | 0xD3AE << 80]
    );
    // The operation the second word names.
    let op = form(
        &target.spec,
        "V_MFMA_SCALE_F32_16X16X128_F8F6F4",
        "ENC_VOP3PX2",
    );
    assert_eq!(op.opcode, 45);
    assert!(target
        .spec
        .notes
        .iter()
        .any(|(_, n)| n.contains("ENC_VOP3PX2 identifiers moved")));
}

#[test]
fn a_field_gives_its_top_bit_to_the_flag_there() {
    // RDNA2 manual, FLAT field table: OFFSET [11:0], DLC [12]; the partial file's OFFSET is
    // 13 bits wide.
    let Some(gfx1030) = load("gfx1030") else {
        return;
    };
    for name in ["ENC_FLAT_GLBL", "ENC_FLAT_SCRATCH"] {
        let enc = gfx1030.spec.encoding(name).unwrap();
        assert_eq!(
            ranges(&enc.field("OFFSET").unwrap().ranges),
            [(0, 12)],
            "{name}"
        );
        assert_eq!(
            ranges(&enc.field("DLC").unwrap().ranges),
            [(12, 1)],
            "{name}"
        );
    }
}

/// Additions naming one instruction RDNA1 lacks, one it has, and one no file has, and
/// withholding the instructions named with V_DOT4.
fn test_additions(_: &Path, mcpu: &str) -> Option<mcdiff_spec::compose::TargetAdditions> {
    (mcpu == "gfx1011").then(|| mcdiff_spec::compose::TargetAdditions {
        source: "a test".into(),
        names: ["V_DOT2C_F32_F16", "V_ADD_F32", "V_NO_SUCH_OP"]
            .map(String::from)
            .to_vec(),
        withheld: vec!["V_DOT4".into()],
    })
}

#[test]
fn a_processor_adopts_what_its_additions_name_from_the_operand_neighbour() {
    let Some(dir) = data_dir() else {
        return;
    };
    let loader = SpecLoader::new(dir).with_target_additions(test_additions);
    let gfx1011 = loader.load_target("gfx1011").unwrap();
    let gfx1010 = loader.load_target("gfx1010").unwrap();
    let dot = form(&gfx1011.spec, "V_DOT2C_F32_F16", "ENC_VOP2");
    assert_eq!(dot.opcode, 2);
    assert!(!dot.operands.is_empty());
    assert!(gfx1010.spec.instruction("V_DOT2C_F32_F16").is_none());
    // V_ADD_F32 keeps RDNA1's form; the missing name is noted, not invented.
    assert_eq!(
        gfx1011
            .spec
            .instruction("V_ADD_F32")
            .unwrap()
            .encodings
            .len(),
        gfx1010
            .spec
            .instruction("V_ADD_F32")
            .unwrap()
            .encodings
            .len()
    );
    let notes: Vec<&str> = gfx1011.spec.notes.iter().map(|(_, n)| n.as_str()).collect();
    assert!(
        notes.iter().any(|n| n.contains("adopted: V_DOT2C_F32_F16")),
        "{notes:?}"
    );
    assert!(
        notes.iter().any(|n| n.contains("in no file: V_NO_SUCH_OP")),
        "{notes:?}"
    );
    // A withheld part drops every instruction named with it, adopted or not.
    assert!(gfx1011.spec.instruction("V_DOT4C_I32_I8").is_none());
    assert!(gfx1011.spec.instruction("V_DOT4_I32_I8").is_none());
    assert!(gfx1011.spec.instruction("V_DOT2C_F32_F16").is_some());
}

fn elder_additions(_: &Path, mcpu: &str) -> Option<mcdiff_spec::compose::TargetAdditions> {
    (mcpu == "gfx1010").then(|| mcdiff_spec::compose::TargetAdditions {
        source: "test".into(),
        names: ["S_STORE_DWORD", "DS_ADD_SRC2_U32"]
            .map(String::from)
            .to_vec(),
        withheld: Vec::new(),
    })
}

#[test]
fn rdna1_takes_from_vega_only_in_the_opcode_tables_the_two_share() {
    let Some(dir) = data_dir() else {
        return;
    };
    let loader = SpecLoader::new(dir).with_target_additions(elder_additions);
    let gfx1010 = loader.load_target("gfx1010").unwrap();
    // Vega's SMEM table agrees with RDNA1's on every instruction both list: its scalar store
    // comes at Vega's opcode, with the list Vega took from CDNA3.
    let store = form(&gfx1010.spec, "S_STORE_DWORD", "ENC_SMEM");
    assert_eq!(store.opcode, 16);
    assert!(!store.operands.is_empty());
    // GFX10 renumbered part of the DS table: nothing is taken from it.
    assert!(gfx1010.spec.instruction("DS_ADD_SRC2_U32").is_none());
    // A form of RDNA1's own without a list takes Vega's for the same opcode.
    assert!(!form(&gfx1010.spec, "S_ATC_PROBE", "ENC_SMEM")
        .operands
        .is_empty());
    let notes: Vec<&str> = gfx1010.spec.notes.iter().map(|(_, n)| n.as_str()).collect();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("in no file: DS_ADD_SRC2_U32")),
        "{notes:?}"
    );
}

/// Every load of a target lists its encodings in one order: the literal encodings taken
/// from a neighbour were added in a hash set's order, which differed from load to load.
#[test]
fn every_load_of_a_target_lists_its_encodings_in_one_order() {
    let Some(dir) = data_dir() else {
        return;
    };
    let names = |mcpu: &str| {
        let target = SpecLoader::new(&dir).load_target(mcpu).unwrap();
        (target.spec.encodings.iter())
            .map(|e| e.name.clone())
            .collect::<Vec<_>>()
    };
    for mcpu in ["gfx1100", "gfx1200", "gfx942", "gfx90a"] {
        let first = names(mcpu);
        for _ in 0..3 {
            assert_eq!(names(mcpu), first, "{mcpu}");
        }
    }
}

/// The register codes found by number are the values of the names the spec gives the
/// registers (`S5`, `V7`, `TTMP3`), for every type of every architecture, registers listed
/// or not.
#[test]
fn register_codes_by_number_are_the_values_of_their_names() {
    let Some(()) = with_loader(|_| ()) else {
        return;
    };
    let files = [
        NumberedFile::Scalar,
        NumberedFile::Vector,
        NumberedFile::Trap,
    ];
    let mut found = 0;
    for arch in Arch::ALL {
        let spec = with_loader(|l| l.arch(arch).unwrap()).unwrap();
        assert_eq!(
            spec.numbered_index.len(),
            spec.operand_types.len(),
            "indexed"
        );
        for t in &spec.operand_types {
            for (file, number) in files.iter().flat_map(|&f| (0..600).map(move |n| (f, n))) {
                let name = format!("{}{number}", file.prefix());
                let by_name = spec.first_listed_predefined_value(&[&t.name], &name);
                let by_number = spec.first_listed_register_code(&[&t.name], file, number);
                assert_eq!(by_number, by_name, "{arch:?} {} {name}", t.name);
                found += usize::from(by_name.is_some());
            }
        }
    }
    assert!(found > 10_000, "only {found} register codes");
}
