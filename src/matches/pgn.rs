//! PGN output: one game per record, tags for variant, start position, time
//! control and how the game ended; moves in timur's coordinate notation, each
//! played on a clock followed by the mover's clock, `{[%clk 0:00:05.3]}`,
//! and each with a reported score by that score from White's view,
//! `{[%eval -0.35] [%clk 0:00:05.3]}`.

use super::parse::MATE_CP;
use super::record::GameRecord;
use super::tc::TimeControl;
use crate::engine::VariantKind;
use crate::{pgn_clock, pgn_eval};
use std::time::{SystemTime, UNIX_EPOCH};

/// A score this close to [`MATE_CP`] or closer is a mate in that many moves.
const MATE_DISTANCE_LIMIT: i32 = 1000;

/// Today's date as `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to a (year, month, day) date (Hinnant's algorithm).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A `TimeControl` tag's value: `BASE+INC` in seconds, `-` for none.
fn time_control_text(tc: Option<TimeControl>) -> String {
    tc.map_or_else(|| "-".to_string(), |tc| tc.to_string())
}

/// The PGN text of one game, ending with a blank line. `TimeControl` is the
/// clock both sides had; when they differ, `WhiteTimeControl` and
/// `BlackTimeControl` stand in its place (as cutechess writes them).
pub fn game_text(record: &GameRecord, event: &str, date: &str) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out += &format!("[{name} \"{}\"]\n", escape(value));
    };
    tag("Event", event);
    tag("Site", "?");
    tag("Date", date);
    tag("Round", &record.number.to_string());
    tag("White", &record.white_name);
    tag("Black", &record.black_name);
    tag("Result", record.result.text());
    if record.variant != VariantKind::Chess {
        tag("Variant", record.variant.name());
    }
    if !record.standard_start || record.variant == VariantKind::Chess960 {
        tag("FEN", &record.start_fen);
        tag("SetUp", "1");
    }
    match record.time_controls {
        [white, black] if white == black => tag("TimeControl", &time_control_text(white)),
        [white, black] => {
            tag("WhiteTimeControl", &time_control_text(white));
            tag("BlackTimeControl", &time_control_text(black));
        }
    }
    tag("PlyCount", &record.moves.len().to_string());
    tag("Termination", record.termination.tag());
    out += "\n";
    let black_first = record.start_fen.split_whitespace().nth(1) == Some("b");
    let mut words = Vec::new();
    for (i, mv) in record.moves.iter().enumerate() {
        let ply = i + usize::from(black_first);
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            words.push(format!("{}...", ply / 2 + 1));
        }
        words.push(mv.clone());
        let mut commands = Vec::new();
        if let Some(&Some(score)) = record.scores.get(i) {
            let white_moved = ply % 2 == 0;
            commands.extend(eval_command(if white_moved { score } else { -score }));
        }
        if let Some(&Some(left)) = record.clocks.get(i) {
            commands.push(pgn_clock::clk(left));
        }
        if !commands.is_empty() {
            words.push(format!("{{{}}}", commands.join(" ")));
        }
        if i + 1 == record.opening_plies {
            words.push("{book}".to_string());
        }
    }
    words.push(format!("{{{}}}", record.reason.replace('}', ")")));
    words.push(record.result.text().to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out += &line;
            out += "\n";
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &word;
    }
    out += &line;
    out += "\n\n";
    out
}

/// Lichess's evaluation command for a score from White's view: `[%eval
/// 0.35]` in pawns, `[%eval #3]` / `[%eval #-2]` for a mate in so many
/// moves; `None` for a mate score without its distance (an XBoard engine's
/// clamped one).
fn eval_command(white_score: i32) -> Option<String> {
    let distance = MATE_CP - white_score.abs();
    if distance >= MATE_DISTANCE_LIMIT {
        return Some(pgn_eval::pawns(white_score));
    }
    (distance > 0).then(|| pgn_eval::mate(distance * white_score.signum()))
}

#[cfg(test)]
mod tests {
    use super::super::record::{GameResult, Termination};
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn a_short_game() {
        let record = GameRecord {
            number: 3,
            white: 0,
            black: 1,
            white_name: "a".into(),
            black_name: "b \"q\"".into(),
            variant: VariantKind::Chess,
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            standard_start: true,
            moves: ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from).to_vec(),
            clocks: Vec::new(),
            scores: Vec::new(),
            time_controls: [None, None],
            opening_plies: 1,
            result: GameResult::BlackWins,
            termination: Termination::Normal,
            reason: "checkmate".into(),
        };
        let text = game_text(&record, "test", "2026.01.02");
        assert!(text.contains("[Black \"b \\\"q\\\"\"]\n"), "{text}");
        assert!(text.contains("[Result \"0-1\"]"));
        assert!(!text.contains("[FEN"));
        assert!(text.contains("[TimeControl \"-\"]"));
        assert!(text.contains("[Termination \"normal\"]"));
        assert!(
            text.ends_with("1. f2f3 {book} e7e5 2. g2g4 d8h4 {checkmate} 0-1\n\n"),
            "{text}"
        );
        let tc = |text: &str| Some(text.parse::<TimeControl>().unwrap());
        let ms = |ms: u64| Some(Duration::from_millis(ms));
        let timed = GameRecord {
            clocks: vec![None, ms(29_950), ms(5_050), ms(30_000)],
            time_controls: [tc("10+0.1"), tc("30+0.3")],
            ..record.clone()
        };
        let text = game_text(&timed, "test", "2026.01.02");
        assert!(!text.contains("[TimeControl"), "{text}");
        assert!(text.contains("[WhiteTimeControl \"10+0.1\"]\n[BlackTimeControl \"30+0.3\"]"));
        assert!(
            text.ends_with("1. f2f3 {book} e7e5 {[%clk 0:00:29.9]} 2. g2g4 {[%clk 0:00:05]} d8h4\n{[%clk 0:00:30]} {checkmate} 0-1\n\n"),
            "{text}"
        );
        // Scores are the mover's own; the PGN gives them from White's view.
        let scored = GameRecord {
            scores: vec![None, Some(-35), Some(MATE_CP), Some(MATE_CP - 2)],
            ..timed.clone()
        };
        let text = game_text(&scored, "test", "2026.01.02");
        assert!(
            text.ends_with("e7e5 {[%eval 0.35] [%clk 0:00:29.9]} 2. g2g4 {[%clk 0:00:05]}\nd8h4 {[%eval #-2] [%clk 0:00:30]} {checkmate} 0-1\n\n"),
            "{text}"
        );
        let same = GameRecord {
            time_controls: [tc("10+0.1"), tc("10+0.1")],
            ..timed
        };
        let text = game_text(&same, "test", "2026.01.02");
        assert!(text.contains("[TimeControl \"10+0.1\"]\n"), "{text}");
        assert!(!text.contains("WhiteTimeControl"), "{text}");
    }
}
