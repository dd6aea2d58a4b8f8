//! UCI sessions with the real binary, orthodox chess and Chess960.

mod common;

use common::{bestmove_of, EngineProcess};
use std::time::{Duration, Instant};
use timur::variants::chess::Chess;
use timur::variants::{Notation, Variant};

const SECONDS: Duration = Duration::from_secs(60);

#[test]
fn uci_lists_the_options() {
    let mut engine = EngineProcess::start();
    engine.send("uci");
    let lines = engine.read_until(SECONDS, |l| l == "uciok");
    let text = lines.join("\n");
    assert!(text.contains("id name timur"), "{text}");
    for option in [
        "option name UCI_Variant type combo default chess var chess var chess960",
        "option name UCI_Chess960 type check default false",
        "option name Threads type spin default 1 min 1 max 256",
        "option name Hash type spin default 16 min 1 max 65536",
        "option name Move Overhead type spin",
        "option name Clear Hash type button",
        "option name MultiPV type spin",
    ] {
        assert!(text.contains(option), "missing `{option}` in\n{text}");
    }
    assert!(
        !text.contains("fischerandom"),
        "fischerandom is accepted, never listed"
    );
    engine.send("quit");
    assert!(engine.close_and_wait(SECONDS));
}

#[test]
fn plays_a_legal_move_after_e4_e5() {
    let mut engine = EngineProcess::start();
    engine.send("uci");
    engine.expect_prefix("uciok", SECONDS);
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go depth 6");
    let line = engine.expect_prefix("bestmove", SECONDS);
    let mut pos = Chess::start_position();
    for mv in ["e2e4", "e7e5"] {
        let m = pos.parse_move(mv, Notation::default()).unwrap();
        timur_search::Game::make_move(&mut pos, m);
    }
    let best = bestmove_of(&line);
    assert!(
        pos.parse_move(&best, Notation::default()).is_ok(),
        "illegal bestmove {best}"
    );
    let infos: Vec<&String> = engine
        .transcript
        .iter()
        .filter(|l| l.starts_with("info depth 6"))
        .collect();
    assert!(
        !infos.is_empty(),
        "no info at depth 6:\n{}",
        engine.transcript.join("\n")
    );
}

#[test]
fn chess960_castles_king_takes_rook() {
    // O-O-O (king b1, rook a1 → king c1, rook d1) is the only mate in one.
    let fen = "2rkr3/2p1p3/8/8/8/8/PPP5/RK6 w A - 0 1";
    for (setup, expected) in [
        (vec!["setoption name UCI_Chess960 value true"], "b1a1"),
        (vec!["setoption name UCI_Variant value chess960"], "b1a1"),
        (
            vec!["setoption name UCI_Variant value fischerandom"],
            "b1a1",
        ),
    ] {
        let mut engine = EngineProcess::start();
        engine.send("uci");
        engine.expect_prefix("uciok", SECONDS);
        for line in setup {
            engine.send(line);
        }
        engine.send(&format!("position fen {fen}"));
        engine.send("go depth 4");
        let line = engine.expect_prefix("bestmove", SECONDS);
        assert_eq!(
            bestmove_of(&line),
            expected,
            "{}",
            engine.transcript.join("\n")
        );
        let mate = engine.transcript.iter().any(|l| l.contains("score mate 1"));
        assert!(mate, "{}", engine.transcript.join("\n"));
    }
    // In orthodox mode the same move is written king-to-destination.
    let mut engine = EngineProcess::start();
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/4K2R w K - 0 1 moves e1g1");
    engine.send("d");
    let board = engine.sync().join("\n");
    assert!(
        board.contains("Fen: 6k1/5ppp/8/8/8/8/8/5RK1 b - - 1 1"),
        "{board}"
    );
}

/// A 10-second clock with no depth or node limit: the move must come
/// before the clock runs out (the engine plans about a third of a second,
/// at most 1.3 s; an engine that ignored its clock would search on for
/// ever, one that overspent it would lose on time).
#[test]
fn answers_within_the_clock() {
    const CLOCK: Duration = Duration::from_secs(10);
    let mut engine = EngineProcess::start();
    engine.send("uci");
    engine.expect_prefix("uciok", SECONDS);
    engine.send("position startpos moves d2d4 d7d5 c2c4");
    engine.sync();
    let started = Instant::now();
    engine.send(&format!("go wtime {0} btime {0}", CLOCK.as_millis()));
    let line = engine.expect_prefix("bestmove", CLOCK);
    let elapsed = started.elapsed();
    assert_ne!(bestmove_of(&line), "(none)");
    assert!(elapsed < CLOCK, "answered after {elapsed:?}");
}

#[test]
fn stop_and_isready_during_infinite_search() {
    let mut engine = EngineProcess::start();
    engine.send("go infinite");
    engine.sync();
    engine.send("stop");
    let line = engine.expect_prefix("bestmove", SECONDS);
    assert_ne!(bestmove_of(&line), "(none)");
}

#[test]
fn no_legal_move_answers_at_once() {
    let mut engine = EngineProcess::start();
    engine.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go depth 5");
    assert_eq!(engine.expect_prefix("bestmove", SECONDS), "bestmove (none)");
}

#[test]
fn bad_input_keeps_the_last_position_and_the_loop() {
    let mut engine = EngineProcess::start();
    engine.send("position startpos moves e2e4");
    let garbage: &[&[u8]] = &[
        b"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        b"position startpos moves e7e5 e2e4 e1e8",
        b"position startpos moves e2e4 zz",
        b"position fen",
        b"position",
        b"go depth x",
        b"go depth -5",
        b"go nodes 99999999999999999999999999",
        b"setoption name Hash value 0",
        b"setoption name Threads value many",
        b"setoption name UCI_Variant value shogi",
        b"setoption name Nonsense value 1",
        b"\xff\xfe\x00garbage",
        b"go perft x",
        b"",
        b"   ",
        b"quitx",
    ];
    for line in garbage {
        engine.send_bytes(line);
    }
    let long = "x".repeat(100_000);
    engine.send(&long);
    let errors = engine.sync();
    let error_lines = errors
        .iter()
        .filter(|l| l.starts_with("info string error:"))
        .count();
    assert!(error_lines >= 14, "{}", errors.join("\n"));
    engine.send("d");
    let board = engine.sync().join("\n");
    assert!(
        board.contains("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{board}"
    );
    engine.send("go perft 1");
    let lines = engine.read_until(SECONDS, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 20"));
    assert!(
        engine.close_and_wait(SECONDS),
        "exits cleanly at end of input"
    );
}

#[test]
fn go_perft_prints_the_divide() {
    let mut engine = EngineProcess::start();
    engine
        .send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    engine.send("go perft 3");
    let lines = engine.read_until(SECONDS, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.len(), 48 + 2);
    assert!(
        lines.contains(&"e1g1: 2059".to_string()),
        "{}",
        lines.join("\n")
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 97862")
    );
}
