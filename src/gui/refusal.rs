//! Connections past the server's connection limit: one thread answers them
//! all in turn with a `503` and its reason, reading what the client sent
//! so the answer is not lost to a reset, for at most [`LINGER`] each. When
//! even its queue is full, a connection is closed unanswered.

use super::http;
use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::mpsc::{sync_channel, SyncSender};
use std::time::{Duration, Instant};

/// Connections waiting for their `503`.
const QUEUE: usize = 64;
/// Time a refused connection is given to send its request and go.
const LINGER: Duration = Duration::from_secs(1);

/// Where refused connections go.
pub struct Refusals {
    queue: Option<SyncSender<TcpStream>>,
}

impl Refusals {
    /// The answering thread, saying `why`.
    pub fn start(why: String) -> Refusals {
        let (queue, streams) = sync_channel::<TcpStream>(QUEUE);
        let spawned = std::thread::Builder::new()
            .name("gui-refusals".into())
            .spawn(move || {
                let answer = http::unavailable(&why);
                for stream in streams {
                    refuse(stream, &answer);
                }
            });
        Refusals {
            queue: spawned.is_ok().then_some(queue),
        }
    }

    /// Refuses `stream` (closed unanswered when the queue is full).
    pub fn send(&self, stream: TcpStream) {
        if let Some(queue) = &self.queue {
            let _ = queue.try_send(stream);
        }
    }
}

/// Writes `answer`, then reads until the client closes or [`LINGER`] ends.
fn refuse(mut stream: TcpStream, answer: &str) {
    let until = Instant::now() + LINGER;
    let _ = stream.set_write_timeout(Some(LINGER));
    if stream.write_all(answer.as_bytes()).is_err() {
        return;
    }
    let _ = stream.shutdown(Shutdown::Write);
    let mut sink = [0u8; 1024];
    loop {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            return;
        }
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
    }
}
