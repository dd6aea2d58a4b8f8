//! One perspective's hidden values, starting on a 32-byte boundary (one
//! AVX2 vector: no load of them splits a cache line) and sized by the
//! network, so a 128-wide network's accumulators stay small.

use std::ops::{Deref, DerefMut};

/// The alignment, in bytes.
const ALIGN: usize = 32;
/// The most `i16`s skipped to reach it.
const SLACK: usize = ALIGN / 2;

/// Hidden values (as a slice through `Deref`).
#[derive(Debug)]
pub struct Values {
    storage: Vec<i16>,
    start: usize,
}

impl Values {
    /// A copy of `values`, aligned.
    pub fn new(values: &[i16]) -> Values {
        let mut storage = vec![0; values.len() + SLACK];
        let start = storage.as_ptr().align_offset(ALIGN);
        // Unaligned (never on this allocator) is slower, not wrong.
        let start = if start < SLACK { start } else { 0 };
        storage[start..start + values.len()].copy_from_slice(values);
        let mut aligned = Values { storage, start };
        aligned.storage.truncate(start + values.len());
        aligned
    }
}

impl Deref for Values {
    type Target = [i16];

    #[inline(always)]
    fn deref(&self) -> &[i16] {
        &self.storage[self.start..]
    }
}

impl DerefMut for Values {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [i16] {
        &mut self.storage[self.start..]
    }
}

// By hand: a copy must find its own boundary.
impl Clone for Values {
    fn clone(&self) -> Values {
        Values::new(self)
    }
}

impl PartialEq for Values {
    fn eq(&self, other: &Values) -> bool {
        **self == **other
    }
}

impl Eq for Values {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_their_copies_start_on_the_boundary() {
        let values: Vec<i16> = (0..128).collect();
        let aligned = Values::new(&values);
        let copy = aligned.clone();
        for v in [&aligned, &copy] {
            assert_eq!(**v, values[..]);
            assert_eq!(v.as_ptr() as usize % ALIGN, 0);
        }
        assert_eq!(aligned, copy);
    }
}
