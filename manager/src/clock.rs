//! Time controls (spec `rules.md` §8): the `--tc` text, its typed form [`TimeControl`], and a
//! per-player [`Clock`] that charges measured think times and says when a player loses on time.
//!
//! Pure logic: the caller measures with a monotonic clock (`std::time::Instant`) and passes
//! [`Duration`]s in; nothing here reads the time itself.
//!
//! # The `--tc` syntax
//!
//! A time control is a comma-separated list of parts. At most one part is the *main time*;
//! the others are `key=value`. Spaces are not allowed. Times are decimal numbers with an optional
//! unit: `ms`, `s` (the default), `m` (minutes) or `h`: `10`, `0.1`, `500ms`, `2m`, `1.5h`.
//!
//! ```text
//! tc      := "inf" | part ("," part)*
//! part    := main | "turn=" TIME | "warn=" TIME ["x" COUNT] | "cap=" TIME
//!          | "byo=" [COUNT "x"] [COUNT "/"] TIME | "max=" TIME
//! main    := "inf" | period (":" period)* ["+" TIME]
//! period  := [COUNT "/"] TIME
//! ```
//!
//! | example | meaning |
//! |---|---|
//! | `inf` | no limit at all |
//! | `120` | sudden death: 120 s for the whole game |
//! | `10+0.1` | Fischer: 10 s, plus 0.1 s after every completed move (passes included) |
//! | `10+0.1,max=15` | Fischer with the clock capped at 15 s after each increment |
//! | `turn=5` | 5 s per move, no game clock (Gomocup `timeout_turn`); an overrun loses |
//! | `120,turn=5` | 120 s per game and at most 5 s per move (Gomocup's 5 s/120 s) |
//! | `60+1,turn=5` | both a Fischer game clock and a per-move limit |
//! | `40/120:60` | periods: 120 s for the first 40 moves, then 60 s more for the rest of the game |
//! | `40/120:20/60:30` | 120 s for 40 moves, +60 s after 20 more, +30 s for the rest |
//! | `40/120` | a final period with a move count repeats: +120 s after every 40 moves |
//! | `60,byo=3x10` | 60 s main time, then 3 Japanese byo-yomi periods of 10 s |
//! | `byo=3x10` | byo-yomi only (no main time) |
//! | `300,byo=5/60` | Canadian byo-yomi: after the main time, 5 moves in every 60 s block |
//! | `300,byo=2x5/60` | Canadian with 2 periods (an overrun block costs one period) |
//! | `warn=15` | 15 s per move with 3 warnings: the 4th violation loses; hard cap 30 s |
//! | `warn=15x3,cap=20` | the same with a hard cap of 20 s |
//! | `900,warn=15x3` | a 15-minute game clock and the 15 s per-move rule together |
//!
//! The `COUNT` before `/` in a period is the number of the player's own moves (passes
//! included) that the period covers; the time of the next period is *added* to what is left
//! when that many moves are completed (unused time carries forward). Every period but the last
//! must have a move count; if the last has one, it repeats. `turn=` and `warn=` exclude each
//! other; `cap=` needs `warn=`; `max=` needs an increment.
//!
//! The tolerance (default [`DEFAULT_TOLERANCE`], as Piskvork) is not part of the text: it is a
//! separate setting given to [`Clock::new`] and written into every game record.
//!
//! # Semantics (spec §8)
//!
//! - Game clock: a move that takes longer than the time left but no longer than the time left
//!   plus the tolerance is accepted and the clock is set to zero (the overrun is charged,
//!   clamped at zero). Later than that loses ([`TimeLoss::GameClock`]), unless byo-yomi follows.
//! - Byo-yomi (after the main time is used up): each block of `B` covers `m` moves (`m = 1` is
//!   Japanese style: every move gets a fresh `B`). Time beyond the block (minus the tolerance)
//!   uses up one period per started `B`; using up the last period loses ([`TimeLoss::ByoYomi`]).
//!   Left-over time in a block is not carried forward.
//! - Fischer: the increment is added after every completed move (a pass included), before the
//!   period bonus; with `max=` the increment does not lift the clock above that cap (time
//!   already above it is kept).
//! - `turn=L`: a move slower than `L` plus the tolerance loses ([`TimeLoss::TurnLimit`]).
//! - `warn=LxW`: a move slower than `L` plus the tolerance is a violation: violations `1..=W`
//!   give warnings ([`ClockVerdict::Warning`]) and the move stands; violation `W+1` loses
//!   ([`TimeLoss::Warnings`]). A move slower than the hard cap (default `2L`) plus the
//!   tolerance loses at once ([`TimeLoss::HardCap`]). Both apply together with a game clock.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A short description of the `--tc` syntax for `--help`.
pub const TC_HELP: &str = "\
Time control: comma-separated parts; times in seconds unless suffixed ms, s, m or h.
  inf                 no limit
  T                   sudden death: T for the game (e.g. 120)
  T+I                 Fischer: T, plus I after every move incl. passes (e.g. 10+0.1)
  M1/T1:M2/T2:T3      periods: T1 for M1 moves, then T2 added for M2 moves, then T3 added
                      for the rest; a final M/T repeats (e.g. 40/120:60, 40/120)
  turn=L              at most L per move; an overrun loses (Gomocup timeout_turn)
  warn=LxW[,cap=C]    L per move; overruns 1..W are warnings, the next loses; a move over
                      the cap C (default 2L) loses at once (e.g. warn=15x3)
  byo=KxB | byo=KxM/B byo-yomi after the main time: K periods of B (Japanese), or of M
                      moves in B (Canadian) (e.g. 60,byo=3x10)
  max=C               cap the Fischer clock at C
Parts combine: 120,turn=5   60+1,turn=5   900,warn=15x3   300,byo=5/60.
The tolerance (--tolerance, default 1000 ms) is added to every limit.";

/// Piskvork's default tolerance: a move may arrive this much after its limit.
pub const DEFAULT_TOLERANCE: Duration = Duration::from_millis(1000);

/// The value sent in `INFO time_left` / `INFO timeout_turn` when there is no limit
/// (the protocol's "unlimited" for `time_left`).
pub const UNLIMITED_MS: i64 = 2_147_483_647;

