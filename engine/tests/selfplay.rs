//! Complete games of the brain against itself, two processes talking the protocol, refereed
//! move by move with `tengen_rules::Board`: no illegal move, no forbidden move, no answer
//! later than the turn limit (plus a scheduling allowance).

mod support;

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use support::{Brain, PROMPT};
use tengen_protocol::Response;
use tengen_rules::{Board, Move, Pos, Rule};

/// Per-move limit given to the brains, in ms.
const TURN_MS: u64 = 100;
/// Lateness accepted on top of it: on a loaded machine the OS can hold a process back for a
/// few scheduler slices (the brain's own deadline is the limit; managers allow far more,
/// tengen-manager 1 s by default). A brain that ignored the limit would still fail.
const SLACK_MS: u64 = 100;
/// Game time given to each brain, in ms (spent through `time_left`).
const MATCH_MS: u64 = 8_000;
/// Moves after which a game is stopped (keeps the suite fast).
const MAX_MOVES: usize = 70;

struct Stats {
    moves: usize,
    slowest: Duration,
}

fn parse_move(line: &str) -> Move {
    match Response::parse_line(line) {
        Ok(Response::Moves(m)) if m.len() == 1 => m[0],
        Ok(Response::MoveDraw(m)) => m,
        other => panic!("not a move: {line:?} ({other:?})"),
    }
}

/// Play one game; `opening` stones are laid first (black first) and sent with `BOARD`.
fn play_game(rule: Rule, size: u8, opening: &[Pos], stats: &mut Stats) {
    let mut brains = [Brain::spawn(), Brain::spawn()];
    let mut left = [MATCH_MS as i64; 2];
    for b in &mut brains {
        b.send(&format!("INFO timeout_turn {TURN_MS}\nINFO timeout_match {MATCH_MS}\nINFO max_memory 200000000\nINFO rule {}\nSTART {size}", rule.to_info()));
        assert_eq!(b.answer(PROMPT), "OK");
    }
    let mut board = Board::new(size, rule);
    for &p in opening {
        board.play(Move::Stone(p)).unwrap();
    }
    // Brain 0 plays black. The first request is BOARD (or BEGIN on an empty board); after
    // that each brain learns the other's move with TURN.
    let mut first_request = [true, true];
    while board.outcome().is_none() && board.move_count() < MAX_MOVES && !board.is_full() {
        let side = board.side_to_move().index();
        let request = if first_request[side] {
            first_request[side] = false;
            if board.is_empty() {
                "BEGIN".to_string()
            } else {
                let me = board.side_to_move();
                let mut s = String::from("BOARD\n");
                for m in board.moves() {
                    let p = m.pos().unwrap();
                    let f = if board.stone(p) == Some(me) { 1 } else { 2 };
                    s.push_str(&format!("{p},{f}\n"));
                }
                s.push_str("DONE");
                s
            }
        } else {
            format!("TURN {}", board.last_move().unwrap())
        };
        let b = &mut brains[side];
        b.send(&format!("INFO time_left {}", left[side]));
        let sent = Instant::now();
        b.send(&request);
        let line = b.answer(PROMPT);
        let took = sent.elapsed();
        left[side] -= took.as_millis() as i64;
        stats.slowest = stats.slowest.max(took);
        assert!(
            took < Duration::from_millis(TURN_MS + SLACK_MS),
            "{rule}: move {} took {took:?} (limit {TURN_MS} ms + {SLACK_MS} ms): {board:?}",
            board.move_count() + 1
        );
        assert!(left[side] > 0, "{rule}: brain {side} ran out of game time");
        let mv = parse_move(&line);
        let Move::Stone(p) = mv else {
            panic!(
                "{rule}: pass with legal moves available at move {}: {board:?}",
                board.move_count() + 1
            );
        };
        assert!(
            board.is_empty_at(p),
            "{rule}: illegal move {p} (off board or occupied): {board:?}"
        );
        if rule == Rule::Renju {
            assert!(
                !(board.side_to_move() == tengen_rules::Color::Black
                    && board.forbidden(p).is_some()),
                "{rule}: forbidden move {p} ({:?}): {board:?}",
                board.forbidden(p)
            );
        }
        board.play(mv).unwrap();
        stats.moves += 1;
        // The other brain hears about this move with TURN next time (unless it still needs
        // its first BOARD, which includes it).
    }
    for b in &mut brains {
        b.send("END");
        assert!(
            b.wait_exit(Duration::from_secs(2)).is_some(),
            "brain did not exit on END"
        );
    }
}

fn random_opening(rng: &mut impl Rng, rule: Rule) -> Vec<Pos> {
    loop {
        let n = rng.gen_range(1..=3);
        let mut b = Board::new(15, rule);
        let mut out = Vec::new();
        while out.len() < n {
            let p = Pos::new(rng.gen_range(5..10), rng.gen_range(5..10));
            if b.is_legal(p) {
                b.play(Move::Stone(p)).unwrap();
                out.push(p);
            }
        }
        if b.outcome().is_none() {
            return out;
        }
    }
}

#[test]
fn self_play_under_every_rule() {
    let _serial = support::serial();
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
        let mut stats = Stats {
            moves: 0,
            slowest: Duration::ZERO,
        };
        play_game(rule, 15, &[], &mut stats);
        let opening = random_opening(&mut rng, rule);
        play_game(rule, 15, &opening, &mut stats);
        eprintln!(
            "{rule}: {} moves, slowest answer {:?}",
            stats.moves, stats.slowest
        );
        assert!(stats.moves >= 10);
    }
}

#[test]
fn self_play_on_the_gomocup_20x20_board() {
    let _serial = support::serial();
    let mut stats = Stats {
        moves: 0,
        slowest: Duration::ZERO,
    };
    play_game(
        Rule::Freestyle,
        20,
        &[Pos::new(9, 9), Pos::new(10, 10)],
        &mut stats,
    );
    eprintln!(
        "20x20 freestyle: {} moves, slowest answer {:?}",
        stats.moves, stats.slowest
    );
    assert!(stats.moves >= 10);
}

/// A longer run for bug hunting (not part of the normal suite):
/// `TENGEN_SELFPLAY_GAMES=40 cargo test -p tengen-engine --test selfplay -- --ignored`.
#[test]
#[ignore = "long: many games under every rule"]
fn self_play_marathon() {
    let _serial = support::serial();
    let games: usize = std::env::var("TENGEN_SELFPLAY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let rules = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro,
        Rule::CaroExact,
    ];
    let mut stats = Stats {
        moves: 0,
        slowest: Duration::ZERO,
    };
    for g in 0..games {
        let rule = rules[g % rules.len()];
        let opening = random_opening(&mut rng, rule);
        play_game(rule, 15, &opening, &mut stats);
    }
    eprintln!(
        "{games} games, {} moves, slowest answer {:?}",
        stats.moves, stats.slowest
    );
}
