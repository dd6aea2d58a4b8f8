//! The bullet round trip (issue 47): chess records exported as bullet's
//! `ChessBoard` and read back by bullet's own reader (the `bulletformat`
//! crate, the oracle), and a network in bullet's saved layout (`Chess768`
//! or `ChessBuckets` inputs) imported and evaluated as timur's own
//! file of the same weights and as bullet's inference computes it.

use bulletformat::{BulletFormat, ChessBoard, DataLoader};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use timur::learn::bullet_data::{self, BOARD_BYTES};
use timur::learn::bullet_net;
use timur::learn::record::{Record, RecordResult, RecordWriter};
use timur::nnue::features::{FeatureSet, Features};
use timur::nnue::network::Network;
use timur::variants::chess::Chess;
use timur::variants::trainable::Trainable;
use timur::variants::xiangqi::Xiangqi;
use timur::variants::Variant;
use timur_search::game::Game;

/// Positions with their score and result (side to move's view): both
/// movers, 3 to 32 pieces, castled kings and promoted-to pieces, and each
/// side's king in every king bucket on files a–d and on files e–h.
const POSITIONS: [(&str, i16, RecordResult); 10] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        35,
        RecordResult::Draw,
    ),
    (
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3",
        -40,
        RecordResult::Loss,
    ),
    (
        "r4rk1/pp2qppp/2n1bn2/3p4/3P4/2NBBN2/PPQ2PPP/2KR3R b - - 5 12",
        -120,
        RecordResult::Win,
    ),
    ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 310, RecordResult::Win),
    ("8/5k2/8/3q4/8/8/2K5/8 b - - 0 1", 2500, RecordResult::Win),
    ("1Q6/8/8/8/6k1/8/1K6/7n w - - 0 1", -7, RecordResult::Draw),
    (
        "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
        20,
        RecordResult::Draw,
    ),
    ("8/7k/3p4/8/4K3/8/1P6/8 b - - 0 1", 15, RecordResult::Draw),
    (
        "8/2r5/8/3k4/8/5N2/P7/1K6 w - - 0 1",
        -60,
        RecordResult::Loss,
    ),
    (
        "1k1r3r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w KQ - 0 1",
        -90,
        RecordResult::Draw,
    ),
];

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("timur-bullet-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn white_to_move(fen: &str) -> bool {
    fen.split_whitespace().nth(1) == Some("w")
}

/// bullet's own text form: `<FEN> | <score> | <result>`, White's view.
fn bullet_text(fen: &str, score: i16, result: RecordResult) -> String {
    let (score, result) = if white_to_move(fen) {
        (score, result)
    } else {
        (-score, result.flip())
    };
    let result = ["0.0", "0.5", "1.0"][result as usize];
    format!("{fen} | {score} | {result}")
}

/// The boards in a bullet data file, read by bullet's own loader.
fn read_back(path: &Path) -> Vec<ChessBoard> {
    let mut boards = Vec::new();
    let loader = DataLoader::<ChessBoard>::new(path, 1).unwrap();
    loader.map_batches(4, |batch| boards.extend_from_slice(batch));
    boards
}

