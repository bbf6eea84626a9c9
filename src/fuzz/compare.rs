//! One input, both sides: our encoder (or decoder) against llvm-mc's answer, and when they
//! disagree, what kind of disagreement, a blame hint and the rule subject it is grouped by.
//!
//! Blame hints: `llvm-lenient` only when llvm-mc accepted a number wider than a spec field
//! and our encoding of that number masked to the field's width gives llvm-mc's bytes exactly
//! (it truncated silently); `spec-gap` when our side stops at a fact the spec files lack;
//! `llvm` when llvm-mc's printed encoding of a word it decoded is not the word (its answer
//! is then no reference); `ours` for every other disagreement (llvm-mc is the reference).

use std::collections::BTreeSet;

use super::minimise::parse_hex;
use super::mutate::{numbers, render_int, Stmt};
use super::Mode;
use crate::bytes::{render, EncByte};
use crate::classify::{llvm_reencodes, normalize_asm};
use crate::disasm::{decode_bytes, ExactDecoder, Piece};
use crate::engine::encoded_bytes;
use crate::explain::{field_diff, is_spec_gap, text_diff};
use crate::llvm_mc::LlvmAnswer;
use crate::markers::{invalid_marker, marked_refusal};
use mcdiff_asm::decode::{DecodeOutcome, Disassembler, SPEC_RULE};
use mcdiff_asm::print::print;
use mcdiff_asm::{AsmOutcome, Assembler, Form};
use mcdiff_spec::TargetSpec;

/// Our side for one target.
pub struct Ours<'a> {
    pub ts: &'a TargetSpec,
    pub assembler: &'a Assembler<'a>,
    pub dis: &'a Disassembler<'a>,
}

/// How one input came out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Agree,
    /// Our side does not handle the input (the reason); not compared.
    Unsupported(String),
    /// llvm-mc gave no answer for the input (the reason); not compared.
    NoAnswer(String),
    Differs(Diff),
}

/// A disagreement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diff {
    /// `bytes`, `text`, `we-reject` (llvm-mc accepts or decodes), `we-accept`, or
    /// `llvm-reencodes` (llvm-mc's printed encoding of a decoded word is not the word).
    pub kind: &'static str,
    /// `llvm-lenient`, `spec-gap`, `llvm` (llvm-mc's answer contradicts itself) or `ours`.
    pub blame: &'static str,
    /// The field (lenient values, byte differences) or mnemonic family the rule is about.
    pub subject: String,
    pub detail: String,
    pub ours: String,
    pub llvm: String,
}

/// One side's answer, reduced to what is compared.
pub enum Side {
    /// Bytes, and the form our assembler chose for them (llvm-mc's bytes have none).
    Bytes(Vec<EncByte>, Option<Form>),
    Text(String, bool),
    Reject(String),
}

impl Side {
    fn show(&self) -> String {
        match self {
            Side::Bytes(b, _) => render(b),
            Side::Text(t, partial) if *partial => format!("{t} (then invalid bytes)"),
            Side::Text(t, _) => t.clone(),
            Side::Reject(m) => format!("error: {m}"),
        }
    }
}

/// The disagreement of two sides: its kind, blame hint, subject and detail, and both answers.
fn differs(
    ours: &Side,
    theirs: &Side,
    (kind, blame, subject, detail): (&'static str, &'static str, String, String),
) -> Outcome {
    Outcome::Differs(Diff {
        kind,
        blame,
        subject,
        detail,
        ours: ours.show(),
        llvm: theirs.show(),
    })
}

/// `v_add_f32_e64_dpp` -> `v_*_e64_dpp`, `s_mov_b32` -> `s_*`, `buffer_load_b32` -> `buffer_*`.
pub fn family(mnemonic: &str) -> String {
    const FORMS: &[&str] = &["e32", "e64", "dpp", "sdwa"];
    let parts: Vec<&str> = mnemonic.split('_').collect();
    let forms: Vec<&str> = parts[1..]
        .iter()
        .copied()
        .filter(|p| FORMS.contains(p))
        .collect();
    let mut s = format!("{}_*", parts[0]);
    for f in forms {
        s.push('_');
        s.push_str(f);
    }
    s
}

