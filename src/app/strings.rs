//! Every sentence and label the app shows a player, in one table per language (`Strings`),
//! and `fill`, which puts values into a template's `{}` slots in order. A translation is one
//! more `Strings` value and a `Language` arm in `of`; templates keep their slots (a language
//! may reorder words around them, not the values). Not here: the how-to-play pages
//! (`help/pages.rs`, one table per game), the rules engines' refusals (their `Display`,
//! capitalised by `reason.rs`) and the diagnostics screen's technical lines.

use core::fmt::{self, Display, Write};

use super::config::{GameKind, Opponent};
use super::settings::Language;
use super::text::Text;
use crate::ai::Level;

/// The strings of one language.
pub struct Strings {
    // Sides and people.
    pub white: &'static str,
    pub black: &'static str,
    pub cones: &'static str,
    pub spools: &'static str,
    /// "Player {}" (1-based).
    pub player_n: &'static str,
    pub computer: &'static str,
    pub off: &'static str,
    pub gift: &'static str,
    pub tie: &'static str,
    // Title.
    pub title_items: [&'static str; 3],
    pub title_subtitle: &'static str,
    pub title_footer: &'static str,
    // Main menu.
    pub menu_heading: &'static str,
    /// "Game: < {} >"
    pub menu_game: &'static str,
    /// "Opponent: < {} >"
    pub menu_opponent: &'static str,
    pub menu_start: &'static str,
    pub menu_back: &'static str,
    pub menu_rules_senas: &'static str,
    pub menu_rules_senet: &'static str,
    pub menu_footer: &'static str,
    pub game_senas: &'static str,
    pub game_senet: &'static str,
    pub opp_second_remote: &'static str,
    pub opp_same_remote: &'static str,
    pub opp_easy: &'static str,
    pub opp_normal: &'static str,
    pub opp_hard: &'static str,
    // HOME menu.
    pub home_heading: &'static str,
    pub home_resume: &'static str,
    pub home_how_to_play: &'static str,
    pub home_restart: &'static str,
    pub home_main_menu: &'static str,
    pub home_exit: &'static str,
    // "Are you sure?"
    pub sure_heading: &'static str,
    pub sure_restart: &'static str,
    pub sure_main_menu: &'static str,
    pub sure_exit: &'static str,
    pub sure_no: &'static str,
    pub sure_yes_restart: &'static str,
    pub sure_yes_main_menu: &'static str,
    pub sure_yes_exit: &'static str,
    // Pause.
    /// "Player {}: reconnect your Wii Remote"
    pub pause_reconnect: &'static str,
    pub pause_or: &'static str,
    pub pause_play_on: &'static str,
    pub pause_main_menu: &'static str,
    pub pause_home: &'static str,
    // Diagnostics.
    pub diagnostics_heading: &'static str,
    pub diagnostics_footer: &'static str,
    // Throw-off.
    pub throwoff_senas: &'static str,
    pub throwoff_senet: &'static str,
    /// "{White} {a} - {b} {Black} {tie}"
    pub throwoff_senas_round: &'static str,
    /// "{Cones} throw {n}"
    pub throwoff_senet_round: &'static str,
    pub throwoff_white_starts: &'static str,
    pub throwoff_black_starts: &'static str,
    pub throwoff_cones_start: &'static str,
    pub throwoff_spools_start: &'static str,
    // Status line: "{side} ({who}): {doing}".
    pub status_line: &'static str,
    pub doing_roll: &'static str,
    pub doing_throw: &'static str,
    pub doing_confirm: &'static str,
    pub doing_place: &'static str,
    pub doing_pick: &'static str,
    pub doing_think: &'static str,
    pub doing_move: &'static str,
    pub doing_gift: &'static str,
    pub doing_end: &'static str,
    pub doing_cannot: &'static str,
    // Controls lines.
    pub senas_controls: &'static str,
    pub senet_controls: &'static str,
    // Hints.
    pub hint_thinking: &'static str,
    pub hint_prefix: &'static str,
    pub hint_none: &'static str,
    /// "Hint: square {} to square {}"
    pub senet_hint: &'static str,
    /// "Hint: bear off from square {}"
    pub senet_hint_off: &'static str,
    // Senas notices.
    pub senas_gift_first: &'static str,
    pub senas_no_move: &'static str,
    pub senas_tute: &'static str,
    pub senas_expands: &'static str,
    pub senas_gift_after_tute: &'static str,
    pub senas_gift_passes: &'static str,
    pub senas_undone: &'static str,
    pub senas_confirm: &'static str,
    pub senas_backward: &'static str,
    pub pick_first: &'static str,
    // Senet notices.
    pub senet_lost_throw: &'static str,
    pub senet_backward: &'static str,
    pub senet_again: &'static str,
    pub senet_water: &'static str,
    pub senet_capture: &'static str,
    pub senet_bears_off: &'static str,
    // The end.
    pub you_win: &'static str,
    pub computer_wins: &'static str,
    /// "Player {} wins"
    pub player_wins: &'static str,
    /// "{side} wins" (White, Black)
    pub side_wins: &'static str,
    /// "{side} win" (Cones, Spools: the senet sides are plural)
    pub sides_win: &'static str,
    /// "{} - {} pieces borne off"
    pub score: &'static str,
    pub winner_items: [&'static str; 2],
    pub winner_footer: &'static str,
}

impl Strings {
    pub fn game_title(&self, g: GameKind) -> &'static str {
        match g {
            GameKind::Senas => self.game_senas,
            GameKind::Senet => self.game_senet,
        }
    }
    pub fn opponent(&self, o: Opponent) -> &'static str {
        match o {
            Opponent::SecondRemote => self.opp_second_remote,
            Opponent::SameRemote => self.opp_same_remote,
            Opponent::Computer(Level::Easy) => self.opp_easy,
            Opponent::Computer(Level::Normal) => self.opp_normal,
            Opponent::Computer(Level::Hard) => self.opp_hard,
        }
    }
}

