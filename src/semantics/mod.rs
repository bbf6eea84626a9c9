//! Runs AMD's pseudocode for an assembled instruction over its own operands, so an
//! operand of the wrong kind or width shows up even where the bytes agree.

use rustc_hash::FxHashMap as HashMap;
use serde::Serialize;
use std::hash::Hash;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use mcdiff_asm::inst::{Inst, OperandValue, RegFile, RegRange};
use mcdiff_asm::Family;
use mcdiff_sema::{
    Binding, BoundValue, ExecError, Library, Program, ProgramUses, RegisterWrites, SpecialReg,
    State,
};
use mcdiff_spec::{Arch, Encoding, Spec};

mod memory;

/// The outcome of executing one instruction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "sema", content = "reason", rename_all = "kebab-case")]
pub enum SemaVerdict {
    Executed,
    /// The architecture's file has no text for the instruction; the nearest generation's
    /// text ran (named here).
    ExecutedSiblingText(&'static str),
    /// An operand's kind or width contradicts a typed use in the pseudocode.
    Mismatch(String),
    /// A pseudocode construct the interpreter does not handle.
    Unsupported(String),
    /// No pseudocode for this instruction (or for the whole architecture).
    NoPseudocode,
}

impl SemaVerdict {
    pub fn column(&self) -> &'static str {
        match self {
            SemaVerdict::Executed => "executed",
            SemaVerdict::ExecutedSiblingText(_) => "executed-sibling-text",
            SemaVerdict::Mismatch(_) => "sema-mismatch",
            SemaVerdict::Unsupported(_) => "sema-unsupported",
            SemaVerdict::NoPseudocode => "no-pseudocode",
        }
    }
}

impl std::fmt::Display for SemaVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SemaVerdict::Mismatch(r) => write!(f, "sema-mismatch: {r}"),
            SemaVerdict::Unsupported(c) => write!(f, "sema-unsupported: {c}"),
            SemaVerdict::ExecutedSiblingText(arch) => write!(f, "executed (text from {arch})"),
            other => f.write_str(other.column()),
        }
    }
}

/// The pseudocode files (`derived/pseudocode/<name>.json`) and the architecture each serves.
const PSEUDOCODE_FILES: [(Arch, &str); 15] = [
    (Arch::Rdna3, "rdna3"),
    (Arch::Rdna3_5, "rdna3_5"),
    (Arch::Rdna4, "rdna4"),
    (Arch::Cdna3, "cdna3"),
    (Arch::Cdna4, "cdna4"),
    (Arch::Cdna5, "cdna5"),
    (Arch::Rdna1, "rdna1"),
    (Arch::Rdna2, "rdna2"),
    (Arch::Cdna1, "cdna1"),
    (Arch::Cdna2, "cdna2"),
    (Arch::Vega, "vega"),
    (Arch::Vega7, "vega7"),
    (Arch::Gcn3, "gcn3"),
    (Arch::Gcn2, "gcn2"),
    (Arch::Gcn1, "gcn1"),
];

/// The pseudocode file serving an architecture.
pub fn pseudocode_arch(arch: Arch) -> Option<&'static str> {
    PSEUDOCODE_FILES
        .iter()
        .find(|(a, _)| *a == arch)
        .map(|(_, file)| *file)
}

