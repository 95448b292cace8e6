//! The brain's Chinese-rules decisions through the protocol: it passes only where passes are
//! allowed and a pass is not worse than playing on (`decision.rs`).

mod support;

use support::{Brain, PROMPT};
use tengen_protocol::Response;
use tengen_rules::Move;

/// Black to move after white's pass, with white holding an open four on row 10
/// (D11..G11 in protocol coordinates 3..6,10): black cannot stop the five.
const LOST_AFTER_A_PASS: &str = "BOARD
0,0,1
3,10,2
14,0,1
4,10,2
0,14,1
5,10,2
14,14,1
6,10,2
10,3,1
-1,-1,2
DONE";

/// The brain's answer to the lost position after `setup` lines; with `probe`, the manager
/// first speaks the Tengen extensions (`TGEXT`).
fn answer(setup: &str, probe: bool) -> Move {
    let mut b = Brain::spawn();
    b.send("START 15");
    assert_eq!(b.answer(PROMPT), "OK");
    b.send(setup);
    if probe {
        b.send("TGEXT");
        assert!(b.answer(PROMPT).starts_with("TGEXT 1"));
    }
    b.send("INFO rule 4\nINFO timeout_turn 1000\nINFO timeout_match 100000\nINFO time_left 100000");
    b.send(LOST_AFTER_A_PASS);
    let a = b.answer(PROMPT);
    match Response::parse_line(&a) {
        Ok(Response::Moves(m)) if m.len() == 1 => m[0],
        other => panic!("not one move: {a:?} ({other:?})"),
    }
}

#[test]
fn a_lost_position_after_the_opponents_pass_is_drawn_by_passing() {
    let m = answer("INFO tg_opening_rule chinese\nINFO tg_passes 1", true);
    assert_eq!(m, Move::Pass, "a pass ends the game as a draw");
}

#[test]
fn without_permission_the_brain_plays_on() {
    // Passes forbidden by the manager, or a manager that does not speak the extensions.
    assert!(matches!(answer("INFO tg_passes 0", true), Move::Stone(_)));
    assert!(matches!(answer("INFO tg_passes 1", false), Move::Stone(_)));
}
