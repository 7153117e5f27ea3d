//! The statistics scene: for each game, one row per kind of opponent (computer Beginner / Easy
//! / Normal / Hard, second remote, the same remote passed) with matches played, won and lost by player 1,
//! the current streak, the best winning streak and the fastest win in turns. Reads the app's
//! `save::Stats`, and under the table where the saves go (`save_folder.rs`); A or B goes back
//! to the main menu. Draws text only.

use crate::gfx::font::text_width;
use crate::gfx::{palette, Aspect, DrawList};
use crate::save::Stats;

use super::config::{GameKind, Opponent};
use super::controls::Act;
use super::goto::Goto;
use super::input::{Buttons, Input};
use super::save_folder::SaveFolder;
use super::strings::Strings;
use super::text::Text;
use super::ui;

/// The statistics scene (it holds nothing: the figures are the app's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatsScreen;

/// Right edges of the six figure columns (played, won, lost, streak, best, fastest), in
/// frame pixels: the type is proportional, so columns are placed, never padded with spaces.
pub const COLUMN_RIGHT: [i16; 6] = [318, 370, 422, 486, 538, 612];
/// Left edge of the opponent column.
const LABEL_X: i16 = 28;

/// One table row's figures, as drawn under `Strings::stats_columns`.
pub fn cells(stats: &Stats, game: GameKind, opponent: Opponent) -> [Text<8>; 6] {
    let g = match game {
        GameKind::Senas => 0,
        GameKind::Senet => 1,
    };
    let o = super::saving::opponent_index(opponent);
    let r = stats.get(g, o).copied().unwrap_or_default();
    let mut out: [Text<8>; 6] = Default::default();
    out[0].push_fmt(format_args!("{}", r.played));
    out[1].push_fmt(format_args!("{}", r.won));
    out[2].push_fmt(format_args!("{}", r.lost));
    out[3].push_fmt(format_args!("{:+}", r.streak));
    out[4].push_fmt(format_args!("{}", r.best_streak));
    if r.fastest_win == 0 {
        out[5].push_fmt(format_args!("-"));
    } else {
        out[5].push_fmt(format_args!("{}", r.fastest_win));
    }
    out
}

/// One table row as words: the opponent, then its six figures, one space apart (what the
/// row says, for tests and logs; the screen places each figure in its column).
pub fn row(t: &Strings, stats: &Stats, game: GameKind, opponent: Opponent) -> Text<80> {
    let mut out = Text::new();
    out.push_fmt(format_args!("{}", t.opponent(opponent)));
    for c in cells(stats, game, opponent) {
        out.push_fmt(format_args!(" {}", c.as_str()));
    }
    out
}

/// Draws `cells` right-aligned in the columns, on the line at `y`.
fn draw_columns<'a>(
    list: &mut DrawList,
    y: i16,
    cells: impl IntoIterator<Item = &'a str>,
    color: crate::gfx::color::Rgba,
) {
    for (c, right) in cells.into_iter().zip(COLUMN_RIGHT) {
        list.text(right - text_width(c, 1), y, c, color, 1);
    }
}

impl StatsScreen {
    pub fn update(&mut self, input: &Input) -> Option<Goto> {
        let act = Act::anyone(input);
        (act.pressed(Buttons::A) || act.pressed(Buttons::B)).then_some(Goto::Menu)
    }

