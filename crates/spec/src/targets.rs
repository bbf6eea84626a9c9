//! Which `-mcpu` belongs to which architecture, and which spec files serve it.

use crate::model::Fidelity;

/// An architecture AMD publishes an ISA spec for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arch {
    Rdna1,
    Rdna2,
    Rdna3,
    Rdna3_5,
    Rdna4,
    Cdna1,
    Cdna2,
    Cdna3,
    Cdna4,
    Cdna5,
    /// Vega (GCN5): the gfx900 family.
    Vega,
    /// Vega 7nm: gfx906.
    Vega7,
    /// GCN3: GFX8 (gfx801-gfx810).
    Gcn3,
    /// GCN2, "Sea Islands": GFX7 (gfx700-gfx705).
    Gcn2,
    /// GCN1, "Southern Islands": GFX6 (gfx600-gfx602).
    Gcn1,
}

impl Arch {
    /// Every architecture, in declaration order.
    pub const ALL: [Arch; 15] = [
        Arch::Rdna1,
        Arch::Rdna2,
        Arch::Rdna3,
        Arch::Rdna3_5,
        Arch::Rdna4,
        Arch::Cdna1,
        Arch::Cdna2,
        Arch::Cdna3,
        Arch::Cdna4,
        Arch::Cdna5,
        Arch::Vega,
        Arch::Vega7,
        Arch::Gcn3,
        Arch::Gcn2,
        Arch::Gcn1,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Arch::Rdna1 => "rdna1",
            Arch::Rdna2 => "rdna2",
            Arch::Rdna3 => "rdna3",
            Arch::Rdna3_5 => "rdna3_5",
            Arch::Rdna4 => "rdna4",
            Arch::Cdna1 => "cdna1",
            Arch::Cdna2 => "cdna2",
            Arch::Cdna3 => "cdna3",
            Arch::Cdna4 => "cdna4",
            Arch::Cdna5 => "cdna5",
            Arch::Vega => "vega",
            Arch::Vega7 => "vega7",
            Arch::Gcn3 => "gcn3",
            Arch::Gcn2 => "gcn2",
            Arch::Gcn1 => "gcn1",
        }
    }

    /// The generation before this one whose composed spec stands in for instructions LLVM's
    /// syntax pages list for this architecture's processors and neither its file nor its
    /// operand neighbour has ([`crate::compose::apply_target_additions`]). The RDNA1 manual,
    /// written for gfx1010, omits the scalar stores, scalar atomics and scalar scratch
    /// instructions LLVM's GFX10 page lists for gfx1010; Vega's manual has them, in an SMEM
    /// opcode table that agrees with RDNA1's on every instruction both list. RDNA2's partial
    /// file lacks two SMEM instructions its manual lists; RDNA1 has them at the same opcodes
    /// ([`crate::compose::adopt_cited_from_elder`]).
    ///
    /// GCN3 (GFX8) looks the other way: its manual, like Vega's, gives no operands, and Vega
    /// keeps GFX8's formats and most of its opcode tables, so Vega's composed spec (CDNA3's
    /// lists and what Vega's pseudocode derives) stands in where the same-name lookup in
    /// CDNA3's file finds nothing (V_MAD_F32, V_MAC_F32, the legacy ops CDNA3 dropped).
    /// GCN2 (GFX7) takes GCN3's the same way, by name: GFX8 renumbered every table; GCN1
    /// (GFX6) takes GCN2's.
    pub fn elder(self) -> Option<Arch> {
        match self {
            Arch::Rdna1 => Some(Arch::Vega),
            Arch::Rdna2 => Some(Arch::Rdna1),
            Arch::Gcn3 => Some(Arch::Vega),
            Arch::Gcn2 => Some(Arch::Gcn3),
            Arch::Gcn1 => Some(Arch::Gcn2),
            _ => None,
        }
    }

    /// GCN1-GCN3 (GFX6-GFX8): manuals older than every file with operand facts.
    pub fn is_gcn(self) -> bool {
        matches!(self, Arch::Gcn3 | Arch::Gcn2 | Arch::Gcn1)
    }

    /// The name AMD's official bundle (`scripts/fetch-inputs`) gives this architecture's
    /// file under `amd-isa/xml/`: `amdgpu_isa_<arch>.xml`.
    pub fn official_file(self) -> &'static str {
        match self {
            Arch::Rdna1 => "amdgpu_isa_rdna1.xml",
            Arch::Rdna2 => "amdgpu_isa_rdna2.xml",
            Arch::Rdna3 => "amdgpu_isa_rdna3.xml",
            Arch::Rdna3_5 => "amdgpu_isa_rdna3_5.xml",
            Arch::Rdna4 => "amdgpu_isa_rdna4.xml",
            Arch::Cdna1 => "amdgpu_isa_cdna1.xml",
            Arch::Cdna2 => "amdgpu_isa_cdna2.xml",
            Arch::Cdna3 => "amdgpu_isa_cdna3.xml",
            Arch::Cdna4 => "amdgpu_isa_cdna4.xml",
            Arch::Cdna5 => "amdgpu_isa_cdna5.xml",
            Arch::Vega => "amdgpu_isa_vega.xml",
            Arch::Vega7 => "amdgpu_isa_vega7.xml",
            Arch::Gcn3 => "amdgpu_isa_gcn3.xml",
            Arch::Gcn2 => "amdgpu_isa_gcn2.xml",
            Arch::Gcn1 => "amdgpu_isa_gcn1.xml",
        }
    }

    /// The official file alone: what serves the architecture when
    /// [`official_file`](Self::official_file) is present (see [`crate::SpecLoader::arch_files`]).
    ///
    /// No neighbour stands in for operand facts: an official file lists every form's operands,
    /// implicit ones included, so an empty list there means "no operands" (S_NOP, S_ENDPGM).
    /// A neighbour would only add another architecture's lists to such forms, and the
    /// instructions [`crate::compose::adopted_instructions`] takes from a neighbour are ones
    /// a manual's tables omit, which the official file has.
    pub fn official_files(self) -> ArchFiles {
        ArchFiles {
            opcodes: SpecFileRef {
                name: self.official_file(),
                fidelity: Fidelity::Official,
            },
            operands: None,
            graphics: None,
            alu: None,
        }
    }

    /// The rebuilt spec files that serve this architecture when its official file is absent
    /// (the fall-back), in the order facts are taken. CDNA3 and CDNA4 name
    /// `amdgpu_isa_<arch>.xml` here too: their high-fidelity rebuilds use the official name.
    pub fn files(self) -> ArchFiles {
        use Fidelity::*;
        let f = |name: &'static str, fidelity| SpecFileRef { name, fidelity };
        match self {
            Arch::Rdna1 => ArchFiles {
                opcodes: f("amdgpu_isa_rdna1.manual.xml", Manual),
                operands: Some(f("amdgpu_isa_rdna2.partial.xml", Partial)),
                graphics: None,
                alu: None,
            },
            Arch::Rdna2 => ArchFiles {
                opcodes: f("amdgpu_isa_rdna2.partial.xml", Partial),
                operands: None,
                graphics: None,
                alu: None,
            },
            Arch::Rdna3 => ArchFiles {
                opcodes: f("amdgpu_isa_rdna3.manual.xml", Manual),
                operands: Some(f("amdgpu_isa_rdna3_5.partial.xml", Partial)),
                graphics: None,
                alu: None,
            },
            Arch::Rdna3_5 => ArchFiles {
                opcodes: f("amdgpu_isa_rdna3_5.partial.xml", Partial),
                operands: None,
                graphics: None,
                alu: None,
            },
            Arch::Rdna4 => ArchFiles {
                opcodes: f("amdgpu_isa_rdna4.partial.xml", Partial),
                operands: None,
                graphics: None,
                alu: None,
            },
            Arch::Cdna1 => ArchFiles {
                opcodes: f("amdgpu_isa_cdna1.manual.xml", Manual),
                operands: Some(f("amdgpu_isa_cdna3.xml", High)),
                graphics: Some(f("amdgpu_isa_rdna2.partial.xml", Partial)),
                alu: None,
            },
            Arch::Cdna2 => ArchFiles {
                opcodes: f("amdgpu_isa_cdna2.manual.xml", Manual),
                operands: Some(f("amdgpu_isa_cdna3.xml", High)),
                graphics: Some(f("amdgpu_isa_rdna2.partial.xml", Partial)),
                alu: None,
            },
            Arch::Cdna3 => ArchFiles {
                opcodes: f("amdgpu_isa_cdna3.xml", High),
                operands: None,
                graphics: None,
                alu: None,
            },
            Arch::Cdna4 => ArchFiles {
                opcodes: f("amdgpu_isa_cdna4.xml", High),
                operands: None,
                graphics: None,
                alu: None,
            },
            // RDNA4 has the GFX12 encodings and most of the instructions; the CDNA-line ALU
            // ops RDNA4 lacks (V_PK_ADD_F32, V_LSHL_ADD_U64, V_ASHR_PK_I8_I32...) find their
            // lists in CDNA4's, whose ALU formats name the same fields.
            Arch::Cdna5 => ArchFiles {
                opcodes: f("amdgpu_isa_cdna5.manual.xml", Manual),
                operands: Some(f("amdgpu_isa_rdna4.partial.xml", Partial)),
                graphics: None,
                alu: Some(f("amdgpu_isa_cdna4.xml", High)),
            },
            // CDNA3 is the nearest file with operand facts: the same GFX9 encodings, and
            // the VALU, SALU and memory instructions Vega shares with it. Graphics-only
            // forms CDNA lacks (MIMG, EXP, VINTRP) find no operand list there.
            Arch::Vega => ArchFiles {
                opcodes: f("amdgpu_isa_vega.manual.xml", Manual),
                operands: Some(f("amdgpu_isa_cdna3.xml", High)),
                graphics: Some(f("amdgpu_isa_rdna2.partial.xml", Partial)),
                alu: None,
            },
            Arch::Vega7 => ArchFiles {
                opcodes: f("amdgpu_isa_vega7.manual.xml", Manual),
                operands: Some(f("amdgpu_isa_cdna3.xml", High)),
                graphics: Some(f("amdgpu_isa_rdna2.partial.xml", Partial)),
                alu: None,
            },
            // GFX8 has Vega's encodings less VOP3P and the GLOBAL/SCRATCH segments; AMD
            // published no XML for it, so its operand lists come, by instruction name, from
            // the same files as Vega's. The register codes those files give are GFX9's; the
            // supplement gives GFX8's own (TTMP0 at 112, no apertures).
            Arch::Gcn3 => ArchFiles {
                opcodes: f("amdgpu_isa_gcn3.manual.xml", Manual),
                operands: Some(f("amdgpu_isa_cdna3.xml", High)),
                graphics: Some(f("amdgpu_isa_rdna2.partial.xml", Partial)),
                alu: None,
            },
            // GFX7 as GFX8, its SMRD forms from CDNA3's SMEM lists (the same operands in
            // the older format's fields).
            Arch::Gcn2 => ArchFiles {
                opcodes: f("amdgpu_isa_gcn2.manual.xml", Manual),
                operands: Some(f("amdgpu_isa_cdna3.xml", High)),
                graphics: Some(f("amdgpu_isa_rdna2.partial.xml", Partial)),
                alu: None,
            },
            // AMD's Southern Islands manual is not to be had: its file is the Sea Islands
            // one less what that manual's preface lists as new in CI.
            Arch::Gcn1 => ArchFiles {
                opcodes: f("amdgpu_isa_gcn1.derived.xml", Manual),
                operands: Some(f("amdgpu_isa_cdna3.xml", High)),
                graphics: Some(f("amdgpu_isa_rdna2.partial.xml", Partial)),
                alu: None,
            },
        }
    }
}

