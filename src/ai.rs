//! Computer players over `games`: random, heuristic, expectiminimax, tuned weights.
//!
//! The players search one trait, [`RaceGame`] (positions, weighted chance outcomes, distinct
//! turns, features); `senas_game` and `senet_game` adapt the rules engines to it. [`Player`] is
//! the interface the game flow calls; [`hint`] answers "what would this player do here".
//! No heap, no std, no floats; deterministic for a seed and bounded by node budgets.

pub mod ask;
pub mod eval;
pub mod game;
pub mod net_rows;
pub mod player;
pub mod random;
pub mod search;
pub mod selfplay;
pub mod senas_features;
pub mod senas_game;
pub mod senas_net;
pub mod senas_net_memo;
pub mod senas_net_weights;
pub mod senas_words;
pub mod senet_game;
pub mod senet_greedy;
pub mod senet_heuristic_kendall;
pub mod senet_heuristic_net;
pub mod senet_net;
pub mod senet_net_jequier;
pub mod senet_net_kendall;
pub mod senet_net_memo;
pub mod senet_net_wiibrew2009;
pub mod tuned_weights;

#[cfg(test)]
mod games_tests;
#[cfg(test)]
mod search_tests;
#[cfg(test)]
mod senas_features_reference;
#[cfg(test)]
mod senet_variant_tests;
#[cfg(test)]
mod stepping_tests;
#[cfg(test)]
mod toy;

pub use ask::{ask, AskError};
pub use eval::{Weights, WIN};
pub use game::RaceGame;
pub use player::{hint, Decision, Kind, Level, Player, Profile};
pub use search::{Budget, Search, NO_MARGIN};
