//! The Wii program's entry: takes the hardware once (`Wii::take`), reads the console's
//! settings over the IOS port, finds the machine (Wii, vWii, Dolphin) and the save folder,
//! starts the input stack and the SD card, and runs the console layer's frame
//! (`console::Console::frame`) against `wii_platform::WiiPlatform`, the `console::Platform`
//! made of the hardware, writing the frame log line. What happens in a frame, what is saved
//! when, which event sounds or rumbles, is the console layer's (host-tested); the controls go
//! through `frame_input` and `controls_map` (host-tested too). On the host this binary only
//! explains how to build for the Wii.
#![cfg_attr(target_arch = "powerpc", no_std, no_main)]

#[cfg_attr(not(target_arch = "powerpc"), allow(dead_code))]
mod controls_map;
#[cfg_attr(not(target_arch = "powerpc"), allow(dead_code))]
mod frame_input;
#[cfg(target_arch = "powerpc")]
mod wii_platform;

#[cfg(not(target_arch = "powerpc"))]
fn main() {
    println!("senas-senet is a Wii program: build it with `make`, play it with `make run`.");
}

#[cfg(target_arch = "powerpc")]
mod wii_main {
    use core::mem::MaybeUninit;
    use core::ptr::addr_of_mut;

    use super::wii_platform::{ms, Controllers, WiiPlatform};
    use senas_senet::app::AppScratch;
    use senas_senet::app::{App, Config, EdgeTracker, GameKind, Language, LogSink};
    use senas_senet::app::{SaveFolder, SavedFrom};
    use senas_senet::console::Console;
    use senas_senet::gfx::soft::FRAME_BYTES;
    use senas_senet::log;
    use senas_senet::save::Why;
    use senas_senet::wii::deadline::Deadline;
    use senas_senet::wii::gx::{FrameStats, GpuGuard};
    use senas_senet::wii::input::InputSystem;
    use senas_senet::wii::saves::Saves;
    use senas_senet::wii::sd::DmaBuf;
    use senas_senet::wii::{clock, exit, sysconf, vwii, Wii, VERSION};

    /// A frame counter line every this many frames.
    const FRAME_LOG_EVERY: u32 = 60;
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

    // The program's large state lives in .bss, not on the stack: the app, its two senas
    // scratches (play and review, about 1 MB each), the console layer (save buffers, mixer, draw list), the SD card's DMA
    // buffer and the soft renderer's frame (used only after a GPU hang, `GpuGuard`).
    static mut APP: MaybeUninit<App<'static>> = MaybeUninit::uninit();
    static mut SCRATCH: MaybeUninit<AppScratch> = MaybeUninit::zeroed();
    static mut CONSOLE: Console = Console::new();
    static mut DMA: DmaBuf = DmaBuf::new();
    static mut SOFT_FRAME: [u8; FRAME_BYTES] = [0; FRAME_BYTES];

