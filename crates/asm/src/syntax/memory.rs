//! LLVM syntax of the vector-memory families (DS, FLAT/GLOBAL/SCRATCH): which spec operands
//! are written in which order, which may be `off`, the offset ranges, and LLVM's pre-GFX11
//! mnemonics that GFX11/GFX12 still accept.

use mcdiff_spec::{InstructionEncoding, Operand};

use crate::family::{Family, Segment};
use crate::inst::RegFile;
use crate::operands::scalar_address_off_alternative;
use crate::syntax::forms::written_slot;
use crate::syntax::memory_modifiers::Access;
use crate::syntax::regs::parse_register;
use crate::target::TargetCtx;

/// Whether a FLAT-segment word carries the `off` code in its SADDR field, which the ISA
/// manuals call unused for FLAT: LLVM writes the code from GFX10 on and leaves the field 0
/// on GFX9.
pub fn flat_writes_saddr(gfx_major: u32) -> bool {
    gfx_major >= 10
}

/// Whether FLAT takes a scalar base like GLOBAL (GVS: a 64-bit SGPR base and a 32-bit VGPR
/// offset): GFX12.5 (CDNA5 ISA Table 60 "Selecting Addressing Mode" lists GVS and GV for
/// "Flat and Global"; the RDNA4 manual calls FLAT's SADDR unused).
pub fn flat_takes_scalar_base(ctx: &TargetCtx) -> bool {
    ctx.gfx_major == 12 && ctx.gfx_minor >= 5
}

/// The SADDR code of a scratch word addressed by its offset alone, on the targets that
/// have such a mode without an SVE bit: GFX10.3 (LLVM's gfx1030 pages let `vaddr` and
/// `saddr` both be `off`, where the GFX10 pages require one of them; LLVM's FLAT
/// definitions write EXEC_HI's code there). That is the second code the RDNA2 manual's FLAT
/// table gives for disabling SADDR ("NULL or 0x7f"), which the manual gives NULL's meaning
/// (llvm-mc reads it as EXEC_HI on gfx1010-1013).
pub fn scratch_offset_only_code(ctx: &TargetCtx) -> Option<u32> {
    let offset_only = ctx.gfx_major == 10 && ctx.gfx_minor >= 3;
    offset_only
        .then(|| scalar_address_off_alternative(ctx.spec))
        .flatten()
}

/// Whether `text` names a scalar register (the GVS base of a FLAT address).
fn is_scalar_register(text: &str) -> bool {
    matches!(
        parse_register(text),
        Some(Ok(reg)) if !matches!(reg.file, RegFile::Vgpr | RegFile::Agpr)
    )
}

/// Gathers fetch one component whatever the data size, their DMASK selecting it (RDNA3 ISA
/// §8.2 IMAGE_GATHER4); so do MSAA loads from GFX11 (RDNA3 ISA §8.2 IMAGE_MSAA_LOAD: "behaves
/// like gather4"). The RDNA2 manual gives GFX10's IMAGE_MSAA_LOAD no such rule, so there
/// DMASK counts components as for other loads. `op` is the lower-case spec name.
pub fn fetches_one_component(op: &str, gfx_major: u32) -> bool {
    op.starts_with("image_gather4") || (op == "image_msaa_load" && gfx_major >= 11)
}

/// VGPRs an image op's data takes: one per `dmask` bit (at least one; a fetch of one
/// component returns four samples of it: [`fetches_one_component`]), halved (rounded up) by
/// packed `d16` (from GFX9), plus a status dword with `tfe`/`lwe` (RDNA3 ISA §8.2 "Image instructions",
/// DMASK/D16/TFE; LLVM counts `tfe` only). `None` for the ray-tracing ops, whose data has no
/// mask. `op` is the spec name in lower case.
pub fn image_data_regs(op: &str, gfx_major: u32, dmask: u32, d16: bool, tfe: bool) -> Option<u32> {
    if op.contains("_bvh") {
        return None;
    }
    let lanes = if fetches_one_component(op, gfx_major) {
        4
    } else {
        dmask.count_ones().max(1)
    };
    // GFX8 keeps a dword per component, as its buffer D16 formats do (GCN3 ISA, MUBUF and
    // MTBUF opcode tables: "load 2 dwords" for D16_XY).
    let regs = if d16 && gfx_major >= 9 {
        lanes.div_ceil(2)
    } else {
        lanes
    };
    Some(regs + u32::from(tfe))
}

/// The cache-policy bit by which an atomic returns the old value: TH bit 0 from GFX12
/// (RDNA4 ISA Table 15), SC0 where the encoding has it (CDNA3 ISA, FLAT/MUBUF SC0), else GLC
/// (RDNA3 ISA §10.1 "FLAT instruction fields").
pub fn atomic_return_field(encoding: &mcdiff_spec::Encoding, gfx_major: u32) -> &'static str {
    if gfx_major >= 12 {
        "TH"
    } else if encoding.field("SC0").is_some() {
        "SC0"
    } else {
        "GLC"
    }
}

