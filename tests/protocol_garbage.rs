//! Thousands of bad lines through the real binary, in each of its three
//! protocols, from one table of dialects: real GUI lines mutated at random
//! (non-UTF-8 bytes, cut, doubled, numbers made huge or negative), 100 kB
//! lines, hand-written hard cases (negative depths, options out of range,
//! moves after an illegal move, `go` with no legal move, `stop` and
//! `ponderhit` at odd times). After every batch the engine must answer its
//! sync (`isready` / `ping`), afterwards it must still play, and it must
//! exit cleanly on `quit` and on the end of input in the middle of a search.
//!
//! Each protocol gets at least [`MUTATED`] mutated lines (whole batches, so
//! up to one batch more), [`LONG`] 100 kB lines and its hand-written cases
//! (17 to 36).

mod common;

use common::EngineProcess;
use std::time::Duration;

/// Mutated lines per protocol.
const MUTATED: usize = 3000;
/// 100 kB lines per protocol.
const LONG: usize = 6;
/// Lines between two syncs.
const BATCH: usize = 250;
const TIMEOUT: Duration = Duration::from_secs(60);

/// What differs between the protocols.
struct Dialect {
    name: &'static str,
    /// The handshake and the prefix of its last reply.
    hello: &'static [&'static str],
    hello_done: &'static str,
    /// Real lines the mutations start from.
    corpus: &'static [&'static str],
    /// Hand-written hard cases, with the prefix of a reply each must get
    /// (`""`: any or none).
    cases: &'static [(&'static str, &'static str)],
    /// Ends any search (or thinking on a move) before a sync.
    settle: &'static [&'static str],
    /// Starts a search that runs until stopped.
    search: &'static [&'static str],
    /// Whether a line is the output of that search.
    searching: fn(&str) -> bool,
    /// Makes the engine play one move after the garbage; the reply prefix.
    play: &'static [&'static str],
    play_reply: &'static str,
}

impl Dialect {
    /// The sync command number `n` and its reply.
    fn sync(&self, n: usize) -> (String, String) {
        if self.name == "xboard" {
            (format!("ping {n}"), format!("pong {n}"))
        } else {
            ("isready".to_owned(), "readyok".to_owned())
        }
    }
}

const UCI_CORPUS: &str = include_str!("../protocol/tests/data/uci_corpus.txt");

const UCCI_CORPUS: &[&str] = &[
    "ucci",
    "setoption usemillisec true",
    "setoption usemillisec false",
    "setoption hashsize 16",
    "setoption threads 1",
    "setoption newgame",
    "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h9g7",
    "position startpos moves b0c2 b9c7 h2e2",
    "banmoves h6i4 h0g2",
    "go depth 3",
    "go ponder time 2950 increment 0",
    "go draw time 300 movestogo 40 opptime 280 oppmovestogo 39",
    "go nodes 5000",
    "go time 100 increment 10 opptime 100 oppincrement 10",
    "ponderhit draw",
    "ponderhit",
    "probe fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    "probe startpos moves h2e2",
    "stop",
    "isready",
];

const XBOARD_CORPUS: &[&str] = &[
    "xboard",
    "protover 2",
    "accepted setboard",
    "new",
    "variant xiangqi",
    "variant tamerlane",
    "variant fischerandom",
    "variant jarmo",
    "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "setboard 1k6/8/8/8/8/8/8/RK5R w HA - 0 1",
    "usermove e2e4",
    "usermove O-O",
    "e7e5",
    "force",
    "go",
    "playother",
    "level 40 0:30 0",
    "level 0 0:02 0.1",
    "st 0.1",
    "sd 3",
    "time 300",
    "otim 290",
    "?",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "nopost",
    "analyze",
    "exit",
    ".",
    "draw",
    "result 1-0 {White mates}",
    "option Foo=1",
    "rating 2600 1500",
    "name Some One",
    "egtpath syzygy /tb",
];

