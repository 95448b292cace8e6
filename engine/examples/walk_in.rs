//! Where did a player walk into the opponent's VCT in the games it lost?
//!
//! ```text
//! cargo run --release -p tengen-engine --example walk_in -- --player NAME
//!     [--nodes 300000] [--recheck-ms MS] [--replay-ms TURN] [--search-ms MS]
//!     [--tuning KNOBS] FILE...
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
//! searched: the mistake is earlier). With `--replay-ms`, that position is played as the
//! brain would play it under a per-move limit of `TURN` ms, and the line says whether the
//! move chosen leaves the opponent a VCT within `--nodes`: with `--tuning guard_nodes=N`
//! against without it, whether the root guard would have avoided the walk-in (the
//! fifty-second session: it never could at 1 s under Renju, as every position was
//! already scored lost). With `--search-ms`, the tool goes back from the walk-in to the
//! earliest of the player's moves after which the opponent's search of `MS` ms still proves
//! a win (with `--replay-ms`, it also says what the brain plays there and whether that
//! move is proven lost too).
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
use tengen_engine::search::{Engine, Limits, Score, Tuning, WIN_BOUND};
use tengen_engine::settings::parse_tuning;
use tengen_engine::threat::{Interrupt, Vct};
use tengen_engine::time::TimeControl;
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
    /// Also play the position before the walk-in as the brain would under this per-move
    /// limit (`INFO timeout_turn`, one thread), and say whether the move it chooses leaves
    /// the opponent a VCT within `--nodes` (run it twice: with and without `--tuning`).
    #[arg(long)]
    replay_ms: Option<u64>,
    /// Also go back from the walk-in to the earliest of the player's moves after which the
    /// opponent's search of this many milliseconds (one thread, a fresh table) still proves
    /// a win: where the game was lost, as far as such a search sees.
    #[arg(long)]
    search_ms: Option<u64>,
    /// Search knobs for `--recheck-ms`, `--replay-ms` and `--search-ms`, as in
    /// `TENGEN_TUNING`.
    #[arg(long, default_value = "")]
    tuning: String,
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
/// opponent has a VCT after it), the board before it, and `color`'s earlier moves after
/// the opening (ply, move, board before it; for `--search-ms`).
struct WalkIn {
    ply: usize,
    played: Pos,
    threat: Threat,
    alternatives: Vec<(Pos, bool)>,
    board: Board,
    earlier: Vec<(usize, Pos, Board)>,
}

fn find_walk_in(g: &GameRecord, color: Color, nodes: u64) -> anyhow::Result<Option<WalkIn>> {
    let moves = g.all_moves();
    let illegal = |i: usize| format!("game {}: move {} is illegal", g.game, i + 1);
    let mut board = g
        .opening_board()
        .with_context(|| format!("game {}: opening", g.game))?;
    let mut earlier = Vec::new();
    for (i, &m) in moves.iter().enumerate().skip(g.opening_len) {
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
            earlier.push((i, p, before));
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
            earlier,
        }));
    }
    Ok(None)
}

/// A search of `board` within `limits` by one thread with a fresh 64 MiB table: its move
/// and, unless it was a forced reply (played without a search), its score.
fn search(board: &Board, limits: &Limits, tuning: Tuning) -> anyhow::Result<(Pos, Option<Score>)> {
    let mut engine = Engine::new(64 << 20, 1);
    engine.set_tuning(tuning);
    let stop = AtomicBool::new(false);
    let r = engine.search(board, limits, &stop, &[], &mut |_| {});
    let Move::Stone(p) = r.best else {
        anyhow::bail!("the search passed");
    };
    Ok((p, (r.nodes > 1).then_some(r.score)))
}

/// A search of `ms` milliseconds ([`search`]).
fn search_for(board: &Board, ms: u64, tuning: Tuning) -> anyhow::Result<(Pos, Option<Score>)> {
    search(board, &Limits::time(Duration::from_millis(ms)), tuning)
}

