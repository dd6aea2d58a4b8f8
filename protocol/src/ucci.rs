//! UCCI, the xiangqi dialect of UCI (ElephantEye / xqbase spec 3.0):
//! `parse_ucci` turns one line from the GUI into a [`UcciCommand`]; the
//! `*_line` functions format replies.
//!
//! Differences from UCI: options have no `name`/`value` keywords, `go` has
//! exactly one limit (`depth`, `infinite`, `nodes` or `time …`; `perft` is
//! this engine's extension, as in UCI) and may carry
//! `ponder` or `draw`, `banmoves` excludes root moves, `probe` asks for a
//! hash entry (`pophash`), `quit` is answered with `bye`. Command words and
//! keywords match without regard to ASCII case (ElephantEye does the same).

use crate::info::{InfoLine, ScoreText};
use crate::option::{string_default, OptionSpec};
use crate::tokens::{clamped_number, is_kw, one_line, position_args, words, Whole};

/// One command from a UCCI GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UcciCommand {
    /// `ucci`: identify, declare options, answer `ucciok`.
    Ucci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption <name> [<value>]`, e.g. `setoption hashsize 64`,
    /// `setoption newgame`.
    SetOption {
        /// The first token, as written (the engine compares it lowercased).
        name: String,
        /// The remaining tokens joined by single spaces, if any.
        value: Option<String>,
    },
    /// `position startpos|fen <F> [moves …]`.
    Position {
        /// The FEN (tokens between `fen` and `moves`); `None` for `startpos`.
        fen: Option<String>,
        /// The moves after `moves`, as text.
        moves: Vec<String>,
    },
    /// `banmoves m…`: exclude these root moves until the next `position`.
    BanMoves(Vec<String>),
    /// `go [ponder|draw] <limit>`.
    Go(UcciGo),
    /// `ponderhit [draw]`.
    PonderHit {
        /// The opponent offers a draw (`ponderhit draw`).
        draw: bool,
    },
    /// `stop`: answer `bestmove`, or `nobestmove` when idle.
    Stop,
    /// `probe startpos|fen <F> [moves …]`: answer `pophash …`.
    Probe {
        /// The FEN; `None` for `startpos`.
        fen: Option<String>,
        /// The moves after `moves`, as text.
        moves: Vec<String>,
    },
    /// `quit`: answer `bye` and exit.
    Quit,
    /// `eval` (non-standard, as in UCI engines): print the static evaluation.
    Eval,
}

/// The arguments of a UCCI `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UcciGo {
    /// `go ponder …`: think in the opponent's time until `ponderhit`.
    pub ponder: bool,
    /// `go draw …`: the opponent offers a draw.
    pub draw: bool,
    /// How long to think.
    pub limit: UcciLimit,
    /// What was wrong with the line and how it was repaired, for the
    /// engine to report before it searches.
    pub notes: Vec<String>,
}

/// The one limit of a UCCI `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UcciLimit {
    /// `depth <n>`.
    Depth(u32),
    /// `infinite`, or `go` with no limit (ElephantEye treats it the same).
    Infinite,
    /// `nodes <n>`.
    Nodes(u64),
    /// `perft <n>` (an extension, as in UCI): count the legal-move tree's
    /// leaves to depth n, split by root move.
    Perft(u64),
    /// `time <t> …`: a clock.
    Time(UcciClock),
}

/// A UCCI clock. Times are in the unit the GUI uses: milliseconds when
/// `usemillisec` is on (the default), seconds otherwise; the engine scales.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UcciClock {
    /// `time`: the engine's remaining time.
    pub time: i64,
    /// `movestogo`: moves until the next time control.
    pub movestogo: Option<u32>,
    /// `increment`: time added per move.
    pub increment: Option<i64>,
    /// `opptime`: the opponent's remaining time.
    pub opptime: Option<i64>,
    /// `oppmovestogo`: the opponent's moves until its next time control.
    pub oppmovestogo: Option<u32>,
    /// `oppincrement`: the opponent's increment.
    pub oppincrement: Option<i64>,
}

