//! The Processor Interface's register table (0xCC003000), the one declaration of the PI base,
//! and the RESET button state read from its interrupt cause register (interrupts stay masked;
//! nothing here acknowledges causes other drivers poll). The CPU FIFO registers are driven by
//! `wii::video::gx::fifo` only. Bit 16 of PI_INTSR is 1 while RESET is released (libogc
//! system.c `SYS_ResetButtonDown`; Dolphin ProcessorInterface.cpp).

use super::mmio::{Rw, Wo};

/// The PI registers, in address order (libogc `_piReg`; Dolphin ProcessorInterface.h). Access
/// rights from Dolphin ProcessorInterface.cpp `RegisterMMIO`: INTSR and the three CPU FIFO
/// registers are read and written; PI_FIFO_RESET is `InvalidRead` + write, so write-only.
pub mod reg {
    use super::{Rw, Wo};

    const fn rw(off: usize) -> Rw<u32> {
        // SAFETY: PI registers are 32-bit MMIO at 0xCC003000 + off (libogc gx.c `_piReg`,
        // system.c `SYS_ResetButtonDown`; Dolphin ProcessorInterface.h), readable and writable.
        unsafe { Rw::new(0xCC00_3000 + off) }
    }

    /// PI_INTSR: interrupt causes; bit 0x10000 = reset switch state, bit 10 = PE finish.
    pub const INTSR: Rw<u32> = rw(0x00);
    /// PI_FIFO_BASE, PI_FIFO_END, PI_FIFO_WRITE_PTR: the CPU FIFO (GX's write-gather target).
    pub const FIFO_BASE: Rw<u32> = rw(0x0C);
    pub const FIFO_END: Rw<u32> = rw(0x10);
    pub const FIFO_WRITE_PTR: Rw<u32> = rw(0x14);
    /// PI_FIFO_RESET (libogc `_piReg[6]`, written by `__GX_Abort`; Dolphin
    /// ProcessorInterface.cpp `PI_FIFO_RESET`). Write only.
    // SAFETY: the PI's 32-bit FIFO reset register, write-only (Dolphin `InvalidRead`).
    pub const FIFO_RESET: Wo<u32> = unsafe { Wo::new(0xCC00_3018) };
}

const RESET_RELEASED: u32 = 0x0001_0000;

/// True while the console's RESET button is held down.
pub fn reset_button_pressed() -> bool {
    reg::INTSR.read() & RESET_RELEASED == 0
}

#[cfg(test)]
mod tests {
    use super::reg;

    #[test]
    fn the_pi_table_is_libogcs_pi_reg_words_in_address_order() {
        // libogc `_piReg` = 0xCC003000 as u32 words: [0] INTSR, [3] FIFO base, [4] end,
        // [5] write pointer, [6] FIFO reset.
        let table = [
            reg::INTSR.addr(),
            reg::FIFO_BASE.addr(),
            reg::FIFO_END.addr(),
            reg::FIFO_WRITE_PTR.addr(),
            reg::FIFO_RESET.addr(),
        ];
        let words = table.map(|a| (a - 0xCC00_3000) / 4);
        assert_eq!(words, [0, 3, 4, 5, 6]);
    }
}