/// Where a file has no text for an instruction, the files tried instead, nearest
/// generation first (the same family before the other).
fn siblings(file: &str) -> &'static [&'static str] {
    match file {
        "rdna3" => &["rdna3_5", "rdna4", "cdna5", "cdna4", "cdna3"],
        "rdna3_5" => &["rdna3", "rdna4", "cdna5", "cdna4", "cdna3"],
        "rdna4" => &["rdna3_5", "rdna3", "cdna5", "cdna4", "cdna3"],
        "cdna3" => &["cdna4", "cdna5", "rdna3", "rdna3_5", "rdna4"],
        "cdna4" => &["cdna3", "cdna5", "rdna3_5", "rdna3", "rdna4"],
        "cdna5" => &["cdna4", "rdna4", "cdna3", "rdna3_5", "rdna3"],
        "rdna1" => &["rdna2", "vega7", "cdna3"],
        "rdna2" => &["rdna1", "vega7", "cdna3"],
        "vega" => &["vega7", "cdna1", "cdna2", "cdna3", "rdna1"],
        "vega7" => &["vega", "cdna1", "cdna2", "cdna3", "rdna1"],
        "cdna1" => &["cdna2", "vega7", "cdna3", "vega", "rdna1"],
        "cdna2" => &["cdna1", "cdna3", "vega7", "vega", "rdna1"],
        "gcn3" => &["gcn2", "vega", "vega7", "cdna3"],
        "gcn2" => &["gcn3", "gcn1", "vega", "cdna3"],
        "gcn1" => &["gcn2", "gcn3", "vega", "cdna3"],
        _ => &[],
    }
}

/// One instruction's program and what binding asks of its text, found once.
struct Parsed {
    program: Program,
    uses: ProgramUses,
}

/// Parsed pseudocode of one architecture, by upper-case instruction name.
struct ArchPrograms {
    programs: HashMap<String, Result<Parsed, String>>,
    library: Library,
}

/// Parsed pseudocode per architecture, loaded on first use and shared across threads.
pub struct Semantics {
    data_dir: PathBuf,
    /// By [`PSEUDOCODE_FILES`] position; read without a lock once loaded.
    loaded: [OnceLock<Loaded>; PSEUDOCODE_FILES.len()],
    /// The starting state per wave size (32, 64), seeded once: filling a wave64 register
    /// file with pseudo-random bits costs more than most programs do.
    start: [OnceLock<State>; 2],
    /// Verdicts of the instructions checked so far (see [`Semantics::check`]).
    verdicts: Mutex<HashMap<InstKey, SemaVerdict>>,
}

/// An instruction's identity for the verdict memo: the 128-bit XXH3 hash of the
/// architecture, the wave size and the whole [`Inst`] (name, encoding, operands with their
/// spec operands, modifiers). A verdict is a function of exactly these: the spec it reads
/// is the architecture's (composed once per architecture), and every run starts from the
/// same seeded state. Two distinct instructions share a key with odds near 2^-128 per
/// pair; keeping the instructions themselves as keys would hold every distinct
/// instruction of a run in memory. (The two keyed SipHash passes this replaced took a
/// tenth of a warm run's semantics time.)
type InstKey = u128;

fn inst_key(arch: Arch, wave64: bool, inst: &Inst) -> InstKey {
    thread_local! {
        static INPUT: std::cell::RefCell<HashInput> = Default::default();
    }
    INPUT.with_borrow_mut(|input| {
        input.0.clear();
        (arch, wave64, inst).hash(input);
        xxhash_rust::xxh3::xxh3_128(&input.0)
    })
}

/// What an instruction's `Hash` feeds, gathered for one XXH3 pass over the whole (the
/// same digest as XXH3's streaming form): the many small writes (names, numbers) would
/// each be a call into the streaming state.
#[derive(Default)]
struct HashInput(Vec<u8>);

impl std::hash::Hasher for HashInput {
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }

    fn finish(&self) -> u64 {
        xxhash_rust::xxh3::xxh3_64(&self.0)
    }
}

/// An architecture's pseudocode: absent (no file), parsed, or the file could not be read.
type Loaded = Result<Option<ArchPrograms>, String>;

/// Inputs every case runs on: the same pseudo-random machine state each time.
const SEED: u64 = 0x6d63_6469_6666;

impl Semantics {
    pub fn new(data_dir: &Path) -> Semantics {
        Semantics {
            data_dir: data_dir.to_path_buf(),
            loaded: Default::default(),
            start: Default::default(),
            verdicts: Mutex::new(HashMap::default()),
        }
    }

