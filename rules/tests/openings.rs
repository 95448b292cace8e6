//! The 26 designated openings: the built-in table agrees with the shared data file, and every
//! opening is recognised from all 8 orientations anywhere on the board.

use tengen_rules::{identify_opening, Pos, Symmetry, OPENINGS};

const DATA: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/data/renju-openings-26.txt"
));

#[test]
fn table_agrees_with_the_shared_file() {
    let lines: Vec<&str> = DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(lines.len(), 26);
    for (line, o) in lines.iter().zip(OPENINGS.iter()) {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!((f[0], f[1], f[2]), (o.id, o.chinese, o.name), "{line}");
        let stones: Vec<Pos> = f[3]
            .split_whitespace()
            .map(|s| Pos::parse_notation(s, 15).unwrap())
            .collect();
        assert_eq!(
            stones,
            o.stones(Pos::new(7, 7), Symmetry::Identity).to_vec(),
            "{line}"
        );
        let (found, _) = identify_opening([stones[0], stones[1], stones[2]]).unwrap();
        assert_eq!(found.id, o.id);
    }
}

#[test]
fn every_opening_in_every_orientation_and_place() {
    for o in &OPENINGS {
        for sym in Symmetry::ALL {
            for centre in [Pos::new(7, 7), Pos::new(3, 4), Pos::new(10, 11)] {
                let (found, s) = identify_opening(o.stones(centre, sym)).expect("recognised");
                assert_eq!(found.id, o.id, "{sym:?} at {centre}");
                assert_eq!(found.stones(centre, s), o.stones(centre, sym));
            }
        }
    }
    // 26 distinct classes: no two openings share an orientation.
    for (i, a) in OPENINGS.iter().enumerate() {
        for b in &OPENINGS[i + 1..] {
            for sym in Symmetry::ALL {
                assert_ne!(
                    a.stones(Pos::new(7, 7), Symmetry::Identity),
                    b.stones(Pos::new(7, 7), sym)
                );
            }
        }
    }
}

#[test]
fn every_3_stone_shape_near_the_centre_is_an_opening_or_rejected_for_a_reason() {
    let c = Pos::new(7, 7);
    let mut recognised = 0;
    for wx in 6..=8u8 {
        for wy in 6..=8u8 {
            for bx in 3..=11u8 {
                for by in 3..=11u8 {
                    let (w, b) = (Pos::new(wx, wy), Pos::new(bx, by));
                    if w == c || b == c || b == w {
                        continue;
                    }
                    let inside = bx.abs_diff(7) <= 2 && by.abs_diff(7) <= 2;
                    let got = identify_opening([c, w, b]);
                    assert_eq!(got.is_some(), inside, "white {w} black {b}");
                    recognised += usize::from(got.is_some());
                }
            }
        }
    }
    // 8 places for white 2, 23 for black 3 each.
    assert_eq!(recognised, 8 * 23);
}
