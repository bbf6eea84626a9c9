//! Facts read from AMD's manuals (`amd-isa/derived/manuals-md/<arch>.md`, the Markdown
//! conversions of the PDF manuals) that no spec file carries: the instructions that cannot
//! use DPP ("Instruction Limitations", §12.19.1 in the RDNA1/RDNA2 manuals) and the formats
//! DPP may be used with (§6.9 "Data Parallel Processing"). The official and rebuilt XML files
//! list an instruction's encodings but say nothing of which of them may take the DPP word,
//! and the RDNA1 rebuild describes VOPC DPP layouts the manual's text does not allow.

pub mod dpp_table;

use crate::model::Spec;

/// An instruction name, or a family of names, as the manuals list them (`V_` prefix
/// optional, Markdown escapes removed): `READFIRSTLANE_B32` names itself; a bare word
/// (`SWAP`, `V_CNDMASK`) or a name ending in `*` (`QSAD_PK_*`) every name it starts; a `*`
/// within (`V_MOVREL*_B32`) every name with its head and tail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamePattern {
    /// As the manual writes it, for the spec's notes.
    text: String,
    head: String,
    /// `None`: the name itself; `Some(tail)`: the names starting with `head`, ending with it.
    tail: Option<String>,
}

impl NamePattern {
    /// The pattern `text` writes; `None` for names written as alternatives
    /// (`FMAMK/AK_F32/F16`).
    pub fn parse(text: &str) -> Option<NamePattern> {
        let text = text.replace('\\', "");
        if text.contains('/') {
            return None;
        }
        let bare = text.strip_prefix("V_").unwrap_or(&text);
        let (head, tail) = match bare.split_once('*') {
            Some((head, tail)) => (head, Some(tail.to_string())),
            None if !bare.contains('_') => (bare, Some(String::new())),
            None => (bare, None),
        };
        Some(NamePattern {
            head: head.to_string(),
            tail,
            text,
        })
    }

    /// Whether the pattern covers instruction `name` (AMD's, `V_` prefix and all).
    pub fn matches(&self, name: &str) -> bool {
        let name = name.strip_prefix("V_").unwrap_or(name);
        match &self.tail {
            None => name == self.head,
            Some(tail) => {
                name.len() >= self.head.len() + tail.len()
                    && name.starts_with(self.head.as_str())
                    && name.ends_with(tail.as_str())
            }
        }
    }
}

impl std::fmt::Display for NamePattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// Every fact this module reads from one manual, read once and then given to the spec.
pub struct ManualFacts {
    no_dpp: Vec<String>,
    dpp_table: dpp_table::DppTable,
    dpp_format_only: Option<(String, String)>,
    dpp_formats: Option<Vec<String>>,
    no_64bit_dpp: bool,
    vopd_same_vgpr_reads: bool,
    float_modifier_exceptions: Vec<NamePattern>,
    sgpr_no_opsel: bool,
    omod_formats: Option<Vec<String>>,
    even_tuples: bool,
    no_sdwa: bool,
    lds_loads: Option<Vec<String>>,
    buffer_formats: Option<Vec<(u32, String)>>,
    scalar_lane_selects: Vec<String>,
    opsel_two_bits: Vec<String>,
    ignores_omod: Vec<String>,
    ignores_clamp: Vec<String>,
    scale_sources_vgpr_or_inline: bool,
}

impl ManualFacts {
    /// The facts of `manual`; its buffer data format table only where `buffer_formats` (GFX10
    /// numbers its unified formats as its manual does; later generations as the assembler).
    pub fn read(manual: &str, buffer_formats: bool) -> Self {
        ManualFacts {
            no_dpp: dpp_exclusions(manual),
            dpp_table: dpp_table::dpp_table(manual).unwrap_or_default(),
            dpp_format_only: dpp_format_only(manual),
            dpp_formats: dpp_formats(manual),
            no_64bit_dpp: no_64bit_dpp(manual),
            vopd_same_vgpr_reads: vopd_same_vgpr_reads(manual),
            float_modifier_exceptions: float_modifier_exceptions(manual),
            sgpr_no_opsel: packed_f32_sgpr_takes_no_opsel(manual),
            omod_formats: omod_result_formats(manual),
            even_tuples: even_vgpr_tuples(manual),
            no_sdwa: no_sdwa(manual),
            lds_loads: buffer_lds_loads(manual),
            buffer_formats: buffer_formats
                .then(|| buffer_data_formats(manual))
                .flatten(),
            scalar_lane_selects: scalar_second_and_third_sources(manual),
            opsel_two_bits: opsel_beyond_fi_and_bound_ctrl_reserved(manual),
            ignores_omod: ignoring_omod(manual),
            ignores_clamp: ignoring_clamp(manual),
            scale_sources_vgpr_or_inline: scale_sources_vgpr_or_inline(manual),
        }
    }

