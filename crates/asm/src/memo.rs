//! What an assembler or disassembler finds once and keeps: values by key, computed on first
//! use (a test file names the same forms line after line).

use std::cell::RefCell;
use std::hash::Hash;

use rustc_hash::FxHashMap;

/// A key's value, computed the first time it is asked for; a failure is not kept.
pub(crate) struct Memo<K, V>(RefCell<FxHashMap<K, V>>);

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo(RefCell::default())
    }
}

impl<K: Hash + Eq, V: Clone> Memo<K, V> {
    /// `key`'s value, from `compute` the first time it succeeds.
    pub(crate) fn get_or_try<E>(
        &self,
        key: K,
        compute: impl FnOnce() -> Result<V, E>,
    ) -> Result<V, E> {
        if let Some(known) = self.0.borrow().get(&key) {
            return Ok(known.clone());
        }
        let value = compute()?;
        self.0.borrow_mut().insert(key, value.clone());
        Ok(value)
    }

    /// `key`'s value, from `compute` the first time.
    pub(crate) fn get_or(&self, key: K, compute: impl FnOnce() -> V) -> V {
        match self.get_or_try(key, || Ok::<V, std::convert::Infallible>(compute())) {
            Ok(value) => value,
            Err(never) => match never {},
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computes_once_and_keeps_no_failure() {
        let memo: Memo<u32, u32> = Memo::default();
        let calls = std::cell::Cell::new(0);
        let square = |n: u32| {
            calls.set(calls.get() + 1);
            n * n
        };
        assert_eq!(memo.get_or(3, || square(3)), 9);
        assert_eq!(memo.get_or(3, || square(3)), 9);
        assert_eq!(calls.get(), 1);
        assert_eq!(memo.get_or_try(4, || Err::<u32, _>("no")), Err("no"));
        assert_eq!(memo.get_or_try(4, || Ok::<_, ()>(16)), Ok(16));
    }
}
