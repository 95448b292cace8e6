//! `--report`: the standings of a saved run, read without starting an engine or changing a
//! file; and the SPRT state shown while a match goes on and at its end, decided or not.

mod common;

use std::path::Path;

use common::*;

/// A 6-game match of two mock brains with an SPRT that 6 games cannot decide. `named`:
/// the engines are named A and B by `name=`; else by their `ABOUT` (both `mock-legal`, so
/// the manager calls them `mock-legal#1` and `mock-legal#2`).
fn play(out: &Path, tag: &str, quiet: bool, named: bool) -> std::process::Output {
    let mut a = strings(&["--games", "6", "--tc", "turn=2", "--out"]);
    a.push(out.display().to_string());
    a.extend(strings(&["--sprt", "elo0=0,elo1=5"]));
    if quiet {
        a.push("--quiet".into());
    }
    for (name, seed) in [("A", "1"), ("B", "2")] {
        let spec = if named {
            mock_engine(name, &["--seed", seed])
        } else {
            format!("cmd={} arg=--seed arg={seed}", mock())
        };
        a.extend(["-e".into(), spec]);
    }
    run_manager(&a, tag)
}

fn report(out: &Path, tag: &str) -> std::process::Output {
    run_manager(&strings(&["--report", "--out", out.to_str().unwrap()]), tag)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The standings part of the final output: everything before the "N game(s) in" line.
fn table_part(stdout: &str) -> String {
    stdout
        .lines()
        .take_while(|l| !l.contains("game(s) in"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn sprt_line(stdout: &str) -> String {
    stdout
        .lines()
        .find(|l| l.starts_with("SPRT (") && l.contains("): LLR"))
        .unwrap_or_else(|| panic!("no SPRT line in:\n{stdout}"))
        .to_string()
}

#[test]
fn report_repeats_the_final_standings_and_changes_nothing() {
    let tag = unique_tag("report");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let o = play(&out, &tag, false, true);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let played = text(&o.stdout);
    // An undecided SPRT is still shown at the end...
    let end_sprt = sprt_line(&played);
    assert!(end_sprt.ends_with("continue"), "{end_sprt}");
    // ...and after every game.
    let progress = text(&o.stderr);
    let with_llr = progress.lines().filter(|l| l.contains("| LLR ")).count();
    assert_eq!(
        with_llr, 6,
        "one progress line per game with the LLR:\n{progress}"
    );

    let results = out.join("results.jsonl");
    let run_json = out.join("run.json");
    let before = (
        std::fs::read(&results).unwrap(),
        std::fs::read(&run_json).unwrap(),
    );
    let r = report(&out, &tag);
    assert!(r.status.success(), "{}", text(&r.stderr));
    let reported = text(&r.stdout);
    assert_eq!(table_part(&reported), table_part(&played));
    assert_eq!(sprt_line(&reported), end_sprt);
    assert!(reported.contains("6 game(s) in"), "{reported}");
    assert_eq!(
        (
            std::fs::read(&results).unwrap(),
            std::fs::read(&run_json).unwrap()
        ),
        before,
        "--report changes no file"
    );
    // No engine was started for the report.
    assert!(!text(&r.stderr).contains("checking the engines"));
}

#[test]
fn report_leaves_an_unfinished_last_line_alone() {
    let tag = unique_tag("report-cut");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let o = play(&out, &tag, true, true);
    assert!(o.status.success(), "{}", text(&o.stderr));
    // The run as it looks while game 6 is being written: its line has no newline yet.
    let path = out.join("results.jsonl");
    let full = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = full.lines().collect();
    let cut = format!(
        "{}\n{}",
        lines[..5].join("\n"),
        &lines[5][..lines[5].len() / 2]
    );
    std::fs::write(&path, &cut).unwrap();

    let r = report(&out, &tag);
    assert!(r.status.success(), "{}", text(&r.stderr));
    assert!(
        text(&r.stdout).contains("5 game(s) in"),
        "{}",
        text(&r.stdout)
    );
    assert!(
        text(&r.stderr).contains("unfinished last line 6"),
        "{}",
        text(&r.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        cut,
        "file untouched"
    );
    let leftovers = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("truncated"))
        .count();
    assert_eq!(leftovers, 0, "nothing set aside");
}

#[test]
fn report_of_a_run_saved_without_names_takes_them_from_the_games() {
    let tag = unique_tag("report-old");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let o = play(&out, &tag, true, false);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let played = text(&o.stdout);
    // Runs saved before names were kept have only the command line in run.json. The
    // engines here are named by ABOUT, not by `name=`, so the games are the only source.
    let run_json = out.join("run.json");
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&run_json).unwrap()).unwrap();
    assert!(v["names"].is_array(), "names are saved: {v}");
    v.as_object_mut().unwrap().remove("names");
    std::fs::write(&run_json, v.to_string()).unwrap();

    let r = report(&out, &tag);
    assert!(r.status.success(), "{}", text(&r.stderr));
    let reported = text(&r.stdout);
    assert_eq!(table_part(&reported), table_part(&played));
    assert_eq!(sprt_line(&reported), sprt_line(&played));
}

#[test]
fn report_needs_a_saved_run() {
    let tag = unique_tag("report-none");
    let dir = tempfile::tempdir().unwrap();
    let r = run_manager(&strings(&["--report"]), &tag);
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("--report"), "{}", text(&r.stderr));
    assert!(
        text(&r.stderr).contains("needs --out"),
        "{}",
        text(&r.stderr)
    );

    let r = report(dir.path(), &tag);
    assert_eq!(r.status.code(), Some(2));
    let e = text(&r.stderr);
    assert!(e.contains("cannot report") && e.contains("run.json"), "{e}");

    let r = run_manager(
        &strings(&[
            "--report",
            "--resume",
            "--out",
            dir.path().to_str().unwrap(),
        ]),
        &tag,
    );
    assert_eq!(r.status.code(), Some(2));
    assert!(
        text(&r.stderr).contains("cannot be used with"),
        "{}",
        text(&r.stderr)
    );
}
