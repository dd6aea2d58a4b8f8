//! Chess networks that bullet (the GPU trainer) saved for timur's
//! architecture, read into timur's own [`Network`] (`timur nnue
//! import-bullet`; the trainer program and its settings are in
//! docs/nnue.md).
//!
//! The file accepted is bullet's `quantised.bin` for one of timur's chess
//! feature sets, `Chess768` (F = 768 inputs) or `ChessBuckets`
//! with timur's layout (`KING_BUCKETS` in src/variants/chess/nnue.rs,
//! F = 6144, `--king-buckets`); H hidden neurons per perspective (SCReLU,
//! dual perspective) and B `MaterialCount` output buckets, saved with
//!
//! ```text
//! SavedFormat::id("l0w").round().quantise::<i16>(255),        // QA
//! SavedFormat::id("l0b").round().quantise::<i16>(255),        // QA
//! SavedFormat::id("l1w").round().quantise::<i16>(256).transpose(), // QB
//! SavedFormat::id("l1b").round().quantise::<i32>(255 * 256),  // QA·QB
//! ```
//!
//! so, little endian: `l0w` F·H i16 (feature-major: H per input, as
//! timur's feature weights), `l0b` H i16, `l1w` B·2H i16 (per bucket, the
//! side to move's H first, as timur's output weights), `l1b` B i32, then
//! bullet's padding to a multiple of 64 bytes (the bytes `bullet` repeated).
//! The feature set, H and B are not in the file: they are given, and the
//! file's size must be exactly theirs.

use crate::files;
use crate::nnue::features::{FeatureSet, Features};
use crate::nnue::network::{
    output_bucket, valid_hidden, Network, HIDDEN_STEP, MAX_BUCKETS, MAX_HIDDEN,
};
use crate::variants::chess::Chess;
use std::path::Path;

/// bullet pads a saved network to a multiple of this many bytes…
const PAD_TO: usize = 64;
/// …with these bytes, repeated.
const PAD: &[u8] = b"bullet";

/// The i16 values of bullet's file: `l0w`, `l0b` and `l1w`.
fn shorts(features: FeatureSet, hidden: usize, buckets: usize) -> usize {
    features.inputs as usize * hidden + hidden + buckets * 2 * hidden
}

/// The size of bullet's file for `features`, `hidden` neurons and
/// `buckets` buckets.
pub fn saved_bytes(features: FeatureSet, hidden: usize, buckets: usize) -> usize {
    let raw = 2 * shorts(features, hidden, buckets) + 4 * buckets;
    raw.div_ceil(PAD_TO) * PAD_TO
}

/// The shape in words, as messages name it: "768→128×2→1 (8 output
/// buckets)", "6144→128×2→1 (king buckets, 8 output buckets)".
pub fn shape(features: FeatureSet, hidden: usize, buckets: usize) -> String {
    let kings = if Some(features) == Chess::BUCKETED {
        "king buckets, "
    } else {
        ""
    };
    let plural = if buckets == 1 { "" } else { "s" };
    format!(
        "{}→{hidden}×2→1 ({kings}{buckets} output bucket{plural})",
        features.inputs
    )
}

/// Whether bullet's `MaterialCount<B>` buckets, `(pieces − 2) / ⌈32 / B⌉`,
/// are timur's for every piece count (true for 1, 2, 4, 8 and 16).
pub fn buckets_agree(buckets: usize) -> bool {
    let most = Chess::MOST_PIECES;
    (2..=most).all(|pieces| {
        output_bucket(pieces, buckets, most)
            == (pieces - 2) as usize / (most as usize).div_ceil(buckets)
    })
}

/// Checks a shape the import can take.
fn check_shape(features: FeatureSet, hidden: usize, buckets: usize) -> Result<(), String> {
    if !Chess::reads(features) {
        return Err(format!("{features}: not a chess feature set"));
    }
    if !valid_hidden(hidden) {
        return Err(format!(
            "--hidden {hidden}: a multiple of {HIDDEN_STEP} up to {MAX_HIDDEN}"
        ));
    }
    if !(1..=MAX_BUCKETS).contains(&buckets) || !buckets_agree(buckets) {
        return Err(format!(
            "--buckets {buckets}: bullet's MaterialCount buckets equal timur's for 1, 2, 4, 8 or 16"
        ));
    }
    Ok(())
}

/// The network in bullet's saved bytes of the given shape (checked by
/// [`read_file`], as is the bytes' size).
fn from_bytes(
    bytes: &[u8],
    features: FeatureSet,
    hidden: usize,
    buckets: usize,
) -> Result<Network, String> {
    let mut network = Network::zeros_bucketed(features, hidden, buckets);
    let shorts = shorts(features, hidden, buckets);
    let mut values = bytes[..2 * shorts]
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]));
    for part in [
        &mut network.feature_weights,
        &mut network.feature_bias,
        &mut network.output_weights,
    ] {
        part.iter_mut()
            .zip(values.by_ref())
            .for_each(|(w, v)| *w = v);
    }
    let end = 2 * shorts + 4 * buckets;
    for (bias, c) in network
        .output_bias
        .iter_mut()
        .zip(bytes[2 * shorts..end].chunks_exact(4))
    {
        *bias = i32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    }
    if !bytes[end..]
        .iter()
        .zip(PAD.iter().cycle())
        .all(|(a, b)| a == b)
    {
        return Err("the padding after the weights is not bullet's".into());
    }
    Ok(network)
}

/// Reads bullet's file at `path` (a regular file of exactly the shape's
/// size, checked before reading) as a network of the given shape.
pub fn read_file(
    path: &Path,
    features: FeatureSet,
    hidden: usize,
    buckets: usize,
) -> Result<Network, String> {
    check_shape(features, hidden, buckets)?;
    let expected = saved_bytes(features, hidden, buckets);
    let metadata =
        std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if !metadata.is_file() || metadata.len() != expected as u64 {
        return Err(format!(
            "{}: not bullet's {expected}-byte file of a {} network",
            path.display(),
            shape(features, hidden, buckets)
        ));
    }
    let bytes = files::read_bounded(path, expected as u64)?;
    if bytes.len() != expected {
        return Err(format!("{}: changed while read", path.display()));
    }
    from_bytes(&bytes, features, hidden, buckets).map_err(|e| format!("{}: {e}", path.display()))
}
