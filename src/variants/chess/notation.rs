//! Move text: UCI long algebraic (`e2e4`, `e7e8q`), castling as `e1g1` in
//! orthodox notation or king-takes-rook (`e1h1`) in Chess960 notation.

use super::position::Chess;
use super::types::{Move, MoveKind};
use crate::variants::Notation;
use timur_search::MoveList;

impl Chess {
    /// Writes `mv` in `notation`.
    pub fn move_text(&self, mv: Move, notation: Notation) -> String {
        match mv.kind() {
            MoveKind::Castle if !notation.king_takes_rook => {
                let wing = self.castle_wing(mv.from(), mv.to());
                let (king_to, _) = Chess::castle_targets(self.side, wing);
                format!("{}{}", mv.from(), king_to)
            }
            MoveKind::Promotion(kind) => format!("{}{}{}", mv.from(), mv.to(), kind.letter()),
            _ => format!("{}{}", mv.from(), mv.to()),
        }
    }

    /// Reads a move in `notation` and checks that it is legal. Where the text
    /// matches no move in `notation` but is castling written the other way
    /// (`e1h1` in orthodox mode, `e1g1` in Chess960 mode), that is accepted.
    pub fn read_move(&self, text: &str, notation: Notation) -> Result<Move, String> {
        let token = text.trim();
        let well_formed = token.is_ascii()
            && (token.len() == 4 || token.len() == 5)
            && super::types::Square::parse(&token[..2]).is_some()
            && super::types::Square::parse(&token[2..4]).is_some()
            && (token.len() == 4
                || matches!(
                    token.as_bytes()[4].to_ascii_lowercase(),
                    b'q' | b'r' | b'b' | b'n'
                ));
        if !well_formed {
            return Err(format!(
                "`{token}` is not a move (expected e.g. e2e4 or e7e8q)"
            ));
        }
        let wanted = token.to_ascii_lowercase();
        let mut moves = MoveList::new();
        self.legal_moves_into(&mut moves);
        let other = Notation {
            king_takes_rook: !notation.king_takes_rook,
            ..notation
        };
        for n in [notation, other] {
            if let Some(&mv) = moves.iter().find(|&&mv| self.move_text(mv, n) == wanted) {
                if n == notation || mv.kind() == MoveKind::Castle {
                    return Ok(mv);
                }
            }
        }
        Err(format!("`{token}` is not a legal move in this position"))
    }
}
