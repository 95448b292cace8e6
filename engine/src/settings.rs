//! The brain's settings as the manager sets them with `INFO key value`, and the resource
//! limits derived from them (transposition-table size, threads, depth and node limits).
//!
//! A bad value never fails at once: the protocol wants problems reported at the next move
//! request, so [`Settings::apply`] records a note that the front end prints then.

use tengen_protocol::Info;
use tengen_rules::Rule;

use crate::eval::EVAL_LIMIT;
use crate::search::Tuning;
use crate::time::TimeControl;

/// Bytes in a mebibyte.
const MIB: u64 = 1 << 20;
/// Transposition table size when neither `hash_size` nor `max_memory` says otherwise.
pub const DEFAULT_HASH_BYTES: u64 = 64 * MIB;
/// Largest table Tengen allocates on its own when only `max_memory` is given.
const MAX_AUTO_HASH_BYTES: u64 = 256 * MIB;
/// Memory kept for everything but the table: code, stacks, boards, histories, buffers.
const BASE_RESERVE_BYTES: u64 = 32 * MIB;
/// Extra memory kept per search thread (stack and per-thread tables).
const THREAD_RESERVE_BYTES: u64 = 4 * MIB;
/// The smallest table worth having.
const MIN_HASH_BYTES: u64 = MIB;
/// Upper bound for `thread_num`.
pub const MAX_THREADS: usize = 64;

/// The largest table `hash_size` may ask for: half the physical memory (from
/// `/proc/meminfo`; 4 GiB where that cannot be read).
fn largest_table_bytes() -> u64 {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let kib = text.lines().find_map(|l| l.strip_prefix("MemTotal:"))?;
            kib.trim().trim_end_matches("kB").trim().parse::<u64>().ok()
        });
    total.map_or(4 << 30, |kib| kib.saturating_mul(1024) / 2)
}

/// Every `INFO` setting the brain uses.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The rule (`INFO rule`).
    pub rule: Rule,
    /// Time limits.
    pub time: TimeControl,
    /// `max_memory` in bytes; `None` = unlimited.
    pub max_memory: Option<u64>,
    /// `hash_size` in bytes; `None` = not set.
    pub hash_size: Option<u64>,
    /// Search threads.
    pub threads: usize,
    /// `max_depth`; `None` = unlimited.
    pub max_depth: Option<i32>,
    /// `max_node`; `None` = unlimited.
    pub max_nodes: Option<u64>,
    /// `show_detail` (0-3): 1 and 3 print `MESSAGE REALTIME`, 2 and 3 print `INFO PV` blocks.
    pub show_detail: u8,
    /// `tg_passes`: whether the manager allows passes.
    pub passes: bool,
    /// `tg_opening_rule`, as sent.
    pub opening_rule: String,
    /// `tg_draw_offer 1` was sent before the current move request.
    pub draw_offered: bool,
    /// `folder`, as sent.
    pub folder: Option<String>,
    /// `game_type`, as sent.
    pub game_type: i64,
    /// `pondering 1`: think on the opponent's time.
    pub pondering: bool,
    /// Problems to report at the next move request.
    notes: Vec<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            rule: Rule::Freestyle,
            time: TimeControl::default(),
            max_memory: None,
            hash_size: None,
            threads: 1,
            max_depth: None,
            max_nodes: None,
            show_detail: 0,
            passes: true,
            opening_rule: "free".to_string(),
            draw_offered: false,
            folder: None,
            game_type: 1,
            pondering: false,
            notes: Vec::new(),
        }
    }
}

/// What an `INFO` line changed that someone else must act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Nothing beyond the stored value.
    None,
    /// The rule changed: the board must be rebuilt under the new rule.
    Rule,
    /// The table size or thread count changed: resize the searcher.
    Resources,
    /// `timeout_turn` changed: a running search may have to stop sooner.
    TurnTime,
}

