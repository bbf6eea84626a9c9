//! Executes a [`Program`] over a [`State`] and a [`Binding`].
//!
//! Typed uses of bound operands are checked against the registers bound to
//! them: a use wider than the tuple, or a 64-bit use of an SGPR tuple at an odd
//! register, stops execution with [`ExecError::Mismatch`].
//!
//! Fixed-point fractions: casting a real to a bit type wider than 64 bits
//! (`1201'B(2.0 / PI)`) keeps that many fraction bits. Shifting such a value
//! left moves bits across the binary point, and masking it with `2^w - 1` keeps
//! the `w` bits just past the binary point: the window AMD's notation brings
//! into the "whole part".

use crate::ast::*;
use crate::bind::{BoundOperand, BoundValue, SpecialReg};
use crate::int::Int;
use crate::state::State;
use crate::value::*;
use crate::{Binding, ExecError, SemaMismatch};
use num_traits::ToPrimitive;
use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

mod lanes;

use lanes::{LaneTrace, Scalar};

/// Loop iterations allowed per program run, against runaway loops.
const STEP_LIMIT: u64 = 1_000_000;

/// Runs `program`: once per active lane when `binding.per_lane`, else once. A text that
/// applies EXEC itself ([`Program::applies_exec`]) runs once; lanes that would run alike
/// take the first active lane's writes (`interp/lanes.rs`).
pub fn execute(program: &Program, state: &mut State, binding: &Binding) -> Result<(), ExecError> {
    execute_with_library(program, state, binding, &Library::default())
}

/// Other instructions' programs, callable by lower-case name (`v_max_f32(a, b)`):
/// the arguments become `S0`, `S1`, `S2` and the call returns what the program writes
/// to `D0` (the older manuals' `D`).
#[derive(Debug, Clone, Default)]
pub struct Library {
    programs: HashMap<String, Callee>,
}

/// A library program and the slots of its sources and its result, found once.
#[derive(Debug, Clone)]
struct Callee {
    program: Program,
    /// `S0`, `S1`, `S2`: `None` for a source the text never names.
    sources: [Option<usize>; 3],
    result: Option<usize>,
}

impl Library {
    pub fn insert(&mut self, inst: &str, program: Program) {
        let result = if crate::uses::free_names(&program).contains("D") {
            "D"
        } else {
            "D0"
        };
        let callee = Callee {
            sources: ["S0", "S1", "S2"].map(|s| program.slot_of(s)),
            result: program.slot_of(result),
            program,
        };
        self.programs.insert(inst.to_ascii_lowercase(), callee);
    }

    fn get(&self, name: &str) -> Option<&Callee> {
        self.programs.get(name)
    }
}

/// The widest value any text needs (v_trig_preop's 2/pi constant is 1,201 bits).
const MAX_BITS: u32 = 4096;

/// Helper calls nested deeper than this are reported as unsupported.
const CALL_DEPTH_LIMIT: u32 = 8;

/// [`execute`] with instruction-named helpers resolved from `library`.
pub fn execute_with_library(
    program: &Program,
    state: &mut State,
    binding: &Binding,
    library: &Library,
) -> Result<(), ExecError> {
    if let Some(m) = binding.mismatches.first() {
        return Err(ExecError::Mismatch(m.clone()));
    }
    // A text that applies EXEC itself is the whole wave's operation: it runs once.
    let lanes: Vec<u32> = if binding.per_lane && !program.applies_exec() {
        let exec = state.exec;
        (0..state.wave_size)
            .filter(|l| exec >> l & 1 == 1)
            .collect()
    } else {
        vec![0]
    };
    let modifiers = FloatModifiers::of(binding);
    let operands: Vec<Option<&BoundOperand>> = (program.names().iter())
        .map(|name| binding.operands.get(name.as_str()))
        .collect();
    // Each lane starts with no locals; the vector is kept from lane to lane.
    let mut locals = vec![None; program.names().len()];
    let mut args = Vec::new();
    for (k, &lane) in lanes.iter().enumerate() {
        let mut interp = Interp {
            state,
            binding,
            library,
            depth: 0,
            lane,
            modifiers,
            locals,
            wrote_locals: false,
            args,
            operands: &operands,
            steps: 0,
            implicit: program.implicit,
            // The first lane's run is traced: the other lanes may take its writes.
            trace: (k == 0 && lanes.len() > 1).then(LaneTrace::default),
        };
        interp.block(program.body())?;
        let trace = interp.trace.take();
        locals = interp.locals;
        args = interp.args;
        if interp.wrote_locals {
            locals.fill(None);
        }
        if let Some(trace) = trace.filter(LaneTrace::shared) {
            for &other in &lanes[1..] {
                trace.replay(state, other)?;
            }
            break;
        }
    }
    Ok(())
}

enum Flow {
    Normal,
    Break,
    Return(Option<Value>),
}

struct Interp<'a> {
    state: &'a mut State,
    binding: &'a Binding,
    library: &'a Library,
    depth: u32,
    lane: u32,
    /// `binding`'s VOP3 float modifier fields.
    modifiers: FloatModifiers,
    /// The value of each of the program's names that is a local now, by slot.
    locals: Vec<Option<Value>>,
    /// Whether this lane has set a local: a lane that set none leaves nothing to clear.
    wrote_locals: bool,
    /// The evaluated arguments of the helper calls under way, innermost last (an error
    /// ends the run, so one leaves what it stacked).
    args: Vec<Value>,
    /// The operand `binding` binds to each of the program's names, by slot, found once
    /// per run (empty for a library program, which has no operands).
    operands: &'a [Option<&'a BoundOperand>],
    steps: u64,
    /// What the running text leaves implicit (see [`Implicit`]).
    implicit: Implicit,
    /// What the first active lane's run reads and writes ([`lanes`]); `None` in the others.
    trace: Option<LaneTrace>,
}

/// The VOP3 float modifier fields (0 when not bound), read from the binding once per
/// program run rather than looked up by name on every float read and write.
#[derive(Debug, Clone, Copy, Default)]
struct FloatModifiers {
    abs: u64,
    neg: u64,
    omod: u64,
    clamp: u64,
}

impl FloatModifiers {
    fn of(binding: &Binding) -> FloatModifiers {
        let field = |name: &str| match binding.get(name).map(|b| &b.value) {
            Some(BoundValue::Imm(v)) => *v,
            _ => 0,
        };
        FloatModifiers {
            abs: field("ABS"),
            neg: field("NEG"),
            omod: field("OMOD"),
            clamp: field("CLAMP"),
        }
    }
}

/// A declared local's initial value.
fn zero_of(ty: Ty) -> Value {
    if ty.is_float() {
        float_value(0.0, float_ty(ty))
    } else {
        int_value(Int::zero(), ty)
    }
}

fn unsupported(construct: impl Into<String>) -> ExecError {
    ExecError::Unsupported {
        construct: construct.into(),
    }
}

fn mismatch(reason: String) -> ExecError {
    ExecError::Mismatch(SemaMismatch { reason })
}

/// The register file or memory `e` names, if it is such a name.
fn register_file(e: &Expr) -> Option<RegisterFile> {
    match e {
        Expr::Name(n) => match n.kind() {
            NameKind::File(file) => Some(file),
            _ => None,
        },
        _ => None,
    }
}

fn is_lane_index(e: &Expr) -> bool {
    matches!(e, Expr::Name(n) if matches!(n.as_str(), "laneId" | "lane" | "threadId"))
}

fn u1(v: &Value) -> Result<bool, ExecError> {
    v.truthy()
        .ok_or_else(|| unsupported("non-scalar-condition"))
}

/// The integer `v` holds: moved out of an integer value, not copied.
fn need_int(v: Value) -> Result<Int, ExecError> {
    match v {
        Value::Int { v, .. } => Ok(v),
        other => other
            .as_int()
            .ok_or_else(|| unsupported("non-integer-value")),
    }
}

fn need_f64(v: &Value) -> Result<f64, ExecError> {
    v.as_f64().ok_or_else(|| unsupported("non-numeric-value"))
}

fn need_u32(v: Value) -> Result<u32, ExecError> {
    need_int(v)?
        .to_u32()
        .ok_or_else(|| unsupported("index-out-of-range"))
}

/// Integer result type of a binary operation on two integer operands.
fn join_int_ty(a: Option<Ty>, b: Option<Ty>) -> Option<Ty> {
    match (a, b) {
        (Some(x), Some(y)) => Some(if x.width != y.width {
            if x.width > y.width {
                x
            } else {
                y
            }
        } else if x.kind == y.kind {
            x
        } else {
            Ty::new(TyKind::U, x.width)
        }),
        (Some(x), None) | (None, Some(x)) => Some(x),
        (None, None) => None,
    }
}

