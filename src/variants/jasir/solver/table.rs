//! The table of solved positions: canonical key → value, distance and best
//! move; saved to and loaded from a file.
//!
//! File format (little endian): the 8 bytes `JASIRTB1`, the number of
//! entries (`u64`), then per entry the key (`u128`), the value (`i8`), the
//! distance (`u32`) and the best move code (`u16`, `0xFFFF` for none).

use super::super::moves::Move;
use super::super::Jasir;
use super::key::{decode, encode, rules_of};
use super::keymap::KeyMap;
use super::outcome_of;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;
use timur_search::{Game, Outcome};

const MAGIC: &[u8; 8] = b"JASIRTB1";
/// The best-move code of a position with no move (a finished game).
pub const NO_MOVE: u16 = 0xFFFF;
const ENTRY_BYTES: usize = 16 + 1 + 4 + 2;

/// What the table knows of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The result under best play, from the side to move's view (a draw is
    /// a Jarmo draw or endless play).
    pub outcome: Outcome,
    /// The winner forces the end within this many plies (0 for draws).
    pub plies: u32,
    /// A best move; `None` in a finished game.
    pub best: Option<Move>,
}

/// Solved positions.
#[derive(Clone, Debug, Default)]
pub struct SolveTable {
    index: KeyMap,
    value: Vec<i8>,
    plies: Vec<u32>,
    best: Vec<u16>,
}

impl SolveTable {
    /// A table from parallel vectors indexed by `index`'s values.
    pub(crate) fn new(index: KeyMap, value: Vec<i8>, plies: Vec<u32>, best: Vec<u16>) -> Self {
        SolveTable {
            index,
            value,
            plies,
            best,
        }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.value.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.value.is_empty()
    }

    /// What the table knows of `pos`, if it holds it.
    pub fn probe(&self, pos: &Jasir) -> Option<Entry> {
        let i = self.index.get(encode(pos.state(), pos.rules()))?;
        Some(self.entry(i as usize))
    }