/// Words after an export's sources and the fields they set, in llvm-mc's order: `done`, the
/// valid-mask flag `vm` before GFX11, `row_en` from GFX11 (an encoding without the field
/// takes no such word). COMPR (`compr`) is apart: [`EXPORT_COMPRESSED`].
pub const EXPORT_FLAGS: &[(&str, &str)] = &[("done", "DONE"), ("vm", "VM"), ("row_en", "ROW_EN")];

/// The export word for 16-bit packed sources (GFX9/GFX10 COMPR), which llvm-mc prints
/// between `done` and `vm`.
pub const EXPORT_COMPRESSED: (&str, &str) = ("compr", "COMPR");

/// Export targets, in LLVM's names: the export TARGET field of the Vega manual (0-7 MRT 0-7,
/// 8 Z, 9 null, 12-15 position 0-3, 32-63 parameter 0-31), the RDNA1 manual (position 4 at
/// 16, 20 primitive data) and the RDNA3/RDNA4 manuals (no null nor parameters; 21/22
/// dual-source blend).
pub fn export_target(name: &str, gfx_major: u32) -> Option<u32> {
    let name = name.to_ascii_lowercase();
    (0..64).find(|&code| export_target_name(code, gfx_major).as_deref() == Some(name.as_str()))
}

/// `attrN.c`: attribute N and channel x/y/z/w (RDNA3 ISA LDSDIR ATTR, ATTR_CHAN); LLVM takes
/// attributes 0..=32 (LLVM docs AMDGPU/gfx11_attr.rst).
pub fn parse_attr(text: &str) -> Option<(u32, u32)> {
    let (attr, chan) = text.trim().strip_prefix("attr")?.split_once('.')?;
    let attr: u32 = attr.parse().ok().filter(|&a| a <= 32)?;
    let chan = ATTR_CHANNELS.iter().position(|c| *c == chan)? as u32;
    Some((attr, chan))
}

/// The channel letters of `attrN.c`, by channel number.
const ATTR_CHANNELS: [&str; 4] = ["x", "y", "z", "w"];

/// `attrN.c`, as [`parse_attr`] reads it.
pub fn attr_text(attr: u32, chan: u32) -> String {
    format!("attr{attr}.{}", ATTR_CHANNELS[(chan & 3) as usize])
}

/// The parameters v_interp_mov_f32 selects, by the code its VSRC (or SRC1) holds (RDNA2 ISA
/// Table 53 "Parameter Instruction Fields": 0=P10, 1=P20, 2=P0).
pub const INTERP_PARAMS: [&str; 3] = ["p10", "p20", "p0"];

/// The wait-counter modifiers of LDS parameter loads and the fields they set: GFX11
/// `wait_vdst:` (WAIT_VA), GFX12 `wait_va_vdst:` and `wait_vm_vsrc:`.
const LDS_WAITS: &[(&str, &str)] = &[
    ("wait_vdst", "WAIT_VA"),
    ("wait_va_vdst", "WAIT_VA_VDST"),
    ("wait_vm_vsrc", "WAIT_VM_VSRC"),
];

pub fn is_lds_wait(word: &str) -> bool {
    word.split_once(':')
        .is_some_and(|(name, _)| LDS_WAITS.iter().any(|(n, _)| *n == name))
}

/// The field an LDS wait word sets.
pub fn lds_wait_field(word: &str) -> Option<&'static str> {
    LDS_WAITS.iter().find(|(w, _)| *w == word).map(|(_, f)| *f)
}

/// Operand fields in LLVM text order: destination, address, data, scalar base. The GFX11
/// flat files call the address and data ADDR and DATA, the GFX12 ones VADDR and VSRC.
const TEXT_ORDER: &[&str] = &[
    "VDST", "VDATA", "ADDR", "VADDR", "DATA0", "DATA", "VSRC", "DATA1", "SRSRC", "RSRC", "SADDR",
    "SOFFSET",
];

/// What a statement writes: its operand texts, its modifier words, and the wave size.
pub struct Written<'a> {
    pub operands: &'a [&'a str],
    pub modifiers: &'a [&'a str],
    pub wave64: bool,
    /// FLAT takes a scalar base on this target ([`flat_takes_scalar_base`]).
    pub flat_scalar_base: bool,
}

/// One operand as written: the spec operand it fills and whether `off` may stand for it.
#[derive(Debug, Clone)]
pub struct MemSlot {
    pub operand: Operand,
    pub off_ok: bool,
    /// Only `off` is valid (a buffer address without `offen`/`idxen`).
    pub off_only: bool,
}

