//! Static evaluation: each empty point is worth what a stone there would make for each side
//! (its four line patterns plus a bonus for combinations and a value for each two of its
//! lines where one holds a three or a four). The side to move's points are
//! valued by an *attack* table and the opponent's by a *defence* table (a threat one can play
//! next is worth more than one the other side must still answer); a position is worth the
//! side to move's attack sum minus the opponent's defence sum. Both sums are kept
//! incrementally by [`crate::position::Position`], so evaluating costs two loads.
//!
//! The tables come from values fitted to self-play results (`examples/tune_eval.rs`,
//! engine/STRENGTH.md):
//! - freestyle, and the rules without a fit of their own (standard, Caro): halfway between
//!   two free tables ("Attack and defence tables", sixth session) and the first session's
//!   hand-set values ("Fitted, hand-set, or halfway", seventh session), except the
//!   double-three bonus, fitted to 8-ply searches of leaf-like positions (forty-seventh
//!   session), and the values of lines from an open two up and of pairs of lines, fitted
//!   the same way (forty-eighth session);
//! - Renju: halfway between one fitted table ([`point_value`]'s), 7/8 of it for the side to
//!   move and 5/8 for the opponent ("Evaluation fitted to game results", fifth session), and
//!   the hand-set values at 6/8 and 5/8 ("Renju halfway too", eighth session). Free tables
//!   fitted to Renju games predicted the results better but played level or worse. The
//!   pairs of lines were fitted on top of that table, its line values kept, and are used
//!   at half their fitted values (forty-ninth session).
//!
//! Quiet moves are ordered by [`order_fit`]: weights fitted to deeper searches' choices,
//! one set for Renju and one (freestyle games) for the other rules (engine/STRENGTH.md,
//! sixteenth session). [`point_value`] (the fitted one table under Renju, the first
//! session's hand-set values otherwise) is the order with `order_fit` off, and each point's
//! value in the pattern records.

use tengen_rules::{Color, Rule};

use crate::pattern::{Class, Pattern};
use crate::position::Position;
use crate::search::Score;

/// The largest magnitude a static evaluation may have (well below any win score).
pub const EVAL_LIMIT: Score = 20_000;

/// Move-ordering value of one line pattern for the player who could play there (until the
/// attack and defence tables, also the evaluation's).
///
/// Fitted to game results (`examples/tune_eval.rs`, engine/STRENGTH.md "Evaluation fitted
/// to game results"); fives were not fitted (positions with a four on the board were left
/// out) and keep their hand-set value. Lone blocked ones and twos fitted to nothing.
const fn pattern_value(p: Pattern) -> i32 {
    match p {
        Pattern::Dead | Pattern::Overline | Pattern::B1 | Pattern::B2 => 0,
        Pattern::F1 => 1,
        Pattern::F2 => 7,
        Pattern::B3 => 30,
        Pattern::F3 => 64,
        Pattern::B4 => 192,
        Pattern::F4 | Pattern::FourFour => 484,
        Pattern::F5 => 1500,
    }
}

/// Extra value of a combination beyond the sum of its lines (fitted like [`pattern_value`]).
/// A double three is worth less than its two threes apart; a four-three much more.
const fn class_bonus(c: Class) -> i32 {
    match c {
        Class::Plain | Class::Three | Class::Four => 0,
        // Fitted −147; −120 keeps every point's value non-negative (two open threes are
        // worth 128 at least).
        Class::ThreeThree => -120,
        Class::FourThree => 783,
        Class::FourFour | Class::Flex4 => 115,
        Class::Five => 1500,
        Class::Forbidden => 0,
    }
}

/// The hand-set line values of the first session: move ordering outside Renju.
const fn hand_pattern_value(p: Pattern) -> i32 {
    match p {
        Pattern::Dead | Pattern::Overline => 0,
        Pattern::B1 => 1,
        Pattern::F1 => 3,
        Pattern::B2 => 7,
        Pattern::F2 => 18,
        Pattern::B3 => 22,
        Pattern::F3 => 60,
        Pattern::B4 => 70,
        Pattern::F4 | Pattern::FourFour => 350,
        Pattern::F5 => 1500,
    }
}

/// The hand-set combination bonuses of the first session (see [`hand_pattern_value`]).
const fn hand_class_bonus(c: Class) -> i32 {
    match c {
        Class::Plain | Class::Three | Class::Four | Class::Forbidden => 0,
        Class::ThreeThree => 150,
        Class::FourThree => 300,
        Class::FourFour | Class::Flex4 => 400,
        Class::Five => 1500,
    }
}

