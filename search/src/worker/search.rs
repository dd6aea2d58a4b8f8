//! The alpha-beta search of one worker: the root, the inner nodes (PVS with
//! pruning and reductions) and quiescence.

use super::params::*;
use super::Worker;
use crate::correction::CorrectionKey;
use crate::game::{Color, Cycle, Game, MoveList, Outcome, Solved, MAX_MARGIN};
use crate::history::CONTINUATION_PLIES;
use crate::movepick::{losing_tactical_key, tactical_key, MovePicker, KILLER, TT_MOVE};
use crate::score::{
    is_decided, outcome_value, table_win_value, value_from_tt, value_to_tt, win_value, EVAL_LIMIT,
    INFINITY, MAX_PLY, TABLE_WIN_BASE,
};
use crate::tt::{Bound, TtEntry};
use arrayvec::ArrayVec;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;

/// What a singular-extension search found about the table move.
enum Singularity {
    /// Extend the table move by this many plies: one when every other
    /// move fails low by the margin, two when by far more (outside the
    /// PV), minus one when another move reaches the margin but only the
    /// table's value beats `beta`, none without a verdict.
    Extend(i32),
    /// Other moves also beat `beta`: cut the node with this value.
    MultiCut(i32),
}

/// What a node's search knows when its move loop starts.
struct Node<M> {
    /// The position's key.
    key: u64,
    /// The side to move.
    side: Color,
    /// The table's entry.
    entry: Option<TtEntry>,
    /// The table's move, if it decodes.
    tt_move: Option<M>,
    /// The move a singular-extension search leaves out.
    excluded: Option<M>,
    /// Plies left (after internal iterative reduction).
    depth: i32,
    /// The side to move is in check.
    in_check: bool,
    /// The static evaluation as the game computed it (kept in the table).
    raw_eval: i32,
    /// The static evaluation with the correction history's correction
    /// (`-INFINITY` in check).
    static_eval: i32,
    /// Where the correction history keeps this position (none in check).
    correction: Option<CorrectionKey>,
    /// The static evaluation, or a table value that bounds it better.
    eval: i32,
    /// The static evaluation rose since the side's previous move.
    improving: bool,
    /// A null-window node expected to fail high (see `Worker::search`).
    cut_node: bool,
}

/// What the move loop knows of one move before playing it.
#[derive(Clone, Copy)]
struct Candidate<M> {
    mv: M,
    /// The game calls it tactical (a capture, a promotion…).
    tactical: bool,
    /// Its history index.
    history_index: usize,
    /// A killer or the counter-move: spared some pruning and reduction.
    special: bool,
}

/// The bound a node's best value `best` is: lower after a cutoff, exact in
/// a PV node where a move raised alpha, upper otherwise.
fn result_bound<const PV: bool>(best: i32, beta: i32, raised_alpha: bool) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if PV && raised_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