impl Settings {
    /// Apply one `INFO` setting. Unknown keys are ignored (the protocol says so); a bad value
    /// leaves the setting unchanged and leaves a note.
    pub fn apply(&mut self, info: &Info) -> Change {
        match *info {
            Info::TimeoutTurn(v) => {
                self.time.set_turn(v);
                return Change::TurnTime;
            }
            Info::TimeoutMatch(v) => self.time.set_match(v),
            Info::TimeLeft(v) => self.time.set_left(v),
            Info::TimeIncrement(v) => self.time.set_increment(v),
            Info::MaxMemory(v) => {
                self.max_memory = (v > 0).then_some(v as u64);
                if let Some(m) = self.max_memory {
                    if m < BASE_RESERVE_BYTES + MIN_HASH_BYTES {
                        self.notes.push(format!(
                            "INFO max_memory {m} is below the {} MiB Tengen needs; using a 1 MiB table",
                            (BASE_RESERVE_BYTES + MIN_HASH_BYTES) / MIB
                        ));
                    }
                }
                return Change::Resources;
            }
            Info::HashSize(v) => {
                self.hash_size = (v > 0).then(|| (v as u64).saturating_mul(1024));
                // A table beyond the machine's memory would fail to allocate (or swap the
                // machine to death) and abort the brain: cap it and say so.
                let cap = largest_table_bytes();
                if self.hash_size.is_some_and(|h| h > cap) {
                    self.notes.push(format!(
                        "INFO hash_size {v} KiB is more than half of this machine's memory; using {} MiB",
                        cap / MIB
                    ));
                    self.hash_size = Some(cap);
                }
                return Change::Resources;
            }
            Info::ThreadNum(v) => {
                let n = v.clamp(1, MAX_THREADS as i64) as usize;
                if n as i64 != v {
                    self.notes.push(format!("INFO thread_num {v}: using {n}"));
                }
                if n != self.threads {
                    self.threads = n;
                    return Change::Resources;
                }
            }
            Info::MaxDepth(v) => {
                self.max_depth = (v > 0).then(|| v.min(i64::from(i32::MAX)) as i32)
            }
            Info::MaxNode(v) => self.max_nodes = (v > 0).then_some(v as u64),
            Info::ShowDetail(v) => self.show_detail = v.clamp(0, 3) as u8,
            Info::Rule { value, rule } => match rule {
                Some(rule) if rule != self.rule => {
                    self.rule = rule;
                    return Change::Rule;
                }
                Some(_) => {}
                None => self.notes.push(format!(
                    "INFO rule {value} is not supported (0, 1, 2, 4, 8, 9 are); keeping {}",
                    self.rule
                )),
            },
            Info::TgPasses(b) => self.passes = b,
            Info::TgOpeningRule(r) => self.opening_rule = r.word().to_string(),
            Info::TgDrawOffer(b) => self.draw_offered = b,
            Info::Folder(ref f) => self.folder = Some(f.clone()),
            Info::GameType(v) => self.game_type = v,
            Info::Pondering(v) => self.pondering = v != 0,
            // Read by other brains (caution_factor, strength, evaluate, Yixin-Board's
            // vcthread/usedatabase…): accepted without effect here.
            _ => {}
        }
        Change::None
    }

    /// Remember a problem to report at the next move request (e.g. an `INFO` line that did
    /// not parse).
    pub fn note(&mut self, text: String) {
        self.notes.push(text);
    }

    /// Take the notes collected since the last move request.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// Transposition-table bytes: `hash_size` if set, else a default, and never more than
    /// `max_memory` minus what the rest of the process needs.
    #[must_use]
    pub fn hash_bytes(&self) -> usize {
        let wanted = match (self.hash_size, self.max_memory) {
            (Some(h), _) => h,
            (None, Some(m)) => m.min(MAX_AUTO_HASH_BYTES),
            (None, None) => DEFAULT_HASH_BYTES,
        };
        let bytes = match self.max_memory {
            Some(m) => {
                let reserve = BASE_RESERVE_BYTES + THREAD_RESERVE_BYTES * self.threads as u64;
                wanted.min(m.saturating_sub(reserve))
            }
            None => wanted,
        };
        usize::try_from(bytes.max(MIN_HASH_BYTES)).unwrap_or(usize::MAX)
    }
}

/// Environment variable that changes the search knobs, for self-play experiments only:
/// `TENGEN_TUNING="vct_nodes=0,qs_defend_plies=0"` (see [`parse_tuning`]).
pub const TUNING_ENV: &str = "TENGEN_TUNING";

/// What was wrong with a `TENGEN_TUNING` text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TuningError {
    /// A part without `=`.
    #[error("tuning part `{0}` is not key=value")]
    NotKeyValue(String),
    /// A key that is not a search knob.
    #[error("unknown tuning knob `{0}` (known: {KNOBS})")]
    UnknownKnob(String),
    /// A value the knob cannot take.
    #[error("tuning knob `{key}`: `{value}` is not {expected}")]
    BadValue {
        /// The knob.
        key: String,
        /// The text given for it.
        value: String,
        /// What the knob takes (`0 or 1` for a switch).
        expected: &'static str,
    },
}

/// The knobs [`parse_tuning`] understands.
const KNOBS: &str = "lmp_base, lmp_per_depth, lmp_max_depth, lmr_min_depth, lmr_min_index, \
lmr_index_div, lmr_depth_div, qs_defend_plies, vct_nodes, vct_time_div, max_quiet, \
max_quiet_renju, root_vcf, qs_vcf_nodes, aspiration, tt_probe, killers, history, history_div, \
qs_vcf_needs_four_three, rfp_margin, rfp_max_depth, history_div_renju, rfp_margin_renju, \
mate_distance, helper_vct_nodes, smp_spread, guard_nodes, guard_min_depth, guard_time_div, \
guard_last, iteration_pct, lmr_defend, qs_vcf_below_beta, order_far, \
qs_vcf_needs_four_three_renju, qs_vcf_below_beta_renju, lmr_defend_renju, order_fit, \
order_fit_renju, lmr_improving, tt_win_cut, tt_refine_eval, tt_refine_eval_renju, tt_refine_leaf, \
tt_refine_leaf_renju, razor_margin, razor_max_depth, tt_cut_history, lmr_cut_node, lmr_pv, \
lmr_history_div, lmr_history_div_renju, root_new_best, stability_base, stability_gain, \
falling_gain, falling_gain_renju, clock_iteration_pct, clock_iteration_pct_renju, probcut_margin, \
probcut_min_depth, probcut_moves, probcut_tt, se_min_depth, se_min_depth_renju, \
se_margin, se_double_margin, se_double_max, se_negative, se_negative_renju, se_cut_negative, \
se_low_negative, cont_history, black_eval, four_reply_ext, \
four_reply_ext_renju, four_reply_ext_side, to_go_min, to_go_min_renju, corr_profile, corr_stones, \
corr_profile_renju, corr_stones_renju, corr_moves, corr_moves_renju, corr_moves4, \
corr_moves4_renju, corr_shape, corr_shape_renju, corr_stone_bits, history_keep, killers_new, lmr_corr, hind_ext, hind_center, hind_red_margin, lmr_cutoffs, fail_low_bonus, fh_blend, qs_blend, corr_rate, corr_defend, corr_skip_four, corr_phase, corr_eval, aspiration_renju, asp_growth, asp_soft, iir_min_depth, fhr_margin, pv_raise_max_depth, lmr_distract, \
lmr_attack, distract_prune_depth, lmr_deeper_margin, \
lmr_shallower_margin, razor_margin_renju, lmr_distract_renju, lmr_attack_renju, tempo, \
distract_prune_depth_renju, fade_start, fade_len, lmr_tt_pv, \
lmr_tt_forcing, rfp_improving, \
rfp_improving_renju, rfp_cut_no_tt, order_forbidden, lmr_four, lmr_oppo_four, lmr_order_gap, \
lmr_order_near, root_order_nodes, trivial_prune_depth, hist_prune_depth, hist_prune_margin, rfp_attack, tree_vct_depth, tree_vct_nodes, tree_vct_pv";

