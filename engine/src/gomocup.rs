//! The protocol front end: turns manager commands into positions and search jobs, and search
//! results into answers. It alone writes stdout, one flushed line at a time.
//!
//! One event loop serves three sources: the stdin thread ([`crate::io`]), the search thread
//! ([`crate::worker`]) and its own clock. While a job runs, `INFO`, `YXSTOP`/`STOP` and `END`
//! act at once; every other command waits until the job has answered. Each job has a hard
//! deadline inside the manager's limit: if the search has not answered by then, the front end
//! answers for it with the best move known so far (see [`crate::reflex`]).

use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tengen_protocol::{About, BoardStone, Command, Feature, Info, ProtocolError, Response};
use tengen_rules::{Board, Color, Move, Pos, Rule};

use crate::decision::{pass_instead, DrawBook};
use crate::io::Input;
use crate::nbest;
use crate::opening::{self, SwapAnswer};
use crate::reflex::{playable, reflex_move};
use crate::report;
use crate::search::{Limits, Score, SearchInfo, SearchResult, Tuning};
use crate::settings::{Change, Settings};
use crate::setup;
use crate::time::Budget;
use crate::worker::Worker;

/// Everything the front end waits for.
#[derive(Debug)]
pub enum Event {
    /// From the stdin thread.
    Input(Input),
    /// A search iteration of job `job` finished (variation `index`).
    Progress {
        /// The job.
        job: u64,
        /// Which variation (`YXNBEST`), 0 otherwise.
        index: u32,
        /// What the search reported.
        info: SearchInfo,
    },
    /// Job `job` is done.
    Done {
        /// The job.
        job: u64,
        /// Its result.
        reply: Reply,
    },
}

/// A finished job's result.
#[derive(Debug)]
pub enum Reply {
    /// A move search; several results for `YXNBEST` (best first).
    Search(Vec<SearchResult>),
    /// A ready answer (opening decisions).
    Answer(Response),
}

/// Whether to keep going.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The features Tengen declares in its `TGEXT` answer.
pub const FEATURES: [Feature; 3] = [Feature::Opening, Feature::Pass, Feature::Draw];

/// Decision jobs without a time limit think this long.
const UNLIMITED_DECISION: Duration = Duration::from_secs(5);
/// After `YXSTOP`, how long the search may take to return before the front end answers.
const STOP_GRACE: Duration = Duration::from_millis(100);
/// `START` waits at most this long for the search thread to be ready.
const READY_WAIT: Duration = Duration::from_secs(5);
/// After `END` or the end of the input, the process exits within this time.
const QUIT_GRACE: Duration = Duration::from_millis(80);

#[derive(Debug)]
enum Kind {
    /// BEGIN/TURN/BOARD/YXNBEST: answer a move and play it on the board.
    Move,
    /// SWAP2BOARD and the Tengen opening commands: answer one line. With `base`, the moves of
    /// the answer are then played on `base`, which becomes the brain's position (after
    /// `TGCHOOSE` the next request may be a plain `TURN`).
    Decision {
        fallback: Response,
        base: Option<Board>,
    },
    /// Thinking on the opponent's time (`INFO pondering 1`): silent, ends at the next command.
    Ponder,
}

#[derive(Debug)]
struct Active {
    job: u64,
    kind: Kind,
    stop: Arc<AtomicBool>,
    start: Instant,
    stop_at: Option<Instant>,
    deadline: Option<Instant>,
    /// The position searched (a copy: the board does not change during a job).
    board: Board,
    /// The best move reported so far, per variation.
    best: Vec<Option<SearchInfo>>,
}

/// The brain's state.
#[derive(Debug)]
pub struct Brain<W: Write> {
    out: W,
    settings: Settings,
    board: Board,
    blocked: Vec<Pos>,
    worker: Worker,
    events: Sender<Event>,
    next_job: u64,
    active: Option<Active>,
    /// Commands that arrived during a job, in order; `None` marks the end of the input.
    deferred: VecDeque<Option<(Result<Command, ProtocolError>, Instant)>>,
    /// After `END` or the end of the input: exit by then at the latest.
    quit_by: Option<Instant>,
    /// The manager probed `TGEXT`: it understands passes, draw offers and the opening commands.
    extended: bool,
    /// Draw offers made this game by each side (`decision.rs`: stay within the spec §9 limit).
    draws: DrawBook,
    /// Own thinking time this game (for `timeout_match` without `time_left`).
    used_ms: u64,
    /// The table size and thread count the worker has.
    resources: (usize, usize),
    /// The search knobs (`TENGEN_TUNING`, experiments only); the front end reads the clock's
    /// (`to_go_min`).
    tuning: Tuning,
}

impl<W: Write> Brain<W> {
    /// A brain writing to `out`; search results come back through `events`.
    pub fn new(out: W, events: Sender<Event>) -> std::io::Result<Brain<W>> {
        Brain::with_settings(out, events, Settings::default())
    }

