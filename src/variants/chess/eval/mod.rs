//! Static evaluation: a sum of linear terms (`terms.rs`) weighted by
//! fitted middlegame/endgame pairs (`weights.rs`), tapered by the material
//! left; centipawns from the side to move's view.

mod terms;
mod weights;

use super::position::Chess;
use super::types::Kind;
use crate::bitboard::Bits;
use crate::variants::eval_table::{first_side_view, linear_table, EvalTable};
use crate::variants::terms::{Group, LinearEval, Pair, TermSink};
use crate::variants::Variant;
pub use weights::WEIGHTS;

// Every term has its weight: a tuner output of the wrong length fails here.
const _: () = assert!(WEIGHTS.len() == terms::COUNT);

impl LinearEval for Chess {
    const PHASE_MAX: i32 = terms::PHASE_MAX;

    fn weights() -> &'static [Pair] {
        &WEIGHTS
    }

    fn groups() -> &'static [Group] {
        &terms::GROUPS
    }

    fn phase(&self) -> i32 {
        Chess::phase(self)
    }

    fn terms<S: TermSink>(&self, sink: &mut S) {
        self.eval_terms(sink);
    }
}

/// The `eval` table's rows: each row's name and first term, in term order.
const TABLE_ROWS: [(&str, usize); 10] = [
    ("Material", terms::MATERIAL),
    ("Piece squares", terms::PST),
    ("Mobility", terms::MOBILITY_KNIGHT),
    ("Passed pawns", terms::PASSED),
    ("Pawn structure", terms::DOUBLED),
    ("Rooks on files", terms::ROOK_OPEN),
    ("King safety", terms::KING_SHIELD),
    ("Threats", terms::THREAT_BY_PAWN),
    ("Bishop pair", terms::BISHOP_PAIR),
    ("Tempo", terms::TEMPO),
];

impl Chess {
    /// The static evaluation term by term, and the network's value when
    /// it is on (the `eval` command).
    pub fn term_table(&self) -> EvalTable {
        let mut table = linear_table(self, &TABLE_ROWS, ["White", "Black"]);
        let network = self.for_search().network_eval();
        table.network = network.map(|v| first_side_view(self.side, v));
        table
    }

    /// Static evaluation in centipawns from the side to move's view.
    pub fn static_eval(&self) -> i32 {
        self.mover_eval()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    #[test]
    fn mirrored_positions_evaluate_alike() {
        let pairs = [
            (
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
            ),
            (
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "8/4p1p1/8/1r3P1K/kp5R/3P4/2P5/8 b - - 0 1",
            ),
        ];
        for (white, black) in pairs {
            let a = Chess::from_fen(white).unwrap();
            let b = Chess::from_fen(black).unwrap();
            assert_eq!(a.static_eval(), b.static_eval(), "{white}");
        }
    }

    #[test]
    fn an_extra_queen_is_worth_a_lot() {
        let up = Chess::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(up.static_eval() > 600);
        let down = Chess::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
        assert!(down.static_eval() < -600);
    }
}