/// Number of warnings `warn=L` allows when no count is given (the rulebook's three).
pub const DEFAULT_WARNINGS: u32 = 3;

/// One period of main time: `time` is available (added to what is left) and covers `moves`
/// of the player's own moves; `None` = the rest of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Period {
    /// Time added when the period starts.
    pub time: Duration,
    /// Moves the period covers; `None` = until the end of the game.
    pub moves: Option<u32>,
}

/// Byo-yomi after the main time: `periods` blocks, each of `time` for `moves` moves
/// (`moves = 1`: Japanese; `moves > 1`: Canadian).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByoYomi {
    /// Number of periods (at least 1).
    pub periods: u32,
    /// Moves per block (at least 1).
    pub moves: u32,
    /// Length of one block.
    pub time: Duration,
}

/// A per-move limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnLimit {
    /// The limit `L` for every move.
    pub limit: Duration,
    /// `None`: an overrun loses at once (`turn=`). `Some(W)`: overruns `1..=W` give warnings,
    /// the next loses (`warn=`).
    pub warnings: Option<u32>,
    /// With warnings: the hard cap (`cap=`); `None` means `2L`.
    pub hard_cap: Option<Duration>,
}

impl TurnLimit {
    /// The time after which a move loses regardless of warnings (before the tolerance):
    /// `L` without warnings, the cap (default `2L`) with them.
    #[must_use]
    pub fn hard_limit(&self) -> Duration {
        match self.warnings {
            None => self.limit,
            Some(_) => self
                .hard_cap
                .unwrap_or_else(|| self.limit.saturating_mul(2)),
        }
    }
}

/// A complete time control. `Default` is no limit at all (`inf`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TimeControl {
    /// Main-time periods; empty = no main time (no game clock unless byo-yomi is set).
    pub periods: Vec<Period>,
    /// Fischer increment added after every completed move.
    pub increment: Duration,
    /// Cap on the main time after an increment.
    pub max_time: Option<Duration>,
    /// Byo-yomi after the main time.
    pub byoyomi: Option<ByoYomi>,
    /// Per-move limit.
    pub turn: Option<TurnLimit>,
}

/// A `--tc` text that could not be read: where, what was expected and what was found.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("time control {text:?}, column {column}: expected {expected}, found {found:?}")]
pub struct TcError {
    /// The whole text.
    pub text: String,
    /// 1-based character column of the offending part.
    pub column: usize,
    /// What the grammar wanted there.
    pub expected: String,
    /// What was there instead (empty at the end of the text).
    pub found: String,
}

impl TimeControl {
    /// Parse the `--tc` syntax described in the module docs.
    pub fn parse(text: &str) -> Result<TimeControl, TcError> {
        Parser { text }.parse()
    }

    /// Whether a game clock runs (main time or byo-yomi).
    #[must_use]
    pub fn has_game_clock(&self) -> bool {
        !self.periods.is_empty() || self.byoyomi.is_some()
    }

    /// Whether nothing is limited.
    #[must_use]
    pub fn is_unlimited(&self) -> bool {
        !self.has_game_clock() && self.turn.is_none()
    }

    /// The main time available at the start of the game (the first period).
    #[must_use]
    pub fn initial_time(&self) -> Duration {
        self.periods.first().map_or(Duration::ZERO, |p| p.time)
    }
}

impl FromStr for TimeControl {
    type Err = TcError;
    fn from_str(s: &str) -> Result<TimeControl, TcError> {
        TimeControl::parse(s)
    }
}

impl fmt::Display for TimeControl {
    /// The canonical `--tc` text; parsing it gives back an equal `TimeControl`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if !self.periods.is_empty() {
            let mut main = self
                .periods
                .iter()
                .map(|p| match p.moves {
                    Some(m) => format!("{m}/{}", fmt_time(p.time)),
                    None => fmt_time(p.time),
                })
                .collect::<Vec<_>>()
                .join(":");
            if !self.increment.is_zero() {
                main.push('+');
                main.push_str(&fmt_time(self.increment));
            }
            parts.push(main);
        }
        if let Some(t) = &self.turn {
            match t.warnings {
                None => parts.push(format!("turn={}", fmt_time(t.limit))),
                Some(w) => {
                    parts.push(format!("warn={}x{w}", fmt_time(t.limit)));
                    if let Some(c) = t.hard_cap {
                        parts.push(format!("cap={}", fmt_time(c)));
                    }
                }
            }
        }
        if let Some(b) = &self.byoyomi {
            let mut s = String::from("byo=");
            if b.periods != 1 {
                s.push_str(&format!("{}x", b.periods));
            }
            if b.moves != 1 {
                s.push_str(&format!("{}/", b.moves));
            }
            s.push_str(&fmt_time(b.time));
            parts.push(s);
        }
        if let Some(m) = self.max_time {
            parts.push(format!("max={}", fmt_time(m)));
        }
        if parts.is_empty() {
            f.write_str("inf")
        } else {
            f.write_str(&parts.join(","))
        }
    }
}

/// Seconds with as many decimals as needed (`10`, `0.1`, `0.000001`).
fn fmt_time(d: Duration) -> String {
    let nanos = d.subsec_nanos();
    if nanos == 0 {
        return d.as_secs().to_string();
    }
    let frac = format!("{nanos:09}");
    format!("{}.{}", d.as_secs(), frac.trim_end_matches('0'))
}

/// Recursive-descent reader for the `--tc` text. Columns are 1-based character positions.
struct Parser<'a> {
    text: &'a str,
}

