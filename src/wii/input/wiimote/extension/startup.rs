//! One remote's extension port as a state machine: a status report (0x20) with the extension
//! bit set starts the unencrypted start-up (0x55 to 0xA400F0, then 0x00 to 0xA400FB: WiiBrew
//! "Wiimote/Extension Controllers", "The New Way", which first-party extensions and the
//! clones that refuse the old encrypted start-up both accept), then reads the identifier (6
//! bytes at 0xA400FA) and, for an extension the game reads, its calibration block (16 bytes at
//! 0xA40020). A status with the bit clear forgets the extension at once, whatever step it was
//! at. Until the port is `Ready`, extension bytes are ignored; the remote's own buttons never
//! depend on it. Each step waits for its answer and is retried on silence, like `setup.rs`;
//! the caller runs it only after the remote's own setup so the two never wait for the same
//! acknowledgement. It never sends anything: it hands output reports to `remote.rs`.

use super::calibration::{self, StickCalibration, BLOCK_LEN};
use super::decode::{decode, ExtButtons, ExtInput};
use super::kind::ExtensionKind;
use crate::wii::input::wiimote::report::{self, out, Input, Output};

/// The extension's registers (WiiBrew "Wiimote/Extension Controllers").
pub const REG_INIT1: u32 = 0xA4_00F0;
pub const REG_INIT2: u32 = 0xA4_00FB;
pub const REG_ID: u32 = 0xA4_00FA;
pub const REG_CALIBRATION: u32 = 0xA4_0020;
/// The old, encrypted start-up wrote 0x00 here (WiiBrew); never used, pinned by a test.
pub const REG_ENCRYPTION_KEY: u32 = 0xA4_0040;
/// A step unanswered this long is sent again…
const RETRY_MS: u32 = 250;
/// …this many times at most, then the extension is given up on (until the next status).
const MAX_TRIES: u8 = 4;

/// Something the log (and the game) should know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtEvent {
    /// Identified and, if read, calibrated: its bytes count from the next report.
    Attached(ExtensionKind),
    /// The status report says it was pulled out.
    Detached,
    /// It did not answer its start-up; the remote plays on without it.
    Failed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Nothing plugged in.
    Absent,
    /// Start-up step `step` (0..=3), last sent at `sent_at`.
    Starting {
        step: u8,
        sent_at: Option<u32>,
        tries: u8,
        kind: Option<ExtensionKind>,
    },
    Ready {
        kind: ExtensionKind,
        cal: [StickCalibration; 2],
    },
    Failed,
}

/// The port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtensionPort {
    phase: Phase,
    last: ExtInput,
}

impl Default for ExtensionPort {
    fn default() -> Self {
        ExtensionPort {
            phase: Phase::Absent,
            last: ExtInput::default(),
        }
    }
}

fn step_report(step: u8, rumble: bool) -> Option<Output> {
    Some(match step {
        0 => report::write_registers(REG_INIT1, &[0x55], rumble),
        1 => report::write_registers(REG_INIT2, &[0x00], rumble),
        2 => report::read_registers(REG_ID, 6, rumble),
        3 => report::read_registers(REG_CALIBRATION, BLOCK_LEN as u16, rumble),
        _ => return None,
    })
}

impl ExtensionPort {
    /// The extension in use, once started.
    pub fn kind(&self) -> Option<ExtensionKind> {
        match self.phase {
            Phase::Ready { kind, .. } => Some(kind),
            _ => None,
        }
    }

    /// True while the start-up waits for an answer or has a step to send.
    pub fn is_starting(&self) -> bool {
        matches!(self.phase, Phase::Starting { .. })
    }

    /// The extension's state after the last data report (nothing held when none is ready).
    pub fn input(&self) -> ExtInput {
        self.last
    }

    /// A status report: `present` is its extension bit.
    pub fn on_status(&mut self, present: bool) -> Option<ExtEvent> {
        match (present, self.phase) {
            (false, Phase::Absent) => None,
            (false, _) => {
                self.phase = Phase::Absent;
                self.last = ExtInput::default();
                Some(ExtEvent::Detached)
            }
            (true, Phase::Absent | Phase::Failed) => {
                self.phase = Phase::Starting {
                    step: 0,
                    sent_at: None,
                    tries: 0,
                    kind: None,
                };
                None
            }
            (true, _) => None,
        }
    }

