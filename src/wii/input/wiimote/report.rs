//! Wiimote HID reports: parsing input reports (`0xA1 id …`) into [`Input`] and building output
//! reports (`0xA2 id …`). Layouts from WiiBrew "Wiimote" and libogc `wiiuse`, bytes checked
//! against the recorded Dolphin runs (`wii/input/bt/testdata`). Bit 0 of every output payload's first byte is rumble.

use super::buttons::Buttons;
use super::ir::{decode_basic, decode_extended, Dots};
use crate::wii::input::bt::bytes::Reader;
use crate::wii::input::bt::ParseError;
use heapless::Vec;

/// HID transaction header of input reports (DATA | INPUT).
pub const HID_INPUT: u8 = 0xA1;
/// HID transaction header of output reports (DATA | OUTPUT).
pub const HID_OUTPUT: u8 = 0xA2;

/// Output report ids.
pub mod out {
    pub const RUMBLE: u8 = 0x10;
    pub const LEDS: u8 = 0x11;
    pub const MODE: u8 = 0x12;
    pub const IR_CLOCK: u8 = 0x13;
    pub const STATUS: u8 = 0x15;
    pub const WRITE: u8 = 0x16;
    pub const READ: u8 = 0x17;
    pub const IR_LOGIC: u8 = 0x1A;
}

/// Data reporting mode: core buttons, accelerometer and 12 bytes of extended IR (no
/// extension bytes). Parsed still; the game asks for [`MODE_BUTTONS_ACCEL_IR_EXT`].
pub const MODE_BUTTONS_ACCEL_IR: u8 = 0x33;
/// Data reporting mode: core buttons, accelerometer, 10 bytes of basic IR and 6 extension
/// bytes (WiiBrew "Wiimote", Data Reporting 0x37). Basic IR keeps every dot's 10-bit x and y
/// (`ir.rs`), so the pointer is as precise as in 0x33.
pub const MODE_BUTTONS_ACCEL_IR_EXT: u8 = 0x37;

/// Status flags of report 0x20.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatusFlags(pub u8);

impl StatusFlags {
    pub fn battery_low(self) -> bool {
        self.0 & 0x01 != 0
    }
    pub fn extension(self) -> bool {
        self.0 & 0x02 != 0
    }
    pub fn ir(self) -> bool {
        self.0 & 0x08 != 0
    }
    /// LED bits 0..3 for LED1..LED4.
    pub fn leds(self) -> u8 {
        self.0 >> 4
    }
}

/// A parsed input report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// 0x20, answered to a status request or sent on its own (extension change).
    Status {
        buttons: Buttons,
        flags: StatusFlags,
        battery: u8,
    },
    /// 0x22: the remote acknowledges output report `report` with `error` (0 = ok).
    Ack {
        buttons: Buttons,
        report: u8,
        error: u8,
    },
    /// 0x30.
    Buttons { buttons: Buttons },
    /// 0x31.
    Accel { buttons: Buttons, accel: [u8; 3] },
    /// 0x33.
    AccelIr {
        buttons: Buttons,
        accel: [u8; 3],
        dots: Dots,
    },
    /// 0x37: 0x33's content (IR in basic format) and the 6 extension bytes.
    AccelIrExt {
        buttons: Buttons,
        accel: [u8; 3],
        dots: Dots,
        ext: [u8; 6],
    },
    /// 0x21: the answer to a register read (0x17): `len` bytes (1..=16) of `data` from
    /// `offset` (the address's low 16 bits), or `error` (7: write-only or no extension, 8: no
    /// such address; WiiBrew "Wiimote", Reading and Writing).
    Read {
        buttons: Buttons,
        len: u8,
        error: u8,
        offset: u16,
        data: [u8; 16],
    },
    /// Any other report id that carries core buttons (0x32, 0x34..0x36).
    Other { id: u8, buttons: Buttons },
}

impl Input {
    pub fn buttons(&self) -> Buttons {
        match *self {
            Input::Status { buttons, .. }
            | Input::Ack { buttons, .. }
            | Input::Buttons { buttons }
            | Input::Accel { buttons, .. }
            | Input::AccelIr { buttons, .. }
            | Input::AccelIrExt { buttons, .. }
            | Input::Read { buttons, .. }
            | Input::Other { buttons, .. } => buttons,
        }
    }
}

