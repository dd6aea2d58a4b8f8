//! Static evaluation: material and piece-square tables, tapered between the
//! middlegame and the endgame by the material left, plus a bishop-pair bonus.
//! Values in centipawns; tables are from White's side (a1 = index 0).

use super::position::Chess;
use super::types::Kind;
use crate::bitboard::Bits;
use timur_search::Color;

/// Material value of each kind (king 0), middlegame and endgame.
const VALUE_MG: [i32; 6] = [100, 320, 330, 500, 950, 0];
const VALUE_EG: [i32; 6] = [120, 300, 320, 540, 980, 0];

/// Contribution of each kind to the game phase (24 = all pieces on).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

#[rustfmt::skip]
const PAWN: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10,-20,-20, 10, 10,  5,
     5, -5,-10,  0,  0,-10, -5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5,  5, 10, 25, 25, 10,  5,  5,
    10, 10, 20, 30, 30, 20, 10, 10,
    50, 50, 50, 50, 50, 50, 50, 50,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
     5,  5,  5,  5,  5,  5,  5,  5,
    10, 10, 10, 10, 10, 10, 10, 10,
    25, 25, 25, 25, 25, 25, 25, 25,
    50, 50, 50, 50, 50, 50, 50, 50,
    90, 90, 90, 90, 90, 90, 90, 90,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT: [i32; 64] = [
   -50,-40,-30,-30,-30,-30,-40,-50,
   -40,-20,  0,  5,  5,  0,-20,-40,
   -30,  5, 10, 15, 15, 10,  5,-30,
   -30,  0, 15, 20, 20, 15,  0,-30,
   -30,  5, 15, 20, 20, 15,  5,-30,
   -30,  0, 10, 15, 15, 10,  0,-30,
   -40,-20,  0,  0,  0,  0,-20,-40,
   -50,-40,-30,-30,-30,-30,-40,-50,
];
#[rustfmt::skip]
const BISHOP: [i32; 64] = [
   -20,-10,-10,-10,-10,-10,-10,-20,
   -10,  5,  0,  0,  0,  0,  5,-10,
   -10, 10, 10, 10, 10, 10, 10,-10,
   -10,  0, 10, 10, 10, 10,  0,-10,
   -10,  5,  5, 10, 10,  5,  5,-10,
   -10,  0,  5, 10, 10,  5,  0,-10,
   -10,  0,  0,  0,  0,  0,  0,-10,
   -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const ROOK: [i32; 64] = [
     0,  0,  0,  5,  5,  0,  0,  0,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     5, 10, 10, 10, 10, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN: [i32; 64] = [
   -20,-10,-10, -5, -5,-10,-10,-20,
   -10,  0,  5,  0,  0,  0,  0,-10,
   -10,  5,  5,  5,  5,  5,  0,-10,
     0,  0,  5,  5,  5,  5,  0, -5,
    -5,  0,  5,  5,  5,  5,  0, -5,
   -10,  0,  5,  5,  5,  5,  0,-10,
   -10,  0,  0,  0,  0,  0,  0,-10,
   -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    20, 30, 10,  0,  0, 10, 30, 20,
    20, 20,  0,  0,  0,  0, 20, 20,
   -10,-20,-20,-20,-20,-20,-20,-10,
   -20,-30,-30,-40,-40,-30,-30,-20,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
   -30,-40,-40,-50,-50,-40,-40,-30,
];
#[rustfmt::skip]
const KING_EG: [i32; 64] = [
   -50,-30,-30,-30,-30,-30,-30,-50,
   -30,-30,  0,  0,  0,  0,-30,-30,
   -30,-10, 20, 30, 30, 20,-10,-30,
   -30,-10, 30, 40, 40, 30,-10,-30,
   -30,-10, 30, 40, 40, 30,-10,-30,
   -30,-10, 20, 30, 30, 20,-10,-30,
   -30,-20,-10,  0,  0,-10,-20,-30,
   -50,-40,-30,-20,-20,-30,-40,-50,
];

fn tables(kind: Kind) -> (&'static [i32; 64], &'static [i32; 64]) {
    match kind {
        Kind::Pawn => (&PAWN, &PAWN_EG),
        Kind::Knight => (&KNIGHT, &KNIGHT),
        Kind::Bishop => (&BISHOP, &BISHOP),
        Kind::Rook => (&ROOK, &ROOK),
        Kind::Queen => (&QUEEN, &QUEEN),
        Kind::King => (&KING_MG, &KING_EG),
    }
}

/// Tempo bonus for the side to move.
const TEMPO: i32 = 10;
/// Bonus for holding both bishops.
const BISHOP_PAIR: i32 = 30;

impl Chess {
    /// Static evaluation in centipawns from the side to move's view.
    pub fn static_eval(&self) -> i32 {
        let (mut mg, mut eg, mut phase) = (0i32, 0i32, 0i32);
        for color in [Color::White, Color::Black] {
            let sign = if color == Color::White { 1 } else { -1 };
            for kind in Kind::ALL {
                let (table_mg, table_eg) = tables(kind);
                for sq in self.pieces(color, kind).squares() {
                    // Tables are from White's side: mirror the rank for Black.
                    let index = if color == Color::White {
                        sq as usize
                    } else {
                        (sq ^ 56) as usize
                    };
                    mg += sign * (VALUE_MG[kind.index()] + table_mg[index]);
                    eg += sign * (VALUE_EG[kind.index()] + table_eg[index]);
                    phase += PHASE[kind.index()];
                }
            }
            if self.pieces(color, Kind::Bishop).count_ones() >= 2 {
                mg += sign * BISHOP_PAIR;
                eg += sign * BISHOP_PAIR;
            }
        }
        let phase = phase.min(24);
        let score = (mg * phase + eg * (24 - phase)) / 24;
        let from_white = if self.side == Color::White {
            score
        } else {
            -score
        };
        from_white + TEMPO
    }

    /// Whether neither side can ever mate (bare kings, or one minor piece).
    pub fn insufficient_material(&self) -> bool {
        let heavy = self.by_kind[Kind::Pawn.index()]
            | self.by_kind[Kind::Rook.index()]
            | self.by_kind[Kind::Queen.index()];
        let minors = self.by_kind[Kind::Knight.index()] | self.by_kind[Kind::Bishop.index()];
        heavy == 0 && minors.count() <= 1
    }
}
