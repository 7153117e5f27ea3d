//! The Wii program's entry: takes the hardware once (`Wii::take`), reads the console's
//! settings over the IOS port, starts the input stack, and runs the frame loop: input stack
//! -> `app::Input` (through `controls_map`), `App::update`, `App::draw` into a `DrawList`, GX
//! draws it into the back XFB, vsync flip. App log lines go out over USB Gecko; the app's
//! requests (exit to the loader, power off) and the console's Reset/Power buttons (the system
//! handle) end the program cleanly. The app's events also sound and rumble (`sound.rs`: the
//! platform-free mixer refills the audio DMA ring every frame) and are saved on the SD card
//! (`saving.rs`: a piece of a spread save at the start of each frame). On the host this binary only
//! explains how to build for the Wii.
#![cfg_attr(target_arch = "powerpc", no_std, no_main)]

#[cfg_attr(not(target_arch = "powerpc"), allow(dead_code))]
mod controls_map;
#[cfg(target_arch = "powerpc")]
mod saving;
#[cfg(target_arch = "powerpc")]
mod sound;

#[cfg(not(target_arch = "powerpc"))]
fn main() {
    println!("senas-senet is a Wii program: build it with `make`, play it with `make run`.");
}

#[cfg(target_arch = "powerpc")]
mod wii_main {
    use core::mem::MaybeUninit;
    use core::ptr::addr_of_mut;

    use super::controls_map;
    use super::saving;
    use super::sound::{Sound, RUMBLE_MS};
    use senas_senet::ai::senas_game::{SenasScratch, SenasTurns};
    use senas_senet::app::{
        App, Clock, Config, EdgeTracker, GameKind, Input, Language, LogSink, Pointer, Request,
        MAX_PLAYERS,
    };
    use senas_senet::games::senas::TurnGen;
    use senas_senet::gfx::soft::{SoftRenderer, FRAME_BYTES};
    use senas_senet::gfx::{palette, DrawList};
    use senas_senet::log;
    use senas_senet::wii::deadline::Deadline;
    use senas_senet::wii::gx::{FrameStats, GpuGuard, Renderer, Verdict};
    use senas_senet::wii::input::system::pump_budget_ms;
    use senas_senet::wii::input::{InputSystem, Snapshot, Source};
    use senas_senet::wii::stm::SystemButton;
    use senas_senet::wii::{clock, exit, pi, sysconf, Wii, VERSION};

    /// A frame counter line every this many frames.
    const FRAME_LOG_EVERY: u32 = 60;
    /// Most microseconds of a frame the computer may spend thinking: it thinks in slices until
    /// this has passed on the timebase (`app::Clock`), overshooting by at most one slice
    /// (~0.25 ms), so with the rest of the update (~0.2 ms) every update stays under the 12 ms
    /// of issue 13 (Dolphin: slowest update 10.2 ms at 10 000; docs/ai.md, Frame budget).
    const THINK_US: u64 = 11_000;
    /// Time kept free before the vsync for the rest of the update and the draw (the GPU draw
    /// costs the CPU ~50 us a frame in Dolphin, `gx_us`).
    const DRAW_MARGIN_US: u64 = 3_000;
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
    // The soft renderer's frame, used only after a GPU hang (`GpuGuard`).
    static mut SOFT_FRAME: [u8; FRAME_BYTES] = [0; FRAME_BYTES];

    fn ms() -> u32 {
        clock::since_boot().as_millis() as u32
    }

