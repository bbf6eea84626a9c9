//! Runs AMD's own pseudocode (loaded from the data directory) on inputs whose
//! results are computed here independently, by plain Rust arithmetic.

mod common;

use common::{data_dir, two_over_pi_bits};
use mcdiff_sema::{
    execute, load_pseudocode, parse, Binding, BoundValue, ExecError, Program, SpecialReg, State,
};
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive};

/// The parsed pseudocode of `inst` for `arch` (the first entry of that name).
pub fn program(arch: &str, inst: &str) -> Option<Program> {
    let dir = data_dir()?;
    let entries = load_pseudocode(&dir, arch).expect("pseudocode list loads");
    let entry = entries
        .iter()
        .find(|e| e.name == inst && e.code().is_some())
        .unwrap_or_else(|| panic!("{arch}: no pseudocode for {inst}"));
    Some(parse(entry.code().unwrap()).unwrap_or_else(|e| panic!("{arch} {inst}: {e}")))
}

fn sgprs(first: u32, count: u32) -> BoundValue {
    BoundValue::Sgpr { first, count }
}

fn vgprs(first: u32, count: u32) -> BoundValue {
    BoundValue::Vgpr { first, count }
}

/// The usual operands of a two-source instruction, `D0 = f(S0, S1)`.
fn d0_s0_s1(d0: BoundValue, s0: BoundValue, s1: BoundValue) -> Binding {
    Binding::default()
        .with("D0", d0)
        .with("S0", s0)
        .with("S1", s1)
}

/// `binding`, run once per lane.
fn per_lane(mut binding: Binding) -> Binding {
    binding.per_lane = true;
    binding
}

fn set_sgpr64(state: &mut State, first: usize, v: u64) {
    state.sgpr[first] = v as u32;
    state.sgpr[first + 1] = (v >> 32) as u32;
}

fn sgpr64(state: &State, first: usize) -> u64 {
    u64::from(state.sgpr[first]) | u64::from(state.sgpr[first + 1]) << 32
}

/// Plain-Rust signed bitfield extract, as S_BFE_I64 defines it (width 0 gives 0).
fn bfe_i64(src: i64, offset: u32, width: u32) -> i64 {
    let shifted = src >> offset;
    match width {
        0 => 0,
        w if w >= 64 => shifted,
        w => (shifted << (64 - w)) >> (64 - w),
    }
}

#[test]
fn s_bfe_i64_widths_and_sign() {
    for arch in ["rdna3", "rdna4", "cdna3"] {
        let Some(p) = program(arch, "S_BFE_I64") else {
            return;
        };
        let binding = d0_s0_s1(sgprs(4, 2), sgprs(0, 2), sgprs(2, 1));
        let src: i64 = -0x1234_5678_9abc_def1;
        let cases: [(u32, u32); 9] = [
            (0, 0),
            (5, 0),
            (0, 1),
            (63, 1),
            (3, 1),
            (1, 63),
            (0, 63),
            (0, 64),
            (12, 20),
        ];
        for (offset, width) in cases {
            let mut state = State::new(32);
            set_sgpr64(&mut state, 0, src as u64);
            state.sgpr[2] = offset | width << 16;
            state.scc = true;
            execute(&p, &mut state, &binding).unwrap();
            let want = bfe_i64(src, offset, width);
            assert_eq!(
                sgpr64(&state, 4) as i64,
                want,
                "{arch} offset {offset} width {width}"
            );
            assert_eq!(state.scc, want != 0, "{arch} SCC for width {width}");
        }
        // A positive field with its top bit set comes back negative.
        let mut state = State::new(32);
        set_sgpr64(&mut state, 0, 0x0000_0000_0000_0f00);
        state.sgpr[2] = 8 | 4 << 16;
        execute(&p, &mut state, &binding).unwrap();
        assert_eq!(sgpr64(&state, 4) as i64, -1, "{arch}");
    }
}

#[test]
fn s_bfe_i64_rejects_narrow_and_misaligned_operands() {
    let Some(p) = program("rdna3", "S_BFE_I64") else {
        return;
    };
    let short = d0_s0_s1(sgprs(4, 2), sgprs(0, 1), sgprs(2, 1));
    let err = execute(&p, &mut State::new(32), &short).unwrap_err();
    assert!(
        matches!(&err, ExecError::Mismatch(m) if m.reason.contains("S0") && m.reason.contains("64-bit")),
        "{err}"
    );
    let odd = d0_s0_s1(sgprs(5, 2), sgprs(0, 2), sgprs(2, 1));
    let err = execute(&p, &mut State::new(32), &odd).unwrap_err();
    assert!(
        matches!(&err, ExecError::Mismatch(m) if m.reason.contains("odd register 5")),
        "{err}"
    );
}

