//! Memory instructions' addresses and data under the names the pseudocode uses for them,
//! where the encoding's fields name them otherwise.

use mcdiff_asm::inst::{Inst, OperandValue};
use mcdiff_asm::Family;
use mcdiff_sema::{Binding, BoundValue, ExecError, SpecialReg, State};
use mcdiff_spec::Encoding;

use super::bound_reg;

/// The address and data names of `inst`'s text where its encoding's fields name them
/// otherwise: SMEM, the buffer, LDS and flat forms; other instructions are left as bound.
pub(super) fn bind_addresses(
    inst: &Inst,
    encoding: Option<&Encoding>,
    state: &State,
    binding: &mut Binding,
) -> Result<(), ExecError> {
    bind_smem_address(inst, state, binding)?;
    if inst.modifiers.get("LDS") == 1 {
        // A GFX9/GFX10 buffer or flat load with its LDS bit returns the data to LDS at M0,
        // not to VDATA, which the load's text (written for the VGPR return) does not say.
        return Err(ExecError::Unsupported {
            construct: "load-to-lds".into(),
        });
    }
    match inst.form.family {
        family if family.is_buffer() => bind_buffer_operands(inst, state, binding),
        family if family.is_ds() => {
            bind_lds_operands(inst, binding);
            Ok(())
        }
        Family::Vglobal | Family::Vflat | Family::Vscratch => {
            bind_flat_operands(inst, encoding, state, binding)
        }
        Family::Flat | Family::FlatGlobal | Family::FlatGlbl | Family::FlatScratch => {
            bind_older_flat_operands(encoding, binding);
            Ok(())
        }
        _ => Ok(()),
    }
}

/// An address operand's VGPRs (first, count), if it names any.
fn address_vgprs(binding: &Binding, name: &str) -> Option<(u32, u32)> {
    match binding.get(name).map(|b| &b.value) {
        Some(BoundValue::Vgpr { first, count }) => Some((*first, *count)),
        _ => None,
    }
}

/// The value a scalar operand holds: `width` bits of its registers (all of them when
/// `None`), M0, an inline constant's bits; 0 for `null` and for no operand.
fn scalar_value(
    value: Option<&BoundValue>,
    width: Option<u32>,
    state: &State,
) -> Result<u64, ExecError> {
    Ok(match value {
        Some(BoundValue::Sgpr { first, count }) => state
            .read_sgprs(*first, width.unwrap_or(32 * count))?
            .low_u64(),
        Some(BoundValue::Ttmp { first, count }) => state
            .read_ttmps(*first, width.unwrap_or(32 * count))?
            .low_u64(),
        Some(BoundValue::Special(SpecialReg::M0)) => u64::from(state.m0),
        Some(BoundValue::InlineInt(i)) => u64::from(*i as u32),
        _ => 0,
    })
}

/// The value of the operand bound to `name` ([`scalar_value`]).
fn bound_scalar(
    binding: &Binding,
    name: &str,
    width: Option<u32>,
    state: &State,
) -> Result<u64, ExecError> {
    scalar_value(binding.get(name).map(|b| &b.value), width, state)
}

/// SMEM's address operands under every name the pseudocode uses for them.
///
/// The encoding holds an immediate offset and an optional offset register, which our
/// instruction model keeps together in its `SOFFSET` operand. CDNA's pseudocode reads
/// them apart (`SBASE`, `SOFFSET` register, `OFFSET` immediate); RDNA4's as a base
/// `sgpr_base` and a combined `offset`; RDNA3's only as the final address `ADDR`
/// (base + immediate + register, the sum the `Calc*Addr` helpers form elsewhere; for
/// buffer loads the base is the descriptor's low 64 bits, its other fields are not modelled).
fn bind_smem_address(inst: &Inst, state: &State, binding: &mut Binding) -> Result<(), ExecError> {
    let Some((soffset, imm)) = inst.operands.iter().find_map(|o| match &o.value {
        OperandValue::SmemOffset { soffset, imm } => Some((soffset, imm.unwrap_or(0))),
        _ => None,
    }) else {
        return Ok(());
    };
    let register = soffset.as_ref().map(bound_reg);
    let register_value = scalar_value(register.as_ref(), Some(32), state)?;
    let offset = (imm as u64).wrapping_add(register_value);
    let base = bound_scalar(binding, "SBASE", Some(64), state)?;
    if let Some(sbase) = binding.get("SBASE").cloned() {
        binding.operands.insert("sgpr_base".into(), sbase);
    }
    binding.set(
        "SOFFSET",
        register.unwrap_or(BoundValue::Special(SpecialReg::Null)),
    );
    binding.set("OFFSET", BoundValue::Imm(imm as u64));
    bind_atomic_data(inst, binding, "SDATA");
    let address = |fixed| BoundValue::Address { fixed, vgpr: None };
    binding.set("offset", address(offset));
    binding.set("ADDR", address(base.wrapping_add(offset)));
    Ok(())
}