/// Parses one line from a UCCI GUI. A blank line is the error `"empty line"`.
pub fn parse_ucci(line: &str) -> Result<UcciCommand, String> {
    let tokens = words(line);
    let Some((cmd, args)) = tokens.split_first() else {
        return Err("empty line".to_owned());
    };
    match cmd.to_ascii_lowercase().as_str() {
        "ucci" => Ok(UcciCommand::Ucci),
        "isready" => Ok(UcciCommand::IsReady),
        "setoption" => match args.split_first() {
            None => Err("`setoption` needs an option name".to_owned()),
            Some((name, rest)) => Ok(UcciCommand::SetOption {
                name: (*name).to_owned(),
                value: (!rest.is_empty()).then(|| rest.join(" ")),
            }),
        },
        "position" => {
            let (fen, moves) = position_args("position", args)?;
            Ok(UcciCommand::Position { fen, moves })
        }
        "probe" => {
            let (fen, moves) = position_args("probe", args)?;
            Ok(UcciCommand::Probe { fen, moves })
        }
        "banmoves" => Ok(UcciCommand::BanMoves(
            args.iter().map(|m| (*m).to_owned()).collect(),
        )),
        "go" => Ok(UcciCommand::Go(parse_go(args))),
        "ponderhit" => match args.first() {
            None => Ok(UcciCommand::PonderHit { draw: false }),
            Some(t) if is_kw(t, "draw") => Ok(UcciCommand::PonderHit { draw: true }),
            Some(t) => Err(format!("`ponderhit` takes only `draw`, not `{t}`")),
        },
        "stop" => Ok(UcciCommand::Stop),
        "quit" => Ok(UcciCommand::Quit),
        "eval" => Ok(UcciCommand::Eval),
        _ => Err(format!("unknown command `{cmd}`")),
    }
}

/// Parses `go` without failing (a GUI waits for the answer to every `go`):
/// unknown or surplus tokens are skipped, out-of-range numbers clamped, a
/// limit without a usable number dropped (then the search is infinite);
/// each repair is noted in [`UcciGo::notes`].
fn parse_go(args: &[&str]) -> UcciGo {
    let mut go = UcciGo {
        ponder: false,
        draw: false,
        limit: UcciLimit::Infinite,
        notes: Vec::new(),
    };
    let mut i = 0;
    while let Some(t) = args.get(i) {
        if is_kw(t, "ponder") {
            go.ponder = true;
        } else if is_kw(t, "draw") {
            go.draw = true;
        } else {
            break;
        }
        i += 1;
    }
    let mut rest = &args[i..];
    while let Some((mode, tail)) = rest.split_first() {
        let mode_lc = mode.to_ascii_lowercase();
        let used = match mode_lc.as_str() {
            "depth" => go.limit_from(tail, UcciLimit::Depth, "depth"),
            "nodes" => go.limit_from(tail, UcciLimit::Nodes, "nodes"),
            "perft" => go.limit_from(tail, UcciLimit::Perft, "perft"),
            "infinite" => 0,
            "time" => {
                let (clock, used) = parse_clock(tail, &mut go.notes);
                if let Some(clock) = clock {
                    go.limit = UcciLimit::Time(clock);
                }
                used
            }
            _ => {
                go.notes
                    .push(format!("unknown `go` parameter `{mode}` ignored"));
                rest = tail;
                continue;
            }
        };
        if tail.len() > used {
            go.notes.push(format!(
                "`{}` after `go {mode_lc}` ignored: UCCI's `go` takes one limit",
                tail[used..].join(" ")
            ));
        }
        break;
    }
    go
}

