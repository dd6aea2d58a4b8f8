//! Syzygy probing with real tables: set `TIMUR_SYZYGY` to a folder with
//! the 3- and 4-piece tables (`scripts/syzygy_tables.sh` makes them; a
//! downloaded set works the same). Without it each test says on stderr
//! that it was skipped and why (written past the test harness's capture).
//!
//! Checked: `timur tb probe` against values python-chess's `chess.syzygy`
//! gave for the same positions (en passant included); the root keeps only
//! winning moves and reports Stockfish's `cp 20000` with `tbhits`, in chess
//! and in Chess960, also ranked by WDL alone when no DTZ file is there; a
//! won KRvK is mated in self-play within the fifty-move rule; a table draw
//! is reported as `cp 0`.

mod common;

use common::{bestmove_of, EngineProcess};
use std::io::Write;
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;
use timur::variants::chess::syzygy::position_probe::{probe, Probed};
use timur::variants::chess::syzygy::Syzygy;
use timur::variants::chess::Chess;
use timur::variants::{Notation, Variant};
use timur_search::Game;

const SECONDS: Duration = Duration::from_secs(60);

/// The tables' folder, or `None` after saying on stderr why the test is
/// skipped.
fn tables(test: &str) -> Option<String> {
    match std::env::var("TIMUR_SYZYGY") {
        Ok(dir) if !dir.is_empty() => Some(dir),
        _ => {
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED {test}: set TIMUR_SYZYGY to a folder of 3-4 piece Syzygy tables \
                 (RTBGEN=/path/to/rtbgen scripts/syzygy_tables.sh DIR)"
            );
            None
        }
    }
}

/// Plays the engine's answer `best` in `fen` and asserts the tables see
/// the side that moved still winning.
fn assert_keeps_the_win(tables: &Syzygy, fen: &str, best: &str) {
    let mut pos = Chess::from_fen(fen).unwrap();
    let mv = pos
        .parse_move(&bestmove_of(best), Notation::default())
        .unwrap();
    pos.make_move(mv);
    assert_eq!(
        probe(tables, &pos).map(|p| p.wdl),
        Ok(-2),
        "{best} keeps the win"
    );
}

/// The tables of `dir`, loaded once for the tests of this process (the
/// prober holds one set per process).
fn loaded(dir: &str) -> &'static Syzygy {
    static TABLES: OnceLock<Syzygy> = OnceLock::new();
    TABLES.get_or_init(|| Syzygy::load(dir).unwrap().0)
}

/// An engine with `SyzygyPath` set to `dir`, checked to have loaded.
fn engine_with(dir: &str) -> EngineProcess {
    let mut engine = EngineProcess::start();
    engine.send("uci");
    engine.read_until(SECONDS, |l| l == "uciok");
    engine.send(&format!("setoption name SyzygyPath value {dir}"));
    let said = engine.sync().join("\n");
    assert!(
        said.starts_with("info string Syzygy: ") && said.contains("DTZ files found"),
        "{said}"
    );
    engine
}

/// The last `info` line with a score, and the `bestmove` line, of a
/// search of `fen`.
fn search(engine: &mut EngineProcess, fen: &str, go: &str) -> (String, String) {
    engine.send(&format!("position fen {fen}"));
    engine.send(go);
    let lines = engine.read_until(SECONDS, |l| l.starts_with("bestmove"));
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .cloned()
        .unwrap_or_default();
    (info, lines.last().cloned().unwrap_or_default())
}

#[test]
fn probes_agree_with_python_chess() {
    let Some(dir) = tables("probes_agree_with_python_chess") else {
        return;
    };
    let tables = loaded(&dir);
    // (FEN, python-chess's probe_wdl, probe_dtz)
    let known = [
        ("8/8/8/8/8/5k2/8/K3R3 w - - 0 1", 2, 25),
        ("8/8/8/8/8/5k2/8/K3R3 b - - 0 1", -2, -28),
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", -2, -1),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0, 0),
        ("8/8/4k3/8/8/8/3KP3/8 w - - 0 1", 0, 0),
        ("8/8/8/8/3pP3/8/8/k1K5 b - e3 0 1", 0, 0),
        ("8/8/8/8/3pP3/8/8/k1K5 b - - 0 1", -2, -1),
        ("8/8/8/8/8/2k5/8/1K1Q3q w - - 0 1", 2, 1),
    ];
    for (fen, wdl, dtz) in known {
        let pos = Chess::from_fen(fen).unwrap();
        assert_eq!(
            probe(tables, &pos),
            Ok(Probed {
                wdl,
                dtz: Some(dtz)
            }),
            "{fen}"
        );
    }
    let castling = Chess::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert!(probe(tables, &castling).unwrap_err().contains("castling"));

    let out = Command::new(env!("CARGO_BIN_EXE_timur"))
        .args(["tb", "probe", "--path", &dir, "--fen", known[1].0])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "wdl -2 dtz -28\n");
}

