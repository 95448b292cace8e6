//! # tengen-engine
//!
//! Tengen's search ([`search`]) and the `pbrain-tengen` protocol front end.
//! The core never prints: the front end turns protocol commands into engine calls and the
//! engine's callbacks into protocol responses.

pub mod bench;
pub mod correction;
pub mod eval;
pub mod history;
pub mod movegen;
pub mod pattern;
pub mod position;
pub mod search;
pub mod threat;
pub mod tt;
pub mod tuning;

// The protocol front end (`pbrain-tengen`) and its tools.
pub mod analysis;
pub mod cli;
pub mod decision;
pub mod gomocup;
pub mod io;
pub mod nbest;
pub mod opening;
pub mod reflex;
pub mod report;
pub mod settings;
pub mod setup;
pub mod time;
pub mod worker;
