//! The node-count benchmark: a fixed set of positions per rule, searched to a fixed depth
//! on one thread with a cleared table. The total node count is deterministic, so it guards
//! every search change (a change in the count means a change in the search); the speed is
//! the machine's.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tengen_rules::{Board, Pos, Rule};

use crate::search::{Engine, Limits, Tuning};

/// The positions: rule, board size, moves in notation (black first).
pub const POSITIONS: &[(Rule, u8, &str)] = &[
    (Rule::Freestyle, 15, "h8 i9 i8 g8 j10 h9 j7 i7"),
    (Rule::Freestyle, 15, "h8 h9 i9 g7 j10 k11 i10 i11 j9 k9"),
    (Rule::Freestyle, 20, "j10 k11 k10 i10 l9 j11 l11 m12"),
    (Rule::Standard, 15, "h8 i8 g9 h9 g7 f8 i10 j11"),
    (Rule::Renju, 15, "h8 h9 j10 i9 i8 g9 j9 j8"),
    (Rule::Renju, 15, "h8 i9 j10 g8 h7 i7 i8 h6 j6"),
    (Rule::Caro, 15, "h8 i9 i8 j8 g8 f8 h9 h10"),
    (Rule::CaroExact, 15, "h8 i7 g9 f10 i9 j9 h10 h9"),
];

/// Search depth of every bench position.
pub const DEPTH: i32 = 10;

/// What one bench run measured.
#[derive(Debug, Clone)]
pub struct BenchReport {
    /// Total nodes over all positions (deterministic).
    pub nodes: u64,
    /// Wall time of the searches.
    pub elapsed: Duration,
    /// Nodes per second.
    pub nps: u64,
    /// Per position: nodes and the chosen move in notation.
    pub positions: Vec<(u64, String)>,
}

/// The board of bench position `i`.
///
/// # Panics
/// Never for the built-in positions (they are valid move lists).
#[must_use]
pub fn board(i: usize) -> Board {
    let (rule, size, moves) = POSITIONS[i];
    let mut b = Board::new(size, rule);
    for m in moves.split_whitespace() {
        let p = Pos::parse_notation(m, size).expect("bench positions are valid notation");
        b.play(tengen_rules::Move::Stone(p))
            .expect("bench positions are legal and unfinished");
    }
    b
}

/// Run the bench at the standard depth.
#[must_use]
pub fn run() -> BenchReport {
    run_depth(DEPTH)
}

/// Run the bench at `depth`.
#[must_use]
pub fn run_depth(depth: i32) -> BenchReport {
    run_tuned(depth, Tuning::default())
}

/// Run the bench at `depth` with the search knobs `tuning` (for experiments: the node count
/// is the signature of the default knobs only).
#[must_use]
pub fn run_tuned(depth: i32, tuning: Tuning) -> BenchReport {
    let mut engine = Engine::new(16 << 20, 1);
    engine.set_tuning(tuning);
    let stop = AtomicBool::new(false);
    let mut nodes = 0;
    let mut positions = Vec::new();
    // Build the rule tables first: the bench measures search, not table construction.
    for &(rule, _, _) in POSITIONS {
        let _ = crate::position::Position::new(5, 5, rule);
    }
    let start = Instant::now();
    for i in 0..POSITIONS.len() {
        engine.clear();
        let b = board(i);
        let r = engine.search(&b, &Limits::depth(depth), &stop, &[], &mut |_| {});
        nodes += r.nodes;
        let mv = r
            .best
            .pos()
            .map_or_else(|| "pass".to_string(), |p| p.to_notation(b.height()));
        positions.push((r.nodes, mv));
    }
    let elapsed = start.elapsed();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    BenchReport {
        nodes,
        elapsed,
        nps,
        positions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_positions_are_valid_and_deterministic_at_low_depth() {
        for i in 0..POSITIONS.len() {
            let b = board(i);
            assert!(b.outcome().is_none());
        }
        let a = run_depth(2);
        let b = run_depth(2);
        assert_eq!(a.nodes, b.nodes);
        assert!(a.nodes > 0);
    }
}
