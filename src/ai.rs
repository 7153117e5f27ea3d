//! Computer players over `games`: random, heuristic, expectiminimax, tuned weights, learned
//! networks. No heap, no std, no floats; deterministic for a seed and bounded by node budgets.
//!
//! The folders, lowest first (nothing imports upward; `tests/ai_layout.rs` checks it):
//! - [`search`]: the game-independent part. [`RaceGame`] (the one trait the players search:
//!   positions, weighted chance outcomes, distinct turns, features, and an opaque evaluator
//!   value, `RaceGame::Eval`), the linear [`eval::Weights`], the fixed-point network
//!   [`search::net::Net`] both games' networks are made of, and the resumable expectiminimax
//!   [`Search`]. Knows no game.
//! - [`senas`] and [`senet`]: one folder per game, each with its `features` (below everything
//!   else of the game), its `net` (the network's inputs, over the features) and `memo` (the
//!   network valued incrementally), its generated `weights`, the `adapter` (the game as a
//!   [`RaceGame`], with its evaluator type) and the `levels` table (which evaluator and budget
//!   each player uses under each rule set: [`Profile::level`]). The networks never import the
//!   adapter or the levels.
//! - [`player`], [`random`], [`beginner`], [`selfplay`], [`mod@ask`]: the players the game
//!   flow calls ([`Player`], [`hint`]), the Beginner's blend of Easy and random turns, whole
//!   games and tournaments, a decision asked as text.
//!
//! The names of the flat layout before (`senas_game`, `senet_net`, ...) are re-exported below
//! for the layers above; inside `ai` every path names the module's own file.

pub mod ask;
pub mod beginner;
pub mod coach;
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
