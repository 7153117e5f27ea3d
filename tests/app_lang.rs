//! Languages: every key of the strings, refusals and how-to-play tables exists in English and
//! Spanish with the same `{}` slots and no empty entry; every screen in both languages and both
//! picture shapes keeps its text inside the frame and its boxes (the harness's guard runs on
//! each frame); the Spanish title, menu and senet rule sets show Spanish words; the HOME menu's
//! language row overrides the console's; and the accented letters Spanish needs render as their
//! own glyphs in the soft renderer (the GX renderer reads the same atlas; the e2e test
//! `tools/dolphin-harness/tests/lang.rs` compares its frame with the soft render).

mod app_support;

use app_support::Harness;
use senas_senet::app::help::{Page, Words, SENAS, SENAS_ES, SENET, SENET_ES};
use senas_senet::app::refusals::{self, Refusals};
use senas_senet::app::review::text::ReviewText;
use senas_senet::app::strings::{Strings, EN, ES};
use senas_senet::app::{Buttons, Config, GameKind, Language, NullLog, SceneKind, Settings};
use senas_senet::gfx::soft::{pixel, FRAME_BYTES};
use senas_senet::gfx::{Aspect, DrawList, Rgba, SoftRenderer};
use senas_senet::selftest::{Measure, PROBES};

