//! Encoding families: a spec encoding name (`ENC_SOP2`, `SOPK_INST_LITERAL`, `VOP3_SDST_ENC`,
//! `VOP1_VOP_DPP16`, `FLAT_GLBL`) reduced once to a [`Family`], and the groups the assembler,
//! encoder, decoder and printer dispatch on.

/// The encoding family of a spec form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    Sop1,
    Sop2,
    Sopk,
    Sopc,
    Sopp,
    Smem,
    Vop1,
    Vop2,
    Vopc,
    Vop3,
    /// VOP3 with a scalar destination (carry-out, compare masks); ENC_VOP3's opcode space.
    Vop3Sdst,
    Vop3p,
    /// Dual issue: VOPD (`VOPDXY`) and its 96-bit GFX12.5 form VOPD3.
    Vopd,
    Vopd3,
    Ds,
    Vds,
    Flat,
    /// The global form as the RDNA3 and CDNA files spell it (`FLAT_GLOBAL`).
    FlatGlobal,
    /// The global form as the RDNA2 file spells it (`FLAT_GLBL`).
    FlatGlbl,
    FlatScratch,
    Vflat,
    Vglobal,
    Vscratch,
    Mubuf,
    Mtbuf,
    Vbuffer,
    Mimg,
    Vimage,
    Vsample,
    Exp,
    Vexport,
    Ldsdir,
    Vdsdir,
    /// A family no part of this crate handles (VOP3P_MFMA, VINTERP...).
    Other,
}

/// Spec spellings, after [`family_name`] has dropped prefixes and suffixes.
const SPELLINGS: &[(&str, Family)] = &[
    ("SOP1", Family::Sop1),
    ("SOP2", Family::Sop2),
    ("SOPK", Family::Sopk),
    ("SOPC", Family::Sopc),
    ("SOPP", Family::Sopp),
    ("SMEM", Family::Smem),
    ("VOP1", Family::Vop1),
    ("VOP2", Family::Vop2),
    ("VOPC", Family::Vopc),
    ("VOP3", Family::Vop3),
    ("VOP3_SDST_ENC", Family::Vop3Sdst),
    ("VOP3P", Family::Vop3p),
    ("VOPDXY", Family::Vopd),
    ("VOPD3", Family::Vopd3),
    ("DS", Family::Ds),
    ("VDS", Family::Vds),
    ("FLAT", Family::Flat),
    ("FLAT_GLOBAL", Family::FlatGlobal),
    ("FLAT_GLBL", Family::FlatGlbl),
    ("FLAT_SCRATCH", Family::FlatScratch),
    ("VFLAT", Family::Vflat),
    ("VGLOBAL", Family::Vglobal),
    ("VSCRATCH", Family::Vscratch),
    ("MUBUF", Family::Mubuf),
    ("MTBUF", Family::Mtbuf),
    ("VBUFFER", Family::Vbuffer),
    ("MIMG", Family::Mimg),
    ("VIMAGE", Family::Vimage),
    ("VSAMPLE", Family::Vsample),
    ("EXP", Family::Exp),
    ("VEXPORT", Family::Vexport),
    ("LDSDIR", Family::Ldsdir),
    ("VDSDIR", Family::Vdsdir),
];

/// The address segment a flat-family encoding addresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Segment {
    Flat,
    Global,
    Scratch,
}

/// The family part of a spec encoding name, as the spec spells it: `ENC_` and
/// `_INST_LITERAL` dropped, and the composed DPP and SDWA encodings (`VOP1_VOP_DPP16`, GFX9's
/// `VOP1_VOP_DPP`, `VOPC_VOP_SDWA_SDST_ENC`) reduced to their base family. For messages;
/// code dispatches on [`Family::of`].
pub fn family_name(encoding: &str) -> &str {
    let name = encoding.strip_prefix("ENC_").unwrap_or(encoding);
    let name = name.strip_suffix("_INST_LITERAL").unwrap_or(name);
    [
        "_VOP_DPP16",
        "_VOP_DPP8",
        "_VOP_DPP",
        "_VOP_SDWA",
        "_VOP_SDWA_SDST_ENC",
    ]
    .iter()
    .find_map(|s| name.strip_suffix(s))
    .unwrap_or(name)
}

impl Family {
    /// The family of a spec encoding name.
    pub fn of(encoding: &str) -> Family {
        let name = family_name(encoding);
        SPELLINGS
            .iter()
            .find(|(spelling, _)| *spelling == name)
            .map_or(Family::Other, |&(_, family)| family)
    }

