//! The review screen after a match with a person (issue 27 part 5), driven through the app as
//! a player does: the winner's panel offers Review beside Rematch and Main menu; the review
//! works over frames (a progress line meanwhile), then shows accuracy, mistakes, blunders,
//! dice luck, the first player's win-chance graph and the three worst decisions; Left/Right
//! step through them; B goes back to the panel, whose rows still work. Its figures are those of
//! the same review code run over the match's record (what `arena analyze` runs). Every frame is
//! checked by the harness (text inside the frame and its boxes); the screen is also drawn in
//! both languages at 4:3 and 16:9.

mod app_support;

use app_support::review_play::{play_senet_against, play_senet_to_winner, Pick};
use app_support::Harness;
use senas_senet::ai::senas_game::SenasScratch;
use senas_senet::app::celebration::DROP_FRAMES;
use senas_senet::app::review::walk::{MatchReview, Status};
use senas_senet::app::review::GRAPH;
use senas_senet::app::{Buttons, Config, Language, SceneKind};
use senas_senet::gfx::{Aspect, Item, Rgba};

/// The board view's colours (the how-to-play diagrams' red and green).
const REFUSED: Rgba = Rgba::rgb(230, 70, 60);
const ALLOWED: Rgba = Rgba::rgb(110, 220, 110);
use senas_senet::save::{read_header, write_record, RecordHeader};

/// Plays to the winner, lands the panel, opens Review (Right twice, A) and waits until the
/// review is done; returns the frames it took once opened.
fn open_review(h: &mut Harness, pick: Pick) -> usize {
    play_senet_to_winner(h, pick);
    h.idle(usize::from(DROP_FRAMES));
    assert_eq!(h.item_boxes().len(), 3, "Rematch, Main menu, Review");
    assert!(h.shows("Review"), "{}", h.screen_text());
    h.pointers[0] = None;
    h.press(0, Buttons::RIGHT);
    h.press(0, Buttons::RIGHT);
    h.press(0, Buttons::A);
    assert!(h.app.reviewing(), "A on Review opens the review");
    assert!(h.item_boxes().is_empty(), "no winner rows under the review");
    let mut frames = 0;
    while h
        .app
        .review()
        .is_some_and(|r| r.status() == Status::Working)
    {
        assert!(
            h.shows("Reviewing the match"),
            "the progress line: {}",
            h.screen_text()
        );
        h.idle(1);
        frames += 1;
        assert!(frames < 2000, "the review ends");
    }
    h.idle(1);
    frames
}

/// The record the console layer would write for this match (header and the match log).
fn record(h: &Harness) -> String {
    let r = h.app.review().expect("a review");
    let people = r.walk().people();
    let header = RecordHeader {
        game: "senet",
        rules: h.app.setup().variant.name(),
        players: people.map(|p| if p { "person" } else { "cpu_easy" }),
        seed: 5,
        first: first_side(h),
        turns: h.app.senet().map_or(0, |m| m.turns()),
        winner: 0,
    };
    let mut buf = vec![0u8; 64 * 1024];
    let n = write_record(&mut buf, &header, h.app.match_log().text()).expect("fits");
    String::from_utf8(buf[..n].to_vec()).expect("utf8")
}

/// Who threw first, as the log's first turn says (side A is side 0).
fn first_side(h: &Harness) -> u8 {
    let log = h.app.match_log().text();
    let first = log
        .lines()
        .find(|l| l.starts_with("event=turn"))
        .unwrap_or("");
    u8::from(first.contains("side=B"))
}

fn report(r: &MatchReview) -> String {
    let mut s = String::new();
    r.report(&mut s).expect("report");
    s
}

