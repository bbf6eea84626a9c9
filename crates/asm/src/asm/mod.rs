//! Text -> [`Inst`] (LLVM's AsmParser role): one spec lookup per statement, then a builder
//! per encoding family (scalar, vector, dual issue, memory, image, export) binds one typed
//! value per spec operand, and the family's handler in [`crate::encode`] lays out the bytes.

mod dual;
mod export;
mod image;
mod memory;
pub mod operands;
mod scalar;
mod vector;

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use mcdiff_spec::{Instruction, InstructionEncoding, Operand};
use rustc_hash::FxHashMap;

use crate::encode::{family_encoder, FamilyEncoder, Fixup};
use crate::family::{family_name, Family};
use crate::form::FormId;
use crate::inst::{Inst, InstOperand, OperandValue};
use crate::memo::Memo;
use crate::operands::OperandCtx;
use crate::syntax::{self, split_statement, MnemonicAliases, Piece, Statement};
use crate::target::TargetCtx;

/// Result of assembling one statement.
#[derive(Debug, Clone, PartialEq)]
pub enum AsmOutcome {
    Encoded(Encoded),
    /// The statement is invalid for the target (what llvm-mc reports as an error).
    Rejected(AsmError),
    /// Valid or not, this assembler does not handle it; a short stable reason.
    Unsupported(String),
}

/// An encoded instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct Encoded {
    pub inst: Inst,
    /// Little-endian bytes as llvm-mc prints them (fixup bytes are 0).
    pub bytes: Vec<u8>,
    pub fixups: Vec<Fixup>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmError {
    /// 1-based column in the statement.
    pub column: u32,
    pub message: String,
}

/// Why a statement was not encoded (the non-`Encoded` outcomes).
enum NotEncoded {
    Rejected(AsmError),
    Unsupported(String),
}

impl From<NotEncoded> for AsmOutcome {
    fn from(why: NotEncoded) -> Self {
        match why {
            NotEncoded::Rejected(e) => AsmOutcome::Rejected(e),
            NotEncoded::Unsupported(r) => AsmOutcome::Unsupported(r),
        }
    }
}

/// Encodes a built instruction with its family's handler; a field the spec lacks is a gap.
fn encode_built(inst: Inst, handler: &dyn FamilyEncoder, cx: &OperandCtx) -> AsmOutcome {
    match handler.encode(&inst, cx) {
        Ok(out) => AsmOutcome::Encoded(Encoded {
            inst,
            bytes: out.bytes,
            fixups: out.fixups,
        }),
        Err(message) => AsmOutcome::Unsupported(format!("spec gap: {message}")),
    }
}

fn reject(column: u32, message: impl Into<String>) -> NotEncoded {
    NotEncoded::Rejected(AsmError {
        column,
        message: message.into(),
    })
}

/// Assembles statements for one target.
pub struct Assembler<'s> {
    ctx: TargetCtx<'s>,
    /// A vector form's operand slots, for each mnemonic it was written with, found on first
    /// use.
    slots: RefCell<FxHashMap<FormId, Vec<SlotsByMnemonic>>>,
    /// A vector form's layout by the form, SDWA and DPP.
    layouts: Memo<FormLayoutKey, Rc<vector::FormLayout<'s>>>,
    aliases: MnemonicAliases,
}

/// A mnemonic a form was written with, and the form's operand slots for it, shared with the
/// operands of every instruction built from them.
type SlotsByMnemonic = (String, Rc<[Arc<Operand>]>);

/// A vector form's address, whether SDWA is asked for, and which DPP.
type FormLayoutKey = (FormId, bool, Option<syntax::vector::Dpp>);

impl<'s> Assembler<'s> {
    pub fn new(ctx: TargetCtx<'s>) -> Self {
        Assembler {
            aliases: MnemonicAliases::new(&ctx),
            ctx,
            slots: RefCell::default(),
            layouts: Memo::default(),
        }
    }

    fn instruction(&self, mnemonic: &str) -> Option<&Instruction> {
        let spec = self.ctx.spec;
        if syntax::renamed_on_target(&self.ctx, mnemonic) {
            return None;
        }
        spec.instruction(mnemonic)
            .or_else(|| self.aliases.get(mnemonic).and_then(|n| spec.instruction(n)))
    }

