//! Correction history: how far the static score ([`crate::eval`]) has been from the
//! search's score at quiet nodes, learnt during the search and added to the static score
//! (Stockfish's correction history, in five-in-a-row terms).
//!
//! The evaluation is linear in pattern counts, so its error depends on the position in
//! ways a sum of point values cannot see. Three kinds of table learn it, per side to move:
//! - by *threat profile*: how many points give each side a four, a four-three, an open
//!   three and a double three (each count capped at 3). Positions with the same profile
//!   share the same kind of tactical tension, wherever it is on the board;
//! - by *stones of one colour*: a Zobrist key of black's stones alone and one of white's.
//!   Nodes of a search tree that share one side's stones differ only in the other side's
//!   moves, so the tables generalise across them the way an exact position key cannot;
//! - by *the last two moves*: the point the side to move played last and the opponent's
//!   reply, hashed together (Stockfish's continuation correction history). It names the
//!   local fight, whatever else is on the board.
//!
//! Two more keys are knobs, off since they lost in freestyle (fifty-sixth session): a
//! second look into the last-two-moves table with the side to move's move before last
//! (`corr_moves4`), and a table keyed by the stones on the last move's four lines
//! (`corr_shape`). The stone keys index 14 bits per side to move and colour; 16 bits,
//! fewer stone sets sharing an entry, lost in freestyle (`corr_stone_bits`, fifty-eighth
//! session), and so did 12, more sharing (fifty-ninth). Two more knobs lost in the
//! fifty-ninth session: the profile kept per band of the stone count (`corr_phase`,
//! freestyle), and a table keyed by the raw static score itself, a learnt recalibration
//! of the evaluation (`corr_eval`, level in freestyle and H0 under Renju).
//!
//! Each entry moves towards the depth-weighted difference by a "gravity" update that keeps
//! it within ±[`MAX_CORRECTION`] points.
//! The tables learn at quiet nodes only, fours included, at Stockfish's rate: learning at
//! open-three answers too (`corr_defend`), faster (`corr_rate`) or not where the best move
//! makes a four (`corr_skip_four`) lost in freestyle (fifty-seventh session).
//!
//! On under Renju (`corr_profile_renju` and `corr_stones_renju` at 100: +17.4 +- 13.2 over
//! 2 520 games at 100 ms per move and +24.1 +- 22.0 over 882 at 5 s + 50 ms per game, both
//! H1; at 60 since the fifty-third session, +21.0 +- 18.1 against 100 over 1 327 games at
//! 100 ms, H1). Outside Renju at 40 since the fifty-fourth session (H1 against none in
//! freestyle at 100 ms on two seeds; at 100 it had gone H0 twice). The last-two-moves
//! table since the fifty-fifth session (`corr_moves`), at 60 under both rules: H1 against
//! none in freestyle at 100 ms per move and at 5 s + 50 ms per game, and under Renju at
//! 100 ms; outside Renju first at 40, and at 60 since the fifty-sixth session (H1 against
//! 40 in freestyle). engine/STRENGTH.md, thirty-eighth, thirty-ninth, fifty-third,
//! fifty-fourth, fifty-fifth and fifty-sixth sessions.

use tengen_rules::Color;

use crate::pattern::Class;
use crate::position::{Cell, Position};
use crate::search::Score;

/// Entries are kept in 1/`GRAIN` of a score point.
const GRAIN: i32 = 8;
/// The largest correction one table gives, in score points.
pub const MAX_CORRECTION: Score = 400;
const LIMIT: i32 = MAX_CORRECTION * GRAIN;
/// Profile: 8 counts of 2 bits...
const PROFILE_BITS: u32 = 16;
/// ...and, with `corr_phase`, the band of the stone count ([`phase`]).
const PHASE_BITS: u32 = 2;
/// Index bits of a one-colour stone key by default (`corr_stone_bits`).
pub const STONE_BITS: u32 = 14;
/// The most index bits a one-colour stone key may have: the table is allocated for them
/// (zeroed by the allocator, so a smaller key leaves most pages untouched).
pub const MAX_STONE_BITS: u32 = 18;
/// Index bits of the last-two-moves key.
const MOVE_BITS: u32 = 16;
/// Index bits of the static-score key: the raw static score in steps of
/// [`EVAL_STEP`] points, from −64 to 63 steps.
const EVAL_BITS: u32 = 7;
/// Points per step of the static-score key.
const EVAL_STEP: Score = 32;
/// Index bits of the shape key.
const SHAPE_BITS: u32 = 16;
/// How far along its lines the shape around the last move reaches.
const SHAPE_REACH: u32 = 4;
/// The classes a threat profile counts, per side.
const PROFILE_CLASSES: [Class; 4] = [
    Class::Four,
    Class::FourThree,
    Class::Three,
    Class::ThreeThree,
];

