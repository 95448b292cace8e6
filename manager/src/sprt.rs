//! Sequential probability ratio test for engine matches: is the engine at least `elo1`
//! stronger (H1) or at most `elo0` (H0)?
//!
//! Model: **logistic Elo** (not normalized Elo) and the generalized SPRT in its normal
//! approximation, as fishtest and fastchess use it. The samples are the pair scores of
//! colour-swapped game pairs (**pentanomial**, preferred: it removes the opening's bias and
//! is what fastchess reports) or single games (**trinomial**, when games are not paired).
//! With sample mean `s̄`, per-sample variance `σ²`, `N` samples and the expected scores
//! `s0 = score(elo0)`, `s1 = score(elo1)` (`score(e) = 1/(1+10^(-e/400))`):
//!
//! ```text
//! LLR = N · (s1 − s0) · (2·s̄ − s0 − s1) / (2·σ²)
//! ```
//!
//! which is the log-likelihood ratio of the two hypotheses for a normally distributed mean.
//! Bounds: lower `ln(β/(1−α))`, upper `ln((1−β)/α)`; the test accepts H0 at or below the
//! lower bound and H1 at or above the upper one. Empty cells are regularised (each zero count
//! counts as 0.001 of a sample) so that a run of identical results has a finite variance.

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

    /// The LLR from pentanomial pair counts (0 with no pairs).
    #[must_use]
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        let n = p.pairs() as f64;
        let w = p
            .counts
            .map(|c| if c == 0 { REGULARISATION } else { c as f64 });
        self.llr_from(n, &w)
    }

    /// The LLR from single games (0 with no games).
    #[must_use]
    pub fn llr_trinomial(&self, r: &Wdl) -> f64 {
        let n = r.games() as f64;
        let reg = |c: u64| if c == 0 { REGULARISATION } else { c as f64 };
        // A game scores 0, ½ or 1: the cells 0, 2 and 4 of the pair-score scale i/4.
        let w = [reg(r.losses), 0.0, reg(r.draws), 0.0, reg(r.wins)];
        self.llr_from(n, &w)
    }

    fn llr_from(&self, n: f64, w: &[f64; 5]) -> f64 {
        if n == 0.0 {
            return 0.0;
        }
        let Some((mean, var)) = mean_var(w) else {
            return 0.0;
        };
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
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
        // Counts [1,2,3,2,2]: mean 0.55, variance 0.0975 (no empty cell, so no
        // regularisation); computed independently.
        let llr = sprt().llr_pentanomial(&Pentanomial::new([1, 2, 3, 2, 2]));
        assert!((llr - 0.034_243_024_107_959_57).abs() < 1e-12, "{llr}");
        // At the midpoint of s0 and s1 the LLR is zero.
        let s = Sprt::new(-400.0, 400.0, 0.05, 0.05).unwrap();
        assert!(s.llr_trinomial(&Wdl::new(5, 3, 5)).abs() < 1e-12);
        assert_eq!(sprt().llr_pentanomial(&Pentanomial::default()), 0.0);
        assert_eq!(sprt().llr_trinomial(&Wdl::default()), 0.0);
    }

    #[test]
    fn clearly_winning_results_accept_h1() {
        let p = Pentanomial::new([2, 10, 40, 60, 40]);
        let st = sprt().test_pentanomial(&p);
        assert_eq!(st.decision, SprtDecision::AcceptH1, "{st}");
        let st = sprt().test_trinomial(&Wdl::new(240, 80, 60));
        assert_eq!(st.decision, SprtDecision::AcceptH1, "{st}");
        // Few results are not enough.
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
        // σ² = 0.075 per pair, s1 − s0 ≈ 0.0072: about 8 500 pairs are needed.
        let n = decided_at.expect("H0 accepted");
        assert!((8_000..=9_000).contains(&n), "{n}");
        // All draws: regularised variance, H0 quickly.
        let st = sprt().test_trinomial(&Wdl::new(0, 200, 0));
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
