//! The transposition table: a lock-free array shared by every search thread.
//!
//! Slots come in clusters of four, one 64-byte cache line: a position may sit in any slot
//! of the cluster its key picks, so a probe costs one cache miss and a new entry evicts the
//! least valuable of four (the shallowest, older searches' first) instead of whatever
//! shared its slot. Each slot is two `AtomicU64` words: `check = key ^ data` and `data`. A
//! reader loads both and accepts the entry only if `check ^ data == key`; a write torn
//! between two threads (one word from each) fails that test and reads as a miss, so no lock
//! is needed.
//!
//! `data` bit layout (least significant first):
//!
//! | bits   | field |
//! |--------|-------|
//! | 0..10  | best move: padded cell index (< 1024), `NO_MOVE` (1023 is a wall) for none |
//! | 10..12 | bound: 0 none, 1 upper, 2 lower, 3 exact |
//! | 12..20 | depth + `DEPTH_OFFSET` (u8) |
//! | 20..26 | age: the search generation (6 bits) |
//! | 26     | PV: the node is or was on the PV when stored |
//! | 27..32 | unused |
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
    /// Whether the node was a PV node (or had been one) when stored.
    pub pv: bool,
}

#[derive(Debug)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The data word and whether it is `key`'s entry (not empty, not torn).
    #[inline]
    fn read(&self, key: u64) -> (u64, bool) {
        let check = self.check.load(Ordering::Relaxed);
        let data = self.data.load(Ordering::Relaxed);
        (data, data != 0 && check ^ data == key)
    }
}

/// The draft stored in data word `data`.
#[inline]
fn depth_of(data: u64) -> i32 {
    ((data >> 12) & 0xFF) as i32 - DEPTH_OFFSET
}

/// The best move stored in data word `data` (`NO_MOVE` for none).
#[inline]
fn move_of(data: u64) -> Cell {
    (data & 0x3FF) as Cell
}

/// Slots per cluster: 4 x 16 bytes fill one 64-byte cache line.
const WAYS: usize = 4;

/// The slots one key may use, aligned to a cache line.
#[derive(Debug)]
#[repr(align(64))]
struct Cluster([Slot; WAYS]);

const _: () = assert!(
    std::mem::size_of::<Slot>() == 16 && std::mem::size_of::<Cluster>() == 64,
    "a TT slot must be 16 bytes and a cluster one 64-byte cache line"
);

/// How much an entry from `age` searches ago is worth less than a current one, in plies of
/// draft, when a cluster is full.
const AGE_PENALTY: i32 = 8;

/// Tables from this size on are aligned to a 2 MiB huge page, and on Linux asked to be
/// backed by huge pages (`madvise(MADV_HUGEPAGE)`, which the kernel grants when transparent
/// huge pages are in `madvise` or `always` mode): each probe is a random access, and with
/// 4 KiB pages most probes of a large table also miss the TLB.
const HUGE_PAGE: usize = 2 << 20;

/// The clusters of a table, zeroed (every slot empty), in one allocation aligned to a cache
/// line or, from [`HUGE_PAGE`] on, to a huge page.
struct Clusters {
    ptr: std::ptr::NonNull<Cluster>,
    len: usize,
    layout: std::alloc::Layout,
}

// SAFETY: `Clusters` owns its allocation like a `Box<[Cluster]>`, and `Cluster` (atomics
// only) is `Send` and `Sync`.
unsafe impl Send for Clusters {}
// SAFETY: as above; shared access goes through `&[Cluster]`.
unsafe impl Sync for Clusters {}

impl Clusters {
    /// `len` (at least 1) empty clusters.
    fn new(len: usize) -> Clusters {
        let bytes = len * std::mem::size_of::<Cluster>();
        let align = if bytes >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            std::mem::align_of::<Cluster>()
        };
        let layout = std::alloc::Layout::from_size_align(bytes, align)
            .expect("a table size the machine can address");
        // SAFETY: the layout's size is non-zero (len >= 1).
        let raw = unsafe { std::alloc::alloc(layout) };
        let Some(ptr) = std::ptr::NonNull::new(raw.cast::<Cluster>()) else {
            std::alloc::handle_alloc_error(layout)
        };
        #[cfg(target_os = "linux")]
        if align == HUGE_PAGE {
            // SAFETY: the range is this allocation. Only advice: failure changes nothing.
            unsafe {
                libc::madvise(raw.cast(), bytes, libc::MADV_HUGEPAGE);
            }
        }
        // Zeroing after the advice: the first touch of each page is what gets a huge page.
        // SAFETY: `raw` is valid for `bytes` bytes, and all-zero words are empty slots.
        unsafe { std::ptr::write_bytes(raw, 0, bytes) };
        Clusters { ptr, len, layout }
    }
}

impl std::ops::Deref for Clusters {
    type Target = [Cluster];

    fn deref(&self) -> &[Cluster] {
        // SAFETY: `ptr` holds `len` initialised clusters for as long as `self` lives.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Clusters {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout, and freed only here.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), self.layout) };
    }
}

