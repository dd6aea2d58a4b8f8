//! The accumulator refresh cache of a bucketed network (the "Finny
//! table"): for each perspective and [`View`], the values last built for
//! it and the features they hold. A perspective whose view changed is
//! refreshed from that entry, adding and removing only the features that
//! differ, instead of from the bias.

use super::features::View;
use super::network::Network;

/// One perspective's values for one view and the features they hold.
#[derive(Clone, Debug)]
struct Slot {
    values: Vec<i16>,
    /// Bit per plain feature.
    active: Vec<u64>,
}

/// Every perspective's slot for every view of a bucketed network.
#[derive(Clone, Debug)]
pub struct RefreshCache {
    slots: Vec<Slot>,
    /// Plain features per input bucket.
    plain: usize,
    buckets: usize,
    /// The features of the position being refreshed (kept to reuse).
    wanted: Vec<u64>,
}

impl RefreshCache {
    /// Slots holding the bias and no feature, for `network`, which reads
    /// `buckets` copies of `plain` features.
    pub fn new(network: &Network, plain: usize, buckets: usize) -> RefreshCache {
        let words = plain.div_ceil(64);
        let slot = Slot {
            values: network.feature_bias.clone(),
            active: vec![0; words],
        };
        RefreshCache {
            slots: vec![slot; 2 * buckets * 2],
            plain,
            buckets,
            wanted: vec![0; words],
        }
    }

    /// Sets `values` to `perspective`'s accumulator with `view` over the
    /// plain `features` (as the view reads them), from the slot's last
    /// values: the features it lacks are added, the ones it has too many
    /// removed.
    pub fn refresh(
        &mut self,
        network: &Network,
        perspective: usize,
        view: View,
        features: impl Iterator<Item = usize>,
        values: &mut [i16],
    ) {
        self.wanted.fill(0);
        for feature in features {
            self.wanted[feature / 64] |= 1 << (feature % 64);
        }
        let bucket = usize::from(view.bucket);
        let index = (perspective * self.buckets + bucket) * 2 + usize::from(view.mirrored);
        let slot = &mut self.slots[index];
        let offset = bucket * self.plain;
        for (word, (have, want)) in slot.active.iter_mut().zip(&self.wanted).enumerate() {
            for (mut bits, add) in [(want & !*have, true), (*have & !want, false)] {
                while bits != 0 {
                    let feature = word * 64 + bits.trailing_zeros() as usize;
                    network.adjust(&mut slot.values, offset + feature, add);
                    bits &= bits - 1;
                }
            }
            *have = *want;
        }
        values.copy_from_slice(&slot.values);
    }
}
