//! The games of one SPSA iteration: the engine at θ+ against the engine at
//! θ−, each opening with both colours, through the match runner (each
//! setting passed as `setoption`); the score is θ+'s wins minus losses.

use super::optimizer::Perturbation;
use crate::engine::VariantKind;
use crate::matches::openings::{random_opening, Opening};
use crate::matches::{self, EngineSpec, GameRecord, GameResult, MatchConfig, MatchReport};
use crate::matches::{OpeningSource, Protocol, SearchLimits};
use crate::rng::Rng;
use std::path::PathBuf;
use timur_search::{hash_words, Color};

/// Where an iteration's games start.
#[derive(Clone, Debug)]
pub enum Openings {
    /// The variant's start (Chess960: a seeded random array per pair).
    Start,
    /// A seeded random pick of these per pair.
    Pick(Vec<Opening>),
    /// This many seeded random plies per pair.
    Random(u32),
}

/// How the games of every iteration are played.
#[derive(Clone, Debug)]
pub struct Referee {
    /// The engine (UCI) both sides run.
    pub engine: PathBuf,
    /// The option names, in the order of the perturbation's values.
    pub names: Vec<String>,
    /// The game.
    pub variant: VariantKind,
    /// Clock or nodes per move.
    pub limits: SearchLimits,
    /// Where the games start.
    pub openings: Openings,
    /// Game pairs per iteration.
    pub pairs: u32,
    /// Games played at once.
    pub concurrency: usize,
}

impl Referee {
    /// Plays iteration `k` of a run seeded with `seed` and returns θ+'s
    /// wins minus losses.
    pub fn play(&self, perturbation: &Perturbation, k: u64, seed: u64) -> Result<i32, String> {
        let mut rng = Rng::new(hash_words(&[seed, k, u64::from(u32::MAX)]));
        let openings = match &self.openings {
            Openings::Start => OpeningSource::Start,
            Openings::Pick(list) => OpeningSource::Given(
                (0..self.pairs)
                    .map(|_| list[rng.below(list.len() as u64) as usize].clone())
                    .collect(),
            ),
            Openings::Random(plies) => OpeningSource::Given(
                (0..self.pairs)
                    .map(|_| random_opening(self.variant, *plies, &mut rng))
                    .collect::<Result<_, _>>()?,
            ),
        };
        let engines = vec![
            self.side("plus", &perturbation.plus),
            self.side("minus", &perturbation.minus),
        ];
        let mut config = MatchConfig::new(engines, self.variant, self.limits);
        config.games = 2 * self.pairs;
        config.concurrency = self.concurrency;
        config.openings = openings;
        config.seed = rng.next_u64();
        config.quiet = true;
        Ok(score_of_first(&matches::run(&config)?))
    }

    /// The engine with the options `values`.
    fn side(&self, name: &str, values: &[i32]) -> EngineSpec {
        EngineSpec {
            cmd: self.engine.clone(),
            args: Vec::new(),
            protocol: Protocol::Uci,
            name: Some(name.to_string()),
            options: self
                .names
                .iter()
                .zip(values)
                .map(|(name, value)| (name.clone(), value.to_string()))
                .collect(),
            ranks_from_one: false,
            plays: None,
            tc: None,
            nodes: None,
        }
    }
}

/// The first engine's wins minus losses in `report`.
fn score_of_first(report: &MatchReport) -> i32 {
    report.games.iter().map(game_score).sum()
}

/// +1, 0 or −1: how game `record` went for engine 0.
fn game_score(record: &GameRecord) -> i32 {
    let side = if record.white == 0 {
        Color::White
    } else {
        Color::Black
    };
    match record.result {
        GameResult::Draw => 0,
        result if result == GameResult::win_for(side) => 1,
        _ => -1,
    }
}
