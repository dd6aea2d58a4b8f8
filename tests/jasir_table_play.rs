//! `timur solve --save` and the engine's `JasirTable` option: with a table,
//! `go` plays the solved best move at once, with its exact score; the
//! endgame sets of `timur solve --archers N`.

mod common;

use common::EngineProcess;
use std::process::Command;
use std::time::Duration;
use timur::variants::jasir::solver::homes::home_positions;
use timur::variants::jasir::solver::{solve, SolveOutcome};
use timur::variants::jasir::{Jasir, Rules};
use timur::variants::{Notation, Variant};

const SECONDS: Duration = Duration::from_secs(60);

#[test]
fn solved_positions_are_played_from_the_table() {
    let fen = "ss3/5/5/5/S3S w 0/0 -/- 0 1";
    let dir = std::env::temp_dir().join(format!("timur-jasir-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("jasir.tbl");
    let out = Command::new(env!("CARGO_BIN_EXE_timur"))
        .args(["solve", "--variant", "jasir", "--fen", fen, "--save"])
        .arg(&table)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("result: ") && text.contains("best move: "),
        "{text}"
    );

    let pos = Jasir::from_fen_for(fen, Rules::Jasir).unwrap();
    let SolveOutcome::Solved(solution) = solve(&pos, &mut |_| {}) else {
        panic!("small position solves")
    };
    let best = pos.format_move(solution.best.unwrap(), Notation::default());
    assert!(text.contains(&format!("best move: {best}")), "{text}");

    let mut engine = EngineProcess::start();
    engine.send("setoption name UCI_Variant value jasir");
    engine.send(&format!(
        "setoption name JasirTable value {}",
        table.display()
    ));
    engine.send(&format!("position fen {fen}"));
    engine.send("go depth 20");
    let line = engine.expect_prefix("bestmove", SECONDS);
    assert_eq!(line, format!("bestmove {best}"));
    assert!(
        engine.transcript.iter().any(|l| l.contains(" score mate ")),
        "{}",
        engine.transcript.join("\n")
    );
    // A bad table path is an error line; the engine keeps serving.
    engine.send("setoption name JasirTable value /nonexistent/table");
    let lines = engine.sync();
    assert!(
        lines.iter().any(|l| l.starts_with("info string error:")),
        "{}",
        lines.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_refuses_other_games_and_too_large_positions() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_timur"))
            .args(args)
            .output()
            .unwrap()
    };
    let chess = run(&["solve", "--variant", "chess"]);
    assert!(!chess.status.success());
    assert!(String::from_utf8_lossy(&chess.stderr).contains("jasir and jarmo"));
    let big = run(&["solve", "--variant", "jarmo", "--max-positions", "1000"]);
    assert!(!big.status.success());
    assert!(String::from_utf8_lossy(&big.stderr).contains("not solved"));
}

#[test]
fn endgame_sets_from_the_shell() {
    let dir = std::env::temp_dir().join(format!("timur-jasir-sets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("jasir3.tbl");
    let out = Command::new(env!("CARGO_BIN_EXE_timur"))
        .args(["solve", "--variant", "jasir", "--archers", "3", "--save"])
        .arg(&table)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    // solved in place: a line per step (4 thresholds × 9 splits), then
    // each split's time over all thresholds, fewest archers first, with
    // the splits in which a side is eliminated
    let steps = text.lines().filter(|l| l.starts_with("threshold ")).count();
    assert_eq!(steps, 36, "{text}");
    let splits: Vec<&str> = text
        .lines()
        .filter(|l| l.ends_with("over all thresholds"))
        .filter_map(|l| l.split_once(':').map(|(split, _)| split))
        .collect();
    assert_eq!(
        splits,
        [
            "1 against 0",
            "0 against 1",
            "2 against 0",
            "1 against 1",
            "0 against 2",
            "3 against 0",
            "2 against 1",
            "1 against 2",
            "0 against 3"
        ],
        "{text}"
    );
    // the graph solver (--graph), most archers first, gives every slot the
    // same value and distance
    let graph = dir.join("jasir3-graph.tbl");
    let out = Command::new(env!("CARGO_BIN_EXE_timur"))
        .args([
            "solve",
            "--variant",
            "jasir",
            "--archers",
            "3",
            "--graph",
            "--save",
        ])
        .arg(&graph)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let first = text.lines().next().unwrap_or_default();
    assert!(first.starts_with("0 against 3: "), "{text}");
    let out = Command::new(env!("CARGO_BIN_EXE_timur"))
        .args(["solve", "--compare"])
        .arg(&graph)
        .arg(&table)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("49718 slots compared: 0 with another value or distance"),
        "{text}"
    );
    // the saved (compact) table knows every home position as solving it
    // alone does
    let loaded = timur::variants::jasir::solver::CompactTable::load(&table).unwrap();
    for (white, black) in [(1, 1), (1, 2), (2, 1)] {
        for root in home_positions(Rules::Jasir, white, black) {
            let SolveOutcome::Solved(alone) = solve(&root, &mut |_| {}) else {
                panic!("small position solves")
            };
            let entry = loaded.probe(&root).expect("home position in the table");
            assert_eq!(
                (entry.outcome, entry.plies, entry.best),
                (alone.outcome, alone.plies, alone.best),
                "{}",
                root.to_fen()
            );
        }
    }
    // the engine loads it with `JasirTable` and plays its move at once
    let root = &home_positions(Rules::Jasir, 2, 1)[0];
    let best = loaded.probe(root).unwrap().best.unwrap();
    let mut engine = EngineProcess::start();
    engine.send("setoption name UCI_Variant value jasir");
    engine.send(&format!(
        "setoption name JasirTable value {}",
        table.display()
    ));
    engine.send(&format!("position fen {}", root.to_fen()));
    engine.send("go depth 20");
    let line = engine.expect_prefix("bestmove", SECONDS);
    assert_eq!(
        line,
        format!("bestmove {}", root.format_move(best, Notation::default()))
    );
    assert!(
        engine.transcript.iter().any(|l| l.contains(" score mate ")),
        "{}",
        engine.transcript.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);

    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_timur"))
            .args(args)
            .output()
            .unwrap()
    };
    let one = run(&["solve", "--variant", "jasir", "--archers", "1"]);
    assert!(!one.status.success());
    assert!(String::from_utf8_lossy(&one.stderr).contains("at least 2"));
    let both = run(&[
        "solve",
        "--variant",
        "jasir",
        "--archers",
        "4",
        "--fen",
        "ss3/5/5/5/SS3 w 0/0",
    ]);
    assert!(!both.status.success());
    assert!(String::from_utf8_lossy(&both.stderr).contains("not both"));
}

/// The `tbhits` and the score of the last `info … pv` line in `lines`.
fn last_search_info(lines: &[String]) -> (u64, String) {
    let line = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth") && l.contains(" pv "))
        .unwrap_or_else(|| panic!("no info line: {lines:?}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| {
        let at = words.iter().position(|w| *w == key).unwrap();
        words[at + 1..].join(" ")
    };
    let tbhits = after("tbhits")
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let score: Vec<String> = after("score")
        .split_whitespace()
        .take(2)
        .map(String::from)
        .collect();
    (tbhits, score.join(" "))
}

#[test]
fn the_search_probes_the_tables_below_the_root() {
    let dir = std::env::temp_dir().join(format!("timur-jasir-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let solve_to = |fen: &str, name: &str| {
        let table = dir.join(name);
        let out = Command::new(env!("CARGO_BIN_EXE_timur"))
            .args(["solve", "--variant", "jasir", "--fen", fen, "--save"])
            .arg(&table)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        table
    };
    let fen = "ss3/5/5/5/S3S w 0/0 -/- 0 1";
    let first = solve_to(fen, "first.tbl");
    let second = solve_to("s4/5/5/5/SS3 w 0/0 -/- 0 1", "second.tbl");
    let mut engine = EngineProcess::start_uci_variant("jasir", SECONDS);
    engine.send(&format!(
        "setoption name JasirTable value {}:{}",
        second.display(),
        first.display()
    ));
    let lines = engine.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string 2 solved table(s)")),
        "{lines:?}"
    );
    // At the root the table answers at once, with its move and score.
    engine.send(&format!("position fen {fen}"));
    engine.send("go depth 6");
    let lines = engine.read_until(SECONDS, |l| l.starts_with("bestmove"));
    let best = common::bestmove_of(lines.last().unwrap());
    let (hits, table_score) = last_search_info(&lines);
    assert_eq!(hits, 1);
    assert!(table_score.starts_with("mate "), "{lines:?}");
    // A search restricted to that move probes the tables below the root and
    // finds the same exact score.
    engine.send(&format!("go depth 6 searchmoves {best}"));
    let lines = engine.read_until(SECONDS, |l| l.starts_with("bestmove"));
    let (hits, score) = last_search_info(&lines);
    assert!(hits > 0, "{lines:?}");
    assert_eq!(score, table_score, "{lines:?}");
    // Without tables the same search probes nothing.
    engine.send("setoption name JasirTable value <empty>");
    engine.send(&format!("go depth 6 searchmoves {best}"));
    let lines = engine.read_until(SECONDS, |l| l.starts_with("bestmove"));
    assert_eq!(last_search_info(&lines).0, 0, "{lines:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
