//! Strength levels and `UCI_ShowWDL` through the real binary: the weakest
//! `UCI_Elo` still answers legal moves in every game, chooses otherwise
//! than full strength over a fixed set of positions with a fixed seed (and
//! the same way every time), full strength is untouched by the options,
//! and `wdl` triples add up to 1000.

mod common;

use common::{bestmove_of, EngineProcess, VARIANTS};
use std::time::Duration;

/// Watchdog for one reply.
const LIMIT: Duration = Duration::from_secs(60);

/// Middlegame positions with several reasonable moves each.
const CHESS_FENS: [&str; 8] = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 1 7",
    "rnbqk2r/ppp1bppp/4pn2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 4 5",
    "r2qkb1r/pp1n1ppp/2p1pn2/3p1b2/2PP4/1QN1PN2/PP3PPP/R1B1KB1R w KQkq - 2 7",
    "r1bqk2r/pp2bppp/2nppn2/8/3NP3/2N1B3/PPP1BPPP/R2QK2R w KQkq - 2 8",
    "rnbq1rk1/ppp1ppbp/3p1np1/8/2PPP3/2N2N2/PP3PPP/R1BQKB1R w KQ - 1 6",
    "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5",
];

/// An engine on `variant` with `options` set, asserting no error came back.
fn engine_with(variant: &str, options: &[(&str, &str)]) -> EngineProcess {
    let mut engine = EngineProcess::start_uci_variant(variant, LIMIT);
    for (name, value) in options {
        engine.send(&format!("setoption name {name} value {value}"));
    }
    let errors = engine.sync();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    engine
}

/// The weakest setting, as python-chess sends it.
const WEAKEST: [(&str, &str); 3] = [
    ("UCI_LimitStrength", "true"),
    ("UCI_Elo", "1320"),
    ("Skill Seed", "7"),
];

/// The legal moves of `position` by the engine's own `go perft 1`.
fn legal_moves(engine: &mut EngineProcess, position: &str) -> Vec<String> {
    engine.send(position);
    engine.send("go perft 1");
    let lines = engine.read_until(LIMIT, |l| l.starts_with("Nodes searched"));
    lines
        .iter()
        .filter_map(|l| l.split_once(": ").map(|(mv, _)| mv.to_string()))
        .filter(|mv| !mv.contains(' '))
        .collect()
}

/// The move `go` with `go` (e.g. `go depth 6`) plays in `position`.
fn best(engine: &mut EngineProcess, position: &str, go: &str) -> (String, Vec<String>) {
    engine.send(position);
    engine.send(go);
    let lines = engine.read_until(LIMIT, |l| l.starts_with("bestmove"));
    (bestmove_of(lines.last().expect("bestmove")), lines)
}

#[test]
fn the_weakest_level_plays_legal_moves_in_every_game() {
    for variant in VARIANTS {
        let mut engine = engine_with(variant, &WEAKEST);
        let mut moves: Vec<String> = Vec::new();
        for _ in 0..6 {
            let position = format!("position startpos moves {}", moves.join(" "));
            let legal = legal_moves(&mut engine, &position);
            if legal.is_empty() {
                break;
            }
            let (mv, lines) = best(&mut engine, &position, "go movetime 200");
            assert!(
                legal.contains(&mv),
                "{variant}: `{mv}` is not legal after {moves:?}:\n{}",
                lines.join("\n")
            );
            moves.push(mv);
        }
        assert!(!moves.is_empty(), "{variant}: no move played");
    }
}

/// The moves `options` choose over [`CHESS_FENS`] at `go depth 6`.
fn chess_choices(options: &[(&str, &str)]) -> Vec<String> {
    let mut engine = engine_with("chess", options);
    CHESS_FENS
        .iter()
        .map(|fen| best(&mut engine, &format!("position fen {fen}"), "go depth 6").0)
        .collect()
}

#[test]
fn a_weak_level_chooses_otherwise_than_full_strength_and_the_same_with_one_seed() {
    let full = chess_choices(&[]);
    let weak = chess_choices(&WEAKEST);
    let again = chess_choices(&WEAKEST);
    assert_eq!(weak, again, "the same seed chose differently");
    let differing = full.iter().zip(&weak).filter(|(f, w)| f != w).count();
    assert!(differing > 0, "level 0 played {weak:?}, full strength too");
    let mut engine = engine_with("chess", &[]);
    for (fen, mv) in CHESS_FENS.iter().zip(&weak) {
        let legal = legal_moves(&mut engine, &format!("position fen {fen}"));
        assert!(legal.contains(mv), "`{mv}` is not legal in {fen}");
    }
}

