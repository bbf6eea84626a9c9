//! Expected values come from llvm-mc 22 runs of operand lines written for these tests
//! (`llvm-mc -triple=amdgcn -mcpu=<cpu> -show-encoding`, SIMM16 = bytes 0-1) and from the
//! manual layouts cited in `layout.rs`.

use super::*;
use mcdiff_spec::{BitRange, OperandType, OperandTypeField, PredefinedValue, Spec};

fn ctx<'a>(spec: &'a Spec, mcpu: &'a str) -> TargetCtx<'a> {
    let t = mcdiff_spec::target(mcpu).expect("known mcpu");
    TargetCtx::bare(spec, mcpu, t.gfx_major, t.gfx_minor)
}

fn sym(ty: &str, mnemonic: &str, text: &str, mcpu: &str) -> Option<Result<u32, String>> {
    let spec = Spec::default();
    parse_symbolic(ty, mnemonic, text, &ctx(&spec, mcpu))
}

fn ok(ty: &str, mnemonic: &str, text: &str, mcpu: &str) -> u32 {
    match sym(ty, mnemonic, text, mcpu) {
        Some(Ok(v)) => v,
        other => panic!("{mcpu} {mnemonic} {text}: expected a value, got {other:?}"),
    }
}

fn err(ty: &str, mnemonic: &str, text: &str, mcpu: &str) -> String {
    match sym(ty, mnemonic, text, mcpu) {
        Some(Err(e)) => e,
        other => panic!("{mcpu} {mnemonic} {text}: expected an error, got {other:?}"),
    }
}

fn waitcnt(text: &str, mcpu: &str) -> u32 {
    ok("OPR_WAITCNT", "s_waitcnt", text, mcpu)
}

#[test]
fn waitcnt_layouts_per_generation() {
    let cases: &[(&str, [u32; 4])] = &[
        // text: gfx942, gfx1030, gfx1100, gfx1200
        ("vmcnt(0)", [0x0f70, 0x3f70, 0x03f7, 0x03f7]),
        ("expcnt(0)", [0xcf0f, 0xff0f, 0xfff0, 0xfff0]),
        ("lgkmcnt(0)", [0xc07f, 0xc07f, 0xfc07, 0xfc07]),
        (
            "vmcnt(1) expcnt(2) lgkmcnt(3)",
            [0x321, 0x321, 0x432, 0x432],
        ),
        (
            "vmcnt(1) & expcnt(2) & lgkmcnt(3)",
            [0x321, 0x321, 0x432, 0x432],
        ),
        (
            "vmcnt(1), expcnt(2), lgkmcnt(3)",
            [0x321, 0x321, 0x432, 0x432],
        ),
        ("vmcnt(1)&lgkmcnt(3)", [0x371, 0x371, 0x437, 0x437]),
        ("vmcnt(16)", [0x4f70, 0x7f70, 0x43f7, 0x43f7]),
        ("vmcnt(63)", [0xcf7f, 0xff7f, 0xfff7, 0xfff7]),
        ("vmcnt_sat(100)", [0xcf7f, 0xff7f, 0xfff7, 0xfff7]),
        ("lgkmcnt_sat(100)", [0xcf7f, 0xff7f, 0xfff7, 0xfff7]),
        ("vmcnt(1) vmcnt(2)", [0xf72, 0x3f72, 0xbf7, 0xbf7]),
        ("vmcnt(1+1)", [0xf72, 0x3f72, 0xbf7, 0xbf7]),
        ("vmcnt (0x3)", [0xf73, 0x3f73, 0xff7, 0xff7]),
    ];
    for (text, want) in cases {
        for (mcpu, w) in ["gfx942", "gfx1030", "gfx1100", "gfx1200"].iter().zip(want) {
            assert_eq!(waitcnt(text, mcpu), *w, "{mcpu} s_waitcnt {text}");
        }
    }
    assert_eq!(waitcnt("lgkmcnt(16)", "gfx1030"), 0xd07f);
    assert_eq!(waitcnt("expcnt_sat(100)", "gfx1100"), 0xfff7);
    assert_eq!(waitcnt("vmcnt(0)", "gfx900"), 0x0f70);
    assert_eq!(waitcnt("vmcnt(0)", "gfx908"), 0x0f70);
}

#[test]
fn waitcnt_errors_and_plain_integers() {
    for mcpu in ["gfx942", "gfx1100", "gfx1200"] {
        assert_eq!(sym("OPR_WAITCNT", "s_waitcnt", "0", mcpu), None);
        assert_eq!(sym("OPR_WAITCNT", "s_waitcnt", "0x3f70", mcpu), None);
        err("OPR_WAITCNT", "s_waitcnt", "vmcnt(64)", mcpu);
        err("OPR_WAITCNT", "s_waitcnt", "expcnt(8)", mcpu);
        err("OPR_WAITCNT", "s_waitcnt", "vmcnt(-1)", mcpu);
        err("OPR_WAITCNT", "s_waitcnt", "VMCNT(1)", mcpu);
        err("OPR_WAITCNT", "s_waitcnt", "vmcnt(1) & & lgkmcnt(0)", mcpu);
        err("OPR_WAITCNT", "s_waitcnt", "vmcnt(1) &", mcpu);
        err("OPR_WAITCNT", "s_waitcnt", "vmcnt(1) | lgkmcnt(0)", mcpu);
    }
    err("OPR_WAITCNT", "s_waitcnt", "lgkmcnt(16)", "gfx942");
    let e = err("OPR_WAITCNT", "s_waitcnt", "vmcnt(0)", "gfx1250");
    assert!(e.contains("waitcnt layout unknown"), "{e}");
}

