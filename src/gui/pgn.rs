//! The page's PGN: tags `Variant` (every game but chess), `FEN` and `SetUp`
//! for another start, `Result`; moves in timur's coordinate notation.

use crate::engine::VariantKind;

/// A game read from PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// From the `Variant` tag (chess without one).
    pub variant: VariantKind,
    /// From the `FEN` tag.
    pub fen: Option<String>,
    /// The moves, as text.
    pub moves: Vec<String>,
}

/// The PGN of a game from `fen` (or the start) with `moves` played.
pub fn write(
    variant: VariantKind,
    fen: Option<&str>,
    moves: &[String],
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
    }
    words.push(result.to_string());
    out += &words.join(" ");
    out.push('\n');
    out
}

/// Reads the first game of a PGN text: its tags, then its moves without
/// move numbers, comments, variations, annotations and the result.
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
    let mut depth = 0usize;
    let mut in_comment = false;
    for word in body
        .replace('{', " { ")
        .replace('}', " } ")
        .replace('(', " ( ")
        .replace(')', " ) ")
        .split_whitespace()
    {
        match word {
            "{" => in_comment = true,
            "}" => in_comment = false,
            _ if in_comment => {}
            "(" => depth += 1,
            ")" => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            "1-0" | "0-1" | "1/2-1/2" | "*" => break,
            _ if word.starts_with('$') => {}
            _ => {
                let mv = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if !mv.is_empty() {
                    moves.push(mv.to_string());
                }
            }
        }
    }
    Ok(PgnGame {
        variant,
        fen,
        moves,
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
        let text = write(VariantKind::Jarmo, Some(fen), &moves, None);
        assert!(text.contains("[Variant \"jarmo\"]"), "{text}");
        assert!(text.contains("1... S@c1 2. b5c3 c1d2 *"), "{text}");
        let game = read(&text).unwrap();
        assert_eq!(
            game,
            PgnGame {
                variant: VariantKind::Jarmo,
                fen: Some(fen.into()),
                moves
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
}
