//! Checking a compact table against a table of the map format: every
//! position the map table holds must have the same result, distance and
//! best move in the compact one.

use super::{CompactTable, SolveTable};
use crate::variants::Variant;

/// How two tables agree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Positions of the map table compared.
    pub positions: u64,
    /// Positions the compact table does not hold.
    pub missing: u64,
    /// Positions with another result or distance.
    pub values: u64,
    /// Positions with another best move.
    pub moves: u64,
    /// The first position that differs (JFEN), if any.
    pub first: Option<String>,
}

impl Comparison {
    /// Whether every position agrees.
    pub fn equal(&self) -> bool {
        self.missing + self.values + self.moves == 0
    }
}

/// Compares every position of `old` with `new`.
pub fn compare(old: &SolveTable, new: &CompactTable) -> Comparison {
    let mut out = Comparison::default();
    for (pos, entry) in old.iter() {
        out.positions += 1;
        let differs = match new.probe(&pos) {
            None => {
                out.missing += 1;
                true
            }
            Some(got) if (got.outcome, got.plies) != (entry.outcome, entry.plies) => {
                out.values += 1;
                true
            }
            Some(got) if got.best != entry.best => {
                out.moves += 1;
                true
            }
            Some(_) => false,
        };
        if differs && out.first.is_none() {
            out.first = Some(pos.to_fen());
        }
    }
    out
}
