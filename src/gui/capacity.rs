//! What the server holds at once: at most so many open connections (each a
//! thread) and so many tabs (each a session with its own engine), and how
//! long a connection may take to send its request. Past a limit a client
//! is told why instead of being served.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Tabs (WebSocket sessions, each with its own engine) served at once.
pub const MAX_SESSIONS: usize = 64;
/// Connections (threads) open at once, tabs included.
pub const MAX_CONNECTIONS: usize = 512;
/// Time a connection has to send its whole request head.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(10);
/// Time a tab may stay silent (it is pinged at a third of this): a
/// half-open connection is closed after it.
pub const SILENCE: Duration = Duration::from_secs(90);

/// The server's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capacity {
    /// Tabs at once.
    pub sessions: usize,
    /// Connections at once.
    pub connections: usize,
    /// Time to send a request head.
    pub request_deadline: Duration,
    /// Time a tab may stay silent.
    pub silence: Duration,
}

impl Default for Capacity {
    fn default() -> Self {
        Capacity {
            sessions: MAX_SESSIONS,
            connections: MAX_CONNECTIONS,
            request_deadline: REQUEST_DEADLINE,
            silence: SILENCE,
        }
    }
}

/// A count of things held, up to a limit.
#[derive(Clone, Debug)]
pub struct Gauge {
    held: Arc<AtomicUsize>,
    limit: usize,
}

impl Gauge {
    /// An empty gauge holding at most `limit`.
    pub fn new(limit: usize) -> Gauge {
        Gauge {
            held: Arc::new(AtomicUsize::new(0)),
            limit,
        }
    }

    /// One more held, while the slot lives; `None` when full.
    pub fn take(&self) -> Option<Slot> {
        self.held
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.limit).then_some(n + 1)
            })
            .ok()
            .map(|_| Slot {
                held: Arc::clone(&self.held),
            })
    }

    /// How many are held now.
    pub fn held(&self) -> usize {
        self.held.load(Ordering::Acquire)
    }

    /// The limit.
    pub fn limit(&self) -> usize {
        self.limit
    }
}

/// One place in a [`Gauge`], given back when dropped.
#[derive(Debug)]
pub struct Slot {
    held: Arc<AtomicUsize>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.held.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gauge_holds_up_to_its_limit_and_frees_dropped_slots() {
        let gauge = Gauge::new(2);
        let a = gauge.take().unwrap();
        let b = gauge.take().unwrap();
        assert!(gauge.take().is_none());
        assert_eq!(gauge.held(), 2);
        drop(a);
        let c = gauge.take().unwrap();
        drop((b, c));
        assert_eq!(gauge.held(), 0);
    }
}
