//! Property tests of the chess text parsers: random and mutated FENs and
//! move texts never panic; what is accepted round-trips and generates moves.

use proptest::prelude::*;
use timur::variants::chess::Chess;
use timur::variants::{Notation, Variant};
use timur_search::{Game, MoveList};

const SEEDS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

fn mutate(text: &str, edits: &[(usize, u8)]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for &(at, byte) in edits {
        if bytes.is_empty() {
            break;
        }
        let at = at % bytes.len();
        match byte % 3 {
            0 => bytes[at] = byte,
            1 => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, byte),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn check_accepted(pos: &Chess) {
    let again = Chess::from_fen(&pos.to_fen()).expect("written FEN reads back");
    assert_eq!(again.to_fen(), pos.to_fen());
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len() as u64, pos.count_legal_moves());
    for &mv in &moves {
        let text = pos.format_move(mv, Notation::default());
        assert_eq!(pos.parse_move(&text, Notation::default()), Ok(mv));
        let mut child = pos.clone();
        child.make_move(mv);
        child.unmake_move(mv);
        assert_eq!(child.to_fen(), pos.to_fen());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn random_text_never_panics(text in "\\PC{0,80}") {
        if let Ok(pos) = Chess::from_fen(&text) {
            check_accepted(&pos);
        }
        let start = Chess::start_position();
        let _ = start.parse_move(&text, Notation::default());
    }

    #[test]
    fn mutated_fens_never_panic(seed in 0usize..4, edits in prop::collection::vec((0usize..200, any::<u8>()), 1..6)) {
        let text = mutate(SEEDS[seed], &edits);
        match Chess::from_fen(&text) {
            Ok(pos) => check_accepted(&pos),
            Err(why) => prop_assert!(!why.is_empty()),
        }
    }

    #[test]
    fn move_like_text_never_panics(text in "[a-j][0-9][a-j][0-9][qrbnkxQ]?") {
        for seed in SEEDS {
            let pos = Chess::from_fen(seed).expect("seed FEN");
            for king_takes_rook in [false, true] {
                let notation = Notation { king_takes_rook, ..Notation::default() };
                if let Ok(mv) = pos.parse_move(&text, notation) {
                    let mut moves = MoveList::new();
                    pos.legal_moves(&mut moves);
                    prop_assert!(moves.contains(&mv));
                }
            }
        }
    }
}
