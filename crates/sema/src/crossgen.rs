//! Cross-generation agreement: one instruction's pseudocode from every architecture that
//! defines it, run on the same operands and the same inputs, results compared.
//!
//! AMD's text for an instruction rarely changes between generations, so the generations
//! check each other: where results differ, either the ISA changed, one text is wrong (a
//! manual error or a conversion fault), or the interpreter treats equal texts differently.

use crate::ast::{Expr, Name};
use crate::bind::{Binding, BoundValue};
use crate::state::State;
use crate::survey::synthesize_binding;
use crate::uses::{is_reserved, Uses};
use crate::{
    execute_with_library, load_pseudocode_if_present, ExecError, Library, Program, PseudocodeEntry,
    SemaError,
};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The pseudocode files, newest dialect first, each family from its newest generation.
pub const PSEUDOCODE_ARCHES: [&str; 12] = [
    "rdna4", "rdna3_5", "rdna3", "rdna2", "rdna1", "cdna5", "cdna4", "cdna3", "cdna2", "cdna1",
    "vega7", "vega",
];

/// Every program runs as wave64, so RDNA and CDNA texts see the same lanes.
const WAVE: u32 = 64;

/// Pseudo-random input sets, after the edge-value sets.
const RANDOM_SEEDS: [u64; 3] = [0x1234_5678, 0xdead_beef_0042, 0x0bad_cafe_f00d];

/// Edge-value sets for vector instructions (64 lanes each) and for scalar ones (one
/// combination each). Combination `t` (set * lanes + lane) takes its edge values in mixed
/// radix: the first source operand cycles fastest, the second by whole cycles of the
/// first, so every pair of their edge values meets; further operands cycle fastest too.
const VECTOR_EDGE_SETS: u64 = 21;
const SCALAR_EDGE_SETS: u64 = 1296;

/// One architecture's text for an instruction and how it fared.
#[derive(Debug, Clone, PartialEq)]
pub struct ArchRun {
    pub arch: &'static str,
    /// The text (whitespace collapsed within each line) with the texts of the instructions
    /// it calls (`v_max_f16(...)`) appended: equal effective texts give equal results.
    pub effective: String,
    /// Why it did not run on every input set (parse or execution), if it did not.
    pub failure: Option<String>,
}

/// What the architectures that ran say about one instruction.
#[derive(Debug, Clone, PartialEq)]
pub enum Agreement {
    /// Every architecture that ran gave the same results on every input set.
    Agrees,
    /// Results differ; `groups` partitions the architectures that ran by their results on
    /// the first input set where they differ.
    Disagrees {
        groups: Vec<Vec<&'static str>>,
        first: FirstDifference,
        class: DisagreementClass,
    },
    /// Fewer than two architectures ran it.
    NotCompared,
}

/// How a disagreement arises, most telling first: an instruction is filed under the
/// first class any input shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum DisagreementClass {
    /// Two architectures with the same text give different results: an interpreter
    /// problem (or an input the binding makes architecture-dependent).
    SameText,
    /// Two texts of the newer dialect (rdna3 on, cdna3 on) disagree: an ISA change or a
    /// text fault; the errata catalogue says which.
    NewerTextsDiffer,
    /// Only texts of the older dialect disagree among themselves: a text fault, an ISA
    /// change, or how the older notation is read (implicit widths, ` .` between halves).
    OlderTextsDiffer,
    /// Only the older dialect's texts disagree with the newer dialect's: how the older
    /// notation is read (`D` for `D0`, `MEM[ADDR]` for the returned data) as much as
    /// anything the hardware does.
    AcrossDialects,
}

impl DisagreementClass {
    pub const ALL: [DisagreementClass; 4] = [
        DisagreementClass::SameText,
        DisagreementClass::NewerTextsDiffer,
        DisagreementClass::OlderTextsDiffer,
        DisagreementClass::AcrossDialects,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DisagreementClass::SameText => "same text (interpreter)",
            DisagreementClass::NewerTextsDiffer => "newer-dialect texts differ",
            DisagreementClass::OlderTextsDiffer => "older-dialect texts differ",
            DisagreementClass::AcrossDialects => "older dialect against newer only",
        }
    }
}

