//! XBoard time controls (`level`, `st`, `sd`, `time`) turned into the
//! search's [`Limits`].
//!
//! - `level MPS BASE INC`: a conventional clock when MPS > 0 (MPS moves in
//!   BASE, again and again), an incremental one when MPS = 0. With MPS > 0
//!   the moves still to play before the next control are counted from the
//!   moment `level` arrived (as the spec asks for a `level` sent mid-game).
//! - `st N`: exactly N seconds per move, not accumulated.
//! - `sd N`: a depth cap on top of either.
//! - `time N`: the engine's clock in centiseconds, sent before each move;
//!   until one arrives the BASE of `level` stands in for it.

use std::time::Duration;
use timur_search::{Clock, Limits};

/// XBoard's default before any `level`: 40 moves in 5 minutes.
const DEFAULT_MOVES: u32 = 40;
const DEFAULT_BASE: Duration = Duration::from_secs(300);

/// How the engine's time is measured out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Control {
    /// `level`: `moves` per `base` (0 = the whole game), plus `increment`
    /// per move; `from_move` is the engine's move count when it was set.
    Level {
        moves: u32,
        base: Duration,
        increment: Duration,
        from_move: u32,
    },
    /// `st`: a fixed time per move.
    PerMove(Duration),
}

/// The time control of an XBoard session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    control: Control,
    depth: Option<u32>,
    engine_time: Option<Duration>,
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl {
            control: Control::Level {
                moves: DEFAULT_MOVES,
                base: DEFAULT_BASE,
                increment: Duration::ZERO,
                from_move: 0,
            },
            depth: None,
            engine_time: None,
        }
    }
}

fn millis(ms: i64) -> Duration {
    Duration::from_millis(ms.max(0).unsigned_abs())
}

impl TimeControl {
    /// `level MPS BASE INC`, received when the side to move had made
    /// `moves_done` moves.
    pub fn set_level(&mut self, moves: u32, base_ms: i64, increment_ms: i64, moves_done: u32) {
        self.control = Control::Level {
            moves,
            base: millis(base_ms),
            increment: millis(increment_ms),
            from_move: moves_done,
        };
        self.engine_time = None;
    }

    /// `st`: a fixed time per move.
    pub fn set_move_time(&mut self, ms: i64) {
        self.control = Control::PerMove(millis(ms));
    }

    /// `sd`: a depth cap (0 removes it).
    pub fn set_depth(&mut self, depth: u32) {
        self.depth = (depth > 0).then_some(depth);
    }

    /// `time`: the engine's clock, in centiseconds (negative counts as 0).
    pub fn set_engine_time(&mut self, centiseconds: i64) {
        self.engine_time = Some(millis(centiseconds.saturating_mul(10)));
    }

    /// `new`: the depth cap goes, the clock readings go, a conventional
    /// control counts its moves from the start again.
    pub fn new_game(&mut self) {
        self.depth = None;
        self.engine_time = None;
        self.restart_move_count();
    }

    /// `setboard`: a conventional control counts its moves from here.
    pub fn restart_move_count(&mut self) {
        if let Control::Level { from_move, .. } = &mut self.control {
            *from_move = 0;
        }
    }

    /// The limits of the engine's next move, the side to move having made
    /// `moves_done` moves so far.
    pub fn limits(&self, moves_done: u32) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        match self.control {
            Control::PerMove(time) => limits.movetime = Some(time),
            Control::Level {
                moves,
                base,
                increment,
                from_move,
            } => {
                let moves_to_go =
                    (moves > 0).then(|| moves - moves_done.saturating_sub(from_move) % moves);
                limits.clock = Some(Clock {
                    time: self.engine_time.unwrap_or(base),
                    increment,
                    moves_to_go,
                });
            }
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(tc: &TimeControl, moves_done: u32) -> Clock {
        tc.limits(moves_done).clock.unwrap()
    }

    #[test]
    fn conventional_clock_counts_moves_to_go() {
        let mut tc = TimeControl::default();
        tc.set_level(40, 300_000, 0, 0);
        assert_eq!(clock(&tc, 0).moves_to_go, Some(40));
        assert_eq!(clock(&tc, 39).moves_to_go, Some(1));
        assert_eq!(clock(&tc, 40).moves_to_go, Some(40));
        assert_eq!(clock(&tc, 0).time, Duration::from_secs(300));
        tc.set_engine_time(12_345);
        assert_eq!(clock(&tc, 3).time, Duration::from_millis(123_450));
        // A `level` sent mid-game counts from there.
        tc.set_level(20, 22 * 60_000, 0, 40);
        assert_eq!(clock(&tc, 40).moves_to_go, Some(20));
        assert_eq!(clock(&tc, 45).moves_to_go, Some(15));
        assert_eq!(clock(&tc, 45).time, Duration::from_secs(22 * 60));
    }

    #[test]
    fn incremental_fixed_and_depth() {
        let mut tc = TimeControl::default();
        tc.set_level(0, 120_000, 12_000, 7);
        tc.set_engine_time(-50);
        let c = clock(&tc, 9);
        assert_eq!(
            (c.time, c.increment, c.moves_to_go),
            (Duration::ZERO, Duration::from_secs(12), None)
        );
        tc.set_depth(3);
        tc.set_move_time(250);
        let limits = tc.limits(0);
        assert_eq!(limits.movetime, Some(Duration::from_millis(250)));
        assert_eq!((limits.clock, limits.depth), (None, Some(3)));
        tc.new_game();
        assert_eq!(tc.limits(0).depth, None);
        tc.set_depth(0);
        assert_eq!(tc.limits(0).depth, None);
    }
}
