//! `timur nnue`: the offline tools that make networks — self-play data
//! ([`datagen`]), scores from an outside engine ([`relabel`]), training
//! ([`train`]), a network beside the hand-written evaluation
//! ([`compare`]), its loss on held-out data ([`loss`]) and its output scaled, data for and networks from bullet,
//! the GPU trainer ([`bullet_data`], [`bullet_net`]) — over the training records
//! ([`record`], the headed files' header in [`record_header`]). They name no game: [`games`] reaches each game with a
//! network through the engine's one dispatch
//! ([`crate::engine::AnyGame::with_trainable`]); the networks they make are
//! read by [`crate::nnue`].

pub mod args;
pub mod bullet_data;
pub mod bullet_net;
pub mod compare;
pub mod datagen;
pub mod games;
pub mod loss;
pub mod record;
pub mod record_header;
pub mod relabel;
pub mod train;

use crate::engine::AnyGame;
use crate::nnue::{active, network};
pub use args::{NnueArgs, NnueCommand};

/// Runs `timur nnue …`; progress goes to stderr.
pub fn run(args: &NnueArgs) -> Result<(), String> {
    match &args.command {
        NnueCommand::Datagen(a) => {
            if let Some(path) = &a.eval_file {
                let path = path.to_string_lossy();
                let features = active::load_file(&path, &AnyGame::network_features())?;
                eprintln!("{path}: {} network loaded", games::name_of(features));
            }
            let summary = datagen::run(&a.settings())?;
            println!(
                "{} games, {} positions written ({} before); white {} draw {} black {}",
                summary.games,
                summary.positions,
                summary.existing,
                summary.white_wins,
                summary.draws,
                summary.black_wins
            );
            Ok(())
        }
        NnueCommand::Relabel(a) => {
            let summary = relabel::run(&a.settings()?)?;
            println!(
                "{} records read, {} written with the engine's score, {} dropped",
                summary.read, summary.written, summary.dropped
            );
            Ok(())
        }
        NnueCommand::Compare(a) => {
            let c = compare::run(&a.settings())?;
            println!(
                "{} positions with |hand-written| < {}: mean |cp| network {:.1}, hand-written {:.1}, label {:.1}; correlation with the label: network {:.3}, hand-written {:.3}; factor to the hand-written scale {:.3}",
                c.positions,
                compare::QUIET_LIMIT,
                c.mean_abs[0],
                c.mean_abs[1],
                c.mean_abs[2],
                c.label_correlation[0],
                c.label_correlation[1],
                c.factor
            );
            Ok(())
        }
        NnueCommand::Loss(a) => {
            let r = loss::run(&a.settings())?;
            println!(
                "{} positions of {} games: loss against the scores {:.6}, against the results {:.6}; against the results at the best output scale (×{:.2}) {:.6}",
                r.positions, r.games, r.score_loss, r.result_loss, r.best_scale, r.best_result_loss
            );
            Ok(())
        }
        NnueCommand::Scale(a) => {
            let network = network::Network::read_file(&a.net)?;
            std::fs::write(&a.out, network.with_output_scaled(a.factor).to_bytes())
                .map_err(|e| format!("cannot write {}: {e}", a.out.display()))?;
            println!("wrote {} (output × {})", a.out.display(), a.factor);
            Ok(())
        }
        NnueCommand::ExportBullet(a) => {
            let count = bullet_data::export(&a.data, &a.out)?;
            println!(
                "{count} records written to {} as bullet's ChessBoard",
                a.out.display()
            );
            Ok(())
        }
        NnueCommand::ImportBullet(a) => {
            let features = a.features();
            let network = bullet_net::read_file(&a.net, features, a.hidden, a.buckets)?;
            std::fs::write(&a.out, network.to_bytes())
                .map_err(|e| format!("cannot write {}: {e}", a.out.display()))?;
            println!(
                "wrote {}: {}, from bullet's {}",
                a.out.display(),
                bullet_net::shape(features, a.hidden, a.buckets),
                a.net.display()
            );
            Ok(())
        }
        NnueCommand::Train(a) => {
            let settings = a.settings()?;
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(a.threads.unwrap_or(0))
                .build()
                .map_err(|e| format!("cannot start threads: {e}"))?;
            let report = pool.install(|| train::train(&settings))?;
            println!(
                "{} training and {} validation positions; loss {:.6} / {:.6}; quantised vs float {:.2} cp mean, {} cp max; {:.0} positions/s; wrote {}",
                report.training,
                report.validation,
                report.training_loss,
                report.validation_loss,
                report.quantisation_mean_cp,
                report.quantisation_max_cp,
                report.positions_per_second,
                a.out.display()
            );
            Ok(())
        }
    }
}
