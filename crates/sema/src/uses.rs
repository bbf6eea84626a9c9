//! How a pseudocode program uses the names it does not define itself: widths, lane masks,
//! register numbers and the register files they index. Binding and the survey both ask.

use std::collections::{BTreeMap, BTreeSet};

use crate::ast::*;
use crate::state::is_state_name;

/// How the program uses each name it does not define itself.
#[derive(Default)]
pub(crate) struct Uses {
    /// Widest use in bits.
    pub(crate) width: BTreeMap<String, u32>,
    /// The typed views a name, or a part of it, is read or written through (`S0.f16`,
    /// `S0[31 : 16].f16`).
    pub(crate) views: BTreeMap<String, BTreeSet<Ty>>,
    /// Names sliced at bounds that are not constants (`S0[i * 4 + 3 : i * 4]`): their
    /// widest use is not known from the text.
    pub(crate) variable_slices: BTreeSet<String>,
    /// Names whose first use is as a whole assignment's target (`TTBL.u32 = ...`).
    pub(crate) written_first: BTreeSet<String>,
    /// Names used as a lane mask (`D0.u64[laneId]`).
    pub(crate) lane_mask: BTreeSet<String>,
    /// Names used as a register number (`VGPR[lane][ADDR]`, `SGPR[addr]`).
    pub(crate) register_number: BTreeSet<String>,
    /// For each such name, the register files it indexes directly (`"SGPR"`, `"VGPR"`).
    pub(crate) indexed_files: BTreeMap<String, BTreeSet<&'static str>>,
    /// For each name that numbers a VGPR the text writes in part
    /// (`VGPR[laneId][VDST.u32][31 : 16].b16 = ...`), the bit ranges written, low bit first.
    pub(crate) register_part_writes: BTreeMap<String, BTreeSet<(u32, u32)>>,
    /// Names the program defines (bare assignment, declare, loop or lambda variable).
    pub(crate) locals: BTreeSet<String>,
    pub(crate) lane_loop: bool,
    /// Names read or written as a 16-bit half in the arms of a choice on OPSEL
    /// (`OPSEL[0].u1 ? S0[31 : 16] : S0[15 : 0]`, `if OPSEL[3] ... D0[31 : 16].f16 = ...`):
    /// per arm, the low bits of the halves used.
    opsel_halves: BTreeMap<String, BTreeMap<u32, BTreeSet<u32>>>,
    /// The arm being walked (0: none), numbered as met.
    arm: u32,
    arms_seen: u32,
    /// Names used any other way.
    whole: BTreeSet<String>,
    /// Walking the arms of a choice on OPSEL.
    in_opsel_choice: bool,
    /// Walking the base of such a half.
    in_half: bool,
    /// The value each local is given where it is given one value only (`bitsel = OPSEL[0 :
    /// 1].i32 * 8`; a loop variable, the loop's end), for the bounds of slices at computed
    /// positions.
    definitions: BTreeMap<String, Expr>,
    /// Locals given several values.
    redefined: BTreeSet<String>,
}

/// Names with fixed meanings that are never operands: the machine-state names the
/// executor reads (but `ROUND_MODE`, which is left to the analysis like any other name)
/// and the constants and register files.
pub(crate) fn is_reserved(n: &str) -> bool {
    (is_state_name(n) && n != "ROUND_MODE")
        || matches!(
            n,
            "laneId"
                | "laneID"
                | "lane"
                | "threadId"
                | "WAVE32"
                | "WAVE64"
                | "wave32"
                | "wave64"
                | "PI"
                | "INF"
                | "NAN"
                | "true"
                | "false"
                | "VGPR"
                | "SGPR"
                | "MEM"
                | "LDS"
                | "HW_REGISTERS"
        )
}

impl Uses {
    /// The uses of several texts of one instruction taken together: a name is an operand
    /// if any text uses it as one (a name one text defines may be another's operand), at
    /// its widest use in any text.
    pub(crate) fn of_programs(programs: &[&Program]) -> Uses {
        let mut all = Uses::default();
        for program in programs {
            let mut one = Uses::default();
            one.stmts(program.body());
            for (name, width) in one.width {
                if !one.locals.contains(&name) {
                    all.note(&name, width);
                }
            }
            for (name, views) in one.views {
                if !one.locals.contains(&name) {
                    all.views.entry(name).or_default().extend(views);
                }
            }
            all.lane_mask.extend(one.lane_mask);
            all.variable_slices.extend(one.variable_slices);
            all.written_first.extend(one.written_first);
            all.register_number.extend(one.register_number);
            // Arms are numbered per text: arms of two texts sharing a number are taken
            // together, which can only refuse a half.
            for (name, arms) in one.opsel_halves {
                let all_arms = all.opsel_halves.entry(name).or_default();
                for (arm, halves) in arms {
                    all_arms.entry(arm).or_default().extend(halves);
                }
            }
            all.whole.extend(one.whole);
            for (name, parts) in one.register_part_writes {
                all.register_part_writes
                    .entry(name)
                    .or_default()
                    .extend(parts);
            }
            for (name, files) in one.indexed_files {
                all.indexed_files.entry(name).or_default().extend(files);
            }
            all.lane_loop |= one.lane_loop;
        }
        all
    }

