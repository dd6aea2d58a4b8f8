//! Training positions for the tuner. `extract` takes quiet positions from
//! finished games (a sample of each game, so no game weighs more than the
//! others); `read_positions` reads them back, with an outside engine's
//! score where `scripts/label_positions.py` added one; `sample` turns a
//! position into its evaluation terms.

use super::pgn::PgnGame;
use crate::rng::Rng;
use crate::variants::terms::{LinearEval, TermSink};
use crate::variants::{Notation, Variant};

/// One training position: its terms (index, White's count), phase and
/// target (White's expected score, 0..=1).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Sparse term counts, one entry per index.
    pub terms: Vec<(u16, i16)>,
    /// The game phase of the position.
    pub phase: i32,
    /// What White is expected to score from here: 1, ½ or 0 from the game's
    /// result, or a blend with an engine's verdict.
    pub result: f64,
}

/// Collects term counts, merging repeated indices.
#[derive(Default)]
struct Record(Vec<(u16, i16)>);

impl TermSink for Record {
    fn add(&mut self, index: usize, count: i32) {
        if count == 0 {
            return;
        }
        let (index, count) = (index as u16, count as i16);
        match self.0.iter_mut().find(|(i, _)| *i == index) {
            Some(entry) => entry.1 += count,
            None => self.0.push((index, count)),
        }
    }
}

/// The sample of one position with target `result`.
pub fn sample<G: LinearEval>(pos: &G, result: f64) -> Sample {
    let mut record = Record::default();
    pos.terms(&mut record);
    record.0.retain(|&(_, count)| count != 0);
    Sample {
        terms: record.0,
        phase: pos.phase(),
        result,
    }
}

/// A position taken from a game: its text and White's final score.
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled {
    /// The position text (FEN).
    pub fen: String,
    /// White's score in the game it came from: 1, ½ or 0.
    pub result: f64,
    /// An engine's score in centipawns from White's view, if labelled.
    pub score: Option<i32>,
}

/// What extraction gave.
#[derive(Default)]
pub struct Extracted {
    /// The positions taken.
    pub positions: Vec<Labelled>,
    /// Games used.
    pub games: usize,
    /// Games skipped (unfinished, another game, unreadable).
    pub skipped: usize,
}

/// Up to `per_game` quiet positions of each finished game of `variant`
/// after its opening, chosen at random (seeded): not in check, and the
/// move played from them not a capture or promotion, so the static
/// evaluation is a fair stand-in for the position's value. Moves are read
/// in `notation` (the one `timur match` writes for the variant). A game
/// whose start or moves do not read is skipped whole.
pub fn extract<G: Variant>(
    games: &[PgnGame],
    variant: &str,
    notation: Notation,
    per_game: usize,
    seed: u64,
) -> Extracted {
    let mut rng = Rng::new(seed);
    let mut out = Extracted::default();
    for game in games {
        let tagged = game.tag("Variant").unwrap_or("chess");
        let Some(result) = game.white_score().filter(|_| tagged == variant) else {
            out.skipped += 1;
            continue;
        };
        let Some(mut quiet) = quiet_positions::<G>(game, notation) else {
            out.skipped += 1;
            continue;
        };
        // A partial Fisher-Yates shuffle picks `per_game` of them.
        let take = per_game.min(quiet.len());
        for i in 0..take {
            let j = i + rng.below((quiet.len() - i) as u64) as usize;
            quiet.swap(i, j);
        }
        quiet.truncate(take);
        out.games += 1;
        out.positions.extend(quiet.into_iter().map(|fen| Labelled {
            fen,
            result,
            score: None,
        }));
    }
    out
}

fn quiet_positions<G: Variant>(game: &PgnGame, notation: Notation) -> Option<Vec<String>> {
    let mut pos = match game.tag("FEN") {
        Some(fen) => G::from_fen(fen).ok()?,
        None => G::start_position(),
    };
    let mut quiet = Vec::new();
    for (ply, text) in game.moves.iter().enumerate() {
        let mv = pos.parse_move(text, notation).ok()?;
        if ply >= game.book_plies && !pos.in_check() && !pos.is_tactical(mv) {
            quiet.push(pos.to_fen());
        }
        pos.make_move(mv);
    }
    Some(quiet)
}

/// One line of a positions file: `FEN;result` or `FEN;result;score`.
pub fn format_line(p: &Labelled) -> String {
    match p.score {
        Some(score) => format!("{};{};{score}", p.fen, p.result),
        None => format!("{};{}", p.fen, p.result),
    }
}

