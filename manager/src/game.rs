//! One game between two players: opening, clocks, the move loop, and the finished record.

use std::time::Duration;

use tengen_rules::{Color, Move, Pos, Rule};
use tokio::time::Instant;

use crate::clock::{Clock, ClockVerdict, TimeControl};
use crate::player::{parse_point, Answer, BlockStone, Failure, GameSetup, Player, Request};
use crate::record::{EndReason, GameRecord, GameResult, MoveRecord};
use crate::referee::{Ending, ForbiddenPolicy, Reason, Referee, Verdict};

// The Chinese rules drive this module's private table, so they live in a child module.
#[path = "chinese.rs"]
pub mod chinese;

/// How the first stones of a game are laid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpeningRule {
    /// The engines play from the empty board (or from the book position, if one is given).
    #[default]
    Free,
    /// The opening stones come from an opening file.
    File,
    /// Swap2 through `SWAP2BOARD` (rules §7.4).
    Swap2,
    /// The Chinese competition rules (rules §7.1): see [`chinese`].
    Chinese(chinese::ChineseRules),
}

/// The settings shared by every game of a run.
#[derive(Debug, Clone)]
pub struct GameRules {
    /// Board side.
    pub size: u8,
    /// The rule.
    pub rule: Rule,
    /// The time control.
    pub tc: TimeControl,
    /// Its text, as written into records.
    pub tc_text: String,
    /// Lateness accepted and charged to the clock.
    pub tolerance: Duration,
    /// What a forbidden move does.
    pub forbidden: ForbiddenPolicy,
    /// Adjudicate a draw after this many moves.
    pub draw_after: Option<usize>,
    /// `INFO max_memory`, bytes (0 = unlimited).
    pub max_memory: u64,
    /// The opening procedure.
    pub opening_rule: OpeningRule,
}

/// What distinguishes one game from another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSpec {
    /// Game number in the run.
    pub id: u64,
    /// Pair number (both games of an opening with colours swapped).
    pub pair: Option<u64>,
    /// Opening stones, black first (empty for a free start).
    pub opening: Vec<Pos>,
    /// Index of the opening in its book.
    pub opening_index: Option<usize>,
    /// Name of the opening.
    pub opening_name: Option<String>,
}

/// A finished game.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    /// The record (names, moves, result, reason, …).
    pub record: GameRecord,
    /// Which of the two players (0 = the first passed to [`play_game`]) had black.
    pub black_player: usize,
}

/// Longest wait when there is no time limit at all (`--tc inf`).
const NO_LIMIT: Duration = Duration::from_secs(365 * 24 * 3600);

/// How often a forbidden point may be refused in a row (`--forbidden refuse`) before it
/// counts as a loss: a brain that insists would otherwise loop for ever without a clock.
const MAX_REFUSALS: u32 = 10;

struct Table<'a> {
    rules: &'a GameRules,
    players: [&'a mut Player; 2],
    clocks: [Clock; 2],
    /// `seat[color]` = index of the player with that colour.
    seat: [usize; 2],
    /// How many moves of the game each player has been told about.
    known: [usize; 2],
    referee: Referee,
    moves: Vec<MoveRecord>,
    notes: Vec<String>,
    /// Chinese-rules state (draw offers, declared extensions).
    cn: chinese::State,
}

/// Play one game. `players[0]` takes black (under Swap2 it is the player who lays the first
/// three stones, and colours follow the Swap2 choices). Every failure of a player ends the
/// game with a recorded reason; this function itself does not fail.
pub async fn play_game(
    rules: &GameRules,
    spec: &GameSpec,
    players: [&mut Player; 2],
    names: [&str; 2],
) -> PlayedGame {
    let start_time = crate::progress::utc_now_text();
    let referee = Referee::new(
        rules.size,
        rules.rule,
        rules.forbidden,
        rules.draw_after,
        rules.opening_rule.passes_allowed(),
    )
    .expect("board size validated by the configuration");
    let mut t = Table {
        rules,
        players,
        clocks: [
            Clock::new(&rules.tc, rules.tolerance),
            Clock::new(&rules.tc, rules.tolerance),
        ],
        seat: [0, 1],
        known: [0, 0],
        referee,
        moves: Vec::with_capacity(128),
        notes: Vec::new(),
        cn: chinese::State::default(),
    };
    let ending = t.run(spec).await;
    let black_player = t.seat[Color::Black.index()];
    let (result, reason, detail) = describe(&ending);
    let record = GameRecord {
        game: spec.id,
        pair: spec.pair,
        black: names[black_player].to_string(),
        white: names[1 - black_player].to_string(),
        rule: rules.rule,
        width: rules.size,
        height: rules.size,
        opening_index: spec.opening_index,
        opening_name: t.cn.opening_name.take().or(spec.opening_name.clone()),
        opening_len: spec.opening.len(),
        moves: t.moves,
        result,
        reason,
        detail,
        notes: t.notes,
        time_control: rules.tc_text.clone(),
        tolerance_ms: u64::try_from(rules.tolerance.as_millis()).unwrap_or(u64::MAX),
        start_time,
    };
    PlayedGame {
        record,
        black_player,
    }
}

