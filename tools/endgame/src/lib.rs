//! Exact senet endgame tables on the host: every position with at most N pieces a side under
//! each rule set, solved by value iteration ([`solve`]), indexed compactly ([`index`]),
//! written as a file with a header ([`mod@file`]), and the computer levels measured against them
//! ([`measure`]). Uses the game's own rules (`senas_senet::games::senet`) and players
//! (`senas_senet::ai`); never changes them.

pub mod benchmark;
pub mod errors;
pub mod file;
pub mod index;
pub mod levels_cmd;
pub mod measure;
pub mod rollout;
pub mod solve;
