//! Recursive-descent parser for the pseudocode dialect.

use crate::ast::*;
use crate::lexer::{clean_source, lex, Tok};
use crate::ParseError;
use std::sync::Arc;

/// Parses one instruction's pseudocode text.
pub fn parse(src: &str) -> Result<Program, ParseError> {
    let toks = lex(&clean_source(src))?;
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
    };
    let mut body = p.block(&[])?;
    if p.pos < p.toks.len() {
        return Err(p.error("stray-token"));
    }
    rewrite_stmts(&mut body, &mut significand_result);
    rewrite_exprs_of(&mut body, &mut either_sign);
    Ok(Program::new(body, Implicit::default()))
}

/// The marker the parser puts on a `+-x` operand.
const EITHER_SIGN: &str = "+-";

/// `a == +-b` (the older manuals' `S0.f == +-INF`: a is an infinity of either sign) is
/// `abs(a) == b`, and `a != +-b` is `abs(a) != b`. A `+-` anywhere else stays a call no
/// helper answers (`call:+-`).
fn either_sign(e: &mut Expr) {
    let Expr::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) = e else {
        return;
    };
    let Expr::Call(name, args) = b.as_mut() else {
        return;
    };
    if name != EITHER_SIGN || args.len() != 1 {
        return;
    }
    let magnitude = args.pop().expect("one argument");
    let value = a.take();
    *e = Expr::Binary(
        *op,
        Box::new(Expr::Call(Name::new("abs"), vec![value])),
        Box::new(magnitude),
    );
}

/// Deepest nesting of blocks, expressions and unary operators. Each level recurses, so
/// without a bound hostile text overflows the stack and aborts the whole run; AMD's
/// pseudocode nests a few levels.
const MAX_NESTING: usize = 256;

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    /// Levels of [`Parser::nested`] open.
    depth: usize,
}

