//! Time management: how long to think about one move, from the manager's `INFO` time settings.
//!
//! The manager states a per-turn limit (`timeout_turn`), a per-game limit (`timeout_match`),
//! the time still left in the game (`time_left`, sent before every move request) and an
//! optional Fischer increment (`time_increment`). Several values mean "unlimited"; they are
//! decoded here once so the rest of the brain sees plain `Option`s.

use std::time::Duration;

/// `time_left` value that the protocol defines as "unlimited".
pub const UNLIMITED_TIME_LEFT: i64 = 2_147_483_647;
/// Yixin-Board's "unlimited" per-turn time.
pub const YIXIN_UNLIMITED_TURN: i64 = 2_000_000;
/// Yixin-Board's "unlimited" match time (also sent as `time_left`).
pub const YIXIN_UNLIMITED_MATCH: i64 = 100_000_000;

/// The game time still available, as far as the brain knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Remaining {
    /// No `time_left` received since the game started: derive it from `timeout_match`.
    #[default]
    Unknown,
    /// The manager said the game time is unlimited.
    Unlimited,
    /// Milliseconds left (may be negative: the manager counts overruns).
    Ms(i64),
}

/// How long one search may take, as offsets from the moment the request arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Aim to finish by then (soft). `None` = no time bound. Under a game clock the search
    /// scales it by how stable its best move is (`stability_base` in `tuning.rs`) and, under
    /// Renju by default, by how far its score fell (`falling_gain`).
    pub optimum: Option<Duration>,
    /// The search must stop by then (hard). `None` = no time bound.
    pub maximum: Option<Duration>,
    /// The front end answers by then even if the search has not returned (it then plays the
    /// best move known so far). Slightly after `maximum`, still inside the manager's limit.
    pub deadline: Option<Duration>,
    /// `timeout_turn 0`: answer at once with the cheapest decision.
    pub instant: bool,
}

/// The time settings of the current game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    /// Per-move limit in ms; `None` = unlimited, `Some(0)` = move at once.
    pub turn_ms: Option<u64>,
    /// Per-game limit in ms; `None` = unlimited.
    pub match_ms: Option<u64>,
    /// The last `time_left` received.
    pub remaining: Remaining,
    /// Fischer increment in ms, credited after each move.
    pub increment_ms: u64,
}

impl Default for TimeControl {
    /// Conservative limits (30 s per move, 180 s per game) until the manager sends its own.
    fn default() -> TimeControl {
        TimeControl {
            turn_ms: Some(30_000),
            match_ms: Some(180_000),
            remaining: Remaining::Unknown,
            increment_ms: 0,
        }
    }
}

impl TimeControl {
    /// Apply `INFO timeout_turn v`. Negative values are read as 0 (move at once).
    pub fn set_turn(&mut self, v: i64) {
        self.turn_ms = if v >= YIXIN_UNLIMITED_TURN {
            None
        } else {
            Some(v.max(0) as u64)
        };
    }

    /// Apply `INFO timeout_match v` (`0` = unlimited).
    pub fn set_match(&mut self, v: i64) {
        self.match_ms = if v <= 0 || v >= YIXIN_UNLIMITED_MATCH {
            None
        } else {
            Some(v as u64)
        };
    }

    /// Apply `INFO time_left v`.
    pub fn set_left(&mut self, v: i64) {
        self.remaining = if v == UNLIMITED_TIME_LEFT || v >= YIXIN_UNLIMITED_MATCH {
            Remaining::Unlimited
        } else {
            Remaining::Ms(v)
        };
    }

    /// Apply `INFO time_increment v`.
    pub fn set_increment(&mut self, v: i64) {
        self.increment_ms = v.max(0) as u64;
    }

    /// Forget the last `time_left` (a new game starts).
    pub fn new_game(&mut self) {
        self.remaining = Remaining::Unknown;
    }

