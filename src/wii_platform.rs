//! The console layer's machine on the Wii (`WiiPlatform`, a `console::Platform`): the input
//! stack (through `frame_input`), the vsync deadline and the thinking budget, GX or the soft
//! renderer after a GPU hang, the SD card as a `save::SaveStore`, the audio DMA ring and its
//! lead, the remotes' motors, the frame a screenshot keeps, the console self-test's probes
//! (`wii::selftest`) and its report file, and the ways out (the controllers shut down first). Holds no game
//! policy: what is saved, sounded or rumbled when is the console layer's (host-tested). Only
//! the Wii target compiles it; `main.rs` builds it once at boot.

use senas_senet::app::{Clock, EdgeTracker, Input, Request};
use senas_senet::audio::AudioOut;
use senas_senet::console::{AudioLead, Platform, Rumble, RUMBLE_MS};
use senas_senet::gfx::bmp::YuvFrame;
use senas_senet::gfx::soft::{SoftRenderer, FRAME_BYTES};
use senas_senet::gfx::DrawList;
use senas_senet::log;
use senas_senet::save::{Problem, SaveStore};
use senas_senet::selftest::{Measure, Probe, RemoteFact};
use senas_senet::wii::deadline::Deadline;
use senas_senet::wii::gx::{FrameStats, GpuGuard, Renderer, Verdict as GxVerdict};
use senas_senet::wii::input::system::pump_budget_ms;
use senas_senet::wii::input::InputSystem;
use senas_senet::wii::saves::{Saves, SdStore};
use senas_senet::wii::selftest as probes;
use senas_senet::wii::xfb::{self, Xfb};
use senas_senet::wii::{clock, pi, sysconf};

use super::frame_input::to_input;

/// Most microseconds of a frame the computer may spend thinking: it thinks in slices until
/// this has passed on the timebase (`app::Clock`), overshooting by at most one slice
/// (~0.25 ms), so with the rest of the update (~0.2 ms) every update stays under the 12 ms
/// of issue 13 (Dolphin: slowest update 10.2 ms at 10 000; docs/ai.md, Frame budget).
pub const THINK_US: u64 = 11_000;
/// Time kept free before the vsync for the rest of the update and the draw (the GPU draw
/// costs the CPU ~50 us a frame in Dolphin, `gx_us`).
pub const DRAW_MARGIN_US: u64 = 3_000;

pub fn ms() -> u32 {
    clock::since_boot().as_millis() as u32
}

/// Microseconds since boot: the console layer's timings and the `t_ms=` of its log lines
/// (the same time base as `event=audio_start t_ms=`).
fn us_since_boot() -> u64 {
    clock::since_boot().as_micros() as u64
}

/// The input stack, which also drives the remotes' motors.
pub struct Controllers {
    pub inputs: InputSystem<senas_senet::wii::si::MmioSi>,
    pub edges: EdgeTracker,
}

impl Rumble for Controllers {
    fn rumble(&mut self, player: usize, pulse: bool) -> bool {
        if pulse {
            self.inputs.rumble(player, RUMBLE_MS, ms());
        }
        self.inputs.remote(player).rumbling
    }
}

/// The console layer's machine: the hardware, the input stack, the SD card, the vsync
/// deadline and the renderer choice, and the figures of the frame log line.
pub struct WiiPlatform {
    pub screen: senas_senet::wii::Screen,
    pub gpu: senas_senet::wii::gx::GxRenderer,
    pub ios: senas_senet::wii::ios::IosPort,
    pub audio: senas_senet::wii::audio::Audio,
    pub system: senas_senet::wii::system::System,
    pub controllers: Controllers,
    pub saves: Saves,
    /// How the console switches off (`IPL.IDL`: standby or idle).
    pub power: sysconf::PowerOff,
    pub ms_clock: fn() -> u32,
    pub guard: GpuGuard,
    pub soft_frame: &'static mut [u8; FRAME_BYTES],
    /// The frame a screenshot keeps (`Platform::capture`), and whether it holds one.
    pub shot_frame: &'static mut Xfb,
    pub shot_kept: bool,
    /// The vsync the current frame must beat.
    pub deadline: Deadline,
    /// In the current log window: frames that missed their vsync, the least time any
    /// frame had left when its update began (us), the last draw's figures.
    pub late: u32,
    pub left_us_min: u64,
    pub stats: FrameStats,
    pub dropped: u16,
    /// The machine found at boot (`vwii::Machine::key`) and the VI as the loader left it,
    /// for the self-test.
    pub machine: &'static str,
    pub loader_vi: senas_senet::wii::video_mode::ViSnapshot,
}

