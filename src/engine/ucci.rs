//! The UCCI loop (xiangqi's dialect of UCI, ElephantEye's spec): option lines
//! without `name`, `banmoves`, `go time … increment … opptime …` in
//! milliseconds or seconds (`usemillisec`), `nobestmove`, `bye`.

use super::output::{clip, send};
use super::uci::{evaluation_options, info_line_of, score_text, set_option, ENGINE_AUTHOR};
use super::{Engine, GoRequest, ProbeText, SearchEvent, VariantKind};
use crate::engine::input::read_line;
use std::io::BufRead;
use std::sync::Arc;
use std::time::Duration;
use timur_protocol::ucci::{self, PopHash, UcciClock, UcciCommand, UcciGo, UcciLimit, UcciOffer};
use timur_protocol::OptionSpec;
use timur_search::{Bound, Clock, Limits, Score};

/// Engine state that only UCCI has.
struct UcciSession {
    /// Times are milliseconds (true, the default) or seconds.
    use_millisec: bool,
    /// Root moves the GUI forbids until the next `position`.
    banmoves: Vec<String>,
}

impl UcciSession {
    fn duration(&self, value: i64) -> Duration {
        let value = value.max(0) as u64;
        if self.use_millisec {
            Duration::from_millis(value)
        } else {
            Duration::from_secs(value)
        }
    }

    fn limits(&self, go: &UcciGo) -> Limits {
        let mut limits = Limits {
            ponder: go.ponder,
            ..Limits::default()
        };
        match &go.limit {
            UcciLimit::Depth(d) => limits.depth = Some(*d),
            UcciLimit::Infinite => limits.infinite = true,
            UcciLimit::Nodes(n) => limits.nodes = Some(*n),
            UcciLimit::Time(UcciClock {
                time,
                movestogo,
                increment,
                ..
            }) => {
                limits.clock = Some(Clock {
                    time: self.duration(*time),
                    increment: self.duration(increment.unwrap_or(0)),
                    moves_to_go: *movestogo,
                })
            }
        }
        limits
    }
}

fn options() -> Vec<String> {
    [
        ("usemillisec", OptionSpec::Check { default: true }),
        (
            "hashsize",
            OptionSpec::Spin {
                default: 16,
                min: 1,
                max: 65536,
            },
        ),
        (
            "threads",
            OptionSpec::Spin {
                default: 1,
                min: 1,
                max: 256,
            },
        ),
        ("ponder", OptionSpec::Check { default: false }),
        ("newgame", OptionSpec::Button),
    ]
    .into_iter()
    .chain(evaluation_options())
    .map(|(name, spec)| ucci::option_line(name, &spec))
    .collect()
}

fn set_ucci_option(
    engine: &mut Engine,
    session: &mut UcciSession,
    name: &str,
    value: Option<&str>,
) -> Result<(), String> {
    match name.to_ascii_lowercase().as_str() {
        "usemillisec" => {
            session.use_millisec = !matches!(
                value.map(str::to_ascii_lowercase).as_deref(),
                Some("false" | "off" | "0")
            );
            Ok(())
        }
        "hashsize" => set_option(engine, "Hash", value),
        "threads" => set_option(engine, "Threads", value),
        "usennue" => set_option(engine, "UseNNUE", value),
        "evalfile" => set_option(engine, "EvalFile", value),
        "newgame" => {
            engine.new_game();
            Ok(())
        }
        // Unknown names are ignored without error, as the spec asks.
        _ => Ok(()),
    }
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
    if let Some(result) = engine.game_over_text() {
        send(&ucci::info_message(&format!("game over: {result}")));
    }
    let draw_offered = params.draw;
    let request = GoRequest {
        limits: session.limits(&params),
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
            for line in options() {
                send(&line);
            }
            send(ucci::UCCIOK);
            Ok(())
        }
        UcciCommand::IsReady => {
            send(ucci::READYOK);
            Ok(())
        }
        UcciCommand::SetOption { name, value } => {
            set_ucci_option(engine, session, &name, value.as_deref())
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
        use_millisec: true,
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
