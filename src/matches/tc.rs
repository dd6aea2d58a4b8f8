//! Time controls (`--tc 10+0.1`) and the other search limits of a match, and
//! each side's clock during a game.

use std::str::FromStr;
use std::time::Duration;

/// Base time plus an increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on each clock at the start.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

fn seconds(text: &str, whole: &str) -> Result<Duration, String> {
    let (minutes, secs) = match text.split_once(':') {
        Some((m, s)) => (
            m.parse::<u64>()
                .map_err(|_| format!("time control `{whole}`: `{m}` is not whole minutes"))?,
            s,
        ),
        None => (0, text),
    };
    let value: f64 = secs
        .parse()
        .map_err(|_| format!("time control `{whole}`: `{secs}` is not a number of seconds"))?;
    if !value.is_finite() || value < 0.0 {
        return Err(format!("time control `{whole}`: `{secs}` is not a time"));
    }
    Ok(Duration::from_secs(minutes * 60) + Duration::from_secs_f64(value))
}

impl FromStr for TimeControl {
    type Err = String;

    /// Reads `BASE[+INC]` in seconds (`10+0.1`, `60`, `1:30+1`).
    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let (base, inc) = match text.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (text, None),
        };
        let tc = TimeControl {
            base: seconds(base, text)?,
            increment: match inc {
                Some(i) => seconds(i, text)?,
                None => Duration::ZERO,
            },
        };
        if tc.base.is_zero() && tc.increment.is_zero() {
            return Err(format!("time control `{text}` gives no time"));
        }
        Ok(tc)
    }
}

impl std::fmt::Display for TimeControl {
    /// PGN's `TimeControl` form: `BASE+INC` in seconds.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// What bounds each move: a clock, nodes, depth, a fixed time, or several.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Each side's clock.
    pub tc: Option<TimeControl>,
    /// Nodes per move.
    pub nodes: Option<u64>,
    /// Depth per move.
    pub depth: Option<u32>,
    /// Time per move.
    pub movetime: Option<Duration>,
}

impl SearchLimits {
    /// At least one limit must be set.
    pub fn validate(&self) -> Result<(), String> {
        if self.tc.is_none()
            && self.nodes.is_none()
            && self.depth.is_none()
            && self.movetime.is_none()
        {
            return Err(
                "give a limit: --tc, --nodes, --depth, --movetime, or tc= or nodes= on every --engine"
                    .to_string(),
            );
        }
        Ok(())
    }

    /// These limits with `tc` as the clock, when given (an engine's own
    /// `tc=` over the match's `--tc`).
    pub fn with_clock(self, tc: Option<TimeControl>) -> SearchLimits {
        SearchLimits {
            tc: tc.or(self.tc),
            ..self
        }
    }
}

/// One side's clock in milliseconds (negative once flagged).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub left_ms: i64,
    /// Increment per move.
    pub increment_ms: i64,
}

impl Clock {
    /// A full clock for `tc`.
    pub fn new(tc: TimeControl) -> Clock {
        Clock {
            left_ms: tc.base.as_millis() as i64,
            increment_ms: tc.increment.as_millis() as i64,
        }
    }

    /// Charges a move that took `elapsed`; false if the clock ran out by
    /// more than `margin` (the increment is added only to a clock that
    /// survived).
    pub fn charge(&mut self, elapsed: Duration, margin: Duration) -> bool {
        self.left_ms -= elapsed.as_millis() as i64;
        if self.left_ms < -(margin.as_millis() as i64) {
            return false;
        }
        self.left_ms = self.left_ms.max(0) + self.increment_ms;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(10));
        assert_eq!(tc.increment, Duration::from_millis(100));
        let tc: TimeControl = "1:30+1".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(90));
        assert_eq!(tc.increment, Duration::from_secs(1));
        let tc: TimeControl = "5".parse().unwrap();
        assert_eq!(tc.increment, Duration::ZERO);
        assert_eq!(tc.to_string(), "5+0");
        for bad in ["", "x+1", "10+y", "0+0", "-1+1", "a:10"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_charge_and_forfeit() {
        let mut clock = Clock::new("1+0.5".parse().unwrap());
        assert!(clock.charge(Duration::from_millis(400), Duration::from_millis(100)));
        assert_eq!(clock.left_ms, 1100);
        assert!(clock.charge(Duration::from_millis(1150), Duration::from_millis(100)));
        assert_eq!(clock.left_ms, 500);
        assert!(!clock.charge(Duration::from_millis(700), Duration::from_millis(100)));
    }

    #[test]
    fn an_engine_clock_overrides_the_match_clock() {
        let own: TimeControl = "30+0.3".parse().unwrap();
        let limits = SearchLimits {
            tc: Some("10+0.1".parse().unwrap()),
            depth: Some(7),
            ..SearchLimits::default()
        };
        assert_eq!(limits.with_clock(Some(own)).tc, Some(own));
        assert_eq!(limits.with_clock(Some(own)).depth, Some(7));
        assert_eq!(limits.with_clock(None), limits);
        assert_eq!(SearchLimits::default().with_clock(Some(own)).tc, Some(own));
    }

    #[test]
    fn a_limit_is_required() {
        assert!(SearchLimits::default().validate().is_err());
        let limits = SearchLimits {
            nodes: Some(1000),
            ..SearchLimits::default()
        };
        assert!(limits.validate().is_ok());
    }
}
