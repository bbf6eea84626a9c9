//! The GCN1-3 manuals' memory texts and S_WQM/S_QUADMASK helpers, run on operands bound as
//! the executor binds them, against values worked out by hand.

mod common;

use common::data_dir;
use mcdiff_sema::{execute, gcn_memory_text, load_pseudocode, Binding, BoundValue, Program, State};

/// `inst`'s text in `arch`'s file, read as the executor reads it: the GCN memory reading
/// where it applies, else the text as parsed.
fn program(arch: &str, inst: &str) -> Option<Program> {
    let dir = data_dir()?;
    let entries = load_pseudocode(&dir, arch).expect("pseudocode list loads");
    let code = (entries.iter())
        .find(|e| e.name == inst && e.code().is_some())
        .and_then(|e| e.code())
        .unwrap_or_else(|| panic!("{arch}: no pseudocode for {inst}"));
    Some(gcn_memory_text(arch, inst, code).unwrap_or_else(|| {
        mcdiff_sema::parse_entry(arch, inst, code).unwrap_or_else(|e| panic!("{inst}: {e}"))
    }))
}

fn vgpr(first: u32) -> BoundValue {
    BoundValue::Vgpr { first, count: 1 }
}

/// A state whose lane 0 alone is active.
fn one_lane() -> State {
    let mut state = State::new(64);
    state.exec = 1;
    state
}

fn mem32(state: &State, addr: u64) -> u32 {
    state.read_mem(addr, 32).low_u64() as u32
}

fn set_mem(state: &mut State, addr: u64, width: u32, value: u64) {
    state.write_mem(addr, width, &value.into());
}

/// An LDS instruction's operands: address VGPR v1, data v2 and v3, destination v9, the
/// 16-bit offset 0x10 (offset0 0x10, offset1 0).
fn lds_binding() -> Binding {
    let mut binding = Binding::default()
        .with("ADDR", vgpr(1))
        .with("offset", BoundValue::Imm(0x10))
        .with("offset0", BoundValue::Imm(0x10))
        .with("offset1", BoundValue::Imm(0))
        .with("DATA", vgpr(2))
        .with("DATA2", vgpr(3))
        .with("RETURN_DATA", vgpr(9));
    binding.per_lane = true;
    binding
}

/// Runs `inst`'s LDS text on lane 0 with ADDR = 0x100, DATA = `data`, DATA2 = `data2` and
/// the dword at 0x110 (ADDR + offset) holding `old`; gives the state after.
fn run_lds(inst: &str, old: u32, data: u32, data2: u32) -> Option<State> {
    let p = program("gcn3", inst)?;
    let mut state = one_lane();
    state.set_vgpr(0, 1, 0x100);
    state.set_vgpr(0, 2, data);
    state.set_vgpr(0, 3, data2);
    set_mem(&mut state, 0x110, 32, old.into());
    execute(&p, &mut state, &lds_binding()).unwrap_or_else(|e| panic!("{inst}: {e}"));
    Some(state)
}

/// `DS[A]` is the dword at the ADDR VGPR plus {offset1, offset0}; `D0`, `D1` are DATA0 and
/// DATA1; the opcode's type types the operation (GCN3 manual, LDS/GDS opcode table).
#[test]
fn lds_texts_act_on_the_dword_at_the_address_vgpr_plus_offset() {
    let Some(s) = run_lds("DS_ADD_U32", 7, 5, 0) else {
        return;
    };
    assert_eq!(mem32(&s, 0x110), 12);
    assert_ne!(mem32(&s, 0x100), 12, "the offset is added");
    // Signed and unsigned minimum of 0xfffffffe (-2) and 3.
    assert_eq!(
        mem32(&run_lds("DS_MIN_I32", 0xffff_fffe, 3, 0).unwrap(), 0x110),
        0xffff_fffe
    );
    assert_eq!(
        mem32(&run_lds("DS_MIN_U32", 0xffff_fffe, 3, 0).unwrap(), 0x110),
        3
    );
    // 1.5 + 2.25 = 3.75 as floats, not as integers.
    let s = run_lds("DS_ADD_F32", 1.5f32.to_bits(), 2.25f32.to_bits(), 0).unwrap();
    assert_eq!(mem32(&s, 0x110), 3.75f32.to_bits());
    // DS_MSKOR_B32 as this table writes it: (DS[A] ^ ~D0) | D1.
    let s = run_lds("DS_MSKOR_B32", 0xf0f0_f0f0, 0xff00_ff00, 0x1).unwrap();
    assert_eq!(mem32(&s, 0x110), 0xf00f_f00f);
}