fn slot(field: &str, operand_type: &str, size: u32) -> Operand {
    written_slot(field, operand_type, &format!("FMT_NUM_B{size}"), size)
}

/// What `mnemonic` does with memory (selects the GFX12 temporal-hint names and whether
/// `tfe` widens the data): atomics and stores by name, everything else reads.
pub fn access(mnemonic: &str) -> Access {
    if mnemonic.contains("_atomic") {
        Access::Atomic
    } else if ["_store", "_write", "_wrxchg"]
        .iter()
        .any(|w| mnemonic.contains(w))
    {
        Access::Store
    } else {
        Access::Load
    }
}

/// The operand slots of `form` in text order, given the operand texts as written.
///
/// Fixes the partial spec files need: flat atomics list a return VDST that is written only
/// for the returning variant (recognised by one more operand); a compare-and-swap returns
/// half its data (the GFX11 file sizes VDST like the data); GLOBAL addresses are 64-bit
/// VGPR pairs with `off` and 32-bit offsets from an SGPR-pair base; SCRATCH takes `off` for
/// either address; FLAT writes no scalar base before GFX12.5.
/// The transposing loads write the same data over twice the lanes in wave64, so half the
/// VGPRs per lane (RDNA4 ISA §10 "GLOBAL_LOAD_TR_B128/B64").
pub fn slots(form: &InstructionEncoding, mnemonic: &str, written: &Written) -> Vec<MemSlot> {
    let texts = written.operands;
    let wave64 = written.wave64;
    let family = Family::of(&form.encoding);
    let mut ops: Vec<Operand> = form
        .operands
        .iter()
        .filter(|o| o.field.is_some() && o.implicit != Some(true))
        .cloned()
        .collect();
    let field_pos = |o: &Operand| {
        let f = o.field.as_deref().unwrap_or("");
        TEXT_ORDER
            .iter()
            .position(|t| *t == f)
            .unwrap_or(TEXT_ORDER.len())
    };
    ops.sort_by_key(field_pos);
    if family.is_buffer() {
        return buffer_slots(ops, written, access(mnemonic));
    }
    let lds_bit = written
        .modifiers
        .iter()
        .any(|m| m.eq_ignore_ascii_case("lds"));
    let to_lds = mnemonic.contains("_load_lds_")
        || (lds_bit && access(mnemonic) == Access::Load && family != Family::Flat);
    if family.segment().is_some() && to_lds {
        // The flat loads to LDS write LDS, not a VGPR: LLVM writes no destination, though
        // the CDNA3 file lists VDST for them; so do GLOBAL and SCRATCH loads with the LDS bit
        // (RDNA1 ISA, FLAT fields: "data is moved from memory to LDS instead of to VGPRs").
        ops.retain(|o| o.field.as_deref() != Some("VDST"));
    }
    let Some(seg) = family.segment() else {
        return ops
            .into_iter()
            .map(|operand| MemSlot {
                operand,
                off_ok: false,
                off_only: false,
            })
            .collect();
    };
    // GFX12 renamed the address and data fields with its V* families.
    let gfx12 = matches!(family, Family::Vflat | Family::Vglobal | Family::Vscratch);
    let addr_field = if gfx12 { "VADDR" } else { "ADDR" };
    let data_field = if gfx12 { "VSRC" } else { "DATA" };
    let is = |o: &Operand, f: &str| o.field.as_deref() == Some(f);
    if wave64 && mnemonic.contains("_load_tr") {
        for op in ops.iter_mut().filter(|o| is(o, "VDST")) {
            op.size /= 2;
        }
    }
    // A FLAT address with a scalar base ends in its SGPR pair (`v1, s[2:3]`).
    let flat_gvs = seg == Segment::Flat
        && written.flat_scalar_base
        && texts.last().is_some_and(|t| is_scalar_register(t));
    if seg == Segment::Flat && !flat_gvs {
        ops.retain(|o| !is(o, "SADDR"));
    } else if !ops.is_empty() && !ops.iter().any(|o| is(o, "SADDR")) {
        ops.push(slot(
            "SADDR",
            "OPR_SREG",
            if seg == Segment::Scratch { 32 } else { 64 },
        ));
    }
    let data_size = ops.iter().find(|o| is(o, data_field)).map(|o| o.size);
    if mnemonic.contains("_atomic_") {
        if texts.len() + 1 == ops.len() {
            ops.retain(|o| !is(o, "VDST"));
        }
        if let (Some(size), true) = (data_size, mnemonic.contains("cmpswap")) {
            for op in ops.iter_mut().filter(|o| is(o, "VDST")) {
                op.size = size / 2;
            }
        }
    }
    let saddr_off = texts.last().is_some_and(|t| t.eq_ignore_ascii_case("off"));
    for op in ops.iter_mut().filter(|o| is(o, addr_field)) {
        op.operand_type = "OPR_VGPR".into();
        op.size = match seg {
            Segment::Global if !saddr_off => 32,
            Segment::Flat if flat_gvs => 32,
            Segment::Global | Segment::Flat => 64,
            Segment::Scratch => 32,
        };
    }
    ops.sort_by_key(field_pos);
    ops.into_iter()
        .map(|operand| {
            let off_ok =
                is(&operand, "SADDR") || (seg == Segment::Scratch && is(&operand, addr_field));
            MemSlot {
                operand,
                off_ok,
                off_only: false,
            }
        })
        .collect()
}

