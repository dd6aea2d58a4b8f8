//! Linear evaluation terms. A game's evaluation is a sum of weights times
//! counts (White's minus Black's), each weight a middlegame/endgame pair,
//! tapered by the game phase. One walk over the position's terms feeds both
//! the engine ([`Weigh`] applies the weights as the terms arrive) and the
//! tuner (`timur tune` records the counts and fits the weights to game
//! results).

use timur_search::{Color, Game};

/// A middlegame/endgame weight pair in centipawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair(pub i32, pub i32);

/// Receives the terms of one position: `count` more occurrences of term
/// `index` for White (negative counts are Black's).
pub trait TermSink {
    /// Adds `count` occurrences of term `index`.
    fn add(&mut self, index: usize, count: i32);

    /// The terms that follow belong to `color`'s side (only the `eval`
    /// table cares; the sum does not).
    #[inline(always)]
    fn side(&mut self, _color: Color) {}
}

/// `mg` and `eg` tapered: `phase` of `phase_max` parts middlegame.
#[inline]
pub fn taper(mg: i32, eg: i32, phase: i32, phase_max: i32) -> i32 {
    let phase = phase.clamp(0, phase_max);
    (mg * phase + eg * (phase_max - phase)) / phase_max
}

/// Sums weights as the terms arrive: the engine's sink.
pub struct Weigh<'a> {
    weights: &'a [Pair],
    /// Middlegame sum so far.
    pub mg: i32,
    /// Endgame sum so far.
    pub eg: i32,
}

impl<'a> Weigh<'a> {
    /// A sink applying `weights`, sums at zero.
    #[inline]
    pub fn new(weights: &'a [Pair]) -> Weigh<'a> {
        Weigh {
            weights,
            mg: 0,
            eg: 0,
        }
    }

    /// The tapered sum: `phase` of `phase_max` parts middlegame.
    #[inline]
    pub fn taper(&self, phase: i32, phase_max: i32) -> i32 {
        taper(self.mg, self.eg, phase, phase_max)
    }
}

impl TermSink for Weigh<'_> {
    #[inline(always)]
    fn add(&mut self, index: usize, count: i32) {
        if let Some(w) = self.weights.get(index) {
            self.mg += w.0 * count;
            self.eg += w.1 * count;
        }
    }
}

/// A named run of consecutive weights (for the tuner's output file).
#[derive(Clone, Copy, Debug)]
pub struct Group {
    /// What the weights are, e.g. `knight mobility by squares reached`.
    pub name: &'static str,
    /// How many weights the group has.
    pub len: usize,
    /// Weights per line in the written file (e.g. 8 for a board rank).
    pub per_line: usize,
}

/// A game whose evaluation is made of linear terms, so `timur tune` can fit
/// its weights.
pub trait LinearEval {
    /// The phase of a position with every piece on the board.
    const PHASE_MAX: i32;

    /// The weights in force, in term order.
    fn weights() -> &'static [Pair];

    /// The weight groups in term order; their lengths add up to the number
    /// of weights.
    fn groups() -> &'static [Group];

    /// The game phase: [`LinearEval::PHASE_MAX`] with everything on, 0 in a
    /// bare endgame.
    fn phase(&self) -> i32;

    /// Feeds every term of the position to `sink`, from White's view.
    fn terms<S: TermSink>(&self, sink: &mut S);

    /// The evaluation from White's view with `weights`.
    fn white_eval_with(&self, weights: &[Pair]) -> i32 {
        let mut sum = Weigh::new(weights);
        self.terms(&mut sum);
        sum.taper(self.phase(), Self::PHASE_MAX)
    }

    /// The evaluation with the weights in force, from the side to move's
    /// view (what the search calls).
    fn mover_eval(&self) -> i32
    where
        Self: Game,
    {
        let score = self.white_eval_with(Self::weights());
        match self.side_to_move() {
            Color::White => score,
            Color::Black => -score,
        }
    }
}

/// The Rust source of a weights table: the `WEIGHTS` constant, one commented
/// block per group (what `timur tune --out` writes).
pub fn weights_source(groups: &[Group], weights: &[Pair], header: &str) -> String {
    let mut out = String::new();
    for line in header.lines() {
        out += &format!("//! {line}\n").replace("//! \n", "//!\n");
    }
    out += "\nuse crate::variants::terms::Pair;\n\n";
    out += "/// The evaluation weights, in term order (see `terms.rs`).\n";
    out += "#[rustfmt::skip]\n";
    out += &format!("pub const WEIGHTS: [Pair; {}] = [\n", weights.len());
    let mut at = 0;
    for group in groups {
        out += &format!("    // {}\n", group.name);
        let end = (at + group.len).min(weights.len());
        for chunk in weights[at..end].chunks(group.per_line.max(1)) {
            let cells: Vec<String> = chunk
                .iter()
                .map(|p| format!("Pair({}, {})", p.0, p.1))
                .collect();
            out += &format!("    {},\n", cells.join(", "));
        }
        at = end;
    }
    out += "];\n";
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weigh_sums_and_tapers() {
        let weights = [Pair(10, 20), Pair(-5, 7)];
        let mut sum = Weigh::new(&weights);
        sum.add(0, 2);
        sum.add(1, -1);
        assert_eq!((sum.mg, sum.eg), (25, 33));
        assert_eq!(sum.taper(24, 24), 25);
        assert_eq!(sum.taper(0, 24), 33);
        assert_eq!(sum.taper(12, 24), 29);
    }

    #[test]
    fn the_source_lists_every_weight_under_its_group() {
        let groups = [
            Group {
                name: "a",
                len: 1,
                per_line: 4,
            },
            Group {
                name: "b",
                len: 3,
                per_line: 2,
            },
        ];
        let weights = [Pair(1, 2), Pair(3, 4), Pair(5, 6), Pair(7, 8)];
        let text = weights_source(&groups, &weights, "Tuned.\n\nBy hand.");
        assert!(text.starts_with("//! Tuned.\n//!\n//! By hand.\n"));
        assert!(text.contains("[Pair; 4]"));
        assert!(text.contains(
            "    // a\n    Pair(1, 2),\n    // b\n    Pair(3, 4), Pair(5, 6),\n    Pair(7, 8),\n"
        ));
    }
}
