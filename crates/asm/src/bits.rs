//! Bit fields: gathering a field's value out of a word and scattering it back, for the
//! spec's encoding fields (bit ranges with padding, up to 128-bit words) and for the
//! partitioned fields of 16-bit symbolic operands (`(offset, width)` ranges of a u32).

use mcdiff_spec::Field;

// --- Spec encoding fields.

/// The value of a spec field in `word`: its ranges gathered low part first, then the low
/// bits a range's padding (or `implied_low_bits` without padding) stands for.
pub fn read_field(word: u128, field: &Field, implied_low_bits: u32) -> u64 {
    let mut value = 0u64;
    let mut shift = 0;
    for range in &field.ranges {
        let mask = (1u128 << range.count) - 1;
        value |= (((word >> range.offset) & mask) as u64) << shift;
        shift += range.count;
    }
    let first = field.ranges.first();
    match first.map_or(0, |r| r.padding_count) {
        0 => value << implied_low_bits,
        pad => (value << pad) | first.and_then(|r| r.padding).unwrap_or(0),
    }
}

/// Writes `value` into a spec field of `word`, low range first; the low bits a range's
/// padding (or `implied_low_bits` without padding) stands for are dropped (the inverse of
/// [`read_field`]).
pub fn write_field(word: &mut u128, field: &Field, value: u64, implied_low_bits: u32) {
    let pad = field.ranges.first().map_or(0, |r| r.padding_count);
    let mut rest = value >> if pad > 0 { pad } else { implied_low_bits };
    for range in &field.ranges {
        let mask = (1u128 << range.count) - 1;
        *word &= !(mask << range.offset);
        *word |= (rest as u128 & mask) << range.offset;
        rest = rest.checked_shr(range.count).unwrap_or(0);
    }
}

/// The bits a spec field occupies.
pub fn field_mask(field: &Field) -> u128 {
    field
        .ranges
        .iter()
        .fold(0, |m, r| m | (((1u128 << r.count) - 1) << r.offset))
}

/// `value`'s low `width` bits as a two's-complement number.
pub fn sign_extend(value: u64, width: u32) -> i64 {
    let shift = 64 - width;
    ((value << shift) as i64) >> shift
}

// --- Partitioned operand fields: `(offset, width)` ranges, low part first.

/// Gathers a field's value out of `word` (low bits from the first range).
pub fn gather(word: u32, ranges: &[(u32, u32)]) -> u64 {
    let mut value = 0u64;
    let mut shift = 0;
    for &(offset, width) in ranges {
        value |= ((word as u64 >> offset) & ((1u64 << width) - 1)) << shift;
        shift += width;
    }
    value
}

/// How many bits the field holds.
pub fn width(ranges: &[(u32, u32)]) -> u32 {
    ranges.iter().map(|r| r.1).sum()
}

/// Largest value the field holds.
pub fn max_value(ranges: &[(u32, u32)]) -> u64 {
    (1u64 << width(ranges)) - 1
}

/// Mask of the bits the field occupies in the operand.
pub fn mask(ranges: &[(u32, u32)]) -> u32 {
    ranges
        .iter()
        .fold(0, |m, &(off, w)| m | ((((1u64 << w) - 1) as u32) << off))
}

/// Scatters `value` into the field's ranges (low bits into the first range).
pub fn scatter(value: u64, ranges: &[(u32, u32)]) -> u32 {
    let mut rest = value;
    let mut out = 0u32;
    for &(off, w) in ranges {
        out |= ((rest & ((1u64 << w) - 1)) as u32) << off;
        rest >>= w;
    }
    out
}

/// Replaces the field's bits in `word` with `value`.
pub fn replace(word: u32, value: u64, ranges: &[(u32, u32)]) -> u32 {
    (word & !mask(ranges)) | scatter(value, ranges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_field_places_high_bits_in_second_range() {
        let vm = [(0, 4), (14, 2)];
        assert_eq!(scatter(0x3f, &vm), 0xc00f);
        assert_eq!(scatter(0x10, &vm), 0x4000);
        assert_eq!(mask(&vm), 0xc00f);
        assert_eq!(max_value(&vm), 63);
        assert_eq!(replace(0xffff, 0, &vm), 0x3ff0);
    }
}
