//! Static exchange evaluation: whether a move wins at least a given amount
//! once every capture on its point has been played out, least valuable
//! attacker first. The attackers are found again after every capture, so
//! cannon screens that appear or vanish and chariots behind chariots are
//! counted; pins and the facing generals are ignored.

use super::attacks::{
    cannon_captures, rook_attacks, ADVISOR, ELEPHANT, GENERAL, HORSE_CHECKS, PAWN_ATTACKERS,
};
use super::board::{bit, color_of, kind_index, Bitboard, Kind, EMPTY, FILES};
use super::moves::Move;
use super::position::Xiangqi;
use timur_search::Color;

/// Exchange values of the kinds (the general's: more than all the rest).
const SEE_VALUE: [i32; 7] = [20_000, 200, 200, 400, 900, 450, 100];

impl Xiangqi {
    /// Every piece of either side on `occ` that attacks point `sq`;
    /// `file_occ` is `occ` on `sq`'s file (bit r = rank r).
    fn attackers_to(&self, sq: usize, occ: Bitboard, file_occ: u16) -> Bitboard {
        let kind = |k: Kind| self.by_kind[k.index()] & occ;
        let soldiers = kind(Kind::Soldier);
        (PAWN_ATTACKERS[0][sq] & soldiers & self.by_color[0])
            | (PAWN_ATTACKERS[1][sq] & soldiers & self.by_color[1])
            | (HORSE_CHECKS[sq].attacks(occ) & kind(Kind::Horse))
            | (rook_attacks(sq, occ, file_occ) & kind(Kind::Chariot))
            | (cannon_captures(sq, occ, file_occ) & kind(Kind::Cannon))
            | (ELEPHANT[sq].attacks(occ) & kind(Kind::Elephant))
            | (ADVISOR[sq] & kind(Kind::Advisor))
            | (GENERAL[sq] & kind(Kind::General))
    }

    /// Whether playing `mv` and the best exchange on its point that
    /// follows win at least `threshold` centipawns for the mover.
    pub fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        let (from, to) = (mv.from_index(), mv.to_index());
        let mover = self.piece_at(from);
        if mover == EMPTY {
            return true;
        }
        let target = self.piece_at(to);
        let captured = if target == EMPTY {
            0
        } else {
            SEE_VALUE[kind_index(target)]
        };
        let mut swap = captured - threshold;
        if swap < 0 {
            return false;
        }
        swap = SEE_VALUE[kind_index(mover)] - swap;
        if swap <= 0 {
            return true;
        }
        // The mover now stands on `to`: it is no longer on `from`, and it
        // screens cannons as the captured piece did.
        let mut occ = (self.occupied() & !bit(from)) | bit(to);
        let file = to % FILES;
        let rank_bit = |sq: usize| 1u16 << (sq / FILES);
        let mut file_occ = self.file_occ[file] | rank_bit(to);
        if from % FILES == file {
            file_occ &= !rank_bit(from);
        }
        let mut side: Color = color_of(mover);
        let mut wins = true;
        loop {
            side = side.flip();
            let attackers = self.attackers_to(to, occ, file_occ) & occ & !bit(to);
            let ours = attackers & self.by_color[side.index()];
            if ours == 0 {
                break;
            }
            wins = !wins;
            let Some(kind) = [
                Kind::Soldier,
                Kind::Advisor,
                Kind::Elephant,
                Kind::Horse,
                Kind::Cannon,
                Kind::Chariot,
                Kind::General,
            ]
            .into_iter()
            .find(|k| ours & self.by_kind[k.index()] != 0) else {
                break;
            };
            if kind == Kind::General {
                // The general may only take last.
                let others = attackers & self.by_color[side.flip().index()];
                return if others != 0 { !wins } else { wins };
            }
            swap = SEE_VALUE[kind.index()] - swap;
            if swap < i32::from(wins) {
                break;
            }
            let pieces = ours & self.by_kind[kind.index()];
            let taker = pieces & pieces.wrapping_neg();
            occ &= !taker;
            let square = taker.trailing_zeros() as usize;
            if square % FILES == file {
                file_occ &= !rank_bit(square);
            }
        }
        wins
    }
}

#[cfg(test)]
mod tests {
    use crate::variants::xiangqi::Xiangqi;
    use crate::variants::{Notation, Variant};

    fn see(fen: &str, text: &str, threshold: i32) -> bool {
        let pos = Xiangqi::from_fen(fen).unwrap();
        let mv = pos.parse_move(text, Notation::default()).unwrap();
        pos.see_at_least(mv, threshold)
    }

    #[test]
    fn exchanges() {
        // The start: the cannon jumps the b7 cannon to take the horse on b9,
        // and the chariot on a9 takes it back (400 - 450).
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert!(see(start, "b2b9", -50));
        assert!(!see(start, "b2b9", -49));
        assert!(see(start, "b0c2", 0), "a quiet, safe move");
        // A chariot takes a soldier guarded by a horse (leg d6 free).
        let fen = "4k4/9/3n5/9/4p4/9/9/9/4R4/3K5 w - - 0 1";
        assert!(see(fen, "e1e5", -800));
        assert!(!see(fen, "e1e5", -799));
        // Once the chariot has left e3, the cannon on e0 has the advisor on
        // e1 as its only screen and takes back: 100 - 900 + 900.
        let fen = "3k5/4r4/9/9/4p4/9/4R4/9/4A4/4CK3 w - - 0 1";
        assert!(see(fen, "e3e5", 100));
        assert!(!see(fen, "e3e5", 101));
    }
}