    fn note(&mut self, name: &str, width: u32) {
        let w = self.width.entry(name.to_string()).or_insert(0);
        *w = (*w).max(width);
    }

    pub(crate) fn stmts(&mut self, body: &[Stmt]) {
        for s in body {
            match s {
                Stmt::Assign { target, value, .. } => {
                    match (target, root_name(target)) {
                        // `D0 = ...` (the older manuals' `D = ...`) writes the destination.
                        (Expr::Name(n), _) if n == "D0" || n == "D" => self.expr(target, None),
                        (Expr::Name(n), _) => self.define(n, value),
                        // A lower-case name written in part (`tmp[15 : 0] = ...`) is a local too.
                        (_, Some(n)) if n.starts_with(|c: char| c.is_ascii_lowercase()) => {
                            self.locals.insert(n.to_string());
                            self.expr(target, None);
                        }
                        _ => {
                            if let Some(n) = root_name(target) {
                                if !self.width.contains_key(n) {
                                    self.written_first.insert(n.to_string());
                                }
                            }
                            self.note_register_part_write(target);
                            self.expr(target, None)
                        }
                    }
                    self.expr(value, None);
                }
                Stmt::Expr(e) => self.expr(e, None),
                Stmt::If { arms, otherwise } => {
                    let (outer, outer_arm) = (self.in_opsel_choice, self.arm);
                    for (c, b) in arms {
                        self.expr(c, None);
                        self.in_opsel_choice |= mentions_opsel(c);
                        self.enter_arm();
                        self.stmts(b);
                    }
                    self.enter_arm();
                    self.stmts(otherwise);
                    (self.in_opsel_choice, self.arm) = (outer, outer_arm);
                }
                Stmt::For {
                    var,
                    from,
                    to,
                    body,
                } => {
                    if var == "lane" {
                        self.lane_loop = true;
                    }
                    // The loop variable's largest value is the (inclusive) end.
                    self.define(var, to);
                    self.expr(from, None);
                    self.expr(to, None);
                    self.stmts(body);
                }
                Stmt::Declare { name, len, .. } => {
                    self.locals.insert(name.to_string());
                    if let Some(l) = len {
                        self.expr(l, None);
                    }
                }
                Stmt::Seq(stmts) => self.stmts(stmts),
                Stmt::Break => {}
                Stmt::Return(e) => {
                    if let Some(e) = e {
                        self.expr(e, None);
                    }
                }
            }
        }
    }

    /// Notes `VGPR[lane][N][hi : lo]` (typed or not) as a write of bits `lo..=hi` of the
    /// VGPR that name `N` numbers.
    fn note_register_part_write(&mut self, target: &Expr) {
        let sliced = match target {
            Expr::Typed(inner, _) => inner.as_ref(),
            other => other,
        };
        let Expr::Slice(register, hi, lo) = sliced else {
            return;
        };
        let (Expr::Int { value: hi, .. }, Expr::Int { value: lo, .. }) = (hi.as_ref(), lo.as_ref())
        else {
            return;
        };
        let Expr::Index(lane, number) = register.as_ref() else {
            return;
        };
        let names_vgpr = |file: &Expr| matches!(file, Expr::Name(f) if f == "VGPR");
        let vgpr = matches!(lane.as_ref(), Expr::Index(file, _) if names_vgpr(file));
        let (Some(n), Ok(hi), Ok(lo)) = (plain_name(number), u32::try_from(hi), u32::try_from(lo))
        else {
            return;
        };
        if vgpr {
            let parts = self.register_part_writes.entry(n.to_string()).or_default();
            parts.insert((lo, hi));
        }
    }