/// Reads a positions file; the error names the first bad line.
pub fn read_positions(text: &str) -> Result<Vec<Labelled>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let bad = || format!("line {}: expected `FEN;result[;score]`: {line}", n + 1);
        let (fen, result, score) = match fields.as_slice() {
            [fen, result] => (fen, result, None),
            [fen, result, score] => (fen, result, Some(score.parse::<i32>().map_err(|_| bad())?)),
            _ => return Err(bad()),
        };
        let result: f64 = result.parse().map_err(|_| bad())?;
        if !(0.0..=1.0).contains(&result) {
            return Err(bad());
        }
        out.push(Labelled {
            fen: fen.to_string(),
            result,
            score,
        });
    }
    Ok(out)
}

/// The expected score of a side an engine gives `score` centipawns (the
/// usual logistic: +100 ≈ 64 %).
pub fn expectation(score: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(-f64::from(score) / 400.0))
}

/// The samples of `positions` whose text reads as `G`: the target is
/// `lambda × result + (1 − lambda) × expectation(score)` where an engine
/// score is present, the result alone elsewhere.
pub fn samples<G: LinearEval + Variant>(positions: &[Labelled], lambda: f64) -> Vec<Sample> {
    positions
        .iter()
        .filter_map(|p| {
            let pos = G::from_fen(&p.fen).ok()?;
            let target = match p.score {
                Some(score) => lambda * p.result + (1.0 - lambda) * expectation(score),
                None => p.result,
            };
            Some(sample(&pos, target))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::pgn::read_games;
    use crate::variants::chess::Chess;

    #[test]
    fn quiet_positions_after_the_book_with_the_result() {
        let text =
            "[Result \"1-0\"]\n\n1. e2e4 e7e5 {book} 2. g1f3 d7d5 3. e4d5 d8d5 4. b1c3 1-0\n";
        let data = extract::<Chess>(&read_games(text), "chess", Notation::default(), 100, 1);
        assert_eq!((data.games, data.skipped), (1, 0));
        // Before g1f3, d7d5 and b1c3; e4d5 and d8d5 are captures.
        assert_eq!(data.positions.len(), 3);
        assert!(data.positions.iter().all(|s| s.result == 1.0));
        let few = extract::<Chess>(&read_games(text), "chess", Notation::default(), 2, 1);
        assert_eq!(few.positions.len(), 2);
    }

    #[test]
    fn chess960_castling_reads_as_king_takes_rook() {
        let text = "[Result \"0-1\"]\n[Variant \"chess960\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\"]\n\n1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1h1 0-1\n";
        let games = read_games(text);
        let king_takes_rook = Notation {
            king_takes_rook: true,
            ..Notation::default()
        };
        let data = extract::<Chess>(&games, "chess960", king_takes_rook, 10, 1);
        assert_eq!((data.games, data.skipped), (1, 0));
        assert_eq!(data.positions.len(), 7);
    }

    #[test]
    fn other_games_and_bad_moves_are_skipped() {
        let text = "[Result \"1-0\"]\n[Variant \"xiangqi\"]\n\n1. e2e4 1-0\n\n[Result \"0-1\"]\n\n1. e2e5 0-1\n\n[Result \"*\"]\n\n1. e2e4 *\n";
        let data = extract::<Chess>(&read_games(text), "chess", Notation::default(), 10, 1);
        assert_eq!((data.games, data.skipped, data.positions.len()), (0, 3, 0));
    }

    #[test]
    fn positions_files_round_trip_and_bad_lines_are_named() {
        let p = Labelled {
            fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
            result: 0.5,
            score: Some(-12),
        };
        let text = format!(
            "{}\n\n{}\n",
            format_line(&p),
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1;1"
        );
        let read = read_positions(&text).unwrap();
        assert_eq!(read[0], p);
        assert_eq!(read[1].score, None);
        for bad in ["x", "fen;2", "fen;0.5;pawn", "a;b;c;d"] {
            let why = read_positions(bad).unwrap_err();
            assert!(why.contains("line 1"), "{why}");
        }
    }

    #[test]
    fn targets_blend_result_and_score() {
        let p = Labelled {
            fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            result: 1.0,
            score: Some(0),
        };
        let s = samples::<Chess>(&[p], 0.5);
        assert!((s[0].result - 0.75).abs() < 1e-9);
        assert!((expectation(400) - 10.0 / 11.0).abs() < 1e-9);
    }

    #[test]
    fn the_sample_reproduces_the_evaluation() {
        let pos =
            Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let s = sample(&pos, 0.5);
        let weights = Chess::weights();
        let (mut mg, mut eg) = (0, 0);
        for &(i, c) in &s.terms {
            mg += weights[i as usize].0 * i32::from(c);
            eg += weights[i as usize].1 * i32::from(c);
        }
        let taper = (mg * s.phase + eg * (Chess::PHASE_MAX - s.phase)) / Chess::PHASE_MAX;
        assert_eq!(taper, pos.white_eval_with(weights));
        assert_eq!(taper, pos.static_eval());
    }
}
