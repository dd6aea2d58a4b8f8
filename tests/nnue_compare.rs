//! `timur nnue compare`: the embedded chess network beside the hand-written
//! evaluation and the labels of a small data file.

use timur::learn::compare::{run, CompareSettings, QUIET_LIMIT};
use timur::learn::record::{Record, RecordResult, RecordWriter};
use timur::nnue::features::Features;
use timur::variants::chess::Chess;
use timur::variants::trainable::Trainable;
use timur::variants::xiangqi::Xiangqi;
use timur::variants::Variant;

const FENS: [&str; 4] = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    // A queen up: beyond the quiet limit, left out.
    "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
];

fn write(path: &std::path::Path, records: &[Record]) {
    let (mut writer, _) = RecordWriter::append(path, records[0].game).unwrap();
    writer.write_all(records).unwrap();
}

#[test]
fn the_comparison_counts_quiet_positions_and_gives_the_scale_factor() {
    let dir = std::env::temp_dir().join(format!("timur-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (net, data, foreign) = (dir.join("net.tmnn"), dir.join("d.bin"), dir.join("x.bin"));
    std::fs::write(&net, Chess::EMBEDDED.unwrap()).unwrap();
    let labels = [40, -60, 120, 900];
    let records: Vec<Record> = FENS
        .iter()
        .zip(labels)
        .map(|(fen, label)| {
            let pos = Chess::from_fen(fen).unwrap();
            let side = u8::from(fen.contains(" b "));
            Record::new(
                Chess::RECORD_TAG,
                &pos.placed_pieces(),
                side,
                label,
                RecordResult::Draw,
                9,
            )
            .unwrap()
        })
        .collect();
    write(&data, &records);
    let settings = CompareSettings {
        net: net.clone(),
        data,
        count: 10,
    };
    let comparison = run(&settings).unwrap();

    let quiet: Vec<(i32, i32)> = FENS
        .iter()
        .zip(labels)
        .map(|(fen, label)| {
            (
                Chess::from_fen(fen).unwrap().static_eval(),
                i32::from(label),
            )
        })
        .filter(|(hand, _)| hand.abs() < QUIET_LIMIT)
        .collect();
    assert_eq!(comparison.positions, 3);
    assert_eq!(quiet.len(), 3);
    let mean =
        |f: &dyn Fn(&(i32, i32)) -> i32| quiet.iter().map(|q| f(q).abs() as f64).sum::<f64>() / 3.0;
    assert!((comparison.mean_abs[1] - mean(&|q| q.0)).abs() < 1e-9);
    assert!((comparison.mean_abs[2] - mean(&|q| q.1)).abs() < 1e-9);
    assert!(comparison.mean_abs[0] > 0.0);
    let factor = comparison.mean_abs[1] / comparison.mean_abs[0];
    assert!((comparison.factor - factor).abs() < 1e-12);

    let start = Xiangqi::start_position();
    let xiangqi = Record::new(
        Xiangqi::RECORD_TAG,
        &start.placed_pieces(),
        0,
        0,
        RecordResult::Draw,
        0,
    );
    write(&foreign, &[xiangqi.unwrap()]);
    let error = run(&CompareSettings {
        net,
        data: foreign,
        count: 10,
    })
    .unwrap_err();
    assert!(
        error.contains("holds xiangqi records, the network is for chess"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