/// A buffer instruction's (MUBUF, MTBUF, GFX12's VBUFFER) operands under the names the
/// older texts and RDNA3's use for them.
///
/// The address `ADDR` is what CDNA3's texts compute for the same instructions,
/// `CalcBufferAddr(VADDR.b32, SRSRC.b32, SOFFSET.b32, OFFSET.b32)`: the sum of the address
/// VGPR (per lane; none for `off`, where VADDR reads 0), the descriptor's first dword, the
/// offset register and the immediate offset (the descriptor's stride, swizzle and bounds
/// are not modelled, as in that helper). VDATA supplies an atomic's `DATA` and receives its
/// `RETURN_DATA` when the atomic returns the value before the operation
/// ([`returns_pre_op_value`]). An atomic that returns nothing leaves `RETURN_DATA` its
/// text's own temporary.
fn bind_buffer_operands(
    inst: &Inst,
    state: &State,
    binding: &mut Binding,
) -> Result<(), ExecError> {
    let resource = binding.get("SRSRC").or_else(|| binding.get("RSRC"));
    let descriptor = scalar_value(resource.map(|r| &r.value), Some(32), state)?;
    let soffset = bound_scalar(binding, "SOFFSET", Some(32), state)?;
    let immediate = ["OFFSET", "IOFFSET"]
        .iter()
        .find_map(|f| match binding.get(f).map(|b| &b.value) {
            Some(BoundValue::Imm(v)) => Some(*v),
            _ => None,
        })
        .unwrap_or(0);
    let vgpr = address_vgprs(binding, "VADDR").map(|(first, _)| (first, 1));
    if vgpr.is_none() {
        binding.set("VADDR", BoundValue::Imm(0));
    }
    let fixed = descriptor + soffset + immediate;
    binding.set_new("ADDR", BoundValue::Address { fixed, vgpr });
    // RDNA4's texts split the same sum: `CalcBufferAddr(vgpr_a.b64, sgpr_o.b64)`, the VGPR
    // part and the rest (the helper's descriptor read folded into the scalar part).
    let vgpr_part = BoundValue::Address { fixed: 0, vgpr };
    binding.set_new("vgpr_a", vgpr_part);
    binding.set_new("sgpr_o", BoundValue::Address { fixed, vgpr: None });
    bind_atomic_data(inst, binding, "VDATA");
    // The older manuals' buffer loads write their destination as `D0`.
    if let Some(vdata) = binding.get("VDATA").cloned() {
        binding.set_new("D0", vdata.value);
    }
    Ok(())
}

/// An atomic's `DATA` and, when it returns the value before the operation, its
/// `RETURN_DATA`: both the one data register `field` (a buffer's VDATA, SMEM's SDATA).
fn bind_atomic_data(inst: &Inst, binding: &mut Binding, field: &str) {
    let Some(data) = binding.get(field).cloned() else {
        return;
    };
    binding.set_new("DATA", data.value.clone());
    if returns_pre_op_value(inst) {
        binding.set_new("RETURN_DATA", data.value);
    }
}

/// Whether an atomic returns the value before the operation: GLC set (SC0 on CDNA3 and
/// CDNA4, TH[0] on GFX12's encodings, whose manual says so of TH).
fn returns_pre_op_value(inst: &Inst) -> bool {
    ["GLC", "SC0", "TH"]
        .iter()
        .any(|f| inst.modifiers.get(f) & 1 == 1)
}

