//! The board: stones, move history (passes included), side to move, Zobrist key, outcome.

use std::fmt;

use crate::error::{BoardError, MoveError, SetupError};
use crate::forbid::{self, Forbidden};
use crate::outcome::{DrawReason, Outcome};
use crate::pos::{MAX_SIZE, MIN_SIZE};
use crate::{Color, Move, Pos, Rule};

/// The four line directions as `(dx, dy)` in protocol coordinates: horizontal, vertical,
/// diagonal and anti-diagonal.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

const CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// Zobrist keys, one per (colour, cell) of the largest board, plus one for "white to move".
/// Built at compile time with splitmix64 so every build agrees.
static ZOBRIST: [[u64; CELLS]; 2] = zobrist_table();
const ZOBRIST_WHITE_TO_MOVE: u64 = 0x9E37_79B9_7F4A_7C15 ^ 0x1234_5678_9ABC_DEF1;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn zobrist_table() -> [[u64; CELLS]; 2] {
    let mut t = [[0u64; CELLS]; 2];
    let mut state = 0x7E46_E000_0000_0001u64;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            let (s, v) = splitmix(state);
            state = s;
            t[c][i] = v;
            i += 1;
        }
        c += 1;
    }
    t
}

/// The Zobrist key of one stone; the engine uses the same keys for its own boards.
#[inline]
#[must_use]
pub fn zobrist(color: Color, pos: Pos) -> u64 {
    ZOBRIST[color.index()][pos.y as usize * MAX_SIZE as usize + pos.x as usize]
}

/// A game position with its history.
///
/// The colour of each move follows from its number: black makes odd moves, white even ones,
/// and a pass is a move (spec §6). So the side to move is always derivable from the history.
///
/// ```
/// use tengen_rules::{Board, Move, Pos, Rule, Color};
/// let mut b = Board::new(15, Rule::Freestyle);
/// b.play(Move::Stone(Pos::new(7, 7))).unwrap();
/// assert_eq!(b.side_to_move(), Color::White);
/// b.undo().unwrap();
/// assert!(b.is_empty());
/// ```
#[derive(Clone)]
pub struct Board {
    width: u8,
    height: u8,
    rule: Rule,
    cells: Vec<Option<Color>>,
    history: Vec<Move>,
    stones: usize,
    hash: u64,
    /// The result and the number of moves made when it was decided: undoing back past that
    /// move clears it.
    outcome: Option<(usize, Outcome)>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Board({}x{}, {}, moves:",
            self.width, self.height, self.rule
        )?;
        for m in &self.history {
            write!(f, " {m}")?;
        }
        write!(f, ")")
    }
}

impl Board {
    /// An empty square board. Panics if the size is outside 5..=22; use [`Board::try_new`] for
    /// untrusted sizes.
    #[must_use]
    pub fn new(size: u8, rule: Rule) -> Board {
        Board::try_new(size, size, rule).expect("board size within 5..=22")
    }

    /// An empty `width` x `height` board.
    pub fn try_new(width: u8, height: u8, rule: Rule) -> Result<Board, BoardError> {
        let ok = |s: u8| (MIN_SIZE..=MAX_SIZE).contains(&s);
        if !ok(width) || !ok(height) {
            return Err(BoardError::Size(width, height));
        }
        Ok(Board {
            width,
            height,
            rule,
            cells: vec![None; width as usize * height as usize],
            history: Vec::with_capacity(width as usize * height as usize),
            stones: 0,
            hash: 0,
            outcome: None,
        })
    }

    /// A board after `moves`, played in order (colours alternate; passes allowed).
    /// Moves after the game ended are still placed: a position need not be a finished game's
    /// prefix (a GUI may send any position), so only off-board and occupied points fail.
    pub fn from_moves(
        width: u8,
        height: u8,
        rule: Rule,
        moves: &[Move],
    ) -> Result<Board, SetupError> {
        let mut b = Board::try_new(width, height, rule).map_err(|_| SetupError::Stone {
            index: 0,
            pos: Pos::new(width, height),
            color: Color::Black,
            source: MoveError::OffBoard(Pos::new(width, height), width, height),
        })?;
        for (index, &m) in moves.iter().enumerate() {
            b.place(m).map_err(|source| SetupError::Stone {
                index,
                pos: m.pos().unwrap_or(Pos::new(0, 0)),
                color: b.side_to_move(),
                source,
            })?;
        }
        Ok(b)
    }

