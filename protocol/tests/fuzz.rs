//! Property tests for the three parsers: on any input they return, never
//! panic; errors are non-empty messages; results are well formed; and the
//! result depends only on the tokens, not on how they are spaced.
//!
//! Each parser gets 20,000 cases: 5,000 arbitrary Unicode strings, 5,000
//! printable-ASCII strings, 7,000 token soups of the dialect's keywords,
//! numbers (including huge ones), move-like and non-ASCII tokens, and 3,000
//! mutated lines of real input.

use proptest::prelude::*;
use proptest::sample::select;
use timur_protocol::{parse_ucci, parse_uci, parse_xboard, UcciCommand, UciCommand, XboardCommand};

const UCI_WORDS: &[&str] = &[
    "uci",
    "debug",
    "on",
    "off",
    "isready",
    "setoption",
    "name",
    "value",
    "register",
    "later",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
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
    "stop",
    "ponderhit",
    "quit",
    "d",
    "Hash",
    "Clear",
    "UCI_Variant",
    "GO",
    "Position",
];
const UCCI_WORDS: &[&str] = &[
    "ucci",
    "isready",
    "setoption",
    "usemillisec",
    "hashsize",
    "newgame",
    "true",
    "position",
    "startpos",
    "fen",
    "moves",
    "banmoves",
    "go",
    "ponder",
    "draw",
    "depth",
    "infinite",
    "nodes",
    "time",
    "movestogo",
    "increment",
    "opptime",
    "oppmovestogo",
    "oppincrement",
    "ponderhit",
    "stop",
    "probe",
    "quit",
    "w",
    "b",
    "-",
];
const XBOARD_WORDS: &[&str] = &[
    "xboard",
    "protover",
    "accepted",
    "rejected",
    "new",
    "variant",
    "setboard",
    "usermove",
    "go",
    "force",
    "playother",
    "level",
    "st",
    "sd",
    "time",
    "otim",
    "?",
    "ping",
    "draw",
    "result",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "nopost",
    "analyze",
    "exit",
    ".",
    "memory",
    "cores",
    "egtpath",
    "name",
    "rating",
    "computer",
    "random",
    "white",
    "black",
    "hint",
    "bk",
    "option",
    "quit",
    "edit",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "{White",
    "mates}",
    "=",
    "Hash=16",
    "O-O",
    "O-O-O",
    "P@h3",
    "@@@@",
    "0:30",
    "1:",
    ":5",
    "0.5",
    "25+5",
];

const UCI_LINES: &str = include_str!("data/uci_corpus.txt");
const UCCI_LINES: &[&str] = &[
    "ucci",
    "setoption usemillisec true",
    "setoption hashsize 64",
    "setoption newgame",
    "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h9g7",
    "position startpos moves b0c2 b9c7",
    "banmoves h6i4 h0g2",
    "go depth 10",
    "go ponder time 295000 increment 0",
    "go draw time 300 movestogo 40 opptime 280 oppmovestogo 39",
    "go nodes 5000000",
    "go infinite",
    "ponderhit draw",
    "probe fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    "stop",
    "quit",
];
const XBOARD_LINES: &[&str] = &[
    "xboard",
    "protover 2",
    "accepted setboard",
    "new",
    "variant xiangqi",
    "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "usermove e2e4",
    "e7e5",
    "level 40 0:30 0",
    "level 0 2 12",
    "st 5",
    "sd 12",
    "time 30000",
    "otim 29000",
    "ping 7",
    "result 1-0 {White mates}",
    "option Hash=64",
    "egtpath syzygy /tb",
    "rating 2600 1500",
    "memory 256",
    "cores 2",
];

/// One token: a keyword, a number (possibly far out of range), a move-like
/// token, or arbitrary (often non-ASCII) text.
fn token(words: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop_oneof![
        4 => select(words).prop_map(str::to_owned),
        2 => any::<i64>().prop_map(|n| n.to_string()),
        1 => "[0-9]{10,40}",
        1 => "-?[0-9]{1,3}",
        2 => "[a-k][0-9]{1,2}[a-k][0-9]{1,2}[qrnbk]?",
        1 => "[A-Z]@[a-h][1-8]",
        1 => "\\PC{1,6}",
        1 => "[a-zA-Z0-9/:.{}=*?@+-]{1,8}",
    ]
}

/// A line of tokens with random blanks between them.
fn soup(words: &'static [&'static str]) -> impl Strategy<Value = String> {
    (
        select(words),
        prop::collection::vec(
            (token(words), select(&[" ", "  ", "\t", " \t "][..])),
            0..12,
        ),
    )
        .prop_map(|(first, rest)| {
            let mut line = first.to_owned();
            for (t, sep) in rest {
                line.push_str(sep);
                line.push_str(&t);
            }
            line
        })
}

