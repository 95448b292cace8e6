//! Match statistics: win/draw/loss counts per engine and colour, score, logistic Elo with a
//! 95% confidence interval, likelihood of superiority (LOS), pentanomial counts of
//! colour-swapped game pairs, and a results table for matches, gauntlets and round robins.
//!
//! Formulas (logistic Elo throughout):
//! - score `s = (W + D/2) / N`; Elo `= -400 log10(1/s - 1)` ([`elo_from_score`]).
//! - Trinomial error: per-game variance `σ² = (W(1-s)² + D(½-s)² + L s²) / N`, standard error
//!   `σ/√N`; the 95% interval is `elo(s ± 1.96·σ/√N)` and the `±` shown is half its width.
//!   LOS `= Φ((W-L)/√(W+L))` (draws ignored).
//! - Pentanomial error (fastchess/fishtest style): each pair of games with the same opening
//!   and colours swapped scores 0, ¼, ½, ¾ or 1 (LL, LD, DD or WL, WD, WW); the same formulas
//!   are applied to the pair scores, counting pairs. This removes the opening's bias from the
//!   error, so it is usually smaller than the trinomial one. LOS `= Φ((s-½)/(σ/√pairs))`.
//!
//! `Φ` uses an `erf` approximation with an absolute error below 1.5e-7.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use tengen_rules::Color;

use crate::record::{EndReason, GameRecord, GameResult};

/// The 97.5% quantile of the standard normal distribution (two-sided 95%).
pub const Z95: f64 = 1.959_963_984_540_054;

/// One game's result for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameScore {
    /// 1 point.
    Win,
    /// ½ point.
    Draw,
    /// 0 points.
    Loss,
}

impl GameScore {
    /// The score of the player with `color` in a game with `result`.
    #[must_use]
    pub fn of(result: GameResult, color: Color) -> GameScore {
        match result.winner() {
            None => GameScore::Draw,
            Some(c) if c == color => GameScore::Win,
            Some(_) => GameScore::Loss,
        }
    }

    /// Points in half-points: 2, 1, 0.
    #[must_use]
    pub const fn half_points(self) -> u8 {
        match self {
            GameScore::Win => 2,
            GameScore::Draw => 1,
            GameScore::Loss => 0,
        }
    }

    /// The opponent's score.
    #[must_use]
    pub const fn flipped(self) -> GameScore {
        match self {
            GameScore::Win => GameScore::Loss,
            GameScore::Draw => GameScore::Draw,
            GameScore::Loss => GameScore::Win,
        }
    }
}

/// Win/draw/loss counts from one player's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

/// An Elo difference with its 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// The score fraction (0..=1).
    pub score: f64,
    /// Elo difference (infinite when the score is 0 or 1).
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub lower: f64,
    /// Upper end of the 95% interval.
    pub upper: f64,
    /// Half the interval's width: the `±` value.
    pub error: f64,
    /// Likelihood of superiority, 0..=1.
    pub los: f64,
}

impl Wdl {
    /// Counts.
    #[must_use]
    pub const fn new(wins: u64, draws: u64, losses: u64) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    /// Add one game.
    pub fn add(&mut self, s: GameScore) {
        match s {
            GameScore::Win => self.wins += 1,
            GameScore::Draw => self.draws += 1,
            GameScore::Loss => self.losses += 1,
        }
    }

    /// Add counts.
    pub fn merge(&mut self, o: &Wdl) {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
    }

    /// The opponent's view.
    #[must_use]
    pub const fn flipped(&self) -> Wdl {
        Wdl::new(self.losses, self.draws, self.wins)
    }

    /// Number of games.
    #[must_use]
    pub const fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points: wins + draws/2.
    #[must_use]
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// Score fraction, `None` with no games.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / n as f64)
    }

    /// Likelihood of superiority from wins and losses (draws ignored); 0.5 with neither.
    #[must_use]
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        normal_cdf((self.wins as f64 - self.losses as f64) / decisive.sqrt())
    }

    /// Elo and its trinomial 95% interval; `None` with no games.
    #[must_use]
    pub fn elo(&self) -> Option<EloEstimate> {
        let n = self.games();
        let s = self.score()?;
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n as f64;
        Some(estimate(s, (var / n as f64).sqrt(), self.los()))
    }
}

