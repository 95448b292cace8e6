//! One engine as a player: the Gomocup conversation over an [`EngineProcess`].
//!
//! A [`Player`] starts its engine lazily, reuses it across games (`RESTART`, or `START` again
//! when the board size changes, or a relaunch when the engine does not know `RESTART`), and
//! relaunches it after a crash or any other failure (the engine's state is then unknown).
//! Each request returns the engine's answer or a typed [`Failure`] that the referee turns into
//! the reason a game was lost.

use std::path::PathBuf;
use std::time::Duration;

use tengen_rules::{Pos, Rule};
use tokio::time::Instant;

use crate::process::{EngineProcess, Launch, Line, ProcessError};

/// Lines of `MESSAGE`/`DEBUG`/search output tolerated while waiting for one answer; more is a
/// flood and loses (it would otherwise keep the manager busy for as long as the clock allows).
pub const MAX_CHATTER_LINES: usize = 10_000;

/// How long an engine may take to answer `START`/`RESTART`/`ABOUT` (not charged to a clock).
pub const SETUP_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an engine gets to exit after `END` before its group is killed.
pub const END_GRACE: Duration = Duration::from_millis(1000);

/// How to run one engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// Display name (`None`: taken from the engine's `ABOUT` answer).
    pub name: Option<String>,
    /// Executable, arguments, working directory (its `stderr_log` is set per player).
    pub launch: Launch,
    /// `INFO key value` lines sent after each `START`/`RESTART`.
    pub options: Vec<(String, String)>,
}

/// The settings every game of a run sends to the engines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSetup {
    /// Board side.
    pub size: u8,
    /// The rule (`INFO rule`, as a bitmask).
    pub rule: Rule,
    /// `INFO max_memory` in bytes (0 = unlimited).
    pub max_memory: u64,
}

/// Why a request to an engine failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// No answer before the deadline.
    Timeout,
    /// The engine exited or closed its output.
    Crash(String),
    /// The engine could not be started or refused `START`.
    Start(String),
    /// The answer was `ERROR …`.
    Error(String),
    /// The answer was neither a move nor a known reply.
    Garbage(String),
    /// Too much output without an answer.
    Flood,
    /// Output arrived that nobody asked for (e.g. a move before the request).
    Unsolicited(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Timeout => f.write_str("no answer in time"),
            Failure::Crash(t) => write!(f, "engine crashed: {t}"),
            Failure::Start(t) => write!(f, "engine could not start: {t}"),
            Failure::Error(t) => write!(f, "engine error: {t}"),
            Failure::Garbage(t) => write!(f, "not a move: {t:?}"),
            Failure::Flood => write!(f, "more than {MAX_CHATTER_LINES} lines without an answer"),
            Failure::Unsolicited(t) => write!(f, "output before any request: {t:?}"),
        }
    }
}

impl From<ProcessError> for Failure {
    fn from(e: ProcessError) -> Failure {
        match e {
            ProcessError::TimedOut => Failure::Timeout,
            ProcessError::Spawn { .. } | ProcessError::Log { .. } => Failure::Start(e.to_string()),
            ProcessError::Closed(t) => Failure::Crash(t),
            ProcessError::Write(err) => Failure::Crash(format!("write failed: {err}")),
        }
    }
}

/// A successful answer to a move request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The text of the answer line (trimmed).
    pub text: String,
    /// Wall time from sending the request to reading the answer.
    pub elapsed: Duration,
    /// Think time the engine reported itself (`INFO TOTALTIME ms` before its answer), if any.
    pub reported_ms: Option<u64>,
}

/// A stone of a `BOARD`/`SWAP2BOARD` block: point and field (1 own, 2 opponent's).
pub type BlockStone = (Pos, u8);

/// The request that precedes an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// `BEGIN`: move first on the empty board.
    Begin,
    /// `TURN x,y`: the opponent's last move.
    Turn(i64, i64),
    /// `BOARD` … `DONE`: the whole position in move order.
    Board(Vec<BlockStone>),
    /// `SWAP2BOARD` … `DONE`.
    Swap2(Vec<BlockStone>),
    /// Lines sent as they are (Tengen extension commands, `YXBLOCK` before a `BOARD`, a draw
    /// offer's `INFO` before a `TURN`): see `chinese.rs`.
    Raw(Vec<String>),
}

