//! The fade from black that every change of screen starts with (issue 28 part 3): which
//! screen is showing (`Screen`: the scene, or the how-to-play pages covering it), how many
//! frames the fade takes at the player's animation speed (`frames`: 12 Normal, 4 Fast), how
//! dark each frame of it is and the one translucent black quad that darkens it. It is a
//! picture only: it never sees input, the log, the generator or a match, so a game plays,
//! times and logs the same with or without a fade running. `App::update` reports the screen
//! after each frame; `App::draw` puts the quad over the screen and under the overlays, the
//! notes and the pointers. Nothing at boot fades (the first title is drawn plain), nor the
//! console self-test, whose probe reads the copied frame's background (`Probe::XfbCopy`).

use crate::gfx::{DrawList, Rect, Rgba};

use super::scene::SceneKind;
use super::settings::Animations;

/// Frames a fade takes at the Normal animation speed.
pub const NORMAL_FRAMES: u8 = 12;
/// Frames a fade takes with "Animations: Fast".
pub const FAST_FRAMES: u8 = 4;
/// The longest fade: idling this many frames after a change shows the screen plain.
pub const LONGEST: u8 = NORMAL_FRAMES;

/// Frames a fade takes at `speed`.
pub const fn frames(speed: Animations) -> u8 {
    match speed {
        Animations::Normal => NORMAL_FRAMES,
        Animations::Fast => FAST_FRAMES,
    }
}

/// What fills the screen: the scene, or the how-to-play pages drawn instead of it. Overlays
/// that leave the scene visible (the HOME menu, questions, the pause) are not a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    pub scene: SceneKind,
    pub covered: bool,
}

impl Screen {
    /// Whether arriving at this screen fades in.
    const fn fades_in(self) -> bool {
        // The self-test's probes read the frame's background back from the XFB.
        !matches!(self.scene, SceneKind::SelfTest)
    }
}

/// The fade in progress (if any) and the screen it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transition {
    showing: Screen,
    /// Frames of the fade still to come (0: none running).
    left: u8,
    /// Frames the running fade takes in all.
    total: u8,
}

impl Transition {
    /// No fade, `showing` on screen (the first frame is drawn plain).
    pub const fn new(showing: Screen) -> Self {
        Transition {
            showing,
            left: 0,
            total: 0,
        }
    }

    /// After a frame's update: a new screen starts a fade of `frames(speed)` (its first frame
    /// black); otherwise the running fade moves one frame on.
    pub fn after_update(&mut self, now: Screen, speed: Animations) {
        if now != self.showing {
            self.showing = now;
            self.total = if now.fades_in() { frames(speed) } else { 0 };
            self.left = self.total;
        } else {
            self.left = self.left.saturating_sub(1);
        }
    }

    /// How dark this frame is: the black quad's alpha, 255 on a change's first frame, falling
    /// evenly to 0 (`total` frames later).
    pub fn alpha(&self) -> u8 {
        if self.total == 0 {
            return 0;
        }
        let a = 255 * u16::from(self.left) / u16::from(self.total);
        u8::try_from(a).unwrap_or(u8::MAX)
    }

    /// Whether a fade is running (this frame is darkened).
    pub fn running(&self) -> bool {
        self.alpha() > 0
    }

    /// The darkening quad over everything drawn so far, when a fade is running.
    pub fn draw(&self, list: &mut DrawList) {
        let a = self.alpha();
        if a > 0 {
            list.fill(Rect::SCREEN, Rgba::rgb(0, 0, 0).with_alpha(a));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec;
    use std::vec::Vec;

    const TITLE: Screen = Screen {
        scene: SceneKind::Title,
        covered: false,
    };
    const MENU: Screen = Screen {
        scene: SceneKind::Menu,
        covered: false,
    };

    fn alphas(speed: Animations) -> Vec<u8> {
        let mut t = Transition::new(TITLE);
        let mut out = vec![t.alpha()];
        t.after_update(MENU, speed);
        for _ in 0..14 {
            out.push(t.alpha());
            t.after_update(MENU, speed);
        }
        out
    }

    #[test]
    fn a_change_starts_black_and_clears_evenly_in_its_frames() {
        let n = alphas(Animations::Normal);
        assert_eq!(n[0], 0, "nothing fades at the start");
        assert_eq!(n[1], 255, "the new screen's first frame is black");
        assert!(n[1..].windows(2).all(|w| w[1] < w[0] || w[1] == 0));
        assert_eq!(n[1 + usize::from(NORMAL_FRAMES) - 1], 255 / 12);
        assert_eq!(n[1 + usize::from(NORMAL_FRAMES)], 0);
        let f = alphas(Animations::Fast);
        assert_eq!(&f[1..6], &[255, 191, 127, 63, 0]);
    }

    #[test]
    fn the_self_test_and_overlays_over_the_scene_do_not_fade() {
        let mut t = Transition::new(TITLE);
        let st = Screen {
            scene: SceneKind::SelfTest,
            covered: false,
        };
        t.after_update(st, Animations::Normal);
        assert!(!t.running());
        let help = Screen {
            covered: true,
            ..TITLE
        };
        t.after_update(TITLE, Animations::Normal);
        assert!(t.running(), "back to the title fades in");
        for _ in 0..NORMAL_FRAMES {
            t.after_update(TITLE, Animations::Normal);
        }
        assert!(!t.running());
        t.after_update(help, Animations::Normal);
        assert!(t.running(), "the how-to-play pages fade in");
    }
}
