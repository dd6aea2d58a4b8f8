//! XBoard / CECP version 2: `parse_xboard` turns one line from the GUI into
//! an [`XboardCommand`]; the `*_line` functions format replies.
//!
//! Command words match without regard to ASCII case. A line that is no
//! command but looks like a move in coordinate notation (`e2e4`, `e7e8q`,
//! `a0a9`, `P@h3`, `O-O`, `c4d5,d5e4`, `@@@@`) is a [`XboardCommand::Move`]:
//! GUIs send bare moves when `usermove=1` was not accepted.

use crate::info::{BoundText, InfoLine, ScoreText};
use crate::option::OptionSpec;
use crate::tokens::{number, one_line, words};

/// One command from an XBoard/CECP GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XboardCommand {
    /// `xboard`: enter XBoard mode.
    Xboard,
    /// `protover N`: answer with the `feature` lines.
    Protover(u32),
    /// `accepted <feature>`.
    Accepted(String),
    /// `rejected <feature>`.
    Rejected(String),
    /// `new`: the start position, engine plays Black, leave force mode.
    New,
    /// `variant <name>`.
    Variant(String),
    /// `setboard <FEN>`: the rest of the line, tokens joined by single spaces.
    SetBoard(String),
    /// `usermove <move>`.
    UserMove(String),
    /// A bare move (no `usermove` prefix).
    Move(String),
    /// `go`: play the side to move and start thinking.
    Go,
    /// `force`: stop playing either side; only record moves.
    Force,
    /// `playother`: play the side not to move (and ponder).
    PlayOther,
    /// `level MPS BASE INC`: `moves` per session (0 = whole game), BASE
    /// `m` or `m:ss` minutes, INC seconds (decimals allowed).
    Level {
        /// Moves per time control; 0 for an incremental (whole-game) clock.
        moves: u32,
        /// Base time, in milliseconds.
        base_ms: i64,
        /// Increment per move, in milliseconds.
        increment_ms: i64,
    },
    /// `st N`: exactly N seconds per move (decimals allowed), in milliseconds.
    St {
        /// Time per move, in milliseconds.
        ms: i64,
    },
    /// `sd N`: think at most N plies.
    Sd(u32),
    /// `perft N` (an extension, as in UCI's `go perft`): count the
    /// legal-move tree's leaves to depth N, split by root move.
    Perft(u64),
    /// `time N`: the engine's clock, in centiseconds (may be negative).
    Time {
        /// The clock, in centiseconds.
        centiseconds: i64,
    },
    /// `otim N`: the opponent's clock, in centiseconds (may be negative).
    Otim {
        /// The clock, in centiseconds.
        centiseconds: i64,
    },
    /// `?`: move now.
    MoveNow,
    /// `ping N`: answer `pong N` once every earlier command is done.
    Ping(String),
    /// `draw`: the opponent offers a draw.
    Draw,
    /// `result RESULT {COMMENT}`: the game is over.
    Result {
        /// `1-0`, `0-1`, `1/2-1/2` or `*`.
        result: GameResult,
        /// The text inside the braces, if any.
        comment: Option<String>,
    },
    /// `undo`: take back one ply.
    Undo,
    /// `remove`: take back two plies.
    Remove,
    /// `hard`: ponder.
    Hard,
    /// `easy`: do not ponder.
    Easy,
    /// `post`: send thinking output.
    Post,
    /// `nopost`: no thinking output.
    NoPost,
    /// `analyze`: enter analyze mode.
    Analyze,
    /// `exit`: leave analyze mode.
    Exit,
    /// `.`: a status update request in analyze mode.
    StatusUpdate,
    /// `memory N`: total memory for tables, in MiB.
    Memory(u64),
    /// `cores N`: threads the engine may use.
    Cores(u32),
    /// `egtpath TYPE PATH`.
    EgtPath {
        /// The table format, e.g. `syzygy`.
        kind: String,
        /// The rest of the line.
        path: String,
    },
    /// `name X`: the opponent's name (the rest of the line).
    Name(String),
    /// `rating OWN OPP`.
    Rating {
        /// The engine's rating.
        engine: i32,
        /// The opponent's rating.
        opponent: i32,
    },
    /// `computer`: the opponent is an engine.
    Computer,
    /// `random`: add randomness (toggle; obsolete).
    Random,
    /// `white`: obsolete; White to move, engine plays Black.
    White,
    /// `black`: obsolete; Black to move, engine plays White.
    Black,
    /// `hint`: suggest a move.
    Hint,
    /// `bk`: show book moves.
    Bk,
    /// `option NAME[=VALUE]`.
    Option {
        /// Text before `=` (may contain spaces), trimmed.
        name: String,
        /// Text after `=`, trimmed; `None` without `=` (buttons).
        value: Option<String>,
    },
    /// `quit`.
    Quit,
}

