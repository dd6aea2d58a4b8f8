//! Squares, pieces and moves of Tamerlane chess.
//!
//! Squares are numbered `rank * 11 + file` for the 110 main squares (a1 = 0,
//! k10 = 109); White's citadel `l2` is 110 and Black's citadel `z9` is 111.

use timur_search::Color;

/// Files of the main board (a..k).
pub const FILES: usize = 11;
/// Ranks of the main board (1..10).
pub const RANKS: usize = 10;
/// Number of main squares.
pub const MAIN_SQUARES: usize = FILES * RANKS;
/// Number of squares, citadels included.
pub const SQUARES: usize = MAIN_SQUARES + 2;
/// White's citadel, next to k2.
pub const L2: u8 = MAIN_SQUARES as u8;
/// Black's citadel, next to a9.
pub const Z9: u8 = L2 + 1;
/// The empty cell of [`crate::variants::tamerlane::Tamerlane`]'s board array.
pub const EMPTY: u8 = 255;

/// The main square on `file` (0 = a) and `rank` (0 = rank 1).
#[inline]
pub const fn square(file: u8, rank: u8) -> u8 {
    rank * FILES as u8 + file
}

/// File (0 = a) of a main square.
#[inline]
pub const fn file_of(sq: u8) -> u8 {
    sq % FILES as u8
}

/// Rank (0 = rank 1) of a main square.
#[inline]
pub const fn rank_of(sq: u8) -> u8 {
    sq / FILES as u8
}

/// Whether `sq` is one of the two citadels.
#[inline]
pub const fn is_citadel(sq: u8) -> bool {
    sq >= L2
}

/// The citadel a side's own adventitious king may enter (White `l2`).
#[inline]
pub const fn own_citadel(c: Color) -> u8 {
    match c {
        Color::White => L2,
        Color::Black => Z9,
    }
}

/// The rank index (0-based) of a side's last rank, where its pawns promote.
#[inline]
pub const fn last_rank(c: Color) -> u8 {
    match c {
        Color::White => RANKS as u8 - 1,
        Color::Black => 0,
    }
}

/// The kinds of pieces. Pawns come last, in the order of their pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Kind {
    /// King (royal).
    King = 0,
    /// Prince (royal), from the pawn of the king.
    Prince,
    /// Adventitious king (royal), from the pawn of pawns' third arrival.
    AdvKing,
    /// General (ferz).
    General,
    /// Vizier (wazir).
    Vizier,
    /// Giraffe.
    Giraffe,
    /// Picket (tali'a).
    Picket,
    /// Knight.
    Knight,
    /// Rook.
    Rook,
    /// Elephant (2,2) leaper.
    Elephant,
    /// Camel (1,3) leaper.
    Camel,
    /// War engine (2,0) leaper.
    WarEngine,
    /// Pawn of rooks.
    PawnRook,
    /// Pawn of knights.
    PawnKnight,
    /// Pawn of pickets.
    PawnPicket,
    /// Pawn of giraffes.
    PawnGiraffe,
    /// Pawn of generals.
    PawnGeneral,
    /// Pawn of the king (promotes to a prince).
    PawnKing,
    /// Pawn of viziers.
    PawnVizier,
    /// Pawn of elephants.
    PawnElephant,
    /// Pawn of camels.
    PawnCamel,
    /// Pawn of war engines.
    PawnWarEngine,
    /// Pawn of pawns (three arrival stages).
    PawnPawn,
}

