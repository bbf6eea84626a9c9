//! The binder on hand-built spec operands, and the parser on small snippets
//! written for this test (not AMD text).

use mcdiff_sema::{bind, execute, parse, BoundValue, ExecError, State};
use mcdiff_spec::Operand;

fn operand(field: &str, operand_type: &str, size: u32, output: bool) -> Operand {
    Operand {
        field: Some(field.to_string()),
        data_format: String::new(),
        operand_type: operand_type.to_string(),
        size,
        input: Some(!output),
        output: Some(output),
        implicit: Some(false),
        binary_required: None,
        order: None,
    }
}

#[test]
fn bind_maps_fields_to_pseudocode_names() {
    let ops = [
        operand("SDST", "OPR_SDST", 64, true),
        operand("SSRC0", "OPR_SSRC", 64, false),
        operand("SSRC1", "OPR_SSRC", 32, false),
    ];
    let values = [
        BoundValue::Sgpr { first: 4, count: 2 },
        BoundValue::Sgpr { first: 0, count: 2 },
        BoundValue::InlineInt(3),
    ];
    let b = bind(&ops, &values);
    assert!(b.mismatches.is_empty(), "{:?}", b.mismatches);
    assert!(!b.per_lane);
    assert_eq!(b.get("D0").unwrap().value, values[0]);
    assert_eq!(b.get("S0").unwrap().value, values[1]);
    assert_eq!(b.get("S1").unwrap().value, values[2]);
    assert_eq!(b.get("S1").unwrap().spec_size, 32);
}

#[test]
fn bind_reports_wrong_kinds_short_and_misaligned_tuples() {
    let ops = [
        operand("VDST", "OPR_VGPR", 32, true),
        operand("SRC0", "OPR_SRC", 64, false),
        operand("VSRC1", "OPR_VGPR", 32, false),
    ];
    let b = bind(
        &ops,
        &[
            BoundValue::Vgpr { first: 1, count: 1 },
            BoundValue::Sgpr { first: 3, count: 2 },
            BoundValue::Sgpr { first: 0, count: 1 },
        ],
    );
    assert!(b.per_lane);
    let reasons: Vec<&str> = b.mismatches.iter().map(|m| m.reason.as_str()).collect();
    assert_eq!(reasons.len(), 2, "{reasons:?}");
    assert!(reasons[0].starts_with("S0:") && reasons[0].contains("odd register 3"));
    assert!(reasons[1].starts_with("S1:") && reasons[1].contains("only VGPRs"));

    let short = bind(&ops[1..2], &[BoundValue::Vgpr { first: 0, count: 1 }]);
    assert!(short.mismatches[0]
        .reason
        .contains("64-bit operand given 1 register"));
    // execute refuses a binding with mismatches.
    let p = parse("D0.u = S0.u").unwrap();
    assert!(matches!(
        execute(&p, &mut State::new(32), &short),
        Err(ExecError::Mismatch(_))
    ));
}

#[test]
fn parses_the_dialect() {
    let src = "declare acc : 32'U;\n\
               acc = 32'U(0);\n\
               for i in 0 : 3 do\n  acc += { 8'0U, S0.u[i * 8 + 7 : i * 8].u8 } == 0 ? 1U : 0U\nendfor;\n\
               if acc > 2U then\n  D0.u = acc\nelsif acc == 0U then\n  D0.u = ~0U\nelse\n  D0.u = S0.u[7 +: 4]\nendif;\n\
               SCC = 1'1U // trailing comment\n\
               example(0x1) => 0x2";
    let p = parse(src).unwrap();
    assert_eq!(p.body().len(), 5);
    let b = mcdiff_sema::Binding::default()
        .with("D0", BoundValue::Sgpr { first: 1, count: 1 })
        .with("S0", BoundValue::Sgpr { first: 0, count: 1 });
    let mut state = State::new(32);
    state.sgpr[0] = 0x00ff_0000; // three zero bytes
    execute(&p, &mut state, &b).unwrap();
    assert_eq!(state.sgpr[1], 3);
    assert!(state.scc);
    state.sgpr[0] = 0x1111_11a5; // no zero byte
    execute(&p, &mut state, &b).unwrap();
    assert_eq!(state.sgpr[1], 0xffff_ffff);
}