fn join_float_ty(a: &Value, b: &Value) -> Ty {
    match (a, b) {
        (Value::Float { ty: x, .. }, Value::Float { ty: y, .. }) => {
            if x == y {
                *x
            } else if x.width == y.width {
                Ty::new(TyKind::F, 32)
            } else if x.width > y.width {
                *x
            } else {
                *y
            }
        }
        (Value::Float { ty, .. }, _) | (_, Value::Float { ty, .. }) => *ty,
        _ => Ty::new(TyKind::F, 64),
    }
}

/// A float literal: a single-precision one (`1.0F`, a 32-bit typed literal) is rounded to
/// f32, any other is an f64.
fn float_literal(value: f64, single: bool) -> Value {
    if single {
        float_value(value, Ty::new(TyKind::F, 32))
    } else {
        Value::Float {
            v: value,
            ty: Ty::new(TyKind::F, 64),
        }
    }
}

fn make_int(v: Int, ty: Option<Ty>) -> Value {
    match ty {
        Some(t) => int_value(v, t),
        None => Value::Int { v, ty: None },
    }
}

/// Reinterprets or converts `v` as a typed view (`x.u32`, `x.f16`).
fn view(v: Value, ty: Ty) -> Result<Value, ExecError> {
    if ty.is_float() {
        return Ok(match v {
            Value::Float { v: x, ty: t } if t == ty => Value::Float { v: x, ty },
            Value::Float { v: x, .. } => float_value(x, ty),
            other => {
                let bits = other
                    .bits(ty.width)
                    .ok_or_else(|| unsupported("view-of-aggregate"))?;
                Value::Float {
                    v: float_from_bits(u64_of(&bits), ty),
                    ty,
                }
            }
        });
    }
    let bits = v
        .bits(ty.width)
        .ok_or_else(|| unsupported("view-of-aggregate"))?;
    Ok(int_value(bits, ty))
}

/// `N'K(e)`: numeric conversion, except same-width bit-to-float reinterpretation.
fn cast(v: Value, ty: Ty, arg_is_hex: bool) -> Result<Value, ExecError> {
    if ty.is_float() {
        return Ok(match v {
            Value::Float { v: x, .. } => float_value(x, ty),
            Value::Int { ty: Some(t), .. } if t.kind == TyKind::B && t.width == ty.width => {
                view(v, ty)?
            }
            Value::Int { .. } if arg_is_hex => view(v, ty)?,
            other => float_value(need_f64(&other)?, ty),
        });
    }
    match v {
        Value::Float { ty: t, .. } if ty.kind == TyKind::B && t.width == ty.width => view(v, ty),
        Value::Float { v: x, .. } => {
            if x.is_nan() {
                return Ok(int_value(Int::zero(), ty));
            }
            let i = Value::Float {
                v: x,
                ty: Ty::new(TyKind::F, 64),
            }
            .as_int()
            .ok_or_else(|| unsupported("cast-of-infinity"))?;
            Ok(int_value(i, ty))
        }
        Value::Fixed { bits, frac } if ty.kind == TyKind::B => Ok(Value::Fixed {
            bits: normalize(bits, Ty::new(TyKind::U, ty.width)),
            frac,
        }),
        other => Ok(int_value(need_int(other)?, ty)),
    }
}

impl<'a> Interp<'a> {
    fn tick(&mut self) -> Result<(), ExecError> {
        self.steps += 1;
        if self.steps > STEP_LIMIT {
            return Err(unsupported("step-limit"));
        }
        Ok(())
    }

    /// The run reads what differs between lanes, or writes what every lane reads.
    fn lane_dependent(&mut self) {
        if let Some(trace) = &mut self.trace {
            trace.lane_dependent = true;
        }
    }

    /// The run reads scalar storage, which may be a lane mask it sets its bit of.
    fn scalar_read(&mut self, storage: Scalar) {
        if let Some(trace) = &mut self.trace {
            trace.scalar_read(storage);
        }
    }

    /// The run wrote its own lane's registers ([`lanes`]: the other lanes may take it).
    fn own_register_write(&mut self, agpr: bool, first: u32, width: u32, bits: &Int) {
        if let Some(trace) = &mut self.trace {
            trace.own_write(agpr, first, width, bits);
        }
    }

    /// Sets the current lane's bit of `mask` ([`lanes`]: the other lanes may take it).
    fn set_lane_bit(&mut self, mask: Scalar, bit: bool) -> Result<(), ExecError> {
        lanes::set_mask_bit(self.state, mask, self.lane, bit)?;
        if let Some(trace) = &mut self.trace {
            trace.own_mask_bit(mask, bit);
        }
        Ok(())
    }

    /// The lane mask `inner` names in `inner.u64[idx]` when `idx` is the current lane's
    /// number (`D0.u64[laneId]`, `EXEC.u64[laneId]`), so the lane sets only its own bit.
    fn own_lane_mask(&self, inner: &Expr, idx: &Expr) -> Result<Option<Scalar>, ExecError> {
        let own_lane = matches!(idx, Expr::Name(l)
            if l.kind() == NameKind::Builtin(Builtin::Lane) && !self.is_local(l));
        let Expr::Name(n) = inner else {
            return Ok(None);
        };
        if !own_lane || self.is_local(n) {
            return Ok(None);
        }
        if n.kind() == NameKind::State {
            return Ok(match n.as_str() {
                "VCC" => Some(Scalar::Vcc),
                "EXEC" => Some(Scalar::Exec),
                _ => None,
            });
        }
        match self.operand(n) {
            Some(operand) => self.operand_mask(n, operand),
            None => Ok(None),
        }
    }

    /// `operand`'s storage when it can hold a lane mask, after the check a read or write
    /// of the wave's bits of it makes.
    fn operand_mask(&self, n: &str, operand: &BoundOperand) -> Result<Option<Scalar>, ExecError> {
        let wave = self.state.wave_size;
        Ok(match operand.value {
            BoundValue::Sgpr { first, count } => {
                self.check_tuple(n, first, count, wave, true)?;
                Some(Scalar::sgprs(first, wave))
            }
            BoundValue::Ttmp { first, count } => {
                self.check_tuple(n, first, count, wave, true)?;
                Some(Scalar::ttmps(first, wave))
            }
            BoundValue::Special(SpecialReg::Vcc) => Some(Scalar::Vcc),
            BoundValue::Special(SpecialReg::Exec) => Some(Scalar::Exec),
            _ => None,
        })
    }

    fn block(&mut self, stmts: &[Stmt]) -> Result<Flow, ExecError> {
        for s in stmts {
            match self.stmt(s)? {
                Flow::Normal => {}
                other => return Ok(other),
            }
        }
        Ok(Flow::Normal)
    }

    fn stmt(&mut self, s: &Stmt) -> Result<Flow, ExecError> {
        match s {
            Stmt::Assign { target, op, value } => {
                let rhs = self.eval(value)?;
                let v = match op {
                    None => rhs,
                    Some(op) => {
                        let old = self.eval(target)?;
                        self.binary(*op, old, rhs)?
                    }
                };
                self.assign(target, v)?;
            }
            Stmt::Expr(e) => {
                self.eval_call_statement(e)?;
            }
            Stmt::If { arms, otherwise } => {
                for (cond, body) in arms {
                    let c = self.eval(cond)?;
                    if u1(&c)? {
                        return self.block(body);
                    }
                }
                return self.block(otherwise);
            }
            Stmt::For {
                var,
                from,
                to,
                body,
            } => {
                let from_v = self.eval(from)?;
                let to_v = self.eval(to)?;
                let ty = match (&from_v, self.local(var)) {
                    (_, Some(Value::Int { ty: Some(t), .. })) => Some(*t),
                    (Value::Int { ty, .. }, _) => *ty,
                    _ => None,
                };
                let (a, b) = (need_int(from_v)?, need_int(to_v)?);
                let mut i = a;
                while i <= b {
                    self.tick()?;
                    self.set_local(var, make_int(i.clone(), ty));
                    match self.block(body)? {
                        Flow::Normal => {}
                        Flow::Break => break,
                        ret @ Flow::Return(_) => return Ok(ret),
                    }
                    i += 1;
                }
            }
            Stmt::Declare { name, ty, len } => {
                // Texts also declare the inputs they read, to give them a type: a bound
                // operand (`declare OFFSET0 : 8'U`) stays the operand.
                if len.is_none() && self.operand(name).is_some() {
                    return Ok(Flow::Normal);
                }
                let len = match len {
                    Some(n) => Some(need_u32(self.eval(n)?)?),
                    None => None,
                };
                let v = match (len, self.declared_sources(name, *ty, len)?) {
                    (_, Some(sources)) => sources,
                    (Some(n), None) => Value::Array(vec![zero_of(*ty); n as usize]),
                    (None, None) => zero_of(*ty),
                };
                self.set_local(name, v);
            }
            Stmt::Seq(stmts) => return self.block(stmts),
            Stmt::Break => return Ok(Flow::Break),
            Stmt::Return(e) => {
                let v = match e {
                    Some(e) => Some(self.eval(e)?),
                    None => None,
                };
                return Ok(Flow::Return(v));
            }
        }
        Ok(Flow::Normal)
    }

