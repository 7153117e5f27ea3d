//! "Are you sure?": the question before a choice that loses something (restarting or leaving
//! a match, leaving the game, switching the console off), and the tutor's question before a
//! blunder ("Take it back" / "Play it anyway": `app::tutor`). Opens on "No" (the tutor's "Take
//! it back"); A on "Yes" (under that player's pointer or the framed focus) confirms, B, HOME or
//! "No" go back. Reports the answer; drawing in frame pixels. Must not touch the match: the app
//! carries the answer out.

use crate::gfx::{palette, Aspect, DrawList, Rect};

use super::config::PowerMode;
use super::controls::Act;
use super::input::{Buttons, Input};
use super::list_nav::{ListEvent, ListNav};
use super::strings::{fill, Strings};
use super::text::Text;
use super::ui::{self, Rows};

/// The choice being confirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Danger {
    /// Start the match over (a new throw-off).
    Restart,
    /// Leave the match for the main menu.
    MainMenu,
    /// Leave the game for the Homebrew Channel.
    Exit,
    /// Switch the console off, the way its settings say (standby or idle).
    PowerOff(PowerMode),
    /// The tutor: a person's move loses this much win chance (per mille) against the best.
    Tutor(u16),
}

/// Where "No" goes back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum From {
    /// The scene itself (the title's exit row, the pause).
    Scene,
    /// The HOME menu.
    Home,
}

/// The open question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Confirm {
    pub what: Danger,
    pub from: From,
    nav: ListNav,
}

/// Rows: "No" then "Yes".
const NO: usize = 0;
const YES: usize = 1;

impl Confirm {
    pub const fn new(what: Danger, from: From) -> Self {
        Confirm {
            what,
            from,
            nav: ListNav::new(NO),
        }
    }

    pub fn rows(aspect: Aspect) -> Rows {
        Rows {
            aspect,
            y: 250,
            w: 380,
            h: 40,
            step: 50,
        }
    }
    /// Frame rects of "No" and "Yes".
    pub fn row_rects(aspect: Aspect) -> [Rect; 2] {
        let r = Self::rows(aspect);
        [r.rect(NO), r.rect(YES)]
    }

    /// The list's focus and aiming (which pointers are drawn).
    pub fn nav(&self) -> &ListNav {
        &self.nav
    }
    pub fn nav_mut(&mut self) -> &mut ListNav {
        &mut self.nav
    }

    /// One frame: `Some(true)` confirmed, `Some(false)` declined.
    pub fn update(&mut self, input: &Input, aspect: Aspect) -> Option<bool> {
        if Act::anyone(input).pressed(Buttons::HOME) {
            return Some(false);
        }
        let rows = Self::rows(aspect);
        match self.nav.update(input, 2, |x, y| rows.at(2, x, y)) {
            ListEvent::Picked { row, .. } => Some(row == YES),
            ListEvent::Back { .. } => Some(false),
            ListEvent::Step { .. } | ListEvent::None => None,
        }
    }

    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, t: &Strings) {
        ui::veil(list, aspect);
        let tutor = matches!(self.what, Danger::Tutor(_));
        let r = ui::panel(list, aspect, if tutor { 600 } else { 460 }, 130, 230);
        let heading = if tutor {
            t.tutor_heading
        } else {
            t.sure_heading
        };
        ui::text_centered(list, r.center().0, r.y + 18, heading, palette::GOLD, 1);
        let mut loses: Text<96> = Text::new();
        let (what, no, yes) = match self.what {
            Danger::Restart => (t.sure_restart, t.sure_no, t.sure_yes_restart),
            Danger::MainMenu => (t.sure_main_menu, t.sure_no, t.sure_yes_main_menu),
            Danger::Exit => (t.sure_exit, t.sure_no, t.sure_yes_exit),
            Danger::PowerOff(PowerMode::Standby) => {
                (t.sure_power_standby, t.sure_no, t.sure_yes_power)
            }
            Danger::PowerOff(PowerMode::Idle) => (t.sure_power_idle, t.sure_no, t.sure_yes_power),
            Danger::Tutor(loss) => {
                fill(&mut loses, t.tutor_loses, &[&percent(loss)]);
                (loses.as_str(), t.tutor_take_back, t.tutor_play)
            }
        };
        ui::text_centered(list, r.center().0, r.y + 52, what, palette::TEXT, 1);
        Self::rows(aspect).draw(list, &[no, yes], self.nav.framed());
    }
}

/// A per-mille figure as the whole percent the players read (rounded half up).
pub fn percent(permille: u16) -> u16 {
    (permille.min(1000) + 5) / 10
}
