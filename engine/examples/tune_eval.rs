//! Fits the pattern evaluation's values to game results (Texel's method).
//!
//! ```text
//! cargo run --release -p tengen-engine --example tune_eval -- [--quiet | --quiet-mover]
//!     [--search-depth D [--lambda L] [--every N] [--threads T]] [--combos [--combo-l2 L,...]]
//!     [--pairs] [--pairs-over] [--counts] [--refine] [--cross] [--phases] RULE FILE...
//! ```
//!
//! `RULE` is a rule name (`renju`, `freestyle`, …) or `all`; each `FILE` is a manager
//! `results.jsonl` (one finished game per line, read as the manager's `GameRecord`; a line
//! that is not one stops the tool with its file and line). Only 15x15 games decided on the
//! board (a five, a forbidden move, a full board) are used. Every position after the opening
//! (at least four stones) where neither side has a four on the board becomes a sample
//! labelled with the game's result for the side to move; `--quiet` also drops positions
//! where either side can make a straight four or a four-three, `--quiet-mover` only those
//! where the side to move can (so the opponent's values of those points are fitted). One
//! game in ten is held out for validation.
//!
//! With `--search-depth D` the label is a D-ply search instead (one thread, a fresh table per
//! position, every `--every`th sample, `--threads` searches at once): its score mapped to a
//! probability by the logistic scale K that fits the current evaluation to the game results,
//! a proven win 1 and a proven loss 0, mixed with the game's result at weight `--lambda`.
//! The fits then say which values predict a deeper search best (the move order fitted that
//! way paid; engine/STRENGTH.md, sixteenth and twenty-first sessions). The tool then also
//! prints the labels' entropy (no prediction of soft labels gets below it) and the current
//! evaluation's loss at its best scale for them.
//!
//! `--combos` adds a fit of attack and defence values per combination of a point's four line
//! patterns (495 multisets of none and the eight fitted ones), started from the attack and
//! defence tables and held near them by an L2 penalty (`--combo-l2`, one fit per value): how
//! much a richer per-point table could predict that the line values and class bonuses do not.
//!
//! `--pairs` fits, with the line values and class bonuses, one attack and one defence value
//! per pair of line patterns on one point (36 pairs), then again with only the pairs that
//! hold a closed three, an open three or a four: a per-point table an incremental update
//! can keep cheaply. On freestyle leaf-like positions it predicted 8-ply searches as well
//! as the per-combination table. The threat pairs, with the fitted values from an open two
//! up, are the freestyle table's (+71 Elo); taking over the fitted values of ones and twos
//! too lost (engine/STRENGTH.md, forty-eighth session).
//!
//! `--pairs-over` fits the threat pairs alone on top of the current evaluation (its weight
//! fitted as a scale, its line values kept), one table for both colours and then one per
//! colour: what pairs would add to a table whose line values are not to be refitted (as
//! under Renju, where every refit of them lost). Renju's table holds half of its
//! one-table values: half won at 100 ms (+97 Elo) and at a game clock, the whole values
//! did less, and a table per colour played level (engine/STRENGTH.md, forty-ninth
//! session).
//!
//! `--counts` fits, on top of the current evaluation (its weight fitted), a value per number
//! of open-three, four and double-three points of each side (1 to 8 or more): whether
//! several threat points together are worth more or less than the sum the evaluation gives
//! them per point. Under both rules it removed less of the evaluation's excess loss than
//! the pairs (engine/STRENGTH.md, fiftieth session).
//!
//! `--refine` fits, on top of the current evaluation (its weight fitted), a value per
//! refined line pattern: an open three with two straight-four points (`..XXX..`), open twos
//! with three and with four or more open-three points, a closed three with two four points,
//! each beside a value for its plain pattern so that the refined value is a difference
//! within the pattern. The points are read from the rule's pattern table with the stone
//! played. On 8-ply labels the
//! refined values came out near nothing; only game results valued the strong open three
//! (engine/STRENGTH.md, fifty-first session).
//!
//! `--cross` fits, on top of the current evaluation, a value per pair of classes on one
//! point (the side to move's and the opponent's: none, open three, four, double three, a
//! four with more, forbidden), and then a value per class of each side alone: whether a
//! point that serves both sides (my three where the opponent would make a four) is worth
//! other than the sum of what it is worth to each (engine/STRENGTH.md, fifty-first
//! session).
//!
//! Each fit on top of the current evaluation is printed after the evaluation alone with its
//! weight and a black-to-move bias fitted: the fair comparison for their losses.
//!
//! `--phases` reports instead, by the number of stones on the board, a fit of the label on
//! the current evaluation with an intercept for the side to move and one for black: how
//! much a point of evaluation says in that stretch of the game (its logistic scale), and
//! how many points the evaluation gives the side to move, and black, beyond what the
//! results say (engine/STRENGTH.md, forty-second session).
//!
//! The evaluation is linear in per-side counts (each empty point's four line patterns plus
//! its combination class, forbidden points excluded), so fitting it is a logistic
//! regression. The tool prints the current evaluation's loss at its best logistic scale K,
//! then three fits in the engine's units (scaled by that K, so one point of evaluation keeps
//! its meaning for the search's margins):
//! - one table, the side to move's values weighted `own`/8 and the opponent's 5/8 (the
//!   evaluation before the fifth session's last change), for several `own`;
//! - one such table per colour;
//! - an attack table for the side to move and a defence table for the opponent, fitted
//!   freely (what `eval.rs` uses: evaluate = attack sum − defence sum), with a fitted
//!   black-to-move bias that the engine leaves out (a constant from black's side).

use anyhow::Context;
use clap::Parser;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use tengen_engine::eval::{evaluate, fitted_pattern};
use tengen_engine::pattern::{cell, slot, Class, ComboTable, Pattern, PatternTable, HALF};
use tengen_engine::position::{Cell, Position};
use tengen_engine::search::{Engine, Limits, WIN_BOUND};
use tengen_manager::record::{from_json_lines, EndReason};
use tengen_rules::{Board, Color, Pos, Rule};

/// Fitted line patterns (F4 includes the two-fours-on-a-line pattern).
const PATTERNS: [&str; 8] = ["B1", "F1", "B2", "F2", "B3", "F3", "B4", "F4"];
/// Fitted class bonuses (the straight four includes two fours).
const CLASSES: [&str; 3] = ["ThreeThree", "FourThree", "FourFour|Flex4"];
const NF: usize = PATTERNS.len() + CLASSES.len();

