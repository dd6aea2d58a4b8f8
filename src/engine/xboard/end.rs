//! Whether the game in progress is over by the rules, and how XBoard is
//! told: `1-0 {White mates}`, `1/2-1/2 {Stalemate}`, …
//!
//! Generic over every game: the rules come from the game's own
//! [`Game::rule_outcome`], [`Game::no_moves_outcome`] and
//! [`Game::repetition_outcome`]; a position repeated for the third time
//! (same side to move, within the reversible plies) ends the game as the
//! game's repetition rule says (a draw in chess; a loss for a perpetual
//! checker or chaser in xiangqi).

use crate::engine::{AnyGame, GameState, VariantKind};
use crate::variants::Variant;
use crate::with_game;
use timur_protocol::GameResult;
use timur_search::{Color, Cycle, MoveList, Outcome};

/// How often a position must occur (this time included) to end the game.
const REPETITIONS: usize = 3;

/// A finished game: the result and the reason XBoard shows in braces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// Who won.
    pub result: GameResult,
    /// Why, e.g. `White mates`.
    pub reason: String,
}

/// The end of the game in `game` (a game of `kind`), if the rules end it in
/// the current position.
pub fn game_end(game: &AnyGame, kind: VariantKind) -> Option<GameEnd> {
    with_game!(game, state => end_of(state, kind))
}

fn end_of<G: Variant>(state: &GameState<G>, kind: VariantKind) -> Option<GameEnd> {
    let pos = state.position();
    let mover = pos.side_to_move();
    if let Some(outcome) = pos.rule_outcome() {
        let reason = match (outcome, kind) {
            (Outcome::Draw, VariantKind::Chess | VariantKind::Chess960) => {
                if pos.plies_since_irreversible() >= 100 {
                    "Draw by 50-move rule".to_owned()
                } else {
                    "Insufficient material".to_owned()
                }
            }
            (Outcome::Draw, _) => "Draw by rule".to_owned(),
            (outcome, _) => format!("{} wins by rule", side_name(winner(outcome, mover))),
        };
        return Some(GameEnd {
            result: result_of(outcome, mover),
            reason,
        });
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        let outcome = pos.no_moves_outcome();
        let reason = match (outcome, pos.in_check()) {
            (Outcome::Draw, false) => "Stalemate".to_owned(),
            (Outcome::Draw, true) => "Draw: no legal move".to_owned(),
            (outcome, true) => format!("{} mates", side_name(winner(outcome, mover))),
            (outcome, false) => {
                format!("{} wins by stalemate", side_name(winner(outcome, mover)))
            }
        };
        return Some(GameEnd {
            result: result_of(outcome, mover),
            reason,
        });
    }
    let cycle = repetition(state)?;
    let outcome = pos.repetition_outcome(cycle);
    let reason = match outcome {
        Outcome::Draw => "Draw by repetition".to_owned(),
        _ if cycle.mover_always_checked || cycle.opponent_always_checked => {
            "Perpetual check".to_owned()
        }
        _ => "Perpetual chase".to_owned(),
    };
    Some(GameEnd {
        result: result_of(outcome, mover),
        reason,
    })
}

/// The check pattern of the latest cycle if the current position occurs for
/// the [`REPETITIONS`]th time within the reversible plies.
fn repetition<G: Variant>(state: &GameState<G>) -> Option<Cycle> {
    let pos = state.position();
    let history = state.history();
    let now = history.len();
    let reach = (pos.plies_since_irreversible() as usize).min(now);
    let key = pos.key();
    let earlier: Vec<usize> = (2..=reach)
        .step_by(2)
        .filter(|&d| history[now - d].key == key)
        .collect();
    if earlier.len() + 1 < REPETITIONS {
        return None;
    }
    let distance = earlier[0];
    // In check at `back` plies before now (0 = the current position).
    let checked = |back: usize| {
        if back == 0 {
            pos.in_check()
        } else {
            history[now - back].in_check
        }
    };
    // The mover (who just moved) made the moves into now, now-2, …; the
    // opponent those into now-1, now-3, …
    let all = |first: usize| (first..distance).step_by(2).all(checked);
    Some(Cycle {
        plies: distance,
        mover_always_checked: all(0),
        opponent_always_checked: all(1),
    })
}

/// The winner of `outcome`, seen from `mover` (the side to move); `None`
/// for a draw.
fn winner(outcome: Outcome, mover: Color) -> Option<Color> {
    match outcome {
        Outcome::Win { .. } => Some(mover),
        Outcome::Loss { .. } => Some(mover.flip()),
        Outcome::Draw => None,
    }
}

fn result_of(outcome: Outcome, mover: Color) -> GameResult {
    match winner(outcome, mover) {
        Some(Color::White) => GameResult::WhiteWins,
        Some(Color::Black) => GameResult::BlackWins,
        None => GameResult::Draw,
    }
}

/// `White` or `Black` (XBoard's names for the first and second player in
/// every game).
fn side_name(side: Option<Color>) -> &'static str {
    match side {
        Some(Color::White) => "White",
        Some(Color::Black) => "Black",
        None => "Nobody",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Notation;

    fn chess(fen: &str, moves: &[&str]) -> AnyGame {
        let start = AnyGame::from_fen(VariantKind::Chess, fen).unwrap();
        with_game!(start, state => {
            GameState::with_moves(state.position().clone(), moves, Notation::default())
                .map(AnyGame::from)
                .unwrap()
        })
    }

    fn end(fen: &str, moves: &[&str]) -> Option<(GameResult, String)> {
        game_end(&chess(fen, moves), VariantKind::Chess).map(|e| (e.result, e.reason))
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn mates_and_stalemates() {
        assert_eq!(end(START, &[]), None);
        let fools_mate = ["f2f3", "e7e5", "g2g4", "d8h4"];
        assert_eq!(
            end(START, &fools_mate),
            Some((GameResult::BlackWins, "Black mates".to_owned()))
        );
        assert_eq!(
            end("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]),
            Some((GameResult::Draw, "Stalemate".to_owned()))
        );
        assert_eq!(end("6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1", &["e1e7"]), None);
        assert_eq!(
            end("6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1", &["e1e8"]),
            Some((GameResult::WhiteWins, "White mates".to_owned()))
        );
    }

    #[test]
    fn rule_draws() {
        assert_eq!(
            end("8/8/4k3/8/8/3NK3/8/8 w - - 0 1", &[]),
            Some((GameResult::Draw, "Insufficient material".to_owned()))
        );
        assert_eq!(
            end("8/8/4k3/8/8/3RK3/8/8 w - - 100 80", &[]),
            Some((GameResult::Draw, "Draw by 50-move rule".to_owned()))
        );
    }

    #[test]
    fn threefold_repetition_is_a_draw() {
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let twice: Vec<&str> = shuffle.iter().chain(&shuffle).copied().collect();
        // After one cycle the start position occurs twice: play on.
        assert_eq!(end(START, &shuffle), None);
        assert_eq!(
            end(START, &twice),
            Some((GameResult::Draw, "Draw by repetition".to_owned()))
        );
        // A pawn move in between resets the count.
        let broken = ["g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5"];
        let mut again: Vec<&str> = broken.to_vec();
        again.extend(shuffle);
        assert_eq!(end(START, &again), None);
    }
}
