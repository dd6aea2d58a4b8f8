//! Xiangqi FEN: ranks 9 down to 0, Red upper case, letters `K A B N R C P`
//! (`E` and `H` accepted for the elephant and horse), side `w` (or `r`) / `b`,
//! then the unused `- -`, the plies since the last capture and the move number.

use super::board::{color_of, in_palace, kind_of, on_own_half, piece, Kind, EMPTY, FILES, RANKS};
use super::position::{Xiangqi, ZOBRIST};
use timur_search::Color;

/// The start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Largest half-move clock or move number a FEN may give.
const MAX_COUNTER: u32 = 1_000_000;

impl Xiangqi {
    /// Reads a FEN; the error names the bad field or letter.
    pub fn parse_fen(text: &str) -> Result<Xiangqi, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let Some(&board) = fields.first() else {
            return Err("empty FEN".to_string());
        };
        let mut pos = Xiangqi::empty();
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != RANKS {
            return Err(format!(
                "FEN board `{board}` has {} ranks, xiangqi needs {RANKS}",
                rows.len()
            ));
        }
        let mut generals = [0u32; 2];
        for (i, row) in rows.iter().enumerate() {
            let rank = RANKS - 1 - i;
            let mut file = 0usize;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    let mut n = d as usize;
                    // Allow a two-digit run ("10" never fits, but say so clearly).
                    if let Some(next) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n * 10 + next as usize;
                        chars.next();
                    }
                    if n == 0 {
                        return Err(format!("FEN rank `{row}`: empty run of length 0"));
                    }
                    file += n;
                } else {
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let kind = Kind::from_letter(c.to_ascii_uppercase())
                        .ok_or_else(|| format!("FEN rank `{row}`: unknown piece letter `{c}`"))?;
                    if file >= FILES {
                        return Err(format!("FEN rank `{row}` has more than {FILES} points"));
                    }
                    let sq = rank * FILES + file;
                    check_placement(color, kind, sq, c)?;
                    if kind == Kind::General {
                        generals[color.index()] += 1;
                    }
                    pos.put(sq, piece(color, kind));
                    file += 1;
                }
                if file > FILES {
                    return Err(format!("FEN rank `{row}` has more than {FILES} points"));
                }
            }
            if file != FILES {
                return Err(format!(
                    "FEN rank `{row}` has {file} points, xiangqi needs {FILES}"
                ));
            }
        }
        for (color, name) in [(Color::White, "Red"), (Color::Black, "Black")] {
            if generals[color.index()] != 1 {
                return Err(format!(
                    "FEN `{board}`: {name} has {} generals, needs exactly one",
                    generals[color.index()]
                ));
            }
        }
        pos.side = match fields.get(1).copied() {
            None | Some("w") | Some("r") | Some("W") | Some("R") => Color::White,
            Some("b") | Some("B") => Color::Black,
            Some(other) => {
                return Err(format!(
                    "FEN side to move `{other}`: expected `w` (or `r`) or `b`"
                ))
            }
        };
        if pos.side == Color::Black {
            pos.key ^= ZOBRIST.black;
        }
        if let Some(&clock) = fields.get(4) {
            pos.since_capture = clock
                .parse()
                .ok()
                .filter(|&n| n <= MAX_COUNTER)
                .ok_or_else(|| {
                    format!("FEN half-move clock `{clock}` is not a number up to {MAX_COUNTER}")
                })?;
            pos.since_irreversible = pos.since_capture;
        }
        if let Some(&number) = fields.get(5) {
            pos.fullmove = number
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= MAX_COUNTER)
                .ok_or_else(|| {
                    format!("FEN move number `{number}` is not a number up to {MAX_COUNTER}")
                })?
                .max(1);
        }
        if fields.len() > 6 {
            return Err(format!(
                "FEN has unexpected extra text `{}`",
                fields[6..].join(" ")
            ));
        }
        if pos.generals_face() {
            return Err(format!(
                "FEN `{board}`: the generals face each other on an open file"
            ));
        }
        if pos.general_attacked(pos.side.flip()) {
            return Err(format!(
                "FEN `{text}`: the side not to move is in check (its general could be taken)"
            ));
        }
        Ok(pos)
    }

    /// Writes the FEN.
    pub fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let p = self.piece_at(rank * FILES + file);
                if p == EMPTY {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(piece_letter(p));
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = if self.side() == Color::White {
            'w'
        } else {
            'b'
        };
        format!("{out} {side} - - {} {}", self.since_capture, self.fullmove)
    }
}

/// The FEN letter of a piece code.
pub fn piece_letter(p: u8) -> char {
    let letter = kind_of(p).letter();
    if color_of(p) == Color::White {
        letter
    } else {
        letter.to_ascii_lowercase()
    }
}

/// Refuses pieces on points they can never reach.
fn check_placement(color: Color, kind: Kind, sq: usize, letter: char) -> Result<(), String> {
    let name = super::notation::square_name(sq, false);
    let ok = match kind {
        Kind::General | Kind::Advisor => in_palace(color, sq),
        Kind::Elephant => on_own_half(color, sq),
        Kind::Soldier => match color {
            Color::White => sq / FILES >= 3,
            Color::Black => sq / FILES <= 6,
        },
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("FEN: piece `{letter}` cannot stand on {name}"))
    }
}
