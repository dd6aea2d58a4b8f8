//! Tamerlane position plumbing: TFEN round trips, incremental Zobrist keys
//! equal to keys from scratch, make/unmake restoring the position exactly,
//! the move code, and clear errors for bad position text.

use timur::perft_file::parse_perft_file;
use timur::variants::tamerlane::types::Move;
use timur::variants::tamerlane::Tamerlane;
use timur::variants::Variant;
use timur_search::{Game, MoveList};

fn perft_fens() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/perft/tamerlane.perft"
    );
    let text = std::fs::read_to_string(path).unwrap();
    parse_perft_file(&text)
        .unwrap()
        .into_iter()
        .map(|r| r.fen)
        .collect()
}

fn snapshot(
    p: &Tamerlane,
) -> (
    String,
    u64,
    Vec<Option<(timur_search::Color, timur::variants::tamerlane::types::Kind)>>,
) {
    (
        p.to_fen(),
        p.key(),
        (0..112).map(|s| p.piece_at(s)).collect(),
    )
}

/// Seeded playouts from every perft position; calls `visit` on each
/// position reached.
fn playouts(mut visit: impl FnMut(&mut Tamerlane)) {
    let mut seed = 0x1234_5678_9ABC_DEF1u64;
    for fen in perft_fens() {
        for _ in 0..8 {
            let mut p = Tamerlane::from_fen(&fen).unwrap();
            for _ in 0..60 {
                visit(&mut p);
                let mut list = MoveList::new();
                p.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv = list[(seed % list.len() as u64) as usize];
                p.make_move(mv);
            }
        }
    }
}

#[test]
fn tfen_round_trips() {
    for fen in perft_fens() {
        let p = Tamerlane::from_fen(&fen).unwrap();
        assert_eq!(p.to_fen(), fen);
    }
    assert_eq!(
        Tamerlane::start_position().to_fen(),
        "e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1E w -- SCsc 00 0 1"
    );
    let mut n = 0;
    playouts(|p| {
        if p.is_finished() {
            return;
        }
        let q = Tamerlane::from_fen(&p.to_fen()).unwrap();
        assert_eq!(q.to_fen(), p.to_fen());
        assert_eq!(q.key(), p.key());
        n += 1;
    });
    assert!(n > 1000);
}

#[test]
fn incremental_key_equals_key_from_scratch() {
    let mut n = 0;
    playouts(|p| {
        assert_eq!(p.key(), p.key_from_scratch(), "{}", p.to_fen());
        n += 1;
    });
    assert!(n > 1000);
    // Side, rights and pawn-of-pawns counts are part of the key.
    let a = Tamerlane::from_fen("11/10k/11/11/11/11/11/11/11/K10 w -- SCsc 00 0 1").unwrap();
    for other in [
        "11/10k/11/11/11/11/11/11/11/K10 b -- SCsc 00 0 1",
        "11/10k/11/11/11/11/11/11/11/K10 w -- Csc 00 0 1",
        "11/10k/11/11/11/11/11/11/11/K10 w -- SCsc 20 0 1",
    ] {
        assert_ne!(
            a.key(),
            Tamerlane::from_fen(other).unwrap().key(),
            "{other}"
        );
    }
}

#[test]
fn make_unmake_restores_everything() {
    let mut n = 0;
    playouts(|p| {
        let before = snapshot(p);
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        for &mv in &list {
            p.make_move(mv);
            assert_eq!(p.key(), p.key_from_scratch());
            p.unmake_move(mv);
            assert_eq!(snapshot(p), before);
            n += 1;
        }
        if p.null_move_allowed() {
            p.make_null_move();
            assert_eq!(p.key(), p.key_from_scratch());
            p.unmake_null_move();
            assert_eq!(snapshot(p), before);
        }
    });
    assert!(n > 10_000);
}

