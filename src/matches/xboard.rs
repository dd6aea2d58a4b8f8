//! The XBoard / CECP v2 dialect from the GUI's side: `xboard`, `protover 2`
//! and the `feature` negotiation, `new`/`variant`/`setboard` (or the opening
//! as moves from the start when the engine has no `setboard`), `level`,
//! `st`, `sd`, `time`/`otim`, `usermove`, and the engine's `move`, `resign`
//! and result claims.

use super::config::EngineSpec;
use super::engine::{
    read_reply, Adapter, Answer, Failure, GameSetup, Reply, Think, HANDSHAKE_TIMEOUT,
};
use super::parse;
use super::process::{EngineProcess, ReadError};
use crate::engine::VariantKind;
use std::time::{Duration, Instant};

/// How long to wait for `feature … done=1` after `protover 2` (the spec's
/// two seconds; `done=0` extends it to the handshake timeout).
const FEATURE_TIMEOUT: Duration = Duration::from_secs(2);

/// Features this runner understands (the rest are rejected).
const KNOWN: &[&str] = &[
    "done",
    "myname",
    "variants",
    "setboard",
    "usermove",
    "ping",
    "sigint",
    "sigterm",
    "reuse",
    "colors",
    "time",
    "draw",
    "name",
    "ics",
    "debug",
    "memory",
    "smp",
    "pause",
    "nps",
    "analyze",
    "playother",
    "option",
    "egt",
    "exclude",
    "setscore",
    "highlight",
    "san",
];

/// The XBoard name of a variant.
pub fn xboard_variant(variant: VariantKind) -> &'static str {
    match variant {
        VariantKind::Chess => "normal",
        VariantKind::Chess960 => "fischerandom",
        other => other.name(),
    }
}