    /// `declare S : 32'B[3]` where `S0`..`S2` are bound: the array of those operands, read
    /// as the declared type. `None`: the name is a fresh local.
    fn declared_sources(
        &mut self,
        name: &str,
        ty: Ty,
        len: Option<u32>,
    ) -> Result<Option<Value>, ExecError> {
        let Some(n) = len else {
            return Ok(None);
        };
        let names: Vec<String> = (0..n).map(|k| format!("{name}{k}")).collect();
        let operands: Option<Vec<&BoundOperand>> = (names.iter())
            .map(|k| self.binding.operands.get(k))
            .collect();
        let Some(operands) = operands.filter(|_| n > 0) else {
            return Ok(None);
        };
        let mut items = Vec::with_capacity(names.len());
        for (k, operand) in names.iter().zip(operands) {
            let float_view = ty.is_float().then_some(ty);
            let bits = self.read_operand(k, operand, Some(ty.width), float_view)?;
            items.push(view(int_value(bits, Ty::new(TyKind::B, ty.width)), ty)?);
        }
        Ok(Some(Value::Array(items)))
    }

    fn eval_call_statement(&mut self, e: &Expr) -> Result<(), ExecError> {
        match e {
            Expr::Call(name, _) if matches!(name.as_str(), "nop" | "v_nop" | "s_nop") => Ok(()),
            _ => self.eval(e).map(|_| ()),
        }
    }

    // ---------------------------------------------------------------- reads

    /// Is `e` a storage location whose width the enclosing typed view chooses?
    fn is_storage(&self, e: &Expr) -> bool {
        match e {
            Expr::Name(n) => {
                !self.is_local(n) && (n.kind() == NameKind::State || self.operand(n).is_some())
            }
            Expr::Index(base, _) => self.is_indexed_storage(base),
            _ => false,
        }
    }

    /// Is `base[i]` a storage location (a register file, memory, a VGPR of a lane)?
    fn is_indexed_storage(&self, base: &Expr) -> bool {
        match base {
            Expr::Name(n) => {
                !self.is_local(n)
                    && matches!(
                        register_file(base),
                        Some(
                            RegisterFile::Sgpr
                                | RegisterFile::Mem
                                | RegisterFile::Lds
                                | RegisterFile::HwRegisters
                        )
                    )
            }
            Expr::Index(inner, _) => register_file(inner) == Some(RegisterFile::Vgpr),
            _ => false,
        }
    }

    /// Reads a storage location at `width` bits (`None`: its natural width).
    fn read_storage(
        &mut self,
        e: &Expr,
        width: Option<u32>,
        float_view: Option<Ty>,
    ) -> Result<Int, ExecError> {
        match e {
            Expr::Name(n) => self.read_name(n, width, float_view),
            Expr::Index(base, idx) => {
                let w = width.unwrap_or(32);
                let index = need_int(self.eval(idx)?)?;
                match base.as_ref() {
                    e if register_file(e) == Some(RegisterFile::Sgpr) => {
                        let first = index.to_u32().ok_or_else(|| unsupported("sgpr-index"))?;
                        self.scalar_read(Scalar::sgprs(first, w));
                        self.state.read_sgprs(first, w)
                    }
                    e if register_file(e) == Some(RegisterFile::HwRegisters) => {
                        let id = index
                            .to_u32()
                            .ok_or_else(|| unsupported("hw-register-index"))?;
                        Ok(self.state.read_hw_reg(id)? & mask(w))
                    }
                    Expr::Name(_) => Ok(self.state.read_mem(u64_of(&index), w)),
                    Expr::Index(_, lane) => {
                        let lane = need_u32(self.eval(lane)?)?;
                        let first = index.to_u32().ok_or_else(|| unsupported("vgpr-index"))?;
                        self.lane_dependent();
                        self.state.read_vgprs(lane, first, w)
                    }
                    _ => Err(unsupported("storage-index")),
                }
            }
            _ => Err(unsupported("storage")),
        }
    }

    /// A state name's or an operand's bits.
    fn read_name(
        &mut self,
        n: &Name,
        width: Option<u32>,
        float_view: Option<Ty>,
    ) -> Result<Int, ExecError> {
        if n.kind() == NameKind::State {
            self.read_state(n, width)
        } else {
            let operand = self.bound(n)?;
            self.read_operand(n, operand, width, float_view)
        }
    }

    fn read_state(&mut self, n: &str, width: Option<u32>) -> Result<Int, ExecError> {
        let w = width.unwrap_or(64);
        match n {
            "VCC" | "VCC_LO" | "VCC_HI" | "VCCZ" => self.scalar_read(Scalar::Vcc),
            "EXEC" | "EXEC_LO" | "EXEC_HI" | "EXECZ" => self.scalar_read(Scalar::Exec),
            _ => {}
        }
        let v = match n {
            "EXEC" => self.state.exec,
            "VCC" => self.state.vcc,
            "EXEC_LO" => self.state.exec & 0xffff_ffff,
            "EXEC_HI" => self.state.exec >> 32,
            "VCC_LO" => self.state.vcc & 0xffff_ffff,
            "VCC_HI" => self.state.vcc >> 32,
            "SCC" => u64::from(self.state.scc),
            "M0" => u64::from(self.state.m0),
            "PC" => self.state.pc,
            "ROUND_MODE" => u64::from(self.state.round_mode),
            // Read-only flags the hardware derives from EXEC and VCC.
            "EXECZ" => u64::from(self.state.exec == 0),
            "VCCZ" => u64::from(self.state.vcc == 0),
            _ => return Err(unsupported(format!("state:{n}"))),
        };
        Ok(normalize(Int::from(v), Ty::new(TyKind::U, w.min(64))))
    }

    fn write_state(&mut self, n: &str, bits: &Int) -> Result<(), ExecError> {
        self.lane_dependent();
        let v = u64_of(bits);
        match n {
            "EXEC" => self.state.exec = v,
            "VCC" => self.state.vcc = v,
            "EXEC_LO" => self.state.exec = (self.state.exec & !0xffff_ffff) | (v & 0xffff_ffff),
            "EXEC_HI" => self.state.exec = (self.state.exec & 0xffff_ffff) | (v << 32),
            "VCC_LO" => self.state.vcc = (self.state.vcc & !0xffff_ffff) | (v & 0xffff_ffff),
            "VCC_HI" => self.state.vcc = (self.state.vcc & 0xffff_ffff) | (v << 32),
            "SCC" => self.state.scc = v & 1 == 1,
            "M0" => self.state.m0 = v as u32,
            "PC" => self.state.pc = v,
            "ROUND_MODE" => self.state.round_mode = (v & 3) as u8,
            _ => return Err(unsupported(format!("state:{n}"))),
        }
        Ok(())
    }