/// One engine taking part in a run.
#[derive(Debug)]
pub struct Player {
    spec: EngineSpec,
    log: Option<PathBuf>,
    process: Option<EngineProcess>,
    size: Option<u8>,
    about: Option<String>,
    /// Times the engine was (re)launched.
    pub launches: u32,
    buf: String,
}

impl Player {
    /// A player that will start `spec` when first needed; stderr goes to `log`.
    #[must_use]
    pub fn new(spec: EngineSpec, log: Option<PathBuf>) -> Player {
        Player {
            spec,
            log,
            process: None,
            size: None,
            about: None,
            launches: 0,
            buf: String::with_capacity(64),
        }
    }

    /// The `ABOUT` line, once the engine has been asked.
    #[must_use]
    pub fn about(&self) -> Option<&str> {
        self.about.as_deref()
    }

    /// The running engine's process group, if any (for tests and diagnostics).
    #[must_use]
    pub fn pgid(&self) -> Option<i32> {
        self.process.as_ref().and_then(EngineProcess::pgid)
    }

    async fn launch(&mut self) -> Result<(), Failure> {
        let mut launch = self.spec.launch.clone();
        launch.stderr_log.clone_from(&self.log);
        self.process = Some(EngineProcess::spawn(&launch)?);
        self.size = None;
        self.launches += 1;
        Ok(())
    }

    /// Ask `ABOUT` (once per player) and return the answer line.
    pub async fn ask_about(&mut self) -> Result<String, Failure> {
        if let Some(a) = &self.about {
            return Ok(a.clone());
        }
        if self.process.is_none() {
            self.launch().await?;
        }
        let p = self.process.as_mut().expect("launched");
        p.send(&["ABOUT"]).await?;
        let line = read_answer(p, Instant::now() + SETUP_TIMEOUT, &mut None).await?;
        self.about = Some(line.clone());
        Ok(line)
    }

    /// Prepare a new game: `RESTART` a running engine (relaunching it if it does not know
    /// `RESTART` or the size changed), or start one; then send the settings.
    pub async fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure> {
        let result = self.new_game_inner(setup).await;
        if result.is_err() {
            self.discard();
        }
        result
    }

    async fn new_game_inner(&mut self, setup: &GameSetup) -> Result<(), Failure> {
        let mut reused = false;
        if let (Some(p), Some(size)) = (self.process.as_mut(), self.size) {
            if size == setup.size && !p.has_exited() {
                check_unsolicited(p).await?;
                p.send(&["RESTART"]).await?;
                let r = read_answer(p, Instant::now() + SETUP_TIMEOUT, &mut None).await;
                match r {
                    Ok(l) if l.eq_ignore_ascii_case("OK") => reused = true,
                    // UNKNOWN (or anything else): end this process and start afresh.
                    _ => self.shutdown().await,
                }
            } else {
                self.shutdown().await;
            }
        } else if self.process.is_some() {
            self.shutdown().await;
        }
        if !reused {
            if self.process.is_none() {
                self.launch().await?;
            }
            let p = self.process.as_mut().expect("launched");
            let start = format!("START {}", setup.size);
            p.send(&[&start]).await?;
            let answer = read_answer(p, Instant::now() + SETUP_TIMEOUT, &mut None).await?;
            if !answer.eq_ignore_ascii_case("OK") {
                return Err(Failure::Start(format!("{start} answered {answer:?}")));
            }
            self.size = Some(setup.size);
        }
        let p = self.process.as_mut().expect("running");
        let mut lines = vec![
            format!("INFO rule {}", setup.rule.to_info()),
            format!("INFO max_memory {}", setup.max_memory),
            "INFO game_type 1".to_string(),
        ];
        for (k, v) in &self.spec.options {
            lines.push(format!("INFO {k} {v}"));
        }
        for l in &lines {
            p.write_line(l).await?;
        }
        Ok(())
    }

    /// Send the time settings and a request, and wait for the answer until `deadline`.
    ///
    /// `timing` holds `timeout_turn`, `timeout_match`, `time_left` and `time_increment` (ms)
    /// as the clock gives them.
    pub async fn request(
        &mut self,
        req: &Request,
        timing: [i64; 4],
        deadline: Instant,
    ) -> Result<Answer, Failure> {
        let result = self.request_inner(req, timing, deadline).await;
        if result.is_err() {
            // After a failure the engine's state is unknown: the next game starts a new one.
            self.discard();
        }
        result
    }

