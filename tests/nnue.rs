//! The networks' accumulators: after any sequence of moves made and taken
//! back (chess: castling both ways, Chess960 included, en passant,
//! promotions, king moves across buckets with a king-bucketed network;
//! xiangqi: captures and general moves, with a
//! plain and a king-bucketed network), the
//! incremental accumulators equal a refresh; and the `EvalFile` option
//! refuses bad files and keeps the engine playing.

mod common;

use common::EngineProcess;
use proptest::prelude::*;
use std::sync::Arc;
use std::time::Duration;
use timur::nnue::features::{FeatureSet, Features};
use timur::nnue::network::{Network, MAX_HIDDEN};
use timur::variants::chess::Chess;
use timur::variants::xiangqi::Xiangqi;
use timur::variants::{Notation, Variant};
use timur_search::{Game, MoveList};

const POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    // Kings free to walk across the buckets and the centre file.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "4k3/1p4p1/8/2n5/5B2/8/1P4P1/3K4 w - - 0 1",
    // Chess960, king on b1/b8 with rooks on a and h.
    "rkbbnnqr/pppppppp/8/8/8/8/PPPPPPPP/RKBBNNQR w HAha - 0 1",
];

/// A network with small pseudo-random weights, so every feature matters.
fn noisy_network() -> Arc<Network> {
    noisy(Chess::FEATURES, 128)
}

/// A king-bucketed chess network with pseudo-random weights.
fn noisy_bucketed() -> Arc<Network> {
    noisy(Chess::BUCKETED.unwrap(), 64)
}

/// `hidden` neurons per perspective: both the smaller and the largest size
/// are walked through games below.
fn noisy(features: FeatureSet, hidden: usize) -> Arc<Network> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |range: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % (2 * range + 1)) as i16 - range as i16
    };
    // Four output buckets: captures change the bucket along a line.
    let mut net = Network::zeros_bucketed(features, hidden, 4);
    net.feature_weights.iter_mut().for_each(|w| *w = next(50));
    net.feature_bias.iter_mut().for_each(|w| *w = next(50));
    net.output_weights.iter_mut().for_each(|w| *w = next(80));
    net.output_bias
        .iter_mut()
        .for_each(|b| *b = i32::from(next(80)) * 100);
    Arc::new(net)
}

/// Plays `choices` on `pos` (each a move to make, or a take-back, and
/// whether to evaluate first: the lazy accumulators are then brought up to
/// date at that point of the line) and checks after every step that
/// `matches` holds.
fn walk<G: Game>(
    pos: &mut G,
    choices: &[(u16, bool, bool)],
    matches: impl Fn(&G) -> bool,
) -> Result<(), TestCaseError> {
    let mut played = Vec::new();
    for &(choice, back, evaluate) in choices {
        if evaluate {
            pos.evaluate();
        }
        if back && !played.is_empty() {
            let mv = played.pop().unwrap();
            pos.unmake_move(mv);
        } else {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                continue;
            }
            let mv = moves[choice as usize % moves.len()];
            pos.make_move(mv);
            played.push(mv);
        }
        prop_assert!(matches(pos), "after {:?}", played);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn accumulators_follow_make_and_unmake(
        start in 0..POSITIONS.len(),
        choices in proptest::collection::vec((any::<u16>(), any::<bool>(), any::<bool>()), 1..60),
    ) {
        let mut pos = Chess::from_fen(POSITIONS[start]).unwrap();
        pos.attach_network(Some(noisy_network()));
        walk(&mut pos, &choices, Chess::accumulators_match_refresh)?;
        let fresh = {
            let mut copy = Chess::from_fen(&pos.to_fen()).unwrap();
            copy.attach_network(Some(noisy_network()));
            copy.evaluate()
        };
        prop_assert_eq!(pos.evaluate(), fresh);
    }

    #[test]
    fn king_bucketed_accumulators_follow_make_and_unmake(
        start in 0..POSITIONS.len(),
        choices in proptest::collection::vec((any::<u16>(), any::<bool>(), any::<bool>()), 1..80),
    ) {
        let mut pos = Chess::from_fen(POSITIONS[start]).unwrap();
        pos.attach_network(Some(noisy_bucketed()));
        walk(&mut pos, &choices, Chess::accumulators_match_refresh)?;
        let fresh = {
            let mut copy = Chess::from_fen(&pos.to_fen()).unwrap();
            copy.attach_network(Some(noisy_bucketed()));
            copy.evaluate()
        };
        prop_assert_eq!(pos.evaluate(), fresh);
    }
}