/// Words that end or continue a statement (`in` is also a variable name, so not listed).
const KEYWORDS: [&str; 7] = ["then", "elsif", "else", "endif", "do", "endfor", "declare"];

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn error(&self, construct: &str) -> ParseError {
        let near: Vec<String> = self.toks[self.pos.min(self.toks.len())..]
            .iter()
            .take(6)
            .map(|t| format!("{t:?}"))
            .collect();
        ParseError {
            construct: construct.to_string(),
            message: format!("at token {}: {}", self.pos, near.join(" ")),
        }
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Some(Tok::Punct(q)) if *q == p)
    }

    /// Whether the token after the next is the word `w`.
    fn next_is_word(&self, w: &str) -> bool {
        matches!(self.toks.get(self.pos + 1), Some(Tok::Ident(v)) if v == w)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Ident(s)) if s == w)
    }

    /// Steps past the current token when it `matched`; says whether it did.
    fn step_if(&mut self, matched: bool) -> bool {
        if matched {
            self.pos += 1;
        }
        matched
    }

    fn eat_punct(&mut self, p: &str) -> bool {
        let matched = self.is_punct(p);
        self.step_if(matched)
    }

    fn eat_word(&mut self, w: &str) -> bool {
        let matched = self.is_word(w);
        self.step_if(matched)
    }

    /// `Ok` when the expected token was `eaten`, else the error for `construct` here.
    fn expected(&self, eaten: bool, construct: &str) -> Result<(), ParseError> {
        if eaten {
            Ok(())
        } else {
            Err(self.error(construct))
        }
    }

    fn expect_punct(&mut self, p: &str, construct: &str) -> Result<(), ParseError> {
        let eaten = self.eat_punct(p);
        self.expected(eaten, construct)
    }

    fn expect_word(&mut self, w: &str, construct: &str) -> Result<(), ParseError> {
        let eaten = self.eat_word(w);
        self.expected(eaten, construct)
    }

    /// Runs `parse` one nesting level deeper, or fails past [`MAX_NESTING`].
    fn nested<T>(
        &mut self,
        parse: impl FnOnce(&mut Self) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        if self.depth == MAX_NESTING {
            return Err(self.error("nesting-too-deep"));
        }
        self.depth += 1;
        let out = parse(self);
        self.depth -= 1;
        out
    }

    fn skip_separators(&mut self) {
        while matches!(self.peek(), Some(Tok::Newline) | Some(Tok::Punct(";"))) {
            self.pos += 1;
        }
    }

    /// Statements until one of `enders` (keywords, or `)` for a lambda body) or the end.
    fn block(&mut self, enders: &[&str]) -> Result<Vec<Stmt>, ParseError> {
        self.nested(|p| p.unnested_block(enders))
    }

    fn unnested_block(&mut self, enders: &[&str]) -> Result<Vec<Stmt>, ParseError> {
        let mut out = Vec::new();
        loop {
            self.skip_separators();
            match self.peek() {
                None => break,
                Some(Tok::Ident(w)) if enders.contains(&w.as_str()) => break,
                Some(Tok::Punct(p)) if enders.contains(p) => break,
                _ => {}
            }
            out.push(self.statement()?);
            match self.peek() {
                None | Some(Tok::Newline) | Some(Tok::Punct(";")) => {}
                Some(Tok::Ident(w)) if enders.contains(&w.as_str()) => {}
                Some(Tok::Punct(p)) if enders.contains(p) => {}
                _ => return Err(self.error("statement-end")),
            }
        }
        Ok(out)
    }

    /// Counted apart from [`Parser::block`]: a statement's frame is large, so an `if` level
    /// takes two of [`MAX_NESTING`].
    fn statement(&mut self) -> Result<Stmt, ParseError> {
        self.nested(Self::unnested_statement)
    }

    /// A statement, told apart by its first word; anything else is an assignment or a call.
    fn unnested_statement(&mut self) -> Result<Stmt, ParseError> {
        if self.eat_word("if") {
            return self.if_rest();
        }
        if self.eat_word("for") {
            return self.for_rest();
        }
        if self.eat_word("declare") {
            return self.declare_rest();
        }
        if self.eat_word("break") {
            // The older manuals write `break for;`.
            self.eat_word("for");
            return Ok(Stmt::Break);
        }
        if self.eat_word("return") {
            return self.return_rest();
        }
        if self.is_word("eval") {
            return Err(self.error("eval-string"));
        }
        if let Some(Tok::Ident(w)) = self.peek() {
            if KEYWORDS.contains(&w.as_str()) {
                return Err(self.error(&format!("misplaced-{w}")));
            }
        }
        if let Some(ty) = self.c_declaration_type() {
            self.pos += 1;
            return self.c_declaration_rest(ty);
        }
        self.assignment_or_call()
    }

    /// The type of the older manuals' C declaration (`int32 tmp = D.i32;`, `float tmp =
    /// MEM[ADDR].f32;`, `uint32 offset = SIMM16[10:6];`) when one starts here: a C type
    /// name, a name, then `=`.
    fn c_declaration_type(&self) -> Option<Ty> {
        let Some(Tok::Ident(type_name)) = self.peek() else {
            return None;
        };
        let named = matches!(self.toks.get(self.pos + 1), Some(Tok::Ident(_)));
        let assigned = matches!(self.toks.get(self.pos + 2), Some(Tok::Punct("=")));
        if !(named && assigned) {
            return None;
        }
        c_type(type_name)
    }

    /// `name = value` after a C declaration's type: the newer texts' `declare name : ty`
    /// followed by the assignment.
    fn c_declaration_rest(&mut self, ty: Ty) -> Result<Stmt, ParseError> {
        let name = self.expect_ident("declare-name")?;
        self.expect_punct("=", "c-declaration-value")?;
        let value = self.expr()?;
        let name = Name::new(name);
        let target = Expr::Name(name.clone());
        Ok(Stmt::Seq(vec![
            Stmt::Declare {
                name,
                ty,
                len: None,
            },
            Stmt::Assign {
                target,
                op: None,
                value,
            },
        ]))
    }

    /// Consumes an identifier and returns it, or fails with `construct`.
    fn expect_ident(&mut self, construct: &str) -> Result<String, ParseError> {
        let name = match self.peek() {
            Some(Tok::Ident(v)) => v.clone(),
            _ => return Err(self.error(construct)),
        };
        self.pos += 1;
        Ok(name)
    }

    /// `if c then ... [elsif c then ...]* [else ...] endif`, after the `if`. The older
    /// manuals write `if (c) ...` without `then`, and chain `else if (c) ...` under one
    /// `endif` (V_MED3_F32): with `then` left out, `else if` is `elsif`.
    fn if_rest(&mut self) -> Result<Stmt, ParseError> {
        let mut arms = Vec::new();
        let parenthesized = self.is_punct("(");
        let cond = self.expr()?;
        let older = !self.eat_word("then");
        if older && !parenthesized {
            return Err(self.error("if-then"));
        }
        let body = self.block(&["elsif", "else", "endif"])?;
        arms.push((cond, body));
        let mut otherwise = Vec::new();
        loop {
            if self.eat_word("elsif") {
                let cond = self.expr()?;
                self.expect_word("then", "elsif-then")?;
                arms.push((cond, self.block(&["elsif", "else", "endif"])?));
            } else if older && self.is_word("else") && self.next_is_word("if") {
                self.pos += 2;
                let cond = self.expr()?;
                arms.push((cond, self.block(&["elsif", "else", "endif"])?));
            } else if self.eat_word("else") {
                otherwise = self.block(&["endif"])?;
                self.expect_word("endif", "if-endif")?;
                break;
            } else {
                self.expect_word("endif", "if-endif")?;
                break;
            }
        }
        Ok(Stmt::If { arms, otherwise })
    }

    /// `for var in from : to do ... endfor`, after the `for`.
    fn for_rest(&mut self) -> Result<Stmt, ParseError> {
        let var = self.expect_ident("for-variable")?;
        self.expect_word("in", "for-in")?;
        let from = self.expr()?;
        // The older manuals write the range `0 ... 31`.
        let separated = self.eat_punct("...") || self.eat_punct(":");
        self.expected(separated, "for-range")?;
        let to = self.expr()?;
        self.expect_word("do", "for-do")?;
        let body = self.block(&["endfor"])?;
        self.expect_word("endfor", "for-endfor")?;
        Ok(Stmt::For {
            var: Name::new(var),
            from,
            to,
            body,
        })
    }

    /// `declare name : type [ '[' len ']' ]`, after the `declare`.
    fn declare_rest(&mut self) -> Result<Stmt, ParseError> {
        let name = self.expect_ident("declare-name")?;
        self.expect_punct(":", "declare-colon")?;
        let ty = match self.peek() {
            Some(Tok::SizedType(t)) => *t,
            _ => return Err(self.error("declare-type")),
        };
        self.pos += 1;
        let len = if self.eat_punct("[") {
            let e = self.expr()?;
            self.expect_punct("]", "declare-array")?;
            Some(e)
        } else {
            None
        };
        Ok(Stmt::Declare {
            name: Name::new(name),
            ty,
            len,
        })
    }

    /// `return [value]`, after the `return`: the value is absent when the statement ends
    /// right there (end of line, `;`, `endif` or a closing parenthesis).
    fn return_rest(&mut self) -> Result<Stmt, ParseError> {
        if matches!(
            self.peek(),
            None | Some(Tok::Newline) | Some(Tok::Punct(";"))
        ) || self.is_word("endif")
            || self.is_punct(")")
        {
            return Ok(Stmt::Return(None));
        }
        Ok(Stmt::Return(Some(self.expr()?)))
    }

    /// The assignment operator at the cursor, not consumed: `Some(None)` for `=`,
    /// `Some(Some(op))` for a compound one such as `+=`, `None` when there is none.
    fn assign_op(&self) -> Option<Option<BinOp>> {
        match self.peek() {
            Some(Tok::Punct(p)) => match *p {
                "=" => Some(None),
                "+=" => Some(Some(BinOp::Add)),
                "-=" => Some(Some(BinOp::Sub)),
                "*=" => Some(Some(BinOp::Mul)),
                "/=" => Some(Some(BinOp::Div)),
                "|=" => Some(Some(BinOp::BitOr)),
                "&=" => Some(Some(BinOp::BitAnd)),
                "^=" => Some(Some(BinOp::BitXor)),
                "<<=" => Some(Some(BinOp::Shl)),
                ">>=" => Some(Some(BinOp::Shr)),
                _ => None,
            },
            _ => None,
        }
    }

    /// `target = value`, `target op= value` or a call standing as a statement.
    fn assignment_or_call(&mut self) -> Result<Stmt, ParseError> {
        let target = self.expr()?;
        if let Some(definition) = self.macro_definition(&target)? {
            return Ok(definition);
        }
        match self.assign_op() {
            Some(None) => {
                self.pos += 1;
                self.chained_assignment(target)
            }
            Some(op) => {
                self.pos += 1;
                let value = self.expr()?;
                Ok(Stmt::Assign { target, op, value })
            }
            None => match target {
                Expr::Call(..) => Ok(Stmt::Expr(target)),
                _ => Err(self.error("expression-statement")),
            },
        }
    }

    /// `ABSDIFF(x, y) := (x > y ? x - y : y - x)`: the older manuals' helper definition
    /// (V_SAD_*), the newer texts' `ABSDIFF = lambda(x, y) (...)`. `None` when `target` and
    /// the next tokens are no definition.
    fn macro_definition(&mut self, target: &Expr) -> Result<Option<Stmt>, ParseError> {
        let Expr::Call(name, args) = target else {
            return Ok(None);
        };
        let params: Option<Vec<Name>> = (args.iter())
            .map(|a| match a {
                Expr::Name(n) => Some(n.clone()),
                _ => None,
            })
            .collect();
        let defines = matches!(
            self.toks.get(self.pos..self.pos + 2),
            Some([Tok::Punct(":"), Tok::Punct("=")])
        );
        let Some(params) = params.filter(|_| defines) else {
            return Ok(None);
        };
        self.pos += 2;
        let body = self.expr()?;
        Ok(Some(Stmt::Assign {
            target: Expr::Name(name.clone()),
            op: None,
            value: Expr::Lambda(Arc::new((params, vec![Stmt::Return(Some(body))]))),
        }))
    }

    /// The rest of `target = value` after the `=`, which may chain: `a = b = value`
    /// assigns `b` first, then `a` from `b`.
    fn chained_assignment(&mut self, target: Expr) -> Result<Stmt, ParseError> {
        let mut targets = vec![target];
        let mut value = self.expr()?;
        while self.eat_punct("=") {
            targets.push(value);
            value = self.expr()?;
        }
        let mut stmts = Vec::new();
        while let Some(t) = targets.pop() {
            stmts.push(Stmt::Assign {
                target: t.clone(),
                op: None,
                value,
            });
            value = t;
        }
        Ok(if stmts.len() == 1 {
            stmts.remove(0)
        } else {
            Stmt::Seq(stmts)
        })
    }

    /// Every nesting of expressions passes here or through [`Parser::unary`].
    fn expr(&mut self) -> Result<Expr, ParseError> {
        self.nested(Self::unnested_expr)
    }

    fn unnested_expr(&mut self) -> Result<Expr, ParseError> {
        let cond = self.binary(0)?;
        if self.eat_punct("?") {
            let a = self.expr()?;
            self.expect_punct(":", "ternary-colon")?;
            let b = self.expr()?;
            return Ok(Expr::Ternary(Box::new(cond), Box::new(a), Box::new(b)));
        }
        Ok(cond)
    }

    /// Binary operators of `min_level` or tighter, left-associative. Precedence climbing:
    /// one frame per operand rather than one per level, so that nesting costs little stack.
    fn binary(&mut self, min_level: usize) -> Result<Expr, ParseError> {
        let mut lhs = self.unary()?;
        while let Some((level, op)) = self.binary_op().filter(|&(l, _)| l >= min_level) {
            self.pos += 1;
            let rhs = self.binary(level + 1)?;
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }

    /// The binary operator at the current token and its level (higher binds tighter).
    fn binary_op(&self) -> Option<(usize, BinOp)> {
        const LEVELS: [&[(&str, BinOp)]; 11] = [
            &[("||", BinOp::Or)],
            &[("&&", BinOp::And)],
            &[("|", BinOp::BitOr)],
            &[("^", BinOp::BitXor)],
            &[("&", BinOp::BitAnd)],
            &[("==", BinOp::Eq), ("!=", BinOp::Ne), ("<>", BinOp::Ne)],
            &[
                ("<", BinOp::Lt),
                ("<=", BinOp::Le),
                (">", BinOp::Gt),
                (">=", BinOp::Ge),
            ],
            &[("<<", BinOp::Shl), (">>", BinOp::Shr)],
            &[("+", BinOp::Add), ("-", BinOp::Sub)],
            &[("*", BinOp::Mul), ("/", BinOp::Div), ("%", BinOp::Rem)],
            &[("**", BinOp::Pow)],
        ];
        let Some(Tok::Punct(p)) = self.peek() else {
            return None;
        };
        LEVELS.iter().enumerate().find_map(|(level, ops)| {
            let &(_, op) = ops.iter().find(|(s, _)| s == p)?;
            Some((level, op))
        })
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        self.nested(Self::unnested_unary)
    }

    fn unnested_unary(&mut self) -> Result<Expr, ParseError> {
        if self.eat_punct("-") {
            return Ok(Expr::Unary(UnOp::Neg, Box::new(self.unary()?)));
        }
        if self.eat_punct("+") {
            if self.eat_punct("-") {
                // `+-INF`, the older manuals' "of either sign" (see [`either_sign`]).
                return Ok(Expr::Call(Name::new(EITHER_SIGN), vec![self.unary()?]));
            }
            return self.unary();
        }
        if self.eat_punct("!") {
            return Ok(Expr::Unary(UnOp::Not, Box::new(self.unary()?)));
        }
        if self.eat_punct("~") {
            return Ok(Expr::Unary(UnOp::BitNot, Box::new(self.unary()?)));
        }
        self.postfix()
    }

    fn postfix(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.primary()?;
        loop {
            match self.peek() {
                Some(Tok::Dot(name)) => {
                    let name = name.clone();
                    self.pos += 1;
                    e = match (Ty::from_suffix(&name), half_view(&name)) {
                        (Some(ty), _) => Expr::Typed(Box::new(e), ty),
                        (None, Some((ty, hi))) => half_of(e, ty, hi),
                        (None, None) => Expr::Field(Box::new(e), name),
                    };
                    // `S0.i32(16x16)` matrix notation only appears inside eval strings.
                    if self.is_punct("(") {
                        return Err(self.error("call-on-member"));
                    }
                }
                Some(Tok::Punct("[")) => {
                    self.pos += 1;
                    let first = self.expr()?;
                    if self.eat_punct("+:") {
                        // `x[lo +: width]`
                        let width = self.expr()?;
                        let hi = Expr::Binary(
                            BinOp::Sub,
                            Box::new(Expr::Binary(
                                BinOp::Add,
                                Box::new(first.clone()),
                                Box::new(width),
                            )),
                            Box::new(Expr::Int {
                                value: 1.into(),
                                ty: None,
                                hex: false,
                            }),
                        );
                        self.expect_punct("]", "part-select-close")?;
                        e = Expr::Slice(Box::new(e), Box::new(hi), Box::new(first));
                    } else if self.eat_punct(":") {
                        let lo = self.expr()?;
                        self.expect_punct("]", "slice-close")?;
                        e = Expr::Slice(Box::new(e), Box::new(first), Box::new(lo));
                    } else {
                        self.expect_punct("]", "index-close")?;
                        e = Expr::Index(Box::new(e), Box::new(first));
                    }
                }
                // `floor(S0.f) is even`: the older manuals' V_RNDNE, the newer `isEven(...)`.
                Some(Tok::Ident(word)) if word == "is" => {
                    if !matches!(self.toks.get(self.pos + 1), Some(Tok::Ident(w)) if w == "even") {
                        break;
                    }
                    self.pos += 2;
                    e = Expr::Call(Name::new("isEven"), vec![e]);
                }
                _ => break,
            }
        }
        Ok(e)
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        let Some(tok) = self.peek().cloned() else {
            return Err(self.error("unexpected-end"));
        };
        self.pos += 1;
        match tok {
            Tok::Int { value, ty, hex } => Ok(Expr::Int { value, ty, hex }),
            Tok::Float { value, single } => Ok(Expr::Float { value, single }),
            Tok::SizedType(ty) => {
                self.expect_punct("(", "sized-type-without-cast")?;
                let e = self.expr()?;
                self.expect_punct(")", "cast-close")?;
                Ok(Expr::Cast(ty, Box::new(e)))
            }
            Tok::Punct("(") => {
                if let Some(ty) = self.c_cast_type() {
                    self.pos += 2;
                    return Ok(c_cast(ty, self.unary()?));
                }
                if let Some(norm) = self.norm_cast() {
                    self.pos += 2;
                    return norm_conversion(norm, self.unary()?)
                        .ok_or_else(|| self.error("norm-cast-source"));
                }
                let e = self.expr()?;
                self.expect_punct(")", "paren-close")?;
                Ok(e)
            }
            Tok::Punct("{") => {
                let mut parts = vec![self.expr()?];
                while self.eat_punct(",") {
                    parts.push(self.expr()?);
                }
                self.expect_punct("}", "concat-close")?;
                Ok(Expr::Concat(parts))
            }
            Tok::Ident(name) => {
                if name == "lambda" {
                    return self.lambda();
                }
                if KEYWORDS.contains(&name.as_str()) || name == "if" || name == "for" {
                    self.pos -= 1;
                    return Err(self.error(&format!("keyword-in-expression-{name}")));
                }
                if self.eat_punct("(") {
                    let mut args = Vec::new();
                    if !self.eat_punct(")") {
                        loop {
                            args.push(self.expr()?);
                            if self.eat_punct(")") {
                                break;
                            }
                            self.expect_punct(",", "call-args")?;
                        }
                    }
                    return Ok(Expr::Call(Name::new(newer_spelling(&name)), args));
                }
                Ok(Expr::Name(Name::new(name)))
            }
            Tok::Str(_) => {
                self.pos -= 1;
                Err(self.error("string-literal"))
            }
            Tok::Dot(_) => {
                self.pos -= 1;
                Err(self.error("stray-member"))
            }
            Tok::Newline | Tok::Punct(_) => {
                self.pos -= 1;
                Err(self.error("expected-expression"))
            }
        }
    }

    /// After a `(`: the word of a C-style cast, a name and then `)`.
    fn cast_word(&self) -> Option<&str> {
        let Some(Tok::Ident(name)) = self.peek() else {
            return None;
        };
        matches!(self.toks.get(self.pos + 1), Some(Tok::Punct(")"))).then_some(name.as_str())
    }

    /// After a `(`: the type of a C cast (`float)`, `double)`, `int)`, `unsigned)`), which
    /// the older manuals write for value conversions.
    fn c_cast_type(&self) -> Option<Ty> {
        self.cast_word().and_then(c_type)
    }

    /// After a `(`: `snorm)` or `unorm)`, the older manuals' cast to a normalized 16-bit
    /// integer (`D = {(snorm)S1.f, (snorm)S0.f}` in V_CVT_PKNORM_I16_F32).
    fn norm_cast(&self) -> Option<&'static str> {
        match self.cast_word()? {
            "snorm" => Some("snorm"),
            "unorm" => Some("unorm"),
            _ => None,
        }
    }

    /// `lambda(a, b) (expr)` or `lambda(a) (statements with return)`.
    fn lambda(&mut self) -> Result<Expr, ParseError> {
        self.expect_punct("(", "lambda-params")?;
        let mut params = Vec::new();
        if !self.eat_punct(")") {
            loop {
                match self.peek() {
                    Some(Tok::Ident(p)) => params.push(Name::new(p.as_str())),
                    _ => return Err(self.error("lambda-param")),
                }
                self.pos += 1;
                if self.eat_punct(")") {
                    break;
                }
                self.expect_punct(",", "lambda-params")?;
            }
        }
        self.expect_punct("(", "lambda-body")?;
        let start = self.pos;
        // A body is either one expression or a statement list.
        if let Ok(e) = self.expr() {
            if self.eat_punct(")") {
                return Ok(Expr::Lambda(Arc::new((
                    params,
                    vec![Stmt::Return(Some(e))],
                ))));
            }
        }
        self.pos = start;
        let body = self.block(&[")"])?;
        self.expect_punct(")", "lambda-close")?;
        Ok(Expr::Lambda(Arc::new((params, body))))
    }
}

