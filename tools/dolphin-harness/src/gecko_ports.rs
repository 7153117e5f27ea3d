//! The TCP ports Dolphin's USB Gecko can listen on, and whether one is free before a launch.
//! Owns reading `/proc/net/tcp`; it never opens sockets itself and never touches Dolphin.
//!
//! Dolphin (`Source/Core/Core/HW/EXI/EXI_DeviceGecko.cpp`, `GeckoConnectionWaiter`) tries
//! `listen()` on 0xd6ec = 55020 and the next ten ports (55020..=55030), without
//! `SO_REUSEADDR`; when all eleven fail it prints `Failed to bind listener socket to port N`
//! eleven times and no `USBGecko: Listening on TCP port` line, and the game's log can never be
//! read in that run. A port is blocked while any local socket holds it, TIME_WAIT included:
//! when Dolphin closed the log connection first (it does when it exits), its port stays
//! blocked for 60 s. docs/testing.md ("Why runs were silent") has the whole story.

use std::time::{Duration, Instant};

/// First port Dolphin tries ("dolphin gecko").
pub const FIRST_PORT: u16 = 0xd6ec;
/// Dolphin tries this many ports (`bind_tries <= 10`).
pub const PORT_COUNT: u16 = 11;
/// What Dolphin prints for each port it could not take.
pub const BIND_FAILED: &str = "Failed to bind listener socket to port ";

/// Ports of `FIRST_PORT..FIRST_PORT + PORT_COUNT` that some local socket holds, from the text
/// of `/proc/net/tcp` (and `/proc/net/tcp6`): `(port, state)` with the kernel's state number
/// (0x06 TIME_WAIT, 0x0A LISTEN, 0x01 ESTABLISHED ...).
pub fn held_ports(proc_net_tcp: &str) -> Vec<(u16, u8)> {
    let mut held = Vec::new();
    for line in proc_net_tcp.lines().skip(1) {
        let mut fields = line.split_whitespace();
        let (Some(_slot), Some(local), Some(_remote), Some(state)) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let Some(port) = local
            .rsplit(':')
            .next()
            .and_then(|p| u16::from_str_radix(p, 16).ok())
        else {
            continue;
        };
        let Ok(state) = u8::from_str_radix(state, 16) else {
            continue;
        };
        if (FIRST_PORT..FIRST_PORT + PORT_COUNT).contains(&port) {
            held.push((port, state));
        }
    }
    held
}

/// How many of Dolphin's eleven ports no local socket holds, given the held list.
pub fn free_count(held: &[(u16, u8)]) -> usize {
    (FIRST_PORT..FIRST_PORT + PORT_COUNT)
        .filter(|p| !held.iter().any(|(h, _)| h == p))
        .count()
}

fn read_held() -> Option<Vec<(u16, u8)>> {
    let v4 = std::fs::read_to_string("/proc/net/tcp").ok()?;
    let v6 = std::fs::read_to_string("/proc/net/tcp6").unwrap_or_default();
    let mut held = held_ports(&v4);
    held.extend(held_ports(&v6));
    Some(held)
}

/// Waits (at most `limit`) until one of Dolphin's ports is free. Returns `None` when one was
/// free at once (or `/proc` cannot be read), else how long it waited and what held the ports.
pub fn wait_for_free_port(limit: Duration) -> Option<(Duration, String)> {
    let start = Instant::now();
    let first = read_held()?;
    if free_count(&first) > 0 {
        return None;
    }
    let time_wait = first.iter().filter(|(_, s)| *s == 0x06).count();
    let listening = first.iter().filter(|(_, s)| *s == 0x0A).count();
    let what = format!(
        "all {PORT_COUNT} USB Gecko ports {FIRST_PORT}-{} held ({time_wait} in TIME_WAIT, {listening} listening)",
        FIRST_PORT + PORT_COUNT - 1
    );
    while start.elapsed() < limit {
        std::thread::sleep(Duration::from_millis(250));
        if read_held().is_some_and(|h| free_count(&h) > 0) {
            break;
        }
    }
    Some((start.elapsed(), what))
}

/// The Gecko ports (of `FIRST_PORT..FIRST_PORT + PORT_COUNT`) on which a socket with one of
/// `inodes` listens, from the text of `/proc/net/tcp` or `/proc/net/tcp6` (proc(5): the local
/// address's port in hex, state 0A = LISTEN, the tenth field the socket's inode).
pub fn listening_ports(proc_net_tcp: &str, inodes: &[u64]) -> Vec<u16> {
    let mut ports = Vec::new();
    for line in proc_net_tcp.lines().skip(1) {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 10 || f[3] != "0A" {
            continue;
        }
        let port = f[1]
            .rsplit(':')
            .next()
            .and_then(|p| u16::from_str_radix(p, 16).ok());
        let inode = f[9].parse::<u64>().ok();
        if let (Some(port), Some(inode)) = (port, inode) {
            if inodes.contains(&inode) && (FIRST_PORT..FIRST_PORT + PORT_COUNT).contains(&port) {
                ports.push(port);
            }
        }
    }
    ports
}

