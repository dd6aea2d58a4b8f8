//! Fischer Random castling as XBoard writes it: the GUI sends `O-O` and
//! `O-O-O` (letter O) in `fischerandom` and expects them back. Inside the
//! engine castling is king-takes-own-rook (`e1h1`); this file translates
//! both ways. Only chess has castling; other games pass through untouched.

use crate::engine::AnyGame;
use crate::variants::chess::{Chess, MoveKind};
use crate::variants::{Notation, Variant};
use timur_search::{Game, MoveList};

/// The wing a castling text names: `Some(true)` for `O-O`, `Some(false)`
/// for `O-O-O` (zeros accepted too), `None` for anything else.
fn wing_of(text: &str) -> Option<bool> {
    match text {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    }
}

/// The legal castling move of `pos` on the short (`true`) or long wing,
/// written in `notation`.
fn castle_on(pos: &Chess, short: bool, notation: Notation) -> Option<String> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .find(|mv| mv.kind() == MoveKind::Castle && (mv.to().file() > mv.from().file()) == short)
        .map(|mv| pos.format_move(mv, notation))
}

/// The move text the engine reads for a move XBoard sent: `O-O`/`O-O-O`
/// become the castling move of the current position (if it is legal);
/// everything else is returned as it is.
pub fn from_wire(game: &AnyGame, text: &str, notation: Notation) -> String {
    let Some(short) = wing_of(text) else {
        return text.to_owned();
    };
    let castle = match game {
        AnyGame::Chess(state) => castle_on(state.position(), short, notation),
        _ => None,
    };
    castle.unwrap_or_else(|| text.to_owned())
}

/// The text XBoard expects for the engine's move `text` (in `notation`):
/// in Fischer Random (`fischerandom`, whenever the notation is
/// king-takes-rook) castling becomes `O-O`/`O-O-O`; other moves and other
/// games are returned as they are.
pub fn to_wire(game: &AnyGame, text: &str, notation: Notation) -> String {
    if !notation.king_takes_rook {
        return text.to_owned();
    }
    let castle = match game {
        AnyGame::Chess(state) => match state.position().parse_move(text, notation) {
            Ok(mv) if mv.kind() == MoveKind::Castle => Some(if mv.to().file() > mv.from().file() {
                "O-O"
            } else {
                "O-O-O"
            }),
            _ => None,
        },
        _ => None,
    };
    castle.map_or_else(|| text.to_owned(), str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::VariantKind;

    const FRC: Notation = Notation {
        king_takes_rook: true,
        ranks_from_one: false,
    };

    #[test]
    fn fischer_random_castling_both_ways() {
        // King b1, rooks a1 and h1: O-O-O is king b1 takes rook a1.
        let game =
            AnyGame::from_fen(VariantKind::Chess960, "1k6/8/8/8/8/8/8/RK5R w AH - 0 1").unwrap();
        assert_eq!(from_wire(&game, "O-O-O", FRC), "b1a1");
        assert_eq!(from_wire(&game, "O-O", FRC), "b1h1");
        assert_eq!(from_wire(&game, "e2e4", FRC), "e2e4");
        assert_eq!(to_wire(&game, "b1a1", FRC), "O-O-O");
        assert_eq!(to_wire(&game, "b1h1", FRC), "O-O");
        assert_eq!(to_wire(&game, "h1h8", FRC), "h1h8");
        // Orthodox chess keeps e1g1 on the wire.
        let game = AnyGame::from_fen(VariantKind::Chess, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert_eq!(to_wire(&game, "e1g1", Notation::default()), "e1g1");
        assert_eq!(from_wire(&game, "O-O", Notation::default()), "e1g1");
        // No castling available: the text stays and is refused later.
        assert_eq!(from_wire(&game, "O-O-O", Notation::default()), "O-O-O");
    }
}
