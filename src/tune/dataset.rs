//! Training positions for the tuner: every quiet position of every finished
//! game after its opening, with its evaluation terms and the game's result.

use super::pgn::PgnGame;
use crate::variants::terms::{LinearEval, TermSink};
use crate::variants::{Notation, Variant};

/// One training position: its terms (index, White's count) and phase, and
/// White's final score in the game it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Sparse term counts, one entry per index.
    pub terms: Vec<(u16, i16)>,
    /// The game phase of the position.
    pub phase: i32,
    /// White's score in the game: 1, ½ or 0.
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

/// The sample of one position.
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

/// What reading the games gave.
#[derive(Default)]
pub struct Dataset {
    /// The training positions.
    pub samples: Vec<Sample>,
    /// Games used.
    pub games: usize,
    /// Games skipped (unfinished, another game, unreadable).
    pub skipped: usize,
}

/// The quiet positions of `games` after their openings: not in check, and
/// the move played from them not a capture or promotion (so the static
/// evaluation is a fair stand-in for the position's value). A game whose
/// start or moves do not read as `variant` is skipped whole.
pub fn collect<G: LinearEval + Variant>(games: &[PgnGame], variant: &str) -> Dataset {
    let mut out = Dataset::default();
    for game in games {
        let tagged = game.tag("Variant").unwrap_or("chess");
        let Some(result) = game.white_score().filter(|_| tagged == variant) else {
            out.skipped += 1;
            continue;
        };
        match game_samples::<G>(game, result) {
            Some(samples) => {
                out.games += 1;
                out.samples.extend(samples);
            }
            None => out.skipped += 1,
        }
    }
    out
}

fn game_samples<G: LinearEval + Variant>(game: &PgnGame, result: f64) -> Option<Vec<Sample>> {
    let mut pos = match game.tag("FEN") {
        Some(fen) => G::from_fen(fen).ok()?,
        None => G::start_position(),
    };
    let mut samples = Vec::new();
    for (ply, text) in game.moves.iter().enumerate() {
        let mv = pos.parse_move(text, Notation::default()).ok()?;
        if ply >= game.book_plies && !pos.in_check() && !pos.is_tactical(mv) {
            samples.push(sample(&pos, result));
        }
        pos.make_move(mv);
    }
    Some(samples)
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
        let data = collect::<Chess>(&read_games(text), "chess");
        assert_eq!((data.games, data.skipped), (1, 0));
        // g1f3, d7d5 and d8d5 from quiet positions; e4d5 is a capture and
        // d8d5 recaptures too, b1c3 is quiet.
        assert_eq!(data.samples.len(), 3);
        assert!(data.samples.iter().all(|s| s.result == 1.0));
    }

    #[test]
    fn other_games_and_bad_moves_are_skipped() {
        let text = "[Result \"1-0\"]\n[Variant \"xiangqi\"]\n\n1. e2e4 1-0\n\n[Result \"0-1\"]\n\n1. e2e5 0-1\n\n[Result \"*\"]\n\n1. e2e4 *\n";
        let data = collect::<Chess>(&read_games(text), "chess");
        assert_eq!((data.games, data.skipped, data.samples.len()), (0, 3, 0));
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
