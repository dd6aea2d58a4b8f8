//! Static evaluation: material plus piece-square tables for every piece,
//! a few defensive terms and a tempo bonus; centipawns from the side to
//! move's view.

use super::board::{Kind, FILES, SQUARES};
use super::position::Xiangqi;
use timur_search::Color;

/// Material values by kind (the general's is only a placeholder: it is never
/// traded). The soldier gets another [`SOLDIER_CROSSED`] across the river.
pub const MATERIAL: [i32; 7] = [0, 200, 200, 400, 950, 450, 100];

/// Extra value of a soldier that has crossed the river.
pub const SOLDIER_CROSSED: i32 = 100;

/// Bonus for the side to move.
const TEMPO: i32 = 10;

/// Bonus per advisor or elephant while the opponent keeps attackers.
const DEFENDER: i32 = 15;

/// Positional bonus of Red's `kind` on (`file`, `rank`); Black's mirrors the
/// rank.
const fn positional(kind: Kind, file: i32, rank: i32) -> i32 {
    let center = 4 - if file > 4 { file - 4 } else { 4 - file }; // 0 (edge) ..= 4 (e file)
    match kind {
        Kind::General => {
            let home = if file == 4 { 10 } else { 0 };
            home - 10 * rank
        }
        Kind::Advisor => {
            if file == 4 && rank == 1 {
                10
            } else {
                0
            }
        }
        Kind::Elephant => {
            if file == 4 && rank == 2 {
                10
            } else if rank == 0 && (file == 2 || file == 6) {
                0
            } else {
                -5
            }
        }
        Kind::Horse => {
            let edge = if file == 0 || file == 8 { -15 } else { 0 };
            let forward = if rank >= 2 && rank <= 7 { 4 * rank } else { 0 };
            5 * center + edge + forward - if rank == 9 { 20 } else { 0 }
        }
        Kind::Chariot => {
            let advanced = if rank >= 5 { 10 } else { 0 };
            let open = if rank == 3 || rank == 6 { 5 } else { 0 };
            2 * center + advanced + open
        }
        Kind::Cannon => {
            let central = if file == 4 { 20 } else { 3 * center };
            let deep = if rank >= 7 { 5 } else { 0 };
            central + deep
        }
        Kind::Soldier => {
            if rank <= 4 {
                if rank == 4 {
                    10
                } else {
                    0
                }
            } else {
                let advance = match rank {
                    5 => 0,
                    6 => 20,
                    7 => 30,
                    8 => 20,
                    _ => -40,
                };
                let central = if file >= 3 && file <= 5 { 10 } else { 0 };
                SOLDIER_CROSSED + advance + central
            }
        }
    }
}

const fn tables() -> [[[i32; SQUARES]; 7]; 2] {
    let mut table = [[[0; SQUARES]; 7]; 2];
    let mut k = 0;
    while k < 7 {
        let kind = Kind::ALL[k];
        let mut sq = 0;
        while sq < SQUARES {
            let file = (sq % FILES) as i32;
            let rank = (sq / FILES) as i32;
            table[0][k][sq] = MATERIAL[k] + positional(kind, file, rank);
            table[1][k][sq] = MATERIAL[k] + positional(kind, file, 9 - rank);
            sq += 1;
        }
        k += 1;
    }
    table
}

/// Material plus position: `[color][kind][square]`.
pub static PIECE_SQUARE: [[[i32; SQUARES]; 7]; 2] = tables();

impl Xiangqi {
    /// The score of `color`'s pieces.
    fn side_score(&self, color: Color) -> i32 {
        let mut score = 0;
        for kind in Kind::ALL {
            let mut bb = self.pieces(color, kind);
            while bb != 0 {
                let sq = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                score += PIECE_SQUARE[color.index()][kind.index()][sq];
            }
        }
        let them = color.flip();
        let attackers = self.pieces(them, Kind::Chariot)
            | self.pieces(them, Kind::Horse)
            | self.pieces(them, Kind::Cannon);
        if attackers != 0 {
            let defenders = (self.pieces(color, Kind::Advisor)
                | self.pieces(color, Kind::Elephant))
            .count_ones();
            score += DEFENDER * defenders as i32;
        }
        score
    }

    /// The static evaluation from the side to move's view.
    pub fn static_eval(&self) -> i32 {
        let us = self.side();
        self.side_score(us) - self.side_score(us.flip()) + TEMPO
    }
}
