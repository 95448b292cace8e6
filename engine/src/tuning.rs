//! The search's knobs: every rule the search can switch, each value's measurement, and
//! the rule-specific values (`*_renju`) that [`Tuning::for_rule`] puts in place. The
//! defaults are the engine's settings; the other values are for self-play experiments
//! (`TENGEN_TUNING`, parsed by [`crate::settings::parse_tuning`]; engine/BRAIN.md lists
//! them).

use crate::search::{Score, QS_DEFEND_PLIES, VCT_NODES};

/// Search knobs. The defaults are the engine's settings; other values exist for experiments
/// (self-play comparisons), not for users.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tuning {
    /// Late-move pruning: at depth <= `lmp_max_depth`, quiet nodes try at most
    /// `lmp_base + lmp_per_depth * depth` moves. Under Renju at 100 ms per move, depth 4
    /// too lost (-74.1 +- 57.8, H0) and none at depth 3 was level (-0.4 +- 22.5, H0;
    /// engine/STRENGTH.md, forty-fifth session).
    pub lmp_base: usize,
    /// See `lmp_base`.
    pub lmp_per_depth: usize,
    /// See `lmp_base`.
    pub lmp_max_depth: i32,
    /// Late-move reductions start at this depth...
    pub lmr_min_depth: i32,
    /// ...from this move index on. The reduction is 1 + index / `lmr_index_div` + depth /
    /// `lmr_depth_div` plies (plus the knobs below)... Under Renju at 100 ms per move,
    /// `lmr_index_div` 12 lost (-57.1 +- 51.1, H0) and 6 was level (+1.8 +- 19.6, H0;
    /// forty-fifth session).
    pub lmr_min_index: usize,
    /// See `lmr_min_index`.
    pub lmr_index_div: i32,
    /// See `lmr_min_index`.
    pub lmr_depth_div: i32,
    /// Reduce late moves one ply more at a quiet node whose static score (refined by the
    /// table with `tt_refine_eval`) is no better than at the side to move's previous quiet
    /// node two plies up (Stockfish's "improving").
    /// Off: level in self-play at 200 ms and against PentaZen at 1 s (engine/STRENGTH.md,
    /// eighteenth session), though it cuts a third of the nodes at depth 14.
    pub lmr_improving: bool,
    /// Reduce late moves at nodes that answer an open three too (else quiet nodes only)...
    pub lmr_defend: bool,
    /// ...or `lmr_defend_renju` under Renju (see [`Tuning::for_rule`]).
    pub lmr_defend_renju: bool,
    /// Move ordering scales down non-forcing points far from the last stones
    /// ([`crate::movegen::scale_by_distance`], PentaZen's rule; not at the root). Only the hand-set
    /// order: the fitted one (`order_fit`) has distance terms of its own.
    pub order_far: bool,
    /// Under Renju, white's moves on black's double-three points count as forcing in the
    /// move order (never reduced) only where black's double three is legal: a forbidden
    /// one is no threat to take (`Position::forbidden` decides; off: every double-three
    /// point of black's counts). Off: on against off at 100 ms per move scored +10.8 +-
    /// 12.1 over 3 000 games (LOS 96%), undecided at the cap (engine/STRENGTH.md,
    /// forty-fourth session); at 5 s + 50 ms per game -37.2 +- 42.4 (244 games, H0;
    /// forty-fifth session).
    pub order_forbidden: bool,
    /// Plies past the horizon in which defences against an open three are still searched.
    pub qs_defend_plies: i32,
    /// Node budget of the root VCT (0 = no VCT).
    pub vct_nodes: u64,
    /// Quiet nodes below the root try at most this many moves (best-ordered first): 16 since
    /// the thirteenth session; 24 on the fifty-third session's search was level at 100 ms
    /// per move in freestyle (+9.0 +- 18.6 over 1 161 games, stopped)...
    pub max_quiet: usize,
    /// ...or this many under Renju (see [`Tuning::for_rule`]), where the cut lost in
    /// self-play (forbidden points make the ordering less reliable).
    pub max_quiet_renju: usize,
    /// Order quiet moves and open-three answers by the fitted order values
    /// ([`crate::eval::order_fit`]) instead of the hand-set ones scaled by distance...
    pub order_fit: bool,
    /// ...or `order_fit_renju` under Renju (see [`Tuning::for_rule`]).
    pub order_fit_renju: bool,
    /// The root VCT may use `1/vct_time_div` of the move's target time.
    pub vct_time_div: u32,
    /// With two or more threads: node budget of a root VCT run by the first helper while
    /// the main thread searches (0 = none; the helper joins the search when it is done).
    pub helper_vct_nodes: u64,
    /// Root guard: node budget of the opponent's VCT tried after each new best root move
    /// (0 = no guard); a move the opponent answers with a VCT is dropped from the root...
    pub guard_nodes: u64,
    /// ...once the iteration that chose it reached this depth...
    pub guard_min_depth: i32,
    /// ...and each check may take `1/guard_time_div` of the move's target time...
    pub guard_time_div: u32,
    /// ...and only the move about to be played is checked (the last iteration's).
    pub guard_last: bool,
    /// The main thread starts no new iteration once this percentage of the move's optimum
    /// time is gone (the next one would most likely not finish). 80 by default: SPRT at
    /// 5 s + 50 ms per game against 60, freestyle +28.6 +- 23.6 (780 games, H1); at 200 ms
    /// per move +11.1 +- 16.3 (1 632 games, undecided; engine/STRENGTH.md, twenty-ninth and
    /// twenty-seventh sessions).
    pub iteration_pct: u32,
    /// [`Tuning::iteration_pct`] under a game clock (the optimum below the hard limit), where
    /// time not spent on this move is kept for later ones. 100 by default: against 80 at
    /// 5 s + 50 ms per game, freestyle +26.8 +- 22.1 (896 games, H1; engine/STRENGTH.md,
    /// thirty-first and thirty-second sessions).
    pub clock_iteration_pct: u32,
    /// [`Tuning::clock_iteration_pct`] under Renju: 80 by default (100 against 80 was
    /// +0.0 +- 39.6 over 276 games, stopped).
    pub clock_iteration_pct_renju: u32,
    /// With a game clock (the optimum below the hard limit), the optimum is scaled by the
    /// stability of the best move: this percentage of it while the best move stays (0 = off,
    /// the optimum as `time.rs` sets it)...
    pub stability_base: u32,
    /// ...plus this percentage per recent change of the best move between finished
    /// iterations (each change counts half as much one iteration later), never past the
    /// hard limit (Stockfish's best-move instability). 70 and 90 by default: SPRT at
    /// 5 s + 50 ms per game, freestyle +50.7 +- 36.0 (338 games, H1), Renju +10.5 +- 30.7
    /// (465 games, undecided; engine/STRENGTH.md, twenty-seventh session).
    pub stability_gain: u32,
    /// With a game clock, the optimum also grows by this percentage per 100 points the
    /// score of the last finished iteration fell below the score two iterations before
    /// (same parity: scores alternate with the side to move at the horizon), at most
    /// doubling it, never past the hard limit (Stockfish's falling evaluation). 0 = off.
    pub falling_gain: u32,
    /// [`Tuning::falling_gain`] under Renju: 50 by default (SPRT at 5 s + 50 ms per game
    /// +80.2 +- 46.8, 216 games, H1; engine/STRENGTH.md, twenty-eighth session).
    pub falling_gain_renju: u32,
    /// Under a game clock, the fewest moves the time left is shared among (`time.rs`: the
    /// guess at moves to go falls from 30 by one every two moves of the game down to this
    /// floor, so late in a game each move's target is a `to_go_min`th of what is left,
    /// before the stability and falling-score scaling). 10 by default: 20 scored the same
    /// against PentaZen at 30 s per game under Renju (67.3% both, 84 games each; over two
    /// seeds 68.8% against 64.6%; engine/STRENGTH.md, thirty-seventh session).
    pub to_go_min: u32,
    /// [`Tuning::to_go_min`] under Renju.
    pub to_go_min_renju: u32,
    /// Look for a VCF at the root before the main search.
    pub root_vcf: bool,
    /// Node budget of the VCF tried at quiescence nodes (0 = none). 400: 1000 went H0 under
    /// Renju at 100 ms per move, −14.0 +- 32.7 over 422 games (engine/STRENGTH.md,
    /// forty-third session)...
    pub qs_vcf_nodes: u64,
    /// ...only where the side to move has a four-three point (else: any four point)...
    pub qs_vcf_needs_four_three: bool,
    /// ...or `qs_vcf_needs_four_three_renju` under Renju (see [`Tuning::for_rule`])...
    pub qs_vcf_needs_four_three_renju: bool,
    /// ...and only where the static score does not already reach beta...
    pub qs_vcf_below_beta: bool,
    /// ...or `qs_vcf_below_beta_renju` under Renju.
    pub qs_vcf_below_beta_renju: bool,
    /// Reverse futility pruning margin per ply (0 = off): 100 in freestyle since the second
    /// session; retried in the fifty-third at 100 ms per move, 75 went H0 (−18.6 +- 34.4
    /// over 336 games) and 130 was level (+6.6 +- 24.9 over 633, stopped)...
    pub rfp_margin: Score,
    /// ...`rfp_margin_renju` under Renju (see [`Tuning::for_rule`])...
    pub rfp_margin_renju: Score,
    /// ...at depths up to this: 3. 5 was level in freestyle before the correction history
    /// (twentieth session); retried on the current search, +11.4 ± 21.1 over 915
    /// games at 100 ms (LOS 85.5%; +18.2 after 744), stopped undecided for time
    /// (fifty-ninth session; resumable, see engine/STRENGTH.md).
    pub rfp_max_depth: i32,
    /// No reverse futility pruning at a node whose side to move made a four with each of
    /// its last two moves in the search (Rapfi's rule: an attack of fours is still going,
    /// and the static score says little about where it ends). Off: at 100 ms per move
    /// freestyle +7.2 +- 24.0 over 719 games, Renju +4.6 +- 21.1 over 984 (both stopped
    /// undecided; engine/STRENGTH.md, forty-sixth session).
    pub rfp_attack: bool,
    /// A VCT inside the search: at a quiet node below the root with at least this depth
    /// left (0 = off), where the side to move has a point that makes a three or a four, a
    /// VCT of at most `tree_vct_nodes` nodes; a win it proves is the node's score (a win at
    /// an unknown distance). The opponent's VCTs are seen the same way a ply lower. Off:
    /// at 100 ms per move, from depth 10 with 1 000 nodes, Renju −11.5 +- 33.4 (H0, 394
    /// games) and freestyle −27.1 +- 39.4 (H0, 270); at PV nodes only, from depth 6 with
    /// 5 000 nodes, −40.5 +- 45.0 (H0, 224) and −38.4 +- 46.5 (H0, 200)
    /// (engine/STRENGTH.md, forty-seventh session).
    pub tree_vct_depth: i32,
    /// ...the node budget of each such VCT...
    pub tree_vct_nodes: u64,
    /// ...and with `tree_vct_pv`, at PV nodes only.
    pub tree_vct_pv: bool,
    /// Razoring margin per ply (0 = off): a shallow quiet non-PV node whose score (refined by
    /// the table with `tt_refine_eval`) falls short of alpha by this much per ply is scored
    /// by quiescence (static score or a quick VCF) instead of searched (PentaZen's rule).
    /// 80 by default with `lmr_attack` and `lmr_distract` in freestyle, where the three
    /// together against none went H1 at 100 ms per move (+20.4 +- 16.7 over 1 504 games;
    /// alone, +10.8 +- 27.7 over 546, stopped; engine/STRENGTH.md, forty-first session)...
    pub razor_margin: Score,
    /// ...`razor_margin_renju` under Renju (see [`Tuning::for_rule`]): 0, as neither it
    /// alone (+10.8 +- 24.4 over 739 games) nor the three together (+1.9 +- 28.3 over 546)
    /// showed a gain there (both stopped)...
    pub razor_margin_renju: Score,
    /// ...at depths up to this.
    pub razor_max_depth: i32,
    /// ProbCut margin (0 = off): at a quiet non-PV node at least `probcut_min_depth` deep,
    /// the first `probcut_moves` moves in order get a null-window search 4 plies shallower
    /// against beta plus this margin; one that holds it cuts the node (Stockfish's ProbCut,
    /// with the best-ordered moves standing in for captures). 200 by default: SPRT at 5 s +
    /// 50 ms per game against off, freestyle +46.2 +- 34.7 (348 games, H1), Renju +64.2 +-
    /// 44.7 (230 games, H1; engine/STRENGTH.md, thirty-second session).
    pub probcut_margin: Score,
    /// See `probcut_margin`.
    pub probcut_min_depth: i32,
    /// See `probcut_margin`.
    pub probcut_moves: usize,
    /// Singular extension (0 = off): at a node at least this deep whose table move has a
    /// lower bound (or exact score) from a search at most 3 plies shallower, the other moves
    /// get a null-window search at half depth against that score less `se_margin` per ply;
    /// if all fail, the table move is searched a ply deeper (and if one holds beta too, the
    /// node is cut: Stockfish's multi-cut). Extensions stop at twice the iteration's depth.
    /// 7: SPRT at 5 s + 50 ms per game against off, freestyle +39.0 +- 32.0 (420 games, H1),
    /// Renju +33.1 +- 28.4 (548 games, H1; engine/STRENGTH.md, thirty-third session)...
    pub se_min_depth: i32,
    /// ...`se_min_depth_renju` under Renju (see [`Tuning::for_rule`]).
    pub se_min_depth_renju: i32,
    /// See `se_min_depth`.
    pub se_margin: Score,
    /// Double singular extension (0 = off): where the other moves fall short of the
    /// singular bound by more than this, the table move is searched two plies deeper
    /// instead of one (Stockfish's double extension), at most `se_double_max` times on a
    /// path. Off: margin 50 with at most 2 scored +8.9 +- 20.8 over 976 games at 100 ms per
    /// move in freestyle, stopped undecided (engine/STRENGTH.md, thirty-fourth session).
    pub se_double_margin: Score,
    /// See `se_double_margin`.
    pub se_double_max: i32,
    /// Negative singular extension (0 = off): where the singular search does not find the
    /// table move alone but its table score is at least beta, the table move is searched
    /// this many plies shallower (Stockfish's: another move likely holds beta too). 1 in
    /// freestyle: SPRT at 100 ms per move against 0, +37.7 +- 29.0 (518 games, H1;
    /// engine/STRENGTH.md, thirty-fourth session)...
    pub se_negative: i32,
    /// ...`se_negative_renju` under Renju (see [`Tuning::for_rule`]): 0, as 1 went H0
    /// there at 100 ms per move (−7.0 +- 28.2 over 544 games).
    pub se_negative_renju: i32,
    /// Cut-node negative extension (0 = off): where the table move is not singular and its
    /// table score is below beta, at an expected cut node it is searched this many plies
    /// shallower (Stockfish's: the node likely cuts on another move anyway). Off: 1 scored
    /// +6.9 +- 25.3 over 659 games in freestyle at 100 ms per move, stopped undecided
    /// (engine/STRENGTH.md, thirty-fifth session).
    pub se_cut_negative: i32,
    /// Low negative extension (0 = off): where neither of the above applies and the
    /// singular search's best other move scores at least the table move's table score, the
    /// table move is searched this many plies shallower (Stockfish's last case). Off: 1
    /// went H0 in freestyle at 100 ms per move, −19.0 +- 32.7 over 402 games
    /// (engine/STRENGTH.md, thirty-fifth session).
    pub se_low_negative: i32,
    /// Continuation history (0 = off): quiet moves are also ordered by how well they
    /// answered the opponent's last stone before (a table per side and pair of points,
    /// learnt like the butterfly history). The history score ordering uses is then this
    /// percentage of the continuation score and the rest of the butterfly score. Off: 50
    /// scored +11.6 +- 20.7 over 988 games in freestyle at 100 ms per move, stopped
    /// undecided, and went H0 under Renju (−5.7 +- 25.6 over 668); the sum of both (an
    /// earlier form) went H0 in freestyle, −25.7 +- 35.2 over 352 (engine/STRENGTH.md,
    /// thirty-fifth session).
    pub cont_history: i32,
    /// Black's values in the static evaluation, in percent (100 = the tables as they are;
    /// see [`crate::eval::evaluate_weighted`]). 100: 85 under Renju scored −9.1 +- 54.6
    /// over 153 games at 100 ms per move, stopped (the fitted Renju bias against black is
    /// nearly a constant, which moves no choice; engine/STRENGTH.md, thirty-sixth session).
    pub black_eval: i32,
    /// Taken off the static evaluation for the side to move. Fitted to self-play results
    /// (`tune_eval --phases`, quiet positions), the evaluation scores the side to move
    /// 60-100 points too high in freestyle and 90-190 under Renju, and the search compares
    /// leaves where either side is to move (reductions and extensions change the parity).
    /// 0, the tables as they are: 80 in freestyle went H0 at 100 ms per move, −48.5 +- 50.2
    /// over 166 games; 120 under Renju was +3.8 +- 34.9 over 361 (stopped;
    /// engine/STRENGTH.md, forty-second session).
    pub tempo: Score,
    /// From this many stones on (0 = off), the static evaluation fades linearly, to
    /// nothing `fade_len` stones later. Fitted to self-play results, one point of
    /// evaluation predicts the result about as well from the opening to 50 stones, then
    /// less and less: a third as well at 80-100 stones, nothing from 130 (both rules). The
    /// search's margins are in evaluation points, so past that a fixed margin prunes on
    /// differences that say less and less. Off: 45 (with `fade_len` 70) went H0 in
    /// freestyle at 100 ms per move, −20.7 +- 36.1 over 320 games (engine/STRENGTH.md,
    /// forty-second session).
    pub fade_start: u32,
    /// See `fade_start`.
    pub fade_len: u32,
    /// Plies of extension for the forced answer to a four: 0, a four and its answer cost
    /// two plies like any other pair of moves; 1, one ply together; 2, none while the ply
    /// is below twice the iteration's depth (so a side cannot push a loss past the horizon
    /// with fours). 0: against 1, +28.9 +- 23.7 over 770 games in freestyle at 100 ms per
    /// move (H1); 2 went H0 there, −173.9 +- 86.7 over 80 games: the tree at the bench
    /// depth grows by four fifths (engine/STRENGTH.md, thirty-sixth session). Fours are
    /// tactics the quiescence's VCF and the threat scan see anyway, so the depth they
    /// spend is better spent on the rest of the tree.
    pub four_reply_ext: i32,
    /// ...`four_reply_ext` under Renju (see [`Tuning::for_rule`]): 1, as 0 went H0 there at
    /// 100 ms per move (−29.7 +- 40.1 over 270 games).
    pub four_reply_ext_renju: i32,
    /// Whose forced answers [`Tuning::four_reply_ext`] extends: 0 both sides', 1 black's
    /// only (the answers to white's fours, which under Renju may have to land on a
    /// forbidden point), 2 white's only. 0: 1 under Renju scored +13.3 +- 12.1 over 3 000
    /// games at 100 ms per move, undecided (engine/STRENGTH.md, thirty-seventh session),
    /// and −9.8 +- 29.1 over 496 at 5 s + 50 ms per game, H0 (thirty-eighth session).
    pub four_reply_ext_side: u32,
    /// Skip ProbCut where the table already scores the node below ProbCut's bound from a
    /// search at least as deep as ProbCut's own (depth − 3; Stockfish's rule): its searches
    /// would most likely fail.
    pub probcut_tt: bool,
    /// Correction history ([`crate::correction`]): the weight, in percent, of the threat
    /// profile's learnt correction of the static score (0 = off)...
    pub corr_profile: i32,
    /// ...and of the one-colour stone keys' correction (0 = off). 40 with `corr_profile` 40
    /// outside Renju: against none at 100 ms per move, H1 in freestyle on two seeds (+45.9
    /// +- 36.6 over 312 games, +59.9 +- 46.0 over 199) and under Caro (+32.6 +- 27.8 over
    /// 492); level under the standard rule (−0.9 +- 32.0 over 383, stopped). Against 40 in
    /// freestyle, 60 and 25 went H0 (−17.0 +- 36.4 over 286, −27.5 +- 42.1 over 228). See
    /// engine/STRENGTH.md, fifty-fourth session. Both at 100 had gone H0 in freestyle,
    /// −9.6 +- 27.5 over 578 games (thirty-eighth session) and again with the pair values,
    /// −9.6 +- 28.2 over 505 (fifty-second session): at full weight the corrections
    /// overshoot, as under Renju at 150.
    pub corr_stones: i32,
    /// [`Tuning::corr_profile`] under Renju: 60 with `corr_stones_renju` 60. Both at 100
    /// went H1 against none at 100 ms per move, +17.4 +- 13.2 over 2 520 games, and at 5 s +
    /// 50 ms per game, +24.1 +- 22.0 over 882 (engine/STRENGTH.md, thirty-eighth and
    /// thirty-ninth sessions); against 100, 60 went H1 at 100 ms per move, +21.0 +- 18.1
    /// over 1 327 games, and 150 H0, −88.0 +- 59.7 over 133 (fifty-third session). Against
    /// 60: 35 H0, −12.8 +- 31.8 over 434; either table alone H0, −19.4 +- 33.2 (stones)
    /// and −13.3 +- 29.8 (profile) over 395 and 469 (fifty-fourth session)...
    pub corr_profile_renju: i32,
    /// ...and [`Tuning::corr_stones`].
    pub corr_stones_renju: i32,
    /// The weight, in percent, of the last-two-moves correction table (0 = off; Stockfish's
    /// continuation correction history): the learnt error of the static score after the
    /// side to move's last point and the opponent's reply. On outside Renju since the
    /// fifty-fifth session, at 40: against none in freestyle H1 at 100 ms per move (+37.3
    /// +- 31.7 over 402 games) and at 5 s + 50 ms per game (+49.0 +- 43.3 over 214), under
    /// the standard rule (+42.1 +- 34.4 over 348) and Caro (+24.2 +- 20.5 over 876) at
    /// 100 ms. At 60 since the fifty-sixth session: against 40 in freestyle H1 at 100 ms,
    /// +27.0 +- 24.1 over 670 games (under the standard rule +8.8 +- 19.3 over 1 062 and
    /// Caro −6.8 +- 30.3 over 410, both level); 90 against 60 level (−4.8 +- 43.8 over
    /// 217, stopped). See engine/STRENGTH.md, fifty-fifth and fifty-sixth sessions.
    pub corr_moves: i32,
    /// [`Tuning::corr_moves`] under Renju: 60 (the weight of the other Renju tables) since
    /// the fifty-fifth session, H1 against none at 100 ms per move (+28.5 +- 25.0 over 684
    /// games); 90 against 60 H0, −13.3 +- 33.9 over 366 (fifty-sixth session).
    pub corr_moves_renju: i32,
    /// The weight, in percent, of a second look into the last-two-moves table (0 = off;
    /// Stockfish's continuation correction from four plies back): keyed by the side to
    /// move's move before last and the opponent's last move, learnt at half strength. At 40
    /// (with the table at 40) H0 in freestyle, −30.9 +- 43.2 over 214 games at 100 ms per
    /// move (fifty-sixth session).
    pub corr_moves4: i32,
    /// [`Tuning::corr_moves4`] under Renju.
    pub corr_moves4_renju: i32,
    /// The weight, in percent, of the shape correction table (0 = off): keyed by the
    /// stones and walls within four points of the opponent's last move along its four
    /// lines, wherever on the board that shape is. At 40 H0 in freestyle, −24.9 +- 41.0
    /// over 238 games at 100 ms per move (fifty-sixth session).
    pub corr_shape: i32,
    /// [`Tuning::corr_shape`] under Renju.
    pub corr_shape_renju: i32,
    /// Index bits of the one-colour stone correction tables, under every rule: 14 (16 384
    /// entries per side to move and colour). More bits keep apart the stone sets a search
    /// tree meets, which share entries at 14; fewer share more. 16 went H0 in freestyle at
    /// 100 ms (−15.2 ± 33.0 over 366 games, fifty-eighth session), and so did 12 (−12.0 ±
    /// 31.4 over 404, fifty-ninth).
    pub corr_stone_bits: u32,
    /// The percentage of the butterfly history (and of the continuation history, where it
    /// is on) a search of a new position in a game keeps (the searches of one position,
    /// as for N-best, age it once): 100 keeps all that earlier moves' searches
    /// learnt, less lets the new position's own cut-offs take over sooner. 50 was level in
    /// freestyle at 100 ms (+0.0 ± 27.2 over 542 games, stopped; fifty-eighth session).
    pub history_keep: i32,
    /// What a search of a new position in a game does with the killers the last one left,
    /// which are kept by ply from the root: 0 keeps them as they are (a killer of ply `p`
    /// is then tried at ply `p` of the new tree, two plies further into the game), 1 clears
    /// them, 2 shifts them by the plies played since that search, so that each ply's
    /// killers are the old search's for the same move of the game (cleared where that is
    /// not known). Stockfish clears them. 2 was level in freestyle at 100 ms (+4.8 ± 26.3
    /// over 585 games, stopped; fifty-ninth session).
    pub killers_new: u8,
    /// Late moves are reduced a ply less at a node whose correction history moved the
    /// static score by at least this many points (0 = off; Stockfish reduces less where the
    /// correction is large): there the static score, which the pruning trusts, is least
    /// reliable. At 50 it went H0 in freestyle, −11.8 +- 33.9 over 352 games at 100 ms
    /// per move (fifty-fifth session).
    pub lmr_corr: i32,
    /// Hindsight extension (0 = off; Stockfish): a quiet node whose move the parent reduced
    /// by at least this many plies, and which the move did not leave worse for the
    /// opponent than the parent's static score said (its static score and the parent's add
    /// up to at most [`Tuning::hind_center`]), is searched a ply deeper. At 3 H0 in
    /// freestyle, −29.0 +- 42.3 over 228 games at 100 ms per move (fifty-sixth session).
    pub hind_ext: i32,
    /// What the static scores of a quiet node and its quiet parent add up to when the
    /// move between them changed nothing: not 0, as the static score favours the side to
    /// move. 450, the median sum at the reduced nodes of the bench (fifty-sixth session).
    pub hind_center: i32,
    /// Hindsight reduction (0 = off; Stockfish): a quiet node at least 2 deep whose move
    /// the parent reduced by at least 2 plies is searched a ply shallower where its static
    /// score and the parent's add up to more than this: both sides think they stand well,
    /// a calm position. A sum above 900 is about the top sixth at the bench's reduced
    /// nodes. At 900 H0 in freestyle, −14.8 +- 32.4 over 398 games at 100 ms per move
    /// (fifty-sixth session).
    pub hind_red_margin: i32,
    /// Late moves are reduced this many plies more where more than two fail-highs have
    /// fallen one ply down since the node above began (0 = off; Stockfish's `cutoffCnt`):
    /// the opponent keeps refuting this side's moves, so the node is likely an all node.
    /// At 1 level in freestyle, +4.1 +- 34.2 over 339 games at 100 ms per move (stopped),
    /// though the bench tree shrinks by a third (fifty-sixth session).
    pub lmr_cutoffs: i32,
    /// At a node where every move failed low, the opponent's last move gets this percent of
    /// a cutoff's history bonus at the node's depth (0 = off; Stockfish's prior-move bonus):
    /// no reply refuted it, so it was a good move. At 100 H0 in freestyle, −15.2 +- 34.1
    /// over 342 games at 100 ms per move (fifty-sixth session).
    pub fail_low_bonus: i32,
    /// A fail-high score (not a proven result) is pulled towards beta, weighted by depth:
    /// `(score * depth + beta) / (depth + 1)` (Stockfish): a deep cut-off's score is
    /// trusted more than a shallow one's margin over beta. Off: H0 in freestyle at 100 ms
    /// (−11.5 ± 33.5 over 364 games, fifty-seventh session).
    pub fh_blend: bool,
    /// Quiescence: a stand-pat score at or above beta is halved towards it (Stockfish's
    /// qsearch), so a leaf's margin over beta counts for less. Off: level in freestyle at
    /// 100 ms (+1.8 ± 26.8 over 571 games, stopped; fifty-seventh session).
    pub qs_blend: bool,
    /// The correction tables' learning rate, in percent of the depth-weighted difference
    /// they move towards (100 = Stockfish's `diff * depth / 8`). 150 went H0 in freestyle
    /// at 100 ms (−7.5 ± 28.0 over 512 games, fifty-seventh session).
    pub corr_rate: i32,
    /// The correction tables learn at nodes that must answer an open three too, not only
    /// at quiet ones: the static score ends the search at such nodes past
    /// `qs_defend_plies`, and the threat profile keeps them apart from quiet ones. Off: H0
    /// in freestyle at 100 ms (−55.7 ± 55.9 over 132 games, fifty-seventh session).
    pub corr_defend: bool,
    /// The correction tables do not learn where the best move makes a four (Stockfish
    /// skips nodes whose best move is a capture): the score then comes from a forcing line,
    /// not from what the static score misjudged. Off: H0 in freestyle at 100 ms (−10.1 ±
    /// 28.8 over 484 games, fifty-seventh session).
    pub corr_skip_four: bool,
    /// The threat-profile correction table is kept per stage of the game too: the
    /// profile's key gains the stones on the board in four bands (below 12, 24, 38, and
    /// more), so that an opening's errors and an endgame's with the same threat counts
    /// are learnt apart. Off: H0 in freestyle at 100 ms (−26.9 ± 38.6 over 272 games,
    /// fifty-ninth session).
    pub corr_phase: bool,
    /// The weight, in percent, of a correction table keyed by the raw static score itself
    /// (in steps of 32 points) and the side to move (0 = off): it learns where the static
    /// score is too confident or too timid at each size, a recalibration of the whole
    /// evaluation (say, black's scores under Renju running high). At 40: level in freestyle
    /// at 100 ms (−2.4 ± 30.3 over 438 games, stopped) and H0 under Renju (−16.3 ± 33.0
    /// over 384; fifty-ninth session).
    pub corr_eval: i32,
    /// Internal iterative reduction (0 = off): a quiet PV node or expected cut node at least
    /// this deep that the table knows no move for is searched one ply shallower (after
    /// Stockfish; Rapfi does so at PV nodes): without a table move its move order is a
    /// guess, and the next iteration, with the move this one stores, searches it better for
    /// the nodes spent. Off: 4 against 0 at 100 ms per move went H0 in freestyle (+5.5 +-
    /// 16.1 over 1 640 games) and was undecided under Renju (+12.1 +- 18.7 over 1 261;
    /// engine/STRENGTH.md, thirty-ninth session).
    pub iir_min_depth: i32,
    /// Fail-high reduction (0 = off): at an expected cut node whose score (the one reverse
    /// futility pruning goes by) beats beta by this much per ply of depth, every move that
    /// makes no four is searched a ply shallower, the first one too (after Rapfi, whose
    /// source credits it with about +50): such a node nearly always cuts, and a four is
    /// what could still turn it. Off: 40 against 0 at 100 ms per move went H0 under both
    /// rules (freestyle −4.2 +- 23.9 over 750 games, Renju +5.7 +- 16.0 over 1 712;
    /// engine/STRENGTH.md, fortieth session; perhaps reverse futility pruning and ProbCut
    /// already settle most such nodes).
    pub fhr_margin: Score,
    /// Below this depth (0 = off), a PV node whose alpha a move has raised (short of beta)
    /// searches its remaining moves a ply shallower, from depth 3 on (after Rapfi, which
    /// does so below 12, and Stockfish): a move that already raised alpha is likely the
    /// best, so the rest need less proof. Off: 12 against 0 in freestyle at 100 ms per move,
    /// −46.5 +- 47.5 over 188 games, H0 (engine/STRENGTH.md, fortieth session).
    pub pv_raise_max_depth: i32,
    /// Against an open three, a defence that does not block it (an own four elsewhere) is
    /// reduced by [`crate::movegen::distraction`] plies when it is far from the last stones
    /// (after Rapfi's reduction of useless defences, about +25 in its source): such a four
    /// mostly delays the loss past the horizon. Off: on against off at 100 ms per move was
    /// +10.6 +- 18.2 over 1 275 freestyle games and +9.9 +- 17.1 over 1 510 Renju games,
    /// both stopped undecided (engine/STRENGTH.md, fortieth session). On in freestyle with
    /// razoring and `lmr_attack`, which together went H1 (see `razor_margin`)...
    pub lmr_distract: bool,
    /// ...or `lmr_distract_renju` under Renju (see [`Tuning::for_rule`]): off, as the three
    /// together showed nothing there.
    pub lmr_distract_renju: bool,
    /// Plies fewer of late-move reduction (0 = off) for a continued attack: at a quiet node
    /// whose side to move made an open three with its previous move, a move that makes
    /// another open three, or two open twos within four lines of that move (after Rapfi's
    /// reduction for continuous attacks): attacks build on each other, and reducing the
    /// next step hides the win behind it. 1 in freestyle with razoring and `lmr_distract`,
    /// which together went H1 (see `razor_margin`; alone, +11.4 +- 27.3 over 577 games,
    /// stopped)...
    pub lmr_attack: i32,
    /// ...or `lmr_attack_renju` under Renju (see [`Tuning::for_rule`]): 0, as alone it was
    /// +7.7 +- 19.0 over 1 219 games and the three together +1.9 +- 28.3 over 546 (both
    /// stopped; engine/STRENGTH.md, forty-first session).
    pub lmr_attack_renju: i32,
    /// At depth up to this (0 = off), below the root and once one move has escaped a forced
    /// loss, a defence against an open three that does not block it and is far from both
    /// last stones ([`crate::movegen::distraction`] 3) is not searched (after Rapfi's pruning of
    /// distracting defences at shallow depth): such a four mostly pushes the loss past a
    /// horizon this close. 3: against 0 (off), +22.0 +- 17.9 over 1 298 games in freestyle
    /// at 100 ms per move (H1; engine/STRENGTH.md, forty-second session).
    pub distract_prune_depth: i32,
    /// ...`distract_prune_depth_renju` under Renju (see [`Tuning::for_rule`]): 0, as 3 went
    /// H0 there, −26.9 +- 38.9 over 298 games (where `lmr_distract` is off too).
    pub distract_prune_depth_renju: i32,
    /// At depth up to this (0 = off), below the root, at a quiet node and once one move has
    /// escaped a forced loss, a move after the first that is trivial for both sides
    /// ([`crate::movegen::trivial`]: no open two or closed three made or blocked) is not
    /// searched (Rapfi prunes such moves at shallow depth). Off: below depth 4 late-move
    /// pruning and the freestyle cap cut those moves first (bench 372 048 -> 371 889 nodes at
    /// 3), and 5 went H0 under Renju at 100 ms per move, −19.0 +- 34.2 over 366 games (−2.7
    /// over 131 at 5 s + 50 ms per game, stopped; engine/STRENGTH.md, forty-sixth session).
    pub trivial_prune_depth: i32,
    /// History pruning: at depth up to this (0 = off), below the root at a quiet node and
    /// once a move has escaped a forced loss, a quiet move after the first (not the table
    /// move) whose butterfly history is below `-hist_prune_margin * depth` is not searched
    /// (Stockfish prunes quiet moves by their history at shallow depth). Off: depth 4 with
    /// margin 300 went H0 in freestyle at 100 ms per move, −50.5 +- 47.0 over 194 games
    /// (engine/STRENGTH.md, fifty-fourth session)...
    pub hist_prune_depth: i32,
    /// ...with this margin per ply of depth (history scores run from −16384 to 16384).
    pub hist_prune_margin: i32,
    /// Extra plies of late-move reduction (0 = off) at a quiet node where the opponent has a
    /// point that makes a four, for a late move not on such a point, and one more when it is
    /// also far from both last stones ([`crate::movegen::ignores_four`]; Rapfi's reduction
    /// of moves that leave the opponent's four alone, read as "can make a four"; Rapfi's own
    /// rule is for nodes answering a threat, which `lmr_distract` already covers). Off: 1
    /// went H0 at 100 ms per move in freestyle (−7.5 +- 25.7 over 646 games) and under Renju
    /// (+3.8 +- 18.5 over 1 266), and at 5 s + 50 ms per game under Renju it was +4.8 over 215
    /// and −48.6 over 72 (two runs, stopped; engine/STRENGTH.md, forty-sixth session).
    pub lmr_oppo_four: i32,
    /// A late move at a quiet node whose move-order score is at least this far below the
    /// node's best quiet score (the first quiet move that is neither the table move nor a
    /// killer) is reduced a ply more, and another ply at twice the gap (0 = off). The fitted
    /// order's scores are logits times 40 ([`crate::eval::ORDER_SCALE`]), so 120 is a move the
    /// order rates about 20 times less likely to be best: a reduction by the policy, as the
    /// engines with a learned policy do. Off: 200 went H0 at 100 ms per move in freestyle
    /// (−0.5 +- 22.8 over 756 games) and under Renju (−16.4 +- 32.5 over 402;
    /// engine/STRENGTH.md, fifty-second session).
    pub lmr_order_gap: i32,
    /// A late move at a quiet node whose move-order score is within this of the node's best
    /// quiet score (as for `lmr_order_gap`) is reduced a ply less (0 = off): late by its
    /// index only because forcing moves, killers or near-equals came first. Off: 40 went H0
    /// in freestyle at 100 ms per move (−34.0 +- 44.8 over 205 games; fifty-second session).
    pub lmr_order_near: i32,
    /// Root moves are ordered by the previous iteration's subtrees as well: each quiet root
    /// move's order score gains this much per doubling of the nodes its subtree took in the
    /// previous iteration (0 = off; still below the forcing moves). A move that took many
    /// nodes to refute is likely a good one; the fitted order alone knows nothing of that.
    /// Off: 40 went H0 at 100 ms per move in freestyle, −9.1 +- 28.3 over 497 games, though
    /// it shrinks the bench tree by 14% (engine/STRENGTH.md, fifty-third session).
    pub root_order_nodes: i32,
    /// A reduced move whose search beats alpha and the best score so far by this plus two
    /// per ply of depth (0 = off) is searched again a ply deeper than unreduced, not at the
    /// plain depth (Stockfish's "deeper search" after a reduced fail-high, which Rapfi has
    /// too): a move that much better than the others is worth the extra proof. Off: with
    /// `lmr_shallower_margin=10`, 40 went H0 in freestyle at 100 ms per move, −0.7 +- 21.0
    /// over 962 games (engine/STRENGTH.md, forty-second session).
    pub lmr_deeper_margin: Score,
    /// ...and one that beats them by less than this (0 = off) a ply shallower, though still
    /// deeper than its reduced search (Stockfish's "shallower search"). Off (see
    /// `lmr_deeper_margin`).
    pub lmr_shallower_margin: Score,
    /// Extra plies of late-move reduction at expected cut nodes (0 = off): non-PV nodes
    /// reached by a reduced search, or by the first move of an expected all node
    /// (Stockfish's `cutNode`; their first move nearly always cuts, so late ones matter less).
    pub lmr_cut_node: i32,
    /// Plies fewer of late-move reduction at PV nodes, the reduction never going below 0
    /// (0 = reduced like the others; Stockfish reduces less where the principal variation
    /// runs). Off: 1 against 0, freestyle at 5 s + 50 ms per game, -11.8 +- 29.4 (502 games,
    /// H0; engine/STRENGTH.md, thirtieth session).
    pub lmr_pv: i32,
    /// Plies fewer of late-move reduction (0 = off) at a node that is not PV now but was
    /// when the table stored it (Stockfish's and Rapfi's `ttPv`): such a node is likely to
    /// matter to the root's score again. Off: 1 against 0 at 100 ms per move went H0 under
    /// both rules, freestyle −8.6 +- 27.9 over 528 games, Renju −4.8 +- 24.8 over 718
    /// (engine/STRENGTH.md, forty-third session).
    pub lmr_tt_pv: i32,
    /// Plies more of late-move reduction (0 = off) for the quiet moves of a node whose
    /// table move makes a four or better for the side to move (Stockfish's reduction when
    /// the table move is a capture): the node's best line is likely forcing, and a quiet
    /// move is unlikely to beat it. Off: 1 against 0 at 100 ms per move in freestyle was
    /// +7.0 +- 23.0 over 791 games (stopped), and with `rfp_cut_no_tt=30,lmr_four=1` went
    /// H0 (engine/STRENGTH.md, forty-fourth session).
    pub lmr_tt_forcing: i32,
    /// Plies of reduction (0 = off) for a *plain* four after the first move of a quiet node
    /// (from `lmr_min_depth` on): a four with no three beside it that takes nothing forcing
    /// from the opponent. Moves that make a four are otherwise never reduced; Rapfi reduces
    /// them like any move after the first (only less).
    /// Most such fours just spend a threat, and the quiescence VCF still finds the ones
    /// that win. Off: 1 against 0 at 100 ms per move in freestyle was +9.8 +- 35.7 over
    /// 319 games (stopped), and with `rfp_cut_no_tt=30,lmr_tt_forcing=1` went H0, -22.7 +-
    /// 36.3 over 322 (engine/STRENGTH.md, forty-fourth session).
    pub lmr_four: i32,
    /// Taken off reverse futility pruning's margin per ply (0 = off) where the side to
    /// move's score is better than two plies before (Stockfish's and Rapfi's improving
    /// margin): a node on the rise is likelier to hold beta. Off: 30 against 0 at 100 ms
    /// per move went H0 in freestyle, +4.3 +- 17.9 over 1 298 games, and was level under
    /// Renju, +0.0 +- 36.5 over 328 (stopped; engine/STRENGTH.md, forty-third session)...
    pub rfp_improving: Score,
    /// ...or `rfp_improving_renju` under Renju (see [`Tuning::for_rule`]).
    pub rfp_improving_renju: Score,
    /// Taken off reverse futility pruning's margin per ply (0 = off) at an expected cut
    /// node the table has no entry for (Stockfish's: such a node is new to the search and
    /// likely to cut). Off: 30 against 0 at 100 ms per move in freestyle went H0 at +7.5
    /// +- 13.7 over 2 210 games (it was +21.4 after 649; engine/STRENGTH.md, forty-third
    /// and forty-fourth sessions).
    pub rfp_cut_no_tt: Score,
    /// Late moves with a bad butterfly history are reduced more: the negative history score
    /// (down to −16384) divided by this, in plies (0 = off; after Stockfish's
    /// statistics-based reductions, one-sided: good histories are common among late moves
    /// here, and reducing those less multiplied the nodes at depth 14 fivefold at 1024)...
    pub lmr_history_div: i32,
    /// ...or `lmr_history_div_renju` under Renju (see [`Tuning::for_rule`]).
    pub lmr_history_div_renju: i32,
    /// First half-width of the aspiration window (0 = always a full window). 30 against 60
    /// in freestyle went H1 at 100 ms (+47.7 ± 42.0 over 242 games) and H0 at 5 s + 50 ms
    /// per game (−32.7 ± 45.9 over 192), so 60 stays (fifty-seventh session).
    pub aspiration: Score,
    /// ...or `aspiration_renju` under Renju (see [`Tuning::for_rule`]); 30 there was level
    /// at 100 ms (+5.7 ± 25.5 over 673 games, stopped; fifty-seventh session).
    pub aspiration_renju: Score,
    /// How much the aspiration window's half-width grows after each failed search, in
    /// percent of itself (100 = doubles; Stockfish grows it by about a third). 33 was level
    /// in freestyle at 100 ms (+3.3 ± 25.4 over 633 games, stopped) and H0 under Renju
    /// (−11.3 ± 29.5 over 494; fifty-ninth session).
    pub asp_growth: i32,
    /// A failed aspiration search re-opens the window from the score it returned (the
    /// search fails soft; Stockfish's rule), not from the bound it crossed. Off: +12.5 ±
    /// 16.4 over 1 472 games in freestyle at 100 ms (LOS 93%), stopped undecided at LLR
    /// 0.01 (fifty-seventh and fifty-eighth sessions): too small a gain to show at
    /// `elo1` = 25.
    pub asp_soft: bool,
    /// When the time runs out during an iteration, a new best root move is played if it was
    /// searched after the previous best and beat it at the new depth (off: only if its score
    /// beats the previous iteration's, so a previous best that failed low was still played),
    /// and a move that failed high on its null window counts as best on that lower bound
    /// even if its full-window re-search did not finish (off: that move was forgotten).
    /// On by default.
    pub root_new_best: bool,
    /// Probe the transposition table (cutoffs, move, evaluation); off = store only.
    pub tt_probe: bool,
    /// A table entry with a proven win or loss that bounds the node cuts it off whatever its
    /// draft (forced results do not change with depth; PentaZen's rule).
    pub tt_win_cut: bool,
    /// A table cut-off above beta rewards the entry's move in the history and killers, as
    /// a searched cut-off does (PentaZen's rule; else cut-offs from the table teach nothing).
    pub tt_cut_history: bool,
    /// Reverse futility pruning uses the table's score instead of the static one where its
    /// bound says the node is worth at least (or at most) that...
    pub tt_refine_eval: bool,
    /// ...or `tt_refine_eval_renju` under Renju (see [`Tuning::for_rule`]).
    pub tt_refine_eval_renju: bool,
    /// A horizon node's score is the table's where its bound says the node is worth at
    /// least (or at most) that, instead of the static one (PentaZen's rule)...
    pub tt_refine_leaf: bool,
    /// ...or `tt_refine_leaf_renju` under Renju (see [`Tuning::for_rule`]).
    pub tt_refine_leaf_renju: bool,
    /// Mate-distance pruning: a node cannot beat a win already proven nearer the root.
    pub mate_distance: bool,
    /// Lazy SMP: threads spread over depths and abandon finished iterations (off: every
    /// thread deepens on its own, the second session's scheme).
    pub smp_spread: bool,
    /// Order quiet moves by killers...
    pub killers: bool,
    /// ...and by the butterfly history...
    pub history: bool,
    /// ...divided by this (history scores reach ±16384; point values are tens to hundreds)
    /// where the quiet-move cap applies (the ordering then decides what is searched at all)...
    pub history_div: i32,
    /// ...and by this under Renju, where there is no cap (see [`Tuning::for_rule`]).
    pub history_div_renju: i32,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            lmp_base: 6,
            lmp_per_depth: 4,
            lmp_max_depth: 3,
            lmr_min_depth: 3,
            lmr_min_index: 3,
            lmr_index_div: 8,
            lmr_depth_div: 6,
            lmr_improving: false,
            // SPRT at 200 ms, freestyle: +18.0 +- 27.9 (503 games), -9.0 +- 48.7 (154), then at
            // elo1 = 25 +67.5 +- 48.6 (198, H1); pooled +24.4 (+4.0..+45.9, 855 games). Renju:
            // +12.8 (-3.9..+29.5, 1334 games), undecided, so off (engine/STRENGTH.md, fifteenth
            // session).
            lmr_defend: true,
            lmr_defend_renju: false,
            // SPRT at 200 ms on the balanced lines: Renju +50.7 +- 41.7 (262 games, H1), and
            // +38.9 +- 31.5 on top of the Renju quiescence VCF (448, H1); freestyle +43.4 +- 34.0
            // (386, H1).
            order_far: true,
            order_forbidden: false,
            qs_defend_plies: QS_DEFEND_PLIES,
            vct_nodes: VCT_NODES,
            // Freestyle, 200 ms, balanced lines, 16 against 12: +38.5 +- 30.4 (480 games, H1),
            // repeated +6.9 +- 35.3 (352, H0); pooled +25 +- 23 (832, LOS 98%). A cap of 20
            // pooled +26 +- 28 (560; one H1, two repeats undecided). engine/STRENGTH.md.
            max_quiet: 16,
            max_quiet_renju: usize::MAX,
            // SPRT at 200 ms: Renju +31.3 +- 25.3 (690 games, H1), freestyle +22.6 +- 18.9
            // (1218 games, H1; engine/STRENGTH.md, sixteenth session).
            order_fit: true,
            order_fit_renju: true,
            vct_time_div: 4,
            helper_vct_nodes: 0,
            guard_nodes: 0,
            guard_min_depth: 4,
            guard_time_div: 4,
            guard_last: true,
            iteration_pct: 80,
            clock_iteration_pct: 100,
            clock_iteration_pct_renju: 80,
            stability_base: 70,
            stability_gain: 90,
            falling_gain: 0,
            falling_gain_renju: 50,
            to_go_min: crate::time::DEFAULT_MIN_TO_GO,
            to_go_min_renju: crate::time::DEFAULT_MIN_TO_GO,
            root_vcf: true,
            qs_vcf_nodes: 400,
            qs_vcf_needs_four_three: true,
            // Under Renju a VCF at every four point, where the static score is below beta
            // (PentaZen's rule): SPRT at 200 ms +52 +- 60 (134 games, H1), repeated on the
            // balanced lines +128 +- 84 (74, H1); freestyle level (engine/STRENGTH.md).
            qs_vcf_needs_four_three_renju: false,
            qs_vcf_below_beta: false,
            qs_vcf_below_beta_renju: true,
            // SPRT at 100 ms: margin 150 against no pruning +67 +- 50 freestyle, +53 +- 41
            // Renju; then 100 against 150: +52 +- 48 freestyle (60 no better), -22 +- 58 Renju.
            rfp_margin: 100,
            rfp_margin_renju: 150,
            rfp_max_depth: 3,
            // With `lmr_attack` and `lmr_distract`, freestyle, 100 ms: +20.4 +- 16.7 (1504
            // games, H1); a second run +24.0 +- 22.6 over 842. Renju +1.9 +- 28.3 (546), off.
            razor_margin: 80,
            razor_margin_renju: 0,
            razor_max_depth: 3,
            probcut_margin: 200,
            probcut_min_depth: 5,
            probcut_moves: 3,
            probcut_tt: false,
            se_min_depth: 7,
            se_min_depth_renju: 7,
            se_margin: 8,
            se_double_margin: 0,
            se_double_max: 4,
            se_negative: 1,
            se_negative_renju: 0,
            se_cut_negative: 0,
            se_low_negative: 0,
            cont_history: 0,
            black_eval: 100,
            tempo: 0,
            fade_start: 0,
            fade_len: 70,
            four_reply_ext: 0,
            four_reply_ext_renju: 1,
            four_reply_ext_side: 0,
            corr_profile: 40,
            corr_stones: 40,
            corr_profile_renju: 60,
            corr_stones_renju: 60,
            corr_moves: 60,
            corr_moves_renju: 60,
            corr_moves4: 0,
            corr_moves4_renju: 0,
            corr_shape: 0,
            corr_shape_renju: 0,
            corr_stone_bits: crate::correction::STONE_BITS,
            history_keep: 100,
            killers_new: 0,
            lmr_corr: 0,
            hind_ext: 0,
            hind_center: 450,
            hind_red_margin: 0,
            lmr_cutoffs: 0,
            fail_low_bonus: 0,
            fh_blend: false,
            qs_blend: false,
            corr_rate: 100,
            corr_defend: false,
            corr_skip_four: false,
            corr_phase: false,
            corr_eval: 0,
            iir_min_depth: 0,
            fhr_margin: 0,
            pv_raise_max_depth: 0,
            lmr_distract: true,
            lmr_distract_renju: false,
            lmr_attack: 1,
            lmr_attack_renju: 0,
            distract_prune_depth: 3,
            distract_prune_depth_renju: 0,
            lmr_oppo_four: 0,
            lmr_order_gap: 0,
            lmr_order_near: 0,
            root_order_nodes: 0,
            trivial_prune_depth: 0,
            hist_prune_depth: 0,
            hist_prune_margin: 2000,
            rfp_attack: false,
            tree_vct_depth: 0,
            tree_vct_nodes: 2000,
            tree_vct_pv: false,
            lmr_deeper_margin: 0,
            lmr_shallower_margin: 0,
            lmr_cut_node: 0,
            lmr_pv: 0,
            lmr_tt_pv: 0,
            lmr_tt_forcing: 0,
            lmr_four: 0,
            rfp_improving: 0,
            rfp_improving_renju: 0,
            rfp_cut_no_tt: 0,
            // SPRT at 200 ms on the balanced lines: Renju +32.6 +- 25.5 (556 games, H1);
            // freestyle +15.4 +- 17.8 (1333 games, stopped), rerun +1.6 +- 18.8 (1096, H0):
            // off there (engine/STRENGTH.md, twenty-fifth and twenty-sixth sessions).
            lmr_history_div: 0,
            lmr_history_div_renju: 1024,
            aspiration: 60,
            aspiration_renju: 60,
            asp_growth: 100,
            asp_soft: false,
            // SPRT at 200 ms on the balanced lines: freestyle +31.6 +- 25.0 (694 games, H1),
            // Renju +41.6 +- 30.5 (436 games, H1; engine/STRENGTH.md, twenty-sixth session).
            root_new_best: true,
            tt_probe: true,
            tt_win_cut: false,
            tt_cut_history: false,
            // SPRT at 200 ms on the balanced lines: freestyle +48.6 +- 37.4 (324 games, H1),
            // Renju +31.7 +- 26.6 (626 games, H1; engine/STRENGTH.md, twenty-second session).
            tt_refine_eval: true,
            tt_refine_eval_renju: true,
            // On top of `tt_refine_eval`, freestyle: +45.1 +- 32.7 (418 games, H1). Not run
            // under Renju, so off there.
            tt_refine_leaf: true,
            tt_refine_leaf_renju: false,
            mate_distance: true,
            smp_spread: true,
            killers: true,
            history: true,
            // SPRT at 100 ms, freestyle: /512 against /64 +162 +- 115 (H1); Renju: -31 +- 64 (H0).
            history_div: 512,
            history_div_renju: 64,
        }
    }
}

