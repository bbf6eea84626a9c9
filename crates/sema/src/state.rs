//! Machine state one program runs over.

use crate::value::{mask, u64_of};
use crate::ExecError;

/// Names the executor reads from machine state rather than from the binding.
pub(crate) fn is_state_name(name: &str) -> bool {
    matches!(
        name,
        "EXEC"
            | "VCC"
            | "SCC"
            | "M0"
            | "PC"
            | "EXEC_LO"
            | "EXEC_HI"
            | "VCC_LO"
            | "VCC_HI"
            | "ROUND_MODE"
            | "EXECZ"
            | "VCCZ"
    )
}
use crate::int::Int;
use num_traits::ToPrimitive;
use rustc_hash::FxHashMap as HashMap;

pub const SGPR_COUNT: u32 = 128;
pub const VGPR_COUNT: u32 = 256;
pub const TTMP_COUNT: u32 = 16;
/// Hardware registers S_GETREG/S_SETREG address: the HWREG id field is 6 bits wide.
pub const HW_REGISTER_COUNT: u32 = 64;

/// Built only on the error path: an eagerly built error allocated its text on every read.
fn lane_out_of_range() -> ExecError {
    ExecError::Unsupported {
        construct: "lane-out-of-range".to_string(),
    }
}

/// Registers of one wave plus a sparse byte memory.
#[derive(Debug, PartialEq)]
pub struct State {
    /// 32 or 64 lanes.
    pub wave_size: u32,
    pub sgpr: Vec<u32>,
    pub ttmp: Vec<u32>,
    /// `vgpr[lane][register]`.
    pub vgpr: Vec<Vec<u32>>,
    pub exec: u64,
    pub vcc: u64,
    pub scc: bool,
    pub m0: u32,
    pub pc: u64,
    /// FP_ROUND: 0 nearest even, 1 toward +inf, 2 toward -inf, 3 toward zero.
    /// Float conversions honour it; arithmetic rounds to nearest even.
    pub round_mode: u8,
    /// `HW_REGISTERS[id]`, the registers S_GETREG/S_SETREG read and write by HWREG id.
    pub hw_regs: Vec<u32>,
    /// Bytes written so far; unwritten bytes read as a hash of their address.
    pub mem: HashMap<u64, u8>,
    /// Accumulation VGPRs (CDNA) written so far, by (lane, register); an unwritten one reads
    /// as a hash of `agpr_seed`, its lane and its number. Few instructions name AGPRs, so
    /// the file is not filled up front.
    pub agpr: HashMap<(u32, u32), u32>,
    pub agpr_seed: u64,
    /// Named mode/status fields (`WAVE_MODE.IEEE`), 0 until written.
    pub fields: HashMap<String, Int>,
    /// The VGPRs [`State::write_vgprs`] and [`State::set_vgpr`] wrote, for [`State::reset_to`].
    written_vgprs: WrittenVgprs,
}

/// VGPR numbers written (in any lane) since the state was last copied or reset: a reset
/// copies back only these, one or two of the 256 for most instructions.
/// Bookkeeping, not contents: two states with the same registers are equal whatever they
/// wrote to get there.
#[derive(Debug, Clone, Copy, Default)]
struct WrittenVgprs([u64; VGPR_COUNT as usize / 64]);

impl PartialEq for WrittenVgprs {
    fn eq(&self, _: &WrittenVgprs) -> bool {
        true
    }
}

impl WrittenVgprs {
    fn mark(&mut self, first: u32, count: u32) {
        for reg in first..first.saturating_add(count).min(VGPR_COUNT) {
            self.0[reg as usize / 64] |= 1 << (reg % 64);
        }
    }

    fn registers(self) -> impl Iterator<Item = usize> {
        (0..VGPR_COUNT as usize).filter(move |r| self.0[r / 64] >> (r % 64) & 1 == 1)
    }
}

