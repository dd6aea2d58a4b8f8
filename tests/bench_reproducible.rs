//! `timur bench` is the search's signature: with one thread and a fixed
//! depth, every run visits the same number of nodes, in every game.

use std::process::Command;
use timur::engine::VariantKind;

/// Shallow enough that a run takes well under a second per game.
const DEPTH: u32 = 6;

/// The node count of one `timur bench` process for `kind`.
fn bench_process(kind: VariantKind) -> u64 {
    let output = Command::new(env!("CARGO_BIN_EXE_timur"))
        .args(["bench", "--variant", kind.name(), "--threads", "1"])
        .args(["--depth", &DEPTH.to_string()])
        .output()
        .expect("start timur bench");
    assert!(
        output.status.success(),
        "timur bench --variant {kind} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    let last = stdout.lines().last().unwrap_or_default();
    match last.split_whitespace().collect::<Vec<_>>()[..] {
        [nodes, "nodes", _, "nps"] => nodes.parse().expect("a node count"),
        _ => panic!("last line of timur bench is `{last}`, not `<nodes> nodes <nps> nps`"),
    }
}

/// The node count of [`timur::bench::run`] in this process for `kind`.
fn bench_library(kind: VariantKind) -> u64 {
    let (nodes, _nps) = timur::bench::run(Some(kind), Some(DEPTH), 1, 16).expect("bench runs");
    nodes
}

#[test]
fn bench_node_count_is_the_same_on_every_run() {
    for kind in VariantKind::ALL {
        let first = bench_process(kind);
        assert!(first > 0, "{kind}: no nodes");
        assert_eq!(bench_process(kind), first, "{kind}: two processes differ");
        assert_eq!(
            bench_library(kind),
            first,
            "{kind}: library and binary differ"
        );
        assert_eq!(
            bench_library(kind),
            first,
            "{kind}: second library run differs"
        );
    }
}
