//! Senet for the players: the adapter, network, memo, weights, heuristic and greedy players.

pub mod adapter;
pub mod features;
pub mod greedy;
pub mod heuristic;
pub mod memo;
pub mod net;
pub mod weights;

#[cfg(test)]
mod variant_tests;
