//! What players tripped over (issue 11), each pinned by a test named for what the player saw:
//! stray A presses, every player's own pointer, the controller-loss trap, the senas gift
//! hand-over, hints on the board, notices over the holes, wording, the winner, 16:9, the
//! GameCube pad. Scripted input and the soft renderer, like the other app tests.

mod app_support;

use app_support::{click_first_senas_sub_move, senet_square, start_match, Harness};
use senas_senet::app::senas::Phase;
use senas_senet::app::{Buttons, Config, Controller, GameKind, Pointer, SceneKind};
use senas_senet::games::senas::{Side, HOLES};
use senas_senet::gfx::draw_list::Item;
use senas_senet::gfx::font::text_width;
use senas_senet::gfx::{palette, Aspect, AssetId, Rect, Rgba, SenasLayout, SenetLayout};

/// Colour the hints are lit in (`app::senas::draw`, `app::senet::draw`).
const HINT: Rgba = palette::HINT;

/// Points `player` at (x, y) for one idle frame (the pointer moves there).
fn point(h: &mut Harness, player: usize, x: i16, y: i16) {
    h.pointers[player] = Some(Pointer::new(x, y));
    h.frame_with(player, Buttons::NONE);
}

/// The frame rect and text of every text run containing `s`.
fn runs(h: &Harness, s: &str) -> Vec<(Rect, String)> {
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Text {
                x, y, scale, text, ..
            } if text.contains(s) => Some((
                Rect::new(x, y, text_width(text, scale), 20 * i16::from(scale)),
                text.to_string(),
            )),
            _ => None,
        })
        .collect()
}

/// Fills of colour `c` in the frame.
fn fills(h: &Harness, c: Rgba) -> Vec<Rect> {
    h.list
        .items()
        .filter_map(|i| match i {
            Item::Fill { rect, color } if color == c => Some(rect),
            _ => None,
        })
        .collect()
}

fn overlaps(a: Rect, b: Rect) -> bool {
    !a.intersect(b).is_empty()
}

/// Idles until a person (player `who`) builds a senas part.
fn until_senas_person(h: &mut Harness, who: u8) {
    for _ in 0..3000 {
        let m = h.app.senas().expect("senas");
        if m.phase() == Phase::Human && m.mover() == Controller::Human(who) {
            return;
        }
        h.idle(1);
    }
    panic!("no person's part");
}

#[test]
fn home_while_pointing_at_the_lower_board_then_a_resumes_the_match() {
    let mut h = Harness::new(Config::new(8));
    start_match(&mut h, GameKind::Senas, 0); // Computer: Hard
    h.idle(10);
    // Where "Exit to the Homebrew Channel" will open: the lower board.
    let exit_row = senas_senet::app::home::HomeMenu::rows(h.app.config_aspect()).rect(4);
    point(&mut h, 0, exit_row.center().0, exit_row.center().1);
    h.press(0, Buttons::HOME);
    assert!(h.app.home_open());
    assert!(h.shows("Resume"));
    h.press(0, Buttons::A);
    assert!(h.requests.is_empty(), "A did not quit");
    assert!(!h.app.home_open() && !h.app.confirm_open(), "A resumed");
    assert_eq!(h.app.scene(), SceneKind::Match);
    assert!(h.log_has("event=home choice=Resume"));
}

#[test]
fn a_beside_exit_on_the_title_does_nothing() {
    let mut h = Harness::new(Config::new(1));
    let l = senas_senet::gfx::TitleLayout::new(h.app.config_aspect());
    let exit = l.item_rect(2);
    point(&mut h, 0, exit.center().0, exit.center().1); // hovers "Exit to HBC"
    point(&mut h, 0, exit.right() + 30, exit.center().1); // then beside it
    h.press(0, Buttons::A);
    assert!(h.requests.is_empty(), "A beside the row did not quit");
    assert_eq!(h.app.scene(), SceneKind::Title);
    assert!(!h.app.confirm_open());
    // On the row itself, A asks first.
    h.click(0, exit);
    assert!(h.requests.is_empty() && h.app.confirm_open());
    assert!(h.shows("Are you sure?"));
    h.save("app_title_exit_confirm");
}

