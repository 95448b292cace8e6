//! The Chinese competition rules (spec `rules.md` §6, §7.1, §7.2, §9): a designated opening
//! and N, the three-move swap, N fifth-move alternatives, passes and draw offers, played
//! through the Tengen protocol extensions, with a documented fallback policy for brains that
//! answer `UNKNOWN` to `TGEXT` (see `manager/CHINESE.md`).
//!
//! This file is a child module of [`crate::game`] (declared there with `#[path]`) so that the
//! procedure can drive the game's private table (players, clocks, referee, record) without
//! widening its API; its public types are re-exported as `crate::game::chinese::*`.

use std::time::Duration;

use clap::Args;
use tengen_protocol::{BoardStone, Command, Feature, Field, Response};
use tengen_rules::{
    check_fifth_offers, equivalent_fifth, identify_opening, Board, Color, Equivalence, Move, Pos,
    Symmetry, OPENINGS,
};
use tokio::time::Instant;

use super::{GameSpec, OpeningRule, Table};
use crate::player::{parse_point, Request};
use crate::record::MoveRecord;
use crate::referee::{Ending, Reason, Verdict};

/// Where the designated opening comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpeningSource {
    /// The tentative black brain lays it (`TGOPENING`); brains without the `opening`
    /// extension get one assigned in sequence (the fallback policy).
    #[default]
    Choose,
    /// The manager assigns one of the 26 in RIF order (by pair number, so both colour-swapped
    /// games of a pair get the same opening).
    Sequential,
    /// The manager assigns one of the 26 at random (from `--seed` and the pair number), in a
    /// random orientation.
    Random,
    /// The manager assigns this one (index into `OPENINGS`) in every game.
    Named(u8),
}

/// What the fallback policy answers for a tentative white brain without the extensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FallbackSwap {
    /// Never swap (the default).
    #[default]
    Never,
    /// Always swap.
    Always,
    /// Swap at random (from `--seed` and the game number).
    Random,
}

/// The settings of `--opening-rule chinese`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChineseRules {
    /// Who lays the opening.
    pub opening: OpeningSource,
    /// The largest N a brain may declare (`TGOPENING N_MAX`).
    pub n_max: u32,
    /// The N the manager declares when it assigns the opening.
    pub n: u32,
    /// Which fifth moves count as the same (spec §7.2).
    pub equivalence: Equivalence,
    /// Whether passes are allowed (from move 6 on).
    pub passes: bool,
    /// The swap decision for brains without the extensions.
    pub fallback_swap: FallbackSwap,
    /// Seed for random assignments and random swaps.
    pub seed: u64,
    /// Whether engines are probed for the Tengen extensions (`false`: every engine is decided
    /// for by the fallback policy, as if it had answered `UNKNOWN`).
    pub extensions: bool,
    /// The number of fifth moves is fixed (the RIF rule of 1996-2008: always 2): a declared N
    /// must equal it.
    pub fixed_n: Option<u32>,
}

impl Default for ChineseRules {
    fn default() -> Self {
        ChineseRules {
            opening: OpeningSource::Choose,
            n_max: 4,
            n: 2,
            equivalence: Equivalence::Shape,
            passes: true,
            fallback_swap: FallbackSwap::Never,
            seed: 1,
            extensions: true,
            fixed_n: None,
        }
    }
}

/// The command-line options of the Chinese procedure (flattened into the manager's `Cli`).
#[derive(Debug, Clone, Args)]
pub struct ChineseArgs {
    /// Chinese rules: who lays the designated opening: choose (the tentative black brain, via
    /// TGOPENING; assigned in sequence for brains without the extension), seq or random (the
    /// manager assigns one of the 26, random uses --seed), or one opening by id or name for
    /// every game (4D, Kagetsu, 花月). Example: --chinese-opening random
    #[arg(long, default_value = "choose", value_name = "HOW")]
    pub chinese_opening: String,

    /// Chinese rules: the largest N (number of fifth-move offers) a brain may declare.
    /// Example: --chinese-n-max 4
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub chinese_n_max: u32,

    /// Chinese rules: the N the manager declares when it assigns the opening (at most
    /// --chinese-n-max). Example: --chinese-n 2
    #[arg(long, default_value_t = 2, value_name = "N")]
    pub chinese_n: u32,

    /// Chinese rules: fifth-move equivalence: shape (congruent shapes, translations
    /// included) or board (the 8 symmetries of the board only). Example: --equivalence board
    #[arg(long, default_value = "shape", value_name = "SETTING")]
    pub equivalence: String,

    /// Chinese rules: passes allowed (default; from move 6 on, two in a row draw) or
    /// forbidden (a pass loses). Example: --passes forbidden
    #[arg(long, value_name = "SETTING")]
    pub passes: Option<String>,

