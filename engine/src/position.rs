//! The search position: a padded board whose every point knows, per direction, the
//! [`Pattern`] each side would get by playing there. Playing or undoing a stone updates the
//! empty points on its four lines within the table's reach, the per-side sums of point values
//! (the evaluation), the per-side counts of each [`Class`] and the threat point sets.
//!
//! Layout: a 32x32 array with the board in the middle and at least five wall cells on every
//! side, so that walking up to five steps from any board point needs no bounds check. Each
//! line of the array (row, column, diagonal, anti-diagonal) is also kept as one `u64` of
//! two-bit cells, so that a point's line window is a shift of its line away: a stone updates
//! four words instead of forty per-point keys, and the empty points within reach are found
//! with a few bit operations.

use tengen_rules::{zobrist, Board, Color, Forbidden, Move, Pos, Rule};

use crate::eval::{eval_tables, unpack, EvalTables};
use crate::pattern::{
    cell, packed_dir, Class, Combo, ComboTable, Forbid, Packed, Pattern, PatternTable, PatternView,
    HALF, HALF_BITS,
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
/// Line words: 32 rows, 32 columns, 63 diagonals and 63 anti-diagonals (each of the last
/// two groups padded to 64).
const LINES: usize = 4 * 2 * STRIDE;
/// First line word of each direction.
const LINE_BASE: [usize; 4] = [0, STRIDE, 2 * STRIDE, 4 * STRIDE];
/// The first bit of a record's cell (see [`Record`]).
const RECORD_CELL: u32 = 48;
/// Per row of the 5x5 "near" square: one added to five consecutive byte counters (a count
/// never exceeds 25, so no byte carries into the next).
const NEAR_ROW: u64 = 0x01_0101_0101;

/// Entries of the change log: a place changes at most `8 * HALF` records and at most one
/// place per board point is ever pending (each puts a stone on an empty point), so
/// 22 * 22 * 40 = 19360 entries always suffice.
const LOG_CAP: usize = 1 << 15;
/// The record bit that is set only if black's class is [`Class::Forbidden`] (8); white is
/// never forbidden.
const FORBIDDEN_BITS: u64 = 1 << FORBIDDEN_BIT;
/// The bit of [`FORBIDDEN_BITS`].
const FORBIDDEN_BIT: u32 = 35;

/// A point of the padded array.
pub type Cell = u16;

/// What a place changed in the sums, restored by the matching lift.
#[derive(Clone)]
struct Frame {
    value: [i64; 2],
    /// Length of the change log before the place.
    changes: u32,
    /// Length of the class change log before the place.
    classes: u32,
}

/// A cell's record: black's four line patterns (a [`Packed`] word, bits 0..16), white's
/// (bits 16..32), black's class (bits 32..40), white's (bits 40..48) and the cell itself
/// (bits 48.., never changed). The class is the combination table's class of the packed
/// word, kept so that most updates skip the table. With its cell inside, a record is its own
/// change log entry: logged and restored as it is.
type Record = u64;

/// Side `s`'s packed line patterns in a record.
#[inline(always)]
fn packed_of(rec: Record, s: usize) -> Packed {
    (rec >> (16 * (s & 1))) as Packed
}

/// Side `s`'s class (as a number) in a record.
#[inline(always)]
fn class_of(rec: Record, s: usize) -> usize {
    ((rec >> (32 + 8 * (s & 1))) & 15) as usize
}

/// Side `s`'s packed attack and defence value ([`crate::eval::pack`]) of a point with record
/// `rec` and class (number) `class`: its lines' values, the class bonus and its pairs'
/// values, nothing if forbidden.
#[inline(always)]
fn point_value(values: &EvalTables, rec: Record, s: usize, class: usize) -> i64 {
    if class == Class::Forbidden as usize {
        return 0;
    }
    let p = packed_of(rec, s);
    let lines: i64 = (0..4)
        .map(|d| values.lines[(p >> (4 * d) & 15) as usize])
        .sum();
    lines + values.classes[class & 15] + pair_sum(values, p)
}

/// The sum of the pair values ([`EvalTables::pairs`]) of the four line patterns of packed
/// word `p`, each two once.
#[inline(always)]
fn pair_sum(values: &EvalTables, p: Packed) -> i64 {
    let n = |d: u32| (p >> (4 * d) & 15) as usize;
    let mut sum = 0;
    for d in 0..3 {
        for e in d + 1..4 {
            sum += values.pairs[n(d) << 4 | n(e)];
        }
    }
    sum
}

/// The change of a point's pair values when its pattern on line `D` goes from `a` to `b`
/// and the other three lines' patterns are those of packed word `p`.
#[inline(always)]
fn pair_change<const D: usize>(values: &EvalTables, p: Packed, a: usize, b: usize) -> i64 {
    let mut sum = 0;
    for e in 0..4 {
        if e != D {
            let pe = (p >> (4 * e) & 15) as usize;
            sum += values.pairs[b << 4 | pe] - values.pairs[a << 4 | pe];
        }
    }
    sum
}

/// A class change entry: point `q` (10 bits), side `s`, old and new class (4 bits each).
#[inline(always)]
fn class_change(q: usize, s: usize, old: usize, new: usize) -> u32 {
    (q & (CELLS - 1)) as u32
        | (s as u32 & 1) << 10
        | (old as u32 & 15) << 11
        | (new as u32 & 15) << 15
}

/// The line word and the position in it (its cell is bits `2 * pos`) of cell `ci` along
/// direction `d`: rows and diagonals are indexed by column, columns by row.
#[inline(always)]
fn line_of(ci: usize, d: usize) -> (usize, u32) {
    let x = ci % STRIDE;
    let y = (ci / STRIDE) % STRIDE;
    match d & 3 {
        0 => (LINE_BASE[0] + y, x as u32),
        1 => (LINE_BASE[1] + x, y as u32),
        2 => (LINE_BASE[2] + x + STRIDE - 1 - y, x as u32),
        _ => (LINE_BASE[3] + x + y, x as u32),
    }
}

/// The patterns (table byte) of the point at `pos` of line word `line`. The window's cells
/// are bits `2 * (pos - HALF)..2 * (pos + HALF + 1)`; board points have `pos >= HALF`.
#[inline(always)]
fn window_lookup(table: &PatternTable, line: u64, pos: u32) -> u8 {
    let w = line >> (2 * (pos - HALF as u32));
    table.lookup_halves(w as u32, (w >> (HALF_BITS + 2)) as u32)
}

/// The incremental search position.
#[derive(Clone)]
pub struct Position {
    width: u8,
    height: u8,
    rule: Rule,
    cells: [u8; CELLS],
    /// Every line of the array as two-bit cells (walls outside the board).
    lines: [u64; LINES],
    /// Both sides' patterns and classes per cell (see [`Record`]); valid for empty points
    /// (a stone's record is left as it was when it was placed and is valid again on its
    /// lift).
    records: [Record; CELLS],
    /// Per cell, the stones in its 5x5 square; 8 spare bytes at the end so that a row's
    /// eight-byte word never needs a bounds check.
    near: [u8; CELLS + 8],
    tally: Tally,
    /// Zobrist keys of each colour's stones (black's, white's); the position's key is both
    /// and the side to move.
    stone_keys: [u64; 2],
    side: Color,
    history: Vec<Cell>,
    /// One frame per placed stone (newest last): what `lift` restores instead of
    /// recomputing. Places and lifts always nest, so the frames form a stack.
    frames: Vec<Frame>,
    /// The old record of every cell a place changed (its cell in it), in frame order:
    /// the first `log_len` entries. A fixed array, so that logging needs no capacity check.
    log: Box<[u64; LOG_CAP]>,
    log_len: usize,
    /// Every class change a place made (see [`class_change`]), in frame order: a lift undoes
    /// the counts and threat bits from these instead of comparing every restored record.
    class_log: Vec<u32>,
    board_cells: Vec<Cell>,
    tables: Tables,
}

/// A walk over the points of one side's threat set whose class is at least some class
/// (see [`Position::class_points`]).
#[derive(Debug, Clone, Copy)]
pub struct ClassPoints {
    side: usize,
    min: usize,
    /// The threat set word being walked, and its bits not yet visited.
    word: usize,
    bits: u64,
}

/// The sums a place keeps over the empty points, per side.
#[derive(Clone, PartialEq, Eq)]
struct Tally {
    /// Sum of the point values (attack and defence packed, see [`crate::eval::pack`]).
    value: [i64; 2],
    /// Points of each class.
    counts: [[u16; CLASSES]; 2],
    /// The points whose class is at least [`Class::Three`] (one bit each): threat lookups
    /// visit only these instead of the whole board.
    threats: [[u64; CELLS / 64]; 2],
}

/// The rule's tables and what the update loop derives from them, read-only after `new`.
#[derive(Clone, Copy)]
struct Tables {
    patterns: &'static PatternTable,
    combos: [&'static ComboTable; 2],
    /// The rule's attack and defence values.
    values: &'static EvalTables,
    /// Per side and line pattern change (`old | new << 4`): twice the change of the line's
    /// packed value, plus one if the change may change the class (unless both patterns are
    /// quiet, see [`ComboTable::quiet`]).
    pattern_changes: [[i64; 256]; 2],
    /// [`PatternTable::reach`].
    reach: u32,
    /// The stones' Zobrist keys ([`tengen_rules::zobrist`]) by colour and cell.
    keys: &'static [[u64; CELLS]; 2],
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

/// What a place accumulates while it walks its four lines: kept in locals (registers),
/// written back once.
struct Pending<'a> {
    /// The class change log.
    class_log: &'a mut Vec<u32>,
    /// The change log and its length.
    log: &'a mut [u64; LOG_CAP],
    len: usize,
    /// The value changes so far, per side.
    value: [i64; 2],
}

/// Add stone `v` on cell `ci` to its line word of direction `D`, look up the patterns of the
/// empty points within reach on that line and record the ones that changed. A free function
/// over separate borrows, so that the compiler knows the stores to records and sums do not
/// touch the tables and keeps the table pointers in registers; generic over the direction
/// so that the cell step is a constant.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn update_line<const D: usize>(
    tables: &Tables,
    view: PatternView<'_>,
    lines: &mut [u64; LINES],
    records: &mut [Record; CELLS],
    pending: &mut Pending<'_>,
    tally: &mut Tally,
    ci: usize,
    v: u8,
) {
    let step = STEPS[D];
    let (li, pos) = line_of(ci, D);
    let line = lines[li] | u64::from(v) << (2 * pos);
    lines[li] = line;
    // The line from ten cells before the stone on: the cell `k` steps from it is at bits
    // `2 * (k + 10)`. Every cell within reach lies on the line (a stone is at least HALF
    // cells from either end of it, counting the walls), and the point `k` steps away, if
    // empty, is a board point, so its window (HALF cells either side) does too.
    let around = ((u128::from(line) << 20) >> (2 * pos)) as u64;
    // The point `k` steps from the stone, if empty: unrolled, so that the cell, the
    // emptiness test and the window's shift are constants.
    macro_rules! point {
        ($k:literal) => {
            if around >> (2 * ($k + 10)) & 3 == 0 {
                #[allow(clippy::neg_multiply)]
                let q = (ci as isize + $k * step) as usize & (CELLS - 1);
                update_point::<D>(
                    tables,
                    view,
                    records,
                    pending,
                    tally,
                    q,
                    around >> (2 * ($k + 5)),
                );
            }
        };
    }
    point!(-4);
    point!(-3);
    point!(-2);
    point!(-1);
    point!(1);
    point!(2);
    point!(3);
    point!(4);
    if tables.reach as usize == HALF {
        point!(-5);
        point!(5);
    }
}

/// The record update of empty point `q`, whose window on the line of [`update_line`] (the
/// one whose patterns are at bit `shift` of a packed word) starts at bit 0 of `w`: look up
/// its patterns and record a change.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn update_point<const D: usize>(
    tables: &Tables,
    view: PatternView<'_>,
    records: &mut [Record; CELLS],
    pending: &mut Pending<'_>,
    tally: &mut Tally,
    q: usize,
    w: u64,
) {
    let shift = 4 * D as u32;
    let (black, white) = view.lookup_pair(w as u32, (w >> (HALF_BITS + 2)) as u32);
    let old = records[q];
    // Both sides' old and new pattern numbers on this line, at bits 0 and 16.
    let was = (old >> shift) & 0xF_000F;
    let now = u64::from(black) | u64::from(white) << 16;
    if was == now {
        return;
    }
    pending.log[pending.len & (LOG_CAP - 1)] = old;
    pending.len += 1;
    let rec = old ^ (was ^ now) << shift;
    // Per side, `old | new << 4` in bits 0..8 and 16..24.
    let change = was | now << 4;
    let c0 = tables.pattern_changes[0][change as u8 as usize];
    let c1 = tables.pattern_changes[1][(change >> 16) as u8 as usize];
    // The value change if the class stays: the usual case.
    pending.value[0] += c0 >> 1;
    pending.value[1] += c1 >> 1;
    // Only pairs with a closed three or more have values (`EvalTables::pairs`): nothing
    // to do for a side unless the point has one before or after. Adding 2 to each
    // pattern number (at most 11) sets a nibble's top bit for 6 (B3) and above, without
    // a carry; both sides' patterns are the record's low 32 bits, so one test skips
    // the usual point, which has none.
    let top = |r: Record| (r as u32).wrapping_add(0x2222_2222) & 0x8888_8888;
    let threes = top(old) | top(rec);
    if threes != 0 {
        for s in 0..2 {
            let (a, b) = (
                (change >> (16 * s)) as usize & 15,
                (change >> (16 * s + 4)) as usize & 15,
            );
            if a != b && threes >> (16 * s) & 0x8888 != 0 {
                pending.value[s] += pair_change::<D>(tables.values, packed_of(rec, s), a, b);
            }
        }
    }
    // Loud for a side, or forbidden for black (class 8 is the only one with bit 3 set).
    if (c0 | c1 | (rec >> FORBIDDEN_BIT) as i64) & 1 != 0 {
        let mut rec = rec;
        if c0 & 1 != 0 || rec & FORBIDDEN_BITS != 0 {
            let (r, correction) = reclassify::<0, D>(tables, tally, pending.class_log, old, rec);
            rec = r;
            pending.value[0] += correction;
        }
        if c1 & 1 != 0 {
            let (r, correction) = reclassify::<1, D>(tables, tally, pending.class_log, old, rec);
            rec = r;
            pending.value[1] += correction;
        }
        records[q] = rec;
    } else {
        records[q] = rec;
    }
}

