//! The Wii program's entry: takes the hardware once and runs the frame loop. For now it shows
//! the placeholder title (wii::splash) until app/gfx provide scenes; the RESET button exits to
//! the loader. On the host this binary only explains how to build for the Wii.
#![cfg_attr(target_arch = "powerpc", no_std, no_main)]

#[cfg(not(target_arch = "powerpc"))]
fn main() {
    println!("senas-senet is a Wii program: build it with `make`, play it with `make run`.");
}

#[cfg(target_arch = "powerpc")]
mod wii_main {
    use senas_senet::log;
    use senas_senet::wii::{clock, exit, pi, splash, Wii, VERSION};

    const VERSION_LABEL: &str = concat!("v", env!("CARGO_PKG_VERSION"));
    /// A frame counter line every this many frames.
    const FRAME_LOG_EVERY: u32 = 60;
    /// The deliberate-panic test build panics on this frame.
    #[cfg(feature = "deliberate-panic")]
    const PANIC_FRAME: u32 = 90;

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
        for xfb in wii.screen.both() {
            splash::draw_title(xfb, VERSION_LABEL);
        }
        let mut window_start = clock::Instant::now();
        loop {
            let frame = wii.screen.frames();
            splash::draw_marker(wii.screen.back(), frame);
            wii.screen.present();
            let shown = wii.screen.frames();
            if shown == 1 {
                log!("event=first_frame ms={}", clock::since_boot().as_millis());
            }
            if shown % FRAME_LOG_EVERY == 0 {
                let now = clock::Instant::now();
                let ticks = now.ticks().saturating_sub(window_start.ticks()).max(1);
                let fps_x100 = u64::from(FRAME_LOG_EVERY) * 100 * clock::TICKS_PER_SECOND / ticks;
                window_start = now;
                log!(
                    "event=frame n={} fps_x100={} missed_vsyncs={} marker_x={}",
                    shown,
                    fps_x100,
                    wii.screen.missed_vsyncs(),
                    splash::marker_x(frame)
                );
            }
            if pi::reset_button_pressed() {
                exit::exit();
            }
            #[cfg(feature = "deliberate-panic")]
            if shown == PANIC_FRAME {
                panic!("deliberate panic for the e2e test at frame {}", shown);
            }
        }
    }
}
