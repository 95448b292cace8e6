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
    pub(crate) const ALL: [Pattern; 12] = [
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

/// Bits of one half window (five cells, two bits each).
pub const HALF_BITS: u32 = 2 * HALF as u32;
/// Mask of one half window.
pub const HALF_MASK: u32 = (1 << HALF_BITS) - 1;

/// Size of a colour's table: 2^16, so that a state pair (below 94^2, the square of the
/// largest half-state count, with Caro) read from 16 bits of a sum needs no mask to index
/// it. Only the first 94^2 entries are ever used, so the cache sees no more than that.
const STATE_PAIRS: usize = 1 << 16;

/// The per-rule table: the pattern each colour gets for every window.
///
/// A colour's pattern depends only on each half window up to and including its first
/// *blocker* (an opponent stone or a wall): nothing beyond it can join a five through the
/// centre, and the blocker itself matters only through whether it is a stone or a wall
/// (Caro's "blocked at both ends" counts stones only). So each half reduces to one of at
/// most 94 *states* (63 without Caro), and a colour's table needs states² entries (4 to 9
/// KiB) instead of the 4^10 of the raw key: the tables stay in the L1 cache.
///
/// A lookup maps each raw half (10 bits) through `left` / `right` to both colours' state
/// numbers at once (black in the low 16 bits, white in the high 16 bits, the right half's
/// already multiplied by the state count), adds them and reads one byte per colour.
#[derive(Debug)]
pub struct PatternTable {
    /// The lookup tables, in one allocation: a lookup loop needs one base pointer for all
    /// four.
    parts: Box<Parts>,
    /// Freestyle never looks five points away (a run long enough to reach them is already a
    /// five), so its updates stop four points from a stone.
    reach: usize,
}

/// The lookup tables of a [`PatternTable`].
#[derive(Debug)]
struct Parts {
    /// Per raw left half (offsets -5..-1, offset -1 in the top bits): the state numbers.
    left: [u32; 1 << HALF_BITS],
    /// Per raw right half (offsets +1..+5, offset +1 in the low bits): the state numbers
    /// times the state count.
    right: [u32; 1 << HALF_BITS],
    /// Black's pattern per pair of state numbers.
    black: [u8; STATE_PAIRS],
    /// White's pattern per pair of state numbers.
    white: [u8; STATE_PAIRS],
}

/// The parts of a [`PatternTable`], borrowed (see [`PatternTable::view`]).
#[derive(Debug, Clone, Copy)]
pub struct PatternView<'a> {
    parts: &'a Parts,
}

