//! UCI as Stockfish and Fairy-Stockfish speak it: `parse_uci` turns one line
//! from the GUI into a [`UciCommand`]; the `*_line` functions format replies.
//!
//! Parsing is tolerant like Stockfish: any whitespace separates tokens,
//! command words and keywords match without regard to ASCII case, and extra
//! tokens after an argument-less command are ignored. Moves and FENs stay
//! text (other games write `a10j9`, `S@c1`, FENs with other field counts).

use crate::info::{BoundText, InfoLine, ScoreText};
use crate::option::{string_default, OptionSpec};
use crate::tokens::{clamped_number, is_kw, one_line, position_args, words, Whole};

/// One command from a UCI GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciCommand {
    /// `uci`: identify, declare options, answer `uciok`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok`, also while searching.
    IsReady,
    /// `setoption name <N> [value <V>]`.
    SetOption {
        /// Every token between `name` and `value`, joined by single spaces,
        /// as written (the engine matches it without regard to case).
        name: String,
        /// The tokens after `value` joined by single spaces; `None` when
        /// there is no `value` keyword (buttons), `Some("")` when it ends the line.
        value: Option<String>,
    },
    /// `register …` (accepted and ignored: the engine needs no registration).
    Register,
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen <F> [moves …]`.
    Position {
        /// The FEN: the tokens between `fen` and `moves` joined by single
        /// spaces; `None` for `startpos`.
        fen: Option<String>,
        /// The moves after `moves`, as text.
        moves: Vec<String>,
    },
    /// `go …`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d` (non-standard, Stockfish): print the board and FEN.
    Display,
    /// `eval` (non-standard, Stockfish): print the static evaluation.
    Eval,
    /// `bench` (non-standard, Stockfish): run the benchmark, as `timur
    /// bench` does from the shell. Takes no arguments.
    Bench,
}

