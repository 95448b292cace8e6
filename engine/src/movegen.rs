//! Staged move generation. Before any move is tried the node is classified by its threats
//! ([`Threat`]): a win now, a forced block of the opponent's five, a forced win by a straight
//! four, a defence against the opponent's open three (defences and own fours only), or a
//! quiet node (every point near a stone, ordered by what it makes for both sides).

use tengen_rules::Color;

use crate::eval::OrderFit;
use crate::pattern::{Class, Forbid};
use crate::position::{Cell, Position, STRIDE};

/// What the side to move faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threat {
    /// The side to move makes five on this point.
    WinNow(Cell),
    /// The opponent has a five point the side to move cannot (legally) block, or two of them.
    /// The point is a block of one of them (still a legal move), if any.
    Lost(Option<Cell>),
    /// The opponent makes five on this point next move: it is the only move.
    MustBlock(Cell),
    /// The side to move makes a straight four or a double four here and wins in three plies.
    WinIn3(Cell),
    /// The opponent threatens a straight four (an open three): only defences and own fours.
    Defend,
    /// Nothing forcing.
    Quiet,
}

/// Classify the node for the side to move. `buf` is scratch space.
pub fn threat(pos: &mut Position, buf: &mut Vec<Cell>) -> Threat {
    let us = pos.side();
    let them = us.opponent();
    if pos.count(us, Class::Five) > 0 {
        pos.points_of_class(us, Class::Five, buf);
        if let Some(&c) = buf.iter().find(|&&c| pos.class(us, c) == Class::Five) {
            return Threat::WinNow(c);
        }
    }
    if pos.count(them, Class::Five) > 0 {
        pos.points_of_class(them, Class::Five, buf);
        let fives: Vec<Cell> = buf
            .iter()
            .copied()
            .filter(|&c| pos.class(them, c) == Class::Five)
            .collect();
        let block = fives.iter().copied().find(|&c| pos.is_legal_for(us, c));
        return match (fives.len(), block) {
            (1, Some(c)) => Threat::MustBlock(c),
            (_, b) => Threat::Lost(b),
        };
    }
    if pos.count(us, Class::Flex4) + pos.count(us, Class::FourFour) > 0 {
        pos.points_of_class(us, Class::FourFour, buf);
        for &c in buf.iter() {
            if pos.class(us, c).wins_by_force() && pos.is_legal_for(us, c) {
                return Threat::WinIn3(c);
            }
        }
    }
    if opponent_threatens_four(pos, them, buf) {
        return Threat::Defend;
    }
    Threat::Quiet
}

/// Whether `them` has a legal point that makes a straight four or a double four.
pub fn opponent_threatens_four(pos: &mut Position, them: Color, buf: &mut Vec<Cell>) -> bool {
    if pos.count(them, Class::Flex4) + pos.count(them, Class::FourFour) == 0 {
        return false;
    }
    pos.points_of_class(them, Class::FourFour, buf);
    for &c in buf.iter() {
        if pos.class(them, c).wins_by_force() && pos.is_legal_for(them, c) {
            return true;
        }
    }
    false
}

/// Whether `color` would make a four (or better) in some direction on `c`.
#[inline]
fn four_point(pos: &Position, color: Color, c: Cell) -> bool {
    (0..4).any(|d| pos.pattern(color, c, d).is_four())
}

