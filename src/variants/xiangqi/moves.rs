//! The xiangqi move: a `u16` holding the from and to points.

use super::board::{Square, SQUARES};

/// A move: from-point in bits 0..7, to-point in bits 7..14.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(u16);

const _: () = assert!(std::mem::size_of::<Move>() == 2);

impl Move {
    /// The move `from → to`.
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move::from_indices(from.index(), to.index())
    }

    /// The move between two square indices (both below 90).
    #[inline(always)]
    pub(super) const fn from_indices(from: usize, to: usize) -> Move {
        Move(from as u16 | (to as u16) << 7)
    }

    /// The index of the from-point.
    #[inline(always)]
    pub const fn from_index(self) -> usize {
        (self.0 & 0x7F) as usize
    }

    /// The index of the to-point.
    #[inline(always)]
    pub const fn to_index(self) -> usize {
        (self.0 >> 7) as usize
    }

    /// The from-point.
    pub const fn from(self) -> Square {
        match Square::from_index(self.from_index()) {
            Some(sq) => sq,
            None => panic!("a Move always holds squares below 90"),
        }
    }

    /// The to-point.
    pub const fn to(self) -> Square {
        match Square::from_index(self.to_index()) {
            Some(sq) => sq,
            None => panic!("a Move always holds squares below 90"),
        }
    }

    /// The lossless code of the move (below 2^14).
    pub const fn code(self) -> u32 {
        self.0 as u32
    }

    /// The move of a [`Move::code`], if the code names two distinct points.
    pub const fn from_code(code: u32) -> Option<Move> {
        let from = (code & 0x7F) as usize;
        let to = (code >> 7) as usize;
        if code < 1 << 14 && from < SQUARES && to < SQUARES && from != to {
            Some(Move(code as u16))
        } else {
            None
        }
    }
}
