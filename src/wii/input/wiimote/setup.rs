//! The per-remote setup sequence, one output report at a time, each waiting for its answer:
//! player LEDs, status, IR camera (clock, logic, the 0x01 … blocks … mode 3 … 0x08 register
//! order that both Dolphin and the WiiBrew recipe accept, the sensitivity blocks of the
//! console's level, `BT.SENS`), then continuous reporting mode 0x33. Bytes as Dolphin accepts
//! them (recorded runs in `wii/input/bt/testdata`); retried on silence.

use super::report::{self, out, Input, Output};

/// The camera's sensitivity blocks 1 (9 bytes at 0xB00000) and 2 (2 bytes at 0xB0001A) for
/// the System Menu's levels 1-5: libogc `wiiuse/wiiuse_internal.h` `WM_IR_BLOCK1_LEVEL1..5`,
/// `WM_IR_BLOCK2_LEVEL1..5` (also WiiBrew "Wiimote", IR camera sensitivity settings).
const IR_BLOCKS: [([u8; 9], [u8; 2]); 5] = [
    (
        [0x02, 0x00, 0x00, 0x71, 0x01, 0x00, 0x64, 0x00, 0xfe],
        [0xfd, 0x05],
    ),
    (
        [0x02, 0x00, 0x00, 0x71, 0x01, 0x00, 0x96, 0x00, 0xb4],
        [0xb3, 0x04],
    ),
    (
        [0x02, 0x00, 0x00, 0x71, 0x01, 0x00, 0xaa, 0x00, 0x64],
        [0x63, 0x03],
    ),
    (
        [0x02, 0x00, 0x00, 0x71, 0x01, 0x00, 0xc8, 0x00, 0x36],
        [0x35, 0x03],
    ),
    (
        [0x07, 0x00, 0x00, 0x71, 0x01, 0x00, 0x72, 0x00, 0x20],
        [0x1f, 0x03],
    ),
];
/// The level without a SYSCONF (the System Menu's default, Dolphin's `BT.SENS` default 3).
pub const DEFAULT_IR_LEVEL: u8 = 3;

/// The blocks of sensitivity `level`, clamped to 1..=5 as wiiuse `wiiuse_set_ir_sensitivity`.
pub fn ir_blocks(level: u8) -> ([u8; 9], [u8; 2]) {
    IR_BLOCKS[usize::from(level.clamp(1, 5)) - 1]
}
/// Camera registers (I2C slave 0x58 at 0xB0xxxx).
const REG_CONTROL: u32 = 0xB0_0030;
const REG_BLOCK1: u32 = 0xB0_0000;
const REG_BLOCK2: u32 = 0xB0_001A;
pub const REG_MODE: u32 = 0xB0_0033;
/// Extended IR mode (3 bytes per dot), for report 0x33.
pub const IR_MODE_EXTENDED: u8 = 0x03;
/// Basic IR mode (10 bytes for four dots), for report 0x37 once an extension is read
/// (`remote.rs`; libogc `wiiuse/ir.c` `wiiuse_set_ir_mode` picks basic with an expansion).
pub const IR_MODE_BASIC: u8 = 0x01;
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

fn step(k: u8, leds: u8, rumble: bool, level: u8) -> Option<(Output, Expect)> {
    let (block1, block2) = ir_blocks(level);
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
        5 => w(REG_BLOCK1, &block1),
        6 => w(REG_BLOCK2, &block2),
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    step: u8,
    sent_at: Option<u32>,
    tries: u8,
    /// Steps that were skipped after [`MAX_TRIES`] or acknowledged with an error.
    pub failures: u8,
    /// IR sensitivity level, 1..=5.
    level: u8,
}

impl Default for Setup {
    fn default() -> Self {
        Setup::with_level(DEFAULT_IR_LEVEL)
    }
}

impl Setup {
    /// A sequence that programs IR sensitivity `level` (1..=5, clamped).
    pub fn with_level(level: u8) -> Self {
        Setup {
            step: 0,
            sent_at: None,
            tries: 0,
            failures: 0,
            level: level.clamp(1, 5),
        }
    }

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
        let (report, _) = step(self.step, leds, rumble, self.level)?;
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
        let Some((_, expect)) = step(self.step, 0, false, self.level) else {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_sensitivity_level_writes_libogcs_blocks_and_out_of_range_levels_are_clamped() {
        // wiiuse_internal.h WM_IR_BLOCK1_LEVEL3 / WM_IR_BLOCK2_LEVEL3: what Dolphin accepted.
        assert_eq!(
            ir_blocks(3),
            (
                [0x02, 0x00, 0x00, 0x71, 0x01, 0x00, 0xaa, 0x00, 0x64],
                [0x63, 0x03]
            )
        );
        assert_eq!(ir_blocks(5).1, [0x1f, 0x03]);
        assert_eq!(ir_blocks(0), ir_blocks(1), "wiiuse: below 1 is 1");
        assert_eq!(ir_blocks(9), ir_blocks(5), "wiiuse: above 5 is 5");
        for level in 1..=5u8 {
            let (b1, b2) = ir_blocks(level);
            let s1 = step(5, 1, false, level).map(|(o, _)| o);
            let s2 = step(6, 1, false, level).map(|(o, _)| o);
            assert_eq!(s1, Some(report::write_registers(REG_BLOCK1, &b1, false)));
            assert_eq!(s2, Some(report::write_registers(REG_BLOCK2, &b2, false)));
        }
    }

    #[test]
    fn a_setup_at_level_one_sends_level_one_blocks() {
        let mut s = Setup::with_level(1);
        let mut sent = std::vec::Vec::new();
        let mut now = 0;
        while !s.is_done() && now < 100_000 {
            if let Some(r) = s.next(now, 1, false) {
                sent.push(r);
            }
            now += RETRY_MS;
        }
        let (b1, _) = ir_blocks(1);
        assert!(sent.contains(&report::write_registers(REG_BLOCK1, &b1, false)));
        let (b3, _) = ir_blocks(3);
        assert!(!sent.contains(&report::write_registers(REG_BLOCK1, &b3, false)));
    }
}
