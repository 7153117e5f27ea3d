//! The entry point `_start` (crt0): the first code that runs after the loader jumps to us.
//! Owns: the HBC argv block, MSR (interrupts off; FPU, machine checks and RI on), the BAT layout of libogc's Wii crt0,
//! HID4 (a fixed value, libogc tuxedo/early_init.S; its `mtspr` also makes Dolphin boot us as a
//! Wii program), FPSCR (cleared), the stack, the .bss clear and the stack paint that
//! `stack.rs` reads back.
//! It then calls `senas_main` (src/main.rs) and never returns. Nothing else may touch BATs.
//!
//! Layout facts (docs/hardware.md, "Boot and CPU"): entry+4 holds "_arg" so the Homebrew Channel fills the argv
//! block; the word at entry+0x20 must not start with 0x41 (HBC patches that byte), so the block is
//! followed by `mfmsr` (0x7C...). Text is linked at 0x80004000 (link.ld).

/// HID4 bits (Broadway; libogc tuxedo/ppc/spr.h names).
pub mod hid4 {
    /// HID4 access enable (must be 1).
    pub const H4A: u32 = 1 << 31;
    /// Secondary BAT enable: BAT4-7 (MEM2 and its uncached mirror) work.
    pub const SBE: u32 = 1 << 25;
    /// Store gathering (Broadway's "ST0").
    pub const ST0: u32 = 1 << 24;
    /// Broadway "LPE".
    pub const LPE: u32 = 1 << 23;
    /// L2 complete castout prior to L2 flash invalidate.
    pub const L2CFI: u32 = 1 << 20;
}

/// The HID4 value crt0 writes: libogc tuxedo/early_init.S `HID4_H4A|HID4_SBE|HID4_ST0|
/// HID4_LPE|HID4_L2CFI` (Nintendo's SDK `OSInit` writes the same bits). A fixed value, not a
/// read-modify-write of whatever the loader left.
pub const HID4_VALUE: u32 = hid4::H4A | hid4::SBE | hid4::ST0 | hid4::LPE | hid4::L2CFI;

/// MSR bits (PowerPC 750CL manual, "Machine State Register"; libogc tuxedo/ppc names).
pub mod msr {
    /// External interrupts enable.
    pub const EE: u32 = 0x8000;
    /// Floating point available.
    pub const FP: u32 = 0x2000;
    /// Machine check enable: with ME=0 a machine check checkstops the CPU instead of taking
    /// the 0x200 vector (and so the crash screen).
    pub const ME: u32 = 0x1000;
    /// Recoverable interrupt.
    pub const RI: u32 = 0x0002;
}

/// The MSR bits crt0 sets whatever the loader left: libogc tuxedo/early_init.S
/// `li r3, MSR_FP|MSR_ME|MSR_RI` (audit 2 N7: the loader's ME used to be kept as found).
pub const MSR_SET: u32 = msr::FP | msr::ME | msr::RI;

/// crt0's MSR step: read the MSR, clear EE (rlwinm keeps every bit but bit 16), set
/// [`MSR_SET`] (0x3002), write it back. A macro so the host test reads the instructions crt0
/// runs, not a constant beside them.
macro_rules! crt0_msr_asm {
    () => {
        "    # MSR: external interrupts off (EE); FPU, machine check and RI on (FP|ME|RI).
    mfmsr   %r3
    rlwinm  %r3, %r3, 0, 17, 15
    ori     %r3, %r3, 0x3002
    mtmsr   %r3
    isync
"
    };
}

/// The text of [`crt0_msr_asm`] (host tests read it).
pub const CRT0_MSR_ASM: &str = crt0_msr_asm!();

