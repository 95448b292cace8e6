//! # tengen-manager
//!
//! Plays Gomocup brains against each other under a referee and time controls.
//!
//! Layers, from the bottom: [`process`] (a child process and its pipes) → [`player`] (the
//! Gomocup conversation) → [`referee`] (the rules, on `tengen_rules::Board`) and [`clock`]
//! → [`game`] (one game) → [`schedule`]/[`tournament`] (which games, in what order, how many
//! at once) → [`record`]/[`stats`]/[`sprt`]/[`progress`]/[`resume`] (what is kept and shown).
//! [`cli`] and [`config`] turn a command line into a checked [`config::RunConfig`].

pub mod cli;
pub mod clock;
pub mod config;
pub mod game;
pub mod lot;
pub mod opening;
pub mod player;
pub mod process;
pub mod progress;
pub mod record;
pub mod referee;
pub mod results;
pub mod resume;
pub mod schedule;
pub mod sprt;
pub mod stats;
pub mod tournament;
