//! Jasir and Jarmo as XBoard sees them: the 25 holes as a 5x5 board with
//! the usual names; XBoard draws no segments and has no hands (`S@c1`
//! re-entries), and its FEN leaves out the hands and the shuttle.

use super::Jasir;
use crate::variants::xboard::{slot, XboardBoard, XboardView};

/// The archers: simple as pawns, elite as queens.
const PIECES: &[(usize, char)] = &[(slot::PAWN, 'S'), (slot::QUEEN, 'E')];

impl XboardView for Jasir {
    fn xboard_board() -> Option<XboardBoard> {
        Some(XboardBoard {
            pieces: PIECES,
            size: "5x5+0_fairy",
        })
    }

    /// The JFEN's board and side to move, with its move counters.
    fn xboard_fen(native: &str) -> Option<String> {
        let fields: Vec<&str> = native.split_whitespace().collect();
        let (board, side) = (fields.first()?, fields.get(1)?);
        let half = fields.get(4).unwrap_or(&"0");
        let full = fields.get(5).unwrap_or(&"1");
        Some(format!("{board} {side} - - {half} {full}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    #[test]
    fn setup_line_and_fen() {
        let start = Jasir::start_position().to_fen();
        let fen = Jasir::xboard_fen(&start).unwrap_or_default();
        assert_eq!(
            Jasir::xboard_board().map(|b| b.setup_line(&fen)).as_deref(),
            Some("setup (S...EKs...ek) 5x5+0_fairy sssss/5/5/5/SSSSS w - - 0 1")
        );
        assert_eq!(Jasir::squares_from_xboard("S@c1"), "S@c1");
    }
}