    /// The spec this assembler reads: the one its instructions' forms index.
    pub fn spec(&self) -> &'s mcdiff_spec::Spec {
        self.ctx.spec
    }

    /// The spec instruction a mnemonic names, found the ways [`assemble`](Self::assemble)
    /// finds it: the AMD name or an alias, a vector mnemonic without its encoding-forcing
    /// suffix (`_e32`, `_e64`, `_dpp`, `_e64_dpp`, `_sdwa`), or an older LLVM name of a memory
    /// instruction. `None` when no path knows the mnemonic. For reports that name the
    /// instruction of a line this assembler does not encode.
    pub fn named_instruction(&self, mnemonic: &str) -> Option<&Instruction> {
        let mnemonic = mnemonic.to_ascii_lowercase();
        let suffixed = || {
            let (base, _) = syntax::encoding_suffix(&mnemonic)?;
            self.instruction(base)
                .filter(|i| syntax::forms::is_vector(i))
        };
        let renamed = || {
            syntax::memory::renamed(self.ctx.gfx_major, &mnemonic)
                .iter()
                .find_map(|n| self.instruction(n))
        };
        self.instruction(&mnemonic)
            .or_else(suffixed)
            .or_else(renamed)
    }

    /// Assembles one statement (comment already stripped). A statement with too few
    /// operands is read again with a comma in a blank between two operands
    /// ([`syntax::with_missing_comma`]), as llvm-mc reads it; the first reading's outcome
    /// stands unless that one encodes.
    pub fn assemble(&self, text: &str) -> AsmOutcome {
        let outcome = self.assemble_once(text);
        let too_few = |o: &AsmOutcome| matches!(o, AsmOutcome::Rejected(e) if e.message == "too few operands for instruction");
        if !too_few(&outcome) {
            return outcome;
        }
        let mut retry = text.to_string();
        // Each reading adds one comma; a statement has a few operands.
        for _ in 0..4 {
            let Some(next) = syntax::with_missing_comma(&retry) else {
                break;
            };
            let again = self.assemble_once(&next);
            if matches!(again, AsmOutcome::Encoded(_)) {
                return again;
            }
            if !too_few(&again) {
                break;
            }
            retry = next;
        }
        outcome
    }

    fn assemble_once(&self, text: &str) -> AsmOutcome {
        let body = text.trim();
        if body.is_empty() {
            return AsmOutcome::Unsupported("empty statement".into());
        }
        if body.starts_with('.') {
            return AsmOutcome::Unsupported("directive".into());
        }
        if body.ends_with(':') && !body.contains(char::is_whitespace) {
            return AsmOutcome::Unsupported("label definition".into());
        }
        // Before any split: the pieces of a line are few, whatever its length.
        if let Err((column, message)) = syntax::check_operand_count(text) {
            return reject(column, message).into();
        }
        // A byte search: `str::split_once` with a `&str` pattern sets up a general substring
        // searcher for every statement.
        if let Some(at) = body.as_bytes().windows(2).position(|w| w == b"::") {
            return self.assemble_dual(text, &body[..at], &body[at + 2..]);
        }
        let stmt = split_statement(text);
        if let Some(outcome) = self.assemble_vector(&stmt) {
            return outcome;
        }
        if let Some(outcome) = self.assemble_memory(&stmt) {
            return outcome;
        }
        if let Some(outcome) = self.assemble_image(&stmt) {
            return outcome;
        }
        if let Some(outcome) = self.assemble_export(&stmt) {
            return outcome;
        }
        self.assemble_scalar(&stmt)
    }

    /// The scalar path of [`assemble`](Self::assemble), and the mnemonics no path knows.
    fn assemble_scalar(&self, stmt: &Statement) -> AsmOutcome {
        let Some(instruction) = self.instruction(&stmt.mnemonic) else {
            return self.unknown_mnemonic(stmt);
        };
        if instruction
            .encodings
            .iter()
            .all(|e| Family::of(&e.encoding) == Family::Vopd)
        {
            // A dual-issue op is only valid as one half of `x :: y`.
            return reject(stmt.column, "invalid instruction").into();
        }
        let Some(form) = choose_form(instruction) else {
            // Name the family by an ENC_* form where there is one, so reasons stay few.
            let encoding = instruction
                .encodings
                .iter()
                .find(|e| e.encoding.starts_with("ENC_"))
                .or(instruction.encodings.first())
                .map_or("none", |e| e.encoding.as_str());
            return AsmOutcome::Unsupported(format!(
                "encoding {} not implemented",
                family_encoding(encoding)
            ));
        };
        let family = Family::of(&form.encoding);
        // The form's own format: SMRD words are SMEM's family.
        let name = family_name(&form.encoding);
        let Some(encoding) = self.ctx.spec.encoding(&format!("ENC_{name}")) else {
            return AsmOutcome::Unsupported(format!("encoding ENC_{name} missing from spec"));
        };
        let cx = OperandCtx::new(&self.ctx, &stmt.mnemonic, encoding);
        match self.build(stmt, instruction, form, &cx) {
            Err(why) => why.into(),
            Ok(inst) => {
                let handler =
                    family_encoder(family).expect("choose_form admits implemented families only");
                encode_built(inst, handler, &cx)
            }
        }
    }

    /// Why a mnemonic the spec does not know is not encoded: a suffixed form of a known
    /// instruction (`_e64`, `_dpp`...) is an unimplemented form; an unknown mnemonic of an
    /// unimplemented family is a gap in our tables; an unknown scalar mnemonic is rejected.
    fn unknown_mnemonic(&self, stmt: &Statement) -> AsmOutcome {
        if let Some((base, form)) = syntax::encoding_suffix(&stmt.mnemonic) {
            if let Some(instruction) = self.instruction(base) {
                // Scalar instructions have no VOP forms to select.
                let scalar_only = instruction
                    .encodings
                    .iter()
                    .all(|e| Family::of(&e.encoding).is_scalar());
                if scalar_only {
                    // A scalar word is its native 32-bit form: LLVM takes `_e32` and
                    // refuses the other suffixes as variants the instruction lacks.
                    return match syntax::encoding_suffix_text(&stmt.mnemonic) {
                        Some("_e32") => self.assemble_scalar(&Statement {
                            mnemonic: base.to_string().into(),
                            ..stmt.clone()
                        }),
                        other => {
                            let variant = other.unwrap_or_default().trim_start_matches('_');
                            let message =
                                format!("{variant} variant of this instruction is not supported");
                            reject(stmt.column, &message).into()
                        }
                    };
                }
                return AsmOutcome::Unsupported(format!("{form} not implemented"));
            }
        }
        // Only where every spec instruction nearest the mnemonic is of a family we do not
        // encode can the mnemonic be a gap in alias tables we have no use for yet.
        let families = self.nearest_families(&stmt.mnemonic);
        if !families.is_empty() && !families.iter().any(|f| implemented_family(Family::of(f))) {
            return AsmOutcome::Unsupported(format!(
                "mnemonic of unimplemented family {} not in alias tables",
                families.join("/")
            ));
        }
        reject(stmt.column, "instruction not in spec").into()
    }

    /// The encoding families (sorted, deduplicated) of the spec instructions nearest to a
    /// mnemonic the spec lacks: those whose names share the most leading `_`-separated words
    /// with it, at least the first (`v_mfma_f32_32x32x1f32` -> the `V_MFMA_F32_*` ops).
    /// Empty when no instruction shares even the first word.
    fn nearest_families(&self, mnemonic: &str) -> Vec<&str> {
        let name = mnemonic.to_ascii_uppercase();
        let mut families: Vec<&str> = (self.ctx.spec.nearest_by_name_words(&name))
            .flat_map(|i| i.encodings.iter().map(|e| family_name(&e.encoding)))
            .collect();
        families.sort_unstable();
        families.dedup();
        families
    }
}