/// Parses one HID message from the interrupt channel.
pub fn parse_input(msg: &[u8]) -> Result<Input, ParseError> {
    let mut r = Reader::new(msg);
    if r.u8()? != HID_INPUT {
        return Err(ParseError::Unexpected);
    }
    let id = r.u8()?;
    let [hi, lo] = r.array()?;
    let buttons = Buttons::from_report(hi, lo);
    Ok(match id {
        0x20 => {
            let flags = StatusFlags(r.u8()?);
            let _reserved: [u8; 2] = r.array()?;
            Input::Status {
                buttons,
                flags,
                battery: r.u8()?,
            }
        }
        0x22 => Input::Ack {
            buttons,
            report: r.u8()?,
            error: r.u8()?,
        },
        0x30 => Input::Buttons { buttons },
        0x31 => Input::Accel {
            buttons,
            accel: r.array()?,
        },
        0x33 => Input::AccelIr {
            buttons,
            accel: r.array()?,
            dots: decode_extended(&r.array()?),
        },
        0x37 => Input::AccelIrExt {
            buttons,
            accel: r.array()?,
            dots: decode_basic(&r.array()?),
            ext: r.array()?,
        },
        0x21 => {
            let se = r.u8()?;
            Input::Read {
                buttons,
                len: (se >> 4) + 1,
                error: se & 0x0F,
                offset: r.u16be()?,
                data: r.array()?,
            }
        }
        0x32 | 0x34..=0x36 => Input::Other { id, buttons },
        _ => return Err(ParseError::Unexpected),
    })
}

/// An output report with its 0xA2 header.
pub type Output = Vec<u8, 24>;

fn build(id: u8, payload: &[u8], rumble: bool) -> Output {
    let mut v = Output::new();
    let _ = v.extend_from_slice(&[HID_OUTPUT, id]);
    let _ = v.extend_from_slice(payload);
    if rumble && v.len() > 2 {
        v[2] |= 0x01;
    }
    v
}

/// Player LEDs (bit k = LED k+1), with an acknowledgement requested.
pub fn leds(mask: u8, rumble: bool) -> Output {
    build(out::LEDS, &[(mask & 0x0F) << 4 | 0x02], rumble)
}
/// Continuous reporting in `mode`, acknowledged.
pub fn mode(mode: u8, rumble: bool) -> Output {
    build(out::MODE, &[0x04 | 0x02, mode], rumble)
}
/// IR pixel clock (0x13) or IR logic (0x1A) enable, acknowledged.
pub fn ir_enable(id: u8, rumble: bool) -> Output {
    build(id, &[0x04 | 0x02], rumble)
}
pub fn status_request(rumble: bool) -> Output {
    build(out::STATUS, &[0x00], rumble)
}
pub fn rumble(on: bool) -> Output {
    build(out::RUMBLE, &[0x00], on)
}
/// Writes up to 16 bytes to the remote's register space (0x04) at 24-bit `addr`.
pub fn write_registers(addr: u32, data: &[u8], rumble: bool) -> Output {
    let mut p = [0u8; 21];
    p[0] = 0x04;
    p[1..4].copy_from_slice(&addr.to_be_bytes()[1..]);
    let n = data.len().min(16);
    p[4] = n as u8;
    p[5..5 + n].copy_from_slice(&data[..n]);
    build(out::WRITE, &p, rumble)
}

