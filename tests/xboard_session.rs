//! XBoard / CECP v2 sessions with the real binary: feature negotiation,
//! whole games, set-up positions, take-backs, `ping` ordering, time
//! controls, Fischer Random castling, bad input (thousands of bad lines:
//! `protocol_garbage.rs`).

mod common;

use common::EngineProcess;
use std::time::{Duration, Instant};
use timur::variants::chess::Chess;
use timur::variants::{Notation, Variant};
use timur_search::{Game, MoveList};

const SECONDS: Duration = Duration::from_secs(60);

/// An engine in XBoard mode, past the feature negotiation.
fn xboard() -> EngineProcess {
    let mut engine = EngineProcess::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.read_until(SECONDS, |l| l == "feature done=1");
    engine
}

/// `ping n` → the lines before `pong n`.
fn ping(engine: &mut EngineProcess, n: u32) -> Vec<String> {
    let pong = format!("pong {n}");
    engine.send(&format!("ping {n}"));
    let mut lines = engine.read_until(SECONDS, |l| l == pong);
    lines.pop();
    lines
}

/// A line of thinking output: `depth score time nodes pv…`.
fn is_thinking(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() >= 4 && words[..4].iter().all(|w| w.parse::<i64>().is_ok())
}

fn is_result(line: &str) -> bool {
    ["1-0 {", "0-1 {", "1/2-1/2 {"]
        .iter()
        .any(|p| line.starts_with(p))
}

fn position(fen: &str) -> Chess {
    Chess::from_fen(fen).unwrap()
}

fn play(pos: &mut Chess, text: &str, notation: Notation) {
    let mv = pos
        .parse_move(text, notation)
        .unwrap_or_else(|e| panic!("engine move {text} is illegal in {}: {e}", pos.to_fen()));
    pos.make_move(mv);
}

fn no_moves(pos: &Chess) -> bool {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.is_empty()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn features_are_negotiated_and_quit_exits() {
    let mut engine = EngineProcess::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until(SECONDS, |l| l == "feature done=1");
    let line = &features[0];
    for part in [
        "myname=\"timur ",
        "variants=\"normal,fischerandom",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
        "sigterm=0",
        "colors=0",
        "analyze=1",
        "memory=1",
        "smp=1",
    ] {
        assert!(line.contains(part), "`{part}` missing in {line}");
    }
    for option in ["UseNNUE -check", "EvalFile -string"] {
        assert!(
            features
                .iter()
                .any(|l| l.starts_with(&format!("feature option=\"{option}"))),
            "`{option}` missing in {features:?}"
        );
    }
    for reply in ["accepted setboard", "accepted usermove", "rejected smp"] {
        engine.send(reply);
    }
    assert!(ping(&mut engine, 1).is_empty(), "{:?}", engine.transcript);
    engine.send("quit");
    assert!(engine.close_and_wait(SECONDS));
}

#[test]
fn engine_plays_a_whole_game_against_itself() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("sd 2");
    let mut pos = position(START);
    let started = Instant::now();
    let mut result = None;
    let mut plies = 0;
    while plies < 400 && result.is_none() {
        // `go`: the engine plays the side to move, whichever it is.
        engine.send("go");
        let line = engine.read_until(SECONDS, |l| l.starts_with("move ") || is_result(l));
        let last = line.last().cloned().unwrap_or_default();
        if let Some(mv) = last.strip_prefix("move ") {
            play(&mut pos, mv, Notation::default());
            plies += 1;
        }
        result = ping(&mut engine, plies)
            .into_iter()
            .chain(std::iter::once(last))
            .find(|l| is_result(l));
    }
    println!(
        "self-play at sd 2: {plies} plies in {:?}, result {result:?}",
        started.elapsed()
    );
    if let Some(result) = result {
        if result.contains("mates") {
            assert!(
                no_moves(&pos) && pos.in_check(),
                "{result} in {}",
                pos.to_fen()
            );
            let winner = if pos.side_to_move() == timur_search::Color::White {
                "0-1 {Black mates}"
            } else {
                "1-0 {White mates}"
            };
            assert_eq!(result, winner);
        } else if result.contains("Stalemate") {
            assert!(no_moves(&pos) && !pos.in_check(), "{}", pos.to_fen());
        } else {
            assert!(result.starts_with("1/2-1/2"), "{result}");
        }
    }
    engine.send("quit");
    assert!(engine.close_and_wait(SECONDS));
}