#[test]
fn s_add_u32_carry_into_scc() {
    for arch in ["rdna3", "cdna3"] {
        let Some(p) = program(arch, "S_ADD_U32") else {
            return;
        };
        let binding = d0_s0_s1(sgprs(10, 1), sgprs(0, 1), sgprs(1, 1));
        for (a, b) in [
            (0xffff_ffffu32, 1u32),
            (5, 7),
            (0x8000_0000, 0x8000_0000),
            (0xffff_fffe, 1),
            (0xffff_ffff, 0xffff_ffff),
        ] {
            let mut state = State::new(64);
            state.sgpr[0] = a;
            state.sgpr[1] = b;
            execute(&p, &mut state, &binding).unwrap();
            let (sum, carry) = a.overflowing_add(b);
            assert_eq!(state.sgpr[10], sum, "{arch} {a:#x}+{b:#x}");
            assert_eq!(state.scc, carry, "{arch} carry of {a:#x}+{b:#x}");
        }
    }
}

#[test]
fn s_add_u32_inline_and_literal_sources() {
    let Some(p) = program("rdna3", "S_ADD_U32") else {
        return;
    };
    let binding = d0_s0_s1(
        sgprs(10, 1),
        BoundValue::InlineInt(-1),
        BoundValue::Literal(0x10),
    );
    let mut state = State::new(32);
    execute(&p, &mut state, &binding).unwrap();
    assert_eq!(state.sgpr[10], 0xf);
    assert!(state.scc);
    let constant_dest = d0_s0_s1(BoundValue::Literal(3), sgprs(0, 1), sgprs(1, 1));
    assert!(matches!(
        execute(&p, &mut State::new(32), &constant_dest),
        Err(ExecError::Mismatch(_))
    ));
}

/// A 64-bit literal (CDNA5) is read whole by a 64-bit source; a 32-bit literal is its high
/// half for a float use and zero-extended for an integer one; a 32-bit source of a 64-bit
/// literal reads its low dword (CDNA5 ISA §4.1).
#[test]
fn sixty_four_bit_literals() {
    let (Some(add), Some(add32)) = (
        program("cdna5", "S_ADD_NC_U64"),
        program("cdna5", "S_ADD_CO_U32"),
    ) else {
        return;
    };
    let run = |p: &Program, literal: BoundValue| {
        let mut state = State::new(32);
        set_sgpr64(&mut state, 2, 1);
        execute(p, &mut state, &d0_s0_s1(sgprs(10, 2), literal, sgprs(2, 2))).unwrap();
        sgpr64(&state, 10)
    };
    assert_eq!(
        run(&add, BoundValue::Literal64(0x1234_5678_9abc)),
        0x1234_5678_9abd
    );
    assert_eq!(run(&add, BoundValue::Literal(0xaf12_3456)), 0xaf12_3457);
    let mut state = State::new(32);
    state.sgpr[2] = 1;
    let binding = d0_s0_s1(
        sgprs(10, 1),
        BoundValue::Literal64(0x7_0000_0005),
        sgprs(2, 1),
    );
    execute(&add32, &mut state, &binding).unwrap();
    assert_eq!(state.sgpr[10], 6);
}

#[test]
fn v_add_f32_nan_inf_denormals() {
    let Some(p) = program("rdna3", "V_ADD_F32") else {
        return;
    };
    let smallest = f32::from_bits(1);
    let big_denormal = f32::from_bits(0x007f_ffff);
    let cases: [(f32, f32); 9] = [
        (f32::INFINITY, f32::NEG_INFINITY),
        (1.0, f32::NAN),
        (f32::INFINITY, 1.0),
        (f32::MAX, f32::MAX),
        (smallest, smallest),
        (big_denormal, smallest),
        (-smallest, smallest),
        (1.5, 2.25),
        (1.0, f32::EPSILON / 2.0),
    ];
    let binding = per_lane(d0_s0_s1(vgprs(2, 1), vgprs(0, 1), vgprs(1, 1)));
    let mut state = State::new(32);
    for (lane, (a, b)) in cases.iter().enumerate() {
        state.vgpr[lane][0] = a.to_bits();
        state.vgpr[lane][1] = b.to_bits();
    }
    execute(&p, &mut state, &binding).unwrap();
    for (lane, (a, b)) in cases.iter().enumerate() {
        let want = a + b;
        let got = f32::from_bits(state.vgpr[lane][2]);
        if want.is_nan() {
            assert!(got.is_nan(), "lane {lane}: {a} + {b} gave {got}");
        } else {
            assert_eq!(got.to_bits(), want.to_bits(), "lane {lane}: {a} + {b}");
        }
    }
}

