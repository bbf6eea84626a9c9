//! decode -> print -> assemble must give back the same bytes and the same [`Inst`]: over the
//! statements of `handwritten.rs` (assembled first) and over every hex line of LLVM's scalar
//! and vector ALU Disassembler tests that we decode (the CHECK lines are not read here).

mod common;

use common::dasm_suites;
use mcdiff_asm::decode::{DecodeOutcome, Disassembler};
use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
use mcdiff_asm::{AsmOutcome, Assembler, Inst, OperandValue, RegFile};

/// How a decoded line fares in decode -> print -> assemble.
#[derive(Debug, PartialEq)]
enum Trip {
    /// Same bytes and same [`Inst`].
    Exact,
    /// The text leaves out bits of the word, as llvm-mc's does (op_sel of fake16 operations,
    /// 16-bit integer operands showing a float constant as its bits, ignored fields): the
    /// bytes differ, but they print the same text again.
    Lossy,
    /// A dword literal that the text gives as a number no dword literal holds in its slot
    /// (above i32::MAX in a 64-bit integer slot of gfx1250): llvm-mc 22 prints it so, and both
    /// assemblers read it back as a 64-bit literal of the same value.
    Widened,
}

/// `assembled` is `decoded` with its one-dword literal made a two-dword one of equal value.
fn widened_literal(decoded: &Inst, assembled: &Inst) -> bool {
    let widen = |inst: &Inst| {
        let mut inst = inst.clone();
        for op in &mut inst.operands {
            if let OperandValue::Literal { dwords, .. } = &mut op.value {
                *dwords = 2;
            }
        }
        inst
    };
    decoded.literal().is_some_and(|l| l.dwords == 1) && widen(decoded) == *assembled
}

/// The instruction at the start of `bytes`, its length and its printed text.
fn decode_and_print(dis: &Disassembler, bytes: &[u8]) -> Option<(Inst, usize, String)> {
    match dis.decode(bytes) {
        DecodeOutcome::Decoded { inst, len } => {
            let text = mcdiff_asm::print::print(&inst, dis.ctx());
            Some((inst, len, text))
        }
        _ => None,
    }
}

/// How `bytes` survive decode -> print -> assemble, or why they do not.
fn round_trip(dis: &Disassembler, asm: &Assembler, bytes: &[u8]) -> Result<Trip, String> {
    let Some((inst, len, text)) = decode_and_print(dis, bytes) else {
        return Err("not decoded".into());
    };
    match asm.assemble(&text) {
        AsmOutcome::Encoded(e) if e.bytes == bytes[..len] && e.inst == inst => Ok(Trip::Exact),
        AsmOutcome::Encoded(e) if widened_literal(&inst, &e.inst) => Ok(Trip::Widened),
        AsmOutcome::Encoded(e) if e.bytes != bytes[..len] => {
            let again = match decode_and_print(dis, &e.bytes) {
                Some((_, _, text)) => text,
                None => format!("{:?}", dis.decode(&e.bytes)),
            };
            if again == text {
                return Ok(Trip::Lossy);
            }
            Err(format!(
                "`{text}` assembles to {:02x?}, decoded {:02x?}",
                e.bytes,
                &bytes[..len]
            ))
        }
        AsmOutcome::Encoded(e) => Err(format!(
            "`{text}`: assembled {:?}\n  decoded {inst:?}",
            e.inst
        )),
        other => Err(format!("`{text}` does not assemble: {other:?}")),
    }
}

/// Text llvm-mc prints but rejects itself: invalid field values marked with a `/* ... */`
/// comment, a register in a slot that only takes `null` (GFX11 s_waitcnt_*cnt), and an
/// interpolation attribute above 32, the largest LLVM parses (LLVM docs gfx11_attr) while
/// the 6-bit ATTR field holds up to 63.
fn printed_but_not_assemblable(inst: &Inst, text: &str) -> bool {
    let null = RegFile::Special("NULL".into());
    let attr_above_32 = inst
        .modifiers
        .iter()
        .any(|(field, value)| field == "ATTR" && *value > 32);
    text.contains("/*")
        || attr_above_32
        || inst.operands.iter().any(|op| {
            op.spec.operand_type.ends_with("_NULL")
                && matches!(&op.value, OperandValue::Reg(r) if r.file != null)
        })
}

/// (mcpu, statement) pairs of handwritten.rs's CASES table, read from its source text.
fn handwritten_statements() -> Vec<(String, String)> {
    let source = include_str!("handwritten.rs");
    let start = source.find("const CASES").expect("CASES table");
    let table = &source[start..start + source[start..].find("\n];").expect("end of CASES")];
    let literals: Vec<&str> = table.split('"').skip(1).step_by(2).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < literals.len() {
        let is_mcpu = literals[i].starts_with("gfx")
            && literals[i][3..].bytes().all(|b| b.is_ascii_alphanumeric());
        if is_mcpu {
            out.push((literals[i].to_string(), literals[i + 1].to_string()));
            i += 2;
        } else {
            i += 1;
        }
    }
    out
}

