//! A clock per engine (`--engine … tc=`) through the real command line:
//! timur against itself in xiangqi over UCI and UCCI (XBoard's `level` is
//! checked in `match_fakes.rs`: timur's XBoard handshake can miss the
//! protocol's two seconds on a loaded machine), each engine told its own and
//! its opponent's clock, the PGN with the right time control tags and every
//! move's `[%clk]` within its own engine's budget.

use std::collections::HashMap;
use std::process::Command;
use std::time::Duration;
use timur::matches::TimeControl;
use timur::pgn_clock;

const TIMUR: &str = env!("CARGO_BIN_EXE_timur");

/// One game: its tags and, per move, the `[%clk]` value after it (if any).
struct Game {
    tags: HashMap<String, String>,
    clocks: Vec<Option<Duration>>,
}

/// Reads the PGN `timur match` writes: tags, then move text whose comments
/// have no spaces unless they are the end's reason.
fn read_games(text: &str) -> Vec<Game> {
    let mut games = Vec::new();
    for block in text.split("\n\n[").filter(|b| !b.trim().is_empty()) {
        let (head, body) = block.split_once("\n\n").expect("tags, then moves");
        let tags = head
            .lines()
            .map(|line| {
                let inner = line.trim_start_matches('[').trim_end_matches(']');
                let (name, value) = inner.split_once(' ').unwrap();
                (name.to_string(), value.trim_matches('"').to_string())
            })
            .collect();
        // The reason comment is the last `{`…`}`; the clocks come before it.
        let mut rest = &body[..body.rfind('{').unwrap()];
        let mut clocks: Vec<Option<Duration>> = Vec::new();
        while !rest.trim().is_empty() {
            let (words, comment) = match rest.split_once('{') {
                Some((words, tail)) => {
                    let (comment, after) = tail.split_once('}').expect("a closed comment");
                    rest = after;
                    (words, Some(comment))
                }
                None => (std::mem::take(&mut rest), None),
            };
            let moves = words.split_whitespace().filter(|w| !w.ends_with('.'));
            clocks.extend(moves.map(|_| None));
            if let Some(comment) = comment {
                // A move the engine scored has its `[%eval …] ` first.
                let comment = match comment.strip_prefix("[%eval ") {
                    Some(tail) => {
                        let (eval, clock) = tail.split_once("] ").expect("an eval, then a clock");
                        let pawns = eval.strip_prefix('#').unwrap_or(eval);
                        assert!(pawns.parse::<f64>().is_ok(), "bad eval {eval}: {body}");
                        clock
                    }
                    None => comment,
                };
                let value = comment
                    .strip_prefix("[%clk ")
                    .and_then(|c| c.strip_suffix(']'))
                    .unwrap_or_else(|| panic!("unexpected comment {comment}: {body}"));
                let last = clocks.last_mut().expect("a clock follows a move");
                assert!(last.is_none(), "two clocks after one move: {body}");
                *last = Some(pgn_clock::read(value).unwrap());
            }
        }
        games.push(Game { tags, clocks });
    }
    games
}

#[test]
fn each_engine_plays_on_its_own_clock() {
    let pgn = std::env::temp_dir().join(format!("timur-match-clocks-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&pgn);
    let engine = |extra: &[&str]| {
        let mut tokens = vec!["--engine".to_string(), format!("cmd={TIMUR}")];
        tokens.extend(extra.iter().map(|t| t.to_string()));
        tokens
    };
    let output = Command::new(TIMUR)
        .arg("match")
        .args(engine(&["name=fast", "tc=2+0.05"]))
        .args(engine(&["name=slow", "proto=ucci", "tc=6+0.15"]))
        .args(engine(&["name=plain"]))
        .args(["--tc", "2+0.05", "--variant", "xiangqi", "--games", "2"])
        .args(["--max-plies", "8", "--debug", "--pgn"])
        .arg(&pgn)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    let _ = std::fs::remove_file(&pgn);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    let sent: Vec<&str> = stderr.lines().filter(|l| l.contains(" < go ")).collect();

    // Each engine is told both clocks and increments, at its first move as
    // White with both clocks full.
    for line in [
        "fast < go wtime 2000 btime 6000 winc 50 binc 150",
        "fast < go wtime 2000 btime 2000 winc 50 binc 50",
        "plain < go wtime 2000 btime 6000 winc 50 binc 150",
        "slow < go time 6000 increment 150 opptime 2000 oppincrement 50",
    ] {
        assert!(
            sent.contains(&line),
            "never sent `{line}`: {sent:#?}\n{stdout}"
        );
    }
    // As Black, its own increment is Black's.
    assert!(
        sent.iter()
            .any(|l| l.starts_with("fast < go wtime ")
                && l.ends_with(" btime 2000 winc 150 binc 50")),
        "{sent:#?}"
    );
    assert!(
        sent.iter()
            .all(|l| !l.starts_with("slow < ") || l.contains(" increment 150 ")),
        "{sent:#?}"
    );

    let own: HashMap<&str, TimeControl> =
        [("fast", "2+0.05"), ("slow", "6+0.15"), ("plain", "2+0.05")]
            .into_iter()
            .map(|(name, tc)| (name, tc.parse().unwrap()))
            .collect();
    let games = read_games(&text);
    assert_eq!(games.len(), 6, "{text}");
    let mut moves = 0;
    for game in &games {
        let tag = |name: &str| game.tags.get(name).map(String::as_str);
        let sides = [tag("White").unwrap(), tag("Black").unwrap()];
        let [white, black] = sides.map(|name| own[name]);
        if white == black {
            assert_eq!(tag("TimeControl"), Some(white.to_string().as_str()));
            assert_eq!(tag("WhiteTimeControl"), None);
        } else {
            assert_eq!(tag("TimeControl"), None);
            assert_eq!(tag("WhiteTimeControl"), Some(white.to_string().as_str()));
            assert_eq!(tag("BlackTimeControl"), Some(black.to_string().as_str()));
        }
        assert_eq!(
            tag("PlyCount"),
            Some(game.clocks.len().to_string().as_str())
        );
        // Every move carries its mover's clock, within that engine's own
        // budget: at most base + n·increment after its n-th move.
        for (ply, clock) in game.clocks.iter().enumerate() {
            let side = ply % 2;
            let tc = [white, black][side];
            let n = ply as u32 / 2 + 1;
            let clock = clock.unwrap_or_else(|| panic!("ply {ply} has no clock: {text}"));
            let budget = tc.base + tc.increment * n;
            assert!(
                clock <= budget,
                "{} after its move {n}: {clock:?} > {budget:?}",
                sides[side]
            );
            moves += 1;
        }
    }
    assert!(moves > 0, "no game had a move: {text}");
}
