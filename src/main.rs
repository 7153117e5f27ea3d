//! The Wii program's entry: takes the hardware once and runs the frame loop: input stack ->
//! `app::Input`, `App::update`, `App::draw` into a `DrawList`, GX draws it into the back XFB,
//! vsync flip. App log lines go out over USB Gecko; the app's requests (exit to the loader,
//! power off) and the console's Reset/Power buttons end the program cleanly. On the host this
//! binary only explains how to build for the Wii.
#![cfg_attr(target_arch = "powerpc", no_std, no_main)]

#[cfg(not(target_arch = "powerpc"))]
fn main() {
    println!("senas-senet is a Wii program: build it with `make`, play it with `make run`.");
}

#[cfg(target_arch = "powerpc")]
mod wii_main {
    use core::mem::MaybeUninit;
    use core::ptr::addr_of_mut;

    use senas_senet::ai::senas_game::{SenasScratch, SenasTurns};
    use senas_senet::app::{
        App, Buttons, Config, EdgeTracker, GameKind, Input, LogSink, Pointer, Request, MAX_PLAYERS,
    };
    use senas_senet::games::senas::TurnGen;
    use senas_senet::gfx::{palette, DrawList};
    use senas_senet::log;
    use senas_senet::wii::gx::GxRenderer;
    use senas_senet::wii::stm::SystemButton;
    use senas_senet::wii::wiimote::{self, InputSystem, Snapshot, Source};
    use senas_senet::wii::{clock, exit, pi, sysconf, Wii, VERSION};

    /// A frame counter line every this many frames.
    const FRAME_LOG_EVERY: u32 = 60;
    /// Microseconds of each frame the computer may spend thinking (docs/ai.md, Speed).
    const THINK_US: u32 = 8_000;
    /// One video frame at 60 Hz, in microseconds: update and draw past it make a late frame.
    const FRAME_US: u64 = 16_683;
    /// The deliberate-panic test build panics on this frame.
    #[cfg(feature = "deliberate-panic")]
    const PANIC_FRAME: u32 = 90;

    /// The demo match the build asks for (features `demo-senas` / `demo-senet`), if any.
    const DEMO: Option<GameKind> = if cfg!(feature = "demo-senas") {
        Some(GameKind::Senas)
    } else if cfg!(feature = "demo-senet") {
        Some(GameKind::Senet)
    } else {
        None
    };

    /// The app's log lines, over USB Gecko.
    struct GeckoLog;

    impl LogSink for GeckoLog {
        fn line(&mut self, line: &str) {
            log!("{}", line);
        }
    }

    // The app, its senas scratch (megabytes) and the draw list live in .bss, not on the stack.
    static mut APP: MaybeUninit<App<'static>> = MaybeUninit::uninit();
    static mut SCRATCH: MaybeUninit<SenasScratch> = MaybeUninit::zeroed();
    static mut LIST: DrawList = DrawList::new(palette::BACKGROUND);

    fn ms() -> u32 {
        clock::since_boot().as_millis() as u32
    }

    /// Wiimote (and GameCube pad) buttons as the app names them.
    fn buttons(b: wiimote::Buttons) -> Buttons {
        const MAP: [(wiimote::Buttons, Buttons); 11] = [
            (wiimote::Buttons::A, Buttons::A),
            (wiimote::Buttons::B, Buttons::B),
            (wiimote::Buttons::ONE, Buttons::ONE),
            (wiimote::Buttons::TWO, Buttons::TWO),
            (wiimote::Buttons::PLUS, Buttons::PLUS),
            (wiimote::Buttons::MINUS, Buttons::MINUS),
            (wiimote::Buttons::HOME, Buttons::HOME),
            (wiimote::Buttons::UP, Buttons::UP),
            (wiimote::Buttons::DOWN, Buttons::DOWN),
            (wiimote::Buttons::LEFT, Buttons::LEFT),
            (wiimote::Buttons::RIGHT, Buttons::RIGHT),
        ];
        MAP.iter()
            .filter(|(w, _)| b.contains(*w))
            .fold(Buttons::NONE, |acc, (_, a)| acc.union(*a))
    }

    /// One frame's `app::Input` from the input stack's snapshot.
    fn to_input(snap: &Snapshot, edges: &mut EdgeTracker) -> Input {
        let mut input = Input::default();
        for (n, p) in snap.players.iter().enumerate().take(MAX_PLAYERS) {
            let pointer = p.pointer.map(|(x, y)| Pointer::new(x, y));
            let mut player = edges.player(n, p.connected, pointer, buttons(p.buttons));
            if p.connected {
                player.battery = p.battery;
                player.link = p.link_quality;
                // A pad gets the app's cursor (moved by its stick and D-pad).
                player.pad = p.source == Source::Pad;
            }
            input.players[n] = player;
        }
        input.reset = snap.system == Some(SystemButton::Reset);
        input.power = snap.system == Some(SystemButton::Power);
        input
    }