impl PatternView<'_> {
    /// [`PatternTable::lookup_pair`].
    #[inline(always)]
    #[must_use]
    pub fn lookup_pair(self, left: u32, right: u32) -> (u8, u8) {
        let p = self.parts;
        let states = p.left[(left & HALF_MASK) as usize] + p.right[(right & HALF_MASK) as usize];
        // Both state pairs are below 94^2, so neither half of the sum carries into the other,
        // and a 16-bit index needs no bounds check in a 2^16-entry table.
        let b = p.black[states as u16 as usize];
        let w = p.white[(states >> 16) as usize];
        (b, w)
    }
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

    /// The patterns (black in the low nibble, white in the high one) of a point whose window
    /// is `key`.
    #[inline]
    #[must_use]
    pub fn lookup(&self, key: u32) -> u8 {
        self.lookup_halves(key & HALF_MASK, key >> HALF_BITS)
    }

    /// [`PatternTable::lookup`] of the key made of two raw halves (each below 2^10).
    #[inline]
    #[must_use]
    pub fn lookup_halves(&self, left: u32, right: u32) -> u8 {
        let (b, w) = self.lookup_pair(left, right);
        b | w << 4
    }

    /// Black's and white's pattern numbers of the key made of two raw halves (only their low
    /// 10 bits are read).
    #[inline(always)]
    #[must_use]
    pub fn lookup_pair(&self, left: u32, right: u32) -> (u8, u8) {
        self.view().lookup_pair(left, right)
    }

    /// The table's parts, borrowed: a lookup loop keeps these pointers in registers.
    #[inline(always)]
    #[must_use]
    pub fn view(&self) -> PatternView<'_> {
        PatternView { parts: &self.parts }
    }

    /// How far from a stone its line neighbours' patterns can change (4 or 5 points).
    #[inline]
    #[must_use]
    pub fn reach(&self) -> usize {
        self.reach
    }

    fn build(rule: Rule) -> PatternTable {
        let caro = rule.blocked_five_loses();
        let halves = HalfStates::new(caro);
        let n = halves.reps.len();
        assert!(n * n <= STATE_PAIRS, "{n} half states");
        let mut parts = Box::new(Parts {
            left: [0; 1 << HALF_BITS],
            right: [0; 1 << HALF_BITS],
            black: [0; STATE_PAIRS],
            white: [0; STATE_PAIRS],
        });
        let table = |five: FiveRule, t: &mut [u8; STATE_PAIRS]| {
            let mut c = PairClassifier::new(five, &halves);
            for r in 0..n {
                for l in 0..n {
                    t[l + n * r] = c.classify(l, r) as u8;
                }
            }
        };
        table(FiveRule::of(rule, Color::Black), &mut parts.black);
        if FiveRule::of(rule, Color::White) == FiveRule::of(rule, Color::Black) {
            parts.white = parts.black;
        } else {
            table(FiveRule::of(rule, Color::White), &mut parts.white);
        }
        for raw in 0..1u32 << HALF_BITS {
            // A colour's state is computed on the half as that colour sees it (own = BLACK).
            let state = |near_first: u32| {
                let b = halves.state(near_first);
                let w = halves.state(swap_colors(near_first));
                (b, w)
            };
            let (b, w) = state(left_to_near_first(raw));
            parts.left[raw as usize] = b | w << 16;
            let (b, w) = state(raw);
            parts.right[raw as usize] = (b | w << 16) * n as u32;
        }
        PatternTable {
            parts,
            reach: if rule == Rule::Freestyle {
                HALF - 1
            } else {
                HALF
            },
        }
    }
}

/// Reverse the cell order of a left half (offset -1 in the top bits) so that the cell next
/// to the centre comes first (lowest bits), as in a right half.
fn left_to_near_first(raw: u32) -> u32 {
    (0..HALF as u32).fold(0, |acc, i| {
        acc | ((raw >> (2 * (HALF as u32 - 1 - i))) & 3) << (2 * i)
    })
}

/// The numbering of half-window states (see [`PatternTable`]), for one colour's view
/// (own stones `BLACK`, opponent stones `WHITE`).
struct HalfStates {
    /// State number of each canonical half (nearest cell first), `u32::MAX` if not canonical.
    number: Vec<u32>,
    /// One canonical half per state.
    reps: Vec<u32>,
    caro: bool,
}

impl HalfStates {
    fn new(caro: bool) -> HalfStates {
        let mut h = HalfStates {
            number: vec![u32::MAX; 1 << HALF_BITS],
            reps: Vec::new(),
            caro,
        };
        for raw in 0..1u32 << HALF_BITS {
            let c = h.canonical(raw);
            if h.number[c as usize] == u32::MAX {
                h.number[c as usize] = h.reps.len() as u32;
                h.reps.push(c);
            }
        }
        h
    }

    /// The half (nearest cell first) with everything past the first blocker normalised:
    /// a wall blocker keeps the walls behind it (walls fill from the end), an opponent stone
    /// gets empty cells behind it, and without Caro an opponent stone and a wall are the
    /// same blocker (a wall is written as an opponent stone).
    fn canonical(&self, near_first: u32) -> u32 {
        let mut out = 0;
        for i in 0..HALF as u32 {
            let c = (near_first >> (2 * i)) & 3;
            match u8::try_from(c).unwrap_or(cell::WALL) {
                cell::EMPTY | OWN => out |= c << (2 * i),
                cell::WALL if self.caro => {
                    // Walls to the end of the half.
                    for j in i..HALF as u32 {
                        out |= u32::from(cell::WALL) << (2 * j);
                    }
                    break;
                }
                _ => {
                    out |= u32::from(cell::WHITE) << (2 * i);
                    break;
                }
            }
        }
        out
    }

