//! The search façade: the shared transposition table, the thread pool and
//! the per-thread histories, and `search`, which runs Lazy SMP — every
//! worker deepens iteratively over the same table; the main worker keeps
//! time, reports, and has the final say.

use crate::control::Control;
use crate::game::{Game, MoveList};
use crate::history::Histories;
use crate::job::{CurrMove, HistoryEntry, Info, Report, SearchJob, SearchResult};
use crate::limits::Limits;
use crate::movepick::{tactical_key, TT_MOVE};
use crate::score::{outcome_score, to_score, value_from_tt, Score, EVAL_LIMIT, INFINITY};
use crate::skill::{Skill, SKILL_LINES};
use crate::timeman::{hold_result, until_stopped, TimeManager};
use crate::tt::{Bound, TranspositionTable};
use crate::tunables::Tuned;
use crate::worker::{Main, Shared, Worker, MAX_DEPTH};
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::cmp::Reverse;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::Instant;

/// Stack of every search thread (also the engine's and the data
/// generator's threads that search): deep recursion with move lists on the
/// stack.
pub const STACK_SIZE: usize = 64 << 20;

/// A worker pool of `threads` threads, or `None` if the system refuses.
fn build_pool(threads: usize) -> Option<Arc<ThreadPool>> {
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK_SIZE)
        .thread_name(|index| format!("timur-search-{index}"))
        .build()
        .ok()
        .map(Arc::new)
}

/// A transposition-table entry as [`Searcher::probe`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe<M> {
    /// The stored best move, if it is legal in the probed position.
    pub best: Option<M>,
    /// The stored score, from the side to move's view.
    pub score: Score,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    /// The depth it was searched to.
    pub depth: u32,
}

/// The engine's search: shared by the protocol thread and the search thread
/// through an `Arc`; every method takes `&self`.
pub struct Searcher {
    tt: RwLock<TranspositionTable>,
    pool: Mutex<Option<Arc<ThreadPool>>>,
    threads: AtomicUsize,
    histories: Mutex<Vec<Histories>>,
}

impl Searcher {
    /// A searcher with a `hash_mib` MiB table and `threads` workers.
    pub fn new(hash_mib: usize, threads: usize) -> Searcher {
        let threads = threads.max(1);
        Searcher {
            tt: RwLock::new(TranspositionTable::new(hash_mib)),
            pool: Mutex::new(build_pool(threads)),
            threads: AtomicUsize::new(threads),
            histories: Mutex::new(Vec::new()),
        }
    }

    /// Uses `threads` workers (at least one) from the next search on.
    pub fn set_threads(&self, threads: usize) {
        let threads = threads.max(1);
        let mut pool = self.pool.lock().unwrap_or_else(PoisonError::into_inner);
        if threads != self.threads.load(Ordering::Relaxed) || pool.is_none() {
            *pool = build_pool(threads);
            self.threads.store(threads, Ordering::Relaxed);
        }
    }

    /// The number of workers.
    pub fn threads(&self) -> usize {
        self.threads.load(Ordering::Relaxed)
    }

    /// Replaces the table by an empty one of `mib` MiB (waits for a running
    /// search to end). If that memory cannot be had, the old table stays
    /// and the error says so.
    pub fn set_hash(&self, mib: usize) -> Result<(), String> {
        let fresh = TranspositionTable::try_new(mib)
            .ok_or_else(|| format!("cannot allocate a {mib} MiB hash table"))?;
        *self.tt.write().unwrap_or_else(PoisonError::into_inner) = fresh;
        Ok(())
    }

    /// Forgets everything learnt: the table and every history.
    pub fn clear(&self) {
        self.tt
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
        for histories in self
            .histories
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter_mut()
        {
            histories.clear();
        }
    }

    /// What the transposition table knows of `pos` (UCCI `probe`): the
    /// stored move (only if legal here), score, bound and depth.
    pub fn probe<G: Game>(&self, pos: &G) -> Option<Probe<G::Move>> {
        let tt = self.tt.read().unwrap_or_else(PoisonError::into_inner);
        let entry = tt.probe(pos.key())?;
        let best = entry
            .code
            .and_then(G::move_from_code)
            .filter(|&mv| pos.is_legal(mv));
        Some(Probe {
            best,
            score: to_score(value_from_tt(entry.value, 0)),
            bound: entry.bound,
            depth: entry.depth.max(0) as u32,
        })
    }

    /// Searches `job` until its limits or `control` stop it, calling `report`
    /// (from one thread at a time) after every iteration, and returns the
    /// move to play.
    pub fn search<G: Game>(
        &self,
        job: SearchJob<G>,
        control: &Control,
        report: &(dyn Fn(&Info<G::Move>) + Sync),
    ) -> SearchResult<G::Move> {
        self.run(job, control, Some(report), &|_| {})
    }

