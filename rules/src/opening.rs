//! The 26 designated openings (指定开局) and their identification from any orientation.

use std::fmt;

use crate::{Pos, Symmetry};

/// Direct (white 2 orthogonally next to black 1) or diagonal (white 2 diagonally next to it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OpeningKind {
    /// 直指 / direct: white 2 on H9 in the canonical orientation.
    Direct,
    /// 斜指 / diagonal ("indirect"): white 2 on I9.
    Diagonal,
}

/// One designated opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opening {
    /// RIF index, `1D`..`13D`, `1I`..`13I`.
    pub id: &'static str,
    /// Chinese name.
    pub chinese: &'static str,
    /// Japanese name in romaji.
    pub name: &'static str,
    /// Direct or diagonal.
    pub kind: OpeningKind,
    /// Black 3 as an offset `(dx, dy)` from black 1 in the canonical orientation
    /// (protocol axes: y grows downwards, so H10 is `(0, -2)`).
    pub third: (i32, i32),
}

impl Opening {
    /// White 2's offset from black 1 in the canonical orientation.
    #[must_use]
    pub const fn second(&self) -> (i32, i32) {
        match self.kind {
            OpeningKind::Direct => (0, -1),
            OpeningKind::Diagonal => (1, -1),
        }
    }

    /// The three stones (black, white, black) with black 1 on `centre`, in orientation `sym`.
    #[must_use]
    pub fn stones(&self, centre: Pos, sym: Symmetry) -> [Pos; 3] {
        let at = |(dx, dy): (i32, i32)| {
            let (dx, dy) = sym.apply_offset(dx, dy);
            Pos::new(
                (i32::from(centre.x) + dx) as u8,
                (i32::from(centre.y) + dy) as u8,
            )
        };
        [centre, at(self.second()), at(self.third)]
    }

    /// Look an opening up by its id (`2I`), romaji (`Kagetsu`) or Chinese name, ignoring case.
    #[must_use]
    pub fn by_name(name: &str) -> Option<&'static Opening> {
        let n = name.trim();
        OPENINGS.iter().find(|o| {
            o.id.eq_ignore_ascii_case(n) || o.name.eq_ignore_ascii_case(n) || o.chinese == n
        })
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ({})", self.id, self.name, self.chinese)
    }
}

const fn direct(
    id: &'static str,
    chinese: &'static str,
    name: &'static str,
    third: (i32, i32),
) -> Opening {
    Opening {
        id,
        chinese,
        name,
        kind: OpeningKind::Direct,
        third,
    }
}

const fn diagonal(
    id: &'static str,
    chinese: &'static str,
    name: &'static str,
    third: (i32, i32),
) -> Opening {
    Opening {
        id,
        chinese,
        name,
        kind: OpeningKind::Diagonal,
        third,
    }
}

/// The 26 openings in RIF order (spec §5; the shared data file is checked against this in
/// the tests). Offsets of black 3 from black 1 on H8: column letter minus H, and 8 minus the row.
pub static OPENINGS: [Opening; 26] = [
    direct("1D", "寒星", "Kansei", (0, -2)),
    direct("2D", "溪月", "Keigetsu", (1, -2)),
    direct("3D", "疏星", "Sosei", (2, -2)),
    direct("4D", "花月", "Kagetsu", (1, -1)),
    direct("5D", "残月", "Zangetsu", (2, -1)),
    direct("6D", "雨月", "Ugetsu", (1, 0)),
    direct("7D", "金星", "Kinsei", (2, 0)),
    direct("8D", "松月", "Shogetsu", (0, 1)),
    direct("9D", "丘月", "Kyugetsu", (1, 1)),
    direct("10D", "新月", "Shingetsu", (2, 1)),
    direct("11D", "瑞星", "Zuisei", (0, 2)),
    direct("12D", "山月", "Sangetsu", (1, 2)),
    direct("13D", "游星", "Yusei", (2, 2)),
    diagonal("1I", "长星", "Chosei", (2, -2)),
    diagonal("2I", "峡月", "Kyogetsu", (2, -1)),
    diagonal("3I", "恒星", "Kosei", (2, 0)),
    diagonal("4I", "水月", "Suigetsu", (2, 1)),
    diagonal("5I", "流星", "Ryusei", (2, 2)),
    diagonal("6I", "云月", "Ungetsu", (1, 0)),
    diagonal("7I", "浦月", "Hogetsu", (1, 1)),
    diagonal("8I", "岚月", "Rangetsu", (1, 2)),
    diagonal("9I", "银月", "Gingetsu", (0, 1)),
    diagonal("10I", "明星", "Myojo", (0, 2)),
    diagonal("11I", "斜月", "Shagetsu", (-1, 1)),
    diagonal("12I", "名月", "Meigetsu", (-1, 2)),
    diagonal("13I", "彗星", "Suisei", (-2, 2)),
];

/// Which designated opening the stones black 1, white 2, black 3 form, in any of the eight
/// orientations and anywhere on the board, with the symmetry that maps the canonical
/// orientation onto them. Returns `None` if they form none of the 26 (for instance when
/// white 2 is not next to black 1, or black 3 is outside the central 5x5 square).
#[must_use]
pub fn identify_opening(stones: [Pos; 3]) -> Option<(&'static Opening, Symmetry)> {
    let rel = |p: Pos| {
        (
            i32::from(p.x) - i32::from(stones[0].x),
            i32::from(p.y) - i32::from(stones[0].y),
        )
    };
    let (w, b) = (rel(stones[1]), rel(stones[2]));
    for sym in Symmetry::ALL {
        // `sym` maps canonical to actual, so its inverse maps the actual stones back.
        let inv = sym.inverse();
        let w0 = inv.apply_offset(w.0, w.1);
        let b0 = inv.apply_offset(b.0, b.1);
        if let Some(o) = OPENINGS.iter().find(|o| o.second() == w0 && o.third == b0) {
            return Some((o, sym));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_stones_identify_themselves() {
        for o in &OPENINGS {
            for sym in Symmetry::ALL {
                let stones = o.stones(Pos::new(7, 7), sym);
                let (found, s) = identify_opening(stones).expect("identified");
                assert_eq!(found.id, o.id);
                assert_eq!(found.stones(Pos::new(7, 7), s), stones);
            }
        }
    }

    #[test]
    fn non_openings_are_rejected() {
        let c = Pos::new(7, 7);
        // white 2 two points away
        assert!(identify_opening([c, Pos::new(7, 5), Pos::new(8, 8)]).is_none());
        // black 3 outside the central 5x5 square
        assert!(identify_opening([c, Pos::new(7, 6), Pos::new(10, 7)]).is_none());
        assert_eq!(Opening::by_name("kagetsu").unwrap().id, "4D");
        assert_eq!(Opening::by_name("2i").unwrap().name, "Kyogetsu");
        assert_eq!(Opening::by_name("花月").unwrap().id, "4D");
        assert!(Opening::by_name("Iwagetsu").is_none());
    }
}
