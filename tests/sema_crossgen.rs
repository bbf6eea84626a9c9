//! Cross-generation agreement: the whole run as a snapshot (snapshots/sema/crossgen.snap),
//! labelled with the errata catalogue (errata/), whose checks must hold; and the data
//! fault it exists to catch, planted by hand.

mod common;

use mcdiff_sema::crossgen::{compare_files, cross_generation, render, Agreement};
use mcdiff_sema::{load_pseudocode, PseudocodeEntry};

fn entry(name: &str, code: &str) -> PseudocodeEntry {
    PseudocodeEntry {
        section: None,
        name: name.to_string(),
        opcode: None,
        description: None,
        pseudocode: Some(code.to_string()),
    }
}

/// Two generations agreeing on a funnel shift, and a third whose entry also holds its
/// neighbour's code (a lost manual heading): the last assignment wins there, so its
/// results differ and it stands alone.
#[test]
fn a_neighbours_code_glued_into_an_entry_is_a_disagreement() {
    let own = "D0.u32 = 32'U(({ S0.u32, S1.u32 } >> S2.u32[4 : 0].u32) & 0xffffffffLL)";
    let neighbour =
        "D0.u32 = 32'U(({ S0.u32, S1.u32 } >> (8U * S2.u32[1 : 0].u32)) & 0xffffffffLL)";
    let glued = format!("{own}\n{neighbour}");
    let files = vec![
        ("rdna4", vec![entry("V_FUNNEL_B32", own)]),
        ("rdna3", vec![entry("V_FUNNEL_B32", &glued)]),
        ("cdna3", vec![entry("V_FUNNEL_B32", own)]),
    ];
    let result = compare_files(&files, None, &|_, _| {});
    assert_eq!(result.len(), 1);
    match &result[0].agreement {
        Agreement::Disagrees { groups, .. } => {
            assert_eq!(groups.len(), 2, "{groups:?}");
            assert!(groups.contains(&vec!["rdna3"]), "{groups:?}");
        }
        other => panic!("the glued entry went unnoticed: {other:?}"),
    }
    let clean = vec![
        ("rdna4", vec![entry("V_FUNNEL_B32", own)]),
        ("cdna3", vec![entry("V_FUNNEL_B32", own)]),
    ];
    assert_eq!(
        compare_files(&clean, None, &|_, _| {})[0].agreement,
        Agreement::Agrees
    );
}

/// Texts that name the address differently (`MEM[ADDR]` against a `CalcBufferAddr` of
/// the address fields) and an older text that leaves its sources' type to the opcode
/// (`S0 == S1` in a float compare, so -0 equals +0) are compared for what they do with
/// the data; a text that really does something else still stands alone.
#[test]
fn address_and_type_notation_do_not_split_generations() {
    let files = vec![
        (
            "rdna4",
            vec![
                entry(
                    "BUFFER_ATOMIC_ADD_U32",
                    "addr = CalcBufferAddr(vgpr_a.b64, sgpr_o.b64);\ntmp = MEM[addr].u32;\n\
                     MEM[addr].u32 += DATA.u32;\nRETURN_DATA.u32 = tmp",
                ),
                entry("V_CMP_EQ_F32", "D0.u64[laneId] = S0.f32 == S1.f32"),
            ],
        ),
        (
            "rdna3",
            vec![entry(
                "BUFFER_ATOMIC_ADD_U32",
                "tmp = MEM[ADDR].u32;\nMEM[ADDR].u32 += DATA.u32;\nRETURN_DATA.u32 = tmp",
            )],
        ),
        (
            "cdna3",
            vec![entry(
                "BUFFER_ATOMIC_ADD_U32",
                "tmp = MEM[ADDR].u32;\nMEM[ADDR].u32 -= DATA.u32;\nRETURN_DATA.u32 = tmp",
            )],
        ),
        (
            "vega",
            vec![entry("V_CMP_EQ_F32", "D.u64[threadId] = (S0 == S1).")],
        ),
    ];
    let result = compare_files(&files, None, &|_, _| {});
    match &result[0].agreement {
        Agreement::Disagrees { groups, .. } => {
            assert_eq!(groups, &vec![vec!["rdna4", "rdna3"], vec!["cdna3"]])
        }
        other => panic!("BUFFER_ATOMIC_ADD_U32: {other:?}"),
    }
    assert_eq!(result[1].agreement, Agreement::Agrees, "V_CMP_EQ_F32");
}

