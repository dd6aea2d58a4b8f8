//! A compact table: the solved value of every position of a Jasir
//! N-archer set ([`super::index`]) in one byte a position. The byte is a
//! code into a small dictionary of the (value, distance) pairs the set
//! takes; best moves are not stored but found by probing the children, with
//! the solver's own rule ([`super::retro::best_edge`]), so they are the
//! moves the solver would store.

use super::super::board::{Rules, RANK_1, RANK_5};
use super::super::movegen::generate;
use super::super::moves::Move;
use super::super::position::State;
use super::super::rules::rule_end;
use super::super::Jasir;
use super::index::Layout;
use super::{outcome_of, Entry};

pub use super::compact_file::MAGIC;
use timur_search::{MoveList, Outcome};

/// The byte of a slot not solved yet (while building).
pub(crate) const UNFILLED: u8 = 0xFF;

/// Most (value, distance) codes a table of one byte a position can have.
pub const MAX_CODES: usize = UNFILLED as usize;

/// Most codes a table of two bytes a position can have (`u16::MAX` marks an
/// unfilled slot while building).
pub const MAX_WIDE_CODES: usize = u16::MAX as usize;

/// The code of every slot: one byte each while the dictionary has at most
/// [`MAX_CODES`] pairs, two bytes each beyond.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SlotCodes {
    /// One byte a slot.
    Narrow(Vec<u8>),
    /// Two bytes a slot.
    Wide(Vec<u16>),
}

impl SlotCodes {
    /// Every slot unfilled, one byte each.
    pub(crate) fn unfilled(slots: usize) -> SlotCodes {
        SlotCodes::Narrow(vec![UNFILLED; slots])
    }

    /// Number of slots.
    pub(crate) fn len(&self) -> usize {
        match self {
            SlotCodes::Narrow(v) => v.len(),
            SlotCodes::Wide(v) => v.len(),
        }
    }

    /// Bytes a slot.
    pub(crate) fn width(&self) -> usize {
        match self {
            SlotCodes::Narrow(_) => 1,
            SlotCodes::Wide(_) => 2,
        }
    }

    /// The code of `slot`, `None` while unfilled.
    #[inline]
    pub(crate) fn get(&self, slot: usize) -> Option<usize> {
        match self {
            SlotCodes::Narrow(v) => (v[slot] != UNFILLED).then_some(usize::from(v[slot])),
            SlotCodes::Wide(v) => (v[slot] != u16::MAX).then_some(usize::from(v[slot])),
        }
    }

    /// Most codes this width holds.
    pub(crate) fn capacity(&self) -> usize {
        match self {
            SlotCodes::Narrow(_) => MAX_CODES,
            SlotCodes::Wide(_) => MAX_WIDE_CODES,
        }
    }

    /// Two bytes a slot from now on (unfilled stays unfilled).
    pub(crate) fn widen(&mut self) {
        if let SlotCodes::Narrow(v) = self {
            let wide = v
                .iter()
                .map(|&c| {
                    if c == UNFILLED {
                        u16::MAX
                    } else {
                        u16::from(c)
                    }
                })
                .collect();
            *self = SlotCodes::Wide(wide);
        }
    }

    /// Hands the slots in little-endian bytes, as the files store them,
    /// to `each` a piece at a time (two-byte codes are converted a megabyte
    /// at a time, never copied whole).
    pub(crate) fn for_each_piece<E>(
        &self,
        each: &mut impl FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), E> {
        const PIECE: usize = 1 << 20;
        match self {
            SlotCodes::Narrow(v) => v.chunks(PIECE).try_for_each(each),
            SlotCodes::Wide(v) => v.chunks(PIECE / 2).try_for_each(|words| {
                let bytes: Vec<u8> = words.iter().flat_map(|c| c.to_le_bytes()).collect();
                each(&bytes)
            }),
        }
    }

    /// The slots of `bytes` (as [`SlotCodes::bytes`] writes them) at
    /// `width` bytes a slot.
    pub(crate) fn from_bytes(bytes: Vec<u8>, width: usize) -> SlotCodes {
        if width == 1 {
            SlotCodes::Narrow(bytes)
        } else {
            SlotCodes::Wide(
                bytes
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect(),
            )
        }
    }
}

/// The solved N-archer set of Jasir, one byte a position (two when the set
/// takes more than [`MAX_CODES`] (value, distance) pairs).
#[derive(Clone)]
pub struct CompactTable {
    pub(crate) layout: Layout,
    /// Code → (solver value, plies to the end).
    pub(crate) codes: Vec<(i8, u32)>,
    /// Slot → code.
    pub(crate) data: SlotCodes,
}

impl std::fmt::Debug for CompactTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "CompactTable({} archers, {} positions, {} codes)",
            self.archers(),
            self.len(),
            self.codes.len()
        )
    }
}

