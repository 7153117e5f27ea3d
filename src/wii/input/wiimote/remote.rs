//! One connected Wiimote: runs its setup, then its extension port's start-up (`extension`),
//! turns its input reports into buttons, pointer, accelerometer, extension input and battery,
//! and keeps its rumble and periodic status. Outgoing reports are queued here and sent by
//! `Wiimotes`. Malformed reports are counted and ignored. The remote's own buttons are taken
//! from every report, so they never wait for an extension being plugged in or out.

use super::buttons::Buttons;
use super::extension::{ExtEvent, ExtInput, ExtensionKind, ExtensionPort};
use super::pointer::{Aim, Calibration, PointerTracker};
use super::report::{self, parse_input, Input, Output, StatusFlags};
use super::setup::Setup;
use crate::wii::input::bt::hci::BdAddr;
use crate::wii::input::bt::LinkId;
use heapless::Deque;

/// Status (battery) is asked for this often once reporting.
const STATUS_EVERY_MS: u32 = 30_000;
/// After the camera format and the report mode change, the IR bytes of the reports in flight
/// may be in the other format for a moment: they are not given to the pointer for this long
/// (the remote's buttons still count).
const IR_SETTLE_MS: u32 = 100;

/// Battery level in the Wii's four bars from the status report's raw value (WiiBrew/libogc
/// `WPAD_BatteryLevel` thresholds).
pub fn battery_bars(raw: u8) -> u8 {
    match raw {
        0x55.. => 4,
        0x2B..=0x54 => 3,
        0x16..=0x2A => 2,
        0x04..=0x15 => 1,
        _ => 0,
    }
}

/// The raw battery byte below which the Wii's HOME Menu shows no bar at all. The HOME Menu
/// reads the byte as a percentage with a bar per 25 (Dolphin PRs #8329 and #8908, which
/// measured it; a new battery reads about 0xC8 and shows four bars).
pub const ONE_BAR: u8 = 25;

/// The battery is about to die: fewer than one of the HOME Menu's four bars.
pub fn battery_low(raw: u8) -> bool {
    raw < ONE_BAR
}

/// The status report's raw battery byte (0xC8 = full, the wiiuse scale) as 0..=100 percent.
pub fn battery_percent(raw: u8) -> u8 {
    (u16::from(raw) * 100 / 0xC8).min(100) as u8
}

/// A remote's live state.
#[derive(Clone, Debug)]
pub struct Remote {
    pub bd: BdAddr,
    pub link: LinkId,
    /// Player LEDs mask (bit k = LED k+1).
    pub leds: u8,
    /// Both HID channels are open.
    pub ready: bool,
    pub setup: Setup,
    pub buttons: Buttons,
    pub accel: [u8; 3],
    pub aim: Aim,
    tracker: PointerTracker,
    /// Raw battery byte of the last status report (None until one arrived).
    pub battery: Option<u8>,
    pub flags: StatusFlags,
    /// The extension port.
    pub ext: ExtensionPort,
    ext_events: Deque<ExtEvent, 4>,
    /// Until then the IR bytes may be in the old format ([`IR_SETTLE_MS`]).
    ir_settle_until: Option<u32>,
    pub reports: u32,
    pub bad_reports: u32,
    pub last_report_ms: u32,
    rumble_until: Option<u32>,
    rumble_on: bool,
    last_status_ms: u32,
    pending: Deque<Output, 8>,
}

impl Remote {
    pub fn new(bd: BdAddr, link: LinkId, leds: u8, cal: Calibration) -> Self {
        Self::with_ir_level(bd, link, leds, cal, super::setup::DEFAULT_IR_LEVEL)
    }

    /// A remote whose camera is set up at IR sensitivity `level` (SYSCONF `BT.SENS`).
    pub fn with_ir_level(bd: BdAddr, link: LinkId, leds: u8, cal: Calibration, level: u8) -> Self {
        Remote {
            bd,
            link,
            leds,
            ready: false,
            setup: Setup::with_level(level),
            buttons: Buttons::NONE,
            accel: [0x80; 3],
            aim: Aim::Lost,
            tracker: PointerTracker::new(cal),
            battery: None,
            flags: StatusFlags::default(),
            ext: ExtensionPort::default(),
            ext_events: Deque::new(),
            ir_settle_until: None,
            reports: 0,
            bad_reports: 0,
            last_report_ms: 0,
            rumble_until: None,
            rumble_on: false,
            last_status_ms: 0,
            pending: Deque::new(),
        }
    }

    /// Continuous reporting is on: buttons and pointer are live.
    pub fn is_reporting(&self) -> bool {
        self.ready && self.setup.is_done()
    }

    /// The extension in use (identified and started), if any.
    pub fn extension(&self) -> Option<ExtensionKind> {
        self.ext.kind()
    }

    /// The extension's buttons and sticks after the last report (nothing without one).
    pub fn ext_input(&self) -> ExtInput {
        self.ext.input()
    }

    /// The oldest extension event not yet taken.
    pub fn pop_ext_event(&mut self) -> Option<ExtEvent> {
        self.ext_events.pop_front()
    }

    fn ext_event(&mut self, e: Option<ExtEvent>) {
        if let Some(e) = e {
            if self.ext_events.is_full() {
                self.ext_events.pop_front();
            }
            let _ = self.ext_events.push_back(e);
        }
    }

