//! Measures the decoder and printer on LLVM's scalar and vector ALU Disassembler tests: for
//! each hex line
//! and RUN command, our printed text against the text the CHECK line records (used only to
//! count matches, never to produce text). CHECK texts holding FileCheck regexes (`{{...}}`)
//! cannot be compared literally and are counted separately.

mod common;

use std::collections::HashMap;
use std::path::Path;

use mcdiff_asm::decode::{DecodeOutcome, Disassembler};
use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
use mcdiff_spec::{SpecLoader, TargetSpec};

/// Measured files and the lowest rate of identical lines each must keep, per LLVM version.
/// Every line below 1.0 is an instruction the spec lacks (s_subvector_loop_* in the RDNA3
/// file, the GFX12 named-barrier ops, GFX1250 additions); 19.1.7 also differs where LLVM
/// renamed operands since (GFX12 hwreg names print as llvm-mc 22 does).
const FLOORS: &[(&str, &str, f64)] = &[
    ("22.1.8", "gfx11_dasm_sop1", 1.0),
    ("22.1.8", "gfx11_dasm_sop2", 1.0),
    ("22.1.8", "gfx11_dasm_sopk", 0.927),
    ("22.1.8", "gfx11_dasm_sopc", 1.0),
    ("22.1.8", "gfx11_dasm_sopp", 1.0),
    ("22.1.8", "gfx11_dasm_smem", 1.0),
    ("22.1.8", "gfx12_dasm_sop1", 0.984),
    ("22.1.8", "gfx12_dasm_sop2", 1.0),
    ("22.1.8", "gfx12_dasm_sopk", 0.973),
    ("22.1.8", "gfx12_dasm_sopc", 1.0),
    ("22.1.8", "gfx12_dasm_sopp", 0.994),
    ("22.1.8", "gfx12_dasm_smem", 0.993),
    ("19.1.7", "gfx11_dasm_sop1", 1.0),
    ("19.1.7", "gfx11_dasm_sop2", 1.0),
    ("19.1.7", "gfx11_dasm_sopk", 0.927),
    ("19.1.7", "gfx11_dasm_sopc", 1.0),
    ("19.1.7", "gfx11_dasm_sopp", 1.0),
    ("19.1.7", "gfx11_dasm_smem", 1.0),
    ("19.1.7", "gfx12_dasm_sop1", 0.99),
    ("19.1.7", "gfx12_dasm_sop2", 0.999),
    ("19.1.7", "gfx12_dasm_sopk", 0.744),
    ("19.1.7", "gfx12_dasm_sopc", 1.0),
    ("19.1.7", "gfx12_dasm_sopp", 0.962),
    ("19.1.7", "gfx12_dasm_smem", 1.0),
];

/// Counts for one file.
#[derive(Default, Debug)]
struct Tally {
    identical: usize,
    different: usize,
    /// CHECK text with a FileCheck regex.
    unmeasurable: usize,
    /// Runs whose -mcpu has no spec.
    no_spec: usize,
    /// Lines the spec lacks the instruction or its operands for (counted in `different`).
    spec_gaps: usize,
    mismatches: Vec<String>,
}

