//! Computer players over `games`: random, heuristic, expectiminimax, tuned weights.
//!
//! The players search one trait, [`RaceGame`] (positions, weighted chance outcomes, distinct
//! turns, features); `senas_game` and `senet_game` adapt the rules engines to it. [`Player`] is
//! the interface the game flow calls; [`hint`] answers "what would this player do here".
//! No heap, no std, no floats; deterministic for a seed and bounded by node budgets.

pub mod ask;
pub mod player;
pub mod random;
pub mod search;
pub mod selfplay;
pub mod senas;
pub mod senet;
pub mod tuned_weights;

pub use search::{eval, game, net_rows};
pub use senas::adapter as senas_game;
pub use senas::features as senas_features;
pub use senas::memo as senas_net_memo;
pub use senas::net as senas_net;
pub use senas::weights as senas_net_weights;
pub use senas::words as senas_words;
pub use senet::adapter as senet_game;
pub use senet::greedy as senet_greedy;
pub use senet::heuristic as senet_heuristic_net;
pub use senet::memo as senet_net_memo;
pub use senet::net as senet_net;
pub use senet::weights::heuristic_kendall as senet_heuristic_kendall;
pub use senet::weights::jequier as senet_net_jequier;
pub use senet::weights::kendall as senet_net_kendall;
pub use senet::weights::wiibrew2009 as senet_net_wiibrew2009;

#[cfg(test)]
mod tests;

pub use ask::{ask, AskError};
pub use eval::{Weights, WIN};
pub use game::RaceGame;
pub use player::{hint, Decision, Kind, Level, Player, Profile, Row};
pub use search::{Budget, Search, NO_MARGIN};