#[test]
fn the_root_keeps_the_win_and_says_so() {
    let Some(dir) = tables("the_root_keeps_the_win_and_says_so") else {
        return;
    };
    let tables = loaded(&dir);
    let mut engine = engine_with(&dir);
    let fen = "8/8/8/8/8/5k2/8/K3R3 w - - 0 1";
    let (info, best) = search(&mut engine, fen, "go depth 8");
    assert!(info.contains(" score cp 20000 "), "{info}");
    let tbhits: u64 = info
        .split_whitespace()
        .skip_while(|w| *w != "tbhits")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(tbhits > 1, "{info}");
    assert_keeps_the_win(tables, fen, &best);

    let (info, _) = search(&mut engine, "8/8/4k3/8/8/8/3KP3/8 w - - 0 1", "go depth 8");
    assert!(info.contains(" score cp 0 "), "a table draw: {info}");

    engine.send("setoption name UCI_Chess960 value true");
    let (info, _) = search(&mut engine, "8/8/8/8/8/5k2/8/K3R3 w - - 0 1", "go depth 6");
    assert!(info.contains(" score cp 20000 "), "Chess960: {info}");
}

#[test]
fn without_dtz_files_the_root_is_ranked_by_wdl() {
    let Some(dir) = tables("without_dtz_files_the_root_is_ranked_by_wdl") else {
        return;
    };
    let wdl_only = std::env::temp_dir().join(format!("timur-syzygy-wdl-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&wdl_only);
    std::fs::create_dir_all(&wdl_only).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let name = entry.file_name();
        if name.to_string_lossy().ends_with(".rtbw") {
            std::os::unix::fs::symlink(entry.path(), wdl_only.join(name)).unwrap();
        }
    }
    let mut engine = EngineProcess::start();
    engine.send("uci");
    engine.read_until(SECONDS, |l| l == "uciok");
    engine.send(&format!(
        "setoption name SyzygyPath value {}",
        wdl_only.display()
    ));
    let said = engine.sync().join("\n");
    assert!(said.contains(" WDL and 0 DTZ files found"), "{said}");
    let fen = "8/8/8/8/8/5k2/8/K3R3 w - - 0 1";
    let (info, best) = search(&mut engine, fen, "go depth 8");
    assert!(info.contains(" score cp 20000 "), "{info}");
    assert_keeps_the_win(loaded(&dir), fen, &best);
    std::fs::remove_dir_all(&wdl_only).unwrap();
}

#[test]
fn won_krk_is_mated_within_fifty_moves() {
    let Some(dir) = tables("won_krk_is_mated_within_fifty_moves") else {
        return;
    };
    let mut engine = engine_with(&dir);
    let start = "8/8/8/3k4/8/8/8/K6R w - - 0 1";
    let mut moves: Vec<String> = Vec::new();
    let mut pos = Chess::from_fen(start).unwrap();
    while moves.len() < 100 {
        engine.send(&format!("position fen {start} moves {}", moves.join(" ")));
        engine.send("go depth 6");
        let best = bestmove_of(&engine.expect_prefix("bestmove", SECONDS));
        if best == "(none)" {
            break;
        }
        let mv = pos.parse_move(&best, Notation::default()).unwrap();
        pos.make_move(mv);
        moves.push(best);
    }
    let mut legal = timur_search::MoveList::new();
    pos.legal_moves(&mut legal);
    assert!(
        legal.is_empty() && pos.in_check(),
        "no mate in {} plies: {}",
        moves.len(),
        moves.join(" ")
    );
}
