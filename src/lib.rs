//! Senas & Senet: every layer of the game as a `no_std` library.
//!
//! Layers, lowest first: `games` (pure rules) <- `ai` (players) <- `app` (scenes, turn flow,
//! input actions; platform-free) -> `gfx` (draw lists, soft backend) <- `wii` (the hardware).
//! `app` never imports `wii`; `main.rs` wires them. No heap allocator anywhere.
#![no_std]

#[cfg(test)]
extern crate std;

pub mod ai;
pub mod app;
pub mod audio;
pub mod games;
pub mod gfx;
pub mod wii;
