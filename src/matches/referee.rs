//! The referee: judges a position of a game in progress by timur's own rules
//! (the [`Game`] trait), in the order the search uses: rule ends, then
//! repetition, then "no legal move".

use crate::engine::GameState;
use crate::variants::Variant;
use timur_search::{Cycle, HistoryEntry, MoveList, Outcome};

/// The end of a game found by the rules: the outcome from the side to move's
/// view and a reason for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleEnd {
    /// From the side to move's view.
    pub outcome: Outcome,
    /// `checkmate`, `stalemate`, `threefold repetition`, …
    pub reason: String,
}

/// How often the last position occurred before (same side to move, within
/// the reversible plies), and the check pattern of the latest cycle; the
/// mover is the side that just moved (see [`Cycle`]).
pub fn repetitions(
    history: &[HistoryEntry],
    key: u64,
    in_check: bool,
    reversible: usize,
) -> (usize, Cycle) {
    let mut keys: Vec<u64> = history.iter().map(|e| e.key).collect();
    let mut checks: Vec<bool> = history.iter().map(|e| e.in_check).collect();
    keys.push(key);
    checks.push(in_check);
    let index = keys.len() - 1;
    let reach = reversible.min(index);
    let mut earlier = (2..=reach).step_by(2).filter(|&d| keys[index - d] == key);
    let Some(distance) = earlier.next() else {
        return (0, Cycle::default());
    };
    let count = 1 + earlier.count();
    let checked = |first: usize| {
        (first..distance)
            .step_by(2)
            .all(|back| checks[index - back])
    };
    let cycle = Cycle {
        plies: distance,
        mover_always_checked: checked(0),
        opponent_always_checked: checked(1),
    };
    (count, cycle)
}

/// The rules' verdict on the current position of `state`, or `None` while
/// the game goes on. A position seen for the third time ends the game with
/// the game's [`Game::repetition_outcome`] (chess: a draw; xiangqi:
/// perpetual check or chase loses).
pub fn judge<G: Variant>(state: &GameState<G>) -> Option<RuleEnd> {
    let pos = state.position();
    if let Some(outcome) = pos.rule_outcome() {
        let reason = match outcome {
            Outcome::Draw => "draw by rule (fifty moves, dead position, …)",
            _ => "decided by rule",
        };
        return Some(RuleEnd {
            outcome,
            reason: reason.to_string(),
        });
    }
    let (count, cycle) = repetitions(
        state.history(),
        pos.key(),
        pos.in_check(),
        pos.plies_since_irreversible() as usize,
    );
    if count >= 2 {
        let outcome = pos.repetition_outcome(cycle);
        let reason = match outcome {
            Outcome::Draw => "threefold repetition",
            _ if cycle.mover_always_checked || cycle.opponent_always_checked => "perpetual check",
            _ => "perpetual chase",
        };
        return Some(RuleEnd {
            outcome,
            reason: reason.to_string(),
        });
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        let reason = if pos.in_check() {
            "checkmate"
        } else {
            "stalemate"
        };
        return Some(RuleEnd {
            outcome: pos.no_moves_outcome(),
            reason: reason.to_string(),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;
    use crate::variants::Notation;

    fn play(fen: Option<&str>, moves: &str) -> GameState<Chess> {
        let start = match fen {
            Some(f) => Chess::from_fen(f).unwrap(),
            None => Chess::start_position(),
        };
        let moves: Vec<&str> = moves.split_whitespace().collect();
        GameState::with_moves(start, &moves, Notation::default()).unwrap()
    }

    #[test]
    fn mate_stalemate_and_threefold() {
        let mate = play(None, "f2f3 e7e5 g2g4 d8h4");
        let end = judge(&mate).unwrap();
        assert_eq!(end.outcome, Outcome::Loss { margin: 0 });
        assert_eq!(end.reason, "checkmate");
        let stalemate = play(Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), "");
        assert_eq!(judge(&stalemate).unwrap().reason, "stalemate");
        let twice = play(None, "g1f3 g8f6 f3g1 f6g8");
        assert_eq!(judge(&twice), None, "the start position occurred twice");
        let thrice = play(None, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
        let end = judge(&thrice).unwrap();
        assert_eq!(
            (end.outcome, end.reason.as_str()),
            (Outcome::Draw, "threefold repetition")
        );
        assert_eq!(judge(&play(None, "e2e4")), None);
    }

    #[test]
    fn cycles_record_who_gave_check() {
        // Keys 1 2 3 4 1 2 3 4 1: every second position (the mover's) in check.
        let history: Vec<HistoryEntry> = [1u64, 2, 3, 4, 1, 2, 3, 4]
            .iter()
            .enumerate()
            .map(|(i, &key)| HistoryEntry {
                key,
                in_check: i % 2 == 0,
            })
            .collect();
        let (count, cycle) = repetitions(&history, 1, true, 100);
        assert_eq!(count, 2);
        assert!(cycle.mover_always_checked);
        assert!(!cycle.opponent_always_checked);
        let (count, _) = repetitions(&history, 1, true, 3);
        assert_eq!(count, 0, "an irreversible move cuts the search");
    }
}
