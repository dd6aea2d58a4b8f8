//! The UCCI loop (xiangqi's dialect of UCI, ElephantEye's spec): option lines
//! without `name`, `banmoves`, `go time … increment … opptime …` in
//! milliseconds or seconds (`usemillisec`), `nobestmove`, `bye`.

use super::options::{self, Protocol};
use super::output::{clip, send};
use super::uci::{info_line_of, score_text, ENGINE_AUTHOR};
use super::{Engine, GoRequest, PerftEvent, ProbeText, SearchEvent, VariantKind};
use crate::engine::input::read_line;
use crate::perft::capped_depth;
use std::io::BufRead;
use std::sync::Arc;
use std::time::Duration;
use timur_protocol::ucci::{self, PopHash, UcciClock, UcciCommand, UcciGo, UcciLimit, UcciOffer};
use timur_search::{Bound, Clock, Limits, Score};

/// Engine state that only UCCI has.
struct UcciSession {
    /// Root moves the GUI forbids until the next `position`.
    banmoves: Vec<String>,
}

/// The limits of a `go`; clock values are milliseconds or, when the GUI
/// set `usemillisec` false, seconds.
fn limits_of(go: &UcciGo, use_millisec: bool) -> Limits {
    let duration = |value: i64| {
        let value = value.max(0) as u64;
        if use_millisec {
            Duration::from_millis(value)
        } else {
            Duration::from_secs(value)
        }
    };
    let mut limits = Limits {
        ponder: go.ponder,
        ..Limits::default()
    };
    match &go.limit {
        UcciLimit::Depth(d) => limits.depth = Some(*d),
        UcciLimit::Infinite => limits.infinite = true,
        UcciLimit::Nodes(n) => limits.nodes = Some(*n),
        // Counted by `go perft`, never searched.
        UcciLimit::Perft(_) => {}
        UcciLimit::Time(UcciClock {
            time,
            movestogo,
            increment,
            ..
        }) => {
            limits.clock = Some(Clock {
                time: duration(*time),
                increment: duration(increment.unwrap_or(0)),
                moves_to_go: *movestogo,
            })
        }
    }
    limits
}

/// A table entry as UCCI's `pophash` fields: an exact score is both bounds.
fn pophash(found: ProbeText) -> PopHash {
    let mut entry = PopHash {
        bestmove: found.best,
        lowerbound: None,
        upperbound: None,
    };
    if let Some((score, bound, depth)) = found.known {
        let value = ucci::score_value(score_text(score));
        if bound != Bound::Upper {
            entry.lowerbound = Some((value, depth));
        }
        if bound != Bound::Lower {
            entry.upperbound = Some((value, depth));
        }
    }
    entry
}

/// Whether to answer a draw offer or resign, from the final score.
fn offer_for(score: Score, draw_offered: bool) -> Option<UcciOffer> {
    match score {
        Score::Mate { moves, .. } if moves < 0 => Some(UcciOffer::Resign),
        Score::Cp(cp) if draw_offered && cp <= -150 => Some(UcciOffer::Draw),
        _ => None,
    }
}

fn go(engine: &mut Engine, session: &UcciSession, params: UcciGo) -> Result<(), String> {
    for note in &params.notes {
        send(&ucci::info_message(&format!("error: {}", clip(note))));
    }
    if let UcciLimit::Perft(depth) = params.limit {
        let (depth, note) = capped_depth(depth);
        if let Some(note) = note {
            send(&ucci::info_message(&format!("error: {note}")));
        }
        return engine.perft(
            depth,
            Arc::new(|event: PerftEvent| {
                for line in event.lines(ucci::info_message) {
                    send(&line);
                }
            }),
        );
    }
    if let Some(result) = engine.game_over_text() {
        send(&ucci::info_message(&format!("game over: {result}")));
    }
    let draw_offered = params.draw;
    let request = GoRequest {
        limits: limits_of(&params, engine.options().use_millisec),
        searchmoves: Vec::new(),
        banmoves: session.banmoves.clone(),
    };
    let notes = engine.go(
        request,
        Arc::new(move |event| match event {
            SearchEvent::Info(info) => {
                send(&ucci::info_line(&info_line_of(&info)));
                send(&ucci::info_time_line(
                    info.time.as_millis() as u64,
                    info.nodes,
                ));
            }
            SearchEvent::CurrMove { .. } => {}
            SearchEvent::Done(best) => send(&ucci::bestmove_line(
                best.best.as_deref(),
                best.ponder.as_deref(),
                offer_for(best.score, draw_offered),
            )),
        }),
    );
    for note in notes {
        send(&ucci::info_message(&format!("error: {}", clip(&note))));
    }
    Ok(())
}