    async fn request_inner(
        &mut self,
        req: &Request,
        timing: [i64; 4],
        deadline: Instant,
    ) -> Result<Answer, Failure> {
        let p = self
            .process
            .as_mut()
            .ok_or_else(|| Failure::Crash("engine not running".into()))?;
        check_unsolicited(p).await?;
        use std::fmt::Write;
        let b = &mut self.buf;
        b.clear();
        let _ = write!(
            b,
            "INFO timeout_turn {}\r\nINFO timeout_match {}\r\nINFO time_left {}\r\n",
            timing[0], timing[1], timing[2]
        );
        if timing[3] > 0 {
            // Extension read by Rapfi and Yixin-Board brains: the Fischer increment.
            let _ = write!(b, "INFO time_increment {}\r\n", timing[3]);
        }
        match req {
            Request::Begin => b.push_str("BEGIN\r\n"),
            Request::Turn(x, y) => {
                let _ = write!(b, "TURN {x},{y}\r\n");
            }
            Request::Board(stones) | Request::Swap2(stones) => {
                b.push_str(if matches!(req, Request::Board(_)) {
                    "BOARD\r\n"
                } else {
                    "SWAP2BOARD\r\n"
                });
                for (pos, f) in stones {
                    let _ = write!(b, "{},{},{f}\r\n", pos.x, pos.y);
                }
                b.push_str("DONE\r\n");
            }
            Request::Raw(lines) => {
                for l in lines {
                    b.push_str(l);
                    b.push_str("\r\n");
                }
            }
        }
        let sent = Instant::now();
        p.write_raw(b.as_bytes()).await?;
        let mut reported = None;
        let text = read_answer(p, deadline, &mut reported).await?;
        let elapsed = sent.elapsed();
        if let Some(rest) = strip_word(&text, "ERROR") {
            return Err(Failure::Error(rest.to_string()));
        }
        Ok(Answer {
            text,
            elapsed,
            reported_ms: reported,
        })
    }

    /// Whether the engine knows `command`, one that answers nothing when known (such as
    /// `YXBLOCKRESET`): an `UNKNOWN` or `ERROR` answer before the `ABOUT` sentinel means it
    /// does not. Not charged to any clock.
    pub async fn knows_silent(&mut self, command: &str) -> Result<bool, Failure> {
        let refused = |t: &str| {
            ["UNKNOWN", "ERROR"]
                .iter()
                .any(|w| strip_word(t, w).is_some())
        };
        Ok(!self.probe(&[command]).await?.is_some_and(|t| refused(&t)))
    }

    /// Send `lines` followed by `ABOUT` (a sentinel) and return the engine's first answer to
    /// them, if it gave one before the `ABOUT` answer (`None`: it answered nothing, having
    /// ignored the command or the command having no answer). The `ABOUT` answer is learnt
    /// first with [`Player::ask_about`] (once per player). `ERROR` is returned as text, not
    /// as a failure. Not charged to any clock; the set-up timeout applies.
    pub async fn probe(&mut self, lines: &[&str]) -> Result<Option<String>, Failure> {
        let result = self.probe_inner(lines).await;
        if result.is_err() {
            self.discard();
        }
        result
    }

    async fn probe_inner(&mut self, lines: &[&str]) -> Result<Option<String>, Failure> {
        /// Answer lines tolerated before the sentinel's.
        const MAX_BEFORE: usize = 16;
        // Learn the sentinel's answer first (once per player), so that any other line can
        // be told from it.
        let about = self.ask_about().await?;
        let keyed = about.contains("name=\"");
        let p = self
            .process
            .as_mut()
            .ok_or_else(|| Failure::Crash("engine not running".into()))?;
        check_unsolicited(p).await?;
        let mut all: Vec<&str> = lines.to_vec();
        all.push("ABOUT");
        p.send(&all).await?;
        let deadline = Instant::now() + SETUP_TIMEOUT;
        let mut before: Vec<String> = Vec::new();
        loop {
            let line = read_answer(p, deadline, &mut None).await?;
            // The sentinel's answer: the same line, or another `name="…"` line.
            let is_about = line == about || (keyed && line.contains("name=\""));
            if is_about {
                return Ok(before.into_iter().next());
            }
            before.push(line);
            if before.len() > MAX_BEFORE {
                return Err(Failure::Garbage(format!(
                    "more than {MAX_BEFORE} answers to {:?} before the ABOUT answer",
                    lines.last().copied().unwrap_or("")
                )));
            }
        }
    }

