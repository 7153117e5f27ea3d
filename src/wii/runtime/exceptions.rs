//! CPU exception vectors: a crash (illegal instruction or `trap`, alignment, DSI/ISI, FP
//! unavailable, machine check) becomes a panic with the vector's name and the faulting address,
//! so it is logged and shown on the error screen instead of hanging silently. Owns the memory
//! at 0x80000100..0x80001800 below the loader stub, nothing else. Interrupts stay off, so the
//! external-interrupt and decrementer vectors are left alone.

/// Vectors that get the stub, with names for the log.
pub const VECTORS: [(u32, &str); 9] = [
    (0x0200, "machine check"),
    (0x0300, "data storage (DSI)"),
    (0x0400, "instruction storage (ISI)"),
    (0x0600, "alignment"),
    (0x0700, "program (illegal instruction or trap)"),
    (0x0800, "floating point unavailable"),
    (0x0F00, "performance monitor"),
    (0x1300, "instruction breakpoint"),
    (0x1700, "thermal"),
];

/// The name of a vector.
pub fn name(vector: u32) -> &'static str {
    VECTORS
        .iter()
        .find(|(v, _)| *v == vector)
        .map_or("unknown", |(_, n)| n)
}

/// `li r3, vector` (addi r3, 0, vector): the first word of each installed stub.
pub const fn li_r3(vector: u32) -> u32 {
    0x3860_0000 | (vector & 0xFFFF)
}

/// The handler's MSR: FP, IR, DR, RI and ME. ME (machine check enable) means a machine check
/// inside the handler is one more exception rather than a checkstop that freezes the console.
pub const HANDLER_MSR: u32 = 0x3032;

// The stub runs in real mode (MSR[IR/DR] = 0): it records the vector and the faulting state in
// r3..r7, loads the exception stack and returns (rfi) into `senas_exception` with translation,
// FP and ME on. Every store it makes goes through a *physical* address: in real mode the
// virtual 0x80xxxxxx of the stack is not MEM1 (0x00000000-0x017FFFFF), so the pointer is made
// physical first (`clrlwi 2` strips the 0x80000000 segment bits), as libogc's old
// libogc/exception_handler.S does (`clrlwi r4,sp,2 // make sp physical` before its
// `stwu r4,...`). r1 itself stays virtual for the Rust handler. No relative branches, so it
// runs from any address once copied. Text shared with the host tests through a macro.
macro_rules! exception_stub_asm {
    () => {
        r#"
    .section .text.exception_stub,"ax",@progbits
    .globl __exception_stub
    .globl __exception_stub_end
__exception_stub:
    li      %r3, 0
    mfsrr0  %r4
    mfsrr1  %r5
    mfspr   %r6, 19
    mfspr   %r7, 18
    lis     %r1, __exception_stack_top@ha
    addi    %r1, %r1, __exception_stack_top@l
    li      %r0, 0
    clrlwi  %r9, %r1, 2
    stw     %r0, -16(%r9)
    addi    %r1, %r1, -16
    lis     %r8, senas_exception@ha
    addi    %r8, %r8, senas_exception@l
    mtsrr0  %r8
    li      %r9, 0x3032
    mtsrr1  %r9
    rfi
__exception_stub_end:

    .section .bss.exception_stack,"aw",@nobits
    .balign 32
__exception_stack:
    .space  16384
__exception_stack_top:
"#
    };
}

/// The stub's assembly text (host tests read it).
pub const STUB_ASM: &str = exception_stub_asm!();

#[cfg(target_arch = "powerpc")]
core::arch::global_asm!(exception_stub_asm!());

/// The stub's instructions, one per line (labels, directives and blank lines dropped).
pub fn stub_instructions() -> impl Iterator<Item = &'static str> {
    let body = STUB_ASM
        .split("__exception_stub:")
        .nth(1)
        .and_then(|rest| rest.split("__exception_stub_end:").next())
        .unwrap_or("");
    body.lines().map(str::trim).filter(|l| !l.is_empty())
}

/// Copies the stub to every vector in `VECTORS` and makes it visible to instruction fetch.
#[cfg(target_arch = "powerpc")]
pub fn install() {
    extern "C" {
        static __exception_stub: u32;
        static __exception_stub_end: u32;
    }
    // Both symbols are labels in the global_asm above, same section, start <= end.
    let start = core::ptr::addr_of!(__exception_stub) as usize;
    let end = core::ptr::addr_of!(__exception_stub_end) as usize;
    let words = (end - start) / 4;
    for &(vector, _) in &VECTORS {
        let dst = 0x8000_0000usize + vector as usize;
        for i in 0..words {
            // SAFETY: reads the stub's own text; i < words keeps it inside [start, end).
            let w = unsafe { core::ptr::read_volatile((start + 4 * i) as *const u32) };
            let w = if i == 0 { li_r3(vector) } else { w };
            // SAFETY: 0x80000100..0x80001800 is the vector area, owned by this module; the
            // largest vector (0x1700) plus the stub stays below the loader stub at 0x1800.
            unsafe { core::ptr::write_volatile((dst + 4 * i) as *mut u32, w) };
        }
        super::cache::sync_instructions(dst, words * 4);
    }
}

/// Entered from a vector stub with translation on: turns the exception into a panic.
#[cfg(target_arch = "powerpc")]
#[no_mangle]
extern "C" fn senas_exception(vector: u32, srr0: u32, srr1: u32, dar: u32, dsisr: u32) -> ! {
    if super::panic_flag::in_progress() {
        // The panic handler itself faulted: nothing safe is left to do.
        loop {
            core::hint::spin_loop();
        }
    }
    panic!(
        "CPU exception {:#06x} {} at {:#010x} (srr1={:#010x} dar={:#010x} dsisr={:#010x})",
        vector,
        name(vector),
        srr0,
        srr1,
        dar,
        dsisr
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_stub_starts_by_loading_its_vector_number() {
        assert_eq!(li_r3(0x0700), 0x3860_0700);
        assert_eq!(li_r3(0x1700), 0x3860_1700);
    }

    #[test]
    fn every_vector_fits_below_the_loader_stub() {
        let bytes = 4 * stub_instructions().count() as u32;
        assert_eq!(bytes, 68);
        assert!(VECTORS.iter().all(|&(v, _)| v + bytes <= 0x1800));
        assert_eq!(name(0x0700), "program (illegal instruction or trap)");
        assert_eq!(name(0x0500), "unknown");
    }

    #[test]
    fn the_real_mode_stub_stores_only_through_a_physical_stack_pointer() {
        // libogc exception_handler.S (history): clrlwi r4,sp,2 before the first store.
        let lines: std::vec::Vec<&str> = stub_instructions().collect();
        let stores: std::vec::Vec<&&str> = lines.iter().filter(|l| l.starts_with("st")).collect();
        assert!(!stores.is_empty());
        for store in stores {
            let base = store
                .rsplit('(')
                .next()
                .and_then(|b| b.strip_suffix(')'))
                .unwrap_or("?");
            assert_ne!(
                base, "%r1",
                "store through the virtual stack pointer: {store}"
            );
            let made_physical = std::format!("clrlwi  {base}, %r1, 2");
            let at = lines.iter().position(|l| l == store).unwrap_or(0);
            assert!(
                lines[..at].contains(&made_physical.as_str()),
                "{store}: {base} is not the physical stack pointer"
            );
        }
        assert!(lines.contains(&"li      %r9, 0x3032"));
        assert_eq!(HANDLER_MSR & 0x1000, 0x1000, "MSR[ME] on in the handler");
    }
}
