//! The UCCI dialect (xiangqi) from the GUI's side: `ucci`/`ucciok`,
//! `setoption usemillisec true`, `position fen … moves …`,
//! `go time … increment … opptime … oppincrement …`, `bestmove`/`nobestmove`.

use super::config::EngineSpec;
use super::engine::{
    read_failure, read_reply, Adapter, Answer, Failure, GameSetup, Reply, Think, HANDSHAKE_TIMEOUT,
    READY_TIMEOUT,
};
use super::parse;
use super::process::EngineProcess;
use super::uci::{check_spin_values, position_line};
use crate::engine::VariantKind;
use std::time::{Duration, Instant};

/// A UCCI engine.
pub struct Ucci {
    process: EngineProcess,
    name: Option<String>,
    has_newgame: bool,
}

fn sync(process: &mut EngineProcess) -> Result<(), Failure> {
    process.send("isready").map_err(Failure::Crashed)?;
    process
        .wait_for(READY_TIMEOUT, |l| l.trim() == "readyok")
        .map(|_| ())
        .map_err(|e| read_failure(process, e, "readyok"))
}

impl Ucci {
    /// Runs the handshake; UCCI engines play xiangqi only.
    pub fn start(
        mut process: EngineProcess,
        spec: &EngineSpec,
        variant: VariantKind,
    ) -> Result<Ucci, String> {
        if variant != VariantKind::Xiangqi {
            return Err(format!("UCCI engines play xiangqi, not {variant}"));
        }
        process.send("ucci")?;
        let mut name = None;
        let mut has_newgame = false;
        let mut spins = Vec::new();
        process
            .wait_for(HANDSHAKE_TIMEOUT, |line| {
                if let Some(n) = parse::id_name(line) {
                    name = Some(n);
                } else if let Some((option, _)) = parse::option_decl(line) {
                    has_newgame |= option.eq_ignore_ascii_case("newgame");
                }
                spins.extend(parse::spin_range(line));
                line.trim() == "ucciok"
            })
            .map_err(|e| read_failure(&mut process, e, "ucciok").to_string())?;
        check_spin_values(&spins, &spec.options)?;
        process.send("setoption usemillisec true")?;
        for (option, value) in &spec.options {
            process.send(&format!("setoption {option} {value}"))?;
        }
        sync(&mut process).map_err(|f| f.to_string())?;
        Ok(Ucci {
            process,
            name,
            has_newgame,
        })
    }
}

/// The UCCI `go` line: one limit (clock, else movetime, else depth, else
/// nodes), times in milliseconds.
pub fn go_line(request: &Think) -> String {
    let limits = &request.setup.limits;
    if limits.tc.is_some() {
        format!(
            "go time {} increment {} opptime {} oppincrement {}",
            request.own_ms, request.increment_ms, request.opp_ms, request.opp_increment_ms
        )
    } else if let Some(movetime) = limits.movetime {
        format!("go time {} movestogo 1", movetime.as_millis())
    } else if let Some(depth) = limits.depth {
        format!("go depth {depth}")
    } else if let Some(nodes) = limits.nodes {
        format!("go nodes {nodes}")
    } else {
        "go infinite".to_string()
    }
}

impl Adapter for Ucci {
    fn reported_name(&self) -> Option<String> {
        self.name.clone()
    }

    fn can_set_up_positions(&self) -> bool {
        true
    }

    fn takes_node_limits(&self) -> bool {
        true
    }

    fn new_game(&mut self, _setup: &GameSetup) -> Result<(), Failure> {
        if self.has_newgame {
            self.process
                .send("setoption newgame")
                .map_err(Failure::Crashed)?;
        }
        sync(&mut self.process)
    }

    fn think(&mut self, request: &Think) -> Result<Answer, Failure> {
        self.process
            .send(&position_line(&request.setup.start_fen, request.moves))
            .map_err(Failure::Crashed)?;
        let sent = Instant::now();
        self.process
            .send(&go_line(request))
            .map_err(Failure::Crashed)?;
        let mut score = None;
        let (at, reply) = read_reply(
            &mut self.process,
            sent + request.budget,
            "bestmove",
            |line| {
                if let Some(s) = parse::info_score(line) {
                    score = Some(s);
                }
                if line.trim() == "nobestmove" {
                    return Some(Reply::NoMove);
                }
                match parse::bestmove(line)? {
                    _ if parse::ucci_resigns(line) => Some(Reply::Resign),
                    Some(text) => Some(Reply::Move { text, score }),
                    None => Some(Reply::NoMove),
                }
            },
        )?;
        Ok(Answer {
            reply,
            elapsed: at.saturating_duration_since(sent),
        })
    }

    fn game_over(&mut self, _result: &str, _reason: &str) {}

    fn quit(&mut self) {
        let _ = self.process.send("quit");
        self.process.finish(Duration::from_millis(500));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::tc::SearchLimits;

    #[test]
    fn go_lines_carry_one_limit() {
        let mut setup = GameSetup {
            variant: VariantKind::Xiangqi,
            start_fen: String::new(),
            standard_start: true,
            limits: SearchLimits {
                tc: Some("10+0.1".parse().unwrap()),
                depth: Some(9),
                ..SearchLimits::default()
            },
        };
        let think = |setup: &GameSetup| {
            go_line(&Think {
                setup,
                moves: &[],
                first_side: false,
                own_ms: 9000,
                opp_ms: 8000,
                increment_ms: 100,
                opp_increment_ms: 300,
                budget: Duration::from_secs(1),
            })
        };
        assert_eq!(
            think(&setup),
            "go time 9000 increment 100 opptime 8000 oppincrement 300"
        );
        assert_eq!(
            crate::matches::uci::go_line(&Think {
                setup: &setup,
                moves: &[],
                first_side: false,
                own_ms: 9000,
                opp_ms: 8000,
                increment_ms: 100,
                opp_increment_ms: 300,
                budget: Duration::from_secs(1),
            }),
            "go wtime 8000 btime 9000 winc 300 binc 100 depth 9"
        );
        setup.limits.tc = None;
        assert_eq!(think(&setup), "go depth 9");
        setup.limits.movetime = Some(Duration::from_millis(250));
        assert_eq!(think(&setup), "go time 250 movestogo 1");
    }
}