#[test]
fn waitcnt_layout_is_taken_from_the_spec_when_present() {
    // A spec whose OPR_WAITCNT puts the counters elsewhere must win over the table.
    let field = |name: &str, ranges: &[(u32, u32)]| OperandTypeField {
        name: name.to_string(),
        ranges: ranges
            .iter()
            .map(|&(offset, count)| BitRange::new(offset, count))
            .collect(),
        predefined: vec![],
    };
    let spec = Spec {
        operand_types: vec![OperandType {
            name: "OPR_WAITCNT".to_string(),
            partitioned: true,
            subtypes: vec![],
            predefined: vec![],
            fields: vec![
                field("VM", &[(0, 2)]),
                field("EXP", &[(2, 2)]),
                field("LGKM", &[(4, 2)]),
            ],
            source: 0,
        }],
        ..Spec::default()
    };
    let c = ctx(&spec, "gfx1100");
    assert_eq!(
        parse_symbolic("OPR_WAITCNT", "s_waitcnt", "vmcnt(1)", &c),
        Some(Ok(0b11_11_01))
    );
    assert!(matches!(
        parse_symbolic("OPR_WAITCNT", "s_waitcnt", "vmcnt(4)", &c),
        Some(Err(_))
    ));
}

#[test]
fn depctr_and_wait_alu() {
    let cases: &[(&str, u32)] = &[
        ("depctr_hold_cnt(0)", 0xff1f),
        ("depctr_sa_sdst(0)", 0xff9e),
        ("depctr_va_vdst(0)", 0x0f9f),
        ("depctr_va_sdst(0)", 0xf19f),
        ("depctr_va_ssrc(0)", 0xfe9f),
        ("depctr_va_vcc(0)", 0xff9d),
        ("depctr_vm_vsrc(0)", 0xff83),
        ("depctr_va_vdst(1) depctr_vm_vsrc(2)", 0x1f8b),
        ("depctr_va_vdst(1) & depctr_vm_vsrc(2)", 0x1f8b),
        ("depctr_va_vdst(1), depctr_vm_vsrc(2)", 0x1f8b),
        ("depctr_va_vdst(15)", 0xff9f),
        ("depctr_va_sdst(6)", 0xfd9f),
    ];
    for (text, want) in cases {
        for mcpu in ["gfx1030", "gfx1100", "gfx1200", "gfx1250"] {
            assert_eq!(
                ok("OPR_WAITCNT_DEPCTR", "s_waitcnt_depctr", text, mcpu),
                *want,
                "{mcpu} {text}"
            );
        }
        assert_eq!(ok("OPR_WAIT_ALU", "s_wait_alu", text, "gfx1200"), *want);
    }
    assert_eq!(
        ok(
            "OPR_WAIT_ALU",
            "s_wait_alu",
            "depctr_vm_vsrc(1) depctr_va_vdst(2)",
            "gfx1200"
        ),
        0x2f87
    );
    assert_eq!(sym("OPR_WAIT_ALU", "s_wait_alu", "0xfffe", "gfx1200"), None);
    for bad in [
        "depctr_va_vdst(16)",
        "depctr_hold_cnt(2)",
        "depctr_va_vdst(1) depctr_va_vdst(2)",
        "depctr_bogus(0)",
    ] {
        err("OPR_WAITCNT_DEPCTR", "s_waitcnt_depctr", bad, "gfx1100");
    }
}

