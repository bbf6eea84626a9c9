//! The verdict memo's premise: `Semantics::check` keys verdicts by the instruction's value
//! (its `Eq`), so equal instructions must get equal verdicts from the executor itself.

mod common;

use mcdiff::semantics::Semantics;
use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
use mcdiff_asm::{AsmOutcome, Assembler};

#[test]
fn equal_instructions_get_equal_verdicts() {
    let Some(data) = common::data_dir() else {
        return;
    };
    let ts = mcdiff::data::load_target(&data, "gfx1010").unwrap();
    let asm = Assembler::new(TargetCtx::new(&ts, &[], REFERENCE_LLVM_MAJOR));
    let AsmOutcome::Encoded(enc) = asm.assemble("ds_write2_b32 v1, v2, v3 offset0:4") else {
        panic!("ds_write2_b32 not encoded");
    };
    // As the decoder gives it: the unwritten field listed as 0. Equal as instructions.
    let mut decoded_form = enc.inst.clone();
    decoded_form.modifiers.push(("OFFSET1".into(), 0));
    assert_eq!(enc.inst, decoded_form);
    let semantics = Semantics::new(&data);
    let assembled = semantics.execute(ts.arch, false, &ts.spec, &enc.inst);
    let decoded = semantics.execute(ts.arch, false, &ts.spec, &decoded_form);
    assert_eq!(assembled, decoded);
    assert_eq!(assembled.column(), "executed", "{assembled}");
    // The memo answers both alike, whichever comes first.
    assert_eq!(
        semantics.check(ts.arch, false, &ts.spec, &decoded_form),
        decoded
    );
    assert_eq!(
        semantics.check(ts.arch, false, &ts.spec, &enc.inst),
        assembled
    );
}