/// `clone_from` copies into the registers already allocated (the derived one would
/// allocate a new state and drop the old): callers reuse one state per input.
impl Clone for State {
    fn clone(&self) -> State {
        State {
            wave_size: self.wave_size,
            sgpr: self.sgpr.clone(),
            ttmp: self.ttmp.clone(),
            vgpr: self.vgpr.clone(),
            exec: self.exec,
            vcc: self.vcc,
            scc: self.scc,
            m0: self.m0,
            pc: self.pc,
            round_mode: self.round_mode,
            hw_regs: self.hw_regs.clone(),
            mem: self.mem.clone(),
            agpr: self.agpr.clone(),
            agpr_seed: self.agpr_seed,
            fields: self.fields.clone(),
            written_vgprs: self.written_vgprs,
        }
    }

    fn clone_from(&mut self, source: &State) {
        self.vgpr.clone_from(&source.vgpr);
        self.written_vgprs = source.written_vgprs;
        self.copy_all_but_vgprs(source);
    }
}

impl State {
    /// Makes this state equal to `start`, which it was last copied or reset from: only the
    /// VGPRs written since are copied back (the rest of the file already holds `start`'s).
    /// Writes straight into `vgpr` are not tracked: a state written so is copied with
    /// `clone_from`.
    pub fn reset_to(&mut self, start: &State) {
        if self.vgpr.len() != start.vgpr.len() {
            return self.clone_from(start);
        }
        for reg in self.written_vgprs.registers() {
            for (lane, from) in self.vgpr.iter_mut().zip(&start.vgpr) {
                lane[reg] = from[reg];
            }
        }
        self.written_vgprs = start.written_vgprs;
        self.copy_all_but_vgprs(start);
    }

    fn copy_all_but_vgprs(&mut self, source: &State) {
        self.wave_size = source.wave_size;
        self.sgpr.clone_from(&source.sgpr);
        self.ttmp.clone_from(&source.ttmp);
        self.exec = source.exec;
        self.vcc = source.vcc;
        self.scc = source.scc;
        self.m0 = source.m0;
        self.pc = source.pc;
        self.round_mode = source.round_mode;
        self.hw_regs.clone_from(&source.hw_regs);
        self.mem.clone_from(&source.mem);
        self.agpr.clone_from(&source.agpr);
        self.agpr_seed = source.agpr_seed;
        self.fields.clone_from(&source.fields);
    }

    /// All registers zero, every lane enabled.
    pub fn new(wave_size: u32) -> State {
        State {
            wave_size,
            sgpr: vec![0; SGPR_COUNT as usize],
            ttmp: vec![0; TTMP_COUNT as usize],
            vgpr: vec![vec![0; VGPR_COUNT as usize]; wave_size as usize],
            exec: if wave_size == 64 {
                u64::MAX
            } else {
                u64::from(u32::MAX)
            },
            vcc: 0,
            scc: false,
            m0: 0,
            pc: 0,
            round_mode: 0,
            hw_regs: vec![0; HW_REGISTER_COUNT as usize],
            mem: HashMap::default(),
            agpr: HashMap::default(),
            agpr_seed: 0,
            fields: HashMap::default(),
            written_vgprs: WrittenVgprs::default(),
        }
    }

    /// What `State::new` then `randomize(seed)` would give, in this state's storage.
    pub fn reseed(&mut self, seed: u64) {
        self.mem.clear();
        self.agpr.clear();
        self.fields.clear();
        self.round_mode = 0;
        self.randomize(seed);
    }

    /// Fills every register with deterministic pseudo-random bits (xorshift64).
    pub fn randomize(&mut self, seed: u64) {
        let mut rng = XorShift::new(seed);
        for r in self
            .sgpr
            .iter_mut()
            .chain(self.ttmp.iter_mut())
            .chain(self.hw_regs.iter_mut())
        {
            *r = rng.next_u64() as u32;
        }
        for lane in &mut self.vgpr {
            for r in lane.iter_mut() {
                *r = rng.next_u64() as u32;
            }
        }
        self.vcc = rng.next_u64();
        self.scc = rng.next_u64() & 1 == 1;
        // M0 often indexes the register files (s_movrels): keep it small.
        self.m0 = (rng.next_u64() % 32) as u32;
        self.pc = rng.next_u64() & !3;
        let lanes = if self.wave_size == 64 {
            u64::MAX
        } else {
            u64::from(u32::MAX)
        };
        // Keep lane 0 on so every vector program runs at least once.
        self.exec = (rng.next_u64() & lanes) | 1;
        self.agpr_seed = rng.next_u64();
    }