/// A line pattern's value in the one table: the hand-set one (`hand`) or the fitted one.
const fn line_value(p: Pattern, hand: bool) -> i32 {
    if hand {
        hand_pattern_value(p)
    } else {
        pattern_value(p)
    }
}

/// A class's bonus in the one table: the hand-set one (`hand`) or the fitted one.
const fn bonus_value(c: Class, hand: bool) -> i32 {
    if hand {
        hand_class_bonus(c)
    } else {
        class_bonus(c)
    }
}

/// The move-ordering value of an empty point for the player whose line patterns are `pats`
/// (the combination table's value; the evaluation uses its attack and defence tables): the
/// fitted one table under Renju (`renju`), the hand-set values otherwise.
#[must_use]
pub fn point_value(pats: &[Pattern; 4], class: Class, renju: bool) -> i16 {
    if class == Class::Forbidden {
        return 0;
    }
    let sum: i32 =
        pats.iter().map(|&p| line_value(p, !renju)).sum::<i32>() + bonus_value(class, !renju);
    sum.clamp(0, i32::from(i16::MAX)) as i16
}

/// The number of a line pattern among the fitted ones, B1 F1 B2 F2 B3 F3 B4 F4 (F4 includes
/// two fours on a line; the others are not fitted), as the fitting tools and
/// [`order_features`] count them.
#[must_use]
pub const fn fitted_pattern(p: Pattern) -> Option<usize> {
    match p {
        Pattern::B1 => Some(0),
        Pattern::F1 => Some(1),
        Pattern::B2 => Some(2),
        Pattern::F2 => Some(3),
        Pattern::B3 => Some(4),
        Pattern::F3 => Some(5),
        Pattern::B4 => Some(6),
        Pattern::F4 | Pattern::FourFour => Some(7),
        _ => None,
    }
}

/// Line patterns counted by [`order_features`] (F4 includes two fours on a line).
pub const ORDER_PATTERNS: [&str; 8] = ["B1", "F1", "B2", "F2", "B3", "F3", "B4", "F4"];
/// Classes counted by [`order_features`] (the straight four includes two fours).
pub const ORDER_CLASSES: [&str; 5] = ["Three", "Four", "ThreeThree", "FourThree", "FourFour"];
/// Pairs of building patterns on two lines counted by [`order_features`].
pub const ORDER_PAIRS: [&str; 5] = ["F2+F2", "F2+B3", "F2+F3", "B3+B3", "B3+F3"];
/// Number of [`order_features`] of one side.
pub const ORDER_FEATURES: usize = ORDER_PATTERNS.len() + ORDER_CLASSES.len() + ORDER_PAIRS.len();

/// What a stone on a point with line patterns `pats` and class `class` makes, as the
/// features of the fitted move order: line pattern counts, the class, and pairs of building
/// patterns (open twos, closed threes, open threes) on two lines.
#[must_use]
pub fn order_features(pats: &[Pattern; 4], class: Class) -> [f32; ORDER_FEATURES] {
    let mut f = [0f32; ORDER_FEATURES];
    for i in pats.iter().filter_map(|&p| fitted_pattern(p)) {
        f[i] += 1.0;
    }
    let class = match class {
        Class::Three => Some(0),
        Class::Four => Some(1),
        Class::ThreeThree => Some(2),
        Class::FourThree => Some(3),
        Class::FourFour | Class::Flex4 => Some(4),
        _ => None,
    };
    if let Some(i) = class {
        f[ORDER_PATTERNS.len() + i] = 1.0;
    }
    let n = |p: Pattern| pats.iter().filter(|&&q| q == p).count() as f32;
    let (f2, b3, f3) = (n(Pattern::F2), n(Pattern::B3), n(Pattern::F3));
    let pairs = [
        f2 * (f2 - 1.0) / 2.0,
        f2 * b3,
        f2 * f3,
        b3 * (b3 - 1.0) / 2.0,
        b3 * f3,
    ];
    f[ORDER_PATTERNS.len() + ORDER_CLASSES.len()..].copy_from_slice(&pairs);
    f
}

/// Ordering points per logit of the fitted order (killers add 300 and 200, as to the
/// hand-set values, whose good points are worth 100 to 300).
pub const ORDER_SCALE: f64 = 40.0;