    fn operand(&self, n: &Name) -> Option<&'a BoundOperand> {
        self.operands.get(n.slot()).copied().flatten()
    }

    fn bound(&self, n: &Name) -> Result<&'a BoundOperand, ExecError> {
        self.operand(n)
            .ok_or_else(|| unsupported(format!("unbound:{n}")))
    }

    fn check_tuple(
        &self,
        n: &str,
        first: u32,
        count: u32,
        w: u32,
        scalar: bool,
    ) -> Result<(), ExecError> {
        if w > 32 * count {
            return Err(mismatch(format!(
                "{n}: {w}-bit use of a {count}-register operand"
            )));
        }
        if scalar && w >= 64 && first & 1 != 0 {
            return Err(mismatch(format!(
                "{n}: {w}-bit use of an SGPR tuple starting at odd register {first}"
            )));
        }
        Ok(())
    }

    /// The width a state name or an operand has when the text reads it bare.
    fn natural_name_width(&self, n: &Name) -> Result<u32, ExecError> {
        if n.kind() != NameKind::State {
            return Ok(self.natural_width(self.bound(n)?));
        }
        Ok(match n.as_str() {
            "SCC" => 1,
            "ROUND_MODE" => 2,
            "M0" | "EXEC_LO" | "EXEC_HI" | "VCC_LO" | "VCC_HI" => 32,
            "PC" => 64,
            _ => self.state.wave_size,
        })
    }

    fn natural_width(&self, operand: &BoundOperand) -> u32 {
        match operand.value {
            BoundValue::Sgpr { count, .. }
            | BoundValue::Vgpr { count, .. }
            | BoundValue::Agpr { count, .. }
            | BoundValue::Ttmp { count, .. } => 32 * count,
            BoundValue::Special(SpecialReg::Vcc | SpecialReg::Exec) => self.state.wave_size,
            BoundValue::Special(SpecialReg::Scc) => 1,
            BoundValue::Address { .. } => 64,
            _ => 32,
        }
    }

    /// Reads `operand`, which the text names `n`. `float_view`: the float type the text
    /// reads it as, if any (an inline float constant takes its bits in that format: bf16
    /// for `S0.bf16`).
    fn read_operand(
        &mut self,
        n: &str,
        operand: &BoundOperand,
        width: Option<u32>,
        float_view: Option<Ty>,
    ) -> Result<Int, ExecError> {
        let w = width.unwrap_or_else(|| self.natural_width(operand));
        if self.is_lane_bit(n, w) {
            self.lane_dependent();
            let mask = self.read_operand(n, operand, Some(self.state.wave_size), None)?;
            return Ok(Int::from(u8::from(mask.bit(u64::from(self.lane)))));
        }
        match operand.value {
            BoundValue::Sgpr { first, count } => {
                self.check_tuple(n, first, count, w, true)?;
                self.scalar_read(Scalar::sgprs(first, w));
                self.state.read_sgprs(first, w)
            }
            BoundValue::Ttmp { first, count } => {
                self.check_tuple(n, first, count, w, true)?;
                self.scalar_read(Scalar::ttmps(first, w));
                self.state.read_ttmps(first, w)
            }
            BoundValue::Vgpr { first, count } => {
                self.check_tuple(n, first, count, w, false)?;
                self.lane_dependent();
                self.state.read_vgprs(self.lane, first, w)
            }
            BoundValue::Agpr { first, count } => {
                self.check_tuple(n, first, count, w, false)?;
                self.lane_dependent();
                self.state.read_agprs(self.lane, first, w)
            }
            BoundValue::Special(r) => {
                let name = match r {
                    SpecialReg::Vcc => "VCC",
                    SpecialReg::Exec => "EXEC",
                    SpecialReg::M0 => "M0",
                    SpecialReg::Scc => "SCC",
                    SpecialReg::Null => return Ok(Int::zero()),
                };
                if w > 64 {
                    return Err(mismatch(format!("{n}: {w}-bit use of {name}")));
                }
                self.read_state(name, Some(w))
            }
            BoundValue::InlineInt(i) => Ok(normalize(Int::from(i), Ty::new(TyKind::U, w))),
            BoundValue::InlineFloat(x) => {
                let bf16 = float_view.filter(|t| t.kind == TyKind::BF && w == 16);
                let ty = float_ty(bf16.unwrap_or(Ty::new(TyKind::F, w)));
                let bits = float_to_bits(round_float(x, ty), ty);
                Ok(normalize(Int::from(bits), Ty::new(TyKind::U, w)))
            }
            BoundValue::Literal(l) => {
                if w == 64 && float_view.is_some() {
                    Ok(Int::from(l) << 32)
                } else {
                    Ok(normalize(Int::from(l), Ty::new(TyKind::U, w)))
                }
            }
            BoundValue::Literal64(l) => Ok(normalize(Int::from(l), Ty::new(TyKind::U, w))),
            BoundValue::Imm(i) => Ok(normalize(Int::from(i), Ty::new(TyKind::U, w))),
            BoundValue::Address { fixed, vgpr } => {
                let mut address = Int::from(fixed);
                if let Some((first, count)) = vgpr {
                    self.lane_dependent();
                    address += self.state.read_vgprs(self.lane, first, 32 * count)?;
                }
                Ok(normalize(address, Ty::new(TyKind::U, w)))
            }
            BoundValue::Implicit => Err(unsupported(format!("implicit:{n}"))),
            BoundValue::Unavailable(ref construct) => Err(unsupported(construct.as_str())),
        }
    }

    /// VOP3 `abs`/`neg` on a float read of source `Sk`: clear, then flip, the sign bit.
    fn input_modifiers(&self, e: &Expr, bits: Int, width: u32) -> Int {
        if self.modifiers.abs | self.modifiers.neg == 0 {
            return bits;
        }
        let source = match e {
            Expr::Name(n) if self.binding.float_modifiers && !self.is_local(n) => {
                ["S0", "S1", "S2"].iter().position(|s| *s == n.as_str())
            }
            _ => None,
        };
        let Some(k) = source else { return bits };
        let sign = Int::from(1u8) << (width - 1);
        let mut bits = bits;
        if self.modifiers.abs >> k & 1 == 1 {
            bits &= !sign.clone() & mask(width);
        }
        if self.modifiers.neg >> k & 1 == 1 {
            bits ^= sign;
        }
        bits
    }

    /// VOP3 output modifiers on a float write of `D0`: scale by OMOD (x2, x4, /2),
    /// then clamp to [0, 1].
    fn output_modifiers(&self, e: &Expr, v: Value) -> Result<Value, ExecError> {
        let Value::Float { v: x, ty } = v else {
            return Ok(v);
        };
        let is_d0 = matches!(e, Expr::Name(n) if n == "D0" && !self.is_local(n));
        if !self.binding.float_modifiers || !is_d0 {
            return Ok(Value::Float { v: x, ty });
        }
        let scaled = match self.modifiers.omod {
            1 => x * 2.0,
            2 => x * 4.0,
            3 => x * 0.5,
            _ => x,
        };
        let clamped = if self.modifiers.clamp & 1 == 1 && !scaled.is_nan() {
            scaled.clamp(0.0, 1.0)
        } else {
            scaled
        };
        Ok(float_value(clamped, ty))
    }

    /// Is `n` at width `w` this lane's bit of a lane mask? VOP3SD's second result `D1`
    /// (carry-out) is written as `D1.u1` per lane but is a mask with one bit per lane.
    fn is_lane_bit(&self, n: &str, w: u32) -> bool {
        n == "D1" && w == 1 && self.binding.per_lane
    }

    /// Writes `operand`, which the text names `n`.
    fn write_operand(
        &mut self,
        n: &str,
        operand: &BoundOperand,
        bits: &Int,
        w: u32,
    ) -> Result<(), ExecError> {
        if self.is_lane_bit(n, w) {
            if let Some(mask) = self.operand_mask(n, operand)? {
                return self.set_lane_bit(mask, bits.bit(0));
            }
            self.lane_dependent();
            let wave = self.state.wave_size;
            let mut mask = self.read_operand(n, operand, Some(wave), None)?;
            mask.set_bit(u64::from(self.lane), bits.bit(0));
            return self.write_operand(n, operand, &mask, wave);
        }
        match operand.value {
            BoundValue::Sgpr { first, count } => {
                self.check_tuple(n, first, count, w, true)?;
                self.lane_dependent();
                self.state.write_sgprs(first, w, bits)
            }
            BoundValue::Ttmp { first, count } => {
                self.check_tuple(n, first, count, w, true)?;
                self.lane_dependent();
                self.state.write_ttmps(first, w, bits)
            }
            BoundValue::Vgpr { first, count } => {
                self.check_tuple(n, first, count, w, false)?;
                self.state.write_vgprs(self.lane, first, w, bits)?;
                self.own_register_write(false, first, w, bits);
                Ok(())
            }
            BoundValue::Agpr { first, count } => {
                self.check_tuple(n, first, count, w, false)?;
                self.state.write_agprs(self.lane, first, w, bits)?;
                self.own_register_write(true, first, w, bits);
                Ok(())
            }
            BoundValue::Special(r) => match r {
                SpecialReg::Vcc => self.write_state("VCC", bits),
                SpecialReg::Exec => self.write_state("EXEC", bits),
                SpecialReg::M0 => self.write_state("M0", bits),
                SpecialReg::Scc => self.write_state("SCC", bits),
                SpecialReg::Null => Ok(()),
            },
            BoundValue::Unavailable(ref construct) => Err(unsupported(construct.as_str())),
            _ => Err(mismatch(format!("{n}: write to a constant operand"))),
        }
    }

    fn eval(&mut self, e: &Expr) -> Result<Value, ExecError> {
        match e {
            Expr::Int { value, ty, .. } => Ok(make_int(value.clone(), *ty)),
            Expr::Float { value, single } => Ok(float_literal(*value, *single)),
            Expr::Name(n) => self.eval_name(n),
            Expr::Typed(inner, ty) => self.eval_typed(inner, *ty),
            Expr::Field(base, field) => {
                let base = self.mode_field_base(base, field)?;
                // Nearly every state has written no field: no key is spelled to find that.
                let v = if self.state.fields.is_empty() {
                    Int::zero()
                } else {
                    (self.state.fields.get(&format!("{base}.{field}")))
                        .cloned()
                        .unwrap_or_default()
                };
                Ok(Value::Int { v, ty: None })
            }
            Expr::Slice(base, hi, lo) => self.eval_slice(base, hi, lo),
            Expr::Index(base, idx) => self.eval_index(e, base, idx),
            Expr::Call(name, args) => self.call(name, args),
            Expr::Cast(ty, inner) => self.eval_cast(*ty, inner),
            Expr::Unary(op, inner) => {
                let v = self.eval(inner)?;
                unary(*op, v)
            }
            Expr::Binary(op, a, b) => self.eval_binary(*op, a, b),
            Expr::Ternary(c, a, b) => {
                let cv = self.eval(c)?;
                if u1(&cv)? {
                    self.eval(a)
                } else {
                    self.eval(b)
                }
            }
            Expr::Concat(parts) => self.eval_concat(parts),
            Expr::Lambda(lambda) => Ok(Value::Lambda(Arc::clone(lambda))),
        }
    }

    /// `inner.ty`: storage is read at the type's width (floats with their input
    /// modifiers applied); any other value is viewed as `ty`.
    fn eval_typed(&mut self, inner: &Expr, ty: Ty) -> Result<Value, ExecError> {
        if self.is_storage(inner) {
            let bits = self.read_storage(inner, Some(ty.width), ty.is_float().then_some(ty))?;
            if !ty.is_float() {
                return Ok(int_value(bits, ty));
            }
            // The view of the bits read, made directly: `view` of a bit value would
            // normalise and copy them once more.
            let bits = self.input_modifiers(inner, bits, ty.width);
            let bits = normalize(bits, Ty::new(TyKind::U, ty.width));
            return Ok(Value::Float {
                v: float_from_bits(u64_of(&bits), ty),
                ty,
            });
        }
        let v = self.eval(inner)?;
        view(v, ty)
    }

    /// `base[hi : lo]`: the bits from `lo` to `hi`, reversed when `hi < lo`.
    fn eval_slice(&mut self, base: &Expr, hi: &Expr, lo: &Expr) -> Result<Value, ExecError> {
        let (hi, lo) = (self.bit_position(hi)?, self.bit_position(lo)?);
        let base = self.beneath_view(base, hi.max(lo));
        if hi < lo {
            // `x[0 : 31]` names the same bits in reverse order.
            let v = self.eval(&Expr::Slice(
                Box::new(base.clone()),
                Box::new(int_expr(lo)),
                Box::new(int_expr(hi)),
            ))?;
            let bits = v
                .own_bits()
                .ok_or_else(|| unsupported("slice-of-aggregate"))?;
            return Ok(int_value(
                reverse_bits(&bits, lo - hi + 1),
                Ty::new(TyKind::U, lo - hi + 1),
            ));
        }
        let v = if self.is_storage(base) {
            let w = self.natural_storage_width(base)?.max(hi + 1);
            Value::Int {
                v: self.read_storage(base, Some(w), None)?,
                ty: Some(Ty::new(TyKind::B, w)),
            }
        } else {
            self.eval(base)?
        };
        let width = hi - lo + 1;
        if let Value::Fixed { bits, frac } = v {
            return Ok(Value::Fixed {
                bits: (bits >> lo) & mask(width),
                frac,
            });
        }
        let bits = v
            .bits(hi + 1)
            .ok_or_else(|| unsupported("slice-of-aggregate"))?;
        Ok(int_value(bits >> lo, Ty::new(TyKind::U, width)))
    }

    /// `ty(inner)`: a wide integer cast of an exact fraction stays exact (fixed point);
    /// otherwise the value is cast, an unsuffixed hex literal as its bits.
    fn eval_cast(&mut self, ty: Ty, inner: &Expr) -> Result<Value, ExecError> {
        if ty.width > 64 && !ty.is_float() {
            if let Some(bits) = exact_fraction(inner, ty.width)? {
                return Ok(Value::Fixed {
                    bits,
                    frac: ty.width,
                });
            }
        }
        let hex = matches!(
            inner,
            Expr::Int {
                hex: true,
                ty: None,
                ..
            }
        );
        let v = self.eval(inner)?;
        cast(v, ty, hex)
    }

    /// `a op b`; `&&` and `||` short-circuit, since later operands may be undefined
    /// when earlier ones decide.
    fn eval_binary(&mut self, op: BinOp, a: &Expr, b: &Expr) -> Result<Value, ExecError> {
        let av = self.eval(a)?;
        match op {
            BinOp::And if !u1(&av)? => return Ok(bool_value(false)),
            BinOp::Or if u1(&av)? => return Ok(bool_value(true)),
            _ => {}
        }
        let bv = self.eval(b)?;
        self.binary(op, av, bv)
    }

    /// `{a, b, ...}`: the parts' bits side by side, the first part highest.
    fn eval_concat(&mut self, parts: &[Expr]) -> Result<Value, ExecError> {
        let mut acc = Int::zero();
        let mut width = 0u32;
        for p in parts {
            let v = self.eval(p)?;
            let w = v.width().ok_or_else(|| unsupported("concat-of-unsized"))?;
            let bits = v
                .bits(w)
                .ok_or_else(|| unsupported("concat-of-aggregate"))?;
            acc = (acc << w) | bits;
            width += w;
        }
        Ok(int_value(acc, Ty::new(TyKind::B, width)))
    }

    fn natural_storage_width(&self, e: &Expr) -> Result<u32, ExecError> {
        match e {
            Expr::Name(n) => self.natural_name_width(n),
            Expr::Index(base, _) => Ok(self.indexed_storage_width(base)),
            _ => Ok(32),
        }
    }

    /// The width `base[i]` is read and written at when no view gives one.
    fn indexed_storage_width(&self, base: &Expr) -> u32 {
        match base {
            e if matches!(
                register_file(e),
                Some(RegisterFile::Mem | RegisterFile::Lds)
            ) =>
            {
                self.implicit.memory_width.unwrap_or(32)
            }
            _ => 32,
        }
    }

    fn eval_name(&mut self, n: &Name) -> Result<Value, ExecError> {
        if let Some(v) = self.local(n) {
            return Ok(v.clone());
        }
        if let NameKind::Builtin(builtin) = n.kind() {
            return Ok(self.builtin_value(builtin));
        }
        if n.kind() == NameKind::State || self.operand(n).is_some() {
            let w = self.natural_name_width(n)?;
            let bits = self.read_name(n, Some(w), None)?;
            return Ok(int_value(bits, Ty::new(TyKind::B, w)));
        }
        Err(unsupported(format!("unbound:{n}")))
    }

    fn builtin_value(&mut self, builtin: Builtin) -> Value {
        let f64_value = |v: f64| Value::Float {
            v,
            ty: Ty::new(TyKind::F, 64),
        };
        match builtin {
            Builtin::RoundMode(mode) => Value::Int {
                v: Int::from(mode),
                ty: None,
            },
            Builtin::Lane => {
                self.lane_dependent();
                Value::Int {
                    v: Int::from(self.lane),
                    ty: Some(Ty::new(TyKind::U, 32)),
                }
            }
            Builtin::Wave32 => bool_value(self.state.wave_size == 32),
            Builtin::Wave64 => bool_value(self.state.wave_size == 64),
            Builtin::Pi => f64_value(std::f64::consts::PI),
            Builtin::Infinity => f64_value(f64::INFINITY),
            Builtin::NotANumber => f64_value(f64::NAN),
            Builtin::MaxFloatF32 => float_value(f64::from(f32::MAX), Ty::new(TyKind::F, 32)),
            Builtin::MaxFloatF64 => f64_value(f64::MAX),
            Builtin::True => bool_value(true),
            Builtin::False => bool_value(false),
        }
    }

    /// The storage under a typed view that a bit range reaches past (`D0.u32[63 : 32]`
    /// names the high dword of a 64-bit D0), else `base` itself.
    fn beneath_view<'e>(&self, base: &'e Expr, top: u32) -> &'e Expr {
        match base {
            Expr::Typed(inner, ty) if top >= ty.width && self.is_storage(inner) => inner,
            _ => base,
        }
    }

    /// A bit position (`x[hi : lo]`, `x[i]`): values are never wider than [`MAX_BITS`],
    /// and an input-dependent position past that (an operand used as a bit index) would
    /// otherwise build a mask of billions of bits.
    fn bit_position(&mut self, e: &Expr) -> Result<u32, ExecError> {
        let n = match e {
            // Most positions are written as numbers (`S0[31 : 16]`): read without a value.
            Expr::Int {
                value, ty: None, ..
            } => value
                .to_u32()
                .ok_or_else(|| unsupported("index-out-of-range"))?,
            _ => need_u32(self.eval(e)?)?,
        };
        if n >= MAX_BITS {
            return Err(unsupported("bit-position-past-4096"));
        }
        Ok(n)
    }

    /// `indexed` is `base[idx]`.
    fn eval_index(&mut self, indexed: &Expr, base: &Expr, idx: &Expr) -> Result<Value, ExecError> {
        if self.is_storage(indexed) {
            let w = self.natural_storage_width(indexed)?;
            let bits = self.read_storage(indexed, Some(w), None)?;
            return Ok(int_value(bits, Ty::new(TyKind::B, w)));
        }
        if register_file(base) == Some(RegisterFile::Vgpr) {
            // `VGPR[lane]` alone is a row of registers; only `VGPR[lane][reg]` is a value.
            return Err(unsupported("vgpr-row"));
        }
        // A lane-mask bit: `D0.u64[laneId]` needs only as many bits as the wave has lanes.
        if let Expr::Typed(inner, ty) = base {
            if is_lane_index(idx) && ty.width == 64 && self.is_storage(inner) {
                let w = self.state.wave_size;
                let bits = self.read_storage(inner, Some(w), None)?;
                let i = need_u32(self.eval(idx)?)?;
                return Ok(bool_value(bits.bit(u64::from(i))));
            }
        }
        // An element of a local array is read in place: evaluating the name would copy the
        // whole array to read one element.
        if let Expr::Name(n) = base {
            if matches!(self.local(n), Some(Value::Array(_))) {
                let i = need_int(self.eval(idx)?)?;
                return match self.local(n) {
                    Some(Value::Array(items)) => array_element(items, &i),
                    _ => Err(unsupported("array-index")),
                };
            }
        }
        let v = self.eval(base)?;
        let i = need_int(self.eval(idx)?)?;
        match v {
            Value::Array(items) => array_element(&items, &i),
            other => {
                let i = i.to_u64().ok_or_else(|| unsupported("bit-index"))?;
                let bit = match &other {
                    // Two's complement at any position: past the width, the sign.
                    Value::Int { v, .. } => v.bit(i),
                    _ => other
                        .own_bits()
                        .ok_or_else(|| unsupported("bit-of-aggregate"))?
                        .bit(i),
                };
                Ok(bool_value(bit))
            }
        }
    }

    // ---------------------------------------------------------------- writes

    fn assign(&mut self, target: &Expr, v: Value) -> Result<(), ExecError> {
        match target {
            Expr::Name(n) => self.assign_name(target, n, v),
            Expr::Typed(inner, ty) => self.assign_typed(inner, *ty, v),
            Expr::Slice(base, hi, lo) => {
                let (hi, lo) = (self.bit_position(hi)?, self.bit_position(lo)?);
                let base = self.beneath_view(base, hi.max(lo));
                if hi < lo {
                    let w = lo - hi + 1;
                    let bits = v.bits(w).ok_or_else(|| unsupported("store-of-aggregate"))?;
                    let reversed = int_value(reverse_bits(&bits, w), Ty::new(TyKind::B, w));
                    return self.replace_bits(base, lo, hi, &reversed);
                }
                self.replace_bits(base, hi, lo, &v)
            }
            Expr::Index(base, idx) => self.assign_index(base, idx, v),
            Expr::Concat(parts) => self.assign_concat(parts, v),
            Expr::Field(base, field) => {
                self.lane_dependent();
                let key = format!("{}.{field}", self.mode_field_base(base, field)?);
                let i = need_int(v)?;
                self.state.fields.insert(key, i);
                Ok(())
            }
            _ => Err(unsupported("assign-target")),
        }
    }

    /// `n = v` (`target` is `n`): a register, operand or state name is written to storage
    /// at the value's width; a local is set, keeping its declared type.
    fn assign_name(&mut self, target: &Expr, n: &Name, v: Value) -> Result<(), ExecError> {
        if !self.is_local(n) && (n.kind() == NameKind::State || self.operand(n).is_some()) {
            let w = match v.width() {
                Some(w) => w,
                None => self.natural_storage_width(target)?,
            };
            let bits = v.bits(w).ok_or_else(|| unsupported("store-of-aggregate"))?;
            return self.write_storage(target, &bits, w);
        }
        // A declared local keeps its declared type.
        let v = match self.local(n) {
            Some(Value::Int { ty: Some(t), .. }) if !matches!(v, Value::Fixed { .. }) => {
                store_convert(v, *t)?
            }
            Some(Value::Float { ty, .. }) => store_convert(v, *ty)?,
            _ => v,
        };
        self.set_local(n, v);
        Ok(())
    }

    /// The register `base.field` is a field of (`WAVE_MODE` of `WAVE_MODE.IEEE`): a mode or
    /// status field, kept by name in the state. A field of an operand is not one: the
    /// older texts' `S0.lane[i]` (lane `i` of the source, RDNA1's V_PERMLANE16_B32) would
    /// otherwise read and write a field nothing else knows of.
    fn mode_field_base<'e>(&self, base: &'e Expr, field: &str) -> Result<&'e str, ExecError> {
        match base {
            Expr::Name(n) if !self.is_local(n) && self.operand(n).is_some() => {
                Err(unsupported(format!("operand-field:{field}")))
            }
            Expr::Name(n) => Ok(n.as_str()),
            _ => Err(unsupported("field-of-expression")),
        }
    }

    fn is_local(&self, n: &Name) -> bool {
        self.locals[n.slot()].is_some()
    }

    fn local(&self, n: &Name) -> Option<&Value> {
        self.locals[n.slot()].as_ref()
    }

    fn set_local(&mut self, n: &Name, v: Value) {
        self.wrote_locals = true;
        self.locals[n.slot()] = Some(v);
    }

    /// `inner.ty = v`: the value is converted to `ty` (float output modifiers applied)
    /// and stored at that width.
    fn assign_typed(&mut self, inner: &Expr, ty: Ty, v: Value) -> Result<(), ExecError> {
        let mut converted = store_convert(v, ty)?;
        if ty.is_float() {
            converted = self.output_modifiers(inner, converted)?;
        }
        if self.is_storage(inner) {
            let bits = converted
                .bits(ty.width)
                .ok_or_else(|| unsupported("store-of-aggregate"))?;
            return self.write_storage(inner, &bits, ty.width);
        }
        if let Expr::Name(n) = inner {
            self.set_local(n, converted);
            return Ok(());
        }
        self.assign(inner, converted)
    }

    /// `base[idx] = v`: a register or memory element, a lane's bit of a wave mask, an
    /// element of a local array, or else one bit of `base`.
    fn assign_index(&mut self, base: &Expr, idx: &Expr, v: Value) -> Result<(), ExecError> {
        if self.is_indexed_storage(base) {
            let w = v
                .width()
                .unwrap_or_else(|| self.indexed_storage_width(base));
            let bits = v.bits(w).ok_or_else(|| unsupported("store-of-aggregate"))?;
            return self.write_indexed(base, idx, &bits, w);
        }
        if let Expr::Typed(inner, ty) = base {
            if is_lane_index(idx) && ty.width == 64 && self.is_storage(inner) {
                if let Some(mask) = self.own_lane_mask(inner, idx)? {
                    return self.set_lane_bit(mask, u1(&v)?);
                }
                let w = self.state.wave_size;
                let i = need_u32(self.eval(idx)?)?;
                let mut bits = self.read_storage(inner, Some(w), None)?;
                bits.set_bit(u64::from(i), u1(&v)?);
                return self.write_storage(inner, &bits, w);
            }
        }
        if let Expr::Name(n) = base {
            if let Some(Value::Array(_)) = self.local(n) {
                return self.assign_array_element(n, idx, v);
            }
        }
        let i = self.bit_position(idx)?;
        self.replace_bits(base, i, i, &v)
    }

    /// `n[idx] = v` for the local array `n`: the element keeps its type.
    fn assign_array_element(&mut self, n: &Name, idx: &Expr, v: Value) -> Result<(), ExecError> {
        let i = need_int(self.eval(idx)?)?
            .to_usize()
            .ok_or_else(|| unsupported("array-index"))?;
        let Some(Value::Array(items)) = &mut self.locals[n.slot()] else {
            unreachable!("checked above")
        };
        let slot = items
            .get_mut(i)
            .ok_or_else(|| unsupported("array-index-out-of-range"))?;
        let elem_ty = match slot {
            Value::Int { ty: Some(t), .. } => Some(*t),
            Value::Float { ty, .. } => Some(*ty),
            _ => None,
        };
        *slot = match elem_ty {
            Some(t) => store_convert(v, t)?,
            None => v,
        };
        Ok(())
    }

    /// `{ hi, ..., lo } = v`: every part needs a width to know where it starts.
    fn assign_concat(&mut self, parts: &[Expr], v: Value) -> Result<(), ExecError> {
        let mut widths = Vec::with_capacity(parts.len());
        for p in parts {
            widths.push(self.target_width(p)?);
        }
        let total: u32 = widths.iter().sum();
        let bits = v
            .bits(total)
            .ok_or_else(|| unsupported("store-of-aggregate"))?;
        let mut shift = total;
        for (p, w) in parts.iter().zip(widths) {
            shift -= w;
            let part = int_value((&bits >> shift) & mask(w), Ty::new(TyKind::B, w));
            self.assign(p, part)?;
        }
        Ok(())
    }

    /// Width of an assignment target written inside a concatenation.
    fn target_width(&mut self, e: &Expr) -> Result<u32, ExecError> {
        match e {
            Expr::Typed(_, ty) => Ok(ty.width),
            Expr::Slice(_, hi, lo) => {
                let (hi, lo) = (need_u32(self.eval(hi)?)?, need_u32(self.eval(lo)?)?);
                Ok(hi.abs_diff(lo) + 1)
            }
            Expr::Index(..) if !self.is_storage(e) => Ok(1),
            _ if self.is_storage(e) => self.natural_storage_width(e),
            _ => Err(unsupported("concat-target-width")),
        }
    }

    /// `base[hi : lo] = v`: read `base`, replace the bits, write it back.
    fn replace_bits(&mut self, base: &Expr, hi: u32, lo: u32, v: &Value) -> Result<(), ExecError> {
        let width = hi - lo + 1;
        let new_bits = v
            .bits(width)
            .ok_or_else(|| unsupported("store-of-aggregate"))?;
        if self.is_storage(base) {
            let w = self.natural_storage_width(base)?.max(hi + 1);
            let old = self.read_storage(base, Some(w), None)?;
            let merged = (old & !(mask(width) << lo) & mask(w)) | (new_bits << lo);
            return self.write_storage(base, &merged, w);
        }
        let old = match base {
            Expr::Name(n) if !self.is_local(n) => Value::Int {
                v: Int::zero(),
                ty: None,
            },
            _ => self.eval(base)?,
        };
        let w = old.width().unwrap_or(64).max(hi + 1);
        let old_bits = old
            .bits(w)
            .ok_or_else(|| unsupported("slice-of-aggregate"))?;
        let merged = (old_bits & !(mask(width) << lo) & mask(w)) | (new_bits << lo);
        let ty = match &old {
            Value::Int { ty: Some(t), .. } if t.width >= w => *t,
            _ => Ty::new(TyKind::B, w),
        };
        let merged_value = match old {
            Value::Float { ty, .. } => view(int_value(merged, Ty::new(TyKind::B, w)), ty)?,
            _ => int_value(merged, ty),
        };
        self.assign(base, merged_value)
    }

    fn write_storage(&mut self, e: &Expr, bits: &Int, w: u32) -> Result<(), ExecError> {
        match e {
            Expr::Name(n) if n.kind() == NameKind::State => self.write_state(n, bits),
            Expr::Name(n) => {
                let operand = self.bound(n)?;
                self.write_operand(n, operand, bits, w)
            }
            Expr::Index(base, idx) => self.write_indexed(base, idx, bits, w),
            _ => Err(unsupported("storage")),
        }
    }

    /// Writes storage location `base[idx]` ([`Interp::is_indexed_storage`]).
    fn write_indexed(
        &mut self,
        base: &Expr,
        idx: &Expr,
        bits: &Int,
        w: u32,
    ) -> Result<(), ExecError> {
        self.lane_dependent();
        let index = need_int(self.eval(idx)?)?;
        match base {
            e if register_file(e) == Some(RegisterFile::Sgpr) => {
                let first = index.to_u32().ok_or_else(|| unsupported("sgpr-index"))?;
                self.state.write_sgprs(first, w, bits)
            }
            e if register_file(e) == Some(RegisterFile::HwRegisters) => {
                let id = index
                    .to_u32()
                    .ok_or_else(|| unsupported("hw-register-index"))?;
                self.state.write_hw_reg(id, &(bits & mask(32)))
            }
            Expr::Name(_) => {
                self.state.write_mem(u64_of(&index), w, bits);
                Ok(())
            }
            Expr::Index(_, lane) => {
                let lane = need_u32(self.eval(lane)?)?;
                let first = index.to_u32().ok_or_else(|| unsupported("vgpr-index"))?;
                self.state.write_vgprs(lane, first, w, bits)
            }
            _ => Err(unsupported("storage-index")),
        }
    }

    // ---------------------------------------------------------------- operators

    fn binary(&mut self, op: BinOp, a: Value, b: Value) -> Result<Value, ExecError> {
        use BinOp::*;
        match op {
            And => return Ok(bool_value(u1(&a)? && u1(&b)?)),
            Or => return Ok(bool_value(u1(&a)? || u1(&b)?)),
            _ => {}
        }
        if let Value::Fixed { bits, frac } = &a {
            return fixed_binary(op, bits, *frac, &b);
        }
        let float_op =
            (a.is_float() || b.is_float()) && !matches!(op, Shl | Shr | BitAnd | BitOr | BitXor);
        if float_op {
            let ty = join_float_ty(&a, &b);
            let (x, y) = (need_f64(&a)?, need_f64(&b)?);
            if let Some(holds) = comparison(op, &x, &y) {
                return Ok(bool_value(holds));
            }
            let r = match op {
                Add => x + y,
                Sub => x - y,
                Mul => x * y,
                Div => x / y,
                Rem => x % y,
                Pow => x.powf(y),
                _ => unreachable!("comparisons, bitwise and logical operators handled above"),
            };
            return Ok(float_value(r, ty));
        }
        let (ta, tb) = (int_ty_of(&a), int_ty_of(&b));
        let (x, y) = (int_bits_or_value(a)?, int_bits_or_value(b)?);
        let ty = join_int_ty(ta, tb);
        if let Some(holds) = comparison(op, &x, &y) {
            return Ok(bool_value(holds));
        }
        let r = match op {
            Add | Sub | Mul if self.implicit.unbounded_arithmetic => {
                let r = match op {
                    Add => x + y,
                    Sub => x - y,
                    _ => x * y,
                };
                return Ok(make_int(r, None));
            }
            Add => x + y,
            Sub => x - y,
            Mul => x * y,
            Div | Rem => {
                if y.is_zero() {
                    return Err(unsupported("integer-division-by-zero"));
                }
                if op == Div {
                    x / y
                } else {
                    x % y
                }
            }
            Shl | Shr => {
                let n = y.to_u32().ok_or_else(|| unsupported("shift-amount"))?;
                let lim = ta.map(|t| t.width).unwrap_or(MAX_BITS);
                let r = if op == Shl {
                    if n > lim {
                        Int::zero()
                    } else {
                        x << n
                    }
                } else {
                    x >> n
                };
                return Ok(make_int(r, ta));
            }
            Pow => {
                let n = y
                    .to_u32()
                    .filter(|n| *n <= MAX_BITS)
                    .ok_or_else(|| unsupported("integer-power"))?;
                x.pow(n)
            }
            BitAnd => x & y,
            BitOr => x | y,
            BitXor => x ^ y,
            Eq | Ne | Lt | Le | Gt | Ge | And | Or => {
                unreachable!("comparisons and logical operators handled above")
            }
        };
        Ok(make_int(r, ty))
    }

    // ---------------------------------------------------------------- calls

    fn call(&mut self, name: &Name, args: &[Expr]) -> Result<Value, ExecError> {
        // Only a lambda is taken from the locals: a local array is not copied to find out.
        let lambda = match self.local(name) {
            Some(Value::Lambda(l)) => Some(Arc::clone(l)),
            _ => None,
        };
        if let Some(l) = lambda {
            let (params, body) = l.as_ref();
            if params.len() != args.len() {
                return Err(unsupported("lambda-arity"));
            }
            let mut vals = Vec::with_capacity(args.len());
            for a in args {
                vals.push(self.eval(a)?);
            }
            let saved: Vec<Option<Value>> = (params.iter())
                .map(|p| self.locals[p.slot()].take())
                .collect();
            for (p, v) in params.iter().zip(vals) {
                self.set_local(p, v);
            }
            let flow = self.block(body);
            // In reverse, so a parameter named twice gets back its value from before the
            // call, as the first of its two saves holds it.
            for (p, old) in params.iter().zip(saved).rev() {
                self.locals[p.slot()] = old;
            }
            return match flow? {
                Flow::Return(Some(v)) => Ok(v),
                _ => Err(unsupported("lambda-without-value")),
            };
        }
        if matches!(name.as_str(), "nop" | "v_nop" | "s_nop") {
            return Ok(bool_value(false));
        }
        // The arguments go on the argument stack (a nested call's above them), not into a
        // vector of their own: most calls are helpers, made in every lane.
        let base = self.args.len();
        for a in args {
            let v = self.eval(a)?;
            self.args.push(v);
        }
        if let Some(callee) = self.library.get(name) {
            let result = self.call_instruction(callee, base);
            self.args.truncate(base);
            return result;
        }
        let result = crate::builtins::call(name, &self.args[base..], self.state.round_mode);
        self.args.truncate(base);
        result
    }

    /// Runs `callee` on the arguments above `base` on the argument stack, which it takes.
    fn call_instruction(&mut self, callee: &Callee, base: usize) -> Result<Value, ExecError> {
        let args = &self.args[base..];
        if self.depth >= CALL_DEPTH_LIMIT || args.len() > 3 {
            return Err(unsupported("instruction-call"));
        }
        // A lambda's names are numbered in the text that made it, so it cannot run in
        // another text.
        if args.iter().any(|a| matches!(a, Value::Lambda(_))) {
            return Err(unsupported("instruction-call-lambda"));
        }
        let empty = Binding::default();
        let zero = || Value::Int {
            v: Int::zero(),
            ty: None,
        };
        let mut locals = vec![None; callee.program.names().len()];
        for (slot, v) in callee.sources.iter().zip(self.args.drain(base..)) {
            if let Some(slot) = slot {
                locals[*slot] = Some(v);
            }
        }
        // A text that never names its result returns 0, as one that never writes it.
        let Some(result) = callee.result else {
            return Ok(zero());
        };
        locals[result] = Some(zero());
        let mut sub = Interp {
            state: &mut *self.state,
            binding: &empty,
            library: self.library,
            depth: self.depth + 1,
            lane: self.lane,
            modifiers: FloatModifiers::default(),
            locals,
            wrote_locals: false,
            args: Vec::new(),
            operands: &[],
            steps: self.steps,
            implicit: callee.program.implicit,
            trace: self.trace.take(),
        };
        let flow = sub.block(callee.program.body());
        self.trace = sub.trace.take();
        flow?;
        self.steps = sub.steps;
        match sub.locals[result].take() {
            Some(Value::Lambda(_)) => Err(unsupported("instruction-call-lambda")),
            Some(v) => Ok(v),
            None => Err(unsupported("instruction-call-result")),
        }
    }
}