    /// Called by `_start` (src/wii/start.rs) with a stack and a clean .bss.
    #[no_mangle]
    pub extern "C" fn senas_main() -> ! {
        let Some(mut wii) = Wii::take() else {
            unreachable!("senas_main runs once, so the hardware is still there");
        };
        log!(
            "event=boot version={} video={} gecko={} exit={}",
            VERSION,
            wii.screen.mode(),
            u8::from(wii.gecko),
            exit::planned_path().name()
        );
        let Some(mut gx) = GxRenderer::new() else {
            unreachable!("the GX renderer is taken once, here");
        };
        // The console's settings (16:9, ...) come first: they are read over IPC before the
        // input stack takes it over.
        let settings = sysconf::boot_settings(&mut ms);
        let mut inputs = InputSystem::take(ms());
        if inputs.is_none() {
            log!("event=input_unavailable");
        }
        let seed = clock::ticks();
        let mut config = Config::new(seed);
        config.demo = DEMO;
        config.aspect = settings.aspect;
        // SAFETY: senas_main runs once; these statics are only touched here, on this thread,
        // and each is borrowed once for the rest of the program.
        let (app, list) = unsafe {
            // Field by field, so no 1.2 MB temporary lands on the 1 MB stack at once.
            let p = (*addr_of_mut!(SCRATCH)).as_mut_ptr();
            addr_of_mut!((*p).gen).write(TurnGen::new());
            addr_of_mut!((*p).turns).write(SenasTurns::new());
            let scratch = &mut *p;
            let app = (*addr_of_mut!(APP)).write(App::new(config, scratch));
            (app, &mut *addr_of_mut!(LIST))
        };
        let mut edges = EdgeTracker::default();
        let mut gecko = GeckoLog;
        let mut window_start = clock::Instant::now();
        // Longest `App::update` in the current log window, in microseconds.
        let mut worst_us = 0u64;
        // Frames of the current log window whose update and draw together ran past the next
        // vsync (the 60 Hz period: stricter than 50 Hz's).
        let mut late = 0u32;
        loop {
            let frame_start = clock::ticks();
            let input = match inputs.as_mut() {
                Some(sys) => to_input(&sys.poll(&mut ms, pi::reset_button_pressed()), &mut edges),
                // No input stack: the RESET button still leaves.
                None => Input {
                    reset: pi::reset_button_pressed(),
                    ..Input::default()
                },
            };
            // The computer may think for THINK_US of each frame (`Input::budget_us`), which
            // leaves the rest of the update and the draw inside the 12 ms the game allows itself.
            let input = Input {
                budget_us: Some(THINK_US),
                ..input
            };
            let t0 = clock::ticks();
            let request = app.update(&input, &mut gecko);
            let update_us = (clock::ticks() - t0) * 1_000_000 / clock::TICKS_PER_SECOND;
            worst_us = worst_us.max(update_us);
            match request {
                Some(Request::ExitToLoader) => {
                    if let Some(sys) = inputs.as_mut() {
                        if exit::planned_path() == exit::ExitPath::Loader {
                            sys.shutdown(&mut ms);
                        } else {
                            // No loader stub to return to: reboot the console through STM.
                            sys.hot_reset(&mut ms);
                        }
                    }
                    exit::exit();
                }
                Some(Request::PowerOff) => {
                    if let Some(sys) = inputs.as_mut() {
                        sys.power_off(&mut ms);
                    }
                    exit::exit();
                }
                None => {}
            }
            app.draw(list);
            let stats = gx.draw(list, wii.screen.back().phys_addr());
            let busy_us = (clock::ticks() - frame_start) * 1_000_000 / clock::TICKS_PER_SECOND;
            if busy_us > FRAME_US {
                late += 1;
            }
            wii.screen.present_gpu();
            let shown = wii.screen.frames();
            if shown == 1 {
                log!("event=first_frame ms={}", ms());
            }
            if stats.timed_out || list.dropped() > 0 {
                log!(
                    "event=frame_problem n={} gx_timeout={} dropped={}",
                    shown,
                    u8::from(stats.timed_out),
                    list.dropped()
                );
            }
            if shown % FRAME_LOG_EVERY == 0 {
                let now = clock::Instant::now();
                let ticks = now.ticks().saturating_sub(window_start.ticks()).max(1);
                let fps_x100 = u64::from(FRAME_LOG_EVERY) * 100 * clock::TICKS_PER_SECOND / ticks;
                window_start = now;
                log!(
                    "event=frame n={} fps_x100={} missed_vsyncs={} gx_us={} update_us_max={} late={}",
                    shown,
                    fps_x100,
                    wii.screen.missed_vsyncs(),
                    (stats.submit_ticks + stats.wait_ticks) * 1_000_000 / clock::TICKS_PER_SECOND,
                    worst_us,
                    late
                );
                worst_us = 0;
                late = 0;
            }
            #[cfg(feature = "deliberate-panic")]
            if shown == PANIC_FRAME {
                panic!("deliberate panic for the e2e test at frame {}", shown);
            }
        }
    }
}