#[cfg(target_arch = "powerpc")]
core::arch::global_asm!(
    r#"
    .section .text.start,"ax",@progbits
    .globl _start
_start:
    b       1f
    .ascii  "_arg"
    .globl  __argv_block
__argv_block:
    .long   0, 0, 0, 0, 0, 0
1:
"#,
    crt0_msr_asm!(),
    r#"

    # Real mode (IR=DR=0) to reprogram the BATs.
    lis     %r3, 2f@ha
    addi    %r3, %r3, 2f@l
    clrlwi  %r3, %r3, 2
    mtsrr0  %r3
    mfmsr   %r3
    li      %r4, 0x30
    andc    %r3, %r3, %r4
    mtsrr1  %r3
    rfi
2:
    # Clear every IBAT/DBAT upper register (0-3: 528..542, 4-7: 560..574).
    li      %r0, 0
    mtspr   528, %r0
    mtspr   530, %r0
    mtspr   532, %r0
    mtspr   534, %r0
    mtspr   536, %r0
    mtspr   538, %r0
    mtspr   540, %r0
    mtspr   542, %r0
    mtspr   560, %r0
    mtspr   562, %r0
    mtspr   564, %r0
    mtspr   566, %r0
    mtspr   568, %r0
    mtspr   570, %r0
    mtspr   572, %r0
    mtspr   574, %r0
    isync

    # HID4 = HID4_VALUE (SBE: BAT4-7 on). This mtspr 1011 is also Dolphin's "Wii program" marker.
    lis     %r3, {hid4_hi}
    mtspr   1011, %r3
    isync

    # BAT0 (I+D): 0x80000000 -> 0x00000000, 256 MiB, cached, R/W (MEM1).
    lis     %r3, 0x8000
    ori     %r3, %r3, 0x1fff
    li      %r4, 0x0002
    mtspr   529, %r4
    mtspr   528, %r3
    mtspr   537, %r4
    mtspr   536, %r3
    # DBAT1: 0xC0000000 -> 0x00000000, cache-inhibited + guarded (MEM1 mirror, I/O).
    lis     %r3, 0xc000
    ori     %r3, %r3, 0x1fff
    li      %r4, 0x002a
    mtspr   539, %r4
    mtspr   538, %r3
    # BAT4 (I+D): 0x90000000 -> 0x10000000, cached (MEM2).
    lis     %r3, 0x9000
    ori     %r3, %r3, 0x1fff
    lis     %r4, 0x1000
    ori     %r4, %r4, 0x0002
    mtspr   561, %r4
    mtspr   560, %r3
    mtspr   569, %r4
    mtspr   568, %r3
    # DBAT5: 0xD0000000 -> 0x10000000, cache-inhibited + guarded (MEM2 mirror, Hollywood).
    lis     %r3, 0xd000
    ori     %r3, %r3, 0x1fff
    lis     %r4, 0x1000
    ori     %r4, %r4, 0x002a
    mtspr   571, %r4
    mtspr   570, %r3
    isync

    # Back to virtual mode with translation on.
    lis     %r3, 3f@ha
    addi    %r3, %r3, 3f@l
    mtsrr0  %r3
    mfmsr   %r3
    ori     %r3, %r3, 0x30
    mtsrr1  %r3
    rfi
3:
    # Stack: 16-byte aligned with a NULL back-chain word.
    lis     %r1, __stack_top@ha
    addi    %r1, %r1, __stack_top@l
    li      %r0, 0
    stwu    %r0, -16(%r1)

    # FPSCR = 0: every FP exception masked, round to nearest (libogc tuxedo/early_init.S also
    # clears it; it then sets NI, which we leave off so floats stay IEEE). A zero double from
    # the stack frame's two free words.
    stw     %r0, 8(%r1)
    stw     %r0, 12(%r1)
    lfd     %f0, 8(%r1)
    mtfsf   0xff, %f0

    # Clear .bss [__bss_start, __bss_end) (both 32-byte aligned by link.ld).
    lis     %r3, __bss_start@ha
    addi    %r3, %r3, __bss_start@l
    lis     %r4, __bss_end@ha
    addi    %r4, %r4, __bss_end@l
4:
    cmplw   %r3, %r4
    bge     5f
    stw     %r0, 0(%r3)
    addi    %r3, %r3, 4
    b       4b
5:
    # Paint the unused stack [__stack_bottom, r1 - 64) with the pattern of wii/runtime/stack.rs, so
    # the deepest use can be read back later (the stack high-water mark).
    lis     %r3, __stack_bottom@ha
    addi    %r3, %r3, __stack_bottom@l
    addi    %r4, %r1, -64
    lis     %r5, 0xA5A5
    ori     %r5, %r5, 0xA5A5
7:
    cmplw   %r3, %r4
    bge     8f
    stw     %r5, 0(%r3)
    addi    %r3, %r3, 4
    b       7b
8:
    bl      senas_main
6:
    b       6b
"#,
    hid4_hi = const HID4_VALUE >> 16,
);

#[cfg(test)]
mod tests {
    use super::*;

    /// The immediate of the one `ori %r3, %r3, IMM` of crt0's MSR step.
    fn msr_ori_immediate() -> u32 {
        let ori: std::vec::Vec<&str> = CRT0_MSR_ASM
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("ori"))
            .collect();
        assert_eq!(ori.len(), 1, "{CRT0_MSR_ASM}");
        let imm = ori[0].rsplit(',').next().unwrap().trim();
        u32::from_str_radix(imm.trim_start_matches("0x"), 16).unwrap()
    }

    #[test]
    fn crt0_turns_on_machine_checks_and_ri_as_libogc_does_whatever_the_loader_left() {
        // libogc tuxedo/early_init.S: MSR_FP|MSR_ME|MSR_RI.
        assert_eq!(MSR_SET, 0x3002);
        assert_eq!(
            msr_ori_immediate(),
            MSR_SET,
            "the ori crt0 runs sets FP|ME|RI"
        );
        assert_eq!(msr_ori_immediate() & msr::EE, 0, "interrupts stay off");
        let lines: std::vec::Vec<&str> = CRT0_MSR_ASM.lines().map(str::trim).collect();
        let order: std::vec::Vec<usize> = ["mfmsr", "rlwinm", "ori", "mtmsr", "isync"]
            .iter()
            .map(|op| lines.iter().position(|l| l.starts_with(op)).unwrap())
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{lines:?}");
        // rlwinm 0,17,15 keeps bits 17..15 (wrapping), so it clears bit 16 = EE only.
        assert!(lines.contains(&"rlwinm  %r3, %r3, 0, 17, 15"));
    }

    #[test]
    fn hid4_is_libogcs_fixed_value_and_loads_with_one_lis() {
        // libogc tuxedo/early_init.S: lis r3,(HID4_H4A|HID4_SBE|HID4_ST0|HID4_LPE|HID4_L2CFI)>>16.
        assert_eq!(HID4_VALUE, 0x8390_0000);
        assert_eq!(HID4_VALUE & 0xFFFF, 0, "crt0 loads it with lis alone");
        assert_ne!(HID4_VALUE & hid4::SBE, 0, "BAT4-7 map MEM2");
    }
}