#[test]
fn v_trig_preop_f64_segments_of_two_over_pi() {
    for arch in ["rdna3", "cdna3"] {
        let Some(p) = program(arch, "V_TRIG_PREOP_F64") else {
            return;
        };
        let binding = per_lane(d0_s0_s1(vgprs(4, 2), vgprs(0, 2), vgprs(2, 1)));
        // (input, extra shift the pseudocode adds for exponents above 1077)
        let inputs = [(1.0f64, 0u32), (2f64.powi(100), 1123 - 1077)];
        for (x, extra) in inputs {
            for segment in 0..6u32 {
                let mut state = State::new(32);
                state.exec = 1;
                state.vgpr[0][0] = x.to_bits() as u32;
                state.vgpr[0][1] = (x.to_bits() >> 32) as u32;
                state.vgpr[0][2] = segment;
                execute(&p, &mut state, &binding).unwrap();
                let got =
                    f64::from_bits(u64::from(state.vgpr[0][4]) | u64::from(state.vgpr[0][5]) << 32);
                let shift = 53 * segment + extra;
                let mask: BigInt = (BigInt::one() << 53u32) - 1;
                let window = (two_over_pi_bits(shift + 53) & mask).to_u64().unwrap();
                let want = window as f64 * 2f64.powi(-53 - shift as i32);
                assert_eq!(
                    got.to_bits(),
                    want.to_bits(),
                    "{arch} x={x} segment {segment}: got {got:e}, want {want:e}"
                );
            }
        }
        // Segment 0 at small exponents is 2/pi rounded down to 53 bits.
        assert_eq!(
            (two_over_pi_bits(53).to_u64().unwrap() as f64 * 2f64.powi(-53)).to_bits(),
            0x3fe4_5f30_6dc9_c882
        );
    }
}

#[test]
fn v_cvt_f16_f32_rounds_to_nearest_even() {
    let Some(p) = program("rdna3", "V_CVT_F16_F32") else {
        return;
    };
    let binding = per_lane(
        Binding::default()
            .with("D0", vgprs(1, 1))
            .with("S0", vgprs(0, 1)),
    );
    // (f32 input, f16 bits) derived by hand from the formats' definitions.
    let cases: [(f32, u16); 10] = [
        (1.0 + 2f32.powi(-11), 0x3c00),                  // halfway, even below
        (1.0 + 3.0 * 2f32.powi(-11), 0x3c02),            // halfway, even above
        (1.0 + 2f32.powi(-11) + 2f32.powi(-20), 0x3c01), // just above halfway
        (-(1.0 + 2f32.powi(-11)), 0xbc00),
        (65504.0, 0x7bff),        // largest finite
        (65519.0, 0x7bff),        // below the halfway point to 2^16
        (65520.0, 0x7c00),        // halfway: rounds to even, overflows
        (2f32.powi(-25), 0x0000), // half the smallest denormal: to even 0
        (1.5 * 2f32.powi(-25), 0x0001),
        (f32::NEG_INFINITY, 0xfc00),
    ];
    let mut state = State::new(32);
    for (lane, (x, _)) in cases.iter().enumerate() {
        state.vgpr[lane][0] = x.to_bits();
        state.vgpr[lane][1] = 0xdead_0000;
    }
    execute(&p, &mut state, &binding).unwrap();
    for (lane, (x, want)) in cases.iter().enumerate() {
        let got = state.vgpr[lane][1];
        assert_eq!(got & 0xffff, u32::from(*want), "lane {lane}: f16 of {x:e}");
        assert_eq!(got >> 16, 0xdead, "lane {lane}: high half preserved");
    }
}

#[test]
fn rtz_conversion_honours_round_mode() {
    let Some(p) = program("rdna4", "S_CVT_PK_RTZ_F16_F32") else {
        return;
    };
    let binding = d0_s0_s1(sgprs(2, 1), sgprs(0, 1), sgprs(1, 1));
    let mut state = State::new(32);
    state.sgpr[0] = (1.0f32 + 3.0 * 2f32.powi(-11)).to_bits();
    state.sgpr[1] = (-65520.0f32).to_bits();
    execute(&p, &mut state, &binding).unwrap();
    // Toward zero: 1 + 2^-10, and the largest finite negative instead of -inf.
    assert_eq!(state.sgpr[2], 0xfbff_3c01);
    assert_eq!(state.round_mode, 0, "mode restored afterwards");
}

