//! One name per encoding field and per data format, whichever file it comes from.
//!
//! AMD's files spell some fields differently: the rebuilds from the PDF manuals keep the
//! manuals' table names (CLMP, BC, OPSEL, DST_U, UNRM, TGT, SOE, LANE_SEL0...), the official schema
//! and the files rebuilt in it use longer ones (CLAMP, BOUND_CTRL, OP_SEL, DST_UNUSED...),
//! and the CDNA5 manual says CM. Every file is read into the names below right after
//! parsing, so composing files, the supplement and everything downstream see one spelling.
//! A field not listed keeps its name. Data formats likewise: the RDNA2 file (and a spare
//! definition in the CDNA3/CDNA4 files) writes packed formats without their element count
//! (`FMT_NUM_PK_I8`), the others with it (`FMT_NUM_PK4_I8`).

use crate::model::Spec;

/// `(name used throughout mcdiff, the other spellings AMD's files use)`.
const FIELD_SPELLINGS: &[(&str, &[&str])] = &[
    ("CLAMP", &["CLMP", "CM"]),
    ("OPSEL", &["OP_SEL"]),
    ("OPSEL_HI", &["OP_SEL_HI"]),
    ("BOUND_CTRL", &["BC"]),
    ("DST_U", &["DST_UNUSED"]),
    ("UNORM", &["UNRM"]),
    ("TARGET", &["TGT"]),
    ("ATTR_CHAN", &["ATTRCHAN"]),
    ("ROW_EN", &["ROW"]),
    ("WAIT_EXP", &["WAITEXP"]),
    ("SOFFSET_EN", &["SOE"]),
    ("LANE_SEL_0", &["LANE_SEL0"]),
    ("LANE_SEL_1", &["LANE_SEL1"]),
    ("LANE_SEL_2", &["LANE_SEL2"]),
    ("LANE_SEL_3", &["LANE_SEL3"]),
    ("LANE_SEL_4", &["LANE_SEL4"]),
    ("LANE_SEL_5", &["LANE_SEL5"]),
    ("LANE_SEL_6", &["LANE_SEL6"]),
    ("LANE_SEL_7", &["LANE_SEL7"]),
];

/// `(data format name used throughout mcdiff, the other spelling AMD's files use)`: packed
/// formats named with their element count (32 bits over the element width).
const DATA_FORMAT_SPELLINGS: &[(&str, &str)] = &[
    ("FMT_NUM_PK2_F16", "FMT_NUM_PK_F16"),
    ("FMT_NUM_PK2_I16", "FMT_NUM_PK_I16"),
    ("FMT_NUM_PK2_U16", "FMT_NUM_PK_U16"),
    ("FMT_NUM_PK4_I8", "FMT_NUM_PK_I8"),
    ("FMT_NUM_PK4_U8", "FMT_NUM_PK_U8"),
    ("FMT_NUM_PK8_I4", "FMT_NUM_PK_I4"),
    ("FMT_NUM_PK8_U4", "FMT_NUM_PK_U4"),
];

/// The name mcdiff uses for a data format spelled `name` in some AMD file.
pub fn canonical_data_format(name: &str) -> &str {
    DATA_FORMAT_SPELLINGS
        .iter()
        .find(|(_, other)| *other == name)
        .map_or(name, |(canonical, _)| canonical)
}

/// The name mcdiff uses for a field spelled `name` in some AMD file.
pub fn canonical_field(name: &str) -> &str {
    FIELD_SPELLINGS
        .iter()
        .find(|(_, others)| others.contains(&name))
        .map_or(name, |(canonical, _)| canonical)
}

/// Renames every encoding field, and every operand's reference to one, to its canonical name.
pub(crate) fn canonicalize(spec: &mut Spec) {
    for field in spec.encodings.iter_mut().flat_map(|e| e.fields.iter_mut()) {
        rename(&mut field.name);
        // GFX9's MTBUF DFMT is a 4-bit data format beside a 3-bit NFMT; the RDNA1 manual
        // names GFX10's 7-bit unified format field DFMT too, which the RDNA2 file calls
        // FORMAT.
        if field.name == "DFMT" && field.width() == 7 {
            field.name = "FORMAT".into();
        }
    }
    let operands = spec
        .instructions
        .iter_mut()
        .flat_map(|i| i.encodings.iter_mut())
        .flat_map(|f| f.operands.iter_mut());
    for op in operands {
        if let Some(field) = op.field.as_mut() {
            rename(field);
        }
        let format = canonical_data_format(&op.data_format);
        if format != op.data_format {
            op.data_format = format.to_string();
        }
    }
    // A definition under the other spelling takes the name unless the file defines it too
    // (CDNA3 defines both FMT_NUM_PK_I8 and FMT_NUM_PK4_I8, alike).
    let defined: std::collections::HashSet<String> =
        spec.data_formats.iter().map(|f| f.name.clone()).collect();
    for format in &mut spec.data_formats {
        let canonical = canonical_data_format(&format.name);
        if !defined.contains(canonical) {
            format.name = canonical.to_string();
        }
    }
}

fn rename(name: &mut String) {
    let canonical = canonical_field(name);
    if canonical != name {
        *name = canonical.to_string();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_reads_as_one_name() {
        assert_eq!(canonical_field("CLMP"), "CLAMP");
        assert_eq!(canonical_field("CM"), "CLAMP");
        assert_eq!(canonical_field("CLAMP"), "CLAMP");
        assert_eq!(canonical_field("DST_UNUSED"), "DST_U");
        assert_eq!(canonical_field("OP_SEL_HI"), "OPSEL_HI");
        assert_eq!(canonical_field("LANE_SEL3"), "LANE_SEL_3");
        assert_eq!(canonical_field("VDST"), "VDST");
    }

    #[test]
    fn packed_formats_are_named_with_their_element_count() {
        assert_eq!(canonical_data_format("FMT_NUM_PK_I8"), "FMT_NUM_PK4_I8");
        assert_eq!(canonical_data_format("FMT_NUM_PK_F16"), "FMT_NUM_PK2_F16");
        assert_eq!(canonical_data_format("FMT_NUM_PK4_I8"), "FMT_NUM_PK4_I8");
        assert_eq!(canonical_data_format("FMT_NUM_F32"), "FMT_NUM_F32");
    }

    #[test]
    fn no_spelling_is_listed_twice() {
        let mut seen = std::collections::HashSet::new();
        for (canonical, others) in FIELD_SPELLINGS {
            for name in std::iter::once(canonical).chain(others.iter()) {
                assert!(seen.insert(*name), "{name} listed twice");
            }
        }
    }
}