#[test]
fn a_person_playing_the_hints_move_every_turn_has_no_mistake_and_full_accuracy() {
    let mut h = Harness::new(Config::new(5));
    let frames = open_review(&mut h, Pick::Best);
    let r = h.app.review().expect("a review");
    let s = r.walk().summary(0);
    println!(
        "best play: {} frames after opening; {}",
        frames,
        report(r.walk())
    );
    assert!(s.choices > 5, "{s:?}");
    assert_eq!((s.mistakes, s.blunders, s.accuracy), (0, 0, 1000), "{s:?}");
    assert!(s.throws > 0);
    let text = h.screen_text();
    for want in [
        "Match review",
        "Accuracy 100.0%",
        "Mistakes 0  Blunders 0",
        "Dice luck",
    ] {
        assert!(text.contains(want), "{want:?} in {text}");
    }
    assert!(text.contains("No mistakes"), "{text}");
    assert!(
        r.walk().graph().points().len() as u32 * r.walk().graph().step()
            <= r.walk().turns() + r.walk().graph().step(),
        "a point per turn (or per step)"
    );
}

#[test]
fn the_worst_moves_are_blunders_listed_worst_first_and_stepped_through() {
    let mut h = Harness::new(Config::new(5));
    open_review(&mut h, Pick::Worst);
    let r = h.app.review().expect("a review");
    let s = r.walk().summary(0);
    println!("worst play: {}", report(r.walk()));
    assert!(s.blunders > 0 && s.mistakes >= s.blunders, "{s:?}");
    assert!(s.accuracy < 950, "{s:?}");
    assert_eq!(s.worst.len(), 3);
    assert!(s.worst[0].loss >= s.worst[1].loss && s.worst[1].loss >= s.worst[2].loss);
    let text = h.screen_text();
    let first = &s.worst[0];
    for want in [
        format!("Turn {}:", first.turn),
        format!("Played {}", first.played),
        format!("Better {}", first.best),
    ] {
        assert!(text.contains(&want), "{want:?} in {text}");
    }
    assert_eq!(h.app.review().map(|r| r.picked()), Some((0, 0)));
    h.press(0, Buttons::RIGHT);
    assert_eq!(h.app.review().map(|r| r.picked()), Some((0, 1)));
    h.press(0, Buttons::LEFT);
    h.press(0, Buttons::LEFT);
    assert_eq!(h.app.review().map(|r| r.picked()), Some((0, 2)), "wraps");
    // A: the picked decision on the board, the move played in red and the better one in
    // green; A again (or B) back to the figures.
    h.press(0, Buttons::A);
    assert!(h.app.review().is_some_and(|r| r.on_board()));
    let text = h.screen_text();
    let third = &s.worst[2];
    for want in [
        format!("Turn {}:", third.turn),
        format!("Played {}", third.played),
        format!("Better {}", third.best),
    ] {
        assert!(text.contains(&want), "{want:?} on the board view: {text}");
    }
    assert!(
        !text.contains("Accuracy"),
        "the board replaces the figures: {text}"
    );
    let colours: Vec<Rgba> = h
        .list
        .items()
        .filter_map(|i| match i {
            Item::Fill { color, .. } => Some(color),
            _ => None,
        })
        .collect();
    assert!(colours.contains(&REFUSED), "the move played framed in red");
    assert!(
        colours.contains(&ALLOWED),
        "the better move framed in green"
    );
    h.save("app_review_board");
    h.press(0, Buttons::B);
    assert!(h.app.reviewing() && !h.app.review().is_some_and(|r| r.on_board()));
    assert!(h.shows("Accuracy"), "B: back to the figures");
    // B: back to the winner's panel, whose rows work as before.
    h.press(0, Buttons::B);
    assert!(!h.app.reviewing());
    assert_eq!(h.app.scene(), SceneKind::Winner);
    assert_eq!(h.item_boxes().len(), 3);
    h.press(0, Buttons::LEFT);
    h.press(0, Buttons::A);
    assert_eq!(
        h.app.scene(),
        SceneKind::Menu,
        "Left from Review, A: Main menu"
    );
}

