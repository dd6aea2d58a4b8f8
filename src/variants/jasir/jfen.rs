//! JFEN, the position text: `<board> <side> <hands> <shuttle> <halfmove>
//! <fullmove>`, e.g. `sssss/5/5/5/SSSSS w 0/0 -/- 0 1`.

use super::board::{bit, hole, hole_name, parse_hole, Rules, MAX_ARCHERS};
use super::position::{Shuttle, State};
use timur_search::Color;

/// Reads a JFEN under `rules`. The last two fields may be left out.
pub fn parse(text: &str, rules: Rules) -> Result<State, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 4 && fields.len() != 6 {
        return Err(format!(
            "JFEN `{text}`: expected 4 or 6 fields (board side hands shuttle [halfmove fullmove]), found {}",
            fields.len()
        ));
    }
    let mut st = State {
        side: Color::White,
        archers: [0, 0],
        elite: 0,
        hand: [0, 0],
        shuttle: [None, None],
        halfmove: 0,
        fullmove: 1,
        key: 0,
    };
    parse_board(fields[0], &mut st)?;
    st.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(format!("JFEN side `{other}`: expected `w` or `b`")),
    };
    let (w, b) = fields[2]
        .split_once('/')
        .ok_or_else(|| format!("JFEN hands `{}`: expected `W/B`, e.g. `1/2`", fields[2]))?;
    for (i, part) in [w, b].into_iter().enumerate() {
        let n: u8 = part
            .parse()
            .ok()
            .filter(|&n: &u8| u32::from(n) <= MAX_ARCHERS)
            .ok_or_else(|| format!("JFEN hands `{}`: `{part}` is not a count 0..5", fields[2]))?;
        st.hand[i] = n;
    }
    for side in [Color::White, Color::Black] {
        let total = st.archers[side.index()].count_ones() + u32::from(st.hand[side.index()]);
        if total > MAX_ARCHERS {
            return Err(format!(
                "JFEN `{text}`: {side:?} has {total} archers counting its hand (at most 5)"
            ));
        }
    }
    st.shuttle = parse_shuttle(fields[3], rules)?;
    if fields.len() == 6 {
        st.halfmove = fields[4]
            .parse()
            .map_err(|_| format!("JFEN halfmove `{}`: not a number", fields[4]))?;
        st.fullmove = fields[5]
            .parse()
            .ok()
            .filter(|&n: &u32| n >= 1)
            .ok_or_else(|| format!("JFEN fullmove `{}`: not a number from 1", fields[5]))?;
    }
    st.key = st.compute_key(rules);
    Ok(st)
}

fn parse_board(board: &str, st: &mut State) -> Result<(), String> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 5 {
        return Err(format!(
            "JFEN board `{board}`: expected 5 ranks separated by `/`, found {}",
            rows.len()
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 4 - i as u32;
        let mut file = 0u32;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 5 {
                    return Err(format!("JFEN rank `{row}`: bad empty run `{c}`"));
                }
                file = file.saturating_add(d);
                continue;
            }
            if file >= 5 {
                return Err(format!("JFEN rank `{row}`: more than 5 holes"));
            }
            let h = bit(hole(file, rank));
            match c {
                'S' => st.archers[0] |= h,
                'E' => {
                    st.archers[0] |= h;
                    st.elite |= h;
                }
                's' => st.archers[1] |= h,
                'e' => {
                    st.archers[1] |= h;
                    st.elite |= h;
                }
                other => {
                    return Err(format!(
                        "JFEN rank `{row}`: unknown piece `{other}` (expected S E s e or 1-5)"
                    ))
                }
            }
            file += 1;
        }
        if file != 5 {
            return Err(format!(
                "JFEN rank `{row}`: describes {file} holes, expected 5"
            ));
        }
    }
    Ok(())
}

fn parse_shuttle(text: &str, rules: Rules) -> Result<[Option<Shuttle>; 2], String> {
    if rules == Rules::Jasir {
        return if text == "-/-" {
            Ok([None, None])
        } else {
            Err(format!("JFEN shuttle `{text}`: Jasir positions have `-/-`"))
        };
    }
    let (w, b) = text
        .split_once('/')
        .ok_or_else(|| format!("JFEN shuttle `{text}`: expected `<white>/<black>`"))?;
    let one = |part: &str| -> Result<Option<Shuttle>, String> {
        if part == "-" {
            return Ok(None);
        }
        let bad = || format!("JFEN shuttle `{text}`: `{part}` is not `-` or `<from><to>:<0..2>`");
        let (mv, n) = part.split_once(':').ok_or_else(bad)?;
        let from = mv.get(0..2).and_then(parse_hole).ok_or_else(bad)?;
        let to = mv.get(2..).and_then(parse_hole).ok_or_else(bad)?;
        let count: u8 = n.parse().ok().filter(|&c: &u8| c <= 2).ok_or_else(bad)?;
        if from == to {
            return Err(bad());
        }
        Ok(Some(Shuttle {
            from: from as u8,
            to: to as u8,
            count,
        }))
    };
    Ok([one(w)?, one(b)?])
}

/// Writes the JFEN of a state.
pub fn format(st: &State) -> String {
    let mut board = String::new();
    for rank in (0..5).rev() {
        let mut run = 0;
        for file in 0..5 {
            let h = bit(hole(file, rank));
            let c = if st.archers[0] & h != 0 {
                if st.elite & h != 0 {
                    'E'
                } else {
                    'S'
                }
            } else if st.archers[1] & h != 0 {
                if st.elite & h != 0 {
                    'e'
                } else {
                    's'
                }
            } else {
                run += 1;
                continue;
            };
            if run > 0 {
                board.push_str(&run.to_string());
                run = 0;
            }
            board.push(c);
        }
        if run > 0 {
            board.push_str(&run.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    let side = if st.side == Color::White { 'w' } else { 'b' };
    let shuttle = |s: Option<Shuttle>| match s {
        None => "-".to_string(),
        Some(sh) => format!(
            "{}{}:{}",
            hole_name(u32::from(sh.from)),
            hole_name(u32::from(sh.to)),
            sh.count
        ),
    };
    format!(
        "{board} {side} {}/{} {}/{} {} {}",
        st.hand[0],
        st.hand[1],
        shuttle(st.shuttle[0]),
        shuttle(st.shuttle[1]),
        st.halfmove,
        st.fullmove
    )
}