/// A game result as CECP writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished.
    Unfinished,
}

impl GameResult {
    /// The result as written in `result` and result lines.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }
}

/// Parses one line from an XBoard GUI. A blank line is the error `"empty line"`.
pub fn parse_xboard(line: &str) -> Result<XboardCommand, String> {
    use XboardCommand as X;
    let tokens = words(line);
    let Some((cmd, args)) = tokens.split_first() else {
        return Err("empty line".to_owned());
    };
    let rest = args.join(" ");
    let first = args.first();
    let command = match cmd.to_ascii_lowercase().as_str() {
        "xboard" => X::Xboard,
        "protover" => X::Protover(number("protover", first)?),
        "accepted" => X::Accepted(required("accepted", rest)?),
        "rejected" => X::Rejected(required("rejected", rest)?),
        "new" => X::New,
        "variant" => X::Variant(required("variant", rest)?),
        "setboard" => X::SetBoard(required("setboard", rest)?),
        "usermove" => X::UserMove(required("usermove", rest)?),
        "go" => X::Go,
        "force" => X::Force,
        "playother" => X::PlayOther,
        "level" => parse_level(args)?,
        "st" => X::St {
            ms: seconds_ms("st", first)?,
        },
        "sd" => X::Sd(number("sd", first)?),
        "perft" => X::Perft(number("perft", first)?),
        "time" => X::Time {
            centiseconds: number("time", first)?,
        },
        "otim" => X::Otim {
            centiseconds: number("otim", first)?,
        },
        "?" => X::MoveNow,
        "ping" => X::Ping(required("ping", rest)?),
        "draw" => X::Draw,
        "result" => parse_result(args)?,
        "undo" => X::Undo,
        "remove" => X::Remove,
        "hard" => X::Hard,
        "easy" => X::Easy,
        "post" => X::Post,
        "nopost" => X::NoPost,
        "analyze" => X::Analyze,
        "exit" => X::Exit,
        "." => X::StatusUpdate,
        "memory" => X::Memory(number("memory", first)?),
        "cores" => X::Cores(number("cores", first)?),
        "egtpath" => match args.split_first() {
            Some((kind, path)) if !path.is_empty() => X::EgtPath {
                kind: (*kind).to_owned(),
                path: path.join(" "),
            },
            _ => return Err("`egtpath` needs a type and a path".to_owned()),
        },
        "name" => X::Name(required("name", rest)?),
        "rating" => X::Rating {
            engine: number("rating", first)?,
            opponent: number("rating", args.get(1))?,
        },
        "computer" => X::Computer,
        "random" => X::Random,
        "white" => X::White,
        "black" => X::Black,
        "hint" => X::Hint,
        "bk" => X::Bk,
        "option" => {
            let text = required("option", rest)?;
            let (name, value) = match text.split_once('=') {
                Some((n, v)) => (n.trim().to_owned(), Some(v.trim().to_owned())),
                None => (text, None),
            };
            if name.is_empty() {
                return Err("`option` needs a name before `=`".to_owned());
            }
            X::Option { name, value }
        }
        "quit" => X::Quit,
        "edit" => {
            return Err("`edit` is not supported; use `setboard` (feature setboard=1)".to_owned())
        }
        _ if args.is_empty() && looks_like_move(cmd) => X::Move((*cmd).to_owned()),
        _ => return Err(format!("unknown command `{cmd}`")),
    };
    Ok(command)
}