/// Pentanomial counts of colour-swapped pairs, from one player's point of view. Index = the
/// pair's points in half-points: 0 = LL, 1 = LD, 2 = DD or WL, 3 = WD, 4 = WW.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial {
    /// The five counts.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Counts `[LL, LD, DD+WL, WD, WW]`.
    #[must_use]
    pub const fn new(counts: [u64; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    /// Add the two games of a pair.
    pub fn add_pair(&mut self, first: GameScore, second: GameScore) {
        self.counts[usize::from(first.half_points() + second.half_points())] += 1;
    }

    /// Add counts.
    pub fn merge(&mut self, o: &Pentanomial) {
        for (a, b) in self.counts.iter_mut().zip(o.counts) {
            *a += b;
        }
    }

    /// The opponent's view.
    #[must_use]
    pub fn flipped(&self) -> Pentanomial {
        let mut c = self.counts;
        c.reverse();
        Pentanomial::new(c)
    }

    /// Number of pairs.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Mean pair score (0..=1) and per-pair variance; `None` with no pairs.
    #[must_use]
    pub fn mean_and_variance(&self) -> Option<(f64, f64)> {
        mean_var(&self.counts.map(|c| c as f64))
    }

    /// Elo and its pentanomial 95% interval; `None` with no pairs.
    #[must_use]
    pub fn elo(&self) -> Option<EloEstimate> {
        let (s, var) = self.mean_and_variance()?;
        let se = (var / self.pairs() as f64).sqrt();
        let los = if se > 0.0 {
            normal_cdf((s - 0.5) / se)
        } else if s > 0.5 {
            1.0
        } else if s < 0.5 {
            0.0
        } else {
            0.5
        };
        Some(estimate(s, se, los))
    }
}

/// Mean and variance of pair scores `i/4` with weights `w[i]`.
pub(crate) fn mean_var(w: &[f64; 5]) -> Option<(f64, f64)> {
    let n: f64 = w.iter().sum();
    if n <= 0.0 {
        return None;
    }
    let x = |i: usize| i as f64 / 4.0;
    let mean = w.iter().enumerate().map(|(i, c)| c * x(i)).sum::<f64>() / n;
    let var = w
        .iter()
        .enumerate()
        .map(|(i, c)| c * (x(i) - mean).powi(2))
        .sum::<f64>()
        / n;
    Some((mean, var))
}

fn estimate(s: f64, se: f64, los: f64) -> EloEstimate {
    let lower = elo_from_score((s - Z95 * se).clamp(0.0, 1.0));
    let upper = elo_from_score((s + Z95 * se).clamp(0.0, 1.0));
    EloEstimate {
        score: s,
        elo: elo_from_score(s),
        lower,
        upper,
        error: (upper - lower) / 2.0,
        los,
    }
}

/// Logistic Elo difference of a score fraction: `-400 log10(1/s - 1)`; ±∞ at 1 and 0.
#[must_use]
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        // `+ 0.0` turns the -0 of an even score into +0 for display.
        -400.0 * (1.0 / s - 1.0).log10() + 0.0
    }
}

/// Expected score of a logistic Elo difference: `1 / (1 + 10^(-elo/400))`.
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal distribution function.
#[must_use]
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// The error function (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7).
fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// Results between two players, from `a`'s point of view.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairStats {
    /// The first player.
    pub a: String,
    /// The second player.
    pub b: String,
    /// All games.
    pub total: Wdl,
    /// Games where `a` had black.
    pub a_black: Wdl,
    /// Games where `a` had white.
    pub a_white: Wdl,
    /// Completed colour-swapped pairs.
    pub penta: Pentanomial,
}

impl PairStats {
    /// The same results from `b`'s point of view.
    #[must_use]
    pub fn flipped(&self) -> PairStats {
        PairStats {
            a: self.b.clone(),
            b: self.a.clone(),
            total: self.total.flipped(),
            a_black: self.a_white.flipped(),
            a_white: self.a_black.flipped(),
            penta: self.penta.flipped(),
        }
    }
}

