//! One perspective's hidden values, in two layouts behind one trait:
//! [`Inline`], a fixed [`NARROW`]-lane array (the networks up to that
//! width: the compiler knows the length and the entry holds the values),
//! and [`Heap`], sized by the network (up to
//! [`super::network::MAX_HIDDEN`]). Both start on a 32-byte boundary (one
//! AVX2 vector: no load of them splits a cache line).

use std::fmt::Debug;
use std::ops::{Deref, DerefMut};

/// The widest network [`Inline`] holds.
pub const NARROW: usize = 256;

/// The alignment, in bytes.
const ALIGN: usize = 32;
/// The most `i16`s skipped to reach it.
const SLACK: usize = ALIGN / 2;

/// Hidden values as a slice whose first H lanes are the network's (the
/// rest, if any, stay zero).
pub trait Values: Clone + Debug + Eq + Deref<Target = [i16]> + DerefMut {
    /// Holding `values` (for [`Inline`], at most [`NARROW`]).
    fn new(values: &[i16]) -> Self;
}

/// Up to [`NARROW`] values, in place.
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(align(64))]
pub struct Inline([i16; NARROW]);

impl Values for Inline {
    fn new(values: &[i16]) -> Inline {
        let mut inline = Inline([0; NARROW]);
        inline.0[..values.len()].copy_from_slice(values);
        inline
    }
}

impl Deref for Inline {
    type Target = [i16];

    #[inline(always)]
    fn deref(&self) -> &[i16] {
        &self.0
    }
}

impl DerefMut for Inline {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [i16] {
        &mut self.0
    }
}

/// The network's own number of values, on the heap.
#[derive(Debug)]
pub struct Heap {
    storage: Vec<i16>,
    start: usize,
}

impl Values for Heap {
    fn new(values: &[i16]) -> Heap {
        let mut storage = vec![0; values.len() + SLACK];
        let start = storage.as_ptr().align_offset(ALIGN);
        // Unaligned (never on this allocator) is slower, not wrong.
        let start = if start < SLACK { start } else { 0 };
        storage[start..start + values.len()].copy_from_slice(values);
        let mut aligned = Heap { storage, start };
        aligned.storage.truncate(start + values.len());
        aligned
    }
}

impl Deref for Heap {
    type Target = [i16];

    #[inline(always)]
    fn deref(&self) -> &[i16] {
        &self.storage[self.start..]
    }
}

impl DerefMut for Heap {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [i16] {
        &mut self.storage[self.start..]
    }
}

// By hand: a copy must find its own boundary.
impl Clone for Heap {
    fn clone(&self) -> Heap {
        Heap::new(self)
    }
}

impl PartialEq for Heap {
    fn eq(&self, other: &Heap) -> bool {
        **self == **other
    }
}

impl Eq for Heap {}

#[cfg(test)]
mod tests {
    use super::*;

    fn starts_aligned_and_copies<V: Values>(hidden: usize) {
        let values: Vec<i16> = (0..hidden as i16).collect();
        let aligned = V::new(&values);
        let copy = aligned.clone();
        for v in [&aligned, &copy] {
            assert_eq!(v[..hidden], values[..]);
            assert!(v[hidden..].iter().all(|&x| x == 0));
            assert_eq!(v.as_ptr() as usize % ALIGN, 0);
        }
        assert_eq!(aligned, copy);
    }

    #[test]
    fn values_and_their_copies_start_on_the_boundary() {
        starts_aligned_and_copies::<Inline>(128);
        starts_aligned_and_copies::<Inline>(NARROW);
        starts_aligned_and_copies::<Heap>(128);
        starts_aligned_and_copies::<Heap>(1024);
    }
}
