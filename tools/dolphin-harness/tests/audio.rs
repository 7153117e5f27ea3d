//! End-to-end sound (issue 14): Dolphin dumps what the game's audio DMA plays
//! (`Dolphin::dump_audio`: `[DSP] DumpAudio`, 32000 Hz WAV in `Dump/Audio/`), and the tests
//! find in it, sample for sample, what the host's mixer renders for the same events, at the
//! DMA frame the game logged (`event=sfx name=... at=N`: N frames after the DMA started).
//! Dolphin's AI log channel must report the ring the game logged (`event=audio_start`).
//! Music and effects turned to 0 in the HOME menu make the rest of the dump silent.

use dolphin_harness::{
    check_no_underruns, game_dol, AudioDump, Controller, Dolphin, Error, Event, Run, Session,
};
use senas_senet::app::home::HomeMenu;
use senas_senet::app::menu::{start_row, MainMenu};
use senas_senet::app::GameKind;
use senas_senet::app::Settings;
use senas_senet::audio::{Mixer, Music, Sfx, RATE};
use senas_senet::games::senet::{self, Move, MoveList, Position, Side, Throw, Variant, OFF};
use senas_senet::gfx::{Aspect, Rect, SenetLayout, TitleLayout};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(120);
/// Button hold: long enough to span several emulated frames when the machine is loaded.
const HOLD: Duration = Duration::from_millis(400);

fn dol() -> std::path::PathBuf {
    game_dol("SENAS_DOL", "senas-senet.dol").unwrap_or_else(|e| panic!("{e}"))
}

/// The AI line of Dolphin's log names the ring the game logged, with its length.
fn assert_dma_line(run: &Run) {
    let start = run.event("audio_start").expect("event=audio_start");
    let ring = start.get("ring").expect("ring=");
    let blocks = start.get("blocks").expect("blocks=");
    let want_addr = format!(
        "0x{:08x}",
        u32::from_str_radix(ring.trim_start_matches("0x"), 16).unwrap()
    );
    let line = run
        .dolphin_log
        .lines()
        .find(|l| l.contains("Audio DMA configured"))
        .unwrap_or_else(|| panic!("no AI DMA line in Dolphin's log\n{}", run.report()));
    assert!(
        line.contains(&format!("{blocks} blocks from {want_addr}")),
        "{line} vs ring={ring} blocks={blocks}"
    );
}

fn dump(run: &Run) -> AudioDump {
    let d = run
        .audio_dump()
        .unwrap_or_else(|e| panic!("{e}\n{}", run.report()));
    assert_eq!(d.rate, RATE, "{}", d.path.display());
    d
}

#[test]
fn the_title_music_plays_through_the_audio_dma_sample_exact() {
    let run = Dolphin::new(dol())
        .name("audio-title")
        .dump_audio()
        .log_only()
        // Three seconds of emulated time (a loaded machine runs slower than real time).
        .until("event=frame n=180 ")
        .seconds(120.0)
        .run()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_dma_line(&run);
    let d = dump(&run);
    // The host's render of the title: music at the default volume from the first frame.
    let n = 2 * RATE as usize;
    let mut m = Mixer::new();
    m.set_volumes(
        Settings::DEFAULT.music_volume,
        Settings::DEFAULT.effects_volume,
    );
    m.set_music(true);
    let mut want = vec![0i16; n];
    m.mix(&mut want);
    let found = d.find(&want, 0).unwrap_or_else(|| {
        panic!(
            "the first 2 s of the title music are not in {} ({} frames)",
            d.path.display(),
            d.frames.len()
        )
    });
    let start = run.event("audio_start").expect("audio_start");
    let music = run.event("music").expect("event=music");
    assert_eq!(music.get("on"), Some("1"), "{}", music.line);
    let at = found;
    eprintln!(
        "title music found at dump frame {at} ({} ms), logged at DMA frame {:?}; audio_start t_ms={:?}; loop {} frames",
        at as u64 * 1000 / u64::from(RATE),
        music.get("at"),
        start.get("t_ms"),
        Music::LOOP_FRAMES
    );
    assert!(
        d.frames[..at].iter().all(|&f| f == (0, 0)),
        "silence before the DMA starts"
    );
    // The whole run keeps up: the music continues sample-exact to the end of the dump.
    let frames = d.frames.len() - at;
    let mut m = Mixer::new();
    m.set_volumes(
        Settings::DEFAULT.music_volume,
        Settings::DEFAULT.effects_volume,
    );
    m.set_music(true);
    let mut all = vec![0i16; frames];
    m.mix(&mut all);
    let played = all
        .iter()
        .zip(&d.frames[at..])
        .take_while(|(w, g)| (**w, **w) == **g)
        .count();
    assert!(run.events("audio_underrun").is_empty(), "{}", run.report());
    // The music plays on until the game stops the DMA (Dolphin's stop presses Power; the
    // game leaves through its exit path): from there, silence.
    assert!(
        played >= 2 * RATE as usize,
        "only {played} of {frames} frames match"
    );
    assert!(
        d.silent(at + played..d.frames.len()),
        "after the music: silence (DMA stopped), {} frames left",
        frames - played
    );
    assert!(
        run.event("request").is_some() || played == frames,
        "{}",
        run.report()
    );
    let cost: Vec<u64> = run
        .events("frame")
        .iter()
        .filter_map(|e| e.num::<u64>("audio_us_max"))
        .collect();
    eprintln!(
        "bench: audio mix+refill per frame, worst per second (us, Dolphin timebase): {cost:?}"
    );
    assert!(!cost.is_empty(), "the frame lines report the audio time");
    assert_no_underruns(&run);
}

