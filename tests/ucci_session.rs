//! A UCCI session as ElephantEye's GUI drives it, through the real binary.

mod common;

use common::EngineProcess;
use std::time::{Duration, Instant};
use timur::variants::xiangqi::Xiangqi;
use timur::variants::{Notation, Variant};
use timur_search::Game;

const SECONDS: Duration = Duration::from_secs(60);

fn position_after(moves: &[&str]) -> Xiangqi {
    let mut pos = Xiangqi::start_position();
    for text in moves {
        let mv = pos.parse_move(text, Notation::default()).unwrap();
        pos.make_move(mv);
    }
    pos
}

#[test]
fn full_ucci_session() {
    let mut engine = EngineProcess::start();
    engine.send("ucci");
    let boot = engine.read_until(SECONDS, |l| l == "ucciok").join("\n");
    for line in [
        "id name timur",
        "option usemillisec type check default true",
        "option hashsize type spin min 1 max 65536 default 16",
        "option threads type spin min 1 max 256 default 1",
        "option newgame type button",
    ] {
        assert!(boot.contains(line), "missing `{line}` in\n{boot}");
    }
    engine.send("setoption usemillisec true");
    engine.send("setoption hashsize 32");
    engine.send("setoption promotion false");
    engine.send("setoption newgame");
    engine.sync();

    // `stop` while idle answers `nobestmove`.
    engine.send("stop");
    assert_eq!(engine.expect_prefix("nobestmove", SECONDS), "nobestmove");

    // A banned move is never played: ban every move but one.
    let moves = ["h2e2", "h9g7"];
    let pos = position_after(&moves);
    let mut legal = timur_search::MoveList::new();
    pos.legal_moves(&mut legal);
    let texts: Vec<String> = legal
        .iter()
        .map(|&m| pos.format_move(m, Notation::default()))
        .collect();
    let allowed = "i0i1";
    assert!(texts.iter().any(|t| t == allowed));
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    let banned: Vec<&str> = texts
        .iter()
        .map(String::as_str)
        .filter(|&t| t != allowed)
        .collect();
    engine.send(&format!("banmoves {}", banned.join(" ")));
    engine.send("go depth 4");
    let best = engine.expect_prefix("bestmove", SECONDS);
    assert!(best.starts_with(&format!("bestmove {allowed}")), "{best}");
    // The next `position` clears the bans.
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    engine.send("go depth 3");
    let best = engine.expect_prefix("bestmove", SECONDS);
    let mv = best.split_whitespace().nth(1).unwrap_or_default();
    assert!(pos.parse_move(mv, Notation::default()).is_ok(), "{best}");
    // Bare-integer scores, and `info time … nodes …`.
    assert!(engine
        .transcript
        .iter()
        .any(|l| l.starts_with("info depth 3 score ") && !l.contains(" cp ")));
    assert!(engine
        .transcript
        .iter()
        .any(|l| l.starts_with("info time ") && l.contains(" nodes ")));

    // `probe` reports what the table knows of the searched position.
    engine.send(&format!("probe startpos moves {}", moves.join(" ")));
    let probe = engine.expect_prefix("pophash", SECONDS);
    assert!(
        probe.starts_with(&format!("pophash bestmove {mv}")),
        "{probe}"
    );

    // A clock game move: 2 s left with increment, answered in time.
    engine.send("position startpos moves h2e2 h9g7 h0g2");
    let started = Instant::now();
    engine.send("go time 2000 increment 100 opptime 2000 oppincrement 100");
    let best = engine.expect_prefix("bestmove", SECONDS);
    eprintln!("go time 2000 answered in {:?}: {best}", started.elapsed());
    let pos = position_after(&["h2e2", "h9g7", "h0g2"]);
    let mv = best.split_whitespace().nth(1).unwrap_or_default();
    assert!(pos.parse_move(mv, Notation::default()).is_ok(), "{best}");

    // Seconds instead of milliseconds.
    engine.send("setoption usemillisec false");
    engine.send("go time 2 increment 0");
    engine.expect_prefix("bestmove", SECONDS);

    engine.send("quit");
    assert_eq!(engine.expect_prefix("bye", SECONDS), "bye");
    assert!(engine.close_and_wait(SECONDS));
}

#[test]
fn bad_input_and_no_moves() {
    let mut engine = EngineProcess::start();
    engine.send("ucci");
    engine.expect_prefix("ucciok", SECONDS);
    for bad in [
        "position fen rnbakabnr/9 w - - 0 1",
        "position startpos moves h2e2 j0j1",
        "position startpos moves a0a5",
        "position startpos moves h2e10",
        "go depth x",
        "frobnicate",
    ] {
        engine.send(bad);
    }
    let lines = engine.sync();
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("info message error:"))
            .count(),
        6,
        "{}",
        lines.join("\n")
    );
    // Red is checkmated (a chariot on the back rank, the general boxed in).
    engine.send("position fen 3k5/9/9/9/9/9/9/9/3r5/3rK4 w - - 0 1");
    engine.send("go depth 3");
    assert_eq!(engine.expect_prefix("nobestmove", SECONDS), "nobestmove");
    engine.send("quit");
    engine.expect_prefix("bye", SECONDS);
}
