//! What a search thread learns as it goes: for the move order, a history score per (side,
//! point), a continuation history per (side, opponent's last point, point) and two killer
//! moves per ply; for the static score, its correction history ([`Correction`]).

use tengen_rules::Color;

use crate::correction::Correction;
use crate::position::{Cell, CELLS};

/// Deepest ply the search tracks.
pub const MAX_PLY: usize = 128;
const HISTORY_MAX: i32 = 1 << 14;

/// Butterfly history, continuation history, killers and correction history of one search
/// thread.
#[derive(Clone)]
pub struct History {
    table: Box<[[i32; CELLS]; 2]>,
    /// Indexed `(side * CELLS + previous) * CELLS + point`: how well `point` answered the
    /// opponent's `previous` (replies in five-in-a-row are local, so the pair says more
    /// than the point alone). i16, as the values stay within ±`HISTORY_MAX`: 4 MiB,
    /// zeroed by the allocator, so pages stay untouched while `cont_history` is off.
    cont: Box<[i16]>,
    killers: Box<[[Cell; 2]; MAX_PLY]>,
    /// The static score's correction (the `corr_*` knobs; untouched while they are off).
    pub correction: Correction,
}

impl std::fmt::Debug for History {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("History")
    }
}

impl Default for History {
    fn default() -> History {
        History::new()
    }
}

impl History {
    /// Empty tables.
    #[must_use]
    pub fn new() -> History {
        History {
            table: Box::new([[0; CELLS]; 2]),
            cont: vec![0; 2 * CELLS * CELLS].into_boxed_slice(),
            killers: Box::new([[crate::tt::NO_MOVE; 2]; MAX_PLY]),
            correction: Correction::default(),
        }
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        *self = History::new();
    }

    /// The history score of `color` playing `c`.
    #[inline]
    #[must_use]
    pub fn score(&self, color: Color, c: Cell) -> i32 {
        self.table[color.index()][c as usize]
    }

    /// The continuation-history row of `color` answering `previous`: one score per point.
    #[inline]
    #[must_use]
    pub fn cont_row(&self, color: Color, previous: Cell) -> &[i16] {
        &self.cont[cont_range(color, previous)]
    }

    /// The killers of `ply`.
    #[inline]
    #[must_use]
    pub fn killers(&self, ply: usize) -> [Cell; 2] {
        self.killers[ply.min(MAX_PLY - 1)]
    }

    /// Reward the move that caused a cutoff and punish the ones tried before it.
    /// `tried` holds the moves searched at the node (with their ordering scores), `best` last.
    /// With `previous` (the opponent's last stone), the continuation history learns the same.
    pub fn update(
        &mut self,
        color: Color,
        ply: usize,
        best: Cell,
        tried: &[(Cell, i32)],
        depth: i32,
        previous: Option<Cell>,
    ) {
        let bonus = cutoff_bonus(depth);
        let t = &mut self.table[color.index()];
        teach(best, tried, bonus, |c, delta| gravity(&mut t[c], delta));
        if let Some(previous) = previous {
            let row = &mut self.cont[cont_range(color, previous)];
            teach(best, tried, bonus, |c, delta| {
                let mut w = i32::from(row[c]);
                gravity(&mut w, delta);
                row[c] = w as i16;
            });
        }
        self.add_killer(ply, best);
    }

    /// Raise `color`'s history score of `c` by `percent` of a cutoff's bonus at `depth`
    /// (at least 1): a move the opponent could not answer, every reply failing low.
    pub fn reward(&mut self, color: Color, c: Cell, depth: i32, percent: i32) {
        let bonus = cutoff_bonus(depth.max(1)) * percent / 100;
        gravity(&mut self.table[color.index()][c as usize], bonus);
    }

    /// Keep `percent` of every butterfly history score, and of the continuation history's
    /// with `cont` (its 4 MiB are left alone while it is off): what earlier searches of the
    /// game learnt counts for less in the next one.
    pub fn age(&mut self, percent: i32, cont: bool) {
        for v in self.table.iter_mut().flatten() {
            *v = *v * percent / 100;
        }
        if cont {
            for v in self.cont.iter_mut() {
                *v = (i32::from(*v) * percent / 100) as i16;
            }
        }
    }

    /// Move every ply's killers `plies` plies towards the root (`killers_new`): a new
    /// search `plies` moves further into the game meets the old search's positions that
    /// much nearer its root. `None` (how far is not known) or 0 clears them.
    pub fn shift_killers(&mut self, plies: Option<usize>) {
        // Clearing is a shift past the last ply.
        let n = plies.filter(|&n| n > 0).map_or(MAX_PLY, |n| n.min(MAX_PLY));
        self.killers.copy_within(n.., 0);
        self.killers[MAX_PLY - n..].fill([crate::tt::NO_MOVE; 2]);
    }

    /// Make `best` the first killer of `ply` (the old first becomes the second).
    pub fn add_killer(&mut self, ply: usize, best: Cell) {
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != best {
            k[1] = k[0];
            k[0] = best;
        }
    }
}

/// The history bonus of a cutoff at `depth`.
#[inline]
fn cutoff_bonus(depth: i32) -> i32 {
    (depth * depth).min(400) * 8
}

