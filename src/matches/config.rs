//! The settings of a match, and the `key=value` lists the command line gives
//! them in (`--engine cmd=… proto=uci name=…`, `--sprt elo0=0 elo1=5 …`).

use super::openings::Opening;
use super::tc::{SearchLimits, TimeControl};
use crate::engine::VariantKind;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (Stockfish, Fairy-Stockfish, timur).
    Uci,
    /// UCCI, the xiangqi dialect (ElephantEye).
    Ucci,
    /// XBoard / CECP (Fairy-Max, MaxQi).
    Xboard,
}

impl FromStr for Protocol {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text.to_ascii_lowercase().as_str() {
            "uci" => Ok(Protocol::Uci),
            "ucci" => Ok(Protocol::Ucci),
            "xboard" | "cecp" | "winboard" => Ok(Protocol::Xboard),
            _ => Err(format!("unknown protocol `{text}` (uci, ucci or xboard)")),
        }
    }
}

/// One engine of the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program to run.
    pub cmd: PathBuf,
    /// Its command-line arguments.
    pub args: Vec<String>,
    /// The protocol it speaks.
    pub protocol: Protocol,
    /// The name in tables and PGN (default: what the engine calls itself).
    pub name: Option<String>,
    /// Engine options to set, `(name, value)`, in order.
    pub options: Vec<(String, String)>,
    /// Xiangqi ranks written 1..10 on the wire (Fairy-Stockfish's UCI).
    pub ranks_from_one: bool,
    /// The one game a UCI engine without a `UCI_Variant` option plays
    /// (`variant=`); unset, such an engine is taken to play the match's game.
    pub plays: Option<VariantKind>,
    /// Its own clock (`tc=`), over the match's `--tc`.
    pub tc: Option<TimeControl>,
    /// Its own nodes per move (`nodes=`), over the match's `--nodes`.
    pub nodes: Option<u64>,
}

/// Splits `key=value` tokens; a token without `=` is an error naming it.
pub fn key_values(tokens: &[String]) -> Result<Vec<(String, String)>, String> {
    tokens
        .iter()
        .map(|token| match token.split_once('=') {
            Some((key, value)) if !key.is_empty() => Ok((key.to_string(), value.to_string())),
            _ => Err(format!("`{token}` is not key=value")),
        })
        .collect()
}

fn parse_bool(key: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "1" | "true" | "on" | "yes" => Ok(true),
        "0" | "false" | "off" | "no" => Ok(false),
        _ => Err(format!("`{key}={value}`: expected 1/0 or true/false")),
    }
}

fn parse_number<T: FromStr>(key: &str, value: &str) -> Result<T, String> {
    value
        .trim()
        .parse()
        .map_err(|_| format!("`{key}={value}`: `{value}` is not a number"))
}

impl EngineSpec {
    /// Reads `cmd=PATH [args="…"] [proto=uci|ucci|xboard] [name=N]
    /// [option.X=V …] [ranks=1] [variant=V] [tc=BASE+INC] [nodes=N]`.
    pub fn parse(tokens: &[String]) -> Result<EngineSpec, String> {
        let mut spec = EngineSpec {
            cmd: PathBuf::new(),
            args: Vec::new(),
            protocol: Protocol::Uci,
            name: None,
            options: Vec::new(),
            ranks_from_one: false,
            plays: None,
            tc: None,
            nodes: None,
        };
        let mut has_cmd = false;
        let mut tc = None;
        for (key, value) in key_values(tokens)? {
            match key.as_str() {
                "cmd" => {
                    spec.cmd = PathBuf::from(&value);
                    has_cmd = !value.is_empty();
                }
                "args" | "arg" => spec.args.extend(value.split_whitespace().map(String::from)),
                "proto" | "protocol" => spec.protocol = value.parse()?,
                "name" => spec.name = Some(value),
                "ranks" => spec.ranks_from_one = parse_bool(&key, &value)?,
                "variant" => {
                    spec.plays = Some(value.parse().map_err(|e| format!("`{key}={value}`: {e}"))?)
                }
                "tc" => tc = Some(value),
                "nodes" => match parse_number::<u64>(&key, &value)? {
                    0 => return Err(format!("`{key}={value}`: at least one node a move")),
                    n => spec.nodes = Some(n),
                },
                _ => match key.strip_prefix("option.") {
                    Some(name) if !name.is_empty() => spec.options.push((name.to_string(), value)),
                    _ => return Err(format!("unknown engine setting `{key}`")),
                },
            }
        }
        if !has_cmd {
            return Err(format!("engine `{}` has no cmd=PATH", tokens.join(" ")));
        }
        if let Some(text) = tc {
            spec.tc = Some(
                text.parse()
                    .map_err(|e| format!("engine `{}`: `tc={text}`: {e}", spec.label()))?,
            );
        }
        Ok(spec)
    }