    /// The spec's spelling (`VOP3_SDST_ENC`, `FLAT_GLBL`); `OTHER` for [`Family::Other`].
    pub fn name(self) -> &'static str {
        SPELLINGS
            .iter()
            .find(|(_, family)| *family == self)
            .map_or("OTHER", |(spelling, _)| spelling)
    }

    /// The scalar families: SOP1, SOP2, SOPK, SOPC, SOPP and SMEM.
    pub fn is_scalar(self) -> bool {
        use Family::*;
        matches!(self, Sop1 | Sop2 | Sopk | Sopc | Sopp | Smem)
    }

    /// The vector ALU families (dual issue aside).
    pub fn is_vector_alu(self) -> bool {
        self.is_vop32() || matches!(self, Family::Vop3 | Family::Vop3Sdst | Family::Vop3p)
    }

    /// The 32-bit vector ALU formats (VOP1, VOP2, VOPC): no modifier fields of their own.
    pub fn is_vop32(self) -> bool {
        matches!(self, Family::Vop1 | Family::Vop2 | Family::Vopc)
    }

    /// The family whose opcode space a vector ALU encoding uses: the VOP3 SDST variant shares
    /// ENC_VOP3's.
    pub fn opcode_space(self) -> Option<Family> {
        match self {
            Family::Vop3Sdst => Some(Family::Vop3),
            f if f.is_vector_alu() => Some(f),
            _ => None,
        }
    }

    /// LDS: DS (GFX11) and VDS (GFX12).
    pub fn is_ds(self) -> bool {
        matches!(self, Family::Ds | Family::Vds)
    }

    /// The segment of a flat-address family (GFX11 `FLAT*`, GFX12 `V*`).
    pub fn segment(self) -> Option<Segment> {
        use Family::*;
        match self {
            Flat | Vflat => Some(Segment::Flat),
            FlatGlobal | FlatGlbl | Vglobal => Some(Segment::Global),
            FlatScratch | Vscratch => Some(Segment::Scratch),
            _ => None,
        }
    }

    /// The buffer families (GFX11 MUBUF/MTBUF, GFX12 VBUFFER).
    pub fn is_buffer(self) -> bool {
        matches!(self, Family::Mubuf | Family::Mtbuf | Family::Vbuffer)
    }

    /// The image families (GFX11 MIMG, GFX12 VIMAGE/VSAMPLE).
    pub fn is_image(self) -> bool {
        matches!(self, Family::Mimg | Family::Vimage | Family::Vsample)
    }

    /// Exports and LDS parameter loads, which share their operand syntax.
    pub fn is_export(self) -> bool {
        use Family::*;
        matches!(self, Exp | Vexport | Ldsdir | Vdsdir)
    }

    /// LDS, flat-address and buffer memory: the families the memory builder takes.
    pub fn is_lds_flat_or_buffer(self) -> bool {
        self.is_ds() || self.segment().is_some() || self.is_buffer()
    }

    /// Every vector memory and export family.
    pub fn is_vector_memory(self) -> bool {
        self.is_lds_flat_or_buffer() || self.is_image() || self.is_export()
    }
}

/// A slot holding an SMEM immediate byte offset (signed).
pub fn is_smem_imm_offset(family: Family, slot: &mcdiff_spec::Operand) -> bool {
    family == Family::Smem && matches!(slot.field.as_deref(), Some("OFFSET" | "IOFFSET"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn composed_and_literal_forms_reduce_to_their_family() {
        assert_eq!(family_name("SOPK_INST_LITERAL"), "SOPK");
        assert_eq!(family_name("VOP3_SDST_ENC_VOP_DPP8"), "VOP3_SDST_ENC");
        assert_eq!(Family::of("ENC_SOP2"), Family::Sop2);
        assert_eq!(Family::of("VOP1_VOP_DPP16"), Family::Vop1);
        assert_eq!(Family::of("VOPC_VOP_SDWA_SDST_ENC"), Family::Vopc);
        assert_eq!(Family::of("ENC_FLAT_GLBL"), Family::FlatGlbl);
        assert_eq!(Family::of("ENC_VOP3P_MFMA"), Family::Other);
    }

    #[test]
    fn groups() {
        assert!(Family::Vop3Sdst.is_vector_alu() && !Family::Vop3Sdst.is_vop32());
        assert_eq!(Family::Vop3Sdst.opcode_space(), Some(Family::Vop3));
        assert_eq!(Family::Vopd.opcode_space(), None);
        assert!(Family::Vglobal.is_lds_flat_or_buffer() && !Family::Mimg.is_lds_flat_or_buffer());
        assert!(Family::Ldsdir.is_vector_memory() && !Family::Smem.is_vector_memory());
    }
}
