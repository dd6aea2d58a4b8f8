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
