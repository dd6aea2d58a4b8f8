//! Differential test: every line of `tests/data/uci_corpus.txt` (orthodox
//! chess UCI as GUIs send it, plus edge cases) is parsed by our `parse_uci`
//! and by vampirc-uci 0.11's `parse_one`, and the two must agree field by
//! field. Where they do not, the line must fall under one of the documented
//! [`Reason`]s, each checked by a predicate on the line (not a list of
//! lines); anything else fails the test.

use std::panic;

use timur_protocol::{parse_uci, GoParams, UciCommand};
use vampirc_uci::{parse_one, UciMessage, UciMove, UciSearchControl, UciTimeControl};

/// Why vampirc-uci may legitimately differ from us on a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Reason {
    /// `d`, `eval`, `bench` and `go perft N` are Stockfish extensions
    /// vampirc does not know.
    NotInVampirc,
    /// vampirc's grammar (res/uci.pest) takes only 6-field FENs with 8 ranks,
    /// `KQkq`/`-` castling and 1–4 digit counters; we take any tokens
    /// (EPD-style 4-field FENs, Shredder-FEN `HAha`, other games' FENs).
    FenOutsideGrammar,
    /// vampirc's moves are `[a-h][1-8][a-h][1-8][qrnb]?`; we keep any token
    /// (the engine's move parser decides), so `e7e8k` or `a10a9` differ.
    MoveOutsideGrammar,
    /// `moves` / `searchmoves` with nothing after: vampirc wants at least one
    /// move; we give an empty list (= no moves / no restriction).
    EmptyMoveList,
    /// vampirc accepts exactly one blank between `moves` and the first move;
    /// we accept any run of blanks, as the UCI spec says.
    SpacingAfterMoves,
    /// `setoption name X value` with nothing after `value`: vampirc rejects
    /// it, we give `Some("")` (an empty string option).
    EmptyOptionValue,
    /// vampirc caps times and nodes at 12 digits and depth/mate/movestogo at
    /// 3 digits; we take anything that fits i64/u64/u32.
    NumberRange,
    /// vampirc panics (it `unwrap`s `u8::parse`) on a 3-digit
    /// depth/mate/movestogo above 255; we take it as u32.
    VampircPanics,
    /// vampirc panics (`unreachable!` on its `EOI` pair) on a `go` line that
    /// ends in blanks, e.g. `go ` or `go depth 5 `; we ignore the blanks.
    VampircPanicsOnTrailingBlank,
    /// vampirc's one-line rule has no end-of-input anchor, so it returns what
    /// a prefix of the line means and ignores the rest; we reject the line
    /// and name the bad token. Checked: some token prefix of the line
    /// parses, with our parser, to what vampirc returned.
    PrefixOnly,
    /// vampirc's `isready`, `ucinewgame` and `ponderhit` rules have no word
    /// boundary, so `isreadyx` is `isready` to it; to us it is unknown.
    NoWordBoundary,
    /// A `go` vampirc rejects (a bad token, an out-of-range number): we
    /// never reject a `go`, since a GUI waits for its `bestmove`; we skip
    /// or clamp what is wrong and say so in `notes`.
    RepairedGo,
    /// `register` without `later` or `name … code …`: vampirc rejects it, we
    /// accept any `register` (the engine needs no registration).
    RegisterArguments,
}

