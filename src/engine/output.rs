//! Protocol output: every line goes to stdout whole and is flushed at once,
//! from whichever thread writes it.

use std::io::Write;

/// Writes one protocol line to stdout and flushes it. A closed stdout (the
/// GUI went away) is ignored: the loop ends at EOF on stdin.
pub fn send(line: &str) {
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    let _ = writeln!(lock, "{line}");
    let _ = lock.flush();
}

/// Longest diagnostic text sent whole; longer ones keep their start and
/// end (where an error names the bad token and says why).
const CLIP_LIMIT: usize = 300;
const CLIP_HEAD: usize = 180;
const CLIP_TAIL: usize = 100;

/// `text`, or for a text longer than [`CLIP_LIMIT`] bytes its first and
/// last bytes (cut at character boundaries) with ` … ` between, so a
/// 100 kB line is never echoed whole.
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    if text.len() <= CLIP_LIMIT {
        return text.into();
    }
    let mut head = CLIP_HEAD;
    while !text.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = text.len() - CLIP_TAIL;
    while !text.is_char_boundary(tail) {
        tail += 1;
    }
    format!("{} … {}", &text[..head], &text[tail..]).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_keep_start_and_end() {
        assert_eq!(clip("short"), "short");
        let long = format!("bad `{}` here: why", "é".repeat(500));
        let cut = clip(&long);
        assert!(cut.len() < CLIP_LIMIT + 10, "{}", cut.len());
        assert!(
            cut.starts_with("bad `é") && cut.ends_with("é` here: why"),
            "{cut}"
        );
    }
}
