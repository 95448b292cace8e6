//! The search position: a padded board whose every point knows, per direction, its line
//! window and the [`Pattern`] each side would get by playing there. Playing or undoing a
//! stone updates the ten points on each of its four lines (40 table lookups), the per-side
//! sums of point values (the evaluation) and the per-side counts of each [`Class`].
//!
//! Layout: a 32x32 array with the board in the middle and at least five wall cells on every
//! side, so that walking up to five steps from any board point needs no bounds check.

use tengen_rules::{zobrist, Board, Color, Forbidden, Move, Pos, Rule};

use crate::pattern::{
    cell, packed_dir, slot, Class, Combo, ComboTable, Forbid, Packed, Pattern, PatternTable, HALF,
};

/// Wall cells around the board.
pub const PAD: usize = HALF;
/// Row length of the padded array.
pub const STRIDE: usize = 32;
/// Cells of the padded array.
pub const CELLS: usize = STRIDE * STRIDE;
/// Index steps of the four directions, in [`tengen_rules::DIRECTIONS`] order.
pub const STEPS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, 1 - STRIDE as isize];
/// Length of the per-side class counters: the 9 [`Class`] values, rounded up to the 16 a
/// table nibble can hold so that indexing by a nibble needs no bounds check.
const CLASSES: usize = 16;
/// Key of "white to move" (the stones' keys come from [`tengen_rules::zobrist`]).
const WHITE_TO_MOVE: u64 = 0xD1B5_4A32_D192_ED03;

/// A point of the padded array.
pub type Cell = u16;

/// What a place changed wholesale, restored by the matching lift.
#[derive(Clone)]
struct Frame {
    value: [i32; 2],
    counts: [[u16; CLASSES]; 2],
    threats: [[u64; CELLS / 64]; 2],
    /// Length of `Position::changes` before the place.
    changes: u32,
}

/// One window pattern changed by a place: its cell, direction and previous table byte.
#[derive(Clone, Copy)]
struct Change {
    cell: u16,
    dir: u8,
    lut: u8,
}

/// The incremental search position.
#[derive(Clone)]
pub struct Position {
    width: u8,
    height: u8,
    rule: Rule,
    cells: Box<[u8; CELLS]>,
    keys: Box<[[u32; CELLS]; 4]>,
    /// The table byte (both sides' patterns) of each cell and direction, to skip unchanged ones.
    lut: Box<[[u8; CELLS]; 4]>,
    pats: Box<[[Packed; CELLS]; 2]>,
    near: Box<[u8; CELLS]>,
    /// Per side, the empty points whose class is at least [`Class::Three`] (one bit each):
    /// threat lookups visit only these instead of the whole board.
    threats: [[u64; CELLS / 64]; 2],
    value: [i32; 2],
    counts: [[u16; CLASSES]; 2],
    stones_hash: u64,
    side: Color,
    history: Vec<Cell>,
    /// One frame per placed stone (newest last): what `lift` restores instead of
    /// recomputing. Places and lifts always nest, so the frames form a stack.
    frames: Vec<Frame>,
    /// The (cell, direction, old table byte) of every window pattern a place changed, in
    /// frame order.
    changes: Vec<Change>,
    board_cells: Vec<Cell>,
    table: &'static PatternTable,
    combos: [&'static ComboTable; 2],
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Position({}x{}, {}, moves:",
            self.width, self.height, self.rule
        )?;
        for &c in &self.history {
            write!(f, " {}", self.pos_of(c).to_notation(self.height))?;
        }
        write!(f, ")")
    }
}

#[inline]
fn idx(c: Color) -> usize {
    c.index()
}

#[inline]
fn stone_of(c: Color) -> u8 {
    match c {
        Color::Black => cell::BLACK,
        Color::White => cell::WHITE,
    }
}

