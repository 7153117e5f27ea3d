//! The whole input stack in one value for the frame loop: IPC client, Bluetooth transport and
//! host, Wiimotes, GameCube pads and the console buttons. [`InputSystem::poll`] runs it once
//! per frame and returns a [`Snapshot`] per player (player n = remote n, or pad n), and logs
//! every input event as one `key=value` line. It never blocks. `main.rs` turns the snapshot
//! into `app::Input` (app never sees these types).

use super::buttons::Buttons;
use super::pointer::{Aim, Calibration};
use super::remotes::{RemoteState, WiimoteEvent, Wiimotes, MAX_REMOTES};
use crate::log;
use crate::wii::bt::transport::Transport;
use crate::wii::bt::{Host, HostEvent, LinkQuality};
use crate::wii::ipc::{CacheOps, Ipc, IpcRegs, Slot};
use crate::wii::si::{GcPads, SiRegs};
use crate::wii::stm::{ResetSwitch, Stm, SystemButton};
use core::ptr::NonNull;

mod player_log;

/// Request slots the stack needs: BT open/control, event read, ACL read, ACL write, STM hook,
/// STM immediate calls, and two spare.
pub const SLOTS: usize = 8;
/// Frame size the logged pointer positions are given in (the game's 640×480 frame).
pub const FRAME_W: f32 = 640.0;
pub const FRAME_H: f32 = 480.0;
/// Pointer log lines at most this often per player, and only after moving this many pixels.
const POINTER_LOG_MS: u32 = 100;
const POINTER_LOG_PX: i32 = 3;
/// `poll` stops pumping Bluetooth after this long without data…
pub const PUMP_IDLE_MS: u32 = 2;
/// …or after this long in all. Dolphin 5.0-17995 delivers one ACL packet per BT update
/// (≈1.5 kHz) and a remote sends ≈188 reports/s, so two remotes need ≈4-5 ms per 60 Hz frame.
pub const PUMP_MAX_MS: u32 = 8;

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
    /// Remote and pad buttons together.
    pub buttons: Buttons,
    pub aim: Aim,
    /// The aim in frame pixels, clamped to the frame, when on screen.
    pub pointer: Option<(i16, i16)>,
    pub battery_bars: u8,
    /// Remote battery, 0..=100 percent (None: a pad, or no status report yet).
    pub battery: Option<u8>,
    /// The controller's Read_Link_Quality value for the remote's link, 0..=255 (None: a pad,
    /// not answered yet, or unavailable, as in Dolphin).
    pub link_quality: Option<u8>,
}

impl PlayerState {
    const NONE: PlayerState = PlayerState {
        connected: false,
        source: Source::None,
        buttons: Buttons::NONE,
        aim: Aim::Lost,
        pointer: None,
        battery_bars: 0,
        battery: None,
        link_quality: None,
    };
}

/// Everything the frame loop needs from input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Snapshot {
    pub players: [PlayerState; MAX_REMOTES],
    /// A console button pressed this frame.
    pub system: Option<SystemButton>,
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
pub struct InputSystem<R: IpcRegs, C: CacheOps, S: SiRegs> {
    ipc: Ipc<R, C>,
    transport: Transport,
    host: Host,
    remotes: Wiimotes,
    pads: GcPads<S>,
    stm: Stm,
    reset: ResetSwitch,
    last: [PlayerState; MAX_REMOTES],
    pointer_logged: [(Option<(i16, i16)>, u32); MAX_REMOTES],
    quality_logged: [LinkQuality; MAX_REMOTES],
    pads_seen: [bool; MAX_REMOTES],
    pad_buttons: [Buttons; MAX_REMOTES],
}

impl<R: IpcRegs, C: CacheOps, S: SiRegs> InputSystem<R, C, S> {
    /// Builds the stack and opens the Bluetooth and STM devices (replies arrive in `poll`).
    ///
    /// # Safety
    /// `pool..pool+SLOTS` must be `Slot`s nothing else uses, for the system's whole life.
    pub unsafe fn with_parts(
        regs: R,
        cache: C,
        si: S,
        pool: NonNull<Slot>,
        cal: Calibration,
        now: u32,
    ) -> Self {
        // SAFETY: forwarded from the caller.
        let mut ipc = unsafe { Ipc::new(regs, cache, pool, SLOTS) };
        let mut transport = Transport::new();
        transport.start(&mut ipc, now);
        let mut stm = Stm::new();
        stm.start(&mut ipc, now);
        log!(
            "event=input_start slots={} device={}",
            SLOTS,
            crate::wii::bt::transport::DEVICE
        );
        InputSystem {
            ipc,
            transport,
            host: Host::new(),
            remotes: Wiimotes::new(cal),
            pads: GcPads::new(si),
            stm,
            reset: ResetSwitch::default(),
            last: [PlayerState::NONE; MAX_REMOTES],
            pointer_logged: [(None, 0); MAX_REMOTES],
            quality_logged: [LinkQuality::Unknown; MAX_REMOTES],
            pads_seen: [false; MAX_REMOTES],
            pad_buttons: [Buttons::NONE; MAX_REMOTES],
        }
    }

    /// Runs the stack once per frame: pumps Bluetooth while reports keep arriving (until idle
    /// for [`PUMP_IDLE_MS`], at most [`PUMP_MAX_MS`]), so a frame handles what the remotes sent
    /// during the last one, then reads pads and console buttons. `clock` reads milliseconds
    /// since boot; `reset_down` is the RESET button level (`wii::pi::reset_button_pressed()`).
    pub fn poll(&mut self, clock: &mut dyn FnMut() -> u32, reset_down: bool) -> Snapshot {
        let now = self.pump(clock);
        self.finish(now, reset_down)
    }

