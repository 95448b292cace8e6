//! The n best moves (`YXNBEST`) on top of the single-variation search: variation i is a
//! search that excludes the best moves of variations 0..i.
//!
//! With a time limit the variations share it equally. Without one (analysis in a GUI), they
//! are searched in rounds with doubling time slices until the search is stopped, so that every
//! variation keeps improving (the transposition table carries the work from round to round).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tengen_rules::{Board, Move, Pos};

use crate::search::{Engine, Limits, SearchInfo, SearchResult};

/// The time slice of each variation in the first round of an unlimited analysis.
const FIRST_SLICE: Duration = Duration::from_millis(100);

/// Search the `n` best moves of `board` (at least one). `report(i, info)` gets the progress
/// of variation i. Returns the variations, best first (fewer when the moves run out).
pub fn search(
    engine: &mut Engine,
    board: &Board,
    limits: &Limits,
    stop: &AtomicBool,
    blocked: &[Pos],
    n: u32,
    report: &mut dyn FnMut(u32, &SearchInfo),
) -> Vec<SearchResult> {
    let n = n.max(1);
    if n == 1 {
        return vec![engine.search(board, limits, stop, blocked, &mut |i| report(0, i))];
    }
    if limits.maximum.is_none() && limits.nodes.is_none() {
        return rounds(engine, board, limits, stop, blocked, n, report);
    }
    let part = |d: Option<Duration>| d.map(|d| d / n);
    let part_nodes = limits.nodes.map(|v| (v / u64::from(n)).max(1));
    let mut banned = blocked.to_vec();
    let mut out = Vec::new();
    for index in 0..n {
        let lim = Limits {
            start: Instant::now(),
            optimum: part(limits.optimum),
            maximum: part(limits.maximum),
            nodes: part_nodes,
            ..limits.clone()
        };
        let r = engine.search(board, &lim, stop, &banned, &mut |i| report(index, i));
        let best = r.best;
        out.push(r);
        let Move::Stone(p) = best else { break };
        banned.push(p);
        if stop.load(Ordering::Relaxed) {
            break;
        }
    }
    out
}

/// Unlimited analysis: rounds over all variations with doubling slices, until `stop` (or,
/// with a depth limit, until every variation reached it).
fn rounds(
    engine: &mut Engine,
    board: &Board,
    limits: &Limits,
    stop: &AtomicBool,
    blocked: &[Pos],
    n: u32,
    report: &mut dyn FnMut(u32, &SearchInfo),
) -> Vec<SearchResult> {
    let mut kept: Vec<SearchResult> = Vec::new();
    let mut slice = FIRST_SLICE;
    loop {
        let mut banned = blocked.to_vec();
        let mut round: Vec<SearchResult> = Vec::new();
        let mut at_depth_limit = true;
        for index in 0..n {
            if index > 0 && stop.load(Ordering::Relaxed) {
                break;
            }
            let lim = Limits {
                start: Instant::now(),
                optimum: Some(slice),
                maximum: Some(slice),
                ..limits.clone()
            };
            let r = engine.search(board, &lim, stop, &banned, &mut |i| report(index, i));
            at_depth_limit &= limits.depth.is_some_and(|d| r.depth >= d);
            let best = r.best;
            round.push(r);
            let Move::Stone(p) = best else { break };
            banned.push(p);
        }
        let finished =
            round.len() == n as usize || round.last().is_some_and(|r| r.best == Move::Pass);
        if stop.load(Ordering::Relaxed) || (finished && at_depth_limit) {
            // Complete this round's prefix with earlier variations it does not repeat.
            let seen: Vec<Move> = round.iter().map(|r| r.best).collect();
            let rest = kept
                .into_iter()
                .skip(round.len())
                .filter(|r| !seen.contains(&r.best));
            round.extend(rest);
            round.truncate(n as usize);
            return round;
        }
        kept = round;
        slice *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use tengen_rules::Rule;

    fn board() -> Board {
        Board::from_moves(15, 15, Rule::Freestyle, &[Move::Stone(Pos::new(7, 7))]).unwrap()
    }

    #[test]
    fn timed_variations_are_distinct_and_share_the_time() {
        let mut engine = Engine::new(1 << 20, 1);
        let limits = Limits {
            start: Instant::now(),
            optimum: Some(Duration::from_millis(60)),
            maximum: Some(Duration::from_millis(90)),
            depth: None,
            nodes: None,
        };
        let mut seen = Vec::new();
        let start = Instant::now();
        let rs = search(
            &mut engine,
            &board(),
            &limits,
            &AtomicBool::new(false),
            &[],
            3,
            &mut |i, _| seen.push(i),
        );
        assert!(
            start.elapsed() < Duration::from_millis(400),
            "{:?}",
            start.elapsed()
        );
        assert_eq!(rs.len(), 3);
        let bests: Vec<Move> = rs.iter().map(|r| r.best).collect();
        assert!(
            bests[0] != bests[1] && bests[1] != bests[2] && bests[0] != bests[2],
            "{bests:?}"
        );
        assert!(seen.contains(&2));
    }

    #[test]
    fn unlimited_rounds_end_at_the_depth_limit_or_on_stop() {
        let mut engine = Engine::new(1 << 20, 1);
        let limits = Limits {
            start: Instant::now(),
            optimum: None,
            maximum: None,
            depth: Some(2),
            nodes: None,
        };
        let rs = search(
            &mut engine,
            &board(),
            &limits,
            &AtomicBool::new(false),
            &[],
            2,
            &mut |_, _| {},
        );
        assert_eq!(rs.len(), 2);
        assert_ne!(rs[0].best, rs[1].best);
        // Without a depth limit only `stop` ends it.
        let stop = Arc::new(AtomicBool::new(false));
        let s2 = Arc::clone(&stop);
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            s2.store(true, Ordering::Relaxed);
        });
        let unlimited = Limits {
            depth: None,
            ..limits
        };
        let rs = search(
            &mut engine,
            &board(),
            &unlimited,
            &stop,
            &[],
            3,
            &mut |_, _| {},
        );
        stopper.join().unwrap();
        assert!(!rs.is_empty() && rs.len() <= 3);
        for (i, a) in rs.iter().enumerate() {
            assert!(
                rs[..i].iter().all(|b| b.best != a.best),
                "repeated variation"
            );
        }
    }
}
