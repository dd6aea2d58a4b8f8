//! Squares, pieces and moves of the 8×8 board.

use std::fmt;
use timur_search::Color;

/// A set of squares: bit `i` is square `i` (a1 = 0, b1 = 1, …, h8 = 63).
pub type Bitboard = u64;

/// A square of the 8×8 board, a1 = 0 … h8 = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with this index; `None` above 63.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square from an index known to be below 64 (callers mask it).
    #[inline]
    pub(crate) const fn from_index(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1).
    #[inline]
    pub const fn at(file: u8, rank: u8) -> Square {
        Square(((rank & 7) << 3) | (file & 7))
    }

    /// Index 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..8 (0 = a).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank 0..8 (0 = rank 1).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The one-square set.
    #[inline]
    pub const fn bit(self) -> Bitboard {
        1u64 << self.0
    }

    /// Reads `e4`-style text.
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::at(f - b'a', r - b'1')),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

/// The six kinds of chess pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Kind {
    /// All kinds, in index order.
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];

    /// Index 0..6.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case FEN letter.
    pub const fn letter(self) -> char {
        match self {
            Kind::Pawn => 'p',
            Kind::Knight => 'n',
            Kind::Bishop => 'b',
            Kind::Rook => 'r',
            Kind::Queen => 'q',
            Kind::King => 'k',
        }
    }

    /// The kind of a FEN letter, either case.
    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == letter.to_ascii_lowercase())
    }
}

/// A coloured piece, packed as `color * 6 + kind` (0..12); [`Piece::NONE`]
/// marks an empty square in the mailbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    /// No piece (an empty square).
    pub const NONE: Piece = Piece(12);

    /// The piece of `color` and `kind`.
    #[inline]
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece(color as u8 * 6 + kind as u8)
    }

    /// Whether this is [`Piece::NONE`].
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 >= 12
    }

    /// Index 0..12 (13 for tables that include NONE).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The piece's kind (meaningless for NONE).
    #[inline]
    pub const fn kind(self) -> Kind {
        match self.0 % 6 {
            0 => Kind::Pawn,
            1 => Kind::Knight,
            2 => Kind::Bishop,
            3 => Kind::Rook,
            4 => Kind::Queen,
            _ => Kind::King,
        }
    }

    /// The piece's colour (meaningless for NONE).
    #[inline]
    pub const fn color(self) -> Color {
        if self.0 < 6 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// FEN letter (upper case White).
    pub fn letter(self) -> char {
        let c = self.kind().letter();
        match self.color() {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
}

/// What a move does besides moving a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A plain move or capture (double pawn pushes included).
    Normal,
    /// A pawn reaching the last rank, becoming this kind.
    Promotion(Kind),
    /// An en-passant capture.
    EnPassant,
    /// Castling, encoded as the king moving to its own rook's square.
    Castle,
}

/// A chess move in 16 bits: from (6), to (6), kind (4). Castling is stored
/// as king-takes-own-rook whatever the notation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

const FLAG_NORMAL: u16 = 0;
const FLAG_EN_PASSANT: u16 = 5;
const FLAG_CASTLE: u16 = 6;

impl Move {
    /// A move of `kind` from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let flag = match kind {
            MoveKind::Normal => FLAG_NORMAL,
            MoveKind::Promotion(k) => k as u16,
            MoveKind::EnPassant => FLAG_EN_PASSANT,
            MoveKind::Castle => FLAG_CASTLE,
        };
        Move(from.0 as u16 | (to.0 as u16) << 6 | flag << 12)
    }

    /// The origin square (the king's, for castling).
    #[inline]
    pub const fn from(self) -> Square {
        Square((self.0 & 63) as u8)
    }

    /// The destination (the castling rook's square, for castling).
    #[inline]
    pub const fn to(self) -> Square {
        Square(((self.0 >> 6) & 63) as u8)
    }

    /// What kind of move this is.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            FLAG_EN_PASSANT => MoveKind::EnPassant,
            FLAG_CASTLE => MoveKind::Castle,
            1 => MoveKind::Promotion(Kind::Knight),
            2 => MoveKind::Promotion(Kind::Bishop),
            3 => MoveKind::Promotion(Kind::Rook),
            4 => MoveKind::Promotion(Kind::Queen),
            _ => MoveKind::Normal,
        }
    }

    /// The 16-bit code.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The move of a 16-bit code, if the code is well formed.
    pub const fn from_bits(bits: u16) -> Option<Move> {
        let flag = bits >> 12;
        if flag > FLAG_CASTLE {
            return None;
        }
        if (bits & 63) == ((bits >> 6) & 63) {
            return None;
        }
        Some(Move(bits))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        match self.kind() {
            MoveKind::Normal => Ok(()),
            MoveKind::Promotion(k) => write!(f, "{}", k.letter()),
            MoveKind::EnPassant => f.write_str("ep"),
            MoveKind::Castle => f.write_str("(O)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_pack_and_unpack() {
        let e7 = Square::parse("e7").unwrap();
        let e8 = Square::parse("e8").unwrap();
        for kind in [
            MoveKind::Normal,
            MoveKind::Promotion(Kind::Knight),
            MoveKind::Promotion(Kind::Queen),
            MoveKind::EnPassant,
            MoveKind::Castle,
        ] {
            let mv = Move::new(e7, e8, kind);
            assert_eq!((mv.from(), mv.to(), mv.kind()), (e7, e8, kind));
            assert_eq!(Move::from_bits(mv.bits()), Some(mv));
        }
        assert_eq!(Move::from_bits(7 << 12 | 1), None);
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("h8").map(|s| s.index()), Some(63));
    }
}