fn wiimote() -> Controller {
    Controller::Wiimote {
        slot: 1,
        pipe: "wm1".into(),
    }
}

fn expect(s: &mut Session, name: &str, fields: &[(&str, &str)]) -> Result<Event, Error> {
    s.expect_event(name, fields, WAIT)
}

/// Points remote 1 at the centre of `r` (frame pixels), waits until the game's pointer is
/// there, presses A.
fn click(s: &mut Session, r: Rect) -> Result<(), Error> {
    let (x, y) = r.center();
    s.aim("wm1", 1, x, y)?;
    s.tap("wm1", "A", HOLD)?;
    s.sleep(Duration::from_millis(300));
    Ok(())
}

fn tap(s: &mut Session, button: &str) -> Result<(), Error> {
    s.tap("wm1", button, HOLD)?;
    s.sleep(Duration::from_millis(150));
    Ok(())
}

/// The senet position after the throw-off and every logged senet turn (as tests/match.rs).
fn replay(lines: &[String]) -> Position {
    let mut pos = Position::start(Variant::Wiibrew2009, Side::A);
    for l in lines {
        let e = Event::parse(l);
        match e.name() {
            Some("throwoff") => {
                let first = if e.get("first") == Some("1") {
                    Side::B
                } else {
                    Side::A
                };
                pos = Position::start(Variant::Wiibrew2009, first);
            }
            Some("turn") if e.get("game") == Some("senet") => {
                let throw = e.num::<u8>("throw").and_then(Throw::from_distance);
                let mv = throw.and_then(|t| {
                    let text = e.get("move")?;
                    if text == "pass" {
                        return Some(Move::pass(t));
                    }
                    let (a, b) = text.split_once('-')?;
                    Some(Move::step(t, a.parse().ok()?, b.parse().ok()?))
                });
                if let Some(mv) = mv {
                    pos = senet::apply(&pos, mv);
                }
            }
            _ => {}
        }
    }
    pos
}

fn square_rect(layout: &SenetLayout, sq: u8) -> Rect {
    if sq == OFF {
        layout.exit_rect()
    } else {
        layout.square_rect(usize::from(sq - 1))
    }
}

/// Picks up `mv`'s piece and puts it on its target with the pointer, checking each step in
/// the log and starting over (B drops a wrong pick) when a loaded machine lost a press or the
/// pointer had not arrived yet.
fn play_move(s: &mut Session, board: &SenetLayout, mv: Move) -> Result<(), Error> {
    let short = Duration::from_secs(4);
    for _ in 0..5 {
        click(s, square_rect(board, mv.from()))?;
        match s.wait_for("pick", short, |l| l.starts_with("event=sfx name=pick_up")) {
            Ok(_) => {}
            Err(Error::Timeout { .. }) => continue,
            Err(e) => return Err(e),
        }
        click(s, square_rect(board, mv.to()))?;
        let human = |l: &str| l.starts_with("event=turn game=senet side=A by=human");
        match s.wait_for("the person's move", short, human) {
            Ok(_) => return Ok(()),
            Err(Error::Timeout { .. }) => tap(s, "B")?,
            Err(e) => return Err(e),
        }
    }
    expect(
        s,
        "turn",
        &[("game", "senet"), ("side", "A"), ("by", "human")],
    )
    .map(|_| ())
}

