//! Invariants every search must keep, whatever the position: legal answers, immediate wins
//! and blocks, prompt stops, every board size, no panics.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen_engine::search::{Engine, Limits, SearchResult, WIN};
use tengen_rules::{Board, Color, Move, Pos, Rule};

fn board(size: u8, rule: Rule, moves: &[&str]) -> Board {
    let mut b = Board::new(size, rule);
    for m in moves {
        let p = Pos::parse_notation(m, size).unwrap();
        b.play(Move::Stone(p)).unwrap();
    }
    b
}

fn search(b: &Board, limits: &Limits) -> SearchResult {
    let mut e = Engine::new(1 << 20, 1);
    let stop = AtomicBool::new(false);
    e.search(b, limits, &stop, &[], &mut |_| {})
}

fn at(b: &Board, r: &SearchResult) -> String {
    r.best
        .pos()
        .map_or("pass".into(), |p| p.to_notation(b.height()))
}

#[test]
fn takes_a_win_in_one() {
    // Black H8 I8 J8 K8 with G8 blocked by white: L8 wins.
    let b = board(
        15,
        Rule::Freestyle,
        &["H8", "G8", "I8", "A1", "J8", "A3", "K8", "A5"],
    );
    let r = search(&b, &Limits::depth(6));
    assert_eq!(at(&b, &r), "L8");
    assert_eq!(r.score, WIN - 1);
}

#[test]
fn blocks_a_four() {
    // White has H9 I9 J9 K9 (G9 blocked by black): black must take L9.
    let b = board(
        15,
        Rule::Freestyle,
        &["G9", "H9", "A1", "I9", "A3", "J9", "O15", "K9"],
    );
    let r = search(&b, &Limits::depth(6));
    assert_eq!(at(&b, &r), "L9");
}

#[test]
fn blocks_an_open_three_or_counters() {
    // White has an open three H9 I9 J9; black has A1 C1 E1 on the edge and must stop the
    // three, at once or after a counter-four on row 1 (B1 or D1) and white's forced block.
    let blocks = ["G9", "K9", "F9", "L9"];
    let fours = [("B1", "D1"), ("D1", "B1")];
    let mut moves = vec!["A1", "H9", "C1", "I9", "E1", "J9"];
    let b = board(15, Rule::Freestyle, &moves);
    let p = at(&b, &search(&b, &Limits::depth(5)));
    if let Some(&(four, block)) = fours.iter().find(|(f, _)| *f == p) {
        moves.extend([four, block]);
        let b = board(15, Rule::Freestyle, &moves);
        let q = at(&b, &search(&b, &Limits::depth(5)));
        assert!(blocks.contains(&q.as_str()), "played {p}, then {q}");
    } else {
        assert!(blocks.contains(&p.as_str()), "played {p}");
    }
}

#[test]
fn empty_full_tiny_and_rectangular_boards() {
    for size in 5..=22u8 {
        let b = Board::new(size, Rule::Freestyle);
        let r = search(&b, &Limits::depth(2));
        let p = r.best.pos().expect("a stone on an empty board");
        assert!(b.is_legal(p));
    }
    // A rectangular board with a few stones.
    let mut b = Board::try_new(20, 7, Rule::Standard).unwrap();
    for (x, y) in [(0, 0), (19, 6), (10, 3), (11, 3)] {
        b.play(Move::Stone(Pos::new(x, y))).unwrap();
    }
    let r = search(&b, &Limits::depth(3));
    assert!(b.is_legal(r.best.pos().unwrap()));
    // A 5x5 board filled without a five (the last point left for black), then full.
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOO."];
    let mut blacks = Vec::new();
    let mut whites = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Pos::new(x as u8, y as u8);
            match c {
                'X' => blacks.push(p),
                'O' => whites.push(p),
                _ => {}
            }
        }
    }
    let mut b = Board::new(5, Rule::Freestyle);
    for (x, o) in blacks.iter().zip(&whites) {
        b.play(Move::Stone(*x)).unwrap();
        b.play(Move::Stone(*o)).unwrap();
    }
    assert!(b.outcome().is_none(), "{b}");
    let r = search(&b, &Limits::depth(3));
    assert_eq!(r.best, Move::Stone(Pos::new(4, 4)));
    b.play(Move::Stone(Pos::new(4, 4))).unwrap();
    let r = search(&b, &Limits::depth(3));
    assert_eq!(r.best, Move::Pass);
}