#[test]
fn delay_alu() {
    let cases: &[(&str, u32)] = &[
        ("instid0(VALU_DEP_1)", 0x1),
        ("instid0(VALU_DEP_4)", 0x4),
        ("instid0(TRANS32_DEP_1)", 0x5),
        ("instid0(TRANS32_DEP_3)", 0x7),
        ("instid0(FMA_ACCUM_CYCLE_1)", 0x8),
        ("instid0(SALU_CYCLE_1)", 0x9),
        ("instid0(SALU_CYCLE_3)", 0xb),
        ("instid0(NO_DEP)", 0x0),
        ("instskip(SAME)", 0x0),
        ("instskip(NEXT)", 0x10),
        ("instskip(SKIP_1)", 0x20),
        ("instskip(SKIP_4)", 0x50),
        ("instid1(SALU_CYCLE_2)", 0x500),
        (
            "instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_2)",
            0x111,
        ),
        ("instid0(VALU_DEP_1)|instid1(VALU_DEP_2)", 0x101),
        ("instid1(VALU_DEP_2) | instid0(VALU_DEP_1)", 0x101),
        ("instid0(VALU_DEP_1) | instid0(VALU_DEP_2)", 0x3),
    ];
    for (text, want) in cases {
        for mcpu in ["gfx1100", "gfx1200", "gfx1250"] {
            assert_eq!(
                ok("OPR_DELAY", "s_delay_alu", text, mcpu),
                *want,
                "{mcpu} {text}"
            );
        }
    }
    assert_eq!(sym("OPR_DELAY", "s_delay_alu", "0x91", "gfx1100"), None);
    for bad in [
        "instid0(VALU_DEP_1) instid1(VALU_DEP_2)",
        "instid0(VALU_DEP_1) & instid1(VALU_DEP_2)",
        "instid0(VALU_DEP_1), instid1(VALU_DEP_2)",
        "instid0(1)",
        "instskip(SKIP_5)",
        "instid0(valu_dep_1)",
        "instid0(VALU_DEP_1) |",
    ] {
        err("OPR_DELAY", "s_delay_alu", bad, "gfx1100");
    }
}

fn hw(text: &str, mcpu: &str) -> Option<Result<u32, String>> {
    sym("OPR_HWREG", "s_getreg_b32", text, mcpu)
}

#[test]
fn hwreg_names_per_generation() {
    // (name, [gfx942, gfx1030, gfx1100, gfx1200, gfx1250]); 0 = rejected by llvm-mc.
    let cases: &[(&str, [u32; 5])] = &[
        ("HW_REG_MODE", [1, 1, 1, 1, 1]),
        ("HW_REG_TRAPSTS", [3, 3, 3, 0, 0]),
        ("HW_REG_HW_ID", [4, 23, 0, 0, 0]),
        ("HW_REG_HW_ID1", [0, 23, 23, 23, 23]),
        ("HW_REG_SH_MEM_BASES", [15, 15, 15, 0, 0]),
        ("HW_REG_TBA_LO", [16, 16, 0, 0, 0]),
        ("HW_REG_FLAT_SCR_HI", [0, 21, 21, 0, 0]),
        ("HW_REG_XCC_ID", [20, 0, 0, 0, 0]),
        ("HW_REG_SQ_PERF_SNAPSHOT_PC_HI", [24, 0, 0, 0, 0]),
        ("HW_REG_POPS_PACKER", [0, 25, 0, 0, 0]),
        ("HW_REG_SHADER_CYCLES", [0, 29, 29, 0, 0]),
        ("HW_REG_PERF_SNAPSHOT_DATA", [0, 0, 27, 10, 10]),
        ("HW_REG_PERF_SNAPSHOT_PC_LO", [0, 0, 18, 11, 11]),
        ("HW_REG_SHADER_CYCLES_HI", [0, 0, 0, 30, 30]),
        ("HW_REG_WAVE_SCHED_MODE", [0, 0, 0, 26, 26]),
        ("HW_REG_STATE_PRIV", [0, 0, 0, 4, 4]),
        ("HW_REG_DVGPR_ALLOC_HI", [0, 0, 0, 32, 32]),
        ("HW_REG_IB_STS2", [0, 0, 0, 0, 28]),
        ("HW_REG_XNACK_MASK", [0, 0, 0, 0, 34]),
    ];
    let cpus = ["gfx942", "gfx1030", "gfx1100", "gfx1200", "gfx1250"];
    for (name, ids) in cases {
        for (mcpu, id) in cpus.iter().zip(ids) {
            let got = hw(&format!("hwreg({name})"), mcpu);
            if *id == 0 {
                assert!(matches!(got, Some(Err(_))), "{mcpu} {name}: {got:?}");
            } else {
                // Default offset 0, size 32 -> SIZE field 31.
                assert_eq!(got, Some(Ok(0xf800 | id)), "{mcpu} {name}");
            }
        }
    }
    assert_eq!(hw("hwreg(HW_REG_XNACK_MASK)", "gfx1010"), Some(Ok(0xf816)));
}