/// Number of piece kinds.
pub const KINDS: usize = 23;

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; KINDS] = [
        Kind::King,
        Kind::Prince,
        Kind::AdvKing,
        Kind::General,
        Kind::Vizier,
        Kind::Giraffe,
        Kind::Picket,
        Kind::Knight,
        Kind::Rook,
        Kind::Elephant,
        Kind::Camel,
        Kind::WarEngine,
        Kind::PawnRook,
        Kind::PawnKnight,
        Kind::PawnPicket,
        Kind::PawnGiraffe,
        Kind::PawnGeneral,
        Kind::PawnKing,
        Kind::PawnVizier,
        Kind::PawnElephant,
        Kind::PawnCamel,
        Kind::PawnWarEngine,
        Kind::PawnPawn,
    ];

    /// Index 0..[`KINDS`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether the kind is royal (king, prince, adventitious king).
    #[inline]
    pub const fn is_royal(self) -> bool {
        (self as u8) <= Kind::AdvKing as u8
    }

    /// Whether the kind is one of the eleven pawns.
    #[inline]
    pub const fn is_pawn(self) -> bool {
        (self as u8) >= Kind::PawnRook as u8
    }

    /// The FEN letter of the piece (upper case) or, for a pawn, of the
    /// piece it belongs to.
    pub const fn letter(self) -> char {
        match self {
            Kind::King | Kind::PawnKing => 'K',
            Kind::Prince => 'X',
            Kind::AdvKing => 'A',
            Kind::General | Kind::PawnGeneral => 'F',
            Kind::Vizier | Kind::PawnVizier => 'W',
            Kind::Giraffe | Kind::PawnGiraffe => 'G',
            Kind::Picket | Kind::PawnPicket => 'T',
            Kind::Knight | Kind::PawnKnight => 'N',
            Kind::Rook | Kind::PawnRook => 'R',
            Kind::Elephant | Kind::PawnElephant => 'E',
            Kind::Camel | Kind::PawnCamel => 'C',
            Kind::WarEngine | Kind::PawnWarEngine => 'D',
            Kind::PawnPawn => 'P',
        }
    }

    /// The piece kind for an upper-case FEN letter (not a pawn).
    pub const fn from_piece_letter(c: char) -> Option<Kind> {
        Some(match c {
            'K' => Kind::King,
            'X' => Kind::Prince,
            'A' => Kind::AdvKing,
            'F' => Kind::General,
            'W' => Kind::Vizier,
            'G' => Kind::Giraffe,
            'T' => Kind::Picket,
            'N' => Kind::Knight,
            'R' => Kind::Rook,
            'E' => Kind::Elephant,
            'C' => Kind::Camel,
            'D' => Kind::WarEngine,
            _ => return None,
        })
    }

    /// The pawn kind for the upper-case letter after `P`.
    pub const fn pawn_from_letter(c: char) -> Option<Kind> {
        Some(match c {
            'R' => Kind::PawnRook,
            'N' => Kind::PawnKnight,
            'T' => Kind::PawnPicket,
            'G' => Kind::PawnGiraffe,
            'F' => Kind::PawnGeneral,
            'K' => Kind::PawnKing,
            'W' => Kind::PawnVizier,
            'E' => Kind::PawnElephant,
            'C' => Kind::PawnCamel,
            'D' => Kind::PawnWarEngine,
            'P' => Kind::PawnPawn,
            _ => return None,
        })
    }

    /// What a pawn becomes on its last rank (the pawn of pawns is handled
    /// by its arrival count and returns itself).
    pub const fn promoted(self) -> Kind {
        match self {
            Kind::PawnRook => Kind::Rook,
            Kind::PawnKnight => Kind::Knight,
            Kind::PawnPicket => Kind::Picket,
            Kind::PawnGiraffe => Kind::Giraffe,
            Kind::PawnGeneral => Kind::General,
            Kind::PawnKing => Kind::Prince,
            Kind::PawnVizier => Kind::Vizier,
            Kind::PawnElephant => Kind::Elephant,
            Kind::PawnCamel => Kind::Camel,
            Kind::PawnWarEngine => Kind::WarEngine,
            other => other,
        }
    }
}

/// A piece code for the board array: `kind + 32 * color`; [`EMPTY`] is none.
#[inline]
pub const fn piece(color: Color, kind: Kind) -> u8 {
    kind as u8 + 32 * color as u8
}

/// The kind of a piece code (not [`EMPTY`]).
#[inline]
pub const fn kind_of(p: u8) -> Kind {
    Kind::ALL[(p & 31) as usize]
}

/// The colour of a piece code (not [`EMPTY`]).
#[inline]
pub const fn color_of(p: u8) -> Color {
    if p >= 32 {
        Color::Black
    } else {
        Color::White
    }
}

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// A step, slide, leap or pawn move; promotions and pawn-of-pawns
    /// arrivals follow from the piece; also royal steps into and out of
    /// citadels that do not end the game.
    Normal = 0,
    /// A parked pawn of pawns lifted onto a fork square.
    Relocation,
    /// The once-per-game exchange of the top royal with an own piece.
    RoyalSwap,
    /// The top royal enters the empty enemy citadel: the game is drawn.
    CitadelDraw,
    /// Citadel entry exchanged with the prince (suffix `x`).
    CitadelSwapPrince,
    /// Citadel entry exchanged with the adventitious king (suffix `a`).
    CitadelSwapAdv,
}

impl MoveKind {
    /// Every move kind, in code order.
    pub const ALL: [MoveKind; 6] = [
        MoveKind::Normal,
        MoveKind::Relocation,
        MoveKind::RoyalSwap,
        MoveKind::CitadelDraw,
        MoveKind::CitadelSwapPrince,
        MoveKind::CitadelSwapAdv,
    ];
}

/// A Tamerlane move: from-square, to-square and kind (3 bytes, `Copy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Square the moving piece (or royal, or parked pawn) stands on.
    pub from: u8,
    /// Target square (a partner's square for a royal swap, the citadel for
    /// citadel entries).
    pub to: u8,
    /// What kind of move it is.
    pub kind: MoveKind,
}

impl Move {
    /// A move of the given kind.
    #[inline]
    pub const fn new(from: u8, to: u8, kind: MoveKind) -> Move {
        Move { from, to, kind }
    }

    /// A lossless 17-bit code (from, to, kind).
    #[inline]
    pub const fn code(self) -> u32 {
        self.from as u32 | (self.to as u32) << 7 | (self.kind as u32) << 14
    }

    /// The move of a [`Move::code`]; `None` for codes no move has.
    pub fn from_code(code: u32) -> Option<Move> {
        let from = (code & 127) as u8;
        let to = ((code >> 7) & 127) as u8;
        let kind = *MoveKind::ALL.get((code >> 14) as usize)?;
        if (from as usize) < SQUARES && (to as usize) < SQUARES && from != to {
            Some(Move { from, to, kind })
        } else {
            None
        }
    }
}
