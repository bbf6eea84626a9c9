//! The manual's table of which instructions may take DPP (RDNA3 and RDNA3.5 ISA Table 30
//! "Which instructions support DPP", RDNA4 Table 38, CDNA5 Table 40 "DPMACC instruction DPP
//! support"): per encoding, the opcodes (or all, or all 64-bit ones) whose rule is "NO DPP".
//!
//! The Markdown conversions keep the tables in three shapes: one row per opcode (`| VOP1 |
//! READFIRSTLANE_B32 | NO DPP |`, the encoding cell empty on the rows after the first), one
//! row per encoding with the opcodes and their rules run together in two cells (`| VOP1 | All
//! 64-bit opcodes READFIRSTLANE_B32 ... All Others | NO DPP NO DPP ... Allow DPP |`), and the
//! encoding and opcode in one cell (`| VOP3 V_TRIG_PREOP_F64 | NO DPP |`); two tables may
//! stand side by side in one. A cell whose opcodes cannot be paired with its rules, and an
//! opcode written as alternatives (`FMAMK/AK_F32/F16`), are kept as unread text.

use super::NamePattern;

/// What one "NO DPP" entry refuses, in the encodings it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Every opcode of the encoding (`ALL`).
    All,
    /// The encoding's 64-bit opcodes (`All 64-bit opcodes`).
    All64Bit,
    /// The opcodes a name or family of names covers (`READFIRSTLANE_B32`, `SWAP`, `PK_*`).
    Named(NamePattern),
}

/// One "NO DPP" entry: the encoding (`VOP1`, `VOP3`, `VOPC`...) and what it refuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DppRefusal {
    pub encoding: String,
    pub refused: Refused,
}

/// The table's "NO DPP" entries, and the cells it could not read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DppTable {
    pub refusals: Vec<DppRefusal>,
    pub unread: Vec<String>,
}

/// The entries of every Markdown table of `manual` that has a "NO DPP" rule; `None` where
/// there is none.
pub fn dpp_table(manual: &str) -> Option<DppTable> {
    let mut table = DppTable::default();
    let mut block: Vec<&str> = Vec::new();
    for line in manual.lines().map(str::trim).chain([""]) {
        if line.starts_with('|') {
            block.push(line);
            continue;
        }
        if block.iter().any(|l| l.contains("NO DPP")) {
            read_block(&block, &mut table);
        }
        block.clear();
    }
    (!table.refusals.is_empty()).then_some(table)
}

/// The cells of a Markdown table row, without the outer bars.
fn cells(row: &str) -> Vec<&str> {
    let inner = row.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(str::trim).collect()
}

/// One table: its header says where each side-by-side part's rule column is; every part
/// carries its encoding down the rows that leave it empty.
fn read_block(block: &[&str], table: &mut DppTable) {
    let Some(header) = block.first() else { return };
    let rule_columns: Vec<usize> = (cells(header).iter().enumerate())
        .filter(|(_, c)| c.replace('*', "").trim().eq_ignore_ascii_case("rule"))
        .map(|(i, _)| i)
        .collect();
    let mut encodings = vec![String::new(); rule_columns.len()];
    let rows = block[1..].iter().filter(|r| !r.contains("---"));
    for row in rows {
        let row = cells(row);
        let mut start = 0;
        for (part, &rule) in rule_columns.iter().enumerate() {
            let Some(rule_text) = row.get(rule) else {
                break;
            };
            let (encoding, opcodes) = match &row[start..rule] {
                [encoding, opcodes] => (encoding.to_string(), opcodes.to_string()),
                [both] => split_encoding(both),
                _ => (String::new(), String::new()),
            };
            start = rule + 1;
            if !encoding.is_empty() {
                encodings[part] = encoding;
            }
            read_cell(&encodings[part], &opcodes, rule_text, table);
        }
    }
}

/// `VOP3 V_TRIG_PREOP_F64` as encoding and opcode; a cell without an encoding is all opcode.
fn split_encoding(cell: &str) -> (String, String) {
    match cell.split_once(' ') {
        Some((first, rest)) if is_encoding(first) => (first.to_string(), rest.to_string()),
        _ if is_encoding(cell) => (cell.to_string(), String::new()),
        _ => (String::new(), cell.to_string()),
    }
}

fn is_encoding(word: &str) -> bool {
    word.starts_with("VOP") || word == "VINTERP"
}