/// One player's results against everyone.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineStats {
    /// The player.
    pub name: String,
    /// All games.
    pub total: Wdl,
    /// Games with black.
    pub as_black: Wdl,
    /// Games with white.
    pub as_white: Wdl,
    /// Completed pairs against all opponents.
    pub penta: Pentanomial,
}

/// Game counts by colour: how often black won, white won, or the game was drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColourStats {
    /// Games black won.
    pub black_wins: u64,
    /// Games white won.
    pub white_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

/// The results table of a run with any number of players.
///
/// Games come in one at a time ([`ResultsTable::add_game`]); the two games of a pair (same
/// `pair` id, same two players) are combined into a pentanomial count when the second arrives.
#[derive(Debug, Clone, Default)]
pub struct ResultsTable {
    engines: Vec<String>,
    /// Keyed by (lower index, higher index), stats from the lower index's view.
    pairs: BTreeMap<(usize, usize), PairStats>,
    /// First games of pairs waiting for their partner: the lower index's score.
    pending: HashMap<(u64, usize, usize), GameScore>,
    colours: ColourStats,
}

impl ResultsTable {
    /// An empty table.
    #[must_use]
    pub fn new() -> ResultsTable {
        ResultsTable::default()
    }

    /// An empty table listing these players in this order (others are added as they appear).
    #[must_use]
    pub fn with_engines<S: AsRef<str>>(names: &[S]) -> ResultsTable {
        let mut t = ResultsTable::new();
        for n in names {
            t.index(n.as_ref());
        }
        t
    }

    fn index(&mut self, name: &str) -> usize {
        if let Some(i) = self.engines.iter().position(|e| e == name) {
            return i;
        }
        self.engines.push(name.to_string());
        self.engines.len() - 1
    }

    /// Add a game between `black` and `white`. Games with the same `pair` id between the same
    /// two players form a pentanomial pair.
    pub fn add_game(&mut self, black: &str, white: &str, result: GameResult, pair: Option<u64>) {
        let (ib, iw) = (self.index(black), self.index(white));
        match result {
            GameResult::BlackWin => self.colours.black_wins += 1,
            GameResult::WhiteWin => self.colours.white_wins += 1,
            GameResult::Draw => self.colours.draws += 1,
        }
        let (lo, hi) = (ib.min(iw), ib.max(iw));
        let lo_color = if lo == ib { Color::Black } else { Color::White };
        let lo_score = GameScore::of(result, lo_color);
        let names = (self.engines[lo].clone(), self.engines[hi].clone());
        let stats = self.pairs.entry((lo, hi)).or_insert_with(|| PairStats {
            a: names.0,
            b: names.1,
            ..PairStats::default()
        });
        stats.total.add(lo_score);
        match lo_color {
            Color::Black => stats.a_black.add(lo_score),
            Color::White => stats.a_white.add(lo_score),
        }
        if let Some(id) = pair {
            match self.pending.remove(&(id, lo, hi)) {
                Some(first) => stats.penta.add_pair(first, lo_score),
                None => {
                    self.pending.insert((id, lo, hi), lo_score);
                }
            }
        }
    }

    /// Add a finished game from its record; aborted games are skipped.
    pub fn add_record(&mut self, r: &GameRecord) {
        if r.reason != EndReason::Aborted {
            self.add_game(&r.black, &r.white, r.result, r.pair);
        }
    }

    /// The players in order of first appearance.
    #[must_use]
    pub fn engines(&self) -> &[String] {
        &self.engines
    }

    /// Colour totals over all games.
    #[must_use]
    pub fn colours(&self) -> ColourStats {
        self.colours
    }