/// The parameters of `go`. Times are milliseconds as sent, kept signed:
/// GUIs send negative clocks after a flag fall; clamp them when you use them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `wtime`: White's clock.
    pub wtime: Option<i64>,
    /// `btime`: Black's clock.
    pub btime: Option<i64>,
    /// `winc`: White's increment per move.
    pub winc: Option<i64>,
    /// `binc`: Black's increment per move.
    pub binc: Option<i64>,
    /// `movestogo`: moves until the next time control.
    pub movestogo: Option<u32>,
    /// `depth`: search this many plies.
    pub depth: Option<u32>,
    /// `mate`: search for a mate in this many moves.
    pub mate: Option<u32>,
    /// `nodes`: search at most this many nodes.
    pub nodes: Option<u64>,
    /// `movetime`: search exactly this long.
    pub movetime: Option<i64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: search in the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves …`: only these root moves (empty = all).
    pub searchmoves: Vec<String>,
    /// `perft N` (non-standard, Stockfish): count leaf nodes to depth N.
    pub perft: Option<u64>,
    /// What was wrong with the line and how it was repaired (a token
    /// ignored, a number clamped), for the engine to report before it
    /// searches what remains.
    pub notes: Vec<String>,
}

/// The keywords that end a `searchmoves` list.
const GO_KEYWORDS: [&str; 13] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "mate",
    "nodes",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// Parses one line from a UCI GUI.
///
/// An empty (blank) line is an error too (`"empty line"`); an engine loop
/// usually skips blank lines before calling this.
pub fn parse_uci(line: &str) -> Result<UciCommand, String> {
    let tokens = words(line);
    let Some((cmd, args)) = tokens.split_first() else {
        return Err("empty line".to_owned());
    };
    match cmd.to_ascii_lowercase().as_str() {
        "uci" => Ok(UciCommand::Uci),
        "debug" => parse_debug(args),
        "isready" => Ok(UciCommand::IsReady),
        "setoption" => parse_setoption(args),
        "register" => Ok(UciCommand::Register),
        "ucinewgame" => Ok(UciCommand::UciNewGame),
        "position" => {
            let (fen, moves) = position_args("position", args)?;
            Ok(UciCommand::Position { fen, moves })
        }
        "go" => Ok(UciCommand::Go(parse_go(args))),
        "stop" => Ok(UciCommand::Stop),
        "ponderhit" => Ok(UciCommand::PonderHit),
        "quit" => Ok(UciCommand::Quit),
        "d" => Ok(UciCommand::Display),
        "eval" => Ok(UciCommand::Eval),
        // A whole benchmark is too costly to start from a mistyped line.
        "bench" => match args.first() {
            None => Ok(UciCommand::Bench),
            Some(t) => Err(format!("`bench` takes no arguments, not `{t}`")),
        },
        _ => Err(format!("unknown command `{cmd}`")),
    }
}

fn parse_debug(args: &[&str]) -> Result<UciCommand, String> {
    match args.first() {
        Some(t) if is_kw(t, "on") => Ok(UciCommand::Debug(true)),
        Some(t) if is_kw(t, "off") => Ok(UciCommand::Debug(false)),
        Some(t) => Err(format!("`debug` takes `on` or `off`, not `{t}`")),
        None => Err("`debug` needs `on` or `off`".to_owned()),
    }
}

fn parse_setoption(args: &[&str]) -> Result<UciCommand, String> {
    let Some((first, rest)) = args.split_first() else {
        return Err("`setoption` needs `name <option>`".to_owned());
    };
    if !is_kw(first, "name") {
        return Err(format!("expected `name` after `setoption`, got `{first}`"));
    }
    let split = rest.iter().position(|t| is_kw(t, "value"));
    let name_tokens = &rest[..split.unwrap_or(rest.len())];
    if name_tokens.is_empty() {
        return Err("`setoption name` needs an option name".to_owned());
    }
    let value = split.map(|at| rest[at + 1..].join(" "));
    Ok(UciCommand::SetOption {
        name: name_tokens.join(" "),
        value,
    })
}

/// Parses `go` without failing (a GUI waits for the `bestmove` of every
/// `go`): an unknown or malformed token is skipped, an out-of-range number
/// clamped, and each such repair is noted in [`GoParams::notes`].
fn parse_go(args: &[&str]) -> GoParams {
    let mut go = GoParams::default();
    let is_keyword = |t: &&str| GO_KEYWORDS.iter().any(|k| is_kw(t, k));
    let mut i = 0;
    while let Some(token) = args.get(i) {
        i += 1;
        let key = token.to_ascii_lowercase();
        let key = key.as_str();
        match key {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while let Some(m) = args.get(i).filter(|m| !is_keyword(m)) {
                    go.searchmoves.push((*m).to_owned());
                    i += 1;
                }
            }
            _ if is_keyword(&key) => {
                let value = args.get(i).filter(|v| !is_keyword(v));
                if value.is_some() {
                    i += 1;
                }
                go.set_number(key, value);
            }
            _ => go
                .notes
                .push(format!("unknown `go` parameter `{token}` ignored")),
        }
    }
    go
}

impl GoParams {
    /// Sets the numeric parameter `key` from `value`, clamped; a missing or
    /// malformed value leaves it unset. Notes what was repaired.
    fn set_number(&mut self, key: &str, value: Option<&&str>) {
        fn take<T: Whole>(notes: &mut Vec<String>, key: &str, value: Option<&&str>) -> Option<T> {
            let (number, note) = clamped_number(key, value);
            notes.extend(note);
            number
        }
        let notes = &mut self.notes;
        match key {
            "wtime" => self.wtime = take(notes, key, value).or(self.wtime),
            "btime" => self.btime = take(notes, key, value).or(self.btime),
            "winc" => self.winc = take(notes, key, value).or(self.winc),
            "binc" => self.binc = take(notes, key, value).or(self.binc),
            "movestogo" => self.movestogo = take(notes, key, value).or(self.movestogo),
            "depth" => self.depth = take(notes, key, value).or(self.depth),
            "mate" => self.mate = take(notes, key, value).or(self.mate),
            "nodes" => self.nodes = take(notes, key, value).or(self.nodes),
            "movetime" => self.movetime = take(notes, key, value).or(self.movetime),
            "perft" => self.perft = take(notes, key, value).or(self.perft),
            _ => notes.push(format!("unknown `go` parameter `{key}` ignored")),
        }
    }
}

/// `uciok`: ends the reply to `uci`.
pub const UCIOK: &str = "uciok";
/// `readyok`: the reply to `isready`.
pub const READYOK: &str = "readyok";

/// `id name <name>` and `id author <author>`.
pub fn id_lines(name: &str, author: &str) -> Vec<String> {
    vec![
        format!("id name {}", one_line(name)),
        format!("id author {}", one_line(author)),
    ]
}

/// An option declaration, e.g.
/// `option name Threads type spin default 1 min 1 max 256`.
pub fn option_line(name: &str, spec: &OptionSpec) -> String {
    let name = one_line(name);
    match spec {
        OptionSpec::Check { default } => {
            format!("option name {name} type check default {default}")
        }
        OptionSpec::Spin { default, min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        OptionSpec::Combo { default, vars } => {
            let mut line = format!("option name {name} type combo default {default}");
            for var in vars {
                line.push_str(" var ");
                line.push_str(var);
            }
            line
        }
        OptionSpec::Button => format!("option name {name} type button"),
        OptionSpec::String { default } => format!(
            "option name {name} type string default {}",
            string_default(default)
        ),
    }
}

/// `info depth D seldepth S multipv K score cp X|mate N [wdl W D L]
/// [lowerbound|upperbound] nodes N nps N hashfull H tbhits N time T pv …` (`pv` left
/// out when empty; `wdl` where Stockfish puts it).
pub fn info_line(info: &InfoLine) -> String {
    let score = match info.score {
        ScoreText::Cp(cp) => format!("cp {cp}"),
        ScoreText::Mate(n) => format!("mate {n}"),
    };
    let wdl = match info.wdl {
        Some([w, d, l]) => format!(" wdl {w} {d} {l}"),
        None => String::new(),
    };
    let bound = match info.bound {
        BoundText::Exact => "",
        BoundText::Lower => " lowerbound",
        BoundText::Upper => " upperbound",
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {score}{wdl}{bound} nodes {} nps {} hashfull {} tbhits {} time {}",
        info.depth, info.seldepth, info.multipv, info.nodes, info.nps, info.hashfull, info.tbhits, info.time_ms
    );
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&info.pv.join(" "));
    }
    line
}

