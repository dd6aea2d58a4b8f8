//! What a `go` asks for: depth, nodes, time, or nothing (infinite).

use std::time::Duration;

/// The clock of the side to move, as a GUI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Clock {
    /// Time left on the side to move's clock.
    pub time: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// The limits of one search. All unset = search until stopped.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Limits {
    /// Stop after completing this depth.
    pub depth: Option<u32>,
    /// Stop after this many nodes (all threads together).
    pub nodes: Option<u64>,
    /// Think exactly this long.
    pub movetime: Option<Duration>,
    /// Look for a mate in this many moves.
    pub mate: Option<u32>,
    /// The side to move's clock; the time manager turns it into a budget.
    pub clock: Option<Clock>,
    /// Search until `stop`, whatever else is set.
    pub infinite: bool,
    /// Pondering: ignore the clock until `ponderhit`.
    pub ponder: bool,
}
