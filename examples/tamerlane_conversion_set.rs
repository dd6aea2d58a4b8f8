//! `cargo run --release --example tamerlane_conversion_set -- <set> <count> <seed>`
//!
//! Prints `count` Tamerlane positions (TFEN, one a line, White to move) in
//! which White has a material lead against Black's bare king, both citadels
//! empty and no swap rights left: the conversion sets of
//! `scripts/tamerlane_conversion.sh`. `<set>` is `rook` (king, rook and two
//! more pieces) or `lesser` (king and three of general, vizier, knight,
//! elephant, camel, war engine, picket; no rook). The kings stand apart,
//! Black's king is at least [`MIN_STEPS`] royal steps from White's citadel
//! `l2` (where it would draw: nearer, the ending is no win to convert),
//! Black is not in check and White has a legal move; the same seed gives
//! the same positions.

use timur::rng::Rng;
use timur::variants::tamerlane::Tamerlane;
use timur::variants::Variant;
use timur_search::{Game, MoveList};

/// The fewest royal steps Black's king needs into `l2` (next to k1, k2, k3).
const MIN_STEPS: usize = 5;

/// The lesser Tamerlane pieces (TFEN letters).
const LESSER: [&str; 7] = ["F", "W", "N", "E", "C", "D", "T"];
/// What may join the rook: the lesser pieces and the giraffe.
const BESIDE_ROOK: [&str; 8] = ["F", "W", "N", "E", "C", "D", "T", "G"];

/// White's pieces besides the king for one position of `set`.
fn white_pieces(set: &str, rng: &mut Rng) -> Vec<&'static str> {
    let pick = |from: &[&'static str], rng: &mut Rng| from[rng.below(from.len() as u64) as usize];
    match set {
        "rook" => vec!["R", pick(&BESIDE_ROOK, rng), pick(&BESIDE_ROOK, rng)],
        _ => (0..3).map(|_| pick(&LESSER, rng)).collect(),
    }
}

/// The TFEN of `cells` (110 main squares, a1 = 0) with `side` to move.
fn tfen(cells: &[Option<&str>], side: char) -> String {
    let ranks: Vec<String> = (0..10)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for file in 0..11 {
                match cells[rank * 11 + file] {
                    Some(piece) => {
                        if empty > 0 {
                            text += &empty.to_string();
                            empty = 0;
                        }
                        text += piece;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            text
        })
        .collect();
    format!("{} {side} -- - 00 0 1", ranks.join("/"))
}

/// One random position of `set`, if the draw gives a legal one.
fn draw(set: &str, rng: &mut Rng) -> Option<String> {
    let mut cells: Vec<Option<&str>> = vec![None; 110];
    let mut place = |piece: &'static str, rng: &mut Rng| loop {
        let square = rng.below(110) as usize;
        if cells[square].is_none() {
            cells[square] = Some(piece);
            return square;
        }
    };
    let white_king = place("K", rng);
    let black_king = place("k", rng);
    let distance = |a: usize, b: usize| (a % 11).abs_diff(b % 11).max((a / 11).abs_diff(b / 11));
    // k2 (file 10, rank 1) is next to l2, as are k1 and k3.
    let to_citadel =
        (10 - black_king % 11).max((black_king / 11).abs_diff(1).saturating_sub(1)) + 1;
    if distance(white_king, black_king) < 2 || to_citadel < MIN_STEPS {
        return None;
    }
    for piece in white_pieces(set, rng) {
        place(piece, rng);
    }
    let black_to_move = Tamerlane::from_fen(&tfen(&cells, 'b')).ok()?;
    if black_to_move.in_check() {
        return None;
    }
    let text = tfen(&cells, 'w');
    let pos = Tamerlane::from_fen(&text).ok()?;
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    (!moves.is_empty() && pos.verdict(&[]).is_none()).then_some(text)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(set), Some(count), Some(seed)) = (
        args.first().filter(|s| *s == "rook" || *s == "lesser"),
        args.get(1).and_then(|n| n.parse::<usize>().ok()),
        args.get(2).and_then(|n| n.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: tamerlane_conversion_set <rook|lesser> <count> <seed>");
        std::process::exit(2);
    };
    let mut rng = Rng::new(seed);
    let mut made = 0;
    while made < count {
        if let Some(text) = draw(set, &mut rng) {
            println!("{text}");
            made += 1;
        }
    }
}