/// One opcodes cell with its rules cell, paired in order. Where the counts differ: rules
/// all "NO DPP" refuse every opcode; "NO DPP" then "Allow DPP" refuse the opcodes before
/// the "others" entry or, without one, all but the last (the conversion keeps one rule per
/// group of rows, and the table lists the allowed opcodes last: RDNA3's "... WMMA ALL
/// Others: V_FMA_MIX_*" is RDNA4's "... WMMA V_FMA_MIX*").
fn read_cell(encoding: &str, opcodes: &str, rules: &str, table: &mut DppTable) {
    let entries = entries(opcodes);
    let rules = rule_list(rules);
    if entries.is_empty() || rules.is_empty() || encoding.is_empty() {
        return;
    }
    let refused: Vec<&Entry> = if entries.len() == rules.len() {
        entries
            .iter()
            .zip(&rules)
            .filter(|(_, r)| **r)
            .map(|(e, _)| e)
            .collect()
    } else if rules.iter().all(|r| *r) {
        entries.iter().collect()
    } else if rules == [true, false] && entries.contains(&Entry::Others) {
        entries
            .iter()
            .take_while(|e| **e != Entry::Others)
            .collect()
    } else if rules == [true, false] {
        entries[..entries.len() - 1].iter().collect()
    } else {
        table.unread.push(format!("{encoding}: {opcodes}"));
        return;
    };
    // "VOPD , VOPD3": one rule for several encodings.
    let encodings: Vec<&str> = encoding
        .split([',', ' '])
        .filter(|e| !e.is_empty())
        .collect();
    for entry in refused {
        let refused = match entry {
            Entry::All => Refused::All,
            Entry::All64Bit => Refused::All64Bit,
            Entry::Name(name) => match NamePattern::parse(name) {
                Some(named) => Refused::Named(named),
                None => {
                    table.unread.push(format!("{encoding}: {name}"));
                    continue;
                }
            },
            Entry::Others => continue,
        };
        for encoding in &encodings {
            table.refusals.push(DppRefusal {
                encoding: encoding.to_string(),
                refused: refused.clone(),
            });
        }
    }
}

/// An entry of an opcodes cell.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Entry {
    All,
    All64Bit,
    Others,
    Name(String),
}

/// The words that make up the cells' phrases (`All 64-bit opcodes`, `All Others:`, `The
/// others`, `ALL`), as opposed to opcode names.
const PHRASE_WORDS: &[&str] = &[
    "all", "the", "others", "others:", "opcodes", "64-bit", "64bit",
];

/// The entries of an opcodes cell: runs of phrase words, and names (`MUL_HI_{U32, I32}`
/// standing for both names).
fn entries(cell: &str) -> Vec<Entry> {
    let cell = cell.replace(", ", ",");
    let mut entries = Vec::new();
    let mut phrase: Vec<String> = Vec::new();
    for word in cell.split_whitespace() {
        let lower = word.to_ascii_lowercase();
        if PHRASE_WORDS.contains(&lower.as_str()) {
            // "All 64bit opcodes The others": each phrase opens with "all" or "the".
            if lower == "all" || lower == "the" {
                end_phrase(&mut phrase, &mut entries);
            }
            phrase.push(lower);
            continue;
        }
        end_phrase(&mut phrase, &mut entries);
        entries.extend(expand_braces(word).into_iter().map(Entry::Name));
    }
    end_phrase(&mut phrase, &mut entries);
    entries
}

/// Closes a run of phrase words, if any, as one entry.
fn end_phrase(phrase: &mut Vec<String>, entries: &mut Vec<Entry>) {
    if !phrase.is_empty() {
        entries.push(phrase_entry(phrase));
        phrase.clear();
    }
}

fn phrase_entry(words: &[String]) -> Entry {
    if words.iter().any(|w| w.starts_with("64")) {
        Entry::All64Bit
    } else if words.iter().any(|w| w.starts_with("others")) {
        Entry::Others
    } else {
        Entry::All
    }
}

/// `MUL_HI_{U32,I32}` as `MUL_HI_U32` and `MUL_HI_I32`.
fn expand_braces(word: &str) -> Vec<String> {
    let Some((head, rest)) = word.split_once('{') else {
        return vec![word.to_string()];
    };
    let Some((inner, tail)) = rest.split_once('}') else {
        return vec![word.to_string()];
    };
    inner
        .split(',')
        .map(|part| format!("{head}{part}{tail}"))
        .collect()
}

