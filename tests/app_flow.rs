//! The app around the matches: title and diagnostics, the HOME menu (resume, how to play,
//! restart, main menu, exit), the pause when a needed remote disconnects, Reset/Power requests,
//! and replay determinism (same seed + same inputs = same final position and frame).

mod app_support;

use app_support::{click_first_senas_sub_move, start_match, Harness};
use senas_senet::app::home::{HomeChoice, HomeMenu};
use senas_senet::app::{
    Buttons, Config, GameKind, Input, Pointer, PowerMode, Request, SceneKind, Settings,
};
use senas_senet::gfx::Aspect;

/// Every button at once.
const ALL: Buttons = Buttons(0x7FF);

#[test]
fn holding_one_and_two_on_the_title_opens_diagnostics_and_b_returns() {
    let mut h = Harness::new(Config::new(1));
    h.connected = [true, true, false, false];
    h.pointers[1] = Some(Pointer::new(320, 200));
    h.battery = [Some(85), None, None, None];
    h.link = [Some(214), None, None, None];
    h.save("app_title");
    assert!(h.shows("Senas & Senet") && h.shows("Play"));
    for _ in 0..40 {
        h.frame_with(0, Buttons::ONE.union(Buttons::TWO));
    }
    assert_eq!(h.app.scene(), SceneKind::Diagnostics);
    h.frame_with(0, Buttons::A.union(Buttons::LEFT));
    assert!(
        h.shows("Player 1: connected, pointer off   held: A Left"),
        "{}",
        h.screen_text()
    );
    assert!(
        h.shows("Player 2: connected, pointer 320,200"),
        "{}",
        h.screen_text()
    );
    assert!(
        h.shows("battery 85%, link quality 214/255"),
        "{}",
        h.screen_text()
    );
    // Player 2 reports neither (a pad, or Dolphin, which has no link quality).
    assert!(
        h.shows("Player 2: connected, pointer 320,200   held:   battery n/a, link quality n/a"),
        "{}",
        h.screen_text()
    );
    assert!(h.shows("Player 3: not connected"));
    h.save("app_diagnostics");
    // The soft-rendered frame shows player 1's third line in text colour where it is drawn.
    let frame = h.render();
    let line = h
        .list
        .items()
        .find_map(|i| match i {
            senas_senet::gfx::draw_list::Item::Text { x, y, text, .. }
                if text.contains("battery 85%") =>
            {
                Some((x, y, text.len() as i16))
            }
            _ => None,
        })
        .expect("battery line drawn");
    let lit = (line.1..line.1 + 20)
        .flat_map(|y| (line.0..line.0 + 10 * line.2).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let i = (y as usize * 640 + x as usize) * 4;
            frame[i..i + 3] != frame[0..3]
        })
        .count();
    assert!(lit > 200, "battery line barely drawn: {lit} pixels");
    h.press(0, Buttons::B);
    assert_eq!(h.app.scene(), SceneKind::Title);
    assert!(h.log_has("event=menu scene=diagnostics"));
}

#[test]
fn the_main_menu_is_driven_by_the_pointer_too_and_b_goes_back() {
    let mut h = Harness::new(Config::new(1));
    let l = senas_senet::gfx::TitleLayout::new(h.app.config_aspect());
    h.click(0, l.item_rect(0));
    assert_eq!(h.app.scene(), SceneKind::Menu);
    let rows = senas_senet::app::menu::MainMenu::rows(h.app.config_aspect());
    h.click(0, rows.rect(0)); // game: Senas -> Senet
    assert!(h.shows("Game: < Senet >"), "{}", h.screen_text());
    h.click(0, rows.rect(1)); // opponent: Normal -> Hard
    assert!(h.shows("Computer: Hard"));
    h.save("app_menu");
    assert!(h.log_has("event=menu scene=main game=senet opponent=cpu_hard"));
    h.press(0, Buttons::B);
    assert_eq!(h.app.scene(), SceneKind::Title);
}

