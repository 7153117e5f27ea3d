//! The per-remote setup sequence, one output report at a time, each waiting for its answer:
//! player LEDs, status, IR camera (clock, logic, the 0x01 … blocks … mode 3 … 0x08 register
//! order that both Dolphin and the WiiBrew recipe accept, sensitivity level 3), then continuous
//! reporting mode 0x33. Exactly the bytes the spike sent in Dolphin; retried on silence.

use super::report::{self, out, Input, Output};

/// IR sensitivity level 3 (the Wii's usual default; libogc `WM_IR_BLOCK1_LEVEL3`).
const IR_BLOCK1: [u8; 9] = [0x02, 0x00, 0x00, 0x71, 0x01, 0x00, 0xaa, 0x00, 0x64];
const IR_BLOCK2: [u8; 2] = [0x63, 0x03];
/// Camera registers (I2C slave 0x58 at 0xB0xxxx).
const REG_CONTROL: u32 = 0xB0_0030;
const REG_BLOCK1: u32 = 0xB0_0000;
const REG_BLOCK2: u32 = 0xB0_001A;
const REG_MODE: u32 = 0xB0_0033;
/// Extended IR mode (3 bytes per dot), for report 0x33.
const IR_MODE_EXTENDED: u8 = 0x03;
/// A step unanswered this long is sent again.
const RETRY_MS: u32 = 250;
/// Sends per step before moving on regardless.
const MAX_TRIES: u8 = 4;
/// Steps in the sequence.
pub const STEPS: u8 = 10;

/// The answer a step waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    Ack(u8),
    Status,
}

fn step(k: u8, leds: u8, rumble: bool) -> Option<(Output, Expect)> {
    let w = |addr, data: &[u8]| {
        (
            report::write_registers(addr, data, rumble),
            Expect::Ack(out::WRITE),
        )
    };
    Some(match k {
        0 => (report::leds(leds, rumble), Expect::Ack(out::LEDS)),
        1 => (report::status_request(rumble), Expect::Status),
        2 => (
            report::ir_enable(out::IR_CLOCK, rumble),
            Expect::Ack(out::IR_CLOCK),
        ),
        3 => (
            report::ir_enable(out::IR_LOGIC, rumble),
            Expect::Ack(out::IR_LOGIC),
        ),
        4 => w(REG_CONTROL, &[0x01]),
        5 => w(REG_BLOCK1, &IR_BLOCK1),
        6 => w(REG_BLOCK2, &IR_BLOCK2),
        7 => w(REG_MODE, &[IR_MODE_EXTENDED]),
        8 => w(REG_CONTROL, &[0x08]),
        9 => (
            report::mode(report::MODE_BUTTONS_ACCEL_IR, rumble),
            Expect::Ack(out::MODE),
        ),
        _ => return None,
    })
}

/// Progress through the sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    step: u8,
    sent_at: Option<u32>,
    tries: u8,
    /// Steps that were skipped after [`MAX_TRIES`] or acknowledged with an error.
    pub failures: u8,
}

impl Setup {
    pub fn is_done(&self) -> bool {
        self.step >= STEPS
    }

    /// The report to send now, if any (first send or a retry).
    pub fn next(&mut self, now: u32, leds: u8, rumble: bool) -> Option<Output> {
        if let Some(t) = self.sent_at {
            if now.wrapping_sub(t) < RETRY_MS {
                return None;
            }
            if self.tries >= MAX_TRIES {
                self.failures += 1;
                self.advance();
            }
        }
        let (report, _) = step(self.step, leds, rumble)?;
        self.sent_at = Some(now);
        self.tries += 1;
        Some(report)
    }

    fn advance(&mut self) {
        self.step += 1;
        self.sent_at = None;
        self.tries = 0;
    }

    /// Feeds an input report; true if it answered the current step.
    pub fn on_input(&mut self, input: &Input) -> bool {
        if self.sent_at.is_none() {
            return false;
        }
        let Some((_, expect)) = step(self.step, 0, false) else {
            return false;
        };
        let answered = match (expect, input) {
            (Expect::Status, Input::Status { .. }) => true,
            (Expect::Ack(id), Input::Ack { report, error, .. }) if *report == id => {
                if *error != 0 {
                    self.failures += 1;
                }
                true
            }
            _ => false,
        };
        if answered {
            self.advance();
        }
        answered
    }
}
