//! The one table of engine options: per option its name in each protocol,
//! its kind with default and range, and its setter. UCI, UCCI and XBoard
//! print their option listings from [`table`] and apply `setoption` /
//! `option` / `memory` / `cores` through it, so adding an option is adding
//! a row.

use super::strength::{Strength, FULL_LEVEL};
use super::{AnyGame, Engine, Options, VariantKind};
use crate::nnue;
use crate::variants::chess::syzygy;
use std::time::Duration;
use timur_protocol::OptionSpec;
use timur_search::{tunables, MAX_ELO, MIN_ELO};

/// What setting an option gives: `Ok` with a note for the GUI (a value
/// that had to be lowered), or why the value was refused.
pub type Outcome = Result<Option<String>, String>;

/// The three protocols.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI: `option name N type …`, `setoption name N value V`.
    Uci,
    /// UCCI: `option N type …`, `setoption N V`.
    Ucci,
    /// XBoard: `feature option="N -type …"`, `option N=V`.
    Xboard,
}

/// How XBoard reaches an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Xboard {
    /// Not at all.
    Hidden,
    /// As `feature option="NAME …"`, set with `option NAME=VALUE`.
    Option(&'static str),
    /// By a native command announced with `feature FEATURE=1`; its number
    /// is clamped to the option's range.
    Command {
        /// The command (`memory`, `cores`).
        command: &'static str,
        /// The feature that announces it (`memory`, `smp`).
        feature: &'static str,
    },
}

/// An option's kind with its default, range and setter.
pub enum Kind {
    /// On or off (`true`/`false`, `on`/`off`, `1`/`0`).
    Check {
        /// Before any setting.
        default: bool,
        /// Applies a value.
        set: fn(&mut Engine, bool) -> Outcome,
    },
    /// A whole number in `min..=max`.
    Spin {
        /// Before any setting.
        default: i64,
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
        /// Applies a value.
        set: fn(&mut Engine, i64) -> Outcome,
    },
    /// One of `vars`; the setter may accept aliases too.
    Combo {
        /// Before any setting.
        default: &'static str,
        /// The values a GUI shows.
        vars: Vec<&'static str>,
        /// Applies a value.
        set: fn(&mut Engine, &str) -> Outcome,
    },
    /// Free text, empty by default (`<empty>` or nothing means empty).
    Text {
        /// Applies a value.
        set: fn(&mut Engine, &str) -> Outcome,
    },
    /// An action.
    Button {
        /// Carries it out.
        press: fn(&mut Engine) -> Outcome,
    },
}

/// One row of the table: names per protocol (`None`: not offered there)
/// and the kind.
pub struct EngineOption {
    /// UCI name.
    pub uci: Option<&'static str>,
    /// UCCI name.
    pub ucci: Option<&'static str>,
    /// XBoard access.
    pub xboard: Xboard,
    /// Kind, default, range, setter.
    pub kind: Kind,
}

