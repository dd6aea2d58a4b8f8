//! `timur tune spsa`: SPSA tuning of search parameters by games, as
//! OpenBench runs it, on this machine: the parameter file
//! ([`param_file`]), the update rule ([`optimizer`]), the games of an
//! iteration through the match runner ([`referee`]) and the state file a
//! run resumes from ([`state`]).

pub mod optimizer;
pub mod param_file;
pub mod referee;
pub mod state;

use super::args::SpsaArgs;
use crate::files;
use crate::matches::openings::read_file;
use crate::matches::SearchLimits;
use optimizer::Spsa;
use param_file::Param;
use referee::{Openings, Referee};
use timur_search::tunables::{self, TUNABLES};

/// Iterations of a run started without `--iterations`.
const DEFAULT_ITERATIONS: u64 = 1000;
/// Seed of a run started without `--seed`.
const DEFAULT_SEED: u64 = 1;

/// `timur tune params`: this build's tunable search parameters in
/// OpenBench's SPSA input format.
pub fn params_text() -> String {
    TUNABLES
        .iter()
        .map(|t| param_file::format_line(&Param::from(t)) + "\n")
        .collect()
}

/// Runs `timur tune spsa`: progress on stderr, the final values on stdout.
pub fn run(args: &SpsaArgs) -> Result<(), String> {
    let bytes = files::read_bounded(&args.params, param_file::FILE_LIMIT)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("{}: not UTF-8 text", args.params.display()))?;
    let params =
        param_file::parse(&text).map_err(|why| format!("{}: {why}", args.params.display()))?;
    let engine = match &args.engine {
        Some(path) => path.clone(),
        None => {
            check_known(&params)?;
            std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?
        }
    };
    let mut spsa = start(args, params)?;
    let referee = Referee {
        engine,
        names: spsa.params().iter().map(|p| p.name.clone()).collect(),
        variant: args.variant,
        limits: SearchLimits {
            tc: args.tc,
            nodes: args.nodes,
            depth: None,
            movetime: None,
        },
        openings: match (&args.openings, args.random_openings) {
            (Some(path), _) => Openings::Pick(read_file(path, args.variant)?),
            (None, Some(plies)) => Openings::Random(plies),
            (None, None) => Openings::Start,
        },
        pairs: args.pairs.max(1),
        concurrency: args.concurrency.max(1),
    };
    let every = args.report_every.max(1);
    let (mut score, mut games) = (0i64, 0u64);
    while !spsa.finished() {
        let (k, seed) = (spsa.done() + 1, spsa.seed());
        score += i64::from(spsa.step(|p| referee.play(p, k, seed))?);
        games += 2 * u64::from(referee.pairs);
        state::write(&args.out, &spsa)?;
        if k % every == 0 || spsa.finished() {
            eprintln!("{}", progress(&spsa, score, games));
        }
    }
    print!("{}", final_text(&spsa));
    Ok(())
}

/// A fresh run, or the one saved in `--out` with `--resume` (whose length
/// and seed `--iterations` and `--seed`, if given, must repeat).
fn start(args: &SpsaArgs, params: Vec<Param>) -> Result<Spsa, String> {
    if !args.resume {
        return Ok(Spsa::new(
            params,
            args.iterations.unwrap_or(DEFAULT_ITERATIONS),
            args.seed.unwrap_or(DEFAULT_SEED),
        ));
    }
    let spsa = state::read(&args.out, params)?;
    let differs = |given: Option<u64>, saved: u64| given.is_some_and(|g| g != saved);
    if differs(args.iterations, spsa.iterations()) || differs(args.seed, spsa.seed()) {
        return Err(format!(
            "{} is a run of {} iterations with seed {}: resume it with those",
            args.out.display(),
            spsa.iterations(),
            spsa.seed()
        ));
    }
    eprintln!(
        "resuming {} after {} of {} iterations",
        args.out.display(),
        spsa.done(),
        spsa.iterations()
    );
    Ok(spsa)
}

/// Refuses parameters this build does not have (tuning one would change
/// nothing: the engine answers an unknown option with an error line).
fn check_known(params: &[Param]) -> Result<(), String> {
    match params.iter().find(|p| tunables::find(&p.name).is_none()) {
        Some(p) => Err(format!(
            "`{}` is no search parameter of this build (`timur tune params` lists them; \
             --engine tunes another program)",
            p.name
        )),
        None => Ok(()),
    }
}

/// The progress line: iterations, θ+'s score so far, θ.
fn progress(spsa: &Spsa, score: i64, games: u64) -> String {
    let theta: Vec<String> = spsa
        .params()
        .iter()
        .zip(spsa.theta())
        .map(|(p, t)| format!("{}={t:.2}", p.name))
        .collect();
    format!(
        "iteration {}/{}: θ+ scored {score:+} in {games} games; {}",
        spsa.done(),
        spsa.iterations(),
        theta.join(" ")
    )
}

/// The final values as `setoption` lines, then as a parameter file with
/// them as defaults.
fn final_text(spsa: &Spsa) -> String {
    let mut out = String::new();
    for (p, value) in spsa.params().iter().zip(spsa.values()) {
        out += &format!("setoption name {} value {value}\n", p.name);
    }
    out += "\n";
    for (p, value) in spsa.params().iter().zip(spsa.values()) {
        let tuned = Param {
            default: value,
            ..p.clone()
        };
        out += &(param_file::format_line(&tuned) + "\n");
    }
    out
}
