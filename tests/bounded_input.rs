//! Input that must not take the engine down: a perft deeper than any
//! recursion can hold, a perft that runs until stopped, and files that
//! never end or are far too large (`/dev/zero`, a 3 GB file of zeros) named
//! in `EvalFile` or on the command line. The engine answers with a message,
//! keeps serving, and plays on with what it had.

mod common;

use common::EngineProcess;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(30);
const HUGE: &str = "9999999999999999999";

fn starts(prefix: &'static str) -> impl Fn(&str) -> bool {
    move |line| line.starts_with(prefix)
}

#[test]
fn uci_perft_is_capped_answers_isready_and_stops() {
    let mut engine = EngineProcess::start_uci_variant("chess", LIMIT);
    engine.send(&format!("go perft {HUGE}"));
    let note = engine.read_until(LIMIT, starts("info string error: perft depth"));
    assert!(note.last().unwrap().contains("maximum 64"), "{note:?}");
    engine.send("isready");
    engine.read_until(LIMIT, |l| l == "readyok");
    engine.send("stop");
    engine.read_until(LIMIT, starts("info string perft stopped"));
    engine.send("go perft 300");
    engine.send("stop");
    engine.read_until(LIMIT, starts("info string perft stopped"));
    engine.send("go perft 2");
    let lines = engine.read_until(LIMIT, starts("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 400");
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 21);
    // `quit` ends a running perft.
    engine.send("go perft 64");
    engine.send("quit");
    assert!(engine.close_and_wait(LIMIT));
}

#[test]
fn ucci_perft_is_capped_answers_isready_and_stops() {
    let mut engine = EngineProcess::start();
    engine.send("ucci");
    engine.read_until(LIMIT, |l| l == "ucciok");
    engine.send(&format!("go perft {HUGE}"));
    engine.read_until(LIMIT, starts("info message error: perft depth"));
    engine.send("isready");
    engine.read_until(LIMIT, |l| l == "readyok");
    engine.send("stop");
    engine.read_until(LIMIT, starts("info message perft stopped"));
    engine.send("go perft 2");
    let lines = engine.read_until(LIMIT, starts("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 1920");
    engine.send("go perft 64");
    engine.send("quit");
    engine.read_until(LIMIT, |l| l == "bye");
    assert!(engine.close_and_wait(LIMIT));
}

#[test]
fn xboard_perft_is_capped_answers_ping_and_stops() {
    let mut engine = EngineProcess::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.read_until(LIMIT, |l| l == "feature done=1");
    engine.send(&format!("perft {HUGE}"));
    engine.read_until(LIMIT, starts("# perft depth"));
    engine.send("ping 1");
    engine.read_until(LIMIT, |l| l == "pong 1");
    engine.send("?");
    engine.send("ping 2");
    let lines = engine.read_until(LIMIT, |l| l == "pong 2");
    assert!(
        lines.iter().any(|l| l.starts_with("# perft stopped")),
        "the stop comes before the pong: {lines:?}"
    );
    engine.send("perft 2");
    let lines = engine.read_until(LIMIT, starts("# Nodes searched"));
    assert_eq!(lines.last().unwrap(), "# Nodes searched: 400");
    engine.send("perft 64");
    engine.send("force");
    engine.send("ping 3");
    engine.read_until(LIMIT, |l| l == "pong 3");
    engine.send("perft 64");
    engine.send("quit");
    assert!(engine.close_and_wait(LIMIT));
}

/// A sparse file of `bytes` zeros (no disk is used for them).
fn zeros_file(name: &str, bytes: u64) -> PathBuf {
    let path = std::env::temp_dir().join(format!("timur-{name}-{}", std::process::id()));
    std::fs::File::create(&path)
        .and_then(|f| f.set_len(bytes))
        .unwrap();
    path
}

#[test]
fn endless_or_huge_eval_files_are_refused_and_the_network_kept() {
    let huge = zeros_file("zeros3g", 3 << 30);
    let mut engine = EngineProcess::start_uci_variant("chess", LIMIT);
    engine.send("eval");
    let before = engine.sync();
    assert!(before.iter().any(|l| l.contains("NNUE")), "{before:?}");
    for path in ["/dev/zero", huge.to_str().unwrap()] {
        engine.send(&format!("setoption name EvalFile value {path}"));
        let lines = engine.sync();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error:") && l.contains(path)),
            "{path}: {lines:?}"
        );
        engine.send("eval");
        assert_eq!(engine.sync(), before, "{path}: the network changed");
    }
    engine.send("go depth 4");
    engine.read_until(LIMIT, starts("bestmove"));
    std::fs::remove_file(huge).unwrap();
}

fn timur(args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_timur"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn subcommands_refuse_endless_files() {
    let out = std::env::temp_dir().join(format!("timur-scaled-{}", std::process::id()));
    let out = out.to_str().unwrap();
    for args in [
        vec!["perft-suite", "/dev/zero"],
        vec![
            "nnue",
            "scale",
            "--net",
            "/dev/zero",
            "--factor",
            "1",
            "--out",
            out,
        ],
        vec![
            "match",
            "--engine",
            "cmd=/bin/true",
            "--engine",
            "cmd=/bin/true",
            "--nodes",
            "10",
            "--openings",
            "/dev/zero",
        ],
    ] {
        let (ok, stderr) = timur(&args);
        assert!(!ok, "{args:?}");
        assert!(stderr.contains("/dev/zero"), "{args:?}: {stderr}");
    }
    assert!(!std::path::Path::new(out).exists());
}
