//! `bench` inside the UCI loop runs what `timur bench` runs: the same
//! `<nodes> nodes <nps> nps` line with the same node count, whatever the
//! session's own `Threads` and `Hash`, and the loop goes on afterwards.

mod common;

use common::EngineProcess;
use std::time::Duration;

/// A whole benchmark on a loaded machine.
const BENCH: Duration = Duration::from_secs(900);

#[test]
fn bench_in_the_loop_counts_what_timur_bench_counts() {
    let mut engine = EngineProcess::start();
    engine.send("uci");
    engine.expect_prefix("uciok", Duration::from_secs(60));
    engine.send("setoption name Threads value 2");
    engine.send("setoption name Hash value 1");
    engine.send("position startpos moves e2e4");
    engine.send("bench");
    let line = engine
        .read_until(BENCH, |l| l.ends_with(" nps") || l.contains("error"))
        .pop()
        .unwrap_or_default();
    let nodes = match line.split_whitespace().collect::<Vec<_>>()[..] {
        [nodes, "nodes", nps, "nps"] if nps.parse::<u64>().is_ok() => {
            nodes.parse::<u64>().expect("a node count")
        }
        _ => panic!("`bench` answered `{line}`, not `<nodes> nodes <nps> nps`"),
    };
    let (expected, _) = timur::bench::run(None, None, 1, timur::bench::DEFAULT_HASH_MIB)
        .expect("the library bench runs");
    assert_eq!(nodes, expected);
    // The session is untouched: its position is still there.
    engine.send("d");
    let board = engine.sync();
    assert!(board.iter().any(|l| l.contains("4P3")), "{board:?}");
}