    /// [`Searcher::search`] for a caller that wants only the result: no
    /// progress report is built (self-play data generation, where a search
    /// of a thousand nodes would otherwise spend about 2 % of its time on
    /// reports it drops).
    pub fn search_for_result<G: Game>(
        &self,
        job: SearchJob<G>,
        control: &Control,
    ) -> SearchResult<G::Move> {
        self.run(job, control, None, &|_| {})
    }

    /// [`Searcher::search`] that also calls `currmove` with every root move
    /// the main worker starts once the search has run a second (UCI `info
    /// currmove`).
    pub fn search_with_moves<G: Game>(
        &self,
        job: SearchJob<G>,
        control: &Control,
        report: &(dyn Fn(&Info<G::Move>) + Sync),
        currmove: &(dyn Fn(&CurrMove<G::Move>) + Sync),
    ) -> SearchResult<G::Move> {
        self.run(job, control, Some(report), currmove)
    }

    /// The search behind the public entry points; `report` is `None` when
    /// the caller wants no progress.
    fn run<G: Game>(
        &self,
        job: SearchJob<G>,
        control: &Control,
        report: Option<Report<G::Move>>,
        currmove: &(dyn Fn(&CurrMove<G::Move>) + Sync),
    ) -> SearchResult<G::Move> {
        let started = Instant::now();
        let SearchJob {
            root,
            history,
            root_moves: wanted,
            excluded,
            limits,
            multipv,
            move_overhead,
            skill,
        } = job;
        let multipv = match skill {
            Some(_) => multipv.max(SKILL_LINES),
            None => multipv,
        };
        let tt = self.tt.read().unwrap_or_else(PoisonError::into_inner);
        let Some(candidates) = root_candidates(&root, wanted.as_deref(), &excluded, &tt) else {
            // A position already finished by a rule (fifty moves, a citadel
            // draw, Jasir's all-home) is still searched when it has legal
            // moves: a GUI that asks for a move gets one.
            let outcome = root
                .rule_outcome()
                .unwrap_or_else(|| root.no_moves_outcome());
            let score = outcome_score(outcome);
            return game_over(score, &tt, started, &limits, control, report);
        };
        tt.new_search();
        let max_depth = depth_limit(&limits, skill);
        let shared = Shared {
            tt: &tt,
            control,
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            tbhits: AtomicU64::new(0),
        };
        let threads = self.threads();
        let pool = self
            .pool
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        let mut histories = std::mem::take(
            &mut *self
                .histories
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        );
        histories.resize_with(threads, Histories::default);
        let tuned = Tuned::current();
        let main = Main::new(
            TimeManager::new(
                &limits,
                move_overhead,
                tuned.time_moves_to_go as u32,
                started,
            ),
            report,
            currmove,
            &limits,
        );
        let setup = Setup {
            shared: &shared,
            root: &root,
            history: &history,
            candidates: &candidates,
            tuned,
        };
        let mut main_worker =
            setup.run_all(pool.as_deref(), main, &mut histories, max_depth, multipv);
        main_worker.report_final();

        let result = final_result(
            &main_worker,
            &root,
            &tt,
            skill,
            shared.nodes.load(Ordering::Relaxed),
        );
        drop(main_worker);
        *self
            .histories
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = histories;
        result
    }
}

/// A finished game's answer: one info line with its score, then (as
/// `limits` ask) held until the GUI's `stop`, with no move.
fn game_over<M>(
    score: Score,
    tt: &TranspositionTable,
    started: Instant,
    limits: &Limits,
    control: &Control,
    report: Option<Report<M>>,
) -> SearchResult<M> {
    if let Some(report) = report {
        report(&Info {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score,
            bound: Bound::Exact,
            nodes: 0,
            nps: 0,
            hashfull: tt.hashfull(),
            tbhits: 0,
            time: started.elapsed(),
            pv: Vec::new(),
        });
    }
    hold_result(until_stopped(limits), limits.ponder, control);
    SearchResult {
        best: None,
        ponder: None,
        score,
        nodes: 0,
        depth: 0,
    }
}

/// The root moves to search, best-guess first (the table's move, then
/// captures by their order): the wanted ones (`searchmoves`) among the legal
/// moves not excluded, or all of those if none is wanted or allowed; `None`
/// when every legal move is excluded or there is none.
fn root_candidates<G: Game>(
    root: &G,
    wanted: Option<&[G::Move]>,
    excluded: &[G::Move],
    tt: &TranspositionTable,
) -> Option<Vec<G::Move>> {
    let mut legal = MoveList::new();
    root.legal_moves(&mut legal);
    let allowed: Vec<G::Move> = legal
        .iter()
        .copied()
        .filter(|mv| !excluded.contains(mv))
        .collect();
    if allowed.is_empty() {
        return None;
    }
    let mut candidates: Vec<G::Move> = match wanted {
        Some(wanted) => allowed
            .iter()
            .copied()
            .filter(|mv| wanted.contains(mv))
            .collect(),
        None => Vec::new(),
    };
    if candidates.is_empty() {
        candidates = allowed;
    }
    let tt_move = tt
        .probe(root.key())
        .and_then(|e| e.code)
        .and_then(G::move_from_code);
    candidates.sort_by_key(|&mv| {
        Reverse(if Some(mv) == tt_move {
            TT_MOVE
        } else if root.is_tactical(mv) {
            tactical_key(root.tactical_order(mv))
        } else {
            0
        })
    });
    Some(candidates)
}

