//! Tournament kinds, SPRT stops, Swap2 and the command line, with mock brains.

mod common;

use std::collections::HashMap;

use common::*;
use tengen_manager::record::from_json_line;
use tengen_manager::sprt::{Sprt, SprtDecision};
use tengen_manager::stats::ResultsTable;

fn run_ok(name: &str, args: &[String]) -> (tempfile::TempDir, Vec<serde_json::Value>, String) {
    let tag = unique_tag(name);
    let out = tempfile::tempdir().unwrap();
    let mut a = args.to_vec();
    a.extend([
        "--quiet".into(),
        "--out".into(),
        out.path().display().to_string(),
    ]);
    let o = run_manager(&a, &tag);
    assert!(
        o.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(wait_until_gone(&tag).is_empty(), "{name}: processes left");
    let games = results(out.path());
    (out, games, String::from_utf8_lossy(&o.stdout).into_owned())
}

fn engines(names: &[&str]) -> Vec<String> {
    names
        .iter()
        .enumerate()
        .flat_map(|(i, n)| {
            [
                "-e".to_string(),
                mock_engine(n, &["--seed", &(i + 11).to_string()]),
            ]
        })
        .collect()
}

fn pair_counts(games: &[serde_json::Value]) -> HashMap<(String, String), usize> {
    let mut m = HashMap::new();
    for g in games {
        let (b, w) = (
            g["black"].as_str().unwrap().to_string(),
            g["white"].as_str().unwrap().to_string(),
        );
        *m.entry((b, w)).or_default() += 1;
    }
    m
}

#[test]
fn round_robin_plays_every_pair_with_both_colours() {
    let mut a = strings(&[
        "--tournament",
        "roundrobin",
        "--games",
        "2",
        "--concurrency",
        "3",
    ]);
    a.extend(engines(&["A", "B", "C"]));
    let (_d, games, stdout) = run_ok("rr", &a);
    assert_eq!(games.len(), 6);
    let pc = pair_counts(&games);
    for (x, y) in [("A", "B"), ("A", "C"), ("B", "C")] {
        assert_eq!(pc[&(x.to_string(), y.to_string())], 1, "{x} black vs {y}");
        assert_eq!(pc[&(y.to_string(), x.to_string())], 1, "{y} black vs {x}");
    }
    // Paired games share the opening.
    let mut by_pair: HashMap<u64, Vec<&serde_json::Value>> = HashMap::new();
    for g in &games {
        by_pair
            .entry(g["pair"].as_u64().unwrap())
            .or_default()
            .push(g);
    }
    assert_eq!(by_pair.len(), 3);
    for v in by_pair.values() {
        assert_eq!(v.len(), 2);
        assert_eq!(v[0]["opening_name"], v[1]["opening_name"]);
        assert_eq!(v[0]["black"], v[1]["white"]);
    }
    for n in ["A", "B", "C"] {
        assert!(stdout.contains(n), "table lists {n}: {stdout}");
    }
}

#[test]
fn gauntlet_pits_the_first_engine_against_each_other() {
    let mut a = strings(&["--tournament", "gauntlet", "--games", "4", "--rounds", "2"]);
    a.extend(engines(&["A", "B", "C"]));
    let (_d, games, _) = run_ok("gauntlet", &a);
    assert_eq!(games.len(), 16);
    assert!(games.iter().all(|g| g["black"] == "A" || g["white"] == "A"));
    let a_black = games.iter().filter(|g| g["black"] == "A").count();
    assert_eq!(a_black, 8, "colours balanced");
}

#[test]
fn knockout_level_mini_match_gets_tie_breaks_then_the_higher_seed_goes_through() {
    // Every game is adjudicated a draw after 6 moves, so every mini-match stays level.
    let mut a = strings(&[
        "--tournament",
        "knockout",
        "--games",
        "2",
        "--draw-after",
        "6",
    ]);
    a.extend(engines(&["A", "B"]));
    let (_d, games, stdout) = run_ok("ko-draw", &a);
    assert_eq!(games.len(), 2 + 2 * 4, "2 games and 4 tie-break pairs");
    assert!(games
        .iter()
        .all(|g| g["result"] == "draw" && g["reason"] == "adjudication"));
    assert!(stdout.contains("Knockout winner: A"), "{stdout}");
}

#[test]
fn knockout_with_a_broken_engine_eliminates_it() {
    // B answers garbage and loses every game; C and D are healthy; A gets the bye.
    let mut a = strings(&["--tournament", "knockout", "--games", "2", "--tc", "turn=1"]);
    a.extend(["-e".into(), mock_engine("A", &["--seed", "1"])]);
    a.extend(["-e".into(), mock_engine("B", &["--mode", "garbage"])]);
    a.extend(["-e".into(), mock_engine("C", &["--seed", "3"])]);
    let (_d, games, stdout) = run_ok("ko", &a);
    // Round 1: B vs C (A has a bye); final: A vs C, with tie-breaks if level.
    assert!(games
        .iter()
        .filter(|g| g["black"] == "B" || g["white"] == "B")
        .all(|g| {
            let b_black = g["black"] == "B";
            g["result"] == if b_black { "white-win" } else { "black-win" }
        }));
    assert!(!stdout.contains("Knockout winner: B"), "{stdout}");
    assert!(stdout.contains("Knockout winner:"), "{stdout}");
    let ids: Vec<u64> = games.iter().map(|g| g["game"].as_u64().unwrap()).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), ids.len(), "game numbers are unique");
}

