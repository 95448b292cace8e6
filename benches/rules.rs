//! Rules benchmarks: Renju forbidden-point checks and board play/undo on mid-game positions.
//!
//! Run with `cargo bench --bench rules`. Throughput is reported per element: one element is
//! one forbidden check of an empty point, or one play+undo pair.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tengen::rules::{Board, Move, Pos, Rule};

/// Mid-game positions: 20-60 stones clustered around the centre, as in real games, with no
/// five on the board. Seeded, so every run measures the same positions.
fn midgame_positions(rule: Rule, count: usize) -> Vec<Board> {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut out = Vec::new();
    while out.len() < count {
        let mut b = Board::new(15, rule);
        let target = rng.gen_range(20..=60);
        let mut tries = 0;
        while b.stone_count() < target && tries < 10_000 {
            tries += 1;
            let p = Pos::new(rng.gen_range(3..12), rng.gen_range(3..12));
            if b.is_legal(p) {
                b.play(Move::Stone(p)).unwrap();
                if b.outcome().is_some() {
                    b.undo().unwrap();
                }
            }
        }
        out.push(b);
    }
    out
}

fn forbidden(c: &mut Criterion) {
    let positions = midgame_positions(Rule::Renju, 32);
    let checks: u64 = positions
        .iter()
        .map(|b| b.empty_points().count() as u64)
        .sum();
    let mut g = c.benchmark_group("forbid");
    g.throughput(Throughput::Elements(checks));
    g.bench_function("check_every_empty_point", |bench| {
        bench.iter(|| {
            let mut n = 0;
            for b in &positions {
                for p in b.empty_points() {
                    n += usize::from(b.forbidden(black_box(p)).is_some());
                }
            }
            n
        })
    });
    g.finish();
}

fn play_undo(c: &mut Criterion) {
    let mut positions = midgame_positions(Rule::Freestyle, 32);
    let pairs: u64 = positions
        .iter()
        .map(|b| b.empty_points().count() as u64)
        .sum();
    let mut g = c.benchmark_group("board");
    g.throughput(Throughput::Elements(pairs));
    g.bench_function("play_undo_every_empty_point", |bench| {
        bench.iter(|| {
            for b in &mut positions {
                let empties: Vec<Pos> = b.empty_points().collect();
                for p in empties {
                    b.play(Move::Stone(black_box(p))).unwrap();
                    b.undo().unwrap();
                }
            }
        })
    });
    g.finish();
}

criterion_group!(benches, forbidden, play_undo);
criterion_main!(benches);
