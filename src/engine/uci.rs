//! The UCI loop: reads commands, drives the [`Engine`], writes replies.
//! Errors never end the loop: they become `info string error: …` lines and
//! the last good position stays.

use super::options::{self, Protocol};
use super::output::{clip, send};
use super::{Engine, GoRequest, PerftEvent, SearchEvent};
use crate::engine::input::read_line;
use crate::perft::capped_depth;
use std::io::BufRead;
use std::sync::Arc;
use std::time::Duration;
use timur_protocol::uci::{self, GoParams, UciCommand};
use timur_protocol::{BoundText, InfoLine, ScoreText};
use timur_search::{Bound, Clock, Color, Limits, Score};

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
        tbhits: info.tbhits,
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

/// Applies `setoption` through the option table; names match without
/// regard to case. Ok holds a note for the GUI.
fn set_option(
    engine: &mut Engine,
    name: &str,
    value: Option<&str>,
) -> Result<Option<String>, String> {
    options::set(engine, Protocol::Uci, name, value)
        .unwrap_or_else(|| Err(format!("unknown option `{name}`")))
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
        SearchEvent::CurrMove { mv, number } => send(&uci::currmove_line(&mv, number)),
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
        let (depth, note) = capped_depth(depth);
        if let Some(note) = note {
            send(&uci::info_string(&format!("error: {note}")));
        }
        return engine.perft(
            depth,
            Arc::new(|event: PerftEvent| {
                for line in event.lines(uci::info_string) {
                    send(&line);
                }
            }),
        );
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
            for (name, spec) in options::listing(Protocol::Uci) {
                send(&uci::option_line(name, &spec));
            }
            send(uci::UCIOK);
            Ok(())
        }
        UciCommand::Debug(_) | UciCommand::Register => Ok(()),
        UciCommand::IsReady => {
            send(uci::READYOK);
            Ok(())
        }
        UciCommand::SetOption { name, value } => set_option(engine, &name, value.as_deref())
            .map(|note| note.iter().for_each(|n| send(&uci::info_string(n)))),
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
        UciCommand::Eval => {
            for line in engine.eval_text().lines() {
                send(line);
            }
            Ok(())
        }
        UciCommand::Bench => engine
            .bench()
            .map(|(nodes, nps)| send(&crate::bench::summary(nodes, nps))),
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