/// Parse `key=value` parts separated by commas (or spaces) into the default [`Tuning`] with
/// those knobs changed. An empty text gives the defaults. Switching a feature off:
/// `vct_nodes=0` (no root VCT), `qs_defend_plies=0` (no defence search past the horizon),
/// `lmr_min_depth=1000` (no late-move reductions), `lmr_defend=0` (none at nodes answering
/// an open three; `lmr_defend_renju=1` adds them under Renju), `lmp_max_depth=0` (no
/// late-move pruning: quiet nodes at depth 0 are already quiescence), `root_vcf=0`,
/// `qs_vcf_nodes=0` (no VCF at quiescence nodes), `qs_vcf_needs_four_three=0` (under
/// freestyle, a VCF at every quiescence node with a four point; Renju does so where the static score is below beta:
/// `qs_vcf_needs_four_three_renju=1,qs_vcf_below_beta_renju=0` is the old Renju rule),
/// `aspiration=0` (full windows), `tt_probe=0` (the table is written but never read),
/// `mate_distance=0` (no mate-distance pruning), `killers=0`, `history=0`,
/// `max_quiet=1000` (no quiet-move cap), `smp_spread=0` (Lazy SMP threads deepen on their own),
/// `root_new_best=0` (a move that beat the previous best in an unfinished iteration is played
/// only if its score beats the previous iteration's), `stability_base=0` (under a game clock,
/// the target time no longer follows the best move's stability), `falling_gain_renju=0`
/// (under Renju, a falling score no longer adds target time).
/// Switching one on: `helper_vct_nodes=20000` (a root VCT on the first helper thread),
/// `guard_nodes=20000` (the root guard: the opponent's VCT against the move about to be
/// played; `guard_last=0` checks every new best move), `falling_gain=50` (under a game clock
/// and a rule other than Renju, 50% more target time per 100 points the score fell over two
/// iterations). `order_far=0` orders points by their
/// patterns alone (by default those far from the last stones come later). Values are
/// non-negative integers; the on/off knobs take 0 or 1.
pub fn parse_tuning(text: &str) -> Result<Tuning, TuningError> {
    let mut t = Tuning::default();
    for part in text.split([',', ' ']).filter(|p| !p.trim().is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| TuningError::NotKeyValue(part.to_string()))?;
        let (key, value) = (key.trim(), value.trim());
        // The value is read as the knob's type, so that an error can say what it takes.
        let within = |min: u64, max: u64, expected: &'static str| {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| TuningError::BadValue {
                    key: key.to_string(),
                    value: value.to_string(),
                    expected,
                })
        };
        let int = |max: u64, expected: &'static str| within(0, max, expected);
        let any = || int(u64::MAX, "a non-negative integer");
        let small = || int(i32::MAX as u64, "an integer from 0 to 2147483647").map(|n| n as i32);
        // Score margins are multiplied by depths: bounded by the evaluation's range, so
        // that no product overflows.
        const _: () = assert!(EVAL_LIMIT == 20_000, "the message below names the bound");
        let stones = || int(1000, "a stone count from 0 to 1000").map(|n| n as u32);
        let margin = || int(EVAL_LIMIT as u64, "a score margin from 0 to 20000").map(|n| n as i32);
        let size = || int(usize::MAX as u64, "a non-negative integer").map(|n| n as usize);
        let unsigned =
            || int(u64::from(u32::MAX), "an integer from 0 to 4294967295").map(|n| n as u32);
        let flag = || int(1, "0 or 1").map(|n| n == 1);
        let percent200 = || int(200, "a percentage from 0 to 200").map(|n| n as i32);
        let to_go = || within(1, 100, "an integer from 1 to 100").map(|n| n as u32);
        match key {
            "lmp_base" => t.lmp_base = size()?,
            "lmp_per_depth" => t.lmp_per_depth = size()?,
            "lmp_max_depth" => t.lmp_max_depth = small()?,
            "lmr_min_depth" => t.lmr_min_depth = small()?,
            "lmr_min_index" => t.lmr_min_index = size()?,
            "lmr_index_div" => t.lmr_index_div = small()?,
            "lmr_depth_div" => t.lmr_depth_div = small()?,
            "lmr_defend" => t.lmr_defend = flag()?,
            "lmr_defend_renju" => t.lmr_defend_renju = flag()?,
            "order_far" => t.order_far = flag()?,
            "order_forbidden" => t.order_forbidden = flag()?,
            "qs_vcf_below_beta" => t.qs_vcf_below_beta = flag()?,
            "qs_vcf_below_beta_renju" => t.qs_vcf_below_beta_renju = flag()?,
            "qs_vcf_needs_four_three_renju" => t.qs_vcf_needs_four_three_renju = flag()?,
            "qs_defend_plies" => t.qs_defend_plies = small()?,
            "vct_nodes" => t.vct_nodes = any()?,
            "vct_time_div" => t.vct_time_div = unsigned()?,
            "max_quiet" => t.max_quiet = size()?,
            "max_quiet_renju" => t.max_quiet_renju = size()?,
            "order_fit" => t.order_fit = flag()?,
            "order_fit_renju" => t.order_fit_renju = flag()?,
            "lmr_improving" => t.lmr_improving = flag()?,
            "root_vcf" => t.root_vcf = flag()?,
            "qs_vcf_nodes" => t.qs_vcf_nodes = any()?,
            "helper_vct_nodes" => t.helper_vct_nodes = any()?,
            "guard_nodes" => t.guard_nodes = any()?,
            "guard_min_depth" => t.guard_min_depth = small()?,
            "guard_time_div" => t.guard_time_div = unsigned()?,
            "guard_last" => t.guard_last = flag()?,
            "iteration_pct" => t.iteration_pct = unsigned()?,
            "clock_iteration_pct" => t.clock_iteration_pct = unsigned()?,
            "clock_iteration_pct_renju" => t.clock_iteration_pct_renju = unsigned()?,
            "stability_base" => t.stability_base = unsigned()?,
            "stability_gain" => t.stability_gain = unsigned()?,
            "falling_gain" => t.falling_gain = unsigned()?,
            "falling_gain_renju" => t.falling_gain_renju = unsigned()?,
            "to_go_min" => t.to_go_min = to_go()?,
            "to_go_min_renju" => t.to_go_min_renju = to_go()?,
            "aspiration" => t.aspiration = small()?,
            "aspiration_renju" => t.aspiration_renju = small()?,
            "asp_growth" => {
                t.asp_growth = within(1, 400, "a percentage from 1 to 400").map(|n| n as i32)?
            }
            "asp_soft" => t.asp_soft = flag()?,
            "tt_probe" => t.tt_probe = flag()?,
            "tt_win_cut" => t.tt_win_cut = flag()?,
            "tt_cut_history" => t.tt_cut_history = flag()?,
            "tt_refine_eval" => t.tt_refine_eval = flag()?,
            "tt_refine_eval_renju" => t.tt_refine_eval_renju = flag()?,
            "tt_refine_leaf" => t.tt_refine_leaf = flag()?,
            "tt_refine_leaf_renju" => t.tt_refine_leaf_renju = flag()?,
            "mate_distance" => t.mate_distance = flag()?,
            "smp_spread" => t.smp_spread = flag()?,
            "killers" => t.killers = flag()?,
            "history" => t.history = flag()?,
            "history_div" => t.history_div = small()?,
            "history_div_renju" => t.history_div_renju = small()?,
            "rfp_margin" => t.rfp_margin = margin()?,
            "rfp_margin_renju" => t.rfp_margin_renju = margin()?,
            "rfp_max_depth" => t.rfp_max_depth = small()?,
            "razor_margin" => t.razor_margin = margin()?,
            "razor_margin_renju" => t.razor_margin_renju = margin()?,
            "tempo" => t.tempo = margin()?,
            "fade_start" => t.fade_start = stones()?,
            "fade_len" => t.fade_len = stones()?,
            "razor_max_depth" => t.razor_max_depth = small()?,
            "probcut_margin" => t.probcut_margin = margin()?,
            "probcut_min_depth" => t.probcut_min_depth = small()?,
            "probcut_moves" => t.probcut_moves = size()?,
            "probcut_tt" => t.probcut_tt = flag()?,
            "iir_min_depth" => t.iir_min_depth = small()?,
            "fhr_margin" => t.fhr_margin = margin()?,
            "pv_raise_max_depth" => t.pv_raise_max_depth = small()?,
            "lmr_distract" => t.lmr_distract = flag()?,
            "lmr_distract_renju" => t.lmr_distract_renju = flag()?,
            "lmr_attack" => t.lmr_attack = small()?,
            "lmr_attack_renju" => t.lmr_attack_renju = small()?,
            "distract_prune_depth" => t.distract_prune_depth = small()?,
            "distract_prune_depth_renju" => t.distract_prune_depth_renju = small()?,
            "lmr_oppo_four" => t.lmr_oppo_four = small()?,
            "lmr_order_gap" => t.lmr_order_gap = margin()?,
            "lmr_order_near" => t.lmr_order_near = margin()?,
            "root_order_nodes" => t.root_order_nodes = margin()?,
            "trivial_prune_depth" => t.trivial_prune_depth = small()?,
            "hist_prune_depth" => t.hist_prune_depth = small()?,
            "hist_prune_margin" => t.hist_prune_margin = margin()?,
            "rfp_attack" => t.rfp_attack = flag()?,
            "tree_vct_depth" => t.tree_vct_depth = small()?,
            "tree_vct_nodes" => t.tree_vct_nodes = any()?,
            "tree_vct_pv" => t.tree_vct_pv = flag()?,
            "lmr_deeper_margin" => t.lmr_deeper_margin = margin()?,
            "lmr_shallower_margin" => t.lmr_shallower_margin = margin()?,
            "se_min_depth" => t.se_min_depth = small()?,
            "se_min_depth_renju" => t.se_min_depth_renju = small()?,
            "se_margin" => t.se_margin = margin()?,
            "se_double_margin" => t.se_double_margin = margin()?,
            "se_negative" => t.se_negative = small()?,
            "se_negative_renju" => t.se_negative_renju = small()?,
            "se_cut_negative" => t.se_cut_negative = small()?,
            "se_low_negative" => t.se_low_negative = small()?,
            "cont_history" => {
                t.cont_history = int(100, "a percentage from 0 to 100").map(|n| n as i32)?
            }
            "corr_profile" => t.corr_profile = percent200()?,
            "corr_stones" => t.corr_stones = percent200()?,
            "corr_profile_renju" => t.corr_profile_renju = percent200()?,
            "corr_stones_renju" => t.corr_stones_renju = percent200()?,
            "corr_moves" => t.corr_moves = percent200()?,
            "corr_moves_renju" => t.corr_moves_renju = percent200()?,
            "corr_moves4" => t.corr_moves4 = percent200()?,
            "corr_moves4_renju" => t.corr_moves4_renju = percent200()?,
            "corr_shape" => t.corr_shape = percent200()?,
            "corr_shape_renju" => t.corr_shape_renju = percent200()?,
            "history_keep" => {
                t.history_keep = int(100, "a percentage from 0 to 100").map(|n| n as i32)?
            }
            "killers_new" => {
                t.killers_new = within(0, 2, "0 (keep), 1 (clear) or 2 (shift)").map(|n| n as u8)?
            }
            "corr_stone_bits" => {
                const _: () = assert!(crate::correction::MAX_STONE_BITS == 18, "named below");
                t.corr_stone_bits = within(1, 18, "an integer from 1 to 18").map(|n| n as u32)?
            }
            "lmr_corr" => t.lmr_corr = margin()?,
            "hind_ext" => t.hind_ext = small()?,
            "hind_center" => t.hind_center = margin()?,
            "hind_red_margin" => t.hind_red_margin = margin()?,
            "lmr_cutoffs" => t.lmr_cutoffs = small()?,
            "fail_low_bonus" => t.fail_low_bonus = percent200()?,
            "fh_blend" => t.fh_blend = flag()?,
            "qs_blend" => t.qs_blend = flag()?,
            "corr_defend" => t.corr_defend = flag()?,
            "corr_skip_four" => t.corr_skip_four = flag()?,
            "corr_phase" => t.corr_phase = flag()?,
            "corr_eval" => t.corr_eval = percent200()?,
            "corr_rate" => {
                t.corr_rate = int(400, "a percentage from 0 to 400").map(|n| n as i32)?
            }
            "four_reply_ext_side" => {
                t.four_reply_ext_side = int(2, "0, 1 or 2").map(|n| n as u32)?
            }
            "four_reply_ext" => t.four_reply_ext = int(2, "0, 1 or 2").map(|n| n as i32)?,
            "four_reply_ext_renju" => {
                t.four_reply_ext_renju = int(2, "0, 1 or 2").map(|n| n as i32)?
            }
            "black_eval" => t.black_eval = percent200()?,
            "se_double_max" => t.se_double_max = small()?,
            "lmr_cut_node" => t.lmr_cut_node = small()?,
            "lmr_pv" => t.lmr_pv = small()?,
            "lmr_tt_pv" => t.lmr_tt_pv = small()?,
            "lmr_tt_forcing" => t.lmr_tt_forcing = small()?,
            "lmr_four" => t.lmr_four = small()?,
            "rfp_improving" => t.rfp_improving = margin()?,
            "rfp_improving_renju" => t.rfp_improving_renju = margin()?,
            "rfp_cut_no_tt" => t.rfp_cut_no_tt = margin()?,
            "lmr_history_div" => t.lmr_history_div = small()?,
            "lmr_history_div_renju" => t.lmr_history_div_renju = small()?,
            "root_new_best" => t.root_new_best = flag()?,
            "qs_vcf_needs_four_three" => t.qs_vcf_needs_four_three = flag()?,
            _ => return Err(TuningError::UnknownKnob(key.to_string())),
        }
    }
    Ok(t)
}

