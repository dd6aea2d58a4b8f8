//! The search's tunable numbers, in one place.

use std::sync::LazyLock;

/// Nodes between two looks at the stop flags and the clock.
pub(super) const POLL_INTERVAL: u64 = 1024;
/// Aspiration windows start at this depth...
pub(super) const ASPIRATION_MIN_DEPTH: u32 = 4;
/// ...this wide on each side of the last value...
pub(super) const ASPIRATION_DELTA: i32 = 25;
/// ...and open fully once widened past this.
pub(super) const ASPIRATION_MAX: i32 = 800;
/// Aspiration failures are reported only after this many seconds.
pub(super) const BOUND_REPORT_AFTER_SECS: u64 = 2;
/// The root move being searched is reported only after this many seconds.
pub(super) const CURRMOVE_REPORT_AFTER_SECS: u64 = 1;

/// A proven endgame-table result is stored this much deeper than the
/// node it settled (Stockfish's 6), so searches rarely replace it.
pub(super) const TABLE_DEPTH_BONUS: i32 = 6;

/// Reverse futility pruning: deepest depth, and margin per ply.
pub(super) const RFP_DEPTH: i32 = 7;
pub(super) const RFP_MARGIN: i32 = 80;
/// Null-move pruning: shallowest depth, and depth from which a cutoff is
/// verified by a reduced search without null moves.
pub(super) const NMP_MIN_DEPTH: i32 = 3;
pub(super) const NMP_VERIFY_DEPTH: i32 = 10;
/// Null-move reduction: a base, one more ply per this many plies of depth,
/// and one more per this much evaluation above beta, up to a most.
pub(super) const NMP_BASE_REDUCTION: i32 = 3;
pub(super) const NMP_DEPTH_DIVISOR: i32 = 4;
pub(super) const NMP_EVAL_DIVISOR: i32 = 200;
pub(super) const NMP_EVAL_MAX_REDUCTION: i32 = 3;
/// The verification search keeps null moves off for this share of its
/// depth (in quarters).
pub(super) const NMP_VERIFY_QUARTERS: i32 = 3;
/// Futility pruning of quiet moves: deepest depth, base and per-ply margin.
pub(super) const FUTILITY_DEPTH: i32 = 6;
pub(super) const FUTILITY_BASE: i32 = 100;
pub(super) const FUTILITY_MARGIN: i32 = 110;
/// Late move pruning: deepest depth.
pub(super) const LMP_DEPTH: i32 = 4;
/// Late move reductions: shallowest depth, moves searched before reducing.
pub(super) const LMR_MIN_DEPTH: i32 = 3;
pub(super) const LMR_MIN_MOVES: usize = 2;
/// Extra reduction of late moves at a cut node.
pub(super) const CUT_NODE_REDUCTION: i32 = 2;
/// History points (butterfly plus continuation) per unit of reduction
/// change.
pub(super) const LMR_HISTORY_DIVISOR: i32 = 12_288;
/// Quiet moves whose continuation histories fall below minus this margin
/// per ply are pruned at this depth and below.
pub(super) const HISTORY_PRUNE_DEPTH: i32 = 3;
pub(super) const HISTORY_PRUNE_MARGIN: i32 = 4000;
/// Quiet moves remembered per node for the history malus.
pub(super) const QUIETS_KEPT: usize = 64;

/// Static-exchange pruning: deepest depth, and the material a tactical move
/// (per ply) or a quiet move (per ply squared) may lose before it is
/// skipped.
pub(super) const SEE_PRUNE_DEPTH: i32 = 8;
pub(super) const SEE_TACTICAL_MARGIN: i32 = 100;
pub(super) const SEE_QUIET_MARGIN: i32 = 30;

/// Extensions stop at plies from the root past this many times the
/// iteration's depth.
pub(super) const EXTENSION_PLY_FACTOR: i32 = 2;

