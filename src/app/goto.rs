//! What a scene or an overlay asks the app to do next ([`Goto`]), as a value. Owns only that
//! type: the scenes return it and `game_app.rs` carries it out; it imports no scene, so a
//! scene that names it does not import the scene table (`scene.rs`).

use super::config::{Request, Setup};
use super::overlay::Overlay;

/// What a scene (or overlay) asks the app to do next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goto {
    Title,
    Diagnostics,
    /// The console self-test (hold 2 and -).
    SelfTest,
    Menu,
    /// A new match with this set-up (its throw-off first).
    Start(Setup),
    /// The same set-up again (rematch, restart).
    Rematch,
    /// The throw-off is over: play.
    Play,
    /// Continue the saved match.
    Continue,
    /// The statistics screen.
    Statistics,
    /// The match is over and its last move seen: the winner screen.
    Winner,
    /// Open an overlay over the scene.
    Overlay(Overlay),
    /// Ask the platform.
    Request(Request),
}
