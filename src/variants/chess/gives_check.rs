//! Whether a move gives check, read from the board before it is played:
//! the moved piece attacks the enemy king from its new square, or it
//! uncovers one of the mover's sliders. The search asks this of late quiet
//! moves it would otherwise prune, far more often than it plays them, so
//! playing each move (and recording its network changes) to ask was a
//! sixth of the search's work.

use super::attacks::tables;
use super::position::Chess;
use super::types::{Kind, Move, MoveKind};

impl Chess {
    /// Whether playing the legal move `mv` puts the opponent in check
    /// (castling, en passant and promotions, rare, are played to ask).
    pub fn gives_check(&mut self, mv: Move) -> bool {
        if mv.kind() != MoveKind::Normal {
            self.make(mv);
            let check = self.checkers() != 0;
            self.unmake(mv);
            return check;
        }
        let t = tables();
        let us = self.side();
        let (from, to) = (mv.from(), mv.to());
        let king = self.king_square(us.flip());
        let occupied = (self.occupied() ^ from.bit()) | to.bit();
        let Some(mover) = self.piece_at(from) else {
            return false;
        };
        let direct = match mover.kind() {
            Kind::Pawn => t.pawn(us, to),
            Kind::Knight => t.knight(to),
            Kind::Bishop => t.bishop(to, occupied),
            Kind::Rook => t.rook(to, occupied),
            Kind::Queen => t.bishop(to, occupied) | t.rook(to, occupied),
            // A king never checks; it may uncover a check (below).
            Kind::King => 0,
        };
        if direct & king.bit() != 0 {
            return true;
        }
        // The king was not in check before the move, so only a slider
        // whose line `from` opened can check it now: none unless `from`
        // shares a line with the king that the piece leaves.
        let line = t.line(king, from);
        if line == 0 || line & to.bit() != 0 {
            return false;
        }
        let queens = self.pieces(us, Kind::Queen);
        let rooks = (self.pieces(us, Kind::Rook) | queens) & !from.bit();
        let bishops = (self.pieces(us, Kind::Bishop) | queens) & !from.bit();
        (t.rook(king, occupied) & rooks) | (t.bishop(king, occupied) & bishops) != 0
    }
}
