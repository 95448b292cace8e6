//! The Tengen root package: it owns the end-to-end tests (`tests/`) that run real managers
//! against real brains, and the criterion benchmarks (`benches/`). The code lives in the
//! workspace crates, re-exported here for the tests and benches.

pub use tengen_engine as engine;
pub use tengen_manager as manager;
pub use tengen_protocol as protocol;
pub use tengen_rules as rules;
