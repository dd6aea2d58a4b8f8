//! Efficiently updatable neural network evaluation (NNUE): the training
//! records shared by data generation and training, and the self-play
//! data generator.

pub mod args;
pub mod datagen;
pub mod record;

pub use args::{NnueArgs, NnueCommand};

/// Runs `timur nnue …`; progress goes to stderr.
pub fn run(args: &NnueArgs) -> Result<(), String> {
    match &args.command {
        NnueCommand::Datagen(a) => {
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
    }
}