/// C's `0.5f` is the single-precision literal `0.5F` (the older manuals' V_CEIL_F16); a
/// letter after the `f` makes it no suffix.
#[test]
fn a_lower_case_f_suffix_is_single_precision() {
    assert_eq!(
        parse("D0.f = S0.f + 0.1f").unwrap(),
        parse("D0.f = S0.f + 0.1F").unwrap()
    );
    assert!(parse("D0.f = 0.1foo").is_err());
}

/// The older manuals' `x is even` is the newer `isEven(x)`.
#[test]
fn is_even_reads_as_the_helper() {
    assert_eq!(
        parse("if (floor(S0.f) is even) then D0.f = 1.0F endif").unwrap(),
        parse("if (isEven(floor(S0.f))) then D0.f = 1.0F endif").unwrap()
    );
}

/// The older manuals' helper definition `F(x, y) := e` is the newer `F = lambda(x, y) (e)`.
#[test]
fn a_definition_reads_as_a_lambda() {
    assert_eq!(
        parse("ABSDIFF(x, y) := (x > y ? x - y : y - x);\nD0.u = ABSDIFF(S0.u, S1.u)").unwrap(),
        parse("ABSDIFF = lambda(x, y) (x > y ? x - y : y - x);\nD0.u = ABSDIFF(S0.u, S1.u)")
            .unwrap()
    );
}

/// The older manuals' Verilog literal `8 'h0` (a space before the quote) is `8'h0`, the
/// eight-bit zero.
#[test]
fn a_verilog_hex_literal_is_sized() {
    assert_eq!(
        parse("D0.u = { 8 'h0, S0.u[7 : 0] }").unwrap(),
        parse("D0.u = { 8'h0, S0.u[7 : 0] }").unwrap()
    );
    let p = parse("D0.u = { 8 'hf0, S0.u[7 : 0] }").unwrap();
    let b = mcdiff_sema::Binding::default()
        .with("D0", BoundValue::Sgpr { first: 1, count: 1 })
        .with("S0", BoundValue::Sgpr { first: 0, count: 1 });
    let mut state = State::new(32);
    state.sgpr[0] = 0x1234_5678;
    execute(&p, &mut state, &b).unwrap();
    assert_eq!(state.sgpr[1], 0xf078);
}

#[test]
fn parse_failures_name_their_construct() {
    let cases = [
        ("if S0.u > 1U then\n D0.u = 1U", "if-endif"),
        ("eval \"D0 = S0\"", "eval-string"),
        ("D0.u = (S0.u + 1U", "paren-close"),
        ("D = A (16x8) * B (8x16)", "matrix-shape"),
    ];
    for (src, construct) in cases {
        let e = parse(src).unwrap_err();
        assert_eq!(e.construct, construct, "{src}: {e}");
    }
}

/// Nesting is bounded: each level recurses, and 3,000 levels overflowed the stack.
#[test]
fn deep_nesting_is_a_parse_error() {
    let wrap = |open: &str, inner: &str, close: &str, n: usize| {
        format!("{}{inner}{}", open.repeat(n), close.repeat(n))
    };
    let parens = |n| format!("D0.u = {}", wrap("(", "1U", ")", n));
    assert!(parse(&parens(50)).is_ok());
    let deep = [
        parens(3_000),
        format!("D0.u = {}", wrap("-", "1U", "", 3_000)),
        format!("D0.u = {}", wrap("{", "1U", "}", 3_000)),
        format!("D0.u = {}", wrap("S0.u[", "1", "]", 3_000)),
        format!("D0.u = {}", wrap("f(", "1", ")", 3_000)),
        wrap("if 1 then\n", "D0.u = 1U\n", "endif\n", 3_000),
    ];
    for src in deep {
        let e = parse(&src).unwrap_err();
        assert_eq!(e.construct, "nesting-too-deep");
    }
}