    fn regs(count_bits: u32) -> u32 {
        count_bits.div_ceil(32)
    }

    fn gather(file: &[u32], first: u32, width: u32, what: &str) -> Result<Int, ExecError> {
        let n = Self::regs(width);
        let register = |k: u32| {
            file.get((first + k) as usize)
                .copied()
                .ok_or_else(|| ExecError::Unsupported {
                    construct: format!("{what}-out-of-range"),
                })
        };
        if (1..=128).contains(&width) {
            // Most reads are one to four registers: gathered without big-integer steps.
            let mut acc = 0u128;
            for k in (0..n).rev() {
                acc = acc << 32 | u128::from(register(k)?);
            }
            return Ok(Int::from(acc & (u128::MAX >> (128 - width))));
        }
        let mut acc = Int::from(0u8);
        for k in (0..n).rev() {
            acc = (acc << 32) | Int::from(register(k)?);
        }
        Ok(acc & mask(width))
    }

    /// Writes the low `width` bits; a partial last register keeps its other bits.
    fn scatter(
        file: &mut [u32],
        first: u32,
        width: u32,
        bits: &Int,
        what: &str,
    ) -> Result<(), ExecError> {
        let n = Self::regs(width);
        // Two's complement low bits of a value that fits 128 bits, without big-integer steps.
        let low = bits.to_i128().map(|x| x as u128).or_else(|| bits.to_u128());
        for k in 0..n {
            let slot =
                file.get_mut((first + k) as usize)
                    .ok_or_else(|| ExecError::Unsupported {
                        construct: format!("{what}-out-of-range"),
                    })?;
            let chunk = match low {
                Some(x) if k < 4 => (x >> (32 * k)) as u32,
                _ => ((bits >> (32 * k)) & mask(32)).to_u32().unwrap_or(0),
            };
            let covered = (width - 32 * k).min(32);
            let keep = if covered == 32 {
                0
            } else {
                u32::MAX << covered
            };
            *slot = (*slot & keep) | (chunk & !keep);
        }
        Ok(())
    }

    pub fn read_sgprs(&self, first: u32, width: u32) -> Result<Int, ExecError> {
        Self::gather(&self.sgpr, first, width, "sgpr")
    }

    pub fn write_sgprs(&mut self, first: u32, width: u32, bits: &Int) -> Result<(), ExecError> {
        Self::scatter(&mut self.sgpr, first, width, bits, "sgpr")
    }

    pub fn read_ttmps(&self, first: u32, width: u32) -> Result<Int, ExecError> {
        Self::gather(&self.ttmp, first, width, "ttmp")
    }

    pub fn write_ttmps(&mut self, first: u32, width: u32, bits: &Int) -> Result<(), ExecError> {
        Self::scatter(&mut self.ttmp, first, width, bits, "ttmp")
    }

    pub fn read_vgprs(&self, lane: u32, first: u32, width: u32) -> Result<Int, ExecError> {
        let file = (self.vgpr.get(lane as usize)).ok_or_else(lane_out_of_range)?;
        Self::gather(file, first, width, "vgpr")
    }

    pub fn write_vgprs(
        &mut self,
        lane: u32,
        first: u32,
        width: u32,
        bits: &Int,
    ) -> Result<(), ExecError> {
        let file = self
            .vgpr
            .get_mut(lane as usize)
            .ok_or_else(lane_out_of_range)?;
        self.written_vgprs.mark(first, width.div_ceil(32));
        Self::scatter(file, first, width, bits, "vgpr")
    }

    /// One VGPR of one lane.
    pub fn set_vgpr(&mut self, lane: usize, reg: usize, value: u32) {
        self.written_vgprs.mark(reg as u32, 1);
        self.vgpr[lane][reg] = value;
    }

