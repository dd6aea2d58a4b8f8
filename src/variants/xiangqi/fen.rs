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
        if fields.len() > 6 {
            return Err(format!(
                "FEN has unexpected extra text `{}`",
                fields[6..].join(" ")
            ));
        }
        let mut pos = Xiangqi::empty();
        pos.place_board(board)?;
        pos.read_side_and_counters(&fields)?;
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

    /// Puts the pieces of the FEN's board field on the empty board; each side
    /// needs exactly one general.
    fn place_board(&mut self, board: &str) -> Result<(), String> {
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != RANKS {
            return Err(format!(
                "FEN board `{board}` has {} ranks, xiangqi needs {RANKS}",
                rows.len()
            ));
        }
        let mut generals = [0u32; 2];
        for (i, row) in rows.iter().enumerate() {
            self.place_rank(row, RANKS - 1 - i, &mut generals)?;
        }
        for (color, name) in [(Color::White, "Red"), (Color::Black, "Black")] {
            if generals[color.index()] != 1 {
                return Err(format!(
                    "FEN `{board}`: {name} has {} generals, needs exactly one",
                    generals[color.index()]
                ));
            }
        }
        Ok(())
    }

    /// Puts one FEN rank's pieces, counting the generals per colour.
    fn place_rank(
        &mut self,
        row: &str,
        rank: usize,
        generals: &mut [u32; 2],
    ) -> Result<(), String> {
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
                self.put(sq, piece(color, kind));
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
        Ok(())
    }

    /// Reads the side to move (default Red), the half-move clock and the
    /// move number (fields 2, 5 and 6; castling and en-passant fields are
    /// ignored).
    fn read_side_and_counters(&mut self, fields: &[&str]) -> Result<(), String> {
        self.side = match fields.get(1).copied() {
            None | Some("w") | Some("r") | Some("W") | Some("R") => Color::White,
            Some("b") | Some("B") => Color::Black,
            Some(other) => {
                return Err(format!(
                    "FEN side to move `{other}`: expected `w` (or `r`) or `b`"
                ))
            }
        };
        if self.side == Color::Black {
            self.key ^= ZOBRIST.black;
        }
        if let Some(&clock) = fields.get(4) {
            self.since_capture = clock
                .parse()
                .ok()
                .filter(|&n| n <= MAX_COUNTER)
                .ok_or_else(|| {
                    format!("FEN half-move clock `{clock}` is not a number up to {MAX_COUNTER}")
                })?;
            self.since_irreversible = self.since_capture;
        }
        if let Some(&number) = fields.get(5) {
            self.fullmove = number
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= MAX_COUNTER)
                .ok_or_else(|| {
                    format!("FEN move number `{number}` is not a number up to {MAX_COUNTER}")
                })?
                .max(1);
        }
        Ok(())
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
