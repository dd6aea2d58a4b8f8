//! Where games start: opening files (`.epd`/`.fen` one position per line,
//! UCI-style `startpos moves …` / `fen … moves …` lines, or `.perft` files),
//! random openings of N plies, and random Chess960 arrays.

use super::config::OpeningSource;
use crate::engine::{AnyGame, VariantKind};
use crate::perft_file::parse_perft_file;
use crate::rng::Rng;
use crate::variants::chess::Chess;
use crate::variants::{Notation, Variant};
use crate::with_game;
use std::path::Path;
use timur_search::{Game, MoveList};

/// The notation of PGN files and opening moves: timur's own (ranks 0–9,
/// Chess960 castling as king-takes-rook).
pub fn canonical_notation(kind: VariantKind) -> Notation {
    Notation {
        king_takes_rook: kind == VariantKind::Chess960,
        ranks_from_one: false,
    }
}

/// A start position and the moves played from it before the engines take
/// over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The position text; `None` is the variant's start position.
    pub fen: Option<String>,
    /// Moves in [`canonical_notation`].
    pub moves: Vec<String>,
}

impl Opening {
    /// The game at the opening's start position, before its moves.
    pub fn start(&self, kind: VariantKind) -> Result<AnyGame, String> {
        match &self.fen {
            Some(fen) => AnyGame::from_fen(kind, fen),
            None => Ok(AnyGame::start(kind)),
        }
    }

    /// Checks that the position reads and every move is legal, and that the
    /// game is not already over.
    pub fn check(&self, kind: VariantKind) -> Result<(), String> {
        let mut game = self.start(kind)?;
        let notation = canonical_notation(kind);
        with_game!(&mut game, state => {
            for (i, text) in self.moves.iter().enumerate() {
                state
                    .play_text(text, notation)
                    .map_err(|why| format!("opening move {} `{text}`: {why}", i + 1))?;
            }
            match state.verdict() {
                Some(verdict) => Err(format!("the opening ends the game ({verdict})")),
                None => Ok(()),
            }
        })
    }
}

/// Reads one line: `startpos [moves …]`, `fen F [moves …]`, or a FEN/EPD
/// (EPD operations after the position are dropped).
pub fn parse_line(line: &str, kind: VariantKind) -> Result<Opening, String> {
    let line = line.trim();
    let (head, moves) = match line.split_once(" moves ") {
        Some((head, moves)) => (
            head.trim(),
            moves.split_whitespace().map(String::from).collect(),
        ),
        None => (
            line.strip_suffix(" moves").unwrap_or(line).trim(),
            Vec::new(),
        ),
    };
    let opening = if head == "startpos" {
        Opening { fen: None, moves }
    } else {
        let text = head.strip_prefix("fen ").unwrap_or(head);
        let text = text.split(';').next().unwrap_or(text).trim();
        let fields: Vec<&str> = text.split_whitespace().collect();
        let fen = (1..=fields.len())
            .rev()
            .map(|n| fields[..n].join(" "))
            .find(|candidate| AnyGame::from_fen(kind, candidate).is_ok())
            .ok_or_else(|| format!("`{text}` is not a {kind} position"))?;
        Opening {
            fen: Some(fen),
            moves,
        }
    };
    opening.check(kind)?;
    Ok(opening)
}

/// Reads the openings of `text`; `perft` selects the `.perft` format, whose
/// records of another variant are skipped.
pub fn parse_openings(text: &str, kind: VariantKind, perft: bool) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    if perft {
        for record in parse_perft_file(text)? {
            if let Some(name) = &record.variant {
                if name.parse::<VariantKind>()? != kind {
                    continue;
                }
            }
            let opening = Opening {
                fen: Some(record.fen.clone()),
                moves: Vec::new(),
            };
            opening
                .check(kind)
                .map_err(|why| format!("{}: {why}", record.id))?;
            out.push(opening);
        }
    } else {
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            out.push(parse_line(line, kind).map_err(|why| format!("line {}: {why}", index + 1))?);
        }
    }
    if out.is_empty() {
        return Err(format!("no {kind} openings found"));
    }
    Ok(out)
}

/// Reads an openings file (`.perft` by extension, else one per line).
pub fn read_file(path: &Path, kind: VariantKind) -> Result<Vec<Opening>, String> {
    let text = crate::files::read_text(path)?;
    let perft = path.extension().is_some_and(|e| e == "perft");
    parse_openings(&text, kind, perft).map_err(|why| format!("{}: {why}", path.display()))
}