/// A spec file under `amd-isa/xml/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpecFileRef {
    pub name: &'static str,
    pub fidelity: Fidelity,
}

/// Where an architecture's facts come from: encodings, fields and opcodes from `opcodes`;
/// operand lists, operand types and data formats from `operands` when the opcode file lacks
/// them (a neighbour's file standing in); for the graphics formats the `operands` file lacks
/// (MIMG, EXP, VINTRP: CDNA3 has no graphics), from `graphics`: for Vega and the older CDNA
/// manuals, RDNA2's, whose image, export and interpolation forms have the same operand
/// fields at the same bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArchFiles {
    pub opcodes: SpecFileRef,
    pub operands: Option<SpecFileRef>,
    pub graphics: Option<SpecFileRef>,
    /// For the ALU forms (VOP*, SOP*) still without operands after `operands`, a further
    /// stand-in (GFX12.5: CDNA4).
    pub alu: Option<SpecFileRef>,
}

/// What we can say about a `-mcpu`: which architecture's spec serves it (every processor
/// of the table has one since GFX6-GFX8 are wired; a processor the table lacks is unknown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetStatus {
    /// An AMD spec serves it.
    Spec(Arch),
}

/// One `-mcpu` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    pub mcpu: &'static str,
    /// GFX generation as LLVM names it: 6..=12; gfx1250 is 12 with `minor` 5.
    pub gfx_major: u32,
    pub gfx_minor: u32,
    pub status: TargetStatus,
}