    /// Called by `_start` (src/wii/runtime/start.rs) with a stack and a clean .bss.
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
        // A Wii U in Wii mode set to 16:9 gets its scaler told so (wii::vwii); Dolphin is
        // known by /dev/dolphin and neither register is touched there.
        let machine = vwii::detect(&mut wii.ios, &mut ms);
        let scaler = vwii::scaler_for(machine, settings.aspect);
        if let Some(w) = scaler {
            vwii::set_scaler(w);
        }
        log!(
            "event=machine machine={} scaler_16_9={} power_off={}",
            machine.key(),
            u8::from(scaler.is_some()),
            settings.power.key()
        );
        let inputs = InputSystem::new(&mut wii.ios, wii.si, &settings, ms());
        let seed = clock::ticks();
        let mut config = Config::new(seed);
        config.demo = DEMO;
        if cfg!(feature = "demo-hard") {
            // A fixed match for the e2e frame test (tools/dolphin-harness/tests/ai_frames.rs).
            config.demo_level = senas_senet::ai::Level::Hard;
            config.seed = senas_senet::app::DEMO_HARD_SEED;
        }
        config.aspect = settings.aspect;
        // What the HOME menu's "Switch off the Wii" tells the player (IPL.IDL, as Power does).
        config.power_off = match settings.power {
            sysconf::PowerOff::Standby => senas_senet::app::PowerMode::Standby,
            sysconf::PowerOff::Idle { .. } => senas_senet::app::PowerMode::Idle,
        };
        // The save folder: beside the boot.dol the loader names in the argv block (on SD), or
        // SD's apps/<that folder>/ when started from USB, or apps/senas-senet/ (save::SavePlace).
        let line = senas_senet::wii::argv::loader_command_line();
        // SAFETY: senas_main runs once; the SD card's DMA buffer is borrowed here only, for
        // the rest of the program.
        let dma = unsafe { &mut *addr_of_mut!(DMA) };
        let (saves, folder) =
            Saves::open_at_boot(&mut wii.ios, &mut ms, dma, line.as_deref().map_err(|e| *e));
        config.save_folder = SaveFolder::new(
            &folder.shown,
            match folder.why {
                Why::Beside => SavedFrom::Beside,
                Why::OtherDevice(_) => SavedFrom::OtherDevice,
                Why::NoArgv(_) | Why::BadPath(_) => SavedFrom::Default,
            },
            folder.copied.files > 0,
        );
        // SAFETY: senas_main runs once; these statics are only touched here, on this thread,
        // and each is borrowed once for the rest of the program.
        let (app, console, soft_frame) = unsafe {
            let scratch = AppScratch::init_in(&mut *addr_of_mut!(SCRATCH));
            (
                (*addr_of_mut!(APP)).write(App::new(config, scratch)),
                &mut *addr_of_mut!(CONSOLE),
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
        let mut gecko = GeckoLog;
        let deadline = Deadline::after_vsync(clock::ticks(), wii.screen.mode());
        let loader_vi = wii.loader_vi;
        let Wii {
            screen,
            gpu,
            ios,
            system,
            audio,
            spare_xfb,
            ..
        } = wii;
        let mut p = WiiPlatform {
            screen,
            gpu,
            ios,
            system,
            audio,
            controllers: Controllers {
                inputs,
                edges: EdgeTracker::default(),
            },
            saves,
            power: settings.power,
            ms_clock: ms,
            guard: GpuGuard::new(),
            soft_frame,
            shot_frame: spare_xfb,
            shot_kept: false,
            deadline,
            late: 0,
            left_us_min: u64::MAX,
            stats: FrameStats::default(),
            dropped: 0,
            machine: machine.key(),
            loader_vi,
        };
        console.boot(&mut p, seed, app, &mut gecko);
        p.deadline = Deadline::after_vsync(clock::ticks(), p.screen.mode());
        log!(
            "event=audio_start ring=0x{:08x} blocks={} rate=32000 t_ms={}",
            p.audio.phys_addr(),
            senas_senet::wii::audio::RING_BLOCKS,
            ms()
        );
        let mut window_start = clock::Instant::now();
        // Longest `App::update` in the current log window, in microseconds.
        let mut worst_us = 0u64;
        loop {
            let report = console.frame(&mut p, app, &mut gecko);
            if let Some(request) = report.request {
                p.leave(request);
            }
            worst_us = worst_us.max(report.update_us);
            let shown = p.screen.frames();
            if shown == 1 {
                log!("event=first_frame ms={}", ms());
            }
            if p.stats.timed_out || p.dropped > 0 {
                log!(
                    "event=frame_problem n={} gx_timeout={} dropped={}",
                    shown,
                    u8::from(p.stats.timed_out),
                    p.dropped
                );
            }
            if shown.is_multiple_of(FRAME_LOG_EVERY) {
                let now = clock::Instant::now();
                let ticks = now.ticks().saturating_sub(window_start.ticks()).max(1);
                let fps_x100 = u64::from(FRAME_LOG_EVERY) * 100 * clock::TICKS_PER_SECOND / ticks;
                window_start = now;
                log!(
                    "event=frame n={} fps_x100={} missed_vsyncs={} gx_us={} update_us_max={} late={} left_us_min={} audio_us_max={} stack_hw={} underruns={}",
                    shown,
                    fps_x100,
                    p.screen.missed_vsyncs(),
                    (p.stats.submit_ticks + p.stats.wait_ticks) * 1_000_000 / clock::TICKS_PER_SECOND,
                    worst_us,
                    p.late,
                    p.left_us_min,
                    console.sound.take_worst_us(),
                    senas_senet::wii::stack::high_water_bytes(),
                    console.sound.underruns()
                );
                worst_us = 0;
                p.late = 0;
                p.left_us_min = u64::MAX;
            }
            #[cfg(feature = "deliberate-panic")]
            if shown == PANIC_FRAME {
                panic!("deliberate panic for the e2e test at frame {}", shown);
            }
        }
    }
}