impl<'a> Ours<'a> {
    /// Our side's answer for an input of `mode`, or why our side does not handle it (such
    /// an input is not compared, so it need not go to llvm-mc).
    pub fn side(&self, mode: Mode, input: &str) -> Result<Side, String> {
        match mode {
            Mode::Asm => self.asm_side(input),
            Mode::Disasm => self.bytes_side(&parse_hex(input)),
        }
    }

    /// Our side against llvm-mc's answer for the same input.
    pub fn judge(&self, mode: Mode, input: &str, ours: Side, llvm: &LlvmAnswer) -> Outcome {
        match mode {
            Mode::Asm => self.judge_asm(input, ours, llvm),
            Mode::Disasm => self.judge_bytes(&parse_hex(input), ours, llvm),
        }
    }

    fn asm_side(&self, text: &str) -> Result<Side, String> {
        Ok(match self.assembler.assemble(text) {
            AsmOutcome::Encoded(enc) => Side::Bytes(encoded_bytes(&enc), Some(enc.inst.form)),
            AsmOutcome::Rejected(e) => Side::Reject(e.message),
            AsmOutcome::Unsupported(r) if is_spec_gap(&r) => Side::Reject(r),
            AsmOutcome::Unsupported(r) => return Err(r),
        })
    }

    /// Our encoder on an assembler line against llvm-mc's answer for it.
    fn judge_asm(&self, text: &str, ours: Side, llvm: &LlvmAnswer) -> Outcome {
        let theirs = match llvm {
            LlvmAnswer::Encoded { bytes, .. } => Side::Bytes(bytes.clone(), None),
            LlvmAnswer::Error { message, .. } => Side::Reject(message.clone()),
            LlvmAnswer::Decoded { text, .. } => Side::Text(text.clone(), false),
            LlvmAnswer::NotRun(why) => return Outcome::NoAnswer(why.clone()),
        };
        let fam = family(&Stmt::parse(text).mnemonic);
        let found = match (&ours, &theirs) {
            (Side::Bytes(a, _), Side::Bytes(b, _)) if a == b => return Outcome::Agree,
            (Side::Reject(_), Side::Reject(_)) => return Outcome::Agree,
            (Side::Bytes(a, form), Side::Bytes(b, _)) => {
                let spec = &self.ts.spec;
                let detail = match (form, form.and_then(|f| f.encoding(spec))) {
                    (_, Some(e)) => field_diff(e, a, b, "llvm-mc"),
                    (Some(form), None) => {
                        format!("encoding {} not in spec", form.encoding_name(spec))
                    }
                    (None, None) => "bytes differ".to_string(),
                };
                ("bytes", "ours", field_names(&detail), detail)
            }
            (Side::Reject(why), Side::Bytes(b, _)) => match self.lenient(text, b) {
                Some((field, detail)) => ("we-reject", "llvm-lenient", field, detail),
                None if is_spec_gap(why) => ("we-reject", "spec-gap", fam, why.clone()),
                None => ("we-reject", "ours", fam, why.clone()),
            },
            _ => ("we-accept", "ours", fam, String::new()),
        };
        differs(&ours, &theirs, found)
    }

    /// Whether our decoding of a byte line says everything the bytes say: the printed text
    /// of each instruction decoded assembles back to its bytes. None when nothing decodes.
    pub fn reassembles(&self, word: &[u8]) -> Option<bool> {
        let mut decoded = false;
        let mut exact = true;
        for piece in decode_bytes(self.decoder(), word, true) {
            if let Piece::Inst { reassembles, .. } = piece {
                decoded = true;
                exact &= reassembles;
            }
        }
        decoded.then_some(exact)
    }

