//! LLVM's syntax pages: `llvm-docs/<release>/AMDGPU/AMDGPUAsmGFX1011.rst` and its kin
//! describe "instructions specific to" some processors, beyond the generation's common page
//! (`AMDGPUAsmGFX10.rst`, "GFX10 RDNA1 (gfx1010)"). They say which instructions a processor
//! has that its generation's AMD manual may omit (the RDNA1 manual leaves out gfx1010's scalar
//! stores; gfx1011/gfx1012 add dot products, gfx1013 ray tracing). Only the listing is read
//! here; the caller reads the files.

use super::encoding_suffix;

/// What a generic processor lacks of its family, as parts of AMD instruction names: LLVM's
/// processor table (AMDGPUUsage "Target Restrictions") says gfx9-4-generic has no FP8 and BF8
/// instructions, FP8 and BF8 conversions, or instructions with XF32 formats.
const GENERIC_WITHHELD: &[(&str, &[&str])] = &[("gfx9-4-generic", &["FP8", "BF8", "XF32"])];

/// The parts of AMD names `mcpu` withholds ([`GENERIC_WITHHELD`]).
pub fn withheld(mcpu: &str) -> &'static [&'static str] {
    GENERIC_WITHHELD
        .iter()
        .find(|(m, _)| *m == mcpu)
        .map_or(&[], |(_, parts)| parts)
}

/// The sentence that marks a page of processor-specific instructions.
const SPECIFIC_TO: &str = "instructions specific to";

/// The sentence that opens every page's introduction.
const DESCRIBES: &str = "describes the syntax of";

/// The upper-case AMD names of the instructions a page lists, sorted, each once.
pub fn listed_instructions(rst: &str) -> Vec<String> {
    // Rows are the indented lines of `parsed-literal` blocks; other directives (the closing
    // `toctree` of operand pages) indent lower-case names too.
    let mut in_table = false;
    let mut instructions: Vec<String> = Vec::new();
    for line in rst.lines() {
        if line.starts_with(".. ") {
            in_table = line.starts_with(".. parsed-literal::");
        } else if in_table {
            instructions.extend(listed_instruction(line));
        }
    }
    instructions.sort();
    instructions.dedup();
    instructions
}

/// The processors a page's "instructions specific to" sentence names (none for a generation
/// page). The sentence opens the page, so its first few kilobytes are enough.
pub fn page_processors(rst: &str) -> Vec<String> {
    rst.lines()
        .find_map(|l| l.split_once(SPECIFIC_TO))
        .map_or_else(Vec::new, |(_, named)| processor_names(named))
}

/// The processors a generation page's introduction names ("the syntax of GFX10 RDNA1
/// (gfx1010) instructions"): none for a processor page, or for a generation page that names
/// no processor ("GFX11 instructions").
pub fn generation_page_processors(rst: &str) -> Vec<String> {
    match rst.lines().find_map(|l| l.split_once(DESCRIBES)) {
        Some((_, named)) if !named.contains(SPECIFIC_TO) => processor_names(named),
        _ => Vec::new(),
    }
}

/// The `gfx` names in a sentence.
fn processor_names(sentence: &str) -> Vec<String> {
    sentence
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.starts_with("gfx") && w.len() > 3)
        .map(str::to_string)
        .collect()
}

/// The AMD name of the instruction a table row of a `parsed-literal` block lists: the row
/// starts with four spaces and a lower-case mnemonic (alone for an instruction without
/// operands), whose encoding-forcing suffix (`_dpp`, `_e64`...) names a form of the same
/// instruction.
fn listed_instruction(line: &str) -> Option<String> {
    let row = line.strip_prefix("    ")?;
    let mnemonic = row.split_whitespace().next()?;
    let is_mnemonic = mnemonic.starts_with(|c: char| c.is_ascii_lowercase())
        && mnemonic
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !is_mnemonic {
        return None;
    }
    let base = encoding_suffix(mnemonic).map_or(mnemonic, |(base, _)| base);
    Some(base.to_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page in the shape of LLVM's (own text, not LLVM's).
    const PAGE: &str = "\
Syntax of gfx7777 and gfx7778 Instructions
===========================================

This document describes the syntax of *instructions specific to gfx7777 and gfx7778*.

DPP16
-----

.. parsed-literal::

    **INSTRUCTION**            **DST**      **SRC0**
    \\ |---|\\ |---|
    v_widget_f32_dpp       :ref:`vdst<x>`,    :ref:`vsrc0<y>`
    v_widget_f32           :ref:`vdst<x>`,    :ref:`src0<y>`
    v_gadget_b32_e64       :ref:`vdst<x>`,    :ref:`src0<y>`
    v_gizmo

.. toctree::
    :hidden:

    gfx7777_vdst
";

    #[test]
    fn a_processor_page_names_its_processors_and_instructions() {
        assert_eq!(page_processors(PAGE), ["gfx7777", "gfx7778"]);
        assert_eq!(
            listed_instructions(PAGE),
            ["V_GADGET_B32", "V_GIZMO", "V_WIDGET_F32"]
        );
    }

    #[test]
    fn a_generation_page_is_not_a_processor_page() {
        let generation = PAGE.replace("*instructions specific to", "GFX77 (");
        assert!(page_processors(&generation).is_empty());
        assert_eq!(
            generation_page_processors(&generation),
            ["gfx7777", "gfx7778"]
        );
        assert!(generation_page_processors(PAGE).is_empty());
        assert_eq!(
            listed_instructions(&generation),
            ["V_GADGET_B32", "V_GIZMO", "V_WIDGET_F32"]
        );
    }
}
