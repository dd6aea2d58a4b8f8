//! FEN in and out: `KQkq`, Shredder-FEN (`HAha`) and X-FEN castling fields;
//! Chess960 start positions by Scharnagl number.

use super::attacks::tables;
use super::position::{right_bit, Chess, LONG, SHORT};
use super::types::{Kind, Piece, Square};
use crate::bitboard::Bits;
use timur_search::Color;

/// The orthodox start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn parse_board(pos: &mut Chess, text: &str) -> Result<(), String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!(
            "the board `{text}` has {} ranks, expected 8",
            ranks.len()
        ));
    }
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if let Some(run) = c.to_digit(10) {
                if !(1..=8).contains(&run) {
                    return Err(format!("bad empty-square count `{c}` on rank {}", rank + 1));
                }
                file += run as u8;
            } else {
                let kind =
                    Kind::from_letter(c).ok_or_else(|| format!("unknown piece letter `{c}`"))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file >= 8 {
                    return Err(format!(
                        "rank {} `{rank_text}` is longer than 8 squares",
                        rank + 1
                    ));
                }
                pos.put(Piece::new(color, kind), Square::at(file, rank));
                file += 1;
            }
            if file > 8 {
                return Err(format!(
                    "rank {} `{rank_text}` is longer than 8 squares",
                    rank + 1
                ));
            }
        }
        if file != 8 {
            return Err(format!(
                "rank {} `{rank_text}` has {file} squares, expected 8",
                rank + 1
            ));
        }
    }
    Ok(())
}

/// Reads the castling field. A right the board cannot have (its king off
/// the first rank, no rook where it needs one, a second rook for the same
/// wing) is dropped, as Stockfish does, and noted in `dropped`.
fn parse_castling(pos: &mut Chess, text: &str, dropped: &mut Vec<String>) -> Result<(), String> {
    if text == "-" {
        return Ok(());
    }
    for c in text.chars() {
        if !c.is_ascii_alphabetic() || !matches!(c.to_ascii_lowercase(), 'k' | 'q' | 'a'..='h') {
            return Err(format!("bad castling field `{text}`"));
        }
        match castling_right(pos, c) {
            Ok((color, wing, rook)) => {
                pos.rights |= right_bit(color, wing);
                pos.castle_rooks[color as usize * 2 + wing] = rook;
            }
            Err(why) => dropped.push(format!("castling right `{c}` dropped: {why}")),
        }
    }
    Ok(())
}

/// The right castling letter `c` stands for: its side, wing and rook.
fn castling_right(pos: &Chess, c: char) -> Result<(Color, usize, Square), &'static str> {
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let back = if color == Color::White { 0 } else { 7 };
    let king = pos.king_square(color);
    if king.rank() != back {
        return Err("that king is not on its first rank");
    }
    let rooks: Vec<u8> = (pos.pieces(color, Kind::Rook) & (0xFFu64 << (8 * back)))
        .squares()
        .map(|s| (s % 8) as u8)
        .collect();
    let rook_file = match c.to_ascii_lowercase() {
        'k' => rooks.iter().copied().filter(|&f| f > king.file()).max(),
        'q' => rooks.iter().copied().filter(|&f| f < king.file()).min(),
        f => Some(f as u8 - b'a').filter(|f| rooks.contains(f)),
    };
    let rook = Square::at(rook_file.ok_or("no rook stands where it needs one")?, back);
    let wing = pos.castle_wing(king, rook);
    let slot = color as usize * 2 + wing;
    if pos.rights & right_bit(color, wing) != 0 && pos.castle_rooks[slot] != rook {
        return Err("a right for that wing was already given with another rook");
    }
    Ok((color, wing, rook))
}

fn parse_en_passant(pos: &mut Chess, text: &str) -> Result<(), String> {
    if text == "-" {
        return Ok(());
    }
    let ep = Square::parse(text).ok_or_else(|| format!("bad en-passant square `{text}`"))?;
    let us = pos.side;
    let (ep_rank, victim_rank) = if us == Color::White { (5, 4) } else { (2, 3) };
    if ep.rank() != ep_rank {
        return Err(format!(
            "en-passant square `{text}` is not on rank {}",
            ep_rank + 1
        ));
    }
    // Keep it only where a capture there is possible, as the key expects.
    let victim = Square::at(ep.file(), victim_rank);
    let behind = Square::at(ep.file(), if us == Color::White { 6 } else { 1 });
    let plausible = pos.piece_at(victim) == Some(Piece::new(us.flip(), Kind::Pawn))
        && pos.piece_at(ep).is_none()
        && pos.piece_at(behind).is_none();
    if plausible && tables().pawn(us.flip(), ep) & pos.pieces(us, Kind::Pawn) != 0 {
        pos.en_passant = Some(ep);
    }
    Ok(())
}

