//! Tamerlane's network pipeline: the incremental accumulators equal a
//! refresh after every kind of move and take-back, and a tiny datagen →
//! train → `EvalFile` round trip through the binary plays with the network
//! (its headed data file refused by another game's tools).

mod common;

use common::{bestmove_of, EngineProcess};
use std::collections::HashSet;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;
use timur::nnue::features::Features;
use timur::nnue::network::Network;
use timur::rng::Rng;
use timur::variants::tamerlane::types::{last_rank, rank_of, Kind, Move, MoveKind, L2};
use timur::variants::tamerlane::Tamerlane;
use timur::variants::Variant;
use timur_search::{Game, MoveList};

/// The start positions of tests/data/perft/tamerlane.perft (each rule's
/// hand-built position among them).
fn perft_positions() -> Vec<String> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft/tamerlane.perft"),
    )
    .unwrap();
    text.lines()
        .filter_map(|line| line.strip_prefix("epd "))
        .map(str::to_string)
        .collect()
}

/// A network with small pseudo-random weights, so every feature matters.
fn noisy_network() -> Arc<Network> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |range: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % (2 * range + 1)) as i16 - range as i16
    };
    let mut net = Network::zeros_bucketed(Tamerlane::FEATURES, 32, 4);
    net.feature_weights.iter_mut().for_each(|w| *w = next(50));
    net.feature_bias.iter_mut().for_each(|w| *w = next(50));
    net.output_weights.iter_mut().for_each(|w| *w = next(80));
    Arc::new(net)
}

/// What a move does, for the record of which kinds were tried.
fn label(pos: &Tamerlane, mv: Move) -> String {
    let Some((color, kind)) = pos.piece_at(mv.from) else {
        return format!("{:?}", mv.kind);
    };
    let capture =
        mv.kind == MoveKind::Normal && pos.piece_at(mv.to).is_some_and(|(other, _)| other != color);
    let last = mv.to < L2 && kind.is_pawn() && rank_of(mv.to) == last_rank(color);
    match (mv.kind, capture, last) {
        (MoveKind::Normal, _, true) if kind == Kind::PawnPawn => {
            "pawn of pawns arrives".to_string()
        }
        (MoveKind::Normal, _, true) if kind == Kind::PawnKing => "prince".to_string(),
        (MoveKind::Normal, _, true) => "promotion".to_string(),
        (MoveKind::Normal, true, _) => "capture".to_string(),
        (other, _, _) => format!("{other:?}"),
    }
}

#[test]
fn accumulators_follow_every_kind_of_move_and_take_back() {
    let network = noisy_network();
    let mut seen = HashSet::new();
    let mut rng = Rng::new(7);
    for tfen in perft_positions() {
        let mut pos = Tamerlane::from_fen(&tfen).unwrap();
        pos.attach_network(Some(network.clone()));
        // Every move of the position, made and taken back.
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &mv in moves.iter() {
            seen.insert(label(&pos, mv));
            pos.make_move(mv);
            assert!(pos.accumulators_match_refresh(), "{tfen}: {mv:?}");
            pos.evaluate();
            pos.unmake_move(mv);
            assert!(pos.accumulators_match_refresh(), "{tfen}: back {mv:?}");
        }
        // Random lines with take-backs, evaluating here and there (the
        // lazy accumulators brought up to date mid-line).
        for _ in 0..4 {
            let mut played = Vec::new();
            for _ in 0..60 {
                if rng.below(3) == 0 {
                    pos.evaluate();
                }
                if rng.below(4) == 0 && !played.is_empty() {
                    pos.unmake_move(played.pop().unwrap());
                } else {
                    let mut moves = MoveList::new();
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len() as u64) as usize];
                    seen.insert(label(&pos, mv));
                    pos.make_move(mv);
                    played.push(mv);
                }
                assert!(pos.accumulators_match_refresh(), "{tfen}: {played:?}");
            }
            // The same pieces with accumulators from scratch.
            let mut fresh = pos.clone();
            fresh.attach_network(Some(network.clone()));
            assert_eq!(pos.evaluate(), fresh.evaluate(), "{tfen}: {played:?}");
            while let Some(mv) = played.pop() {
                pos.unmake_move(mv);
            }
            assert!(pos.accumulators_match_refresh());
        }
    }
    for kind in [
        "capture",
        "promotion",
        "prince",
        "pawn of pawns arrives",
        "Relocation",
        "RoyalSwap",
        "CitadelDraw",
        "CitadelSwapPrince",
        "CitadelSwapAdv",
    ] {
        assert!(seen.contains(kind), "never played: {kind} (seen {seen:?})");
    }
}