/// What the older manuals leave to the reader is supplied: a fused multiply-add written
/// `a * b + c` in an FMA opcode, a bare `SIMM16` as the 16-bit field, `X.f[31:16]` as the
/// high f16, a signedness stated only in a `// signed compare` comment, register pairs
/// counted in dwords. Each older text below agrees with its newer counterpart only so read.
#[test]
fn the_older_notation_is_read_as_its_manuals_mean_it() {
    let pairs = [
        (
            "V_FMA_F32",
            "D0.f32 = fma(S0.f32, S1.f32, S2.f32)",
            "D.f = S0.f * S1.f + S2.f.",
        ),
        (
            "S_MOVK_I32",
            "D0.i32 = 32'I(signext(SIMM16.i16))",
            "D.i = signext(SIMM16).",
        ),
        (
            "V_PK_ADD_F16",
            "D0[31 : 16].f16 = S0[31 : 16].f16 + S1[31 : 16].f16;\nD0[15 : 0].f16 = S0[15 : 0].f16 + S1[15 : 0].f16",
            "D.f[31:16] = S0.f[31:16] + S1.f[31:16];\nD.f[15:0] = S0.f[15:0] + S1.f[15:0].",
        ),
        (
            "BUFFER_ATOMIC_SMAX",
            "tmp = MEM[ADDR].i32;\nsrc = DATA.i32;\nMEM[ADDR].i32 = src >= tmp ? src : tmp;\nRETURN_DATA.i32 = tmp",
            "// 32bit\ntmp = MEM[ADDR];\nMEM[ADDR] = (DATA > tmp) ? DATA : tmp;\n// signed compare\nRETURN_DATA = tmp.",
        ),
        (
            "BUFFER_ATOMIC_ADD_X2",
            "tmp = MEM[ADDR].u64;\nMEM[ADDR].u64 += DATA.u64;\nRETURN_DATA.u64 = tmp",
            "// 64bit\ntmp = MEM[ADDR];\nMEM[ADDR] += DATA[0:1];\nRETURN_DATA[0:1] = tmp.",
        ),
    ];
    for (name, newer, older) in pairs {
        let files = vec![
            ("cdna3", vec![entry(name, newer)]),
            ("vega", vec![entry(name, older)]),
        ];
        let result = compare_files(&files, None, &|_, _| {});
        assert_eq!(result[0].agreement, Agreement::Agrees, "{name}");
    }
}

/// The two RDNA3 manual errors the RDNA3.5 manual corrects are found in AMD's own data.
#[test]
fn the_known_rdna3_manual_errors_are_found() {
    let Some(dir) = common::data_dir() else {
        return;
    };
    let names = [
        "V_CMP_CLASS_F64".to_string(),
        "V_SUBREV_CO_CI_U32".to_string(),
    ];
    for c in cross_generation(&dir, Some(&names), &|_, _| {}).unwrap() {
        match &c.agreement {
            Agreement::Disagrees { groups, .. } => {
                assert!(groups.contains(&vec!["rdna3"]), "{}: {groups:?}", c.name)
            }
            other => panic!("{}: {other:?}", c.name),
        }
    }
}

#[test]
fn cross_generation_snapshot() {
    let Some(dir) = common::data_dir() else {
        return;
    };
    // Every file loads (a malformed one would make the comparison silently smaller).
    for arch in mcdiff_sema::crossgen::PSEUDOCODE_ARCHES {
        load_pseudocode(&dir, arch).unwrap_or_else(|e| panic!("{e}"));
    }
    let comparisons = cross_generation(&dir, None, &|_, _| {}).unwrap();
    let catalogue = mcdiff::errata::load(&mcdiff::errata::default_dir()).unwrap();
    for erratum in &catalogue {
        erratum
            .verify(&comparisons)
            .unwrap_or_else(|why| panic!("{why}"));
    }
    let label = |inst: &str| mcdiff::errata::label(&catalogue, inst);
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/sema");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!("crossgen", render(&comparisons, &label)));
}