#[test]
fn restart_main_menu_and_exit_ask_are_you_sure_and_no_goes_back() {
    let mut h = Harness::new(Config::new(4));
    start_match(&mut h, GameKind::Senet, 0);
    h.idle(30);
    let rows = senas_senet::app::home::HomeMenu::rows(h.app.config_aspect());
    for (row, what) in [
        (2, "Yes, restart the match"),
        (3, "Yes, go to the main menu"),
    ] {
        h.press(0, Buttons::HOME);
        h.click(0, rows.rect(row));
        assert!(h.app.confirm_open(), "{}", h.screen_text());
        assert!(
            h.shows("Are you sure?") && h.shows(what),
            "{}",
            h.screen_text()
        );
        assert_eq!(h.app.scene(), SceneKind::Match, "nothing happened yet");
        h.press(0, Buttons::B); // No: back to the HOME menu
        assert!(h.app.home_open());
        h.press(0, Buttons::B);
        assert!(!h.app.home_open());
    }
    assert_eq!(h.app.scene(), SceneKind::Match);
    assert!(h.requests.is_empty());
}

#[test]
fn player_2s_a_picks_the_row_under_player_2s_pointer_in_the_home_menu() {
    let mut h = Harness::new(Config::new(9));
    h.connected = [true, true, false, false];
    start_match(&mut h, GameKind::Senet, 2); // second remote
    h.idle(10);
    h.press(0, Buttons::HOME);
    let rows = senas_senet::app::home::HomeMenu::rows(h.app.config_aspect());
    let (resume, main) = (rows.rect(0), rows.rect(3));
    point(&mut h, 0, resume.center().0, resume.center().1);
    point(&mut h, 1, main.center().0, main.center().1);
    h.press(1, Buttons::A);
    assert!(
        h.app.confirm_open(),
        "player 2 got the main menu question: {}",
        h.screen_text()
    );
    assert!(h.shows("Yes, go to the main menu"));
    assert!(h.log_has("event=home choice=MainMenu player=2"));
}

#[test]
fn two_remotes_pointing_at_different_menu_rows_each_change_their_own() {
    let mut h = Harness::new(Config::new(1));
    h.connected = [true, true, false, false];
    h.press(0, Buttons::A); // Play
    assert_eq!(h.app.scene(), SceneKind::Menu);
    let rows = senas_senet::app::menu::MainMenu::rows(h.app.config_aspect());
    point(&mut h, 0, rows.rect(0).center().0, rows.rect(0).center().1); // Game
    point(&mut h, 1, rows.rect(1).center().0, rows.rect(1).center().1); // Opponent
    h.press(1, Buttons::A);
    assert!(h.shows("Game: < Senas >"), "{}", h.screen_text());
    assert!(
        h.shows("Opponent: < Computer: Hard >"),
        "{}",
        h.screen_text()
    );
    h.press(0, Buttons::A);
    assert!(h.shows("Game: < Senet >"), "{}", h.screen_text());
    assert!(h.shows("Opponent: < Computer: Hard >"));
    // Player 2's pointer over empty space: A does nothing.
    point(&mut h, 1, 20, 460);
    h.press(1, Buttons::A);
    assert_eq!(h.app.scene(), SceneKind::Menu);
    assert!(h.shows("Game: < Senet >") && h.shows("Computer: Hard"));
}

#[test]
fn a_second_remote_match_with_one_remote_is_not_a_trap() {
    let mut h = Harness::new(Config::new(9));
    h.connected = [true, false, false, false];
    start_match(&mut h, GameKind::Senas, 2); // second remote, which is not there
    h.idle(2);
    assert_eq!(h.app.paused_for(), Some(1));
    assert!(h.shows("Player 2: reconnect your Wii Remote"));
    h.save("app_pause_one_remote");
    // HOME works in the pause.
    h.press(0, Buttons::HOME);
    assert!(h.app.home_open(), "HOME opens the HOME menu over the pause");
    h.press(0, Buttons::B); // Resume: still paused
    h.idle(1);
    assert_eq!(h.app.paused_for(), Some(1));
    // Play on with one remote: player 1 takes Black too.
    h.press(0, Buttons::A);
    h.idle(1);
    assert_eq!(h.app.paused_for(), None, "{}", h.screen_text());
    let m = h.app.senas().expect("senas");
    assert_eq!(
        m.controllers(),
        [Controller::Human(0), Controller::Human(0)]
    );
    assert!(h.log_has("event=play_on lost=2 by=1"));
    // The match goes on: someone rolls.
    h.idle(200);
    assert!(h.log_has("event=roll game=senas"));
}

