//! Fits the quiet-move order to deeper searches' choices.
//!
//! ```text
//! cargo run --release -p tengen-engine --example tune_order -- [--depth 8] [--every 3]
//!     RULE FILE...
//! ```
//!
//! Each `FILE` is a manager `results.jsonl`; only 15x15 games under `RULE` are read. Every
//! `--every`th position after the opening where the side to move faces no threat (a quiet
//! node) is searched to `--depth` (one thread, a fresh table); if the move chosen is not a
//! forcing one (the order puts those first anyway: fours, four-threes, double threes), the
//! position becomes a sample: the non-forcing candidates of the move generator and which of
//! them the search chose. One position in five is held out.
//!
//! Each candidate is described by what a stone there makes for the side to move and for
//! the opponent (line pattern counts, the combination class, pairs of building patterns on
//! two lines) and by its distance from the last stones; a softmax over the candidates,
//! linear in those features, is fitted to the choices. The tool prints, on the held-out
//! positions, for the hand-set order (`movegen::order_score` with the far-point scaling, no
//! killers or history), for the engine's fitted order (`eval::order_fit` of the rule, as the
//! engine has it now) and for the new fit: how often the chosen move is first, within the first
//! three (the late-move reductions start after them) and within the first sixteen (the
//! freestyle quiet-move cap), and its mean rank; then the fitted weights.

use std::sync::atomic::AtomicBool;

use anyhow::Context;
use clap::Parser;
use tengen_engine::eval::{
    order_features, ORDER_CLASSES, ORDER_FEATURES, ORDER_PAIRS, ORDER_PATTERNS, ORDER_SCALE,
};
use tengen_engine::movegen::{self, Threat};
use tengen_engine::position::{Cell, Position};
use tengen_engine::search::{Engine, Limits};
use tengen_manager::record::from_json_lines;
use tengen_rules::{Color, Move, Rule};

/// Fits the quiet-move order to deeper searches' choices.
#[derive(Debug, Parser)]
struct Options {
    /// Search depth that labels a position.
    #[arg(long, default_value_t = 8)]
    depth: i32,
    /// Use every this many quiet positions.
    #[arg(long, default_value_t = 3)]
    every: usize,
    /// Stop after this many samples.
    #[arg(long, default_value_t = 20_000)]
    max: usize,
    /// Fitting iterations.
    #[arg(long, default_value_t = 600)]
    iterations: usize,
    /// The rule whose games are read (renju, freestyle, standard, caro, caro-exact).
    rule: String,
    /// Manager results.jsonl files.
    #[arg(required = true)]
    files: Vec<String>,
}

/// Features: the side to move's [`order_features`], the opponent's, then near the last two
/// stones / near only the two before them.
const NF: usize = 2 * ORDER_FEATURES + 2;

fn side_features(pos: &Position, color: Color, c: Cell, f: &mut [f32]) {
    let pats = [0, 1, 2, 3].map(|d| pos.pattern(color, c, d));
    f.copy_from_slice(&order_features(&pats, pos.class(color, c)));
}

fn features(pos: &Position, c: Cell) -> [f32; NF] {
    let mut f = [0f32; NF];
    let us = pos.side();
    side_features(pos, us, c, &mut f[..ORDER_FEATURES]);
    side_features(
        pos,
        us.opponent(),
        c,
        &mut f[ORDER_FEATURES..2 * ORDER_FEATURES],
    );
    let h = pos.history();
    let recent = &h[h.len().saturating_sub(4)..];
    // Distance classes 0 and 1 have a weight each; class 2 (far from all) is the baseline.
    if let Some(slot) = f[2 * ORDER_FEATURES..].get_mut(movegen::distance_class(recent, c)) {
        *slot = 1.0;
    }
    f
}

struct Sample {
    /// Non-forcing candidates: features and the hand-set order's score.
    candidates: Vec<([f32; NF], i32)>,
    /// The engine's fitted order's score of each candidate.
    engine: Vec<i32>,
    /// Index of the chosen move in `candidates`.
    chosen: usize,
    validation: bool,
}

