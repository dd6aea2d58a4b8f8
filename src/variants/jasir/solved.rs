//! What the engine plays from a table of solved positions (`timur solve
//! --save`): the best move at once, with its exact score.

use super::solver::SolveTable;
use super::Jasir;
use crate::variants::{Notation, Variant};
use timur_search::{Outcome, Score};

/// The solved answer for `pos`, if `table` knows it: the best move as text
/// in `notation`, its score and the plies to the end.
pub fn answer(table: &SolveTable, pos: &Jasir, notation: Notation) -> Option<(String, Score, u32)> {
    let entry = table.probe(pos)?;
    let best = entry.best?;
    let moves = entry.plies.div_ceil(2) as i32;
    let score = match entry.outcome {
        Outcome::Win { margin } => Score::Mate { moves, margin },
        Outcome::Loss { margin } => Score::Mate {
            moves: -moves,
            margin,
        },
        Outcome::Draw => Score::Cp(0),
    };
    Some((pos.format_move(best, notation), score, entry.plies))
}