#[test]
fn random_positions_get_legal_answers_and_respect_blocked_points() {
    let mut rng = StdRng::seed_from_u64(3);
    for round in 0..40 {
        let rule = Rule::ALL[round % Rule::ALL.len()];
        let size = rng.gen_range(7..=17);
        let mut b = Board::new(size, rule);
        let n = rng.gen_range(0..size as usize * 3);
        for _ in 0..n {
            let p = Pos::new(rng.gen_range(0..size), rng.gen_range(0..size));
            if b.is_legal(p) {
                b.play(Move::Stone(p)).unwrap();
            }
            if b.outcome().is_some() {
                b.undo().unwrap();
                break;
            }
        }
        let mut e = Engine::new(1 << 20, 1 + round % 2);
        let stop = AtomicBool::new(false);
        let first = e.search(&b, &Limits::depth(3), &stop, &[], &mut |_| {});
        let p = first.best.pos().expect("a legal point exists");
        assert!(b.is_legal(p), "{p:?} on\n{b}");
        // Forbid the first answer: the engine must find another legal point.
        let second = e.search(&b, &Limits::depth(3), &stop, &[p], &mut |_| {});
        let q = second.best.pos().expect("another legal point exists");
        assert!(
            b.is_legal(q) && q != p,
            "{q:?} after blocking {p:?} on\n{b}"
        );
    }
}

#[test]
fn several_threads_keep_the_forced_answers() {
    let win = board(
        15,
        Rule::Freestyle,
        &["H8", "G8", "I8", "A1", "J8", "A3", "K8", "A5"],
    );
    let block = board(
        15,
        Rule::Freestyle,
        &["G9", "H9", "A1", "I9", "A3", "J9", "O15", "K9"],
    );
    let quiet = board(15, Rule::Renju, &["H8", "I9", "J10", "G8", "H7"]);
    for threads in [2, 3] {
        let mut e = Engine::new(4 << 20, threads);
        let stop = AtomicBool::new(false);
        let r = e.search(&win, &Limits::depth(6), &stop, &[], &mut |_| {});
        assert_eq!(at(&win, &r), "L8");
        let r = e.search(&block, &Limits::depth(6), &stop, &[], &mut |_| {});
        assert_eq!(at(&block, &r), "L9");
        let r = e.search(&quiet, &Limits::depth(6), &stop, &[], &mut |_| {});
        assert!(quiet.is_legal(r.best.pos().unwrap()));
    }
}

#[test]
fn nbest_gives_distinct_legal_moves() {
    let b = board(15, Rule::Renju, &["H8", "I9", "J10"]);
    let mut e = Engine::new(1 << 20, 1);
    let stop = AtomicBool::new(false);
    let blocked = [Pos::parse_notation("H9", 15).unwrap()];
    let rs = e.search_nbest(&b, &Limits::depth(3), &stop, &blocked, 4, &mut |_| {});
    assert_eq!(rs.len(), 4);
    let moves: Vec<Pos> = rs.iter().map(|r| r.best.pos().unwrap()).collect();
    for (i, p) in moves.iter().enumerate() {
        assert!(b.is_legal(*p) && !blocked.contains(p));
        assert!(!moves[..i].contains(p), "{moves:?}");
    }
}

#[test]
fn renju_black_never_plays_a_forbidden_point() {
    // Black to move with a double-three point at J8 (H8 I8 on the row, J9 J10 on the column);
    // white threatens nothing. Make J8 attractive by surrounding it; it must not be chosen.
    let b = board(
        15,
        Rule::Renju,
        &["H8", "A1", "I8", "A3", "J9", "A5", "J10", "A7"],
    );
    assert_eq!(b.side_to_move(), Color::Black);
    let j8 = Pos::parse_notation("J8", 15).unwrap();
    assert!(b.forbidden(j8).is_some());
    for depth in 1..=5 {
        let r = search(&b, &Limits::depth(depth));
        let p = r.best.pos().unwrap();
        assert!(b.is_legal(p), "depth {depth}: {}", p.to_notation(15));
    }
}