    /// How messages name the engine: its `name=`, else its command.
    pub fn label(&self) -> String {
        self.name
            .clone()
            .unwrap_or_else(|| self.cmd.display().to_string())
    }
}

/// `--resign-adjudicate score=S moves=N`: a side whose own score stays at or
/// below −S for N of its moves in a row, while the opponent's stays at or
/// above S, loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Centipawns.
    pub score: i32,
    /// Consecutive moves of each side.
    pub moves: u32,
}

/// `--draw-adjudicate score=S moves=N from=M`: from move M on, when both
/// sides' scores stay within ±S for N moves each, the game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// Centipawns.
    pub score: i32,
    /// Consecutive moves of each side.
    pub moves: u32,
    /// First full-move number at which the rule applies.
    pub from: u32,
}

/// `--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtSpec {
    /// Elo of the null hypothesis.
    pub elo0: f64,
    /// Elo of the alternative hypothesis.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

impl ResignRule {
    /// Reads `score=S moves=N`.
    pub fn parse(tokens: &[String]) -> Result<ResignRule, String> {
        let mut rule = ResignRule {
            score: 1000,
            moves: 4,
        };
        for (key, value) in key_values(tokens)? {
            match key.as_str() {
                "score" => rule.score = parse_number(&key, &value)?,
                "moves" | "movecount" => rule.moves = parse_number(&key, &value)?,
                _ => return Err(format!("unknown resign setting `{key}` (score, moves)")),
            }
        }
        Ok(rule)
    }
}

impl DrawRule {
    /// Reads `score=S moves=N from=M`.
    pub fn parse(tokens: &[String]) -> Result<DrawRule, String> {
        let mut rule = DrawRule {
            score: 10,
            moves: 8,
            from: 40,
        };
        for (key, value) in key_values(tokens)? {
            match key.as_str() {
                "score" => rule.score = parse_number(&key, &value)?,
                "moves" | "movecount" => rule.moves = parse_number(&key, &value)?,
                "from" | "movenumber" => rule.from = parse_number(&key, &value)?,
                _ => return Err(format!("unknown draw setting `{key}` (score, moves, from)")),
            }
        }
        Ok(rule)
    }
}

impl SprtSpec {
    /// Reads `elo0=E0 elo1=E1 alpha=A beta=B` (defaults 0, 5, 0.05, 0.05).
    pub fn parse(tokens: &[String]) -> Result<SprtSpec, String> {
        let mut spec = SprtSpec {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for (key, value) in key_values(tokens)? {
            match key.as_str() {
                "elo0" => spec.elo0 = parse_number(&key, &value)?,
                "elo1" => spec.elo1 = parse_number(&key, &value)?,
                "alpha" => spec.alpha = parse_number(&key, &value)?,
                "beta" => spec.beta = parse_number(&key, &value)?,
                _ => {
                    return Err(format!(
                        "unknown SPRT setting `{key}` (elo0, elo1, alpha, beta)"
                    ))
                }
            }
        }
        let rate = |r: f64| r > 0.0 && r < 0.5;
        if spec.elo1.partial_cmp(&spec.elo0) != Some(std::cmp::Ordering::Greater)
            || !rate(spec.alpha)
            || !rate(spec.beta)
        {
            return Err("SPRT needs elo0 < elo1 and 0 < alpha, beta < 0.5".to_string());
        }
        Ok(spec)
    }
}

/// Where the games start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningSource {
    /// The variant's start position (Chess960: a random array per pair).
    Start,
    /// Positions from a file (`.epd`, `.fen`, `.perft`).
    File(PathBuf),
    /// This many random plies from the start.
    Random(u32),
    /// These, in order (a tuner's picks).
    Given(Vec<Opening>),
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Two or more engines (more: round robin).
    pub engines: Vec<EngineSpec>,
    /// The game.
    pub variant: VariantKind,
    /// Clock and search limits.
    pub limits: SearchLimits,
    /// Games per pair of engines.
    pub games: u32,
    /// Games played at once.
    pub concurrency: usize,
    /// Where the games start; each opening is played with both colours.
    pub openings: OpeningSource,
    /// Append every game to this PGN file.
    pub pgn: Option<PathBuf>,
    /// Seed of random openings and Chess960 arrays.
    pub seed: u64,
    /// Score-based resignation.
    pub resign: Option<ResignRule>,
    /// Score-based draws.
    pub draw: Option<DrawRule>,
    /// Plies after which a game is a draw.
    pub max_plies: u32,
    /// How far past its clock an engine may go before it forfeits.
    pub time_margin: Duration,
    /// How long a move may take when no clock or movetime bounds it.
    pub move_timeout: Duration,
    /// Stop when this test is decided (two engines only).
    pub sprt: Option<SprtSpec>,
    /// Print every line sent to and received from the engines on stderr.
    pub debug: bool,
    /// Print no line per game and no running table (a tuner's many small
    /// matches).
    pub quiet: bool,
}

