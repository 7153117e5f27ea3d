//! Every sentence and label the app shows a player, in one table per language (`Strings`),
//! and `fill`, which puts values into a template's `{}` slots in order. A translation is one
//! more `Strings` value and a `Language` arm in `of`; templates keep their slots (a language
//! may reorder words around them, not the values). English and Spanish. The rules engines'
//! refusals are `refusals.rs` (one table per language, reached through `Strings::refusals`);
//! the how-to-play pages are `help/pages.rs` (one table per game and language).

use super::choices::{GameKind, Opponent};
use super::refusals::{self, Refusals};
use super::review::text::{self as review_text, ReviewText};
use super::settings::Language;
pub use super::text::{fill, Filled};
use crate::ai::Level;
use crate::games::senet::Variant;

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
    /// "Continue the match: {} against {}, turn {}"
    pub menu_continue: &'static str,
    pub menu_statistics: &'static str,
    // Statistics screen.
    pub stats_heading: &'static str,
    /// Column heads of the statistics table (aligned with its rows).
    /// The statistics table's column headings, right-aligned over their figures.
    pub stats_columns: [&'static str; 6],
    pub stats_none: &'static str,
    pub stats_footer: &'static str,
    // Where the saves go (Statistics screen, `save_folder.rs`).
    /// "Saves: {}" (the folder's path on the SD card).
    pub saved_in: &'static str,
    pub saved_other_device: &'static str,
    pub saved_default: &'static str,
    pub saved_copied: &'static str,
    // Saving notes.
    pub note_no_card: &'static str,
    pub note_locked: &'static str,
    pub note_full: &'static str,
    pub note_unformatted: &'static str,
    pub note_failed: &'static str,
    pub note_damaged: &'static str,
    pub note_outdated: &'static str,
    pub menu_rules_senas: &'static str,
    /// "Rules: < {} >" (the senet rule set's name)
    pub menu_rules: &'static str,
    /// The senet rule sets, in `Variant::ALL` order.
    pub variant_names: [&'static str; Variant::COUNT],
    /// One line on each senet rule set, under the menu rows.
    pub variant_blurbs: [&'static str; Variant::COUNT],
    pub menu_footer: &'static str,
    pub game_senas: &'static str,
    pub game_senet: &'static str,
    pub opp_second_remote: &'static str,
    pub opp_same_remote: &'static str,
    pub opp_beginner: &'static str,
    /// The levels' names, weakest first (`Level as usize`).
    pub level_names: [&'static str; 4],
    /// "{level}: {n}% of its turns within 1% of the best" (the menu; `level_line.rs`).
    pub level_best: &'static str,
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
    pub home_power_off: &'static str,
    /// The language row: names the language of this table.
    pub home_language: &'static str,
    /// "Music: < {} >" (the volume, 0 to 10)
    pub home_music: &'static str,
    /// "Effects: < {} >" (the volume, 0 to 10)
    pub home_effects: &'static str,
    /// "Rumble: < {} >" (`home_on` or `home_off`)
    pub home_rumble: &'static str,
    pub home_on: &'static str,
    pub home_off: &'static str,
    /// "Animations: < {} >" (`home_normal` or `home_fast`)
    pub home_animations: &'static str,
    pub home_normal: &'static str,
    pub home_fast: &'static str,
    /// "Tutor: < {} >" (`home_on` or `home_off`)
    pub home_tutor: &'static str,
    /// The HOME menu's row and the heading of its screen (`app::connect`).
    pub home_connect: &'static str,
    pub connect_press: &'static str,
    pub connect_searching: &'static str,
    /// "... player {}" (1-based).
    pub connect_joined: &'static str,
    pub connect_none: &'static str,
    pub connect_failed: &'static str,
    pub connect_cancel: &'static str,
    pub connect_again: &'static str,
    pub connect_retry: &'static str,
    // "Are you sure?"
    pub sure_heading: &'static str,
    pub sure_restart: &'static str,
    pub sure_main_menu: &'static str,
    pub sure_exit: &'static str,
    pub sure_no: &'static str,
    pub sure_yes_restart: &'static str,
    pub sure_yes_main_menu: &'static str,
    pub sure_yes_exit: &'static str,
    /// Switching off: the console's setting is standby, or idle (Standby Connection on).
    pub sure_power_standby: &'static str,
    pub sure_power_idle: &'static str,
    pub sure_yes_power: &'static str,
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
    /// "Player {}: not connected"
    pub diag_not_connected: &'static str,
    /// "Player {}: connected, pointer {},{}"
    pub diag_pointer: &'static str,
    /// "Player {}: connected, pointer off"
    pub diag_pointer_off: &'static str,
    pub diag_held: &'static str,
    pub diag_battery: &'static str,
    /// "link quality {}/255"
    pub diag_link: &'static str,
    pub diag_na: &'static str,
    // Console self-test (`self_test.rs`).
    pub selftest_heading: &'static str,
    /// "Hold 2 and - : console self-test" (the diagnostics' second footer line).
    pub selftest_hint: &'static str,
    /// "Testing {} ({} of {})"
    pub selftest_running: &'static str,
    /// Each probe's name, in `selftest::PROBES` order.
    pub selftest_probes: [&'static str; 13],
    /// Pass, fail, could not run.
    pub selftest_verdicts: [&'static str; 3],
    /// "{} passed, {} failed, {} could not run"
    pub selftest_summary: &'static str,
    pub selftest_saving: &'static str,
    /// "Report saved to {}"
    pub selftest_saved: &'static str,
    /// Why the report was not saved: no card, locked, full, not formatted, failed.
    pub selftest_not_saved: [&'static str; 5],
    pub selftest_send: &'static str,
    pub selftest_footer: &'static str,
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
    /// "Win chance {}%" beside the hint (`app::chance_bar`).
    pub win_chance: &'static str,
    // The tutor (`app::tutor`).
    pub tutor_heading: &'static str,
    /// "This move loses {}% win chance."
    pub tutor_loses: &'static str,
    pub tutor_take_back: &'static str,
    pub tutor_play: &'static str,
    pub tutor_checking: &'static str,
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
    /// "A {}: move, then throw again (...)", per senet rule set.
    pub senet_again: [&'static str; Variant::COUNT],
    pub senet_water: &'static str,
    pub senet_capture: &'static str,
    /// "Capture! The piece on square {} goes back to square {}"
    pub senet_capture_to: &'static str,
    /// "Square {} is the water: the piece stays there" (Kendall)
    pub senet_in_water: &'static str,
    /// "The piece in the water leaves with a {}; otherwise it goes back to square {}"
    pub senet_water_turn: &'static str,
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
    /// "{turns} turns in {minutes} min" (the match's length on the winner's panel)
    pub match_length_min: &'static str,
    /// "{turns} turns in {seconds} s" (a match shorter than a minute)
    pub match_length_s: &'static str,
    /// "{turns} turns" (a continued match: its time before the save is not known)
    pub match_turns: &'static str,
    /// Rematch, Main menu, Review (the third only after a match with a person).
    pub winner_items: [&'static str; 3],
    pub winner_footer: &'static str,
    /// The Homebrew Channel entry (`meta.xml`, written by `tools/package`): short line.
    pub meta_short: &'static str,
    /// The Homebrew Channel entry: long description.
    pub meta_long: &'static str,
    /// The rules engines' refusals.
    pub refusals: &'static Refusals,
    /// The review screen's sentences (`app/review/text.rs`).
    pub review: &'static ReviewText,
}

impl Strings {
    pub fn game_title(&self, g: GameKind) -> &'static str {
        match g {
            GameKind::Senas => self.game_senas,
            GameKind::Senet => self.game_senet,
        }
    }
    /// The senet rule set's name.
    pub fn variant_name(&self, v: Variant) -> &'static str {
        self.variant_names[v.index()]
    }
    /// The line on the senet rule set.
    pub fn variant_blurb(&self, v: Variant) -> &'static str {
        self.variant_blurbs[v.index()]
    }
    /// "A {}: move, then throw again" for the senet rule set.
    pub fn senet_again(&self, v: Variant) -> &'static str {
        self.senet_again[v.index()]
    }
    pub fn opponent(&self, o: Opponent) -> &'static str {
        match o {
            Opponent::SecondRemote => self.opp_second_remote,
            Opponent::SameRemote => self.opp_same_remote,
            Opponent::Computer(Level::Beginner) => self.opp_beginner,
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
    menu_continue: "Continue: {}, {}, turn {}",
    menu_statistics: "Statistics",
    stats_heading: "Statistics",
    stats_columns: ["Played", "Won", "Lost", "Streak", "Best", "Fastest"],
    stats_none: "No finished matches yet.",
    stats_footer: "A or B: back to the menu",
    saved_in: "Saves: {}",
    saved_other_device: "Started from USB: the game saves on the SD card.",
    saved_default: "The loader named no folder: the usual one is used.",
    saved_copied: "Saves found in apps/senas-senet were copied here.",
    note_no_card: "No SD card: settings, statistics and matches are not saved.",
    note_locked: "The SD card is locked: progress is not saved.",
    note_full: "The SD card is full: progress is not saved.",
    note_unformatted: "The SD card is not formatted (FAT): progress is not saved.",
    note_failed: "Saving failed: progress is not saved.",
    note_damaged: "A damaged save file was ignored.",
    note_outdated: "The saved senet match is from an older version and cannot be continued.",
    menu_rules_senas: "Senas rules: Lorca, 13th century",
    menu_rules: "Rules: < {} >",
    variant_names: ["WiiBrew 2009", "Kendall", "Jequier"],
    variant_blurbs: [
        "After the 2009 WiiBrew homebrew and Spanish Wikipedia",
        "Timothy Kendall, 1978: no white is 5; stop on 26",
        "Gustave Jequier, 1930: first-row pieces wait in line",
    ],
    menu_footer: "Left/Right: change   A: select   B: back",
    game_senas: "Senas",
    game_senet: "Senet",
    opp_second_remote: "Second Wii Remote",
    opp_same_remote: "Pass the Wii Remote",
    opp_beginner: "Computer: Beginner",
    level_names: ["Beginner", "Easy", "Normal", "Hard"],
    level_best: "{}: {}% of its turns within 1% of the best",
    opp_easy: "Computer: Easy",
    opp_normal: "Computer: Normal",
    opp_hard: "Computer: Hard",
    home_heading: "HOME menu",
    home_resume: "Resume",
    home_how_to_play: "How to play",
    home_restart: "Restart the match",
    home_main_menu: "Main menu",
    home_exit: "Exit to the Homebrew Channel",
    home_power_off: "Switch off the Wii",
    home_language: "Language: English",
    home_music: "Music: < {} >",
    home_effects: "Effects: < {} >",
    home_rumble: "Rumble: < {} >",
    home_on: "On",
    home_off: "Off",
    home_animations: "Animations: < {} >",
    home_tutor: "Tutor: < {} >",
    home_normal: "Normal",
    home_fast: "Fast",
    home_connect: "Connect a Wii Remote",
    connect_press: "Press 1 and 2 on the Wii Remote",
    connect_searching: "Searching",
    connect_joined: "Wii Remote connected: player {}",
    connect_none: "No Wii Remote found",
    connect_failed: "No Wii Remote can join now",
    connect_cancel: "B: cancel",
    connect_again: "A: connect another   B: back",
    connect_retry: "A: try again   B: back",
    sure_heading: "Are you sure?",
    sure_restart: "The match in progress will be lost.",
    sure_main_menu: "The match in progress will be lost.",
    sure_exit: "The game will close.",
    sure_no: "No, go back",
    sure_yes_restart: "Yes, restart the match",
    sure_yes_main_menu: "Yes, go to the main menu",
    sure_yes_exit: "Yes, exit to the Homebrew Channel",
    sure_power_standby: "The Wii will switch off (red light).",
    sure_power_idle: "The Wii will go to Standby Connection.",
    sure_yes_power: "Yes, switch off",
    pause_reconnect: "Player {}: reconnect your Wii Remote",
    pause_or: "or, with a remote still connected:",
    pause_play_on: "Play on with one Wii Remote",
    pause_main_menu: "Main menu",
    pause_home: "HOME: the HOME menu",
    diagnostics_heading: "Diagnostics",
    diagnostics_footer: "Press B to go back",
    diag_not_connected: "Player {}: not connected",
    diag_pointer: "Player {}: connected, pointer {},{}",
    diag_pointer_off: "Player {}: connected, pointer off",
    diag_held: "held:",
    diag_battery: "battery",
    diag_link: "link quality {}/255",
    diag_na: "n/a",
    selftest_heading: "Console self-test",
    selftest_hint: "Hold 2 and - together: console self-test",
    selftest_running: "Testing {} ({} of {})",
    selftest_probes: [
        "Console and game",
        "Video as the loader left it",
        "IOS port as the loader left it",
        "IOS version",
        "Bluetooth controller",
        "Wii Remotes",
        "SD card write and read-back",
        "Timed CPU loop",
        "GX draw time",
        "Cache: a line of the next frame",
        "Cache: the GX copy read back",
        "EFB: a drawn pattern read back",
        "Audio DMA",
    ],
    selftest_verdicts: ["pass", "FAIL", "could not run"],
    selftest_summary: "{} passed, {} failed, {} could not run",
    selftest_saving: "Saving the report...",
    selftest_saved: "Report saved to {}",
    selftest_not_saved: [
        "Report not saved: no SD card.",
        "Report not saved: the SD card is locked.",
        "Report not saved: the SD card is full.",
        "Report not saved: the SD card is not formatted (FAT).",
        "Report not saved: writing failed.",
    ],
    selftest_send: "Please send SELFTEST.TXT to the developers (see the README).",
    selftest_footer: "Press B to go back",
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
    win_chance: "Win chance {}%",
    tutor_heading: "The tutor",
    tutor_loses: "This move loses {}% win chance.",
    tutor_take_back: "Take it back",
    tutor_play: "Play it anyway",
    tutor_checking: "The tutor checks the move...",
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
    senet_again: [
        "A {}: move, then throw again (1, 3 and 6 throw again)",
        "A {}: move, then throw again (1, 4 and 5 throw again)",
        "A {}: move, then throw again (1, 4 and 6 throw again)",
    ],
    senet_water: "Square {} is the water: the piece goes back to square {}",
    senet_capture: "Capture! The pieces on squares {} and {} swap places",
    senet_capture_to: "Capture! The piece on square {} goes back to square {}",
    senet_in_water: "Square {} is the water: the piece stays there",
    senet_water_turn: "The piece in the water leaves with a {}, or goes back to {}",
    senet_bears_off: "{} bear a piece off",
    you_win: "You win!",
    computer_wins: "The computer wins",
    player_wins: "Player {} wins",
    side_wins: "{} wins",
    sides_win: "{} win",
    score: "{} - {} pieces borne off",
    match_length_min: "{} turns in {} min",
    match_length_s: "{} turns in {} s",
    match_turns: "{} turns",
    winner_items: ["Rematch", "Main menu", "Review"],
    winner_footer: "Point and press A, or use the D-pad",
    meta_short: "Two ancient race games",
    meta_long: "Senas, the medieval race game of Lorca, and Senet, the board game of ancient \
                Egypt, with their real rules (three reconstructions of senet: WiiBrew 2009, \
                Kendall, Jequier). Point with the Wii Remote, roll, move, win. Play against the \
                computer (Easy, Normal, Hard) or against a friend with a second Wii Remote or \
                by passing one around. A GameCube controller works too. HOME opens the menu: \
                resume, how to play, restart, main menu, language, or back to the Homebrew \
                Channel.",
    refusals: &refusals::EN,
    review: &review_text::EN,
};

/// Spanish (Spain): senas in the words of Alfonso X's *Libro de los juegos* (sena, tute,
/// dados, casas), senet in the words Spanish books use (casa del agua, casa del renacimiento,
/// tablillas).
pub static ES: Strings = Strings {
    white: "Blancas",
    black: "Negras",
    cones: "Conos",
    spools: "Carretes",
    player_n: "Jugador {}",
    computer: "Consola",
    off: "fuera",
    gift: "Regalo",
    tie: "empate",
    title_items: ["Jugar", "Cómo se juega", "Salir al HBC"],
    title_subtitle: "Dos juegos de carreras: la Lorca medieval y el antiguo Egipto",
    title_footer: "Apunta y pulsa A.  Mantén 1+2 (mando: X+Y): diagnóstico",
    menu_heading: "Nueva partida",
    menu_game: "Juego: < {} >",
    menu_opponent: "Rival: < {} >",
    menu_start: "Empezar: un sorteo decide quién sale",
    menu_back: "Volver",
    menu_rules_senas: "Reglas de senas: Lorca, siglo XIII",
    menu_continue: "Continuar: {}, {}, turno {}",
    menu_statistics: "Estadísticas",
    stats_heading: "Estadísticas",
    stats_columns: ["Jug.", "Gan.", "Per.", "Racha", "Mej.", "Rápida"],
    stats_none: "Aún no hay partidas terminadas.",
    stats_footer: "A o B: volver al menú",
    saved_in: "Partidas en: {}",
    saved_other_device: "Iniciado desde USB: se guarda en la tarjeta SD.",
    saved_default: "El cargador no indicó carpeta: se usa la de siempre.",
    saved_copied: "Se copiaron aquí las partidas de apps/senas-senet.",
    note_no_card: "Sin tarjeta SD no se guardan ajustes, estadísticas ni partidas.",
    note_locked: "La tarjeta SD está protegida: no se guarda la partida.",
    note_full: "La tarjeta SD está llena: no se guarda la partida.",
    note_unformatted: "La tarjeta SD no tiene formato FAT: no se guarda la partida.",
    note_failed: "No se pudo guardar: no se guarda la partida.",
    note_damaged: "Se ha ignorado un archivo de partida dañado.",
    note_outdated:
        "La partida de senet guardada es de una versión anterior y no se puede continuar.",
    menu_rules: "Reglas: < {} >",
    variant_names: ["WiiBrew 2009", "Kendall", "Jéquier"],
    variant_blurbs: [
        "Según el homebrew de WiiBrew (2009) y la Wikipedia en español",
        "Timothy Kendall, 1978: sin blancas vale 5; parada en la 26",
        "Gustave Jéquier, 1930: la primera fila espera en cola",
    ],
    menu_footer: "Izq./Der.: cambiar   A: elegir   B: volver",
    game_senas: "Senas",
    game_senet: "Senet",
    opp_second_remote: "Segundo mando de Wii",
    opp_same_remote: "Pasarse el mando",
    opp_beginner: "Consola: principiante",
    level_names: ["Principiante", "Fácil", "Normal", "Difícil"],
    level_best: "{}: {}% de sus turnos a menos del 1% del mejor",
    opp_easy: "Consola: fácil",
    opp_normal: "Consola: normal",
    opp_hard: "Consola: difícil",
    home_heading: "Menú HOME",
    home_resume: "Continuar",
    home_how_to_play: "Cómo se juega",
    home_restart: "Reiniciar la partida",
    home_main_menu: "Menú principal",
    home_exit: "Salir al Canal Homebrew",
    home_power_off: "Apagar la Wii",
    home_language: "Idioma: español",
    home_music: "Música: < {} >",
    home_effects: "Efectos: < {} >",
    home_rumble: "Vibración: < {} >",
    home_on: "Sí",
    home_off: "No",
    home_animations: "Animaciones: < {} >",
    home_tutor: "Tutor: < {} >",
    home_normal: "Normales",
    home_fast: "Rápidas",
    home_connect: "Conectar un mando de Wii",
    connect_press: "Pulsa 1 y 2 en el mando de Wii",
    connect_searching: "Buscando",
    connect_joined: "Mando de Wii conectado: jugador {}",
    connect_none: "No se ha encontrado ningún mando",
    connect_failed: "Ahora no puede unirse ningún mando",
    connect_cancel: "B: cancelar",
    connect_again: "A: conectar otro   B: volver",
    connect_retry: "A: reintentar   B: volver",
    sure_heading: "¿Seguro?",
    sure_restart: "Se perderá la partida en curso.",
    sure_main_menu: "Se perderá la partida en curso.",
    sure_exit: "El juego se cerrará.",
    sure_no: "No, volver",
    sure_yes_restart: "Sí, reiniciar la partida",
    sure_yes_main_menu: "Sí, ir al menú principal",
    sure_yes_exit: "Sí, salir al Canal Homebrew",
    sure_power_standby: "La Wii se apagará (luz roja).",
    sure_power_idle: "La Wii pasará a la conexión en reposo.",
    sure_yes_power: "Sí, apagar",
    pause_reconnect: "Jugador {}: vuelve a conectar tu mando de Wii",
    pause_or: "o, con algún mando aún conectado:",
    pause_play_on: "Seguir con un solo mando de Wii",
    pause_main_menu: "Menú principal",
    pause_home: "HOME: el menú HOME",
    diagnostics_heading: "Diagnóstico",
    diagnostics_footer: "Pulsa B para volver",
    diag_not_connected: "Jugador {}: sin conectar",
    diag_pointer: "Jugador {}: conectado, puntero {},{}",
    diag_pointer_off: "Jugador {}: conectado, sin puntero",
    diag_held: "pulsado:",
    diag_battery: "batería",
    diag_link: "calidad de enlace {}/255",
    diag_na: "n/d",
    selftest_heading: "Autoprueba de la consola",
    selftest_hint: "Mantén 2 y - a la vez: autoprueba de la consola",
    selftest_running: "Probando {} ({} de {})",
    selftest_probes: [
        "Consola y juego",
        "Vídeo como lo dejó el cargador",
        "Puerto IOS como lo dejó el cargador",
        "Versión de IOS",
        "Controlador Bluetooth",
        "Mandos de Wii",
        "Escritura y lectura de la tarjeta SD",
        "Bucle de CPU cronometrado",
        "Tiempo de dibujo GX",
        "Caché: línea de la imagen siguiente",
        "Caché: la copia GX leída de nuevo",
        "EFB: un dibujo leído de vuelta",
        "DMA de audio",
    ],
    selftest_verdicts: ["correcto", "FALLO", "no se pudo probar"],
    selftest_summary: "{} correctas, {} con fallo, {} sin probar",
    selftest_saving: "Guardando el informe...",
    selftest_saved: "Informe guardado en {}",
    selftest_not_saved: [
        "Informe sin guardar: no hay tarjeta SD.",
        "Informe sin guardar: la tarjeta SD está protegida.",
        "Informe sin guardar: la tarjeta SD está llena.",
        "Informe sin guardar: la tarjeta SD no tiene formato FAT.",
        "Informe sin guardar: no se pudo escribir.",
    ],
    selftest_send: "Envía SELFTEST.TXT a los desarrolladores (ver el README).",
    selftest_footer: "Pulsa B para volver",
    throwoff_senas: "¿Quién sale? Cada uno tira un dado; sale el más alto",
    throwoff_senet: "¿Quién sale? Sale el primero que saque un 1",
    throwoff_senas_round: "{} {} - {} {} {}",
    throwoff_senet_round: "{}: sacan {}",
    throwoff_white_starts: "Salen las blancas (jugador 1)",
    throwoff_black_starts: "Salen las negras",
    throwoff_cones_start: "Salen los conos (jugador 1)",
    throwoff_spools_start: "Salen los carretes",
    status_line: "{} ({}): {}",
    doing_roll: "tira los dados",
    doing_throw: "lanza las tablillas",
    doing_confirm: "A: confirmar, B: deshacer",
    doing_place: "elige adónde va",
    doing_pick: "elige una pieza",
    doing_think: "está pensando...",
    doing_move: "mueve",
    doing_gift: "entrega el regalo",
    doing_end: "termina el turno",
    doing_cannot: "no puede mover",
    senas_controls: "A: coger / dejar   B: deshacer   1: pista   HOME: menú",
    senet_controls: "A: coger / dejar   B: devolver   1: pista   HOME: menú",
    hint_thinking: "Buscando una pista...",
    hint_prefix: "Pista (casas desde tu salida):",
    hint_none: "Pista: no hay ninguna jugada posible",
    senet_hint: "Pista: de la casilla {} a la casilla {}",
    senet_hint_off: "Pista: saca la pieza de la casilla {}",
    win_chance: "Prob. de ganar {}%",
    tutor_heading: "El tutor",
    tutor_loses: "Esta jugada pierde un {}% de probabilidad de ganar.",
    tutor_take_back: "Deshacer la jugada",
    tutor_play: "Jugarla de todos modos",
    tutor_checking: "El tutor revisa la jugada...",
    senas_gift_first: "{} juega primero el regalo: {}",
    senas_no_move: "{} no tiene jugada legal: los dados pasan al rival",
    senas_tute: "¡Tute! Seis seises por jugar; después {} vuelve a tirar",
    senas_expands: "{} vale {}",
    senas_gift_after_tute: "Lo que no se juegue ({}) pasará a {} tras el tute",
    senas_gift_passes: "Lo que no se juega ({}) pasa a {} como regalo",
    senas_undone: "Jugada deshecha: el {} se puede volver a jugar",
    senas_confirm: "A: confirmar el turno   B: deshacer",
    senas_backward: "Las piezas solo avanzan por su camino.",
    pick_first: "Primero elige una pieza.",
    senet_lost_throw: "Ninguna pieza puede mover {}: se pierde la tirada",
    senet_backward: "No hay jugada hacia delante con un {}: una pieza retrocede {}",
    senet_again: [
        "Un {}: mueve y vuelve a tirar (el 1, el 3 y el 6 repiten)",
        "Un {}: mueve y vuelve a tirar (el 1, el 4 y el 5 repiten)",
        "Un {}: mueve y vuelve a tirar (el 1, el 4 y el 6 repiten)",
    ],
    senet_water: "La casilla {} es la casa del agua: la pieza vuelve a la {}",
    senet_capture: "¡Captura! Las piezas de las casillas {} y {} se cambian",
    senet_capture_to: "¡Captura! La pieza de la casilla {} vuelve a la casilla {}",
    senet_in_water: "La casilla {} es la casa del agua: la pieza se queda allí",
    senet_water_turn: "La pieza del agua sale con un {}; si no, vuelve a la {}",
    senet_bears_off: "{}: una pieza sale del tablero",
    you_win: "¡Has ganado!",
    computer_wins: "Gana la consola",
    player_wins: "Gana el jugador {}",
    side_wins: "Ganan las {}",
    sides_win: "Ganan los {}",
    score: "{} - {} piezas fuera",
    match_length_min: "{} turnos en {} min",
    match_length_s: "{} turnos en {} s",
    match_turns: "{} turnos",
    winner_items: ["Revancha", "Menú principal", "Análisis"],
    winner_footer: "Apunta y pulsa A, o usa la cruceta",
    meta_short: "Dos juegos de carreras antiguos",
    meta_long: "Senas, el juego de carreras medieval de Lorca, y el senet del antiguo Egipto, \
                con sus reglas reales (tres reconstrucciones del senet: WiiBrew 2009, Kendall, \
                Jéquier). Apunta con el mando de Wii, tira los dados, mueve y gana. Juega \
                contra la consola (fácil, normal, difícil) o contra otra persona con un segundo \
                mando de Wii o pasándose el mando. También funciona con un mando de GameCube. \
                HOME abre el menú: continuar, cómo se juega, reiniciar, menú principal, idioma \
                o volver al Canal Homebrew.",
    refusals: &refusals::ES,
    review: &review_text::ES,
};

/// The strings of `lang`.
pub fn of(lang: Language) -> &'static Strings {
    match lang {
        Language::English => &EN,
        Language::Spanish => &ES,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::text::Text;

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