    /// One AGPR of one lane: as written, else the hash of the seed, lane and number.
    fn agpr(&self, lane: u32, reg: u32) -> u32 {
        self.agpr.get(&(lane, reg)).copied().unwrap_or_else(|| {
            let key = self.agpr_seed ^ (u64::from(lane) << 32 | u64::from(reg));
            splitmix64(key) as u32
        })
    }

    /// AGPRs `first..` of one lane covering `width` bits (256 per lane, as VGPRs).
    fn agpr_range(&self, lane: u32, first: u32, width: u32) -> Result<Vec<u32>, ExecError> {
        let count = Self::regs(width);
        if first + count > VGPR_COUNT {
            return Err(ExecError::Unsupported {
                construct: "agpr-out-of-range".to_string(),
            });
        }
        Ok((first..first + count).map(|r| self.agpr(lane, r)).collect())
    }

    pub fn read_agprs(&self, lane: u32, first: u32, width: u32) -> Result<Int, ExecError> {
        Self::gather(&self.agpr_range(lane, first, width)?, 0, width, "agpr")
    }

    pub fn write_agprs(
        &mut self,
        lane: u32,
        first: u32,
        width: u32,
        bits: &Int,
    ) -> Result<(), ExecError> {
        let mut regs = self.agpr_range(lane, first, width)?;
        Self::scatter(&mut regs, 0, width, bits, "agpr")?;
        for (k, value) in regs.into_iter().enumerate() {
            self.agpr.insert((lane, first + k as u32), value);
        }
        Ok(())
    }

    pub fn read_hw_reg(&self, id: u32) -> Result<Int, ExecError> {
        Self::gather(&self.hw_regs, id, 32, "hw-register")
    }

    pub fn write_hw_reg(&mut self, id: u32, bits: &Int) -> Result<(), ExecError> {
        Self::scatter(&mut self.hw_regs, id, 32, bits, "hw-register")
    }

    fn mem_byte(&self, addr: u64) -> u8 {
        self.mem
            .get(&addr)
            .copied()
            .unwrap_or_else(|| (splitmix64(addr) >> 56) as u8)
    }

    /// Little-endian read of `width` bits (rounded up to bytes) at `addr`.
    pub fn read_mem(&self, addr: u64, width: u32) -> Int {
        let bytes = width.div_ceil(8);
        let mut acc = Int::from(0u8);
        for k in (0..bytes).rev() {
            acc = (acc << 8) | Int::from(self.mem_byte(addr.wrapping_add(u64::from(k))));
        }
        acc & mask(width)
    }

    pub fn write_mem(&mut self, addr: u64, width: u32, bits: &Int) {
        for k in 0..width.div_ceil(8) {
            let b = u64_of(&((bits >> (8 * k)) & mask(8))) as u8;
            self.mem.insert(addr.wrapping_add(u64::from(k)), b);
        }
    }
}

/// The registers one run changed, found by comparing the state it ended in with the state
/// it started from: SGPRs, VGPRs, AGPRs, the bits of VCC and EXEC, and SCC. M0, hardware
/// registers, memory and mode fields are not carried.
#[derive(Debug, Default)]
pub struct RegisterWrites {
    sgpr: Vec<(usize, u32)>,
    /// (lane, register, value).
    vgpr: Vec<(usize, usize, u32)>,
    agpr: Vec<((u32, u32), u32)>,
    /// (bits changed, their new values).
    vcc: (u64, u64),
    exec: (u64, u64),
    scc: Option<bool>,
}

