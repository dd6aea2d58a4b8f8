//! Search values: centipawns, and decided games encoded so that a plain
//! integer comparison ranks them.
//!
//! A decided value is `±win_value(ply, margin)`: a win for the side to move
//! that the game's rules declare at `ply` plies from the root with the
//! [`Outcome`] margin `margin`. The margin is the major key and the distance
//! the minor one, so the winner prefers the larger margin first and the
//! shorter win second; negamax makes the loser prefer the smaller margin
//! first and the longer resistance second.
//!
//! Just below them lie the table wins, `±table_win_value(ply)`: a win an
//! endgame table proves at `ply` without saying how far the mate is
//! ([`crate::Solved::Proven`]). They are decided values too (no pruning
//! guesses past them), rank below every win of known length and above every
//! evaluation, and are reported as Stockfish reports them: `cp 20000 - ply`.

use crate::game::{Outcome, MAX_MARGIN};

/// Deepest ply the search stacks hold.
pub(crate) const MAX_PLY: usize = 128;
/// Larger than any value: the initial window.
pub(crate) const INFINITY: i32 = 32_000;
/// The smallest value of a win of known length.
pub(crate) const WIN_BASE: i32 = 28_000;
/// The smallest table win; everything at or above is a decided value.
pub(crate) const TABLE_WIN_BASE: i32 = WIN_BASE - SLOT;
/// A table win at the root, as reported (Stockfish's `cp 20000`).
pub const TABLE_WIN_CP: i32 = 20_000;
/// Static evaluations are clamped into `-EVAL_LIMIT..=EVAL_LIMIT`.
pub(crate) const EVAL_LIMIT: i32 = 20_000;

const SLOT: i32 = MAX_PLY as i32;

// Evaluations stay below decided values, and every value fits the table's i16.
const _: () = assert!(EVAL_LIMIT < TABLE_WIN_BASE);
const _: () = assert!(WIN_BASE + (MAX_MARGIN as i32 + 1) * SLOT <= INFINITY);
const _: () = assert!(INFINITY <= i16::MAX as i32);

/// A search result as the protocols report it, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// A decided game.
    Mate {
        /// `> 0`: the side to move wins in this many full moves; `< 0`: it
        /// loses in `-moves`; `0`: the game is already over at the root.
        moves: i32,
        /// The winner's [`Outcome`] margin (0 in games without scores).
        margin: u32,
    },
}

/// The value of a win for the side to move at `ply` with `margin`.
pub(crate) fn win_value(ply: usize, margin: u32) -> i32 {
    let ply = ply.min(MAX_PLY - 1) as i32;
    WIN_BASE + margin.min(MAX_MARGIN) as i32 * SLOT + (SLOT - 1 - ply)
}

/// The value of a table win for the side to move found at `ply`.
pub(crate) fn table_win_value(ply: usize) -> i32 {
    WIN_BASE - 1 - ply.min(MAX_PLY - 1) as i32
}

/// Whether `value` is a decided game (a win or a loss, of known length or
/// proven by a table).
pub(crate) fn is_decided(value: i32) -> bool {
    value.abs() >= TABLE_WIN_BASE
}

/// Whether `value` is a table win or loss.
fn is_table_value(value: i32) -> bool {
    (TABLE_WIN_BASE..WIN_BASE).contains(&value.abs())
}

/// The ply a table value was found at.
fn table_ply(value: i32) -> usize {
    (WIN_BASE - 1 - value.abs()) as usize
}

/// The `(ply, margin)` of a decided value.
fn decode(value: i32) -> (usize, u32) {
    let rest = value.abs().clamp(WIN_BASE, win_value(0, MAX_MARGIN)) - WIN_BASE;
    ((SLOT - 1 - rest % SLOT) as usize, (rest / SLOT) as u32)
}

/// The value of a game that ends at `ply` with `outcome` (side to move's view).
pub(crate) fn outcome_value(outcome: Outcome, ply: usize) -> i32 {
    match outcome {
        Outcome::Win { margin } => win_value(ply, margin),
        Outcome::Loss { margin } => -win_value(ply, margin),
        Outcome::Draw => 0,
    }
}

/// A value found at `ply`, rewritten as a distance from this node for the
/// transposition table.
pub(crate) fn value_to_tt(value: i32, ply: usize) -> i32 {
    if !is_decided(value) {
        return value;
    }
    if is_table_value(value) {
        return value.signum() * table_win_value(table_ply(value).saturating_sub(ply));
    }
    let (at, margin) = decode(value);
    value.signum() * win_value(at.saturating_sub(ply), margin)
}

/// The inverse of [`value_to_tt`] for a node at `ply`.
pub(crate) fn value_from_tt(value: i32, ply: usize) -> i32 {
    if !is_decided(value) {
        return value;
    }
    if is_table_value(value) {
        return value.signum() * table_win_value(table_ply(value) + ply);
    }
    let (distance, margin) = decode(value);
    value.signum() * win_value(distance + ply, margin)
}

