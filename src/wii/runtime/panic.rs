//! The panic handler (Wii build only): stops the audio DMA first (else the ring's last 256 ms
//! would loop until the player leaves; libogc's reset path also silences the DSP first,
//! `libogc/system.c` `__dsp_shutdown`), logs `event=panic msg="..." at=file:line:col` over
//! the USB Gecko, paints the error screen into an XFB and shows it, then waits for RESET, or
//! [`AUTO_EXIT_MS`] on a console without one (a Wii U in vWii mode has no RESET button), and
//! exits to the loader. It takes the hardware back by force: once a panic starts nothing else
//! runs, so the aliasing that `Wii::take` otherwise forbids cannot be observed.

pub use super::panic_flag::{in_progress, silence};

/// The error screen leaves by itself after this long (the screen says so), so a console
/// without a RESET button (vWii) is never stuck on it.
pub const AUTO_EXIT_MS: u64 = 60_000;

/// Whether the error screen should leave now: RESET is down, or it has been shown for
/// [`AUTO_EXIT_MS`].
pub fn should_leave(reset_down: bool, shown_for_ms: u64) -> bool {
    reset_down || shown_for_ms >= AUTO_EXIT_MS
}

#[cfg(all(target_arch = "powerpc", not(test)))]
#[panic_handler]
fn on_panic(info: &core::panic::PanicInfo) -> ! {
    use super::{error_screen, exit, log::Line, pi};
    use crate::wii::video::{vi, video_mode, xfb};
    use core::fmt::Write;

    // Silence first: one register write, safe to repeat (audit 2, N2).
    crate::wii::audio::stop_dma();
    if super::panic_flag::start() {
        // A panic while panicking: the first one already logged; stop here.
        loop {
            core::hint::spin_loop();
        }
    }

    let mut location = Line::new();
    if let Some(l) = info.location() {
        let _ = write!(location, "{}:{}:{}", l.file(), l.line(), l.column());
    }
    let location = core::str::from_utf8(location.as_bytes()).unwrap_or("?");
    let mut message = Line::new();
    let _ = write!(message, "{}", info.message());
    let message = core::str::from_utf8(message.as_bytes()).unwrap_or("?");
    crate::log!("event=panic msg=\"{}\" at={}", message, location);

    // SAFETY: the panic handler is the last code to run; see the module doc. The page is the
    // spare XFB, which no GPU copy targets (`xfb::SPARE`).
    let page = unsafe { xfb::take_spare() };
    error_screen::draw(page, message, location);
    page.flush();
    let phys = page.phys_addr();
    // SAFETY: as above; the game's `Vi` is never used again.
    match unsafe { vi::Vi::steal() } {
        Some(v) => v.set_framebuffer(phys),
        None => {
            // SAFETY: as above; no `Vi` exists yet.
            let _ = unsafe { vi::Vi::init(video_mode::detect(&vi::snapshot()), phys) };
        }
    }
    crate::log!("event=error_screen shown=1");
    let shown = super::clock::ticks();
    loop {
        let ms =
            (super::clock::ticks().wrapping_sub(shown)) * 1000 / super::clock::TICKS_PER_SECOND;
        if should_leave(pi::reset_button_pressed(), ms) {
            exit::exit();
        }
        core::hint::spin_loop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_screen_leaves_on_reset_at_once_and_by_itself_after_a_minute() {
        assert!(should_leave(true, 0));
        assert!(!should_leave(false, 0));
        assert!(!should_leave(false, AUTO_EXIT_MS - 1));
        assert!(should_leave(false, AUTO_EXIT_MS));
        assert!(should_leave(false, u64::MAX));
    }
}