fn vopc_case(arch: &str, wave: u32) {
    let Some(p) = program(arch, "V_CMP_GT_U32") else {
        return;
    };
    let binding = per_lane(d0_s0_s1(
        BoundValue::Special(SpecialReg::Vcc),
        vgprs(0, 1),
        vgprs(1, 1),
    ));
    let mut state = State::new(wave);
    state.exec = 0xf0f0_5a5a_ffff_0f0f & (u64::MAX >> (64 - wave));
    state.vcc = 0;
    for lane in 0..wave as usize {
        state.vgpr[lane][0] = (lane as u32 * 7) % 23;
        state.vgpr[lane][1] = 10;
    }
    execute(&p, &mut state, &binding).unwrap();
    let mut want = 0u64;
    for lane in 0..wave {
        let active = state.exec >> lane & 1 == 1;
        if active && (lane * 7) % 23 > 10 {
            want |= 1 << lane;
        }
    }
    assert_eq!(state.vcc, want, "{arch} wave{wave}");
}

#[test]
fn vopc_writes_vcc_per_active_lane() {
    vopc_case("rdna3", 32);
    vopc_case("rdna3", 64);
    vopc_case("cdna3", 64);
}

#[test]
fn vopc_lane_mask_width_follows_wave_size() {
    let Some(p) = program("rdna3", "V_CMP_GT_U32") else {
        return;
    };
    let one_sgpr = per_lane(d0_s0_s1(sgprs(3, 1), vgprs(0, 1), vgprs(1, 1)));
    // wave32: one SGPR holds the mask.
    let mut state = State::new(32);
    state.vgpr[0][0] = 11;
    state.vgpr[0][1] = 10;
    execute(&p, &mut state, &one_sgpr).unwrap();
    assert_eq!(state.sgpr[3] & 1, 1);
    // wave64: the mask needs an aligned pair.
    let err = execute(&p, &mut State::new(64), &one_sgpr).unwrap_err();
    assert!(matches!(err, ExecError::Mismatch(_)), "{err}");
}

type Ref32 = fn(u32, u32) -> u32;

#[test]
fn scalar_integer_ops_match_rust_arithmetic() {
    let cases: [(&str, Ref32); 10] = [
        ("S_SUB_U32", |a, b| a.wrapping_sub(b)),
        ("S_MUL_I32", |a, b| (a as i32).wrapping_mul(b as i32) as u32),
        ("S_MUL_HI_U32", |a, b| {
            ((u64::from(a) * u64::from(b)) >> 32) as u32
        }),
        ("S_MUL_HI_I32", |a, b| {
            ((i64::from(a as i32) * i64::from(b as i32)) >> 32) as u32
        }),
        ("S_LSHL_B32", |a, b| a << (b & 31)),
        ("S_LSHR_B32", |a, b| a >> (b & 31)),
        ("S_ASHR_I32", |a, b| ((a as i32) >> (b & 31)) as u32),
        ("S_MIN_I32", |a, b| (a as i32).min(b as i32) as u32),
        ("S_MAX_U32", |a, b| a.max(b)),
        ("S_BFM_B32", |a, b| {
            ((1u32 << (a & 31)).wrapping_sub(1)) << (b & 31)
        }),
    ];
    let mut rng = mcdiff_sema::state::XorShift::new(99);
    for (inst, reference) in cases {
        let Some(p) = program("rdna3", inst) else {
            return;
        };
        let binding = d0_s0_s1(sgprs(8, 1), sgprs(0, 1), sgprs(1, 1));
        for _ in 0..50 {
            let (a, b) = (rng.next_u64() as u32, rng.next_u64() as u32);
            let mut state = State::new(32);
            state.sgpr[0] = a;
            state.sgpr[1] = b;
            execute(&p, &mut state, &binding).unwrap();
            assert_eq!(state.sgpr[8], reference(a, b), "{inst}({a:#x}, {b:#x})");
        }
    }
}

type RefF32 = fn(f32, f32, f32) -> f32;