/// The LDS texts' names for the address VGPR `ADDR` and the two offset bytes OFFSET0 and
/// OFFSET1 (the 16-bit offset of the one-address forms, OFFSET1 its high byte; `offset0`,
/// `offset1` in the Vega manuals' src2 texts): GFX12's
/// `CalcDsAddr(vgpr_a.b32, offset.b32)` and `MEM[addr + OFFSET.u32]`, and the two-address
/// forms' `MEM[ADDR_BASE + OFFSET0 * 4]` (the older manuals, CDNA1/2, RDNA3).
fn bind_lds_operands(inst: &Inst, binding: &mut Binding) {
    if let Some(address) = binding.get("ADDR").cloned() {
        binding.set_new("vgpr_a", address.value.clone());
        binding.set_new("ADDR_BASE", address.value);
    }
    let (offset0, offset1) = (inst.modifiers.get("OFFSET0"), inst.modifiers.get("OFFSET1"));
    let offset = u64::from(offset1) << 8 | u64::from(offset0);
    binding.set_new("offset", BoundValue::Imm(offset));
    binding.set_new("OFFSET", BoundValue::Imm(offset));
    // The Vega manuals' src2 texts read the two offset bytes in lower case.
    binding.set_new("offset0", BoundValue::Imm(offset0.into()));
    binding.set_new("offset1", BoundValue::Imm(offset1.into()));
}

/// GFX12's flat, global and scratch texts: `CalcGlobalAddr(v_addr.b64, s_saddr.b64)`,
/// `CalcFlatAddr(v_addr.b64, flat_scratch.b64)`, `CalcScratchAddr(v_addr_off.b64,
/// s_saddr_off.b64)`, with an atomic's data `DATA` (field VSRC) and a load's or a store's
/// `VDATA`.
///
/// The VGPR part is the address operand VADDR per lane (a 64-bit address, or a 32-bit
/// offset beside a scalar base); the scalar part is SADDR's value (none for `off`) plus the
/// instruction offset IOFFSET, signed in these encodings; FLAT_SCRATCH, which a flat
/// address needs only inside the scratch aperture, is not modelled (0).
fn bind_flat_operands(
    inst: &Inst,
    encoding: Option<&Encoding>,
    state: &State,
    binding: &mut Binding,
) -> Result<(), ExecError> {
    let width = encoding
        .and_then(|e| e.field("IOFFSET"))
        .map_or(0, |f| f.width());
    let raw = i64::from(inst.modifiers.get("IOFFSET"));
    let offset = if width > 0 && width < 64 {
        (raw << (64 - width)) >> (64 - width)
    } else {
        raw
    } as u64;
    let base = bound_scalar(binding, "SADDR", None, state)?;
    let vgpr = address_vgprs(binding, "VADDR");
    let (vector, scalar) = match inst.form.family {
        Family::Vscratch => ("v_addr_off", "s_saddr_off"),
        Family::Vflat => ("v_addr", "flat_scratch"),
        _ => ("v_addr", "s_saddr"),
    };
    binding.set_new(vector, BoundValue::Address { fixed: 0, vgpr });
    let fixed = base.wrapping_add(offset);
    binding.set_new(scalar, BoundValue::Address { fixed, vgpr: None });
    if let Some(data) = binding.get("VSRC").cloned() {
        binding.set_new("DATA", data.value);
    }
    bind_vdata(binding);
    Ok(())
}

/// A flat-family text's `VDATA`: a load's destination VDST (bound as `D0`: the field's own
/// name holds its register number), else a store's data (`DATA`).
fn bind_vdata(binding: &mut Binding) {
    if let Some(vdata) = binding.get("D0").or_else(|| binding.get("DATA")).cloned() {
        binding.set_new("VDATA", vdata.value);
    }
}

/// The flat, global and scratch texts before GFX12 (RDNA3's `MEM[ADDR].b = VDATA[31 : 0]`,
/// CDNA3's `CalcScratchAddr(ADDR.b32, SADDR.b32, OFFSET.b32)`): `VDATA` as in GFX12's, and
/// with no VGPR address (`off`), the VGPR address `ADDR` reads 0, as an absent VADDR does in
/// the buffer forms. A FLAT encoding without an instruction offset (GFX7 and GFX8: the GCN3
/// and Sea Islands FLAT formats have no OFFSET field, the address is the ADDR VGPRs alone)
/// gives the newer texts' `OFFSET` 0.
fn bind_older_flat_operands(encoding: Option<&Encoding>, binding: &mut Binding) {
    if encoding.is_some_and(|e| e.field("OFFSET").is_none()) {
        binding.set_new("OFFSET", BoundValue::Imm(0));
    }
    if matches!(
        binding.get("ADDR").map(|b| &b.value),
        None | Some(BoundValue::Implicit)
    ) {
        binding.set("ADDR", BoundValue::Imm(0));
    }
    bind_vdata(binding);
}
