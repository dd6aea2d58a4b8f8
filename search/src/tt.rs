//! The transposition table: one table shared by every search thread, without
//! locks.
//!
//! An entry is two `AtomicU64` words: `data` and `check = key ^ data`. A
//! reader accepts an entry only if `check ^ data` gives back its key, so an
//! entry torn by two threads writing at once (the words of two different
//! stores) is almost surely rejected. Whatever comes out is still only a
//! hint: the search plays a table move only if the position's legal moves
//! contain it.
//!
//! The table's memory comes zeroed from the allocator: for a large table
//! these are fresh pages the OS maps on first touch, so making or clearing
//! even a many-GiB table takes no time on the caller's thread and no memory
//! until the search writes to it.

use crate::worker::params::{TT_AGE_PENALTY, TT_KEEP_DEPTH_MARGIN};
use std::alloc::{alloc_zeroed, handle_alloc_error, Layout};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// Entries per cluster (one 64-byte cache line).
const CLUSTER_SIZE: usize = 4;
/// Bytes per cluster.
const CLUSTER_BYTES: usize = CLUSTER_SIZE * std::mem::size_of::<Slot>();
/// Extra slots allocated so that the clusters can start on a cache line.
const ALIGN_SLACK: usize = CLUSTER_SIZE - 1;
/// Generations are counted modulo this.
const GENERATIONS: u8 = 32;
/// Entries sampled for `hashfull`.
const HASHFULL_SAMPLE: usize = 1000;

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (a fail high).
    Lower,
    /// The true value is at most this (a fail low).
    Upper,
}

/// One probed entry, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TtEntry {
    /// The code of the best move found, if any (see `Game::move_code`).
    pub code: Option<u32>,
    /// The value, in table form (see `score::value_to_tt`).
    pub value: i32,
    /// The depth it was searched to (0 = quiescence).
    pub depth: i32,
    /// What `value` means.
    pub bound: Bound,
    /// The position's static evaluation (clamped to ±[`EVAL_STORED_MAX`]),
    /// if it was computed (not in check).
    pub eval: Option<i32>,
}

/// Move codes are stored in this many bits; a longer code is stored as no
/// move (see `Game::move_code`).
pub(crate) const MOVE_CODE_BITS: u32 = 18;
/// Bits of the stored static evaluation (the rest of the low word).
const EVAL_BITS: u32 = 32 - MOVE_CODE_BITS;
/// Stored static evaluations are clamped into ±this...
pub(crate) const EVAL_STORED_MAX: i32 = (1 << (EVAL_BITS - 1)) - 1;
/// ...and this one below marks an entry without one.
const NO_EVAL: i32 = -EVAL_STORED_MAX - 1;

// data word: bits 0..18 move code, 18..32 static evaluation (i14),
// 32..48 value (i16), 48..56 depth, 56..58 bound (1..=3, never 0, so a used
// entry is never all zero), 58 has-move, 59..64 generation.
fn pack(entry: &TtEntry, generation: u8) -> u64 {
    let bound = match entry.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let value = entry.value.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16 as u16;
    let code = entry.code.filter(|&code| code >> MOVE_CODE_BITS == 0);
    let eval = entry
        .eval
        .map_or(NO_EVAL, |e| e.clamp(-EVAL_STORED_MAX, EVAL_STORED_MAX));
    u64::from(code.unwrap_or(0))
        | u64::from((eval as u32) << MOVE_CODE_BITS)
        | u64::from(value) << 32
        | (entry.depth.clamp(0, 255) as u64) << 48
        | bound << 56
        | u64::from(code.is_some()) << 58
        | u64::from(generation % GENERATIONS) << 59
}

fn unpack(data: u64) -> Option<TtEntry> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    // The evaluation is the top of the low word: an arithmetic shift
    // brings it down with its sign.
    let eval = (data as u32 as i32) >> MOVE_CODE_BITS;
    Some(TtEntry {
        code: ((data >> 58) & 1 == 1).then_some(data as u32 & ((1 << MOVE_CODE_BITS) - 1)),
        value: i32::from((data >> 32) as u16 as i16),
        depth: ((data >> 48) & 0xff) as i32,
        bound,
        eval: (eval != NO_EVAL).then_some(eval),
    })
}