    fn programs(&self, file: &str) -> &Loaded {
        let at = (PSEUDOCODE_FILES.iter().position(|(_, f)| *f == file))
            .expect("pseudocode_arch and siblings name files of PSEUDOCODE_FILES");
        self.loaded[at].get_or_init(|| load_arch(&self.data_dir, file))
    }

    /// Parses `arch`'s pseudocode file and the files its missing texts are taken from, as
    /// the first instructions that need them would: a benchmark times execution apart.
    pub fn preload(&self, arch: Arch) {
        if let Some(file) = pseudocode_arch(arch) {
            for file in std::iter::once(file).chain(siblings(file).iter().copied()) {
                let _ = self.programs(file);
            }
        }
    }

    /// The pseudocode files that could not be read (bad input: the run reports them).
    pub fn load_errors(&self) -> Vec<String> {
        let mut errors: Vec<String> = (self.loaded.iter())
            .filter_map(|l| l.get()?.as_ref().err().cloned())
            .collect();
        errors.sort();
        errors
    }

    /// [`Semantics::execute`]'s verdict, computed once per distinct instruction: a run
    /// meets most instructions several times (both corpora, wave32 and wave64 RUN lines of
    /// one file, an assembler test and the disassembler test of the same words).
    /// `spec` must be `arch`'s composed spec, as a [`mcdiff_spec::TargetSpec`] holds it.
    pub fn check(&self, arch: Arch, wave64: bool, spec: &Spec, inst: &Inst) -> SemaVerdict {
        let key = inst_key(arch, wave64, inst);
        if let Some(v) = self.verdicts.lock().expect("verdict memo lock").get(&key) {
            return v.clone();
        }
        let verdict = self.execute(arch, wave64, spec, inst);
        let mut verdicts = self.verdicts.lock().expect("verdict memo lock");
        verdicts.insert(key, verdict.clone());
        verdict
    }

    /// Executes `inst` on a pseudo-random state; `spec` supplies the full operand list
    /// (implicit operands included) of the instruction's encoding.
    pub fn execute(&self, arch: Arch, wave64: bool, spec: &Spec, inst: &Inst) -> SemaVerdict {
        let start = self.start[usize::from(wave64)].get_or_init(|| {
            let mut state = State::new(if wave64 { 64 } else { 32 });
            state.randomize(SEED);
            // Relative moves (`V_MOVRELS_B32 v255, ...`) index the register file by
            // operand number plus M0: M0 = 0 keeps the index on the register named.
            state.m0 = 0;
            state
        });
        // Each thread keeps a copy of each start state, reset between instructions: a fresh
        // wave64 state per instruction is 64 KB of new pages, and a reset copies back only
        // the registers the last instruction wrote. A copy remembers which start it holds.
        thread_local! {
            static SCRATCH: std::cell::RefCell<[Option<(usize, State)>; 2]> =
                const { std::cell::RefCell::new([None, None]) };
        }
        let start_id = std::ptr::from_ref(start) as usize;
        SCRATCH.with_borrow_mut(|scratch| {
            let state = match &mut scratch[usize::from(wave64)] {
                Some((id, state)) if *id == start_id => {
                    state.reset_to(start);
                    state
                }
                slot => &mut slot.insert((start_id, start.clone())).1,
            };
            self.run(arch, spec, inst, state)
        })
    }

