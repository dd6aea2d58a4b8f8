//! `timur nnue relabel`: the positions of a data file scored again by an
//! outside UCI engine searching to a fixed depth, the games' results kept.
//! The chess issue allows this as a measured experiment beside timur's own
//! scores (docs/nnue.md records what it gave).

use super::games;
use super::record::{Record, RecordReader, RecordWriter};
use crate::engine::VariantKind;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Records a worker scores between two reports to the writer.
const CHUNK: usize = 2048;

/// What `timur nnue relabel` does.
#[derive(Clone, Debug)]
pub struct RelabelSettings {
    /// The UCI engine that scores.
    pub engine: PathBuf,
    /// `setoption` pairs sent after `uci`.
    pub options: Vec<(String, String)>,
    /// The depth of each search.
    pub depth: u32,
    /// The records to score.
    pub data: PathBuf,
    /// Where the rescored records are appended.
    pub out: PathBuf,
    /// Engine processes run side by side.
    pub processes: usize,
    /// Records of `data` skipped first (to resume a run).
    pub start: u64,
    /// At most this many records after `start`.
    pub count: Option<u64>,
    /// Positions scored at or beyond this (or a mate) are dropped.
    pub max_score: i32,
    /// The engine's centipawns are multiplied by this (to bring them to
    /// timur's own scale, which the search's margins are tuned for).
    pub scale: f64,
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct RelabelSummary {
    /// Records read.
    pub read: u64,
    /// Records written with the engine's score.
    pub written: u64,
    /// Records dropped (a mate, or a score beyond the limit).
    pub dropped: u64,
}

/// One engine process speaking UCI.
struct Scorer {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Scorer {
    /// Starts the engine for positions of `variant`: an engine that offers
    /// `UCI_Variant` (Fairy-Stockfish, timur) is switched to it unless an
    /// `--option` sets it, so it never reads the positions as chess.
    fn start(settings: &RelabelSettings, variant: VariantKind) -> Result<Scorer, String> {
        let mut child = Command::new(&settings.engine)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", settings.engine.display()))?;
        let input = child.stdin.take().ok_or("no engine stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no engine stdout")?);
        let mut scorer = Scorer {
            child,
            input,
            output,
        };
        scorer.send("uci")?;
        let mut offers_variant = false;
        loop {
            let line = scorer.read_line()?;
            let words: Vec<&str> = line.split_whitespace().collect();
            offers_variant |= words.starts_with(&["option", "name", "UCI_Variant"]);
            if words.first() == Some(&"uciok") {
                break;
            }
        }
        let variant_given = settings
            .options
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("UCI_Variant"));
        if offers_variant && !variant_given {
            scorer.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        for (name, value) in &settings.options {
            scorer.send(&format!("setoption name {name} value {value}"))?;
        }
        scorer.send("isready")?;
        scorer.read_until("readyok")?;
        Ok(scorer)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("the engine stopped reading: {e}"))
    }

    fn read_line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err("the engine exited".to_string()),
            Ok(_) => Ok(line),
            Err(e) => Err(format!("cannot read the engine: {e}")),
        }
    }

    fn read_until(&mut self, first_word: &str) -> Result<(), String> {
        while self.read_line()?.split_whitespace().next() != Some(first_word) {}
        Ok(())
    }

    /// The score in centipawns (side to move's view) of a search of `fen`
    /// to `depth`, or `None` for a mate score.
    fn score(&mut self, fen: &str, depth: u32) -> Result<Option<i32>, String> {
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go depth {depth}"))?;
        let mut score = None;
        loop {
            let line = self.read_line()?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"bestmove") => return Ok(score.flatten()),
                Some(&"info") => {
                    if let Some(found) = exact_score(&words) {
                        score = Some(found);
                    }
                }
                _ => {}
            }
        }
    }
}

impl Drop for Scorer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The exact score of an `info` line: `Some(Some(cp))`, `Some(None)` for a
/// mate, `None` when the line has no exact score.
fn exact_score(words: &[&str]) -> Option<Option<i32>> {
    if words
        .iter()
        .any(|w| *w == "lowerbound" || *w == "upperbound")
    {
        return None;
    }
    let at = words.iter().position(|w| *w == "score")?;
    match (words.get(at + 1)?, words.get(at + 2)?.parse::<i32>().ok()?) {
        (&"cp", cp) => Some(Some(cp)),
        (&"mate", _) => Some(None),
        _ => None,
    }
}

/// A record's position as FEN for its game.
fn fen_of(record: &Record) -> Result<String, String> {
    let game = games::by_tag(record.game)
        .ok_or_else(|| format!("a record of {}", games::name_of_tag(record.game)))?;
    let pieces: Vec<_> = record.placed_pieces().collect();
    Ok((game.record_fen)(&pieces, record.side_to_move))
}

