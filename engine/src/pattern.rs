//! Line patterns: what one more stone on an empty point gives its owner along one direction.
//!
//! A point's neighbourhood along a direction is the *line window*: the five cells on each side
//! (ten cells, two bits each, 20 bits). Five cells are enough for every rule: a five through
//! the point lies within four cells of it, and the fifth cell tells whether the run would be
//! an overline (exactly-five rules) or blocked (Caro).
//!
//! For every window and both colours a table gives the [`Pattern`] the point would get if that
//! colour played it. Tables are built once per rule, on first use, by a memoised recursion over
//! windows: a point is a *four* if one more stone makes five, a *three* if one more stone makes
//! a straight four, a *two* if one more stone makes an open three, and so on.

use std::sync::OnceLock;

use tengen_rules::{Color, Rule};

/// Cell contents in a line window (two bits each).
pub mod cell {
    /// An empty point.
    pub const EMPTY: u8 = 0;
    /// A black stone.
    pub const BLACK: u8 = 1;
    /// A white stone.
    pub const WHITE: u8 = 2;
    /// Outside the board.
    pub const WALL: u8 = 3;
}

/// How many cells on each side of a point a line window covers.
pub const HALF: usize = 5;
/// Bits of a line window key (two per cell, the centre excluded).
pub const KEY_BITS: u32 = 4 * HALF as u32;
/// Number of distinct window keys.
pub const KEYS: usize = 1 << KEY_BITS;

/// What a stone on an empty point makes along one line, weakest first.
///
/// The order is the strength order: a higher pattern is at least as forcing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// Nothing can become a five here any more.
    Dead = 0,
    /// An overline for a side that needs exactly five (no win; forbidden for Renju black).
    Overline = 1,
    /// One stone of a blocked line.
    B1 = 2,
    /// One stone of an open line.
    F1 = 3,
    /// A blocked two: one more stone gives a closed three.
    B2 = 4,
    /// An open two: one more stone gives an open three.
    F2 = 5,
    /// A closed three: one more stone gives a four.
    B3 = 6,
    /// An open three: one more stone gives a straight four.
    F3 = 7,
    /// A four: exactly one completion point.
    B4 = 8,
    /// A straight four: two completion points five apart (`.XXXX.`).
    F4 = 9,
    /// Two fours on one line (`X.XXX.X`): two completion points that are not a straight four.
    FourFour = 10,
    /// A five (a win under the rule).
    F5 = 11,
}

impl Pattern {
    const ALL: [Pattern; 12] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::B3,
        Pattern::F3,
        Pattern::B4,
        Pattern::F4,
        Pattern::FourFour,
        Pattern::F5,
    ];

    /// The pattern with this number (`Dead` for unknown numbers).
    #[inline]
    #[must_use]
    pub fn from_u8(v: u8) -> Pattern {
        Pattern::ALL
            .get(v as usize)
            .copied()
            .unwrap_or(Pattern::Dead)
    }

    /// Whether the point makes a four or better (a direct threat to win next move).
    #[inline]
    #[must_use]
    pub fn is_four(self) -> bool {
        self >= Pattern::B4 && self != Pattern::F5
    }

    /// Number of fours this line counts for in the Renju double-four rule (spec §2).
    #[inline]
    #[must_use]
    pub fn four_count(self) -> u8 {
        match self {
            Pattern::B4 | Pattern::F4 => 1,
            Pattern::FourFour => 2,
            _ => 0,
        }
    }

    /// The pattern a point had if one more stone elsewhere on the line gives it `self`.
    fn weaker(self) -> Pattern {
        match self {
            Pattern::F4 | Pattern::FourFour => Pattern::F3,
            Pattern::B4 => Pattern::B3,
            Pattern::F3 => Pattern::F2,
            Pattern::B3 => Pattern::B2,
            Pattern::F2 => Pattern::F1,
            Pattern::B2 => Pattern::B1,
            _ => Pattern::Dead,
        }
    }
}

/// How a rule decides a five for one colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FiveRule {
    exact: bool,
    caro: bool,
}

impl FiveRule {
    fn of(rule: Rule, color: Color) -> FiveRule {
        FiveRule {
            exact: rule.exact_five(color),
            caro: rule.blocked_five_loses(),
        }
    }
}

/// Window slot of offset `o` (`-HALF..=HALF`, not 0) in a key.
#[inline]
#[must_use]
pub const fn slot(o: i32) -> u32 {
    if o < 0 {
        (o + HALF as i32) as u32
    } else {
        (o + HALF as i32 - 1) as u32
    }
}