/// The physical board after replaying the log's senas turn lines (holes 1-based, as logged)
/// from the start position: White's 15 on hole 1, Black's on hole 24.
fn replay_senas(lines: &[String]) -> ([i8; HOLES], [u8; 2]) {
    let mut holes = [0i8; HOLES];
    holes[0] = 15;
    holes[23] = -15;
    let mut off = [0u8; 2];
    for l in lines
        .iter()
        .filter(|l| l.starts_with("event=turn game=senas"))
    {
        let get = |k: &str| {
            l.split(' ')
                .find_map(|kv| kv.strip_prefix(k))
                .expect("field")
                .to_string()
        };
        let white = get("side=") == "White";
        let sign = if white { 1 } else { -1 };
        let moves = get("moves=");
        if moves == "none" {
            continue;
        }
        for mv in moves.split(',') {
            let (a, b) = mv.split_once('-').expect("a-b");
            let from: usize = a.parse::<usize>().expect("from") - 1;
            assert_eq!(holes[from].signum(), sign, "{l}");
            holes[from] -= sign;
            if b == "off" {
                off[usize::from(!white)] += 1;
            } else {
                let to: usize = b.parse::<usize>().expect("to") - 1;
                holes[to] += sign;
            }
        }
    }
    (holes, off)
}

#[test]
fn the_gift_hand_over_shows_the_board_replayed_from_the_log() {
    for aspect in [Aspect::Standard, Aspect::Wide] {
        let mut config = Config::new(31);
        config.aspect = aspect;
        let mut h = Harness::new(config);
        start_match(&mut h, GameKind::Senas, 5); // Computer: Easy
        let mut checked = 0;
        let mut saved = false;
        while h.inputs.len() < 30_000 && checked < 40 {
            let m = h.app.senas().expect("senas");
            if m.winner().is_some() {
                break;
            }
            if let Phase::Passing { timer, giver } = m.phase() {
                if h.shows("as a gift") && timer.left < 30 {
                    let log: Vec<String> =
                        h.app.match_log().text().lines().map(String::from).collect();
                    assert_eq!(m.shown_board(), replay_senas(&log), "gift frame board");
                    let giver_name = if giver == Side::White {
                        "White"
                    } else {
                        "Black"
                    };
                    assert!(
                        h.shows(&format!("{giver_name} (")) && h.shows("hands the gift over"),
                        "{}",
                        h.screen_text()
                    );
                    // The dice are put away while the chips cross.
                    let dice = h.list.items().any(|i| matches!(i, Item::Sprite { asset, .. } if matches!(asset, AssetId::Die1 | AssetId::Die2 | AssetId::Die3 | AssetId::Die4 | AssetId::Die5 | AssetId::Die6)));
                    assert!(!dice, "dice drawn under the sliding gift");
                    checked += 1;
                    if !saved && timer.left == 20 {
                        let name = if aspect == Aspect::Wide {
                            "after_gift_handover_wide"
                        } else {
                            "after_gift_handover"
                        };
                        h.save(name);
                        saved = true;
                    }
                }
            }
            // The person plays the first legal sub-move, through the pointer.
            let m = h.app.senas().expect("senas");
            if m.phase() == Phase::Human && m.mover() == Controller::Human(0) {
                if m.awaiting_confirm() {
                    h.press(0, Buttons::A);
                    continue;
                }
                click_first_senas_sub_move(&mut h);
                h.idle(11);
            } else {
                h.idle(1);
            }
        }
        assert!(checked >= 10, "gift hand-over frames checked: {checked}");
    }
}

