//! Whether a move gives check, read from the board before it is played:
//! the enemy general attacked by the mover's pieces as they stand after
//! it (the moved piece on its new point, the new occupancy deciding
//! chariot lines, cannon screens and horse legs). The search asks this of
//! late quiet moves it would otherwise prune, far more often than it plays
//! them, so playing each move (and recording its network changes) to ask
//! was a sixth of the search's work.

use super::attacks::{cannon_captures, rook_attacks, HORSE_CHECKS, PAWN_ATTACKERS};
use super::board::{bit, kind_index, Kind, EMPTY, FILES};
use super::moves::Move;
use super::position::Xiangqi;

impl Xiangqi {
    /// Whether playing the legal move `mv` puts the opponent in check
    /// (exactly [`Xiangqi::general_attacked`] after it, the facing
    /// generals included).
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side();
        let (from, to) = (mv.from_index(), mv.to_index());
        let mover = self.piece_at(from);
        if mover == EMPTY {
            return false;
        }
        let general = self.general(us.flip());
        let occupied = (self.occupied() & !bit(from)) | bit(to);
        let file_occupied = self.file_occupancy_after(general % FILES, from, to);
        // The mover's pieces of `kind` after the move.
        let ours = |kind: Kind| {
            let stayed = self.pieces(us, kind) & !bit(from);
            if kind.index() == kind_index(mover) {
                stayed | bit(to)
            } else {
                stayed
            }
        };
        PAWN_ATTACKERS[us.index()][general] & ours(Kind::Soldier) != 0
            || HORSE_CHECKS[general].attacks(occupied) & ours(Kind::Horse) != 0
            || rook_attacks(general, occupied, file_occupied)
                & (ours(Kind::Chariot) | ours(Kind::General))
                != 0
            || cannon_captures(general, occupied, file_occupied) & ours(Kind::Cannon) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use timur_search::{Game, MoveList};

    /// Whether each legal move gives check, asked from the board and by
    /// playing it, at every node to `depth`; counts the checks seen.
    fn as_played(pos: &mut Xiangqi, depth: u32, checks: &mut u64) {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &mv in moves.iter() {
            let asked = pos.gives_check(mv);
            pos.make_move(mv);
            let played = pos.in_check();
            pos.unmake_move(mv);
            assert_eq!(asked, played, "{mv:?} in {}", pos.fen());
            *checks += u64::from(played);
            if depth > 1 {
                pos.make_move(mv);
                as_played(pos, depth - 1, checks);
                pos.unmake_move(mv);
            }
        }
    }

    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        // The start, the bench's middlegames (cannon screens, horse legs,
        // a general on an open file) and an endgame of lone pieces.
        let positions = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
            "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
            "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
            "3k5/4P4/9/9/2c6/9/9/4C4/3p5/4K4 b - - 0 1",
        ];
        let mut checks = 0;
        for fen in positions {
            let mut pos = Xiangqi::parse_fen(fen).unwrap();
            as_played(&mut pos, 3, &mut checks);
        }
        assert!(checks > 1000, "only {checks} checks seen");
    }
}
