//! One search thread of Lazy SMP: its own copy of the position, its own
//! stacks and histories, iterative deepening over the shared transposition
//! table. The main worker also keeps time and reports.

mod lmr;
pub(crate) mod params;
mod search;

use crate::control::Control;
use crate::game::Game;
use crate::history::Histories;
use crate::job::{CurrMove, HistoryEntry, Info, Report};
use crate::limits::Limits;
use crate::score::{is_decided, to_score, value_to_tt, Score, EVAL_LIMIT, INFINITY, MAX_PLY};
use crate::timeman::{effort_percent, hold_result, until_stopped, TimeManager};
use crate::tt::{Bound, TranspositionTable, TtEntry};
use crate::tunables::Tuned;
use arrayvec::ArrayVec;
use lmr::LmrTable;
use params::{
    ASPIRATION_MAX, ASPIRATION_MIN_DEPTH, EFFORT_MIN_DEPTH, FALLING_EXTRA_PERCENT, FALLING_VALUE,
    POLL_INTERVAL, STABILITY_PERCENT,
};
use std::cmp::Reverse;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The deepest iteration.
pub(crate) const MAX_DEPTH: u32 = 100;

/// What all workers of one search share.
pub(crate) struct Shared<'a> {
    /// The one transposition table.
    pub tt: &'a TranspositionTable,
    /// The caller's stop and ponderhit flags.
    pub control: &'a Control,
    /// Set when the main worker is done: the helpers stop.
    pub done: AtomicBool,
    /// Nodes of all threads, added in batches.
    pub nodes: AtomicU64,
    /// Positions of all threads answered by an endgame table.
    pub tbhits: AtomicU64,
}

/// A root move and what the iterations found for it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Its value in the current iteration (`-INFINITY`: not better than the
    /// best so far, or not searched yet).
    pub score: i32,
    /// Its value in the previous iteration.
    pub previous: i32,
    /// What `previous` says: exact for the lines that iteration settled, a
    /// bound for a move that failed low or high in it (or kept an older
    /// value).
    pub previous_bound: Bound,
    /// Its principal variation, starting with `mv`.
    pub pv: Vec<M>,
    /// What `score` says if the current iteration set it (a window search
    /// can fail high or low); `None` if it comes from an earlier one.
    pub fresh: Option<Bound>,
    /// Nodes this worker spent below it since the search started.
    pub effort: u64,
}

impl<M> RootMove<M> {
    /// A root move not searched yet.
    pub fn new(mv: M) -> RootMove<M> {
        RootMove {
            mv,
            score: -INFINITY,
            previous: -INFINITY,
            previous_bound: Bound::Upper,
            pv: Vec::with_capacity(MAX_PLY),
            fresh: None,
            effort: 0,
        }
    }

    /// The best known value: this iteration's if it has one.
    pub fn value(&self) -> i32 {
        if self.score > -INFINITY {
            self.score
        } else {
            self.previous
        }
    }
}

/// The main worker's extra duties: time and reports.
pub(crate) struct Main<'a, M> {
    /// The clock.
    pub time: TimeManager,
    /// Where progress goes (`None`: the caller wants only the result, so
    /// no report is built).
    pub report: Option<Report<'a, M>>,
    /// Where the root move being searched goes.
    pub currmove: &'a (dyn Fn(&CurrMove<M>) + Sync),
    /// The job's limits.
    pub limits: &'a Limits,
    /// Search until `stop` (go infinite, or no limit at all).
    pub until_stopped: bool,
    last_best: Option<M>,
    stable_iterations: u32,
    last_value: i32,
    reported_at: u64,
}

impl<'a, M> Main<'a, M> {
    /// The main duties for a search with `limits`.
    pub fn new(
        time: TimeManager,
        report: Option<Report<'a, M>>,
        currmove: &'a (dyn Fn(&CurrMove<M>) + Sync),
        limits: &'a Limits,
    ) -> Main<'a, M> {
        Main {
            time,
            report,
            currmove,
            limits,
            until_stopped: until_stopped(limits),
            last_best: None,
            stable_iterations: 0,
            last_value: 0,
            reported_at: 0,
        }
    }
}

/// One entry of the search stack.
#[derive(Clone, Copy)]
struct Frame<M> {
    /// Quiet moves that refuted a sibling node.
    killers: [Option<M>; 2],
    /// History index of the move that led here (none after a null move).
    previous: Option<usize>,
    /// Repetitions cannot reach below this index of `keys` (set by null moves).
    floor: usize,
    /// The move that led here was a null move.
    after_null: bool,
    /// The static evaluation here (`-INFINITY` in check).
    eval: i32,
    /// The move a singular-extension search leaves out here.
    excluded: Option<M>,
}