    /// Executes `inst` on `state`, leaving the result there.
    pub fn run(&self, arch: Arch, spec: &Spec, inst: &Inst, state: &mut State) -> SemaVerdict {
        let Some(file) = pseudocode_arch(arch) else {
            return SemaVerdict::NoPseudocode;
        };
        let arch_programs = match self.programs(file) {
            Ok(Some(programs)) => programs,
            Ok(None) => return SemaVerdict::NoPseudocode,
            Err(_) => return SemaVerdict::Unsupported("pseudocode file unreadable".into()),
        };
        if matches!(inst.form.family, Family::Vopd | Family::Vopd3) {
            return run_dual(arch_programs, spec, inst, state);
        }
        let name = inst.name.to_ascii_uppercase();
        let own = arch_programs.programs.get(&name);
        if let Some(program @ Ok(_)) = own {
            return run_program(program, arch_programs, spec, inst, state);
        }
        // No text of its own, or one that does not parse: the nearest generation's text that
        // parses runs, and the verdict names it. Failing that, the first text's parse
        // failure is the verdict.
        let mut unparsed = own.map(|program| (program, arch_programs, None));
        for sibling in siblings(file) {
            let Ok(Some(programs)) = self.programs(sibling) else {
                continue;
            };
            match programs.programs.get(&name) {
                Some(program @ Ok(_)) => {
                    return match run_program(program, programs, spec, inst, state) {
                        SemaVerdict::Executed => SemaVerdict::ExecutedSiblingText(sibling),
                        other => with_sibling(other, sibling),
                    };
                }
                Some(program) if unparsed.is_none() => {
                    unparsed = Some((program, programs, Some(sibling)));
                }
                _ => {}
            }
        }
        match unparsed {
            Some((program, programs, by)) => {
                let verdict = run_program(program, programs, spec, inst, state);
                match by {
                    Some(sibling) => with_sibling(verdict, sibling),
                    None => verdict,
                }
            }
            None => SemaVerdict::NoPseudocode,
        }
    }
}

/// A verdict reached with another generation's text says whose.
fn with_sibling(verdict: SemaVerdict, sibling: &str) -> SemaVerdict {
    match verdict {
        SemaVerdict::Mismatch(r) => SemaVerdict::Mismatch(format!("{r} (text from {sibling})")),
        SemaVerdict::Unsupported(c) => {
            SemaVerdict::Unsupported(format!("{c} (text from {sibling})"))
        }
        other => other,
    }
}

/// Binds `inst`'s operands to `program` and runs it.
fn run_program(
    program: &Result<Parsed, String>,
    programs: &ArchPrograms,
    spec: &Spec,
    inst: &Inst,
    state: &mut State,
) -> SemaVerdict {
    let program = match program {
        Ok(p) => p,
        Err(construct) => return SemaVerdict::Unsupported(construct.clone()),
    };
    let spec_operands: &[mcdiff_spec::Operand] = spec
        .instruction(&inst.name)
        .and_then(|i| i.in_encoding(inst.form.encoding_name(spec)))
        .map_or(&[], |e| e.operands.as_slice());
    let (operands, values) = operand_values(inst, spec_operands);
    let mut binding = mcdiff_sema::bind_with_uses(&program.uses, &operands, &values);
    let encoding = inst.form.encoding(spec);
    bind_modifiers(inst, encoding, &operands, &mut binding);
    if let Err(e) = memory::bind_addresses(inst, encoding, state, &mut binding) {
        return verdict(Err(e));
    }
    verdict(mcdiff_sema::execute_with_library(
        &program.program,
        state,
        &binding,
        &programs.library,
    ))
}