/// Which positions with a straight-four or four-three point are left out.
#[derive(Debug, Clone, Copy)]
enum Quiet {
    /// None.
    No,
    /// Those where either side has one (`--quiet`).
    Both,
    /// Those where the side to move has one (`--quiet-mover`).
    Mover,
}

struct Sample {
    /// The game's result for the side to move (1 win, ½ draw, 0 loss).
    y: f64,
    us: [f32; NF],
    them: [f32; NF],
    /// The engine's current evaluation.
    current: f64,
    /// Whether black is to move.
    black: bool,
    /// Stones on the board.
    stones: usize,
    validation: bool,
    /// The position, kept only while it still needs a search label.
    board: Option<Board>,
    /// With `--combos`: the combination number ([`combo`]) of each of the side to move's
    /// points, then of the opponent's.
    combos: [Vec<u16>; 2],
    /// The side to move's and the opponent's number of points of each counted class
    /// ([`COUNTED`]).
    counts: [[u16; 3]; 2],
    /// The side to move's and the opponent's number of refined line patterns
    /// ([`REFINED`]).
    refined: [[u16; REFINED.len()]; 2],
    /// With `--cross`: the number of points of each pair of classes (the side to move's,
    /// the opponent's; [`cross_class`]), by `a * CROSS + b`.
    cross: Vec<u16>,
}

/// The class groups `--cross` pairs: none, open three, four, double three, a four with
/// more (four-three, two fours, straight four), forbidden for black.
const CROSS: usize = 6;
const CROSS_NAMES: [&str; CROSS] = ["-", "3", "4", "33", "4+", "forb"];

fn cross_class(k: Class) -> usize {
    match k {
        Class::Plain => 0,
        Class::Three => 1,
        Class::Four => 2,
        Class::ThreeThree => 3,
        Class::Forbidden => 5,
        _ => 4,
    }
}

/// The points' class pairs ([`Sample::cross`]) of the side to move `mover`.
fn cross_counts(pos: &Position, mover: Color) -> Vec<u16> {
    let mut n = vec![0; CROSS * CROSS];
    for &c in pos.board_cells() {
        if pos.is_empty(c) {
            let a = cross_class(pos.class(mover, c));
            let b = cross_class(pos.class(mover.opponent(), c));
            n[a * CROSS + b] += 1;
        }
    }
    n
}

/// The refined line patterns `--refine` fits a value for, on top of their pattern's: an
/// open three with two straight-four points, open twos with three and with four or more
/// open-three points (every open two has at least two), a closed three with two four
/// points.
const REFINED: [&str; 4] = ["F3 2sf", "F2 3o3", "F2 4+o3", "B3 2f"];

/// The cells (raw [`cell`] values, walls off the board) of the line through `c` in
/// direction `d`, from `2 * HALF` before `c` to `2 * HALF` after it: the windows of every
/// point within `HALF` of `c`.
fn strip(pos: &Position, c: Cell, d: usize) -> [u8; 4 * HALF + 1] {
    let (dx, dy) = [(1, 0), (0, 1), (1, 1), (1, -1)][d];
    let p = pos.pos_of(c);
    let mut line = [cell::WALL; 4 * HALF + 1];
    for (i, v) in line.iter_mut().enumerate() {
        let o = i as i32 - 2 * HALF as i32;
        let (x, y) = (i32::from(p.x) + dx * o, i32::from(p.y) + dy * o);
        if (0..i32::from(pos.width())).contains(&x) && (0..i32::from(pos.height())).contains(&y) {
            *v = pos.at(Position::cell_at(Pos::new(x as u8, y as u8)));
        }
    }
    line
}

/// How many empty points within `HALF` of `c` on line `d` get a pattern `counted` for
/// `color` once `color` has played `c` (by the rule's pattern table).
fn count_after(
    pos: &Position,
    color: Color,
    c: Cell,
    d: usize,
    counted: fn(Pattern) -> bool,
) -> usize {
    let table = PatternTable::get(pos.rule());
    let mut line = strip(pos, c, d);
    line[2 * HALF] = match color {
        Color::Black => cell::BLACK,
        Color::White => cell::WHITE,
    };
    (HALF..=3 * HALF)
        .filter(|&q| line[q] == cell::EMPTY)
        .filter(|&q| {
            let key = (-(HALF as i32)..=HALF as i32)
                .filter(|&o| o != 0)
                .map(|o| u32::from(line[(q as i32 + o) as usize]) << (2 * slot(o)))
                .sum();
            let both = table.lookup(key);
            let own = if color == Color::Black {
                both & 15
            } else {
                both >> 4
            };
            counted(Pattern::from_u8(own))
        })
        .count()
}

/// `color`'s number of each refined pattern ([`REFINED`]) over the empty points.
fn refined_counts(pos: &Position, color: Color) -> [u16; REFINED.len()] {
    let mut n = [0; REFINED.len()];
    for &c in pos.board_cells() {
        if !pos.is_empty(c) || pos.class(color, c) == Class::Forbidden {
            continue;
        }
        for d in 0..4 {
            let after = |counted| count_after(pos, color, c, d, counted);
            match pos.pattern(color, c, d) {
                Pattern::F3 => n[0] += u16::from(after(|p| p == Pattern::F4) >= 2),
                Pattern::B3 => n[3] += u16::from(after(Pattern::is_four) >= 2),
                Pattern::F2 => {
                    let threes = after(|p| p == Pattern::F3);
                    if threes >= 3 {
                        n[threes.min(4) - 2] += 1;
                    }
                }
                _ => {}
            }
        }
    }
    n
}

/// The classes whose number of points `--counts` fits a value for.
const COUNTED: [Class; 3] = [Class::Three, Class::Four, Class::ThreeThree];

/// Number of combinations: four line patterns, each none or one of the fitted ones.
const COMBOS: usize = 9 * 9 * 9 * 9;