#[test]
fn sprt_stops_the_match_on_a_decision() {
    let mut a = strings(&[
        "--games",
        "1000",
        "--sprt",
        "elo0=0,elo1=20,alpha=0.05,beta=0.05",
        "--tc",
        "turn=1",
    ]);
    a.extend(["-e".into(), mock_engine("strong", &["--seed", "1"])]);
    a.extend([
        "-e".into(),
        mock_engine("weak", &["--mode", "garbage", "--after", "1"]),
    ]);
    let (_d, games, stdout) = run_ok("sprt", &a);
    assert!(
        games.len() < 1000,
        "stopped early after {} games",
        games.len()
    );
    assert!(
        stdout.contains("SPRT") && stdout.contains("H1 accepted"),
        "{stdout}"
    );
    // The run stopped exactly at the first game that decided the test.
    let sprt = Sprt::new(0.0, 20.0, 0.05, 0.05).unwrap();
    let decision = |n: usize| {
        let mut t = ResultsTable::with_engines(&["strong", "weak"]);
        for g in &games[..n] {
            t.add_record(&from_json_line(&g.to_string()).unwrap());
        }
        let p = t.pair("strong", "weak").unwrap();
        if p.penta.pairs() > 0 {
            sprt.test_pentanomial(&p.penta).decision
        } else {
            sprt.test_trinomial(&p.total).decision
        }
    };
    assert_eq!(decision(games.len()), SprtDecision::AcceptH1);
    assert_eq!(decision(games.len() - 1), SprtDecision::Continue);
}

/// One Swap2 game (A = the first engine lays the 3 stones); its record.
fn swap2_game(name: &str, a_answer: &str, b_answer: &str) -> serde_json::Value {
    let mut a = strings(&[
        "--rule",
        "freestyle",
        "--opening-rule",
        "swap2",
        "--games",
        "1",
        "--tc",
        "turn=1",
    ]);
    a.extend([
        "-e".into(),
        mock_engine("A", &["--seed", "1", "--swap2", a_answer]),
    ]);
    a.extend([
        "-e".into(),
        mock_engine("B", &["--seed", "2", "--swap2", b_answer]),
    ]);
    let (_d, games, _) = run_ok(name, &a);
    assert_eq!(games.len(), 1);
    let g = games[0].clone();
    let moves: Vec<&str> = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(&moves[..3], &["7,7", "8,7", "9,9"], "A's three stones: {g}");
    assert_eq!(g["opening_len"], 0, "Swap2 stones are the players' moves");
    g
}

