//! Move text: `<file><rank><file><rank>` like `h2e2`, files `a`..`i`, ranks
//! `0`..`9` by default (UCCI, ElephantEye, Pikafish, XBoard) or `1`..`10`
//! with [`Notation::ranks_from_one`] (Fairy-Stockfish's UCI).

use super::board::{Square, FILES, RANKS};
use super::moves::Move;
use crate::variants::Notation;

/// The name of square index `sq`, e.g. `h2` (or `h3` when `ranks_from_one`).
pub fn square_name(sq: usize, ranks_from_one: bool) -> String {
    let file = (b'a' + (sq % FILES) as u8) as char;
    let rank = sq / FILES + usize::from(ranks_from_one);
    format!("{file}{rank}")
}

/// Writes `mv`.
pub fn format_move(mv: Move, notation: Notation) -> String {
    format!(
        "{}{}",
        square_name(mv.from_index(), notation.ranks_from_one),
        square_name(mv.to_index(), notation.ranks_from_one)
    )
}

/// Reads one square at the start of `text`; returns it and the rest.
fn parse_square<'a>(
    text: &'a str,
    whole: &str,
    ranks_from_one: bool,
) -> Result<(Square, &'a str), String> {
    let mut chars = text.char_indices();
    let Some((_, file_char)) = chars.next() else {
        return Err(format!(
            "move `{whole}`: expected <file><rank><file><rank>, like `h2e2`"
        ));
    };
    if !file_char.is_ascii_lowercase() {
        return Err(format!(
            "move `{whole}`: `{file_char}` is not a file letter (files are a-i)"
        ));
    }
    let file = (file_char as u8 - b'a') as usize;
    if file >= FILES {
        return Err(format!(
            "move `{whole}`: file `{file_char}` is off the board (files are a-i)"
        ));
    }
    let digits_end = text[1..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(text.len(), |i| i + 1);
    let digits = &text[1..digits_end];
    if digits.is_empty() {
        return Err(format!(
            "move `{whole}`: missing rank after file `{file_char}`"
        ));
    }
    let (low, high) = if ranks_from_one {
        (1, RANKS)
    } else {
        (0, RANKS - 1)
    };
    let value: usize = match digits.parse() {
        Ok(v) if digits.len() <= 2 && (low..=high).contains(&v) => v,
        _ if digits == "10" => {
            return Err(format!(
                "move `{whole}`: rank `10` does not exist when ranks are written 0-9 \
                 (rank 9 is the top; enable ranks-from-one notation for 1-10)"
            ))
        }
        _ => {
            return Err(format!(
                "move `{whole}`: rank `{digits}` is off the board (ranks are {low}-{high})"
            ))
        }
    };
    let rank = value - low;
    let square = Square::new(file, rank).ok_or_else(|| format!("move `{whole}`: off the board"))?;
    Ok((square, &text[digits_end..]))
}

/// Reads move text into a move between two points (legality not checked).
pub fn parse_move_text(text: &str, notation: Notation) -> Result<Move, String> {
    let trimmed = text.trim();
    if !trimmed.is_ascii() {
        return Err(format!(
            "move `{trimmed}`: expected <file><rank><file><rank>, like `h2e2`"
        ));
    }
    let (from, rest) = parse_square(trimmed, trimmed, notation.ranks_from_one)?;
    let (to, rest) = parse_square(rest, trimmed, notation.ranks_from_one)?;
    if !rest.is_empty() {
        return Err(format!(
            "move `{trimmed}`: unexpected text `{rest}` after the move"
        ));
    }
    if from == to {
        return Err(format!("move `{trimmed}`: from and to are the same point"));
    }
    Ok(Move::new(from, to))
}
