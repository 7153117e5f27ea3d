//! `App::draw`: the frame's picture, in layers: the scene (or the how-to-play pages that cover
//! it), the fade from black after a change of screen (`transition.rs`), the overlay over the
//! scene (HOME menu, questions, the pause), the storage note, the screenshot's notice, the
//! battery icon and, on top of everything, the pointers the list on top lets show. Draws
//! only: it changes nothing in the app.

use crate::gfx::{palette, DrawList};

use crate::app::scene::View;
use crate::app::transition::Screen;
use crate::app::ui;

use super::App;

impl App<'_> {
    /// What fills the screen: the scene, or the how-to-play pages drawn instead of it.
    pub(super) fn screen(&self) -> Screen {
        Screen {
            scene: self.scene.kind(),
            covered: self.overlay.as_ref().is_some_and(|o| o.covers()),
        }
    }

    /// Whether this frame is darkened by the fade after a change of screen.
    pub fn fading(&self) -> bool {
        self.fade.running()
    }

    /// Builds this frame's picture: the scene, the fade, the overlay over it, every player's
    /// pointer.
    pub fn draw(&self, list: &mut DrawList) {
        list.reset(palette::BACKGROUND);
        let aspect = self.config.aspect;
        let t = self.strings();
        match &self.overlay {
            Some(o) if o.covers() => {
                o.draw(list, aspect, t);
                self.fade.draw(list);
            }
            over => {
                let view = View {
                    aspect,
                    t,
                    input: &self.input,
                    frame: self.frame(),
                    stats: self.progress.stats(),
                    save_folder: match self.progress.storage_note() {
                        Some(note) if note.has_no_folder() => None,
                        _ => Some(&self.config.save_folder),
                    },
                };
                self.scene.draw(list, &view);
                self.fade.draw(list);
                if let Some(o) = over {
                    o.draw(list, aspect, t);
                }
            }
        }
        if let Some(note) = self.progress.storage_note() {
            if let Some(y) = self.scene.note_band() {
                ui::text_centered(list, 320, y, note.text(t), palette::TEXT_DIM, 1);
            }
        }
        let (lang, folder) = (self.settings.language, &self.config.save_folder);
        self.shot.draw(list, aspect, lang, folder);
        crate::app::battery_icon::draw(list, &self.input);
        // The list on top decides which pointers show (`list_nav`); elsewhere all do.
        let nav = match &self.overlay {
            Some(o) => o.list(),
            None => self.scene.list(),
        };
        ui::pointers(list, aspect, &self.input, |n| {
            nav.is_none_or(|l| l.shows(n))
        });
    }
}
