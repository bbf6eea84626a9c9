//! The target context: what one RUN line's `-mcpu`, `-mattr` and the LLVM release compared
//! with decide for every direction (parse, encode, decode, print). Worked out here only.

use mcdiff_spec::{Arch, Spec, TargetSpec};

/// The LLVM release whose syntax our printer follows when no other is named.
pub const REFERENCE_LLVM_MAJOR: u32 = 22;

/// One target as a RUN line configures it.
#[derive(Debug, Clone, Copy)]
pub struct TargetCtx<'a> {
    pub spec: &'a Spec,
    pub mcpu: &'a str,
    /// GFX generation as LLVM names it (gfx1250 is 12.5).
    pub gfx_major: u32,
    pub gfx_minor: u32,
    /// Wave size 64: GFX10 and later default to wave32, older generations only run wave64.
    pub wave64: bool,
    /// llvm-mc's `real-true16` feature: 16-bit VGPR operands are register halves (`v1.l`).
    pub real_true16: bool,
    /// CDNA2 and later GFX9 parts (gfx90a, gfx940-942, gfx950), which LLVM gives the GFX90A
    /// features: the DPP row_newbcast swizzle, even-aligned VGPR tuples and AGPRs as memory
    /// data.
    pub gfx90a_plus: bool,
    /// VGPR tuples of 64 bits and more start at even registers: on gfx90a and later GFX9
    /// parts (LLVM's GFX90A rule), and where the manual says so (CDNA5 ISA §3.3.2.1).
    pub aligned_vgpr_tuples: bool,
    /// CDNA3 and later (gfx940-942, gfx950): the f64 MFMAs read their BLGP field as
    /// `neg:[a,b,c]` (CDNA3 ISA §7.1.5.3; the CDNA2 manual gives BLGP one meaning).
    pub mfma_f64_negates: bool,
    /// The GFX9 parts whose mixed-precision MADs (VOP3P opcodes 32-34, V_MAD_MIX* in the
    /// Vega and CDNA manuals) are fused: gfx904, gfx906 and CDNA. LLVM names them v_fma_mix*
    /// there and v_mad_mix* on the rest of the gfx900 family, accepting only that spelling.
    pub fused_mix: bool,
    /// Matrix ops keep reuse hints in OPSEL[2] (A) and OPSEL_HI[2] (B): GFX12.5 (CDNA5 ISA
    /// §7.12 "VOP3P Instruction Fields": RA, RB).
    pub matrix_reuse: bool,
    /// The spec has a two-dword literal code (CDNA5's SRC_LITERAL64): a 64-bit source of a
    /// 32-bit ALU format may take a 64-bit literal.
    pub literal64: bool,
    /// CDNA1 (gfx908) MFMAs mis-read an inline constant accumulator, a hardware fault LLVM
    /// models as the `mfma-inline-literal-bug` feature (on unless `-mattr` turns it off): the
    /// assembler refuses the constant the format can hold; the decoder still reads it.
    pub mfma_inline_constant_bug: bool,
    /// op_sel and op_sel_hi on 4- and 8-bit packed integer sources (dot4/dot8), which the
    /// manuals define for 16-bit halves only: llvm-mc 19 takes them (a short list padded
    /// with zeros) on every generation, llvm-mc 22 refuses them; both refuse them on the
    /// float-8 dots.
    pub narrow_packed_op_sel: bool,
}