fn norm(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// vampirc lowercases promotion letters; we keep the text, so moves are
/// compared without regard to case.
fn same_moves(ours: &[String], theirs: &[UciMove]) -> bool {
    ours.len() == theirs.len()
        && ours
            .iter()
            .zip(theirs)
            .all(|(a, b)| a.eq_ignore_ascii_case(&b.to_string()))
}

/// The last of `ponder`, `infinite`, `movetime` in the line: vampirc keeps
/// only one of these time-control kinds, the last one it saw.
fn last_kind(line: &str) -> Option<String> {
    line.split_whitespace()
        .map(str::to_ascii_lowercase)
        .rfind(|t| matches!(t.as_str(), "ponder" | "infinite" | "movetime"))
}

/// Compares our `go` with vampirc's. vampirc holds one time-control kind:
/// a clock (`wtime`…`movestogo`) wins over everything, otherwise the last of
/// ponder/infinite/movetime. What it drops is counted in `lossy`.
fn go_agrees(
    o: &GoParams,
    tc: &Option<UciTimeControl>,
    sc: &Option<UciSearchControl>,
    line: &str,
    lossy: &mut usize,
) -> Result<(), String> {
    if o.perft.is_some() {
        return Err("perft".to_owned());
    }
    let empty = UciSearchControl {
        search_moves: vec![],
        mate: None,
        depth: None,
        nodes: None,
    };
    let s = sc.as_ref().unwrap_or(&empty);
    if o.depth != s.depth.map(u32::from)
        || o.mate != s.mate.map(u32::from)
        || o.nodes != s.nodes
        || !same_moves(&o.searchmoves, &s.search_moves)
    {
        return Err(format!("search control: ours {o:?}, vampirc {sc:?}"));
    }
    let clock = o.wtime.is_some()
        || o.btime.is_some()
        || o.winc.is_some()
        || o.binc.is_some()
        || o.movestogo.is_some();
    let kinds = usize::from(clock)
        + usize::from(o.ponder)
        + usize::from(o.infinite)
        + usize::from(o.movetime.is_some());
    let ms = |d: &Option<vampirc_uci::Duration>| d.map(|d| d.num_milliseconds());
    let last = last_kind(line);
    let ok = match tc {
        None => kinds == 0,
        Some(UciTimeControl::TimeLeft {
            white_time,
            black_time,
            white_increment,
            black_increment,
            moves_to_go,
        }) => {
            clock
                && o.wtime == ms(white_time)
                && o.btime == ms(black_time)
                && o.winc == ms(white_increment)
                && o.binc == ms(black_increment)
                && o.movestogo == moves_to_go.map(u32::from)
        }
        Some(UciTimeControl::Ponder) => !clock && o.ponder && last.as_deref() == Some("ponder"),
        Some(UciTimeControl::Infinite) => {
            !clock && o.infinite && last.as_deref() == Some("infinite")
        }
        Some(UciTimeControl::MoveTime(d)) => {
            !clock
                && o.movetime == Some(d.num_milliseconds())
                && last.as_deref() == Some("movetime")
        }
    };
    if !ok {
        return Err(format!("time control: ours {o:?}, vampirc {tc:?}"));
    }
    if kinds > 1 {
        *lossy += 1;
    }
    Ok(())
}

/// Ok if our command and vampirc's message mean the same.
fn agrees(
    ours: &UciCommand,
    theirs: &UciMessage,
    line: &str,
    lossy: &mut usize,
) -> Result<(), String> {
    let same = match (ours, theirs) {
        (UciCommand::Uci, UciMessage::Uci)
        | (UciCommand::IsReady, UciMessage::IsReady)
        | (UciCommand::UciNewGame, UciMessage::UciNewGame)
        | (UciCommand::Stop, UciMessage::Stop)
        | (UciCommand::PonderHit, UciMessage::PonderHit)
        | (UciCommand::Quit, UciMessage::Quit)
        | (UciCommand::Register, UciMessage::Register { .. }) => true,
        (UciCommand::Debug(a), UciMessage::Debug(b)) => a == b,
        (UciCommand::SetOption { name, value }, UciMessage::SetOption { name: n, value: v }) => {
            norm(name) == norm(n) && value.as_deref().map(norm) == v.as_deref().map(norm)
        }
        (
            UciCommand::Position { fen, moves },
            UciMessage::Position {
                startpos,
                fen: f,
                moves: m,
            },
        ) => {
            let fen_same = match (fen, f) {
                (None, None) => *startpos,
                (Some(a), Some(b)) => !startpos && norm(a) == norm(b.as_str()),
                _ => false,
            };
            fen_same && same_moves(moves, m)
        }
        (
            UciCommand::Go(o),
            UciMessage::Go {
                time_control,
                search_control,
            },
        ) => return go_agrees(o, time_control, search_control, line, lossy),
        _ => false,
    };
    if same {
        Ok(())
    } else {
        Err(format!("ours {ours:?}, vampirc {theirs:?}"))
    }
}

fn is_unknown(m: &UciMessage) -> bool {
    matches!(m, UciMessage::Unknown(..))
}

fn vampirc_rejects_fen(fen: &str) -> bool {
    match parse_one(&format!("position fen {fen}")) {
        UciMessage::Position { fen: Some(f), .. } => norm(f.as_str()) != norm(fen),
        _ => true,
    }
}

fn vampirc_rejects_move(mv: &str) -> bool {
    match parse_one(&format!("position startpos moves {mv}")) {
        UciMessage::Position { moves, .. } => !same_moves(&[mv.to_owned()], &moves),
        _ => true,
    }
}

fn keyword_values<'a>(line: &'a str, keys: &[&str]) -> Vec<&'a str> {
    let t: Vec<&str> = line.split_whitespace().collect();
    t.windows(2)
        .filter(|w| keys.iter().any(|k| w[0].eq_ignore_ascii_case(k)))
        .map(|w| w[1])
        .collect()
}