/// The record's result, reason and detail for an ending.
fn describe(e: &Ending) -> (GameResult, EndReason, Option<String>) {
    let result = e.winner.map_or(GameResult::Draw, GameResult::win_for);
    let reason = match &e.reason {
        Reason::Five => EndReason::Five,
        Reason::BoardFull => EndReason::BoardFull,
        Reason::TwoPasses => EndReason::TwoPasses,
        Reason::MoveLimit(_) => EndReason::Adjudication,
        Reason::Forbidden(f) => EndReason::Forbidden((*f).into()),
        Reason::OffBoard(_) | Reason::Occupied(_) | Reason::IllegalPass => EndReason::IllegalMove,
        Reason::Time(_) => EndReason::Time,
        Reason::Crash(_) | Reason::Start(_) => EndReason::Crash,
        Reason::IllegalOpening(_) => EndReason::IllegalMove,
        Reason::DrawAgreed => EndReason::DrawAgreed,
        Reason::RuleViolation(_) => EndReason::RuleViolation,
        Reason::EngineError(_) | Reason::Garbage(_) | Reason::Flood | Reason::Unsolicited(_) => {
            EndReason::NoReply
        }
    };
    let detail = match &e.reason {
        Reason::Five => None,
        r => Some(r.to_string()),
    };
    (result, reason, detail)
}

