//! Sequential probability ratio test for engine matches: is the engine at least `elo1`
//! stronger (H1) or at most `elo0` (H0)?
//!
//! Model: **logistic Elo** (not normalized Elo), generalized SPRT. The samples are the pair
//! scores of colour-swapped game pairs (**pentanomial**, preferred: it removes the opening's
//! bias and is what fastchess uses by default for paired games) or single games
//! (**trinomial**, when games are not paired). Scores live on the scale `x_i = i/4`
//! (a single game is 0, ½ or 1).
//!
//! The LLR ([`Sprt::llr_pentanomial`], [`Sprt::llr_trinomial`]) is the exact generalized
//! log-likelihood ratio of the multinomial model, as in fastchess's logistic model (after
//! M. Van den Bergh, "Comments on normalized Elo", proposition 1.1): for each hypothesis
//! score `s_k = 1/(1+10^(-elo_k/400))` the maximum-likelihood distribution with mean `s_k`
//! is `q_i = p_i / (1 + θ (x_i − s_k))`, where `p` is the observed distribution and `θ` solves
//! `Σ p_i (x_i − s_k) / (1 + θ (x_i − s_k)) = 0` (found here by bisection); then
//! `LLR = N Σ p_i ln(q1_i / q0_i)`.
//!
//! The normal approximation `LLR ≈ N (s1 − s0)(2 s̄ − s0 − s1) / (2 σ²)` is also offered
//! ([`Sprt::llr_normal_pentanomial`], [`Sprt::llr_normal_trinomial`]); both agree when the
//! observed score is near `s0`, `s1`, and the exact form is more cautious far from them.
//!
//! Bounds: lower `ln(β/(1−α))`, upper `ln((1−β)/α)`; the test accepts H0 at or below the
//! lower bound and H1 at or above the upper one. Empty cells are regularised (each zero count
//! counts as 0.001 of a sample) so that a run of identical results has a finite variance and
//! every score in (0, 1) is reachable.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::stats::{mean_var, score_from_elo, Pentanomial, Wdl};

/// Count given to empty cells so that the variance is never zero.
const REGULARISATION: f64 = 1e-3;

/// SPRT parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1 (above `elo0`).
    pub elo1: f64,
    /// False-positive rate (accepting H1 when H0 holds).
    pub alpha: f64,
    /// False-negative rate (accepting H0 when H1 holds).
    pub beta: f64,
}

/// Bad SPRT parameters.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SprtError {
    /// `elo0 >= elo1` or a non-finite Elo.
    #[error("SPRT needs finite elo0 < elo1, got elo0 = {0}, elo1 = {1}")]
    EloOrder(f64, f64),
    /// `alpha` or `beta` outside (0, 1), or `alpha + beta >= 1`.
    #[error("SPRT needs 0 < alpha, beta and alpha + beta < 1, got alpha = {0}, beta = {1}")]
    Rates(f64, f64),
    /// The text is not `elo0,elo1[,alpha[,beta]]`.
    #[error("bad SPRT text {text:?}: expected {expected} in field {field}")]
    Syntax {
        /// The whole text.
        text: String,
        /// 1-based field number.
        field: usize,
        /// What was expected.
        expected: &'static str,
    },
}

/// The test's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SprtDecision {
    /// Not enough evidence yet.
    Continue,
    /// H0 accepted: not `elo1` stronger.
    AcceptH0,
    /// H1 accepted: stronger by at least about `elo1`.
    AcceptH1,
}

/// The test's state after some results.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtStatus {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// Lower bound `ln(β/(1−α))`.
    pub lower: f64,
    /// Upper bound `ln((1−β)/α)`.
    pub upper: f64,
    /// What it means.
    pub decision: SprtDecision,
}

impl fmt::Display for SprtStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = match self.decision {
            SprtDecision::Continue => "continue",
            SprtDecision::AcceptH0 => "H0 accepted",
            SprtDecision::AcceptH1 => "H1 accepted",
        };
        write!(
            f,
            "LLR {:.2} ({:.2}, {:.2}) {d}",
            self.llr, self.lower, self.upper
        )
    }
}