/// One search thread's correction tables.
#[derive(Clone)]
pub struct Correction {
    /// `[side to move][profile]`.
    profile: Box<[i16]>,
    /// `[side to move][colour of the stones][key bits]`.
    stones: Box<[i16]>,
    /// `[side to move][last two moves' key]`.
    moves: Box<[i16]>,
    /// `[side to move][key of the stones on the last move's lines]`.
    shape: Box<[i16]>,
    /// `[side to move][raw static score's step]`.
    eval: Box<[i16]>,
}

impl std::fmt::Debug for Correction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Correction")
    }
}

impl Default for Correction {
    /// Empty tables.
    fn default() -> Correction {
        Correction {
            profile: vec![0; 2 << (PROFILE_BITS + PHASE_BITS)].into_boxed_slice(),
            stones: vec![0; 4 << MAX_STONE_BITS].into_boxed_slice(),
            moves: vec![0; 2 << MOVE_BITS].into_boxed_slice(),
            shape: vec![0; 2 << SHAPE_BITS].into_boxed_slice(),
            eval: vec![0; 2 << EVAL_BITS].into_boxed_slice(),
        }
    }
}

/// How much each table counts, in percent (0 = not used): the `corr_profile`,
/// `corr_stones` and `corr_moves` knobs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// The threat-profile table's weight.
    pub profile: i32,
    /// The weight of the mean of the two one-colour stone tables.
    pub stones: i32,
    /// The last-two-moves table's weight.
    pub moves: i32,
    /// The weight of a second look into the same table, keyed by the side to move's
    /// move before last and the opponent's last move (Stockfish's ss-4 continuation).
    pub moves4: i32,
    /// The weight of the table keyed by the stones on the last move's four lines, within
    /// four points of it.
    pub shape: i32,
    /// Index bits of the one-colour stone keys, from 1 to [`MAX_STONE_BITS`]
    /// (`corr_stone_bits`).
    pub stone_bits: u32,
    /// The profile's key includes the band of the stone count (`corr_phase`).
    pub phase: bool,
    /// The weight of the table keyed by the raw static score itself (`corr_eval`).
    pub eval: i32,
}

impl Weights {
    /// Whether any table is used.
    #[inline]
    #[must_use]
    pub fn any(self) -> bool {
        self.profile != 0
            || self.stones != 0
            || self.moves != 0
            || self.moves4 != 0
            || self.shape != 0
            || self.eval != 0
    }
}

/// The last-two-moves entry of the side to move `side` for the opponent's last move and
/// the side to move's move `back` plies ago (0 where the game is shorter).
#[inline]
fn move_slot(history: &[Cell], side: usize, back: usize) -> usize {
    let last = history.last().map_or(0u32, |&c| u32::from(c) + 1);
    let before = history
        .len()
        .checked_sub(back)
        .map_or(0u32, |i| u32::from(history[i]) + 1);
    // Fibonacci hashing of the pair: nearby pairs land far apart.
    let mixed = ((last << 16) | before).wrapping_mul(0x9E37_79B1) >> (32 - MOVE_BITS);
    (side << MOVE_BITS) | mixed as usize
}

/// The stage of the game a stone count is in (`corr_phase`): four bands, split where
/// the self-play games of the balanced lines are in their opening, middle game, late
/// middle game and end.
#[inline]
fn phase(stones: usize) -> usize {
    match stones {
        0..12 => 0,
        12..24 => 1,
        24..38 => 2,
        _ => 3,
    }
}

/// Where `pos`'s entries lie in the tables `w` uses; an unused table's slot is 0 and is
/// neither read nor written, and its key is not computed (the shape key costs four line
/// reads).
struct Slots {
    profile: usize,
    stones: [usize; 2],
    /// With the side to move's last move, and with its move before that.
    moves: [usize; 2],
    shape: usize,
    eval: usize,
}