impl Position {
    /// An empty `width` x `height` position (sizes 5..=22; larger values are clamped).
    #[must_use]
    pub fn new(width: u8, height: u8, rule: Rule) -> Position {
        let width = width.clamp(1, tengen_rules::MAX_SIZE);
        let height = height.clamp(1, tengen_rules::MAX_SIZE);
        let mut cells = Box::new([cell::WALL; CELLS]);
        let mut board_cells = Vec::with_capacity(width as usize * height as usize);
        for y in 0..height {
            for x in 0..width {
                let c = Self::cell_at(Pos::new(x, y));
                cells[c as usize] = cell::EMPTY;
                board_cells.push(c);
            }
        }
        let mut p = Position {
            width,
            height,
            rule,
            cells,
            keys: Box::new([[0; CELLS]; 4]),
            lut: Box::new([[0; CELLS]; 4]),
            pats: Box::new([[0; CELLS]; 2]),
            near: Box::new([0; CELLS]),
            threats: [[0; CELLS / 64]; 2],
            value: [0; 2],
            counts: [[0; CLASSES]; 2],
            stones_hash: 0,
            side: Color::Black,
            history: Vec::with_capacity(board_cells.len()),
            frames: Vec::with_capacity(board_cells.len()),
            changes: Vec::with_capacity(board_cells.len() * 8 * HALF),
            board_cells,
            table: PatternTable::get(rule),
            combos: [
                ComboTable::get(rule.has_forbidden(Color::Black)),
                ComboTable::get(false),
            ],
        };
        p.recompute();
        p
    }

    /// The position of a game board (its stones, and its side to move).
    #[must_use]
    pub fn from_board(board: &Board) -> Position {
        let mut p = Position::new(board.width(), board.height(), board.rule());
        for (i, m) in board.moves().iter().enumerate() {
            if let Move::Stone(s) = m {
                let c = Self::cell_at(*s);
                if p.is_empty(c) {
                    p.place(c, Color::of_move(i + 1));
                    p.history.push(c);
                }
            }
        }
        p.side = board.side_to_move();
        p
    }

    /// The padded index of a board point.
    #[inline]
    #[must_use]
    pub fn cell_at(p: Pos) -> Cell {
        ((p.y as usize + PAD) * STRIDE + p.x as usize + PAD) as Cell
    }

    /// The board point of a padded index.
    #[inline]
    #[must_use]
    pub fn pos_of(&self, c: Cell) -> Pos {
        let c = c as usize;
        Pos::new((c % STRIDE - PAD) as u8, (c / STRIDE - PAD) as u8)
    }