/// The combination of `color`'s line patterns on point `c`, as a number: the four fitted
/// pattern numbers (plus one; none is 0) sorted, read as base-9 digits. `None` for a
/// forbidden point or one without any fitted pattern.
fn combo(pos: &Position, color: Color, c: tengen_engine::position::Cell) -> Option<u16> {
    if pos.class(color, c) == Class::Forbidden {
        return None;
    }
    let mut v = [0, 1, 2, 3].map(|d| fitted_pattern(pos.pattern(color, c, d)).map_or(0, |i| i + 1));
    v.sort_unstable_by(|a, b| b.cmp(a));
    (v[0] > 0).then(|| (((v[0] * 9 + v[1]) * 9 + v[2]) * 9 + v[3]) as u16)
}

/// The four digits of combination `i` (fitted pattern number plus one, 0 for none).
fn digits(i: usize) -> [usize; 4] {
    [i / 729, i / 81 % 9, i / 9 % 9, i % 9]
}

fn combos_of(pos: &Position, color: Color) -> Vec<u16> {
    pos.board_cells()
        .iter()
        .filter(|&&c| pos.is_empty(c))
        .filter_map(|&c| combo(pos, color, c))
        .collect()
}

/// `color`'s feature counts and its number of points of each class in [`COUNTED`], or `None`
/// if `color` has a five to make (a four on the board).
fn features(pos: &Position, color: Color) -> Option<([f32; NF], [u16; 3])> {
    let mut f = [0f32; NF];
    let mut counted = [0; 3];
    for &c in pos.board_cells() {
        if !pos.is_empty(c) {
            continue;
        }
        let class = pos.class(color, c);
        match class {
            Class::Forbidden => continue,
            Class::Five => return None,
            Class::ThreeThree => f[8] += 1.,
            Class::FourThree => f[9] += 1.,
            Class::FourFour | Class::Flex4 => f[10] += 1.,
            _ => {}
        }
        if let Some(i) = COUNTED.iter().position(|&k| k == class) {
            counted[i] += 1;
        }
        for d in 0..4 {
            if let Some(i) = fitted_pattern(pos.pattern(color, c, d)) {
                f[i] += 1.;
            }
        }
    }
    Some((f, counted))
}

fn load(
    rule: Option<Rule>,
    quiet: Quiet,
    keep_boards: bool,
    with_combos: bool,
    with_refined: bool,
    with_cross: bool,
    files: &[String],
) -> anyhow::Result<(Vec<Sample>, usize)> {
    let mut samples = Vec::new();
    let mut games = 0;
    for path in files {
        let text = std::fs::read_to_string(path).with_context(|| path.clone())?;
        for g in from_json_lines(&text).with_context(|| path.clone())? {
            // Games lost on time, by a crash or an illegal move say nothing about positions.
            let decided_on_board = matches!(
                g.reason,
                EndReason::Five | EndReason::Forbidden(_) | EndReason::BoardFull
            );
            if rule.is_some_and(|r| r != g.rule)
                || (g.width, g.height) != (15, 15)
                || !decided_on_board
            {
                continue;
            }
            games += 1;
            let validation = games % 10 == 0;
            let mut board = Board::new(15, g.rule);
            for (i, m) in g.moves.iter().enumerate() {
                if i >= g.opening_len.max(4) {
                    let pos = Position::from_board(&board);
                    let mover = pos.side();
                    if let (Some((us, us_counted)), Some((them, them_counted))) =
                        (features(&pos, mover), features(&pos, mover.opponent()))
                    {
                        let sharp = |f: &[f32; NF]| f[7] + f[9] + f[10] > 0.;
                        let drop = match quiet {
                            Quiet::No => false,
                            Quiet::Both => sharp(&us) || sharp(&them),
                            Quiet::Mover => sharp(&us),
                        };
                        if !drop {
                            samples.push(Sample {
                                y: g.result.score_for(mover),
                                us,
                                them,
                                current: f64::from(evaluate(&pos)),
                                black: mover == Color::Black,
                                stones: pos.stones(),
                                validation,
                                board: keep_boards.then(|| board.clone()),
                                combos: if with_combos {
                                    [combos_of(&pos, mover), combos_of(&pos, mover.opponent())]
                                } else {
                                    [Vec::new(), Vec::new()]
                                },
                                counts: [us_counted, them_counted],
                                cross: if with_cross {
                                    cross_counts(&pos, mover)
                                } else {
                                    Vec::new()
                                },
                                refined: if with_refined {
                                    [
                                        refined_counts(&pos, mover),
                                        refined_counts(&pos, mover.opponent()),
                                    ]
                                } else {
                                    [[0; REFINED.len()]; 2]
                                },
                            });
                        }
                    }
                }
                if board.play(m.mv).is_err() {
                    break;
                }
            }
        }
    }
    Ok((samples, games))
}

