//! The run's output directory: one JSON line per finished game appended to `results.jsonl`
//! (written with a single `write` call and flushed as each game ends), and every game as
//! `games/game-NNNNNN.psq` and `.sgf`.
//!
//! Layout of `--out DIR`:
//! ```text
//! DIR/run.json          the command line of the run (what --resume replays)
//! DIR/results.jsonl     one JSON object per finished game, in the order games finished
//! DIR/games/            game-000000.psq, game-000000.sgf, …
//! DIR/logs/             each engine instance's stderr
//! ```

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::record::{to_json_line, to_psq, to_sgf, GameRecord};

/// The results file's name inside the output directory.
pub const RESULTS_FILE: &str = "results.jsonl";
/// The saved command line's file name.
pub const RUN_FILE: &str = "run.json";

/// A problem with the output directory.
#[derive(Debug, Error)]
pub enum OutputError {
    /// A file or directory could not be written.
    #[error("cannot write {path:?}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> OutputError + '_ {
    move |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes finished games.
#[derive(Debug)]
pub struct ResultsWriter {
    results: File,
    results_path: PathBuf,
    games: PathBuf,
}

impl ResultsWriter {
    /// Open (append) the results file in `dir` and create `games/` and `logs/`.
    pub fn open(dir: &Path) -> Result<ResultsWriter, OutputError> {
        let games = dir.join("games");
        std::fs::create_dir_all(&games).map_err(io(&games))?;
        let logs = dir.join("logs");
        std::fs::create_dir_all(&logs).map_err(io(&logs))?;
        let results_path = dir.join(RESULTS_FILE);
        let results = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&results_path)
            .map_err(io(&results_path))?;
        Ok(ResultsWriter {
            results,
            results_path,
            games,
        })
    }

    /// The base path (without extension) of a game's record files.
    #[must_use]
    pub fn game_path(&self, id: u64) -> PathBuf {
        self.games.join(format!("game-{id:06}"))
    }

    /// Write the game's `.psq` and `.sgf`, then append its JSON line. The line is written
    /// last, so a game in the results file always has its record files.
    pub fn write(&mut self, record: &GameRecord) -> Result<(), OutputError> {
        let base = self.game_path(record.game);
        let psq = base.with_extension("psq");
        std::fs::write(&psq, to_psq(record)).map_err(io(&psq))?;
        let sgf = base.with_extension("sgf");
        std::fs::write(&sgf, to_sgf(record)).map_err(io(&sgf))?;
        let mut line = to_json_line(record);
        line.push('\n');
        // One write call: a crash leaves either the whole line or a truncated tail, never
        // an interleaving; resume detects and handles the truncated tail.
        self.results
            .write_all(line.as_bytes())
            .and_then(|()| self.results.flush())
            .map_err(io(&self.results_path))
    }
}

/// Save the command line of a run so that `--resume` can replay it, with the engines'
/// display names (for `--report`, which starts no engine).
pub fn save_args(dir: &Path, args: &[String], names: &[String]) -> Result<(), OutputError> {
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let path = dir.join(RUN_FILE);
    let json = serde_json::json!({ "version": 1, "args": args, "names": names });
    // Written aside and renamed into place: a kill leaves the old file or the new one,
    // never half of one.
    let tmp = dir.join(format!("{RUN_FILE}.tmp"));
    std::fs::write(&tmp, format!("{json}\n")).map_err(io(&tmp))?;
    std::fs::rename(&tmp, &path).map_err(io(&path))
}
