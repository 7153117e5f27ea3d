//! Senas & Senet: every layer of the game as a `no_std` library.
//!
//! Layers, lowest first: `games` (pure rules) <- `ai` (players) <- `app` (scenes, turn flow,
//! input actions; platform-free) -> `gfx` (draw lists, soft backend) <- `wii` (the hardware).
//! `console` (the frame's order, saving, sound policy; platform-free) runs `app` against a
//! `console::Platform`, which `main.rs` implements with `wii`. `app` and `console` never
//! import `wii`; `main.rs` wires them. No heap allocator anywhere.
#![no_std]

// The host tests, and the console layer's fakes for other crates' tests (`host-fakes`).
#[cfg(any(test, feature = "host-fakes"))]
extern crate std;

pub mod ai;
// Lint rules (Cargo.toml [lints]): `missing_docs` is enforced on `games` and `ai`. The app,
// gfx and wii layers are not fully documented yet and allow it here, at their root, until
// they are (then delete the line).
#[allow(missing_docs)]
pub mod app;
pub mod audio;
#[allow(missing_docs)]
pub mod console;
pub mod games;
#[allow(missing_docs)]
pub mod gfx;
#[allow(missing_docs)]
pub mod save;
#[allow(missing_docs)]
pub mod selftest;
// The wii layer's docs still hold a few links that do not resolve (`MSR[EE]` read as a link
// in wii/ios/ipc/regs.rs); it allows them until the wii folder regrouping fixes them (then delete
// the line). Everywhere else a broken intra-doc link fails `cargo doc` (Cargo.toml lints).
#[allow(missing_docs, rustdoc::broken_intra_doc_links)]
pub mod wii;