#[test]
fn results_after_the_engines_and_the_users_move() {
    let mut engine = xboard();
    // The engine mates at once.
    engine.send("new");
    engine.send("setboard 6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1");
    engine.send("sd 3");
    engine.send("go");
    assert_eq!(engine.expect_prefix("move", SECONDS), "move e1e8");
    assert_eq!(engine.expect_prefix("1-0", SECONDS), "1-0 {White mates}");
    // The user mates: the engine announces it and does not think.
    engine.send("new");
    engine.send("setboard 6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1");
    engine.send("usermove e1e8");
    let lines = ping(&mut engine, 2);
    assert_eq!(lines, ["1-0 {White mates}"]);
    // The user stalemates.
    engine.send("new");
    engine.send("force");
    engine.send("setboard 7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    engine.send("f1f7");
    assert_eq!(ping(&mut engine, 3), ["1/2-1/2 {Stalemate}"]);
    // `go` in a finished position answers with the result at once.
    engine.send("go");
    assert_eq!(ping(&mut engine, 4), ["1/2-1/2 {Stalemate}"]);
    // Threefold repetition by the user's move.
    engine.send("new");
    engine.send("force");
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        engine.send(&format!("usermove {mv}"));
    }
    assert!(ping(&mut engine, 5).is_empty(), "{:?}", engine.transcript);
    engine.send("usermove f6g8");
    assert_eq!(ping(&mut engine, 6), ["1/2-1/2 {Draw by repetition}"]);
}

#[test]
fn setboard_undo_and_remove() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("force");
    engine.send(&format!("setboard {START}"));
    for mv in ["e2e4", "e7e5", "g1f3"] {
        engine.send(&format!("usermove {mv}"));
    }
    engine.send("remove");
    // Back after 1. e4: Black to move again.
    engine.send("usermove e2e4");
    engine.send("usermove c7c5");
    assert_eq!(ping(&mut engine, 1), ["Illegal move: e2e4"]);
    engine.send("undo");
    engine.send("undo");
    let lines = ping(&mut engine, 2);
    assert!(lines.is_empty(), "{lines:?}");
    engine.send("undo");
    engine.send("remove");
    let lines = ping(&mut engine, 3);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines.iter().all(|l| l.starts_with("Error (")), "{lines:?}");
    // A refused position: the user is told, moves are illegal until the
    // next good position.
    engine.send("setboard 8/8/8/8 w - - 0 1");
    engine.send("e2e4");
    let lines = ping(&mut engine, 4);
    assert!(
        lines[0].starts_with("tellusererror Illegal position"),
        "{lines:?}"
    );
    assert!(lines[1].starts_with("Illegal move"), "{lines:?}");
    engine.send("setboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    engine.send("e2e4");
    engine.send("e8d7");
    assert!(ping(&mut engine, 5).is_empty(), "{:?}", engine.transcript);
    // After `go` the engine plays from the set-up position.
    engine.send("sd 3");
    engine.send("go");
    let mv = engine.expect_prefix("move", SECONDS);
    let mut pos = position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    play(&mut pos, "e2e4", Notation::default());
    play(&mut pos, "e8d7", Notation::default());
    play(&mut pos, &mv[5..], Notation::default());
}

