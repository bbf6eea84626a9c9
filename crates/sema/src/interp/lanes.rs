//! Lanes that would run alike. A per-lane text runs once in each active lane. A run that
//! reads nothing that differs from lane to lane (no VGPR or AGPR, not the lane's number,
//! not its bit of a mask) and writes nothing but its own lane's VGPRs and AGPRs starts
//! every lane from the same state and computes the same values, which it would write to
//! each lane's same registers. So the first active lane's run is traced, and where it was
//! such a run, the other active lanes take its writes instead of running the text again
//! (`v_add_f32 v1, s2, 1.0`: one run, then v1 of every other active lane).

use crate::int::Int;
use crate::state::State;
use crate::ExecError;

/// What the first active lane's run read and wrote.
#[derive(Debug, Default)]
pub(super) struct LaneTrace {
    /// The run read something that differs between lanes, or wrote storage that every
    /// lane reads (SGPRs, EXEC, VCC, SCC, memory, mode fields, a VGPR it names by lane).
    pub(super) lane_dependent: bool,
    /// Its writes to its own lane's registers, in order.
    writes: Vec<OwnWrite>,
}

/// A write of the low `width` bits of `bits` to a lane's registers from `first` on.
#[derive(Debug)]
struct OwnWrite {
    agpr: bool,
    first: u32,
    width: u32,
    bits: Int,
}

impl LaneTrace {
    pub(super) fn own_write(&mut self, agpr: bool, first: u32, width: u32, bits: &Int) {
        self.writes.push(OwnWrite {
            agpr,
            first,
            width,
            bits: bits.clone(),
        });
    }

    /// Writes to `lane`'s registers what the traced run wrote to its own.
    pub(super) fn replay(&self, state: &mut State, lane: u32) -> Result<(), ExecError> {
        for w in &self.writes {
            if w.agpr {
                state.write_agprs(lane, w.first, w.width, &w.bits)?;
            } else {
                state.write_vgprs(lane, w.first, w.width, &w.bits)?;
            }
        }
        Ok(())
    }
}
