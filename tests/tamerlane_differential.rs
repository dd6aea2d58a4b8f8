//! Differential test: seeded random playouts (biased towards the special
//! moves) compare, position by position, the legal-move sets of the
//! bitboard generator and of the independent mailbox reference generator
//! (as move text), and the positions both reach after the same move.
//! Every special rule must actually be reached: the test counts them and
//! fails if one never occurred.

mod tamerlane_reference;

use std::collections::BTreeMap;

use tamerlane_reference::Board;
use timur::perft_file::parse_perft_file;
use timur::variants::tamerlane::types::{last_rank, own_citadel, Kind, Move, MoveKind};
use timur::variants::tamerlane::Tamerlane;
use timur::variants::{Notation, Variant};
use timur_search::{Game, MoveList};

/// Positions compared in the default run.
const POSITIONS: usize = 100_000;
/// Longest playout.
const MAX_PLIES: usize = 100;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn starts() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/perft/tamerlane.perft"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut fens: Vec<String> = parse_perft_file(&text)
        .unwrap()
        .into_iter()
        .map(|r| r.fen)
        .collect();
    // Hand-built positions of tests/tamerlane_rules.rs that the perft file
    // lacks: a second arrival that would open a line to the lone king,
    // promotions while the lone king is in check, royals in the enemy
    // citadel next to an adventitious king.
    fens.extend(
        [
            "r1n1K6/1PP9/11/11/11/11/11/11/11/10k w -- SCsc 10 0 40",
            "11/4PK6/11/11/7k3/r10/11/11/K10/11 w -- Csc 00 0 40",
            "11/4PP6/11/11/7k3/r10/11/11/K10/11 w -- Csc 20 0 40",
            "11/4PK6/11/11/7k3/r10/11/11/K10/10A w -- Csc 30 0 40",
            "11/5k5/a10/11/11/11/11/11/5K5/11 b -X Ssc 00 0 40",
            "11/5k5/a10/11/11/11/11/11/11/11 w -X Ssc 00 0 40",
        ]
        .map(String::from),
    );
    fens
}

/// The special kind of `mv` in `pos`, if any (named for the counters).
fn special(pos: &Tamerlane, mv: Move) -> Option<String> {
    let us = pos.side_to_move();
    let (_, kind) = pos.piece_at(mv.from)?;
    Some(match mv.kind {
        MoveKind::Relocation => "pawn of pawns: relocation".into(),
        MoveKind::RoyalSwap if pos.in_check() => "royal swap in check".into(),
        MoveKind::RoyalSwap => "royal swap with no other move".into(),
        MoveKind::CitadelDraw => "citadel draw".into(),
        MoveKind::CitadelSwapPrince => "citadel swap with the prince".into(),
        MoveKind::CitadelSwapAdv => "citadel swap with the adventitious king".into(),
        MoveKind::Normal if kind == Kind::AdvKing && mv.to == own_citadel(us) => {
            "adventitious king enters its own citadel".into()
        }
        MoveKind::Normal if kind.is_pawn() && mv.to < 110 && mv.to / 11 == last_rank(us) => {
            if kind == Kind::PawnPawn {
                match pos.pawn_of_pawns_arrivals(us) {
                    0 => "pawn of pawns: parks".into(),
                    1 => "pawn of pawns: transfer".into(),
                    _ => "pawn of pawns: adventitious king".into(),
                }
            } else {
                format!("promotion of {kind:?}")
            }
        }
        MoveKind::Normal => return None,
    })
}

#[test]
fn bitboard_and_reference_generators_agree_on_random_playouts() {
    let starts = starts();
    let mut rng = Rng(0x5EED_7A3E_2026_0001);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut positions = 0usize;
    let mut game = 0usize;
    while positions < POSITIONS {
        let fen = &starts[game % starts.len()];
        game += 1;
        let mut pos = Tamerlane::from_fen(fen).unwrap();
        let mut reference = Board::parse(fen).unwrap();
        for ply in 0..MAX_PLIES {
            positions += 1;
            let tfen = pos.to_fen();
            let five: Vec<&str> = tfen.split_whitespace().take(5).collect();
            assert_eq!(reference.write(), five.join(" "), "game {game} ply {ply}");
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            let mut texts: Vec<String> = list
                .iter()
                .map(|&m| pos.format_move(m, Notation::default()))
                .collect();
            texts.sort();
            let ref_moves = reference.moves();
            let mut ref_texts: Vec<String> = ref_moves.iter().map(|(t, _)| t.clone()).collect();
            ref_texts.sort();
            assert_eq!(texts, ref_texts, "moves differ in {tfen}");
            let us = pos.side_to_move();
            let royals = [Kind::King, Kind::Prince, Kind::AdvKing]
                .iter()
                .map(|&k| pos.count(us, k))
                .sum::<u32>();
            if royals >= 2 {
                *counts.entry("several royals".into()).or_default() += 1;
            }
            if list.is_empty() {
                break;
            }
            let specials: Vec<Move> = list
                .iter()
                .copied()
                .filter(|&m| special(&pos, m).is_some())
                .collect();
            let captures: Vec<Move> = list
                .iter()
                .copied()
                .filter(|&m| pos.piece_at(m.to).is_some_and(|(c, _)| c != us))
                .collect();
            let mv = if !specials.is_empty() && rng.chance(50) {
                specials[rng.below(specials.len())]
            } else if !captures.is_empty() && rng.chance(30) {
                captures[rng.below(captures.len())]
            } else {
                list[rng.below(list.len())]
            };
            if let Some(name) = special(&pos, mv) {
                *counts.entry(name).or_default() += 1;
            }
            let text = pos.format_move(mv, Notation::default());
            pos.make_move(mv);
            reference = ref_moves
                .into_iter()
                .find(|(t, _)| *t == text)
                .map(|(_, b)| b)
                .unwrap();
        }
    }
    let mut required: Vec<String> = [
        Kind::PawnRook,
        Kind::PawnKnight,
        Kind::PawnPicket,
        Kind::PawnGiraffe,
        Kind::PawnGeneral,
        Kind::PawnKing,
        Kind::PawnVizier,
        Kind::PawnElephant,
        Kind::PawnCamel,
        Kind::PawnWarEngine,
    ]
    .iter()
    .map(|k| format!("promotion of {k:?}"))
    .collect();
    for name in [
        "pawn of pawns: parks",
        "pawn of pawns: relocation",
        "pawn of pawns: transfer",
        "pawn of pawns: adventitious king",
        "royal swap in check",
        "royal swap with no other move",
        "several royals",
        "citadel draw",
        "citadel swap with the prince",
        "citadel swap with the adventitious king",
        "adventitious king enters its own citadel",
    ] {
        required.push(name.into());
    }
    println!("{positions} positions in {game} playouts");
    for (name, n) in &counts {
        println!("{n:>7}  {name}");
    }
    let missing: Vec<&String> = required
        .iter()
        .filter(|name| counts.get(*name).copied().unwrap_or(0) == 0)
        .collect();
    assert!(missing.is_empty(), "never reached: {missing:?}");
}
