//! The search entry point: a root VCF (and, if switched on, a bounded root VCT), then
//! iterative deepening principal-variation search with aspiration windows, mate-distance
//! pruning, a shared lock-free transposition table, reverse futility pruning, ProbCut,
//! late-move pruning and reductions, threat-driven move generation and a VCF quiescence,
//! run by `threads` Lazy-SMP threads (std threads sharing the table). The threads spread over
//! depths (at most half of them per depth) and abandon an iteration another thread has
//! finished; the main thread reports, and the deepest finished iteration of any thread is
//! played. A root guard (off by default, `Tuning::guard_nodes`) can drop a move to be played
//! when the opponent has a VCT against it.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tengen_rules::{Board, Color, Move, Pos};

use crate::correction::Weights;
use crate::eval::{evaluate_weighted, EVAL_LIMIT};
use crate::history::{History, MAX_PLY};
use crate::movegen::{self, Threat};
use crate::pattern::Class;
use crate::position::{Cell, Position, CELLS};
use crate::threat::{Interrupt, Vcf, Vct};
use crate::tt::{Bound, Entry, Tt};
pub use crate::tuning::Tuning;

/// A score from the side to move's point of view. `WIN - n` = win in n plies.
pub type Score = i32;
/// The score of a win on the spot.
pub const WIN: Score = 30_000;
/// Scores beyond this are wins or losses found by search.
pub const WIN_BOUND: Score = WIN - MAX_PLY as Score - 100;
const INF: Score = WIN + 1;
/// How far past the horizon the defences against an open three are still searched.
pub(crate) const QS_DEFEND_PLIES: i32 = 4;
/// How many plies shallower ProbCut searches its moves than the node
/// ([`Tuning::probcut_margin`]).
const PROBCUT_REDUCTION: i32 = 4;
/// Node budget of the root VCT (deterministic when no clock is given). Off by default: in
/// SPRT self-play at 100 ms per move the engine without it was stronger in every setting
/// tried (engine/STRENGTH.md); `vct_nodes=20000` switches it back on for experiments.
pub(crate) const VCT_NODES: u64 = 0;
/// Reported distance of a VCT win (the solver proves the win, not its length).
const VCT_PLIES: Score = 64;

/// What bounds one search. `start` is when the request arrived (time is counted from it).
#[derive(Debug, Clone)]
pub struct Limits {
    /// When the request arrived.
    pub start: Instant,
    /// Aim to finish an iteration by then (soft).
    pub optimum: Option<Duration>,
    /// Never think longer than this (hard).
    pub maximum: Option<Duration>,
    /// Depth limit.
    pub depth: Option<i32>,
    /// Node limit.
    pub nodes: Option<u64>,
}

impl Default for Limits {
    /// No limit at all (the search runs until `stop` is set): starting now.
    fn default() -> Limits {
        Limits {
            start: Instant::now(),
            optimum: None,
            maximum: None,
            depth: None,
            nodes: None,
        }
    }
}

impl Limits {
    /// A fixed-depth search starting now.
    #[must_use]
    pub fn depth(depth: i32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of at most `time` starting now (soft limit: half of it).
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            optimum: Some(time / 2),
            maximum: Some(time),
            ..Limits::default()
        }
    }
}

/// Progress reported after each iteration.
#[derive(Debug, Clone)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: i32,
    /// Score for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since `Limits::start`.
    pub elapsed: Duration,
    /// Principal variation.
    pub pv: Vec<Pos>,
}

/// The answer.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// The move to play (`Move::Pass` only when no stone can legally be placed).
    pub best: Move,
    /// Its score.
    pub score: Score,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Pos>,
    /// Completed depth.
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// The order of scored moves: best score first, ties by a fixed scramble of the cells. A
/// total order, so the search and the bench signature do not depend on how a sort breaks
/// ties; scrambled because board order (top-left first) played worse in self-play
/// (engine/STRENGTH.md, ninth session). Multiplying by an odd constant is a bijection on
/// `u32`, so no two cells tie. The search sorts by [`order_key`], the same order as one
/// integer; this is its definition, for the tests.
#[cfg(test)]
fn move_order((c, s): (Cell, i32)) -> (i32, u32) {
    (-s, u32::from(c).wrapping_mul(SCRAMBLE))
}

/// The cell scramble of [`move_order`], and its inverse modulo 2^32.
const SCRAMBLE: u32 = 0x9E37_79B9;
const UNSCRAMBLE: u32 = 0x144C_BC89;

/// [`move_order`] as one integer, for sorting plain integers: the score reversed in the top
/// half (greater scores give smaller keys; the same order as `-s` for every score but
/// `i32::MIN`, which no move gets), the scrambled cell in the bottom half. The move comes back
/// from its key by [`order_key_move`].
#[inline]
fn order_key((c, s): (Cell, i32)) -> u64 {
    let score = !((s as u32) ^ 0x8000_0000);
    u64::from(score) << 32 | u64::from(u32::from(c).wrapping_mul(SCRAMBLE))
}

/// Swap the best of `moves[from..]` by [`order_key`] to `from` (nothing if it is empty).
#[inline]
fn bring_first(moves: &mut [(Cell, i32)], from: usize) {
    if let Some(best) = (from..moves.len()).min_by_key(|&j| order_key(moves[j])) {
        moves.swap(from, best);
    }
}

/// The move of an [`order_key`].
#[inline]
fn order_key_move(k: u64) -> (Cell, i32) {
    let s = (!((k >> 32) as u32) ^ 0x8000_0000) as i32;
    ((k as u32).wrapping_mul(UNSCRAMBLE) as Cell, s)
}

/// The static score `static_eval` refined by a table entry: the entry's score where its
/// bound says the node is worth at least (or at most) that and it is further from the
/// static score in that direction; proven results are left to the cut-offs.
fn refined_eval(entry: Option<Entry>, static_eval: Score) -> Score {
    match entry {
        Some(e) if e.score.abs() < WIN_BOUND => {
            let tighter = if e.score > static_eval {
                e.bound != Bound::Upper
            } else {
                e.bound != Bound::Lower
            };
            if tighter {
                e.score
            } else {
                static_eval
            }
        }
        _ => static_eval,
    }
}

/// The static evaluation as the search uses it: black's part weighted (`black_eval`), the
/// side to move's `tempo` taken off.
fn static_score(pos: &Position, tuning: &Tuning) -> Score {
    let e =
        (evaluate_weighted(pos, tuning.black_eval) - tuning.tempo).clamp(-EVAL_LIMIT, EVAL_LIMIT);
    let start = tuning.fade_start as usize;
    if start == 0 || pos.stones() <= start {
        return e;
    }
    let len = tuning.fade_len.max(1) as usize;
    let left = (start + len).saturating_sub(pos.stones());
    (i64::from(e) * left as i64 / len as i64) as Score
}

/// Sort `moves` by [`move_order`], through a buffer of [`order_key`]s; only the first
/// `first` of them if fewer are wanted (the best `first` in order, the rest after them in
/// no particular order).
fn sort_moves(moves: &mut [(Cell, i32)], keys: &mut Vec<u64>, first: usize) {
    keys.clear();
    keys.extend(moves.iter().map(|&m| order_key(m)));
    if first < keys.len() {
        if first > 0 {
            keys.select_nth_unstable(first - 1);
        }
        keys[..first].sort_unstable();
    } else {
        keys.sort_unstable();
    }
    for (m, &k) in moves.iter_mut().zip(keys.iter()) {
        *m = order_key_move(k);
    }
}

/// The searcher: owns the transposition table and thread pool between searches.
#[derive(Debug)]
pub struct Engine {
    hash_bytes: usize,
    threads: usize,
    tuning: Tuning,
    tt: Arc<Tt>,
    histories: Vec<History>,
    /// The last root searched (its hash and move count): the searches of one move (N-best,
    /// repeated requests) age the histories (`history_keep`) and renew the killers
    /// (`killers_new`) once, and the killers shift by the moves played since.
    last_root: Option<(u64, usize)>,
}

impl Engine {
    /// A searcher with a `hash_bytes` transposition table and `threads` search threads.
    #[must_use]
    pub fn new(hash_bytes: usize, threads: usize) -> Engine {
        Engine {
            hash_bytes,
            threads: threads.max(1),
            tuning: Tuning::default(),
            tt: Arc::new(Tt::new(hash_bytes)),
            histories: Vec::new(),
            last_root: None,
        }
    }

    /// Resize the transposition table (clears it).
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        self.hash_bytes = bytes;
        // Free the old table before touching the new one: `max_memory` bounds the peak, and
        // holding both for a moment put the brain over it (64 MiB default + the new table).
        self.tt = Arc::new(Tt::new(0));
        self.tt = Arc::new(Tt::new(bytes));
    }

    /// Set the number of search threads.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
    }

    /// Replace the search knobs (for experiments; see [`Tuning`]).
    pub fn set_tuning(&mut self, tuning: Tuning) {
        self.tuning = tuning;
    }

    /// The search knobs in use.
    #[must_use]
    pub fn tuning(&self) -> Tuning {
        self.tuning
    }

    /// Forget everything learnt (TT, histories).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.histories.clear();
        self.last_root = None;
    }

    /// Search `board` (side to move = `board.side_to_move()`) and return the best move.
    /// Never returns an occupied, off-board or (black under Renju) forbidden point, nor a
    /// point in `blocked`, while a legal one exists. Stops promptly when `stop` is set.
    pub fn search(
        &mut self,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
        blocked: &[Pos],
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let mut pos = Position::from_board(board);
        let blocked: Vec<Cell> = blocked
            .iter()
            .filter(|p| board.contains(**p))
            .map(|&p| Position::cell_at(p))
            .collect();
        let root = root_moves(&mut pos, &blocked);
        let Some(&fallback) = root.first() else {
            return SearchResult {
                best: Move::Pass,
                score: 0,
                pv: Vec::new(),
                depth: 0,
                nodes: 0,
            };
        };
        let fallback_pos = pos.pos_of(fallback);
        let threat = movegen::threat(&mut pos);
        let forced_score = match threat {
            Threat::WinNow(_) => Some(WIN - 1),
            Threat::WinIn3(_) => Some(WIN - 3),
            Threat::Lost(_) => Some(-(WIN - 2)),
            _ => None,
        };
        // A lost root needs no search either: the opponent's five cannot be stopped (two of
        // them, or one on a point forbidden for black), so every move loses. Searched, such
        // a root gave no principal variation and was reported as a score of 0.
        if root.len() == 1 || matches!(threat, Threat::Lost(_)) {
            let score = forced_score.unwrap_or(0);
            let info = SearchInfo {
                depth: 1,
                seldepth: 1,
                score,
                nodes: 1,
                elapsed: limits.start.elapsed(),
                pv: vec![fallback_pos],
            };
            on_info(&info);
            return SearchResult {
                best: Move::Stone(fallback_pos),
                score,
                pv: vec![fallback_pos],
                depth: 1,
                nodes: 1,
            };
        }
        self.tt.new_search();
        self.histories.resize_with(self.threads, History::new);
        let tuning = self.tuning.for_rule(board.rule());
        let root = (board.hash(), board.move_count());
        if self.last_root.map(|(hash, _)| hash) != Some(root.0) {
            let played = self
                .last_root
                .and_then(|(_, moves)| root.1.checked_sub(moves));
            self.last_root = Some(root);
            for h in &mut self.histories {
                if tuning.history_keep < 100 {
                    h.age(tuning.history_keep, tuning.cont_history > 0);
                }
                match tuning.killers_new {
                    1 => h.shift_killers(None),
                    2 => h.shift_killers(played),
                    _ => {}
                }
            }
        }
        let shared = Shared {
            tt: &self.tt,
            stop,
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            completed: AtomicI32::new(0),
            helper_report: std::sync::Mutex::new(None),
            searching: std::array::from_fn(|_| AtomicU8::new(0)),
            per_depth: self.threads.div_ceil(2).min(255) as u8,
            limits,
            blocked: &blocked,
            refuted: std::sync::Mutex::new(Vec::new()),
            tuning,
        };
        let mut histories = std::mem::take(&mut self.histories);
        let (main_history, helpers) = histories.split_at_mut(1);
        let result = std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .map(|(i, h)| {
                    let p = pos.clone();
                    let shared = &shared;
                    scope.spawn(move || {
                        let mut w = Worker::new(p, shared, h, i + 1);
                        let r = w.iterate(None);
                        shared
                            .nodes
                            .fetch_add(w.nodes_unflushed(), Ordering::Relaxed);
                        r
                    })
                })
                .collect();
            let mut w = Worker::new(pos.clone(), &shared, &mut main_history[0], 0);
            let r = w.iterate(Some(&mut *on_info));
            shared.done.store(true, Ordering::Relaxed);
            let helpers: Vec<SearchResult> = handles
                .into_iter()
                .filter_map(|h| h.join().ok().flatten())
                .collect();
            // A helper may have finished the last iteration after the main thread last looked
            // (it counts the depth as completed before its report is visible); once joined,
            // its report is.
            w.pass_on_helper_report(&mut Some(on_info));
            let r = w.guard_final(r, &helpers);
            shared
                .nodes
                .fetch_add(w.nodes_unflushed(), Ordering::Relaxed);
            r
        });
        self.histories = histories;
        let nodes = shared.nodes.load(Ordering::Relaxed);
        match result {
            Some(r) => SearchResult { nodes, ..r },
            None => SearchResult {
                best: Move::Stone(fallback_pos),
                score: 0,
                pv: vec![fallback_pos],
                depth: 0,
                nodes,
            },
        }
    }
}

