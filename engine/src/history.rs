//! Move-ordering memory: a history score per (side, point), a counter-move history per
//! (side, opponent's last point, point) and two killer moves per ply.

use tengen_rules::Color;

use crate::position::{Cell, CELLS};

/// Deepest ply the search tracks.
pub const MAX_PLY: usize = 128;
const HISTORY_MAX: i32 = 1 << 14;

/// Butterfly history and killers of one search thread.
#[derive(Clone)]
pub struct History {
    table: Box<[[i32; CELLS]; 2]>,
    /// Per side, `CELLS * CELLS` entries indexed by (opponent's last move, move).
    counter: Vec<i16>,
    killers: Box<[[Cell; 2]; MAX_PLY]>,
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
            counter: vec![0; 2 * CELLS * CELLS],
            killers: Box::new([[crate::tt::NO_MOVE; 2]; MAX_PLY]),
        }
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|t| t.fill(0));
        self.counter.fill(0);
        self.killers.fill([crate::tt::NO_MOVE; 2]);
    }

    /// The history score of `color` playing `c`.
    #[inline]
    #[must_use]
    pub fn score(&self, color: Color, c: Cell) -> i32 {
        self.table[color.index()][c as usize]
    }

    /// The counter-move history of `color` playing `c` in answer to `prev`.
    #[inline]
    #[must_use]
    pub fn counter(&self, color: Color, prev: Cell, c: Cell) -> i32 {
        i32::from(self.counter[counter_index(color, prev, c)])
    }

    /// The killers of `ply`.
    #[inline]
    #[must_use]
    pub fn killers(&self, ply: usize) -> [Cell; 2] {
        self.killers[ply.min(MAX_PLY - 1)]
    }

    /// Reward the move that caused a cutoff and punish the ones tried before it.
    /// `tried` holds the moves searched at the node (with their ordering scores), `best` last.
    /// `prev` is the opponent's last move (`None` on an empty board).
    pub fn update(
        &mut self,
        color: Color,
        ply: usize,
        prev: Option<Cell>,
        best: Cell,
        tried: &[(Cell, i32)],
        depth: i32,
    ) {
        let bonus = (depth * depth).min(400) * 8;
        // Scaled update keeps values within ±HISTORY_MAX.
        let gravity = |v: i32, delta: i32| v + delta - v * delta.abs() / HISTORY_MAX;
        let t = &mut self.table[color.index()];
        for &(m, _) in tried {
            let delta = if m == best { bonus } else { -bonus };
            t[m as usize & (CELLS - 1)] = gravity(t[m as usize & (CELLS - 1)], delta);
            if let Some(p) = prev {
                let e = &mut self.counter[counter_index(color, p, m)];
                *e = gravity(i32::from(*e), delta) as i16;
            }
        }
        self.add_killer(ply, best);
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

/// Index of (side, previous move, move) in the counter-move table.
#[inline]
fn counter_index(color: Color, prev: Cell, c: Cell) -> usize {
    (color.index() * CELLS + (prev as usize & (CELLS - 1))) * CELLS + (c as usize & (CELLS - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cutoff_rewards_the_answer_to_that_move_only() {
        let mut h = History::new();
        let (prev, other_prev) = (100, 101);
        let tried = [(200, 0), (201, 0), (202, 0)];
        h.update(Color::Black, 3, Some(prev), 202, &tried, 4);
        assert!(h.counter(Color::Black, prev, 202) > 0);
        assert!(h.counter(Color::Black, prev, 200) < 0);
        assert!(h.counter(Color::Black, prev, 201) < 0);
        assert_eq!(h.counter(Color::Black, other_prev, 202), 0);
        assert_eq!(h.counter(Color::White, prev, 202), 0);
        assert!(h.score(Color::Black, 202) > 0 && h.score(Color::Black, 200) < 0);
        assert_eq!(h.killers(3)[0], 202);
        // Repeated rewards saturate instead of overflowing the 16-bit entries.
        for _ in 0..1000 {
            h.update(Color::Black, 3, Some(prev), 202, &tried, 20);
        }
        let v = h.counter(Color::Black, prev, 202);
        assert!(v > 0 && v <= HISTORY_MAX, "{v}");
        h.clear();
        assert_eq!(h.counter(Color::Black, prev, 202), 0);
        assert_eq!(h.killers(3)[0], crate::tt::NO_MOVE);
    }
}
