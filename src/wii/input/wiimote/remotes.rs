//! The four player slots of Wiimotes over one Bluetooth [`Host`]: assigns a connecting remote
//! to a player (the same player again when it reconnects), lights its LED, routes HID reports,
//! sends the queued output reports and reports connects and disconnects as [`WiimoteEvent`]s.

use super::buttons::Buttons;
use super::extension::{ExtEvent, ExtInput, ExtensionKind};
use super::pointer::{Aim, Calibration};
use super::remote::{battery_bars, battery_low, battery_percent, Remote};
use crate::wii::input::bt::hci::BdAddr;
use crate::wii::input::bt::{Host, HostEvent, LinkId};
use heapless::Deque;

/// Players with a remote.
pub const MAX_REMOTES: usize = 4;

/// Something the game (and its log) should know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WiimoteEvent {
    /// A remote's baseband link is up; it is player `player` (0-based).
    Connected {
        player: u8,
        bd: BdAddr,
        handle: u16,
    },
    /// Setup finished: buttons and pointer are live.
    Reporting {
        player: u8,
    },
    Disconnected {
        player: u8,
        reason: u8,
    },
    /// Player `player`'s extension was attached, pulled out or did not start.
    Extension {
        player: u8,
        event: ExtEvent,
    },
}

/// A copy of one remote's state for the game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RemoteState {
    pub connected: bool,
    pub reporting: bool,
    pub buttons: Buttons,
    pub aim: Aim,
    pub accel: [u8; 3],
    /// 0..=4 bars, as the Wii shows them (0 until the first status report).
    pub battery_bars: u8,
    /// 0..=100 percent, once a status report told.
    pub battery: Option<u8>,
    /// Fewer than one of the HOME Menu's bars ([`super::remote::battery_low`]).
    pub battery_low: bool,
    pub reports: u32,
    pub bad_reports: u32,
    pub rumbling: bool,
    /// The extension in use, once identified and started.
    pub extension: Option<ExtensionKind>,
    /// Its buttons and sticks (nothing held without one).
    pub ext: ExtInput,
}

impl RemoteState {
    pub const DISCONNECTED: RemoteState = RemoteState {
        connected: false,
        reporting: false,
        buttons: Buttons::NONE,
        aim: Aim::Lost,
        accel: [0x80; 3],
        battery_bars: 0,
        battery: None,
        battery_low: false,
        reports: 0,
        bad_reports: 0,
        rumbling: false,
        extension: None,
        ext: ExtInput::NONE,
    };
}

/// All remotes.
pub struct Wiimotes {
    remotes: [Option<Remote>; MAX_REMOTES],
    remembered: [Option<BdAddr>; MAX_REMOTES],
    cal: Calibration,
    ir_level: u8,
    events: Deque<WiimoteEvent, 16>,
}

impl Wiimotes {
    pub fn new(cal: Calibration) -> Self {
        Self::with_ir_level(cal, super::setup::DEFAULT_IR_LEVEL)
    }

    /// Remotes placed by `cal` whose cameras run at IR sensitivity `ir_level` (1..=5).
    pub fn with_ir_level(cal: Calibration, ir_level: u8) -> Self {
        Wiimotes {
            remotes: Default::default(),
            remembered: [None; MAX_REMOTES],
            cal,
            ir_level,
            events: Deque::new(),
        }
    }

    fn player_of(&self, link: LinkId) -> Option<usize> {
        self.remotes
            .iter()
            .position(|r| r.as_ref().is_some_and(|r| r.link == link))
    }

    fn emit(&mut self, e: WiimoteEvent) {
        if self.events.is_full() {
            self.events.pop_front();
        }
        let _ = self.events.push_back(e);
    }

    /// Picks a player for a remote: its old slot if free, else the first never-used, else any.
    fn choose(&self, bd: &BdAddr) -> Option<usize> {
        let free = |p: &usize| self.remotes[*p].is_none();
        (0..MAX_REMOTES)
            .filter(free)
            .find(|&p| self.remembered[p] == Some(*bd))
            .or_else(|| {
                (0..MAX_REMOTES)
                    .filter(free)
                    .find(|&p| self.remembered[p].is_none())
            })
            .or_else(|| (0..MAX_REMOTES).find(free))
    }