/// True for an encoding family some path of [`Assembler::assemble`] encodes: the scalar and
/// vector ALU families ([`family_encoder`]), dual issue (VOPD), vector memory, images and
/// exports.
fn implemented_family(family: Family) -> bool {
    family_encoder(family).is_some() || family == Family::Vopd || family.is_vector_memory()
}

/// The spec form to encode: an implemented family, `ENC_*` before `*_INST_LITERAL`, the
/// default condition first.
fn choose_form(instruction: &Instruction) -> Option<&InstructionEncoding> {
    let usable = |e: &&InstructionEncoding| Family::of(&e.encoding).is_scalar();
    let rank = |e: &InstructionEncoding| {
        (
            e.encoding.ends_with("_INST_LITERAL"),
            e.condition != "default",
        )
    };
    instruction
        .encodings
        .iter()
        .filter(usable)
        .min_by_key(|e| rank(e))
}

/// `VOP2_INST_LITERAL` -> `ENC_VOP2`, so unsupported reasons stay few.
fn family_encoding(encoding: &str) -> String {
    format!("ENC_{}", family_name(encoding))
}

/// LLVM allows one literal value per instruction (used by several operands at most once).
fn check_literals(operands: &[InstOperand], pieces: &[Piece]) -> Result<(), NotEncoded> {
    let mut seen: Option<(u64, u32, Option<&str>)> = None;
    for (op, piece) in operands.iter().zip(pieces) {
        if let OperandValue::Literal {
            value,
            dwords,
            expr,
        } = &op.value
        {
            let this = (*value, *dwords, expr.as_deref());
            match seen {
                Some(first) if first != this => {
                    return Err(reject(
                        piece.column,
                        "only one unique literal operand is allowed",
                    ))
                }
                _ => seen = Some(this),
            }
        }
    }
    Ok(())
}