#[test]
fn hwreg_forms() {
    for mcpu in ["gfx942", "gfx1100", "gfx1200"] {
        let v = |t: &str| hw(t, mcpu);
        assert_eq!(v("hwreg(HW_REG_MODE, 0, 32)"), Some(Ok(0xf801)));
        assert_eq!(v("hwreg(HW_REG_MODE, 3, 5)"), Some(Ok(0x20c1)));
        assert_eq!(v("hwreg(HW_REG_MODE,0,32)"), Some(Ok(0xf801)));
        assert_eq!(v("hwreg(HW_REG_MODE, 31, 2)"), Some(Ok(0x0fc1)));
        assert_eq!(v("hwreg(1, 31, 1)"), Some(Ok(0x07c1)));
        assert_eq!(v("hwreg(63)"), Some(Ok(0xf83f)));
        assert_eq!(v("hwreg(1+1, 2*2, 3)"), Some(Ok(0x1102)));
        assert_eq!(v("hwreg(HW_REG_MODE, 0, 0x20)"), Some(Ok(0xf801)));
        assert_eq!(v("{id: 1}"), Some(Ok(0xf801)));
        assert_eq!(v("{offset: 2, id: 3}"), Some(Ok(0xf883)));
        assert_eq!(v("{size: 2}"), Some(Ok(0x0800)));
        assert_eq!(v("{}"), Some(Ok(0xf800)));
        assert_eq!(v("{id:1,size:32}"), Some(Ok(0xf801)));
        assert_eq!(v("{id: 1, offset: 0, size: 32}"), Some(Ok(0xf801)));
        assert_eq!(v("0x1234"), None);
        for bad in [
            "hwreg(64)",
            "hwreg(-1)",
            "hwreg(1, 32, 1)",
            "hwreg(1, 0, 33)",
            "hwreg(1, 0, 0)",
            "hwreg(1, 0)",
            "hwreg(hw_reg_mode)",
            "hwreg(HW_REG_WRONG)",
            "{id: HW_REG_MODE, offset: 2, size: 3}",
            "{id: 1, id: 2}",
            "{id: 1 offset: 2}",
        ] {
            assert!(matches!(v(bad), Some(Err(_))), "{mcpu} {bad}: {:?}", v(bad));
        }
    }
    // Same syntax for the setreg forms (operand type OPR_HWREG).
    assert_eq!(
        ok(
            "OPR_HWREG",
            "s_setreg_b32",
            "hwreg(HW_REG_MODE, 4, 4)",
            "gfx1100"
        ),
        0x1901
    );
    assert_eq!(
        ok("", "s_setreg_imm32_b32", "hwreg(HW_REG_MODE)", "gfx900"),
        0xf801
    );
}

#[test]
fn hwreg_names_from_the_spec_come_first() {
    let spec = Spec {
        operand_types: vec![OperandType {
            name: "OPR_HWREG".to_string(),
            partitioned: true,
            subtypes: vec![],
            predefined: vec![],
            fields: vec![OperandTypeField {
                name: "ID".to_string(),
                ranges: vec![],
                predefined: vec![PredefinedValue {
                    name: "HW_REG_SHADER_FLAT_SCRATCH_LO".to_string(),
                    value: 20,
                }],
            }],
            source: 0,
        }],
        ..Spec::default()
    };
    let c = ctx(&spec, "gfx1100");
    assert_eq!(
        parse_symbolic(
            "OPR_HWREG",
            "s_getreg_b32",
            "hwreg(HW_REG_SHADER_FLAT_SCRATCH_LO)",
            &c
        ),
        Some(Ok(0xf814))
    );
}

fn msg(text: &str, mcpu: &str) -> Option<Result<u32, String>> {
    sym("OPR_SENDMSG", "s_sendmsg", text, mcpu)
}

#[test]
fn sendmsg_names_per_generation() {
    // (name, [gfx942, gfx1030, gfx1100, gfx1200, gfx1250]); 0 = rejected by llvm-mc.
    let cases: &[(&str, [u32; 5])] = &[
        ("MSG_INTERRUPT", [1, 1, 1, 1, 1]),
        ("MSG_HS_TESSFACTOR", [0, 0, 2, 2, 2]),
        ("MSG_DEALLOC_VGPRS", [0, 0, 3, 3, 3]),
        ("MSG_SAVEWAVE", [4, 4, 0, 0, 0]),
        ("MSG_STALL_WAVE_GEN", [5, 5, 5, 0, 0]),
        ("MSG_HALT_WAVES", [6, 6, 6, 0, 0]),
        ("MSG_ORDERED_PS_DONE", [7, 7, 0, 0, 0]),
        ("MSG_EARLY_PRIM_DEALLOC", [8, 8, 0, 0, 0]),
        ("MSG_GS_ALLOC_REQ", [9, 9, 9, 9, 9]),
        ("MSG_GET_DOORBELL", [10, 10, 0, 0, 0]),
        ("MSG_SAVEWAVE_HAS_TDM", [0, 0, 0, 0, 10]),
        ("MSG_GET_DDID", [0, 11, 0, 0, 0]),
        ("MSG_RTN_GET_DOORBELL", [0, 0, 0x80, 0x80, 0x80]),
        ("MSG_RTN_GET_TBA_TO_PC", [0, 0, 0x86, 0x86, 0x86]),
        ("MSG_RTN_GET_SE_AID_ID", [0, 0, 0, 0x87, 0x87]),
        ("MSG_RTN_GET_CLUSTER_BARRIER_STATE", [0, 0, 0, 0, 0x88]),
    ];
    let cpus = ["gfx942", "gfx1030", "gfx1100", "gfx1200", "gfx1250"];
    for (name, ids) in cases {
        for (mcpu, id) in cpus.iter().zip(ids) {
            let got = msg(&format!("sendmsg({name})"), mcpu);
            if *id == 0 {
                assert!(matches!(got, Some(Err(_))), "{mcpu} {name}: {got:?}");
            } else {
                assert_eq!(got, Some(Ok(*id)), "{mcpu} {name}");
            }
        }
    }
    assert_eq!(
        sym(
            "OPR_SENDMSG_RTN",
            "s_sendmsg_rtn_b32",
            "sendmsg(MSG_RTN_GET_REALTIME)",
            "gfx1100"
        ),
        Some(Ok(0x83))
    );
    assert_eq!(
        sym(
            "OPR_SENDMSG_RTN",
            "s_sendmsg_rtn_b64",
            "sendmsg(MSG_RTN_SAVE_WAVE)",
            "gfx1200"
        ),
        Some(Ok(0x84))
    );
}