/// English.
pub static EN: Strings = Strings {
    white: "White",
    black: "Black",
    cones: "Cones",
    spools: "Spools",
    player_n: "Player {}",
    computer: "Computer",
    off: "off",
    gift: "Gift",
    tie: "tie",
    title_items: ["Play", "How to play", "Exit to HBC"],
    title_subtitle: "Two race games: medieval Lorca and ancient Egypt",
    title_footer: "Point and press A.  Hold 1+2 (pad: X+Y): diagnostics",
    menu_heading: "New match",
    menu_game: "Game: < {} >",
    menu_opponent: "Opponent: < {} >",
    menu_start: "Start: the throw-off decides who begins",
    menu_back: "Back",
    menu_rules_senas: "Senas rules: Lorca, 13th century",
    menu_rules_senet: "Senet rules: WiiBrew 2009",
    menu_footer: "Left/Right: change   A: select   B: back",
    game_senas: "Senas",
    game_senet: "Senet",
    opp_second_remote: "Second Wii Remote",
    opp_same_remote: "Pass the Wii Remote",
    opp_easy: "Computer: Easy",
    opp_normal: "Computer: Normal",
    opp_hard: "Computer: Hard",
    home_heading: "HOME menu",
    home_resume: "Resume",
    home_how_to_play: "How to play",
    home_restart: "Restart the match",
    home_main_menu: "Main menu",
    home_exit: "Exit to the Homebrew Channel",
    sure_heading: "Are you sure?",
    sure_restart: "The match in progress will be lost.",
    sure_main_menu: "The match in progress will be lost.",
    sure_exit: "The game will close.",
    sure_no: "No, go back",
    sure_yes_restart: "Yes, restart the match",
    sure_yes_main_menu: "Yes, go to the main menu",
    sure_yes_exit: "Yes, exit to the Homebrew Channel",
    pause_reconnect: "Player {}: reconnect your Wii Remote",
    pause_or: "or, with a remote still connected:",
    pause_play_on: "Play on with one Wii Remote",
    pause_main_menu: "Main menu",
    pause_home: "HOME: the HOME menu",
    diagnostics_heading: "Diagnostics",
    diagnostics_footer: "Press B to go back",
    throwoff_senas: "Who starts? Each rolls one die, the higher begins",
    throwoff_senet: "Who starts? The first to throw a 1 begins",
    throwoff_senas_round: "{} {} - {} {} {}",
    throwoff_senet_round: "{} throw {}",
    throwoff_white_starts: "White (player 1) starts",
    throwoff_black_starts: "Black starts",
    throwoff_cones_start: "Cones (player 1) start",
    throwoff_spools_start: "Spools start",
    status_line: "{} ({}): {}",
    doing_roll: "rolls the dice",
    doing_throw: "throws the sticks",
    doing_confirm: "A: confirm, B: undo",
    doing_place: "choose where it goes",
    doing_pick: "pick a piece",
    doing_think: "is thinking...",
    doing_move: "moves",
    doing_gift: "hands the gift over",
    doing_end: "ends the turn",
    doing_cannot: "cannot move",
    senas_controls: "A: pick / place   B: undo   1: hint   HOME: menu",
    senet_controls: "A: pick / place   B: put back   1: hint   HOME: menu",
    hint_thinking: "Thinking of a hint...",
    hint_prefix: "Hint (holes from your start):",
    hint_none: "Hint: no move is possible",
    senet_hint: "Hint: square {} to square {}",
    senet_hint_off: "Hint: bear off from square {}",
    senas_gift_first: "{} first plays the gift: {}",
    senas_no_move: "{} has no legal move: the dice pass",
    senas_tute: "Tute! Six sixes to play, then {} rolls again",
    senas_expands: "{} expands to {}",
    senas_gift_after_tute: "Unused {} will pass to {} after the tute",
    senas_gift_passes: "Unused {} pass to {} as a gift",
    senas_undone: "Move taken back: the {} can be played again",
    senas_confirm: "A: confirm the turn   B: undo",
    senas_backward: "Pieces only move forward along their path.",
    pick_first: "Pick up a piece first.",
    senet_lost_throw: "No piece can move {}: the throw is lost",
    senet_backward: "No forward move with a {}: a piece must go back {} squares",
    senet_again: "A {}: move, then throw again (1, 3 and 6 throw again)",
    senet_water: "Square {} is the water: the piece goes back to square {}",
    senet_capture: "Capture! The pieces on squares {} and {} swap places",
    senet_bears_off: "{} bear a piece off",
    you_win: "You win!",
    computer_wins: "The computer wins",
    player_wins: "Player {} wins",
    side_wins: "{} wins",
    sides_win: "{} win",
    score: "{} - {} pieces borne off",
    winner_items: ["Rematch", "Main menu"],
    winner_footer: "Point and press A, or use the D-pad",
};