/// The rest of the line, which must not be empty.
fn required(cmd: &str, rest: String) -> Result<String, String> {
    if rest.is_empty() {
        Err(format!("`{cmd}` needs an argument"))
    } else {
        Ok(rest)
    }
}

fn parse_level(args: &[&str]) -> Result<XboardCommand, String> {
    let [mps, base, inc] = args else {
        return Err(format!(
            "`level` needs 3 arguments (MPS BASE INC), got {}",
            args.len()
        ));
    };
    Ok(XboardCommand::Level {
        moves: number("level", Some(mps))?,
        base_ms: minutes_ms(base)?,
        increment_ms: seconds_ms("level", Some(inc))?,
    })
}

/// Parses a `level` BASE: `m` or `m:ss` minutes. As the spec asks, any
/// characters after that (`25+5`) are ignored.
fn minutes_ms(text: &str) -> Result<i64, String> {
    let bad = || format!("bad time `{text}` in `level`: expected minutes or minutes:seconds");
    let (minutes, after) = leading_digits(text).ok_or_else(bad)?;
    let seconds = match after.strip_prefix(':') {
        Some(sec) => leading_digits(sec).ok_or_else(bad)?.0,
        None => 0,
    };
    minutes
        .checked_mul(60_000)
        .and_then(|m| m.checked_add(seconds.checked_mul(1000)?))
        .ok_or_else(bad)
}

/// The value of leading ASCII digits (at least one) and the rest of `text`.
fn leading_digits(text: &str) -> Option<(i64, &str)> {
    let end = text
        .char_indices()
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(text.len(), |(i, _)| i);
    let value = text[..end].parse().ok()?;
    Some((value, &text[end..]))
}

/// Parses seconds with an optional decimal fraction (`12`, `0.5`) into
/// milliseconds; digits beyond the millisecond are dropped.
fn seconds_ms(key: &str, token: Option<&&str>) -> Result<i64, String> {
    let Some(text) = token else {
        return Err(format!("`{key}` needs a number of seconds"));
    };
    let bad = || format!("`{text}` after `{key}` is not a valid number of seconds");
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() && frac.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(bad());
    }
    let whole: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let millis = frac
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(3)
        .fold(0i64, |acc, b| acc * 10 + i64::from(b - b'0'));
    whole
        .checked_mul(1000)
        .and_then(|ms| ms.checked_add(millis))
        .ok_or_else(bad)
}

fn parse_result(args: &[&str]) -> Result<XboardCommand, String> {
    let Some((first, rest)) = args.split_first() else {
        return Err("`result` needs 1-0, 0-1, 1/2-1/2 or *".to_owned());
    };
    let result = match *first {
        "1-0" => GameResult::WhiteWins,
        "0-1" => GameResult::BlackWins,
        "1/2-1/2" => GameResult::Draw,
        "*" => GameResult::Unfinished,
        other => {
            return Err(format!(
                "bad result `{other}`: expected 1-0, 0-1, 1/2-1/2 or *"
            ))
        }
    };
    let text = rest.join(" ");
    let comment = text
        .strip_prefix('{')
        .map_or(text.as_str(), |t| t.strip_suffix('}').unwrap_or(t));
    let comment = comment.trim();
    Ok(XboardCommand::Result {
        result,
        comment: (!comment.is_empty()).then(|| comment.to_owned()),
    })
}

/// True if `token` looks like a move in CECP coordinate notation: `e2e4`,
/// `e7e8q`, `a0i9` (10-rank boards count from 0), `k10k9` (more ranks),
/// `P@h3` (drop), `O-O`/`O-O-O` (Fischer Random castling), `c4d5,d5e4`
/// (multi-leg), `@@@@` (null move). Legality is the engine's business.
pub fn looks_like_move(token: &str) -> bool {
    if matches!(token, "O-O" | "O-O-O" | "@@@@") {
        return true;
    }
    let b = token.as_bytes();
    // A drop: piece letter, '@', square.
    if b.len() >= 4 && b[0].is_ascii_alphabetic() && b[1] == b'@' {
        return square(&b[2..]).is_some_and(|rest| rest.is_empty());
    }
    // From and to squares, then a suffix (promotion piece, more legs).
    square(b)
        .and_then(square)
        .is_some_and(|rest| rest.iter().all(|c| c.is_ascii_alphanumeric() || *c == b','))
}

