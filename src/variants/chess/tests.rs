//! Unit tests over the whole chess module: perft of small positions,
//! incremental keys, make/unmake, notation.

use super::*;
use crate::perft::perft;
use crate::variants::{Notation, Variant};
use timur_search::{Game, MoveList};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn small_perfts() {
    let mut start = Chess::start_position();
    assert_eq!(perft(&mut start, 3), 8902);
    let mut kiwi = Chess::from_fen(KIWIPETE).unwrap();
    assert_eq!(perft(&mut kiwi, 2), 2039);
    let mut ep = Chess::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
    assert_eq!(perft(&mut ep, 4), 43238);
}

/// Plays seeded random games, checking at every ply that the incremental key
/// equals the key from scratch, that make/unmake restores the position, and
/// that the counting generator agrees with the listing one.
#[test]
fn random_playouts_keep_keys_and_positions_exact() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for game in 0..200 {
        let mut pos = if game % 2 == 0 {
            Chess::start_position()
        } else {
            Chess::from_fen(KIWIPETE).unwrap()
        };
        for _ in 0..120 {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            assert_eq!(moves.len() as u64, pos.count_legal_moves());
            let mut tactical = MoveList::new();
            pos.tactical_moves(&mut tactical);
            assert!(tactical
                .iter()
                .all(|m| moves.contains(m) && pos.is_tactical(*m)));
            if moves.is_empty() {
                break;
            }
            let before = pos.fen();
            let key = pos.key();
            let mv = moves[(rand() % moves.len() as u64) as usize];
            pos.make_move(mv);
            assert_eq!(
                pos.key(),
                pos.key_from_scratch(),
                "after {mv:?} from {before}"
            );
            assert_eq!(
                Chess::from_fen(&pos.fen()).unwrap().key(),
                pos.key(),
                "FEN round trip keeps the key"
            );
            pos.unmake_move(mv);
            assert_eq!((pos.fen(), pos.key()), (before, key));
            pos.make_move(mv);
        }
    }
}

#[test]
fn castling_notation_by_mode() {
    let pos = Chess::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let orthodox = Notation::default();
    let chess960 = Notation {
        king_takes_rook: true,
        ..Notation::default()
    };
    let short = pos.parse_move("e1g1", orthodox).unwrap();
    assert_eq!(short.kind(), MoveKind::Castle);
    assert_eq!(pos.format_move(short, chess960), "e1h1");
    assert_eq!(pos.parse_move("e1h1", chess960).unwrap(), short);
    // The other mode's castling text is accepted where it is unambiguous.
    assert_eq!(pos.parse_move("e1h1", orthodox).unwrap(), short);
    assert_eq!(
        pos.parse_move("e1c1", chess960).unwrap().kind(),
        MoveKind::Castle
    );
    assert!(pos
        .parse_move("e1e3", orthodox)
        .unwrap_err()
        .contains("not a legal move"));
    assert!(pos
        .parse_move("e9e3", orthodox)
        .unwrap_err()
        .contains("not a move"));
    assert!(pos.parse_move("", orthodox).is_err());
    assert!(pos.parse_move("e1é1", orthodox).is_err());
}

#[test]
fn promotions_and_game_ends() {
    let pos = Chess::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let mv = pos.parse_move("a7a8n", Notation::default()).unwrap();
    assert_eq!(mv.kind(), MoveKind::Promotion(Kind::Knight));
    assert_eq!(pos.format_move(mv, Notation::default()), "a7a8n");
    let mate = Chess::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(mate.count_legal_moves(), 0);
    assert_eq!(
        mate.no_moves_outcome(),
        timur_search::Outcome::Loss { margin: 0 }
    );
    let stalemate = Chess::from_fen("7k/8/6QK/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(stalemate.count_legal_moves(), 0);
    assert_eq!(stalemate.no_moves_outcome(), timur_search::Outcome::Draw);
    let bare = Chess::from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
    assert_eq!(bare.rule_outcome(), Some(timur_search::Outcome::Draw));
}

/// Whether each legal move gives check, asked from the board and by
/// playing it, at every node to `depth`; counts the checks seen.
fn gives_check_as_played(pos: &mut Chess, depth: u32, checks: &mut u64) {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    for &mv in moves.iter() {
        let asked = Game::gives_check(pos, mv);
        pos.make_move(mv);
        let played = pos.in_check();
        assert_eq!(asked, played, "{mv:?} in {}", {
            pos.unmake_move(mv);
            let fen = pos.fen();
            pos.make_move(mv);
            fen
        });
        *checks += u64::from(played);
        if depth > 1 {
            gives_check_as_played(pos, depth - 1, checks);
        }
        pos.unmake_move(mv);
    }
}

#[test]
fn gives_check_agrees_with_playing_the_move() {
    let positions = [
        KIWIPETE,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        // Discovered checks by every slider, a pinned piece, promotions.
        "4k3/8/4N3/8/1B6/4R3/2Q1P3/4K3 w - - 0 1",
        "3k4/1P6/8/2b5/3PN3/8/8/R3K2R w KQ - 0 1",
        // Chess960: castling into check, king and rook on their own files.
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];
    let mut checks = 0;
    for fen in positions {
        let mut pos = Chess::from_fen(fen).unwrap();
        gives_check_as_played(&mut pos, 3, &mut checks);
    }
    assert!(checks > 1000, "only {checks} checks seen");
}
