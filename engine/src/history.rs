//! Move-ordering memory: a history score per (side, point) and two killer moves per ply.

use tengen_rules::Color;

use crate::position::{Cell, CELLS};

/// Deepest ply the search tracks.
pub const MAX_PLY: usize = 128;
const HISTORY_MAX: i32 = 1 << 14;

/// Butterfly history and killers of one search thread.
#[derive(Clone)]
pub struct History {
    table: Box<[[i32; CELLS]; 2]>,
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
            killers: Box::new([[crate::tt::NO_MOVE; 2]; MAX_PLY]),
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

    /// The killers of `ply`.
    #[inline]
    #[must_use]
    pub fn killers(&self, ply: usize) -> [Cell; 2] {
        self.killers[ply.min(MAX_PLY - 1)]
    }

    /// Reward the move that caused a cutoff and punish the ones tried before it.
    /// `tried` holds the moves searched at the node (with their ordering scores), `best` last.
    pub fn update(
        &mut self,
        color: Color,
        ply: usize,
        best: Cell,
        tried: &[(Cell, i32)],
        depth: i32,
    ) {
        let bonus = (depth * depth).min(400) * 8;
        let t = &mut self.table[color.index()];
        let gravity = |v: &mut i32, delta: i32| {
            // Scaled update keeps values within ±HISTORY_MAX.
            *v += delta - *v * delta.abs() / HISTORY_MAX;
        };
        gravity(&mut t[best as usize], bonus);
        for &(m, _) in tried {
            if m != best {
                gravity(&mut t[m as usize], -bonus);
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
