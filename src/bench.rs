//! `timur bench`: a fixed set of positions per variant searched to a fixed
//! depth with one thread and a fresh hash. The total node count is the
//! signature of the search and evaluation (identical run to run); the last
//! line is `<nodes> nodes <nps> nps` (the OpenBench convention).

use crate::engine::{AnyGame, VariantKind};
use crate::variants::Variant;
use crate::with_game;
use std::time::Instant;
use timur_search::{Control, Limits, SearchJob, Searcher};

/// The hash size of `timur bench`, MiB.
pub const DEFAULT_HASH_MIB: usize = 16;

/// The summary line: `<nodes> nodes <nps> nps`.
pub fn summary(nodes: u64, nps: u64) -> String {
    format!("{nodes} nodes {nps} nps")
}

/// The bench positions of a variant (position text; the first is the start).
pub fn positions(kind: VariantKind) -> &'static [&'static str] {
    match kind {
        VariantKind::Chess | VariantKind::Chess960 => &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
            "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
            "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
            "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
            "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
            "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/8 b - - 3 54",
        ],
        VariantKind::Xiangqi => &[
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
            "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
            "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
        ],
        VariantKind::Tamerlane => &[
            "e1c1d1d1c1e/rntgwkfgtnr/prpnptpgpwpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPWPGPTPNPR/RNTGFKWGTNR/E1C1D1D1C1E w -- SCsc 00 0 1",
        ],
        VariantKind::Jasir | VariantKind::Jarmo => &[
            "sssss/5/5/5/SSSSS w 0/0 -/- 0 1",
            "sss2/5/3E1/5/S2S1 b 1/2 -/- 0 4",
        ],
    }
}

/// The depth each variant is searched to.
pub fn default_depth(kind: VariantKind) -> u32 {
    match kind {
        VariantKind::Chess | VariantKind::Chess960 => 11,
        VariantKind::Xiangqi => 9,
        VariantKind::Tamerlane => 7,
        VariantKind::Jasir | VariantKind::Jarmo => 12,
    }
}

/// Searches every bench position of every variant this build plays (or only
/// `only`) and returns `(nodes, nps)`. Progress goes to stderr.
pub fn run(
    only: Option<VariantKind>,
    depth: Option<u32>,
    threads: usize,
    hash_mib: usize,
) -> Result<(u64, u64), String> {
    let searcher = Searcher::new(hash_mib, threads);
    let started = Instant::now();
    let mut total = 0u64;
    let kinds: Vec<VariantKind> = match only {
        Some(kind) => vec![kind],
        None => VariantKind::ALL
            .into_iter()
            .filter(|&k| k != VariantKind::Chess960)
            .collect(),
    };
    for kind in kinds {
        let search_depth = depth.unwrap_or_else(|| default_depth(kind));
        for fen in positions(kind) {
            let game = AnyGame::from_fen(kind, fen)
                .map_err(|why| format!("bench position `{fen}` ({kind}): {why}"))?;
            searcher.clear();
            let nodes = with_game!(&game, state => {
                let job = SearchJob {
                    root: state.position().for_search(),
                    history: Vec::new(),
                    root_moves: None,
                    excluded: Vec::new(),
                    limits: Limits { depth: Some(search_depth), ..Limits::default() },
                    multipv: 1,
                    move_overhead: std::time::Duration::ZERO,
                    skill: None,
                };
                searcher.search(job, &Control::new(), &|_| {}).nodes
            });
            eprintln!("{kind:<9} depth {search_depth:>2} {nodes:>10} nodes  {fen}");
            total += nodes;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    Ok((total, (total as f64 / seconds.max(1e-9)) as u64))
}
