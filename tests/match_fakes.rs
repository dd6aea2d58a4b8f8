//! Misbehaving engines (shell scripts in `tests/data/fake_engines/`): each
//! loses every game with the right reason, is restarted, and the match ends.

use std::path::PathBuf;
use std::time::{Duration, Instant};
use timur::engine::VariantKind;
use timur::matches::config::SprtSpec;
use timur::matches::sprt::SprtDecision;
use timur::matches::table::standings;
use timur::matches::{
    run, EngineSpec, MatchConfig, OpeningSource, Protocol, SearchLimits, Termination,
};

fn spec(cmd: PathBuf, protocol: Protocol) -> EngineSpec {
    EngineSpec {
        cmd,
        args: Vec::new(),
        protocol,
        name: None,
        options: Vec::new(),
        ranks_from_one: false,
        plays: None,
        tc: None,
        nodes: None,
    }
}

fn fake(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fake_engines")
        .join(file)
}

/// Plays timur against a fake for two games; checks the fake lost both
/// with `termination` and a reason containing `why`.
fn fake_loses(file: &str, protocol: Protocol, termination: Termination, why: &str) -> String {
    fake_loses_in(VariantKind::Chess, file, protocol, termination, why)
}

fn fake_loses_in(
    kind: VariantKind,
    file: &str,
    protocol: Protocol,
    termination: Termination,
    why: &str,
) -> String {
    let timur = spec(PathBuf::from(env!("CARGO_BIN_EXE_timur")), Protocol::Uci);
    // XBoard has no node limit: a depth limit works for every protocol.
    let limits = SearchLimits {
        depth: Some(3),
        ..SearchLimits::default()
    };
    let mut config = MatchConfig::new(vec![timur, spec(fake(file), protocol)], kind, limits);
    config.games = 2;
    config.move_timeout = Duration::from_millis(500);
    let started = Instant::now();
    let report = run(&config).unwrap();
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(report.games.len(), 2);
    for game in &report.games {
        let fake_is_white = game.white == 1;
        let expected = if fake_is_white { "0-1" } else { "1-0" };
        assert_eq!(game.result.text(), expected, "{}", game.reason);
        assert_eq!(game.termination, termination, "{}", game.reason);
        assert!(game.reason.contains(why), "{}", game.reason);
        assert!(game.reason.starts_with(&report.names[1]), "{}", game.reason);
    }
    assert_eq!(
        report.table.matches("Incidents").count(),
        usize::from(termination != Termination::Normal)
    );
    report.table
}

#[test]
fn an_illegal_move_loses_and_is_logged_with_the_position() {
    fake_loses(
        "illegal_move.sh",
        Protocol::Uci,
        Termination::IllegalMove,
        "illegal move `a1a8` in ",
    );
}