/// The chosen move's 0-based rank among `scores`, each tie counted as half a place ahead
/// (the engine breaks ties by a fixed scramble of the cells), rounded down.
fn rank(scores: &[f64], chosen: usize) -> usize {
    let (mut ahead, mut tied) = (0, 0);
    for (i, &s) in scores.iter().enumerate() {
        if i != chosen && s > scores[chosen] {
            ahead += 1;
        } else if i != chosen && s == scores[chosen] {
            tied += 1;
        }
    }
    ahead + tied / 2
}

#[derive(Default)]
struct Tally {
    n: usize,
    first: usize,
    top3: usize,
    top16: usize,
    rank_sum: usize,
}

impl Tally {
    fn add(&mut self, r: usize) {
        self.n += 1;
        self.first += usize::from(r == 0);
        self.top3 += usize::from(r < 3);
        self.top16 += usize::from(r < 16);
        self.rank_sum += r;
    }

    fn line(&self, name: &str) -> String {
        let pct = |k: usize| 100.0 * k as f64 / self.n.max(1) as f64;
        format!(
            "{name:<8} first {:5.1}%  top 3 {:5.1}%  top 16 {:5.1}%  mean rank {:5.2}  ({} positions)",
            pct(self.first),
            pct(self.top3),
            pct(self.top16),
            self.rank_sum as f64 / self.n.max(1) as f64,
            self.n
        )
    }
}

fn logits(w: &[f64; NF], s: &Sample) -> Vec<f64> {
    s.candidates
        .iter()
        .map(|(f, _)| f.iter().zip(w).map(|(&x, &w)| f64::from(x) * w).sum())
        .collect()
}

/// The softmax of logits `z`: the negative log-likelihood of candidate `chosen` and every
/// candidate's probability.
fn softmax(z: &[f64], chosen: usize) -> (f64, Vec<f64>) {
    let m = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = z.iter().map(|&v| (v - m).exp()).collect();
    let sum: f64 = e.iter().sum();
    (
        -(z[chosen] - m - sum.ln()),
        e.iter().map(|v| v / sum).collect(),
    )
}

/// Mean negative log-likelihood of the choices and its gradient.
fn loss(w: &[f64; NF], samples: &[&Sample]) -> (f64, [f64; NF]) {
    let mut grad = [0f64; NF];
    let mut total = 0.0;
    for s in samples {
        let (nll, prob) = softmax(&logits(w, s), s.chosen);
        total += nll;
        for (i, (f, _)) in s.candidates.iter().enumerate() {
            let p = prob[i] - f64::from(u8::from(i == s.chosen));
            for k in 0..NF {
                grad[k] += p * f64::from(f[k]);
            }
        }
    }
    let n = samples.len().max(1) as f64;
    for g in &mut grad {
        *g /= n;
    }
    (total / n, grad)
}

