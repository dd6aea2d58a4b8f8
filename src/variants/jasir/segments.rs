//! The segments joining the holes, as per-hole neighbour masks split by
//! direction, built once (at compile time) from the edge list of the rules
//! page (`docs/rules/jasir.md`).

use super::board::{bit, rank_of, Rules, HOLES};
use timur_search::Color;

/// The 39 segments of the Jasir board as `(lower hole, higher hole)` in
/// `rank * 5 + file` numbering, in the order of the rules page. Jarmo's board
/// lacks [`B3_C3`].
const SEGMENTS: [(u8, u8); 39] = {
    // a1..e1 = 0..4, a2..e2 = 5..9, a3..e3 = 10..14, a4..e4 = 15..19, a5..e5 = 20..24
    [
        // rank 1: a1-b3 a1-c2 b1-a3 b1-d2 c1-a2 c1-d3 c1-e2 d1-b2 d1-c3 e1-c2 e1-d3
        (0, 11),
        (0, 7),
        (1, 10),
        (1, 8),
        (2, 5),
        (2, 13),
        (2, 9),
        (3, 6),
        (3, 12),
        (4, 7),
        (4, 13),
        // rank 2: a2-c3 b2-b3 b2-c2 b2-c4 c2-d2 c2-e3 d2-b3 d2-d3 e2-d4
        (5, 12),
        (6, 11),
        (6, 7),
        (6, 17),
        (7, 8),
        (7, 14),
        (8, 11),
        (8, 13),
        (9, 18),
        // rank 3: a3-b5 b3-a5 b3-b4 b3-c3 b3-c5 c3-a4 c3-e4 d3-b4 d3-d4 d3-e5 e3-d5
        (10, 21),
        (11, 20),
        (11, 16),
        B3_C3,
        (11, 22),
        (12, 15),
        (12, 19),
        (13, 16),
        (13, 18),
        (13, 24),
        (14, 23),
        // rank 4: a4-c5 b4-c4 b4-d5 c4-a5 c4-d4 c4-e5 d4-b5 e4-c5
        (15, 22),
        (16, 17),
        (16, 23),
        (17, 20),
        (17, 18),
        (17, 24),
        (18, 21),
        (19, 22),
    ]
};

/// The segment Jarmo's board does not have.
const B3_C3: (u8, u8) = (11, 12);

/// Neighbour masks of every hole, by direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Graph {
    /// Neighbours on a higher rank.
    pub up: [u32; HOLES],
    /// Neighbours on the same rank.
    pub same: [u32; HOLES],
    /// Neighbours on a lower rank.
    pub down: [u32; HOLES],
}

impl Graph {
    /// Builds the masks of the board of `jarmo` (without b3-c3) or Jasir.
    const fn build(jarmo: bool) -> Graph {
        let mut g = Graph {
            up: [0; HOLES],
            same: [0; HOLES],
            down: [0; HOLES],
        };
        let mut i = 0;
        while i < SEGMENTS.len() {
            let (a, b) = SEGMENTS[i];
            i += 1;
            if jarmo && a == B3_C3.0 && b == B3_C3.1 {
                continue;
            }
            let (a, b) = (a as usize, b as usize);
            let (ra, rb) = (rank_of(a as u32), rank_of(b as u32));
            if ra == rb {
                g.same[a] |= bit(b as u32);
                g.same[b] |= bit(a as u32);
            } else if ra < rb {
                g.up[a] |= bit(b as u32);
                g.down[b] |= bit(a as u32);
            } else {
                g.up[b] |= bit(a as u32);
                g.down[a] |= bit(b as u32);
            }
        }
        g
    }

    /// All neighbours of `hole`.
    #[inline]
    pub const fn all(&self, hole: usize) -> u32 {
        self.up[hole] | self.same[hole] | self.down[hole]
    }
}

/// The boards of Jasir and Jarmo, indexed by [`Rules::index`].
pub const GRAPHS: [Graph; 2] = [Graph::build(false), Graph::build(true)];

/// Where an archer of `side` may step from each hole under `rules` (before
/// looking at what stands there): forward and sideways in Jasir, every
/// neighbour in Jarmo. Indexed `[rules][side][hole]`.
pub static STEPS: [[[u32; HOLES]; 2]; 2] = build_steps();

const fn build_steps() -> [[[u32; HOLES]; 2]; 2] {
    let mut out = [[[0; HOLES]; 2]; 2];
    let mut h = 0;
    while h < HOLES {
        let j = &GRAPHS[0];
        out[0][Color::White.index()][h] = j.up[h] | j.same[h];
        out[0][Color::Black.index()][h] = j.down[h] | j.same[h];
        let m = &GRAPHS[1];
        out[1][Color::White.index()][h] = m.all(h);
        out[1][Color::Black.index()][h] = m.all(h);
        h += 1;
    }
    out
}

/// Step targets of an archer of `side` on `hole` under `rules`.
#[inline]
pub fn steps(rules: Rules, side: Color, hole: u32) -> u32 {
    STEPS[rules.index()][side.index()][hole as usize]
}

#[cfg(test)]
mod tests {
    use super::super::board::{hole_name, parse_hole};
    use super::*;

    fn names(mask: u32) -> String {
        let mut v: Vec<String> = (0..25)
            .filter(|h| mask >> h & 1 == 1)
            .map(hole_name)
            .collect();
        v.sort();
        v.join(" ")
    }

    #[test]
    fn table_of_the_rules_page() {
        let g = &GRAPHS[0];
        let h = |s: &str| parse_hole(s).unwrap() as usize;
        assert_eq!(names(g.down[h("c5")]), "a4 b3 e4");
        assert_eq!(names(g.same[h("c4")]), "b4 d4");
        assert_eq!(names(g.up[h("b3")]), "a5 b4 c5");
        assert_eq!(names(g.same[h("b3")]), "c3");
        assert_eq!(names(g.down[h("d3")]), "c1 d2 e1");
        assert_eq!(names(g.up[h("c1")]), "a2 d3 e2");
        assert_eq!(names(GRAPHS[1].same[h("b3")]), "");
        let count: u32 = (0..25).map(|x| g.all(x).count_ones()).sum();
        assert_eq!(count, 2 * 39);
        let count: u32 = (0..25).map(|x| GRAPHS[1].all(x).count_ones()).sum();
        assert_eq!(count, 2 * 38);
    }
}