impl UcciGo {
    /// Sets a `depth`/`nodes` limit from the first token of `tail`
    /// (clamped; none if it is not a number); returns the tokens used.
    fn limit_from<T: Whole>(
        &mut self,
        tail: &[&str],
        make: fn(T) -> UcciLimit,
        key: &str,
    ) -> usize {
        let (value, note) = clamped_number(key, tail.first());
        self.notes.extend(note);
        if let Some(value) = value {
            self.limit = make(value);
        }
        usize::from(!tail.is_empty())
    }
}

/// Parses what follows `time`: `<t> [movestogo <n> | increment <i>]
/// [opptime <t> [oppmovestogo <n> | oppincrement <i>]]`, the optional
/// keywords in any order. Returns the clock (none without a usable time)
/// and the tokens used; unknown keywords and bad numbers are noted and
/// skipped.
fn parse_clock(args: &[&str], notes: &mut Vec<String>) -> (Option<UcciClock>, usize) {
    fn take<T: Whole>(notes: &mut Vec<String>, key: &str, value: Option<&&str>) -> Option<T> {
        let (number, note) = clamped_number(key, value);
        notes.extend(note);
        number
    }
    let time = take(notes, "time", args.first());
    let mut clock = UcciClock::default();
    let mut i = 1;
    while let Some(token) = args.get(i) {
        let value = args.get(i + 1);
        let key = token.to_ascii_lowercase();
        let key = key.as_str();
        match key {
            "movestogo" => clock.movestogo = take(notes, key, value),
            "increment" => clock.increment = take(notes, key, value),
            "opptime" => clock.opptime = take(notes, key, value),
            "oppmovestogo" => clock.oppmovestogo = take(notes, key, value),
            "oppincrement" => clock.oppincrement = take(notes, key, value),
            _ => {
                notes.push(format!("unknown `go time` parameter `{token}` ignored"));
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    let clock = time.map(|time| UcciClock { time, ..clock });
    (clock, args.len())
}

/// What a UCCI `bestmove` may add after the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UcciOffer {
    /// `draw`: offer or accept a draw.
    Draw,
    /// `resign`: give up.
    Resign,
}

/// The reply to `probe`: what the hash table knows about a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PopHash {
    /// The stored best move.
    pub bestmove: Option<String>,
    /// A lower bound on the score and the depth it was searched to.
    pub lowerbound: Option<(i32, u32)>,
    /// An upper bound on the score and the depth it was searched to.
    pub upperbound: Option<(i32, u32)>,
}

/// `ucciok`: ends the reply to `ucci`.
pub const UCCIOK: &str = "ucciok";
/// `readyok`: the reply to `isready`.
pub const READYOK: &str = "readyok";
/// `nobestmove`: the search ends without a move (no legal move, or `stop`
/// while idle).
pub const NOBESTMOVE: &str = "nobestmove";
/// `bye`: the reply to `quit`.
pub const BYE: &str = "bye";

/// `id name …`, `id version …`, `id author …`.
pub fn id_lines(name: &str, version: &str, author: &str) -> Vec<String> {
    vec![
        format!("id name {}", one_line(name)),
        format!("id version {}", one_line(version)),
        format!("id author {}", one_line(author)),
    ]
}

/// An option declaration without the `name` keyword, ranges before the
/// default as in the spec: `option hashsize type spin min 1 max 65536 default 16`.
pub fn option_line(name: &str, spec: &OptionSpec) -> String {
    let name = one_line(name);
    match spec {
        OptionSpec::Check { default } => format!("option {name} type check default {default}"),
        OptionSpec::Spin { default, min, max } => {
            format!("option {name} type spin min {min} max {max} default {default}")
        }
        OptionSpec::Combo { default, vars } => {
            let mut line = format!("option {name} type combo");
            for var in vars {
                line.push_str(" var ");
                line.push_str(var);
            }
            line.push_str(" default ");
            line.push_str(default);
            line
        }
        OptionSpec::Button => format!("option {name} type button"),
        OptionSpec::String { default } => {
            format!(
                "option {name} type string default {}",
                string_default(default)
            )
        }
    }
}

/// The bare integer UCCI prints for a score. Mates follow ElephantEye's
/// convention of 10000 minus the distance in plies: mate in N moves is
/// `10000 - (2N - 1)`, being mated in N moves is `-(10000 - 2N)`.
pub fn score_value(score: ScoreText) -> i32 {
    match score {
        ScoreText::Cp(cp) => cp,
        ScoreText::Mate(n) if n > 0 => 10000 - (2 * n.min(4000) - 1),
        ScoreText::Mate(n) => -(10000 - 2 * n.saturating_abs().min(4000)),
    }
}

/// `info depth D score S pv …` (`pv` left out when empty).
pub fn info_line(info: &InfoLine) -> String {
    let mut line = format!(
        "info depth {} score {}",
        info.depth,
        score_value(info.score)
    );
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&info.pv.join(" "));
    }
    line
}

