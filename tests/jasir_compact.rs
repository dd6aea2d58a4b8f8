//! Compact Jasir tables (`timur solve --archers N`): every position the
//! map-format sets (each split solved from its home positions, the tables
//! before the compact format) hold has the same result, distance and best
//! move in the compact table of the same N; the files refuse truncation,
//! damage and foreign contents.

use std::path::{Path, PathBuf};
use timur::variants::jasir::solver::build::build;
use timur::variants::jasir::solver::compare::{compare, compare_compact};
use timur::variants::jasir::solver::homes::home_positions;
use timur::variants::jasir::solver::inplace::{solve_in_place, InPlace};
use timur::variants::jasir::solver::{solve_roots, CompactTable, SolveOutcome, SolveTable};
use timur::variants::jasir::Rules;

/// The map-format set of at most `archers` archers, as `timur solve
/// --archers` built it before the compact format: every split solved from
/// its home positions, the tables merged.
fn map_set(archers: u32) -> SolveTable {
    let mut table = SolveTable::default();
    for white in 1..=5u32.min(archers - 1) {
        for black in 1..=5u32.min(archers - white) {
            let roots = home_positions(Rules::Jasir, white, black);
            let SolveOutcome::Solved(sol) = solve_roots(&roots, 1 << 25, &mut |_| {}) else {
                panic!("{white} against {black} solves");
            };
            table.merge(&sol.table);
        }
    }
    table
}

fn compact_set(archers: u32) -> CompactTable {
    build(archers, 1 << 25, &mut |_| {}, &mut |_| {}).expect("the set builds")
}

fn equal_on_every_position(archers: u32, positions: u64) {
    let old = map_set(archers);
    let new = compact_set(archers);
    assert!(
        new.len() > old.len(),
        "the compact set holds more positions"
    );
    let c = compare(&old, &new);
    assert_eq!((c.positions, old.len() as u64), (positions, positions));
    assert!(c.equal(), "{c:?}");
}

#[test]
fn four_archers_equal_the_map_tables() {
    equal_on_every_position(4, 386_415);
}

#[test]
fn five_archers_equal_the_map_tables() {
    equal_on_every_position(5, 4_551_898);
}

/// The in-place solver gives every slot of the 5-archer set the value and
/// distance of the graph build (N = 3 and 4: the unit test of
/// `inplace.rs`).
#[test]
fn five_archers_in_place_equal_the_graph_build() {
    let graph = compact_set(5);
    let inplace = solve_in_place(5, &mut |_| {}).unwrap();
    let c = compare_compact(&graph, &inplace).unwrap();
    assert_eq!(c.slots, 6_958_860);
    assert_eq!(c.differing, 0, "{c:?}");
}

/// A build stopped after some steps and resumed from its checkpoint ends
/// with the table of an uninterrupted build; checkpoints cut short, longer,
/// damaged, of another set, version or game, and other files are refused
/// with their reason.
#[test]
fn a_build_resumes_from_its_checkpoint_and_bad_checkpoints_are_refused() {
    let whole = solve_in_place(4, &mut |_| {}).unwrap();
    let path = temp("checkpoint");
    let mut build = InPlace::new(4);
    let half = build.steps() / 2 + 1;
    for _ in 0..half {
        build.step(&mut |_| {}).unwrap();
    }
    build.save_checkpoint(&path).unwrap();
    drop(build);
    let mut build = InPlace::load_checkpoint(&path, 4).unwrap();
    assert_eq!(build.done(), half);
    while !build.finished() {
        build.step(&mut |_| {}).unwrap();
    }
    let resumed = build.finish().unwrap();
    let c = compare_compact(&whole, &resumed).unwrap();
    assert_eq!((c.slots, c.differing), (658_428, 0), "{c:?}");

    let bytes = std::fs::read(&path).unwrap();
    let refused = |name: &str, contents: &[u8], archers: u32, why: &str| {
        let bad = temp(name);
        std::fs::write(&bad, contents).unwrap();
        let err = InPlace::load_checkpoint(&bad, archers)
            .err()
            .expect("refused");
        assert!(err.contains(why), "{err}");
        assert!(err.contains(&bad.display().to_string()), "{err}");
        let _ = std::fs::remove_file(bad);
    };
    refused("cp-short", &bytes[..bytes.len() - 1], 4, "truncated");
    refused("cp-header", &bytes[..30], 4, "truncated header");
    refused("cp-long", &[&bytes[..], &[0]].concat(), 4, "after the end");
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    refused("cp-damaged", &damaged, 4, "checksum");
    refused("cp-other-set", &bytes, 5, "a build of 4 archers");
    let mut newer = bytes.clone();
    newer[8] = 2;
    refused("cp-newer", &newer, 4, "format version 2");
    let mut jarmo = bytes.clone();
    jarmo[12] = 1;
    refused("cp-jarmo", &jarmo, 4, "game 1");
    refused(
        "cp-text",
        b"sss2/5/5/5/SSS2 w 0/0 -/- 0 1\n",
        4,
        "wrong magic",
    );
    refused("cp-empty", b"", 4, "wrong magic");
    let table = temp("cp-table");
    whole.save(&table).unwrap();
    refused(
        "cp-compact",
        &std::fs::read(&table).unwrap(),
        4,
        "wrong magic",
    );
    for p in [path, table] {
        let _ = std::fs::remove_file(p);
    }
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("timur-compact-{}-{name}", std::process::id()))
}