/// The first input set on which results differ, with each group's result there.
#[derive(Debug, Clone, PartialEq)]
pub struct FirstDifference {
    /// `edge set 2` or `random seed 0x1234`.
    pub input: String,
    /// The operands' values in the first lane that differs (or lane 0).
    pub operands: String,
    /// Per group (same order as `groups`): the places where the first group differs from
    /// the others, as that group left them.
    pub results: Vec<String>,
}

/// One instruction's comparison.
#[derive(Debug, Clone, PartialEq)]
pub struct InstComparison {
    pub name: String,
    /// Architectures with text for it, in [`PSEUDOCODE_ARCHES`] order.
    pub runs: Vec<ArchRun>,
    pub agreement: Agreement,
}

/// One architecture's parsed texts and the library its calls resolve in.
struct ArchTexts {
    arch: &'static str,
    programs: BTreeMap<String, Result<Program, String>>,
    texts: BTreeMap<String, String>,
    library: Library,
}

fn arch_texts(arch: &'static str, entries: &[PseudocodeEntry]) -> ArchTexts {
    let mut out = ArchTexts {
        arch,
        programs: BTreeMap::new(),
        texts: BTreeMap::new(),
        library: Library::default(),
    };
    for entry in entries {
        add_entry(&mut out, entry);
    }
    out
}

/// The first entry with code per name counts (a VOP3 copy repeats its VOP1/VOP2 text).
fn add_entry(out: &mut ArchTexts, entry: &PseudocodeEntry) {
    let Some(code) = entry.code() else { return };
    if out.programs.contains_key(&entry.name) {
        return;
    }
    let parsed = crate::runnable(code)
        .and_then(|()| crate::parse_entry(out.arch, &entry.name, code))
        .map_err(|e| format!("parse:{}", e.construct))
        .map(shared_address)
        // A text that is all prose (`VCC = IEEE numeric class function...`) says nothing
        // to run; running it would agree with any other empty text.
        .and_then(|p| {
            if p.body().is_empty() {
                Err("prose only".to_string())
            } else {
                Ok(p)
            }
        });
    if let Ok(p) = &parsed {
        out.library.insert(&entry.name, p.clone());
    }
    out.texts.insert(entry.name.clone(), collapse(code));
    out.programs.insert(entry.name.clone(), parsed);
}

/// The address a memory text computes (`CalcBufferAddr(VADDR, SRSRC, SOFFSET, OFFSET)`,
/// `CalcGlobalAddr(vgpr_a, sgpr_o)`) read as the one operand `ADDR` that the older
/// texts use: generations name and split the address parts differently, and the sum of
/// different parts would send each text to a different address, hiding what each does
/// with the data. How the address is formed is the encoder's concern, not this check's.
fn shared_address(mut program: Program) -> Program {
    program.rewrite_exprs(&mut |e| {
        if matches!(e, Expr::Call(name, _) if crate::builtins::is_address_helper(name)) {
            *e = Expr::Name(Name::new("ADDR"));
        }
    });
    program
}

/// `name`'s text followed by the texts of the instructions it calls, one level deep.
fn effective_text(arch: &ArchTexts, name: &str) -> String {
    let text = &arch.texts[name];
    let mut out = text.clone();
    for (callee, callee_text) in &arch.texts {
        let call = format!("{}(", callee.to_ascii_lowercase());
        if callee != name && text.contains(&call) {
            out.push_str("\n||\n");
            out.push_str(callee_text);
        }
    }
    out
}