impl CompactTable {
    /// The most living archers of the set.
    pub fn archers(&self) -> u32 {
        self.layout.archers()
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Number of (value, distance) codes.
    pub fn code_count(&self) -> usize {
        self.codes.len()
    }

    /// Whether the file at `path` starts as a compact table does.
    pub fn is_compact_file(path: &std::path::Path) -> bool {
        use std::io::Read;
        let mut magic = [0u8; 8];
        std::fs::File::open(path)
            .and_then(|mut f| f.read_exact(&mut magic))
            .is_ok()
            && &magic == MAGIC
    }

    /// Whether the table is empty (never: every set has positions).
    pub fn is_empty(&self) -> bool {
        self.data.len() == 0
    }

    /// The solver value (side to move's view: `m + 1` for a win with margin
    /// `m`, `-(m + 1)` for a loss, 0 for a draw) and plies to the end of a
    /// Jasir state, if the set holds it.
    pub(crate) fn value(&self, st: &State) -> Option<(i8, u32)> {
        let slot = self.layout.slot(st)?;
        self.codes.get(self.data.get(slot as usize)?).copied()
    }

    /// The result under best play and the plies the winner needs, if the
    /// table holds `pos`.
    pub fn result(&self, pos: &Jasir) -> Option<(Outcome, u32)> {
        if pos.rules() != Rules::Jasir {
            return None;
        }
        let (value, plies) = self.value(pos.state())?;
        Some((outcome_of(value), plies))
    }

    /// What the table knows of `pos`, best move included (found by probing
    /// every child).
    pub fn probe(&self, pos: &Jasir) -> Option<Entry> {
        if pos.rules() != Rules::Jasir {
            return None;
        }
        let (value, plies) = self.value(pos.state())?;
        Some(Entry {
            outcome: outcome_of(value),
            plies,
            best: self.best(pos.state(), value),
        })
    }

    /// The move the solver stores for a position of value `mine`: the child
    /// best for the mover, a win nearest the end, otherwise farthest; the
    /// first in move order among equals. `None` if the game is over.
    fn best(&self, st: &State, mine: i8) -> Option<Move> {
        if rule_end(st, Rules::Jasir).is_some() {
            return None;
        }
        let mut list = MoveList::new();
        generate(st, Rules::Jasir, &mut list);
        let mut best: Option<(i8, i64, Move)> = None;
        for &mv in &list {
            let mut child = *st;
            child.apply(Rules::Jasir, mv);
            // no move leaves the set
            let (value, plies) = self.value(&child)?;
            let plies = i64::from(plies);
            let rank = (-value, if mine > 0 { -plies } else { plies });
            if best.is_none_or(|(s, t, _)| rank > (s, t)) {
                best = Some((rank.0, rank.1, mv));
            }
        }
        best.map(|(_, _, mv)| mv)
    }
}

/// The states that show the position of canonical state `st` (frozen
/// archers simple): the same with any of its frozen archers flagged elite.
pub(crate) fn shown_states(st: &State) -> impl Iterator<Item = State> + '_ {
    let frozen = (st.archers[0] & RANK_5) | (st.archers[1] & RANK_1);
    let mut subset = Some(0u32);
    std::iter::from_fn(move || {
        let s = subset?;
        let next = s.wrapping_sub(frozen) & frozen;
        subset = (next != 0).then_some(next);
        let mut shown = *st;
        shown.elite |= s;
        Some(shown)
    })
}

#[cfg(test)]
mod tests {
    use super::super::build::build;
    use super::super::value_of;
    use super::*;
    use crate::variants::jasir::rules::no_moves_end;

    /// A table of two bytes a position is written as format version 2 and
    /// read back with the same value at every slot.
    #[test]
    fn wide_tables_round_trip() {
        let mut table = build(3, 1 << 22, &mut |_| {}, &mut |_| {}).unwrap();
        let narrow = table.data.clone();
        table.data.widen();
        assert_eq!(table.data.width(), 2);
        let path = std::env::temp_dir().join(format!("timur-wide-{}", std::process::id()));
        table.save(&path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(bytes[8], 2);
        let loaded = CompactTable::load(&path).unwrap();
        assert_eq!(loaded.data, table.data);
        assert!((0..narrow.len()).all(|s| narrow.get(s) == loaded.data.get(s)));
        std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        assert!(CompactTable::load(&path).unwrap_err().contains("truncated"));
        let _ = std::fs::remove_file(path);
    }

    /// Every position of the 4-archer set, not only those the map tables
    /// reach, agrees with its children: a finished game has its rule
    /// value at distance 0, any other position the best of its children's
    /// values (negated), and a win is one ply farther from the end than a
    /// child that keeps it.
    #[test]
    fn every_value_follows_from_the_children() {
        let table = build(4, 1 << 22, &mut |_| {}, &mut |_| {}).unwrap();
        let mut wins = 0;
        for slot in 0..table.layout.total() {
            let st = table.layout.state(slot);
            let (value, plies) = table.value(&st).unwrap();
            let mut list = MoveList::new();
            let end = rule_end(&st, Rules::Jasir);
            if end.is_none() {
                generate(&st, Rules::Jasir, &mut list);
            }
            if list.is_empty() {
                let end = end.unwrap_or_else(|| no_moves_end(&st, Rules::Jasir));
                assert_eq!((value, plies), (value_of(end.outcome_for(st.side)), 0));
                continue;
            }
            let children: Vec<(i8, u32)> = list
                .iter()
                .map(|&mv| {
                    let mut child = st;
                    child.apply(Rules::Jasir, mv);
                    table.value(&child).expect("no move leaves the set")
                })
                .collect();
            let best = children.iter().map(|&(v, _)| -v).max().unwrap();
            assert_eq!(value, best, "slot {slot}");
            if value > 0 {
                wins += 1;
                let nearest = children
                    .iter()
                    .filter(|&&(v, _)| v == -value)
                    .map(|&(_, p)| p)
                    .min()
                    .unwrap();
                assert_eq!(plies, nearest + 1, "slot {slot}");
            }
        }
        assert!(wins > 100_000, "{wins} won positions");
    }
}
