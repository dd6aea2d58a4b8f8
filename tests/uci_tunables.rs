//! The search parameters as hidden UCI options: setting one changes a
//! fixed-depth search, setting it back gives the default search node for
//! node; bad values are answered with an error line and change nothing;
//! the `uci` listing does not show them.

mod common;

use common::EngineProcess;
use std::time::Duration;

const SECONDS: Duration = Duration::from_secs(120);

/// The nodes of a fresh one-thread `go depth 9` from a middlegame position.
fn nodes_of_search(engine: &mut EngineProcess) -> u64 {
    engine.send("ucinewgame");
    engine.send("position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8");
    engine.send("go depth 9");
    let lines = engine.read_until(SECONDS, |l| l.starts_with("bestmove"));
    lines
        .iter()
        .rev()
        .find_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|&w| w == "nodes")?;
            words.get(at + 1)?.parse().ok()
        })
        .expect("an info line with nodes")
}

#[test]
fn a_parameter_changes_the_search_and_its_default_restores_it() {
    let mut engine = EngineProcess::start();
    engine.send("uci");
    let listing = engine.read_until(SECONDS, |l| l == "uciok");
    assert!(
        !listing.iter().any(|l| l.contains("rfp_margin")),
        "{listing:?}"
    );
    let default = nodes_of_search(&mut engine);
    engine.send("setoption name RFP_MARGIN value 20");
    engine.send("setoption name futility_margin value 30");
    assert_eq!(engine.sync(), Vec::<String>::new());
    let changed = nodes_of_search(&mut engine);
    assert_ne!(changed, default);
    engine.send("setoption name rfp_margin value 80");
    engine.send("setoption name futility_margin value 110");
    assert_eq!(nodes_of_search(&mut engine), default);
}

#[test]
fn bad_values_are_refused_and_change_nothing() {
    let mut engine = EngineProcess::start();
    let default = nodes_of_search(&mut engine);
    for value in ["201", "19", "eighty", "", "99999999999"] {
        engine.send(&format!("setoption name rfp_margin value {value}"));
        let answer = engine.sync();
        assert!(
            answer.len() == 1 && answer[0].starts_with("info string error:"),
            "`{value}`: {answer:?}"
        );
    }
    engine.send("setoption name no_such_margin value 3");
    assert!(engine.sync()[0].contains("unknown option"));
    assert_eq!(nodes_of_search(&mut engine), default);
}