/// The byte and short forms write only their part of the dword; a read returns to VDST.
#[test]
fn lds_byte_and_short_forms_write_their_part_and_reads_return() {
    let Some(s) = run_lds("DS_WRITE_B8", 0xaabb_ccdd, 0x1234_5678, 0) else {
        return;
    };
    assert_eq!(mem32(&s, 0x110), 0xaabb_cc78);
    let s = run_lds("DS_WRITE_B16", 0xaabb_ccdd, 0x1234_5678, 0).unwrap();
    assert_eq!(mem32(&s, 0x110), 0xaabb_5678);
    let s = run_lds("DS_READ_U16", 0xaabb_ccdd, 0, 0).unwrap();
    assert_eq!(s.vgpr[0][9], 0xccdd);
    let s = run_lds("DS_READ_B32", 0xaabb_ccdd, 0, 0).unwrap();
    assert_eq!(s.vgpr[0][9], 0xaabb_ccdd);
}

/// A `_RTN_` atomic returns the value before the operation to VDST; DS_MIN_RTN_F32 as its
/// row writes it, `(DS[A] < D1) ? D0 : DS[A]`, in floats.
#[test]
fn lds_returning_atomics_return_the_pre_op_value() {
    let (two, one, three) = (2.0f32.to_bits(), 1.0f32.to_bits(), 3.0f32.to_bits());
    let Some(s) = run_lds("DS_MIN_RTN_F32", two, one, three) else {
        return;
    };
    assert_eq!(mem32(&s, 0x110), one);
    assert_eq!(s.vgpr[0][9], two);
    // -1.0 < 3.0 only as floats (as integers 0xbf800000 is the larger).
    let s = run_lds("DS_MIN_RTN_F32", (-1.0f32).to_bits(), one, three).unwrap();
    assert_eq!(mem32(&s, 0x110), one);
}

/// A 64-bit type's returning atomic returns all 64 bits of the value before it.
#[test]
fn lds_64_bit_atomics_return_64_bits() {
    let Some(p) = program("gcn3", "DS_MAX_RTN_F64") else {
        return;
    };
    let mut state = one_lane();
    state.set_vgpr(0, 1, 0x100);
    let (old, data) = (2.5f64.to_bits(), 4.0f64.to_bits());
    state.set_vgpr(0, 2, data as u32);
    state.set_vgpr(0, 3, (data >> 32) as u32);
    set_mem(&mut state, 0x110, 64, old);
    let binding = lds_binding()
        .with("DATA", BoundValue::Vgpr { first: 2, count: 2 })
        .with("RETURN_DATA", BoundValue::Vgpr { first: 8, count: 2 });
    execute(&p, &mut state, &binding).unwrap();
    assert_eq!(state.read_mem(0x110, 64).low_u64(), data);
    assert_eq!(
        (state.vgpr[0][8], state.vgpr[0][9]),
        (old as u32, (old >> 32) as u32)
    );
}

/// The two-address forms: DS[ADDR + offset0 * 4] and DS[ADDR + offset1 * 4].
#[test]
fn lds_two_address_writes() {
    let Some(p) = program("gcn3", "DS_WRITE2_B32") else {
        return;
    };
    let mut state = one_lane();
    state.set_vgpr(0, 1, 0x100);
    state.set_vgpr(0, 2, 0x1111_1111);
    state.set_vgpr(0, 3, 0x2222_2222);
    let binding = lds_binding()
        .with("offset0", BoundValue::Imm(1))
        .with("offset1", BoundValue::Imm(3));
    execute(&p, &mut state, &binding).unwrap();
    assert_eq!(mem32(&state, 0x104), 0x1111_1111);
    assert_eq!(mem32(&state, 0x10c), 0x2222_2222);
}