/// The fitted move order (`examples/tune_order.rs`): logit weights of the side to move's
/// [`order_features`], the opponent's, then of a point near the last two stones and of one
/// near only the two before them (engine/STRENGTH.md, sixteenth session). Freestyle games.
#[rustfmt::skip]
const ORDER_WEIGHTS: [f64; 2 * ORDER_FEATURES + 2] = [
    // The side to move: B1 F1 B2 F2 B3 F3 B4 F4, Three Four ThreeThree FourThree FourFour,
    // F2+F2 F2+B3 F2+F3 B3+B3 B3+F3 (forcing classes are ordered by their bonuses: 0).
    0.238, 0.38, 0.687, 1.91, 1.9, 1.87, 0.0, 0.0, 1.87,
    0.0, 0.0, 0.0, 0.0, -0.026, 0.205, 0.503, 0.323, 0.407,
    // The opponent, in the same order.
    0.179, 0.16, 0.265, 1.2, 1.8, 1.9, 2.2, 0.0, 1.9,
    2.2, 0.0, 0.0, 0.0, -0.245, -0.34, 0.003, -0.155, -0.289,
    // Near the last two stones, near only the two before them.
    0.859, 0.148,
];

/// The same fitted to Renju games.
#[rustfmt::skip]
const ORDER_WEIGHTS_RENJU: [f64; 2 * ORDER_FEATURES + 2] = [
    // The side to move: B1 F1 B2 F2 B3 F3 B4 F4, Three Four ThreeThree FourThree FourFour,
    // F2+F2 F2+B3 F2+F3 B3+B3 B3+F3 (forcing classes are ordered by their bonuses: 0).
    0.157, 0.2, 0.558, 1.82, 1.89, 1.83, 0.0, 0.0, 1.83,
    0.0, 0.0, 0.0, 0.0, -0.143, 0.164, 0.5, 0.139, 0.371,
    // The opponent, in the same order.
    0.13, 0.12, 0.172, 0.992, 1.46, 1.72, 1.92, 5.13, 1.72,
    2.33, 0.0, 0.0, 0.0, -0.235, -0.184, 0.071, -0.144, -0.261,
    // Near the last two stones, near only the two before them.
    0.805, -0.028,
];

/// The fitted move order as tables: per packed word the side to move's and the opponent's
/// values, and the value of each distance class (see [`crate::movegen::FittedOrder`]).
#[derive(Debug)]
pub struct OrderFit {
    /// The side to move's value of its packed line patterns on a point.
    pub own: Box<[i16; 1 << 16]>,
    /// The value of the opponent's packed line patterns on a point.
    pub opp: Box<[i16; 1 << 16]>,
    /// By distance class: near the last two stones, near only the two before, neither.
    pub distance: [i32; 3],
}

/// The fitted move order's tables under Renju (`renju`) or the other rules (built on first
/// use).
#[must_use]
pub fn order_fit(renju: bool) -> &'static OrderFit {
    static FIT: [std::sync::OnceLock<OrderFit>; 2] =
        [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    FIT[usize::from(renju)].get_or_init(|| {
        // Classes as for a player without forbidden points: black's forbidden points are no
        // candidates, and the forcing classes a forbidden point could hide weigh nothing.
        let combos = crate::pattern::ComboTable::get(false, false);
        // The features count patterns (the class too depends on their counts only), so a
        // word's value is that of its patterns in any order.
        let table = |weights: &[f64]| -> Box<[i16; 1 << 16]> {
            crate::pattern::per_pattern_multiset(|p| {
                let pats = [0, 1, 2, 3].map(|d| crate::pattern::packed_dir(p, d));
                let f = order_features(&pats, combos.lookup(p).class);
                let logit: f64 = f.iter().zip(weights).map(|(&x, &w)| f64::from(x) * w).sum();
                (logit * ORDER_SCALE).round().clamp(-1000.0, 1000.0) as i16
            })
        };
        let n = ORDER_FEATURES;
        let w = if renju {
            &ORDER_WEIGHTS_RENJU
        } else {
            &ORDER_WEIGHTS
        };
        OrderFit {
            own: table(&w[..n]),
            opp: table(&w[n..2 * n]),
            distance: [
                (w[2 * n] * ORDER_SCALE).round() as i32,
                (w[2 * n + 1] * ORDER_SCALE).round() as i32,
                0,
            ],
        }
    })
}

/// The static score of `pos` for the side to move: its attack sum minus the opponent's
/// defence sum.
#[must_use]
pub fn evaluate(pos: &Position) -> Score {
    evaluate_weighted(pos, 100)
}

/// One rule's attack and defence values in eighths of an evaluation point (so that the
/// one-table weights 7/8 and 5/8 are integers), packed ([`pack`]) so that one integer sum
/// keeps both: per line pattern number and per class number.
#[derive(Debug)]
pub(crate) struct EvalTables {
    pub(crate) lines: [i64; 16],
    pub(crate) classes: [i64; 16],
    /// A value per pair of line patterns on one point (pattern numbers `a * 16 + b`, both
    /// orders), added for each two of the point's four lines: what a four or an open three
    /// is worth beyond its lines' sum when it comes with another threat. Only pairs with a
    /// closed three or more may have values ([`with_pairs`] checks it; the position skips
    /// the other points).
    pub(crate) pairs: [i64; 256],
}