#[test]
fn the_throw_off_is_shown_before_the_match() {
    let mut h = Harness::new(Config::new(3));
    h.press(0, Buttons::A);
    h.press(0, Buttons::A); // Start (senas vs computer normal)
    assert_eq!(h.app.scene(), SceneKind::ThrowOff);
    for _ in 0..400 {
        if h.app.scene() != SceneKind::ThrowOff {
            break;
        }
        if h.shows("starts") && !h.screen_text().is_empty() {
            h.save("app_throw_off");
        }
        h.idle(1);
    }
    assert_eq!(
        h.app.scene(),
        SceneKind::Match,
        "the throw-off ends by itself"
    );
    assert!(h.log_has("event=throwoff game=senas"));
}

#[test]
fn home_menu_resumes_explains_restarts_and_leaves() {
    let mut h = Harness::new(Config::new(4));
    start_match(&mut h, GameKind::Senet, 0);
    h.idle(60);
    let before = *h.app.senet().expect("senet").position();
    h.press(0, Buttons::HOME);
    assert!(h.app.home_open());
    assert!(h.shows("Exit to the Homebrew Channel"));
    h.save("app_home_menu");
    let frozen = h.app.senet().expect("senet").phase();
    h.idle(50);
    assert_eq!(
        h.app.senet().expect("senet").phase(),
        frozen,
        "the match waits"
    );
    // How to play: down once, A; pages turn with A; B closes back to the menu.
    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::A);
    assert!(h.app.help_open());
    assert!(h.shows("Senet (ancient Egypt)"), "{}", h.screen_text());
    h.save("app_help_senet");
    h.press(0, Buttons::A);
    assert!(h.shows("the sticks"));
    h.press(0, Buttons::B);
    assert!(!h.app.help_open() && h.app.home_open());
    // B resumes.
    h.press(0, Buttons::B);
    assert!(!h.app.home_open());
    assert_eq!(*h.app.senet().expect("senet").position(), before);
    // Restart: asked first ("No" is the focus), then a new throw-off.
    h.press(0, Buttons::HOME);
    for _ in 0..2 {
        h.press(0, Buttons::DOWN);
    }
    h.press(0, Buttons::A);
    assert!(
        h.app.confirm_open() && h.shows("Are you sure?"),
        "{}",
        h.screen_text()
    );
    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::ThrowOff);
    h.press(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::Match);
    // Main menu (asked first).
    h.press(0, Buttons::HOME);
    for _ in 0..3 {
        h.press(0, Buttons::DOWN);
    }
    h.press(0, Buttons::A);
    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::Menu);
    // Back into a match and out to the Homebrew Channel.
    h.press(0, Buttons::A);
    h.press(0, Buttons::A);
    h.press(0, Buttons::HOME);
    h.press(0, Buttons::UP); // wraps to the last item, "Switch off the Wii"
    h.press(0, Buttons::UP);
    assert!(h.shows("Exit to the Homebrew Channel"));
    h.press(0, Buttons::A);
    assert!(h.requests.is_empty(), "asked first");
    assert!(h.shows("The game will close."), "{}", h.screen_text());
    h.press(0, Buttons::UP);
    h.press(0, Buttons::A);
    assert_eq!(h.requests.last(), Some(&Request::ExitToLoader));
}

/// The HOME menu's last row switches the console off the way its settings say (the platform
/// reads `IPL.IDL` into `Config::power_off`), asked first; "No" goes back to the menu and asks
/// nothing of the platform.
#[test]
fn the_home_menus_switch_off_row_asks_first_then_powers_off_as_the_console_is_set() {
    for (mode, says) in [
        (PowerMode::Standby, "The Wii will switch off (red light)."),
        (PowerMode::Idle, "The Wii will go to Standby Connection."),
    ] {
        let mut config = Config::new(4);
        config.power_off = mode;
        let mut h = Harness::new(config);
        start_match(&mut h, GameKind::Senas, 0);
        h.press(0, Buttons::HOME);
        assert!(h.shows("Switch off the Wii"), "{}", h.screen_text());
        h.press(0, Buttons::UP); // wraps to the last row
        h.press(0, Buttons::A);
        assert!(h.app.confirm_open(), "asked first");
        assert!(h.shows(says), "{mode:?}: {}", h.screen_text());
        assert!(h.shows("Yes, switch off"));
        assert!(h.requests.is_empty());
        if mode == PowerMode::Standby {
            h.save("app_home_power_off");
        }
        // "No" (the focus) goes back to the HOME menu, nothing asked of the platform.
        h.press(0, Buttons::A);
        assert!(h.app.home_open() && !h.app.confirm_open());
        assert!(h.requests.is_empty());
        // Asked again, "Yes".
        h.press(0, Buttons::UP);
        h.press(0, Buttons::A);
        h.press(0, Buttons::DOWN);
        h.press(0, Buttons::A);
        assert_eq!(h.requests.last(), Some(&Request::PowerOff));
        assert!(h.log_has("event=request what=power_off reason=menu"));
    }
}

