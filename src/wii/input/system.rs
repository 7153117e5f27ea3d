//! The whole input stack in one value for the frame loop: Bluetooth transport and host,
//! Wiimotes and GameCube pads. [`InputSystem::poll`] runs it once per frame over the borrowed
//! IOS port and returns a [`Snapshot`] per player (player n = remote n, or pad n), and logs
//! every input event as one `key=value` line. It never blocks. `main.rs` turns the snapshot
//! into `app::Input` through `src/controls_map.rs` (app never sees these types). The console's
//! Power and Reset buttons are `wii::system`'s, not this stack's.

use super::wiimote::extension::{ExtButtons, ExtEvent, ExtensionKind};
use super::wiimote::{Aim, Buttons, Calibration, RemoteState, WiimoteEvent, Wiimotes, MAX_REMOTES};
use crate::log;
use crate::wii::input::bt::transport::Transport;
use crate::wii::input::bt::{Host, HostEvent, LinkQuality};
use crate::wii::input::si::{GcPads, PadButtons, SiRegs};
use crate::wii::ios::ipc::{CacheOps, Ipc, IpcRegs};
use crate::wii::ios::sysconf::{SensorBar, Settings};

mod player_log;
mod search;
mod shutdown;
pub use search::SearchStatus;
pub use shutdown::{BT_RESET_MS, RUMBLE_OFF_MS};

/// Request slots the stack keeps in flight at most: BT open/control, event read, ACL read,
/// ACL write (the IOS port must have these free besides its other users').
pub const SLOTS: usize = 4;
/// Frame size the logged pointer positions are given in (the game's 640×480 frame).
pub const FRAME_W: f32 = 640.0;
pub const FRAME_H: f32 = 480.0;
/// Pointer log lines at most this often per player, and only after moving this many pixels.
const POINTER_LOG_MS: u32 = 100;
const POINTER_LOG_PX: i32 = 3;
/// `poll` stops pumping Bluetooth after this long without data…
pub const PUMP_IDLE_MS: u32 = 2;
/// …or after the budget the caller gives ([`InputSystem::poll`]'s `budget_ms`). Dolphin
/// 5.0-17995 delivers one ACL packet per BT update (≈1.5 kHz) and a remote sends ≈188
/// reports/s, so two remotes need ≈4-5 ms per 60 Hz frame; the frame loop passes half of the
/// time left before the next vsync, at most this.
pub const PUMP_MAX_MS: u32 = 8;

/// The pointer calibration for the sensor bar's position.
pub fn calibration(bar: SensorBar) -> Calibration {
    match bar {
        SensorBar::Above => Calibration::BAR_ABOVE,
        SensorBar::Below => Calibration::BAR_BELOW,
    }
}

/// The Bluetooth pump's budget for a frame: half of the time left before the frame's
/// deadline (`left_us`, microseconds to the next vsync, `wii::deadline::Deadline::micros_left`),
/// at most [`PUMP_MAX_MS`], at least 1 ms so a late frame still reads what arrived. Real
/// remotes stream ≈100 reports/s each, so a fixed cap could eat half a frame whenever reports
/// keep coming.
pub fn pump_budget_ms(left_us: u64) -> u32 {
    let half_ms = left_us / 2000;
    (half_ms.min(u64::from(PUMP_MAX_MS)) as u32).max(1)
}

/// What drives a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    None,
    Remote,
    Pad,
}

/// One player's controls this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerState {
    pub connected: bool,
    pub source: Source,
    /// The remote's buttons (none while it is not reporting).
    pub buttons: Buttons,
    /// The extension plugged into the remote, once started (`None` without one).
    pub extension: Option<ExtensionKind>,
    /// The extension's buttons, its stick past the dead zone as `STICK_*` (none without one).
    pub ext: ExtButtons,
    /// Its (left) stick, ±100 at the calibrated ends (centred without one).
    pub ext_stick: (i16, i16),
    /// The GameCube pad's buttons on this player's port (the stick past its dead zone counts
    /// as the D-pad).
    pub pad: PadButtons,
    pub aim: Aim,
    /// The aim in frame pixels, clamped to the frame, when on screen.
    pub pointer: Option<(i16, i16)>,
    pub battery_bars: u8,
    /// Remote battery, 0..=100 percent (None: a pad, or no status report yet).
    pub battery: Option<u8>,
    /// The remote's battery is below one of the HOME Menu's bars.
    pub battery_low: bool,
    /// The controller's Read_Link_Quality value for the remote's link, 0..=255 (None: a pad,
    /// not answered yet, or unavailable, as in Dolphin).
    pub link_quality: Option<u8>,
}

