//! The networks the engine evaluates with: one slot per game, filled with
//! the game's embedded network at start-up, replaced by `EvalFile`, and
//! switched off and on together by `UseNNUE`.

use super::network::Network;
use super::record::GameTag;
use once_cell::sync::Lazy;
use std::path::Path;
use std::sync::{Arc, PoisonError, RwLock};

/// A game's network and whether it is used.
struct Slot {
    network: Option<Arc<Network>>,
    enabled: bool,
}

/// Networks shipped inside the binary, per game, and whether each is used
/// by default (a network is on by default once a match accepted it).
pub struct Embedded {
    /// The game.
    pub game: GameTag,
    /// The network file's bytes.
    pub bytes: &'static [u8],
    /// Used unless `UseNNUE` is set false.
    pub on_by_default: bool,
}

static SLOTS: Lazy<RwLock<Vec<(GameTag, Slot)>>> = Lazy::new(|| {
    let slots = crate::variants::EMBEDDED_NETWORKS
        .iter()
        .filter_map(|embedded| {
            let network = Network::from_bytes(embedded.bytes).ok()?;
            Some((
                embedded.game,
                Slot {
                    network: Some(Arc::new(network)),
                    enabled: embedded.on_by_default,
                },
            ))
        })
        .collect();
    RwLock::new(slots)
});

/// The network `game` evaluates with now, if any.
pub fn active(game: GameTag) -> Option<Arc<Network>> {
    let slots = SLOTS.read().unwrap_or_else(PoisonError::into_inner);
    slots
        .iter()
        .find(|(tag, slot)| *tag == game && slot.enabled)
        .and_then(|(_, slot)| slot.network.clone())
}

/// Whether NNUE evaluation is on (for the games that have a network).
pub fn enabled() -> bool {
    let slots = SLOTS.read().unwrap_or_else(PoisonError::into_inner);
    slots.iter().any(|(_, slot)| slot.enabled)
}

/// `UseNNUE`: every game with a network uses it, or none does.
pub fn set_enabled(on: bool) {
    let mut slots = SLOTS.write().unwrap_or_else(PoisonError::into_inner);
    for (_, slot) in slots.iter_mut() {
        slot.enabled = on;
    }
}

/// `EvalFile`: loads a network file into its game's slot (and turns NNUE
/// on for it). On error nothing changes; the message says why.
pub fn load_file(path: &str) -> Result<String, String> {
    let network = Network::read_file(Path::new(path))?;
    let game = network.features.game();
    let mut slots = SLOTS.write().unwrap_or_else(PoisonError::into_inner);
    let slot = Slot {
        network: Some(Arc::new(network)),
        enabled: true,
    };
    match slots.iter_mut().find(|(tag, _)| *tag == game) {
        Some((_, existing)) => *existing = slot,
        None => slots.push((game, slot)),
    }
    Ok(format!("{path}: {game:?} network loaded"))
}
