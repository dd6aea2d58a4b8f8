//! An engine as the referee sees it: started from its [`EngineSpec`], asked
//! for moves, told results, restarted when it misbehaves. The three protocol
//! adapters ([`super::uci`], [`super::ucci`], [`super::xboard`]) implement
//! [`Adapter`].

use super::config::{EngineSpec, Protocol};
use super::process::{EngineProcess, ReadError};
use super::tc::SearchLimits;
use crate::engine::VariantKind;
use crate::variants::Notation;
use std::time::{Duration, Instant};

/// How long an engine may take to answer the handshake.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an engine may take to answer `isready`: options may load
/// endgame tables or networks (`JasirTable`'s 6-archer set takes seconds).
pub const READY_TIMEOUT: Duration = Duration::from_secs(60);

/// Why an engine could not give a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No answer before the deadline.
    Timeout(String),
    /// The process exited or closed its output.
    Crashed(String),
    /// It wrote something the protocol does not allow here.
    Protocol(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Timeout(what) => write!(f, "timeout: {what}"),
            Failure::Crashed(what) => write!(f, "crashed: {what}"),
            Failure::Protocol(what) => write!(f, "protocol error: {what}"),
        }
    }
}

/// Turns a read error into a [`Failure`], naming what was awaited.
pub fn read_failure(process: &mut EngineProcess, error: ReadError, awaited: &str) -> Failure {
    match error {
        ReadError::Timeout => Failure::Timeout(format!("no {awaited}")),
        ReadError::Closed => {
            let status = process
                .exit_status()
                .unwrap_or_else(|| "closed its output".into());
            Failure::Crashed(format!("while waiting for {awaited} ({status})"))
        }
    }
}

/// The position a game starts from.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The game.
    pub variant: VariantKind,
    /// The start position's text.
    pub start_fen: String,
    /// Whether that is the variant's standard start (engines without
    /// `setboard` can play it).
    pub standard_start: bool,
    /// Limits of every move of the engine it is given to (its own clock).
    pub limits: SearchLimits,
}

/// A request for a move.
#[derive(Clone, Debug)]
pub struct Think<'a> {
    /// The game.
    pub setup: &'a GameSetup,
    /// Every move since the start, in this engine's notation.
    pub moves: &'a [String],
    /// Whether the engine plays the first side (White / Red).
    pub first_side: bool,
    /// The engine's clock (ms), when there is one.
    pub own_ms: i64,
    /// The opponent's clock (ms).
    pub opp_ms: i64,
    /// The engine's increment (ms).
    pub increment_ms: i64,
    /// The opponent's increment (ms).
    pub opp_increment_ms: i64,
    /// How long the engine may take before it forfeits.
    pub budget: Duration,
}

/// An engine's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move (in the engine's notation) and its last reported score, from
    /// its own view.
    Move {
        /// The move text.
        text: String,
        /// The last score the engine reported before it.
        score: Option<i32>,
    },
    /// The engine gave up.
    Resign,
    /// The engine says it has no move (`bestmove (none)`, `nobestmove`).
    NoMove,
    /// The engine claimed a result instead of moving (XBoard).
    Claim(String),
}

/// An answer and how long the engine took.
#[derive(Clone, Debug)]
pub struct Answer {
    /// What the engine said.
    pub reply: Reply,
    /// From sending the request to reading the answer.
    pub elapsed: Duration,
}

/// One protocol dialect, from the GUI's side.
pub trait Adapter: Send {
    /// What the engine calls itself, if it said.
    fn reported_name(&self) -> Option<String>;

    /// Whether the engine can start from any position (not only the
    /// variant's start position plus moves).
    fn can_set_up_positions(&self) -> bool;

    /// Whether the engine takes a nodes limit.
    fn takes_node_limits(&self) -> bool;

    /// Prepares a new game.
    fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure>;

    /// Asks for a move.
    fn think(&mut self, request: &Think) -> Result<Answer, Failure>;

    /// Tells the engine the game is over (`result` is `1-0`, `0-1` or
    /// `1/2-1/2`).
    fn game_over(&mut self, result: &str, reason: &str);

    /// Asks the engine to exit and waits briefly for it.
    fn quit(&mut self);
}

/// A started engine.
pub struct MatchEngine {
    /// The name in tables and PGN.
    pub name: String,
    /// How it writes moves.
    pub notation: Notation,
    adapter: Box<dyn Adapter>,
}

impl MatchEngine {
    /// Starts the engine of `spec` and sets it up for `variant`.
    pub fn start(
        spec: &EngineSpec,
        variant: VariantKind,
        label: &str,
        debug: bool,
    ) -> Result<MatchEngine, String> {
        let process = EngineProcess::spawn(&spec.cmd, &spec.args, label, debug)?;
        let adapter: Box<dyn Adapter> = match spec.protocol {
            Protocol::Uci => Box::new(super::uci::Uci::start(process, spec, variant)?),
            Protocol::Ucci => Box::new(super::ucci::Ucci::start(process, spec, variant)?),
            Protocol::Xboard => Box::new(super::xboard::Xboard::start(process, spec, variant)?),
        };
        let name = spec
            .name
            .clone()
            .or_else(|| adapter.reported_name())
            .unwrap_or_else(|| {
                spec.cmd
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_else(|| label.to_string())
            });
        Ok(MatchEngine {
            name,
            notation: Notation {
                king_takes_rook: variant == VariantKind::Chess960,
                ranks_from_one: spec.ranks_from_one,
            },
            adapter,
        })
    }

    /// The protocol adapter.
    pub fn adapter(&mut self) -> &mut dyn Adapter {
        self.adapter.as_mut()
    }

    /// Whether the engine can start from any position.
    pub fn can_set_up_positions(&self) -> bool {
        self.adapter.can_set_up_positions()
    }

    /// Whether the engine takes a nodes limit.
    pub fn takes_node_limits(&self) -> bool {
        self.adapter.takes_node_limits()
    }

    /// Asks the engine to exit.
    pub fn quit(mut self) {
        self.adapter.quit();
    }
}

/// Reads lines until a deadline, handing each to `handle`; `handle` returns
/// `Some` to finish. The arrival time of the finishing line is returned too.
pub fn read_reply<T>(
    process: &mut EngineProcess,
    deadline: Instant,
    awaited: &str,
    mut handle: impl FnMut(&str) -> Option<T>,
) -> Result<(Instant, T), Failure> {
    loop {
        match process.recv(deadline) {
            Ok((at, line)) => {
                if let Some(out) = handle(&line) {
                    return Ok((at, out));
                }
            }
            Err(error) => return Err(read_failure(process, error, awaited)),
        }
    }
}
