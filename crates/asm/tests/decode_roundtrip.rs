//! decode -> print -> assemble must give back the same bytes and the same [`Inst`]: over the
//! statements of `handwritten.rs` (assembled first) and over every hex line of LLVM's scalar
//! Disassembler tests that we decode (the CHECK lines are not read here).

mod common;

use mcdiff_asm::decode::{DecodeOutcome, Disassembler};
use mcdiff_asm::{AsmOutcome, Assembler, Inst, OperandValue, RegFile};

/// Why `bytes` do not survive decode -> print -> assemble, if they do not.
fn round_trip(dis: &Disassembler, asm: &Assembler, bytes: &[u8]) -> Result<(), String> {
    let DecodeOutcome::Decoded { inst, len, text } = dis.decode(bytes) else {
        return Err("not decoded".into());
    };
    match asm.assemble(&text) {
        AsmOutcome::Encoded(e) if e.bytes == bytes[..len] && e.inst == inst => Ok(()),
        AsmOutcome::Encoded(e) if e.bytes != bytes[..len] => Err(format!(
            "`{text}` assembles to {:02x?}, decoded {:02x?}",
            e.bytes,
            &bytes[..len]
        )),
        AsmOutcome::Encoded(e) => Err(format!(
            "`{text}`: assembled {:?}\n  decoded {inst:?}",
            e.inst
        )),
        other => Err(format!("`{text}` does not assemble: {other:?}")),
    }
}

/// Text llvm-mc prints but rejects itself: invalid field values marked with a `/* ... */`
/// comment, and a register in a slot that only takes `null` (GFX11 s_waitcnt_*cnt).
fn printed_but_not_assemblable(inst: &Inst, text: &str) -> bool {
    let null = RegFile::Special("NULL".into());
    text.contains("/*")
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
            let AsmOutcome::Encoded(encoded) = Assembler::new(&target, &[]).assemble(line) else {
                continue;
            };
            if !encoded.fixups.is_empty() {
                continue;
            }
            checked += 1;
            let dis = Disassembler::new(&target, &[]);
            let asm = Assembler::new(&target, &[]);
            if let Err(why) = round_trip(&dis, &asm, &encoded.bytes) {
                failures.push(format!("{mcpu}: {line}: {why}"));
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

/// Scalar Disassembler test files, for their hex lines only.
const SUITES: &[&str] = &[
    "gfx11_dasm_sop1",
    "gfx11_dasm_sop2",
    "gfx11_dasm_sopk",
    "gfx11_dasm_sopc",
    "gfx11_dasm_sopp",
    "gfx11_dasm_smem",
    "gfx12_dasm_sop1",
    "gfx12_dasm_sop2",
    "gfx12_dasm_sopk",
    "gfx12_dasm_sopc",
    "gfx12_dasm_sopp",
    "gfx12_dasm_smem",
];

#[test]
fn decoded_suite_lines_round_trip() {
    let Some(_) = common::target("gfx1100") else {
        return;
    };
    let data = common::data_dir();
    let mut loader = mcdiff_spec::SpecLoader::new(&data);
    let mut targets = std::collections::HashMap::new();
    let (mut decoded, mut rejected_as_expected, mut failures) = (0, 0, Vec::new());
    for name in SUITES {
        let path = data.join(format!(
            "llvm-tests/22.1.8/MC/Disassembler/AMDGPU/{name}.txt"
        ));
        let text = std::fs::read_to_string(&path).expect("suite file");
        let file = mcdiff_lit::parse_test_file(&path, &text);
        for run in file.runs.iter().filter(|r| r.disassemble) {
            let Some(mcpu) = run.mcpu.clone() else {
                continue;
            };
            let target = targets
                .entry(mcpu.clone())
                .or_insert_with(|| loader.load_target(&mcpu).ok());
            let Some(target) = target.as_ref() else {
                continue;
            };
            let dis = Disassembler::new(target, &run.mattr);
            let asm = Assembler::new(target, &run.mattr);
            for bytes in file.lines.iter().filter_map(|l| l.bytes.as_ref()) {
                let DecodeOutcome::Decoded { inst, text, .. } = dis.decode(bytes) else {
                    continue;
                };
                decoded += 1;
                if printed_but_not_assemblable(&inst, &text) {
                    rejected_as_expected += 1;
                    if !matches!(asm.assemble(&text), AsmOutcome::Rejected(_)) {
                        failures.push(format!("{name} {mcpu} `{text}` should be rejected"));
                    }
                } else if let Err(why) = round_trip(&dis, &asm, bytes) {
                    failures.push(format!("{name} {mcpu} {bytes:02x?}: {why}"));
                }
            }
        }
    }
    assert!(decoded > 10_000, "only {decoded} lines decoded");
    println!("{decoded} decoded lines, {rejected_as_expected} printed as llvm-mc does but not assemblable");
    assert!(
        failures.is_empty(),
        "{} of {decoded} fail:\n{}",
        failures.len(),
        failures[..failures.len().min(60)].join("\n")
    );
}

#[test]
fn outcome_kinds() {
    let Some(target) = common::target("gfx1100") else {
        return;
    };
    let dis = Disassembler::new(&target, &[]);
    // v_mov_b32 v0, v0 (VOP1): a vector format this decoder does not handle.
    assert_eq!(
        dis.decode(&[0x00, 0x03, 0x00, 0x7e]),
        DecodeOutcome::Unsupported("encoding ENC_VOP1 not implemented".into())
    );
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
    let DecodeOutcome::Decoded { len, text, .. } = dis.decode(&[
        0x01, 0xff, 0x00, 0x80, 0x56, 0x34, 0x12, 0xaf, 0x00, 0x00, 0x80, 0xbf,
    ]) else {
        panic!("s_add_u32 with a literal not decoded");
    };
    assert_eq!((len, text.as_str()), (8, "s_add_u32 s0, s1, 0xaf123456"));
}