/// Every option of the engine, in listing order.
pub fn table() -> Vec<EngineOption> {
    use Kind::{Button, Check, Combo, Spin, Text};
    let d = Options::DEFAULT;
    vec![
        EngineOption {
            uci: None,
            ucci: Some("usemillisec"),
            xboard: Xboard::Hidden,
            kind: Check {
                default: d.use_millisec,
                set: |e, on| {
                    e.set_use_millisec(on);
                    Ok(None)
                },
            },
        },
        EngineOption {
            uci: Some("UCI_Variant"),
            ucci: None,
            xboard: Xboard::Hidden,
            kind: Combo {
                default: VariantKind::default().name(),
                vars: VariantKind::ALL.map(VariantKind::name).to_vec(),
                set: |e, name| e.set_variant(name.parse()?).map(|()| None),
            },
        },
        EngineOption {
            uci: Some("UCI_Chess960"),
            ucci: None,
            xboard: Xboard::Hidden,
            kind: Check {
                default: d.chess960,
                set: |e, on| {
                    e.set_chess960(on);
                    Ok(None)
                },
            },
        },
        EngineOption {
            uci: Some("Threads"),
            ucci: Some("threads"),
            xboard: Xboard::Command {
                command: "cores",
                feature: "smp",
            },
            kind: Spin {
                default: d.threads as i64,
                min: 1,
                max: 256,
                set: |e, n| {
                    e.set_threads(n as usize);
                    Ok(None)
                },
            },
        },
        EngineOption {
            uci: Some("Hash"),
            ucci: Some("hashsize"),
            xboard: Xboard::Command {
                command: "memory",
                feature: "memory",
            },
            kind: Spin {
                default: d.hash_mib as i64,
                min: 1,
                max: 65536,
                set: |e, mib| e.set_hash(mib as usize),
            },
        },
        EngineOption {
            uci: Some("Clear Hash"),
            ucci: None,
            xboard: Xboard::Option("Clear Hash"),
            kind: Button {
                press: |e| {
                    e.clear_hash();
                    Ok(None)
                },
            },
        },
        EngineOption {
            // The GUI's permission to ponder: the engine ponders when the
            // GUI says `go ponder`.
            uci: Some("Ponder"),
            ucci: Some("ponder"),
            xboard: Xboard::Hidden,
            kind: Check {
                default: false,
                set: |_, _| Ok(None),
            },
        },
        EngineOption {
            uci: None,
            ucci: Some("newgame"),
            xboard: Xboard::Hidden,
            kind: Button {
                press: |e| {
                    e.new_game();
                    Ok(None)
                },
            },
        },
        EngineOption {
            uci: Some("MultiPV"),
            ucci: None,
            xboard: Xboard::Option("MultiPV"),
            kind: Spin {
                default: d.multipv as i64,
                min: 1,
                max: 256,
                set: |e, n| {
                    e.set_multipv(n as usize);
                    Ok(None)
                },
            },
        },
        EngineOption {
            uci: Some("Move Overhead"),
            ucci: None,
            xboard: Xboard::Option("Move Overhead"),
            kind: Spin {
                default: d.move_overhead.as_millis() as i64,
                min: 0,
                max: 5000,
                set: |e, ms| {
                    e.set_move_overhead(Duration::from_millis(ms as u64));
                    Ok(None)
                },
            },
        },
        EngineOption {
            uci: Some("XiangqiRanksFromOne"),
            ucci: None,
            xboard: Xboard::Option("XiangqiRanksFromOne"),
            kind: Check {
                default: d.ranks_from_one,
                set: |e, on| {
                    e.set_ranks_from_one(on);
                    Ok(None)
                },
            },
        },
        EngineOption {
            uci: Some("JasirTable"),
            ucci: None,
            xboard: Xboard::Option("JasirTable"),
            kind: Text {
                set: |e, list| e.set_solve_tables(list),
            },
        },
        EngineOption {
            // Chess and Chess960 endgame tables: folders separated as in
            // PATH (XBoard also: `egtpath syzygy DIR`).
            uci: Some("SyzygyPath"),
            ucci: None,
            xboard: Xboard::Option("SyzygyPath"),
            kind: Text {
                set: |e, list| e.set_syzygy_path(list),
            },
        },
        EngineOption {
            // Plies left from which the search probes tables of the
            // largest probed size.
            uci: Some("SyzygyProbeDepth"),
            ucci: None,
            xboard: Xboard::Option("SyzygyProbeDepth"),
            kind: Spin {
                default: syzygy::Settings::DEFAULT.probe_depth.into(),
                min: 1,
                max: 100,
                set: |e, depth| {
                    e.set_syzygy_settings(|s| s.probe_depth = depth as i32);
                    Ok(None)
                },
            },
        },
        EngineOption {
            // A win the fifty-move rule spoils counts as a draw.
            uci: Some("Syzygy50MoveRule"),
            ucci: None,
            xboard: Xboard::Option("Syzygy50MoveRule"),
            kind: Check {
                default: syzygy::Settings::DEFAULT.rule50,
                set: |e, on| {
                    e.set_syzygy_settings(|s| s.rule50 = on);
                    Ok(None)
                },
            },
        },
        EngineOption {
            // No table of more pieces is probed.
            uci: Some("SyzygyProbeLimit"),
            ucci: None,
            xboard: Xboard::Option("SyzygyProbeLimit"),
            kind: Spin {
                default: syzygy::Settings::DEFAULT.probe_limit.into(),
                min: 0,
                max: syzygy::files::MAX_PIECES.into(),
                set: |e, limit| {
                    e.set_syzygy_settings(|s| s.probe_limit = limit as u32);
                    Ok(None)
                },
            },
        },
        EngineOption {
            // The network, where the game has one, or the hand-written
            // evaluation.
            uci: Some("UseNNUE"),
            ucci: Some("usennue"),
            xboard: Xboard::Option("UseNNUE"),
            kind: Check {
                default: nnue::active::enabled(),
                set: |_, on| {
                    nnue::active::set_enabled(on);
                    Ok(None)
                },
            },
        },
        EngineOption {
            // A network file to load; empty keeps the current one.
            uci: Some("EvalFile"),
            ucci: Some("evalfile"),
            xboard: Xboard::Option("EvalFile"),
            kind: Text {
                set: |_, path| match path {
                    "" => Ok(None),
                    path => {
                        nnue::active::load_file(path, &AnyGame::network_features()).map(|_| None)
                    }
                },
            },
        },
        EngineOption {
            // Play at `UCI_Elo` (docs/strength.md).
            uci: Some("UCI_LimitStrength"),
            ucci: Some("limitstrength"),
            xboard: Xboard::Option("UCI_LimitStrength"),
            kind: Check {
                default: d.strength.limit_strength,
                set: |e, on| {
                    let strength = Strength {
                        limit_strength: on,
                        ..e.options().strength
                    };
                    e.set_strength(strength);
                    Ok(None)
                },
            },
        },
        EngineOption {
            // Stockfish 15.1's scale, mapped onto a skill level.
            uci: Some("UCI_Elo"),
            ucci: Some("elo"),
            xboard: Xboard::Option("UCI_Elo"),
            kind: Spin {
                default: d.strength.elo.into(),
                min: MIN_ELO.into(),
                max: MAX_ELO.into(),
                set: |e, elo| {
                    let strength = Strength {
                        elo: elo as u32,
                        ..e.options().strength
                    };
                    e.set_strength(strength);
                    Ok(None)
                },
            },
        },
        EngineOption {
            // 20: full strength.
            uci: Some("Skill Level"),
            ucci: Some("skilllevel"),
            xboard: Xboard::Option("Skill Level"),
            kind: Spin {
                default: d.strength.skill_level.into(),
                min: 0,
                max: FULL_LEVEL.into(),
                set: |e, level| {
                    let strength = Strength {
                        skill_level: level as u32,
                        ..e.options().strength
                    };
                    e.set_strength(strength);
                    Ok(None)
                },
            },
        },
        EngineOption {
            // The weakened search's random choices; 0 seeds from the clock.
            uci: Some("Skill Seed"),
            ucci: Some("skillseed"),
            xboard: Xboard::Option("Skill Seed"),
            kind: Spin {
                default: 0,
                min: 0,
                max: i32::MAX.into(),
                set: |e, seed| {
                    e.set_skill_seed(seed as u64);
                    Ok(None)
                },
            },
        },
        EngineOption {
            // `wdl W D L` in UCI `info` lines.
            uci: Some("UCI_ShowWDL"),
            ucci: None,
            xboard: Xboard::Hidden,
            kind: Check {
                default: d.show_wdl,
                set: |e, on| {
                    e.set_show_wdl(on);
                    Ok(None)
                },
            },
        },
    ]
}