    /// The budget for a move when `move_count` moves have been played and the brain has used
    /// `used_ms` of its own game time so far (only consulted when no `time_left` came). A
    /// game clock is shared among at least `min_to_go` moves (the `to_go_min` knob; 0 is
    /// read as 1); `moves_left` is the most moves the game can still ask of the brain (half
    /// the empty points, rounded up), each of which keeps [`LATENCY_RESERVE_MS`] of the clock
    /// back.
    #[must_use]
    pub fn budget(
        &self,
        move_count: usize,
        used_ms: u64,
        min_to_go: u32,
        moves_left: u64,
    ) -> Budget {
        if self.turn_ms == Some(0) {
            return Budget {
                optimum: Some(Duration::ZERO),
                maximum: Some(Duration::ZERO),
                deadline: Some(Duration::from_millis(INSTANT_DEADLINE_MS)),
                instant: true,
            };
        }
        let turn = self.turn_ms.map(|t| {
            let margin = turn_margin(t);
            (
                t.saturating_sub(margin).max(1),
                t.saturating_sub(margin / 2).max(1),
            )
        });
        let left: Option<i64> = match self.remaining {
            Remaining::Ms(ms) => Some(ms),
            Remaining::Unlimited => None,
            Remaining::Unknown => self.match_ms.map(|m| m as i64 - used_ms as i64),
        };
        let game = left.map(|left| self.game_share(left, move_count, min_to_go, moves_left));

        let (optimum, maximum, deadline) = match (turn, game) {
            (None, None) => (None, None, None),
            // A per-move limit cannot be saved for later moves: aim at all of it (the search
            // starts no iteration past 80% of the optimum, so the hard stop stays rare).
            // SPRT at 200 ms against the old 60%: Renju +36 +- 30 (504 games, H1).
            (Some((cap, deadline)), None) => (Some(cap), Some(cap), Some(deadline)),
            (None, Some((opt, max))) => (Some(opt), Some(max), Some(max + match_grace(max))),
            (Some((cap, deadline)), Some((opt, max))) => {
                let max = max.min(cap);
                (
                    Some(opt.min(max)),
                    Some(max),
                    Some((max + match_grace(max)).min(deadline)),
                )
            }
        };
        let ms = |v: Option<u64>| v.map(Duration::from_millis);
        let (optimum, maximum, deadline) = (ms(optimum), ms(maximum), ms(deadline));
        Budget {
            optimum,
            maximum,
            deadline,
            instant: false,
        }
    }

    /// (optimum, maximum) in ms when `left` ms of game time remain and at most `moves_left`
    /// more moves can be asked of the brain.
    fn game_share(
        &self,
        left: i64,
        move_count: usize,
        min_to_go: u32,
        moves_left: u64,
    ) -> (u64, u64) {
        // Keep a reserve against the latency of every remaining answer (an increment pays
        // for its own move's), and a share of the clock against a slow machine.
        let latency = LATENCY_RESERVE_MS
            .saturating_sub(self.increment_ms)
            .saturating_mul(moves_left);
        let reserve = (left / 20)
            .clamp(20, 2_000)
            .saturating_add(i64::try_from(latency).unwrap_or(i64::MAX));
        let usable = left.saturating_sub(reserve).max(0) as u64;
        let inc = self.increment_ms * 3 / 4;
        let to_go = moves_to_go(move_count, min_to_go);
        let optimum = usable / to_go + inc;
        let maximum = (optimum * 4).min(usable / 4 + inc);
        let optimum = optimum.min(maximum);
        (optimum.max(1), maximum.max(1))
    }
}

/// Game time kept back for each move the brain may still be asked for: what a manager
/// charges beyond the search (pipes, scheduling, a coarse timer: Piskvork on Windows counts
/// in 15.6 ms ticks). Without it a game that fills the board ends with the brain answering
/// dozens of moves at once on its last tens of milliseconds, which a manager charging a few
/// ms per move puts over the limit (fifty-first session: 179 953 ms of 180 s used in a
/// 225-move game). On a 15x15 board it is at most 565 ms.
pub const LATENCY_RESERVE_MS: u64 = 5;

/// When `timeout_turn 0` asks for an instant move, answer within this many ms.
const INSTANT_DEADLINE_MS: u64 = 20;

/// How much of a `t` ms turn is kept back for process start-up, pipes and scheduling delays.
/// Large relative to short turns (at 50 ms a busy machine can lose several ms), bounded for
/// long ones.
#[must_use]
pub fn turn_margin(t: u64) -> u64 {
    (t * 3 / 10).min(30 + (t / 100).min(100))
}

/// Grace between the search's hard stop and the front end's own deadline, for match time.
fn match_grace(max: u64) -> u64 {
    (max / 10).clamp(1, 50)
}