/// The comparison `op` of `x` and `y` (`==`, `<`...), or `None` when `op` is not a
/// comparison; floats and integers compare alike.
fn comparison<T: PartialOrd>(op: BinOp, x: &T, y: &T) -> Option<bool> {
    Some(match op {
        BinOp::Eq => x == y,
        BinOp::Ne => x != y,
        BinOp::Lt => x < y,
        BinOp::Le => x <= y,
        BinOp::Gt => x > y,
        BinOp::Ge => x >= y,
        _ => return None,
    })
}

fn array_element(items: &[Value], i: &Int) -> Result<Value, ExecError> {
    let i = i.to_usize().ok_or_else(|| unsupported("array-index"))?;
    items
        .get(i)
        .cloned()
        .ok_or_else(|| unsupported("array-index-out-of-range"))
}

fn int_ty_of(v: &Value) -> Option<Ty> {
    match v {
        Value::Int { ty, .. } => *ty,
        Value::Float { ty, .. } => Some(Ty::new(TyKind::B, ty.width)),
        _ => None,
    }
}

/// Integer operand of an integer operator: the value itself, or a float's bits.
fn int_bits_or_value(v: Value) -> Result<Int, ExecError> {
    match v {
        Value::Float { ty, .. } => v.bits(ty.width).ok_or_else(|| unsupported("float-bits")),
        _ => need_int(v),
    }
}