/// The UCI corpus without comments and blank lines.
fn uci_corpus() -> &'static [&'static str] {
    static LINES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    LINES.get_or_init(|| {
        UCI_CORPUS
            .lines()
            .filter(|l| !l.starts_with("##") && !l.trim().is_empty())
            .collect()
    })
}

const UCI: Dialect = Dialect {
    name: "uci",
    hello: &["uci"],
    hello_done: "uciok",
    corpus: &[],
    cases: &[
        ("go depth -5", "info string error"),
        ("go depth 99999999999999999999", "info string error"),
        ("go wtime -100 btime -100 movestogo -3", "info string error"),
        ("go wtime -100 btime -100", "bestmove"),
        ("stop", ""),
        ("ponderhit", ""),
        ("setoption name Hash value 99999999", "info string error"),
        ("setoption name Hash value -1", "info string error"),
        ("setoption name Threads value 0", "info string error"),
        ("setoption name Threads value 100000", "info string error"),
        ("setoption name MultiPV value -3", "info string error"),
        (
            "setoption name Move Overhead value 99999",
            "info string error",
        ),
        (
            "setoption name UCI_Variant value shogi",
            "info string error",
        ),
        (
            "position startpos moves e2e5 e7e5 g1f3",
            "info string error",
        ),
        (
            "position startpos moves e2e4 e7e5 e1e8 g8f6",
            "info string error",
        ),
        ("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ""),
        ("go depth 3", "bestmove (none)"),
        ("go ponder", ""),
        ("ponderhit", ""),
        ("position startpos", ""),
        ("go infinite", ""),
        ("ponderhit", ""),
        ("isready", "readyok"),
        ("stop", "bestmove"),
        ("stop", ""),
        ("go perft -1", "info string error"),
        ("go mate -2", "info string error"),
    ],
    settle: &["stop"],
    search: &["position startpos", "go infinite"],
    searching: reports_depth,
    play: &["ucinewgame", "position startpos moves e2e4", "go depth 2"],
    play_reply: "bestmove",
};

const UCCI: Dialect = Dialect {
    name: "ucci",
    hello: &["ucci"],
    hello_done: "ucciok",
    corpus: UCCI_CORPUS,
    cases: &[
        ("go depth -5", "info message error"),
        ("setoption hashsize 99999999", "info message error"),
        ("setoption threads 0", "info message error"),
        ("setoption usemillisec maybe", ""),
        ("banmoves zz9", ""),
        ("go time -100 opptime -5", "info message error"),
        (
            "position startpos moves h2e2 a0a10 h9g7",
            "info message error",
        ),
        (
            "position startpos moves h2e2 h2e2 h9g7",
            "info message error",
        ),
        ("stop", "nobestmove"),
        ("ponderhit", ""),
        ("probe fen garbage", "info message error"),
        ("position fen 3k5/9/9/9/9/9/9/9/3r5/3rK4 w - - 0 1", ""),
        ("go depth 3", "nobestmove"),
        ("position startpos", ""),
        ("go ponder infinite", ""),
        ("ponderhit", ""),
        ("stop", "bestmove"),
    ],
    settle: &["stop"],
    search: &["position startpos", "go infinite"],
    searching: reports_depth,
    play: &["position startpos moves h2e2", "go depth 2"],
    play_reply: "bestmove",
};

const XBOARD: Dialect = Dialect {
    name: "xboard",
    hello: &["xboard", "protover 2"],
    hello_done: "feature",
    corpus: XBOARD_CORPUS,
    cases: &[
        ("new", ""),
        ("force", ""),
        ("usermove e2e5", "Illegal move"),
        ("usermove e7e5", "Illegal move"),
        ("sd -1", "Error"),
        ("st -3", "Error"),
        ("level -1 -1 -1", "Error"),
        ("time -999999999999999999999", "Error"),
        ("otim 9223372036854775807", ""),
        ("level 4294967295 99999:59 0", ""),
        ("level 0 0 0", ""),
        ("st 99999999999999999999.5", "Error"),
        ("sd 4294967295", ""),
        ("cores 99999999999999999999", "Error"),
        ("rating 2000 x", "Error"),
        ("cores 0", ""),
        ("memory 0", ""),
        ("ping", "Error"),
        ("protover", "Error"),
        ("result 3-0", "Error"),
        ("setboard", "Error"),
        ("variant", "Error"),
        ("remove", "Error"),
        ("exit", ""),
        ("?", ""),
        ("setboard 8/8/8/4k3 w - - 0 1", "tellusererror"),
        ("usermove e2e4", "Illegal move"),
        ("setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ""),
        ("go", "1/2-1/2 {Stalemate}"),
        ("new", ""),
        ("hard", ""),
        ("st 0.05", ""),
        ("usermove e2e4", "move"),
        ("?", ""),
        ("easy", ""),
        ("force", ""),
    ],
    settle: &["?"],
    search: &["new", "force", "analyze"],
    searching: is_thinking,
    play: &["new", "force", "sd 2", "go"],
    play_reply: "move",
};

/// A UCI or UCCI `info depth …` line.
fn reports_depth(line: &str) -> bool {
    line.starts_with("info depth")
}

/// An XBoard thinking line: `depth score time nodes pv…`.
fn is_thinking(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() >= 4 && words[..4].iter().all(|w| w.parse::<i64>().is_ok())
}

/// A tiny deterministic random source (xorshift), so a failure can be
/// replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const NUMBERS: &[&str] = &[
    "-1",
    "0",
    "-999999999",
    "99999999999999999999999",
    "4294967296",
    "-9223372036854775808",
    "1e9",
    "0.5",
    "NaN",
];

/// One edit of a real line, as bytes (often not UTF-8).
fn mutate(line: &str, rng: &mut Rng) -> Vec<u8> {
    let mut bytes = line.as_bytes().to_vec();
    let len = bytes.len().max(1);
    match rng.below(6) {
        0 => {
            for _ in 0..=rng.below(3) {
                if !bytes.is_empty() {
                    let at = rng.below(bytes.len());
                    bytes[at] = (rng.next() & 0xff) as u8;
                }
            }
        }
        1 => {
            let from = rng.below(len).min(bytes.len());
            let to = (from + rng.below(8)).min(bytes.len());
            bytes.drain(from..to);
        }
        2 => {
            let from = rng.below(len).min(bytes.len());
            let to = (from + rng.below(12)).min(bytes.len());
            let span = bytes[from..to].to_vec();
            bytes.splice(to..to, span);
        }
        3 => {
            let words: Vec<String> = line
                .split(' ')
                .map(|w| {
                    if w.parse::<f64>().is_ok() || rng.below(6) == 0 {
                        NUMBERS[rng.below(NUMBERS.len())].to_owned()
                    } else {
                        w.to_owned()
                    }
                })
                .collect();
            bytes = words.join(" ").into_bytes();
        }
        4 => {
            let at = rng.below(len).min(bytes.len());
            bytes.splice(at..at, [0xff, 0xfe, 0xc3, 0x28, 0x80]);
        }
        _ => bytes.truncate(rng.below(len)),
    }
    bytes
}

/// Lines no test should send at random: `quit` ends the session, `perft`
/// of a random depth runs for ages, and a huge hash or thread count is a
/// valid request that only costs memory.
fn too_costly(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes).to_ascii_lowercase();
    let first = text.split_whitespace().next().unwrap_or_default();
    first.starts_with("quit")
        || first == "bench"
        || text.contains("perft")
        || ["hash", "thread", "memory", "cores", "multipv"]
            .iter()
            .any(|w| text.contains(w))
}