#[test]
fn ping_waits_for_the_move_but_not_for_analysis() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("st 0.3");
    engine.send("usermove e2e4");
    engine.send("ping 1");
    let lines = engine.read_until(SECONDS, |l| l == "pong 1");
    let at = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix));
    assert!(
        at("move ").is_some_and(|m| m + 1 == lines.len() - 1),
        "pong must follow the move: {lines:?}"
    );
    // `?` then `ping`: the move comes first.
    engine.send("st 30");
    engine.send("usermove d2d4");
    engine.send("?");
    let lines = ping(&mut engine, 2);
    assert!(lines.iter().any(|l| l.starts_with("move ")), "{lines:?}");
    // `force`, `new`, `ping`: no move after the pong.
    engine.send("usermove g1f3");
    engine.send("force");
    engine.send("new");
    let lines = ping(&mut engine, 3);
    assert!(!lines.iter().any(|l| l.starts_with("move")), "{lines:?}");
    // While analyzing the pong comes at once, and thinking output flows.
    engine.send("post");
    engine.send("analyze");
    engine.read_until(SECONDS, is_thinking);
    let lines = ping(&mut engine, 4);
    assert!(!lines.iter().any(|l| l.starts_with("move")), "{lines:?}");
    // A move restarts the analysis: its output follows the pong.
    engine.send("usermove e2e4");
    let lines = ping(&mut engine, 5);
    assert!(!lines.iter().any(|l| l.starts_with("move")), "{lines:?}");
    engine.read_until(SECONDS, is_thinking);
    engine.send("undo");
    engine.send("exit");
    let lines = ping(&mut engine, 6);
    assert!(!lines.iter().any(|l| l.starts_with("move")), "{lines:?}");
    engine.send("quit");
    assert!(engine.close_and_wait(SECONDS));
}

#[test]
fn playother_and_go_choose_the_engines_side() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("sd 2");
    engine.send("force");
    // White to move; the engine takes Black and waits.
    engine.send("playother");
    assert!(ping(&mut engine, 1).is_empty(), "{:?}", engine.transcript);
    engine.send("usermove e2e4");
    let reply = engine.expect_prefix("move", SECONDS);
    // Force mode: moves are only recorded, for both sides.
    let black = if reply[5..].starts_with("a7") {
        "h7h6"
    } else {
        "a7a6"
    };
    engine.send("force");
    engine.send("usermove d2d4");
    engine.send(&format!("usermove {black}"));
    assert!(ping(&mut engine, 2).is_empty(), "{:?}", engine.transcript);
    // `go`: the engine plays White, the side to move.
    engine.send("go");
    let mv = engine.expect_prefix("move", SECONDS);
    let mut pos = position(START);
    for text in ["e2e4", &reply[5..], "d2d4", black, &mv[5..]] {
        play(&mut pos, text, Notation::default());
    }
}

/// The engine's move and the reply its last thinking line expected.
fn move_and_expected_reply(engine: &mut EngineProcess) -> (String, Option<String>) {
    let lines = engine.read_until(SECONDS, |l| l.starts_with("move "));
    let mv = lines.last().map(|l| l[5..].to_owned()).unwrap_or_default();
    let reply = lines
        .iter()
        .rev()
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            (words.len() >= 6 && words[4] == mv).then(|| words[5].to_owned())
        })
        .next();
    (mv, reply)
}

#[test]
fn pondering_hits_misses_and_takes_the_guess_back() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("hard");
    engine.send("post");
    engine.send("st 0.3");
    let mut pos = position(START);
    play(&mut pos, "e2e4", Notation::default());
    engine.send("usermove e2e4");
    let (mv, expected) = move_and_expected_reply(&mut engine);
    play(&mut pos, &mv, Notation::default());
    // Pondering: `ping` is answered at once, no move comes.
    let lines = ping(&mut engine, 1);
    assert!(!lines.iter().any(|l| l.starts_with("move")), "{lines:?}");
    // A hit: the expected reply; the engine answers from its running search.
    let hit = expected.unwrap_or_else(|| "d2d4".to_owned());
    play(&mut pos, &hit, Notation::default());
    engine.send(&format!("usermove {hit}"));
    let (mv, _) = move_and_expected_reply(&mut engine);
    play(&mut pos, &mv, Notation::default());
    // A miss: some other legal move; the guess is taken back first.
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let other = pos.format_move(moves[moves.len() / 2], Notation::default());
    play(&mut pos, &other, Notation::default());
    engine.send(&format!("usermove {other}"));
    let (mv, _) = move_and_expected_reply(&mut engine);
    play(&mut pos, &mv, Notation::default());
    // `force` while pondering takes the guess back: two `undo`s return to
    // the position before the engine's last move and the user's.
    engine.send("force");
    engine.send("undo");
    engine.send("undo");
    engine.send(&format!("usermove {other}"));
    engine.send(&format!("usermove {mv}"));
    let lines = ping(&mut engine, 2);
    assert!(
        lines
            .iter()
            .all(|l| !l.starts_with("Illegal") && !l.starts_with("Error")),
        "{lines:?}"
    );
    engine.send("quit");
    assert!(engine.close_and_wait(SECONDS));
}

