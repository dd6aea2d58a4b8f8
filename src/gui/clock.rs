//! The clocks of a timed game: a base time and an increment per side, the
//! time each side has left, and whose clock runs since when. The session's
//! clocks are the one authority (the page only displays what it is sent);
//! every method takes the present [`Instant`], so tests drive the clocks
//! with made-up times.

use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};
use timur_protocol::uci::GoParams;
use timur_search::Color;

/// The longest base time a side may have (ten hours).
pub const MAX_BASE_MS: u64 = 36_000_000;
/// The largest increment (ten minutes a move).
pub const MAX_INCREMENT_MS: u64 = 600_000;

/// One side's time control: a base time and an increment per move
/// (Fischer: added after each move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Time at the start, milliseconds.
    pub base_ms: u64,
    /// Added after each of the side's moves, milliseconds.
    #[serde(default)]
    pub inc_ms: u64,
}

impl TimeControl {
    /// Refuses a control without time or beyond the limits.
    pub fn check(&self) -> Result<(), String> {
        if self.base_ms == 0 || self.base_ms > MAX_BASE_MS {
            return Err(format!(
                "base time {} ms: from 1 ms to {MAX_BASE_MS} ms",
                self.base_ms
            ));
        }
        if self.inc_ms > MAX_INCREMENT_MS {
            return Err(format!(
                "increment {} ms: at most {MAX_INCREMENT_MS} ms",
                self.inc_ms
            ));
        }
        Ok(())
    }
}

/// Both sides' clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    controls: [TimeControl; 2],
    left: [Duration; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Color, Instant)>,
    flagged: Option<Color>,
}

impl Clocks {
    /// Full clocks for `white` and `black`, both stopped.
    pub fn new(white: TimeControl, black: TimeControl) -> Clocks {
        let controls = [white, black];
        Clocks {
            controls,
            left: controls.map(|c| Duration::from_millis(c.base_ms)),
            running: None,
            flagged: None,
        }
    }

    /// The same controls, full and stopped again.
    pub fn reset(&self) -> Clocks {
        Clocks::new(self.controls[0], self.controls[1])
    }

    /// `side`'s control.
    pub fn control(&self, side: Color) -> TimeControl {
        self.controls[side.index()]
    }

    /// The time `side` has left at `now` (zero once it ran out).
    pub fn left(&self, side: Color, now: Instant) -> Duration {
        let stored = self.left[side.index()];
        match self.running {
            Some((running, since)) if running == side => {
                stored.saturating_sub(now.saturating_duration_since(since))
            }
            _ => stored,
        }
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(side, _)| side)
    }

    /// The side whose flag fell, once one did.
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    /// Starts `side`'s clock at `now` (stopping the other); nothing after a
    /// flag fall.
    pub fn start(&mut self, side: Color, now: Instant) {
        self.stop(now);
        if self.flagged.is_none() {
            self.running = Some((side, now));
        }
    }

    /// Stops the running clock at `now`, charging its side.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, _)) = self.running {
            self.left[side.index()] = self.left(side, now);
            self.running = None;
        }
    }

    /// The side whose time has run out at `now`, while its clock runs.
    pub fn fallen(&self, now: Instant) -> Option<Color> {
        let side = self.running()?;
        self.left(side, now).is_zero().then_some(side)
    }

    /// Ends the game on time if a flag has fallen at `now`: the clocks stop
    /// for good. Returns the side that ran out.
    pub fn flag(&mut self, now: Instant) -> Option<Color> {
        let side = self.fallen(now)?;
        self.stop(now);
        self.flagged = Some(side);
        Some(side)
    }

    /// `mover` has moved at `now` (its flag has not fallen: see
    /// [`Clocks::fallen`]): its time is charged, its increment added, and
    /// the other clock starts.
    pub fn press(&mut self, mover: Color, now: Instant) {
        self.stop(now);
        self.left[mover.index()] += Duration::from_millis(self.control(mover).inc_ms);
        self.start(mover.flip(), now);
    }

    /// The `go` a UCI GUI would send at `now`: both clocks and increments
    /// in milliseconds. The engine turns it into its limits as it does a
    /// UCI `go` ([`crate::engine::uci::limits_of`]).
    pub fn go_params(&self, now: Instant) -> GoParams {
        let ms = |side| self.left(side, now).as_millis().min(i64::MAX as u128) as i64;
        let inc = |side: Color| self.control(side).inc_ms as i64;
        GoParams {
            wtime: Some(ms(Color::White)),
            btime: Some(ms(Color::Black)),
            winc: Some(inc(Color::White)),
            binc: Some(inc(Color::Black)),
            ..GoParams::default()
        }
    }
}