#[test]
fn a_senas_hint_lights_its_holes_and_counts_from_the_movers_own_start() {
    let mut h = Harness::new(Config::new(12));
    start_match(&mut h, GameKind::Senas, 3); // one remote for both sides
                                             // Black's part: its holes must read from Black's start.
    for _ in 0..40 {
        until_senas_person(&mut h, 0);
        if h.app.senas().expect("senas").position().side_to_move() == Side::Black {
            break;
        }
        // White plays greedily through the D-pad-free path: pointer clicks.
        let l = SenasLayout::new(h.app.config_aspect());
        loop {
            let m = h.app.senas().expect("senas");
            if m.phase() != Phase::Human {
                break;
            }
            if m.awaiting_confirm() {
                h.press(0, Buttons::A);
                break;
            }
            let side = m.position().side_to_move();
            let mut legal = heapless::Vec::new();
            h.app.senas_legal_sub_moves(&mut legal);
            let sm = legal[0];
            h.click(0, l.hole_rect(side.hole(usize::from(sm.from))));
            h.click(0, l.hole_rect(side.hole(usize::from(sm.to()))));
            h.idle(11);
        }
        h.idle(90);
    }
    let m = h.app.senas().expect("senas");
    assert_eq!(m.position().side_to_move(), Side::Black);
    h.press(0, Buttons::ONE);
    for _ in 0..2000 {
        if h.app.senas().expect("senas").hint().is_some() {
            break;
        }
        h.idle(1);
    }
    let m = h.app.senas().expect("senas");
    let hint = *m.hint().expect("a hint");
    // The hint is the turn of the shipped Normal level (the learned net, issue 13).
    {
        use senas_senet::ai::senas_game::{Senas, SenasChance, SenasScratch};
        use senas_senet::ai::{Kind, Level};
        let chance = m.roll().map_or(SenasChance::Gift, SenasChance::from_roll);
        let mut scratch = Box::<SenasScratch>::default();
        let normal = senas_senet::ai::hint::<Senas>(
            &mut scratch,
            Kind::Level(Level::Normal),
            m.position(),
            &chance,
        );
        assert_eq!(Some(hint), normal, "the hint is the Normal level's turn");
    }
    let first = hint.sub_moves().next().expect("a sub-move");
    let words = format!("{}-{}", first.from + 1, first.to() + 1);
    assert!(
        h.shows("Hint (holes from your start):") && h.shows(&words),
        "{}",
        h.screen_text()
    );
    let l = SenasLayout::new(h.app.config_aspect());
    let from = l.hole_rect(Side::Black.hole(usize::from(first.from)));
    let to = l.hole_rect(Side::Black.hole(usize::from(first.to())));
    let lit = fills(&h, HINT);
    assert!(
        lit.iter().any(|&r| overlaps(r, from)),
        "the from hole is lit"
    );
    assert!(lit.iter().any(|&r| overlaps(r, to)), "the to hole is lit");
    // Its number is printed on the board, inside the hole.
    let n = (first.from + 1).to_string();
    assert!(
        runs(&h, &n)
            .iter()
            .any(|(r, t)| *t == n && from.contains(r.x, r.y)),
        "hole number {n} printed in its hole"
    );
    h.save("app_senas_hint");
}

#[test]
fn a_senet_hint_lights_its_squares_and_names_them_as_the_board_numbers_them() {
    use senas_senet::app::senet::Phase as SPhase;
    let mut h = Harness::new(Config::new(6));
    start_match(&mut h, GameKind::Senet, 3); // one remote
    for _ in 0..400 {
        if h.app.senet().expect("senet").phase() == SPhase::Human {
            break;
        }
        h.idle(1);
    }
    assert_eq!(h.app.senet().expect("senet").phase(), SPhase::Human);
    h.press(0, Buttons::ONE);
    for _ in 0..200 {
        if h.app.senet().expect("senet").hint().is_some() {
            break;
        }
        h.idle(1);
    }
    let mv = h.app.senet().expect("senet").hint().expect("a hint");
    let words = format!("Hint: square {} to square {}", mv.from(), mv.to());
    assert!(h.shows(&words), "{}", h.screen_text());
    let l = SenetLayout::new(h.app.config_aspect());
    let from = l.square_rect(usize::from(mv.from() - 1));
    assert!(
        fills(&h, HINT).iter().any(|&r| overlaps(r, from)),
        "its square is lit"
    );
    for s in [mv.from(), 29] {
        let r = l.square_rect(usize::from(s - 1));
        let n = s.to_string();
        assert!(
            runs(&h, &n)
                .iter()
                // The number's line box starts a pixel above the square (so its digits clear
                // the piece below them); the digits' ink starts 2 pixels lower, inside it.
                .any(|(t, txt)| *txt == n && r.contains(t.x, t.y + 2)),
            "square {n} numbered"
        );
    }
    h.save("app_senet_hint");
}