fn refused(path: &Path, why: &str) {
    let err = CompactTable::load(path).unwrap_err();
    assert!(err.contains(why), "{err}");
    assert!(err.contains(&path.display().to_string()), "{err}");
}

#[test]
fn truncated_damaged_and_foreign_files_are_refused() {
    let table = compact_set(3);
    let good = temp("good");
    table.save(&good).unwrap();
    let bytes = std::fs::read(&good).unwrap();
    let loaded = CompactTable::load(&good).unwrap();
    assert_eq!(loaded.len(), table.len());
    let root = &home_positions(Rules::Jasir, 2, 1)[0];
    assert_eq!(loaded.probe(root), table.probe(root));
    assert!(loaded.probe(root).unwrap().best.is_some());

    let write = |name: &str, contents: &[u8]| {
        let path = temp(name);
        std::fs::write(&path, contents).unwrap();
        path
    };
    let short = write("short", &bytes[..bytes.len() - 1]);
    refused(&short, "truncated");
    let header_only = write("header", &bytes[..20]);
    refused(&header_only, "truncated header");
    let long = write("long", &[&bytes[..], &[0]].concat());
    refused(&long, "after the end");
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    let damaged = write("damaged", &damaged);
    refused(&damaged, "checksum");
    let mut newer = bytes.clone();
    newer[8] = 3;
    let newer = write("newer", &newer);
    refused(&newer, "format version 3");
    let mut wide = bytes.clone();
    wide[8] = 2;
    let wide = write("wide", &wide);
    refused(&wide, "truncated");
    let mut jarmo = bytes.clone();
    jarmo[12] = 1;
    let jarmo = write("jarmo", &jarmo);
    refused(&jarmo, "Jasir only");
    let text = write("text", b"sss2/5/5/5/SSS2 w 0/0 -/- 0 1\n");
    refused(&text, "wrong magic");
    let empty = write("empty", b"");
    refused(&empty, "wrong magic");
    let map = temp("map");
    map_set(3).save(&map).unwrap();
    refused(&map, "wrong magic");

    // the engine's loader takes both formats and refuses the rest
    use timur::variants::jasir::solved::SolvedTables;
    let list = std::env::join_paths([&good, &map]).unwrap();
    let both = SolvedTables::load(list.to_str().unwrap()).unwrap();
    assert_eq!(both.counts(), (2, table.len() + map_set(3).len()));
    assert_eq!(both.probe(root), table.probe(root));
    assert!(SolvedTables::load(short.to_str().unwrap())
        .unwrap_err()
        .contains("truncated"));
    assert!(SolvedTables::load(text.to_str().unwrap())
        .unwrap_err()
        .contains("not a Jasir solver table"));

    for path in [
        good,
        short,
        header_only,
        long,
        damaged,
        newer,
        wide,
        jarmo,
        text,
        empty,
        map,
    ] {
        let _ = std::fs::remove_file(path);
    }
}