fn notes(g: &serde_json::Value) -> Vec<String> {
    g["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn swap2_every_branch_assigns_the_colours_it_chose() {
    // B stays white and plays move 4.
    let g = swap2_game("swap2-move", "move", "move");
    assert!(
        notes(&g).contains(&"swap2: B took white and played move 4".to_string()),
        "{g}"
    );
    assert_eq!(
        (g["black"].as_str(), g["white"].as_str()),
        (Some("A"), Some("B"))
    );
    // B swaps: B is black, A plays move 4 as white.
    let g = swap2_game("swap2-swap", "move", "swap");
    assert!(
        notes(&g).contains(&"swap2: B took black".to_string()),
        "{g}"
    );
    assert_eq!(
        (g["black"].as_str(), g["white"].as_str()),
        (Some("B"), Some("A"))
    );
    // B adds two stones; A takes black, B plays move 6 as white.
    let g = swap2_game("swap2-two-swap", "swap", "two");
    let n = notes(&g);
    assert!(
        n.contains(&"swap2: B added 2 stones".to_string())
            && n.contains(&"swap2: A took black".to_string()),
        "{g}"
    );
    assert_eq!(
        (g["black"].as_str(), g["white"].as_str()),
        (Some("A"), Some("B"))
    );
    // B adds two stones; A stays white and plays move 6.
    let g = swap2_game("swap2-two-move", "move", "two");
    assert!(
        notes(&g).contains(&"swap2: A took white and played move 6".to_string()),
        "{g}"
    );
    assert_eq!(
        (g["black"].as_str(), g["white"].as_str()),
        (Some("B"), Some("A"))
    );
    assert!(g["moves"].as_array().unwrap().len() >= 6);
}

#[test]
fn per_move_warnings_are_recorded_and_the_next_overrun_loses() {
    // 0.3 s per move with one warning, tolerance 100 ms; the slow brain takes 1 s per move.
    let mut a = strings(&[
        "--games",
        "1",
        "--tc",
        "warn=0.3x1,cap=5",
        "--tolerance",
        "100ms",
        "--openings",
        "none",
    ]);
    a.extend(["-e".into(), mock_engine("slow", &["--delay", "1000"])]);
    a.extend(["-e".into(), mock_engine("quick", &[])]);
    let (_d, games, _) = run_ok("warn", &a);
    let g = &games[0];
    assert_eq!(g["result"], "white-win", "{g}");
    assert_eq!(g["reason"], "time");
    assert!(
        g["detail"]
            .as_str()
            .unwrap()
            .contains("after the last warning"),
        "{g}"
    );
    // The slow brain has black: its moves are the even-numbered entries.
    let warned: Vec<&serde_json::Value> = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .step_by(2)
        .filter(|m| m.get("warning").is_some())
        .collect();
    assert_eq!(warned.len(), 1, "one warning recorded on its move: {g}");
    assert!(warned[0]["ms"].as_u64().unwrap() >= 1000);
    assert!(notes(g).iter().any(|n| n.contains("time warning 1")), "{g}");
}

fn cli_error(args: &[&str]) -> String {
    let o = std::process::Command::new(manager())
        .args(args)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{args:?} must fail with status 2");
    let e = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(e.trim().lines().count(), 1, "one-line error: {e}");
    e
}

#[test]
fn bad_options_give_one_line_errors_naming_the_input() {
    let m = mock();
    let eng = format!("cmd={m}");
    let e = cli_error(&["-e", &eng, "-e", &eng, "--tc", "10+x"]);
    assert!(e.contains("--tc") && e.contains("10+x"), "{e}");
    let e = cli_error(&["-e", &eng, "-e", &format!("cmd={m} colour=red")]);
    assert!(e.contains("colour=red"), "{e}");
    let e = cli_error(&[
        "-e",
        &eng,
        "-e",
        &eng,
        "--opening-rule",
        "chinese",
        "--equivalence",
        "mirror",
    ]);
    assert!(e.contains("--equivalence") && e.contains("mirror"), "{e}");
    let e = cli_error(&["-e", &eng, "-e", &eng, "-e", &eng]);
    assert!(e.contains("exactly 2 engines"), "{e}");
    let e = cli_error(&["-e", &eng, "-e", &eng, "--size", "30"]);
    assert!(e.contains("--size"), "{e}");
    let e = cli_error(&["-e", &eng, "-e", &eng, "--sprt", "elo0=5,elo1=0"]);
    assert!(e.contains("--sprt"), "{e}");
    let e = cli_error(&["-e", &eng, "-e", &eng, "--rule", "chess"]);
    assert!(e.contains("chess"), "{e}");
    let e = cli_error(&[
        "-e",
        &eng,
        "-e",
        &eng,
        "--openings",
        "/nonexistent/book.txt",
    ]);
    assert!(e.contains("/nonexistent/book.txt"), "{e}");
    let e = cli_error(&["--resume", "--out", "/nonexistent/run"]);
    assert!(e.contains("run.json"), "{e}");
}

#[test]
fn a_broken_engine_command_stops_before_any_game() {
    let tag = unique_tag("nocmd");
    let out = tempfile::tempdir().unwrap();
    let a = strings(&[
        "-e",
        "cmd=/nonexistent/pbrain-x",
        "-e",
        &format!("cmd={}", mock()),
        "--out",
        out.path().to_str().unwrap(),
    ]);
    let o = run_manager(&a, &tag);
    assert!(!o.status.success());
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("/nonexistent/pbrain-x"), "{e}");
    assert!(results(out.path()).is_empty());
}