/// Buffer operands: VDATA, VADDR, the resource quad and SOFFSET. VADDR holds one VGPR per
/// address part that `offen` / `idxen` announce (none: `off`); `tfe` adds a status dword to
/// the data of a load (RDNA3 ISA §9.1 "Buffer instructions"). Atomics return through VDATA.
/// With `addr64` (GFX6/GFX7) VADDR is a VGPR pair holding a 64-bit address, "the LSBs are in
/// VGPRn, and the MSBs are in VGPRn+1" (Sea Islands ISA §8.1.3 "VGPR Usage").
fn buffer_slots(mut ops: Vec<Operand>, written: &Written, access: Access) -> Vec<MemSlot> {
    let has = |word: &str| {
        written
            .modifiers
            .iter()
            .any(|m| m.eq_ignore_ascii_case(word))
    };
    let parts = match has("addr64") {
        true => 2,
        false => u32::from(has("offen")) + u32::from(has("idxen")),
    };
    if has("lds") && access == Access::Load {
        // A load with the LDS bit returns its data to LDS instead of VGPRs (Vega ISA §8.1.2,
        // the MUBUF LDS field): LLVM writes no VDATA.
        ops.retain(|o| o.field.as_deref() != Some("VDATA"));
    }
    for op in &mut ops {
        match op.field.as_deref() {
            Some("VADDR") => {
                op.operand_type = "OPR_VGPR".into();
                op.size = 32 * parts.max(1);
            }
            Some("VDATA") if has("tfe") && access == Access::Load => op.size += 32,
            // SOFFSET takes any 32-bit inline constant, float ones included, which the
            // spec's OPR_SREG_M0_INL omits; the general scalar source type lists them all.
            Some("SOFFSET") if op.operand_type == "OPR_SREG_M0_INL" => {
                op.data_format = "FMT_NUM_B32".into();
                op.operand_type = "OPR_SSRC_NOLIT".into();
            }
            _ => {}
        }
    }
    ops.into_iter()
        .map(|operand| {
            let vaddr = operand.field.as_deref() == Some("VADDR");
            let off_ok = (vaddr && parts == 0) || operand.field.as_deref() == Some("SOFFSET");
            MemSlot {
                operand,
                off_ok,
                off_only: vaddr && parts == 0,
            }
        })
        .collect()
}

/// Range of `offset:` for a family on GFX `gfx_major` whose offset field is `width` bits, with
/// llvm-mc's message when out of it. DS: a 16-bit unsigned byte offset split over
/// OFFSET0/OFFSET1 (RDNA3 ISA §12.1 "LDS instruction fields"). Flat families before GFX12:
/// GLOBAL/SCRATCH signed over the whole field, FLAT unsigned one bit narrower (RDNA3 §10.1
/// "FLAT instruction fields": 13-bit field; RDNA2: 12-bit). GFX12: 24-bit signed IOFFSET for
/// all three (RDNA4 §10). Buffers: unsigned OFFSET field (12 bits on GFX10/GFX11), 23-bit
/// unsigned on GFX12.
pub fn offset_range(family: Family, gfx_major: u32, width: u32) -> (i64, i64, String) {
    let unsigned = |bits: u32| {
        (
            0,
            (1i64 << bits) - 1,
            format!("expected a {bits}-bit unsigned offset"),
        )
    };
    let signed = |bits: u32| {
        let half = 1i64 << (bits - 1);
        (
            -half,
            half - 1,
            format!("expected a {bits}-bit signed offset"),
        )
    };
    if family.is_buffer() {
        return match gfx_major {
            12.. => unsigned(23),
            _ => unsigned(width),
        };
    }
    match (family.segment(), gfx_major) {
        (None, _) => unsigned(16),
        (Some(_), 12..) => signed(24),
        (Some(Segment::Flat), _) => unsigned(width - 1),
        (Some(_), _) => signed(width),
    }
}