impl Sprt {
    /// Checked parameters.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(SprtError::EloOrder(elo0, elo1));
        }
        if !(alpha > 0.0 && beta > 0.0 && alpha + beta < 1.0) {
            return Err(SprtError::Rates(alpha, beta));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// `(lower, upper)` = `(ln(β/(1−α)), ln((1−β)/α))`.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The exact generalized LLR from pentanomial pair counts (0 with no pairs).
    #[must_use]
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        self.exact_llr(&pentanomial_weights(p))
    }

    /// The exact generalized LLR from single games (0 with no games).
    #[must_use]
    pub fn llr_trinomial(&self, r: &Wdl) -> f64 {
        self.exact_llr(&trinomial_weights(r))
    }

    /// The normal approximation of the LLR on pentanomial counts.
    #[must_use]
    pub fn llr_normal_pentanomial(&self, p: &Pentanomial) -> f64 {
        self.normal_llr(&pentanomial_weights(p))
    }

    /// The normal approximation of the LLR on single games.
    #[must_use]
    pub fn llr_normal_trinomial(&self, r: &Wdl) -> f64 {
        self.normal_llr(&trinomial_weights(r))
    }

    fn hypothesis_scores(&self) -> (f64, f64) {
        (score_from_elo(self.elo0), score_from_elo(self.elo1))
    }

    fn normal_llr(&self, w: &Option<[f64; 5]>) -> f64 {
        let Some(w) = w else { return 0.0 };
        let Some((mean, var)) = mean_var(w) else {
            return 0.0;
        };
        let n: f64 = w.iter().sum();
        let (s0, s1) = self.hypothesis_scores();
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    fn exact_llr(&self, w: &Option<[f64; 5]>) -> f64 {
        let Some(w) = w else { return 0.0 };
        let (s0, s1) = self.hypothesis_scores();
        let (t0, t1) = (mle_theta(w, s0), mle_theta(w, s1));
        let mut llr = 0.0;
        for (i, &c) in w.iter().enumerate() {
            if c > 0.0 {
                let x = i as f64 / 4.0;
                // ln(q1/q0) with q_k = p / (1 + θ_k (x − s_k)).
                llr += c * ((1.0 + t0 * (x - s0)).ln() - (1.0 + t1 * (x - s1)).ln());
            }
        }
        llr
    }

    /// The verdict for an LLR.
    #[must_use]
    pub fn status(&self, llr: f64) -> SprtStatus {
        let (lower, upper) = self.bounds();
        let decision = if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        };
        SprtStatus {
            llr,
            lower,
            upper,
            decision,
        }
    }

    /// The verdict on pentanomial counts.
    #[must_use]
    pub fn test_pentanomial(&self, p: &Pentanomial) -> SprtStatus {
        self.status(self.llr_pentanomial(p))
    }

    /// The verdict on single games.
    #[must_use]
    pub fn test_trinomial(&self, r: &Wdl) -> SprtStatus {
        self.status(self.llr_trinomial(r))
    }
}

/// Regularised weights on the `i/4` scale, `None` without any sample.
fn pentanomial_weights(p: &Pentanomial) -> Option<[f64; 5]> {
    (p.pairs() > 0).then(|| {
        p.counts
            .map(|c| if c == 0 { REGULARISATION } else { c as f64 })
    })
}

/// Regularised weights of single games on the `i/4` scale (cells 0, 2, 4), `None` without
/// any game.
fn trinomial_weights(r: &Wdl) -> Option<[f64; 5]> {
    let reg = |c: u64| if c == 0 { REGULARISATION } else { c as f64 };
    (r.games() > 0).then(|| [reg(r.losses), 0.0, reg(r.draws), 0.0, reg(r.wins)])
}