/// The knobs from [`TUNING_ENV`]; the defaults when it is unset. A bad text is logged as an
/// error (stderr) and the defaults are used, so a mistyped experiment shows in the logs.
#[must_use]
pub fn tuning_from_env() -> Tuning {
    let Ok(text) = std::env::var(TUNING_ENV) else {
        return Tuning::default();
    };
    match parse_tuning(&text) {
        Ok(t) => {
            tracing::info!("{TUNING_ENV}: {t:?}");
            t
        }
        Err(e) => {
            tracing::error!("{TUNING_ENV} ignored: {e}");
            Tuning::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuning_text_changes_only_the_named_knobs() {
        let d = Tuning::default();
        assert_eq!(parse_tuning("").unwrap(), d);
        let t = parse_tuning("vct_nodes=0, qs_defend_plies=0,lmr_min_depth=1000").unwrap();
        assert_eq!(
            (t.vct_nodes, t.qs_defend_plies, t.lmr_min_depth),
            (0, 0, 1000)
        );
        assert_eq!((t.lmp_base, t.max_quiet), (d.lmp_base, d.max_quiet));
        assert_eq!(
            parse_tuning("vct=0"),
            Err(TuningError::UnknownKnob("vct".into()))
        );
        let t =
            parse_tuning("root_vcf=0,tt_probe=0,killers=0,history=0,aspiration=0,mate_distance=0")
                .unwrap();
        assert!(!t.root_vcf && !t.tt_probe && !t.killers && !t.history && !t.mate_distance);
        assert_eq!((t.aspiration, t.qs_vcf_nodes), (0, d.qs_vcf_nodes));
        let t = parse_tuning("guard_nodes=20000,guard_last=0,guard_min_depth=6,guard_time_div=8")
            .unwrap();
        assert_eq!(
            (
                t.guard_nodes,
                t.guard_last,
                t.guard_min_depth,
                t.guard_time_div
            ),
            (20_000, false, 6, 8)
        );
        assert_eq!((d.guard_nodes, d.guard_last), (0, true));
        assert_eq!(
            parse_tuning("iteration_pct=100").unwrap().iteration_pct,
            100
        );
        let err = parse_tuning("tt_probe=2").unwrap_err();
        assert!(matches!(err, TuningError::BadValue { .. }));
        assert_eq!(
            err.to_string(),
            "tuning knob `tt_probe`: `2` is not 0 or 1",
            "a switch says what it takes"
        );
        assert!(parse_tuning("aspiration=x")
            .unwrap_err()
            .to_string()
            .ends_with("`x` is not an integer from 0 to 2147483647"));
        // The knob is checked before its value.
        assert!(matches!(
            parse_tuning("no_such_knob=x"),
            Err(TuningError::UnknownKnob(_))
        ));
        assert!(matches!(
            parse_tuning("aspiration=-1"),
            Err(TuningError::BadValue { .. })
        ));
        assert!(matches!(
            parse_tuning("lmr_min_depth=99999999999"),
            Err(TuningError::BadValue { .. })
        ));
        assert_eq!(
            parse_tuning("vct_nodes"),
            Err(TuningError::NotKeyValue("vct_nodes".into()))
        );
        assert_eq!(parse_tuning("cont_history=50").unwrap().cont_history, 50);
        let corr = parse_tuning("corr_profile=100,corr_stones=50").unwrap();
        assert_eq!((corr.corr_profile, corr.corr_stones), (100, 50));
        assert!(parse_tuning("corr_stones=201").is_err());
        let renju = parse_tuning("corr_profile_renju=0,corr_stones_renju=50").unwrap();
        assert_eq!((renju.corr_profile_renju, renju.corr_stones_renju), (0, 50));
        let moves = parse_tuning("corr_moves=30,corr_moves_renju=40,lmr_corr=60").unwrap();
        assert_eq!(
            (moves.corr_moves, moves.corr_moves_renju, moves.lmr_corr),
            (30, 40, 60)
        );
        assert!(parse_tuning("corr_moves=-1").is_err());
        let four = parse_tuning("corr_moves4=20,corr_moves4_renju=30").unwrap();
        assert_eq!((four.corr_moves4, four.corr_moves4_renju), (20, 30));
        assert!(parse_tuning("corr_moves4=201").is_err());
        let hind = parse_tuning("hind_ext=3,hind_center=400,hind_red_margin=150").unwrap();
        assert_eq!(
            (hind.hind_ext, hind.hind_center, hind.hind_red_margin),
            (3, 400, 150)
        );
        assert!(parse_tuning("hind_ext=x").is_err());
        assert_eq!(parse_tuning("lmr_cutoffs=2").unwrap().lmr_cutoffs, 2);
        assert_eq!(
            parse_tuning("fail_low_bonus=50").unwrap().fail_low_bonus,
            50
        );
        assert!(parse_tuning("fail_low_bonus=300").is_err());
        let blends = parse_tuning("fh_blend=1,qs_blend=1,corr_rate=150").unwrap();
        assert!(blends.fh_blend && blends.qs_blend);
        assert_eq!(blends.corr_rate, 150);
        assert!(parse_tuning("corr_defend=1").unwrap().corr_defend);
        assert!(parse_tuning("corr_skip_four=1").unwrap().corr_skip_four);
        assert!(parse_tuning("corr_phase=1").unwrap().corr_phase);
        assert!(parse_tuning("corr_phase=2").is_err());
        assert_eq!(parse_tuning("corr_eval=40").unwrap().corr_eval, 40);
        assert!(parse_tuning("corr_eval=201").is_err());
        let asp = parse_tuning("asp_growth=33,asp_soft=1").unwrap();
        assert!(asp.asp_soft);
        assert_eq!(asp.asp_growth, 33);
        assert!(parse_tuning("asp_growth=0").is_err());
        let windows = parse_tuning("aspiration=30,aspiration_renju=50").unwrap();
        assert_eq!((windows.aspiration, windows.aspiration_renju), (30, 50));
        assert!(parse_tuning("fh_blend=2").is_err());
        assert!(parse_tuning("corr_rate=500").is_err());
        assert_eq!(
            parse_tuning("corr_stone_bits=16").unwrap().corr_stone_bits,
            16
        );
        assert!(parse_tuning("corr_stone_bits=0").is_err());
        assert!(parse_tuning("corr_stone_bits=19").is_err());
        assert_eq!(parse_tuning("history_keep=50").unwrap().history_keep, 50);
        assert!(parse_tuning("history_keep=101").is_err());
        assert_eq!(parse_tuning("killers_new=2").unwrap().killers_new, 2);
        assert!(parse_tuning("killers_new=3").is_err());
        let shape = parse_tuning("corr_shape=50,corr_shape_renju=70").unwrap();
        assert_eq!((shape.corr_shape, shape.corr_shape_renju), (50, 70));
        assert_eq!(parse_tuning("black_eval=85").unwrap().black_eval, 85);
        assert_eq!(parse_tuning("iir_min_depth=4").unwrap().iir_min_depth, 4);
        assert_eq!(parse_tuning("fhr_margin=30").unwrap().fhr_margin, 30);
        let t = parse_tuning("pv_raise_max_depth=12").unwrap();
        assert_eq!(t.pv_raise_max_depth, 12);
        // On by default (in freestyle): parse the other value.
        assert!(!parse_tuning("lmr_distract=0").unwrap().lmr_distract);
        assert_eq!(parse_tuning("razor_margin=0").unwrap().razor_margin, 0);
        assert_eq!(parse_tuning("lmr_attack=2").unwrap().lmr_attack, 2);
        let t =
            parse_tuning("razor_margin_renju=90,lmr_distract_renju=1,lmr_attack_renju=2").unwrap();
        assert_eq!(
            (
                t.razor_margin_renju,
                t.lmr_distract_renju,
                t.lmr_attack_renju
            ),
            (90, true, 2)
        );
        let t = parse_tuning("tempo=80,fade_start=45,fade_len=60").unwrap();
        assert_eq!((t.tempo, t.fade_start, t.fade_len), (80, 45, 60));
        assert!(parse_tuning("fade_len=1001").is_err());
        assert_eq!(parse_tuning("lmr_tt_pv=1").unwrap().lmr_tt_pv, 1);
        assert_eq!(parse_tuning("lmr_tt_forcing=2").unwrap().lmr_tt_forcing, 2);
        assert_eq!(parse_tuning("rfp_improving=30").unwrap().rfp_improving, 30);
        assert_eq!(
            parse_tuning("rfp_improving_renju=40")
                .unwrap()
                .rfp_improving_renju,
            40
        );
        assert_eq!(parse_tuning("rfp_cut_no_tt=20").unwrap().rfp_cut_no_tt, 20);
        assert!(parse_tuning("order_forbidden=1").unwrap().order_forbidden);
        assert_eq!(parse_tuning("lmr_four=2").unwrap().lmr_four, 2);
        assert_eq!(parse_tuning("lmr_oppo_four=1").unwrap().lmr_oppo_four, 1);
        let t = parse_tuning("lmr_order_gap=200,lmr_order_near=40").unwrap();
        assert_eq!((t.lmr_order_gap, t.lmr_order_near), (200, 40));
        assert!(parse_tuning("lmr_order_gap=20001").is_err());
        assert!(parse_tuning("rfp_attack=1").unwrap().rfp_attack);
        assert!(!Tuning::default().rfp_attack);
        let t = parse_tuning("tree_vct_depth=8,tree_vct_nodes=500").unwrap();
        assert_eq!((t.tree_vct_depth, t.tree_vct_nodes), (8, 500));
        assert!(parse_tuning("tree_vct_pv=1").unwrap().tree_vct_pv);
        assert_eq!(Tuning::default().tree_vct_depth, 0);
        assert_eq!(
            parse_tuning("trivial_prune_depth=3")
                .unwrap()
                .trivial_prune_depth,
            3
        );
        let t = parse_tuning("hist_prune_depth=5,hist_prune_margin=1000").unwrap();
        assert_eq!((t.hist_prune_depth, t.hist_prune_margin), (5, 1000));
        assert_eq!(Tuning::default().hist_prune_depth, 0);
        assert!(parse_tuning("hist_prune_margin=20001").is_err());
        assert!(!Tuning::default().order_forbidden);
        let t = parse_tuning("distract_prune_depth=0,distract_prune_depth_renju=2").unwrap();
        assert_eq!(
            (t.distract_prune_depth, t.distract_prune_depth_renju),
            (0, 2)
        );
        assert_eq!(
            parse_tuning("lmr_deeper_margin=40")
                .unwrap()
                .lmr_deeper_margin,
            40
        );
        let t = parse_tuning("lmr_shallower_margin=10").unwrap();
        assert_eq!(t.lmr_shallower_margin, 10);
        // Margins are multiplied by depths: one past the evaluation's range is refused.
        assert!(parse_tuning("rfp_margin=20000").is_ok());
        let err = parse_tuning("rfp_margin=20001").unwrap_err().to_string();
        assert!(err.contains("20000"), "{err}");
        assert_eq!(parse_tuning("four_reply_ext=1").unwrap().four_reply_ext, 1);
        assert_eq!(
            parse_tuning("four_reply_ext_renju=0")
                .unwrap()
                .four_reply_ext_renju,
            0
        );
        assert_eq!(
            parse_tuning("four_reply_ext_side=2")
                .unwrap()
                .four_reply_ext_side,
            2
        );
        assert_eq!(
            parse_tuning("four_reply_ext=3").unwrap_err().to_string(),
            "tuning knob `four_reply_ext`: `3` is not 0, 1 or 2"
        );
        assert_eq!(
            parse_tuning("black_eval=201").unwrap_err().to_string(),
            "tuning knob `black_eval`: `201` is not a percentage from 0 to 200"
        );
        let t = parse_tuning("to_go_min=20,to_go_min_renju=15").unwrap();
        assert_eq!((t.to_go_min, t.to_go_min_renju), (20, 15));
        assert_eq!(t.for_rule(Rule::Renju).to_go_min, 15);
        for bad in ["0", "101"] {
            assert_eq!(
                parse_tuning(&format!("to_go_min={bad}"))
                    .unwrap_err()
                    .to_string(),
                format!("tuning knob `to_go_min`: `{bad}` is not an integer from 1 to 100")
            );
        }
        assert_eq!(
            parse_tuning("cont_history=101").unwrap_err().to_string(),
            "tuning knob `cont_history`: `101` is not a percentage from 0 to 100"
        );
    }

    /// Every field of [`Tuning`] is a knob: the parser takes it and the unknown-knob error
    /// lists it (the list is written by hand and had missed `lmr_defend`).
    #[test]
    fn every_tuning_field_is_a_listed_knob() {
        let d = Tuning::default();
        let debug = format!("{d:?}");
        let fields = debug
            .trim_start_matches("Tuning {")
            .trim_end_matches('}')
            .split(", ")
            .map(|f| f.split(':').next().unwrap().trim())
            .collect::<Vec<_>>();
        assert!(fields.len() > 20, "{fields:?}");
        let listed: Vec<&str> = KNOBS.split(", ").collect();
        assert_eq!(listed.len(), fields.len(), "{listed:?}");
        for f in fields {
            assert!(listed.contains(&f), "{f} missing from KNOBS");
            // 1 is valid for every knob (flags take 0 or 1).
            assert!(parse_tuning(&format!("{f}=1")).is_ok(), "{f} not parsed");
        }
    }

    #[test]
    fn a_table_beyond_the_machine_is_capped_with_a_note() {
        let mut s = Settings::default();
        // 1 TiB, in KiB: aborted the brain before the cap.
        s.apply(&Info::HashSize(1 << 30));
        assert_eq!(s.hash_bytes() as u64, largest_table_bytes());
        assert!(largest_table_bytes() < 1 << 40);
        let notes = s.take_notes();
        assert!(notes[0].contains("hash_size"), "{notes:?}");
    }

    #[test]
    fn memory_bounds_the_table() {
        let mut s = Settings::default();
        assert_eq!(s.hash_bytes() as u64, DEFAULT_HASH_BYTES);
        s.apply(&Info::MaxMemory(350_000_000));
        let h = s.hash_bytes() as u64;
        assert!(
            h + BASE_RESERVE_BYTES <= 350_000_000 && h >= 200 * MIB,
            "{h}"
        );
        s.apply(&Info::HashSize(262_144));
        assert_eq!(s.hash_bytes() as u64, 256 * MIB);
        s.apply(&Info::MaxMemory(100_000_000));
        assert!(s.hash_bytes() as u64 + BASE_RESERVE_BYTES <= 100_000_000);
        s.apply(&Info::MaxMemory(0));
        assert_eq!(s.hash_bytes() as u64, 256 * MIB);
        s.apply(&Info::MaxMemory(1000));
        assert_eq!(s.hash_bytes() as u64, MIN_HASH_BYTES);
        assert_eq!(s.take_notes().len(), 1);
    }

    #[test]
    fn bad_values_leave_notes_not_errors() {
        let mut s = Settings::default();
        assert_eq!(s.apply(&Info::rule(4)), Change::Rule);
        assert_eq!(s.rule, Rule::Renju);
        assert_eq!(s.apply(&Info::rule(12)), Change::None);
        assert_eq!(s.rule, Rule::Renju);
        s.note("INFO timeout_turn soon: not a number".to_string());
        s.apply(&Info::Other {
            key: "vcthread".into(),
            value: "0".into(),
        });
        let notes = s.take_notes();
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(s.take_notes().is_empty());
    }

    #[test]
    fn limits_and_sentinels() {
        let mut s = Settings::default();
        s.apply(&Info::MaxNode(-1));
        assert_eq!(s.max_nodes, None);
        s.apply(&Info::MaxNode(5000));
        assert_eq!(s.max_nodes, Some(5000));
        s.apply(&Info::MaxDepth(225));
        assert_eq!(s.max_depth, Some(225));
        s.apply(&Info::ThreadNum(0));
        assert_eq!(s.threads, 1);
        assert_eq!(s.apply(&Info::ThreadNum(2)), Change::Resources);
        s.apply(&Info::ShowDetail(3));
        assert_eq!(s.show_detail, 3);
    }
}
