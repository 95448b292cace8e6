//! Engine benchmarks: incremental pattern updates (one element = one play+undo pair), static
//! evaluation, the VCF solver on the tactics suite's VCF boards, and fixed-depth searches of
//! the bench positions: at the bench depth with a small table, and deeper with the table a
//! match gives (256 MiB), where the table's memory traffic counts.
//!
//! Run with `cargo bench --bench engine`.

use std::sync::atomic::AtomicBool;

#[path = "support/midgame.rs"]
mod support;
use support::midgame;

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use tengen::engine::eval::evaluate;
use tengen::engine::position::{Cell, Position};
use tengen::engine::search::{Engine, Limits};
use tengen::engine::threat::Vcf;
use tengen::rules::{Board, Move, Pos, Rule};

/// The `vcf` boards of the tactics suite (diagram rows between `case` and `end`), each with
/// the length of its shortest VCF (`fours=N`; 0 if the case does not say).
fn vcf_boards() -> Vec<(Board, i32)> {
    let data = include_str!("../engine/tests/data/tactics.txt");
    let mut out = Vec::new();
    let mut rows: Option<(Rule, i32, Vec<String>)> = None;
    for line in data.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("case ") {
            let f: Vec<&str> = rest.split_whitespace().collect();
            let fours = f
                .iter()
                .find_map(|k| k.strip_prefix("fours="))
                .map_or(0, |n| n.parse().unwrap());
            rows = (f[1] == "vcf" && !rest.contains("to_move="))
                .then(|| (f[2].parse().unwrap(), fours, Vec::new()));
        } else if line == "end" {
            if let Some((rule, fours, r)) = rows.take() {
                let mut blacks = Vec::new();
                let mut whites = Vec::new();
                for (y, row) in r.iter().enumerate() {
                    let cells = row.chars().filter(|c| matches!(c, 'X' | 'O' | '.'));
                    for (x, c) in cells.enumerate() {
                        let p = Pos::new(x as u8, y as u8);
                        match c {
                            'X' => blacks.push(p),
                            'O' => whites.push(p),
                            _ => {}
                        }
                    }
                }
                let mut moves = Vec::new();
                for (i, &b) in blacks.iter().enumerate() {
                    moves.push(Move::Stone(b));
                    if let Some(&w) = whites.get(i) {
                        moves.push(Move::Stone(w));
                    }
                }
                out.push((Board::from_moves(15, 15, rule, &moves).unwrap(), fours));
            }
        } else if let Some((_, _, r)) = rows.as_mut() {
            if line.starts_with(|c: char| c.is_ascii_digit()) {
                r.push(line.to_string());
            }
        }
    }
    out
}

fn play_undo(c: &mut Criterion) {
    let mut g = c.benchmark_group("position");
    for rule in [Rule::Freestyle, Rule::Renju] {
        let boards = midgame(rule, 8);
        let mut cases: Vec<(Position, Vec<Cell>)> = boards
            .iter()
            .map(|b| {
                let p = Position::from_board(b);
                let mut empties = Vec::new();
                p.near_points(&mut empties);
                (p, empties)
            })
            .collect();
        let n: usize = cases.iter().map(|(_, e)| e.len()).sum();
        g.throughput(Throughput::Elements(n as u64));
        g.bench_function(format!("play_undo/{rule}"), |bench| {
            bench.iter(|| {
                for (p, empties) in cases.iter_mut() {
                    for &c in empties.iter() {
                        p.play(c);
                        p.undo();
                    }
                }
                black_box(&cases);
            });
        });
    }
    let positions: Vec<Position> = midgame(Rule::Freestyle, 16)
        .iter()
        .map(Position::from_board)
        .collect();
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("evaluate", |bench| {
        bench.iter(|| {
            positions
                .iter()
                .map(|p| evaluate(black_box(p)))
                .sum::<i32>()
        });
    });
    g.finish();
}

fn vcf(c: &mut Criterion) {
    // The boards with VCFs of up to 20 fours, and separately mintaka's two deep Renju boards
    // (79 and 87 fours), which would dominate the suite's time.
    let (deep, short): (Vec<_>, Vec<_>) = vcf_boards().into_iter().partition(|b| b.1 > 20);
    let mut g = c.benchmark_group("vcf");
    for (name, boards) in [("solve_suite", short), ("solve_deep_renju", deep)] {
        g.throughput(Throughput::Elements(boards.len() as u64));
        g.bench_function(name, |bench| {
            bench.iter(|| {
                for (b, _) in &boards {
                    let mut pos = Position::from_board(b);
                    let mut v = Vcf::new(1 << 16);
                    assert!(v.solve(&mut pos, &[], 128, 1_000_000).is_some());
                }
            });
        });
    }
    g.finish();
}

fn search(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    let boards: Vec<Board> = (0..tengen::engine::bench::POSITIONS.len())
        .map(tengen::engine::bench::board)
        .collect();
    g.bench_function("fixed_depth_bench_positions", |bench| {
        bench.iter(|| {
            let mut nodes = 0;
            for b in &boards {
                let mut e = Engine::new(16 << 20, 1);
                let stop = AtomicBool::new(false);
                nodes += e
                    .search(
                        b,
                        &Limits::depth(tengen::engine::bench::DEPTH),
                        &stop,
                        &[],
                        &mut |_| {},
                    )
                    .nodes;
            }
            nodes
        });
    });
    // The table the manager's default `--max-memory 350` gives. It is allocated once and
    // cleared outside the timed part (the positions share it, as a game's moves do), so the
    // time is the search's own, page faults excepted.
    let e = std::cell::RefCell::new(Engine::new(256 << 20, 1));
    g.bench_function("depth_12_bench_positions_256mib_table", |bench| {
        bench.iter_batched(
            || e.borrow_mut().clear(),
            |()| {
                let mut e = e.borrow_mut();
                let mut nodes = 0;
                for b in &boards {
                    let stop = AtomicBool::new(false);
                    nodes += e
                        .search(b, &Limits::depth(12), &stop, &[], &mut |_| {})
                        .nodes;
                }
                nodes
            },
            BatchSize::PerIteration,
        );
    });
    g.finish();
}

criterion_group!(benches, play_undo, vcf, search);
criterion_main!(benches);
