//! The referee: applies the rules (on `tengen_rules::Board`) to whatever the players answer,
//! and decides when and why a game ends.

use std::fmt;

use tengen_rules::{Board, Color, DrawReason, Forbidden, Move, Outcome, Pos, Rule};

/// What happens when black plays a forbidden point under Renju (rules §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ForbiddenPolicy {
    /// The move loses at once (the default, as under the Chinese rules and RIF).
    #[default]
    Lose,
    /// The move is refused and the player is asked again (for human play).
    Refuse,
}

impl std::str::FromStr for ForbiddenPolicy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "lose" => Ok(ForbiddenPolicy::Lose),
            "refuse" => Ok(ForbiddenPolicy::Refuse),
            other => Err(format!(
                "unknown forbidden policy {other:?} (expected lose or refuse)"
            )),
        }
    }
}

/// Why a game ended. The [`fmt::Display`] form is the short code written to records
/// (`five`, `forbidden:33`, `illegal:occupied`, `time`, `crash`, …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// The winner made five.
    Five,
    /// Every point is taken.
    BoardFull,
    /// Both players passed in a row.
    TwoPasses,
    /// Drawn by the `draw after N moves` adjudication.
    MoveLimit(usize),
    /// Black played a forbidden point.
    Forbidden(Forbidden),
    /// The answer was a point that is not on the board.
    OffBoard(String),
    /// The answer was an occupied point.
    Occupied(Pos),
    /// A pass where passes are not allowed (and the player had a legal stone to play).
    IllegalPass,
    /// The player lost on time; the text says which time rule (`game clock ran out`, …).
    Time(String),
    /// The engine crashed, exited or closed its output.
    Crash(String),
    /// The engine answered `ERROR …`.
    EngineError(String),
    /// The answer was not a move.
    Garbage(String),
    /// The engine wrote too much output without answering.
    Flood,
    /// The engine wrote a line nobody asked for.
    Unsolicited(String),
    /// The engine could not be started or refused the game set-up.
    Start(String),
    /// An illegal designated opening, swap answer, fifth-move offer or choice (Chinese rules).
    IllegalOpening(String),
    /// A draw offer was accepted (spec §9).
    DrawAgreed,
    /// A second violation of the draw-offer limit (spec §9).
    RuleViolation(String),
}

impl Reason {
    /// The short code without details (`crash`, `garbage`, …), stable for scripts.
    #[must_use]
    pub fn code(&self) -> String {
        match self {
            Reason::Five => "five".into(),
            Reason::BoardFull => "draw:board-full".into(),
            Reason::TwoPasses => "draw:passes".into(),
            Reason::MoveLimit(_) => "draw:move-limit".into(),
            Reason::Forbidden(f) => format!("forbidden:{}", f.code()),
            Reason::OffBoard(_) => "illegal:off-board".into(),
            Reason::Occupied(_) => "illegal:occupied".into(),
            Reason::IllegalPass => "illegal:pass".into(),
            Reason::Time(_) => "time".into(),
            Reason::Crash(_) => "crash".into(),
            Reason::EngineError(_) => "error".into(),
            Reason::Garbage(_) => "garbage".into(),
            Reason::Flood => "flood".into(),
            Reason::Unsolicited(_) => "unsolicited".into(),
            Reason::Start(_) => "start".into(),
            Reason::IllegalOpening(_) => "illegal:opening".into(),
            Reason::DrawAgreed => "draw:agreed".into(),
            Reason::RuleViolation(_) => "rule-violation".into(),
        }
    }

    /// Human-readable details (the offending input), if any.
    #[must_use]
    pub fn detail(&self) -> Option<String> {
        match self {
            Reason::MoveLimit(n) => Some(format!("{n} moves")),
            Reason::OffBoard(t) | Reason::Garbage(t) | Reason::Unsolicited(t) => Some(t.clone()),
            Reason::Occupied(p) => Some(p.to_xy()),
            Reason::Crash(t) | Reason::EngineError(t) | Reason::Start(t) | Reason::Time(t) => {
                Some(t.clone())
            }
            Reason::IllegalOpening(t) | Reason::RuleViolation(t) => Some(t.clone()),
            _ => None,
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.detail() {
            Some(d) => write!(f, "{} ({d})", self.code()),
            None => f.write_str(&self.code()),
        }
    }
}

/// A finished game: the winner (`None` for a draw) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// The winning colour, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Ending {
    /// `color` loses for `reason`.
    #[must_use]
    pub fn loss(color: Color, reason: Reason) -> Ending {
        Ending {
            winner: Some(color.opponent()),
            reason,
        }
    }
}

