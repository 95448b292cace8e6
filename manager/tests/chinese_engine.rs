//! End to end under the Chinese rules with the real engine: `tengen-manager` plays
//! `pbrain-tengen` against itself and against a brain without the Tengen extensions
//! (`mock-brain`), and every recorded game replays legally to its result.
//!
//! `pbrain-tengen` belongs to another package, so the test builds it (`cargo build -p
//! tengen-engine`, a no-op when up to date) into this test's target directory, as the root
//! package's `match_e2e` test does.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{manager, mock, results, strings, unique_tag};
use serde_json::Value;
use tengen_rules::{Board, Move, Rule};

fn engine() -> PathBuf {
    let exe = std::env::current_exe().expect("own path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps")
        .to_path_buf();
    let mut cmd = Command::new(option_env!("CARGO").unwrap_or("cargo"));
    cmd.args(["build", "--quiet", "-p", "tengen-engine"]);
    if dir.file_name().is_some_and(|n| n == "release") {
        cmd.arg("--release");
    }
    assert!(cmd.status().expect("cargo build").success());
    let e = dir.join("pbrain-tengen");
    assert!(e.is_file(), "{e:?} missing");
    e
}

fn run(engines: [String; 2], extra: &[&str]) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let mut args = strings(&["--opening-rule", "chinese", "--games", "2", "--seed", "4"]);
    args.extend(strings(&["--tc", "1+0.03", "--quiet", "--out"]));
    args.push(dir.path().display().to_string());
    for e in engines {
        args.push("-e".into());
        args.push(e);
    }
    args.extend(strings(extra));
    let o = Command::new(manager())
        .args(&args)
        .env("MOCK_TAG", unique_tag("chinese-engine"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r = results(dir.path());
    assert_eq!(r.len(), 2);
    r
}

/// The recorded moves replay on a Renju board; a game won by five ends with that five.
fn replays(g: &Value) {
    let moves: Vec<Move> = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| Move::parse_xy(m["move"].as_str().unwrap()).unwrap())
        .collect();
    let b = Board::from_moves(15, 15, Rule::Renju, &moves).expect("legal moves");
    match g["reason"].as_str().unwrap() {
        "five" => {
            let w = b.outcome().and_then(tengen_rules::Outcome::winner);
            let expect = match g["result"].as_str().unwrap() {
                "black-win" => Some(tengen_rules::Color::Black),
                _ => Some(tengen_rules::Color::White),
            };
            assert_eq!(w, expect, "{g}");
        }
        "two-passes" | "board-full" | "draw-agreed" => assert_eq!(g["result"], "draw"),
        other => panic!("unexpected ending {other}: {g}"),
    }
}

fn notes(g: &Value) -> String {
    g["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn pbrain_tengen_plays_the_chinese_rules_against_itself_and_a_plain_brain() {
    let e = engine();
    let t = |name: &str| format!("cmd={} name={name}", e.display());
    let games = run([t("T1"), t("T2")], &[]);
    for g in &games {
        replays(g);
        let n = notes(g);
        assert!(n.contains("laid by black (engine)"), "{n}");
        assert!(n.contains("by the tentative white (engine)"), "{n}");
        assert!(n.contains("(engine)") && !n.contains("fallback"), "{n}");
        assert!(g["opening_name"].as_str().is_some(), "{g}");
    }
    let games = run([t("T"), format!("cmd={} name=P", mock())], &[]);
    for g in &games {
        replays(g);
        let n = notes(g);
        assert!(n.contains("fallback policy"), "{n}");
    }
    // Game 0: the plain brain is the tentative white; game 1: the tentative black.
    assert!(notes(&games[0]).contains("swap by the fallback policy"));
    assert!(notes(&games[1]).contains("assigned by the fallback policy"));
    assert!(notes(&games[1]).contains("black offers"));
    // Extensions off: the fallback policy decides for pbrain-tengen too, through its YXBLOCK.
    let games = run(
        [t("T1"), t("T2")],
        &["--tg-extensions", "off", "--chinese-n", "3"],
    );
    for g in &games {
        replays(g);
        let n = notes(g);
        assert_eq!(n.matches("best move with YXBLOCK").count(), 2, "{n}");
        assert!(
            n.contains("ranks last for black, asked with YXBLOCK"),
            "{n}"
        );
    }
}