/// The rare part of a record update: a side's pattern change that may change its class
/// (see [`ComboTable::quiet`]), or a point that is forbidden for black. Finds the changed
/// sides' new classes and returns the record with them and what to add to the values
/// already changed by the line values' difference.
#[cold]
#[inline(never)]
fn reclassify<const S: usize, const D: usize>(
    tables: &Tables,
    tally: &mut Tally,
    class_log: &mut Vec<u32>,
    old: Record,
    rec: Record,
) -> (Record, i64) {
    // The point (the record carries it) and its patterns' bit in a packed word.
    let q = (old >> RECORD_CELL) as usize & (CELLS - 1);
    let shift = 4 * D as u32;
    let side_shift = (shift + 16 * S as u32) & 63;
    let (a, b) = (
        (old >> side_shift & 15) as usize,
        (rec >> side_shift & 15) as usize,
    );
    let a_class = class_of(old, S);
    let b_class = tables.combos[S].class_number(packed_of(rec, S)) & 15;
    let values = tables.values;
    let forbidden = Class::Forbidden as usize;
    // Replace the line values' difference by the real value change.
    let correction = if a_class != forbidden && b_class != forbidden {
        values.classes[b_class] - values.classes[a_class]
    } else {
        // update_point has added the pair values' change already.
        point_value(values, rec, S, b_class)
            - point_value(values, old, S, a_class)
            - (values.lines[b] - values.lines[a])
            - (pair_sum(values, packed_of(rec, S)) - pair_sum(values, packed_of(old, S)))
    };
    if a_class == b_class {
        return (rec, correction);
    }
    tally.counts[S][a_class] -= 1;
    tally.counts[S][b_class] += 1;
    let toggles = (a_class == 0) != (b_class == 0);
    tally.threats[S][q / 64] ^= u64::from(toggles) << (q % 64);
    class_log.push(class_change(q, S, a_class, b_class));
    let class_shift = 32 + 8 * S;
    let rec = (rec & !(0xFF << class_shift)) | (b_class as u64) << class_shift;
    (rec, correction)
}

