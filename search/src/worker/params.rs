//! The search's fixed numbers, in one place (the margins a tuner may
//! change are in `crate::tunables`).

/// Nodes between two looks at the stop flags and the clock.
pub(super) const POLL_INTERVAL: u64 = 1024;
/// Aspiration windows start at this depth (as wide as the tuned
/// `aspiration_delta`)...
pub(super) const ASPIRATION_MIN_DEPTH: u32 = 4;
/// ...and open fully once widened past this.
pub(super) const ASPIRATION_MAX: i32 = 800;
/// Aspiration failures are reported only after this many seconds.
pub(super) const BOUND_REPORT_AFTER_SECS: u64 = 2;
/// The root move being searched is reported only after this many seconds.
pub(super) const CURRMOVE_REPORT_AFTER_SECS: u64 = 1;

/// A proven endgame-table result is stored this much deeper than the
/// node it settled (Stockfish's 6), so searches rarely replace it.
pub(super) const TABLE_DEPTH_BONUS: i32 = 6;

/// Quiet moves remembered per node for the history malus.
pub(super) const QUIETS_KEPT: usize = 64;

/// Extensions stop at plies from the root past this many times the
/// iteration's depth.
pub(super) const EXTENSION_PLY_FACTOR: i32 = 2;

/// The null-move verification search keeps null moves off for this share
/// of its depth (in quarters).
pub(super) const NMP_VERIFY_QUARTERS: i32 = 3;

/// Soft time limit scale in percent by how many iterations the best move
/// has stayed the same: none, one, two or three, more.
pub(super) const STABILITY_PERCENT: [u32; 4] = [140, 110, 90, 65];
/// A fall of the root value by more than this since the last iteration...
pub(super) const FALLING_VALUE: i32 = 40;
/// ...adds this many percent to the soft time limit.
pub(super) const FALLING_EXTRA_PERCENT: u32 = 40;
/// The soft limit follows the best move's share of the nodes (its effort)
/// from this completed depth on...
pub(super) const EFFORT_MIN_DEPTH: u32 = 6;
/// ...scaled by `(EFFORT_BASE − share%) × EFFORT_FACTOR / 100` percent: a
/// best move that takes most of the nodes is settled (less time), one that
/// takes few has rivals the search is still weighing (more time).
pub(crate) const EFFORT_BASE: u64 = 150;
pub(crate) const EFFORT_FACTOR: u64 = 135;

/// Transposition table: a fresh entry is not replaced by a non-exact one
/// more than this many plies shallower...
pub(crate) const TT_KEEP_DEPTH_MARGIN: i32 = 3;
/// ...and a victim's worth is its depth less this much per generation of
/// age.
pub(crate) const TT_AGE_PENALTY: i32 = 8;

/// Time: the most `movestogo` is believed (the moves a sudden-death clock
/// is planned over are the tunable `time_moves_to_go`).
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