    fn decoder(&self) -> ExactDecoder<'_, 'a, 'a> {
        ExactDecoder {
            dis: self.dis,
            asm: self.assembler,
        }
    }

    /// Our decoder on a byte line (read as one `[...]` group).
    fn bytes_side(&self, bytes: &[u8]) -> Result<Side, String> {
        let (mut texts, mut first_invalid, mut partial) = (Vec::new(), None, false);
        for piece in decode_bytes(self.decoder(), bytes, true) {
            match piece {
                Piece::Inst { text, .. } => texts.push(text),
                Piece::Invalid { message, .. } if texts.is_empty() => first_invalid = Some(message),
                Piece::Invalid { .. } => partial = true,
                Piece::Unsupported { reason, .. } if is_spec_gap(&reason) => {
                    first_invalid = Some(reason);
                    texts.clear();
                    break;
                }
                Piece::Unsupported { reason, .. } => return Err(reason),
            }
        }
        Ok(match first_invalid {
            Some(m) if texts.is_empty() => Side::Reject(m),
            _ => Side::Text(texts.join(" ; "), partial),
        })
    }

    /// Our decoding of a byte line against llvm-mc's disassembly of it. Where llvm-mc's
    /// printed encoding is not the word, its answer is no reference: that is the finding.
    fn judge_bytes(&self, word: &[u8], ours: Side, llvm: &LlvmAnswer) -> Outcome {
        // Our printer marks what LLVM syntax cannot write the same way: that is our refusal.
        let ours = match ours {
            Side::Text(text, partial) => match invalid_marker(&text) {
                Some(marker) => Side::Reject(marked_refusal(marker)),
                None => Side::Text(text, partial),
            },
            side => side,
        };
        if let (true, LlvmAnswer::Decoded { text, bytes, .. }) =
            (llvm_reencodes(llvm, Some(word)), llvm)
        {
            let detail = format!("llvm-mc prints {} for the word", render(bytes));
            let theirs = Side::Text(text.clone(), false);
            let found = ("llvm-reencodes", "llvm", family(first_word(text)), detail);
            return differs(&ours, &theirs, found);
        }
        let theirs = match llvm {
            LlvmAnswer::Decoded { text, skipped, .. } => match invalid_marker(text) {
                Some(marker) => Side::Reject(marked_refusal(marker)),
                None => Side::Text(text.clone(), skipped.is_some()),
            },
            LlvmAnswer::Error { message, .. } => Side::Reject(message.clone()),
            LlvmAnswer::Encoded { text, .. } => Side::Text(text.clone(), false),
            LlvmAnswer::NotRun(why) => return Outcome::NoAnswer(why.clone()),
        };
        let found = match (&ours, &theirs) {
            (Side::Reject(_), Side::Reject(_)) => return Outcome::Agree,
            (Side::Text(a, pa), Side::Text(b, pb))
                if normalize_asm(a) == normalize_asm(b) && pa == pb =>
            {
                return Outcome::Agree
            }
            (Side::Text(a, _), Side::Text(b, _)) => {
                let detail = text_diff(a, b, "llvm-mc");
                let detail = if detail.is_empty() {
                    "trailing bytes".to_string()
                } else {
                    detail
                };
                ("text", "ours", family(first_word(b)), detail)
            }
            (Side::Reject(why), Side::Text(b, _)) => {
                let gap = is_spec_gap(why) || why.ends_with("instruction has this opcode");
                let blame = match (gap, why.starts_with(SPEC_RULE)) {
                    (true, _) => "spec-gap",
                    (false, true) => "llvm-lenient",
                    (false, false) => "ours",
                };
                ("we-reject", blame, family(first_word(b)), why.clone())
            }
            (Side::Text(a, _), _) => match self.spec_allows(word) {
                Some(evidence) => ("we-accept", "llvm-strict", family(first_word(a)), evidence),
                None => ("we-accept", "ours", family(first_word(a)), String::new()),
            },
            _ => ("we-accept", "ours", String::new(), String::new()),
        };
        differs(&ours, &theirs, found)
    }

    /// The spec's evidence that the first instruction of `word`, which we decode and llvm-mc
    /// refuses, is valid: its bits beyond what its text says are ones the manuals call
    /// unused or ignored ([`crate::explain::spec_ignores`]).
    fn spec_allows(&self, word: &[u8]) -> Option<String> {
        let DecodeOutcome::Decoded { inst, len } = self.dis.decode(word) else {
            return None;
        };
        let ctx = self.dis.ctx();
        let AsmOutcome::Encoded(enc) = self.assembler.assemble(&print(&inst, ctx)) else {
            return None;
        };
        let word = word.get(..len)?;
        crate::explain::spec_ignores(ctx.spec, ctx.gfx_major, &inst, word, &enc.bytes)
    }

    /// A number in `text` wider than a spec field such that our encoding of it masked to the
    /// field's width is exactly `llvm`'s bytes: llvm-mc truncated it. The field and a note.
    fn lenient(&self, text: &str, llvm: &[EncByte]) -> Option<(String, String)> {
        let spec = &self.ts.spec;
        for ((start, end), value, in_modifier) in numbers(text) {
            if value <= 0 {
                continue;
            }
            let token_start = text[..start].rfind([' ', ',']).map_or(0, |i| i + 1);
            let name = in_modifier
                .then(|| {
                    text[token_start..start]
                        .split(':')
                        .next()
                        .unwrap_or_default()
                })
                .map(str::to_ascii_uppercase);
            // A named modifier is checked against the spec fields of its name; a plain number
            // against the 16- and 32-bit immediate and literal widths only.
            let fields: Vec<(&str, u32)> = match &name {
                Some(n) => spec
                    .encodings
                    .iter()
                    .flat_map(|e| e.fields.iter())
                    .filter(|f| f.name == *n)
                    .map(|f| (f.name.as_str(), f.width()))
                    .collect(),
                None => vec![("16-bit immediate", 16), ("32-bit literal", 32)],
            };
            let widths: BTreeSet<u32> = fields
                .iter()
                .map(|f| f.1)
                .filter(|&w| w > 0 && w < 63 && value >> w != 0 && !sign_extended(value, w))
                .collect();
            for w in widths {
                let masked = value & ((1 << w) - 1);
                let signed = masked - ((masked >> (w - 1)) << w);
                for v in [masked, signed] {
                    let candidate =
                        format!("{}{}{}", &text[..start], render_int(v, true), &text[end..]);
                    let AsmOutcome::Encoded(enc) = self.assembler.assemble(&candidate) else {
                        continue;
                    };
                    if encoded_bytes(&enc) == llvm {
                        let field = fields.iter().find(|f| f.1 == w).map_or("", |f| f.0);
                        let note = format!(
                            "{} taken as {} (the {w}-bit {field})",
                            &text[token_start..end],
                            render_int(v, true)
                        );
                        return Some((field.to_string(), note));
                    }
                }
            }
        }
        None
    }
}