fn collapse(code: &str) -> String {
    code.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Compares every instruction that two or more of the pseudocode files under `data_dir`
/// define; `only` limits the run to the named instructions.
pub fn cross_generation(
    data_dir: &Path,
    only: Option<&[String]>,
    progress: &Progress<'_>,
) -> Result<Vec<InstComparison>, SemaError> {
    let mut files = Vec::new();
    for arch in PSEUDOCODE_ARCHES {
        if let Some(entries) = load_pseudocode_if_present(data_dir, arch)? {
            files.push((arch, entries));
        }
    }
    Ok(compare_files(&files, only, progress))
}

/// Called with (instructions compared so far, instructions to compare), from any thread.
pub type Progress<'a> = dyn Fn(usize, usize) + Sync + 'a;

/// [`cross_generation`] over pseudocode lists already loaded, one per architecture.
pub fn compare_files(
    files: &[(&'static str, Vec<PseudocodeEntry>)],
    only: Option<&[String]>,
    progress: &Progress<'_>,
) -> Vec<InstComparison> {
    let arches: Vec<ArchTexts> = files
        .iter()
        .map(|(arch, entries)| arch_texts(arch, entries))
        .collect();
    let mut names: BTreeMap<&str, usize> = BTreeMap::new();
    for a in &arches {
        for name in a.programs.keys() {
            *names.entry(name).or_default() += 1;
        }
    }
    let wanted = |n: &str| only.is_none_or(|o| o.iter().any(|w| w.eq_ignore_ascii_case(n)));
    let names: Vec<&str> = names
        .into_iter()
        .filter(|(n, count)| *count >= 2 && wanted(n))
        .map(|(name, _)| name)
        .collect();
    compare_in_parallel(&names, &arches, progress)
}

/// Instructions are independent: every core takes every n-th one; results keep name order.
fn compare_in_parallel(
    names: &[&str],
    arches: &[ArchTexts],
    progress: &Progress<'_>,
) -> Vec<InstComparison> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let done = std::sync::atomic::AtomicUsize::new(0);
    let done = &done;
    let mut slots: Vec<Option<InstComparison>> = vec![None; names.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                scope.spawn(move || {
                    (w..names.len())
                        .step_by(workers)
                        .map(|i| {
                            let c = compare(names[i], arches);
                            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            progress(n + 1, names.len());
                            (i, c)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for handle in handles {
            for (i, c) in handle.join().expect("a comparison thread panicked") {
                slots[i] = Some(c);
            }
        }
    });
    slots.into_iter().flatten().collect()
}

fn compare(name: &str, arches: &[ArchTexts]) -> InstComparison {
    let present: Vec<&ArchTexts> = arches
        .iter()
        .filter(|a| a.programs.contains_key(name))
        .collect();
    let parsed: Vec<&Program> = present
        .iter()
        .filter_map(|a| a.programs[name].as_ref().ok())
        .collect();
    let inputs = Inputs::new(name, &parsed);
    let mut runs: Vec<ArchRun> = present
        .iter()
        .map(|a| ArchRun {
            arch: a.arch,
            effective: effective_text(a, name),
            failure: a.programs[name].as_ref().err().cloned(),
        })
        .collect();
    // The most telling class any input shows; the newer dialect's splits end the search.
    let mut found: Option<(DisagreementClass, Agreement)> = None;
    // One start state and one result state per distinct text, reused by every input: a
    // wave64 state is 70 KB, and a scalar text has 1,299 inputs.
    let mut start = State::new(WAVE);
    let mut results: Vec<(Vec<&'static str>, State)> = Vec::new();
    for i in 0..inputs.len() {
        let input = inputs.load(i, &mut start);
        let used = run_input(name, &present, &mut runs, &input, &mut results);
        let by_text = &results[..used];
        if by_text.iter().map(|(archs, _)| archs.len()).sum::<usize>() < 2 {
            break;
        }
        let groups = group_by_result(by_text);
        if groups.len() == 1 {
            continue;
        }
        let class = classify(&groups, &runs);
        if found.as_ref().is_none_or(|(seen, _)| class < *seen) {
            found = Some((class, disagreement(&groups, &input, class)));
        }
        if class <= DisagreementClass::NewerTextsDiffer {
            break;
        }
    }
    let ran = runs.iter().filter(|r| r.failure.is_none()).count();
    let agreement = match found {
        Some((_, agreement)) => agreement,
        None if ran >= 2 => Agreement::Agrees,
        None => Agreement::NotCompared,
    };
    InstComparison {
        name: name.to_string(),
        runs,
        agreement,
    }
}

/// Runs `input` under every architecture still running; an architecture that fails
/// records why and drops out. Equal effective texts run once (the interpreter is
/// deterministic, so their results are equal by construction): the result is each distinct
/// text's architectures and final state, in the first entries of `by_text` (their
/// number is returned; later entries are spare states from earlier inputs).
fn run_input(
    name: &str,
    present: &[&ArchTexts],
    runs: &mut [ArchRun],
    input: &InputSet,
    by_text: &mut Vec<(Vec<&'static str>, State)>,
) -> usize {
    let mut texts: Vec<&str> = Vec::new();
    for (a, run) in present.iter().zip(runs.iter_mut()) {
        if run.failure.is_some() {
            continue;
        }
        if let Some(k) = texts.iter().position(|t| *t == run.effective) {
            by_text[k].0.push(a.arch);
            continue;
        }
        let Ok(program) = &a.programs[name] else {
            continue;
        };
        let k = texts.len();
        if k == by_text.len() {
            by_text.push((Vec::new(), input.state.clone()));
        } else {
            by_text[k].0.clear();
            by_text[k].1.clone_from(input.state);
        }
        match execute_with_library(program, &mut by_text[k].1, input.binding, &a.library) {
            Ok(()) => {
                texts.push(&run.effective);
                by_text[k].0.push(a.arch);
            }
            Err(e) => run.failure = Some(failure_name(&e)),
        }
    }
    texts.len()
}

/// Architectures that left equal states, and that state.
type Group<'a> = (Vec<&'static str>, &'a State);

/// Texts' results merged where their final states are equal, in first-seen order.
fn group_by_result<'a>(by_text: &'a [(Vec<&'static str>, State)]) -> Vec<Group<'a>> {
    let mut groups: Vec<Group> = Vec::new();
    for (archs, state) in by_text {
        match groups.iter_mut().find(|(_, g)| *g == state) {
            Some((seen, _)) => seen.extend(archs),
            None => groups.push((archs.clone(), state)),
        }
    }
    // Within a group, architectures in file order, as they were run.
    let order = |a: &&str| PSEUDOCODE_ARCHES.iter().position(|p| p == a);
    for (archs, _) in &mut groups {
        archs.sort_by_key(order);
    }
    groups
}

/// One input: a binding and the state it starts from.
struct InputSet<'b> {
    label: String,
    binding: &'b Binding,
    state: &'b State,
}

/// An instruction's inputs, made one at a time (a scalar text has 1,296 edge sets, each
/// a whole wave64 state): the edge sets over one binding, then a binding and state per
/// pseudo-random seed.
struct Inputs {
    edge_binding: Binding,
    edge_sets: u64,
    random_bindings: Vec<Binding>,
}

impl Inputs {
    /// The binding covers every name any architecture's text uses, at its widest use, so
    /// all texts read the same registers.
    fn new(name: &str, programs: &[&Program]) -> Inputs {
        let binding = |seed| shared_binding(name, programs, seed);
        let edge_binding = binding(RANDOM_SEEDS[0]);
        let edge_sets = if edge_binding.per_lane {
            VECTOR_EDGE_SETS
        } else {
            SCALAR_EDGE_SETS
        };
        Inputs {
            edge_binding,
            edge_sets,
            random_bindings: RANDOM_SEEDS.iter().map(|&seed| binding(seed)).collect(),
        }
    }

    /// The edge sets, then one input per pseudo-random seed.
    fn len(&self) -> usize {
        self.edge_sets as usize + RANDOM_SEEDS.len()
    }

    /// Input `i`, its start state written into `state`.
    fn load<'a>(&'a self, i: usize, state: &'a mut State) -> InputSet<'a> {
        let k = i as u64;
        if k < self.edge_sets {
            state.reseed(RANDOM_SEEDS[0] ^ k);
            place_edges(state, &self.edge_binding, k);
            return InputSet {
                label: format!("edge set {k}"),
                binding: &self.edge_binding,
                state,
            };
        }
        let r = i - self.edge_sets as usize;
        state.reseed(RANDOM_SEEDS[r]);
        InputSet {
            label: format!("random seed {:#x}", RANDOM_SEEDS[r]),
            binding: &self.random_bindings[r],
            state,
        }
    }
}

/// Names one operand goes by in different texts, beyond the older manuals' names
/// ([`crate::bind::OLDER_NAMES`]), where the second is bound: in loads `D0`/`D` is `VDATA`;
/// the two-address DS texts' `ADDR_BASE` is `ADDR`. Later pairs win.
const ALIASES: [(&str, &str); 3] = [("D0", "VDATA"), ("D", "VDATA"), ("ADDR_BASE", "ADDR")];

/// A binding for the union of the texts, with the names that one operand goes by in
/// different generations bound alike (see [`ALIASES`] and the older names), and a 16-bit immediate that some
/// texts call `SIMM16` is, in a text that does not, the one name that text has beyond
/// the others' (`S0` in `D0 = signext(S0.i16)`).
fn shared_binding(name: &str, programs: &[&Program], seed: u64) -> Binding {
    let mut binding = synthesize_binding(name, programs, seed);
    let alias = |b: &mut Binding, from: &str, to: &str| {
        if let Some(op) = b.operands.get(to).cloned() {
            b.operands.insert(from.to_string(), op);
        }
    };
    for (older, newer) in crate::bind::OLDER_NAMES.into_iter().chain(ALIASES) {
        alias(&mut binding, older, newer);
    }
    raw_numbers_of_operands(&mut binding);
    let names: Vec<BTreeSet<String>> = programs.iter().map(|p| operand_names(p)).collect();
    let (with, without): (Vec<_>, Vec<_>) = names.iter().partition(|n| n.contains("SIMM16"));
    let known: BTreeSet<&String> = with.iter().flat_map(|n| n.iter()).collect();
    let extra = without.iter().find_map(|n| {
        let mut extra = n
            .iter()
            .filter(|x| !known.contains(x) && *x != "D" && *x != "D0");
        let first = extra.next()?;
        extra.next().is_none().then_some(first)
    });
    if let Some(extra) = extra.filter(|_| !with.is_empty()) {
        alias(&mut binding, "SIMM16", extra);
    }
    binding
}

/// A raw register number that some texts read where others read the operand
/// (`SGPR[DST] = SGPR[SRC0 + M0]` against `D0.b = SGPR[SRC0.u + M0]`) is the number of the
/// register the operand is bound to, as in a real instruction.
fn raw_numbers_of_operands(binding: &mut Binding) {
    for (raw, operand) in [("DST", "D0"), ("SRC0", "S0"), ("SRC1", "S1")] {
        let first = match binding.get(operand).map(|b| &b.value) {
            Some(BoundValue::Sgpr { first, .. } | BoundValue::Vgpr { first, .. }) => *first,
            _ => continue,
        };
        if binding.get(raw).is_some() {
            binding.set(raw, BoundValue::Imm(u64::from(first)));
        }
    }
}

/// The names a text reads or writes without defining them.
fn operand_names(program: &Program) -> BTreeSet<String> {
    let mut uses = Uses::default();
    uses.stmts(program.body());
    uses.width
        .into_keys()
        .filter(|n| !uses.locals.contains(n) && !is_reserved(n))
        .collect()
}

fn failure_name(e: &ExecError) -> String {
    match e {
        ExecError::Mismatch(m) => format!("mismatch: {}", m.reason),
        ExecError::Unsupported { construct } => construct.clone(),
    }
}

/// Edge values per operand width: zeros, signed zeros, denormals, infinities, NaNs,
/// extremes of the integer ranges, shift counts at and past the width, and ordinary values.
const EDGES_16: [u64; 10] = [
    0x8000, 0x0001, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0x3c00, 0x7bff, 0x0400, 17,
];
const EDGES_32: [u64; 26] = [
    0,
    0x8000_0000,
    0x0000_0001,
    0x807f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0x7f80_0001,
    0xffc0_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x7f7f_ffff,
    0x0080_0000,
    0x7fff_ffff,
    0xffff_ffff,
    31,
    32,
    33,
    63,
    64,
    0x3fc0_0000,
    0x4049_0fdb,
    0x4b00_0000,
    0x0000_ffff,
    0x0001_0000,
    0x1234_5678,
];
const EDGES_64: [u64; 17] = [
    0,
    1 << 63,
    1,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0x7ff0_0000_0000_0001,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x7fff_ffff_ffff_ffff,
    u64::MAX,
    63,
    64,
    65,
    0x4009_21fb_5444_2d18,
];

/// Names that only receive results: their registers keep the state's random bits.
fn destination(name: &str) -> bool {
    matches!(name, "D" | "D0" | "D1" | "SDST" | "VDST")
}

/// Puts edge values into every source register operand of `binding` (per lane for VGPRs).
fn place_edges(state: &mut State, binding: &Binding, k: u64) {
    let named = binding.in_name_order();
    let sources = (named.iter()).filter(|(name, op)| !destination(name) && op.value.is_register());
    let mut radix = 1;
    for (j, (_, op)) in sources.enumerate() {
        if let BoundValue::Sgpr { count, .. } | BoundValue::Vgpr { count, .. } = op.value {
            if j == 0 {
                radix = edge_table(count).len() as u64;
            }
        }
        match op.value {
            BoundValue::Sgpr { first, count } => {
                let v = edge(count, j, k, radix);
                let _ = state.write_sgprs(first, 32 * count.min(2), &v.into());
            }
            BoundValue::Vgpr { first, count } => {
                for lane in 0..WAVE {
                    let t = k * u64::from(WAVE) + u64::from(lane);
                    let v = edge(count, j, t, radix);
                    let _ = state.write_vgprs(lane, first, 32 * count.min(2), &v.into());
                }
            }
            _ => {}
        }
    }
}

/// The edge values an operand of `count` registers draws from. A 32-bit operand also
/// takes 16-bit edges in both halves (packed instructions read the high one).
fn edge_table(count: u32) -> Vec<u64> {
    if count >= 2 {
        return EDGES_64.to_vec();
    }
    let halves = EDGES_16
        .iter()
        .zip(EDGES_16.iter().cycle().skip(3))
        .map(|(lo, hi)| lo | hi << 16);
    EDGES_32.iter().copied().chain(halves).collect()
}

/// Operand `j`'s edge value in combination `t` (see [`VECTOR_EDGE_SETS`]); `radix` is
/// the first operand's table length.
fn edge(count: u32, j: usize, t: u64, radix: u64) -> u64 {
    let table = edge_table(count);
    let index = if j == 1 { t / radix } else { t };
    table[(index % table.len() as u64) as usize]
}

/// `S0=0x.. S1=0x..`: the register operands' values in `lane` before the run.
fn operand_values(state: &State, binding: &Binding, lane: usize) -> String {
    let lane = lane as u32;
    binding
        .in_name_order()
        .into_iter()
        .filter_map(|(name, op)| {
            let bits = match op.value {
                BoundValue::Sgpr { first, count } => state.read_sgprs(first, 32 * count),
                BoundValue::Vgpr { first, count } => state.read_vgprs(lane, first, 32 * count),
                _ => return None,
            };
            Some(format!("{name}={:#x}", bits.ok()?))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// How a split arises: texts equal after notation is normalised (the interpreter reads two
/// spellings differently), a split inside one dialect, or only older against newer.
fn classify(groups: &[Group], runs: &[ArchRun]) -> DisagreementClass {
    let normal = |arch: &str| {
        runs.iter()
            .find(|r| r.arch == arch)
            .map(|r| normalise_notation(&r.effective))
    };
    let same_text = groups.iter().enumerate().any(|(i, (a, _))| {
        groups[i + 1..]
            .iter()
            .any(|(b, _)| a.iter().any(|x| b.iter().any(|y| normal(x) == normal(y))))
    });
    if same_text {
        DisagreementClass::SameText
    } else if splits_dialect(groups, false) {
        DisagreementClass::NewerTextsDiffer
    } else if splits_dialect(groups, true) {
        DisagreementClass::OlderTextsDiffer
    } else {
        DisagreementClass::AcrossDialects
    }
}

/// Spelling differences that mean the same: comments, the older manuals' short type
/// suffixes (`.u` for `.u32`), and `U` on sized literals (`16'0U`).
fn normalise_notation(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or(line).trim();
        if !code.is_empty() {
            out.push_str(code);
            out.push(' ');
        }
    }
    let mut normal = String::new();
    let chars: Vec<char> = out.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        normal.push(*c);
        let short_suffix = i > 0
            && chars[i - 1] == '.'
            && matches!(c, 'u' | 'i' | 'f' | 'b')
            && !chars
                .get(i + 1)
                .is_some_and(|n| n.is_ascii_alphanumeric() || *n == '_');
        if short_suffix {
            normal.push_str("32");
        }
    }
    normal.replace("'0U", "'0").replace("'1U", "'1")
}

fn disagreement(groups: &[Group], input: &InputSet, class: DisagreementClass) -> Agreement {
    // The first difference of the first group with each other one, shown in every group.
    let mut places: Vec<Place> = Vec::new();
    for (_, other) in &groups[1..] {
        if let Some(p) = first_difference(groups[0].1, other) {
            if !places.contains(&p) {
                places.push(p);
            }
        }
    }
    let lane = places
        .iter()
        .find_map(|p| match p {
            Place::Vgpr { lane, .. } => Some(*lane),
            _ => None,
        })
        .unwrap_or(0);
    let first = FirstDifference {
        input: input.label.clone(),
        operands: operand_values(input.state, input.binding, lane),
        results: groups
            .iter()
            .map(|(_, after)| {
                let shown: Vec<String> = places.iter().map(|p| p.show(after)).collect();
                shown.join(" ")
            })
            .collect(),
    };
    Agreement::Disagrees {
        groups: groups.iter().map(|(a, _)| a.clone()).collect(),
        first,
        class,
    }
}

/// Whether two architectures of the (older or newer) dialect fall in different groups.
fn splits_dialect(groups: &[Group], older: bool) -> bool {
    groups
        .iter()
        .filter(|(archs, _)| archs.iter().any(|a| older_dialect(a) == older))
        .count()
        > 1
}

/// The GCN-era manuals' dialect (`D.u`, `threadId`, `MEM[ADDR]`): rdna1, rdna2, cdna1,
/// cdna2, vega, vega7 and the GCN1-3 manuals themselves.
pub(crate) fn older_dialect(arch: &str) -> bool {
    matches!(
        arch,
        "rdna1" | "rdna2" | "cdna1" | "cdna2" | "vega" | "vega7"
    )
}

/// A place in the machine state.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Place {
    Sgpr(usize),
    Ttmp(usize),
    Vgpr { lane: usize, reg: usize },
    Vcc,
    Exec,
    Scc,
    M0,
    Pc,
    HwReg(usize),
    Mem(u64),
    Field(usize),
}

impl Place {
    /// `v15[lane 17]=0x0400fe00`.
    fn show(self, s: &State) -> String {
        match self {
            Place::Sgpr(i) => format!("s{i}={:#010x}", s.sgpr[i]),
            Place::Ttmp(i) => format!("ttmp{i}={:#010x}", s.ttmp[i]),
            Place::Vgpr { lane, reg } => format!("v{reg}[lane {lane}]={:#010x}", s.vgpr[lane][reg]),
            Place::Vcc => format!("vcc={:#018x}", s.vcc),
            Place::Exec => format!("exec={:#018x}", s.exec),
            Place::Scc => format!("scc={}", u8::from(s.scc)),
            Place::M0 => format!("m0={:#010x}", s.m0),
            Place::Pc => format!("pc={:#018x}", s.pc),
            Place::HwReg(i) => format!("hwreg({i})={:#010x}", s.hw_regs[i]),
            Place::Mem(a) => match s.mem.get(&a) {
                Some(b) => format!("mem[{a:#x}]={b:#04x}"),
                None => format!("mem[{a:#x}] unwritten"),
            },
            Place::Field(i) => {
                let mut names: Vec<&String> = s.fields.keys().collect();
                names.sort();
                match names.get(i) {
                    Some(n) => format!("{n}={}", s.fields[*n]),
                    None => "fields unchanged".into(),
                }
            }
        }
    }
}

/// The first place where two final states differ: SGPRs, TTMPs, VGPRs lane by lane, the
/// special registers, hardware registers, memory, named fields.
fn first_difference(a: &State, b: &State) -> Option<Place> {
    let index = |x: &[u32], y: &[u32]| x.iter().zip(y).position(|(p, q)| p != q);
    if let Some(i) = index(&a.sgpr, &b.sgpr) {
        return Some(Place::Sgpr(i));
    }
    if let Some(i) = index(&a.ttmp, &b.ttmp) {
        return Some(Place::Ttmp(i));
    }
    for (lane, (x, y)) in a.vgpr.iter().zip(&b.vgpr).enumerate() {
        if let Some(reg) = index(x, y) {
            return Some(Place::Vgpr { lane, reg });
        }
    }
    let special = [
        (a.vcc != b.vcc, Place::Vcc),
        (a.exec != b.exec, Place::Exec),
        (a.scc != b.scc, Place::Scc),
        (a.m0 != b.m0, Place::M0),
        (a.pc != b.pc, Place::Pc),
    ];
    if let Some((_, p)) = special.into_iter().find(|(differs, _)| *differs) {
        return Some(p);
    }
    if let Some(i) = index(&a.hw_regs, &b.hw_regs) {
        return Some(Place::HwReg(i));
    }
    let mut addrs: Vec<&u64> = a.mem.keys().chain(b.mem.keys()).collect();
    addrs.sort();
    if let Some(addr) = addrs.into_iter().find(|k| a.mem.get(k) != b.mem.get(k)) {
        return Some(Place::Mem(*addr));
    }
    (a.fields != b.fields).then_some(Place::Field(0))
}

/// Counts over a comparison: instructions agreeing, disagreeing per class, not compared.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct CrossGenCounts {
    pub compared: usize,
    pub agrees: usize,
    /// Per class, in [`DisagreementClass::ALL`] order.
    pub disagrees: [usize; 4],
    pub not_compared: usize,
}

pub fn counts(comparisons: &[InstComparison]) -> CrossGenCounts {
    let mut c = CrossGenCounts::default();
    for comparison in comparisons {
        match &comparison.agreement {
            Agreement::Agrees => c.agrees += 1,
            Agreement::Disagrees { class, .. } => c.disagrees[*class as usize] += 1,
            Agreement::NotCompared => c.not_compared += 1,
        }
    }
    c.compared = c.agrees + c.disagrees.iter().sum::<usize>();
    c
}

/// The comparison as text: counts, then every disagreement (grouped by class, each with
/// what `label` says of its instruction, e.g. the errata entries about it) and, per
/// architecture, why instructions did not run.
pub fn render(comparisons: &[InstComparison], label: &dyn Fn(&str) -> Option<String>) -> String {
    use std::fmt::Write as _;
    let c = counts(comparisons);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "instructions in 2+ pseudocode files: {}\ncompared (2+ ran): {}\nagree: {}",
        comparisons.len(),
        c.compared,
        c.agrees
    );
    for (class, n) in DisagreementClass::ALL.iter().zip(c.disagrees) {
        let _ = writeln!(out, "disagree, {}: {n}", class.name());
    }
    let _ = writeln!(out, "not compared (fewer than 2 ran): {}", c.not_compared);
    for class in DisagreementClass::ALL {
        let _ = writeln!(out, "\n## disagree, {}", class.name());
        for comparison in comparisons {
            if let Agreement::Disagrees {
                groups,
                first,
                class: this,
            } = &comparison.agreement
            {
                if *this == class {
                    let name = match label(&comparison.name) {
                        Some(l) => format!("{} [{l}]", comparison.name),
                        None => comparison.name.clone(),
                    };
                    render_disagreement(&mut out, &name, groups, first);
                }
            }
        }
    }
    render_failures(&mut out, comparisons);
    out
}

fn render_disagreement(
    out: &mut String,
    name: &str,
    groups: &[Vec<&'static str>],
    first: &FirstDifference,
) {
    use std::fmt::Write as _;
    let _ = writeln!(out, "{name}: {}, {}", first.input, first.operands);
    for (archs, result) in groups.iter().zip(&first.results) {
        let _ = writeln!(out, "  {}: {result}", archs.join(" "));
    }
}

/// Per failure reason, how many instructions and on which architectures.
fn render_failures(out: &mut String, comparisons: &[InstComparison]) {
    use std::fmt::Write as _;
    let mut by_arch: BTreeMap<&str, BTreeMap<&str, usize>> = BTreeMap::new();
    for comparison in comparisons {
        for run in &comparison.runs {
            if let Some(why) = &run.failure {
                let reason = why.split(" (").next().unwrap_or(why);
                *by_arch
                    .entry(run.arch)
                    .or_default()
                    .entry(reason)
                    .or_default() += 1;
            }
        }
    }
    let _ = writeln!(out, "\n## did not run, per architecture and reason");
    for arch in PSEUDOCODE_ARCHES {
        let Some(reasons) = by_arch.get(arch) else {
            continue;
        };
        let total: usize = reasons.values().sum();
        let _ = writeln!(out, "{arch}: {total}");
        let mut sorted: Vec<_> = reasons.iter().collect();
        sorted.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (reason, n) in sorted {
            let _ = writeln!(out, "  {n} {reason}");
        }
    }
}