#[test]
fn exported_records_read_back_in_bullets_layout() {
    assert_eq!(std::mem::size_of::<ChessBoard>(), BOARD_BYTES);
    let dir = scratch("data");
    let (data, out) = (dir.join("d.bin"), dir.join("d.data"));
    let records: Vec<Record> = POSITIONS
        .iter()
        .enumerate()
        .map(|(ply, &(fen, score, result))| {
            let pos = Chess::from_fen(fen).unwrap();
            let side = u8::from(!white_to_move(fen));
            let pieces = pos.placed_pieces();
            Record::new(Chess::RECORD_TAG, &pieces, side, score, result, ply as u16).unwrap()
        })
        .collect();
    let (mut writer, _) = RecordWriter::append(&data, Chess::RECORD_TAG).unwrap();
    writer.write_all(&records).unwrap();
    drop(writer);

    assert_eq!(
        bullet_data::export(&data, &out).unwrap(),
        POSITIONS.len() as u64
    );
    assert_eq!(
        std::fs::metadata(&out).unwrap().len(),
        (POSITIONS.len() * BOARD_BYTES) as u64
    );
    let boards = read_back(&out);
    assert_eq!(boards.len(), POSITIONS.len());
    for (board, &(fen, score, result)) in boards.iter().zip(&POSITIONS) {
        // Every field as bullet's own parser makes it from the FEN.
        let expected: ChessBoard = bullet_text(fen, score, result).parse().unwrap();
        assert_eq!(*board, expected, "{fen}");
        assert_eq!(board.score(), score, "{fen}");
        assert_eq!(board.result_idx(), result as usize, "{fen}");
        // And piece by piece: the mover's pieces are bullet's colour 0,
        // the board turned over when Black moves.
        let pos = Chess::from_fen(fen).unwrap();
        let black = !white_to_move(fen);
        let mut ours: Vec<(u8, u8)> = pos
            .placed_pieces()
            .iter()
            .map(|p| {
                let mine = (p.color == 1) == black;
                let square = if black { p.square ^ 56 } else { p.square };
                (u8::from(!mine) << 3 | p.kind, square)
            })
            .collect();
        ours.sort_by_key(|&(_, square)| square);
        assert_eq!(board.into_iter().collect::<Vec<_>>(), ours, "{fen}");
    }

    // Not chess: refused before anything is written.
    let xiangqi = dir.join("x.bin");
    let king = timur::variants::trainable::PlacedPiece {
        square: 4,
        color: 0,
        kind: 0,
    };
    let record = Record::new(1, &[king], 0, 0, RecordResult::Draw, 0).unwrap();
    RecordWriter::append(&xiangqi, 1)
        .unwrap()
        .0
        .write_all(&[record])
        .unwrap();
    let why = bullet_data::export(&xiangqi, &dir.join("x.data")).unwrap_err();
    assert!(why.contains("not a chess record"), "{why}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A chess network of `features`, `hidden` neurons and `buckets` buckets
/// with small pseudo-random weights.
fn random_network(features: FeatureSet, hidden: usize, buckets: usize) -> Network {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |range: i64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % (2 * range as u64 + 1)) as i64 - range
    };
    let mut fill =
        |weights: &mut [i16], range: i64| weights.iter_mut().for_each(|w| *w = next(range) as i16);
    let mut net = Network::zeros_bucketed(features, hidden, buckets);
    fill(&mut net.feature_weights, 80);
    fill(&mut net.feature_bias, 80);
    fill(&mut net.output_weights, 300);
    net.output_bias
        .iter_mut()
        .for_each(|b| *b = next(200_000) as i32);
    net
}

/// The bytes bullet's trainer saves for `net` with the `SavedFormat`s of
/// docs/nnue.md: l0w, l0b, l1w (transposed), l1b (i32), padded to 64.
fn bullet_bytes(net: &Network) -> Vec<u8> {
    let mut out: Vec<u8> = net
        .feature_weights
        .iter()
        .chain(&net.feature_bias)
        .chain(&net.output_weights)
        .flat_map(|v| v.to_le_bytes())
        .collect();
    out.extend(net.output_bias.iter().flat_map(|b| b.to_le_bytes()));
    let pad = (64 - out.len() % 64) % 64;
    out.extend(b"bullet".iter().cycle().take(pad));
    out
}

