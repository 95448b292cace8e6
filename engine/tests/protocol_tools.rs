//! The tool subcommands: `analyze` and `bench`, and protocol mode with foreign arguments.

use std::process::Command;

use tengen_rules::{Board, Move, Pos, Rule};

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .args(args)
        .output()
        .expect("run pbrain-tengen");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn analyze_prints_a_legal_best_move_in_both_notations() {
    let (ok, out, err) = run(&[
        "analyze",
        "--rule",
        "renju",
        "--size",
        "15",
        "--moves",
        "h8,i9,j10",
        "--time-ms",
        "200",
    ]);
    assert!(ok, "{err}");
    let line = out
        .lines()
        .find(|l| l.starts_with("bestmove"))
        .unwrap_or_else(|| panic!("{out}"));
    // `bestmove  I8 (8,7)`
    let words: Vec<&str> = line.split_whitespace().collect();
    let p = Pos::parse_notation(words[1], 15).unwrap();
    assert_eq!(words[2], format!("({p})"));
    let moves: Vec<Move> = ["H8", "I9", "J10"]
        .iter()
        .map(|s| Move::Stone(Pos::parse_notation(s, 15).unwrap()))
        .collect();
    let board = Board::from_moves(15, 15, Rule::Renju, &moves).unwrap();
    assert!(board.is_legal(p), "{out}");
    for key in ["score", "depth", "nodes", "pv"] {
        assert!(
            out.lines().any(|l| l.starts_with(key)),
            "{key} missing: {out}"
        );
    }
}

#[test]
fn analyze_reports_bad_input() {
    let (ok, _, err) = run(&[
        "analyze",
        "--rule",
        "renju",
        "--moves",
        "h8,a1,i8,a2,j9,a3,j10,a4,j8",
    ]);
    assert!(!ok);
    assert!(err.contains("forbidden"), "{err}");
    let (ok, _, err) = run(&["analyze", "--moves", "h8,h8"]);
    assert!(!ok);
    assert!(err.contains("move 2"), "{err}");
    let (ok, _, err) = run(&["analyze", "--rule", "chess"]);
    assert!(!ok && err.contains("chess"), "{err}");
}

#[test]
fn bench_prints_a_deterministic_node_count() {
    let nodes = || bench_nodes(&[]);
    let first = nodes();
    assert!(first > 0);
    assert_eq!(first, nodes());
}

/// `bench --depth 3` with `extra` arguments: the node count it prints.
fn bench_nodes(extra: &[&str]) -> u64 {
    let mut args = vec!["bench", "--depth", "3"];
    args.extend_from_slice(extra);
    let (ok, out, err) = run(&args);
    assert!(ok, "{err}");
    assert!(out.lines().any(|l| l.starts_with("nps ")), "{out}");
    out.lines()
        .find_map(|l| l.strip_prefix("nodes "))
        .and_then(|n| n.trim().parse::<u64>().ok())
        .unwrap_or_else(|| panic!("{out}"))
}

#[test]
fn bench_and_analyze_take_knobs() {
    let default = bench_nodes(&[]);
    assert_eq!(bench_nodes(&["--tuning", ""]), default);
    let narrow = bench_nodes(&["--tuning", "max_quiet=2,max_quiet_renju=2"]);
    assert!(narrow < default, "{narrow} against {default}");
    let (ok, _, err) = run(&["bench", "--tuning", "banana=1"]);
    assert!(!ok && err.contains("banana"), "{err}");
    let (ok, out, err) = run(&[
        "analyze",
        "--moves",
        "h8,h9",
        "--depth",
        "3",
        "--tuning",
        "max_quiet=2",
    ]);
    assert!(ok && out.contains("bestmove"), "{err}");
    let (ok, _, err) = run(&["analyze", "--tuning", "max_quiet=x"]);
    assert!(!ok && err.contains("max_quiet"), "{err}");
}
