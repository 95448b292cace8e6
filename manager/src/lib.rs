//! # tengen-manager
//!
//! Plays Gomocup brains against each other under a referee and time controls.
//! (Module list fixed up front so that parallel work on the crate does not collide; each
//! module's own docs say what it holds.)

pub mod clock;
pub mod opening;
pub mod record;
pub mod sprt;
pub mod stats;
