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
        // SAFETY: low-memory RAM words, always mapped by BAT0; only read here.
        let (a, b): (super::mmio::Ro<u32>, super::mmio::Ro<u32>) = unsafe {
            (
                super::mmio::Ro::new(STUB_ENTRY + 4),
                super::mmio::Ro::new(STUB_ENTRY + 8),
            )
        };
        [a.read(), b.read()]
    }
    #[cfg(not(target_arch = "powerpc"))]
    [0, 0]
}

/// What [`exit`] does before it leaves, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quiesce {
    /// The audio DMA off (the ring's last 256 ms would loop on; libogc `SYS_ResetSystem`
    /// silences the DSP first).
    StopAudio,
    /// The display off (VI_DCR = 0), as libogc stm.c does before standby and reboot: the
    /// loader stub reloads IOS with the last picture scanning out otherwise (audit 2 N15).
    BlankVideo,
    /// Later panics halt silently (see `panic_flag::silence`).
    SilencePanics,
}

/// The steps of [`exit`], in order.
pub const BEFORE_LEAVING: [Quiesce; 3] = [
    Quiesce::StopAudio,
    Quiesce::BlankVideo,
    Quiesce::SilencePanics,
];

fn quiesce(step: Quiesce) {
    match step {
        Quiesce::StopAudio => crate::wii::audio::stop_dma(),
        Quiesce::BlankVideo => crate::wii::video::vi::blank(),
        Quiesce::SilencePanics => super::panic_flag::silence(),
    }
}

/// Leaves the game for good (logs `event=exit to=...` first).
pub fn exit() -> ! {
    let path = planned_path();
    crate::log!("event=exit to={}", path.name());
    for step in BEFORE_LEAVING {
        quiesce(step);
    }
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

/// The instructions that enter the loader stub: `rfi` (keeping the current MSR: translation
/// on, interrupts off, as libogc's `__reload` leaves it) to a one-instruction trampoline that
/// `bctr`s to `STUB_ENTRY`, with the link register pointing at `stub_returned`.
///
/// Why not a plain `bctr`: in Dolphin, 0x80001800 is an HLE "replace" hook (`HBReload`,
/// dolphin-emu/dolphin Source/Core/Core/HLE/HLE_Misc.cpp) that pauses the CPU and then continues
/// at PowerPC `npc`, which it never sets (Jit64 `HandleFunctionHooking`: `MOV(RSCRATCH, npc);
/// WriteExitDestInRSCRATCH`). After a plain `bctr`, `npc` is stale, so Dolphin went on running
/// whatever followed, with the exit's registers, until the pause took effect: first our own code
/// (the "Invalid write to 0x0040d625, PC = 0x80018c54" inside `log::Line::write_str` logged when
/// Dolphin stops), then the stack as instructions ("Unknown instruction ... at PC = 8040...").
/// `rfi` sets `npc` to its target (Jit64 `WriteRfiExitDestInRSCRATCH`), so the hook's exit lands
/// on the trampoline, which re-enters the stub: the loop only ever runs the stub and one `bctr`
/// (a real instruction, so Dolphin's cycle count advances and the pause ends it; `rfi` straight
/// to the stub would loop on the zero-cycle hook for ever). On a console the real stub runs
/// and never returns; the trampoline costs one branch. See docs/hardware.md "Exit".
macro_rules! enter_stub_asm {
    () => {
        "mtctr %r3\n\
         mtlr %r5\n\
         mtsrr1 %r4\n\
         lis %r6, 1f@ha\n\
         addi %r6, %r6, 1f@l\n\
         mtsrr0 %r6\n\
         rfi\n\
         1: bctr"
    };
}

/// The text of [`enter_stub_asm`] (host tests read it).
pub const ENTER_STUB_ASM: &str = enter_stub_asm!();

/// Jumps to the loader stub (see [`enter_stub_asm`]); a stub that returns lands in
/// `stub_returned`, not at a stale address.
fn jump_to_stub() -> ! {
    #[cfg(target_arch = "powerpc")]
    // SAFETY: the stub was checked present; interrupts are off (MSR[EE]=0 since crt0) and the
    // MSR is kept as it is; r6 is scratch, which is fine because nothing of ours runs after
    // (noreturn); if the stub returns it goes to `stub_returned`, which never returns.
    unsafe {
        let msr: u32;
        core::arch::asm!("mfmsr {0}", out(reg) msr, options(nomem, nostack));
        core::arch::asm!(
            enter_stub_asm!(),
            in("r3") STUB_ENTRY,
            in("r4") msr,
            in("r5") stub_returned as extern "C" fn() -> ! as usize,
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

    #[test]
    fn leaving_turns_the_audio_and_the_display_off_before_the_jump() {
        // libogc: SYS_ResetSystem stops the DSP first; stm.c writes _viReg[1] = 0 first.
        assert!(BEFORE_LEAVING.contains(&Quiesce::StopAudio));
        assert!(BEFORE_LEAVING.contains(&Quiesce::BlankVideo));
        assert_eq!(BEFORE_LEAVING.last(), Some(&Quiesce::SilencePanics));
    }

    #[test]
    fn the_stub_is_entered_by_rfi_so_dolphins_hle_hook_cannot_resume_the_game() {
        // Dolphin's HBReload hook continues at npc; only rfi (of the branches) sets npc to the
        // target (Jit64 WriteRfiExitDestInRSCRATCH), so the hook re-enters the stub.
        // Its target is a bctr to the stub, so the hook's exit re-enters the stub, never the game.
        let lines: std::vec::Vec<&str> = ENTER_STUB_ASM.lines().map(str::trim).collect();
        let rfi = lines.iter().position(|l| *l == "rfi");
        assert_eq!(rfi, Some(lines.len() - 2), "{lines:?}");
        assert_eq!(lines.last(), Some(&"1: bctr"));
        assert!(lines.contains(&"mtsrr0 %r6"));
        assert!(lines.contains(&"lis %r6, 1f@ha"));
        assert!(lines.contains(&"mtctr %r3"));
    }
}