/// `info time T nodes N` (T in milliseconds).
pub fn info_time_line(time_ms: u64, nodes: u64) -> String {
    format!("info time {time_ms} nodes {nodes}")
}

/// `info message <text>`: a message the GUI shows to the user.
pub fn info_message(text: &str) -> String {
    format!("info message {}", one_line(text))
}

/// `bestmove <m> [ponder <p>] [draw|resign]`; `nobestmove` when `best` is `None`.
pub fn bestmove_line(best: Option<&str>, ponder: Option<&str>, offer: Option<UcciOffer>) -> String {
    let Some(best) = best else {
        return NOBESTMOVE.to_owned();
    };
    let mut line = format!("bestmove {best}");
    if let Some(p) = ponder {
        line.push_str(" ponder ");
        line.push_str(p);
    }
    match offer {
        Some(UcciOffer::Draw) => line.push_str(" draw"),
        Some(UcciOffer::Resign) => line.push_str(" resign"),
        None => {}
    }
    line
}

/// `pophash [bestmove m] [lowerbound v depth d] [upperbound v depth d]`,
/// or a bare `pophash` when the position is not in the table.
pub fn pophash_line(entry: &PopHash) -> String {
    let mut line = "pophash".to_owned();
    if let Some(m) = &entry.bestmove {
        line.push_str(&format!(" bestmove {m}"));
    }
    if let Some((v, d)) = entry.lowerbound {
        line.push_str(&format!(" lowerbound {v} depth {d}"));
    }
    if let Some((v, d)) = entry.upperbound {
        line.push_str(&format!(" upperbound {v} depth {d}"));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::info::BoundText;

    fn go(line: &str) -> UcciGo {
        match parse_ucci(line) {
            Ok(UcciCommand::Go(g)) => g,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse_ucci("ucci"), Ok(UcciCommand::Ucci));
        assert_eq!(parse_ucci(" isready "), Ok(UcciCommand::IsReady));
        assert_eq!(parse_ucci("stop"), Ok(UcciCommand::Stop));
        assert_eq!(parse_ucci("QUIT"), Ok(UcciCommand::Quit));
        assert_eq!(parse_ucci("eval"), Ok(UcciCommand::Eval));
        assert_eq!(
            parse_ucci("ponderhit"),
            Ok(UcciCommand::PonderHit { draw: false })
        );
        assert_eq!(
            parse_ucci("ponderhit draw"),
            Ok(UcciCommand::PonderHit { draw: true })
        );
        assert!(parse_ucci("ponderhit now").unwrap_err().contains("`now`"));
        assert_eq!(parse_ucci(""), Err("empty line".to_owned()));
        assert_eq!(parse_ucci("uci"), Err("unknown command `uci`".to_owned()));
    }

    #[test]
    fn setoption() {
        let set = |name: &str, value: Option<&str>| UcciCommand::SetOption {
            name: name.to_owned(),
            value: value.map(str::to_owned),
        };
        assert_eq!(
            parse_ucci("setoption usemillisec true"),
            Ok(set("usemillisec", Some("true")))
        );
        assert_eq!(
            parse_ucci("setoption hashsize 64"),
            Ok(set("hashsize", Some("64")))
        );
        assert_eq!(parse_ucci("setoption newgame"), Ok(set("newgame", None)));
        assert_eq!(
            parse_ucci("setoption bookfiles  a.dat;b.dat  c"),
            Ok(set("bookfiles", Some("a.dat;b.dat c")))
        );
        assert!(parse_ucci("setoption").is_err());
    }

    #[test]
    fn position_probe_banmoves() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(
            parse_ucci(&format!("position fen {fen} moves h2e2 h9g7")),
            Ok(UcciCommand::Position {
                fen: Some(fen.to_owned()),
                moves: vec!["h2e2".to_owned(), "h9g7".to_owned()]
            })
        );
        assert_eq!(
            parse_ucci("position startpos"),
            Ok(UcciCommand::Position {
                fen: None,
                moves: vec![]
            })
        );
        assert_eq!(
            parse_ucci("probe startpos moves h2e2"),
            Ok(UcciCommand::Probe {
                fen: None,
                moves: vec!["h2e2".to_owned()]
            })
        );
        assert!(parse_ucci("probe").unwrap_err().contains("`probe`"));
        assert_eq!(
            parse_ucci("banmoves h6i4 h0g2"),
            Ok(UcciCommand::BanMoves(vec![
                "h6i4".to_owned(),
                "h0g2".to_owned()
            ]))
        );
        assert_eq!(parse_ucci("banmoves"), Ok(UcciCommand::BanMoves(vec![])));
    }

    #[test]
    fn go_limits() {
        assert_eq!(go("go").limit, UcciLimit::Infinite);
        assert_eq!(go("go depth 10").limit, UcciLimit::Depth(10));
        assert_eq!(go("go infinite").limit, UcciLimit::Infinite);
        assert_eq!(go("go nodes 5000000").limit, UcciLimit::Nodes(5000000));
        assert_eq!(go("go perft 3").limit, UcciLimit::Perft(3));
        let g = go("go ponder time 295000 increment 0");
        assert!(g.ponder && !g.draw);
        assert_eq!(
            g.limit,
            UcciLimit::Time(UcciClock {
                time: 295000,
                increment: Some(0),
                ..UcciClock::default()
            })
        );
        let g = go("go draw time 60 movestogo 10 opptime 50 oppmovestogo 9");
        assert!(g.draw && !g.ponder);
        assert_eq!(
            g.limit,
            UcciLimit::Time(UcciClock {
                time: 60,
                movestogo: Some(10),
                opptime: Some(50),
                oppmovestogo: Some(9),
                ..UcciClock::default()
            })
        );
        let g = go("go time 1000 increment 5 opptime 900 oppincrement 5");
        assert_eq!(
            g.limit,
            UcciLimit::Time(UcciClock {
                time: 1000,
                increment: Some(5),
                opptime: Some(900),
                oppincrement: Some(5),
                ..UcciClock::default()
            })
        );
        assert!(go("go ponder infinite").ponder);
    }

    #[test]
    fn go_repairs() {
        for (line, limit, token) in [
            ("go depth", UcciLimit::Infinite, "`depth`"),
            ("go depth x", UcciLimit::Infinite, "`x`"),
            ("go depth 5 nodes 3", UcciLimit::Depth(5), "`nodes 3`"),
            ("go time", UcciLimit::Infinite, "`time`"),
            ("go movestogo 5", UcciLimit::Infinite, "`movestogo`"),
            ("go wtime 5 depth 3", UcciLimit::Depth(3), "`wtime`"),
            ("go depth -4", UcciLimit::Depth(0), "`depth -4`"),
            (
                "go nodes 99999999999999999999999",
                UcciLimit::Nodes(u64::MAX),
                "out of range",
            ),
        ] {
            let g = go(line);
            assert_eq!(g.limit, limit, "{line}");
            assert!(g.notes.iter().any(|n| n.contains(token)), "{line}: {g:?}");
        }
        let g = go("go time 5 banana 3 increment");
        assert!(matches!(
            g.limit,
            UcciLimit::Time(UcciClock { time: 5, .. })
        ));
        assert_eq!(g.notes.len(), 3, "{g:?}");
    }

    #[test]
    fn formatting() {
        assert_eq!(
            id_lines("timur", "0.1", "X"),
            ["id name timur", "id version 0.1", "id author X"]
        );
        assert_eq!(
            option_line("usemillisec", &OptionSpec::Check { default: true }),
            "option usemillisec type check default true"
        );
        assert_eq!(
            option_line(
                "hashsize",
                &OptionSpec::Spin {
                    default: 16,
                    min: 1,
                    max: 65536
                }
            ),
            "option hashsize type spin min 1 max 65536 default 16"
        );
        assert_eq!(
            option_line("newgame", &OptionSpec::Button),
            "option newgame type button"
        );
        assert_eq!(
            option_line(
                "idle",
                &OptionSpec::Combo {
                    default: "none".to_owned(),
                    vars: vec!["none".to_owned(), "large".to_owned()]
                }
            ),
            "option idle type combo var none var large default none"
        );
        assert_eq!(
            option_line(
                "bookfiles",
                &OptionSpec::String {
                    default: "BOOK.DAT".to_owned()
                }
            ),
            "option bookfiles type string default BOOK.DAT"
        );
        let info = InfoLine {
            depth: 6,
            seldepth: 9,
            multipv: 1,
            score: ScoreText::Cp(4),
            bound: BoundText::Exact,
            nodes: 5000,
            nps: 1000,
            hashfull: 3,
            tbhits: 0,
            time_ms: 5,
            pv: ["b0c2", "b9c7", "c3c4"].map(String::from).to_vec(),
            wdl: None,
        };
        assert_eq!(info_line(&info), "info depth 6 score 4 pv b0c2 b9c7 c3c4");
        assert_eq!(
            info_line(&InfoLine {
                pv: vec![],
                score: ScoreText::Mate(2),
                ..info
            }),
            "info depth 6 score 9997"
        );
        assert_eq!(score_value(ScoreText::Mate(1)), 9999);
        assert_eq!(score_value(ScoreText::Mate(-1)), -9998);
        assert_eq!(score_value(ScoreText::Mate(0)), -10000);
        assert_eq!(score_value(ScoreText::Mate(i32::MIN)), -2000);
        assert_eq!(score_value(ScoreText::Mate(i32::MAX)), 2001);
        assert_eq!(
            info_time_line(5000, 5000000),
            "info time 5000 nodes 5000000"
        );
        assert_eq!(info_message("bad\nmove"), "info message bad move");
        assert_eq!(
            bestmove_line(Some("b0c2"), Some("b9c7"), None),
            "bestmove b0c2 ponder b9c7"
        );
        assert_eq!(
            bestmove_line(Some("b0c2"), None, Some(UcciOffer::Draw)),
            "bestmove b0c2 draw"
        );
        assert_eq!(
            bestmove_line(Some("b0c2"), Some("b9c7"), Some(UcciOffer::Resign)),
            "bestmove b0c2 ponder b9c7 resign"
        );
        assert_eq!(bestmove_line(None, None, None), "nobestmove");
        assert_eq!(pophash_line(&PopHash::default()), "pophash");
        assert_eq!(
            pophash_line(&PopHash {
                bestmove: Some("h2e2".to_owned()),
                lowerbound: Some((35, 8)),
                upperbound: Some((40, 7))
            }),
            "pophash bestmove h2e2 lowerbound 35 depth 8 upperbound 40 depth 7"
        );
        assert_eq!(
            (UCCIOK, READYOK, NOBESTMOVE, BYE),
            ("ucciok", "readyok", "nobestmove", "bye")
        );
    }
}
