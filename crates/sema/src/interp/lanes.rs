//! Lanes that would run alike. A per-lane text runs once in each active lane. A run that
//! reads nothing that differs from lane to lane (no VGPR or AGPR, not the lane's number,
//! not its bit of a mask) and writes nothing but its own lane's VGPRs and AGPRs starts
//! every lane from the same state and computes the same values, which it would write to
//! each lane's same registers. So the first active lane's run is traced, and where it was
//! such a run, the other active lanes take its writes instead of running the text again
//! (`v_add_f32 v1, s2, 1.0`: one run, then v1 of every other active lane).
//!
//! A lane's own bit of a lane mask (`D0.u64[laneId] = S0.f < S1.f`, a compare's result)
//! counts as its own too, as long as the run reads no other bit of that mask: each lane
//! would set its own bit to the same value (`v_cmp_lt_f32 vcc_lo, s1, 1.0`).

use crate::int::Int;
use crate::state::State;
use crate::ExecError;

/// What the first active lane's run read and wrote.
#[derive(Debug, Default)]
pub(super) struct LaneTrace {
    /// The run read something that differs between lanes, or wrote storage that every
    /// lane reads (SGPRs, EXEC, VCC, SCC, memory, mode fields, a VGPR it names by lane).
    pub(super) lane_dependent: bool,
    /// Its writes to its own lane's registers and mask bits, in order.
    writes: Vec<OwnWrite>,
    /// The scalar storage it read: a lane mask among it holds the bits the other lanes
    /// set, so a run that also set its own bit there ran differently in each lane.
    scalar_reads: Vec<Scalar>,
}

/// Scalar storage a lane's bit can be set in, or a run can read.
#[derive(Debug, Clone, Copy)]
pub(super) enum Scalar {
    Sgprs { first: u32, count: u32 },
    Ttmps { first: u32, count: u32 },
    Vcc,
    Exec,
}

impl Scalar {
    /// The SGPRs a `width`-bit read or write from `first` reaches.
    pub(super) fn sgprs(first: u32, width: u32) -> Scalar {
        Scalar::Sgprs {
            first,
            count: registers(width),
        }
    }

    /// The TTMPs a `width`-bit read or write from `first` reaches.
    pub(super) fn ttmps(first: u32, width: u32) -> Scalar {
        Scalar::Ttmps {
            first,
            count: registers(width),
        }
    }

    fn overlaps(self, other: Scalar) -> bool {
        let ranges_meet = |a: u32, n: u32, b: u32, m: u32| a < b + m && b < a + n;
        match (self, other) {
            (Scalar::Sgprs { first, count }, Scalar::Sgprs { first: f, count: c })
            | (Scalar::Ttmps { first, count }, Scalar::Ttmps { first: f, count: c }) => {
                ranges_meet(first, count, f, c)
            }
            (Scalar::Vcc, Scalar::Vcc) | (Scalar::Exec, Scalar::Exec) => true,
            _ => false,
        }
    }
}

/// The 32-bit registers a `width`-bit access reaches.
fn registers(width: u32) -> u32 {
    width.div_ceil(32).max(1)
}

/// A write the other lanes can take.
#[derive(Debug)]
enum OwnWrite {
    /// The low `width` bits of `bits` to a lane's registers from `first` on.
    Registers {
        agpr: bool,
        first: u32,
        width: u32,
        bits: Int,
    },
    /// A lane's bit of a lane mask.
    MaskBit { mask: Scalar, bit: bool },
}

impl LaneTrace {
    pub(super) fn own_write(&mut self, agpr: bool, first: u32, width: u32, bits: &Int) {
        self.writes.push(OwnWrite::Registers {
            agpr,
            first,
            width,
            bits: bits.clone(),
        });
    }

    pub(super) fn own_mask_bit(&mut self, mask: Scalar, bit: bool) {
        self.writes.push(OwnWrite::MaskBit { mask, bit });
    }

    pub(super) fn scalar_read(&mut self, storage: Scalar) {
        self.scalar_reads.push(storage);
    }

    /// Whether every other active lane would have run as the traced one.
    pub(super) fn shared(&self) -> bool {
        let reads_a_set_mask = self.writes.iter().any(|w| match w {
            OwnWrite::MaskBit { mask, .. } => self.scalar_reads.iter().any(|r| r.overlaps(*mask)),
            OwnWrite::Registers { .. } => false,
        });
        !self.lane_dependent && !reads_a_set_mask
    }

    /// Writes to `lane`'s registers and mask bits what the traced run wrote to its own.
    pub(super) fn replay(&self, state: &mut State, lane: u32) -> Result<(), ExecError> {
        for w in &self.writes {
            match w {
                OwnWrite::Registers {
                    agpr: true,
                    first,
                    width,
                    bits,
                } => state.write_agprs(lane, *first, *width, bits)?,
                OwnWrite::Registers {
                    first, width, bits, ..
                } => state.write_vgprs(lane, *first, *width, bits)?,
                OwnWrite::MaskBit { mask, bit } => set_mask_bit(state, *mask, lane, *bit)?,
            }
        }
        Ok(())
    }
}

/// Sets `lane`'s bit of `mask` as a write of the wave's bits of it: in a wave of 32, VCC's
/// and EXEC's high halves are cleared, as a write of the 32-bit mask leaves them.
pub(super) fn set_mask_bit(
    state: &mut State,
    mask: Scalar,
    lane: u32,
    bit: bool,
) -> Result<(), ExecError> {
    let wave = state.wave_size;
    let lane_mask = u64::MAX >> (64 - wave);
    let with_bit = |v: u64| (v & lane_mask & !(1 << lane)) | (u64::from(bit) << lane);
    match mask {
        Scalar::Vcc => state.vcc = with_bit(state.vcc),
        Scalar::Exec => state.exec = with_bit(state.exec),
        Scalar::Sgprs { first, .. } => {
            let mut bits = state.read_sgprs(first, wave)?;
            bits.set_bit(u64::from(lane), bit);
            state.write_sgprs(first, wave, &bits)?;
        }
        Scalar::Ttmps { first, .. } => {
            let mut bits = state.read_ttmps(first, wave)?;
            bits.set_bit(u64::from(lane), bit);
            state.write_ttmps(first, wave, &bits)?;
        }
    }
    Ok(())
}