/// A root value as a [`Score`].
pub(crate) fn to_score(value: i32) -> Score {
    if !is_decided(value) {
        return Score::Cp(value);
    }
    if is_table_value(value) {
        return Score::Cp(value.signum() * (TABLE_WIN_CP - table_ply(value) as i32));
    }
    let (ply, margin) = decode(value);
    let moves = ply.div_ceil(2) as i32;
    Score::Mate {
        moves: if value > 0 { moves } else { -moves },
        margin,
    }
}

/// A root outcome (the game is over before any move) as a [`Score`].
pub(crate) fn outcome_score(outcome: Outcome) -> Score {
    match outcome {
        Outcome::Win { margin } | Outcome::Loss { margin } => Score::Mate {
            moves: 0,
            margin: margin.min(MAX_MARGIN),
        },
        Outcome::Draw => Score::Cp(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn wins_rank_by_margin_then_distance(p1 in 0..MAX_PLY, m1 in 0..=MAX_MARGIN, p2 in 0..MAX_PLY, m2 in 0..=MAX_MARGIN) {
            let (a, b) = (win_value(p1, m1), win_value(p2, m2));
            prop_assert_eq!(a.cmp(&b), (m1, p2).cmp(&(m2, p1)));
            prop_assert!(is_decided(a) && is_decided(-a) && a < INFINITY);
        }

        #[test]
        fn table_values_round_trip(found in 0..MAX_PLY, node in 0..MAX_PLY, margin in 0..=MAX_MARGIN, loss: bool, cp in -EVAL_LIMIT..=EVAL_LIMIT) {
            let node = node.min(found);
            let v = if loss { -win_value(found, margin) } else { win_value(found, margin) };
            prop_assert_eq!(value_from_tt(value_to_tt(v, node), node), v);
            prop_assert_eq!(value_from_tt(value_to_tt(cp, node), node), cp);
            prop_assert!(!is_decided(cp));
        }
    }

    #[test]
    fn table_wins_lie_between_evaluations_and_mates() {
        let deepest_mate = win_value(MAX_PLY - 1, 0);
        for ply in [0, 1, 40, MAX_PLY - 1, MAX_PLY + 5] {
            let v = table_win_value(ply);
            assert!(EVAL_LIMIT < v && v < deepest_mate, "ply {ply}: {v}");
            assert!(is_decided(v) && is_decided(-v) && is_table_value(-v));
        }
        assert!(
            table_win_value(3) > table_win_value(9),
            "the sooner the better"
        );
        assert!(!is_table_value(deepest_mate) && !is_table_value(EVAL_LIMIT));
        for (found, node) in [(7usize, 2usize), (4, 4), (60, 0)] {
            for sign in [1, -1] {
                let v = sign * table_win_value(found);
                let stored = value_to_tt(v, node);
                assert_eq!(value_from_tt(stored, node), v);
                assert_eq!(
                    value_from_tt(stored, node + 3),
                    sign * table_win_value(found + 3)
                );
            }
        }
        assert_eq!(to_score(table_win_value(0)), Score::Cp(20_000));
        assert_eq!(to_score(-table_win_value(5)), Score::Cp(-19_995));
    }

    #[test]
    fn larger_margin_beats_shorter_win() {
        assert!(win_value(40, 3) > win_value(1, 2));
        assert!(win_value(3, 2) > win_value(5, 2));
        assert!(
            -win_value(9, 0) > -win_value(2, 0),
            "the loser prefers the longer resistance"
        );
        assert!(win_value(MAX_PLY, MAX_MARGIN) < INFINITY);
        assert!(win_value(MAX_PLY - 1, 0) == WIN_BASE);
    }

    #[test]
    fn tt_round_trip_keeps_distance_and_margin() {
        for margin in [0, 1, 7, MAX_MARGIN] {
            for (found, node) in [(5usize, 2usize), (9, 9), (30, 1)] {
                for sign in [1, -1] {
                    let v = sign * win_value(found, margin);
                    let stored = value_to_tt(v, node);
                    assert_eq!(value_from_tt(stored, node), v);
                    // Reached again four plies deeper: the same distance.
                    assert_eq!(
                        value_from_tt(stored, node + 4),
                        sign * win_value(found + 4, margin)
                    );
                }
            }
        }
        assert_eq!(value_to_tt(123, 7), 123);
        assert_eq!(value_from_tt(-45, 7), -45);
    }

    #[test]
    fn scores_count_full_moves() {
        assert_eq!(
            to_score(win_value(1, 0)),
            Score::Mate {
                moves: 1,
                margin: 0
            }
        );
        assert_eq!(
            to_score(win_value(3, 4)),
            Score::Mate {
                moves: 2,
                margin: 4
            }
        );
        assert_eq!(
            to_score(-win_value(2, 0)),
            Score::Mate {
                moves: -1,
                margin: 0
            }
        );
        assert_eq!(
            to_score(-win_value(4, 5)),
            Score::Mate {
                moves: -2,
                margin: 5
            }
        );
        assert_eq!(to_score(-37), Score::Cp(-37));
        assert_eq!(outcome_value(Outcome::Draw, 3), 0);
        assert_eq!(
            outcome_score(Outcome::Loss { margin: 2 }),
            Score::Mate {
                moves: 0,
                margin: 2
            }
        );
    }
}
