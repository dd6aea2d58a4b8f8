//! The one judge of a game's end: [`judge`] reads a position and the keys
//! of the positions before it and says who won and why. Every place that
//! ends a game — the XBoard result line, UCI/UCCI `info string game over`,
//! the match referee and its PGN, the GUI, self-play — formats this one
//! [`Verdict`].
//!
//! The order is the search's: a rule end of the position itself, then a
//! third occurrence of the position (in the games whose rules end there,
//! [`Variant::REPETITION_ENDS_GAME`]), then "no legal move". The games say
//! only what is theirs: their [`Game`] outcomes and, through
//! [`Variant::rule_reason`] and [`Variant::no_moves_reason`], why.

use super::Variant;
use std::fmt;
use timur_search::{Color, Cycle, HistoryEntry, MoveList, Outcome};

/// How often a position must occur (this time included) to end the game.
pub const REPETITIONS: usize = 3;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// No legal move, in check.
    Checkmate,
    /// No legal move, not in check (a draw in chess, a loss elsewhere).
    Stalemate,
    /// The third occurrence of a position, nobody to blame.
    Repetition,
    /// A repetition in which one side checked with every move; it loses.
    PerpetualCheck,
    /// A repetition in which one side alone chased; it loses.
    PerpetualChase,
    /// Fifty moves of each side without a capture or pawn move.
    FiftyMoves,
    /// Sixty moves of each side without a capture.
    SixtyMoves,
    /// Neither side can ever mate.
    InsufficientMaterial,
    /// A royal entered the enemy citadel.
    Citadel,
    /// The game was scored: White's points, Black's points.
    Points([u32; 2]),
    /// A flag fell: the other side wins, or draws when it could not win at
    /// all ([`Variant::can_win`]). Only a timed game (the GUI's clocks)
    /// ends so; the match referee names its forfeits itself.
    Time,
}

/// A finished game: who won and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// The winner; `None` is a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Verdict {
    /// A verdict from an [`Outcome`] seen by `mover`, the side to move.
    pub fn from_outcome(outcome: Outcome, mover: Color, reason: Reason) -> Verdict {
        let winner = match outcome {
            Outcome::Win { .. } => Some(mover),
            Outcome::Loss { .. } => Some(mover.flip()),
            Outcome::Draw => None,
        };
        Verdict { winner, reason }
    }

    /// The result as PGN and XBoard write it: `1-0`, `0-1`, `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// The reason in words, e.g. `White mates`, `Perpetual chase`, `White wins
/// 2-0`: the one text every output shows.
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.winner {
            Some(Color::White) => "White",
            Some(Color::Black) => "Black",
            None => "Nobody",
        };
        match self.reason {
            Reason::Checkmate => write!(f, "{side} mates"),
            Reason::Stalemate if self.winner.is_none() => f.write_str("Stalemate"),
            Reason::Stalemate => write!(f, "{side} wins by stalemate"),
            Reason::Repetition => f.write_str("Draw by repetition"),
            Reason::PerpetualCheck => f.write_str("Perpetual check"),
            Reason::PerpetualChase => f.write_str("Perpetual chase"),
            Reason::FiftyMoves => f.write_str("Draw by 50-move rule"),
            Reason::SixtyMoves => f.write_str("Draw by 60-move rule"),
            Reason::InsufficientMaterial => f.write_str("Insufficient material"),
            Reason::Citadel => f.write_str("Draw by citadel"),
            Reason::Points([white, black]) if self.winner.is_none() => {
                write!(f, "Draw {white}-{black}")
            }
            Reason::Points([white, black]) => write!(f, "{side} wins {white}-{black}"),
            Reason::Time if self.winner.is_none() => {
                f.write_str("Time out against a side that cannot mate")
            }
            Reason::Time => write!(f, "{side} wins on time"),
        }
    }
}