/// Scores one chunk; dropped records are left out.
fn score_chunk(
    scorer: &mut Scorer,
    chunk: &[Record],
    settings: &RelabelSettings,
) -> Result<Vec<Record>, String> {
    let mut out = Vec::with_capacity(chunk.len());
    for record in chunk {
        let Some(cp) = scorer.score(&fen_of(record)?, settings.depth)? else {
            continue;
        };
        let cp = (cp as f64 * settings.scale).round() as i32;
        if cp.abs() >= settings.max_score {
            continue;
        }
        let mut relabelled = record.clone();
        relabelled.score = cp as i16;
        out.push(relabelled);
    }
    Ok(out)
}

/// The tag of a game outside engines play; else why the relabelling is
/// refused.
fn taught(tag: u8) -> Result<u8, String> {
    match games::by_tag(tag) {
        Some(game) if !game.outside_teachers => Err(format!(
            "no outside engine plays {}: its records are scored by timur's own search (datagen), not relabelled",
            game.kind
        )),
        _ => Ok(tag),
    }
}

/// Reads the records to score (a headed file's game checked before its
/// records are read) and the game tag the output file is opened for (the
/// header's, else the first record's; `None`: nothing to score).
fn read_records(settings: &RelabelSettings) -> Result<(Vec<Record>, Option<u8>), String> {
    let reader = RecordReader::open(&settings.data)
        .map_err(|e| format!("cannot read {}: {e}", settings.data.display()))?;
    let header = reader.game().map(taught).transpose()?;
    let count = settings.count.unwrap_or(u64::MAX) as usize;
    let records = reader
        .skip(settings.start as usize)
        .take(count)
        .map(|r| r.map_err(|e| format!("{}: {e}", settings.data.display())))
        .collect::<Result<Vec<Record>, String>>()?;
    for record in &records {
        taught(record.game)?;
    }
    let tag = header.or(records.first().map(|r| r.game));
    Ok((records, tag))
}

/// Runs the relabelling; progress goes to stderr every ten seconds.
pub fn run(settings: &RelabelSettings) -> Result<RelabelSummary, String> {
    let (records, tag) = read_records(settings)?;
    let Some(tag) = tag else {
        return Ok(RelabelSummary::default());
    };
    let variant = games::by_tag(tag)
        .map(|game| game.kind)
        .ok_or_else(|| format!("a record of {}", games::name_of_tag(tag)))?;
    let (mut writer, _) = RecordWriter::append(&settings.out, tag)
        .map_err(|e| format!("cannot write {}: {e}", settings.out.display()))?;
    let chunks: Vec<&[Record]> = records.chunks(CHUNK).collect();
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<Result<(usize, Vec<Record>), String>>();
    let mut summary = RelabelSummary::default();
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..settings.processes.max(1) {
            let sender = sender.clone();
            let (chunks, next) = (&chunks, &next);
            scope.spawn(move || {
                let mut scorer = match Scorer::start(settings, variant) {
                    Ok(scorer) => scorer,
                    Err(e) => return drop(sender.send(Err(e))),
                };
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(chunk) = chunks.get(index) else {
                        return;
                    };
                    let scored = score_chunk(&mut scorer, chunk, settings).map(|r| (index, r));
                    let failed = scored.is_err();
                    if sender.send(scored).is_err() || failed {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let started = Instant::now();
        let mut last_report = started;
        let mut pending = BTreeMap::new();
        let mut written_chunks = 0;
        for message in receiver {
            let (index, scored) =
                message.inspect_err(|_| next.store(chunks.len(), Ordering::Relaxed))?;
            pending.insert(index, scored);
            while let Some(scored) = pending.remove(&written_chunks) {
                writer
                    .write_all(&scored)
                    .map_err(|e| format!("cannot write {}: {e}", settings.out.display()))?;
                summary.read += chunks[written_chunks].len() as u64;
                summary.written += scored.len() as u64;
                written_chunks += 1;
            }
            if last_report.elapsed() >= Duration::from_secs(10) {
                last_report = Instant::now();
                eprintln!(
                    "records {} of {} (from {}) written {} ({:.0}/s)",
                    summary.read,
                    records.len(),
                    settings.start,
                    summary.written,
                    summary.read as f64 / started.elapsed().as_secs_f64()
                );
            }
        }
        Ok(())
    })?;
    summary.dropped = summary.read - summary.written;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<&str> {
        line.split_whitespace().collect()
    }

    #[test]
    fn exact_scores_are_read_and_bounds_ignored() {
        let line = "info depth 9 seldepth 12 score cp -40 nodes 13732 pv d2d4";
        assert_eq!(exact_score(&words(line)), Some(Some(-40)));
        let mate = "info depth 9 score mate -3 nodes 1 pv a1a2";
        assert_eq!(exact_score(&words(mate)), Some(None));
        let bound = "info depth 9 score cp 50 lowerbound nodes 1";
        assert_eq!(exact_score(&words(bound)), None);
        assert_eq!(exact_score(&words("info string hello")), None);
    }
}
