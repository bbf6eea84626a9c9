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

#[test]
fn vop3_neg_and_clamp_apply_to_float_operands() {
    // -(1.0) + 2.0 = 1.0, kept by clamp; -(3.0) + 2.0 = -1.0, clamped to 0 (no change).
    for (v2, result) in [("0x3f800000", Some("0x3f800000")), ("0x40400000", None)] {
        let Some(a) = exec(
            "gfx1100",
            "v_add_f32_e64 v1, -v2, v3 clamp",
            &[&format!("v2={v2}"), "v3=0x40000000"],
        ) else {
            return;
        };
        let a = a.success();
        match result {
            Some(r) => a.stdout(predicate::str::contains(format!(
                "v1: 0x00000000 -> {r} (lanes 0-31)"
            ))),
            None => a.stdout(predicate::str::contains("no register changed")),
        };
    }
}

#[test]
fn vopc_writes_one_vcc_bit_per_active_lane() {
    // Equal in every lane; EXEC has lanes 0 and 2 on, so only those bits are set.
    let Some(a) = exec(
        "gfx1100",
        "v_cmp_eq_u32 vcc_lo, v1, v2",
        &["v1=7", "v2=7", "exec_lo=0x5"],
    ) else {
        return;
    };
    a.success()
        .stdout(predicate::str::contains("verdict:     executed"))
        .stdout(predicate::str::contains("vcc: 0x00000000 -> 0x00000005"));
}

#[test]
fn mad_u64_u32_carry_out_is_a_lane_mask() {
    // 3 * 5 + (2^64 - 1) = 2^64 + 14: the low 64 bits are 14, each lane carries out.
    let Some(a) = exec(
        "gfx942",
        "v_mad_u64_u32 v[4:5], s[0:1], v1, v2, v[6:7]",
        &["v1=3", "v2=5", "v[6:7]=0xffffffffffffffff"],
    ) else {
        return;
    };
    a.success()
        .stdout(predicate::str::contains(
            "v4: 0x00000000 -> 0x0000000e (lanes 0-63)",
        ))
        .stdout(predicate::str::contains("v5:").not())
        .stdout(predicate::str::contains("s0: 0x00000000 -> 0xffffffff"))
        .stdout(predicate::str::contains("s1: 0x00000000 -> 0xffffffff"));
}

#[test]
fn dual_issue_halves_read_the_state_before_either_writes() {
    // X: v1 = 2.0 + 2.0 = 4.0; Y reads the old v1 (1.0): v4 = 1.0 * 3.0 = 3.0.
    let Some(a) = exec(
        "gfx1200",
        "v_dual_add_f32 v1, v2, v3 :: v_dual_mul_f32 v4, v1, v6",
        &[
            "v1=0x3f800000",
            "v2=0x40000000",
            "v3=0x40000000",
            "v6=0x40400000",
        ],
    ) else {
        return;
    };
    a.success()
        .stdout(predicate::str::contains(
            "v1: 0x3f800000 -> 0x40800000 (lanes 0-31)",
        ))
        .stdout(predicate::str::contains(
            "v4: 0x00000000 -> 0x40400000 (lanes 0-31)",
        ));
}