    /// Chinese rules: the swap decision for a tentative white brain without the Tengen
    /// extensions: never (default), always or random (from --seed). Example: --fallback-swap random
    #[arg(long, default_value = "never", value_name = "POLICY")]
    pub fallback_swap: String,

    /// Chinese rules: probe engines for the Tengen extensions (on, default) or treat every
    /// engine as a plain Gomocup brain decided for by the fallback policy (off).
    /// Example: --tg-extensions off
    #[arg(long, default_value = "on", value_name = "ON_OFF")]
    pub tg_extensions: String,
}

impl ChineseArgs {
    /// The checked settings (the seed is filled in later, see [`OpeningRule::with_seed`]).
    /// `chinese` says whether `--opening-rule chinese` was chosen: the options are refused
    /// with other rules only where silently ignoring them would mislead (`--passes allowed`).
    pub fn rules(&self, chinese: bool) -> Result<ChineseRules, crate::cli::CliError> {
        let bad = |option: &'static str, value: &str, expected: &str| crate::cli::CliError::Bad {
            option,
            value: value.to_string(),
            expected: expected.to_string(),
        };
        let opening = match self.chinese_opening.as_str() {
            "choose" => OpeningSource::Choose,
            "seq" | "sequential" => OpeningSource::Sequential,
            "random" => OpeningSource::Random,
            o => match tengen_rules::Opening::by_name(o) {
                Some(named) => {
                    OpeningSource::Named(OPENINGS.iter().position(|x| x == named).unwrap_or(0) as u8)
                }
                None => {
                    return Err(bad(
                        "--chinese-opening",
                        o,
                        "choose, seq, random or an opening (2D, Kagetsu, 花月, …)",
                    ))
                }
            },
        };
        if !(1..=64).contains(&self.chinese_n_max) {
            return Err(bad(
                "--chinese-n-max",
                &self.chinese_n_max.to_string(),
                "a number from 1 to 64",
            ));
        }
        if self.chinese_n == 0 || self.chinese_n > self.chinese_n_max {
            return Err(bad(
                "--chinese-n",
                &self.chinese_n.to_string(),
                "a number from 1 to --chinese-n-max",
            ));
        }
        let equivalence = match self.equivalence.as_str() {
            "shape" => Equivalence::Shape,
            "board" => Equivalence::Board,
            e => return Err(bad("--equivalence", e, "shape or board")),
        };
        let passes = match self.passes.as_deref() {
            None | Some("allowed") => true,
            Some("forbidden") => false,
            Some(p) => return Err(bad("--passes", p, "allowed or forbidden")),
        };
        if !chinese && self.passes.as_deref() == Some("allowed") {
            return Err(bad(
                "--passes",
                "allowed",
                "passes are only played under --opening-rule chinese",
            ));
        }
        let extensions = match self.tg_extensions.as_str() {
            "on" => true,
            "off" => false,
            e => return Err(bad("--tg-extensions", e, "on or off")),
        };
        let fallback_swap = match self.fallback_swap.as_str() {
            "never" => FallbackSwap::Never,
            "always" => FallbackSwap::Always,
            "random" => FallbackSwap::Random,
            f => return Err(bad("--fallback-swap", f, "never, always or random")),
        };
        Ok(ChineseRules {
            opening,
            n_max: self.chinese_n_max,
            n: self.chinese_n,
            equivalence,
            passes,
            fallback_swap,
            seed: 1,
            extensions,
            fixed_n: None,
        })
    }
}

impl ChineseRules {
    /// The RIF opening rule of 1996-2008: this procedure with exactly two fifth moves.
    #[must_use]
    pub fn rif(self) -> ChineseRules {
        ChineseRules {
            n_max: 2,
            n: 2,
            fixed_n: Some(2),
            ..self
        }
    }
}

impl OpeningRule {
    /// Whether a pass is a legal answer under this opening rule (only the Chinese rules
    /// allow passes, and only when `--passes allowed`).
    #[must_use]
    pub fn passes_allowed(&self) -> bool {
        matches!(self, OpeningRule::Chinese(c) if c.passes)
    }

    /// The same rule with the run's seed filled in (the seed is known only after the
    /// options are read).
    #[must_use]
    pub fn with_seed(self, seed: u64) -> OpeningRule {
        match self {
            OpeningRule::Chinese(c) => OpeningRule::Chinese(ChineseRules { seed, ..c }),
            other => other,
        }
    }
}

/// The per-game state of the Chinese procedure kept in the game's table.
#[derive(Debug, Default)]
pub(super) struct State {
    /// The procedure runs (probe done): draw offers and pass relaying are handled.
    active: bool,
    /// Features each player (by index) declared in answer to `TGEXT`.
    features: [Vec<Feature>; 2],
    /// Draw offers each player made (counted ones; surplus offers are void).
    offers: [u32; 2],
    /// Draw-offer violations per player (spec §9: the second one loses).
    violations: [u32; 2],
    /// The player whose draw offer awaits the opponent's answer.
    pending: Option<usize>,
    /// `4D Kagetsu (花月)`, once laid.
    pub(super) opening_name: Option<String>,
}

