//! The GUI's clocks through a `Session` whose time a test moves by hand:
//! time charged per move with increments, pause and resume, the engine's
//! limits built from the clocks, a flag fall judged by each game's rules
//! (chess: a draw when the other side cannot mate), refused clock messages,
//! and the evaluations and hints searches leave behind.

use serde_json::{json, Value};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use timur::gui::session::{SearchNote, Session};
use timur_search::Clock;

mod gui_common;
use gui_common::{last_state, value};

/// A session and the hand that moves its time.
struct Timed {
    session: Session,
    notes: Receiver<SearchNote>,
    start: Instant,
    now: Arc<Mutex<Instant>>,
}

impl Timed {
    fn new() -> Timed {
        let (tx, notes) = channel();
        let start = Instant::now();
        let now = Arc::new(Mutex::new(start));
        let source = Arc::clone(&now);
        let session = Session::with_time(tx, Arc::new(move || *source.lock().unwrap()));
        Timed {
            session,
            notes,
            start,
            now,
        }
    }

    /// Sets the time to `ms` after the start.
    fn at(&mut self, ms: u64) {
        *self.now.lock().unwrap() = self.start + Duration::from_millis(ms);
    }

    fn ask(&mut self, msg: Value) -> Vec<Value> {
        let replies = self.session.handle(&msg.to_string());
        replies.iter().map(value).collect()
    }

    fn state(&mut self, msg: Value) -> Value {
        last_state(&self.ask(msg))
    }

    /// Feeds search events back until a state without a running search.
    fn settle(&mut self) -> Vec<Value> {
        let mut all = Vec::new();
        loop {
            let note = self.notes.recv().expect("a search event");
            let replies: Vec<Value> = self.session.on_search(note).iter().map(value).collect();
            all.extend(replies.iter().cloned());
            let idle = replies
                .iter()
                .any(|r| r["type"] == "state" && r["thinking"] == false && r["analysing"] == false);
            if idle {
                return all;
            }
        }
    }
}

fn error(replies: &[Value]) -> String {
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert_eq!(replies[0]["type"], "error", "{replies:?}");
    replies[0]["message"].as_str().unwrap().to_string()
}

fn control(base_ms: u64, inc_ms: u64) -> Value {
    json!({"base_ms": base_ms, "inc_ms": inc_ms})
}

fn clocks(white: Value, black: Value) -> Value {
    json!({"type": "clock", "white": white, "black": black})
}

#[test]
fn moves_charge_the_clocks_with_increments() {
    let mut t = Timed::new();
    t.state(json!({"type": "engine", "sides": "none", "depth": 2}));
    let st = t.state(clocks(control(180_000, 2_000), control(60_000, 0)));
    assert_eq!(st["clock"]["running"], "white");
    assert_eq!(st["clock"]["white_ms"], 180_000);
    t.at(3_000);
    let st = t.state(json!({"type": "move", "text": "e2e4"}));
    assert_eq!(st["clock"]["white_ms"], 179_000, "3 s used, 2 s added");
    assert_eq!(st["clock"]["running"], "black");
    t.at(10_500);
    let st = t.state(json!({"type": "move", "text": "e7e5"}));
    assert_eq!(st["clock"]["black_ms"], 52_500);
    assert_eq!(st["clock"]["white_ms"], 179_000);
    t.at(11_000);
    let st = t.state(json!({"type": "new", "variant": "xiangqi"}));
    assert_eq!(
        (
            st["clock"]["white_ms"].clone(),
            st["clock"]["black_ms"].clone()
        ),
        (json!(180_000), json!(60_000)),
        "a new game starts with full clocks"
    );
    let st = t.state(json!({"type": "clock"}));
    assert_eq!(st["clock"], Value::Null, "an untimed game");
}

