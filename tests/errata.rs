//! The errata catalogue (errata/): every entry parses, names evidence that exists in the
//! inputs, and its cross-generation check holds; a malformed entry is an error naming
//! its file.

mod common;

use mcdiff::errata::{self, Erratum};
use mcdiff_sema::crossgen::cross_generation;

fn catalogue() -> Vec<Erratum> {
    errata::load(&errata::default_dir()).expect("the catalogue loads")
}

#[test]
fn every_entry_names_evidence_that_exists() {
    let entries = catalogue();
    assert!(!entries.is_empty());
    let Some(data) = common::data_dir() else {
        return;
    };
    for e in &entries {
        assert!(!e.evidence.is_empty(), "{}: no evidence", e.id);
        for ev in &e.evidence {
            assert!(
                ev.source.is_some() || ev.command.is_some(),
                "{}: evidence names neither a file nor a command",
                e.id
            );
            let Some(source) = &ev.source else { continue };
            let path = data.join(source);
            assert!(
                path.is_file(),
                "{}: {} does not exist",
                e.id,
                path.display()
            );
            if let (Some(entry), true) = (&ev.entry, source.ends_with(".json")) {
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(
                    text.contains(&format!("\"{entry}\"")),
                    "{}: {source} has no entry {entry}",
                    e.id
                );
            }
        }
    }
}

#[test]
fn every_cross_generation_check_holds() {
    let Some(data) = common::data_dir() else {
        return;
    };
    let entries = catalogue();
    let names: Vec<String> = entries
        .iter()
        .filter_map(|e| e.check.as_ref().map(|c| c.instruction.clone()))
        .collect();
    let comparisons = cross_generation(&data, Some(&names), &|_, _| {}).unwrap();
    for e in &entries {
        e.verify(&comparisons).unwrap_or_else(|why| panic!("{why}"));
    }
}

#[test]
fn a_check_that_no_longer_holds_fails() {
    let Some(data) = common::data_dir() else {
        return;
    };
    let mut entry = catalogue()
        .into_iter()
        .find(|e| e.id == "rdna3-v-cmp-class-f64-infinity-exponent")
        .expect("the RDNA3 class entry");
    let check = entry.check.as_mut().unwrap();
    // rdna3_5 and rdna4 agree; claiming they differ must fail.
    check.arch = "rdna4".into();
    let names = vec![check.instruction.clone()];
    let comparisons = cross_generation(&data, Some(&names), &|_, _| {}).unwrap();
    let why = entry.verify(&comparisons).unwrap_err();
    assert!(why.contains("now agree"), "{why}");
    // rdna4's text runs; claiming it does not must fail too.
    let check = entry.check.as_mut().unwrap();
    check.expect = errata::Expectation::NotRun;
    let why = entry.verify(&comparisons).unwrap_err();
    assert!(why.contains("now runs"), "{why}");
}

#[test]
fn a_malformed_entry_is_an_error_naming_its_file() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("errata-malformed");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("x.json"), "{\"id\": \"x\", \"status\": \"maybe\"}").unwrap();
    let err = format!("{:#}", errata::load(&dir).unwrap_err());
    assert!(err.contains("x.json"), "{err}");
    let good = std::fs::read_to_string(
        errata::default_dir().join("rdna3-v-cmp-class-f64-infinity-exponent.json"),
    )
    .unwrap();
    std::fs::write(dir.join("x.json"), good).unwrap();
    let err = format!("{:#}", errata::load(&dir).unwrap_err());
    assert!(err.contains("is not the file name"), "{err}");
}
