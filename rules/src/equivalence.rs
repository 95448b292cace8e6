//! Whether two fifth-move alternatives are equivalent (spec §7.2, 位置不同形).

use crate::{Color, Pos, Symmetry};

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