/// Handles one UCCI line; returns false on `quit`.
fn handle_line(engine: &mut Engine, session: &mut UcciSession, line: &str) -> bool {
    if line.trim().is_empty() {
        return true;
    }
    let command = match ucci::parse_ucci(line) {
        Ok(command) => command,
        Err(why) => {
            send(&ucci::info_message(&format!("error: {}", clip(&why))));
            return true;
        }
    };
    let result = match command {
        UcciCommand::Ucci => {
            for line in ucci::id_lines("timur", env!("CARGO_PKG_VERSION"), ENGINE_AUTHOR) {
                send(&line);
            }
            for (name, spec) in options::listing(Protocol::Ucci) {
                send(&ucci::option_line(name, &spec));
            }
            send(ucci::UCCIOK);
            Ok(())
        }
        UcciCommand::IsReady => {
            send(ucci::READYOK);
            Ok(())
        }
        // Unknown names are ignored without error, as the spec asks.
        UcciCommand::SetOption { name, value } => {
            match options::set(engine, Protocol::Ucci, &name, value.as_deref()) {
                Some(outcome) => {
                    outcome.map(|note| note.iter().for_each(|n| send(&ucci::info_message(n))))
                }
                None => Ok(()),
            }
        }
        UcciCommand::Position { fen, moves } => {
            session.banmoves.clear();
            engine
                .set_position(fen.as_deref(), &moves)
                .map(|notes| notes.iter().for_each(|n| send(&ucci::info_message(n))))
        }
        UcciCommand::BanMoves(moves) => {
            session.banmoves = moves;
            Ok(())
        }
        UcciCommand::Go(params) => go(engine, session, params),
        UcciCommand::PonderHit { .. } => {
            engine.ponderhit();
            Ok(())
        }
        UcciCommand::Stop => {
            if engine.is_searching() {
                engine.stop();
            } else {
                send(ucci::NOBESTMOVE);
            }
            Ok(())
        }
        UcciCommand::Probe { fen, moves } => engine
            .probe(fen.as_deref(), &moves)
            .map(|found| send(&ucci::pophash_line(&pophash(found)))),
        UcciCommand::Eval => {
            for line in engine.eval_text().lines() {
                send(line);
            }
            Ok(())
        }
        UcciCommand::Quit => return false,
    };
    if let Err(why) = result {
        send(&ucci::info_message(&format!("error: {}", clip(&why))));
    }
    true
}

/// Runs the UCCI loop (after the `ucci` line that chose it) until `quit`
/// (answered with `bye`) or the end of input. The variant is xiangqi.
pub fn run(engine: &mut Engine, first: String, input: &mut impl BufRead) {
    let mut session = UcciSession {
        banmoves: Vec::new(),
    };
    if let Err(why) = engine.set_variant(VariantKind::Xiangqi) {
        send(&ucci::info_message(&format!("error: {}", clip(&why))));
    }
    let mut lines = std::iter::once(first).chain(std::iter::from_fn(|| read_line(input)));
    for line in &mut lines {
        if !handle_line(engine, &mut session, &line) {
            break;
        }
    }
    engine.stop_and_wait();
    send(ucci::BYE);
}