    /// `base[hi : lo]`: `base` used at least to bit `hi` (bounded where `hi` is computed), and a
    /// 16-bit half noted where a choice on OPSEL picks it.
    fn slice(&mut self, base: &Expr, hi: &Expr, lo: &Expr, width: Option<u32>) {
        let hi_bit = match hi {
            Expr::Int { value, .. } => u32::try_from(value).ok().map(|h| h + 1),
            computed => self
                .upper_bound(computed, 0)
                .and_then(|h| u32::try_from(h + 1).ok()),
        };
        if hi_bit.is_none() {
            if let Some(n) = root_name(base) {
                self.variable_slices.insert(n.to_string());
            }
        }
        let half = match (hi, lo) {
            (Expr::Int { value: h, .. }, Expr::Int { value: l, .. }) => {
                match (u32::try_from(h), u32::try_from(l)) {
                    (Ok(15), Ok(0)) => Some(0),
                    (Ok(31), Ok(16)) => Some(16),
                    _ => None,
                }
            }
            _ => None,
        };
        let chosen = match (plain_name(base), half) {
            (Some(n), Some(low)) if self.in_opsel_choice => {
                let arms = self.opsel_halves.entry(n.to_string()).or_default();
                arms.entry(self.arm).or_default().insert(low);
                true
            }
            _ => false,
        };
        let outer = std::mem::replace(&mut self.in_half, chosen);
        self.expr(base, hi_bit.max(width));
        self.in_half = outer;
        self.expr(hi, None);
        self.expr(lo, None);
    }

    /// Walks `e`; `width` is the width its context reads it at.
    fn expr(&mut self, e: &Expr, width: Option<u32>) {
        match e {
            Expr::Name(n) => {
                if !self.in_half {
                    self.whole.insert(n.to_string());
                }
                self.note(n, width.unwrap_or(32))
            }
            // `D0.u32[63 : 32]`: the slice reaches past the view, into the storage.
            Expr::Typed(inner, ty) => {
                if let Some(n) = root_name(inner) {
                    self.views.entry(n.to_string()).or_default().insert(*ty);
                }
                self.expr(inner, Some(ty.width.max(width.unwrap_or(0))))
            }
            Expr::Slice(base, hi, lo) => self.slice(base, hi, lo, width),
            Expr::Index(base, idx) => {
                let register_file = match base.as_ref() {
                    Expr::Name(n) if n == "SGPR" => Some("SGPR"),
                    Expr::Index(inner, _) if matches!(inner.as_ref(), Expr::Name(n) if n == "VGPR") => {
                        Some("VGPR")
                    }
                    _ => None,
                };
                if let (Some(file), Some(n)) = (register_file, plain_name(idx)) {
                    self.register_number.insert(n.to_string());
                    self.indexed_files
                        .entry(n.to_string())
                        .or_default()
                        .insert(file);
                }
                if let (Expr::Typed(inner, _), Expr::Name(i)) = (base.as_ref(), idx.as_ref()) {
                    if let (Expr::Name(n), "laneId" | "lane" | "threadId") =
                        (inner.as_ref(), i.as_str())
                    {
                        self.lane_mask.insert(n.to_string());
                    }
                }
                // `S0[i]`: one bit of a plain name at a computed index (the manuals' closing
                // `D0[i] = TTBL[{S0[i], S1[i], S2[i]}]`) says nothing of its width.
                let lane = matches!(idx.as_ref(), Expr::Name(i) if matches!(i.as_str(), "laneId" | "lane" | "threadId"));
                let bit = matches!(base.as_ref(), Expr::Name(n) if n != "SGPR")
                    && !lane
                    && !matches!(idx.as_ref(), Expr::Int { .. });
                self.expr(base, if bit { Some(1) } else { width });
                self.expr(idx, None);
            }
            Expr::Field(base, _) => {
                if let Expr::Name(n) = base.as_ref() {
                    // `TADDR.X`, `WAVE_MODE.IEEE`: named state, not an operand.
                    self.locals.insert(n.to_string());
                } else {
                    self.expr(base, None);
                }
            }
            Expr::Call(_, args) => args.iter().for_each(|a| self.expr(a, None)),
            Expr::Cast(_, a) | Expr::Unary(_, a) => self.expr(a, None),
            Expr::Binary(_, a, b) => {
                self.expr(a, None);
                self.expr(b, None);
            }
            Expr::Ternary(c, a, b) => {
                self.expr(c, None);
                let (outer, outer_arm) = (self.in_opsel_choice, self.arm);
                self.in_opsel_choice |= mentions_opsel(c);
                self.enter_arm();
                self.expr(a, None);
                self.enter_arm();
                self.expr(b, None);
                (self.in_opsel_choice, self.arm) = (outer, outer_arm);
            }
            Expr::Concat(parts) => parts.iter().for_each(|p| self.expr(p, None)),
            Expr::Lambda(lambda) => {
                let (params, body) = &**lambda;
                self.locals.extend(params.iter().map(|p| p.to_string()));
                self.stmts(body);
            }
            Expr::Int { .. } | Expr::Float { .. } => {}
        }
    }
}

/// Names `program` reads or writes without defining them itself.
pub(crate) fn free_names(program: &Program) -> BTreeSet<String> {
    Uses::of_program(program).free_names()
}

impl Uses {
    /// The uses of one program's text, its own names ([`Uses::locals`]) included.
    pub(crate) fn of_program(program: &Program) -> Uses {
        Uses::of_body(program.body())
    }

