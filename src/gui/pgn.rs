//! The page's PGN: tags `Variant` (every game but chess), `FEN` and `SetUp`
//! for another start, `Result`; moves in timur's coordinate notation, each
//! followed by the evaluation after it and the mover's clock in lichess's
//! comments, `{ [%eval 0.35] [%clk 0:04:58] }` (White's side; a forced end
//! as `#3` or `#-2`), and a review's mark as a NAG (`$6` ?!, `$2` ?, `$4`
//! ??), which are read back (as are `?!`, `?`, `??` after a move).

use super::evals::EvalView;
use super::review::Mark;
use crate::engine::VariantKind;
use crate::{pgn_clock, pgn_eval};
use std::time::Duration;

/// What a move's comment carries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNotes {
    /// The evaluation of the position after the move, White's side.
    pub eval: Option<EvalView>,
    /// The time the mover had left after it.
    pub clock: Option<Duration>,
    /// The review's mark of the move.
    pub mark: Option<Mark>,
}

/// A game read from PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// From the `Variant` tag (chess without one).
    pub variant: VariantKind,
    /// From the `FEN` tag.
    pub fen: Option<String>,
    /// The moves, as text.
    pub moves: Vec<String>,
    /// The comments' evaluations and clocks, one entry per move.
    pub notes: Vec<MoveNotes>,
}

/// The PGN of a game from `fen` (or the start) with `moves` played;
/// `notes[i]`, where present, annotates move `i`.
pub fn write(
    variant: VariantKind,
    fen: Option<&str>,
    moves: &[String],
    notes: &[MoveNotes],
    result: Option<&str>,
) -> String {
    let result = result.unwrap_or("*");
    let mut out = String::from("[Event \"timur gui\"]\n");
    if variant != VariantKind::Chess {
        out += &format!("[Variant \"{}\"]\n", variant.name());
    }
    if let Some(fen) = fen {
        out += &format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n");
    }
    out += &format!("[Result \"{result}\"]\n\n");
    let black_first = fen.and_then(|f| f.split_whitespace().nth(1)) == Some("b");
    let mut words = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        let ply = i + usize::from(black_first);
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            words.push(format!("{}...", ply / 2 + 1));
        }
        words.push(mv.clone());
        if let Some(mark) = notes.get(i).and_then(|n| n.mark) {
            words.push(mark.nag().to_string());
        }
        if let Some(comment) = notes.get(i).and_then(comment) {
            words.push(comment);
        }
    }
    words.push(result.to_string());
    out += &words.join(" ");
    out.push('\n');
    out
}

/// A move's comment, `{ [%eval …] [%clk …] }`, if it has anything to say.
fn comment(notes: &MoveNotes) -> Option<String> {
    let mut parts = Vec::new();
    match notes.eval.as_ref().map(|e| (e.cp, e.mate)) {
        Some((Some(cp), _)) => parts.push(pgn_eval::pawns(cp)),
        Some((None, Some(mate))) if mate != 0 => parts.push(pgn_eval::mate(mate)),
        _ => {}
    }
    if let Some(left) = notes.clock {
        parts.push(pgn_clock::clk(left));
    }
    (!parts.is_empty()).then(|| format!("{{ {} }}", parts.join(" ")))
}

/// Reads the `[%eval …]` and `[%clk …]` commands of a comment.
fn read_comment(text: &str) -> Result<MoveNotes, String> {
    let mut notes = MoveNotes::default();
    let mut rest = text;
    while let Some(start) = rest.find("[%") {
        let end = rest[start..]
            .find(']')
            .ok_or_else(|| format!("PGN comment `{text}`: a `[%` without its `]`"))?;
        let command = &rest[start + 2..start + end];
        rest = &rest[start + end + 1..];
        let (name, value) = command.split_once(' ').unwrap_or((command, ""));
        let value = value.trim();
        match name {
            "eval" => notes.eval = Some(read_eval(value)?),
            "clk" => notes.clock = Some(pgn_clock::read(value)?),
            _ => {}
        }
    }
    Ok(notes)
}

/// `0.35`, `-1.20`, `#3`, `#-2` (a depth after a comma is ignored).
fn read_eval(value: &str) -> Result<EvalView, String> {
    let bad = || format!("PGN `[%eval {value}]`: not pawns (`0.35`) or a mate (`#-2`)");
    let number = value.split(',').next().unwrap_or("").trim();
    let (cp, mate) = match number.strip_prefix('#') {
        Some(moves) => (None, Some(moves.parse::<i32>().map_err(|_| bad())?)),
        None => {
            let pawns: f64 = number.parse().map_err(|_| bad())?;
            if !pawns.is_finite() || pawns.abs() > 1000.0 {
                return Err(bad());
            }
            (Some((pawns * 100.0).round() as i32), None)
        }
    };
    Ok(EvalView {
        depth: 0,
        cp,
        mate,
        wdl: None,
    })
}

