//! The Processor Interface's interrupt cause register, read for the RESET button state only
//! (interrupts stay masked; nothing here acknowledges causes other drivers poll).
//! Bit 16 of PI_INTSR is 1 while RESET is released (libogc system.c `SYS_ResetButtonDown`; Dolphin ProcessorInterface.cpp).

use super::mmio::Reg32;

// SAFETY: PI_INTSR at 0xCC003000, a 32-bit register (libogc system.c `SYS_ResetButtonDown`; Dolphin ProcessorInterface.cpp).
/// PI_INTSR: interrupt causes; bit 0x10000 = reset switch state.
const INTSR: Reg32 = unsafe { Reg32::new(0xCC00_3000) };
const RESET_RELEASED: u32 = 0x0001_0000;

/// True while the console's RESET button is held down.
pub fn reset_button_pressed() -> bool {
    INTSR.read() & RESET_RELEASED == 0
}