/// `value` is a 32-bit pattern of a negative `w`-bit number (`0xfffffff0` for -16): the
/// same number, not a truncation.
fn sign_extended(value: i64, w: u32) -> bool {
    value <= i64::from(u32::MAX) && {
        let s = i64::from(value as u32 as i32);
        s < 0 && s >= -(1i64 << (w - 1))
    }
}

fn first_word(text: &str) -> &str {
    text.split_whitespace().next().unwrap_or_default()
}

/// `OPSEL: ours 0x0, llvm-mc 0x4; length: ...` -> `OPSEL+length`.
fn field_names(diff: &str) -> String {
    let mut names: Vec<&str> = diff
        .split("; ")
        .map(|p| p.split(':').next().unwrap_or(p))
        .collect();
    names.sort_unstable();
    names.dedup();
    names.join("+")
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcdiff_asm::TargetCtx;

    /// gfx1100's spec from the data folder the CLI finds ([`crate::data::DataDir::locate`]);
    /// None (a skip) without it, a failure under CI=true.
    fn gfx1100() -> Option<TargetSpec> {
        target("gfx1100")
    }

    fn target(mcpu: &str) -> Option<TargetSpec> {
        let root =
            crate::data::DataDir::locate(None).and_then(|d| d.spec_root().map(|r| r.to_path_buf()));
        let Ok(root) = root else {
            assert!(std::env::var("CI").is_err(), "data folder missing under CI");
            return None;
        };
        Some(crate::data::load_target(&root, mcpu).expect("the target loads"))
    }

    /// An interpolation parameter past P0 (code 3): the VINTRP field table defines 0 to 2.
    #[test]
    fn undefined_interpolation_parameters_are_refused() {
        let Some(ts) = target("gfx908") else { return };
        let dis = Disassembler::new(TargetCtx::new(&ts, &[], 22));
        let p0 = [0x02, 0x00, 0x0a, 0xd7];
        assert!(matches!(dis.decode(&p0), DecodeOutcome::Decoded { .. }));
        let code3 = [0x03, 0x00, 0x0a, 0xd7];
        assert!(
            matches!(dis.decode(&code3), DecodeOutcome::Invalid(why) if why.starts_with(SPEC_RULE)),
            "v_interp_mov_f32 with parameter code 3 is refused"
        );
    }

    /// Bits no field of the encoding covers, on a file that lists every field (gfx942's
    /// high-fidelity CDNA3 rebuild): MUBUF bit 53 set, which the clean word lacks.
    #[test]
    fn bits_outside_every_field_are_refused() {
        let Some(ts) = target("gfx942") else { return };
        let dis = Disassembler::new(TargetCtx::new(&ts, &[], 22));
        let clean = [0x00, 0x00, 0x00, 0xe0, 0x00, 0x00, 0x00, 0x00];
        assert!(matches!(dis.decode(&clean), DecodeOutcome::Decoded { .. }));
        let stray = [0x00, 0x00, 0x00, 0xe0, 0x00, 0x00, 0x20, 0x00];
        assert!(
            matches!(dis.decode(&stray), DecodeOutcome::Invalid(why) if why.starts_with(SPEC_RULE)),
            "MUBUF bit 53 lies outside every CDNA3 MUBUF field"
        );
    }

    /// The same rule on a partial file (gfx1030: FLAT bit 55, between SADDR and VDST in the
    /// RDNA2 field table) and on a manual file (tonga: SMEM bit 14, between SDATA and GLC in
    /// the GCN3 one), each against the clean word our assembler writes.
    #[test]
    fn bits_outside_every_field_are_refused_on_every_kind_of_file() {
        for (mcpu, text, byte, bit) in [
            ("gfx1030", "flat_load_dword v1, v[2:3]", 6, 0x80),
            ("tonga", "s_load_dword s5, s[2:3], 0x10", 1, 0x40),
        ] {
            let Some(ts) = target(mcpu) else { return };
            let ctx = TargetCtx::new(&ts, &[], 22);
            let (assembler, dis) = (Assembler::new(ctx), Disassembler::new(ctx));
            let AsmOutcome::Encoded(enc) = assembler.assemble(text) else {
                panic!("{text} encodes for {mcpu}")
            };
            let mut word = enc.bytes;
            assert!(matches!(dis.decode(&word), DecodeOutcome::Decoded { .. }));
            word[byte] |= bit;
            assert!(
                matches!(dis.decode(&word), DecodeOutcome::Invalid(why) if why.starts_with(SPEC_RULE)),
                "{mcpu}: {text} with bit {} set is refused",
                byte * 8 + bit.trailing_zeros() as usize
            );
        }
    }

    /// A buffer load to LDS with its TFE bit set (tonga, MUBUF bit 55): illegal by the
    /// manuals' Memory Buffer Load to LDS, as the assembler also refuses it.
    #[test]
    fn a_buffer_load_to_lds_takes_no_tfe() {
        let Some(ts) = target("tonga") else { return };
        let dis = Disassembler::new(TargetCtx::new(&ts, &[], 22));
        let lds = [0x00, 0x00, 0x51, 0xe0, 0x00, 0x00, 0x01, 0x01];
        assert!(matches!(dis.decode(&lds), DecodeOutcome::Decoded { .. }));
        let with_tfe = [0x00, 0x00, 0x51, 0xe0, 0x00, 0x00, 0x81, 0x01];
        assert!(
            matches!(dis.decode(&with_tfe), DecodeOutcome::Invalid(why)
                if why.starts_with(SPEC_RULE) && why.contains("TFE")),
            "buffer_load_dword ... lds with TFE is refused"
        );
    }

    /// A VOP3P word followed by a word that opens a scaled MFMA is the VOP3P instruction:
    /// CDNA4's VOP3PX2 fixes its first word's opcode bits (0x2d or 0x2e), which
    /// V_MAD_MIX_F32's (0x20, printed v_fma_mix_f32) are not.
    #[test]
    fn a_vop3p_word_is_not_read_as_the_scaled_matrix_format() {
        let Some(ts) = target("gfx950") else { return };
        let dis = Disassembler::new(TargetCtx::new(&ts, &[], 22));
        let words = [
            0x80, 0x00, 0xa0, 0xd3, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xad, 0xd3, 0x00, 0x09,
            0x02, 0x04,
        ];
        match dis.decode(&words) {
            DecodeOutcome::Decoded { inst, len } => {
                assert_eq!((inst.name.as_str(), len), ("V_MAD_MIX_F32", 8));
            }
            other => panic!("not decoded as V_MAD_MIX_F32: {other:?}"),
        }
    }

    /// A dual-issue word whose halves read VSRC1 from one VGPR bank (v128 and v0) breaks
    /// the manual's VOPD restrictions; v1 in the Y half's VSRC1 does not.
    #[test]
    fn dual_issue_words_follow_the_bank_rules() {
        let Some(ts) = gfx1100() else { return };
        let dis = Disassembler::new(TargetCtx::new(&ts, &[], 22));
        let other_banks = [0x00, 0x00, 0x55, 0xca, 0x00, 0x02, 0x80, 0xbf];
        assert!(matches!(
            dis.decode(&other_banks),
            DecodeOutcome::Decoded { .. }
        ));
        let one_bank = [0x00, 0x00, 0x55, 0xca, 0x00, 0x00, 0x80, 0xbf];
        assert!(
            matches!(dis.decode(&one_bank), DecodeOutcome::Invalid(why)
                if why.starts_with(SPEC_RULE) && why.contains("src1")),
            "VSRCX1 v128 and VSRCY1 v0 share bank 0"
        );
    }

    fn blame(outcome: Outcome) -> (&'static str, &'static str, String) {
        match outcome {
            Outcome::Differs(d) => (d.kind, d.blame, d.subject),
            other => panic!("no disagreement: {other:?}"),
        }
    }

    /// `check` on our side for gfx1100 (nothing without the data folder, outside CI).
    fn with_gfx1100(check: impl FnOnce(&Ours)) {
        let Some(ts) = gfx1100() else { return };
        let target = TargetCtx::new(&ts, &[], 22);
        let (assembler, dis) = (Assembler::new(target), Disassembler::new(target));
        check(&Ours {
            ts: &ts,
            assembler: &assembler,
            dis: &dis,
        });
    }

    /// The blame of words our decoder's spec rules refuse or the manuals let stand, on
    /// answers made by hand: `llvm-strict` for a field the instruction does not use,
    /// `llvm-lenient` for a word refused by a rule llvm-mc decodes, `ours` otherwise.
    #[test]
    fn decoder_rules_of_the_spec_get_their_blame() {
        with_gfx1100(decoder_rule_blames);
    }

    fn decoder_rule_blames(ours: &Ours) {
        let (assembler, dis) = (ours.assembler, ours.dis);
        let refused = LlvmAnswer::Error {
            column: None,
            message: "invalid instruction encoding".into(),
        };
        let judge = |word: &str, llvm: &LlvmAnswer| {
            let side = ours.side(Mode::Disasm, word).unwrap();
            blame(ours.judge(Mode::Disasm, word, side, llvm))
        };
        // A one-address DS store with DATA1 and VDST set: fields no operand of it uses, which
        // the RDNA3 manual calls typically zero, not required.
        let unused = "0x00,0x00,0x78,0xdb,0x00,0x00,0x80,0xbf";
        assert_eq!(judge(unused, &refused).1, "llvm-strict");
        // A word whose text gives back every bit has nothing the manuals call unused: a
        // refusal of it is ours to explain.
        let clean_but_refused = "0x00,0x00,0x78,0xdb,0x01,0x00,0x00,0x00";
        assert_eq!(judge(clean_but_refused, &refused).1, "ours");
        // `text` assembled, its bytes changed by `edit`: the word as text, and its bytes.
        let edited = |text: &str, edit: &dyn Fn(&mut Vec<u8>)| {
            let AsmOutcome::Encoded(enc) = assembler.assemble(text) else {
                panic!("{text} encodes")
            };
            let mut bytes = enc.bytes;
            edit(&mut bytes);
            let bytes: Vec<EncByte> = bytes.into_iter().map(EncByte::Byte).collect();
            let word = render(&bytes);
            (
                word.trim_matches(|c| c == '[' || c == ']').to_string(),
                bytes,
            )
        };
        let with_bits =
            |text: &str, bits: u8| edited(text, &|b: &mut Vec<u8>| *b.last_mut().unwrap() |= bits);
        // A modifier bit no text gives (OPSEL_HI[2] clear for a two-source packed op, where
        // op_sel_hi's default sets it) is in no operand field: not what the manuals call unused.
        let (word, _) = edited("v_pk_add_f16 v0, s0, s0", &|b: &mut Vec<u8>| b[1] &= !0x40);
        assert_eq!(judge(&word, &refused).1, "ours");
        // NEG on an integer source (RDNA3 ISA 7.2.2.1: undefined), which llvm-mc decodes.
        let (word, bytes) = with_bits("v_add_nc_u32_e64 v0, s0, s0", 0x20);
        let decoded = LlvmAnswer::Decoded {
            text: "v_add_nc_u32_e64 v0, -s0, s0".into(),
            bytes,
            skipped: None,
        };
        assert_eq!(judge(&word, &decoded).1, "llvm-lenient");
        // An SGPR pair at an odd register (the manuals' SGPR Alignment: even).
        let (_, pair) = with_bits("s_mov_b64 s[2:3], s[4:5]", 0);
        let mut odd: Vec<u8> = pair
            .iter()
            .map(|b| match b {
                EncByte::Byte(v) => *v,
                EncByte::Fixup(_) => 0,
            })
            .collect();
        odd[0] |= 1;
        assert!(
            matches!(dis.decode(&odd), DecodeOutcome::Invalid(why) if why.starts_with(SPEC_RULE)),
            "s_mov_b64 from s[5:6] is refused by the alignment rule"
        );
        // DPP_CTRL 0x100, "reserved" in every DPP_CTRL table.
        let reserved_ctrl = [0xfa, 0x00, 0x00, 0x7d, 0x00, 0x00, 0x09, 0x00];
        assert!(
            matches!(dis.decode(&reserved_ctrl), DecodeOutcome::Invalid(why) if why.starts_with(SPEC_RULE)),
            "a DPP16 word with DPP_CTRL 0x100 is refused"
        );
    }

    /// Each blame hint, on answers made by hand: a value llvm-mc truncated to its field is
    /// `llvm-lenient`, a rejection for a spec gap `spec-gap`, anything else `ours`.
    #[test]
    fn disagreements_get_their_blame() {
        with_gfx1100(disagreement_blames);
    }

    fn disagreement_blames(ours: &Ours) {
        let assembler = ours.assembler;
        let encode = |text: &str| match assembler.assemble(text) {
            AsmOutcome::Encoded(enc) => encoded_bytes(&enc),
            other => panic!("{text}: {other:?}"),
        };
        let answer = |bytes: Vec<EncByte>| LlvmAnswer::Encoded {
            bytes,
            text: String::new(),
            comments: String::new(),
            warning: None,
        };
        let judge = |text: &str, llvm: LlvmAnswer| {
            let side = ours.side(Mode::Asm, text).unwrap();
            blame(ours.judge(Mode::Asm, text, side, &llvm))
        };
        // llvm-mc 22 keeps the low four bits of a row mask (row_mask:0x10 encodes 0).
        let wide = "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0x10 bank_mask:0xf";
        let truncated = encode(&wide.replace("0x10", "0x0"));
        assert_eq!(
            judge(wide, answer(truncated)),
            ("we-reject", "llvm-lenient", "ROW_MASK".into())
        );
        // gfx1100's manual has no SALU float ops (RDNA3.5 adds them).
        let salu_float = answer(encode("s_add_u32 s0, s1, s2"));
        assert_eq!(judge("s_add_f32 s0, s1, s2", salu_float).1, "spec-gap");
        let other = answer(encode("s_mov_b32 s0, s2"));
        assert_eq!(judge("s_mov_b32 s0, s1", other).1, "ours");
        // A word whose opcode the spec has no instruction for, which llvm-mc decodes.
        let word = "0x00,0x00,0x7f,0xcc,0x00,0x00,0x00,0x00";
        let side = ours.side(Mode::Disasm, word).unwrap();
        let bytes = parse_hex(word).into_iter().map(EncByte::Byte).collect();
        let decoded = LlvmAnswer::Decoded {
            text: "v_made_up v0".into(),
            bytes,
            skipped: None,
        };
        assert_eq!(
            blame(ours.judge(Mode::Disasm, word, side, &decoded)).1,
            "spec-gap"
        );
        // Printed with other bytes than the word: llvm-mc's answer is no reference.
        let side = ours.side(Mode::Disasm, word).unwrap();
        let reencoded = LlvmAnswer::Decoded {
            text: "v_made_up v0".into(),
            bytes: Vec::new(),
            skipped: None,
        };
        assert_eq!(
            blame(ours.judge(Mode::Disasm, word, side, &reencoded)),
            ("llvm-reencodes", "llvm", "v_*".into())
        );
    }

    #[test]
    fn families_keep_the_form_suffixes() {
        assert_eq!(family("v_add_f32_e64_dpp"), "v_*_e64_dpp");
        assert_eq!(family("s_mov_b32"), "s_*");
        assert_eq!(family("buffer_load_b32"), "buffer_*");
        assert_eq!(
            field_names("OPSEL: ours 0x0, llvm-mc 0x4; length: ours 4"),
            "OPSEL+length"
        );
    }
}