/// Consumes one square (`[a-z][0-9]+`) and returns what follows.
fn square(b: &[u8]) -> Option<&[u8]> {
    let (&file, rest) = b.split_first()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
    (digits > 0).then(|| &rest[digits..])
}

/// The integer CECP thinking output uses for a score: centipawns, or
/// `100000 + N` for mate in N moves and `-100000 - N` when mated in N
/// (`Mate(0)`, mated now, is `-100000`).
pub fn score_value(score: ScoreText) -> i32 {
    match score {
        ScoreText::Cp(cp) => cp,
        ScoreText::Mate(n) if n > 0 => 100_000i32.saturating_add(n),
        ScoreText::Mate(n) => (-100_000i32).saturating_sub(n.saturating_abs()),
    }
}

/// The `feature` lines answering `protover 2`: names and variants from the
/// caller, the fixed capabilities of this engine, `F=1` for each of the
/// caller's `natives` (the option commands it takes, as `memory`, `smp`),
/// `egt="…"` with the endgame table formats it reads (for `egtpath`), one
/// `feature option=…` line per option, and `done=1` last.
pub fn feature_lines(
    myname: &str,
    variants: &[&str],
    natives: &[&str],
    egt: &[&str],
    options: &[(&str, OptionSpec)],
) -> Vec<String> {
    let mut first = format!(
        "feature myname=\"{}\" variants=\"{}\" setboard=1 usermove=1 ping=1 sigint=0 sigterm=0 colors=0 analyze=1",
        quoted(myname),
        quoted(&variants.join(","))
    );
    for feature in natives {
        first.push_str(&format!(" {feature}=1"));
    }
    if !egt.is_empty() {
        first.push_str(&format!(" egt=\"{}\"", quoted(&egt.join(","))));
    }
    if options.is_empty() {
        first.push_str(" done=1");
        return vec![first];
    }
    let mut lines = vec![first];
    lines.extend(
        options
            .iter()
            .map(|(name, spec)| feature_option_line(name, spec)),
    );
    lines.push("feature done=1".to_owned());
    lines
}

/// Text safe inside a double-quoted feature value.
fn quoted(text: &str) -> String {
    one_line(text).replace('"', "'")
}

/// `feature option="NAME -TYPE …"`: `-check 0|1`, `-spin V MIN MAX`,
/// `-combo a /// *b` (the current value starred), `-button`, `-string V`.
pub fn feature_option_line(name: &str, spec: &OptionSpec) -> String {
    let body = match spec {
        OptionSpec::Check { default } => format!("-check {}", u8::from(*default)),
        OptionSpec::Spin { default, min, max } => format!("-spin {default} {min} {max}"),
        OptionSpec::Combo { default, vars } => {
            let choices: Vec<String> = vars
                .iter()
                .map(|v| {
                    if v == default {
                        format!("*{v}")
                    } else {
                        v.clone()
                    }
                })
                .collect();
            format!("-combo {}", choices.join(" /// "))
        }
        OptionSpec::Button => "-button".to_owned(),
        OptionSpec::String { default } => format!("-string {default}"),
    };
    format!("feature option=\"{} {}\"", quoted(name), quoted(&body))
}

/// `resign`: the engine gives up.
pub const RESIGN: &str = "resign";
/// `offer draw`: offer, accept or claim a draw.
pub const OFFER_DRAW: &str = "offer draw";

/// `Hint: <m>`: the move the engine suggests to the user.
pub fn hint_line(mv: &str) -> String {
    format!("Hint: {mv}")
}

/// `move <m>`: the engine's move.
pub fn move_line(mv: &str) -> String {
    format!("move {mv}")
}

/// `pong <n>`: the reply to `ping <n>`.
pub fn pong_line(n: &str) -> String {
    format!("pong {}", one_line(n))
}

