//! Whether two fifth-move alternatives are equivalent (spec §7.2, 位置不同形).

use crate::{Board, Color, Forbidden, Move, Pos, Symmetry};

/// Why a set of fifth-move offers is illegal (spec §7.1 step 3).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OfferError {
    /// Fewer or more offers than declared.
    #[error("expected {expected} fifth-move offers, got {got}")]
    Count {
        /// Declared N.
        expected: usize,
        /// Offers received.
        got: usize,
    },
    /// An offer is off the board or occupied.
    #[error("offer {0} is off the board or occupied")]
    Occupied(Pos),
    /// The same point twice.
    #[error("offer {0} is given twice")]
    Duplicate(Pos),
    /// Two offers give congruent positions.
    #[error("offers {0} and {1} are equivalent")]
    Equivalent(Pos, Pos),
    /// An offer is a forbidden point for black.
    #[error("offer {0} is forbidden for black ({1})")]
    Forbidden(Pos, Forbidden),
}

/// Check black's `n` fifth-move offers on `board` (the position after move 4, black to
/// move): each on an empty point, distinct, not forbidden, pairwise non-equivalent under
/// `setting`. The first problem found is returned, in that order of checks per offer.
pub fn check_fifth_offers(
    board: &Board,
    offers: &[Pos],
    n: usize,
    setting: Equivalence,
) -> Result<(), OfferError> {
    if offers.len() != n {
        return Err(OfferError::Count {
            expected: n,
            got: offers.len(),
        });
    }
    let stones: Vec<(Pos, Color)> = board
        .moves()
        .iter()
        .filter_map(|m| match m {
            Move::Stone(p) => board.stone(*p).map(|c| (*p, c)),
            Move::Pass => None,
        })
        .collect();
    for (i, &a) in offers.iter().enumerate() {
        if !board.is_empty_at(a) {
            return Err(OfferError::Occupied(a));
        }
        if offers[..i].contains(&a) {
            return Err(OfferError::Duplicate(a));
        }
        if let Some(f) = board.forbidden(a) {
            return Err(OfferError::Forbidden(a, f));
        }
        if let Some(&b) = offers[..i]
            .iter()
            .find(|&&b| equivalent_fifth(&stones, b, a, setting, board.width()))
        {
            return Err(OfferError::Equivalent(b, a));
        }
    }
    Ok(())
}

/// Which transformations make two fifth moves "the same".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Equivalence {
    /// Congruent shapes: any of the 8 rotations/reflections followed by any translation
    /// (board edges ignored). The default.
    #[default]
    Shape,
    /// Only the 8 symmetries of the board about its centre.
    Board,
}

/// Whether the fifth moves `a` and `b` (black) added to the position `stones` (moves 1-4,
/// colour-labelled) give congruent positions under `setting`. A point is equivalent to itself.
/// `size` is the board side, needed by [`Equivalence::Board`].
#[must_use]
pub fn equivalent_fifth(
    stones: &[(Pos, Color)],
    a: Pos,
    b: Pos,
    setting: Equivalence,
    size: u8,
) -> bool {
    if a == b {
        return true;
    }
    let with = |p: Pos| -> Vec<(i32, i32, Color)> {
        stones
            .iter()
            .copied()
            .chain(std::iter::once((p, Color::Black)))
            .map(|(q, c)| (i32::from(q.x), i32::from(q.y), c))
            .collect()
    };
    let target = canonical(with(b), setting);
    let source = with(a);
    let n = i32::from(size) - 1;
    Symmetry::ALL.iter().any(|&sym| {
        let mapped = source
            .iter()
            .map(|&(x, y, c)| match setting {
                // About the board centre, in doubled coordinates so even sizes work too.
                Equivalence::Board => {
                    let (u, v) = sym.apply_offset(2 * x - n, 2 * y - n);
                    ((u + n) / 2, (v + n) / 2, c)
                }
                Equivalence::Shape => {
                    let (u, v) = sym.apply_offset(x, y);
                    (u, v, c)
                }
            })
            .collect();
        canonical(mapped, setting) == target
    })
}