impl<'a> TargetCtx<'a> {
    /// The spec's name of the literal code announcing `dwords` dwords (`SRC_LITERAL`,
    /// `SRC_LITERAL64`).
    pub fn literal_code(&self, dwords: u32) -> Option<&'a str> {
        let spec: &'a Spec = self.spec;
        spec.literal_codes
            .iter()
            .find(|l| l.dwords == dwords)
            .map(|l| l.name.as_str())
    }

    /// `mattr` as a RUN line writes it (`["+wavefrontsize64", "-real-true16"]`), after the
    /// defaults of LLVM release `llvm_major`.
    pub fn new(target: &'a TargetSpec, mattr: &[String], llvm_major: u32) -> Self {
        let gfx_major = target.target.gfx_major;
        let (mut plus32, mut plus64) = (false, false);
        let mut wave64 = gfx_major < 10;
        // llvm-mc 22 enables real-true16 by default on GFX11 only (checked: gfx1200 and
        // gfx1250 print whole registers unless +real-true16 is given).
        let mut real_true16 = gfx_major == 11;
        let mut mfma_inline_constant_bug = target.arch == Arch::Cdna1;
        let gfx90a_plus = matches!(target.arch, Arch::Cdna2 | Arch::Cdna3 | Arch::Cdna4);
        let release = release_default_mattr(llvm_major, gfx_major).iter().copied();
        for attr in release.chain(mattr.iter().map(String::as_str)) {
            let attr = attr.trim().to_ascii_lowercase();
            match attr.as_str() {
                "+wavefrontsize64" | "-wavefrontsize32" => {
                    wave64 = true;
                    plus64 |= attr.starts_with('+');
                }
                "+wavefrontsize32" | "-wavefrontsize64" => {
                    wave64 = false;
                    plus32 |= attr.starts_with('+');
                }
                "+real-true16" => real_true16 = true,
                "-real-true16" => real_true16 = false,
                "+mfma-inline-literal-bug" => mfma_inline_constant_bug = true,
                "-mfma-inline-literal-bug" => mfma_inline_constant_bug = false,
                _ => {}
            }
        }
        if plus32 && plus64 {
            // Both sizes asked for: llvm-mc reads the wave32 feature first.
            wave64 = false;
        }
        TargetCtx {
            spec: &target.spec,
            mcpu: target.target.mcpu,
            gfx_major,
            gfx_minor: target.target.gfx_minor,
            wave64,
            real_true16,
            gfx90a_plus,
            aligned_vgpr_tuples: gfx90a_plus || target.spec.even_vgpr_tuples,
            mfma_f64_negates: matches!(target.arch, Arch::Cdna3 | Arch::Cdna4),
            fused_mix: gfx_major == 9
                && !matches!(
                    target.target.mcpu,
                    "gfx900" | "gfx902" | "gfx909" | "gfx90c"
                ),
            literal64: target.spec.literal_codes.iter().any(|l| l.dwords == 2),
            matrix_reuse: gfx_major == 12 && target.target.gfx_minor >= 5,
            mfma_inline_constant_bug,
            narrow_packed_op_sel: llvm_major < 22,
        }
    }
}

#[cfg(test)]
impl<'a> TargetCtx<'a> {
    /// A target for unit tests: GFX `gfx_major`.`gfx_minor`, wave32, no features; tests set
    /// the fields they need with struct update syntax.
    pub(crate) fn bare(spec: &'a Spec, mcpu: &'a str, gfx_major: u32, gfx_minor: u32) -> Self {
        TargetCtx {
            spec,
            mcpu,
            gfx_major,
            gfx_minor,
            wave64: false,
            real_true16: false,
            gfx90a_plus: false,
            aligned_vgpr_tuples: false,
            mfma_f64_negates: false,
            fused_mix: false,
            literal64: false,
            matrix_reuse: false,
            mfma_inline_constant_bug: false,
            narrow_packed_op_sel: false,
        }
    }
}

/// `-mattr` entries that make our defaults match llvm-mc `llvm_major` on GFX `gfx_major`:
/// LLVM 19 reads and prints GFX11 16-bit operands as fake16 unless `+real-true16` is given;
/// LLVM 22 makes real-true16 the GFX11 default.
fn release_default_mattr(llvm_major: u32, gfx_major: u32) -> &'static [&'static str] {
    if llvm_major <= 19 && gfx_major == 11 {
        &["-real-true16"]
    } else {
        &[]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_older_releases_on_gfx11_change_the_default() {
        assert_eq!(release_default_mattr(19, 11), &["-real-true16"]);
        assert!(release_default_mattr(22, 11).is_empty());
        assert!(release_default_mattr(19, 12).is_empty());
    }
}