/// timur's king-bucket layout as docs/nnue.md gives it to bullet's
/// `ChessBuckets::new` (first rank first, as the king's own side sees it).
#[rustfmt::skip]
const LAYOUT: [usize; 64] = [
    0, 0, 1, 1, 5, 5, 4, 4,
    2, 2, 2, 2, 6, 6, 6, 6,
    3, 3, 3, 3, 7, 7, 7, 7,
    3, 3, 3, 3, 7, 7, 7, 7,
    3, 3, 3, 3, 7, 7, 7, 7,
    3, 3, 3, 3, 7, 7, 7, 7,
    3, 3, 3, 3, 7, 7, 7, 7,
    3, 3, 3, 3, 7, 7, 7, 7,
];

/// Each side's bucket in `board`, side to move's first: 0 for `Chess768`,
/// else as `ChessBuckets` with `layout` reads it from the side's own king
/// square (bulletformat gives both as their own side sees the board).
fn bullet_buckets(board: &ChessBoard, layout: Option<&[usize; 64]>) -> [usize; 2] {
    [board.our_ksq(), board.opp_ksq()].map(|ksq| layout.map_or(0, |l| l[usize::from(ksq)]))
}

/// bullet's features of each piece of `board`, side to move's view first:
/// the `Chess768` index offset by 768 per bucket of the side.
fn bullet_features(board: &ChessBoard, layout: Option<&[usize; 64]>) -> Vec<[usize; 2]> {
    let buckets = bullet_buckets(board, layout);
    board
        .into_iter()
        .map(|(piece, square)| {
            let c = usize::from(piece & 8 > 0);
            let pc = 64 * usize::from(piece & 7);
            let sq = usize::from(square);
            let plain = [[0, 384][c] + pc + sq, [384, 0][c] + pc + (sq ^ 56)];
            [0, 1].map(|side| 768 * buckets[side] + plain[side])
        })
        .collect()
}

/// bullet's inference from its own saved bytes and a `ChessBoard`
/// (`Chess768` features, or `ChessBuckets` with `layout`; SCReLU,
/// `MaterialCount` buckets), in integers.
fn bullet_eval(
    bytes: &[u8],
    layout: Option<&[usize; 64]>,
    hidden: usize,
    buckets: usize,
    board: &ChessBoard,
) -> i64 {
    let short = |i: usize| i64::from(i16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]]));
    let inputs = 768 * layout.map_or(1, |l| l.iter().max().unwrap() + 1);
    let (l0b, l1w) = (inputs * hidden, inputs * hidden + hidden);
    let l1b = 2 * (l1w + buckets * 2 * hidden);
    let features = bullet_features(board, layout);
    let mut acc = [vec![0i64; hidden], vec![0i64; hidden]];
    for (side, values) in acc.iter_mut().enumerate() {
        for (i, v) in values.iter_mut().enumerate() {
            *v = short(l0b + i);
            for feature in &features {
                *v += short(feature[side] * hidden + i);
            }
        }
    }
    let bucket = (board.occ().count_ones() as usize - 2) / 32usize.div_ceil(buckets);
    let mut sum = 0i64;
    for (side, values) in acc.iter().enumerate() {
        for (i, v) in values.iter().enumerate() {
            let c = v.clamp(&0, &255);
            sum += c * c * short(l1w + bucket * 2 * hidden + side * hidden + i);
        }
    }
    let at = l1b + 4 * bucket;
    let bias = i32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    (sum / 255 + i64::from(bias)) * 400 / (255 * 256)
}

fn evaluate(fen: &str, net: &Network) -> i32 {
    let mut pos = Chess::from_fen(fen).unwrap();
    pos.attach_network(Some(Arc::new(net.clone())));
    pos.evaluate()
}

/// The bullet board of each of [`POSITIONS`].
fn boards() -> Vec<ChessBoard> {
    POSITIONS
        .iter()
        .map(|&(fen, score, result)| bullet_text(fen, score, result).parse().unwrap())
        .collect()
}

#[test]
fn the_positions_put_each_king_in_every_bucket() {
    let mut seen = std::collections::HashSet::new();
    for board in boards() {
        seen.extend(bullet_buckets(&board, Some(&LAYOUT)));
    }
    assert_eq!(seen.len(), 8, "{seen:?}");
}

