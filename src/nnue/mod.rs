//! Efficiently updatable neural network evaluation (NNUE): the training
//! records shared by data generation and training, the self-play data
//! generator, the quantised network and its trainer.

pub mod active;
pub mod args;
pub mod compare;
pub mod datagen;
pub mod network;
pub mod record;
pub mod relabel;
pub mod stack;
pub mod train;

pub use args::{NnueArgs, NnueCommand};

/// Runs `timur nnue …`; progress goes to stderr.
pub fn run(args: &NnueArgs) -> Result<(), String> {
    match &args.command {
        NnueCommand::Datagen(a) => {
            if let Some(path) = &a.eval_file {
                eprintln!("{}", active::load_file(&path.to_string_lossy())?);
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
        NnueCommand::Scale(a) => {
            let network = network::Network::read_file(&a.net)?;
            std::fs::write(&a.out, network.with_output_scaled(a.factor).to_bytes())
                .map_err(|e| format!("cannot write {}: {e}", a.out.display()))?;
            println!("wrote {} (output × {})", a.out.display(), a.factor);
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
