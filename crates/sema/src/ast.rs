//! Syntax tree of one pseudocode program.

use crate::int::Int;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TyKind {
    /// Unsigned integer (`.u32`, `32'U`).
    U,
    /// Signed integer (`.i32`, `32'I`).
    I,
    /// Untyped bits (`.b32`, `32'B`).
    B,
    /// IEEE float (`.f32`, `64'F`).
    F,
    /// bfloat16 (`.bf16`).
    BF,
    /// 8-bit float E4M3 (`.fp8`), OCP encoding: bias 7, no infinity.
    FP8,
    /// 8-bit float E5M2 (`.bf8`), OCP encoding: bias 15, IEEE infinities.
    BF8,
}

/// A width-qualified type: `.u` is `U` 32, `.f16` is `F` 16.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ty {
    pub kind: TyKind,
    pub width: u32,
}

impl Ty {
    pub const fn new(kind: TyKind, width: u32) -> Ty {
        Ty { kind, width }
    }

    /// Parses a member suffix such as `u`, `i64`, `f16`, `bf16`, `b`; `None` for a field name.
    pub fn from_suffix(s: &str) -> Option<Ty> {
        match s {
            "fp8" => return Some(Ty::new(TyKind::FP8, 8)),
            "bf8" => return Some(Ty::new(TyKind::BF8, 8)),
            // The older manuals' double.
            "d" => return Some(Ty::new(TyKind::F, 64)),
            _ => {}
        }
        let (kind, digits) = if let Some(rest) = s.strip_prefix("bf") {
            (TyKind::BF, rest)
        } else {
            let mut it = s.chars();
            let kind = match it.next()? {
                'u' => TyKind::U,
                'i' => TyKind::I,
                'b' => TyKind::B,
                'f' => TyKind::F,
                _ => return None,
            };
            (kind, it.as_str())
        };
        let width = if digits.is_empty() {
            if kind == TyKind::BF {
                16
            } else {
                32
            }
        } else {
            digits.parse().ok()?
        };
        if width == 0 || width > 4096 {
            return None;
        }
        if kind == TyKind::F && !matches!(width, 16 | 32 | 64) {
            return None;
        }
        Some(Ty { kind, width })
    }

    pub fn is_float(self) -> bool {
        matches!(
            self.kind,
            TyKind::F | TyKind::BF | TyKind::FP8 | TyKind::BF8
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
    BitNot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    /// `**`
    Pow,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    And,
    Or,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// What a name stands for when no local of the running text shadows it, decided once from
/// its spelling when the name is made: the executor asks per read and write, and comparing
/// the spelling with every state and register-file name each time was a large part of its
/// cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameKind {
    /// A register or flag of the machine state (`EXEC`, `VCC_LO`, `SCC`, `M0`...).
    State,
    /// A register file or memory a text indexes by number.
    File(RegisterFile),
    /// A name the executor gives a fixed meaning.
    Builtin(Builtin),
    /// Anything else: an operand, an encoding field, a local, a constant, a helper's name.
    Other,
}

/// The storage a text indexes: `SGPR[n]`, `VGPR[lane][n]`, `MEM[addr]`, `LDS[addr]`,
/// `HW_REGISTERS[id]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegisterFile {
    Sgpr,
    Vgpr,
    Mem,
    Lds,
    HwRegisters,
}

/// The names with a fixed meaning, as the texts spell them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    /// A float rounding mode as the MODE register's FP_ROUND field encodes it.
    RoundMode(u8),
    /// The current lane: `laneId`; `laneID` is a spelling variant, `threadId` the older
    /// manuals' name, and `lane` outside a loop is the current lane.
    Lane,
    /// `WAVE32`, `WAVE64` (some entries spell them in lower case).
    Wave32,
    Wave64,
    Pi,
    Infinity,
    NotANumber,
    /// The largest finite value of the format.
    MaxFloatF32,
    MaxFloatF64,
    True,
    False,
}

/// Float rounding modes as the MODE register's FP_ROUND field encodes them.
pub(crate) fn round_mode_constant(name: &str) -> Option<u8> {
    Some(match name {
        "ROUND_NEAREST_EVEN" => 0,
        "ROUND_TOWARD_POSITIVE" | "ROUND_UP" => 1,
        "ROUND_TOWARD_NEGATIVE" | "ROUND_DOWN" => 2,
        "ROUND_TOWARD_ZERO" => 3,
        _ => return None,
    })
}