/// One search thread.
pub(crate) struct Worker<'a, G: Game> {
    shared: &'a Shared<'a>,
    main: Option<Main<'a, G::Move>>,
    pos: G,
    histories: &'a mut Histories,
    /// The tunable margins this search runs with.
    tuned: Tuned,
    /// The late-move reductions they give.
    lmr: LmrTable,
    /// Keys of the game history, then of the positions on the search path.
    keys: Vec<u64>,
    /// In-check flags parallel to `keys`.
    checks: Vec<bool>,
    /// Index of the root in `keys`.
    base: usize,
    frames: Vec<Frame<G::Move>>,
    pv: Vec<ArrayVec<G::Move, MAX_PLY>>,
    /// The root moves, best first after every iteration.
    pub root_moves: Vec<RootMove<G::Move>>,
    nodes: u64,
    unflushed: u64,
    seen_total: u64,
    node_limit: Option<u64>,
    stopped: bool,
    /// The deepest ply reached in the current iteration.
    seldepth: usize,
    root_depth: i32,
    nmp_min_ply: usize,
    /// PV lines searched and reported.
    lines: usize,
    /// The last iteration completed.
    pub completed_depth: u32,
    /// The main worker's lines (move and value) of the last completed
    /// iteration, best first.
    pub settled: Vec<(G::Move, i32)>,
}