impl Engine {
    /// The `n` best distinct moves, best first (fewer if fewer legal points exist), e.g. for
    /// offering fifth-move alternatives. Each move gets its own search with the earlier ones
    /// blocked; a time limit is shared equally between the searches.
    pub fn search_nbest(
        &mut self,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
        blocked: &[Pos],
        n: usize,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Vec<SearchResult> {
        let mut out: Vec<SearchResult> = Vec::with_capacity(n);
        let mut blocked = blocked.to_vec();
        for i in 0..n {
            let left = (n - i) as u32;
            let elapsed = limits.start.elapsed();
            let share = |t: Option<Duration>| t.map(|t| t.saturating_sub(elapsed) / left);
            let sub = Limits {
                start: Instant::now(),
                optimum: share(limits.optimum),
                maximum: share(limits.maximum),
                depth: limits.depth,
                nodes: limits.nodes.map(|x| x / n as u64),
            };
            let r = self.search(board, &sub, stop, &blocked, on_info);
            let Move::Stone(p) = r.best else { break };
            blocked.push(p);
            out.push(r);
            if stop.load(Ordering::Relaxed) {
                break;
            }
        }
        out
    }
}

/// The legal root moves, best-looking first; never empty while a legal stone exists.
fn root_moves(pos: &mut Position, blocked: &[Cell]) -> Vec<Cell> {
    let us = pos.side();
    let mut list = Vec::new();
    match movegen::threat(pos) {
        Threat::WinNow(c) | Threat::MustBlock(c) | Threat::WinIn3(c) if !blocked.contains(&c) => {
            list.push(c);
        }
        Threat::Lost(Some(c)) if !blocked.contains(&c) => list.push(c),
        _ => {}
    }
    if list.is_empty() {
        movegen::quiet(pos, &mut list);
        list.retain(|c| !blocked.contains(c));
        let killers = [crate::tt::NO_MOVE; 2];
        list.sort_by_cached_key(|&c| -movegen::order_score(pos, c, killers, 0));
    }
    if list.is_empty() {
        // Nothing near a stone is legal: take any legal point (or none: the caller passes).
        let cells = pos.board_cells().to_vec();
        for c in cells {
            if !blocked.contains(&c) && pos.is_legal_for(us, c) {
                list.push(c);
            }
        }
    }
    list
}

/// State every thread of one search shares.
struct Shared<'a> {
    tt: &'a Tt,
    stop: &'a AtomicBool,
    done: AtomicBool,
    nodes: AtomicU64,
    /// The deepest iteration any thread has finished.
    completed: AtomicI32,
    /// The report of the deepest iteration a helper has finished, for the main thread to
    /// pass on (only the main thread talks to the caller).
    helper_report: std::sync::Mutex<Option<SearchInfo>>,
    /// How many threads are searching each depth.
    searching: [AtomicU8; MAX_PLY + 1],
    /// At most this many threads search one depth (half of them, rounded up): the others
    /// go deeper, so that the threads fill the table for different iterations.
    per_depth: u8,
    limits: &'a Limits,
    blocked: &'a [Cell],
    /// Root moves the guard found the opponent wins against by a VCT (main thread writes).
    refuted: std::sync::Mutex<Vec<Cell>>,
    tuning: Tuning,
}

impl Shared<'_> {
    /// The root moves the guard refuted so far (read at root nodes only).
    fn refuted(&self) -> Vec<Cell> {
        self.refuted_list().clone()
    }

    fn refuted_list(&self) -> std::sync::MutexGuard<'_, Vec<Cell>> {
        // The main thread pushes whole cells: a panic elsewhere leaves a valid list.
        self.refuted
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The optimum scaled by the best move's stability (`stability_base`, `stability_gain`;
/// `changes` in hundredths of a change) and by how far the score fell (`falling_gain`;
/// `drop` in score points, 0 if it did not fall). Only under a game clock, where the
/// optimum is below the hard limit: a per-move limit cannot be saved for later, so it is not
/// changed there.
fn scaled_optimum(
    optimum: Duration,
    maximum: Option<Duration>,
    changes: u32,
    drop: Score,
    tuning: &Tuning,
) -> Duration {
    let Some(max) = clock_limit(optimum, maximum) else {
        return optimum;
    };
    let mut t = optimum;
    if tuning.stability_base > 0 {
        t = t * (tuning.stability_base + changes * tuning.stability_gain / 100) / 100;
    }
    let falling = (drop.max(0) as u32).saturating_mul(tuning.falling_gain) / 100;
    (t * (100 + falling.min(100)) / 100).min(max)
}

/// The hard limit if the move's time comes from a game clock: the optimum is below it, so
/// time left unspent is kept for later moves (a per-move limit has optimum = maximum).
fn clock_limit(optimum: Duration, maximum: Option<Duration>) -> Option<Duration> {
    maximum.filter(|&max| max > optimum)
}

/// The share of the optimum (percent) after which no new iteration starts: under a game
/// clock `clock_iteration_pct`, else `iteration_pct`.
fn iteration_pct(optimum: Duration, maximum: Option<Duration>, tuning: &Tuning) -> u32 {
    if clock_limit(optimum, maximum).is_some() {
        tuning.clock_iteration_pct
    } else {
        tuning.iteration_pct
    }
}

/// Whether `m` is one of the `refuted` root moves.
fn is_refuted(refuted: &[Cell], m: Move) -> bool {
    matches!(m, Move::Stone(p) if refuted.contains(&Position::cell_at(p)))
}

/// One search thread.
struct Worker<'a> {
    pos: Position,
    shared: &'a Shared<'a>,
    history: &'a mut History,
    id: usize,
    nodes: u64,
    flushed: u64,
    stopped: bool,
    /// The iteration being searched was finished by another thread: abandon it.
    outdated: bool,
    /// After the guard refuted the move of an iteration to this depth, the main thread
    /// searches a few shallower iterations again (not shared with the helpers) up to it.
    recover_to: i32,
    /// The depth of the iteration being searched.
    iteration: i32,
    /// The deepest iteration reported to the caller (main thread).
    reported: i32,
    seldepth: i32,
    vcf: Vcf,
    /// The root guard's solver (main thread, made on first use) and the moves it checked.
    guard: Option<Vct>,
    guarded: Vec<Cell>,
    /// The in-tree VCT's solver (`tree_vct_depth`; made on first use, its cache kept).
    tree_vct: Option<Vct>,
    /// The best root move of the current iteration and its score (a lower bound if it
    /// failed high)...
    root_best: Option<(Cell, Score)>,
    /// ...and the root move searched first in it, once its search finished.
    root_first: Option<Cell>,
    /// Per root move, the nodes its subtree took in the current iteration and in the
    /// previous one (`root_order_nodes`; empty while it is off).
    root_nodes: Vec<u64>,
    root_nodes_prev: Vec<u64>,
    /// Main thread: recent changes of the best move between finished iterations, in
    /// hundredths (one change = 100, halved every iteration; `stability_gain`).
    best_changes: u32,
    /// Main thread: the scores of the last three finished iterations, oldest first
    /// (`falling_gain`; see [`Worker::score_drop`]).
    iteration_scores: [Option<Score>; 3],
    pv: Vec<Vec<Cell>>,
    bufs: Vec<Vec<Cell>>,
    move_bufs: Vec<Vec<(Cell, i32)>>,
    /// Scratch space of [`sort_moves`].
    order_keys: Vec<u64>,
    /// The static score of the quiet node at each ply of the current line ([`NO_EVAL`] at
    /// a node with a threat against the side to move).
    evals: Vec<Score>,
    /// Per ply: the late-move reduction its node's move was searched with (0 outside a
    /// reduced search; `hind_ext` and `hind_red_margin` read it).
    reductions: Vec<i32>,
    /// Per ply: the fail-highs at that ply since the node two plies up began (Stockfish's
    /// `cutoffCnt`; `lmr_cutoffs` reads it one ply down).
    cutoffs: Vec<u32>,
    /// The move a singular-extension search at each ply leaves out (none outside one).
    excluded: Vec<Option<Cell>>,
    /// Per ply: the double singular extensions on the path to it.
    doubles: Vec<u8>,
    /// Per ply: whether the move being searched there makes an open three or better for its
    /// mover (`lmr_attack` reads it two plies down).
    attacks: Vec<bool>,
    /// Per ply: whether the move being searched there makes a four for its mover
    /// (`rfp_attack` reads it two and four plies down).
    fours: Vec<bool>,
}

/// [`Worker::evals`] of a node that is not quiet.
const NO_EVAL: Score = Score::MIN;

impl<'a> Worker<'a> {
    /// Reverse futility pruning's margin per ply at `ply`: `rfp_margin`, less
    /// `rfp_improving` where the side to move's score is better than two plies before, and
    /// less `rfp_cut_no_tt` at an expected cut node the table knows nothing of (`cut_no_tt`).
    fn rfp_margin(&self, ply: usize, cut_no_tt: bool) -> Score {
        let t = &self.shared.tuning;
        let mut margin = t.rfp_margin;
        if t.rfp_improving > 0 && self.improving(ply) {
            margin -= t.rfp_improving;
        }
        if cut_no_tt {
            margin -= t.rfp_cut_no_tt;
        }
        margin.max(0)
    }

    /// Whether the quiet node at `ply` scores better than the side to move's node two plies
    /// up (true if that one had a threat against it, or is above the root).
    fn improving(&self, ply: usize) -> bool {
        ply < 2 || {
            let before = self.evals[ply - 2];
            before == NO_EVAL || self.evals[ply] > before
        }
    }

    fn new(pos: Position, shared: &'a Shared<'a>, history: &'a mut History, id: usize) -> Self {
        Worker {
            pos,
            shared,
            history,
            id,
            nodes: 0,
            flushed: 0,
            stopped: false,
            outdated: false,
            recover_to: 0,
            iteration: 0,
            reported: 0,
            seldepth: 0,
            vcf: Vcf::new(1 << 16),
            guard: None,
            guarded: Vec::new(),
            tree_vct: None,
            root_best: None,
            root_first: None,
            root_nodes: Vec::new(),
            root_nodes_prev: Vec::new(),
            best_changes: 0,
            iteration_scores: [None; 3],
            pv: vec![Vec::new(); MAX_PLY + 1],
            bufs: vec![Vec::new(); MAX_PLY + 1],
            move_bufs: vec![Vec::new(); MAX_PLY + 1],
            order_keys: Vec::new(),
            evals: vec![NO_EVAL; MAX_PLY + 1],
            reductions: vec![0; MAX_PLY + 1],
            cutoffs: vec![0; MAX_PLY + 2],
            excluded: vec![None; MAX_PLY + 1],
            doubles: vec![0; MAX_PLY + 1],
            attacks: vec![false; MAX_PLY + 1],
            fours: vec![false; MAX_PLY + 1],
        }
    }

    fn nodes_unflushed(&self) -> u64 {
        self.nodes - self.flushed
    }