impl EvalTables {
    /// Tables with these line values and class bonuses and no pair values.
    const fn linear(lines: [i64; 16], classes: [i64; 16]) -> EvalTables {
        EvalTables {
            lines,
            classes,
            pairs: [0; 256],
        }
    }
}

/// An attack value and a defence value in one integer: the low 32 bits hold the attack
/// value, the rest the defence value. Sums of packed values are the packed sums as long as
/// both stay within `i32` (a 22x22 board's sums, in eighths, stay below 2^26).
#[must_use]
pub(crate) const fn pack(attack: i32, defence: i32) -> i64 {
    attack as i64 + ((defence as i64) << 32)
}

/// The attack and defence values of a packed sum.
#[inline]
#[must_use]
pub(crate) const fn unpack(v: i64) -> (i32, i32) {
    let attack = v as i32;
    (attack, ((v - attack as i64) >> 32) as i32)
}

/// Fitted values in evaluation points, in order: B1 F1 B2 F2 B3 F3 B4 F4 (F4 includes two
/// fours on a line: [`Pattern::ALL`]'s B1..=F4), then the class bonuses ThreeThree,
/// FourThree, FourFour and Flex4. Fives were not fitted (positions with a four on the board
/// were left out): a five point keeps the previous evaluation's 1500 + 1500 for the side to
/// move and 5/8 of that for the opponent.
const fn tables(attack: [i32; 11], defence: [i32; 11]) -> EvalTables {
    let mut lines = [0; 16];
    let mut i = 0;
    while i < 8 {
        lines[Pattern::ALL[2 + i] as usize] = pack(8 * attack[i], 8 * defence[i]);
        i += 1;
    }
    lines[Pattern::FourFour as usize] = lines[Pattern::F4 as usize];
    lines[Pattern::F5 as usize] = pack(8 * 1500, 5 * 1500);
    let mut classes = [0; 16];
    classes[Class::ThreeThree as usize] = pack(8 * attack[8], 8 * defence[8]);
    classes[Class::FourThree as usize] = pack(8 * attack[9], 8 * defence[9]);
    classes[Class::FourFour as usize] = pack(8 * attack[10], 8 * defence[10]);
    classes[Class::Flex4 as usize] = classes[Class::FourFour as usize];
    classes[Class::Five as usize] = pack(8 * 1500, 5 * 1500);
    EvalTables::linear(lines, classes)
}

/// One table for both sides ([`line_value`], [`bonus_value`]: the hand-set one if `hand`,
/// else the fitted one), `own`/8 of it for the side to move and 5/8 for the opponent.
const fn own_tables(own: i32, hand: bool) -> EvalTables {
    let mut lines = [0; 16];
    let mut i = 0;
    while i < Pattern::ALL.len() {
        let p = Pattern::ALL[i];
        let v = line_value(p, hand);
        lines[p as usize] = pack(own * v, 5 * v);
        i += 1;
    }
    let mut classes = [0; 16];
    let mut i = 0;
    while i < classes.len() {
        // Unused numbers are Plain to `from_u8`: worth 0.
        let v = bonus_value(Class::from_u8(i as u8), hand);
        classes[i] = pack(own * v, 5 * v);
        i += 1;
    }
    EvalTables::linear(lines, classes)
}

/// The mean of two tables, value by value (rounded towards zero).
const fn halfway(a: &EvalTables, b: &EvalTables) -> EvalTables {
    let mut lines = [0; 16];
    let mut classes = [0; 16];
    let mut i = 0;
    while i < 16 {
        let ((la, ld), (lb, le)) = (unpack(a.lines[i]), unpack(b.lines[i]));
        lines[i] = pack((la + lb) / 2, (ld + le) / 2);
        let ((ca, cd), (cb, ce)) = (unpack(a.classes[i]), unpack(b.classes[i]));
        classes[i] = pack((ca + cb) / 2, (cd + ce) / 2);
        i += 1;
    }
    EvalTables::linear(lines, classes)
}