/// The verdict when `flagged`'s time runs out in `pos`: the other side
/// wins if it could win at all, else a draw.
pub fn on_time<G: Variant>(pos: &G, flagged: Color) -> Verdict {
    let other = flagged.flip();
    Verdict {
        winner: pos.can_win(other).then_some(other),
        reason: Reason::Time,
    }
}

/// The rules' verdict on `pos`, reached after the positions of `history`
/// (oldest first), or `None` while the game goes on.
pub fn judge<G: Variant>(pos: &G, history: &[HistoryEntry]) -> Option<Verdict> {
    let mover = pos.side_to_move();
    if let Some(outcome) = pos.rule_outcome() {
        return Some(Verdict::from_outcome(outcome, mover, pos.rule_reason()));
    }
    let cycle = G::REPETITION_ENDS_GAME
        .then(|| repetition(pos, history))
        .flatten();
    if let Some(cycle) = cycle {
        let outcome = pos.repetition_outcome(cycle);
        let reason = match outcome {
            Outcome::Draw => Reason::Repetition,
            _ if cycle.mover_always_checked || cycle.opponent_always_checked => {
                Reason::PerpetualCheck
            }
            _ => Reason::PerpetualChase,
        };
        return Some(Verdict::from_outcome(outcome, mover, reason));
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .is_empty()
        .then(|| Verdict::from_outcome(pos.no_moves_outcome(), mover, pos.no_moves_reason()))
}

/// The latest cycle if `pos` occurs for the [`REPETITIONS`]th time within
/// its reversible plies (in any game: the caller asks its rules).
fn repetition<G: Variant>(pos: &G, history: &[HistoryEntry]) -> Option<Cycle> {
    let keys: Vec<u64> = history.iter().map(|e| e.key).chain([pos.key()]).collect();
    let reach = pos.plies_since_irreversible() as usize;
    if Cycle::earlier_occurrences(&keys, reach) + 1 < REPETITIONS {
        return None;
    }
    let checks: Vec<bool> = history
        .iter()
        .map(|e| e.in_check)
        .chain([pos.in_check()])
        .collect();
    Cycle::closed_by(&keys, &checks, reach)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_record_who_gave_check() {
        // Keys 1 2 3 4 1 2 3 4 1: every second position (the mover's) in check.
        let keys = [1u64, 2, 3, 4, 1, 2, 3, 4, 1];
        let checks: Vec<bool> = (0..keys.len()).map(|i| i % 2 == 0).collect();
        assert_eq!(Cycle::earlier_occurrences(&keys, 100), 2);
        let cycle = Cycle::closed_by(&keys, &checks, 100).unwrap();
        assert_eq!(cycle.plies, 4);
        assert!(cycle.mover_always_checked);
        assert!(!cycle.opponent_always_checked);
        assert_eq!(
            Cycle::earlier_occurrences(&keys, 3),
            0,
            "an irreversible move cuts the search"
        );
        assert_eq!(Cycle::closed_by(&keys, &checks, 3), None);
    }

    #[test]
    fn texts() {
        let white = |reason| Verdict {
            winner: Some(Color::White),
            reason,
        };
        let draw = |reason| Verdict {
            winner: None,
            reason,
        };
        assert_eq!(white(Reason::Checkmate).to_string(), "White mates");
        assert_eq!(white(Reason::Checkmate).result_text(), "1-0");
        assert_eq!(draw(Reason::Stalemate).to_string(), "Stalemate");
        assert_eq!(draw(Reason::Stalemate).result_text(), "1/2-1/2");
        assert_eq!(white(Reason::Points([2, 0])).to_string(), "White wins 2-0");
        assert_eq!(draw(Reason::Points([3, 3])).to_string(), "Draw 3-3");
        assert_eq!(white(Reason::Time).to_string(), "White wins on time");
        assert_eq!(
            draw(Reason::Time).to_string(),
            "Time out against a side that cannot mate"
        );
    }
}
