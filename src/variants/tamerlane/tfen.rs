//! TFEN: Tamerlane position text,
//! `<board> <side> <citadels> <swaps> <pawn-of-pawns> <halfmove> <fullmove>`.

use timur_search::Color;

use super::attacks::RANK_MASK;
use super::position::{CITADEL_BLACK, CITADEL_WHITE, SWAP_BLACK, SWAP_WHITE};
use super::types::{color_of, kind_of, last_rank, piece, Kind, EMPTY, L2, Z9};
use super::Tamerlane;

/// The start position's TFEN.
pub const START_TFEN: &str = "e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1E w -- SCsc 00 0 1";

/// The text of a piece: one letter, or `P` plus a letter for pawns; lower
/// case for Black.
pub fn piece_text(p: u8) -> String {
    let kind = kind_of(p);
    let text = if kind.is_pawn() {
        format!("P{}", kind.letter())
    } else {
        kind.letter().to_string()
    };
    match color_of(p) {
        Color::White => text,
        Color::Black => text.to_ascii_lowercase(),
    }
}

fn read_rank(pos: &mut Tamerlane, rank: u8, text: &str) -> Result<(), String> {
    let chars: Vec<char> = text.chars().collect();
    let mut file: usize = 0;
    let mut i = 0;
    let rank_name = rank + 1;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let mut n = 0usize;
            while i < chars.len() && chars[i].is_ascii_digit() {
                n = n * 10 + chars[i] as usize - '0' as usize;
                i += 1;
                if n > 11 {
                    return Err(format!(
                        "TFEN rank {rank_name} `{text}` is wider than 11 cells"
                    ));
                }
            }
            if n == 0 {
                return Err(format!(
                    "TFEN rank {rank_name} `{text}`: empty run of 0 cells"
                ));
            }
            file += n;
            if file > 11 {
                return Err(format!(
                    "TFEN rank {rank_name} `{text}` is wider than 11 cells"
                ));
            }
            continue;
        }
        if file >= 11 {
            return Err(format!(
                "TFEN rank {rank_name} `{text}` is wider than 11 cells"
            ));
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kind = if c == 'P' || c == 'p' {
            let Some(&next) = chars.get(i + 1) else {
                return Err(format!(
                    "TFEN rank {rank_name} `{text}`: pawn `{c}` without the letter of its piece"
                ));
            };
            if next.is_ascii_uppercase() != c.is_ascii_uppercase() {
                return Err(format!(
                    "TFEN rank {rank_name} `{text}`: pawn `{c}{next}` mixes upper and lower case"
                ));
            }
            i += 1;
            Kind::pawn_from_letter(next.to_ascii_uppercase()).ok_or_else(|| {
                format!("TFEN rank {rank_name} `{text}`: unknown pawn `{c}{next}`")
            })?
        } else {
            Kind::from_piece_letter(c.to_ascii_uppercase()).ok_or_else(|| {
                format!("TFEN rank {rank_name} `{text}`: unknown piece letter `{c}`")
            })?
        };
        pos.set_square(rank * 11 + file as u8, piece(color, kind));
        file += 1;
        i += 1;
    }
    if file != 11 {
        return Err(format!(
            "TFEN rank {rank_name} `{text}` has {file} cells, expected 11"
        ));
    }
    Ok(())
}

fn citadel_occupant(c: char, cit: u8) -> Result<u8, String> {
    let name = if cit == L2 { "l2" } else { "z9" };
    // l2 may hold White's adventitious king or a Black prince/adventitious
    // king left there by a citadel swap; z9 the mirror.
    let allowed: &[char] = if cit == L2 {
        &['A', 'x', 'a']
    } else {
        &['a', 'X', 'A']
    };
    if c == '-' {
        return Ok(EMPTY);
    }
    if !allowed.contains(&c) {
        return Err(format!(
            "TFEN citadel field: `{c}` cannot stand in {name} (allowed: - {})",
            allowed.iter().collect::<String>()
        ));
    }
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let kind = Kind::from_piece_letter(c.to_ascii_uppercase()).unwrap_or(Kind::AdvKing);
    Ok(piece(color, kind))
}