/// Renju's tables: halfway between the one fitted table (the side to move's values weighing
/// 7/8, the opponent's 5/8) and the hand-set values (6/8 and 5/8), as for freestyle: the
/// mean beat the fitted table alone in self-play and did at least as well against pela
/// (engine/STRENGTH.md, eighth session). With half the pair values
/// ([`EvalTables::pairs`]) that `tune_eval --quiet --search-depth 8 --pairs-over` fits on
/// top of that table (4 540 Renju self-play games, 30 611 positions where neither side can
/// make a straight four or a four-three, each labelled by an 8-ply search; one table for
/// both colours, the line values kept): held-out loss 0.62451 against 0.64072 for the
/// table alone, with the labels' entropy at 0.56407. Half won in self-play at 100 ms
/// (+97.4, H1) where the whole fitted values did less (+27.1 over 180 games, stopped), and
/// half of a table per colour (loss 0.62344) played level with this one (+5.5 over 506)
/// (engine/STRENGTH.md, forty-ninth session). Every refit of Renju's line values has lost,
/// so the pairs were fitted without one. A black point that is forbidden is worth nothing,
/// its pairs included.
static RENJU: EvalTables = with_pairs(
    halfway(&own_tables(7, false), &own_tables(6, true)),
    &[
        (Pattern::B3, Pattern::B1, 2, 4),
        (Pattern::B3, Pattern::F1, -1, 1),
        (Pattern::B3, Pattern::B2, 0, 4),
        (Pattern::B3, Pattern::F2, 28, -3),
        (Pattern::B3, Pattern::B3, 29, 10),
        (Pattern::F3, Pattern::B1, 8, -3),
        (Pattern::F3, Pattern::F1, 2, 7),
        (Pattern::F3, Pattern::B2, 20, 9),
        (Pattern::F3, Pattern::F2, 59, -4),
        (Pattern::F3, Pattern::B3, 102, 6),
        (Pattern::F3, Pattern::F3, 52, -97),
        (Pattern::B4, Pattern::B1, 12, 4),
        (Pattern::B4, Pattern::F1, 4, 12),
        (Pattern::B4, Pattern::B2, 19, 39),
        (Pattern::B4, Pattern::F2, 99, 66),
        (Pattern::B4, Pattern::B3, 47, 79),
    ],
);

/// The other rules' tables before the pairs: halfway between the fitted attack and
/// defence tables (4 068 freestyle self-play games, 151 840 positions: held-out loss 0.589
/// against 0.610 for the one-table evaluation) and the first session's hand-set values at
/// 6/8 for the side to move and 5/8 for the opponent. The fitted tables won in self-play
/// and against Carbon, the hand-set ones against pela; halfway did well against all three
/// (engine/STRENGTH.md, seventh session). Its four-three, double-four and straight-four
/// bonuses are still the ones used.
const FREESTYLE_HALFWAY: EvalTables = halfway(
    &tables(
        [-2, -4, -1, 7, 27, 70, 147, 2591, 15, 2099, 6845],
        [-3, -4, 0, 5, 23, 45, 130, 510, -73, 345, -118],
    ),
    &own_tables(6, true),
);

/// The other rules' tables: [`FREESTYLE_HALFWAY`] with the values that leaf-like positions
/// fit for F2 to B4, the double-three bonus and the pairs of a three or a four with another
/// line ([`EvalTables::pairs`]). Fitted by `tune_eval --quiet --search-depth 8 --pairs` on
/// 3 908 freestyle self-play games at 100 ms (43 155 positions where neither side can make
/// a straight four or a four-three, as the quiescence VCF takes those, each labelled by an
/// 8-ply search): held-out loss 0.63850 against 0.64154 for the line values and bonuses
/// alone and 0.64333 for the forty-seventh session's table, with the labels' entropy at
/// 0.61457 (engine/STRENGTH.md, forty-eighth session). A four or an open three is worth
/// more with a two or a three on another line (B4 with F2: 83 more for the side to move)
/// and less alone (B4 82, where the table had 100). B1 to B2 keep the halfway values: they
/// sit on most empty points near stones, so a difference of a point or two per line (as
/// between whole evaluation points and the fit) adds up to a shift of 100 or more for the
/// side to move, and tables with the fitted ones lost in self-play. The pairs with a
/// straight four, and a four with a three or a four (wins the quiescence VCF sees), were
/// not fitted.
static FREESTYLE: EvalTables = with_pairs(
    with_lines(
        with_class(FREESTYLE_HALFWAY, Class::ThreeThree, 373, 73),
        Pattern::F2,
        [11, 20, 56, 82],
        [9, 19, 39, 83],
    ),
    &[
        (Pattern::B3, Pattern::B1, -1, 1),
        (Pattern::B3, Pattern::F1, -2, -2),
        (Pattern::B3, Pattern::B2, 3, 1),
        (Pattern::B3, Pattern::F2, 18, -4),
        (Pattern::B3, Pattern::B3, 20, -3),
        (Pattern::F3, Pattern::B1, -5, -7),
        (Pattern::F3, Pattern::F1, -1, 5),
        (Pattern::F3, Pattern::B2, 13, 11),
        (Pattern::F3, Pattern::F2, 50, -2),
        (Pattern::F3, Pattern::B3, 73, 3),
        (Pattern::F3, Pattern::F3, -41, -135),
        (Pattern::B4, Pattern::B1, 7, -1),
        (Pattern::B4, Pattern::F1, 7, 4),
        (Pattern::B4, Pattern::B2, 23, 19),
        (Pattern::B4, Pattern::F2, 83, 36),
        (Pattern::B4, Pattern::B3, 68, 44),
    ],
);