/// `level 0 M[:SS] INC` for a base and increment in milliseconds.
pub fn level_line(base_ms: u64, increment_ms: u64) -> String {
    let secs = (base_ms / 1000).max(1);
    let base = if secs.is_multiple_of(60) {
        format!("{}", secs / 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    };
    let inc = increment_ms as f64 / 1000.0;
    format!("level 0 {base} {inc}")
}

/// An XBoard engine.
pub struct Xboard {
    process: EngineProcess,
    name: Option<String>,
    setboard: bool,
    usermove: bool,
    ping: bool,
    /// Moves of the current game the engine has been told or has played.
    known: usize,
    /// Whether the engine is out of force mode (it plays a side).
    playing: bool,
    pings: u32,
}

impl Xboard {
    /// Runs the handshake and checks that the engine plays `variant`.
    pub fn start(
        mut process: EngineProcess,
        spec: &EngineSpec,
        variant: VariantKind,
    ) -> Result<Xboard, String> {
        process.send("xboard")?;
        process.send("protover 2")?;
        let mut engine = Xboard {
            process,
            name: None,
            setboard: false,
            usermove: false,
            ping: false,
            known: 0,
            playing: false,
            pings: 0,
        };
        let mut variants: Option<String> = None;
        let mut deadline = Instant::now() + FEATURE_TIMEOUT;
        loop {
            let line = match engine.process.recv(deadline) {
                Ok((_, line)) => line,
                Err(ReadError::Timeout) => break,
                Err(ReadError::Closed) => {
                    return Err("the engine exited during the feature negotiation".into())
                }
            };
            let mut done = false;
            for (feature, value) in parse::features(&line) {
                let on = value == "1";
                match feature.as_str() {
                    "myname" => engine.name = Some(value.clone()),
                    "setboard" => engine.setboard = on,
                    "usermove" => engine.usermove = on,
                    "ping" => engine.ping = on,
                    "variants" => variants = Some(value.clone()),
                    "done" if on => done = true,
                    "done" => deadline = Instant::now() + HANDSHAKE_TIMEOUT,
                    _ => {}
                }
                let accept = KNOWN.contains(&feature.as_str()) && !(feature == "san" && on);
                let verdict = if accept { "accepted" } else { "rejected" };
                engine.process.send(&format!("{verdict} {feature}"))?;
            }
            if done {
                break;
            }
        }
        let wanted = xboard_variant(variant);
        let listed = variants
            .as_deref()
            .unwrap_or("normal")
            .split(',')
            .any(|v| v.trim().eq_ignore_ascii_case(wanted));
        if !listed {
            return Err(format!("the engine does not list variant `{wanted}`"));
        }
        for (option, value) in &spec.options {
            engine.process.send(&format!("option {option}={value}"))?;
        }
        engine.sync().map_err(|f| f.to_string())?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        self.process.send(line).map_err(Failure::Crashed)
    }

    /// `ping N` / `pong N`, when the engine has `ping`.
    fn sync(&mut self) -> Result<(), Failure> {
        if !self.ping {
            return Ok(());
        }
        self.pings += 1;
        let n = self.pings;
        self.send(&format!("ping {n}"))?;
        let want = format!("pong {n}");
        read_reply(
            &mut self.process,
            Instant::now() + HANDSHAKE_TIMEOUT,
            "pong",
            |line| (line.trim() == want).then_some(()),
        )
        .map(|_| ())
    }

    fn send_move(&mut self, mv: &str) -> Result<(), Failure> {
        if self.usermove {
            self.send(&format!("usermove {mv}"))
        } else {
            self.send(mv)
        }
    }
}

impl Adapter for Xboard {
    fn reported_name(&self) -> Option<String> {
        self.name.clone()
    }

    fn can_set_up_positions(&self) -> bool {
        self.setboard
    }

    fn takes_node_limits(&self) -> bool {
        false
    }

    fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure> {
        self.send("new")?;
        if setup.variant != VariantKind::Chess {
            self.send(&format!("variant {}", xboard_variant(setup.variant)))?;
        }
        self.send("force")?;
        self.send("post")?;
        self.send("easy")?;
        let limits = setup.limits;
        if let Some(tc) = limits.tc {
            self.send(&level_line(
                tc.base.as_millis() as u64,
                tc.increment.as_millis() as u64,
            ))?;
        } else if let Some(movetime) = limits.movetime {
            self.send(&format!("st {}", movetime.as_secs().max(1)))?;
        }
        if let Some(depth) = limits.depth {
            self.send(&format!("sd {depth}"))?;
        }
        if !setup.standard_start {
            if !self.setboard {
                return Err(Failure::Protocol(
                    "the engine has no setboard and the opening is not the start position".into(),
                ));
            }
            self.send(&format!("setboard {}", setup.start_fen))?;
        }
        self.known = 0;
        self.playing = false;
        self.sync()
    }

    fn think(&mut self, request: &Think) -> Result<Answer, Failure> {
        let missing = request.moves.len().saturating_sub(self.known);
        let timed = request.setup.limits.tc.is_some();
        let clocks = |own: i64, opp: i64| {
            [
                format!("time {}", own.max(0) / 10),
                format!("otim {}", opp.max(0) / 10),
            ]
        };
        let sent;
        if self.playing && missing == 1 {
            if timed {
                for line in clocks(request.own_ms, request.opp_ms) {
                    self.send(&line)?;
                }
            }
            sent = Instant::now();
            self.send_move(&request.moves[self.known])?;
        } else {
            if self.playing {
                self.send("force")?;
            }
            for index in self.known..request.moves.len() {
                self.send_move(&request.moves[index])?;
            }
            if timed {
                for line in clocks(request.own_ms, request.opp_ms) {
                    self.send(&line)?;
                }
            }
            sent = Instant::now();
            self.send("go")?;
            self.playing = true;
        }
        self.known = request.moves.len();
        let mut score = None;
        let (at, reply) = read_reply(&mut self.process, sent + request.budget, "move", |line| {
            if let Some(s) = parse::thinking_score(line) {
                score = Some(s);
                return None;
            }
            let trimmed = line.trim();
            if let Some(text) = parse::xboard_move(trimmed) {
                return Some(Ok(Reply::Move {
                    text: text.to_string(),
                    score,
                }));
            }
            if trimmed == "resign" || trimmed.starts_with("tellics resign") {
                return Some(Ok(Reply::Resign));
            }
            if trimmed.starts_with("Illegal move") {
                return Some(Err(Failure::Protocol(format!(
                    "rejected a legal move: `{trimmed}`"
                ))));
            }
            if ["1-0", "0-1", "1/2-1/2"]
                .iter()
                .any(|r| trimmed.starts_with(r))
            {
                return Some(Ok(Reply::Claim(trimmed.to_string())));
            }
            None
        })?;
        let reply = reply?;
        if matches!(reply, Reply::Move { .. }) {
            self.known += 1;
        }
        Ok(Answer {
            reply,
            elapsed: at.saturating_duration_since(sent),
        })
    }

    fn game_over(&mut self, result: &str, reason: &str) {
        let _ = self.send(&format!("result {result} {{{reason}}}"));
        let _ = self.send("force");
        self.playing = false;
    }

    fn quit(&mut self) {
        let _ = self.send("quit");
        self.process.finish(Duration::from_millis(500));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_lines() {
        assert_eq!(level_line(300_000, 0), "level 0 5 0");
        assert_eq!(level_line(5_000, 50), "level 0 0:05 0.05");
        assert_eq!(level_line(90_000, 1_000), "level 0 1:30 1");
        assert_eq!(xboard_variant(VariantKind::Chess960), "fischerandom");
    }
}