impl PlayerState {
    /// A player with nothing connected.
    pub const NONE: PlayerState = PlayerState {
        connected: false,
        source: Source::None,
        buttons: Buttons::NONE,
        extension: None,
        ext: ExtButtons::NONE,
        ext_stick: (0, 0),
        pad: PadButtons::NONE,
        aim: Aim::Lost,
        pointer: None,
        battery_bars: 0,
        battery: None,
        battery_low: false,
        link_quality: None,
    };
}

/// Everything the frame loop needs from input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Snapshot {
    pub players: [PlayerState; MAX_REMOTES],
    /// A remote's POWER button was held this frame (see [`is_power_button`]): the frame loop
    /// treats it as the console's Power.
    pub power: bool,
    /// The guest search ("Connect a Wii Remote", `search.rs`).
    pub search: SearchStatus,
}

/// Whether a remote's disconnect is its POWER button: the remote ends the link with reason
/// 0x15 ("about to power off"; libogc `wpad.h` `WPAD_DISCON_POWER_OFF`). libogc's `wpad.c`
/// hands that to the power callback (`__wpad_powcb` -> `SYS_DoPowerCB`), the same one the
/// console's Power button reaches, so in libogc programs holding a remote's POWER turns the
/// console off, as in the System Menu (audit 2 N8). SYNC (0x13), a dead battery (0x14) and a
/// lost link (0x08) are plain disconnects.
pub fn is_power_button(e: &WiimoteEvent) -> bool {
    matches!(
        e,
        WiimoteEvent::Disconnected {
            reason: crate::wii::input::bt::hci::REASON_POWER_OFF,
            ..
        }
    )
}

fn pixels(aim: Aim) -> Option<(i16, i16)> {
    match aim {
        Aim::OnScreen { x, y } => Some(((x * FRAME_W) as i16, (y * FRAME_H) as i16)),
        _ => None,
    }
}

fn source_name(s: Source) -> &'static str {
    match s {
        Source::None => "none",
        Source::Remote => "remote",
        Source::Pad => "pad",
    }
}

/// The input stack.
pub struct InputSystem<S: SiRegs> {
    transport: Transport,
    host: Host,
    remotes: Wiimotes,
    pads: GcPads<S>,
    last: [PlayerState; MAX_REMOTES],
    pointer_logged: [(Option<(i16, i16)>, u32); MAX_REMOTES],
    quality_logged: [LinkQuality; MAX_REMOTES],
    pads_seen: [bool; MAX_REMOTES],
    pad_buttons: [PadButtons; MAX_REMOTES],
    search: search::SearchRequests,
}

impl<S: SiRegs> InputSystem<S> {
    /// Builds the stack over the SI block `si` and opens the Bluetooth device through `ios`
    /// (the reply arrives in `poll`). The console's settings place the pointer (`BT.BAR`:
    /// [`Calibration::BAR_BELOW`] for a bar below the TV, as libogc `wiiuse/wpad.c` passes
    /// `CONF_GetSensorBarPosition()^1` to `wiiuse_set_ir_position`) and pick the camera's
    /// sensitivity blocks (`BT.SENS`, `wiiuse_set_ir_sensitivity`).
    pub fn new<R: IpcRegs, C: CacheOps>(
        ios: &mut Ipc<R, C>,
        si: S,
        settings: &Settings,
        now: u32,
    ) -> Self {
        let cal = calibration(settings.sensor_bar);
        #[cfg(target_arch = "powerpc")]
        {
            let gpio = super::sensorbar::power(true);
            log!("event=sensor_bar on=1 gpiob_before={:#010x}", gpio);
        }
        let mut transport = Transport::new();
        transport.start(ios, now);
        log!(
            "event=input_start slots={} device={}",
            SLOTS,
            crate::wii::input::bt::transport::DEVICE
        );
        InputSystem {
            transport,
            host: Host::new(),
            remotes: Wiimotes::with_ir_level(cal, settings.ir_sensitivity),
            pads: GcPads::new(si),
            last: [PlayerState::NONE; MAX_REMOTES],
            pointer_logged: [(None, 0); MAX_REMOTES],
            quality_logged: [LinkQuality::Unknown; MAX_REMOTES],
            pads_seen: [false; MAX_REMOTES],
            pad_buttons: [PadButtons::NONE; MAX_REMOTES],
            search: search::SearchRequests::default(),
        }
    }