impl<G: Game> Worker<'_, G> {
    /// Searches the root moves from `pv_index` on; fills their scores and
    /// lines (`-INFINITY` for moves that did not raise alpha). Moves left
    /// unsearched (a cutoff or a stop) keep their earlier scores.
    pub(super) fn root_search(
        &mut self,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        pv_index: usize,
    ) -> i32 {
        self.pv[0].clear();
        self.count_node();
        let window_alpha = alpha;
        let mut best = -INFINITY;
        for index in pv_index..self.root_moves.len() {
            let mv = self.root_moves[index].mv;
            self.report_currmove(mv, index + 1);
            let nodes_before = self.nodes;
            self.play(mv, 0);
            let new_depth = depth - 1 + i32::from(self.pos.in_check());
            let mut value;
            if index == pv_index {
                value = -self.search::<true>(new_depth, -beta, -alpha, 1, false);
            } else {
                value = -self.search::<false>(new_depth, -alpha - 1, -alpha, 1, true);
                if value > alpha && value < beta {
                    value = -self.search::<true>(new_depth, -beta, -alpha, 1, false);
                }
            }
            self.pos.unmake_move(mv);
            self.root_moves[index].effort += self.nodes - nodes_before;
            if self.stopped {
                break;
            }
            if index == pv_index || value > alpha {
                let (line, child) = (&mut self.root_moves[index], &self.pv[1]);
                line.score = value;
                line.fresh = Some(if value >= beta {
                    Bound::Lower
                } else if value <= window_alpha {
                    Bound::Upper
                } else {
                    Bound::Exact
                });
                line.pv.clear();
                line.pv.push(mv);
                line.pv.extend_from_slice(child);
            } else {
                self.root_moves[index].score = -INFINITY;
            }
            best = best.max(value);
            if value > alpha {
                alpha = value;
                if value >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Whether the checking move `mv`, just played at `ply`, loses no
    /// material by exchange: only such checks are extended (a check that
    /// hangs the checker is rarely worth the extra ply). Taken back to ask
    /// the exchange, then played again.
    fn check_keeps_material(&mut self, mv: G::Move, ply: usize) -> bool {
        self.pos.unmake_move(mv);
        let keeps = self.pos.see_at_least(mv, 0);
        self.play(mv, ply);
        keeps
    }

    /// Plays `mv` at `ply` and prepares the child's stack frame.
    #[inline]
    fn play(&mut self, mv: G::Move, ply: usize) {
        let index = self.pos.history_index(mv);
        let floor = self.frames[ply].floor;
        self.pos.make_move(mv);
        self.shared.tt.prefetch(self.pos.key());
        let child = &mut self.frames[ply + 1];
        child.previous = Some(index);
        child.floor = floor;
        child.after_null = false;
    }

    /// The static evaluation, clamped below the decided values.
    #[inline]
    fn evaluate(&mut self) -> i32 {
        self.pos.evaluate().clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The static evaluation the table entry kept, else computed.
    #[inline]
    fn static_eval(&mut self, entry: Option<TtEntry>) -> i32 {
        entry
            .and_then(|e| e.eval)
            .unwrap_or_else(|| self.evaluate())
    }

    /// Where the correction history keeps the position at `ply` (out of
    /// check): its side, structure, pieces and the two moves before it.
    #[inline]
    fn correction_key(&self, ply: usize) -> CorrectionKey {
        let [one_back, two_back] = self.continuation_keys(ply);
        CorrectionKey {
            side: self.pos.side_to_move(),
            structure: self.pos.structure_key(),
            pieces: self.pos.piece_keys(),
            moves: two_back.zip(one_back),
        }
    }

    /// `raw` with the correction history's correction for the position
    /// with this key.
    #[inline]
    fn corrected(&self, raw: i32, key: &CorrectionKey) -> i32 {
        (raw + self.histories.correction.get(key)).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// Records this node's key and check flag, and returns the game's result
    /// if the node ends the game by rule or by repetition.
    #[inline]
    fn enter(&mut self, ply: usize, in_check: bool) -> Option<i32> {
        let index = self.base + ply;
        self.keys[index] = self.pos.key();
        self.checks[index] = in_check;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if let Some(outcome) = self.pos.rule_outcome() {
            return Some(outcome_value(outcome, ply));
        }
        if let Some(outcome) = self.repetition(ply) {
            return Some(outcome_value(outcome, ply));
        }
        None
    }

    /// An endgame table's answer for the node at `ply` (never the root)
    /// with `depth` plies left: an exact value, or a proven result whose
    /// bound settles the window (kept in the transposition table, deeper
    /// than any search of it, as Stockfish keeps it). `None`: no table
    /// knows the position, or its bound leaves the node to be searched.
    fn table_value(
        &mut self,
        key: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        if ply == 0 {
            return None;
        }
        let solved = self.pos.solved(depth)?;
        self.shared.tbhits.fetch_add(1, Ordering::Relaxed);
        let (outcome, plies) = match solved {
            Solved::Exact { outcome, plies } => {
                return Some(outcome_value(outcome, ply + plies as usize))
            }
            Solved::Proven(outcome) => (outcome, ply),
        };
        let (value, bound) = match outcome {
            Outcome::Win { .. } => (table_win_value(plies), Bound::Lower),
            Outcome::Loss { .. } => (-table_win_value(plies), Bound::Upper),
            Outcome::Draw => (0, Bound::Exact),
        };
        let settled = match bound {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        };
        if !settled {
            return None;
        }
        let entry = TtEntry {
            code: None,
            value: value_to_tt(value, ply),
            depth: (depth + TABLE_DEPTH_BONUS).min(MAX_PLY as i32 - 1),
            bound,
            eval: None,
        };
        self.shared.tt.store(key, entry);
        Some(value)
    }

    /// The game's verdict if the position at `ply` repeats an earlier one
    /// (on the search path or in the game history) within the reversible
    /// plies.
    fn repetition(&self, ply: usize) -> Option<Outcome> {
        let index = self.base + ply;
        let reach =
            (self.pos.plies_since_irreversible() as usize).min(index - self.frames[ply].floor);
        let cycle = Cycle::closed_by(&self.keys[..=index], &self.checks[..=index], reach)?;
        Some(self.pos.repetition_outcome(cycle))
    }

    /// Copies `mv` and the child's line into this ply's line.
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        for &next in tail[0].iter() {
            if line.try_push(next).is_err() {
                break;
            }
        }
    }

    /// The move a table entry suggests, if it decodes.
    fn tt_move(entry: Option<TtEntry>) -> Option<G::Move> {
        entry.and_then(|e| e.code).and_then(G::move_from_code)
    }

    /// Whether a table entry settles the node without searching it. A bound
    /// that is no decided result does not settle a window edge that is: the
    /// entry may come from a search that pruned (no pruning happens once a
    /// win is known), and a shorter win would hide behind it.
    fn tt_cutoff(entry: &TtEntry, value: i32, depth: i32, alpha: i32, beta: i32) -> bool {
        entry.depth >= depth
            && match entry.bound {
                Bound::Exact => true,
                Bound::Lower => value >= beta && (is_decided(value) || !is_decided(beta)),
                Bound::Upper => value <= alpha && (is_decided(value) || !is_decided(alpha)),
            }
    }

    /// Alpha-beta (PVS) at `ply` with `depth` plies left: the checks on
    /// entry, the cuts before any move ([`Self::before_moves`]), the move
    /// loop ([`Self::move_loop`]) and the table store. `cut_node`: a
    /// null-window node expected to fail high (the child of a reduced late
    /// move, or the first child of a node expected to fail low); never a PV
    /// node.
    pub(super) fn search<const PV: bool>(
        &mut self,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.quiescence::<PV>(alpha, beta, ply);
        }
        self.pv[ply].clear();
        self.count_node();
        if self.stopped {
            return 0;
        }
        let in_check = self.pos.in_check();
        if let Some(value) = self.enter(ply, in_check) {
            return value;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        // Mate distance pruning: no result can be better than winning here
        // with the largest margin, nor worse than losing here.
        alpha = alpha.max(-win_value(ply, MAX_MARGIN));
        beta = beta.min(win_value(ply, MAX_MARGIN));
        if alpha >= beta {
            return alpha;
        }
        let node = match self.before_moves::<PV>(depth, alpha, beta, ply, in_check, cut_node) {
            ControlFlow::Continue(node) => node,
            ControlFlow::Break(value) => return value,
        };
        let mut moves = MoveList::new();
        self.pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return outcome_value(self.pos.no_moves_outcome(), ply);
        }
        if !PV {
            if let Some(value) = self.probcut(&node, &moves, beta, ply) {
                return value;
            }
        }
        let (best, best_move) = match self.move_loop::<PV>(&node, &moves, alpha, beta, ply) {
            ControlFlow::Continue(found) => found,
            ControlFlow::Break(value) => return value,
        };
        if node.excluded.is_none() {
            let entry = TtEntry {
                code: best_move.map(G::move_code),
                value: value_to_tt(best, ply),
                depth: node.depth,
                bound: result_bound::<PV>(best, beta, best_move.is_some()),
                eval: (!in_check).then_some(node.raw_eval),
            };
            self.shared.tt.store(node.key, entry);
            self.learn_correction(&node, best, beta, best_move);
        }
        best
    }

    /// Teaches the correction history how far the static evaluation missed
    /// the node's value: only where the value says something about the
    /// evaluation (no tactical best move, not decided, and a bound on the
    /// side away from the evaluation).
    fn learn_correction(
        &mut self,
        node: &Node<G::Move>,
        best: i32,
        beta: i32,
        best_move: Option<G::Move>,
    ) {
        let Some(key) = node.correction else {
            return;
        };
        if is_decided(best) || best_move.is_some_and(|mv| self.pos.is_tactical(mv)) {
            return;
        }
        let failed_high = best >= beta;
        if (failed_high && best <= node.static_eval)
            || (best_move.is_none() && best >= node.static_eval)
        {
            return;
        }
        self.histories
            .correction
            .update(&key, best - node.static_eval, node.depth);
    }

    /// The work before the move loop: the table probe and its cutoff,
    /// internal iterative reduction, the static evaluation, reverse futility
    /// and null-move pruning. Breaks with the value that cuts the node.
    #[inline(always)]
    fn before_moves<const PV: bool>(
        &mut self,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        cut_node: bool,
    ) -> ControlFlow<i32, Node<G::Move>> {
        let key = self.keys[self.base + ply];
        // A singular-extension search of this node leaves one move out: the
        // table's entry is about the whole node, so it neither cuts nor is
        // overwritten.
        let excluded = self.frames[ply].excluded;
        let entry = self.shared.tt.probe(key);
        if let (Some(e), None) = (entry, excluded) {
            let value = value_from_tt(e.value, ply);
            if !PV && Self::tt_cutoff(&e, value, depth, alpha, beta) {
                return ControlFlow::Break(value);
            }
        }
        if excluded.is_none() {
            if let Some(value) = self.table_value(key, depth, alpha, beta, ply) {
                return ControlFlow::Break(value);
            }
        }
        let tt_move = Self::tt_move(entry);
        // Internal iterative reduction: no move to try first, less depth.
        let depth = if depth >= self.tuned.iir_depth && tt_move.is_none() {
            depth - 1
        } else {
            depth
        };
        let (raw_eval, correction, static_eval) = if in_check {
            (-INFINITY, None, -INFINITY)
        } else {
            let raw_eval = self.static_eval(entry);
            let key = self.correction_key(ply);
            (raw_eval, Some(key), self.corrected(raw_eval, &key))
        };
        self.frames[ply].eval = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.frames[ply - 2].eval;
        let eval = match (entry, in_check) {
            (Some(e), false) => Self::tt_bounded_eval(&e, static_eval, ply),
            _ => static_eval,
        };
        if !PV && !in_check && !is_decided(beta) && excluded.is_none() {
            if depth <= self.tuned.rfp_depth
                && eval - self.tuned.rfp_margin * (depth - i32::from(improving)) >= beta
            {
                return ControlFlow::Break(eval);
            }
            if let Some(value) = self.null_move(depth, beta, eval, ply, cut_node) {
                return ControlFlow::Break(value);
            }
            if self.stopped {
                return ControlFlow::Break(0);
            }
        }
        ControlFlow::Continue(Node {
            key,
            side: self.pos.side_to_move(),
            entry,
            tt_move,
            excluded,
            depth,
            in_check,
            raw_eval,
            static_eval,
            correction,
            eval,
            improving,
            cut_node,
        })
    }

    /// The static evaluation, or the table's value where it bounds the
    /// evaluation the right way (and is no decided result).
    fn tt_bounded_eval(entry: &TtEntry, static_eval: i32, ply: usize) -> i32 {
        let value = value_from_tt(entry.value, ply);
        let tighter = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => value > static_eval,
            Bound::Upper => value < static_eval,
        };
        if tighter && !is_decided(value) {
            value
        } else {
            static_eval
        }
    }

    /// Fills `picker` with the moves in search order: table move, winning
    /// tactical moves, killers, counter-move, quiet moves by history, losing
    /// tactical moves. (Filled in place: a returned picker would be copied.)
    #[inline(always)]
    fn order_moves(
        &self,
        picker: &mut MovePicker<G::Move>,
        moves: &MoveList<G::Move>,
        tt_move: Option<G::Move>,
        counter: Option<G::Move>,
        ply: usize,
    ) {
        let side = self.pos.side_to_move();
        let killers = self.frames[ply].killers;
        for &mv in moves {
            let key = if Some(mv) == tt_move {
                TT_MOVE
            } else if self.pos.is_tactical(mv) {
                let order = self.pos.tactical_order(mv);
                if self.pos.see_at_least(mv, 0) {
                    tactical_key(order)
                } else {
                    losing_tactical_key(order)
                }
            } else if Some(mv) == killers[0] {
                KILLER
            } else if Some(mv) == killers[1] {
                KILLER - 1
            } else if Some(mv) == counter {
                KILLER - 2
            } else {
                self.quiet_score(side, ply, self.pos.history_index(mv))
            };
            picker.push(mv, key);
        }
    }

    /// The move loop: prunes, extends and searches each move (the first
    /// with the full window, the rest at a null window, late quiet ones
    /// reduced) and keeps the best. Breaks with the value to return at once
    /// (after a stop or a multi-cut).
    #[inline(always)]
    fn move_loop<const PV: bool>(
        &mut self,
        node: &Node<G::Move>,
        moves: &MoveList<G::Move>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> ControlFlow<i32, (i32, Option<G::Move>)> {
        let frame = self.frames[ply];
        let counter = frame
            .previous
            .and_then(|previous| self.histories.counter(node.side, previous))
            .and_then(G::move_from_code);
        let mut picker = MovePicker::new();
        self.order_moves(&mut picker, moves, node.tt_move, counter, ply);
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets: ArrayVec<usize, QUIETS_KEPT> = ArrayVec::new();
        while let Some(mv) = picker.next() {
            if Some(mv) == node.excluded {
                continue;
            }
            let candidate = Candidate {
                mv,
                tactical: self.pos.is_tactical(mv),
                history_index: self.pos.history_index(mv),
                special: Some(mv) == frame.killers[0]
                    || Some(mv) == frame.killers[1]
                    || Some(mv) == counter,
            };
            // No pruning before a first move, in check, or once alpha is a
            // decided result: a quiet move may still prove a shorter win or
            // a larger margin, which no static margin can judge.
            let may_prune = !PV
                && !node.in_check
                && searched > 0
                && best > -TABLE_WIN_BASE
                && !is_decided(alpha);
            if may_prune && self.prunable(node, candidate, quiets.len(), alpha, ply) {
                continue;
            }
            let may_extend = (ply as i32) < EXTENSION_PLY_FACTOR * self.root_depth;
            let mut singular_extension = 0;
            if may_extend && Some(mv) == node.tt_move && node.excluded.is_none() {
                match self.singularity::<PV>(node, beta, ply, mv) {
                    Singularity::Extend(plies) => singular_extension = plies,
                    Singularity::MultiCut(value) => return ControlFlow::Break(value),
                }
                if self.stopped {
                    return ControlFlow::Break(0);
                }
            }
            self.play(mv, ply);
            let gives_check = self.pos.in_check();
            let extension = if singular_extension != 0 {
                singular_extension
            } else {
                i32::from(may_extend && gives_check && self.check_keeps_material(mv, ply))
            };
            let new_depth = node.depth - 1 + extension;
            let mut value;
            if searched == 0 {
                value =
                    -self.search::<PV>(new_depth, -beta, -alpha, ply + 1, !PV && !node.cut_node);
            } else {
                let reduction =
                    self.reduction::<PV>(node, candidate, gives_check, searched, new_depth, ply);
                value =
                    -self.search::<false>(new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
                if value > alpha && reduction > 0 {
                    value = -self.search::<false>(
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        !node.cut_node,
                    );
                }
                if PV && value > alpha && value < beta {
                    value = -self.search::<true>(new_depth, -beta, -alpha, ply + 1, false);
                }
            }
            self.pos.unmake_move(mv);
            if self.stopped {
                return ControlFlow::Break(0);
            }
            searched += 1;
            if value > best {
                best = value;
                if value > alpha {
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if value >= beta {
                        if !candidate.tactical {
                            let index = candidate.history_index;
                            self.reward_quiet(mv, index, &quiets, node.depth, ply);
                        }
                        break;
                    }
                    alpha = value;
                }
            }
            if !candidate.tactical {
                let _ = quiets.try_push(candidate.history_index);
            }
        }
        ControlFlow::Continue((best, best_move))
    }

    /// Whether a move may be skipped unsearched (where pruning is allowed
    /// at all): late-move, futility and continuation-history pruning of
    /// quiet moves, SEE pruning of every move.
    #[inline(always)]
    fn prunable(
        &mut self,
        node: &Node<G::Move>,
        candidate: Candidate<G::Move>,
        quiets_seen: usize,
        alpha: i32,
        ply: usize,
    ) -> bool {
        let depth = node.depth;
        if !candidate.tactical {
            // A late quiet move that gives check may mate: it is the
            // one kind late-move pruning keeps.
            if depth <= self.tuned.lmp_depth
                && quiets_seen >= self.tuned.lmp_limit(depth, node.improving)
                && !self.pos.gives_check(candidate.mv)
            {
                return true;
            }
            if depth <= self.tuned.futility_depth
                && !candidate.special
                && node.eval + self.tuned.futility_base + self.tuned.futility_margin * depth
                    <= alpha
            {
                return true;
            }
            if depth <= self.tuned.history_prune_depth
                && !candidate.special
                && self.continuation_score(ply, candidate.history_index)
                    < -self.tuned.history_prune_margin * depth
            {
                return true;
            }
        }
        if depth <= self.tuned.see_prune_depth {
            let threshold = if candidate.tactical {
                -self.tuned.see_tactical_margin * depth
            } else {
                -self.tuned.see_quiet_margin * depth * depth
            };
            return !self.pos.see_at_least(candidate.mv, threshold);
        }
        false
    }

    /// The late-move reduction of the `searched + 1`-th move (already
    /// played): by depth and move number, more outside the PV and at a cut
    /// node, less for killers, counter-moves and checks, adjusted by
    /// history.
    #[inline(always)]
    fn reduction<const PV: bool>(
        &self,
        node: &Node<G::Move>,
        candidate: Candidate<G::Move>,
        gives_check: bool,
        searched: usize,
        new_depth: i32,
        ply: usize,
    ) -> i32 {
        if node.depth < self.tuned.lmr_min_depth
            || searched < self.tuned.lmr_min_moves as usize + usize::from(PV)
            || candidate.tactical
            || node.in_check
        {
            return 0;
        }
        let reduction = self.lmr.get(node.depth, searched + 1)
            + i32::from(!PV)
            + self.tuned.cut_node_reduction * i32::from(node.cut_node)
            - i32::from(candidate.special || gives_check)
            - self.quiet_score(node.side, ply, candidate.history_index)
                / self.tuned.lmr_history_divisor;
        reduction.clamp(0, (new_depth - 1).max(0))
    }

    /// ProbCut: a tactical move whose shallow search beats `beta` by a
    /// margin would, at full depth, very likely beat `beta` too. Tries the
    /// tactical moves whose exchange alone may reach the raised bound, each
    /// first by quiescence, then by a search `probcut_reduction` plies
    /// shallower, and returns the value of the first that holds.
    fn probcut(
        &mut self,
        node: &Node<G::Move>,
        moves: &MoveList<G::Move>,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        let probcut_beta = beta + self.tuned.probcut_margin
            - self.tuned.probcut_improving * i32::from(node.improving);
        if node.depth < self.tuned.probcut_depth
            || node.in_check
            || node.excluded.is_some()
            || is_decided(beta)
            || is_decided(probcut_beta)
        {
            return None;
        }
        let probe_depth = node.depth - self.tuned.probcut_reduction;
        if let Some(e) = node.entry {
            let value = value_from_tt(e.value, ply);
            if e.depth >= probe_depth && value < probcut_beta {
                return None;
            }
        }
        for &mv in moves {
            if !self.pos.is_tactical(mv)
                || !self.pos.see_at_least(mv, probcut_beta - node.static_eval)
            {
                continue;
            }
            self.play(mv, ply);
            let mut value = -self.quiescence::<false>(-probcut_beta, -probcut_beta + 1, ply + 1);
            if value >= probcut_beta {
                value = -self.search::<false>(
                    probe_depth - 1,
                    -probcut_beta,
                    -probcut_beta + 1,
                    ply + 1,
                    !node.cut_node,
                );
            }
            self.pos.unmake_move(mv);
            if self.stopped {
                return Some(0);
            }
            if value >= probcut_beta && !is_decided(value) {
                let entry = TtEntry {
                    code: Some(G::move_code(mv)),
                    value: value_to_tt(value, ply),
                    depth: probe_depth,
                    bound: Bound::Lower,
                    eval: Some(node.raw_eval),
                };
                self.shared.tt.store(node.key, entry);
                return Some(value - (probcut_beta - beta));
            }
        }
        None
    }

    /// Singular extension: is the table move `mv` much better than every
    /// other move here? A reduced search of the node without it, against a
    /// bound a margin below the table's value, tells: the table move is
    /// extended one ply (two outside the PV when the others stay far
    /// below). If even the others reach `beta`, the node is cut
    /// (multi-cut); if they only reach the bound while the table's value
    /// beats `beta`, the table move is searched one ply shallower.
    fn singularity<const PV: bool>(
        &mut self,
        node: &Node<G::Move>,
        beta: i32,
        ply: usize,
        mv: G::Move,
    ) -> Singularity {
        let (entry, depth, cut_node) = (node.entry, node.depth, node.cut_node);
        let Some(e) = entry else {
            return Singularity::Extend(0);
        };
        let tt_value = value_from_tt(e.value, ply);
        if depth < self.tuned.singular_depth
            || e.depth < depth - self.tuned.singular_tt_depth_slack
            || e.bound == Bound::Upper
            || is_decided(tt_value)
        {
            return Singularity::Extend(0);
        }
        let singular_beta = tt_value - self.tuned.singular_margin * depth;
        self.frames[ply].excluded = Some(mv);
        let value = self.search::<false>(
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            cut_node,
        );
        self.frames[ply].excluded = None;
        if value < singular_beta {
            let far_below = !PV && value < singular_beta - self.tuned.singular_double_margin;
            Singularity::Extend(1 + i32::from(far_below))
        } else if singular_beta >= beta {
            Singularity::MultiCut(singular_beta)
        } else if tt_value >= beta {
            Singularity::Extend(-1)
        } else {
            Singularity::Extend(0)
        }
    }

    /// Null-move pruning: if passing still fails high, so will a move.
    /// Returns the value to cut with.
    fn null_move(
        &mut self,
        depth: i32,
        beta: i32,
        eval: i32,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        let frame = self.frames[ply];
        if depth < self.tuned.nmp_min_depth
            || eval < beta
            || frame.after_null
            || ply < self.nmp_min_ply
            || !self.pos.null_move_allowed()
        {
            return None;
        }
        let reduction = self.tuned.nmp_base_reduction
            + depth / self.tuned.nmp_depth_divisor
            + ((eval - beta) / self.tuned.nmp_eval_divisor).min(self.tuned.nmp_eval_max_reduction);
        self.pos.make_null_move();
        let child = &mut self.frames[ply + 1];
        child.previous = None;
        child.after_null = true;
        child.floor = self.base + ply + 1;
        let value =
            -self.search::<false>(depth - 1 - reduction, -beta, -beta + 1, ply + 1, !cut_node);
        self.pos.unmake_null_move();
        if self.stopped || value < beta {
            return None;
        }
        let value = if is_decided(value) { beta } else { value };
        if depth < self.tuned.nmp_verify_depth || self.nmp_min_ply > 0 {
            return Some(value);
        }
        // Verify: the same reduced search with null moves off near here.
        self.nmp_min_ply = ply + (NMP_VERIFY_QUARTERS * (depth - reduction) / 4).max(0) as usize;
        let verified = self.search::<false>(depth - 1 - reduction, beta - 1, beta, ply, false);
        self.nmp_min_ply = 0;
        (verified >= beta && !self.stopped).then_some(value)
    }

    /// The moves one and two plies back, as continuation-history keys.
    fn continuation_keys(&self, ply: usize) -> [Option<usize>; CONTINUATION_PLIES] {
        let two_back = ply.checked_sub(1).and_then(|up| self.frames[up].previous);
        [self.frames[ply].previous, two_back]
    }

    /// How the continuation histories rate the quiet move with history
    /// index `index` at `ply`.
    fn continuation_score(&self, ply: usize, index: usize) -> i32 {
        self.continuation_keys(ply)
            .iter()
            .enumerate()
            .filter_map(|(back, key)| key.map(|previous| (back, previous)))
            .map(|(back, previous)| self.histories.continuation(back, previous, index))
            .sum()
    }

    /// The ordering score of `side`'s quiet move with history index
    /// `index` at `ply`: butterfly plus continuation histories. (`side` is
    /// passed in because the late-move reduction asks after the move is
    /// played.)
    fn quiet_score(&self, side: Color, ply: usize, index: usize) -> i32 {
        self.histories.quiet(side, index) + self.continuation_score(ply, index)
    }

    /// A quiet move refuted the node: killers, counter-move and history.
    fn reward_quiet(
        &mut self,
        mv: G::Move,
        index: usize,
        failed: &[usize],
        depth: i32,
        ply: usize,
    ) {
        let side = self.pos.side_to_move();
        let frame = &mut self.frames[ply];
        if frame.killers[0] != Some(mv) {
            frame.killers[1] = frame.killers[0];
            frame.killers[0] = Some(mv);
        }
        if let Some(previous) = frame.previous {
            self.histories.set_counter(side, previous, G::move_code(mv));
        }
        let bonus = self.tuned.history_bonus(depth);
        self.histories.update_quiet(side, index, bonus);
        for &other in failed {
            self.histories.update_quiet(side, other, -bonus);
        }
        for (back, key) in self.continuation_keys(ply).into_iter().enumerate() {
            if let Some(previous) = key {
                self.histories
                    .update_continuation(back, previous, index, bonus);
                for &other in failed {
                    self.histories
                        .update_continuation(back, previous, other, -bonus);
                }
            }
        }
    }

    /// Quiescence: stand pat, then tactical moves (every move when in check).
    fn quiescence<const PV: bool>(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        self.count_node();
        if self.stopped {
            return 0;
        }
        let in_check = self.pos.in_check();
        if let Some(value) = self.enter(ply, in_check) {
            return value;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let key = self.keys[self.base + ply];
        let entry = self.shared.tt.probe(key);
        if let Some(e) = entry {
            let value = value_from_tt(e.value, ply);
            if !PV && Self::tt_cutoff(&e, value, 0, alpha, beta) {
                return value;
            }
        }
        if let Some(value) = self.table_value(key, 0, alpha, beta, ply) {
            return value;
        }
        let tt_move = Self::tt_move(entry);

        let mut moves = MoveList::new();
        let mut best;
        let mut stand_pat = -INFINITY;
        let mut raw_eval = -INFINITY;
        if in_check {
            self.pos.legal_moves(&mut moves);
            if moves.is_empty() {
                return outcome_value(self.pos.no_moves_outcome(), ply);
            }
            best = -INFINITY;
        } else {
            raw_eval = self.static_eval(entry);
            stand_pat = self.corrected(raw_eval, &self.correction_key(ply));
            best = stand_pat;
            if best >= beta {
                if entry.is_none() {
                    self.shared.tt.store(
                        key,
                        TtEntry {
                            code: None,
                            value: value_to_tt(best, ply),
                            depth: 0,
                            bound: Bound::Lower,
                            eval: Some(raw_eval),
                        },
                    );
                }
                return best;
            }
            alpha = alpha.max(best);
            self.pos.tactical_moves(&mut moves);
        }
        let side = self.pos.side_to_move();
        let mut picker = MovePicker::new();
        // Out of check, a capture must win back by exchange what alpha
        // still wants from the standing evaluation (less a margin for the
        // positional swing), and must never lose material.
        let wanted = (alpha - stand_pat - self.tuned.delta_margin).max(0);
        for &mv in &moves {
            if !in_check && !self.pos.see_at_least(mv, wanted) {
                continue;
            }
            let key = if Some(mv) == tt_move {
                TT_MOVE
            } else if self.pos.is_tactical(mv) {
                tactical_key(self.pos.tactical_order(mv))
            } else {
                self.histories.quiet(side, self.pos.history_index(mv))
            };
            picker.push(mv, key);
        }
        let mut best_move = None;
        while let Some(mv) = picker.next() {
            self.play(mv, ply);
            let value = -self.quiescence::<PV>(-beta, -alpha, ply + 1);
            self.pos.unmake_move(mv);
            if self.stopped {
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if value >= beta {
                        break;
                    }
                    alpha = value;
                }
            }
        }
        let entry = TtEntry {
            code: best_move.map(G::move_code),
            value: value_to_tt(best, ply),
            depth: 0,
            bound: result_bound::<PV>(best, beta, best_move.is_some()),
            eval: (!in_check).then_some(raw_eval),
        };
        self.shared.tt.store(key, entry);
        best
    }
}
