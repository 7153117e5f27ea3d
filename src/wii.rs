//! The hardware, and the only home of `unsafe` MMIO. Compiles on the host too (so that parsers
//! and state machines are tested there); PowerPC-only instructions are gated on
//! `target_arch = "powerpc"`. The hardware is handed out once, as a `Wii` value from
//! `Wii::take()`: the screen, the GPU, the one IOS port (IPC registers and request slots),
//! the SI block and the console's system handle (Power, Reset, the way out). Drivers borrow
//! what they need from it: SYSCONF reading and the input stack borrow the IOS port per call.
//!
//! The folders, by what each part talks to (docs/architecture.md, "The wii folders"):
//! `runtime` (crt0, exceptions, caches, clock, MMIO registers, the log, the panic path and the
//! ways out), `video` (VI and its modes, the XFBs, presenting, GX, the vWii scaler), `ios` (the
//! IOS port and every device behind it: IPC, ISFS, SD, STM, SYSCONF), `input` (Bluetooth and
//! the Wii Remotes, SI and the GameCube pads, the sensor bar), `audio` (AI and the audio DMA)
//! and `storage` (the game's saves on the SD card); `selftest` holds the console self-test's
//! probes (thin reads of the hardware).

pub mod audio;
pub mod input;
pub mod ios;
pub mod runtime;
pub mod selftest;
pub mod storage;
pub mod video;

// The flat names from before the folders, for the layers above (src/main.rs, src/saving.rs,
// src/sound.rs, tools/*) and this file; inside `wii` every path names
// the module's own folder.
pub use input::{bt, si};
pub use ios::{ipc, isfs, sd, stm, sysconf};
pub use runtime::{
    argv, cache, clock, deadline, error_screen, exceptions, exit, gecko, log, log_sink, mem2, mmio,
    panic, pi, stack, start, system,
};
pub use storage as saves;
pub use video::{gx, screen, vi, video_mode, vwii, xfb, yuv};

pub use screen::Screen;

/// The game's version, as the boot line reports it (`event=boot version=...`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
pub use video_mode::VideoMode;

/// Every hardware handle of the console, handed out once.
#[cfg(target_arch = "powerpc")]
pub struct Wii {
    /// The video output: VI plus two XFBs, vsync-paced.
    pub screen: Screen,
    /// The GPU: GX FIFO, 2D pipeline and textures, drawing `gfx::DrawList`s.
    pub gpu: gx::GxRenderer,
    /// The IOS port: every IOS device is reached through it (borrowed per call).
    pub ios: ios::IosPort,
    /// The Serial Interface block (GameCube pads), for the input stack to consume.
    pub si: si::MmioSi,
    /// The console's Power and Reset buttons and the ways out of the game.
    pub system: system::System,
    /// True when a USB Gecko answers in slot B (the `log!` lines reach a host).
    pub gecko: bool,
    /// The timebase at boot.
    pub boot: clock::Instant,
    /// The VI registers as the loader left them (before the game programmed the VI), for
    /// `sysconf::boot_mode` once the settings are read.
    pub loader_vi: video_mode::ViSnapshot,
    /// The third XFB, which no GPU copy targets: the frame a screenshot keeps while it is
    /// written (`console::shot`); the error screen reuses it (`runtime::panic`).
    pub spare_xfb: &'static mut xfb::Xfb,
    /// The audio output: AI at 32 kHz, the audio DMA looping over the ring (started, silent).
    #[cfg(target_arch = "powerpc")]
    pub audio: audio::Audio,
}

#[cfg(target_arch = "powerpc")]
static TAKEN: core::sync::atomic::AtomicBool = core::sync::atomic::AtomicBool::new(false);

#[cfg(target_arch = "powerpc")]
impl Wii {
    /// Initialises the logger, clock, video (mode detected from the loader's VI state, both
    /// XFBs black), the GPU and the IOS port (opening the STM event hook) and returns the only
    /// `Wii`. `None` on any later call.
    pub fn take() -> Option<Wii> {
        use core::sync::atomic::Ordering;
        use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
        if TAKEN.swap(true, Ordering::Relaxed) {
            return None;
        }
        exceptions::install();
        clock::mark_boot();
        let boot = clock::Instant::from_ticks(clock::boot_ticks());
        let gecko = log::init();
        let loader_vi = vi::loader_snapshot();
        let mode = video_mode::detect(&loader_vi);
        // SAFETY: guarded by TAKEN, this is the only call that hands out the XFBs and the VI.
        let [a, b] = unsafe { xfb::take_storage() };
        a.fill(Rgb888::BLACK);
        b.fill(Rgb888::BLACK);
        a.flush();
        b.flush();
        // SAFETY: as above.
        let vi = unsafe { vi::Vi::init(mode, a.phys_addr()) };
        // SAFETY: as above, for the GX FIFO, the IPC registers with the MEM2 pool, and SI.
        let (gpu, mut ios, si) = unsafe { (gx::GxRenderer::new(), ios::take(), si::MmioSi::new()) };
        let system = system::System::new(&mut ios, clock::since_boot().as_millis() as u32);
        // SAFETY: as above, for the AI rate bit, the audio DMA registers and the ring.
        let audio = unsafe { audio::Audio::take_console() };
        // SAFETY: as above, for the spare XFB.
        let spare_xfb = unsafe { xfb::take_spare() };
        Some(Wii {
            screen: Screen::new(vi, [a, b]),
            spare_xfb,
            gpu,
            ios,
            si,
            system,
            gecko,
            boot,
            loader_vi,
            audio,
        })
    }
}