/// The older manuals' half views of a 32-bit value (`S0.f16_lo`, `S1.u16_hi`): the type
/// and whether it is the high half.
fn half_view(suffix: &str) -> Option<(Ty, bool)> {
    let (ty, half) = suffix.rsplit_once('_')?;
    let hi = match half {
        "lo" => false,
        "hi" => true,
        _ => return None,
    };
    Ty::from_suffix(ty).map(|t| (t, hi))
}

/// `e.f16_hi` read as `e[31 : 16].f16`, `e.f16_lo` as `e[15 : 0].f16`.
fn half_of(e: Expr, ty: Ty, hi: bool) -> Expr {
    let bit = |n: u32| Expr::Int {
        value: n.into(),
        ty: None,
        hex: false,
    };
    let lo = if hi { ty.width } else { 0 };
    let slice = Expr::Slice(
        Box::new(e),
        Box::new(bit(lo + ty.width - 1)),
        Box::new(bit(lo)),
    );
    Expr::Typed(Box::new(slice), ty)
}

/// A C type the older manuals write in casts and declarations (`float`, `double`, `int`,
/// `unsigned`, `int32`, `uint64`...).
fn c_type(name: &str) -> Option<Ty> {
    let (kind, width) = match name {
        "int" | "int32" => (TyKind::I, 32),
        "uint" | "uint32" | "unsigned" => (TyKind::U, 32),
        "int64" => (TyKind::I, 64),
        "uint64" => (TyKind::U, 64),
        "float" => (TyKind::F, 32),
        "double" => (TyKind::F, 64),
        _ => return None,
    };
    Some(Ty::new(kind, width))
}