    /// Runs the stack once per frame: pumps Bluetooth while reports keep arriving (until idle
    /// for [`PUMP_IDLE_MS`], at most `budget_ms`, itself capped at [`PUMP_MAX_MS`]), so a frame
    /// handles what the remotes sent during the last one, then reads the pads. `clock` reads
    /// milliseconds since boot.
    pub fn poll<R: IpcRegs, C: CacheOps>(
        &mut self,
        ios: &mut Ipc<R, C>,
        clock: &mut dyn FnMut() -> u32,
        budget_ms: u32,
    ) -> Snapshot {
        let now = self.pump(ios, clock, budget_ms);
        self.finish(now)
    }

    /// Pumps Bluetooth only, for at most `budget_ms` (capped at [`PUMP_MAX_MS`]); returns the
    /// clock at the end.
    pub fn pump<R: IpcRegs, C: CacheOps>(
        &mut self,
        ios: &mut Ipc<R, C>,
        clock: &mut dyn FnMut() -> u32,
        budget_ms: u32,
    ) -> u32 {
        let budget = budget_ms.min(PUMP_MAX_MS);
        let start = clock();
        let (mut now, mut last_progress) = (start, start);
        loop {
            if self.step(ios, now) {
                last_progress = now;
            }
            now = clock();
            if now.wrapping_sub(start) >= budget || now.wrapping_sub(last_progress) >= PUMP_IDLE_MS
            {
                return now;
            }
        }
    }

    /// One pass over Bluetooth: transport, host, remotes, transport again; true if data moved.
    fn step<R: IpcRegs, C: CacheOps>(&mut self, ios: &mut Ipc<R, C>, now: u32) -> bool {
        let mut moved = self.transport.pump(ios, &mut self.host, now);
        while let Some(e) = self.host.pop_event() {
            match e {
                // Logged from the host's event, so it is seen whichever pump finished start-up.
                HostEvent::Up { bd: b } => log!(
                    "event=bt_up bd={:02x}:{:02x}:{:02x}:{:02x}:{:02x}:{:02x}",
                    b[5],
                    b[4],
                    b[3],
                    b[2],
                    b[1],
                    b[0]
                ),
                // The player is known after the Wiimote layer assigns one; log the link here.
                HostEvent::Connected { handle, .. } => {
                    log!("event=bt_link handle={:#06x}", handle)
                }
                _ => {}
            }
            self.remotes.on_host_event(e, now);
        }
        self.remotes.send(&mut self.host, now);
        // Outgoing reports queued just now leave in this frame.
        moved |= self.transport.pump(ios, &mut self.host, now);
        moved
    }

    fn finish(&mut self, now: u32) -> Snapshot {
        let mut power = false;
        while let Some(e) = self.remotes.pop_event() {
            power |= is_power_button(&e);
            match e {
                WiimoteEvent::Connected { player, handle, .. } => {
                    log!(
                        "event=wiimote_connect player={} handle={:#06x}",
                        player + 1,
                        handle
                    )
                }
                WiimoteEvent::Reporting { player } => {
                    log!("event=wiimote_ready player={} mode=0x33", player + 1)
                }
                WiimoteEvent::Extension { player, event } => match event {
                    ExtEvent::Attached(kind) => log!(
                        "event=extension_attach player={} kind={} mode={}",
                        player + 1,
                        kind.name(),
                        if kind.is_read() { "0x37" } else { "0x33" }
                    ),
                    ExtEvent::Detached => {
                        log!("event=extension_detach player={}", player + 1)
                    }
                    ExtEvent::Failed => log!("event=extension_failed player={}", player + 1),
                },
                WiimoteEvent::Disconnected { player, reason } => {
                    log!(
                        "event=wiimote_disconnect player={} reason={:#04x}",
                        player + 1,
                        reason
                    )
                }
            }
        }
        self.pads.poll();
        let mut players = [PlayerState::NONE; MAX_REMOTES];
        for (p, out) in players.iter_mut().enumerate() {
            *out = self.player(p);
            self.log_player(p, out, now);
        }
        self.last = players;
        let search = self.search_status();
        Snapshot {
            players,
            power,
            search,
        }
    }

