//! The state file of `timur tune spsa`: the run's length and seed, the
//! iterations done and θ by parameter name, as JSON, written after every
//! iteration (to a temporary file first, then renamed over the old one, so
//! an interrupted run never leaves half a file) and read by `--resume`.

use super::optimizer::Spsa;
use super::param_file::Param;
use crate::files;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The most bytes a state file may have.
const STATE_LIMIT: u64 = 1 << 20;

/// The file's contents.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct StateFile {
    iterations: u64,
    seed: u64,
    done: u64,
    theta: Vec<NamedValue>,
}

/// One parameter's current θ.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct NamedValue {
    name: String,
    theta: f64,
}

/// Writes `spsa`'s state to `path`.
pub fn write(path: &Path, spsa: &Spsa) -> Result<(), String> {
    let state = StateFile {
        iterations: spsa.iterations(),
        seed: spsa.seed(),
        done: spsa.done(),
        theta: spsa
            .params()
            .iter()
            .zip(spsa.theta())
            .map(|(p, &theta)| NamedValue {
                name: p.name.clone(),
                theta,
            })
            .collect(),
    };
    let text = serde_json::to_string_pretty(&state).map_err(|e| e.to_string())? + "\n";
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    std::fs::write(&temporary, text).map_err(fail)?;
    std::fs::rename(&temporary, path).map_err(fail)
}

/// The run saved in `path`, for `params` (the same names in the same
/// order as when it was written).
pub fn read(path: &Path, params: Vec<Param>) -> Result<Spsa, String> {
    let bytes = files::read_bounded(path, STATE_LIMIT)?;
    let state: StateFile = serde_json::from_slice(&bytes)
        .map_err(|e| format!("{}: not an SPSA state file: {e}", path.display()))?;
    let saved: Vec<&str> = state.theta.iter().map(|v| v.name.as_str()).collect();
    let given: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
    if saved != given {
        return Err(format!(
            "{} tunes {} but the parameter file declares {}",
            path.display(),
            saved.join(", "),
            given.join(", ")
        ));
    }
    let theta = state.theta.iter().map(|v| v.theta).collect();
    Spsa::resume(params, state.iterations, state.seed, theta, state.done)
        .map_err(|why| format!("{}: {why}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params() -> Vec<Param> {
        crate::tune::spsa::param_file::parse(
            "a, int, 5, 0, 10, 1, 0.002\nb, int, 50, 0, 100, 5, 0.002\n",
        )
        .unwrap()
    }

    #[test]
    fn a_written_state_reads_back() {
        let dir = std::env::temp_dir().join(format!("timur-spsa-state-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("state.json");
        let mut spsa = Spsa::new(params(), 10, 4);
        spsa.step(|_| Ok(2)).unwrap();
        write(&path, &spsa).unwrap();
        let back = read(&path, params()).unwrap();
        assert_eq!(back.theta(), spsa.theta());
        assert_eq!((back.done(), back.iterations(), back.seed()), (1, 10, 4));
        assert_eq!(back.perturbation(), spsa.perturbation());
        let mut other = params();
        other.reverse();
        assert!(read(&path, other).unwrap_err().contains("declares b, a"));
        std::fs::write(&path, "{\"iterations\": 1}").unwrap();
        assert!(read(&path, params())
            .unwrap_err()
            .contains("not an SPSA state file"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