/// The referee's answer to a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The move stands and the game goes on.
    Continue,
    /// The move was refused (forbidden point under the `refuse` policy); ask again.
    Refused(Forbidden),
    /// The move stands (or was illegal) and the game is over.
    End(Ending),
}

/// A game's referee.
#[derive(Debug, Clone)]
pub struct Referee {
    board: Board,
    forbidden: ForbiddenPolicy,
    draw_after: Option<usize>,
    passes: bool,
}

impl Referee {
    /// A referee for an empty `size` x `size` board. `draw_after`: adjudicate a draw once
    /// that many moves are on the board (off with `None`). `passes`: whether `-1,-1` is a
    /// legal answer (Gomocup practice: no).
    pub fn new(
        size: u8,
        rule: Rule,
        forbidden: ForbiddenPolicy,
        draw_after: Option<usize>,
        passes: bool,
    ) -> Result<Referee, tengen_rules::BoardError> {
        Ok(Referee {
            board: Board::try_new(size, size, rule)?,
            forbidden,
            draw_after,
            passes,
        })
    }

    /// The position so far.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Lay opening stones (colours alternate from black). They are not judged for forbidden
    /// points (the opening is given, not chosen by a player), only for being on empty points.
    pub fn place_opening(
        &mut self,
        stones: &[Pos],
    ) -> Result<Option<Ending>, tengen_rules::MoveError> {
        for &p in stones {
            if let Some(o) = self.board.play(Move::Stone(p))? {
                let o = o.clone();
                return Ok(Some(Self::ending_of(&o)));
            }
        }
        Ok(None)
    }

    /// Judge the side to move's answer `(x, y)` as the engine wrote it (`-1,-1` is a pass).
    /// Where passes are not allowed a pass loses, unless the player had no legal stone
    /// (Renju black with only forbidden points left): then it is a forced pass and stands.
    pub fn judge(&mut self, x: i64, y: i64) -> Verdict {
        let color = self.board.side_to_move();
        if x == -1 && y == -1 {
            // With every empty point forbidden (Renju black), a pass is the only move left,
            // so it stands even where passes are otherwise illegal.
            if !self.passes && self.board.has_legal_stone() {
                return Verdict::End(Ending::loss(color, Reason::IllegalPass));
            }
            return self.apply(Move::Pass);
        }
        let on_board = (0..i64::from(self.board.width())).contains(&x)
            && (0..i64::from(self.board.height())).contains(&y);
        if !on_board {
            return Verdict::End(Ending::loss(color, Reason::OffBoard(format!("{x},{y}"))));
        }
        let p = Pos::new(x as u8, y as u8);
        if !self.board.is_empty_at(p) {
            return Verdict::End(Ending::loss(color, Reason::Occupied(p)));
        }
        if self.board.rule().has_forbidden(color) {
            if let Some(f) = self.board.forbidden(p) {
                return match self.forbidden {
                    ForbiddenPolicy::Lose => {
                        // The losing stone is part of the record: show where it went.
                        let _ = self.board.play(Move::Stone(p));
                        Verdict::End(Ending::loss(color, Reason::Forbidden(f)))
                    }
                    ForbiddenPolicy::Refuse => Verdict::Refused(f),
                };
            }
        }
        self.apply(Move::Stone(p))
    }

    fn apply(&mut self, m: Move) -> Verdict {
        match self.board.play(m) {
            Ok(Some(o)) => {
                let o = o.clone();
                Verdict::End(Self::ending_of(&o))
            }
            Ok(None) => match self.draw_after {
                Some(n) if self.board.move_count() >= n => Verdict::End(Ending {
                    winner: None,
                    reason: Reason::MoveLimit(n),
                }),
                _ => Verdict::Continue,
            },
            // Checked above; a board error here means the game was already over.
            Err(e) => Verdict::End(Ending::loss(
                self.board.side_to_move(),
                Reason::Garbage(e.to_string()),
            )),
        }
    }