impl EngineOption {
    /// The option's name in `protocol`, if it is offered there as an
    /// option (XBoard's native commands are not).
    pub fn name(&self, protocol: Protocol) -> Option<&'static str> {
        match protocol {
            Protocol::Uci => self.uci,
            Protocol::Ucci => self.ucci,
            Protocol::Xboard => match self.xboard {
                Xboard::Option(name) => Some(name),
                Xboard::Hidden | Xboard::Command { .. } => None,
            },
        }
    }

    /// Kind, default and range as a GUI is told them.
    pub fn spec(&self) -> OptionSpec {
        match &self.kind {
            Kind::Check { default, .. } => OptionSpec::Check { default: *default },
            Kind::Spin {
                default, min, max, ..
            } => OptionSpec::Spin {
                default: *default,
                min: *min,
                max: *max,
            },
            Kind::Combo { default, vars, .. } => OptionSpec::Combo {
                default: (*default).to_owned(),
                vars: vars.iter().map(|v| (*v).to_owned()).collect(),
            },
            Kind::Text { .. } => OptionSpec::String {
                default: String::new(),
            },
            Kind::Button { .. } => OptionSpec::Button,
        }
    }

    /// Parses `value` as the kind asks and applies it; `name` is the
    /// option as the GUI wrote it (for messages).
    pub fn apply(&self, engine: &mut Engine, name: &str, value: Option<&str>) -> Outcome {
        let given = value.map(str::trim).filter(|v| !v.is_empty());
        let required = || given.ok_or_else(|| format!("option `{name}` needs a value"));
        match &self.kind {
            Kind::Check { set, .. } => set(engine, parse_bool(required()?)?),
            Kind::Spin { min, max, set, .. } => set(engine, parse_spin(required()?, *min, *max)?),
            Kind::Combo { set, .. } => set(engine, required()?),
            Kind::Text { set } => set(engine, given.filter(|&v| v != "<empty>").unwrap_or("")),
            Kind::Button { press } => press(engine),
        }
    }
}