    /// Handles one event from the host.
    pub fn on_host_event(&mut self, e: HostEvent, now: u32) {
        match e {
            HostEvent::Connected { link, bd, handle } => {
                let Some(p) = self.choose(&bd) else { return };
                self.remembered[p] = Some(bd);
                self.remotes[p] = Some(Remote::with_ir_level(
                    bd,
                    link,
                    1 << p,
                    self.cal,
                    self.ir_level,
                ));
                self.emit(WiimoteEvent::Connected {
                    player: p as u8,
                    bd,
                    handle,
                });
            }
            HostEvent::Ready { link } => {
                if let Some(p) = self.player_of(link) {
                    if let Some(r) = self.remotes[p].as_mut() {
                        r.ready = true;
                        r.tick(now);
                    }
                }
            }
            HostEvent::Hid { link, data, .. } => {
                let Some(p) = self.player_of(link) else {
                    return;
                };
                let Some(r) = self.remotes[p].as_mut() else {
                    return;
                };
                let was = r.is_reporting();
                r.on_hid(&data, now);
                r.tick(now);
                if !was && r.is_reporting() {
                    self.emit(WiimoteEvent::Reporting { player: p as u8 });
                }
                self.drain_ext_events(p);
            }
            HostEvent::Disconnected { link, reason } => {
                if let Some(p) = self.player_of(link) {
                    self.remotes[p] = None;
                    self.emit(WiimoteEvent::Disconnected {
                        player: p as u8,
                        reason,
                    });
                }
            }
            HostEvent::Up { .. } => {}
        }
    }

    /// Drains the host's events, runs timers and hands queued output reports to the host.
    pub fn pump(&mut self, host: &mut Host, now: u32) {
        while let Some(e) = host.pop_event() {
            self.on_host_event(e, now);
        }
        self.send(host, now);
    }

    /// Timers and output only (the host's events were handled elsewhere).
    pub fn send(&mut self, host: &mut Host, now: u32) {
        for r in self.remotes.iter_mut().flatten() {
            r.tick(now);
            while let Some(out) = r.peek_output() {
                if host.send_hid(r.link, out).is_err() {
                    break;
                }
                r.pop_output();
            }
        }
        for p in 0..MAX_REMOTES {
            self.drain_ext_events(p);
        }
    }

    fn drain_ext_events(&mut self, p: usize) {
        while let Some(event) = self.remotes[p].as_mut().and_then(|r| r.pop_ext_event()) {
            self.emit(WiimoteEvent::Extension {
                player: p as u8,
                event,
            });
        }
    }

    pub fn pop_event(&mut self) -> Option<WiimoteEvent> {
        self.events.pop_front()
    }

    /// Player `p`'s remote state (disconnected if none).
    pub fn state(&self, p: usize) -> RemoteState {
        match self.remotes.get(p).and_then(|r| r.as_ref()) {
            None => RemoteState::DISCONNECTED,
            Some(r) => RemoteState {
                connected: true,
                reporting: r.is_reporting(),
                buttons: r.buttons,
                aim: r.aim,
                accel: r.accel,
                battery_bars: r.battery.map_or(0, battery_bars),
                battery: r.battery.map(battery_percent),
                battery_low: r.battery.is_some_and(battery_low),
                reports: r.reports,
                bad_reports: r.bad_reports,
                rumbling: r.is_rumbling(),
                extension: r.extension(),
                ext: r.ext_input(),
            },
        }
    }

    /// The link of player `p`, for diagnostics and the disconnect test hook.
    pub fn link(&self, p: usize) -> Option<LinkId> {
        self.remotes.get(p)?.as_ref().map(|r| r.link)
    }

    /// A rumble pulse on player `p`'s remote.
    pub fn rumble(&mut self, p: usize, ms: u32, now: u32) {
        if let Some(r) = self.remotes.get_mut(p).and_then(|r| r.as_mut()) {
            r.rumble(ms, now);
        }
    }

    /// Ends every rumble pulse now (the motor-off reports leave with the next [`Wiimotes::send`]).
    pub fn stop_rumble(&mut self) {
        for r in self.remotes.iter_mut().flatten() {
            r.stop_rumble();
        }
    }

    /// Output reports not yet handed to the host, over all remotes.
    pub fn pending_outputs(&self) -> usize {
        self.remotes
            .iter()
            .flatten()
            .map(Remote::pending_outputs)
            .sum()
    }

    /// Drops player `p`'s remote from the host side (HCI Disconnect); it reconnects when any
    /// of its buttons is pressed, as a real remote does.
    pub fn disconnect(&mut self, p: usize, host: &mut Host) {
        if let Some(link) = self.link(p) {
            host.disconnect(link);
        }
    }
}
