//! # tengen-engine
//!
//! Tengen's search ([`search`]) and the `pbrain-tengen` protocol front end.
//! The core never prints: the front end turns protocol commands into engine calls and the
//! engine's callbacks into protocol responses.

pub mod search;
