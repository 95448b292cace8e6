//! Staged move generation. Before any move is tried the node is classified by its threats
//! ([`Threat`]): a win now, a forced block of the opponent's five, a forced win by a straight
//! four, a defence against the opponent's open three (defences and own fours only), or a
//! quiet node (every point near a stone, ordered by what it makes for both sides).

use tengen_rules::{Color, Rule};

use crate::eval::OrderFit;
use crate::pattern::{packed_dir, Class, Forbid, Packed, Pattern};
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

/// Classify the node for the side to move.
pub fn threat(pos: &mut Position) -> Threat {
    let us = pos.side();
    let them = us.opponent();
    if pos.count(us, Class::Five) > 0 {
        let mut walk = pos.class_points(us, Class::Five);
        while let Some(c) = pos.next_class_point(&mut walk) {
            if pos.class(us, c) == Class::Five {
                return Threat::WinNow(c);
            }
        }
    }
    let fives = pos.count(them, Class::Five);
    if fives > 0 {
        // The first of the opponent's five points (board order) that we may block.
        let mut walk = pos.class_points(them, Class::Five);
        let mut block = None;
        while let Some(c) = pos.next_class_point(&mut walk) {
            if pos.class(them, c) == Class::Five && pos.is_legal_for(us, c) {
                block = Some(c);
                break;
            }
        }
        return match (fives, block) {
            (1, Some(c)) => Threat::MustBlock(c),
            (_, b) => Threat::Lost(b),
        };
    }
    if pos.count(us, Class::Flex4) + pos.count(us, Class::FourFour) > 0 {
        if let Some(c) = first_winning_four(pos, us) {
            return Threat::WinIn3(c);
        }
    }
    if opponent_threatens_four(pos, them) {
        return Threat::Defend;
    }
    Threat::Quiet
}

/// The first legal point (in board order) where `color` makes a straight four or a double
/// four.
fn first_winning_four(pos: &mut Position, color: Color) -> Option<Cell> {
    let mut walk = pos.class_points(color, Class::FourFour);
    while let Some(c) = pos.next_class_point(&mut walk) {
        if pos.class(color, c).wins_by_force() && pos.is_legal_for(color, c) {
            return Some(c);
        }
    }
    None
}

/// Whether `them` has a legal point that makes a straight four or a double four.
pub fn opponent_threatens_four(pos: &mut Position, them: Color) -> bool {
    if pos.count(them, Class::Flex4) + pos.count(them, Class::FourFour) == 0 {
        return false;
    }
    // Such a point is empty, so legal, unless Renju black may not play it (forbidden).
    if them == Color::White || pos.rule() != Rule::Renju {
        return true;
    }
    first_winning_four(pos, them).is_some()
}

/// Whether some direction of packed line patterns `p` is a four (or better):
/// [`crate::pattern::Pattern::is_four`] of each nibble at once. The fours are the patterns
/// 8, 9 and 10 (`0b10xx` but not `0b1011`); the numbers from 12 up (`0b11xx`), which no
/// point has, are `Dead` and not fours.
#[inline]
fn makes_line_four(p: Packed) -> bool {
    let p = u32::from(p);
    p >> 3 & !(p >> 2) & !(p & p >> 1) & 0x1111 != 0
}

/// [`Class::makes_four`] of a class number (see [`Class::from_u8`]).
#[inline]
fn class_makes_four(class: usize) -> bool {
    const FOURS: u32 = 1 << Class::Four as u32
        | 1 << Class::FourThree as u32
        | 1 << Class::FourFour as u32
        | 1 << Class::Flex4 as u32;
    FOURS >> (class & 15) & 1 != 0
}

