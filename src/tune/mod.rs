//! `timur tune`: Texel tuning of a game's evaluation weights, in two steps
//! (`scripts/tune.sh` runs them with a labelling step between):
//! - `extract` takes quiet positions from the games `timur match --pgn`
//!   wrote (self-play) into a positions file, `FEN;result` per line;
//! - `fit` fits the weights to the positions' targets (the game result,
//!   blended with an outside engine's score where the file has one) and
//!   writes the game's `weights.rs`.
//!
//! And the search's parameters by games: `params` lists them, `spsa` tunes
//! them ([`spsa`]).

pub mod args;
pub mod dataset;
pub mod fit;
pub mod pgn;
pub mod spsa;

pub use args::{TuneArgs, TuneCommand};

use crate::engine::VariantKind;
use crate::files;
use crate::matches::openings::canonical_notation;
use crate::variants::chess::Chess;
use crate::variants::terms::{weights_source, Group, LinearEval};
use crate::variants::xiangqi::Xiangqi;
use crate::variants::Variant;
use args::{ExtractArgs, FitArgs};
use fit::FitSettings;
use std::io::Write;

/// Runs `timur tune …`; progress goes to stderr.
pub fn run(args: &TuneArgs) -> Result<(), String> {
    match &args.command {
        TuneCommand::Extract(a) => match linear(a.variant)? {
            Linear::Chess => extract::<Chess>(a),
            Linear::Xiangqi => extract::<Xiangqi>(a),
        },
        TuneCommand::Fit(a) => match linear(a.variant)? {
            Linear::Chess => fit_weights::<Chess>(a),
            Linear::Xiangqi => fit_weights::<Xiangqi>(a),
        },
        TuneCommand::Params => {
            print!("{}", spsa::params_text());
            Ok(())
        }
        TuneCommand::Spsa(a) => spsa::run(a),
    }
}

/// The evaluations Texel tuning fits.
enum Linear {
    Chess,
    Xiangqi,
}

/// The evaluation `variant` plays with, if it is one to fit.
fn linear(variant: VariantKind) -> Result<Linear, String> {
    match variant {
        // Chess960 positions are chess positions: one evaluation serves both.
        VariantKind::Chess | VariantKind::Chess960 => Ok(Linear::Chess),
        VariantKind::Xiangqi => Ok(Linear::Xiangqi),
        other => Err(format!(
            "{other} has no linear evaluation to tune (chess and xiangqi do)"
        )),
    }
}

fn extract<G: LinearEval + Variant>(a: &ExtractArgs) -> Result<(), String> {
    let mut games = Vec::new();
    for path in &a.games {
        games.extend(pgn::read_games(&files::read_text(path)?));
    }
    let data = dataset::extract::<G>(
        &games,
        a.variant.name(),
        canonical_notation(a.variant),
        a.per_game,
        a.seed,
    );
    eprintln!(
        "{} games used, {} skipped, {} positions",
        data.games,
        data.skipped,
        data.positions.len()
    );
    let file = std::fs::File::create(&a.out)
        .map_err(|e| format!("cannot write {}: {e}", a.out.display()))?;
    let mut out = std::io::BufWriter::new(file);
    for p in &data.positions {
        writeln!(out, "{}", dataset::format_line(p))
            .map_err(|e| format!("cannot write {}: {e}", a.out.display()))?;
    }
    out.flush()
        .map_err(|e| format!("cannot write {}: {e}", a.out.display()))
}

/// The indices of the weights in groups named by any of `words`.
fn frozen_indices(groups: &[Group], words: &[String]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut at = 0;
    for group in groups {
        if words.iter().any(|w| group.name.contains(w.as_str())) {
            out.extend(at..at + group.len);
        }
        at += group.len;
    }
    out
}

fn fit_weights<G: LinearEval + Variant>(a: &FitArgs) -> Result<(), String> {
    let mut positions = Vec::new();
    for path in &a.positions {
        positions.extend(
            dataset::read_positions(&files::read_text(path)?)
                .map_err(|why| format!("{}: {why}", path.display()))?,
        );
    }
    // Every tenth position is held out: its error tells a real gain from
    // over-fitting.
    let (held, trained): (Vec<_>, Vec<_>) = positions
        .into_iter()
        .enumerate()
        .partition(|(i, _)| i % 10 == 9);
    let trained: Vec<_> = trained.into_iter().map(|(_, p)| p).collect();
    let held: Vec<_> = held.into_iter().map(|(_, p)| p).collect();
    let samples = dataset::samples::<G>(&trained, a.lambda);
    let check = dataset::samples::<G>(&held, a.lambda);
    eprintln!(
        "{} positions to fit, {} held out",
        samples.len(),
        check.len()
    );
    if samples.is_empty() {
        return Err("no training positions that read as this game".into());
    }
    let start = G::weights();
    let as_floats: Vec<(f64, f64)> = start
        .iter()
        .map(|p| (f64::from(p.0), f64::from(p.1)))
        .collect();
    let k = fit::fit_k(&samples, &as_floats, G::PHASE_MAX);
    let before = fit::error(&samples, &as_floats, G::PHASE_MAX, k);
    let held_error = |weights: &[(f64, f64)]| fit::error(&check, weights, G::PHASE_MAX, k);
    let held_before = held_error(&as_floats);
    eprintln!("K = {k:.4}, error of the current weights {before:.6} (held out: {held_before:.6})");
    let frozen = frozen_indices(G::groups(), &a.freeze);
    eprintln!("{} of {} weights frozen", frozen.len(), start.len());
    let settings = FitSettings {
        epochs: a.epochs,
        rate: a.rate,
        regularisation: a.regularisation,
    };
    let mut held_after = held_before;
    let fitted = fit::fit(
        &samples,
        start,
        &frozen,
        G::PHASE_MAX,
        k,
        settings,
        |epoch, error, weights| {
            held_after = held_error(weights);
            eprintln!("epoch {epoch}: error {error:.6} (held out: {held_after:.6})");
        },
    );
    let changed = start.iter().zip(&fitted).filter(|(a, b)| a != b).count();
    eprintln!("{changed} of {} weights changed", fitted.len());
    if let Some(out) = &a.out {
        // Chess960 games tune the chess evaluation.
        let game = match a.variant {
            VariantKind::Chess960 => VariantKind::Chess,
            other => other,
        };
        let files: Vec<String> = a
            .positions
            .iter()
            .map(|path| {
                path.file_name().map_or_else(
                    || path.display().to_string(),
                    |name| name.to_string_lossy().into_owned(),
                )
            })
            .collect();
        let header = format!(
            "The {game} evaluation weights (see `terms.rs` for what each one counts).\n\n\
             Fitted by `timur tune fit` (`scripts/tune.sh`): Texel tuning on {} quiet\n\
             positions of self-play games ({}; target: {} × result + {} × the\n\
             labelling engine's score), K = {k:.3}, {} epochs of Adam at rate {},\n\
             starting from the previous weights with an L2 pull of {} towards them;\n\
             held-out error {held_before:.6} → {held_after:.6}. Re-run the script, do not\n\
             edit by hand.",
            samples.len() + check.len(),
            files.join(", "),
            a.lambda,
            1.0 - a.lambda,
            a.epochs,
            a.rate,
            a.regularisation,
        );
        std::fs::write(out, weights_source(G::groups(), &fitted, &header))
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        eprintln!("wrote {}", out.display());
    }
    Ok(())
}