#[inline]
fn slots(pos: &Position, raw: Score, w: Weights) -> Slots {
    let us = pos.side();
    let side = us.index();
    let h = pos.history();
    let mut s = Slots {
        profile: 0,
        stones: [0; 2],
        moves: [0; 2],
        shape: 0,
        eval: 0,
    };
    if w.profile != 0 {
        let mut profile = 0usize;
        for color in [us, us.opponent()] {
            for class in PROFILE_CLASSES {
                profile = (profile << 2) | usize::from(pos.count(color, class).min(3));
            }
        }
        if w.phase {
            profile = (profile << PHASE_BITS) | phase(pos.stones());
        }
        s.profile = (side << (PROFILE_BITS + PHASE_BITS)) | profile;
    }
    if w.stones != 0 {
        s.stones = [Color::Black, Color::White].map(|color| {
            let bits = (pos.stones_key(color) >> (64 - w.stone_bits)) as usize;
            ((side * 2 + color.index()) << MAX_STONE_BITS) | bits
        });
    }
    if w.moves != 0 {
        s.moves[0] = move_slot(h, side, 2);
    }
    if w.moves4 != 0 {
        s.moves[1] = move_slot(h, side, 4);
    }
    if w.shape != 0 {
        let key = h.last().map_or(0, |&c| {
            (pos.star_key(c, SHAPE_REACH) >> (64 - SHAPE_BITS)) as usize
        });
        s.shape = (side << SHAPE_BITS) | key;
    }
    if w.eval != 0 {
        let half = 1 << (EVAL_BITS - 1);
        let step = (raw / EVAL_STEP).clamp(-half, half - 1) + half;
        s.eval = (side << EVAL_BITS) | step as usize;
    }
    s
}

impl Correction {
    /// What to add to `pos`'s static score `raw` (uncorrected), in score points.
    #[inline]
    #[must_use]
    pub fn get(&self, pos: &Position, raw: Score, w: Weights) -> Score {
        let s = slots(pos, raw, w);
        let read = |table: &[i16], i: usize, weight: i32| {
            if weight == 0 {
                0
            } else {
                i32::from(table[i]) * weight
            }
        };
        let stones = if w.stones == 0 {
            0
        } else {
            (i32::from(self.stones[s.stones[0]]) + i32::from(self.stones[s.stones[1]])) / 2
                * w.stones
        };
        (read(&self.profile, s.profile, w.profile)
            + stones
            + read(&self.moves, s.moves[0], w.moves)
            + read(&self.moves, s.moves[1], w.moves4)
            + read(&self.shape, s.shape, w.shape)
            + read(&self.eval, s.eval, w.eval))
            / (100 * GRAIN)
    }

