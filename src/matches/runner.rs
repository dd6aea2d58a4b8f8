//! The match runner: checks the engines once, schedules the games (every
//! pair of engines, each opening with both colours), plays them on
//! `concurrency` threads, each with its own engine processes, restarts an
//! engine that crashed, hung or broke the protocol, prints a line per game and
//! the table (unless quiet), writes the PGN and stops early when the SPRT is
//! decided.

use super::config::MatchConfig;
use super::engine::MatchEngine;
use super::game::{play_game, Pairing};
use super::openings::{openings_for, Opening};
use super::pgn;
use super::record::{GameRecord, GameResult, Termination};
use super::sprt::SprtDecision;
use super::table::{render, standings};
use crate::engine::AnyGame;
use crate::variants::Variant;
use crate::with_game;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use timur_search::Color;

/// The outcome of a match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The engines' names, in command-line order.
    pub names: Vec<String>,
    /// Every finished game, in schedule order.
    pub games: Vec<GameRecord>,
    /// Games scheduled.
    pub scheduled: usize,
    /// The SPRT's decision, when one stopped the match.
    pub sprt: Option<SprtDecision>,
    /// The final table.
    pub table: String,
}

/// One scheduled game.
#[derive(Clone, Copy, Debug)]
struct Scheduled {
    number: u32,
    white: usize,
    black: usize,
    opening: usize,
}

fn schedule(engines: usize, games: u32, openings: usize) -> Vec<Scheduled> {
    let mut out = Vec::new();
    for a in 0..engines {
        for b in a + 1..engines {
            for k in 0..games as usize {
                let (white, black) = if k % 2 == 0 { (a, b) } else { (b, a) };
                out.push(Scheduled {
                    number: out.len() as u32 + 1,
                    white,
                    black,
                    opening: (k / 2) % openings,
                });
            }
        }
    }
    out
}

/// Gives every engine a distinct name (`x`, `x (2)`, …).
fn distinct(names: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in names {
        let mut candidate = name.clone();
        let mut n = 1;
        while out.contains(&candidate) {
            n += 1;
            candidate = format!("{name} ({n})");
        }
        out.push(candidate);
    }
    out
}

/// Starts each engine once to learn its name and check that it can play the
/// match (variant, limits, openings).
fn preflight(config: &MatchConfig, openings: &[Opening]) -> Result<Vec<String>, String> {
    let standard = with_game!(&AnyGame::start(config.variant), s => s.position().to_fen());
    let mut needs_setup = false;
    for opening in openings {
        let fen = with_game!(&opening.start(config.variant)?, s => s.position().to_fen());
        needs_setup |= fen != standard;
    }
    let mut names = Vec::new();
    for (i, spec) in config.engines.iter().enumerate() {
        let fail = |why: String| format!("engine {} ({}): {why}", i + 1, spec.cmd.display());
        let engine = MatchEngine::start(spec, config.variant, &format!("e{}", i + 1), config.debug)
            .map_err(fail)?;
        let problem = if needs_setup && !engine.can_set_up_positions() {
            Some("it cannot set up positions (no setboard): use --random-openings or `startpos moves …` openings")
        } else if config.engine_limits(i).nodes.is_some() && !engine.takes_node_limits() {
            Some("its protocol has no node limit")
        } else {
            None
        };
        names.push(engine.name.clone());
        engine.quit();
        if let Some(problem) = problem {
            return Err(fail(problem.to_string()));
        }
    }
    Ok(distinct(names))
}

/// A game lost before it began because an engine would not start.
fn unstarted(
    config: &MatchConfig,
    game: Scheduled,
    names: &[String],
    opening: &Opening,
    loser: Color,
    why: String,
) -> GameRecord {
    let start_fen = opening
        .start(config.variant)
        .map(|g| with_game!(&g, s => s.position().to_fen()))
        .unwrap_or_default();
    let loser_name = match loser {
        Color::White => &names[game.white],
        Color::Black => &names[game.black],
    };
    GameRecord {
        number: game.number,
        white: game.white,
        black: game.black,
        white_name: names[game.white].clone(),
        black_name: names[game.black].clone(),
        variant: config.variant,
        start_fen,
        standard_start: opening.fen.is_none(),
        moves: Vec::new(),
        clocks: Vec::new(),
        scores: Vec::new(),
        time_controls: [
            config.engine_limits(game.white).tc,
            config.engine_limits(game.black).tc,
        ],
        opening_plies: 0,
        result: GameResult::win_for(loser.flip()),
        termination: Termination::Abandoned,
        reason: format!("{loser_name}: could not be started: {why}"),
    }
}