/// Converts `v` for a store into a location of type `ty`.
fn store_convert(v: Value, ty: Ty) -> Result<Value, ExecError> {
    if ty.is_float() {
        return match v {
            Value::Float { v: x, .. } => Ok(float_value(x, ty)),
            Value::Int { ty: Some(t), .. } if t.kind == TyKind::B || t.width == ty.width => {
                view(v, ty)
            }
            other => Ok(float_value(need_f64(&other)?, ty)),
        };
    }
    match v {
        Value::Float { ty: t, .. } if t.width == ty.width || ty.kind == TyKind::B => view(v, ty),
        Value::Float { .. } => cast(v, ty, false),
        Value::Fixed { bits, .. } => Ok(int_value(bits, ty)),
        other => Ok(int_value(need_int(other)?, ty)),
    }
}

fn unary(op: UnOp, v: Value) -> Result<Value, ExecError> {
    match (op, v) {
        (UnOp::Not, v) => Ok(bool_value(!u1(&v)?)),
        (UnOp::Neg, Value::Float { v, ty }) => Ok(Value::Float { v: -v, ty }),
        (UnOp::Neg, Value::Int { v, ty }) => Ok(make_int(-v, ty)),
        (UnOp::BitNot, Value::Int { v, ty }) => Ok(make_int(-v - 1, ty)),
        (UnOp::BitNot, Value::Float { v, ty }) => {
            let bits = float_to_bits(v, ty) ^ ((1u64 << (ty.width - 1) << 1).wrapping_sub(1));
            Ok(Value::Float {
                v: float_from_bits(bits, ty),
                ty,
            })
        }
        _ => Err(unsupported("unary-operand")),
    }
}

