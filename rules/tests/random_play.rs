//! Random play/undo/pass sequences: every derived part of the board (stones, Zobrist key,
//! side to move, outcome) equals a from-scratch recomputation, and the outcome agrees with a
//! brute-force scan of every line.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen_rules::{zobrist, Board, Color, DrawReason, Move, Outcome, Pos, Rule};

/// Does `color` have a winning run anywhere, by scanning every maximal run on the board?
fn brute_win(b: &Board, color: Color) -> bool {
    let (w, h) = (i32::from(b.width()), i32::from(b.height()));
    let at = |x: i32, y: i32| {
        (x >= 0 && y >= 0 && x < w && y < h)
            .then(|| b.stone(Pos::new(x as u8, y as u8)))
            .flatten()
    };
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for y in 0..h {
            for x in 0..w {
                // Only start at the first stone of a maximal run.
                if at(x, y) != Some(color) || at(x - dx, y - dy) == Some(color) {
                    continue;
                }
                let mut len = 0;
                while at(x + dx * len, y + dy * len) == Some(color) {
                    len += 1;
                }
                let exact = match b.rule() {
                    Rule::Standard | Rule::CaroExact => true,
                    Rule::Renju => color == Color::Black,
                    _ => false,
                };
                let ok = if exact { len == 5 } else { len >= 5 };
                let opp = Some(color.opponent());
                let blocked = at(x - dx, y - dy) == opp && at(x + dx * len, y + dy * len) == opp;
                let caro = matches!(b.rule(), Rule::Caro | Rule::CaroExact);
                if ok && !(caro && blocked) {
                    return true;
                }
            }
        }
    }
    false
}

/// The outcome found by replaying the moves on empty boards and scanning after each one.
fn brute_outcome(b: &Board) -> Option<(Option<Color>, Option<DrawReason>)> {
    let mut replay = Board::try_new(b.width(), b.height(), b.rule()).unwrap();
    let mut prev_pass = false;
    for &m in b.moves() {
        let mover = replay.side_to_move();
        // Place without the board's own judgement: a fresh board per step keeps it honest.
        let moves: Vec<Move> = replay.moves().iter().copied().chain([m]).collect();
        replay = Board::from_moves(b.width(), b.height(), b.rule(), &moves).unwrap();
        match m {
            Move::Pass if prev_pass => return Some((None, Some(DrawReason::TwoPasses))),
            Move::Pass => prev_pass = true,
            Move::Stone(_) => {
                prev_pass = false;
                if brute_win(&replay, mover) {
                    return Some((Some(mover), None));
                }
                if replay.empty_points().next().is_none() {
                    return Some((None, Some(DrawReason::BoardFull)));
                }
            }
        }
    }
    None
}

fn recomputed_hash(b: &Board) -> u64 {
    let stones = b
        .points()
        .filter_map(|p| b.stone(p).map(|c| zobrist(c, p)))
        .fold(0, |a, k| a ^ k);
    let fresh = Board::try_new(b.width(), b.height(), b.rule()).unwrap();
    // The side-to-move part: compare with a board that has the same number of moves.
    let mut parity = fresh.clone();
    for _ in 0..b.move_count() % 2 {
        parity.play(Move::Pass).unwrap();
    }
    stones ^ parity.hash()
}

fn check(b: &Board, seen: &mut [usize; 3]) {
    assert_eq!(b.hash(), recomputed_hash(b), "{b:?}");
    assert_eq!(
        b.stone_count(),
        b.points().filter(|&p| b.stone(p).is_some()).count()
    );
    assert_eq!(b.side_to_move(), Color::of_move(b.move_count() + 1));
    let got = b.outcome().map(|o| match o {
        Outcome::Win { winner, line } => {
            assert!(line.len() >= 5 && line.iter().all(|&p| b.stone(p) == Some(*winner)));
            (Some(*winner), None)
        }
        Outcome::Draw(r) => (None, Some(*r)),
    });
    match got {
        Some((Some(_), _)) => seen[0] += 1,
        Some((None, Some(DrawReason::BoardFull))) => seen[1] += 1,
        Some(_) => seen[2] += 1,
        None => {}
    }
    assert_eq!(got, brute_outcome(b), "{b:?}");
}

#[test]
fn random_play_undo_matches_recomputation_under_every_rule() {
    let mut rng = StdRng::seed_from_u64(0x7E46E);
    // Checks that ended in a win, a full-board draw, a two-pass draw.
    let mut seen = [0usize; 3];
    for game in 0..120 {
        let rule = Rule::ALL[game % Rule::ALL.len()];
        // Small boards fill up and produce draws; larger ones long runs.
        let size = [5u8, 6, 7, 9, 15][game % 5];
        let mut b = Board::new(size, rule);
        for _ in 0..(size as usize * size as usize + 20) {
            let r: f64 = rng.gen();
            if r < 0.2 && b.move_count() > 0 {
                b.undo().unwrap();
            } else if r < 0.25 {
                let _ = b.play(Move::Pass);
            } else {
                // Dense play in a small window makes fives and overlines common.
                let p = Pos::new(rng.gen_range(0..size), rng.gen_range(0..size));
                if b.is_empty_at(p) && b.outcome().is_none() {
                    b.play(Move::Stone(p)).unwrap();
                }
            }
            check(&b, &mut seen);
        }
        while b.move_count() > 0 {
            b.undo().unwrap();
            check(&b, &mut seen);
        }
        assert_eq!(b.hash(), 0);
    }
    assert!(
        seen[0] > 0 && seen[2] > 0,
        "wins and two-pass draws exercised: {seen:?}"
    );
}

#[test]
fn a_full_board_without_five_is_a_draw() {
    // Black where (x/2 + y) is even: 13 black and 12 white stones, no five anywhere.
    let all: Vec<Pos> = (0..5u8)
        .flat_map(|y| (0..5u8).map(move |x| Pos::new(x, y)))
        .collect();
    let (black, white): (Vec<Pos>, Vec<Pos>) = all.iter().partition(|p| (p.x / 2 + p.y) % 2 == 0);
    for rule in Rule::ALL {
        let mut b = Board::new(5, rule);
        let mut seen = [0; 3];
        for (i, &stone) in black.iter().enumerate() {
            b.play(Move::Stone(stone)).unwrap();
            check(&b, &mut seen);
            if let Some(&w) = white.get(i) {
                b.play(Move::Stone(w)).unwrap();
                check(&b, &mut seen);
            }
        }
        assert_eq!(
            b.outcome(),
            Some(&Outcome::Draw(DrawReason::BoardFull)),
            "{rule}"
        );
        assert_eq!(seen, [0, 1, 0]);
    }
}

#[test]
fn moves_after_game_over_are_refused_but_setups_may_continue() {
    let mut b = Board::new(15, Rule::Freestyle);
    for x in 0..5 {
        b.play(Move::Stone(Pos::new(x, 0))).unwrap();
        if x < 4 {
            b.play(Move::Stone(Pos::new(x, 5))).unwrap();
        }
    }
    assert_eq!(b.outcome().unwrap().winner(), Some(Color::Black));
    assert!(b.play(Move::Stone(Pos::new(9, 9))).is_err());
    b.undo().unwrap();
    assert!(b.outcome().is_none());
}
