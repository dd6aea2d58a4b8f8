//! The time manager: turns [`Limits`] into a soft limit (checked between
//! iterations, stretched or shrunk by how settled the search is) and a hard
//! limit (checked inside the search), both measured from the moment the clock
//! starts — the start of the search, or the `ponderhit` of a pondering one.

use crate::control::Control;
use crate::limits::Limits;
use crate::worker::params::{
    EFFORT_BASE, EFFORT_FACTOR, HARD_PER_SOFT, INCREMENT_USE, MAX_MOVES_TO_GO, MAX_USE_PERCENT,
    MIN_TIME_DIVISOR, SOFT_CAP_DIVISOR,
};
use std::time::{Duration, Instant};

/// Whether `limits` ask for a search that runs until `stop`: `go infinite`,
/// or no limit at all.
pub(crate) fn until_stopped(limits: &Limits) -> bool {
    limits.infinite
        || (limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.mate.is_none()
            && limits.clock.is_none())
}

/// Holds a finished search's result while the protocol may not have it yet:
/// until `stop` if it runs until stopped, until `ponderhit` or `stop` if it
/// ponders.
pub(crate) fn hold_result(until_stopped: bool, pondering: bool, control: &Control) {
    while !control.is_stopped() && (until_stopped || (pondering && !control.has_ponderhit())) {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The soft limit's scale in percent when the best root move took
/// `best_nodes` of the `total` nodes searched so far.
pub(crate) fn effort_percent(best_nodes: u64, total: u64) -> u32 {
    let share = (best_nodes.min(total) * 100)
        .checked_div(total)
        .unwrap_or(100);
    ((EFFORT_BASE - share) * EFFORT_FACTOR / 100) as u32
}

/// The two budgets of one search; `None` = no time limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Budget {
    /// Do not start another iteration after this.
    pub soft: Option<Duration>,
    /// Stop the search at once after this.
    pub hard: Option<Duration>,
    /// The budget comes from a clock (not a fixed move time).
    pub from_clock: bool,
}

impl Budget {
    /// The budget `limits` allow, keeping `overhead` back for the GUI; a
    /// sudden-death clock is planned over `sudden_death_moves` moves.
    pub fn new(limits: &Limits, overhead: Duration, sudden_death_moves: u32) -> Budget {
        if limits.infinite {
            return Budget::default();
        }
        let mut budget = Budget::default();
        if let Some(clock) = limits.clock {
            let left = clock.time;
            // `movestogo 0` is no number at all (as if not given).
            let moves_to_go = clock
                .moves_to_go
                .filter(|&n| n > 0)
                .unwrap_or(sudden_death_moves)
                .clamp(1, MAX_MOVES_TO_GO);
            // The overhead is kept back for this move and for every move
            // still to come in the horizon (as Stockfish does): when each
            // move costs a little more than planned (a loaded machine, a
            // slow pipe) the clock then settles well above zero instead of
            // draining to the last few milliseconds.
            let reserve = overhead * (moves_to_go + 1);
            let available = left.saturating_sub(reserve).max(left / MIN_TIME_DIVISOR);
            let max_use = available * MAX_USE_PERCENT / 100;
            let share =
                available / moves_to_go + clock.increment * INCREMENT_USE.0 / INCREMENT_USE.1;
            let cap = if moves_to_go == 1 {
                max_use
            } else {
                max_use / SOFT_CAP_DIVISOR
            };
            let soft = share.min(cap);
            budget = Budget {
                soft: Some(soft),
                hard: Some((soft * HARD_PER_SOFT).min(max_use)),
                from_clock: true,
            };
        }
        if let Some(movetime) = limits.movetime {
            let fixed = movetime
                .saturating_sub(overhead)
                .max(movetime / MIN_TIME_DIVISOR);
            // A fixed move time is used to the end: only the hard limit.
            budget.soft = budget.soft.map(|soft| soft.min(fixed));
            budget.hard = Some(budget.hard.map_or(fixed, |hard| hard.min(fixed)));
            budget.from_clock = false;
        }
        budget
    }
}

/// The time keeper of the main worker.
#[derive(Clone, Debug)]
pub(crate) struct TimeManager {
    started: Instant,
    clock_started: Instant,
    waiting_for_ponderhit: bool,
    budget: Budget,
}

impl TimeManager {
    /// A time manager for a search that started at `started` ([`Budget::new`]
    /// says what `overhead` and `sudden_death_moves` are).
    pub fn new(
        limits: &Limits,
        overhead: Duration,
        sudden_death_moves: u32,
        started: Instant,
    ) -> TimeManager {
        TimeManager {
            started,
            clock_started: started,
            waiting_for_ponderhit: limits.ponder && !limits.infinite,
            budget: Budget::new(limits, overhead, sudden_death_moves),
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether the search still ponders (its clock has not started).
    pub fn pondering(&self) -> bool {
        self.waiting_for_ponderhit
    }

    /// Starts the clock of a pondering search at `now`.
    pub fn ponderhit(&mut self, now: Instant) {
        if self.waiting_for_ponderhit {
            self.waiting_for_ponderhit = false;
            self.clock_started = now;
        }
    }

    /// Whether the budget comes from a clock.
    pub fn uses_clock(&self) -> bool {
        self.budget.from_clock
    }

    /// Whether the search must stop now.
    pub fn hard_expired(&self, now: Instant) -> bool {
        !self.waiting_for_ponderhit
            && self
                .budget
                .hard
                .is_some_and(|hard| now.saturating_duration_since(self.clock_started) >= hard)
    }

    /// Whether no further iteration should start; `percent` scales the soft
    /// limit (below 100 when the best move is settled, above when it is not),
    /// never past the hard limit.
    pub fn soft_expired(&self, now: Instant, percent: u32) -> bool {
        if self.waiting_for_ponderhit {
            return false;
        }
        let Some(soft) = self.budget.soft else {
            return false;
        };
        let mut limit = soft * percent / 100;
        if let Some(hard) = self.budget.hard {
            limit = limit.min(hard);
        }
        now.saturating_duration_since(self.clock_started) >= limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Clock;
    use crate::tunables::find;

    /// The budget with the shipped `time_moves_to_go`.
    fn budget_of(limits: &Limits, overhead: Duration) -> Budget {
        Budget::new(limits, overhead, shipped_moves_to_go())
    }

    fn shipped_moves_to_go() -> u32 {
        find("time_moves_to_go").map_or(0, |t| t.default as u32)
    }

    fn clock(ms: u64, inc: u64, moves_to_go: Option<u32>) -> Limits {
        let clock = Clock {
            time: Duration::from_millis(ms),
            increment: Duration::from_millis(inc),
            moves_to_go,
        };
        Limits {
            clock: Some(clock),
            ..Limits::default()
        }
    }

    #[test]
    fn clock_budgets_stay_below_the_time_left() {
        for (ms, inc, mtg) in [
            (1000, 0, None),
            (1, 0, None),
            (60_000, 1000, None),
            (5000, 0, Some(1)),
            (20, 100, Some(3)),
        ] {
            let budget = budget_of(&clock(ms, inc, mtg), Duration::from_millis(10));
            let (soft, hard) = (budget.soft.unwrap(), budget.hard.unwrap());
            assert!(soft <= hard, "{ms} {inc} {mtg:?}");
            assert!(
                hard < Duration::from_millis(ms),
                "{ms} {inc} {mtg:?}: {hard:?}"
            );
            assert!(budget.from_clock);
        }
    }

    #[test]
    fn a_short_clock_with_increment_spends_less_than_the_increment() {
        // 5+0.05 late in a long game: 300 ms left. Planning must leave room
        // for the overhead of the moves to come, so a move spends clearly
        // less than the 50 ms it gets back and the clock does not drain.
        let budget = budget_of(&clock(300, 50, None), Duration::from_millis(10));
        let soft = budget.soft.unwrap();
        assert!(soft <= Duration::from_millis(35), "{soft:?}");
        // Early in the game the reserve hardly matters.
        let budget = budget_of(&clock(5000, 50, None), Duration::from_millis(10));
        assert!(budget.soft.unwrap() >= Duration::from_millis(150));
    }

    #[test]
    fn a_best_move_with_more_of_the_nodes_gets_less_time() {
        let shares: Vec<u32> = [0, 30, 50, 80, 100]
            .iter()
            .map(|&percent| effort_percent(percent * 10, 1000))
            .collect();
        assert!(
            shares.windows(2).all(|pair| pair[0] > pair[1]),
            "{shares:?}"
        );
        assert!(shares[4] < 100 && shares[0] > 100, "{shares:?}");
        assert_eq!(effort_percent(5, 0), effort_percent(1, 1));
    }

    #[test]
    fn zero_moves_to_go_means_not_given() {
        let overhead = Duration::from_millis(10);
        assert_eq!(
            budget_of(&clock(60_000, 0, Some(0)), overhead),
            budget_of(&clock(60_000, 0, None), overhead)
        );
    }

    #[test]
    fn a_sudden_death_clock_is_planned_over_the_moves_asked() {
        let overhead = Duration::from_millis(10);
        let fewer = Budget::new(&clock(10_000, 100, None), overhead, 20);
        let shipped = budget_of(&clock(10_000, 100, None), overhead);
        assert!(shipped_moves_to_go() > 20);
        assert!(
            fewer.soft.unwrap() > shipped.soft.unwrap(),
            "{fewer:?} {shipped:?}"
        );
        // A `movestogo` the GUI gives wins over the plan.
        assert_eq!(
            Budget::new(&clock(10_000, 100, Some(40)), overhead, 20),
            budget_of(&clock(10_000, 100, Some(40)), overhead)
        );
    }

    #[test]
    fn one_second_sudden_death_uses_a_small_slice() {
        let budget = budget_of(&clock(1000, 0, None), Duration::from_millis(10));
        assert!(budget.hard.unwrap() <= Duration::from_millis(200));
    }

    #[test]
    fn movetime_is_a_hard_limit_and_infinite_has_none() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(500)),
            ..Limits::default()
        };
        let budget = budget_of(&limits, Duration::from_millis(20));
        assert_eq!(budget.soft, None);
        assert_eq!(budget.hard, Some(Duration::from_millis(480)));
        let limits = Limits {
            infinite: true,
            ..clock(1000, 0, None)
        };
        assert_eq!(budget_of(&limits, Duration::ZERO), Budget::default());
    }

    #[test]
    fn pondering_ignores_the_clock_until_ponderhit() {
        let limits = Limits {
            ponder: true,
            ..clock(1000, 0, None)
        };
        let started = Instant::now();
        let mut tm = TimeManager::new(&limits, Duration::ZERO, shipped_moves_to_go(), started);
        let later = started + Duration::from_secs(3600);
        assert!(tm.pondering() && !tm.hard_expired(later) && !tm.soft_expired(later, 100));
        tm.ponderhit(started);
        assert!(!tm.pondering() && tm.hard_expired(later) && tm.soft_expired(later, 100));
    }
}