/// Moves against an open-three threat: every point where the opponent would make a four
/// (that covers the three's ends and gaps), plus every own four. Legal moves only.
pub fn defences(pos: &mut Position, out: &mut Vec<Cell>) {
    let us = pos.side();
    let them = us.opponent();
    // Every point where either side makes a four has a class of at least a three for that
    // side, so the threat sets hold all candidates (in board order, like `near_points`).
    pos.threat_points(out);
    let mut keep = 0;
    for i in 0..out.len() {
        let c = out[i];
        if pos.is_near(c)
            && (four_point(pos, them, c) || pos.class(us, c).makes_four())
            && pos.is_legal_for(us, c)
        {
            out[keep] = c;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Own moves that make a four (legal ones), for threat searches.
pub fn fours(pos: &mut Position, color: Color, out: &mut Vec<Cell>) {
    pos.points_of_class(color, Class::Four, out);
    let mut keep = 0;
    for i in 0..out.len() {
        let c = out[i];
        if pos.class(color, c).makes_four() && pos.is_legal_for(color, c) {
            out[keep] = c;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Every legal point near a stone (on an empty board: the centre).
pub fn quiet(pos: &mut Position, out: &mut Vec<Cell>) {
    let us = pos.side();
    pos.near_points(out);
    if out.is_empty() && pos.stones() == 0 {
        let centre = tengen_rules::Pos::new(pos.width() / 2, pos.height() / 2);
        out.push(Position::cell_at(centre));
        return;
    }
    if us == Color::Black && pos.rule() == tengen_rules::Rule::Renju {
        let mut keep = 0;
        for i in 0..out.len() {
            let c = out[i];
            let f = pos.combo(us, c).forbid;
            if f == Forbid::No || !pos.is_forbidden(c) {
                out[keep] = c;
                keep += 1;
            }
        }
        out.truncate(keep);
    }
}

/// The least [`order_score`] of a forcing point: one where the side to move makes a four, or
/// takes the opponent's double three, four-three or better (their class bonuses are at
/// least this; killers, history and the point values of other points stay below it).
pub const FOUR_ORDER: i32 = 3_000;

/// Ordering score of `c` for the side to move: what it makes for us and what it takes from
/// the opponent, then killers and `history` (the caller's scaled history bonus).
#[must_use]
pub fn order_score(pos: &Position, c: Cell, killers: [Cell; 2], history: i32) -> i32 {
    let us = pos.side();
    let mine = pos.combo(us, c);
    let theirs = pos.combo(us.opponent(), c);
    mine.value * 5 / 4
        + theirs.value
        + forcing_bonus(mine.class, theirs.class)
        + killer_bonus(c, killers)
        + history
}

/// The ordering bonus of a point by the classes it makes for the side to move (`mine`) and
/// takes from the opponent (`theirs`).
#[inline]
fn forcing_bonus(mine: Class, theirs: Class) -> i32 {
    let own = match mine {
        Class::Five => 1_000_000,
        Class::Flex4 | Class::FourFour => 200_000,
        Class::FourThree => 50_000,
        Class::ThreeThree => 8_000,
        Class::Four => FOUR_ORDER,
        _ => 0,
    };
    own + match theirs {
        Class::Five => 500_000,
        Class::Flex4 | Class::FourFour => 20_000,
        Class::FourThree => 10_000,
        Class::ThreeThree => 4_000,
        _ => 0,
    }
}

#[inline]
fn killer_bonus(c: Cell, killers: [Cell; 2]) -> i32 {
    if c == killers[0] {
        300
    } else if c == killers[1] {
        200
    } else {
        0
    }
}

/// Where `c` lies relative to `recent`, the last (up to) four stones, oldest first: 0 within
/// four lines (king steps) of one of the last two, 1 only of the two before them, 2 of none.
#[inline]
#[must_use]
pub fn distance_class(recent: &[Cell], c: Cell) -> usize {
    let near = |m: &Cell| {
        let (a, b) = (usize::from(c), usize::from(*m));
        let dx = (a % STRIDE).abs_diff(b % STRIDE);
        let dy = (a / STRIDE).abs_diff(b / STRIDE);
        dx.max(dy) <= 4
    };
    let split = recent.len().saturating_sub(2);
    if recent[split..].iter().any(near) {
        0
    } else if recent[..split].iter().any(near) {
        1
    } else {
        2
    }
}

/// Ordering score of `c` from the fitted order values `fit` (the rule's
/// [`crate::eval::order_fit`]: what a stone there makes for the side to move and for the
/// opponent, and its distance from `recent`, the last up to four stones), plus the forcing
/// bonuses, killers and `history` as in [`order_score`]. Used instead of [`order_score`] with
/// [`scale_by_distance`].
#[must_use]
pub fn fitted_order_score(
    pos: &Position,
    fit: &OrderFit,
    c: Cell,
    recent: &[Cell],
    killers: [Cell; 2],
    history: i32,
) -> i32 {
    let us = pos.side();
    let own = fit.own[pos.packed(us, c) as usize];
    let opp = fit.opp[pos.packed(us.opponent(), c) as usize];
    let (mine, theirs) = (pos.class(us, c), pos.class(us.opponent(), c));
    i32::from(own)
        + i32::from(opp)
        + fit.distance[distance_class(recent, c)]
        + forcing_bonus(mine, theirs)
        + killer_bonus(c, killers)
        + history
}

/// A point's ordering score `s` (at a quiet node or among the defences against an open
/// three) scaled by its distance from `recent`, the last (up to) four stones, oldest first:
/// kept if the point is within four lines (king steps) of one of the last two, halved if
/// only of the two before them, quartered if of none. The game is fought where the last
/// stones went; a point elsewhere with the same patterns matters less.
/// Forcing points (`s >= FOUR_ORDER`) and non-positive scores are left alone.
#[must_use]
pub fn scale_by_distance(recent: &[Cell], c: Cell, s: i32) -> i32 {
    if s <= 0 || s >= FOUR_ORDER {
        return s;
    }
    match distance_class(recent, c) {
        0 => s,
        1 => s / 2,
        _ => s / 4,
    }
}

/// Own moves that make an open three (and no four), legal ones: the quiet threats of a VCT.
pub fn threes(pos: &mut Position, color: Color, out: &mut Vec<Cell>) {
    pos.points_of_class(color, Class::Three, out);
    let mut keep = 0;
    for i in 0..out.len() {
        let c = out[i];
        let k = pos.class(color, c);
        if matches!(k, Class::Three | Class::ThreeThree) && pos.is_legal_for(color, c) {
            out[keep] = c;
            keep += 1;
        }
    }
    out.truncate(keep);
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::Pos;

    fn at(x: u8, y: u8) -> Cell {
        Position::cell_at(Pos::new(x, y))
    }

    /// The search treats scores from [`FOUR_ORDER`] on as forcing (never reduced, first in
    /// the order): the fitted values of a non-forcing point, with a killer's bonus and the
    /// largest history bonus (history scores reach 2^14, divided by 64 at least), stay
    /// below it.
    #[test]
    fn fitted_order_values_of_quiet_points_stay_below_the_forcing_ones() {
        for renju in [false, true] {
            let fit = crate::eval::order_fit(renju);
            let max = |t: &[i16]| i32::from(*t.iter().max().unwrap());
            let top = max(&fit.own) + max(&fit.opp) + fit.distance.iter().max().unwrap();
            assert!(top + 300 + (1 << 14) / 64 < FOUR_ORDER, "{top}");
            assert!(
                fit.own.iter().any(|&v| v != 0),
                "the fitted values are all zero"
            );
        }
    }

    #[test]
    fn far_points_are_scaled_down_by_their_distance_from_the_last_stones() {
        // Oldest first: two stones in the top-left corner, then two in the bottom-right.
        let recent = [at(0, 0), at(1, 0), at(14, 14), at(13, 14)];
        assert_eq!(scale_by_distance(&recent, at(10, 10), 100), 100);
        assert_eq!(scale_by_distance(&recent, at(9, 10), 100), 100);
        assert_eq!(scale_by_distance(&recent, at(8, 10), 100), 25);
        assert_eq!(scale_by_distance(&recent, at(5, 3), 100), 50);
        assert_eq!(scale_by_distance(&recent, at(4, 4), 100), 50);
        assert_eq!(scale_by_distance(&recent, at(7, 7), 100), 25);
        // Forcing and worthless points keep their score.
        assert_eq!(scale_by_distance(&recent, at(7, 7), FOUR_ORDER), FOUR_ORDER);
        assert_eq!(scale_by_distance(&recent, at(7, 7), 0), 0);
        // Fewer than four stones: the last two count as the near ones.
        assert_eq!(scale_by_distance(&[at(0, 0)], at(4, 3), 100), 100);
        assert_eq!(scale_by_distance(&[at(0, 0)], at(5, 0), 100), 25);
        assert_eq!(scale_by_distance(&[], at(5, 0), 100), 25);
    }
}
