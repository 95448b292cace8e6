//! Running a tournament: a pool of workers (one tokio task per concurrent game, each with its
//! own engine processes, reused from game to game) plays the planned games; the collector
//! writes every finished game at once, updates the table and the SPRT, shows progress, and
//! stops the run on an SPRT decision or Ctrl-C. Knockouts are played round by round, with
//! tie-break pairs for drawn mini-matches.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use thiserror::Error;
use tokio::signal::unix::{signal, Signal, SignalKind};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::config::RunConfig;
use crate::game::{play_game, GameRules, GameSpec, PlayedGame};
use crate::player::{about_name, EngineSpec, Failure, Player};
use crate::progress::Progress;
use crate::record::{GameRecord, GameResult};
use crate::results::{OutputError, ResultsWriter};
use crate::resume::{Finished, ResumeError};
use crate::schedule::{knockout_round, plan_mini_match, plan_static, PlannedGame, TournamentKind};
use crate::sprt::{Sprt, SprtDecision, SprtStatus};
use crate::stats::ResultsTable;

/// Tie-break pairs played after a drawn knockout mini-match before the higher seed goes
/// through on seeding.
pub const MAX_TIEBREAK_PAIRS: u64 = 4;

/// Why a run failed (as opposed to games being lost, which are results).
#[derive(Debug, Error)]
pub enum RunError {
    /// Writing the output failed.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The saved results could not be used.
    #[error(transparent)]
    Resume(#[from] ResumeError),
    /// The results file does not belong to this run's plan.
    #[error("cannot resume: results file game {game} is {found}, but this run plans {planned}")]
    Mismatch {
        /// Game number.
        game: u64,
        /// What the file says.
        found: String,
        /// What the plan says.
        planned: String,
    },
    /// The async runtime could not be built ([`run_blocking`]).
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    /// An engine could not be started or did not answer `ABOUT`.
    #[error("engine {index} ({command:?}) does not work: {why}")]
    Engine {
        /// 1-based engine number on the command line.
        index: usize,
        /// Its command.
        command: PathBuf,
        /// What happened.
        why: String,
    },
}

/// How a run ended.
#[derive(Debug)]
pub struct RunSummary {
    /// Final results.
    pub table: ResultsTable,
    /// Games in the results file (finished before and during this invocation).
    pub games: u64,
    /// Games played by this invocation.
    pub played_now: u64,
    /// Why the run stopped early, if it did (`SPRT: H1 accepted …`, `interrupted`).
    pub stopped: Option<String>,
    /// Knockout champion, if any.
    pub champion: Option<String>,
    /// The SPRT's state at the end (`--sprt` with two engines), decided or not.
    pub sprt: Option<SprtStatus>,
    /// The engines' display names.
    pub names: Vec<String>,
}

/// One concurrent slot: the engines it has running.
#[derive(Debug)]
struct Worker {
    players: HashMap<usize, Player>,
}

struct Shared {
    games: Vec<PlannedGame>,
    next: AtomicUsize,
    stop: AtomicBool,
    rules: GameRules,
    specs: Vec<EngineSpec>,
    names: Vec<String>,
    logs: PathBuf,
}

/// Display names: the configured name, else the `ABOUT` name (else the command's file name,
/// for an engine that does not know `ABOUT`); duplicates get `#1`, `#2`, … Every engine is
/// started once, at the same time as the others, and asked `ABOUT`: a command that does not
/// start stops the run before any game.
pub async fn resolve_names(specs: &[EngineSpec]) -> Result<Vec<String>, RunError> {
    let probes: Vec<_> = specs
        .iter()
        .map(|spec| {
            let spec = spec.clone();
            tokio::spawn(async move {
                let mut p = Player::new(spec, None);
                let about = p.ask_about().await;
                p.shutdown().await;
                about
            })
        })
        .collect();
    let mut names = Vec::new();
    for (i, (spec, probe)) in specs.iter().zip(probes).enumerate() {
        let about = probe
            .await
            .unwrap_or_else(|e| Err(Failure::Crash(e.to_string())));
        let stem = || {
            spec.launch.command.file_name().map_or_else(
                || format!("engine{}", i + 1),
                |f| f.to_string_lossy().into_owned(),
            )
        };
        let about_or_stem = match about {
            Ok(line) if line.starts_with("UNKNOWN") || line.starts_with("ERROR") => stem(),
            Ok(line) => about_name(&line),
            // Silence is tolerated (the name is all ABOUT is for); not starting is not.
            Err(Failure::Timeout) => stem(),
            Err(f) => {
                return Err(RunError::Engine {
                    index: i + 1,
                    command: spec.launch.command.clone(),
                    why: f.to_string(),
                })
            }
        };
        names.push(spec.name.clone().unwrap_or(about_or_stem));
    }
    let mut out = Vec::new();
    for (i, n) in names.iter().enumerate() {
        let dupes = names.iter().filter(|m| *m == n).count();
        if dupes > 1 {
            let k = names[..=i].iter().filter(|m| *m == n).count();
            out.push(format!("{n}#{k}"));
        } else {
            out.push(n.clone());
        }
    }
    Ok(out)
}

/// Display names for `--report`, which starts no engine: those saved in `run.json`, else
/// the `name=` of every engine if all have one, else the names in the results file in order
/// of first appearance (runs saved before names were kept).
#[must_use]
pub fn report_names(cfg: &RunConfig, finished: &Finished) -> Vec<String> {
    if let Some(names) = crate::resume::load_names(&cfg.out) {
        if names.len() == cfg.engines.len() {
            return names;
        }
    }
    let given: Option<Vec<String>> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    if let Some(names) = given {
        return names;
    }
    let mut names: Vec<String> = Vec::new();
    for id in &finished.order {
        let rec = &finished.games[id];
        for n in [&rec.black, &rec.white] {
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
    }
    names
}

/// The standings of the games in `finished`, without playing (`--report`). `stopped` holds
/// the SPRT decision if one was reached.
#[must_use]
pub fn standings(cfg: &RunConfig, names: Vec<String>, finished: &Finished) -> RunSummary {
    let mut table = ResultsTable::with_engines(&names);
    for id in &finished.order {
        table.add_record(&finished.games[id]);
    }
    let sprt = sprt_status(cfg.sprt, &names, &table);
    let stopped = sprt
        .filter(|s| s.decision != SprtDecision::Continue)
        .map(|s| format!("SPRT ({} vs {}): {s}", names[0], names[1]));
    RunSummary {
        table,
        games: finished.order.len() as u64,
        played_now: 0,
        stopped,
        champion: None,
        names,
        sprt,
    }
}

/// A tournament in progress.
struct Run<'a> {
    cfg: &'a RunConfig,
    /// SIGINT and SIGTERM, registered once for the whole run so that no signal is missed
    /// between two waits (`None` if they could not be registered).
    signals: Option<(Signal, Signal)>,
    names: Vec<String>,
    table: ResultsTable,
    finished: Finished,
    writer: ResultsWriter,
    progress: Progress,
    workers: Vec<Worker>,
    played_now: u64,
    stopped: Option<String>,
}

/// Play the run described by `cfg` (names already resolved, `finished` = games from an
/// earlier invocation when resuming).
pub async fn run(
    cfg: &RunConfig,
    names: Vec<String>,
    finished: Finished,
) -> Result<RunSummary, RunError> {
    let writer = ResultsWriter::open(&cfg.out)?;
    let mut table = ResultsTable::with_engines(&names);
    for id in &finished.order {
        table.add_record(&finished.games[id]);
    }
    let signals = signal(SignalKind::interrupt())
        .and_then(|i| signal(SignalKind::terminate()).map(|t| (i, t)))
        .ok();
    let mut run = Run {
        cfg,
        signals,
        names,
        table,
        writer,
        progress: Progress::new(0, 0, cfg.quiet),
        workers: (0..cfg.concurrency.max(1))
            .map(|_| Worker {
                players: HashMap::new(),
            })
            .collect(),
        played_now: 0,
        stopped: None,
        finished,
    };
    if let Some(note) = run.finished.repaired.clone() {
        run.progress.warn(&note);
    }
    run.check_sprt();
    let mut champion = None;
    if run.stopped.is_none() {
        match cfg.kind {
            TournamentKind::Knockout => champion = run.knockout().await?,
            _ => {
                let plan = plan_static(
                    cfg.kind,
                    cfg.engines.len(),
                    cfg.games,
                    cfg.rounds,
                    &cfg.openings,
                );
                run.check_plan(&plan)?;
                for id in run.finished.games.keys() {
                    if *id >= plan.len() as u64 {
                        return Err(RunError::Mismatch {
                            game: *id,
                            found: "present".into(),
                            planned: format!("only {} games", plan.len()),
                        });
                    }
                }
                run.batch(plan).await?;
            }
        }
    }
    run.progress.finish();
    // End every engine politely and make sure none is left.
    let mut ends = Vec::new();
    for w in &mut run.workers {
        for (_, mut p) in w.players.drain() {
            ends.push(tokio::spawn(async move { p.shutdown().await }));
        }
    }
    for e in ends {
        let _ = e.await;
    }
    Ok(RunSummary {
        sprt: sprt_status(cfg.sprt, &run.names, &run.table),
        games: run.finished.games.len() as u64,
        played_now: run.played_now,
        stopped: run.stopped,
        champion,
        names: run.names,
        table: run.table,
    })
}

/// The SPRT of a two-engine match with `--sprt` after the games in `table` (pentanomial once
/// a game pair is complete, trinomial before); `None` without an SPRT or with other than two
/// engines.
#[must_use]
pub fn sprt_status(
    sprt: Option<Sprt>,
    names: &[String],
    table: &ResultsTable,
) -> Option<SprtStatus> {
    let (Some(sprt), [a, b]) = (sprt, names) else {
        return None;
    };
    let status = match table.pair(a, b) {
        Some(p) if p.penta.pairs() > 0 => sprt.test_pentanomial(&p.penta),
        Some(p) => sprt.test_trinomial(&p.total),
        None => sprt.status(0.0),
    };
    Some(status)
}

/// [`run`] on a runtime of its own, for callers without one (benchmarks, embedding): one
/// worker thread per concurrent game, at most as many as there are cores.
pub fn run_blocking(
    cfg: &RunConfig,
    names: Vec<String>,
    finished: Finished,
) -> Result<RunSummary, RunError> {
    let threads = std::thread::available_parallelism()
        .map_or(2, std::num::NonZeroUsize::get)
        .min(cfg.concurrency.max(1));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .enable_all()
        .build()
        .map_err(RunError::Runtime)?;
    rt.block_on(run(cfg, names, finished))
}

impl Run<'_> {
    /// Finished games must be the games this run plans (same players).
    fn check_plan(&self, plan: &[PlannedGame]) -> Result<(), RunError> {
        for g in plan {
            if let Some(rec) = self.finished.games.get(&g.id) {
                let (b, w) = (&self.names[g.black], &self.names[g.white]);
                let same =
                    (&rec.black == b && &rec.white == w) || (&rec.black == w && &rec.white == b);
                if !same {
                    return Err(RunError::Mismatch {
                        game: g.id,
                        found: format!("{} vs {}", rec.black, rec.white),
                        planned: format!("{b} vs {w}"),
                    });
                }
            }
        }
        Ok(())
    }