/// `t` with the line values of `first` and the patterns after it in [`Pattern::ALL`] set to
/// `attack` and `defence` evaluation points.
const fn with_lines<const N: usize>(
    t: EvalTables,
    first: Pattern,
    attack: [i32; N],
    defence: [i32; N],
) -> EvalTables {
    let mut t = t;
    let mut i = 0;
    while i < N {
        t.lines[Pattern::ALL[first as usize + i] as usize] = pack(8 * attack[i], 8 * defence[i]);
        i += 1;
    }
    t
}

/// `t` with pair values (`pairs`: two patterns, attack and defence evaluation points).
const fn with_pairs(t: EvalTables, pairs: &[(Pattern, Pattern, i32, i32)]) -> EvalTables {
    let mut t = t;
    let mut i = 0;
    while i < pairs.len() {
        let (a, b, attack, defence) = pairs[i];
        // The position skips the pair updates at points without one of these.
        assert!(
            a as u8 >= Pattern::B3 as u8 || b as u8 >= Pattern::B3 as u8,
            "a pair needs a closed three or more"
        );
        let v = pack(8 * attack, 8 * defence);
        t.pairs[a as usize * 16 + b as usize] = v;
        t.pairs[b as usize * 16 + a as usize] = v;
        i += 1;
    }
    t
}

/// `t` with class `c`'s bonus set to `attack` and `defence` evaluation points.
const fn with_class(t: EvalTables, c: Class, attack: i32, defence: i32) -> EvalTables {
    let mut t = t;
    t.classes[c as usize] = pack(8 * attack, 8 * defence);
    t
}

/// [`evaluate`] with black's values (its attack sum when black is to move, its defence sum
/// otherwise) weighed at `black_pct` percent: the `black_eval` knob. Under Renju, self-play
/// positions Tengen scores +120 to +260 for black at plies 10 to 30 are won by black half
/// the time; the knob tried whether black's shapes are overvalued, but the fitted
/// overrating is nearly a constant and 85 did not pay (engine/STRENGTH.md, thirty-sixth
/// session).
#[must_use]
pub fn evaluate_weighted(pos: &Position, black_pct: i32) -> Score {
    let us = pos.side();
    let (mut ours, mut theirs) = (
        i64::from(pos.attack(us)),
        i64::from(pos.defence(us.opponent())),
    );
    if black_pct != 100 {
        let black = if us == Color::Black {
            &mut ours
        } else {
            &mut theirs
        };
        *black = *black * i64::from(black_pct) / 100;
    }
    let raw = (ours - theirs) / 8;
    raw.clamp(i64::from(-EVAL_LIMIT), i64::from(EVAL_LIMIT)) as Score
}

/// The attack and defence tables of `rule`.
#[must_use]
pub(crate) fn eval_tables(rule: Rule) -> &'static EvalTables {
    match rule {
        Rule::Renju => &RENJU,
        _ => &FREESTYLE,
    }
}

/// The static score of a game board for its side to move.
#[must_use]
pub fn evaluate_board(board: &tengen_rules::Board) -> Score {
    evaluate(&Position::from_board(board))
}