impl<'a, G: Game> Worker<'a, G> {
    /// A worker searching `root` (reached through `history`) over
    /// `root_moves` with the margins `tuned`; the main worker gets `main`.
    pub fn new(
        shared: &'a Shared<'a>,
        main: Option<Main<'a, G::Move>>,
        root: &G,
        history: &[HistoryEntry],
        root_moves: &[G::Move],
        histories: &'a mut Histories,
        tuned: Tuned,
    ) -> Worker<'a, G> {
        histories.prepare(G::HISTORY_SIZE);
        let base = history.len();
        let mut keys: Vec<u64> = history.iter().map(|h| h.key).collect();
        let mut checks: Vec<bool> = history.iter().map(|h| h.in_check).collect();
        keys.resize(base + MAX_PLY + 2, 0);
        checks.resize(base + MAX_PLY + 2, false);
        keys[base] = root.key();
        checks[base] = root.in_check();
        let mut pos = root.clone();
        let frame = Frame {
            killers: [None; 2],
            previous: None,
            floor: 0,
            after_null: false,
            eval: if checks[base] {
                -INFINITY
            } else {
                pos.evaluate().clamp(-EVAL_LIMIT, EVAL_LIMIT)
            },
            excluded: None,
        };
        let node_limit = main.as_ref().and_then(|m| {
            if m.until_stopped {
                None
            } else {
                m.limits.nodes
            }
        });
        Worker {
            shared,
            main,
            pos,
            histories,
            tuned,
            lmr: LmrTable::new(&tuned),
            keys,
            checks,
            base,
            frames: vec![frame; MAX_PLY + 3],
            pv: (0..MAX_PLY + 2).map(|_| ArrayVec::new()).collect(),
            root_moves: root_moves.iter().map(|&mv| RootMove::new(mv)).collect(),
            nodes: 0,
            unflushed: 0,
            seen_total: 0,
            node_limit,
            stopped: false,
            seldepth: 0,
            root_depth: 0,
            nmp_min_ply: 0,
            lines: 1,
            completed_depth: 0,
            settled: Vec::new(),
        }
    }

    /// Counts a node; looks at the flags and the clock every
    /// [`POLL_INTERVAL`] nodes.
    #[inline]
    fn count_node(&mut self) {
        if self.stopped {
            return;
        }
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= POLL_INTERVAL {
            self.poll();
        } else if self
            .node_limit
            .is_some_and(|limit| self.seen_total + self.unflushed >= limit)
        {
            self.stopped = true;
        }
    }

    /// Adds this worker's recent nodes to the shared count.
    pub fn flush(&mut self) {
        self.seen_total = self
            .shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed)
            + self.unflushed;
        self.unflushed = 0;
    }

    fn poll(&mut self) {
        self.flush();
        if self.shared.control.is_stopped()
            || self.shared.done.load(Ordering::Relaxed)
            || self
                .node_limit
                .is_some_and(|limit| self.seen_total >= limit)
        {
            self.stopped = true;
        }
        if let Some(main) = &mut self.main {
            let now = Instant::now();
            if main.time.pondering() && self.shared.control.has_ponderhit() {
                main.time.ponderhit(now);
            }
            if main.time.hard_expired(now) {
                self.stopped = true;
            }
        }
    }

    /// Iterative deepening from `start_depth` to `max_depth` with `multipv`
    /// lines, until done or stopped.
    pub fn run(&mut self, start_depth: u32, max_depth: u32, multipv: usize) {
        let multipv = multipv.clamp(1, self.root_moves.len().max(1));
        self.lines = multipv;
        let mut depth = start_depth.max(1);
        while depth <= max_depth && !self.root_moves.is_empty() && !self.stopped {
            self.root_depth = depth as i32;
            self.seldepth = 0;
            for rm in &mut self.root_moves {
                rm.previous = rm.score;
                rm.previous_bound = rm.fresh.unwrap_or(Bound::Upper);
                rm.fresh = None;
            }
            for pv_index in 0..multipv {
                self.aspiration(depth, pv_index);
                self.root_moves[..=pv_index].sort_by_key(|rm| Reverse(rm.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            self.store_root(depth);
            if self.main.is_some() {
                self.settled.clear();
                self.settled.extend(
                    self.root_moves[..multipv]
                        .iter()
                        .map(|rm| (rm.mv, rm.score)),
                );
                self.report_all(depth);
                if self.main_should_stop() {
                    break;
                }
            }
            depth += 1;
        }
        self.flush();
        self.wait_if_required();
    }

    /// Stores the completed iteration's best root move and value in the
    /// table, so a probe of the root position (UCCI `probe`) finds them.
    fn store_root(&self, depth: u32) {
        if let Some(best) = self.root_moves.first() {
            let entry = TtEntry {
                code: Some(G::move_code(best.mv)),
                value: value_to_tt(best.score, 0),
                depth: depth as i32,
                bound: Bound::Exact,
                eval: None,
            };
            self.shared.tt.store(self.pos.key(), entry);
        }
    }

    /// Searches PV line `pv_index` at `depth` in a window around its last
    /// value, widening until the value falls inside.
    fn aspiration(&mut self, depth: u32, pv_index: usize) {
        let previous = self.root_moves[pv_index].previous;
        let mut delta = self.tuned.aspiration_delta;
        let (mut alpha, mut beta) =
            if depth >= ASPIRATION_MIN_DEPTH && previous > -INFINITY && !is_decided(previous) {
                (
                    (previous - delta).max(-INFINITY),
                    (previous + delta).min(INFINITY),
                )
            } else {
                (-INFINITY, INFINITY)
            };
        loop {
            let value = self.root_search(depth as i32, alpha, beta, pv_index);
            self.root_moves[pv_index..].sort_by_key(|rm| Reverse(rm.score));
            if self.stopped {
                return;
            }
            if value <= alpha {
                self.report_bound(depth, pv_index, Bound::Upper);
                beta = (alpha + beta) / 2;
                alpha = (value - delta).max(-INFINITY);
            } else if value >= beta {
                self.report_bound(depth, pv_index, Bound::Lower);
                beta = (value + delta).min(INFINITY);
            } else {
                return;
            }
            delta *= 2;
            if delta > ASPIRATION_MAX {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Whether the main worker should not start another iteration.
    fn main_should_stop(&mut self) -> bool {
        let (best, value, single, effort) = (
            self.root_moves[0].mv,
            self.root_moves[0].value(),
            self.root_moves.len() == 1,
            self.root_moves[0].effort,
        );
        let control = self.shared.control;
        let Some(main) = &mut self.main else {
            return false;
        };
        if main.until_stopped {
            return false;
        }
        if let (Some(limit), Score::Mate { moves, .. }) = (main.limits.mate, to_score(value)) {
            if moves > 0 && moves as u32 <= limit {
                return true;
            }
        }
        let now = Instant::now();
        if main.time.pondering() && control.has_ponderhit() {
            main.time.ponderhit(now);
        }
        if main.last_best == Some(best) {
            main.stable_iterations += 1;
        } else {
            main.stable_iterations = 0;
        }
        main.last_best = Some(best);
        let mut percent = STABILITY_PERCENT[match main.stable_iterations {
            0 => 0,
            1 => 1,
            2 | 3 => 2,
            _ => 3,
        }];
        if main.last_value - value > FALLING_VALUE {
            percent += FALLING_EXTRA_PERCENT;
        }
        if self.completed_depth >= EFFORT_MIN_DEPTH {
            percent = percent * effort_percent(effort, self.nodes) / 100;
        }
        main.last_value = value;
        main.time.soft_expired(now, percent)
            || (single && main.time.uses_clock() && !main.time.pondering())
    }

    /// After the iterations: a pondering search waits for `ponderhit` or
    /// `stop`, an infinite one for `stop`.
    fn wait_if_required(&self) {
        if let Some(main) = &self.main {
            hold_result(
                main.until_stopped,
                main.time.pondering(),
                self.shared.control,
            );
        }
    }

    /// Where progress goes, if this is the main worker and its caller wants
    /// progress.
    fn reporter(&self) -> Option<Report<'a, G::Move>> {
        self.main.as_ref().and_then(|main| main.report)
    }

    fn info(&self, depth: u32, index: usize, bound: Bound) -> Option<Info<G::Move>> {
        let value = self.root_moves.get(index)?.value();
        self.info_with(depth, index, value, bound)
    }

    /// [`Worker::info`] with the value to report given.
    fn info_with(
        &self,
        depth: u32,
        index: usize,
        value: i32,
        bound: Bound,
    ) -> Option<Info<G::Move>> {
        let main = self.main.as_ref()?;
        let rm = self.root_moves.get(index)?;
        if value <= -INFINITY {
            return None;
        }
        let nodes = self.shared.nodes.load(Ordering::Relaxed) + self.unflushed;
        let time = main.time.elapsed();
        let nps = (u128::from(nodes) * 1_000_000_000 / time.as_nanos().max(1))
            .min(u128::from(u64::MAX)) as u64;
        Some(Info {
            depth,
            seldepth: self.seldepth as u32,
            multipv: index as u32 + 1,
            score: to_score(value),
            bound,
            nodes,
            nps,
            hashfull: self.shared.tt.hashfull(),
            tbhits: self.shared.tbhits.load(Ordering::Relaxed),
            time,
            pv: rm.pv.clone(),
        })
    }

    /// Reports every PV line of a finished iteration.
    fn report_all(&mut self, depth: u32) {
        if let Some(report) = self.reporter() {
            for index in 0..self.lines {
                if let Some(info) = self.info(depth, index, Bound::Exact) {
                    report(&info);
                }
            }
        }
        let nodes = self.nodes;
        if let Some(main) = &mut self.main {
            main.reported_at = nodes;
        }
    }

    /// Reports the root move the main worker starts, once the search is
    /// slow enough for a GUI to want it.
    fn report_currmove(&self, mv: G::Move, number: usize) {
        let Some(main) = &self.main else { return };
        if main.time.elapsed() < Duration::from_secs(params::CURRMOVE_REPORT_AFTER_SECS) {
            return;
        }
        (main.currmove)(&CurrMove {
            mv,
            number: number as u32,
        });
    }

    /// Reports an aspiration failure of a slow iteration.
    fn report_bound(&self, depth: u32, index: usize, bound: Bound) {
        let (Some(main), Some(report)) = (&self.main, self.reporter()) else {
            return;
        };
        if main.time.elapsed() < Duration::from_secs(params::BOUND_REPORT_AFTER_SECS) {
            return;
        }
        if let Some(info) = self.info(depth, index, bound) {
            report(&info);
        }
    }

    /// The final report: repeats the lines if the search went on after the
    /// last report (an interrupted iteration may have found a new best).
    pub fn report_final(&mut self) {
        let needed = self
            .main
            .as_ref()
            .is_some_and(|main| main.reported_at != self.nodes);
        let Some(report) = self.reporter() else {
            return;
        };
        if !needed || self.completed_depth == 0 {
            return;
        }
        // The iteration was cut off: a line it already searched in full (or
        // that failed high) is at least worth its new value at the new
        // depth; any other line reports what the last completed iteration
        // found, as the bound it was there (a move that failed low in it
        // can overtake a best move failing low now).
        let depth = self.completed_depth;
        for index in 0..self.lines {
            let Some(rm) = self.root_moves.get(index) else {
                break;
            };
            let info = match rm.fresh {
                Some(Bound::Exact | Bound::Lower) => {
                    self.info_with(depth + 1, index, rm.score, Bound::Lower)
                }
                _ => self.info_with(depth, index, rm.previous, rm.previous_bound),
            };
            if let Some(info) = info {
                report(&info);
            }
        }
    }
}
