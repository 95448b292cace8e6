//! End to end: the real `tengen-manager` plays real `pbrain-tengen` engines, and every game
//! it records (`.psq`, SGF and the JSON line) replays legally through `tengen_rules::Board`
//! to the recorded result.
//!
//! Binaries of other packages are not visible through `CARGO_BIN_EXE_*` here, so the test
//! runs `cargo build -p tengen-engine -p tengen-manager` (a no-op when they are up to date)
//! for this test's profile and takes the binaries from the same target directory
//! (`target/<profile>/`, the parent of this executable's `deps/`).

use std::path::{Path, PathBuf};
use std::process::Command;

use tengen::manager::record::{parse_psq, parse_sgf, EndReason, GameResult};
use tengen::rules::{Board, Color, Move, Rule};

fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("own path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps")
        .to_path_buf()
}

/// Build the engine and the manager for this profile; their paths.
fn binaries() -> (PathBuf, PathBuf) {
    let dir = profile_dir();
    let mut cmd = Command::new(option_env!("CARGO").unwrap_or("cargo"));
    cmd.args([
        "build",
        "--quiet",
        "-p",
        "tengen-engine",
        "-p",
        "tengen-manager",
    ]);
    if dir.file_name().is_some_and(|n| n == "release") {
        cmd.arg("--release");
    }
    let status = cmd.status().expect("run cargo build");
    assert!(
        status.success(),
        "cargo build -p tengen-engine -p tengen-manager failed"
    );
    let (m, e) = (dir.join("tengen-manager"), dir.join("pbrain-tengen"));
    assert!(m.is_file() && e.is_file(), "binaries missing in {dir:?}");
    (m, e)
}