/// A 100 kB line: a real line's first word followed by noise, or a move
/// list that never ends.
fn long_line(dialect: &Dialect, rng: &mut Rng) -> Vec<u8> {
    let mut line = match rng.below(3) {
        0 => b"position startpos moves".to_vec(),
        1 => b"setboard ".to_vec(),
        _ => dialect.corpus[rng.below(dialect.corpus.len())]
            .as_bytes()
            .to_vec(),
    };
    while line.len() < 100_000 {
        line.extend_from_slice(if rng.below(2) == 0 {
            b" e2e4"
        } else {
            b" 9\xff/"
        });
    }
    line
}

/// Settles any search and waits for the sync reply; returns the lines
/// before it.
fn sync(engine: &mut EngineProcess, dialect: &Dialect, n: usize) -> Vec<String> {
    for line in dialect.settle {
        engine.send(line);
    }
    let (command, reply) = dialect.sync(n);
    engine.send(&command);
    let mut lines = engine.read_until(TIMEOUT, |l| l == reply);
    lines.pop();
    lines
}

fn handshake(dialect: &Dialect) -> EngineProcess {
    let mut engine = EngineProcess::start();
    for line in dialect.hello {
        engine.send(line);
    }
    engine.expect_prefix(dialect.hello_done, TIMEOUT);
    engine
}

