//! Host tests of the console self-test through whole frames: the gesture on the title and on
//! the diagnostics, one probe per frame after its progress frame, the report written as a
//! file in the report format, the result screen in both languages, and a card that refuses
//! the file.

use std::string::String;
use std::vec::Vec;

use super::test_platform::Session;
use crate::app::self_test::{Saving, SELFTEST_HOLD};
use crate::app::{Buttons, Language, SceneKind, Settings};
use crate::gfx::Item;
use crate::save::Problem;
use crate::selftest::{parse, Probe, PROBES, REPORT_FILE};

fn hold_two_minus(s: &mut Session) {
    for _ in 0..SELFTEST_HOLD {
        s.frame(Buttons::TWO.union(Buttons::MINUS), None);
    }
}

fn run_to_end(s: &mut Session) {
    for _ in 0..4 * PROBES.len() {
        s.frame(Buttons::NONE, None);
    }
}

fn texts(s: &Session) -> String {
    let mut out = String::new();
    for i in s.console.list.items() {
        if let Item::Text { text, .. } = i {
            out.push_str(text);
            out.push('\n');
        }
    }
    out
}

#[test]
fn two_and_minus_on_the_title_run_every_probe_in_order_and_write_the_report() {
    let mut s = Session::boot(3, Default::default());
    assert_eq!(s.app.scene(), SceneKind::Title);
    for _ in 0..SELFTEST_HOLD - 1 {
        s.frame(Buttons::TWO.union(Buttons::MINUS), None);
    }
    assert_eq!(
        s.app.scene(),
        SceneKind::Title,
        "not before the hold is long enough"
    );
    s.frame(Buttons::TWO.union(Buttons::MINUS), None);
    assert_eq!(s.app.scene(), SceneKind::SelfTest);
    // The frame that opened the screen was drawn: the first probe runs after its progress
    // frame, one probe a frame.
    let before = s.fake.probes.len();
    s.frame(Buttons::NONE, None);
    assert_eq!(s.fake.probes.len(), before + 1);
    assert_eq!(s.fake.probes, [Probe::Machine]);
    assert!(
        texts(&s).contains("Testing Console and game (1 of 13)"),
        "{}",
        texts(&s)
    );
    run_to_end(&mut s);
    assert_eq!(s.fake.probes, PROBES.to_vec());
    let (name, bytes) = s.fake.files.last().cloned().expect("a report file");
    assert_eq!(name, REPORT_FILE);
    let text = core::str::from_utf8(&bytes).expect("utf-8");
    let report = parse(text).expect("the report parses");
    assert_eq!(report.get("cpu.verdict"), Some("pass"));
    assert_eq!(report.get("sd.verdict"), Some("unavailable"));
    assert_eq!(s.fake.files.len(), 1, "written once");
    let shown = texts(&s);
    assert!(
        shown.contains("1 passed, 0 failed, 12 could not run"),
        "{shown}"
    );
    assert!(
        shown.contains("Report saved to sd:/apps/senas-senet/SELFTEST.TXT"),
        "{shown}"
    );
    assert!(s.has("event=selftest ", "probe=cpu verdict=pass"));
    assert!(s.has(
        "event=selftest_done ",
        "pass=1 fail=0 unavailable=12 saved=ok"
    ));
    s.frame(Buttons::B, None);
    assert_eq!(s.app.scene(), SceneKind::Diagnostics);
}

#[test]
fn the_result_screen_is_kept_as_a_screenshot_beside_the_report() {
    let mut s = Session::boot(7, Default::default());
    hold_two_minus(&mut s);
    run_to_end(&mut s);
    assert_eq!(s.fake.files.len(), 1, "the report first");
    let mut frames = 0;
    while s.fake.store.shots.is_empty() || s.console.shot.busy() {
        s.frame(Buttons::NONE, None);
        frames += 1;
        assert!(frames < 200, "no screenshot after the report");
    }
    assert_eq!(
        s.app.scene(),
        SceneKind::SelfTest,
        "still on the result screen"
    );
    assert_eq!(s.fake.store.shots.len(), 1, "one screenshot");
    let (n, file) = &s.fake.store.shots[0];
    assert_eq!(*n, 1);
    assert_eq!(&file[..2], b"BM");
    assert_eq!(file.len(), 54 + 640 * 480 * 3, "the whole frame");
    assert!(s.has("event=shot ", "ok=1"));
}

#[test]
fn the_diagnostics_start_it_too_and_b_waits_for_the_report() {
    let mut s = Session::boot(4, Default::default());
    for _ in 0..35 {
        s.frame(Buttons::ONE.union(Buttons::TWO), None);
    }
    assert_eq!(s.app.scene(), SceneKind::Diagnostics);
    assert!(texts(&s).contains("Hold 2 and - together: console self-test"));
    hold_two_minus(&mut s);
    assert_eq!(s.app.scene(), SceneKind::SelfTest);
    // B does nothing while probes run.
    s.frame(Buttons::B, None);
    assert_eq!(s.app.scene(), SceneKind::SelfTest);
    run_to_end(&mut s);
    s.frame(Buttons::B, None);
    assert_eq!(s.app.scene(), SceneKind::Diagnostics);
}

#[test]
fn a_locked_card_is_said_in_both_languages_and_nothing_is_written() {
    for (lang, says) in [
        (
            Language::English,
            "Report not saved: the SD card is locked.",
        ),
        (
            Language::Spanish,
            "Informe sin guardar: la tarjeta SD está protegida.",
        ),
    ] {
        let mut s = Session::boot(5, Default::default());
        s.app.set_settings(Settings {
            language: lang,
            ..s.app.settings()
        });
        s.fake.file_problem = Some(Problem::Locked);
        hold_two_minus(&mut s);
        run_to_end(&mut s);
        assert!(s.fake.files.is_empty());
        for _ in 0..120 {
            s.frame(Buttons::NONE, None);
        }
        assert!(
            s.fake.store.shots.is_empty(),
            "no screenshot without a report"
        );
        let screen = s.app.self_test_screen().expect("still showing");
        assert_eq!(screen.saving(), Saving::NotSaved(Problem::Locked));
        assert!(texts(&s).contains(says), "{}", texts(&s));
        assert!(s.has("event=selftest_done ", "saved=locked"));
    }
}

#[test]
fn a_failing_probe_is_shown_as_failed() {
    let mut s = Session::boot(6, Default::default());
    s.fake.measure = |p| match p {
        Probe::Cpu => crate::selftest::Measure::Cpu {
            iterations: 10,
            checksum: 0,
            micros: 1,
        },
        _ => crate::selftest::Measure::Unavailable,
    };
    hold_two_minus(&mut s);
    run_to_end(&mut s);
    let shown = texts(&s);
    assert!(
        shown.contains("0 passed, 1 failed, 12 could not run"),
        "{shown}"
    );
    assert!(shown.contains("FAIL"));
    let (_, bytes) = &s.fake.files[0];
    let lines: Vec<&str> = core::str::from_utf8(bytes).unwrap().lines().collect();
    assert!(lines.contains(&"cpu.verdict=fail"));
}
