//! Small parsers of what engines write: `bestmove`, scores in `info` and
//! XBoard thinking lines, `move`, `feature`, option declarations.

/// Scores at or beyond this (in absolute value) are mates.
pub const MATE_CP: i32 = 30_000;

/// `bestmove X [ponder Y] [draw|resign]`: `Some(Some(X))`, or `Some(None)`
/// for `bestmove (none)` / `bestmove 0000`; `None` if the line is not a
/// bestmove line.
pub fn bestmove(line: &str) -> Option<Option<String>> {
    let mut words = line.split_whitespace();
    if words.next() != Some("bestmove") {
        return None;
    }
    match words.next() {
        None | Some("(none)") | Some("0000") | Some("none") => Some(None),
        Some(mv) => Some(Some(mv.to_string())),
    }
}

/// Whether a UCCI `bestmove` line ends with `resign`.
pub fn ucci_resigns(line: &str) -> bool {
    line.split_whitespace().skip(2).any(|w| w == "resign")
}

/// The score of a UCI `info` line (`score cp X` or `score mate N`), or of a
/// UCCI one (`score X`), from the engine's view, mates as ±(`MATE_CP` − N).
pub fn info_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") || words.contains(&"string") {
        return None;
    }
    let at = words.iter().position(|&w| w == "score")?;
    match words.get(at + 1)? {
        &"cp" => words.get(at + 2)?.parse().ok(),
        &"mate" => {
            let n: i32 = words.get(at + 2)?.parse().ok()?;
            Some(if n > 0 { MATE_CP - n } else { -MATE_CP - n })
        }
        value => value.parse().ok(),
    }
}

/// The score of an XBoard thinking line `ply score time nodes pv…`.
pub fn thinking_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() < 4 {
        return None;
    }
    let ply = words[0].trim_end_matches(['.', '&']);
    ply.parse::<u32>().ok()?;
    words[2].parse::<i64>().ok()?;
    words[3].parse::<u64>().ok()?;
    let score: i64 = words[1].parse().ok()?;
    // XBoard engines write mates as ±(100000 + N) or similar: clamp.
    Some(score.clamp(-(MATE_CP as i64), MATE_CP as i64) as i32)
}

/// The move of an XBoard `move X` line.
pub fn xboard_move(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    if words.next() != Some("move") {
        return None;
    }
    words.next()
}

/// The pairs of a `feature a=1 b="x y"` line (values unquoted).
pub fn features(line: &str) -> Vec<(String, String)> {
    let Some(rest) = line.trim().strip_prefix("feature") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut rest = rest.trim_start();
    while let Some((name, after)) = rest.split_once('=') {
        let name = name.trim().to_string();
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.split_once('"') {
                Some((v, n)) => (v.to_string(), n),
                None => (quoted.to_string(), ""),
            }
        } else {
            match after.split_once(char::is_whitespace) {
                Some((v, n)) => (v.to_string(), n),
                None => (after.to_string(), ""),
            }
        };
        out.push((name, value));
        rest = next.trim_start();
    }
    out
}

/// A declared option: its name and, for combos, its `var` values. Reads UCI
/// (`option name N type …`) and UCCI (`option N type …`) lines.
pub fn option_decl(line: &str) -> Option<(String, Vec<String>)> {
    let rest = line.trim().strip_prefix("option ")?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix("name ").unwrap_or(rest);
    let words: Vec<&str> = rest.split_whitespace().collect();
    let end = words
        .iter()
        .position(|&w| w == "type")
        .unwrap_or(words.len());
    if end == 0 {
        return None;
    }
    let name = words[..end].join(" ");
    let vars = words
        .windows(2)
        .filter(|pair| pair[0] == "var")
        .map(|pair| pair[1].to_string())
        .collect();
    Some((name, vars))
}

