//! The platform-free game: scenes, menus, turn flow, input actions, animation, match log.
//! Never imports `wii`; speaks in `Input`/`DrawList`/`LogSink` types. The platform builds an
//! [`App`] once from a [`Config`], then each frame calls [`App::update`] with the players'
//! [`Input`] and a [`LogSink`], acts on the returned [`Request`], and presents
//! [`App::draw`]'s `DrawList`.

pub mod anim;
pub mod app_draw;
pub mod computer;
pub mod config;
pub mod context;
pub mod controls;
pub mod diagnostics;
pub mod game_app;
pub mod help;
pub mod home;
pub mod input;
pub mod log;
pub mod menu;
pub mod reason;
pub mod senas_draw;
pub mod senas_match;
pub mod senas_pick;
pub mod senet_draw;
pub mod senet_match;
pub mod settings;
pub mod text;
pub mod throw_off;
pub mod ui;

pub use config::{Config, Controller, GameKind, Opponent, Request, Setup};
pub use game_app::{App, Game, Scene};
pub use input::{Buttons, EdgeTracker, Input, PlayerInput, Pointer, MAX_PLAYERS};
pub use log::{LogSink, MatchLog, NullLog};
pub use settings::Settings;