/// Replaces each sample's label by a `depth`-ply search's score as a probability (scale `k`),
/// mixed with the game's result at weight `lambda`, on `threads` threads.
fn label_by_search(samples: &mut [Sample], depth: i32, k: f64, lambda: f64, threads: usize) {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let n = samples.len();
    let shared: &[Sample] = samples;
    // Each thread returns the (sample, label) pairs it searched.
    let labels: Vec<(usize, f64)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut engine = Engine::new(16 << 20, 1);
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(board) = shared.get(i).and_then(|s| s.board.as_ref()) else {
                            break out;
                        };
                        engine.clear();
                        let r =
                            engine.search(board, &Limits::depth(depth), &stop, &[], &mut |_| {});
                        let p = if r.score >= WIN_BOUND {
                            1.0
                        } else if r.score <= -WIN_BOUND {
                            0.0
                        } else {
                            1.0 / (1.0 + (-f64::from(r.score) / k).exp())
                        };
                        out.push((i, p));
                        if i % 2000 == 1999 {
                            eprintln!("{} of {n} positions searched", i + 1);
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    for (i, p) in labels {
        let s = &mut samples[i];
        s.y = lambda * s.y + (1.0 - lambda) * p;
        s.board = None;
    }
}

fn cross_entropy(y: f64, z: f64) -> f64 {
    let p = (1.0 / (1.0 + (-z).exp())).clamp(1e-12, 1.0 - 1e-12);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

/// Mean loss over the training (or validation) samples of the logit `z(sample)`.
fn loss(samples: &[Sample], validation: bool, z: impl Fn(&Sample) -> f64) -> f64 {
    let (sum, n) = samples
        .iter()
        .filter(|s| s.validation == validation)
        .fold((0.0, 0.0), |(l, n), s| {
            (l + cross_entropy(s.y, z(s)), n + 1.0)
        });
    sum / n
}

/// The logistic scale K (10 to 5 000) at which the current evaluation predicts the training
/// samples' labels best.
fn best_scale(samples: &[Sample]) -> f64 {
    let (mut k, mut best) = (10.0, f64::MAX);
    let mut t = 10.0;
    while t < 5_000.0 {
        let l = loss(samples, false, |s| s.current / t);
        if l < best {
            (k, best) = (t, l);
        }
        t *= 1.02;
    }
    k
}

/// Logistic regression without intercept on the training samples (Newton's method, a little
/// L2 for the rare features) of the `n` features `x_of` writes: the weights and their
/// validation loss.
fn fit(samples: &[Sample], n: usize, x_of: impl Fn(&Sample, &mut [f64])) -> (Vec<f64>, f64) {
    let mut w = vec![0.0; n];
    let mut x = vec![0.0; n];
    for _ in 0..30 {
        let mut g = vec![0.0; n];
        let mut h = vec![vec![0.0; n]; n];
        for s in samples.iter().filter(|s| !s.validation) {
            x_of(s, &mut x);
            let z: f64 = w.iter().zip(&x).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            for i in 0..n {
                g[i] += (p - s.y) * x[i];
                for j in 0..=i {
                    h[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        for i in 0..n {
            g[i] += 1e-3 * w[i];
            h[i][i] += 1e-3;
            let lower: Vec<f64> = h[i][..i].to_vec();
            for (j, v) in lower.into_iter().enumerate() {
                h[j][i] = v;
            }
        }
        let step = solve(h, g);
        w.iter_mut().zip(&step).for_each(|(a, d)| *a -= d);
        if step.iter().all(|d| d.abs() < 1e-10) {
            break;
        }
    }
    let l = loss(samples, true, |s| {
        let mut x = vec![0.0; n];
        x_of(s, &mut x);
        w.iter().zip(&x).map(|(a, b)| a * b).sum()
    });
    (w, l)
}

/// `--phases`: for each stretch of stones on the board (`samples` sorted by stones), the
/// fit logit = a·evaluation/100 + t + b·(1 if black is to move, else −1), printed as the
/// scale a and, in evaluation points, the side to move's excess −100·t/a and black's
/// −100·b/a (what the evaluation gives them beyond what the results say).
fn phases(samples: &[Sample]) {
    println!("stones   positions  scale/100  side to move  black  loss (validation)");
    let bounds = [0, 15, 25, 35, 50, 60, 70, 80, 100, 130, usize::MAX];
    for w in bounds.windows(2) {
        let from = samples.partition_point(|s| s.stones < w[0]);
        let to = samples.partition_point(|s| s.stones < w[1]);
        let part = &samples[from..to];
        if part.iter().filter(|s| !s.validation).count() < 1000 {
            continue;
        }
        let (v, l) = fit(part, 3, |s, x| {
            x[0] = s.current / 100.0;
            x[1] = 1.0;
            x[2] = if s.black { 1.0 } else { -1.0 };
        });
        let hi = if w[1] == usize::MAX {
            String::from("..")
        } else {
            (w[1] - 1).to_string()
        };
        println!(
            "{:>3}-{hi:<4} {:>9}  {:>9.3}  {:>12.0}  {:>5.0}  {l:.4}",
            w[0],
            part.len(),
            v[0],
            -100.0 * v[1] / v[0],
            -100.0 * v[2] / v[0],
        );
    }
}

/// Fitted weights in the engine's units: logit = evaluate/K, so a weight `w` of a term the
/// evaluation counts at `weight` (own/8 for the side to move's one-table values, 1 for the
/// attack and defence tables) is a value of w·K/weight.
fn engine_values(w: &[f64], k: f64, weight: f64) -> String {
    w.iter()
        .map(|v| format!("{:.0}", v * k / weight))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The class bonus feature (8, 9 or 10) of combination `i`: the class the engine gives
/// those patterns (a player without forbidden points), if it has a fitted bonus.
fn class_feature(i: usize) -> Option<usize> {
    // Digit x is fitted pattern x - 1, whose pattern number is x + 1 (`fitted_pattern`).
    let packed = digits(i)
        .iter()
        .enumerate()
        .map(|(dir, &x)| (if x > 0 { x as u16 + 1 } else { 0 }) << (4 * dir))
        .fold(0, |a, b| a | b);
    match ComboTable::get(false, false).lookup(packed).class {
        Class::ThreeThree => Some(8),
        Class::FourThree => Some(9),
        Class::FourFour | Class::Flex4 => Some(10),
        _ => None,
    }
}

/// What the attack and defence tables `ad` (the linear fit's weights: attack, defence, bias)
/// give combination `i`: its lines' values plus its class bonus ([`class_feature`]).
fn additive(ad: &[f64], i: usize, defence: bool) -> f64 {
    let w = if defence { &ad[NF..2 * NF] } else { &ad[..NF] };
    let lines: f64 = digits(i)
        .iter()
        .filter(|&&x| x > 0)
        .map(|&x| w[x - 1])
        .sum();
    lines + class_feature(i).map_or(0.0, |f| w[f])
}

/// Attack and defence values per combination ([`combo`]) and a black-to-move bias, fitted by
/// Adam on the training samples from the linear fit `ad` (and held near it by an L2 penalty
/// on the difference, weight `l2`): the weights (logits) and the validation loss.
fn fit_combos(samples: &[Sample], ad: &[f64], l2: f64) -> (Vec<f64>, f64) {
    let n = 2 * COMBOS + 1;
    let prior: Vec<f64> = (0..n)
        .map(|i| match i {
            i if i < COMBOS => additive(ad, i, false),
            i if i < 2 * COMBOS => additive(ad, i - COMBOS, true),
            _ => ad[2 * NF],
        })
        .collect();
    let z_of = |w: &[f64], s: &Sample| -> f64 {
        let a: f64 = s.combos[0].iter().map(|&i| w[i as usize]).sum();
        let d: f64 = s.combos[1].iter().map(|&i| w[COMBOS + i as usize]).sum();
        a - d + w[2 * COMBOS] * if s.black { 1.0 } else { -1.0 }
    };
    let (mut w, mut m, mut v) = (prior.clone(), vec![0.0; n], vec![0.0; n]);
    let train: Vec<&Sample> = samples.iter().filter(|s| !s.validation).collect();
    let (lr, b1, b2) = (0.003, 0.9, 0.999);
    eprintln!(
        "combinations from the linear fit: validation {:.5}",
        loss(samples, true, |s| z_of(&w, s))
    );
    for t in 1..=600 {
        let mut g = vec![0.0; n];
        for s in &train {
            let p = 1.0 / (1.0 + (-z_of(&w, s)).exp());
            let e = p - s.y;
            s.combos[0].iter().for_each(|&i| g[i as usize] += e);
            s.combos[1]
                .iter()
                .for_each(|&i| g[COMBOS + i as usize] -= e);
            g[2 * COMBOS] += e * if s.black { 1.0 } else { -1.0 };
        }
        let scale = 1.0 / train.len() as f64;
        for i in 0..n {
            let gi = g[i] * scale + l2 * (w[i] - prior[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(t));
            let vh = v[i] / (1.0 - b2.powi(t));
            w[i] -= lr * mh / (vh.sqrt() + 1e-8);
        }
        if t % 100 == 0 {
            eprintln!(
                "combinations, step {t}: training {:.5}, validation {:.5}",
                loss(samples, false, |s| z_of(&w, s)),
                loss(samples, true, |s| z_of(&w, s))
            );
        }
    }
    let l = loss(samples, true, |s| z_of(&w, s));
    (w, l)
}

/// Number of unordered pairs of fitted line patterns (a pattern with itself included).
const PAIRS: usize = PATTERNS.len() * (PATTERNS.len() + 1) / 2;

/// The pair number of fitted patterns `a` and `b`.
fn pair(a: usize, b: usize) -> usize {
    let (a, b) = (a.min(b), a.max(b));
    b * (b + 1) / 2 + a
}

/// Whether fitted patterns `a` and `b` make a threat pair: one is a closed three or more
/// (fitted numbers 4..=7 are B3, F3, B4 and F4), the only pairs the engine's tables hold.
fn threat_pair(a: usize, b: usize) -> bool {
    a.max(b) >= 4
}

/// The pair numbers ([`pair`]) of combination `i`'s lines, each two once; with `threats`,
/// only the threat pairs ([`threat_pair`]).
fn combo_pairs(i: usize, threats: bool) -> Vec<usize> {
    let lines: Vec<usize> = digits(i)
        .iter()
        .filter(|&&x| x > 0)
        .map(|&x| x - 1)
        .collect();
    let mut pairs = Vec::new();
    for (ia, &a) in lines.iter().enumerate() {
        for &b in &lines[ia + 1..] {
            if !threats || threat_pair(a, b) {
                pairs.push(pair(a, b));
            }
        }
    }
    pairs
}

/// `--pairs`: a linear fit, per side, of the line values, the class bonuses and a value per
/// pair of line patterns on one point ([`pair`]; with `threats`, only the pairs with a
/// closed three, an open three or a four), with a black-to-move bias; prints the held-out
/// loss and the values in the engine's units.
fn fit_pairs(samples: &[Sample], k: f64, threats: bool) {
    const M: usize = NF + PAIRS;
    // Each combination's features: its fitted patterns, its class bonus, its pairs.
    let feats: Vec<Vec<usize>> = (0..COMBOS)
        .map(|i| {
            let mut f: Vec<usize> = digits(i)
                .iter()
                .filter(|&&x| x > 0)
                .map(|&x| x - 1)
                .collect();
            f.extend(class_feature(i));
            f.extend(combo_pairs(i, threats).into_iter().map(|p| NF + p));
            f
        })
        .collect();
    let x_of = |s: &Sample, x: &mut [f64]| {
        x.fill(0.0);
        for &i in &s.combos[0] {
            feats[i as usize].iter().for_each(|&f| x[f] += 1.0);
        }
        for &i in &s.combos[1] {
            feats[i as usize].iter().for_each(|&f| x[M + f] -= 1.0);
        }
        x[2 * M] = if s.black { 1.0 } else { -1.0 };
    };
    let (w, l) = fit(samples, 2 * M + 1, x_of);
    let units = |w: &[f64]| engine_values(w, k, 1.0);
    println!(
        "line values, class bonuses and {}pairs: loss, then the side to move's and the opponent's",
        if threats { "threat " } else { "" }
    );
    println!(
        "     {l:.5}  {}  |  {}  (black to move {:+.0})",
        units(&w[..NF]),
        units(&w[M..M + NF]),
        w[2 * M] * k
    );
    for (b, name_b) in PATTERNS.iter().enumerate() {
        for (a, name_a) in PATTERNS.iter().enumerate().take(b + 1) {
            let i = NF + pair(a, b);
            println!(
                "  pair {name_b}+{name_a}  {:>6.0} {:>6.0}",
                w[i] * k,
                w[M + i] * k
            );
        }
    }
}

/// Fits `extra` features, which `extra_of` writes (into a zeroed slice), on top of the
/// current evaluation (its weight fitted: a scale) with a black-to-move bias, and prints
/// the held-out loss of `what` with the evaluation's weight and the bias. Returns the
/// extra features' weights and the factor that makes a weight a value in the current
/// evaluation's points.
fn fit_over(
    samples: &[Sample],
    k: f64,
    what: &str,
    extra: usize,
    extra_of: impl Fn(&Sample, &mut [f64]),
) -> (Vec<f64>, f64) {
    let x_of = |s: &Sample, x: &mut [f64]| {
        x.fill(0.0);
        x[0] = s.current / k;
        x[1] = if s.black { 1.0 } else { -1.0 };
        extra_of(s, &mut x[2..]);
    };
    let (w, l) = fit(samples, 2 + extra, x_of);
    // A weight over the evaluation's weight is a value in evaluation points.
    let scale = k / w[0];
    println!(
        "{what}: loss {l:.5}, evaluation weight {:.3}, black to move {:+.0}",
        w[0],
        w[1] * scale
    );
    (w[2..].to_vec(), scale)
}

/// `--pairs-over`: the threat pairs (as [`fit_pairs`]) fitted on top of the current
/// evaluation, whose weight is fitted too (a scale), with a black-to-move bias: what pairs
/// would add to the engine's table as it stands, its line values kept. With `per_colour`,
/// one table for black and one for white (the rules treat the colours differently under
/// Renju). Prints the held-out loss and the values in the current evaluation's points.
fn fit_pairs_over(samples: &[Sample], k: f64, per_colour: bool) {
    let feats: Vec<Vec<usize>> = (0..COMBOS).map(|i| combo_pairs(i, true)).collect();
    let np = PAIRS;
    // Features: the current evaluation, the bias, then per table the pairs (by [`pair`]
    // number; the others' columns stay empty and their weights zero): the side to move's
    // and the opponent's; per colour, black's attack and white's defence (black to move),
    // then white's attack and black's defence.
    let tables = if per_colour { 4 } else { 2 };
    let what = if per_colour {
        "threat pairs over the current evaluation per colour (black's attack, white's \
         defence, white's attack, black's defence)"
    } else {
        "threat pairs over the current evaluation (attack, defence)"
    };
    let (w, scale) = fit_over(samples, k, what, tables * np, |s, x| {
        let colour = if per_colour && !s.black { 2 } else { 0 };
        for (side, sign) in [(0, 1.0), (1, -1.0)] {
            let base = (colour + side) * np;
            for &i in &s.combos[side] {
                feats[i as usize].iter().for_each(|&f| x[base + f] += sign);
            }
        }
    });
    for b in 0..PATTERNS.len() {
        for a in (0..=b).filter(|&a| threat_pair(a, b)) {
            let v: Vec<String> = (0..tables)
                .map(|t| format!("{:>6.0}", w[t * np + pair(a, b)] * scale))
                .collect();
            println!("  pair {}+{}  {}", PATTERNS[b], PATTERNS[a], v.join(" "));
        }
    }
}

/// `--counts`: a value per number of points of each class in [`COUNTED`] (one step per
/// count from 1 up to [`COUNT_STEPS`], the last one for that many or more), per side,
/// fitted on top of the current evaluation (its weight fitted, a scale) with a
/// black-to-move bias: whether the evaluation's per-point sum misses what several threat
/// points together are worth. Prints the held-out loss and, per class and count, the
/// cumulative value in the current evaluation's points (beyond the per-point values the
/// evaluation already gives).
fn fit_counts(samples: &[Sample], k: f64) {
    const COUNT_STEPS: usize = 8;
    let per_side = COUNTED.len() * COUNT_STEPS;
    let what = "class counts over the current evaluation";
    let (w, scale) = fit_over(samples, k, what, 2 * per_side, |s, x| {
        for (side, sign) in [(0, 1.0), (1, -1.0)] {
            for (c, &n) in s.counts[side].iter().enumerate() {
                let base = side * per_side + c * COUNT_STEPS;
                for step in 0..(n as usize).min(COUNT_STEPS) {
                    x[base + step] = sign;
                }
            }
        }
    });
    println!("  class        side       value for 1..{COUNT_STEPS}+ points (samples with at least that many)");
    for (c, class) in COUNTED.iter().enumerate() {
        for (side, name) in [(0, "to move"), (1, "opponent")] {
            let base = side * per_side + c * COUNT_STEPS;
            let mut sum = 0.0;
            let cells: Vec<String> = (0..COUNT_STEPS)
                .map(|step| {
                    sum += w[base + step] * scale;
                    let seen = samples
                        .iter()
                        .filter(|s| s.counts[side][c] as usize > step)
                        .count();
                    format!("{sum:>5.0} ({seen})")
                })
                .collect();
            println!(
                "  {:<12} {name:<9}  {}",
                format!("{class:?}"),
                cells.join(" ")
            );
        }
    }
}

/// `--refine`: a value per refined line pattern ([`REFINED`]) per side, fitted on top of
/// the current evaluation (its weight fitted, a scale) with a black-to-move bias. Prints
/// the held-out loss and the values in the current evaluation's points.
fn fit_refined(samples: &[Sample], k: f64) {
    // Per side the refined counts, then the counts of their patterns (F2, B3, F3: the
    // fitted patterns 3..6), so that a refined value is a difference within its pattern.
    let n = REFINED.len() + 3;
    let what = "refined patterns over the current evaluation";
    let (w, scale) = fit_over(samples, k, what, 2 * n, |s, x| {
        for (side, sign, plain) in [(0, 1.0, &s.us), (1, -1.0, &s.them)] {
            for (i, &v) in s.refined[side].iter().enumerate() {
                x[side * n + i] = sign * f64::from(v);
            }
            for i in 0..3 {
                x[side * n + REFINED.len() + i] = sign * f64::from(plain[3 + i]);
            }
        }
    });
    for (i, name) in REFINED.iter().enumerate() {
        let seen = |side: usize| samples.iter().filter(|s| s.refined[side][i] > 0).count();
        println!(
            "  {name:<8} to move {:>6.0} ({} samples)  opponent {:>6.0} ({})",
            w[i] * scale,
            seen(0),
            w[n + i] * scale,
            seen(1)
        );
    }
    let plain: Vec<String> = ["F2", "B3", "F3"]
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let at = REFINED.len() + i;
            format!("{name} {:+.0} / {:+.0}", w[at] * scale, w[n + at] * scale)
        })
        .collect();
    println!(
        "  their patterns' values moved by (to move / opponent): {}",
        plain.join(", ")
    );
}

/// `--cross`: a value per pair of classes on one point ([`Sample::cross`]), fitted on top
/// of the current evaluation (its weight fitted) with a black-to-move bias; with `joint`
/// false, a value per class of each side alone (the pair's value is then their sum), to
/// tell what the pairs add. The pair of two plain classes has no value of its own.
fn fit_cross(samples: &[Sample], k: f64, joint: bool) {
    let n = if joint { CROSS * CROSS } else { 2 * CROSS };
    let what = if joint {
        "class pairs on a point (to move's, opponent's) over the current evaluation"
    } else {
        "class per side over the current evaluation"
    };
    let (w, scale) = fit_over(samples, k, what, n, |s, x| {
        for (i, &v) in s.cross.iter().enumerate().skip(1) {
            let v = f64::from(v);
            if joint {
                x[i] = v;
            } else {
                let (a, b) = (i / CROSS, i % CROSS);
                if a > 0 {
                    x[a] += v;
                }
                if b > 0 {
                    x[CROSS + b] += v;
                }
            }
        }
    });
    if joint {
        println!(
            "  to move \\ opponent  {}",
            CROSS_NAMES.map(|c| format!("{c:>6}")).join("")
        );
        for a in 0..CROSS {
            let row: String = (0..CROSS)
                .map(|b| format!("{:>6.0}", w[a * CROSS + b] * scale))
                .collect();
            println!("  {:<18} {row}", CROSS_NAMES[a]);
        }
    } else {
        let side = |base: usize| -> String {
            (1..CROSS)
                .map(|c| format!("{} {:+.0}", CROSS_NAMES[c], w[base + c] * scale))
                .collect::<Vec<_>>()
                .join(", ")
        };
        println!("  to move: {}; opponent: {}", side(0), side(CROSS));
    }
}

/// The comparison for the fits on top of the current evaluation: the evaluation alone with
/// its weight and a black-to-move bias fitted, as they fit them.
fn fit_scale_only(samples: &[Sample], k: f64) {
    let what = "the current evaluation, its weight and a black-to-move bias fitted";
    fit_over(samples, k, what, 0, |_, _| {});
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for i in 0..n {
        let pivot = (i..n)
            .max_by(|&p, &q| a[p][i].abs().total_cmp(&a[q][i].abs()))
            .unwrap_or(i);
        a.swap(i, pivot);
        b.swap(i, pivot);
        let (top, rest) = a.split_at_mut(i + 1);
        let row = &top[i];
        for (k, other) in rest.iter_mut().enumerate() {
            let f = other[i] / row[i];
            other[i..]
                .iter_mut()
                .zip(&row[i..])
                .for_each(|(o, r)| *o -= f * r);
            b[i + 1 + k] -= f * b[i];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|c| a[i][c] * x[c]).sum();
        x[i] = (b[i] - s) / a[i][i];
    }
    x
}

/// Fits the pattern evaluation's values to game results (Texel's method).
#[derive(Debug, Parser)]
struct Options {
    /// Also drop positions where either side can make a straight four or a four-three.
    #[arg(long)]
    quiet: bool,
    /// Also drop positions where the side to move can make a straight four or a four-three
    /// (but keep those where only the opponent can): fits the opponent's values of those.
    #[arg(long, conflicts_with = "quiet")]
    quiet_mover: bool,
    /// Label each position by a search of this depth instead of the game's result (0: no).
    #[arg(long, default_value_t = 0)]
    search_depth: i32,
    /// With `--search-depth`: the game result's weight in the label (0 to 1).
    #[arg(long, default_value_t = 0.0)]
    lambda: f64,
    /// Use every this many positions (with `--search-depth`, whose searches take time).
    #[arg(long, default_value_t = 1)]
    every: usize,
    /// Searches run at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Also fit attack and defence values per combination of a point's four line patterns
    /// (instead of per line pattern plus a class bonus).
    #[arg(long)]
    combos: bool,
    /// Also fit the line values and class bonuses plus one attack and one defence value per
    /// pair of line patterns on one point: all 36 pairs of the eight fitted ones, then only
    /// those with a closed three or more (what the engine's table holds).
    #[arg(long)]
    pairs: bool,
    /// Also fit the threat pairs on top of the current evaluation (its line values kept,
    /// its weight fitted): one table for both colours, then one per colour.
    #[arg(long)]
    pairs_over: bool,
    /// Also fit a value per number of points of a class (open-three, four and double-three
    /// points) on top of the current evaluation.
    #[arg(long)]
    counts: bool,
    /// Also fit a value per refined line pattern (an open three with two straight-four
    /// points, open twos by their open-three points, a closed three with two four points)
    /// on top of the current evaluation.
    #[arg(long)]
    refine: bool,
    /// Also fit a value per pair of classes on one point (the side to move's, the
    /// opponent's) on top of the current evaluation, and the same with each side's class
    /// alone.
    #[arg(long)]
    cross: bool,
    /// With `--combos`: weights of the penalty on the difference from the linear fit (one
    /// fit each, comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "0.0001")]
    combo_l2: Vec<f64>,
    /// Only report, by stones on the board, the evaluation's scale and its excess for the
    /// side to move and for black.
    #[arg(long)]
    phases: bool,
    /// A rule name (`renju`, `freestyle`, ...) or `all`.
    rule: String,
    /// Manager results.jsonl files.
    #[arg(required = true)]
    files: Vec<String>,
}

fn main() -> anyhow::Result<()> {
    let o = Options::parse();
    let rule = match o.rule.as_str() {
        "all" => None,
        r => Some(r.parse::<Rule>().map_err(|e| anyhow::anyhow!("{r}: {e}"))?),
    };
    if !(0.0..=1.0).contains(&o.lambda) {
        anyhow::bail!("--lambda {} is not between 0 and 1", o.lambda);
    }
    let searching = o.search_depth > 0;
    let quiet = match (o.quiet, o.quiet_mover) {
        (_, true) => Quiet::Mover,
        (true, false) => Quiet::Both,
        (false, false) => Quiet::No,
    };
    let (samples, games) = load(
        rule,
        quiet,
        searching,
        o.combos || o.pairs || o.pairs_over,
        o.refine,
        o.cross,
        &o.files,
    )?;
    let every = o.every.max(1);
    let mut samples: Vec<Sample> = samples.into_iter().skip(every - 1).step_by(every).collect();
    if samples.iter().filter(|s| !s.validation).count() < 1000 {
        anyhow::bail!(
            "only {} positions from {games} games: too few to fit",
            samples.len()
        );
    }
    println!("{games} games, {} positions", samples.len());

    // The current evaluation's logistic scale: the K that predicts the results best.
    let k = best_scale(&samples);
    if searching {
        println!(
            "game-result loss: current evaluation {:.5} (K = {k:.0}); labelling by {}-ply searches",
            loss(&samples, true, |s| s.current / k),
            o.search_depth
        );
        label_by_search(&mut samples, o.search_depth, k, o.lambda, o.threads);
    }
    if o.phases {
        samples.sort_by_key(|s| s.stones);
        phases(&samples);
        return Ok(());
    }
    let mean = {
        let train: Vec<f64> = samples
            .iter()
            .filter(|s| !s.validation)
            .map(|s| s.y)
            .collect();
        train.iter().sum::<f64>() / train.len() as f64
    };
    let logit_mean = (mean / (1.0 - mean)).ln();
    println!(
        "validation loss: constant {:.5}, current evaluation {:.5} (K = {k:.0})",
        loss(&samples, true, |_| logit_mean),
        loss(&samples, true, |s| s.current / k),
    );
    if searching {
        // Soft labels: no prediction gets below their own entropy; and the search's scores
        // may be on another scale than the static ones, so the current evaluation's loss at
        // its best scale for these labels too.
        let floor = loss(&samples, true, |s| {
            let y = s.y.clamp(1e-12, 1.0 - 1e-12);
            (y / (1.0 - y)).ln()
        });
        let ks = best_scale(&samples);
        println!(
            "search labels: entropy floor {floor:.5}; current evaluation at its best scale {:.5} (K = {ks:.0})",
            loss(&samples, true, |s| s.current / ks),
        );
    }
    println!("own  loss     {} {}", PATTERNS.join(" "), CLASSES.join(" "));
    for own in [5.0, 6.0, 7.0, 8.0, 10.0] {
        let ratio = 5.0 / own;
        let x_of = |s: &Sample, x: &mut [f64]| {
            for (x, (u, t)) in x.iter_mut().zip(s.us.iter().zip(&s.them)) {
                *x = f64::from(*u) - ratio * f64::from(*t);
            }
        };
        let (w, l) = fit(&samples, NF, x_of);
        println!("{own:>3}  {l:.5}  {}", engine_values(&w, k, own / 8.0));
    }
    // One table per colour (the rules treat the colours differently under Renju).
    println!("per colour: own, loss, then black's values and white's");
    for own in [6.0, 7.0, 8.0] {
        let ratio = 5.0 / own;
        let x_of = |s: &Sample, x: &mut [f64]| {
            let (black, white) = if s.black {
                (&s.us, &s.them)
            } else {
                (&s.them, &s.us)
            };
            let (fb, fw) = if s.black {
                (1.0, -ratio)
            } else {
                (-ratio, 1.0)
            };
            for i in 0..NF {
                x[i] = fb * f64::from(black[i]);
                x[NF + i] = fw * f64::from(white[i]);
            }
        };
        let (w, l) = fit(&samples, 2 * NF, x_of);
        println!(
            "{own:>3}  {l:.5}  {}  |  {}",
            engine_values(&w[..NF], k, own / 8.0),
            engine_values(&w[NF..], k, own / 8.0)
        );
    }
    // Two tables: the side to move's points valued by one (attack), the opponent's by
    // another (defence), each fitted freely; a black-to-move bias absorbs the first move's
    // advantage (fitted, not printed as a value: a constant from black's side changes no
    // choice of the search).
    let x_of = |s: &Sample, x: &mut [f64]| {
        for i in 0..NF {
            x[i] = f64::from(s.us[i]);
            x[NF + i] = -f64::from(s.them[i]);
        }
        x[2 * NF] = if s.black { 1.0 } else { -1.0 };
    };
    let (w, l) = fit(&samples, 2 * NF + 1, x_of);
    let ad = w.clone();
    let units = |w: &[f64]| engine_values(w, k, 1.0);
    println!("attack and defence tables: loss, then the side to move's values and the opponent's");
    println!(
        "     {l:.5}  {}  |  {}  (black to move {:+.0})",
        units(&w[..NF]),
        units(&w[NF..2 * NF]),
        w[2 * NF] * k
    );
    // The most common combinations (of the side to move), whose fitted values are printed.
    let mut seen = vec![0usize; COMBOS];
    for s in &samples {
        s.combos[0].iter().for_each(|&i| seen[i as usize] += 1);
    }
    let mut order: Vec<usize> = (0..COMBOS).filter(|&i| seen[i] > 0).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(seen[i]));
    for &l2 in o.combo_l2.iter().filter(|_| o.combos) {
        let (w, l) = fit_combos(&samples, &ad, l2);
        println!(
            "attack and defence values per combination of line patterns (L2 {l2}): loss {l:.5}"
        );
        let name = |i: usize| {
            digits(i)
                .iter()
                .filter(|&&x| x > 0)
                .map(|&x| PATTERNS[x - 1])
                .collect::<Vec<_>>()
                .join("+")
        };
        for &i in order.iter().take(60) {
            println!(
                "  {:<14} {:>8}  {:>6.0} {:>6.0}",
                name(i),
                seen[i],
                w[i] * k,
                w[COMBOS + i] * k
            );
        }
    }
    if o.pairs {
        fit_pairs(&samples, k, false);
        fit_pairs(&samples, k, true);
    }
    if o.pairs_over || o.counts || o.refine || o.cross {
        fit_scale_only(&samples, k);
    }
    if o.pairs_over {
        fit_pairs_over(&samples, k, false);
        fit_pairs_over(&samples, k, true);
    }
    if o.counts {
        fit_counts(&samples, k);
    }
    if o.refine {
        fit_refined(&samples, k);
    }
    if o.cross {
        fit_cross(&samples, k, false);
        fit_cross(&samples, k, true);
    }
    // The same with both tables per colour: black's attack and defence, then white's.
    let x_of = |s: &Sample, x: &mut [f64]| {
        x.fill(0.0);
        let (mover, other) = if s.black { (0, 3 * NF) } else { (2 * NF, NF) };
        for i in 0..NF {
            x[mover + i] = f64::from(s.us[i]);
            x[other + i] = -f64::from(s.them[i]);
        }
        x[4 * NF] = if s.black { 1.0 } else { -1.0 };
    };
    let (w, l) = fit(&samples, 4 * NF + 1, x_of);
    println!("per colour: loss, black's attack and defence, white's attack and defence");
    println!(
        "     {l:.5}  {}  |  {}  |  {}  |  {}  (black to move {:+.0})",
        units(&w[..NF]),
        units(&w[NF..2 * NF]),
        units(&w[2 * NF..3 * NF]),
        units(&w[3 * NF..4 * NF]),
        w[4 * NF] * k
    );
    Ok(())
}
