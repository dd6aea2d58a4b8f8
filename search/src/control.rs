//! The flags another thread uses to steer a running search: `stop` and
//! `ponderhit`.

use std::sync::atomic::{AtomicBool, Ordering};

/// Shared (through an `Arc`) between the thread reading the protocol and the
/// search. One `Control` serves one search.
#[derive(Debug, Default)]
pub struct Control {
    stopped: AtomicBool,
    ponderhit: AtomicBool,
}

impl Control {
    /// Flags for a new search: not stopped, no ponderhit.
    pub fn new() -> Control {
        Control::default()
    }

    /// Asks the search to stop as soon as it can; it still returns its move.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Release);
    }

    /// Tells a pondering search that the expected move was played: its clock
    /// starts now.
    pub fn ponderhit(&self) {
        self.ponderhit.store(true, Ordering::Release);
    }

    /// Whether [`Control::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Acquire)
    }

    /// Whether [`Control::ponderhit`] was called.
    pub fn has_ponderhit(&self) -> bool {
        self.ponderhit.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::Control;

    #[test]
    fn flags_start_clear_and_stick() {
        let control = Control::new();
        assert!(!control.is_stopped() && !control.has_ponderhit());
        control.ponderhit();
        assert!(control.has_ponderhit() && !control.is_stopped());
        control.stop();
        assert!(control.is_stopped());
    }
}
