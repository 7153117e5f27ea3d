//! Test support: rebuilds the packets of a recorded Dolphin run (an early test program's USB Gecko logs in
//! `testdata/`) and replays them into a [`Host`], answering the commands that program never sent
//! the way Dolphin does, and returning buffer credits per packet as Dolphin's
//! Number Of Completed Packets events do (the log kept only the first three of those).

use super::hci::{op, Command};
use super::host::{Host, HostEvent};
use std::string::String;
use std::vec::Vec;

/// One meaningful line of a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Event(Vec<u8>),
    Acl(Vec<u8>),
    TxHci {
        opcode: u16,
        params: Vec<u8>,
    },
    TxSignal {
        handle: u16,
        code: u8,
        ident: u8,
        data: Vec<u8>,
    },
    TxHid {
        handle: u16,
        bytes: Vec<u8>,
    },
}

fn hex_list(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .filter_map(|t| u8::from_str_radix(t, 16).ok())
        .collect()
}

fn field<'a>(s: &'a str, key: &str) -> Option<&'a str> {
    let i = s.find(key)? + key.len();
    let rest = &s[i..];
    if let Some(r) = rest.strip_prefix('[') {
        return r.find(']').map(|e| &r[..e]);
    }
    Some(rest.split_whitespace().next().unwrap_or(""))
}

fn hx16(s: &str) -> u16 {
    u16::from_str_radix(s, 16).unwrap_or(0)
}

fn bd(s: &str) -> Vec<u8> {
    // "bd=11 02 19 79 00 00 class=..." : six hex bytes after the key.
    let i = s.find("bd=").map(|i| i + 3).unwrap_or(0);
    hex_list(&s[i..]).into_iter().take(6).collect()
}

fn event(code: u8, params: Vec<u8>) -> Line {
    let mut v = std::vec![code, params.len() as u8];
    v.extend(params);
    Line::Event(v)
}

/// An ACL packet carrying one L2CAP frame on `cid`.
pub fn acl(handle: u16, cid: u16, payload: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    v.extend_from_slice(&(handle | 0x2000).to_le_bytes());
    v.extend_from_slice(&((payload.len() + 4) as u16).to_le_bytes());
    v.extend_from_slice(&(payload.len() as u16).to_le_bytes());
    v.extend_from_slice(&cid.to_le_bytes());
    v.extend_from_slice(payload);
    v
}

