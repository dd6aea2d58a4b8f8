//! `stop` during a search reaches every worker promptly: for every game,
//! with two threads, a `go infinite` stopped once it has reported answers
//! with a legal `bestmove` within [`STOP_ANSWERED`] (generous for a loaded
//! machine; a search that missed the stop would never end).

mod common;

use common::{bestmove_of, EngineProcess};
use std::time::{Duration, Instant};

const SECONDS: Duration = Duration::from_secs(10);
/// How soon `bestmove` must follow `stop`.
const STOP_ANSWERED: Duration = Duration::from_secs(5);

#[test]
fn stop_reaches_every_worker_in_every_game() {
    for variant in common::VARIANTS {
        let mut engine = EngineProcess::start_uci_variant(variant, SECONDS);
        engine.send("setoption name Threads value 2");
        engine.send("position startpos");
        engine.sync();
        engine.send("go infinite");
        engine.expect_prefix("info depth", SECONDS);
        let sent = Instant::now();
        engine.send("stop");
        let line = engine.expect_prefix("bestmove", STOP_ANSWERED);
        let latency = sent.elapsed();
        assert!(
            latency < STOP_ANSWERED,
            "{variant}: stop answered in {latency:?}"
        );
        let best = bestmove_of(&line);
        assert_ne!(best, "(none)", "{variant}: {line}");
        // The move is legal: the engine accepts it as a move of the game.
        engine.send(&format!("position startpos moves {best}"));
        let errors = engine.sync();
        assert!(
            errors.is_empty(),
            "{variant}: {best}: {}",
            errors.join("\n")
        );
    }
}