/// The per-rule table: for each window key, black's pattern in the low nibble and white's in
/// the high nibble.
#[derive(Debug)]
pub struct PatternTable {
    entries: Box<[u8]>,
    /// Freestyle never looks five points away (a run long enough to reach them is already a
    /// five), so its table drops the two outer cells: 64 KiB instead of 1 MiB, which keeps
    /// it in cache.
    compact: bool,
    /// Index of a key: `(key >> shift) & mask` (`mask` + 1 is the number of entries).
    shift: u32,
    mask: usize,
}

impl PatternTable {
    /// The table for `rule` (built on first use, then shared).
    #[must_use]
    pub fn get(rule: Rule) -> &'static PatternTable {
        static TABLES: [OnceLock<PatternTable>; 5] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        let i = Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0);
        TABLES[i].get_or_init(|| PatternTable::build(rule))
    }

    /// The patterns (black, white) of a point whose window is `key`.
    #[inline]
    #[must_use]
    pub fn lookup(&self, key: u32) -> u8 {
        // Branch-free: the compact table drops the two outer cells (the key's end bits).
        self.entries[(key as usize >> self.shift) & self.mask]
    }

    /// How far from a stone its line neighbours' patterns can change (4 or 5 points).
    #[inline]
    #[must_use]
    pub fn reach(&self) -> usize {
        if self.compact {
            HALF - 1
        } else {
            HALF
        }
    }

    /// The key bits this table reads.
    #[inline]
    #[must_use]
    pub fn key_mask(&self) -> u32 {
        if self.compact {
            0xFFFF << 2
        } else {
            (1 << KEY_BITS) - 1
        }
    }

    fn build(rule: Rule) -> PatternTable {
        let black = Classifier::new(FiveRule::of(rule, Color::Black));
        let white = if FiveRule::of(rule, Color::White) == black.five {
            None
        } else {
            Some(Classifier::new(FiveRule::of(rule, Color::White)))
        };
        let mut black = black;
        let mut white = white;
        let compact = rule == Rule::Freestyle;
        let mut entries = vec![0u8; if compact { 1 << 16 } else { KEYS }];
        for (index, e) in entries.iter_mut().enumerate() {
            let key = if compact {
                // Rebuild a full key: the outer cells are walls if the next ones are.
                let k = (index as u32) << 2;
                let wall = u32::from(cell::WALL);
                let left = if (k >> 2) & 3 == wall { wall } else { 0 };
                let right = if (k >> 16) & 3 == wall { wall << 18 } else { 0 };
                k | left | right
            } else {
                index as u32
            };
            if !valid_key(key) {
                continue;
            }
            let b = black.classify_key(key);
            let swapped = swap_colors(key);
            let w = match white.as_mut() {
                Some(c) => c.classify_key(swapped),
                None => black.classify_key(swapped),
            };
            *e = b as u8 | (w as u8) << 4;
        }
        let mask = entries.len() - 1;
        PatternTable {
            entries: entries.into_boxed_slice(),
            compact,
            shift: if compact { 2 } else { 0 },
            mask,
        }
    }
}

/// Walls may only fill the window from its ends inwards.
fn valid_key(key: u32) -> bool {
    let at = |s: u32| (key >> (2 * s)) & 3;
    // Left side: slots 0..HALF are offsets -HALF..-1; a wall at offset -k needs walls beyond it.
    for s in 1..HALF as u32 {
        if at(s) == u32::from(cell::WALL) && at(s - 1) != u32::from(cell::WALL) {
            return false;
        }
    }
    for s in HALF as u32..(2 * HALF as u32 - 1) {
        if at(s) == u32::from(cell::WALL) && at(s + 1) != u32::from(cell::WALL) {
            return false;
        }
    }
    true
}

/// Exchange black and white in a key (walls and empties stay).
#[inline]
fn swap_colors(key: u32) -> u32 {
    let differ = (key ^ (key >> 1)) & 0x5_5555;
    key ^ (differ | differ << 1)
}

/// Memoised classification of windows for one colour, written relative to that colour:
/// `BLACK` means "own stone", `WHITE` "opponent stone".
struct Classifier {
    five: FiveRule,
    memo: Vec<u8>,
}

const UNKNOWN: u8 = 0xFF;
const OWN: u8 = cell::BLACK;
const CENTRE: usize = HALF;

impl Classifier {
    fn new(five: FiveRule) -> Classifier {
        Classifier {
            five,
            memo: vec![UNKNOWN; KEYS],
        }
    }