#[test]
fn every_home_menu_row_fits_inside_the_overscan_safe_band() {
    // A TV may hide about 5% of the 480 lines at the top and at the bottom.
    for aspect in [Aspect::Standard, Aspect::Wide] {
        let m = HomeMenu::new(true, Settings::default());
        assert_eq!(m.items().len(), 13, "twelve rows and the tutor's");
        assert_eq!(m.items().last(), Some(&HomeChoice::PowerOff));
        for r in m.row_rects(aspect) {
            assert!(r.y >= 24 && r.y + r.h <= 456, "{r:?}");
        }
    }
}

#[test]
fn reset_and_power_are_requests_from_any_scene() {
    let mut h = Harness::new(Config::new(4));
    h.feed(Input {
        reset: true,
        ..Input::default()
    });
    assert_eq!(h.requests.last(), Some(&Request::ExitToLoader));
    h.feed(Input {
        power: true,
        ..Input::default()
    });
    assert_eq!(h.requests.last(), Some(&Request::PowerOff));
}

#[test]
fn a_lost_remote_pauses_the_match_until_it_returns() {
    let mut h = Harness::new(Config::new(9));
    h.connected = [true, true, false, false];
    start_match(&mut h, GameKind::Senas, 2); // second remote
    h.idle(20);
    let pos = *h.app.senas().expect("senas").position();
    let phase = h.app.senas().expect("senas").phase();
    h.connected[1] = false;
    h.idle(1);
    assert_eq!(h.app.paused_for(), Some(1));
    assert!(
        h.shows("Player 2: reconnect your Wii Remote"),
        "{}",
        h.screen_text()
    );
    h.save("app_pause");
    h.idle(300);
    assert_eq!(*h.app.senas().expect("senas").position(), pos);
    assert_eq!(
        h.app.senas().expect("senas").phase(),
        phase,
        "exactly where it was"
    );
    h.connected[1] = true;
    h.idle(1);
    assert_eq!(h.app.paused_for(), None);
    assert!(!h.shows("reconnect"));
    assert!(h.log_has("event=pause reason=disconnect player=2") && h.log_has("event=resume"));
}

/// A person against the computer for 4000 frames: the person plays the first legal sub-move
/// of each part through pointer clicks; every input frame is recorded by the harness.
fn scripted_run(seed: u64) -> Harness {
    use senas_senet::app::senas::Phase;
    let mut h = Harness::new(Config::new(seed));
    start_match(&mut h, GameKind::Senas, 5);
    while h.inputs.len() < 4000 {
        let m = h.app.senas().expect("senas");
        let human =
            m.phase() == Phase::Human && m.mover() == senas_senet::app::Controller::Human(0);
        if !human {
            h.idle(1);
            continue;
        }
        if m.awaiting_confirm() {
            h.press(0, Buttons::A);
            continue;
        }
        click_first_senas_sub_move(&mut h);
        h.idle(11);
    }
    h
}

#[test]
fn the_same_seed_and_inputs_replay_the_same_match_and_frame() {
    let a = scripted_run(31);
    let mut b = Harness::new(Config::new(31));
    for input in a.inputs.clone() {
        b.feed(input);
    }
    let (ma, mb) = (a.app.senas().expect("a"), b.app.senas().expect("b"));
    assert_eq!(ma.position(), mb.position());
    assert!(a.app.match_log().lines() > 5, "something happened");
    assert_eq!(a.app.match_log().text(), b.app.match_log().text());
    assert_eq!(a.render(), b.render(), "identical final frame");
    a.save("app_replay_final");
    let c = scripted_run(32);
    assert_ne!(
        a.app.match_log().text(),
        c.app.match_log().text(),
        "another seed, another match"
    );
}