/// Reads `len` bytes of the remote's register space (0x04) from 24-bit `addr`; answered by
/// 0x21 reports of up to 16 bytes each.
pub fn read_registers(addr: u32, len: u16, rumble: bool) -> Output {
    let mut p = [0u8; 6];
    p[0] = 0x04;
    p[1..4].copy_from_slice(&addr.to_be_bytes()[1..]);
    p[4..6].copy_from_slice(&len.to_be_bytes());
    build(out::READ, &p, rumble)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wii::input::wiimote::ir::Dot;

    #[test]
    fn recorded_status_ack_and_ir_reports_parse() {
        assert_eq!(
            parse_input(&[0xa1, 0x20, 0x00, 0x00, 0x10, 0x00, 0x00, 0x64]),
            Ok(Input::Status {
                buttons: Buttons::NONE,
                flags: StatusFlags(0x10),
                battery: 0x64
            })
        );
        assert_eq!(
            parse_input(&[0xa1, 0x22, 0x00, 0x00, 0x16, 0x00]),
            Ok(Input::Ack {
                buttons: Buttons::NONE,
                report: 0x16,
                error: 0
            })
        );
        let first = [
            0xa1, 0x33, 0x08, 0x08, 0x80, 0x80, 0x9a, 0x44, 0xc4, 0x61, 0xbb, 0xc4, 0x51, 0xff,
            0xff, 0xff, 0xff, 0xff, 0xff,
        ];
        let Ok(Input::AccelIr {
            buttons,
            accel,
            dots,
        }) = parse_input(&first)
        else {
            panic!("0x33")
        };
        assert_eq!(buttons, Buttons::UP | Buttons::A);
        assert_eq!(accel, [0x80, 0x80, 0x9a]);
        assert_eq!(
            dots[1],
            Some(Dot {
                x: 443,
                y: 452,
                size: 1
            })
        );
    }

    #[test]
    fn every_truncation_of_a_report_is_an_error_and_garbage_ids_are_refused() {
        let first = [
            0xa1, 0x33, 0x00, 0x00, 0x80, 0x80, 0x9a, 0x44, 0xc4, 0x61, 0xbb, 0xc4, 0x51, 0xff,
            0xff, 0xff, 0xff, 0xff, 0xff,
        ];
        for cut in 0..first.len() {
            assert!(parse_input(&first[..cut]).is_err(), "cut {cut}");
        }
        assert_eq!(
            parse_input(&[0xa2, 0x30, 0, 0]),
            Err(ParseError::Unexpected)
        );
        assert_eq!(
            parse_input(&[0xa1, 0x99, 0, 0]),
            Err(ParseError::Unexpected)
        );
    }

    #[test]
    fn a_0x37_report_carries_basic_ir_and_six_extension_bytes() {
        let msg = [
            0xa1, 0x37, 0x00, 0x08, 0x80, 0x80, 0x9a, 0x44, 0xc4, 0x65, 0xbb, 0xc4, 0xff, 0xff,
            0xff, 0xff, 0xff, 0xa0, 0x20, 0x10, 0x00, 0xff, 0xef,
        ];
        let Ok(Input::AccelIrExt {
            buttons, dots, ext, ..
        }) = parse_input(&msg)
        else {
            panic!("0x37")
        };
        assert_eq!(buttons, Buttons::A);
        assert_eq!(
            dots[0],
            Some(Dot {
                x: 580,
                y: 452,
                size: 0
            })
        );
        assert_eq!(ext, [0xa0, 0x20, 0x10, 0x00, 0xff, 0xef]);
        for cut in 0..msg.len() {
            assert!(parse_input(&msg[..cut]).is_err(), "cut {cut}");
        }
    }

    #[test]
    fn a_read_reply_gives_its_length_error_offset_and_data() {
        let mut msg = std::vec![0xa1, 0x21, 0x00, 0x00, 0x50, 0x00, 0xfa];
        msg.extend_from_slice(&[0x00, 0x00, 0xa4, 0x20, 0x01, 0x01]);
        msg.resize(23, 0);
        let Ok(Input::Read {
            len,
            error,
            offset,
            data,
            ..
        }) = parse_input(&msg)
        else {
            panic!("0x21")
        };
        assert_eq!((len, error, offset), (6, 0, 0x00fa));
        assert_eq!(data[..6], [0x00, 0x00, 0xa4, 0x20, 0x01, 0x01]);
        // Error 7: nothing plugged in (the data bytes still arrive, zeroed).
        msg[4] = 0xf7;
        assert!(matches!(
            parse_input(&msg),
            Ok(Input::Read {
                error: 7,
                len: 16,
                ..
            })
        ));
        assert!(parse_input(&msg[..22]).is_err());
    }

    #[test]
    fn output_reports_match_the_bytes_dolphin_accepted() {
        // WiiBrew "Wiimote", Reading and Writing: 0x17 with the register flag, address, size.
        assert_eq!(
            read_registers(0xA400FA, 6, false),
            [0xa2, 0x17, 0x04, 0xa4, 0x00, 0xfa, 0x00, 0x06]
        );
        assert_eq!(leds(0b0001, false), [0xa2, 0x11, 0x12]);
        assert_eq!(leds(0b0010, false), [0xa2, 0x11, 0x22]);
        assert_eq!(mode(0x33, false), [0xa2, 0x12, 0x06, 0x33]);
        assert_eq!(ir_enable(out::IR_LOGIC, false), [0xa2, 0x1a, 0x06]);
        let w = write_registers(
            0xB00000,
            &[0x02, 0x00, 0x00, 0x71, 0x01, 0x00, 0xaa, 0x00, 0x64],
            false,
        );
        let mut exp = std::vec![
            0xa2, 0x16, 0x04, 0xb0, 0x00, 0x00, 0x09, 0x02, 0x00, 0x00, 0x71, 0x01, 0x00, 0xaa,
            0x00, 0x64
        ];
        exp.resize(23, 0);
        assert_eq!(&w[..], &exp[..]);
        assert_eq!(rumble(true), [0xa2, 0x10, 0x01]);
        assert_eq!(status_request(true), [0xa2, 0x15, 0x01]);
    }
}