/// A compare's operands: a VCC destination no field names (of `operand_type`, an output or
/// not), then SRC0 and VSRC1.
fn compare_operands(operand_type: &str, output: bool) -> [Operand; 3] {
    let vcc = Operand {
        field: None,
        operand_type: operand_type.to_string(),
        ..operand("", "", 64, output)
    };
    [
        vcc,
        operand("SRC0", "OPR_SRC", 32, false),
        operand("VSRC1", "OPR_VGPR", 32, false),
    ]
}

#[test]
fn vopc_implicit_vcc_becomes_d0() {
    let ops = compare_operands("OPR_VCC", true);
    let b = bind(
        &ops,
        &[
            BoundValue::Implicit,
            BoundValue::InlineInt(5),
            BoundValue::Vgpr { first: 0, count: 1 },
        ],
    );
    assert!(b.mismatches.is_empty(), "{:?}", b.mismatches);
    assert!(b.per_lane);
    assert_eq!(
        b.get("D0").unwrap().value,
        BoundValue::Special(mcdiff_sema::SpecialReg::Vcc)
    );
    let p = parse("D0.u64[laneId] = S0.u > S1.u").unwrap();
    assert_eq!(compare_three_lanes(&p, &b), 0b001);
}

/// `program` run on three active lanes whose v0 holds 4, 5 and 6: the VCC it leaves.
fn compare_three_lanes(program: &mcdiff_sema::Program, binding: &mcdiff_sema::Binding) -> u64 {
    let mut state = State::new(32);
    state.exec = 0b111;
    for lane in 0..3 {
        state.vgpr[lane][0] = [4, 5, 6][lane];
    }
    state.vcc = 0;
    execute(program, &mut state, binding).unwrap();
    state.vcc
}

#[test]
fn ieee_maximum_helper_orders_zeros_and_propagates_nan() {
    let p = parse("D0.f = v_maximum_f32(S0.f, S1.f)").unwrap();
    let b = two_sources_into_s2("D0");
    let cases: [(f32, f32, u32); 4] = [
        (-0.0, 0.0, 0.0f32.to_bits()),
        (0.0, -0.0, 0.0f32.to_bits()),
        (1.0, 2.0, 2.0f32.to_bits()),
        (1.0, f32::NAN, f32::NAN.to_bits()),
    ];
    for (a, c, want) in cases {
        let mut state = State::new(32);
        state.sgpr[0] = a.to_bits();
        state.sgpr[1] = c.to_bits();
        execute(&p, &mut state, &b).unwrap();
        let got = state.sgpr[2];
        if f32::from_bits(want).is_nan() {
            assert!(f32::from_bits(got).is_nan(), "maximum({a}, {c})");
        } else {
            assert_eq!(got, want, "maximum({a}, {c})");
        }
    }
}

#[test]
fn placeholder_lines_of_assembly_examples_are_skipped() {
    // Written for this test: code, then an example using `<OP>` for any instruction.
    let src = "D0.u = S0.u;\n\nloop:\n<OP>\ns_cbranch_scc1 loop";
    let p = parse(src).unwrap();
    assert_eq!(p.body().len(), 1);
    assert_eq!(
        parse("D0.u = <S0>").unwrap_err().construct,
        "expected-expression",
        "a placeholder inside code is still an error"
    );
}

#[test]
fn immediate_output_is_not_a_constant_destination() {
    // CDNA marks S_SETREG's HWREG immediate as an output: it names the register written.
    let ops = [
        operand("SIMM16", "OPR_HWREG", 16, true),
        operand("SDST", "OPR_SDST", 32, false),
    ];
    let ok = bind(
        &ops,
        &[
            BoundValue::Imm(0x1801),
            BoundValue::Sgpr { first: 1, count: 1 },
        ],
    );
    assert!(ok.mismatches.is_empty(), "{:?}", ok.mismatches);
    let dst = [operand("SDST", "OPR_SDST", 32, true)];
    let bad = bind(&dst, &[BoundValue::InlineInt(5)]);
    assert!(bad.mismatches[0]
        .reason
        .contains("output operand bound to a constant"));
}

