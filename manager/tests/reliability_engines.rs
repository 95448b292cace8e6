//! Hostile engines beyond `misbehaviour.rs`: a brain that answers right at the tolerance edge
//! (just inside: accepted, the overrun charged to its clock; just outside: a loss on time),
//! and one that allocates memory without bound under `--enforce-memory` (an OS address-space
//! limit ends it as a crash, the run goes on). Every game ends with the right reason and no
//! process of the run is left behind.

mod common;

use common::*;

/// A 2-game match of `bad` (black in game 0, white in game 1) against a good mock brain;
/// the output directory and the results.
fn run(name: &str, bad: &[&str], extra: &[&str]) -> (tempfile::TempDir, Vec<serde_json::Value>) {
    let tag = unique_tag(name);
    let out = tempfile::tempdir().unwrap();
    let mut args = strings(&["--games", "2", "--openings", "none", "--quiet", "--out"]);
    args.push(out.path().display().to_string());
    args.extend([
        "-e".into(),
        mock_engine("bad", bad),
        "-e".into(),
        mock_engine("good", &["--seed", "7"]),
    ]);
    args.extend(strings(extra));
    let o = run_manager(&args, &tag);
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "{name}: manager failed: {stderr}");
    let games = results(out.path());
    assert_eq!(games.len(), 2, "{name}: both games are played: {games:?}");
    let left = wait_until_gone(&tag);
    assert!(left.is_empty(), "{name}: processes left behind: {left:?}");
    (out, games)
}

/// The `ms` of bad's `n`-th own move (0-based) in a game.
fn bad_move_ms(g: &serde_json::Value, n: usize) -> u64 {
    let first = usize::from(g["black"] != "bad");
    g["moves"][first + 2 * n]["ms"].as_u64().unwrap()
}

// Sudden death 500 ms with a 500 ms tolerance: the hard deadline of bad's second move is
// about 1000 ms minus the few ms its first move used. 750 ms is 250 ms inside it, 1300 ms is
// 300 ms beyond it: margins wide enough for a loaded 2-core machine, yet both sides of the
// edge. The mock is slow on exactly one move (`--times 1`) and instant otherwise.
const EDGE_TC: &[&str] = &["--tc", "0.5", "--tolerance", "500ms"];

#[test]
fn just_inside_the_tolerance_is_accepted_and_charged() {
    let (_out, games) = run(
        "edge-in",
        &[
            "--mode", "slow", "--ms", "750", "--after", "1", "--times", "1",
        ],
        EDGE_TC,
    );
    for g in &games {
        let reason = g["reason"].as_str().unwrap();
        assert!(
            ["five", "board-full"].contains(&reason),
            "the slow move within the tolerance does not lose: {g}"
        );
        let ms = bad_move_ms(g, 1);
        assert!(ms >= 750, "the slow move is recorded with its time: {ms}");
        // The overrun was charged: the 500 ms clock is empty, so every later move of bad
        // runs on the tolerance alone, and all of them stayed within it.
        assert!(bad_move_ms(g, 0) + ms > 500);
    }
}

#[test]
fn just_outside_the_tolerance_loses_on_time() {
    let (_out, games) = run(
        "edge-out",
        &[
            "--mode", "slow", "--ms", "1300", "--after", "1", "--times", "1",
        ],
        EDGE_TC,
    );
    for (i, g) in games.iter().enumerate() {
        let expected = if g["black"] == "bad" {
            "white-win"
        } else {
            "black-win"
        };
        assert_eq!(g["result"], expected, "game {i}: {g}");
        assert_eq!(g["reason"], "time", "game {i}: {g}");
        // Bad made exactly one move (its first, instant one) before the late one.
        let first = usize::from(g["black"] != "bad");
        let moves = g["moves"].as_array().unwrap().len();
        assert_eq!(moves, first + 2, "game {i}: {g}");
    }
}

#[test]
fn unbounded_allocation_under_an_enforced_limit_is_a_crash_and_the_run_goes_on() {
    // 64 MiB of address space: the mock (a few MiB) starts and plays, then its 16 MiB blocks
    // hit the limit within a few allocations; it aborts on the failed allocation.
    let (out, games) = run(
        "hog",
        &["--mode", "hog", "--after", "2"],
        &["--tc", "turn=5", "--max-memory", "64", "--enforce-memory"],
    );
    for (i, g) in games.iter().enumerate() {
        let expected = if g["black"] == "bad" {
            "white-win"
        } else {
            "black-win"
        };
        assert_eq!(g["result"], expected, "game {i}: {g}");
        assert_eq!(g["reason"], "crash", "game {i}: {g}");
        let detail = g["detail"].as_str().unwrap();
        assert!(detail.contains("signal"), "game {i}: {detail}");
    }
    // It was the limit that stopped it: bad's log holds the failed allocation.
    let logs: String = std::fs::read_dir(out.path().join("logs"))
        .unwrap()
        .flatten()
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
        .collect();
    assert!(logs.contains("memory allocation of"), "{logs}");
}

#[test]
fn enforce_memory_needs_a_limit() {
    let o = std::process::Command::new(manager())
        .args(strings(&[
            "-e",
            &format!("cmd={}", mock()),
            "-e",
            &format!("cmd={}", mock()),
            "--max-memory",
            "0",
            "--enforce-memory",
        ]))
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(
        e.contains("--enforce-memory") && e.contains("--max-memory"),
        "{e}"
    );
    assert_eq!(e.trim().lines().count(), 1, "{e}");
}