/// Runs `timur nnue …`; its stdout, or its stderr as the error.
fn nnue(args: &[&str]) -> Result<String, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_timur"))
        .arg("nnue")
        .args(args)
        .output()
        .unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    if out.status.success() {
        Ok(text(&out.stdout))
    } else {
        Err(text(&out.stderr))
    }
}

#[test]
fn self_play_trains_a_network_the_engine_plays_with() {
    let dir = std::env::temp_dir().join(format!("timur-tamerlane-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("tamerlane.bin");
    let net = dir.join("tamerlane.tmnn");
    let (data_path, net_path) = (data.to_str().unwrap(), net.to_str().unwrap());
    let made = nnue(&[
        "datagen",
        "--variant",
        "tamerlane",
        "--games",
        "3",
        "--nodes",
        "300",
        "--random-plies",
        "4",
        "--max-plies",
        "60",
        "--hash",
        "1",
        "--out",
        data_path,
    ])
    .unwrap();
    assert!(made.starts_with("3 games"), "{made}");
    let bytes = std::fs::read(&data).unwrap();
    assert_eq!(&bytes[4..8], b"TMRC", "a headed file");
    assert_eq!((bytes.len() - 16) % 80, 0);
    // Another game's tools refuse the file by its header.
    let why = nnue(&[
        "datagen",
        "--variant",
        "chess",
        "--games",
        "1",
        "--nodes",
        "100",
        "--out",
        data_path,
    ])
    .unwrap_err();
    assert!(why.contains("tamerlane records"), "{why}");
    let why = nnue(&[
        "train",
        "--variant",
        "chess",
        "--data",
        data_path,
        "--out",
        net_path,
    ])
    .unwrap_err();
    assert!(why.contains("holds tamerlane records"), "{why}");
    let why = nnue(&[
        "train",
        "--variant",
        "tamerlane",
        "--data",
        data_path,
        "--mirror",
        "--out",
        net_path,
    ])
    .unwrap_err();
    assert!(why.contains("no mirror"), "{why}");
    let trained = nnue(&[
        "train",
        "--variant",
        "tamerlane",
        "--data",
        data_path,
        "--hidden",
        "16",
        "--epochs",
        "1",
        "--batch",
        "64",
        "--out",
        net_path,
    ])
    .unwrap();
    assert!(trained.contains("wrote"), "{trained}");
    let compared = nnue(&[
        "compare", "--net", net_path, "--data", data_path, "--count", "50",
    ]);
    // A network of one epoch may score every position alike; the
    // comparison either reports or says why not, never fails to read.
    if let Err(why) = &compared {
        assert!(why.contains("no position to compare"), "{why}");
    }
    let seconds = Duration::from_secs(60);
    let mut engine = EngineProcess::start_uci_variant("tamerlane", seconds);
    engine.send(&format!("setoption name EvalFile value {net_path}"));
    let errors = engine.sync();
    assert!(errors.is_empty(), "{errors:?}");
    engine.send("position startpos");
    engine.send("eval");
    let lines = engine.read_until(seconds, |l| l.starts_with("Final evaluation"));
    assert!(
        lines.iter().any(|l| l.starts_with("NNUE evaluation")),
        "{lines:?}"
    );
    engine.send("go nodes 500");
    let best = engine.expect_prefix("bestmove", seconds);
    assert_ne!(bestmove_of(&best), "(none)");
    std::fs::remove_dir_all(&dir).unwrap();
}