/// A buffer atomic at address 0x200 with data v[2:3]; with `glc`, the pre-op value returns
/// to the same VGPRs.
fn run_atomic(arch: &str, inst: &str, old: u64, data: u64, glc: bool) -> Option<State> {
    let p = program(arch, inst)?;
    let mut state = one_lane();
    state.set_vgpr(0, 2, data as u32);
    state.set_vgpr(0, 3, (data >> 32) as u32);
    set_mem(&mut state, 0x200, 64, old);
    let wide = inst.ends_with("_X2") || inst.contains("CMPSWAP");
    let data_regs = BoundValue::Vgpr {
        first: 2,
        count: if wide { 2 } else { 1 },
    };
    let mut binding = Binding::default()
        .with(
            "ADDR",
            BoundValue::Address {
                fixed: 0x200,
                vgpr: None,
            },
        )
        .with("DATA", data_regs.clone());
    if glc {
        binding.set("RETURN_DATA", data_regs);
    }
    binding.per_lane = true;
    execute(&p, &mut state, &binding).unwrap_or_else(|e| panic!("{inst}: {e}"));
    Some(state)
}

/// `dst` is the memory at the instruction's address, `src` the data VGPRs (GCN3 manual,
/// MUBUF opcode table: "dst += src. Returns previous value if glc==1").
#[test]
fn buffer_atomics_combine_memory_and_data() {
    let Some(s) = run_atomic("gcn3", "BUFFER_ATOMIC_ADD", 7, 5, true) else {
        return;
    };
    assert_eq!(mem32(&s, 0x200), 12);
    assert_eq!(s.vgpr[0][2], 7, "glc returns the pre-op value");
    let s = run_atomic("gcn3", "BUFFER_ATOMIC_ADD", 7, 5, false).unwrap();
    assert_eq!((mem32(&s, 0x200), s.vgpr[0][2]), (12, 5));
    // (signed) and (unsigned) rows: max of 0xffffffff and 1.
    let s = run_atomic("gcn3", "BUFFER_ATOMIC_SMAX", 0xffff_ffff, 1, false).unwrap();
    assert_eq!(mem32(&s, 0x200), 1);
    let s = run_atomic("gcn3", "BUFFER_ATOMIC_UMAX", 0xffff_ffff, 1, false).unwrap();
    assert_eq!(mem32(&s, 0x200), 0xffff_ffff);
    // 64 bits for _X2: 0x1_0000_0000 - 1.
    let s = run_atomic("gcn3", "BUFFER_ATOMIC_SUB_X2", 1 << 32, 1, false).unwrap();
    assert_eq!(s.read_mem(0x200, 64).low_u64(), 0xffff_ffff);
    // dst = (dst >= src) ? 0 : dst + 1.
    let s = run_atomic("gcn3", "BUFFER_ATOMIC_INC", 10, 10, false).unwrap();
    assert_eq!(mem32(&s, 0x200), 0);
    let s = run_atomic("gcn3", "BUFFER_ATOMIC_INC", 3, 10, false).unwrap();
    assert_eq!(mem32(&s, 0x200), 4);
}

/// The compare-swap rows: "src comes from the first data-vgpr, cmp from the second" (the
/// first two and the second two for _X2); the pre-op value returns to the first.
#[test]
fn compare_swap_takes_src_then_cmp_from_the_data_vgprs() {
    let (one, five) = (1.0f32.to_bits(), 5.0f32.to_bits());
    let data = u64::from(one) << 32 | u64::from(five);
    let Some(s) = run_atomic("gcn2", "BUFFER_ATOMIC_FCMPSWAP", one.into(), data, true) else {
        return;
    };
    assert_eq!(mem32(&s, 0x200), five);
    assert_eq!(
        (s.vgpr[0][2], s.vgpr[0][3]),
        (one, one),
        "v2 gets the pre-op value"
    );
    let s = run_atomic("gcn2", "BUFFER_ATOMIC_FCMPSWAP", five.into(), data, false).unwrap();
    assert_eq!(
        mem32(&s, 0x200),
        five,
        "no swap when memory differs from cmp"
    );
    // -0.0 equals 0.0 only as floats.
    let data = u64::from(0.0f32.to_bits()) << 32 | u64::from(five);
    let s = run_atomic(
        "gcn2",
        "BUFFER_ATOMIC_FCMPSWAP",
        (-0.0f32).to_bits().into(),
        data,
        false,
    );
    assert_eq!(mem32(&s.unwrap(), 0x200), five);
    // The integer rows of GCN3: memory 7 equals cmp 7, so src 9 is stored.
    let s = run_atomic("gcn3", "BUFFER_ATOMIC_CMPSWAP", 7, 7 << 32 | 9, true).unwrap();
    assert_eq!((mem32(&s, 0x200), s.vgpr[0][2], s.vgpr[0][3]), (9, 7, 7));
    let s = run_atomic("gcn3", "BUFFER_ATOMIC_CMPSWAP", 8, 7 << 32 | 9, false).unwrap();
    assert_eq!(mem32(&s, 0x200), 8);
}