impl std::fmt::Debug for Clusters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Clusters({} x 64 bytes, aligned to {})",
            self.len,
            self.layout.align()
        )
    }
}

/// The shared table.
#[derive(Debug)]
pub struct Tt {
    clusters: Clusters,
    age: AtomicU64,
}

impl Tt {
    /// A table of about `bytes` bytes (at least 1024 slots).
    #[must_use]
    pub fn new(bytes: usize) -> Tt {
        let n = (bytes / std::mem::size_of::<Cluster>()).max(1024 / WAYS);
        Tt {
            clusters: Clusters::new(n),
            age: AtomicU64::new(0),
        }
    }

    /// Number of slots.
    #[must_use]
    pub fn len(&self) -> usize {
        self.clusters.len() * WAYS
    }

    /// Always false (a table has at least 1024 slots).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.clusters.is_empty()
    }

    /// Erase every entry.
    pub fn clear(&self) {
        for s in self.clusters.iter().flat_map(|c| c.0.iter()) {
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
    fn cluster(&self, key: u64) -> &Cluster {
        // Multiply-shift maps the key onto any table length without a modulo.
        let i = ((u128::from(key) * self.clusters.len() as u128) >> 64) as usize;
        &self.clusters[i]
    }

    /// Ask the CPU to start loading `key`'s cluster: a caller that knows a position it is
    /// about to probe (the child of a move about to be played) hides most of the cache miss
    /// behind the work in between. Only a hint; nothing changes if it is ignored.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = std::ptr::from_ref(self.cluster(key)).cast::<i8>();
            // SAFETY: a prefetch never faults and reads nothing into the program; `p` points
            // into the live table anyway.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if present and intact.
    #[must_use]
    pub fn probe(&self, key: u64, ply: i32) -> Option<Entry> {
        let data = self.cluster(key).0.iter().find_map(|s| {
            let (data, ours) = s.read(key);
            ours.then_some(data)
        })?;
        let mv = move_of(data);
        let bound = match (data >> 10) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        let depth = depth_of(data);
        let score = from_tt(Score::from((data >> 32) as u16 as i16), ply);
        let eval = Score::from((data >> 48) as u16 as i16);
        Some(Entry {
            mv: (mv != NO_MOVE).then_some(mv),
            bound,
            depth,
            score,
            eval,
            pv: data >> 26 & 1 == 1,
        })
    }

    /// Store a result. An entry for the same position is replaced unless it is from this
    /// search and much deeper (an exact result always replaces it); otherwise the result
    /// takes an empty slot of the cluster, or else the least valuable one: the shallowest,
    /// counting each search of age as 8 plies less (`AGE_PENALTY`). `pv` marks a node that
    /// is or was on the PV.
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
        pv: bool,
    ) {
        let gen = self.generation();
        let slots = &self.cluster(key).0;
        let mut victim = &slots[0];
        let mut victim_value = i32::MAX;
        let mut old_move = NO_MOVE;
        for s in slots {
            let (old, ours) = s.read(key);
            let old_depth = depth_of(old);
            let old_gen = (old >> 20) & 63;
            if ours {
                if old_gen == gen && depth + 2 < old_depth && bound != Bound::Exact {
                    return;
                }
                victim = s;
                // Keep the old best move when the new result has none.
                old_move = move_of(old);
                break;
            }
            let value = if old == 0 {
                i32::MIN
            } else {
                old_depth - AGE_PENALTY * ((gen.wrapping_sub(old_gen) & 63) as i32)
            };
            if value < victim_value {
                victim = s;
                victim_value = value;
            }
        }
        let mv = mv.unwrap_or(old_move);
        let b = match bound {
            Bound::Upper => 1u64,
            Bound::Lower => 2,
            Bound::Exact => 3,
        };
        let d = (depth + DEPTH_OFFSET).clamp(0, 255) as u64;
        let sc = to_tt(score, ply).clamp(-32_000, 32_000) as i16 as u16 as u64;
        let ev = eval.clamp(-32_000, 32_000) as i16 as u16 as u64;
        let data = u64::from(mv & 0x3FF)
            | b << 10
            | d << 12
            | gen << 20
            | u64::from(pv) << 26
            | sc << 32
            | ev << 48;
        victim.check.store(key ^ data, Ordering::Relaxed);
        victim.data.store(data, Ordering::Relaxed);
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
        tt.store(key, 3, Some(200), Bound::Lower, 7, WIN - 10, -55, false);
        let e = tt.probe(key, 3).unwrap();
        assert_eq!(e.mv, Some(200));
        assert_eq!(e.bound, Bound::Lower);
        assert_eq!(e.depth, 7);
        assert_eq!(e.score, WIN - 10);
        assert_eq!(e.eval, -55);
        assert!(!e.pv);
        tt.store(key ^ 2, 0, None, Bound::Upper, 1, 0, 0, true);
        assert!(tt.probe(key ^ 2, 0).unwrap().pv);
        // The same mate seen from a node two plies deeper is two plies closer to the root's win.
        assert_eq!(tt.probe(key, 5).unwrap().score, WIN - 12);
        assert!(tt.probe(key ^ 1, 3).is_none());
        tt.clear();
        assert!(tt.probe(key, 3).is_none());
    }

    #[test]
    fn a_large_table_is_huge_page_aligned_and_empty() {
        for bytes in [HUGE_PAGE, 3 * HUGE_PAGE + 4096] {
            let tt = Tt::new(bytes);
            assert_eq!(
                tt.clusters.as_ptr() as usize % HUGE_PAGE,
                0,
                "{bytes} bytes"
            );
            assert_eq!(tt.len(), bytes / 64 * WAYS);
            let mut slots = tt.clusters.iter().flat_map(|c| c.0.iter());
            assert!(slots.all(|s| s.read(0).0 == 0));
            // The last cluster is usable.
            let key = u64::MAX;
            tt.store(key, 0, Some(9), Bound::Exact, 3, 5, 6, false);
            assert_eq!(tt.probe(key, 0).map(|e| e.mv), Some(Some(9)));
            assert!(std::ptr::eq(tt.cluster(key), tt.clusters.last().unwrap()));
        }
        let small = Tt::new(1 << 12);
        assert_eq!(small.clusters.as_ptr() as usize % 64, 0);
    }

    #[test]
    fn torn_entries_read_as_misses() {
        let tt = Tt::new(1 << 12);
        let key = 42u64 << 40;
        tt.store(key, 0, Some(100), Bound::Exact, 3, 12, 0, false);
        let s = tt.cluster(key).0.iter().find(|s| s.read(key).1).unwrap();
        // Simulate another thread's data word landing without its check word.
        s.data.store(
            s.data.load(Ordering::Relaxed) ^ (1 << 33),
            Ordering::Relaxed,
        );
        assert!(tt.probe(key, 0).is_none());
    }

    /// Keys that differ only in their low bits share a cluster (the index is taken from the
    /// high bits).
    fn same_cluster(i: u64) -> u64 {
        (0b1011u64 << 60) | (i << 8)
    }

    #[test]
    fn a_cluster_holds_four_positions_and_evicts_the_least_valuable() {
        let tt = Tt::new(1 << 12);
        let c = std::ptr::from_ref(tt.cluster(same_cluster(1)));
        for i in 2..=6 {
            assert!(std::ptr::eq(c, tt.cluster(same_cluster(i))));
        }
        for (i, depth) in [(1, 5), (2, 1), (3, 7), (4, 3)] {
            tt.store(
                same_cluster(i),
                0,
                Some(100 + i as Cell),
                Bound::Lower,
                depth,
                0,
                0,
                false,
            );
        }
        for i in 1..=4 {
            assert_eq!(
                tt.probe(same_cluster(i), 0).unwrap().mv,
                Some(100 + i as Cell)
            );
        }
        // A fifth position takes the shallowest slot, whatever its own depth.
        tt.store(same_cluster(5), 0, Some(105), Bound::Upper, 2, 0, 0, false);
        assert!(tt.probe(same_cluster(2), 0).is_none());
        for i in [1, 3, 4, 5] {
            assert!(tt.probe(same_cluster(i), 0).is_some(), "{i}");
        }
        // Two searches later the old entries count 16 plies less: a depth-1 result of the
        // current search evicts the shallowest of them, not the deepest.
        tt.new_search();
        tt.new_search();
        tt.store(same_cluster(6), 0, Some(106), Bound::Exact, 1, 0, 0, false);
        assert!(tt.probe(same_cluster(5), 0).is_none());
        for i in [1, 3, 4, 6] {
            assert!(tt.probe(same_cluster(i), 0).is_some(), "{i}");
        }
    }

    #[test]
    fn a_deeper_entry_of_the_current_search_survives_a_shallow_bound() {
        let tt = Tt::new(1 << 12);
        let key = 7u64 << 50;
        tt.store(key, 0, Some(100), Bound::Lower, 10, 5, 0, false);
        tt.store(key, 0, Some(101), Bound::Upper, 1, -5, 0, false);
        assert_eq!(tt.probe(key, 0).unwrap().depth, 10);
        // An exact result replaces it, and keeps the old move if it has none.
        tt.store(key, 0, None, Bound::Exact, 1, 3, 0, false);
        let e = tt.probe(key, 0).unwrap();
        assert_eq!((e.depth, e.score, e.mv), (1, 3, Some(100)));
        // From an older search it is replaced by anything.
        tt.store(key, 0, Some(102), Bound::Lower, 9, 5, 0, false);
        tt.new_search();
        tt.store(key, 0, Some(103), Bound::Upper, 1, -5, 0, false);
        assert_eq!(tt.probe(key, 0).unwrap().mv, Some(103));
        // Only one slot holds the position.
        let held = tt.cluster(key).0.iter().filter(|s| s.read(key).1).count();
        assert_eq!(held, 1);
    }
}
