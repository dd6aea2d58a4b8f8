//! The GUI's message protocol: every message kind through a `Session`,
//! malformed input refused without a change, two sessions independent, and
//! the real server surviving a client that leaves mid-search.

use serde_json::{json, Value};
use std::net::{TcpListener, TcpStream};
use std::sync::mpsc::Receiver;
use timur::gui::session::{SearchNote, Session};
use tungstenite::{Message, WebSocket};

mod gui_common;
use gui_common::{ask, last_state as state, session, value};

/// Feeds search events back until a state without a running search comes.
fn settle(s: &mut Session, rx: &Receiver<SearchNote>) -> Value {
    loop {
        let note = rx.recv().expect("a search event");
        let replies: Vec<Value> = s.on_search(note).iter().map(value).collect();
        if let Some(st) = replies.iter().find(|r| r["type"] == "state") {
            if st["thinking"] == false {
                return st.clone();
            }
        }
    }
}

fn nobody_plays(s: &mut Session) {
    let r = ask(s, json!({"type": "engine", "sides": "none", "depth": 2}));
    assert_eq!(state(&r)["thinking"], false);
}

#[test]
fn every_message_kind() {
    let (mut s, rx) = session();
    let hello = value(&s.hello()[0]);
    assert_eq!(hello["variant"], "chess");
    assert_eq!(hello["legal"].as_array().unwrap().len(), 20);
    nobody_plays(&mut s);

    let st = state(&ask(&mut s, json!({"type": "move", "text": "e2e4"})));
    assert_eq!(st["moves"], json!(["e2e4"]));
    assert_eq!(st["side"], "black");
    let e7 = st["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"] == "e7e5")
        .unwrap()
        .clone();
    assert_eq!(
        (e7["from"].clone(), e7["to"].clone()),
        (json!("e7"), json!("e5"))
    );
    ask(&mut s, json!({"type": "move", "text": "e7e5"}));

    let st = state(&ask(&mut s, json!({"type": "undo"})));
    assert_eq!(
        (st["ply"].clone(), st["moves"].clone()),
        (json!(1), json!(["e2e4", "e7e5"]))
    );
    let st = state(&ask(&mut s, json!({"type": "redo"})));
    assert_eq!(st["ply"], 2);
    let st = state(&ask(&mut s, json!({"type": "jump", "ply": 0})));
    assert_eq!(st["fen"], st["start_fen"]);
    ask(&mut s, json!({"type": "jump", "ply": 2}));

    let pgn = ask(&mut s, json!({"type": "save_pgn"}));
    assert_eq!(pgn[0]["type"], "pgn");
    let text = pgn[0]["text"].as_str().unwrap().to_string();
    assert!(text.contains("1. e2e4 e7e5 *"), "{text}");

    // The engine plays the side to move now, at depth 2.
    let r = ask(&mut s, json!({"type": "go"}));
    assert_eq!(state(&r)["thinking"], true);
    let st = settle(&mut s, &rx);
    assert_eq!(st["ply"], 3, "the engine's move was played");

    // Analysis: infinite, MultiPV 2, stopped by `analyse off`.
    let st = state(&ask(
        &mut s,
        json!({"type": "analyse", "on": true, "multipv": 2}),
    ));
    assert_eq!(st["analysing"], true);
    let mut lines = std::collections::HashSet::new();
    while lines.len() < 2 {
        let note = rx.recv().unwrap();
        for r in s.on_search(note).iter().map(value) {
            if r["type"] == "info" {
                assert!(!r["pv"].as_array().unwrap().is_empty());
                lines.insert(r["multipv"].as_u64().unwrap());
            }
        }
    }
    assert!(ask(&mut s, json!({"type": "stop"})).is_empty());
    let st = state(&ask(&mut s, json!({"type": "analyse", "on": false})));
    assert_eq!(st["analysing"], false);

    // Load the PGN saved above: the line of two moves, chess.
    let st = state(&ask(&mut s, json!({"type": "load_pgn", "pgn": text})));
    assert_eq!(st["moves"], json!(["e2e4", "e7e5"]));

    // A pasted position, and a new game of every variant.
    let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let st = state(&ask(&mut s, json!({"type": "position", "fen": fen})));
    assert_eq!(
        st["result"],
        json!({"result": "1/2-1/2", "reason": "Stalemate"})
    );
    assert_eq!(st["legal"], json!([]));
    for variant in [
        "chess",
        "chess960",
        "xiangqi",
        "tamerlane",
        "jasir",
        "jarmo",
    ] {
        let st = state(&ask(&mut s, json!({"type": "new", "variant": variant})));
        assert_eq!(st["variant"], variant);
        assert!(!st["legal"].as_array().unwrap().is_empty());
    }
    let st = state(&ask(
        &mut s,
        json!({"type": "new", "variant": "chess960", "number": 518}),
    ));
    assert_eq!(
        st["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
}

#[test]
fn the_engine_answers_a_move_and_the_game_ends_with_its_reason() {
    let (mut s, rx) = session();
    ask(
        &mut s,
        json!({"type": "engine", "sides": "black", "depth": 3}),
    );
    ask(&mut s, json!({"type": "move", "text": "f2f3"}));
    let st = settle(&mut s, &rx);
    assert_eq!(st["ply"], 2);
    // Fool's mate, the engine to move as White (it plays White now).
    ask(
        &mut s,
        json!({"type": "engine", "sides": "none", "depth": 3}),
    );
    ask(
        &mut s,
        json!({"type": "load_pgn", "pgn": "1. f2f3 e7e5 2. g2g4"}),
    );
    let st = state(&ask(&mut s, json!({"type": "move", "text": "d8h4"})));
    assert_eq!(
        st["result"],
        json!({"result": "0-1", "reason": "Black mates"})
    );
    let r = ask(&mut s, json!({"type": "move", "text": "e2e4"}));
    assert_eq!(r[0]["type"], "error");
}

#[test]
fn malformed_messages_get_an_error_and_change_nothing() {
    let (mut s, _rx) = session();
    nobody_plays(&mut s);
    ask(&mut s, json!({"type": "move", "text": "e2e4"}));
    let before = value(&s.state());
    let bad = [
        "".to_string(),
        "not json".into(),
        "{}".into(),
        "[1,2]".into(),
        json!({"type": "fly"}).to_string(),
        json!({"type": "move"}).to_string(),
        json!({"type": "move", "text": "e2e5"}).to_string(),
        json!({"type": "move", "text": 5}).to_string(),
        json!({"type": "move", "text": "e7e5", "extra": 1}).to_string(),
        json!({"type": "redo"}).to_string(),
        json!({"type": "jump", "ply": 7}).to_string(),
        json!({"type": "jump", "ply": -1}).to_string(),
        json!({"type": "new", "variant": "shogi"}).to_string(),
        json!({"type": "new", "variant": "chess960", "number": 960}).to_string(),
        json!({"type": "new", "variant": "xiangqi", "number": 3}).to_string(),
        json!({"type": "new", "variant": "tamerlane", "fen": "nonsense"}).to_string(),
        json!({"type": "position", "fen": "8/8/8 w"}).to_string(),
        json!({"type": "engine", "sides": "red", "depth": 3}).to_string(),
        json!({"type": "engine", "sides": "none", "depth": 0}).to_string(),
        json!({"type": "engine", "sides": "none"}).to_string(),
        json!({"type": "analyse", "on": true, "multipv": 4}).to_string(),
        json!({"type": "load_pgn", "pgn": "[Variant \"xiangqi\"]\n1. e2e4"}).to_string(),
        "\u{0}\u{ffff}{\"type\":".into(),
    ];
    for text in &bad {
        let replies: Vec<Value> = s.handle(text).iter().map(value).collect();
        assert_eq!(replies.len(), 1, "{text}: {replies:?}");
        assert_eq!(replies[0]["type"], "error", "{text}");
        assert!(!replies[0]["message"].as_str().unwrap().is_empty());
        assert_eq!(value(&s.state()), before, "{text} changed the game");
    }
}

#[test]
fn two_sessions_are_independent() {
    let (mut a, _ra) = session();
    let (mut b, _rb) = session();
    nobody_plays(&mut a);
    nobody_plays(&mut b);
    ask(&mut a, json!({"type": "new", "variant": "jasir"}));
    ask(&mut a, json!({"type": "move", "text": "c1d3"}));
    let sb = state(&ask(&mut b, json!({"type": "move", "text": "d2d4"})));
    let sa = value(&a.state());
    assert_eq!(
        (sa["variant"].clone(), sa["moves"].clone()),
        (json!("jasir"), json!(["c1d3"]))
    );
    assert_eq!(
        (sb["variant"].clone(), sb["moves"].clone()),
        (json!("chess"), json!(["d2d4"]))
    );
}

#[test]
fn a_dropped_session_stops_its_search() {
    let (mut s, rx) = session();
    nobody_plays(&mut s);
    ask(&mut s, json!({"type": "analyse", "on": true}));
    rx.recv().expect("the analysis reports");
    drop(s);
    // The search thread ended: the sender it held is gone, so the channel
    // drains and closes instead of blocking for ever.
    while rx.recv().is_ok() {}
}

fn connect(port: u16) -> WebSocket<TcpStream> {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let (socket, _) = tungstenite::client(format!("ws://127.0.0.1:{port}/ws"), stream).unwrap();
    socket
}

fn next_json(socket: &mut WebSocket<TcpStream>) -> Value {
    loop {
        if let Message::Text(text) = socket.read().unwrap() {
            return serde_json::from_str(text.as_str()).unwrap();
        }
    }
}

#[test]
fn the_server_outlives_a_client_that_leaves_mid_search() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || timur::gui::serve(listener));

    let mut first = connect(port);
    assert_eq!(next_json(&mut first)["type"], "state");
    first
        .send(Message::text(
            json!({"type": "analyse", "on": true}).to_string(),
        ))
        .unwrap();
    while next_json(&mut first)["type"] != "info" {}
    drop(first);

    let mut second = connect(port);
    assert_eq!(next_json(&mut second)["variant"], "chess");
    second
        .send(Message::text(json!({"type": "jump", "ply": 3}).to_string()))
        .unwrap();
    assert_eq!(next_json(&mut second)["type"], "error");
    let page = std::io::Read::bytes(
        TcpStream::connect(("127.0.0.1", port))
            .map(|mut s| {
                std::io::Write::write_all(&mut s, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    .unwrap();
                s
            })
            .unwrap(),
    );
    let page: Vec<u8> = page.map(Result::unwrap).collect();
    let page = String::from_utf8(page).unwrap();
    assert!(page.starts_with("HTTP/1.1 200") && page.contains("/page.js"));
}