/// [`tengen_rules::zobrist`] by colour and cell (zero off the board).
fn cell_keys() -> &'static [[u64; CELLS]; 2] {
    static KEYS: std::sync::OnceLock<Box<[[u64; CELLS]; 2]>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        let mut keys = Box::new([[0; CELLS]; 2]);
        for y in 0..tengen_rules::MAX_SIZE {
            for x in 0..tengen_rules::MAX_SIZE {
                let p = Pos::new(x, y);
                let c = Position::cell_at(p) as usize;
                for color in Color::ALL {
                    keys[idx(color)][c] = zobrist(color, p);
                }
            }
        }
        keys
    })
}

impl Position {
    /// An empty `width` x `height` position (sizes 5..=22; larger values are clamped).
    #[must_use]
    pub fn new(width: u8, height: u8, rule: Rule) -> Position {
        let width = width.clamp(1, tengen_rules::MAX_SIZE);
        let height = height.clamp(1, tengen_rules::MAX_SIZE);
        let mut cells = [cell::WALL; CELLS];
        let mut board_cells = Vec::with_capacity(width as usize * height as usize);
        for y in 0..height {
            for x in 0..width {
                let c = Self::cell_at(Pos::new(x, y));
                cells[c as usize] = cell::EMPTY;
                board_cells.push(c);
            }
        }
        let patterns = PatternTable::get(rule);
        let reach = patterns.reach();
        let combos = [
            ComboTable::get(rule == Rule::Renju, true),
            ComboTable::get(rule == Rule::Renju, false),
        ];
        let values = eval_tables(rule);
        let mut p = Position {
            width,
            height,
            rule,
            cells,
            lines: [0; LINES],
            records: [0; CELLS],
            near: [0; CELLS + 8],
            tally: Tally {
                value: [0; 2],
                counts: [[0; CLASSES]; 2],
                threats: [[0; CELLS / 64]; 2],
            },
            stone_keys: [0; 2],
            side: Color::Black,
            history: Vec::with_capacity(board_cells.len()),
            frames: Vec::with_capacity(board_cells.len()),
            log: vec![0; LOG_CAP]
                .into_boxed_slice()
                .try_into()
                .expect("LOG_CAP entries"),
            log_len: 0,
            class_log: Vec::with_capacity(1024),
            board_cells,
            tables: Tables {
                patterns,
                combos,
                values,
                pattern_changes: combos.map(|t| {
                    let quiet = t.quiet();
                    std::array::from_fn(|i| {
                        let (a, b) = (i & 15, i >> 4);
                        let loud = a != b && (quiet >> a) & (quiet >> b) & 1 == 0;
                        2 * (values.lines[b] - values.lines[a]) + i64::from(loud)
                    })
                }),
                reach: reach as u32,
                keys: cell_keys(),
            },
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
        let stones = self.stone_keys[0] ^ self.stone_keys[1];
        match self.side {
            Color::Black => stones,
            Color::White => stones ^ WHITE_TO_MOVE,
        }
    }

    /// [`Position::hash`] after the side to move plays on empty point `c`, without playing
    /// it (a caller can start loading the child's table entry before the move's update).
    #[inline]
    #[must_use]
    pub fn hash_after(&self, c: Cell) -> u64 {
        self.hash() ^ self.tables.keys[idx(self.side)][c as usize & (CELLS - 1)] ^ WHITE_TO_MOVE
    }

    /// Zobrist key of `color`'s stones alone (the correction history's index,
    /// [`crate::correction`]).
    #[inline]
    #[must_use]
    pub fn stones_key(&self, color: Color) -> u64 {
        self.stone_keys[idx(color)]
    }

    /// A key of the stones and walls within `reach` points of `c` along its four lines
    /// (absolute colours, not the point's place): the correction history's shape index
    /// ([`crate::correction`]). `c` must be a board point and `reach` at most [`HALF`].
    #[inline]
    #[must_use]
    pub fn star_key(&self, c: Cell, reach: u32) -> u64 {
        debug_assert!(reach as usize <= HALF, "reach {reach}");
        let mask = (1u64 << (2 * (2 * reach + 1))) - 1;
        let mut key = 0u64;
        for d in 0..4 {
            let (li, pos) = line_of(c as usize, d);
            let w = (self.lines[li] >> (2 * (pos - reach))) & mask;
            key = (key ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        key
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
        packed_dir(packed_of(self.records[c as usize], idx(color)), d)
    }

    /// `color`'s four line patterns on point `c`, packed.
    #[inline]
    #[must_use]
    pub fn packed(&self, color: Color, c: Cell) -> Packed {
        packed_of(self.records[c as usize], idx(color))
    }

    /// The combination `color` gets on empty point `c`.
    #[inline]
    #[must_use]
    pub fn combo(&self, color: Color, c: Cell) -> Combo {
        self.tables.combos[idx(color)].lookup(packed_of(self.records[c as usize], idx(color)))
    }

    /// The side to move's and then the opponent's packed line patterns and classes (as
    /// numbers, see [`Class::from_u8`]) on point `c`, from one read of its record.
    #[inline]
    #[must_use]
    pub fn sides(&self, c: Cell) -> ([Packed; 2], [usize; 2]) {
        let rec = self.records[c as usize];
        let (us, them) = (idx(self.side), idx(self.side.opponent()));
        (
            [packed_of(rec, us), packed_of(rec, them)],
            [class_of(rec, us), class_of(rec, them)],
        )
    }

    /// The class `color` gets on empty point `c`.
    #[inline]
    #[must_use]
    pub fn class(&self, color: Color, c: Cell) -> Class {
        Class::from_u8(class_of(self.records[c as usize], idx(color)) as u8)
    }

    /// How many empty points give `color` a stone of class `class`.
    #[inline]
    #[must_use]
    pub fn count(&self, color: Color, class: Class) -> u16 {
        self.tally.counts[idx(color)][class as usize]
    }

    /// Sum of `color`'s attack values over the empty points (what its points are worth
    /// with `color` to move), in eighths of an evaluation point.
    #[inline]
    #[must_use]
    pub fn attack(&self, color: Color) -> i32 {
        unpack(self.tally.value[idx(color)]).0
    }

    /// Sum of `color`'s defence values over the empty points (what its points are worth
    /// with the opponent to move), in eighths of an evaluation point.
    #[inline]
    #[must_use]
    pub fn defence(&self, color: Color) -> i32 {
        unpack(self.tally.value[idx(color)]).1
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
            value: self.tally.value,
            changes: self.log_len as u32,
            classes: self.class_log.len() as u32,
        });
        let rec = self.records[ci];
        for s in 0..2 {
            let class = class_of(rec, s);
            self.tally.value[s] -= point_value(self.tables.values, rec, s, class);
            self.tally.counts[s][class] -= 1;
            self.tally.threats[s][ci / 64] &= !(1 << (ci % 64));
        }
        let v = stone_of(color);
        self.cells[ci] = v;
        self.stone_keys[idx(color)] ^= self.tables.keys[idx(color)][ci];
        self.update_near::<true>(ci);
        let view = self.tables.patterns.view();
        let mut pending = Pending {
            log: &mut self.log,
            class_log: &mut self.class_log,
            len: self.log_len,
            value: [0; 2],
        };
        macro_rules! line {
            ($d:literal) => {
                update_line::<$d>(
                    &self.tables,
                    view,
                    &mut self.lines,
                    &mut self.records,
                    &mut pending,
                    &mut self.tally,
                    ci,
                    v,
                )
            };
        }
        line!(0);
        line!(1);
        line!(2);
        line!(3);
        debug_assert!(pending.len <= LOG_CAP, "change log overflow");
        self.log_len = pending.len;
        self.tally.value[0] += pending.value[0];
        self.tally.value[1] += pending.value[1];
    }

    /// Undo the newest place (of `color` on `c`): the line words lose the stone, every record
    /// the place changed gets its old value again, the class changes are undone in the
    /// counts and threat sets and the sums are restored from the frame. The stone's own record
    /// was left as it was by the place and is valid again once every later stone is gone.
    fn lift(&mut self, c: Cell, color: Color) {
        let ci = c as usize & (CELLS - 1);
        let frame = self.frames.pop().expect("lift matches a place");
        for d in 0..4 {
            let (li, pos) = line_of(ci, d);
            self.lines[li] &= !(3 << (2 * pos));
        }
        self.update_near::<false>(ci);
        self.cells[ci] = cell::EMPTY;
        self.stone_keys[idx(color)] ^= self.tables.keys[idx(color)][ci];
        let start = frame.changes as usize;
        let records = &mut self.records;
        let mut restore = |ch: u64| records[(ch >> RECORD_CELL) as usize & (CELLS - 1)] = ch;
        let changes = self.log[start..self.log_len].chunks_exact(2);
        let rest = changes.remainder();
        // Two at a time (fewer loop steps; four at a time was slower again).
        for pair in changes {
            restore(pair[0]);
            restore(pair[1]);
        }
        rest.iter().for_each(|&ch| restore(ch));
        self.log_len = start;
        let start = frame.classes as usize;
        for &change in &self.class_log[start..] {
            let q = change as usize & (CELLS - 1);
            let s = (change >> 10) as usize & 1;
            let (old, new) = ((change >> 11) as usize & 15, (change >> 15) as usize & 15);
            self.tally.counts[s][new] -= 1;
            self.tally.counts[s][old] += 1;
            let toggles = (old == 0) != (new == 0);
            self.tally.threats[s][q / 64] ^= u64::from(toggles) << (q % 64);
        }
        self.class_log.truncate(start);
        let rec = self.records[ci];
        for s in 0..2 {
            let class = class_of(rec, s);
            self.tally.counts[s][class] += 1;
            if class != Class::Plain as usize {
                self.tally.threats[s][ci / 64] |= 1 << (ci % 64);
            }
        }
        self.tally.value = frame.value;
    }

    /// Add (`SET`) or remove the 25 "near" counts of the 5x5 square around `ci`, one row of
    /// five byte counters at a time.
    #[inline(always)]
    fn update_near<const SET: bool>(&mut self, ci: usize) {
        for dy in -2isize..=2 {
            let n = (ci as isize + dy * STRIDE as isize - 2) as usize & (CELLS - 1);
            let bytes = &mut self.near[n..n + 8];
            let mut word = [0u8; 8];
            word.copy_from_slice(bytes);
            let row = u64::from_le_bytes(word);
            let row = if SET { row + NEAR_ROW } else { row - NEAR_ROW };
            bytes.copy_from_slice(&row.to_le_bytes());
        }
    }

    /// Rebuild every line word, record, sum and count from the stones alone.
    fn recompute(&mut self) {
        self.tally.value = [0; 2];
        self.tally.counts = [[0; CLASSES]; 2];
        self.tally.threats = [[0; CELLS / 64]; 2];
        self.near.fill(0);
        self.lines.fill(!0);
        for &c in &self.board_cells {
            let ci = c as usize;
            for d in 0..4 {
                let (li, pos) = line_of(ci, d);
                self.lines[li] =
                    (self.lines[li] & !(3 << (2 * pos))) | u64::from(self.cells[ci]) << (2 * pos);
            }
        }
        for i in 0..self.board_cells.len() {
            let ci = self.board_cells[i] as usize;
            let mut rec: Record = (ci as u64) << RECORD_CELL;
            for d in 0..4 {
                let (li, pos) = line_of(ci, d);
                let e = window_lookup(self.tables.patterns, self.lines[li], pos);
                rec |= u64::from(e & 15) << (4 * d) | u64::from(e >> 4) << (16 + 4 * d);
            }
            for s in 0..2 {
                let k = self.tables.combos[s].lookup(packed_of(rec, s));
                rec |= (k.class as u64) << (32 + 8 * s);
                if self.cells[ci] == cell::EMPTY {
                    self.tally.value[s] +=
                        point_value(self.tables.values, rec, s, k.class as usize);
                    self.tally.counts[s][k.class as usize] += 1;
                    if k.class != Class::Plain {
                        self.tally.threats[s][ci / 64] |= 1 << (ci % 64);
                    }
                }
            }
            self.records[ci] = rec;
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
        let before = packed_of(self.records[p as usize], 0);
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
        // Eight cells at a time: adding 0x7F to each byte sets its top bit exactly when the
        // byte is not zero (near counts are at most 25 and cells at most 3, so no byte
        // carries into the next). Cells past the row's end are walls (a row has at least
        // PAD of them before the next one's), so they never count.
        const ADD: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const TOP: u64 = 0x8080_8080_8080_8080;
        let word = |bytes: &[u8]| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[..8]);
            u64::from_le_bytes(w)
        };
        out.clear();
        for y in 0..usize::from(self.height) {
            let row = (y + PAD) * STRIDE + PAD;
            for n in (row..row + usize::from(self.width)).step_by(8) {
                let n = n & (CELLS - 1);
                let near = word(&self.near[n..]);
                let taken = word(&self.cells[n..]);
                let mut bits = (near + ADD) & !(taken + ADD) & TOP;
                while bits != 0 {
                    out.push((n + bits.trailing_zeros() as usize / 8) as Cell);
                    bits &= bits - 1;
                }
            }
        }
    }