impl Parser<'_> {
    fn err(&self, start: usize, expected: impl Into<String>, found: &str) -> TcError {
        TcError {
            text: self.text.to_string(),
            column: self.text[..start].chars().count() + 1,
            expected: expected.into(),
            found: found.to_string(),
        }
    }

    fn parse(&self) -> Result<TimeControl, TcError> {
        let mut tc = TimeControl::default();
        let mut seen_main = false;
        let mut seen_keys: Vec<&str> = Vec::new();
        let mut cap: Option<(usize, Duration)> = None;
        let mut max: Option<(usize, Duration)> = None;
        let mut offset = 0;
        if self.text.is_empty() {
            return Err(self.err(0, "a time control such as 10+0.1, turn=5 or inf", ""));
        }
        for part in self.text.split(',') {
            let start = offset;
            offset += part.len() + 1;
            if part.is_empty() {
                return Err(self.err(start, "a part between commas", ""));
            }
            if let Some((key, value)) = part.split_once('=') {
                let vstart = start + key.len() + 1;
                if seen_keys.contains(&key) {
                    return Err(self.err(
                        start,
                        format!("each key at most once ({key}= repeats)"),
                        part,
                    ));
                }
                match key {
                    "turn" | "warn" => {
                        if tc.turn.is_some() {
                            return Err(self.err(start, "only one of turn= and warn=", part));
                        }
                        tc.turn = Some(if key == "turn" {
                            TurnLimit {
                                limit: self.positive_time(value, vstart)?,
                                warnings: None,
                                hard_cap: None,
                            }
                        } else {
                            let (l, w) = match value.split_once('x') {
                                Some((l, w)) => (l, Some((w, vstart + l.len() + 1))),
                                None => (value, None),
                            };
                            let limit = self.positive_time(l, vstart)?;
                            let warnings = match w {
                                Some((w, ws)) => {
                                    self.count(w, ws, 0, "a warning count (0 or more)")?
                                }
                                None => DEFAULT_WARNINGS,
                            };
                            TurnLimit {
                                limit,
                                warnings: Some(warnings),
                                hard_cap: None,
                            }
                        });
                    }
                    "cap" => cap = Some((start, self.positive_time(value, vstart)?)),
                    "max" => max = Some((start, self.positive_time(value, vstart)?)),
                    "byo" => tc.byoyomi = Some(self.byoyomi(value, vstart)?),
                    _ => {
                        return Err(self.err(
                            start,
                            "one of the keys turn, warn, cap, byo, max",
                            key,
                        ));
                    }
                }
                seen_keys.push(key);
            } else {
                if seen_main {
                    return Err(self.err(start, "at most one main time", part));
                }
                seen_main = true;
                if part != "inf" {
                    self.main(part, start, &mut tc)?;
                }
            }
        }
        if let Some((at, c)) = cap {
            match &mut tc.turn {
                Some(t) if t.warnings.is_some() => {
                    if c < t.limit {
                        return Err(self.err(at, "a cap not below the warn= limit", &fmt_time(c)));
                    }
                    t.hard_cap = Some(c);
                }
                _ => return Err(self.err(at, "cap= only together with warn=", "cap")),
            }
        }
        if let Some((at, m)) = max {
            if tc.increment.is_zero() {
                return Err(self.err(at, "max= only with a Fischer increment (main+inc)", "max"));
            }
            tc.max_time = Some(m);
        }
        Ok(tc)
    }

    /// `period (":" period)* ["+" TIME]`
    fn main(&self, part: &str, start: usize, tc: &mut TimeControl) -> Result<(), TcError> {
        let (periods, inc) = match part.split_once('+') {
            Some((p, i)) => (p, Some((i, start + p.len() + 1))),
            None => (part, None),
        };
        let mut pstart = start;
        let pieces: Vec<&str> = periods.split(':').collect();
        for (i, piece) in pieces.iter().enumerate() {
            let last = i + 1 == pieces.len();
            let period = match piece.split_once('/') {
                Some((m, t)) => Period {
                    moves: Some(self.count(m, pstart, 1, "a move count (1 or more)")?),
                    time: self.time(t, pstart + m.len() + 1)?,
                },
                None => {
                    if !last {
                        return Err(self.err(
                            pstart,
                            "MOVES/TIME (every period but the last needs a move count)",
                            piece,
                        ));
                    }
                    Period {
                        moves: None,
                        time: self.time(piece, pstart)?,
                    }
                }
            };
            tc.periods.push(period);
            pstart += piece.len() + 1;
        }
        if let Some((i, istart)) = inc {
            tc.increment = self.time(i, istart)?;
        }
        Ok(())
    }

    /// `[COUNT "x"] [COUNT "/"] TIME`
    fn byoyomi(&self, value: &str, start: usize) -> Result<ByoYomi, TcError> {
        let (periods, rest, rstart) = match value.split_once('x') {
            Some((k, r)) => (
                self.count(k, start, 1, "a number of periods (1 or more)")?,
                r,
                start + k.len() + 1,
            ),
            None => (1, value, start),
        };
        let (moves, t, tstart) = match rest.split_once('/') {
            Some((m, t)) => (
                self.count(m, rstart, 1, "a number of moves per block (1 or more)")?,
                t,
                rstart + m.len() + 1,
            ),
            None => (1, rest, rstart),
        };
        Ok(ByoYomi {
            periods,
            moves,
            time: self.positive_time(t, tstart)?,
        })
    }

    fn count(&self, s: &str, start: usize, min: u32, expected: &str) -> Result<u32, TcError> {
        match s.parse::<u32>() {
            Ok(n) if n >= min && s.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
            _ => Err(self.err(start, expected, s)),
        }
    }

    fn positive_time(&self, s: &str, start: usize) -> Result<Duration, TcError> {
        let d = self.time(s, start)?;
        if d.is_zero() {
            return Err(self.err(start, "a time above zero", s));
        }
        Ok(d)
    }

    /// `DIGITS ["." DIGITS] ["ms" | "s" | "m" | "h"]`, exact (no floating point).
    fn time(&self, s: &str, start: usize) -> Result<Duration, TcError> {
        const EXPECTED: &str = "a time such as 10, 0.5, 500ms, 2m or 1h";
        let bad = || self.err(start, EXPECTED, s);
        let (number, unit_nanos): (&str, u128) = if let Some(n) = s.strip_suffix("ms") {
            (n, 1_000_000)
        } else if let Some(n) = s.strip_suffix('s') {
            (n, 1_000_000_000)
        } else if let Some(n) = s.strip_suffix('m') {
            (n, 60_000_000_000)
        } else if let Some(n) = s.strip_suffix('h') {
            (n, 3_600_000_000_000)
        } else {
            (s, 1_000_000_000)
        };
        let (int, frac) = number.split_once('.').unwrap_or((number, ""));
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        if int.is_empty()
            || !digits(int)
            || !digits(frac)
            || (number.contains('.') && frac.is_empty())
        {
            return Err(bad());
        }
        if int.len() > 12 || frac.len() > 9 {
            return Err(self.err(start, "a time of at most 12 digits and 9 decimals", s));
        }
        let int_v: u128 = int.parse().map_err(|_| bad())?;
        let frac_v: u128 = if frac.is_empty() {
            0
        } else {
            frac.parse::<u128>().map_err(|_| bad())? * 10u128.pow(9 - frac.len() as u32)
        };
        // value in units of 1e-9 units; convert to nanoseconds.
        let total = (int_v * 1_000_000_000 + frac_v) * unit_nanos / 1_000_000_000;
        let secs = u64::try_from(total / 1_000_000_000).map_err(|_| bad())?;
        // The canonical text writes seconds: keep them within the 12 digits it reads back
        // (`999999999999h` would not be).
        if secs > 999_999_999_999 {
            return Err(self.err(start, "a time below 10^12 s (about 31 700 years)", s));
        }
        Ok(Duration::new(secs, (total % 1_000_000_000) as u32))
    }
}