#[test]
fn strength_levels_go_through_the_engine_options() {
    let (mut s, rx) = session();
    nobody_plays(&mut s);
    for (level, shown) in [
        (
            json!({"type": "level", "elo": 1500}),
            json!({"elo": 1500, "skill": null}),
        ),
        (
            json!({"type": "level", "skill": 3}),
            json!({"elo": null, "skill": 3}),
        ),
        (
            json!({"type": "level"}),
            json!({"elo": null, "skill": null}),
        ),
    ] {
        let replies = ask(&mut s, level.clone());
        assert_eq!(state(&replies)["thinking"], false, "{level}");
        assert_eq!(state(&replies)["level"], shown, "{level}");
        assert!(
            !replies.iter().any(|r| r["type"] == "error"),
            "{level}: {replies:?}"
        );
    }
    for (level, why) in [
        (json!({"type": "level", "elo": 10}), "1320 to 3190"),
        (json!({"type": "level", "skill": 21}), "0 to 20"),
        (
            json!({"type": "level", "elo": 2000, "skill": 5}),
            "not both",
        ),
    ] {
        let replies = ask(&mut s, level.clone());
        let error = replies.iter().find(|r| r["type"] == "error");
        assert!(
            error.is_some_and(|e| e["message"].as_str().unwrap().contains(why)),
            "{level}: {replies:?}"
        );
    }
    // A weakened engine still plays its move when it is its turn.
    ask(&mut s, json!({"type": "level", "elo": 1400}));
    let r = ask(
        &mut s,
        json!({"type": "engine", "sides": "white", "depth": 3}),
    );
    assert_eq!(state(&r)["thinking"], true);
    let mut st = settle(&mut s, &rx);
    assert_eq!(st["ply"], 1);
    // Each position its moves lead to gets the evaluation of the line it
    // picked (often not the first of its four: the pick is random).
    for _ in 0..6 {
        let ply = st["ply"].as_u64().unwrap() as usize;
        assert!(
            !st["evals"][ply].is_null(),
            "no evaluation after ply {ply}: {st}"
        );
        let reply = st["legal"][0]["text"].as_str().unwrap().to_string();
        ask(&mut s, json!({"type": "move", "text": reply}));
        st = settle(&mut s, &rx);
        assert_eq!(st["ply"].as_u64(), Some(ply as u64 + 2), "{st}");
    }
}
