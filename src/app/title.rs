//! The title scene: play, how to play, exit to the Homebrew Channel (asked again), and the
//! diagnostics for whoever holds 1 and 2 (X and Y on a GameCube pad), the console self-test
//! for whoever holds 2 and - (the first screen, so this is the hold at boot too). Each player's own
//! pointer or the D-pad focus chooses (`list_nav`: A acts on the framed row).

use crate::gfx::{Aspect, DrawList, TitleLayout, TitleView};

use super::confirm::{Confirm, Danger, From};
use super::controls::Act;
use super::goto::Goto;
use super::help::Help;
use super::input::{Buttons, Input};
use super::list_nav::{ListEvent, ListNav};
use super::overlay::Overlay;
use super::strings::Strings;

/// Frames 1 and 2 must be held together on the title screen to open the diagnostics.
pub const DIAGNOSTICS_HOLD: u16 = 30;

/// The title's rows.
pub const ITEMS: usize = 3;
const PLAY: usize = 0;
const HOW_TO_PLAY: usize = 1;

/// The title screen's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Title {
    nav: ListNav,
    hold12: u16,
    /// Frames 2 and - held together (the self-test's gesture, also right after boot).
    hold_selftest: u16,
}

impl Title {
    pub const fn new() -> Self {
        Title {
            nav: ListNav::new(PLAY),
            hold12: 0,
            hold_selftest: 0,
        }
    }

    /// The list's focus and aiming (which pointers are drawn).
    pub fn nav(&self) -> &ListNav {
        &self.nav
    }
    pub fn nav_mut(&mut self) -> &mut ListNav {
        &mut self.nav
    }

    /// The rows' rectangles, in frame pixels.
    pub fn row_rects(aspect: Aspect) -> impl Iterator<Item = crate::gfx::Rect> {
        let title = TitleLayout::new(aspect);
        (0..ITEMS).map(move |i| title.item_rect(i))
    }

    pub fn update(&mut self, input: &Input, aspect: Aspect) -> Option<Goto> {
        if super::self_test::hold_started(input, &mut self.hold_selftest) {
            return Some(Goto::SelfTest);
        }
        if Act::anyone(input).held(Buttons::ONE.union(Buttons::TWO)) {
            self.hold12 += 1;
            if self.hold12 >= DIAGNOSTICS_HOLD {
                self.hold12 = 0;
                return Some(Goto::Diagnostics);
            }
            return None;
        }
        self.hold12 = 0;
        let layout = TitleLayout::new(aspect);
        match self
            .nav
            .update(input, ITEMS, |x, y| layout.item_at(ITEMS, x, y))
        {
            ListEvent::Picked { row: PLAY, .. } => Some(Goto::Menu),
            ListEvent::Picked {
                row: HOW_TO_PLAY, ..
            } => Some(Goto::Overlay(Overlay::Help {
                help: Help::new(None),
                from_home: false,
            })),
            ListEvent::Picked { .. } => Some(Goto::Overlay(Overlay::Confirm(Confirm::new(
                Danger::Exit,
                From::Scene,
            )))),
            ListEvent::Back { .. } | ListEvent::Step { .. } | ListEvent::None => None,
        }
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, t: &Strings) {
        TitleLayout::new(aspect).draw(
            list,
            &TitleView {
                items: &t.title_items,
                framed: self.nav.framed(),
                subtitle: t.title_subtitle,
                footer: t.title_footer,
            },
        );
    }
}
