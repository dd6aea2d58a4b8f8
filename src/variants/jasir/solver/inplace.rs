//! The in-place solver of a compact table: retrograde analysis over the
//! slots of the compact index ([`super::index`]) with a few bytes a slot
//! and no graph in memory.
//!
//! The values are those of [`super::retro`]: for each threshold `k`, the
//! sets A_k (the side to move forces a finished game worth ≥ k) and B_k
//! (it cannot avoid one worth ≤ −k) with their retrograde layers; a
//! position's value is ±(the largest k whose A_k or B_k holds it), its
//! distance the layer there; no set: a draw (endless play), distance 0.
//!
//! Order: the thresholds from the largest down (a position's first set is
//! its value), and inside a threshold's pass the splits with the fewest
//! archers first: a move stays in its split except a capture that kills,
//! which goes to a split with one archer less, already passed at this
//! threshold. So a child outside the split has its set membership in the
//! table's codes (value ≥ k: A_k, ≤ −k: B_k; no code yet: neither) and its
//! layer at this threshold in `layers`.
//!
//! Memory: the table's codes (one byte a slot, two beyond 255 codes), the
//! layer of the current pass (one byte a slot), and for the split being
//! passed one byte a slot (status, a pending flag and the count of moves
//! not yet known to reach A_k), plus the layer frontiers and the cells
//! pending for a later layer (four bytes a position of a layer, five a
//! pending cell). Predecessors come from the unmove generator
//! ([`super::unmove`]), children from forward generation.
//!
//! Only canonical slots (frozen archers simple) are solved; the others
//! take their canonical slot's code at the end.

use super::super::board::Rules;
use super::super::movegen::generate;
use super::super::position::State;
use super::super::rules::{no_moves_end, rule_end};
use super::compact::{CompactTable, SlotCodes};
use super::index::{splits, Layout};
use super::unmove::{canonical, for_each_parent, is_canonical};
use super::value_of;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use std::time::{Duration, Instant};
use timur_search::MoveList;

/// Cell status: not known yet.
const OPEN: u8 = 0;
/// Cell status: in A_k.
const IN_A: u8 = 1 << 6;
/// Cell status: in B_k.
const IN_B: u8 = 2 << 6;
/// Cell status: not a node (a frozen archer shown elite).
const OUT: u8 = 3 << 6;
const STATUS: u8 = 3 << 6;
/// An open cell whose layer (in `layers`) is already known: it joins A_k
/// there (count > 0, a child outside the split is in B_k) or B_k (count 0).
const PEND: u8 = 1 << 5;
/// Moves not yet known to reach A_k.
const COUNT: u8 = 31;

/// Most layers a pass may have (a layer is a byte).
pub const MAX_LAYER: usize = 254;

/// Where a build stands: the next step is `pass` (an index into
/// [`InPlace::thresholds`]) over split `split` (an index into
/// [`InPlace::order`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Next {
    /// Index of the threshold.
    pub pass: usize,
    /// Index of the split in the pass.
    pub split: usize,
}

/// A report on one step (a threshold's pass over one split), or on a
/// layer of a long step (`layer` set).
#[derive(Clone, Copy, Debug)]
pub struct StepReport {
    /// The threshold.
    pub threshold: i8,
    /// White's living archers.
    pub white: u32,
    /// Black's living archers.
    pub black: u32,
    /// Slots of the split.
    pub slots: u64,
    /// The layer reached (during a step), `None` once the step is done.
    pub layer: Option<usize>,
    /// Positions found in A_k so far.
    pub in_a: u64,
    /// Positions found in B_k so far.
    pub in_b: u64,
    /// Positions given their value by this step.
    pub assigned: u64,
    /// Time of the step.
    pub elapsed: Duration,
    /// Steps done, of all.
    pub done: usize,
    /// All steps.
    pub steps: usize,
}

/// The state of an in-place build (resumable between steps).
pub struct InPlace {
    pub(crate) layout: Layout,
    /// Code → (solver value, plies).
    pub(crate) codes: Vec<(i8, u32)>,
    /// Slot → code (unfilled until valued).
    pub(crate) data: SlotCodes,
    /// Slot → layer at the current threshold (pending layer or the
    /// largest layer of a child outside the split while open).
    pub(crate) layers: Vec<AtomicU8>,
    /// The next step.
    pub(crate) next: Next,
}

