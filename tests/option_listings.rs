//! The option listings of UCI (`uci`), UCCI (`ucci`) and XBoard
//! (`protover 2`), read from the real binary, against the one option
//! table: each protocol shows exactly the table's options for it, in table
//! order, with the table's kind, default and range.

mod common;

use common::EngineProcess;
use std::time::Duration;
use timur::engine::options::{listing, table, xboard_features, Protocol, Xboard};
use timur_protocol::OptionSpec;

const SECONDS: Duration = Duration::from_secs(60);

/// The lines an engine sends after `hello` up to and including `last`.
fn reply(hello: &[&str], last: &str) -> Vec<String> {
    let mut engine = EngineProcess::start();
    for line in hello {
        engine.send(line);
    }
    engine.read_until(SECONDS, |l| l == last)
}

/// `type T [default D] [min A] [max B] [var V]…` (UCI and UCCI alike, in
/// any order) as a spec.
fn spec_of(words: &[&str]) -> OptionSpec {
    let (mut kind, mut default, mut min, mut max, mut vars) = ("", "", 0, 0, Vec::new());
    let mut pairs = words.chunks(2);
    for pair in &mut pairs {
        match pair {
            ["type", t] => kind = t,
            ["default", d] => default = d,
            ["min", n] => min = n.parse().expect("min"),
            ["max", n] => max = n.parse().expect("max"),
            ["var", v] => vars.push((*v).to_owned()),
            other => panic!("unexpected words {other:?} in {words:?}"),
        }
    }
    match kind {
        "check" => OptionSpec::Check {
            default: default.parse().expect("check default"),
        },
        "spin" => OptionSpec::Spin {
            default: default.parse().expect("spin default"),
            min,
            max,
        },
        "combo" => OptionSpec::Combo {
            default: default.to_owned(),
            vars,
        },
        "string" => OptionSpec::String {
            default: default.replace("<empty>", ""),
        },
        "button" => OptionSpec::Button,
        other => panic!("unknown type {other}"),
    }
}

/// `option name N… type …` lines.
fn uci_listing(lines: &[String]) -> Vec<(String, OptionSpec)> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("option name "))
        .map(|rest| {
            let (name, spec) = rest.split_once(" type ").expect("type");
            let words: Vec<&str> = ["type"].into_iter().chain(spec.split(' ')).collect();
            (name.to_owned(), spec_of(&words))
        })
        .collect()
}

/// `option N type …` lines.
fn ucci_listing(lines: &[String]) -> Vec<(String, OptionSpec)> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("option "))
        .map(|rest| {
            let words: Vec<&str> = rest.split(' ').collect();
            (words[0].to_owned(), spec_of(&words[1..]))
        })
        .collect()
}

/// `feature option="N -type …"` lines.
fn xboard_listing(lines: &[String]) -> Vec<(String, OptionSpec)> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("feature option=\"")?.strip_suffix('"'))
        .map(|body| {
            let at = [" -check", " -spin", " -combo", " -string", " -button"]
                .iter()
                .find_map(|t| body.find(t))
                .expect("a type");
            let name = &body[..at];
            let (kind, args) = body[at + 2..]
                .split_once(' ')
                .unwrap_or((&body[at + 2..], ""));
            let numbers: Vec<i64> = args.split(' ').filter_map(|n| n.parse().ok()).collect();
            let spec = match kind {
                "check" => OptionSpec::Check {
                    default: args == "1",
                },
                "spin" => OptionSpec::Spin {
                    default: numbers[0],
                    min: numbers[1],
                    max: numbers[2],
                },
                "string" => OptionSpec::String {
                    default: args.to_owned(),
                },
                "button" => OptionSpec::Button,
                "combo" => {
                    let vars: Vec<&str> = args.split(" /// ").collect();
                    let default = vars.iter().find_map(|v| v.strip_prefix('*'));
                    OptionSpec::Combo {
                        default: default.expect("starred default").to_owned(),
                        vars: vars
                            .iter()
                            .map(|v| v.trim_start_matches('*').to_owned())
                            .collect(),
                    }
                }
                other => panic!("unknown type {other}"),
            };
            (name.to_owned(), spec)
        })
        .collect()
}

fn expected(protocol: Protocol) -> Vec<(String, OptionSpec)> {
    listing(protocol)
        .into_iter()
        .map(|(name, spec)| (name.to_owned(), spec))
        .collect()
}

#[test]
fn uci_lists_the_table() {
    let lines = reply(&["uci"], "uciok");
    assert_eq!(uci_listing(&lines), expected(Protocol::Uci));
}

#[test]
fn ucci_lists_the_table() {
    let lines = reply(&["ucci"], "ucciok");
    assert_eq!(ucci_listing(&lines), expected(Protocol::Ucci));
}

#[test]
fn xboard_lists_the_table() {
    let lines = reply(&["xboard", "protover 2"], "feature done=1");
    assert_eq!(xboard_listing(&lines), expected(Protocol::Xboard));
    let first = &lines[0];
    for feature in xboard_features() {
        assert!(
            first.split(' ').any(|w| w == format!("{feature}=1")),
            "no {feature}=1 in {first}"
        );
    }
}

#[test]
fn every_row_reaches_some_protocol() {
    for row in table() {
        let shown = row.uci.is_some() || row.ucci.is_some() || row.xboard != Xboard::Hidden;
        assert!(shown, "an option no protocol offers: {:?}", row.spec());
    }
}