impl Tuning {
    /// The knobs a search under `rule` uses: under Renju the `*_renju` values replace their
    /// general ones, so the search reads one field per knob and never branches on the rule.
    #[must_use]
    pub fn for_rule(self, rule: tengen_rules::Rule) -> Tuning {
        if rule != tengen_rules::Rule::Renju {
            return self;
        }
        Tuning {
            max_quiet: self.max_quiet_renju,
            lmr_defend: self.lmr_defend_renju,
            order_fit: self.order_fit_renju,
            rfp_margin: self.rfp_margin_renju,
            lmr_history_div: self.lmr_history_div_renju,
            history_div: self.history_div_renju,
            qs_vcf_needs_four_three: self.qs_vcf_needs_four_three_renju,
            qs_vcf_below_beta: self.qs_vcf_below_beta_renju,
            tt_refine_eval: self.tt_refine_eval_renju,
            tt_refine_leaf: self.tt_refine_leaf_renju,
            falling_gain: self.falling_gain_renju,
            to_go_min: self.to_go_min_renju,
            clock_iteration_pct: self.clock_iteration_pct_renju,
            se_min_depth: self.se_min_depth_renju,
            se_negative: self.se_negative_renju,
            four_reply_ext: self.four_reply_ext_renju,
            corr_profile: self.corr_profile_renju,
            corr_stones: self.corr_stones_renju,
            corr_moves: self.corr_moves_renju,
            corr_moves4: self.corr_moves4_renju,
            corr_shape: self.corr_shape_renju,
            razor_margin: self.razor_margin_renju,
            lmr_distract: self.lmr_distract_renju,
            lmr_attack: self.lmr_attack_renju,
            distract_prune_depth: self.distract_prune_depth_renju,
            rfp_improving: self.rfp_improving_renju,
            aspiration: self.aspiration_renju,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renju_values_replace_the_general_knobs_only_under_renju() {
        // Every Renju knob set apart from its general one, so that a missing mapping shows.
        let base = Tuning::default();
        let d = Tuning {
            lmr_defend_renju: !base.lmr_defend,
            order_fit_renju: !base.order_fit,
            qs_vcf_needs_four_three_renju: !base.qs_vcf_needs_four_three,
            qs_vcf_below_beta_renju: !base.qs_vcf_below_beta,
            max_quiet_renju: base.max_quiet + 1,
            rfp_margin_renju: base.rfp_margin + 1,
            history_div_renju: base.history_div + 1,
            tt_refine_eval_renju: !base.tt_refine_eval,
            tt_refine_leaf_renju: !base.tt_refine_leaf,
            lmr_history_div_renju: base.lmr_history_div + 1,
            corr_profile_renju: base.corr_profile + 1,
            corr_stones_renju: base.corr_stones + 2,
            corr_moves_renju: base.corr_moves + 3,
            corr_moves4_renju: base.corr_moves4 + 4,
            corr_shape_renju: base.corr_shape + 5,
            razor_margin_renju: base.razor_margin + 1,
            lmr_distract_renju: !base.lmr_distract,
            lmr_attack_renju: base.lmr_attack + 1,
            distract_prune_depth_renju: base.distract_prune_depth + 1,
            rfp_improving_renju: base.rfp_improving + 1,
            aspiration_renju: base.aspiration + 1,
            ..base
        };
        assert_eq!(d.for_rule(tengen_rules::Rule::Freestyle), d);
        let r = d.for_rule(tengen_rules::Rule::Renju);
        assert_eq!(
            (r.max_quiet, r.rfp_margin, r.history_div, r.lmr_defend),
            (
                d.max_quiet_renju,
                d.rfp_margin_renju,
                d.history_div_renju,
                d.lmr_defend_renju
            )
        );
        assert_eq!(
            (r.qs_vcf_needs_four_three, r.qs_vcf_below_beta),
            (d.qs_vcf_needs_four_three_renju, d.qs_vcf_below_beta_renju)
        );
        assert_eq!(r.order_fit, d.order_fit_renju);
        assert_eq!(r.tt_refine_eval, d.tt_refine_eval_renju);
        assert_eq!(r.tt_refine_leaf, d.tt_refine_leaf_renju);
        assert_eq!(r.lmr_history_div, d.lmr_history_div_renju);
        assert_eq!(
            (
                r.corr_profile,
                r.corr_stones,
                r.corr_moves,
                r.corr_moves4,
                r.corr_shape
            ),
            (
                d.corr_profile_renju,
                d.corr_stones_renju,
                d.corr_moves_renju,
                d.corr_moves4_renju,
                d.corr_shape_renju
            )
        );
        assert_eq!(
            (r.razor_margin, r.lmr_distract, r.lmr_attack),
            (
                d.razor_margin_renju,
                d.lmr_distract_renju,
                d.lmr_attack_renju
            )
        );
        assert_eq!(r.distract_prune_depth, d.distract_prune_depth_renju);
        assert_eq!(r.rfp_improving, d.rfp_improving_renju);
        assert_eq!(r.aspiration, d.aspiration_renju);
        assert_eq!((r.lmp_base, r.lmp_per_depth), (d.lmp_base, d.lmp_per_depth));
    }
}
