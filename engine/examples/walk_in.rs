//! Where did a player walk into the opponent's VCT in the games it lost?
//!
//! ```text
//! cargo run --release -p tengen-engine --example walk_in -- --player NAME
//!     [--nodes 300000] [--recheck-ms MS] FILE...
//! ```
//!
//! Each `FILE` is a manager `results.jsonl`. For every game `NAME` lost, its moves after the
//! opening are replayed; after each of them the opponent's VCT solver runs (`--nodes`, a
//! fresh cache each time). The first move after which the opponent has a VCT is the
//! *walk-in*. For it the tool lists the moves `NAME` could have played instead (the move
//! generator's candidates at that node: the forced block, the defences against an open
//! three, or the quiet candidates) and which of them leave the opponent no VCT within the
//! same budget ("unrefuted"). An unrefuted alternative is not thereby safe: the budget
//! bounds what the VCT sees. With `--recheck-ms`, the position before the walk-in is also
//! searched (one thread, that long) and its score printed: a proven loss there means the
//! game was lost before the walk-in, deeper than the VCT looked (a forced reply is not
//! searched: the mistake is earlier).
//!
//! The tenth session used a first version of this on the Renju losses at 1 s per move
//! (engine/STRENGTH.md, *Against pela and Carbon at 1 s and 200 ms per move*).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::Context;
use clap::Parser;
use tengen_engine::movegen::{self, Threat};
use tengen_engine::position::Position;
use tengen_engine::report;
use tengen_engine::search::{Engine, Limits};
use tengen_engine::threat::{Interrupt, Vct};
use tengen_manager::record::{from_json_lines, GameRecord, GameResult};
use tengen_rules::{Board, Color, Move, Pos};

/// Where did a player walk into the opponent's VCT in the games it lost?
#[derive(Debug, Parser)]
struct Options {
    /// The player whose lost games are examined (its name in the records).
    #[arg(long)]
    player: String,
    /// Node budget of each VCT.
    #[arg(long, default_value_t = 300_000)]
    nodes: u64,
    /// Also search the position before the walk-in for this many milliseconds.
    #[arg(long)]
    recheck_ms: Option<u64>,
    /// Manager results.jsonl files.
    #[arg(required = true)]
    files: Vec<String>,
}

/// Whether the side to move has a VCT within `nodes` (a fresh solver, so that no verdict
/// depends on what was asked before).
fn has_vct(pos: &mut Position, nodes: u64) -> bool {
    Vct::new(1 << 18)
        .solve(pos, &[], 20, nodes, Interrupt::default())
        .is_some()
}

/// The first walk-in of `color` in game `g`: its ply (0-based index into the moves), the
/// move, the node's threat class and the alternatives with their verdicts (true: the
/// opponent has a VCT after it).
struct WalkIn {
    ply: usize,
    played: Pos,
    threat: Threat,
    alternatives: Vec<(Pos, bool)>,
    board: Board,
}

fn find_walk_in(g: &GameRecord, color: Color, nodes: u64) -> anyhow::Result<Option<WalkIn>> {
    let moves = g.all_moves();
    let illegal = |i: usize| format!("game {}: move {} is illegal", g.game, i + 1);
    let opening = g.opening_len.min(moves.len());
    let mut board = Board::from_moves(g.width, g.height, g.rule, &moves[..opening])
        .with_context(|| illegal(opening.saturating_sub(1)))?;
    for (i, &m) in moves.iter().enumerate().skip(opening) {
        // The position before each of `color`'s moves (the others only replay).
        let before = (board.side_to_move() == color).then(|| board.clone());
        board.play(m).with_context(|| illegal(i))?;
        let (Some(before), Move::Stone(p)) = (before, m) else {
            continue;
        };
        let mut pos = Position::from_board(&before);
        let played = Position::cell_at(p);
        pos.play(played);
        let walked_in = has_vct(&mut pos, nodes);
        pos.undo();
        if !walked_in {
            continue;
        }
        let threat = movegen::threat(&mut pos);
        let mut candidates = Vec::new();
        match threat {
            Threat::MustBlock(c) | Threat::Lost(Some(c)) => candidates.push(c),
            Threat::Defend => movegen::defences(&mut pos, &mut candidates),
            _ => movegen::quiet(&mut pos, &mut candidates),
        }
        let alternatives = candidates
            .into_iter()
            .filter(|&c| c != played)
            .map(|c| {
                pos.play(c);
                let refuted = has_vct(&mut pos, nodes);
                pos.undo();
                (pos.pos_of(c), refuted)
            })
            .collect();
        return Ok(Some(WalkIn {
            ply: i,
            played: p,
            threat,
            alternatives,
            board: before,
        }));
    }
    Ok(None)
}

fn main() -> anyhow::Result<()> {
    let o = Options::parse();
    let (mut lost, mut walk_ins, mut with_unrefuted) = (0, 0, 0);
    for path in &o.files {
        let text = std::fs::read_to_string(path).with_context(|| path.clone())?;
        for g in from_json_lines(&text).with_context(|| path.clone())? {
            let color = if g.black == o.player {
                Color::Black
            } else if g.white == o.player {
                Color::White
            } else {
                continue;
            };
            if g.result != GameResult::win_for(color.opponent()) {
                continue;
            }
            lost += 1;
            let head = format!(
                "{path} game {} ({color:?}, {} moves)",
                g.game,
                g.moves.len()
            );
            let Some(w) = find_walk_in(&g, color, o.nodes)? else {
                println!("{head}: no walk-in within {} nodes", o.nodes);
                continue;
            };
            walk_ins += 1;
            let name = |p: Pos| p.to_notation(g.height);
            let unrefuted: Vec<String> = w
                .alternatives
                .iter()
                .filter(|(_, refuted)| !refuted)
                .map(|&(p, _)| name(p))
                .collect();
            if !unrefuted.is_empty() {
                with_unrefuted += 1;
            }
            let node = match w.threat {
                Threat::MustBlock(_) | Threat::Lost(_) => "forced block",
                Threat::Defend => "open three against it",
                _ => "quiet",
            };
            let mut line = format!(
                "{head}: walk-in at move {} {} ({node}), {} alternatives, unrefuted [{}]",
                w.ply + 1,
                name(w.played),
                w.alternatives.len(),
                unrefuted.join(" ")
            );
            if let Some(ms) = o.recheck_ms {
                let mut engine = Engine::new(64 << 20, 1);
                let limits = Limits::time(Duration::from_millis(ms));
                let stop = AtomicBool::new(false);
                let r = engine.search(&w.board, &limits, &stop, &[], &mut |_| {});
                // A forced reply is played without a search: its score says nothing.
                if r.nodes > 1 {
                    line += &format!(", before it at {ms} ms: {}", report::eval(r.score));
                } else {
                    line += ", before it: a forced reply (not searched)";
                }
            }
            println!("{line}");
        }
    }
    println!(
        "{lost} games lost by {}, {walk_ins} with a walk-in, {with_unrefuted} of them with an \
         unrefuted alternative",
        o.player
    );
    Ok(())
}