fn generation_of(data: u64) -> u8 {
    (data >> 59) as u8
}

/// An all-zero slot is an empty one (the table relies on it).
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The slot's `(key, data)` if it holds a consistent entry.
    fn read(&self) -> Option<(u64, u64)> {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        (data != 0).then_some((check ^ data, data))
    }

    fn write(&self, key: u64, data: u64) {
        self.data.store(data, Ordering::Relaxed);
        self.check.store(key ^ data, Ordering::Relaxed);
    }
}

/// `len` zeroed slots from the global allocator, or `None` if it refuses.
/// (`calloc` underneath: large blocks are fresh zero pages, not written.)
fn zeroed_slots(len: usize) -> Option<Box<[Slot]>> {
    let layout = Layout::array::<Slot>(len).ok()?;
    if layout.size() == 0 {
        return None;
    }
    // SAFETY: the layout's size is not zero; all-zero bytes are a valid
    // `Slot` (two `AtomicU64` zeros); the block is `len` slots from the
    // global allocator with the layout `Box<[Slot]>` frees it with.
    unsafe {
        let ptr = alloc_zeroed(layout).cast::<Slot>();
        (!ptr.is_null()).then(|| Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)))
    }
}

/// The number of clusters in `mib` MiB (at least one).
fn clusters_in(mib: usize) -> usize {
    (mib.max(1).saturating_mul(1 << 20) / CLUSTER_BYTES).max(1)
}

/// The shared table.
pub(crate) struct TranspositionTable {
    /// Zeroed memory; cluster `i` is the `CLUSTER_SIZE` slots from
    /// `first + i * CLUSTER_SIZE`.
    slots: Box<[Slot]>,
    /// The first slot on a cache-line boundary.
    first: usize,
    /// Number of clusters.
    clusters: usize,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `mib` MiB (at least one cluster). If the memory cannot
    /// be had, the size is halved until it can.
    pub fn new(mib: usize) -> TranspositionTable {
        TranspositionTable::with_clusters(clusters_in(mib))
    }

    /// A table of `mib` MiB, or `None` if the memory cannot be had.
    pub fn try_new(mib: usize) -> Option<TranspositionTable> {
        TranspositionTable::try_with_clusters(clusters_in(mib))
    }

    /// A table of `count` clusters (at least one; fewer if memory is short).
    fn with_clusters(count: usize) -> TranspositionTable {
        let mut count = count.max(1);
        loop {
            if let Some(table) = TranspositionTable::try_with_clusters(count) {
                return table;
            }
            if count == 1 {
                handle_alloc_error(Layout::new::<[Slot; CLUSTER_SIZE + ALIGN_SLACK]>());
            }
            count /= 2;
        }
    }

    /// A table of exactly `count` clusters, or `None`.
    fn try_with_clusters(count: usize) -> Option<TranspositionTable> {
        let len = count
            .max(1)
            .checked_mul(CLUSTER_SIZE)?
            .checked_add(ALIGN_SLACK)?;
        let slots = zeroed_slots(len)?;
        let misalign = slots.as_ptr() as usize % CLUSTER_BYTES;
        let first = (CLUSTER_BYTES - misalign) % CLUSTER_BYTES / std::mem::size_of::<Slot>();
        Some(TranspositionTable {
            slots,
            first: first.min(ALIGN_SLACK),
            clusters: count.max(1),
            generation: AtomicU8::new(0),
        })
    }

    /// Every slot of every cluster.
    fn used_slots(&self) -> &[Slot] {
        &self.slots[self.first..self.first + self.clusters * CLUSTER_SIZE]
    }

