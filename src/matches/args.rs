//! The command line of `timur match`, turned into a [`MatchConfig`].

use super::config::{DrawRule, EngineSpec, MatchConfig, OpeningSource, ResignRule, SprtSpec};
use super::tc::{SearchLimits, TimeControl};
use crate::engine::VariantKind;
use clap::{ArgAction, Args};
use std::path::PathBuf;
use std::time::Duration;

/// `timur match`: engine-vs-engine games.
#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// An engine: `cmd=PATH [args="…"] [proto=uci|ucci|xboard] [name=N]
    /// [option.X=V …] [ranks=1] [variant=V] [tc=BASE+INC] [nodes=N]`, `cmd=`
    /// first; give it twice or more (round robin). `tc=` is its own clock,
    /// over `--tc` (time odds); `nodes=` its own nodes a move, over
    /// `--nodes` (node odds).
    #[arg(long, num_args = 1.., action = ArgAction::Append, required = true, value_name = "KEY=VALUE")]
    pub engine: Vec<String>,
    /// The game: chess, chess960, xiangqi, tamerlane, jasir, jarmo.
    #[arg(long, default_value = "chess")]
    pub variant: VariantKind,
    /// Clock of every engine without its own `tc=`: BASE+INC in seconds
    /// (e.g. 10+0.1).
    #[arg(long)]
    pub tc: Option<TimeControl>,
    /// Nodes per move of every engine without its own `nodes=`.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Depth per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Milliseconds per move.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Games per pair of engines.
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings: `.epd`/`.fen` (one position or `startpos moves …` per
    /// line) or `.perft`; each is played with both colours.
    #[arg(long, conflicts_with = "random_openings")]
    pub openings: Option<PathBuf>,
    /// Start each pair of games after this many random plies.
    #[arg(long)]
    pub random_openings: Option<u32>,
    /// Append the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Seed of random openings and Chess960 arrays.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// `score=S moves=N`: a side at ≤ −S for N moves while its opponent is
    /// at ≥ S loses.
    #[arg(long, num_args = 0.., value_name = "KEY=VALUE")]
    pub resign_adjudicate: Option<Vec<String>>,
    /// `score=S moves=N from=M`: both sides within ±S for N moves from move
    /// M on: draw.
    #[arg(long, num_args = 0.., value_name = "KEY=VALUE")]
    pub draw_adjudicate: Option<Vec<String>>,
    /// A game reaching this many plies is drawn.
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// Milliseconds an engine may overstep its clock before it forfeits.
    #[arg(long, default_value_t = 100)]
    pub time_margin: u64,
    /// Milliseconds a move may take when no clock or movetime bounds it.
    #[arg(long, default_value_t = 60_000)]
    pub move_timeout: u64,
    /// `elo0=E0 elo1=E1 alpha=A beta=B`: stop when the test is decided.
    #[arg(long, num_args = 0.., value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Log every line exchanged with the engines on stderr.
    #[arg(long)]
    pub debug: bool,
}

/// Splits the `--engine` values into one list per engine: each engine starts
/// at a `cmd=` token.
pub fn engine_groups(tokens: &[String]) -> Result<Vec<Vec<String>>, String> {
    let mut groups: Vec<Vec<String>> = Vec::new();
    for token in tokens {
        if token.starts_with("cmd=") {
            groups.push(vec![token.clone()]);
        } else if let Some(group) = groups.last_mut() {
            group.push(token.clone());
        } else {
            return Err(format!(
                "--engine `{token}`: each engine starts with cmd=PATH"
            ));
        }
    }
    Ok(groups)
}