/// GFX12 renames (full names) of image, export and LDS-parameter operations, and LLVM's
/// short ray-tracing names.
const GFX12_RENAMES: &[(&str, &str)] = &[
    ("image_atomic_add", "image_atomic_add_uint"),
    ("image_atomic_sub", "image_atomic_sub_uint"),
    ("image_atomic_smin", "image_atomic_min_int"),
    ("image_atomic_umin", "image_atomic_min_uint"),
    ("image_atomic_smax", "image_atomic_max_int"),
    ("image_atomic_umax", "image_atomic_max_uint"),
    ("image_atomic_inc", "image_atomic_inc_uint"),
    ("image_atomic_dec", "image_atomic_dec_uint"),
    ("image_atomic_min_num_flt", "image_atomic_min_flt"),
    ("image_atomic_max_num_flt", "image_atomic_max_flt"),
    ("image_atomic_fmin", "image_atomic_min_flt"),
    ("image_atomic_fmax", "image_atomic_max_flt"),
    ("bvh_intersect_ray", "image_bvh_intersect_ray"),
    ("bvh64_intersect_ray", "image_bvh64_intersect_ray"),
    ("bvh8_intersect_ray", "image_bvh8_intersect_ray"),
    ("bvh_dual_intersect_ray", "image_bvh_dual_intersect_ray"),
    ("exp", "export"),
    ("lds_direct_load", "ds_direct_load"),
    ("lds_param_load", "ds_param_load"),
];

/// LLVM's pre-GFX11 DS mnemonic stems and their GFX11 names (longest first).
const DS_RENAMES: &[(&str, &str)] = &[
    ("ds_read2st64_", "ds_load_2addr_stride64_"),
    ("ds_write2st64_", "ds_store_2addr_stride64_"),
    ("ds_wrxchg2st64_rtn_", "ds_storexchg_2addr_stride64_rtn_"),
    ("ds_wrxchg2_rtn_", "ds_storexchg_2addr_rtn_"),
    ("ds_wrxchg_rtn_", "ds_storexchg_rtn_"),
    ("ds_read2_", "ds_load_2addr_"),
    ("ds_write2_", "ds_store_2addr_"),
    ("ds_read_", "ds_load_"),
    ("ds_write_", "ds_store_"),
];

/// GFX12 DS stems LLVM accepts (GFX11 rejects them).
const DS_RENAMES_ONLY_GFX12: &[(&str, &str)] = &[("ds_subrev_", "ds_rsub_")];

/// GFX12 renames of GFX11 DS mnemonics (full names).
const DS_RENAMES_GFX12: &[(&str, &str)] = &[
    ("ds_max_f32", "ds_max_num_f32"),
    ("ds_max_f64", "ds_max_num_f64"),
    ("ds_min_f32", "ds_min_num_f32"),
    ("ds_min_f64", "ds_min_num_f64"),
    ("ds_max_rtn_f32", "ds_max_num_rtn_f32"),
    ("ds_max_rtn_f64", "ds_max_num_rtn_f64"),
    ("ds_min_rtn_f32", "ds_min_num_rtn_f32"),
    ("ds_min_rtn_f64", "ds_min_num_rtn_f64"),
    ("ds_bvh_stack_rtn_b32", "ds_bvh_stack_push4_pop1_rtn_b32"),
];

