//! Static evaluation: a sum of linear terms (`terms.rs`) weighted by
//! fitted middlegame/endgame pairs (`weights.rs`), tapered by the attacking
//! material left; centipawns from the side to move's view.

mod terms;
mod weights;

use super::position::Xiangqi;
use crate::variants::eval_table::{first_side_view, linear_table, EvalTable};
use crate::variants::terms::{Group, LinearEval, Pair, TermSink};
use crate::variants::Variant;
pub use weights::WEIGHTS;

// Every term has its weight: a tuner output of the wrong length fails here.
const _: () = assert!(WEIGHTS.len() == terms::COUNT);

/// Material values by kind for move ordering (the general's is only a
/// placeholder: it is never traded).
pub const MATERIAL: [i32; 7] = [0, 200, 200, 400, 950, 450, 100];

impl LinearEval for Xiangqi {
    const PHASE_MAX: i32 = terms::PHASE_MAX;

    fn weights() -> &'static [Pair] {
        &WEIGHTS
    }

    fn groups() -> &'static [Group] {
        &terms::GROUPS
    }

    fn phase(&self) -> i32 {
        Xiangqi::phase(self)
    }

    fn terms<S: TermSink>(&self, sink: &mut S) {
        self.eval_terms(sink);
    }
}

/// The `eval` table's rows: each row's name and first term, in term order.
const TABLE_ROWS: [(&str, usize); 10] = [
    ("Material", terms::MATERIAL),
    ("Point tables", terms::PST),
    ("Mobility", terms::MOBILITY_HORSE),
    ("Palace attack", terms::PALACE_ATTACK),
    ("Defenders", terms::DEFENDERS),
    ("Cannons", terms::CENTRAL_CANNON),
    ("Linked soldiers", terms::LINKED_SOLDIERS),
    ("Advisors vs cannons", terms::CANNONS_VS_MISSING_ADVISORS),
    ("Threats and checks", terms::HANGING),
    ("Tempo", terms::TEMPO),
];

impl Xiangqi {
    /// The static evaluation term by term, and the network's value when
    /// it is on (the `eval` command).
    pub fn term_table(&self) -> EvalTable {
        let mut table = linear_table(self, &TABLE_ROWS, ["Red", "Black"]);
        let network = self.for_search().network_eval();
        table.network = network.map(|v| first_side_view(self.side, v));
        table
    }

    /// The static evaluation from the side to move's view.
    pub fn static_eval(&self) -> i32 {
        self.mover_eval()
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
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
                "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 1 1",
            ),
            (
                "4k4/4a4/9/3PP4/9/9/9/9/4C4/3K5 w - - 0 1",
                "3k5/4c4/9/9/9/9/3pp4/9/4A4/4K4 b - - 0 1",
            ),
        ];
        for (red, black) in pairs {
            let a = Xiangqi::from_fen(red).unwrap();
            let b = Xiangqi::from_fen(black).unwrap();
            assert_eq!(a.static_eval(), b.static_eval(), "{red}");
        }
    }

    #[test]
    fn an_extra_chariot_is_worth_a_lot() {
        let up = Xiangqi::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1").unwrap();
        assert!(up.static_eval() > 500);
    }
}