impl MatchArgs {
    /// The match these arguments describe, or what is wrong with them.
    pub fn config(&self) -> Result<MatchConfig, String> {
        let engines = engine_groups(&self.engine)?
            .iter()
            .map(|tokens| EngineSpec::parse(tokens))
            .collect::<Result<Vec<_>, _>>()?;
        let limits = SearchLimits {
            tc: self.tc,
            nodes: self.nodes,
            depth: self.depth,
            movetime: self.movetime.map(Duration::from_millis),
        };
        let mut config = MatchConfig::new(engines, self.variant, limits);
        config.games = self.games;
        config.concurrency = self.concurrency.max(1);
        config.openings = match (&self.openings, self.random_openings) {
            (Some(path), _) => OpeningSource::File(path.clone()),
            (None, Some(plies)) => OpeningSource::Random(plies),
            (None, None) => OpeningSource::Start,
        };
        config.pgn = self.pgn.clone();
        config.seed = self.seed;
        config.resign = self
            .resign_adjudicate
            .as_deref()
            .map(ResignRule::parse)
            .transpose()?;
        config.draw = self
            .draw_adjudicate
            .as_deref()
            .map(DrawRule::parse)
            .transpose()?;
        config.sprt = self.sprt.as_deref().map(SprtSpec::parse).transpose()?;
        config.max_plies = self.max_plies;
        config.time_margin = Duration::from_millis(self.time_margin);
        config.move_timeout = Duration::from_millis(self.move_timeout);
        config.debug = self.debug;
        config.validate()?;
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: MatchArgs,
    }

    #[test]
    fn a_full_command_line() {
        let cli = Cli::try_parse_from([
            "timur",
            "--engine",
            "cmd=/bin/a",
            "name=A",
            "--engine",
            "cmd=/bin/b",
            "proto=xboard",
            "--variant",
            "chess960",
            "--tc",
            "5+0.05",
            "--games",
            "4",
            "--resign-adjudicate",
            "score=900",
            "moves=3",
            "--draw-adjudicate",
            "--sprt",
            "elo0=0",
            "elo1=10",
        ])
        .unwrap();
        let config = cli.args.config().unwrap();
        assert_eq!(config.engines.len(), 2);
        assert_eq!(config.engines[0].name.as_deref(), Some("A"));
        assert_eq!(config.variant, VariantKind::Chess960);
        assert_eq!(
            config.limits.tc.unwrap().increment,
            Duration::from_millis(50)
        );
        assert_eq!(
            config.resign,
            Some(ResignRule {
                score: 900,
                moves: 3
            })
        );
        assert_eq!(
            config.draw,
            Some(DrawRule {
                score: 10,
                moves: 8,
                from: 40
            })
        );
        assert_eq!(config.sprt.unwrap().elo1, 10.0);
        let one = Cli::try_parse_from(["timur", "--engine", "cmd=/bin/a", "--nodes", "5"]).unwrap();
        assert!(one.args.config().unwrap_err().contains("two"));
        let none =
            Cli::try_parse_from(["timur", "--engine", "cmd=a", "--engine", "cmd=b"]).unwrap();
        assert!(none.args.config().unwrap_err().contains("limit"));
    }

    #[test]
    fn engines_may_have_only_their_own_clocks() {
        let odds = Cli::try_parse_from([
            "timur",
            "--engine",
            "cmd=/bin/a",
            "tc=10+0.1",
            "--engine",
            "cmd=/bin/b",
            "name=B",
            "tc=30+0.3",
            "--variant",
            "xiangqi",
        ])
        .unwrap();
        let config = odds.args.config().unwrap();
        assert_eq!(config.limits.tc, None);
        assert_eq!(config.engine_limits(0).tc, Some("10+0.1".parse().unwrap()));
        assert_eq!(config.engine_limits(1).tc, Some("30+0.3".parse().unwrap()));
        let bad = Cli::try_parse_from([
            "timur",
            "--engine",
            "cmd=/bin/a",
            "--engine",
            "cmd=/bin/b",
            "name=B",
            "tc=abc",
        ])
        .unwrap();
        let err = bad.args.config().unwrap_err();
        assert!(err.contains("`B`") && err.contains("tc=abc"), "{err}");
    }
}
