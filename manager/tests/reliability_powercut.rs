//! Power-cut simulation: the manager is killed with SIGKILL at random moments of a run, again
//! and again, each time followed by `--resume` (or, if the kill came before the run was even
//! saved, by the same command again). After every kill the results file must be consistent
//! (complete lines parse, no game twice, at most a truncated tail) and no engine may survive;
//! at the end each planned game is in the file exactly once, with its `.psq` and `.sgf`.
//! Also: results files that are damaged in ways a kill cannot cause are refused with an error
//! naming the line, and left unchanged.

mod common;

use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;
use rand::{Rng, SeedableRng};
use tengen_manager::record::{from_json_line, parse_psq, parse_sgf};

/// Games in the run.
const PLANNED: u64 = 16;
/// Kills before the run is allowed to finish.
const KILLS: usize = 15;

fn first_run_args(out: &Path) -> Vec<String> {
    let mut a = strings(&[
        "--games",
        &PLANNED.to_string(),
        "--rule",
        "freestyle",
        "--size",
        "9",
        "--openings",
        "none",
        "--tc",
        "turn=2",
        "--quiet",
        "--concurrency",
        "2",
        "--seed",
        "5",
        "--out",
    ]);
    a.push(out.display().to_string());
    // 4 ms per move: a game takes a few hundred ms, so kills land everywhere
    // (between games, mid-game, while a record is written).
    for (name, seed) in [("A", "1"), ("B", "2")] {
        a.push("-e".into());
        a.push(mock_engine(name, &["--delay", "4", "--seed", seed]));
    }
    a
}

/// What a kill may leave: every complete line a record, no game twice, and at most a
/// truncated last line (no newline). Returns the finished game numbers.
fn check_consistent(out: &Path, round: usize) -> Vec<u64> {
    let bytes = std::fs::read(out.join("results.jsonl")).unwrap_or_default();
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let text = std::str::from_utf8(&bytes[..complete]).expect("complete lines are UTF-8");
    let mut seen = HashSet::new();
    let mut ids = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let rec = from_json_line(line)
            .unwrap_or_else(|e| panic!("round {round}: line {} is not a record: {e}", i + 1));
        assert!(
            seen.insert(rec.game),
            "round {round}: game {} twice",
            rec.game
        );
        assert!(
            rec.game < PLANNED,
            "round {round}: unplanned game {}",
            rec.game
        );
        // The record files are written before the line.
        let base = out.join(format!("games/game-{:06}", rec.game));
        let psq = std::fs::read_to_string(base.with_extension("psq")).unwrap();
        assert_eq!(parse_psq(&psq).unwrap().moves.len(), rec.moves.len());
        let sgf = std::fs::read_to_string(base.with_extension("sgf")).unwrap();
        assert!(parse_sgf(&sgf).is_ok(), "round {round}: game {}", rec.game);
        ids.push(rec.game);
    }
    ids
}

#[test]
fn repeated_kill_nine_and_resume_keeps_every_game_exactly_once() {
    let tag = unique_tag("powercut");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x7e46e4);
    let mut done_before = 0;
    let mut kills_mid_run = 0;
    for round in 0..KILLS {
        let saved = out.join("run.json").is_file();
        let args = if saved {
            strings(&["--resume", "--quiet", "--out", out.to_str().unwrap()])
        } else {
            first_run_args(&out)
        };
        let mut child = Command::new(manager())
            .args(&args)
            .env("MOCK_TAG", &tag)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Mostly early kills (startup, first games), some later ones.
        let wait = Duration::from_millis(rng.gen_range(0..250) + rng.gen_range(0..250));
        let start = Instant::now();
        let finished = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if start.elapsed() >= wait {
                break None;
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        if finished.is_none() {
            // SAFETY: plain kill(2) of our own child.
            unsafe {
                libc::kill(child.id() as i32, libc::SIGKILL);
            }
            kills_mid_run += 1;
        }
        let o = child.wait_with_output().unwrap();
        if finished.is_some() {
            assert!(
                o.status.success(),
                "round {round}: the manager failed on its own: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        let left = wait_until_gone(&tag);
        assert!(
            left.is_empty(),
            "round {round}: engines outlived the manager: {left:?}"
        );
        let ids = check_consistent(&out, round);
        assert!(ids.len() >= done_before, "round {round}: games were lost");
        done_before = ids.len();
        if ids.len() as u64 == PLANNED {
            break;
        }
    }
    let tails = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".truncated-"))
        .count();
    eprintln!(
        "{kills_mid_run} kills mid-run, {done_before} of {PLANNED} games done before the last resume, {tails} truncated tail(s) set aside"
    );
    assert!(
        kills_mid_run >= 3,
        "the kills must land mid-run: {kills_mid_run}"
    );
    // Finish the run (from the start if, on a very slow machine, no kill came late enough
    // for the run to be saved).
    let args = if out.join("run.json").is_file() {
        strings(&["--resume", "--quiet", "--out", out.to_str().unwrap()])
    } else {
        first_run_args(&out)
    };
    let o = run_manager(&args, &tag);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut ids = check_consistent(&out, KILLS);
    ids.sort_unstable();
    assert_eq!(
        ids,
        (0..PLANNED).collect::<Vec<_>>(),
        "each planned game exactly once"
    );
    let bytes = std::fs::read(out.join("results.jsonl")).unwrap();
    assert!(bytes.ends_with(b"\n"), "no truncated tail is left");
    assert!(wait_until_gone(&tag).is_empty());
}

