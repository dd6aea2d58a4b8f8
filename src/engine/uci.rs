//! The UCI loop: reads commands, drives the [`Engine`], writes replies.
//! Errors never end the loop: they become `info string error: …` lines and
//! the last good position stays.

use super::output::{clip, send};
use super::strength::FULL_LEVEL;
use super::{Engine, GoRequest, SearchEvent, VariantKind};
use crate::engine::input::read_line;
use crate::nnue;
use std::io::BufRead;
use std::sync::Arc;
use std::time::Duration;
use timur_protocol::uci::{self, GoParams, UciCommand};
use timur_protocol::{BoundText, InfoLine, OptionSpec, ScoreText};
use timur_search::{Bound, Clock, Color, Limits, Score, MAX_ELO, MIN_ELO};

/// The engine's name on every protocol.
pub const ENGINE_NAME: &str = concat!("timur ", env!("CARGO_PKG_VERSION"));
/// The authors' line.
pub const ENGINE_AUTHOR: &str = "the timur developers";

/// Turns a search score into protocol text (Jasir's margin is reported
/// separately as an `info string`).
pub fn score_text(score: Score) -> ScoreText {
    match score {
        Score::Cp(cp) => ScoreText::Cp(cp),
        Score::Mate { moves, .. } => ScoreText::Mate(moves),
    }
}

/// Turns a search bound into protocol text.
pub fn bound_text(bound: Bound) -> BoundText {
    match bound {
        Bound::Exact => BoundText::Exact,
        Bound::Lower => BoundText::Lower,
        Bound::Upper => BoundText::Upper,
    }
}

/// A search event as an [`InfoLine`] (for `Info` events).
pub fn info_line_of(info: &super::TextInfo) -> InfoLine {
    InfoLine {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        score: score_text(info.score),
        bound: bound_text(info.bound),
        nodes: info.nodes,
        nps: info.nps,
        hashfull: info.hashfull,
        time_ms: info.time.as_millis() as u64,
        pv: info.pv.clone(),
        wdl: info.wdl,
    }
}

fn ms(value: i64) -> Duration {
    Duration::from_millis(value.max(0) as u64)
}

/// The limits of a UCI `go` for the side to move.
pub fn limits_of(go: &GoParams, side: Color) -> Limits {
    let (time, inc) = match side {
        Color::White => (go.wtime, go.winc),
        Color::Black => (go.btime, go.binc),
    };
    Limits {
        depth: go.depth,
        nodes: go.nodes,
        movetime: go.movetime.map(ms),
        mate: go.mate,
        clock: time.map(|t| Clock {
            time: ms(t),
            increment: ms(inc.unwrap_or(0)),
            moves_to_go: go.movestogo,
        }),
        infinite: go.infinite,
        ponder: go.ponder,
    }
}

/// The option lines `uci` declares.
fn options(engine: &Engine) -> Vec<String> {
    let vars: Vec<String> = VariantKind::ALL
        .iter()
        .map(|k| k.name().to_string())
        .collect();
    let o = engine.options();
    [
        (
            "UCI_Variant",
            OptionSpec::Combo {
                default: "chess".into(),
                vars,
            },
        ),
        ("UCI_Chess960", OptionSpec::Check { default: false }),
        (
            "Threads",
            OptionSpec::Spin {
                default: 1,
                min: 1,
                max: 256,
            },
        ),
        (
            "Hash",
            OptionSpec::Spin {
                default: 16,
                min: 1,
                max: 65536,
            },
        ),
        ("Clear Hash", OptionSpec::Button),
        ("Ponder", OptionSpec::Check { default: false }),
        (
            "MultiPV",
            OptionSpec::Spin {
                default: 1,
                min: 1,
                max: 256,
            },
        ),
        (
            "Move Overhead",
            OptionSpec::Spin {
                default: o.move_overhead.as_millis() as i64,
                min: 0,
                max: 5000,
            },
        ),
        ("XiangqiRanksFromOne", OptionSpec::Check { default: false }),
        (
            "JasirTable",
            OptionSpec::String {
                default: String::new(),
            },
        ),
    ]
    .into_iter()
    .chain(evaluation_options())
    .chain(strength_options())
    .chain([("UCI_ShowWDL", OptionSpec::Check { default: false })])
    .map(|(name, spec)| uci::option_line(name, &spec))
    .collect()
}