    /// The data reporting mode for what is plugged in: 0x37 (basic IR and the extension's
    /// bytes) while an extension the game reads is in, else 0x33 (extended IR), as libogc
    /// `wiiuse/events.c` `handshake_expansion` / `disable_expansion` do (`wiiuse_set_ir_mode`
    /// then `wiiuse_set_report_type`). Both carry every dot's 10-bit x and y (`ir.rs`).
    pub fn data_mode(&self) -> u8 {
        if self.ext.kind().is_some_and(|k| k.is_read()) {
            report::MODE_BUTTONS_ACCEL_IR_EXT
        } else {
            report::MODE_BUTTONS_ACCEL_IR
        }
    }

    /// Camera format, then reporting mode, for [`Self::data_mode`].
    fn switch_mode(&mut self, now: u32) {
        self.ir_settle_until = Some(now.wrapping_add(IR_SETTLE_MS));
        let mode = self.data_mode();
        let ir = if mode == report::MODE_BUTTONS_ACCEL_IR_EXT {
            super::setup::IR_MODE_BASIC
        } else {
            super::setup::IR_MODE_EXTENDED
        };
        self.queue(report::write_registers(
            super::setup::REG_MODE,
            &[ir],
            self.rumble_on,
        ));
        self.queue(report::mode(mode, self.rumble_on));
    }

    fn queue(&mut self, r: Output) {
        if self.pending.is_full() {
            self.pending.pop_front();
        }
        let _ = self.pending.push_back(r);
    }

    /// Handles one HID message from this remote.
    pub fn on_hid(&mut self, data: &[u8], now: u32) {
        let input = match parse_input(data) {
            Ok(i) => i,
            Err(_) => {
                self.bad_reports += 1;
                return;
            }
        };
        self.reports += 1;
        self.last_report_ms = now;
        self.buttons = input.buttons();
        let answered_setup = self.setup.on_input(&input);
        match input {
            Input::Status { flags, battery, .. } => {
                self.flags = flags;
                self.battery = Some(battery);
                self.last_status_ms = now;
                // Any status report stops data reporting on a real remote until the mode is
                // set again (WiiBrew); harmless in Dolphin. Sent before the extension's
                // start-up so the remote's buttons keep coming while it runs.
                let e = self.ext.on_status(flags.extension());
                if self.setup.is_done() && !answered_setup {
                    if e == Some(ExtEvent::Detached) {
                        self.switch_mode(now);
                    } else {
                        self.queue(report::mode(self.data_mode(), self.rumble_on));
                    }
                }
                self.ext_event(e);
            }
            Input::AccelIr { accel, dots, .. } => {
                self.accel = accel;
                if self.ir_settled(now) {
                    self.aim = self.tracker.update(&dots);
                }
            }
            Input::AccelIrExt { accel, dots, .. } => {
                self.accel = accel;
                if self.ir_settled(now) {
                    self.aim = self.tracker.update(&dots);
                }
                let e = self.ext.on_input(&input);
                self.ext_event(e);
            }
            Input::Ack { .. } | Input::Read { .. } if !answered_setup => {
                let e = self.ext.on_input(&input);
                if matches!(e, Some(ExtEvent::Attached(_))) {
                    self.switch_mode(now);
                }
                self.ext_event(e);
            }
            Input::Accel { accel, .. } => self.accel = accel,
            _ => {}
        }
    }

    /// False for [`IR_SETTLE_MS`] after a camera format change.
    fn ir_settled(&mut self, now: u32) -> bool {
        match self.ir_settle_until {
            Some(t) if t.wrapping_sub(now) <= IR_SETTLE_MS => false,
            _ => {
                self.ir_settle_until = None;
                true
            }
        }
    }

    /// Starts (or extends) a rumble pulse of `ms` milliseconds.
    pub fn rumble(&mut self, ms: u32, now: u32) {
        self.rumble_until = Some(now.wrapping_add(ms));
    }

    pub fn is_rumbling(&self) -> bool {
        self.rumble_on
    }

    /// Ends any rumble pulse now: the next [`Remote::tick`] queues the motor-off report if
    /// the motor runs (the game is leaving; audit 2 N5).
    pub fn stop_rumble(&mut self) {
        self.rumble_until = None;
    }

    /// Reports waiting to be sent.
    pub fn pending_outputs(&self) -> usize {
        self.pending.len()
    }

    /// Timers: setup steps, rumble on/off, periodic status. Queues what must be sent.
    pub fn tick(&mut self, now: u32) {
        if !self.ready {
            return;
        }
        let want = self
            .rumble_until
            .is_some_and(|t| t.wrapping_sub(now) < u32::MAX / 2 && t != now);
        if !want {
            self.rumble_until = None;
        }
        if want != self.rumble_on {
            self.rumble_on = want;
            self.queue(report::rumble(want));
        }
        if !self.setup.is_done() {
            if let Some(r) = self.setup.next(now, self.leds, self.rumble_on) {
                self.queue(r);
            }
            return;
        }
        let (out, e) = self.ext.next(now, self.rumble_on);
        if let Some(r) = out {
            self.queue(r);
        }
        self.ext_event(e);
        if now.wrapping_sub(self.last_status_ms) > STATUS_EVERY_MS {
            self.last_status_ms = now;
            self.queue(report::status_request(self.rumble_on));
        }
    }

    /// The oldest report waiting to be sent.
    pub fn peek_output(&self) -> Option<&Output> {
        self.pending.front()
    }

    /// Drops the oldest waiting report (it was sent).
    pub fn pop_output(&mut self) {
        self.pending.pop_front();
    }

    /// Forgets the pointer (e.g. after a reconnect).
    pub fn reset_pointer(&mut self) {
        self.tracker.reset();
        self.aim = Aim::Lost;
    }
}