fn digits(token: &str) -> usize {
    token.trim_start_matches(['+', '-']).len()
}

/// `moves` (not `searchmoves`) followed by two or more blanks.
fn wide_space_after_moves(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.match_indices("moves").any(|(at, _)| {
        let before_ok = at == 0 || !lower.as_bytes()[at - 1].is_ascii_alphabetic();
        let blanks = lower[at + 5..]
            .bytes()
            .take_while(|b| *b == b' ' || *b == b'\t')
            .count();
        before_ok && blanks >= 2
    })
}

/// The documented reason this line may differ, if one applies.
fn explain(
    line: &str,
    ours: &Result<UciCommand, String>,
    theirs: Option<&UciMessage>,
) -> Option<Reason> {
    let lower_first = line
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let Some(theirs) = theirs else {
        let big = keyword_values(line, &["depth", "mate", "movestogo"])
            .iter()
            .any(|v| v.parse::<u32>().is_ok_and(|n| (256..=999).contains(&n)));
        if big {
            return Some(Reason::VampircPanics);
        }
        let trailing_blank = line.ends_with(char::is_whitespace);
        return (matches!(ours, Ok(UciCommand::Go(_))) && trailing_blank)
            .then_some(Reason::VampircPanicsOnTrailingBlank);
    };
    match ours {
        Ok(UciCommand::Display | UciCommand::Eval | UciCommand::Bench) => {
            Some(Reason::NotInVampirc)
        }
        Ok(UciCommand::Go(g)) if !g.notes.is_empty() && is_unknown(theirs) => {
            Some(Reason::RepairedGo)
        }
        Ok(UciCommand::Go(g)) if g.perft.is_some() => Some(Reason::NotInVampirc),
        Ok(UciCommand::Register) if is_unknown(theirs) => Some(Reason::RegisterArguments),
        Ok(UciCommand::SetOption { value: Some(v), .. }) if v.is_empty() => {
            Some(Reason::EmptyOptionValue)
        }
        Ok(UciCommand::Position { fen: Some(f), .. }) if vampirc_rejects_fen(f) => {
            Some(Reason::FenOutsideGrammar)
        }
        Ok(UciCommand::Position { moves, .. }) if moves.iter().any(|m| vampirc_rejects_move(m)) => {
            Some(Reason::MoveOutsideGrammar)
        }
        Ok(UciCommand::Go(g)) if g.searchmoves.iter().any(|m| vampirc_rejects_move(m)) => {
            Some(Reason::MoveOutsideGrammar)
        }
        Ok(UciCommand::Position { moves, .. })
            if moves.is_empty()
                && line
                    .split_whitespace()
                    .any(|t| t.eq_ignore_ascii_case("moves")) =>
        {
            Some(Reason::EmptyMoveList)
        }
        Ok(UciCommand::Go(g))
            if g.searchmoves.is_empty()
                && line
                    .split_whitespace()
                    .any(|t| t.eq_ignore_ascii_case("searchmoves")) =>
        {
            Some(Reason::EmptyMoveList)
        }
        Ok(UciCommand::Position { .. }) if wide_space_after_moves(line) => {
            Some(Reason::SpacingAfterMoves)
        }
        Ok(UciCommand::Go(_))
            if keyword_values(
                line,
                &["wtime", "btime", "winc", "binc", "movetime", "nodes"],
            )
            .iter()
            .any(|v| digits(v) > 12)
                || keyword_values(line, &["depth", "mate", "movestogo"])
                    .iter()
                    .any(|v| digits(v) > 3) =>
        {
            Some(Reason::NumberRange)
        }
        Err(e)
            if e.starts_with("unknown command")
                && ["isready", "ucinewgame", "ponderhit"]
                    .iter()
                    .any(|k| lower_first.starts_with(k)) =>
        {
            Some(Reason::NoWordBoundary)
        }
        Err(_) if !is_unknown(theirs) => {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            (1..tokens.len())
                .any(|k| {
                    parse_uci(&tokens[..k].join(" "))
                        .is_ok_and(|p| agrees(&p, theirs, line, &mut 0).is_ok())
                })
                .then_some(Reason::PrefixOnly)
        }
        _ => None,
    }
}