    /// A brain starting from `settings` instead of the defaults (as if `INFO` had set them);
    /// the fuzz harness uses it to start with a small table.
    pub fn with_settings(
        out: W,
        events: Sender<Event>,
        settings: Settings,
    ) -> std::io::Result<Brain<W>> {
        let resources = (settings.hash_bytes(), settings.threads);
        // Experiments only: `TENGEN_TUNING` switches search features off for self-play matches.
        let tuning = crate::settings::tuning_from_env();
        let worker = Worker::spawn(resources.0, resources.1, tuning)?;
        Ok(Brain {
            out,
            board: Board::new(15, settings.rule),
            settings,
            blocked: Vec::new(),
            worker,
            events,
            next_job: 1,
            active: None,
            deferred: VecDeque::new(),
            quit_by: None,
            extended: false,
            draws: DrawBook::default(),
            used_ms: 0,
            resources,
            tuning,
        })
    }

    /// Serve events until `END`, the end of the input, or a closed output.
    pub fn run(&mut self, events: &Receiver<Event>) {
        loop {
            let event = match self.next_timer() {
                Some(at) => {
                    let wait = at.saturating_duration_since(Instant::now());
                    match events.recv_timeout(wait) {
                        Ok(e) => Some(e),
                        Err(RecvTimeoutError::Timeout) => None,
                        Err(RecvTimeoutError::Disconnected) => return,
                    }
                }
                None => match events.recv() {
                    Ok(e) => Some(e),
                    Err(_) => return,
                },
            };
            let mut flow = match event {
                Some(e) => self.event(e),
                None => Flow::Continue,
            };
            // Timers are checked after every event too, so a busy channel cannot starve them.
            if flow == Flow::Continue && self.next_timer().is_some_and(|t| t <= Instant::now()) {
                flow = self.timer();
            }
            if flow == Flow::Quit {
                self.stop_job();
                return;
            }
            while self.active.is_none() {
                let Some(next) = self.deferred.pop_front() else {
                    break;
                };
                let Some((item, at)) = next else {
                    self.stop_job();
                    return;
                };
                if self.command(item, at) == Flow::Quit {
                    self.stop_job();
                    return;
                }
            }
        }
    }

    fn next_timer(&self) -> Option<Instant> {
        let a = self.active.as_ref()?;
        [a.stop_at, a.deadline, self.quit_by]
            .into_iter()
            .flatten()
            .min()
    }