/// A dual-issue (VOPD or VOPD3) instruction: the X and Y ops each run on their own operands
/// (fields `SRCX0`, `VDSTY`...; a literal serves both), reading the state as it was before
/// either writes, as both issue together. The Y op is the instruction of the same format
/// (or its literal form) whose opcode the assembler put in the `OPY` field. VOPD3's negated
/// sources and a select other than VCC are not modelled: the texts read their sources plain
/// and VCC.
fn run_dual(programs: &ArchPrograms, spec: &Spec, inst: &Inst, state: &mut State) -> SemaVerdict {
    if inst.modifiers.get("NEGX") != 0 || inst.modifiers.get("NEGY") != 0 {
        return SemaVerdict::Unsupported("vopd3-negated-source".into());
    }
    let vcc = RegFile::Special("VCC_LO".into());
    let select_not_vcc = inst.operands.iter().any(|o| {
        o.spec.operand_type == "OPR_SREG"
            && !matches!(&o.value, OperandValue::Reg(r) if r.file == vcc)
    });
    if select_not_vcc {
        return SemaVerdict::Unsupported("vopd3-select-not-vcc".into());
    }
    let y_op =
        spec.instruction_with_opcode(inst.form.encoding_name(spec), inst.modifiers.get("OPY"));
    let Some(y_name) = y_op.map(|(i, _)| i.name.clone()) else {
        return SemaVerdict::Unsupported("vopd-y-opcode-unknown".into());
    };
    // Each half runs on its own copy of `state`, which is not written until both have run.
    let writes = HALF_STATE.with_borrow_mut(|kept| {
        let half_state = kept.get_or_insert_with(|| state.clone());
        run_halves(programs, inst, &y_name, state, half_state)
    });
    let writes = match writes {
        Ok(writes) => writes,
        Err(verdict) => return verdict,
    };
    // X's writes, then Y's: where both write a register, Y's value stays.
    for w in &writes {
        w.apply(state);
    }
    SemaVerdict::Executed
}

thread_local! {
    /// The state a dual-issue half runs on, kept from instruction to instruction: a new
    /// copy of the register file for each half was about an eighth of the executor's
    /// instructions over gfx12's dual-issue tests.
    static HALF_STATE: std::cell::RefCell<Option<State>> = const { std::cell::RefCell::new(None) };
}

/// Runs the X half (`inst`'s own text) and then the Y half (`y_name`'s) of a dual-issue
/// instruction, each on `half_state` made equal to `state` (a copy for X; for Y, X's writes
/// undone), and gives what each wrote.
fn run_halves(
    programs: &ArchPrograms,
    inst: &Inst,
    y_name: &str,
    state: &State,
    half_state: &mut State,
) -> Result<Vec<RegisterWrites>, SemaVerdict> {
    let mut writes = Vec::with_capacity(2);
    for (name, half) in [(inst.name.as_str(), 'X'), (y_name, 'Y')] {
        let program = match programs.programs.get(&name.to_ascii_uppercase()) {
            None => return Err(SemaVerdict::NoPseudocode),
            Some(Err(construct)) => return Err(SemaVerdict::Unsupported(construct.clone())),
            Some(Ok(p)) => p,
        };
        let mut operands = Vec::new();
        let mut values = Vec::new();
        for op in &inst.operands {
            let field = op.spec.field.clone().unwrap_or_default();
            let other = if half == 'X' { 'Y' } else { 'X' };
            if field.contains(other) {
                continue;
            }
            let mut own = (*op.spec).clone();
            own.field = Some(field.replacen(half, "", 1));
            operands.push(own);
            values.push(bound_value(&op.value));
        }
        let binding = mcdiff_sema::bind_with_uses(&program.uses, &operands, &values);
        match half {
            'X' => half_state.clone_from(state),
            _ => half_state.reset_to(state),
        }
        let outcome = mcdiff_sema::execute_with_library(
            &program.program,
            half_state,
            &binding,
            &programs.library,
        );
        if outcome.is_err() {
            return Err(verdict(outcome));
        }
        writes.push(RegisterWrites::between(state, half_state));
    }
    Ok(writes)
}

