//! A checked run configuration: everything a run needs, validated before any engine starts.

use std::path::PathBuf;

use crate::game::GameRules;
use crate::player::EngineSpec;
use crate::schedule::{OpeningPlan, TournamentKind};
use crate::sprt::Sprt;

/// Everything a run needs.
#[derive(Debug, Clone)]
pub struct RunConfig {
    /// The engines, in seed order.
    pub engines: Vec<EngineSpec>,
    /// Rules, time control and the other per-game settings.
    pub rules: GameRules,
    /// Openings.
    pub openings: OpeningPlan,
    /// Tournament kind.
    pub kind: TournamentKind,
    /// Games per pairing per round (per mini-match in a knockout).
    pub games: u64,
    /// Rounds (match, round-robin, gauntlet).
    pub rounds: u64,
    /// Games played at once.
    pub concurrency: usize,
    /// Stop a two-engine match when the SPRT decides.
    pub sprt: Option<Sprt>,
    /// Output directory.
    pub out: PathBuf,
    /// Continue the run saved in `out`.
    pub resume: bool,
    /// Only print the standings of the run saved in `out`.
    pub report: bool,
    /// No progress output.
    pub quiet: bool,
    /// The command line (saved for `--resume`).
    pub args: Vec<String>,
}