/// A guess at how many more moves this brain will make in the game. Self-play games at
/// 5 s + 50 ms per game last 26 (freestyle) or 28 (Renju) moves per side after the opening
/// in the median, and one in ten lasts 55 or more (314 and 233 games, thirty-first session);
/// late in a game a fixed share (a tenth of what is left) keeps time back for those long
/// games. The earlier guess (45 moves per side, then a fifteenth) left over half the clock
/// unused: SPRT at 5 s + 50 ms per game, Renju, 208 openings: +98 +- 72 (98 games, H1).
/// The floor is `min_to_go` (at least 1; the `to_go_min` knob, 10 by default).
fn moves_to_go(move_count: usize, min_to_go: u32) -> u64 {
    (30u64.saturating_sub(move_count as u64 / 2)).max(u64::from(min_to_go.max(1)))
}

/// The floor of [`moves_to_go`] unless the tuning sets another (`to_go_min`).
pub(crate) const DEFAULT_MIN_TO_GO: u32 = 10;

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> Option<Duration> {
        Some(Duration::from_millis(v))
    }

    /// A game clock of `per_game` ms with `left` ms of it left, no per-move limit.
    fn game_clock(per_game: i64, left: i64) -> TimeControl {
        let mut tc = TimeControl::default();
        tc.set_turn(YIXIN_UNLIMITED_TURN);
        tc.set_match(per_game);
        tc.set_left(left);
        tc
    }

    #[test]
    fn turn_only_answers_inside_the_limit_with_a_margin() {
        let mut tc = TimeControl::default();
        tc.set_match(0);
        for t in [50u64, 100, 1_000, 5_000, 30_000] {
            tc.set_turn(t as i64);
            let b = tc.budget(10, 0, DEFAULT_MIN_TO_GO, 0);
            let max = b.maximum.unwrap();
            let deadline = b.deadline.unwrap();
            assert!(max < Duration::from_millis(t), "turn {t}: {b:?}");
            assert!(deadline < Duration::from_millis(t), "turn {t}: {b:?}");
            assert!(max <= deadline);
            // The limit is this move's alone: the search aims at all of it.
            assert_eq!(b.optimum, b.maximum);
            // Most of the turn is still used.
            assert!(max >= Duration::from_millis(t * 6 / 10), "turn {t}: {b:?}");
        }
    }

    #[test]
    fn unlimited_sentinels() {
        let mut tc = TimeControl::default();
        tc.set_turn(YIXIN_UNLIMITED_TURN);
        tc.set_match(YIXIN_UNLIMITED_MATCH);
        tc.set_left(YIXIN_UNLIMITED_MATCH);
        assert_eq!(tc.budget(0, 0, DEFAULT_MIN_TO_GO, 0).maximum, None);
        tc.set_left(UNLIMITED_TIME_LEFT);
        assert_eq!(tc.remaining, Remaining::Unlimited);
        tc.set_match(0);
        assert_eq!(tc.match_ms, None);
        let b = tc.budget(0, 0, DEFAULT_MIN_TO_GO, 0);
        assert_eq!((b.optimum, b.maximum, b.deadline), (None, None, None));
    }

    #[test]
    fn timeout_turn_zero_means_move_now() {
        let mut tc = TimeControl::default();
        tc.set_turn(0);
        let b = tc.budget(5, 0, DEFAULT_MIN_TO_GO, 0);
        assert!(b.instant);
        assert_eq!(b.maximum, Some(Duration::ZERO));
        assert!(b.deadline.unwrap() <= Duration::from_millis(INSTANT_DEADLINE_MS));
    }

    #[test]
    fn match_time_is_spread_over_the_game() {
        let mut tc = TimeControl::default();
        tc.set_turn(5_000);
        tc.set_match(120_000);
        tc.set_left(120_000);
        let early = tc.budget(0, 0, DEFAULT_MIN_TO_GO, 0);
        // 120 s over ~45 moves: a few seconds, under the turn cap.
        assert!(
            early.optimum.unwrap() > Duration::from_millis(1_500),
            "{early:?}"
        );
        assert!(early.maximum.unwrap() <= Duration::from_millis(5_000));
        tc.set_left(3_000);
        let late = tc.budget(80, 0, DEFAULT_MIN_TO_GO, 0);
        assert!(
            late.maximum.unwrap() <= Duration::from_millis(1_000),
            "{late:?}"
        );
        assert!(late.deadline.unwrap() < Duration::from_millis(3_000));
        // Negative time left still gives a (tiny) positive budget, never a panic.
        tc.set_left(-500);
        let over = tc.budget(80, 0, DEFAULT_MIN_TO_GO, 0);
        assert_eq!(over.maximum, ms(1));
    }

    #[test]
    fn late_moves_share_the_clock_among_min_to_go() {
        let tc = game_clock(30_000, 10_000);
        // 10 s left, less a 500 ms reserve: a tenth late in the game by default...
        let at = |move_count, floor| tc.budget(move_count, 0, floor, 0).optimum.unwrap();
        assert_eq!(at(100, DEFAULT_MIN_TO_GO), Duration::from_millis(950));
        // ...and a twentieth with a floor of 20, which early moves never reach.
        assert_eq!(at(100, 20), Duration::from_millis(475));
        assert_eq!(at(0, 20), Duration::from_millis(9_500 / 30));
        // 0 would divide by zero: the floor is at least one move.
        assert_eq!(at(100, 0), Duration::from_millis(9_500 / 4));
    }

    /// Plays a game of `own_moves` moves per side on a 15x15 board (from four stones) at
    /// `per_game` ms + `inc` ms per move, spending each move's optimum and `latency` ms more
    /// that the manager charges; returns the time left at the end (ms). With `reserve` false
    /// the brain is not told how many moves may be left.
    fn spend(per_game: i64, inc: i64, own_moves: usize, latency: i64, reserve: bool) -> i64 {
        let mut left = per_game;
        let mut tc = game_clock(per_game, left);
        tc.set_increment(inc);
        for k in 0..own_moves {
            tc.set_left(left);
            let stones = 2 * k + 4;
            let moves_left = if reserve {
                (225 - stones as u64).div_ceil(2)
            } else {
                0
            };
            let b = tc.budget(stones, 0, DEFAULT_MIN_TO_GO, moves_left);
            let opt = b.optimum.unwrap().as_millis() as i64;
            assert!(
                b.maximum.unwrap().as_millis() as i64 <= left.max(1),
                "{b:?} {left}"
            );
            left += inc - opt - latency;
        }
        left
    }

    #[test]
    fn a_game_clock_is_used_but_not_exhausted() {
        // A typical game (25 moves per side) spends most of the clock on its moves...
        let left = spend(5_000, 50, 25, 0, true);
        assert!(
            left < 5_000 * 45 / 100,
            "{left} ms of 5 s left after 25 moves"
        );
        // ...and a very long one (110 moves per side) still has time for every move.
        let left = spend(5_000, 50, 110, 0, true);
        assert!(left > 0, "ran out: {left}");
        let left = spend(180_000, 0, 110, 0, true);
        assert!(left > 0, "ran out: {left}");
    }

    #[test]
    fn a_full_board_survives_a_manager_that_charges_for_every_answer() {
        // 180 s per game, a manager charging 4 ms per answer beyond the search, a game that
        // fills the 15x15 board (110 moves per side after the opening's four stones). With
        // a reserve per move left the clock lasts; with the old per-clock reserve alone it
        // ran out (the brain answered the last moves on its final tens of ms).
        let left = spend(180_000, 0, 110, 4, true);
        assert!(left > 0, "ran out: {left}");
        let left = spend(180_000, 0, 110, 4, false);
        assert!(
            left < 0,
            "the test no longer needs the reserve: {left} ms left"
        );
        // The reserve costs a 180 s clock little at the start: still over 4 s for move 1.
        let mut tc = game_clock(180_000, 180_000);
        let first = tc.budget(4, 0, DEFAULT_MIN_TO_GO, 111);
        assert!(
            first.optimum.unwrap() > Duration::from_millis(4_000),
            "{first:?}"
        );
        // An increment of the reserve's size or more pays for its own move's latency.
        tc.set_increment(LATENCY_RESERVE_MS as i64);
        tc.set_left(1_000);
        let with_inc = tc.budget(100, 0, DEFAULT_MIN_TO_GO, 60);
        let without = tc.budget(100, 0, DEFAULT_MIN_TO_GO, 0);
        assert_eq!(with_inc, without);
    }

    #[test]
    fn increment_is_spent_and_unknown_left_uses_the_match_limit() {
        let mut tc = TimeControl::default();
        tc.set_turn(YIXIN_UNLIMITED_TURN);
        tc.set_match(60_000);
        tc.set_increment(2_000);
        let fresh = tc.budget(0, 0, DEFAULT_MIN_TO_GO, 0);
        let used = tc.budget(0, 50_000, DEFAULT_MIN_TO_GO, 0);
        assert!(fresh.optimum.unwrap() > used.optimum.unwrap());
        assert!(
            used.optimum.unwrap() >= Duration::from_millis(1_500),
            "{used:?}"
        );
    }
}