    fn player(&mut self, p: usize) -> PlayerState {
        let r = self.remotes.state(p);
        let pad = self.pads.state(p);
        if pad.connected != self.pads_seen[p] {
            self.pads_seen[p] = pad.connected;
            log!(
                "event=gcpad_{} port={}",
                if pad.connected {
                    "connect"
                } else {
                    "disconnect"
                },
                p + 1
            );
        }
        let pb = pad.buttons();
        if pb != self.pad_buttons[p] {
            log!(
                "event=gcpad_buttons port={} pressed={} released={} held={} stick={},{}",
                p + 1,
                pb.difference(self.pad_buttons[p]),
                self.pad_buttons[p].difference(pb),
                pb,
                pad.stick.0,
                pad.stick.1
            );
            self.pad_buttons[p] = pb;
        }
        let remote_live = r.connected && r.reporting;
        let buttons = if remote_live {
            r.buttons
        } else {
            Buttons::NONE
        };
        let ext = if remote_live {
            r.ext.buttons
        } else {
            ExtButtons::NONE
        };
        let source = if r.connected {
            Source::Remote
        } else if pad.connected {
            Source::Pad
        } else {
            Source::None
        };
        PlayerState {
            connected: r.connected || pad.connected,
            source,
            buttons,
            extension: if remote_live { r.extension } else { None },
            ext,
            ext_stick: if remote_live { r.ext.stick } else { (0, 0) },
            pad: pb,
            aim: r.aim,
            pointer: if remote_live { pixels(r.aim) } else { None },
            battery_bars: r.battery_bars,
            battery: r.battery,
            battery_low: r.connected && r.battery_low,
            link_quality: self.link_quality(p).value(),
        }
    }

    /// A rumble pulse on player `p`'s remote.
    pub fn rumble(&mut self, p: usize, ms: u32, now: u32) {
        self.remotes.rumble(p, ms, now);
    }

    /// Test hook and "disconnect" menu item: drops player `p`'s remote (HCI Disconnect). A
    /// button press on the remote reconnects it as the same player.
    pub fn disconnect(&mut self, p: usize) {
        log!("event=wiimote_drop player={}", p + 1);
        self.remotes.disconnect(p, &mut self.host);
    }

    /// What the controller says about player `p`'s remote link (Unknown without a remote).
    pub fn link_quality(&self, p: usize) -> LinkQuality {
        self.remotes
            .link(p)
            .map_or(LinkQuality::Unknown, |l| self.host.link_quality(l))
    }

    /// Player `p`'s remote in detail (diagnostic screen).
    pub fn remote(&self, p: usize) -> RemoteState {
        self.remotes.state(p)
    }

    /// The Bluetooth controller's version (HCI Read Local Version Information), once known.
    pub fn bt_version(&self) -> Option<crate::selftest::BtVersion> {
        self.host.local_version()
    }

    /// The Bluetooth host's counters, for the diagnostic screen.
    pub fn stats(&self) -> crate::wii::input::bt::BtStats {
        self.host.stats()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A remote that was reporting, then its link ends with `reason` (a Disconnection
    /// Complete from the controller): the Wiimote layer's event.
    fn disconnected_with(reason: u8) -> WiimoteEvent {
        use crate::wii::input::bt::replay;
        let mut host = Host::new();
        let mut wm = Wiimotes::new(Calibration::BAR_ABOVE);
        replay::run(
            include_str!("bt/testdata/basic.log"),
            &mut host,
            |h, e, now| {
                wm.on_host_event(e, now);
                wm.send(h, now);
            },
        );
        while wm.pop_event().is_some() {}
        let handle = host
            .handle(crate::wii::input::bt::LinkId(0))
            .expect("connected");
        let [a, b] = handle.to_le_bytes();
        host.on_event(&[0x05, 4, 0x00, a, b, reason], 1_000_000);
        while let Some(e) = host.pop_event() {
            wm.on_host_event(e, 1_000_000);
        }
        wm.pop_event().expect("a disconnect event")
    }

    #[test]
    fn holding_a_remotes_power_button_counts_as_the_consoles_power_and_other_drops_do_not() {
        let power = disconnected_with(0x15);
        assert_eq!(
            power,
            WiimoteEvent::Disconnected {
                player: 0,
                reason: 0x15
            }
        );
        assert!(is_power_button(&power));
        for reason in [0x13, 0x14, 0x08, 0x16] {
            assert!(!is_power_button(&disconnected_with(reason)), "{reason:#x}");
        }
    }

    #[test]
    fn a_sensor_bar_below_the_tv_selects_the_below_calibration() {
        assert_eq!(calibration(SensorBar::Below), Calibration::BAR_BELOW);
        assert_eq!(calibration(SensorBar::Above), Calibration::BAR_ABOVE);
    }

    #[test]
    fn the_pump_budget_is_half_the_time_left_before_the_deadline_capped() {
        assert_eq!(
            pump_budget_ms(16_683),
            PUMP_MAX_MS,
            "a whole 59.94 Hz field left"
        );
        assert_eq!(pump_budget_ms(6_000), 3);
        assert_eq!(pump_budget_ms(0), 1, "deadline reached: still one pass");
        assert_eq!(pump_budget_ms(u64::MAX), PUMP_MAX_MS);
    }
}
