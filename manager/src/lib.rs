//! Tengen manager (skeleton).
