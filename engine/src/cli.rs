//! The command line. Without a subcommand the brain speaks the protocol on stdin/stdout, and
//! any arguments are ignored (managers pass flags of their own, e.g. Yixin-Board's
//! `--force-utf8`). With a subcommand it runs a tool and exits.

use std::sync::mpsc;
use std::time::Duration;

use clap::{Parser, Subcommand};
use tengen_rules::Rule;

use crate::analysis::{self, Request};
use crate::gomocup::{Brain, Event};
use crate::io::spawn_reader;

/// The subcommands; anything else means protocol mode.
const SUBCOMMANDS: [&str; 6] = ["bench", "analyze", "help", "--help", "-h", "--version"];

/// `pbrain-tengen`: a Gomoku/Renju brain for the Gomocup (pbrain) protocol.
#[derive(Debug, Parser)]
#[command(name = "pbrain-tengen", version, about)]
pub struct Cli {
    /// The tool to run (none: protocol mode on stdin/stdout).
    #[command(subcommand)]
    pub tool: Option<Tool>,
}

/// The tools.
#[derive(Debug, Subcommand)]
pub enum Tool {
    /// Search a fixed set of positions to a fixed depth and print the node count and speed
    /// (the node count is a fingerprint of the search: it changes when the search does).
    Bench {
        /// Search depth per position (default: the search's standard bench depth).
        #[arg(long)]
        depth: Option<i32>,
        /// Search knobs for experiments, as in `TENGEN_TUNING` (`key=value,...`); the node
        /// count is the search's signature only without them.
        #[arg(long, default_value = "")]
        tuning: String,
    },
    /// Analyse one position and print the best move, its score and the principal variation.
    Analyze {
        /// The rule: freestyle, standard, renju, caro, caro-exact (or an INFO rule number).
        #[arg(long, default_value = "freestyle")]
        rule: String,
        /// Board side (5 to 22).
        #[arg(long, default_value_t = 15)]
        size: u8,
        /// The moves so far, black first, in notation: `h8,i9,j10` (or `h8i9j10`; `pass`).
        #[arg(long, default_value = "")]
        moves: String,
        /// Thinking time in milliseconds.
        #[arg(long, default_value_t = 1000)]
        time_ms: u64,
        /// Depth limit.
        #[arg(long)]
        depth: Option<i32>,
        /// Search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Transposition table size in MiB.
        #[arg(long, default_value_t = 64)]
        hash_mb: usize,
        /// Search knobs for experiments, as in `TENGEN_TUNING` (`key=value,...`).
        #[arg(long, default_value = "")]
        tuning: String,
    },
}

/// Run the program with these arguments (the first is the program name); returns the exit
/// code.
pub fn run(args: &[String]) -> anyhow::Result<i32> {
    let tool_mode = args
        .get(1)
        .is_some_and(|a| SUBCOMMANDS.contains(&a.as_str()));
    if !tool_mode {
        protocol()?;
        return Ok(0);
    }
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            e.print()?;
            return Ok(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match cli.tool {
        None => {
            protocol()?;
        }
        Some(Tool::Bench { depth, tuning }) => {
            let depth = depth.unwrap_or(crate::bench::DEPTH);
            let tuning = crate::settings::parse_tuning(&tuning)?;
            let report = crate::bench::run_tuned(depth, tuning);
            for (i, (nodes, mv)) in report.positions.iter().enumerate() {
                let (rule, size, moves) = crate::bench::POSITIONS[i];
                println!("position {:>2}  {rule:<10} {size}x{size}  {moves:<40} nodes {nodes:>10}  best {mv}", i + 1);
            }
            println!("depth {depth}");
            println!("time {} ms", report.elapsed.as_millis());
            println!("nodes {}", report.nodes);
            println!("nps {}", report.nps);
        }
        Some(Tool::Analyze {
            rule,
            size,
            moves,
            time_ms,
            depth,
            threads,
            hash_mb,
            tuning,
        }) => {
            let rule: Rule = rule.parse()?;
            let req = Request {
                rule,
                size,
                moves: analysis::parse_moves(&moves, size)?,
                time: Duration::from_millis(time_ms),
                depth,
                threads: threads.max(1),
                hash_bytes: hash_mb.max(1) << 20,
                tuning: crate::settings::parse_tuning(&tuning)?,
            };
            println!("{}", analysis::analyze(&req)?);
        }
    }
    Ok(0)
}

/// Protocol mode: stdin thread, search thread, and the front end on this thread.
fn protocol() -> anyhow::Result<()> {
    let (tx, rx) = mpsc::channel::<Event>();
    let input = tx.clone();
    spawn_reader(std::io::stdin(), move |i| {
        input.send(Event::Input(i)).is_ok()
    })?;
    let stdout = std::io::stdout();
    let mut brain = Brain::new(stdout.lock(), tx)?;
    brain.run(&rx);
    Ok(())
}