impl Builtin {
    fn of(text: &str) -> Option<Builtin> {
        if let Some(mode) = round_mode_constant(text) {
            return Some(Builtin::RoundMode(mode));
        }
        Some(match text {
            "laneId" | "laneID" | "lane" | "threadId" => Builtin::Lane,
            "WAVE32" | "wave32" => Builtin::Wave32,
            "WAVE64" | "wave64" => Builtin::Wave64,
            "PI" => Builtin::Pi,
            "INF" => Builtin::Infinity,
            "NAN" => Builtin::NotANumber,
            "MAX_FLOAT_F32" => Builtin::MaxFloatF32,
            "MAX_FLOAT_F64" => Builtin::MaxFloatF64,
            "true" => Builtin::True,
            "false" => Builtin::False,
            _ => return None,
        })
    }
}

/// A name as the text spells it, with its [`NameKind`] and its slot in the program that
/// holds it ([`Program::names`]).
#[derive(Debug, Clone)]
pub struct Name {
    text: String,
    kind: NameKind,
    slot: u32,
}

/// The slot of a name no program has numbered yet.
const UNNUMBERED: u32 = u32::MAX;

impl Name {
    pub fn new(text: impl Into<String>) -> Name {
        let text = text.into();
        let kind = if crate::state::is_state_name(&text) {
            NameKind::State
        } else if let Some(builtin) = Builtin::of(&text) {
            NameKind::Builtin(builtin)
        } else {
            match text.as_str() {
                "SGPR" => NameKind::File(RegisterFile::Sgpr),
                "VGPR" => NameKind::File(RegisterFile::Vgpr),
                "MEM" => NameKind::File(RegisterFile::Mem),
                "LDS" => NameKind::File(RegisterFile::Lds),
                "HW_REGISTERS" => NameKind::File(RegisterFile::HwRegisters),
                _ => NameKind::Other,
            }
        };
        Name {
            text,
            kind,
            slot: UNNUMBERED,
        }
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn kind(&self) -> NameKind {
        self.kind
    }

    /// The index of this name's spelling in [`Program::names`] of the program holding it.
    pub fn slot(&self) -> usize {
        self.slot as usize
    }
}

/// Names are equal by spelling: the slot only says where the program keeps it.
impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        self.text == other.text
    }
}

impl std::ops::Deref for Name {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Int {
        value: Int,
        ty: Option<Ty>,
        hex: bool,
    },
    Float {
        value: f64,
        single: bool,
    },
    Name(Name),
    /// `e.u32`: a typed view of a value or register.
    Typed(Box<Expr>, Ty),
    /// `e.IEEE`, `TADDR.X`: a named field.
    Field(Box<Expr>, String),
    /// `e[hi : lo]`
    Slice(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `e[i]`: a bit of a value, or an element of an array/register file.
    Index(Box<Expr>, Box<Expr>),
    Call(Name, Vec<Expr>),
    /// `32'I(e)`
    Cast(Ty, Box<Expr>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `{ hi, ..., lo }`
    Concat(Vec<Expr>),
    /// `lambda(a, b) (body)`: shared, as evaluating it makes a value holding it.
    Lambda(Arc<(Vec<Name>, Vec<Stmt>)>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// `target op= value`; `op` is `None` for plain `=`.
    Assign {
        target: Expr,
        op: Option<BinOp>,
        value: Expr,
    },
    Expr(Expr),
    If {
        arms: Vec<(Expr, Vec<Stmt>)>,
        otherwise: Vec<Stmt>,
    },
    For {
        var: Name,
        from: Expr,
        to: Expr,
        body: Vec<Stmt>,
    },
    Declare {
        name: Name,
        ty: Ty,
        len: Option<Expr>,
    },
    Break,
    Return(Option<Expr>),
    /// Statements from one source statement (`a = b = c` becomes two assignments).
    Seq(Vec<Stmt>),
}

/// A parsed pseudocode program. Every name in it (a use, a call's callee, a loop
/// variable, a declared local, a lambda's parameter) is numbered by its spelling when the
/// program is made and after a rewrite, so the executor keeps locals and bound operands
/// in vectors indexed by slot rather than in maps hashed by spelling on every use.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    body: Vec<Stmt>,
    /// What the text leaves unsaid and the reader must supply; the parser assumes the
    /// newer manuals, which spell everything out.
    pub implicit: Implicit,
    /// The distinct spellings of the program's names, a name's slot indexing them.
    names: Vec<String>,
    /// Whether the text applies EXEC itself ([`Program::applies_exec`]).
    applies_exec: bool,
}

/// What the older (GCN-era) manuals' texts leave implicit that the newer ones write out.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Implicit {
    /// Integer `+`, `-` and `*` do not wrap at their operands' width until the result is
    /// stored (`SCC = S0.u + S1.u >= 0x100000000ULL`, `D.i = (S0.i * S1.i) >> 32`).
    pub unbounded_arithmetic: bool,
    /// The width in bits of an untyped `MEM[...]` access, which these texts give in a
    /// comment (`// 64bit`).
    pub memory_width: Option<u32>,
}

impl Expr {
    /// Moves the expression out, leaving a placeholder for the caller to overwrite.
    pub fn take(&mut self) -> Expr {
        std::mem::replace(self, Expr::Name(Name::new("")))
    }
}

impl Program {
    /// The program of `body`, its names numbered.
    pub fn new(body: Vec<Stmt>, implicit: Implicit) -> Program {
        let mut program = Program {
            body,
            implicit,
            names: Vec::new(),
            applies_exec: false,
        };
        program.number_names();
        program
    }

