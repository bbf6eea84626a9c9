//! The operand lists derived from AMD's pseudocode for forms no spec file describes
//! (`mcdiff_sema::complete_from_pseudocode`), one snapshot per architecture
//! (snapshots/derived/), so that a reviewer sees every derived fact and its donor.

mod common;

use std::path::Path;

#[test]
fn derived_operand_lists_per_arch() {
    let Some(data) = common::data_dir() else {
        return;
    };
    let loader = mcdiff::data::spec_loader(&data);
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new("../snapshots/derived"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        for arch in mcdiff_spec::Arch::ALL {
            let spec = loader.arch(arch).unwrap();
            let text = mcdiff_sema::render_derived(&spec);
            insta::assert_snapshot!(format!("derived__{}", arch.name()), text);
        }
    });
}
