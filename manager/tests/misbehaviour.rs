//! Each way a brain can misbehave ends the game with the right result and reason, the run
//! goes on to its next game, and no process of the run is left behind.
//!
//! Every case runs a real `tengen-manager` on a 2-game match: a misbehaving mock brain
//! ("bad", black in game 0 and white in game 1) against a well-behaved one ("good").

mod common;

use common::*;

struct Case<'a> {
    mode: &'a [&'a str],
    extra: &'a [&'a str],
    /// Expected `reason` for bad's games.
    reason: &'a str,
    /// Text the `detail` must contain.
    detail: &'a str,
    /// Check game 1 too (bad with white); some behaviours only apply to black.
    both: bool,
}

fn check(name: &str, c: &Case) {
    let tag = unique_tag(name);
    let out = tempfile::tempdir().unwrap();
    let mut args = strings(&[
        "--games",
        "2",
        "--tolerance",
        "200ms",
        "--openings",
        "none",
        "--quiet",
        "--out",
    ]);
    args.push(out.path().display().to_string());
    args.push("-e".into());
    args.push(mock_engine("bad", c.mode));
    args.push("-e".into());
    args.push(mock_engine("good", &["--seed", "7"]));
    // A case may set its own time control; the default is tight so that hangs end fast.
    if !c.extra.contains(&"--tc") {
        args.extend(strings(&["--tc", "turn=1"]));
    }
    args.extend(strings(c.extra));
    let o = run_manager(&args, &tag);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{name}: manager failed: {stderr}");
    let games = results(out.path());
    assert_eq!(
        games.len(),
        2,
        "{name}: both games must be played: {games:?}"
    );
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["game"], i as u64, "{name}");
        if i == 1 && !c.both {
            continue;
        }
        let bad_black = g["black"] == "bad";
        let expected = if bad_black { "white-win" } else { "black-win" };
        assert_eq!(g["result"], expected, "{name} game {i}: {g}");
        assert_eq!(g["reason"], c.reason, "{name} game {i}: {g}");
        let detail = g["detail"].as_str().unwrap_or("");
        assert!(
            detail.contains(c.detail),
            "{name} game {i}: detail {detail:?} lacks {:?}",
            c.detail
        );
        // Every recorded move is a legal board move: the bad answer itself is not in it.
        let base = out.path().join(format!("games/game-{i:06}"));
        assert!(base.with_extension("psq").is_file() && base.with_extension("sgf").is_file());
    }
    let left = wait_until_gone(&tag);
    assert!(left.is_empty(), "{name}: processes left behind: {left:?}");
}

#[test]
fn hang_loses_on_time() {
    check(
        "hang",
        &Case {
            mode: &["--mode", "hang", "--after", "2"],
            extra: &[],
            reason: "time",
            detail: "time",
            both: true,
        },
    );
}

#[test]
fn slow_beyond_tolerance_loses_on_time() {
    check(
        "slow",
        &Case {
            mode: &["--mode", "slow", "--ms", "2500"],
            extra: &[],
            reason: "time",
            detail: "time",
            both: true,
        },
    );
}

#[test]
fn crash_mid_game_is_a_crash() {
    check(
        "crash",
        &Case {
            mode: &["--mode", "crash", "--after", "2"],
            extra: &[],
            reason: "crash",
            detail: "signal",
            both: true,
        },
    );
}

#[test]
fn exit_zero_mid_game_is_a_crash() {
    check(
        "exit0",
        &Case {
            mode: &["--mode", "exit0", "--after", "1"],
            extra: &[],
            reason: "crash",
            detail: "code 0",
            both: true,
        },
    );
}

#[test]
fn garbage_answer_is_no_reply() {
    check(
        "garbage",
        &Case {
            mode: &["--mode", "garbage", "--after", "1"],
            extra: &[],
            reason: "no-reply",
            detail: "hello world",
            both: true,
        },
    );
}

#[test]
fn error_answer_is_no_reply() {
    check(
        "error",
        &Case {
            mode: &["--mode", "error"],
            extra: &[],
            reason: "no-reply",
            detail: "mock refuses",
            both: true,
        },
    );
}

#[test]
fn occupied_point_is_illegal() {
    check(
        "occupied",
        &Case {
            mode: &["--mode", "occupied", "--after", "1"],
            extra: &[],
            reason: "illegal-move",
            detail: "occupied",
            both: true,
        },
    );
}

#[test]
fn off_board_point_is_illegal() {
    check(
        "offboard",
        &Case {
            mode: &["--mode", "offboard"],
            extra: &[],
            reason: "illegal-move",
            detail: "15,15",
            both: true,
        },
    );
}

#[test]
fn output_flood_is_stopped() {
    check(
        "flood",
        &Case {
            mode: &["--mode", "flood", "--after", "1"],
            extra: &["--tc", "turn=5"],
            reason: "no-reply",
            detail: "flood",
            both: true,
        },
    );
}

#[test]
fn endless_line_is_cut_and_rejected() {
    check(
        "longline",
        &Case {
            mode: &["--mode", "longline", "--after", "1"],
            extra: &["--tc", "turn=5"],
            reason: "no-reply",
            detail: "longer than",
            both: true,
        },
    );
}

#[test]
fn invalid_utf8_is_no_reply() {
    check(
        "badutf8",
        &Case {
            mode: &["--mode", "badutf8", "--after", "1"],
            extra: &[],
            reason: "no-reply",
            detail: "UTF-8",
            both: true,
        },
    );
}