/// The older manuals' C cast (`(float)S0.i`, `(double)S0.f`): a value conversion, which
/// from a float quiets a signalling NaN as a conversion between float formats does (the
/// newer texts' `f32_to_f64`); a plain `64'F(...)` view keeps the NaN's bits.
fn c_cast(ty: Ty, value: Expr) -> Expr {
    let from_float = matches!(&value, Expr::Typed(_, t) if t.is_float());
    if !(ty.is_float() && from_float) {
        return Expr::Cast(ty, Box::new(value));
    }
    let call = |name: &str, e: &Expr| Expr::Call(Name::new(name), vec![e.clone()]);
    let quieted = Expr::Ternary(
        Box::new(call("isSignalNAN", &value)),
        Box::new(call("cvtToQuietNAN", &value)),
        Box::new(value),
    );
    Expr::Cast(ty, Box::new(quieted))
}

/// The older manuals' `(snorm)S0.f` / `(unorm)S0.f16`: the newer texts' conversion helper
/// from the source's float type (`f32_to_snorm(S0.f)`); `None` for a source of no float type.
fn norm_conversion(norm: &str, value: Expr) -> Option<Expr> {
    let Expr::Typed(_, ty) = &value else {
        return None;
    };
    if ty.kind != TyKind::F || !matches!(ty.width, 16 | 32) {
        return None;
    }
    let helper = format!("f{}_to_{norm}", ty.width);
    Some(Expr::Call(Name::new(helper), vec![value]))
}