macro_rules! targets {
    ($( $mcpu:literal => ($major:literal, $minor:literal) , $status:expr ;)*) => {
        /// Every GCN/RDNA/CDNA `-mcpu` LLVM's MC tests use.
        pub const TARGETS: &[Target] = &[
            $( Target { mcpu: $mcpu, gfx_major: $major, gfx_minor: $minor, status: $status }, )*
        ];
    };
}

use Arch::*;
use TargetStatus::Spec;

targets! {
    "gfx600" => (6, 0), Spec(Gcn1); "gfx601" => (6, 0), Spec(Gcn1); "gfx602" => (6, 0), Spec(Gcn1);
    "tahiti" => (6, 0), Spec(Gcn1); "pitcairn" => (6, 0), Spec(Gcn1); "verde" => (6, 0), Spec(Gcn1);
    "oland" => (6, 0), Spec(Gcn1); "hainan" => (6, 0), Spec(Gcn1);
    "gfx700" => (7, 0), Spec(Gcn2); "gfx701" => (7, 0), Spec(Gcn2); "gfx702" => (7, 0), Spec(Gcn2);
    "gfx703" => (7, 0), Spec(Gcn2); "gfx704" => (7, 0), Spec(Gcn2); "gfx705" => (7, 0), Spec(Gcn2);
    "kaveri" => (7, 0), Spec(Gcn2); "hawaii" => (7, 0), Spec(Gcn2); "bonaire" => (7, 0), Spec(Gcn2);
    "kabini" => (7, 0), Spec(Gcn2); "mullins" => (7, 0), Spec(Gcn2);
    "gfx801" => (8, 0), Spec(Gcn3); "gfx802" => (8, 0), Spec(Gcn3); "gfx803" => (8, 0), Spec(Gcn3);
    "gfx805" => (8, 0), Spec(Gcn3); "gfx810" => (8, 0), Spec(Gcn3);
    "carrizo" => (8, 0), Spec(Gcn3); "tonga" => (8, 0), Spec(Gcn3); "iceland" => (8, 0), Spec(Gcn3);
    "fiji" => (8, 0), Spec(Gcn3); "polaris10" => (8, 0), Spec(Gcn3); "polaris11" => (8, 0), Spec(Gcn3);
    "stoney" => (8, 0), Spec(Gcn3);
    "gfx900" => (9, 0), Spec(Vega); "gfx902" => (9, 0), Spec(Vega); "gfx904" => (9, 0), Spec(Vega);
    "gfx906" => (9, 0), Spec(Vega7); "gfx909" => (9, 0), Spec(Vega); "gfx90c" => (9, 0), Spec(Vega);
    "gfx9-generic" => (9, 0), Spec(Vega);
    "gfx908" => (9, 0), Spec(Cdna1);
    "gfx90a" => (9, 0), Spec(Cdna2);
    "gfx940" => (9, 4), Spec(Cdna3); "gfx941" => (9, 4), Spec(Cdna3); "gfx942" => (9, 4), Spec(Cdna3);
    "gfx9-4-generic" => (9, 4), Spec(Cdna3);
    "gfx950" => (9, 5), Spec(Cdna4);
    "gfx1010" => (10, 1), Spec(Rdna1); "gfx1011" => (10, 1), Spec(Rdna1);
    "gfx1012" => (10, 1), Spec(Rdna1); "gfx1013" => (10, 1), Spec(Rdna1);
    "gfx10-1-generic" => (10, 1), Spec(Rdna1);
    "gfx1030" => (10, 3), Spec(Rdna2); "gfx1031" => (10, 3), Spec(Rdna2); "gfx1032" => (10, 3), Spec(Rdna2);
    "gfx1033" => (10, 3), Spec(Rdna2); "gfx1034" => (10, 3), Spec(Rdna2); "gfx1035" => (10, 3), Spec(Rdna2);
    "gfx1036" => (10, 3), Spec(Rdna2); "gfx10-3-generic" => (10, 3), Spec(Rdna2);
    "gfx1100" => (11, 0), Spec(Rdna3); "gfx1101" => (11, 0), Spec(Rdna3);
    "gfx1102" => (11, 0), Spec(Rdna3); "gfx1103" => (11, 0), Spec(Rdna3);
    "gfx11-generic" => (11, 0), Spec(Rdna3);
    "gfx1150" => (11, 5), Spec(Rdna3_5); "gfx1151" => (11, 5), Spec(Rdna3_5);
    "gfx1152" => (11, 5), Spec(Rdna3_5); "gfx1153" => (11, 5), Spec(Rdna3_5);
    "gfx1200" => (12, 0), Spec(Rdna4); "gfx1201" => (12, 0), Spec(Rdna4);
    "gfx12-generic" => (12, 0), Spec(Rdna4);
    "gfx1250" => (12, 5), Spec(Cdna5); "gfx1251" => (12, 5), Spec(Cdna5);
}

