//! Reader of `.perft` reference files (python-chess's format, as used in
//! `shared/perft/`):
//!
//! ```text
//! # comment
//! id cpw-1-initial
//! variant chess          (optional)
//! epd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//! perft 1 20
//! perft 2 400
//! ```
//!
//! A record starts at `id` (or at `epd` when the previous record already has
//! one) and collects the lines after it.

use crate::perft::MAX_PERFT_DEPTH;

/// One position of a `.perft` file with its expected counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftRecord {
    /// The record's `id`, or `line N` when it has none.
    pub id: String,
    /// The `variant` line, if any.
    pub variant: Option<String>,
    /// The position text after `epd`.
    pub fen: String,
    /// `(depth, nodes)` pairs in file order.
    pub counts: Vec<(u32, u64)>,
}

/// Parses the text of a `.perft` file. Errors name the line.
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftRecord>, String> {
    let mut records: Vec<PerftRecord> = Vec::new();
    let mut pending_id: Option<String> = None;
    let mut pending_variant: Option<String> = None;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (keyword, rest) = match line.split_once(char::is_whitespace) {
            Some((k, r)) => (k, r.trim()),
            None => (line, ""),
        };
        match keyword {
            "id" => {
                pending_id = Some(rest.to_string());
                pending_variant = None;
            }
            "variant" => {
                if pending_id.is_some() {
                    pending_variant = Some(rest.to_string());
                } else if let Some(last) = records.last_mut() {
                    last.variant = Some(rest.to_string());
                } else {
                    pending_variant = Some(rest.to_string());
                }
            }
            "epd" | "fen" => {
                if rest.is_empty() {
                    return Err(format!("line {line_no}: `{keyword}` without a position"));
                }
                records.push(PerftRecord {
                    id: pending_id
                        .take()
                        .unwrap_or_else(|| format!("line {line_no}")),
                    variant: pending_variant.take(),
                    fen: rest.to_string(),
                    counts: Vec::new(),
                });
            }
            "perft" => {
                let record = records
                    .last_mut()
                    .ok_or_else(|| format!("line {line_no}: `perft` before any `epd`"))?;
                let mut parts = rest.split_whitespace();
                let depth = parts
                    .next()
                    .and_then(|d| d.parse::<u32>().ok())
                    .filter(|&d| d <= MAX_PERFT_DEPTH);
                let nodes = parts.next().and_then(|n| n.parse::<u64>().ok());
                match (depth, nodes, parts.next()) {
                    (Some(d), Some(n), None) => record.counts.push((d, n)),
                    _ => {
                        return Err(format!(
                            "line {line_no}: expected `perft <depth> <nodes>` (depth at most {MAX_PERFT_DEPTH}), got `{line}`"
                        ))
                    }
                }
            }
            other => return Err(format!("line {line_no}: unknown keyword `{other}`")),
        }
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_records_with_and_without_variant() {
        let text = "# c\nid a\nepd x y\nperft 1 20\nperft 2 400\n\nid b\nvariant jasir\nepd z\nperft 1 11\n";
        let records = parse_perft_file(text).expect("valid file");
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].id, "a");
        assert_eq!(records[0].counts, vec![(1, 20), (2, 400)]);
        assert_eq!(records[1].variant.as_deref(), Some("jasir"));
    }

    #[test]
    fn rejects_garbage_with_line_number() {
        let err = parse_perft_file("epd x\nperft one 2\n").unwrap_err();
        assert!(err.starts_with("line 2"), "{err}");
        assert!(parse_perft_file("perft 1 2").is_err());
    }

    #[test]
    fn reads_every_shared_file() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft");
        let entries = std::fs::read_dir(&dir).expect("tests/data/perft exists");
        for entry in entries.flatten() {
            let text = std::fs::read_to_string(entry.path()).expect("readable");
            let records = parse_perft_file(&text).expect("parses");
            assert!(!records.is_empty(), "{:?}", entry.path());
        }
    }
}