/// Every entry of a strings table, by name: destructuring without `..` makes a new field a
/// compile error here until it is listed.
fn entries(t: &'static Strings) -> Vec<(&'static str, &'static str)> {
    let Strings {
        white,
        black,
        cones,
        spools,
        player_n,
        computer,
        off,
        gift,
        tie,
        title_items,
        title_subtitle,
        title_footer,
        menu_heading,
        menu_game,
        menu_opponent,
        menu_start,
        menu_back,
        menu_continue,
        menu_statistics,
        stats_heading,
        stats_columns,
        stats_none,
        stats_footer,
        saved_in,
        saved_other_device,
        saved_default,
        saved_copied,
        note_no_card,
        note_locked,
        note_full,
        note_unformatted,
        note_failed,
        note_damaged,
        note_outdated,
        menu_rules_senas,
        menu_rules,
        variant_names,
        variant_blurbs,
        menu_footer,
        game_senas,
        game_senet,
        opp_second_remote,
        opp_same_remote,
        opp_beginner,
        level_names,
        level_best,
        opp_easy,
        opp_normal,
        opp_hard,
        home_heading,
        home_resume,
        home_how_to_play,
        home_restart,
        home_main_menu,
        home_exit,
        home_power_off,
        home_language,
        home_music,
        home_effects,
        home_rumble,
        home_on,
        home_off,
        home_animations,
        home_normal,
        home_fast,
        home_tutor,
        home_connect,
        connect_press,
        connect_searching,
        connect_joined,
        connect_none,
        connect_failed,
        connect_cancel,
        connect_again,
        connect_retry,
        sure_heading,
        sure_restart,
        sure_main_menu,
        sure_exit,
        sure_no,
        sure_yes_restart,
        sure_yes_main_menu,
        sure_yes_exit,
        sure_power_standby,
        sure_power_idle,
        sure_yes_power,
        pause_reconnect,
        pause_or,
        pause_play_on,
        pause_main_menu,
        pause_home,
        diagnostics_heading,
        diagnostics_footer,
        diag_not_connected,
        diag_pointer,
        diag_pointer_off,
        diag_held,
        diag_battery,
        diag_link,
        diag_na,
        selftest_heading,
        selftest_hint,
        selftest_running,
        selftest_probes,
        selftest_verdicts,
        selftest_summary,
        selftest_saving,
        selftest_saved,
        selftest_not_saved,
        selftest_send,
        selftest_footer,
        throwoff_senas,
        throwoff_senet,
        throwoff_senas_round,
        throwoff_senet_round,
        throwoff_white_starts,
        throwoff_black_starts,
        throwoff_cones_start,
        throwoff_spools_start,
        status_line,
        doing_roll,
        doing_throw,
        doing_confirm,
        doing_place,
        doing_pick,
        doing_think,
        doing_move,
        doing_gift,
        doing_end,
        doing_cannot,
        senas_controls,
        senet_controls,
        hint_thinking,
        hint_prefix,
        hint_none,
        senet_hint,
        senet_hint_off,
        win_chance,
        tutor_heading,
        tutor_loses,
        tutor_take_back,
        tutor_play,
        tutor_checking,
        senas_gift_first,
        senas_no_move,
        senas_tute,
        senas_expands,
        senas_gift_after_tute,
        senas_gift_passes,
        senas_undone,
        senas_confirm,
        senas_backward,
        pick_first,
        senet_lost_throw,
        senet_backward,
        senet_again,
        senet_water,
        senet_capture,
        senet_capture_to,
        senet_in_water,
        senet_water_turn,
        senet_bears_off,
        you_win,
        computer_wins,
        player_wins,
        side_wins,
        sides_win,
        score,
        match_length_min,
        match_length_s,
        match_turns,
        winner_items,
        winner_footer,
        meta_short,
        meta_long,
        refusals: _,
        review: _,
    } = t;
    let mut out = vec![
        ("white", *white),
        ("black", *black),
        ("cones", *cones),
        ("spools", *spools),
        ("player_n", *player_n),
        ("computer", *computer),
        ("off", *off),
        ("gift", *gift),
        ("tie", *tie),
        ("title_subtitle", *title_subtitle),
        ("title_footer", *title_footer),
        ("menu_heading", *menu_heading),
        ("menu_game", *menu_game),
        ("menu_opponent", *menu_opponent),
        ("menu_start", *menu_start),
        ("menu_back", *menu_back),
        ("menu_continue", *menu_continue),
        ("menu_statistics", *menu_statistics),
        ("stats_heading", *stats_heading),
        ("stats_none", *stats_none),
        ("stats_footer", *stats_footer),
        ("saved_in", *saved_in),
        ("saved_other_device", *saved_other_device),
        ("saved_default", *saved_default),
        ("saved_copied", *saved_copied),
        ("note_no_card", *note_no_card),
        ("note_locked", *note_locked),
        ("note_full", *note_full),
        ("note_unformatted", *note_unformatted),
        ("note_failed", *note_failed),
        ("note_damaged", *note_damaged),
        ("note_outdated", *note_outdated),
        ("menu_rules_senas", *menu_rules_senas),
        ("menu_rules", *menu_rules),
        ("menu_footer", *menu_footer),
        ("game_senas", *game_senas),
        ("game_senet", *game_senet),
        ("opp_second_remote", *opp_second_remote),
        ("opp_same_remote", *opp_same_remote),
        ("opp_beginner", *opp_beginner),
        ("level_best", *level_best),
        ("opp_easy", *opp_easy),
        ("opp_normal", *opp_normal),
        ("opp_hard", *opp_hard),
        ("home_heading", *home_heading),
        ("home_resume", *home_resume),
        ("home_how_to_play", *home_how_to_play),
        ("home_restart", *home_restart),
        ("home_main_menu", *home_main_menu),
        ("home_exit", *home_exit),
        ("home_power_off", *home_power_off),
        ("home_language", *home_language),
        ("home_music", *home_music),
        ("home_effects", *home_effects),
        ("home_rumble", *home_rumble),
        ("home_on", *home_on),
        ("home_off", *home_off),
        ("home_animations", *home_animations),
        ("home_normal", *home_normal),
        ("home_fast", *home_fast),
        ("home_tutor", *home_tutor),
        ("home_connect", *home_connect),
        ("connect_press", *connect_press),
        ("connect_searching", *connect_searching),
        ("connect_joined", *connect_joined),
        ("connect_none", *connect_none),
        ("connect_failed", *connect_failed),
        ("connect_cancel", *connect_cancel),
        ("connect_again", *connect_again),
        ("connect_retry", *connect_retry),
        ("sure_heading", *sure_heading),
        ("sure_restart", *sure_restart),
        ("sure_main_menu", *sure_main_menu),
        ("sure_exit", *sure_exit),
        ("sure_no", *sure_no),
        ("sure_yes_restart", *sure_yes_restart),
        ("sure_yes_main_menu", *sure_yes_main_menu),
        ("sure_yes_exit", *sure_yes_exit),
        ("sure_power_standby", *sure_power_standby),
        ("sure_power_idle", *sure_power_idle),
        ("sure_yes_power", *sure_yes_power),
        ("pause_reconnect", *pause_reconnect),
        ("pause_or", *pause_or),
        ("pause_play_on", *pause_play_on),
        ("pause_main_menu", *pause_main_menu),
        ("pause_home", *pause_home),
        ("diagnostics_heading", *diagnostics_heading),
        ("diagnostics_footer", *diagnostics_footer),
        ("diag_not_connected", *diag_not_connected),
        ("diag_pointer", *diag_pointer),
        ("diag_pointer_off", *diag_pointer_off),
        ("diag_held", *diag_held),
        ("diag_battery", *diag_battery),
        ("diag_link", *diag_link),
        ("diag_na", *diag_na),
        ("selftest_heading", *selftest_heading),
        ("selftest_hint", *selftest_hint),
        ("selftest_running", *selftest_running),
        ("selftest_summary", *selftest_summary),
        ("selftest_saving", *selftest_saving),
        ("selftest_saved", *selftest_saved),
        ("selftest_send", *selftest_send),
        ("selftest_footer", *selftest_footer),
        ("throwoff_senas", *throwoff_senas),
        ("throwoff_senet", *throwoff_senet),
        ("throwoff_senas_round", *throwoff_senas_round),
        ("throwoff_senet_round", *throwoff_senet_round),
        ("throwoff_white_starts", *throwoff_white_starts),
        ("throwoff_black_starts", *throwoff_black_starts),
        ("throwoff_cones_start", *throwoff_cones_start),
        ("throwoff_spools_start", *throwoff_spools_start),
        ("status_line", *status_line),
        ("doing_roll", *doing_roll),
        ("doing_throw", *doing_throw),
        ("doing_confirm", *doing_confirm),
        ("doing_place", *doing_place),
        ("doing_pick", *doing_pick),
        ("doing_think", *doing_think),
        ("doing_move", *doing_move),
        ("doing_gift", *doing_gift),
        ("doing_end", *doing_end),
        ("doing_cannot", *doing_cannot),
        ("senas_controls", *senas_controls),
        ("senet_controls", *senet_controls),
        ("hint_thinking", *hint_thinking),
        ("hint_prefix", *hint_prefix),
        ("hint_none", *hint_none),
        ("senet_hint", *senet_hint),
        ("senet_hint_off", *senet_hint_off),
        ("win_chance", *win_chance),
        ("tutor_heading", *tutor_heading),
        ("tutor_loses", *tutor_loses),
        ("tutor_take_back", *tutor_take_back),
        ("tutor_play", *tutor_play),
        ("tutor_checking", *tutor_checking),
        ("senas_gift_first", *senas_gift_first),
        ("senas_no_move", *senas_no_move),
        ("senas_tute", *senas_tute),
        ("senas_expands", *senas_expands),
        ("senas_gift_after_tute", *senas_gift_after_tute),
        ("senas_gift_passes", *senas_gift_passes),
        ("senas_undone", *senas_undone),
        ("senas_confirm", *senas_confirm),
        ("senas_backward", *senas_backward),
        ("pick_first", *pick_first),
        ("senet_lost_throw", *senet_lost_throw),
        ("senet_backward", *senet_backward),
        ("senet_water", *senet_water),
        ("senet_capture", *senet_capture),
        ("senet_capture_to", *senet_capture_to),
        ("senet_in_water", *senet_in_water),
        ("senet_water_turn", *senet_water_turn),
        ("senet_bears_off", *senet_bears_off),
        ("you_win", *you_win),
        ("computer_wins", *computer_wins),
        ("player_wins", *player_wins),
        ("side_wins", *side_wins),
        ("sides_win", *sides_win),
        ("score", *score),
        ("match_length_min", *match_length_min),
        ("match_length_s", *match_length_s),
        ("match_turns", *match_turns),
        ("winner_footer", *winner_footer),
        ("meta_short", *meta_short),
        ("meta_long", *meta_long),
    ];
    let arrays: [(&str, &[&'static str]); 11] = [
        ("level_names", level_names),
        ("title_items", title_items),
        ("selftest_probes", selftest_probes),
        ("selftest_verdicts", selftest_verdicts),
        ("selftest_not_saved", selftest_not_saved),
        ("variant_names", variant_names),
        ("variant_blurbs", variant_blurbs),
        ("senet_again", senet_again),
        ("winner_items", winner_items),
        ("stats_columns", &stats_columns[..]),
        ("senas refusals", &t.refusals.senas),
    ];
    for (name, items) in arrays {
        out.extend(items.iter().map(|s| (name, *s)));
    }
    out.extend(refusal_entries(t.refusals));
    out.extend(review_entries(t.review));
    out
}

fn review_entries(r: &'static ReviewText) -> Vec<(&'static str, &'static str)> {
    let ReviewText {
        heading,
        working,
        failed,
        you,
        player,
        accuracy,
        mistakes,
        luck,
        luck_working,
        graph,
        worst,
        turn,
        cell,
        played,
        better,
        none,
        footer,
    } = r;
    vec![
        ("review heading", *heading),
        ("review working", *working),
        ("review failed", *failed),
        ("review you", *you),
        ("review player", *player),
        ("review accuracy", *accuracy),
        ("review mistakes", *mistakes),
        ("review luck", *luck),
        ("review luck_working", *luck_working),
        ("review graph", *graph),
        ("review worst", *worst),
        ("review turn", *turn),
        ("review cell", *cell),
        ("review played", *played),
        ("review better", *better),
        ("review none", *none),
        ("review footer", *footer),
    ]
}

fn refusal_entries(r: &'static Refusals) -> Vec<(&'static str, &'static str)> {
    let Refusals {
        game_over,
        no_such_square,
        no_own_piece,
        wrong_distance,
        own_piece,
        safe_square,
        guarded,
        barrier,
        must_move_forward,
        must_move,
        in_water,
        water_exit,
        rescue_taken,
        must_move_rescued,
        gate,
        exact_off,
        no_backward,
        not_home,
        queued,
        backward_onto_piece,
        water_taken,
        senas: _,
    } = r;
    vec![
        ("game_over", *game_over),
        ("no_such_square", *no_such_square),
        ("no_own_piece", *no_own_piece),
        ("wrong_distance", *wrong_distance),
        ("own_piece", *own_piece),
        ("safe_square", *safe_square),
        ("guarded", *guarded),
        ("barrier", *barrier),
        ("must_move_forward", *must_move_forward),
        ("must_move", *must_move),
        ("in_water", *in_water),
        ("water_exit", *water_exit),
        ("rescue_taken", *rescue_taken),
        ("must_move_rescued", *must_move_rescued),
        ("gate", *gate),
        ("exact_off", *exact_off),
        ("no_backward", *no_backward),
        ("not_home", *not_home),
        ("queued", *queued),
        ("backward_onto_piece", *backward_onto_piece),
        ("water_taken", *water_taken),
    ]
}

fn word_entries(w: &'static Words) -> Vec<(&'static str, &'static str)> {
    let Words {
        footer,
        off,
        senet_start,
        again,
        sticks_caption,
        throw_n,
        after,
        barrier,
        back_move,
        water_path,
        safe_caption,
        sena_n,
        dice,
        roll_distinct,
        roll_pair,
        roll_triple,
        roll_tute,
        first_sena,
        runner,
        rules_legend,
        refusals: _,
    } = w;
    let mut out = vec![
        ("footer", *footer),
        ("off", *off),
        ("senet_start", *senet_start),
        ("again", *again),
        ("sticks_caption", *sticks_caption),
        ("throw_n", *throw_n),
        ("after", *after),
        ("barrier", *barrier),
        ("back_move", *back_move),
        ("water_path", *water_path),
        ("safe_caption", *safe_caption),
        ("sena_n", *sena_n),
        ("dice", *dice),
        ("roll_distinct", *roll_distinct),
        ("roll_pair", *roll_pair),
        ("roll_triple", *roll_triple),
        ("roll_tute", *roll_tute),
        ("first_sena", *first_sena),
        ("runner", *runner),
    ];
    out.extend(rules_legend.iter().map(|s| ("rules_legend", *s)));
    out
}

fn page_entries(pages: &[&'static [Page]]) -> Vec<(&'static str, &'static str)> {
    pages
        .iter()
        .flat_map(|p| p.iter())
        .flat_map(|p| [("page title", p.title), ("page body", p.body)])
        .collect()
}

fn slots(s: &str) -> usize {
    s.matches("{}").count()
}

/// Both tables list the same keys in the same order; each entry is non-empty and has the same
/// number of `{}` slots in both languages.
fn same_keys(en: &[(&str, &str)], es: &[(&str, &str)]) {
    assert_eq!(en.len(), es.len(), "both tables have every key");
    for (&(ke, e), &(ks, s)) in en.iter().zip(es) {
        assert_eq!(ke, ks);
        assert!(!e.trim().is_empty(), "English {ke} is empty");
        assert!(!s.trim().is_empty(), "Spanish {ks} is empty");
        assert_eq!(slots(e), slots(s), "{ke}: {e:?} / {s:?}");
    }
}

#[test]
fn every_key_exists_in_both_languages_with_the_same_slots_and_none_is_empty() {
    same_keys(&entries(&EN), &entries(&ES));
    same_keys(
        &refusal_entries(&refusals::EN),
        &refusal_entries(&refusals::ES),
    );
    let (en_words, es_words) = (
        senas_senet::app::help::pages_of(Language::English).3,
        senas_senet::app::help::pages_of(Language::Spanish).3,
    );
    same_keys(&word_entries(en_words), &word_entries(es_words));
    let (_, _, en_rules, _) = senas_senet::app::help::pages_of(Language::English);
    let (_, _, es_rules, _) = senas_senet::app::help::pages_of(Language::Spanish);
    same_keys(
        &page_entries(&[&SENAS, &SENET, en_rules]),
        &page_entries(&[&SENAS_ES, &SENET_ES, es_rules]),
    );
    // The Spanish table really is Spanish: no entry of it is the English one, except names
    // that are the same in both (game names, rule-set names, formats without words).
    let same: Vec<&str> = entries(&EN)
        .iter()
        .zip(entries(&ES))
        .filter(|(e, s)| e.1 == s.1)
        .map(|(e, _)| e.0)
        .collect();
    for k in &same {
        assert!(
            [
                "game_senas",
                "game_senet",
                "throwoff_senas_round",
                "status_line",
                "variant_names",
                "sena_n",
                // "Normal" is the word in both languages.
                "level_names",
                // "Tutor" too (its value, Sí / No, is translated).
                "home_tutor",
            ]
            .contains(k),
            "{k} is not translated"
        );
    }
}

fn spanish(config: Config) -> Harness {
    let mut h = Harness::new(config);
    h.app.set_settings(Settings {
        language: Language::Spanish,
        ..h.app.settings()
    });
    h.idle(1);
    h
}

#[test]
fn the_spanish_title_and_menu_speak_spanish_and_offer_every_senet_rule_set() {
    let mut h = spanish(Config::new(4));
    assert!(
        h.shows("Jugar") && h.shows("Cómo se juega"),
        "{}",
        h.screen_text()
    );
    h.save("lang_es_title");
    h.press(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::Menu);
    assert!(
        h.shows("Nueva partida") && h.shows("Empezar"),
        "{}",
        h.screen_text()
    );
    h.press(0, Buttons::UP);
    h.press(0, Buttons::UP);
    h.press(0, Buttons::RIGHT); // senas -> senet: the "Reglas" row appears
    assert!(h.shows("Reglas: < WiiBrew 2009 >"), "{}", h.screen_text());
    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::DOWN);
    for want in ["Kendall", "Jéquier", "WiiBrew 2009"] {
        h.press(0, Buttons::RIGHT);
        assert!(
            h.shows(&format!("Reglas: < {want} >")),
            "{}",
            h.screen_text()
        );
        if want == "Kendall" {
            h.save("lang_es_menu_kendall");
            assert!(h.log_has("variant=kendall"));
        }
    }
}

#[test]
fn the_home_menu_language_row_overrides_the_language_and_logs_it() {
    let mut h = Harness::new(Config::new(4));
    assert!(h.shows("How to play"));
    h.press(0, Buttons::HOME);
    assert!(h.shows("Language: English"), "{}", h.screen_text());
    // Title HOME menu: resume, how to play, language, exit.
    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::A);
    assert_eq!(h.app.settings().language, Language::Spanish);
    assert!(h.log_has("event=settings lang=es"));
    assert!(h.app.take_settings_changed());
    assert!(h.shows("Idioma: español"), "{}", h.screen_text());
    h.save("lang_es_home");
    h.press(0, Buttons::B);
    assert!(h.shows("Cómo se juega"));
    h.press(0, Buttons::HOME);
    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::A);
    assert_eq!(h.app.settings().language, Language::English);
}

