//! Efficiently updatable neural network evaluation (NNUE), what the engine
//! runs and nothing else: the feature sets games implement
//! ([`features`]), the quantised network and its file format
//! ([`network`]), its output layer as the search evaluates it
//! ([`output`]), the accumulator stack along the searched line
//! ([`stack`]) with its refresh cache for bucketed networks
//! ([`refresh_cache`]), aligned hidden values ([`values`]) and the network
//! each game evaluates with ([`active`]). It names no game; making networks
//! is `timur nnue`'s (src/learn/).

pub mod active;
pub mod features;
pub mod network;
pub mod output;
pub mod refresh_cache;
pub mod stack;
pub mod values;
