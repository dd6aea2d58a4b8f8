//! The games `timur nnue` works on, without naming one: each variant whose
//! game implements [`Trainable`], found through the engine's one dispatch
//! ([`AnyGame::with_trainable`]), described by what the tools need that no
//! position has to be made for (record tag and layout, squares and kinds,
//! feature set, feature index, mirror, the FEN of a record).

use crate::engine::{AnyGame, TrainableJob, VariantKind};
use crate::nnue::features::{bucketed_features, FeatureSet};
use crate::nnue::network::Network;
use crate::variants::trainable::{PlacedPiece, RecordLayout, Trainable};
use once_cell::sync::Lazy;
use std::path::Path;

/// A piece as (color, kind, square).
type Piece = (usize, usize, usize);

/// A game with a network, as the offline tools see it.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The variant described ([`by_tag`] and [`by_features`] give the
    /// first of those sharing a game: chess before Chess960).
    pub kind: VariantKind,
    /// The byte its training records carry.
    pub tag: u8,
    /// How its data files lie on disk.
    pub layout: RecordLayout,
    /// Squares in its numbering ([`Trainable::SQUARES`]).
    pub squares: usize,
    /// Piece kinds.
    pub kinds: usize,
    /// Whether outside UCI engines play it (relabel's teachers).
    pub outside_teachers: bool,
    /// Its networks' inputs.
    pub features: FeatureSet,
    /// Its bucketed feature set, if any
    /// ([`crate::nnue::features::Features::BUCKETED`]).
    pub bucketed: Option<FeatureSet>,
    /// [`crate::nnue::features::Features::MOST_PIECES`].
    pub most_pieces: u32,
    /// [`crate::nnue::features::Features::feature`].
    pub feature: fn(usize, usize, usize, usize) -> usize,
    /// The bucketed features of pieces (color, kind, square), per piece
    /// from White's and Black's view ([`bucketed_features`]).
    pub bucketed_features: fn(&[Piece]) -> Vec<[usize; 2]>,
    /// [`Trainable::mirror_file`].
    pub mirror_file: fn(usize) -> Option<usize>,
    /// [`Trainable::record_fen`].
    pub record_fen: fn(&[PlacedPiece], u8) -> String,
}

/// The job that describes a game.
struct Describe(VariantKind);

impl TrainableJob for Describe {
    type Output = GameInfo;

    fn run<G: Trainable>(self, _start: G) -> GameInfo {
        GameInfo {
            kind: self.0,
            tag: G::RECORD_TAG,
            layout: G::RECORDS,
            squares: G::SQUARES,
            kinds: G::LETTERS.len(),
            outside_teachers: G::OUTSIDE_TEACHERS,
            features: G::FEATURES,
            bucketed: G::BUCKETED,
            most_pieces: G::MOST_PIECES,
            feature: G::feature,
            bucketed_features: |pieces| bucketed_features::<G>(pieces.iter().copied()).collect(),
            mirror_file: G::mirror_file,
            record_fen: G::record_fen,
        }
    }
}

/// Every variant with a network, in the engine's order.
static GAMES: Lazy<Vec<GameInfo>> = Lazy::new(|| {
    VariantKind::ALL
        .into_iter()
        .filter_map(|kind| describe(kind).ok())
        .collect()
});

/// The game of `kind`; the error says which variants have a network.
pub fn describe(kind: VariantKind) -> Result<GameInfo, String> {
    AnyGame::with_trainable(kind, Describe(kind))
}

/// The game whose records carry `tag`.
pub fn by_tag(tag: u8) -> Option<&'static GameInfo> {
    GAMES.iter().find(|game| game.tag == tag)
}

/// The game whose networks read `features` (its plain or bucketed set).
pub fn by_features(features: FeatureSet) -> Option<&'static GameInfo> {
    GAMES
        .iter()
        .find(|game| game.features == features || game.bucketed == Some(features))
}

/// The game of the network read from `path`, or an error naming the file.
pub fn of_network(network: &Network, path: &Path) -> Result<&'static GameInfo, String> {
    by_features(network.features).ok_or_else(|| {
        format!(
            "{}: a network of {}, which no game here reads",
            path.display(),
            network.features
        )
    })
}

/// The name of the game whose networks read `features` (or the feature
/// set, where no game reads it).
pub fn name_of(features: FeatureSet) -> String {
    by_features(features).map_or_else(|| features.to_string(), |game| game.kind.to_string())
}

/// The name of the game whose records carry `tag`.
pub fn name_of_tag(tag: u8) -> String {
    by_tag(tag).map_or_else(|| format!("game tag {tag}"), |game| game.kind.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_feature_sets_find_their_game_and_keep_their_values() {
        for game in GAMES.iter() {
            assert_eq!(by_tag(game.tag).unwrap().features, game.features);
            assert_eq!(by_features(game.features).unwrap().tag, game.tag);
        }
        // The bytes on disk: records tagged 0 are chess's, 1 xiangqi's;
        // network files say 1 for chess's features, 2 for xiangqi's.
        let chess = describe(VariantKind::Chess).unwrap();
        let xiangqi = describe(VariantKind::Xiangqi).unwrap();
        assert_eq!((chess.tag, chess.features.id), (0, 1));
        assert_eq!((xiangqi.tag, xiangqi.features.id), (1, 2));
        assert_eq!(describe(VariantKind::Chess960).unwrap().tag, 0);
        assert_eq!(name_of_tag(0), "chess");
        assert_eq!(name_of(xiangqi.features), "xiangqi");
        // King-bucketed networks say 6 (chess) and 5 (xiangqi); Tamerlane has
        // none. Chess's retired set 4 (the board mirrored by the king's
        // half) is no network's any more.
        assert_eq!(chess.bucketed.map(|set| set.id), Some(6));
        let retired = FeatureSet {
            id: 4,
            inputs: 3072,
        };
        assert!(by_features(retired).is_none());
        assert_eq!(name_of(chess.bucketed.unwrap()), "chess");
        assert_eq!(xiangqi.bucketed.map(|set| set.id), Some(5));
        assert_eq!(name_of(xiangqi.bucketed.unwrap()), "xiangqi");
    }

    #[test]
    fn tamerlane_has_headed_records_and_no_mirror() {
        let tamerlane = describe(VariantKind::Tamerlane).unwrap();
        assert_eq!((tamerlane.tag, tamerlane.features.id), (2, 3));
        assert_eq!(tamerlane.layout, RecordLayout::Headed);
        assert_eq!((tamerlane.squares, tamerlane.kinds), (112, 23));
        assert_eq!((tamerlane.mirror_file)(0), None);
        assert!(!tamerlane.outside_teachers);
        assert_eq!(
            describe(VariantKind::Chess).unwrap().layout,
            RecordLayout::Plain
        );
        assert_eq!(
            describe(VariantKind::Xiangqi).unwrap().layout,
            RecordLayout::Plain
        );
    }

    #[test]
    fn games_without_a_network_say_which_have_one() {
        for kind in [VariantKind::Jasir, VariantKind::Jarmo] {
            let why = describe(kind).unwrap_err();
            assert!(
                why.contains(kind.name()) && why.contains("xiangqi") && why.contains("tamerlane"),
                "{why}"
            );
        }
    }
}