    fn total_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + self.nodes_unflushed()
    }

    /// Poll the clock, the stop flag and the node limit.
    fn check_stop(&mut self) {
        let new = self.nodes - self.flushed;
        self.shared.nodes.fetch_add(new, Ordering::Relaxed);
        self.flushed = self.nodes;
        let s = self.shared;
        if s.stop.load(Ordering::Relaxed) || s.done.load(Ordering::Relaxed) {
            self.stopped = true;
            return;
        }
        if s.tuning.smp_spread
            && self.iteration >= self.recover_to
            && s.completed.load(Ordering::Relaxed) >= self.iteration
        {
            // Another thread finished this depth: its result stands, ours would only repeat it.
            self.stopped = true;
            self.outdated = true;
            return;
        }
        if let Some(max) = s.limits.maximum {
            if s.limits.start.elapsed() >= max {
                self.stopped = true;
                return;
            }
        }
        if let Some(n) = s.limits.nodes {
            if s.nodes.load(Ordering::Relaxed) >= n {
                self.stopped = true;
            }
        }
    }

    fn to_pos(&self, c: Cell) -> Pos {
        self.pos.pos_of(c)
    }

    /// The report of a root solved by a threat solver (no iteration ran).
    fn solved_info(&self, score: Score, depth: i32, seldepth: i32, pv: Vec<Pos>) -> SearchInfo {
        SearchInfo {
            depth,
            seldepth,
            score,
            nodes: self.total_nodes(),
            elapsed: self.shared.limits.start.elapsed(),
            pv,
        }
    }

    /// Iterative deepening. The main thread reports its iterations; every thread returns
    /// its deepest finished one (see [`Worker::claim_depth`] for how depths are shared).
    fn iterate(
        &mut self,
        mut on_info: Option<&mut dyn FnMut(&SearchInfo)>,
    ) -> Option<SearchResult> {
        let limits = self.shared.limits;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 8)
            .clamp(1, MAX_PLY as i32 - 8);
        let mut best: Option<SearchResult> = None;
        let mut prev_score: Score = 0;
        // Helpers of odd number start one ply deeper than the main thread.
        let mut depth = 1 + (self.id % 2) as i32;
        // Under a node limit the root solvers get a quarter of it, so the search proper runs.
        let share = |n: u64| limits.nodes.map_or(n, |l| n.min(l / 4));
        // Root VCF first: a forced win by fours needs no deeper search.
        if self.id == 0 {
            // Both root solvers give up at the hard limit or on `stop`, like the search.
            let hard = limits.maximum.map(|t| limits.start + t);
            let interrupt = Interrupt {
                deadline: hard,
                stop: Some(self.shared.stop),
                done: None,
            };
            let root_vcf = if self.shared.tuning.root_vcf {
                self.vcf.solve_until(
                    &mut self.pos,
                    self.shared.blocked,
                    40,
                    share(200_000),
                    interrupt,
                )
            } else {
                None
            };
            if let Some(line) = root_vcf {
                self.nodes += self.vcf.take_nodes();
                let pv: Vec<Pos> = line.iter().map(|&c| self.to_pos(c)).collect();
                let plies = line.len() as i32;
                let info = self.solved_info(WIN - plies, plies, plies, pv);
                return Some(report_solved(info, &mut on_info));
            }
            self.nodes += self.vcf.take_nodes();
            // Then a bounded VCT: wins by threes and fours.
            if self.shared.tuning.vct_nodes > 0 {
                if let Some(info) = self.root_vct(share(self.shared.tuning.vct_nodes)) {
                    return Some(report_solved(info, &mut on_info));
                }
            }
        } else if self.id == 1 && self.shared.tuning.helper_vct_nodes > 0 {
            // The first helper looks for a VCT while the main thread searches; a win ends
            // the search (`pick_result` prefers a proven win).
            if let Some(info) = self.root_vct(share(self.shared.tuning.helper_vct_nodes)) {
                self.shared.done.store(true, Ordering::Relaxed);
                return Some(report_solved(info, &mut None));
            }
        }
        if depth >= self.recover_to {
            depth = self.claim_depth(depth, max_depth);
        }
        while depth <= max_depth {
            self.seldepth = 0;
            self.root_best = None;
            self.root_first = None;
            if self.shared.tuning.root_order_nodes > 0 {
                // An iteration cut short (by another thread) still counted its root moves.
                if self.root_nodes.iter().any(|&n| n > 0) {
                    std::mem::swap(&mut self.root_nodes, &mut self.root_nodes_prev);
                }
                self.root_nodes.clear();
                self.root_nodes.resize(CELLS, 0);
                self.root_nodes_prev.resize(CELLS, 0);
            }
            self.iteration = depth;
            let mut delta: Score = self.shared.tuning.aspiration;
            let (mut alpha, mut beta) = if delta > 0 && depth >= 4 && prev_score.abs() < WIN_BOUND {
                (prev_score - delta, prev_score + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let s = self.negamax(alpha, beta, depth, 0, true, false);
                if self.stopped {
                    break s;
                }
                // `asp_soft`: from the score the search returned (it fails soft), else
                // from the bound it crossed.
                let soft = self.shared.tuning.asp_soft && s.abs() < WIN_BOUND;
                if s <= alpha {
                    if soft {
                        beta = (alpha + beta) / 2;
                        alpha = (s - delta).max(-INF);
                    } else {
                        alpha = (alpha - delta).max(-INF);
                        beta = (alpha + beta) / 2;
                    }
                } else if s >= beta {
                    let from = if soft { s } else { beta };
                    beta = (from + delta).min(INF);
                } else {
                    break s;
                }
                // At least a point, so that a small window with little growth still ends.
                delta += (delta * self.shared.tuning.asp_growth / 100).max(1);
                if delta > 1000 {
                    alpha = -INF;
                    beta = INF;
                }
            };
            if self.outdated {
                // Another thread finished this depth first; go on from its result.
                self.release_depth(depth);
                self.stopped = false;
                self.outdated = false;
                self.pass_on_helper_report(&mut on_info);
                if self.id == 0 && self.out_of_optimum() {
                    break;
                }
                depth = self.claim_depth(depth + 1, max_depth);
                continue;
            }
            let recovering = depth < self.recover_to;
            let chosen = self.pv[0].first().copied();
            if !self.stopped
                && self.id == 0
                && (!self.shared.tuning.guard_last || self.last_iteration(depth, max_depth))
                && depth >= self.shared.tuning.guard_min_depth
                && chosen.is_some_and(|m| self.guard_refutes(m, score))
            {
                // The opponent wins by a VCT against the chosen move: deepen again without
                // it from a few plies shallower (a full-depth redo may not finish in time).
                if !recovering {
                    self.release_depth(depth);
                }
                self.recover_to = self.recover_to.max(depth);
                depth = (depth - 2).max(1);
                continue;
            }
            if self.stopped {
                // A move that beat the previous best in the unfinished iteration is still good
                // (and any move beats one the guard refuted).
                let refuted = self.shared.refuted();
                if let (Some((c, s)), Some(b)) = (self.root_best, best.as_mut()) {
                    let stale = is_refuted(&refuted, b.best);
                    // Searched after the previous best, it beat it at this depth.
                    let beat = self.shared.tuning.root_new_best
                        && self.root_first.map(|f| Move::Stone(self.to_pos(f))) == Some(b.best);
                    let p = self.to_pos(c);
                    if (s > b.score || stale || beat) && Move::Stone(p) != b.best {
                        b.best = Move::Stone(p);
                        b.score = s;
                        b.pv = vec![p];
                    }
                }
                break;
            }
            prev_score = score;
            if !recovering {
                self.release_depth(depth);
            }
            self.shared.completed.fetch_max(depth, Ordering::Relaxed);
            let pv: Vec<Pos> = self.pv[0].iter().map(|&c| self.to_pos(c)).collect();
            if !pv.is_empty() {
                let info = SearchInfo {
                    depth,
                    seldepth: self.seldepth,
                    score,
                    nodes: self.total_nodes(),
                    elapsed: limits.start.elapsed(),
                    pv: pv.clone(),
                };
                self.report(&info, &mut on_info);
                if self.id == 0 {
                    let changed = best.as_ref().is_some_and(|b| b.best != Move::Stone(pv[0]));
                    self.best_changes = self.best_changes / 2 + if changed { 100 } else { 0 };
                    self.iteration_scores.rotate_left(1);
                    self.iteration_scores[2] = Some(score);
                }
                // Helpers keep their result too: a deeper finished iteration may be chosen.
                best = Some(SearchResult {
                    best: Move::Stone(pv[0]),
                    score,
                    pv,
                    depth,
                    nodes: info.nodes,
                });
            }
            if score.abs() >= WIN_BOUND && depth >= 2 {
                // A proven result does not change with more depth (win distances are exact
                // within the searched tree); stop early.
                if self.id == 0 {
                    break;
                }
            }
            if self.id == 0 && self.last_iteration(depth, max_depth) {
                break;
            }
            depth = if depth + 1 < self.recover_to {
                depth + 1
            } else {
                self.claim_depth(depth + 1, max_depth)
            };
        }
        self.pass_on_helper_report(&mut on_info);
        best
    }

    /// A finished iteration: the main thread tells the caller (after any deeper helper
    /// iteration it has not passed on yet); a helper leaves it for the main thread.
    fn report(&mut self, info: &SearchInfo, on_info: &mut Option<&mut dyn FnMut(&SearchInfo)>) {
        if self.id == 0 {
            self.pass_on_helper_report(on_info);
            self.tell(info, on_info);
        } else {
            let mut r = self.helper_report();
            if r.as_ref().is_none_or(|old| old.depth < info.depth) {
                *r = Some(info.clone());
            }
        }
    }

    /// Main thread: report a helper's iteration deeper than any reported so far (the threads
    /// spread over depths, so the deepest finished iteration is often a helper's).
    fn pass_on_helper_report(&mut self, on_info: &mut Option<&mut dyn FnMut(&SearchInfo)>) {
        if self.id == 0 {
            let report = self.helper_report().clone();
            if let Some(info) = report {
                self.tell(&info, on_info);
            }
        }
    }

    /// Pass `info` to the caller if it is deeper than what the caller has seen.
    fn tell(&mut self, info: &SearchInfo, on_info: &mut Option<&mut dyn FnMut(&SearchInfo)>) {
        if info.depth > self.reported {
            self.reported = info.depth;
            if let Some(cb) = on_info.as_mut() {
                cb(info);
            }
        }
    }

    fn helper_report(&self) -> std::sync::MutexGuard<'_, Option<SearchInfo>> {
        // A helper that panicked while holding the lock left a whole report or none.
        self.shared
            .helper_report
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// When a root solver started now gives up: after `1/time_div` of the move's target
    /// time (else of its hard limit), never past the hard limit, or on `stop`.
    fn solver_interrupt(&self, time_div: u32) -> Interrupt<'a> {
        let limits = self.shared.limits;
        let now = Instant::now();
        let soft = limits
            .optimum
            .or(limits.maximum)
            .map(|t| now + t / time_div.max(1));
        let hard = limits.maximum.map(|t| limits.start + t);
        Interrupt {
            deadline: match (soft, hard) {
                (Some(s), Some(h)) => Some(s.min(h)),
                (s, h) => s.or(h),
            },
            stop: Some(self.shared.stop),
            done: None,
        }
    }

    /// A VCT for the side to move at the root, within `nodes` nodes and
    /// `1/vct_time_div` of the move's target time: the report of the win it found.
    fn root_vct(&mut self, nodes: u64) -> Option<SearchInfo> {
        let interrupt = Interrupt {
            // A helper's VCT ends with the search (the main thread may finish early).
            done: Some(&self.shared.done),
            ..self.solver_interrupt(self.shared.tuning.vct_time_div)
        };
        let mut vct = Vct::new(1 << 16);
        let found = vct.solve(&mut self.pos, self.shared.blocked, 10, nodes, interrupt);
        self.nodes += vct.take_nodes();
        let c = found?;
        let pv = vec![self.to_pos(c)];
        Some(self.solved_info(WIN - VCT_PLIES, 1, VCT_PLIES, pv))
    }

    /// The in-tree VCT (`tree_vct_depth`) at a quiet node at `ply` searched to `depth`:
    /// if the side to move has a point that makes a three or a four and a VCT within
    /// `tree_vct_nodes` nodes, the node's score (stored in the table as a lower bound, with
    /// the VCT's first move as the node's move and in its PV).
    fn tree_vct(&mut self, ply: usize, depth: i32, eval: Score, pv: bool) -> Option<Score> {
        let us = self.pos.side();
        let mut threats = [Class::Three, Class::ThreeThree]
            .iter()
            .chain(&Class::FOURS);
        if !threats.any(|&k| self.pos.count(us, k) > 0) {
            return None;
        }
        let interrupt = Interrupt {
            deadline: None,
            stop: Some(self.shared.stop),
            done: Some(&self.shared.done),
        };
        let nodes = self.shared.tuning.tree_vct_nodes;
        let vct = self.tree_vct.get_or_insert_with(|| Vct::new(1 << 16));
        let found = vct.solve(&mut self.pos, &[], 10, nodes, interrupt);
        self.nodes += vct.take_nodes();
        let c = found?;
        let score = WIN - ply as Score - VCT_PLIES;
        self.shared.tt.store(
            self.pos.hash(),
            ply as i32,
            Some(c),
            Bound::Lower,
            depth,
            score,
            eval,
            pv,
        );
        self.set_pv(ply, c);
        Some(score)
    }

    /// Root guard (main thread): the move to play among the threads' results. The one
    /// [`pick_result`] prefers is checked by the guard (unless it already was) and, if the
    /// guard refutes it, the choice falls to the next one; a helper's iteration may predate
    /// a refutation, or never have been checked. With every result refuted, the main
    /// thread's stands, unless the main thread, searching on alone without the refuted
    /// moves within the time left, finds another.
    fn guard_final(
        &mut self,
        main: Option<SearchResult>,
        helpers: &[SearchResult],
    ) -> Option<SearchResult> {
        let t = self.shared.tuning;
        let mut searched_again = false;
        let mut main = main;
        loop {
            let refuted = self.shared.refuted();
            let live = |r: &SearchResult| !is_refuted(&refuted, r.best);
            let picked = pick_result(
                main.clone().filter(live),
                helpers.iter().filter(|h| live(h)).cloned(),
            );
            let Some(p) = picked else {
                if searched_again || self.stopped {
                    return main;
                }
                // Every thread's move was refuted (e.g. a helper finished the last iterations
                // before the main thread could check them): search on alone, from the start
                // (the table is warm), without the shared-depth bookkeeping.
                searched_again = true;
                self.shared.done.store(false, Ordering::Relaxed);
                self.recover_to = MAX_PLY as i32;
                if let Some(r) = self.iterate(None) {
                    main = Some(r);
                }
                continue;
            };
            let Move::Stone(m) = p.best else {
                return Some(p);
            };
            if p.depth < t.guard_min_depth || !self.guard_refutes(Position::cell_at(m), p.score) {
                return Some(p);
            }
        }
    }

    /// Root guard (main thread): look for an opponent's VCT against the root move `m` (whose
    /// search score is `score`), unless `m` was checked already or its score is a proven
    /// result. If there is one, the move joins the refuted ones (no thread searches it at the
    /// root again) and `true` is returned. A move stays unrefuted while it is the last one
    /// left.
    fn guard_refutes(&mut self, m: Cell, score: Score) -> bool {
        let t = self.shared.tuning;
        if t.guard_nodes == 0 || score.abs() >= WIN_BOUND {
            return false;
        }
        if self.guarded.contains(&m) {
            return false;
        }
        self.guarded.push(m);
        // Not ended by `done`: the final check runs after the helpers have stopped.
        let interrupt = self.solver_interrupt(t.guard_time_div);
        let nodes = self
            .shared
            .limits
            .nodes
            .map_or(t.guard_nodes, |l| t.guard_nodes.min(l / 8));
        let vct = self.guard.get_or_insert_with(|| Vct::new(1 << 16));
        self.pos.play(m);
        let found = vct.solve(&mut self.pos, &[], 20, nodes, interrupt);
        self.pos.undo();
        self.nodes += vct.take_nodes();
        if found.is_none() {
            return false;
        }
        let mut refuted = self.shared.refuted_list();
        let left = root_moves(&mut self.pos, self.shared.blocked)
            .into_iter()
            .filter(|c| *c != m && !refuted.contains(c))
            .count();
        if left == 0 {
            return false;
        }
        refuted.push(m);
        true
    }

    /// Main thread: whether the iteration to `depth` just finished is the last of this search
    /// (the depth limit, or the time; not while recovering from a guard refutation).
    fn last_iteration(&self, depth: i32, max_depth: i32) -> bool {
        depth >= max_depth || (depth >= self.recover_to && self.out_of_optimum())
    }

    /// How far the last finished iteration's score fell below the score two iterations
    /// before it (same parity: at the horizon the side to move alternates); 0 without both
    /// or around a proven result.
    fn score_drop(&self) -> Score {
        match self.iteration_scores {
            [Some(old), _, Some(new)] if old.abs() < WIN_BOUND && new.abs() < WIN_BOUND => {
                old - new
            }
            _ => 0,
        }
    }

    /// Whether the main thread should not start another iteration: `iteration_pct` percent
    /// (`clock_iteration_pct` under a game clock) of the optimum time is gone (the next
    /// iteration would most likely not finish).
    fn out_of_optimum(&self) -> bool {
        let limits = self.shared.limits;
        let tuning = &self.shared.tuning;
        limits.optimum.is_some_and(|opt| {
            let pct = iteration_pct(opt, limits.maximum, tuning);
            let opt = scaled_optimum(
                opt,
                limits.maximum,
                self.best_changes,
                self.score_drop(),
                tuning,
            );
            limits.start.elapsed() >= opt * pct / 100
        })
    }

    /// The depth of this thread's next iteration: the first from `from` on that no other
    /// thread has finished and that fewer than `per_depth` threads are searching (with one
    /// thread: always `from`). Registers this thread as searching it, unless it is beyond
    /// `max`.
    fn claim_depth(&mut self, from: i32, max: i32) -> i32 {
        let s = self.shared;
        let spread = s.tuning.smp_spread;
        let mut d = if spread {
            from.max(s.completed.load(Ordering::Relaxed) + 1)
        } else {
            from
        };
        while d <= max {
            let slot = &s.searching[d as usize];
            let busy = slot.fetch_add(1, Ordering::Relaxed);
            if !spread || busy < s.per_depth || d == max {
                return d;
            }
            slot.fetch_sub(1, Ordering::Relaxed);
            d += 1;
        }
        d
    }

    /// This thread no longer searches depth `d`.
    fn release_depth(&mut self, d: i32) {
        self.shared.searching[d as usize].fetch_sub(1, Ordering::Relaxed);
    }

    fn negamax(
        &mut self,
        mut alpha: Score,
        mut beta: Score,
        depth: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> Score {
        self.pv[ply].clear();
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.check_stop();
        }
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as i32);
        let plyi = ply as Score;
        if ply >= MAX_PLY - 2 {
            return static_score(&self.pos, &self.shared.tuning);
        }
        let root = ply == 0;
        // The default for every child, ProbCut's included; the loop raises it for a double
        // extension. (Ply 0 is never written: the root has none.)
        self.doubles[ply + 1] = self.doubles[ply];
        if self.shared.tuning.lmr_cutoffs > 0 {
            self.cutoffs[ply + 2] = 0;
        }
        // ProbCut's and the singular search's moves count as no attack.
        self.attacks[ply] = false;
        self.fours[ply] = false;
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        let mut threat = movegen::threat(&mut self.pos);
        if root {
            // The front end may forbid points (e.g. offered fifth moves): a forcing answer on
            // one of them is no answer, so search the other moves normally.
            if let Threat::WinNow(c)
            | Threat::WinIn3(c)
            | Threat::MustBlock(c)
            | Threat::Lost(Some(c)) = threat
            {
                if self.shared.blocked.contains(&c) {
                    threat = Threat::Quiet;
                }
            }
        }
        match threat {
            Threat::WinNow(c) => {
                self.set_pv(ply, c);
                self.bufs[ply] = buf;
                return WIN - plyi - 1;
            }
            Threat::Lost(c) => {
                if let Some(c) = c {
                    self.set_pv(ply, c);
                }
                self.bufs[ply] = buf;
                return -(WIN - plyi - 2);
            }
            Threat::WinIn3(c) => {
                self.set_pv(ply, c);
                self.bufs[ply] = buf;
                return WIN - plyi - 3;
            }
            _ => {}
        }
        // Mate-distance pruning: no line from here beats a faster known result.
        if !root && self.shared.tuning.mate_distance {
            alpha = alpha.max(-WIN + plyi);
            beta = beta.min(WIN - plyi - 1);
            if alpha >= beta {
                self.bufs[ply] = buf;
                return alpha;
            }
        }
        let key = self.pos.hash();
        // A singular-extension search leaves a move out: the table's entry for this node,
        // with that move in, neither cuts it nor is overwritten by it.
        let excluded = self.excluded[ply];
        let tt_entry = if self.shared.tuning.tt_probe && excluded.is_none() {
            self.shared.tt.probe(key, ply as i32)
        } else {
            None
        };
        let tt_move = tt_entry
            .and_then(|e| e.mv)
            .filter(|&m| self.pos.is_empty(m));
        // Is or was on the PV (Stockfish's and Rapfi's `ttPv`), kept in the table's entry.
        let tt_pv = pv_node || tt_entry.is_some_and(|e| e.pv);
        if let Some(e) = tt_entry {
            let proven = self.shared.tuning.tt_win_cut
                && ((e.score >= WIN_BOUND && e.bound != Bound::Upper)
                    || (e.score <= -WIN_BOUND && e.bound != Bound::Lower));
            if !pv_node && (e.depth >= depth || proven) {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut {
                    if self.shared.tuning.tt_cut_history
                        && threat == Threat::Quiet
                        && e.score >= beta
                    {
                        if let Some(m) = tt_move {
                            self.reward_cutoff(ply, m, &[], depth);
                        }
                    }
                    self.bufs[ply] = buf;
                    return e.score;
                }
            }
        }
        let tuning = self.shared.tuning;
        // The table keeps the evaluation itself; the correction learnt so far goes on top.
        let raw_eval = tt_entry.map_or_else(|| static_score(&self.pos, &tuning), |e| e.eval);
        let corr = Weights {
            profile: tuning.corr_profile,
            stones: tuning.corr_stones,
            moves: tuning.corr_moves,
            moves4: tuning.corr_moves4,
            shape: tuning.corr_shape,
            stone_bits: tuning.corr_stone_bits,
            phase: tuning.corr_phase,
            eval: tuning.corr_eval,
        };
        let static_eval = if corr.any() {
            (raw_eval + self.history.correction.get(&self.pos, raw_eval, corr))
                .clamp(-EVAL_LIMIT, EVAL_LIMIT)
        } else {
            raw_eval
        };
        // A large learnt correction marks a static score to trust less (`lmr_corr`).
        let unsure_eval = tuning.lmr_corr > 0 && (static_eval - raw_eval).abs() >= tuning.lmr_corr;
        // The score the pruning decisions (reverse futility, razoring, `lmr_improving`) go
        // by: with `tt_refine_eval` the table's where its bound says the node is worth at
        // least (or at most) that.
        let guess = if tuning.tt_refine_eval {
            refined_eval(tt_entry, static_eval)
        } else {
            static_eval
        };
        // Only `lmr_improving`, `rfp_improving` and the hindsight rules read these: the
        // default search neither keeps nor compares them.
        let hindsight = tuning.hind_ext > 0 || tuning.hind_red_margin > 0;
        if tuning.lmr_improving || tuning.rfp_improving > 0 || hindsight {
            self.evals[ply] = if threat == Threat::Quiet {
                guess
            } else {
                NO_EVAL
            };
        }
        // Hindsight (Stockfish): the parent reduced this node's move by `prior` plies. If
        // the move did not leave the opponent's score worse than the parent expected, the
        // reduction looks too deep, so a ply back; if both sides' static scores say they
        // stand well, the position is calm, so a ply less. The static score favours the
        // side to move, so two plies' scores add up to about `hind_center`, not 0.
        let prior = if hindsight {
            std::mem::take(&mut self.reductions[ply])
        } else {
            0
        };
        let mut depth = depth;
        if prior > 0
            && depth >= 1
            && excluded.is_none()
            && threat == Threat::Quiet
            && self.evals[ply - 1] != NO_EVAL
        {
            let sum = guess + self.evals[ply - 1];
            if tuning.hind_ext > 0 && prior >= tuning.hind_ext && sum <= tuning.hind_center {
                depth += 1;
            } else if tuning.hind_red_margin > 0
                && prior >= 2
                && depth >= 2
                && sum > tuning.hind_red_margin
            {
                depth -= 1;
            }
        }

        let forced = matches!(threat, Threat::MustBlock(_));
        // An open three against us is not quiet: its defences are searched a few plies past
        // the horizon (the static score cannot see that the three wins if ignored).
        let defend_late = threat == Threat::Defend && depth > -tuning.qs_defend_plies;
        // Razoring: a shallow quiet node far below alpha is not searched, only its quiescence.
        let razor = tuning.razor_margin > 0
            && !pv_node
            && excluded.is_none()
            && threat == Threat::Quiet
            && depth > 0
            && depth <= tuning.razor_max_depth
            && guess.abs() < WIN_BOUND
            && guess + tuning.razor_margin * depth <= alpha;
        if (depth <= 0 || razor) && !forced && !defend_late {
            // Quiescence: a quick VCF for the side to move, else the static score.
            let us = self.pos.side();
            let t = tuning;
            let worth_it = self.pos.count(us, Class::FourThree) > 0
                || (!t.qs_vcf_needs_four_three && self.pos.count(us, Class::Four) > 0);
            let qs_vcf_nodes = t.qs_vcf_nodes;
            let stand = if t.tt_refine_leaf {
                refined_eval(tt_entry, static_eval)
            } else {
                static_eval
            };
            let needed = !t.qs_vcf_below_beta || stand < beta;
            let vcf = if threat == Threat::Quiet && qs_vcf_nodes > 0 && worth_it && needed {
                self.vcf.solve(&mut self.pos, &[], 12, qs_vcf_nodes)
            } else {
                None
            };
            // The line ends with the winning four or five; a straight four needs two more plies.
            let score = match vcf {
                Some(line) => WIN - plyi - line.len() as Score - 2,
                // `qs_blend`: a leaf's margin over beta is half believed.
                None if t.qs_blend
                    && stand >= beta
                    && stand.abs() < WIN_BOUND
                    && beta.abs() < WIN_BOUND =>
                {
                    (stand + beta) / 2
                }
                None => stand,
            };
            self.nodes += self.vcf.take_nodes();
            self.bufs[ply] = buf;
            return score;
        }

        // Reverse futility pruning: at a shallow quiet node (no threat against the side to
        // move) whose score (`guess`) beats beta by a margin per ply, assume it holds.
        if tuning.rfp_margin > 0
            && !pv_node
            && excluded.is_none()
            && threat == Threat::Quiet
            && depth <= tuning.rfp_max_depth
            && guess.abs() < WIN_BOUND
            && guess - self.rfp_margin(ply, cut_node && tt_entry.is_none()) * depth >= beta
            && !(tuning.rfp_attack && ply >= 4 && self.fours[ply - 2] && self.fours[ply - 4])
        {
            self.bufs[ply] = buf;
            return guess;
        }

        // A VCT inside the search (`tree_vct_depth`): deep enough that its budget is small
        // against the subtree it may save, and only where this node has not been searched
        // that deep before (the table would then hold the win it found).
        if tuning.tree_vct_depth > 0
            && !root
            && excluded.is_none()
            && (pv_node || !tuning.tree_vct_pv)
            && threat == Threat::Quiet
            && depth >= tuning.tree_vct_depth
            && tt_entry.is_none_or(|e| e.depth < tuning.tree_vct_depth)
        {
            if let Some(score) = self.tree_vct(ply, depth, raw_eval, tt_pv) {
                self.bufs[ply] = buf;
                return score;
            }
        }

        // Internal iterative reduction: no table move to search first, one ply less.
        let depth = if tuning.iir_min_depth > 0
            && (pv_node || cut_node)
            && !root
            && excluded.is_none()
            && tt_move.is_none()
            && threat == Threat::Quiet
            && depth >= tuning.iir_min_depth
        {
            depth - 1
        } else {
            depth
        };

        // Fail-high reduction: an expected cut node far above beta searches the moves that
        // make no four a ply shallower (below, in the move loop).
        let likely_fail_high = tuning.fhr_margin > 0
            && cut_node
            && !pv_node
            && threat == Threat::Quiet
            && guess.abs() < WIN_BOUND
            && guess - tuning.fhr_margin * depth >= beta;

        // Generate the moves of this node.
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        moves.clear();
        match threat {
            Threat::MustBlock(c) => moves.push((c, 0)),
            Threat::Defend => {
                movegen::defences(&mut self.pos, &mut buf);
                self.score_moves(&buf, tt_move, ply, &mut moves);
            }
            _ => {
                movegen::quiet(&mut self.pos, &mut buf);
                self.score_moves(&buf, tt_move, ply, &mut moves);
            }
        }
        if let Some(x) = excluded {
            moves.retain(|&(c, _)| c != x);
            if moves.is_empty() {
                self.bufs[ply] = buf;
                self.move_bufs[ply] = moves;
                return alpha;
            }
        }
        if root {
            moves.retain(|(c, _)| !self.shared.blocked.contains(c));
            // The guard's refuted moves go too, unless they are all that is left.
            let refuted = self.shared.refuted();
            if moves.iter().any(|(c, _)| !refuted.contains(c)) {
                moves.retain(|(c, _)| !refuted.contains(c));
            }
            drop(refuted);
            if tuning.root_order_nodes > 0 {
                order_by_subtrees(
                    &mut moves,
                    tt_move,
                    &self.root_nodes_prev,
                    tuning.root_order_nodes,
                );
            }
        }
        if moves.is_empty() {
            self.bufs[ply] = buf;
            self.move_bufs[ply] = moves;
            // A full board is a draw; otherwise no legal defence is left (Renju black hemmed
            // in by forbidden points): lost.
            if self.pos.stones() >= self.pos.board_cells().len() {
                return 0;
            }
            return -(WIN - plyi - 2);
        }

        if tuning.probcut_margin > 0
            && !pv_node
            && !root
            && excluded.is_none()
            && threat == Threat::Quiet
            && depth >= tuning.probcut_min_depth
            && beta.abs() < WIN_BOUND - tuning.probcut_margin
            && !(tuning.probcut_tt
                && tt_entry.is_some_and(|e| {
                    e.depth > depth - PROBCUT_REDUCTION && e.score < beta + tuning.probcut_margin
                }))
        {
            let cut = self.probcut(&mut moves, beta + tuning.probcut_margin, depth, ply);
            if let Some((m, score)) = cut {
                // The depth the cut was proven at, counted from this node.
                let proven = depth - PROBCUT_REDUCTION + 1;
                self.shared.tt.store(
                    key,
                    ply as i32,
                    Some(m),
                    Bound::Lower,
                    proven,
                    score,
                    raw_eval,
                    tt_pv,
                );
            }
            if cut.is_some() || self.stopped {
                self.bufs[ply] = buf;
                self.move_bufs[ply] = moves;
                return cut.map_or(0, |(_, score)| score);
            }
        }

        // Singular extension of the table move: `tt_ext` plies more (or fewer) for it.
        let mut tt_ext = 0;
        if tuning.se_min_depth > 0
            && !root
            && excluded.is_none()
            && depth >= tuning.se_min_depth
            && !forced
            && moves.len() > 1
            && (ply as i32) < 2 * self.iteration
        {
            if let (Some(e), Some(m)) = (tt_entry, tt_move) {
                if e.bound != Bound::Upper && e.depth >= depth - 3 && e.score.abs() < WIN_BOUND {
                    let sbeta = e.score - tuning.se_margin * depth;
                    let v = self.without(m, sbeta, depth, ply, cut_node);
                    if self.stopped || (v >= sbeta && sbeta >= beta) {
                        // Multi-cut: a second move holds beta as well.
                        self.bufs[ply] = buf;
                        self.move_bufs[ply] = moves;
                        return if self.stopped { 0 } else { sbeta };
                    }
                    let double = tuning.se_double_margin > 0
                        && v < sbeta - tuning.se_double_margin
                        && i32::from(self.doubles[ply]) < tuning.se_double_max;
                    tt_ext = if double {
                        2
                    } else if v < sbeta {
                        1
                    } else if e.score >= beta {
                        -tuning.se_negative
                    } else if cut_node {
                        -tuning.se_cut_negative
                    } else if e.score <= v {
                        -tuning.se_low_negative
                    } else {
                        0
                    };
                }
            }
        }

        // The forced answer to a four is extended by `four_reply_ext` plies (none in
        // freestyle, one under Renju); 2, which makes the pair free, applies only within
        // twice the iteration's depth so that chains of fours stay finite in depth.
        // `four_reply_ext_side` limits it to one side's answers.
        let answering = || match tuning.four_reply_ext_side {
            1 => self.pos.side() == Color::Black,
            2 => self.pos.side() == Color::White,
            _ => true,
        };
        let ext = if !forced || !answering() {
            0
        } else if (ply as i32) < 2 * self.iteration {
            tuning.four_reply_ext
        } else {
            tuning.four_reply_ext.min(1)
        };
        let mut best_score = -INF;
        let mut best_move: Option<Cell> = None;
        let old_alpha = alpha;
        let quiet_node = threat == Threat::Quiet;
        // Late moves are reduced at quiet nodes (and, with `lmr_defend`, at open-three answers).
        let reducible = quiet_node || (tuning.lmr_defend && threat == Threat::Defend);
        // Late quiet moves below the root are not searched: past the quiet-move cap, and at
        // shallow depth past a shorter count (late-move pruning; they rarely matter). Both
        // only once one move has escaped a forced loss: a node whose first moves all lose is
        // not lost while untried moves remain (calling it lost made false wins).
        let late = if quiet_node && !root {
            let lmp = if depth <= tuning.lmp_max_depth {
                tuning.lmp_base + tuning.lmp_per_depth * depth.max(0) as usize
            } else {
                usize::MAX
            };
            lmp.min(tuning.max_quiet.max(1))
        } else {
            usize::MAX
        };
        // `pv_raise_max_depth` lowers it once a move raises alpha.
        let mut depth = depth;
        // The table's move makes a four (or better) for the side to move: the quiet moves
        // after it are reduced `lmr_tt_forcing` plies more.
        let tt_forcing = tuning.lmr_tt_forcing > 0
            && tt_move.is_some_and(|m| {
                let class = self.pos.class(self.pos.side(), m);
                class >= Class::Four && class != Class::Forbidden
            });
        // The opponent can make a four: late moves that leave it alone are reduced more.
        let oppo_four =
            tuning.lmr_oppo_four > 0 && quiet_node && movegen::opponent_has_four_point(&self.pos);
        // `lmr_order_gap`, `lmr_order_near`: late quiet moves far below the node's best quiet
        // score by the move order are reduced more, those near it less. The table move and
        // the killers carry bonuses, so the best is the first quiet move that is neither (the
        // moves come best first).
        let by_order = quiet_node && (tuning.lmr_order_gap > 0 || tuning.lmr_order_near > 0);
        let gap_killers = if by_order && tuning.killers {
            self.history.killers(ply)
        } else {
            [crate::tt::NO_MOVE; 2]
        };
        let mut top_quiet: Option<i32> = None;
        for i in 0..moves.len() {
            if i >= late && best_score > -WIN_BOUND {
                break;
            }
            // Best first by `order_key`. Most nodes cut off after their first move, so only
            // it is selected up front and the rest sorted when reached (callgrind, bench: 1.8%
            // fewer instructions than sorting every list; sorting only the moves before
            // `late` first, 1% fewer again).
            if i == 0 {
                bring_first(&mut moves, 0);
            } else if i == 1 {
                // Moves from `late` on are reached only if every earlier one lost: those
                // are sorted when reached (with `late` 1, now).
                let first = if late > 1 { late - 1 } else { usize::MAX };
                sort_moves(&mut moves[1..], &mut self.order_keys, first);
            } else if i == late {
                sort_moves(&mut moves[late..], &mut self.order_keys, usize::MAX);
            }
            let (m, mscore) = moves[i];
            let tactical = mscore >= movegen::FOUR_ORDER;
            if by_order
                && top_quiet.is_none()
                && !tactical
                && tt_move != Some(m)
                && !gap_killers.contains(&m)
            {
                top_quiet = Some(mscore);
            }
            let late_move = i > 0
                && reducible
                && depth >= tuning.lmr_min_depth
                && i >= tuning.lmr_min_index
                && !tactical;
            // A plain four (no three with it, taking nothing forcing from the opponent) after
            // the first move of a quiet node is reduced `lmr_four` plies, though tactical:
            // fours come first in the order, so "late" cannot mean past `lmr_min_index`.
            let plain_four = tuning.lmr_four > 0
                && tactical
                && i > 0
                && quiet_node
                && depth >= tuning.lmr_min_depth
                && movegen::plain_four(&self.pos, m);
            // Read before `play`, from the mover's side; only a late move is reduced less.
            let attack = tuning.lmr_attack > 0 && quiet_node;
            let continued = attack && late_move && ply >= 2 && self.attacks[ply - 2] && {
                let before = self.pos.history()[self.pos.history().len() - 2];
                movegen::continues_attack(&self.pos, m, before)
            };
            if attack {
                self.attacks[ply] = self.pos.class(self.pos.side(), m) >= Class::Three;
            }
            if tuning.rfp_attack {
                self.fours[ply] = tactical && self.pos.class(self.pos.side(), m).makes_four();
            }
            // Shallow pruning: below the root, once one move has escaped a forced loss.
            let may_prune = !root && best_score > -WIN_BOUND;
            let prune_distract = tuning.distract_prune_depth > 0
                && depth <= tuning.distract_prune_depth
                && may_prune;
            // Read before `play`, from the defender's side.
            let distract =
                if i > 0 && threat == Threat::Defend && (tuning.lmr_distract || prune_distract) {
                    movegen::distraction(&self.pos, m)
                } else {
                    0
                };
            if prune_distract && distract == 3 {
                continue;
            }
            // A quiet move after the first at a quiet node no deeper than `limit` (0 = never)
            // may be pruned: trivial moves (`trivial_prune_depth`) and, not the table move,
            // moves with a bad history (`hist_prune_depth`).
            let shallow_quiet = |limit: i32| {
                limit > 0 && depth <= limit && may_prune && i > 0 && quiet_node && !tactical
            };
            if shallow_quiet(tuning.trivial_prune_depth) && movegen::trivial(&self.pos, m) {
                continue;
            }
            if shallow_quiet(tuning.hist_prune_depth)
                && tt_move != Some(m)
                && self.history.score(self.pos.side(), m) < -tuning.hist_prune_margin * depth
            {
                continue;
            }
            let distract = if tuning.lmr_distract { distract } else { 0 };
            // Read before `play`, from the mover's side.
            let ignores = if oppo_four && late_move {
                movegen::ignores_four(&self.pos, m, tuning.lmr_oppo_four)
            } else {
                0
            };
            // Start loading the child's table entry before the move's pattern update, which
            // then hides most of the cache miss.
            self.shared.tt.prefetch(self.pos.hash_after(m));
            let nodes_before = self.nodes;
            self.pos.play(m);
            let this_ext = if tt_move == Some(m) { tt_ext } else { 0 };
            let fhr = i32::from(likely_fail_high && !tactical);
            let new_depth = depth - 1 + ext + this_ext - fhr;
            self.doubles[ply + 1] = self.doubles[ply] + u8::from(this_ext == 2);
            let mut score;
            let mut fail_high = None;
            if i == 0 {
                // The first move of a PV node is PV; of a cut node, an all node; and the other
                // way round.
                let child_cut = !pv_node && !cut_node;
                score = -self.negamax(-beta, -alpha, new_depth, ply + 1, pv_node, child_cut);
            } else {
                let r = if late_move {
                    let worse = tuning.lmr_improving && quiet_node && !self.improving(ply);
                    let cut = if cut_node { tuning.lmr_cut_node } else { 0 };
                    // The mover is the side before `play`: the opponent of the side to move.
                    let bad_history = if tuning.lmr_history_div > 0 {
                        let h = self.history.score(self.pos.side().opponent(), m);
                        -h.min(0) / tuning.lmr_history_div
                    } else {
                        0
                    };
                    let pv = if pv_node {
                        tuning.lmr_pv
                    } else if tt_pv {
                        tuning.lmr_tt_pv
                    } else {
                        0
                    };
                    let r = 1
                        + (i as i32) / tuning.lmr_index_div.max(1)
                        + depth / tuning.lmr_depth_div.max(1)
                        + i32::from(worse)
                        + cut
                        + bad_history
                        + if tt_forcing { tuning.lmr_tt_forcing } else { 0 }
                        + ignores
                        + top_quiet.map_or(0, |t| order_reduction(t - mscore, &tuning))
                        - pv
                        - i32::from(unsure_eval)
                        // The opponent's nodes below keep refuting: likely an all node.
                        + if tuning.lmr_cutoffs > 0 && self.cutoffs[ply + 1] > 2 {
                            tuning.lmr_cutoffs
                        } else {
                            0
                        };
                    r.max(0).min(depth - 1)
                } else if plain_four {
                    tuning.lmr_four.min(depth - 1)
                } else {
                    0
                };
                let r = if distract > 0 && depth >= tuning.lmr_min_depth {
                    (r + distract).min(depth - 1).max(0)
                } else {
                    r
                };
                let r = if continued {
                    (r - tuning.lmr_attack).max(0)
                } else {
                    r
                };
                // A reduced search expects to fail low, so its child expects to cut.
                let child_cut = late_move || plain_four || !cut_node;
                if hindsight {
                    self.reductions[ply + 1] = r;
                }
                score = -self.negamax(-alpha - 1, -alpha, new_depth - r, ply + 1, false, child_cut);
                if hindsight {
                    self.reductions[ply + 1] = 0;
                }
                let mut new_depth = new_depth;
                if score > alpha && r > 0 {
                    // A reduced move that beat the best so far by a wide margin is searched
                    // a ply deeper (`lmr_deeper_margin`), one that barely did a ply
                    // shallower (`lmr_shallower_margin`). Deeper only within twice the
                    // iteration's depth, like the extensions: with an extended child it
                    // can keep the depth from falling, and the tree then explodes.
                    let real = best_score > -WIN_BOUND && score < WIN_BOUND;
                    if real
                        && tuning.lmr_deeper_margin > 0
                        && (ply as i32) < 2 * self.iteration
                        && score > best_score + tuning.lmr_deeper_margin + 2 * new_depth
                    {
                        new_depth += 1;
                    } else if real
                        && tuning.lmr_shallower_margin > 0
                        && score < best_score + tuning.lmr_shallower_margin
                        && r > 1
                    {
                        new_depth -= 1;
                    }
                    score = -self.negamax(-alpha - 1, -alpha, new_depth, ply + 1, false, !cut_node);
                }
                if score > alpha && score < beta && pv_node {
                    if root && !self.stopped && tuning.root_new_best {
                        // Better than the best so far at full depth: should the re-search
                        // not finish, the move still stands on its lower bound.
                        fail_high = Some((m, alpha + 1));
                    }
                    score = -self.negamax(-beta, -alpha, new_depth, ply + 1, true, false);
                }
            }
            self.pos.undo();
            if root && tuning.root_order_nodes > 0 {
                self.root_nodes[m as usize] += self.nodes - nodes_before;
            }
            if root && i == 0 && !self.stopped && self.root_first.is_none() {
                self.root_first = Some(m);
            }
            if self.stopped {
                if let Some(claim) = fail_high {
                    self.root_best = Some(claim);
                }
                self.bufs[ply] = buf;
                self.move_bufs[ply] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if root {
                        self.root_best = Some((m, score));
                    }
                    if alpha >= beta {
                        if quiet_node {
                            self.reward_cutoff(ply, m, &moves[..=i], depth);
                        }
                        if tuning.lmr_cutoffs > 0 {
                            self.cutoffs[ply] += 1;
                        }
                        break;
                    }
                    // Only a PV node gets here (elsewhere the window is null).
                    if depth > 2
                        && depth < tuning.pv_raise_max_depth
                        && beta < WIN_BOUND
                        && score > -WIN_BOUND
                    {
                        depth -= 1;
                    }
                }
            }
        }
        // `fh_blend`: a fail-high's margin over beta, believed in proportion to the depth.
        if tuning.fh_blend
            && !root
            && best_score >= beta
            && best_score.abs() < WIN_BOUND
            && beta.abs() < WIN_BOUND
        {
            let d = depth.max(1);
            best_score = (best_score * d + beta) / (d + 1);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > old_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // Every reply failed low: the opponent's last move was a good one, and its history
        // learns so (`fail_low_bonus`, Stockfish's prior-move bonus).
        if tuning.fail_low_bonus > 0
            && bound == Bound::Upper
            && !root
            && excluded.is_none()
            && tuning.history
            && !self.stopped
        {
            if let Some(&last) = self.pos.history().last() {
                let color = self.pos.side().opponent();
                self.history
                    .reward(color, last, depth, tuning.fail_low_bonus);
            }
        }
        if excluded.is_none() {
            // The correction learns from quiet nodes whose result says where the static
            // score was wrong: a fail high above it, a fail low below it, or an exact score.
            if corr.any()
                && (threat == Threat::Quiet || (tuning.corr_defend && threat == Threat::Defend))
                && depth > 0
                && best_score.abs() < WIN_BOUND
                && !(bound == Bound::Lower && best_score <= static_eval)
                && !(bound == Bound::Upper && best_score >= static_eval)
                && !(tuning.corr_skip_four
                    && best_move.is_some_and(|m| self.pos.class(self.pos.side(), m).makes_four()))
            {
                let diff = (best_score - static_eval) * tuning.corr_rate / 100;
                self.history
                    .correction
                    .learn(&self.pos, raw_eval, diff, depth, corr);
            }
            self.shared.tt.store(
                key, ply as i32, best_move, bound, depth, best_score, raw_eval, tt_pv,
            );
        }
        self.bufs[ply] = buf;
        self.move_bufs[ply] = moves;
        best_score
    }

    /// ProbCut: the best-ordered few of `moves` searched [`PROBCUT_REDUCTION`] plies
    /// shallower with a null window at `pbeta`; the first move whose score reaches it, with
    /// the score, if any (none once the search is stopped). Leaves the tried moves in order
    /// at the front.
    fn probcut(
        &mut self,
        moves: &mut [(Cell, i32)],
        pbeta: Score,
        depth: i32,
        ply: usize,
    ) -> Option<(Cell, Score)> {
        let tries = self.shared.tuning.probcut_moves.min(moves.len());
        for k in 0..tries {
            bring_first(moves, k);
            let m = moves[k].0;
            self.shared.tt.prefetch(self.pos.hash_after(m));
            self.pos.play(m);
            let child_depth = depth - PROBCUT_REDUCTION;
            let score = -self.negamax(-pbeta, -pbeta + 1, child_depth, ply + 1, false, false);
            self.pos.undo();
            if self.stopped {
                return None;
            }
            if score >= pbeta {
                return Some((m, score));
            }
        }
        None
    }

    /// Singular extension's search: this node again without its table move `m`, at half
    /// depth with a null window at `sbeta`. Below `sbeta` means `m` stands alone. The
    /// node's line is left empty, as on entry: a node that then fails low must not hand its
    /// parent the singular search's line.
    fn without(&mut self, m: Cell, sbeta: Score, depth: i32, ply: usize, cut_node: bool) -> Score {
        self.excluded[ply] = Some(m);
        let v = self.negamax(sbeta - 1, sbeta, (depth - 1) / 2, ply, false, cut_node);
        self.excluded[ply] = None;
        self.pv[ply].clear();
        v
    }

    /// Learn from a cut-off by `best` at a quiet node: the history rewards it and punishes
    /// the other moves `tried` (or, with the history off, it becomes a killer).
    fn reward_cutoff(&mut self, ply: usize, best: Cell, tried: &[(Cell, i32)], depth: i32) {
        if self.shared.tuning.history {
            let previous = if self.shared.tuning.cont_history > 0 {
                self.pos.history().last().copied()
            } else {
                None
            };
            self.history
                .update(self.pos.side(), ply, best, tried, depth, previous);
        } else {
            self.history.add_killer(ply, best);
        }
    }

    fn score_moves(
        &mut self,
        cells: &[Cell],
        tt_move: Option<Cell>,
        ply: usize,
        out: &mut Vec<(Cell, i32)>,
    ) {
        let history_div = self.shared.tuning.history_div.max(1);
        let far = self.shared.tuning.order_far;
        let stones = self.pos.history();
        let recent = &stones[stones.len().saturating_sub(4)..];
        let killers = if self.shared.tuning.killers {
            self.history.killers(ply)
        } else {
            [crate::tt::NO_MOVE; 2]
        };
        // Parsing bounds the knob to 0..=100; the clamp guards a Tuning built in code.
        let cont_pct = self.shared.tuning.cont_history.clamp(0, 100);
        let cont = if cont_pct > 0 {
            stones
                .last()
                .map(|&p| self.history.cont_row(self.pos.side(), p))
        } else {
            None
        };
        let fit = self.shared.tuning.order_fit.then(|| {
            let fit = crate::eval::order_fit(self.pos.rule() == tengen_rules::Rule::Renju);
            movegen::FittedOrder::new(fit, recent, killers)
        });
        out.clear();
        out.extend(cells.iter().map(|&c| {
            let s = if Some(c) == tt_move {
                i32::MAX / 2
            } else {
                let mut h = self.history.score(self.pos.side(), c);
                if let Some(cont) = cont {
                    h += (i32::from(cont[c as usize]) - h) * cont_pct / 100;
                }
                let h = h / history_div;
                if let Some(fit) = &fit {
                    fit.score(&self.pos, c, h)
                } else {
                    let s = movegen::order_score(&self.pos, c, killers, h);
                    if far {
                        movegen::scale_by_distance(recent, c, s)
                    } else {
                        s
                    }
                }
            };
            (c, s)
        }));
        if self.shared.tuning.order_forbidden {
            // The table move, if it is such a point, stays first: its score is far above.
            movegen::unforce_forbidden_double_threes(&mut self.pos, out);
        }
    }

    fn set_pv(&mut self, ply: usize, c: Cell) {
        self.pv[ply].clear();
        self.pv[ply].push(c);
    }

    fn update_pv(&mut self, ply: usize, c: Cell) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(c);
        line.extend_from_slice(&tail[0]);
    }
}