/// The static score from `color`'s point of view, whoever is to move.
#[must_use]
pub fn evaluate_for(pos: &Position, color: Color) -> Score {
    if pos.side() == color {
        evaluate(pos)
    } else {
        -evaluate(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stronger_shapes_are_worth_more() {
        for renju in [false, true] {
            let v = |p: Pattern, c: Class| {
                point_value(&[p, Pattern::Dead, Pattern::Dead, Pattern::Dead], c, renju)
            };
            assert!(v(Pattern::F5, Class::Five) > v(Pattern::F4, Class::Flex4));
            assert!(v(Pattern::F4, Class::Flex4) > v(Pattern::B4, Class::Four));
            assert!(v(Pattern::B4, Class::Four) > v(Pattern::F3, Class::Three));
            assert!(v(Pattern::F3, Class::Three) > v(Pattern::F2, Class::Plain));
            assert_eq!(v(Pattern::Overline, Class::Forbidden), 0);
        }
    }

    #[test]
    fn packed_sums_unpack_to_the_sums() {
        let pairs = [(5, -3), (-1118, 313), (-7, -9), (6845, -118), (0, 0)];
        let (mut a, mut d, mut packed) = (0, 0, 0i64);
        for _ in 0..1000 {
            for &(x, y) in &pairs {
                assert_eq!(unpack(pack(x, y)), (x, y));
                (a, d, packed) = (a + x, d + y, packed + pack(x, y));
                assert_eq!(unpack(packed), (a, d));
            }
        }
        for &(x, y) in &pairs {
            packed -= 1000 * pack(x, y);
        }
        assert_eq!(unpack(packed), (0, 0));
    }

    /// Sum of a side's per-point values from its patterns, computed from scratch.
    fn sum_from_scratch(
        pos: &Position,
        color: Color,
        value: impl Fn(&[Pattern; 4], Class) -> i32,
    ) -> i32 {
        pos.board_cells()
            .iter()
            .filter(|&&c| pos.is_empty(c))
            .map(|&c| {
                let pats = [0, 1, 2, 3].map(|d| pos.pattern(color, c, d));
                let class = pos.class(color, c);
                if class == Class::Forbidden {
                    0
                } else {
                    value(&pats, class)
                }
            })
            .sum()
    }

    /// A 15x15 position of up to `stones` random stones under `rule` (forbidden points are
    /// refused; a win ends it early).
    fn random_position(rule: Rule, stones: usize, rng: &mut rand::rngs::StdRng) -> Position {
        use rand::seq::SliceRandom;
        let mut board = tengen_rules::Board::new(15, rule);
        let mut points: Vec<_> = board.empty_points().collect();
        points.shuffle(rng);
        for p in points.into_iter().take(stones) {
            if board.outcome().is_some() {
                break;
            }
            let _ = board.play(tengen_rules::Move::Stone(p));
        }
        Position::from_board(&board)
    }

    /// The fitted order's tables, looked up by a point's packed patterns, hold the weighted
    /// sum of the [`order_features`] that `examples/tune_order.rs` fits, computed from the
    /// position's own patterns and class, on random positions: for every empty point that is
    /// not forcing (those are ordered by their bonuses) or forbidden.
    #[test]
    fn fitted_order_tables_are_the_weighted_features() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let value = |w: &[f64], f: [f32; ORDER_FEATURES]| {
            let logit: f64 = f.iter().zip(w).map(|(&x, &w)| f64::from(x) * w).sum();
            (logit * ORDER_SCALE).round().clamp(-1000.0, 1000.0) as i16
        };
        let n = ORDER_FEATURES;
        let mut checked = 0;
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
            let renju = rule == Rule::Renju;
            let (fit, w) = if renju {
                (order_fit(true), &ORDER_WEIGHTS_RENJU)
            } else {
                (order_fit(false), &ORDER_WEIGHTS)
            };
            for stones in [8, 20, 40] {
                for _ in 0..10 {
                    let pos = random_position(rule, stones, &mut rng);
                    for &c in pos.board_cells().iter().filter(|&&c| pos.is_empty(c)) {
                        for (color, table, w) in [
                            (pos.side(), &fit.own, &w[..n]),
                            (pos.side().opponent(), &fit.opp, &w[n..2 * n]),
                        ] {
                            let class = pos.class(color, c);
                            if !matches!(class, Class::Plain | Class::Three) {
                                continue;
                            }
                            let pats = [0, 1, 2, 3].map(|d| pos.pattern(color, c, d));
                            let got = table[pos.packed(color, c) as usize];
                            assert_eq!(got, value(w, order_features(&pats, class)), "{pos:?}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// The fitted order's tables, filled once per multiset of patterns, hold for every
    /// packed word the weighted sum of its features computed directly.
    #[test]
    fn fitted_order_tables_hold_every_word_s_own_value() {
        let combos = crate::pattern::ComboTable::get(false, false);
        let n = ORDER_FEATURES;
        for (renju, w) in [(false, &ORDER_WEIGHTS), (true, &ORDER_WEIGHTS_RENJU)] {
            let fit = order_fit(renju);
            for p in 0..=u16::MAX {
                let pats = [0, 1, 2, 3].map(|d| crate::pattern::packed_dir(p, d));
                let f = order_features(&pats, combos.lookup(p).class);
                for (table, w) in [(&fit.own, &w[..n]), (&fit.opp, &w[n..2 * n])] {
                    let logit: f64 = f.iter().zip(w).map(|(&x, &w)| f64::from(x) * w).sum();
                    let want = (logit * ORDER_SCALE).round().clamp(-1000.0, 1000.0) as i16;
                    assert_eq!(table[p as usize], want, "{p:04x}");
                }
            }
        }
    }

    /// The evaluation kept on play is the attack table's sum for the side to move minus the
    /// defence table's for the other (line values, class bonus and the pairs of each point),
    /// recomputed from scratch on random game positions.
    #[test]
    fn evaluation_is_the_tables_sums() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        for rule in [Rule::Renju, Rule::Freestyle] {
            let t = eval_tables(rule);
            let packed = |pats: &[Pattern; 4], class: Class| {
                let mut pairs = 0;
                for d in 0..4 {
                    for e in d + 1..4 {
                        pairs += t.pairs[pats[d] as usize * 16 + pats[e] as usize];
                    }
                }
                pats.iter().map(|&p| t.lines[p as usize]).sum::<i64>()
                    + t.classes[class as usize]
                    + pairs
            };
            for _ in 0..40 {
                let pos = random_position(rule, 30, &mut rng);
                let us = pos.side();
                let them = us.opponent();
                let attack = |pats: &[Pattern; 4], class| unpack(packed(pats, class)).0;
                let defence = |pats: &[Pattern; 4], class| unpack(packed(pats, class)).1;
                let want = (sum_from_scratch(&pos, us, attack)
                    - sum_from_scratch(&pos, them, defence))
                    / 8;
                assert_eq!(
                    evaluate(&pos),
                    want.clamp(-EVAL_LIMIT, EVAL_LIMIT),
                    "{pos:?}"
                );
            }
        }
    }

    /// The `black_eval` weighting scales black's term only, whichever side is to move, and
    /// at 100 percent is the plain evaluation.
    #[test]
    fn weighting_scales_black_s_term_only() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let mut seen = [false; 2];
        for rule in [Rule::Renju, Rule::Freestyle] {
            for stones in [9, 10, 25, 26] {
                let pos = random_position(rule, stones, &mut rng);
                let us = pos.side();
                let ours = i64::from(pos.attack(us));
                let theirs = i64::from(pos.defence(us.opponent()));
                assert_eq!(evaluate_weighted(&pos, 100), evaluate(&pos));
                for pct in [0, 50, 85, 120] {
                    let (o, t) = if us == Color::Black {
                        (ours * pct / 100, theirs)
                    } else {
                        (ours, theirs * pct / 100)
                    };
                    let limit = i64::from(EVAL_LIMIT);
                    let want = ((o - t) / 8).clamp(-limit, limit);
                    assert_eq!(i64::from(evaluate_weighted(&pos, pct as i32)), want);
                }
                // Black's term is not zero here, so the weighting changed something.
                if us == Color::Black && ours != 0 || us == Color::White && theirs != 0 {
                    assert_ne!(evaluate_weighted(&pos, 50), evaluate(&pos));
                }
                seen[us as usize] = true;
            }
        }
        assert_eq!(seen, [true, true], "both sides to move were tried");
    }

    /// Renju's tables are the mean of the fitted one table (7/8 and 5/8) and the hand-set
    /// values (6/8 and 5/8), entry by entry.
    #[test]
    fn renju_tables_are_halfway_between_fitted_and_hand_set() {
        let t = eval_tables(Rule::Renju);
        for p in Pattern::ALL {
            let (fit, hand) = (pattern_value(p), hand_pattern_value(p));
            let want = ((7 * fit + 6 * hand) / 2, (5 * fit + 5 * hand) / 2);
            assert_eq!(unpack(t.lines[p as usize]), want, "{p:?}");
        }
        for c in [
            Class::ThreeThree,
            Class::FourThree,
            Class::FourFour,
            Class::Five,
        ] {
            let (fit, hand) = (class_bonus(c), hand_class_bonus(c));
            let want = ((7 * fit + 6 * hand) / 2, (5 * fit + 5 * hand) / 2);
            assert_eq!(unpack(t.classes[c as usize]), want, "{c:?}");
        }
    }

    /// The freestyle tables value the side to move's threats above the same threats of the
    /// opponent: the lines from an open two up, except a lone four (82 against 83 in the
    /// fit), and a four with a two or a three on another line.
    #[test]
    fn the_side_to_move_threats_weigh_more_under_freestyle() {
        let t = eval_tables(Rule::Freestyle);
        for p in [Pattern::F2, Pattern::B3, Pattern::F3, Pattern::F4] {
            let (attack, defence) = unpack(t.lines[p as usize]);
            assert!(attack > defence, "{p:?}: {attack} vs {defence}");
        }
        for other in [Pattern::B2, Pattern::F2, Pattern::B3] {
            let v = t.lines[Pattern::B4 as usize]
                + t.lines[other as usize]
                + t.pairs[Pattern::B4 as usize * 16 + other as usize];
            let (attack, defence) = unpack(v);
            assert!(attack > defence, "B4 with {other:?}: {attack} vs {defence}");
        }
    }
}
