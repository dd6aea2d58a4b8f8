//! An engine process: started with piped stdin/stdout, its output read line
//! by line on a thread so every read can have a deadline.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Why no line came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The deadline passed.
    Timeout,
    /// The engine closed its output (it exited or crashed).
    Closed,
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(Instant, String)>,
    label: String,
    debug: bool,
}

impl EngineProcess {
    /// Starts `cmd args…`; `label` prefixes the debug log.
    pub fn spawn(cmd: &Path, args: &[String], label: &str, debug: bool) -> Result<Self, String> {
        let mut child = Command::new(cmd)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|why| format!("cannot start `{}`: {why}", cmd.display()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| format!("`{}` has no stdout", cmd.display()))?;
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                            if tx.send((Instant::now(), line)).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .map_err(|why| format!("cannot start a reader thread: {why}"))?;
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            label: label.to_string(),
            debug,
        })
    }

    /// Sends one line; an error means the engine is gone.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        if self.debug {
            eprintln!("{} < {line}", self.label);
        }
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| "engine input is closed".to_string())?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush())
            .map_err(|why| format!("cannot write to the engine: {why}"))
    }

    /// The next line and when it arrived, waiting until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<(Instant, String), ReadError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok((at, line)) => {
                if self.debug {
                    eprintln!("{} > {line}", self.label);
                }
                Ok((at, line))
            }
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Closed),
        }
    }

    /// Reads lines until one satisfies `done` (returned), until `timeout`.
    pub fn wait_for(
        &mut self,
        timeout: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<String, ReadError> {
        let deadline = Instant::now() + timeout;
        loop {
            let (_, line) = self.recv(deadline)?;
            if done(&line) {
                return Ok(line);
            }
        }
    }

    /// How the process ended, if it has (for reports).
    pub fn exit_status(&mut self) -> Option<String> {
        match self.child.try_wait() {
            Ok(Some(status)) => Some(status.to_string()),
            _ => None,
        }
    }

    /// Waits up to `grace` for the process to exit by itself, then kills it.
    pub fn finish(&mut self, grace: Duration) {
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
