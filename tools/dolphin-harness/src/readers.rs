//! The threads that listen to Dolphin: its stdout/stderr (kept as the Dolphin log; the line
//! `USBGecko: Listening on TCP port N` gives the port) and the USB Gecko TCP stream (split into
//! the game's log lines). They only append to the shared state and wake waiters.

use crate::gecko_ports::{listening_gecko_port, BIND_FAILED, PORT_COUNT};
use crate::session::Shared;
use std::io::{BufRead, BufReader, Read};
use std::net::TcpStream;
use std::os::fd::AsRawFd;
use std::sync::Arc;
use std::time::{Duration, Instant};

const PORT_LINE: &str = "USBGecko: Listening on TCP port ";
const PORT_TIMEOUT: Duration = Duration::from_secs(30);
/// Appends every line of `stream` to the Dolphin log; records the Gecko port when seen.
pub(crate) fn spawn_log_reader(
    stream: impl Read + Send + 'static,
    shared: Arc<Shared>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stream);
        let mut buf = Vec::new();
        while matches!(reader.read_until(b'\n', &mut buf), Ok(n) if n > 0) {
            let line = String::from_utf8_lossy(&buf).into_owned();
            let port = line.find(PORT_LINE).and_then(|i| {
                line[i + PORT_LINE.len()..]
                    .trim()
                    .split(|c: char| !c.is_ascii_digit())
                    .next()?
                    .parse()
                    .ok()
            });
            let bind_failed = line.contains(BIND_FAILED);
            shared.update(|s| {
                s.log.push_str(&line);
                if port.is_some() && s.port.is_none() {
                    s.port = port;
                }
                if bind_failed {
                    s.bind_failures += 1;
                    s.listen_failed = s.port.is_none() && s.bind_failures >= PORT_COUNT;
                }
            });
            buf.clear();
        }
    })
}

/// Looks for the USB Gecko port in the kernel's socket tables (the socket Dolphin, process
/// `pid`, listens on: gecko_ports.rs) every 100 ms until it is known by either way, Dolphin
/// exits or could not listen, or `PORT_TIMEOUT` passes. Dolphin 5.0 also prints it; 2503 does
/// not with the harness's Logger.ini.
pub(crate) fn spawn_port_finder(pid: u32, shared: Arc<Shared>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let deadline = Instant::now() + PORT_TIMEOUT;
        while Instant::now() < deadline {
            {
                let s = shared.lock();
                if s.port.is_some() || s.exit.is_some() || s.listen_failed {
                    return;
                }
            }
            if let Some(port) = listening_gecko_port(pid) {
                shared.update(|s| {
                    if s.port.is_none() {
                        s.port = Some(port);
                    }
                });
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    })
}

/// Connects to the USB Gecko port once known and turns bytes into lines until EOF.
pub(crate) fn spawn_gecko_reader(shared: Arc<Shared>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let deadline = Instant::now() + PORT_TIMEOUT;
        let port = {
            let mut state = shared.lock();
            loop {
                if let Some(p) = state.port {
                    break Some(p);
                }
                let now = Instant::now();
                if state.exit.is_some() || state.listen_failed || now >= deadline {
                    break None;
                }
                state = shared
                    .changed
                    .wait_timeout(state, deadline - now)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
        };
        let Some(port) = port else { return };
        let stream = (0..50).find_map(|_| {
            TcpStream::connect(("127.0.0.1", port)).ok().or_else(|| {
                std::thread::sleep(Duration::from_millis(100));
                None
            })
        });
        let Some(mut stream) = stream else { return };
        let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
        reset_on_close(&stream);
        let mut pending: Vec<u8> = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    pending.extend_from_slice(&buf[..n]);
                    let mut lines = Vec::new();
                    while let Some(i) = pending.iter().position(|&b| b == b'\n') {
                        let raw: Vec<u8> = pending.drain(..=i).collect();
                        lines.push(
                            String::from_utf8_lossy(&raw)
                                .trim_end_matches(['\r', '\n'])
                                .to_string(),
                        );
                    }
                    if !lines.is_empty() {
                        let now = Instant::now();
                        shared.update(|s| {
                            for l in &lines {
                                s.clock.observe(l, now);
                            }
                            s.lines.extend(lines);
                        });
                    }
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    if shared.lock().exit.is_some() {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
        if !pending.is_empty() {
            let rest = String::from_utf8_lossy(&pending).into_owned();
            shared.update(|s| s.lines.push(rest));
        }
    })
}

/// Makes closing `stream` send a reset instead of a FIN (`SO_LINGER` on, 0 s). Dolphin closes
/// the log connection first when it stops; answering its FIN with a FIN would leave Dolphin's
/// side, which holds its listening port number, in TIME_WAIT for 60 s, and eleven such ports
/// stop the next Dolphin from listening at all (gecko_ports.rs). A reset ends both sides at once.
fn reset_on_close(stream: &TcpStream) {
    let linger = libc::linger {
        l_onoff: 1,
        l_linger: 0,
    };
    // SAFETY: `stream` owns a live socket descriptor for this call; `linger` is a valid
    // `struct linger` of the size passed (setsockopt(2), socket(7) SO_LINGER).
    let rc = unsafe {
        libc::setsockopt(
            stream.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_LINGER,
            (&linger as *const libc::linger).cast(),
            std::mem::size_of::<libc::linger>() as libc::socklen_t,
        )
    };
    if rc != 0 {
        eprintln!(
            "dolphin-harness: SO_LINGER on the Gecko connection failed: {}",
            std::io::Error::last_os_error()
        );
    }
}
