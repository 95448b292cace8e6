//! Static evaluation: each empty point is worth what a stone there would make for each side
//! (its four line patterns plus a bonus for combinations); a position is worth the side to
//! move's total minus the opponent's. The per-point values are summed incrementally by
//! [`crate::position::Position`], so evaluating costs two loads.

use tengen_rules::Color;

use crate::pattern::{Class, Pattern};
use crate::position::Position;
use crate::search::Score;

/// The largest magnitude a static evaluation may have (well below any win score).
pub const EVAL_LIMIT: Score = 20_000;

/// The side to move's weight in eighths (the opponent's is 5/8): its threats are a move
/// closer. The search's default (`eval_own`).
pub const EVAL_OWN: i32 = 7;

/// [`pattern_value`] of every pattern number (a table nibble; unused numbers are worth 0).
/// A point's value is the sum of its four lines' plus its class bonus, so a line change that
/// keeps the class changes the value by the difference of these.
pub(crate) const PATTERN_VALUES: [i32; 16] = {
    let mut t = [0; 16];
    let mut i = 0;
    while i < Pattern::ALL.len() {
        t[Pattern::ALL[i] as usize] = pattern_value(Pattern::ALL[i]);
        i += 1;
    }
    t
};

/// [`class_bonus`] of every class number (unused numbers are worth 0). Outside
/// [`Class::Forbidden`] (worth 0), a point's value is its lines' [`PATTERN_VALUES`] plus this.
pub(crate) const CLASS_BONUS: [i32; 16] = {
    let all = [
        Class::Plain,
        Class::Three,
        Class::Four,
        Class::ThreeThree,
        Class::FourThree,
        Class::FourFour,
        Class::Flex4,
        Class::Five,
        Class::Forbidden,
    ];
    let mut t = [0; 16];
    let mut i = 0;
    while i < all.len() {
        t[all[i] as usize] = class_bonus(all[i]);
        i += 1;
    }
    t
};

/// Value of one line pattern for the player who could play there.
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
        // worth 128 at least), which the incremental sums rely on (checked for every
        // pattern combination by pattern.rs's `quiet_pattern_changes_…` test).
        Class::ThreeThree => -120,
        Class::FourThree => 783,
        Class::FourFour | Class::Flex4 => 115,
        Class::Five => 1500,
        Class::Forbidden => 0,
    }
}

/// The value of an empty point for the player whose line patterns are `pats`.
#[must_use]
pub fn point_value(pats: &[Pattern; 4], class: Class) -> i16 {
    if class == Class::Forbidden {
        return 0;
    }
    let sum: i32 = pats.iter().map(|&p| pattern_value(p)).sum::<i32>() + class_bonus(class);
    sum.clamp(0, i32::from(i16::MAX)) as i16
}

/// The static score of `pos` for the side to move.
///
/// The side to move gets a tempo factor: its threats are one move closer than the
/// opponent's.
#[must_use]
pub fn evaluate(pos: &Position) -> Score {
    evaluate_with(pos, EVAL_OWN)
}

/// [`evaluate`] with the side to move's values weighted `own`/8 (the opponent's weigh 5/8).
#[must_use]
pub fn evaluate_with(pos: &Position, own: i32) -> Score {
    let us = pos.side();
    let them = us.opponent();
    let mine = pos.value(us);
    let theirs = pos.value(them);
    let raw = (mine * own - theirs * 5) / 8;
    raw.clamp(-EVAL_LIMIT, EVAL_LIMIT)
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
        let v = |p: Pattern, c: Class| {
            point_value(&[p, Pattern::Dead, Pattern::Dead, Pattern::Dead], c)
        };
        assert!(v(Pattern::F5, Class::Five) > v(Pattern::F4, Class::Flex4));
        assert!(v(Pattern::F4, Class::Flex4) > v(Pattern::B4, Class::Four));
        assert!(v(Pattern::B4, Class::Four) > v(Pattern::F3, Class::Three));
        assert!(v(Pattern::F3, Class::Three) > v(Pattern::F2, Class::Plain));
        assert_eq!(v(Pattern::Overline, Class::Forbidden), 0);
    }
}
