//! Measures the decoder and printer on LLVM's scalar and vector ALU Disassembler tests: for
//! each hex line
//! and RUN command, our printed text against the text the CHECK line records (used only to
//! count matches, never to produce text). CHECK texts holding FileCheck regexes (`{{...}}`)
//! cannot be compared literally and are counted separately.

mod common;

use std::collections::HashMap;
use std::path::Path;

use common::dasm_suites;
use mcdiff_asm::decode::{DecodeOutcome, Disassembler};
use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
use mcdiff_spec::{SpecLoader, TargetSpec};

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
    loader: &SpecLoader,
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

#[test]
fn memory_disassembler_suites_print_as_checked() {
    check_floors(
        &dasm_suites::MEMORY
            .iter()
            .map(|&(name, floor)| ("22.1.8", name, floor))
            .collect::<Vec<_>>(),
    );
}

#[test]
fn scalar_disassembler_suites_print_as_checked() {
    let on = |version, pick: fn(&(&'static str, f64, f64)) -> f64| {
        dasm_suites::SCALAR
            .iter()
            .map(move |row| (version, row.0, pick(row)))
    };
    let floors: Vec<_> = on("22.1.8", |r| r.1).chain(on("19.1.7", |r| r.2)).collect();
    check_floors(&floors);
}

#[test]
fn vector_disassembler_suites_print_as_checked() {
    check_floors(
        &dasm_suites::VECTOR
            .iter()
            .map(|&(name, floor, _)| ("22.1.8", name, floor))
            .collect::<Vec<_>>(),
    );
}

/// Measures every listed file and fails when one falls below its floor.
fn check_floors(floors: &[(&str, &str, f64)]) {
    let Some(_) = common::target("gfx1100") else {
        return;
    };
    let data = common::data_dir();
    let loader = SpecLoader::new(&data);
    let mut targets = HashMap::new();
    let mut failures = Vec::new();
    for &(version, name, floor) in floors {
        let path = data.join(format!(
            "llvm-tests/{version}/MC/Disassembler/AMDGPU/{name}.txt"
        ));
        let tally = measure(&loader, &mut targets, &path);
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
