//! XBoard's reach into the engine through the real binary: the option
//! table's `option` features and `option NAME=VALUE`, `hint`, and the move
//! owed after `?` when `quit` follows at once.

mod common;

use common::EngineProcess;
use std::time::Duration;
use timur::variants::chess::Chess;
use timur::variants::{Notation, Variant};
use timur_search::Game;

const SECONDS: Duration = Duration::from_secs(60);

/// An engine in XBoard mode, past the feature negotiation; returns the
/// feature lines too.
fn xboard() -> (EngineProcess, Vec<String>) {
    let mut engine = EngineProcess::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until(SECONDS, |l| l == "feature done=1");
    (engine, features)
}

/// `ping n` → the lines before `pong n`.
fn ping(engine: &mut EngineProcess, n: u32) -> Vec<String> {
    let pong = format!("pong {n}");
    engine.send(&format!("ping {n}"));
    let mut lines = engine.read_until(SECONDS, |l| l == pong);
    lines.pop();
    lines
}

/// Chess after `moves` from the start, in XBoard's (= UCI) move text.
fn after(moves: &[&str]) -> Chess {
    let mut pos = Chess::start_position();
    for text in moves {
        let mv = pos.parse_move(text, Notation::default()).expect("legal");
        pos.make_move(mv);
    }
    pos
}

fn is_legal(pos: &Chess, text: &str) -> bool {
    pos.parse_move(text, Notation::default()).is_ok()
}

#[test]
fn table_options_are_features_and_take_values() {
    let (mut engine, features) = xboard();
    for option in [
        "MultiPV -spin 1 1 256",
        "Move Overhead -spin 10 0 5000",
        "XiangqiRanksFromOne -check 0",
        "JasirTable -string",
        "Clear Hash -button",
        "UseNNUE -check",
        "EvalFile -string",
    ] {
        let line = format!("feature option=\"{option}");
        assert!(
            features.iter().any(|l| l.starts_with(&line)),
            "`{option}` missing in {features:?}"
        );
    }
    for bad in [
        "option MultiPV=0",
        "option Move Overhead=99999",
        "option XiangqiRanksFromOne=maybe",
        "option JasirTable=/nonexistent/table",
    ] {
        engine.send(bad);
        let lines = ping(&mut engine, 1);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("Error (") && l.ends_with(bad)),
            "{bad}: {lines:?}"
        );
    }
    for good in [
        "option MultiPV=3",
        "option Move Overhead=20",
        "option Clear Hash",
    ] {
        engine.send(good);
        let lines = ping(&mut engine, 2);
        assert!(lines.is_empty(), "{good}: {lines:?}");
    }
    // Three lines of thinking per depth once MultiPV is 3.
    engine.send("new");
    engine.send("force");
    engine.send("post");
    engine.send("analyze");
    engine.read_until(SECONDS, |l| {
        l.split_whitespace()
            .next()
            .and_then(|d| d.parse::<u32>().ok())
            .is_some_and(|d| d >= 4)
    });
    engine.send("exit");
    ping(&mut engine, 3);
    let depth_3: Vec<&String> = engine
        .transcript
        .iter()
        .filter(|l| l.split_whitespace().next() == Some("3"))
        .collect();
    let mut first_moves: Vec<&str> = depth_3
        .iter()
        .filter_map(|l| l.split_whitespace().nth(4))
        .collect();
    first_moves.sort_unstable();
    first_moves.dedup();
    assert!(first_moves.len() >= 3, "depth 3 lines: {depth_3:?}");
}

#[test]
fn hint_answers_the_expected_reply_or_searches() {
    let (mut engine, _) = xboard();
    // No search yet: a short one gives the hint.
    engine.send("new");
    engine.send("force");
    engine.send("hint");
    let hint = engine.expect_prefix("Hint: ", SECONDS);
    assert!(is_legal(&after(&[]), &hint["Hint: ".len()..]), "{hint}");
    // After the engine's move: the reply it expects.
    engine.send("sd 4");
    engine.send("usermove e2e4");
    engine.send("go");
    let reply = engine.expect_prefix("move ", SECONDS);
    let reply = &reply["move ".len()..];
    engine.send("hint");
    let hint = engine.expect_prefix("Hint: ", SECONDS);
    assert!(
        is_legal(&after(&["e2e4", reply]), &hint["Hint: ".len()..]),
        "{hint} after e2e4 {reply}"
    );
    // While the engine ponders on its guess, the guess is the hint.
    engine.send("hard");
    engine.send("usermove d2d4");
    let reply_2 = engine.expect_prefix("move ", SECONDS);
    let reply_2 = &reply_2["move ".len()..];
    engine.send("hint");
    let hint = engine.expect_prefix("Hint: ", SECONDS);
    assert!(
        is_legal(
            &after(&["e2e4", reply, "d2d4", reply_2]),
            &hint["Hint: ".len()..]
        ),
        "{hint}"
    );
    engine.send("quit");
    assert!(engine.close_and_wait(SECONDS));
}

#[test]
fn move_now_then_quit_still_sends_the_move() {
    let (mut engine, _) = xboard();
    engine.send("new");
    engine.send("st 30");
    engine.send("usermove e2e4");
    engine.send("?");
    engine.send("quit");
    let lines = engine.read_until(SECONDS, |l| l.starts_with("move "));
    let mv = &lines[lines.len() - 1]["move ".len()..];
    assert!(is_legal(&after(&["e2e4"]), mv), "{lines:?}");
    assert!(engine.close_and_wait(SECONDS));
}

#[test]
fn move_now_then_ping_sends_the_move_first() {
    let (mut engine, _) = xboard();
    engine.send("new");
    engine.send("st 30");
    engine.send("usermove e2e4");
    engine.send("?");
    let lines = ping(&mut engine, 9);
    assert!(lines.iter().any(|l| l.starts_with("move ")), "{lines:?}");
}
