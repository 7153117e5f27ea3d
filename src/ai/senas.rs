//! Senas for the players: the adapter, features, network, memo, weights and level table.

pub mod adapter;
pub mod features;
pub mod levels;
pub mod memo;
pub mod net;
pub mod weights;
pub mod words;