/// How long the audio probe watches the DMA.
const AUDIO_PROBE_US: u64 = 200_000;

impl Platform for WiiPlatform {
    fn probe(&mut self, probe: Probe) -> Measure {
        let m = self.run_probe(probe);
        // The probe may have taken longer than a frame (the SD card, the audio watch).
        self.deadline = Deadline::after_vsync(clock::ticks(), self.screen.mode());
        m
    }

    fn write_file(&mut self, name: &str, data: &[u8]) -> Result<(), Problem> {
        self.saves
            .write_file(&mut self.ios, &mut self.ms_clock, name, data)
    }

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

    fn search_remotes(&mut self, attempt: Option<u16>) {
        self.controllers.inputs.search_remotes(attempt, ms());
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
        if let GxVerdict::FallBack { timeouts } = self.guard.report(self.stats.timed_out) {
            // A hung GP: stop feeding it; the soft renderer draws from now on.
            self.gpu.abandon();
            log!(
                "event=gx_fallback n={} timeouts={}",
                self.screen.frames(),
                timeouts
            );
        }
    }

    fn capture(&mut self) -> bool {
        self.screen.copy_front(self.shot_frame);
        self.shot_kept = true;
        true
    }

    fn captured(&self) -> Option<YuvFrame<'_>> {
        if !self.shot_kept {
            return None;
        }
        YuvFrame::new(self.shot_frame.words(), xfb::WIDTH, xfb::HEIGHT).ok()
    }
}

impl WiiPlatform {
    /// One probe of the console self-test: the hardware's answer, nothing judged here
    /// (`senas_senet::selftest` judges; `wii::selftest` says which reference each read
    /// follows).
    fn run_probe(&mut self, probe: Probe) -> Measure {
        match probe {
            Probe::Machine => Measure::Machine {
                machine: self.machine,
                version: senas_senet::wii::VERSION,
            },
            Probe::LoaderVi => Measure::LoaderVi {
                vtr: self.loader_vi.vtr,
                dcr: self.loader_vi.dcr,
                viclk: self.loader_vi.viclk,
                tv_format: self.loader_vi.tv_format,
            },
            Probe::LoaderIpc => Measure::LoaderIpc {
                ppcctrl: senas_senet::wii::ios::LOADER_PPCCTRL
                    .load(core::sync::atomic::Ordering::Relaxed),
                stale_replies: self.ios.stats().stale_replies,
            },
            Probe::Ios => probes::ios_version(),
            Probe::Bluetooth => Measure::Bluetooth(self.controllers.inputs.bt_version()),
            Probe::Remotes => {
                let mut all = [RemoteFact::default(); 4];
                for (p, fact) in all.iter_mut().enumerate() {
                    let r = self.controllers.inputs.remote(p);
                    *fact = RemoteFact {
                        connected: r.connected,
                        extension: r.extension.map_or("none", |e| e.name()),
                        battery: r.battery,
                    };
                }
                Measure::Remotes(all)
            }
            Probe::Sd => probes::sd_probe(&mut self.saves, &mut self.ios, &mut self.ms_clock),
            Probe::Cpu => probes::cpu_loop(clock::ticks),
            Probe::Gx => Measure::Gx {
                draw_done_us: (self.stats.submit_ticks + self.stats.wait_ticks) * 4 / 243,
                timed_out: self.stats.timed_out,
            },
            Probe::XfbPrime => probes::xfb_prime(self.screen.back()),
            Probe::XfbCopy => {
                let bg = senas_senet::gfx::palette::BACKGROUND;
                let expected = senas_senet::wii::yuv::solid(bg.r, bg.g, bg.b);
                probes::xfb_copy(self.screen.front(), expected)
            }
            Probe::EfbPattern => match self.guard.renderer() {
                // After this frame's copy: the pattern goes into the EFB alone (the screen
                // keeps the frame just shown; the next frame repaints the EFB first).
                Renderer::Gpu => {
                    let mut list = DrawList::new(senas_senet::selftest::efb::BACKGROUND);
                    senas_senet::selftest::efb::pattern_list(&mut list);
                    let drawn = self.gpu.draw_into_efb(&list);
                    probes::efb_pattern(drawn)
                }
                // No GP to draw with: the soft renderer never touches the EFB.
                Renderer::Soft => Measure::Unavailable,
            },
            Probe::Audio => probes::audio_probe(&mut self.audio, clock::micros, AUDIO_PROBE_US),
        }
    }

    /// Leaves the program as the app asked, the controllers shut down first.
    pub fn leave(mut self, request: Request) -> ! {
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
