//! The Wii program's entry: takes the hardware once (`Wii::take`), reads the console's
//! settings over the IOS port, starts the input stack and the SD card, and runs the console
//! layer's frame (`console::Console::frame`) against [`WiiPlatform`], the `console::Platform`
//! made of the hardware. What happens in a frame, what is saved when, which event sounds or
//! rumbles, is the console layer's (host-tested); here is only the machine: the input stack
//! through `controls_map`, the vsync deadline, GX (or the soft renderer after a GPU hang), the
//! SD card, the audio DMA ring, the remotes' motors, the ways out, and the frame log line. On
//! the host this binary only explains how to build for the Wii.
#![cfg_attr(target_arch = "powerpc", no_std, no_main)]

#[cfg_attr(not(target_arch = "powerpc"), allow(dead_code))]
mod controls_map;

#[cfg(not(target_arch = "powerpc"))]
fn main() {
    println!("senas-senet is a Wii program: build it with `make`, play it with `make run`.");
}

#[cfg(target_arch = "powerpc")]
mod wii_main {
    use core::mem::MaybeUninit;
    use core::ptr::addr_of_mut;

    use super::controls_map;
    use senas_senet::ai::senas_game::SenasScratch;
    use senas_senet::app::{
        App, Clock, Config, EdgeTracker, GameKind, Input, Language, LogSink, Pointer, Request,
        MAX_PLAYERS,
    };
    use senas_senet::app::{SaveFolder, SavedFrom};
    use senas_senet::audio::AudioOut;
    use senas_senet::console::{AudioLead, Console, Platform, Rumble, RUMBLE_MS};
    use senas_senet::gfx::soft::{SoftRenderer, FRAME_BYTES};
    use senas_senet::gfx::DrawList;
    use senas_senet::log;
    use senas_senet::save::{SaveStore, Why};
    use senas_senet::wii::deadline::Deadline;
    use senas_senet::wii::gx::{FrameStats, GpuGuard, Renderer, Verdict};
    use senas_senet::wii::input::system::pump_budget_ms;
    use senas_senet::wii::input::{InputSystem, Snapshot, Source};
    use senas_senet::wii::saves::{Saves, SdStore};
    use senas_senet::wii::sd::DmaBuf;
    use senas_senet::wii::stm::SystemButton;
    use senas_senet::wii::{clock, exit, pi, sysconf, vwii, Wii, VERSION};

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

    // The program's large state lives in .bss, not on the stack: the app, its senas scratch
    // (megabytes), the console layer (save buffers, mixer, draw list), the SD card's DMA
    // buffer and the soft renderer's frame (used only after a GPU hang, `GpuGuard`).
    static mut APP: MaybeUninit<App<'static>> = MaybeUninit::uninit();
    static mut SCRATCH: MaybeUninit<SenasScratch> = MaybeUninit::zeroed();
    static mut CONSOLE: Console = Console::new();
    static mut DMA: DmaBuf = DmaBuf::new();
    static mut SOFT_FRAME: [u8; FRAME_BYTES] = [0; FRAME_BYTES];

    fn ms() -> u32 {
        clock::since_boot().as_millis() as u32
    }

    /// Microseconds since boot: the console layer's timings and the `t_ms=` of its log lines
    /// (the same time base as `event=audio_start t_ms=`).
    fn us_since_boot() -> u64 {
        clock::since_boot().as_micros() as u64
    }

    /// The input stack, which also drives the remotes' motors.
    struct Controllers {
        inputs: InputSystem<senas_senet::wii::si::MmioSi>,
        edges: EdgeTracker,
    }

    impl Rumble for Controllers {
        fn rumble(&mut self, player: usize, pulse: bool) -> bool {
            if pulse {
                self.inputs.rumble(player, RUMBLE_MS, ms());
            }
            self.inputs.remote(player).rumbling
        }
    }

    /// One frame's `app::Input` from the input stack's snapshot.
    fn to_input(snap: &Snapshot, system: Option<SystemButton>, edges: &mut EdgeTracker) -> Input {
        let mut input = Input::default();
        for (n, p) in snap.players.iter().enumerate().take(MAX_PLAYERS) {
            let pointer = p.pointer.map(|(x, y)| Pointer::new(x, y));
            let buttons = controls_map::buttons(p.buttons, p.pad)
                .union(controls_map::extension_buttons(p.extension, p.ext));
            let mut player = edges.player(n, p.connected, pointer, buttons);
            if p.connected {
                player.battery = p.battery;
                player.battery_low = p.battery_low;
                player.link = p.link_quality;
                // A pad or a Classic Controller gets the app's cursor (moved by its stick and
                // D-pad while the remote does not point at the screen).
                player.pad = p.source == Source::Pad || controls_map::has_cursor(p.extension);
            }
            input.players[n] = player;
        }
        input.reset = system == Some(SystemButton::Reset);
        // The console's Power, or a remote's POWER held (wii::input::is_power_button).
        input.power = system == Some(SystemButton::Power) || snap.power;
        input
    }