fn normalise(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn measure(
    loader: &mut SpecLoader,
    targets: &mut HashMap<String, Option<TargetSpec>>,
    path: &Path,
) -> Tally {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = mcdiff_lit::parse_test_file(path, &text);
    let mut tally = Tally::default();
    for (run, mcpu, target) in common::disassemble_runs(&file, loader, targets) {
        let cases = file.cases(run);
        let Some(target) = target else {
            tally.no_spec += cases.len();
            continue;
        };
        let dis = Disassembler::new(TargetCtx::new(target, &run.mattr, REFERENCE_LLVM_MAJOR));
        for case in cases {
            let (Some(bytes), Some(expected)) = (&case.bytes, &case.expected_asm) else {
                continue;
            };
            if expected.contains("{{") {
                tally.unmeasurable += 1;
                continue;
            }
            let got = match dis.decode(bytes) {
                DecodeOutcome::Decoded { inst, .. } => mcdiff_asm::print::print(&inst, dis.ctx()),
                other => {
                    let gap = match &other {
                        DecodeOutcome::Invalid(why) => why.contains("has this opcode"),
                        DecodeOutcome::Unsupported(why) => why.contains("no operand facts"),
                        DecodeOutcome::Decoded { .. } => false,
                    };
                    tally.spec_gaps += usize::from(gap);
                    format!("{other:?}")
                }
            };
            if normalise(&got) == normalise(expected) {
                tally.identical += 1;
            } else {
                tally.different += 1;
                tally.mismatches.push(format!(
                    "{mcpu} {}: want `{}`, got `{got}`",
                    case.text,
                    normalise(expected)
                ));
            }
        }
    }
    tally
}

/// Vector ALU Disassembler tests (22.1.8) and the lowest rate of identical lines each must keep.
/// Lines below 1.0: without real-true16, a DPP word whose 16-bit destination is above v127 is
/// invalid and llvm-mc goes on to decode its second dword (we report the word invalid);
/// GFX12 v_dot2_f16_f16/v_dot2_bf16_bf16 DPP, whose op_sel llvm-mc prints without the source
/// bits; GFX1250 opcodes the spec lacks.
const VECTOR_FLOORS: &[(&str, &str, f64)] = &[
    ("22.1.8", "gfx11_dasm_vop1", 1.0),
    ("22.1.8", "gfx11_dasm_vop2", 1.0),
    ("22.1.8", "gfx11_dasm_vopc", 1.0),
    ("22.1.8", "gfx11_dasm_vopcx", 1.0),
    ("22.1.8", "gfx11_dasm_vop3", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_from_vop1", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_from_vop2", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_from_vopc", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_from_vopcx", 1.0),
    ("22.1.8", "gfx11_dasm_vop3p", 1.0),
    ("22.1.8", "gfx11_dasm_vop1_dpp16", 0.974),
    ("22.1.8", "gfx11_dasm_vop1_dpp8", 0.945),
    ("22.1.8", "gfx11_dasm_vop2_dpp16", 0.994),
    ("22.1.8", "gfx11_dasm_vop2_dpp8", 0.982),
    ("22.1.8", "gfx11_dasm_vopc_dpp16", 1.0),
    ("22.1.8", "gfx11_dasm_vopc_dpp8", 1.0),
    ("22.1.8", "gfx11_dasm_vopcx_dpp16", 1.0),
    ("22.1.8", "gfx11_dasm_vopcx_dpp8", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_dpp16", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_dpp8", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_dpp16_from_vop1", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_dpp16_from_vop2", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_dpp16_from_vopc", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_dpp16_from_vopcx", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_dpp8_from_vop1", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_dpp8_from_vop2", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_dpp8_from_vopc", 1.0),
    ("22.1.8", "gfx11_dasm_vop3_dpp8_from_vopcx", 1.0),
    ("22.1.8", "gfx11_dasm_vop3p_dpp16", 1.0),
    ("22.1.8", "gfx11_dasm_vop3p_dpp8", 1.0),
    ("22.1.8", "gfx12_dasm_vop1_dpp16", 0.975),
    ("22.1.8", "gfx12_dasm_vop1_dpp8", 0.931),
    ("22.1.8", "gfx12_dasm_vop2", 1.0),
    ("22.1.8", "gfx12_dasm_vop2_dpp16", 0.994),
    ("22.1.8", "gfx12_dasm_vop2_dpp8", 0.981),
    ("22.1.8", "gfx12_dasm_vop3", 1.0),
    ("22.1.8", "gfx12_dasm_vop3_dpp16", 0.997),
    ("22.1.8", "gfx12_dasm_vop3_dpp8", 0.995),
    ("22.1.8", "gfx12_dasm_vop3_from_vop1", 1.0),
    ("22.1.8", "gfx12_dasm_vop3_from_vop1_dpp16", 1.0),
    ("22.1.8", "gfx12_dasm_vop3_from_vop1_dpp8", 1.0),
    ("22.1.8", "gfx12_dasm_vop3_from_vop2", 1.0),
    ("22.1.8", "gfx12_dasm_vop3_from_vop2_dpp16", 1.0),
    ("22.1.8", "gfx12_dasm_vop3_from_vop2_dpp8", 1.0),
    ("22.1.8", "gfx12_dasm_vop3c", 1.0),
    ("22.1.8", "gfx12_dasm_vop3c_dpp16", 1.0),
    ("22.1.8", "gfx12_dasm_vop3c_dpp8", 1.0),
    ("22.1.8", "gfx12_dasm_vop3cx", 1.0),
    ("22.1.8", "gfx12_dasm_vop3cx_dpp16", 1.0),
    ("22.1.8", "gfx12_dasm_vop3cx_dpp8", 1.0),
    ("22.1.8", "gfx12_dasm_vop3p", 1.0),
    ("22.1.8", "gfx12_dasm_vop3p_dpp16", 1.0),
    ("22.1.8", "gfx12_dasm_vop3p_dpp8", 1.0),
    ("22.1.8", "gfx12_dasm_vopc", 1.0),
    ("22.1.8", "gfx12_dasm_vopc_dpp16", 1.0),
    ("22.1.8", "gfx12_dasm_vopc_dpp8", 1.0),
    ("22.1.8", "gfx12_dasm_vopcx", 1.0),
    ("22.1.8", "gfx12_dasm_vopcx_dpp16", 1.0),
    ("22.1.8", "gfx12_dasm_vopcx_dpp8", 1.0),
    ("22.1.8", "gfx11_dasm_vopd", 1.0),
    ("22.1.8", "gfx11_dasm_vopd_features", 1.0),
    ("22.1.8", "gfx12_dasm_vopd", 1.0),
    ("22.1.8", "gfx12_dasm_vopd_features", 1.0),
];

/// Memory and export Disassembler tests (22.1.8) and the lowest rate of identical lines each
/// must keep. Lines below 1.0: image_bvh8_intersect_ray and image_bvh_dual_intersect_ray,
/// whose address layout the decoder does not know (reported Unsupported).
const MEMORY_FLOORS: &[(&str, &str, f64)] = &[
    ("22.1.8", "gfx11_dasm_ds", 1.0),
    ("22.1.8", "gfx12_dasm_ds", 1.0),
    ("22.1.8", "gfx11_dasm_flat", 1.0),
    ("22.1.8", "gfx12_dasm_vflat", 1.0),
    ("22.1.8", "gfx11_dasm_mubuf", 1.0),
    ("22.1.8", "gfx11_dasm_mtbuf", 1.0),
    ("22.1.8", "gfx12_dasm_vbuffer_mubuf", 1.0),
    ("22.1.8", "gfx12_dasm_vbuffer_mtbuf", 1.0),
    ("22.1.8", "gfx11_dasm_exp", 1.0),
    ("22.1.8", "gfx11_dasm_ldsdir", 1.0),
    ("22.1.8", "gfx12_dasm_exp", 1.0),
    ("22.1.8", "gfx12_dasm_vdsdir", 1.0),
    ("22.1.8", "gfx11_dasm_mimg", 1.0),
    ("22.1.8", "gfx11_dasm_mimg_features", 1.0),
    ("22.1.8", "gfx12_dasm_vimage", 0.994),
    ("22.1.8", "gfx12_dasm_vimage_features", 1.0),
    ("22.1.8", "gfx12_dasm_vsample", 1.0),
];

#[test]
fn memory_disassembler_suites_print_as_checked() {
    check_floors(MEMORY_FLOORS);
}

#[test]
fn scalar_disassembler_suites_print_as_checked() {
    check_floors(FLOORS);
}

#[test]
fn vector_disassembler_suites_print_as_checked() {
    check_floors(VECTOR_FLOORS);
}

/// Measures every listed file and fails when one falls below its floor.
fn check_floors(floors: &[(&str, &str, f64)]) {
    let Some(_) = common::target("gfx1100") else {
        return;
    };
    let data = common::data_dir();
    let mut loader = SpecLoader::new(&data);
    let mut targets = HashMap::new();
    let mut failures = Vec::new();
    for &(version, name, floor) in floors {
        let path = data.join(format!(
            "llvm-tests/{version}/MC/Disassembler/AMDGPU/{name}.txt"
        ));
        let tally = measure(&mut loader, &mut targets, &path);
        let measured = tally.identical + tally.different;
        let rate = tally.identical as f64 / measured.max(1) as f64;
        let in_spec = measured - tally.spec_gaps;
        println!(
            "{version} {name}: {}/{measured} identical ({:.2}%; {:.2}% of the {in_spec} the spec \
             covers), {} unmeasurable, {} without spec",
            tally.identical,
            rate * 100.0,
            tally.identical as f64 * 100.0 / in_spec.max(1) as f64,
            tally.unmeasurable,
            tally.no_spec
        );
        for m in tally.mismatches.iter().take(common::mismatch_lines()) {
            println!("    {m}");
        }
        if measured == 0 || rate < floor {
            failures.push(format!("{version} {name}: {:.4} < {floor}", rate));
        }
    }
    assert!(failures.is_empty(), "below floor:\n{}", failures.join("\n"));
}