    pub fn body(&self) -> &[Stmt] {
        &self.body
    }

    /// The statements, to edit and make a program of again ([`Program::new`]).
    pub(crate) fn into_body(self) -> Vec<Stmt> {
        self.body
    }

    /// The distinct spellings of the program's names; [`Name::slot`] indexes them.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Whether the text reads EXEC at lanes it names itself (`EXEC[i].u1` in a loop over
    /// the wave), not at the current lane (`EXEC.u64[laneId]`): the text is the whole
    /// wave's operation (`V_PERMLANE16_B32`, `DS_BPERMUTE_B32`), which the hardware
    /// issues once. Run once per active lane, it would permute again what the runs before
    /// it wrote wherever the destination is also a source.
    pub fn applies_exec(&self) -> bool {
        self.applies_exec
    }

    /// The slot of the name spelt `text`, if the program has one.
    pub fn slot_of(&self, text: &str) -> Option<usize> {
        self.names.iter().position(|n| n == text)
    }

    /// Calls `f` on every expression of the program, innermost first, so `f` may replace
    /// an expression whole.
    pub fn rewrite_exprs(&mut self, f: &mut impl FnMut(&mut Expr)) {
        rewrite_exprs_of(&mut self.body, f);
        self.number_names();
    }

    /// Gives every name its slot: declared names first, then the others as the
    /// expressions are walked.
    fn number_names(&mut self) {
        let mut numbering = Numbering::default();
        rewrite_stmts(&mut self.body, &mut |stmt| numbering.declared(stmt));
        rewrite_exprs_of(&mut self.body, &mut |e| numbering.used(e));
        self.names = numbering.names;
        self.applies_exec = reads_exec_at_named_lanes(&mut self.body);
    }
}

/// [`Program::applies_exec`] of `body`. A name the text assigns, declares or loops over is
/// its own (`lane` in `for lane in 0 : 63`), not the current lane.
fn reads_exec_at_named_lanes(body: &mut [Stmt]) -> bool {
    fn untyped(e: &Expr) -> &Expr {
        match e {
            Expr::Typed(inner, _) => untyped(inner),
            _ => e,
        }
    }
    let mut own = rustc_hash::FxHashSet::default();
    rewrite_stmts(body, &mut |stmt| match stmt {
        Stmt::For { var: name, .. } | Stmt::Declare { name, .. } => {
            own.insert(name.text.clone());
        }
        Stmt::Assign { target, .. } => {
            if let Expr::Name(name) = untyped(target) {
                own.insert(name.text.clone());
            }
        }
        _ => {}
    });
    let mut found = false;
    rewrite_exprs_of(body, &mut |e| {
        let Expr::Index(base, index) = e else { return };
        let is_exec = matches!(untyped(base), Expr::Name(n) if n.text == "EXEC");
        let current_lane = matches!(untyped(index),
            Expr::Name(n) if n.kind == NameKind::Builtin(Builtin::Lane) && !own.contains(&n.text));
        found |= is_exec && !current_lane;
    });
    found
}

/// Numbers a program's names by spelling ([`Program::number_names`]).
#[derive(Default)]
struct Numbering {
    slots: rustc_hash::FxHashMap<String, u32>,
    names: Vec<String>,
}

impl Numbering {
    fn name(&mut self, name: &mut Name) {
        name.slot = match self.slots.get(&name.text) {
            Some(slot) => *slot,
            None => {
                let slot = self.names.len() as u32;
                self.slots.insert(name.text.clone(), slot);
                self.names.push(name.text.clone());
                slot
            }
        };
    }