#[test]
fn vector_float_ops_match_rust_arithmetic() {
    let cases: [(&str, RefF32); 8] = [
        ("V_MUL_F32", |a, b, _| a * b),
        ("V_SUB_F32", |a, b, _| a - b),
        ("V_FMA_F32", |a, b, c| a.mul_add(b, c)),
        ("V_CVT_I32_F32", |a, _, _| f32::from_bits(a as i32 as u32)),
        ("V_CVT_U32_F32", |a, _, _| f32::from_bits(a as u32)),
        ("V_TRUNC_F32", |a, _, _| a.trunc()),
        ("V_FLOOR_F32", |a, _, _| a.floor()),
        ("V_CEIL_F32", |a, _, _| a.ceil()),
    ];
    let inputs: [f32; 12] = [
        0.0,
        -0.0,
        1.5,
        -2.5,
        3.0e9,
        -3.0e9,
        1.0e-40,
        f32::MAX,
        f32::INFINITY,
        f32::NAN,
        7.25,
        -0.75,
    ];
    let binding = per_lane(
        Binding::default()
            .with("D0", vgprs(3, 1))
            .with("S0", vgprs(0, 1))
            .with("S1", vgprs(1, 1))
            .with("S2", vgprs(2, 1)),
    );
    for (inst, reference) in cases {
        let Some(p) = program("rdna3", inst) else {
            return;
        };
        let mut state = State::new(64);
        let n = inputs.len();
        let triple = |lane: usize| {
            (
                inputs[lane % n],
                inputs[(lane / n) % n],
                inputs[(lane * 7) % n],
            )
        };
        for lane in 0..64 {
            let (a, b, c) = triple(lane);
            state.vgpr[lane][0] = a.to_bits();
            state.vgpr[lane][1] = b.to_bits();
            state.vgpr[lane][2] = c.to_bits();
        }
        execute(&p, &mut state, &binding).unwrap();
        for lane in 0..64 {
            let (a, b, c) = triple(lane);
            let want = reference(a, b, c);
            let got = f32::from_bits(state.vgpr[lane][3]);
            assert!(
                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                "{inst}({a:e}, {b:e}, {c:e}) gave {got:e}, want {want:e}"
            );
        }
    }
}

#[test]
fn fp8_e4m3_decode_and_round_to_nearest_even() {
    let Some(decode) = program("rdna4", "V_CVT_F32_FP8") else {
        return;
    };
    let Some(encode) = program("rdna4", "V_CVT_PK_FP8_F32") else {
        return;
    };
    // E4M3: bias 7, 3 mantissa bits, 0x7f/0xff NaN, largest finite 0x7e = 448.
    let decoded: [(u8, f32); 6] = [
        (0x38, 1.0),
        (0x7e, 448.0),
        (0x01, 0.001_953_125), // 2^-9, smallest denormal
        (0xc0, -2.0),
        (0x3a, 1.25),
        (0x00, 0.0),
    ];
    let binding = per_lane(
        Binding::default()
            .with("D0", vgprs(3, 1))
            .with("SRC0", BoundValue::Imm(5))
            .with("OPSEL", BoundValue::Imm(0)),
    );
    let mut state = State::new(32);
    for (lane, (bits, _)) in decoded.iter().enumerate() {
        state.vgpr[lane][5] = 0xabcd_ef00 | u32::from(*bits);
    }
    execute(&decode, &mut state, &binding).unwrap();
    for (lane, (bits, want)) in decoded.iter().enumerate() {
        assert_eq!(
            f32::from_bits(state.vgpr[lane][3]),
            *want,
            "fp8 {bits:#04x}"
        );
    }
    state.vgpr[0][5] = 0x7f;
    execute(&decode, &mut state, &binding).unwrap();
    assert!(f32::from_bits(state.vgpr[0][3]).is_nan());

    let rounded: [(f32, u8); 7] = [
        (1.0, 0x38),
        (1.0625, 0x38),          // halfway between 1.0 and 1.125: even
        (1.1875, 0x3a),          // halfway between 1.125 and 1.25: even
        (464.0, 0x7e),           // halfway to the first overflow step: even is 448
        (500.0, 0x7f),           // overflow: NaN (no infinity in E4M3)
        (0.000_976_562_5, 0x00), // 2^-10, half the smallest denormal: even 0
        (-2.0, 0xc0),
    ];
    let binding = per_lane(
        Binding::default()
            .with("S0", vgprs(0, 1))
            .with("S1", vgprs(1, 1))
            .with("VDST", BoundValue::Imm(4))
            .with("OPSEL", BoundValue::Imm(0)),
    );
    let mut state = State::new(32);
    for (lane, (x, _)) in rounded.iter().enumerate() {
        state.vgpr[lane][0] = x.to_bits();
        state.vgpr[lane][1] = 1.0f32.to_bits();
        state.vgpr[lane][4] = 0x1234_0000;
    }
    execute(&encode, &mut state, &binding).unwrap();
    for (lane, (x, want)) in rounded.iter().enumerate() {
        assert_eq!(
            state.vgpr[lane][4],
            0x1234_3800 | u32::from(*want),
            "fp8 of {x}"
        );
    }
}

fn sopk_operands() -> Vec<mcdiff_spec::Operand> {
    ["SDST", "SIMM16"]
        .iter()
        .map(|field| mcdiff_spec::Operand {
            field: Some(field.to_string()),
            data_format: String::new(),
            operand_type: if *field == "SDST" {
                "OPR_SDST"
            } else {
                "OPR_SIMM16"
            }
            .to_string(),
            size: if *field == "SDST" { 32 } else { 16 },
            input: None,
            output: None,
            implicit: None,
            binary_required: None,
            order: None,
        })
        .collect()
}