    /// The console layer's machine: the hardware, the input stack, the SD card, the vsync
    /// deadline and the renderer choice, and the figures of the frame log line.
    struct WiiPlatform {
        screen: senas_senet::wii::Screen,
        gpu: senas_senet::wii::gx::GxRenderer,
        ios: senas_senet::wii::ios::IosPort,
        audio: senas_senet::wii::audio::Audio,
        system: senas_senet::wii::system::System,
        controllers: Controllers,
        saves: Saves,
        /// How the console switches off (`IPL.IDL`: standby or idle).
        power: sysconf::PowerOff,
        ms_clock: fn() -> u32,
        guard: GpuGuard,
        soft_frame: &'static mut [u8; FRAME_BYTES],
        /// The vsync the current frame must beat.
        deadline: Deadline,
        /// In the current log window: frames that missed their vsync, the least time any
        /// frame had left when its update began (us), the last draw's figures.
        late: u32,
        left_us_min: u64,
        stats: FrameStats,
        dropped: u16,
    }

    impl Platform for WiiPlatform {
        fn poll(&mut self) -> Input {
            let left = self.deadline.micros_left(clock::ticks());
            self.left_us_min = self.left_us_min.min(left);
            let snap = self
                .controllers
                .inputs
                .poll(&mut self.ios, &mut ms, pump_budget_ms(left));
            let system = self
                .system
                .poll(&mut self.ios, ms(), pi::reset_button_pressed());
            to_input(&snap, system, &mut self.controllers.edges)
        }

        fn think_budget_us(&mut self) -> u32 {
            // What is left of this frame before the vsync, less a margin for the rest of the
            // update and the draw, never more than THINK_US. docs/ai.md, Frame budget.
            let left = self.deadline.micros_left(clock::ticks());
            left.saturating_sub(DRAW_MARGIN_US).min(THINK_US) as u32
        }

        fn clock(&self) -> Option<Clock> {
            Some(Clock(clock::micros))
        }

        fn micros(&self) -> fn() -> u64 {
            us_since_boot
        }

        fn store(&mut self) -> impl SaveStore + '_ {
            SdStore {
                saves: &mut self.saves,
                ipc: &mut self.ios,
                clock: &mut self.ms_clock,
            }
        }

        fn set_audio_lead(&mut self, lead: AudioLead) {
            use senas_senet::wii::audio::{AHEAD_FRAMES, SAVING_AHEAD_FRAMES};
            self.audio.set_ahead(match lead {
                AudioLead::Play => AHEAD_FRAMES,
                AudioLead::Saving => SAVING_AHEAD_FRAMES,
            });
        }

        fn sound_out(&mut self) -> (&mut dyn AudioOut, &mut dyn Rumble) {
            (&mut self.audio, &mut self.controllers)
        }

        fn present(&mut self, list: &DrawList) {
            self.stats = match self.guard.renderer() {
                Renderer::Gpu => self.gpu.draw(list, self.screen.back().phys_addr()),
                Renderer::Soft => {
                    SoftRenderer::new().render(list, self.soft_frame);
                    FrameStats::default()
                }
            };
            self.dropped = list.dropped();
            if self.deadline.missed(clock::ticks()) {
                self.late += 1;
            }
            match self.guard.renderer() {
                Renderer::Gpu => self.screen.present_gpu(),
                // The frame is FRAME_BYTES long, so the blit cannot fail.
                Renderer::Soft => {
                    let _ = self.screen.present_rgba8(self.soft_frame);
                }
            }
            self.deadline = Deadline::after_vsync(clock::ticks(), self.screen.mode());
            if let Verdict::FallBack { timeouts } = self.guard.report(self.stats.timed_out) {
                // A hung GP: stop feeding it; the soft renderer draws from now on.
                self.gpu.abandon();
                log!(
                    "event=gx_fallback n={} timeouts={}",
                    self.screen.frames(),
                    timeouts
                );
            }
        }
    }

    impl WiiPlatform {
        /// Leaves the program as the app asked, the controllers shut down first.
        fn leave(mut self, request: Request) -> ! {
            // The exact stack figure once (the frame lines' is sampled: wii/runtime/stack.rs).
            log!(
                "event=stack_hw bytes={} exact=1",
                senas_senet::wii::stack::high_water_bytes_exact()
            );
            self.controllers.inputs.shutdown(&mut self.ios, &mut ms);
            match request {
                Request::ExitToLoader => self.system.leave(self.ios, &mut ms),
                Request::PowerOff => self.system.power_off(self.ios, self.power, &mut ms),
            }
        }
    }

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
            let scratch = SenasScratch::init_in(&mut *addr_of_mut!(SCRATCH));
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
        let Wii {
            screen,
            gpu,
            ios,
            system,
            audio,
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
            deadline,
            late: 0,
            left_us_min: u64::MAX,
            stats: FrameStats::default(),
            dropped: 0,
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