#[test]
fn sendmsg_operations_and_streams() {
    for mcpu in ["gfx942", "gfx1030"] {
        let v = |t: &str| msg(t, mcpu);
        assert_eq!(v("sendmsg(MSG_GS, GS_OP_CUT)"), Some(Ok(0x12)));
        assert_eq!(v("sendmsg(MSG_GS, GS_OP_EMIT, 2)"), Some(Ok(0x222)));
        assert_eq!(v("sendmsg(MSG_GS, GS_OP_EMIT_CUT, 3)"), Some(Ok(0x332)));
        assert_eq!(v("sendmsg(MSG_GS, 1, 1)"), Some(Ok(0x112)));
        assert_eq!(v("sendmsg(MSG_GS_DONE, GS_OP_NOP)"), Some(Ok(0x3)));
        for bad in [
            "sendmsg(MSG_GS, GS_OP_NOP)",
            "sendmsg(MSG_GS_DONE, GS_OP_NOP, 0)",
            "sendmsg(MSG_GS, GS_OP_EMIT_CUT, 4)",
            "sendmsg(MSG_GS)",
            "sendmsg(16)",
            "sendmsg(255)",
        ] {
            assert!(matches!(v(bad), Some(Err(_))), "{mcpu} {bad}");
        }
    }
    for mcpu in ["gfx942", "gfx1030", "gfx1100", "gfx1200", "gfx1250"] {
        let v = |t: &str| msg(t, mcpu);
        assert_eq!(
            v("sendmsg(MSG_SYSMSG, SYSMSG_OP_ECC_ERR_INTERRUPT)"),
            Some(Ok(0x1f))
        );
        assert_eq!(v("sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)"), Some(Ok(0x2f)));
        assert_eq!(
            v("sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)"),
            Some(Ok(0x4f))
        );
        assert_eq!(v("sendmsg(MSG_SYSMSG, 4)"), Some(Ok(0x4f)));
        assert_eq!(v("sendmsg(2, 3, 3)"), Some(Ok(0x332)));
        assert_eq!(v("sendmsg(15, 7, 3)"), Some(Ok(0x37f)));
        assert_eq!(v("sendmsg(2, GS_OP_CUT)"), Some(Ok(0x12)));
        assert_eq!(v("sendmsg(1+1, 2-1, 1*2)"), Some(Ok(0x212)));
        assert_eq!(v("sendmsg(0, 7, 3)"), Some(Ok(0x370)));
        assert_eq!(v("sendmsg(3,0)"), Some(Ok(0x3)));
        assert_eq!(v("sendmsg( MSG_INTERRUPT )"), Some(Ok(0x1)));
        assert_eq!(v("3"), None);
        for bad in [
            "sendmsg(MSG_SYSMSG, 0)",
            "sendmsg(MSG_SYSMSG, 5)",
            "sendmsg(MSG_SYSMSG)",
            "sendmsg(MSG_SYSMSG, SYSMSG_OP_ECC_ERR_INTERRUPT, 0)",
            "sendmsg(15, 8)",
            "sendmsg(2, 0, 4)",
            "sendmsg(-1)",
            "sendmsg(MSG_INTERRUPT, 0)",
            "sendmsg(MSG_INTERRUPT, 0, 0)",
            "sendmsg(MSG_GS_ALLOC_REQ, 0)",
            "sendmsg(msg_interrupt)",
            "sendmsg(MSG_GS, GS_OP_CUT, 0, 0)",
        ] {
            assert!(matches!(v(bad), Some(Err(_))), "{mcpu} {bad}: {:?}", v(bad));
        }
    }
    for mcpu in ["gfx1100", "gfx1200"] {
        assert_eq!(msg("sendmsg(255)", mcpu), Some(Ok(0xff)));
        assert_eq!(msg("sendmsg(200, 7, 3)", mcpu), Some(Ok(0x3f8)));
        assert!(matches!(
            msg("sendmsg(MSG_GS, GS_OP_CUT)", mcpu),
            Some(Err(_))
        ));
    }
}

