//! Which file serves each architecture, checked on small MRISA files written to a temporary
//! data directory (no real spec data needed). The files are handwritten: one encoding, one
//! instruction, invented opcodes.

use std::path::{Path, PathBuf};

use mcdiff_spec::*;

/// A temporary `<dir>/amd-isa/xml/`, removed on drop.
struct DataDir(PathBuf);

impl DataDir {
    fn new(tag: &str) -> DataDir {
        let dir = std::env::temp_dir().join(format!(
            "mcdiff-spec-file-choice-{}-{tag}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("amd-isa/xml")).unwrap();
        DataDir(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.0.join("amd-isa/xml").join(name), text).unwrap();
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A minimal valid MRISA file: one 32-bit encoding and one instruction named `name`
/// (with operands when `operands`), preceded by `comment`.
fn mrisa(comment: &str, name: &str, operands: bool) -> String {
    let operands = if operands {
        r#"<Operands>
  <Operand Input="false" Output="true" IsImplicit="false" Order="1"><FieldName>SDST</FieldName><DataFormatName>FMT_NUM_B32</DataFormatName><OperandType>OPR_SDST</OperandType><OperandSize>32</OperandSize></Operand>
  <Operand Input="true" Output="false" IsImplicit="false" Order="2"><FieldName>SSRC0</FieldName><DataFormatName>FMT_NUM_B32</DataFormatName><OperandType>OPR_SSRC</OperandType><OperandSize>32</OperandSize></Operand>
</Operands>"#
    } else {
        ""
    };
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<!-- {comment} -->
<Spec><ISA>
<Architecture><ArchitectureName>Toy</ArchitectureName></Architecture>
<Encodings><Encoding>
  <EncodingName>ENC_SOP1</EncodingName><BitCount>32</BitCount>
  <EncodingIdentifierMask Radix="2">11111111100000000000000000000000</EncodingIdentifierMask>
  <EncodingIdentifiers><EncodingIdentifier Radix="2">10111110100000000000000000000000</EncodingIdentifier></EncodingIdentifiers>
  <MicrocodeFormat><BitMap>
    <Field><FieldName>SSRC0</FieldName><BitLayout><Range Order="0"><BitCount>8</BitCount><BitOffset>0</BitOffset></Range></BitLayout></Field>
    <Field><FieldName>OP</FieldName><BitLayout><Range Order="0"><BitCount>8</BitCount><BitOffset>8</BitOffset></Range></BitLayout></Field>
    <Field><FieldName>SDST</FieldName><BitLayout><Range Order="0"><BitCount>7</BitCount><BitOffset>16</BitOffset></Range></BitLayout></Field>
    <Field><FieldName>ENCODING</FieldName><BitLayout><Range Order="0"><BitCount>9</BitCount><BitOffset>23</BitOffset></Range></BitLayout></Field>
  </BitMap></MicrocodeFormat>
</Encoding></Encodings>
<Instructions><Instruction><InstructionName>{name}</InstructionName>
  <InstructionEncodings><InstructionEncoding><EncodingName>ENC_SOP1</EncodingName><Opcode Radix="10">3</Opcode>{operands}</InstructionEncoding></InstructionEncodings>
</Instruction></Instructions>
</ISA></Spec>
"#
    )
}

fn official(name: &str) -> String {
    mrisa("handwritten test file in the official layout", name, true)
}

fn rebuilt(name: &str) -> String {
    mrisa(
        "PARTIAL RECONSTRUCTION - handwritten test file",
        name,
        false,
    )
}

fn source_names(t: &TargetSpec) -> Vec<(String, Fidelity)> {
    t.spec
        .sources
        .iter()
        .map(|s| (s.name.clone(), s.fidelity))
        .collect()
}

fn xml(name: &str) -> String {
    format!("amd-isa/xml/{name}")
}

#[test]
fn official_file_is_preferred_over_the_rebuilt_one() {
    let dir = DataDir::new("preferred");
    dir.write("amdgpu_isa_rdna4.partial.xml", &rebuilt("S_FROM_PARTIAL"));
    dir.write("amdgpu_isa_rdna4.xml", &official("S_FROM_OFFICIAL"));
    dir.write("amdgpu_isa_rdna3.manual.xml", &rebuilt("S_FROM_MANUAL"));
    dir.write("amdgpu_isa_rdna3_5.partial.xml", &official("S_FROM_MANUAL"));

    let loader = SpecLoader::new(dir.path());
    assert_eq!(
        loader.arch_files(Arch::Rdna4),
        ArchFiles {
            opcodes: SpecFileRef {
                name: "amdgpu_isa_rdna4.xml",
                fidelity: Fidelity::Official
            },
            operands: None,
            graphics: None,
            alu: None,
        }
    );
    let gfx1200 = loader.load_target("gfx1200").unwrap();
    assert_eq!(
        source_names(&gfx1200),
        [
            (xml("amdgpu_isa_rdna4.xml"), Fidelity::Official),
            ("supplement:rdna4".to_string(), Fidelity::Supplement),
        ]
    );
    assert!(gfx1200.spec.instruction("S_FROM_OFFICIAL").is_some());
    assert!(gfx1200.spec.instruction("S_FROM_PARTIAL").is_none());
    let provenance = gfx1200.spec.provenance();
    assert!(
        provenance[0].starts_with("amd-isa/xml/amdgpu_isa_rdna4.xml (Official): 1 encodings"),
        "{}",
        provenance[0]
    );

    // No official RDNA3 file: the manual file with its neighbour, as before.
    assert_eq!(loader.arch_files(Arch::Rdna3), Arch::Rdna3.files());
    let gfx1100 = loader.load_target("gfx1100").unwrap();
    assert_eq!(
        source_names(&gfx1100),
        [
            (xml("amdgpu_isa_rdna3.manual.xml"), Fidelity::Manual),
            (xml("amdgpu_isa_rdna3_5.partial.xml"), Fidelity::Partial),
            ("supplement:rdna3".to_string(), Fidelity::Supplement),
        ]
    );
    let form = gfx1100.spec.instruction("S_FROM_MANUAL").unwrap().encodings[0].clone();
    assert_eq!(form.operands_source, Some(1), "neighbour operands");
}

#[test]
fn an_official_file_needs_no_neighbour() {
    let dir = DataDir::new("no-neighbour");
    // An official RDNA3 file whose only instruction has no operands: the RDNA3.5 neighbour
    // (which lists operands for the same name) must not give it any.
    dir.write(
        "amdgpu_isa_rdna3.xml",
        &mrisa("official layout", "S_TOY_NOP", false).replace(
            "</InstructionEncoding>",
            "<Operands></Operands></InstructionEncoding>",
        ),
    );
    dir.write("amdgpu_isa_rdna3.manual.xml", &rebuilt("S_FROM_MANUAL"));
    dir.write("amdgpu_isa_rdna3_5.partial.xml", &official("S_TOY_NOP"));
    let gfx1100 = SpecLoader::new(dir.path()).load_target("gfx1100").unwrap();
    assert_eq!(
        source_names(&gfx1100),
        [
            (xml("amdgpu_isa_rdna3.xml"), Fidelity::Official),
            ("supplement:rdna3".to_string(), Fidelity::Supplement),
        ]
    );
    let nop = gfx1100.spec.instruction("S_TOY_NOP").unwrap();
    assert!(nop.encodings[0].operands.is_empty());
    assert_eq!(nop.encodings[0].operands_source, Some(0));
    assert!(gfx1100.spec.instruction("S_FROM_MANUAL").is_none());
}

#[test]
fn every_arch_is_served_by_its_official_file_when_the_bundle_is_present() {
    let dir = DataDir::new("bundle");
    for arch in Arch::ALL {
        dir.write(arch.official_file(), &official("S_TOY"));
    }
    let loader = SpecLoader::new(dir.path());
    for t in TARGETS {
        let TargetStatus::Spec(arch) = t.status;
        assert_eq!(loader.arch_files(arch), arch.official_files(), "{}", t.mcpu);
        let loaded = loader
            .load_target(t.mcpu)
            .unwrap_or_else(|e| panic!("{}: {e}", t.mcpu));
        assert_eq!(
            source_names(&loaded)[0],
            (xml(arch.official_file()), Fidelity::Official),
            "{}",
            t.mcpu
        );
        assert_eq!(loaded.spec.sources.len(), 2, "{}: no neighbour", t.mcpu);
    }
}

#[test]
fn rebuilds_under_official_names_stay_high_fidelity() {
    let dir = DataDir::new("rebuilds");
    // As in the shared data today: CDNA3 is a rebuild in the official schema, CDNA1 a manual
    // file with CDNA3 as its neighbour.
    dir.write(
        "amdgpu_isa_cdna3.xml",
        &mrisa(
            "\n  RECONSTRUCTION - NOT the official AMD file.\n",
            "S_TOY",
            true,
        ),
    );
    dir.write("amdgpu_isa_cdna1.manual.xml", &rebuilt("S_TOY"));
    // CDNA1's stand-in for the graphics formats CDNA3 lacks.
    dir.write("amdgpu_isa_rdna2.partial.xml", &rebuilt("S_TOY"));
    let loader = SpecLoader::new(dir.path());
    assert_eq!(loader.arch_files(Arch::Cdna3), Arch::Cdna3.files());
    assert_eq!(loader.arch_files(Arch::Cdna1), Arch::Cdna1.files());
    let gfx942 = SpecLoader::new(dir.path()).load_target("gfx942").unwrap();
    assert_eq!(
        source_names(&gfx942)[0],
        (xml("amdgpu_isa_cdna3.xml"), Fidelity::High)
    );

    // The official CDNA3 file (no reconstruction comment) replacing it: Official, for CDNA3
    // and as CDNA1's neighbour.
    dir.write("amdgpu_isa_cdna3.xml", &official("S_TOY"));
    let loader = SpecLoader::new(dir.path());
    assert_eq!(loader.arch_files(Arch::Cdna3), Arch::Cdna3.official_files());
    let neighbour = loader.arch_files(Arch::Cdna1).operands.unwrap();
    assert_eq!(
        (neighbour.name, neighbour.fidelity),
        ("amdgpu_isa_cdna3.xml", Fidelity::Official)
    );
    let gfx908 = loader.load_target("gfx908").unwrap();
    assert_eq!(
        source_names(&gfx908)[..2],
        [
            (xml("amdgpu_isa_cdna1.manual.xml"), Fidelity::Manual),
            (xml("amdgpu_isa_cdna3.xml"), Fidelity::Official),
        ]
    );
    assert_eq!(
        source_names(&gfx908)[2],
        (xml("amdgpu_isa_rdna2.partial.xml"), Fidelity::Partial)
    );
}

#[test]
fn with_neither_file_the_error_names_both() {
    let dir = DataDir::new("empty");
    let err = SpecLoader::new(dir.path())
        .load_target("gfx1200")
        .unwrap_err()
        .to_string();
    assert!(err.contains("amdgpu_isa_rdna4.partial.xml"), "{err}");
    assert!(err.contains("amdgpu_isa_rdna4.xml"), "{err}");
}
