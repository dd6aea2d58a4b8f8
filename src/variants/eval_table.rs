//! The `eval` command's table: a game's static evaluation split into its
//! main terms per side (Stockfish's `eval` layout), then the evaluations
//! the search would use.

use crate::variants::terms::{taper, LinearEval, Pair, TermSink};
use std::fmt;
use timur_search::{Color, Game};

/// One term of the evaluation for each side, centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermRow {
    /// What the term is (`Material`, `Mobility`).
    pub name: &'static str,
    /// The first side's part (White, Red), from its own view.
    pub white: i32,
    /// The second side's part (Black), from its own view.
    pub black: i32,
}

/// A position's static evaluation, term by term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTable {
    /// The sides' names, the first side (the one scores are seen from) first.
    pub sides: [&'static str; 2],
    /// The main terms.
    pub rows: Vec<TermRow>,
    /// The hand-written evaluation from the first side's view.
    pub hand_written: i32,
    /// The network's evaluation from the first side's view, where the game
    /// has a network and `UseNNUE` is on.
    pub network: Option<i32>,
}

/// A value seen from `side` turned to the first side's view.
pub fn first_side_view(side: Color, value: i32) -> i32 {
    match side {
        Color::White => value,
        Color::Black => -value,
    }
}

/// Centipawns as pawns with a sign: `+0.25`.
fn pawns(cp: i32) -> String {
    format!("{:+.2}", f64::from(cp) / 100.0)
}

impl fmt::Display for EvalTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [first, second] = self.sides;
        let rule = "----------------------+---------+---------+---------";
        writeln!(
            f,
            "{:>21} | {first:>7} | {second:>7} | {:>7}",
            "Term", "Total"
        )?;
        writeln!(f, "{rule}")?;
        for row in &self.rows {
            let (white, black) = (pawns(row.white), pawns(row.black));
            let total = pawns(row.white - row.black);
            writeln!(f, "{:>21} | {white:>7} | {black:>7} | {total:>7}", row.name)?;
        }
        let white: i32 = self.rows.iter().map(|r| r.white).sum();
        let black: i32 = self.rows.iter().map(|r| r.black).sum();
        writeln!(f, "{rule}")?;
        writeln!(
            f,
            "{:>21} | {:>7} | {:>7} | {:>7}",
            "Sum of the terms",
            pawns(white),
            pawns(black),
            pawns(white - black)
        )?;
        writeln!(f)?;
        let side = first.to_lowercase();
        writeln!(
            f,
            "Hand-written evaluation {} ({side} side)",
            pawns(self.hand_written)
        )?;
        if let Some(network) = self.network {
            writeln!(
                f,
                "NNUE evaluation         {} ({side} side)",
                pawns(network)
            )?;
        }
        let last = self.network.unwrap_or(self.hand_written);
        write!(f, "Final evaluation        {} ({side} side)", pawns(last))
    }
}

/// Sums a linear evaluation's weighted terms per table row and side.
struct Trace<'a> {
    weights: &'a [Pair],
    /// Each row's name and first term index, in term order.
    rows: &'a [(&'static str, usize)],
    side: Color,
    /// Per row and side: middlegame and endgame sums, first side's view.
    sums: Vec<[(i32, i32); 2]>,
}

impl TermSink for Trace<'_> {
    fn add(&mut self, index: usize, count: i32) {
        let row = self.rows.partition_point(|&(_, first)| first <= index);
        if let (Some(sums), Some(w)) = (
            self.sums.get_mut(row.saturating_sub(1)),
            self.weights.get(index),
        ) {
            let cell = &mut sums[self.side.index()];
            cell.0 += w.0 * count;
            cell.1 += w.1 * count;
        }
    }

    fn side(&mut self, color: Color) {
        self.side = color;
    }
}

/// The table of a linear evaluation: `rows` names the first term of each
/// row, in term order (a row runs to the next one's first term). Each cell
/// is tapered on its own, so the rows may miss the total by rounding.
pub fn linear_table<G: LinearEval + Game>(
    pos: &G,
    rows: &[(&'static str, usize)],
    sides: [&'static str; 2],
) -> EvalTable {
    let mut trace = Trace {
        weights: G::weights(),
        rows,
        side: Color::White,
        sums: vec![[(0, 0); 2]; rows.len()],
    };
    pos.terms(&mut trace);
    let phase = pos.phase();
    let tapered = |(mg, eg): (i32, i32)| taper(mg, eg, phase, G::PHASE_MAX);
    EvalTable {
        sides,
        rows: rows
            .iter()
            .zip(&trace.sums)
            .map(|(&(name, _), [white, black])| TermRow {
                name,
                white: tapered(*white),
                black: -tapered(*black),
            })
            .collect(),
        hand_written: pos.white_eval_with(G::weights()),
        network: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_like_stockfish() {
        let table = EvalTable {
            sides: ["White", "Black"],
            rows: vec![TermRow {
                name: "Material",
                white: 3900,
                black: 3800,
            }],
            hand_written: 100,
            network: Some(25),
        };
        let text = table.to_string();
        assert!(
            text.contains("Material |  +39.00 |  +38.00 |   +1.00"),
            "{text}"
        );
        assert!(text.contains("Hand-written evaluation +1.00 (white side)"));
        assert!(text.contains("NNUE evaluation         +0.25 (white side)"));
        assert!(text.ends_with("Final evaluation        +0.25 (white side)"));
    }
}
