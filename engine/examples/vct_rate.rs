//! How many recorded positions the VCT solver proves a win in, and at what cost.
//!
//! ```text
//! cargo run --release -p tengen-engine --example vct_rate -- [--games 30] [--every 3]
//!     [--nodes 20000,100000] [--max-threats 20] FILE...
//! ```
//!
//! Each `FILE` is a manager `results.jsonl`. From the first `--games` games of each file,
//! every `--every`th position after the opening is given to a fresh solver (its cache new
//! each time, as the walk-in tool does) for the side to move, once per node budget. Per
//! budget the tool prints the positions, the wins proved, the nodes spent on the wins and
//! on the rest (the inner VCF's nodes included), the time, and a signature of the moves
//! found: a change to the solver that should not change what it finds must leave the
//! signature as it was.
//!
//! A faster solver would prove more wins within a budget. The fifty-first session measured
//! how many more a larger budget finds and tried three changes with it
//! (engine/STRENGTH.md, *The VCT solver's budget*).

use anyhow::Context;
use clap::Parser;
use tengen_engine::position::Position;
use tengen_engine::threat::{Interrupt, Vct};
use tengen_manager::record::from_json_lines;

/// How many recorded positions the VCT solver proves a win in, and at what cost.
#[derive(Debug, Parser)]
struct Options {
    /// Games read from each file (its first ones).
    #[arg(long, default_value_t = 30)]
    games: usize,
    /// Every this many positions after the opening is tried.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..))]
    every: u64,
    /// Node budgets, comma-separated; one pass over the positions each.
    #[arg(long, value_delimiter = ',', default_value = "20000,100000")]
    nodes: Vec<u64>,
    /// The solver's threat limit (the attacker's threats, forced blocks aside).
    #[arg(long, default_value_t = 20)]
    max_threats: i32,
    /// Manager results.jsonl files.
    #[arg(required = true)]
    files: Vec<String>,
}

fn main() -> anyhow::Result<()> {
    let o = Options::parse();
    let mut positions = Vec::new();
    for path in &o.files {
        let text = std::fs::read_to_string(path).with_context(|| path.clone())?;
        for g in from_json_lines(&text)
            .with_context(|| path.clone())?
            .into_iter()
            .take(o.games)
        {
            let moves = g.all_moves();
            let illegal = |i: usize| format!("{path} game {}: move {} is illegal", g.game, i + 1);
            let mut board = g
                .opening_board()
                .with_context(|| format!("{path} game {}: opening", g.game))?;
            for (i, &m) in moves.iter().enumerate().skip(g.opening_len) {
                if ((i - g.opening_len) as u64).is_multiple_of(o.every) {
                    positions.push(board.clone());
                }
                board.play(m).with_context(|| illegal(i))?;
            }
        }
    }
    for &budget in &o.nodes {
        let (mut won, mut won_nodes, mut other_nodes, mut signature) = (0, 0, 0, 0u64);
        let start = std::time::Instant::now();
        for board in &positions {
            let mut pos = Position::from_board(board);
            let mut vct = Vct::new(1 << 18);
            let found = vct.solve(&mut pos, &[], o.max_threats, budget, Interrupt::default());
            let nodes = vct.take_nodes();
            signature = signature.wrapping_mul(31);
            if let Some(c) = found {
                won += 1;
                won_nodes += nodes;
                signature = signature.wrapping_add(u64::from(c) + 1);
            } else {
                other_nodes += nodes;
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "budget {budget}: {} positions, {won} wins, nodes {won_nodes} on wins and \
             {other_nodes} on the rest, {secs:.2} s ({:.0} k nodes/s), signature {signature:016x}",
            positions.len(),
            (won_nodes + other_nodes) as f64 / secs.max(1e-9) / 1e3,
        );
    }
    Ok(())
}
