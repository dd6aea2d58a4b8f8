//! `timur tune`: Texel tuning of a game's evaluation weights on the games
//! `timur match --pgn` wrote (usually self-play, see `scripts/tune.sh`).
//! Writes the fitted weights as the game's `weights.rs`.

pub mod dataset;
pub mod fit;
pub mod pgn;

use crate::engine::VariantKind;
use crate::variants::chess::Chess;
use crate::variants::terms::{weights_source, LinearEval, Pair};
use crate::variants::xiangqi::Xiangqi;
use crate::variants::Variant;
use fit::FitSettings;
use std::path::{Path, PathBuf};

/// What `timur tune` was asked to do.
#[derive(Clone, Debug)]
pub struct TuneRequest {
    /// The game whose weights are fitted (chess or xiangqi).
    pub variant: VariantKind,
    /// PGN files of finished games.
    pub games: Vec<PathBuf>,
    /// Where to write the fitted `weights.rs` (nothing written without it).
    pub out: Option<PathBuf>,
    /// Settings of the gradient descent.
    pub settings: FitSettings,
}

/// Runs a tuning session; progress goes to stderr.
pub fn run(request: &TuneRequest) -> Result<(), String> {
    match request.variant {
        VariantKind::Chess => tune::<Chess>(request, "chess"),
        VariantKind::Xiangqi => tune::<Xiangqi>(request, "xiangqi"),
        other => Err(format!(
            "{other} has no linear evaluation to tune (chess and xiangqi do)"
        )),
    }
}

fn tune<G: LinearEval + Variant>(request: &TuneRequest, variant: &str) -> Result<(), String> {
    let mut games = Vec::new();
    for path in &request.games {
        let text =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        games.extend(pgn::read_games(&String::from_utf8_lossy(&text)));
    }
    let data = dataset::collect::<G>(&games, variant);
    eprintln!(
        "{} games used, {} skipped, {} positions",
        data.games,
        data.skipped,
        data.samples.len()
    );
    if data.samples.is_empty() {
        return Err("no training positions: give PGN files of finished games".into());
    }
    let start = G::weights();
    let as_floats: Vec<(f64, f64)> = start
        .iter()
        .map(|p| (f64::from(p.0), f64::from(p.1)))
        .collect();
    let k = fit::fit_k(&data.samples, &as_floats, G::PHASE_MAX);
    let before = fit::error(&data.samples, &as_floats, G::PHASE_MAX, k);
    eprintln!("K = {k:.4}, error of the current weights {before:.6}");
    let fitted = fit::fit(
        &data.samples,
        start,
        &[],
        G::PHASE_MAX,
        k,
        request.settings,
        |epoch, error| eprintln!("epoch {epoch}: error {error:.6}"),
    );
    let changed = start.iter().zip(&fitted).filter(|(a, b)| a != b).count();
    eprintln!("{changed} of {} weights changed", fitted.len());
    if let Some(out) = &request.out {
        write(out, &fitted, G::groups(), &data, k, before, request)?;
        eprintln!("wrote {}", out.display());
    }
    Ok(())
}

fn write(
    out: &Path,
    weights: &[Pair],
    groups: &[crate::variants::terms::Group],
    data: &dataset::Dataset,
    k: f64,
    before: f64,
    request: &TuneRequest,
) -> Result<(), String> {
    let header = format!(
        "The {} evaluation weights (see `terms.rs` for what each one counts).\n\n\
         Fitted by `timur tune` (`scripts/tune.sh`): Texel tuning on {} quiet\n\
         positions of {} self-play games, K = {k:.3}, {} epochs of Adam at rate {}\n\
         (error before: {before:.6}). Edit by re-running the script, not by hand.",
        request.variant,
        data.samples.len(),
        data.games,
        request.settings.epochs,
        request.settings.rate,
    );
    std::fs::write(out, weights_source(groups, weights, &header))
        .map_err(|e| format!("cannot write {}: {e}", out.display()))
}
