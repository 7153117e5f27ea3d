//! The platform-free game: scenes, menus, turn flow, input actions, animation, match log.
//! Never imports `wii`; speaks in `Input`/`DrawList`/`LogSink` types. The platform builds an
//! [`App`] once from a [`Config`], then each frame calls [`App::update`] with the players'
//! [`Input`] and a [`LogSink`], acts on the returned [`Request`], reads the frame's game
//! [`Event`]s (`App::events`), and presents [`App::draw`]'s `DrawList`.

pub mod anim;
pub mod battery_icon;
pub mod celebration;
pub mod chance_bar;
pub mod choices;
pub mod computer;
pub mod config;
pub mod confirm;
pub mod connect;
pub mod context;
pub mod controls;
pub mod diagnostics;
pub mod events;
pub mod game_app;
pub mod game_rng;
pub mod goto;
pub mod help;
pub mod home;
pub mod input;
pub mod level_line;
pub mod list_nav;
pub mod log;
pub mod match_scene;
pub mod match_time;
pub mod menu;
pub mod names;
pub mod notice;
pub mod overlay;
pub mod pause;
pub mod progress;
pub mod reason;
pub mod refusals;
pub mod review;
pub mod save_folder;
pub mod saving;
pub mod scene;
pub mod scratch;
pub mod seats;
pub mod self_test;
pub mod senas;
pub mod senet;
pub mod settings;
pub mod shot_note;
pub mod stats_screen;
pub mod strings;
pub mod text;
pub mod throw_anim;
pub mod throw_off;
pub mod title;
pub mod transition;
pub mod tutor;
pub mod ui;
pub mod winner;

pub use config::{
    Config, Controller, GameKind, Opponent, PowerMode, Request, Setup, DEMO_HARD_SEED,
};
pub use events::{By, Event};
pub use game_app::App;
pub use input::RemoteSearch;
pub use input::{Buttons, Clock, Cursors, EdgeTracker, Input, PlayerInput, Pointer, MAX_PLAYERS};
pub use log::{LogSink, MatchLog, NullLog};
pub use match_scene::Game;
pub use save_folder::{SaveFolder, SavedFrom};
pub use saving::{Finished, StorageNote};
pub use scene::SceneKind;
pub use scratch::AppScratch;
pub use settings::{Animations, Knob, Language, Settings};
pub use shot_note::ShotNote;
