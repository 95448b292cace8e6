//! One-shot analysis of a position given on the command line (`pbrain-tengen analyze`).

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use thiserror::Error;

use tengen_rules::{Board, Move, Pos, PosError, Rule};

use crate::reflex::{playable, reflex_move};
use crate::report;
use crate::search::{Engine, Limits, Score, Tuning};

/// What to analyse.
#[derive(Debug, Clone)]
pub struct Request {
    /// The rule.
    pub rule: Rule,
    /// Board side.
    pub size: u8,
    /// The moves so far, black first.
    pub moves: Vec<Move>,
    /// Thinking time.
    pub time: Duration,
    /// Depth limit.
    pub depth: Option<i32>,
    /// Search threads.
    pub threads: usize,
    /// Transposition table bytes.
    pub hash_bytes: usize,
    /// Search knobs (experiments; the default is the engine's).
    pub tuning: Tuning,
}

/// Why a request cannot be analysed.
#[derive(Debug, Error)]
pub enum AnalysisError {
    /// A move could not be read.
    #[error("move {index} ({text:?}) is not a point like h8: {source}")]
    Move {
        /// 1-based position in the list.
        index: usize,
        /// The text.
        text: String,
        /// Why.
        source: PosError,
    },
    /// A move cannot be played there.
    #[error("move {index} ({text}) cannot be played: {reason}")]
    Illegal {
        /// 1-based position in the list.
        index: usize,
        /// The move in notation.
        text: String,
        /// Why.
        reason: String,
    },
    /// The board size is unsupported.
    #[error("unsupported board size {0} (5 to 22)")]
    Size(u8),
}

/// The answer.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// Board height (for notation).
    pub height: u8,
    /// Moves played before the analysis.
    pub move_count: usize,
    /// Who is to move.
    pub side: tengen_rules::Color,
    /// The best move.
    pub best: Move,
    /// Its score for the side to move.
    pub score: Score,
    /// Principal variation.
    pub pv: Vec<Pos>,
    /// Completed depth.
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time used.
    pub elapsed: Duration,
}

/// Read a move list: points in notation (`h8`), separated by commas or spaces, or run together
/// (`h8i9j10`); `pass` or `-` for a pass.
pub fn parse_moves(text: &str, height: u8) -> Result<Vec<Move>, AnalysisError> {
    let mut out = Vec::new();
    for (i, token) in text
        .split([',', ' ', '\t'])
        .filter(|t| !t.trim().is_empty())
        .enumerate()
    {
        let t = token.trim();
        if t.eq_ignore_ascii_case("pass") || t == "-" {
            out.push(Move::Pass);
            continue;
        }
        let run = Pos::parse_notation_run(t, height).map_err(|source| AnalysisError::Move {
            index: i + 1,
            text: t.to_string(),
            source,
        })?;
        out.extend(run.into_iter().map(Move::Stone));
    }
    Ok(out)
}

/// The position of a request, checking every move.
pub fn position(req: &Request) -> Result<Board, AnalysisError> {
    let mut board =
        Board::try_new(req.size, req.size, req.rule).map_err(|_| AnalysisError::Size(req.size))?;
    for (i, &m) in req.moves.iter().enumerate() {
        let text = m
            .pos()
            .map_or("pass".to_string(), |p| p.to_notation(req.size));
        let illegal = |reason: String| AnalysisError::Illegal {
            index: i + 1,
            text: text.clone(),
            reason,
        };
        if let Move::Stone(p) = m {
            if !board.contains(p) {
                return Err(illegal("off the board".to_string()));
            }
            if let Some(f) = board
                .forbidden(p)
                .filter(|_| board.rule().has_forbidden(board.side_to_move()))
            {
                return Err(illegal(format!("forbidden for black ({f})")));
            }
        }
        board.play(m).map_err(|e| illegal(e.to_string()))?;
    }
    Ok(board)
}

/// Search the request's position.
pub fn analyze(req: &Request) -> Result<Analysis, AnalysisError> {
    let board = position(req)?;
    let mut engine = Engine::new(req.hash_bytes, req.threads);
    engine.set_tuning(req.tuning);
    let start = Instant::now();
    let limits = Limits {
        start,
        optimum: Some(req.time * 6 / 10),
        maximum: Some(req.time),
        depth: req.depth,
        nodes: None,
    };
    let r = engine.search(&board, &limits, &AtomicBool::new(false), &[], &mut |_| {});
    let best = match r.best {
        Move::Stone(p) if playable(&board, p, &[]) => r.best,
        _ => reflex_move(&board, &[], None),
    };
    Ok(Analysis {
        height: board.height(),
        move_count: board.move_count(),
        side: board.side_to_move(),
        best,
        score: r.score,
        pv: r.pv,
        depth: r.depth,
        nodes: r.nodes,
        elapsed: start.elapsed(),
    })
}

impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pv: Vec<String> = self.pv.iter().map(|p| p.to_notation(self.height)).collect();
        let ms = self.elapsed.as_millis() as u64;
        writeln!(
            f,
            "position  {} moves, {} to move",
            self.move_count, self.side
        )?;
        match self.best {
            Move::Stone(p) => writeln!(f, "bestmove  {} ({})", p.to_notation(self.height), p)?,
            Move::Pass => writeln!(f, "bestmove  pass (-1,-1)")?,
        }
        writeln!(
            f,
            "score     {} (win rate {:.1}%)",
            report::eval(self.score),
            report::winrate(self.score) * 100.0
        )?;
        writeln!(f, "depth     {}", self.depth)?;
        writeln!(
            f,
            "nodes     {} in {} ms ({} nps)",
            self.nodes,
            ms,
            self.nodes.saturating_mul(1000) / ms.max(1)
        )?;
        write!(f, "pv        {}", pv.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lists_in_every_form() {
        let a = parse_moves("h8,i9,j10", 15).unwrap();
        let b = parse_moves("h8 i9 j10", 15).unwrap();
        let c = parse_moves("h8i9j10", 15).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(parse_moves("h8,pass", 15).unwrap()[1], Move::Pass);
        assert!(parse_moves("h8,z99", 15).is_err());
    }

    #[test]
    fn illegal_and_forbidden_moves_are_reported() {
        let req = |moves: &str, rule| Request {
            rule,
            size: 15,
            moves: parse_moves(moves, 15).unwrap(),
            time: Duration::from_millis(20),
            depth: Some(2),
            threads: 1,
            hash_bytes: 1 << 20,
            tuning: Tuning::default(),
        };
        assert!(matches!(
            analyze(&req("h8,h8", Rule::Freestyle)),
            Err(AnalysisError::Illegal { index: 2, .. })
        ));
        let e = analyze(&req("h8,a1,i8,a2,j9,a3,j10,a4,j8", Rule::Renju)).unwrap_err();
        assert!(e.to_string().contains("forbidden"), "{e}");
        let a = analyze(&req("h8,i9,j10", Rule::Renju)).unwrap();
        let p = a.best.pos().unwrap();
        assert!(position(&req("h8,i9,j10", Rule::Renju))
            .unwrap()
            .is_empty_at(p));
        assert!(a.to_string().contains("bestmove"));
    }
}