    /// Every position with what the table knows of it, in the table's
    /// order.
    pub fn iter(&self) -> impl Iterator<Item = (Jasir, Entry)> + '_ {
        self.index.iter().map(|(key, i)| {
            let rules = rules_of(key);
            let mut st = decode(key);
            st.key = st.compute_key(rules);
            (Jasir::from_state(rules, st), self.entry(i as usize))
        })
    }

    fn entry(&self, i: usize) -> Entry {
        Entry {
            outcome: outcome_of(self.value[i]),
            plies: self.plies[i],
            best: (self.best[i] != NO_MOVE)
                .then(|| Move::from_code(u32::from(self.best[i])))
                .flatten(),
        }
    }

    /// A best move in `pos`, if the table holds `pos` and the game goes on.
    pub fn best_move(&self, pos: &Jasir) -> Option<Move> {
        self.probe(pos)?.best.filter(|&m| pos.is_legal(m))
    }

    /// Writes the table to `path`.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let file = std::fs::File::create(path)
            .map_err(|e| format!("cannot create `{}`: {e}", path.display()))?;
        let mut w = BufWriter::new(file);
        let mut write = |bytes: &[u8]| {
            w.write_all(bytes)
                .map_err(|e| format!("cannot write `{}`: {e}", path.display()))
        };
        write(MAGIC)?;
        write(&(self.len() as u64).to_le_bytes())?;
        for (key, i) in self.index.iter() {
            let i = i as usize;
            write(&key.to_le_bytes())?;
            write(&self.value[i].to_le_bytes())?;
            write(&self.plies[i].to_le_bytes())?;
            write(&self.best[i].to_le_bytes())?;
        }
        w.flush()
            .map_err(|e| format!("cannot write `{}`: {e}", path.display()))
    }

    /// Reads a table written by [`SolveTable::save`].
    pub fn load(path: &Path) -> Result<SolveTable, String> {
        let file = std::fs::File::open(path)
            .map_err(|e| format!("cannot open `{}`: {e}", path.display()))?;
        let mut r = BufReader::new(file);
        let bad = |what: &str| format!("`{}` is not a Jasir solver table: {what}", path.display());
        let mut head = [0u8; 16];
        r.read_exact(&mut head).map_err(|_| bad("too short"))?;
        if &head[..8] != MAGIC {
            return Err(bad("wrong magic bytes"));
        }
        let mut count_bytes = [0u8; 8];
        count_bytes.copy_from_slice(&head[8..]);
        let count = u64::from_le_bytes(count_bytes);
        let count = usize::try_from(count).map_err(|_| bad("entry count too large"))?;
        // The file is written in the key map's slot order, which is hash
        // order: inserted in that order into a small, growing map, the keys
        // would pile up in long probe runs (quadratic time). So the map is
        // sized for every entry first, which the file length must allow.
        let size = r
            .get_ref()
            .metadata()
            .map_err(|e| bad(&e.to_string()))?
            .len();
        let room = (size.saturating_sub(16) / ENTRY_BYTES as u64) as usize;
        if count > room {
            return Err(bad(&format!(
                "truncated: {count} entries announced, room for {room}"
            )));
        }
        let mut table = SolveTable::default();
        table.index.reserve(count);
        table.value.reserve(count);
        table.plies.reserve(count);
        table.best.reserve(count);
        let mut buf = [0u8; ENTRY_BYTES];
        for i in 0..count {
            r.read_exact(&mut buf)
                .map_err(|_| bad(&format!("truncated at entry {i} of {count}")))?;
            let mut key = [0u8; 16];
            key.copy_from_slice(&buf[..16]);
            let value = buf[16] as i8;
            let plies = u32::from_le_bytes([buf[17], buf[18], buf[19], buf[20]]);
            let best = u16::from_le_bytes([buf[21], buf[22]]);
            if best != NO_MOVE && Move::from_code(u32::from(best)).is_none() {
                return Err(bad(&format!("entry {i} has a bad move code {best}")));
            }
            if table
                .index
                .insert(u128::from_le_bytes(key), i as u32)
                .is_some()
            {
                return Err(bad(&format!("entry {i} repeats a key")));
            }
            table.value.push(value);
            table.plies.push(plies);
            table.best.push(best);
        }
        if r.read(&mut buf).map_err(|e| bad(&e.to_string()))? != 0 {
            return Err(bad("data after the last entry"));
        }
        Ok(table)
    }

    /// Adds every entry of `other` that this table lacks.
    pub fn merge(&mut self, other: &SolveTable) {
        // sized first: `other` is walked in hash order (see `load`)
        self.index.reserve(other.len());
        for (key, j) in other.index.iter() {
            if self.index.contains_key(key) {
                continue;
            }
            let j = j as usize;
            self.index.insert(key, self.value.len() as u32);
            self.value.push(other.value[j]);
            self.plies.push(other.plies[j]);
            self.best.push(other.best[j]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::homes::home_positions;
    use super::super::{solve_roots, SolveOutcome};
    use super::*;
    use crate::variants::jasir::Rules;

    /// Loading and merging visit a few slots per entry: the file (and a
    /// table walked for a merge) is in hash order, which in a map that grows
    /// while it fills piles the keys up in long probe runs.
    #[test]
    fn loading_and_merging_cost_a_few_probes_per_entry() {
        let roots = home_positions(Rules::Jasir, 2, 2);
        let SolveOutcome::Solved(sol) = solve_roots(&roots, 1 << 22, &mut |_| {}) else {
            panic!("2 against 2 solves");
        };
        let n = sol.table.len() as u64;
        assert!(n > 200_000);
        let path = std::env::temp_dir().join(format!("jasir_probes_{}.bin", std::process::id()));
        sol.table.save(&path).unwrap();
        let loaded = SolveTable::load(&path);
        let _ = std::fs::remove_file(&path);
        let loaded = loaded.unwrap();
        let mut merged = SolveTable::default();
        merged.merge(&loaded);
        for table in [&loaded, &merged] {
            assert_eq!(table.len(), sol.table.len());
            let probes = table.index.probes();
            assert!(probes < 5 * n, "{probes} probes for {n} entries");
        }
        let root = &roots[0];
        assert_eq!(loaded.probe(root), sol.table.probe(root));
        assert_eq!(merged.probe(root), sol.table.probe(root));
    }
}