    /// The state number of a half (nearest cell first).
    fn state(&self, near_first: u32) -> u32 {
        self.number[self.canonical(near_first) as usize]
    }
}

/// Walls may only fill the window from its ends inwards.
#[cfg(test)]
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

/// Whether the own run through the centre of `line` is a five, an overline, or neither,
/// under `five`.
fn run_through_centre(five: FiveRule, line: &[u8; 2 * HALF + 1]) -> (bool, bool) {
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
    if five.exact && len > 5 {
        return (false, true);
    }
    if five.caro {
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

/// The patterns decided by the window alone: a five or an overline through the centre, or
/// a four (one more own stone within reach makes five: one such point, two five apart,
/// or more). `None`: at most a three, which the caller finds one stone further on.
fn five_or_four(five: FiveRule, line: &mut [u8; 2 * HALF + 1]) -> Option<Pattern> {
    let (made, over) = run_through_centre(five, line);
    if made {
        return Some(Pattern::F5);
    }
    if over {
        return Some(Pattern::Overline);
    }
    let mut wins = [0usize; 8];
    let mut n = 0;
    for q in REACH {
        if line[q] != cell::EMPTY {
            continue;
        }
        line[q] = OWN;
        if run_through_centre(five, line).0 {
            wins[n] = q;
            n += 1;
        }
        line[q] = cell::EMPTY;
    }
    match n {
        0 => None,
        1 => Some(Pattern::B4),
        2 if wins[1] - wins[0] == 5 => Some(Pattern::F4),
        _ => Some(Pattern::FourFour),
    }
}

/// The cells of a window that can join a five through its centre: within four of it.
const REACH: std::ops::RangeInclusive<usize> = CENTRE - (HALF - 1)..=CENTRE + (HALF - 1);

/// The table builder's classification for one colour (own stones `BLACK`): the pattern of
/// each pair of half states (left, right), memoised per pair, from the window their
/// representatives make. A pattern depends only on the two states (the premise of
/// [`PatternTable`], checked against whole-window classification for every window by
/// `reduced_tables_match_whole_window_classification`), so a stone added to a half moves
/// to the state of the representative with that stone.
struct PairClassifier<'a> {
    five: FiveRule,
    reps: &'a [u32],
    /// Per state and cell (nearest first, the four within reach of a five): the state with
    /// an own stone added on that cell (if it is empty).
    child: Vec<[u32; HALF - 1]>,
    memo: Vec<u8>,
}

impl<'a> PairClassifier<'a> {
    fn new(five: FiveRule, halves: &'a HalfStates) -> PairClassifier<'a> {
        let n = halves.reps.len();
        let child = halves
            .reps
            .iter()
            .map(|&rep| std::array::from_fn(|i| halves.state(rep | u32::from(OWN) << (2 * i))))
            .collect();
        PairClassifier {
            five,
            reps: &halves.reps,
            child,
            memo: vec![UNKNOWN; n * n],
        }
    }

    /// The pattern of left state `l` and right state `r`: as
    /// `Classifier::classify_uncached` (a five, an overline, a four if one more stone makes
    /// five, else one step weaker than the best stone), on the representatives' window.
    fn classify(&mut self, l: usize, r: usize) -> Pattern {
        let n = self.reps.len();
        let m = self.memo[l + n * r];
        if m != UNKNOWN {
            return Pattern::from_u8(m);
        }
        let mut line = [0u8; 2 * HALF + 1];
        for i in 0..HALF {
            line[CENTRE - 1 - i] = (self.reps[l] >> (2 * i) & 3) as u8;
            line[CENTRE + 1 + i] = (self.reps[r] >> (2 * i) & 3) as u8;
        }
        line[CENTRE] = OWN;
        let p = self.classify_line(&mut line, l, r);
        self.memo[l + n * r] = p as u8;
        p
    }

    fn classify_line(&mut self, line: &mut [u8; 2 * HALF + 1], l: usize, r: usize) -> Pattern {
        if let Some(p) = five_or_four(self.five, line) {
            return p;
        }
        let mut best = Pattern::Dead;
        for q in REACH {
            if line[q] != cell::EMPTY {
                continue;
            }
            let (l2, r2) = if q < CENTRE {
                (self.child[l][CENTRE - 1 - q] as usize, r)
            } else {
                (l, self.child[r][q - CENTRE - 1] as usize)
            };
            // A stone past its half's first blocker leaves the states as they were. Such a
            // stone gives this very pattern, one step weaker: never more than the best of
            // the others (or `Dead`), else this pattern would be above itself. No cycle
            // is left: every other stone adds to the own stones before a blocker.
            if (l2, r2) != (l, r) {
                best = best.max(self.classify(l2, r2).weaker());
            }
        }
        best
    }
}

/// Memoised classification of windows for one colour, written relative to that colour:
/// `BLACK` means "own stone", `WHITE` "opponent stone" (the reference the tables are
/// checked against).
#[cfg(test)]
struct Classifier {
    five: FiveRule,
    memo: Vec<u8>,
}

const UNKNOWN: u8 = 0xFF;
const OWN: u8 = cell::BLACK;
const CENTRE: usize = HALF;

#[cfg(test)]
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
        if let Some(p) = five_or_four(self.five, line) {
            return p;
        }
        let mut best = Pattern::Dead;
        for q in REACH {
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
    /// The classes whose stone makes at least one four ([`Class::makes_four`]).
    pub const FOURS: [Class; 4] = [Class::Four, Class::FourThree, Class::FourFour, Class::Flex4];

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

    /// The class with this number (`Plain` for unknown numbers).
    #[inline]
    #[must_use]
    pub const fn from_u8(v: u8) -> Class {
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

/// The 24 orders of four directions, as the shifts (four times the direction) that put the
/// first, second, third and fourth pattern of a multiset in a packed word.
const ORDERS: [[u16; 4]; 24] = {
    let mut t = [[0; 4]; 24];
    let mut k = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                if a != b && a != c && b != c {
                    t[k] = [4 * a, 4 * b, 4 * c, 4 * (6 - a - b - c)];
                    k += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// A table of one entry per packed word from `f`, which depends on the four patterns and not
/// on their order (as classes, verdicts, values and order features do): `f` runs once per
/// multiset of patterns, on its least word (directions sorted, the smallest pattern number
/// in the top nibble), and every order of it gets the entry.
pub(crate) fn per_pattern_multiset<T: Copy + Default>(
    mut f: impl FnMut(Packed) -> T,
) -> Box<[T; 1 << 16]> {
    let mut t: Box<[T; 1 << 16]> = vec![T::default(); 1 << 16]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("2^16 entries"));
    for a in 0..16u16 {
        for b in a..16 {
            for c in b..16 {
                for d in c..16 {
                    let e = f(d | c << 4 | b << 8 | a << 12);
                    for o in &ORDERS {
                        t[(a << o[0] | b << o[1] | c << o[2] | d << o[3]) as usize] = e;
                    }
                }
            }
        }
    }
    t
}

/// Class, Renju verdict and static value of every packed word, for one kind of player.
#[derive(Debug)]
pub struct ComboTable {
    entries: Box<[u32; 1 << 16]>,
    /// The *quiet* patterns (one bit per pattern number): replacing one quiet line pattern of
    /// a point by another never changes its class or Renju verdict, and changes its value by
    /// the difference of the two patterns' values (unless the point is forbidden: value 0).
    /// Most pattern changes are between quiet patterns, which saves the table lookups.
    quiet: u16,
    /// The class depends only on each line's *kind* (quiet, or one of the patterns
    /// `combine` counts: see [`KINDS`]), so it also comes from a 7^4-entry byte table (2.4
    /// KiB, stays in the L1 cache, unlike the 256 KiB of `entries`). The kind number of a
    /// packed word is the sum of these for its low and high byte.
    kinds_low: [u16; 256],
    kinds_high: [u16; 256],
    /// Class per kind number.
    classes: Box<[u8; 4096]>,
}

/// The line patterns `combine` tells apart (a kind's number is its index; every other
/// pattern is kind 0, quiet). Overline is a kind only for Renju black.
const KINDS: [Pattern; 7] = [
    Pattern::Dead,
    Pattern::F3,
    Pattern::B4,
    Pattern::F4,
    Pattern::FourFour,
    Pattern::F5,
    Pattern::Overline,
];

/// One looked-up combination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Combo {
    /// The combined class.
    pub class: Class,
    /// The Renju verdict (always `No` for a player without forbidden moves).
    pub forbid: Forbid,
    /// The point's move-ordering value for its owner ([`crate::eval::point_value`]).
    pub value: i32,
}

impl ComboTable {
    /// The table for a player under Renju (`renju`; black has forbidden moves) or under
    /// another rule. Renju white and the other rules' players combine alike but order moves
    /// by different values.
    #[must_use]
    pub fn get(renju: bool, black: bool) -> &'static ComboTable {
        static TABLES: [OnceLock<ComboTable>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let i = usize::from(renju) * (1 + usize::from(black));
        TABLES[i].get_or_init(|| ComboTable::build(renju, renju && black))
    }

    /// The class (as a number) of a packed word, from the small kind table.
    #[inline(always)]
    #[must_use]
    pub fn class_number(&self, p: Packed) -> usize {
        let kind = self.kinds_low[(p & 0xFF) as usize] + self.kinds_high[(p >> 8) as usize];
        self.classes[kind as usize & 4095] as usize
    }

    /// The quiet patterns (see the field's documentation), one bit per pattern number.
    #[inline]
    #[must_use]
    pub fn quiet(&self) -> u16 {
        self.quiet
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

    fn build(renju: bool, renju_black: bool) -> ComboTable {
        // `combine` counts patterns and `point_value` sums them: neither sees their order.
        let entries = per_pattern_multiset(|p| {
            let pats = [0, 1, 2, 3].map(|d| packed_dir(p, d));
            let (class, forbid) = combine(&pats, renju_black);
            let value = crate::eval::point_value(&pats, class, renju);
            class as u32 | (forbid as u32) << 4 | u32::from(value as u16) << 16
        });
        // `combine` looks at fives, fours, open threes and (for Renju black) overlines only.
        let loud = [
            Pattern::F3,
            Pattern::B4,
            Pattern::F4,
            Pattern::FourFour,
            Pattern::F5,
        ];
        let quiet = Pattern::ALL
            .iter()
            .filter(|&&p| !loud.contains(&p) && (!renju_black || p != Pattern::Overline))
            .fold(0u16, |m, &p| m | 1 << p as u8);
        let kind = |n: u16| {
            let p = Pattern::from_u8(n as u8);
            KINDS
                .iter()
                .position(|&k| k == p && (renju_black || k != Pattern::Overline))
                .unwrap_or(0) as u16
        };
        let n = KINDS.len() as u16;
        let kinds_low = std::array::from_fn(|b| kind(b as u16 & 15) + n * kind(b as u16 >> 4));
        let kinds_high = std::array::from_fn(|b| n * n * kinds_low[b]);
        let mut classes = Box::new([0u8; 4096]);
        for (k, c) in classes.iter_mut().enumerate().take(KINDS.len().pow(4)) {
            let pats = [0, 1, 2, 3].map(|d| KINDS[k / KINDS.len().pow(d) % KINDS.len()]);
            *c = combine(&pats, renju_black).0 as u8;
        }
        ComboTable {
            entries,
            quiet,
            kinds_low,
            kinds_high,
            classes,
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

    /// The state tables give, for every window a board can have, exactly the pattern the
    /// classifier gives for the whole window; and freestyle's patterns never depend on the
    /// cells five points away (which is why its updates reach four points only).
    #[test]
    fn reduced_tables_match_whole_window_classification() {
        for rule in Rule::ALL {
            let table = PatternTable::get(rule);
            let mut black = Classifier::new(FiveRule::of(rule, Color::Black));
            let mut white = Classifier::new(FiveRule::of(rule, Color::White));
            let wall = u32::from(cell::WALL);
            for key in (0..KEYS as u32).filter(|&k| valid_key(k)) {
                let b = black.classify_key(key);
                let w = white.classify_key(swap_colors(key));
                let got = table.lookup(key);
                assert_eq!(
                    (Pattern::from_u8(got & 15), Pattern::from_u8(got >> 4)),
                    (b, w),
                    "{rule} key {key:05x}"
                );
                if rule == Rule::Freestyle {
                    // The outer cells as empty, or walls if the next ones in are walls.
                    let mut inner = key & !(3 | 3 << 18);
                    if (key >> 2) & 3 == wall {
                        inner |= wall;
                    }
                    if (key >> 16) & 3 == wall {
                        inner |= wall << 18;
                    }
                    assert_eq!(black.classify_key(inner), b, "{rule} key {key:05x}");
                    assert_eq!(white.classify_key(swap_colors(inner)), w);
                }
            }
        }
    }

    #[test]
    fn colour_swap_is_an_involution() {
        for k in [0u32, 0x1_2345, 0xF_FFFF, key("..XO.?|.OX.")] {
            assert_eq!(swap_colors(swap_colors(k)), k);
        }
        assert_eq!(swap_colors(key("...XO?O....")), key("...OX?X...."));
    }

    /// What the position's shortcuts rely on: the kind table gives the class, and replacing
    /// a quiet line pattern by another keeps class and verdict (so the point's evaluation
    /// value moves by the two patterns' difference).
    #[test]
    fn quiet_pattern_changes_keep_the_class() {
        for (renju, black) in [(false, false), (true, false), (true, true)] {
            let t = ComboTable::get(renju, black);
            let quiet = t.quiet();
            assert_eq!(quiet & !0x7F, 0, "quiet patterns are below F3");
            for p in 0..=u16::MAX {
                if (0..4).any(|d| (p >> (4 * d)) & 15 >= 12) {
                    continue;
                }
                let a = t.lookup(p);
                assert_eq!(t.class_number(p), a.class as usize, "{p:04x}");
                for d in 0..4 {
                    let old = (p >> (4 * d)) & 15;
                    if quiet >> old & 1 == 0 {
                        continue;
                    }
                    for new in (0..12u16).filter(|&n| quiet >> n & 1 != 0) {
                        let q = (p & !(15 << (4 * d))) | new << (4 * d);
                        let b = t.lookup(q);
                        assert_eq!(
                            (a.class, a.forbid),
                            (b.class, b.forbid),
                            "{p:04x} dir {d} -> {new}"
                        );
                    }
                }
            }
        }
    }

    /// The combination tables, filled once per multiset of patterns, hold for every packed
    /// word what `combine` and `point_value` give for it directly (so no order of the
    /// directions was missed).
    #[test]
    fn combo_tables_match_direct_combination_of_every_word() {
        for (renju, black) in [(false, false), (true, false), (true, true)] {
            let t = ComboTable::get(renju, black);
            for p in 0..=u16::MAX {
                let pats = [0, 1, 2, 3].map(|d| packed_dir(p, d));
                let (class, forbid) = combine(&pats, renju && black);
                let value = i32::from(crate::eval::point_value(&pats, class, renju));
                assert_eq!(
                    t.lookup(p),
                    Combo {
                        class,
                        forbid,
                        value
                    },
                    "{p:04x}"
                );
            }
        }
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
