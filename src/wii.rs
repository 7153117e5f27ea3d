//! The hardware, and the only home of `unsafe` MMIO. Compiles on the host too (so that parsers
//! and state machines are tested there); PowerPC-only instructions are gated on
//! `target_arch = "powerpc"`. The hardware is handed out once, as a `Wii` value from
//! `Wii::take()`; drivers borrow what they need from it.
//!
//! Runtime (foundation): `start` (crt0), `cache`, `clock`, `mmio`, `vi` + `video_mode`,
//! `xfb` + `yuv` + `screen` (presenting), `gecko` + `log` (the `log!` macro), `pi` (RESET
//! button), `exit`, `exceptions` + `panic` + `error_screen`.
//! Graphics (gfx): `gx`, the GPU backend of `gfx::DrawList`.

pub mod bt;
pub mod cache;
pub mod clock;
pub mod error_screen;
pub mod exceptions;
pub mod exit;
pub mod gecko;
pub mod gx;
pub mod ipc;
pub mod isfs;
pub mod log;
pub mod mmio;
pub mod panic;
pub mod pi;
pub mod screen;
pub mod si;
pub mod start;
pub mod stm;
pub mod sysconf;
pub mod vi;
pub mod video_mode;
pub mod wiimote;
pub mod xfb;
pub mod yuv;

pub use screen::Screen;

/// The game's version, as the boot line reports it (`event=boot version=...`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
pub use video_mode::VideoMode;

/// Every hardware handle of the console, handed out once.
pub struct Wii {
    /// The video output: VI plus two XFBs, vsync-paced.
    pub screen: Screen,
    /// True when a USB Gecko answers in slot B (the `log!` lines reach a host).
    pub gecko: bool,
    /// The timebase at boot.
    pub boot: clock::Instant,
}

#[cfg(target_arch = "powerpc")]
static TAKEN: core::sync::atomic::AtomicBool = core::sync::atomic::AtomicBool::new(false);

impl Wii {
    /// Initialises the logger, clock and video (mode detected from the loader's VI state,
    /// both XFBs black) and returns the only `Wii`. `None` on any later call.
    #[cfg(target_arch = "powerpc")]
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
        let mode = vi::detect_mode();
        // SAFETY: guarded by TAKEN, this is the only call that hands out the XFBs and the VI.
        let [a, b] = unsafe { xfb::take_storage() };
        a.fill(Rgb888::BLACK);
        b.fill(Rgb888::BLACK);
        a.flush();
        b.flush();
        // SAFETY: as above.
        let vi = unsafe { vi::Vi::init(mode, a.phys_addr()) };
        Some(Wii {
            screen: Screen::new(vi, [a, b]),
            gecko,
            boot,
        })
    }
}