#[test]
fn pause_stops_the_clock_and_resume_restarts_it() {
    let mut t = Timed::new();
    t.state(json!({"type": "engine", "sides": "none", "depth": 2}));
    t.state(clocks(control(60_000, 0), control(60_000, 0)));
    t.at(1_000);
    let st = t.state(json!({"type": "pause"}));
    assert_eq!(st["clock"]["running"], Value::Null);
    t.at(50_000);
    assert!(t.session.tick().is_empty());
    let st = t.state(json!({"type": "resume"}));
    assert_eq!(st["clock"]["running"], "white");
    assert_eq!(st["clock"]["white_ms"], 59_000);
    t.at(52_000);
    let st = t.state(json!({"type": "move", "text": "d2d4"}));
    assert_eq!(st["clock"]["white_ms"], 57_000);
    // Taking a move back stops the clocks too.
    t.at(53_000);
    let st = t.state(json!({"type": "undo"}));
    assert_eq!(st["clock"]["running"], Value::Null);
    assert_eq!(st["clock"]["black_ms"], 59_000);
}

#[test]
fn a_loaded_game_or_position_waits_with_full_clocks_for_resume() {
    let mut t = Timed::new();
    t.state(json!({"type": "engine", "sides": "black", "depth": 2}));
    t.state(clocks(control(60_000, 0), control(60_000, 0)));
    let black_to_move = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let mut at = 1_000;
    for (msg, to_move) in [
        (
            json!({"type": "load_pgn", "pgn": "1. e2e4 e7e5 2. g1f3 *"}),
            "black",
        ),
        (
            json!({"type": "load_pgn", "pgn": "1. e2e4 e7e5 *"}),
            "white",
        ),
        (json!({"type": "position", "fen": black_to_move}), "black"),
    ] {
        t.at(at);
        // Full clocks, neither running, and the engine (Black) not moving.
        let st = t.state(msg.clone());
        assert_eq!(st["side"], to_move, "{msg}");
        assert_eq!(st["clock"]["running"], Value::Null, "{msg}: {st}");
        assert_eq!(st["clock"]["white_ms"], 60_000, "{msg}");
        assert_eq!(st["clock"]["black_ms"], 60_000, "{msg}");
        assert_eq!(st["thinking"], false, "{msg}");
        // No flag falls while the game waits.
        t.at(at + 90_000);
        assert!(t.session.tick().is_empty(), "{msg}: a flag fell");
        // Resume starts the side to move's clock; the engine moves on its own.
        let st = t.state(json!({"type": "resume"}));
        assert_eq!(st["clock"]["running"], to_move, "{msg}");
        assert_eq!(st["thinking"], to_move == "black", "{msg}");
        if to_move == "black" {
            t.settle();
        }
        at += 100_000;
    }
}

#[test]
fn the_engine_thinks_on_its_clock() {
    let mut t = Timed::new();
    t.state(json!({"type": "engine", "sides": "none", "depth": 3}));
    assert_eq!(
        t.session.play_limits().depth,
        Some(3),
        "untimed: the depth set"
    );
    t.state(clocks(control(300_000, 3_000), control(180_000, 2_000)));
    t.at(4_000);
    t.state(json!({"type": "move", "text": "g1f3"}));
    t.at(9_000);
    let limits = t.session.play_limits();
    assert_eq!(
        limits.clock,
        Some(Clock {
            time: Duration::from_millis(175_000),
            increment: Duration::from_millis(2_000),
            moves_to_go: None,
        }),
        "Black's clock and increment, as `go btime 175000 binc 2000`"
    );
    assert_eq!(
        (limits.depth, limits.movetime, limits.infinite),
        (None, None, false)
    );
}

