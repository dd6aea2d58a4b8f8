//! The networks the engine evaluates with: one slot per game with a
//! network (keyed by its plain feature set), filled with the game's
//! embedded network when it first asks, replaced by `EvalFile` (a network
//! of the plain or the bucketed set), and switched off and on together by
//! `UseNNUE`.

use super::features::{FeatureSet, Features};
use super::network::Network;
use once_cell::sync::Lazy;
use std::path::Path;
use std::sync::{Arc, PoisonError, RwLock};

/// A feature set `EvalFile` may load and the slot it fills: the plain
/// feature set of the game that reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readable {
    /// The set a network file may have.
    pub features: FeatureSet,
    /// Its game's plain set.
    pub slot: FeatureSet,
}

/// The network of one game and whether it is used.
struct Slot {
    /// The game's plain feature set.
    features: FeatureSet,
    network: Option<Arc<Network>>,
    enabled: bool,
}

/// Every slot filled so far, and `UseNNUE` as last set (on at start-up:
/// an embedded network is one a match accepted).
struct Slots {
    use_nnue: bool,
    slots: Vec<Slot>,
}

static SLOTS: Lazy<RwLock<Slots>> = Lazy::new(|| {
    RwLock::new(Slots {
        use_nnue: true,
        slots: Vec::new(),
    })
});

/// The network the game `F` evaluates with now, if any: the one `EvalFile`
/// loaded for its feature set, else its embedded network.
pub fn active<F: Features>() -> Option<Arc<Network>> {
    let find = |slots: &Slots| {
        slots
            .slots
            .iter()
            .find(|slot| slot.features == F::FEATURES)
            .map(|slot| slot.network.clone().filter(|_| slot.enabled))
    };
    if let Some(found) = find(&SLOTS.read().unwrap_or_else(PoisonError::into_inner)) {
        return found;
    }
    let mut slots = SLOTS.write().unwrap_or_else(PoisonError::into_inner);
    if let Some(found) = find(&slots) {
        return found;
    }
    let network = F::EMBEDDED
        .and_then(|bytes| Network::from_bytes(bytes).ok())
        .filter(|network| F::reads(network.features))
        .map(Arc::new);
    let enabled = slots.use_nnue;
    slots.slots.push(Slot {
        features: F::FEATURES,
        network: network.clone(),
        enabled,
    });
    network.filter(|_| enabled)
}

/// Whether NNUE evaluation is on (for the games that have a network).
pub fn enabled() -> bool {
    let slots = SLOTS.read().unwrap_or_else(PoisonError::into_inner);
    slots.use_nnue || slots.slots.iter().any(|slot| slot.enabled)
}

/// `UseNNUE`: every game with a network uses it, or none does.
pub fn set_enabled(on: bool) {
    let mut slots = SLOTS.write().unwrap_or_else(PoisonError::into_inner);
    slots.use_nnue = on;
    for slot in slots.slots.iter_mut() {
        slot.enabled = on;
    }
}

/// `EvalFile`: loads a network file into the slot of the game that reads
/// its feature set, which must be one of `known` (the games' with
/// networks), and turns NNUE on for it. On error nothing changes; the
/// message says why. Returns the feature set loaded.
pub fn load_file(path: &str, known: &[Readable]) -> Result<FeatureSet, String> {
    let network = Network::read_file(Path::new(path))?;
    let features = network.features;
    let Some(readable) = known.iter().find(|r| r.features == features) else {
        let known: Vec<String> = known.iter().map(|r| r.features.to_string()).collect();
        return Err(format!(
            "{path}: a network of {features}, which no game here reads (known: {})",
            known.join(", ")
        ));
    };
    let mut slots = SLOTS.write().unwrap_or_else(PoisonError::into_inner);
    let slot = Slot {
        features: readable.slot,
        network: Some(Arc::new(network)),
        enabled: true,
    };
    match slots.slots.iter_mut().find(|s| s.features == readable.slot) {
        Some(existing) => *existing = slot,
        None => slots.slots.push(slot),
    }
    Ok(features)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of no network but the ones these tests load.
    struct Toy;

    /// Toy's feature sets, as `EvalFile` knows them.
    const KNOWN: [Readable; 2] = [
        Readable {
            features: Toy::FEATURES,
            slot: Toy::FEATURES,
        },
        Readable {
            features: TOY_BUCKETED,
            slot: Toy::FEATURES,
        },
    ];

    /// Toy's bucketed set: two copies of its plain inputs.
    const TOY_BUCKETED: FeatureSet = FeatureSet { id: 92, inputs: 64 };

    impl Features for Toy {
        const FEATURES: FeatureSet = FeatureSet { id: 90, inputs: 32 };
        const BUCKETED: Option<FeatureSet> = Some(TOY_BUCKETED);
        const MOST_PIECES: u32 = 32;
        const EMBEDDED: Option<&'static [u8]> = None;

        fn feature(perspective: usize, color: usize, _kind: usize, square: usize) -> usize {
            usize::from(color != perspective) * 16 + square
        }
    }

    /// Writes `network` to a file of the temporary folder.
    fn write(name: &str, network: &Network) -> String {
        let path = std::env::temp_dir().join(format!("timur-{}-{name}", std::process::id()));
        std::fs::write(&path, network.to_bytes()).unwrap();
        path.display().to_string()
    }

    #[test]
    fn a_loaded_network_is_the_one_its_game_evaluates_with() {
        assert_eq!(active::<Toy>(), None);
        let network = Network::zeros(Toy::FEATURES, 16);
        let path = write("toy.tmnn", &network);
        assert_eq!(load_file(&path, &KNOWN), Ok(Toy::FEATURES));
        assert_eq!(active::<Toy>().as_deref(), Some(&network));
        // A bucketed network of the game replaces it in the game's slot.
        let bucketed = Network::zeros(TOY_BUCKETED, 32);
        let bucketed_path = write("toy-bucketed.tmnn", &bucketed);
        assert_eq!(load_file(&bucketed_path, &KNOWN), Ok(TOY_BUCKETED));
        assert_eq!(active::<Toy>().as_deref(), Some(&bucketed));
        std::fs::remove_file(path).unwrap();
        std::fs::remove_file(bucketed_path).unwrap();
    }

    #[test]
    fn a_network_no_game_reads_is_refused() {
        let other = FeatureSet { id: 91, inputs: 32 };
        let path = write("other.tmnn", &Network::zeros(other, 16));
        let why = load_file(&path, &KNOWN).unwrap_err();
        assert!(
            why.contains("feature set 91 (32 inputs)") && why.contains("feature set 90"),
            "{why}"
        );
        let wider = FeatureSet { id: 90, inputs: 48 };
        let wider_path = write("wider.tmnn", &Network::zeros(wider, 16));
        assert!(load_file(&wider_path, &KNOWN).is_err());
        std::fs::remove_file(path).unwrap();
        std::fs::remove_file(wider_path).unwrap();
    }
}