fn failure_reason(f: Failure) -> Reason {
    match f {
        Failure::Timeout => Reason::Time("no answer in time".into()),
        Failure::Crash(t) => Reason::Crash(t),
        Failure::Start(t) => Reason::Start(t),
        Failure::Error(t) => Reason::EngineError(t),
        Failure::Garbage(t) => Reason::Garbage(t),
        Failure::Flood => Reason::Flood,
        Failure::Unsolicited(t) => Reason::Unsolicited(t),
    }
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Table<'_> {
    async fn run(&mut self, spec: &GameSpec) -> Ending {
        let setup = GameSetup {
            size: self.rules.size,
            rule: self.rules.rule,
            max_memory: self.rules.max_memory,
        };
        // Black is asked first, so that a broken black engine loses before white waits.
        for i in 0..2 {
            if let Err(f) = self.players[i].new_game(&setup).await {
                let color = if i == 0 { Color::Black } else { Color::White };
                return Ending::loss(color, failure_reason(f));
            }
        }
        match self.referee.place_opening(&spec.opening) {
            Ok(Some(end)) => return end,
            Ok(None) => {}
            Err(e) => {
                // Books are validated when loaded; this is a defect, recorded rather than hidden.
                return Ending {
                    winner: None,
                    reason: Reason::Garbage(format!("opening does not fit the board: {e}")),
                };
            }
        }
        for &p in &spec.opening {
            self.moves.push(MoveRecord::new(Move::Stone(p), 0));
        }
        if self.rules.opening_rule == OpeningRule::Swap2 && spec.opening.is_empty() {
            if let Some(end) = self.swap2().await {
                return end;
            }
        }
        if let OpeningRule::Chinese(c) = self.rules.opening_rule {
            if let Some(end) = self.chinese(&c, spec).await {
                return end;
            }
        }
        loop {
            if let Some(end) = self.one_move().await {
                return end;
            }
        }
    }

    /// The position as `BOARD` lines for `color` (1 = own stones, 2 = the opponent's).
    fn block_for(&self, color: Color) -> Vec<BlockStone> {
        self.referee
            .board()
            .moves()
            .iter()
            .enumerate()
            .filter_map(|(i, m)| {
                let own = Color::of_move(i + 1) == color;
                m.pos().map(|p| (p, if own { 1 } else { 2 }))
            })
            .collect()
    }

    /// Ask player `who` (index) with `req` under its clock; the raw answer or the ending.
    async fn ask(&mut self, who: usize, color: Color, req: &Request) -> Result<Answer, Ending> {
        let clock = &self.clocks[who];
        let info = clock.engine_info();
        let limit = clock.deadline_for_move().unwrap_or(NO_LIMIT);
        let deadline = Instant::now() + limit;
        let timing = [
            info.timeout_turn,
            info.timeout_match,
            info.time_left,
            info.time_increment,
        ];
        let sent = Instant::now();
        match self.players[who].request(req, timing, deadline).await {
            Ok(a) => Ok(a),
            Err(Failure::Timeout) => {
                // The hard deadline passed: let the clock say which time rule was broken.
                let why = match self.clocks[who].charge(sent.elapsed()) {
                    ClockVerdict::TimeLoss(why) => why.to_string(),
                    _ => "no answer before the deadline".to_string(),
                };
                self.notes.push(format!("{color}: {why}"));
                Err(Ending::loss(color, Reason::Time(why)))
            }
            Err(f) => Err(Ending::loss(color, failure_reason(f))),
        }
    }

    /// Charge `elapsed` to `who`; the ending if that loses on time, else the warning number.
    fn charge(
        &mut self,
        who: usize,
        color: Color,
        elapsed: Duration,
        is_move: bool,
    ) -> Result<Option<u32>, Ending> {
        let clock = &mut self.clocks[who];
        let v = if is_move {
            clock.charge(elapsed)
        } else {
            clock.charge_non_move(elapsed)
        };
        match v {
            ClockVerdict::Ok => Ok(None),
            ClockVerdict::Warning(n) => {
                self.notes.push(format!("{color}: time warning {n}"));
                Ok(Some(n))
            }
            ClockVerdict::TimeLoss(why) => {
                self.notes.push(format!("{color}: {why}"));
                Err(Ending::loss(color, Reason::Time(why.to_string())))
            }
        }
    }

    /// Ask the side to move for a move and judge it. `Some` when the game is over.
    async fn one_move(&mut self) -> Option<Ending> {
        let mut refusals = 0;
        loop {
            let board = self.referee.board();
            let color = board.side_to_move();
            let who = self.seat[color.index()];
            let n = board.move_count();
            let req = if n == 0 {
                Request::Begin
            } else if self.known[who] + 1 == n && self.cn.turn_ok(who, board.last_move()) {
                match board.last_move() {
                    Some(Move::Stone(p)) => Request::Turn(i64::from(p.x), i64::from(p.y)),
                    _ => Request::Turn(-1, -1),
                }
            } else {
                Request::Board(self.block_for(color))
            };
            let req = self.cn.wrap(who, req);
            let answer = match self.ask(who, color, &req).await {
                Ok(a) => a,
                Err(end) => return Some(end),
            };
            let warning = match self.charge(who, color, answer.elapsed, true) {
                Ok(w) => w,
                Err(end) => return Some(end),
            };
            let text = match self.draw_answer(who, color, &answer.text) {
                Ok(t) => t,
                Err(end) => return Some(end),
            };
            let Some((x, y)) = parse_point(&text) else {
                self.players[who].discard();
                return Some(Ending::loss(color, Reason::Garbage(answer.text)));
            };
            let before = self.referee.board().move_count();
            let verdict = self.referee.judge(x, y);
            if self.referee.board().move_count() > before {
                let mv = *self.referee.board().moves().last().expect("just played");
                self.moves.push(MoveRecord {
                    mv,
                    ms: ms(answer.elapsed),
                    engine_ms: answer.reported_ms,
                    warning,
                });
                self.known[who] = self.referee.board().move_count();
            }
            match verdict {
                Verdict::Continue => return None,
                Verdict::End(end) => return Some(end),
                Verdict::Refused(f) => {
                    refusals += 1;
                    self.notes
                        .push(format!("refused forbidden:{} at {x},{y}", f.code()));
                    if refusals >= MAX_REFUSALS {
                        return Some(Ending::loss(color, Reason::Forbidden(f)));
                    }
                    // The brain believes its stone stands: send the whole position again.
                    self.known[who] = 0;
                }
            }
        }
    }

    /// Parse an answer of several moves `x,y x,y …`, checking each on the board as it is laid.
    fn lay(
        &mut self,
        text: &str,
        expect: &[usize],
        color: Color,
        elapsed: Duration,
    ) -> Result<usize, Ending> {
        let pts: Option<Vec<(i64, i64)>> = text.split_whitespace().map(parse_point).collect();
        let pts = match pts {
            Some(p) if expect.contains(&p.len()) => p,
            _ => return Err(Ending::loss(color, Reason::Garbage(text.to_string()))),
        };
        let each = ms(elapsed) / pts.len() as u64;
        for (x, y) in &pts {
            match self.referee.judge(*x, *y) {
                Verdict::Continue => {
                    let mv = *self.referee.board().moves().last().expect("just played");
                    self.moves.push(MoveRecord::new(mv, each));
                }
                Verdict::End(end) if end.reason == Reason::Five => return Err(end),
                // An illegal stone in an opening answer is the answering player's fault,
                // whatever colour the stone has.
                Verdict::End(end) => return Err(Ending::loss(color, end.reason)),
                Verdict::Refused(f) => return Err(Ending::loss(color, Reason::Forbidden(f))),
            }
        }
        Ok(pts.len())
    }

    /// Swap2 (rules §7.4). Player 0 is "A", player 1 is "B". Returns the ending if the
    /// opening already decided the game.
    async fn swap2(&mut self) -> Option<Ending> {
        // A lays three stones. Until colours are settled, A is reported as black.
        let a = match self.ask(0, Color::Black, &Request::Swap2(Vec::new())).await {
            Ok(a) => a,
            Err(end) => return Some(end),
        };
        if let Err(end) = self.charge(0, Color::Black, a.elapsed, false) {
            return Some(end);
        }
        if let Err(end) = self.lay(&a.text, &[3], Color::Black, a.elapsed) {
            return Some(end);
        }
        self.notes.push("swap2: A laid 3 stones".into());
        // B: SWAP, one move (B is white), or two moves (then A chooses).
        let block = self.block_for(Color::White);
        let b = match self.ask(1, Color::White, &Request::Swap2(block)).await {
            Ok(b) => b,
            Err(end) => return Some(end),
        };
        if b.text.eq_ignore_ascii_case("SWAP") {
            if let Err(end) = self.charge(1, Color::White, b.elapsed, false) {
                return Some(end);
            }
            self.seat = [1, 0];
            self.notes.push("swap2: B took black".into());
            return None;
        }
        if let Err(end) = self.charge(1, Color::White, b.elapsed, true) {
            return Some(end);
        }
        match self.lay(&b.text, &[1, 2], Color::White, b.elapsed) {
            Err(end) => return Some(end),
            Ok(1) => {
                self.notes
                    .push("swap2: B took white and played move 4".into());
                return None;
            }
            Ok(_) => {}
        }
        self.notes.push("swap2: B added 2 stones".into());
        // A chooses: SWAP = take black (B plays move 6 as white), or play move 6 as white.
        // A is the one to move (white) while deciding, so a failure is charged to A.
        self.seat = [1, 0];
        let block = self.block_for(Color::White);
        let c = match self.ask(0, Color::White, &Request::Swap2(block)).await {
            Ok(c) => c,
            Err(end) => return Some(end),
        };
        if c.text.eq_ignore_ascii_case("SWAP") {
            if let Err(end) = self.charge(0, Color::White, c.elapsed, false) {
                return Some(end);
            }
            self.notes.push("swap2: A took black".into());
            self.seat = [0, 1];
            return None;
        }
        if let Err(end) = self.charge(0, Color::White, c.elapsed, true) {
            return Some(end);
        }
        self.notes
            .push("swap2: A took white and played move 6".into());
        if let Err(end) = self.lay(&c.text, &[1], Color::White, c.elapsed) {
            return Some(end);
        }
        self.known[0] = self.referee.board().move_count();
        None
    }
}
