//! The panic handler (Wii build only): stops the audio DMA first (else the ring's last 256 ms
//! would loop until the player leaves; libogc's reset path also silences the DSP first,
//! `libogc/system.c` `__dsp_shutdown`), logs `event=panic msg="..." at=file:line:col` over
//! the USB Gecko, paints the error screen into an XFB and shows it, then waits for RESET, a
//! fresh press of A or START on a GameCube controller ([`PadExit`]; the SI keeps polling the
//! pads in hardware, so the handler only reads their latest replies), or [`AUTO_EXIT_MS`] on a
//! console with neither (a Wii U in vWii mode has no RESET button and no GameCube ports: audit
//! 2 N6), and exits to the loader. The Wiimotes cannot be read here: they need the Bluetooth
//! stack, which a panic may have interrupted. It takes the hardware back by force: once a
//! panic starts nothing else runs, so the aliasing that `Wii::take` otherwise forbids cannot
//! be observed.

pub use super::panic_flag::{in_progress, silence};

use crate::wii::input::si::{PadButtons, PadState, PORTS};

/// The error screen leaves by itself after this long (the screen says so), so a console
/// without a RESET button (vWii) is never stuck on it.
pub const AUTO_EXIT_MS: u64 = 60_000;

/// Whether the error screen should leave now: RESET is down, a pad asked ([`PadExit`]), or
/// it has been shown for [`AUTO_EXIT_MS`].
pub fn should_leave(reset_down: bool, pad_pressed: bool, shown_for_ms: u64) -> bool {
    reset_down || pad_pressed || shown_for_ms >= AUTO_EXIT_MS
}

/// The buttons that leave the error screen from a GameCube controller (the screen names them).
pub const LEAVE_BUTTONS: [PadButtons; 2] = [PadButtons::A, PadButtons::START];

/// Whether `pad` holds one of [`LEAVE_BUTTONS`].
pub fn holds_leave_button(pad: PadState) -> bool {
    pad.connected && LEAVE_BUTTONS.iter().any(|&b| pad.buttons().contains(b))
}

/// Fresh presses of A or START, per port: a button that is already down when the page appears
/// (the player was pressing it when the game stopped) counts only once it has been seen up, so
/// the page cannot flash by unread.
#[derive(Clone, Copy, Debug, Default)]
pub struct PadExit {
    seen_up: [bool; PORTS],
}

impl PadExit {
    /// Feeds one reading of every port; true when a port that was seen up now holds a leave
    /// button.
    pub fn update(&mut self, pads: [PadState; PORTS]) -> bool {
        let mut leave = false;
        for (seen_up, pad) in self.seen_up.iter_mut().zip(pads) {
            let down = holds_leave_button(pad);
            leave |= down && *seen_up;
            *seen_up |= !down;
        }
        leave
    }
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
    // SAFETY: as above; the game's own `GcPads` is never used again. Re-programming the poll
    // commands and SIPOLL is what `GcPads::new` does at boot, harmless while polling runs.
    let mut pads =
        crate::wii::input::si::GcPads::new(unsafe { crate::wii::input::si::MmioSi::new() });
    let mut pad_exit = PadExit::default();
    let shown = super::clock::ticks();
    loop {
        let ms =
            (super::clock::ticks().wrapping_sub(shown)) * 1000 / super::clock::TICKS_PER_SECOND;
        pads.poll();
        let pressed = pad_exit.update(core::array::from_fn(|port| pads.state(port)));
        if pressed {
            crate::log!("event=error_screen_leave by=gcpad");
        }
        if should_leave(pi::reset_button_pressed(), pressed, ms) {
            exit::exit();
        }
        core::hint::spin_loop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_screen_leaves_on_reset_or_a_pad_at_once_and_by_itself_after_a_minute() {
        assert!(should_leave(true, false, 0));
        assert!(should_leave(false, true, 0));
        assert!(!should_leave(false, false, 0));
        assert!(!should_leave(false, false, AUTO_EXIT_MS - 1));
        assert!(should_leave(false, false, AUTO_EXIT_MS));
        assert!(should_leave(false, false, u64::MAX));
    }

    fn pad(raw: u16) -> PadState {
        PadState {
            connected: true,
            raw,
            ..PadState::DISCONNECTED
        }
    }

    fn ports(p1: PadState) -> [PadState; PORTS] {
        [
            p1,
            PadState::DISCONNECTED,
            PadState::DISCONNECTED,
            PadState::DISCONNECTED,
        ]
    }

    #[test]
    fn a_fresh_press_of_a_or_start_on_any_pad_leaves() {
        for button in [PadButtons::A, PadButtons::START] {
            let mut exit = PadExit::default();
            assert!(!exit.update(ports(pad(0))));
            assert!(exit.update(ports(pad(button.bits() as u16))), "{button:?}");
        }
        // Port 4 counts as port 1 does.
        let mut exit = PadExit::default();
        let idle = [pad(0); PORTS];
        assert!(!exit.update(idle));
        let mut p4 = idle;
        p4[3] = pad(PadButtons::START.bits() as u16);
        assert!(exit.update(p4));
    }

    #[test]
    fn a_button_held_when_the_page_appears_counts_only_after_it_is_released() {
        let mut exit = PadExit::default();
        let held = ports(pad(PadButtons::A.bits() as u16));
        assert!(!exit.update(held));
        assert!(!exit.update(held), "still the press from before the panic");
        assert!(!exit.update(ports(pad(0))));
        assert!(exit.update(held));
    }

    #[test]
    fn other_buttons_the_stick_and_missing_pads_never_leave() {
        let mut exit = PadExit::default();
        assert!(!exit.update([PadState::DISCONNECTED; PORTS]));
        for other in [PadButtons::B, PadButtons::X, PadButtons::Y, PadButtons::Z] {
            assert!(!exit.update(ports(pad(other.bits() as u16))), "{other:?}");
        }
        let pushed = PadState {
            stick: (100, 0),
            ..pad(0)
        };
        assert!(!exit.update(ports(pushed)));
        // A disconnected port's stale bits are not a press.
        let stale = PadState {
            connected: false,
            ..pad(PadButtons::A.bits() as u16)
        };
        assert!(!exit.update(ports(stale)));
    }
}
