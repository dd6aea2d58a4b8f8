//! `timur nnue relabel`, with timur itself as the outside engine: records
//! come back with the engine's scores and their results, mates dropped.

use timur::learn::record::{Record, RecordReader, RecordResult, RecordWriter};
use timur::learn::relabel::{run, RelabelSettings};
use timur::variants::chess::Chess;
use timur::variants::tamerlane::Tamerlane;
use timur::variants::trainable::Trainable;
use timur::variants::Variant;

fn record_of(fen: &str, result: RecordResult) -> Record {
    let position = Chess::from_fen(fen).unwrap();
    Record::new(
        Chess::RECORD_TAG,
        &position.placed_pieces(),
        0,
        7777,
        result,
        31,
    )
    .unwrap()
}

/// Settings scoring `data` into `out` with timur itself (Hash 8) at depth 3.
fn settings_for(
    data: &std::path::Path,
    out: &std::path::Path,
    processes: usize,
) -> RelabelSettings {
    RelabelSettings {
        engine: env!("CARGO_BIN_EXE_timur").into(),
        options: vec![("Hash".into(), "8".into())],
        depth: 3,
        data: data.into(),
        out: out.into(),
        processes,
        start: 0,
        count: None,
        max_score: 3000,
        scale: 1.0,
    }
}

#[test]
fn records_are_rescored_results_kept_and_mates_dropped() {
    let dir = std::env::temp_dir().join(format!("timur-relabel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (data, out) = (dir.join("in.bin"), dir.join("out.bin"));
    let quiet = [
        record_of(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 0 1",
            RecordResult::Win,
        ),
        record_of("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", RecordResult::Draw),
    ];
    // White to move mates at once (Ra8#): a mate score.
    let mate = record_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", RecordResult::Win);
    let (mut writer, _) = RecordWriter::append(&data, Chess::RECORD_TAG).unwrap();
    writer
        .write_all(&[quiet[0].clone(), mate, quiet[1].clone()])
        .unwrap();
    drop(writer);
    let settings = settings_for(&data, &out, 2);
    let summary = run(&settings).unwrap();
    assert_eq!((summary.read, summary.written, summary.dropped), (3, 2, 1));
    let back: Vec<Record> = RecordReader::open(&out)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(back.len(), 2);
    for (old, new) in quiet.iter().zip(&back) {
        let mut same = new.clone();
        same.score = old.score;
        assert_eq!(same, *old, "only the score changes");
        assert_ne!(new.score, 7777);
        assert!(new.score.abs() < 3000);
    }
    // The lone pawn up is scored for White.
    assert!(back[1].score > 0, "{}", back[1].score);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tamerlane_records_are_refused_before_an_engine_starts() {
    let dir = std::env::temp_dir().join(format!("timur-relabel-t-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (data, out) = (dir.join("tamerlane.bin"), dir.join("out.bin"));
    let start = Tamerlane::start_position();
    let record = Record::new(
        Tamerlane::RECORD_TAG,
        &start.placed_pieces(),
        0,
        0,
        RecordResult::Draw,
        0,
    )
    .unwrap();
    let (mut writer, _) = RecordWriter::append(&data, Tamerlane::RECORD_TAG).unwrap();
    writer.write_all(&[record]).unwrap();
    drop(writer);
    let settings = RelabelSettings {
        engine: "/no/such/engine".into(),
        options: Vec::new(),
        ..settings_for(&data, &out, 1)
    };
    let why = run(&settings).unwrap_err();
    assert!(why.contains("no outside engine plays tamerlane"), "{why}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An engine that offers `UCI_Variant` (timur here) is switched to the
/// records' game: xiangqi positions are scored as xiangqi, not read as
/// chess (a chariot up is worth a lot in xiangqi; the chess start position
/// a chess engine would fall back to is level).
#[test]
fn xiangqi_records_are_scored_as_xiangqi_by_an_engine_with_variants() {
    use timur::variants::xiangqi::Xiangqi;
    let dir = std::env::temp_dir().join(format!("timur-relabel-x-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (data, out) = (dir.join("in.bin"), dir.join("out.bin"));
    let record = |fen: &str| {
        let position = Xiangqi::from_fen(fen).unwrap();
        Record::new(
            Xiangqi::RECORD_TAG,
            &position.placed_pieces(),
            0,
            0,
            RecordResult::Draw,
            20,
        )
        .unwrap()
    };
    let records = [
        // Black is without its left chariot.
        record("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        // Red is without its left chariot.
        record("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1"),
    ];
    let (mut writer, _) = RecordWriter::append(&data, Xiangqi::RECORD_TAG).unwrap();
    writer.write_all(&records).unwrap();
    drop(writer);
    let settings = RelabelSettings {
        max_score: 30000,
        ..settings_for(&data, &out, 1)
    };
    let summary = run(&settings).unwrap();
    assert_eq!((summary.read, summary.written), (2, 2));
    let back: Vec<i16> = RecordReader::open(&out)
        .unwrap()
        .map(|r| r.unwrap().score)
        .collect();
    assert!(back[0] > 300, "a chariot up scored {}", back[0]);
    assert!(back[1] < -300, "a chariot down scored {}", back[1]);
    std::fs::remove_dir_all(&dir).unwrap();
}