    fn cluster(&self, key: u64) -> &[Slot] {
        let index = ((u128::from(key) * self.clusters as u128) >> 64) as usize;
        let start = self.first + index * CLUSTER_SIZE;
        &self.slots[start..start + CLUSTER_SIZE]
    }

    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed)
    }

    /// Starts a new search: older entries become cheaper to replace.
    pub fn new_search(&self) {
        let next = (self.generation() + 1) % GENERATIONS;
        self.generation.store(next, Ordering::Relaxed);
    }

    /// Empties the table and restarts the generation count: fresh zeroed
    /// memory of the same size replaces the old (so a huge table is not
    /// written through); only if none can be had is the old one zeroed.
    pub fn clear(&mut self) {
        match TranspositionTable::try_with_clusters(self.clusters) {
            Some(fresh) => *self = fresh,
            None => {
                for slot in self.used_slots() {
                    slot.data.store(0, Ordering::Relaxed);
                    slot.check.store(0, Ordering::Relaxed);
                }
                self.generation.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Asks the CPU to bring `key`'s cluster into cache, so that the probe
    /// a little later does not wait on memory (a hint: no effect on
    /// results; nothing on targets without a prefetch instruction here).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let line = self.cluster(key).as_ptr().cast::<i8>();
            // SAFETY: a prefetch only hints the cache; it reads nothing and
            // cannot fault, and `line` points into the table anyway.
            unsafe { std::arch::x86_64::_mm_prefetch(line, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        self.cluster(key).iter().find_map(|slot| {
            slot.read()
                .filter(|&(stored, _)| stored == key)
                .and_then(|(_, data)| unpack(data))
        })
    }

    /// Stores `entry` for `key`. A same-key entry keeps its move and static
    /// evaluation when `entry` has none; otherwise the shallowest, oldest
    /// entry of the cluster goes.
    pub fn store(&self, key: u64, mut entry: TtEntry) {
        let generation = self.generation();
        let cluster = self.cluster(key);
        let mut victim = &cluster[0];
        let mut victim_worth = i32::MAX;
        for slot in cluster {
            let Some((stored, data)) = slot.read() else {
                victim = slot;
                break;
            };
            if stored == key {
                if let Some(old) = unpack(data) {
                    if entry.code.is_none() {
                        entry.code = old.code;
                    }
                    if entry.eval.is_none() {
                        entry.eval = old.eval;
                    }
                    let fresh = generation_of(data) == generation;
                    if fresh
                        && entry.bound != Bound::Exact
                        && entry.depth + TT_KEEP_DEPTH_MARGIN < old.depth
                    {
                        return;
                    }
                }
                victim = slot;
                break;
            }
            let age = i32::from(generation.wrapping_sub(generation_of(data)) % GENERATIONS);
            let worth = ((data >> 48) & 0xff) as i32 - TT_AGE_PENALTY * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = slot;
            }
        }
        victim.write(key, pack(&entry, generation));
    }

    /// Permille of sampled entries written during the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation();
        let mut seen = 0u32;
        let mut used = 0u32;
        for slot in self.used_slots().iter().take(HASHFULL_SAMPLE) {
            seen += 1;
            if slot
                .read()
                .is_some_and(|(_, data)| generation_of(data) == generation)
            {
                used += 1;
            }
        }
        (used * 1000).checked_div(seen).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::sync::atomic::AtomicBool;

    fn bound_of(n: u8) -> Bound {
        [Bound::Exact, Bound::Lower, Bound::Upper][usize::from(n % 3)]
    }

    proptest! {
        #[test]
        fn store_then_probe_round_trips(key: u64, code in proptest::option::of(0u32..1 << MOVE_CODE_BITS), value in -30_100i32..=30_100, depth in 0i32..=255, bound: u8, eval in proptest::option::of(-EVAL_STORED_MAX..=EVAL_STORED_MAX)) {
            let table = TranspositionTable::new(1);
            let entry = TtEntry { code, value, depth, bound: bound_of(bound), eval };
            table.store(key, entry);
            prop_assert_eq!(table.probe(key), Some(entry));
            prop_assert_eq!(table.probe(key ^ 1), None);
        }
    }

    #[test]
    fn large_evaluations_are_clamped_and_long_codes_dropped() {
        let table = TranspositionTable::new(1);
        let entry = |code, eval| TtEntry {
            code: Some(code),
            value: 0,
            depth: 1,
            bound: Bound::Exact,
            eval: Some(eval),
        };
        table.store(9, entry(1 << MOVE_CODE_BITS, 20_000));
        let found = table.probe(9);
        assert_eq!(
            found.map(|e| (e.code, e.eval)),
            Some((None, Some(EVAL_STORED_MAX)))
        );
        table.store(10, entry(3, -20_000));
        let found = table.probe(10);
        assert_eq!(
            found.map(|e| (e.code, e.eval)),
            Some((Some(3), Some(-EVAL_STORED_MAX)))
        );
    }

    #[test]
    fn same_key_store_without_move_keeps_the_old_move() {
        let table = TranspositionTable::new(1);
        table.store(
            42,
            TtEntry {
                code: Some(7),
                value: 5,
                depth: 3,
                bound: Bound::Lower,
                eval: Some(-40),
            },
        );
        table.store(
            42,
            TtEntry {
                code: None,
                value: -2,
                depth: 4,
                bound: Bound::Upper,
                eval: None,
            },
        );
        assert_eq!(
            table.probe(42),
            Some(TtEntry {
                code: Some(7),
                value: -2,
                depth: 4,
                bound: Bound::Upper,
                eval: Some(-40),
            })
        );
    }

    #[test]
    fn clear_empties_and_hashfull_counts_this_generation() {
        let mut table = TranspositionTable::new(1);
        table.new_search();
        for key in 0..20_000u64 {
            table.store(
                key.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                TtEntry {
                    code: None,
                    value: 0,
                    depth: 1,
                    bound: Bound::Exact,
                    eval: None,
                },
            );
        }
        assert!(table.hashfull() > 0);
        table.new_search();
        assert_eq!(
            table.hashfull(),
            0,
            "entries of an older search do not count"
        );
        table.clear();
        assert_eq!(table.probe(0x9E37_79B9_7F4A_7C15), None);
    }

    #[test]
    fn clusters_start_on_a_cache_line_and_clear_keeps_the_size() {
        let mut table = TranspositionTable::new(1);
        let start = |t: &TranspositionTable| t.used_slots().as_ptr() as usize;
        assert_eq!(start(&table) % CLUSTER_BYTES, 0);
        let clusters = table.clusters;
        let entry = TtEntry {
            code: None,
            value: 1,
            depth: 2,
            bound: Bound::Exact,
            eval: None,
        };
        table.store(5, entry);
        assert_eq!(table.probe(5), Some(entry));
        table.clear();
        assert_eq!(table.clusters, clusters);
        assert_eq!(start(&table) % CLUSTER_BYTES, 0);
        assert_eq!(table.probe(5), None);
    }

    #[test]
    fn an_impossible_size_is_refused() {
        assert!(TranspositionTable::try_new(usize::MAX >> 20).is_none());
    }

    /// Several threads store into a one-cluster-per-few-keys table while
    /// another probes: every accepted entry must be one that was stored for
    /// exactly that key (torn entries are rejected).
    #[test]
    fn racing_writers_never_produce_a_foreign_entry() {
        let table = TranspositionTable::with_clusters(4);
        let keys: Vec<u64> = (1..=64u64)
            .map(|k| k.wrapping_mul(0xD6E8_FEB8_6659_FD93))
            .collect();
        let entry_for = |key: u64| TtEntry {
            code: Some((key >> 7) as u32 & ((1 << MOVE_CODE_BITS) - 1)),
            value: (key % 20_000) as i32 - 10_000,
            depth: (key % 64) as i32,
            bound: bound_of((key >> 3) as u8),
            eval: Some((key % 16_000) as i32 - 8_000),
        };
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            for t in 0..3 {
                let (table, keys, done) = (&table, &keys, &done);
                scope.spawn(move || {
                    let mut i = t;
                    while !done.load(Ordering::Relaxed) {
                        let key = keys[i % keys.len()];
                        table.store(key, entry_for(key));
                        i += 7;
                    }
                });
            }
            let (mut hits, mut round) = (0, 0usize);
            // Probe while the writers run (they may start late on a busy
            // machine), until enough entries were seen.
            while round < 200_000 || (hits < 10_000 && round < 50_000_000) {
                let key = keys[round % keys.len()];
                if let Some(found) = table.probe(key) {
                    hits += 1;
                    assert_eq!(found, entry_for(key));
                }
                round += 1;
            }
            done.store(true, Ordering::Relaxed);
            assert!(hits > 0);
        });
    }
}