/// The rules of a rules cell in order: true for "NO DPP", false for any other.
fn rule_list(cell: &str) -> Vec<bool> {
    let words: Vec<String> = cell
        .replace('*', "")
        .split_whitespace()
        .map(str::to_ascii_uppercase)
        .collect();
    let mut rules = Vec::new();
    let mut i = 0;
    while i < words.len() {
        match (words[i].as_str(), words.get(i + 1).map(String::as_str)) {
            ("NO", Some("DPP")) => rules.push(true),
            ("ALLOW", Some("DPP")) => rules.push(false),
            ("SEE", _) => {
                rules.push(false);
                i += 3;
                continue;
            }
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    rules
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The entry the table's text `written` names.
    fn named(written: &str) -> Refused {
        Refused::Named(NamePattern::parse(written).unwrap())
    }

    /// Tables in the three shapes the conversions keep (own text, not AMD's).
    #[test]
    fn reads_rows_per_opcode_run_together_and_joined_cells() {
        let manual = "\
| Encoding | Opcodes | Rule |
|---|---|---|
| VOP1 | All 64-bit opcodes WIDGET_B32 GADGET All Others | NO DPP NO DPP NO DPP Allow DPP |
| VOP3P | V_DOT9_I32 V_PK_* All Others: V_FMA_MIX_* | NO DPP Allow DPP |
| VOP2 | FMAMK/AK_F32/F16 | NO DPP |
| VOPD , VOPD3 | ALL | NO DPP |
| VOPC | All 64bit opcodes The others | NO DPP Allow DPP |
| VOP3 | COG_{U32, I32} | NO DPP |
| VOP2 | SPROCKET_* DYNAMO V_FMA_MIX* | NO DPP Allow DPP |

| Encoding Opcodes | Rule |
|---|---|
| VOP3 V_TRIG_F64 | NO DPP |
| MUL_HI_{U32, I32} | NO DPP NO DPP |
| 64-bit opcodes | See previous table |
| Others | Allow DPP |
";
        let table = dpp_table(manual).unwrap();
        let refusal = |encoding: &str, refused: Refused| DppRefusal {
            encoding: encoding.into(),
            refused,
        };
        assert_eq!(
            table.refusals,
            [
                refusal("VOP1", Refused::All64Bit),
                refusal("VOP1", named("WIDGET_B32")),
                refusal("VOP1", named("GADGET")),
                refusal("VOP3P", named("V_DOT9_I32")),
                refusal("VOP3P", named("V_PK_*")),
                refusal("VOPD", Refused::All),
                refusal("VOPD3", Refused::All),
                refusal("VOPC", Refused::All64Bit),
                refusal("VOP3", named("COG_U32")),
                refusal("VOP3", named("COG_I32")),
                refusal("VOP2", named("SPROCKET_*")),
                refusal("VOP2", named("DYNAMO")),
                refusal("VOP3", named("V_TRIG_F64")),
                refusal("VOP3", named("MUL_HI_U32")),
                refusal("VOP3", named("MUL_HI_I32")),
            ]
        );
        assert_eq!(table.unread, ["VOP2: FMAMK/AK_F32/F16"]);
    }

    #[test]
    fn side_by_side_tables_keep_their_own_encodings() {
        let manual = "\
| Encoding | Opcodes | Rule | Encoding | Opcodes | Rule |
|---|---|---|---|---|---|
| VOP1 | WIDGET_B32 All Others | NO DPP Allow DPP | VOP3 | GIZMO_U32 | NO DPP |
| VOP2 | SPROCKET_F16 | NO DPP |  | COG* | NO DPP |
";
        let table = dpp_table(manual).unwrap();
        let found: Vec<(&str, &Refused)> = (table.refusals.iter())
            .map(|r| (r.encoding.as_str(), &r.refused))
            .collect();
        assert_eq!(
            found,
            [
                ("VOP1", &named("WIDGET_B32")),
                ("VOP3", &named("GIZMO_U32")),
                ("VOP2", &named("SPROCKET_F16")),
                ("VOP3", &named("COG*")),
            ]
        );
    }

    #[test]
    fn a_table_without_no_dpp_entries_is_none() {
        assert!(dpp_table("| Encoding | Opcodes | Rule |\n| VOP1 | X_B32 | Allow DPP |").is_none());
    }
}