/// Parses a log into lines with the program clock (ms) of each.
pub fn parse(log: &str) -> Vec<(u32, Line)> {
    let mut out = Vec::new();
    // Per remote: last buttons, accelerometer and IR bytes, to rebuild 0x33 reports.
    let mut btn = [[0u8; 2]; 4];
    let mut acc = [[0x80u8, 0x80, 0x9a]; 4];
    let mut ir = [[0xffu8; 12]; 4];
    for raw in log.lines() {
        let Some(b) = raw.find('[') else { continue };
        let Some(e) = raw[b..].find(']') else {
            continue;
        };
        let ms: u32 = raw[b + 1..b + e].trim().parse().unwrap_or(0);
        let s = raw[b + e + 1..].trim();
        let remote = |s: &str| {
            field(s, "r=")
                .or(field(s, "remote="))
                .and_then(|r| r.parse::<usize>().ok())
                .unwrap_or(0)
        };
        let report = |r: usize, btn: &[[u8; 2]; 4], acc: &[[u8; 3]; 4], ir: &[[u8; 12]; 4]| {
            let mut p = std::vec![0xa1, 0x33];
            p.extend_from_slice(&btn[r]);
            p.extend_from_slice(&acc[r]);
            p.extend_from_slice(&ir[r]);
            Line::Acl(acl(0x100 + r as u16, 0x71, &p))
        };
        let line = if let Some(t) = s.strip_prefix("EVT ") {
            let st = field(t, "status=").map(hx16).unwrap_or(0) as u8;
            if t.starts_with("CommandComplete") {
                let o = hx16(field(t, "op=").unwrap_or("0"));
                let mut p = std::vec![1, o as u8, (o >> 8) as u8];
                p.extend(hex_list(field(t, "ret=").unwrap_or("")));
                event(0x0e, p)
            } else if t.starts_with("CommandStatus") {
                let o = hx16(field(t, "op=").unwrap_or("0"));
                event(0x0f, std::vec![st, 1, o as u8, (o >> 8) as u8])
            } else if t.starts_with("ConnectionRequest") {
                let mut p = bd(t);
                p.extend(
                    hex_list(
                        field(t, "class=")
                            .map(|_| &t[t.find("class=").unwrap_or(0) + 6..])
                            .unwrap_or(""),
                    )
                    .into_iter()
                    .take(3),
                );
                p.push(hx16(field(t, "link=").unwrap_or("1")) as u8);
                event(0x04, p)
            } else if t.starts_with("RoleChange") {
                let mut p = std::vec![st];
                p.extend(bd(t));
                p.push(hx16(field(t, "role=").unwrap_or("0")) as u8);
                event(0x12, p)
            } else if t.starts_with("ConnectionComplete") {
                let h = hx16(field(t, "handle=").unwrap_or("0"));
                let mut p = std::vec![st, h as u8, (h >> 8) as u8];
                p.extend(bd(t));
                p.push(hx16(field(t, "link=").unwrap_or("1")) as u8);
                p.push(hx16(field(t, "enc=").unwrap_or("0")) as u8);
                event(0x03, p)
            } else if t.starts_with("DisconnectionComplete") {
                let h = hx16(field(t, "handle=").unwrap_or("0"));
                event(
                    0x05,
                    std::vec![
                        st,
                        h as u8,
                        (h >> 8) as u8,
                        hx16(field(t, "reason=").unwrap_or("0")) as u8
                    ],
                )
            } else {
                // Number Of Completed Packets: credits are returned by the replay itself.
                continue;
            }
        } else if let Some(t) = s.strip_prefix("L2CAP RX ") {
            let h = hx16(field(t, "h=").unwrap_or("0"));
            let data = hex_list(field(t, "data=").unwrap_or(""));
            let mut p = std::vec![
                hx16(field(t, "code=").unwrap_or("0")) as u8,
                hx16(field(t, "ident=").unwrap_or("0")) as u8
            ];
            p.extend_from_slice(&(data.len() as u16).to_le_bytes());
            p.extend(data);
            Line::Acl(acl(h, 1, &p))
        } else if let Some(t) = s.strip_prefix("L2CAP TX ") {
            Line::TxSignal {
                handle: hx16(field(t, "h=").unwrap_or("0")),
                code: hx16(field(t, "code=").unwrap_or("0")) as u8,
                ident: hx16(field(t, "ident=").unwrap_or("0")) as u8,
                data: hex_list(field(t, "data=").unwrap_or("")),
            }
        } else if let Some(t) = s.strip_prefix("HCI TX ") {
            Line::TxHci {
                opcode: hx16(field(t, "op=").unwrap_or("0")),
                params: hex_list(field(t, "params=").unwrap_or("")),
            }
        } else if let Some(t) = s.strip_prefix("HID TX ") {
            let r = remote(t);
            let bytes =
                hex_list(&t[t.find('[').map_or(0, |i| i + 1)..t.find(']').unwrap_or(t.len())]);
            Line::TxHid {
                handle: 0x100 + r as u16,
                bytes,
            }
        } else if let Some(t) = s.strip_prefix("HID RX ") {
            let r = remote(t);
            if t.contains(" ACK ") {
                let id = hx16(field(t, "report=").unwrap_or("0")) as u8;
                let err = hx16(field(t, "err=").unwrap_or("0")) as u8;
                Line::Acl(acl(
                    0x100 + r as u16,
                    0x71,
                    &[0xa1, 0x22, btn[r][0], btn[r][1], id, err],
                ))
            } else if let Some(raw) = field(t, "raw=") {
                Line::Acl(acl(0x100 + r as u16, 0x71, &hex_list(raw)))
            } else {
                continue;
            }
        } else if let Some(t) = s.strip_prefix("STAGE FIRST_0x33 ") {
            let r = remote(t);
            let raw = hex_list(field(t, "raw=").unwrap_or(""));
            if raw.len() == 19 {
                btn[r].copy_from_slice(&raw[2..4]);
                acc[r].copy_from_slice(&raw[4..7]);
                ir[r].copy_from_slice(&raw[7..19]);
            }
            Line::Acl(acl(0x100 + r as u16, 0x71, &raw))
        } else if let Some(t) = s.strip_prefix("IR ") {
            let r = remote(t);
            let a = hex_list(field(t, "acc=").unwrap_or(""));
            let d = hex_list(field(t, "raw=").unwrap_or(""));
            if a.len() == 3 && d.len() == 12 {
                acc[r].copy_from_slice(&a);
                ir[r].copy_from_slice(&d);
            }
            // The recorded program logged IR at most every 40 ms; the remote sent ~188 reports/s, so each
            // logged position stands for about eight reports.
            for _ in 0..7 {
                out.push((ms, report(r, &btn, &acc, &ir)));
            }
            report(r, &btn, &acc, &ir)
        } else if let Some(t) = s.strip_prefix("BTN ") {
            let r = remote(t);
            let v = t.split_whitespace().nth(1).map(hx16).unwrap_or(0);
            btn[r] = v.to_be_bytes();
            report(r, &btn, &acc, &ir)
        } else {
            continue;
        };
        out.push((ms, line));
    }
    out
}

