//! One connected Wiimote: runs its setup, turns its input reports into buttons, pointer,
//! accelerometer and battery, and keeps its rumble and periodic status. Outgoing reports are
//! queued here and sent by `Wiimotes`. Malformed reports are counted and ignored.

use super::buttons::Buttons;
use super::pointer::{Aim, Calibration, PointerTracker};
use super::report::{self, parse_input, Input, Output, StatusFlags};
use super::setup::Setup;
use crate::wii::bt::hci::BdAddr;
use crate::wii::bt::LinkId;
use heapless::Deque;

/// Status (battery) is asked for this often once reporting.
const STATUS_EVERY_MS: u32 = 30_000;

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
            reports: 0,
            bad_reports: 0,
            last_report_ms: 0,
            rumble_until: None,
            rumble_on: false,
            last_status_ms: 0,
            pending: Deque::new(),
        }
    }

    /// Reporting mode 0x33 is on: buttons and pointer are live.
    pub fn is_reporting(&self) -> bool {
        self.ready && self.setup.is_done()
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
                // set again (WiiBrew); harmless in Dolphin.
                if self.setup.is_done() && !answered_setup {
                    self.queue(report::mode(report::MODE_BUTTONS_ACCEL_IR, self.rumble_on));
                }
            }
            Input::AccelIr { accel, dots, .. } => {
                self.accel = accel;
                self.aim = self.tracker.update(&dots);
            }
            Input::Accel { accel, .. } => self.accel = accel,
            _ => {}
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
        } else if now.wrapping_sub(self.last_status_ms) > STATUS_EVERY_MS {
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
