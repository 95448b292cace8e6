//! Audits the search's proven wins against game records.
//!
//! ```text
//! cargo run --release -p tengen-engine --example audit_wins -- [--ms 300] [--recheck-ms 2000]
//!     [--games N] FILE...
//! ```
//!
//! Each `FILE` is a manager `results.jsonl`. Every position after the opening is searched for
//! `--ms` milliseconds (one thread, a cleared table each time). Where the search claims a
//! win and the game went on with the claimed move, the position after the opponent's actual
//! reply is searched too: a sound claim is still a win there. If it is not (after `--ms`,
//! then `--recheck-ms`), the claim is printed as unconfirmed: a false win (a proof that left
//! out a defence) or a win too deep for the recheck; look at it by hand (`pbrain-tengen
//! analyze`). Positions the search answers at once (a forced reply) are skipped; a claim
//! whose later position is one of them, or ends the game, is counted but not checked.
//!
//! The sixth session's search claimed false wins under freestyle (the quiet-move cap, fixed
//! in the seventh session); this tool is how they were counted (engine/STRENGTH.md).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::Context;
use clap::Parser;
use tengen_engine::report;
use tengen_engine::search::{Engine, Limits, SearchResult, WIN_BOUND};
use tengen_manager::record::from_json_lines;
use tengen_rules::{Board, Move, Rule};

/// One game of a results file: its rule and board, the stones of the opening, the moves.
struct Game {
    rule: Rule,
    size: u8,
    opening: usize,
    moves: Vec<Move>,
}

/// The square-board games of a results file, read with the manager's own record type.
fn read_games(path: &str) -> anyhow::Result<Vec<Game>> {
    let text = std::fs::read_to_string(path).with_context(|| path.to_string())?;
    let mut games = Vec::new();
    for g in from_json_lines(&text).with_context(|| path.to_string())? {
        if g.width != g.height {
            continue;
        }
        games.push(Game {
            rule: g.rule,
            size: g.width,
            opening: g.opening_len,
            moves: g.all_moves(),
        });
    }
    Ok(games)
}

fn search(game: &Game, plies: usize, ms: u64) -> Option<SearchResult> {
    let board = Board::from_moves(game.size, game.size, game.rule, &game.moves[..plies]).ok()?;
    if board.outcome().is_some() {
        return None;
    }
    let mut engine = Engine::new(64 << 20, 1);
    let limits = Limits::time(Duration::from_millis(ms));
    let r = engine.search(&board, &limits, &AtomicBool::new(false), &[], &mut |_| {});
    // A forced reply is answered without a search: its score says nothing.
    (r.nodes > 1).then_some(r)
}

/// Re-checks the wins the search claims in recorded games.
#[derive(Debug, Parser)]
struct Options {
    /// Milliseconds per search (one thread, a cleared table each time).
    #[arg(long, default_value_t = 300)]
    ms: u64,
    /// Milliseconds of the second, longer check of a claim the first did not confirm.
    #[arg(long, default_value_t = 2000)]
    recheck_ms: u64,
    /// Read at most this many games per file.
    #[arg(long)]
    games: Option<usize>,
    /// Manager results.jsonl files.
    #[arg(required = true)]
    files: Vec<String>,
}

fn main() -> anyhow::Result<()> {
    let Options {
        ms,
        recheck_ms,
        games,
        files,
    } = Options::parse();
    let max_games = games.unwrap_or(usize::MAX);
    let (mut claims, mut unconfirmed) = (0, 0);
    for path in &files {
        for (gi, game) in read_games(path)?.iter().enumerate().take(max_games) {
            let mut i = game.opening;
            while i + 2 < game.moves.len() {
                let claimed =
                    search(game, i, ms).filter(|r| r.score >= WIN_BOUND && r.best == game.moves[i]);
                let Some(r) = claimed else {
                    i += 1;
                    continue;
                };
                claims += 1;
                // Still a win after the reply? (None: answered at once, or the game is over.)
                let after = search(game, i + 2, ms)
                    .filter(|r2| r2.score < WIN_BOUND)
                    .and_then(|_| search(game, i + 2, recheck_ms))
                    .filter(|r2| r2.score < WIN_BOUND);
                if let Some(r2) = after {
                    unconfirmed += 1;
                    println!(
                        "{path} game {gi} ply {i}: {} by {}, after the reply {}: {}",
                        report::eval(r.score),
                        notation(game, game.moves[i]),
                        notation(game, game.moves[i + 1]),
                        report::eval(r2.score)
                    );
                }
                i += 2;
            }
        }
    }
    println!("claimed wins {claims}, unconfirmed {unconfirmed}");
    Ok(())
}

fn notation(game: &Game, m: Move) -> String {
    m.pos()
        .map_or_else(|| "pass".into(), |p| p.to_notation(game.size))
}