fn survive_garbage(mut dialect: Dialect) {
    let corpus = if dialect.corpus.is_empty() {
        uci_corpus()
    } else {
        dialect.corpus
    };
    dialect.corpus = corpus;
    let name = dialect.name;
    let mut engine = handshake(&dialect);
    let mut n = 0;
    // The hand-written cases, each with the reply it must get.
    for (line, reply) in dialect.cases {
        engine.send(line);
        if reply.is_empty() {
            continue;
        }
        let lines = engine.read_until(TIMEOUT, |l| l.starts_with(reply));
        assert!(
            lines.iter().all(|l| l.len() < 1000),
            "{name}: {line}: {lines:?}"
        );
    }
    n += 1;
    sync(&mut engine, &dialect, n);
    // Mutated and long lines, in batches.
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ name.len() as u64);
    let mut sent = 0;
    let mut longs = 0;
    while sent < MUTATED {
        for _ in 0..BATCH {
            let line = mutate(corpus[rng.below(corpus.len())], &mut rng);
            if too_costly(&line) {
                continue;
            }
            engine.send_bytes(&line);
            sent += 1;
        }
        if longs < LONG {
            engine.send_bytes(&long_line(&dialect, &mut rng));
            longs += 1;
        }
        n += 1;
        let lines = sync(&mut engine, &dialect, n);
        let huge: Vec<String> = lines
            .iter()
            .filter(|l| l.len() >= 1000)
            .map(|l| l.chars().take(200).collect::<String>())
            .collect();
        assert!(huge.is_empty(), "{name}: replies echo huge lines: {huge:?}");
    }
    // Still playing.
    for line in dialect.play {
        engine.send(line);
    }
    engine.expect_prefix(dialect.play_reply, TIMEOUT);
    println!("{name}: {sent} mutated lines, {longs} long lines, {n} syncs answered");
    engine.send("quit");
    if name == "ucci" {
        engine.expect_prefix("bye", TIMEOUT);
    }
    assert!(
        engine.close_and_wait(TIMEOUT),
        "{name}: no clean exit on quit"
    );

    // End of input in the middle of a search: a clean exit too.
    let mut engine = handshake(&dialect);
    for line in dialect.search {
        engine.send(line);
    }
    engine.read_until(TIMEOUT, dialect.searching);
    assert!(
        engine.close_and_wait(TIMEOUT),
        "{name}: no clean exit on EOF"
    );
}

#[test]
fn uci_survives_garbage() {
    survive_garbage(UCI);
}

#[test]
fn ucci_survives_garbage() {
    survive_garbage(UCCI);
}

#[test]
fn xboard_survives_garbage() {
    survive_garbage(XBOARD);
}
