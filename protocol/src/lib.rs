//! The Gomocup protocol as typed messages (skeleton; filled by the foundation work).
