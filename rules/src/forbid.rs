//! Renju forbidden points for black, exactly as spec §3 defines them: five first, then
//! overline, then double four (one-line double fours included), then double three with the
//! recursive check that each three's straight-four point is itself not forbidden.
//!
//! The checker works on a private padded copy of the board ([`Grid`]) so that the recursion
//! can place and lift stones freely without touching the caller's board.

use std::fmt;

use crate::board::Board;
use crate::pos::MAX_SIZE;
use crate::{Color, Pos};

/// Why a black move is forbidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Forbidden {
    /// Threes in two or more directions (三三).
    DoubleThree,
    /// Two or more fours, counted over all directions (四四).
    DoubleFour,
    /// Six or more in a row (长连).
    Overline,
}

impl Forbidden {
    /// The short code used in records and the shared case file: `33`, `44`, `6`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "33",
            Forbidden::DoubleFour => "44",
            Forbidden::Overline => "6",
        }
    }

    /// Parse a code (`33`, `44`, `6`).
    #[must_use]
    pub fn from_code(code: &str) -> Option<Forbidden> {
        match code.trim() {
            "33" => Some(Forbidden::DoubleThree),
            "44" => Some(Forbidden::DoubleFour),
            "6" => Some(Forbidden::Overline),
            _ => None,
        }
    }
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

const PAD: usize = 6;
const W: usize = MAX_SIZE as usize + 2 * PAD;
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;

/// A padded copy of the board: a wall of `PAD` cells around it means runs never need a
/// bounds check.
pub(crate) struct Grid {
    cells: [u8; W * W],
    /// Index steps of the four directions (same order as [`crate::board::DIRECTIONS`]).
    steps: [isize; 4],
}

impl Grid {
    pub(crate) fn from_board(board: &Board) -> Grid {
        let mut cells = [WALL; W * W];
        for p in board.points() {
            cells[Grid::index(p)] = match board.stone(p) {
                None => EMPTY,
                Some(Color::Black) => BLACK,
                Some(Color::White) => WHITE,
            };
        }
        let w = W as isize;
        Grid {
            cells,
            steps: [1, w, w + 1, 1 - w],
        }
    }

    #[inline]
    fn index(p: Pos) -> usize {
        (p.y as usize + PAD) * W + p.x as usize + PAD
    }

    #[inline]
    fn at(&self, i: usize, step: isize, k: isize) -> u8 {
        self.cells[(i as isize + step * k) as usize]
    }

    /// Black stones following `i` (exclusive) in direction `step`.
    #[inline]
    fn run(&self, i: usize, step: isize) -> isize {
        let mut k = 1;
        while self.at(i, step, k) == BLACK {
            k += 1;
        }
        k - 1
    }

    /// The verdict for a black stone on the empty point `p`.
    pub(crate) fn forbidden(&mut self, p: Pos) -> Option<Forbidden> {
        let i = Grid::index(p);
        if self.cells[i] != EMPTY {
            return None;
        }
        self.forbidden_at(i)
    }

    fn forbidden_at(&mut self, i: usize) -> Option<Forbidden> {
        self.cells[i] = BLACK;
        let verdict = self.judge(i);
        self.cells[i] = EMPTY;
        verdict
    }

    /// Spec §3 steps 1-5 with a black stone already on `i`.
    fn judge(&mut self, i: usize) -> Option<Forbidden> {
        let mut overline = false;
        for step in self.steps {
            let len = 1 + self.run(i, step) + self.run(i, -step);
            if len == 5 {
                return None;
            }
            overline |= len > 5;
        }
        if overline {
            return Some(Forbidden::Overline);
        }
        let mut fours = 0;
        let mut has_four = [false; 4];
        for (d, step) in self.steps.into_iter().enumerate() {
            let n = self.count_fours(i, step);
            has_four[d] = n > 0;
            fours += n;
        }
        if fours >= 2 {
            return Some(Forbidden::DoubleFour);
        }
        let mut threes = 0;
        for (d, step) in self.steps.into_iter().enumerate() {
            if !has_four[d] && self.has_three(i, step) {
                threes += 1;
                if threes >= 2 {
                    return Some(Forbidden::DoubleThree);
                }
            }
        }
        None
    }

    /// Fours through the black stone on `i` in one direction (spec §2): the number of
    /// completion points, where the two ends of one straight four count once.
    fn count_fours(&mut self, i: usize, step: isize) -> usize {
        let mut found = [0isize; 8];
        let mut n = 0;
        for k in (-4..=4).filter(|&k| k != 0) {
            let q = (i as isize + step * k) as usize;
            if self.cells[q] != EMPTY {
                continue;
            }
            self.cells[q] = BLACK;
            if 1 + self.run(i, step) + self.run(i, -step) == 5 {
                found[n] = k;
                n += 1;
            }
            self.cells[q] = EMPTY;
        }
        if n == 2 && found[1] - found[0] == 5 {
            1
        } else {
            n
        }
    }

    /// Whether the black stone on `i` makes a real three in this direction: some empty `q`
    /// turns it into a straight four containing both, and `q` is itself not forbidden.
    fn has_three(&mut self, i: usize, step: isize) -> bool {
        for k in (-4..=4).filter(|&k| k != 0) {
            let q = (i as isize + step * k) as usize;
            if self.cells[q] != EMPTY {
                continue;
            }
            self.cells[q] = BLACK;
            let straight = self.straight_four_through(i, step, k);
            self.cells[q] = EMPTY;
            if straight && self.forbidden_at(q).is_none() {
                return true;
            }
        }
        false
    }

    /// With stones on `i` and on `i + k*step`, is the run through `i` a straight four
    /// (`.XXXX.` where filling either end makes exactly five) that also holds the `k` stone?
    fn straight_four_through(&self, i: usize, step: isize, k: isize) -> bool {
        let back = self.run(i, -step);
        let fwd = self.run(i, step);
        if back + fwd + 1 != 4 || k < -back || k > fwd {
            return false;
        }
        self.at(i, step, -(back + 1)) == EMPTY
            && self.at(i, step, fwd + 1) == EMPTY
            && self.at(i, step, -(back + 2)) != BLACK
            && self.at(i, step, fwd + 2) != BLACK
    }
}