/// Where the continuation-history row of `color` answering `previous` lies.
#[inline]
fn cont_range(color: Color, previous: Cell) -> std::ops::Range<usize> {
    let start = (color.index() * CELLS + previous as usize) * CELLS;
    start..start + CELLS
}

/// Nudge `best` up by `bonus` and every other move in `tried` down by as much.
#[inline]
fn teach(best: Cell, tried: &[(Cell, i32)], bonus: i32, mut nudge: impl FnMut(usize, i32)) {
    nudge(best as usize, bonus);
    for &(m, _) in tried {
        if m != best {
            nudge(m as usize, -bonus);
        }
    }
}

/// Move `v` by `delta`, scaled so that values stay within ±`HISTORY_MAX`.
#[inline]
fn gravity(v: &mut i32, delta: i32) {
    *v += delta - *v * delta.abs() / HISTORY_MAX;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shifting moves each ply's killers that many plies towards the root and empties the
    /// deepest ones; not knowing how far clears them all.
    #[test]
    fn shifting_the_killers_moves_them_towards_the_root() {
        const NONE: [Cell; 2] = [crate::tt::NO_MOVE; 2];
        let mut h = History::new();
        for ply in 0..MAX_PLY {
            h.add_killer(ply, 1000 + ply as Cell);
            h.add_killer(ply, 2000 + ply as Cell);
        }
        h.shift_killers(Some(2));
        assert_eq!(h.killers(0), [2002, 1002]);
        assert_eq!(
            h.killers(MAX_PLY - 3),
            [2000 + MAX_PLY as Cell - 1, 1000 + MAX_PLY as Cell - 1]
        );
        assert_eq!(h.killers(MAX_PLY - 2), NONE);
        assert_eq!(h.killers(MAX_PLY - 1), NONE);
        h.shift_killers(None);
        assert!((0..MAX_PLY).all(|ply| h.killers(ply) == NONE));
        h.add_killer(5, 7);
        h.shift_killers(Some(0));
        assert_eq!(h.killers(5), NONE, "no plies played: cleared too");
    }

    /// A cut-off rewards the best move and punishes the others tried, in the butterfly
    /// table and in the continuation row of the opponent's last stone only; ageing scales
    /// them; repeated rewards stay within the i16 range the continuation table is stored in.
    #[test]
    fn update_teaches_both_tables_and_stays_bounded() {
        let (best, other, previous, elsewhere) = (100, 101, 200, 201);
        let tried = [(other, 0), (best, 0)];
        let mut h = History::new();
        h.update(Color::Black, 3, best, &tried, 6, Some(previous));
        assert!(h.score(Color::Black, best) > 0);
        assert!(h.score(Color::Black, other) < 0);
        assert_eq!(h.score(Color::White, best), 0);
        let row = h.cont_row(Color::Black, previous);
        assert_eq!(i32::from(row[best as usize]), h.score(Color::Black, best));
        assert!(row[other as usize] < 0);
        assert!(h.cont_row(Color::Black, elsewhere).iter().all(|&v| v == 0));
        assert!(h.cont_row(Color::White, previous).iter().all(|&v| v == 0));
        assert_eq!(h.killers(3)[0], best);

        // Ageing scales the scores the game has learnt; the continuation table only if asked.
        let (b, c) = (h.score(Color::Black, best), row[best as usize]);
        h.age(50, false);
        assert_eq!(h.score(Color::Black, best), b / 2);
        assert_eq!(h.score(Color::Black, other), -b / 2);
        assert_eq!(h.cont_row(Color::Black, previous)[best as usize], c);
        h.age(50, true);
        assert_eq!(h.score(Color::Black, best), b / 4);
        assert_eq!(h.cont_row(Color::Black, previous)[best as usize], c / 2);

        // Without a previous stone only the butterfly table learns.
        let mut plain = History::new();
        plain.update(Color::White, 0, best, &tried, 6, None);
        assert!(plain.score(Color::White, best) > 0);
        assert!(plain
            .cont_row(Color::White, previous)
            .iter()
            .all(|&v| v == 0));

        for _ in 0..10_000 {
            h.update(Color::Black, 3, best, &tried, 30, Some(previous));
        }
        let row = h.cont_row(Color::Black, previous);
        assert!((1..=HISTORY_MAX).contains(&i32::from(row[best as usize])));
        assert!((-HISTORY_MAX..0).contains(&i32::from(row[other as usize])));
        assert!(h.score(Color::Black, best) <= HISTORY_MAX);
    }

    /// A reward raises one side's score of one point only, and stays bounded.
    #[test]
    fn reward_raises_one_score_within_bounds() {
        let mut h = History::new();
        // A tenth of the bonus at depth 10.
        h.reward(Color::White, 100, 10, 10);
        assert_eq!(h.score(Color::White, 100), 80);
        assert_eq!(h.score(Color::Black, 100), 0);
        assert_eq!(h.score(Color::White, 101), 0);
        for _ in 0..10_000 {
            h.reward(Color::White, 100, 30, 100);
        }
        assert!((1..=HISTORY_MAX).contains(&h.score(Color::White, 100)));
    }
}