#[test]
fn version_constants() {
    let cases: &[(&str, u32)] = &[
        ("UC_VERSION_GFX12", 0x9),
        ("UC_VERSION_GFX11", 0x6),
        ("UC_VERSION_GFX10", 0x4),
        ("UC_VERSION_GFX7", 0x0),
        ("UC_VERSION_W64_BIT", 0x2000),
        ("UC_VERSION_W32_BIT", 0x4000),
        ("UC_VERSION_MDP_BIT", 0x8000),
        ("UC_VERSION_GFX12 | UC_VERSION_W32_BIT", 0x4009),
        (
            "UC_VERSION_GFX12 | UC_VERSION_W64_BIT | UC_VERSION_MDP_BIT",
            0xa009,
        ),
        ("UC_VERSION_GFX12 + 1", 0xa),
        ("1 | UC_VERSION_W64_BIT", 0x2001),
    ];
    for (text, want) in cases {
        for mcpu in ["gfx1030", "gfx1100", "gfx1200"] {
            assert_eq!(ok("OPR_VERSION", "s_version", text, mcpu), *want, "{text}");
        }
    }
    assert_eq!(sym("OPR_VERSION", "s_version", "0x1234", "gfx1200"), None);
    err("OPR_VERSION", "s_version", "UC_VERSION_GFX8", "gfx1100");
}

#[test]
fn plain_immediate_slots_are_not_symbolic() {
    for (ty, mnemonic) in [
        ("OPR_CLAUSE", "s_clause"),
        ("OPR_SIMM16", "s_setprio"),
        ("OPR_WAIT_EVENT", "s_wait_event"),
        ("OPR_SLEEP", "s_sleep"),
        ("OPR_SIMM16", "s_wait_loadcnt"),
    ] {
        assert_eq!(sym(ty, mnemonic, "0x1234", "gfx1200"), None, "{mnemonic}");
    }
}

fn modifier(mnemonic: &str, text: &str, mcpu: &str) -> Option<Result<Vec<(String, u32)>, String>> {
    let spec = Spec::default();
    crate::syntax::smem_modifiers::parse(mnemonic, text, &ctx(&spec, mcpu))
}

fn fields(pairs: &[(&str, u32)]) -> Option<Result<Vec<(String, u32)>, String>> {
    Some(Ok(pairs.iter().map(|&(f, v)| (f.to_string(), v)).collect()))
}

#[test]
fn smem_modifiers() {
    for mcpu in ["gfx900", "gfx908", "gfx90a", "gfx942", "gfx950"] {
        assert_eq!(modifier("s_load_dword", "glc", mcpu), fields(&[("GLC", 1)]));
        assert_eq!(
            modifier("s_load_dword", "noglc", mcpu),
            fields(&[("GLC", 0)])
        );
        for not_smem in ["dlc", "sc0", "sc1", "nt", "slc", "GLC"] {
            assert_eq!(
                modifier("s_load_dword", not_smem, mcpu),
                None,
                "{mcpu} {not_smem}"
            );
        }
    }
    assert_eq!(
        modifier("s_atomic_add", "glc", "gfx942"),
        fields(&[("GLC", 1)])
    );
    assert_eq!(modifier("s_dcache_inv", "glc", "gfx942"), None);
    for mcpu in ["gfx1010", "gfx1030", "gfx1100", "gfx1150"] {
        assert_eq!(modifier("s_load_b32", "glc", mcpu), fields(&[("GLC", 1)]));
        assert_eq!(
            modifier("s_buffer_load_b32", "dlc", mcpu),
            fields(&[("DLC", 1)])
        );
        assert_eq!(modifier("s_load_b32", "nv", mcpu), None);
        assert_eq!(modifier("s_load_b32", "th:TH_LOAD_NT", mcpu), None);
    }
    for mcpu in ["gfx1200", "gfx1250"] {
        let m = |t: &str| modifier("s_load_b32", t, mcpu);
        assert_eq!(m("th:TH_LOAD_RT"), fields(&[("TH", 0)]));
        assert_eq!(m("th:TH_LOAD_NT"), fields(&[("TH", 1)]));
        assert_eq!(m("th:TH_LOAD_HT"), fields(&[("TH", 2)]));
        assert_eq!(m("th:TH_LOAD_LU"), fields(&[("TH", 3)]));
        assert_eq!(m("th:TH_LOAD_BYPASS"), fields(&[("TH", 3)]));
        assert_eq!(m("scope:SCOPE_CU"), fields(&[("SCOPE", 0)]));
        assert_eq!(m("scope:SCOPE_SE"), fields(&[("SCOPE", 1)]));
        assert_eq!(m("scope:SCOPE_DEV"), fields(&[("SCOPE", 2)]));
        assert_eq!(m("scope:SCOPE_SYS"), fields(&[("SCOPE", 3)]));
        assert_eq!(m("scope:2"), fields(&[("SCOPE", 2)]));
        assert_eq!(m("glc"), None);
        for bad in [
            "th:TH_STORE_NT",
            "th:TH_ATOMIC_RETURN",
            "th:TH_LOAD_NT_RT",
            "th:1",
            "scope:4",
        ] {
            assert!(matches!(m(bad), Some(Err(_))), "{mcpu} {bad}");
        }
    }
    assert_eq!(modifier("s_load_b32", "nv", "gfx1200"), None);
    assert_eq!(
        modifier("s_load_b32", "nv", "gfx1250"),
        fields(&[("NV", 1)])
    );
    assert_eq!(
        modifier("s_load_b32", "scale_offset", "gfx1250"),
        fields(&[("SCALE_OFFSET", 1)])
    );
    assert_eq!(modifier("s_load_b32", "scale_offset", "gfx1200"), None);
}