/// `info string <text>`: a message for the user (diagnostics, errors).
pub fn info_string(text: &str) -> String {
    format!("info string {}", one_line(text))
}

/// `info currmove <m> currmovenumber <n>`: the root move being searched.
pub fn currmove_line(mv: &str, number: u32) -> String {
    format!("info currmove {} currmovenumber {number}", one_line(mv))
}

/// `bestmove <m> [ponder <p>]`, or `bestmove (none)` when there is no move.
pub fn bestmove_line(best: Option<&str>, ponder: Option<&str>) -> String {
    match (best, ponder) {
        (None, _) => "bestmove (none)".to_owned(),
        (Some(m), None) => format!("bestmove {m}"),
        (Some(m), Some(p)) => format!("bestmove {m} ponder {p}"),
    }
}

/// One root move of `go perft N` in Stockfish's format: `<move>: <count>`.
pub fn perft_move_line(mv: &str, count: u64) -> String {
    format!("{mv}: {count}")
}

/// The lines that end `go perft N` (Stockfish's format, which scripts parse):
/// a blank line, then `Nodes searched: <total>`.
pub fn perft_total_lines(total: u64) -> Vec<String> {
    vec![String::new(), format!("Nodes searched: {total}")]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> GoParams {
        match parse_uci(line) {
            Ok(UciCommand::Go(p)) => p,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse_uci("uci"), Ok(UciCommand::Uci));
        assert_eq!(parse_uci("  isready \t"), Ok(UciCommand::IsReady));
        assert_eq!(parse_uci("ucinewgame"), Ok(UciCommand::UciNewGame));
        assert_eq!(parse_uci("stop"), Ok(UciCommand::Stop));
        assert_eq!(parse_uci("ponderhit"), Ok(UciCommand::PonderHit));
        assert_eq!(parse_uci("QUIT"), Ok(UciCommand::Quit));
        assert_eq!(parse_uci("d"), Ok(UciCommand::Display));
        assert_eq!(parse_uci("eval"), Ok(UciCommand::Eval));
        assert_eq!(parse_uci("BENCH"), Ok(UciCommand::Bench));
        assert_eq!(parse_uci("register later"), Ok(UciCommand::Register));
        assert_eq!(parse_uci("isready now please"), Ok(UciCommand::IsReady));
    }

    #[test]
    fn errors_name_the_token() {
        assert_eq!(parse_uci(""), Err("empty line".to_owned()));
        assert_eq!(parse_uci(" \t "), Err("empty line".to_owned()));
        assert_eq!(parse_uci("flip"), Err("unknown command `flip`".to_owned()));
        assert_eq!(
            parse_uci("bench 16 1 13"),
            Err("`bench` takes no arguments, not `16`".to_owned())
        );
        let p = go("go depth x");
        assert_eq!(p.depth, None);
        assert!(
            p.notes[0].contains("`x`") && p.notes[0].contains("`depth`"),
            "{p:?}"
        );
        let p = go("go wtime 99999999999999999999");
        assert_eq!(p.wtime, Some(i64::MAX));
        assert!(p.notes[0].contains("out of range"), "{p:?}");
        let p = go("go depth -3 movetime 100");
        assert_eq!((p.depth, p.movetime), (Some(0), Some(100)));
        assert!(p.notes[0].contains("`depth -3`"), "{p:?}");
        let p = go("go nodes");
        assert_eq!(p.nodes, None);
        assert!(p.notes[0].contains("`nodes` needs a number"), "{p:?}");
        let p = go("go depth infinite");
        assert!(
            p.infinite && p.depth.is_none() && p.notes.len() == 1,
            "{p:?}"
        );
        let p = go("go fast depth 4");
        assert_eq!(p.depth, Some(4));
        assert!(p.notes[0].contains("`fast`"), "{p:?}");
    }

    #[test]
    fn debug() {
        assert_eq!(parse_uci("debug on"), Ok(UciCommand::Debug(true)));
        assert_eq!(parse_uci("debug OFF"), Ok(UciCommand::Debug(false)));
        assert!(parse_uci("debug").is_err());
        assert!(parse_uci("debug maybe").unwrap_err().contains("`maybe`"));
    }

    #[test]
    fn setoption() {
        assert_eq!(
            parse_uci("setoption name Clear   Hash"),
            Ok(UciCommand::SetOption {
                name: "Clear Hash".to_owned(),
                value: None
            })
        );
        assert_eq!(
            parse_uci("setoption name Move Overhead value 30"),
            Ok(UciCommand::SetOption {
                name: "Move Overhead".to_owned(),
                value: Some("30".to_owned())
            })
        );
        assert_eq!(
            parse_uci("setoption name SyzygyPath value /a b/c  d"),
            Ok(UciCommand::SetOption {
                name: "SyzygyPath".to_owned(),
                value: Some("/a b/c d".to_owned())
            })
        );
        assert_eq!(
            parse_uci("setoption name UCI_Variant value"),
            Ok(UciCommand::SetOption {
                name: "UCI_Variant".to_owned(),
                value: Some(String::new())
            })
        );
        assert!(parse_uci("setoption").is_err());
        assert!(parse_uci("setoption Hash value 3")
            .unwrap_err()
            .contains("`Hash`"));
        assert!(parse_uci("setoption name value 3").is_err());
    }

    #[test]
    fn position() {
        assert_eq!(
            parse_uci("position startpos"),
            Ok(UciCommand::Position {
                fen: None,
                moves: vec![]
            })
        );
        assert_eq!(
            parse_uci("position startpos moves e2e4 e7e5 e1g1 a7a8q"),
            Ok(UciCommand::Position {
                fen: None,
                moves: ["e2e4", "e7e5", "e1g1", "a7a8q"].map(String::from).to_vec()
            })
        );
        assert_eq!(
            parse_uci("position fen  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR \t w - - 0 1 moves h2e2 a10a9 S@c1 d3e5b"),
            Ok(UciCommand::Position {
                fen: Some("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_owned()),
                moves: ["h2e2", "a10a9", "S@c1", "d3e5b"].map(String::from).to_vec()
            })
        );
        assert_eq!(
            parse_uci("position fen 8/8/8/8/8/8/8/K6k w"),
            Ok(UciCommand::Position {
                fen: Some("8/8/8/8/8/8/8/K6k w".to_owned()),
                moves: vec![]
            })
        );
        assert!(parse_uci("position").is_err());
        assert!(parse_uci("position fen").is_err());
        assert!(parse_uci("position startpos e2e4")
            .unwrap_err()
            .contains("`e2e4`"));
    }

    #[test]
    fn go_parameters() {
        assert_eq!(go("go"), GoParams::default());
        let p = go("go wtime -120 btime +300000 winc 0 binc 2000 movestogo 40");
        assert_eq!(
            (p.wtime, p.btime, p.winc, p.binc, p.movestogo),
            (Some(-120), Some(300000), Some(0), Some(2000), Some(40))
        );
        let p = go("go depth 12 mate 3 nodes 123456789012 movetime 500 perft 4");
        assert_eq!(
            (p.depth, p.mate, p.nodes, p.movetime, p.perft),
            (Some(12), Some(3), Some(123456789012), Some(500), Some(4))
        );
        let p = go("go ponder infinite");
        assert!(p.ponder && p.infinite);
        let p = go("go searchmoves e2e4 d2d4 S@c1 depth 3");
        assert_eq!(p.searchmoves, ["e2e4", "d2d4", "S@c1"]);
        assert_eq!(p.depth, Some(3));
        let p = go("go searchmoves");
        assert!(p.searchmoves.is_empty());
        assert_eq!(go("go depth 3 depth 5").depth, Some(5));
    }

    #[test]
    fn formatting() {
        assert_eq!(
            id_lines("timur 0.1", "A\nB"),
            ["id name timur 0.1", "id author A B"]
        );
        assert_eq!(
            option_line(
                "Threads",
                &OptionSpec::Spin {
                    default: 1,
                    min: 1,
                    max: 256
                }
            ),
            "option name Threads type spin default 1 min 1 max 256"
        );
        assert_eq!(
            option_line("Ponder", &OptionSpec::Check { default: false }),
            "option name Ponder type check default false"
        );
        assert_eq!(
            option_line(
                "UCI_Variant",
                &OptionSpec::Combo {
                    default: "chess".to_owned(),
                    vars: vec!["chess".to_owned(), "xiangqi".to_owned()]
                }
            ),
            "option name UCI_Variant type combo default chess var chess var xiangqi"
        );
        assert_eq!(
            option_line("Clear Hash", &OptionSpec::Button),
            "option name Clear Hash type button"
        );
        assert_eq!(
            option_line(
                "Path",
                &OptionSpec::String {
                    default: String::new()
                }
            ),
            "option name Path type string default <empty>"
        );
        let mut info = InfoLine {
            depth: 7,
            seldepth: 11,
            multipv: 1,
            score: ScoreText::Cp(-35),
            bound: BoundText::Exact,
            nodes: 12345,
            nps: 600000,
            hashfull: 12,
            tbhits: 0,
            time_ms: 20,
            pv: vec!["e2e4".to_owned(), "e7e5".to_owned()],
            wdl: None,
        };
        assert_eq!(
            info_line(&info),
            "info depth 7 seldepth 11 multipv 1 score cp -35 nodes 12345 nps 600000 hashfull 12 tbhits 0 time 20 pv e2e4 e7e5"
        );
        info.score = ScoreText::Mate(-2);
        info.bound = BoundText::Upper;
        info.pv.clear();
        assert_eq!(
            info_line(&info),
            "info depth 7 seldepth 11 multipv 1 score mate -2 upperbound nodes 12345 nps 600000 hashfull 12 tbhits 0 time 20"
        );
        info.wdl = Some([0, 10, 990]);
        assert_eq!(
            info_line(&info),
            "info depth 7 seldepth 11 multipv 1 score mate -2 wdl 0 10 990 upperbound nodes 12345 nps 600000 hashfull 12 tbhits 0 time 20"
        );
        info.wdl = None;
        info.bound = BoundText::Lower;
        assert!(info_line(&info).contains("score mate -2 lowerbound nodes"));
        assert_eq!(
            info_string("error: bad\nthing"),
            "info string error: bad thing"
        );
        assert_eq!(
            bestmove_line(Some("e2e4"), Some("e7e5")),
            "bestmove e2e4 ponder e7e5"
        );
        assert_eq!(bestmove_line(Some("e2e4"), None), "bestmove e2e4");
        assert_eq!(bestmove_line(None, Some("e7e5")), "bestmove (none)");
        assert_eq!(
            currmove_line("e2e4", 3),
            "info currmove e2e4 currmovenumber 3"
        );
        assert_eq!(perft_move_line("a2a3", 380), "a2a3: 380");
        assert_eq!(perft_total_lines(8902), ["", "Nodes searched: 8902"]);
        assert_eq!((UCIOK, READYOK), ("uciok", "readyok"));
    }
}
