//! One engine child process: spawned in its own process group, spoken to line by line,
//! and killed with its whole group when it is no longer wanted.
//!
//! The struct owns the child, its stdin and a buffered stdout; whichever task holds the
//! [`EngineProcess`] is the one task that talks to that engine. Every read is raced against a
//! deadline and against the child's exit, so a hung or dead engine can never stall a game.
//! "Timed out" and "stream closed" are different errors because the referee scores them
//! differently (a loss on time vs. a crash).

use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::time::Duration;

use thiserror::Error;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, BufWriter};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::time::Instant;

/// Longest line kept from an engine; the rest of a longer line is dropped (the protocol says
/// "cut or reject, never crash"). A move line is a few bytes; 64 KiB leaves room for long
/// `MESSAGE` lines.
pub const MAX_LINE: usize = 64 * 1024;

/// How to start an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Launch {
    /// The executable.
    pub command: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// Working directory (`None`: the manager's).
    pub dir: Option<PathBuf>,
    /// File that receives the engine's stderr (`None`: discarded).
    pub stderr_log: Option<PathBuf>,
    /// Address-space limit in bytes, set with `RLIMIT_AS` before the engine starts
    /// (`--enforce-memory`); `None`: no OS limit. It covers the engine and anything it spawns.
    pub memory_limit: Option<u64>,
}