    /// Board width.
    #[inline]
    #[must_use]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Board height.
    #[inline]
    #[must_use]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The rule in force.
    #[inline]
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Whether `p` lies on this board.
    #[inline]
    #[must_use]
    pub fn contains(&self, p: Pos) -> bool {
        p.x < self.width && p.y < self.height
    }

    #[inline]
    fn idx(&self, p: Pos) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }

    /// The stone on `p`, if any (`None` also for points off the board).
    #[inline]
    #[must_use]
    pub fn stone(&self, p: Pos) -> Option<Color> {
        if self.contains(p) {
            self.cells[self.idx(p)]
        } else {
            None
        }
    }

    /// Whether `p` is on the board and empty.
    #[inline]
    #[must_use]
    pub fn is_empty_at(&self, p: Pos) -> bool {
        self.contains(p) && self.cells[self.idx(p)].is_none()
    }

    /// The moves so far, passes included, black's first.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.history
    }

    /// The last move, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().copied()
    }

    /// Number of moves made (passes included). The next move has number `move_count() + 1`.
    #[must_use]
    pub fn move_count(&self) -> usize {
        self.history.len()
    }

    /// Number of stones on the board.
    #[must_use]
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    /// True when no stone is on the board.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.stones == 0
    }

    /// True when every point holds a stone.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stones == self.cells.len()
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        Color::of_move(self.history.len() + 1)
    }

    /// The Zobrist key of the stones and the side to move.
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The game's result, once decided.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref().map(|(_, o)| o)
    }

    /// Every point, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Pos::new(x, y)))
    }

    /// Every empty point.
    pub fn empty_points(&self) -> impl Iterator<Item = Pos> + '_ {
        self.points().filter(move |&p| self.is_empty_at(p))
    }

    /// Play a move for the side to move. Fails if the game is over, or the point is off the
    /// board or occupied. Does **not** judge Renju forbidden moves: that is the referee's
    /// decision (lose or refuse); ask [`Board::forbidden`] first.
    pub fn play(&mut self, m: Move) -> Result<Option<&Outcome>, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.place(m)?;
        Ok(self.outcome())
    }

    /// Play a pass for the side to move.
    pub fn pass(&mut self) -> Result<Option<&Outcome>, MoveError> {
        self.play(Move::Pass)
    }

    fn place(&mut self, m: Move) -> Result<(), MoveError> {
        let color = self.side_to_move();
        if let Move::Stone(p) = m {
            if !self.contains(p) {
                return Err(MoveError::OffBoard(p, self.width, self.height));
            }
            let i = self.idx(p);
            if self.cells[i].is_some() {
                return Err(MoveError::Occupied(p));
            }
            self.cells[i] = Some(color);
            self.stones += 1;
            self.hash ^= zobrist(color, p);
        }
        self.hash ^= ZOBRIST_WHITE_TO_MOVE;
        self.history.push(m);
        if self.outcome.is_none() {
            self.outcome = self.judge_last_move().map(|o| (self.history.len(), o));
        }
        Ok(())
    }

    /// Take back the last move (a pass included).
    pub fn undo(&mut self) -> Result<Move, MoveError> {
        let m = self.history.pop().ok_or(MoveError::NothingToUndo)?;
        let color = self.side_to_move();
        if let Move::Stone(p) = m {
            let i = self.idx(p);
            self.cells[i] = None;
            self.stones -= 1;
            self.hash ^= zobrist(color, p);
        }
        self.hash ^= ZOBRIST_WHITE_TO_MOVE;
        if self
            .outcome
            .as_ref()
            .is_some_and(|&(at, _)| at > self.history.len())
        {
            self.outcome = None;
        }
        Ok(m)
    }

    /// The outcome decided by the last move alone (a five, a full board, a second pass).
    fn judge_last_move(&self) -> Option<Outcome> {
        match *self.history.last()? {
            Move::Stone(p) => {
                let color = self.stone(p)?;
                if let Some(line) = self.five_through(p, color) {
                    return Some(Outcome::Win {
                        winner: color,
                        line,
                    });
                }
                if self.is_full() {
                    return Some(Outcome::Draw(DrawReason::BoardFull));
                }
                None
            }
            Move::Pass => {
                let n = self.history.len();
                if n >= 2 && self.history[n - 2] == Move::Pass {
                    Some(Outcome::Draw(DrawReason::TwoPasses))
                } else {
                    None
                }
            }
        }
    }

    /// If the `color` stone on `p` is part of a winning five under the board's rule, the
    /// points of that run (in line order).
    #[must_use]
    pub fn five_through(&self, p: Pos, color: Color) -> Option<Vec<Pos>> {
        for (dx, dy) in DIRECTIONS {
            let (back, fwd) = (self.run(p, color, -dx, -dy), self.run(p, color, dx, dy));
            let len = 1 + back + fwd;
            let long_enough = if self.rule.exact_five(color) {
                len == 5
            } else {
                len >= 5
            };
            if !long_enough {
                continue;
            }
            if self.rule.blocked_five_loses() {
                let opp = Some(color.opponent());
                let before = p.offset(
                    -dx * (back as i32 + 1),
                    -dy * (back as i32 + 1),
                    self.width,
                    self.height,
                );
                let after = p.offset(
                    dx * (fwd as i32 + 1),
                    dy * (fwd as i32 + 1),
                    self.width,
                    self.height,
                );
                let blocked = |q: Option<Pos>| q.is_some_and(|q| self.stone(q) == opp);
                if blocked(before) && blocked(after) {
                    continue;
                }
            }
            let start = p.offset(
                -dx * back as i32,
                -dy * back as i32,
                self.width,
                self.height,
            )?;
            return Some(
                (0..len as i32)
                    .filter_map(|k| start.offset(dx * k, dy * k, self.width, self.height))
                    .collect(),
            );
        }
        None
    }

    /// How many `color` stones follow `p` (exclusive) in direction `(dx, dy)`.
    fn run(&self, p: Pos, color: Color, dx: i32, dy: i32) -> usize {
        let mut n = 0;
        let mut q = p;
        while let Some(next) = q.offset(dx, dy, self.width, self.height) {
            if self.stone(next) != Some(color) {
                break;
            }
            n += 1;
            q = next;
        }
        n
    }

    /// Whether a black stone on `p` would be forbidden under Renju (spec §3). Returns `None`
    /// for legal points, points where black makes five, occupied and off-board points, and
    /// under every other rule.
    #[must_use]
    pub fn forbidden(&self, p: Pos) -> Option<Forbidden> {
        if self.rule != Rule::Renju || !self.is_empty_at(p) || !self.may_be_forbidden(p) {
            return None;
        }
        forbid::Grid::from_board(self).forbidden(p)
    }

    /// A cheap necessary condition: a forbidden point needs black stones within 4 points on
    /// two lines (two each, for double three / double four across lines) or four on one line
    /// (overline, one-line double four). Most empty points fail it, which spares the full check.
    fn may_be_forbidden(&self, p: Pos) -> bool {
        let mut lines_with_two = 0;
        for (dx, dy) in DIRECTIONS {
            let mut n = 0;
            for k in (-4..=4).filter(|&k| k != 0) {
                if let Some(q) = p.offset(dx * k, dy * k, self.width, self.height) {
                    n += usize::from(self.cells[self.idx(q)] == Some(Color::Black));
                }
            }
            if n >= 4 {
                return true;
            }
            lines_with_two += usize::from(n >= 2);
        }
        lines_with_two >= 2
    }

    /// Every forbidden point for black with its kind, row by row from the top (empty unless
    /// the rule is Renju).
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<(Pos, Forbidden)> {
        if self.rule != Rule::Renju {
            return Vec::new();
        }
        let mut grid = forbid::Grid::from_board(self);
        self.empty_points()
            .filter(|&p| self.may_be_forbidden(p))
            .filter_map(|p| grid.forbidden(p).map(|f| (p, f)))
            .collect()
    }

    /// Whether the side to move may put a stone on `p`: on the board, empty, game not over,
    /// and not a forbidden point for black under Renju.
    #[must_use]
    pub fn is_legal(&self, p: Pos) -> bool {
        self.outcome.is_none()
            && self.is_empty_at(p)
            && !(self.rule.has_forbidden(self.side_to_move()) && self.forbidden(p).is_some())
    }

    /// Whether the side to move may put a stone anywhere. False once the game is over and,
    /// under Renju, when every empty point is forbidden for black: a pass is then black's
    /// only move, even where passes are otherwise not used.
    #[must_use]
    pub fn has_legal_stone(&self) -> bool {
        self.empty_points().any(|p| self.is_legal(p))
    }
}

impl fmt::Display for Board {
    /// A text diagram with notation coordinates: `X` black, `O` white, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            write!(f, "{:>2} ", self.height - y)?;
            for x in 0..self.width {
                let c = match self.stone(Pos::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for x in 0..self.width {
            write!(f, "{} ", (b'A' + x) as char)?;
        }
        writeln!(f)
    }
}
