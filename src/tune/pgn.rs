//! Reads the games `timur match --pgn` writes: tags, coordinate move text,
//! the `{book}` marker after the opening and the result.

/// One game of a PGN file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnGame {
    /// The tags, in file order.
    pub tags: Vec<(String, String)>,
    /// The moves as written (coordinate notation).
    pub moves: Vec<String>,
    /// Plies before the `{book}` marker (0 without one).
    pub book_plies: usize,
}

impl PgnGame {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// White's score: 1, ½ or 0; `None` for an unfinished game.
    pub fn white_score(&self) -> Option<f64> {
        match self.tag("Result")? {
            "1-0" => Some(1.0),
            "0-1" => Some(0.0),
            "1/2-1/2" => Some(0.5),
            _ => None,
        }
    }
}

/// Splits PGN text into games. Unknown or broken pieces of text are skipped
/// (a game without tags or moves is still returned; the caller decides).
pub fn read_games(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            if in_moves {
                games.push(std::mem::take(&mut game));
                in_moves = false;
            }
            if let Some(tag) = read_tag(line) {
                game.tags.push(tag);
            }
        } else if !line.is_empty() {
            in_moves = true;
            read_move_line(line, &mut game);
        }
    }
    if in_moves || !game.tags.is_empty() {
        games.push(game);
    }
    games
}

/// `[Name "value"]` → (name, value).
fn read_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

/// Adds the moves of one line of move text; comments are `{…}` on one
/// line, as `timur match` writes them.
fn read_move_line(line: &str, game: &mut PgnGame) {
    let mut rest = line;
    while let Some(open) = rest.find('{') {
        read_words(&rest[..open], game);
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c + 1);
        if &rest[open..close] == "{book}" {
            game.book_plies = game.moves.len();
        }
        rest = &rest[close..];
    }
    read_words(rest, game);
}

fn read_words(text: &str, game: &mut PgnGame) {
    for word in text.split_whitespace() {
        let is_number = word
            .trim_end_matches('.')
            .chars()
            .all(|c| c.is_ascii_digit());
        let is_result = matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*");
        if !is_number && !is_result {
            game.moves.push(word.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_moves_book_and_result() {
        let text = "[Event \"x\"]\n[Result \"0-1\"]\n[FEN \"8/8 w\"]\n\n1. e2e4 e7e5 {book} 2. g1f3\n3... b8c6 {adjudicated by score} 0-1\n\n[Result \"1/2-1/2\"]\n\n1. d2d4 1/2-1/2\n";
        let games = read_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, ["e2e4", "e7e5", "g1f3", "b8c6"]);
        assert_eq!(games[0].book_plies, 2);
        assert_eq!(games[0].tag("FEN"), Some("8/8 w"));
        assert_eq!(games[0].white_score(), Some(0.0));
        assert_eq!(games[1].moves, ["d2d4"]);
        assert_eq!(games[1].white_score(), Some(0.5));
    }

    #[test]
    fn garbage_gives_no_panic() {
        for text in ["[", "{", "[A]\n{ 1. e4", "1... {book", "\u{0}[X \"]"] {
            let _ = read_games(text);
        }
    }
}