#[test]
fn the_console_language_picks_spanish_only_for_spanish() {
    assert_eq!(Language::for_console("es"), Language::Spanish);
    for other in ["en", "ja", "de", "fr", "it", "nl", "ko", ""] {
        assert_eq!(Language::for_console(other), Language::English);
    }
}

/// Every screen in Spanish, both shapes: title, diagnostics, the menu with every value, the
/// throw-off and a match of each game and senet rule set, its HOME menu with the "Are you
/// sure?" box, the pause, and a demo match to the winner screen. The harness checks every
/// frame's text against the frame and its boxes.
#[test]
fn every_screen_in_both_languages_and_both_shapes_fits_its_box() {
    for lang in [Language::English, Language::Spanish] {
        for aspect in [Aspect::Standard, Aspect::Wide] {
            let mut config = Config::new(8);
            config.aspect = aspect;
            let mut h = Harness::new(config);
            h.app.set_settings(Settings {
                language: lang,
                ..h.app.settings()
            });
            h.connected = [true, true, false, false];
            for _ in 0..35 {
                h.frame_with(0, Buttons::ONE.union(Buttons::TWO));
            }
            assert_eq!(h.app.scene(), SceneKind::Diagnostics);
            // The self-test's progress and result screens (their probes answered here as
            // a machine that cannot run them; the report "saved" to a long folder name).
            for _ in 0..35 {
                h.frame_with(0, Buttons::TWO.union(Buttons::MINUS));
            }
            assert_eq!(h.app.scene(), SceneKind::SelfTest);
            for p in PROBES {
                h.idle(1);
                h.app
                    .self_test_measured(p, &Measure::Unavailable, &mut NullLog);
            }
            h.app.self_test_saved(Ok(()), &mut NullLog);
            h.idle(1);
            let saved = if lang == Language::Spanish {
                "Informe guardado en"
            } else {
                "Report saved to"
            };
            assert!(h.shows(saved), "{}", h.screen_text());
            let suffix = if aspect == Aspect::Wide { "_wide" } else { "" };
            h.save(&format!("selftest_{}{suffix}", lang.key()));
            h.press(0, Buttons::B);
            assert_eq!(h.app.scene(), SceneKind::Diagnostics);
            h.press(0, Buttons::B);
            for (game, variant_steps) in [
                (GameKind::Senas, 0),
                (GameKind::Senet, 0),
                (GameKind::Senet, 1),
                (GameKind::Senet, 2),
            ] {
                h.press(0, Buttons::A); // Play
                assert_eq!(h.app.scene(), SceneKind::Menu);
                // The menu opens on "Start": row 2 for senas, 3 for senet (its "Rules" row).
                let on_senet = h.screen_text().contains("< Senet >");
                for _ in 0..if on_senet { 3 } else { 2 } {
                    h.press(0, Buttons::UP);
                }
                if on_senet != (game == GameKind::Senet) {
                    h.press(0, Buttons::RIGHT);
                }
                h.press(0, Buttons::DOWN);
                for _ in 0..senas_senet::app::Opponent::ALL.len() {
                    h.press(0, Buttons::RIGHT); // every opponent, back to where it was
                }
                h.press(0, Buttons::DOWN);
                if game == GameKind::Senet {
                    let t = if lang == Language::Spanish { &ES } else { &EN };
                    let want = format!("< {} >", t.variant_names[variant_steps]);
                    for _ in 0..3 {
                        if h.shows(&want) {
                            break;
                        }
                        h.press(0, Buttons::RIGHT);
                    }
                    assert!(h.shows(&want), "{}", h.screen_text());
                    h.press(0, Buttons::DOWN);
                }
                let before = h.screen_text();
                h.press(0, Buttons::A);
                assert_eq!(
                    h.app.scene(),
                    SceneKind::ThrowOff,
                    "{:?} {before}",
                    h.app.setup()
                );
                h.idle(120);
                h.press(0, Buttons::A); // skip the rest of the throw-off
                assert_eq!(h.app.scene(), SceneKind::Match);
                h.idle(400);
                h.press(0, Buttons::HOME);
                assert!(h.app.home_open());
                // HOME over a match: resume, how to play, restart, main menu, ...
                h.press(0, Buttons::DOWN);
                h.press(0, Buttons::DOWN);
                h.press(0, Buttons::DOWN);
                h.press(0, Buttons::A); // main menu: "Are you sure?"
                h.press(0, Buttons::DOWN);
                h.press(0, Buttons::A); // yes
                assert_eq!(h.app.scene(), SceneKind::Menu, "{}", h.screen_text());
                h.press(0, Buttons::B);
                assert_eq!(h.app.scene(), SceneKind::Title);
            }
            let mut config = Config::new(5);
            config.aspect = aspect;
            config.demo = Some(GameKind::Senet);
            let mut h = Harness::new(config);
            h.app.set_settings(Settings {
                language: lang,
                ..h.app.settings()
            });
            h.connected = [false; 4];
            for _ in 0..200_000 {
                h.idle(1);
                if h.app.scene() == SceneKind::Winner {
                    break;
                }
            }
            assert_eq!(h.app.scene(), SceneKind::Winner);
            if lang == Language::Spanish {
                assert!(h.shows("Ganan"), "{}", h.screen_text());
                let suffix = if aspect == Aspect::Wide { "_wide" } else { "" };
                h.save(&format!("lang_es_winner{suffix}"));
            }
        }
    }
}

