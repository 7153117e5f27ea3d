//! Where the program keeps buffers in MEM2 (the Wii's 64 MiB GDDR3, cached at 0x90000000
//! through BAT4, see `wii::start`). The Homebrew Channel loads no DOL section there (hbc
//! `channel/channelapp/config.h` caps sections below 0x8132FC00), so nothing is linked into
//! MEM2: regions are fixed addresses inside the arena the devkitPPC Wii linker script gives
//! libogc programs, `__Arena2Lo = 0x90002000` to `__Arena2Hi = 0x933E0000`; above that,
//! 0x933E0000.. is IOS's IPC heap and its own memory. Like libogc `lwbt/physbusif.c` (which
//! carves the Bluetooth buffers from `SYS_GetArena2Hi()` downwards), the IOS request pool sits
//! at the top of the arena. Why MEM2: Hollywood DMA with lengths that are not a multiple of 4
//! only works to or from MEM2 (Wii Linux `arch/powerpc/platforms/embedded6xx/wii-dma.c`),
//! and HCI/ACL packets have any length (docs/hardware.md, "Bluetooth"). Pure addresses; the
//! owner of each region is named next to it.

use crate::wii::ios::ipc::Slot;

/// Lowest arena address (devkitPPC `rvl.ld` `__Arena2Lo`).
pub const ARENA2_LO: usize = 0x9000_2000;
/// One past the arena (devkitPPC `rvl.ld` `__Arena2Hi`, libogc's `__ipcbufferLo`).
pub const ARENA2_HI: usize = 0x933E_0000;

/// Request slots of the IOS port (`wii::ios`).
pub const IOS_SLOTS: usize = 16;
/// Bytes of the IOS port's request pool.
pub const IOS_POOL_BYTES: usize = IOS_SLOTS * core::mem::size_of::<Slot>();
/// The IOS port's request pool: the top of the arena, 32-byte aligned (one cache line per
/// slot boundary, as `Slot` needs), as libogc places its Bluetooth buffers.
pub const IOS_POOL: usize = (ARENA2_HI - IOS_POOL_BYTES) & !31;

/// Whether `[addr, addr+len)` lies in the MEM2 arena (cached view).
pub const fn in_arena(addr: usize, len: usize) -> bool {
    addr >= ARENA2_LO && len <= ARENA2_HI - addr
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wii::ios::ipc::phys;

    #[test]
    fn the_ios_pool_is_inside_the_mem2_arena_below_the_ios_heap_and_line_aligned() {
        assert!(in_arena(IOS_POOL, IOS_POOL_BYTES));
        assert!(
            !in_arena(IOS_POOL, IOS_POOL_BYTES + 1),
            "ends where IOS's heap starts"
        );
        assert_eq!(IOS_POOL % 32, 0);
        assert_eq!(
            core::mem::size_of::<Slot>() % 32,
            0,
            "every slot starts a line"
        );
        assert_eq!(core::mem::align_of::<Slot>(), 32);
    }

    #[test]
    fn the_pool_is_in_mem2_for_ios_too() {
        // IOS sees MEM2 at physical 0x10000000-0x13FFFFFF.
        let p = phys(IOS_POOL);
        assert!((0x1000_0000..0x1400_0000).contains(&p), "{p:#x}");
        assert!((0x1000_0000..0x1400_0000).contains(&(phys(IOS_POOL + IOS_POOL_BYTES) - 1)));
    }

    #[test]
    fn arena_bounds_refuse_mem1_and_the_ios_area() {
        assert!(!in_arena(0x8010_0000, 32));
        assert!(!in_arena(0x933E_0000, 32));
        assert!(!in_arena(0x9000_0000, 32), "below __Arena2Lo");
    }
}
