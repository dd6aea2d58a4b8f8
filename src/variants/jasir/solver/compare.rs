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

/// A slot where two compact tables differ: its position (JFEN) and both
/// (value, distance) pairs.
pub type SlotDifference = (String, (i8, u32), (i8, u32));

/// How two compact tables of one set agree, slot by slot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SlotComparison {
    /// Slots compared.
    pub slots: u64,
    /// Slots with another value or distance.
    pub differing: u64,
    /// The first differing slot's position (JFEN) and both (value,
    /// distance) pairs, if any.
    pub first: Option<SlotDifference>,
}

/// Compares every slot's (value, distance) of two compact tables (the codes
/// may be numbered differently); `None` if they are of different sets.
pub fn compare_compact(a: &CompactTable, b: &CompactTable) -> Option<SlotComparison> {
    use rayon::prelude::*;
    if a.archers() != b.archers() || a.len() != b.len() {
        return None;
    }
    let pair = |t: &CompactTable, slot: usize| t.data.get(slot).map(|c| t.codes[c]);
    let differs = |&slot: &usize| pair(a, slot) != pair(b, slot);
    let differing = (0..a.len()).into_par_iter().filter(differs).count();
    let first = (0..a.len())
        .into_par_iter()
        .find_first(differs)
        .map(|slot| {
            let st = a.layout.state(slot as u64);
            let pos =
                crate::variants::jasir::Jasir::from_state(crate::variants::jasir::Rules::Jasir, st);
            (
                pos.to_fen(),
                pair(a, slot).unwrap_or((i8::MIN, 0)),
                pair(b, slot).unwrap_or((i8::MIN, 0)),
            )
        });
    Some(SlotComparison {
        slots: a.len() as u64,
        differing: differing as u64,
        first,
    })
}