/// The evaluation's options, the same in every protocol: `UseNNUE` (the
/// network, where the game has one, or the hand-written evaluation) and
/// `EvalFile` (a network file to load; empty keeps the current one).
pub fn evaluation_options() -> [(&'static str, OptionSpec); 2] {
    [
        (
            "UseNNUE",
            OptionSpec::Check {
                default: nnue::active::enabled(),
            },
        ),
        (
            "EvalFile",
            OptionSpec::String {
                default: String::new(),
            },
        ),
    ]
}

/// The strength options, the same in every protocol: `UCI_LimitStrength`
/// and `UCI_Elo` (Stockfish's), `Skill Level` (0–20, 20 full strength) and
/// `Skill Seed` (the seed of a weakened engine's random choices; 0 draws
/// one from the clock).
pub fn strength_options() -> [(&'static str, OptionSpec); 4] {
    [
        ("UCI_LimitStrength", OptionSpec::Check { default: false }),
        (
            "UCI_Elo",
            OptionSpec::Spin {
                default: i64::from(MIN_ELO),
                min: i64::from(MIN_ELO),
                max: i64::from(MAX_ELO),
            },
        ),
        (
            "Skill Level",
            OptionSpec::Spin {
                default: i64::from(FULL_LEVEL),
                min: 0,
                max: i64::from(FULL_LEVEL),
            },
        ),
        (
            "Skill Seed",
            OptionSpec::Spin {
                default: 0,
                min: 0,
                max: i64::from(i32::MAX),
            },
        ),
    ]
}

fn parse_bool(value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" => Ok(false),
        _ => Err(format!("`{value}` is not true or false")),
    }
}

fn parse_spin(value: &str, min: i64, max: i64) -> Result<i64, String> {
    match value.trim().parse::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{value}` is not a whole number from {min} to {max}"
        )),
    }
}

/// Applies `setoption`; names match without regard to case.
pub fn set_option(engine: &mut Engine, name: &str, value: Option<&str>) -> Result<(), String> {
    let value_of = || {
        value
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .ok_or_else(|| format!("option `{name}` needs a value"))
    };
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => engine.set_variant(value_of()?.parse()?),
        "uci_chess960" => {
            engine.set_chess960(parse_bool(value_of()?)?);
            Ok(())
        }
        "threads" => {
            engine.set_threads(parse_spin(value_of()?, 1, 256)? as usize);
            Ok(())
        }
        "hash" => {
            engine.set_hash(parse_spin(value_of()?, 1, 65536)? as usize);
            Ok(())
        }
        "clear hash" => {
            engine.clear_hash();
            Ok(())
        }
        "ponder" => parse_bool(value_of()?).map(|_| ()),
        "multipv" => {
            engine.set_multipv(parse_spin(value_of()?, 1, 256)? as usize);
            Ok(())
        }
        "move overhead" => {
            engine.set_move_overhead(Duration::from_millis(
                parse_spin(value_of()?, 0, 5000)? as u64
            ));
            Ok(())
        }
        "xiangqiranksfromone" => {
            engine.set_ranks_from_one(parse_bool(value_of()?)?);
            Ok(())
        }
        "jasirtable" => engine.set_solve_table(value.unwrap_or_default()),
        "usennue" => {
            nnue::active::set_enabled(parse_bool(value_of()?)?);
            Ok(())
        }
        "uci_limitstrength" => {
            let mut strength = engine.options().strength;
            strength.limit_strength = parse_bool(value_of()?)?;
            engine.set_strength(strength);
            Ok(())
        }
        "uci_elo" => {
            let mut strength = engine.options().strength;
            strength.elo = parse_spin(value_of()?, MIN_ELO.into(), MAX_ELO.into())? as u32;
            engine.set_strength(strength);
            Ok(())
        }
        "skill level" => {
            let mut strength = engine.options().strength;
            strength.skill_level = parse_spin(value_of()?, 0, FULL_LEVEL.into())? as u32;
            engine.set_strength(strength);
            Ok(())
        }
        "skill seed" => {
            engine.set_skill_seed(parse_spin(value_of()?, 0, i32::MAX.into())? as u64);
            Ok(())
        }
        "uci_showwdl" => {
            engine.set_show_wdl(parse_bool(value_of()?)?);
            Ok(())
        }
        "evalfile" => match value.map(str::trim).filter(|v| !v.is_empty()) {
            Some(path) => nnue::active::load_file(path).map(|_| ()),
            None => Ok(()),
        },
        _ => Err(format!("unknown option `{name}`")),
    }
}

fn report_search_event(event: SearchEvent) {
    match event {
        SearchEvent::Info(info) => {
            send(&uci::info_line(&info_line_of(&info)));
            // Games whose result is a score (Jasir, Jarmo): `score mate N`
            // says who wins, this line says by how much.
            // (`mate 0`, a game already over, cannot say who won: `go`
            // reports that one with `game over`.)
            if let Score::Mate { moves, margin } = info.score {
                if margin > 0 && moves != 0 {
                    let winner = if moves > 0 {
                        "side to move"
                    } else {
                        "opponent"
                    };
                    send(&uci::info_string(&format!(
                        "result score {margin} for the {winner}"
                    )));
                }
            }
        }
        SearchEvent::Done(best) => send(&uci::bestmove_line(
            best.best.as_deref(),
            best.ponder.as_deref(),
        )),
    }
}

fn go(engine: &mut Engine, mut params: GoParams) -> Result<(), String> {
    for note in params.notes.drain(..) {
        send(&uci::info_string(&format!("error: {}", clip(&note))));
    }
    if let Some(depth) = params.perft {
        let lines = engine.perft(depth);
        let mut total = if depth == 0 { 1 } else { 0 };
        for (mv, n) in &lines {
            send(&uci::perft_move_line(mv, *n));
            total += n;
        }
        for line in uci::perft_total_lines(total) {
            send(&line);
        }
        return Ok(());
    }
    if let Some(result) = engine.game_over_text() {
        send(&uci::info_string(&format!("game over: {result}")));
    }
    let side = engine.side_to_move();
    let request = GoRequest {
        limits: limits_of(&params, side),
        searchmoves: params.searchmoves,
        banmoves: Vec::new(),
    };
    for note in engine.go(request, Arc::new(report_search_event)) {
        send(&uci::info_string(&format!("error: {}", clip(&note))));
    }
    Ok(())
}

/// Handles one UCI line; returns false on `quit`.
pub fn handle_line(engine: &mut Engine, line: &str) -> bool {
    if line.trim().is_empty() {
        return true;
    }
    let command = match uci::parse_uci(line) {
        Ok(command) => command,
        Err(why) => {
            send(&uci::info_string(&format!("error: {}", clip(&why))));
            return true;
        }
    };
    let result = match command {
        UciCommand::Uci => {
            for line in uci::id_lines(ENGINE_NAME, ENGINE_AUTHOR) {
                send(&line);
            }
            for line in options(engine) {
                send(&line);
            }
            send(uci::UCIOK);
            Ok(())
        }
        UciCommand::Debug(_) | UciCommand::Register => Ok(()),
        UciCommand::IsReady => {
            send(uci::READYOK);
            Ok(())
        }
        UciCommand::SetOption { name, value } => set_option(engine, &name, value.as_deref()),
        UciCommand::UciNewGame => {
            engine.new_game();
            Ok(())
        }
        UciCommand::Position { fen, moves } => engine
            .set_position(fen.as_deref(), &moves)
            .map(|notes| notes.iter().for_each(|n| send(&uci::info_string(n)))),
        UciCommand::Go(params) => go(engine, params),
        UciCommand::Stop => {
            engine.stop();
            Ok(())
        }
        UciCommand::PonderHit => {
            engine.ponderhit();
            Ok(())
        }
        UciCommand::Quit => return false,
        UciCommand::Display => {
            for line in engine.display().lines() {
                send(line);
            }
            Ok(())
        }
    };
    if let Err(why) = result {
        send(&uci::info_string(&format!("error: {}", clip(&why))));
    }
    true
}

/// Runs the UCI loop until `quit` or the end of input; `first` is a line
/// already read (the one that chose the protocol).
pub fn run(engine: &mut Engine, first: Option<String>, input: &mut impl BufRead) {
    if let Some(line) = first {
        if !handle_line(engine, &line) {
            engine.stop_and_wait();
            return;
        }
    }
    while let Some(line) = read_line(input) {
        if !handle_line(engine, &line) {
            break;
        }
    }
    engine.stop_and_wait();
}