/// LLVM's pre-GFX11 operation names of the flat and buffer families (after `flat_`,
/// `global_`, `scratch_`, `buffer_`, `tbuffer_`) and their GFX11 names.
const FLAT_RENAMES: &[(&str, &str)] = &[
    ("load_dword", "load_b32"),
    ("load_dwordx2", "load_b64"),
    ("load_dwordx3", "load_b96"),
    ("load_dwordx4", "load_b128"),
    ("load_sbyte", "load_i8"),
    ("load_ubyte", "load_u8"),
    ("load_sshort", "load_i16"),
    ("load_ushort", "load_u16"),
    ("store_byte", "store_b8"),
    ("store_short", "store_b16"),
    ("store_dword", "store_b32"),
    ("store_dwordx2", "store_b64"),
    ("store_dwordx3", "store_b96"),
    ("store_dwordx4", "store_b128"),
    ("atomic_add", "atomic_add_u32"),
    ("atomic_add_x2", "atomic_add_u64"),
    ("atomic_and", "atomic_and_b32"),
    ("atomic_and_x2", "atomic_and_b64"),
    ("atomic_cmpswap", "atomic_cmpswap_b32"),
    ("atomic_cmpswap_x2", "atomic_cmpswap_b64"),
    ("atomic_csub", "atomic_csub_u32"),
    ("atomic_dec", "atomic_dec_u32"),
    ("atomic_dec_x2", "atomic_dec_u64"),
    ("atomic_fmax", "atomic_max_f32"),
    ("atomic_fmin", "atomic_min_f32"),
    ("atomic_inc", "atomic_inc_u32"),
    ("atomic_inc_x2", "atomic_inc_u64"),
    ("atomic_or", "atomic_or_b32"),
    ("atomic_or_x2", "atomic_or_b64"),
    ("atomic_smax", "atomic_max_i32"),
    ("atomic_smax_x2", "atomic_max_i64"),
    ("atomic_smin", "atomic_min_i32"),
    ("atomic_smin_x2", "atomic_min_i64"),
    ("atomic_sub", "atomic_sub_u32"),
    ("atomic_sub_x2", "atomic_sub_u64"),
    ("atomic_swap", "atomic_swap_b32"),
    ("atomic_swap_x2", "atomic_swap_b64"),
    ("atomic_umax", "atomic_max_u32"),
    ("atomic_umax_x2", "atomic_max_u64"),
    ("atomic_umin", "atomic_min_u32"),
    ("atomic_umin_x2", "atomic_min_u64"),
    ("atomic_xor", "atomic_xor_b32"),
    ("atomic_xor_x2", "atomic_xor_b64"),
    ("atomic_fcmpswap", "atomic_cmpswap_f32"),
    ("load_sbyte_d16", "load_d16_i8"),
    ("load_ubyte_d16", "load_d16_u8"),
    ("load_short_d16", "load_d16_b16"),
    ("load_sbyte_d16_hi", "load_d16_hi_i8"),
    ("load_ubyte_d16_hi", "load_d16_hi_u8"),
    ("load_short_d16_hi", "load_d16_hi_b16"),
    ("store_byte_d16_hi", "store_d16_hi_b8"),
    ("store_short_d16_hi", "store_d16_hi_b16"),
    ("load_format_d16_x", "load_d16_format_x"),
    ("load_format_d16_xy", "load_d16_format_xy"),
    ("load_format_d16_xyz", "load_d16_format_xyz"),
    ("load_format_d16_xyzw", "load_d16_format_xyzw"),
    ("load_format_d16_hi_x", "load_d16_hi_format_x"),
    ("store_format_d16_x", "store_d16_format_x"),
    ("store_format_d16_xy", "store_d16_format_xy"),
    ("store_format_d16_xyz", "store_d16_format_xyz"),
    ("store_format_d16_xyzw", "store_d16_format_xyzw"),
    ("store_format_d16_hi_x", "store_d16_hi_format_x"),
];

/// GFX12 renames of GFX11 flat-family operations.
const FLAT_RENAMES_GFX12: &[(&str, &str)] = &[
    ("atomic_csub_u32", "atomic_sub_clamp_u32"),
    ("atomic_max_f32", "atomic_max_num_f32"),
    ("atomic_min_f32", "atomic_min_num_f32"),
];

/// Candidate spec names for an old LLVM mnemonic on GFX11+ (lower case), most specific first.
pub fn renamed(gfx_major: u32, mnemonic: &str) -> Vec<String> {
    let mut out = Vec::new();
    if gfx_major < 11 {
        return out;
    }
    let stems = DS_RENAMES
        .iter()
        .chain(DS_RENAMES_ONLY_GFX12.iter().filter(|_| gfx_major >= 12));
    if let Some((old, new)) = stems.clone().find(|(o, _)| mnemonic.starts_with(o)) {
        out.push(format!("{new}{}", &mnemonic[old.len()..]));
    }
    for table in [DS_RENAMES_GFX12, GFX12_RENAMES] {
        match table.iter().find(|(o, _)| *o == mnemonic) {
            Some((_, new)) if gfx_major >= 12 => out.push(new.to_string()),
            _ => {}
        }
    }
    for seg in ["flat_", "global_", "scratch_", "buffer_", "tbuffer_"] {
        let Some(op) = mnemonic.strip_prefix(seg) else {
            continue;
        };
        let op = FLAT_RENAMES
            .iter()
            .find(|(o, _)| *o == op)
            .map_or(op, |(_, n)| *n);
        let gfx12 = FLAT_RENAMES_GFX12.iter().find(|(o, _)| *o == op);
        if let (Some((_, n)), 12..) = (gfx12, gfx_major) {
            out.push(format!("{seg}{n}"));
        }
        out.push(format!("{seg}{op}"));
    }
    out
}

/// The two-address DS operations, which take `offset0:`/`offset1:` instead of one 16-bit
/// `offset:` (RDNA2 names them READ2/WRITE2/WRXCHG2, RDNA3 and later `_2ADDR`).
pub fn is_two_address_ds(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    ["_2ADDR", "_READ2", "_WRITE2", "XCHG2"]
        .iter()
        .any(|m| upper.contains(m))
}

