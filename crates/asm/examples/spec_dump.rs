//! Prints what the spec says about names: an operand type's predefined values, an
//! encoding's fields, or an instruction's forms.
//! Usage: `cargo run -p mcdiff-asm --example spec_dump -- gfx1100 ENC_SMEM OPR_SREG S_LOAD_B32`

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let data = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared"));
    let t = mcdiff_spec::load_target(&data, &args[1]).unwrap();
    for name in &args[2..] {
        if let Some(ty) = t.spec.operand_type(name) {
            let names: Vec<String> = ty
                .predefined
                .iter()
                .map(|p| format!("{}={}", p.name, p.value))
                .collect();
            println!("{} [{}] {}", ty.name, ty.predefined.len(), names.join(" "));
        } else if let Some(e) = t.spec.encoding(name) {
            println!(
                "{} bits={} mask={:#x} ids={:x?}",
                e.name,
                e.bit_count,
                e.identifier_mask,
                &e.identifiers[..e.identifiers.len().min(3)]
            );
            for f in &e.fields {
                println!("  {} {:?}", f.name, f.ranges);
            }
        } else {
            println!("{:#?}", t.spec.instruction(name));
        }
    }
}