/// A split's slots.
#[derive(Clone, Copy, Debug)]
struct Split {
    white: u32,
    black: u32,
    lo: u64,
    hi: u64,
}

/// What expanding part of a layer found: the positions joining a set at
/// the next layer, and those pending for a later one (with the layer).
type Expansion = (Vec<u32>, Vec<(u8, u32)>);

/// What a child outside the split is at the current threshold.
enum Known {
    A(u8),
    B(u8),
    Neither,
}

impl InPlace {
    /// A build of the set of at most `archers` living archers, nothing
    /// solved.
    pub fn new(archers: u32) -> InPlace {
        let layout = Layout::new(archers);
        let total = layout.total() as usize;
        InPlace {
            data: SlotCodes::unfilled(total),
            layers: (0..total).map(|_| AtomicU8::new(0)).collect(),
            layout,
            codes: Vec::new(),
            next: Next { pass: 0, split: 0 },
        }
    }

    /// The thresholds, largest first: 1 up to the largest value a
    /// finished game of the set takes (a winner scores at most 5).
    pub fn thresholds(&self) -> Vec<i8> {
        let top = self.layout.archers().min(5) as i8 + 1;
        (1..=top).rev().collect()
    }

    /// The splits (White's, Black's living archers) in the order of a pass:
    /// fewest archers first.
    pub fn order(&self) -> Vec<(u32, u32)> {
        let mut order = splits(self.layout.archers());
        order.reverse();
        order
    }

    /// Steps in all (passes × splits).
    pub fn steps(&self) -> usize {
        self.thresholds().len() * self.order().len()
    }

    /// Steps done.
    pub fn done(&self) -> usize {
        self.next.pass * self.order().len() + self.next.split
    }

    /// Whether every step is done.
    pub fn finished(&self) -> bool {
        self.next.pass >= self.thresholds().len()
    }

    /// The slots of split `(white, black)` (its classes are contiguous).
    fn split(&self, (white, black): (u32, u32)) -> Split {
        let classes: Vec<_> = self
            .layout
            .classes()
            .iter()
            .filter(|c| c.material[0].living() == white && c.material[1].living() == black)
            .collect();
        let lo = classes[0].offset;
        let hi = classes[classes.len() - 1].offset + classes[classes.len() - 1].size;
        assert_eq!(hi - lo, classes.iter().map(|c| c.size).sum::<u64>());
        Split {
            white,
            black,
            lo,
            hi,
        }
    }

    /// What a child outside the current split is at threshold `k`.
    #[inline]
    fn known(&self, slot: usize, k: i8) -> Known {
        match self.data.get(slot) {
            Some(code) => {
                let v = self.codes[code].0;
                if v >= k {
                    Known::A(self.layers[slot].load(Relaxed))
                } else if v <= -k {
                    Known::B(self.layers[slot].load(Relaxed))
                } else {
                    Known::Neither
                }
            }
            None => Known::Neither,
        }
    }

    /// The first cell of `slot` at threshold `k`; sets its layer
    /// (pending, or the largest layer of an A_k child outside the split).
    fn init_cell(&self, slot: u64, s: Split, k: i8) -> u8 {
        let st = self.layout.state(slot);
        if !is_canonical(&st) {
            return OUT;
        }
        let layer = &self.layers[slot as usize];
        let pend = |at: usize, cell: u8| {
            assert!(at <= MAX_LAYER, "a layer beyond {MAX_LAYER}");
            layer.store(at as u8, Relaxed);
            PEND | cell
        };
        let mut list = MoveList::new();
        let end = match rule_end(&st, Rules::Jasir) {
            Some(end) => Some(end),
            None => {
                generate(&st, Rules::Jasir, &mut list);
                list.is_empty().then(|| no_moves_end(&st, Rules::Jasir))
            }
        };
        if let Some(end) = end {
            let v = value_of(end.outcome_for(st.side));
            return if v >= k {
                pend(0, 1)
            } else if v <= -k {
                pend(0, 0)
            } else {
                OPEN
            };
        }
        assert!(list.len() <= usize::from(COUNT), "more than 31 moves");
        let (mut count, mut b_min, mut a_max) = (0u8, None::<u8>, 0u8);
        for &mv in &list {
            let mut child = st;
            child.apply(Rules::Jasir, mv);
            let cs = self
                .layout
                .slot(&canonical(&child))
                .expect("no move leaves the set");
            if (s.lo..s.hi).contains(&cs) {
                count += 1;
                continue;
            }
            match self.known(cs as usize, k) {
                Known::A(l) => a_max = a_max.max(l),
                Known::B(l) => {
                    b_min = Some(b_min.map_or(l, |m| m.min(l)));
                    count += 1;
                }
                Known::Neither => count += 1,
            }
        }
        if let Some(b) = b_min {
            pend(usize::from(b) + 1, count)
        } else if count == 0 {
            pend(usize::from(a_max) + 1, 0)
        } else {
            layer.store(a_max, Relaxed);
            count
        }
    }

