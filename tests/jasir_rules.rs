//! One hand-built position per rule of `docs/rules/jasir.md` (the project's
//! copy of the shared rules page) with its exact legal moves; the seed's
//! sample game; JFEN round trips and errors; move text errors; Zobrist keys.

use timur::variants::jasir::{GameResult, Jasir, Rules};
use timur::variants::Variant;
use timur_search::{Color, Game, Outcome};

fn pos(fen: &str, rules: Rules) -> Jasir {
    Jasir::from_fen_for(fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &Jasir) -> String {
    let mut v: Vec<String> = p
        .moves()
        .iter()
        .map(|&m| p.format_move(m, Default::default()))
        .collect();
    v.sort();
    assert_eq!(p.count_legal_moves(), v.len() as u64, "{}", p.to_fen());
    v.join(" ")
}

fn play(p: &mut Jasir, list: &str) {
    for text in list.split_whitespace() {
        let m = p
            .parse_move(text, Default::default())
            .unwrap_or_else(|e| panic!("{}: {e}", p.to_fen()));
        p.make_move(m);
        assert_eq!(p.key(), p.key_from_scratch(), "after {text}");
    }
}

fn win(winner: Color, points: u32) -> Option<GameResult> {
    let mut p = [0, 0];
    p[winner.index()] = points;
    Some(GameResult {
        winner: Some(winner),
        points: p,
    })
}

// "perft(1) = 11 in both variants: a1b3 a1c2 b1a3 b1d2 c1a2 c1d3 c1e2 d1b2 d1c3 e1c2 e1d3"
#[test]
fn start_position_moves() {
    for rules in [Rules::Jasir, Rules::Jarmo] {
        let p = Jasir::start_position_for(rules);
        assert_eq!(p.to_fen(), "sssss/5/5/5/SSSSS w 0/0 -/- 0 1");
        assert_eq!(
            moves(&p),
            "a1b3 a1c2 b1a3 b1d2 c1a2 c1d3 c1e2 d1b2 d1c3 e1c2 e1d3"
        );
    }
    assert_eq!(
        Jasir::start_position(),
        Jasir::start_position_for(Rules::Jasir)
    );
}

// "Worked example (the seed's game): `b1d2 d5b4 c1d3 e5d3 d2d3 b4d3 e1d3` (the two
// captures of each side may come in either order) gives `sss2/5/3E1/5/S2S1 b 1/2 -/- 0 4`"
#[test]
fn seed_sample_game() {
    for line in [
        "b1d2 d5b4 c1d3 e5d3 d2d3 b4d3 e1d3",
        "b1d2 d5b4 c1d3 b4d3 e1d3 e5d3 d2d3",
    ] {
        let mut p = Jasir::start_position();
        play(&mut p, line);
        assert_eq!(p.to_fen(), "sss2/5/3E1/5/S2S1 b 1/2 -/- 0 4", "{line}");
    }
    // "After Black's `S@e5` ... White's legal moves are S@b1 S@c1 S@e1 a1b3 a1c2 d1b2
    // d1c3 d3b4 d3d4 — not d3e5." (base immunity)
    let mut p = pos("sss2/5/3E1/5/S2S1 b 1/2 -/- 0 4", Rules::Jasir);
    play(&mut p, "S@e5");
    assert_eq!(p.to_fen(), "sss1s/5/3E1/5/S2S1 w 1/1 -/- 0 5");
    assert_eq!(moves(&p), "S@b1 S@c1 S@e1 a1b3 a1c2 d1b2 d1c3 d3b4 d3d4");
    let err = p.parse_move("d3e5", Default::default()).unwrap_err();
    assert!(err.contains("d3e5") && err.contains("not legal"), "{err}");
    // "Readers may also accept `s@e5`."
    let mut q = pos("sss2/5/3E1/5/S2S1 b 1/2 -/- 0 4", Rules::Jasir);
    play(&mut q, "s@e5");
    assert_eq!(q, p);
}

// "No backward moves ... c2-e3 and c2-b2 are legal for White, c2-a1 never is."
#[test]
fn jasir_no_backward_moves() {
    assert_eq!(
        moves(&pos("s4/5/5/2S2/5 w 0/0 -/- 0 1", Rules::Jasir)),
        "c2b2 c2d2 c2e3"
    );
    // Black: forward is down; sideways both ways
    assert_eq!(
        moves(&pos("5/2s2/5/5/S4 b 0/0 -/- 0 1", Rules::Jasir)),
        "c4b2 c4b4 c4d4"
    );
}

// "Frozen: an archer standing on its enemy base ... never moves again."
#[test]
fn frozen_archers() {
    assert_eq!(
        moves(&pos("SE1s1/5/5/2S2/5 w 0/0 -/- 0 1", Rules::Jasir)),
        "c2b2 c2d2 c2e3"
    );
    // Jarmo: still frozen though backward steps exist
    assert_eq!(moves(&pos("S4/5/5/5/4s w 0/0 -/- 0 1", Rules::Jarmo)), "");
}

// "the capturer, if simple, becomes elite" / "A captured simple archer dies" /
// "A captured elite archer lives: it is given back to its owner, as a simple archer,
// into the owner's hand."
#[test]
fn jasir_capture_fates() {
    let mut p = pos("s4/1s3/3S1/5/S4 w 0/0 -/- 0 1", Rules::Jasir);
    play(&mut p, "d3b4");
    assert_eq!(p.to_fen(), "s4/1E3/5/5/S4 b 0/0 -/- 0 1");
    let mut p = pos("5/1e1s1/3E1/5/S4 w 0/0 -/- 0 1", Rules::Jasir);
    play(&mut p, "d3b4");
    assert_eq!(p.to_fen(), "5/1E1s1/5/5/S4 b 0/1 -/- 0 1");
    // "Re-entry: ... put one of them, as a simple archer, on an empty hole of its own base row"
    assert_eq!(moves(&p), "S@a5 S@b5 S@c5 S@d5 S@e5 d4c4 d4d3 d4e2");
    play(&mut p, "S@c5");
    assert_eq!(p.to_fen(), "2s2/1E1s1/5/5/S4 w 0/0 -/- 0 2");
}

// "(b) Elimination: a side has no living archer ... That side loses." and
// "Score: the winner scores one point per archer of its own on the board"
#[test]
fn jasir_elimination() {
    let mut p = pos("5/1s3/3E1/5/S4 w 0/0 -/- 0 1", Rules::Jasir);
    assert_eq!(moves(&p), "a1b3 a1c2 d3b4 d3d4 d3e5");
    play(&mut p, "d3b4");
    assert_eq!(p.result(), win(Color::White, 2));
    assert_eq!(moves(&p), "");
    assert_eq!(p.rule_outcome(), Some(Outcome::Loss { margin: 2 }));
}

// "(a) All home: all the living archers of a side ... stand on its enemy base.
// That side wins."
#[test]
fn jasir_all_home() {
    let mut p = pos("SE3/1S3/2s2/4s/5 w 0/1 -/- 0 1", Rules::Jasir);
    assert_eq!(moves(&p), "b4c4 b4d5");
    play(&mut p, "b4d5");
    assert_eq!(p.result(), win(Color::White, 3));
    assert_eq!(p.rule_outcome(), Some(Outcome::Loss { margin: 3 }));
    // "A JFEN may show a finished game; it then has no legal moves."
    let f = pos("SE1S1/5/2s2/4s/5 b 0/1 -/- 1 1", Rules::Jasir);
    assert_eq!(moves(&f), "");
    assert_eq!(f.rule_outcome(), Some(Outcome::Loss { margin: 3 }));
    // archers in hand are living: not home yet
    let h = pos("SE1S1/5/2s2/4s/5 b 1/1 -/- 1 1", Rules::Jasir);
    assert_eq!(h.rule_outcome(), None);
}

// "if White kills Black's last archer outside White's base ... while all of Black's
// other living archers stand on White's base, Black wins."
#[test]
fn jasir_opponent_all_home() {
    let mut p = pos("4S/1s3/3E1/5/s1s2 w 0/0 -/- 0 1", Rules::Jasir);
    assert_eq!(moves(&p), "d3b4 d3d4");
    play(&mut p, "d3b4");
    assert_eq!(p.result(), win(Color::Black, 2));
    // Black is to move and has won
    assert_eq!(p.rule_outcome(), Some(Outcome::Win { margin: 2 }));
}

// "if both sides are winners at once ... the side that has just moved (the side
// not to move) wins."
#[test]
fn jasir_both_winners() {
    let p = pos("S4/5/5/5/s4 w 0/0 -/- 0 1", Rules::Jasir);
    assert_eq!(p.result(), win(Color::Black, 1));
    let p = pos("S4/5/5/5/s4 b 0/0 -/- 0 1", Rules::Jasir);
    assert_eq!(p.result(), win(Color::White, 1));
}

// "No legal move — ... the game ends and that side loses."
#[test]
fn jasir_no_legal_move_loses() {
    let mut p = pos("s1S2/4S/5/5/5 b 0/0 -/- 0 1", Rules::Jasir);
    assert_eq!(moves(&p), "a5b3 a5c4");
    play(&mut p, "a5b3");
    assert_eq!(moves(&p), "");
    assert_eq!(p.rule_outcome(), None);
    assert_eq!(p.no_moves_outcome(), Outcome::Loss { margin: 1 });
    assert_eq!(p.result(), win(Color::Black, 1));
}

// "Base immunity ... cannot be captured, unless the capturing side has no other
// legal move ... every such capture is legal"
#[test]
fn base_immunity() {
    let p = pos("sssss/S3S/5/5/5 w 0/0 -/- 0 1", Rules::Jasir);
    assert_eq!(moves(&p), "a4c5 e4c5");
    // Jarmo keeps it: "e4xc5 is illegal while a1 and e4 have other moves"
    let p = pos("2s2/4S/5/5/S4 w 0/0 -/- 0 1", Rules::Jarmo);
    assert_eq!(moves(&p), "a1b3 a1c2 e4c3");
    // a re-entry is an "other move"
    let p = pos("sssss/S3S/5/5/5 w 1/0 -/- 0 1", Rules::Jasir);
    assert_eq!(moves(&p), "S@a1 S@b1 S@c1 S@d1 S@e1");
}

// Jarmo "Backward moves are allowed" and "no b3-c3 segment"
#[test]
fn jarmo_backward_and_board() {
    assert_eq!(
        moves(&pos("s4/5/2S2/5/5 w 0/0 -/- 0 1", Rules::Jarmo)),
        "c3a2 c3a4 c3d1 c3e4"
    );
    assert_eq!(
        moves(&pos("s4/5/2S2/5/5 w 0/0 -/- 0 1", Rules::Jasir)),
        "c3a4 c3b3 c3e4"
    );
}

// "A side may not make a third reversal in a row. E.g. White plays b2c2, then c2b2
// (1st reversal), then b2c2 (2nd); on its next turn c2b2 would be the 3rd and is illegal."
#[test]
fn jarmo_shuttle_limit() {
    let mut p = pos("s4/5/5/1S3/5 w 0/0 -/- 0 1", Rules::Jarmo);
    play(&mut p, "b2c2 a5b3 c2b2 b3a5 b2c2 a5b3");
    assert_eq!(p.to_fen(), "5/5/1s3/2S2/5 w 0/0 b2c2:2/a5b3:2 6 4");
    assert_eq!(moves(&p), "c2a1 c2d2 c2e1 c2e3");
    let q = pos("s4/5/5/2S2/5 w 0/0 b2c2:1/- 0 1", Rules::Jarmo);
    assert_eq!(moves(&q), "c2a1 c2b2 c2d2 c2e1 c2e3");
    // another move resets the count
    let mut r = pos("s4/5/5/2S2/5 w 0/0 b2c2:2/- 0 1", Rules::Jarmo);
    play(&mut r, "c2d2 a5b3 d2c2 b3a5");
    assert_eq!(r.shuttle(Color::White), Some((13 - 5, 7, 1)));
    assert!(moves(&r).contains("c2d2"));
}

// "Every captured archer, simple or elite, goes to its owner's hand" and "Re-entry only
// on an elite's arrival ... the arriving elite is then demoted to simple."
#[test]
fn jarmo_reentry_on_arrival() {
    let mut p = pos("s4/5/3E1/5/S1S2 w 2/0 -/- 0 1", Rules::Jarmo);
    assert_eq!(
        moves(&p),
        "a1b3 a1c2 c1a2 c1e2 d3b4 d3d2 d3d4 d3e1 d3e5 d3e5b d3e5d d3e5e"
    );
    play(&mut p, "d3e5b");
    assert_eq!(p.to_fen(), "s3S/5/5/5/SSS2 b 1/0 d3e5:0/- 0 1");
    // without re-entry the arriving archer stays elite
    let mut q = pos("s4/5/3E1/5/S1S2 w 2/0 -/- 0 1", Rules::Jarmo);
    play(&mut q, "d3e5");
    assert_eq!(q.to_fen(), "s3E/5/5/5/S1S2 b 2/0 d3e5:0/- 1 1");
    // a simple archer promoted by its capture on arrival counts as an elite arriving
    let p = pos("s1ss1/4S/5/5/5 w 1/2 c3e4:2/- 0 1", Rules::Jarmo);
    assert_eq!(moves(&p), "e4c5 e4c5a e4c5b e4c5c e4c5d e4c5e");
    // capturing a simple archer sends it to the hand
    let mut c = pos("2S2/s4/5/5/4S b 3/1 -/- 0 1", Rules::Jarmo);
    assert_eq!(moves(&c), "a4c3 a4c5");
    play(&mut c, "a4c5");
    assert_eq!(c.to_fen(), "2e2/5/5/5/4S w 4/1 -/a4c5:0 0 2");
}

// Jarmo "End of the game ... 2 points per own archer on the enemy base, 1 point per
// own archer elsewhere on the board ... equal points is a draw."
#[test]
fn jarmo_end_and_score() {
    let mut p = pos("SS3/5/3S1/s1s2/s1s2 w 0/1 -/- 0 1", Rules::Jarmo);
    assert_eq!(moves(&p), "d3b4 d3c1 d3d2 d3d4 d3e1 d3e5");
    play(&mut p, "d3e5");
    assert_eq!(
        p.result(),
        Some(GameResult {
            winner: None,
            points: [6, 6]
        })
    );
    assert_eq!(p.rule_outcome(), Some(Outcome::Draw));
    // "Decision: also when it has none on the board"
    let mut q = pos("5/1s3/3E1/5/S4 w 0/4 -/- 0 1", Rules::Jarmo);
    play(&mut q, "d3b4");
    assert_eq!(
        q.result(),
        Some(GameResult {
            winner: Some(Color::White),
            points: [2, 0]
        })
    );
    assert_eq!(q.rule_outcome(), Some(Outcome::Loss { margin: 2 }));
}

#[test]
fn jfen_round_trip() {
    for (fen, rules) in [
        ("sssss/5/5/5/SSSSS w 0/0 -/- 0 1", Rules::Jasir),
        ("sss2/5/3E1/5/S2S1 b 1/2 -/- 0 4", Rules::Jasir),
        ("s4/5/5/2S2/5 w 0/0 b2c2:2/- 0 1", Rules::Jarmo),
        ("sss2/5/3E1/5/S2S1 b 2/2 e1d3:0/b4d3:0 0 4", Rules::Jarmo),
        ("2e2/5/5/5/4S w 4/1 -/a4c5:0 17 30", Rules::Jarmo),
    ] {
        let p = pos(fen, rules);
        assert_eq!(p.to_fen(), fen);
        assert!(p.pretty().ends_with(&format!("Fen: {fen}\n")));
    }
    // the last two fields may be left out
    assert_eq!(
        pos("sssss/5/5/5/SSSSS w 0/0 -/-", Rules::Jasir).to_fen(),
        "sssss/5/5/5/SSSSS w 0/0 -/- 0 1"
    );
    assert_eq!(
        Jasir::from_fen("sssss/5/5/5/SSSSS w 0/0 -/- 0 1")
            .unwrap()
            .rules(),
        Rules::Jasir
    );
}

#[test]
fn bad_jfen_is_an_error() {
    for (fen, rules, token) in [
        ("", Rules::Jasir, "fields"),
        ("sssss/5/5/5/SSSSS w 0/0", Rules::Jasir, "fields"),
        ("sssss/5/5/5/SSSSS w 0/0 -/- 0", Rules::Jasir, "fields"),
        ("sssss/5/5/SSSSS w 0/0 -/-", Rules::Jasir, "5 ranks"),
        ("ssssss/5/5/5/SSSSS w 0/0 -/-", Rules::Jasir, "ssssss"),
        ("ssss/5/5/5/SSSSS w 0/0 -/-", Rules::Jasir, "ssss"),
        ("ssxss/5/5/5/SSSSS w 0/0 -/-", Rules::Jasir, "`x`"),
        ("ss0ss/5/5/5/SSSSS w 0/0 -/-", Rules::Jasir, "`0`"),
        ("sssss/5/5/5/SSSSS x 0/0 -/-", Rules::Jasir, "`x`"),
        ("sssss/5/5/5/SSSSS w 0 -/-", Rules::Jasir, "hands"),
        ("sssss/5/5/5/SSSSS w 0/a -/-", Rules::Jasir, "`a`"),
        ("sssss/5/5/5/SSSSS w 1/0 -/-", Rules::Jasir, "6 archers"),
        ("sssss/5/5/5/SSSSS w 0/9 -/-", Rules::Jasir, "`9`"),
        ("sssss/5/5/5/SSSSS w 0/0 b2c2:1/-", Rules::Jasir, "-/-"),
        ("sssss/5/5/5/SSSSS w 0/0 b2c2:3/-", Rules::Jarmo, "b2c2:3"),
        ("sssss/5/5/5/SSSSS w 0/0 b2b2:1/-", Rules::Jarmo, "b2b2:1"),
        ("sssss/5/5/5/SSSSS w 0/0 b2c9:1/-", Rules::Jarmo, "b2c9:1"),
        ("sssss/5/5/5/SSSSS w 0/0 --", Rules::Jarmo, "--"),
        ("sssss/5/5/5/SSSSS w 0/0 -/- x 1", Rules::Jasir, "`x`"),
        ("sssss/5/5/5/SSSSS w 0/0 -/- 0 0", Rules::Jasir, "`0`"),
        ("sséss/5/5/5/SSSSS w 0/0 -/-", Rules::Jasir, "é"),
    ] {
        let err = Jasir::from_fen_for(fen, rules).expect_err(fen);
        assert!(err.contains(token), "{fen}: {err}");
    }
}

#[test]
fn bad_move_text_is_an_error() {
    let jasir = pos("sss2/5/3E1/5/S2S1 w 1/2 -/- 0 4", Rules::Jasir);
    let jarmo = pos("s4/5/3E1/5/S1S2 w 2/0 -/- 0 1", Rules::Jarmo);
    for (p, text, token) in [
        (&jasir, "", "``"),
        (&jasir, "z9a1", "z9"),
        (&jasir, "a1z9", "z9"),
        (&jasir, "a1a1", "same hole"),
        (&jasir, "a1b3x", "`x`"),
        (&jasir, "d3e5b", "Jasir has no re-entry on arrival"),
        (&jasir, "S@f1", "f1"),
        (&jasir, "S@c3", "not legal"),
        (&jasir, "a1a2", "not legal"),
        (&jasir, "ä1b3", "ä1b3"),
        (&jarmo, "S@b1", "Jarmo has no re-entry move"),
        (&jarmo, "d3e5c", "not legal"),
        (&jarmo, "d3e5b ", "d3e5b"),
    ] {
        match p.parse_move(text, Default::default()) {
            Ok(m) => assert_eq!(p.format_move(m, Default::default()), text.trim()),
            Err(err) => assert!(err.contains(token), "{text}: {err}"),
        }
    }
    assert!(jarmo.parse_move("d3e5c", Default::default()).is_err());
    let finished = pos("SE1S1/5/2s2/4s/5 b 0/1 -/- 1 1", Rules::Jasir);
    let err = finished.parse_move("c3a4", Default::default()).unwrap_err();
    assert!(err.contains("game is over"), "{err}");
}

#[test]
fn keys_make_unmake_and_codes() {
    for rules in [Rules::Jasir, Rules::Jarmo] {
        let mut p = Jasir::start_position_for(rules);
        let mut seed = 7u64;
        for _ in 0..400 {
            let list = p.moves();
            if list.is_empty() {
                p = Jasir::start_position_for(rules);
                continue;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = list[(seed >> 33) as usize % list.len()];
            assert_eq!(Jasir::move_from_code(Jasir::move_code(m)), Some(m));
            assert!(Jasir::history_index(&p, m) < Jasir::HISTORY_SIZE);
            let before = p.clone();
            p.make_move(m);
            assert_eq!(p.key(), p.key_from_scratch());
            let after = p.clone();
            p.unmake_move(m);
            assert_eq!(p, before);
            assert_eq!(p.key(), before.key());
            p = after;
            // the position text reproduces the key
            assert_eq!(pos(&p.to_fen(), rules).key(), p.key());
        }
    }
    // the two games never share keys; the side to move and hands count
    let a = Jasir::start_position_for(Rules::Jasir);
    let b = Jasir::start_position_for(Rules::Jarmo);
    assert_ne!(a.key(), b.key());
    assert_ne!(
        pos("sss2/5/3E1/5/S2S1 b 1/2 -/- 0 4", Rules::Jasir).key(),
        pos("sss2/5/3E1/5/S2S1 b 1/1 -/- 0 4", Rules::Jasir).key()
    );
}

#[test]
fn evaluation_prefers_progress_and_material() {
    let mut base = pos("sssss/5/5/5/SSSSS w 0/0 -/- 0 1", Rules::Jasir);
    assert_eq!(base.evaluate(), 0);
    let mut ahead = pos("sssss/5/2S2/5/SS1SS w 0/0 -/- 0 1", Rules::Jasir);
    assert!(ahead.evaluate() > 0);
    let mut down = pos("ssss1/5/5/5/SSSSS b 0/0 -/- 0 1", Rules::Jasir);
    assert!(down.evaluate() < 0);
    assert!(!base.in_check());
}