    fn classify_key(&mut self, key: u32) -> Pattern {
        let mut line = [0u8; 2 * HALF + 1];
        for o in -(HALF as i32)..=HALF as i32 {
            if o != 0 {
                line[(o + HALF as i32) as usize] = ((key >> (2 * slot(o))) & 3) as u8;
            }
        }
        line[CENTRE] = OWN;
        self.classify(&mut line, key)
    }

    fn key_of(line: &[u8; 2 * HALF + 1]) -> u32 {
        let mut key = 0;
        for o in -(HALF as i32)..=HALF as i32 {
            if o != 0 {
                key |= u32::from(line[(o + HALF as i32) as usize]) << (2 * slot(o));
            }
        }
        key
    }

    /// Whether the own run through the centre is a five, an overline, or neither.
    fn run_through_centre(&self, line: &[u8; 2 * HALF + 1]) -> (bool, bool) {
        let mut l = CENTRE;
        while l > 0 && line[l - 1] == OWN {
            l -= 1;
        }
        let mut r = CENTRE;
        while r + 1 < line.len() && line[r + 1] == OWN {
            r += 1;
        }
        let len = r - l + 1;
        if len < 5 {
            return (false, false);
        }
        if self.five.exact && len > 5 {
            return (false, true);
        }
        if self.five.caro {
            // Beyond the window the end is unknown: count it as open (rare: only overlines
            // reach the window's edge).
            let opp = cell::WHITE;
            let before = l > 0 && line[l - 1] == opp;
            let after = r + 1 < line.len() && line[r + 1] == opp;
            if before && after {
                return (false, false);
            }
        }
        (true, false)
    }

    fn classify(&mut self, line: &mut [u8; 2 * HALF + 1], key: u32) -> Pattern {
        let m = self.memo[key as usize];
        if m != UNKNOWN {
            return Pattern::from_u8(m);
        }
        let p = self.classify_uncached(line);
        self.memo[key as usize] = p as u8;
        p
    }

    fn classify_uncached(&mut self, line: &mut [u8; 2 * HALF + 1]) -> Pattern {
        let (five, over) = self.run_through_centre(line);
        if five {
            return Pattern::F5;
        }
        if over {
            return Pattern::Overline;
        }
        // Only points within four of the centre can join a five through it.
        let lo = CENTRE - (HALF - 1);
        let hi = CENTRE + (HALF - 1);
        let mut wins = [0usize; 8];
        let mut n = 0;
        for q in lo..=hi {
            if line[q] != cell::EMPTY {
                continue;
            }
            line[q] = OWN;
            if self.run_through_centre(line).0 {
                wins[n] = q;
                n += 1;
            }
            line[q] = cell::EMPTY;
        }
        match n {
            0 => {}
            1 => return Pattern::B4,
            2 if wins[1] - wins[0] == 5 => return Pattern::F4,
            _ => return Pattern::FourFour,
        }
        let mut best = Pattern::Dead;
        for q in lo..=hi {
            if line[q] != cell::EMPTY {
                continue;
            }
            line[q] = OWN;
            let k = Self::key_of(line);
            let p = self.classify(line, k).weaker();
            line[q] = cell::EMPTY;
            best = best.max(p);
        }
        best
    }
}

/// What a stone on a point makes over its four lines together, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Class {
    /// No three or four.
    Plain = 0,
    /// One open three.
    Three = 1,
    /// One four (not straight).
    Four = 2,
    /// Open threes on two or more lines (for Renju black: possibly forbidden, see
    /// [`Forbid::MaybeDoubleThree`]).
    ThreeThree = 3,
    /// A four and an open three on another line.
    FourThree = 4,
    /// Two fours (on two lines or on one): the opponent cannot stop both.
    FourFour = 5,
    /// A straight four.
    Flex4 = 6,
    /// A five.
    Five = 7,
    /// Forbidden for Renju black (overline or double four, decided by patterns alone).
    Forbidden = 8,
}

impl Class {
    /// Whether the stone makes at least one four (so the opponent must answer it).
    #[inline]
    #[must_use]
    pub fn makes_four(self) -> bool {
        matches!(
            self,
            Class::Four | Class::FourThree | Class::FourFour | Class::Flex4
        )
    }

    /// Whether the stone wins unless the opponent can make five first.
    #[inline]
    #[must_use]
    pub fn wins_by_force(self) -> bool {
        matches!(self, Class::FourFour | Class::Flex4)
    }

    fn from_u8(v: u8) -> Class {
        match v {
            1 => Class::Three,
            2 => Class::Four,
            3 => Class::ThreeThree,
            4 => Class::FourThree,
            5 => Class::FourFour,
            6 => Class::Flex4,
            7 => Class::Five,
            8 => Class::Forbidden,
            _ => Class::Plain,
        }
    }
}