/// The move the brain plays in `board` under a per-move limit of `turn` ms (the front end's
/// budget: [`TimeControl::budget`]), as [`search`].
fn brain_move(board: &Board, turn: u64, tuning: Tuning) -> anyhow::Result<(Pos, Option<Score>)> {
    let mut clock = TimeControl::default();
    clock.set_turn(turn as i64);
    clock.set_match(0);
    let budget = clock.budget(board.move_count(), 0, 1, 0);
    let limits = Limits {
        optimum: budget.optimum,
        maximum: budget.maximum,
        ..Limits::default()
    };
    search(board, &limits, tuning)
}

/// Whether the side to move in `board` proves a win by a search of `ms` milliseconds.
fn proves_win(board: &Board, ms: u64, tuning: Tuning) -> anyhow::Result<bool> {
    Ok(search_for(board, ms, tuning)?
        .1
        .is_some_and(|s| s >= WIN_BOUND))
}

/// A score as the line shows it.
fn shown(score: Option<Score>) -> String {
    score.map_or("a forced reply".into(), |s| report::eval(s).to_string())
}

/// Going back from the walk-in `w`, the earliest of the player's moves after which the
/// opponent proves a win by a search of `ms` ms ([`proves_win`]), with no move in between
/// after which it does not: the move's ply, the move and the board before it.
fn lost_since(w: &WalkIn, ms: u64, tuning: Tuning) -> anyhow::Result<(usize, Pos, &Board)> {
    let mut lost = (w.ply, w.played, &w.board);
    for (i, p, before) in w.earlier.iter().rev() {
        let mut after = before.clone();
        after.play(Move::Stone(*p))?;
        if !proves_win(&after, ms, tuning)? {
            break;
        }
        lost = (*i, *p, before);
    }
    Ok(lost)
}

fn main() -> anyhow::Result<()> {
    let o = Options::parse();
    let tuning = parse_tuning(&o.tuning).context("--tuning")?;
    let (mut lost, mut walk_ins, mut with_unrefuted) = (0, 0, 0);
    let (mut escaped, mut seen_lost) = (0usize, 0usize);
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
                // A forced reply is played without a search: its score says nothing.
                match search_for(&w.board, ms, tuning)?.1 {
                    Some(s) => line += &format!(", before it at {ms} ms: {}", report::eval(s)),
                    None => line += ", before it: a forced reply (not searched)",
                }
            }
            if let Some(ms) = o.search_ms {
                let (ply, p, before) = lost_since(&w, ms, tuning)?;
                line += &format!(
                    ", lost since move {} {} ({} moves before the walk-in",
                    ply + 1,
                    name(p),
                    (w.ply - ply) / 2
                );
                if let Some(turn) = o.replay_ms {
                    let (q, score) = brain_move(before, turn, tuning)?;
                    let mut after = before.clone();
                    after.play(Move::Stone(q))?;
                    let still = if proves_win(&after, ms, tuning)? {
                        "lost"
                    } else {
                        "not lost"
                    };
                    let score = shown(score);
                    line += &format!("; replayed: {} ({score}), {still} at {ms} ms", name(q));
                }
                line += ")";
            }
            if let Some(turn) = o.replay_ms {
                let (p, score) = brain_move(&w.board, turn, tuning)
                    .with_context(|| format!("{head}: replay"))?;
                let mut pos = Position::from_board(&w.board);
                pos.play(Position::cell_at(p));
                let refuted = has_vct(&mut pos, o.nodes);
                let verdict = if refuted { "refuted" } else { "unrefuted" };
                let score_text = shown(score);
                line += &format!(
                    ", replayed at {turn} ms: {} ({verdict}; {score_text})",
                    name(p)
                );
                escaped += usize::from(!refuted);
                seen_lost += usize::from(score.is_some_and(|s| s <= -WIN_BOUND));
            }
            println!("{line}");
        }
    }
    println!(
        "{lost} games lost by {}, {walk_ins} with a walk-in, {with_unrefuted} of them with an \
         unrefuted alternative",
        o.player
    );
    if let Some(turn) = o.replay_ms {
        println!(
            "replayed at {turn} ms: {escaped} of {walk_ins} moves leave no VCT; {seen_lost} \
             searches scored the position before the walk-in a proven loss"
        );
    }
    Ok(())
}