/// GCN3 FLAT: the 64-bit address in the ADDR VGPR pair, data in DATA, the pre-op value to
/// VDST.
#[test]
fn flat_atomics_address_the_vgpr_pair() {
    let Some(p) = program("gcn3", "FLAT_ATOMIC_SMIN") else {
        return;
    };
    let mut state = one_lane();
    state.set_vgpr(0, 4, 0x300);
    state.set_vgpr(0, 5, 0x1);
    state.set_vgpr(0, 2, 0xffff_fff0);
    set_mem(&mut state, 0x1_0000_0300, 32, 5);
    let mut binding = Binding::default()
        .with("ADDR", BoundValue::Vgpr { first: 4, count: 2 })
        .with("DATA", vgpr(2))
        .with("RETURN_DATA", vgpr(7));
    binding.per_lane = true;
    execute(&p, &mut state, &binding).unwrap();
    assert_eq!(mem32(&state, 0x1_0000_0300), 0xffff_fff0);
    assert_eq!(state.vgpr[0][7], 5);
}

/// S_WQM: each group of four bits with a bit set becomes all ones; S_QUADMASK: bit i is the
/// OR of bits 4i+3..4i (GCN3 manual, SOP1 descriptions); SCC says whether the result is
/// non-zero.
#[test]
fn whole_quad_mode_and_quad_mask() {
    let Some(wqm) = program("gcn3", "S_WQM_B32") else {
        return;
    };
    let quadmask = program("gcn3", "S_QUADMASK_B32").unwrap();
    let binding = Binding::default()
        .with(
            "D",
            BoundValue::Sgpr {
                first: 10,
                count: 1,
            },
        )
        .with(
            "D0",
            BoundValue::Sgpr {
                first: 10,
                count: 1,
            },
        )
        .with("S0", BoundValue::Sgpr { first: 0, count: 1 });
    for (p, input, expected) in [
        (&wqm, 0x0100_2080u32, 0x0f00_f0f0u32),
        (&wqm, 0x8000_0001, 0xf000_000f),
        (&wqm, 0, 0),
        (&quadmask, 0x0100_2080, 0x4a),
        (&quadmask, 0x8000_0001, 0x81),
        (&quadmask, 0, 0),
    ] {
        let mut state = State::new(64);
        state.sgpr[0] = input;
        execute(p, &mut state, &binding).unwrap();
        assert_eq!(state.sgpr[10], expected, "{input:#x}");
        assert_eq!(state.scc, expected != 0, "{input:#x}");
    }
}

/// V_MBCNT's ThreadPosition is the lane ("the position of this thread in the wavefront"):
/// the count of S0's bits below the lane, in the low or the high half, plus S1.
#[test]
fn mbcnt_counts_the_bits_below_the_lane() {
    let Some(lo) = program("gcn3", "V_MBCNT_LO_U32_B32") else {
        return;
    };
    let hi = program("gcn3", "V_MBCNT_HI_U32_B32").unwrap();
    let mut binding = Binding::default()
        .with("D", vgpr(1))
        .with("S0", BoundValue::Sgpr { first: 2, count: 1 })
        .with("S1", vgpr(3));
    binding.per_lane = true;
    // S0 = 0x30 (bits 4 and 5), S1 = 1; lanes 5 and 40.
    for (p, lane5, lane40) in [(&lo, 1 + 1, 2 + 1), (&hi, 1, 2 + 1)] {
        let mut state = State::new(64);
        state.exec = 1 << 5 | 1 << 40;
        state.sgpr[2] = 0x30;
        state.set_vgpr(5, 3, 1);
        state.set_vgpr(40, 3, 1);
        execute(p, &mut state, &binding).unwrap();
        assert_eq!((state.vgpr[5][1], state.vgpr[40][1]), (lane5, lane40));
    }
}
