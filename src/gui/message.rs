//! The JSON messages between the page and its session, one per WebSocket
//! text frame. The page sends [`ClientMsg`]; the session answers with
//! [`ServerMsg`]s.

use super::clock::{ClockView, TimeControl};
use super::evals::EvalView;
use super::moves::MoveSquares;
use super::review::Mark;
use serde::{Deserialize, Serialize};

/// Which sides the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Sides {
    /// White only.
    White,
    /// Black only.
    Black,
    /// Both sides (the engine plays itself).
    Both,
    /// Neither: the person moves for both.
    None,
}

/// A message from the page.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// A new game of `variant` from its start position, or from `fen`;
    /// Chess960 from start array `number` (0..960), random when absent.
    New {
        /// `chess`, `chess960`, `xiangqi`, `tamerlane`, `jasir`, `jarmo`.
        variant: String,
        /// Position text to start from.
        #[serde(default)]
        fen: Option<String>,
        /// Chess960 start array.
        #[serde(default)]
        number: Option<u32>,
    },
    /// The person plays a move (its text from the legal list).
    Move {
        /// The move text.
        text: String,
    },
    /// One ply back.
    Undo,
    /// One ply forward along the move list.
    Redo,
    /// Shows the position after `ply` plies of the move list.
    Jump {
        /// 0 = the start position.
        ply: usize,
    },
    /// Who the engine plays and how long it thinks.
    Engine {
        /// The engine's sides.
        sides: Sides,
        /// Depth limit per move.
        #[serde(default)]
        depth: Option<u32>,
        /// Time per move in milliseconds.
        #[serde(default)]
        movetime_ms: Option<u64>,
    },
    /// The engine's strength, through its own options: `elo` (chess's
    /// calibrated `UCI_Elo`), or `skill` (`Skill Level` 0..20), or neither
    /// for full strength.
    Level {
        /// Play at this Elo (`UCI_LimitStrength` on).
        #[serde(default)]
        elo: Option<u32>,
        /// Play at this skill level.
        #[serde(default)]
        skill: Option<u32>,
    },
    /// Time controls per side, both or neither (neither: an untimed
    /// game). The clocks start full, the side to move's running.
    Clock {
        /// White's (Red's) control.
        #[serde(default)]
        white: Option<TimeControl>,
        /// Black's control.
        #[serde(default)]
        black: Option<TimeControl>,
    },
    /// Stops the clocks and the engine's thinking.
    Pause,
    /// Starts the side to move's clock again (and the engine, on its move).
    Resume,
    /// The engine's best move for the side to move, for an arrow.
    Hint,
    /// The engine plays the side to move now.
    Go,
    /// Analysis on or off, with 1..3 lines.
    Analyse {
        /// Analyse continuously.
        on: bool,
        /// Principal variations (1..=3).
        #[serde(default)]
        multipv: Option<usize>,
    },
    /// Reviews the game: every position of the line searched in turn
    /// (`nodes` each, else the game's own count), its moves marked.
    Review {
        /// Nodes per position.
        #[serde(default)]
        nodes: Option<u64>,
    },
    /// Stops a search (an engine move is played as found so far).
    Stop,
    /// A new game from pasted position text, same variant.
    Position {
        /// FEN, TFEN or JFEN.
        fen: String,
    },
    /// Asks for the game as PGN.
    SavePgn,
    /// Replaces the game by a PGN's (its `Variant` tag picks the game).
    LoadPgn {
        /// The PGN text.
        pgn: String,
    },
}

/// The game as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StateView {
    /// The variant's protocol name.
    pub variant: String,
    /// Position text of the start.
    pub start_fen: String,
    /// Position text now.
    pub fen: String,
    /// Every move of the line, including those after `ply` (redo).
    pub moves: Vec<String>,
    /// How many moves of `moves` are played.
    pub ply: usize,
    /// `white` or `black`.
    pub side: String,
    /// The legal moves here, with their squares (empty when over).
    pub legal: Vec<MoveSquares>,
    /// The game's end, when it has one.
    pub result: Option<ResultView>,
    /// Whether the engine is thinking on its move.
    pub thinking: bool,
    /// Whether analysis runs.
    pub analysing: bool,
    /// The position text after each ply of `moves` (index 0: the start),
    /// so the page can show any of them without changing the game.
    pub fens: Vec<String>,
    /// The evaluation of each of those positions, White's (Red's) side,
    /// where a search reported one.
    pub evals: Vec<Option<EvalView>>,
    /// The clocks of a timed game.
    pub clock: Option<ClockView>,
    /// Each move's mark from the last review (`null` where none).
    pub marks: Vec<Option<Mark>>,
    /// The review's progress, while it runs and after it finished.
    pub review: Option<ReviewView>,
    /// The engine's playing strength, as the level selector sets it.
    pub level: LevelView,
}

/// The engine's playing strength: an Elo, a skill level, or neither (full
/// strength), read back from its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LevelView {
    /// `UCI_Elo`, when `UCI_LimitStrength` is on.
    pub elo: Option<u32>,
    /// `Skill Level`, when below full strength and no Elo is set.
    pub skill: Option<u32>,
}

/// How far a game review got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewView {
    /// Positions searched.
    pub done: usize,
    /// Positions in the line.
    pub total: usize,
    /// Whether it still runs.
    pub running: bool,
}

/// A finished game's result and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// `checkmate`, `threefold repetition`, …
    pub reason: String,
}

/// A message to the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The game changed.
    State(StateView),
    /// Search progress.
    Info {
        /// The position searched: after this many plies of the line.
        ply: usize,
        /// `play` (the engine's move), `analyse` or `hint`.
        purpose: String,
        /// Completed depth.
        depth: u32,
        /// 1-based line number.
        multipv: u32,
        /// `+0.35`, `-1.20`, `mate 3`, `mate -2` (side to move's view).
        score: String,
        /// Nodes searched.
        nodes: u64,
        /// The principal variation.
        pv: Vec<String>,
        /// The line's first move, with its squares (for an arrow).
        best: Option<MoveSquares>,
        /// The score from White's (Red's) side, with win/draw/loss chances
        /// where the game has a model.
        white: EvalView,
    },
    /// The engine's best move for the side to move (a hint).
    Hint {
        /// The position: after this many plies of the line.
        ply: usize,
        /// The move with its squares.
        best: MoveSquares,
    },
    /// The request was refused; nothing changed.
    Error {
        /// Why.
        message: String,
    },
    /// The game as PGN.
    Pgn {
        /// The PGN text.
        text: String,
    },
}

impl ServerMsg {
    /// The JSON text of this message.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|why| {
            format!(r#"{{"type":"error","message":"cannot encode a reply: {why}"}}"#)
        })
    }
}

/// Reads a page message.
pub fn parse(text: &str) -> Result<ClientMsg, String> {
    serde_json::from_str(text).map_err(|why| format!("bad message: {why}"))
}