/// SOPK compares read the register as S0 on every arch, however the text names the immediate.
#[test]
fn sopk_compare_reads_its_register_as_s0() {
    for (arch, inst) in [("rdna3", "S_CMPK_LT_I32"), ("cdna3", "S_CMPK_LT_I32")] {
        let Some(p) = program(arch, inst) else {
            return;
        };
        let values = [sgprs(7, 1), BoundValue::Imm(0xfff0)]; // -16 as a signed 16-bit field
        let binding = mcdiff_sema::bind_program(&p, &sopk_operands(), &values);
        for (s7, want) in [(-17i32, true), (-16, false), (5, false)] {
            let mut state = State::new(32);
            state.sgpr[7] = s7 as u32;
            execute(&p, &mut state, &binding).unwrap();
            assert_eq!(state.scc, want, "{arch} {inst} s7={s7}");
        }
    }
}

/// RDNA4 and CDNA3 write S_MOVK_I32 as `D0 = signext(S0.i16)`: S0 is the immediate there.
#[test]
fn sopk_move_reads_its_immediate_as_s0() {
    for arch in ["rdna3", "rdna4", "cdna3"] {
        let Some(p) = program(arch, "S_MOVK_I32") else {
            return;
        };
        let values = [sgprs(3, 1), BoundValue::Imm(0x8001)];
        let binding = mcdiff_sema::bind_program(&p, &sopk_operands(), &values);
        let mut state = State::new(32);
        execute(&p, &mut state, &binding).unwrap();
        assert_eq!(state.sgpr[3], 0xffff_8001, "{arch}");
    }
}

/// S_SETREG_B32 then S_GETREG_B32 through HW_REGISTERS: offset 4, size 8 of register 3.
#[test]
fn setreg_then_getreg_round_trips_a_bitfield() {
    let (Some(set), Some(get)) = (
        program("cdna3", "S_SETREG_B32"),
        program("cdna3", "S_GETREG_B32"),
    ) else {
        return;
    };
    let hwreg = 3 | 4 << 6 | (8 - 1) << 11;
    let mut state = State::new(64);
    state.hw_regs[3] = 0xaaaa_aaaa;
    state.sgpr[1] = 0x5c;
    let values = [sgprs(1, 1), BoundValue::Imm(hwreg)];
    let binding = mcdiff_sema::bind_program(&set, &sopk_operands(), &values);
    execute(&set, &mut state, &binding).unwrap();
    assert_eq!(state.hw_regs[3], 0xaaaa_a5ca);
    let values = [sgprs(9, 1), BoundValue::Imm(hwreg)];
    let binding = mcdiff_sema::bind_program(&get, &sopk_operands(), &values);
    execute(&get, &mut state, &binding).unwrap();
    assert_eq!(state.sgpr[9], 0x5c);
}

/// EXECZ is derived from EXEC: the branch is taken only when no lane is active.
#[test]
fn cbranch_execz_follows_exec() {
    let Some(p) = program("rdna3", "S_CBRANCH_EXECZ") else {
        return;
    };
    let binding = Binding::default().with("SIMM16", BoundValue::Imm(3));
    for (exec, pc_after) in [(0u64, 0x1000 + 4 + 12), (1, 0x1004)] {
        let mut state = State::new(32);
        state.exec = exec;
        state.pc = 0x1000;
        execute(&p, &mut state, &binding).unwrap();
        assert_eq!(state.pc, pc_after, "exec={exec}");
    }
}

/// S_MOVRELD_B32 indexes the SGPR file by its destination's register number plus M0.
#[test]
fn movreld_writes_the_register_m0_past_its_destination() {
    let Some(p) = program("rdna3", "S_MOVRELD_B32") else {
        return;
    };
    let ops: Vec<mcdiff_spec::Operand> = ["SDST", "SSRC0"]
        .iter()
        .map(|field| mcdiff_spec::Operand {
            field: Some(field.to_string()),
            data_format: String::new(),
            operand_type: "OPR_SREG".to_string(),
            size: 32,
            input: None,
            output: None,
            implicit: None,
            binary_required: None,
            order: None,
        })
        .collect();
    let binding = mcdiff_sema::bind_program(&p, &ops, &[sgprs(4, 1), sgprs(1, 1)]);
    let mut state = State::new(32);
    state.m0 = 3;
    state.sgpr[1] = 0x77;
    execute(&p, &mut state, &binding).unwrap();
    assert_eq!(state.sgpr[7], 0x77);
    assert_eq!(state.sgpr[4], 0);
}