    /// Empty points where either side gets at least [`Class::Three`], in board order: a
    /// superset of the points where either side would make a four.
    pub fn threat_points(&self, out: &mut Vec<Cell>) {
        out.clear();
        for (w, (&a, &b)) in self.tally.threats[0]
            .iter()
            .zip(&self.tally.threats[1])
            .enumerate()
        {
            let mut bits = a | b;
            while bits != 0 {
                out.push((w * 64 + bits.trailing_zeros() as usize) as Cell);
                bits &= bits - 1;
            }
        }
    }

    /// A walk over the empty points where `color` gets at least class `min` (which must be
    /// at least [`Class::Three`]), in board order: see [`Position::next_class_point`].
    #[inline]
    #[must_use]
    pub fn class_points(&self, color: Color, min: Class) -> ClassPoints {
        debug_assert!(min >= Class::Three);
        let side = idx(color);
        // The words before it hold only wall rows.
        let first = PAD * STRIDE / 64;
        ClassPoints {
            side,
            min: min as usize,
            word: first,
            bits: self.tally.threats[side][first],
        }
    }

    /// The next point of a [`Position::class_points`] walk, if any. The walk holds no borrow
    /// of the position: between steps the position may even be changed, if every change is
    /// undone before the next step (as a Renju forbidden-point check does).
    #[inline]
    pub fn next_class_point(&self, walk: &mut ClassPoints) -> Option<Cell> {
        loop {
            while walk.bits == 0 {
                walk.word += 1;
                if walk.word >= CELLS / 64 {
                    return None;
                }
                walk.bits = self.tally.threats[walk.side & 1][walk.word];
            }
            let ci = walk.word * 64 + walk.bits.trailing_zeros() as usize;
            walk.bits &= walk.bits - 1;
            if class_of(self.records[ci], walk.side) >= walk.min {
                return Some(ci as Cell);
            }
        }
    }