    /// Forget the engine after a failure: kill its group now.
    pub fn discard(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.kill();
        }
        self.size = None;
    }

    /// End the engine politely (`END`, about 1 s grace, then the group is killed).
    pub async fn shutdown(&mut self) {
        if let Some(p) = self.process.take() {
            p.shutdown(END_GRACE).await;
        }
        self.size = None;
    }
}

/// Fail if the engine wrote a line while nobody was asking (a move sent before the request
/// would otherwise be taken as the answer to the next one).
async fn check_unsolicited(p: &mut EngineProcess) -> Result<(), Failure> {
    while let Some(line) = p.try_read_line().await {
        if !is_chatter(&line.text) {
            return Err(Failure::Unsolicited(line.text.trim().to_string()));
        }
    }
    Ok(())
}

/// Read lines until one is an answer (not `MESSAGE`/`DEBUG`/search output).
async fn read_answer(
    p: &mut EngineProcess,
    deadline: Instant,
    reported_ms: &mut Option<u64>,
) -> Result<String, Failure> {
    let mut chatter = 0usize;
    loop {
        let Line {
            text,
            cut,
            invalid_utf8,
        } = p.read_line(deadline).await?;
        if is_chatter(&text) {
            if let Some(ms) = total_time(&text) {
                *reported_ms = Some(ms);
            }
            chatter += 1;
            if chatter > MAX_CHATTER_LINES {
                return Err(Failure::Flood);
            }
            continue;
        }
        if cut || invalid_utf8 {
            let shown: String = text.chars().take(40).collect();
            return Err(Failure::Garbage(if cut {
                format!(
                    "line longer than {} bytes: {shown}…",
                    crate::process::MAX_LINE
                )
            } else {
                format!("invalid UTF-8: {shown}")
            }));
        }
        return Ok(text.trim().to_string());
    }
}

/// Lines a brain may write before its answer: `MESSAGE`, `DEBUG` and search output
/// (`INFO …` lines of Rapfi's format).
fn is_chatter(text: &str) -> bool {
    let t = text.trim_start();
    ["MESSAGE", "DEBUG", "INFO"]
        .iter()
        .any(|w| strip_word(t, w).is_some())
}

/// `INFO TOTALTIME ms`: the engine's own account of its think time.
fn total_time(text: &str) -> Option<u64> {
    let rest = strip_word(text.trim_start(), "INFO")?;
    let rest = strip_word(rest, "TOTALTIME")?;
    rest.trim().parse().ok()
}

/// `text` without its first word if that word is `word` (ASCII case-insensitive).
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    if !head.eq_ignore_ascii_case(word) {
        return None;
    }
    let rest = &text[word.len()..];
    if rest.is_empty() || rest.starts_with([' ', '\t']) {
        Some(rest.trim_start())
    } else {
        None
    }
}

/// Parse a move answer `x,y` (spaces allowed) into raw coordinates; `None` if it is not two
/// integers separated by a comma.
///
/// Raw numbers rather than `tengen_protocol`'s typed `Response`: the referee must tell an
/// off-board point (`99,99`, an illegal move) from text that is not a move at all.
#[must_use]
pub fn parse_point(text: &str) -> Option<(i64, i64)> {
    let (a, b) = text.trim().split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// The display name in an `ABOUT` answer: the value of `name="…"`, or the whole line when it
/// is free text.
#[must_use]
pub fn about_name(about: &str) -> String {
    if let Some(i) = about.find("name=\"") {
        let rest = &about[i + 6..];
        if let Some(end) = rest.find('"') {
            let n = rest[..end].trim();
            if !n.is_empty() {
                return n.to_string();
            }
        }
    }
    about.trim().chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_and_chatter_are_told_apart() {
        assert!(is_chatter("MESSAGE hello"));
        assert!(is_chatter("debug x"));
        assert!(is_chatter("INFO TOTALTIME 35"));
        assert!(!is_chatter("7,7"));
        assert!(!is_chatter("MESSAGES"));
        assert_eq!(total_time("INFO TOTALTIME 35"), Some(35));
        assert_eq!(parse_point(" 7, 8 "), Some((7, 8)));
        assert_eq!(parse_point("-1,-1"), Some((-1, -1)));
        assert_eq!(parse_point("7,8,9"), None);
        assert_eq!(parse_point("hello"), None);
    }

    #[test]
    fn about_names() {
        assert_eq!(about_name(r#"name="Tengen", version="0.1""#), "Tengen");
        assert_eq!(about_name("Some free text brain"), "Some free text brain");
    }
}
