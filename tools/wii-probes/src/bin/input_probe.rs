//! Input probe: a test build of the input stack for the Dolphin end-to-end tests
//! (tools/dolphin-harness/tests/input.rs), wired the way `main.rs` wires it. It logs every input event, draws each player's pointer as a coloured square on a dark
//! frame, and has two test hooks (`input_probe/hooks.rs`): releasing button 2 on a remote drops
//! that remote (HCI Disconnect; pressing a button on it again reconnects it: the disconnect
//! test), releasing button 1 starts a guest search, the one "Connect a Wii Remote" runs (the
//! connect test, tools/dolphin-harness/tests/connect.rs). RESET leaves.
//!
//! Build: the Makefile's Wii flags with `-p wii-probes --bin input-probe` (`make input-dol`),
//! then elf2dol (the harness test does both when `SENAS_INPUT_DOL` is not given).
#![cfg_attr(target_arch = "powerpc", no_std, no_main)]

#[path = "input_probe/hooks.rs"]
// The host build only tests the hooks; the Wii build runs them.
#[cfg_attr(not(target_arch = "powerpc"), allow(dead_code))]
mod hooks;

#[cfg(not(target_arch = "powerpc"))]
fn main() {
    println!("input_probe is a Wii program for the Dolphin input tests; see its header.");
}

#[cfg(target_arch = "powerpc")]
mod probe {
    use super::hooks::hooks;
    use embedded_graphics::pixelcolor::Rgb888;
    use senas_senet::log;
    use senas_senet::wii::input::system::PUMP_MAX_MS;
    use senas_senet::wii::input::{Buttons, InputSystem};
    use senas_senet::wii::stm::SystemButton;
    use senas_senet::wii::{clock, pi, sysconf, Wii};

    /// Pointer square colours per player (blue, orange, green, pink).
    const COLOURS: [Rgb888; 4] = [
        Rgb888::new(40, 110, 255),
        Rgb888::new(255, 140, 0),
        Rgb888::new(40, 200, 80),
        Rgb888::new(240, 80, 200),
    ];
    const BACKGROUND: Rgb888 = Rgb888::new(16, 16, 24);
    /// Side of a pointer square, centred on the pointer.
    const SQUARE: u32 = 16;

    fn ms() -> u32 {
        clock::since_boot().as_millis() as u32
    }

    #[no_mangle]
    pub extern "C" fn senas_main() -> ! {
        let Some(mut wii) = Wii::take() else {
            unreachable!("senas_main runs once, so the hardware is still there");
        };
        log!(
            "event=boot program=input_probe gecko={}",
            u8::from(wii.gecko)
        );
        let settings =
            sysconf::boot_settings(&mut wii.ios, &mut ms).unwrap_or(sysconf::Settings::DEFAULT);
        let mut input = InputSystem::new(&mut wii.ios, wii.si, &settings, ms());
        let mut clock = ms;
        let mut held_before = [Buttons::NONE; 4];
        // The guest search's attempt number (each release of 1 asks for a new one).
        let mut attempt: u16 = 0;
        loop {
            let snap = input.poll(&mut wii.ios, &mut clock, PUMP_MAX_MS);
            let system = wii
                .system
                .poll(&mut wii.ios, ms(), pi::reset_button_pressed());
            let xfb = wii.screen.back();
            xfb.fill(BACKGROUND);
            for (p, s) in snap.players.iter().enumerate() {
                if let Some((x, y)) = s.pointer {
                    let h = (SQUARE / 2) as i32;
                    xfb.fill_rect(
                        i32::from(x) - h,
                        i32::from(y) - h,
                        SQUARE,
                        SQUARE,
                        COLOURS[p],
                    );
                }
                let h = hooks(s.source, held_before[p], s.buttons);
                if h.drop {
                    input.disconnect(p);
                }
                if h.search {
                    attempt = attempt.wrapping_add(1);
                    log!("event=probe_search attempt={} player={}", attempt, p + 1);
                    input.search_remotes(Some(attempt), ms());
                }
                held_before[p] = s.buttons;
            }
            wii.screen.present();
            let shown = wii.screen.frames();
            if shown % 120 == 0 {
                let (ipc, bt) = (wii.ios.stats(), input.stats());
                log!(
                    "event=input_stats frame={} ipc_sent={} ipc_replies={} ipc_timeouts={} bt_events={} acl_in={} acl_out={} malformed={} overflows={}",
                    shown,
                    ipc.sent,
                    ipc.replies,
                    ipc.timeouts,
                    bt.events,
                    bt.acl_in,
                    bt.acl_out,
                    bt.malformed,
                    bt.overflows
                );
            }
            match system {
                Some(SystemButton::Reset) => {
                    input.shutdown(&mut wii.ios, &mut clock);
                    wii.system.leave(wii.ios, &mut clock);
                }
                Some(SystemButton::Power) => {
                    input.shutdown(&mut wii.ios, &mut clock);
                    wii.system.power_off(
                        wii.ios,
                        senas_senet::wii::sysconf::PowerOff::Standby,
                        &mut clock,
                    );
                }
                None => {}
            }
        }
    }
}
