//! Rules benchmarks: Renju forbidden-point checks and board play/undo on mid-game positions.
//!
//! Run with `cargo bench --bench rules`. Throughput is reported per element: one element is
//! one forbidden check of an empty point, or one play+undo pair.

#[path = "support/midgame.rs"]
mod support;
use support::midgame;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use tengen::rules::{Move, Pos, Rule};

fn forbidden(c: &mut Criterion) {
    let positions = midgame(Rule::Renju, 32);
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
    let mut positions = midgame(Rule::Freestyle, 32);
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