#[test]
fn a_flag_fall_loses_or_draws_by_each_games_rules() {
    // (variant, position (the start when absent), the result when the side
    // to move flags). The rules pages of xiangqi, Tamerlane, Jasir and
    // Jarmo give no draw on time: a flag fall loses.
    let cases = [
        ("chess", None, "0-1"),
        ("chess960", None, "0-1"),
        ("xiangqi", None, "0-1"),
        ("tamerlane", None, "0-1"),
        ("jasir", None, "0-1"),
        ("jarmo", None, "0-1"),
        // White flags; Black has a bare king: a draw.
        ("chess", Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), "1/2-1/2"),
        // Black flags against a lone knight, which cannot mate even helped
        // by a queen: a draw; helped by a rook it could: a loss.
        ("chess", Some("3qk3/8/8/8/8/8/8/3NK3 b - - 0 1"), "1/2-1/2"),
        ("chess", Some("3rk3/8/8/8/8/8/8/3NK3 b - - 0 1"), "1-0"),
    ];
    for (variant, fen, expected) in cases {
        let mut t = Timed::new();
        t.state(json!({"type": "engine", "sides": "none", "depth": 2}));
        t.state(clocks(control(1_000, 0), control(1_000, 0)));
        let mut new = json!({"type": "new", "variant": variant});
        if let Some(fen) = fen {
            new["fen"] = json!(fen);
        }
        let st = t.state(new);
        assert_eq!(st["result"], Value::Null, "{variant} {fen:?}");
        t.at(999);
        assert!(t.session.tick().is_empty(), "{variant}: not yet");
        t.at(1_000);
        let st = last_state(&t.session.tick().iter().map(value).collect::<Vec<_>>());
        assert_eq!(st["result"]["result"], expected, "{variant} {fen:?}: {st}");
        let reason = st["result"]["reason"].as_str().unwrap();
        match expected {
            "1/2-1/2" => assert_eq!(reason, "Time out against a side that cannot mate"),
            _ => assert!(reason.ends_with("wins on time"), "{reason}"),
        }
        assert_eq!(st["clock"]["running"], Value::Null);
        assert!(st["legal"].as_array().unwrap().is_empty());
        let first = match variant {
            "chess" | "chess960" => "e2e4",
            _ => "a1a2",
        };
        let refused = error(&t.ask(json!({"type": "move", "text": first})));
        assert!(refused.contains("the game is over"), "{refused}");
        assert!(error(&t.ask(json!({"type": "resume"}))).contains("flag"));
    }
}

#[test]
fn a_move_after_the_flag_fell_is_too_late() {
    let mut t = Timed::new();
    t.state(json!({"type": "engine", "sides": "none", "depth": 2}));
    t.state(clocks(control(2_000, 5_000), control(2_000, 5_000)));
    // No tick came in between: the move itself finds the flag down.
    t.at(2_500);
    let st = t.state(json!({"type": "move", "text": "e2e4"}));
    assert_eq!(st["ply"], 0, "the move was not played");
    assert_eq!(st["result"]["result"], "0-1");
}

#[test]
fn the_engine_loses_on_time_while_it_thinks() {
    let mut t = Timed::new();
    t.state(json!({"type": "engine", "sides": "black", "depth": 2}));
    t.state(clocks(control(60_000, 0), control(500, 0)));
    let st = t.state(json!({"type": "move", "text": "e2e4"}));
    assert_eq!(st["thinking"], true);
    t.at(500);
    let st = last_state(&t.session.tick().iter().map(value).collect::<Vec<_>>());
    assert_eq!(st["result"]["result"], "1-0");
    assert_eq!(st["thinking"], false);
    assert_eq!(
        st["ply"], 1,
        "its move, found after the flag fell, is not played"
    );
}

#[test]
fn bad_clock_messages_are_refused() {
    let mut t = Timed::new();
    let bad = [
        (
            json!({"type": "clock", "white": control(1_000, 0)}),
            "both sides",
        ),
        (clocks(control(0, 0), control(1_000, 0)), "White's clock"),
        (
            clocks(control(1_000, 0), control(1_000, 10_000_000)),
            "increment",
        ),
        (
            json!({"type": "clock", "white": {"base_ms": -5}, "black": control(1, 0)}),
            "bad message",
        ),
        (
            json!({"type": "clock", "white": {"base": 5}, "black": control(1, 0)}),
            "bad message",
        ),
        (json!({"type": "pause"}), "no clock"),
        (json!({"type": "resume"}), "no clock"),
    ];
    for (msg, why) in bad {
        let message = error(&t.ask(msg.clone()));
        assert!(message.contains(why), "{msg}: {message}");
    }
    let st = last_state(&t.session.hello().iter().map(value).collect::<Vec<_>>());
    assert_eq!(st["clock"], Value::Null, "nothing changed");
}