/// The deepest iteration `limits` and `skill` allow.
fn depth_limit(limits: &Limits, skill: Option<Skill>) -> u32 {
    if limits.infinite {
        MAX_DEPTH
    } else {
        limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
    }
    .min(skill.map_or(MAX_DEPTH, |skill| skill.depth()))
}

/// The move to play (the best line, or the one `skill` picks), its score
/// and a ponder move (the line's second move, else the table's reply).
fn final_result<G: Game>(
    worker: &Worker<'_, G>,
    root: &G,
    tt: &TranspositionTable,
    skill: Option<Skill>,
    nodes: u64,
) -> SearchResult<G::Move> {
    let chosen = skill.map_or(0, |skill| skill_choice(skill, worker));
    let best = &worker.root_moves[chosen];
    let value = best.value();
    let score = if value > -INFINITY {
        to_score(value)
    } else {
        Score::Cp(root.clone().evaluate().clamp(-EVAL_LIMIT, EVAL_LIMIT))
    };
    let ponder = best.pv.get(1).copied().or_else(|| {
        let mut after = root.clone();
        after.make_move(best.mv);
        tt.probe(after.key())
            .and_then(|e| e.code)
            .and_then(G::move_from_code)
            .filter(|&reply| after.is_legal(reply))
    });
    SearchResult {
        best: Some(best.mv),
        ponder,
        score,
        nodes,
        depth: worker.completed_depth,
    }
}

/// The index in `worker.root_moves` of the move `skill` picks among the
/// last completed iteration's lines (0 if there is none).
fn skill_choice<G: Game>(skill: Skill, worker: &Worker<'_, G>) -> usize {
    let lines: Vec<_> = worker
        .settled
        .iter()
        .filter(|&&(_, value)| value > -INFINITY)
        .collect();
    if lines.is_empty() {
        return 0;
    }
    let values: Vec<i32> = lines.iter().map(|&&(_, value)| value).collect();
    let mv = lines[skill.pick(&values)].0;
    worker
        .root_moves
        .iter()
        .position(|rm| rm.mv == mv)
        .unwrap_or(0)
}

/// What every worker of one search starts from.
struct Setup<'a, G: Game> {
    shared: &'a Shared<'a>,
    root: &'a G,
    history: &'a [HistoryEntry],
    candidates: &'a [G::Move],
    /// The tunable margins, read once for every worker.
    tuned: Tuned,
}

impl<G: Game> Clone for Setup<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Setup<'_, G> {}

impl<'a, G: Game> Setup<'a, G> {
    fn worker(
        self,
        main: Option<Main<'a, G::Move>>,
        histories: &'a mut Histories,
    ) -> Worker<'a, G> {
        Worker::new(
            self.shared,
            main,
            self.root,
            self.history,
            self.candidates,
            histories,
            self.tuned,
        )
    }

    /// Runs the helpers (one per entry of `histories` after the first, on
    /// `pool`) beside the main worker, and returns the main worker.
    fn run_all(
        self,
        pool: Option<&ThreadPool>,
        main: Main<'a, G::Move>,
        histories: &'a mut [Histories],
        max_depth: u32,
        multipv: usize,
    ) -> Worker<'a, G> {
        let (main_histories, helper_histories) = histories.split_at_mut(1);
        match pool {
            Some(pool) => pool.scope(|scope| {
                for (index, histories) in helper_histories.iter_mut().enumerate() {
                    scope.spawn(move |_| {
                        let mut helper = self.worker(None, histories);
                        helper.run(1 + (index as u32 + 1) % 2, max_depth, 1);
                    });
                }
                self.run_main(main, &mut main_histories[0], max_depth, multipv)
            }),
            None => self.run_main(main, &mut main_histories[0], max_depth, multipv),
        }
    }

    /// Runs the main worker to the end, then tells the helpers to stop.
    fn run_main(
        self,
        main: Main<'a, G::Move>,
        histories: &'a mut Histories,
        max_depth: u32,
        multipv: usize,
    ) -> Worker<'a, G> {
        let mut worker = self.worker(Some(main), histories);
        worker.run(1, max_depth, multipv);
        self.shared.done.store(true, Ordering::Relaxed);
        worker
    }
}