/// Operators on a wide fixed-point fraction (see the module comment).
fn fixed_binary(op: BinOp, bits: &Int, frac: u32, rhs: &Value) -> Result<Value, ExecError> {
    match op {
        BinOp::Shl => {
            let n = need_u32(rhs.clone())?;
            Ok(if n > frac {
                Value::Fixed {
                    bits: bits << (n - frac),
                    frac: 0,
                }
            } else {
                Value::Fixed {
                    bits: bits.clone(),
                    frac: frac - n,
                }
            })
        }
        BinOp::BitAnd => {
            let m = need_int(rhs.clone())?;
            let w = u32::try_from(m.bits()).map_err(|_| unsupported("fixed-point-mask"))?;
            if m != mask(w) {
                return Err(unsupported("fixed-point-mask"));
            }
            Ok(Value::Int {
                v: ((bits << w) >> frac) & m,
                ty: None,
            })
        }
        _ => Err(unsupported("fixed-point-operator")),
    }
}

/// `N'B(real)` for N > 64: the real's fraction to `width` bits, if `e` is built
/// from literals and `PI` with + - * /; `None` when it is an integer expression.
fn exact_fraction(e: &Expr, width: u32) -> Result<Option<Int>, ExecError> {
    fn mentions_real(e: &Expr) -> bool {
        match e {
            Expr::Float { .. } => true,
            Expr::Name(n) => n == "PI",
            Expr::Binary(_, a, b) => mentions_real(a) || mentions_real(b),
            Expr::Unary(_, a) => mentions_real(a),
            _ => false,
        }
    }
    if !mentions_real(e) {
        return Ok(None);
    }
    let guard = 64;
    let prec = width + guard;
    let scaled = fixed_eval(e, prec)?;
    let frac = scaled >> guard;
    Ok(Some(normalize(frac, Ty::new(TyKind::U, width))))
}