#[test]
fn searches_leave_evaluations_and_hints() {
    let mut t = Timed::new();
    t.state(json!({"type": "engine", "sides": "none", "depth": 3}));
    t.state(json!({"type": "move", "text": "e2e4"}));
    let replies = t.ask(json!({"type": "hint"}));
    assert_eq!(last_state(&replies)["thinking"], false);
    let replies = t.settle();
    let hint = replies
        .iter()
        .find(|r| r["type"] == "hint")
        .expect("a hint");
    assert_eq!(hint["ply"], 1);
    let st = last_state(&replies);
    let legal: Vec<&Value> = st["legal"].as_array().unwrap().iter().collect();
    assert!(
        legal.iter().any(|m| m["text"] == hint["best"]["text"]),
        "{hint}"
    );
    let info = replies
        .iter()
        .find(|r| r["type"] == "info")
        .expect("an info");
    assert_eq!(
        (info["ply"].clone(), info["purpose"].clone()),
        (json!(1), json!("hint"))
    );
    assert!(
        info["white"]["wdl"].is_array(),
        "chess has a WDL model: {info}"
    );
    let evals = st["evals"].as_array().unwrap();
    assert_eq!(evals.len(), 2, "one per position");
    assert_eq!(evals[0], Value::Null);
    assert!(evals[1]["depth"].as_u64().unwrap() >= 1);
    assert_eq!(st["fens"].as_array().unwrap().len(), 2);
    assert_eq!(st["fens"][1], st["fen"]);

    // The engine's move: its position and the one it leads to.
    t.ask(json!({"type": "go"}));
    let st = last_state(&t.settle());
    assert_eq!(st["ply"], 2);
    let evals = st["evals"].as_array().unwrap();
    assert!(evals[1].is_object() && evals[2].is_object(), "{evals:?}");
    assert!(evals[2]["cp"].is_i64() || evals[2]["mate"].is_i64());
    // Over, a hint is refused; with the engine thinking, too.
    t.state(json!({"type": "engine", "sides": "white", "depth": 12}));
    t.ask(json!({"type": "go"}));
    assert!(error(&t.ask(json!({"type": "hint"}))).contains("thinking"));
}

#[test]
fn the_pgn_carries_evaluations_and_clocks_both_ways() {
    let mut t = Timed::new();
    t.state(json!({"type": "engine", "sides": "none", "depth": 2}));
    t.state(clocks(control(300_000, 0), control(300_000, 0)));
    t.at(2_000);
    t.state(json!({"type": "move", "text": "e2e4"}));
    t.ask(json!({"type": "hint"}));
    t.settle();
    t.at(5_000);
    t.state(json!({"type": "move", "text": "e7e5"}));
    let save = |t: &mut Timed| {
        let replies = t.ask(json!({"type": "save_pgn"}));
        replies[0]["text"].as_str().unwrap().to_string()
    };
    let text = save(&mut t);
    assert!(text.contains("1. e2e4 { [%eval "), "{text}");
    assert!(
        text.contains(" [%clk 0:04:58] } e7e5 { [%clk 0:04:57] } *"),
        "{text}"
    );
    let st = t.state(json!({"type": "load_pgn", "pgn": text}));
    assert_eq!(st["moves"], json!(["e2e4", "e7e5"]));
    assert!(st["evals"][1].is_object(), "{st}");
    assert_eq!(save(&mut t), text, "the upload saves as it came");
    let refused = error(&t.ask(json!({"type": "load_pgn", "pgn": "1. e2e4 { [%clk soon] } *"})));
    assert!(refused.contains("%clk soon"), "{refused}");
}