impl State {
    fn has(&self, who: usize, f: &Feature) -> bool {
        self.features[who].contains(f)
    }

    /// Whether `who` may be told about the last move with `TURN`: a pass is relayed as
    /// `TURN -1,-1` only to brains that declared `pass`; others get the whole `BOARD`.
    pub(super) fn turn_ok(&self, who: usize, last: Option<Move>) -> bool {
        last != Some(Move::Pass) || self.has(who, &Feature::Pass)
    }

    /// `req` for `who`, preceded by `INFO tg_draw_offer 1` when the opponent offered a draw
    /// and `who` declared `draw`.
    pub(super) fn wrap(&self, who: usize, req: Request) -> Request {
        if self.pending == Some(1 - who) && self.has(who, &Feature::Draw) {
            let mut lines = vec!["INFO tg_draw_offer 1".to_string()];
            lines.extend(request_lines(&req));
            Request::Raw(lines)
        } else {
            req
        }
    }
}

/// The wire lines of a move request.
fn request_lines(req: &Request) -> Vec<String> {
    match req {
        Request::Begin => vec!["BEGIN".into()],
        Request::Turn(x, y) => vec![format!("TURN {x},{y}")],
        Request::Board(stones) | Request::Swap2(stones) => {
            let word = if matches!(req, Request::Board(_)) {
                "BOARD"
            } else {
                "SWAP2BOARD"
            };
            let mut v = vec![word.to_string()];
            v.extend(stones.iter().map(|(p, f)| format!("{},{},{f}", p.x, p.y)));
            v.push("DONE".into());
            v
        }
        Request::Raw(lines) => lines.clone(),
    }
}

/// A command as wire lines.
fn command_lines(c: &Command) -> Vec<String> {
    c.to_string().lines().map(str::to_string).collect()
}

/// SplitMix64: a seeded, reproducible choice without state.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn xy(ps: &[Pos]) -> String {
    ps.iter().map(|p| p.to_xy()).collect::<Vec<_>>().join(" ")
}

/// The empty points ordered by closeness to the stones' centre (squared distance, then row,
/// then column): the deterministic order the fallback policy draws fifth moves from.
fn by_closeness(board: &Board) -> Vec<Pos> {
    let stones: Vec<Pos> = board.moves().iter().filter_map(|m| m.pos()).collect();
    let n = stones.len().max(1) as i64;
    let cx = stones.iter().map(|p| i64::from(p.x)).sum::<i64>();
    let cy = stones.iter().map(|p| i64::from(p.y)).sum::<i64>();
    let mut pts: Vec<Pos> = board.empty_points().collect();
    // Distances in units of 1/n to stay in integers.
    pts.sort_by_key(|p| {
        let dx = i64::from(p.x) * n - cx;
        let dy = i64::from(p.y) * n - cy;
        (dx * dx + dy * dy, p.y, p.x)
    });
    pts
}

/// The offer the fallback policy keeps for white: the one farthest from the stones' centre
/// (a far stone helps black least); the first such in offer order.
fn farthest_offer(board: &Board, offers: &[Pos]) -> Pos {
    let order = by_closeness(board);
    let rank = |p: &Pos| order.iter().position(|q| q == p).unwrap_or(0);
    let mut best = offers[0];
    for o in offers {
        if rank(o) > rank(&best) {
            best = *o;
        }
    }
    best
}

/// Colour-labelled stones of `board` (for the equivalence test).
fn coloured(board: &Board) -> Vec<(Pos, Color)> {
    board
        .moves()
        .iter()
        .filter_map(|m| m.pos())
        .filter_map(|p| board.stone(p).map(|c| (p, c)))
        .collect()
}