/// Replay one recorded game from all three formats and check it against its result.
fn check_game(dir: &Path, rec: &serde_json::Value) {
    let id = rec["game"].as_u64().unwrap();
    let json_moves: Vec<Move> = rec["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| Move::parse_xy(m["move"].as_str().unwrap()).unwrap())
        .collect();
    let base = dir.join(format!("games/game-{id:06}"));
    let psq = parse_psq(&std::fs::read_to_string(base.with_extension("psq")).unwrap()).unwrap();
    let psq_moves: Vec<Move> = psq.moves.iter().map(|(m, _)| *m).collect();
    assert_eq!(psq_moves, json_moves, "game {id}: psq and JSON agree");
    let sgf = parse_sgf(&std::fs::read_to_string(base.with_extension("sgf")).unwrap()).unwrap();
    let sgf_moves: Vec<Move> = sgf.moves.iter().map(|(_, m)| *m).collect();
    assert_eq!(sgf_moves, json_moves, "game {id}: SGF and JSON agree");
    for (i, (c, _)) in sgf.moves.iter().enumerate() {
        assert_eq!(
            *c,
            Color::of_move(i + 1),
            "game {id}: SGF colours alternate"
        );
    }
    assert_eq!(sgf.black.as_deref(), rec["black"].as_str());
    assert_eq!(sgf.white.as_deref(), rec["white"].as_str());

    let reason: EndReason = rec["reason"].as_str().unwrap().parse().unwrap();
    let result: GameResult = serde_json::from_value(rec["result"].clone()).unwrap();
    let mut board = Board::new(15, Rule::Renju);
    let last = json_moves.len() - 1;
    for (i, &m) in json_moves.iter().enumerate() {
        let opening = i < rec["opening_len"].as_u64().unwrap() as usize;
        if let (Move::Stone(p), false) = (m, opening) {
            let forbidden = board.side_to_move() == Color::Black && board.forbidden(p).is_some();
            if i == last && matches!(reason, EndReason::Forbidden(_)) {
                assert!(forbidden, "game {id}: the losing move must be forbidden");
                assert_eq!(result, GameResult::WhiteWin);
                return;
            }
            assert!(
                !forbidden,
                "game {id}: move {} {m} is forbidden but stood",
                i + 1
            );
        }
        if m == Move::Pass {
            assert!(
                !board.has_legal_stone(),
                "game {id}: move {} passes although a legal stone existed",
                i + 1
            );
        }
        board
            .play(m)
            .unwrap_or_else(|e| panic!("game {id}: move {} {m}: {e}", i + 1));
    }
    match reason {
        EndReason::Five => {
            let winner = board.outcome().and_then(|o| o.winner());
            assert_eq!(
                winner,
                result.winner(),
                "game {id}: the board agrees on the five"
            );
        }
        EndReason::BoardFull => assert!(board.is_full() && result == GameResult::Draw),
        other => panic!("game {id}: two healthy engines ended with {other} ({rec})"),
    }
}

#[test]
fn default_match_between_two_pbrain_tengen_records_replayable_games() {
    let (manager, _engine) = binaries();
    let out = tempfile::tempdir().unwrap();
    // No --engine: the manager finds pbrain-tengen next to itself and plays it against itself.
    // A shorter time control than the default keeps the test quick.
    let o = Command::new(&manager)
        .args(["--games", "4", "--tc", "3+0.1", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    assert!(
        stdout.contains("Rank") && stdout.contains("Tengen"),
        "final table: {stdout}"
    );
    assert!(
        stderr.contains("[4/4]") || stderr.contains("4/4"),
        "progress shown: {stderr}"
    );
    let text = std::fs::read_to_string(out.path().join("results.jsonl")).unwrap();
    let recs: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(recs.len(), 4);
    let mut ids: Vec<u64> = recs.iter().map(|r| r["game"].as_u64().unwrap()).collect();
    ids.sort_unstable();
    assert_eq!(ids, vec![0, 1, 2, 3]);
    for r in &recs {
        assert_eq!(r["rule"], "renju");
        assert_eq!(r["opening_len"], 3, "designated openings by default");
        check_game(out.path(), r);
    }
}

#[test]
fn gauntlet_of_three_pbrain_tengen() {
    let (manager, engine) = binaries();
    let out = tempfile::tempdir().unwrap();
    let e = |n: &str| format!("cmd={} name={n}", engine.display());
    let o = Command::new(&manager)
        .args([
            "--tournament",
            "gauntlet",
            "--rule",
            "renju",
            "--games",
            "2",
            "--tc",
            "2+0.05",
            "--concurrency",
            "2",
            "--quiet",
        ])
        .args(["-e", &e("G1"), "-e", &e("G2"), "-e", &e("G3"), "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(out.path().join("results.jsonl")).unwrap();
    let recs: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(recs.len(), 4);
    for r in &recs {
        assert!(
            r["black"] == "G1" || r["white"] == "G1",
            "every gauntlet game involves G1"
        );
        check_game(out.path(), r);
    }
}

/// Renju 7x7 after 48 stones (from a `pos` opening line): black to move, and the one empty
/// point, d4, is an overline for black. Black's only move is a pass, which the referee must
/// accept although passes are otherwise off; white then fills d4 and the board is full.
const FORCED_PASS_OPENING: &str =
    "a7b7e7c7f7d7g7a6b6e6c6f6d6g6a5b5f5c5a4d5b4e5c4g5e4b3f4d3g4f3a3a2c3b2e3c2g3f2d2g2e2a1c1b1d1e1g1f1";

#[test]
fn black_with_only_forbidden_points_passes_and_the_game_goes_on() {
    let (manager, _engine) = binaries();
    let out = tempfile::tempdir().unwrap();
    let book = out.path().join("forced.txt");
    std::fs::write(&book, format!("{FORCED_PASS_OPENING}\n")).unwrap();
    let o = Command::new(&manager)
        .args([
            "--size", "7", "--rule", "renju", "--games", "2", "--tc", "5+0.1", "-q",
        ])
        .arg("--openings")
        .arg(&book)
        .arg("--out")
        .arg(out.path().join("run"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(out.path().join("run/results.jsonl")).unwrap();
    let recs: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(recs.len(), 2);
    for r in &recs {
        let tail: Vec<&str> = r["moves"].as_array().unwrap()[48..]
            .iter()
            .map(|m| m["move"].as_str().unwrap())
            .collect();
        assert_eq!(tail, ["-1,-1", "3,3"], "{r}");
        assert_eq!(r["reason"], "board-full", "{r}");
        assert_eq!(r["result"], "draw", "{r}");
    }
}