/// Every legal move of `pos` matching `pick`, made, checked (before and
/// after evaluating) and taken back; returns how many there were.
fn each_move(
    pos: &mut Chess,
    pick: impl Fn(&Chess, timur::variants::chess::Move) -> bool,
) -> usize {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let picked: Vec<_> = moves.iter().copied().filter(|&mv| pick(pos, mv)).collect();
    for &mv in &picked {
        pos.make_move(mv);
        assert!(pos.accumulators_match_refresh(), "{}: {mv:?}", pos.to_fen());
        pos.evaluate();
        assert!(pos.accumulators_match_refresh(), "{}: {mv:?}", pos.to_fen());
        pos.unmake_move(mv);
        assert!(pos.accumulators_match_refresh(), "back from {mv:?}");
        pos.evaluate();
    }
    picked.len()
}

#[test]
fn a_plain_network_copied_into_every_bucket_evaluates_as_before() {
    // Kings on the same and on opposite halves, and moves that take a
    // king into another bucket (castling long, a king step across the
    // d/e border), through the incremental accumulators.
    let plain = noisy_network();
    let bucketed = Arc::new((*plain).clone().copied_to_buckets(Chess::BUCKETED.unwrap()));
    let lines: [(&str, &[&str]); 3] = [
        (
            "r3k2r/pppq1ppp/2n2n2/8/8/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            &["e1c1", "e8g8", "c1b1"],
        ),
        (
            "6k1/5ppp/8/8/8/8/PPP5/1K6 w - - 0 1",
            &["b1c1", "g8f8", "c1d1", "f8e8", "d1e1"],
        ),
        (
            "8/2k5/8/3p4/3P4/8/5K2/8 b - - 0 1",
            &["c7d6", "f2e3", "d6e6", "e3f4"],
        ),
    ];
    for (fen, moves) in lines {
        let mut one = Chess::from_fen(fen).unwrap();
        one.attach_network(Some(plain.clone()));
        let mut other = one.clone();
        other.attach_network(Some(bucketed.clone()));
        assert_eq!(one.evaluate(), other.evaluate(), "{fen}");
        for text in moves {
            let mv = one.parse_move(text, Notation::default()).unwrap();
            one.make_move(mv);
            other.make_move(mv);
            assert_eq!(one.evaluate(), other.evaluate(), "{fen} {text}");
            assert!(other.accumulators_match_refresh());
        }
    }
}

#[test]
fn king_moves_across_buckets_refresh_through_the_cache() {
    use timur::variants::chess::{Kind, MoveKind};
    // White's king on d1/e1 steps across the centre file (into the mirror
    // bucket) and up a rank; castling moves it to another bucket.
    for fen in [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/3K4 w - - 0 1",
        "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11",
    ] {
        let mut pos = Chess::from_fen(fen).unwrap();
        pos.attach_network(Some(noisy_bucketed()));
        pos.evaluate();
        let king_moves = each_move(&mut pos, |pos, mv| {
            pos.piece_at(mv.from())
                .is_some_and(|piece| piece.kind() == Kind::King)
        });
        assert!(king_moves >= 2, "{fen}: {king_moves} king moves");
        // Twice over: the second time the cache holds every view already.
        each_move(&mut pos, |_, mv| matches!(mv.kind(), MoveKind::Castle));
        each_move(&mut pos, |_, _| true);
        each_move(&mut pos, |_, _| true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn xiangqi_accumulators_follow_make_and_unmake(
        choices in proptest::collection::vec((any::<u16>(), any::<bool>(), any::<bool>()), 1..80),
    ) {
        let mut pos = Xiangqi::start_position();
        pos.attach_network(Some(noisy(Xiangqi::FEATURES, MAX_HIDDEN)));
        walk(&mut pos, &choices, Xiangqi::accumulators_match_refresh)?;
        let fresh = {
            let mut copy = Xiangqi::from_fen(&pos.to_fen()).unwrap();
            copy.attach_network(Some(noisy(Xiangqi::FEATURES, MAX_HIDDEN)));
            copy.evaluate()
        };
        prop_assert_eq!(pos.evaluate(), fresh);
    }

    #[test]
    fn xiangqi_king_bucketed_accumulators_follow_make_and_unmake(
        start in 0..XIANGQI_POSITIONS.len(),
        choices in proptest::collection::vec((any::<u16>(), any::<bool>(), any::<bool>()), 1..80),
    ) {
        let network = || Some(noisy(Xiangqi::BUCKETED.unwrap(), 64));
        let mut pos = Xiangqi::from_fen(XIANGQI_POSITIONS[start]).unwrap();
        pos.attach_network(network());
        walk(&mut pos, &choices, Xiangqi::accumulators_match_refresh)?;
        let fresh = {
            let mut copy = Xiangqi::from_fen(&pos.to_fen()).unwrap();
            copy.attach_network(network());
            copy.evaluate()
        };
        prop_assert_eq!(pos.evaluate(), fresh);
    }
}

/// Xiangqi positions for the king-bucketed walk: the start, and endings
/// whose generals are free to walk their palaces (across buckets and the
/// mirror).
const XIANGQI_POSITIONS: [&str; 3] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "3k5/9/4c4/9/9/9/9/9/4R4/4K4 w - - 0 1",
    "4k4/4a4/9/9/2p6/9/6P2/9/9/3K1A3 b - - 0 1",
];

#[test]
fn castling_both_ways_and_chess960_castling_keep_the_accumulators() {
    for (fen, net) in [POSITIONS[1], POSITIONS[2]]
        .into_iter()
        .flat_map(|fen| [(fen, noisy_network()), (fen, noisy_bucketed())])
    {
        let mut pos = Chess::from_fen(fen).unwrap();
        pos.attach_network(Some(net));
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let castles: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&mv| matches!(mv.kind(), timur::variants::chess::MoveKind::Castle))
            .collect();
        assert!(!castles.is_empty(), "{fen}: no castling to test");
        for mv in castles {
            pos.make_move(mv);
            assert!(pos.accumulators_match_refresh(), "{fen}: {mv:?}");
            pos.unmake_move(mv);
            assert!(pos.accumulators_match_refresh(), "{fen}: back from {mv:?}");
        }
    }
}

