//! Board geometry of xiangqi: squares, piece kinds and pieces, and the
//! `u128` bitboard helpers of the 9 × 10 board.
//!
//! Square `index = rank * 9 + file`; file `a` is 0, Red's back rank is rank 0.
//! A [`Bitboard`] holds one bit per square in its low 90 bits.

use timur_search::Color;

/// Number of files (`a`..`i`).
pub const FILES: usize = 9;
/// Number of ranks (`0`..`9`).
pub const RANKS: usize = 10;
/// Number of squares.
pub const SQUARES: usize = FILES * RANKS;

/// A set of squares: bit `i` is square index `i`.
pub type Bitboard = u128;

/// Every square of the board.
pub const ALL_SQUARES: Bitboard = (1u128 << SQUARES) - 1;

/// The set holding only square index `sq`.
#[inline(always)]
pub const fn bit(sq: usize) -> Bitboard {
    1u128 << sq
}

/// A square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0..9) and `rank` (0..10), if both are on the board.
    pub const fn new(file: usize, rank: usize) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square((rank * FILES + file) as u8))
        } else {
            None
        }
    }

    /// The square of index `index` (0..90), if on the board.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The index `rank * 9 + file`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 8 (`i`).
    #[inline(always)]
    pub const fn file(self) -> usize {
        self.0 as usize % FILES
    }

    /// The rank, 0 (Red's back rank) to 9.
    #[inline(always)]
    pub const fn rank(self) -> usize {
        self.0 as usize / FILES
    }
}

/// The seven kinds of pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// General (king), `K`.
    General = 0,
    /// Advisor, `A`.
    Advisor = 1,
    /// Elephant, `B` (also read as `E`).
    Elephant = 2,
    /// Horse, `N` (also read as `H`).
    Horse = 3,
    /// Chariot, `R`.
    Chariot = 4,
    /// Cannon, `C`.
    Cannon = 5,
    /// Soldier, `P`.
    Soldier = 6,
}

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 7] = [
        Kind::General,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Chariot,
        Kind::Cannon,
        Kind::Soldier,
    ];

    /// 0..7, an index into per-kind tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter of a Red piece of this kind (upper case).
    pub const fn letter(self) -> char {
        match self {
            Kind::General => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Chariot => 'R',
            Kind::Cannon => 'C',
            Kind::Soldier => 'P',
        }
    }

    /// The kind of an upper-case FEN letter (`E` and `H` accepted as aliases).
    pub const fn from_letter(letter: char) -> Option<Kind> {
        match letter {
            'K' => Some(Kind::General),
            'A' => Some(Kind::Advisor),
            'B' | 'E' => Some(Kind::Elephant),
            'N' | 'H' => Some(Kind::Horse),
            'R' => Some(Kind::Chariot),
            'C' => Some(Kind::Cannon),
            'P' => Some(Kind::Soldier),
            _ => None,
        }
    }
}

/// A piece code stored in the mailbox: 0 is an empty point, otherwise
/// `1 + kind + 8 * color` (Red 1..=7, Black 9..=15).
pub type Piece = u8;

/// The empty point.
pub const EMPTY: Piece = 0;

/// The piece code of `color`'s `kind`.
#[inline(always)]
pub const fn piece(color: Color, kind: Kind) -> Piece {
    1 + kind as u8 + 8 * color as u8
}

/// The kind of a non-empty piece code.
#[inline(always)]
pub const fn kind_of(p: Piece) -> Kind {
    Kind::ALL[((p - 1) & 7) as usize]
}

/// The kind index (0..7) of a non-empty piece code.
#[inline(always)]
pub const fn kind_index(p: Piece) -> usize {
    ((p - 1) & 7) as usize
}

/// The colour of a non-empty piece code.
#[inline(always)]
pub const fn color_of(p: Piece) -> Color {
    if p & 8 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Whether square index `sq` lies on `color`'s half of the board (Red: ranks
/// 0..=4).
#[inline(always)]
pub const fn on_own_half(color: Color, sq: usize) -> bool {
    match color {
        Color::White => sq / FILES <= 4,
        Color::Black => sq / FILES >= 5,
    }
}

/// Whether square index `sq` lies in `color`'s palace (files d..f, ranks
/// 0..=2 for Red, 7..=9 for Black).
pub const fn in_palace(color: Color, sq: usize) -> bool {
    let file = sq % FILES;
    let rank = sq / FILES;
    let rank_ok = match color {
        Color::White => rank <= 2,
        Color::Black => rank >= 7,
    };
    file >= 3 && file <= 5 && rank_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_pieces() {
        let sq = Square::new(7, 2).unwrap();
        assert_eq!((sq.file(), sq.rank(), sq.index()), (7, 2, 25));
        assert!(Square::new(9, 0).is_none());
        assert!(Square::from_index(90).is_none());
        for color in [Color::White, Color::Black] {
            for kind in Kind::ALL {
                let p = piece(color, kind);
                assert_eq!((color_of(p), kind_of(p)), (color, kind));
            }
        }
        assert!(in_palace(Color::White, 4) && !in_palace(Color::White, 2));
        assert!(in_palace(Color::Black, 85) && !in_palace(Color::Black, 58));
    }
}