    pub fn draw(
        &self,
        list: &mut DrawList,
        aspect: Aspect,
        t: &Strings,
        stats: &Stats,
        folder: Option<&SaveFolder>,
    ) {
        ui::backdrop(list, aspect, t.stats_heading);
        let mut y = 84;
        for game in [GameKind::Senas, GameKind::Senet] {
            // The game's name heads the opponent column, the figures' names their columns.
            ui::lines(list, LABEL_X, y, &[t.game_title(game)], palette::TEXT);
            draw_columns(list, y, t.stats_columns, palette::TEXT_DIM);
            for (k, o) in Opponent::ALL.iter().enumerate() {
                let line_y = y + 20 + 20 * k as i16;
                ui::lines(list, LABEL_X, line_y, &[t.opponent(*o)], palette::TEXT);
                let figures = cells(stats, game, *o);
                draw_columns(
                    list,
                    line_y,
                    figures.iter().map(|c| c.as_str()),
                    palette::TEXT,
                );
            }
            // 20-pixel lines, 4 between the games: the six opponents' table ends at 368,
            // above the three lines below it (no matches yet, where the saves go and why) and
            // the footer.
            y += 20 + 20 * Opponent::ALL.len() as i16 + 4;
        }
        let total: u32 = stats.records.iter().flatten().map(|r| r.played).sum();
        if total == 0 {
            ui::text_centered(list, 320, 370, t.stats_none, palette::TEXT_DIM, 1);
        }
        // No folder is named when there is none (no card, or an unformatted one): the
        // storage note under the footer says why nothing is saved.
        if let Some(folder) = folder {
            let [place, why] = folder.lines(t);
            ui::text_centered(list, 320, 390, place.as_str(), palette::TEXT_DIM, 1);
            if !why.is_empty() {
                ui::text_centered(list, 320, 410, why.as_str(), palette::TEXT_DIM, 1);
            }
        }
        ui::text_centered(list, 320, 430, t.stats_footer, palette::TEXT_DIM, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::strings::{EN, ES};
    use crate::gfx::color::Rgba;
    use crate::gfx::draw_list::Item;
    use crate::save::Record;

    /// One drawn text: left edge, right edge, text.
    type Span<'a> = (i16, i16, &'a str);

    /// The widest figures a record can reasonably show.
    fn wide_stats() -> Stats {
        let r = Record {
            played: 9999,
            won: 9999,
            lost: 9999,
            streak: -999,
            best_streak: 999,
            fastest_win: 9999,
        };
        let mut s = Stats::default();
        for game in s.records.iter_mut() {
            game.fill(r);
        }
        s
    }

    #[test]
    fn every_figure_and_heading_sits_right_aligned_in_its_column_clear_of_its_neighbours() {
        for t in [&EN, &ES] {
            for aspect in [Aspect::Standard, Aspect::Wide] {
                let mut list: DrawList = DrawList::new(Rgba::BLACK);
                let stats = wide_stats();
                StatsScreen.draw(&mut list, aspect, t, &stats, None);
                let labels: std::vec::Vec<&str> = Opponent::ALL
                    .iter()
                    .map(|o| t.opponent(*o))
                    .chain([t.game_title(GameKind::Senas), t.game_title(GameKind::Senet)])
                    .collect();
                // Each table line: its items as (left, right, text), left to right.
                let mut lines: std::vec::Vec<(i16, std::vec::Vec<Span>)> = std::vec::Vec::new();
                for i in list.items() {
                    if let Item::Text { x, y, text, .. } = i {
                        let span = (x, x + text_width(text, 1), text);
                        match lines.iter_mut().find(|(ly, _)| *ly == y) {
                            Some((_, v)) => v.push(span),
                            None => lines.push((y, std::vec![span])),
                        }
                    }
                }
                let mut rows = 0;
                for (y, mut items) in lines {
                    items.sort_by_key(|s| s.0);
                    if items.len() != 7 || !labels.contains(&items[0].2) {
                        continue;
                    }
                    rows += 1;
                    for (k, cell) in items[1..].iter().enumerate() {
                        assert_eq!(cell.1, COLUMN_RIGHT[k], "{y}: {cell:?} in column {k}");
                        let before = items[k];
                        assert!(cell.0 >= before.1 + 6, "{y}: {cell:?} touches {before:?}");
                    }
                    assert!(items[6].1 <= 640 - 28, "inside the safe area");
                }
                // Two headings lines and six opponents per game.
                assert_eq!(rows, 2 * (1 + Opponent::ALL.len()), "{}", t.stats_heading);
            }
        }
    }
}