/// What went wrong with an engine process.
#[derive(Debug, Error)]
pub enum ProcessError {
    /// The executable could not be started.
    #[error("cannot start engine {command:?}: {source}")]
    Spawn {
        /// The command that failed.
        command: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The stderr log file could not be created.
    #[error("cannot create engine log {path:?}: {source}")]
    Log {
        /// The log path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// No complete line arrived before the deadline.
    #[error("no answer within the time limit")]
    TimedOut,
    /// The engine's stdout closed or the engine exited.
    #[error("engine stream closed ({0})")]
    Closed(String),
    /// Writing to the engine failed (it has most likely exited).
    #[error("cannot write to engine: {0}")]
    Write(std::io::Error),
}

/// One line read from an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The text, without its line ending; invalid UTF-8 replaced by U+FFFD.
    pub text: String,
    /// Whether the original line was longer than [`MAX_LINE`] and was cut.
    pub cut: bool,
    /// Whether the original bytes were not valid UTF-8.
    pub invalid_utf8: bool,
}

/// A running engine.
#[derive(Debug)]
pub struct EngineProcess {
    child: Child,
    pgid: Option<i32>,
    stdin: BufWriter<ChildStdin>,
    reader: LineReader,
    exited: Option<ExitStatus>,
}

/// Bounded line splitting over the engine's stdout. Lines end with LF, CR or CR LF.
#[derive(Debug)]
struct LineReader {
    stdout: BufReader<ChildStdout>,
    /// Bytes of the line being read (kept here so that a read cancelled by a deadline loses
    /// nothing).
    partial: Vec<u8>,
    partial_cut: bool,
    /// The previous line ended with CR: a directly following LF belongs to it.
    after_cr: bool,
}

impl EngineProcess {
    /// Start an engine in a new process group with piped stdin/stdout and stderr to its log.
    pub fn spawn(launch: &Launch) -> Result<EngineProcess, ProcessError> {
        let mut cmd = Command::new(&launch.command);
        cmd.args(&launch.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            // Its own group, so that killing -pgid also takes any helper it spawned.
            .process_group(0);
        // If the manager dies without cleaning up (kill -9), the kernel kills the engine too.
        let memory_limit = launch.memory_limit;
        // SAFETY: the closure runs in the forked child before exec and only makes
        // async-signal-safe calls (prctl, setrlimit, getppid, _exit).
        unsafe {
            cmd.pre_exec(move || {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                if let Some(bytes) = memory_limit {
                    // The kernel refuses allocations beyond it: the engine fails (usually
                    // aborts) instead of taking the machine's memory.
                    let lim = libc::rlimit {
                        rlim_cur: bytes as libc::rlim_t,
                        rlim_max: bytes as libc::rlim_t,
                    };
                    if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                // The manager may already be gone (then the parent is init, pid 1).
                if libc::getppid() == 1 {
                    libc::_exit(0);
                }
                Ok(())
            });
        }
        if let Some(dir) = &launch.dir {
            cmd.current_dir(dir);
        }
        match &launch.stderr_log {
            Some(path) => {
                let file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|source| ProcessError::Log {
                        path: path.clone(),
                        source,
                    })?;
                cmd.stderr(Stdio::from(file));
            }
            None => {
                cmd.stderr(Stdio::null());
            }
        }
        let mut child = cmd.spawn().map_err(|source| ProcessError::Spawn {
            command: launch.command.clone(),
            source,
        })?;
        let pgid = child.id().and_then(|id| i32::try_from(id).ok());
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        Ok(EngineProcess {
            child,
            pgid,
            stdin: BufWriter::new(stdin),
            reader: LineReader {
                stdout: BufReader::with_capacity(16 * 1024, stdout),
                partial: Vec::new(),
                partial_cut: false,
                after_cr: false,
            },
            exited: None,
        })
    }

    /// The process id (also the process group id), while it runs.
    #[must_use]
    pub fn pgid(&self) -> Option<i32> {
        self.pgid
    }

    /// Queue one line (CR LF appended). Nothing is sent until [`EngineProcess::flush`].
    pub async fn write_line(&mut self, line: &str) -> Result<(), ProcessError> {
        self.stdin
            .write_all(line.as_bytes())
            .await
            .map_err(ProcessError::Write)?;
        self.stdin
            .write_all(b"\r\n")
            .await
            .map_err(ProcessError::Write)
    }

    /// Send every queued line.
    pub async fn flush(&mut self) -> Result<(), ProcessError> {
        self.stdin.flush().await.map_err(ProcessError::Write)
    }

    /// Write bytes that already hold complete CR LF-terminated lines, and flush.
    pub async fn write_raw(&mut self, bytes: &[u8]) -> Result<(), ProcessError> {
        self.stdin
            .write_all(bytes)
            .await
            .map_err(ProcessError::Write)?;
        self.flush().await
    }

    /// Write lines and flush them together (one system call for a whole block).
    pub async fn send(&mut self, lines: &[&str]) -> Result<(), ProcessError> {
        for l in lines {
            self.write_line(l).await?;
        }
        self.flush().await
    }

    /// The next non-empty line, or an error if `deadline` passes or the engine's output ends.
    pub async fn read_line(&mut self, deadline: Instant) -> Result<Line, ProcessError> {
        if let Some(status) = self.exited {
            // The child is gone; whatever it wrote before dying may still be in the pipe.
            return match tokio::time::timeout(Duration::from_millis(20), self.reader.next_line())
                .await
            {
                Ok(Ok(Some(line))) => Ok(line),
                _ => Err(ProcessError::Closed(describe(status))),
            };
        }
        tokio::select! {
            biased;
            r = self.reader.next_line() => match r {
                Ok(Some(line)) => Ok(line),
                Ok(None) => Err(ProcessError::Closed(self.exit_description().await)),
                Err(e) => Err(ProcessError::Closed(format!("read error: {e}"))),
            },
            status = self.child.wait() => {
                let status = status.map_err(|e| ProcessError::Closed(format!("wait failed: {e}")))?;
                self.exited = Some(status);
                // A line written just before the exit is still worth reading.
                match tokio::time::timeout(Duration::from_millis(20), self.reader.next_line()).await {
                    Ok(Ok(Some(line))) => Ok(line),
                    _ => Err(ProcessError::Closed(describe(status))),
                }
            }
            () = tokio::time::sleep_until(deadline) => Err(ProcessError::TimedOut),
        }
    }

    /// A line that is already available, without waiting (used to notice output nobody asked
    /// for). `None` when nothing complete is buffered or readable right now.
    pub async fn try_read_line(&mut self) -> Option<Line> {
        tokio::select! {
            biased;
            r = self.reader.next_line() => r.ok().flatten(),
            () = std::future::ready(()) => None,
        }
    }

    async fn exit_description(&mut self) -> String {
        match tokio::time::timeout(Duration::from_millis(200), self.child.wait()).await {
            Ok(Ok(status)) => {
                self.exited = Some(status);
                describe(status)
            }
            _ => "output closed".to_string(),
        }
    }

    /// Whether the child has exited (without waiting).
    pub fn has_exited(&mut self) -> bool {
        if self.exited.is_none() {
            if let Ok(Some(s)) = self.child.try_wait() {
                self.exited = Some(s);
            }
        }
        self.exited.is_some()
    }

    /// Ask the engine to quit with `END`, give it `grace` to exit, then kill its group.
    pub async fn shutdown(mut self, grace: Duration) {
        if !self.has_exited() && self.send(&["END"]).await.is_ok() {
            let _ = tokio::time::timeout(grace, self.child.wait()).await;
        }
        self.kill();
        // Reap the child so that no zombie stays behind.
        let _ = tokio::time::timeout(Duration::from_millis(500), self.child.wait()).await;
    }

    /// SIGKILL the whole process group at once (the engine and anything it spawned).
    pub fn kill(&mut self) {
        if let Some(pgid) = self.pgid.take() {
            kill_group(pgid);
        }
        let _ = self.child.start_kill();
    }
}

impl LineReader {
    /// Read the next non-empty line. Cancel-safe: all state lives in `self`.
    async fn next_line(&mut self) -> std::io::Result<Option<Line>> {
        loop {
            let buf = self.stdout.fill_buf().await?;
            if buf.is_empty() {
                // EOF: a last line without terminator still counts.
                if self.partial.is_empty() {
                    return Ok(None);
                }
                return Ok(take_line(&mut self.partial, &mut self.partial_cut));
            }
            let mut used = 0;
            let mut done = None;
            for &b in buf {
                used += 1;
                if b == b'\n' && self.after_cr {
                    self.after_cr = false;
                    continue;
                }
                self.after_cr = b == b'\r';
                if b == b'\n' || b == b'\r' {
                    if let Some(line) = take_line(&mut self.partial, &mut self.partial_cut) {
                        done = Some(line);
                        break;
                    }
                    continue;
                }
                if self.partial.len() < MAX_LINE {
                    self.partial.push(b);
                } else {
                    self.partial_cut = true;
                }
            }
            self.stdout.consume(used);
            if let Some(line) = done {
                return Ok(Some(line));
            }
        }
    }
}

/// Turn the collected bytes into a line; `None` for an empty (or blank) line.
fn take_line(partial: &mut Vec<u8>, partial_cut: &mut bool) -> Option<Line> {
    let cut = std::mem::take(partial_cut);
    let bytes = std::mem::take(partial);
    let (text, invalid_utf8) = match String::from_utf8(bytes) {
        Ok(s) => (s, false),
        Err(e) => (String::from_utf8_lossy(e.as_bytes()).into_owned(), true),
    };
    if text.trim().is_empty() && !cut {
        return None;
    }
    Some(Line {
        text,
        cut,
        invalid_utf8,
    })
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// SIGKILL every process in group `pgid`.
pub fn kill_group(pgid: i32) {
    if pgid > 0 {
        // SAFETY: kill(2) has no memory-safety preconditions; a negative pid names a group.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// Whether any live process (zombies excluded: they are dead and only wait to be reaped)
/// still belongs to group `pgid`. Reads `/proc`; where there is none, asks `kill(-pgid, 0)`,
/// which also counts zombies.
#[must_use]
pub fn group_alive(pgid: i32) -> bool {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        // SAFETY: signal 0 only checks for existence and permission.
        return unsafe { libc::kill(-pgid, 0) == 0 };
    };
    dir.flatten().any(|e| {
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            return false;
        };
        // After the parenthesised command name: state, ppid, pgrp, …
        let mut f = stat
            .rsplit_once(')')
            .map_or("", |(_, r)| r)
            .split_whitespace();
        let state = f.next().unwrap_or("Z");
        let pgrp = f.nth(1).and_then(|x| x.parse::<i32>().ok());
        pgrp == Some(pgid) && state != "Z" && state != "X"
    })
}

fn describe(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(c), _) => format!("exited with code {c}"),
        (None, Some(s)) => format!("killed by signal {s}"),
        _ => "exited".to_string(),
    }
}

/// The directory of the running executable (engines are looked up next to it).
#[must_use]
pub fn exe_dir() -> Option<PathBuf> {
    std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
}