#[test]
fn move_codes_are_lossless() {
    let mut n = 0;
    playouts(|p| {
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        for &mv in &list {
            let code = Tamerlane::move_code(mv);
            assert_eq!(Tamerlane::move_from_code(code), Some(mv));
            assert!(p.history_index(mv) < Tamerlane::HISTORY_SIZE);
            assert!(p.is_legal(mv));
            n += 1;
        }
    });
    assert!(n > 10_000);
    assert_eq!(Tamerlane::move_from_code(0), None);
    assert_eq!(Tamerlane::move_from_code(7 << 14), None);
    let _: Option<Move> = Tamerlane::move_from_code(u32::MAX);
}

#[test]
fn board_picture_ends_with_the_position_text() {
    let p = Tamerlane::from_fen("11/5k5/a10/11/11/11/11/11/5K5/11 b -X Ssc 00 0 40").unwrap();
    let picture = p.pretty();
    assert!(
        picture.ends_with(&format!("Fen: {}\n", p.to_fen())),
        "{picture}"
    );
    assert!(picture.contains("z9 X"), "{picture}");
}

#[test]
fn symmetric_start_evaluates_to_zero() {
    let mut p = Tamerlane::start_position();
    assert_eq!(p.evaluate(), 0);
    assert!(!p.in_check());
    assert_eq!(p.rule_outcome(), None);
}

#[test]
fn bad_tfen_is_refused_with_a_reason() {
    let start = "e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1E";
    for (text, reason) in [
        ("", "7 fields"),
        (&format!("{start} w -- SCsc 00 0") as &str, "7 fields"),
        (&format!("{start} x -- SCsc 00 0 1"), "side `x`"),
        (&format!("{start} w K- SCsc 00 0 1"), "`K` cannot stand in l2"),
        (&format!("{start} w - SCsc 00 0 1"), "citadel field"),
        (&format!("{start} w -- SQsc 00 0 1"), "unknown right `Q`"),
        (&format!("{start} w -- SSsc 00 0 1"), "repeated"),
        (&format!("{start} w -- SCsc 04 0 1"), "pawn-of-pawns"),
        (&format!("{start} w -- SCsc 0 0 1"), "pawn-of-pawns"),
        (&format!("{start} w -- SCsc 00 x 1"), "halfmove `x`"),
        (&format!("{start} w -- SCsc 00 0 0"), "fullmove `0`"),
        ("e1c1d1d1c1e/rntgwkfgtnr w -- SCsc 00 0 1", "2 ranks"),
        ("e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1 w -- SCsc 00 0 1", "10 cells"),
        ("11/10k/11/11/11/11/11/11/11/K99999999999999999999999 w -- SCsc 00 0 1", "wider than 11"),
        ("e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/12/11/11/11/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1E w -- SCsc 00 0 1", "wider than 11"),
        ("e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/11/11/11/5Q5/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1E w -- SCsc 00 0 1", "unknown piece letter `Q`"),
        ("e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/11/11/11/5PQ5/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1E w -- SCsc 00 0 1", "unknown pawn `PQ`"),
        ("e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/11/11/11/5Pr5/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1E w -- SCsc 00 0 1", "mixes upper and lower"),
        ("e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1P w -- SCsc 00 0 1", "without the letter"),
        ("11/10k/11/11/11/11/11/11/11/11 w -- SCsc 00 0 1", "White has no royal"),
        ("11/10k/11/11/11/11/11/11/11/K9K w -- SCsc 00 0 1", "more than one King"),
        ("PR10/10k/11/11/11/11/11/11/11/K10 w -- SCsc 00 0 1", "last rank"),
        ("11/10k/11/11/11/11/4PK6/11/11/K9X w -- SCsc 00 0 1", "a prince and a pawn of the king"),
        ("11/10k/11/11/11/11/4PP6/11/11/K9A w -- SCsc 00 0 1", "an adventitious king and a pawn of pawns"),
        ("PP10/10k/11/11/11/11/11/11/11/K10 w -- SCsc 00 0 1", "arrival count must be 1"),
        ("11/10k/11/11/11/11/11/11/11/K9R w -- SCsc 00 0 1", "only royal attacked"),
    ] {
        match Tamerlane::from_fen(text) {
            Ok(_) => panic!("accepted bad TFEN `{text}`"),
            Err(e) => assert!(e.contains(reason), "`{text}`: error `{e}` lacks `{reason}`"),
        }
    }
}