/// Moves against an open-three threat: every point where the opponent would make a four
/// (that covers the three's ends and gaps), plus every own four. Legal moves only.
pub fn defences(pos: &mut Position, out: &mut Vec<Cell>) {
    let us = pos.side();
    // Every point where either side makes a four has a class of at least a three for that
    // side, so the threat sets hold all candidates (in board order, like `near_points`).
    pos.threat_points(out);
    let mut keep = 0;
    for i in 0..out.len() {
        let c = out[i];
        let ([_, theirs], [mine, _]) = pos.sides(c);
        if pos.is_near(c)
            && (makes_line_four(theirs) || class_makes_four(mine))
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
    forcing_own(mine) + forcing_theirs(theirs)
}

/// [`forcing_bonus`]'s part for the class the side to move makes.
const fn forcing_own(mine: Class) -> i32 {
    match mine {
        Class::Five => 1_000_000,
        Class::Flex4 | Class::FourFour => 200_000,
        Class::FourThree => 50_000,
        Class::ThreeThree => 8_000,
        Class::Four => FOUR_ORDER,
        _ => 0,
    }
}

/// [`forcing_bonus`]'s part for the class it takes from the opponent.
const fn forcing_theirs(theirs: Class) -> i32 {
    match theirs {
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

/// The number of king steps between two cells (the larger of the row and column gaps).
#[inline]
fn king_distance(a: Cell, b: Cell) -> usize {
    let (a, b) = (usize::from(a), usize::from(b));
    (a % STRIDE)
        .abs_diff(b % STRIDE)
        .max((a / STRIDE).abs_diff(b / STRIDE))
}

/// Where `c` lies relative to `recent`, the last (up to) four stones, oldest first: 0 within
/// four lines (king steps) of one of the last two, 1 only of the two before them, 2 of none.
#[inline]
#[must_use]
pub fn distance_class(recent: &[Cell], c: Cell) -> usize {
    let near = |m: &Cell| king_distance(c, *m) <= 4;
    let split = recent.len().saturating_sub(2);
    if recent[split..].iter().any(near) {
        0
    } else if recent[..split].iter().any(near) {
        1
    } else {
        2
    }
}

/// Extra plies of reduction for defence `c` against an open three (side to move's view): 0
/// if it blocks (the opponent would make a four there); else 2 if it is more than four lines
/// (king steps) from the last stone, the opponent's, plus 1 if it is as far from the
/// stone before, the side to move's own last (Rapfi's measure of a distracting move).
#[must_use]
pub fn distraction(pos: &Position, c: Cell) -> i32 {
    let ([_, theirs], _) = pos.sides(c);
    if makes_line_four(theirs) {
        return 0;
    }
    let mut last = pos.history().iter().rev();
    let mut far = || i32::from(last.next().is_some_and(|&m| king_distance(c, m) > 4));
    2 * far() + far()
}

/// Whether point `c` is *trivial*: on none of its four lines would either player get more
/// than a blocked two ([`Pattern::B2`]), so a stone there makes no open two or closed
/// three and blocks none (`trivial_prune_depth`, after Rapfi's pruning of such moves at
/// shallow depth).
#[must_use]
pub fn trivial(pos: &Position, c: Cell) -> bool {
    let ([mine, theirs], _) = pos.sides(c);
    (0..4).all(|d| {
        packed_dir(mine, d) as u8 <= Pattern::B2 as u8
            && packed_dir(theirs, d) as u8 <= Pattern::B2 as u8
    })
}

/// Whether the opponent of the side to move has a point where it would make a four.
#[must_use]
pub fn opponent_has_four_point(pos: &Position) -> bool {
    let them = pos.side().opponent();
    Class::FOURS.iter().any(|&k| pos.count(them, k) > 0)
}

/// Extra plies of reduction for quiet move `c` (side to move's view) where the opponent
/// has a four point (`lmr_oppo_four`): 0 if `c` is one of them (it takes that four away);
/// else `base`, plus 1 if `c` is more than four lines (king steps) from both last stones
/// (a reading of Rapfi's reduction of useless defences that takes its condition as "the
/// opponent can make a four"; Rapfi's own is [`distraction`]'s node, a four or open three
/// to answer).
#[must_use]
pub fn ignores_four(pos: &Position, c: Cell, base: i32) -> i32 {
    let (_, [_, theirs]) = pos.sides(c);
    if class_makes_four(theirs) {
        return 0;
    }
    let history = pos.history();
    let far = history.len() >= 2 && distance_class(&history[history.len() - 2..], c) == 2;
    base + i32::from(far)
}

/// Whether point `c` gives the side to move a *plain* four: a four with no three beside it
/// that takes nothing forcing from the opponent (`lmr_four`).
#[must_use]
pub fn plain_four(pos: &Position, c: Cell) -> bool {
    let (_, [mine, theirs]) = pos.sides(c);
    mine == Class::Four as usize && FORCING_THEIRS[theirs & 15] == 0
}

/// Under Renju with white to move: takes the forcing bonus for black's double three off
/// the scores of `moves` on black's double-three points that are forbidden, where black may
/// not play, so there is no threat to take (`order_forbidden`).
pub fn unforce_forbidden_double_threes(pos: &mut Position, moves: &mut [(Cell, i32)]) {
    if pos.rule() != Rule::Renju
        || pos.side() != Color::White
        || pos.count(Color::Black, Class::ThreeThree) == 0
    {
        return;
    }
    for (c, s) in moves.iter_mut() {
        if *s >= FOUR_ORDER
            && pos.class(Color::Black, *c) == Class::ThreeThree
            && pos.is_forbidden(*c)
        {
            *s -= forcing_theirs(Class::ThreeThree);
        }
    }
}

/// Whether point `c` continues the side to move's attack whose last stone is `before`: it
/// makes an open three (or better), or, within four lines (king steps) of `before`, at
/// least two lines that are each an open two or a closed three (Rapfi's measure).
#[must_use]
pub fn continues_attack(pos: &Position, c: Cell, before: Cell) -> bool {
    let ([mine, _], [class, _]) = pos.sides(c);
    let class = Class::from_u8(class as u8);
    if class >= Class::Three && class != Class::Forbidden {
        return true;
    }
    let twos = (0..4)
        .filter(|&d| matches!(packed_dir(mine, d), Pattern::F2 | Pattern::B3))
        .count();
    twos >= 2 && king_distance(c, before) <= 4
}

/// [`forcing_bonus`] per class number (see [`Class::from_u8`]) of the side to move's class
/// and of the opponent's, summed (the numbers above [`Class::Forbidden`] are `Plain`'s).
const FORCING_MINE: [i32; 16] = forcing_table(true);
const FORCING_THEIRS: [i32; 16] = forcing_table(false);

const fn forcing_table(mine: bool) -> [i32; 16] {
    let mut t = [0; 16];
    let mut i = 0;
    while i < 16 {
        let c = Class::from_u8(i as u8);
        t[i] = if mine {
            forcing_own(c)
        } else {
            forcing_theirs(c)
        };
        i += 1;
    }
    t
}

/// The fitted move order of one node: a point's score is what the fitted order values (the
/// rule's [`crate::eval::order_fit`]) give what a stone there makes for the side to move and
/// for the opponent, plus its distance class from the last up to four stones, the forcing
/// bonuses, killers and history as in [`order_score`]. Used instead of [`order_score`] with
/// [`scale_by_distance`]. Whatever does not depend on the point is worked out once per node:
/// the distance test is a box test per recent stone.
#[derive(Debug, Clone, Copy)]
pub struct FittedOrder<'a> {
    own: &'a [i16; 1 << 16],
    opp: &'a [i16; 1 << 16],
    distance: [i32; 3],
    /// Per recent stone, the least column and row within four lines of it (wrapping; a
    /// point is near if its column and row exceed these by at most 8): the last two stones
    /// first, then the two before them. A missing stone's box is never hit.
    boxes: [(u32, u32); 4],
    killers: [Cell; 2],
}

/// A box that no point hits (see [`FittedOrder::boxes`]).
const NO_BOX: (u32, u32) = (1 << 20, 1 << 20);

impl<'a> FittedOrder<'a> {
    /// The order of a node whose last (up to) four stones are `recent` (oldest first).
    #[must_use]
    pub fn new(fit: &'a OrderFit, recent: &[Cell], killers: [Cell; 2]) -> FittedOrder<'a> {
        let stone_box = |c: &Cell| {
            let c = u32::from(*c);
            (
                (c % STRIDE as u32).wrapping_sub(4),
                (c / STRIDE as u32).wrapping_sub(4),
            )
        };
        let split = recent.len().saturating_sub(2);
        let mut boxes = [NO_BOX; 4];
        for (slot, c) in boxes[..2].iter_mut().zip(&recent[split..]) {
            *slot = stone_box(c);
        }
        for (slot, c) in boxes[2..].iter_mut().zip(&recent[..split]) {
            *slot = stone_box(c);
        }
        FittedOrder {
            own: &fit.own,
            opp: &fit.opp,
            distance: fit.distance,
            boxes,
            killers,
        }
    }

    /// [`distance_class`] of `c`.
    #[inline]
    fn distance_class(&self, c: Cell) -> usize {
        let (x, y) = (u32::from(c) % STRIDE as u32, u32::from(c) / STRIDE as u32);
        let hit = |(bx, by): (u32, u32)| x.wrapping_sub(bx) <= 8 && y.wrapping_sub(by) <= 8;
        let b = self.boxes;
        if hit(b[0]) || hit(b[1]) {
            0
        } else if hit(b[2]) || hit(b[3]) {
            1
        } else {
            2
        }
    }

    /// The score of `c` with history bonus `history`.
    #[inline]
    #[must_use]
    pub fn score(&self, pos: &Position, c: Cell, history: i32) -> i32 {
        let ([mine, theirs], [mine_class, their_class]) = pos.sides(c);
        i32::from(self.own[mine as usize])
            + i32::from(self.opp[theirs as usize])
            + self.distance[self.distance_class(c)]
            + FORCING_MINE[mine_class & 15]
            + FORCING_THEIRS[their_class & 15]
            + killer_bonus(c, self.killers)
            + history
    }
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
            let top = max(&fit.own[..]) + max(&fit.opp[..]) + fit.distance.iter().max().unwrap();
            assert!(top + 300 + (1 << 14) / 64 < FOUR_ORDER, "{top}");
            assert!(
                fit.own.iter().any(|&v| v != 0),
                "the fitted values are all zero"
            );
        }
    }

    /// The per-node scorer's box test and bonus tables agree with [`distance_class`] and
    /// [`forcing_bonus`] everywhere.
    #[test]
    fn the_node_scorer_matches_the_point_functions() {
        use rand::{Rng, SeedableRng};
        let fit = crate::eval::order_fit(false);
        let mut rng = rand::rngs::StdRng::seed_from_u64(17);
        for round in 0..400 {
            let n = round % 5;
            let recent: Vec<Cell> = (0..n)
                .map(|_| at(rng.gen_range(0..22), rng.gen_range(0..22)))
                .collect();
            let order = FittedOrder::new(fit, &recent, [crate::tt::NO_MOVE; 2]);
            for c in 0..crate::position::CELLS as Cell {
                assert_eq!(
                    order.distance_class(c),
                    distance_class(&recent, c),
                    "{recent:?} {c}"
                );
            }
        }
        for a in 0..16u8 {
            for b in 0..16u8 {
                assert_eq!(
                    FORCING_MINE[a as usize] + FORCING_THEIRS[b as usize],
                    forcing_bonus(Class::from_u8(a), Class::from_u8(b))
                );
            }
        }
    }

    /// The word-at-once four test agrees with the patterns' own, on every packed word; the
    /// class bit set with the classes'.
    #[test]
    fn four_tests_match_the_pattern_and_class_ones() {
        use crate::pattern::packed_dir;
        for p in 0..=u16::MAX {
            let want = (0..4).any(|d| packed_dir(p, d).is_four());
            assert_eq!(makes_line_four(p), want, "{p:04x}");
        }
        for n in 0..16u8 {
            let k = Class::from_u8(n);
            assert_eq!(class_makes_four(n as usize), k.makes_four());
            assert_eq!(Class::FOURS.contains(&k), k.makes_four(), "{k:?}");
        }
    }

    /// A defence against an open three that blocks it is no distraction; one that does not
    /// counts 2 when far from the last stone and 1 when far from the one before.
    #[test]
    fn distraction_counts_how_far_a_non_blocking_defence_is() {
        let mut pos = Position::new(15, 15, tengen_rules::Rule::Freestyle);
        // Black's open three on row 7, white's three at the left edge of row 10 (closed by
        // the edge); black played last.
        for (x, y) in [(14, 0), (0, 10), (6, 7), (1, 10), (7, 7), (2, 10), (8, 7)] {
            pos.play(at(x, y));
        }
        assert_eq!(distraction(&pos, at(5, 7)), 0, "blocks the three");
        assert_eq!(distraction(&pos, at(9, 7)), 0, "blocks the three");
        assert_eq!(distraction(&pos, at(4, 10)), 0, "near both last stones");
        assert_eq!(distraction(&pos, at(3, 10)), 2, "far from black's last");
        assert_eq!(distraction(&pos, at(12, 12)), 3, "far from both");
    }

    /// An open three continues an attack anywhere; two open twos only near the side's last
    /// stone.
    #[test]
    fn an_attack_continues_with_a_three_or_with_two_twos_nearby() {
        let mut pos = Position::new(15, 15, tengen_rules::Rule::Freestyle);
        // Black: two on row 7, a corner of two split twos near (11, 3), then (2, 12) and
        // last (4, 10). White far off on the bottom row and the right edge. Black to move.
        let black = [(6, 7), (7, 7), (10, 2), (12, 4), (2, 12), (4, 10)];
        let white = [(8, 14), (10, 14), (12, 14), (14, 14), (14, 10), (14, 12)];
        for (b, w) in black.into_iter().zip(white) {
            pos.play(at(b.0, b.1));
            pos.play(at(w.0, w.1));
        }
        let before = at(4, 10);
        assert!(continues_attack(&pos, at(8, 7), before), "an open three");
        assert!(continues_attack(&pos, at(2, 10), before), "two twos, near");
        assert!(!continues_attack(&pos, at(10, 4), before), "two twos, far");
        assert!(
            continues_attack(&pos, at(10, 4), at(12, 4)),
            "the same twos, near"
        );
        assert!(!continues_attack(&pos, at(3, 9), before), "one two");
        assert!(!continues_attack(&pos, at(0, 0), before), "nothing");
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