/// What a replay produced.
#[derive(Default, Debug)]
pub struct Outcome {
    pub commands: Vec<Command>,
    /// Outgoing ACL packets as (handle, cid, L2CAP payload), fragments joined.
    pub frames: Vec<(u16, u16, Vec<u8>)>,
    pub events: Vec<HostEvent>,
    /// Expected lines from the log.
    pub expected: Vec<Line>,
}

/// Answers a command the log has no answer for, as Dolphin's `BTEmu.cpp` would.
fn synthetic_answer(c: &Command) -> Vec<Vec<u8>> {
    let [lo, hi] = c.opcode().to_le_bytes();
    match c.opcode() {
        op::AUTHENTICATION_REQUESTED => {
            let p = c.params();
            std::vec![
                std::vec![0x0f, 4, 0, 1, lo, hi],
                std::vec![0x06, 3, 0, p[0], p[1]]
            ]
        }
        op::READ_STORED_LINK_KEY => std::vec![std::vec![0x0e, 8, 1, lo, hi, 0, 4, 0, 0, 0]],
        _ => std::vec![std::vec![0x0e, 4, 1, lo, hi, 0]],
    }
}

/// Drives a host (and an optional layer above, `above`, which sees every host event and may
/// send HID reports) through a recorded log.
pub fn run(
    log: &str,
    host: &mut Host,
    mut above: impl FnMut(&mut Host, HostEvent, u32),
) -> Outcome {
    let lines = parse(log);
    let scripted: Vec<u16> = lines
        .iter()
        .filter_map(|(_, l)| match l {
            Line::TxHci { opcode, .. } => Some(*opcode),
            _ => None,
        })
        .collect();
    let mut out = Outcome::default();
    let mut partial: Option<(u16, Vec<u8>)> = None;
    host.start();
    let mut drain = |host: &mut Host, now: u32, out: &mut Outcome| loop {
        let mut moved = false;
        while let Some(e) = host.pop_event() {
            out.events.push(e.clone());
            above(host, e, now);
            moved = true;
        }
        if let Some(c) = host.pop_command(now) {
            moved = true;
            out.commands.push(c.clone());
            if !scripted.contains(&c.opcode()) {
                for ev in synthetic_answer(&c) {
                    host.on_event(&ev, now);
                }
            }
        }
        while let Some(p) = host.pop_acl() {
            moved = true;
            let hf = u16::from_le_bytes([p[0], p[1]]);
            let handle = hf & 0x0fff;
            let data = &p[4..];
            if hf >> 12 == 0b10 {
                partial = Some((handle, data.to_vec()));
            } else if let Some((_, buf)) = partial.as_mut() {
                buf.extend_from_slice(data);
            }
            if let Some((h, buf)) = partial.as_ref() {
                let l2len = u16::from_le_bytes([buf[0], buf[1]]) as usize;
                if buf.len() == l2len + 4 {
                    out.frames
                        .push((*h, u16::from_le_bytes([buf[2], buf[3]]), buf[4..].to_vec()));
                    partial = None;
                }
            }
            let [a, b] = handle.to_le_bytes();
            host.on_event(&[0x13, 5, 1, a, b, 1, 0], now);
        }
        if !moved {
            break;
        }
    };
    let mut now = 0;
    for (ms, line) in lines {
        now = ms;
        drain(host, now, &mut out);
        match line {
            Line::Event(e) => host.on_event(&e, now),
            Line::Acl(a) => host.on_acl(&a, now),
            other => out.expected.push(other),
        }
    }
    drain(host, now, &mut out);
    out
}

/// The log lines as text, for failure messages.
pub fn describe(lines: &[Line]) -> String {
    lines.iter().map(|l| std::format!("{l:?}\n")).collect()
}
