//! `arena analyze FILE` prints the review's figures (issue 27 part 5) exactly as the game's
//! review screen computed them: a senet match against the computer is played through the app
//! by a scripted person (the app tests' own harness, `tests/app_support`), the review the
//! winner's screen worked out over its frames is read, the match's record is written with the
//! game's record writer, and the `review ...` lines `arena analyze` prints for that file equal
//! the app's, figure for figure (the same integer code on both sides).

#[path = "../../../tests/app_support/mod.rs"]
#[allow(unused_imports)]
mod app_support;
mod cli;

use app_support::review_play::{play_senet_to_winner, Pick};
use app_support::Harness;
use senas_senet::app::review::walk::Status;
use senas_senet::app::Config;
use senas_senet::save::{write_record, RecordHeader};

fn app_match(seed: u64, pick: Pick) -> (String, String) {
    let mut h = Harness::new(Config::new(seed));
    play_senet_to_winner(&mut h, pick);
    let mut frames = 0;
    while h
        .app
        .review()
        .is_some_and(|r| r.status() == Status::Working)
    {
        h.idle(1);
        frames += 1;
        assert!(frames < 5000, "the review ends");
    }
    let review = h
        .app
        .review()
        .expect("a review after a match with a person");
    assert_eq!(review.status(), Status::Done);
    let mut figures = String::new();
    review.walk().report(&mut figures).expect("report");
    let log = h.app.match_log().text();
    let turns = log.lines().filter(|l| l.starts_with("event=turn")).count() as u32;
    let first = log
        .lines()
        .find(|l| l.starts_with("event=turn"))
        .map_or(0, |l| u8::from(l.contains("side=B")));
    let header = RecordHeader {
        game: "senet",
        rules: h.app.setup().variant.name(),
        players: ["person", "cpu_easy"],
        seed,
        first,
        turns,
        winner: 0,
    };
    let mut buf = vec![0u8; 64 * 1024];
    let n = write_record(&mut buf, &header, log).expect("the record fits");
    let record = String::from_utf8(buf[..n].to_vec()).expect("utf8");
    (record, figures)
}

fn analyze(name: &str, text: &str) -> (Option<i32>, String, String) {
    let dir = std::env::temp_dir().join(format!("arena-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(name);
    std::fs::write(&file, text).expect("write record");
    cli::arena(&["analyze", file.to_str().expect("utf8 path")])
}

#[test]
fn arena_analyze_prints_the_figures_the_apps_review_shows() {
    for (seed, pick, name) in [(7, Pick::Worst, "worst.txt"), (5, Pick::Best, "best.txt")] {
        let (record, app) = app_match(seed, pick);
        let (code, out, err) = analyze(name, &record);
        assert_eq!(code, Some(0), "{err}");
        let arena: String = out
            .lines()
            .filter(|l| l.starts_with("review "))
            .map(|l| format!("{l}\n"))
            .collect();
        println!("{name}:\n{arena}");
        assert!(!app.is_empty());
        assert_eq!(arena, app, "arena analyze and the app agree");
    }
}

#[test]
fn a_record_the_review_cannot_follow_is_an_error_not_a_panic() {
    let (record, _) = app_match(7, Pick::Worst);
    // A turn line with a move the throw cannot make.
    let bad = record.replacen(" move=", " move=1-29 was=", 1);
    let (code, _, err) = analyze("bad.txt", &bad);
    assert_eq!(code, Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
