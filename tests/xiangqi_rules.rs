//! Xiangqi rules and plumbing: each piece's moves on hand-built positions,
//! FEN and move text (good and bad), make/unmake, Zobrist keys, the game's
//! end-of-game rules.

use timur::variants::xiangqi::{Move, Xiangqi, START_FEN};
use timur::variants::{Notation, Variant};
use timur_search::{Cycle, Game, MoveList, Outcome};

const ZERO_NINE: Notation = Notation {
    king_takes_rook: false,
    ranks_from_one: false,
};
const ONE_TEN: Notation = Notation {
    king_takes_rook: false,
    ranks_from_one: true,
};

fn pos(fen: &str) -> Xiangqi {
    Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(p: &Xiangqi) -> Vec<Move> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    list.to_vec()
}

/// The sorted target squares of the legal moves from `from`.
fn targets(p: &Xiangqi, from: &str) -> Vec<String> {
    let mut out: Vec<String> = legal(p)
        .into_iter()
        .map(|m| p.format_move(m, ZERO_NINE))
        .filter(|m| m.starts_with(from))
        .map(|m| m[from.len()..].to_string())
        .collect();
    out.sort();
    out
}

fn expect(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn horse_is_blocked_by_its_leg() {
    let free = pos("3k5/9/9/9/9/9/9/9/9/1N2K4 w - - 0 1");
    assert_eq!(targets(&free, "b0"), expect(&["a2", "c2", "d1"]));
    let blocked = pos("3k5/9/9/9/9/9/9/9/1R7/1N2K4 w - - 0 1");
    assert_eq!(targets(&blocked, "b0"), expect(&["d1"]));
}

#[test]
fn elephant_needs_a_free_eye_and_stays_home() {
    let p = pos("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1");
    assert_eq!(targets(&p, "c4"), expect(&["a2", "e2"]));
    let eye = pos("5k3/9/9/9/9/2B6/3R5/9/9/4K4 w - - 0 1");
    assert_eq!(targets(&eye, "c4"), expect(&["a2"]));
}

#[test]
fn cannon_captures_over_exactly_one_screen() {
    let p = pos("3k5/1r7/9/9/1p7/9/9/1C7/9/4K4 w - - 0 1");
    assert_eq!(
        targets(&p, "b2"),
        expect(&["b0", "b1", "b3", "b4", "b8", "a2", "c2", "d2", "e2", "f2", "g2", "h2", "i2"])
    );
    let mv = p.parse_move("b2b8", ZERO_NINE).unwrap();
    assert!(p.is_tactical(mv));
    assert!(p.parse_move("b2b5", ZERO_NINE).is_err());
}

#[test]
fn generals_may_not_face_each_other() {
    let p = pos("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(targets(&p, "e0"), expect(&["e1", "f0"]));
    let screened = pos("3k5/9/9/9/3P5/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(targets(&screened, "e0"), expect(&["d0", "e1", "f0"]));
    // A horse between the generals may not move.
    let screen = pos("4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1");
    assert!(targets(&screen, "e5").is_empty());
    // A chariot pinned by a chariot stays on the file.
    let pinned = pos("3k5/4r4/9/9/4R4/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(
        targets(&pinned, "e5"),
        expect(&["e1", "e2", "e3", "e4", "e6", "e7", "e8"])
    );
    let err = Xiangqi::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap_err();
    assert!(err.contains("face"), "{err}");
}

#[test]
fn general_and_advisor_stay_in_the_palace() {
    let corner = pos("5k3/9/9/9/9/9/9/3K5/9/9 w - - 0 1");
    assert_eq!(targets(&corner, "d2"), expect(&["d1", "e2"]));
    let advisor = pos("5k3/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
    assert_eq!(targets(&advisor, "e1"), expect(&["d2", "f0", "f2"]));
    assert!(Xiangqi::from_fen("5k3/9/9/9/9/9/9/9/9/2AK5 w - - 0 1").is_err());
}

#[test]
fn soldier_moves_sideways_only_after_the_river() {
    let p = pos("2P2k3/9/9/9/6P2/9/P8/9/9/3K5 w - - 0 1");
    assert_eq!(targets(&p, "a3"), expect(&["a4"]));
    assert_eq!(targets(&p, "g5"), expect(&["f5", "g6", "h5"]));
    assert_eq!(targets(&p, "c9"), expect(&["b9", "d9"]));
    let black = pos("3k5/9/9/9/2p6/3p5/9/9/9/5K3 b - - 0 1");
    assert_eq!(targets(&black, "c5"), expect(&["c4"]));
    assert_eq!(targets(&black, "d4"), expect(&["c4", "d3", "e4"]));
}

#[test]
fn check_must_be_answered_and_no_move_loses() {
    // Red is in check from a cannon over a screen; every reply must end it.
    let p = pos("4k4/9/9/9/4c4/9/4P4/9/9/3AK4 w - - 0 1");
    assert!(p.in_check());
    for mv in legal(&p) {
        let mut q = p.clone();
        q.make_move(mv);
        q.make_null_move();
        assert!(!q.in_check(), "{}", p.format_move(mv, ZERO_NINE));
    }
    // Stalemated / mated side has no move and loses.
    let mated = pos("R2k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(legal(&mated).is_empty());
    assert_eq!(mated.count_legal_moves(), 0);
    assert_eq!(mated.no_moves_outcome(), Outcome::Loss { margin: 0 });
}

#[test]
fn fen_round_trip_and_aliases() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/perft/xiangqi.perft"
    ))
    .unwrap();
    let records = timur::perft_file::parse_perft_file(&text).unwrap();
    for record in records {
        assert_eq!(pos(&record.fen).to_fen(), record.fen);
    }
    assert_eq!(Xiangqi::start_position().to_fen(), START_FEN);
    let alias = pos("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1");
    assert_eq!(alias.to_fen(), START_FEN);
    assert_eq!(alias.key(), Xiangqi::start_position().key());
    let black = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12");
    assert!(black.to_fen().ends_with(" b - - 7 12"));
    let picture = black.pretty();
    assert!(picture
        .trim_end()
        .ends_with(&format!("Fen: {}", black.to_fen())));
}

#[test]
fn bad_fens_are_refused_with_reasons() {
    let cases = [
        ("", "empty"),
        ("hello", "ranks"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
            "needs 9",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
            "more than 9",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1x1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "`x`",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
            "`x`",
        ),
        (
            "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "generals",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
            "`x`",
        ),
        ("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 extra", "extra"),
        (
            "3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1",
            "not to move is in check",
        ),
        ("3k5/9/9/9/9/9/9/9/P8/4K4 w - - 0 1", "cannot stand"),
    ];
    for (fen, needle) in cases {
        let err = Xiangqi::from_fen(fen).unwrap_err();
        assert!(err.contains(needle), "{fen:?}: {err}");
    }
}

#[test]
fn random_garbage_never_panics() {
    let alphabet: Vec<char> = "rnbakcpehRNBAKCPEH0123456789/ wb-x".chars().collect();
    let mut rng = Rng(0xfeed_beef_cafe_f00d);
    let start = Xiangqi::start_position();
    for _ in 0..20_000 {
        let len = rng.below(70);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        if let Ok(p) = Xiangqi::from_fen(&text) {
            assert_eq!(pos(&p.to_fen()).to_fen(), p.to_fen());
            let _ = p.count_legal_moves();
        }
        let _ = start.parse_move(&text, ZERO_NINE);
        let _ = start.parse_move(&text, ONE_TEN);
    }
    let huge = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 4294967295 1";
    assert!(Xiangqi::from_fen(huge).unwrap_err().contains("4294967295"));
}

#[test]
fn move_text_good_and_bad() {
    let start = Xiangqi::start_position();
    let mv = start.parse_move("h2e2", ZERO_NINE).unwrap();
    assert_eq!(start.format_move(mv, ZERO_NINE), "h2e2");
    assert_eq!(start.format_move(mv, ONE_TEN), "h3e3");
    assert_eq!(start.parse_move("h3e3", ONE_TEN).unwrap(), mv);
    // The famous cannon capture of the horse: legal.
    assert!(start.parse_move("h2h9", ZERO_NINE).is_ok());
    let cases = [
        ("j2e2", ZERO_NINE, "file `j`"),
        ("h2e", ZERO_NINE, "missing rank"),
        ("h2e2x", ZERO_NINE, "unexpected text"),
        ("a0a10", ZERO_NINE, "rank `10`"),
        ("a1a11", ONE_TEN, "rank `11`"),
        ("a0a0", ONE_TEN, "rank `0`"),
        ("a0a5", ZERO_NINE, "illegal move `a0a5`"),
        ("h2h8", ZERO_NINE, "illegal move"),
        ("e5e6", ZERO_NINE, "no piece on e5"),
        ("a9a8", ZERO_NINE, "side not to move"),
        ("", ZERO_NINE, "expected"),
        ("é2e2", ZERO_NINE, "expected"),
    ];
    for (text, notation, needle) in cases {
        let err = start.parse_move(text, notation).unwrap_err();
        assert!(err.contains(needle), "{text}: {err}");
    }
    // A pinned chariot may not leave the file.
    let pinned = pos("3k5/4r4/9/9/4R4/9/9/9/9/4K4 w - - 0 1");
    let err = pinned.parse_move("e5a5", ZERO_NINE).unwrap_err();
    assert!(err.contains("general"), "{err}");
}

#[test]
fn move_codes_are_lossless() {
    let start = Xiangqi::start_position();
    for mv in legal(&start) {
        assert_eq!(Xiangqi::move_from_code(Xiangqi::move_code(mv)), Some(mv));
        assert!(start.history_index(mv) < Xiangqi::HISTORY_SIZE);
    }
    assert_eq!(Xiangqi::move_from_code(1 << 20), None);
    assert_eq!(Xiangqi::move_from_code(95), None);
    assert_eq!(Xiangqi::move_from_code(0), None);
}

/// A small deterministic generator for the random playouts.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn random_playouts_keep_keys_lists_and_undo_consistent() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for _ in 0..150 {
        let mut p = Xiangqi::start_position();
        let mut stack: Vec<(Move, String, u64)> = Vec::new();
        for _ in 0..rng.below(160) {
            let moves = legal(&p);
            assert_eq!(p.count_legal_moves(), moves.len() as u64);
            let mut captures = MoveList::new();
            p.tactical_moves(&mut captures);
            let expected: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| p.is_tactical(m))
                .collect();
            assert_eq!(captures.to_vec(), expected);
            for code in (0..(1u32 << 14)).filter(|_| stack.len().is_multiple_of(8)) {
                if let Some(mv) = Xiangqi::move_from_code(code) {
                    assert_eq!(p.is_legal(mv), moves.contains(&mv), "{}", p.to_fen());
                }
            }
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            stack.push((mv, p.to_fen(), p.key()));
            p.make_move(mv);
            assert_eq!(p.key(), p.key_from_scratch());
            assert_eq!(pos(&p.to_fen()).key(), p.key());
        }
        while let Some((mv, fen, key)) = stack.pop() {
            p.unmake_move(mv);
            assert_eq!(p.to_fen(), fen);
            assert_eq!(p.key(), key);
        }
    }
}