    /// The report to send now, if any (a step's first send or its retry).
    pub fn next(&mut self, now: u32, rumble: bool) -> (Option<Output>, Option<ExtEvent>) {
        let Phase::Starting {
            step,
            ref mut sent_at,
            ref mut tries,
            ..
        } = self.phase
        else {
            return (None, None);
        };
        if let Some(t) = *sent_at {
            if now.wrapping_sub(t) < RETRY_MS {
                return (None, None);
            }
            if *tries >= MAX_TRIES {
                self.phase = Phase::Failed;
                return (None, Some(ExtEvent::Failed));
            }
        }
        *sent_at = Some(now);
        *tries += 1;
        (step_report(step, rumble), None)
    }

    /// Feeds an input report: answers a start-up step, or (0x37) updates the extension's
    /// state. Returns an event when the extension became ready or failed.
    pub fn on_input(&mut self, input: &Input) -> Option<ExtEvent> {
        if let Input::AccelIrExt { ext, .. } = input {
            if let Phase::Ready { kind, cal } = self.phase {
                self.last = decode(kind, &cal, self.last.buttons, ext).unwrap_or_default();
            }
            return None;
        }
        let Phase::Starting {
            step,
            sent_at: Some(_),
            kind,
            ..
        } = self.phase
        else {
            return None;
        };
        let advance = |phase: &mut Phase, kind| {
            *phase = Phase::Starting {
                step: step + 1,
                sent_at: None,
                tries: 0,
                kind,
            }
        };
        match (step, input) {
            (0 | 1, Input::Ack { report, error, .. }) if *report == out::WRITE => {
                if *error != 0 {
                    self.phase = Phase::Failed;
                    return Some(ExtEvent::Failed);
                }
                advance(&mut self.phase, None);
                None
            }
            (2 | 3, Input::Read { error, .. }) if *error != 0 => {
                self.phase = Phase::Failed;
                Some(ExtEvent::Failed)
            }
            (2, Input::Read { offset, data, .. }) if u32::from(*offset) == REG_ID & 0xFFFF => {
                let mut id = [0u8; 6];
                id.copy_from_slice(&data[..6]);
                let k = ExtensionKind::identify(&id);
                if k.is_read() {
                    advance(&mut self.phase, Some(k));
                    None
                } else {
                    self.ready(k, [StickCalibration::DEFAULT; 2])
                }
            }
            (3, Input::Read { offset, data, .. })
                if u32::from(*offset) == REG_CALIBRATION & 0xFFFF =>
            {
                let k = kind.unwrap_or(ExtensionKind::Unknown([0; 6]));
                let cal = match k {
                    ExtensionKind::Nunchuk => {
                        [calibration::nunchuk(data), StickCalibration::DEFAULT]
                    }
                    _ => calibration::classic(data),
                };
                self.ready(k, cal)
            }
            _ => None,
        }
    }