/// The logged events with an `at=` DMA frame, in order: (line's event, name, at).
fn timed(run: &Run, event: &str) -> Vec<(String, u64)> {
    run.events(event)
        .iter()
        .filter_map(|e| {
            Some((
                e.get("name").or(e.get("on"))?.to_string(),
                e.num::<u64>("at")?,
            ))
        })
        .collect()
}

/// The host's mix of `sfx` events (name, DMA frame) from `from` to `to`, effects at `volume`,
/// music off: what the console must have played there.
fn reference(events: &[(String, u64)], from: u64, to: u64, volume: u8) -> Vec<i16> {
    let mut m = Mixer::new();
    m.set_volumes(0, volume);
    let mut out = Vec::new();
    let mut t = from;
    for (name, at) in events.iter().filter(|(_, at)| (from..to).contains(at)) {
        let mut gap = vec![0i16; (*at - t) as usize];
        m.mix(&mut gap);
        out.extend(gap);
        t = *at;
        m.play(Sfx::from_name(name).expect("a known effect"));
    }
    let mut rest = vec![0i16; (to - t) as usize];
    m.mix(&mut rest);
    out.extend(rest);
    out
}

#[test]
fn a_senet_throw_and_move_sound_sample_exact_and_the_home_menu_pause_is_silent() {
    let run = Dolphin::new(dol())
        .name("audio-senet")
        .dump_audio()
        .log_only()
        .seconds(240.0)
        .controller(wiimote())
        .run_with(|s| {
            let settings = s.wait_for_event("settings", WAIT)?;
            let aspect = if settings.get("aspect") == Some("16:9") {
                Aspect::Wide
            } else {
                Aspect::Standard
            };
            let board = SenetLayout::new(aspect);
            let rows = MainMenu::rows(aspect);
            expect(s, "wiimote_ready", &[("player", "1")])?;
            click(s, TitleLayout::new(aspect).item_rect(0))?; // Play
            expect(s, "menu", &[("scene", "main")])?;
            click(s, rows.rect(0))?; // Game: Senas -> Senet
            expect(s, "menu", &[("game", "senet")])?;
            click(s, rows.rect(start_row(GameKind::Senet)))?; // Start (opponent: Computer: Normal)
            expect(s, "start", &[("game", "senet")])?;
            // The person throws and moves (again after a 1, 3 or 6) until the computer throws.
            let mut moved = false;
            loop {
                let throw = expect(s, "throw", &[("game", "senet")])?;
                if throw.get("side") == Some("B") {
                    if moved {
                        break;
                    }
                    continue;
                }
                let t = throw
                    .num::<u8>("value")
                    .and_then(Throw::from_distance)
                    .expect("value");
                s.sleep(Duration::from_millis(700));
                let pos = replay(&s.lines());
                let mut legal = MoveList::new();
                senet::legal_moves(&pos, t, &mut legal);
                let Some(&mv) = legal.iter().find(|m| !m.is_pass()) else {
                    continue;
                };
                play_move(s, &board, mv)?;
                // The pointer off every HOME menu row, so the D-pad counts from the top.
                s.point("wm1", 0.03, 0.03)?;
                moved = true;
            }
            // The computer's sticks are sounding: HOME at once pauses them.
            tap(s, "START")?;
            expect(s, "audio_pause", &[("on", "1")])?;
            s.sleep(Duration::from_millis(1500));
            // B resumes (pressed again if a loaded machine dropped it).
            let said = |s: &Session, text: &str| s.lines().iter().any(|l| l.contains(text));
            for _ in 0..10 {
                if said(s, "event=audio_pause on=0") {
                    break;
                }
                tap(s, "B")?; // resume
            }
            expect(s, "audio_pause", &[("on", "0")])?;
            s.wait_for_event("sfx", WAIT)?;
            s.sleep(Duration::from_millis(1500));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert_dma_line(&run);
    let d = dump(&run);

    // Where the DMA's frame 0 is in the dump: the title music starts there.
    let music_at = run
        .event("music")
        .and_then(|e| e.num::<u64>("at"))
        .expect("event=music at=");
    let music_off = run
        .events("music")
        .iter()
        .find(|e| e.get("on") == Some("0"))
        .and_then(|e| e.num::<u64>("at"));
    let len = music_off.map_or(u64::from(RATE), |off| (off - music_at).min(u64::from(RATE)));
    assert!(len > 1000, "the title music played {len} frames");
    let mut m = Mixer::new();
    m.set_volumes(Settings::DEFAULT.music_volume, 0);
    m.set_music(true);
    let mut music = vec![0i16; len as usize];
    m.mix(&mut music);
    let origin = d.find(&music, 0).expect("the title music in the dump") as u64 - music_at;

    let sfx = timed(&run, "sfx");
    let pauses = timed(&run, "audio_pause");
    let pause_at = pauses.iter().find(|(on, _)| on == "1").expect("paused").1;
    let resume_at = pauses.iter().find(|(on, _)| on == "0").expect("resumed").1;
    eprintln!("dump origin {origin}; sfx {sfx:?}; pause {pause_at}..{resume_at}");

    // The person's throw, pick-up and move, each found on its own, sample-exact, at origin + at
    // (the person's first throw comes first; the move's effect follows the first pick-up).
    let after_throw = run
        .gecko
        .iter()
        .skip_while(|l| !l.starts_with("event=throw game=senet side=A"))
        .find(|l| l.starts_with("event=sfx"))
        .map(|l| Event::parse(l))
        .expect("the sound of the person's throw");
    let throw_at = after_throw.num::<u64>("at").expect("at=");
    let throw = sfx
        .iter()
        .find(|(_, at)| *at == throw_at)
        .expect("in the list");
    assert_eq!(throw.0, "sticks");
    let pick = sfx
        .iter()
        .position(|(n, _)| n == "pick_up")
        .expect("a pick-up");
    for (name, at) in [throw, &sfx[pick], &sfx[pick + 1]] {
        assert!(*at < pause_at);
        let mut m = Mixer::new();
        m.set_volumes(0, Settings::DEFAULT.effects_volume);
        let fx = Sfx::from_name(name).unwrap();
        m.play(fx);
        let mut want = vec![0i16; fx.frames() as usize];
        m.mix(&mut want);
        // An effect that overlaps another (the computer's piece landing as the person
        // throws) is checked only in the whole mix below.
        let overlaps = sfx.iter().any(|(n, a)| {
            let len = Sfx::from_name(n).map_or(0, |f| u64::from(f.frames()));
            (n, a) != (name, at) && *a < at + u64::from(fx.frames()) && a + len > *at
        });
        if overlaps {
            eprintln!("{name} at {at} overlaps another effect: checked in the mix");
            continue;
        }
        // Searched from a quarter second before: an earlier throw of the computer's has
        // the same waveform.
        let from = (origin + at).saturating_sub(u64::from(RATE) / 4) as usize;
        let found = d.find(&want, from).map(|i| i as u64);
        assert_eq!(found, Some(origin + at), "{name} at DMA frame {at}");
    }
    // Sounds on the landing (issue 28, part 3): the move's effect is not played when the move
    // is decided but on the frame its piece lands, after the glide (`event=landed`).
    let g = &run.gecko;
    let turn = g
        .iter()
        .position(|l| l.starts_with("event=turn game=senet side=A by=human"))
        .expect("the person's move");
    let landed = turn
        + g[turn..]
            .iter()
            .position(|l| l.starts_with("event=landed game=senet side=A"))
            .expect("the person's piece lands");
    let effect = turn
        + g[turn..]
            .iter()
            .position(|l| l.starts_with("event=sfx"))
            .expect("the move's effect");
    assert!(
        effect > landed,
        "the move's effect after the landing: {:?}",
        &g[turn..=effect.max(landed)]
    );
    assert!(
        g[landed..effect]
            .iter()
            .all(|l| !l.starts_with("event=frame ") && !l.starts_with("event=throw")),
        "the effect on the landing's frame: {:?}",
        &g[landed..=effect]
    );
    // Everything from the first effect to the pause is the host's mix of the logged effects.
    let first = sfx[0].1;
    let want = reference(&sfx, first, pause_at, Settings::DEFAULT.effects_volume);
    let got: Vec<i16> = d.frames[(origin + first) as usize..(origin + pause_at) as usize]
        .iter()
        .map(|&(l, r)| {
            assert_eq!(l, r, "mono");
            l
        })
        .collect();
    let diff = want.iter().zip(&got).position(|(w, g)| w != g);
    assert_eq!(
        diff, None,
        "the dump differs from the reference mix at frame {diff:?} after {first}"
    );
    // Each effect sounds at the time the game logged for it (the boot offset is the dump's
    // silence before the DMA started, less the game's audio_start time).
    let start_ms = run
        .event("audio_start")
        .and_then(|e| e.num::<u64>("t_ms"))
        .expect("t_ms");
    let boot_ms = (origin * 1000 / u64::from(RATE)).saturating_sub(start_ms);
    for e in run
        .events("sfx")
        .iter()
        .filter(|e| e.num::<u64>("at").is_some_and(|a| a < pause_at))
    {
        let (at, t_ms) = (e.num::<u64>("at").unwrap(), e.num::<u64>("t_ms").unwrap());
        let heard_ms = (origin + at) * 1000 / u64::from(RATE);
        let late = heard_ms as i64 - (t_ms + boot_ms) as i64;
        assert!(
            (0..=90).contains(&late),
            "{} heard {late} ms after it was logged",
            e.line
        );
    }
    // HOME paused: nothing plays until it closes, though the computer's sticks were sounding.
    assert!(
        d.silent((origin + pause_at) as usize..(origin + resume_at) as usize),
        "sound during the pause"
    );
    let cs = sfx
        .iter()
        .rfind(|(n, at)| n == "sticks" && *at < pause_at)
        .expect("the computer's sticks")
        .1;
    let cut = pause_at
        .saturating_sub(cs)
        .min(u64::from(Sfx::Sticks.frames()));
    eprintln!(
        "the computer's sticks sounded {cut} of {} frames before the pause",
        Sfx::Sticks.frames()
    );
    // After the resume the match sounds again.
    assert!(
        sfx.iter().any(|(_, at)| *at > resume_at),
        "an effect after the resume: {sfx:?}"
    );
    assert!(
        !d.silent((origin + resume_at) as usize..d.frames.len()),
        "silent after the resume"
    );
    // The person's throw rumbled their remote, on then off.
    let rumble: Vec<String> = run
        .events("rumble")
        .iter()
        .map(|e| e.line.clone())
        .collect();
    assert!(
        rumble
            .windows(2)
            .any(|w| w[0].contains("player=1 on=1") && w[1].contains("player=1 on=0")),
        "{rumble:?}"
    );
    assert_no_underruns(&run);
}

/// The HOME menu's sound row `row` (title menu: resume, how to play, language, music,
/// effects, rumble, exit): points at it and presses A (each A steps the volume up, the loudest
/// wraps to 0) until the game logs `event=settings ... KEY=0`; returns that line.
fn home_volume_to_zero(
    s: &mut Session,
    aspect: Aspect,
    row: usize,
    key: &str,
) -> Result<Event, Error> {
    let said_zero = |s: &Session| {
        s.lines()
            .iter()
            .rev()
            .map(|l| Event::parse(l))
            .find(|e| e.name() == Some("settings") && e.get(key).is_some())
            .filter(|e| e.get(key) == Some("0"))
    };
    let (x, y) = HomeMenu::rows(aspect).rect(row).center();
    s.aim("wm1", 1, x, y)?;
    for _ in 0..30 {
        if let Some(e) = said_zero(s) {
            return Ok(e);
        }
        tap(s, "A")?;
        // One press at a time: the next only once this one is logged (or lost).
        let changed = |l: &str| l.starts_with("event=settings ") && l.contains(key);
        match s.wait_for(key, Duration::from_secs(4), changed) {
            Ok(_) | Err(Error::Timeout { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    said_zero(s).ok_or_else(|| Error::Timeout {
        waited: WAIT,
        what: format!("event=settings {key}=0"),
        lines: s.lines(),
    })
}

#[test]
fn music_and_effects_at_zero_from_the_home_menu_make_the_dump_silent() {
    let run = Dolphin::new(dol())
        .name("audio-volume-zero")
        .dump_audio()
        .log_only()
        .seconds(240.0)
        .controller(wiimote())
        .run_with(|s| {
            let settings = s.wait_for_event("settings", WAIT)?;
            let aspect = if settings.get("aspect") == Some("16:9") {
                Aspect::Wide
            } else {
                Aspect::Standard
            };
            expect(s, "wiimote_ready", &[("player", "1")])?;
            // The title music plays at its default volume for a while.
            s.sleep(Duration::from_millis(3000));
            s.point("wm1", 0.03, 0.03)?;
            s.sleep(Duration::from_millis(500));
            tap(s, "START")?; // HOME
            expect(s, "home", &[("open", "1")])?;
            let music = home_volume_to_zero(s, aspect, 3, "music")?;
            assert_ne!(music.get("effects"), Some("0"), "{}", music.line);
            let effects = home_volume_to_zero(s, aspect, 4, "effects")?;
            assert_eq!(effects.get("music"), Some("0"), "{}", effects.line);
            // B closes the menu (pressed again if a loaded machine dropped it).
            for _ in 0..10 {
                if s.lines()
                    .iter()
                    .any(|l| l.contains("event=audio_pause on=0"))
                {
                    break;
                }
                tap(s, "B")?;
                s.sleep(Duration::from_millis(300));
            }
            expect(s, "audio_pause", &[("on", "0")])?;
            // The title music "plays" at volume 0, then a senet match's effects.
            s.sleep(Duration::from_millis(1500));
            let rows = MainMenu::rows(aspect);
            click(s, TitleLayout::new(aspect).item_rect(0))?; // Play
            expect(s, "menu", &[("scene", "main")])?;
            click(s, rows.rect(0))?; // Game: Senas -> Senet
            expect(s, "menu", &[("game", "senet")])?;
            click(s, rows.rect(start_row(GameKind::Senet)))?; // Start
            expect(s, "start", &[("game", "senet")])?;
            s.point("wm1", 0.03, 0.03)?;
            s.wait_for_event("sfx", WAIT)?;
            s.sleep(Duration::from_millis(1500));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert_dma_line(&run);
    let d = dump(&run);
    // The dump's DMA frame 0: where the title music at its default volume starts.
    let music_at = run
        .event("music")
        .and_then(|e| e.num::<u64>("at"))
        .expect("event=music at=");
    let pauses = timed(&run, "audio_pause");
    let pause_at = pauses.iter().find(|(on, _)| on == "1").expect("paused").1;
    let resume_at = pauses.iter().find(|(on, _)| on == "0").expect("resumed").1;
    // Up to a second of it, before HOME paused it.
    let len = (pause_at - music_at).min(u64::from(RATE));
    assert!(len > 1000, "the title music played {len} frames");
    let mut m = Mixer::new();
    m.set_volumes(Settings::DEFAULT.music_volume, 0);
    m.set_music(true);
    let mut music = vec![0i16; len as usize];
    m.mix(&mut music);
    let origin = d.find(&music, 0).expect("the title music in the dump") as u64 - music_at;
    let sfx = timed(&run, "sfx");
    eprintln!("dump origin {origin}; resumed at {resume_at}; sfx {sfx:?}");
    // The game went on making sound at volume 0: the title music, then effects.
    assert!(
        run.events("music")
            .iter()
            .any(|e| e.get("on") == Some("0") && e.num::<u64>("at") > Some(resume_at)),
        "the title music was on after the menu closed, then stopped for the match"
    );
    assert!(
        sfx.iter().any(|(_, at)| *at > resume_at),
        "an effect after the change: {sfx:?}"
    );
    assert!(
        !d.silent(origin as usize..(origin + resume_at) as usize),
        "sound before the change"
    );
    let from = (origin + resume_at) as usize;
    assert!(
        d.frames.len() > from + RATE as usize,
        "a second of dump after the change"
    );
    let loud = d.frames[from..].iter().position(|&f| f != (0, 0));
    assert_eq!(
        loud.map(|i| i + from),
        None,
        "every sample after the menu closed at dump frame {from} is zero"
    );
    assert_no_underruns(&run);
}

/// No audio underrun in any frame line (issue 23: the ring must never run dry).
fn assert_no_underruns(run: &Run) {
    if let Err(e) = check_no_underruns(&run.events("frame")) {
        panic!("{e}\n{}", run.report());
    }
}