/// `dest` in s2, `S0` in s0 and `S1` in s1, one register each.
fn two_sources_into_s2(dest: &str) -> mcdiff_sema::Binding {
    mcdiff_sema::Binding::default()
        .with(dest, BoundValue::Sgpr { first: 2, count: 1 })
        .with("S0", BoundValue::Sgpr { first: 0, count: 1 })
        .with("S1", BoundValue::Sgpr { first: 1, count: 1 })
}

/// Older-dialect text `src` of instruction `name` (read as the Vega manual's) run with `S0`
/// in s0 and `S1` in s1: what it leaves in s2 (`D`).
fn run_older(name: &str, src: &str, s0: u32, s1: u32) -> u32 {
    let mut state = State::new(32);
    state.sgpr[0] = s0;
    state.sgpr[1] = s1;
    let program = mcdiff_sema::parse_entry("vega", name, src).unwrap();
    execute(&program, &mut state, &two_sources_into_s2("D")).unwrap();
    state.sgpr[2]
}

/// The older compares write their VCC destination `D` (`D.u64[threadId] = (S0 == S1)`): a
/// VCC operand no field names (GFX9 SDWA's `vcc`, its SDST field left clear) is bound to it as
/// to `D0`.
#[test]
fn an_older_compare_writes_its_implicit_vcc_as_d() {
    let ops = compare_operands("OPR_SREG", false);
    let values = [
        BoundValue::Special(mcdiff_sema::SpecialReg::Vcc),
        BoundValue::InlineInt(5),
        BoundValue::Vgpr { first: 0, count: 1 },
    ];
    let program =
        mcdiff_sema::parse_entry("vega", "V_CMP_GT_U32", "D.u64[threadId] = (S0 > S1).").unwrap();
    let b = mcdiff_sema::bind_program(&program, &ops, &values);
    assert_eq!(
        compare_three_lanes(&program, &b),
        0b001,
        "5 > 4 only in lane 0"
    );
}

/// The older manuals end the last statement with a full stop, write half views as
/// `.f16_lo`/`.u16_hi`, and spell helpers `flt16_to_uint16`, `isNan` and `V_MAX_I32(...)`;
/// field tables and sentences that end in a full stop stay prose.
#[test]
fn reads_the_older_manuals_notation() {
    let b = two_sources_into_s2("D");
    let run = |src: &str| {
        let mut state = State::new(32);
        state.sgpr[0] = 0x0003_0005;
        state.sgpr[1] = 0x0004_0002;
        execute(&parse(src).unwrap(), &mut state, &b).unwrap();
        state.sgpr[2]
    };
    assert_eq!(run("D.u = S0.u16_hi + S1.u16_lo."), 5);
    assert_eq!(run("D.u = S0.u16_lo * S1.u16_hi."), 20);
    assert_eq!(run("D.u = flt16_to_uint16(uint16_to_flt16(S1.u16_hi))."), 4);
    assert_eq!(run("D.u = isNan(S0.f).\nS1.u = 0"), 0);
    // Prose: a field table's line, a comparison, a sentence.
    for prose in [
        "VDST = Destination for instruction in the VGPR.",
        "vmcnt <= S0.u[5:0] + S1.u[5:0].",
        "The result is undefined.",
    ] {
        assert!(parse(prose).unwrap().body().is_empty(), "{prose}");
    }
}

/// The older manuals' control flow and casts (own texts in their style): `if (c) stmt`
/// without `then`, `else if` chained under one `endif` or `end if`, a closing `endif.`, and
/// C casts as value conversions.
#[test]
fn reads_the_older_manuals_conditionals_and_casts() {
    let run = |src: &str, s0: u32, s1: u32| run_older("V_TEST_B32", src, s0, s1);
    let chain = "if (S0.u > S1.u) D.u = 1;\nelse if (S0.u == S1.u) D.u = 2;\nelse D.u = 3;\nendif.";
    assert_eq!(run(chain, 5, 4), 1);
    assert_eq!(run(chain, 4, 4), 2);
    assert_eq!(run(chain, 3, 4), 3);
    let two_words = "if (S0.u == 0) D.u = 7;\nelse D.u = S1.u;\nend if.";
    assert_eq!(run(two_words, 0, 9), 7);
    assert_eq!(run(two_words, 1, 9), 9);
    assert_eq!(
        run("D.f = (float)S0.i.", (-3i32) as u32, 0),
        (-3.0f32).to_bits()
    );
    assert_eq!(run("D.i = (int)S0.f.", 2.75f32.to_bits(), 0), 2);
    assert_eq!(run("D.u = (unsigned)(S0.u + S1.u).", 1, 2), 3);
    // Without `then`, the condition must be in parentheses.
    let unparenthesized = parse("if S0.u D.u = 1;\nendif").unwrap_err();
    assert!(
        unparenthesized.construct.contains("if-then"),
        "{unparenthesized:?}"
    );
}

