//! `--resume` after a hard kill: every planned game ends up in the results file exactly
//! once; a truncated last line is set aside and its game replayed; a corrupt line in the
//! middle stops the resume with an error naming the line.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;

fn args_for(out: &std::path::Path, games: u64, extra: &[&str]) -> Vec<String> {
    args_with(out, games, "legal", extra)
}

fn args_with(out: &std::path::Path, games: u64, mode: &str, extra: &[&str]) -> Vec<String> {
    let mut a = strings(&[
        "--games",
        &games.to_string(),
        "--tc",
        "turn=2",
        "--quiet",
        "--concurrency",
        "2",
        "--out",
    ]);
    a.push(out.display().to_string());
    // Slow brains (a few ms per move) so that the kill lands in the middle of the run.
    a.extend([
        "-e".into(),
        mock_engine("A", &["--mode", mode, "--delay", "3", "--seed", "1"]),
    ]);
    a.extend([
        "-e".into(),
        mock_engine("B", &["--mode", mode, "--delay", "3", "--seed", "2"]),
    ]);
    a.extend(strings(extra));
    a
}

fn game_ids(out: &std::path::Path) -> Vec<u64> {
    let mut ids: Vec<u64> = results(out)
        .iter()
        .map(|g| g["game"].as_u64().unwrap())
        .collect();
    ids.sort_unstable();
    ids
}

#[test]
fn kill_nine_then_resume_plays_each_game_once() {
    let tag = unique_tag("kill9");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let planned = 16u64;
    // Brains that ignore END and the end of their input: only the kernel's parent-death
    // signal (set by the manager for every engine) can stop them after a kill -9.
    let mut child = Command::new(manager())
        .args(args_with(&out, planned, "ignore-end", &[]))
        .env("MOCK_TAG", &tag)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until a few games are in, then kill -9 the manager in the middle of the run.
    let start = Instant::now();
    loop {
        let n = std::fs::read_to_string(out.join("results.jsonl")).map_or(0, |t| t.lines().count());
        if n >= 3 || start.elapsed() > Duration::from_secs(30) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    // SAFETY: plain kill(2) of our own child.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGKILL);
    }
    child.wait().unwrap();
    let before = game_ids(&out);
    assert!(
        before.len() >= 3 && (before.len() as u64) < planned,
        "killed mid-run: {before:?}"
    );
    // No brain survives its manager.
    assert!(wait_until_gone(&tag).is_empty());

    let o = run_manager(
        &strings(&["--resume", "--quiet", "--out", out.to_str().unwrap()]),
        &tag,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let after = game_ids(&out);
    assert_eq!(
        after,
        (0..planned).collect::<Vec<_>>(),
        "each planned game exactly once"
    );
    // Games finished before the kill were kept as they were.
    for id in &before {
        assert!(after.contains(id));
    }
    // A second resume has nothing left to do.
    let o = run_manager(
        &strings(&["--resume", "--quiet", "--out", out.to_str().unwrap()]),
        &tag,
    );
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("0 played now"));
    assert_eq!(game_ids(&out).len() as u64, planned);
    assert!(wait_until_gone(&tag).is_empty());
}

#[test]
fn truncated_last_line_is_set_aside_and_its_game_replayed() {
    let tag = unique_tag("trunc");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let o = run_manager(&args_for(&out, 4, &[]), &tag);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Simulate a crash in the middle of writing the last line.
    let path = out.join("results.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let last = lines[3];
    let cut = format!("{}\n{}", lines[..3].join("\n"), &last[..last.len() / 2]);
    std::fs::write(&path, &cut).unwrap();
    let o = run_manager(
        &strings(&["--resume", "--out", out.to_str().unwrap()]),
        &tag,
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    assert!(
        stderr.contains("truncated line 4"),
        "the repair is reported: {stderr}"
    );
    assert_eq!(game_ids(&out), vec![0, 1, 2, 3]);
    let aside: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("results.jsonl.truncated-")
        })
        .collect();
    assert_eq!(aside.len(), 1, "the partial line is kept aside");
    assert_eq!(
        std::fs::read_to_string(aside[0].path()).unwrap(),
        &last[..last.len() / 2]
    );
    assert!(wait_until_gone(&tag).is_empty());
}

