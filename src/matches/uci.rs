//! The UCI dialect from the GUI's side: `uci`/`uciok`, options and
//! `UCI_Variant`/`UCI_Chess960`, `position fen … moves …`, `go`, `bestmove`.

use super::config::EngineSpec;
use super::engine::{
    read_failure, read_reply, Adapter, Answer, Failure, GameSetup, Reply, Think, HANDSHAKE_TIMEOUT,
    READY_TIMEOUT,
};
use super::parse;
use super::process::EngineProcess;
use crate::engine::VariantKind;
use std::time::{Duration, Instant};

/// A UCI engine.
pub struct Uci {
    process: EngineProcess,
    name: Option<String>,
}

/// Finds a declared option by name, without regard to case.
fn find<'a>(options: &'a [(String, Vec<String>)], name: &str) -> Option<&'a [String]> {
    options
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, vars)| vars.as_slice())
}

/// The `setoption` lines that select `variant` on an engine that declared
/// `options`, or why it cannot play it. An engine without a `UCI_Variant`
/// option plays one game: `plays` when the match said which
/// (`variant=`), else it is taken at its word to play the match's game
/// (Stockfish plays chess, Pikafish xiangqi).
pub fn variant_commands(
    options: &[(String, Vec<String>)],
    variant: VariantKind,
    plays: Option<VariantKind>,
) -> Result<Vec<String>, String> {
    let set = |name: &str, value: &str| format!("setoption name {name} value {value}");
    let chess960_switch = find(options, "UCI_Chess960").is_some();
    let Some(variant_var) = find(options, "UCI_Variant") else {
        return single_game_commands(variant, plays, chess960_switch);
    };
    let lists = |names: &[&str]| -> Option<String> {
        variant_var
            .iter()
            .find(|v| names.iter().any(|n| v.eq_ignore_ascii_case(n)))
            .cloned()
    };
    match variant {
        VariantKind::Chess => Ok(match lists(&["chess", "normal"]) {
            Some(v) => vec![set("UCI_Variant", &v)],
            None => Vec::new(),
        }),
        VariantKind::Chess960 => {
            if chess960_switch {
                let mut out = Vec::new();
                if let Some(v) = lists(&["chess", "normal"]) {
                    out.push(set("UCI_Variant", &v));
                }
                out.push(set("UCI_Chess960", "true"));
                Ok(out)
            } else if let Some(v) = lists(&["chess960", "fischerandom"]) {
                Ok(vec![set("UCI_Variant", &v)])
            } else {
                Err("the engine declares neither UCI_Chess960 nor a chess960 UCI_Variant".into())
            }
        }
        other => match lists(&[other.name()]) {
            Some(v) => Ok(vec![set("UCI_Variant", &v)]),
            None => Err(format!("the engine's UCI_Variant does not list `{other}`")),
        },
    }
}

/// [`variant_commands`] for an engine with no `UCI_Variant` option.
fn single_game_commands(
    variant: VariantKind,
    plays: Option<VariantKind>,
    chess960_switch: bool,
) -> Result<Vec<String>, String> {
    let own = plays.unwrap_or(variant);
    let switch_on = || vec!["setoption name UCI_Chess960 value true".to_string()];
    match (variant, own) {
        (v, o) if v == o && v != VariantKind::Chess960 => Ok(Vec::new()),
        (VariantKind::Chess960, VariantKind::Chess960) if chess960_switch => Ok(switch_on()),
        (VariantKind::Chess960, VariantKind::Chess960) => Ok(Vec::new()),
        (VariantKind::Chess960, VariantKind::Chess) if chess960_switch => Ok(switch_on()),
        (VariantKind::Chess960, VariantKind::Chess) => {
            Err("the engine declares neither UCI_Chess960 nor a chess960 UCI_Variant".into())
        }
        (v, o) => Err(format!(
            "the engine has no UCI_Variant option and plays `{o}` (variant={o}), not `{v}`"
        )),
    }
}

/// Refuses an `option.X=V` that sets a declared spin option `X` to a value
/// outside its `min`..`max` or to no number: engines ignore such a value
/// without a word (Stockfish 15.1, `UCI_Elo` max 2850, keeps its default
/// 1350 when given 3000), and the match would play another engine than
/// the one asked for.
pub fn check_spin_values(
    spins: &[(String, i64, i64)],
    options: &[(String, String)],
) -> Result<(), String> {
    for (option, value) in options {
        let Some((name, min, max)) = spins
            .iter()
            .find(|(n, _, _)| n.eq_ignore_ascii_case(option))
        else {
            continue;
        };
        match value.trim().parse::<i64>() {
            Ok(v) if (*min..=*max).contains(&v) => {}
            _ => {
                return Err(format!(
                    "option.{option}={value}: the engine's {name} takes {min} to {max}"
                ))
            }
        }
    }
    Ok(())
}

fn sync(process: &mut EngineProcess) -> Result<(), Failure> {
    process.send("isready").map_err(Failure::Crashed)?;
    process
        .wait_for(READY_TIMEOUT, |l| l.trim() == "readyok")
        .map(|_| ())
        .map_err(|e| read_failure(process, e, "readyok"))
}

