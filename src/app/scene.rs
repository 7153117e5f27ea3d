//! The scenes, one at a time, each owning its data: title, diagnostics, main menu, throw-off,
//! match, winner screen. A scene's update may ask for another scene or an overlay (`Goto`);
//! the app carries it out. `SceneKind` is the bare tag (tests, logs).

use super::config::Setup;
use super::list_nav::ListNav;
use super::match_scene::MatchScene;
use super::menu::MainMenu;
use super::overlay::Overlay;
use super::stats_screen::StatsScreen;
use super::throw_off::ThrowOff;
use super::title::Title;
use super::winner::Winner;
use super::Request;

/// The screen the app shows, with its data.
// The match and winner variants hold a match (a few kilobytes); there is no heap to box them.
#[allow(clippy::large_enum_variant)]
pub enum Scene {
    Title(Title),
    Diagnostics,
    Menu(MainMenu),
    ThrowOff(ThrowOff),
    Match(MatchScene),
    Winner(Winner),
    Statistics(StatsScreen),
}

/// Which scene is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SceneKind {
    Title,
    Diagnostics,
    Menu,
    ThrowOff,
    Match,
    Winner,
    Statistics,
}

impl SceneKind {
    /// Whether the title music plays on this screen: the title, the main menu and the
    /// diagnostics screen; a match, its throw-off, its end and the statistics are quiet but
    /// for their effects.
    pub const fn has_music(self) -> bool {
        matches!(
            self,
            SceneKind::Title | SceneKind::Menu | SceneKind::Diagnostics
        )
    }
}

impl Scene {
    pub fn kind(&self) -> SceneKind {
        match self {
            Scene::Title(_) => SceneKind::Title,
            Scene::Diagnostics => SceneKind::Diagnostics,
            Scene::Menu(_) => SceneKind::Menu,
            Scene::ThrowOff(_) => SceneKind::ThrowOff,
            Scene::Match(_) => SceneKind::Match,
            Scene::Winner(_) => SceneKind::Winner,
            Scene::Statistics(_) => SceneKind::Statistics,
        }
    }

    /// The scene's list (title, main menu, winner's screen), if it is one.
    pub fn list(&self) -> Option<&ListNav> {
        match self {
            Scene::Title(t) => Some(t.nav()),
            Scene::Menu(m) => Some(m.nav()),
            Scene::Winner(w) => Some(w.nav()),
            _ => None,
        }
    }
    pub fn list_mut(&mut self) -> Option<&mut ListNav> {
        match self {
            Scene::Title(t) => Some(t.nav_mut()),
            Scene::Menu(m) => Some(m.nav_mut()),
            Scene::Winner(w) => Some(w.nav_mut()),
            _ => None,
        }
    }
}

/// What a scene (or overlay) asks the app to do next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goto {
    Title,
    Diagnostics,
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