/// The spec data directory (env MCDIFF_DATA, else ../shared next to the workspace), or `None`
/// with a printed reason when it is absent outside CI.
fn data_dir() -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("MCDIFF_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared").into());
    if dir.join("amd-isa/xml").is_dir() {
        return Some(dir);
    }
    let why = format!("spec data not found at {}", dir.display());
    assert!(std::env::var("CI").as_deref() != Ok("true"), "{why}");
    eprintln!("skipping: {why}");
    None
}

/// Symbolic operands read through each target's loaded spec: (mcpu, operand type, mnemonic,
/// text, value or `None` for an error), values from llvm-mc 22.
const REAL_SPEC_CASES: &[(&str, &str, &str, &str, Option<u32>)] = &[
    (
        "gfx942",
        "OPR_HWREG",
        "s_getreg_b32",
        "hwreg(HW_REG_MODE, 3, 5)",
        Some(0x20c1),
    ),
    (
        "gfx90a",
        "OPR_HWREG",
        "s_getreg_b32",
        "hwreg(HW_REG_MODE, 3, 5)",
        Some(0x20c1),
    ),
    (
        "gfx1030",
        "OPR_HWREG",
        "s_getreg_b32",
        "hwreg(HW_REG_MODE, 3, 5)",
        Some(0x20c1),
    ),
    (
        "gfx1100",
        "OPR_HWREG",
        "s_getreg_b32",
        "hwreg(HW_REG_MODE, 3, 5)",
        Some(0x20c1),
    ),
    (
        "gfx1200",
        "OPR_HWREG",
        "s_getreg_b32",
        "hwreg(HW_REG_MODE, 3, 5)",
        Some(0x20c1),
    ),
    (
        "gfx942",
        "OPR_WAITCNT",
        "s_waitcnt",
        "vmcnt(16)",
        Some(0x4f70),
    ),
    ("gfx942", "OPR_WAITCNT", "s_waitcnt", "lgkmcnt(16)", None),
    (
        "gfx1030",
        "OPR_WAITCNT",
        "s_waitcnt",
        "lgkmcnt(16)",
        Some(0xd07f),
    ),
    (
        "gfx1100",
        "OPR_WAITCNT",
        "s_waitcnt",
        "vmcnt(1) expcnt(2) lgkmcnt(3)",
        Some(0x432),
    ),
    (
        "gfx1200",
        "OPR_WAITCNT",
        "s_waitcnt",
        "vmcnt(0)",
        Some(0x3f7),
    ),
    (
        "gfx942",
        "OPR_HWREG",
        "s_getreg_b32",
        "hwreg(HW_REG_XCC_ID)",
        Some(0xf814),
    ),
    // gfx90a takes its operand types from the CDNA3 file, whose names include GFX940-only ones.
    (
        "gfx90a",
        "OPR_HWREG",
        "s_getreg_b32",
        "hwreg(HW_REG_XCC_ID)",
        None,
    ),
    (
        "gfx1100",
        "OPR_HWREG",
        "s_getreg_b32",
        "hwreg(HW_REG_POPS_PACKER)",
        None,
    ),
    (
        "gfx1200",
        "OPR_HWREG",
        "s_getreg_b32",
        "hwreg(HW_REG_WAVE_SCHED_MODE)",
        Some(0xf81a),
    ),
    (
        "gfx942",
        "OPR_SENDMSG",
        "s_sendmsg",
        "sendmsg(MSG_GS, GS_OP_EMIT, 2)",
        Some(0x222),
    ),
    (
        "gfx1100",
        "OPR_SENDMSG_RTN",
        "s_sendmsg_rtn_b32",
        "sendmsg(MSG_RTN_GET_TMA)",
        Some(0x82),
    ),
    (
        "gfx1200",
        "OPR_SENDMSG_RTN",
        "s_sendmsg_rtn_b32",
        "sendmsg(MSG_RTN_GET_SE_AID_ID)",
        Some(0x87),
    ),
];

#[test]
fn real_specs_drive_layouts_and_names() {
    let Some(data) = data_dir() else {
        return;
    };
    let mut specs: Vec<(&str, Spec)> = Vec::new();
    for &(mcpu, ty, mnemonic, text, want) in REAL_SPEC_CASES {
        if !specs.iter().any(|(m, _)| *m == mcpu) {
            let spec = mcdiff_spec::load_target(&data, mcpu)
                .unwrap_or_else(|e| panic!("loading the spec for {mcpu}: {e}"))
                .spec;
            specs.push((mcpu, spec));
        }
        let spec = &specs.iter().find(|(m, _)| *m == mcpu).expect("loaded").1;
        let got = parse_symbolic(ty, mnemonic, text, &ctx(spec, mcpu));
        match want {
            Some(v) => assert_eq!(got, Some(Ok(v)), "{mcpu} {text}"),
            None => assert!(matches!(got, Some(Err(_))), "{mcpu} {text}: {got:?}"),
        }
    }
}

