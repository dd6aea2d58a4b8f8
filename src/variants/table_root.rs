//! What endgame tables decide at the root before a search
//! ([`super::Variant::rank_root_by_tables`]).

use timur_search::Score;

/// The root moves the tables keep and what they score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRoot<M> {
    /// The moves that keep the best result; the search plays one of them.
    pub moves: Vec<M>,
    /// Their score, reported instead of the search's unless it finds a
    /// mate.
    pub score: Score,
    /// Table probes made (reported as `tbhits`).
    pub probes: u64,
}
