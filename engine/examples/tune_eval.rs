//! Fits the pattern evaluation's values to game results (Texel's method).
//!
//! ```text
//! cargo run --release -p tengen-engine --example tune_eval -- [--quiet] RULE FILE...
//! ```
//!
//! `RULE` is a rule name (`renju`, `freestyle`, …) or `all`; each `FILE` is a manager
//! `results.jsonl` (one finished game per line, read as the manager's `GameRecord`; a line
//! that is not one stops the tool with its file and line). Only 15x15 games decided on the
//! board (a five, a forbidden move, a full board) are used. Every position after the opening
//! (at least four stones) where neither side has a four on the board becomes a sample
//! labelled with the game's result for the side to move; `--quiet` also drops positions
//! where either side can make a straight four or a four-three. One game in ten is held out
//! for validation.
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

use tengen_engine::eval::{evaluate, fitted_pattern};
use tengen_engine::pattern::Class;
use tengen_engine::position::Position;
use tengen_manager::record::{from_json_lines, EndReason};
use tengen_rules::{Board, Color, Rule};

/// Fitted line patterns (F4 includes the two-fours-on-a-line pattern).
const PATTERNS: [&str; 8] = ["B1", "F1", "B2", "F2", "B3", "F3", "B4", "F4"];
/// Fitted class bonuses (the straight four includes two fours).
const CLASSES: [&str; 3] = ["ThreeThree", "FourThree", "FourFour|Flex4"];
const NF: usize = PATTERNS.len() + CLASSES.len();

struct Sample {
    /// The game's result for the side to move (1 win, ½ draw, 0 loss).
    y: f64,
    us: [f32; NF],
    them: [f32; NF],
    /// The engine's current evaluation.
    current: f64,
    /// Whether black is to move.
    black: bool,
    validation: bool,
}

/// `color`'s feature counts, or `None` if `color` has a five to make (a four on the board).
fn features(pos: &Position, color: Color) -> Option<[f32; NF]> {
    let mut f = [0f32; NF];
    for &c in pos.board_cells() {
        if !pos.is_empty(c) {
            continue;
        }
        match pos.class(color, c) {
            Class::Forbidden => continue,
            Class::Five => return None,
            Class::ThreeThree => f[8] += 1.,
            Class::FourThree => f[9] += 1.,
            Class::FourFour | Class::Flex4 => f[10] += 1.,
            _ => {}
        }
        for d in 0..4 {
            if let Some(i) = fitted_pattern(pos.pattern(color, c, d)) {
                f[i] += 1.;
            }
        }
    }
    Some(f)
}

fn load(rule: Option<Rule>, quiet: bool, files: &[String]) -> anyhow::Result<(Vec<Sample>, usize)> {
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
                    if let (Some(us), Some(them)) =
                        (features(&pos, mover), features(&pos, mover.opponent()))
                    {
                        let sharp = |f: &[f32; NF]| f[7] + f[9] + f[10] > 0.;
                        if !(quiet && (sharp(&us) || sharp(&them))) {
                            samples.push(Sample {
                                y: g.result.score_for(mover),
                                us,
                                them,
                                current: f64::from(evaluate(&pos)),
                                black: mover == Color::Black,
                                validation,
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

/// Fitted weights in the engine's units: logit = evaluate/K, so a weight `w` of a term the
/// evaluation counts at `weight` (own/8 for the side to move's one-table values, 1 for the
/// attack and defence tables) is a value of w·K/weight.
fn engine_values(w: &[f64], k: f64, weight: f64) -> String {
    w.iter()
        .map(|v| format!("{:.0}", v * k / weight))
        .collect::<Vec<_>>()
        .join(" ")
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
    let (samples, games) = load(rule, o.quiet, &o.files)?;
    if samples.iter().filter(|s| !s.validation).count() < 1000 {
        anyhow::bail!(
            "only {} positions from {games} games: too few to fit",
            samples.len()
        );
    }
    println!("{games} games, {} positions", samples.len());

    // The current evaluation's logistic scale: the K that predicts the results best.
    let (mut k, mut best) = (10.0, f64::MAX);
    let mut t = 10.0;
    while t < 5_000.0 {
        let l = loss(&samples, false, |s| s.current / t);
        if l < best {
            (k, best) = (t, l);
        }
        t *= 1.02;
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
    let units = |w: &[f64]| engine_values(w, k, 1.0);
    println!("attack and defence tables: loss, then the side to move's values and the opponent's");
    println!(
        "     {l:.5}  {}  |  {}  (black to move {:+.0})",
        units(&w[..NF]),
        units(&w[NF..2 * NF]),
        w[2 * NF] * k
    );
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