    /// Total number of games.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.colours.black_wins + self.colours.white_wins + self.colours.draws
    }

    /// Results between two players from `a`'s point of view (`None` if they never met).
    #[must_use]
    pub fn pair(&self, a: &str, b: &str) -> Option<PairStats> {
        let ia = self.engines.iter().position(|e| e == a)?;
        let ib = self.engines.iter().position(|e| e == b)?;
        let s = self.pairs.get(&(ia.min(ib), ia.max(ib)))?;
        Some(if ia < ib { s.clone() } else { s.flipped() })
    }

    /// Every pairing that played, from the earlier-listed player's view.
    #[must_use]
    pub fn pairs(&self) -> Vec<PairStats> {
        self.pairs.values().cloned().collect()
    }

    /// One player's totals against everyone (`None` for an unknown name).
    #[must_use]
    pub fn engine(&self, name: &str) -> Option<EngineStats> {
        let i = self.engines.iter().position(|e| e == name)?;
        let mut out = EngineStats {
            name: name.to_string(),
            ..EngineStats::default()
        };
        for (&(lo, hi), s) in &self.pairs {
            let view = if lo == i {
                s.clone()
            } else if hi == i {
                s.flipped()
            } else {
                continue;
            };
            out.total.merge(&view.total);
            out.as_black.merge(&view.a_black);
            out.as_white.merge(&view.a_white);
            out.penta.merge(&view.penta);
        }
        Some(out)
    }

    /// The final table: players ranked by score with W/D/L, score, Elo against their
    /// opponents (trinomial and, where pairs exist, pentanomial error), LOS, colour splits;
    /// then one line per pairing; then the colour totals.
    #[must_use]
    pub fn format_table(&self) -> String {
        let mut rows: Vec<EngineStats> =
            self.engines.iter().filter_map(|e| self.engine(e)).collect();
        rows.sort_by(|a, b| {
            let (sa, sb) = (
                a.total.score().unwrap_or(0.0),
                b.total.score().unwrap_or(0.0),
            );
            sb.total_cmp(&sa)
        });
        let width = self
            .engines
            .iter()
            .map(String::len)
            .max()
            .unwrap_or(6)
            .max(6);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:>4} {:<width$} {:>6} {:>6} {:>6} {:>6} {:>7} {:>8} {:>7} {:>7} {:>6}  {:<14} {:<14} pairs LL-LD-DD/WL-WD-WW",
            "Rank", "Engine", "Games", "W", "D", "L", "Score", "Elo", "+/-", "penta", "LOS", "as black", "as white"
        );
        for (rank, e) in rows.iter().enumerate() {
            let elo = e.total.elo();
            let pe = e.penta.elo();
            let _ = writeln!(
                out,
                "{:>4} {:<width$} {:>6} {:>6} {:>6} {:>6} {:>6.1}% {:>8} {:>7} {:>7} {:>5.1}%  {:<14} {:<14} {}",
                rank + 1,
                e.name,
                e.total.games(),
                e.total.wins,
                e.total.draws,
                e.total.losses,
                100.0 * e.total.score().unwrap_or(0.0),
                fmt_elo(elo.map(|x| x.elo)),
                fmt_err(elo.map(|x| x.error)),
                fmt_err(pe.map(|x| x.error)),
                100.0 * e.total.los(),
                fmt_wdl(&e.as_black),
                fmt_wdl(&e.as_white),
                fmt_penta(&e.penta),
            );
        }
        if self.engines.len() > 2 || !self.pairs.is_empty() {
            let _ = writeln!(out);
            for p in self.pairs.values() {
                let _ = writeln!(out, "{}", pair_line(p));
            }
        }
        let c = self.colours;
        let n = self.games().max(1) as f64;
        let _ = writeln!(
            out,
            "\nGames {}: black won {} ({:.1}%), white won {} ({:.1}%), drawn {} ({:.1}%)",
            self.games(),
            c.black_wins,
            100.0 * c.black_wins as f64 / n,
            c.white_wins,
            100.0 * c.white_wins as f64 / n,
            c.draws,
            100.0 * c.draws as f64 / n,
        );
        out
    }

    /// A one-line running summary. With exactly one pairing: that pairing's line; otherwise
    /// the game count and each player's points.
    #[must_use]
    pub fn summary_line(&self) -> String {
        if self.pairs.len() == 1 {
            if let Some(p) = self.pairs.values().next() {
                return pair_line(p);
            }
        }
        let mut parts = vec![format!("Games {}", self.games())];
        for e in self.engines.iter().filter_map(|e| self.engine(e)) {
            parts.push(format!(
                "{} {}/{}",
                e.name,
                fmt_points(e.total.points()),
                e.total.games()
            ));
        }
        parts.join(" | ")
    }
}