/// `root_order_nodes`: raise each quiet root move's order score (not the table move's) by
/// `per_doubling` per doubling of the nodes its subtree took in the previous iteration
/// (`prev`, by cell; all zero before the first), keeping it below the forcing moves.
fn order_by_subtrees(
    moves: &mut [(Cell, i32)],
    tt_move: Option<Cell>,
    prev: &[u64],
    per_doubling: i32,
) {
    for (c, s) in moves.iter_mut() {
        if *s < movegen::FOUR_ORDER && Some(*c) != tt_move {
            let n = prev.get(*c as usize).copied().unwrap_or(0);
            let doublings = (u64::BITS - n.leading_zeros()) as i32;
            *s = (*s + per_doubling * doublings).min(movegen::FOUR_ORDER - 1);
        }
    }
}

/// Plies more (or, negative, less) of late-move reduction for a quiet move whose move-order
/// score is `gap` below the node's best quiet move's (`lmr_order_gap`, `lmr_order_near`).
fn order_reduction(gap: i32, tuning: &Tuning) -> i32 {
    // A killer reached late sits above the best (its bonus): "near" only when asked for.
    if tuning.lmr_order_near > 0 && gap < tuning.lmr_order_near {
        -1
    } else if tuning.lmr_order_gap > 0 {
        (gap / tuning.lmr_order_gap).clamp(0, 2)
    } else {
        0
    }
}

