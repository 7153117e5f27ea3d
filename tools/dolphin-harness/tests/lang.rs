//! End-to-end: a console whose language is Spanish (SYSCONF `IPL.LNG` = 4, set on Dolphin's
//! command line as `-C SYSCONF.IPL.LNG=4`, see tests/sysconf.rs) boots the game in Spanish.
//! The boot log line says `lang=es` (`event=settings`, and `event=lang ... from=console`); the
//! Spanish title reaches the frame through GX as the soft renderer draws it on the host; and
//! after remote 1 points at "Jugar" and presses A, the Spanish main menu does too. Frames are
//! compared with `Frame::diff` as in tests/boot.rs (best matching dump of the run).

use dolphin_harness::{game_dol, target_dir, Controller, Dolphin, Error, Event, Frame, Session};
use senas_senet::app::AppScratch;
use senas_senet::app::{
    App, Buttons, Config, EdgeTracker, Input, Language, NullLog, Pointer, Settings, MAX_PLAYERS,
};
use senas_senet::gfx::soft::{SoftRenderer, FRAME_BYTES};
use senas_senet::gfx::{palette, Aspect, DrawList, TitleLayout};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);
const HOLD: Duration = Duration::from_millis(150);
/// As tests/boot.rs.
const PIXEL_TOLERANCE: u8 = 24;
// The menu's text edges differ a little after RGB -> YUV -> Dolphin -> PNG (96.8 % within on a
// quiet run), so the share alone is loose: the frame must also be closer to the Spanish render
// than to the English one.
const MIN_MATCHING: f64 = 0.95;
const MAX_MEAN: f64 = 3.0;

/// The soft render of the app in `language`: its first frame, then (with `click`) the frame after
/// remote 1, pointing at `click`, pressed and released A, plus `settle` idle frames.
fn soft(language: Language, aspect: Aspect, click: Option<(i16, i16)>, settle: usize) -> Vec<u8> {
    let scratch: &'static mut AppScratch = AppScratch::init_in(Box::leak(Box::new_uninit()));
    let mut config = Config::new(1);
    config.aspect = aspect;
    let app = Box::leak(Box::new(App::new(config, scratch)));
    app.set_settings(Settings {
        language,
        ..app.settings()
    });
    if let Some((x, y)) = click {
        let mut edges = EdgeTracker::default();
        let mut frame = |held: Buttons| {
            let mut input = Input::default();
            input.players[0] = edges.player(0, true, Some(Pointer::new(x, y)), held);
            for p in 1..MAX_PLAYERS {
                input.players[p] = edges.player(p, false, None, Buttons::default());
            }
            let _ = app.update(&input, &mut NullLog);
        };
        for _ in 0..30 {
            frame(Buttons::default());
        }
        frame(Buttons::A);
        for _ in 0..settle {
            frame(Buttons::default());
        }
    }
    let mut list = DrawList::new(palette::BACKGROUND);
    app.draw(&mut list);
    let mut out = vec![0u8; FRAME_BYTES];
    SoftRenderer::new().render(&list, &mut out);
    out
}

fn expect(s: &mut Session, name: &str, fields: &[(&str, &str)]) -> Result<Event, Error> {
    s.expect_event(name, fields, WAIT)
}

/// The best (mean difference, share within tolerance, dump index) of the run's dumps against
/// `soft`.
fn best(frames: &[Frame], soft: &[u8]) -> (f64, f64, usize) {
    let soft = Frame {
        width: 640,
        height: 480,
        rgba: soft.to_vec(),
    };
    let mut best = (f64::MAX, 0.0, 0);
    for (i, f) in frames.iter().enumerate() {
        if let Some(d) = f.diff(&soft, PIXEL_TOLERANCE) {
            if d.mean < best.0 {
                best = (d.mean, d.share_within(), i);
            }
        }
    }
    best
}

#[test]
fn a_spanish_console_boots_into_the_spanish_title_and_menu() {
    let dol = game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"));
    let mut aspect = Aspect::Standard;
    let mut click_at = (0, 0);
    let run = Dolphin::new(dol)
        .name("lang-es")
        .seconds(180.0)
        .arg("-C")
        .arg("SYSCONF.IPL.LNG=4")
        .arg("-C")
        .arg("SYSCONF.IPL.AR=False")
        .controller(Controller::Wiimote {
            slot: 1,
            pipe: "wm1".into(),
        })
        .run_with(|s| {
            let settings = s.wait_for_event("settings", WAIT)?;
            assert_eq!(settings.get("lang"), Some("es"), "{}", settings.line);
            if settings.get("aspect") == Some("16:9") {
                aspect = Aspect::Wide;
            }
            expect(s, "lang", &[("lang", "es"), ("from", "console")])?;
            expect(s, "wiimote_ready", &[("player", "1")])?;
            s.sleep(Duration::from_secs(2));
            let (x, y) = TitleLayout::new(aspect).item_rect(0).center();
            click_at = (x, y);
            s.aim("wm1", 1, x, y)?;
            s.tap("wm1", "A", HOLD)?;
            expect(s, "menu", &[("scene", "main")])?;
            s.sleep(Duration::from_secs(3));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("Dolphin run failed: {e}"));
    let frames: Vec<Frame> = (0..run.frames.len())
        .step_by(4)
        .filter_map(|i| run.frame(i).ok().map(|f| f.to_game_size()))
        .collect();
    assert!(!frames.is_empty(), "no frame dumps\n{}", run.report());
    let screens = target_dir().join("screens");
    std::fs::create_dir_all(&screens).expect("target/screens");
    for (name, soft, english) in [
        (
            "title",
            soft(Language::Spanish, aspect, None, 0),
            soft(Language::English, aspect, None, 0),
        ),
        (
            "menu",
            soft(Language::Spanish, aspect, Some(click_at), 60),
            soft(Language::English, aspect, Some(click_at), 60),
        ),
    ] {
        let (mean, share, i) = best(&frames, &soft);
        let (mean_en, _, _) = best(&frames, &english);
        assert!(
            mean < mean_en,
            "the {name} frame is no closer to the Spanish render (mean {mean:.3}) than to the English one ({mean_en:.3})"
        );
        frames[i]
            .save_png(&screens.join(format!("e2e_lang_es_{name}_gx.png")))
            .expect("save dump");
        Frame {
            width: 640,
            height: 480,
            rgba: soft,
        }
        .save_png(&screens.join(format!("e2e_lang_es_{name}_soft.png")))
        .expect("save soft");
        eprintln!(
            "spanish {name}: best dump {i}: mean diff {mean:.3}, {:.2} % within {PIXEL_TOLERANCE}",
            share * 100.0
        );
        assert!(
            mean <= MAX_MEAN && share >= MIN_MATCHING,
            "the Spanish {name} is not on the frame (mean {mean:.3}, {:.2} % within)\n{}",
            share * 100.0,
            run.report()
        );
    }
}
