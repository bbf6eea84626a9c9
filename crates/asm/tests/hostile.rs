//! Hostile statement text: whatever a line holds, assembling it yields an outcome. One
//! panic or stack overflow ends a whole corpus run, so these lines probe the text handling
//! (non-ASCII characters at every position, odd white space, unbalanced brackets, deep
//! nesting, huge lines) rather than the encodings. The lines are written for this test.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};

use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
use mcdiff_asm::{AsmOutcome, Assembler};

/// Valid statements of the families with their own operand syntax.
const LINES: &[&str] = &[
    "v_add_f32 v0, v1, v2",
    "v_add_f32_e64 v0, -|v1|, neg(v2) clamp",
    "v_fma_f32 v0, abs(v1), sext(v2), v3 mul:2",
    "v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]",
    "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf",
    "v_mov_b32 v0, v1 dpp8:[0,1,2,3,4,5,6,7]",
    "v_add_f16 v0.l, v1.h, v2.l",
    "v_cmp_eq_f32 vcc_lo, lit(1.0), v1",
    "v_dual_mov_b32 v0, v1 :: v_dual_mov_b32 v3, v2",
    "s_add_u32 s0, s1, 0x1234",
    "s_mov_b32 s0, ((1+2)*3)",
    "s_getreg_b32 s2, hwreg(HW_REG_MODE, 0, 32)",
    "s_setreg_b32 {id: 1, offset: 2, size: 3}, s2",
    "s_waitcnt vmcnt(0) & lgkmcnt(1)",
    "s_sendmsg sendmsg(MSG_INTERRUPT)",
    "s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(SALU_CYCLE_1)",
    "s_version UC_VERSION_GFX12 | UC_VERSION_W64_BIT",
    "s_load_b32 s0, s[2:3], 0x10 glc",
    "global_load_b32 v0, v[2:3], off offset:16",
    "buffer_load_dword v1, off, s[4:7], s1 offset:4095 glc",
    "ds_write_b32 v1, v2 offset:16",
    "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D",
];

/// Multi-byte characters: a letter, no-break space, ideographic space, a combining mark,
/// an emoji.
const WIDE: &[&str] = &["ß", "\u{a0}", "\u{3000}", "\u{301}", "\u{1f980}"];

/// Whole operands that are not operands.
const JUNK: &[&str] = &[
    "ßß",
    "v\u{a0}1",
    "\u{a0}",
    "\u{3000}",
    "v1\u{301}",
    "\u{1f980}",
    "(",
    ")",
    "[",
    "]",
    "((1",
    "1))",
    ":",
    ",",
    "|",
    "-|",
    "lit(",
    "neg(ß",
    "|ß",
    "-|\u{1f980}|",
    "v1.ß",
    "ß.h",
    "ß(",
    "hwreg(",
    "s[0:ß]",
    "v[",
    "{id:",
    "0xß",
    "1ß",
    "sendmsg(ß, ß)",
    "ß:ß",
    "[ß]",
];

/// Statements with `insert` at every character boundary of `line`.
fn inserted_everywhere(line: &str, insert: &str) -> Vec<String> {
    (0..=line.len())
        .filter(|&i| line.is_char_boundary(i))
        .map(|i| format!("{}{insert}{}", &line[..i], &line[i..]))
        .collect()
}

/// Statements with each operand of `line` replaced by `junk`, and `junk` as the mnemonic.
fn replaced_operands(line: &str, junk: &str) -> Vec<String> {
    let (mnemonic, rest) = line.split_once(' ').unwrap_or((line, ""));
    let operands: Vec<&str> = rest.split(", ").collect();
    let mut out = vec![format!("{junk} {rest}"), format!("{line} {junk}")];
    for i in 0..operands.len() {
        let mut ops = operands.clone();
        ops[i] = junk;
        out.push(format!("{mnemonic} {}", ops.join(", ")));
    }
    out
}

