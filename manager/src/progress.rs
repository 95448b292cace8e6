//! What the user sees while a run goes on: a one-line progress bar with the running score on
//! a terminal, plain lines otherwise (logs, CI). Also the UTC time stamps of records.

use std::io::{IsTerminal, Write};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Progress output to stderr (stdout stays free for the final table).
#[derive(Debug)]
pub struct Progress {
    tty: bool,
    total: u64,
    done: u64,
    started: Instant,
    last_draw: Option<Instant>,
    quiet: bool,
}

impl Progress {
    /// Progress for a run of `total` planned games (`done` already finished, on resume).
    #[must_use]
    pub fn new(total: u64, done: u64, quiet: bool) -> Progress {
        Progress {
            tty: std::io::stderr().is_terminal(),
            total,
            done,
            started: Instant::now(),
            last_draw: None,
            quiet,
        }
    }

    /// More games were planned (knockout tie-breaks, later rounds).
    pub fn add_planned(&mut self, n: u64) {
        self.total += n;
    }

    /// A game finished. `line` describes it (`#12 A - B 1-0 five`), `score` is the running
    /// score text.
    pub fn game_done(&mut self, line: &str, score: &str) {
        self.done += 1;
        if self.quiet {
            return;
        }
        let mut err = std::io::stderr().lock();
        if self.tty {
            // Redraw at most 20 times a second: at hundreds of games per second the terminal
            // would otherwise cost more than the games.
            let now = Instant::now();
            let due = match self.last_draw {
                None => true,
                Some(t) => now.duration_since(t).as_millis() >= 50,
            };
            if due || self.done == self.total {
                self.last_draw = Some(now);
                let width = 30usize;
                let filled = if self.total == 0 {
                    width
                } else {
                    (self.done.min(self.total) as usize * width) / self.total as usize
                };
                let bar: String = "#".repeat(filled) + &"-".repeat(width - filled);
                let mut text = format!(
                    "[{bar}] {}/{} games  {score}  ({:.0} s)",
                    self.done,
                    self.total,
                    self.started.elapsed().as_secs_f64()
                );
                // A wrapped line could not be redrawn in place: keep it within the terminal.
                let cols = terminal_columns().saturating_sub(1);
                if text.chars().count() > cols {
                    text = text.chars().take(cols).collect();
                }
                let _ = write!(err, "\r\x1b[2K{text}");
                let _ = err.flush();
            }
        } else {
            let _ = writeln!(err, "[{}/{}] {line}  |  {score}", self.done, self.total);
        }
    }

    /// A warning: shown even with `--quiet`.
    pub fn warn(&mut self, text: &str) {
        let quiet = std::mem::replace(&mut self.quiet, false);
        self.note(&format!("warning: {text}"));
        self.quiet = quiet;
    }

    /// A message that must not be overwritten by the bar.
    pub fn note(&mut self, text: &str) {
        if self.quiet {
            return;
        }
        let mut err = std::io::stderr().lock();
        if self.tty && self.last_draw.is_some() {
            let _ = write!(err, "\r\x1b[2K");
        }
        let _ = writeln!(err, "{text}");
    }

    /// End the bar's line.
    pub fn finish(&mut self) {
        if self.tty && self.last_draw.is_some() && !self.quiet {
            let _ = writeln!(std::io::stderr());
        }
    }
}

/// Width of the terminal on stderr (80 if unknown).
fn terminal_columns() -> usize {
    // SAFETY: `winsize` is plain integers, for which all-zero is a valid value.
    let mut ws: libc::winsize = unsafe { std::mem::zeroed() };
    // SAFETY: TIOCGWINSZ only writes into the `winsize` we pass, which we own.
    let ok = unsafe { libc::ioctl(libc::STDERR_FILENO, libc::TIOCGWINSZ, &mut ws) } == 0;
    if ok && ws.ws_col > 0 {
        usize::from(ws.ws_col)
    } else {
        80
    }
}

/// The current UTC time as `YYYY-MM-DDTHH:MM:SSZ`.
#[must_use]
pub fn utc_now_text() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc_text(secs)
}

/// Seconds since 1970 as `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian calendar).
#[must_use]
pub fn utc_text(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil-from-days (Howard Hinnant's algorithm, public domain description).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_text_matches_known_dates() {
        assert_eq!(utc_text(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc_text(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_text(1_796_040_000), "2026-11-30T12:00:00Z");
    }
}