#[test]
fn skill_level_twenty_and_an_unused_elo_change_nothing() {
    let search = |options: &[(&str, &str)]| {
        let mut engine = engine_with("chess", options);
        let (mv, lines) = best(
            &mut engine,
            &format!("position fen {}", CHESS_FENS[2]),
            "go depth 8",
        );
        let nodes: Vec<String> = lines
            .iter()
            .filter_map(|l| l.split(" nodes ").nth(1))
            .map(|rest| {
                rest.split_whitespace()
                    .next()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect();
        (mv, nodes)
    };
    let full = search(&[]);
    let set = search(&[
        ("Skill Level", "20"),
        ("UCI_Elo", "1500"),
        ("UCI_LimitStrength", "false"),
        ("Skill Seed", "3"),
    ]);
    assert_eq!(full, set);
}

#[test]
fn a_limited_strength_searches_shallower() {
    let mut engine = engine_with("chess", &WEAKEST);
    let (_, lines) = best(&mut engine, "position startpos", "go depth 8");
    let deepest = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|rest| rest.split_whitespace().next()?.parse::<u32>().ok())
        .max();
    // UCI_Elo 1320 is level 3 (search/src/skill.rs): depth 1 + 3.
    assert_eq!(deepest, Some(4), "{}", lines.join("\n"));
    let multipv = lines.iter().filter(|l| l.contains(" multipv 4 ")).count();
    assert!(multipv > 0, "no fourth line: {}", lines.join("\n"));
}

/// The `wdl` triples of the `info … score` lines of one search.
fn wdl_triples(lines: &[String]) -> Vec<[u32; 3]> {
    lines
        .iter()
        .filter(|l| l.starts_with("info") && l.contains(" score "))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = words
                .iter()
                .position(|&w| w == "wdl")
                .unwrap_or_else(|| panic!("no wdl in `{l}`"));
            let n = |i: usize| words[at + i].parse::<u32>().expect("a per-mille number");
            [n(1), n(2), n(3)]
        })
        .collect()
}

#[test]
fn show_wdl_adds_triples_that_sum_to_a_thousand() {
    for (variant, position) in [
        ("chess", format!("position fen {}", CHESS_FENS[0])),
        (
            "chess",
            "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1".to_string(),
        ),
        ("chess960", "position startpos".to_string()),
        ("xiangqi", "position startpos".to_string()),
        ("tamerlane", "position startpos".to_string()),
    ] {
        let mut engine = engine_with(variant, &[("UCI_ShowWDL", "true")]);
        let (_, lines) = best(&mut engine, &position, "go depth 5");
        let triples = wdl_triples(&lines);
        assert!(!triples.is_empty(), "{variant}: no info");
        for [w, d, l] in triples {
            assert_eq!(w + d + l, 1000, "{variant}: {w} {d} {l}");
        }
        let mut plain = engine_with(variant, &[]);
        let (_, lines) = best(&mut plain, &position, "go depth 3");
        assert!(
            lines.iter().all(|l| !l.contains(" wdl ")),
            "{variant}: wdl without UCI_ShowWDL"
        );
    }
}

#[test]
fn the_options_are_declared_as_python_chess_reads_them() {
    let mut engine = EngineProcess::start();
    engine.send("uci");
    let lines = engine.read_until(LIMIT, |l| l == "uciok");
    for declared in [
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1320 min 1320 max 3190",
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_ShowWDL type check default false",
    ] {
        assert!(lines.iter().any(|l| l == declared), "missing `{declared}`");
    }
    // python-chess's `configure({"UCI_LimitStrength": True, "UCI_Elo": 1500})`.
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 1500");
    engine.send("setoption name Skill Level value 5");
    let errors = engine.sync();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    engine.send("setoption name UCI_Elo value 99999");
    let errors = engine.sync();
    assert!(
        errors.iter().any(|l| l.starts_with("info string error")),
        "an out-of-range Elo was accepted"
    );
}