/// The Renju verdict the patterns alone give for a black stone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Forbid {
    /// Not forbidden.
    No = 0,
    /// Overline.
    Overline = 1,
    /// Two or more fours.
    DoubleFour = 2,
    /// Two or more lines look like open threes: the recursive rule decides.
    MaybeDoubleThree = 3,
}

/// Four line patterns packed in a `u16`, four bits per direction.
pub type Packed = u16;

/// The pattern of direction `d` in a packed word.
#[inline]
#[must_use]
pub fn packed_dir(p: Packed, d: usize) -> Pattern {
    Pattern::from_u8(((p >> (4 * d)) & 15) as u8)
}

/// Class, Renju verdict and static value of every packed word, for one kind of player.
#[derive(Debug)]
pub struct ComboTable {
    entries: Box<[u32; 1 << 16]>,
}

/// One looked-up combination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Combo {
    /// The combined class.
    pub class: Class,
    /// The Renju verdict (always `No` for a player without forbidden moves).
    pub forbid: Forbid,
    /// The static value of the point for its owner.
    pub value: i32,
}

impl ComboTable {
    /// The table for a player with (`renju_black`) or without forbidden moves.
    #[must_use]
    pub fn get(renju_black: bool) -> &'static ComboTable {
        static TABLES: [OnceLock<ComboTable>; 2] = [OnceLock::new(), OnceLock::new()];
        TABLES[usize::from(renju_black)].get_or_init(|| ComboTable::build(renju_black))
    }

    /// The class (as an index) and value of a packed word: the hot path of position updates.
    #[inline]
    #[must_use]
    pub fn class_value(&self, p: Packed) -> (usize, i32) {
        let e = self.entries[p as usize];
        ((e & 15) as usize, i32::from((e >> 16) as u16 as i16))
    }

    /// The combination of a packed word.
    #[inline]
    #[must_use]
    pub fn lookup(&self, p: Packed) -> Combo {
        let e = self.entries[p as usize];
        Combo {
            class: Class::from_u8((e & 15) as u8),
            forbid: match (e >> 4) & 3 {
                1 => Forbid::Overline,
                2 => Forbid::DoubleFour,
                3 => Forbid::MaybeDoubleThree,
                _ => Forbid::No,
            },
            value: i32::from((e >> 16) as u16 as i16),
        }
    }

    fn build(renju_black: bool) -> ComboTable {
        let entries = (0..=u16::MAX)
            .map(|p| {
                let pats = [0, 1, 2, 3].map(|d| packed_dir(p, d));
                let (class, forbid) = combine(&pats, renju_black);
                let value = crate::eval::point_value(&pats, class);
                class as u32 | (forbid as u32) << 4 | u32::from(value as u16) << 16
            })
            .collect::<Vec<u32>>();
        ComboTable {
            entries: entries
                .into_boxed_slice()
                .try_into()
                .expect("65536 entries"),
        }
    }
}

