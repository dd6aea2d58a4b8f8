//! The results table: per engine W/D/L, score and Elo with its error bar;
//! for two engines also the likelihood of superiority and the SPRT state.

use super::config::SprtSpec;
use super::record::{GameRecord, Termination};
use super::stats::Wdl;
use timur_search::Color;

/// Each engine's results against the field.
pub fn standings(names: &[String], games: &[GameRecord]) -> Vec<Wdl> {
    let mut out = vec![Wdl::default(); names.len()];
    for game in games {
        out[game.white].add(game.result.points(Color::White));
        out[game.black].add(game.result.points(Color::Black));
    }
    out
}

fn elo_text(wdl: &Wdl) -> String {
    match (wdl.elo(), wdl.elo_error()) {
        (Some(elo), Some(err)) => format!("{:+7.1} ± {err:5.1}", elo + 0.0),
        (Some(elo), None) => format!("{:+7.1} ±   inf", elo + 0.0),
        (None, _) if wdl.games() == 0 => "      -        ".to_string(),
        (None, _) if wdl.score() >= 1.0 => "   +inf        ".to_string(),
        (None, _) => "   -inf        ".to_string(),
    }
}

/// The table text (several lines, each ending in a newline).
pub fn render(names: &[String], games: &[GameRecord], sprt: Option<&SprtSpec>) -> String {
    let rows = standings(names, games);
    let width = names.iter().map(|n| n.len()).max().unwrap_or(4).max(6);
    let mut out = format!(
        "{:<width$}  {:>15}  {:>5} {:>5} {:>5} {:>5}  {:>6}\n",
        "Engine", "Elo ± 95%", "games", "W", "D", "L", "score"
    );
    for (name, wdl) in names.iter().zip(&rows) {
        out += &format!(
            "{name:<width$}  {:>15}  {:>5} {:>5} {:>5} {:>5}  {:>5.1}%\n",
            elo_text(wdl),
            wdl.games(),
            wdl.wins,
            wdl.draws,
            wdl.losses,
            100.0 * wdl.score()
        );
    }
    if names.len() == 2 {
        let first = rows[0];
        out += &format!(
            "{} vs {}: Elo {}, LOS {:.1} %\n",
            names[0],
            names[1],
            elo_text(&first).trim(),
            100.0 * first.los()
        );
        if let Some(spec) = sprt {
            let (lower, upper) = spec.bounds();
            let verdict = spec.decide(&first).text();
            out += &format!(
                "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} [{:.2}, {:.2}] {verdict}\n",
                spec.elo0,
                spec.elo1,
                spec.alpha,
                spec.beta,
                spec.llr(&first),
                lower,
                upper
            );
        }
    }
    let incidents: Vec<&GameRecord> = games
        .iter()
        .filter(|g| {
            matches!(
                g.termination,
                Termination::TimeForfeit | Termination::IllegalMove | Termination::Abandoned
            )
        })
        .collect();
    if !incidents.is_empty() {
        out += "Incidents:\n";
        for game in incidents {
            out += &format!(
                "  game {} ({} vs {}): {} [{}]\n",
                game.number,
                game.white_name,
                game.black_name,
                game.reason,
                game.termination.tag()
            );
        }
    }
    out
}
