//! Hand-built Tamerlane positions, one or more per rule, with exact move
//! lists worked out by hand from the rules page
//! (`/work/shared/rules/tamerlane.md`, cited as "rules:<line>"; the same
//! text is in `docs/rules/tamerlane.md`).

use timur::variants::tamerlane::types::Kind;
use timur::variants::tamerlane::Tamerlane;
use timur::variants::{Notation, Variant};
use timur_search::{Color, Game, MoveList, Outcome};

fn pos(tfen: &str) -> Tamerlane {
    Tamerlane::from_fen(tfen).unwrap()
}

fn moves(p: &Tamerlane) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list
        .iter()
        .map(|&m| p.format_move(m, Notation::default()))
        .collect();
    v.sort();
    v
}

fn moves_from(p: &Tamerlane, square: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| {
            m.starts_with(square) && !m[square.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

fn after(p: &Tamerlane, mv: &str) -> Tamerlane {
    let m = p.parse_move(mv, Notation::default()).unwrap();
    let mut q = p.clone();
    q.make_move(m);
    q
}

fn sq(name: &str) -> u8 {
    let f = name.as_bytes()[0];
    let r: u8 = name[1..].parse().unwrap();
    match f {
        b'l' => 110,
        b'z' => 111,
        _ => (r - 1) * 11 + (f - b'a'),
    }
}

// rules:61 "From this position perft(1) = 24: 11 pawn steps, camels c1-b4
// c1-d4 i1-h4 i1-j4, knights b2-a4 b2-c4 b2-d1 j2-h1 j2-i4 j2-k4, general
// e2-d1 e2-f1, king f2-f1."
#[test]
fn start_position_has_the_24_listed_moves() {
    let p = Tamerlane::start_position();
    assert_eq!(
        moves(&p),
        sorted(
            "a3a4 b3b4 c3c4 d3d4 e3e4 f3f4 g3g4 h3h4 i3i4 j3j4 k3k4 c1b4 c1d4 i1h4 i1j4 \
             b2a4 b2c4 b2d1 j2h1 j2i4 j2k4 e2d1 e2f1 f2f1"
        )
    );
}

// rules:31 giraffe "From a1 on an empty board: b5..b10 and e2..k2 (13 moves)".
#[test]
fn giraffe_from_the_corner() {
    let p = pos("10g/11/11/5k5/11/5K5/11/11/11/G10 w -- SCsc 00 0 40");
    assert_eq!(
        moves_from(&p, "a1"),
        sorted("a1b5 a1b6 a1b7 a1b8 a1b9 a1b10 a1e2 a1f2 a1g2 a1h2 a1i2 a1j2 a1k2")
    );
}

// rules:31 giraffe: the diagonal step needs an EMPTY square (e3 own pawn
// blocks), every passed square must be empty (c1-b1-a1 own king, e1-f1-g1
// enemy knight at distance 2: no capture), capture at the end (c8 rook).
#[test]
fn giraffe_blocked_and_capturing() {
    let p = pos("10k/9g1/2r8/11/11/11/11/4PF6/3G7/K5n4 w -- SCsc 00 0 40");
    assert_eq!(moves_from(&p, "d2"), sorted("d2c6 d2c7 d2c8"));
}

// rules:32 picket: "the first diagonal square must be empty (it may neither
// stop on nor pass over an occupied one); then any distance".
#[test]
fn picket_moves_at_least_two_squares() {
    let p = pos("10k/11/11/7t3/6pw4/4pg6/3T7/11/1n3PW5/K10 w -- SCsc 00 0 40");
    // e5 enemy at distance 1: nothing north-east; f2 own piece at distance
    // 2: nothing south-east; b2 enemy at distance 2: captured.
    assert_eq!(moves_from(&p, "d4"), sorted("d4a7 d4b6 d4b2"));
}

// rules:33-37 knight (1,2), elephant (2,2), camel (1,3), war engine (2,0)
// leap over pieces.
#[test]
fn leapers_jump() {
    let p = pos("5k3d1/2c8/7e3/n10/11/D3pe1r4/1pw1PF7/2E8/7C3/5K4N w -- SCsc 00 0 40");
    assert_eq!(moves_from(&p, "a5"), sorted("a5a3 a5a7 a5c5"));
    assert_eq!(moves_from(&p, "c3"), sorted("c3a1 c3e1 c3e5"));
    assert_eq!(moves_from(&p, "h2"), sorted("h2e1 h2e3 h2g5 h2i5 h2k3"));
    assert_eq!(moves_from(&p, "k1"), sorted("k1i2 k1j3"));
}

// rules:29-30 general one diagonal step, vizier one orthogonal step;
// rules:34 rook blocked by own and enemy pieces.
#[test]
fn general_vizier_rook() {
    let p = pos("10k/11/4r6/11/1w2PE3f2/2F4W3/11/2pr8/4R6/K10 w -- SCsc 00 0 40");
    assert_eq!(moves_from(&p, "c5"), sorted("c5b4 c5b6 c5d4 c5d6"));
    assert_eq!(moves_from(&p, "h5"), sorted("h5g5 h5h4 h5h6 h5i5"));
    assert_eq!(
        moves_from(&p, "e2"),
        sorted("e2a2 e2b2 e2c2 e2d2 e2e1 e2e3 e2e4 e2e5 e2f2 e2g2 e2h2 e2i2 e2j2 e2k2")
    );
}

// rules:40 pawns: one step forward, capture diagonally forward, no double
// step; rules:66-69 promotion to the pawn's own piece on the last rank.
#[test]
fn every_pawn_promotes_to_its_piece() {
    let white = "3r3n2w/PR1PN1PT1PG2PF1/11/5k5/11/11/5K5/11/pw1pepc2pd3pr/1R2N6 w -- SCsc 00 0 40";
    let p = pos(white);
    for (mv, at, kind) in [
        ("a9a10", "a10", Kind::Rook),
        ("c9c10", "c10", Kind::Knight),
        ("c9d10", "d10", Kind::Knight),
        ("e9e10", "e10", Kind::Picket),
        ("e9d10", "d10", Kind::Picket),
        ("g9g10", "g10", Kind::Giraffe),
        ("g9h10", "h10", Kind::Giraffe),
        ("j9j10", "j10", Kind::General),
        ("j9k10", "k10", Kind::General),
    ] {
        assert_eq!(
            after(&p, mv).piece_at(sq(at)),
            Some((Color::White, kind)),
            "{mv}"
        );
    }
    let p = pos(&white.replace(" w ", " b "));
    for (mv, at, kind) in [
        ("a2a1", "a1", Kind::Vizier),
        ("a2b1", "b1", Kind::Vizier),
        ("c2c1", "c1", Kind::Elephant),
        ("c2b1", "b1", Kind::Elephant),
        ("d2d1", "d1", Kind::Camel),
        ("d2e1", "e1", Kind::Camel),
        ("g2g1", "g1", Kind::WarEngine),
        ("k2k1", "k1", Kind::Rook),
    ] {
        assert_eq!(
            after(&p, mv).piece_at(sq(at)),
            Some((Color::Black, kind)),
            "{mv}"
        );
    }
    // No double step from the start rank.
    assert!(!moves(&Tamerlane::start_position()).contains(&"f3f5".to_string()));
}

// rules:70 "Pawn of the king → Prince"; rules:101-106 the royal count is
// taken BEFORE the move: promoting while the lone king stays attacked is
// illegal, with a second royal it is legal.
#[test]
fn pawn_of_the_king_becomes_a_prince_only_if_the_lone_king_is_safe() {
    let p = pos("3r7/4PK6/11/11/t6k3/11/1PT9/11/K10/2c8 w -- SCsc 00 0 40");
    assert_eq!(
        after(&p, "e9e10").piece_at(sq("e10")),
        Some((Color::White, Kind::Prince))
    );
    assert_eq!(
        after(&p, "e9d10").piece_at(sq("d10")),
        Some((Color::White, Kind::Prince))
    );
    // Lone king a2 in check from the rook a5, no swap right left.
    let p = pos("11/4PK6/11/11/7k3/r10/11/11/K10/11 w -- Csc 00 0 40");
    assert!(p.in_check());
    assert_eq!(moves(&p), sorted("a2b1 a2b2 a2b3"));
    // The same with an adventitious king on k1: two royals, any move goes
    // (and the adventitious king may enter its own citadel l2).
    let p = pos("11/4PK6/11/11/7k3/r10/11/11/K10/10A w -- Csc 30 0 40");
    assert!(!p.in_check());
    assert_eq!(
        moves(&p),
        sorted("a2a1 a2a3 a2b1 a2b2 a2b3 e9e10 k1j1 k1j2 k1k2 k1l2")
    );
}

// rules:73-75 first arrival: the pawn of pawns stays, cannot move and
// cannot be captured.
#[test]
fn pawn_of_pawns_parks_on_first_arrival() {
    let p = pos("r3f6/3PP7/1n9/6t1w2/10k/11/11/11/11/5K5 w -- SCsc 00 0 40");
    assert_eq!(moves_from(&p, "d9"), sorted("d9d10 d9e10"));
    let q = after(&p, "d9d10");
    assert_eq!(q.piece_at(sq("d10")), Some((Color::White, Kind::PawnPawn)));
    assert_eq!(q.pawn_of_pawns_arrivals(Color::White), 1);
    // The rook a10 sees d10 but cannot take the parked pawn.
    assert_eq!(
        moves_from(&q, "a10"),
        sorted("a10a9 a10a8 a10a7 a10a6 a10a5 a10a4 a10a3 a10a2 a10a1 a10b10 a10c10")
    );
    // The parked pawn has no steps or captures of its own; its only move
    // is the relocation to h6, forking the picket g7 and the vizier i7.
    let q = after(&q, "a10a9");
    assert_eq!(moves_from(&q, "d10"), sorted("d10h6"));
}

// rules:75-86 relocation onto a square from which the pawn attacks two
// enemy pieces: empty (c7, g5), a foe (e5), a friend (i5), forking the king
// (g8); never onto a royal (h3) nor the first or last rank (d1).
#[test]
fn relocation_targets() {
    let p = pos("PP10/5k1n3/1r1e7/11/3c1w1g1d1/4pn3R2/6t1w2/7K3/2pe1pw6/11 w -- SCsc 10 0 40");
    assert_eq!(
        moves_from(&p, "a10"),
        sorted("a10c7 a10e5 a10g5 a10g8 a10i5")
    );
    let q = after(&p, "a10i5");
    assert_eq!(q.piece_at(sq("i5")), Some((Color::White, Kind::PawnPawn)));
    assert_eq!(q.piece_at(sq("a10")), None);
    assert_eq!(q.count(Color::White, Kind::Rook), 0);
    // It then moves on as an ordinary pawn: i6, or captures h6 and j6.
    let q = after(&q, "h9g7");
    assert_eq!(moves_from(&q, "i5"), sorted("i5h6 i5i6 i5j6"));
}

// rules:75-86 with rules:101 a relocation may not expose the lone king;
// rules:114 royal swap never with a parked pawn of pawns.
#[test]
fn relocation_in_check_and_pinned() {
    let p = pos("10PP/11/3n1g5/4r6/11/Nc1w6k/11/3t1e5/11/4K6 w -- SCsc 10 0 40");
    assert!(p.in_check());
    assert_eq!(moves(&p), sorted("e1a5 e1d2 e1f2 k10e2 k10e7"));
    let p = pos("r5PPK3/11/11/11/2n1w6/11/11/2k8/9R1/11 w -- SCsc 10 0 40");
    assert!(moves_from(&p, "g10").is_empty());
}

// rules:87-96 second arrival: to f3, removing a non-royal piece there; if a
// royal stands there, White tries e, g, d, h, …; Black g, e, h, d, ….
#[test]
fn second_arrival_transfers() {
    let p = pos("1n1r7/2PP8/10k/11/11/11/6pw4/11/11/K10 w -- SCsc 10 0 40");
    let q = after(&p, "c9c10");
    assert_eq!(q.piece_at(sq("f3")), Some((Color::White, Kind::PawnPawn)));
    assert_eq!(q.piece_at(sq("c10")), None);
    assert_eq!(q.pawn_of_pawns_arrivals(Color::White), 2);
    let p = pos("8g2/7PP3/10k/11/11/2pt8/11/5n5/11/K10 w -- SCsc 10 0 40");
    let q = after(&p, "h9h10");
    assert_eq!(q.piece_at(sq("f3")), Some((Color::White, Kind::PawnPawn)));
    assert_eq!(q.count(Color::Black, Kind::Knight), 0);
    // King f3 and prince e3: the pawn goes to g3 and removes the own rook.
    let p = pos("2r8/1PP9/10k/11/9pd1/11/11/4XKR4/11/11 w -- SCsc 10 0 40");
    let q = after(&p, "b9b10");
    assert_eq!(q.piece_at(sq("g3")), Some((Color::White, Kind::PawnPawn)));
    assert_eq!(q.count(Color::White, Kind::Rook), 0);
    // Black's king on f8: the mirror order tries g8 first (empty), so the
    // white knight on e8 stays.
    let p = pos("11/11/4Nk5/11/11/8r2/11/11/1K1pp7/7c3 b -- SCsc 01 0 40");
    let q = after(&p, "d2d1");
    assert_eq!(q.piece_at(sq("g8")), Some((Color::Black, Kind::PawnPawn)));
    assert_eq!(q.piece_at(sq("e8")), Some((Color::White, Kind::Knight)));
    assert_eq!(q.piece_at(sq("d1")), None);
}

// rules:97 third arrival: an adventitious king; rules:101 not while the
// lone king stays attacked.
#[test]
fn third_arrival_makes_an_adventitious_king() {
    let p = pos("10r/9PP1/2k8/11/11/11/n10/11/11/5K5 w -- SCsc 20 0 40");
    assert_eq!(
        after(&p, "j9j10").piece_at(sq("j10")),
        Some((Color::White, Kind::AdvKing))
    );
    assert_eq!(
        after(&p, "j9k10").piece_at(sq("k10")),
        Some((Color::White, Kind::AdvKing))
    );
    let p = pos("11/4PP6/11/11/7k3/r10/11/11/K10/11 w -- Csc 20 0 40");
    assert_eq!(moves(&p), sorted("a2b1 a2b2 a2b3"));
}

// rules:107-110 attacks with two royals: either may stand attacked; the
// side is not "in check".
#[test]
fn two_royals_may_stand_attacked() {
    let p = pos("11/5k5/11/3r2n4/11/4X6/7c3/11/5K5/R10 w -- SCsc 00 0 40");
    assert!(!p.in_check());
    // The prince e5 (attacked by the camel h4) may stay or step anywhere.
    assert_eq!(
        moves_from(&p, "e5"),
        sorted("e5d4 e5d5 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6")
    );
}

// rules:114-125 royal swap in check: with b1, c3, h4 allowed, with b8
// refused (attacked there); once used, gone.
#[test]
fn royal_swap_in_check() {
    let p = pos("11/10k/1W2r6/11/11/11/7R3/2PF8/11/1N2K6 w -- SCsc 00 0 40");
    assert_eq!(moves(&p), sorted("e1b1 e1c3 e1d1 e1d2 e1f1 e1f2 e1h4 h4e4"));
    let q = after(&p, "e1c3");
    assert_eq!(q.piece_at(sq("c3")), Some((Color::White, Kind::King)));
    // "A partner pawn may land on its own FIRST rank".
    assert_eq!(
        q.piece_at(sq("e1")),
        Some((Color::White, Kind::PawnGeneral))
    );
    assert_eq!(q.to_fen().split(' ').nth(3), Some("Csc"));
    let p = pos("11/10k/1W2r6/11/11/11/7R3/2PF8/11/1N2K6 w -- Csc 00 0 40");
    assert_eq!(moves(&p), sorted("e1d1 e1d2 e1f1 e1f2 h4e4"));
}

// rules:114-125 "no other legal move": the swap with the blocked pawn h5
// is the only move (the swap with a2 is refused: the knight c3 attacks a2);
// rules:111 with the swap used, no move at all is a loss.
#[test]
fn royal_swap_without_other_moves_and_stalemate_loss() {
    let p = pos("11/10k/11/11/7t3/7PW3/11/pr1n8/PR10/K10 w -- SCsc 00 0 40");
    assert!(!p.in_check());
    assert_eq!(moves(&p), sorted("a1h5"));
    let p = pos("11/10k/11/11/7t3/7PW3/11/pr1n8/PR10/K10 w -- Csc 00 0 40");
    assert!(moves(&p).is_empty());
    assert_eq!(p.no_moves_outcome(), Outcome::Loss { margin: 0 });
}

// rules:118-119 "no pawn lands on its own last rank".
#[test]
fn royal_swap_never_puts_a_pawn_on_its_last_rank() {
    let p = pos("3K7/11/11/10k/11/1PT9/3r7/11/9N1/11 w -- SCsc 00 0 40");
    assert_eq!(moves(&p), sorted("d10c10 d10c9 d10e10 d10e9 d10j2"));
}

// rules:129-131 the top royal enters the empty enemy citadel: a draw, also
// in check; the game is over (no moves, rule outcome Draw).
#[test]
fn citadel_entry_is_a_draw() {
    let p = pos("11/5k5/K6r3/11/11/11/2PF8/11/11/11 w -- Ssc 00 0 40");
    assert!(p.in_check());
    assert_eq!(moves(&p), sorted("a8a7 a8a9 a8b7 a8b9 a8c4 a8z9"));
    let q = after(&p, "a8z9");
    assert_eq!(q.rule_outcome(), Some(Outcome::Draw));
    assert!(moves(&q).is_empty());
    assert!(p.rule_outcome().is_none());
}

// rules:132-139 citadel swap with the prince (`a9z9x`); the prince itself
// is not the top royal and may not enter.
#[test]
fn citadel_swap_with_the_prince() {
    let p = pos("X10/K10/7k3/11/5n5/2r8/11/11/4R6/11 w -- SCsc 00 0 40");
    assert_eq!(
        moves_from(&p, "a9"),
        sorted("a9a8 a9b10 a9b8 a9b9 a9z9 a9z9x")
    );
    assert_eq!(moves_from(&p, "a10"), sorted("a10b10 a10b9"));
    let q = after(&p, "a9z9x");
    assert_eq!(q.piece_at(111), Some((Color::White, Kind::Prince)));
    assert_eq!(q.piece_at(sq("a10")), Some((Color::White, Kind::King)));
    assert_eq!(q.rule_outcome(), None);
    assert_eq!(q.to_fen().split(' ').nth(2), Some("-X"));
    assert_eq!(q.to_fen().split(' ').nth(3), Some("Ssc"));
}

// rules:132-139, 154 black prince (top royal) enters l2: `k3l2` draw or
// `k3l2a` swap with the adventitious king.
#[test]
fn citadel_swap_with_the_adventitious_king() {
    let p = pos("11/11/6r4/11/3a7/11/11/10x/2K8/5R5 b -- Ssc 03 0 40");
    assert_eq!(
        moves_from(&p, "k3"),
        sorted("k3j2 k3j3 k3j4 k3k2 k3k4 k3l2 k3l2a")
    );
    let q = after(&p, "k3l2a");
    assert_eq!(q.piece_at(110), Some((Color::Black, Kind::AdvKing)));
    assert_eq!(q.piece_at(sq("d6")), Some((Color::Black, Kind::Prince)));
    assert_eq!(q.to_fen().split(' ').nth(3), Some("Ss"));
}

// rules:140-144 only an adventitious king enters its own citadel; there it
// is immune and the enemy cannot enter.
#[test]
fn adventitious_king_in_its_own_citadel() {
    let p = pos("11/7r3/11/11/11/2K8/11/10A/R10/10k w -- SCsc 30 0 40");
    assert!(moves(&p).contains(&"k3l2".to_string()));
    // The king c5 is not next to a citadel; after a quiet move Black's king
    // k1 may draw by entering the empty l2 ...
    assert!(moves(&after(&p, "a2a3")).contains(&"k1l2".to_string()));
    // ... but not once the adventitious king stands there.
    assert!(!moves(&after(&p, "k3l2")).contains(&"k1l2".to_string()));
    // White's only royal in l2: Black's king k2 is in check from it, may not
    // enter, and nothing captures it.
    let p = pos("11/11/11/11/10r/11/5N5/11/8n1k/2R8 b A- Cc 30 0 40");
    assert!(p.in_check());
    assert_eq!(moves(&p), sorted("k2j2 k2j3"));
}

// rules:145-150 an enemy royal in MY citadel is attacked only by my
// adjacent adventitious king, which may capture it there.
#[test]
fn royal_in_the_enemy_citadel() {
    // White's king a8 cannot enter the occupied z9; the prince leaves it.
    let p = pos("n10/4c6/K10/7k3/11/11/11/11/11/3R7 w -X Ssc 00 0 40");
    assert_eq!(moves_from(&p, "z9"), sorted("z9a10 z9a9"));
    assert!(!moves(&p).iter().any(|m| m.starts_with("a8z9")));
    // Black's adventitious king a8 takes White's prince in z9.
    let p = pos("11/5k5/a10/11/11/11/11/11/5K5/11 b -X Ssc 00 0 40");
    assert!(moves(&p).contains(&"a8z9".to_string()));
    assert_eq!(
        after(&p, "a8z9").piece_at(111),
        Some((Color::Black, Kind::AdvKing))
    );
    // White's prince alone in z9 next to that adventitious king: in check;
    // a9 is attacked, a10 is not, a8 can be captured.
    let p = pos("11/5k5/a10/11/11/11/11/11/11/11 w -X Ssc 00 0 40");
    assert!(p.in_check());
    assert_eq!(moves(&p), sorted("z9a10 z9a8"));
}

// rules:179-186 move text: long algebraic, relocation `a10e5`, citadel
// swap suffix; errors name the token.
#[test]
fn move_text_errors_name_the_token() {
    let p = Tamerlane::start_position();
    let err = p.parse_move("f3f5", Notation::default()).unwrap_err();
    assert!(err.contains("f3f5"), "{err}");
    let err = p.parse_move("f3f4q", Notation::default()).unwrap_err();
    assert!(err.contains("f3f4q"), "{err}");
    let err = p.parse_move("", Notation::default()).unwrap_err();
    assert!(err.contains("``"), "{err}");
    let p = pos("11/5k5/K6r3/11/11/11/2PF8/11/11/11 w -- Ssc 00 0 40");
    let q = after(&p, "a8z9");
    let err = q.parse_move("z9a9", Notation::default()).unwrap_err();
    assert!(err.contains("over"), "{err}");
}

// rules:87-96 with rules:101: the second arrival lifts the pawn off the
// last rank; taking the knight c10 that way would open the rook a10's line
// to the lone king e10, so b9c10 is illegal, while b9b10 and b9a10 are not.
#[test]
fn transfer_may_not_open_a_line_to_the_lone_royal() {
    let p = pos("r1n1K6/1PP9/11/11/11/11/11/11/11/10k w -- SCsc 10 0 40");
    assert_eq!(moves_from(&p, "b9"), sorted("b9a10 b9b10"));
}
