//! Reading `amd-isa/derived/pseudocode/<arch>.json`: a missing file is no pseudocode, a
//! malformed one is an error naming the file and the place (no real data needed).

use std::path::{Path, PathBuf};

use mcdiff_sema::{load_pseudocode, load_pseudocode_if_present, pseudocode_path, SemaError};

/// A temporary data directory with `amd-isa/derived/pseudocode/`, removed on drop.
struct DataDir(PathBuf);

impl DataDir {
    fn new(tag: &str) -> DataDir {
        let dir = std::env::temp_dir().join(format!(
            "mcdiff-sema-pseudocode-{}-{tag}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("amd-isa/derived/pseudocode")).unwrap();
        DataDir(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn write(&self, arch: &str, text: &str) -> PathBuf {
        let path = pseudocode_path(&self.0, arch);
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const ENTRY: &str = r#"{"section": "SOP1 Instructions", "name": "S_TOY_MOV", "opcode": 0,
 "description": "Invented.", "pseudocode": "D0.b32 = S0.b32", "raw_markdown": ""}"#;

#[test]
fn a_missing_file_is_no_pseudocode() {
    let dir = DataDir::new("missing");
    assert!(load_pseudocode_if_present(dir.path(), "rdna3")
        .unwrap()
        .is_none());
    let err = load_pseudocode(dir.path(), "rdna3").unwrap_err();
    assert!(err.is_missing());
    assert_eq!(err.path(), pseudocode_path(dir.path(), "rdna3"));
}

#[test]
fn a_good_file_loads() {
    let dir = DataDir::new("good");
    dir.write("rdna3", &format!("[{ENTRY}]"));
    let entries = load_pseudocode_if_present(dir.path(), "rdna3")
        .unwrap()
        .unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].code(), Some("D0.b32 = S0.b32"));
}

#[test]
fn a_malformed_file_is_an_error_naming_file_line_and_column() {
    let dir = DataDir::new("malformed");
    for (text, place) in [
        // Truncated after the first entry.
        (format!("[\n{ENTRY},\n"), "line 4 column 0"),
        // A wrong type: opcode as a string.
        (
            format!(
                "[\n{}]",
                ENTRY.replace("\"opcode\": 0", "\"opcode\": \"zero\"")
            ),
            "line 2 column",
        ),
        // Not a list.
        ("{}".to_string(), "line 1 column"),
        (String::new(), "line 1 column 0"),
    ] {
        let path = dir.write("cdna3", &text);
        let err = load_pseudocode_if_present(dir.path(), "cdna3").unwrap_err();
        assert!(matches!(err, SemaError::Json { .. }), "{err}");
        assert!(!err.is_missing());
        let message = err.to_string();
        assert!(
            message.starts_with(&format!("{}: not a pseudocode list: ", path.display())),
            "{message}"
        );
        assert!(message.contains(place), "{text:?}: {message}");
    }
}