#[test]
fn stops_promptly_on_the_flag_and_on_the_deadline() {
    let b = board(15, Rule::Freestyle, &["H8", "I9", "I8", "G8", "J10", "H9"]);
    // Hard deadline.
    let limits = Limits {
        maximum: Some(Duration::from_millis(150)),
        ..Limits::default()
    };
    let t = Instant::now();
    let r = search(&b, &limits);
    assert!(
        t.elapsed() < Duration::from_millis(400),
        "took {:?}",
        t.elapsed()
    );
    assert!(b.is_legal(r.best.pos().unwrap()));
    // Stop flag raised by another thread.
    let stop = AtomicBool::new(false);
    let mut e = Engine::new(1 << 20, 2);
    let t = Instant::now();
    std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(100));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        let r = e.search(&b, &Limits::default(), &stop, &[], &mut |_| {});
        assert!(b.is_legal(r.best.pos().unwrap()));
    });
    assert!(
        t.elapsed() < Duration::from_millis(400),
        "took {:?}",
        t.elapsed()
    );
}

#[test]
fn several_threads_finish_exactly_the_depth_limit() {
    // The threads spread over depths (at most half of them per depth, an iteration another
    // thread finished is abandoned); a depth limit must still be reached, not overshot, and
    // the reported iterations (the main thread passes on the helpers') must come in
    // increasing depth and end with the limit.
    for threads in [2, 3, 4] {
        for i in 0..tengen_engine::bench::POSITIONS.len() {
            let b = tengen_engine::bench::board(i);
            let mut e = Engine::new(1 << 22, threads);
            let stop = AtomicBool::new(false);
            let limits = Limits {
                depth: Some(7),
                ..Limits::default()
            };
            let mut depths = Vec::new();
            let r = e.search(&b, &limits, &stop, &[], &mut |info| depths.push(info.depth));
            assert!(
                b.is_legal(r.best.pos().unwrap()),
                "{threads} threads, position {i}"
            );
            assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
            if r.score.abs() < tengen_engine::search::WIN_BOUND {
                assert_eq!(r.depth, 7, "{threads} threads, position {i}");
                // The deepest iteration is reported, whichever thread finished it.
                assert_eq!(depths.last(), Some(&7), "{threads} threads, position {i}");
            }
        }
    }
}

#[test]
#[ignore = "measurement helper: cargo test --test tactics_invariants -- --ignored --nocapture"]
fn print_bench() {
    let depth = std::env::var("BENCH_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(tengen_engine::bench::DEPTH);
    let r = tengen_engine::bench::run_depth(depth);
    println!("nodes {} time {:?} nps {}", r.nodes, r.elapsed, r.nps);
    for p in &r.positions {
        println!("  {p:?}");
    }
}

#[test]
#[ignore = "measurement helper: depth reached in one second on each bench position"]
fn print_depth_per_second() {
    for i in 0..tengen_engine::bench::POSITIONS.len() {
        let b = tengen_engine::bench::board(i);
        let mut e = Engine::new(64 << 20, 1);
        let stop = AtomicBool::new(false);
        let limits = Limits {
            maximum: Some(Duration::from_secs(1)),
            optimum: Some(Duration::from_secs(1)),
            ..Limits::default()
        };
        let mut last = String::new();
        let r = e.search(&b, &limits, &stop, &[], &mut |info| {
            last = format!(
                "depth {} sel {} score {} nodes {} {:?}",
                info.depth, info.seldepth, info.score, info.nodes, info.elapsed
            );
        });
        println!(
            "{i}: {} -> {}",
            last,
            r.best
                .pos()
                .map(|p| p.to_notation(b.height()))
                .unwrap_or_default()
        );
    }
}