impl MatchConfig {
    /// A config with the defaults of the command line for `engines` playing
    /// `variant` under `limits`.
    pub fn new(engines: Vec<EngineSpec>, variant: VariantKind, limits: SearchLimits) -> Self {
        MatchConfig {
            engines,
            variant,
            limits,
            games: 2,
            concurrency: 1,
            openings: OpeningSource::Start,
            pgn: None,
            seed: 1,
            resign: None,
            draw: None,
            max_plies: 400,
            time_margin: Duration::from_millis(100),
            move_timeout: Duration::from_secs(60),
            sprt: None,
            debug: false,
            quiet: false,
        }
    }

    /// The limits of engine `index`'s moves: the match's, with its own
    /// clock and nodes when it has them.
    pub fn engine_limits(&self, index: usize) -> SearchLimits {
        let engine = &self.engines[index];
        SearchLimits {
            nodes: engine.nodes.or(self.limits.nodes),
            ..self.limits.with_clock(engine.tc)
        }
    }

    /// Checks what can be checked without starting an engine: among other
    /// things, that every engine has a clock or none has.
    pub fn validate(&self) -> Result<(), String> {
        if self.engines.len() < 2 {
            return Err("a match needs at least two --engine".to_string());
        }
        if self.games == 0 {
            return Err("--games must be at least 1".to_string());
        }
        if self.sprt.is_some() && self.engines.len() != 2 {
            return Err("--sprt needs exactly two engines".to_string());
        }
        let unclocked = (0..self.engines.len()).find(|&i| self.engine_limits(i).tc.is_none());
        if let (Some(i), Some(clocked)) = (unclocked, self.engines.iter().find(|e| e.tc.is_some()))
        {
            return Err(format!(
                "engine `{}` has a clock (tc=) but engine `{}` has none: give it tc= or give --tc",
                clocked.label(),
                self.engines[i].label()
            ));
        }
        (0..self.engines.len()).try_for_each(|i| self.engine_limits(i).validate())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn engine_specs_read_every_key() {
        let spec = EngineSpec::parse(&tokens(
            "cmd=/usr/games/fairy-stockfish proto=uci name=fsf option.Hash=32 ranks=1 args=-x",
        ))
        .unwrap();
        assert_eq!(spec.cmd, PathBuf::from("/usr/games/fairy-stockfish"));
        assert_eq!(spec.protocol, Protocol::Uci);
        assert_eq!(spec.name.as_deref(), Some("fsf"));
        assert_eq!(spec.options, vec![("Hash".to_string(), "32".to_string())]);
        assert!(spec.ranks_from_one);
        assert_eq!(spec.args, vec!["-x"]);
        let err = EngineSpec::parse(&tokens("proto=uci")).unwrap_err();
        assert!(err.contains("cmd"), "{err}");
        let err = EngineSpec::parse(&tokens("cmd=x colour=red")).unwrap_err();
        assert!(err.contains("colour"), "{err}");
        let err = EngineSpec::parse(&tokens("cmd=x proto=ucx")).unwrap_err();
        assert!(err.contains("ucx"), "{err}");
    }

    #[test]
    fn an_engine_may_bring_its_own_clock() {
        let spec = EngineSpec::parse(&tokens("cmd=/bin/pika tc=30+0.3 name=pika")).unwrap();
        assert_eq!(spec.tc, Some("30+0.3".parse().unwrap()));
        let err = EngineSpec::parse(&tokens("cmd=/bin/pika tc=abc name=pika")).unwrap_err();
        assert!(err.contains("`pika`") && err.contains("tc=abc"), "{err}");
        let err = EngineSpec::parse(&tokens("cmd=/bin/x tc=0+0")).unwrap_err();
        assert!(err.contains("/bin/x") && err.contains("tc=0+0"), "{err}");
    }

    #[test]
    fn clocks_are_chosen_per_engine() {
        let engines = |a: &str, b: &str| {
            vec![
                EngineSpec::parse(&tokens(a)).unwrap(),
                EngineSpec::parse(&tokens(b)).unwrap(),
            ]
        };
        let tc = |text: &str| Some(text.parse::<TimeControl>().unwrap());
        let only_own = MatchConfig::new(
            engines("cmd=a tc=10+0.1", "cmd=b tc=30+0.3"),
            VariantKind::Xiangqi,
            SearchLimits::default(),
        );
        assert!(only_own.validate().is_ok());
        assert_eq!(only_own.engine_limits(0).tc, tc("10+0.1"));
        assert_eq!(only_own.engine_limits(1).tc, tc("30+0.3"));
        let mixed = MatchConfig::new(
            engines("cmd=a", "cmd=b tc=30+0.3"),
            VariantKind::Xiangqi,
            SearchLimits {
                tc: tc("10+0.1"),
                nodes: Some(5000),
                ..SearchLimits::default()
            },
        );
        assert!(mixed.validate().is_ok());
        assert_eq!(mixed.engine_limits(0).tc, tc("10+0.1"));
        assert_eq!(mixed.engine_limits(1).tc, tc("30+0.3"));
        assert_eq!(mixed.engine_limits(1).nodes, Some(5000));
        let half = MatchConfig::new(
            engines("cmd=a name=A", "cmd=b name=B tc=30+0.3"),
            VariantKind::Xiangqi,
            SearchLimits {
                nodes: Some(5000),
                ..SearchLimits::default()
            },
        );
        let err = half.validate().unwrap_err();
        assert!(err.contains("`A` has none"), "{err}");
        let none = MatchConfig::new(
            engines("cmd=a", "cmd=b"),
            VariantKind::Xiangqi,
            SearchLimits::default(),
        );
        assert!(none.validate().unwrap_err().contains("limit"));
    }

    #[test]
    fn nodes_are_chosen_per_engine() {
        let spec = EngineSpec::parse(&tokens("cmd=/bin/wide nodes=27000 name=wide")).unwrap();
        assert_eq!(spec.nodes, Some(27000));
        for bad in ["nodes=0", "nodes=many", "nodes=-5"] {
            let err = EngineSpec::parse(&tokens(&format!("cmd=x {bad}"))).unwrap_err();
            assert!(err.contains(bad), "{err}");
        }
        let engines = vec![
            EngineSpec::parse(&tokens("cmd=a nodes=27000")).unwrap(),
            EngineSpec::parse(&tokens("cmd=b")).unwrap(),
        ];
        let odds = MatchConfig::new(
            engines.clone(),
            VariantKind::Xiangqi,
            SearchLimits {
                nodes: Some(30000),
                ..SearchLimits::default()
            },
        );
        assert!(odds.validate().is_ok());
        assert_eq!(odds.engine_limits(0).nodes, Some(27000));
        assert_eq!(odds.engine_limits(1).nodes, Some(30000));
        let half = MatchConfig::new(engines, VariantKind::Xiangqi, SearchLimits::default());
        assert!(half.validate().unwrap_err().contains("nodes="));
    }

    #[test]
    fn adjudication_and_sprt_settings() {
        let rule = ResignRule::parse(&tokens("score=900 moves=3")).unwrap();
        assert_eq!(
            rule,
            ResignRule {
                score: 900,
                moves: 3
            }
        );
        let rule = DrawRule::parse(&tokens("score=10 moves=8 from=40")).unwrap();
        assert_eq!(
            rule,
            DrawRule {
                score: 10,
                moves: 8,
                from: 40
            }
        );
        assert!(DrawRule::parse(&tokens("score=ten"))
            .unwrap_err()
            .contains("ten"));
        let sprt = SprtSpec::parse(&tokens("elo0=0 elo1=5 alpha=0.05 beta=0.1")).unwrap();
        assert_eq!(sprt.beta, 0.1);
        assert!(SprtSpec::parse(&tokens("elo0=5 elo1=0")).is_err());
    }
}