    fn ending_of(o: &Outcome) -> Ending {
        match o {
            Outcome::Win { winner, .. } => Ending {
                winner: Some(*winner),
                reason: Reason::Five,
            },
            Outcome::Draw(DrawReason::BoardFull) => Ending {
                winner: None,
                reason: Reason::BoardFull,
            },
            Outcome::Draw(DrawReason::TwoPasses) => Ending {
                winner: None,
                reason: Reason::TwoPasses,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xy(s: &str) -> (i64, i64) {
        let p = Pos::parse_notation(s, 15).unwrap();
        (i64::from(p.x), i64::from(p.y))
    }

    fn play(r: &mut Referee, moves: &[&str]) -> Verdict {
        let mut v = Verdict::Continue;
        for m in moves {
            let (x, y) = xy(m);
            v = r.judge(x, y);
        }
        v
    }

    #[test]
    fn five_wins_and_is_recorded() {
        let mut r = Referee::new(15, Rule::Freestyle, ForbiddenPolicy::Lose, None, false).unwrap();
        let v = play(
            &mut r,
            &["H8", "A1", "I8", "A2", "J8", "A3", "K8", "A4", "L8"],
        );
        assert_eq!(
            v,
            Verdict::End(Ending {
                winner: Some(Color::Black),
                reason: Reason::Five
            })
        );
    }

    #[test]
    fn illegal_answers_lose_with_their_reason() {
        let mut r = Referee::new(15, Rule::Freestyle, ForbiddenPolicy::Lose, None, false).unwrap();
        play(&mut r, &["H8"]);
        let (x, y) = xy("H8");
        assert_eq!(
            r.judge(x, y),
            Verdict::End(Ending::loss(Color::White, Reason::Occupied(Pos::new(7, 7))))
        );
        let mut r = Referee::new(15, Rule::Freestyle, ForbiddenPolicy::Lose, None, false).unwrap();
        assert_eq!(
            r.judge(15, 3),
            Verdict::End(Ending::loss(Color::Black, Reason::OffBoard("15,3".into())))
        );
        assert_eq!(
            r.judge(-1, -1),
            Verdict::End(Ending::loss(Color::Black, Reason::IllegalPass))
        );
        assert_eq!(
            r.judge(-2, 3).clone(),
            Verdict::End(Ending::loss(Color::Black, Reason::OffBoard("-2,3".into())))
        );
    }

    #[test]
    fn forbidden_double_three_loses_or_is_refused() {
        let seq = ["H8", "A1", "I8", "A2", "J9", "A3", "J10", "A4"];
        let mut r = Referee::new(15, Rule::Renju, ForbiddenPolicy::Lose, None, false).unwrap();
        play(&mut r, &seq);
        assert_eq!(
            play(&mut r, &["J8"]),
            Verdict::End(Ending::loss(
                Color::Black,
                Reason::Forbidden(Forbidden::DoubleThree)
            ))
        );
        let mut r = Referee::new(15, Rule::Renju, ForbiddenPolicy::Refuse, None, false).unwrap();
        play(&mut r, &seq);
        assert_eq!(
            play(&mut r, &["J8"]),
            Verdict::Refused(Forbidden::DoubleThree)
        );
        assert_eq!(r.board().move_count(), 8);
        assert_eq!(play(&mut r, &["G8"]), Verdict::Continue);
    }

    #[test]
    fn move_limit_adjudicates_a_draw() {
        let mut r =
            Referee::new(15, Rule::Freestyle, ForbiddenPolicy::Lose, Some(4), false).unwrap();
        assert_eq!(play(&mut r, &["H8", "A1", "C3"]), Verdict::Continue);
        assert_eq!(
            play(&mut r, &["O15"]),
            Verdict::End(Ending {
                winner: None,
                reason: Reason::MoveLimit(4)
            })
        );
    }

    #[test]
    fn a_pass_is_forced_when_every_empty_point_is_forbidden() {
        // 7x7, black to move; the one empty point (d4) is an overline for black (the same
        // position as the rules crate's test and the end-to-end game).
        let stones = Pos::parse_notation_run(
            "a7b7e7c7f7d7g7a6b6e6c6f6d6g6a5b5f5c5a4d5b4e5c4g5e4b3f4d3g4f3a3a2c3b2e3c2g3f2d2g2e2a1c1b1d1e1g1f1",
            7,
        )
        .unwrap();
        let mut r = Referee::new(7, Rule::Renju, ForbiddenPolicy::Lose, None, false).unwrap();
        assert_eq!(r.place_opening(&stones).unwrap(), None);
        assert_eq!(r.judge(-1, -1), Verdict::Continue, "forced pass stands");
        assert_eq!(r.board().last_move(), Some(Move::Pass));
        // White has D4 to play, so its pass is still illegal.
        assert_eq!(
            r.judge(-1, -1),
            Verdict::End(Ending::loss(Color::White, Reason::IllegalPass))
        );
    }
}