/// Reads the first game of a PGN text: its tags, then its moves without
/// move numbers, variations, annotations and the result; the comments'
/// evaluations and clocks go with the move before them.
pub fn read(text: &str) -> Result<PgnGame, String> {
    let mut variant = VariantKind::Chess;
    let mut fen = None;
    let mut body = String::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let (name, value) = tag
                .split_once(' ')
                .ok_or_else(|| format!("PGN tag `{line}` has no value"))?;
            let value = value.trim().trim_matches('"');
            match name {
                "Variant" => variant = value.parse()?,
                "FEN" => fen = Some(value.to_string()),
                _ => {}
            }
        } else {
            body += line;
            body.push(' ');
        }
    }
    let mut moves = Vec::new();
    let mut notes: Vec<MoveNotes> = Vec::new();
    let mut depth = 0usize;
    let mut in_comment = false;
    let mut comment_text = String::new();
    for word in body
        .replace('{', " { ")
        .replace('}', " } ")
        .replace('(', " ( ")
        .replace(')', " ) ")
        .split_whitespace()
    {
        match word {
            "{" => {
                in_comment = true;
                comment_text.clear();
            }
            "}" => {
                in_comment = false;
                let read = read_comment(&comment_text)?;
                if let (0, Some(last)) = (depth, notes.last_mut()) {
                    if read.eval.is_some() || read.clock.is_some() {
                        *last = MoveNotes {
                            mark: last.mark,
                            ..read
                        };
                    }
                }
            }
            _ if in_comment => {
                comment_text += word;
                comment_text.push(' ');
            }
            "(" => depth += 1,
            ")" => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            "1-0" | "0-1" | "1/2-1/2" | "*" => break,
            _ if word.starts_with('$') => {
                if let (Some(mark), Some(last)) = (Mark::read(word), notes.last_mut()) {
                    last.mark = Some(mark);
                }
            }
            _ => {
                let mv = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                let bare = mv.trim_end_matches(['?', '!']);
                if !bare.is_empty() {
                    moves.push(bare.to_string());
                    notes.push(MoveNotes {
                        mark: Mark::read(&mv[bare.len()..]),
                        ..MoveNotes::default()
                    });
                }
            }
        }
    }
    Ok(PgnGame {
        variant,
        fen,
        moves,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_games_read_back() {
        let moves: Vec<String> = ["S@c1", "b5c3", "c1d2"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let fen = "s4/5/5/5/5 b 1/0 -/- 0 1";
        let text = write(VariantKind::Jarmo, Some(fen), &moves, &[], None);
        assert!(text.contains("[Variant \"jarmo\"]"), "{text}");
        assert!(text.contains("1... S@c1 2. b5c3 c1d2 *"), "{text}");
        let game = read(&text).unwrap();
        assert_eq!(
            game,
            PgnGame {
                variant: VariantKind::Jarmo,
                fen: Some(fen.into()),
                notes: vec![MoveNotes::default(); moves.len()],
                moves,
            }
        );
    }

    #[test]
    fn comments_variations_and_numbers_are_skipped() {
        let game =
            read("[Event \"x\"]\n\n1.e2e4 {best} e7e5 (1... c7c5 2. g1f3) 2. g1f3 $1 1-0").unwrap();
        assert_eq!(game.variant, VariantKind::Chess);
        assert_eq!(game.moves, ["e2e4", "e7e5", "g1f3"]);
        assert!(read("[Variant \"shogi\"]\n1. e2e4").is_err());
    }

    #[test]
    fn evaluations_and_clocks_go_out_and_come_back() {
        let moves: Vec<String> = ["e2e4", "e7e5", "d1h5"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let eval = |cp, mate| {
            Some(EvalView {
                depth: 0,
                cp,
                mate,
                wdl: None,
            })
        };
        let notes = vec![
            MoveNotes {
                eval: eval(Some(35), None),
                clock: Some(Duration::from_secs(298)),
                mark: None,
            },
            MoveNotes {
                eval: eval(None, Some(-2)),
                clock: Some(Duration::from_secs(3_725)),
                mark: Some(Mark::Blunder),
            },
            MoveNotes {
                mark: Some(Mark::Inaccuracy),
                ..MoveNotes::default()
            },
        ];
        let text = write(VariantKind::Chess, None, &moves, &notes, Some("0-1"));
        assert!(
            text.contains("1. e2e4 { [%eval 0.35] [%clk 0:04:58] } e7e5 $4 { [%eval #-2] [%clk 1:02:05] } 2. d1h5 $6 0-1"),
            "{text}"
        );
        let game = read(&text).unwrap();
        assert_eq!((game.moves, game.notes), (moves, notes));
        let lichess = read("1. e4 { [%eval -0.3,21] [%clk 0:00:59.5] } 1-0").unwrap();
        assert_eq!(lichess.notes[0].eval, eval(Some(-30), None));
        assert_eq!(lichess.notes[0].clock, Some(Duration::from_millis(59_500)));
        let marked = read("1. e2e4?! e7e5?? 2. g1f3? *").unwrap();
        assert_eq!(marked.moves, ["e2e4", "e7e5", "g1f3"]);
        let marks: Vec<_> = marked.notes.iter().map(|n| n.mark).collect();
        assert_eq!(
            marks,
            [
                Some(Mark::Inaccuracy),
                Some(Mark::Blunder),
                Some(Mark::Mistake)
            ]
        );
        for bad in [
            "[%eval x]",
            "[%eval #]",
            "[%clk 1:2]",
            "[%clk 0:61:00]",
            "[%clk",
        ] {
            let text = format!("1. e2e4 {{ {bad} }} *");
            assert!(read(&text).is_err(), "{bad}");
        }
    }
}