    /// Learn that a search to `depth` scored `pos`, whose uncorrected static score is
    /// `raw`, `diff` points above its corrected static score.
    pub fn learn(&mut self, pos: &Position, raw: Score, diff: Score, depth: i32, w: Weights) {
        let bonus = (diff.saturating_mul(depth.max(1)) * GRAIN / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let s = slots(pos, raw, w);
        if w.shape != 0 {
            gravity(&mut self.shape[s.shape], bonus);
        }
        if w.eval != 0 {
            gravity(&mut self.eval[s.eval], bonus);
        }
        if w.moves != 0 {
            gravity(&mut self.moves[s.moves[0]], bonus);
        }
        if w.moves4 != 0 {
            // At half strength, as Stockfish does: the older move says less.
            gravity(&mut self.moves[s.moves[1]], bonus / 2);
        }
        if w.profile != 0 {
            gravity(&mut self.profile[s.profile], bonus);
        }
        if w.stones != 0 {
            gravity(&mut self.stones[s.stones[0]], bonus);
            gravity(&mut self.stones[s.stones[1]], bonus);
        }
    }
}

/// Move `v` by `delta`, scaled so that it stays within ±[`LIMIT`].
#[inline]
fn gravity(v: &mut i16, delta: i32) {
    let old = i32::from(*v);
    *v = (old + delta - old * delta.abs() / LIMIT) as i16;
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::Rule;

    fn pos_with(stones: &[(u8, u8)]) -> Position {
        let mut p = Position::new(15, 15, Rule::Freestyle);
        for &(x, y) in stones {
            p.play(Position::cell_at(tengen_rules::Pos::new(x, y)));
        }
        p
    }

    /// No table used; the tests set the ones they need.
    const NONE: Weights = Weights {
        profile: 0,
        stones: 0,
        moves: 0,
        moves4: 0,
        shape: 0,
        stone_bits: STONE_BITS,
        phase: false,
        eval: 0,
    };

    /// Tables that learnt 50 times that `p` scored 200 above its static score at depth 6,
    /// with weights `w`, and the correction they then give `p` (checked to be positive).
    fn taught(p: &Position, w: Weights) -> (Correction, Score) {
        let mut c = Correction::default();
        for _ in 0..50 {
            c.learn(p, 0, 200, 6, w);
        }
        let learnt = c.get(p, 0, w);
        assert!(learnt > 0, "{learnt}");
        (c, learnt)
    }

    const BOTH: Weights = Weights {
        profile: 100,
        stones: 100,
        ..NONE
    };

    /// A lesson moves the position's correction towards the difference; repeated lessons
    /// approach it but never pass ±`MAX_CORRECTION` per table, and untouched weights give 0.
    #[test]
    fn lessons_move_the_correction_towards_the_error_within_bounds() {
        let p = pos_with(&[(7, 7), (8, 8), (6, 6)]);
        let mut c = Correction::default();
        assert_eq!(c.get(&p, 0, BOTH), 0);
        c.learn(&p, 0, 100, 4, BOTH);
        let once = c.get(&p, 0, BOTH);
        assert!(once > 0 && once < 2 * 100, "{once}");
        for _ in 0..1000 {
            c.learn(&p, 0, 100, 4, BOTH);
        }
        let many = c.get(&p, 0, BOTH);
        assert!(many > once, "{many} vs {once}");
        assert!(many <= 2 * MAX_CORRECTION, "{many}");
        for _ in 0..1000 {
            c.learn(&p, 0, -100_000, 30, BOTH);
        }
        let low = c.get(&p, 0, BOTH);
        assert!((-2 * MAX_CORRECTION..0).contains(&low), "{low}");
        assert_eq!(c.get(&p, 0, NONE), 0);
    }

    /// The last-two-moves table generalises to any position with the same last two moves
    /// and the same side to move, whatever the other stones, and only to those.
    #[test]
    fn move_table_follows_the_last_two_moves() {
        let moves_only = Weights { moves: 100, ..NONE };
        let a = pos_with(&[(7, 7), (8, 8), (6, 6), (9, 9)]);
        // Other stones, the same last two moves.
        let same_last = pos_with(&[(2, 12), (12, 2), (6, 6), (9, 9)]);
        // The same points, the last two played in the other order.
        let swapped = pos_with(&[(7, 7), (8, 8), (9, 9), (6, 6)]);
        let (c, learnt) = taught(&a, moves_only);
        assert_eq!(c.get(&same_last, 0, moves_only), learnt);
        assert_eq!(c.get(&swapped, 0, moves_only), 0);
        // The other tables learnt nothing.
        assert_eq!(c.get(&a, 0, BOTH), 0);
    }

    /// The second look keys the same table by the side to move's move before last and the
    /// opponent's last move: it carries over to a position whose moves in between differ,
    /// and shares its entries with the first look at the same pair.
    #[test]
    fn second_move_look_skips_the_move_between() {
        let four_only = Weights {
            moves4: 100,
            ..NONE
        };
        let two_only = Weights { moves: 100, ..NONE };
        // Black to move; black's move before last is (6, 6), white's last (9, 9).
        let a = pos_with(&[(6, 6), (8, 8), (7, 7), (9, 9)]);
        let other_between = pos_with(&[(6, 6), (2, 2), (12, 12), (9, 9)]);
        let other_last = pos_with(&[(6, 6), (8, 8), (7, 7), (9, 10)]);
        // (6, 6) as black's last move and (9, 9) as white's reply: the same entry.
        let as_pair = pos_with(&[(2, 2), (12, 12), (6, 6), (9, 9)]);
        let (c, learnt) = taught(&a, four_only);
        assert_eq!(c.get(&other_between, 0, four_only), learnt);
        assert_eq!(c.get(&other_last, 0, four_only), 0);
        assert_eq!(c.get(&as_pair, 0, two_only), learnt);
        // At half strength: fewer lessons of the first look reach the same size.
        let mut d = Correction::default();
        for _ in 0..5 {
            d.learn(&a, 0, 200, 6, two_only);
        }
        let mut e = Correction::default();
        for _ in 0..5 {
            e.learn(&a, 0, 200, 6, four_only);
        }
        assert!(e.get(&a, 0, four_only) < d.get(&a, 0, two_only));
    }

    /// The shape table generalises to the same stones around the last move elsewhere on
    /// the board, and not to a different shape there.
    #[test]
    fn shape_table_follows_the_stones_around_the_last_move() {
        let shape_only = Weights { shape: 100, ..NONE };
        let a = pos_with(&[(7, 7), (8, 8), (6, 6), (7, 8)]);
        let shifted = pos_with(&[(4, 3), (5, 4), (3, 2), (4, 4)]);
        // (6, 6) lies on none of the last move's lines; white's (8, 8) does.
        let other = pos_with(&[(7, 7), (9, 8), (6, 6), (7, 8)]);
        let (c, learnt) = taught(&a, shape_only);
        assert_eq!(c.get(&shifted, 0, shape_only), learnt);
        assert_eq!(c.get(&other, 0, shape_only), 0);
    }

    /// With `corr_phase` the profile table keeps the stages of the game apart: a lesson
    /// reaches a position with the same threat counts (none) and side to move in the same
    /// band of stone counts, not one in a later band, which it reaches without the phase.
    #[test]
    fn phase_keeps_the_profile_of_each_stage_apart() {
        // Stones four apart: no three, so no threat points, however many there are.
        let lattice: Vec<(u8, u8)> = (0..4)
            .flat_map(|y| (0..4).map(move |x| (1 + 4 * x, 1 + 4 * y)))
            .collect();
        let (a, same_band, later) = (
            pos_with(&lattice[..3]),
            pos_with(&lattice[..5]),
            pos_with(&lattice[..13]),
        );
        assert_eq!((phase(3), phase(5), phase(13)), (0, 0, 1));
        let plain = Weights {
            profile: 100,
            ..NONE
        };
        let phased = Weights {
            phase: true,
            ..plain
        };
        let (c, learnt) = taught(&a, plain);
        assert_eq!(c.get(&later, 0, plain), learnt);
        let (c, learnt) = taught(&a, phased);
        assert_eq!(c.get(&same_band, 0, phased), learnt);
        assert_eq!(c.get(&later, 0, phased), 0);
    }

    /// The static-score table generalises to any position whose raw static score falls in
    /// the same step, for the same side to move, and to no other step; scores beyond the
    /// ends share the end steps.
    #[test]
    fn eval_table_follows_the_raw_static_score() {
        let eval_only = Weights { eval: 100, ..NONE };
        let a = pos_with(&[(7, 7), (8, 8), (6, 6)]);
        let elsewhere = pos_with(&[(2, 12), (12, 2), (3, 3)]);
        let mut c = Correction::default();
        for _ in 0..50 {
            c.learn(&a, 100, 200, 6, eval_only);
        }
        let learnt = c.get(&a, 100, eval_only);
        assert!(learnt > 0, "{learnt}");
        assert_eq!(
            c.get(&elsewhere, 100 + EVAL_STEP - 100 % EVAL_STEP - 1, eval_only),
            learnt
        );
        assert_eq!(c.get(&elsewhere, 100 + EVAL_STEP, eval_only), 0);
        assert_eq!(c.get(&elsewhere, -100, eval_only), 0);
        let mut other = a.clone();
        other.swap_side();
        assert_eq!(c.get(&other, 100, eval_only), 0);
        c.learn(&a, 50_000, -300, 6, eval_only);
        assert!(c.get(&a, 9_000, eval_only) < 0, "the top step learnt");
        // The other tables learnt nothing.
        assert_eq!(c.get(&a, 100, BOTH), 0);
    }

    /// The profile table generalises to a position with the same threat counts elsewhere
    /// on the board; the stone tables to a position sharing one side's stones.
    #[test]
    fn profile_and_stone_tables_generalise_differently() {
        let a = pos_with(&[(7, 7), (8, 8), (6, 6)]);
        let shifted = pos_with(&[(3, 3), (4, 4), (2, 2)]);
        // Black's stones as in `a`, white's elsewhere.
        let same_black = pos_with(&[(7, 7), (12, 2), (6, 6)]);
        let profile_only = Weights {
            profile: 100,
            ..NONE
        };
        let stones_only = Weights {
            stones: 100,
            ..NONE
        };
        let mut c = Correction::default();
        for _ in 0..50 {
            c.learn(&a, 0, 200, 6, BOTH);
        }
        assert!(c.get(&shifted, 0, profile_only) > 0);
        assert_eq!(c.get(&shifted, 0, stones_only), 0);
        let half = c.get(&same_black, 0, stones_only);
        assert!(half > 0 && half < c.get(&a, 0, stones_only), "{half}");
        // The other side to move has tables of its own.
        let mut other = a.clone();
        other.swap_side();
        assert_eq!(c.get(&other, 0, BOTH), 0);
    }
}