/// Accumulation VGPRs are a per-lane file of their own: a text reads and writes them as it
/// does VGPRs, VGPRs of the same numbers are untouched, and an AGPR no text wrote reads
/// the same in two states seeded alike.
#[test]
fn agpr_operands_read_and_write_their_own_file() {
    let Some(p) = program("rdna3", "V_ADD_NC_U32") else {
        return;
    };
    let agprs = |first, count| BoundValue::Agpr { first, count };
    let binding = per_lane(d0_s0_s1(agprs(5, 1), agprs(1, 1), vgprs(1, 1)));
    let mut state = State::new(32);
    state.reseed(7);
    let mut twin = State::new(32);
    twin.reseed(7);
    for lane in 0..32u32 {
        state
            .write_agprs(lane, 1, 32, &mcdiff_sema::Int::from(1000 + lane))
            .unwrap();
        state.vgpr[lane as usize][1] = 5;
    }
    let vgpr5 = state.vgpr[3][5];
    let unwritten = state.read_agprs(3, 9, 32).unwrap();
    execute(&p, &mut state, &binding).unwrap();
    for lane in 0..32u32 {
        let enabled = state.exec >> lane & 1 == 1;
        let got = state.read_agprs(lane, 5, 32).unwrap().to_u32().unwrap();
        if enabled {
            assert_eq!(got, 1005 + lane, "lane {lane}");
        }
    }
    assert_eq!(state.vgpr[3][5], vgpr5, "v5 is not a5");
    assert_eq!(twin.read_agprs(3, 9, 32).unwrap(), unwritten);
    assert_ne!(
        state.read_agprs(3, 9, 32).unwrap(),
        state.read_agprs(4, 9, 32).unwrap()
    );
}

/// V_PERMLANE16_B32 loops over the wave's lanes itself: it runs once, so with the
/// destination also its source (`v5, v5`) each active lane gets the value its lane select
/// names from before the instruction, here lanes 0 and 1 trading values. Run once per
/// active lane, the second run swapped them back.
#[test]
fn a_text_that_applies_exec_itself_runs_once_per_wave() {
    let Some(permlane) = program("rdna3", "V_PERMLANE16_B32") else {
        return;
    };
    assert!(permlane.applies_exec());
    let binding = per_lane(
        Binding::default()
            .with("SRC0", BoundValue::Imm(5))
            .with("VDST", BoundValue::Imm(5))
            .with("S1", sgprs(1, 1))
            .with("S2", sgprs(2, 1)),
    );
    let mut state = State::new(32);
    state.exec = 0b11;
    // Lane 0 selects lane 1 (nibble 0 of { S2, S1 }), lane 1 selects lane 0.
    state.sgpr[1] = 0x0000_0001;
    state.sgpr[2] = 0;
    for lane in 0..32 {
        state.vgpr[lane][5] = 100 + lane as u32;
    }
    execute(&permlane, &mut state, &binding).unwrap();
    assert_eq!((state.vgpr[0][5], state.vgpr[1][5]), (101, 100));
    assert_eq!(state.vgpr[2][5], 102, "an inactive lane keeps its value");
}

#[test]
fn a_text_applies_exec_itself_where_it_reads_exec_at_a_lane_it_names() {
    let applies = |text: &str| parse(text).unwrap().applies_exec();
    assert!(!applies("EXEC.u64[laneId] = S0.u32 == S1.u32"));
    assert!(!applies("D0.u32 = EXEC[lane].u1 ? S0.u32 : S1.u32"));
    assert!(applies(
        "for i in 0 : 31 do\n if EXEC[i].u1 then\n VGPR[i][VDST.u32] = 0U\n endif\nendfor"
    ));
    // A loop variable named `lane` is the text's own, not the current lane.
    assert!(applies(
        "for lane in 0 : 31 do\n if EXEC[lane].u1 then\n VGPR[lane][VDST.u32] = 0U\n endif\nendfor"
    ));
}

/// RDNA1's V_PERMLANE16_B32 writes `D.lane[row * 16 + i] = S0.lane[...]`: a lane of an
/// operand, which the executor does not model. It is unsupported, where it read and wrote
/// a mode field named `S0.lane` and counted as executed; a mode field still works.
#[test]
fn a_field_of_an_operand_is_unsupported_and_a_mode_field_is_kept() {
    let binding = per_lane(d0_s0_s1(vgprs(0, 1), vgprs(1, 1), vgprs(2, 1)));
    let lanes = parse("for i in 0 : 15 do\n D0.lane[i] = S0.lane[i]\nendfor").unwrap();
    let mut state = State::new(32);
    match execute(&lanes, &mut state, &binding) {
        Err(ExecError::Unsupported { construct }) => assert_eq!(construct, "operand-field:lane"),
        other => panic!("{other:?}"),
    }
    let mode = parse("WAVE_MODE.IEEE = 1U;\nD0.u32 = 32'U(WAVE_MODE.IEEE)").unwrap();
    execute(&mode, &mut state, &binding).unwrap();
    assert!(state.vgpr.iter().all(|lane| lane[0] == 1));
}