impl Table<'_> {
    /// Block stones (`x,y,f` relative to `color`) for the Tengen block commands.
    fn tg_stones(&self, color: Color) -> Vec<BoardStone> {
        self.block_for(color)
            .into_iter()
            .map(|(p, f)| {
                let field = if f == 1 { Field::Own } else { Field::Opponent };
                BoardStone::new(Move::Stone(p), field)
            })
            .collect()
    }

    /// Lay `p` for the side to move through the referee and record it; the ending if the
    /// stone is illegal (charged to `guilty`, whatever the stone's colour) or wins.
    fn chinese_lay(&mut self, p: Move, guilty: Color, spent: u64) -> Result<(), Ending> {
        match p {
            Move::Stone(q) => self.chinese_lay_xy(i64::from(q.x), i64::from(q.y), guilty, spent),
            Move::Pass => self.chinese_lay_xy(-1, -1, guilty, spent),
        }
    }

    /// [`Table::chinese_lay`] for an answer's raw coordinates (which may be off the board).
    fn chinese_lay_xy(&mut self, x: i64, y: i64, guilty: Color, spent: u64) -> Result<(), Ending> {
        match self.referee.judge(x, y) {
            Verdict::Continue => {
                let mv = *self.referee.board().moves().last().expect("just played");
                self.moves.push(MoveRecord::new(mv, spent));
                Ok(())
            }
            Verdict::End(end) => {
                if self.referee.board().moves().len() > self.moves.len() {
                    let mv = *self.referee.board().moves().last().expect("just played");
                    self.moves.push(MoveRecord::new(mv, spent));
                }
                // A five or a draw (move limit, full board) stands; an illegal stone is the
                // answering player's fault, whatever its colour.
                if end.reason == Reason::Five || end.winner.is_none() {
                    Err(end)
                } else {
                    Err(Ending::loss(guilty, end.reason))
                }
            }
            Verdict::Refused(f) => Err(Ending::loss(guilty, Reason::Forbidden(f))),
        }
    }

    /// Play the Chinese opening procedure up to move 6 (spec §7.1). Player 0 is the
    /// tentative black. `Some` when the game ended during the opening.
    pub(super) async fn chinese(&mut self, c: &ChineseRules, spec: &GameSpec) -> Option<Ending> {
        self.chinese_inner(c, spec).await.err()
    }

    async fn chinese_inner(&mut self, c: &ChineseRules, spec: &GameSpec) -> Result<(), Ending> {
        // 0. Probe both brains with TGEXT, settings first (brains ignore unknown INFO keys).
        if !c.extensions {
            self.notes.push(
                "chinese: Tengen extensions off (--tg-extensions off): the fallback policy decides for both players"
                    .into(),
            );
        }
        for who in (0..2).filter(|_| c.extensions) {
            let color = if who == 0 { Color::Black } else { Color::White };
            let passes = format!("INFO tg_passes {}", u8::from(c.passes));
            let lines = ["INFO tg_opening_rule chinese", passes.as_str(), "TGEXT"];
            // `ABOUT` follows as a sentinel, so a brain that ignores TGEXT silently (or answers
            // ERROR) is simply one without the extensions.
            let text = self.players[who]
                .probe(&lines)
                .await
                .map_err(|f| Ending::loss(color, super::failure_reason(f)))?
                .unwrap_or_else(|| "no answer".to_string());
            match Response::parse_line(&text) {
                Ok(Response::TgExt { features, .. }) => {
                    let names: Vec<&str> = features.iter().map(Feature::word).collect();
                    self.notes.push(format!(
                        "chinese: player {} ({color}) speaks TGEXT: {}",
                        who + 1,
                        names.join(" ")
                    ));
                    self.cn.features[who] = features;
                }
                _ => self.notes.push(format!(
                    "chinese: player {} ({color}) has no Tengen extensions ({text:?}): the fallback policy decides for it",
                    who + 1
                )),
            }
        }
        self.cn.active = true;

        // 1. The tentative black lays a designated opening and declares N.
        let size = self.rules.size;
        let centre = Pos::new(size / 2, size / 2);
        let choose = c.opening == OpeningSource::Choose;
        let n = if choose && self.cn.has(0, &Feature::Opening) {
            let req = Request::Raw(command_lines(&Command::TgOpening { n_max: c.n_max }));
            let a = self.ask(0, Color::Black, &req).await?;
            self.charge(0, Color::Black, a.elapsed, false)?;
            let (stones, n) = match Response::parse_line(&a.text) {
                Ok(Response::Opening { stones, n }) => (stones, n),
                _ => {
                    return Err(Ending::loss(
                        Color::Black,
                        Reason::IllegalOpening(format!(
                            "TGOPENING answer {:?} is not `x,y x,y x,y N`",
                            a.text
                        )),
                    ))
                }
            };
            let named = identify_opening(stones);
            let why = if stones[0] != centre {
                Some(format!("stone 1 must be on the centre {}", centre.to_xy()))
            } else if stones.iter().any(|p| p.x >= size || p.y >= size) {
                Some("a stone is off the board".to_string())
            } else if named.is_none() {
                Some("not one of the 26 designated openings".to_string())
            } else if !(1..=c.n_max).contains(&n) {
                Some(format!("N = {n} is outside 1..={}", c.n_max))
            } else {
                c.fixed_n
                    .filter(|&f| f != n)
                    .map(|f| format!("N = {n}, but this rule fixes N = {f}"))
            };
            if let Some(why) = why {
                return Err(Ending::loss(
                    Color::Black,
                    Reason::IllegalOpening(format!("{}: {why}", a.text)),
                ));
            }
            let each = ms(a.elapsed) / 3;
            for p in stones {
                self.chinese_lay(Move::Stone(p), Color::Black, each)?;
            }
            let o = named.expect("checked").0;
            self.notes.push(format!(
                "chinese: opening {o} N={n} laid by black (engine) in {} ms",
                ms(a.elapsed)
            ));
            self.cn.opening_name = Some(o.to_string());
            n
        } else {
            // Pairs are numbered by their first game: halve to count them 0, 1, 2, …
            let key = spec.pair.unwrap_or(spec.id) / 2;
            let (index, sym, who) = match c.opening {
                OpeningSource::Random => {
                    let r = mix(c.seed ^ mix(key));
                    (
                        (r % 26) as usize,
                        Symmetry::ALL[((r >> 8) % 8) as usize],
                        "manager (random)",
                    )
                }
                OpeningSource::Sequential => {
                    ((key % 26) as usize, Symmetry::Identity, "manager (seq)")
                }
                OpeningSource::Named(i) => (usize::from(i), Symmetry::Identity, "manager"),
                OpeningSource::Choose => (
                    (key % 26) as usize,
                    Symmetry::Identity,
                    if c.extensions {
                        "fallback policy (seq): black has no `opening` extension"
                    } else {
                        "fallback policy (seq)"
                    },
                ),
            };
            let o = &OPENINGS[index];
            let stones = o.stones(centre, sym);
            for p in stones {
                self.chinese_lay(Move::Stone(p), Color::Black, 0)?;
            }
            let n = c.n.min(c.n_max);
            self.notes
                .push(format!("chinese: opening {o} N={n} assigned by the {who}"));
            self.cn.opening_name = Some(o.to_string());
            n
        };

        // 2. The tentative white may swap colours once.
        let swap = if self.cn.has(1, &Feature::Opening) {
            let req = Request::Raw(command_lines(&Command::TgSwap {
                n,
                stones: self.tg_stones(Color::White),
            }));
            let a = self.ask(1, Color::White, &req).await?;
            self.charge(1, Color::White, a.elapsed, false)?;
            let swap = match Response::parse_line(&a.text) {
                Ok(Response::Swap) => true,
                Ok(Response::NoSwap) => false,
                _ => {
                    return Err(Ending::loss(
                        Color::White,
                        Reason::IllegalOpening(format!(
                            "TGSWAP answer {:?} is neither SWAP nor NOSWAP",
                            a.text
                        )),
                    ))
                }
            };
            self.notes.push(format!(
                "chinese: {} by the tentative white (engine) in {} ms",
                if swap { "swap" } else { "no swap" },
                ms(a.elapsed)
            ));
            swap
        } else {
            let swap = match c.fallback_swap {
                FallbackSwap::Never => false,
                FallbackSwap::Always => true,
                FallbackSwap::Random => mix(c.seed ^ mix(spec.id ^ 0x5157_4150)) & 1 == 1,
            };
            let policy = match c.fallback_swap {
                FallbackSwap::Never => "never",
                FallbackSwap::Always => "always",
                FallbackSwap::Random => "random",
            };
            self.notes.push(format!(
                "chinese: {} by the fallback policy ({policy})",
                if swap { "swap" } else { "no swap" }
            ));
            swap
        };
        if swap {
            self.seat = [1, 0];
        }

        // 3. White plays move 4 anywhere (no pass before move 6).
        let white = self.seat[Color::White.index()];
        let black = self.seat[Color::Black.index()];
        let req = Request::Board(self.block_for(Color::White));
        let a = self.ask(white, Color::White, &req).await?;
        let warning = self.charge(white, Color::White, a.elapsed, true)?;
        let Some((x, y)) = parse_point(&a.text) else {
            return Err(Ending::loss(Color::White, Reason::Garbage(a.text)));
        };
        if (x, y) == (-1, -1) {
            return Err(Ending::loss(Color::White, Reason::IllegalPass));
        }
        self.chinese_lay_xy(x, y, Color::White, ms(a.elapsed))?;
        if let Some(m) = self.moves.last_mut() {
            m.engine_ms = a.reported_ms;
            m.warning = warning;
        }

        // 4. Black offers N pairwise non-equivalent fifth moves.
        let board = self.referee.board().clone();
        let t0 = Instant::now();
        let offers = if self.cn.has(black, &Feature::Opening) {
            let req = Request::Raw(command_lines(&Command::TgOffer {
                n,
                stones: self.tg_stones(Color::Black),
            }));
            let a = self.ask(black, Color::Black, &req).await?;
            self.charge(black, Color::Black, a.elapsed, true)?;
            let pts: Option<Vec<Pos>> = match Response::parse_line(&a.text) {
                Ok(Response::Moves(m)) => m.iter().map(|m| m.pos()).collect(),
                _ => None,
            };
            let Some(pts) = pts else {
                return Err(Ending::loss(
                    Color::Black,
                    Reason::IllegalOpening(format!(
                        "TGOFFER answer {:?} is not a list of points",
                        a.text
                    )),
                ));
            };
            self.notes.push(format!(
                "chinese: black offers {} (engine) in {} ms",
                xy(&pts),
                ms(a.elapsed)
            ));
            pts
        } else {
            let pts = self.fallback_offers(black, &board, n as usize, c).await?;
            pts
        };
        if let Some(bad) = offers.iter().find(|p| !board.contains(**p)) {
            return Err(Ending::loss(
                Color::Black,
                Reason::IllegalOpening(format!(
                    "fifth-move offers {}: offer {bad} is off the board",
                    xy(&offers)
                )),
            ));
        }
        if let Err(e) = check_fifth_offers(&board, &offers, n as usize, c.equivalence) {
            return Err(Ending::loss(
                Color::Black,
                Reason::IllegalOpening(format!("fifth-move offers {}: {e}", xy(&offers))),
            ));
        }
        let offer_ms = ms(t0.elapsed());

        // 5. White keeps one offer (move 5) and plays move 6.
        let (kept, six, six_ms, warning) = if self.cn.has(white, &Feature::Opening) {
            let req = Request::Raw(command_lines(&Command::TgChoose {
                offers: offers.clone(),
                stones: self.tg_stones(Color::White),
            }));
            let a = self.ask(white, Color::White, &req).await?;
            let warning = self.charge(white, Color::White, a.elapsed, true)?;
            let two = match Response::parse_line(&a.text) {
                Ok(Response::Moves(m)) if m.len() == 2 => Some((m[0], m[1])),
                _ => None,
            };
            let Some((Move::Stone(kept), six)) = two else {
                return Err(Ending::loss(
                    Color::White,
                    Reason::IllegalOpening(format!(
                        "TGCHOOSE answer {:?} is not `x5,y5 x6,y6`",
                        a.text
                    )),
                ));
            };
            if !offers.contains(&kept) {
                return Err(Ending::loss(
                    Color::White,
                    Reason::IllegalOpening(format!(
                        "TGCHOOSE kept {kept}, which was not offered ({})",
                        xy(&offers)
                    )),
                ));
            }
            self.notes.push(format!(
                "chinese: white keeps {kept} (engine) in {} ms",
                ms(a.elapsed)
            ));
            (kept, Some(six), ms(a.elapsed), warning)
        } else {
            let (kept, how) = self.fallback_choice(white, &board, &offers).await?;
            self.notes.push(format!(
                "chinese: white keeps {kept} (fallback policy: {how})"
            ));
            (kept, None, 0, None)
        };
        self.chinese_lay(Move::Stone(kept), Color::Black, offer_ms)?;
        self.known[black] = 4;
        match six {
            Some(six) => {
                if six == Move::Pass && !c.passes {
                    return Err(Ending::loss(Color::White, Reason::IllegalPass));
                }
                self.chinese_lay(six, Color::White, six_ms)?;
                if let Some(m) = self.moves.last_mut() {
                    m.warning = warning;
                }
                self.known[white] = 6;
            }
            // A brain without the extensions plays move 6 in the normal move loop (BOARD).
            None => self.known[white] = 0,
        }
        Ok(())
    }

    /// Fifth-move offers for a black brain without the extensions (the fallback policy):
    /// its best move (`BOARD`), then, if it knows `YXBLOCK`, its best move again with the
    /// earlier offers and every point equivalent to them blocked, and otherwise (or when it
    /// ignores the block) the empty points closest to the stones' centre that are legal and
    /// not equivalent to an earlier offer.
    async fn fallback_offers(
        &mut self,
        black: usize,
        board: &Board,
        n: usize,
        c: &ChineseRules,
    ) -> Result<Vec<Pos>, Ending> {
        let stones = coloured(board);
        let size = board.width();
        let equivalent_to_any = |offers: &[Pos], p: Pos| {
            offers
                .iter()
                .any(|&o| equivalent_fifth(&stones, o, p, c.equivalence, size))
        };
        let block = self.block_for(Color::Black);
        let mut offers: Vec<Pos> = Vec::with_capacity(n);
        let mut how: Vec<&str> = Vec::with_capacity(n);
        let yxblock = if n > 1 {
            self.players[black]
                .knows_silent("YXBLOCKRESET")
                .await
                .map_err(|f| Ending::loss(Color::Black, super::failure_reason(f)))?
        } else {
            false
        };
        let mut use_block = true;
        while offers.len() < n {
            let k = offers.len();
            if k == 0 || (yxblock && use_block) {
                if k > 0 {
                    let blocked: Vec<Pos> = board
                        .empty_points()
                        .filter(|&p| equivalent_to_any(&offers, p))
                        .collect();
                    self.set_block(black, Color::Black, &blocked).await?;
                }
                let a = self
                    .ask(black, Color::Black, &Request::Board(block.clone()))
                    .await?;
                self.charge(black, Color::Black, a.elapsed, k == 0)?;
                let Some((x, y)) = parse_point(&a.text) else {
                    return Err(Ending::loss(Color::Black, Reason::Garbage(a.text)));
                };
                let on_board =
                    (0..i64::from(size)).contains(&x) && (0..i64::from(size)).contains(&y);
                if !on_board {
                    return Err(Ending::loss(
                        Color::Black,
                        Reason::OffBoard(format!("{x},{y}")),
                    ));
                }
                let p = Pos::new(x as u8, y as u8);
                if !board.is_empty_at(p) {
                    return Err(Ending::loss(Color::Black, Reason::Occupied(p)));
                }
                if let Some(f) = board.forbidden(p) {
                    return Err(Ending::loss(Color::Black, Reason::Forbidden(f)));
                }
                if equivalent_to_any(&offers, p) {
                    // The brain ignored the block: fill the rest by the deterministic order.
                    use_block = false;
                    continue;
                }
                offers.push(p);
                how.push(if k == 0 {
                    "best move"
                } else {
                    "best move with YXBLOCK"
                });
            } else {
                let next = by_closeness(board)
                    .into_iter()
                    .find(|&p| board.forbidden(p).is_none() && !equivalent_to_any(&offers, p));
                let Some(p) = next else {
                    return Err(Ending::loss(
                        Color::Black,
                        Reason::IllegalOpening(format!(
                            "the fallback policy found only {k} of {n} non-equivalent fifth moves"
                        )),
                    ));
                };
                offers.push(p);
                how.push("closest legal point");
            }
        }
        if yxblock {
            self.players[black]
                .knows_silent("YXBLOCKRESET")
                .await
                .map_err(|f| Ending::loss(Color::Black, super::failure_reason(f)))?;
        }
        let detail: Vec<String> = offers
            .iter()
            .zip(&how)
            .map(|(p, h)| format!("{p} ({h})"))
            .collect();
        self.notes.push(format!(
            "chinese: black offers {} (fallback policy: {})",
            xy(&offers),
            detail.join(", ")
        ));
        Ok(offers)
    }

    /// The offer a white brain without the extensions keeps (the fallback policy), and how
    /// it was found. If the brain knows `YXBLOCK`, it is asked as black for its best fifth
    /// move with every point but the remaining offers blocked, again and again without the
    /// offers it named: the offer it names last is the one it likes least for black, and white
    /// keeps it. Otherwise white keeps the offer farthest from the stones' centre.
    async fn fallback_choice(
        &mut self,
        white: usize,
        board: &Board,
        offers: &[Pos],
    ) -> Result<(Pos, &'static str), Ending> {
        let yxblock = offers.len() > 1
            && self.players[white]
                .knows_silent("YXBLOCKRESET")
                .await
                .map_err(|f| Ending::loss(Color::White, super::failure_reason(f)))?;
        if !yxblock {
            return Ok((
                farthest_offer(board, offers),
                "the offer farthest from the stones",
            ));
        }
        let block = self.block_for(Color::Black);
        let mut left: Vec<Pos> = offers.to_vec();
        while left.len() > 1 {
            let blocked: Vec<Pos> = board.empty_points().filter(|p| !left.contains(p)).collect();
            self.set_block(white, Color::White, &blocked).await?;
            let a = self
                .ask(white, Color::White, &Request::Board(block.clone()))
                .await?;
            self.charge(white, Color::White, a.elapsed, false)?;
            let named = parse_point(&a.text)
                .filter(|&(x, y)| x >= 0 && y >= 0)
                .map(|(x, y)| Pos::new(x.min(255) as u8, y.min(255) as u8));
            match named.and_then(|p| left.iter().position(|&q| q == p)) {
                Some(i) => {
                    left.remove(i);
                }
                None => {
                    // The brain ignored the block: decide by distance among the rest.
                    let kept = farthest_offer(board, &left);
                    self.reset_block(white).await?;
                    return Ok((kept, "the offer farthest from the stones (YXBLOCK ignored)"));
                }
            }
        }
        self.reset_block(white).await?;
        Ok((
            left[0],
            "the offer its engine ranks last for black, asked with YXBLOCK",
        ))
    }

    /// Replace a brain's `YXBLOCK` points by `points` (`YXBLOCKRESET`, `YXBLOCK` … `DONE`),
    /// outside its clock; whatever it answers to them (`OK`, or nothing) is consumed up to the
    /// `ABOUT` sentinel, so it cannot be taken for the next move.
    async fn set_block(&mut self, who: usize, color: Color, points: &[Pos]) -> Result<(), Ending> {
        let texts: Vec<String> = points.iter().map(|p| p.to_xy()).collect();
        let mut lines = vec!["YXBLOCKRESET", "YXBLOCK"];
        lines.extend(texts.iter().map(String::as_str));
        lines.push("DONE");
        self.players[who]
            .probe(&lines)
            .await
            .map(|_| ())
            .map_err(|f| Ending::loss(color, super::failure_reason(f)))
    }

    /// Clear a brain's `YXBLOCK` points (`YXBLOCKRESET`, answered by nothing).
    async fn reset_block(&mut self, who: usize) -> Result<(), Ending> {
        let color = if self.seat[Color::Black.index()] == who {
            Color::Black
        } else {
            Color::White
        };
        self.players[who]
            .knows_silent("YXBLOCKRESET")
            .await
            .map(|_| ())
            .map_err(|f| Ending::loss(color, super::failure_reason(f)))
    }

    /// Handle the draw-offer part of a move answer (spec §9) under the Chinese rules: the
    /// move text to judge, or the ending (an accepted offer, a `DRAW` with no offer to
    /// accept, a second draw-offer violation). Other rules pass the text through.
    pub(super) fn draw_answer(
        &mut self,
        who: usize,
        color: Color,
        text: &str,
    ) -> Result<String, Ending> {
        if !self.cn.active {
            return Ok(text.to_string());
        }
        let other = 1 - who;
        let t = text.trim();
        if t.eq_ignore_ascii_case("DRAW") {
            if self.cn.pending == Some(other) {
                self.notes
                    .push(format!("draw: {color} accepts the draw offer"));
                return Err(Ending {
                    winner: None,
                    reason: Reason::DrawAgreed,
                });
            }
            return Err(Ending::loss(
                color,
                Reason::Garbage("DRAW without a draw offer to accept".into()),
            ));
        }
        if self.cn.pending == Some(other) {
            self.notes
                .push(format!("draw: {color} declines the draw offer"));
            self.cn.pending = None;
        }
        let upper = t.to_ascii_uppercase();
        let Some(mv) = upper.strip_suffix("DRAW").map(str::trim_end) else {
            return Ok(t.to_string());
        };
        let mv = mv.to_string();
        if self.cn.offers[who] >= self.cn.offers[other] + 2 {
            self.cn.violations[who] += 1;
            let v = self.cn.violations[who];
            self.notes.push(format!(
                "draw: {color} offers more than two draws beyond the opponent's: violation {v}, the offer is void"
            ));
            if v >= 2 {
                return Err(Ending::loss(
                    color,
                    Reason::RuleViolation("second surplus draw offer".into()),
                ));
            }
            return Ok(mv);
        }
        self.cn.offers[who] += 1;
        self.cn.pending = Some(who);
        let unheard = if self.cn.has(other, &Feature::Draw) {
            ""
        } else {
            "; not forwarded: the opponent did not declare `draw`"
        };
        self.notes.push(format!(
            "draw: {color} offers a draw with {mv} (offer {}{unheard})",
            self.cn.offers[who]
        ));
        Ok(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fallback_order_and_choice_are_deterministic() {
        let moves: Vec<Move> = ["H8", "H9", "H10", "H7"]
            .iter()
            .map(|s| Move::Stone(Pos::parse_notation(s, 15).unwrap()))
            .collect();
        let b = Board::from_moves(15, 15, tengen_rules::Rule::Renju, &moves).unwrap();
        let order = by_closeness(&b);
        // The centre of H7..H10 lies between H8 and H9: G8/I8/G9/I9 come first.
        let first: Vec<String> = order[..4].iter().map(|p| p.to_notation(15)).collect();
        assert!(
            first
                .iter()
                .all(|s| ["G8", "I8", "G9", "I9"].contains(&s.as_str())),
            "{first:?}"
        );
        let far = Pos::parse_notation("A1", 15).unwrap();
        let near = Pos::parse_notation("G8", 15).unwrap();
        assert_eq!(farthest_offer(&b, &[near, far]), far);
    }

    #[test]
    fn options_are_checked() {
        let args = ChineseArgs {
            chinese_opening: "choose".into(),
            chinese_n_max: 4,
            chinese_n: 2,
            equivalence: "board".into(),
            passes: None,
            fallback_swap: "random".into(),
            tg_extensions: "on".into(),
        };
        let r = args.rules(true).unwrap();
        assert_eq!(r.equivalence, Equivalence::Board);
        assert!(r.passes);
        assert_eq!(r.fallback_swap, FallbackSwap::Random);
        let too_big = ChineseArgs {
            chinese_n: 5,
            ..args.clone()
        };
        assert!(too_big.rules(true).is_err());
        let passes = ChineseArgs {
            passes: Some("allowed".into()),
            ..args
        };
        assert!(passes.rules(false).is_err());
        assert!(passes.rules(true).is_ok());
    }
}
