//! Issue 25 part 5: the low-battery icon in the player's corner, drawn by the soft renderer
//! over menus and matches while that player's controller says its battery is below one bar,
//! and gone when it is not.

mod app_support;

use app_support::{start_match, Harness};
use senas_senet::app::battery_icon::{self, EMPTY};
use senas_senet::app::{Config, GameKind, SceneKind};
use senas_senet::gfx::palette;
use senas_senet::gfx::soft::pixel;

/// The colour at the middle of player `n`'s nearly empty charge, and on its outline.
fn icon_pixels(h: &Harness, n: usize) -> ([u8; 3], [u8; 3]) {
    let frame = h.render();
    let r = battery_icon::rect(n);
    let charge = pixel(&frame, (r.x + 6) as usize, (r.y + r.h / 2) as usize);
    let edge = pixel(&frame, (r.x + 1) as usize, (r.y + 1) as usize);
    (charge, edge)
}

fn rgb(c: senas_senet::gfx::Rgba) -> [u8; 3] {
    [c.r, c.g, c.b]
}

#[test]
fn a_low_battery_shows_its_icon_in_the_players_corner_on_the_title_and_only_then() {
    let mut h = Harness::new(Config::new(1));
    assert_eq!(h.app.scene(), SceneKind::Title);
    h.idle(1);
    assert_ne!(
        icon_pixels(&h, 0).0,
        rgb(EMPTY),
        "no icon with a good battery"
    );
    h.battery_low[0] = true;
    h.idle(1);
    let (charge, edge) = icon_pixels(&h, 0);
    assert_eq!(charge, rgb(EMPTY));
    assert_eq!(
        edge,
        rgb(palette::POINTERS[0]),
        "outlined in player 1's blue"
    );
    h.save("battery_low_title");
    h.battery_low[0] = false;
    h.idle(1);
    assert_ne!(
        icon_pixels(&h, 0).0,
        rgb(EMPTY),
        "gone once the battery is fine"
    );
}

#[test]
fn in_a_two_remote_match_only_the_low_players_corner_has_the_icon() {
    let mut h = Harness::new(Config::new(3));
    h.connected[1] = true;
    start_match(&mut h, GameKind::Senet, 2);
    h.battery_low[1] = true;
    h.idle(2);
    assert_eq!(h.app.scene(), SceneKind::Match);
    let (charge, edge) = icon_pixels(&h, 1);
    assert_eq!(charge, rgb(EMPTY), "player 2, top right");
    assert_eq!(edge, rgb(palette::POINTERS[1]));
    assert_ne!(
        icon_pixels(&h, 0).0,
        rgb(EMPTY),
        "player 1's battery is fine"
    );
    h.save("battery_low_match");
    // A disconnected controller shows no icon, whatever it said before.
    h.connected[1] = false;
    h.idle(1);
    assert_ne!(icon_pixels(&h, 1).0, rgb(EMPTY));
}
