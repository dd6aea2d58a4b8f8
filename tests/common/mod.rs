//! Drives the real `timur` binary over pipes, as a GUI would.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Every game's UCI_Variant name, in the engine's order.
pub const VARIANTS: [&str; 6] = [
    "chess",
    "chess960",
    "xiangqi",
    "tamerlane",
    "jasir",
    "jarmo",
];

/// A running engine process with a line reader.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line received so far, for failure messages.
    pub transcript: Vec<String>,
}

impl EngineProcess {
    /// Starts `timur` with no arguments (the protocol loop).
    pub fn start() -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_timur"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start timur");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        EngineProcess {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    /// The engine's process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Sends one line (raw bytes allowed).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = stdin.write_all(bytes);
            let _ = stdin.write_all(b"\n");
            let _ = stdin.flush();
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// Reads lines until one satisfies `done`; returns all lines read, the
    /// last one being the match. Panics after `timeout`.
    pub fn read_until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    let finished = done(&line);
                    got.push(line);
                    if finished {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!(
                        "timed out after {timeout:?}; transcript:\n{}",
                        self.transcript.join("\n")
                    )
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!(
                        "engine closed its output; transcript:\n{}",
                        self.transcript.join("\n")
                    )
                }
            }
        }
    }

    /// Reads lines until one starts with `prefix`; returns that line.
    pub fn expect_prefix(&mut self, prefix: &str, timeout: Duration) -> String {
        let lines = self.read_until(timeout, |l| l.starts_with(prefix));
        lines.last().cloned().unwrap_or_default()
    }

    /// `isready` → `readyok`, returning the lines before it.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(Duration::from_secs(10), |l| l == "readyok");
        lines.pop();
        lines
    }

    /// Closes stdin and waits for the process to exit; returns whether it
    /// exited successfully within `timeout`.
    pub fn close_and_wait(mut self, timeout: Duration) -> bool {
        self.stdin = None;
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.success(),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => {
                    let _ = self.child.kill();
                    return false;
                }
            }
        }
    }
}

/// The move of a `bestmove` line (`(none)` when there is no legal move).
pub fn bestmove_of(line: &str) -> String {
    line.split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string()
}

impl EngineProcess {
    /// Starts the engine, completes the `uci` handshake and switches
    /// `UCI_Variant` to `variant`, asserting that no error came back.
    pub fn start_uci_variant(variant: &str, timeout: Duration) -> EngineProcess {
        let mut engine = EngineProcess::start();
        engine.send("uci");
        engine.read_until(timeout, |l| l == "uciok");
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        let errors = engine.sync();
        assert!(errors.is_empty(), "{}", errors.join("\n"));
        engine
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