fn main() -> anyhow::Result<()> {
    let o = Options::parse();
    let rule: Rule = o
        .rule
        .parse()
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("rule `{}`", o.rule))?;
    let mut samples = Vec::new();
    let mut quiet_seen = 0usize;
    let mut forcing_choice = 0usize;
    'files: for path in &o.files {
        let text = std::fs::read_to_string(path).with_context(|| path.clone())?;
        for g in from_json_lines(&text).with_context(|| path.clone())? {
            if g.rule != rule || g.width != 15 || g.height != 15 {
                continue;
            }
            let moves = g.all_moves();
            let Ok(mut board) = g.opening_board() else {
                continue;
            };
            for &m in moves.iter().skip(g.opening_len) {
                if board.outcome().is_some() {
                    break;
                }
                let here = board.clone();
                if board.play(m).is_err() {
                    break;
                }
                let mut pos = Position::from_board(&here);
                if pos.stones() < 5 || movegen::threat(&mut pos) != Threat::Quiet {
                    continue;
                }
                quiet_seen += 1;
                if !quiet_seen.is_multiple_of(o.every.max(1)) {
                    continue;
                }
                let mut engine = Engine::new(16 << 20, 1);
                let stop = AtomicBool::new(false);
                let r = engine.search(&here, &Limits::depth(o.depth), &stop, &[], &mut |_| {});
                let Move::Stone(best) = r.best else { continue };
                let best = Position::cell_at(best);
                let no_killers = [tengen_engine::tt::NO_MOVE; 2];
                let h = pos.history();
                let recent = h[h.len().saturating_sub(4)..].to_vec();
                let mut list = Vec::new();
                movegen::quiet(&mut pos, &mut list);
                let fit = tengen_engine::eval::order_fit(rule == Rule::Renju);
                let engine_order = movegen::FittedOrder::new(fit, &recent, no_killers);
                let candidates: Vec<(Cell, [f32; NF], i32)> = list
                    .iter()
                    .map(|&c| {
                        let s = movegen::order_score(&pos, c, no_killers, 0);
                        (
                            c,
                            features(&pos, c),
                            movegen::scale_by_distance(&recent, c, s),
                        )
                    })
                    .filter(|&(_, _, s)| s < movegen::FOUR_ORDER)
                    .collect();
                let Some(chosen) = candidates.iter().position(|&(c, _, _)| c == best) else {
                    forcing_choice += 1;
                    continue;
                };
                samples.push(Sample {
                    candidates: candidates.iter().map(|&(_, f, s)| (f, s)).collect(),
                    engine: candidates
                        .iter()
                        .map(|&(c, _, _)| engine_order.score(&pos, c, 0))
                        .collect(),
                    chosen,
                    validation: samples.len() % 5 == 4,
                });
                if samples.len() >= o.max {
                    break 'files;
                }
            }
        }
    }
    println!(
        "{} samples ({} quiet positions seen, {} searched positions chose a forcing move)",
        samples.len(),
        quiet_seen,
        forcing_choice
    );
    let train: Vec<&Sample> = samples.iter().filter(|s| !s.validation).collect();
    let held: Vec<&Sample> = samples.iter().filter(|s| s.validation).collect();

    // Adam on the mean negative log-likelihood.
    let mut w = [0f64; NF];
    let (mut m1, mut m2) = ([0f64; NF], [0f64; NF]);
    let (b1, b2, lr) = (0.9, 0.999, 0.05);
    for t in 1..=o.iterations {
        let (l, g) = loss(&w, &train);
        for k in 0..NF {
            m1[k] = b1 * m1[k] + (1.0 - b1) * g[k];
            m2[k] = b2 * m2[k] + (1.0 - b2) * g[k] * g[k];
            let mh = m1[k] / (1.0 - b1.powi(t as i32));
            let vh = m2[k] / (1.0 - b2.powi(t as i32));
            w[k] -= lr * mh / (vh.sqrt() + 1e-8);
        }
        if t % 100 == 0 {
            println!(
                "iteration {t}: train loss {l:.4}, held-out {:.4}",
                loss(&w, &held).0
            );
        }
    }

    let (mut hand, mut engine, mut fitted) = (Tally::default(), Tally::default(), Tally::default());
    let mut engine_loss = 0.0;
    for s in &held {
        let hand_scores: Vec<f64> = s.candidates.iter().map(|&(_, v)| f64::from(v)).collect();
        // The engine's scores are logits times `ORDER_SCALE`: its order is a softmax too.
        let engine_scores: Vec<f64> = s.engine.iter().map(|&v| f64::from(v)).collect();
        let engine_logits: Vec<f64> = engine_scores.iter().map(|v| v / ORDER_SCALE).collect();
        engine_loss += softmax(&engine_logits, s.chosen).0 / held.len() as f64;
        hand.add(rank(&hand_scores, s.chosen));
        engine.add(rank(&engine_scores, s.chosen));
        fitted.add(rank(&logits(&w, s), s.chosen));
    }
    println!(
        "held-out loss: engine's fitted order {engine_loss:.4}, new fit {:.4}",
        loss(&w, &held).0
    );
    println!("{}", hand.line("hand-set"));
    println!("{}", engine.line("engine"));
    println!("{}", fitted.line("fitted"));
    let names = |side: &str| {
        ORDER_PATTERNS
            .iter()
            .chain(ORDER_CLASSES.iter())
            .chain(ORDER_PAIRS.iter())
            .map(move |n| format!("{side} {n}"))
            .collect::<Vec<_>>()
    };
    let all: Vec<String> = names("own")
        .into_iter()
        .chain(names("opp"))
        .chain([
            "near the last two".to_string(),
            "near the two before".to_string(),
        ])
        .collect();
    for (n, v) in all.iter().zip(w) {
        println!("{n:<24} {v:8.3}");
    }
    Ok(())
}