    /// Runs the next step: the pass of the next threshold over the next
    /// split. `progress` sees a report now and then during a long step.
    pub fn step(&mut self, progress: &mut dyn FnMut(&StepReport)) -> Result<StepReport, String> {
        let clock = Instant::now();
        let thresholds = self.thresholds();
        let order = self.order();
        let k = thresholds[self.next.pass];
        let s = self.split(order[self.next.split]);
        let n = (s.hi - s.lo) as usize;
        let mut report = StepReport {
            threshold: k,
            white: s.white,
            black: s.black,
            slots: n as u64,
            layer: Some(0),
            in_a: 0,
            in_b: 0,
            assigned: 0,
            elapsed: Duration::ZERO,
            done: self.done(),
            steps: self.steps(),
        };
        // a winner scores at most its living archers, and no move adds
        // any: above that threshold A_k and B_k are empty
        if i64::from(k) > i64::from(s.white.max(s.black)) + 1 {
            return Ok(self.advance(report, clock));
        }
        let cells: Vec<AtomicU8> = (0..n)
            .into_par_iter()
            .with_min_len(1 << 12)
            .map(|i| AtomicU8::new(self.init_cell(s.lo + i as u64, s, k)))
            .collect();
        // the pending cells by layer (one scan)
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); MAX_LAYER + 2];
        let found: Vec<Vec<(u8, u32)>> = cells
            .par_chunks(1 << 16)
            .enumerate()
            .map(|(c, chunk)| {
                let base = c << 16;
                let mut out = Vec::new();
                for (i, cell) in chunk.iter().enumerate() {
                    if cell.load(Relaxed) & (STATUS | PEND) == PEND {
                        let j = base + i;
                        out.push((self.layers[s.lo as usize + j].load(Relaxed), j as u32));
                    }
                }
                out
            })
            .collect();
        for (layer, j) in found.into_iter().flatten() {
            buckets[usize::from(layer)].push(j);
        }
        let mut last_report = Instant::now();
        let mut frontier = self.due(&cells, s, 0, std::mem::take(&mut buckets[0]));
        let mut d = 0usize;
        loop {
            for &i in &frontier {
                if cells[i as usize].load(Relaxed) & STATUS == IN_A {
                    report.in_a += 1;
                } else {
                    report.in_b += 1;
                }
            }
            if frontier.is_empty() && buckets[d + 1..].iter().all(Vec::is_empty) {
                break;
            }
            if d + 1 > MAX_LAYER {
                return Err(format!(
                    "{} against {}, threshold {k}: more than {MAX_LAYER} layers",
                    s.white, s.black
                ));
            }
            let parts: Vec<Expansion> = frontier
                .par_chunks(1 << 10)
                .map(|chunk| self.expand(chunk, &cells, s, d))
                .collect();
            let mut next = Vec::new();
            for (now, later) in parts {
                next.extend(now);
                for (layer, j) in later {
                    buckets[usize::from(layer)].push(j);
                }
            }
            d += 1;
            next.extend(self.due(&cells, s, d, std::mem::take(&mut buckets[d])));
            frontier = next;
            if last_report.elapsed() > Duration::from_secs(30) {
                last_report = Instant::now();
                report.layer = Some(d);
                report.elapsed = clock.elapsed();
                progress(&report);
            }
        }
        report.assigned = self.assign(&cells, s, k)?;
        Ok(self.advance(report, clock))
    }

    /// Moves on to the next step; the finished step's report.
    fn advance(&mut self, mut report: StepReport, clock: Instant) -> StepReport {
        self.next.split += 1;
        if self.next.split == self.order().len() {
            self.next = Next {
                pass: self.next.pass + 1,
                split: 0,
            };
        }
        report.layer = None;
        report.elapsed = clock.elapsed();
        report.done = self.done();
        report
    }

    /// The cells of `bucket` still pending join their set at layer `d`
    /// now (A_k with a count, B_k without); their indices in the split.
    fn due(&self, cells: &[AtomicU8], s: Split, d: usize, bucket: Vec<u32>) -> Vec<u32> {
        let mut out = bucket;
        out.retain(|&i| {
            let cell = &cells[i as usize];
            let c = cell.load(Relaxed);
            if c & (STATUS | PEND) != PEND
                || usize::from(self.layers[s.lo as usize + i as usize].load(Relaxed)) != d
            {
                return false;
            }
            cell.store(if c & COUNT == 0 { IN_B } else { IN_A }, Relaxed);
            true
        });
        out
    }

    /// The predecessors of the positions of layer `d` in `chunk`: those
    /// that join a set at layer `d + 1` (first list), count down, or are
    /// pending for a later layer (second list, with the layer).
    fn expand(&self, chunk: &[u32], cells: &[AtomicU8], s: Split, d: usize) -> Expansion {
        let mut out = Vec::new();
        let mut later = Vec::new();
        for &i in chunk {
            let won_by_mover = cells[i as usize].load(Relaxed) & STATUS == IN_B;
            let child = self.layout.state(s.lo + u64::from(i));
            for_each_parent(&child, &mut |p: &State| {
                let Some(ps) = self.layout.slot(p) else {
                    return;
                };
                debug_assert!((s.lo..s.hi).contains(&ps));
                let j = (ps - s.lo) as usize;
                let cell = &cells[j];
                let layer = &self.layers[ps as usize];
                let mut cur = cell.load(Relaxed);
                while cur & STATUS == OPEN {
                    if won_by_mover {
                        match cell.compare_exchange_weak(cur, IN_A, Relaxed, Relaxed) {
                            Ok(_) => {
                                layer.store((d + 1) as u8, Relaxed);
                                out.push(j as u32);
                                return;
                            }
                            Err(now) => cur = now,
                        }
                        continue;
                    }
                    assert!(cur & COUNT > 0, "a count below zero");
                    match cell.compare_exchange_weak(cur, cur - 1, Relaxed, Relaxed) {
                        Ok(_) => {
                            if (cur - 1) & COUNT == 0 {
                                assert!(cur & PEND == 0, "a pending A_k cell counted out");
                                // every move reaches A_k: B_k after the last child
                                let at = 1 + d.max(usize::from(layer.load(Relaxed)));
                                assert!(at <= MAX_LAYER, "a layer beyond {MAX_LAYER}");
                                if at == d + 1 {
                                    layer.store(at as u8, Relaxed);
                                    cell.store(IN_B, Relaxed);
                                    out.push(j as u32);
                                } else {
                                    layer.store(at as u8, Relaxed);
                                    cell.store(PEND, Relaxed);
                                    later.push((at as u8, j as u32));
                                }
                            }
                            return;
                        }
                        Err(now) => cur = now,
                    }
                }
            });
        }
        (out, later)
    }

    /// Gives every position of the split found in A_k or B_k and not
    /// valued yet the value ±k at its layer; the number valued.
    fn assign(&mut self, cells: &[AtomicU8], s: Split, k: i8) -> Result<u64, String> {
        let lo = s.lo as usize;
        // the (sign, layer) pairs met
        let seen = {
            let data = &self.data;
            let layers = &self.layers;
            cells
                .par_iter()
                .enumerate()
                .with_min_len(1 << 14)
                .fold(
                    || vec![false; 512],
                    |mut seen, (i, cell)| {
                        let status = cell.load(Relaxed) & STATUS;
                        if (status == IN_A || status == IN_B) && data.get(lo + i).is_none() {
                            let l = usize::from(layers[lo + i].load(Relaxed));
                            seen[usize::from(status == IN_B) * 256 + l] = true;
                        }
                        seen
                    },
                )
                .reduce(
                    || vec![false; 512],
                    |a, b| a.iter().zip(&b).map(|(x, y)| *x || *y).collect(),
                )
        };
        let mut code_of = [[0usize; 256]; 2];
        for (i, &met) in seen.iter().enumerate() {
            if !met {
                continue;
            }
            let pair = (if i < 256 { k } else { -k }, (i % 256) as u32);
            code_of[i / 256][i % 256] = self.code(pair)?;
        }
        let assigned = AtomicU64::new(0);
        let layers = &self.layers;
        let fill = |i: usize| -> Option<usize> {
            let status = cells[i].load(Relaxed) & STATUS;
            (status == IN_A || status == IN_B).then(|| {
                let l = usize::from(layers[lo + i].load(Relaxed));
                code_of[usize::from(status == IN_B)][l]
            })
        };
        match &mut self.data {
            SlotCodes::Narrow(v) => v[lo..s.hi as usize]
                .par_iter_mut()
                .enumerate()
                .with_min_len(1 << 14)
                .for_each(|(i, byte)| {
                    if *byte == super::compact::UNFILLED {
                        if let Some(code) = fill(i) {
                            *byte = code as u8;
                            assigned.fetch_add(1, Relaxed);
                        }
                    }
                }),
            SlotCodes::Wide(v) => v[lo..s.hi as usize]
                .par_iter_mut()
                .enumerate()
                .with_min_len(1 << 14)
                .for_each(|(i, word)| {
                    if *word == u16::MAX {
                        if let Some(code) = fill(i) {
                            *word = code as u16;
                            assigned.fetch_add(1, Relaxed);
                        }
                    }
                }),
        }
        Ok(assigned.into_inner())
    }

    /// The code of a (value, plies) pair, added to the dictionary (and the
    /// slots widened to two bytes) if new.
    fn code(&mut self, pair: (i8, u32)) -> Result<usize, String> {
        if let Some(c) = self.codes.iter().position(|&p| p == pair) {
            return Ok(c);
        }
        if self.codes.len() == self.data.capacity() {
            self.data.widen();
        }
        if self.codes.len() == self.data.capacity() {
            return Err(format!(
                "more than {} (value, distance) pairs",
                self.data.capacity()
            ));
        }
        self.codes.push(pair);
        Ok(self.codes.len() - 1)
    }

    /// After the last step: the positions in no set are draws (value 0,
    /// distance 0), and every slot that shows a frozen archer elite takes
    /// the code of its canonical slot.
    pub fn finish(mut self) -> Result<CompactTable, String> {
        assert!(self.finished(), "steps remain");
        let draw = self.code((0, 0))?;
        let layout = &self.layout;
        let total = layout.total() as usize;
        const CHUNK: usize = 1 << 22;
        for start in (0..total).step_by(CHUNK) {
            let end = (start + CHUNK).min(total);
            let data = &self.data;
            let codes: Vec<usize> = (start..end)
                .into_par_iter()
                .with_min_len(1 << 12)
                .map(|slot| {
                    if let Some(code) = data.get(slot) {
                        return code;
                    }
                    let st = layout.state(slot as u64);
                    if is_canonical(&st) {
                        return draw;
                    }
                    let canon = layout.slot(&canonical(&st)).expect("in the set");
                    data.get(canon as usize).unwrap_or(draw)
                })
                .collect();
            match &mut self.data {
                SlotCodes::Narrow(v) => {
                    for (byte, c) in v[start..end].iter_mut().zip(codes) {
                        *byte = c as u8;
                    }
                }
                SlotCodes::Wide(v) => {
                    for (word, c) in v[start..end].iter_mut().zip(codes) {
                        *word = c as u16;
                    }
                }
            }
        }
        Ok(CompactTable {
            layout: self.layout,
            codes: self.codes,
            data: self.data,
        })
    }
}

/// Solves the Jasir set of at most `archers` living archers in place, every
/// step at once (no checkpoints); `progress` sees every report.
pub fn solve_in_place(
    archers: u32,
    progress: &mut dyn FnMut(&StepReport),
) -> Result<CompactTable, String> {
    let mut build = InPlace::new(archers);
    while !build.finished() {
        let report = build.step(progress)?;
        progress(&report);
    }
    build.finish()
}

#[cfg(test)]
mod tests {
    use super::super::build::build;
    use super::super::compare::compare_compact;
    use super::*;

    /// The in-place solver gives every slot of the 3- and 4-archer sets
    /// the value and distance of the graph build.
    #[test]
    fn equals_the_graph_build() {
        for archers in [3, 4] {
            let graph = build(archers, 1 << 22, &mut |_| {}, &mut |_| {}).unwrap();
            let inplace = solve_in_place(archers, &mut |_| {}).unwrap();
            let c = compare_compact(&graph, &inplace).unwrap();
            assert_eq!(c.differing, 0, "{archers} archers: {c:?}");
        }
    }
}