/// Why a player lost on time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TimeLoss {
    /// The game clock ran out (no byo-yomi).
    GameClock,
    /// The last byo-yomi period was used up.
    ByoYomi,
    /// A move took longer than the strict per-move limit (`turn=`).
    TurnLimit,
    /// One violation more than the warnings allow (`warn=`).
    Warnings,
    /// A move took longer than the hard cap of `warn=`.
    HardCap,
}

impl fmt::Display for TimeLoss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TimeLoss::GameClock => "game clock ran out",
            TimeLoss::ByoYomi => "last byo-yomi period used up",
            TimeLoss::TurnLimit => "per-move limit exceeded",
            TimeLoss::Warnings => "per-move limit exceeded after the last warning",
            TimeLoss::HardCap => "hard per-move cap exceeded",
        })
    }
}

/// What charging a move's time did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockVerdict {
    /// Within the limits.
    Ok,
    /// The move broke the per-move limit and stands; this is warning number `n` (1-based).
    Warning(u32),
    /// The player lost on time.
    TimeLoss(TimeLoss),
}

/// The `INFO` values to send to a Gomocup brain before its turn, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineTimeInfo {
    /// `INFO timeout_turn`: the most this move may take without losing anything (no tolerance
    /// included); [`UNLIMITED_MS`] if unlimited. Changes from turn to turn (it emulates
    /// byo-yomi and tracks the game clock).
    pub timeout_turn: i64,
    /// `INFO timeout_match`: the initial main time; 0 = no game clock.
    pub timeout_match: i64,
    /// `INFO time_left`: main time left plus the current byo-yomi block; [`UNLIMITED_MS`]
    /// without a game clock.
    pub time_left: i64,
    /// `INFO time_increment` (extension): the Fischer increment.
    pub time_increment: i64,
}

/// One player's clock during a game.
#[derive(Debug, Clone)]
pub struct Clock {
    tc: TimeControl,
    tolerance: Duration,
    main_left: Duration,
    /// Index of the running period in `tc.periods`.
    period: usize,
    /// Moves completed in the running period.
    period_moves: u32,
    /// Moves completed in the game.
    moves: u32,
    /// Byo-yomi periods left.
    byo_left: u32,
    /// Time left in the current byo-yomi block.
    block_left: Duration,
    /// Moves completed in the current byo-yomi block.
    block_moves: u32,
    warnings: u32,
    lost: Option<TimeLoss>,
}

impl Clock {
    /// A fresh clock for one player and one game.
    #[must_use]
    pub fn new(tc: &TimeControl, tolerance: Duration) -> Clock {
        let byo = tc.byoyomi;
        Clock {
            tc: tc.clone(),
            tolerance,
            main_left: tc.initial_time(),
            period: 0,
            period_moves: 0,
            moves: 0,
            byo_left: byo.map_or(0, |b| b.periods),
            block_left: byo.map_or(Duration::ZERO, |b| b.time),
            block_moves: 0,
            warnings: 0,
            lost: None,
        }
    }

    /// The time control this clock runs.
    #[must_use]
    pub fn time_control(&self) -> &TimeControl {
        &self.tc
    }

    /// The tolerance in force.
    #[must_use]
    pub fn tolerance(&self) -> Duration {
        self.tolerance
    }

    /// How long the next move may take, tolerance included, before the player loses on time:
    /// the manager's hard deadline for the reply. `None` = unlimited.
    #[must_use]
    pub fn deadline_for_move(&self) -> Option<Duration> {
        let mut limit: Option<Duration> = None;
        let mut take = |d: Duration| {
            let d = d.saturating_add(self.tolerance);
            limit = Some(limit.map_or(d, |l| l.min(d)));
        };
        if let Some(t) = &self.tc.turn {
            take(t.hard_limit());
            if t.warnings.is_some_and(|w| self.warnings >= w) {
                // No warning left: the next violation loses.
                take(t.limit);
            }
        }
        if self.tc.has_game_clock() {
            take(self.main_left.saturating_add(self.byo_allowance()));
        }
        limit
    }

    /// Byo-yomi time a move can still use before the last period is gone.
    fn byo_allowance(&self) -> Duration {
        match self.tc.byoyomi {
            Some(b) if self.byo_left > 0 => self
                .block_left
                .saturating_add(b.time.saturating_mul(self.byo_left - 1)),
            _ => Duration::ZERO,
        }
    }

    /// Charge the time a move took (a stone or a pass). Adds the Fischer increment and the
    /// next period's time when due. After a loss every further charge returns the same loss.
    pub fn charge(&mut self, elapsed: Duration) -> ClockVerdict {
        self.charge_inner(elapsed, true)
    }

    /// Charge time spent on a decision that is not a move (swap choice, choosing among
    /// fifth-move offers): the limits apply but no increment is earned and no move counted.
    pub fn charge_non_move(&mut self, elapsed: Duration) -> ClockVerdict {
        self.charge_inner(elapsed, false)
    }

    fn lose(&mut self, why: TimeLoss) -> ClockVerdict {
        self.lost = Some(why);
        ClockVerdict::TimeLoss(why)
    }