#[test]
fn time_controls_are_honoured() {
    let mut engine = xboard();
    for (setup, label) in [
        (
            vec!["level 0 0:01 0", "time 100", "otim 100"],
            "level 0 0:01 0, time 100",
        ),
        (
            vec!["level 40 5 0", "time 100", "otim 100"],
            "level 40 5 0, time 100",
        ),
        (vec!["st 0.2"], "st 0.2"),
        (
            vec!["level 0 5 0", "time 3000", "otim 3000"],
            "level 0 5 0, time 3000",
        ),
    ] {
        engine.send("new");
        for line in &setup {
            engine.send(line);
        }
        let started = Instant::now();
        engine.send("usermove e2e4");
        engine.expect_prefix("move", SECONDS);
        println!("{label}: move after {:?}", started.elapsed());
    }
    // A conventional control: 2 moves in 1 second.
    engine.send("new");
    engine.send("level 2 0:01 0");
    let started = Instant::now();
    for (n, mv) in ["e2e4", "d2d4"].iter().enumerate() {
        engine.send(&format!("time {}", 100 - 50 * n));
        engine.send(&format!("usermove {mv}"));
        engine.expect_prefix("move", SECONDS);
    }
    println!("level 2 0:01 0: two moves after {:?}", started.elapsed());
}

#[test]
fn fischer_random_castling_as_xboard_writes_it() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("variant fischerandom");
    // The user castles O-O-O (king b1 takes rook a1).
    engine.send("force");
    engine.send("setboard 1k6/8/8/8/8/8/8/RK5R w KQ - 0 1");
    engine.send("usermove O-O-O");
    engine.send("usermove b8a8");
    engine.send("usermove O-O");
    let lines = ping(&mut engine, 1);
    assert_eq!(lines, ["Illegal move: O-O"], "castling rights are gone");
    // King-takes-rook is understood too.
    engine.send("setboard 1k6/8/8/8/8/8/8/RK5R w AH - 0 1");
    engine.send("usermove b1h1");
    assert!(ping(&mut engine, 2).is_empty(), "{:?}", engine.transcript);
    // The engine castles long to mate, and writes O-O-O.
    engine.send("setboard 2rkr3/2p1p3/8/8/8/8/PPP5/RK6 w A - 0 1");
    engine.send("sd 3");
    engine.send("go");
    assert_eq!(engine.expect_prefix("move", SECONDS), "move O-O-O");
    assert_eq!(engine.expect_prefix("1-0", SECONDS), "1-0 {White mates}");
    // Back in orthodox chess castling is e1g1 again.
    engine.send("new");
    engine.send("force");
    engine.send("setboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    engine.send("usermove e1g1");
    engine.send("usermove e8d7");
    assert!(ping(&mut engine, 3).is_empty(), "{:?}", engine.transcript);
}

#[test]
fn illegal_moves_and_bad_commands() {
    let mut engine = xboard();
    engine.send("new");
    engine.send("force");
    for (line, reply) in [
        ("usermove e2e5", "Illegal move: e2e5"),
        ("e7e5", "Illegal move: e7e5"),
        ("usermove xyz", "Illegal move: xyz"),
        ("foo", "Error (unknown command `foo`): foo"),
        (
            "level 40 5",
            "Error (`level` needs 3 arguments (MPS BASE INC), got 2): level 40 5",
        ),
        ("sd x", "Error ("),
        ("variant shogi", "Error (unknown variant `shogi`"),
        ("edit", "Error (`edit` is not supported"),
        ("undo", "Error (no move to take back): undo"),
        ("white", "Error (obsolete command"),
    ] {
        engine.send(line);
        let lines = ping(&mut engine, 1);
        assert_eq!(lines.len(), 1, "{line}: {lines:?}");
        assert!(lines[0].starts_with(reply), "{line}: {lines:?}");
    }
    // Nothing changed: 1. e4 is still legal.
    engine.send("usermove e2e4");
    assert!(ping(&mut engine, 2).is_empty());
}