#[test]
fn end_of_game_rules() {
    let mut p = Xiangqi::start_position();
    assert_eq!(p.rule_outcome(), None);
    assert_eq!(p.no_moves_outcome(), Outcome::Loss { margin: 0 });
    let perpetual = Cycle {
        mover_always_checked: true,
        opponent_always_checked: false,
        ..Cycle::default()
    };
    assert_eq!(p.repetition_outcome(perpetual), Outcome::Win { margin: 0 });
    let both = Cycle {
        mover_always_checked: true,
        opponent_always_checked: true,
        ..Cycle::default()
    };
    assert_eq!(p.repetition_outcome(both), Outcome::Draw);
    assert_eq!(p.repetition_outcome(Cycle::default()), Outcome::Draw);
    // Only the side to move checked (its opponent closed the cycle by
    // answering the checks): the side to move is the perpetual checker.
    let checked_only_by_us = Cycle {
        mover_always_checked: false,
        opponent_always_checked: true,
        ..Cycle::default()
    };
    assert_eq!(
        p.repetition_outcome(checked_only_by_us),
        Outcome::Loss { margin: 0 }
    );
    let late = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 120 70");
    assert_eq!(late.rule_outcome(), Some(Outcome::Draw));
    // Soldier moves and captures reset the irreversible counter.
    let horse = p.parse_move("b0c2", ZERO_NINE).unwrap();
    p.make_move(horse);
    assert_eq!(p.plies_since_irreversible(), 1);
    let soldier = p.parse_move("c6c5", ZERO_NINE).unwrap();
    p.make_move(soldier);
    assert_eq!(p.plies_since_irreversible(), 0);
    // Null moves: allowed with attackers and out of check, undone exactly.
    assert!(p.null_move_allowed());
    let key = p.key();
    p.make_null_move();
    assert_ne!(p.key(), key);
    p.unmake_null_move();
    assert_eq!(p.key(), key);
    let bare = pos("5k3/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
    assert!(!bare.null_move_allowed());
    // MVV-LVA: taking a chariot beats taking a soldier.
    let q = pos("3k5/9/9/9/9/2r1p4/2P6/9/9/4K4 w - - 0 1");
    let take_chariot = q.parse_move("c3c4", ZERO_NINE).unwrap();
    assert!(q.is_tactical(take_chariot));
    assert!(q.tactical_order(take_chariot) > 0);
    // Evaluation is symmetric at the start and favours extra material.
    let mut start = Xiangqi::start_position();
    let mut flipped = start.clone();
    flipped.make_null_move();
    assert_eq!(start.evaluate(), flipped.evaluate());
    let mut up = pos("rnbakab2/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    assert!(up.evaluate() > 1000);
}