/// The older manuals' C declarations (`int32 tmp = S0.i32;`) and normalizing casts
/// (`(snorm)S0.f`, `(unorm)S1.f16`), in own texts of their style: hand-computed values.
#[test]
fn reads_the_older_manuals_declarations_and_norm_casts() {
    let run = |src: &str, s0: u32, s1: u32| run_older("V_TEST_B32", src, s0, s1);
    let declared = "int32 tmp = S0.i32;\nD.u = tmp[31] ? 1 : 2.";
    assert_eq!(run(declared, 0x8000_0000, 0), 1);
    assert_eq!(run(declared, 5, 0), 2);
    assert_eq!(
        run("float x = S0.f;\nD.f = x * 2.0.", 1.5f32.to_bits(), 0),
        3.0f32.to_bits()
    );
    // snorm(0.5) = round(0.5 * 32767) = 16384; snorm(-1.0) = -32767 (0x8001).
    let packed = "D = {(snorm)S1.f, (snorm)S0.f}.";
    assert_eq!(
        run(packed, 0.5f32.to_bits(), (-1.0f32).to_bits()),
        0x8001_4000
    );
    // unorm(1.0) of an f16 (0x3c00) is 65535; of 0.0, 0.
    assert_eq!(
        run("D = {(unorm)S1.f16, (unorm)S0.f16}.", 0, 0x3c00),
        0xffff_0000
    );
    let untyped = parse("D.u = (snorm)tmp.").unwrap_err();
    assert!(
        untyped.construct.contains("norm-cast-source"),
        "{untyped:?}"
    );
}

/// The older manuals' NaN tests (`S0.f == NaN`, `== sNaN`), `IEEE_MODE` (the newer
/// `WAVE_MODE.IEEE`) and `Quiet(...)`, and a C cast between float formats quieting a
/// signalling NaN as `f32_to_f64` does.
#[test]
fn reads_the_older_manuals_nan_tests() {
    let run = |src: &str, s0: u32, s1: u32| run_older("V_TEST_F32", src, s0, s1);
    let max = "if (IEEE_MODE && S0.f == sNaN) D.f = Quiet(S0.f);\n\
               else if (S0.f == NaN) D.f = S1.f;\n\
               else if (S0.f != NaN) D.f = S0.f;\n\
               endif.";
    let one = 1.0f32.to_bits();
    assert_eq!(run(max, 0x7fc0_0000, one), one, "a quiet NaN is a NaN");
    assert_eq!(
        run(max, 0x7f80_0001, one),
        one,
        "IEEE mode is off: no quieting"
    );
    assert_eq!(run(max, 2.5f32.to_bits(), one), 2.5f32.to_bits());
    assert_eq!(
        run("D.f = (float)S0.f.", 0x7f80_0001, 0),
        0x7fc0_0001,
        "the signalling NaN is quieted"
    );
}

/// The older manuals' loops (own texts in their style): `for i in 0 ... n do`, `break for;`,
/// and `opcode_size_in_bits` as the width of the opcode's type.
#[test]
fn reads_the_older_manuals_loops() {
    let run = |name: &str, src: &str, s0: u32| run_older(name, src, s0, 0);
    let count = "D.u = 0;\nfor i in 0 ... opcode_size_in_bits - 1 do D.u += S0.u[i];\nendfor.";
    assert_eq!(run("S_COUNT_B32", count, 0x8000_0101), 3);
    let first = "D.i = -1;\nfor i in 0 ... 31 do\nif S0.u[i] == 1 then D.i = i;\nbreak for;\nendif;\nendfor.";
    assert_eq!(run("S_FIRST_B32", first, 0x0000_0500), 8);
}

