//! `mcdiff exec`: one instruction's pseudocode on a zeroed state plus `--set` values.
//! Expected results are worked out by hand from the instruction's definition.

mod common;

use assert_cmd::Command;
use predicates::prelude::*;

/// `mcdiff --data <data> exec --mcpu <mcpu> <text> [--set ...]`, or None when the data is missing.
fn exec(mcpu: &str, text: &str, sets: &[&str]) -> Option<assert_cmd::assert::Assert> {
    let data = common::data_dir()?;
    let mut cmd = Command::cargo_bin("mcdiff").unwrap();
    cmd.arg("--data")
        .arg(&data)
        .args(["exec", "--mcpu", mcpu, text]);
    for set in sets {
        cmd.arg(format!("--set={set}"));
    }
    Some(cmd.assert())
}

#[test]
fn s_add_u32_carries_into_scc() {
    // 0xffffffff + 3 = 0x1_00000002: the low word is kept, the carry goes to SCC.
    let Some(a) = exec(
        "gfx1100",
        "s_add_u32 s5, s1, s2",
        &["s1=0xffffffff", "s2=3"],
    ) else {
        return;
    };
    a.success()
        .stdout(predicate::str::contains(
            "encoding:    [0x01,0x02,0x05,0x80]",
        ))
        .stdout(predicate::str::contains("verdict:     executed"))
        .stdout(predicate::str::contains("s5: 0x00000000 -> 0x00000002"))
        .stdout(predicate::str::contains("scc: 0 -> 1"));
}

#[test]
fn s_add_u32_without_carry_leaves_scc_clear() {
    let Some(a) = exec("gfx1200", "s_add_co_u32 s5, s1, 40", &["s1=2"]) else {
        return;
    };
    a.success()
        .stdout(predicate::str::contains("s5: 0x00000000 -> 0x0000002a"))
        .stdout(predicate::str::contains("scc:").not());
}

#[test]
fn s_bfe_i64_sign_extends_the_field() {
    // Offset 4, width 8 of 0xf80 is 0xf8, whose top bit is set: -8 as 64 bits.
    let Some(a) = exec(
        "gfx942",
        "s_bfe_i64 s[4:5], s[2:3], 0x80004",
        &["s[2:3]=0xf80"],
    ) else {
        return;
    };
    a.success()
        .stdout(predicate::str::contains("wave:        64"))
        .stdout(predicate::str::contains("s4: 0x00000000 -> 0xfffffff8"))
        .stdout(predicate::str::contains("s5: 0x00000000 -> 0xffffffff"))
        .stdout(predicate::str::contains("scc: 0 -> 1"));
}

#[test]
fn s_cselect_b32_follows_scc() {
    for (scc, picked) in [("1", "0x00000011"), ("0", "0x00000022")] {
        let Some(a) = exec(
            "gfx1100",
            "s_cselect_b32 s0, s1, s2",
            &["s1=0x11", "s2=0x22", &format!("scc={scc}")],
        ) else {
            return;
        };
        a.success().stdout(predicate::str::contains(format!(
            "s0: 0x00000000 -> {picked}"
        )));
    }
}

#[test]
fn exec_mask_width_follows_the_wave_size() {
    let Some(a) = exec("gfx1100", "s_mov_b32 exec_lo, 0", &[]) else {
        return;
    };
    a.success()
        .stdout(predicate::str::contains("wave:        32"))
        .stdout(predicate::str::contains("exec: 0xffffffff -> 0x00000000"));
    let Some(a) = exec("gfx942", "s_mov_b64 exec, 0", &[]) else {
        return;
    };
    a.success().stdout(predicate::str::contains(
        "exec: 0xffffffffffffffff -> 0x0000000000000000",
    ));
}

#[test]
fn negative_set_values_are_twos_complement() {
    let Some(a) = exec("gfx1100", "s_abs_i32 s0, s1", &["s1=-5"]) else {
        return;
    };
    a.success()
        .stdout(predicate::str::contains("s0: 0x00000000 -> 0x00000005"))
        .stdout(predicate::str::contains("scc: 0 -> 1"));
}

#[test]
fn branch_moves_pc_by_four_times_the_offset_plus_four() {
    let Some(a) = exec("gfx1100", "s_cbranch_scc0 0x10", &["scc=0"]) else {
        return;
    };
    a.success().stdout(predicate::str::contains(
        "pc: 0x0000000000000000 -> 0x0000000000000044",
    ));
    let Some(a) = exec("gfx1100", "s_cbranch_scc0 0x10", &["scc=1"]) else {
        return;
    };
    a.success().stdout(predicate::str::contains(
        "pc: 0x0000000000000000 -> 0x0000000000000004",
    ));
}

#[test]
fn setreg_writes_the_named_hardware_register_field() {
    // hwreg(HW_REG_MODE, 2, 4): register 1, bits 5..2; 0xa shifted left by 2 is 0x28.
    let Some(a) = exec(
        "gfx942",
        "s_setreg_b32 hwreg(HW_REG_MODE, 2, 4), s1",
        &["s1=0xa"],
    ) else {
        return;
    };
    a.success().stdout(predicate::str::contains(
        "hwreg(1): 0x00000000 -> 0x00000028",
    ));
}

#[test]
fn bcnt1_on_rdna3_reports_the_pseudocode_width_mismatch() {
    // AMD's text tests the 32-bit result as `D0.u64`: a real inconsistency, reported.
    let Some(a) = exec("gfx1100", "s_bcnt1_i32_b64 s0, s[2:3]", &["s[2:3]=0x3"]) else {
        return;
    };
    a.success().stdout(predicate::str::contains(
        "verdict:     sema-mismatch: D0: 64-bit use",
    ));
}

#[test]
fn unknown_register_in_set_is_named() {
    let Some(a) = exec("gfx1100", "s_mov_b32 s0, s1", &["q4=1"]) else {
        return;
    };
    a.code(2)
        .stderr(predicate::str::contains("--set q4=1"))
        .stderr(predicate::str::contains("unknown register `q4`"));
}

#[test]
fn out_of_range_register_and_oversized_value_are_errors() {
    let Some(a) = exec("gfx1100", "s_mov_b32 s0, s1", &["s200=1"]) else {
        return;
    };
    a.code(2).stderr(predicate::str::contains("out of range"));
    let Some(a) = exec("gfx1100", "s_mov_b32 s0, s1", &["s1=0x1ffffffff"]) else {
        return;
    };
    a.code(2)
        .stderr(predicate::str::contains("does not fit in 32 bits"));
}

#[test]
fn text_that_does_not_assemble_shows_the_assembler_error() {
    let Some(a) = exec("gfx1100", "s_mov_b32 s0, s1, s2", &[]) else {
        return;
    };
    a.code(2)
        .stderr(predicate::str::contains("does not assemble for gfx1100"))
        .stderr(predicate::str::contains("invalid operand"));
}
