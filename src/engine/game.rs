//! The one enum that dispatches over the games; everything behind it is
//! generic and monomorphised per game.

use super::kind::VariantKind;
use super::state::GameState;
use crate::nnue::active::Readable;
use crate::variants::chess::Chess;
use crate::variants::jasir::{Jasir, Rules};
use crate::variants::tamerlane::Tamerlane;
use crate::variants::trainable::Trainable;
use crate::variants::verdict::Verdict;
use crate::variants::xiangqi::Xiangqi;
use crate::variants::{Notation, Variant};
use timur_search::Score;

/// A game in progress of any variant.
// The engine holds one of these and moves it rarely; boxing the larger
// variants would only add an indirection on every access.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Chess or Chess960 (the position carries the castling mode).
    Chess(GameState<Chess>),
    /// Tamerlane chess.
    Tamerlane(GameState<Tamerlane>),
    /// Xiangqi.
    Xiangqi(GameState<Xiangqi>),
    /// Jasir or Jarmo (the position carries its rule set).
    Jasir(GameState<Jasir>),
}

/// Runs `$body` with `$g` bound to the [`GameState`] inside an [`AnyGame`]
/// (`&` or `&mut`, as `$any` is).
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::engine::AnyGame::Chess($g) => $body,
            $crate::engine::AnyGame::Tamerlane($g) => $body,
            $crate::engine::AnyGame::Xiangqi($g) => $body,
            $crate::engine::AnyGame::Jasir($g) => $body,
        }
    };
}

/// Work for a game with a network, run by [`AnyGame::with_trainable`] with
/// the game's type (how `timur nnue` reaches a game without naming it).
pub trait TrainableJob {
    /// What the work gives.
    type Output;

    /// Runs the work in the game `G` from `start`, the start position of
    /// the variant asked for (Chess960's in Chess960 mode).
    fn run<G: Trainable>(self, start: G) -> Self::Output;
}

/// The job that gives the feature sets a game's networks may have.
struct FeatureSetsOf;

impl TrainableJob for FeatureSetsOf {
    type Output = Vec<Readable>;

    fn run<G: Trainable>(self, _start: G) -> Vec<Readable> {
        let slot = G::FEATURES;
        std::iter::once(slot)
            .chain(G::BUCKETED)
            .map(|features| Readable { features, slot })
            .collect()
    }
}

impl AnyGame {
    /// Runs `job` in the game of `kind` if that game has a network
    /// (implements [`Trainable`]); else the error says which have one.
    pub fn with_trainable<J: TrainableJob>(kind: VariantKind, job: J) -> Result<J::Output, String> {
        match AnyGame::start(kind) {
            AnyGame::Chess(state) => Ok(job.run(state.position().clone())),
            AnyGame::Xiangqi(state) => Ok(job.run(state.position().clone())),
            AnyGame::Tamerlane(state) => Ok(job.run(state.position().clone())),
            AnyGame::Jasir(_) => {
                let with: Vec<&str> = VariantKind::ALL
                    .iter()
                    .filter(|&&other| AnyGame::has_network(other))
                    .map(|other| other.name())
                    .collect();
                Err(format!(
                    "no network for {kind} ({} have them)",
                    with.join(", ")
                ))
            }
        }
    }

    /// Whether the game of `kind` has a network.
    fn has_network(kind: VariantKind) -> bool {
        matches!(
            AnyGame::start(kind),
            AnyGame::Chess(_) | AnyGame::Xiangqi(_) | AnyGame::Tamerlane(_)
        )
    }

    /// The feature sets of the games with networks (what `EvalFile` may
    /// load: each game's plain and bucketed sets), each once.
    pub fn network_features() -> Vec<Readable> {
        let mut sets: Vec<Readable> = Vec::new();
        for kind in VariantKind::ALL {
            for readable in AnyGame::with_trainable(kind, FeatureSetsOf).unwrap_or_default() {
                if !sets.contains(&readable) {
                    sets.push(readable);
                }
            }
        }
        sets
    }

    /// The start position of `kind`.
    pub fn start(kind: VariantKind) -> AnyGame {
        match kind {
            VariantKind::Chess => AnyGame::Chess(GameState::new(Chess::start_position())),
            VariantKind::Chess960 => {
                let mut pos = Chess::start_position();
                pos.set_chess960(true);
                AnyGame::Chess(GameState::new(pos))
            }
            VariantKind::Tamerlane => {
                AnyGame::Tamerlane(GameState::new(Tamerlane::start_position()))
            }
            VariantKind::Xiangqi => AnyGame::Xiangqi(GameState::new(Xiangqi::start_position())),
            VariantKind::Jasir => {
                AnyGame::Jasir(GameState::new(Jasir::start_position_for(Rules::Jasir)))
            }
            VariantKind::Jarmo => {
                AnyGame::Jasir(GameState::new(Jasir::start_position_for(Rules::Jarmo)))
            }
        }
    }

    /// The rules' verdict on the current position, or `None` while the game
    /// goes on.
    pub fn verdict(&self) -> Option<Verdict> {
        crate::with_game!(self, state => state.verdict())
    }

    /// The answer the loaded solved tables hold for the current position:
    /// the best move as text, its exact score and the plies to the end.
    pub fn solved_answer(&self, notation: Notation) -> Option<(String, Score, u32)> {
        match self {
            AnyGame::Jasir(state) => {
                crate::variants::jasir::solved::answer(state.position(), notation)
            }
            _ => None,
        }
    }

    /// A game of `kind` from position text.
    pub fn from_fen(kind: VariantKind, fen: &str) -> Result<AnyGame, String> {
        AnyGame::from_fen_noting(kind, fen).map(|(game, _)| game)
    }

    /// A game of `kind` from position text, with notes on what was
    /// repaired (see [`Variant::from_fen_noting`]).
    pub fn from_fen_noting(kind: VariantKind, fen: &str) -> Result<(AnyGame, Vec<String>), String> {
        Ok(match kind {
            VariantKind::Chess | VariantKind::Chess960 => {
                let (mut pos, notes) = Chess::from_fen_noting(fen)?;
                pos.set_chess960(kind == VariantKind::Chess960);
                (AnyGame::Chess(GameState::new(pos)), notes)
            }
            VariantKind::Tamerlane => {
                let (pos, notes) = Tamerlane::from_fen_noting(fen)?;
                (AnyGame::Tamerlane(GameState::new(pos)), notes)
            }
            VariantKind::Xiangqi => {
                let (pos, notes) = Xiangqi::from_fen_noting(fen)?;
                (AnyGame::Xiangqi(GameState::new(pos)), notes)
            }
            VariantKind::Jasir => (
                AnyGame::Jasir(GameState::new(Jasir::from_fen_for(fen, Rules::Jasir)?)),
                Vec::new(),
            ),
            VariantKind::Jarmo => (
                AnyGame::Jasir(GameState::new(Jasir::from_fen_for(fen, Rules::Jarmo)?)),
                Vec::new(),
            ),
        })
    }
}

macro_rules! impl_from_state {
    ($($variant:ident($ty:ty)),*) => {$(
        impl From<GameState<$ty>> for AnyGame {
            fn from(state: GameState<$ty>) -> AnyGame {
                AnyGame::$variant(state)
            }
        }
    )*};
}

impl_from_state!(
    Chess(Chess),
    Tamerlane(Tamerlane),
    Xiangqi(Xiangqi),
    Jasir(Jasir)
);