/// The `θ` of the maximum-likelihood distribution with mean `s` (module docs), by bisection.
/// `f(θ) = Σ w_i d_i / (1 + θ d_i)` with `d_i = x_i − s` falls strictly from +∞ to −∞ on the
/// interval where every `1 + θ d_i` with `w_i > 0` stays positive.
fn mle_theta(w: &[f64; 5], s: f64) -> f64 {
    let support = || (0..5).filter(|&i| w[i] > 0.0).map(|i| i as f64 / 4.0 - s);
    let d_max = support().fold(f64::NEG_INFINITY, f64::max);
    let d_min = support().fold(f64::INFINITY, f64::min);
    if d_max <= 0.0 || d_min >= 0.0 {
        // s is outside the observed support: no distribution on it has mean s. Cannot
        // happen with regularised weights and 0 < s < 1.
        return 0.0;
    }
    let f = |t: f64| -> f64 {
        (0..5)
            .filter(|&i| w[i] > 0.0)
            .map(|i| {
                let d = i as f64 / 4.0 - s;
                w[i] * d / (1.0 + t * d)
            })
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / d_max, -1.0 / d_min);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

impl FromStr for Sprt {
    type Err = SprtError;
    /// `elo0,elo1[,alpha[,beta]]`, alpha and beta defaulting to 0.05: `0,5` or `0,5,0.05,0.1`.
    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        let fields: Vec<&str> = text.split(',').map(str::trim).collect();
        if !(2..=4).contains(&fields.len()) {
            return Err(SprtError::Syntax {
                text: text.to_string(),
                field: fields.len().min(5),
                expected: "2 to 4 comma-separated numbers: elo0,elo1[,alpha[,beta]]",
            });
        }
        let num = |i: usize, expected: &'static str| -> Result<f64, SprtError> {
            fields.get(i).map_or(Ok(0.05), |f| {
                f.parse::<f64>().map_err(|_| SprtError::Syntax {
                    text: text.to_string(),
                    field: i + 1,
                    expected,
                })
            })
        };
        Sprt::new(
            num(0, "a number (elo0)")?,
            num(1, "a number (elo1)")?,
            num(2, "a probability (alpha)")?,
            num(3, "a probability (beta)")?,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt() -> Sprt {
        Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap()
    }

    #[test]
    fn bounds_are_the_wald_bounds() {
        let (lo, hi) = sprt().bounds();
        assert!((lo - (0.05f64 / 0.95).ln()).abs() < 1e-12);
        assert!((lo + 2.944_438_979_166_440_3).abs() < 1e-12);
        assert!((hi - 2.944_438_979_166_440_3).abs() < 1e-12);
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.05, 0.1).unwrap().bounds();
        assert!((lo - (0.1f64 / 0.95).ln()).abs() < 1e-12);
        assert!((hi - (0.9f64 / 0.05).ln()).abs() < 1e-12);
    }

    #[test]
    fn llr_matches_hand_computation() {
        // Reference values from an independent implementation (Python, bisection).
        let p = Pentanomial::new([1, 2, 3, 2, 2]);
        let exact = sprt().llr_pentanomial(&p);
        assert!((exact - 0.033_833_795_287_402_86).abs() < 1e-9, "{exact}");
        // Mean 0.55, variance 0.0975: the normal approximation by hand.
        let normal = sprt().llr_normal_pentanomial(&p);
        assert!(
            (normal - 0.034_243_024_107_959_57).abs() < 1e-12,
            "{normal}"
        );
        let wide = Sprt::new(-10.0, 20.0, 0.05, 0.05).unwrap();
        let v = wide.llr_pentanomial(&Pentanomial::new([3, 5, 8, 6, 4]));
        assert!((v - 0.258_922_382_284_411).abs() < 1e-9, "{v}");
        let t = sprt().llr_trinomial(&Wdl::new(6, 2, 2));
        assert!((t - 0.070_724_734_759_007_16).abs() < 1e-9, "{t}");
        // At the midpoint of s0 and s1 the normal approximation is zero.
        let s = Sprt::new(-400.0, 400.0, 0.05, 0.05).unwrap();
        assert!(s.llr_normal_trinomial(&Wdl::new(5, 3, 5)).abs() < 1e-12);
        assert_eq!(sprt().llr_pentanomial(&Pentanomial::default()), 0.0);
        assert_eq!(sprt().llr_trinomial(&Wdl::default()), 0.0);
        assert_eq!(sprt().llr_normal_trinomial(&Wdl::default()), 0.0);
    }

    #[test]
    fn exact_and_normal_agree_near_the_hypotheses() {
        for counts in [
            [100, 210, 400, 220, 110],
            [50, 100, 220, 90, 40],
            [10, 30, 50, 30, 12],
        ] {
            let p = Pentanomial::new(counts);
            let (e, n) = (
                sprt().llr_pentanomial(&p),
                sprt().llr_normal_pentanomial(&p),
            );
            assert!(
                (e - n).abs() <= 0.05 * n.abs().max(0.1),
                "{counts:?}: {e} vs {n}"
            );
        }
    }

    #[test]
    fn clearly_winning_results_accept_h1() {
        let st = sprt().test_pentanomial(&Pentanomial::new([4, 20, 80, 120, 80]));
        assert_eq!(st.decision, SprtDecision::AcceptH1, "{st}");
        assert!((st.llr - 4.061_820_241_141_737).abs() < 1e-8, "{st}");
        // Half as many pairs are not yet enough for the exact test.
        let st = sprt().test_pentanomial(&Pentanomial::new([2, 10, 40, 60, 40]));
        assert_eq!(st.decision, SprtDecision::Continue, "{st}");
        let st = sprt().test_trinomial(&Wdl::new(240, 80, 60));
        assert_eq!(st.decision, SprtDecision::AcceptH1, "{st}");
        let st = sprt().test_pentanomial(&Pentanomial::new([0, 0, 1, 1, 1]));
        assert_eq!(st.decision, SprtDecision::Continue, "{st}");
    }

    #[test]
    fn equal_results_accept_h0_eventually() {
        let mut decided_at = None;
        for k in 1..=400u64 {
            let p = Pentanomial::new([10 * k, 20 * k, 40 * k, 20 * k, 10 * k]);
            let st = sprt().test_pentanomial(&p);
            assert_ne!(st.decision, SprtDecision::AcceptH1);
            assert!(st.llr < 0.0);
            if st.decision == SprtDecision::AcceptH0 {
                decided_at = Some(p.pairs());
                break;
            }
        }
        // σ² = 0.075 per pair, s1 − s0 ≈ 0.0072: about 8 500 pairs are needed (8 600 in
        // steps of 100, as the independent implementation finds).
        assert_eq!(decided_at, Some(8_600));
        // Only draws: H0 after a few hundred games.
        let st = sprt().test_trinomial(&Wdl::new(0, 200, 0));
        assert_eq!(st.decision, SprtDecision::Continue, "{st}");
        let st = sprt().test_trinomial(&Wdl::new(0, 400, 0));
        assert_eq!(st.decision, SprtDecision::AcceptH0, "{st}");
    }

    #[test]
    fn parameters_are_checked() {
        assert!(matches!(
            Sprt::new(5.0, 0.0, 0.05, 0.05),
            Err(SprtError::EloOrder(..))
        ));
        assert!(matches!(
            Sprt::new(0.0, 5.0, 0.0, 0.05),
            Err(SprtError::Rates(..))
        ));
        assert!(matches!(
            Sprt::new(0.0, 5.0, 0.6, 0.5),
            Err(SprtError::Rates(..))
        ));
        assert!(matches!(
            Sprt::new(f64::NAN, 5.0, 0.05, 0.05),
            Err(SprtError::EloOrder(..))
        ));
        assert_eq!("0,5".parse::<Sprt>().unwrap(), sprt());
        assert_eq!("0, 5, 0.05, 0.1".parse::<Sprt>().unwrap().beta, 0.1);
        assert!(matches!("0".parse::<Sprt>(), Err(SprtError::Syntax { .. })));
        match "0,x".parse::<Sprt>() {
            Err(SprtError::Syntax { field, .. }) => assert_eq!(field, 2),
            other => panic!("{other:?}"),
        }
    }
}
