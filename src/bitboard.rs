//! The parts of bitboards every game shares: iterate set bits, pop the lowest,
//! count. Each game keeps its own board width (`u32` Jasir, `u64` chess,
//! `u128` xiangqi and Tamerlane) and its own square type and attack tables.

/// An unsigned integer used as a set of squares.
pub trait Bits: Copy + Eq {
    /// The empty set.
    const EMPTY: Self;
    /// Whether no bit is set.
    fn is_empty(self) -> bool;
    /// Number of set bits.
    fn count(self) -> u32;
    /// Index of the lowest set bit (undefined result on an empty set).
    fn lowest(self) -> u32;
    /// Removes the lowest set bit and returns its index.
    fn pop_lowest(&mut self) -> u32;
    /// Iterates the indices of the set bits, lowest first.
    fn squares(self) -> SquareIter<Self> {
        SquareIter(self)
    }
    /// Iterates the indices of the set bits as `usize`, lowest first.
    fn indices(self) -> impl Iterator<Item = usize> {
        self.squares().map(|s| s as usize)
    }
}

macro_rules! impl_bits {
    ($($t:ty),*) => {$(
        impl Bits for $t {
            const EMPTY: Self = 0;
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline]
            fn pop_lowest(&mut self) -> u32 {
                let index = self.trailing_zeros();
                *self &= self.wrapping_sub(1);
                index
            }
        }
    )*};
}

impl_bits!(u32, u64, u128);

/// Iterator over the set bits of a [`Bits`] value.
#[derive(Clone, Copy, Debug)]
pub struct SquareIter<B>(B);

impl<B: Bits> Iterator for SquareIter<B> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            None
        } else {
            Some(self.0.pop_lowest())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_every_width() {
        assert_eq!(0b1010_0001u32.squares().collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!((1u64 << 63 | 1).squares().collect::<Vec<_>>(), vec![0, 63]);
        assert_eq!(
            (1u128 << 109 | 1 << 64).squares().collect::<Vec<_>>(),
            vec![64, 109]
        );
        let mut b = 0b110u64;
        assert_eq!(b.pop_lowest(), 1);
        assert_eq!(b, 0b100);
        assert_eq!(b.count(), 1);
        assert_eq!(0b1001u128.indices().collect::<Vec<_>>(), vec![0usize, 3]);
    }
}
