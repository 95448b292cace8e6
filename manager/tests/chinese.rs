//! The Chinese rules procedure end to end through `tengen-manager`, with scripted brains:
//! `mock_chinese` (speaks the Tengen extensions, or not with `--ext none`) and `mock-brain`
//! (plain Gomocup, answers `UNKNOWN` to `TGEXT`).

mod common;

use std::path::Path;

use common::{manager, mock, results, strings, unique_tag};
use serde_json::Value;
use tengen_rules::{Pos, Symmetry, OPENINGS};

fn cn_mock() -> String {
    env!("CARGO_BIN_EXE_mock_chinese").to_string()
}

/// `--engine` text for `mock_chinese` with its arguments.
fn cn(name: &str, args: &[&str]) -> String {
    let mut s = format!("cmd={} name={name}", cn_mock());
    for a in args {
        s.push_str(" arg=");
        s.push_str(a);
    }
    s
}

/// `--engine` text for the plain mock brain.
fn plain(name: &str) -> String {
    format!("cmd={} name={name}", mock())
}

/// Run a Chinese-rules match of `games` games (or the tournament `extra` describes, which
/// must record `games` games); the output directory and the records.
fn run(engines: [&str; 2], games: u64, extra: &[&str]) -> (tempfile::TempDir, Vec<Value>) {
    let dir = tempfile::tempdir().unwrap();
    let mut args = strings(&["-e", engines[0], "-e", engines[1], "--quiet", "--out"]);
    args.push(dir.path().display().to_string());
    if !extra.contains(&"--games") {
        args.push("--games".into());
        args.push(games.to_string());
    }
    args.extend(strings(extra));
    if !extra.contains(&"--opening-rule") {
        args.extend(strings(&["--opening-rule", "chinese"]));
    }
    if !extra.contains(&"--tc") {
        args.extend(strings(&["--tc", "20+0.1"]));
    }
    if !extra.contains(&"--seed") {
        args.extend(strings(&["--seed", "1"]));
    }
    let tag = unique_tag("chinese");
    let o = std::process::Command::new(manager())
        .args(&args)
        .env("MOCK_TAG", &tag)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let r = results(dir.path());
    assert_eq!(r.len() as u64, games, "{r:?}");
    (dir, r)
}

