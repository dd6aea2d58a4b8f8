//! The GUI's game review through a `Session`: every position of the line
//! gets an evaluation, a planted blunder is marked (in the state and as a
//! PGN NAG), the game itself never changes, a move or a closed tab stops
//! the review, and it runs in every game.

use serde_json::{json, Value};
use std::sync::mpsc::Receiver;
use timur::gui::session::{SearchNote, Session};

mod common;
mod gui_common;
use gui_common::{ask, last_state as state, value};

/// A session whose engine plays neither side and thinks to depth 2.
fn session() -> (Session, Receiver<SearchNote>) {
    let (mut s, rx) = gui_common::session();
    ask(
        &mut s,
        json!({"type": "engine", "sides": "none", "depth": 2}),
    );
    (s, rx)
}

/// Feeds search events back until the review reports it has finished;
/// every state on the way must show the same game.
fn finish_review(s: &mut Session, rx: &Receiver<SearchNote>, game: &Value) -> Value {
    let mut last_done = 0;
    loop {
        let note = rx.recv().expect("a search event");
        for reply in s.on_search(note).iter().map(value) {
            assert_ne!(reply["type"], "info", "a review's reports are not analysis");
            if reply["type"] != "state" {
                continue;
            }
            for key in ["moves", "ply", "fen"] {
                assert_eq!(reply[key], game[key], "the review changed `{key}`");
            }
            let done = reply["review"]["done"].as_u64().unwrap();
            assert!(done >= last_done, "progress went back");
            last_done = done;
            if reply["review"]["running"] == false {
                return reply;
            }
        }
    }
}

fn load(s: &mut Session, pgn: &str) -> Value {
    let st = state(&ask(s, json!({"type": "load_pgn", "pgn": pgn})));
    assert_eq!(st["review"], Value::Null);
    st
}

#[test]
fn a_planted_blunder_is_marked_and_every_position_evaluated() {
    let (mut s, rx) = session();
    // 3... Nf6?? allows 4. Qxf7#.
    let game = load(&mut s, "1. e2e4 e7e5 2. d1h5 b8c6 3. f1c4 g8f6 4. h5f7 1-0");
    assert_eq!(game["result"]["result"], "1-0");
    let started = state(&ask(&mut s, json!({"type": "review", "nodes": 20000})));
    assert_eq!(started["review"]["running"], true);
    assert_eq!(started["review"]["total"], 8);
    let done = finish_review(&mut s, &rx, &game);
    assert_eq!(
        done["review"],
        json!({"done": 8, "total": 8, "running": false})
    );
    let evals = done["evals"].as_array().unwrap();
    assert!(evals.iter().all(|e| !e.is_null()), "{evals:?}");
    assert_eq!(evals[7]["wdl"], json!([1000, 0, 0]), "mate: White won");
    let marks = done["marks"].as_array().unwrap();
    assert_eq!(marks.len(), 7);
    assert_eq!(marks[5], "blunder", "{marks:?}");
    assert_eq!(marks[6], Value::Null, "the mate itself is no mistake");
    let pgn = ask(&mut s, json!({"type": "save_pgn"}));
    let text = pgn[0]["text"].as_str().unwrap();
    assert!(text.contains("g8f6 $4"), "{text}");
    // The NAG comes back with the PGN.
    let back = load(&mut s, text);
    assert_eq!(back["marks"], done["marks"]);
}

#[test]
fn a_review_refuses_an_empty_line_and_a_thinking_engine() {
    let (mut s, _rx) = session();
    let replies = ask(&mut s, json!({"type": "review"}));
    assert_eq!(replies[0]["type"], "error");
    ask(&mut s, json!({"type": "move", "text": "e2e4"}));
    ask(&mut s, json!({"type": "go"}));
    let replies = ask(&mut s, json!({"type": "review"}));
    assert_eq!(replies[0]["type"], "error", "{replies:?}");
    let replies = ask(&mut s, json!({"type": "review", "nodes": 0}));
    assert_eq!(replies[0]["type"], "error", "{replies:?}");
}

#[test]
fn a_move_stops_the_review_and_drops_the_marks_after_it() {
    let (mut s, rx) = session();
    load(&mut s, "1. e2e4 e7e5 2. d1h5 b8c6 3. f1c4 g8f6 *");
    ask(&mut s, json!({"type": "review", "nodes": 1_000_000}));
    // The first position's search reports, then the person moves.
    rx.recv().expect("the review reports");
    let st = state(&ask(&mut s, json!({"type": "move", "text": "h5f7"})));
    assert_eq!(st["review"], Value::Null, "the move stopped the review");
    assert_eq!(st["ply"], 7);
    // Whatever the stopped review still sent is stale now.
    while let Ok(note) = rx.try_recv() {
        for reply in s.on_search(note).iter().map(value) {
            assert_eq!(reply["review"], Value::Null, "{reply}");
        }
    }
}

#[test]
fn a_closed_tab_stops_its_review() {
    let (mut s, rx) = session();
    load(&mut s, "1. e2e4 e7e5 2. g1f3 *");
    ask(&mut s, json!({"type": "review", "nodes": 50_000_000}));
    rx.recv().expect("the review reports");
    drop(s);
    // The review's search ended: its sender is gone, so the channel
    // drains and closes instead of waiting for fifty million nodes.
    while rx.recv().is_ok() {}
}

#[test]
fn every_game_is_reviewed_position_by_position() {
    for variant in common::VARIANTS {
        let (mut s, rx) = session();
        let mut game = state(&ask(&mut s, json!({"type": "new", "variant": variant})));
        // The first legal move four times: a line of every game's moves.
        for _ in 0..4 {
            let text = game["legal"][0]["text"].as_str().unwrap().to_string();
            game = state(&ask(&mut s, json!({"type": "move", "text": text})));
        }
        ask(&mut s, json!({"type": "review", "nodes": 5000}));
        let done = finish_review(&mut s, &rx, &game);
        let evals = done["evals"].as_array().unwrap();
        assert_eq!(evals.len(), 5, "{variant}");
        assert!(evals.iter().all(|e| !e.is_null()), "{variant}: {evals:?}");
        assert_eq!(done["marks"].as_array().unwrap().len(), 4, "{variant}");
    }
}