impl Uci {
    /// Runs the handshake and selects `variant`.
    pub fn start(
        mut process: EngineProcess,
        spec: &EngineSpec,
        variant: VariantKind,
    ) -> Result<Uci, String> {
        process.send("uci")?;
        let mut name = None;
        let mut options = Vec::new();
        let mut spins = Vec::new();
        process
            .wait_for(HANDSHAKE_TIMEOUT, |line| {
                if let Some(n) = parse::id_name(line) {
                    name = Some(n);
                } else if let Some(decl) = parse::option_decl(line) {
                    options.push(decl);
                }
                spins.extend(parse::spin_range(line));
                line.trim() == "uciok"
            })
            .map_err(|e| read_failure(&mut process, e, "uciok").to_string())?;
        check_spin_values(&spins, &spec.options)?;
        for command in variant_commands(&options, variant, spec.plays)? {
            process.send(&command)?;
        }
        for (option, value) in &spec.options {
            process.send(&format!("setoption name {option} value {value}"))?;
        }
        sync(&mut process).map_err(|f| f.to_string())?;
        Ok(Uci { process, name })
    }
}

/// The `go` line for a request.
pub fn go_line(request: &Think) -> String {
    let limits = &request.setup.limits;
    let mut line = String::from("go");
    if limits.tc.is_some() {
        let own = (request.own_ms, request.increment_ms);
        let opp = (request.opp_ms, request.opp_increment_ms);
        let ((white, winc), (black, binc)) = if request.first_side {
            (own, opp)
        } else {
            (opp, own)
        };
        line += &format!(" wtime {white} btime {black} winc {winc} binc {binc}");
    }
    if let Some(nodes) = limits.nodes {
        line += &format!(" nodes {nodes}");
    }
    if let Some(depth) = limits.depth {
        line += &format!(" depth {depth}");
    }
    if let Some(movetime) = limits.movetime {
        line += &format!(" movetime {}", movetime.as_millis());
    }
    line
}

/// `position fen F [moves …]`.
pub fn position_line(fen: &str, moves: &[String]) -> String {
    let mut line = format!("position fen {fen}");
    if !moves.is_empty() {
        line += " moves ";
        line += &moves.join(" ");
    }
    line
}

impl Adapter for Uci {
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
        self.process.send("ucinewgame").map_err(Failure::Crashed)?;
        sync(&mut self.process)
    }

    fn think(&mut self, request: &Think) -> Result<Answer, Failure> {
        let send = |p: &mut EngineProcess, l: &str| p.send(l).map_err(Failure::Crashed);
        send(
            &mut self.process,
            &position_line(&request.setup.start_fen, request.moves),
        )?;
        let sent = Instant::now();
        send(&mut self.process, &go_line(request))?;
        let deadline = sent + request.budget;
        let mut score = None;
        let (at, best) = read_reply(&mut self.process, deadline, "bestmove", |line| {
            if let Some(s) = parse::info_score(line) {
                score = Some(s);
            }
            parse::bestmove(line)
        })?;
        let reply = match best {
            Some(text) => Reply::Move { text, score },
            None => Reply::NoMove,
        };
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

    fn decls(lines: &[&str]) -> Vec<(String, Vec<String>)> {
        lines.iter().filter_map(|l| parse::option_decl(l)).collect()
    }

    #[test]
    fn spin_values_outside_the_declared_range_are_refused() {
        let spins = vec![("UCI_Elo".to_string(), 1350, 2850)];
        let set = |name: &str, value: &str| vec![(name.to_string(), value.to_string())];
        assert!(check_spin_values(&spins, &set("UCI_Elo", "2800")).is_ok());
        assert!(check_spin_values(&spins, &set("uci_elo", "2850")).is_ok());
        let refused = check_spin_values(&spins, &set("UCI_Elo", "3000")).unwrap_err();
        assert!(refused.contains("1350 to 2850"), "{refused}");
        assert!(check_spin_values(&spins, &set("UCI_Elo", "1000")).is_err());
        assert!(check_spin_values(&spins, &set("UCI_Elo", "strong")).is_err());
        assert!(check_spin_values(&spins, &set("Hash", "999999")).is_ok());
    }

    #[test]
    fn variants_are_selected_by_the_declared_options() {
        let fsf = decls(&[
            "option name UCI_Chess960 type check default false",
            "option name UCI_Variant type combo default chess var chess var fischerandom var xiangqi",
        ]);
        assert_eq!(
            variant_commands(&fsf, VariantKind::Chess960, None).unwrap(),
            vec![
                "setoption name UCI_Variant value chess",
                "setoption name UCI_Chess960 value true"
            ]
        );
        assert_eq!(
            variant_commands(&fsf, VariantKind::Xiangqi, None).unwrap(),
            vec!["setoption name UCI_Variant value xiangqi"]
        );
        assert!(variant_commands(&fsf, VariantKind::Jasir, None)
            .unwrap_err()
            .contains("jasir"));
        assert!(variant_commands(&fsf, VariantKind::Jasir, Some(VariantKind::Jasir)).is_err());
    }

    #[test]
    fn an_engine_without_uci_variant_plays_its_own_game() {
        use VariantKind::*;
        let plain = decls(&["option name Hash type spin default 16 min 1 max 64"]);
        assert!(variant_commands(&plain, Chess, None).unwrap().is_empty());
        assert!(variant_commands(&plain, Xiangqi, None).unwrap().is_empty());
        assert!(variant_commands(&plain, Xiangqi, Some(Xiangqi))
            .unwrap()
            .is_empty());
        let refused = variant_commands(&plain, Xiangqi, Some(Chess)).unwrap_err();
        assert!(refused.contains("plays `chess`"), "{refused}");
        assert!(variant_commands(&plain, Chess960, Some(Chess)).is_err());
        assert!(variant_commands(&plain, Chess960, Some(Chess960))
            .unwrap()
            .is_empty());
        let stockfish = decls(&["option name UCI_Chess960 type check default false"]);
        assert_eq!(
            variant_commands(&stockfish, Chess960, None).unwrap(),
            vec!["setoption name UCI_Chess960 value true"]
        );
        assert!(variant_commands(&stockfish, Tamerlane, Some(Chess)).is_err());
    }
}