/// An older-manual callee writes `D`, a newer one `D0`; the caller gets whichever it wrote.
#[test]
fn an_older_callee_returns_what_it_writes_to_d() {
    let mut library = mcdiff_sema::Library::default();
    library.insert(
        "V_MAX_U32",
        parse("D.u = S0.u >= S1.u ? S0.u : S1.u.").unwrap(),
    );
    let p = parse("D0.u = V_MAX_U32(V_MAX_U32(S0.u, S1.u), 9U).").unwrap();
    let b = two_sources_into_s2("D0");
    let mut state = State::new(32);
    state.sgpr[0] = 7;
    state.sgpr[1] = 12;
    mcdiff_sema::execute_with_library(&p, &mut state, &b, &library).unwrap();
    assert_eq!(state.sgpr[2], 12);
}

/// An operand used as a bit position may hold any value: a bit past a value's width reads
/// its sign (no mask of that many bits is built), and a slice bound past the widest value
/// any text needs is reported, not allocated.
#[test]
fn bit_positions_from_operands_stay_cheap() {
    let b = two_sources_into_s2("D0");
    let mut state = State::new(32);
    state.sgpr[0] = 0xffff_ffff;
    state.sgpr[1] = 0x8000_0000;
    let p = parse("D0.u32 = S0.u32[S1.u32] ? 7U : 9U").unwrap();
    execute(&p, &mut state, &b).unwrap();
    assert_eq!(state.sgpr[2], 9);
    let p = parse("D0.u32 = S0.i32[S1.u32] ? 7U : 9U").unwrap();
    execute(&p, &mut state, &b).unwrap();
    assert_eq!(
        state.sgpr[2], 7,
        "-1 as i32 has its sign in every position past 31"
    );
    let p = parse("D0.u32 = S0.u32[S1.u32 : 0]").unwrap();
    match execute(&p, &mut state, &b) {
        Err(ExecError::Unsupported { construct }) => {
            assert_eq!(construct, "bit-position-past-4096")
        }
        other => panic!("{other:?}"),
    }
}

/// A memory text's RETURN_DATA is the destination VGPRs when the instruction has them, and
/// stays the text's own temporary when it has none (an atomic that returns nothing).
#[test]
fn return_data_is_the_destination_registers() {
    let text = "tmp = MEM[ADDR].b32;\nMEM[ADDR].b32 = tmp + DATA.b32;\nRETURN_DATA.b32 = tmp";
    let program = parse(text).unwrap();
    let ops = [
        operand("VDST", "OPR_VGPR", 32, true),
        operand("ADDR", "OPR_VGPR", 32, false),
        operand("DATA0", "OPR_VGPR", 32, false),
    ];
    let vgpr = |first| BoundValue::Vgpr { first, count: 1 };
    let returning = mcdiff_sema::bind_program(&program, &ops, &[vgpr(7), vgpr(1), vgpr(2)]);
    assert_eq!(returning.get("RETURN_DATA").unwrap().value, vgpr(7));
    let silent =
        mcdiff_sema::bind_program(&program, &ops, &[BoundValue::Implicit, vgpr(1), vgpr(2)]);
    assert!(silent.get("RETURN_DATA").is_none());
}

/// A mode field reads 0 until written, then what was written; a field not written reads 0
/// beside one that was.
#[test]
fn mode_fields_read_what_was_written() {
    let b = two_sources_into_s2("D0");
    let mut state = State::new(32);
    let p = parse(
        "D0.u32 = WAVE_MODE.IEEE + 2U;\n\
         WAVE_MODE.IEEE = S0.u32;\n\
         D0.u32 = D0.u32 * 16U + WAVE_MODE.IEEE * 4U + WAVE_MODE.DX10_CLAMP",
    )
    .unwrap();
    state.sgpr[0] = 3;
    execute(&p, &mut state, &b).unwrap();
    assert_eq!(state.sgpr[2], 2 * 16 + 3 * 4);
    assert_eq!(state.fields.len(), 1);
}