    fn stop_job(&mut self) {
        if let Some(a) = &self.active {
            a.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Write one line and flush. A closed stdout means the manager is gone.
    fn say(&mut self, r: &Response) -> Flow {
        let ok = writeln!(self.out, "{r}").and_then(|()| self.out.flush());
        if let Err(e) = ok {
            tracing::warn!("stdout closed: {e}");
            return Flow::Quit;
        }
        Flow::Continue
    }

    fn say_all(&mut self, rs: &[Response]) -> Flow {
        for r in rs {
            if self.say(r) == Flow::Quit {
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    fn message(&mut self, text: impl Into<String>) -> Flow {
        self.say(&Response::Message(text.into()))
    }

    fn event(&mut self, e: Event) -> Flow {
        match e {
            Event::Input(Input::Closed) => {
                if self.active.is_none() {
                    return Flow::Quit;
                }
                self.quitting();
                self.deferred.push_back(None);
                Flow::Continue
            }
            Event::Input(Input::Command(item, at)) => {
                if self.active.is_some() {
                    self.during_job(item, at)
                } else {
                    self.command(item, at)
                }
            }
            Event::Progress { job, index, info } => self.progress(job, index, info),
            Event::Done { job, reply } => self.done(job, reply),
        }
    }

    /// A command that arrives while a job runs.
    fn during_job(&mut self, item: Result<Command, ProtocolError>, at: Instant) -> Flow {
        // Pondering ends with anything but a setting; the command then waits (a few ms) for
        // the search to return.
        let pondering = self
            .active
            .as_ref()
            .is_some_and(|a| matches!(a.kind, Kind::Ponder));
        if pondering && !matches!(item, Ok(Command::Info(_))) {
            self.stop_job();
        }
        match item {
            Ok(Command::End) => {
                // Answer what is already asked (at once), then exit: see `quitting`.
                self.quitting();
                self.deferred.push_back(Some((Ok(Command::End), at)));
                Flow::Continue
            }
            Ok(Command::YxStop | Command::Stop) => {
                self.stop_job();
                if let Some(a) = self.active.as_mut() {
                    let grace = Instant::now() + STOP_GRACE;
                    a.deadline = Some(a.deadline.map_or(grace, |d| d.min(grace)));
                }
                Flow::Continue
            }
            Ok(Command::Info(info)) => {
                self.info(&info);
                Flow::Continue
            }
            Err(ProtocolError::Parse(e)) if e.command() == Some("INFO") => {
                self.settings.note(e.to_string());
                Flow::Continue
            }
            other => {
                self.deferred.push_back(Some((other, at)));
                Flow::Continue
            }
        }
    }

    /// `END` or the end of the input arrived during a job: stop it, answer the commands
    /// still queued without thinking, and exit within a bounded time whatever happens.
    fn quitting(&mut self) {
        self.stop_job();
        if self.quit_by.is_none() {
            self.quit_by = Some(Instant::now() + QUIT_GRACE);
        }
    }

    fn info(&mut self, info: &Info) {
        match self.settings.apply(info) {
            Change::None => {}
            Change::Rule => {
                self.board = rebuild(&self.board, self.settings.rule, &[]);
                self.worker.clear();
            }
            Change::Resources => {
                let want = (self.settings.hash_bytes(), self.settings.threads);
                if want != self.resources {
                    self.resources = want;
                    self.worker.resize(want.0, want.1);
                }
            }
            Change::TurnTime => self.retime(),
        }
    }

    /// `timeout_turn` changed: a running job may have to end sooner (`0`: now).
    fn retime(&mut self) {
        let budget = self.budget();
        let Some(a) = self
            .active
            .as_mut()
            .filter(|a| !matches!(a.kind, Kind::Ponder))
        else {
            return;
        };
        let now = Instant::now();
        let (stop_at, deadline) = if budget.instant {
            (Some(now), budget.deadline.map(|d| now + d))
        } else {
            (
                budget.maximum.map(|m| a.start + m),
                budget.deadline.map(|d| a.start + d),
            )
        };
        let sooner = |old: Option<Instant>, new: Option<Instant>| match (old, new) {
            (Some(o), Some(n)) => Some(o.min(n)),
            (o, n) => o.or(n),
        };
        a.stop_at = sooner(a.stop_at, stop_at);
        a.deadline = sooner(a.deadline, deadline);
    }

    fn timer(&mut self) -> Flow {
        let now = Instant::now();
        if self.quit_by.is_some_and(|q| q <= now) {
            return Flow::Quit;
        }
        let Some(a) = self.active.as_mut() else {
            return Flow::Continue;
        };
        if a.stop_at.is_some_and(|s| s <= now) {
            a.stop.store(true, Ordering::Relaxed);
            a.stop_at = None;
        }
        if a.deadline.is_some_and(|d| d <= now) {
            tracing::warn!("job {} missed its deadline; answering without it", a.job);
            let a = self.active.take().expect("checked above");
            a.stop.store(true, Ordering::Relaxed);
            return match a.kind {
                Kind::Decision { fallback, base } => self.decided(&fallback, base),
                Kind::Ponder => Flow::Continue,
                Kind::Move => {
                    let best = a.best.first().cloned().flatten();
                    let result = best.map(|i| SearchResult {
                        best: i.pv.first().map_or(Move::Pass, |&p| Move::Stone(p)),
                        score: i.score,
                        pv: i.pv.clone(),
                        depth: i.depth,
                        nodes: i.nodes,
                    });
                    self.answer_move(&a, result.into_iter().collect())
                }
            };
        }
        Flow::Continue
    }

    fn progress(&mut self, job: u64, index: u32, info: SearchInfo) -> Flow {
        let detail = self.settings.show_detail;
        let Some(a) = self
            .active
            .as_mut()
            .filter(|a| a.job == job && !matches!(a.kind, Kind::Ponder))
        else {
            return Flow::Continue;
        };
        let count = a.best.len() as u32;
        let lines = report::progress(&info, index, count, detail);
        if let Some(slot) = a.best.get_mut(index as usize) {
            *slot = Some(info);
        }
        self.say_all(&lines)
    }

    fn done(&mut self, job: u64, reply: Reply) -> Flow {
        if self.active.as_ref().is_none_or(|a| a.job != job) {
            tracing::debug!("late result of job {job} dropped");
            return Flow::Continue;
        }
        let a = self.active.take().expect("checked above");
        match a.kind {
            Kind::Move => match reply {
                Reply::Search(results) => self.answer_move(&a, results),
                Reply::Answer(r) => self.say(&r),
            },
            Kind::Decision { fallback, base } => match reply {
                Reply::Answer(r) => self.decided(&r, base),
                Reply::Search(_) => self.decided(&fallback, base),
            },
            Kind::Ponder => Flow::Continue,
        }
    }

    /// Send a decision; with `base`, its moves on `base` become the position.
    fn decided(&mut self, r: &Response, base: Option<Board>) -> Flow {
        if matches!(r, Response::Moves(ms) if ms.is_empty()) {
            return self.say(&Response::Error(
                "no legal point to answer with".to_string(),
            ));
        }
        if let Some(base) = base {
            let extra: Vec<Move> = match r {
                Response::Moves(ms) => ms.clone(),
                Response::Opening { stones, .. } => {
                    stones.iter().copied().map(Move::Stone).collect()
                }
                _ => Vec::new(),
            };
            self.board = rebuild(&base, base.rule(), &extra);
        }
        self.say(r)
    }

    /// Send the move for `board` (the position searched) and play it.
    fn answer_move(&mut self, a: &Active, results: Vec<SearchResult>) -> Flow {
        let board = &a.board;
        let elapsed = a.start.elapsed();
        let seldepth = a.best.first().and_then(|i| i.as_ref()).map(|i| i.seldepth);
        self.used_ms += elapsed.as_millis() as u64;
        let first = results.first();
        let hint = first.and_then(|r| r.best.pos().or_else(|| r.pv.first().copied()));
        let mv = match first.map(|r| r.best) {
            Some(Move::Stone(p)) if playable(board, p, &self.blocked) => Move::Stone(p),
            _ => reflex_move(board, &self.blocked, hint),
        };
        let score = first.map_or(0, |r| r.score);
        if let Some(r) = first {
            let text = report::summary(
                r.depth,
                seldepth.unwrap_or(r.depth).max(r.depth),
                r.score,
                r.nodes,
                elapsed.as_millis() as u64,
                &r.pv,
                board.height(),
            );
            if self.message(text) == Flow::Quit {
                return Flow::Quit;
            }
        }
        let offered = std::mem::take(&mut self.settings.draw_offered);
        if offered {
            self.draws.opponent_offered();
        }
        if offered && self.extended && DrawBook::accepts(board, score) {
            return self.say(&Response::Draw);
        }
        // Passing draws after the opponent's pass: taken only when standing worse.
        let mv = if results.is_empty()
            || !pass_instead(board, self.extended && self.settings.passes, score)
        {
            mv
        } else {
            Move::Pass
        };
        let offer = self.extended
            && mv != Move::Pass
            && !results.is_empty()
            && self.draws.may_offer(board, score);
        if offer {
            self.draws.offered(board);
        }
        let reply = if offer {
            Response::MoveDraw(mv)
        } else {
            Response::Moves(vec![mv])
        };
        self.play_own(mv);
        if self.say(&reply) == Flow::Quit {
            return Flow::Quit;
        }
        self.ponder();
        Flow::Continue
    }

    /// With `INFO pondering 1`, search the position after the brain's move until the next
    /// command (the transposition table keeps the work for the real search).
    fn ponder(&mut self) {
        if !self.settings.pondering || self.quit_by.is_some() || self.board.outcome().is_some() {
            return;
        }
        let now = Instant::now();
        let unlimited = Budget {
            optimum: None,
            maximum: None,
            deadline: None,
            instant: false,
        };
        let limits = Limits {
            start: now,
            optimum: None,
            maximum: None,
            depth: self.settings.max_depth,
            nodes: None,
        };
        let board = self.board.clone();
        let blocked = self.blocked.clone();
        let (job, stop) = self.begin(now, &unlimited, Kind::Ponder, 1);
        let tx = self.events.clone();
        let task: crate::worker::Task = Box::new(move |engine| {
            let r = engine.search(&board, &limits, &stop, &blocked, &mut |_| {});
            let _ = tx.send(Event::Done {
                job,
                reply: Reply::Search(vec![r]),
            });
        });
        self.worker.run_guarded(task, self.on_panic(job));
    }

    fn play_own(&mut self, mv: Move) {
        if self.board.play(mv).is_err() {
            // The game is over on the board (a GUI may still ask): extend the history anyway.
            self.board = rebuild(&self.board, self.board.rule(), &[mv]);
        }
    }

    /// Handle one command when no job runs.
    fn command(&mut self, item: Result<Command, ProtocolError>, at: Instant) -> Flow {
        let cmd = match item {
            Ok(c) => c,
            Err(ProtocolError::Parse(e)) if e.command() == Some("INFO") => {
                self.settings.note(e.to_string());
                return Flow::Continue;
            }
            Err(e) => return self.say(&Response::Error(e.to_string())),
        };
        match cmd {
            Command::Start { size } => self.start(size, size),
            Command::RectStart { width, height } => self.start(width, height),
            Command::Restart => {
                let (w, h) = (self.board.width(), self.board.height());
                self.start(u32::from(w), u32::from(h))
            }
            Command::Begin => {
                self.board =
                    Board::try_new(self.board.width(), self.board.height(), self.settings.rule)
                        .unwrap_or_else(|_| Board::new(15, self.settings.rule));
                self.search(at, 1)
            }
            Command::Turn(m) => {
                if let Move::Stone(p) = m {
                    if !self.board.is_empty_at(p) {
                        let why = if self.board.contains(p) {
                            "occupied"
                        } else {
                            "off the board"
                        };
                        let text = format!("TURN {p}: the point is {why}; read as a pass");
                        if self.message(text) == Flow::Quit {
                            return Flow::Quit;
                        }
                        // Still the opponent's turn consumed, so the brain moves with its own colour.
                        self.play_opponent(Move::Pass);
                        return self.search(at, 1);
                    }
                }
                self.play_opponent(m);
                self.search(at, 1)
            }
            Command::Board(stones) => {
                if self.set_position(&stones) == Flow::Quit {
                    return Flow::Quit;
                }
                self.search(at, 1)
            }
            Command::YxBoard(stones) => self.set_position(&stones),
            Command::YxNBest(n) => self.search(at, n.clamp(1, 64)),
            Command::Info(info) => {
                self.info(&info);
                Flow::Continue
            }
            Command::End => Flow::Quit,
            Command::About => self.say(&Response::About(about())),
            Command::Takeback(m) => self.takeback(m),
            Command::Play(m) => self.play(m),
            Command::Swap2Board(stones) => self.swap2(&stones, at),
            Command::YxStop | Command::Stop => Flow::Continue,
            Command::YxShowForbid => {
                let points = if self.board.side_to_move() == Color::Black {
                    self.board
                        .forbidden_points()
                        .into_iter()
                        .map(|(p, _)| p)
                        .collect()
                } else {
                    Vec::new()
                };
                self.say(&Response::Forbid(points))
            }
            Command::YxHashClear => {
                self.worker.clear();
                Flow::Continue
            }
            Command::YxShowInfo => self.say_all(&[
                Response::Message(format!("Tengen {}", env!("CARGO_PKG_VERSION"))),
                Response::Message(format!(
                    "INFO MAX_THREAD_NUM {}",
                    crate::settings::MAX_THREADS
                )),
                Response::Message("INFO MAX_HASH_SIZE 22".to_string()),
            ]),
            Command::YxBlock(points) => {
                let pts = setup::on_board(&points, self.board.width(), self.board.height());
                for p in pts {
                    if !self.blocked.contains(&p) {
                        self.blocked.push(p);
                    }
                }
                Flow::Continue
            }
            Command::YxBlockReset => {
                self.blocked.clear();
                Flow::Continue
            }
            Command::TgExt => {
                self.extended = true;
                self.say(&Response::TgExt {
                    version: 1,
                    features: FEATURES.to_vec(),
                })
            }
            Command::TgOpening { n_max } => self.tg_opening(n_max, at),
            Command::TgSwap { n, stones } => self.tg_swap(n, &stones, at),
            Command::TgOffer { n, stones } => self.tg_offer(n, &stones, at),
            Command::TgChoose { offers, stones } => self.tg_choose(&offers, &stones, at),
            Command::YxBalanceOne(bias) => self.balance(bias, false, at),
            Command::YxBalanceTwo(bias) => self.balance(bias, true, at),
            Command::UnknownBlock { name, .. } => self.say(&Response::Unknown(clip(&name))),
            Command::Unknown { line } => self.say(&Response::Unknown(clip(&line))),
        }
    }

    fn start(&mut self, width: u32, height: u32) -> Flow {
        let size = |v: u32| u8::try_from(v).ok();
        match size(width)
            .zip(size(height))
            .and_then(|(w, h)| Board::try_new(w, h, self.settings.rule).ok())
        {
            Some(b) => {
                // The table survives games (its keys cover every stone); only another board
                // size makes its entries misleading.
                if (b.width(), b.height()) != (self.board.width(), self.board.height()) {
                    self.worker.clear();
                }
                self.board = b;
                self.blocked.clear();
                self.settings.time.new_game();
                self.settings.draw_offered = false;
                self.draws.reset();
                self.used_ms = 0;
                self.when_ready(Response::Ok)
            }
            None => self.say(&Response::Error(format!(
                "unsupported board size {width}x{height} (sides from 5 to 22)"
            ))),
        }
    }

    /// Answer `r` once the search thread has done its queued work (a table resize can take
    /// a while; `START` does not count towards the turn time, the first move does).
    fn when_ready(&mut self, r: Response) -> Flow {
        let now = Instant::now();
        let wait = Budget {
            optimum: None,
            maximum: None,
            deadline: Some(READY_WAIT),
            instant: false,
        };
        let (job, _) = self.begin(
            now,
            &wait,
            Kind::Decision {
                fallback: r.clone(),
                base: None,
            },
            1,
        );
        let tx = self.events.clone();
        self.worker.run(Box::new(move |_| {
            let _ = tx.send(Event::Done {
                job,
                reply: Reply::Answer(r),
            });
        }));
        Flow::Continue
    }

    fn play_opponent(&mut self, m: Move) {
        if self.board.play(m).is_err() {
            self.board = rebuild(&self.board, self.settings.rule, &[m]);
        }
    }

    fn set_position(&mut self, stones: &[BoardStone]) -> Flow {
        let s = setup::from_block(
            self.board.width(),
            self.board.height(),
            self.settings.rule,
            stones,
            self.extended && self.settings.passes,
        );
        self.board = s.board;
        for p in s.problems {
            if self.message(format!("BOARD: {p}")) == Flow::Quit {
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    fn takeback(&mut self, m: Move) -> Flow {
        if self.board.last_move() == Some(m) {
            let _ = self.board.undo();
            return self.say(&Response::Ok);
        }
        let moves = self.board.moves();
        match moves.iter().rposition(|&x| x == m && m != Move::Pass) {
            Some(i) => {
                // Not the last move: take that stone away and keep the others' colours by
                // leaving a pass in its place.
                let mut ms = moves.to_vec();
                ms[i] = Move::Pass;
                self.board = rebuild_from(&self.board, self.board.rule(), &ms);
                self.say(&Response::Ok)
            }
            None => self.say(&Response::Error(format!(
                "TAKEBACK {m}: no such move on the board"
            ))),
        }
    }

    fn play(&mut self, m: Move) -> Flow {
        match m {
            Move::Stone(p) if !playable(&self.board, p, &[]) => {
                self.say(&Response::Error(format!("PLAY {p}: not a legal move here")))
            }
            _ => {
                self.play_own(m);
                self.say(&Response::Moves(vec![m]))
            }
        }
    }

    /// Report setting problems, then start a move search (`nbest` variations).
    fn search(&mut self, at: Instant, nbest: u32) -> Flow {
        for note in self.settings.take_notes() {
            if self.message(note) == Flow::Quit {
                return Flow::Quit;
            }
        }
        // A GUI showing the live search clears its marks for the new search.
        if self.settings.show_detail & 1 != 0
            && self.say(&Response::Realtime(tengen_protocol::Realtime::Refresh)) == Flow::Quit
        {
            return Flow::Quit;
        }
        let budget = self.budget();
        let limits = self.limits(at, &budget);
        let board = self.board.clone();
        let blocked = self.blocked.clone();
        let (job, stop) = self.begin(at, &budget, Kind::Move, nbest as usize);
        let tx = self.events.clone();
        let stop2 = Arc::clone(&stop);
        let task: crate::worker::Task = Box::new(move |engine| {
            let tx2 = tx.clone();
            let results = nbest::search(
                engine,
                &board,
                &limits,
                &stop2,
                &blocked,
                nbest,
                &mut |index, info| {
                    let _ = tx2.send(Event::Progress {
                        job,
                        index,
                        info: info.clone(),
                    });
                },
            );
            let _ = tx.send(Event::Done {
                job,
                reply: Reply::Search(results),
            });
        });
        self.worker.run_guarded(task, self.on_panic(job));
        Flow::Continue
    }

    /// If job `job` panics, report it finished with no result: the front end then answers
    /// its fallback.
    fn on_panic(&self, job: u64) -> crate::worker::OnPanic {
        let tx = self.events.clone();
        Box::new(move || {
            let _ = tx.send(Event::Done {
                job,
                reply: Reply::Search(Vec::new()),
            });
        })
    }

    fn budget(&self) -> Budget {
        let min_to_go = self.tuning.for_rule(self.settings.rule).to_go_min;
        let empty = usize::from(self.board.width()) * usize::from(self.board.height())
            - self.board.stone_count();
        self.settings.time.budget(
            self.board.move_count(),
            self.used_ms,
            min_to_go,
            empty.div_ceil(2) as u64,
        )
    }

    fn limits(&self, at: Instant, budget: &Budget) -> Limits {
        Limits {
            start: at,
            optimum: budget.optimum,
            maximum: budget.maximum,
            depth: if budget.instant {
                Some(1)
            } else {
                self.settings.max_depth
            },
            nodes: self.settings.max_nodes,
        }
    }

    /// Register a new job; returns its id and stop flag.
    fn begin(
        &mut self,
        at: Instant,
        budget: &Budget,
        kind: Kind,
        variations: usize,
    ) -> (u64, Arc<AtomicBool>) {
        let job = self.next_job;
        self.next_job += 1;
        // While quitting, jobs start stopped: they answer from their first iteration.
        let stop = Arc::new(AtomicBool::new(self.quit_by.is_some()));
        self.active = Some(Active {
            job,
            kind,
            stop: Arc::clone(&stop),
            start: at,
            stop_at: budget.maximum.map(|m| at + m),
            deadline: budget.deadline.map(|d| at + d),
            board: self.board.clone(),
            best: vec![None; variations.max(1)],
        });
        (job, stop)
    }

    /// Start a decision job: `decide` gets a judge backed by short searches and the time it
    /// may use; `fallback` is answered if it cannot finish in time.
    fn decide<F>(&mut self, at: Instant, fallback: Response, base: Option<Board>, decide: F) -> Flow
    where
        F: FnOnce(&mut opening::Judge<'_>, Duration) -> Response + Send + 'static,
    {
        for note in self.settings.take_notes() {
            if self.message(note) == Flow::Quit {
                return Flow::Quit;
            }
        }
        let budget = self.budget();
        let think = budget.optimum.unwrap_or(UNLIMITED_DECISION);
        let depth = self.settings.max_depth;
        let nodes = self.settings.max_nodes;
        let kind = Kind::Decision { fallback, base };
        let (job, stop) = self.begin(at, &budget, kind, 1);
        let tx = self.events.clone();
        let task: crate::worker::Task = Box::new(move |engine| {
            let mut judge = |b: &Board, slice: Duration| -> (Score, Move) {
                let limits = Limits {
                    start: Instant::now(),
                    optimum: Some(slice / 2),
                    maximum: Some(slice),
                    depth,
                    nodes,
                };
                let r = engine.search(b, &limits, &stop, &[], &mut |_| {});
                (r.score, r.best)
            };
            let answer = decide(&mut judge, think);
            let _ = tx.send(Event::Done {
                job,
                reply: Reply::Answer(answer),
            });
        });
        self.worker.run_guarded(task, self.on_panic(job));
        Flow::Continue
    }

    fn swap2(&mut self, stones: &[BoardStone], at: Instant) -> Flow {
        let s = setup::from_opening(
            self.board.width(),
            self.board.height(),
            self.settings.rule,
            stones,
        );
        let board = s.board;
        let mut quick = |b: &Board, _: Duration| (0, reflex_move(b, &[], None));
        match stones.len() {
            0 => {
                let empty = board;
                let (fb, _) = opening::propose(&empty, 1, Duration::ZERO, &mut quick);
                let base = Some(empty.clone());
                self.decide(at, moves(&fb), base, move |judge, t| {
                    moves(&opening::propose(&empty, 1, t, judge).0)
                })
            }
            3 => {
                let fb = swap_response(opening::swap2_three(&board, Duration::ZERO, &mut quick));
                self.decide(at, fb, Some(board.clone()), move |judge, t| {
                    swap_response(opening::swap2_three(&board, t, judge))
                })
            }
            5 => {
                let fb = swap_response(opening::swap2_five(&board, Duration::ZERO, &mut quick));
                self.decide(at, fb, Some(board.clone()), move |judge, t| {
                    swap_response(opening::swap2_five(&board, t, judge))
                })
            }
            n => self.say(&Response::Error(format!(
                "SWAP2BOARD with {n} stones (expected 0, 3 or 5)"
            ))),
        }
    }

    /// `YXBALANCEONE`/`YXBALANCETWO`: balancing moves, played on the board like a move answer.
    fn balance(&mut self, bias: i32, two: bool, at: Instant) -> Flow {
        let board = self.board.clone();
        let mut quick = |b: &Board, _: Duration| (0, reflex_move(b, &[], None));
        let answer = move |board: &Board, judge: &mut opening::Judge<'_>, t: Duration| {
            if two {
                opening::balance_two(board, bias, t, judge)
                    .map_or_else(|| moves(&[]), |(p, q)| moves(&[p, q]))
            } else {
                opening::balance_one(board, bias, t, judge)
                    .map_or_else(|| moves(&[]), |p| moves(&[p]))
            }
        };
        let fb = answer(&board, &mut quick, Duration::ZERO);
        if fb == moves(&[]) {
            return self.say(&Response::Error(
                "no legal move to balance with".to_string(),
            ));
        }
        let base = Some(board.clone());
        self.decide(at, fb, base, move |judge, t| answer(&board, judge, t))
    }

    fn tg_opening(&mut self, n_max: u32, at: Instant) -> Flow {
        if n_max == 0 {
            return self.say(&Response::Error("TGOPENING needs N_MAX >= 1".to_string()));
        }
        let empty = Board::try_new(self.board.width(), self.board.height(), self.settings.rule)
            .unwrap_or_else(|_| Board::new(15, self.settings.rule));
        let mut quick = |b: &Board, _: Duration| (0, reflex_move(b, &[], None));
        let (stones, n) = opening::propose(&empty, n_max, Duration::ZERO, &mut quick);
        let base = Some(empty.clone());
        self.decide(
            at,
            Response::Opening { stones, n },
            base,
            move |judge, t| {
                let (stones, n) = opening::propose(&empty, n_max, t, judge);
                Response::Opening { stones, n }
            },
        )
    }

    fn tg_swap(&mut self, n: u32, stones: &[BoardStone], at: Instant) -> Flow {
        let board = setup::from_opening(
            self.board.width(),
            self.board.height(),
            self.settings.rule,
            stones,
        )
        .board;
        self.decide(at, Response::NoSwap, None, move |judge, t| {
            if opening::swap_three(&board, n, t, judge) {
                Response::Swap
            } else {
                Response::NoSwap
            }
        })
    }

    fn tg_offer(&mut self, n: u32, stones: &[BoardStone], at: Instant) -> Flow {
        if n == 0 {
            return self.say(&Response::Error("TGOFFER needs N >= 1".to_string()));
        }
        let board = setup::from_opening(
            self.board.width(),
            self.board.height(),
            self.settings.rule,
            stones,
        )
        .board;
        let n = n as usize;
        let mut quick = |b: &Board, _: Duration| (0, reflex_move(b, &[], None));
        let fb = moves(&opening::offer(&board, n, Duration::ZERO, &mut quick));
        self.decide(at, fb, None, move |judge, t| {
            moves(&opening::offer(&board, n, t, judge))
        })
    }

    fn tg_choose(&mut self, offered: &[Pos], stones: &[BoardStone], at: Instant) -> Flow {
        let board = setup::from_opening(
            self.board.width(),
            self.board.height(),
            self.settings.rule,
            stones,
        )
        .board;
        let offered = offered.to_vec();
        let mut quick = |b: &Board, _: Duration| (0, reflex_move(b, &[], None));
        let Some((five, six)) = opening::choose(&board, &offered, Duration::ZERO, &mut quick)
        else {
            return self.say(&Response::Error(
                "TGCHOOSE: no offered point is playable".to_string(),
            ));
        };
        let fb = Response::Moves(vec![Move::Stone(five), Move::Stone(six)]);
        let fb2 = fb.clone();
        self.decide(
            at,
            fb,
            Some(board.clone()),
            move |judge, t| match opening::choose(&board, &offered, t, judge) {
                Some((a, b)) => Response::Moves(vec![Move::Stone(a), Move::Stone(b)]),
                None => fb2,
            },
        )
    }
}

fn moves(ps: &[Pos]) -> Response {
    Response::Moves(ps.iter().copied().map(Move::Stone).collect())
}

fn swap_response(a: SwapAnswer) -> Response {
    match a {
        SwapAnswer::Swap => Response::Swap,
        SwapAnswer::Play(p) => moves(&[p]),
        SwapAnswer::Add(a, b) => moves(&[a, b]),
    }
}

/// The `ABOUT` answer.
#[must_use]
pub fn about() -> About {
    About::new()
        .with("name", "Tengen")
        .with("version", env!("CARGO_PKG_VERSION"))
        .with("author", "Tengen developers")
        .with("country", "International")
}

/// At most 100 characters of `text` (unknown lines are echoed in `UNKNOWN`).
fn clip(text: &str) -> String {
    text.chars().take(100).collect()
}

/// `board`'s history plus `extra`, under `rule`, even past the end of the game.
fn rebuild(board: &Board, rule: Rule, extra: &[Move]) -> Board {
    let mut ms = board.moves().to_vec();
    ms.extend_from_slice(extra);
    rebuild_from(board, rule, &ms)
}

fn rebuild_from(board: &Board, rule: Rule, moves: &[Move]) -> Board {
    setup::from_moves(board.width(), board.height(), rule, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::sync::Mutex;
    use std::thread;

    /// An output shared with the test.
    #[derive(Clone, Default)]
    struct Out(Arc<Mutex<Vec<u8>>>);

    impl Write for Out {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Out {
        fn lines(&self) -> Vec<String> {
            String::from_utf8_lossy(&self.0.lock().unwrap())
                .lines()
                .map(str::to_string)
                .collect()
        }

        /// Wait up to `within` for a line that is not a MESSAGE; the time it took.
        fn wait_answer(&self, within: Duration) -> Option<Duration> {
            let start = Instant::now();
            while start.elapsed() < within {
                if self.lines().iter().any(|l| !l.starts_with("MESSAGE")) {
                    return Some(start.elapsed());
                }
                thread::sleep(Duration::from_millis(1));
            }
            None
        }
    }

    fn send(tx: &Sender<Event>, line: &str) {
        let cmd = Command::parse(line).unwrap();
        tx.send(Event::Input(Input::Command(Ok(cmd), Instant::now())))
            .unwrap();
    }

    /// A brain whose search thread is stuck for `stall` before any job of ours.
    fn stalled_brain(stall: Duration) -> (Sender<Event>, Out, thread::JoinHandle<()>) {
        let (tx, rx) = mpsc::channel();
        let out = Out::default();
        let mut brain = Brain::new(out.clone(), tx.clone()).unwrap();
        brain.worker.run(Box::new(move |_| thread::sleep(stall)));
        let h = thread::spawn(move || brain.run(&rx));
        (tx, out, h)
    }

    #[test]
    fn a_stuck_search_still_gets_a_legal_answer_in_time() {
        let (tx, out, h) = stalled_brain(Duration::from_secs(3));
        send(&tx, "INFO timeout_turn 100");
        send(&tx, "INFO timeout_match 0");
        send(&tx, "TURN 7,7");
        let took = out.wait_answer(Duration::from_secs(2)).expect("an answer");
        assert!(took < Duration::from_millis(100), "answered after {took:?}");
        let line = out
            .lines()
            .into_iter()
            .find(|l| !l.starts_with("MESSAGE"))
            .unwrap();
        let p = Pos::parse_xy(&line).unwrap();
        assert_ne!(p, Pos::new(7, 7));
        // The input closes while the search thread is still stuck: the loop ends at once.
        let closed = Instant::now();
        tx.send(Event::Input(Input::Closed)).unwrap();
        h.join().unwrap();
        assert!(closed.elapsed() < Duration::from_millis(100));
    }

    #[test]
    fn end_during_a_stuck_search_ends_within_the_grace() {
        let (tx, out, h) = stalled_brain(Duration::from_secs(3));
        send(&tx, "INFO timeout_turn 60000");
        send(&tx, "BEGIN");
        thread::sleep(Duration::from_millis(50));
        let sent = Instant::now();
        send(&tx, "END");
        h.join().unwrap();
        assert!(
            sent.elapsed() < QUIT_GRACE + Duration::from_millis(50),
            "{:?}",
            sent.elapsed()
        );
        assert!(
            out.lines().iter().all(|l| l.starts_with("MESSAGE")),
            "no move was due: {:?}",
            out.lines()
        );
    }

    #[test]
    fn timeout_turn_zero_reaches_a_stuck_search() {
        let (tx, out, h) = stalled_brain(Duration::from_secs(3));
        send(&tx, "INFO timeout_turn 60000");
        send(&tx, "BEGIN");
        thread::sleep(Duration::from_millis(50));
        send(&tx, "INFO timeout_turn 0");
        let took = out.wait_answer(Duration::from_secs(2)).expect("an answer");
        assert!(took < Duration::from_millis(60), "answered after {took:?}");
        send(&tx, "END");
        h.join().unwrap();
    }

    #[test]
    fn commands_during_a_job_wait_their_turn_in_order() {
        let (tx, out, h) = stalled_brain(Duration::from_millis(300));
        send(&tx, "INFO timeout_turn 150");
        send(&tx, "BEGIN");
        send(&tx, "ABOUT");
        send(&tx, "YXSHOWFORBID");
        thread::sleep(Duration::from_millis(400));
        send(&tx, "END");
        h.join().unwrap();
        let answers: Vec<String> = out
            .lines()
            .into_iter()
            .filter(|l| !l.starts_with("MESSAGE"))
            .collect();
        assert_eq!(answers.len(), 3, "{answers:?}");
        assert!(Pos::parse_xy(&answers[0]).is_ok(), "{answers:?}");
        assert!(answers[1].starts_with("name=\"Tengen\""));
        assert_eq!(answers[2], "FORBID .");
    }
}
