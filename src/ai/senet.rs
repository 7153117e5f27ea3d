//! Senet for the players: the adapter, features, networks, memo, weights, level table and the
//! greedy player.

pub mod adapter;
pub mod features;
pub mod greedy;
pub mod heuristic;
pub mod levels;
pub mod memo;
pub mod net;
pub mod weights;