#[test]
fn a_senas_refusal_is_not_drawn_over_the_holes() {
    let mut h = Harness::new(Config::new(12));
    start_match(&mut h, GameKind::Senas, 3);
    until_senas_person(&mut h, 0);
    let m = h.app.senas().expect("senas");
    let side = m.position().side_to_move();
    let l = SenasLayout::new(h.app.config_aspect());
    // A hole without an own piece.
    let empty = (0..HOLES)
        .find(|&k| m.position().board()[k] == 0)
        .expect("an empty hole");
    h.click(0, l.hole_rect(empty));
    let sentence = "You have no piece on that hole.";
    assert!(h.shows(sentence), "{}", h.screen_text());
    let _ = side;
    for (r, _) in runs(&h, sentence) {
        for hole in 0..HOLES {
            assert!(
                !overlaps(r, l.hole_rect(hole)),
                "notice {r:?} over hole {hole}"
            );
        }
    }
    h.save("after_senas_notice");
}

#[test]
fn undo_says_which_number_can_be_played_again() {
    let mut h = Harness::new(Config::new(12));
    start_match(&mut h, GameKind::Senas, 3);
    until_senas_person(&mut h, 0);
    let side = h.app.senas().expect("senas").position().side_to_move();
    let mut legal = heapless::Vec::new();
    h.app.senas_legal_sub_moves(&mut legal);
    let sm = legal[0];
    let l = SenasLayout::new(h.app.config_aspect());
    h.click(0, l.hole_rect(side.hole(usize::from(sm.from))));
    h.click(0, l.hole_rect(side.hole(usize::from(sm.to()))));
    h.idle(12);
    h.press(0, Buttons::B);
    let want = format!("Move taken back: the {} can be played again", sm.die);
    assert!(h.shows(&want), "{}", h.screen_text());
    assert!(!h.shows("Sub-move"));
}

#[test]
fn the_main_menu_shows_no_file_names_and_no_row_that_changes_nothing() {
    let mut h = Harness::new(Config::new(1));
    h.press(0, Buttons::A);
    assert!(!h.shows("docs/rules.md"), "{}", h.screen_text());
    assert!(h.shows("Senas rules: Lorca, 13th century"));
    // Every row does something: game and opponent change, start starts, statistics shows the
    // statistics, back goes back (and "Continue the match" when a saved match exists); senas
    // has no rules row (one rule set), senet's "Rules" row changes the rule set.
    assert_eq!(h.app.rows().len(), 5);
    let rows = senas_senet::app::menu::MainMenu::rows(h.app.config_aspect());
    let before = h.screen_text();
    h.click(0, rows.rect(0));
    assert_ne!(h.screen_text(), before);
    let before = h.screen_text();
    h.click(0, rows.rect(1));
    assert_ne!(h.screen_text(), before);
    assert_eq!(
        h.app.rows().len(),
        6,
        "senet: game, opponent, rules, start, statistics, back"
    );
    let before = h.screen_text();
    h.click(0, rows.rect(2));
    assert_ne!(h.screen_text(), before);
    assert!(h.shows("Rules: < Kendall >"), "{}", h.screen_text());
}

#[test]
fn senet_names_the_side_that_bears_off_never_a_letter() {
    let mut config = Config::new(11);
    config.demo = Some(GameKind::Senet);
    let mut h = Harness::new(config);
    h.connected = [false; 4];
    let mut seen = false;
    for _ in 0..200_000 {
        h.idle(1);
        assert!(
            !h.shows("A bears") && !h.shows("B bears"),
            "{}",
            h.screen_text()
        );
        seen |= h.shows("Cones bear a piece off") || h.shows("Spools bear a piece off");
        if h.app.scene() == SceneKind::Winner {
            break;
        }
    }
    assert!(seen, "a bearing off was announced");
}

#[test]
fn the_last_move_is_seen_then_the_winner_screen_says_you_win_or_the_computer_wins() {
    let mut h = Harness::new(Config::new(5));
    start_match(&mut h, GameKind::Senet, 5); // Computer: Easy
    use senas_senet::app::senet::Phase as SPhase;
    let mut frames_after_win = 0;
    for _ in 0..200_000 {
        let Some(m) = h.app.senet() else { break };
        if m.winner().is_some() {
            if h.app.scene() == SceneKind::Match {
                frames_after_win += 1;
                h.idle(1);
                continue;
            }
            break;
        }
        if m.phase() == SPhase::Human && m.mover() == Controller::Human(0) {
            let mv = m.legal()[0];
            let (from, to) = (senet_square(&h, mv.from()), senet_square(&h, mv.to()));
            h.click(0, from);
            h.click(0, to);
        } else {
            h.idle(1);
        }
    }
    assert_eq!(h.app.scene(), SceneKind::Winner);
    assert!(
        frames_after_win >= 60,
        "the final board stayed {frames_after_win} frames"
    );
    let m = h.app.senet().expect("the finished match");
    let want = if m.winner().map(|s| s.index()) == Some(0) {
        "You win!"
    } else {
        "The computer wins"
    };
    assert!(h.shows(want), "{}", h.screen_text());
    h.save("app_winner_vs_computer");
}

