//! Search progress as protocol output: the `MESSAGE REALTIME` and `INFO PV` lines GUIs read
//! (`show_detail`), and the one-line summary every move gets otherwise.

use tengen_protocol::{Eval, Realtime, Response, SearchInfo as InfoLine};
use tengen_rules::{Move, Pos};

use crate::search::{Score, SearchInfo, WIN};

/// Scores this close to [`WIN`] are found wins (or losses) in `WIN - |score|` plies.
const MATE_RANGE: Score = 1_000;
/// Score units per "e" of the logistic win-rate curve.
const WINRATE_SCALE: f64 = 200.0;

/// The `INFO EVAL` form of a score.
#[must_use]
pub fn eval(score: Score) -> Eval {
    if score >= WIN - MATE_RANGE {
        Eval::Mate(WIN - score)
    } else if score <= -(WIN - MATE_RANGE) {
        Eval::Mate(-(WIN + score).max(1))
    } else {
        Eval::Value(score)
    }
}

/// A win probability for the side to move, from the score.
#[must_use]
pub fn winrate(score: Score) -> f64 {
    if score >= WIN - MATE_RANGE {
        1.0
    } else if score <= -(WIN - MATE_RANGE) {
        0.0
    } else {
        1.0 / (1.0 + (-f64::from(score) / WINRATE_SCALE).exp())
    }
}

fn nps(nodes: u64, ms: u64) -> u64 {
    nodes.saturating_mul(1000) / ms.max(1)
}

/// The lines for one search iteration of variation `index` (of `count`) at detail level
/// `detail` (bit 1: realtime best move; bit 2: the `INFO PV` block).
#[must_use]
pub fn progress(info: &SearchInfo, index: u32, count: u32, detail: u8) -> Vec<Response> {
    let mut out = Vec::new();
    if detail & 1 != 0 {
        if let Some(&p) = info.pv.first() {
            out.push(Response::Realtime(Realtime::Best(p)));
        }
    }
    if detail & 2 != 0 {
        let ms = info.elapsed.as_millis() as u64;
        out.extend(
            [
                InfoLine::Pv(index),
                InfoLine::NumPv(count),
                InfoLine::Depth(info.depth),
                InfoLine::SelDepth(info.seldepth),
                InfoLine::Nodes(info.nodes),
                InfoLine::TotalNodes(info.nodes),
                InfoLine::TotalTime(ms),
                InfoLine::Speed(nps(info.nodes, ms)),
                InfoLine::Eval(eval(info.score)),
                InfoLine::WinRate((winrate(info.score) * 10_000.0).round() / 10_000.0),
                InfoLine::BestLine(info.pv.iter().copied().map(Move::Stone).collect()),
                InfoLine::PvDone,
            ]
            .into_iter()
            .map(Response::Search),
        );
    }
    out
}

/// The one-line summary of a finished search, e.g.
/// `depth 9-14 eval 35 nodes 120034 nps 950k time 126ms pv H8 I9 J10`.
#[must_use]
pub fn summary(
    depth: i32,
    seldepth: i32,
    score: Score,
    nodes: u64,
    ms: u64,
    pv: &[Pos],
    height: u8,
) -> String {
    let line: Vec<String> = pv.iter().take(12).map(|p| p.to_notation(height)).collect();
    format!(
        "depth {depth}-{seldepth} eval {} nodes {nodes} nps {} time {ms}ms pv {}",
        eval(score),
        nps(nodes, ms),
        line.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn pv_block_in_rapfi_order() {
        let info = SearchInfo {
            depth: 4,
            seldepth: 7,
            score: WIN - 5,
            nodes: 2_000,
            elapsed: Duration::from_millis(100),
            pv: vec![Pos::new(7, 7), Pos::new(8, 8)],
        };
        let lines: Vec<String> = progress(&info, 0, 1, 3)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(lines[0], "MESSAGE REALTIME BEST 7,7");
        assert_eq!(lines[1], "INFO PV 0");
        assert!(lines.contains(&"INFO EVAL +M5".to_string()), "{lines:?}");
        assert!(lines.contains(&"INFO SPEED 20000".to_string()), "{lines:?}");
        assert!(
            lines.contains(&"INFO BESTLINE 7,7 8,8".to_string()),
            "{lines:?}"
        );
        assert_eq!(lines.last().unwrap(), "INFO PV DONE");
        assert!(progress(&info, 0, 1, 0).is_empty());
        assert_eq!(progress(&info, 0, 1, 1).len(), 1);
    }

    #[test]
    fn evals_and_winrates() {
        assert_eq!(eval(-WIN + 3).to_string(), "-M3");
        assert_eq!(eval(42).to_string(), "42");
        assert!((winrate(0) - 0.5).abs() < 1e-9);
        assert!(winrate(300) > 0.8 && winrate(-300) < 0.2);
    }
}
