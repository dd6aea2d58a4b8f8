//! `eval` through the binary: the static evaluation as a table of terms per
//! side, then `Final evaluation <pawns> (<first side> side)`, in UCI for
//! every game and in UCCI.

mod common;

use common::EngineProcess;
use std::time::Duration;
use timur::variants::chess::Chess;
use timur::variants::Variant;

const SECONDS: Duration = Duration::from_secs(60);

/// `eval` → the lines up to and including `Final evaluation …`.
fn eval(engine: &mut EngineProcess) -> Vec<String> {
    engine.send("eval");
    let lines = engine.read_until(SECONDS, |l| {
        l.starts_with("Final evaluation") || l.contains("error")
    });
    assert!(
        !lines.last().unwrap().contains("error"),
        "eval refused: {lines:?}"
    );
    lines
}

/// The `Final evaluation` line for a value in centipawns.
fn final_line(cp: i32, side: &str) -> String {
    format!(
        "Final evaluation        {:+.2} ({side} side)",
        f64::from(cp) / 100.0
    )
}

#[test]
fn chess_eval_is_the_hand_written_evaluation_without_nnue() {
    let mut engine = EngineProcess::start_uci_variant("chess", SECONDS);
    engine.send("setoption name UseNNUE value false");
    for fen in [
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    ] {
        engine.send(&format!("position fen {fen}"));
        let lines = eval(&mut engine);
        let pos = Chess::from_fen(fen).unwrap();
        let mover = pos.static_eval();
        let white = if fen.contains(" w ") { mover } else { -mover };
        assert_eq!(lines.last().unwrap(), &final_line(white, "white"), "{fen}");
        for term in ["Material", "Mobility", "King safety", "Sum of the terms"] {
            assert!(
                lines.iter().any(|l| l.trim_start().starts_with(term)),
                "{fen}: no {term} row: {lines:?}"
            );
        }
        assert!(!lines.iter().any(|l| l.starts_with("NNUE")), "{lines:?}");
    }
}

#[test]
fn chess_eval_reports_the_network_when_it_is_on() {
    let mut engine = EngineProcess::start_uci_variant("chess", SECONDS);
    engine.send("setoption name UseNNUE value true");
    engine.send("position fen 4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
    let lines = eval(&mut engine);
    let network = lines
        .iter()
        .find_map(|l| l.strip_prefix("NNUE evaluation"))
        .unwrap_or_else(|| panic!("no NNUE line: {lines:?}"));
    let last = lines.last().unwrap();
    assert_eq!(
        last.strip_prefix("Final evaluation").map(str::trim),
        Some(network.trim())
    );
    // White is a queen up: good for White although Black is to move.
    assert!(network.trim().starts_with('+'), "{lines:?}");
}

#[test]
fn every_game_answers_eval_with_a_table() {
    for variant in common::VARIANTS {
        let mut engine = EngineProcess::start_uci_variant(variant, SECONDS);
        engine.send("position startpos");
        let lines = eval(&mut engine);
        assert!(
            lines
                .iter()
                .any(|l| l.trim_start().starts_with("Material")
                    || l.trim_start().starts_with("Archers")),
            "{variant}: {lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.trim_start().starts_with("Sum of the terms")),
            "{variant}: {lines:?}"
        );
        assert!(
            engine.sync().is_empty(),
            "{variant}: {:?}",
            engine.transcript
        );
    }
}

#[test]
fn ucci_eval_is_seen_from_red() {
    let mut engine = EngineProcess::start();
    engine.send("ucci");
    engine.expect_prefix("ucciok", SECONDS);
    engine.send("position startpos moves h2e2");
    let lines = eval(&mut engine);
    assert!(lines.last().unwrap().ends_with("(red side)"), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("Red")), "{lines:?}");
}
