//! A brain process driven through its pipes, for the protocol and self-play tests.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// A running `pbrain-tengen`.
pub struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

/// How long a test waits for an answer that should come at once.
pub const PROMPT: Duration = Duration::from_secs(10);

impl Brain {
    /// Start the brain in protocol mode (stderr discarded).
    pub fn spawn() -> Brain {
        Brain::spawn_with_args(&[])
    }

    /// Start the brain with command-line arguments.
    pub fn spawn_with_args(args: &[&str]) -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start pbrain-tengen");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf)
                            .trim_end_matches(['\r', '\n'])
                            .to_string();
                        if tx.send(line).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Brain {
            child,
            stdin,
            lines: rx,
        }
    }

    /// Send one or more lines (separated by `\n` in `text`), each ended by CR LF.
    pub fn send(&mut self, text: &str) {
        let mut wire = String::new();
        for l in text.lines() {
            wire.push_str(l);
            wire.push_str("\r\n");
        }
        self.send_bytes(wire.as_bytes());
    }

    /// Send raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to brain");
        stdin.flush().expect("flush to brain");
    }

    /// Close the brain's stdin.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` after `timeout`.
    pub fn try_line(&self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// The next line; panics after `timeout`.
    pub fn line(&self, timeout: Duration) -> String {
        self.try_line(timeout)
            .unwrap_or_else(|| panic!("no line from the brain within {timeout:?}"))
    }

    /// The next line that is not a `MESSAGE`, `DEBUG` or `INFO` (search output) line.
    pub fn answer(&self, timeout: Duration) -> String {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let l = self.line(left);
            if !is_chatter(&l) {
                return l;
            }
        }
    }

    /// Every line up to and including the `ABOUT` answer (sent as a sentinel after `text`).
    pub fn lines_until_about(&mut self) -> Vec<String> {
        self.send("ABOUT");
        let mut out = Vec::new();
        loop {
            let l = self.line(PROMPT);
            if l.starts_with("name=\"Tengen\"") {
                return out;
            }
            out.push(l);
        }
    }

    /// Wait for the process to end.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let end = Instant::now() + timeout;
        loop {
            if let Some(s) = self.child.try_wait().expect("try_wait") {
                return Some(s);
            }
            if Instant::now() >= end {
                return None;
            }
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process still runs.
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().expect("try_wait").is_none()
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Output that may precede an answer.
pub fn is_chatter(line: &str) -> bool {
    let w = line.split_whitespace().next().unwrap_or("");
    w.eq_ignore_ascii_case("MESSAGE")
        || w.eq_ignore_ascii_case("DEBUG")
        || w.eq_ignore_ascii_case("INFO")
}

/// The shared data directory.
pub fn data(name: &str) -> String {
    format!("{}/../../shared/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

static SERIAL: Mutex<()> = Mutex::new(());

/// Run tests of one binary one at a time: they measure answer times, and on a small machine
/// the searches of parallel tests would steal their CPU.
pub fn serial() -> MutexGuard<'static, ()> {
    SERIAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
