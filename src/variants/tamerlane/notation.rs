//! Move text: long algebraic `f3f4`, citadels `l2`/`z9`, relocation
//! `a10e5`, royal swap `f2e2`, citadel swap with suffix `x` or `a`.

use super::types::{file_of, rank_of, square, Move, MoveKind, L2, RANKS, Z9};

/// The name of a square (`a1`..`k10`, `l2`, `z9`).
pub fn square_name(sq: u8) -> String {
    match sq {
        L2 => "l2".to_string(),
        Z9 => "z9".to_string(),
        _ => format!("{}{}", (b'a' + file_of(sq)) as char, rank_of(sq) + 1),
    }
}

/// Reads a square name at the start of `text`; returns the square and the
/// number of bytes used.
pub fn read_square(text: &str) -> Option<(u8, usize)> {
    let bytes = text.as_bytes();
    let f = *bytes.first()?;
    let mut len = 1;
    let mut rank = 0usize;
    while len < bytes.len() && bytes[len].is_ascii_digit() && len <= 2 {
        rank = rank * 10 + (bytes[len] - b'0') as usize;
        len += 1;
    }
    if len == 1 || (len == 3 && bytes[1] == b'0') {
        return None;
    }
    let sq = match f {
        b'l' if rank == 2 => L2,
        b'z' if rank == 9 => Z9,
        b'a'..=b'k' if (1..=RANKS).contains(&rank) => square(f - b'a', rank as u8 - 1),
        _ => return None,
    };
    Some((sq, len))
}

/// The text of a move.
pub fn move_text(mv: Move) -> String {
    let suffix = match mv.kind {
        MoveKind::CitadelSwapPrince => "x",
        MoveKind::CitadelSwapAdv => "a",
        _ => "",
    };
    format!("{}{}{}", square_name(mv.from), square_name(mv.to), suffix)
}

/// Checks the shape of move text (two squares, optional `x`/`a` suffix)
/// before it is matched against the legal moves.
pub fn check_syntax(text: &str) -> Result<(), String> {
    let bad = || {
        format!(
            "move `{text}`: expected two squares a1..k10, l2 or z9 (e.g. `f3f4`, `a10e5`, `a9z9x`)"
        )
    };
    let (_, n1) = read_square(text).ok_or_else(bad)?;
    let rest = &text[n1..];
    let (_, n2) = read_square(rest).ok_or_else(bad)?;
    match &rest[n2..] {
        "" | "x" | "a" => Ok(()),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in 0..112u8 {
            let name = square_name(sq);
            assert_eq!(read_square(&name), Some((sq, name.len())), "{name}");
        }
        assert_eq!(read_square("a0"), None);
        assert_eq!(read_square("a11"), None);
        assert_eq!(read_square("l3"), None);
        assert_eq!(read_square("a01"), None);
    }

    #[test]
    fn syntax() {
        assert!(check_syntax("a10e5").is_ok());
        assert!(check_syntax("a9z9x").is_ok());
        assert!(check_syntax("a9z9q").is_err());
        assert!(check_syntax("e").is_err());
        assert!(check_syntax("").is_err());
    }
}
