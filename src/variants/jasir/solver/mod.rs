//! The exact solver: every position reachable from a root is enumerated
//! ([`graph`]), then valued by retrograde analysis ([`retro`]); the values
//! and best moves are kept in a [`SolveTable`] that can be saved and loaded
//! ([`table`]).
//!
//! Values are seen from the side to move and ordered: a win with a larger
//! margin (the winner's points) is better than one with a smaller margin,
//! every win is better than a draw, a draw better than any loss, and a loss
//! with a smaller opponent margin better than one with a larger. Both sides
//! play for their own value. A draw is a Jarmo draw by equal points, or
//! endless play (Jasir's sideways steps, Jarmo's backward ones): the rules
//! have no repetition rule, so a game that neither side can force to an end
//! it prefers to endless play never ends; the solver gives it the value of a
//! draw (0 for both). `docs/rules/jasir.md` has the details.

pub mod build;
pub mod check;
mod checkpoint;
pub mod compact;
mod compact_file;
pub mod compare;
pub mod count;
pub mod graph;
pub mod homes;
pub mod index;
pub mod inplace;
pub mod key;
pub mod keymap;
pub mod prove;
pub mod retro;
pub mod table;
pub mod unmove;

pub use compact::CompactTable;
use table::NO_MOVE;
pub use table::{Entry, SolveTable};

use super::moves::Move;
use super::{Jasir, Rules};
use rayon::prelude::*;
use std::time::{Duration, Instant};
use timur_search::Outcome;

/// Most positions [`solve`] enumerates before giving up (about 130 bytes
/// each).
pub const DEFAULT_MAX_POSITIONS: usize = 30_000_000;

/// What the solver is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolvePhase {
    /// Enumerating the reachable positions.
    Enumerate,
    /// A retrograde pass at this threshold has finished.
    Retrograde {
        /// The value threshold of the pass.
        threshold: u32,
    },
    /// Everything is known.
    Done,
}

/// A progress report, handed to the caller's callback now and then.
#[derive(Clone, Copy, Debug)]
pub struct SolveProgress {
    /// The phase.
    pub phase: SolvePhase,
    /// Positions found so far.
    pub positions: usize,
    /// Enumeration: positions expanded; retrograde: positions fixed in the
    /// last pass.
    pub expanded: usize,
    /// Moves (edges) found so far.
    pub edges: usize,
    /// Time since the start.
    pub elapsed: Duration,
}

/// A solved root.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The result under best play, from the root's side to move.
    pub outcome: Outcome,
    /// A best move at the root (`None` if the game is over).
    pub best: Option<Move>,
    /// The winner forces the end within this many plies (0 for a draw).
    pub plies: u32,
    /// Positions reachable from the root.
    pub positions: usize,
    /// Moves between them.
    pub edges: usize,
    /// Time taken.
    pub elapsed: Duration,
    /// Every reachable position's value and best move.
    pub table: SolveTable,
}

/// The solver's answer.
#[derive(Clone, Debug)]
pub enum SolveOutcome {
    /// The root's exact value.
    Solved(Solution),
    /// More positions are reachable than the limit allows.
    TooLarge {
        /// Positions found when the solver stopped.
        positions: usize,
        /// Time taken.
        elapsed: Duration,
    },
}

/// The solver's value of an outcome: `m + 1` for a win with margin `m`,
/// `-(m + 1)` for a loss, 0 for a draw.
pub fn value_of(o: Outcome) -> i8 {
    match o {
        Outcome::Win { margin } => margin.min(100) as i8 + 1,
        Outcome::Loss { margin } => -(margin.min(100) as i8) - 1,
        Outcome::Draw => 0,
    }
}

/// The outcome of a solver value (inverse of [`value_of`]).
pub fn outcome_of(v: i8) -> Outcome {
    match v {
        0 => Outcome::Draw,
        v if v > 0 => Outcome::Win {
            margin: (v - 1) as u32,
        },
        v => Outcome::Loss {
            margin: (-v - 1) as u32,
        },
    }
}

/// Solves `pos` exactly with the default position limit.
pub fn solve(pos: &Jasir, progress: &mut dyn FnMut(&SolveProgress)) -> SolveOutcome {
    solve_with_limit(pos, DEFAULT_MAX_POSITIONS, progress)
}

/// Solves `pos` exactly, giving up when more than `max_positions` positions
/// are reachable.
pub fn solve_with_limit(
    pos: &Jasir,
    max_positions: usize,
    progress: &mut dyn FnMut(&SolveProgress),
) -> SolveOutcome {
    solve_roots(std::slice::from_ref(pos), max_positions, progress)
}

/// Enumerates every position reachable from the root keys (the first is
/// node 0) and values them; `Err(positions)` past `max_positions`.
pub(crate) fn solve_graph(
    roots: &[u128],
    rules: Rules,
    max_positions: usize,
    progress: &mut dyn FnMut(&SolveProgress),
    clock: Instant,
) -> Result<(graph::StateGraph, retro::Values), usize> {
    let g = graph::enumerate(roots, rules, max_positions, progress, clock)?;
    let values = retro::solve_values(&g, progress, clock);
    Ok((g, values))
}

/// Solves every position reachable from any of `roots` (one game, at least
/// one root) in one graph; the [`Solution`]'s result and best move are those
/// of `roots[0]`, its table holds them all.
pub fn solve_roots(
    roots: &[Jasir],
    max_positions: usize,
    progress: &mut dyn FnMut(&SolveProgress),
) -> SolveOutcome {
    let clock = Instant::now();
    let rules = roots[0].rules();
    let keys: Vec<u128> = roots
        .iter()
        .map(|pos| key::encode(pos.state(), rules))
        .collect();
    let (g, values) = match solve_graph(&keys, rules, max_positions, progress, clock) {
        Ok(solved) => solved,
        Err(positions) => {
            return SolveOutcome::TooLarge {
                positions,
                elapsed: clock.elapsed(),
            }
        }
    };
    let best: Vec<u16> = (0..g.nodes())
        .into_par_iter()
        .map(|i| retro::best_edge(&g, &values, i).map_or(NO_MOVE, |e| g.moves[e]))
        .collect();
    let positions = g.nodes();
    let edges = g.children.len();
    let root_best = (best[0] != NO_MOVE)
        .then(|| Move::from_code(u32::from(best[0])))
        .flatten();
    let outcome = outcome_of(values.value[0]);
    let plies = values.depth[0];
    progress(&SolveProgress {
        phase: SolvePhase::Done,
        positions,
        expanded: positions,
        edges,
        elapsed: clock.elapsed(),
    });
    let table = SolveTable::new(g.index, values.value, values.depth, best);
    SolveOutcome::Solved(Solution {
        outcome,
        best: root_best,
        plies,
        positions,
        edges,
        elapsed: clock.elapsed(),
        table,
    })
}