impl RegisterWrites {
    /// What took `before` to `after`, where `after` is a copy of `before` that has since
    /// run: a VGPR that differs is one of the VGPRs `after` marked written, so only those
    /// are compared, not the whole file.
    pub fn between(before: &State, after: &State) -> RegisterWrites {
        let sgpr = (before.sgpr.iter().zip(&after.sgpr).enumerate())
            .filter(|(_, (b, a))| b != a)
            .map(|(i, (_, a))| (i, *a))
            .collect();
        let mut vgpr = Vec::new();
        for reg in after.written_vgprs.registers() {
            for (lane, (b, a)) in before.vgpr.iter().zip(&after.vgpr).enumerate() {
                if b[reg] != a[reg] {
                    vgpr.push((lane, reg, a[reg]));
                }
            }
        }
        let agpr = (after.agpr.iter())
            .filter(|(key, value)| before.agpr.get(key) != Some(value))
            .map(|(key, value)| (*key, *value))
            .collect();
        let bits = |b: u64, a: u64| (b ^ a, a & (b ^ a));
        RegisterWrites {
            sgpr,
            vgpr,
            agpr,
            vcc: bits(before.vcc, after.vcc),
            exec: bits(before.exec, after.exec),
            scc: (before.scc != after.scc).then_some(after.scc),
        }
    }

    /// Makes the same changes to `state`.
    pub fn apply(&self, state: &mut State) {
        for &(i, value) in &self.sgpr {
            state.sgpr[i] = value;
        }
        for &(lane, reg, value) in &self.vgpr {
            state.set_vgpr(lane, reg, value);
        }
        for &(key, value) in &self.agpr {
            state.agpr.insert(key, value);
        }
        let bits = |(changed, value): (u64, u64), s: &mut u64| *s = (*s & !changed) | value;
        bits(self.vcc, &mut state.vcc);
        bits(self.exec, &mut state.exec);
        if let Some(scc) = self.scc {
            state.scc = scc;
        }
    }
}

/// SplitMix64's finaliser: neighbouring addresses get unrelated bytes.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Marsaglia's xorshift64: deterministic inputs without a rand dependency.
#[derive(Debug, Clone)]
pub struct XorShift(u64);