/// The LLVM name of an export TARGET code on GFX `gfx_major` ([`export_target`]).
pub fn export_target_name(code: u32, gfx_major: u32) -> Option<String> {
    let positions = if gfx_major >= 10 { 16 } else { 15 };
    match code {
        0..=7 => Some(format!("mrt{code}")),
        8 => Some("mrtz".into()),
        9 if gfx_major < 11 => Some("null".into()),
        12.. if code <= positions => Some(format!("pos{}", code - 12)),
        20 if gfx_major >= 10 => Some("prim".into()),
        21 | 22 if gfx_major >= 11 => Some(format!("dual_src_blend{}", code - 21)),
        32..=63 if gfx_major < 11 => Some(format!("param{}", code - 32)),
        _ => None,
    }
}

/// The LDS-parameter wait fields with the modifier word each is written as, in llvm-mc's
/// printing order.
pub fn lds_wait_fields() -> impl Iterator<Item = (&'static str, &'static str)> {
    LDS_WAITS.iter().map(|&(word, field)| (field, word))
}

/// Address components of an image dimension (LLVM `MIMGDimInfo`, from RDNA3 ISA §8.2 "Image
/// address"): coordinates (the MSAA fragment index included) and derivatives. Indexed by
/// DIM code: 1D, 2D, 3D, CUBE, 1D_ARRAY, 2D_ARRAY, 2D_MSAA, 2D_MSAA_ARRAY.
const DIM_COMPONENTS: &[(u32, u32)] = &[
    (1, 2),
    (2, 4),
    (3, 6),
    (3, 4),
    (2, 2),
    (3, 4),
    (3, 4),
    (4, 4),
];

/// Address dwords of image op `op` (spec name in lower case) for DIM code `dim`: extra
/// arguments (offset `_o`, bias `_b`, depth compare `_c`) one dword each, derivatives
/// (`_d`, `_cd`; packed in pairs per direction by the `_g16` ops only), then coordinates
/// and the lod/clamp/mip argument (packed in pairs with `a16`). `None` for the ray-tracing
/// ops and unknown dims.
pub fn image_address_dwords(op: &str, dim: u32, a16: bool) -> Option<u32> {
    if op.contains("_bvh") {
        return None;
    }
    let &(coords, gradients) = DIM_COMPONENTS.get(dim as usize)?;
    let body = op.strip_prefix("image_")?;
    let sampling = ["sample", "gather4", "get_lod"]
        .iter()
        .any(|b| body.starts_with(b));
    let tokens: Vec<&str> = if sampling {
        body.split('_').skip(1).collect()
    } else {
        Vec::new()
    };
    let has = |t: &str| tokens.contains(&t);
    let extra = ["o", "b", "c"].iter().filter(|t| has(t)).count() as u32;
    let lod = has("l") || has("cl") || body.split('_').any(|t| t == "mip") || body == "get_resinfo";
    let coords = if body == "get_resinfo" { 0 } else { coords };
    let components = coords + u32::from(lod);
    let mut dwords = extra
        + if a16 {
            components.div_ceil(2)
        } else {
            components
        };
    if has("d") || has("cd") {
        dwords += if has("g16") {
            (gradients / 2).next_multiple_of(2)
        } else {
            gradients
        };
    }
    Some(dwords)
}

/// Whether GFX10+ image op `op` may take DIM code `dim`: an MSAA load reads an MSAA
/// resource (RDNA2 ISA §8.2.3 IMAGE_MSAA_LOAD "from an MSAA resource"; RDNA3 ISA §8.2 lists
/// its addresses for 2D MSAA and 2D Array MSAA only).
pub fn dim_allowed(op: &str, dim: u32) -> bool {
    const MSAA_DIMS: [u32; 2] = [6, 7];
    op != "image_msaa_load" || MSAA_DIMS.contains(&dim)
}

/// Whether `written` address dwords fit op `op` with DIM code `dim` and `a16`
/// ([`image_address_dwords`], [`bvh_address_groups`]): exactly, or as one range of the
/// size llvm-mc's image address operands round up to: 8 for 5-7 dwords, 16 for more than
/// 12. `None` when the size is not known to us.
pub fn address_size_fits(op: &str, dim: u32, a16: bool, written: u32, nsa: bool) -> Option<bool> {
    let needed = match bvh_address_groups(op, a16) {
        Some(groups) => groups.iter().sum(),
        None => image_address_dwords(op, dim, a16)?,
    };
    let rounded = match needed {
        5..=7 => 8,
        13.. => 16,
        _ => needed,
    };
    Some(written == needed || !nsa && written == rounded)
}

