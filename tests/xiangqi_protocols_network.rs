//! The embedded xiangqi network plays in all three protocols: the same
//! fixed-depth search (one thread, the same table size) from the same
//! position gives the same principal variation (and, where the protocol
//! reports them, the same score and node count) in UCI, UCCI and XBoard,
//! and a different search once `UseNNUE` is off, where UCI and XBoard
//! again agree with each other.

mod common;

use common::EngineProcess;
use std::time::Duration;

const SECONDS: Duration = Duration::from_secs(120);

/// The opening played before the search (the engine's own coordinate
/// notation, which every protocol here accepts for xiangqi).
const MOVES: &str = "h2e2 h9g7";

/// The depth searched.
const DEPTH: u32 = 8;

/// What a search reported at the last depth: the principal variation, and
/// the score and node count where the protocol gives them.
#[derive(Debug, PartialEq, Eq)]
struct Report {
    pv: String,
    score: Option<i32>,
    nodes: Option<u64>,
}

/// The word after `key` in a UCI/UCCI `info` line.
fn word_after<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .iter()
        .position(|w| *w == key)
        .and_then(|i| words.get(i + 1).copied())
}

/// The last `info depth DEPTH` line before `bestmove` as a report.
fn info_report(lines: &[String], score_key: &str) -> Report {
    let prefix = format!("info depth {DEPTH} ");
    let line = lines
        .iter()
        .rev()
        .find(|l| l.starts_with(&prefix) && l.contains(" pv "))
        .unwrap_or_else(|| panic!("no depth-{DEPTH} line: {lines:?}"));
    Report {
        pv: line.split(" pv ").nth(1).unwrap().trim().to_string(),
        score: word_after(line, score_key).map(|s| s.parse().unwrap()),
        nodes: word_after(line, "nodes").map(|s| s.parse().unwrap()),
    }
}

/// UCI with `UCI_Variant xiangqi`.
fn uci(nnue: bool) -> Report {
    let mut engine = EngineProcess::start_uci_variant("xiangqi", SECONDS);
    engine.send("setoption name Hash value 16");
    engine.send(&format!("setoption name UseNNUE value {nnue}"));
    engine.send(&format!("position startpos moves {MOVES}"));
    engine.send(&format!("go depth {DEPTH}"));
    let lines = engine.read_until(SECONDS, |l| l.starts_with("bestmove"));
    info_report(&lines, "cp")
}

/// UCCI (xiangqi only).
fn ucci() -> Report {
    let mut engine = EngineProcess::start();
    engine.send("ucci");
    engine.read_until(SECONDS, |l| l == "ucciok");
    engine.send("setoption hashsize 16");
    engine.send(&format!("position startpos moves {MOVES}"));
    engine.send(&format!("go depth {DEPTH}"));
    let lines = engine.read_until(SECONDS, |l| l.starts_with("bestmove"));
    info_report(&lines, "score")
}

/// XBoard: `variant xiangqi`, the opening in force mode, then `sd` and
/// `go`; the thinking line of the last depth is `depth score time nodes pv`.
fn xboard(nnue: bool) -> Report {
    let mut engine = EngineProcess::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.read_until(SECONDS, |l| l == "feature done=1");
    engine.send("new");
    engine.send("variant xiangqi");
    engine.send("memory 16");
    engine.send(&format!("option UseNNUE={}", u8::from(nnue)));
    engine.send("force");
    for mv in MOVES.split_whitespace() {
        engine.send(&format!("usermove {mv}"));
    }
    engine.send("post");
    engine.send(&format!("sd {DEPTH}"));
    engine.send("go");
    let lines = engine.read_until(SECONDS, |l| l.starts_with("move "));
    let line = lines
        .iter()
        .rev()
        .find(|l| l.split_whitespace().next() == Some(&DEPTH.to_string()))
        .unwrap_or_else(|| panic!("no depth-{DEPTH} thinking line: {lines:?}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    Report {
        pv: words[4..].join(" "),
        score: Some(words[1].parse().unwrap()),
        nodes: Some(words[3].parse().unwrap()),
    }
}

#[test]
fn uci_ucci_and_xboard_search_with_the_same_network() {
    let uci_nnue = uci(true);
    let xboard_nnue = xboard(true);
    assert_eq!(xboard_nnue, uci_nnue, "XBoard and UCI differ");
    let ucci_nnue = ucci();
    assert_eq!(ucci_nnue.pv, uci_nnue.pv, "UCCI and UCI differ");
    assert_eq!(ucci_nnue.score, uci_nnue.score, "UCCI and UCI differ");

    let uci_hand = uci(false);
    assert_eq!(
        xboard(false),
        uci_hand,
        "without NNUE, XBoard and UCI differ"
    );
    assert_ne!(
        (uci_hand.score, uci_hand.nodes),
        (uci_nnue.score, uci_nnue.nodes),
        "UseNNUE changed nothing: the network did not play"
    );
}