    /// Board width.
    #[must_use]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Board height.
    #[must_use]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The rule.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn side(&self) -> Color {
        self.side
    }

    /// Hand the move to the other side without a stone (used for passes in the game record).
    pub fn swap_side(&mut self) {
        self.side = self.side.opponent();
    }

    /// Zobrist key of the stones and the side to move.
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        match self.side {
            Color::Black => self.stones_hash,
            Color::White => self.stones_hash ^ WHITE_TO_MOVE,
        }
    }

    /// Stones on the board.
    #[inline]
    #[must_use]
    pub fn stones(&self) -> usize {
        self.history.len()
    }

    /// The stones in the order they were placed.
    #[must_use]
    pub fn history(&self) -> &[Cell] {
        &self.history
    }

    /// Every board cell, row by row.
    #[must_use]
    pub fn board_cells(&self) -> &[Cell] {
        &self.board_cells
    }

    /// The raw content of a cell (see [`cell`]).
    #[inline]
    #[must_use]
    pub fn at(&self, c: Cell) -> u8 {
        self.cells[c as usize]
    }

    /// Whether `c` is an empty board point.
    #[inline]
    #[must_use]
    pub fn is_empty(&self, c: Cell) -> bool {
        (c as usize) < CELLS && self.cells[c as usize] == cell::EMPTY
    }

    /// Whether some stone lies within two points (in a 5x5 square) of `c`.
    #[inline]
    #[must_use]
    pub fn is_near(&self, c: Cell) -> bool {
        self.near[c as usize] > 0
    }

    /// The line pattern `color` gets on empty point `c` in direction `d`.
    #[inline]
    #[must_use]
    pub fn pattern(&self, color: Color, c: Cell, d: usize) -> Pattern {
        packed_dir(self.pats[idx(color)][c as usize], d)
    }

    /// The combination `color` gets on empty point `c`.
    #[inline]
    #[must_use]
    pub fn combo(&self, color: Color, c: Cell) -> Combo {
        self.combos[idx(color)].lookup(self.pats[idx(color)][c as usize])
    }

    /// The class `color` gets on empty point `c`.
    #[inline]
    #[must_use]
    pub fn class(&self, color: Color, c: Cell) -> Class {
        self.combo(color, c).class
    }

    /// How many empty points give `color` a stone of class `class`.
    #[inline]
    #[must_use]
    pub fn count(&self, color: Color, class: Class) -> u16 {
        self.counts[idx(color)][class as usize]
    }

    /// Sum of `color`'s point values over the empty points.
    #[inline]
    #[must_use]
    pub fn value(&self, color: Color) -> i32 {
        self.value[idx(color)]
    }

    /// Play a stone for the side to move on the empty point `c`.
    pub fn play(&mut self, c: Cell) {
        debug_assert!(self.is_empty(c));
        self.place(c, self.side);
        self.history.push(c);
        self.side = self.side.opponent();
    }

    /// Take back the last stone.
    pub fn undo(&mut self) {
        if let Some(c) = self.history.pop() {
            self.side = self.side.opponent();
            self.lift(c, self.side);
        }
    }

    fn place(&mut self, c: Cell, color: Color) {
        let ci = c as usize & (CELLS - 1);
        self.frames.push(Frame {
            value: self.value,
            counts: self.counts,
            threats: self.threats,
            changes: self.changes.len() as u32,
        });
        self.changes.reserve(8 * HALF);
        for s in 0..2 {
            let (class, value) = self.combos[s].class_value(self.pats[s][ci]);
            self.value[s] -= value;
            self.counts[s][class] -= 1;
            self.threats[s][ci / 64] &= !(1 << (ci % 64));
        }
        let v = stone_of(color);
        self.cells[ci] = v;
        self.stones_hash ^= zobrist(color, self.pos_of(c));
        self.update_lines::<true>(ci, v);
        self.update_near::<true>(ci);
    }

    /// Undo the newest place (of `color` on `c`): the keys are updated back, every window
    /// pattern the place changed gets its old table byte again and the sums, counts and
    /// threat sets are restored from the frame. The stone's own patterns were left as they
    /// were by the place and are valid again once every later stone is gone.
    fn lift(&mut self, c: Cell, color: Color) {
        let ci = c as usize & (CELLS - 1);
        let v = stone_of(color);
        let frame = self.frames.pop().expect("lift matches a place");
        self.update_lines::<false>(ci, v);
        self.update_near::<false>(ci);
        self.cells[ci] = cell::EMPTY;
        self.stones_hash ^= zobrist(color, self.pos_of(c));
        for ch in self.changes.drain(frame.changes as usize..) {
            let q = ch.cell as usize & (CELLS - 1);
            let d = ch.dir as usize & 3;
            self.lut[d][q] = ch.lut;
            let shift = 4 * d;
            for s in 0..2 {
                let pat = u16::from((ch.lut >> (4 * s)) & 15);
                self.pats[s][q] = (self.pats[s][q] & !(15 << shift)) | pat << shift;
            }
        }
        self.value = frame.value;
        self.counts = frame.counts;
        self.threats = frame.threats;
    }

    /// Add (`SET`) or remove the 25 "near" counts of the 5x5 square around `ci`.
    #[inline(always)]
    fn update_near<const SET: bool>(&mut self, ci: usize) {
        for dy in -2isize..=2 {
            let row = ci as isize + dy * STRIDE as isize;
            for dx in -2isize..=2 {
                let n = (row + dx) as usize & (CELLS - 1);
                if SET {
                    self.near[n] += 1;
                } else {
                    self.near[n] -= 1;
                }
            }
        }
    }

    /// Add (`SET`) or remove stone `v` of cell `ci` in the windows of its line neighbours.
    /// The walk along a line stops at the first wall: the padding is at least as wide as the
    /// table's reach, so every later cell on that side is a wall too.
    #[inline(always)]
    fn update_lines<const SET: bool>(&mut self, ci: usize, v: u8) {
        let reach = self.table.reach() as isize;
        for (d, &step) in STEPS.iter().enumerate() {
            for k in 1..=reach {
                let fwd = (ci as isize + step * k) as usize & (CELLS - 1);
                if self.cells[fwd] == cell::WALL {
                    break;
                }
                // Seen from `fwd`, the stone lies `k` cells back.
                self.update_key::<SET>(fwd, d, u32::from(v) << (2 * (HALF as isize - k)));
            }
            for k in 1..=reach {
                let back = (ci as isize - step * k) as usize & (CELLS - 1);
                if self.cells[back] == cell::WALL {
                    break;
                }
                self.update_key::<SET>(back, d, u32::from(v) << (2 * (HALF as isize + k - 1)));
            }
        }
    }

    /// Add (`SET`) or remove the stone bits `bits` in the key of non-wall cell `q` for
    /// direction `d` (`q` < [`CELLS`]).
    #[inline(always)]
    fn update_key<const SET: bool>(&mut self, q: usize, d: usize, bits: u32) {
        let q = q & (CELLS - 1);
        let d = d & 3;
        let key = if SET {
            self.keys[d][q] | bits
        } else {
            self.keys[d][q] & !bits
        };
        self.keys[d][q] = key;
        if !SET || self.cells[q] != cell::EMPTY {
            // Occupied points keep only their keys (their patterns are stale until their own
            // lift); a lift restores the patterns from the change log.
            return;
        }
        let e = self.table.lookup(key);
        let old = self.lut[d][q];
        if e == old {
            return;
        }
        self.changes.push(Change {
            cell: q as u16,
            dir: d as u8,
            lut: old,
        });
        self.lut[d][q] = e;
        let shift = 4 * d;
        for s in 0..2 {
            let pat = u16::from((e >> (4 * s)) & 15);
            let old = self.pats[s][q];
            let new = (old & !(15 << shift)) | pat << shift;
            if new != old {
                self.pats[s][q] = new;
                let (a_class, a_value) = self.combos[s].class_value(old);
                let (b_class, b_value) = self.combos[s].class_value(new);
                self.value[s] += b_value - a_value;
                self.counts[s][a_class] -= 1;
                self.counts[s][b_class] += 1;
                if (a_class == 0) != (b_class == 0) {
                    self.threats[s][q / 64] ^= 1 << (q % 64);
                }
            }
        }
    }

    /// Rebuild every key, pattern, sum and count from the stones alone.
    fn recompute(&mut self) {
        self.value = [0; 2];
        self.counts = [[0; CLASSES]; 2];
        self.threats = [[0; CELLS / 64]; 2];
        for ci in 0..CELLS {
            self.near[ci] = 0;
        }
        for i in 0..self.board_cells.len() {
            let ci = self.board_cells[i] as usize;
            let mut packed = [0 as Packed; 2];
            for (d, &step) in STEPS.iter().enumerate() {
                let mut key = 0u32;
                for o in -(HALF as isize)..=HALF as isize {
                    if o != 0 {
                        let q = (ci as isize + step * o) as usize;
                        key |= u32::from(self.cells[q]) << (2 * slot(o as i32));
                    }
                }
                self.keys[d][ci] = key;
                let e = self.table.lookup(key);
                self.lut[d][ci] = e;
                for (s, p) in packed.iter_mut().enumerate() {
                    *p |= u16::from((e >> (4 * s)) & 15) << (4 * d);
                }
            }
            for (s, &p) in packed.iter().enumerate() {
                self.pats[s][ci] = p;
                if self.cells[ci] == cell::EMPTY {
                    let k = self.combos[s].lookup(p);
                    self.value[s] += k.value;
                    self.counts[s][k.class as usize] += 1;
                    if k.class != Class::Plain {
                        self.threats[s][ci / 64] |= 1 << (ci % 64);
                    }
                }
            }
            if self.cells[ci] != cell::EMPTY {
                for dy in -2isize..=2 {
                    for dx in -2isize..=2 {
                        self.near[(ci as isize + dy * STRIDE as isize + dx) as usize] += 1;
                    }
                }
            }
        }
    }

    /// Whether a black stone on empty point `c` is forbidden (only ever under Renju).
    #[inline]
    pub fn is_forbidden(&mut self, c: Cell) -> bool {
        self.forbidden(c).is_some()
    }

    /// Whether `color` may put a stone on `c`: empty and, for Renju black, not forbidden.
    #[inline]
    pub fn is_legal_for(&mut self, color: Color, c: Cell) -> bool {
        self.is_empty(c) && !(color == Color::Black && self.is_forbidden(c))
    }

    /// The Renju verdict for a black stone on the empty point `c` (spec §3). Overlines and
    /// double fours come straight from the patterns; a double-three candidate is checked with
    /// the recursive rule (each three's straight-four point must itself be allowed).
    pub fn forbidden(&mut self, c: Cell) -> Option<Forbidden> {
        if self.rule != Rule::Renju || !self.is_empty(c) {
            return None;
        }
        match self.combo(Color::Black, c).forbid {
            Forbid::No => None,
            Forbid::Overline => Some(Forbidden::Overline),
            Forbid::DoubleFour => Some(Forbidden::DoubleFour),
            Forbid::MaybeDoubleThree => {
                if self.real_double_three(c) {
                    Some(Forbidden::DoubleThree)
                } else {
                    None
                }
            }
        }
    }

    fn real_double_three(&mut self, p: Cell) -> bool {
        let before = self.pats[0][p as usize];
        self.place(p, Color::Black);
        let mut threes = 0;
        for d in 0..4 {
            if packed_dir(before, d) == Pattern::F3 && self.three_is_real(p, d) {
                threes += 1;
                if threes >= 2 {
                    break;
                }
            }
        }
        self.lift(p, Color::Black);
        threes >= 2
    }

    /// With black on `p`: is there a point `q` on line `d` where black makes a straight four
    /// holding `p`, and `q` itself is not forbidden?
    fn three_is_real(&mut self, p: Cell, d: usize) -> bool {
        let step = STEPS[d];
        for k in -4isize..=4 {
            if k == 0 {
                continue;
            }
            let q = (p as isize + step * k) as Cell;
            if self.cells[q as usize] != cell::EMPTY
                || self.pattern(Color::Black, q, d) != Pattern::F4
                || !self.black_run_holds(q, step, p)
            {
                continue;
            }
            if self.forbidden(q).is_none() {
                return true;
            }
        }
        false
    }

    /// Whether the black run through `q` (counting `q` as black) along `step` contains `p`.
    fn black_run_holds(&self, q: Cell, step: isize, p: Cell) -> bool {
        for dir in [step, -step] {
            let mut i = q as isize + dir;
            while self.cells[i as usize] == cell::BLACK {
                if i == p as isize {
                    return true;
                }
                i += dir;
            }
        }
        false
    }

    /// Empty points within two of a stone, in board order.
    pub fn near_points(&self, out: &mut Vec<Cell>) {
        out.clear();
        out.extend(
            self.board_cells
                .iter()
                .copied()
                .filter(|&c| self.near[c as usize] > 0 && self.cells[c as usize] == cell::EMPTY),
        );
    }

    /// Empty points where either side gets at least [`Class::Three`], in board order: a
    /// superset of the points where either side would make a four.
    pub fn threat_points(&self, out: &mut Vec<Cell>) {
        out.clear();
        for (w, (&a, &b)) in self.threats[0].iter().zip(&self.threats[1]).enumerate() {
            let mut bits = a | b;
            while bits != 0 {
                out.push((w * 64 + bits.trailing_zeros() as usize) as Cell);
                bits &= bits - 1;
            }
        }
    }

    /// Empty points where `color` gets at least class `min` (which must be at least
    /// [`Class::Three`]), in board order.
    pub fn points_of_class(&self, color: Color, min: Class, out: &mut Vec<Cell>) {
        debug_assert!(min >= Class::Three);
        out.clear();
        let s = idx(color);
        for (w, &word) in self.threats[s].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let ci = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.combos[s].lookup(self.pats[s][ci]).class >= min {
                    out.push(ci as Cell);
                }
            }
        }
    }

    /// Recomputes from scratch and reports the first difference from the incremental state
    /// (for tests).
    #[doc(hidden)]
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut fresh = self.clone();
        fresh.recompute();
        if fresh.value != self.value {
            return Err(format!(
                "values {:?} vs fresh {:?}",
                self.value, fresh.value
            ));
        }
        if fresh.threats != self.threats {
            return Err("threat point sets differ".to_string());
        }
        if fresh.counts != self.counts {
            return Err(format!(
                "counts {:?} vs fresh {:?}",
                self.counts, fresh.counts
            ));
        }
        for &c in &self.board_cells {
            let ci = c as usize;
            for d in 0..4 {
                let mask = self.table.key_mask();
                if fresh.keys[d][ci] & mask != self.keys[d][ci] & mask {
                    return Err(format!("key of {:?} dir {d}", self.pos_of(c)));
                }
            }
            let empty = self.cells[ci] == cell::EMPTY;
            if empty
                && (fresh.pats[0][ci] != self.pats[0][ci]
                    || fresh.pats[1][ci] != self.pats[1][ci]
                    || (0..4).any(|d| fresh.lut[d][ci] != self.lut[d][ci]))
            {
                return Err(format!("patterns of {:?}", self.pos_of(c)));
            }
            if fresh.near[ci] != self.near[ci] {
                return Err(format!("near count of {:?}", self.pos_of(c)));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    #[test]
    fn random_play_and_undo_match_recomputation() {
        let mut rng = StdRng::seed_from_u64(7);
        for (w, h, rule) in [
            (15, 15, Rule::Freestyle),
            (15, 15, Rule::Renju),
            (5, 5, Rule::Standard),
            (22, 22, Rule::Caro),
            (20, 7, Rule::CaroExact),
        ] {
            let mut p = Position::new(w, h, rule);
            let start = p.hash();
            for _ in 0..3 {
                let mut cells = p.board_cells().to_vec();
                cells.shuffle(&mut rng);
                let n = rng.gen_range(1..=cells.len());
                for &c in &cells[..n] {
                    p.play(c);
                    if rng.gen_bool(0.1) {
                        p.check_consistency().unwrap();
                    }
                }
                p.check_consistency().unwrap();
                for _ in 0..n {
                    p.undo();
                    if rng.gen_bool(0.1) {
                        p.check_consistency().unwrap();
                    }
                }
                p.check_consistency().unwrap();
                assert_eq!(p.hash(), start);
            }
        }
    }

    #[test]
    fn hash_matches_the_rules_board_stones() {
        let mut b = Board::new(15, Rule::Freestyle);
        for (x, y) in [(7, 7), (8, 8), (6, 9)] {
            b.play(Move::Stone(Pos::new(x, y))).unwrap();
        }
        let p = Position::from_board(&b);
        // The stones' part is the same Zobrist sum the rules board uses.
        let stones: u64 = [
            (7, 7, Color::Black),
            (8, 8, Color::White),
            (6, 9, Color::Black),
        ]
        .iter()
        .fold(0, |h, &(x, y, c)| h ^ zobrist(c, Pos::new(x, y)));
        assert_eq!(p.hash(), stones ^ WHITE_TO_MOVE);
        assert_eq!(p.side(), Color::White);
    }

    /// Points where `color` makes a winning five, per the rules crate.
    fn rules_fives(b: &Board, color: Color) -> Vec<Pos> {
        let mut probe = b.clone();
        if probe.side_to_move() != color {
            probe.pass().unwrap();
        }
        b.empty_points()
            .filter(|&p| {
                let mut t = probe.clone();
                t.play(Move::Stone(p)).is_ok()
                    && t.outcome().and_then(|o| o.winner()) == Some(color)
            })
            .collect()
    }

    #[test]
    fn fives_and_fours_agree_with_the_rules_crate() {
        let mut rng = StdRng::seed_from_u64(5);
        for round in 0..120 {
            let rule = Rule::ALL[round % Rule::ALL.len()];
            let size = [15u8, 9, 6][round % 3];
            let mut b = Board::new(size, rule);
            let n = rng.gen_range(4..(size as usize * size as usize / 2));
            for _ in 0..n {
                let p = Pos::new(rng.gen_range(0..size), rng.gen_range(0..size));
                if b.is_empty_at(p) {
                    b.play(Move::Stone(p)).unwrap();
                }
                if b.outcome().is_some() {
                    b.undo().unwrap();
                    break;
                }
            }
            let pos = Position::from_board(&b);
            for color in Color::ALL {
                let want = rules_fives(&b, color);
                let got: Vec<Pos> = b
                    .empty_points()
                    .filter(|&p| pos.class(color, Position::cell_at(p)) == Class::Five)
                    .collect();
                assert_eq!(got, want, "{rule} {color} fives on\n{b}");
                // A point is a four point for `color` iff after playing it `color` has a five
                // point (Renju black: a forbidden four point is classed Forbidden instead).
                // (Skipped when `color` already has a five point: completions then overlap.)
                for p in b.empty_points().filter(|_| want.is_empty()) {
                    let c = Position::cell_at(p);
                    let k = pos.combo(color, c);
                    if k.class == Class::Five || k.class == Class::Forbidden {
                        continue;
                    }
                    let mut after = b.clone();
                    if after.side_to_move() != color {
                        after.pass().unwrap();
                    }
                    after.play(Move::Stone(p)).unwrap();
                    let completions = rules_fives(&after, color).len();
                    assert_eq!(
                        k.class.makes_four(),
                        completions > 0,
                        "{rule} {color} four at {} ({:?}, {completions} completions) on\n{b}",
                        p.to_notation(size),
                        k.class
                    );
                }
            }
        }
    }

    #[test]
    fn forbidden_agrees_with_the_rules_crate_on_random_positions() {
        let mut rng = StdRng::seed_from_u64(11);
        let mut checked = 0;
        let mut forbidden = 0;
        for _ in 0..300 {
            let mut b = Board::new(15, Rule::Renju);
            let n = rng.gen_range(6..70);
            // Dense play in the middle makes many threes and fours.
            for _ in 0..n {
                let x = rng.gen_range(3..12);
                let y = rng.gen_range(3..12);
                let p = Pos::new(x, y);
                if b.is_empty_at(p) {
                    let _ = b.play(Move::Stone(p));
                }
                if b.outcome().is_some() {
                    break;
                }
            }
            let mut pos = Position::from_board(&b);
            for p in b.empty_points().collect::<Vec<_>>() {
                let want = b.forbidden(p);
                let got = pos.forbidden(Position::cell_at(p));
                assert_eq!(got, want, "{p:?} on\n{b}");
                checked += 1;
                forbidden += usize::from(want.is_some());
            }
        }
        assert!(
            forbidden > 50,
            "only {forbidden} forbidden points in {checked}"
        );
    }
}
