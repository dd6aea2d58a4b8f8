//! Syzygy endgame tables for chess and Chess960 (a position without
//! castling rights is an ordinary table position in both), probed through
//! `pyrrhic-rs` (docs/syzygy.md says why that crate):
//! - `SyzygyPath` loads them ([`Syzygy::load`]) into one process-wide slot,
//!   as the networks are; [`Chess::for_search`] attaches the tables active
//!   then ([`for_search`]) with the settings of the moment;
//! - the search asks [`Probing::solved`] for a WDL result after a capture
//!   or pawn move ([`timur_search::Game::solved`]);
//! - the root moves are ranked by DTZ, or by WDL without DTZ files
//!   ([`root::rank`]).
//!
//! [`Chess::for_search`]: crate::variants::Variant::for_search

mod adapter;
pub mod files;
pub mod position_probe;
pub mod root;
mod tables;

use super::position::Chess;
use pyrrhic_rs::WdlProbeResult;
use std::sync::{Arc, PoisonError, RwLock};
pub use tables::Syzygy;
use timur_search::Outcome;

/// The options that steer probing (Stockfish's names and defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `SyzygyProbeDepth`: the search probes tables of the largest probed
    /// size only with this many plies left.
    pub probe_depth: i32,
    /// `Syzygy50MoveRule`: a win the fifty-move rule spoils is a draw.
    pub rule50: bool,
    /// `SyzygyProbeLimit`: no table of more pieces is probed.
    pub probe_limit: u32,
}

impl Settings {
    /// Before any `setoption`.
    pub const DEFAULT: Settings = Settings {
        probe_depth: 1,
        rule50: true,
        probe_limit: files::MAX_PIECES,
    };
}

static ACTIVE: RwLock<Option<Arc<Syzygy>>> = RwLock::new(None);
static SETTINGS: RwLock<Settings> = RwLock::new(Settings::DEFAULT);

/// Makes `tables` the ones searches probe from now on (`None`: none).
pub fn set_active(tables: Option<Arc<Syzygy>>) {
    *ACTIVE.write().unwrap_or_else(PoisonError::into_inner) = tables;
}

/// The tables searches probe now.
pub fn active() -> Option<Arc<Syzygy>> {
    ACTIVE
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

/// The probing settings now.
pub fn settings() -> Settings {
    *SETTINGS.read().unwrap_or_else(PoisonError::into_inner)
}

/// Changes the probing settings.
pub fn set_settings(settings: Settings) {
    *SETTINGS.write().unwrap_or_else(PoisonError::into_inner) = settings;
}

/// The active tables as one search probes them, or `None` when no table
/// would be probed.
pub fn for_search() -> Option<Arc<Probing>> {
    let tables = active()?;
    let settings = settings();
    // As Stockfish: a limit above the largest table probes the largest at
    // any depth.
    let (cardinality, probe_depth) = if settings.probe_limit > tables.largest() {
        (tables.largest(), 0)
    } else {
        (settings.probe_limit, settings.probe_depth)
    };
    (cardinality > 0).then(|| {
        Arc::new(Probing {
            tables,
            cardinality,
            probe_depth,
            rule50: settings.rule50,
        })
    })
}

/// Tables with the settings of one search.
#[derive(Debug)]
pub struct Probing {
    /// The tables.
    pub tables: Arc<Syzygy>,
    /// The most pieces probed.
    pub cardinality: u32,
    /// Plies left from which positions of `cardinality` pieces are probed.
    pub probe_depth: i32,
    /// `Syzygy50MoveRule`.
    pub rule50: bool,
}

impl Probing {
    /// The proven result of `pos` (side to move's view) with `depth` plies
    /// left to search, where the search should ask: after a capture or
    /// pawn move, without castling rights, within the piece limit, never
    /// in quiescence (as Stockfish).
    pub fn solved(&self, pos: &Chess, depth: i32) -> Option<Outcome> {
        if depth <= 0 || pos.halfmove != 0 || pos.rights != 0 {
            return None;
        }
        let pieces = pos.occupied().count_ones();
        if pieces > self.cardinality || (pieces == self.cardinality && depth < self.probe_depth) {
            return None;
        }
        self.tables.wdl(pos).map(|wdl| self.outcome(wdl))
    }

    /// A table's value as a result under the fifty-move setting.
    pub fn outcome(&self, wdl: WdlProbeResult) -> Outcome {
        match wdl {
            WdlProbeResult::Win => Outcome::Win { margin: 0 },
            WdlProbeResult::Loss => Outcome::Loss { margin: 0 },
            WdlProbeResult::CursedWin if !self.rule50 => Outcome::Win { margin: 0 },
            WdlProbeResult::BlessedLoss if !self.rule50 => Outcome::Loss { margin: 0 },
            _ => Outcome::Draw,
        }
    }
}

/// A WDL value as a number from -2 (loss) to 2 (win), the convention of
/// Stockfish and python-chess.
pub fn wdl_number(wdl: WdlProbeResult) -> i32 {
    match wdl {
        WdlProbeResult::Loss => -2,
        WdlProbeResult::BlessedLoss => -1,
        WdlProbeResult::Draw => 0,
        WdlProbeResult::CursedWin => 1,
        WdlProbeResult::Win => 2,
    }
}