/// The encoding's spec operands paired with what the assembler put in each, matched by
/// field. The assembler's copy of an operand wins, as it carries target adjustments (a
/// lane mask is 32 bits in wave32); operands the form adds (the literal of
/// `*_INST_LITERAL` forms) are appended; spec operands left unfilled are implicit.
fn operand_values<'o>(
    inst: &'o Inst,
    spec_operands: &'o [mcdiff_spec::Operand],
) -> (Vec<&'o mcdiff_spec::Operand>, Vec<BoundValue>) {
    // The field first: comparing whole operands compares their strings.
    let same = |a: &mcdiff_spec::Operand, b: &mcdiff_spec::Operand| {
        (a.field.is_some() && a.field == b.field) || a == b
    };
    let mut operands = Vec::with_capacity(spec_operands.len() + 1);
    let mut values = Vec::with_capacity(spec_operands.len() + 1);
    for op in spec_operands {
        match inst.operands.iter().find(|o| same(&o.spec, op)) {
            Some(o) => {
                operands.push(&*o.spec);
                values.push(bound_value(&o.value));
            }
            None => {
                operands.push(op);
                values.push(BoundValue::Implicit);
            }
        }
    }
    for o in &inst.operands {
        if !spec_operands.iter().any(|op| same(&o.spec, op)) {
            operands.push(&*o.spec);
            values.push(bound_value(&o.value));
        }
    }
    (operands, values)
}

fn verdict(outcome: Result<(), ExecError>) -> SemaVerdict {
    match outcome {
        Ok(()) => SemaVerdict::Executed,
        Err(ExecError::Mismatch(m)) => SemaVerdict::Mismatch(m.reason),
        Err(ExecError::Unsupported { construct }) => SemaVerdict::Unsupported(construct),
    }
}

/// Encoding fields the pseudocode reads by name (`OPSEL`, `CLAMP`, `OFFSET1`...): the value
/// the assembler set, else 0, the field's value when the modifier is not written. Every
/// field of the encoding that no operand fills is bound, so an instruction reads the same
/// whether its modifiers list a field as 0 (as decoded ones do) or leave it out (as
/// assembled ones do). A field an operand fills (`DATA0`) names a register: it is never
/// bound as a number here.
fn bind_modifiers(
    inst: &Inst,
    encoding: Option<&Encoding>,
    operands: &[&mcdiff_spec::Operand],
    binding: &mut Binding,
) {
    let operand_field = |name: &str| operands.iter().any(|o| o.field.as_deref() == Some(name));
    for (field, _) in inst.modifiers.iter() {
        if !operand_field(field) {
            binding.set_new(field, BoundValue::Imm(u64::from(inst.modifiers.get(field))));
        }
    }
    // The modifiers are bound: a field still unbound is one no modifier names, so 0.
    for field in encoding.into_iter().flat_map(|e| &e.fields) {
        if !operand_field(&field.name) {
            binding.set_new(&field.name, BoundValue::Imm(0));
        }
    }
    let family = inst.form.family;
    binding.float_modifiers = matches!(family, Family::Vop3 | Family::Vop3Sdst);
    let vector_alu = family.is_vector_alu() && !matches!(family, Family::Vintrp | Family::Vinterp);
    if vector_alu || matches!(family, Family::Vopd | Family::Vopd3) {
        // The assembler sets OPSEL_HI where packed math defaults it to ones; elsewhere
        // (the FMA_MIX family) an unwritten op_sel_hi is 0.
        let packed = matches!(family, Family::Vop3p | Family::Vop3pMfma | Family::Vop3px2);
        let defaulted = ["OPSEL", "NEG", "NEG_HI", "ABS", "CLAMP", "OMOD", "OPSEL_HI"];
        for field in defaulted.iter().filter(|f| packed || **f != "OPSEL_HI") {
            binding.set_new(field, BoundValue::Imm(0));
        }
    }
}

/// A GCN text from which the parser reads no statement (`R = signext(DS[A][7:0]};`, whose
/// brackets do not close) runs nothing: it is not run, so the nearest generation's text runs
/// instead (or the verdict says why not).
fn runs_something(
    arch: &str,
    program: mcdiff_sema::Program,
) -> Result<mcdiff_sema::Program, mcdiff_sema::ParseError> {
    if program.body().is_empty() && arch.starts_with("gcn") {
        return Err(mcdiff_sema::ParseError {
            construct: "no-statement".into(),
            message: "no statement of the text parses".into(),
        });
    }
    Ok(program)
}