fn notes(g: &Value) -> Vec<String> {
    g["notes"]
        .as_array()
        .map(|a| a.iter().map(|n| n.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

fn has_note(g: &Value, text: &str) -> bool {
    notes(g).iter().any(|n| n.contains(text))
}

fn moves(g: &Value) -> Vec<String> {
    g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect()
}

/// What engine `n` (1-based) received, from its log (`mock_chinese` echoes its input).
fn log(dir: &Path, n: usize) -> String {
    std::fs::read_to_string(dir.join(format!("logs/engine{n}-slot0.log"))).unwrap_or_default()
}

fn reason(g: &Value) -> (&str, &str, &str) {
    (
        g["result"].as_str().unwrap(),
        g["reason"].as_str().unwrap(),
        g["detail"].as_str().unwrap_or(""),
    )
}

#[test]
fn every_designated_opening_is_recognised_in_all_eight_orientations() {
    // Each brain lays opening k mod 26 in orientation k / 26 in its k-th game; the tentative
    // white answers garbage to TGSWAP, so each game ends right after the opening is judged.
    let e = cn("cycle", &["--opening", "cycle", "--swap", "maybe"]);
    let (_dir, games) = run([&e, &e], 208, &[]);
    let centre = Pos::new(7, 7);
    let mut seen = vec![[false; 8]; 26];
    for g in &games {
        let m = moves(g);
        assert_eq!(m.len(), 3, "{g}");
        let laid: Vec<Pos> = m.iter().map(|s| Pos::parse_xy(s).unwrap()).collect();
        let (_, reason_code, detail) = reason(g);
        assert_eq!(reason_code, "illegal-move", "{g}");
        assert!(detail.contains("TGSWAP"), "{g}");
        let name = g["opening_name"].as_str().unwrap();
        let mut found = false;
        for (i, o) in OPENINGS.iter().enumerate() {
            for (s, sym) in Symmetry::ALL.iter().enumerate() {
                if o.stones(centre, *sym).as_slice() == laid.as_slice() {
                    assert_eq!(name, o.to_string(), "{g}");
                    seen[i][s] = true;
                    found = true;
                }
            }
        }
        assert!(found, "not a designated opening: {g}");
    }
    assert!(seen.iter().flatten().all(|&s| s), "orientations missed");
}

#[test]
fn a_non_opening_a_misplaced_opening_and_a_large_n_are_rejected() {
    for (opening, why) in [
        ("7,7;7,5;8,8;2", "not one of the 26"),
        ("7,7;9,9;8,8;2", "not one of the 26"),
        ("6,6;6,5;6,4;2", "centre"),
        ("7,7;7,6;7,5;9", "N = 9"),
        ("7,7;7,6;2", "is not `x,y x,y x,y N`"),
    ] {
        let a = cn("A", &["--opening", opening]);
        let (_dir, g) = run([&a, &cn("B", &[])], 1, &["--chinese-n-max", "4"]);
        let (result, code, detail) = reason(&g[0]);
        assert_eq!((result, code), ("white-win", "illegal-move"), "{}", g[0]);
        assert!(detail.contains(why), "{opening}: {detail}");
    }
}

#[test]
fn swap_taken_and_declined_by_the_engine_and_by_the_fallback_policy() {
    let (_d, g) = run([&cn("A", &[]), &cn("B", &["--swap", "yes"])], 1, &[]);
    assert_eq!(g[0]["black"], "B", "{}", g[0]);
    assert!(has_note(&g[0], "swap by the tentative white (engine)"));
    let (_d, g) = run([&cn("A", &[]), &cn("B", &["--swap", "no"])], 1, &[]);
    assert_eq!(g[0]["black"], "A", "{}", g[0]);
    assert!(has_note(&g[0], "no swap by the tentative white (engine)"));
    let (_d, g) = run(
        [&cn("A", &[]), &plain("P")],
        1,
        &["--fallback-swap", "always"],
    );
    assert_eq!(g[0]["black"], "P", "{}", g[0]);
    assert!(has_note(&g[0], "swap by the fallback policy (always)"));
    let (_d, g) = run([&cn("A", &[]), &plain("P")], 1, &[]);
    assert_eq!(g[0]["black"], "A", "{}", g[0]);
    assert!(has_note(&g[0], "no swap by the fallback policy (never)"));
}

#[test]
fn illegal_fifth_move_offers_lose_with_the_reason() {
    // H8 H9 H10 and H7: symmetric about column H, so G8 (6,7) and I8 (8,7) are equivalent.
    for (offers, why) in [
        ("6,7;6,7", "given twice"),
        ("6,7;8,7", "equivalent"),
        ("7,8;6,7", "occupied"),
        ("6,7", "expected 2"),
        ("20,20;6,7", "off the board"),
    ] {
        let a = cn("A", &["--opening", "7,7;7,6;7,5;2", "--offers", offers]);
        let b = cn("B", &["--script", "7,8"]);
        let (_dir, g) = run([&a, &b], 1, &[]);
        let (result, code, detail) = reason(&g[0]);
        assert_eq!((result, code), ("white-win", "illegal-move"), "{}", g[0]);
        assert!(detail.contains(why), "{offers}: {detail}");
        assert_eq!(moves(&g[0]).len(), 4, "{}", g[0]);
    }
    // A legal pair is accepted and one of them becomes move 5.
    let a = cn("A", &["--opening", "7,7;7,6;7,5;2", "--offers", "6,7;6,8"]);
    let b = cn("B", &["--script", "7,8", "--choose", "6,8;9,9"]);
    let (_dir, g) = run([&a, &b], 1, &[]);
    let m = moves(&g[0]);
    assert_eq!(&m[3..6], ["7,8", "6,8", "9,9"], "{}", g[0]);
    assert!(has_note(&g[0], "black offers 6,7 6,8 (engine)"));
    assert!(has_note(&g[0], "white keeps 6,8 (engine)"));
}

#[test]
fn shape_and_board_equivalence_differ_off_the_board_centre() {
    // 3I Kosei: H8, I9, J8 and white I7 are symmetric about column I, which is not a board
    // axis: H7 and J7 are the same shape, but no board symmetry maps one onto the other.
    let a = cn("A", &["--opening", "7,7;8,6;9,7;2", "--offers", "7,8;9,8"]);
    let b = cn("B", &["--script", "8,8"]);
    let (_dir, g) = run([&a, &b], 1, &["--equivalence", "shape"]);
    let (_, code, detail) = reason(&g[0]);
    assert_eq!(code, "illegal-move", "{}", g[0]);
    assert!(detail.contains("equivalent"), "{detail}");
    let (_dir, g) = run([&a, &b], 1, &["--equivalence", "board"]);
    assert!(has_note(&g[0], "black offers 7,8 9,8 (engine)"), "{}", g[0]);
    assert!(moves(&g[0]).len() > 6, "{}", g[0]);
}

#[test]
fn two_passes_in_a_row_draw_and_passes_reach_the_opponent_as_it_can_read_them() {
    // White declares `pass`: black's pass reaches it as TURN -1,-1.
    let a = cn("A", &["--script", "pass"]);
    let b = cn("B", &["--script", "7,8;pass"]);
    let (dir, g) = run([&a, &b], 1, &[]);
    let (result, code, _) = reason(&g[0]);
    assert_eq!((result, code), ("draw", "two-passes"), "{}", g[0]);
    let m = moves(&g[0]);
    assert_eq!(m.len(), 8, "{}", g[0]);
    assert_eq!(&m[6..], ["-1,-1", "-1,-1"]);
    assert!(log(dir.path(), 2).contains("TURN -1,-1"));
    // White without `pass`: it gets the whole position instead (the pass is implied by two
    // black stones in a row, so the block ends with its own stone).
    let b = cn("B", &["--ext", "opening,draw", "--script", "7,8;pass"]);
    let (dir, g) = run([&a, &b], 1, &[]);
    assert_eq!(reason(&g[0]).1, "two-passes", "{}", g[0]);
    let l = log(dir.path(), 2);
    assert!(!l.contains("TURN -1,-1"), "{l}");
    assert!(
        l.contains("TGCHOOSE") && l.matches("<< BOARD").count() >= 2,
        "{l}"
    );
    // Passes forbidden: the pass loses.
    let (_dir, g) = run([&a, &b], 1, &["--passes", "forbidden"]);
    let (result, code, detail) = reason(&g[0]);
    assert_eq!((result, code), ("white-win", "illegal-move"), "{}", g[0]);
    assert!(detail.contains("pass"), "{detail}");
}

#[test]
fn a_full_board_is_a_draw() {
    // 5x5 freestyle, filled without any five (found offline; the order does not matter for
    // fives because the final position has none).
    let black = "1,1;1,3;1,2;3,4;4,4;4,2;0,3;0,0;4,3;1,0";
    let white = "0,4;3,2;4,1;2,3;3,3;4,0;0,2;3,0;1,4;0,1";
    let a = cn(
        "A",
        &[
            "--opening",
            "2,2;2,1;2,0;1",
            "--offers",
            "2,4",
            "--script",
            black,
        ],
    );
    let b = cn("B", &["--choose", "2,4;3,1", "--script", white]);
    let (_dir, g) = run(
        [&a, &b],
        1,
        &["--size", "5", "--rule", "freestyle", "--chinese-n", "1"],
    );
    let (result, code, _) = reason(&g[0]);
    assert_eq!((result, code), ("draw", "board-full"), "{}", g[0]);
    assert_eq!(moves(&g[0]).len(), 25);
}

#[test]
fn draw_offers_accepted_declined_and_over_the_limit() {
    let b_moves = "7,8;0,7;14,7;7,14;14,12";
    // Accepted: white hears of the offer before its turn and answers DRAW.
    let a = cn("A", &["--script", "0,0+draw"]);
    let (dir, g) = run([&a, &cn("B", &["--script", b_moves, "--accept"])], 1, &[]);
    let (result, code, _) = reason(&g[0]);
    assert_eq!((result, code), ("draw", "draw-agreed"), "{}", g[0]);
    assert_eq!(moves(&g[0]).len(), 7);
    assert!(log(dir.path(), 2).contains("INFO tg_draw_offer 1"));
    // Declined: white just moves on.
    let (_dir, g) = run([&a, &cn("B", &["--script", b_moves])], 1, &[]);
    assert!(has_note(&g[0], "white declines the draw offer"), "{}", g[0]);
    assert!(moves(&g[0]).len() > 8, "{}", g[0]);
    // Over the limit: offers 1 and 2 count, the third is a violation (a warning, void), the
    // fourth a second violation, which loses.
    let a = cn(
        "A",
        &["--script", "0,0+draw;14,0+draw;0,14+draw;14,14+draw"],
    );
    let (_dir, g) = run([&a, &cn("B", &["--script", b_moves])], 1, &[]);
    let (result, code, _) = reason(&g[0]);
    assert_eq!((result, code), ("white-win", "rule-violation"), "{}", g[0]);
    assert!(has_note(&g[0], "violation 1"), "{}", g[0]);
    assert!(has_note(&g[0], "(offer 2)"), "{}", g[0]);
}

#[test]
fn brains_without_extensions_are_decided_for_and_the_record_says_so() {
    let (_dir, g) = run([&cn("A", &[]), &plain("P")], 2, &[]);
    // Game 0: P is the tentative white; game 1: P is the tentative black.
    assert!(has_note(&g[0], "has no Tengen extensions"), "{}", g[0]);
    assert!(
        has_note(&g[0], "by the fallback policy (never)"),
        "{}",
        g[0]
    );
    assert!(
        has_note(&g[0], "(fallback policy: the offer farthest"),
        "{}",
        g[0]
    );
    assert!(
        has_note(&g[1], "assigned by the fallback policy (seq)"),
        "{}",
        g[1]
    );
    assert!(has_note(&g[1], "(fallback policy: "), "{}", g[1]);
    for r in &g {
        assert!(moves(r).len() >= 6, "{r}");
        assert!(r["opening_name"].as_str().is_some(), "{r}");
    }
    // A black brain that knows YXBLOCK gives its best moves with the earlier offers blocked.
    let y = cn("Y", &["--ext", "none", "--yxblock"]);
    let (dir, g) = run([&y, &cn("B", &[])], 1, &["--chinese-n", "3"]);
    let n = notes(&g[0]);
    let offer = n.iter().find(|s| s.contains("black offers")).unwrap();
    assert_eq!(
        offer.matches("best move with YXBLOCK").count(),
        2,
        "{offer}"
    );
    assert!(log(dir.path(), 1).contains("<< YXBLOCK"));
    // Without YXBLOCK the rest come from the documented order.
    let (_dir, g) = run([&plain("P"), &cn("B", &[])], 1, &["--chinese-n", "3"]);
    let n = notes(&g[0]);
    let offer = n.iter().find(|s| s.contains("black offers")).unwrap();
    assert_eq!(offer.matches("closest legal point").count(), 2, "{offer}");
}

#[test]
fn the_manager_can_assign_openings_at_random_or_in_sequence() {
    let (_d, g) = run(
        [&cn("A", &[]), &cn("B", &[])],
        4,
        &["--chinese-opening", "random", "--seed", "9"],
    );
    // Both games of a pair get the same opening.
    assert_eq!(g[0]["opening_name"], g[1]["opening_name"]);
    assert_eq!(g[2]["opening_name"], g[3]["opening_name"]);
    assert!(has_note(&g[0], "assigned by the manager (random)"));
    let (_d, g) = run(
        [&cn("A", &[]), &cn("B", &[])],
        4,
        &["--chinese-opening", "seq"],
    );
    assert_eq!(g[0]["opening_name"], OPENINGS[0].to_string());
    assert_eq!(g[2]["opening_name"], OPENINGS[1].to_string());
}

#[test]
fn knockout_colours_by_lot_then_alternating_with_tie_breaks_after_a_level_mini_match() {
    let mut firsts = std::collections::HashSet::new();
    for seed in ["1", "2", "3", "4", "5", "6"] {
        // Every game is adjudicated a draw after 8 moves, so the mini-match stays level and
        // tie-break pairs follow.
        let (_d, g) = run(
            [&cn("A", &[]), &cn("B", &[])],
            10,
            &[
                "--tournament",
                "knockout",
                "--games",
                "2",
                "--draw-after",
                "8",
                "--seed",
                seed,
            ],
        );
        let (first, _) = tengen_manager::lot::colours_by_lot(seed.parse().unwrap(), 0, 1);
        assert_eq!(g[0]["black"], ["A", "B"][first], "seed {seed}");
        firsts.insert(first);
        for w in g.windows(2) {
            assert_ne!(w[0]["black"], w[1]["black"], "colours alternate");
        }
        assert!(g.iter().all(|r| r["reason"] == "adjudication"));
    }
    assert_eq!(
        firsts.len(),
        2,
        "the lot is not always won by the same engine"
    );
}

#[test]
fn every_decision_runs_on_the_deciding_players_clock() {
    // A 1 s game clock: a decision that takes 1.6 s loses on time for the one who decides.
    for (who, word, loser) in [
        (0, "TGOPENING", "white-win"),
        (1, "TGSWAP", "black-win"),
        (0, "TGOFFER", "white-win"),
        (1, "TGCHOOSE", "black-win"),
    ] {
        let slow = format!("{word}:1600");
        let mut e = [cn("A", &[]), cn("B", &[])];
        e[who] = cn(["A", "B"][who], &["--slow", &slow]);
        let (_d, g) = run([&e[0], &e[1]], 1, &["--tc", "1", "--tolerance", "200"]);
        let (result, code, _) = reason(&g[0]);
        assert_eq!((result, code), (loser, "time"), "{word}: {}", g[0]);
    }
}

#[test]
fn one_named_opening_for_every_game() {
    let (_d, g) = run(
        [&cn("A", &[]), &cn("B", &[])],
        2,
        &["--chinese-opening", "kagetsu", "--chinese-n", "3"],
    );
    for r in &g {
        assert_eq!(r["opening_name"], "4D Kagetsu (花月)", "{r}");
        assert!(has_note(r, "N=3 assigned by the manager"), "{r}");
        assert_eq!(&moves(r)[..3], ["7,7", "7,6", "8,6"], "{r}");
    }
}

#[test]
fn a_pass_is_a_numbered_move_that_earns_the_increment() {
    let a = cn("A", &["--script", "pass;3,3"]);
    let b = cn("B", &["--script", "7,8;11,11"]);
    let (dir, g) = run([&a, &b], 1, &["--tc", "20+1", "--draw-after", "10"]);
    assert_eq!(moves(&g[0])[6], "-1,-1", "{}", g[0]);
    assert_eq!(moves(&g[0])[7], "11,11", "{}", g[0]);
    // Black's clock before move 9: 20 s + 1 s for move 5 (the offers) + 1 s for the pass,
    // less the (tiny) time used; without the pass's increment it would be at most 21 s.
    let l = log(dir.path(), 1);
    let before_turn = l.split("<< TURN 11,11").next().unwrap();
    let left: i64 = before_turn
        .lines()
        .rev()
        .find_map(|x| x.strip_prefix("<< INFO time_left "))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(left > 21_500 && left <= 22_000, "time_left {left}");
}

#[test]
fn a_white_brain_with_yxblock_ranks_the_offers_and_keeps_its_last() {
    // Y (no extensions, knows YXBLOCK) answers the closest point to the centre that is not
    // blocked: as black among the offers it names 8,7 first, then 2,2 (tied with 12,12 on
    // distance, earlier row), so white keeps 12,12.
    let a = cn(
        "A",
        &["--opening", "7,7;7,6;7,5;3", "--offers", "8,7;12,12;2,2"],
    );
    let y = cn("Y", &["--ext", "none", "--yxblock"]);
    let (dir, g) = run([&a, &y], 1, &[]);
    assert!(
        has_note(
            &g[0],
            "white keeps 12,12 (fallback policy: the offer its engine ranks last for black"
        ),
        "{}",
        g[0]
    );
    assert_eq!(moves(&g[0])[4], "12,12");
    assert!(log(dir.path(), 2).matches("<< YXBLOCK\n").count() >= 2);
}

#[test]
fn a_brain_that_ignores_tgext_or_answers_error_is_decided_for() {
    for quirk in ["silent", "error"] {
        let p = cn("P", &["--ext", quirk]);
        let (_d, g) = run([&p, &cn("B", &[])], 1, &[]);
        assert!(
            has_note(&g[0], "player 1 (black) has no Tengen extensions"),
            "{}",
            g[0]
        );
        assert!(
            has_note(&g[0], "assigned by the fallback policy"),
            "{}",
            g[0]
        );
        assert!(moves(&g[0]).len() > 6, "{}", g[0]);
    }
}

#[test]
fn the_rif_rule_fixes_two_fifth_moves_and_yamaguchi_is_the_chinese_procedure() {
    // RIF: TGOPENING 2, and an engine declaring N = 1 loses.
    let a = cn("A", &["--opening", "7,7;7,6;7,5;1"]);
    let (dir, g) = run([&a, &cn("B", &[])], 1, &[]);
    assert!(
        moves(&g[0]).len() > 6,
        "N = 1 is fine under chinese: {}",
        g[0]
    );
    drop(dir);
    let mut args = vec!["--opening-rule", "rif"];
    let (dir, g) = run([&a, &cn("B", &[])], 1, &args);
    let (result, code, detail) = reason(&g[0]);
    assert_eq!((result, code), ("white-win", "illegal-move"), "{}", g[0]);
    assert!(detail.contains("fixes N = 2"), "{detail}");
    assert!(log(dir.path(), 1).contains("<< TGOPENING 2"));
    // Assigned openings get N = 2 under RIF; yamaguchi plays the same procedure as chinese.
    args.extend(["--chinese-opening", "seq"]);
    let (_d, g) = run([&a, &cn("B", &[])], 1, &args);
    assert!(has_note(&g[0], "N=2 assigned"), "{}", g[0]);
    let (_d, g) = run([&a, &cn("B", &[])], 1, &["--opening-rule", "yamaguchi"]);
    assert!(has_note(&g[0], "N=1 laid by black (engine)"), "{}", g[0]);
}

#[test]
fn a_move_limit_reached_inside_the_opening_is_a_draw_with_every_stone_recorded() {
    for limit in ["3", "4", "5", "6"] {
        let (_d, g) = run([&cn("A", &[]), &cn("B", &[])], 1, &["--draw-after", limit]);
        let (result, code, _) = reason(&g[0]);
        assert_eq!(
            (result, code),
            ("draw", "adjudication"),
            "{limit}: {}",
            g[0]
        );
        assert_eq!(moves(&g[0]).len().to_string(), limit, "{}", g[0]);
    }
}

#[test]
fn a_brain_that_answers_ok_to_yxblock_stays_in_step() {
    // The OK lines must not be taken for moves or left behind as unsolicited output.
    let y = cn("Y", &["--ext", "none", "--yxblock", "--chatty"]);
    let (_d, g) = run([&y, &cn("B", &[])], 1, &["--chinese-n", "3"]);
    let n = notes(&g[0]);
    let offer = n.iter().find(|s| s.contains("black offers")).unwrap();
    assert_eq!(
        offer.matches("best move with YXBLOCK").count(),
        2,
        "{offer}"
    );
    assert!(moves(&g[0]).len() > 6, "{}", g[0]);
    assert_ne!(reason(&g[0]).1, "no-reply", "{}", g[0]);
}
