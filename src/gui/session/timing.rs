//! The session's clocks: time controls, pause and resume, a move pressing
//! the clock, and the flag fall that ends the game by the game's own rule
//! ([`verdict::on_time`]). The engine thinks on its clock through the
//! limits of a UCI `go` built from the clocks ([`Session::play_limits`]).

use super::Session;
use crate::engine::uci::limits_of;
use crate::gui::clock::{Clocks, TimeControl};
use crate::gui::message::ServerMsg;
use crate::variants::verdict;
use crate::with_game;
use std::time::Instant;
use timur_search::{Color, Limits};

impl Session {
    /// The present time, from the session's clock source.
    pub(super) fn now(&self) -> Instant {
        (self.now)()
    }

    /// Ends the game if a flag has fallen at `now`; true if one did.
    pub(super) fn flag_fall(&mut self, now: Instant) -> bool {
        let Some(flagged) = self.clocks.as_mut().and_then(|c| c.flag(now)) else {
            return false;
        };
        self.halt();
        let verdict = with_game!(self.engine.game(), state => {
            verdict::on_time(state.position(), flagged)
        });
        self.timeout = Some((self.ply, verdict));
        true
    }

    /// Between messages: a flag that fell ends the game; the new state if
    /// it did, else nothing.
    pub fn tick(&mut self) -> Vec<ServerMsg> {
        let now = self.now();
        if self.result().is_none() && self.flag_fall(now) {
            return vec![self.state()];
        }
        Vec::new()
    }

    /// `mover` has played at `now` (the last move of the line so far): its
    /// clock is pressed, and the time it has left kept for the PGN.
    pub(super) fn press(&mut self, mover: Color, now: Instant) {
        let over = self.result().is_some();
        let Some(clocks) = &mut self.clocks else {
            return;
        };
        clocks.press(mover, now);
        if over {
            clocks.stop(now);
        }
        let left = clocks.left(mover, now);
        self.clock_log.resize(self.ply, None);
        if let Some(last) = self.clock_log.last_mut() {
            *last = Some(left);
        }
    }

    /// Starts the side to move's clock unless the game is over.
    pub(super) fn run_clock(&mut self) {
        let now = self.now();
        let side = self.engine.side_to_move();
        let over = self.result().is_some();
        if let Some(clocks) = self.clocks.as_mut().filter(|_| !over) {
            clocks.start(side, now);
        }
    }

    /// Full clocks for a new game, the side to move's running.
    pub(super) fn restart_clocks(&mut self) {
        self.reset_clocks();
        self.run_clock();
    }

    /// Full clocks, stopped: a loaded game or a pasted position waits for
    /// `resume` (the engine does not move on it either).
    pub(super) fn reset_clocks(&mut self) {
        if let Some(clocks) = &mut self.clocks {
            *clocks = clocks.reset();
        }
    }

    /// A time control per side, or none for an untimed game.
    pub(super) fn set_clocks(
        &mut self,
        white: Option<TimeControl>,
        black: Option<TimeControl>,
    ) -> Result<Vec<ServerMsg>, String> {
        self.clocks = match (white, black) {
            (Some(white), Some(black)) => {
                white
                    .check()
                    .map_err(|why| format!("White's clock: {why}"))?;
                black
                    .check()
                    .map_err(|why| format!("Black's clock: {why}"))?;
                Some(Clocks::new(white, black))
            }
            (None, None) => None,
            _ => return Err("give both sides a time control, or neither".into()),
        };
        self.halt();
        // New clocks play on from here, even after a flag fall.
        self.timeout = None;
        self.restart_clocks();
        Ok(self.changed(true))
    }

    /// Stops the clocks and any search.
    pub(super) fn pause(&mut self) -> Result<Vec<ServerMsg>, String> {
        let now = self.now();
        let clocks = self.clocks.as_mut().ok_or("the game has no clock")?;
        clocks.stop(now);
        self.halt();
        Ok(vec![self.state()])
    }

    /// Starts the side to move's clock again; the engine moves if it is its
    /// turn.
    pub(super) fn resume(&mut self) -> Result<Vec<ServerMsg>, String> {
        let clocks = self.clocks.as_ref().ok_or("the game has no clock")?;
        if clocks.flagged().is_some() {
            return Err("a flag has fallen: set the clocks again to play on".into());
        }
        if self.result().is_some() {
            return Err("the game is over".into());
        }
        self.run_clock();
        Ok(self.changed(true))
    }

    /// The limits of the engine's move: a `go` with both clocks in a timed
    /// game (through the UCI path's own [`limits_of`]), else the depth or
    /// time per move set for untimed games.
    pub fn play_limits(&self) -> Limits {
        match self.clocks.as_ref().filter(|c| c.flagged().is_none()) {
            Some(clocks) => limits_of(&clocks.go_params(self.now()), self.engine.side_to_move()),
            None => self.limits.clone(),
        }
    }

    /// Whether the engine may play now: in a timed game only while a
    /// clock runs (not paused; after a flag fall the game is untimed).
    pub(super) fn clock_runs(&self) -> bool {
        self.clocks
            .as_ref()
            .is_none_or(|c| c.flagged().is_some() || c.running().is_some())
    }
}