/// The clocks as the page shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// White's (Red's) time left, milliseconds.
    pub white_ms: u64,
    /// Black's time left, milliseconds.
    pub black_ms: u64,
    /// The side whose clock runs: `white`, `black`, or none (paused,
    /// over, or not started).
    pub running: Option<String>,
    /// White's control.
    pub white: TimeControl,
    /// Black's control.
    pub black: TimeControl,
}

impl ClockView {
    /// The view of `clocks` at `now`.
    pub fn of(clocks: &Clocks, now: Instant) -> ClockView {
        let ms = |side| clocks.left(side, now).as_millis().min(u64::MAX as u128) as u64;
        ClockView {
            white_ms: ms(Color::White),
            black_ms: ms(Color::Black),
            running: clocks.running().map(|side| side_name(side).to_string()),
            white: clocks.control(Color::White),
            black: clocks.control(Color::Black),
        }
    }
}

/// `white` or `black`.
pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(base_ms: u64, inc_ms: u64) -> TimeControl {
        TimeControl { base_ms, inc_ms }
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn moves_charge_the_mover_and_add_its_increment() {
        let t0 = Instant::now();
        let mut clocks = Clocks::new(control(60_000, 2_000), control(30_000, 0));
        clocks.start(Color::White, t0);
        assert_eq!(clocks.left(Color::White, t0 + ms(1_500)), ms(58_500));
        assert_eq!(clocks.left(Color::Black, t0 + ms(1_500)), ms(30_000));
        clocks.press(Color::White, t0 + ms(1_500));
        assert_eq!(clocks.left(Color::White, t0 + ms(9_000)), ms(60_500));
        assert_eq!(clocks.running(), Some(Color::Black));
        assert_eq!(clocks.left(Color::Black, t0 + ms(9_000)), ms(22_500));
        clocks.press(Color::Black, t0 + ms(9_000));
        assert_eq!(clocks.left(Color::Black, t0 + ms(20_000)), ms(22_500));
        assert_eq!(clocks.left(Color::White, t0 + ms(20_000)), ms(49_500));
    }

    #[test]
    fn a_paused_clock_keeps_its_time() {
        let t0 = Instant::now();
        let mut clocks = Clocks::new(control(10_000, 0), control(10_000, 0));
        clocks.start(Color::White, t0);
        clocks.stop(t0 + ms(4_000));
        assert_eq!(clocks.running(), None);
        assert_eq!(clocks.left(Color::White, t0 + ms(60_000)), ms(6_000));
        assert_eq!(clocks.fallen(t0 + ms(60_000)), None);
        clocks.start(Color::White, t0 + ms(60_000));
        assert_eq!(clocks.left(Color::White, t0 + ms(61_000)), ms(5_000));
    }

    #[test]
    fn a_flag_falls_at_zero_and_stops_the_clocks_for_good() {
        let t0 = Instant::now();
        let mut clocks = Clocks::new(control(1_000, 0), control(1_000, 0));
        clocks.start(Color::White, t0);
        assert_eq!(clocks.fallen(t0 + ms(999)), None);
        assert_eq!(clocks.fallen(t0 + ms(1_000)), Some(Color::White));
        assert_eq!(clocks.flag(t0 + ms(1_200)), Some(Color::White));
        assert_eq!(clocks.left(Color::White, t0 + ms(1_200)), Duration::ZERO);
        assert_eq!(clocks.running(), None);
        clocks.start(Color::Black, t0 + ms(2_000));
        assert_eq!(clocks.running(), None, "no clock runs after a flag fall");
        assert_eq!(clocks.reset().left(Color::White, t0), ms(1_000));
    }

    #[test]
    fn the_go_carries_both_clocks() {
        let t0 = Instant::now();
        let mut clocks = Clocks::new(control(180_000, 2_000), control(300_000, 3_000));
        clocks.start(Color::White, t0);
        clocks.press(Color::White, t0 + ms(10_000));
        let go = clocks.go_params(t0 + ms(25_000));
        assert_eq!(
            (go.wtime, go.btime, go.winc, go.binc),
            (Some(172_000), Some(285_000), Some(2_000), Some(3_000))
        );
        assert_eq!((go.depth, go.movetime, go.infinite), (None, None, false));
    }

    #[test]
    fn controls_out_of_range_are_refused() {
        assert!(control(0, 0).check().is_err());
        assert!(control(MAX_BASE_MS + 1, 0).check().is_err());
        assert!(control(60_000, MAX_INCREMENT_MS + 1).check().is_err());
        assert!(control(60_000, 0).check().is_ok());
    }
}