/// The strings of `lang`.
pub fn of(lang: Language) -> &'static Strings {
    match lang {
        Language::English => &EN,
    }
}

/// `template` with its `{}` slots filled by `args` in order (a missing value leaves the slot
/// empty, extra values are ignored), into `out` (cleared first; what fits).
pub fn fill<const N: usize>(out: &mut Text<N>, template: &str, args: &[&dyn Display]) {
    out.clear();
    let mut rest = template;
    let mut k = 0;
    while let Some(i) = rest.find("{}") {
        let _ = out.write_str(&rest[..i]);
        if let Some(a) = args.get(k) {
            let _ = write!(out, "{a}");
        }
        k += 1;
        rest = &rest[i + 2..];
    }
    let _ = out.write_str(rest);
}

/// A filled template as a value to format (`format_args!("{}", Filled(...))`).
pub struct Filled<'a>(pub &'a str, pub &'a [&'a dyn Display]);

impl Display for Filled<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut t: Text<200> = Text::new();
        fill(&mut t, self.0, self.1);
        f.write_str(t.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_puts_values_in_order_and_keeps_the_rest() {
        let mut t: Text<64> = Text::new();
        fill(&mut t, "Player {} wins {} - {}", &[&2, &15, &"9"]);
        assert_eq!(t.as_str(), "Player 2 wins 15 - 9");
        fill(&mut t, "{} and {}", &[&1]);
        assert_eq!(t.as_str(), "1 and ");
    }

    #[test]
    fn no_english_line_is_longer_than_a_frame_line() {
        // 64 glyphs of 10 pixels fill the 640-pixel frame.
        for s in [
            EN.title_footer,
            EN.sure_yes_exit,
            EN.senas_controls,
            EN.senet_controls,
        ] {
            assert!(s.chars().count() <= 60, "{s:?}");
        }
    }
}
