//! Reading LLVM's scalar MC tests as measurement cases. The recorded CHECK bytes are used
//! only to count matches, never to produce bytes.

use std::path::Path;

use mcdiff_asm::{AsmOutcome, Assembler, Encoded};

/// A test file, the -mcpu to run it for, and the check prefixes that apply to that -mcpu.
pub type Suite = (&'static str, &'static str, &'static [&'static str]);

/// The measured suites: gfx1100 and gfx1200.
pub const MEASURED: &[Suite] = &[
    ("gfx11_asm_sop1", "gfx1100", &["GFX11"]),
    ("gfx11_asm_sop2", "gfx1100", &["GFX11"]),
    ("gfx11_asm_sopk", "gfx1100", &["GFX11"]),
    ("gfx11_asm_sopc", "gfx1100", &["GFX11"]),
    ("gfx11_asm_sopp", "gfx1100", &["GFX11"]),
    ("gfx11_asm_smem", "gfx1100", &["GFX11"]),
    ("gfx12_asm_sop1", "gfx1200", &["GFX12", "GFX1200"]),
    ("gfx12_asm_sop2", "gfx1200", &["GFX12", "GFX1200"]),
    ("gfx12_asm_sopk", "gfx1200", &["GFX12", "GFX1200"]),
    ("gfx12_asm_sopc", "gfx1200", &["GFX12", "GFX1200"]),
    ("gfx12_asm_sopp", "gfx1200", &["GFX12", "GFX1200"]),
    ("gfx12_asm_smem", "gfx1200", &["GFX12", "GFX1200"]),
];

/// gfx11/gfx12 alias spellings and error tests.
pub const ALIASES_AND_ERRORS: &[Suite] = &[
    ("gfx11_asm_smem_alias", "gfx1100", &["GFX11"]),
    ("gfx12_asm_sop2_alias", "gfx1200", &["GFX12"]),
    ("gfx12_asm_sopk_alias", "gfx1200", &["GFX12"]),
    ("gfx11_asm_sopk_err", "gfx1100", &["GFX11"]),
    ("gfx11_asm_smem_err", "gfx1100", &["NOGFX11"]),
    ("gfx12_asm_smem_err", "gfx1200", &["NOGFX12"]),
];

/// Other generations with a spec. The gfx9 files record gfx900 output; gfx90a and gfx942
/// encode the scalar formats the same way.
pub const OTHERS: &[Suite] = &[
    ("gfx10_asm_sop", "gfx1010", &["GFX10"]),
    ("gfx10_asm_smem", "gfx1010", &["GFX10"]),
    ("gfx1150_asm_salu_float", "gfx1150", &["GFX1150"]),
    ("gfx1250_asm_sop1", "gfx1250", &["GFX1250"]),
    ("gfx1250_asm_sopk", "gfx1250", &["GFX1250"]),
    ("gfx1250_asm_sopp", "gfx1250", &["GFX1250"]),
    ("gfx1250_asm_smem", "gfx1250", &["GFX1250"]),
    ("gfx9_asm_sop1", "gfx90a", &["CHECK"]),
    ("gfx9_asm_sop2", "gfx90a", &["CHECK"]),
    ("gfx9_asm_sopc", "gfx90a", &["CHECK"]),
    ("gfx9_asm_sopk", "gfx90a", &["CHECK"]),
    ("gfx9_asm_sopp", "gfx90a", &["CHECK"]),
    ("gfx9_asm_smem", "gfx90a", &["CHECK"]),
    ("gfx9_asm_sop1", "gfx942", &["CHECK"]),
    ("gfx9_asm_sop2", "gfx942", &["CHECK"]),
    ("gfx9_asm_sopc", "gfx942", &["CHECK"]),
    ("gfx9_asm_sopk", "gfx942", &["CHECK"]),
    ("gfx9_asm_sopp", "gfx942", &["CHECK"]),
];

pub enum Expect {
    /// `None` bytes are fixup letters.
    Bytes(Vec<Option<u8>>),
    Error,
}

/// Statement lines with the expectation recorded for `prefixes` in the comment lines after them.
pub fn cases(text: &str, prefixes: &[&str]) -> Vec<(String, Expect)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let stmt = line.split("//").next().unwrap_or("").trim();
        if stmt.is_empty() || stmt.starts_with('.') {
            continue;
        }
        let mut expect = None;
        for check in lines[i + 1..]
            .iter()
            .take_while(|l| l.trim_start().starts_with("//"))
        {
            let body = check.trim_start().trim_start_matches('/').trim_start();
            let Some((prefix, rest)) = body.split_once(':') else {
                continue;
            };
            let base = prefix.strip_suffix("-ERR").unwrap_or(prefix);
            if !prefixes.contains(&base) {
                continue;
            }
            if rest.contains("error:") {
                expect = Some(Expect::Error);
            } else if let Some(enc) = rest.split("encoding: [").nth(1) {
                let bytes = enc
                    .trim_end_matches(']')
                    .split(',')
                    .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).ok())
                    .collect();
                expect = Some(Expect::Bytes(bytes));
            }
        }
        if let Some(e) = expect {
            out.push((stmt.to_string(), e));
        }
    }
    out
}

fn matches(expected: &[Option<u8>], got: &Encoded) -> bool {
    expected.len() == got.bytes.len()
        && expected.iter().enumerate().all(|(i, e)| match e {
            Some(b) => got.bytes[i] == *b,
            None => got
                .fixups
                .iter()
                .any(|f| (f.offset..f.offset + f.size).contains(&i)),
        })
}

/// Result of one suite: matching lines, lines with an expectation, and the mismatches.
pub struct SuiteResult {
    pub ok: usize,
    pub total: usize,
    pub mismatches: Vec<String>,
}

/// Assembles every case of `suite` (files under `data/llvm-tests/22.1.8/MC/AMDGPU`).
pub fn run_suite(data: &Path, suite: &Suite) -> SuiteResult {
    let (stem, mcpu, prefixes) = suite;
    let target =
        mcdiff_spec::load_target(data, mcpu).unwrap_or_else(|e| panic!("loading {mcpu}: {e}"));
    let asm = Assembler::new(&target, &[]);
    let path = data
        .join("llvm-tests/22.1.8/MC/AMDGPU")
        .join(format!("{stem}.s"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut result = SuiteResult {
        ok: 0,
        total: 0,
        mismatches: Vec::new(),
    };
    for (stmt, expect) in cases(&text, prefixes) {
        result.total += 1;
        let outcome = asm.assemble(&stmt);
        let good = match (&expect, &outcome) {
            (Expect::Bytes(b), AsmOutcome::Encoded(e)) => matches(b, e),
            (Expect::Error, AsmOutcome::Rejected(_)) => true,
            _ => false,
        };
        if good {
            result.ok += 1;
            continue;
        }
        let want = match &expect {
            Expect::Bytes(b) => format!("{b:02x?}"),
            Expect::Error => "error".into(),
        };
        let got = match &outcome {
            AsmOutcome::Encoded(e) => format!("{:02x?}", e.bytes),
            AsmOutcome::Rejected(e) => format!("rejected {}: {}", e.column, e.message),
            AsmOutcome::Unsupported(r) => format!("unsupported: {r}"),
        };
        result
            .mismatches
            .push(format!("{stmt}\n    want {want}\n    got  {got}"));
    }
    result
}
