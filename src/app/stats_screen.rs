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

/// One table row, aligned under `Strings::stats_columns`.
pub fn row(t: &Strings, stats: &Stats, game: GameKind, opponent: Opponent) -> Text<80> {
    let mut out = Text::new();
    let g = match game {
        GameKind::Senas => 0,
        GameKind::Senet => 1,
    };
    let o = super::saving::opponent_index(opponent);
    let r = stats.get(g, o).copied().unwrap_or_default();
    let mut streak: Text<8> = Text::new();
    streak.push_fmt(format_args!("{:+}", r.streak));
    let mut fastest: Text<8> = Text::new();
    if r.fastest_win == 0 {
        fastest.push_fmt(format_args!("-"));
    } else {
        fastest.push_fmt(format_args!("{}", r.fastest_win));
    }
    out.push_fmt(format_args!(
        "{:<21}{:>6}{:>5}{:>5}{:>7}{:>5}{:>8}",
        t.opponent(opponent),
        r.played,
        r.won,
        r.lost,
        streak.as_str(),
        r.best_streak,
        fastest.as_str()
    ));
    out
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
            // The game's name stands in the columns line's blank label column.
            let title = t.game_title(game);
            let n = title.len();
            let blank = t
                .stats_columns
                .bytes()
                .take(n)
                .filter(|&b| b == b' ')
                .count()
                == n;
            match t.stats_columns.get(n..) {
                Some(cols) if blank => {
                    ui::lines(list, 28, y, &[title], palette::TEXT);
                    ui::lines(
                        list,
                        28 + text_width(title, 1),
                        y,
                        &[cols],
                        palette::TEXT_DIM,
                    );
                }
                _ => ui::lines(list, 28, y, &[t.stats_columns], palette::TEXT_DIM),
            }
            for (k, o) in Opponent::ALL.iter().enumerate() {
                let line = row(t, stats, game, *o);
                ui::lines(
                    list,
                    28,
                    y + 20 + 20 * k as i16,
                    &[line.as_str()],
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