/// `a vs b: games N, W-D-L w-d-l, score x%, Elo e ± err, penta ±, LOS l%, pairs [..]`
fn pair_line(p: &PairStats) -> String {
    let elo = p.total.elo();
    let mut s = format!(
        "{} vs {}: games {}, W-D-L {}, score {:.1}%, Elo {} ± {}",
        p.a,
        p.b,
        p.total.games(),
        fmt_wdl(&p.total),
        100.0 * p.total.score().unwrap_or(0.0),
        fmt_elo(elo.map(|e| e.elo)),
        fmt_err(elo.map(|e| e.error)),
    );
    if let Some(pe) = p.penta.elo() {
        let _ = write!(s, " (pentanomial ± {})", fmt_err(Some(pe.error)));
    }
    let _ = write!(
        s,
        ", LOS {:.1}%, pairs {}",
        100.0 * p.total.los(),
        fmt_penta(&p.penta)
    );
    s
}

fn fmt_wdl(w: &Wdl) -> String {
    format!("{}-{}-{}", w.wins, w.draws, w.losses)
}

fn fmt_penta(p: &Pentanomial) -> String {
    let c = p.counts;
    format!("[{}, {}, {}, {}, {}]", c[0], c[1], c[2], c[3], c[4])
}

fn fmt_points(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// Elo with a sign, `+inf`/`-inf` at the extremes, `-` when unknown.
#[must_use]
pub fn fmt_elo(e: Option<f64>) -> String {
    match e {
        None => "-".into(),
        Some(x) if x.is_infinite() => (if x > 0.0 { "+inf" } else { "-inf" }).into(),
        Some(x) if x.is_nan() => "-".into(),
        Some(x) => format!("{x:+.1}"),
    }
}

fn fmt_err(e: Option<f64>) -> String {
    match e {
        Some(x) if x.is_finite() => format!("{x:.1}"),
        Some(_) => "inf".into(),
        None => "-".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo_from_score(0.75), 190.848_501_887_865, 1e-9));
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        assert!(close(elo_from_score(0.25), -190.848_501_887_865, 1e-9));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        for e in [-400.0, -35.0, 0.0, 5.0, 120.0] {
            assert!(close(elo_from_score(score_from_elo(e)), e, 1e-9));
        }
        assert!(close(normal_cdf(0.0), 0.5, 1e-9));
        assert!(close(normal_cdf(1.959_963_984_540_054), 0.975, 2e-7));
        assert!(close(normal_cdf(-1.0), 0.158_655_253_931_457, 2e-7));
    }

    #[test]
    fn trinomial_estimate_matches_hand_computation() {
        // W=6, D=2, L=2: s = 0.7, σ² = 0.16 per game; values computed independently.
        let w = Wdl::new(6, 2, 2);
        assert_eq!(w.games(), 10);
        assert!(close(w.points(), 7.0, 1e-12));
        let e = w.elo().unwrap();
        assert!(close(e.score, 0.7, 1e-12));
        assert!(close(e.elo, 147.190_714_117_837_76, 1e-6));
        assert!(close(e.lower, -33.399_350_001_688_85, 1e-6));
        assert!(close(e.upper, 504.033_292_244_989_9, 1e-6));
        assert!(close(e.error, 268.716_321_123_339_4, 1e-6));
        // LOS = ½(1 + erf(1)) for W-L = 4, W+L = 8.
        assert!(close(w.los(), 0.921_350_396_474_857_5, 2e-7));
        assert!(Wdl::default().elo().is_none());
        assert_eq!(Wdl::default().los(), 0.5);
        let all = Wdl::new(3, 0, 0).elo().unwrap();
        assert_eq!(all.elo, f64::INFINITY);
        assert_eq!(fmt_elo(Some(all.elo)), "+inf");
    }

    #[test]
    fn pentanomial_estimate_matches_hand_computation() {
        let p = Pentanomial::new([1, 2, 3, 2, 2]);
        let (m, v) = p.mean_and_variance().unwrap();
        assert!(close(m, 0.55, 1e-12));
        assert!(close(v, 0.0975, 1e-12));
        let e = p.elo().unwrap();
        assert!(close(e.elo, 34.860_070_287_560_08, 1e-6));
        assert!(close(e.lower, -102.619_034_006_907_46, 1e-6));
        assert!(close(e.upper, 184.905_623_156_891_6, 1e-6));
        assert!(close(e.error, 143.762_328_581_899_54, 1e-6));
        assert!(close(e.los, 0.693_701_423_576_451_8, 2e-7));
        assert_eq!(p.flipped().counts, [2, 2, 3, 2, 1]);
        let mut q = Pentanomial::default();
        q.add_pair(GameScore::Win, GameScore::Loss);
        q.add_pair(GameScore::Draw, GameScore::Draw);
        q.add_pair(GameScore::Win, GameScore::Draw);
        assert_eq!(q.counts, [0, 0, 2, 1, 0]);
    }

    #[test]
    fn table_counts_colours_pairs_and_pentanomials() {
        let mut t = ResultsTable::with_engines(&["A", "B"]);
        // Pair 0: A wins with black, then A (white) draws.
        t.add_game("A", "B", GameResult::BlackWin, Some(0));
        t.add_game("B", "A", GameResult::Draw, Some(0));
        // Pair 1: both games won by black.
        t.add_game("A", "B", GameResult::BlackWin, Some(1));
        t.add_game("B", "A", GameResult::BlackWin, Some(1));
        // An unpaired half (the run stopped).
        t.add_game("A", "B", GameResult::WhiteWin, Some(2));
        let ab = t.pair("A", "B").unwrap();
        assert_eq!(ab.total, Wdl::new(2, 1, 2));
        assert_eq!(ab.a_black, Wdl::new(2, 0, 1));
        assert_eq!(ab.a_white, Wdl::new(0, 1, 1));
        assert_eq!(ab.penta.counts, [0, 0, 1, 1, 0]);
        let ba = t.pair("B", "A").unwrap();
        assert_eq!(ba.total, Wdl::new(2, 1, 2));
        assert_eq!(ba.a_black, Wdl::new(1, 1, 0));
        assert_eq!(ba.penta.counts, [0, 1, 1, 0, 0]);
        assert_eq!(
            t.colours(),
            ColourStats {
                black_wins: 3,
                white_wins: 1,
                draws: 1
            }
        );
        let a = t.engine("A").unwrap();
        assert_eq!(a.as_black, Wdl::new(2, 0, 1));
        assert!(t.engine("C").is_none());
        let table = t.format_table();
        assert!(
            table.contains("A vs B: games 5, W-D-L 2-1-2, score 50.0%, Elo +0.0"),
            "{table}"
        );
        assert!(table.contains("black won 3 (60.0%)"), "{table}");
        assert!(t.summary_line().starts_with("A vs B: games 5"));
    }

    #[test]
    fn round_robin_totals() {
        let mut t = ResultsTable::new();
        for (b, w, r) in [
            ("X", "Y", GameResult::BlackWin),
            ("Y", "Z", GameResult::WhiteWin),
            ("Z", "X", GameResult::Draw),
            ("X", "Z", GameResult::BlackWin),
        ] {
            t.add_game(b, w, r, None);
        }
        assert_eq!(t.engines(), ["X", "Y", "Z"]);
        assert_eq!(t.engine("X").unwrap().total, Wdl::new(2, 1, 0));
        assert_eq!(t.engine("Y").unwrap().total, Wdl::new(0, 0, 2));
        assert_eq!(t.engine("Z").unwrap().total, Wdl::new(1, 1, 1));
        assert_eq!(t.pairs().len(), 3);
        assert_eq!(t.summary_line(), "Games 4 | X 2.5/3 | Y 0/2 | Z 1.5/3");
        let table = t.format_table();
        let x_row = table.lines().nth(1).unwrap();
        assert!(x_row.trim_start().starts_with("1 X"), "{table}");
        assert!(table.contains("Y vs Z"), "{table}");
    }
}