    /// A loop variable or a declared local.
    fn declared(&mut self, stmt: &mut Stmt) {
        if let Stmt::For { var: name, .. } | Stmt::Declare { name, .. } = stmt {
            self.name(name);
        }
    }

    /// A name used, a callee, and a lambda's parameters and the names its statements
    /// declare (the walk over expressions reaches the lambda's expressions itself).
    fn used(&mut self, e: &mut Expr) {
        match e {
            Expr::Name(name) | Expr::Call(name, _) => self.name(name),
            Expr::Lambda(lambda) => {
                let (params, body) = Arc::make_mut(lambda);
                params.iter_mut().for_each(|p| self.name(p));
                rewrite_stmts(body, &mut |stmt| self.declared(stmt));
            }
            _ => {}
        }
    }
}

/// Calls `f` on every statement of `body`, each before the statements it holds. Names an
/// edit makes are numbered when the statements are made a program ([`Program::new`]).
pub(crate) fn rewrite_stmts(body: &mut [Stmt], f: &mut impl FnMut(&mut Stmt)) {
    for stmt in body {
        f(stmt);
        match stmt {
            Stmt::If { arms, otherwise } => {
                for (_, arm) in arms {
                    rewrite_stmts(arm, f);
                }
                rewrite_stmts(otherwise, f);
            }
            Stmt::For { body, .. } | Stmt::Seq(body) => rewrite_stmts(body, f),
            _ => {}
        }
    }
}

/// [`Program::rewrite_exprs`] over `body`, without numbering: the expressions each
/// statement holds itself.
pub(crate) fn rewrite_exprs_of(body: &mut [Stmt], f: &mut impl FnMut(&mut Expr)) {
    rewrite_stmts(body, &mut |stmt| match stmt {
        Stmt::Assign { target, value, .. } => {
            rewrite_expr(target, f);
            rewrite_expr(value, f);
        }
        Stmt::Expr(e) | Stmt::Return(Some(e)) | Stmt::Declare { len: Some(e), .. } => {
            rewrite_expr(e, f)
        }
        Stmt::If { arms, .. } => arms.iter_mut().for_each(|(cond, _)| rewrite_expr(cond, f)),
        Stmt::For { from, to, .. } => {
            rewrite_expr(from, f);
            rewrite_expr(to, f);
        }
        Stmt::Declare { len: None, .. } | Stmt::Break | Stmt::Return(None) | Stmt::Seq(_) => {}
    });
}

fn rewrite_expr(e: &mut Expr, f: &mut impl FnMut(&mut Expr)) {
    match e {
        Expr::Int { .. } | Expr::Float { .. } | Expr::Name(_) => {}
        Expr::Typed(inner, _)
        | Expr::Field(inner, _)
        | Expr::Cast(_, inner)
        | Expr::Unary(_, inner) => rewrite_expr(inner, f),
        Expr::Slice(a, b, c) | Expr::Ternary(a, b, c) => {
            rewrite_expr(a, f);
            rewrite_expr(b, f);
            rewrite_expr(c, f);
        }
        Expr::Index(a, b) | Expr::Binary(_, a, b) => {
            rewrite_expr(a, f);
            rewrite_expr(b, f);
        }
        Expr::Call(_, args) | Expr::Concat(args) => {
            for a in args {
                rewrite_expr(a, f);
            }
        }
        Expr::Lambda(lambda) => rewrite_exprs_of(&mut Arc::make_mut(lambda).1, f),
    }
    f(e);
}
