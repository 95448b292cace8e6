//! The transposition table: a lock-free array shared by every search thread.
//!
//! Each slot is two `AtomicU64` words: `check = key ^ data` and `data`. A reader loads both
//! and accepts the entry only if `check ^ data == key`; a write torn between two threads
//! (one word from each) fails that test and reads as a miss, so no lock is needed.
//!
//! `data` bit layout (least significant first):
//!
//! | bits   | field |
//! |--------|-------|
//! | 0..10  | best move: padded cell index (< 1024), `NO_MOVE` (1023 is a wall) for none |
//! | 10..12 | bound: 0 none, 1 upper, 2 lower, 3 exact |
//! | 12..20 | depth + `DEPTH_OFFSET` (u8) |
//! | 20..26 | age: the search generation (6 bits) |
//! | 26..32 | unused |
//! | 32..48 | score (i16, mate scores relative to the node) |
//! | 48..64 | static evaluation (i16) |

use std::sync::atomic::{AtomicU64, Ordering};

use crate::position::Cell;
use crate::search::{Score, WIN};

/// "No move" in an entry (a wall cell, never a board point).
pub const NO_MOVE: Cell = 1023;
const DEPTH_OFFSET: i32 = 64;
/// Scores this close to `WIN` are mate scores and get ply-adjusted.
const MATE_BOUND: Score = WIN - 1000;

/// What a stored score bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most the stored score (fail low).
    Upper,
    /// The true score is at least the stored score (fail high).
    Lower,
    /// The stored score is exact.
    Exact,
}

/// One probed entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// Best (or refuting) move, if any.
    pub mv: Option<Cell>,
    /// Bound type of `score`.
    pub bound: Bound,
    /// Draft the score was searched to.
    pub depth: i32,
    /// Score from the node's point of view (already ply-adjusted on probe).
    pub score: Score,
    /// Static evaluation of the node.
    pub eval: Score,
}

#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const _: () = assert!(
    std::mem::size_of::<Slot>() == 16,
    "a TT slot must be 16 bytes"
);

/// The shared table.
#[derive(Debug)]
pub struct Tt {
    slots: Box<[Slot]>,
    age: AtomicU64,
}

impl Tt {
    /// A table of about `bytes` bytes (at least 1024 slots).
    #[must_use]
    pub fn new(bytes: usize) -> Tt {
        let n = (bytes / std::mem::size_of::<Slot>()).max(1024);
        let slots: Vec<Slot> = (0..n).map(|_| Slot::default()).collect();
        Tt {
            slots: slots.into_boxed_slice(),
            age: AtomicU64::new(0),
        }
    }

