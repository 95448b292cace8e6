//! Tengen engine (skeleton).