    /// Pumps Bluetooth only (also useful while waiting for vsync); returns the clock at the end.
    pub fn pump(&mut self, clock: &mut dyn FnMut() -> u32) -> u32 {
        let start = clock();
        let (mut now, mut last_progress) = (start, start);
        loop {
            if self.step(now) {
                last_progress = now;
            }
            now = clock();
            if now.wrapping_sub(start) >= PUMP_MAX_MS
                || now.wrapping_sub(last_progress) >= PUMP_IDLE_MS
            {
                return now;
            }
        }
    }

    /// One pass over Bluetooth: transport, host, remotes, transport again; true if data moved.
    fn step(&mut self, now: u32) -> bool {
        let mut moved = self.transport.pump(&mut self.ipc, &mut self.host, now);
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
        moved |= self.transport.pump(&mut self.ipc, &mut self.host, now);
        moved
    }

    fn finish(&mut self, now: u32, reset_down: bool) -> Snapshot {
        while let Some(e) = self.remotes.pop_event() {
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
        let mut system = self.stm.poll(&mut self.ipc, now);
        if self.reset.update(reset_down) {
            system = Some(SystemButton::Reset);
        }
        if let Some(b) = system {
            log!(
                "event=system_button button={}",
                if b == SystemButton::Power {
                    "power"
                } else {
                    "reset"
                }
            );
        }
        let mut players = [PlayerState::NONE; MAX_REMOTES];
        for (p, out) in players.iter_mut().enumerate() {
            *out = self.player(p);
            self.log_player(p, out, now);
        }
        self.last = players;
        Snapshot { players, system }
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
        let buttons = (if remote_live {
            r.buttons
        } else {
            Buttons::NONE
        }) | pad.buttons();
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
            aim: r.aim,
            pointer: if remote_live { pixels(r.aim) } else { None },
            battery_bars: r.battery_bars,
            battery: r.battery,
            link_quality: self.link_quality(p).value(),
        }
    }

    /// The IPC client, lent to other IOS devices (the SD card's saves) between polls: one
    /// client per program, so every reply finds its request.
    pub fn ipc_mut(&mut self) -> &mut Ipc<R, C> {
        &mut self.ipc
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

    /// Counters of every layer, for the diagnostic screen.
    pub fn stats(&self) -> (crate::wii::ipc::IpcStats, crate::wii::bt::BtStats) {
        (self.ipc.stats(), self.host.stats())
    }

    /// Leaves nothing pending in IOS and the sensor bar off (before returning to the loader).
    pub fn shutdown(&mut self, clock: &mut dyn FnMut() -> u32) {
        self.stm.release(&mut self.ipc, clock);
        #[cfg(target_arch = "powerpc")]
        crate::wii::wiimote::sensorbar::power(false);
    }

    /// Turns the console off (standby). IOS never answers a shutdown that works, so this
    /// returns only if IOS refused or stayed silent past the timeout.
    pub fn power_off(&mut self, clock: &mut dyn FnMut() -> u32) {
        log!("event=power_off");
        let e = self.stm.power_off(&mut self.ipc, clock);
        log!("event=power_off_unanswered error={}", e);
    }

    /// Reboots the console (the exit when no loader stub is there). Returns only if IOS
    /// refused or stayed silent past the timeout.
    pub fn hot_reset(&mut self, clock: &mut dyn FnMut() -> u32) {
        log!("event=hot_reset");
        #[cfg(target_arch = "powerpc")]
        crate::wii::wiimote::sensorbar::power(false);
        let e = self.stm.hot_reset(&mut self.ipc, clock);
        log!("event=hot_reset_unanswered error={}", e);
    }
}

#[cfg(target_arch = "powerpc")]
mod wii {
    use super::{InputSystem, SLOTS};
    use crate::wii::ipc::{MmioIpc, Slot, WiiCache};
    use crate::wii::si::MmioSi;
    use crate::wii::wiimote::Calibration;
    use core::ptr::{addr_of_mut, NonNull};
    use core::sync::atomic::{AtomicBool, Ordering};

    /// The IPC request pool (MEM1, 32-byte aligned by `Slot`).
    static mut POOL: [Slot; SLOTS] = [const { Slot::new() }; SLOTS];
    static TAKEN: AtomicBool = AtomicBool::new(false);

    impl InputSystem<MmioIpc, WiiCache, MmioSi> {
        /// The console's input stack; `None` after the first call.
        pub fn take(now: u32) -> Option<Self> {
            if TAKEN.swap(true, Ordering::Relaxed) {
                return None;
            }
            let gpio = crate::wii::wiimote::sensorbar::power(true);
            crate::log!("event=sensor_bar on=1 gpiob_before={:#010x}", gpio);
            // SAFETY: guarded by TAKEN, so the pool and the IPC/SI registers are handed out once.
            unsafe {
                let pool = NonNull::new(addr_of_mut!(POOL) as *mut Slot)?;
                Some(Self::with_parts(
                    MmioIpc::steal(),
                    WiiCache,
                    MmioSi::steal(),
                    pool,
                    Calibration::BAR_ABOVE,
                    now,
                ))
            }
        }
    }
}
