//! Exact senet endgame tables on the host: every position with at most N pieces a side under
//! each rule set, solved by value iteration ([`solve`]), indexed compactly ([`index`], the
//! library's `ai::senet::endgame::index`: one copy for the tools and the game), written as a
//! file with a header ([`mod@file`]) or packed for the game ([`pack`]), the cost of fewer bits
//! ([`precision`]) and the computer levels measured against them ([`measure`]); the senas
//! one-sided bear-off table and its check against an exact expectimax ([`senas_bearoff`]). Uses the
//! game's own rules (`senas_senet::games::senet`, `games::senas`) and players (`senas_senet::ai`); never
//! changes them.

pub mod bearoff_cmd;
pub mod benchmark;
pub mod errors;
pub mod file;
pub mod levels_cmd;
pub mod measure;
pub mod options;
pub mod pack;
pub mod precision;
pub mod rollout;
pub mod senas_bearoff;
pub mod solve;

pub use senas_senet::ai::senet::endgame::index;
