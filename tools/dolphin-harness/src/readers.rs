//! The threads that listen to Dolphin: its stdout/stderr (kept as the Dolphin log; the line
//! `USBGecko: Listening on TCP port N` gives the port) and the USB Gecko TCP stream (split into
//! the game's log lines). They only append to the shared state and wake waiters.

use crate::gecko_ports::{BIND_FAILED, PORT_COUNT};
use crate::session::Shared;
use std::io::{BufRead, BufReader, Read};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::{Duration, Instant};

const PORT_LINE: &str = "USBGecko: Listening on TCP port ";
const PORT_TIMEOUT: Duration = Duration::from_secs(30);
/// After the harness closed its side, how long it reads on for Dolphin's last bytes.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

/// Closes the harness's side of the log connection first (before Dolphin is stopped), so the
/// TIME_WAIT lands on the harness's own ephemeral port, not on Dolphin's listening port (which
/// would block that port for 60 s: gecko_ports.rs). The reader thread then drains what Dolphin
/// still sends until Dolphin closes too (or `CLOSE_WAIT` passes).
pub(crate) fn close_gecko(shared: &Shared) {
    shared.update(|s| {
        if let Some(stream) = s.gecko_stream.take() {
            let _ = stream.shutdown(std::net::Shutdown::Write);
        }
        s.closing = Some(Instant::now());
    });
}

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
                if state.exit.is_some()
                    || state.listen_failed
                    || state.closing.is_some()
                    || now >= deadline
                {
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
        let _ = stream.set_read_timeout(Some(Duration::from_millis(100)));
        if let Ok(second) = stream.try_clone() {
            shared.update(|s| s.gecko_stream = Some(second));
        }
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
                        shared.update(|s| s.lines.extend(lines));
                    }
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    let state = shared.lock();
                    let closed_long_ago = state.closing.is_some_and(|t| t.elapsed() > CLOSE_WAIT);
                    if state.exit.is_some() || closed_long_ago {
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
