//! Whether a panic is under way: one flag that the panic handler sets (`panic.rs`), the
//! exception handlers read (a fault inside the handler must not re-enter it) and the exit path
//! sets before it jumps to the loader (`exit.rs`, so later panics halt silently). Owns only
//! the flag; it imports nothing, so neither of those files imports the other through it.

use core::sync::atomic::{AtomicBool, Ordering};

static IN_PROGRESS: AtomicBool = AtomicBool::new(false);

/// True once a panic started (a fault inside the handler must not re-enter it).
pub fn in_progress() -> bool {
    IN_PROGRESS.load(Ordering::Relaxed)
}

/// Turns later panics into a silent halt (called by `exit` before leaving: in Dolphin the
/// loader stub is an HLE hook that stops the emulator a little after the jump, and the CPU may
/// run stray code until then).
pub fn silence() {
    IN_PROGRESS.store(true, Ordering::Relaxed);
}

/// Marks a panic as started; true when one had already started (a panic while panicking).
pub fn start() -> bool {
    IN_PROGRESS.swap(true, Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_start_is_new_and_every_later_one_or_a_silenced_exit_is_not() {
        // The only test that touches the flag (the host never panics through the handler).
        assert!(!in_progress());
        assert!(!start(), "the first panic is handled");
        assert!(in_progress());
        assert!(start(), "a panic while panicking is not handled again");
        silence();
        assert!(in_progress());
    }
}
