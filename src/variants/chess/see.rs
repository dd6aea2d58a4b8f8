//! Static exchange evaluation: whether a move wins at least a given amount
//! of material once every capture on its square has been played out, least
//! valuable attacker first (x-rays through sliders included, pins ignored).

use super::attacks::tables;
use super::position::Chess;
use super::types::{Kind, Move, MoveKind};
use timur_search::Color;

/// Exchange values of the kinds (the king's: more than all the rest).
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

impl Chess {
    /// Whether playing `mv` and the best exchange on its square that
    /// follows win at least `threshold` centipawns for the mover.
    pub fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        match mv.kind() {
            MoveKind::Normal => {}
            // Castling exchanges nothing; promotions and en passant are
            // rare enough to search as they are.
            MoveKind::Castle => return threshold <= 0,
            MoveKind::Promotion(_) | MoveKind::EnPassant => return true,
        }
        let (from, to) = (mv.from(), mv.to());
        let captured = self.piece_at(to).map_or(0, |p| SEE_VALUE[p.kind().index()]);
        let Some(mover) = self.piece_at(from) else {
            return true;
        };
        let mut swap = captured - threshold;
        if swap < 0 {
            return false;
        }
        swap = SEE_VALUE[mover.kind().index()] - swap;
        if swap <= 0 {
            return true;
        }
        let t = tables();
        let mut occ = self.occupied() ^ from.bit() ^ to.bit();
        let diagonal = self.by_kind[Kind::Bishop.index()] | self.by_kind[Kind::Queen.index()];
        let straight = self.by_kind[Kind::Rook.index()] | self.by_kind[Kind::Queen.index()];
        let mut attackers =
            self.attackers(to, Color::White, occ) | self.attackers(to, Color::Black, occ);
        let mut side = self.side;
        let mut wins = true;
        loop {
            side = side.flip();
            attackers &= occ;
            let ours = attackers & self.by_color[side.index()];
            if ours == 0 {
                break;
            }
            wins = !wins;
            let Some(kind) = Kind::ALL
                .into_iter()
                .find(|k| ours & self.by_kind[k.index()] != 0)
            else {
                break;
            };
            if kind == Kind::King {
                // The king may only take last: if the other side still
                // attacks the square, the capture is illegal.
                let others = attackers & self.by_color[side.flip().index()];
                return if others != 0 { !wins } else { wins };
            }
            swap = SEE_VALUE[kind.index()] - swap;
            if swap < i32::from(wins) {
                break;
            }
            let lowest = ours & self.by_kind[kind.index()];
            occ ^= lowest & lowest.wrapping_neg();
            if matches!(kind, Kind::Pawn | Kind::Bishop | Kind::Queen) {
                attackers |= t.bishop(to, occ) & diagonal;
            }
            if matches!(kind, Kind::Rook | Kind::Queen) {
                attackers |= t.rook(to, occ) & straight;
            }
        }
        wins
    }
}

#[cfg(test)]
mod tests {
    use crate::variants::chess::{Chess, Move};
    use crate::variants::{Notation, Variant};

    fn see(fen: &str, text: &str, threshold: i32) -> bool {
        let pos = Chess::from_fen(fen).unwrap();
        let mv: Move = pos.parse_move(text, Notation::default()).unwrap();
        pos.see_at_least(mv, threshold)
    }

    #[test]
    fn exchanges() {
        // A free pawn.
        let fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(see(fen, "e1e5", 100));
        assert!(!see(fen, "e1e5", 101));
        // Rook takes a pawn defended by a rook behind a knight: loses the exchange.
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        assert!(!see(fen, "d3e5", 0));
        assert!(see(fen, "d3e5", -300));
        // A quiet move to an attacked square loses the piece.
        let fen = "4k3/8/8/2p5/8/8/8/3QK3 w - - 0 1";
        assert!(!see(fen, "d1d4", 0));
        assert!(see(fen, "d1d2", 0));
        // X-ray: the queen behind the rook recaptures...
        let fen = "4k3/3r4/8/8/8/3p4/3R4/3QK3 w - - 0 1";
        assert!(see(fen, "d2d3", 100));
        assert!(!see(fen, "d2d3", 101));
        // ...and a second black rook behind makes the capture lose the exchange.
        let fen = "3rk3/3r4/8/8/8/3p4/3R4/3QK3 w - - 0 1";
        assert!(see(fen, "d2d3", -400));
        assert!(!see(fen, "d2d3", -399));
    }
}
