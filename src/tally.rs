//! What the reports count of a run's cases, gathered one (file, flags) group at a time as
//! the run goes: a run then holds only the cases a report lists one by one (a few thousand
//! of LLVM 22's 1.2 million), not every case until its reports are written.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::coverage::Exercised;
use crate::engine::CaseResult;
use crate::semantics::SemaVerdict;

/// Case counts on both axes, and their matrix.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Counts {
    pub cases: usize,
    pub llvm: BTreeMap<String, usize>,
    pub ours: BTreeMap<String, usize>,
    /// llvm verdict -> ours verdict -> cases.
    pub matrix: BTreeMap<String, BTreeMap<String, usize>>,
    /// Both-reject cases by message agreement.
    pub messages: BTreeMap<String, usize>,
    /// Cases whose `ours` verdict was judged against the CHECK line (llvm-mc did not run).
    pub ours_vs_check: usize,
}

/// Adds `n` to a count, allocating the key only the first time it is seen (this runs for
/// every case of a run).
pub(crate) fn bump(counts: &mut BTreeMap<String, usize>, key: &str, n: usize) {
    match counts.get_mut(key) {
        Some(count) => *count += n,
        None => {
            counts.insert(key.to_string(), n);
        }
    }
}

impl Counts {
    pub fn add(&mut self, case: &CaseResult) {
        let v = &case.verdict;
        self.cases += 1;
        bump(&mut self.llvm, v.llvm.column(), 1);
        bump(&mut self.ours, v.ours.column(), 1);
        match self.matrix.get_mut(v.llvm.column()) {
            Some(row) => bump(row, v.ours.column(), 1),
            None => {
                let row = BTreeMap::from([(v.ours.column().to_string(), 1)]);
                self.matrix.insert(v.llvm.column().to_string(), row);
            }
        }
        if let Some(m) = v.message {
            bump(&mut self.messages, m.column(), 1);
        }
        self.ours_vs_check += usize::from(v.ours_vs_check);
    }

    pub fn merge(&mut self, other: &Counts) {
        self.cases += other.cases;
        for (k, n) in &other.llvm {
            bump(&mut self.llvm, k, *n);
        }
        for (k, n) in &other.ours {
            bump(&mut self.ours, k, *n);
        }
        for (l, row) in &other.matrix {
            let into = self.matrix.entry(l.clone()).or_default();
            for (o, n) in row {
                bump(into, o, *n);
            }
        }
        for (k, n) in &other.messages {
            bump(&mut self.messages, k, *n);
        }
        self.ours_vs_check += other.ours_vs_check;
    }

    /// The count of a column of either axis (`llvm` first: the names do not overlap).
    pub fn get(&self, column: &str) -> usize {
        let found = self.llvm.get(column).or_else(|| self.ours.get(column));
        found
            .or_else(|| self.messages.get(column))
            .copied()
            .unwrap_or(0)
    }

    /// ours-differs + we-reject + we-accept.
    pub fn ours_diverged(&self) -> usize {
        ["ours-differs", "we-reject", "we-accept"]
            .iter()
            .map(|c| self.get(c))
            .sum()
    }
}

/// The counts of the cases of one test file on one target (or, merged, of several).
#[derive(Debug, Clone, Default)]
pub struct Cell {
    pub counts: Counts,
    /// Lines we encoded or decoded, by semantics column.
    pub sema: BTreeMap<&'static str, usize>,
    /// Semantics findings (`sema-mismatch: ...`, `sema-unsupported: ...`) by their text.
    pub sema_findings: BTreeMap<String, usize>,
    /// Disassembler lines we decoded, and those whose printed text did not re-assemble.
    pub decoded: usize,
    pub roundtrip_failed: usize,
}

impl Cell {
    pub fn add(&mut self, case: &CaseResult) {
        self.counts.add(case);
        if let Some(v) = &case.sema {
            *self.sema.entry(v.column()).or_insert(0) += 1;
            if matches!(v, SemaVerdict::Mismatch(_) | SemaVerdict::Unsupported(_)) {
                bump(&mut self.sema_findings, &v.to_string(), 1);
            }
        }
        if let Some(ok) = case.roundtrip {
            self.decoded += 1;
            self.roundtrip_failed += usize::from(!ok);
        }
    }

    pub fn merge(&mut self, other: &Cell) {
        self.counts.merge(&other.counts);
        for (k, n) in &other.sema {
            *self.sema.entry(k).or_insert(0) += n;
        }
        for (k, n) in &other.sema_findings {
            bump(&mut self.sema_findings, k, *n);
        }
        self.decoded += other.decoded;
        self.roundtrip_failed += other.roundtrip_failed;
    }
}

/// A run's cells by test file and target, and the spec instructions each target's lines are
/// (for spec coverage).
#[derive(Debug, Clone, Default)]
pub struct Tally {
    cells: BTreeMap<(Arc<str>, Arc<str>), Cell>,
    exercised: BTreeMap<Arc<str>, Exercised>,
}

impl Tally {
    /// Adds a group's cell and what its lines exercise (one file, one target).
    pub fn add(&mut self, file: Arc<str>, target: Arc<str>, cell: &Cell, exercised: &Exercised) {
        self.exercised
            .entry(target.clone())
            .or_default()
            .merge(exercised);
        self.cells.entry((file, target)).or_default().merge(cell);
    }

    /// What each target's lines exercise.
    pub fn exercised(&self) -> &BTreeMap<Arc<str>, Exercised> {
        &self.exercised
    }

    /// Every case of the run.
    pub fn cases(&self) -> usize {
        self.cells.values().map(|c| c.counts.cases).sum()
    }

    /// The targets with cases.
    pub fn targets(&self) -> impl Iterator<Item = &str> {
        self.cells.keys().map(|(_, target)| &**target)
    }

    /// Cells per target, each merged over the target's files.
    pub fn per_target(&self) -> BTreeMap<String, Cell> {
        let mut out: BTreeMap<String, Cell> = BTreeMap::new();
        for ((_, target), cell) in &self.cells {
            match out.get_mut(&**target) {
                Some(merged) => merged.merge(cell),
                None => {
                    out.insert(target.to_string(), cell.clone());
                }
            }
        }
        out
    }

    /// Per test file: its targets and their cells.
    pub fn per_file(&self) -> BTreeMap<&str, Vec<(&str, &Cell)>> {
        let mut out: BTreeMap<&str, Vec<(&str, &Cell)>> = BTreeMap::new();
        for ((file, target), cell) in &self.cells {
            out.entry(&**file).or_default().push((&**target, cell));
        }
        out
    }
}