    fn ready(&mut self, kind: ExtensionKind, cal: [StickCalibration; 2]) -> Option<ExtEvent> {
        self.phase = Phase::Ready { kind, cal };
        self.last = ExtInput {
            buttons: ExtButtons::NONE,
            ..ExtInput::default()
        };
        Some(ExtEvent::Attached(kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wii::input::wiimote::buttons::Buttons;

    fn ack() -> Input {
        Input::Ack {
            buttons: Buttons::NONE,
            report: out::WRITE,
            error: 0,
        }
    }

    fn read(offset: u16, bytes: &[u8]) -> Input {
        let mut data = [0u8; 16];
        data[..bytes.len()].copy_from_slice(bytes);
        Input::Read {
            buttons: Buttons::NONE,
            len: bytes.len() as u8,
            error: 0,
            offset,
            data,
        }
    }

    /// Runs the port through its start-up with `id` and `cal`, returning what it sent.
    fn start(p: &mut ExtensionPort, id: [u8; 6], cal: [u8; 16]) -> std::vec::Vec<Output> {
        let mut sent = std::vec::Vec::new();
        assert_eq!(p.on_status(true), None);
        for (now, answer) in [(0, ack()), (1, ack()), (2, read(0x00fa, &id))] {
            sent.push(p.next(now, false).0.expect("a step to send"));
            p.on_input(&answer);
        }
        if let (Some(r), _) = p.next(3, false) {
            sent.push(r);
            p.on_input(&read(0x0020, &cal));
        }
        sent
    }

    const CLASSIC_ID: [u8; 6] = [0x00, 0x00, 0xA4, 0x20, 0x01, 0x01];
    const DOLPHIN_CLASSIC_CAL: [u8; 16] = [
        0xff, 0x00, 0x80, 0xff, 0x00, 0x80, 0xff, 0x00, 0x80, 0xff, 0x00, 0x80, 0x00, 0x00, 0x51,
        0xa6,
    ];

    #[test]
    fn the_start_up_is_unencrypted_then_reads_the_identifier_then_the_calibration() {
        let mut p = ExtensionPort::default();
        let sent = start(&mut p, CLASSIC_ID, DOLPHIN_CLASSIC_CAL);
        assert_eq!(
            sent,
            [
                report::write_registers(0xA400F0, &[0x55], false),
                report::write_registers(0xA400FB, &[0x00], false),
                report::read_registers(0xA400FA, 6, false),
                report::read_registers(0xA40020, 16, false),
            ]
        );
        assert_eq!(p.kind(), Some(ExtensionKind::Classic));
        // The encrypted start-up (0x00 to 0xA40040) is never sent.
        let old = report::write_registers(REG_ENCRYPTION_KEY, &[0x00], false);
        assert!(!sent.contains(&old));
    }

    #[test]
    fn an_extension_the_game_does_not_read_skips_its_calibration() {
        let mut p = ExtensionPort::default();
        let sent = start(&mut p, [0x00, 0x00, 0xA4, 0x20, 0x01, 0x20], [0; 16]);
        assert_eq!(sent.len(), 3);
        assert_eq!(p.kind(), Some(ExtensionKind::WiiUPro));
    }

    #[test]
    fn a_silent_extension_is_retried_then_given_up_and_retried_at_the_next_status() {
        let mut p = ExtensionPort::default();
        p.on_status(true);
        let mut sends = 0;
        let mut failed = false;
        for now in (0..5_000).step_by(50) {
            match p.next(now, false) {
                (Some(_), _) => sends += 1,
                (None, Some(ExtEvent::Failed)) => failed = true,
                _ => {}
            }
        }
        assert!(failed);
        assert_eq!(sends, MAX_TRIES as i32);
        assert_eq!(p.kind(), None);
        p.on_status(true);
        assert!(p.is_starting(), "a later status tries again");
    }

    #[test]
    fn pulling_it_out_mid_start_up_or_once_ready_forgets_it_at_once() {
        let mut p = ExtensionPort::default();
        p.on_status(true);
        p.next(0, false);
        assert_eq!(p.on_status(false), Some(ExtEvent::Detached));
        assert!(!p.is_starting());
        start(&mut p, CLASSIC_ID, DOLPHIN_CLASSIC_CAL);
        assert_eq!(p.on_status(false), Some(ExtEvent::Detached));
        assert_eq!(p.kind(), None);
        assert_eq!(p.on_status(false), None, "only once");
    }

    #[test]
    fn a_read_error_means_no_extension_and_the_port_gives_up() {
        let mut p = ExtensionPort::default();
        p.on_status(true);
        for now in 0..2 {
            p.next(now, false);
            p.on_input(&ack());
        }
        p.next(2, false);
        let mut err = read(0x00fa, &[0; 6]);
        if let Input::Read { error, .. } = &mut err {
            *error = 7;
        }
        assert_eq!(p.on_input(&err), Some(ExtEvent::Failed));
        assert_eq!(p.kind(), None);
    }
}
