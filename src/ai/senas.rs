//! Senas for the players, lowest first: [`words`] (an army's counts as 32-bit words),
//! [`features`] (the heuristic's features and phases), [`net`] (the network's inputs over the
//! features), [`weights`] (the generated network), [`memo`] (the network valued incrementally),
//! [`adapter`] (senas as a `RaceGame`, with [`adapter::SenasEval`]) and [`levels`] (the level
//! table: what each player evaluates with and how far it searches). Reads the rules engine
//! (`games::senas`) only; never changes rules.

pub mod adapter;
pub mod features;
pub mod levels;
pub mod memo;
pub mod net;
pub mod weights;
pub mod words;
