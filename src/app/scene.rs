//! The scenes, one at a time, each owning its data: title, diagnostics, main menu, throw-off,
//! match, winner screen, statistics. Every question the app asks a scene (its update, its
//! picture, its rows, its list, where the storage note goes, its match) is one exhaustive
//! match here forwarding to the screen's own file, so a new screen does not compile until it
//! answers them all. A scene's update may ask for another scene or an overlay (`Goto`); the
//! app carries it out (switching scenes is the app's, not this file's). `SceneKind` is the
//! bare tag (tests, logs).

use crate::gfx::{Aspect, DrawList, Rect};
use crate::save::Stats;

use super::context::Ctx;
use super::controls::Act;
use super::diagnostics;
pub use super::goto::Goto;
use super::home::MAX_ROWS;
use super::input::{Buttons, Input};
use super::list_nav::ListNav;
use super::match_scene::{Game, MatchScene};
use super::menu::MainMenu;
use super::save_folder::SaveFolder;
use super::self_test::SelfTestScreen;
use super::stats_screen::StatsScreen;
use super::strings::Strings;
use super::throw_off::ThrowOff;
use super::title::Title;
use super::winner::Winner;

/// The screen the app shows, with its data.
// The match and winner variants hold a match (a few kilobytes); there is no heap to box them.
#[allow(clippy::large_enum_variant)]
pub enum Scene {
    Title(Title),
    /// The frames 2 and - have been held (the self-test's gesture).
    Diagnostics(u16),
    SelfTest(SelfTestScreen),
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
    SelfTest,
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
            Scene::Diagnostics(_) => SceneKind::Diagnostics,
            Scene::SelfTest(_) => SceneKind::SelfTest,
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
            Scene::Diagnostics(_)
            | Scene::SelfTest(_)
            | Scene::ThrowOff(_)
            | Scene::Match(_)
            | Scene::Statistics(_) => None,
        }
    }
    pub fn list_mut(&mut self) -> Option<&mut ListNav> {
        match self {
            Scene::Title(t) => Some(t.nav_mut()),
            Scene::Menu(m) => Some(m.nav_mut()),
            Scene::Winner(w) => Some(w.nav_mut()),
            Scene::Diagnostics(_)
            | Scene::SelfTest(_)
            | Scene::ThrowOff(_)
            | Scene::Match(_)
            | Scene::Statistics(_) => None,
        }
    }

    /// The match being played (not its throw-off, not its winner screen).
    pub fn playing(&self) -> Option<&MatchScene> {
        match self {
            Scene::Match(m) => Some(m),
            Scene::Title(_)
            | Scene::Diagnostics(_)
            | Scene::SelfTest(_)
            | Scene::Menu(_)
            | Scene::ThrowOff(_)
            | Scene::Winner(_)
            | Scene::Statistics(_) => None,
        }
    }
    pub fn playing_mut(&mut self) -> Option<&mut MatchScene> {
        match self {
            Scene::Match(m) => Some(m),
            Scene::Title(_)
            | Scene::Diagnostics(_)
            | Scene::SelfTest(_)
            | Scene::Menu(_)
            | Scene::ThrowOff(_)
            | Scene::Winner(_)
            | Scene::Statistics(_) => None,
        }
    }

    /// A match is under way (its throw-off or its play): the HOME menu offers restart.
    pub fn in_match(&self) -> bool {
        match self {
            Scene::ThrowOff(_) | Scene::Match(_) => true,
            Scene::Title(_)
            | Scene::Diagnostics(_)
            | Scene::SelfTest(_)
            | Scene::Menu(_)
            | Scene::Winner(_)
            | Scene::Statistics(_) => false,
        }
    }

    /// HOME opens the HOME menu: everywhere but on the diagnostics, which show it as a
    /// button being tested (B leaves them).
    pub fn opens_home(&self) -> bool {
        match self {
            Scene::Diagnostics(_) | Scene::SelfTest(_) => false,
            Scene::Title(_)
            | Scene::Menu(_)
            | Scene::ThrowOff(_)
            | Scene::Match(_)
            | Scene::Winner(_)
            | Scene::Statistics(_) => true,
        }
    }

    /// The match on screen or just won.
    pub fn game(&self) -> Option<&Game> {
        match self {
            Scene::Match(m) => Some(&m.game),
            Scene::Winner(w) => Some(&w.game),
            Scene::Title(_)
            | Scene::Diagnostics(_)
            | Scene::SelfTest(_)
            | Scene::Menu(_)
            | Scene::ThrowOff(_)
            | Scene::Statistics(_) => None,
        }
    }

    /// The selectable rows, in frame pixels (none on screens without a list).
    pub fn rows(&self, aspect: Aspect) -> heapless::Vec<Rect, MAX_ROWS> {
        let mut out = heapless::Vec::new();
        match self {
            Scene::Title(_) => out.extend(Title::row_rects(aspect)),
            Scene::Winner(w) => out.extend(w.row_rects()),
            Scene::Menu(m) => out.extend(m.row_rects(aspect)),
            Scene::Diagnostics(_)
            | Scene::SelfTest(_)
            | Scene::ThrowOff(_)
            | Scene::Match(_)
            | Scene::Statistics(_) => {}
        }
        out
    }

    /// Where the note that progress is not saved goes (its text's top), clear of every
    /// screen's own lines: the title's and winner's footers sit at 448 (the note goes in the
    /// empty band above), the menus' at 430-432 (the note goes below). A match's bottom line is
    /// its message and controls line, so matches and the throw-off leave the note to the
    /// screens around them (`None`).
    pub fn note_band(&self) -> Option<i16> {
        match self {
            Scene::Title(_) | Scene::Winner(_) => Some(412),
            Scene::Menu(_) | Scene::Statistics(_) | Scene::Diagnostics(_) => Some(458),
            Scene::Match(_) | Scene::ThrowOff(_) | Scene::SelfTest(_) => None,
        }
    }

    /// Draws the scene (no overlay, no pointers).
    pub fn draw(&self, list: &mut DrawList, view: &View) {
        let (aspect, t) = (view.aspect, view.t);
        match self {
            Scene::Title(s) => s.draw(list, aspect, t),
            Scene::Diagnostics(_) => diagnostics::draw(list, aspect, view.input, t),
            Scene::SelfTest(s) => s.draw(
                list,
                aspect,
                t,
                view.save_folder.unwrap_or(&SaveFolder::DEFAULT),
            ),
            Scene::Menu(m) => m.draw(list, aspect, t),
            Scene::ThrowOff(o) => o.draw(list, aspect, t),
            Scene::Match(m) => m.draw(list, aspect, view.frame, t),
            Scene::Winner(w) => w.draw(list, aspect, view.frame, t),
            Scene::Statistics(s) => s.draw(list, aspect, t, view.stats, view.save_folder),
        }
    }

    /// One frame of the scene (no overlay open): what it asks for next, if anything. `demo`:
    /// the match is a demo (its winner screen rematches by itself).
    pub fn update(&mut self, ctx: &mut Ctx, input: &Input, demo: bool) -> Option<Goto> {
        let aspect = ctx.aspect;
        match self {
            Scene::Title(t) => t.update(input, aspect),
            Scene::Diagnostics(held) => diagnostics::update(input, held),
            Scene::SelfTest(s) => s.update(input),
            Scene::Menu(m) => m.step(input, aspect, ctx.log),
            Scene::ThrowOff(t) => t
                .update(Act::anyone(input).pressed(Buttons::A))
                .then_some(Goto::Play),
            Scene::Match(m) => m.update(ctx, input),
            Scene::Winner(w) => w.update(ctx, input, demo),
            Scene::Statistics(s) => s.update(input),
        }
    }
}

/// What a scene's picture may show besides its own data.
pub struct View<'a> {
    pub aspect: Aspect,
    pub t: &'static Strings,
    /// This frame's input as the scenes saw it (the diagnostics show it).
    pub input: &'a Input,
    /// Frames since the start (animations).
    pub frame: u32,
    /// The statistics (the Statistics screen).
    pub stats: &'a Stats,
    /// Where the saves go (the Statistics screen); `None` when there is no folder to name
    /// (no card, or no FAT volume: the storage note says so).
    pub save_folder: Option<&'a SaveFolder>,
}
