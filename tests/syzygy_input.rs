//! The Syzygy options without real tables: the four options are listed
//! with Stockfish's names and defaults, bad values are refused, and a bad
//! `SyzygyPath` (a missing folder, a truncated or foreign `.rtbw` file, a
//! thousand folders) is a clear `info string` after which the engine still
//! plays; XBoard's `egtpath syzygy` reports it as an error line.

mod common;

use common::{bestmove_of, EngineProcess};
use std::path::PathBuf;
use std::time::Duration;

const SECONDS: Duration = Duration::from_secs(30);

/// A fresh folder for this test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("timur-syzygy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Sets `SyzygyPath` to `value` and returns the engine's lines about it.
fn set_path(engine: &mut EngineProcess, value: &str) -> String {
    engine.send(&format!("setoption name SyzygyPath value {value}"));
    engine.sync().join("\n")
}

/// Plays one search in a KRvK position and checks a legal answer came.
fn still_plays(engine: &mut EngineProcess) {
    engine.send("position fen 8/8/8/8/8/5k2/8/K3R3 w - - 0 1");
    engine.send("go depth 3");
    let best = engine.expect_prefix("bestmove", SECONDS);
    assert_ne!(bestmove_of(&best), "(none)", "{best}");
}

#[test]
fn options_are_listed_as_stockfish_names_them() {
    let mut engine = EngineProcess::start();
    engine.send("uci");
    let lines = engine.read_until(SECONDS, |l| l == "uciok");
    for option in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name Syzygy50MoveRule type check default true",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
    ] {
        assert!(
            lines.iter().any(|l| l == option),
            "`{option}` missing: {lines:?}"
        );
    }
    for (name, value) in [
        ("SyzygyProbeDepth", "0"),
        ("SyzygyProbeLimit", "8"),
        ("Syzygy50MoveRule", "maybe"),
    ] {
        engine.send(&format!("setoption name {name} value {value}"));
        let said = engine.sync().join("\n");
        assert!(said.contains("info string error"), "{name} {value}: {said}");
    }
    engine.send("setoption name SyzygyProbeLimit value 5");
    engine.send("setoption name syzygy50moverule value false");
    assert!(engine.sync().is_empty());
    assert!(set_path(&mut engine, "<empty>").is_empty());
    still_plays(&mut engine);
}

#[test]
fn a_bad_path_is_reported_and_play_goes_on() {
    let mut engine = EngineProcess::start();
    engine.send("uci");
    engine.read_until(SECONDS, |l| l == "uciok");

    let said = set_path(&mut engine, "/no/such/folder");
    assert!(
        said.contains("info string error: no Syzygy WDL table") && said.contains("/no/such/folder"),
        "{said}"
    );
    still_plays(&mut engine);

    let dir = folder("bad");
    let mut truncated = vec![0x71, 0xe8, 0x23, 0x5d];
    truncated.resize(1000, 7);
    std::fs::write(dir.join("KQvK.rtbw"), &truncated).unwrap();
    let mut foreign = b"PK\x03\x04 not a table".to_vec();
    foreign.resize(64 * 3 + 16, 0);
    std::fs::write(dir.join("KRvK.rtbw"), &foreign).unwrap();
    std::fs::write(dir.join("KBvK.rtbw"), b"").unwrap();
    let said = set_path(&mut engine, dir.to_str().unwrap());
    assert!(said.contains("3 file(s) refused"), "{said}");
    for refused in [
        "KQvK.rtbw (1000 bytes, truncated or no table)",
        "KRvK.rtbw (no Syzygy .rtbw magic, no table)",
        "KBvK.rtbw (0 bytes, truncated or no table)",
    ] {
        assert!(said.contains(refused), "{said}");
    }
    still_plays(&mut engine);

    let many: Vec<String> = (0..1000)
        .map(|i| dir.join(format!("missing-{i}")).display().to_string())
        .collect();
    let said = set_path(&mut engine, &many.join(":"));
    assert!(said.contains("in 1000 folder(s)"), "{said}");
    assert!(
        said.contains("1000 folder(s) not read") && said.contains("and 997 more"),
        "{said}"
    );
    assert!(said.len() < 2000, "a short message: {} bytes", said.len());
    still_plays(&mut engine);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn xboard_egtpath_syzygy_sets_the_path() {
    let mut engine = EngineProcess::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until(SECONDS, |l| l == "feature done=1");
    assert!(features[0].contains("egt=\"syzygy\""), "{}", features[0]);
    assert!(
        features
            .iter()
            .any(|l| l.starts_with("feature option=\"SyzygyPath -string")),
        "{features:?}"
    );
    engine.send("egtpath syzygy /no/such/folder");
    engine.send("ping 1");
    let lines = engine.read_until(SECONDS, |l| l == "pong 1");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Error (no Syzygy WDL table")),
        "{lines:?}"
    );
    engine.send("egtpath gaviota /no/such/folder");
    engine.send("ping 2");
    let lines = engine.read_until(SECONDS, |l| l == "pong 2");
    assert_eq!(lines, ["pong 2"], "other formats are not read");
}
