//! What a network reads, said without naming a game: a feature set is an id
//! (kept in the network file's header) and a number of inputs; a game with
//! a network implements [`Features`] in its own folder to say which
//! feature each of its pieces is.

/// A network's inputs: the id its files carry and how many there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FeatureSet {
    /// The id in the file header (each game with a network has its own).
    pub id: u32,
    /// Number of input features (below [`MAX_INPUTS`]).
    pub inputs: u32,
}

/// The most inputs a feature set may have (feature indices fit in `u16`).
pub const MAX_INPUTS: u32 = 1 << 16;

impl std::fmt::Display for FeatureSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "feature set {} ({} inputs)", self.id, self.inputs)
    }
}

/// A game whose positions a network evaluates: its feature set, the
/// feature of each piece from each side's view, and the network built into
/// the binary for it.
pub trait Features {
    /// The feature set its networks read.
    const FEATURES: FeatureSet;

    /// The most pieces a position of the game holds (its start position's
    /// count): output buckets are equal slices of 2..=`MOST_PIECES`.
    const MOST_PIECES: u32;

    /// The network file built into the binary, if any (used unless
    /// `UseNNUE` is off or `EvalFile` replaced it).
    const EMBEDDED: Option<&'static [u8]>;

    /// The feature (below `FEATURES.inputs`) of a piece (`color` 0
    /// White/Red, `kind` the game's index, `square` the game's numbering)
    /// seen from `perspective` (0 White/Red, 1 Black).
    fn feature(perspective: usize, color: usize, kind: usize, square: usize) -> usize;

    /// The piece's feature from both perspectives, White's first.
    #[inline]
    fn features(color: usize, kind: usize, square: usize) -> [usize; 2] {
        [
            Self::feature(0, color, kind, square),
            Self::feature(1, color, kind, square),
        ]
    }
}