#[test]
fn bad_eval_files_are_refused_and_the_engine_plays_on() {
    let dir = std::env::temp_dir().join(format!("timur-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = noisy_network().to_bytes();
    let truncated = dir.join("truncated.tmnn");
    std::fs::write(&truncated, &good[..good.len() / 2]).unwrap();
    let foreign = dir.join("foreign.nnue");
    std::fs::write(&foreign, b"not a network at all, just some text\n").unwrap();
    let fine = dir.join("fine.tmnn");
    std::fs::write(&fine, &good).unwrap();
    let gameless = dir.join("gameless.tmnn");
    let no_game = FeatureSet { id: 9, inputs: 768 };
    std::fs::write(&gameless, noisy(no_game, 16).to_bytes()).unwrap();
    let mut engine = EngineProcess::start();
    engine.send("uci");
    let declared = engine.read_until(Duration::from_secs(10), |l| l == "uciok");
    assert!(declared
        .iter()
        .any(|l| l.starts_with("option name UseNNUE type check")));
    assert!(declared
        .iter()
        .any(|l| l.starts_with("option name EvalFile type string")));
    for (path, why) in [
        (truncated.display().to_string(), "truncated"),
        (foreign.display().to_string(), "magic"),
        (gameless.display().to_string(), "no game here reads"),
        ("/no/such/file.tmnn".to_string(), "cannot read"),
    ] {
        engine.send(&format!("setoption name EvalFile value {path}"));
        let lines = engine.sync();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string") && l.contains(why)),
            "{path}: {lines:?}"
        );
    }
    engine.send(&format!("setoption name EvalFile value {}", fine.display()));
    let lines = engine.sync();
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    engine.send("position startpos moves e2e4");
    engine.send("go depth 3");
    engine.expect_prefix("bestmove ", Duration::from_secs(30));
    // A king-bucketed network loads into chess's slot and plays.
    let bucketed = dir.join("bucketed.tmnn");
    std::fs::write(&bucketed, noisy_bucketed().to_bytes()).unwrap();
    engine.send(&format!(
        "setoption name EvalFile value {}",
        bucketed.display()
    ));
    let lines = engine.sync();
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    engine.send("position startpos moves e2e4 e7e5 e1e2");
    engine.send("go depth 4");
    engine.expect_prefix("bestmove ", Duration::from_secs(30));
    engine.send("setoption name UseNNUE value false");
    engine.send("go depth 3");
    engine.expect_prefix("bestmove ", Duration::from_secs(30));
    assert!(engine.close_and_wait(Duration::from_secs(10)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_embedded_chess_network_loads_and_evaluates() {
    let embedded = Chess::EMBEDDED.expect("an embedded network");
    let net = Arc::new(Network::from_bytes(embedded).expect("embedded network"));
    assert_eq!(Some(net.features), Chess::BUCKETED);
    let mut queen_up =
        Chess::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    queen_up.attach_network(Some(net));
    assert!(queen_up.evaluate() > 500, "{}", queen_up.evaluate());
}

#[test]
fn the_embedded_xiangqi_network_loads_and_values_a_chariot() {
    let embedded = Xiangqi::EMBEDDED.expect("an embedded network");
    let net = Arc::new(Network::from_bytes(embedded).expect("xiangqi network"));
    assert_eq!(net.features, Xiangqi::FEATURES);
    // Red to move, Black's left chariot gone.
    let mut chariot_up =
        Xiangqi::from_fen("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
            .unwrap();
    chariot_up.attach_network(Some(net));
    assert!(chariot_up.evaluate() > 500, "{}", chariot_up.evaluate());
}