/// Swizzle offsets, from llvm-mc 22 runs of `ds_swizzle_b32 v8, v2 offset:swizzle(...)`
/// written for this test (offset = bytes 0-1).
#[test]
fn swizzle_macros_reduce_to_offsets() {
    let spec = Spec::default();
    let cx = ctx(&spec, "gfx1100");
    let offset = |text: &str| crate::syntax::memory_modifiers::swizzle(text, &cx);
    assert_eq!(offset("(QUAD_PERM,1,0,3,2)"), Ok(0x80b1));
    assert_eq!(offset("(BITMASK_PERM,\"pi01p\")"), Ok(0x2059));
    assert_eq!(offset("(BROADCAST,16,3)"), Ok(0x0070));
    assert_eq!(offset("(SWAP,2)"), Ok(0x081f));
    assert_eq!(offset("(REVERSE,4)"), Ok(0x0c1f));
    assert_eq!(offset("(FFT,9)"), Ok(0xe009));
    assert_eq!(offset("(ROTATE,1,5)"), Ok(0xc4a0));
    assert!(offset("(FFT,32)").is_err());
    assert!(offset("(BROADCAST,3,1)").is_err());
    assert!(crate::syntax::memory_modifiers::swizzle("(FFT,1)", &ctx(&spec, "tonga")).is_err());
}

/// GFX9's split format codes `dfmt | nfmt << 4`, from llvm-mc 22 runs of
/// `tbuffer_load_format_x v1, off, s[4:7], s1 format:...` on gfx900 (DFMT bits [22:19],
/// NFMT [25:23]) and the text it prints back.
#[test]
fn gfx9_split_buffer_formats() {
    let spec = Spec::default();
    let cx = ctx(&spec, "gfx900");
    let format = |text: &str| crate::syntax::memory_modifiers::buffer_format(text, &cx);
    assert_eq!(
        format("[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]"),
        Ok(0x74)
    );
    assert_eq!(format("[BUF_NUM_FORMAT_FLOAT]"), Ok(0x71));
    assert_eq!(format("22"), Ok(22));
    assert!(format("[BUF_FMT_32_FLOAT]").is_err());
    let text = |code| crate::syntax::memory_modifiers::split_format_text(code, &cx);
    assert_eq!(
        text(22).as_deref(),
        Some("format:[BUF_DATA_FORMAT_10_11_11,BUF_NUM_FORMAT_SNORM]")
    );
    assert_eq!(text(0x71).as_deref(), Some("format:[BUF_NUM_FORMAT_FLOAT]"));
    assert_eq!(text(1), None);
    assert_eq!(
        text(0x61).as_deref(),
        Some("format:[BUF_NUM_FORMAT_RESERVED_6]")
    );
    // GFX6/GFX7 name numeric format 6 (Sea Islands ISA Table 8.2).
    let gfx7 = ctx(&spec, "bonaire");
    assert_eq!(
        crate::syntax::memory_modifiers::split_format_text(0x61, &gfx7).as_deref(),
        Some("format:[BUF_NUM_FORMAT_SNORM_OGL]")
    );
}

/// Format codes from llvm-mc 22 runs of `tbuffer_load_format_x ... format:[...]` lines
/// written for this test; 32_UNORM names no unified format and is rejected.
#[test]
fn buffer_formats_unified_and_split() {
    let spec = Spec::default();
    let cx = ctx(&spec, "gfx1100");
    let format = |text: &str| crate::syntax::memory_modifiers::buffer_format(text, &cx);
    assert_eq!(format("[BUF_FMT_32_FLOAT]"), Ok(22));
    assert_eq!(format("[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]"), Ok(22));
    assert_eq!(format("[BUF_NUM_FORMAT_FLOAT,BUF_DATA_FORMAT_32]"), Ok(22));
    assert_eq!(format("[BUF_NUM_FORMAT_SINT]"), Ok(6));
    assert_eq!(format("[BUF_DATA_FORMAT_16]"), Ok(7));
    assert_eq!(format("77"), Ok(77));
    assert!(format("[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_UNORM]").is_err());
    assert!(format("128").is_err());
}

#[test]
fn bypass_hints_need_system_scope() {
    let check = |words: &[&str]| crate::syntax::memory_modifiers::check_th_scope(words).is_ok();
    assert!(check(&["th:TH_LOAD_BYPASS", "scope:SCOPE_SYS"]));
    assert!(!check(&["th:TH_LOAD_BYPASS", "scope:SCOPE_DEV"]));
    assert!(!check(&["th:TH_STORE_WB", "scope:SCOPE_SYS"]));
    assert!(check(&["th:TH_STORE_WB"]));
    assert!(check(&["scope:SCOPE_SYS"]));
}
