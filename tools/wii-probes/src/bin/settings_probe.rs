//! Settings probe: reads the console's SYSCONF at boot the way the game does (over the IOS
//! port `Wii::take` hands out), logs the settings, the time the read took in timebase ticks
//! and the video mode the settings pick, then starts the input stack on the same port (as in
//! the game) and shows plain frames until RESET.
//! tools/dolphin-harness/tests/sysconf.rs runs it in Dolphin with different SYSCONF settings.
//! Build: the game's .dol flags with `-p wii-probes --bin settings-probe` (see that test's module doc).
#![cfg_attr(target_arch = "powerpc", no_std, no_main)]

#[cfg(not(target_arch = "powerpc"))]
fn main() {
    println!("settings_probe is a Wii program: the sysconf end-to-end test runs it in Dolphin.");
}

#[cfg(target_arch = "powerpc")]
mod wii_main {
    use embedded_graphics::pixelcolor::Rgb888;
    use senas_senet::log;
    use senas_senet::wii::input::system::PUMP_MAX_MS;
    use senas_senet::wii::input::InputSystem;
    use senas_senet::wii::stm::SystemButton;
    use senas_senet::wii::{clock, pi, sysconf, Wii};

    fn ms() -> u32 {
        clock::since_boot().as_millis() as u32
    }

    /// Called by `_start` (src/wii/runtime/start.rs) with a stack and a clean .bss.
    #[no_mangle]
    pub extern "C" fn senas_main() -> ! {
        let Some(mut wii) = Wii::take() else {
            unreachable!("senas_main runs once, so the hardware is still there");
        };
        let detected = wii.screen.mode();
        log!("event=boot program=settings_probe video={}", detected);
        let settings = sysconf::boot_settings(&mut wii.ios, &mut ms);
        log!(
            "event=settings_mode detected={} preferred={} cable={}",
            detected,
            sysconf::boot_mode(settings.as_ref(), &wii.loader_vi),
            u8::from(sysconf::component_cable())
        );
        let settings = settings.unwrap_or(sysconf::Settings::DEFAULT);
        let background = match settings.aspect {
            senas_senet::gfx::Aspect::Wide => Rgb888::new(20, 60, 40),
            senas_senet::gfx::Aspect::Standard => Rgb888::new(40, 20, 60),
        };
        // The input stack borrows the same IOS port next, as in main.rs.
        let mut input = InputSystem::new(&mut wii.ios, wii.si, &settings, ms());
        let mut clock = ms;
        loop {
            let _ = input.poll(&mut wii.ios, &mut clock, PUMP_MAX_MS);
            let system = wii
                .system
                .poll(&mut wii.ios, ms(), pi::reset_button_pressed());
            wii.screen.back().fill(background);
            wii.screen.present();
            let shown = wii.screen.frames();
            if shown % 60 == 0 {
                let ipc = wii.ios.stats();
                log!(
                    "event=frame n={} ipc_sent={} ipc_replies={} ipc_timeouts={} ipc_unknown={}",
                    shown,
                    ipc.sent,
                    ipc.replies,
                    ipc.timeouts,
                    ipc.unknown_replies
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