/// The socket inodes among the targets of a process's `/proc/PID/fd` links (`socket:[N]`).
pub fn socket_inodes<'a>(link_targets: impl IntoIterator<Item = &'a str>) -> Vec<u64> {
    link_targets
        .into_iter()
        .filter_map(|t| t.strip_prefix("socket:[")?.strip_suffix(']')?.parse().ok())
        .collect()
}

/// The USB Gecko port process `pid` listens on, found from the kernel's tables rather than
/// from Dolphin's output: Dolphin 2503 does not print `USBGecko: Listening on TCP port N`
/// with the harness's Logger.ini (docs/testing.md, "Two Dolphins"). `None` while it does not
/// listen yet (or `/proc` cannot be read).
pub fn listening_gecko_port(pid: u32) -> Option<u16> {
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?;
    let targets: Vec<String> = fds
        .flatten()
        .filter_map(|e| std::fs::read_link(e.path()).ok())
        .map(|t| t.to_string_lossy().into_owned())
        .collect();
    let inodes = socket_inodes(targets.iter().map(String::as_str));
    if inodes.is_empty() {
        return None;
    }
    ["/proc/net/tcp", "/proc/net/tcp6"].iter().find_map(|f| {
        let text = std::fs::read_to_string(f).ok()?;
        listening_ports(&text, &inodes).into_iter().min()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000:07E8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0000000000000000 100 0 0 10 0
   1: 0100007F:D6EC 0100007F:BC50 06 00000000:00000000 03:00001770 00000000     0        0 0 3 0000000000000000
   2: 00000000:D6ED 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 2 1 0000000000000000 100 0 0 10 0
   3: 0100007F:A566 0100007F:D6ED 01 00000000:00000000 00:00000000 00000000     0        0 3 1 0000000000000000 20 4 30 10 -1
";

    #[test]
    fn time_wait_and_listening_sockets_hold_dolphins_ports() {
        let held = held_ports(SAMPLE);
        // 0x07E8 = 2024 is outside the range; the client's ephemeral port 0xA566 too.
        assert_eq!(held, vec![(55020, 0x06), (55021, 0x0A)]);
        assert_eq!(free_count(&held), 9);
    }

    #[test]
    fn eleven_held_ports_leave_none_free() {
        let held: Vec<(u16, u8)> = (0..PORT_COUNT).map(|i| (FIRST_PORT + i, 0x06)).collect();
        assert_eq!(free_count(&held), 0);
    }

    #[test]
    fn the_port_is_the_one_a_socket_of_the_process_listens_on() {
        // Slot 2 listens on 55021 with inode 2, slot 0 on 2024 with inode 1 (outside the
        // range), slot 1 is a TIME_WAIT on 55020 (inode 0), slot 3 a client (inode 3).
        assert_eq!(listening_ports(SAMPLE, &[2, 3]), vec![55021]);
        assert!(listening_ports(SAMPLE, &[1, 3, 0]).is_empty());
        assert!(listening_ports(SAMPLE, &[]).is_empty());
        assert!(listening_ports("header\n 1: zz\n", &[2]).is_empty());
    }

    #[test]
    fn socket_inodes_come_from_fd_links_and_other_links_are_skipped() {
        let links = [
            "/dev/null",
            "socket:[4242]",
            "pipe:[17]",
            "socket:[x]",
            "anon_inode:[eventfd]",
            "socket:[7]",
        ];
        assert_eq!(socket_inodes(links), vec![4242, 7]);
    }

    #[test]
    fn this_process_listening_in_the_range_is_found_by_pid() {
        // A listener of our own on the first free Gecko port (skipped if none is free).
        let Some(l) = (FIRST_PORT..FIRST_PORT + PORT_COUNT)
            .find_map(|p| std::net::TcpListener::bind(("127.0.0.1", p)).ok())
        else {
            return;
        };
        let port = l.local_addr().unwrap().port();
        assert_eq!(listening_gecko_port(std::process::id()), Some(port));
    }

    #[test]
    fn garbage_lines_are_skipped() {
        assert!(held_ports("header\nnot a socket line\n 1: zz:zz\n").is_empty());
    }
}