/// Lines that are hostile on their own.
fn standalone() -> Vec<String> {
    let mut out: Vec<String> = [
        ":",
        ",",
        "[",
        "(",
        "ß",
        "\u{a0}",
        "v_add_f32 v0, ßß, v1",
        "v_add_f32\u{a0}v0,\u{a0}v1, v2",
        "v_add_f32 v0,\u{3000}v1, v2",
        "s_waitcnt vmcnt(",
        "s_getreg_b32 s2, hwreg(((",
        "v_add_f32 v0, v1, v2 op_sel:[",
        "s_mov_b32 s0, (1",
        "global_load_b32 v0, v[2:",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    out.push(format!("s_getreg_b32 s2, hwr{}", ", ".repeat(1000)));
    out
}

/// Assembles `lines`; returns the ones that panicked.
fn panicking(asm: &Assembler, lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|line| {
            let outcome = catch_unwind(AssertUnwindSafe(|| asm.assemble(line)));
            !matches!(
                outcome,
                Ok(AsmOutcome::Encoded(_) | AsmOutcome::Rejected(_) | AsmOutcome::Unsupported(_))
            )
        })
        .cloned()
        .collect()
}

fn hostile_lines() -> Vec<String> {
    let mut lines = standalone();
    for line in LINES {
        for wide in WIDE {
            lines.extend(inserted_everywhere(line, wide));
        }
        for junk in JUNK {
            lines.extend(replaced_operands(line, junk));
        }
    }
    lines
}

#[test]
fn hostile_lines_get_an_outcome() {
    let lines = hostile_lines();
    for mcpu in ["gfx1100", "gfx1200", "gfx942"] {
        let Some(target) = common::target(mcpu) else {
            return;
        };
        let asm = Assembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR));
        let failed = panicking(&asm, &lines);
        assert!(failed.is_empty(), "{mcpu}: panics on {failed:#?}");
    }
}

/// Statements with `hole` in an operand position that takes an expression.
const EXPRESSION_HOLES: &[&str] = &[
    "s_mov_b32 s0, {}",
    "v_add_f32 v0, {}, v1",
    "v_add_f32 v0, v1, lit({})",
    "s_waitcnt vmcnt({})",
    "s_waitcnt {}",
    "s_getreg_b32 s2, hwreg({}, 0, 32)",
    "s_setreg_b32 {id: {}}, s2",
    "s_sendmsg sendmsg(MSG_GS_DONE, {})",
    "s_delay_alu instid0({})",
    "s_version {}",
    "s_load_b32 s0, s[2:3], {}",
    "global_load_b32 v0, v[2:3], off offset:{}",
    "v_mov_b32 v{}, v1",
    "v_pk_add_f16 v0, v1, v2 op_sel:[{},0]",
];

/// Expressions nested 10,000 deep: more than a test thread's stack holds if every level
/// recursed.
fn deep_expressions() -> Vec<String> {
    let n = 10_000;
    let wrap = |open: &str, close: &str| format!("{}1{}", open.repeat(n), close.repeat(n));
    vec![
        wrap("(", ")"),
        wrap("[", "]"),
        wrap("{", "}"),
        wrap("-", ""),
        wrap("~", ""),
        wrap("!", ""),
        wrap("-(", ")"),
        wrap("neg(", ")"),
        wrap("(", ""),
    ]
}

#[test]
fn deep_nesting_gets_an_outcome() {
    let mut lines = Vec::new();
    for hole in EXPRESSION_HOLES {
        for deep in deep_expressions() {
            lines.push(hole.replacen("{}", &deep, 1));
        }
    }
    for mcpu in ["gfx1100", "gfx1200", "gfx942"] {
        let Some(target) = common::target(mcpu) else {
            return;
        };
        let asm = Assembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR));
        let failed = panicking(&asm, &lines);
        assert!(
            failed.is_empty(),
            "{mcpu}: panics on {} lines",
            failed.len()
        );
    }
}

/// Lines of about 1 MB. Assembling one took over a minute while every run of words of the
/// operand was parsed again to place the error; the outcome is all this test checks.
fn megabyte_lines() -> Vec<String> {
    let fill = |head: &str, unit: &str| format!("{head}{}", unit.repeat((1 << 20) / unit.len()));
    vec![
        fill("s_getreg_b32 s2, hwr", ", "),
        fill("v_add_f32 v0, v1, v2", " a"),
        fill("s_waitcnt vmcnt(0)", ", vmcnt("),
        fill("v_add_f32 v0, v1, ", "ß"),
        fill("v_add_f32 v0, v1, v2", "\u{a0}x"),
    ]
}

#[test]
fn megabyte_lines_are_rejected() {
    let Some(target) = common::target("gfx1100") else {
        return;
    };
    let asm = Assembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR));
    for line in megabyte_lines() {
        let outcome = asm.assemble(&line);
        assert!(
            matches!(outcome, AsmOutcome::Rejected(_)),
            "{}...: {outcome:?}",
            &line[..20]
        );
    }
}
