//! The prober asks the engine for attack sets (`pyrrhic_rs::EngineAdapter`):
//! this answers from the chess attack tables. Squares are a1 = 0 … h8 = 63
//! on both sides, as in [`Square`].

use super::super::attacks::tables;
use super::super::types::{Bitboard, Square};
use pyrrhic_rs::EngineAdapter;
use timur_search::Color;

/// The chess attack tables as the prober's move generator.
#[derive(Clone)]
pub struct ChessAttacks;

/// The square of a prober index (always below 64).
fn square(index: u64) -> Square {
    Square::at((index % 8) as u8, (index / 8 % 8) as u8)
}

impl EngineAdapter for ChessAttacks {
    fn pawn_attacks(color: pyrrhic_rs::Color, sq: u64) -> Bitboard {
        let color = match color {
            pyrrhic_rs::Color::White => Color::White,
            pyrrhic_rs::Color::Black => Color::Black,
        };
        tables().pawn(color, square(sq))
    }

    fn knight_attacks(sq: u64) -> Bitboard {
        tables().knight(square(sq))
    }

    fn bishop_attacks(sq: u64, occupied: Bitboard) -> Bitboard {
        tables().bishop(square(sq), occupied)
    }

    fn rook_attacks(sq: u64, occupied: Bitboard) -> Bitboard {
        tables().rook(square(sq), occupied)
    }

    fn queen_attacks(sq: u64, occupied: Bitboard) -> Bitboard {
        tables().rook(square(sq), occupied) | tables().bishop(square(sq), occupied)
    }

    fn king_attacks(sq: u64) -> Bitboard {
        tables().king(square(sq))
    }
}