/// `Illegal move: <m>` or `Illegal move (<reason>): <m>`.
pub fn illegal_move_line(mv: &str, reason: Option<&str>) -> String {
    match reason {
        Some(r) => format!("Illegal move ({}): {}", one_line(r), one_line(mv)),
        None => format!("Illegal move: {}", one_line(mv)),
    }
}

/// `Error (<reason>): <command>`.
pub fn error_line(reason: &str, command: &str) -> String {
    format!("Error ({}): {}", one_line(reason), one_line(command.trim()))
}

/// `# <text>`: a comment the GUI logs but does not interpret.
pub fn comment_line(text: &str) -> String {
    format!("# {}", one_line(text))
}

/// `<result> {<reason>}`, e.g. `1-0 {White mates}`.
pub fn result_line(result: GameResult, reason: &str) -> String {
    format!(
        "{} {{{}}}",
        result.as_str(),
        one_line(reason).replace('}', ")")
    )
}

/// Thinking output `ply score time nodes pv`: time in centiseconds, the
/// score by [`score_value`]; a fail-low (upper bound) PV ends in `?`, a
/// fail-high (lower bound) PV in `!`, as the spec asks.
pub fn thinking_line(info: &InfoLine) -> String {
    let mark = match info.bound {
        BoundText::Exact => "",
        BoundText::Lower => "!",
        BoundText::Upper => "?",
    };
    let mut line = format!(
        "{} {} {} {}",
        info.depth,
        score_value(info.score),
        info.time_ms / 10,
        info.nodes
    );
    if !info.pv.is_empty() || !mark.is_empty() {
        line.push(' ');
        line.push_str(&info.pv.join(" "));
        line.push_str(mark);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use XboardCommand as X;

    fn ok(line: &str) -> XboardCommand {
        match parse_xboard(line) {
            Ok(c) => c,
            Err(e) => panic!("{line}: {e}"),
        }
    }

    fn err(line: &str, needle: &str) {
        match parse_xboard(line) {
            Err(e) => assert!(e.contains(needle), "{line}: {e}"),
            Ok(c) => panic!("{line}: parsed as {c:?}"),
        }
    }

    #[test]
    fn simple_commands() {
        for (line, cmd) in [
            ("xboard", X::Xboard),
            ("new", X::New),
            ("go", X::Go),
            ("force", X::Force),
            ("playother", X::PlayOther),
            ("?", X::MoveNow),
            ("draw", X::Draw),
            ("undo", X::Undo),
            ("remove", X::Remove),
            ("hard", X::Hard),
            ("easy", X::Easy),
            ("post", X::Post),
            ("nopost", X::NoPost),
            ("analyze", X::Analyze),
            ("exit", X::Exit),
            (".", X::StatusUpdate),
            ("computer", X::Computer),
            ("random", X::Random),
            ("white", X::White),
            ("black", X::Black),
            ("hint", X::Hint),
            ("bk", X::Bk),
            (" QUIT ", X::Quit),
        ] {
            assert_eq!(ok(line), cmd, "{line}");
        }
    }

    #[test]
    fn commands_with_arguments() {
        assert_eq!(ok("protover 2"), X::Protover(2));
        assert_eq!(ok("accepted setboard"), X::Accepted("setboard".to_owned()));
        assert_eq!(ok("rejected smp"), X::Rejected("smp".to_owned()));
        assert_eq!(ok("variant xiangqi"), X::Variant("xiangqi".to_owned()));
        assert_eq!(
            ok("setboard  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -  0 1"),
            X::SetBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned())
        );
        assert_eq!(ok("usermove e2e4"), X::UserMove("e2e4".to_owned()));
        assert_eq!(ok("sd 12"), X::Sd(12));
        assert_eq!(ok("perft 4"), X::Perft(4));
        assert_eq!(ok("st 5"), X::St { ms: 5000 });
        assert_eq!(ok("st 0.25"), X::St { ms: 250 });
        assert_eq!(
            ok("time 30000"),
            X::Time {
                centiseconds: 30000
            }
        );
        assert_eq!(ok("otim -150"), X::Otim { centiseconds: -150 });
        assert_eq!(ok("ping 17"), X::Ping("17".to_owned()));
        assert_eq!(ok("memory 256"), X::Memory(256));
        assert_eq!(ok("cores 4"), X::Cores(4));
        assert_eq!(
            ok("egtpath syzygy /tb/a b"),
            X::EgtPath {
                kind: "syzygy".to_owned(),
                path: "/tb/a b".to_owned()
            }
        );
        assert_eq!(ok("name Some Body"), X::Name("Some Body".to_owned()));
        assert_eq!(
            ok("rating 2600 1500"),
            X::Rating {
                engine: 2600,
                opponent: 1500
            }
        );
        assert_eq!(
            ok("option Hash Size=64"),
            X::Option {
                name: "Hash Size".to_owned(),
                value: Some("64".to_owned())
            }
        );
        assert_eq!(
            ok("option Clear Hash"),
            X::Option {
                name: "Clear Hash".to_owned(),
                value: None
            }
        );
        assert_eq!(
            ok("option Path="),
            X::Option {
                name: "Path".to_owned(),
                value: Some(String::new())
            }
        );
    }

    #[test]
    fn level_and_result() {
        assert_eq!(
            ok("level 40 5 0"),
            X::Level {
                moves: 40,
                base_ms: 300_000,
                increment_ms: 0
            }
        );
        assert_eq!(
            ok("level 40 0:30 0"),
            X::Level {
                moves: 40,
                base_ms: 30_000,
                increment_ms: 0
            }
        );
        assert_eq!(
            ok("level 0 2 12"),
            X::Level {
                moves: 0,
                base_ms: 120_000,
                increment_ms: 12_000
            }
        );
        assert_eq!(
            ok("level 0 1:05 0.5"),
            X::Level {
                moves: 0,
                base_ms: 65_000,
                increment_ms: 500
            }
        );
        assert_eq!(
            ok("level 40 25+5 0"),
            X::Level {
                moves: 40,
                base_ms: 1_500_000,
                increment_ms: 0
            }
        );
        err("level 40 5", "3 arguments");
        err("level x 5 0", "`x`");
        err("level 40 :30 0", "`:30`");
        err("level 40 1: 0", "`1:`");
        err("level 40 5 -1", "`-1`");
        err("level 40 99999999999999999 0", "bad time");
        assert_eq!(
            ok("result 1-0 {White mates}"),
            X::Result {
                result: GameResult::WhiteWins,
                comment: Some("White mates".to_owned())
            }
        );
        assert_eq!(
            ok("result 0-1"),
            X::Result {
                result: GameResult::BlackWins,
                comment: None
            }
        );
        assert_eq!(
            ok("result 1/2-1/2 {Draw by repetition}"),
            X::Result {
                result: GameResult::Draw,
                comment: Some("Draw by repetition".to_owned())
            }
        );
        assert_eq!(
            ok("result * {}"),
            X::Result {
                result: GameResult::Unfinished,
                comment: None
            }
        );
        err("result 2-0", "`2-0`");
        err("result", "`result`");
    }

    #[test]
    fn bare_moves() {
        for m in [
            "e2e4",
            "e7e8q",
            "a0a9",
            "h9g7",
            "k10k9",
            "P@h3",
            "S@c1",
            "O-O",
            "O-O-O",
            "c4d5,d5e4",
            "@@@@",
            "d3e5b",
        ] {
            assert_eq!(ok(m), X::Move(m.to_owned()), "{m}");
        }
        for bad in [
            "e2", "e2e", "E2E4", "2e4e", "e2e4-", "P@", "P@h", "Nf3", "xyzzy",
        ] {
            err(bad, "unknown command");
        }
        err("e2e4 e7e5", "unknown command `e2e4`");
    }

    #[test]
    fn errors() {
        err("", "empty line");
        err("edit", "setboard");
        err("protover", "`protover`");
        err("protover two", "`two`");
        err("setboard", "`setboard`");
        err("usermove", "`usermove`");
        err("time abc", "`abc`");
        err("st", "`st`");
        err("st 1.2.3", "`1.2.3`");
        err("st .", "`.`");
        err("sd -1", "`-1`");
        err("memory 1e9", "`1e9`");
        err("egtpath syzygy", "`egtpath`");
        err("rating 2600", "`rating` needs");
        err("option =5", "name");
        err("ping", "`ping`");
        err("pause", "unknown command `pause`");
    }

    #[test]
    fn formatting() {
        assert_eq!(
            feature_lines("timur 0.1", &["normal", "xiangqi"], &["memory", "smp"], &[], &[]),
            ["feature myname=\"timur 0.1\" variants=\"normal,xiangqi\" setboard=1 usermove=1 ping=1 sigint=0 sigterm=0 colors=0 analyze=1 memory=1 smp=1 done=1"]
        );
        let lines = feature_lines(
            "a\"b",
            &["normal"],
            &["memory", "smp"],
            &["syzygy"],
            &[
                ("Ponder", OptionSpec::Check { default: true }),
                (
                    "Threads",
                    OptionSpec::Spin {
                        default: 1,
                        min: 1,
                        max: 256,
                    },
                ),
                (
                    "Variant",
                    OptionSpec::Combo {
                        default: "b".to_owned(),
                        vars: vec!["a".to_owned(), "b".to_owned()],
                    },
                ),
                ("Clear Hash", OptionSpec::Button),
                (
                    "Book",
                    OptionSpec::String {
                        default: "x.bin".to_owned(),
                    },
                ),
            ],
        );
        assert_eq!(
            lines,
            [
                "feature myname=\"a'b\" variants=\"normal\" setboard=1 usermove=1 ping=1 sigint=0 sigterm=0 colors=0 analyze=1 memory=1 smp=1 egt=\"syzygy\"",
                "feature option=\"Ponder -check 1\"",
                "feature option=\"Threads -spin 1 1 256\"",
                "feature option=\"Variant -combo a /// *b\"",
                "feature option=\"Clear Hash -button\"",
                "feature option=\"Book -string x.bin\"",
                "feature done=1",
            ]
        );
        assert_eq!(move_line("e2e4"), "move e2e4");
        assert_eq!(pong_line("7"), "pong 7");
        assert_eq!(illegal_move_line("e2e5", None), "Illegal move: e2e5");
        assert_eq!(
            illegal_move_line("e1g1", Some("in check")),
            "Illegal move (in check): e1g1"
        );
        assert_eq!(
            error_line("unknown command", "foo bar "),
            "Error (unknown command): foo bar"
        );
        assert_eq!(comment_line("a\nb"), "# a b");
        assert_eq!(
            result_line(GameResult::WhiteWins, "White mates"),
            "1-0 {White mates}"
        );
        assert_eq!(
            result_line(GameResult::Draw, "Stalemate"),
            "1/2-1/2 {Stalemate}"
        );
        assert_eq!(result_line(GameResult::BlackWins, "a}b"), "0-1 {a)b}");
        assert_eq!((RESIGN, OFFER_DRAW), ("resign", "offer draw"));
        let mut info = InfoLine {
            depth: 9,
            seldepth: 12,
            multipv: 1,
            score: ScoreText::Cp(156),
            bound: BoundText::Exact,
            nodes: 48000,
            nps: 1,
            hashfull: 0,
            tbhits: 0,
            time_ms: 10845,
            pv: ["g1f3", "b8c6"].map(String::from).to_vec(),
            wdl: None,
        };
        assert_eq!(thinking_line(&info), "9 156 1084 48000 g1f3 b8c6");
        info.score = ScoreText::Mate(3);
        info.bound = BoundText::Upper;
        assert_eq!(thinking_line(&info), "9 100003 1084 48000 g1f3 b8c6?");
        info.score = ScoreText::Mate(-2);
        info.bound = BoundText::Lower;
        assert_eq!(thinking_line(&info), "9 -100002 1084 48000 g1f3 b8c6!");
        info.pv.clear();
        assert_eq!(thinking_line(&info), "9 -100002 1084 48000 !");
        info.bound = BoundText::Exact;
        assert_eq!(thinking_line(&info), "9 -100002 1084 48000");
        assert_eq!(score_value(ScoreText::Mate(0)), -100000);
        assert_eq!(score_value(ScoreText::Mate(i32::MAX)), i32::MAX);
        assert_eq!(score_value(ScoreText::Mate(i32::MIN)), i32::MIN);
    }
}