#[test]
fn handwritten_statements_round_trip() {
    let statements = handwritten_statements();
    assert!(
        statements.len() > 40,
        "read {} statements",
        statements.len()
    );
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut mcpus: Vec<&str> = statements.iter().map(|(m, _)| m.as_str()).collect();
    mcpus.dedup();
    for mcpu in mcpus {
        let Some(target) = common::target(mcpu) else {
            return;
        };
        for (_, line) in statements.iter().filter(|(m, _)| m == mcpu) {
            let AsmOutcome::Encoded(encoded) =
                Assembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR)).assemble(line)
            else {
                continue;
            };
            if !encoded.fixups.is_empty() {
                continue;
            }
            checked += 1;
            let dis = Disassembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR));
            let asm = Assembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR));
            match round_trip(&dis, &asm, &encoded.bytes) {
                Ok(Trip::Exact) => {}
                Ok(Trip::Lossy) => failures.push(format!("{mcpu}: {line}: printed lossily")),
                Ok(Trip::Widened) => failures.push(format!("{mcpu}: {line}: literal widened")),
                Err(why) => failures.push(format!("{mcpu}: {line}: {why}")),
            }
        }
    }
    assert!(checked > 40, "only {checked} statements assembled");
    assert!(
        failures.is_empty(),
        "{} of {checked} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn decoded_suite_lines_round_trip() {
    check_round_trips(dasm_suites::SCALAR.iter().map(|r| r.0), 10_000, 0);
}

#[test]
fn decoded_vector_suite_lines_round_trip() {
    let files = dasm_suites::VECTOR.iter().filter(|r| r.2).map(|r| r.0);
    check_round_trips(files, 100_000, VECTOR_FAILURES_MAX);
}

/// Known vector failures (measured 41): v_nop / v_pipeflush, which the assembler does not
/// encode yet ("no operand facts in spec"), and v_pk_fmac_f16 with inline constant 0.5,
/// which llvm-mc prints as `0.5` but reads back as a literal (llvm-mc 22 does the same).
const VECTOR_FAILURES_MAX: usize = 41;

#[test]
fn decoded_memory_suite_lines_round_trip() {
    check_round_trips(dasm_suites::MEMORY.iter().map(|r| r.0), 11_000, 0);
}

/// Round-trips the hex lines of the Disassembler test `files` (a [`dasm_suites`] table): more
/// than `min_decoded` lines must decode and at most `known_failures` of them may fail.
fn check_round_trips(
    files: impl Iterator<Item = &'static str>,
    min_decoded: usize,
    known_failures: usize,
) {
    let files: Vec<&str> = files.collect();
    assert!(!files.is_empty(), "no suite files listed");
    let (decoded, failures) = round_trip_suites(&files);
    println!("{} of {decoded} fail", failures.len());
    for f in failures.iter().take(common::mismatch_lines()) {
        println!("  {f}");
    }
    assert!(decoded > min_decoded, "only {decoded} lines decoded");
    assert!(
        failures.len() <= known_failures,
        "{} of {decoded} fail (at most {known_failures} known):\n{}",
        failures.len(),
        failures[..failures.len().min(60)].join("\n")
    );
}

/// Decoded lines of `suites` and why each failing one fails.
fn round_trip_suites(suites: &[&str]) -> (usize, Vec<String>) {
    if common::target("gfx1100").is_none() {
        return (0, Vec::new());
    }
    let data = common::data_dir();
    let loader = mcdiff_spec::SpecLoader::new(&data);
    let mut targets = std::collections::HashMap::new();
    let (mut decoded_lines, mut rejected_as_expected, mut failures) = (0, 0, Vec::new());
    let (mut lossy, mut widened) = (0, 0);
    for name in suites {
        let path = data.join(format!(
            "llvm-tests/22.1.8/MC/Disassembler/AMDGPU/{name}.txt"
        ));
        let text = std::fs::read_to_string(&path).expect("suite file");
        let file = mcdiff_lit::parse_test_file(&path, &text);
        for (run, mcpu, target) in common::disassemble_runs(&file, &loader, &mut targets) {
            let Some(target) = target else {
                continue;
            };
            let dis = Disassembler::new(TargetCtx::new(target, &run.mattr, REFERENCE_LLVM_MAJOR));
            let asm = Assembler::new(TargetCtx::new(target, &run.mattr, REFERENCE_LLVM_MAJOR));
            for bytes in file.lines.iter().filter_map(|l| l.bytes.as_ref()) {
                let Some((inst, _, text)) = decode_and_print(&dis, bytes) else {
                    continue;
                };
                decoded_lines += 1;
                if printed_but_not_assemblable(&inst, &text) {
                    rejected_as_expected += 1;
                    if !matches!(asm.assemble(&text), AsmOutcome::Rejected(_)) {
                        failures.push(format!("{name} {mcpu} `{text}` should be rejected"));
                    }
                } else {
                    match round_trip(&dis, &asm, bytes) {
                        Ok(Trip::Exact) => {}
                        Ok(Trip::Lossy) => lossy += 1,
                        Ok(Trip::Widened) => widened += 1,
                        Err(why) => failures.push(format!("{name} {mcpu} {bytes:02x?}: {why}")),
                    }
                }
            }
        }
    }
    println!(
        "{decoded_lines} decoded lines, {rejected_as_expected} printed as llvm-mc does but not \
         assemblable, {lossy} printed without bits the word holds, {widened} with a dword \
         literal read back as a 64-bit one"
    );
    (decoded_lines, failures)
}

