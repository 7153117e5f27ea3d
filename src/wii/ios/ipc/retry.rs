//! Retrying an `IOS_Open` while IOS is still starting its modules. The Homebrew Channel
//! reloads IOS and jumps to the game soon after (hbc `channel/channelapp/source/main.c`); libogc
//! `ios.c` `__IOS_LaunchNewIOS` notes the start-up "usually take[s] ~650000µs" yet waits only
//! 400 ms "as other code will run while IOS starts up the other modules". Until a module has
//! registered its device, an open answers -6 (not found); -4 and a timeout are treated the
//! same. So a device open that fails that way is tried again every [`RETRY_EVERY_MS`] for
//! [`RETRY_FOR_MS`] before it counts as failed (docs/hardware.md, "IPC"). Pure logic, no
//! hardware; the drivers (`wii::bt::transport`, `wii::stm`) own the requests and the log line.

use super::error::{IosError, IpcError};

/// Time between two attempts.
pub const RETRY_EVERY_MS: u32 = 150;
/// No new attempt once this long has passed since the first failure.
pub const RETRY_FOR_MS: u32 = 3000;

/// Whether an open error may go away once IOS has finished starting.
pub fn retryable(e: IpcError) -> bool {
    matches!(
        e,
        IpcError::Ios(IosError::NotFound) | IpcError::Ios(IosError::Invalid) | IpcError::Timeout
    )
}

/// One device's open attempts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpenRetry {
    first_failure: Option<u32>,
    next: Option<u32>,
    /// Attempts after the first one so far.
    pub retries: u32,
}

impl OpenRetry {
    pub const fn new() -> Self {
        OpenRetry {
            first_failure: None,
            next: None,
            retries: 0,
        }
    }

    /// An open failed with `e` at `now`: true if it will be tried again (at `now` +
    /// [`RETRY_EVERY_MS`], see [`OpenRetry::due`]), false if the failure is final.
    pub fn failed(&mut self, e: IpcError, now: u32) -> bool {
        if !retryable(e) {
            return false;
        }
        let first = *self.first_failure.get_or_insert(now);
        if now.wrapping_sub(first) >= RETRY_FOR_MS {
            return false;
        }
        self.next = Some(now.wrapping_add(RETRY_EVERY_MS));
        self.retries += 1;
        true
    }

    /// True once, when the next attempt is due.
    pub fn due(&mut self, now: u32) -> bool {
        match self.next {
            Some(t) if now.wrapping_sub(t) < u32::MAX / 2 => {
                self.next = None;
                true
            }
            _ => false,
        }
    }

    /// An attempt is scheduled.
    pub fn pending(&self) -> bool {
        self.next.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_found_is_retried_every_150_ms_for_three_seconds_then_final() {
        let mut r = OpenRetry::new();
        let e = IpcError::Ios(IosError::NotFound);
        assert!(r.failed(e, 1000));
        assert!(!r.due(1149));
        assert!(r.due(1150));
        assert!(!r.due(1151), "once");
        assert!(r.failed(e, 3999));
        assert!(!r.failed(e, 4000), "3 s after the first failure");
    }

    #[test]
    fn only_errors_of_a_starting_ios_are_retried() {
        let mut r = OpenRetry::new();
        assert!(!r.failed(IpcError::Ios(IosError::AccessDenied), 0));
        assert!(!r.failed(IpcError::NoFreeSlot, 0));
        assert!(r.failed(IpcError::Timeout, 0));
        assert!(r.failed(IpcError::Ios(IosError::Invalid), 10));
    }
}
