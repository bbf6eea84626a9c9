//! Memory instructions' addresses and data under the names the pseudocode uses for them,
//! where the encoding's fields name them otherwise.

use mcdiff_asm::inst::{Inst, OperandValue};
use mcdiff_sema::{Binding, BoundOperand, BoundValue, ExecError, SpecialReg, State};

use super::bound_reg;

/// The address (and, for buffers, data) names of `inst`'s text: SMEM's and the buffer
/// forms'; other instructions are left as bound.
pub(super) fn bind_addresses(
    inst: &Inst,
    state: &State,
    binding: &mut Binding,
) -> Result<(), ExecError> {
    bind_smem_address(inst, state, binding)?;
    if matches!(
        inst.encoding.as_str(),
        "ENC_MUBUF" | "ENC_MTBUF" | "ENC_VBUFFER"
    ) {
        bind_buffer_operands(inst, state, binding)?;
    }
    Ok(())
}

fn named(value: BoundValue) -> BoundOperand {
    BoundOperand {
        value,
        spec_size: 0,
    }
}

/// The 32-bit value a scalar operand holds: a register's contents, an inline constant's
/// bits, 0 for `null` and for no operand.
fn scalar_value(value: Option<&BoundValue>, state: &State) -> Result<u64, ExecError> {
    Ok(match value {
        Some(BoundValue::Sgpr { first, .. }) => state.read_sgprs(*first, 32)?.low_u64(),
        Some(BoundValue::Ttmp { first, .. }) => state.read_ttmps(*first, 32)?.low_u64(),
        Some(BoundValue::Special(SpecialReg::M0)) => u64::from(state.m0),
        Some(BoundValue::InlineInt(i)) => u64::from(*i as u32),
        _ => 0,
    })
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
    let register_value = scalar_value(register.as_ref(), state)?;
    let offset = (imm as u64).wrapping_add(register_value);
    let base = match binding.get("SBASE").map(|b| b.value.clone()) {
        Some(BoundValue::Sgpr { first, .. }) => state.read_sgprs(first, 64)?.low_u64(),
        Some(BoundValue::Ttmp { first, .. }) => state.read_ttmps(first, 64)?.low_u64(),
        _ => 0,
    };
    if let Some(sbase) = binding.get("SBASE").cloned() {
        binding.operands.insert("sgpr_base".into(), sbase);
    }
    binding.operands.insert(
        "SOFFSET".into(),
        named(register.unwrap_or(BoundValue::Special(SpecialReg::Null))),
    );
    binding
        .operands
        .insert("OFFSET".into(), named(BoundValue::Imm(imm as u64)));
    let address = |fixed| BoundValue::Address { fixed, vgpr: None };
    binding
        .operands
        .insert("offset".into(), named(address(offset)));
    binding
        .operands
        .insert("ADDR".into(), named(address(base.wrapping_add(offset))));
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
/// `RETURN_DATA` when the atomic returns the value before the operation: GLC set (SC0 on
/// CDNA3 and CDNA4, TH[0] on GFX12's VBUFFER, whose manual says so of TH). An atomic that
/// returns nothing leaves `RETURN_DATA` its text's own temporary.
fn bind_buffer_operands(
    inst: &Inst,
    state: &State,
    binding: &mut Binding,
) -> Result<(), ExecError> {
    let resource = binding.get("SRSRC").or_else(|| binding.get("RSRC"));
    let descriptor = match resource.map(|r| &r.value) {
        Some(BoundValue::Sgpr { first, .. }) => state.read_sgprs(*first, 32)?.low_u64(),
        Some(BoundValue::Ttmp { first, .. }) => state.read_ttmps(*first, 32)?.low_u64(),
        _ => 0,
    };
    let soffset = scalar_value(binding.get("SOFFSET").map(|b| &b.value), state)?;
    let immediate = ["OFFSET", "IOFFSET"]
        .iter()
        .find_map(|f| match binding.get(f).map(|b| &b.value) {
            Some(BoundValue::Imm(v)) => Some(*v),
            _ => None,
        })
        .unwrap_or(0);
    let vgpr = match binding.get("VADDR").map(|b| &b.value) {
        Some(BoundValue::Vgpr { first, .. }) => Some(*first),
        _ => {
            binding
                .operands
                .insert("VADDR".into(), named(BoundValue::Imm(0)));
            None
        }
    };
    if binding.get("ADDR").is_none() {
        let fixed = descriptor + soffset + immediate;
        binding
            .operands
            .insert("ADDR".into(), named(BoundValue::Address { fixed, vgpr }));
    }
    let Some(vdata) = binding.get("VDATA").cloned() else {
        return Ok(());
    };
    if binding.get("DATA").is_none() {
        binding.operands.insert("DATA".into(), vdata.clone());
    }
    let returns = ["GLC", "SC0", "TH"]
        .iter()
        .any(|f| inst.modifiers.get(f) & 1 == 1);
    if returns && binding.get("RETURN_DATA").is_none() {
        binding.operands.insert("RETURN_DATA".into(), vdata);
    }
    Ok(())
}