/// The move to play from the threads' results: the main thread's, unless a helper finished a
/// deeper iteration (the threads spread over depths, so a helper is often ahead when the
/// time runs out) or proved a win (a helper's root VCT, or a mate score) the main thread has
/// not. A proven result of the main thread (a root VCF or VCT win, or a mate score) is never
/// replaced.
fn pick_result(
    main: Option<SearchResult>,
    helpers: impl Iterator<Item = SearchResult>,
) -> Option<SearchResult> {
    let mut best = main;
    for h in helpers {
        let better = match &best {
            None => true,
            Some(b) => b.score.abs() < WIN_BOUND && (h.depth > b.depth || h.score >= WIN_BOUND),
        };
        if better {
            best = Some(h);
        }
    }
    best
}

/// Pass a threat solver's root win to the caller and turn it into the search's answer.
fn report_solved(
    info: SearchInfo,
    on_info: &mut Option<&mut dyn FnMut(&SearchInfo)>,
) -> SearchResult {
    if let Some(cb) = on_info.as_mut() {
        cb(&info);
    }
    SearchResult {
        best: Move::Stone(info.pv[0]),
        score: info.score,
        depth: info.depth,
        nodes: info.nodes,
        pv: info.pv,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The move order is total: no two cells of the padded array share a tie-break key.
    #[test]
    fn move_order_never_ties_two_cells() {
        let mut keys: Vec<(i32, u32)> = (0..crate::position::CELLS as Cell)
            .map(|c| move_order((c, 7)))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), crate::position::CELLS);
    }

    /// Sorting by the integer keys is sorting by [`move_order`], and a key gives its move
    /// back.
    #[test]
    fn order_keys_sort_as_move_order_and_decode() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let scores = [
            i32::MIN + 1,
            -WIN,
            -1,
            0,
            1,
            7,
            movegen::FOUR_ORDER,
            i32::MAX / 2,
            i32::MAX,
        ];
        let mut moves: Vec<(Cell, i32)> = Vec::new();
        for c in 0..crate::position::CELLS as Cell {
            for &s in &scores {
                moves.push((c, s));
            }
            moves.push((c, rng.gen_range(-1 << 30..1 << 30)));
        }
        for &m in &moves {
            assert_eq!(order_key_move(order_key(m)), m);
        }
        for _ in 0..20 {
            let mut sample: Vec<(Cell, i32)> = (0..rng.gen_range(1..60))
                .map(|_| moves[rng.gen_range(0..moves.len())])
                .collect();
            let mut want = sample.clone();
            want.sort_by_key(|&m| move_order(m));
            let mut full = sample.clone();
            sort_moves(&mut full, &mut Vec::new(), usize::MAX);
            assert_eq!(full, want);
            // The first `n` only: those in order, then the rest sorted in their turn.
            let n = rng.gen_range(1..=sample.len());
            sort_moves(&mut sample, &mut Vec::new(), n);
            sort_moves(&mut sample[n..], &mut Vec::new(), usize::MAX);
            assert_eq!(sample, want);
        }
    }

    /// One thread, a fresh table: the move a search of `board` plays within `nodes` and
    /// `depth`, with `root_new_best` as given, and the nodes it took.
    fn limited(board: &Board, depth: i32, nodes: Option<u64>, new_best: bool) -> (Move, u64) {
        let mut engine = Engine::new(1 << 22, 1);
        engine.set_tuning(Tuning {
            root_new_best: new_best,
            ..Tuning::default()
        });
        let limits = Limits {
            nodes,
            ..Limits::depth(depth)
        };
        let r = engine.search(board, &limits, &AtomicBool::new(false), &[], &mut |_| {});
        (r.best, r.nodes)
    }

    /// The nodes of a game's first two searches (the second two moves later) and of
    /// one root searched twice, with the knobs of `text` (a `TENGEN_TUNING` text).
    fn renewal_nodes(text: &str) -> ((u64, u64), (u64, u64)) {
        let tuning = crate::settings::parse_tuning(text).unwrap();
        let board = crate::bench::board(0);
        let mut later = board.clone();
        for p in [Pos::new(4, 4), Pos::new(10, 3)] {
            later.play(Move::Stone(p)).unwrap();
        }
        let pair = |second: &Board| {
            let mut engine = Engine::new(1 << 22, 1);
            engine.set_tuning(tuning);
            let stop = AtomicBool::new(false);
            let mut run = |b: &Board| {
                engine
                    .search(b, &Limits::depth(8), &stop, &[], &mut |_| {})
                    .nodes
            };
            (run(&board), run(second))
        };
        (pair(&later), pair(&board))
    }

    /// `history_keep` ages what a game's earlier searches taught the move order: the first
    /// search of a game has nothing to age (the same tree), the second one a different tree
    /// with less kept than with all of it; searching the same root again (N-best, a
    /// repeated request) does not age it again.
    #[test]
    fn a_new_search_ages_the_history_it_keeps() {
        let ((kept, repeated_kept), (aged, repeated_aged)) = (
            renewal_nodes("history_keep=100"),
            renewal_nodes("history_keep=0"),
        );
        assert_eq!(kept.0, aged.0);
        assert_ne!(kept.1, aged.1, "kept {kept:?}, aged {aged:?}");
        assert_eq!(repeated_kept, repeated_aged);
    }

    /// `killers_new`: the second search of a game differs when the old killers are cleared
    /// or shifted from when they are kept as they were, and the two renewals differ from
    /// each other; a root searched again keeps its killers under every setting.
    #[test]
    fn a_new_search_renews_the_killers() {
        let with = |renew: u8| renewal_nodes(&format!("killers_new={renew}"));
        let (kept, cleared, shifted) = (with(0), with(1), with(2));
        assert_eq!(kept.0 .0, cleared.0 .0);
        assert_eq!(kept.0 .0, shifted.0 .0);
        assert_ne!(
            kept.0 .1, cleared.0 .1,
            "kept {kept:?}, cleared {cleared:?}"
        );
        assert_ne!(
            kept.0 .1, shifted.0 .1,
            "kept {kept:?}, shifted {shifted:?}"
        );
        assert_ne!(
            cleared.0 .1, shifted.0 .1,
            "cleared {cleared:?}, shifted {shifted:?}"
        );
        assert_eq!(kept.1, cleared.1);
        assert_eq!(kept.1, shifted.1);
    }

    /// Searches stopped (by a node limit) inside an iteration that changes the best move:
    /// with `root_new_best` the move played agrees with the finished iteration's more often
    /// than without, where a previous best that failed low, or a rival whose fail-high
    /// re-search was cut short, kept the old move.
    #[test]
    fn an_unfinished_iteration_keeps_a_move_that_beat_the_previous_best() {
        let (mut agree_on, mut agree_off, mut cases) = (0, 0, 0);
        for i in 0..3 {
            let board = crate::bench::board(i);
            let mut prev: Option<(Move, u64)> = None;
            for depth in 2..=10 {
                let (best, nodes) = limited(&board, depth, None, false);
                if let Some((_, before)) = prev.filter(|&(old, _)| old != best) {
                    // The node limit is polled every 1024 nodes.
                    for limit in (before + 1..nodes).step_by(1024) {
                        let on = limited(&board, depth, Some(limit), true).0;
                        let off = limited(&board, depth, Some(limit), false).0;
                        cases += 1;
                        agree_on += usize::from(on == best);
                        agree_off += usize::from(off == best);
                    }
                }
                prev = Some((best, nodes));
            }
        }
        assert!(cases >= 10, "{cases} stops inside a changing iteration");
        assert!(
            agree_on > agree_off,
            "the finished iteration's move: {agree_on} of {cases} with, {agree_off} without"
        );
    }

    #[test]
    fn a_game_clock_optimum_follows_the_best_moves_stability() {
        let ms = Duration::from_millis;
        let on = Tuning {
            stability_base: 70,
            stability_gain: 90,
            ..Tuning::default()
        };
        let (opt, max) = (ms(1_000), Some(ms(2_000)));
        // Off: the optimum as the clock set it.
        let off = Tuning {
            stability_base: 0,
            ..Tuning::default()
        };
        assert_eq!(scaled_optimum(opt, max, 150, 0, &off), opt);
        // A stable best move spends less, a changing one more, never past the hard limit.
        assert_eq!(scaled_optimum(opt, max, 0, 0, &on), ms(700));
        assert_eq!(scaled_optimum(opt, max, 100, 0, &on), ms(1_600));
        assert_eq!(scaled_optimum(opt, max, 199, 0, &on), ms(2_000));
        // A per-move limit (optimum = hard limit) cannot be saved for later: unchanged.
        assert_eq!(scaled_optimum(opt, Some(opt), 0, 0, &on), opt);
        assert_eq!(scaled_optimum(opt, None, 100, 0, &on), opt);
    }

    #[test]
    fn a_game_clock_optimum_grows_when_the_score_falls() {
        let ms = Duration::from_millis;
        let (opt, max) = (ms(1_000), Some(ms(3_000)));
        let falling = Tuning {
            stability_base: 0,
            falling_gain: 50,
            ..Tuning::default()
        };
        // 50% more per 100 points the score fell, at most twice the optimum.
        assert_eq!(scaled_optimum(opt, max, 0, 100, &falling), ms(1_500));
        assert_eq!(scaled_optimum(opt, max, 0, 40, &falling), ms(1_200));
        assert_eq!(scaled_optimum(opt, max, 0, 1_000, &falling), ms(2_000));
        // A rising score changes nothing; nor does a per-move limit.
        assert_eq!(scaled_optimum(opt, max, 0, -300, &falling), opt);
        assert_eq!(scaled_optimum(opt, Some(opt), 0, 100, &falling), opt);
        // On top of the stability scaling, still capped by the hard limit.
        let both = Tuning {
            stability_base: 70,
            stability_gain: 90,
            ..falling
        };
        assert_eq!(scaled_optimum(opt, max, 0, 100, &both), ms(1_050));
        assert_eq!(scaled_optimum(opt, max, 200, 200, &both), ms(3_000));
        // Off: the stability scaling alone.
        let off = Tuning {
            falling_gain: 0,
            ..both
        };
        assert_eq!(scaled_optimum(opt, max, 0, 500, &off), ms(700));
        // By default only Renju adds time for a falling score.
        let renju = Tuning::default().for_rule(tengen_rules::Rule::Renju);
        let freestyle = Tuning::default().for_rule(tengen_rules::Rule::Freestyle);
        assert_eq!(scaled_optimum(opt, max, 0, 100, &renju), ms(1_050));
        assert_eq!(scaled_optimum(opt, max, 0, 100, &freestyle), ms(700));
    }

    #[test]
    fn a_game_clock_has_its_own_iteration_share() {
        let ms = Duration::from_millis;
        let t = Tuning {
            iteration_pct: 80,
            clock_iteration_pct: 100,
            clock_iteration_pct_renju: 90,
            ..Tuning::default()
        };
        // A game clock: time left unspent is kept for later moves.
        assert_eq!(iteration_pct(ms(1_000), Some(ms(3_000)), &t), 100);
        // A per-move limit (optimum = hard limit), or no hard limit: the per-move share.
        assert_eq!(iteration_pct(ms(1_000), Some(ms(1_000)), &t), 80);
        assert_eq!(iteration_pct(ms(1_000), None, &t), 80);
        // Renju has its own game-clock share.
        let renju = t.for_rule(tengen_rules::Rule::Renju);
        assert_eq!(iteration_pct(ms(1_000), Some(ms(3_000)), &renju), 90);
        assert_eq!(iteration_pct(ms(1_000), Some(ms(1_000)), &renju), 80);
    }

    /// Nodes over the bench positions at the bench depth with tuning `t`.
    fn bench_nodes(t: Tuning) -> u64 {
        crate::bench::run_tuned(crate::bench::DEPTH, t).nodes
    }

    /// ProbCut is wired in: over the bench positions at the bench depth it cuts nodes, a
    /// smaller margin more of them (node counts are deterministic: 281 904 off, 261 088 at
    /// 400, 166 086 at 100 when this was written). Singular extension is off here: the
    /// table entries ProbCut leaves let it extend more, which can outweigh the cuts.
    #[test]
    fn probcut_cuts_nodes_at_the_bench_depth() {
        let nodes = |probcut_margin: Score| {
            bench_nodes(Tuning {
                probcut_margin,
                se_min_depth: 0,
                se_min_depth_renju: 0,
                ..Tuning::default()
            })
        };
        let (off, wide, narrow) = (nodes(0), nodes(400), nodes(100));
        assert!(
            wide < off && narrow < wide,
            "off {off}, 400: {wide}, 100: {narrow}"
        );
    }

    /// The bench trees with the knobs of `on` are smaller than with those of `off` (both
    /// `TENGEN_TUNING` texts): checks that a reduction is wired in.
    fn assert_shrinks_the_tree(off: &str, on: &str) {
        let (n_off, n_on) = tree_pair(off, on);
        assert!(n_on < n_off, "{off}: {n_off} nodes, {on}: {n_on}");
    }

    /// The bench trees with the knobs of `on` differ from those with `off` (both
    /// `TENGEN_TUNING` texts): checks that a knob whose effect has no fixed direction is
    /// wired in.
    fn assert_changes_the_tree(off: &str, on: &str) {
        let (n_off, n_on) = tree_pair(off, on);
        assert_ne!(n_on, n_off, "{off} and {on}: the same tree, {n_off} nodes");
    }

    /// The bench nodes with the knobs of `off` and of `on` (both `TENGEN_TUNING` texts).
    fn tree_pair(off: &str, on: &str) -> (u64, u64) {
        let nodes = |text: &str| bench_nodes(crate::settings::parse_tuning(text).unwrap());
        (nodes(off), nodes(on))
    }

    /// Internal iterative reduction: searching PV and cut nodes without a table move a ply
    /// shallower. It shrank the tree when written (357 359 nodes off, 306 855 from depth 4);
    /// with the fifty-third session's Renju correction weights it grows it (196 383 off,
    /// 225 569 on), so only the change is asserted.
    #[test]
    fn internal_iterative_reduction_changes_the_tree() {
        assert_changes_the_tree("iir_min_depth=0", "iir_min_depth=4");
    }

    /// History pruning is wired in: pruning every quiet move with a negative history up to
    /// depth 8 shrinks the tree (196 383 nodes off, 144 947 on when this was written).
    #[test]
    fn history_pruning_shrinks_the_tree() {
        assert_shrinks_the_tree(
            "hist_prune_depth=0",
            "hist_prune_depth=8,hist_prune_margin=0",
        );
    }

    /// The last-two-moves correction table (on by default, outside Renju and under it), its
    /// second look, the shape table and the reduction by the correction's size are wired
    /// in: none has a fixed direction. When written, without the table 192 836 nodes, with
    /// it at 40 outside Renju 210 968 and at 60 under Renju too 222 615; at 60 outside
    /// Renju too 232 386 (the default since the fifty-sixth session); with `lmr_corr=50`
    /// 281 453 without the table.
    #[test]
    fn move_correction_and_its_reduction_change_the_tree() {
        assert_changes_the_tree("corr_moves=0", "");
        assert_changes_the_tree("corr_moves_renju=0", "");
        assert_changes_the_tree("", "lmr_corr=50");
        assert_changes_the_tree("", "corr_moves4=40");
        assert_changes_the_tree("", "corr_moves4_renju=60");
        assert_changes_the_tree("", "corr_shape=40");
        assert_changes_the_tree("", "corr_shape_renju=60");
    }

    /// The hindsight rules are wired in: a ply back after a deep reduction that did not
    /// worsen the opponent's score, a ply less where both static scores are high.
    #[test]
    fn hindsight_depth_rules_change_the_tree() {
        assert_changes_the_tree("", "hind_ext=3");
        assert_changes_the_tree("", "hind_red_margin=900");
    }

    /// More reduction after many fail-highs one ply down (Stockfish's `cutoffCnt`) is
    /// wired in.
    #[test]
    fn reduction_after_cutoffs_below_changes_the_tree() {
        assert_changes_the_tree("", "lmr_cutoffs=1");
    }

    /// The history bonus for the opponent's move at a node that fails low is wired in.
    #[test]
    fn fail_low_bonus_changes_the_tree() {
        assert_changes_the_tree("", "fail_low_bonus=100");
    }

    #[test]
    fn score_blends_correction_learning_and_aspiration_rules_change_the_tree() {
        assert_changes_the_tree("", "fh_blend=1");
        assert_changes_the_tree("", "qs_blend=1");
        assert_changes_the_tree("", "corr_rate=150");
        assert_changes_the_tree("", "corr_defend=1");
        assert_changes_the_tree("", "corr_skip_four=1");
        assert_changes_the_tree("", "asp_growth=33");
        assert_changes_the_tree("", "asp_soft=1");
        assert_changes_the_tree("", "corr_stone_bits=16");
        assert_changes_the_tree("", "corr_phase=1");
        assert_changes_the_tree("", "corr_eval=40");
    }

    /// The PV-node reduction after alpha is raised (357 359 nodes off, 165 320 below depth
    /// 12 when this was written).
    #[test]
    fn pv_raise_reduction_shrinks_the_tree() {
        assert_shrinks_the_tree("pv_raise_max_depth=0", "pv_raise_max_depth=12");
    }

    /// Reducing a continued attack less changes the tree (357 359 nodes off, 450 631 at one
    /// ply when this was written; with the freestyle pairs of the forty-eighth session
    /// 334 959 off and 327 586 on, so the direction is not fixed).
    #[test]
    fn continued_attacks_reduced_less_change_the_tree() {
        assert_changes_the_tree("lmr_attack=0", "lmr_attack=1");
    }

    /// Searching a reduced move that beat the best by a wide margin a ply deeper changes
    /// the tree. Which way depends on the other knobs (357 359 → 361 141 nodes before the
    /// forty-first session's freestyle defaults, 385 375 → 328 611 with them): the deeper
    /// re-searches are few and mostly move what the table holds.
    #[test]
    fn deeper_re_searches_change_the_tree() {
        assert_changes_the_tree("lmr_deeper_margin=0", "lmr_deeper_margin=40");
    }

    /// Re-searching a reduced move that barely beat the best a ply shallower changes the
    /// tree. It shrank it until the Renju pairs of the forty-ninth session; with them it
    /// grows it (208 097 nodes off, 230 893 at 30 when this was written).
    #[test]
    fn shallower_re_searches_change_the_tree() {
        assert_changes_the_tree("lmr_shallower_margin=0", "lmr_shallower_margin=30");
    }

    /// Reducing less at nodes the table says were on the PV changes the tree (372 048 nodes
    /// off, 325 874 at one ply when this was written: the better-searched former PV nodes
    /// cut more of the rest).
    #[test]
    fn former_pv_nodes_reduced_less_change_the_tree() {
        assert_changes_the_tree("lmr_tt_pv=0", "lmr_tt_pv=1");
    }

    /// Plain fours after the first move reduced: they shrank the bench tree when written
    /// (372 048 nodes off, 308 286 with one ply); with the fifty-third session's Renju
    /// correction weights they grow it a little (196 383 off, 197 438 on), so only the
    /// change is asserted.
    #[test]
    fn late_plain_fours_reduced_change_the_tree() {
        assert_changes_the_tree("lmr_four=0", "lmr_four=1");
    }

    /// White's moves on black's forbidden double-three points no longer forcing change
    /// the bench tree (the Renju positions only): 372 048 nodes off and 306 276 on when
    /// this was written, 208 097 and 249 051 with the Renju pairs of the forty-ninth
    /// session, so the direction is not fixed.
    #[test]
    fn forbidden_double_threes_unforced_for_white_change_the_tree() {
        assert_changes_the_tree("order_forbidden=0", "order_forbidden=1");
    }

    /// A smaller reverse futility margin where the score improves changes the tree. Not
    /// always by shrinking it: what the pruned nodes leave out of the table moves the rest
    /// (372 048 nodes off; 382 998, 379 797, 374 788 and 352 128 at 20, 30, 40 and 50 when
    /// this was written, freestyle, standard and Caro positions only: Renju has
    /// `rfp_improving_renju`).
    #[test]
    fn improving_nodes_pruned_on_a_smaller_margin_change_the_tree() {
        assert_changes_the_tree("rfp_improving=0", "rfp_improving=40");
    }

    /// A smaller reverse futility margin at cut nodes new to the table changes the tree.
    #[test]
    fn new_cut_nodes_pruned_on_a_smaller_margin_change_the_tree() {
        assert_changes_the_tree("rfp_cut_no_tt=0", "rfp_cut_no_tt=30");
    }

    /// Reducing quiet moves more where the table move is a four. It shrank the tree when
    /// written; with the fifty-fifth session's last-two-moves correction it grows it
    /// (222 615 nodes off, 255 894 on), so only the change is asserted.
    #[test]
    fn quiet_moves_after_a_forcing_table_move_reduced_more_change_the_tree() {
        assert_changes_the_tree("lmr_tt_forcing=0", "lmr_tt_forcing=1");
    }

    /// Pruning distracting defences at shallow depth is wired in. It shrank the tree when
    /// written and still did with the last-two-moves table at 40 (230 678 nodes off,
    /// 222 615 on); at 60 it grows it (220 127 off, 232 386 on), so only the change is
    /// asserted.
    #[test]
    fn distracting_defences_pruned_change_the_tree() {
        assert_changes_the_tree("distract_prune_depth=0", "distract_prune_depth=3");
    }

    /// No reverse futility pruning in the middle of a run of fours: the tree changes.
    #[test]
    fn no_reverse_futility_pruning_after_two_fours_changes_the_tree() {
        assert_changes_the_tree("rfp_attack=0", "rfp_attack=1");
    }

    /// The VCT inside the search, from depth 6: the tree changes (372 048 bench nodes off,
    /// 1 032 984 with its nodes counted, when this was written).
    #[test]
    fn the_vct_inside_the_search_changes_the_tree() {
        assert_changes_the_tree("tree_vct_depth=0", "tree_vct_depth=6");
    }

    /// Pruning trivial moves at shallow depth: the tree shrinks.
    #[test]
    fn trivial_moves_pruned_shrink_the_tree() {
        assert_shrinks_the_tree("trivial_prune_depth=0", "trivial_prune_depth=3");
    }

    /// Reducing late moves that leave the opponent's four point alone: the tree shrinks.
    #[test]
    fn moves_ignoring_the_opponents_four_reduced_shrink_the_tree() {
        assert_shrinks_the_tree("lmr_oppo_four=0", "lmr_oppo_four=1");
    }

    /// Reducing late moves far below the best quiet move's order score changes the tree (at
    /// a fixed depth it may grow: 208 097 nodes off, 208 894 at 200, 163 547 at 40 when this
    /// was written).
    #[test]
    fn moves_far_down_the_order_reduced_change_the_tree() {
        assert_changes_the_tree("lmr_order_gap=0", "lmr_order_gap=200");
    }

    /// The order reduction by gap: nothing when off, a ply per `lmr_order_gap` (at most
    /// two), a ply less within `lmr_order_near`, and nothing for a move above the best
    /// (a killer) unless `lmr_order_near` is on.
    #[test]
    fn order_reduction_follows_the_gap() {
        let knobs = |text: &str| crate::settings::parse_tuning(text).unwrap();
        let off = Tuning::default();
        assert_eq!(order_reduction(500, &off), 0);
        assert_eq!(order_reduction(-300, &off), 0);
        let gap = knobs("lmr_order_gap=200");
        let r: Vec<i32> = [-300, 0, 199, 200, 399, 400, 5000]
            .iter()
            .map(|&g| order_reduction(g, &gap))
            .collect();
        assert_eq!(r, [0, 0, 0, 1, 1, 2, 2]);
        let near = knobs("lmr_order_gap=200,lmr_order_near=40");
        let r: Vec<i32> = [-300, 0, 39, 40, 200]
            .iter()
            .map(|&g| order_reduction(g, &near))
            .collect();
        assert_eq!(r, [-1, -1, -1, 0, 1]);
    }

    /// `root_order_nodes`: a quiet root move gains its score per doubling of its previous
    /// subtree; the table move and forcing moves keep theirs, and nothing reaches the fours.
    #[test]
    fn root_moves_gain_by_their_previous_subtrees() {
        let mut prev = vec![0u64; CELLS];
        prev[10] = 1; // one doubling
        prev[11] = 1000; // ten
        prev[12] = 1 << 40; // 41
        prev[13] = 5000;
        let mut moves = vec![
            (10, 100),
            (11, 100),
            (12, 2500),
            (13, 200),                     // the table move
            (14, movegen::FOUR_ORDER + 5), // a four
            (15, 50),                      // not searched before
        ];
        order_by_subtrees(&mut moves, Some(13), &prev, 40);
        assert_eq!(
            moves,
            [
                (10, 140),
                (11, 500),
                (12, movegen::FOUR_ORDER - 1),
                (13, 200),
                (14, movegen::FOUR_ORDER + 5),
                (15, 50),
            ]
        );
    }

    /// Ordering the root moves by their previous subtrees changes the bench tree. It shrank
    /// it when written (208 097 nodes off, 178 718 at 40); with the fifty-fourth session's
    /// freestyle correction history it grows it (192 836 off, 221 625 on), so only the
    /// change is asserted.
    #[test]
    fn root_moves_ordered_by_subtrees_change_the_tree() {
        assert_changes_the_tree("root_order_nodes=0", "root_order_nodes=40");
    }

    /// Reducing late moves near the best quiet move's order score less: the tree grows
    /// (208 097 nodes off, 220 925 at 40 when this was written).
    #[test]
    fn moves_near_the_top_of_the_order_reduced_less_grow_the_tree() {
        let (off, on) = tree_pair("lmr_order_near=0", "lmr_order_near=40");
        assert!(
            on > off,
            "lmr_order_near=0: {off} nodes, lmr_order_near=40: {on}"
        );
    }

    /// Reducing distracting defences is wired in (357 359 nodes off, 334 678 on when this
    /// was written; with the last-two-moves table at 60, 228 176 off and 232 386 on, so
    /// only the change is asserted).
    #[test]
    fn distracting_defences_reduced_change_the_tree() {
        assert_changes_the_tree("lmr_distract=0", "lmr_distract=1");
    }

    /// The fail-high reduction: the moves that make no four at cut nodes far above beta a
    /// ply shallower. It shrank the tree when written (357 359 nodes off, 263 235 at a
    /// margin of 30 per ply); with the fifty-third session's Renju correction weights it
    /// grows it (196 383 off, 209 874 on), so only the change is asserted.
    #[test]
    fn fail_high_reduction_changes_the_tree() {
        assert_changes_the_tree("fhr_margin=0", "fhr_margin=30");
    }

    /// Singular extension at a fixed depth: extending the table move grows the tree at
    /// either margin. A wider margin (fewer moves called singular) grew it less until the
    /// fifty-third session's Renju correction weights (now off 83 759 nodes, margin 8
    /// 130 103, margin 16 135 525), so the margins are only asserted to differ. Fails if the
    /// knob does nothing.
    #[test]
    fn singular_extension_grows_the_tree_at_the_bench_depth() {
        let nodes = |se_min_depth: i32, se_margin: Score| {
            bench_nodes(Tuning {
                se_min_depth,
                se_min_depth_renju: se_min_depth,
                se_margin,
                ..Tuning::default()
            })
        };
        let (off, narrow, wide) = (nodes(0, 8), nodes(8, 8), nodes(8, 16));
        assert!(
            off < wide && off < narrow && wide != narrow,
            "off {off}, margin 8: {narrow}, margin 16: {wide}"
        );
    }

    /// The double extension searches a singular table move deeper still, so the tree grows.
    /// The negative one searches a non-singular move that holds beta shallower; it shrank
    /// the tree until the Renju pairs of the forty-ninth session (with them 154 172 nodes
    /// plain, 155 908 negative when this was written), so only its change is asserted.
    /// Fails if either knob does nothing or the double extension works the wrong way round.
    #[test]
    fn double_and_negative_singular_extensions_move_the_tree_their_ways() {
        // Without the correction history, whose learnt scores change which moves hold beta
        // (with it the negative extension grows the Renju trees instead). Off under every
        // rule, as when this was written: it has been on outside Renju since the
        // fifty-fourth session.
        let nodes = |se_double_margin: Score, se_negative: i32| {
            bench_nodes(Tuning {
                se_double_margin,
                se_negative,
                se_negative_renju: se_negative,
                corr_profile: 0,
                corr_stones: 0,
                corr_profile_renju: 0,
                corr_stones_renju: 0,
                corr_moves: 0,
                corr_moves_renju: 0,
                corr_moves4: 0,
                corr_moves4_renju: 0,
                corr_shape: 0,
                corr_shape_renju: 0,
                ..Tuning::default()
            })
        };
        let (plain, double, negative) = (nodes(0, 0), nodes(50, 0), nodes(0, 1));
        assert!(
            negative != plain && plain < double,
            "plain {plain}, double (50): {double}, negative (1): {negative}"
        );
    }

    /// Extending the forced answers to fours searches their lines deeper, so at the bench
    /// depth the tree grows with the extension: none, one ply, and two (free fours). One
    /// side's answers alone (`four_reply_ext_side`) give a tree between none and both sides'.
    #[test]
    fn four_reply_extension_grows_the_tree() {
        let nodes = |ext: i32, side: u32| {
            bench_nodes(Tuning {
                four_reply_ext: ext,
                four_reply_ext_renju: ext,
                four_reply_ext_side: side,
                ..Tuning::default()
            })
        };
        let (none, one, two) = (nodes(0, 0), nodes(1, 0), nodes(2, 0));
        assert!(none < one && one < two, "{none} {one} {two}");
        for side in [1, 2] {
            let half = nodes(1, side);
            assert!(
                none < half && half < one,
                "side {side}: {none} {half} {one}"
            );
        }
    }

    /// The knobs measured off (the cut-node and low negative extensions, the continuation
    /// history, black's evaluation weight) each change the bench tree when on, so a run
    /// with them on measures them (free fours: `four_reply_extension_grows_the_tree`).
    /// Their direction is not asserted: a shallower table move can grow the tree elsewhere
    /// (the cut-node one does, 466 708 against 463 155 nodes when this was written).
    #[test]
    fn knobs_measured_off_change_the_tree_when_on() {
        let plain = bench_nodes(Tuning::default());
        for (name, tuning) in [
            (
                "se_cut_negative=1",
                Tuning {
                    se_cut_negative: 1,
                    ..Tuning::default()
                },
            ),
            (
                "se_low_negative=1",
                Tuning {
                    se_low_negative: 1,
                    ..Tuning::default()
                },
            ),
            (
                "cont_history=50",
                Tuning {
                    cont_history: 50,
                    ..Tuning::default()
                },
            ),
            (
                "black_eval=85",
                Tuning {
                    black_eval: 85,
                    ..Tuning::default()
                },
            ),
            (
                "tempo=80",
                Tuning {
                    tempo: 80,
                    ..Tuning::default()
                },
            ),
            (
                // The bench positions have fewer stones than a game's fade would start at.
                "fade_start=20,fade_len=40",
                Tuning {
                    fade_start: 20,
                    fade_len: 40,
                    ..Tuning::default()
                },
            ),
        ] {
            let nodes = bench_nodes(tuning);
            assert_ne!(
                nodes, plain,
                "{name} leaves the bench tree at {plain} nodes"
            );
        }
    }

    /// `tempo` comes off the static score and the fade scales it linearly, whole up to
    /// `fade_start` stones and nothing from `fade_start + fade_len` on.
    #[test]
    fn static_score_takes_off_tempo_and_fades() {
        let mut board = Board::new(15, tengen_rules::Rule::Freestyle);
        for m in "h8,h9,i10,i8,g10,h10,h11,j9,f9,i12,h7,i9,k9,j8,k7,j7,j6,l9,m8,l5".split(',') {
            let p = Pos::parse_notation(m, 15).expect("a point");
            board.play(Move::Stone(p)).expect("a legal move");
        }
        let pos = Position::from_board(&board);
        let stones = pos.stones() as u32;
        let plain = evaluate_weighted(&pos, 100);
        assert_ne!(plain, 0, "the test needs a position with a score");
        let score = |text: &str| static_score(&pos, &crate::settings::parse_tuning(text).unwrap());
        assert_eq!(score(""), plain);
        assert_eq!(score("tempo=80"), plain - 80);
        assert_eq!(score(&format!("fade_start={stones}")), plain);
        let start = stones - 10;
        assert_eq!(
            score(&format!("fade_start={start},fade_len=40")),
            plain * 30 / 40
        );
        assert_eq!(score(&format!("fade_start={},fade_len=10", stones - 10)), 0);
    }

    fn result(x: u8, score: Score, depth: i32) -> SearchResult {
        let p = Pos::new(x, 7);
        SearchResult {
            best: Move::Stone(p),
            score,
            pv: vec![p],
            depth,
            nodes: 0,
        }
    }

    /// Renju, black to move (a PentaZen game): white's four H5-J7-K8-L9 makes five on I6,
    /// which is a double three for black, so black cannot block it: lost at once, whatever
    /// the move (the search used to call it 0).
    #[test]
    fn an_unblockable_five_is_a_loss_for_the_root() {
        let moves = "h8,h9,i10,i8,g10,h10,h11,j9,f9,i12,h7,i9,k9,j8,k7,j7,j6,l9,m8,l5,\
                     k6,k8,e8,d7,m10,j11,j10,k10,h13,l11,m12,f12,g11,h5";
        let moves: Vec<Move> = moves
            .split(',')
            .map(|s| Move::Stone(Pos::parse_notation(s.trim(), 15).expect("a point")))
            .collect();
        let board = Board::from_moves(15, 15, tengen_rules::Rule::Renju, &moves).expect("legal");
        let mut engine = Engine::new(1 << 20, 1);
        let r = engine.search(
            &board,
            &Limits::depth(4),
            &AtomicBool::new(false),
            &[],
            &mut |_| {},
        );
        assert!(r.score <= -WIN_BOUND, "score {}", r.score);
        let Move::Stone(p) = r.best else {
            panic!("no move: {:?}", r.best)
        };
        assert!(board.is_empty_at(p) && board.forbidden(p).is_none());
    }

    /// A board filled without a five (stripes two stones wide, shifted by one per row) but
    /// for black's centre and a white point beside it: white to move, and every line ends
    /// on a full board, a draw. Filling the last point once counted as a win.
    #[test]
    fn a_full_board_is_a_draw() {
        let colour = |x: u8, y: u8| (usize::from(x) + 2 * usize::from(y)) / 2 % 2;
        let holes = [Pos::new(7, 7), Pos::new(9, 7)];
        let points = |c: usize| {
            (0..15u8)
                .flat_map(|y| (0..15u8).map(move |x| Pos::new(x, y)))
                .filter(move |p| colour(p.x, p.y) == c && !holes.contains(p))
                .collect::<Vec<_>>()
        };
        let (black, white) = (points(0), points(1));
        assert_eq!((black.len(), white.len()), (112, 111));
        let mut moves = Vec::new();
        for (i, &b) in black.iter().enumerate() {
            moves.push(Move::Stone(b));
            if let Some(&w) = white.get(i) {
                moves.push(Move::Stone(w));
            }
        }
        let board =
            tengen_rules::Board::from_moves(15, 15, tengen_rules::Rule::Freestyle, &moves).unwrap();
        assert!(board.outcome().is_none());
        for depth in 1..=4 {
            let mut e = Engine::new(1 << 20, 1);
            let r = e.search(
                &board,
                &Limits::depth(depth),
                &AtomicBool::new(false),
                &[],
                &mut |_| {},
            );
            assert!(r.score.abs() < WIN_BOUND, "depth {depth}: {}", r.score);
            assert!(holes.iter().any(|&h| r.best == Move::Stone(h)));
        }
    }

    #[test]
    fn a_deeper_helper_result_replaces_the_main_one_but_not_a_proven_win() {
        let pick = |main, helpers: Vec<SearchResult>| pick_result(main, helpers.into_iter());
        let chosen = pick(
            Some(result(1, 10, 7)),
            vec![result(2, 5, 8), result(3, 9, 7)],
        );
        assert_eq!(chosen.unwrap().best, result(2, 0, 0).best, "deepest wins");
        let chosen = pick(Some(result(1, 10, 7)), vec![result(3, 90, 7)]);
        assert_eq!(
            chosen.unwrap().best,
            result(1, 0, 0).best,
            "equal depth: main"
        );
        let chosen = pick(Some(result(1, WIN - 5, 3)), vec![result(2, 0, 12)]);
        assert_eq!(
            chosen.unwrap().best,
            result(1, 0, 0).best,
            "proven main kept"
        );
        let chosen = pick(None, vec![result(2, 0, 4)]);
        assert_eq!(chosen.unwrap().best, result(2, 0, 0).best, "main had none");
        let chosen = pick(Some(result(1, 40, 9)), vec![result(2, WIN - 64, 1)]);
        assert_eq!(
            chosen.unwrap().best,
            result(2, 0, 0).best,
            "a helper's proven win"
        );
    }

    #[test]
    fn a_table_score_refines_the_static_one_only_in_its_bound_direction() {
        let entry = |bound, score| {
            Some(Entry {
                mv: None,
                bound,
                depth: 3,
                score,
                eval: 0,
                pv: false,
            })
        };
        // At least 120: better than the static 50, so 120; at least 20 says nothing more.
        assert_eq!(refined_eval(entry(Bound::Lower, 120), 50), 120);
        assert_eq!(refined_eval(entry(Bound::Lower, 20), 50), 50);
        // At most -30: worse than 50, so -30; at most 90 says nothing more.
        assert_eq!(refined_eval(entry(Bound::Upper, -30), 50), -30);
        assert_eq!(refined_eval(entry(Bound::Upper, 90), 50), 50);
        // An exact score replaces it either way.
        assert_eq!(refined_eval(entry(Bound::Exact, 90), 50), 90);
        assert_eq!(refined_eval(entry(Bound::Exact, -90), 50), -90);
        // Proven results and missing entries leave the static score.
        assert_eq!(refined_eval(entry(Bound::Lower, WIN - 10), 50), 50);
        assert_eq!(refined_eval(None, 50), 50);
    }
}