#[test]
fn corrupt_line_in_the_middle_stops_the_resume() {
    let tag = unique_tag("corrupt");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let o = run_manager(&args_for(&out, 4, &[]), &tag);
    assert!(o.status.success());
    let path = out.join("results.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[1] = "{\"game\": 1, \"oops".into();
    let broken = lines.join("\n") + "\n";
    std::fs::write(&path, &broken).unwrap();
    let o = run_manager(
        &strings(&["--resume", "--out", out.to_str().unwrap()]),
        &tag,
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(stderr.contains("line 2"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "one-line error: {stderr}");
    // Nothing was changed.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
}

#[test]
fn a_finished_run_is_not_overwritten_without_resume() {
    let tag = unique_tag("overwrite");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    assert!(run_manager(&args_for(&out, 2, &[]), &tag).status.success());
    let before = std::fs::read_to_string(out.join("results.jsonl")).unwrap();
    let o = run_manager(&args_for(&out, 2, &[]), &tag);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--resume"));
    assert_eq!(
        std::fs::read_to_string(out.join("results.jsonl")).unwrap(),
        before
    );
}

#[test]
fn ctrl_c_stops_cleanly_and_resume_finishes_the_run() {
    let tag = unique_tag("sigint");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let planned = 12u64;
    let child = Command::new(manager())
        .args(args_with(&out, planned, "ignore-end", &[]))
        .env("MOCK_TAG", &tag)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::read_to_string(out.join("results.jsonl")).map_or(0, |t| t.lines().count()) < 2
        && start.elapsed() < Duration::from_secs(30)
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    // SAFETY: plain kill(2) of our own child.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "interrupted runs exit with 130");
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains("interrupted") && stdout.contains("--resume"),
        "{stdout}"
    );
    // No engine of the abandoned games is left.
    assert!(wait_until_gone(&tag).is_empty());
    let before = game_ids(&out).len() as u64;
    assert!(before < planned, "stopped early ({before} games)");
    let o = run_manager(
        &strings(&["--resume", "--quiet", "--out", out.to_str().unwrap()]),
        &tag,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(game_ids(&out), (0..planned).collect::<Vec<_>>());
    assert!(wait_until_gone(&tag).is_empty());
}

#[test]
fn an_interrupted_knockout_resumes_to_the_same_bracket() {
    let tag = unique_tag("kores");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    // Every game is drawn after 6 moves: 2 games + 4 tie-break pairs, then seed A goes through.
    let mut args = strings(&[
        "--tournament",
        "knockout",
        "--games",
        "2",
        "--draw-after",
        "6",
        "--quiet",
        "--out",
    ]);
    args.push(out.display().to_string());
    args.extend(["-e".into(), mock_engine("A", &["--delay", "15"])]);
    args.extend(["-e".into(), mock_engine("B", &["--delay", "15"])]);
    let child = Command::new(manager())
        .args(&args)
        .env("MOCK_TAG", &tag)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::read_to_string(out.join("results.jsonl")).map_or(0, |t| t.lines().count()) < 3
        && start.elapsed() < Duration::from_secs(30)
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    // SAFETY: plain kill(2) of our own child.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGKILL);
    }
    let _ = child.wait_with_output();
    let before = game_ids(&out).len();
    assert!(
        (3..10).contains(&before),
        "interrupted mid-knockout: {before}"
    );
    let o = run_manager(
        &strings(&["--resume", "--out", out.to_str().unwrap()]),
        &tag,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(game_ids(&out), (0..10).collect::<Vec<_>>());
    assert!(String::from_utf8_lossy(&o.stdout).contains("Knockout winner: A"));
    assert!(wait_until_gone(&tag).is_empty());
}