    fn charge_inner(&mut self, elapsed: Duration, is_move: bool) -> ClockVerdict {
        if let Some(why) = self.lost {
            return ClockVerdict::TimeLoss(why);
        }
        let tol = self.tolerance;
        let mut verdict = ClockVerdict::Ok;
        if let Some(t) = self.tc.turn {
            if elapsed > t.hard_limit().saturating_add(tol) {
                return self.lose(if t.warnings.is_some() {
                    TimeLoss::HardCap
                } else {
                    TimeLoss::TurnLimit
                });
            }
            if let Some(allowed) = t.warnings {
                if elapsed > t.limit.saturating_add(tol) {
                    self.warnings += 1;
                    if self.warnings > allowed {
                        return self.lose(TimeLoss::Warnings);
                    }
                    verdict = ClockVerdict::Warning(self.warnings);
                }
            }
        }
        // A move that starts with no main time left runs wholly in byo-yomi.
        let mut in_byo = self.tc.byoyomi.is_some() && self.main_left.is_zero();
        if self.tc.has_game_clock() {
            if elapsed <= self.main_left && !in_byo {
                self.main_left -= elapsed;
            } else {
                let over = elapsed - self.main_left;
                self.main_left = Duration::ZERO;
                match self.tc.byoyomi {
                    None => {
                        if over > tol {
                            return self.lose(TimeLoss::GameClock);
                        }
                    }
                    Some(b) => {
                        in_byo = true;
                        if over <= self.block_left.saturating_add(tol) {
                            self.block_left = self.block_left.saturating_sub(over);
                        } else {
                            // Each started block of B beyond the current block costs a period.
                            let effective = over - self.block_left - tol;
                            let block = b.time.as_nanos();
                            let used = effective.as_nanos().div_ceil(block);
                            if used >= u128::from(self.byo_left) {
                                self.byo_left = 0;
                                return self.lose(TimeLoss::ByoYomi);
                            }
                            self.byo_left -= used as u32;
                            let fresh = b.time.saturating_mul(used as u32);
                            self.block_left = fresh.saturating_sub(effective);
                            self.block_moves = 0;
                        }
                    }
                }
            }
        }
        if is_move {
            self.complete_move(in_byo);
        }
        verdict
    }

    /// Bookkeeping after a completed move: increment, periods, byo-yomi block.
    fn complete_move(&mut self, in_byo: bool) {
        self.moves += 1;
        if let (true, Some(b)) = (in_byo, self.tc.byoyomi) {
            // A move made (partly) in byo-yomi counts towards the block.
            self.block_moves += 1;
            if self.block_moves >= b.moves {
                self.block_left = b.time;
                self.block_moves = 0;
            }
        }
        if self.tc.periods.is_empty() {
            return;
        }
        let with_increment = self.main_left.saturating_add(self.tc.increment);
        self.main_left = match self.tc.max_time {
            // The increment never lifts the clock above the cap, and never takes time away.
            Some(m) if with_increment > m => m.max(self.main_left),
            _ => with_increment,
        };
        self.period_moves += 1;
        if let Some(m) = self.tc.periods[self.period].moves {
            if self.period_moves >= m {
                // The next period's time is added; a final counted period repeats.
                if self.period + 1 < self.tc.periods.len() {
                    self.period += 1;
                }
                self.period_moves = 0;
                self.main_left = self
                    .main_left
                    .saturating_add(self.tc.periods[self.period].time);
            }
        }
    }

    /// Main time left (zero without a main time).
    #[must_use]
    pub fn main_time_left(&self) -> Duration {
        self.main_left
    }

    /// Time left on the game clock: main time plus the current byo-yomi block (further
    /// byo-yomi periods not counted). `None` without a game clock.
    #[must_use]
    pub fn time_left(&self) -> Option<Duration> {
        if !self.tc.has_game_clock() {
            return None;
        }
        let block = if self.byo_left > 0 {
            self.block_left
        } else {
            Duration::ZERO
        };
        Some(self.main_left.saturating_add(block))
    }

    /// Byo-yomi periods not yet used up (`None` without byo-yomi).
    #[must_use]
    pub fn byo_periods_left(&self) -> Option<u32> {
        self.tc.byoyomi.map(|_| self.byo_left)
    }

    /// Warnings given so far (`warn=`).
    #[must_use]
    pub fn warnings(&self) -> u32 {
        self.warnings
    }

    /// Moves charged so far (passes included, decisions not).
    #[must_use]
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The time loss, once it happened.
    #[must_use]
    pub fn lost(&self) -> Option<TimeLoss> {
        self.lost
    }