    /// Empty points where `color` gets at least class `min` (which must be at least
    /// [`Class::Three`]), in board order.
    pub fn points_of_class(&self, color: Color, min: Class, out: &mut Vec<Cell>) {
        debug_assert!(min >= Class::Three);
        out.clear();
        let s = idx(color);
        for (w, &word) in self.tally.threats[s].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let ci = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if class_of(self.records[ci], s) >= min as usize {
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
        if fresh.tally.value != self.tally.value {
            return Err(format!(
                "values {:?} vs fresh {:?}",
                self.tally.value, fresh.tally.value
            ));
        }
        if fresh.tally.threats != self.tally.threats {
            return Err("threat point sets differ".to_string());
        }
        if fresh.tally.counts != self.tally.counts {
            return Err(format!(
                "counts {:?} vs fresh {:?}",
                self.tally.counts, fresh.tally.counts
            ));
        }
        if fresh.lines != self.lines {
            return Err("line words differ".to_string());
        }
        let mut keys = [0u64; 2];
        for &c in &self.board_cells {
            for color in [Color::Black, Color::White] {
                if self.cells[c as usize] == stone_of(color) {
                    keys[idx(color)] ^= self.tables.keys[idx(color)][c as usize];
                }
            }
        }
        if keys != self.stone_keys {
            return Err("stone keys differ".to_string());
        }
        for &c in &self.board_cells {
            let ci = c as usize;
            let empty = self.cells[ci] == cell::EMPTY;
            if empty && fresh.records[ci] != self.records[ci] {
                return Err(format!(
                    "record of {:?}: {:012x} vs fresh {:012x}",
                    self.pos_of(c),
                    self.records[ci],
                    fresh.records[ci]
                ));
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
                    let after = p.hash_after(c);
                    p.play(c);
                    assert_eq!(p.hash(), after, "hash_after predicts play's key");
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
                assert_eq!(p.stones_key(Color::Black), 0);
                assert_eq!(p.stones_key(Color::White), 0);
            }
        }
    }

    /// The eight-at-a-time scan finds the empty points near a stone, in board order.
    #[test]
    fn near_points_are_the_empty_points_near_a_stone() {
        let mut rng = StdRng::seed_from_u64(9);
        for (w, h) in [(5, 5), (15, 15), (22, 22), (20, 7), (7, 20), (9, 13)] {
            let mut p = Position::new(w, h, Rule::Freestyle);
            let mut cells = p.board_cells().to_vec();
            cells.shuffle(&mut rng);
            for &c in &cells {
                let want: Vec<Cell> = p
                    .board_cells()
                    .iter()
                    .copied()
                    .filter(|&q| p.is_near(q) && p.is_empty(q))
                    .collect();
                let mut got = Vec::new();
                p.near_points(&mut got);
                assert_eq!(got, want, "{p:?}");
                p.play(c);
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
        let black = zobrist(Color::Black, Pos::new(7, 7)) ^ zobrist(Color::Black, Pos::new(6, 9));
        assert_eq!(p.stones_key(Color::Black), black);
        assert_eq!(p.stones_key(Color::White), stones ^ black);
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