impl XorShift {
    pub fn new(seed: u64) -> XorShift {
        XorShift(seed.max(1))
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

/// Every register (and memory byte, and named mode field) that differs, one line each.
pub fn changes(before: &State, after: &State) -> Vec<String> {
    let mut out = Vec::new();
    let wave_hex = |v: u64| {
        if before.wave_size == 64 {
            format!("0x{v:016x}")
        } else {
            format!("0x{v:08x}")
        }
    };
    for (i, (a, b)) in before.sgpr.iter().zip(&after.sgpr).enumerate() {
        if a != b {
            out.push(format!("s{i}: 0x{a:08x} -> 0x{b:08x}"));
        }
    }
    for (i, (a, b)) in before.ttmp.iter().zip(&after.ttmp).enumerate() {
        if a != b {
            out.push(format!("ttmp{i}: 0x{a:08x} -> 0x{b:08x}"));
        }
    }
    for reg in 0..VGPR_COUNT as usize {
        out.extend(vgpr_changes(before, after, reg));
    }
    let mut agprs: Vec<(&(u32, u32), &u32)> = after
        .agpr
        .iter()
        .filter(|(key, value)| before.agpr(key.0, key.1) != **value)
        .collect();
    agprs.sort();
    for ((lane, reg), value) in agprs {
        let old = before.agpr(*lane, *reg);
        out.push(format!("a{reg}[lane {lane}]: 0x{old:08x} -> 0x{value:08x}"));
    }
    let flags = [
        ("vcc", before.vcc, after.vcc, true),
        ("exec", before.exec, after.exec, true),
        ("m0", u64::from(before.m0), u64::from(after.m0), false),
    ];
    for (name, a, b, lane_mask) in flags {
        if a != b {
            let (a, b) = if lane_mask {
                (wave_hex(a), wave_hex(b))
            } else {
                (format!("0x{a:08x}"), format!("0x{b:08x}"))
            };
            out.push(format!("{name}: {a} -> {b}"));
        }
    }
    if before.scc != after.scc {
        out.push(format!(
            "scc: {} -> {}",
            u8::from(before.scc),
            u8::from(after.scc)
        ));
    }
    if before.pc != after.pc {
        out.push(format!("pc: 0x{:016x} -> 0x{:016x}", before.pc, after.pc));
    }
    for (i, (a, b)) in before.hw_regs.iter().zip(&after.hw_regs).enumerate() {
        if a != b {
            out.push(format!("hwreg({i}): 0x{a:08x} -> 0x{b:08x}"));
        }
    }
    let mut fields: Vec<&String> = after.fields.keys().collect();
    fields.sort();
    for name in fields {
        let old = before.fields.get(name).cloned().unwrap_or_default();
        let new = &after.fields[name];
        if old != *new {
            out.push(format!("{name}: {old} -> {new}"));
        }
    }
    let mut written: Vec<(&u64, &u8)> = after
        .mem
        .iter()
        .filter(|(addr, byte)| before.mem.get(addr) != Some(byte))
        .collect();
    written.sort();
    for (addr, byte) in written {
        out.push(format!("mem[0x{addr:x}]: written 0x{byte:02x}"));
    }
    out
}

/// `v1: 0x00000000 -> 0x00000007 (lanes 0-31)`, one line per run of lanes that
/// changed alike.
fn vgpr_changes(before: &State, after: &State, reg: usize) -> Vec<String> {
    let mut runs: Vec<(usize, usize, u32, u32)> = Vec::new();
    for lane in 0..after.vgpr.len() {
        let (a, b) = (before.vgpr[lane][reg], after.vgpr[lane][reg]);
        if a == b {
            continue;
        }
        match runs.last_mut() {
            Some(run) if run.1 + 1 == lane && run.2 == a && run.3 == b => run.1 = lane,
            _ => runs.push((lane, lane, a, b)),
        }
    }
    runs.into_iter()
        .map(|(first, last, a, b)| {
            let lanes = if first == last {
                format!("lane {first}")
            } else {
                format!("lanes {first}-{last}")
            };
            format!("v{reg}: 0x{a:08x} -> 0x{b:08x} ({lanes})")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reset undoes every write of either kind, in every lane, and leaves the registers
    /// no one wrote as they were.
    #[test]
    fn reset_restores_the_start_state() {
        let mut start = State::new(64);
        start.randomize(7);
        let mut state = start.clone();
        state
            .write_vgprs(3, 10, 64, &Int::from(0x1234_5678_9abc_u64))
            .unwrap();
        state.set_vgpr(63, 255, 1);
        state.write_sgprs(4, 32, &Int::from(9u32)).unwrap();
        state.scc = !start.scc;
        assert_ne!(state, start);
        state.reset_to(&start);
        assert_eq!(state, start);
        // A state of the other wave size is copied whole.
        let mut wave32 = State::new(32);
        wave32.reset_to(&start);
        assert_eq!(wave32, start);
    }

    /// Two runs from one start, their writes applied in turn: the second's value wins
    /// where both write, a register written back to its old value carries nothing, and
    /// each run's other writes all arrive.
    #[test]
    fn register_writes_carry_each_runs_changes() {
        let mut start = State::new(32);
        start.randomize(11);
        let (mut x, mut y) = (start.clone(), start.clone());
        x.write_vgprs(5, 7, 32, &Int::from(1u32)).unwrap();
        x.write_vgprs(6, 8, 32, &Int::from(2u32)).unwrap();
        x.write_sgprs(3, 32, &Int::from(4u32)).unwrap();
        x.vcc ^= 0b1010;
        let old = start.read_vgprs(6, 9, 32).unwrap();
        y.write_vgprs(5, 7, 32, &Int::from(3u32)).unwrap();
        y.write_vgprs(6, 9, 32, &old).unwrap();
        y.scc = !start.scc;
        let writes = [
            RegisterWrites::between(&start, &x),
            RegisterWrites::between(&start, &y),
        ];
        let mut state = start.clone();
        for w in &writes {
            w.apply(&mut state);
        }
        let mut expected = x.clone();
        expected.write_vgprs(5, 7, 32, &Int::from(3u32)).unwrap();
        expected.scc = !start.scc;
        assert_eq!(state, expected);
        assert_eq!(writes[1].vgpr, vec![(5, 7, 3)]);
    }
}
