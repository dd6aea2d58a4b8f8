//! `info currmove <move> currmovenumber <n>` once a search has run a
//! second: a legal root move and its place in the iteration's order.

mod common;

use common::{bestmove_of, EngineProcess};
use std::time::Duration;
use timur::variants::chess::Chess;
use timur::variants::{Notation, Variant};

const SECONDS: Duration = Duration::from_secs(120);

#[test]
fn a_long_search_names_the_root_move_it_searches() {
    let mut engine = EngineProcess::start_uci_variant("chess", SECONDS);
    engine.send("position startpos");
    engine.send("go infinite");
    let line = engine.expect_prefix("info currmove", SECONDS);
    let words: Vec<&str> = line.split_whitespace().collect();
    let start = Chess::start_position();
    match words[..] {
        ["info", "currmove", mv, "currmovenumber", n] => {
            assert!(start.parse_move(mv, Notation::default()).is_ok(), "{line}");
            let n: u32 = n.parse().expect("a number");
            assert!((1..=20).contains(&n), "{line}");
        }
        _ => panic!("not a currmove line: {line}"),
    }
    engine.send("stop");
    let best = engine.expect_prefix("bestmove", SECONDS);
    assert_ne!(bestmove_of(&best), "(none)");
}