    /// One note per fact the manual gives.
    pub fn notes(&self) -> Vec<String> {
        let count = |n: usize, what: &str| (n > 0).then(|| format!("{n} {what}"));
        let listed = |l: &Option<Vec<String>>, what: &str| {
            l.as_ref().map(|l| format!("{what} {}", l.join(", ")))
        };
        let table = &self.dpp_table;
        let unread = match table.unread.is_empty() {
            true => String::new(),
            false => format!("; unread: {}", table.unread.join(", ")),
        };
        let (omod, clamp) = (self.ignores_omod.len(), self.ignores_clamp.len());
        [
            count(
                self.no_dpp.len(),
                "instructions that cannot use DPP (Instruction Limitations)",
            ),
            listed(&self.dpp_formats, "DPP only with"),
            (self.dpp_format_only.as_ref()).map(|(f, o)| format!("DPP in {f} only for {o}")),
            (self.vopd_same_vgpr_reads)
                .then(|| "dual-issue halves may read one VGPR in a slot".into()),
            (!self.float_modifier_exceptions.is_empty()).then(|| {
                let names: Vec<String> = (self.float_modifier_exceptions.iter())
                    .map(NamePattern::to_string)
                    .collect();
                format!("input modifiers on any source of {}", names.join(", "))
            }),
            count(
                table.refusals.len(),
                "\"NO DPP\" entries of the DPP support table",
            )
            .map(|n| format!("{n}{unread}")),
            self.no_64bit_dpp
                .then(|| "no DPP for 64-bit operations".into()),
            self.sgpr_no_opsel.then(|| {
                "no OPSEL for SGPR sources of packed-f32 ops (Scalar Constants with Packed Math)"
                    .into()
            }),
            listed(&self.omod_formats, "OMOD for").map(|n| format!("{n} results only")),
            self.even_tuples
                .then(|| "64-bit operands in even-aligned VGPRs".into()),
            self.no_sdwa
                .then(|| "no SDWA format (the manual never names one)".into()),
            (self.lds_loads.as_ref()).map(|l| {
                format!(
                    "{} buffer loads to LDS (Memory Buffer Load to LDS)",
                    l.len()
                )
            }),
            (self.buffer_formats.as_ref()).map(|f| {
                format!(
                    "{} buffer data formats (Buffer and Image Data Formats)",
                    f.len()
                )
            }),
            count(
                self.scalar_lane_selects.len(),
                "instructions whose second and third sources must be scalar",
            ),
            count(
                self.opsel_two_bits.len(),
                "instructions whose OP_SEL beyond FI and BOUND_CTRL is reserved",
            ),
            (omod > 0).then(|| {
                format!("{omod} instructions that ignore OMOD, {clamp} of them clamp too")
            }),
            (self.scale_sources_vgpr_or_inline).then(|| {
                "scale sources of the scaled matrix ops: VGPRs or inline constants".into()
            }),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// Gives the facts to `spec`.
    pub fn apply(self, spec: &mut Spec) {
        spec.no_dpp = self.no_dpp;
        spec.dpp_refusals = self.dpp_table.refusals;
        spec.dpp_format_only = self.dpp_format_only;
        spec.vopd_same_vgpr_reads = self.vopd_same_vgpr_reads;
        spec.float_modifier_exceptions = self.float_modifier_exceptions;
        spec.dpp_formats = self.dpp_formats;
        spec.no_64bit_dpp = self.no_64bit_dpp;
        spec.packed_f32_sgpr_no_opsel = self.sgpr_no_opsel;
        spec.omod_formats = self.omod_formats;
        spec.even_vgpr_tuples = self.even_tuples;
        spec.no_sdwa = self.no_sdwa;
        spec.buffer_lds_loads = self.lds_loads;
        spec.buffer_formats = self.buffer_formats;
        spec.scalar_second_and_third = self.scalar_lane_selects;
        spec.opsel_fi_and_bound_ctrl_only = self.opsel_two_bits;
        spec.ignores_omod = self.ignores_omod;
        spec.ignores_clamp = self.ignores_clamp;
        spec.scale_sources_vgpr_or_inline = self.scale_sources_vgpr_or_inline;
    }
}

/// The instruction names listed under the manual's "The following instructions cannot use
/// DPP:" (one `- V\_NAME` bullet each, Markdown escapes removed), in order.
pub fn dpp_exclusions(manual: &str) -> Vec<String> {
    let mut lines = manual.lines().skip_while(|l| !l.contains("cannot use DPP"));
    if lines.next().is_none() {
        return Vec::new();
    }
    lines
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| l.starts_with("- "))
        .map(|l| l[2..].replace('\\', "").trim().to_string())
        .filter(|name| name.starts_with("V_"))
        .collect()
}

/// The formats the manual's "DPP is compatible only with: VOP1 and VOP2." (or "DPP may be
/// used only with: VOP1, VOP2, VOPC, VOP3 and VOP3P (...)") names; `None` without it.
pub fn dpp_formats(manual: &str) -> Option<Vec<String>> {
    let (_, rest) = ["DPP is compatible only with:", "DPP may be used only with:"]
        .iter()
        .find_map(|lead| manual.split_once(lead))?;
    let sentence = rest.split_once('.').map_or(rest, |(s, _)| s);
    let formats = sentence
        .split([',', ' '])
        .filter(|w| w.starts_with("VOP"))
        .map(str::to_string)
        .collect::<Vec<_>>();
    (!formats.is_empty()).then_some(formats)
}

/// The one family of opcodes the manual's DPP sentence allows a format: "VOP3P (only
/// FMA\_MIX ops)" (CDNA5 ISA §7.9) as (`VOP3P`, `FMA_MIX`); `None` without such a limit.
pub fn dpp_format_only(manual: &str) -> Option<(String, String)> {
    let (_, rest) = manual.split_once("DPP may be used only with:")?;
    let (before, limit) = rest.lines().next()?.split_once("(only ")?;
    let format = before.split_whitespace().last()?;
    let stem = limit.split_whitespace().next()?.replace('\\', "");
    Some((format.to_string(), stem))
}

/// Whether the manual lets the halves of a dual-issue pair read one VGPR in the same source
/// slot: "... must come from different VGPR banks ..., or be the same VGPR and same sized
/// operand" (CDNA5 ISA §7.8). The RDNA4 manual says so and, two bullets on, that they "must
/// use different VGPR banks" with no exception; where both stand, the stricter is kept.
pub fn vopd_same_vgpr_reads(manual: &str) -> bool {
    manual.contains("or be the same VGPR")
        && !manual.contains("SRCX0 and SRCY0 must use different VGPR banks;")
}

/// Whether the manual says 64-bit operations take no DPP (CDNA5 ISA §7.9: "64bit DPP is not
/// supported").
pub fn no_64bit_dpp(manual: &str) -> bool {
    manual
        .lines()
        .any(|l| l.trim_start_matches(['#', ' ']).trim() == "64bit DPP is not supported.")
}

/// Whether the manual's "Scalar Constants with Packed Math" table says an SGPR source of a
/// packed-f32 op takes no OPSEL (CDNA5 ISA §7.7.1: "1 SGPR (replicated 2x, OPSEL not ..."):
/// the SGPR row's PK_F32 cell. RDNA4's table, whose cell says only "1 SGPR", does not.
pub fn packed_f32_sgpr_takes_no_opsel(manual: &str) -> bool {
    let Some(start) = manual.find("Scalar Constants with Packed Math**") else {
        return false;
    };
    let mut rows = manual[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'));
    let Some(header) = rows.next() else {
        return false;
    };
    fn cells(l: &str) -> Vec<&str> {
        l.split('|').map(str::trim).collect()
    }
    let Some(column) = cells(header).iter().position(|c| c.starts_with("PK_F32")) else {
        return false;
    };
    rows.map(cells)
        .find(|r| r.get(1).is_some_and(|c| c.starts_with("SGPR")))
        .and_then(|r| r.get(column).map(|c| c.to_ascii_lowercase()))
        .is_some_and(|c| c.contains("opsel not") || c.contains("no opsel"))
}

/// The float result formats the manual says the output modifier applies to ("Output
/// modifiers (OMOD) apply to half, single and double floating point results only", RDNA3,
/// RDNA3.5, RDNA4 and CDNA5 ISA §7.2.x), as data format stems (`F16`, `F32`, `F64`);
/// `None` where the manual does not say.
pub fn omod_result_formats(manual: &str) -> Option<Vec<String>> {
    let start = manual.find("(OMOD) apply to ")? + "(OMOD) apply to ".len();
    let end = start + manual[start..].find("floating point results only")?;
    let formats: Vec<String> = manual[start..end]
        .split([',', ' '])
        .filter_map(|w| match w {
            "half" => Some("F16"),
            "single" => Some("F32"),
            "double" => Some("F64"),
            _ => None,
        })
        .map(str::to_string)
        .collect();
    (!formats.is_empty()).then_some(formats)
}

/// The instructions whose second and third sources the manual says must be scalar values
/// (V_PERMLANE16_B32, V_PERMLANEX16_B32: "The first source must be a VGPR and the second
/// and third sources must be scalar values"), by AMD name: from the opcode table row that
/// says it (older manuals) or the instruction heading above the sentence (RDNA3 and later).
pub fn scalar_second_and_third_sources(manual: &str) -> Vec<String> {
    instructions_whose_text_says(manual, "second and third sources must be scalar values")
}

/// The instructions whose OP_SEL the manual gives only two bits (V_PERMLANE16_B32: "OP_SEL[0]
/// is overloaded to represent the DPP 'FI' ... OP_SEL[1] ... 'BOUND_CTRL' bit. The remaining
/// OP_SEL bits are reserved"), by AMD name, found as
/// [`scalar_second_and_third_sources`] finds its own.
pub fn opsel_beyond_fi_and_bound_ctrl_reserved(manual: &str) -> Vec<String> {
    instructions_whose_text_says(manual, "OP_SEL bits are reserved")
}

/// The instructions the manual gives input modifiers (ABS, NEG) on sources that are not
/// floating point, as AMD names or patterns (`V_MOVREL*_B32`, `V_CNDMASK` for every width):
/// the list after "input modifiers are supported for:" (RDNA3, RDNA3.5, RDNA4, CDNA5 ISA
/// "Input Operand Modifiers"), and the instructions whose text says "Floating-point
/// modifiers are valid for this instruction" (the older manuals' V_MOV_B32, V_CNDMASK_B32).
pub fn float_modifier_exceptions(manual: &str) -> Vec<NamePattern> {
    let mut names = instructions_whose_text_says(manual, "Floating-point modifiers are valid");
    if let Some((_, rest)) = manual.split_once("input modifiers are supported for:") {
        let list = rest.split_once('.').map_or(rest, |(list, _)| list);
        names.extend(
            list.replace('\\', "")
                .replace(" and ", ",")
                .split(',')
                .map(str::trim)
                .filter(|n| n.starts_with("V_"))
                .map(str::to_string),
        );
    }
    names.sort();
    names.dedup();
    names.iter().filter_map(|n| NamePattern::parse(n)).collect()
}

/// The instructions whose notes say they ignore the output modifier ("Ignores OMOD", CDNA3 to
/// CDNA5 and RDNA4 ISA, the FP8/BF8 and stochastic-rounding conversions), by AMD name, found
/// as [`scalar_second_and_third_sources`] finds its own.
pub fn ignoring_omod(manual: &str) -> Vec<String> {
    instructions_whose_text_says(manual, "Ignores OMOD")
}

/// The instructions whose notes say they ignore clamp as well ("Ignores OMOD and clamp").
pub fn ignoring_clamp(manual: &str) -> Vec<String> {
    instructions_whose_text_says(manual, "Ignores OMOD and clamp")
}

/// The V_ instructions whose text holds `rule`: the opcode table row that says it (older
/// manuals) or the instruction heading above the sentence (RDNA3 and later).
fn instructions_whose_text_says(manual: &str, rule: &str) -> Vec<String> {
    // One search of the whole text: the rules are rare, the manuals long.
    let mut names = Vec::new();
    for (at, _) in manual.match_indices(rule) {
        let start = manual[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = manual[at..].find('\n').map_or(manual.len(), |i| at + i);
        let line = manual[start..end].trim();
        let name = if line.starts_with('|') {
            line.split('|').map(str::trim).nth(2).map(str::to_string)
        } else {
            instruction_heading_above(&manual[..end])
        };
        if let Some(name) = name.filter(|n| n.starts_with("V_")) {
            names.push(name);
        }
    }
    names.sort();
    names.dedup();
    names
}

/// The instruction the last `#### ` heading of `text` names (RDNA3 and later: one heading
/// per instruction); an instruction's own subheadings (`#### **Notes**`) name none.
fn instruction_heading_above(text: &str) -> Option<String> {
    text.lines().rev().map(str::trim).find_map(|line| {
        let title = line.strip_prefix("#### ")?.replace(['*', '\\'], "");
        let name = title.split_whitespace().next()?;
        name.contains('_').then(|| name.to_string())
    })
}

/// The buffer data formats of the manual's "Buffer and Image Data Formats" table, (code,
/// name) for the codes a 7-bit FORMAT field holds (RDNA1/RDNA2 ISA Table 47: `0 INVALID`,
/// `1 8_UNORM` ... `77 32_32_32_32_FLOAT`); `None` where the manual has no such table. A
/// cell holding one code takes its name cell whole (the text breaks `16_16_16_16_USCALED`
/// in two); a cell holding several codes pairs them with its names in order.
pub fn buffer_data_formats(manual: &str) -> Option<Vec<(u32, String)>> {
    let mut lines = manual
        .lines()
        .skip_while(|l| !l.contains("Buffer and Image Data Formats"));
    lines.next()?;
    let mut formats = Vec::new();
    for line in lines.map(str::trim) {
        if line.starts_with('#') || (!line.is_empty() && !line.starts_with(['|', '<'])) {
            break;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        for pair in cells.get(1..).unwrap_or_default().chunks(2) {
            let [codes, names] = pair else { continue };
            let codes: Option<Vec<u32>> =
                codes.split_whitespace().map(|c| c.parse().ok()).collect();
            let Some(codes) = codes.filter(|c| !c.is_empty()) else {
                continue;
            };
            let names: Vec<String> = match codes.len() {
                1 => vec![names.split_whitespace().collect()],
                _ => names.split_whitespace().map(str::to_string).collect(),
            };
            if names.len() == codes.len() {
                formats.extend(codes.into_iter().zip(names).filter(|(c, _)| *c < 128));
            }
        }
    }
    formats.sort();
    formats.dedup_by_key(|f| f.0);
    (!formats.is_empty()).then_some(formats)
}

/// The buffer loads the manual says may return their data to LDS ("Memory Buffer Load to
/// LDS": `BUFFER_LOAD_{ubyte, sbyte, ushort, sshort, dword, format_x}`; CDNA4 adds dwordX3
/// and dwordX4), as AMD names (`BUFFER_LOAD_DWORDX3`); `None` where the manual has no list.
pub fn buffer_lds_loads(manual: &str) -> Option<Vec<String>> {
    let section = manual.find("Memory Buffer Load to LDS**")?;
    let line = manual[section..]
        .lines()
        .take(12)
        .find(|l| l.contains("BUFFER\\_LOAD\\_{"))?;
    let inner = line.split_once('{')?.1.split_once('}')?.0;
    let names: Vec<String> = inner
        .split(',')
        .map(|n| {
            format!(
                "BUFFER_LOAD_{}",
                n.trim().replace("\\_", "_").to_ascii_uppercase()
            )
        })
        .collect();
    Some(names)
}

/// Whether the manual never names SDWA: its microcode formats have no SDWA dword (RDNA3 and
/// later, CDNA5), where the Vega, CDNA1-4 and RDNA1/2 manuals describe one.
pub fn no_sdwa(manual: &str) -> bool {
    !manual.to_ascii_uppercase().contains("SDWA")
}

/// Whether the manual says the block-scaled matrix ops' scale sources are VGPRs or inline
/// constants ("Scale values (SRC0 and SRC1) can be either VGPRs or Inline constants", CDNA4
/// ISA §7.2.1 "MFMA with Block Exponent Scaling"), which their operand type would let be
/// scalar registers too.
pub fn scale_sources_vgpr_or_inline(manual: &str) -> bool {
    manual.contains("Scale values (SRC0 and SRC1) can be either VGPRs or Inline constants")
}

/// Whether the manual says 64-bit operands take even-aligned VGPRs ("64-bit operands (source
/// or dest) must be even-VGPR-aligned", CDNA5 ISA §3.3.2.1).
pub fn even_vgpr_tuples(manual: &str) -> bool {
    manual.contains("64-bit operands (source or dest) must be even-VGPR-aligned")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_conversions_that_ignore_output_modifiers() {
        let manual = "#### **V\\_CVT\\_PK\\_FP8\\_F32 105**\n\nRound to nearest even. Ignores \
                      OMOD.\n\n#### **V\\_CVT\\_SR\\_BF8\\_F16 885**\n\nConvert.\n\n#### \
                      **Notes**\n\nStochastic rounding. Ignores OMOD and clamp.\n\n#### \
                      **V\\_ADD\\_F32 3**\n\nAdd.";
        assert_eq!(
            ignoring_omod(manual),
            ["V_CVT_PK_FP8_F32", "V_CVT_SR_BF8_F16"]
        );
        assert_eq!(ignoring_clamp(manual), ["V_CVT_SR_BF8_F16"]);
    }

    #[test]
    fn reads_the_one_family_a_format_allows_dpp() {
        let limited =
            "DPP may be used only with: VOP1, VOP2 and VOP3P (only GIZMO\\_X ops).\nMore.";
        assert_eq!(
            dpp_format_only(limited),
            Some(("VOP3P".to_string(), "GIZMO_X".to_string()))
        );
        let unlimited = "DPP may be used only with: VOP1 and VOP3P (but not packed ops).\n(only X)";
        assert_eq!(dpp_format_only(unlimited), None);
    }

    #[test]
    fn dual_issue_halves_share_a_vgpr_only_where_no_bullet_forbids_it() {
        let allowing =
            "- SRCX0 and SRCY0 must come from different VGPR banks, or be the same VGPR.";
        let both = format!("{allowing}\n- SRCX0 and SRCY0 must use different VGPR banks;");
        assert!(vopd_same_vgpr_reads(allowing));
        assert!(!vopd_same_vgpr_reads(&both));
        assert!(!vopd_same_vgpr_reads(
            "- SRCX0 and SRCY0 must use different VGPR banks;"
        ));
    }

    #[test]
    fn reads_the_instructions_with_input_modifiers_on_any_source() {
        let newer = "modifiers. In addition, input modifiers are supported for: V\\_MOV\\_B32, \
                     V\\_MOVREL\\*\\_B32 and V\\_CNDMASK. ABS returns the absolute value.";
        let texts = |m: &str| -> Vec<String> {
            (float_modifier_exceptions(m).iter())
                .map(NamePattern::to_string)
                .collect()
        };
        assert_eq!(texts(newer), ["V_CNDMASK", "V_MOVREL*_B32", "V_MOV_B32"]);
        let older = "| 1 | V_CNDMASK_B32 | Select. Floating-point modifiers are valid for this \
                     instruction if S0 and S1 are floats. |";
        assert_eq!(texts(older), ["V_CNDMASK_B32"]);
    }

    #[test]
    fn name_patterns_cover_a_name_a_family_or_a_head_and_tail() {
        let p = |t: &str| NamePattern::parse(t).unwrap();
        assert!(p("SWAP").matches("V_SWAP_B32"));
        assert!(p("V_CNDMASK").matches("V_CNDMASK_B16"));
        assert!(p("QSAD_PK_*").matches("V_QSAD_PK_U16_U8"));
        assert!(p("TRIG_PREOP_F64").matches("V_TRIG_PREOP_F64"));
        assert!(!p("TRIG_PREOP_F64").matches("V_TRIG_PREOP_F64_X"));
        assert!(p("V_MOVREL*_B32").matches("V_MOVRELSD_B32"));
        assert!(!p("V_MOVREL*_B32").matches("V_MOVRELSD_B64"));
        assert!(NamePattern::parse("FMAMK/AK_F32/F16").is_none());
    }

    #[test]
    fn sdwa_is_absent_only_where_no_word_names_it() {
        assert!(no_sdwa("| VOP3P | ... |"));
        assert!(!no_sdwa("SDWA: sub-dword addressing"));
        assert!(!no_sdwa("v_mov_b32_sdwa"));
    }

    #[test]
    fn reads_the_instructions_with_scalar_second_and_third_sources() {
        let older = "| 887 | V_PERMLANE16_B32 | Swizzle. The first source must be a VGPR and the \
                     second and third sources must be scalar values; the rest. |";
        let newer = "#### **V\\_PERMLANEX16\\_B32 604**\n\nSwizzle across rows.\n\nThe first \
                     source must be a VGPR and the second and third sources must be scalar values.";
        assert_eq!(scalar_second_and_third_sources(older), ["V_PERMLANE16_B32"]);
        assert_eq!(
            scalar_second_and_third_sources(newer),
            ["V_PERMLANEX16_B32"]
        );
        assert!(scalar_second_and_third_sources("| 1 | V_ADD_F32 | D = S0 + S1. |").is_empty());
        let reserved = "| 887 | V_PERMLANE16_B32 | OP_SEL[1] is the DPP bound control bit. \
            The remaining OP_SEL bits are reserved for this instruction. |";
        assert_eq!(
            opsel_beyond_fi_and_bound_ctrl_reserved(reserved),
            ["V_PERMLANE16_B32"]
        );
    }

    #[test]
    fn reads_whether_scale_sources_are_vgprs_or_inline_constants() {
        let says = "#### SRC1\n\nScale values (SRC0 and SRC1) can be either VGPRs or Inline \
                    constants (floats, using only the exponent portion).";
        assert!(scale_sources_vgpr_or_inline(says));
        assert!(!scale_sources_vgpr_or_inline(
            "Scale values come from SGPRs."
        ));
    }

    /// Text written for this test: a sentence under an instruction's subheading belongs to
    /// the instruction, one under a heading that names none (no title, a deeper level) to the
    /// last that does; a table row names its own; a rule said twice counts once; text before
    /// any heading names none.
    #[test]
    fn finds_the_instruction_a_sentence_is_under() {
        let manual = "Ignores OMOD here, before any heading.\n\
            #### **V\\_CVT\\_PK\\_FP8\\_F32 105**\n\nConverts.\n\n#### **Notes**\n\n\
            Ignores OMOD. Ignores OMOD.\n\n#### **Section 7**\n\nIgnores OMOD and clamp.\n\
            | 10 | V_CVT_SR_BF8_F32 | Ignores OMOD. |\r\n\
            #### V_NOP 0\nIgnores OMOD\n#### \n##### V_SKIPPED 1\nIgnores OMOD and clamp\n";
        assert_eq!(
            ignoring_omod(manual),
            ["V_CVT_PK_FP8_F32", "V_CVT_SR_BF8_F32", "V_NOP"]
        );
        assert_eq!(ignoring_clamp(manual), ["V_CVT_PK_FP8_F32", "V_NOP"]);
        assert!(ignoring_omod("Ignores OMOD.").is_empty());
    }

    /// A table written for this test in the manuals' layout: code/name column pairs, a name
    /// the text breaks in two, a cell of several codes, image-only codes past 127 dropped.
    #[test]
    fn reads_the_buffer_data_formats() {
        let manual = "*Table 9. Buffer and Image Data Formats*\n\n\
            | # | Buffer | # | Buffer | # | Image |\n\
            |---|---|---|---|---|---|\n\
            | 0 | INVALID | 67 | 16_16_USCALE D | 128 | 8_SRGB |\n\
            \n\
            | 1 | 8_UNORM | 75 76 | 32_UINT 32_SINT | 170 171 | BC1 BC2 |\n\
            \n\
            ## Next section\n| 2 | 8_SNORM |\n";
        let formats = buffer_data_formats(manual).unwrap();
        let want = [
            (0, "INVALID"),
            (1, "8_UNORM"),
            (67, "16_16_USCALED"),
            (75, "32_UINT"),
            (76, "32_SINT"),
        ];
        let got: Vec<(u32, &str)> = formats.iter().map(|(c, n)| (*c, n.as_str())).collect();
        assert_eq!(got, want);
        assert!(buffer_data_formats("no table here").is_none());
    }

    #[test]
    fn reads_the_buffer_loads_to_lds() {
        let cdna4 = "## **9.1.9. Memory Buffer Load to LDS**\n\nThe MUBUF format allows it for:\n\n- BUFFER\\_LOAD\\_{ubyte, sbyte, dword, dwordX3, format\\_x}.\n";
        assert_eq!(
            buffer_lds_loads(cdna4).unwrap(),
            [
                "BUFFER_LOAD_UBYTE",
                "BUFFER_LOAD_SBYTE",
                "BUFFER_LOAD_DWORD",
                "BUFFER_LOAD_DWORDX3",
                "BUFFER_LOAD_FORMAT_X"
            ]
        );
        assert_eq!(buffer_lds_loads("no such section"), None);
    }

    #[test]
    fn reads_the_vgpr_alignment_rule() {
        let cdna5 = "Each wave.\n64-bit operands (source or dest) must be even-VGPR-aligned. This includes both VALU and memory instructions.";
        assert!(even_vgpr_tuples(cdna5));
        assert!(!even_vgpr_tuples("64-bit operands may start at any VGPR."));
    }

    #[test]
    fn reads_the_output_modifier_formats() {
        let rdna4 = "**Output modifiers** (OMOD) apply to half, single and double floating point results only and scale";
        assert_eq!(
            omod_result_formats(rdna4),
            Some(vec!["F16".into(), "F32".into(), "F64".into()])
        );
        assert_eq!(omod_result_formats("OMOD: output modifier."), None);
    }

    #[test]
    fn reads_the_packed_f32_sgpr_cell() {
        let cdna5 = "# **7.7.1. Scalar Constants with Packed Math**\n\nThis section.\n\n| Input Type | PK_F16 | PK_F32 |\n|---|---|---|\n| VGPR | 1 VGPR | 2 VGPRs. OPSEL selects high/low |\n| SGPR | 1 SGPR | 1 SGPR (replicated 2x, OPSEL not |\n\nAfter.";
        assert!(packed_f32_sgpr_takes_no_opsel(cdna5));
        let rdna4 = cdna5.replace("1 SGPR (replicated 2x, OPSEL not", "1 SGPR");
        assert!(!packed_f32_sgpr_takes_no_opsel(&rdna4));
        assert!(!packed_f32_sgpr_takes_no_opsel("no such table"));
    }

    #[test]
    fn reads_the_64bit_dpp_heading() {
        assert!(no_64bit_dpp(
            "Table 39.\n\n#### 64bit DPP is not supported.\n"
        ));
        assert!(!no_64bit_dpp("64bit DPP is supported with row_share."));
    }

    #[test]
    fn reads_the_bullets_after_the_heading_line() {
        let text = "intro\nThe following instructions cannot use DPP:\n\n- V\\_MADMK\\_F32\n- V\\_CEIL\\_F64\n\n# next section\n- V\\_NOT\\_LISTED\n";
        assert_eq!(dpp_exclusions(text), vec!["V_MADMK_F32", "V_CEIL_F64"]);
        assert!(dpp_exclusions("no such list").is_empty());
    }

    #[test]
    fn reads_the_formats_dpp_may_be_used_with() {
        let rdna1 = "x. DPP is compatible only with: VOP1 and VOP2. There are two forms";
        assert_eq!(dpp_formats(rdna1), Some(vec!["VOP1".into(), "VOP2".into()]));
        let rdna3 = "DPP may be used only with: VOP1, VOP2, VOPC, VOP3 and VOP3P (but not \"packed math\" ops).";
        assert_eq!(dpp_formats(rdna3).unwrap().len(), 5);
        assert_eq!(dpp_formats("no sentence"), None);
    }
}