/// Renders each character of `text` alone at scale 1 on black and returns its pixels (a
/// 24x30 box around its line) as bitmaps.
fn glyph_cells(text: &str) -> Vec<Vec<bool>> {
    text.chars()
        .map(|c| {
            let mut list = DrawList::new(Rgba::BLACK);
            list.text(4, 5, c.encode_utf8(&mut [0; 4]), Rgba::WHITE, 1);
            let mut frame = vec![0u8; FRAME_BYTES];
            SoftRenderer::new().render(&list, &mut frame);
            let mut cell = Vec::new();
            for y in 0..30 {
                for x in 0..24 {
                    cell.push(pixel(&frame, x, y) != [0, 0, 0]);
                }
            }
            cell
        })
        .collect()
}

#[test]
fn spanish_accents_render_as_their_own_glyphs_in_the_soft_renderer() {
    let accented = "áéíóúñüÁÉÍÓÚÑÜ¿¡";
    let plain = "aeiounuAEIOUNU?!";
    let a = glyph_cells(accented);
    let p = glyph_cells(plain);
    let missing = glyph_cells("\u{2603}")[0].clone(); // a character the font lacks
    for (i, c) in accented.chars().enumerate() {
        assert!(a[i].iter().any(|&on| on), "{c} draws nothing");
        assert_ne!(a[i], p[i], "{c} looks like its plain letter");
        assert_ne!(a[i], missing, "{c} is the replacement glyph");
    }
}

#[test]
fn spanish_help_pages_show_the_engines_refusals_in_spanish() {
    let mut h = spanish(Config::new(3));
    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::A); // "Cómo se juega"
    assert!(h.app.help_open(), "{}", h.screen_text());
    assert!(h.shows("Senas (Lorca, siglo XIII): el tablero"));
    h.press(0, Buttons::RIGHT);
    h.press(0, Buttons::RIGHT);
    // Captions wrap: every word on screen, in order.
    let screen = h.screen_text();
    let mut rest = screen.as_str();
    for w in "Esa casa la ocupa el rival.".split(' ') {
        let i = rest
            .find(w)
            .unwrap_or_else(|| panic!("{w:?} missing in {screen}"));
        rest = &rest[i + w.len()..];
    }
    assert!(h.shows("Página 3 de 13"), "{screen}");
}
