//! `timur` against `timur` through `timur match`: every variant this build
//! plays, node-limited; the PGN must replay legally under timur's rules and
//! every result must agree with its reason.

use std::path::PathBuf;
use std::process::Command;
use timur::engine::{AnyGame, GameState, VariantKind};
use timur::matches::openings::canonical_notation;
use timur::matches::{run, EngineSpec, MatchConfig, OpeningSource, Protocol, SearchLimits};
use timur::with_game;

const TIMUR: &str = env!("CARGO_BIN_EXE_timur");

fn timur(name: &str) -> EngineSpec {
    EngineSpec {
        cmd: PathBuf::from(TIMUR),
        args: Vec::new(),
        protocol: Protocol::Uci,
        name: Some(name.to_string()),
        options: Vec::new(),
        ranks_from_one: false,
        plays: None,
        tc: None,
        nodes: None,
    }
}

/// One game of a PGN file: its tags and its moves.
struct PgnGame {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    comment: String,
}

impl PgnGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

fn parse_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut current = PgnGame {
        tags: Vec::new(),
        moves: Vec::new(),
        comment: String::new(),
    };
    let mut movetext = String::new();
    let finish = |current: &mut PgnGame, movetext: &mut String| {
        // Comments may hold spaces: take them out first.
        let mut plain = String::new();
        let mut rest = movetext.as_str();
        while let Some((before, after)) = rest.split_once('{') {
            plain += before;
            let (comment, tail) = after.split_once('}').unwrap();
            if comment != "book" {
                current.comment = comment.to_string();
            }
            rest = tail;
        }
        plain += rest;
        current.moves = plain
            .split_whitespace()
            .filter(|w| !w.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(w))
            .map(String::from)
            .collect();
        movetext.clear();
        std::mem::replace(
            current,
            PgnGame {
                tags: Vec::new(),
                moves: Vec::new(),
                comment: String::new(),
            },
        )
    };
    for line in text.lines() {
        if let Some(tag) = line.strip_prefix('[') {
            if !movetext.trim().is_empty() {
                games.push(finish(&mut current, &mut movetext));
            }
            let (name, value) = tag.split_once(' ').unwrap();
            let value = value.trim_end_matches(']').trim_matches('"');
            current.tags.push((name.to_string(), value.to_string()));
        } else {
            movetext += line;
            movetext.push(' ');
        }
    }
    if !movetext.trim().is_empty() {
        games.push(finish(&mut current, &mut movetext));
    }
    games
}

/// Replays a PGN game with timur's rules and checks its result against its
/// reason.
fn check_game(kind: VariantKind, game: &PgnGame, max_plies: usize) {
    let start = match game.tag("FEN") {
        Some(fen) => AnyGame::from_fen(kind, fen).unwrap(),
        None => AnyGame::start(kind),
    };
    let result = game.tag("Result").unwrap();
    let notation = canonical_notation(kind);
    with_game!(start, state => {
        let mut state: GameState<_> = state;
        for (i, mv) in game.moves.iter().enumerate() {
            assert!(state.verdict().is_none(), "game over before move {} `{mv}`", i + 1);
            state
                .play_text(mv, notation)
                .unwrap_or_else(|why| panic!("move {} `{mv}` does not replay: {why}", i + 1));
        }
        assert_eq!(game.tag("PlyCount").unwrap(), game.moves.len().to_string());
        match state.verdict() {
            Some(verdict) => {
                assert_eq!(verdict.to_string(), game.comment, "the referee's reason");
                assert_eq!(result, verdict.result_text(), "{}", game.comment);
                assert_eq!(game.tag("Termination"), Some("normal"));
            }
            None => {
                assert!(game.comment.starts_with("Ply limit"), "unexplained end: {}", game.comment);
                assert_eq!(game.moves.len(), max_plies);
                assert_eq!(result, "1/2-1/2");
                assert_eq!(game.tag("Termination"), Some("adjudication"));
            }
        }
        // Their rules have no repetition end (shared/rules).
        if matches!(kind, VariantKind::Tamerlane | VariantKind::Jasir | VariantKind::Jarmo) {
            assert!(!game.comment.contains("repetition"), "{kind}: {}", game.comment);
        }
    });
}

#[test]
fn timur_plays_itself_in_every_variant() {
    let kinds: Vec<VariantKind> = VariantKind::ALL.to_vec();
    assert!(kinds.contains(&VariantKind::Chess) && kinds.contains(&VariantKind::Chess960));
    let dir = std::env::temp_dir().join(format!("timur-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for kind in kinds {
        let pgn = dir.join(format!("{kind}.pgn"));
        let _ = std::fs::remove_file(&pgn);
        let limits = SearchLimits {
            nodes: Some(2000),
            ..SearchLimits::default()
        };
        let mut config = MatchConfig::new(vec![timur("one"), timur("two")], kind, limits);
        config.games = 2;
        config.concurrency = 2;
        config.max_plies = 200;
        config.openings = OpeningSource::Random(4);
        config.seed = 7;
        config.pgn = Some(pgn.clone());
        let report = run(&config).unwrap();
        assert_eq!(report.games.len(), 2, "{kind}");
        assert_eq!(report.names, vec!["one", "two"]);
        // Both colours of the same opening.
        assert_eq!((report.games[0].white, report.games[1].white), (0, 1));
        assert_eq!(report.games[0].moves[..4], report.games[1].moves[..4]);
        let text = std::fs::read_to_string(&pgn).unwrap();
        let games = parse_pgn(&text);
        assert_eq!(games.len(), 2, "{kind}: {text}");
        for game in &games {
            if kind != VariantKind::Chess {
                assert_eq!(game.tag("Variant"), Some(kind.name()));
            }
            check_game(kind, game, config.max_plies as usize);
        }
        assert!(report.table.contains("one") && report.table.contains("two"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_line_runs_a_match() {
    let output = Command::new(TIMUR)
        .args([
            "match",
            "--engine",
            &format!("cmd={TIMUR}"),
            "name=left",
            "--engine",
            &format!("cmd={TIMUR}"),
            "--variant",
            "chess960",
            "--nodes",
            "500",
            "--games",
            "2",
            "--max-plies",
            "30",
            "--seed",
            "3",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("game 1/2: left vs timur"), "{stdout}");
    assert!(stdout.contains("game 2/2: timur"), "{stdout}");
    assert!(stdout.contains("Elo ± 95%"), "{stdout}");
    assert!(
        stderr.contains("Engine"),
        "the table so far goes to stderr: {stderr}"
    );
    let bad = Command::new(TIMUR)
        .args([
            "match",
            "--engine",
            "cmd=/nonexistent/engine",
            "--engine",
            &format!("cmd={TIMUR}"),
            "--nodes",
            "10",
        ])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("/nonexistent/engine"));
}