fn parse_counter(text: Option<&str>, default: u16, name: &str) -> Result<u16, String> {
    match text {
        None => Ok(default),
        Some(t) => t.parse::<u16>().map_err(|_| format!("bad {name} `{t}`")),
    }
}

impl Chess {
    /// Reads a FEN (halfmove and fullmove fields optional); castling rights
    /// the board cannot have are dropped silently.
    pub fn parse_fen(text: &str) -> Result<Chess, String> {
        Chess::parse_fen_noting(text).map(|(pos, _)| pos)
    }

    /// Reads a FEN and says which castling rights it dropped.
    pub fn parse_fen_noting(text: &str) -> Result<(Chess, Vec<String>), String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 4 || fields.len() > 6 {
            return Err(format!("a FEN has 4 to 6 fields, got {}", fields.len()));
        }
        let mut pos = Chess::empty();
        parse_board(&mut pos, fields[0])?;
        for color in [Color::White, Color::Black] {
            let kings = pos.pieces(color, Kind::King).count_ones();
            if kings != 1 {
                return Err(
                    format!("{kings} {color:?} kings on the board, expected 1").to_lowercase()
                );
            }
        }
        if (pos.by_kind[Kind::Pawn.index()] & (0xFF | 0xFF << 56)) != 0 {
            return Err("a pawn stands on the first or last rank".into());
        }
        pos.side = match fields[1] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(format!("bad side to move `{other}` (expected w or b)")),
        };
        let mut dropped = Vec::new();
        parse_castling(&mut pos, fields[2], &mut dropped)?;
        parse_en_passant(&mut pos, fields[3])?;
        pos.halfmove = parse_counter(fields.get(4).copied(), 0, "halfmove clock")?;
        pos.fullmove = parse_counter(fields.get(5).copied(), 1, "move number")?.max(1);
        let them = pos.side.flip();
        if pos.is_attacked(pos.king_square(them), pos.side, pos.occupied()) {
            return Err("the side not to move is in check".into());
        }
        pos.finish_setup();
        Ok((pos, dropped))
    }

    fn castling_text(&self) -> String {
        let mut out = String::new();
        for color in [Color::White, Color::Black] {
            for wing in [SHORT, LONG] {
                if self.rights & right_bit(color, wing) == 0 {
                    continue;
                }
                let rook = self.castle_rooks[color as usize * 2 + wing];
                let back = rook.rank();
                let rooks = self.pieces(color, Kind::Rook) & (0xFFu64 << (8 * back));
                let king_file = self.king_square(color).file();
                let outermost = rooks
                    .squares()
                    .map(|s| (s % 8) as u8)
                    .filter(|&f| (f > king_file) == (wing == SHORT));
                let outer = if wing == SHORT {
                    outermost.max()
                } else {
                    outermost.min()
                };
                let letter = if !self.chess960 && outer == Some(rook.file()) {
                    if wing == SHORT {
                        'k'
                    } else {
                        'q'
                    }
                } else {
                    (b'a' + rook.file()) as char
                };
                out.push(if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// Writes the FEN (Shredder-FEN castling in Chess960 mode, `KQkq` otherwise).
    pub fn fen(&self) -> String {
        let mut board = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::at(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            board.push_str(&empty.to_string());
                            empty = 0;
                        }
                        board.push(p.letter());
                    }
                }
            }
            if empty > 0 {
                board.push_str(&empty.to_string());
            }
            if rank > 0 {
                board.push('/');
            }
        }
        let side = if self.side == Color::White { 'w' } else { 'b' };
        let ep = self.en_passant.map_or("-".to_string(), |s| s.to_string());
        format!(
            "{board} {side} {} {ep} {} {}",
            self.castling_text(),
            self.halfmove,
            self.fullmove
        )
    }

    /// The Chess960 start position with Scharnagl number `n` (0..960; 518 is
    /// the orthodox array), in Chess960 mode.
    pub fn chess960_start(n: u32) -> Option<Chess> {
        if n >= 960 {
            return None;
        }
        let mut row = [None::<Kind>; 8];
        let mut n = n;
        row[(2 * (n % 4) + 1) as usize] = Some(Kind::Bishop);
        n /= 4;
        row[(2 * (n % 4)) as usize] = Some(Kind::Bishop);
        n /= 4;
        let place = |row: &mut [Option<Kind>; 8], mut nth: u32, kind: Kind| {
            for cell in row.iter_mut() {
                if cell.is_none() {
                    if nth == 0 {
                        *cell = Some(kind);
                        return;
                    }
                    nth -= 1;
                }
            }
        };
        place(&mut row, n % 6, Kind::Queen);
        n /= 6;
        const KNIGHTS: [(u32, u32); 10] = [
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (3, 4),
        ];
        let (a, b) = KNIGHTS[n as usize];
        place(&mut row, b, Kind::Knight);
        place(&mut row, a, Kind::Knight);
        place(&mut row, 0, Kind::Rook);
        place(&mut row, 0, Kind::King);
        place(&mut row, 0, Kind::Rook);
        let white: String = row
            .iter()
            .map(|k| k.map_or('?', |k| k.letter().to_ascii_uppercase()))
            .collect();
        let rook_files: Vec<char> = row
            .iter()
            .enumerate()
            .filter(|(_, k)| **k == Some(Kind::Rook))
            .map(|(f, _)| (b'a' + f as u8) as char)
            .collect();
        let rights: String = rook_files
            .iter()
            .rev()
            .map(|c| c.to_ascii_uppercase())
            .chain(rook_files.iter().rev().copied())
            .collect();
        let fen = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {rights} - 0 1",
            white.to_lowercase()
        );
        let mut pos = Chess::parse_fen(&fen).ok()?;
        pos.set_chess960(true);
        Some(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for fen in [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            assert_eq!(Chess::parse_fen(fen).unwrap().fen(), fen);
        }
        // An en-passant square nobody can use is dropped.
        let pos = Chess::parse_fen("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2")
            .unwrap();
        assert!(pos.fen().contains(" - 0 2"));
        // Halfmove and fullmove may be missing.
        assert!(Chess::parse_fen("8/8/8/8/8/8/8/K6k w - -")
            .unwrap()
            .fen()
            .ends_with("- 0 1"));
    }

    #[test]
    fn impossible_castling_rights_are_dropped_with_a_note() {
        for (fen, kept, dropped) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
                "Qkq",
                "`K`",
            ),
            ("r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "Kq", "`Q`"),
            ("4k3/8/8/8/8/8/8/R3K2R w HAha - 0 1", "KQ", "`h`"),
            ("4k3/8/8/8/8/8/8/R3K2R w KQCkq - 0 1", "KQ", "`C`"),
            ("4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", "-", "`K`"),
        ] {
            let (pos, notes) = Chess::parse_fen_noting(fen).unwrap();
            assert_eq!(pos.castling_text(), kept, "{fen}");
            assert!(
                notes.iter().any(|n| n.contains(dropped)),
                "{fen}: {notes:?}"
            );
        }
        let (_, notes) =
            Chess::parse_fen_noting("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                .unwrap();
        assert!(notes.is_empty());
        assert!(Chess::parse_fen("4k3/8/8/8/8/8/8/R3K2R w KX - 0 1").is_err());
    }

    #[test]
    fn castling_fields_in_all_forms() {
        let shredder =
            Chess::parse_fen("rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11")
                .unwrap();
        let mut x = shredder.clone();
        x.set_chess960(false);
        assert_eq!(x.castling_text(), "Gkq");
        let mut s = shredder;
        s.set_chess960(true);
        assert_eq!(s.castling_text(), "Gga");
        let orthodox = Chess::parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").unwrap();
        assert_eq!(orthodox.castling_text(), "KQkq");
    }

    #[test]
    fn rejects_bad_fens_with_reasons() {
        for (fen, words) in [
            ("", "fields"),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"),
            (
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "empty-square",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
                "letter",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
                "kings",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                "side",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
                "en-passant",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
                "halfmove",
            ),
            ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "check"),
            ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn"),
        ] {
            let err = Chess::parse_fen(fen).unwrap_err();
            assert!(err.contains(words), "{fen}: {err}");
        }
    }

    #[test]
    fn scharnagl_518_is_orthodox() {
        let pos = Chess::chess960_start(518).unwrap();
        assert_eq!(
            pos.fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
        );
        assert_eq!(
            Chess::chess960_start(0).unwrap().fen(),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
        );
        assert!(Chess::chess960_start(960).is_none());
    }
}
