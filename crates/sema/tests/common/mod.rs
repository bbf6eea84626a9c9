//! Locating the third-party inputs (read at run time, never copied), and reference values
//! more than one test file needs. Each test file uses a part of it.
#![allow(dead_code)]

use num_bigint::BigInt;
use num_traits::{One, Zero};
use std::path::PathBuf;

/// `$MCDIFF_DATA`, else `<workspace>/../shared`. `None` (after printing why) when it
/// is missing; with `CI=true` a missing directory fails the test instead.
pub fn data_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("MCDIFF_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")));
    if dir.join("amd-isa/derived/pseudocode").is_dir() {
        return Some(dir);
    }
    let why = format!(
        "pseudocode data not found under {} (set MCDIFF_DATA)",
        dir.display()
    );
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{why}");
    }
    eprintln!("skipping: {why}");
    None
}

/// atan(1/x) * 2^prec by its Taylor series.
fn atan_inv(x: u64, prec: u32) -> BigInt {
    let x2 = BigInt::from(x * x);
    let mut power = (BigInt::one() << prec) / BigInt::from(x);
    let mut sum = BigInt::zero();
    let mut k = 0u64;
    while !power.is_zero() {
        let term = &power / BigInt::from(2 * k + 1);
        if k & 1 == 0 {
            sum += term;
        } else {
            sum -= term;
        }
        power /= &x2;
        k += 1;
    }
    sum
}

/// floor(2/pi * 2^bits), with pi from Gauss's formula
/// pi/4 = 12 atan(1/18) + 8 atan(1/57) - 5 atan(1/239).
pub fn two_over_pi_bits(bits: u32) -> BigInt {
    let prec = bits + 64;
    let pi = (atan_inv(18, prec) * 12 + atan_inv(57, prec) * 8 - atan_inv(239, prec) * 5) * 4;
    (BigInt::from(2) << (prec + bits)) / pi
}
