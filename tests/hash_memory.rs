//! A huge hash table (`Hash`, `hashsize`, `memory`) through the real
//! binary: the engine answers at once, does not take the memory before the
//! search writes to it, and still plays.

mod common;

use common::EngineProcess;
use std::time::Duration;

/// Generous: a loaded machine is slow, a table written through on the
/// protocol thread is slower still (and is caught by the memory check).
const TIMEOUT: Duration = Duration::from_secs(20);

/// Resident memory of the engine in MiB (`VmRSS`), where `/proc` says.
fn resident_mib(engine: &EngineProcess) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", engine.id())).ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().next()?.parse().ok()?;
    Some(kib / 1024)
}

/// The engine holds far less than the table it was asked for: the table's
/// pages are not written on the protocol thread.
fn assert_not_written(engine: &EngineProcess) {
    if let Some(mib) = resident_mib(engine) {
        assert!(mib < 1024, "{mib} MiB resident after a huge hash request");
    }
}

#[test]
fn uci_hash_at_the_advertised_maximum() {
    let mut engine = EngineProcess::start();
    engine.send("uci");
    engine.read_until(TIMEOUT, |l| l == "uciok");
    engine.send("setoption name Hash value 65536");
    engine.send("isready");
    let lines = engine.read_until(TIMEOUT, |l| l == "readyok");
    assert!(
        lines.iter().all(|l| !l.contains("error")),
        "the maximum is a valid value: {lines:?}"
    );
    assert_not_written(&engine);
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4");
    engine.send("go depth 5");
    engine.expect_prefix("bestmove", TIMEOUT);
    engine.send("isready");
    engine.read_until(TIMEOUT, |l| l == "readyok");
    assert_not_written(&engine);
}

#[test]
fn uci_hash_beyond_the_machine_is_lowered_with_a_message() {
    let mut engine = EngineProcess::start();
    engine.send("uci");
    engine.read_until(TIMEOUT, |l| l == "uciok");
    engine.send("setoption name Hash value 65536");
    engine.send("isready");
    let lines = engine.read_until(TIMEOUT, |l| l == "readyok");
    let available_gib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            let line = m.lines().find_map(|l| l.strip_prefix("MemAvailable:"))?;
            line.split_whitespace().next()?.parse::<u64>().ok()
        })
        .map(|kib| kib >> 20);
    // Where 64 GiB is clearly more than three quarters of what is free,
    // the engine says what it uses instead.
    if available_gib.is_some_and(|gib| gib < 80) {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string Hash 65536 MiB") && l.contains("using")),
            "no message about the lowered size: {lines:?}"
        );
    }
}

#[test]
fn ucci_hashsize_at_the_advertised_maximum() {
    let mut engine = EngineProcess::start();
    engine.send("ucci");
    engine.read_until(TIMEOUT, |l| l == "ucciok");
    engine.send("setoption hashsize 65536");
    engine.send("isready");
    engine.read_until(TIMEOUT, |l| l == "readyok");
    assert_not_written(&engine);
    engine.send("setoption newgame");
    engine.send("position startpos");
    engine.send("go depth 5");
    engine.expect_prefix("bestmove", TIMEOUT);
    assert_not_written(&engine);
}

#[test]
fn xboard_memory_far_beyond_the_machine() {
    let mut engine = EngineProcess::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.read_until(TIMEOUT, |l| l == "feature done=1");
    engine.send("memory 99999999999");
    engine.send("ping 1");
    let lines = engine.read_until(TIMEOUT, |l| l == "pong 1");
    assert!(lines.iter().all(|l| !l.starts_with("Error")), "{lines:?}");
    assert_not_written(&engine);
    engine.send("new");
    engine.send("sd 5");
    engine.send("usermove e2e4");
    engine.expect_prefix("move ", TIMEOUT);
    assert_not_written(&engine);
}