/// Combine four line patterns into a class (and a Renju verdict for black).
fn combine(pats: &[Pattern; 4], renju_black: bool) -> (Class, Forbid) {
    let count = |f: &dyn Fn(Pattern) -> bool| pats.iter().filter(|&&p| f(p)).count();
    if count(&|p| p == Pattern::F5) > 0 {
        return (Class::Five, Forbid::No);
    }
    let fours: u8 = pats.iter().map(|p| p.four_count()).sum();
    let threes = count(&|p| p == Pattern::F3);
    if renju_black {
        if count(&|p| p == Pattern::Overline) > 0 {
            return (Class::Forbidden, Forbid::Overline);
        }
        if fours >= 2 {
            return (Class::Forbidden, Forbid::DoubleFour);
        }
    }
    let flex = count(&|p| p == Pattern::F4) > 0;
    let class = if flex {
        Class::Flex4
    } else if fours >= 2 {
        Class::FourFour
    } else if fours == 1 && threes >= 1 {
        Class::FourThree
    } else if fours == 1 {
        Class::Four
    } else if threes >= 2 {
        Class::ThreeThree
    } else if threes == 1 {
        Class::Three
    } else {
        Class::Plain
    };
    // A four does not excuse two threes: four-three-three is still a double three.
    let forbid = if renju_black && threes >= 2 {
        Forbid::MaybeDoubleThree
    } else {
        Forbid::No
    };
    (class, forbid)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds a key from a text window like `"..XX.?.O...|"`: 11 characters, `?` is the centre,
    /// `X` black, `O` white, `|` wall.
    fn key(text: &str) -> u32 {
        let chars: Vec<char> = text.chars().collect();
        assert_eq!(chars.len(), 2 * HALF + 1);
        let mut k = 0;
        for (i, c) in chars.iter().enumerate() {
            let o = i as i32 - HALF as i32;
            if o == 0 {
                continue;
            }
            let v = match c {
                'X' => cell::BLACK,
                'O' => cell::WHITE,
                '|' => cell::WALL,
                _ => cell::EMPTY,
            };
            k |= u32::from(v) << (2 * slot(o));
        }
        k
    }

    fn black(rule: Rule, text: &str) -> Pattern {
        Pattern::from_u8(PatternTable::get(rule).lookup(key(text)) & 15)
    }

    fn white(rule: Rule, text: &str) -> Pattern {
        Pattern::from_u8(PatternTable::get(rule).lookup(key(text)) >> 4)
    }

    #[test]
    fn basic_shapes_for_black() {
        let r = Rule::Freestyle;
        assert_eq!(black(r, "...XX?XX..."), Pattern::F5);
        assert_eq!(black(r, "....X?XX..."), Pattern::F4);
        assert_eq!(black(r, "...OX?XX..."), Pattern::B4);
        assert_eq!(black(r, "..X.X?X.X.."), Pattern::FourFour);
        assert_eq!(black(r, ".....?XX..."), Pattern::F3);
        assert_eq!(black(r, "....O?XX..."), Pattern::B3);
        assert_eq!(black(r, ".....?.X..."), Pattern::F2);
        assert_eq!(black(r, "...O.?X.O.."), Pattern::Dead);
        assert_eq!(black(r, "||||.?XXX.."), Pattern::F4);
        assert_eq!(black(r, "|||||?XXX.."), Pattern::B4);
    }

    #[test]
    fn exact_five_and_overline() {
        assert_eq!(black(Rule::Freestyle, "..XXX?XX..."), Pattern::F5);
        assert_eq!(black(Rule::Standard, "..XXX?XX..."), Pattern::Overline);
        assert_eq!(black(Rule::Renju, "..XXX?XX..."), Pattern::Overline);
        assert_eq!(white(Rule::Renju, "..OOO?OO..."), Pattern::F5);
        // .XXXX.X : the right end would make six, so only the left end wins.
        assert_eq!(black(Rule::Renju, ".....?XXX.X"), Pattern::B4);
        assert_eq!(black(Rule::Freestyle, ".....?XXX.X"), Pattern::F4);
    }

    #[test]
    fn caro_blocked_five_does_not_win() {
        assert_eq!(black(Rule::Caro, "...OX?XXXO."), Pattern::Dead);
        assert_eq!(black(Rule::Caro, "...OX?XXX.."), Pattern::F5);
        assert_eq!(black(Rule::Caro, "|||||?XXXXO"), Pattern::F5);
        assert_eq!(white(Rule::Caro, "...XO?OOOX."), Pattern::Dead);
    }

    #[test]
    fn colour_swap_is_an_involution() {
        for k in [0u32, 0x1_2345, 0xF_FFFF, key("..XO.?|.OX.")] {
            assert_eq!(swap_colors(swap_colors(k)), k);
        }
        assert_eq!(swap_colors(key("...XO?O....")), key("...OX?X...."));
    }

    #[test]
    fn combinations() {
        use Pattern::*;
        assert_eq!(combine(&[F5, Overline, F4, F4], true).0, Class::Five);
        assert_eq!(combine(&[B4, B4, Dead, Dead], false).0, Class::FourFour);
        assert_eq!(
            combine(&[B4, B4, Dead, Dead], true),
            (Class::Forbidden, Forbid::DoubleFour)
        );
        assert_eq!(
            combine(&[FourFour, F2, Dead, Dead], true).1,
            Forbid::DoubleFour
        );
        assert_eq!(combine(&[F4, F3, Dead, Dead], true).0, Class::Flex4);
        assert_eq!(
            combine(&[F4, F3, F3, Dead], true),
            (Class::Flex4, Forbid::MaybeDoubleThree)
        );
        assert_eq!(combine(&[B4, F3, Dead, Dead], true).0, Class::FourThree);
        assert_eq!(
            combine(&[F3, F3, Dead, Dead], true),
            (Class::ThreeThree, Forbid::MaybeDoubleThree)
        );
        assert_eq!(
            combine(&[F3, F3, Dead, Dead], false),
            (Class::ThreeThree, Forbid::No)
        );
        assert_eq!(
            combine(&[Overline, F3, Dead, Dead], true).1,
            Forbid::Overline
        );
        assert_eq!(combine(&[Overline, F3, Dead, Dead], false).0, Class::Three);
    }
}