/// Every instruction's parsed pseudocode (parsed once per process, shared with the spec's
/// completion from the same file); `None` when the file is missing, an error naming the file
/// when it cannot be read.
fn load_arch(data_dir: &Path, arch: &str) -> Loaded {
    let Some(parsed) = mcdiff_sema::parsed_pseudocode(data_dir, arch).map_err(|e| e.to_string())?
    else {
        return Ok(None);
    };
    let mut programs = HashMap::default();
    let mut library = Library::default();
    for (entry, parsed) in parsed.programs() {
        let key = entry.name.to_ascii_uppercase();
        if programs.contains_key(&key) {
            continue; // the first section's copy serves every encoding
        }
        // The GCN manuals' memory texts run in the names the binding gives their operands;
        // the operand lists derived from the texts read them as written.
        let gcn_memory = (entry.code()).and_then(|c| mcdiff_sema::gcn_memory_text(arch, &key, c));
        let parsed = (entry.code().map_or(Ok(()), mcdiff_sema::runnable))
            .and_then(|()| gcn_memory.map_or_else(|| parsed.clone(), Ok))
            .and_then(|p| runs_something(arch, p))
            .map_err(|e| format!("parse:{}", e.construct));
        if let Ok(p) = &parsed {
            library.insert(&entry.name, p.clone());
        }
        let parsed = parsed.map(|program| Parsed {
            uses: ProgramUses::of(&program),
            program,
        });
        programs.insert(key, parsed);
    }
    Ok(Some(ArchPrograms { programs, library }))
}

fn bound_reg(r: &RegRange) -> BoundValue {
    let (first, count) = (r.first, r.count.max(1));
    match &r.file {
        RegFile::Sgpr => BoundValue::Sgpr { first, count },
        RegFile::Vgpr => BoundValue::Vgpr { first, count },
        RegFile::Agpr => BoundValue::Agpr { first, count },
        RegFile::Ttmp => BoundValue::Ttmp { first, count },
        RegFile::Special(name) => {
            let name = name.to_ascii_uppercase();
            if name.starts_with("VCC") {
                BoundValue::Special(SpecialReg::Vcc)
            } else if name.starts_with("EXEC") {
                BoundValue::Special(SpecialReg::Exec)
            } else if name == "M0" {
                BoundValue::Special(SpecialReg::M0)
            } else if name.ends_with("SCC") {
                BoundValue::Special(SpecialReg::Scc)
            } else {
                // NULL, and constant sources (apertures, vccz/execz) read as a fixed value.
                BoundValue::Special(SpecialReg::Null)
            }
        }
    }
}

fn bound_value(v: &OperandValue) -> BoundValue {
    match v {
        OperandValue::Reg(r) => bound_reg(r),
        OperandValue::Inline(name) => match name.parse::<i64>() {
            Ok(i) => BoundValue::InlineInt(i),
            // The spec names 1/(2*pi) by its first digits; the hardware value is exact.
            Err(_) if name == "0.15915494" => {
                BoundValue::InlineFloat(std::f64::consts::FRAC_1_PI / 2.0)
            }
            Err(_) => BoundValue::InlineFloat(name.parse().unwrap_or(0.0)),
        },
        OperandValue::Literal {
            value, dwords: 2, ..
        } => BoundValue::Literal64(*value),
        OperandValue::Literal { value, .. } => BoundValue::Literal(*value as u32),
        OperandValue::Imm(i) => BoundValue::Imm(*i as u64),
        OperandValue::Label(_) => BoundValue::Imm(0),
        OperandValue::SmemOffset { soffset, imm } => match (soffset, imm) {
            (Some(r), _) => bound_reg(r),
            (None, Some(i)) => BoundValue::Imm(*i as u64),
            (None, None) => BoundValue::Imm(0),
        },
    }
}