/// The address VGPRs llvm-mc prints for a GFX9 image word, which does not hold the address
/// size (no `dim`, no NSA): the fewest the op takes, one coordinate plus its offset, bias and
/// compare (llvm-mc 19 and 22 on gfx900 and gfx90a: `image_sample_l v1`, `image_sample_c_lz
/// v[1:2]`). `None` for the derivative ops, whose printed size we have not established.
pub fn gfx9_image_address_dwords(op: &str) -> Option<u32> {
    let body = op.strip_prefix("image_")?;
    let tokens: Vec<&str> = body.split('_').skip(1).collect();
    if tokens.iter().any(|t| matches!(*t, "d" | "cd")) {
        return None;
    }
    let sampling = ["sample", "gather4", "get_lod"]
        .iter()
        .any(|b| body.starts_with(b));
    let extra = if sampling {
        ["o", "b", "c"]
            .iter()
            .filter(|t| tokens.contains(t))
            .count() as u32
    } else {
        0
    };
    Some(1 + extra)
}

/// Address groups of the ray-tracing ops (RDNA3 ISA §10.9 "Ray tracing", BVH address
/// layout): node pointer (two dwords for the 64-bit op), ray extent, origin, direction and
/// inverse direction; with `a16` direction and inverse direction share three dwords. `None`
/// for other ops.
pub fn bvh_address_groups(op: &str, a16: bool) -> Option<Vec<u32>> {
    let node = match op {
        "image_bvh_intersect_ray" => 1,
        "image_bvh64_intersect_ray" => 2,
        _ => return None,
    };
    Some(if a16 {
        vec![node, 1, 3, 3]
    } else {
        vec![node, 1, 3, 3, 3]
    })
}

/// Addresses an MIMG NSA form can name: VADDR plus four bytes in each extra dword, as many
/// dwords as the NSA field counts (RDNA2 ISA §8.2.2 "Image Non-Sequential Address": a
/// two-bit count, up to 13 addresses; RDNA3 ISA §8.2: one extra dword). `nsa_width` is the
/// NSA field's width in bits.
pub fn nsa_max_addresses(nsa_width: u32) -> u32 {
    1 + 4 * ((1 << nsa_width) - 1)
}

/// GFX10 NSA lists name each address VGPR on its own (RDNA2 ISA §8.2.2: "the VGPR of every
/// address component is uniquely defined"); from GFX11 an element may be a range.
pub fn nsa_elements_are_single(gfx_major: u32) -> bool {
    gfx_major == 10
}

/// A slot of `count` VGPRs in `field`, as the image and memory forms write them.
pub fn vgpr_slot(field: &str, count: u32) -> Operand {
    slot(field, "OPR_VGPR", 32 * count)
}

#[cfg(test)]
mod printing_tests {
    use super::*;

    #[test]
    fn gfx9_image_addresses_print_at_their_fewest_dwords() {
        assert_eq!(gfx9_image_address_dwords("image_load_mip"), Some(1));
        assert_eq!(gfx9_image_address_dwords("image_sample_l"), Some(1));
        assert_eq!(gfx9_image_address_dwords("image_sample_c_lz"), Some(2));
        assert_eq!(gfx9_image_address_dwords("image_gather4_c_b_o"), Some(4));
        assert_eq!(gfx9_image_address_dwords("image_atomic_cmpswap"), Some(1));
        assert_eq!(gfx9_image_address_dwords("image_sample_d"), None);
    }

    #[test]
    fn image_address_sizes() {
        // 2D sample: two coordinates.
        assert_eq!(image_address_dwords("image_sample", 1, false), Some(2));
        // 3D with offset, compare and 32-bit derivatives: 1 + 1 + 6 + 3.
        assert_eq!(
            image_address_dwords("image_sample_c_d_o", 2, false),
            Some(11)
        );
        // g16 packs the six 3D derivatives into four dwords.
        assert_eq!(
            image_address_dwords("image_sample_d_o_g16", 2, false),
            Some(8)
        );
        // a16 packs cube coordinates and the mip level: ceil(4 / 2).
        assert_eq!(image_address_dwords("image_load_mip", 3, true), Some(2));
        assert_eq!(image_address_dwords("image_get_resinfo", 2, false), Some(1));
        assert_eq!(
            image_address_dwords("image_bvh_intersect_ray", 0, false),
            None
        );
    }

    #[test]
    fn export_targets_print_as_parsed() {
        for code in (0..=8).chain(12..=16).chain(20..=22) {
            let name = export_target_name(code, 11).expect("named target");
            assert_eq!(export_target(&name, 11), Some(code));
        }
        assert_eq!(export_target_name(9, 12), None);
        // The Vega and RDNA1 manuals' TARGET tables.
        assert_eq!(export_target("param31", 9), Some(63));
        assert_eq!(export_target("null", 10), Some(9));
        assert_eq!(export_target("pos3", 9), Some(15));
        assert_eq!(export_target("pos4", 9), None);
        assert_eq!(export_target("pos4", 10), Some(16));
        assert_eq!(export_target("prim", 9), None);
        assert_eq!(export_target("param0", 11), None);
        assert!(is_two_address_ds("DS_STORE_2ADDR_B32"));
        assert!(!is_two_address_ds("DS_STORE_B32"));
    }
}