/// Looks up a `-mcpu` value (LLVM accepts them case-sensitively, lower case).
pub fn target(mcpu: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.mcpu == mcpu)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mcpu_to_arch() {
        assert_eq!(target("gfx1100").unwrap().status, Spec(Rdna3));
        assert_eq!(target("gfx1151").unwrap().status, Spec(Rdna3_5));
        assert_eq!(target("gfx942").unwrap().status, Spec(Cdna3));
        assert_eq!(target("gfx900").unwrap().status, Spec(Vega));
        assert_eq!(target("gfx906").unwrap().status, Spec(Vega7));
        assert_eq!(target("tonga").unwrap().status, Spec(Gcn3));
        assert_eq!(target("bonaire").unwrap().status, Spec(Gcn2));
        assert_eq!(target("tahiti").unwrap().status, Spec(Gcn1));
        assert_eq!(target("tonga").unwrap().gfx_major, 8);
        assert!(target("gfx9999").is_none());
    }

    #[test]
    fn every_mcpu_is_listed_once() {
        let mut seen = std::collections::HashSet::new();
        for t in TARGETS {
            assert!(seen.insert(t.mcpu), "{} listed twice", t.mcpu);
        }
    }

    #[test]
    fn official_file_names_follow_the_bundle() {
        for arch in Arch::ALL {
            assert_eq!(
                arch.official_file(),
                format!("amdgpu_isa_{}.xml", arch.name())
            );
            let files = arch.official_files();
            assert_eq!(files.opcodes.fidelity, Fidelity::Official);
            assert_eq!(files.operands, None);
        }
    }
}
