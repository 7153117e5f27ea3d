//! Settings probe: reads the console's SYSCONF at boot the way the game will (before the input
//! stack takes the IPC registers), logs the settings, the time the read took in timebase ticks
//! and the video mode the settings pick, then starts the input stack (which takes the IPC
//! registers next, as in the game) and shows plain frames until RESET.
//! tools/dolphin-harness/tests/sysconf.rs runs it in Dolphin with different SYSCONF settings.
//! Build: the game's .dol flags with `-p settings-probe` (see that test's module doc).
#![cfg_attr(target_arch = "powerpc", no_std, no_main)]

#[cfg(not(target_arch = "powerpc"))]
fn main() {
    println!("settings_probe is a Wii program: the sysconf end-to-end test runs it in Dolphin.");
}

#[cfg(target_arch = "powerpc")]
mod wii_main {
    use embedded_graphics::pixelcolor::Rgb888;
    use senas_senet::log;
    use senas_senet::wii::stm::SystemButton;
    use senas_senet::wii::wiimote::InputSystem;
    use senas_senet::wii::{clock, exit, pi, sysconf, Wii};

    fn ms() -> u32 {
        clock::since_boot().as_millis() as u32
    }

    /// Called by `_start` (src/wii/start.rs) with a stack and a clean .bss.
    #[no_mangle]
    pub extern "C" fn senas_main() -> ! {
        let Some(mut wii) = Wii::take() else {
            unreachable!("senas_main runs once, so the hardware is still there");
        };
        let detected = wii.screen.mode();
        log!("event=boot program=settings_probe video={}", detected);
        let settings = sysconf::boot_settings(&mut ms);
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
        // The settings client is gone; the input stack's IPC client comes next, as in main.rs.
        let Some(mut input) = InputSystem::take(ms()) else {
            unreachable!("the input stack is taken once");
        };
        let mut clock = ms;
        loop {
            let snap = input.poll(&mut clock, pi::reset_button_pressed());
            wii.screen.back().fill(background);
            wii.screen.present();
            let shown = wii.screen.frames();
            if shown % 60 == 0 {
                let (ipc, _) = input.stats();
                log!(
                    "event=frame n={} ipc_sent={} ipc_replies={} ipc_timeouts={} ipc_unknown={}",
                    shown,
                    ipc.sent,
                    ipc.replies,
                    ipc.timeouts,
                    ipc.unknown_replies
                );
            }
            match snap.system {
                Some(SystemButton::Reset) => {
                    input.shutdown(&mut clock);
                    exit::exit();
                }
                Some(SystemButton::Power) => input.power_off(&mut clock),
                None => {}
            }
        }
    }
}