    fn check_sprt(&mut self) {
        let Some(status) = sprt_status(self.cfg.sprt, &self.names, &self.table) else {
            return;
        };
        if status.decision != SprtDecision::Continue {
            self.stopped = Some(format!(
                "SPRT ({} vs {}): {status}",
                self.names[0], self.names[1]
            ));
        }
    }

    /// Play the games of `plan` that are not finished yet, `concurrency` at a time.
    async fn batch(&mut self, plan: Vec<PlannedGame>) -> Result<(), RunError> {
        let todo: Vec<PlannedGame> = plan
            .into_iter()
            .filter(|g| !self.finished.games.contains_key(&g.id))
            .collect();
        self.progress.add_planned(todo.len() as u64);
        if todo.is_empty() || self.stopped.is_some() {
            return Ok(());
        }
        let shared = Arc::new(Shared {
            games: todo,
            next: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            rules: self.cfg.rules.clone(),
            specs: self.cfg.engines.clone(),
            names: self.names.clone(),
            logs: self.cfg.out.join("logs"),
        });
        let (tx, mut rx) = mpsc::channel::<(PlannedGame, PlayedGame)>(64);
        let mut handles: Vec<JoinHandle<Worker>> = Vec::new();
        for (slot, w) in std::mem::take(&mut self.workers).into_iter().enumerate() {
            handles.push(tokio::spawn(work(slot, w, Arc::clone(&shared), tx.clone())));
        }
        drop(tx);
        let mut interrupted = false;
        let mut failure = None;
        loop {
            tokio::select! {
                msg = rx.recv() => {
                    let Some((planned, played)) = msg else { break };
                    if let Err(e) = self.finish_game(&planned, played) {
                        failure = Some(e);
                        shared.stop.store(true, Ordering::SeqCst);
                        break;
                    }
                    if self.stopped.is_some() {
                        shared.stop.store(true, Ordering::SeqCst);
                        break;
                    }
                }
                () = interrupt(&mut self.signals) => {
                    interrupted = true;
                    shared.stop.store(true, Ordering::SeqCst);
                    break;
                }
            }
        }
        let early = interrupted || failure.is_some() || self.stopped.is_some();
        for h in handles {
            if early {
                // Games in progress are abandoned: dropping their players kills the engines.
                h.abort();
            }
            match h.await {
                Ok(w) => self.workers.push(w),
                Err(_) => self.workers.push(Worker {
                    players: HashMap::new(),
                }),
            }
        }
        if interrupted {
            self.stopped = Some(format!(
                "interrupted; continue with: tengen-manager --resume --out {:?}",
                self.cfg.out
            ));
        }
        match failure {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn finish_game(&mut self, planned: &PlannedGame, played: PlayedGame) -> Result<(), RunError> {
        let rec = played.record;
        self.writer.write(&rec)?;
        self.table.add_record(&rec);
        self.played_now += 1;
        let line = format!(
            "game {} {} - {} {} {}",
            rec.game,
            rec.black,
            rec.white,
            rec.result.as_score_text(),
            rec.detail.as_deref().unwrap_or(rec.reason.as_str())
        );
        self.finished.order.push(planned.id);
        self.finished.games.insert(planned.id, rec);
        self.check_sprt();
        let mut summary = self.table.summary_line();
        if let Some(status) = sprt_status(self.cfg.sprt, &self.names, &self.table) {
            summary.push_str(&format!(" | {status}"));
        }
        self.progress.game_done(&line, &summary);
        if let Some(s) = &self.stopped {
            self.progress.note(s);
        }
        Ok(())
    }

    /// Single elimination. Returns the champion's name.
    async fn knockout(&mut self) -> Result<Option<String>, RunError> {
        let mut seeds: Vec<usize> = (0..self.cfg.engines.len()).collect();
        let mut next_id = 0u64;
        let lot_seed = crate::lot::seed_from_args(&self.cfg.args);
        while seeds.len() > 1 {
            let (pairs, byes) = knockout_round(&seeds);
            // (a, b, game ids, next opening slot)
            let mut matches: Vec<(usize, usize, Vec<u64>, u64)> = Vec::new();
            let mut plan = Vec::new();
            for &(a, b) in &pairs {
                // Colours of the first game by lot (seeded); they alternate afterwards.
                let (x, y) = crate::lot::colours_by_lot(lot_seed, a, b);
                let games = plan_mini_match(x, y, next_id, 0, self.cfg.games, &self.cfg.openings);
                next_id += games.len() as u64;
                matches.push((a, b, games.iter().map(|g| g.id).collect(), self.cfg.games));
                plan.extend(games);
            }
            self.check_plan(&plan)?;
            self.batch(plan).await?;
            let mut winners = byes;
            let mut tiebreaks = 0;
            loop {
                if self.stopped.is_some() {
                    return Ok(None);
                }
                let mut plan = Vec::new();
                for m in &mut matches {
                    let (pa, pb) = self.mini_match_points(m.0, m.1, &m.2);
                    if pa == pb && tiebreaks < MAX_TIEBREAK_PAIRS {
                        let (x, y) = crate::lot::colours_by_lot(lot_seed, m.0, m.1);
                        let games = plan_mini_match(x, y, next_id, m.3, 2, &self.cfg.openings);
                        next_id += 2;
                        m.3 += 2;
                        m.2.extend(games.iter().map(|g| g.id));
                        plan.extend(games);
                    }
                }
                if plan.is_empty() {
                    break;
                }
                tiebreaks += 1;
                self.progress
                    .note(&format!("knockout: {} tie-break game(s)", plan.len()));
                self.check_plan(&plan)?;
                self.batch(plan).await?;
            }
            for m in &matches {
                let (pa, pb) = self.mini_match_points(m.0, m.1, &m.2);
                // Still level after every tie-break: the higher seed (lower index) goes through.
                let w = if pb > pa { m.1 } else { m.0 };
                self.progress.note(&format!(
                    "knockout: {} {}-{} {} -> {} goes through",
                    self.names[m.0],
                    pa as f64 / 2.0,
                    pb as f64 / 2.0,
                    self.names[m.1],
                    self.names[w]
                ));
                winners.push(w);
            }
            winners.sort_unstable();
            seeds = winners;
        }
        Ok(seeds.first().map(|&i| self.names[i].clone()))
    }

    /// Half-points of a and b in the given games.
    fn mini_match_points(&self, a: usize, b: usize, ids: &[u64]) -> (u64, u64) {
        let (mut pa, mut pb) = (0, 0);
        for id in ids {
            if let Some(r) = self.finished.games.get(id) {
                let a_black = r.black == self.names[a];
                match (r.result, a_black) {
                    (GameResult::Draw, _) => {
                        pa += 1;
                        pb += 1;
                    }
                    (GameResult::BlackWin, true) | (GameResult::WhiteWin, false) => pa += 2,
                    _ => pb += 2,
                }
            }
        }
        let _ = b;
        (pa, pb)
    }
}

/// Resolves when SIGINT or SIGTERM arrives (never, without signal handlers).
async fn interrupt(signals: &mut Option<(Signal, Signal)>) {
    match signals {
        Some((int, term)) => {
            tokio::select! {
                _ = int.recv() => {}
                _ = term.recv() => {}
            }
        }
        None => std::future::pending().await,
    }
}

/// A worker: take the next planned game, play it with this worker's engines, report it.
async fn work(
    slot: usize,
    mut w: Worker,
    shared: Arc<Shared>,
    tx: mpsc::Sender<(PlannedGame, PlayedGame)>,
) -> Worker {
    loop {
        if shared.stop.load(Ordering::SeqCst) {
            break;
        }
        let i = shared.next.fetch_add(1, Ordering::SeqCst);
        let Some(g) = shared.games.get(i) else { break };
        for e in [g.black, g.white] {
            w.players.entry(e).or_insert_with(|| {
                let log = shared.logs.join(format!("engine{}-slot{slot}.log", e + 1));
                Player::new(shared.specs[e].clone(), Some(log))
            });
        }
        let mut black = w.players.remove(&g.black).expect("inserted above");
        let mut white = w.players.remove(&g.white).expect("inserted above");
        let spec = GameSpec {
            id: g.id,
            pair: g.pair,
            opening: g.opening.clone(),
            opening_index: g.opening_index,
            opening_name: g.opening_name.clone(),
        };
        let names = [
            shared.names[g.black].as_str(),
            shared.names[g.white].as_str(),
        ];
        let played = play_game(&shared.rules, &spec, [&mut black, &mut white], names).await;
        w.players.insert(g.black, black);
        w.players.insert(g.white, white);
        if tx.send((g.clone(), played)).await.is_err() {
            break;
        }
    }
    w
}

/// The records of a finished run, in file order (for callers that want them after `run`).
#[must_use]
pub fn records_in_order(f: &Finished) -> Vec<&GameRecord> {
    f.order.iter().filter_map(|id| f.games.get(id)).collect()
}
