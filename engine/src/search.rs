//! The search entry point. STUB INTERFACE — the search work replaces the body, keeping the
//! signatures (the front end codes against them).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tengen_rules::{Board, Move, Pos};

/// A score from the side to move's point of view. `WIN - n` = win in n plies.
pub type Score = i32;
/// The score of a win on the spot.
pub const WIN: Score = 30_000;

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

/// The searcher: owns the transposition table and thread pool between searches.
#[derive(Debug)]
pub struct Engine {
    hash_bytes: usize,
    threads: usize,
}

impl Engine {
    /// A searcher with a `hash_bytes` transposition table and `threads` search threads.
    #[must_use]
    pub fn new(hash_bytes: usize, threads: usize) -> Engine {
        Engine { hash_bytes, threads: threads.max(1) }
    }

    /// Resize the transposition table (clears it).
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        self.hash_bytes = bytes;
    }

    /// Set the number of search threads.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
    }

    /// Forget everything learnt (TT, histories).
    pub fn clear(&mut self) {}

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
        let _ = (limits, &self.hash_bytes, self.threads);
        let legal: Vec<Pos> = board
            .empty_points()
            .filter(|p| !blocked.contains(p) && board.is_legal(*p))
            .collect();
        let centre = Pos::new(board.width() / 2, board.height() / 2);
        let dist = |p: &Pos| (i32::from(p.x) - i32::from(centre.x)).abs() + (i32::from(p.y) - i32::from(centre.y)).abs();
        let best = legal.iter().copied().min_by_key(dist);
        let _ = stop.load(Ordering::Relaxed);
        let info = SearchInfo { depth: 1, seldepth: 1, score: 0, nodes: legal.len() as u64, elapsed: limits.start.elapsed(), pv: best.into_iter().collect() };
        on_info(&info);
        SearchResult { best: best.map_or(Move::Pass, Move::Stone), score: 0, pv: info.pv, depth: 1, nodes: info.nodes }
    }
}