#[test]
fn answer_before_being_asked_is_caught() {
    check(
        "early",
        &Case {
            mode: &["--mode", "early", "--after", "1"],
            extra: &[],
            reason: "no-reply",
            detail: "unsolicited",
            both: true,
        },
    );
}

#[test]
fn child_holding_the_pipes_is_killed_with_the_group() {
    check(
        "spawn",
        &Case {
            mode: &["--mode", "spawn-child", "--after", "1"],
            extra: &[],
            reason: "crash",
            detail: "crash",
            both: true,
        },
    );
}

#[test]
fn refusing_start_loses_every_game() {
    check(
        "starterror",
        &Case {
            mode: &["--mode", "start-error"],
            extra: &[],
            reason: "crash",
            detail: "START 15",
            both: true,
        },
    );
}

/// Black's script builds H8 I8 J9 J10; then J8 (and others) are double threes.
const BLACK_SCRIPT: &str = "7,7;8,7;9,6;9,5";
/// White stays far away without ever making five.
const WHITE_SCRIPT: &str = "0,14;0,12;0,10;0,8;0,6;2,14;2,12;2,10";

#[test]
fn forbidden_move_loses_under_renju() {
    let mode = [
        "--mode",
        "forbidden",
        "--after",
        "4",
        "--script",
        BLACK_SCRIPT,
    ];
    let tag = unique_tag("forbidden");
    let out = tempfile::tempdir().unwrap();
    let mut args = strings(&[
        "--games",
        "1",
        "--tc",
        "turn=1",
        "--opening-rule",
        "free",
        "--openings",
        "none",
        "--quiet",
        "--out",
    ]);
    args.push(out.path().display().to_string());
    args.extend([
        "-e".into(),
        mock_engine("bad", &mode),
        "-e".into(),
        mock_engine("good", &["--script", WHITE_SCRIPT]),
    ]);
    let o = run_manager(&args, &tag);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let g = &results(out.path())[0];
    assert_eq!(g["result"], "white-win", "{g}");
    assert!(
        g["reason"].as_str().unwrap().starts_with("forbidden:"),
        "{g}"
    );
    // The forbidden stone is the last move of the record: replay and check it.
    let moves: Vec<&str> = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves.len(), 9);
    let mut b = tengen_rules::Board::new(15, tengen_rules::Rule::Renju);
    for m in &moves[..8] {
        b.play(tengen_rules::Move::parse_xy(m).unwrap()).unwrap();
    }
    let last = tengen_rules::Pos::parse_xy(moves[8]).unwrap();
    let kind = b.forbidden(last).expect("the last move is forbidden");
    assert_eq!(g["reason"], format!("forbidden:{}", kind.code()));
    assert!(wait_until_gone(&tag).is_empty());
}

#[test]
fn forbidden_move_is_refused_then_loses_if_insisted_on() {
    let mode = [
        "--mode",
        "forbidden",
        "--after",
        "4",
        "--script",
        BLACK_SCRIPT,
    ];
    let tag = unique_tag("refuse");
    let out = tempfile::tempdir().unwrap();
    let mut args = strings(&[
        "--games",
        "1",
        "--tc",
        "turn=1",
        "--forbidden",
        "refuse",
        "--openings",
        "none",
        "--quiet",
        "--out",
    ]);
    args.push(out.path().display().to_string());
    args.extend([
        "-e".into(),
        mock_engine("bad", &mode),
        "-e".into(),
        mock_engine("good", &["--script", WHITE_SCRIPT]),
    ]);
    let o = run_manager(&args, &tag);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let g = &results(out.path())[0];
    let notes: Vec<&str> = g["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(
        notes
            .iter()
            .filter(|n| n.starts_with("refused forbidden:"))
            .count(),
        10,
        "{g}"
    );
    assert_eq!(g["result"], "white-win");
    // Refused stones never reach the record.
    assert_eq!(g["moves"].as_array().unwrap().len(), 8);
    assert!(wait_until_gone(&tag).is_empty());
}

/// Plays `games` games of a mock brain in `mode` against a well-behaved one: the run must
/// succeed, every game end normally (five or full board), and no process be left behind.
fn harmless_misbehaviour(label: &str, mode: &str, games: usize) {
    let tag = unique_tag(label);
    let out = tempfile::tempdir().unwrap();
    let count = games.to_string();
    let mut args = strings(&["--games", &count, "--tc", "turn=1", "--quiet", "--out"]);
    args.push(out.path().display().to_string());
    args.extend([
        "-e".into(),
        mock_engine("bad", &["--mode", mode]),
        "-e".into(),
        mock_engine("good", &[]),
    ]);
    let o = run_manager(&args, &tag);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let results = results(out.path());
    assert_eq!(results.len(), games);
    for g in &results {
        let r = g["reason"].as_str().unwrap();
        assert!(["five", "board-full"].contains(&r), "{g}");
    }
    assert!(
        wait_until_gone(&tag).is_empty(),
        "a {mode} brain must still be gone after the run"
    );
}

#[test]
fn brain_ignoring_end_is_killed_and_games_are_normal() {
    harmless_misbehaviour("ignoreend", "ignore-end", 2);
}

#[test]
fn brain_without_restart_is_relaunched_for_each_game() {
    harmless_misbehaviour("norestart", "no-restart", 3);
}

#[test]
fn the_leftover_probe_sees_a_running_brain() {
    // Guards the checks above: the probe must find a tagged process while it runs.
    let tag = unique_tag("probe");
    let mut child = std::process::Command::new(mock())
        .env("MOCK_TAG", &tag)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let seen = wait_until_seen(&tag);
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(seen, vec![child.id()]);
    assert!(wait_until_gone(&tag).is_empty());
}