#[test]
fn a_senas_sub_move_can_be_played_with_the_dpad_alone() {
    use senas_senet::app::senas::Phase;
    let mut h = Harness::new(Config::new(12));
    start_match(&mut h, GameKind::Senas, 3); // the same remote for both sides
    for _ in 0..200 {
        if h.app.senas().expect("senas").phase() == Phase::Human {
            break;
        }
        h.idle(1);
    }
    let m = h.app.senas().expect("senas");
    assert_eq!(m.phase(), Phase::Human);
    let side = m.position().side_to_move();
    let mut legal = heapless::Vec::new();
    h.app.senas_legal_sub_moves(&mut legal);
    let sm = legal[0];
    // The focus starts on the side's first hole; right/down walk along its path.
    for _ in 0..sm.from {
        h.press(0, Buttons::RIGHT);
    }
    h.press(0, Buttons::A);
    let m = h.app.senas().expect("senas");
    assert_eq!(m.selected(), Some(side.hole(usize::from(sm.from)) as u8));
    for _ in 0..sm.die {
        h.press(0, Buttons::DOWN);
    }
    h.press(0, Buttons::A);
    assert_eq!(h.app.senas().expect("senas").played(), &[sm]);
    h.save("app_senas_dpad_move");
}

/// Every screen in 16:9 (the guard in the harness checks each frame's text runs stay inside
/// the frame): title, diagnostics, every menu value, throw-off, both games with their HOME
/// menu and every help page, the pause, and a demo match to the winner screen.
#[test]
fn every_screen_fits_the_frame_in_16_9_too() {
    use senas_senet::gfx::Aspect;
    for game in [GameKind::Senas, GameKind::Senet] {
        let mut config = Config::new(21);
        config.aspect = Aspect::Wide;
        let mut h = Harness::new(config);
        h.connected = [true, true, true, true];
        h.pointers = [
            Some(Pointer::new(600, 40)),
            None,
            Some(Pointer::new(40, 420)),
            None,
        ];
        for _ in 0..35 {
            h.frame_with(0, Buttons::ONE.union(Buttons::TWO));
        }
        assert_eq!(h.app.scene(), SceneKind::Diagnostics);
        h.frame_with(1, ALL.minus(Buttons::B));
        h.save("app_diagnostics_wide");
        h.press(0, Buttons::B);
        h.pointers = [None; 4];
        h.connected = [true, true, false, false];
        h.press(0, Buttons::A);
        h.press(0, Buttons::UP);
        for _ in 0..senas_senet::app::Opponent::ALL.len() {
            h.press(0, Buttons::RIGHT); // every opponent
        }
        h.press(0, Buttons::RIGHT); // second remote
        h.press(0, Buttons::RIGHT);
        h.press(0, Buttons::RIGHT);
        h.press(0, Buttons::UP);
        if game == GameKind::Senet {
            h.press(0, Buttons::RIGHT);
        }
        // Down to "Start" (senet has its "Rules" row in between).
        let downs = if game == GameKind::Senet { 3 } else { 2 };
        for _ in 0..downs {
            h.press(0, Buttons::DOWN);
        }
        h.press(0, Buttons::A);
        assert_eq!(h.app.scene(), SceneKind::ThrowOff);
        h.idle(300);
        assert_eq!(h.app.scene(), SceneKind::Match);
        h.idle(200);
        h.save(&std::format!("app_{}_wide", game.name()));
        h.press(0, Buttons::HOME);
        h.press(0, Buttons::DOWN);
        h.press(0, Buttons::A);
        for _ in 0..6 {
            h.press(0, Buttons::RIGHT);
        }
        h.press(0, Buttons::B);
        h.press(0, Buttons::B);
        h.connected[0] = false;
        h.idle(2);
        assert!(
            h.app.paused_for().is_some(),
            "{:?} {:?} home={} help={}",
            h.app.scene(),
            h.app.setup(),
            h.app.home_open(),
            h.app.help_open()
        );
        h.save(&std::format!("app_{}_pause_wide", game.name()));
        h.connected[0] = true;
        h.idle(2);
    }
    let mut config = Config::new(5);
    config.aspect = Aspect::Wide;
    config.demo = Some(GameKind::Senas);
    let mut h = Harness::new(config);
    for _ in 0..100_000 {
        h.idle(1);
        if h.app.scene() == SceneKind::Winner {
            break;
        }
    }
    assert_eq!(h.app.scene(), SceneKind::Winner);
}
