//! `--resume`: read back what an interrupted run finished, so that each planned game is
//! played exactly once.
//!
//! The results file is read line by line. Three cases matter:
//! - every line is a complete record: all of them count;
//! - the **last** line has no newline and does not parse: the manager was killed while
//!   writing it. The game it describes is treated as not played (it will be played again);
//!   the partial bytes are moved to `results.jsonl.truncated-<byte offset>` (never silently
//!   dropped) and the file is cut back to its last complete line, with a warning;
//! - any other line does not parse, or a game number appears twice: the file is corrupt;
//!   resume stops with an error naming the line, and nothing is changed.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::record::{from_json_line, GameRecord};
use crate::results::{RESULTS_FILE, RUN_FILE};

/// Why a run cannot be resumed.
#[derive(Debug, Error)]
pub enum ResumeError {
    /// The directory has no saved run.
    #[error("{path:?} not found ({source}); is --out the directory of an earlier run?")]
    NoRun {
        /// The missing file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// `run.json` is not what this program writes.
    #[error("{path:?} is not a saved run: {why}")]
    BadRun {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// A line in the middle of the results file does not parse.
    #[error("{path:?} line {line} is not a game record ({why}); fix or remove that line")]
    Corrupt {
        /// The results file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// The parse error.
        why: String,
    },
    /// A game number appears twice.
    #[error("{path:?} line {line} repeats game {game} (first on line {first})")]
    Duplicate {
        /// The results file.
        path: PathBuf,
        /// 1-based line number of the repeat.
        line: usize,
        /// The game number.
        game: u64,
        /// Line of the first occurrence.
        first: usize,
    },
    /// Reading or repairing failed.
    #[error("{path:?}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// What an interrupted run left behind.
#[derive(Debug, Default)]
pub struct Finished {
    /// Finished games by game number.
    pub games: HashMap<u64, GameRecord>,
    /// The game numbers in file order.
    pub order: Vec<u64>,
    /// A note about a truncated last line that was set aside, if there was one.
    pub repaired: Option<String>,
}

/// The engines' display names saved by the run in `dir`, in `--engine` order (`None` for a
/// run saved before names were kept, or an unreadable file).
#[must_use]
pub fn load_names(dir: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(dir.join(RUN_FILE)).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    v.get("names")?
        .as_array()?
        .iter()
        .map(|s| s.as_str().map(str::to_string))
        .collect()
}

/// The command line saved by the run in `dir`.
pub fn load_args(dir: &Path) -> Result<Vec<String>, ResumeError> {
    let path = dir.join(RUN_FILE);
    let text = std::fs::read_to_string(&path).map_err(|source| ResumeError::NoRun {
        path: path.clone(),
        source,
    })?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| ResumeError::BadRun {
        path: path.clone(),
        why: e.to_string(),
    })?;
    v.get("args")
        .and_then(|a| a.as_array())
        .and_then(|a| a.iter().map(|s| s.as_str().map(str::to_string)).collect())
        .ok_or_else(|| ResumeError::BadRun {
            path,
            why: "no \"args\" list of strings".into(),
        })
}

/// Read (and if needed repair, see the module docs) the results file in `dir`. A missing
/// file means no game finished.
pub fn read_finished(dir: &Path) -> Result<Finished, ResumeError> {
    parse_finished(dir, true)
}

/// Read the results file in `dir` without changing anything, for `--report` (the run may
/// still be going on): a last line without its newline that does not parse is a record
/// being written, left out with a note in [`Finished::repaired`].
pub fn peek_finished(dir: &Path) -> Result<Finished, ResumeError> {
    parse_finished(dir, false)
}

fn parse_finished(dir: &Path, repair: bool) -> Result<Finished, ResumeError> {
    let path = dir.join(RESULTS_FILE);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Finished::default()),
        Err(source) => return Err(ResumeError::Io { path, source }),
    };
    let mut out = Finished::default();
    let mut first_line: HashMap<u64, usize> = HashMap::new();
    let mut offset = 0usize;
    let mut line_no = 0usize;
    while offset < bytes.len() {
        line_no += 1;
        let end = bytes[offset..].iter().position(|&b| b == b'\n');
        let (raw, complete) = match end {
            Some(e) => (&bytes[offset..offset + e], true),
            None => (&bytes[offset..], false),
        };
        let text = String::from_utf8_lossy(raw);
        if text.trim().is_empty() {
            offset += raw.len() + usize::from(complete);
            continue;
        }
        match from_json_line(&text) {
            Ok(rec) => {
                if let Some(&first) = first_line.get(&rec.game) {
                    return Err(ResumeError::Duplicate {
                        path,
                        line: line_no,
                        game: rec.game,
                        first,
                    });
                }
                first_line.insert(rec.game, line_no);
                out.order.push(rec.game);
                out.games.insert(rec.game, rec);
            }
            Err(_) if !complete && !repair => {
                out.repaired = Some(format!(
                    "left out the unfinished last line {line_no} ({} bytes)",
                    raw.len()
                ));
                break;
            }
            Err(e) if !complete => {
                // Killed mid-write: keep the bytes aside and cut the file back.
                let aside = dir.join(format!("{RESULTS_FILE}.truncated-{offset}"));
                std::fs::write(&aside, raw).map_err(|source| ResumeError::Io {
                    path: aside.clone(),
                    source,
                })?;
                let f = std::fs::OpenOptions::new()
                    .write(true)
                    .open(&path)
                    .map_err(|source| ResumeError::Io {
                        path: path.clone(),
                        source,
                    })?;
                f.set_len(offset as u64).map_err(|source| ResumeError::Io {
                    path: path.clone(),
                    source,
                })?;
                out.repaired = Some(format!(
                    "results file ended with a truncated line {line_no} ({} bytes, {e}); \
                     it was moved to {aside:?} and that game will be played again",
                    raw.len()
                ));
                break;
            }
            Err(e) => {
                return Err(ResumeError::Corrupt {
                    path,
                    line: line_no,
                    why: e.to_string(),
                })
            }
        }
        offset += raw.len() + usize::from(complete);
    }
    // A last line that parsed but lacks its newline: add it, so the next append starts a
    // new line.
    if repair && bytes.last().is_some_and(|&b| b != b'\n') && out.repaired.is_none() {
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .map_err(|source| ResumeError::Io {
                path: path.clone(),
                source,
            })?;
        f.write_all(b"\n")
            .map_err(|source| ResumeError::Io { path, source })?;
    }
    Ok(out)
}