/// Singular extensions: shallowest depth, and the margin per ply below the
/// table's value that the other moves must stay under.
pub(super) const SINGULAR_DEPTH: i32 = 6;
pub(super) const SINGULAR_MARGIN: i32 = 2;
/// The table entry may be this many plies shallower than the node.
pub(super) const SINGULAR_TT_DEPTH_SLACK: i32 = 3;
/// Outside the PV, the table move is extended two plies when the other
/// moves stay this far below the singular bound.
pub(super) const SINGULAR_DOUBLE_MARGIN: i32 = 25;

/// ProbCut: shallowest depth, plies less for the probing search, and the
/// margin over beta it must reach (less when the evaluation improves).
pub(super) const PROBCUT_DEPTH: i32 = 5;
pub(super) const PROBCUT_REDUCTION: i32 = 4;
pub(super) const PROBCUT_MARGIN: i32 = 180;
pub(super) const PROBCUT_IMPROVING: i32 = 60;

/// Soft time limit scale in percent by how many iterations the best move
/// has stayed the same: none, one, two or three, more.
pub(super) const STABILITY_PERCENT: [u32; 4] = [140, 110, 90, 65];
/// A fall of the root value by more than this since the last iteration...
pub(super) const FALLING_VALUE: i32 = 40;
/// ...adds this many percent to the soft time limit.
pub(super) const FALLING_EXTRA_PERCENT: u32 = 40;

/// Transposition table: a fresh entry is not replaced by a non-exact one
/// more than this many plies shallower...
pub(crate) const TT_KEEP_DEPTH_MARGIN: i32 = 3;
/// ...and a victim's worth is its depth less this much per generation of
/// age.
pub(crate) const TT_AGE_PENALTY: i32 = 8;

/// Time: moves assumed left in a sudden-death control, and the most
/// `movestogo` is believed.
pub(crate) const DEFAULT_MOVES_TO_GO: u32 = 30;
pub(crate) const MAX_MOVES_TO_GO: u32 = 50;
/// Most of the remaining time one move may use, in percent.
pub(crate) const MAX_USE_PERCENT: u32 = 85;
/// The overhead reserve leaves at least one part in this many of the clock
/// (or of a fixed move time).
pub(crate) const MIN_TIME_DIVISOR: u32 = 4;
/// The share of the increment a move plans to use (numerator, denominator).
pub(crate) const INCREMENT_USE: (u32, u32) = (3, 4);
/// With more than one move to go, the soft limit is at most this part of
/// the most one move may use.
pub(crate) const SOFT_CAP_DIVISOR: u32 = 2;
/// The hard limit is at most this many soft limits.
pub(crate) const HARD_PER_SOFT: u32 = 4;

/// Delta pruning in quiescence: a capture is skipped if its exchange
/// cannot bring the standing evaluation to within this of alpha.
pub(super) const DELTA_MARGIN: i32 = 200;

/// Internal iterative reduction from this depth on.
pub(super) const IIR_DEPTH: i32 = 4;

/// Quiet moves searched before late move pruning starts at `depth` (twice
/// as many when the evaluation is improving).
pub(super) fn lmp_limit(depth: i32, improving: bool) -> usize {
    ((3 + depth * depth) / (2 - i32::from(improving))) as usize
}

/// The history bonus of a cutoff at `depth`.
pub(super) fn history_bonus(depth: i32) -> i32 {
    (16 * depth * depth + 32 * depth).min(1200)
}

/// `ln(depth) * ln(moves) / 2.25`, rounded, for depths and move counts below 64.
static LMR: LazyLock<[[u8; 64]; 64]> = LazyLock::new(|| {
    let mut table = [[0u8; 64]; 64];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (moves, cell) in row.iter_mut().enumerate().skip(1) {
            *cell = (0.5 + (depth as f64).ln() * (moves as f64).ln() / 2.25) as u8;
        }
    }
    table
});

/// The late move reduction at `depth` for the `moves`-th move.
pub(super) fn lmr(depth: i32, moves: usize) -> i32 {
    i32::from(LMR[depth.clamp(0, 63) as usize][moves.min(63)])
}
