//! The thread of one `go perft`: the divide is counted off the protocol
//! loop, so `stop` and `quit` end it and `isready` is answered meanwhile.

use crate::perft::{perft_divide_until, PERFT_STOPPED};
use crate::variants::{Notation, Variant};
use std::sync::Arc;
use std::thread::JoinHandle;
use timur_protocol::uci;
use timur_search::Control;

/// What a running perft reports, in order: every root move, then one of
/// `Done` or `Stopped`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftEvent {
    /// One root move and the leaves below it.
    RootMove {
        /// The move as text.
        mv: String,
        /// Its leaf count.
        leaves: u64,
    },
    /// Every root move is counted: the total.
    Done {
        /// All leaves (1 at depth 0).
        total: u64,
    },
    /// `stop` ended the count before its end; no move's count is reported.
    Stopped,
}

impl PerftEvent {
    /// The event's lines: Stockfish's divide (`<move>: <count>`, then a
    /// blank line and `Nodes searched: N`), or `note` (the protocol's
    /// message line) saying that `stop` ended the count.
    pub fn lines(self, note: impl Fn(&str) -> String) -> Vec<String> {
        match self {
            PerftEvent::RootMove { mv, leaves } => vec![uci::perft_move_line(&mv, leaves)],
            PerftEvent::Done { total } => uci::perft_total_lines(total),
            PerftEvent::Stopped => vec![note(PERFT_STOPPED)],
        }
    }
}

/// A protocol's sink for [`PerftEvent`]s.
pub type PerftEvents = Arc<dyn Fn(PerftEvent) + Send + Sync>;

/// Starts the thread that counts `pos` to `depth` on `threads` threads
/// until `control` stops it.
pub(super) fn spawn<G: Variant + Send + Sync + 'static>(
    pos: G,
    depth: u32,
    threads: usize,
    notation: Notation,
    control: Arc<Control>,
    events: PerftEvents,
) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name("perft".into())
        .stack_size(timur_search::STACK_SIZE)
        .spawn(move || {
            let Some(counts) = perft_divide_until(&pos, depth, threads, &control) else {
                events(PerftEvent::Stopped);
                return;
            };
            let mut total = u64::from(depth == 0);
            for (mv, leaves) in counts {
                total += leaves;
                events(PerftEvent::RootMove {
                    mv: pos.format_move(mv, notation),
                    leaves,
                });
            }
            events(PerftEvent::Done { total });
        })
}
