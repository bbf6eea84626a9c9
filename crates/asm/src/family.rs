//! Encoding families: a spec encoding name (`ENC_SOP2`, `SOPK_INST_LITERAL`, `VOP3_SDST_ENC`,
//! `VOP1_VOP_DPP16`, `FLAT_GLBL`) reduced once to a [`Family`], and the groups the assembler,
//! encoder, decoder and printer dispatch on.

/// Declares [`Family`] with one spec spelling per variant, so parsing a name and naming a
/// family read the same list (as `match`es, which compile to a length switch).
macro_rules! families {
    ($($(#[$doc:meta])* $variant:ident = $spelling:literal,)*) => {
        /// The encoding family of a spec form.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Family {
            $($(#[$doc])* $variant,)*
            /// A family no part of this crate handles.
            Other,
        }

        impl Family {
            /// The family a spec spelling (after [`family_name`]) names.
            fn from_spelling(name: &str) -> Family {
                match name {
                    $($spelling => Family::$variant,)*
                    _ => Family::Other,
                }
            }

            /// The spec's spelling (`VOP3_SDST_ENC`, `FLAT_GLBL`); `OTHER` for
            /// [`Family::Other`].
            pub fn name(self) -> &'static str {
                match self {
                    $(Family::$variant => $spelling,)*
                    Family::Other => "OTHER",
                }
            }
        }
    };
}

families! {
    Sop1 = "SOP1",
    Sop2 = "SOP2",
    Sopk = "SOPK",
    Sopc = "SOPC",
    Sopp = "SOPP",
    Smem = "SMEM",
    Vop1 = "VOP1",
    Vop2 = "VOP2",
    Vopc = "VOPC",
    /// Parameter interpolation (GFX9, GFX10): a 32-bit word LLVM writes as the `_e32` form
    /// of an instruction whose VOP3 form holds the attribute in SRC0.
    Vintrp = "VINTRP",
    Vop3 = "VOP3",
    /// Parameter interpolation from GFX11 on: a 64-bit VOP3-like word with its own ENCODING
    /// and an export-wait count (WAIT_EXP) in place of the absolute-value and OMOD bits.
    Vinterp = "VINTERP",
    /// VOP3 with a scalar destination (carry-out, compare masks); ENC_VOP3's opcode space.
    Vop3Sdst = "VOP3_SDST_ENC",
    Vop3p = "VOP3P",
    /// Matrix fused multiply-add (MFMA, SMFMAC; CDNA): VOP3P's ENCODING bits, its own opcodes.
    Vop3pMfma = "VOP3P_MFMA",
    /// The 128-bit scaled matrix ops (CDNA4 ISA §7.2.1): a word of scale operands, then an
    /// MFMA word.
    Vop3px2 = "VOP3PX2",
    /// Dual issue: VOPD (`VOPDXY`) and its 96-bit GFX12.5 form VOPD3.
    Vopd = "VOPDXY",
    Vopd3 = "VOPD3",
    Ds = "DS",
    Vds = "VDS",
    Flat = "FLAT",
    /// The global form as the RDNA3 and CDNA files spell it.
    FlatGlobal = "FLAT_GLOBAL",
    /// The global form as the RDNA2 file spells it.
    FlatGlbl = "FLAT_GLBL",
    FlatScratch = "FLAT_SCRATCH",
    Vflat = "VFLAT",
    Vglobal = "VGLOBAL",
    Vscratch = "VSCRATCH",
    Mubuf = "MUBUF",
    Mtbuf = "MTBUF",
    Vbuffer = "VBUFFER",
    Mimg = "MIMG",
    Vimage = "VIMAGE",
    Vsample = "VSAMPLE",
    Exp = "EXP",
    Vexport = "VEXPORT",
    Ldsdir = "LDSDIR",
    Vdsdir = "VDSDIR",
}

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

/// The formats ([`family_name`]) of an instruction's forms, as the manual's DPP limits
/// name them ([`mcdiff_spec::Spec::refuses_dpp`]).
pub fn form_families(instruction: &mcdiff_spec::Instruction) -> Vec<&str> {
    (instruction.encodings.iter())
        .map(|f| family_name(&f.encoding))
        .collect()
}

impl Family {
    /// The family of a spec encoding name.
    pub fn of(encoding: &str) -> Family {
        match family_name(encoding) {
            // GFX6/GFX7's scalar memory format is read and written as its successor: the same
            // operands (SDST, SBASE, an offset the IMM bit makes an immediate or an SGPR).
            "SMRD" => Family::Smem,
            name => Family::from_spelling(name),
        }
    }

    /// The scalar families: SOP1, SOP2, SOPK, SOPC, SOPP and SMEM.
    pub fn is_scalar(self) -> bool {
        use Family::*;
        matches!(self, Sop1 | Sop2 | Sopk | Sopc | Sopp | Smem)
    }

    /// The vector ALU families (dual issue aside).
    pub fn is_vector_alu(self) -> bool {
        self.is_vop32()
            || matches!(
                self,
                Family::Vop3
                    | Family::Vop3Sdst
                    | Family::Vop3p
                    | Family::Vop3pMfma
                    | Family::Vinterp
            )
            || self.is_matrix()
    }

    /// The matrix formats: MFMA words, alone or after a scale word (VOP3PX2).
    pub fn is_matrix(self) -> bool {
        matches!(self, Family::Vop3pMfma | Family::Vop3px2)
    }

    /// The 32-bit vector ALU formats (VOP1, VOP2, VOPC, and VINTRP, the interpolation
    /// instructions' native form): no modifier fields of their own.
    pub fn is_vop32(self) -> bool {
        matches!(
            self,
            Family::Vop1 | Family::Vop2 | Family::Vopc | Family::Vintrp
        )
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
        assert_eq!(Family::of("ENC_VOP3P_MFMA"), Family::Vop3pMfma);
        assert_eq!(Family::of("ENC_VOP3PX2"), Family::Vop3px2);
        assert_eq!(Family::of("ENC_VINTERP"), Family::Vinterp);
        assert_eq!(Family::of("ENC_VINTRP"), Family::Vintrp);
        assert!(Family::Vintrp.is_vop32());
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