#[test]
fn corpus_agrees_with_vampirc() {
    let corpus = include_str!("data/uci_corpus.txt");
    let lines: Vec<&str> = corpus
        .lines()
        .filter(|l| !l.starts_with("##") && !l.trim().is_empty())
        .collect();
    assert!(lines.len() >= 250, "corpus has only {} lines", lines.len());

    // vampirc panics on some lines (see Reason::VampircPanics): silence the
    // panic message while we catch it.
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let results: Vec<_> = lines
        .iter()
        .map(|line| panic::catch_unwind(|| parse_one(line)).ok())
        .collect();
    panic::set_hook(hook);

    let (mut agreed, mut both_reject, mut lossy) = (0, 0, 0);
    let mut reasons = std::collections::BTreeMap::new();
    let mut failures = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (line, theirs) in lines.iter().zip(&results) {
        let ours = parse_uci(line);
        if let Ok(cmd) = &ours {
            seen.insert(std::mem::discriminant(cmd));
        }
        match (&ours, theirs) {
            (Ok(o), Some(t)) if agrees(o, t, line, &mut lossy).is_ok() => agreed += 1,
            (Err(e), Some(t)) if is_unknown(t) => {
                assert!(!e.is_empty());
                both_reject += 1;
            }
            _ => match explain(line, &ours, theirs.as_ref()) {
                Some(reason) => {
                    // Where vampirc gives up, ours must still give a sensible
                    // answer: a command, or an error naming a token.
                    if let Err(e) = &ours {
                        assert!(e.contains('`'), "{line:?}: error names no token: {e}");
                    }
                    println!("{reason:?}: {line:?} -> {ours:?}");
                    *reasons.entry(reason).or_insert(0) += 1;
                }
                None => {
                    let detail = match (&ours, theirs) {
                        (Ok(o), Some(t)) => agrees(o, t, line, &mut 0).err(),
                        _ => None,
                    };
                    failures.push(format!(
                        "{line:?}\n    ours:    {ours:?}\n    vampirc: {theirs:?}\n    {detail:?}"
                    ));
                }
            },
        }
    }
    println!(
        "{} lines: {agreed} agree ({lossy} where vampirc keeps one of several time-control kinds), \
         {both_reject} rejected by both, documented differences: {reasons:?}",
        lines.len()
    );
    assert!(
        failures.is_empty(),
        "disagreements:\n{}",
        failures.join("\n")
    );
    // Every command kind appears in the corpus.
    assert_eq!(
        seen.len(),
        14,
        "the corpus must cover every UciCommand variant"
    );
    assert!(agreed >= 200, "only {agreed} lines agree");
}

#[test]
fn explanations_are_not_vacuous() {
    // A real disagreement must not be explained away.
    let line = "go depth 5";
    let wrong = Ok(UciCommand::Go(GoParams {
        depth: Some(6),
        ..GoParams::default()
    }));
    let theirs = parse_one(line);
    assert!(agrees(wrong.as_ref().unwrap(), &theirs, line, &mut 0).is_err());
    assert_eq!(explain(line, &wrong, Some(&theirs)), None);
    // And ours rejecting a line vampirc fully accepts is not explained either.
    let line = "position startpos moves e2e4";
    let theirs = parse_one(line);
    assert_eq!(explain(line, &Err("x".to_owned()), Some(&theirs)), None);
}