fn parse_bool(value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" => Ok(false),
        _ => Err(format!("`{value}` is not true or false")),
    }
}

fn parse_spin(value: &str, min: i64, max: i64) -> Result<i64, String> {
    match value.parse::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{value}` is not a whole number from {min} to {max}"
        )),
    }
}

/// The options `protocol` lists, with their names there, in table order.
pub fn listing(protocol: Protocol) -> Vec<(&'static str, OptionSpec)> {
    table()
        .iter()
        .filter_map(|row| row.name(protocol).map(|name| (name, row.spec())))
        .collect()
}

/// Sets the option called `name` in `protocol` (any case), or else the
/// search parameter called so (hidden options: no listing shows them,
/// `timur tune params` does); `None` if there is neither.
pub fn set(
    engine: &mut Engine,
    protocol: Protocol,
    name: &str,
    value: Option<&str>,
) -> Option<Outcome> {
    let row = table().into_iter().find(|row| {
        row.name(protocol)
            .is_some_and(|n| n.eq_ignore_ascii_case(name))
    });
    match row {
        Some(row) => Some(row.apply(engine, name, value)),
        None => set_tunable(name, value),
    }
}

/// Sets the search parameter called `name` (any case) from the next search
/// on, as a spin option in its range; `None` if there is none.
fn set_tunable(name: &str, value: Option<&str>) -> Option<Outcome> {
    let tunable = tunables::find(name)?;
    let outcome = value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| format!("option `{name}` needs a value"))
        .and_then(|v| parse_spin(v, tunable.min.into(), tunable.max.into()))
        .and_then(|v| tunables::set(tunable.name, v))
        .map(|()| None);
    Some(outcome)
}

/// The features announcing XBoard's native option commands (`memory`,
/// `smp`).
pub fn xboard_features() -> Vec<&'static str> {
    table()
        .iter()
        .filter_map(|row| match row.xboard {
            Xboard::Command { feature, .. } => Some(feature),
            Xboard::Hidden | Xboard::Option(_) => None,
        })
        .collect()
}

/// XBoard's native `command N` (`memory 64`, `cores 2`): sets its option to
/// `n` clamped to the option's range; `None` if no option has that command.
pub fn set_by_command(engine: &mut Engine, command: &str, n: i64) -> Option<Outcome> {
    let row = table()
        .into_iter()
        .find(|row| matches!(row.xboard, Xboard::Command { command: c, .. } if c == command))?;
    Some(match row.kind {
        Kind::Spin { min, max, set, .. } => set(engine, n.clamp(min, max)),
        _ => Err(format!("`{command}` is not a number option")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_per_protocol() {
        for protocol in [Protocol::Uci, Protocol::Ucci, Protocol::Xboard] {
            let names: Vec<String> = listing(protocol)
                .iter()
                .map(|(name, _)| name.to_ascii_lowercase())
                .collect();
            for (i, name) in names.iter().enumerate() {
                assert!(
                    !names[..i].contains(name),
                    "{protocol:?} lists {name} twice"
                );
            }
        }
    }

    #[test]
    fn defaults_lie_in_their_range_and_among_their_values() {
        for row in table() {
            match row.kind {
                Kind::Spin {
                    default, min, max, ..
                } => assert!((min..=max).contains(&default), "{:?}", row.uci),
                Kind::Combo { default, vars, .. } => assert!(vars.contains(&default)),
                _ => {}
            }
        }
    }

    #[test]
    fn values_are_parsed_by_kind() {
        let mut engine = Engine::new();
        let set = |e: &mut Engine, name, value| set(e, Protocol::Uci, name, value);
        assert_eq!(set(&mut engine, "multipv", Some(" 3 ")), Some(Ok(None)));
        assert_eq!(engine.options().multipv, 3);
        assert!(matches!(
            set(&mut engine, "MultiPV", Some("0")),
            Some(Err(_))
        ));
        assert!(matches!(set(&mut engine, "MultiPV", None), Some(Err(_))));
        assert_eq!(
            set(&mut engine, "xiangqiranksfromone", Some("on")),
            Some(Ok(None))
        );
        assert!(engine.options().ranks_from_one);
        assert!(matches!(
            set(&mut engine, "UCI_Chess960", Some("maybe")),
            Some(Err(_))
        ));
        assert_eq!(
            set(&mut engine, "JasirTable", Some("<empty>")),
            Some(Ok(None))
        );
        assert_eq!(set(&mut engine, "hashsize", Some("1")), None);
        assert_eq!(set_by_command(&mut engine, "cores", 0), Some(Ok(None)));
        assert_eq!(engine.options().threads, 1);
    }
}
