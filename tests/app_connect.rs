//! "Connect a Wii Remote" from the HOME menu (issue 25, part 4): the row opens the screen,
//! which asks the platform for a search (`App::remote_search`), shows "Press 1 and 2", then
//! the player the remote joined as, or that none came, in English and Spanish; A searches
//! again (a new attempt), B goes back to the HOME menu on the same row and ends the search.
//! The platform's side is scripted here through `Input::search`.

mod app_support;

use app_support::{start_match, Harness};
use senas_senet::app::home::HomeChoice;
use senas_senet::app::{Buttons, Config, GameKind, Language, RemoteSearch, Settings};

fn open_connect(h: &mut Harness) {
    h.press(0, Buttons::HOME);
    assert!(h.app.home_open());
    for _ in 0..12 {
        if h.app.home_focus() == Some(HomeChoice::Connect) {
            break;
        }
        h.press(0, Buttons::DOWN);
    }
    assert_eq!(h.app.home_focus(), Some(HomeChoice::Connect));
    assert_eq!(
        h.app.remote_search(),
        None,
        "no search from the menu itself"
    );
    h.press(0, Buttons::A);
    assert!(h.app.connect().is_some(), "{}", h.screen_text());
}

#[test]
fn a_remote_held_on_1_and_2_joins_mid_match_and_the_screen_says_as_which_player() {
    let mut h = Harness::new(Config::new(11));
    start_match(&mut h, GameKind::Senet, 0);
    h.idle(10);
    open_connect(&mut h);
    assert_eq!(h.app.remote_search(), Some(0));
    assert!(
        h.shows("Press 1 and 2 on the Wii Remote"),
        "{}",
        h.screen_text()
    );
    assert!(h.shows("B: cancel"));
    h.search = RemoteSearch::Searching;
    h.idle(70);
    assert!(h.shows("Searching."), "{}", h.screen_text());
    // The platform's search found one: it is player 2 now.
    h.connected[1] = true;
    h.search = RemoteSearch::Joined(1);
    h.idle(2);
    assert!(
        h.shows("Wii Remote connected: player 2"),
        "{}",
        h.screen_text()
    );
    assert_eq!(h.app.remote_search(), None, "the search is over");
    h.save("app_connect_joined");
    // A: another search, a new attempt; the old result does not count for it.
    h.press(0, Buttons::A);
    assert_eq!(h.app.remote_search(), Some(1));
    assert!(
        h.shows("Press 1 and 2 on the Wii Remote"),
        "{}",
        h.screen_text()
    );
    h.search = RemoteSearch::Searching;
    h.idle(2);
    h.search = RemoteSearch::TimedOut;
    h.idle(2);
    assert!(h.shows("No Wii Remote found"), "{}", h.screen_text());
    assert!(h.shows("A: try again   B: back"));
    h.press(0, Buttons::B);
    assert!(h.app.home_open(), "back to the HOME menu");
    assert_eq!(h.app.home_focus(), Some(HomeChoice::Connect));
    assert_eq!(h.app.remote_search(), None);
    assert!(h.log_has("event=home choice=Connect player=1"));
    // The match goes on with the guest as player 2.
    h.press(0, Buttons::HOME);
    assert!(h.app.overlay().is_none());
}

#[test]
fn the_screen_in_spanish_cancels_with_b_and_shows_when_no_remote_can_join() {
    let mut h = Harness::new(Config::new(12));
    h.app.set_settings(Settings {
        language: Language::Spanish,
        ..h.app.settings()
    });
    open_connect(&mut h);
    assert!(
        h.shows("Pulsa 1 y 2 en el mando de Wii"),
        "{}",
        h.screen_text()
    );
    assert!(h.shows("Conectar un mando de Wii"));
    h.search = RemoteSearch::Failed;
    h.idle(2);
    assert!(
        h.shows("Ahora no puede unirse ningún mando"),
        "{}",
        h.screen_text()
    );
    h.save("app_connect_es");
    h.search = RemoteSearch::Off;
    h.press(0, Buttons::A);
    assert_eq!(h.app.remote_search(), Some(1), "try again");
    h.press(0, Buttons::B);
    assert!(h.app.home_open());
    assert_eq!(h.app.remote_search(), None, "cancelled");
}
