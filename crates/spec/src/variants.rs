//! AMD's processor variants of one architecture
//! (`amd-isa/derived/rocm-systems/amdgpu_isa_<arch>_variants.json`, from ROCm's
//! machine-readable ISA): which features each processor of the architecture has, and the
//! instructions and DPP encodings each feature brings. The spec file describes one processor
//! (CDNA5's: gfx1250); the variants file says how its siblings differ (gfx1251: DPP on 64-bit
//! operations). Only the `dpp_64bit` feature is read into the spec; the others are noted.

use crate::model::Spec;
use crate::SpecError;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// The feature that lets a processor's 64-bit operations take DPP in the encodings listed.
pub const DPP_64BIT: &str = "dpp_64bit";

/// The file as AMD writes it (fields this project does not read are ignored).
#[derive(Debug, Deserialize)]
pub struct VariantsFile {
    /// Processor -> the features it has.
    variants: BTreeMap<String, Vec<String>>,
    /// The encodings a feature opens to named instructions.
    #[serde(default)]
    encodings: Vec<FeatureEncoding>,
}

#[derive(Debug, Deserialize)]
struct FeatureEncoding {
    feature: String,
    encoding: String,
    instructions: Vec<String>,
}

/// The path of `arch`'s variants file under the data directory.
pub fn path(arch_name: &str) -> String {
    format!("amd-isa/derived/rocm-systems/amdgpu_isa_{arch_name}_variants.json")
}

/// `arch`'s variants file, `None` where there is none; an unreadable or malformed file is an
/// error naming it.
pub fn read(data_dir: &Path, arch_name: &str) -> Result<Option<VariantsFile>, SpecError> {
    let path = data_dir.join(path(arch_name));
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(SpecError::Io { path, source }),
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| SpecError::Schema {
            message: format!("not AMD's processor variants JSON: {e}"),
            path,
        })
}

impl VariantsFile {
    /// Gives `spec` (the architecture's) each processor's features and the DPP forms of
    /// `dpp_64bit`; returns one note per fact.
    pub fn apply(&self, spec: &mut Spec) -> Vec<String> {
        spec.processor_features = (self.variants.iter())
            .map(|(mcpu, features)| (mcpu.clone(), features.clone()))
            .collect();
        spec.dpp64_forms = (self.encodings.iter())
            .filter(|e| e.feature == DPP_64BIT)
            .flat_map(|e| {
                e.instructions
                    .iter()
                    .map(|i| (e.encoding.clone(), i.clone()))
            })
            .collect();
        let mut notes: Vec<String> = (self.variants.iter())
            .map(|(mcpu, features)| format!("{mcpu}: {}", features.join(", ")))
            .collect();
        notes.push(format!(
            "{} (DPP encoding, instruction) pairs take DPP with {DPP_64BIT}",
            spec.dpp64_forms.len()
        ));
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"{
        "schema_version": 1,
        "features": ["dpp_64bit", "other"],
        "variants": {"gfxA": ["other"], "gfxB": ["dpp_64bit"]},
        "encodings": [
            {"feature": "dpp_64bit", "encoding": "VOP1_VOP_DPP16", "instructions": ["V_X_F64"]},
            {"feature": "other", "encoding": "VOP2_VOP_DPP16", "instructions": ["V_Y"]}
        ]
    }"#;

    #[test]
    fn only_the_64_bit_dpp_forms_are_taken_and_each_processor_keeps_its_features() {
        let file: VariantsFile = serde_json::from_str(FILE).unwrap();
        let mut spec = Spec::default();
        let notes = file.apply(&mut spec);
        assert_eq!(
            spec.dpp64_forms,
            [("VOP1_VOP_DPP16".to_string(), "V_X_F64".to_string())]
        );
        assert_eq!(spec.processor_features.len(), 2);
        assert_eq!(notes[1], "gfxB: dpp_64bit");
    }

    #[test]
    fn a_missing_file_is_none_and_a_malformed_one_names_its_path() {
        let dir = std::env::temp_dir().join(format!("mcdiff-variants-{}", std::process::id()));
        assert!(read(&dir, "none").unwrap().is_none());
        let file = dir.join(path("bad"));
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, "{").unwrap();
        let err = read(&dir, "bad").unwrap_err().to_string();
        assert!(err.starts_with(&file.display().to_string()), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
