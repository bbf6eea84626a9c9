//! Prints one line per spec form of the instructions whose name starts with a prefix: the
//! encoding, opcode and operands (field:type:size).
//! Usage: `cargo run -p mcdiff-asm --example forms_dump -- gfx1100 DS_`

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let data = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared"));
    let t = mcdiff_spec::load_target(&data, &args[1]).expect("spec loads");
    for i in t
        .spec
        .instructions
        .iter()
        .filter(|i| i.name.starts_with(&args[2]))
    {
        for e in &i.encodings {
            let ops: Vec<String> = e
                .operands
                .iter()
                .map(|o| {
                    format!(
                        "{}:{}:{}{}",
                        o.field.as_deref().unwrap_or("-"),
                        o.operand_type,
                        o.size,
                        if o.implicit == Some(true) { "i" } else { "" }
                    )
                })
                .collect();
            println!("{} {} {} {}", i.name, e.encoding, e.opcode, ops.join(" "));
        }
    }
}