    /// One frame's `app::Input` from the input stack's snapshot.
    fn to_input(snap: &Snapshot, system: Option<SystemButton>, edges: &mut EdgeTracker) -> Input {
        let mut input = Input::default();
        for (n, p) in snap.players.iter().enumerate().take(MAX_PLAYERS) {
            let pointer = p.pointer.map(|(x, y)| Pointer::new(x, y));
            let buttons = controls_map::buttons(p.buttons, p.pad);
            let mut player = edges.player(n, p.connected, pointer, buttons);
            if p.connected {
                player.battery = p.battery;
                player.link = p.link_quality;
                // A pad gets the app's cursor (moved by its stick and D-pad).
                player.pad = p.source == Source::Pad;
            }
            input.players[n] = player;
        }
        input.reset = system == Some(SystemButton::Reset);
        input.power = system == Some(SystemButton::Power);
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
        // The console's settings (16:9, ...) come first, read over the IOS port.
        let settings = sysconf::boot_settings(&mut wii.ios, &mut ms);
        // SYSCONF decides the video mode where it could be read; else the loader's VI state.
        let mode = sysconf::boot_mode(settings.as_ref(), &wii.loader_vi);
        let loader_mode = wii.screen.mode();
        wii.screen.set_mode(mode);
        log!(
            "event=video mode={} loader={} source={}",
            mode,
            loader_mode,
            if settings.is_some() {
                "sysconf"
            } else {
                "loader"
            }
        );
        // Deflicker (libogc's 8,8,10,12,10,8,8 copy filter) in interlaced modes only.
        wii.gpu.set_video_mode(mode);
        let settings = settings.unwrap_or(sysconf::Settings::DEFAULT);
        let mut inputs = InputSystem::new(&mut wii.ios, wii.si, &settings, ms());
        let seed = clock::ticks();
        let mut config = Config::new(seed);
        config.demo = DEMO;
        if cfg!(feature = "demo-hard") {
            // A fixed match for the e2e frame test (tools/dolphin-harness/tests/ai_frames.rs).
            config.demo_level = senas_senet::ai::Level::Hard;
            config.seed = senas_senet::app::DEMO_HARD_SEED;
        }
        config.aspect = settings.aspect;
        // SAFETY: senas_main runs once; these statics are only touched here, on this thread,
        // and each is borrowed once for the rest of the program.
        let (app, list, soft_frame) = unsafe {
            // Field by field, so no 1.2 MB temporary lands on the 1 MB stack at once.
            let p = (*addr_of_mut!(SCRATCH)).as_mut_ptr();
            addr_of_mut!((*p).gen).write(TurnGen::new());
            addr_of_mut!((*p).turns).write(SenasTurns::new());
            let scratch = &mut *p;
            let app = (*addr_of_mut!(APP)).write(App::new(config, scratch));
            (
                app,
                &mut *addr_of_mut!(LIST),
                &mut *addr_of_mut!(SOFT_FRAME),
            )
        };
        // The language follows the console (Spanish for IPL.LNG 4, else English), rumble the
        // System Menu's BT.MOT; the HOME menu overrides both, and a settings save on the SD
        // card (loaded below) replaces the rumble default.
        let language = Language::for_console(settings.language.iso());
        app.set_settings(senas_senet::app::Settings {
            language,
            rumble: settings.rumble,
            ..app.settings()
        });
        log!("event=lang lang={} from=console", language.key());
        let mut edges = EdgeTracker::default();
        let mut gecko = GeckoLog;
        let mut saves = saving::boot(&mut wii.ios, &mut ms, app, &mut gecko);
        log!(
            "event=audio_start ring=0x{:08x} blocks={} rate=32000 t_ms={}",
            wii.audio.phys_addr(),
            senas_senet::wii::audio::RING_BLOCKS,
            ms()
        );
        let mut sound = Sound::new();
        let mut window_start = clock::Instant::now();
        // Longest `App::update` in the current log window, in microseconds.
        let mut worst_us = 0u64;
        let mut guard = GpuGuard::new();
        // The vsync the current frame must beat, frames that missed it in this log window, and
        // the least time any frame had left when its update began (microseconds).
        let mut deadline = Deadline::after_vsync(clock::ticks(), wii.screen.mode());
        let mut late = 0u32;
        let mut left_us_min = u64::MAX;
        loop {
            left_us_min = left_us_min.min(deadline.micros_left(clock::ticks()));
            let budget = pump_budget_ms(deadline.micros_left(clock::ticks()));
            let snap = inputs.poll(&mut wii.ios, &mut ms, budget);
            let system = wii
                .system
                .poll(&mut wii.ios, ms(), pi::reset_button_pressed());
            let input = to_input(&snap, system, &mut edges);
            // A piece of a spread save first: the computer then thinks in what is left.
            saving::step(&mut saves, &mut wii.ios, &mut ms, app, &mut gecko);
            // The computer thinks in what is left of this frame before the vsync, less a margin
            // for the rest of the update and the draw, and never more than THINK_US (the game
            // keeps every update under 12 ms). docs/ai.md, Frame budget.
            let left_us = deadline.micros_left(clock::ticks());
            let input = Input {
                budget_us: Some(left_us.saturating_sub(DRAW_MARGIN_US).min(THINK_US) as u32),
                clock: Some(Clock(clock::micros)),
                ..input
            };
            let t0 = clock::ticks();
            let request = app.update(&input, &mut gecko);
            let update_us = (clock::ticks() - t0) * 1_000_000 / clock::TICKS_PER_SECOND;
            worst_us = worst_us.max(update_us);
            if request.is_some() {
                wii.audio.stop();
            }
            match request {
                Some(Request::ExitToLoader) => {
                    inputs.shutdown(&mut wii.ios, &mut ms);
                    wii.system.leave(wii.ios, &mut ms);
                }
                Some(Request::PowerOff) => {
                    inputs.shutdown(&mut wii.ios, &mut ms);
                    wii.system.power_off(wii.ios, &mut ms);
                }
                None => {}
            }
            saving::after_update(&mut saves, &mut wii.ios, &mut ms, app, seed);
            sound.frame(app, &mut wii.audio, &mut |p, pulse| {
                if pulse {
                    inputs.rumble(p, RUMBLE_MS, ms());
                }
                inputs.remote(p).rumbling
            });
            app.draw(list);
            let stats = match guard.renderer() {
                Renderer::Gpu => wii.gpu.draw(list, wii.screen.back().phys_addr()),
                Renderer::Soft => {
                    SoftRenderer::new().render(list, soft_frame);
                    FrameStats::default()
                }
            };
            if deadline.missed(clock::ticks()) {
                late += 1;
            }
            match guard.renderer() {
                Renderer::Gpu => wii.screen.present_gpu(),
                // The frame is FRAME_BYTES long, so the blit cannot fail.
                Renderer::Soft => {
                    let _ = wii.screen.present_rgba8(soft_frame);
                }
            }
            deadline = Deadline::after_vsync(clock::ticks(), wii.screen.mode());
            let shown = wii.screen.frames();
            if let Verdict::FallBack { timeouts } = guard.report(stats.timed_out) {
                // A hung GP: stop feeding it; the soft renderer draws from now on.
                wii.gpu.abandon();
                log!("event=gx_fallback n={} timeouts={}", shown, timeouts);
            }
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
                    "event=frame n={} fps_x100={} missed_vsyncs={} gx_us={} update_us_max={} late={} left_us_min={} audio_us_max={} stack_hw={}",
                    shown,
                    fps_x100,
                    wii.screen.missed_vsyncs(),
                    (stats.submit_ticks + stats.wait_ticks) * 1_000_000 / clock::TICKS_PER_SECOND,
                    worst_us,
                    late,
                    left_us_min,
                    sound.take_worst_us(),
                    senas_senet::wii::stack::high_water_bytes()
                );
                worst_us = 0;
                late = 0;
                left_us_min = u64::MAX;
            }
            #[cfg(feature = "deliberate-panic")]
            if shown == PANIC_FRAME {
                panic!("deliberate panic for the e2e test at frame {}", shown);
            }
        }
    }
}