#[test]
fn help_documents_every_option_with_an_example() {
    let o = std::process::Command::new(manager())
        .arg("--help")
        .output()
        .unwrap();
    assert!(o.status.success());
    let help = String::from_utf8_lossy(&o.stdout);
    let mut options = 0;
    let options_part = help
        .split_once("Options:")
        .and_then(|(_, rest)| rest.split_once("EXAMPLES:"))
        .map(|(opts, _)| opts)
        .expect("an Options section before the examples");
    // An option's entry starts on a line indented by at most 6 spaces with a dash.
    let mut blocks: Vec<String> = Vec::new();
    for line in options_part.lines() {
        let indent = line.len() - line.trim_start().len();
        if indent <= 6 && line.trim_start().starts_with('-') {
            blocks.push(String::new());
        }
        if let Some(b) = blocks.last_mut() {
            b.push_str(line);
            b.push('\n');
        }
    }
    for block in &blocks {
        let name = block.split_whitespace().next().unwrap_or("");
        if block.contains("--help") || block.contains("--version") {
            continue;
        }
        options += 1;
        assert!(
            block.contains("Example:"),
            "option {name} has no example:\n{block}"
        );
    }
    assert!(options >= 20, "found {options} options");
    for section in ["TIME CONTROL", "10+0.1", "byo=3x10", "warn=15", "--resume"] {
        assert!(help.contains(section), "help mentions {section}");
    }
}

/// How many times each engine was launched, from the `started` lines in the engine logs.
fn launches(dir: &std::path::Path, engine: usize) -> usize {
    std::fs::read_dir(dir.join("logs"))
        .unwrap()
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with(&format!("engine{engine}-"))
        })
        .map(|e| {
            std::fs::read_to_string(e.path())
                .unwrap()
                .matches("mock-brain started")
                .count()
        })
        .sum()
}

#[test]
fn engines_are_reused_across_games_and_relaunched_only_when_needed() {
    let mut a = strings(&["--games", "6", "--tc", "turn=1"]);
    a.extend(["-e".into(), mock_engine("reused", &[])]);
    a.extend(["-e".into(), mock_engine("fresh", &["--mode", "no-restart"])]);
    let (dir, games, _) = run_ok("reuse", &a);
    assert_eq!(games.len(), 6);
    assert_eq!(launches(dir.path(), 1), 1, "RESTART reuses the process");
    assert_eq!(
        launches(dir.path(), 2),
        6,
        "UNKNOWN to RESTART: one launch per game"
    );
    // A crash costs the game, and the next game starts a new process.
    let mut a = strings(&["--games", "4", "--tc", "turn=1"]);
    a.extend([
        "-e".into(),
        mock_engine("crashy", &["--mode", "crash", "--after", "3"]),
    ]);
    a.extend(["-e".into(), mock_engine("steady", &[])]);
    let (dir, games, _) = run_ok("relaunch", &a);
    assert_eq!(games.len(), 4);
    assert_eq!(launches(dir.path(), 2), 1);
    let crashes = games.iter().filter(|g| g["reason"] == "crash").count();
    assert_eq!(
        launches(dir.path(), 1),
        1 + crashes.min(3),
        "one relaunch after each crash"
    );
}