    /// [`Uses::of_program`] over statements not yet made a program.
    pub(crate) fn of_body(body: &[Stmt]) -> Uses {
        let mut uses = Uses::default();
        uses.stmts(body);
        uses
    }

    /// The names the program reads or writes without defining them itself.
    pub(crate) fn free_names(&self) -> BTreeSet<String> {
        self.width
            .keys()
            .filter(|n| !self.locals.contains(*n))
            .cloned()
            .collect()
    }
}

/// Whether `e` reads the OPSEL modifier.
fn mentions_opsel(e: &Expr) -> bool {
    match e {
        Expr::Name(n) => n == "OPSEL",
        Expr::Typed(a, _) | Expr::Cast(_, a) | Expr::Unary(_, a) | Expr::Field(a, _) => {
            mentions_opsel(a)
        }
        Expr::Slice(a, b, c) | Expr::Ternary(a, b, c) => {
            mentions_opsel(a) || mentions_opsel(b) || mentions_opsel(c)
        }
        Expr::Index(a, b) | Expr::Binary(_, a, b) => mentions_opsel(a) || mentions_opsel(b),
        Expr::Call(_, args) | Expr::Concat(args) => args.iter().any(mentions_opsel),
        Expr::Int { .. } | Expr::Float { .. } | Expr::Lambda(..) => false,
    }
}

/// Locals defined through more locals than this are not followed.
const DEFINITION_DEPTH: u32 = 8;

impl Uses {
    /// The largest value `e` can take, where the text bounds it: constants, constant-bounded
    /// slices and views, sums and products of those less constants, and locals given one
    /// such value (`bitsel + 7` with `bitsel = OPSEL[0 : 1].i32 * 8` is at most 31).
    fn upper_bound(&self, e: &Expr, depth: u32) -> Option<u64> {
        match e {
            Expr::Int { value, .. } => u64::try_from(value).ok(),
            Expr::Name(n) if depth < DEFINITION_DEPTH && !self.redefined.contains(n.as_str()) => {
                self.upper_bound(self.definitions.get(n.as_str())?, depth + 1)
            }
            Expr::Typed(inner, _) => self.upper_bound(inner, depth),
            Expr::Slice(_, hi, lo) => match (hi.as_ref(), lo.as_ref()) {
                (Expr::Int { value: h, .. }, Expr::Int { value: l, .. }) => {
                    let (h, l) = (u32::try_from(h).ok()?, u32::try_from(l).ok()?);
                    let bits = h.abs_diff(l) + 1;
                    (bits < 64).then(|| (1u64 << bits) - 1)
                }
                _ => None,
            },
            Expr::Binary(BinOp::Add, a, b) => self
                .upper_bound(a, depth)?
                .checked_add(self.upper_bound(b, depth)?),
            Expr::Binary(BinOp::Mul, a, b) => self
                .upper_bound(a, depth)?
                .checked_mul(self.upper_bound(b, depth)?),
            // `x[lo +: width]` is `x[lo + width - 1 : lo]`.
            Expr::Binary(BinOp::Sub, a, b) => match b.as_ref() {
                Expr::Int { value, .. } => self
                    .upper_bound(a, depth)?
                    .checked_sub(u64::try_from(value).ok()?),
                _ => None,
            },
            _ => None,
        }
    }

    fn enter_arm(&mut self) {
        self.arms_seen += 1;
        self.arm = self.arms_seen;
    }

    /// `name` is a local given `value`: its definition, or a second one, which makes it
    /// redefined.
    fn define(&mut self, name: &str, value: &Expr) {
        self.locals.insert(name.to_string());
        if (self.definitions)
            .insert(name.to_string(), value.clone())
            .is_some()
        {
            self.redefined.insert(name.to_string());
        }
    }

    /// Whether the text uses `name` only as a 16-bit half OPSEL chooses, one half in each
    /// arm of the choice: the half a true16 register name (`v1.h`) selects.
    pub(crate) fn opsel_half(&self, name: &str) -> bool {
        !self.whole.contains(name)
            && self
                .opsel_halves
                .get(name)
                .is_some_and(|arms| arms.values().all(|halves| halves.len() == 1))
    }
}

/// The name in `n` or `n.u32`.
fn plain_name(e: &Expr) -> Option<&str> {
    match e {
        Expr::Name(n) => Some(n.as_str()),
        Expr::Typed(inner, _) => plain_name(inner),
        _ => None,
    }
}

/// The variable an assignment target writes into (`tmp` in `tmp[3 : 0].u4`).
pub(crate) fn root_name(e: &Expr) -> Option<&str> {
    match e {
        Expr::Name(n) => Some(n.as_str()),
        Expr::Typed(inner, _) | Expr::Slice(inner, _, _) | Expr::Index(inner, _) => {
            root_name(inner)
        }
        _ => None,
    }
}
