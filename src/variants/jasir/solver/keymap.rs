//! A flat open-addressing hash map from canonical `u128` keys to `u32` node
//! numbers. Key and number share one 24-byte slot, so a lookup in a table of
//! millions usually costs one cache miss (the enumeration is bound by these
//! misses); linear probing, load at most 3/5.

/// One slot: the key's halves and the node number (`EMPTY` if unused).
#[derive(Clone, Copy)]
struct Slot {
    lo: u64,
    hi: u64,
    id: u32,
}

const EMPTY: u32 = u32::MAX;
const FREE: Slot = Slot {
    lo: 0,
    hi: 0,
    id: EMPTY,
};

/// Map from canonical key to node number.
#[derive(Clone)]
pub struct KeyMap {
    slots: Vec<Slot>,
    bits: u32,
    len: usize,
    /// Slots visited by lookups so far (unit tests only: what an insertion
    /// order costs).
    #[cfg(test)]
    probes: ProbeCount,
}

/// A counter that threads may share (unit tests only).
#[cfg(test)]
#[derive(Default)]
struct ProbeCount(std::sync::atomic::AtomicU64);

#[cfg(test)]
impl Clone for ProbeCount {
    fn clone(&self) -> ProbeCount {
        ProbeCount(self.get().into())
    }
}

#[cfg(test)]
impl ProbeCount {
    fn get(&self) -> u64 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn add_one(&self) {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

impl std::fmt::Debug for KeyMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeyMap({} keys)", self.len)
    }
}

impl Default for KeyMap {
    fn default() -> KeyMap {
        KeyMap {
            slots: vec![FREE; 1 << 10],
            bits: 10,
            len: 0,
            #[cfg(test)]
            probes: Default::default(),
        }
    }
}

#[inline]
fn split(key: u128) -> (u64, u64) {
    (key as u64, (key >> 64) as u64)
}

impl KeyMap {
    #[inline]
    fn home(&self, lo: u64, hi: u64) -> usize {
        let mut z = lo ^ hi.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z >> (64 - self.bits)) as usize
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the map is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The slot holding `key`, or the free slot where it would go.
    #[inline]
    fn find(&self, lo: u64, hi: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.home(lo, hi);
        loop {
            #[cfg(test)]
            self.probes.add_one();
            let s = &self.slots[i];
            if s.id == EMPTY || (s.lo == lo && s.hi == hi) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The number stored for `key`.
    #[inline]
    pub fn get(&self, key: u128) -> Option<u32> {
        let (lo, hi) = split(key);
        let s = self.slots[self.find(lo, hi)];
        (s.id != EMPTY).then_some(s.id)
    }

    /// Whether `key` is present.
    pub fn contains_key(&self, key: u128) -> bool {
        self.get(key).is_some()
    }

    /// The number stored for `key`; if absent, stores `id` and returns it.
    #[inline]
    pub fn get_or_insert(&mut self, key: u128, id: u32) -> u32 {
        let (lo, hi) = split(key);
        let i = self.find(lo, hi);
        if self.slots[i].id != EMPTY {
            return self.slots[i].id;
        }
        self.slots[i] = Slot { lo, hi, id };
        self.len += 1;
        if self.len * 5 > self.slots.len() * 3 {
            self.grow();
        }
        id
    }

    /// Stores `id` for `key`; returns the number it replaced, if any.
    pub fn insert(&mut self, key: u128, id: u32) -> Option<u32> {
        let (lo, hi) = split(key);
        let i = self.find(lo, hi);
        let old = self.slots[i].id;
        self.slots[i] = Slot { lo, hi, id };
        if old != EMPTY {
            return Some(old);
        }
        self.len += 1;
        if self.len * 5 > self.slots.len() * 3 {
            self.grow();
        }
        None
    }

    /// Grows the table now so that `additional` more keys fit without
    /// growing (and so without moving any [`KeyMap::home_of`]).
    pub fn reserve(&mut self, additional: usize) {
        while (self.len + additional) * 5 > self.slots.len() * 3 {
            self.grow();
        }
    }

    /// The slot where the search for `key` starts: probing keys in this
    /// order walks the table from front to back.
    #[inline]
    pub fn home_of(&self, key: u128) -> usize {
        let (lo, hi) = split(key);
        self.home(lo, hi)
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![FREE; 2 << self.bits]);
        self.bits += 1;
        for s in old.into_iter().filter(|s| s.id != EMPTY) {
            let i = self.find(s.lo, s.hi);
            self.slots[i] = s;
        }
    }

    /// Every `(key, number)` pair, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (u128, u32)> + '_ {
        self.slots
            .iter()
            .filter(|s| s.id != EMPTY)
            .map(|s| (u128::from(s.lo) | u128::from(s.hi) << 64, s.id))
    }
}

#[cfg(test)]
impl KeyMap {
    /// Slots visited by lookups since the map was made.
    pub(crate) fn probes(&self) -> u64 {
        self.probes.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_map() {
        let mut m = KeyMap::default();
        let mut reference = std::collections::HashMap::new();
        let mut x = 1u128;
        for n in 0..5000u32 {
            x = x
                .wrapping_mul(0x2545_F491_4F6C_DD1D_0000_0001)
                .wrapping_add(n as u128)
                >> 3;
            let id = m.get_or_insert(x, n);
            let want = *reference.entry(x).or_insert(n);
            assert_eq!(id, want);
        }
        assert_eq!(m.len(), reference.len());
        for (k, v) in m.iter() {
            assert_eq!(reference.get(&k), Some(&v));
        }
        assert_eq!(m.insert(x, 7), reference.get(&x).copied());
        assert_eq!(m.get(x), Some(7));
        assert!(!m.contains_key(12345));
    }
}
