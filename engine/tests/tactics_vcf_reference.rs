//! The VCF solver against a slow reference written only with `tengen-rules` (play, undo,
//! outcome, forbidden points), on random positions of every rule, for short VCFs.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen_engine::position::Position;
use tengen_engine::threat::Vcf;
use tengen_rules::{Board, Color, Move, Pos, Rule};

/// Empty points within two of a stone.
fn near(b: &Board) -> Vec<Pos> {
    let (w, h) = (b.width(), b.height());
    b.empty_points()
        .filter(|p| {
            (-2..=2).any(|dx| {
                (-2..=2).any(|dy| p.offset(dx, dy, w, h).is_some_and(|q| b.stone(q).is_some()))
            })
        })
        .collect()
}

/// Points where `color` (whoever is to move) would win with a five.
fn fives(b: &mut Board, color: Color) -> Vec<Pos> {
    let passed = b.side_to_move() != color;
    if passed {
        b.pass().unwrap();
    }
    let mut out = Vec::new();
    for p in near(b) {
        if b.play(Move::Stone(p)).is_ok() {
            if b.outcome().and_then(|o| o.winner()) == Some(color) {
                out.push(p);
            }
            b.undo().unwrap();
        }
    }
    if passed {
        b.undo().unwrap();
    }
    out
}

/// Does the side to move win by continuous fours with at most `depth` answered fours?
fn reference(b: &mut Board, depth: u32) -> bool {
    let us = b.side_to_move();
    let them = us.opponent();
    if !fives(b, us).is_empty() {
        return true;
    }
    let theirs = fives(b, them);
    let candidates = match theirs.len() {
        0 => near(b),
        1 => theirs,
        _ => return false,
    };
    // Depth counts the fours that get answered; the final straight (or double) four is free,
    // as in the solver.
    for p in candidates {
        if !b.is_legal(p) {
            continue;
        }
        b.play(Move::Stone(p)).unwrap();
        let completions = fives(b, us);
        let won = if completions.is_empty() || !fives(b, them).is_empty() {
            false
        } else if completions.len() >= 2 || !b.is_legal(completions[0]) {
            true
        } else if depth == 0 {
            false
        } else {
            b.play(Move::Stone(completions[0])).unwrap();
            let r = reference(b, depth - 1);
            b.undo().unwrap();
            r
        };
        b.undo().unwrap();
        if won {
            return true;
        }
    }
    false
}

#[test]
fn vcf_solver_agrees_with_a_reference_on_short_vcfs() {
    let mut rng = StdRng::seed_from_u64(17);
    let mut wins = 0;
    for round in 0..200 {
        let rule = [Rule::Renju, Rule::Freestyle, Rule::Standard, Rule::Caro][round % 4];
        let size = 11;
        let mut b = Board::new(size, rule);
        let n = rng.gen_range(8..30);
        for _ in 0..n {
            let p = Pos::new(rng.gen_range(2..9), rng.gen_range(2..9));
            if b.is_legal(p) {
                b.play(Move::Stone(p)).unwrap();
                if b.outcome().is_some() {
                    b.undo().unwrap();
                    break;
                }
            }
        }
        for depth in 1..=3 {
            let want = reference(&mut b.clone(), depth);
            let mut pos = Position::from_board(&b);
            let line = Vcf::new(1 << 12).solve(&mut pos, &[], depth as i32, u64::MAX);
            let got = line.is_some();
            if got != want {
                let l: Vec<String> = line
                    .unwrap_or_default()
                    .iter()
                    .map(|&c| pos.pos_of(c).to_notation(size))
                    .collect();
                eprintln!("line {l:?}");
            }
            assert_eq!(
                got,
                want,
                "{rule} depth {depth} side {} on\n{b}",
                b.side_to_move()
            );
            wins += usize::from(want);
        }
    }
    assert!(
        wins > 20,
        "only {wins} wins: the positions are too quiet to test anything"
    );
}

/// Can the side to move win with at most `quiet` non-four moves and `fours` answered fours,
/// whatever the defender answers? The defender's answers to a quiet move are *all* legal
/// points, so a win here is a real win.
fn reference_vct(b: &mut Board, quiet: u32, fours: u32) -> bool {
    let us = b.side_to_move();
    let them = us.opponent();
    if !fives(b, us).is_empty() {
        return true;
    }
    let theirs = fives(b, them);
    let candidates = match theirs.len() {
        0 => near(b),
        1 => theirs,
        _ => return false,
    };
    for p in candidates {
        if !b.is_legal(p) {
            continue;
        }
        b.play(Move::Stone(p)).unwrap();
        let won = if !fives(b, them).is_empty() {
            false
        } else {
            let completions = fives(b, us);
            if completions.len() >= 2 || (completions.len() == 1 && !b.is_legal(completions[0])) {
                true
            } else if completions.len() == 1 {
                fours > 0 && {
                    b.play(Move::Stone(completions[0])).unwrap();
                    let r = reference_vct(b, quiet, fours - 1);
                    b.undo().unwrap();
                    r
                }
            } else if quiet > 0 {
                let mut all_lose = true;
                for e in b.empty_points().collect::<Vec<_>>() {
                    if !b.is_legal(e) {
                        continue;
                    }
                    b.play(Move::Stone(e)).unwrap();
                    let lost = b.outcome().is_none() && reference_vct(b, quiet - 1, fours);
                    b.undo().unwrap();
                    if !lost {
                        all_lose = false;
                        break;
                    }
                }
                all_lose
            } else {
                false
            }
        };
        b.undo().unwrap();
        if won {
            return true;
        }
    }
    false
}

#[test]
fn vct_wins_are_real_wins() {
    use tengen_engine::threat::Vct;
    let mut rng = StdRng::seed_from_u64(23);
    let mut claimed = 0;
    for round in 0..200 {
        let rule = [Rule::Freestyle, Rule::Renju, Rule::Standard][round % 3];
        let size = 9;
        let mut b = Board::new(size, rule);
        let n = rng.gen_range(8..20);
        for _ in 0..n {
            let p = Pos::new(rng.gen_range(1..8), rng.gen_range(1..8));
            if b.is_legal(p) {
                b.play(Move::Stone(p)).unwrap();
                if b.outcome().is_some() {
                    b.undo().unwrap();
                    break;
                }
            }
        }
        let mut pos = Position::from_board(&b);
        // One quiet threat, then a straight four or a five (the reference lets the attacker
        // use fours too, so it accepts at least what the solver may claim).
        let mut vcf = Vcf::new(1 << 12);
        if vcf.solve(&mut pos, &[], 3, u64::MAX).is_some() {
            continue;
        }
        let found = Vct::new(1 << 12).solve(&mut pos, &[], 1, 1_000_000, Default::default());
        if let Some(c) = found {
            claimed += 1;
            assert!(
                reference_vct(&mut b.clone(), 1, 4),
                "VCT {} claimed, {rule} on\n{b}",
                pos.pos_of(c).to_notation(size)
            );
        }
    }
    println!("{claimed} VCT wins claimed and confirmed");
    assert!(claimed >= 3, "only {claimed} VCT wins claimed");
}