/// Evaluates `e` as a fixed-point number scaled by 2^prec.
fn fixed_eval(e: &Expr, prec: u32) -> Result<Int, ExecError> {
    match e {
        Expr::Int { value, .. } => Ok(value << prec),
        Expr::Float { value, .. } => {
            if value.fract() != 0.0 {
                return Err(unsupported("fixed-point-literal"));
            }
            Ok(Int::from(*value as i64) << prec)
        }
        Expr::Name(n) if n == "PI" => Ok(Int::from(crate::builtins::pi_fixed(prec))),
        Expr::Unary(UnOp::Neg, a) => Ok(-fixed_eval(a, prec)?),
        Expr::Binary(op, a, b) => {
            let (x, y) = (fixed_eval(a, prec)?, fixed_eval(b, prec)?);
            match op {
                BinOp::Add => Ok(x + y),
                BinOp::Sub => Ok(x - y),
                BinOp::Mul => Ok((x * y) >> prec),
                BinOp::Div if !y.is_zero() => Ok((x << prec) / y),
                _ => Err(unsupported("fixed-point-expression")),
            }
        }
        _ => Err(unsupported("fixed-point-expression")),
    }
}

fn int_expr(v: u32) -> Expr {
    Expr::Int {
        value: Int::from(v),
        ty: None,
        hex: false,
    }
}
