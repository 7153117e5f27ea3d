//! Leaving the game: back to the loader (the Homebrew Channel's reload stub at 0x80001800,
//! present when "STUBHAXX" sits at 0x80001804), else a registered reset routine (the STM
//! driver registers its hot reset once IPC exists), else halt with the CPU idle. Must be the
//! last thing that runs: it does not return.

use core::sync::atomic::{AtomicUsize, Ordering};

/// Address of the loader's reload stub.
pub const STUB_ENTRY: usize = 0x8000_1800;
/// "STUB" "HAXX" at 0x80001804/0x80001808 (libogc `__stub_found`).
const STUB_MAGIC: [u32; 2] = [0x5354_5542, 0x4841_5858];

static RESET_HOOK: AtomicUsize = AtomicUsize::new(0);

/// How the game left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitPath {
    /// Jumped to the loader's stub.
    Loader,
    /// Called the registered reset routine.
    Reset,
    /// Nothing to return to: the CPU spins.
    Halt,
}

impl ExitPath {
    /// The log value (`event=exit to=loader`).
    pub const fn name(self) -> &'static str {
        match self {
            ExitPath::Loader => "loader",
            ExitPath::Reset => "reset",
            ExitPath::Halt => "halt",
        }
    }
}

/// Decides the path from the two stub words and whether a reset routine is registered.
pub const fn choose(stub_words: [u32; 2], have_reset: bool) -> ExitPath {
    if stub_words[0] == STUB_MAGIC[0] && stub_words[1] == STUB_MAGIC[1] {
        ExitPath::Loader
    } else if have_reset {
        ExitPath::Reset
    } else {
        ExitPath::Halt
    }
}

/// Registers the routine used when there is no loader stub (e.g. STM hot reset).
pub fn set_reset_hook(hook: fn() -> !) {
    RESET_HOOK.store(hook as usize, Ordering::Relaxed);
}

/// The path `exit` would take now.
pub fn planned_path() -> ExitPath {
    choose(stub_words(), RESET_HOOK.load(Ordering::Relaxed) != 0)
}

fn stub_words() -> [u32; 2] {
    #[cfg(target_arch = "powerpc")]
    {
        // SAFETY: low-memory RAM words, always mapped by BAT0.
        let (a, b) = unsafe {
            (
                super::mmio::Reg32::new(STUB_ENTRY + 4),
                super::mmio::Reg32::new(STUB_ENTRY + 8),
            )
        };
        [a.read(), b.read()]
    }
    #[cfg(not(target_arch = "powerpc"))]
    [0, 0]
}

/// Leaves the game for good (logs `event=exit to=...` first).
pub fn exit() -> ! {
    let path = planned_path();
    crate::log!("event=exit to={}", path.name());
    super::audio::stop_dma();
    super::panic::silence();
    match path {
        ExitPath::Loader => jump_to_stub(),
        ExitPath::Reset => {
            let raw = RESET_HOOK.load(Ordering::Relaxed);
            // SAFETY: only `set_reset_hook` stores a non-zero value, always a `fn() -> !`.
            let hook: fn() -> ! = unsafe { core::mem::transmute::<usize, fn() -> !>(raw) };
            hook()
        }
        ExitPath::Halt => loop {
            core::hint::spin_loop();
        },
    }
}

/// Jumps to the loader stub with the link register pointing at `stub_returned`: a stub that
/// returns (Dolphin's HLE `HBReload` does when it cannot stop the emulator) lands there, not
/// at a stale address.
fn jump_to_stub() -> ! {
    #[cfg(target_arch = "powerpc")]
    // SAFETY: the stub was checked present; interrupts are off; if it returns it goes to
    // `stub_returned`, which never returns.
    unsafe {
        core::arch::asm!(
            "mtctr {stub}",
            "mtlr {back}",
            "bctr",
            stub = in(reg) STUB_ENTRY,
            back = in(reg) stub_returned as extern "C" fn() -> ! as usize,
            options(noreturn)
        )
    }
    #[cfg(not(target_arch = "powerpc"))]
    loop {
        core::hint::spin_loop();
    }
}

/// Where a returning loader stub lands: say so, then idle.
#[cfg(target_arch = "powerpc")]
extern "C" fn stub_returned() -> ! {
    crate::log!("event=exit_halted reason=loader_stub_returned");
    loop {
        core::hint::spin_loop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loader_stub_wins_when_its_signature_is_present() {
        assert_eq!(choose([0x5354_5542, 0x4841_5858], true), ExitPath::Loader);
        assert_eq!(choose([0x5354_5542, 0x4841_5858], false), ExitPath::Loader);
    }

    #[test]
    fn without_a_stub_a_registered_reset_is_used_else_the_cpu_halts() {
        assert_eq!(choose([0, 0], true), ExitPath::Reset);
        assert_eq!(choose([0x5354_5542, 0], false), ExitPath::Halt);
    }
}
