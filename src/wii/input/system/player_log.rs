//! The input stack's per-player log lines: buttons pressed and released (the remote's and its
//! extension's), pointer moves (rate limited), battery and link-quality changes, as `key=value` events for the tests and USB
//! Gecko. Part of [`InputSystem`]; reads the players' states, changes only what it logged last.

use super::{source_name, InputSystem, PlayerState, POINTER_LOG_MS, POINTER_LOG_PX};
use crate::log;
use crate::wii::input::bt::LinkQuality;

use crate::wii::input::si::SiRegs;
use crate::wii::input::wiimote::Aim;

impl<S: SiRegs> InputSystem<S> {
    pub(super) fn log_player(&mut self, p: usize, s: &PlayerState, now: u32) {
        let last = self.last[p];
        if s.ext != last.ext {
            log!(
                "event=ext_buttons player={} kind={} pressed={} released={} held={} stick={},{}",
                p + 1,
                s.extension.or(last.extension).map_or("none", |k| k.name()),
                s.ext.difference(last.ext),
                last.ext.difference(s.ext),
                s.ext,
                s.ext_stick.0,
                s.ext_stick.1
            );
        }
        if s.battery != last.battery {
            if let Some(b) = s.battery {
                log!(
                    "event=battery player={} percent={} bars={}",
                    p + 1,
                    b,
                    s.battery_bars
                );
            }
        }
        let quality = self.link_quality(p);
        if quality != self.quality_logged[p] {
            self.quality_logged[p] = quality;
            match quality {
                LinkQuality::Value(q) => log!("event=link_quality player={} quality={}", p + 1, q),
                LinkQuality::Unavailable => {
                    log!("event=link_quality player={} quality=n/a", p + 1)
                }
                LinkQuality::Unknown => {}
            }
        }
        if s.buttons != last.buttons {
            log!(
                "event=buttons player={} source={} pressed={} released={} held={}",
                p + 1,
                source_name(s.source),
                s.buttons.difference(last.buttons),
                last.buttons.difference(s.buttons),
                s.buttons
            );
        }
        let (logged, at) = self.pointer_logged[p];
        let moved = match (s.pointer, logged) {
            (Some((x, y)), Some((lx, ly))) => {
                (i32::from(x) - i32::from(lx)).abs() >= POINTER_LOG_PX
                    || (i32::from(y) - i32::from(ly)).abs() >= POINTER_LOG_PX
            }
            (a, b) => a.is_some() != b.is_some(),
        };
        if moved && now.wrapping_sub(at) >= POINTER_LOG_MS {
            self.pointer_logged[p] = (s.pointer, now);
            match s.pointer {
                Some((x, y)) => log!("event=pointer player={} x={} y={}", p + 1, x, y),
                None => log!(
                    "event=pointer player={} state={}",
                    p + 1,
                    if s.aim == Aim::Lost {
                        "lost"
                    } else {
                        "offscreen"
                    }
                ),
            }
        }
    }
}