    /// The `INFO` values for a Gomocup brain before its next turn.
    #[must_use]
    pub fn engine_info(&self) -> EngineTimeInfo {
        let ms = |d: Duration| {
            i64::try_from(d.as_millis())
                .unwrap_or(UNLIMITED_MS)
                .min(UNLIMITED_MS)
        };
        let mut turn: Option<Duration> = self.tc.turn.map(|t| t.limit);
        if self.tc.has_game_clock() {
            // The most the move can take without losing or using a byo-yomi period.
            let safe = self.time_left().unwrap_or(Duration::ZERO);
            turn = Some(turn.map_or(safe, |t| t.min(safe)));
        }
        EngineTimeInfo {
            timeout_turn: turn.map_or(UNLIMITED_MS, ms),
            timeout_match: if self.tc.periods.is_empty() {
                0
            } else {
                ms(self.tc.initial_time())
            },
            time_left: self.time_left().map_or(UNLIMITED_MS, ms),
            time_increment: ms(self.tc.increment),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: f64) -> Duration {
        Duration::from_secs_f64(x)
    }
    fn ms(x: u64) -> Duration {
        Duration::from_millis(x)
    }
    fn tc(t: &str) -> TimeControl {
        TimeControl::parse(t).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn parses_every_form_and_round_trips() {
        let f = tc("10+0.1");
        assert_eq!(
            f.periods,
            vec![Period {
                time: s(10.0),
                moves: None
            }]
        );
        assert_eq!(f.increment, ms(100));
        let p = tc("40/120:20/60:30");
        assert_eq!(
            p.periods,
            vec![
                Period {
                    time: s(120.0),
                    moves: Some(40)
                },
                Period {
                    time: s(60.0),
                    moves: Some(20)
                },
                Period {
                    time: s(30.0),
                    moves: None
                },
            ]
        );
        let b = tc("300,byo=2x5/60");
        assert_eq!(
            b.byoyomi,
            Some(ByoYomi {
                periods: 2,
                moves: 5,
                time: s(60.0)
            })
        );
        let w = tc("900,warn=15x3,cap=20");
        assert_eq!(
            w.turn,
            Some(TurnLimit {
                limit: s(15.0),
                warnings: Some(3),
                hard_cap: Some(s(20.0))
            })
        );
        assert_eq!(tc("warn=15").turn.unwrap().warnings, Some(3));
        assert_eq!(tc("warn=15").turn.unwrap().hard_limit(), s(30.0));
        assert_eq!(tc("turn=500ms").turn.unwrap().limit, ms(500));
        assert_eq!(tc("2m").initial_time(), s(120.0));
        assert_eq!(tc("1.5h").initial_time(), s(5400.0));
        assert_eq!(tc("0.000000001").initial_time(), Duration::from_nanos(1));
        assert!(tc("inf").is_unlimited());
        assert!(tc("inf,turn=5").turn.is_some());
        assert!(!tc("inf,turn=5").has_game_clock());
        assert!(tc("byo=3x10").has_game_clock());
        for text in [
            "inf",
            "120",
            "10+0.1",
            "10+0.1,max=15",
            "turn=5",
            "120,turn=5",
            "60+1,turn=5",
            "40/120:60",
            "40/120:20/60:30",
            "40/120",
            "60,byo=3x10",
            "byo=3x10",
            "300,byo=5/60",
            "300,byo=2x5/60",
            "warn=15x3",
            "warn=15x3,cap=20",
            "900,warn=15x3",
            "0.25+0.005,turn=0.1",
        ] {
            let parsed = tc(text);
            assert_eq!(parsed.to_string(), text, "canonical text of {text}");
            assert_eq!(tc(&parsed.to_string()), parsed);
        }
        assert_eq!(tc("120s,byo=1x1/10").to_string(), "120,byo=10");
    }

    #[test]
    fn errors_name_the_column_and_what_was_expected() {
        let cases: &[(&str, usize, &str)] = &[
            ("", 1, "a time control"),
            ("10+", 4, "a time such as"),
            ("10x", 1, "a time such as"),
            ("60,turn=abc", 9, "a time such as"),
            ("60,turn=0", 9, "above zero"),
            ("60,foo=3", 4, "one of the keys"),
            ("60,90", 4, "at most one main time"),
            ("120:60", 1, "every period but the last"),
            ("40/120:x/60:30", 8, "a move count"),
            ("0/120", 1, "a move count"),
            ("byo=0x10", 5, "a number of periods"),
            ("byo=3x0/10", 7, "moves per block"),
            ("turn=5,warn=10", 8, "only one of turn= and warn="),
            ("cap=10", 1, "cap= only together with warn="),
            ("warn=10,cap=5", 9, "not below"),
            ("10,max=20", 4, "max= only with"),
            ("10,,turn=5", 4, "a part between commas"),
            ("turn=5,turn=6", 8, "each key at most once"),
            ("warn=15x-1", 9, "a warning count"),
            ("1.", 1, "a time such as"),
            (".5", 1, "a time such as"),
            ("99999999999999", 1, "at most 12 digits"),
        ];
        for (text, column, expected) in cases {
            let e = TimeControl::parse(text).expect_err(text);
            assert_eq!(e.column, *column, "column for {text:?}: {e}");
            assert!(e.expected.contains(expected), "{text:?}: {e}");
            assert!(e.to_string().contains(&format!("column {column}")));
        }
    }

    #[test]
    fn help_examples_parse() {
        for ex in [
            "10+0.1",
            "40/120:60",
            "40/120",
            "warn=15x3",
            "60,byo=3x10",
            "120,turn=5",
            "60+1,turn=5",
            "900,warn=15x3",
            "300,byo=5/60",
        ] {
            assert!(TC_HELP.contains(ex), "{ex}");
            tc(ex);
        }
    }

    #[test]
    fn unlimited_never_loses() {
        let mut c = Clock::new(&tc("inf"), DEFAULT_TOLERANCE);
        assert_eq!(c.deadline_for_move(), None);
        assert_eq!(c.charge(s(1e6)), ClockVerdict::Ok);
        let info = c.engine_info();
        assert_eq!(
            (info.timeout_turn, info.timeout_match, info.time_left),
            (UNLIMITED_MS, 0, UNLIMITED_MS)
        );
    }

    #[test]
    fn sudden_death_tolerance_then_loss() {
        let mut c = Clock::new(&tc("10"), DEFAULT_TOLERANCE);
        assert_eq!(c.deadline_for_move(), Some(s(11.0)));
        assert_eq!(c.charge(s(4.0)), ClockVerdict::Ok);
        assert_eq!(c.time_left(), Some(s(6.0)));
        // 6.5 s with 6 s left: within the tolerance, accepted, clock clamped at zero.
        assert_eq!(c.charge(ms(6500)), ClockVerdict::Ok);
        assert_eq!(c.time_left(), Some(Duration::ZERO));
        assert_eq!(c.deadline_for_move(), Some(ms(1000)));
        assert_eq!(c.engine_info().timeout_turn, 0);
        assert_eq!(c.charge(ms(1000)), ClockVerdict::Ok);
        assert_eq!(
            c.charge(ms(1001)),
            ClockVerdict::TimeLoss(TimeLoss::GameClock)
        );
        assert_eq!(c.lost(), Some(TimeLoss::GameClock));
        assert_eq!(c.charge(ms(1)), ClockVerdict::TimeLoss(TimeLoss::GameClock));
    }

    #[test]
    fn overrun_beyond_tolerance_loses_at_once() {
        let mut c = Clock::new(&tc("10"), ms(50));
        assert_eq!(
            c.charge(ms(10_051)),
            ClockVerdict::TimeLoss(TimeLoss::GameClock)
        );
        let mut c = Clock::new(&tc("10"), ms(50));
        assert_eq!(c.charge(ms(10_050)), ClockVerdict::Ok);
    }

    #[test]
    fn fischer_adds_after_each_move_and_respects_max() {
        let mut c = Clock::new(&tc("10+2"), ms(0));
        assert_eq!(c.charge(s(1.0)), ClockVerdict::Ok);
        assert_eq!(c.time_left(), Some(s(11.0)));
        // A pass is a move: it earns the increment too (charged the same way).
        assert_eq!(c.charge(Duration::ZERO), ClockVerdict::Ok);
        assert_eq!(c.time_left(), Some(s(13.0)));
        assert_eq!(c.engine_info().time_increment, 2000);
        assert_eq!(c.engine_info().timeout_match, 10_000);
        assert_eq!(c.engine_info().time_left, 13_000);
        // Decisions do not earn the increment.
        assert_eq!(c.charge_non_move(s(1.0)), ClockVerdict::Ok);
        assert_eq!(c.time_left(), Some(s(12.0)));
        assert_eq!(c.moves(), 2);
        // The increment does not save a move that already flagged.
        assert_eq!(
            c.charge(s(12.5)),
            ClockVerdict::TimeLoss(TimeLoss::GameClock)
        );

        let mut capped = Clock::new(&tc("10+2,max=11"), ms(0));
        capped.charge(s(0.5));
        assert_eq!(capped.time_left(), Some(s(11.0)));
        capped.charge(s(0.5));
        assert_eq!(capped.time_left(), Some(s(11.0)));
        capped.charge(s(3.0));
        assert_eq!(capped.time_left(), Some(s(10.0)));
        // A cap below the starting time only stops the increment.
        let mut low = Clock::new(&tc("20+1,max=15"), ms(0));
        low.charge(s(1.0));
        assert_eq!(low.time_left(), Some(s(19.0)));
        low.charge(s(5.0));
        assert_eq!(low.time_left(), Some(s(15.0)));
    }

    #[test]
    fn periods_add_time_when_their_moves_are_completed() {
        // 10 s for 3 moves, then +5 s for 2 moves, then +1 s for the rest.
        let mut c = Clock::new(&tc("3/10:2/5:1"), ms(0));
        for _ in 0..2 {
            assert_eq!(c.charge(s(2.0)), ClockVerdict::Ok);
        }
        assert_eq!(c.time_left(), Some(s(6.0)));
        assert_eq!(c.charge(s(2.0)), ClockVerdict::Ok); // move 3 completes period 1
        assert_eq!(c.time_left(), Some(s(4.0 + 5.0)));
        c.charge(s(1.0));
        assert_eq!(c.time_left(), Some(s(8.0)));
        c.charge(s(1.0)); // move 5 completes period 2
        assert_eq!(c.time_left(), Some(s(8.0)));
        for _ in 0..10 {
            c.charge(Duration::ZERO); // the last period never adds again
        }
        assert_eq!(c.time_left(), Some(s(8.0)));
        // Running out inside a period loses.
        assert_eq!(
            c.charge(s(9.0)),
            ClockVerdict::TimeLoss(TimeLoss::GameClock)
        );
    }

    #[test]
    fn a_counted_last_period_repeats() {
        let mut c = Clock::new(&tc("2/10"), ms(0));
        c.charge(s(6.0));
        c.charge(s(3.0));
        assert_eq!(c.time_left(), Some(s(11.0)));
        c.charge(s(1.0));
        c.charge(s(1.0));
        assert_eq!(c.time_left(), Some(s(19.0)));
    }

    #[test]
    fn japanese_byoyomi_uses_periods() {
        let mut c = Clock::new(&tc("10,byo=3x5"), ms(100));
        // Deadline: main 10 + 3 periods of 5 + tolerance.
        assert_eq!(c.deadline_for_move(), Some(ms(25_100)));
        assert_eq!(c.engine_info().time_left, 15_000);
        // 14 s: 10 s main, 4 s of the first period: no period used.
        assert_eq!(c.charge(s(14.0)), ClockVerdict::Ok);
        assert_eq!(c.byo_periods_left(), Some(3));
        assert_eq!(c.main_time_left(), Duration::ZERO);
        // Left-over byo-yomi time is not carried forward: the next move gets 5 s again.
        assert_eq!(c.time_left(), Some(s(5.0)));
        assert_eq!(c.engine_info().timeout_turn, 5000);
        assert_eq!(c.charge(ms(5100)), ClockVerdict::Ok); // within tolerance
        assert_eq!(c.byo_periods_left(), Some(3));
        assert_eq!(c.charge(s(7.0)), ClockVerdict::Ok); // uses one period
        assert_eq!(c.byo_periods_left(), Some(2));
        assert_eq!(c.time_left(), Some(s(5.0)));
        assert_eq!(c.deadline_for_move(), Some(ms(10_100)));
        assert_eq!(c.charge(ms(10_100)), ClockVerdict::Ok); // uses exactly one more
        assert_eq!(c.byo_periods_left(), Some(1));
        assert_eq!(c.charge(s(5.0)), ClockVerdict::Ok); // the last period, not used up
        assert_eq!(
            c.charge(ms(5101)),
            ClockVerdict::TimeLoss(TimeLoss::ByoYomi)
        );
        assert_eq!(c.byo_periods_left(), Some(0));
    }

    #[test]
    fn byoyomi_without_main_time() {
        let mut c = Clock::new(&tc("byo=1x3"), ms(0));
        assert_eq!(c.engine_info().timeout_match, 0);
        assert_eq!(c.engine_info().time_left, 3000);
        assert_eq!(c.charge(s(3.0)), ClockVerdict::Ok);
        assert_eq!(c.charge(s(3.0)), ClockVerdict::Ok);
        assert_eq!(
            c.charge(ms(3001)),
            ClockVerdict::TimeLoss(TimeLoss::ByoYomi)
        );
    }

    #[test]
    fn canadian_byoyomi_resets_after_m_moves() {
        // No main time; 3 moves in every 10 s block; one period.
        let mut c = Clock::new(&tc("byo=3/10"), ms(0));
        assert_eq!(c.charge(s(4.0)), ClockVerdict::Ok);
        assert_eq!(c.time_left(), Some(s(6.0)));
        assert_eq!(c.charge(s(4.0)), ClockVerdict::Ok);
        assert_eq!(c.deadline_for_move(), Some(s(2.0)));
        assert_eq!(c.charge(s(2.0)), ClockVerdict::Ok); // third move: block resets
        assert_eq!(c.time_left(), Some(s(10.0)));
        assert_eq!(c.charge(s(9.0)), ClockVerdict::Ok);
        assert_eq!(c.charge(s(1.5)), ClockVerdict::TimeLoss(TimeLoss::ByoYomi));

        // With two periods an overrun block costs a period and the game goes on.
        let mut c = Clock::new(&tc("byo=2x2/10"), ms(0));
        assert_eq!(c.charge(s(8.0)), ClockVerdict::Ok);
        assert_eq!(c.charge(s(5.0)), ClockVerdict::Ok);
        assert_eq!(c.byo_periods_left(), Some(1));
        // 3 s beyond the block were spent in the fresh block: 7 s left, one move made in it.
        assert_eq!(c.time_left(), Some(s(7.0)));
        assert_eq!(c.charge(s(7.0)), ClockVerdict::Ok);
        assert_eq!(c.time_left(), Some(s(10.0)));
    }

    #[test]
    fn strict_turn_limit() {
        let mut c = Clock::new(&tc("turn=5"), ms(1000));
        assert_eq!(c.deadline_for_move(), Some(s(6.0)));
        assert_eq!(c.engine_info().timeout_turn, 5000);
        assert_eq!(c.engine_info().time_left, UNLIMITED_MS);
        assert_eq!(c.charge(s(6.0)), ClockVerdict::Ok);
        assert_eq!(
            c.charge(ms(6001)),
            ClockVerdict::TimeLoss(TimeLoss::TurnLimit)
        );
    }

    #[test]
    fn turn_limit_with_game_clock_both_apply() {
        let mut c = Clock::new(&tc("12,turn=5"), ms(0));
        assert_eq!(c.deadline_for_move(), Some(s(5.0)));
        assert_eq!(c.charge(s(5.0)), ClockVerdict::Ok);
        assert_eq!(c.charge(s(5.0)), ClockVerdict::Ok);
        // 2 s left: the game clock is now the tighter limit.
        assert_eq!(c.deadline_for_move(), Some(s(2.0)));
        assert_eq!(c.engine_info().timeout_turn, 2000);
        assert_eq!(
            c.charge(s(3.0)),
            ClockVerdict::TimeLoss(TimeLoss::GameClock)
        );
    }

    #[test]
    fn warnings_one_to_three_then_loss() {
        let mut c = Clock::new(&tc("warn=15x3"), ms(0));
        assert_eq!(c.deadline_for_move(), Some(s(30.0)));
        assert_eq!(c.charge(s(15.0)), ClockVerdict::Ok);
        assert_eq!(c.charge(s(16.0)), ClockVerdict::Warning(1));
        assert_eq!(c.charge(s(3.0)), ClockVerdict::Ok);
        assert_eq!(c.charge(s(29.0)), ClockVerdict::Warning(2));
        assert_eq!(c.charge(s(20.0)), ClockVerdict::Warning(3));
        assert_eq!(c.warnings(), 3);
        // With no warning left the deadline drops from the cap to the limit.
        assert_eq!(c.deadline_for_move(), Some(s(15.0)));
        assert_eq!(
            c.charge(s(15.5)),
            ClockVerdict::TimeLoss(TimeLoss::Warnings)
        );
    }

    #[test]
    fn hard_cap_loses_at_once() {
        let mut c = Clock::new(&tc("warn=15x3,cap=20"), ms(500));
        assert_eq!(c.deadline_for_move(), Some(ms(20_500)));
        assert_eq!(c.charge(ms(20_500)), ClockVerdict::Warning(1));
        assert_eq!(
            c.charge(ms(20_501)),
            ClockVerdict::TimeLoss(TimeLoss::HardCap)
        );
        let mut zero = Clock::new(&tc("warn=15x0"), ms(0));
        assert_eq!(
            zero.charge(s(16.0)),
            ClockVerdict::TimeLoss(TimeLoss::Warnings)
        );
    }

    #[test]
    fn deadline_is_exactly_the_boundary_of_a_time_loss() {
        // For many random time controls and move times: a move loses on time if and only if
        // it took longer than `deadline_for_move()` said just before it.
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(2026);
        let texts = [
            "10",
            "5+0.5",
            "3/4:2/2:1",
            "2/3",
            "4,byo=3x1",
            "byo=2x2/3",
            "6,byo=2x3/2",
            "turn=2",
            "warn=1x2",
            "warn=1x1,cap=1.5",
            "8+0.2,turn=1.5",
            "6,warn=1x3",
            "2+1,max=3,byo=1",
        ];
        for text in texts {
            let t = tc(text);
            for _ in 0..300 {
                let tol = ms(rng.gen_range(0..300));
                let mut c = Clock::new(&t, tol);
                for _ in 0..60 {
                    let deadline = c.deadline_for_move();
                    let e = match (deadline, rng.gen_range(0..4)) {
                        (Some(d), 0) => d,
                        (Some(d), 1) => d + Duration::from_nanos(1),
                        (Some(d), _) => ms(rng.gen_range(0..=d.as_millis() as u64 + 200)),
                        (None, _) => ms(rng.gen_range(0..5000)),
                    };
                    let before = c.time_left();
                    let verdict = if rng.gen_bool(0.1) {
                        c.charge_non_move(e)
                    } else {
                        c.charge(e)
                    };
                    let lost = matches!(verdict, ClockVerdict::TimeLoss(_));
                    assert_eq!(
                        lost,
                        deadline.is_some_and(|d| e > d),
                        "{text} tol {tol:?}: {e:?} vs {deadline:?}"
                    );
                    if lost {
                        break;
                    }
                    if let (Some(b), Some(a)) = (before, c.time_left()) {
                        // Only increments and period bonuses make the clock grow.
                        let bonus = t.increment
                            + t.periods.iter().map(|p| p.time).max().unwrap_or_default()
                            + t.byoyomi.map_or(Duration::ZERO, |b| b.time);
                        assert!(a <= b + bonus, "{text}: {b:?} -> {a:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn warnings_combine_with_a_game_clock() {
        let mut c = Clock::new(&tc("40,warn=15x3"), ms(0));
        assert_eq!(c.charge(s(16.0)), ClockVerdict::Warning(1));
        assert_eq!(c.charge(s(16.0)), ClockVerdict::Warning(2));
        assert_eq!(c.deadline_for_move(), Some(s(8.0)));
        assert_eq!(
            c.charge(s(9.0)),
            ClockVerdict::TimeLoss(TimeLoss::GameClock)
        );
    }
}