#[test]
fn garbage_instead_of_a_move_loses() {
    fake_loses(
        "garbage.sh",
        Protocol::Uci,
        Termination::IllegalMove,
        "illegal move `zz99!`",
    );
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted() {
    let table = fake_loses(
        "crash_on_go.sh",
        Protocol::Uci,
        Termination::Abandoned,
        "crashed",
    );
    assert!(table.contains("fake-crash"), "{table}");
}

#[test]
fn a_silent_engine_loses_on_time() {
    fake_loses(
        "silent_on_go.sh",
        Protocol::Uci,
        Termination::TimeForfeit,
        "lost on time",
    );
}

#[test]
fn an_xboard_engine_negotiates_and_resigns() {
    fake_loses(
        "xboard_resigns.sh",
        Protocol::Xboard,
        Termination::Normal,
        "resigns",
    );
}

#[test]
fn a_ucci_engine_without_a_move_loses() {
    fake_loses_in(
        VariantKind::Xiangqi,
        "ucci_nobestmove.sh",
        Protocol::Ucci,
        Termination::IllegalMove,
        "claimed to have no move",
    );
}

#[test]
fn three_engines_play_a_round_robin() {
    let timur = || spec(PathBuf::from(env!("CARGO_BIN_EXE_timur")), Protocol::Uci);
    let limits = SearchLimits {
        nodes: Some(300),
        ..SearchLimits::default()
    };
    let mut config = MatchConfig::new(
        vec![
            timur(),
            timur(),
            spec(fake("illegal_move.sh"), Protocol::Uci),
        ],
        VariantKind::Chess,
        limits,
    );
    config.games = 2;
    config.max_plies = 40;
    config.concurrency = 2;
    let report = run(&config).unwrap();
    assert_eq!(report.scheduled, 6);
    assert_eq!(report.games.len(), 6);
    let numbers: Vec<u32> = report.games.iter().map(|g| g.number).collect();
    assert_eq!(numbers, vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(report.names[1], format!("{} (2)", report.names[0]));
    for pair in [(0, 1), (0, 2), (1, 2)] {
        let games = report
            .games
            .iter()
            .filter(|g| (g.white.min(g.black), g.white.max(g.black)) == pair)
            .count();
        assert_eq!(games, 2, "{pair:?}");
    }
    let fake = standings(&report.names, &report.games)[2];
    assert_eq!((fake.wins, fake.draws, fake.losses), (0, 0, 4));
}

#[test]
fn a_decided_sprt_stops_the_match() {
    let timur = spec(PathBuf::from(env!("CARGO_BIN_EXE_timur")), Protocol::Uci);
    let limits = SearchLimits {
        depth: Some(1),
        ..SearchLimits::default()
    };
    let mut config = MatchConfig::new(
        vec![timur, spec(fake("garbage.sh"), Protocol::Uci)],
        VariantKind::Chess,
        limits,
    );
    config.games = 200;
    config.sprt = Some(SprtSpec {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    });
    let report = run(&config).unwrap();
    assert_eq!(report.sprt, Some(SprtDecision::H1));
    assert!(report.games.len() < 40, "{} games", report.games.len());
    assert!(
        report
            .table
            .contains("SPRT stopped the match: H1 accepted after"),
        "{}",
        report.table
    );
}

#[test]
fn openings_reach_engines_without_setboard_as_moves() {
    let log = std::env::temp_dir().join(format!("timur-xboard-log-{}", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let timur = spec(PathBuf::from(env!("CARGO_BIN_EXE_timur")), Protocol::Uci);
    let mut logger = spec(fake("xboard_logger.sh"), Protocol::Xboard);
    logger.args = vec![log.display().to_string()];
    // Its own clock: `level` and `time` are its, `otim` timur's.
    logger.tc = Some("3+0.2".parse().unwrap());
    let limits = SearchLimits {
        tc: Some("2+0.1".parse().unwrap()),
        ..SearchLimits::default()
    };
    let mut config = MatchConfig::new(vec![timur, logger], VariantKind::Chess, limits);
    config.games = 2;
    config.openings = OpeningSource::Random(2);
    let report = run(&config).unwrap();
    let opening = &report.games[0].moves[..2];
    assert_eq!(report.games[1].moves[..2], *opening);
    for game in &report.games {
        assert!(
            game.reason.contains("fake-logger resigns"),
            "{}",
            game.reason
        );
    }
    let lines: Vec<String> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let _ = std::fs::remove_file(&log);
    // Game 2: the logger is White: force, the opening as plain moves, clocks, go.
    let at = lines.iter().rposition(|l| l == "new").unwrap();
    let game: Vec<&str> = lines[at..].iter().map(String::as_str).collect();
    assert!(!game.iter().any(|l| l.starts_with("setboard")), "{game:?}");
    assert!(game.contains(&"level 0 0:03 0.2"), "{game:?}");
    let go = game.iter().position(|&l| l == "go").unwrap();
    assert_eq!(
        game[go - 4..go - 2],
        [opening[0].as_str(), opening[1].as_str()]
    );
    assert_eq!(game[go - 2], "time 300");
    assert_eq!(game[go - 1], "otim 200");
    // A position the engine cannot set up is refused before any game.
    let epd = std::env::temp_dir().join(format!("timur-openings-{}.epd", std::process::id()));
    std::fs::write(&epd, "4k3/8/8/8/8/8/4P3/4K3 w - -\n").unwrap();
    config.openings = OpeningSource::File(epd.clone());
    let err = run(&config).unwrap_err();
    let _ = std::fs::remove_file(&epd);
    assert!(err.contains("setboard"), "{err}");
    config.openings = OpeningSource::Start;
    config.limits.nodes = Some(100);
    assert!(run(&config).unwrap_err().contains("node limit"));
    // Its own nodes= is refused alike; timur's is not.
    config.limits.nodes = None;
    config.engines[0].nodes = Some(100);
    assert!(run(&config).is_ok());
    config.engines[1].nodes = Some(100);
    let err = run(&config).unwrap_err();
    assert!(
        err.contains("engine 2") && err.contains("node limit"),
        "{err}"
    );
}

/// timur fixed to `game` with its `UCI_Variant` option hidden: a
/// single-game engine such as Pikafish.
fn single_game_engine(game: &str, plays: Option<VariantKind>) -> EngineSpec {
    let mut engine = spec(fake("single_game.sh"), Protocol::Uci);
    engine.args = vec![env!("CARGO_BIN_EXE_timur").to_string(), game.to_string()];
    engine.name = Some(format!("only-{game}"));
    engine.plays = plays;
    engine
}

#[test]
fn an_engine_without_uci_variant_plays_its_own_game() {
    let timur = spec(PathBuf::from(env!("CARGO_BIN_EXE_timur")), Protocol::Uci);
    let limits = SearchLimits {
        depth: Some(2),
        ..SearchLimits::default()
    };
    for plays in [None, Some(VariantKind::Xiangqi)] {
        let engines = vec![timur.clone(), single_game_engine("xiangqi", plays)];
        let mut config = MatchConfig::new(engines, VariantKind::Xiangqi, limits);
        config.games = 2;
        config.max_plies = 40;
        let report = run(&config).unwrap();
        assert_eq!(report.games.len(), 2);
        // No forfeit: the rules or the match's ply limit end the games.
        for game in &report.games {
            assert!(
                matches!(
                    game.termination,
                    Termination::Normal | Termination::Adjudication
                ),
                "{}",
                game.reason
            );
        }
    }
}

#[test]
fn an_engine_that_plays_another_game_is_refused_by_name() {
    let timur = spec(PathBuf::from(env!("CARGO_BIN_EXE_timur")), Protocol::Uci);
    let engines = vec![timur, single_game_engine("chess", Some(VariantKind::Chess))];
    let limits = SearchLimits {
        depth: Some(1),
        ..SearchLimits::default()
    };
    let config = MatchConfig::new(engines, VariantKind::Xiangqi, limits);
    let refused = run(&config).unwrap_err();
    assert!(refused.contains("plays `chess`"), "{refused}");
}
