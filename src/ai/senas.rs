//! Senas for the players: the adapter, features, network, memo and weights.

pub mod adapter;
pub mod features;
pub mod memo;
pub mod net;
pub mod weights;
pub mod words;
