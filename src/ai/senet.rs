//! Senet for the players, lowest first: [`features`] (the heuristic's features and phases),
//! [`net`] (the networks' inputs over the features, one network per rule set), [`heuristic`]
//! (the small network of a rule set's heuristic), [`weights`] (the generated networks),
//! [`memo`] (a network valued incrementally), [`adapter`] (senet as a `RaceGame`, with
//! [`adapter::SenetEval`]), [`greedy`] (a person-like player), [`endgame`] (the exact endgame
//! tables built into the program) and [`levels`] (the level table per rule set). Reads the
//! rules engine (`games::senet`) only; never changes rules.

pub mod adapter;
pub mod endgame;
pub mod features;
pub mod greedy;
pub mod heuristic;
pub mod levels;
pub mod memo;
pub mod net;
pub mod weights;
