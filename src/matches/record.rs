//! What a finished game leaves behind: result, how it ended, the moves.

use super::tc::TimeControl;
use crate::engine::VariantKind;
use std::time::Duration;
use timur_search::Color;

/// A game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// The PGN text.
    pub fn text(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// A win for `side`.
    pub fn win_for(side: Color) -> GameResult {
        match side {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// A win for `winner`; `None` is a draw.
    pub fn from_winner(winner: Option<Color>) -> GameResult {
        winner.map_or(GameResult::Draw, GameResult::win_for)
    }

    /// Points for `side`: 1, ½ or 0.
    pub fn points(self, side: Color) -> f64 {
        match (self, side) {
            (GameResult::Draw, _) => 0.5,
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => 1.0,
            _ => 0.0,
        }
    }
}

/// How a game ended (PGN's `Termination` tag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules (mate, stalemate, repetition, rule ends), a resignation,
    /// or the ply limit.
    Normal,
    /// By the engines' scores.
    Adjudication,
    /// An engine ran out of time or did not answer.
    TimeForfeit,
    /// An engine played an illegal or unreadable move, or claimed falsely.
    IllegalMove,
    /// An engine crashed or broke the protocol.
    Abandoned,
}

impl Termination {
    /// The PGN tag value.
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Abandoned => "abandoned",
        }
    }
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based, in schedule order.
    pub number: u32,
    /// Index of the White engine in the match's engine list.
    pub white: usize,
    /// Index of the Black engine.
    pub black: usize,
    /// The White engine's name.
    pub white_name: String,
    /// The Black engine's name.
    pub black_name: String,
    /// The game.
    pub variant: VariantKind,
    /// The start position's text.
    pub start_fen: String,
    /// Whether that is the variant's standard start.
    pub standard_start: bool,
    /// Every move from the start position, opening included, in timur's
    /// notation.
    pub moves: Vec<String>,
    /// The mover's clock after each of `moves` (increment added); `None`
    /// for the opening's moves and in games without clocks.
    pub clocks: Vec<Option<Duration>>,
    /// The score the mover reported with each of `moves`, in its own view
    /// (mates as ±(`MATE_CP` − N)); `None` for the opening's moves and
    /// where it reported none.
    pub scores: Vec<Option<i32>>,
    /// White's and Black's clocks, when the game had them.
    pub time_controls: [Option<TimeControl>; 2],
    /// How many of `moves` came from the opening.
    pub opening_plies: usize,
    /// The result.
    pub result: GameResult,
    /// How it ended.
    pub termination: Termination,
    /// Why, for people (`checkmate`, `fsf: illegal move …`).
    pub reason: String,
}