/// A declared `spin` option's name and its `min`/`max` bounds (UCI and
/// UCCI lines alike); `None` for other lines and types.
pub fn spin_range(line: &str) -> Option<(String, i64, i64)> {
    let (name, _) = option_decl(line)?;
    let words: Vec<&str> = line.split_whitespace().collect();
    let type_at = words.iter().position(|&w| w == "type")?;
    let declared = &words[type_at..];
    let after = |key: &str| {
        declared
            .windows(2)
            .find(|pair| pair[0] == key)
            .map(|pair| pair[1])
    };
    if after("type") != Some("spin") {
        return None;
    }
    let min = after("min")?.parse().ok()?;
    let max = after("max")?.parse().ok()?;
    Some((name, min, max))
}

/// The name of an `id name N` line.
pub fn id_name(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("id")?.trim_start();
    let name = rest.strip_prefix("name")?.trim();
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spin_ranges() {
        assert_eq!(
            spin_range("option name UCI_Elo type spin default 1350 min 1350 max 2850"),
            Some(("UCI_Elo".into(), 1350, 2850))
        );
        assert_eq!(
            spin_range("option hashsize type spin min 0 max 1024 default 0"),
            Some(("hashsize".into(), 0, 1024))
        );
        assert_eq!(
            spin_range("option name Move Overhead type spin default 10 min 0 max 5000"),
            Some(("Move Overhead".into(), 0, 5000))
        );
        assert_eq!(
            spin_range("option name UCI_Chess960 type check default false"),
            None
        );
        assert_eq!(spin_range("option name Odd type spin default 1"), None);
    }

    #[test]
    fn bestmove_lines() {
        assert_eq!(
            bestmove("bestmove e2e4 ponder e7e5"),
            Some(Some("e2e4".into()))
        );
        assert_eq!(bestmove("bestmove (none)"), Some(None));
        assert_eq!(bestmove("info depth 3"), None);
        assert!(ucci_resigns("bestmove h0g2 resign"));
        assert!(!ucci_resigns("bestmove h0g2 ponder h9g7"));
    }

    #[test]
    fn scores() {
        assert_eq!(
            info_score("info depth 5 score cp -31 nodes 9 pv e2e4"),
            Some(-31)
        );
        assert_eq!(
            info_score("info depth 5 score mate 3 pv e2e4"),
            Some(MATE_CP - 3)
        );
        assert_eq!(info_score("info depth 5 score mate -2"), Some(-MATE_CP + 2));
        assert_eq!(info_score("info depth 5 score 120 pv h2e2"), Some(120));
        assert_eq!(info_score("info string score cp"), None);
        assert_eq!(info_score("info depth 5 nodes 9"), None);
        assert_eq!(thinking_score("9 -57 120 34567 e2e4 e7e5"), Some(-57));
        assert_eq!(thinking_score("9. 100005 120 34567 e2e4"), Some(MATE_CP));
        assert_eq!(thinking_score("move e2e4"), None);
    }

    #[test]
    fn xboard_lines() {
        assert_eq!(xboard_move("move e2e4"), Some("e2e4"));
        assert_eq!(xboard_move("moves"), None);
        assert_eq!(
            features(r#"feature myname="Fairy-Max 5.0b" setboard=1 done=0"#),
            vec![
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("setboard".to_string(), "1".to_string()),
                ("done".to_string(), "0".to_string()),
            ]
        );
    }

    #[test]
    fn declarations() {
        assert_eq!(
            option_decl("option name UCI_Variant type combo default chess var chess var xiangqi"),
            Some((
                "UCI_Variant".to_string(),
                vec!["chess".into(), "xiangqi".into()]
            ))
        );
        assert_eq!(
            option_decl("option name Clear Hash type button"),
            Some(("Clear Hash".to_string(), vec![]))
        );
        assert_eq!(
            option_decl("option newgame type button"),
            Some(("newgame".to_string(), vec![]))
        );
        assert_eq!(id_name("id name timur 0.1"), Some("timur 0.1".to_string()));
        assert_eq!(id_name("id author x"), None);
    }
}
