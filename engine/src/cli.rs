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
        /// Search depth per position.
        #[arg(long, default_value_t = 6)]
        depth: i32,
        /// Search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Transposition table size in MiB.
        #[arg(long, default_value_t = 16)]
        hash_mb: usize,
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
        Some(Tool::Bench {
            depth,
            threads,
            hash_mb,
        }) => {
            let (positions, nodes, elapsed) = bench(depth, threads.max(1), hash_mb.max(1) << 20);
            let ms = elapsed.as_millis() as u64;
            println!("positions {positions}");
            println!("time {ms} ms");
            println!("nodes {nodes}");
            println!("nps {}", nodes.saturating_mul(1000) / ms.max(1));
        }
        Some(Tool::Analyze {
            rule,
            size,
            moves,
            time_ms,
            depth,
            threads,
            hash_mb,
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
            };
            println!("{}", analysis::analyze(&req)?);
        }
    }
    Ok(0)
}

/// The bench positions: (rule, moves in notation) on 15x15.
const BENCH_POSITIONS: [(Rule, &str); 6] = [
    (Rule::Freestyle, ""),
    (Rule::Freestyle, "h8,i9,j10,h9,h10,i10"),
    (Rule::Standard, "h8,h9,i8,g8,j8,k8,i9,i7"),
    (Rule::Renju, "h8,i9,j10"),
    (Rule::Renju, "h8,h9,i8,g8,j8,k8,i9,i10,j9,g9"),
    (Rule::Caro, "h8,i8,h9,h10,i9,g7,j10,k11"),
];

/// Search every bench position to `depth`; returns (positions, nodes, time).
fn bench(depth: i32, threads: usize, hash_bytes: usize) -> (usize, u64, Duration) {
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;
    let mut engine = crate::search::Engine::new(hash_bytes, threads);
    let start = Instant::now();
    let mut nodes = 0;
    for (rule, moves) in BENCH_POSITIONS {
        let ms = analysis::parse_moves(moves, 15).expect("bench positions are valid");
        let board =
            tengen_rules::Board::from_moves(15, 15, rule, &ms).expect("bench positions are legal");
        engine.clear();
        let limits = crate::search::Limits {
            start: Instant::now(),
            optimum: None,
            maximum: None,
            depth: Some(depth),
            nodes: None,
        };
        nodes += engine
            .search(&board, &limits, &AtomicBool::new(false), &[], &mut |_| {})
            .nodes;
    }
    (BENCH_POSITIONS.len(), nodes, start.elapsed())
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
