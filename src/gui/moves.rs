//! The squares of a move text, so the page needs no move grammar: every
//! game writes a move as an optional from-square (or `X@` for a piece from
//! the hand), a to-square, and an optional suffix (promotion piece, citadel
//! swap letter, Jarmo's re-entry file). A square is letters then digits.

use serde::Serialize;

/// A legal move as the page sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveSquares {
    /// The move text the engine reads back.
    pub text: String,
    /// Where the piece comes from (`None` for a piece from the hand).
    pub from: Option<String>,
    /// The hand piece's letter for a re-entry (`S@c1` → `S`).
    pub drop: Option<String>,
    /// Where the piece goes.
    pub to: String,
    /// What follows the squares (`q`, `x`, `b`), empty if nothing.
    pub suffix: String,
}

/// Splits `text` into its squares; `None` if it has no to-square.
pub fn split(text: &str) -> Option<MoveSquares> {
    let (drop, rest) = match text.split_once('@') {
        Some((piece, rest)) => (Some(piece.to_string()), rest),
        None => (None, text),
    };
    let (first, rest) = square(rest)?;
    let (from, to, rest) = match (drop.is_some(), square(rest)) {
        (false, Some((second, rest))) => (Some(first), second, rest),
        (_, _) => (None, first, rest),
    };
    if drop.is_none() && from.is_none() {
        return None;
    }
    Some(MoveSquares {
        text: text.to_string(),
        from,
        drop,
        to,
        suffix: rest.to_string(),
    })
}

/// One square at the start of `text` (letters, then digits) and the rest.
fn square(text: &str) -> Option<(String, &str)> {
    let letters = text.find(|c: char| !c.is_ascii_lowercase())?;
    let digits = text[letters..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(text.len(), |n| letters + n);
    (letters > 0 && digits > letters).then(|| (text[..digits].to_string(), &text[digits..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(text: &str) -> (Option<String>, Option<String>, String, String) {
        let m = split(text).unwrap();
        (m.from, m.drop, m.to, m.suffix)
    }

    #[test]
    fn every_game_s_move_shapes() {
        let s = |x: &str| Some(x.to_string());
        assert_eq!(parts("e2e4"), (s("e2"), None, "e4".into(), "".into()));
        assert_eq!(parts("e7e8q"), (s("e7"), None, "e8".into(), "q".into()));
        assert_eq!(parts("a10z9"), (s("a10"), None, "z9".into(), "".into()));
        assert_eq!(parts("a9z9x"), (s("a9"), None, "z9".into(), "x".into()));
        assert_eq!(parts("h0e0"), (s("h0"), None, "e0".into(), "".into()));
        assert_eq!(parts("S@c1"), (None, s("S"), "c1".into(), "".into()));
        assert_eq!(parts("d3e5b"), (s("d3"), None, "e5".into(), "b".into()));
        assert_eq!(split("e2"), None);
        assert_eq!(split("zz"), None);
        assert_eq!(split(""), None);
    }
}