/// A finished 4-game run's directory.
fn finished_run(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let tag = unique_tag(name);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let mut args = first_run_args(&out);
    let games = args.iter().position(|a| a == "--games").unwrap();
    args[games + 1] = "4".into();
    let o = run_manager(&args, &tag);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    (dir, out)
}

/// `--resume` on a damaged file: the one-line error, and the file must be unchanged.
fn resume_refuses(out: &Path, damaged: &[u8]) -> String {
    let path = out.join("results.jsonl");
    std::fs::write(&path, damaged).unwrap();
    let o = run_manager(
        &strings(&["--resume", "--quiet", "--out", out.to_str().unwrap()]),
        &unique_tag("refuse"),
    );
    let e = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!o.status.success(), "a damaged file must stop the resume");
    assert_eq!(e.trim().lines().count(), 1, "one-line error: {e}");
    assert_eq!(std::fs::read(&path).unwrap(), damaged, "nothing is changed");
    e
}

#[test]
fn damage_a_kill_cannot_cause_is_refused_naming_the_line() {
    let (_dir, out) = finished_run("damage");
    let good = std::fs::read(out.join("results.jsonl")).unwrap();
    let lines: Vec<&[u8]> = good.split_inclusive(|&b| b == b'\n').collect();
    assert_eq!(lines.len(), 4);

    // A game recorded twice.
    let mut dup = good.clone();
    dup.extend_from_slice(lines[1]);
    let e = resume_refuses(&out, &dup);
    assert!(e.contains("line 5") && e.contains("repeats game"), "{e}");

    // Binary junk (not UTF-8) in the middle.
    let mut junk = Vec::new();
    junk.extend_from_slice(lines[0]);
    junk.extend_from_slice(b"\xff\xfe\x00garbage\n");
    junk.extend_from_slice(lines[1]);
    let e = resume_refuses(&out, &junk);
    assert!(e.contains("line 2"), "{e}");

    // A complete line (it has its newline) that was cut: not a kill mid-write.
    let mut cut = Vec::new();
    cut.extend_from_slice(lines[0]);
    cut.extend_from_slice(&lines[1][..lines[1].len() / 2]);
    cut.push(b'\n');
    cut.extend_from_slice(lines[2]);
    let e = resume_refuses(&out, &cut);
    assert!(e.contains("line 2"), "{e}");

    // A fresh run into the damaged directory refuses too, instead of overwriting.
    let o = run_manager(&first_run_args(&out), &unique_tag("damage-fresh"));
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--resume"));
    assert_eq!(std::fs::read(out.join("results.jsonl")).unwrap(), cut);
}

#[test]
fn a_damaged_run_file_is_reported_not_replaced() {
    let (_dir, out) = finished_run("runjson");
    let path = out.join("run.json");
    std::fs::write(&path, b"{\"version\":1,\"ar").unwrap();
    let o = run_manager(
        &strings(&["--resume", "--quiet", "--out", out.to_str().unwrap()]),
        &unique_tag("runjson-resume"),
    );
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        e.contains("run.json") && e.contains("not a saved run"),
        "{e}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), b"{\"version\":1,\"ar");
}

#[test]
fn a_hand_edited_run_file_with_a_wrong_value_is_refused_naming_it() {
    let (_dir, out) = finished_run("runjson-edit");
    let path = out.join("run.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let edited = text.replace("\"turn=2\"", "\"turn=2x\"");
    assert_ne!(edited, text, "the saved run holds the time control");
    std::fs::write(&path, &edited).unwrap();
    let results = std::fs::read(out.join("results.jsonl")).unwrap();
    let o = run_manager(
        &strings(&["--resume", "--quiet", "--out", out.to_str().unwrap()]),
        &unique_tag("runjson-edit-resume"),
    );
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(
        e.contains("--tc") && e.contains("turn=2x") && e.contains("column"),
        "{e}"
    );
    assert_eq!(e.trim().lines().count(), 1, "{e}");
    assert_eq!(std::fs::read(out.join("results.jsonl")).unwrap(), results);
}