#[test]
fn the_apps_figures_are_those_of_the_review_code_over_the_matchs_record() {
    let mut h = Harness::new(Config::new(7));
    open_review(&mut h, Pick::Worst);
    let text = record(&h);
    let header = read_header(&text).expect("a record");
    let mut again = MatchReview::of_record(&header).expect("senet");
    let mut scratch = Box::<SenasScratch>::default();
    assert_eq!(again.run(&mut scratch, &text), Status::Done);
    let app = report(h.app.review().expect("a review").walk());
    assert_eq!(report(&again), app);
    assert!(app.contains("worst 3"), "{app}");
    // Rematch still starts a match from the panel.
    h.press(0, Buttons::B);
    h.press(0, Buttons::RIGHT);
    h.press(0, Buttons::A);
    assert_eq!(
        h.app.scene(),
        SceneKind::ThrowOff,
        "Right from Review wraps to Rematch"
    );
}

#[test]
fn the_review_fits_at_4_3_and_16_9_in_both_languages_with_its_graph_in_its_panel() {
    for aspect in [Aspect::Standard, Aspect::Wide] {
        let mut config = Config::new(11);
        config.aspect = aspect;
        let mut h = Harness::new(config);
        open_review(&mut h, Pick::Worst);
        for lang in [Language::English, Language::Spanish] {
            let mut s = h.app.settings();
            s.language = lang;
            h.app.set_settings(s);
            h.idle(1);
            let heading = if lang == Language::English {
                "Match review"
            } else {
                "Análisis de la partida"
            };
            assert!(h.shows(heading), "{aspect:?} {lang:?}: {}", h.screen_text());
            h.save(&format!("app_review_{aspect:?}_{lang:?}").to_lowercase());
            // The graph: its panel, then bars inside it up to the next text.
            let items: Vec<Item> = h.list.items().collect();
            let at = items
                .iter()
                .position(|i| matches!(i, Item::Fill { rect, .. } if *rect == GRAPH))
                .expect("the graph's panel");
            let mut bars = 0;
            for i in &items[at + 1..] {
                match i {
                    Item::Fill { rect, .. } => {
                        bars += 1;
                        assert!(
                            rect.x >= GRAPH.x
                                && rect.y >= GRAPH.y
                                && rect.right() <= GRAPH.right()
                                && rect.bottom() <= GRAPH.bottom(),
                            "{rect:?} inside {GRAPH:?}"
                        );
                    }
                    Item::Text { .. } => break,
                    _ => {}
                }
            }
            assert!(bars > 10, "{bars} bars");
        }
        h.press(0, Buttons::B);
        assert_eq!(h.app.scene(), SceneKind::Winner);
    }
}

#[test]
fn two_people_passing_the_remote_are_both_reviewed_and_up_down_picks_whose_decisions() {
    let mut h = Harness::new(Config::new(3));
    play_senet_against(&mut h, Pick::Worst, 3);
    h.idle(usize::from(DROP_FRAMES));
    h.pointers[0] = None;
    h.press(0, Buttons::LEFT);
    h.press(0, Buttons::A);
    assert!(h.app.reviewing(), "Left from Rematch wraps to Review");
    for _ in 0..2000 {
        if h.app
            .review()
            .is_some_and(|r| r.status() != Status::Working)
        {
            break;
        }
        h.idle(1);
    }
    let r = h.app.review().expect("a review");
    assert_eq!(r.status(), Status::Done);
    assert_eq!(r.walk().people(), [true, true]);
    for side in 0..2 {
        let s = r.walk().summary(side);
        assert!(s.choices > 0 && s.blunders > 0, "side {side}: {s:?}");
    }
    let text = h.screen_text();
    assert!(
        text.contains("Player 1") && text.contains("Player 2"),
        "{text}"
    );
    assert!(text.contains("Player 1: worst decisions"), "{text}");
    h.press(0, Buttons::DOWN);
    assert_eq!(h.app.review().map(|r| r.picked()), Some((1, 0)));
    assert!(h.shows("Player 2: worst decisions"), "{}", h.screen_text());
    h.save("app_review_two_people");
    for lang in [Language::Spanish, Language::English] {
        let mut s = h.app.settings();
        s.language = lang;
        h.app.set_settings(s);
        h.idle(1);
    }
}