/// The start of a fresh opening: a random Chess960 array, else the
/// variant's start position.
fn base(kind: VariantKind, rng: &mut Rng) -> Result<Opening, String> {
    if kind == VariantKind::Chess960 {
        let n = rng.below(960) as u32;
        let pos = Chess::chess960_start(n).ok_or_else(|| format!("no Chess960 array {n}"))?;
        return Ok(Opening {
            fen: Some(pos.to_fen()),
            moves: Vec::new(),
        });
    }
    Ok(Opening {
        fen: None,
        moves: Vec::new(),
    })
}

/// An opening of `plies` random legal moves that does not end the game.
pub fn random_opening(kind: VariantKind, plies: u32, rng: &mut Rng) -> Result<Opening, String> {
    let notation = canonical_notation(kind);
    for _attempt in 0..100 {
        let mut opening = base(kind, rng)?;
        let mut game = opening.start(kind)?;
        let moves = with_game!(&mut game, state => {
            let mut texts = Vec::new();
            for _ in 0..plies {
                let mut legal = MoveList::new();
                state.position().legal_moves(&mut legal);
                if legal.is_empty() || state.verdict().is_some() {
                    break;
                }
                let mv = legal[rng.below(legal.len() as u64) as usize];
                texts.push(state.position().format_move(mv, notation));
                state.play(mv);
            }
            (texts.len() == plies as usize && state.verdict().is_none()).then_some(texts)
        });
        if let Some(moves) = moves {
            opening.moves = moves;
            return Ok(opening);
        }
    }
    Err(format!(
        "cannot find a {plies}-ply {kind} opening that does not end the game"
    ))
}

/// The openings of a match: `count` of them (files are cycled by the caller).
pub fn openings_for(
    source: &OpeningSource,
    kind: VariantKind,
    count: usize,
    seed: u64,
) -> Result<Vec<Opening>, String> {
    let mut rng = Rng::new(seed);
    match source {
        OpeningSource::File(path) => read_file(path, kind),
        OpeningSource::Random(plies) => (0..count.max(1))
            .map(|_| random_opening(kind, *plies, &mut rng))
            .collect(),
        OpeningSource::Start => (0..count.max(1)).map(|_| base(kind, &mut rng)).collect(),
        OpeningSource::Given(list) if list.is_empty() => Err("no openings given".to_string()),
        OpeningSource::Given(list) => Ok(list.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_every_form() {
        let kind = VariantKind::Chess;
        let epd = parse_line(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";",
            kind,
        )
        .unwrap();
        assert_eq!(
            epd.fen.as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -")
        );
        let moves = parse_line("startpos moves e2e4 e7e5", kind).unwrap();
        assert_eq!(
            moves,
            Opening {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        let fen = parse_line("fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4", kind).unwrap();
        assert_eq!(fen.moves, vec!["e2e4"]);
        assert!(parse_line("startpos moves e2e5", kind)
            .unwrap_err()
            .contains("e2e5"));
        assert!(parse_line("not a position", kind).is_err());
        let text = "# comment\n\nstartpos\nstartpos moves d2d4\n";
        assert_eq!(parse_openings(text, kind, false).unwrap().len(), 2);
        let err = parse_openings("startpos\nstartpos moves xx\n", kind, false).unwrap_err();
        assert!(err.starts_with("line 2"), "{err}");
    }

    #[test]
    fn perft_files_give_their_positions() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/perft/chess960.perft"
        ))
        .unwrap();
        let openings = parse_openings(&text, VariantKind::Chess960, true).unwrap();
        assert!(!openings.is_empty());
        assert!(openings
            .iter()
            .all(|o| o.fen.is_some() && o.moves.is_empty()));
    }

    #[test]
    fn random_openings_are_legal_and_seeded() {
        for kind in VariantKind::ALL {
            let a = openings_for(&OpeningSource::Random(8), kind, 3, 42).unwrap();
            let b = openings_for(&OpeningSource::Random(8), kind, 3, 42).unwrap();
            assert_eq!(a, b);
            for opening in &a {
                assert_eq!(opening.moves.len(), 8);
                opening.check(kind).unwrap();
            }
        }
        let arrays = openings_for(&OpeningSource::Start, VariantKind::Chess960, 4, 1).unwrap();
        assert!(arrays.iter().all(|o| o.fen.is_some()));
    }
}
