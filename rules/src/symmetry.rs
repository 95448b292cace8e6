//! The eight symmetries of the square (the dihedral group D4).

use crate::Pos;

/// One of the eight rotations and reflections of a square board about its centre.
/// As offset maps (protocol coordinates, y down) they are the eight signed permutations
/// of `(dx, dy)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// `(x, y)`
    Identity,
    /// `(-y, x)`: a quarter turn.
    Rotate90,
    /// `(-x, -y)`: a half turn.
    Rotate180,
    /// `(y, -x)`: three quarter turns.
    Rotate270,
    /// `(-x, y)`: mirror left-right.
    FlipX,
    /// `(x, -y)`: mirror top-bottom.
    FlipY,
    /// `(y, x)`: mirror in the main diagonal.
    Transpose,
    /// `(-y, -x)`: mirror in the anti-diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipX,
        Symmetry::FlipY,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Apply to an offset (a vector from the centre, or between two points).
    #[inline]
    #[must_use]
    pub const fn apply_offset(self, dx: i32, dy: i32) -> (i32, i32) {
        match self {
            Symmetry::Identity => (dx, dy),
            Symmetry::Rotate90 => (-dy, dx),
            Symmetry::Rotate180 => (-dx, -dy),
            Symmetry::Rotate270 => (dy, -dx),
            Symmetry::FlipX => (-dx, dy),
            Symmetry::FlipY => (dx, -dy),
            Symmetry::Transpose => (dy, dx),
            Symmetry::AntiTranspose => (-dy, -dx),
        }
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// Apply to a point of a `size` x `size` board, about the board's centre (which lies
    /// between points on even sizes).
    #[must_use]
    pub fn apply(self, p: Pos, size: u8) -> Pos {
        let n = i32::from(size) - 1;
        let (u, v) = self.apply_offset(2 * i32::from(p.x) - n, 2 * i32::from(p.y) - n);
        Pos::new(((u + n) / 2) as u8, ((v + n) / 2) as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_undoes_and_maps_stay_on_board() {
        for size in [5u8, 6, 15, 20, 22] {
            for s in Symmetry::ALL {
                for x in 0..size {
                    for y in 0..size {
                        let p = Pos::new(x, y);
                        let q = s.apply(p, size);
                        assert!(q.x < size && q.y < size);
                        assert_eq!(s.inverse().apply(q, size), p, "{s:?} on {size}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_eight_are_distinct_and_closed_under_composition() {
        let probe = (1, 2);
        let images: std::collections::HashSet<_> = Symmetry::ALL
            .iter()
            .map(|s| s.apply_offset(probe.0, probe.1))
            .collect();
        assert_eq!(images.len(), 8);
        for a in Symmetry::ALL {
            for b in Symmetry::ALL {
                let (x, y) = a.apply_offset(probe.0, probe.1);
                let composed = b.apply_offset(x, y);
                assert!(Symmetry::ALL
                    .iter()
                    .any(|c| c.apply_offset(probe.0, probe.1) == composed));
            }
        }
        assert_eq!(Symmetry::Rotate90.apply(Pos::new(7, 6), 15), Pos::new(8, 7));
    }
}