/// `x.f32 = mantissa(y)`: AMD's texts call two things `mantissa`. Cast to bits it is the
/// fraction field (`23'B(mantissa(S0.f32))` in CDNA3's stochastic-rounding conversions);
/// stored whole as a float it is the significand of C's frexp, as the V_FREXP_MANT_*
/// descriptions say ("extract the binary significand ... store the result as a float",
/// the invariant S0 = significand * 2 ** exponent with V_FREXP_EXP's exponent). The
/// second use is read as the helper `significand`.
fn significand_result(stmt: &mut Stmt) {
    if let Stmt::Assign {
        target: Expr::Typed(_, ty),
        op: None,
        value: Expr::Call(name, _),
    } = stmt
    {
        if ty.is_float() && name == "mantissa" {
            *name = Name::new("significand");
        }
    }
}

/// A helper or instruction the older manuals call by another spelling, under the newer
/// manuals' name: `V_MAX_F16(...)` is `v_max_f16(...)`, `isNan` is `isNAN`, `Quiet` is
/// `cvtToQuietNAN`, `Mantissa` and `Exponent` are `mantissa` and `exponent`, `SAD_U8` and
/// `MSAD_U8` (V_QSAD/V_MQSAD's calls) are `v_sad_u8` and `v_msad_u8`, and `flt16_to_uint16`
/// is `f16_to_u16`.
fn newer_spelling(name: &str) -> String {
    const INSTRUCTION_PREFIXES: [&str; 2] = ["V_", "S_"];
    if INSTRUCTION_PREFIXES.iter().any(|p| name.starts_with(p))
        && !name.chars().any(|c| c.is_ascii_lowercase())
    {
        return name.to_ascii_lowercase();
    }
    match name {
        "isNan" => return "isNAN".to_string(),
        "Quiet" => return "cvtToQuietNAN".to_string(),
        "Mantissa" => return "mantissa".to_string(),
        "Exponent" => return "exponent".to_string(),
        "SAD_U8" => return "v_sad_u8".to_string(),
        "MSAD_U8" => return "v_msad_u8".to_string(),
        // The GCN1-3 manuals' spellings.
        "isNaN" => return "isNAN".to_string(),
        "CountOneBits" => return "countbits".to_string(),
        "CountZeroBits" => return "count_zeros".to_string(),
        "ABS_DIFF" => return "ABSDIFF".to_string(),
        "FLOOR" => return "floor".to_string(),
        "FRAC64" => return "fract".to_string(),
        "round_nearest_even" => return "RoundToEven".to_string(),
        // V_ASHRREV_I32's `signtext(S1.i)` in the GCN manuals: V_ASHR_I32 beside it and
        // Vega's text of the same instruction read `signext`.
        "signtext" => return "signext".to_string(),
        // `UINT2FLT(S0.u[7:0])`, V_CVT_F32_UBYTE<n>: an unsigned integer made a float.
        "UINT2FLT" => return "u32_to_f32".to_string(),
        _ => {}
    }
    let Some((from, to)) = name.split_once("_to_") else {
        return name.to_string();
    };
    let format = |f: &str| -> String {
        let (kind, width) = f.split_at(f.find(|c: char| c.is_ascii_digit()).unwrap_or(f.len()));
        match kind {
            "flt" => format!("f{width}"),
            "int" => format!("i{width}"),
            "uint" => format!("u{width}"),
            "snorm" | "unorm" => kind.to_string(),
            _ => f.to_string(),
        }
    };
    format!("{}_to_{}", format(from), format(to))
}
