//! What a network reads, said without naming a game: a feature set is an id
//! (kept in the network file's header) and a number of inputs; a game with
//! a network implements [`Features`] in its own folder to say which
//! feature each of its pieces is, and, if it has a bucketed feature set,
//! which [`View`] each side takes of a position.

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

/// How one perspective reads a position in a bucketed feature set: which
/// copy of the plain features (its input bucket) and whether the board is
/// seen in the mirror along its centre file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct View {
    /// The input bucket.
    pub bucket: u8,
    /// Whether every square is mirrored ([`Features::mirrored`]).
    pub mirrored: bool,
}

/// A game whose positions a network evaluates: its feature set, the
/// feature of each piece from each side's view, and the network built into
/// the binary for it.
pub trait Features {
    /// The feature set its networks read (the plain one).
    const FEATURES: FeatureSet;

    /// Its bucketed feature set, if any: copies of the plain inputs, one
    /// per input bucket (`inputs` a multiple of `FEATURES.inputs`); each
    /// perspective reads the copy its [`View`] names, squares mirrored as
    /// the view says. None by default.
    const BUCKETED: Option<FeatureSet> = None;

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

    /// The view `perspective` takes when this piece stands on `square`,
    /// if the piece is the one that decides it; by default none does.
    #[inline]
    fn view(_perspective: usize, _color: usize, _kind: usize, _square: usize) -> Option<View> {
        None
    }

    /// `square` in the mirror along the board's centre file (what a
    /// mirrored [`View`] reads); by default unchanged.
    #[inline]
    fn mirrored(square: usize) -> usize {
        square
    }

    /// The piece's feature in the plain set as `perspective` reads it
    /// with `view` (the square mirrored if the view is).
    #[inline]
    fn viewed_feature(
        perspective: usize,
        view: View,
        color: usize,
        kind: usize,
        square: usize,
    ) -> usize {
        let square = if view.mirrored {
            Self::mirrored(square)
        } else {
            square
        };
        Self::feature(perspective, color, kind, square)
    }

    /// The piece's feature in the bucketed set for `perspective` with
    /// `view`: its viewed feature in the copy of `view.bucket`.
    #[inline]
    fn bucketed_feature(
        perspective: usize,
        view: View,
        color: usize,
        kind: usize,
        square: usize,
    ) -> usize {
        usize::from(view.bucket) * Self::FEATURES.inputs as usize
            + Self::viewed_feature(perspective, view, color, kind, square)
    }

    /// The piece's feature from both perspectives, White's first.
    #[inline]
    fn features(color: usize, kind: usize, square: usize) -> [usize; 2] {
        [
            Self::feature(0, color, kind, square),
            Self::feature(1, color, kind, square),
        ]
    }

    /// Whether networks of `features` are this game's (its plain or its
    /// bucketed set).
    fn reads(features: FeatureSet) -> bool {
        features == Self::FEATURES || Some(features) == Self::BUCKETED
    }
}

/// Each perspective's view of a position of `pieces` (color, kind,
/// square): the one its deciding piece gives, else the default.
pub fn views_of<F: Features>(pieces: impl Iterator<Item = (usize, usize, usize)>) -> [View; 2] {
    let mut views = [View::default(); 2];
    for (color, kind, square) in pieces {
        for (perspective, view) in views.iter_mut().enumerate() {
            if let Some(found) = F::view(perspective, color, kind, square) {
                *view = found;
            }
        }
    }
    views
}

/// The features of `pieces` in the bucketed set, per piece from both
/// perspectives (White's first), each with its view of the position.
pub fn bucketed_features<F: Features>(
    pieces: impl Iterator<Item = (usize, usize, usize)> + Clone,
) -> impl Iterator<Item = [usize; 2]> {
    let views = views_of::<F>(pieces.clone());
    pieces.map(move |(color, kind, square)| {
        [0, 1].map(|p| F::bucketed_feature(p, views[p], color, kind, square))
    })
}