/// Reads a TFEN. Errors name the field and the bad token.
pub fn parse(text: &str) -> Result<Tamerlane, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 7 {
        return Err(format!(
            "TFEN needs 7 fields (board side citadels swaps pawn-of-pawns halfmove fullmove), got {}",
            fields.len()
        ));
    }
    let mut pos = Tamerlane::empty();
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 10 {
        return Err(format!(
            "TFEN board `{}` has {} ranks, expected 10",
            fields[0],
            ranks.len()
        ));
    }
    for (i, r) in ranks.iter().enumerate() {
        read_rank(&mut pos, 9 - i as u8, r)?;
    }
    pos.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(format!("TFEN side `{other}`: expected `w` or `b`")),
    };
    let cit: Vec<char> = fields[2].chars().collect();
    if cit.len() != 2 {
        return Err(format!(
            "TFEN citadel field `{}`: expected two characters (l2 then z9)",
            fields[2]
        ));
    }
    let l2 = citadel_occupant(cit[0], L2)?;
    let z9 = citadel_occupant(cit[1], Z9)?;
    pos.set_square(L2, l2);
    pos.set_square(Z9, z9);
    if fields[3] != "-" {
        for c in fields[3].chars() {
            let b = match c {
                'S' => SWAP_WHITE,
                'C' => CITADEL_WHITE,
                's' => SWAP_BLACK,
                'c' => CITADEL_BLACK,
                _ => {
                    return Err(format!(
                        "TFEN swaps field `{}`: unknown right `{c}` (use S C s c or -)",
                        fields[3]
                    ))
                }
            };
            if pos.rights & b != 0 {
                return Err(format!("TFEN swaps field `{}`: `{c}` repeated", fields[3]));
            }
            pos.rights |= b;
        }
    }
    let pp: Vec<char> = fields[4].chars().collect();
    if pp.len() != 2 || pp.iter().any(|c| !('0'..='3').contains(c)) {
        return Err(format!(
            "TFEN pawn-of-pawns field `{}`: expected two digits 0..3 (White's then Black's arrivals)",
            fields[4]
        ));
    }
    pos.pawn_of_pawns = [pp[0] as u8 - b'0', pp[1] as u8 - b'0'];
    pos.halfmove = fields[5]
        .parse()
        .map_err(|_| format!("TFEN halfmove `{}` is not a number", fields[5]))?;
    pos.fullmove = fields[6]
        .parse()
        .map_err(|_| format!("TFEN fullmove `{}` is not a number", fields[6]))?;
    if pos.fullmove == 0 {
        return Err("TFEN fullmove `0`: move numbers start at 1".to_string());
    }
    validate(&pos)?;
    pos.refresh_key();
    Ok(pos)
}

fn validate(pos: &Tamerlane) -> Result<(), String> {
    for color in [Color::White, Color::Black] {
        let name = if color == Color::White {
            "White"
        } else {
            "Black"
        };
        if pos.royals & pos.by_color[color.index()] == 0 {
            return Err(format!(
                "TFEN: {name} has no royal piece (king, prince or adventitious king)"
            ));
        }
        for kind in [Kind::King, Kind::Prince, Kind::AdvKing] {
            if pos.pieces(color, kind).count_ones() > 1 {
                return Err(format!("TFEN: {name} has more than one {kind:?}"));
            }
        }
        // A prince only comes from the pawn of the king, an adventitious
        // king only from the pawn of pawns: never both at once.
        for (royal, pawn, names) in [
            (
                Kind::Prince,
                Kind::PawnKing,
                "a prince and a pawn of the king",
            ),
            (
                Kind::AdvKing,
                Kind::PawnPawn,
                "an adventitious king and a pawn of pawns",
            ),
        ] {
            if pos.pieces(color, royal) != 0 && pos.pieces(color, pawn) != 0 {
                return Err(format!(
                    "TFEN: {name} has both {names} (the first only comes from the second)"
                ));
            }
        }
        let last = RANK_MASK[last_rank(color) as usize];
        let on_last = pos.pawns & pos.by_color[color.index()] & last;
        if on_last & !pos.by_kind[Kind::PawnPawn.index()] != 0 {
            return Err(format!(
                "TFEN: a {name} pawn stands on its last rank (only a parked pawn of pawns may)"
            ));
        }
        if on_last != 0 && pos.pawn_of_pawns[color.index()] != 1 {
            return Err(format!(
                "TFEN: {name}'s pawn of pawns is parked on its last rank, so its arrival count must be 1, not {}",
                pos.pawn_of_pawns[color.index()]
            ));
        }
    }
    // The side that just moved cannot have left its single royal attacked.
    let mover = pos.side.flip();
    let royals = pos.royals & pos.by_color[mover.index()];
    if royals.count_ones() == 1 && pos.royal_attacked(royals.trailing_zeros() as u8, pos.side) {
        return Err("TFEN: the side not to move has its only royal attacked".to_string());
    }
    Ok(())
}

/// Writes the TFEN of `pos`.
pub fn write(pos: &Tamerlane) -> String {
    let mut out = String::new();
    for rank in (0..10u8).rev() {
        let mut run = 0;
        for file in 0..11u8 {
            let p = pos.board[(rank * 11 + file) as usize];
            if p == EMPTY {
                run += 1;
            } else {
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push_str(&piece_text(p));
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(if pos.side == Color::White { 'w' } else { 'b' });
    out.push(' ');
    for cit in [L2, Z9] {
        let p = pos.board[cit as usize];
        out.push_str(&if p == EMPTY {
            "-".to_string()
        } else {
            piece_text(p)
        });
    }
    out.push(' ');
    let mut rights = String::new();
    for (b, c) in [
        (SWAP_WHITE, 'S'),
        (CITADEL_WHITE, 'C'),
        (SWAP_BLACK, 's'),
        (CITADEL_BLACK, 'c'),
    ] {
        if pos.rights & b != 0 {
            rights.push(c);
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    out.push_str(&rights);
    out.push_str(&format!(
        " {}{} {} {}",
        pos.pawn_of_pawns[0], pos.pawn_of_pawns[1], pos.halfmove, pos.fullmove
    ));
    out
}