#[test]
fn outcome_kinds() {
    let Some(target) = common::target("gfx1100") else {
        return;
    };
    let dis = Disassembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR));
    // VOP1 opcode 1 with a VGPR source: v_mov_b32 in its 32-bit form.
    let Some((_, len, text)) = decode_and_print(&dis, &[0x00, 0x03, 0x00, 0x7e]) else {
        panic!("v_mov_b32 not decoded");
    };
    assert_eq!((len, text.as_str()), (4, "v_mov_b32_e32 v0, v0"));
    // SRC0 = 250 announces a DPP16 dword: VSRC0 = v1, DPP_CTRL 0xe4 (identity quad_perm),
    // all rows and banks enabled.
    let dpp = [0xfa, 0x02, 0x00, 0x7e, 0x01, 0xe4, 0x00, 0xff];
    let Some((_, len, text)) = decode_and_print(&dis, &dpp) else {
        panic!("v_mov_b32_dpp not decoded");
    };
    assert_eq!(
        (len, text.as_str()),
        (
            8,
            "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"
        )
    );
    let asm = Assembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR));
    assert_eq!(round_trip(&dis, &asm, &dpp), Ok(Trip::Exact));
    // VOPD (dual issue, ENCODING 0b110010) needs wave32.
    let wave64 = Disassembler::new(TargetCtx::new(
        &target,
        &["+wavefrontsize64".to_string()],
        REFERENCE_LLVM_MAJOR,
    ));
    assert!(matches!(
        wave64.decode(&[0x00, 0x00, 0x00, 0xc8, 0x00, 0x00, 0x00, 0x00]),
        DecodeOutcome::Invalid(_)
    ));
    // SOPP opcode 0x7f is not an instruction.
    assert!(matches!(
        dis.decode(&[0x00, 0x00, 0xff, 0xbf]),
        DecodeOutcome::Invalid(_)
    ));
    assert!(matches!(
        dis.decode(&[0x00, 0x00, 0x80]),
        DecodeOutcome::Invalid(_)
    ));
    // s_add_u32 s0, s1, <literal> without the literal dword.
    assert!(matches!(
        dis.decode(&[0x01, 0xff, 0x00, 0x80]),
        DecodeOutcome::Invalid(_)
    ));
    // Trailing bytes are not consumed: the length covers word and literal only.
    let Some((_, len, text)) = decode_and_print(
        &dis,
        &[
            0x01, 0xff, 0x00, 0x80, 0x56, 0x34, 0x12, 0xaf, 0x00, 0x00, 0x80, 0xbf,
        ],
    ) else {
        panic!("s_add_u32 with a literal not decoded");
    };
    assert_eq!((len, text.as_str()), (8, "s_add_u32 s0, s1, 0xaf123456"));
}

/// A VOP3 word whose NEG or ABS bit is set for a source the instruction does not have
/// (V_ADD_F32: SRC0 and SRC1) is not one of its words; the same bit on a source it has is a
/// modifier. Checked to fail without `check_absent_source_modifiers` (both decoded, the bit
/// dropped from the text).
#[test]
fn modifier_bits_of_absent_sources_are_invalid() {
    let Some(target) = common::target("gfx1100") else {
        return;
    };
    let dis = Disassembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR));
    // v_add_f32_e64 v0, s0, s0: VOP3 opcode 0x103; NEG is bits 63:61, ABS bits 10:8.
    let word = |abs: u8, neg: u8| [0x00, abs, 0x03, 0xd5, 0x00, 0x00, 0x00, neg << 5];
    let Some((_, _, text)) = decode_and_print(&dis, &word(0b010, 0b001)) else {
        panic!("v_add_f32_e64 with modifiers on its sources not decoded");
    };
    assert_eq!(text, "v_add_f32_e64 v0, -s0, |s0|");
    for (abs, neg, field) in [(0, 0b100, "NEG bit 2"), (0b100, 0, "ABS bit 2")] {
        match dis.decode(&word(abs, neg)) {
            DecodeOutcome::Invalid(why) => assert!(why.contains(field), "{why}"),
            other => panic!("{field}: {other:?}"),
        }
    }
}
