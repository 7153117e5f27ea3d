//! Drawing the app: each scene's picture (title, diagnostics, main menu, throw-off, match,
//! winner screen), the overlays over a match (pause, HOME menu, how to play) and every
//! player's pointer, into a `DrawList`. Reads the app; changes nothing.

use crate::games::{senas, senet};
use crate::gfx::{palette, DrawList, SenasLayout, SenetLayout, TitleLayout, TitleView};

use super::game_app::{App, Game, Scene, TITLE_ITEMS, WINNER_ITEMS};
use super::input::MAX_PLAYERS;
use super::text::Text;
use super::{diagnostics, ui};

impl App<'_> {
    /// "White wins 15 - 9" for the winner screen.
    fn score(&self) -> Text<64> {
        match &self.game {
            Game::Senas(m) => {
                let p = m.position();
                let w = m.winner().unwrap_or(senas::Side::White);
                Text::from_fmt(format_args!(
                    "{} wins: {} - {} pieces borne off",
                    w,
                    p.off(w),
                    p.off(w.other())
                ))
            }
            Game::Senet(m) => {
                let p = m.position();
                let w = m.winner().unwrap_or(senet::Side::A);
                let name = if w == senet::Side::A {
                    "Cones"
                } else {
                    "Spools"
                };
                Text::from_fmt(format_args!(
                    "{} win: {} - {} pieces borne off",
                    name,
                    p.borne_off(w),
                    p.borne_off(w.other())
                ))
            }
            Game::None => Text::new(),
        }
    }

    /// Builds this frame's picture.
    pub fn draw(&self, list: &mut DrawList) {
        list.reset(palette::BACKGROUND);
        let aspect = self.config.aspect;
        if let Some(h) = &self.help {
            // The pages cover the screen; the scene below is not drawn (the draw list's room
            // goes to the diagram).
            h.draw(list, aspect);
            self.draw_pointers(list);
            return;
        }
        match self.scene {
            Scene::Title => TitleLayout::new(aspect).draw(
                list,
                &TitleView {
                    items: &TITLE_ITEMS,
                    selected: self.title.selected,
                    subtitle: "Two race games: medieval Lorca and ancient Egypt",
                    footer: "Point and press A, or use the D-pad.  Hold 1+2: diagnostics",
                },
            ),
            Scene::Diagnostics => diagnostics::draw(list, aspect, &self.input),
            Scene::Menu => self.menu.draw(list, aspect),
            Scene::ThrowOff => {
                if let Some(t) = &self.throw_off {
                    t.draw(list, aspect);
                }
            }
            Scene::Match => {
                match &self.game {
                    Game::Senas(m) => m.draw(list, &SenasLayout::new(aspect), self.frame),
                    Game::Senet(m) => m.draw(list, &SenetLayout::new(aspect), self.frame),
                    Game::None => {}
                }
                if let Some(n) = self.paused {
                    ui::veil(list, aspect);
                    let t: Text<64> =
                        Text::from_fmt(format_args!("Player {}: reconnect your Wii Remote", n + 1));
                    ui::notice(list, aspect, 200, t.as_str(), palette::GOLD);
                } else if let Some(h) = &self.home {
                    h.draw(list, aspect, &self.settings);
                }
            }
            Scene::Winner => {
                let score = self.score();
                TitleLayout::new(aspect).draw(
                    list,
                    &TitleView {
                        items: &WINNER_ITEMS,
                        selected: self.winner.selected,
                        subtitle: score.as_str(),
                        footer: "Point and press A, or use the D-pad",
                    },
                );
            }
        }
        self.draw_pointers(list);
    }

    fn draw_pointers(&self, list: &mut DrawList) {
        let mut ps: heapless::Vec<crate::gfx::Pointer, MAX_PLAYERS> = heapless::Vec::new();
        for (n, p) in self.input.players.iter().enumerate() {
            if let (true, Some(q)) = (p.connected, p.pointer) {
                let _ = ps.push(crate::gfx::Pointer {
                    x: q.x,
                    y: q.y,
                    player: n as u8,
                });
            }
        }
        crate::gfx::layout::draw_pointers(list, self.config.aspect, &ps);
    }
}