/// A real line with one edit: cut, insert, replace or duplicate a span.
fn mutated(lines: Vec<&'static str>) -> impl Strategy<Value = String> {
    (
        select(lines),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        0..4u8,
        "\\PC{0,4}",
    )
        .prop_map(|(line, a, b, op, text)| {
            let mut chars: Vec<char> = line.chars().collect();
            let (mut i, mut j) = (a.index(chars.len() + 1), b.index(chars.len() + 1));
            if i > j {
                std::mem::swap(&mut i, &mut j);
            }
            match op {
                0 => {
                    chars.drain(i..j);
                }
                1 => {
                    chars.splice(i..i, text.chars());
                }
                2 => {
                    chars.splice(i..j, text.chars());
                }
                _ => {
                    let span: Vec<char> = chars[i..j].to_vec();
                    chars.splice(j..j, span);
                }
            }
            chars.into_iter().collect()
        })
}

fn corpus_lines() -> Vec<&'static str> {
    UCI_LINES
        .lines()
        .filter(|l| !l.starts_with("##") && !l.is_empty())
        .collect()
}

/// The same tokens, each blank run replaced by one space.
fn respaced(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn no_blank(text: &str) -> bool {
    !text.is_empty() && !text.contains(char::is_whitespace)
}

fn single_spaced(text: &str) -> bool {
    !text.is_empty() && respaced(text) == text
}

fn check_uci(line: &str) -> Result<(), TestCaseError> {
    let result = parse_uci(line);
    match &result {
        Err(e) => prop_assert!(!e.is_empty()),
        Ok(UciCommand::SetOption { name, value }) => {
            prop_assert!(single_spaced(name));
            if let Some(v) = value {
                prop_assert!(v.is_empty() || single_spaced(v));
            }
        }
        Ok(UciCommand::Position { fen, moves }) => {
            if let Some(f) = fen {
                prop_assert!(
                    single_spaced(f) && !f.split(' ').any(|t| t.eq_ignore_ascii_case("moves"))
                );
            }
            prop_assert!(moves.iter().all(|m| no_blank(m)));
        }
        Ok(UciCommand::Go(g)) => prop_assert!(g.searchmoves.iter().all(|m| no_blank(m))),
        Ok(_) => {}
    }
    prop_assert_eq!(&parse_uci(&respaced(line)), &result);
    Ok(())
}

fn check_ucci(line: &str) -> Result<(), TestCaseError> {
    let result = parse_ucci(line);
    match &result {
        Err(e) => prop_assert!(!e.is_empty()),
        Ok(UcciCommand::SetOption { name, value }) => {
            prop_assert!(no_blank(name));
            if let Some(v) = value {
                prop_assert!(single_spaced(v));
            }
        }
        Ok(UcciCommand::Position { fen, moves } | UcciCommand::Probe { fen, moves }) => {
            if let Some(f) = fen {
                prop_assert!(single_spaced(f));
            }
            prop_assert!(moves.iter().all(|m| no_blank(m)));
        }
        Ok(UcciCommand::BanMoves(moves)) => prop_assert!(moves.iter().all(|m| no_blank(m))),
        Ok(_) => {}
    }
    prop_assert_eq!(&parse_ucci(&respaced(line)), &result);
    Ok(())
}

fn check_xboard(line: &str) -> Result<(), TestCaseError> {
    let result = parse_xboard(line);
    match &result {
        Err(e) => prop_assert!(!e.is_empty()),
        Ok(XboardCommand::Move(m) | XboardCommand::UserMove(m)) => prop_assert!(!m.is_empty()),
        Ok(XboardCommand::SetBoard(f)) => prop_assert!(single_spaced(f)),
        Ok(XboardCommand::Level {
            base_ms,
            increment_ms,
            ..
        }) => {
            prop_assert!(*base_ms >= 0 && *increment_ms >= 0)
        }
        Ok(XboardCommand::St { ms }) => prop_assert!(*ms >= 0),
        Ok(XboardCommand::Option { name, .. }) => prop_assert!(!name.is_empty()),
        Ok(_) => {}
    }
    prop_assert_eq!(&parse_xboard(&respaced(line)), &result);
    Ok(())
}

macro_rules! fuzz {
    ($name:ident, $check:ident, $cases:expr, $strategy:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: $cases, failure_persistence: None, ..ProptestConfig::default() })]
            #[test]
            fn $name(line in $strategy) {
                $check(&line)?;
            }
        }
    };
}

fuzz!(uci_unicode, check_uci, 5_000, any::<String>());
fuzz!(uci_ascii, check_uci, 5_000, "[ -~\t]{0,80}");
fuzz!(uci_token_soup, check_uci, 7_000, soup(UCI_WORDS));
fuzz!(uci_mutated, check_uci, 3_000, mutated(corpus_lines()));

fuzz!(ucci_unicode, check_ucci, 5_000, any::<String>());
fuzz!(ucci_ascii, check_ucci, 5_000, "[ -~\t]{0,80}");
fuzz!(ucci_token_soup, check_ucci, 7_000, soup(UCCI_WORDS));
fuzz!(
    ucci_mutated,
    check_ucci,
    3_000,
    mutated(UCCI_LINES.to_vec())
);

fuzz!(xboard_unicode, check_xboard, 5_000, any::<String>());
fuzz!(xboard_ascii, check_xboard, 5_000, "[ -~\t]{0,80}");
fuzz!(xboard_token_soup, check_xboard, 7_000, soup(XBOARD_WORDS));
fuzz!(
    xboard_mutated,
    check_xboard,
    3_000,
    mutated(XBOARD_LINES.to_vec())
);
