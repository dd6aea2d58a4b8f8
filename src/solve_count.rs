//! `timur solve --count N`: the sizes of the position sets of at most N
//! living archers, per split, counted combinatorially (nothing is
//! enumerated or solved): for Jasir the compact index's N-archer set and
//! the solver keys with and without the bound on elites; for Jarmo the
//! solver keys (shuttle entries included) beside Jasir's.

use crate::variants::jasir::board::MAX_ARCHERS;
use crate::variants::jasir::solver::count::{index_splits, jasir_keys, JarmoBoards};
use crate::variants::jasir::solver::index::Layout;
use crate::variants::jasir::Rules;
use std::time::Instant;

/// Jasir: one line per split of the `archers`-archer set, then the index
/// size of every set from 2 archers up.
fn jasir(archers: u32) {
    println!("split  index(N={archers})  keys(elites<=N-living)  keys(all)");
    let (mut index, mut bounded, mut all) = (0u64, 0u64, 0u64);
    for (white, black, slots) in index_splits(archers) {
        let living = white + black;
        let some = jasir_keys(white, black, Some(archers - living));
        let every = jasir_keys(white, black, None);
        println!("{white} v {black}  {slots}  {some}  {every}");
        index += slots;
        bounded += some;
        all += every;
    }
    println!("total  {index}  {bounded}  {all}");
    for n in 2..=archers {
        println!(
            "index of at most {n} archers: {} positions",
            Layout::new(n).total()
        );
    }
}

/// Jarmo: one line per split (each side 1..=5, at most `archers`) with
/// Jarmo's keys, Jasir's (any elites) and their ratio.
fn jarmo(archers: u32) {
    let most = MAX_ARCHERS.min(archers - 1);
    let boards = JarmoBoards::count(most);
    println!("split  jarmo keys  jasir keys(all)  ratio");
    for white in 1..=most {
        for black in 1..=most.min(archers - white) {
            let jarmo = boards.keys(white, black);
            let jasir = jasir_keys(white, black, None);
            println!(
                "{white} v {black}  {jarmo}  {jasir}  {:.1}",
                jarmo as f64 / jasir as f64
            );
        }
    }
}

/// Prints the counts of the sets of at most `archers` (2..=10) archers.
pub fn run_count(rules: Rules, archers: u32) -> Result<(), String> {
    if !(2..=2 * MAX_ARCHERS).contains(&archers) {
        return Err(format!(
            "--count is 2 to {} archers (one to five a side)",
            2 * MAX_ARCHERS
        ));
    }
    let clock = Instant::now();
    match rules {
        Rules::Jasir => jasir(archers),
        Rules::Jarmo => jarmo(archers),
    }
    println!("counted in {:.1} s", clock.elapsed().as_secs_f64());
    Ok(())
}