#[test]
fn the_home_menu_heading_is_centred_on_the_frame_in_16_9() {
    let mut config = Config::new(21);
    config.aspect = Aspect::Wide;
    let mut h = Harness::new(config);
    start_match(&mut h, GameKind::Senas, 3);
    h.idle(100);
    h.press(0, Buttons::HOME);
    let (r, _) = runs(&h, "HOME menu").pop().expect("heading");
    assert!(
        (r.center().0 - 320).abs() <= 2,
        "heading centred at {}",
        r.center().0
    );
    h.save("after_home_wide");
}

#[test]
fn the_gift_label_does_not_run_into_its_chips_in_16_9() {
    let mut config = Config::new(31);
    config.aspect = Aspect::Wide;
    let mut h = Harness::new(config);
    start_match(&mut h, GameKind::Senas, 5);
    let l = SenasLayout::new(Aspect::Wide);
    let mut checked = 0;
    while h.inputs.len() < 30_000 && checked < 5 {
        let m = h.app.senas().expect("senas");
        if m.winner().is_some() {
            break;
        }
        let gift_label = runs(&h, "Gift").into_iter().find(|(_, t)| t == "Gift");
        if let Some((label, _)) = gift_label {
            let chips = fills(&h, palette::PAPYRUS);
            let first = chips
                .iter()
                .filter(|c| c.y == 228 && c.x >= label.x)
                .map(|c| c.x)
                .min()
                .expect("chips after the label");
            assert!(
                label.right() < first,
                "label {label:?} runs into chip at {first}"
            );
            checked += 1;
        }
        if m.phase() == Phase::Human && m.mover() == Controller::Human(0) {
            if m.awaiting_confirm() {
                h.press(0, Buttons::A);
                continue;
            }
            let side = m.position().side_to_move();
            let mut legal = heapless::Vec::new();
            h.app.senas_legal_sub_moves(&mut legal);
            let sm = legal[0];
            h.click(0, l.hole_rect(side.hole(usize::from(sm.from))));
            let to = usize::from(sm.to());
            h.click(
                0,
                if to < HOLES {
                    l.hole_rect(side.hole(to))
                } else {
                    l.tray_rect(side.index())
                },
            );
            h.idle(11);
        } else {
            h.idle(1);
        }
    }
    assert!(checked > 0, "a gift label was seen");
}

#[test]
fn a_gamecube_pad_moves_its_cursor_and_presses_a_under_it() {
    let mut h = Harness::new(Config::new(1));
    h.pads[0] = true;
    let l = senas_senet::gfx::TitleLayout::new(h.app.config_aspect());
    let target = l.item_rect(1); // How to play
                                 // The stick (a direction) moves the cursor down to the row.
                                 // It is drawn once it has moved more than 12 pixels from where the list first saw it (3
                                 // pixels a frame at first: on the sixth frame), like a Wii Remote's pointer.
    for frame in 0..200 {
        h.frame_with(0, Buttons::DOWN);
        let drawn = h.list.items().find_map(|i| match i {
            Item::Sprite {
                asset: AssetId::Cursor,
                rect,
                ..
            } => Some(rect),
            _ => None,
        });
        assert_eq!(
            drawn.is_some(),
            frame >= 5,
            "frame {frame}: drawn once it moved"
        );
        let Some(tip) = drawn else { continue };
        if tip.y + 4 >= target.center().1 {
            break;
        }
    }
    h.press(0, Buttons::A);
    assert!(
        h.app.help_open(),
        "A under the pad's cursor: {}",
        h.screen_text()
    );
    h.press(0, Buttons::B);
    // The title promises a pad way to the diagnostics.
    assert!(h.shows("pad: X+Y"), "{}", h.screen_text());
}