#[test]
fn a_network_in_bullets_layout_evaluates_as_timurs_own_file() {
    let dir = scratch("net");
    let bucketed = Chess::BUCKETED.unwrap();
    for (features, layout) in [(Chess::FEATURES, None), (bucketed, Some(&LAYOUT))] {
        for (hidden, buckets) in [(32, 8), (16, 1)] {
            let net = random_network(features, hidden, buckets);
            let bytes = bullet_bytes(&net);
            assert_eq!(
                bytes.len(),
                bullet_net::saved_bytes(features, hidden, buckets)
            );
            let (bullet, own) = (dir.join("quantised.bin"), dir.join("own.tmnn"));
            std::fs::write(&bullet, &bytes).unwrap();
            std::fs::write(&own, net.to_bytes()).unwrap();
            let imported = bullet_net::read_file(&bullet, features, hidden, buckets).unwrap();
            let own = Network::read_file(&own).unwrap();
            assert_eq!(imported, own);
            assert_eq!(imported.features, features);
            let mut values = Vec::new();
            for (&(fen, ..), board) in POSITIONS.iter().zip(boards()) {
                let value = evaluate(fen, &imported);
                assert_eq!(value, evaluate(fen, &own), "{fen}");
                assert_eq!(
                    i64::from(value),
                    bullet_eval(&bytes, layout, hidden, buckets, &board),
                    "{features} {hidden} {buckets}: {fen}"
                );
                values.push(value);
            }
            // Not all alike: the weights reach the output.
            assert!(values.iter().any(|&v| v != values[0]), "{values:?}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn foreign_files_and_shapes_are_refused_before_reading() {
    let dir = scratch("refused");
    let plain = Chess::FEATURES;
    let bucketed = Chess::BUCKETED.unwrap();
    let bytes = bullet_bytes(&random_network(plain, 16, 1));
    let path = dir.join("quantised.bin");
    std::fs::write(&path, &bytes).unwrap();
    // The wrong shape for the file's size (a plain network read with king
    // buckets too), and an endless device.
    for (file, features, hidden, buckets) in [
        (path.as_path(), plain, 32, 1),
        (path.as_path(), plain, 16, 2),
        (path.as_path(), bucketed, 16, 1),
        (Path::new("/dev/zero"), plain, 16, 1),
        (Path::new("/dev/zero"), bucketed, 16, 1),
    ] {
        let why = bullet_net::read_file(file, features, hidden, buckets).unwrap_err();
        assert!(why.contains("not bullet's"), "{why}");
        assert_eq!(
            why.contains("6144→16×2→1 (king buckets"),
            features == bucketed,
            "{why}"
        );
    }
    // Bucket counts whose MaterialCount slices are not timur's, a hidden
    // size timur does not run, and another game's feature set.
    assert!([1, 2, 4, 8, 16]
        .iter()
        .all(|&b| bullet_net::buckets_agree(b)));
    assert!(!bullet_net::buckets_agree(3));
    let why = bullet_net::read_file(&path, plain, 16, 3).unwrap_err();
    assert!(why.contains("--buckets 3"), "{why}");
    let why = bullet_net::read_file(&path, plain, 24, 1).unwrap_err();
    assert!(why.contains("--hidden 24"), "{why}");
    let why = bullet_net::read_file(&path, Xiangqi::FEATURES, 16, 1).unwrap_err();
    assert!(why.contains("not a chess feature set"), "{why}");
    // The right size but not bullet's padding.
    let mut damaged = bytes;
    *damaged.last_mut().unwrap() ^= 1;
    std::fs::write(&path, &damaged).unwrap();
    let why = bullet_net::read_file(&path, plain, 16, 1).unwrap_err();
    assert!(why.contains("padding"), "{why}");
    std::fs::remove_dir_all(&dir).unwrap();
}