/// Sorted, and for shapes translated so the smallest black stone sits at the origin.
fn canonical(mut pts: Vec<(i32, i32, Color)>, setting: Equivalence) -> Vec<(i32, i32, Color)> {
    if setting == Equivalence::Shape {
        if let Some(&(ax, ay, _)) = pts.iter().filter(|p| p.2 == Color::Black).min() {
            for p in &mut pts {
                p.0 -= ax;
                p.1 -= ay;
            }
        }
    }
    pts.sort_unstable_by_key(|&(x, y, c)| (x, y, c as u8));
    pts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Pos {
        Pos::parse_notation(s, 15).unwrap()
    }

    #[test]
    fn mirror_images_are_equivalent_in_a_symmetric_position() {
        // H8 black, H9 white, H10 black, H7 white: symmetric about column H.
        let s = [
            (p("H8"), Color::Black),
            (p("H9"), Color::White),
            (p("H10"), Color::Black),
            (p("H7"), Color::White),
        ];
        assert!(equivalent_fifth(
            &s,
            p("G8"),
            p("I8"),
            Equivalence::Shape,
            15
        ));
        assert!(equivalent_fifth(
            &s,
            p("G8"),
            p("I8"),
            Equivalence::Board,
            15
        ));
        assert!(!equivalent_fifth(
            &s,
            p("G8"),
            p("G9"),
            Equivalence::Shape,
            15
        ));
    }

    #[test]
    fn offers_are_checked_for_every_reason() {
        let moves: Vec<Move> = ["H8", "H9", "H10", "H7"]
            .iter()
            .map(|s| Move::Stone(p(s)))
            .collect();
        let b = Board::from_moves(15, 15, crate::Rule::Renju, &moves).unwrap();
        let s = Equivalence::Shape;
        assert_eq!(check_fifth_offers(&b, &[p("G8"), p("J12")], 2, s), Ok(()));
        assert_eq!(
            check_fifth_offers(&b, &[p("G8")], 2, s),
            Err(OfferError::Count {
                expected: 2,
                got: 1
            })
        );
        assert_eq!(
            check_fifth_offers(&b, &[p("G8"), p("H9")], 2, s),
            Err(OfferError::Occupied(p("H9")))
        );
        assert_eq!(
            check_fifth_offers(&b, &[p("G8"), p("G8")], 2, s),
            Err(OfferError::Duplicate(p("G8")))
        );
        assert_eq!(
            check_fifth_offers(&b, &[p("G8"), p("I8")], 2, s),
            Err(OfferError::Equivalent(p("G8"), p("I8")))
        );
    }

    #[test]
    fn a_forbidden_offer_is_refused() {
        // Black H8, J8 on row 8 and I9, I10 on column I (white far away): I8 is a double three.
        let moves: Vec<Move> = ["H8", "A1", "J8", "A3", "I9", "A5", "I10", "A7"]
            .iter()
            .map(|s| Move::Stone(p(s)))
            .collect();
        let b = Board::from_moves(15, 15, crate::Rule::Renju, &moves).unwrap();
        assert_eq!(
            check_fifth_offers(&b, &[p("I8")], 1, Equivalence::Shape),
            Err(OfferError::Forbidden(p("I8"), Forbidden::DoubleThree))
        );
    }

    #[test]
    fn shape_setting_also_sees_translations_the_board_setting_does_not() {
        // Stones placed off-centre and symmetric about column C only (not the board centre).
        let s = [
            (p("C3"), Color::Black),
            (p("C4"), Color::White),
            (p("C5"), Color::Black),
            (p("C2"), Color::White),
        ];
        assert!(equivalent_fifth(
            &s,
            p("B3"),
            p("D3"),
            Equivalence::Shape,
            15
        ));
        assert!(!equivalent_fifth(
            &s,
            p("B3"),
            p("D3"),
            Equivalence::Board,
            15
        ));
    }
}
