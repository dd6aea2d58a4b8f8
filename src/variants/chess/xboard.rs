//! Chess as XBoard sees it: Fischer Random castling is `O-O` and `O-O-O`
//! (letter O) on the wire, king-takes-own-rook (`e1h1`) inside.

use super::{Chess, MoveKind};
use crate::variants::xboard::XboardView;
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

impl XboardView for Chess {
    /// The legal castling move on the wing `text` names, in `notation`.
    fn castling_from_xboard(&self, text: &str, notation: Notation) -> Option<String> {
        let short = wing_of(text)?;
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|mv| {
                mv.kind() == MoveKind::Castle && (mv.to().file() > mv.from().file()) == short
            })
            .map(|mv| self.format_move(mv, notation))
    }

    /// `O-O`/`O-O-O` for a castling move in Fischer Random (whenever the
    /// notation is king-takes-rook); orthodox chess keeps `e1g1`.
    fn castling_to_xboard(&self, text: &str, notation: Notation) -> Option<&'static str> {
        if !notation.king_takes_rook {
            return None;
        }
        let mv = self.parse_move(text, notation).ok()?;
        (mv.kind() == MoveKind::Castle).then_some(if mv.to().file() > mv.from().file() {
            "O-O"
        } else {
            "O-O-O"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRC: Notation = Notation {
        king_takes_rook: true,
        ranks_from_one: false,
    };

    #[test]
    fn fischer_random_castling_both_ways() {
        // King b1, rooks a1 and h1: O-O-O is king b1 takes rook a1.
        let mut pos = Chess::from_fen("1k6/8/8/8/8/8/8/RK5R w AH - 0 1").unwrap();
        pos.set_chess960(true);
        assert_eq!(
            pos.castling_from_xboard("O-O-O", FRC).as_deref(),
            Some("b1a1")
        );
        assert_eq!(
            pos.castling_from_xboard("O-O", FRC).as_deref(),
            Some("b1h1")
        );
        assert_eq!(pos.castling_from_xboard("e2e4", FRC), None);
        assert_eq!(pos.castling_to_xboard("b1a1", FRC), Some("O-O-O"));
        assert_eq!(pos.castling_to_xboard("b1h1", FRC), Some("O-O"));
        assert_eq!(pos.castling_to_xboard("h1h8", FRC), None);
        // Orthodox chess keeps e1g1 on the wire.
        let pos = Chess::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert_eq!(pos.castling_to_xboard("e1g1", Notation::default()), None);
        assert_eq!(
            pos.castling_from_xboard("O-O", Notation::default())
                .as_deref(),
            Some("e1g1")
        );
        // No castling available: the text stays and is refused later.
        assert_eq!(pos.castling_from_xboard("O-O-O", Notation::default()), None);
    }
}
