//! Solved positions in play: the tables `JasirTable` loads (`timur solve
//! --save` files, several at once), probed at every node of the search
//! ([`timur_search::Game::solved`]) and at the root, where the engine plays
//! the table's best move at once with its exact score.
//!
//! The loaded tables sit in one process-wide slot, as the networks do:
//! [`set_active`] fills it and [`Jasir`]'s search copy (`for_search`)
//! takes the tables active then.

use super::solver::compact::MAGIC;
use super::solver::{CompactTable, Entry, SolveTable};
use super::Jasir;
use crate::files;
use crate::variants::{Notation, Variant};
use std::io::Read;
use std::path::Path;
use std::sync::{Arc, PoisonError, RwLock};
use timur_search::{Outcome, Score};

/// One loaded table: a compact N-archer set (`timur solve --archers N
/// --save`, Jasir) or a map of solved positions (`timur solve --fen`, and
/// Jarmo's sets).
enum Table {
    Compact(CompactTable),
    Map(SolveTable),
}

impl Table {
    /// Reads either format, told apart by the first bytes.
    fn load(path: &Path) -> Result<Table, String> {
        let mut magic = Vec::new();
        files::open(path)?
            .take(8)
            .read_to_end(&mut magic)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if magic == MAGIC {
            CompactTable::load(path).map(Table::Compact)
        } else {
            SolveTable::load(path).map(Table::Map)
        }
    }

    fn result(&self, pos: &Jasir) -> Option<(Outcome, u32)> {
        match self {
            Table::Compact(t) => t.result(pos),
            Table::Map(t) => t.probe(pos).map(|e| (e.outcome, e.plies)),
        }
    }

    fn probe(&self, pos: &Jasir) -> Option<Entry> {
        match self {
            Table::Compact(t) => t.probe(pos),
            Table::Map(t) => t.probe(pos),
        }
    }

    fn len(&self) -> usize {
        match self {
            Table::Compact(t) => t.len(),
            Table::Map(t) => t.len(),
        }
    }
}

/// Several solved tables, probed in the order they were given.
#[derive(Default)]
pub struct SolvedTables {
    tables: Vec<Table>,
}

impl std::fmt::Debug for SolvedTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (tables, positions) = self.counts();
        write!(f, "SolvedTables({tables} tables, {positions} positions)")
    }
}

impl SolvedTables {
    /// Loads every table of `list`: paths separated as the system separates
    /// `PATH` (`:`, `;` on Windows). The error names the file that failed;
    /// then nothing is loaded.
    pub fn load(list: &str) -> Result<SolvedTables, String> {
        let tables = std::env::split_paths(list)
            .filter(|path| !path.as_os_str().is_empty())
            .map(|path| Table::load(Path::new(&path)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SolvedTables { tables })
    }

    /// The result and distance the first table that holds `pos` gives (what
    /// the search asks at every node).
    pub fn result(&self, pos: &Jasir) -> Option<(Outcome, u32)> {
        self.tables.iter().find_map(|table| table.result(pos))
    }

    /// What the first table that holds `pos` knows of it, best move
    /// included.
    pub fn probe(&self, pos: &Jasir) -> Option<Entry> {
        self.tables.iter().find_map(|table| table.probe(pos))
    }

    /// How many tables and positions are loaded.
    pub fn counts(&self) -> (usize, usize) {
        (self.tables.len(), self.tables.iter().map(Table::len).sum())
    }
}

static ACTIVE: RwLock<Option<Arc<SolvedTables>>> = RwLock::new(None);

/// Makes `tables` the ones searches probe from now on (`None`: none).
pub fn set_active(tables: Option<Arc<SolvedTables>>) {
    *ACTIVE.write().unwrap_or_else(PoisonError::into_inner) = tables;
}

/// The tables searches probe now.
pub fn active() -> Option<Arc<SolvedTables>> {
    ACTIVE
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

/// The solved answer for `pos`, if the active tables know it: the best
/// move as text in `notation`, its score and the plies to the end.
pub fn answer(pos: &Jasir, notation: Notation) -> Option<(String, Score, u32)> {
    let entry = active()?.probe(pos)?;
    let best = entry.best?;
    let moves = entry.plies.div_ceil(2) as i32;
    let score = match entry.outcome {
        Outcome::Win { margin } => Score::Mate { moves, margin },
        Outcome::Loss { margin } => Score::Mate {
            moves: -moves,
            margin,
        },
        Outcome::Draw => Score::Cp(0),
    };
    Some((pos.format_move(best, notation), score, entry.plies))
}