/// The first active lane's run reads only SGPRs and writes only its own VGPR: the other
/// active lanes take its writes (a 16-bit write keeping each lane's own high half, as
/// running each lane would), and inactive lanes keep theirs. A run that reads its lane's
/// number, or writes what the next lane reads (VCC here), runs in every lane.
#[test]
fn lanes_that_would_run_alike_take_the_first_lanes_writes() {
    let binding = per_lane(d0_s0_s1(vgprs(1, 1), sgprs(2, 1), sgprs(3, 1)));
    let fresh = || {
        let mut state = State::new(32);
        state.exec = 0x0000_00f5;
        state.vcc = 7;
        state.sgpr[2] = 0x1234_5678;
        for lane in 0..32 {
            state.vgpr[lane][1] = (lane as u32) << 16 | 0xaaaa;
        }
        state
    };
    let active = |lane: usize| 0xf5u32 >> lane & 1 == 1;

    let uniform = parse("D0.u16 = S0.u16 + 16'1U").unwrap();
    let mut state = fresh();
    execute(&uniform, &mut state, &binding).unwrap();
    for lane in 0..32 {
        let want = match active(lane) {
            true => (lane as u32) << 16 | 0x5679,
            false => (lane as u32) << 16 | 0xaaaa,
        };
        assert_eq!(state.vgpr[lane][1], want, "lane {lane}");
    }

    let by_lane = parse("D0.u32 = S0.u32 + laneId.u32").unwrap();
    let mut state = fresh();
    execute(&by_lane, &mut state, &binding).unwrap();
    assert_eq!(state.vgpr[7][1], 0x1234_5678 + 7);

    let shared = parse("VCC = VCC + 64'1U;\nD0.u32 = VCC.u32").unwrap();
    let mut state = fresh();
    execute(&shared, &mut state, &binding).unwrap();
    let lanes: Vec<u32> = (0..32)
        .filter(|&l| active(l))
        .map(|l| state.vgpr[l][1])
        .collect();
    assert_eq!(
        lanes,
        [8, 9, 10, 11, 12, 13],
        "each active lane's run saw the last one's VCC"
    );
}

/// A lane's own bit of a lane mask counts as its own: a compare of scalar sources sets the
/// bit of every active lane, in SGPRs and in EXEC, and keeps inactive lanes' bits. A run
/// that reads the mask it sets (S0 is D0 here) sees the bits the lanes before it set, so
/// it runs in every lane.
#[test]
fn a_lanes_own_bit_of_a_mask_is_shared_unless_the_mask_is_read() {
    let fresh = || {
        let mut state = State::new(32);
        state.exec = 0x0000_00f5;
        state.sgpr[2] = 5;
        state.sgpr[3] = 6;
        state.sgpr[10] = 0x0000_000a;
        state
    };
    let compare = parse("D0.u64[laneId] = S0.u32 < S1.u32").unwrap();
    for (s1, want) in [(sgprs(3, 1), 0xff), (sgprs(2, 1), 0x0a)] {
        let binding = per_lane(d0_s0_s1(sgprs(10, 1), sgprs(2, 1), s1));
        let mut state = fresh();
        execute(&compare, &mut state, &binding).unwrap();
        assert_eq!(state.sgpr[10], want);
    }

    let exec_compare = parse("EXEC.u64[laneId] = S0.u32 > S1.u32").unwrap();
    let binding = per_lane(d0_s0_s1(sgprs(10, 1), sgprs(2, 1), sgprs(3, 1)));
    let mut state = fresh();
    execute(&exec_compare, &mut state, &binding).unwrap();
    assert_eq!(state.exec, 0, "every active lane cleared its EXEC bit");

    // Lane 0 sees s2 = 0 < 1 and sets bit 0; every later active lane sees s2 = 1.
    let binding = per_lane(d0_s0_s1(sgprs(2, 1), sgprs(2, 1), sgprs(3, 1)));
    let mut state = fresh();
    state.sgpr[2] = 0;
    state.sgpr[3] = 1;
    execute(&compare, &mut state, &binding).unwrap();
    assert_eq!(state.sgpr[2], 1);
}
