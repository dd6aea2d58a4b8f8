//! Move text: steps `b1d2`, Jasir re-entries `S@c1` (also `s@c1`), Jarmo
//! arrivals with re-entry `d3e5b` (the step, then the file of the own base
//! hole that receives the archer).

use super::board::{hole_name, parse_hole, Rules};
use super::moves::Move;

/// Writes a move.
pub fn format(mv: Move) -> String {
    if mv.is_drop() {
        return format!("S@{}", hole_name(mv.to()));
    }
    let mut s = format!("{}{}", hole_name(mv.from()), hole_name(mv.to()));
    if let Some(f) = mv.reentry_file() {
        s.push((b'a' + f as u8) as char);
    }
    s
}

/// Reads the shape of a move (not its legality).
pub fn parse(text: &str, rules: Rules) -> Result<Move, String> {
    let t = text.trim();
    if let Some(target) = t.strip_prefix("S@").or_else(|| t.strip_prefix("s@")) {
        if rules == Rules::Jarmo {
            return Err(format!(
                "move `{t}`: Jarmo has no re-entry move (an archer re-enters only with an elite's arrival, e.g. `d3e5b`)"
            ));
        }
        let h = parse_hole(target)
            .ok_or_else(|| format!("move `{t}`: `{target}` is not a hole a1..e5"))?;
        return Ok(Move::drop(h));
    }
    if !t.is_ascii() || (t.len() != 4 && t.len() != 5) {
        return Err(format!(
            "move `{t}`: expected a step like `b1d2`, a re-entry like `S@c1` or an arrival with re-entry like `d3e5b`"
        ));
    }
    let from = parse_hole(&t[0..2])
        .ok_or_else(|| format!("move `{t}`: `{}` is not a hole a1..e5", &t[0..2]))?;
    let to = parse_hole(&t[2..4])
        .ok_or_else(|| format!("move `{t}`: `{}` is not a hole a1..e5", &t[2..4]))?;
    if from == to {
        return Err(format!(
            "move `{t}`: origin and destination are the same hole"
        ));
    }
    match t.as_bytes().get(4) {
        None => Ok(Move::step(from, to)),
        Some(&c) if (b'a'..=b'e').contains(&c) => {
            if rules == Rules::Jasir {
                return Err(format!(
                    "move `{t}`: Jasir has no re-entry on arrival (re-enter with `S@<hole>`)"
                ));
            }
            Ok(Move::step_with_reentry(from, to, u32::from(c - b'a')))
        }
        Some(&c) => Err(format!(
            "move `{t}`: `{}` is not a file a..e for the re-entered archer",
            c as char
        )),
    }
}