    /// Number of slots.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Always false (a table has at least 1024 slots).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Erase every entry.
    pub fn clear(&self) {
        for s in self.slots.iter() {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
    }

    /// Start a new search generation (older entries become cheaper to replace).
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> u64 {
        self.age.load(Ordering::Relaxed) & 63
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        // Multiply-shift maps the key onto any table length without a modulo.
        let i = ((u128::from(key) * self.slots.len() as u128) >> 64) as usize;
        &self.slots[i]
    }

    /// The entry for `key`, if present and intact.
    #[must_use]
    pub fn probe(&self, key: u64, ply: i32) -> Option<Entry> {
        let s = self.slot(key);
        let check = s.check.load(Ordering::Relaxed);
        let data = s.data.load(Ordering::Relaxed);
        if check ^ data != key || data == 0 {
            return None;
        }
        let mv = (data & 0x3FF) as Cell;
        let bound = match (data >> 10) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        let depth = ((data >> 12) & 0xFF) as i32 - DEPTH_OFFSET;
        let score = from_tt(Score::from((data >> 32) as u16 as i16), ply);
        let eval = Score::from((data >> 48) as u16 as i16);
        Some(Entry {
            mv: (mv != NO_MOVE).then_some(mv),
            bound,
            depth,
            score,
            eval,
        })
    }

    /// Store a result. Replaces the old entry if it is for the same position, from an older
    /// search, or not much deeper.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        ply: i32,
        mv: Option<Cell>,
        bound: Bound,
        depth: i32,
        score: Score,
        eval: Score,
    ) {
        let s = self.slot(key);
        let gen = self.generation();
        let old_check = s.check.load(Ordering::Relaxed);
        let old = s.data.load(Ordering::Relaxed);
        if old != 0 {
            let same = old_check ^ old == key;
            let old_depth = ((old >> 12) & 0xFF) as i32 - DEPTH_OFFSET;
            let old_gen = (old >> 20) & 63;
            if old_gen == gen && depth + 2 < old_depth && !(same && bound == Bound::Exact) {
                return;
            }
        }
        let mut mv = mv.unwrap_or(NO_MOVE);
        if mv == NO_MOVE && old_check ^ old == key {
            // Keep the old best move when the new result has none.
            mv = (old & 0x3FF) as Cell;
        }
        let b = match bound {
            Bound::Upper => 1u64,
            Bound::Lower => 2,
            Bound::Exact => 3,
        };
        let d = (depth + DEPTH_OFFSET).clamp(0, 255) as u64;
        let sc = to_tt(score, ply).clamp(-32_000, 32_000) as i16 as u16 as u64;
        let ev = eval.clamp(-32_000, 32_000) as i16 as u16 as u64;
        let data = u64::from(mv & 0x3FF) | b << 10 | d << 12 | gen << 20 | sc << 32 | ev << 48;
        s.check.store(key ^ data, Ordering::Relaxed);
        s.data.store(data, Ordering::Relaxed);
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: Score, ply: i32) -> Score {
    if score > MATE_BOUND {
        score + ply
    } else if score < -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: Score, ply: i32) -> Score {
    if score > MATE_BOUND {
        score - ply
    } else if score < -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = Tt::new(1 << 16);
        let key = 0xDEAD_BEEF_1234_5678;
        assert!(tt.probe(key, 0).is_none());
        tt.store(key, 3, Some(200), Bound::Lower, 7, WIN - 10, -55);
        let e = tt.probe(key, 3).unwrap();
        assert_eq!(e.mv, Some(200));
        assert_eq!(e.bound, Bound::Lower);
        assert_eq!(e.depth, 7);
        assert_eq!(e.score, WIN - 10);
        assert_eq!(e.eval, -55);
        // The same mate seen from a node two plies deeper is two plies closer to the root's win.
        assert_eq!(tt.probe(key, 5).unwrap().score, WIN - 12);
        assert!(tt.probe(key ^ 1, 3).is_none());
        tt.clear();
        assert!(tt.probe(key, 3).is_none());
    }

    #[test]
    fn torn_entries_read_as_misses() {
        let tt = Tt::new(1 << 12);
        let key = 42u64 << 40;
        tt.store(key, 0, Some(100), Bound::Exact, 3, 12, 0);
        let s = tt.slot(key);
        // Simulate another thread's data word landing without its check word.
        s.data.store(
            s.data.load(Ordering::Relaxed) ^ (1 << 33),
            Ordering::Relaxed,
        );
        assert!(tt.probe(key, 0).is_none());
    }

    #[test]
    fn deeper_entries_of_the_current_search_survive() {
        let tt = Tt::new(1 << 12);
        let key = 7u64 << 50;
        tt.store(key, 0, Some(100), Bound::Lower, 10, 5, 0);
        tt.store(key ^ 0xFF, 0, Some(101), Bound::Lower, 1, 5, 0);
        // Both keys may map to the same slot; if so the deep entry wins.
        if tt.probe(key ^ 0xFF, 0).is_none() {
            assert_eq!(tt.probe(key, 0).unwrap().depth, 10);
        }
        tt.new_search();
        tt.store(key ^ 0xFF, 0, Some(101), Bound::Lower, 1, 5, 0);
        assert_eq!(tt.probe(key ^ 0xFF, 0).unwrap().mv, Some(101));
    }
}