/// Plays scheduled games until none is left or `stop` is set.
fn worker(
    config: &MatchConfig,
    names: &[String],
    openings: &[Opening],
    games: &[Scheduled],
    next: &AtomicUsize,
    stop: &AtomicBool,
    results: std::sync::mpsc::Sender<Result<GameRecord, String>>,
) {
    let mut seats: Vec<Option<MatchEngine>> = (0..names.len()).map(|_| None).collect();
    let start = |seats: &mut Vec<Option<MatchEngine>>, i: usize| -> Result<MatchEngine, String> {
        match seats[i].take() {
            Some(engine) => Ok(engine),
            None => {
                let label = names[i].to_string();
                let mut engine =
                    MatchEngine::start(&config.engines[i], config.variant, &label, config.debug)?;
                engine.name = names[i].clone();
                Ok(engine)
            }
        }
    };
    while !stop.load(Ordering::SeqCst) {
        let index = next.fetch_add(1, Ordering::SeqCst);
        let Some(&game) = games.get(index) else {
            break;
        };
        let opening = &openings[game.opening];
        let mut white = match start(&mut seats, game.white) {
            Ok(engine) => engine,
            Err(why) => {
                let record = unstarted(config, game, names, opening, Color::White, why);
                if results.send(Ok(record)).is_err() {
                    break;
                }
                continue;
            }
        };
        let mut black = match start(&mut seats, game.black) {
            Ok(engine) => engine,
            Err(why) => {
                seats[game.white] = Some(white);
                let record = unstarted(config, game, names, opening, Color::Black, why);
                if results.send(Ok(record)).is_err() {
                    break;
                }
                continue;
            }
        };
        let pairing = Pairing {
            number: game.number,
            white: game.white,
            black: game.black,
            engines: [&mut white, &mut black],
        };
        let outcome = play_game(config, opening, pairing);
        if let Ok((_, failed)) = &outcome {
            for (side, engine, index) in [(0, white, game.white), (1, black, game.black)] {
                if failed[side] {
                    eprintln!(
                        "{} misbehaved: restarting it for the next game",
                        names[index]
                    );
                    drop(engine);
                } else {
                    seats[index] = Some(engine);
                }
            }
        }
        if results.send(outcome.map(|(record, _)| record)).is_err() {
            break;
        }
    }
    for engine in seats.into_iter().flatten() {
        engine.quit();
    }
}

/// Plays the match of `config`, printing a line per finished game on stdout
/// and the table so far on stderr after every game (so an interrupted match
/// still shows its standings).
pub fn run(config: &MatchConfig) -> Result<MatchReport, String> {
    config.validate()?;
    let pairs = config.engines.len() * (config.engines.len() - 1) / 2;
    let openings = openings_for(
        &config.openings,
        config.variant,
        config.games.div_ceil(2) as usize,
        config.seed,
    )?;
    let names = preflight(config, &openings)?;
    let games = schedule(config.engines.len(), config.games, openings.len());
    let mut pgn_file: Option<File> = match &config.pgn {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|why| format!("cannot open {}: {why}", path.display()))?,
        ),
        None => None,
    };
    let event = format!("timur match ({})", config.variant);
    let date = pgn::today();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let mut finished: Vec<GameRecord> = Vec::new();
    // The SPRT's decision and the number of games it was made after.
    let mut decision: Option<(SprtDecision, usize)> = None;
    let mut fatal = None;
    let threads = config.concurrency.clamp(1, games.len().max(1));
    debug_assert_eq!(games.len(), pairs * config.games as usize);
    std::thread::scope(|scope| {
        let (tx, rx) = channel();
        for _ in 0..threads {
            let tx = tx.clone();
            let (names, openings, games, next, stop) = (&names, &openings, &games, &next, &stop);
            scope.spawn(move || worker(config, names, openings, games, next, stop, tx));
        }
        drop(tx);
        for outcome in rx {
            let record = match outcome {
                Ok(record) => record,
                Err(why) => {
                    stop.store(true, Ordering::SeqCst);
                    fatal.get_or_insert(why);
                    continue;
                }
            };
            if !config.quiet {
                println!(
                    "game {}/{}: {} vs {} {} ({})",
                    record.number,
                    games.len(),
                    record.white_name,
                    record.black_name,
                    record.result.text(),
                    record.reason
                );
            }
            if let Some(file) = pgn_file.as_mut() {
                let text = pgn::game_text(&record, &event, &date);
                if let Err(why) = file.write_all(text.as_bytes()) {
                    eprintln!("cannot write the PGN: {why}");
                    pgn_file = None;
                }
            }
            finished.push(record);
            if !config.quiet {
                eprint!("{}", render(&names, &finished, config.sprt.as_ref()));
            }
            if let (Some(spec), None) = (&config.sprt, decision) {
                let first = standings(&names, &finished)[0];
                let verdict = spec.decide(&first);
                if verdict != SprtDecision::Continue {
                    println!("SPRT decided ({verdict:?}) after {} games", finished.len());
                    decision = Some((verdict, finished.len()));
                    stop.store(true, Ordering::SeqCst);
                }
            }
        }
    });
    if let Some(why) = fatal {
        return Err(why);
    }
    finished.sort_by_key(|g| g.number);
    let mut table = render(&names, &finished, config.sprt.as_ref());
    if let Some((verdict, decided_after)) = decision {
        // The games still being played when the test decided are finished
        // and counted above, so the final LLR may sit just inside a bound.
        table += &format!(
            "SPRT stopped the match: {} after {decided_after} games\n",
            verdict.text()
        );
    }
    Ok(MatchReport {
        names,
        games: finished,
        scheduled: games.len(),
        sprt: decision.map(|(verdict, _)| verdict),
        table,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules_pair_everyone_and_swap_colours() {
        let games = schedule(3, 4, 10);
        assert_eq!(games.len(), 12);
        let first: Vec<(usize, usize, usize)> = games[..4]
            .iter()
            .map(|g| (g.white, g.black, g.opening))
            .collect();
        assert_eq!(first, vec![(0, 1, 0), (1, 0, 0), (0, 1, 1), (1, 0, 1)]);
        assert_eq!((games[11].white, games[11].black), (2, 1));
        assert!(schedule(2, 6, 2).iter().all(|g| g.opening < 2));
        assert_eq!(
            distinct(vec!["a".into(), "a".into(), "b".into()]),
            vec!["a", "a (2)", "b"]
        );
    }
}
