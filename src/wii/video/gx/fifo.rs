//! The GX command FIFO: the MMIO of the command processor (CP), pixel engine (PE) and the PI's
//! CPU FIFO, one register table, the linked FIFO set-up, the write-gather pipe that carries
//! command bytes, and the draw-done wait. The only file of `wii::gx` that touches hardware.
//! Sequence and values: libogc `gx.c` (`__GX_FifoInit`, `EnableWriteGatherPipe`,
//! `__GX_ResetWriteGatherPipe`), checked in Dolphin; the facts are in docs/hardware.md "GX".

use super::stream::Sink;
use crate::wii::ios::ipc::{CacheOps, WiiCache};
use crate::wii::runtime::mmio::{Ro, Rw, Wo};
use crate::wii::runtime::{cache, clock};

/// MMIO registers used by the FIFO, by block, in address order. Access rights from Dolphin's
/// `RegisterMMIO` handlers: CommandProcessor.cpp (CP_SR `InvalidWrite` -> read-only; the
/// performance select `InvalidRead` + `Nop` -> write-only; CR, CLEAR and the FIFO pointers
/// read-write), PixelEngine.cpp (PE_CTRL read-write; "Token register, readonly"), and
/// MemoryInterface.cpp (the MI counters, read-write).
mod regs {
    use super::{Ro, Rw, Wo};

    const fn cp(off: usize) -> Rw<u16> {
        // SAFETY: CP registers are 16-bit MMIO at 0xCC000000 + off (libogc gx.c `_cpReg`; Dolphin CommandProcessor.h), read-write where this is used.
        unsafe { Rw::new(0xCC00_0000 + off) }
    }
    const fn pe(off: usize) -> Rw<u16> {
        // SAFETY: PE registers are 16-bit MMIO at 0xCC001000 + off (libogc gx.c `_peReg`; Dolphin PixelEngine.h), read-write where this is used.
        unsafe { Rw::new(0xCC00_1000 + off) }
    }

    /// CP_SR: FIFO and GP status. Read only.
    // SAFETY: the CP's 16-bit status register (see `cp`); Dolphin rejects writes.
    pub const CP_SR: Ro<u16> = unsafe { Ro::new(0xCC00_0000) };
    /// CP_CR: GP read enable, FIFO interrupts, GP link.
    pub const CP_CR: Rw<u16> = cp(0x02);
    /// CP_CLEAR: clears FIFO over/underflow.
    pub const CP_CLEAR: Rw<u16> = cp(0x04);
    /// CP performance counter select (libogc writes 0). Write only.
    // SAFETY: the CP's 16-bit performance select register (see `cp`); Dolphin rejects reads.
    pub const CP_PERF_SELECT: Wo<u16> = unsafe { Wo::new(0xCC00_0006) };
    /// GP FIFO base, end, watermarks, read/write distance, write and read pointers (lo, hi).
    pub const CP_FIFO_BASE: [Rw<u16>; 2] = [cp(0x20), cp(0x22)];
    pub const CP_FIFO_END: [Rw<u16>; 2] = [cp(0x24), cp(0x26)];
    pub const CP_FIFO_HI_WATERMARK: [Rw<u16>; 2] = [cp(0x28), cp(0x2A)];
    pub const CP_FIFO_LO_WATERMARK: [Rw<u16>; 2] = [cp(0x2C), cp(0x2E)];
    pub const CP_FIFO_RW_DISTANCE: [Rw<u16>; 2] = [cp(0x30), cp(0x32)];
    pub const CP_FIFO_WRITE_PTR: [Rw<u16>; 2] = [cp(0x34), cp(0x36)];
    pub const CP_FIFO_READ_PTR: [Rw<u16>; 2] = [cp(0x38), cp(0x3A)];
    /// PE_CTRL: token/finish interrupt enables and status.
    pub const PE_CTRL: Rw<u16> = pe(0x0A);
    /// PE_TOKEN: the last token the GP reached. Read only.
    // SAFETY: the PE's 16-bit token register (see `pe`); Dolphin rejects writes.
    pub const PE_TOKEN: Ro<u16> = unsafe { Ro::new(0xCC00_100E) };
    const fn mi(off: usize) -> Rw<u16> {
        // SAFETY: MI registers are 16-bit MMIO at 0xCC004000 + off (libogc gx.c `_memReg`;
        // Dolphin MemoryInterface.cpp registers 0x4E/0x50 as MI_TIMER7_HI/LO).
        unsafe { Rw::new(0xCC00_4000 + off) }
    }
    /// The PI's CPU FIFO and interrupt causes (PE finish is polled in PI_INTSR), from the PI
    /// table (`wii::runtime::pi`, the one declaration of the PI base).
    pub use crate::wii::runtime::pi::reg::{
        FIFO_BASE as PI_FIFO_BASE, FIFO_END as PI_FIFO_END, FIFO_RESET as PI_FIFO_RESET,
        FIFO_WRITE_PTR as PI_FIFO_WRITE_PTR, INTSR as PI_INTSR,
    };
    /// MI counter 39/40: pixel-engine memory requests, high and low half (libogc gx.c
    /// `__GX_ReadMemCounterU32(39)`, `_memReg[39]`/`[40]`).
    pub const MI_PE_COUNTER: [Rw<u16>; 2] = [mi(0x4E), mi(0x50)];
}

/// CP_CR bits.
const CP_CR_GP_READ_ENABLE: u16 = 1 << 0;
const CP_CR_GP_LINK_ENABLE: u16 = 1 << 4;
/// CP_CLEAR: clear overflow and underflow.
const CP_CLEAR_OVER_UNDER: u16 = 0b11;
/// PE_CTRL: token and finish "interrupt" enables (status only, MSR[EE] stays 0) and their
/// clear bits. Without FINISH_ENABLE, PI_INTSR never shows PE finish (libogc gx.c `GX_SetDrawDone` arms both; checked in Dolphin).
const PE_CTRL_TOKEN_ENABLE: u16 = 1 << 0;
const PE_CTRL_FINISH_ENABLE: u16 = 1 << 1;
const PE_CTRL_TOKEN_CLEAR: u16 = 1 << 2;
const PE_CTRL_FINISH_CLEAR: u16 = 1 << 3;
const PE_CTRL_ARM: u16 =
    PE_CTRL_TOKEN_ENABLE | PE_CTRL_FINISH_ENABLE | PE_CTRL_TOKEN_CLEAR | PE_CTRL_FINISH_CLEAR;
/// PI_INTSR: PE finish.
const PI_INTSR_PE_FINISH: u32 = 1 << 10;
/// The PI write pointer holds a 32-byte aligned physical address.
const PI_WPTR_MASK: u32 = 0x1FFF_FFE0;

/// Where the CPU stores command bytes: the uncached, virtual 0xCC008000 (DBAT1 maps it to the
/// physical 0x0C008000). libogc gx.c: `wgPipe = (WGPipe*)0xCC008000`.
pub const WG_PIPE: usize = 0xCC00_8000;
/// What WPAR (SPR 921) must hold: the pipe compares it with the *physical* address of a store,
/// after BAT translation, so it is 0x0C008000, not `WG_PIPE` (libogc gx.c
/// `EnableWriteGatherPipe`: `mtwpar(0x0C008000)`; Dolphin GPFifo.h `GATHER_PIPE_PHYSICAL_ADDRESS`).
pub const WPAR_PHYS: u32 = 0x0C00_8000;
/// WPAR bit 0 (BNE): the gather buffer still holds bytes; WPAR may not be rewritten until it
/// clears (libogc gx.c `__GX_ResetWriteGatherPipe`: `while(mfwpar()&1);`).
pub const WPAR_BNE: u32 = 1;
#[cfg(target_arch = "powerpc")]
const HID2_WPE: u32 = 0x4000_0000;

/// FIFO size: libogc's default (a busy frame is about 40 KB; see gx/tests.rs).
pub const FIFO_SIZE: usize = 256 * 1024;
/// The CPU may run this far ahead of the GP before the high watermark.
const HI_WATERMARK_GAP: usize = 16 * 1024;

/// FIFO memory: 32-byte aligned, in MEM1.
#[repr(C, align(32))]
pub struct FifoMemory(pub [u8; FIFO_SIZE]);

/// Physical address of a MEM1/MEM2 pointer (cached or uncached mirror).
pub fn phys(ptr: *const u8) -> u32 {
    (ptr as usize & 0x3FFF_FFFF) as u32
}

fn write_pair(pair: [Rw<u16>; 2], v: u32) {
    pair[0].write(v as u16);
    pair[1].write((v >> 16) as u16);
}

/// Zeroes the FIFO memory (as libogc programs do before `GX_Init`) and writes it back. The GP
/// reads RAM and the gather pipe writes RAM past the cache (its burst goes to the physical
/// WPAR address); a line of the `fill` left dirty could be evicted later, over commands the
/// pipe wrote (docs/hardware.md "Every DMA path's flush, removed").
fn clear_memory(mem: &mut FifoMemory, cache: &mut impl CacheOps) {
    mem.0.fill(0);
    cache.flush(mem.0.as_ptr() as usize, FIFO_SIZE);
}

/// The linked FIFO (CPU FIFO = GP FIFO), ready for commands through [`WgPipe`].
pub struct Fifo {
    base: u32,
}

impl Fifo {
    /// Programs the CP and PI for a linked FIFO in `mem`, arms PE finish, enables the
    /// write-gather pipe.
    ///
    /// # Safety
    /// Call once, before any other GX use; nothing else may drive the CP, PE or the PI FIFO.
    pub unsafe fn init(mem: &'static mut FifoMemory) -> Fifo {
        // Whatever the loader left in flight is dropped first, as libogc/HBC do before
        // re-initialising GX (hbc gfx.c `GX_AbortFrame`).
        abort_gp();
        clear_memory(mem, &mut WiiCache);
        let base = phys(mem.0.as_ptr());
        let end = base + FIFO_SIZE as u32 - 4;
        regs::CP_CR.write(0);
        write_pair(regs::CP_FIFO_BASE, base);
        write_pair(regs::CP_FIFO_END, end);
        write_pair(
            regs::CP_FIFO_HI_WATERMARK,
            (FIFO_SIZE - HI_WATERMARK_GAP) as u32,
        );
        write_pair(regs::CP_FIFO_LO_WATERMARK, ((FIFO_SIZE / 2) & !31) as u32);
        write_pair(regs::CP_FIFO_RW_DISTANCE, 0);
        write_pair(regs::CP_FIFO_WRITE_PTR, base);
        write_pair(regs::CP_FIFO_READ_PTR, base);
        cache::sync();
        regs::PI_FIFO_BASE.write(base);
        regs::PI_FIFO_END.write(end);
        regs::PI_FIFO_WRITE_PTR.write(base & PI_WPTR_MASK);
        cache::sync();
        regs::CP_CR.write(CP_CR_GP_LINK_ENABLE);
        regs::CP_CLEAR.write(CP_CLEAR_OVER_UNDER);
        regs::CP_CR.write(CP_CR_GP_LINK_ENABLE | CP_CR_GP_READ_ENABLE);
        regs::CP_PERF_SELECT.write(0);
        regs::PE_CTRL.write(PE_CTRL_ARM);
        enable_write_gather_pipe();
        Fifo { base }
    }

    /// Physical address of the FIFO (for logs).
    pub fn base(&self) -> u32 {
        self.base
    }

    /// CP status and control (for logs).
    pub fn status(&self) -> (u16, u16) {
        (regs::CP_SR.read(), regs::CP_CR.read())
    }

    /// Stops the GP for good after a hang: aborts whatever it was doing (`GX_AbortFrame`) and
    /// turns off its FIFO reads, so nothing more is fetched from the linked FIFO.
    pub fn abandon(&mut self) {
        abort_gp();
        regs::CP_CR.write(0);
    }

    /// Waits until the GP reports draw-done (PE finish), at most `timeout_ticks`; then clears
    /// the status. Returns the token the GP reached, or `None` on timeout.
    pub fn wait_draw_done(&self, timeout_ticks: u64) -> Option<u16> {
        let t0 = clock::ticks();
        let done = loop {
            if regs::PI_INTSR.read() & PI_INTSR_PE_FINISH != 0 {
                break true;
            }
            if clock::ticks().wrapping_sub(t0) > timeout_ticks {
                break false;
            }
        };
        // Test builds only: report every frame as stuck, as a hung GP would look, so the e2e
        // test sees the GPU-hang guard take over (tools/dolphin-harness/tests/gx_fallback.rs).
        #[cfg(feature = "gx-hang")]
        let done = {
            let _ = done;
            false
        };
        let token = regs::PE_TOKEN.read();
        regs::PE_CTRL.write(PE_CTRL_ARM);
        done.then_some(token)
    }
}

/// The abort's registers (`abort.rs` has the sequence: libogc gx.c Wii `__GX_Abort`).
struct HwAbortPort;

impl super::abort::AbortPort for HwAbortPort {
    fn pe_memory_counter(&mut self) -> u32 {
        // libogc gx.c `__GX_ReadMemCounterU32`: high, low, high again until the high half
        // did not change in between.
        let mut hi = regs::MI_PE_COUNTER[0].read();
        loop {
            let lo = regs::MI_PE_COUNTER[1].read();
            let again = regs::MI_PE_COUNTER[0].read();
            if again == hi {
                return (u32::from(hi) << 16) | u32::from(lo);
            }
            hi = again;
        }
    }
    fn set_fifo_reset(&mut self, on: bool) {
        regs::PI_FIFO_RESET.write(u32::from(on));
    }
    fn ticks(&mut self) -> u64 {
        clock::ticks()
    }
}

/// GX abort: waits (at most 1 ms) for the pixel engine to stop writing memory, then pulses
/// PI_FIFO_RESET for 50 ticks and lets it settle 5 (`abort.rs`, after libogc's Wii
/// `__GX_Abort`). A pixel engine still busy after the limit is reset anyway.
fn abort_gp() {
    let _ = super::abort::abort(&mut HwAbortPort);
}

/// The WPAR value for the pipe at physical `pipe_phys` (what `enable_write_gather_pipe` writes).
pub const fn wpar_value(pipe_phys: u32) -> u32 {
    pipe_phys & !31
}

/// The instructions of `enable_write_gather_pipe`, as libogc gx.c `EnableWriteGatherPipe` /
/// `__GX_ResetWriteGatherPipe`: wait while WPAR.BNE (a previous owner's bytes still in the
/// buffer), load the pipe's physical address (0x0C008000 = [`WPAR_PHYS`]) with `lis`/`ori`,
/// write it to WPAR (SPR 921), set HID2.WPE (SPR 920), isync. The address is an immediate of
/// the text, so the host test reads the very operand `mtspr 921` gets (audit 2: the old test
/// pinned `wpar_value(WPAR_PHYS)`, which stayed right whatever register the asm wrote).
macro_rules! enable_wgp_asm {
    () => {
        "2:\n\
         mfspr {t}, 921\n\
         andi. {t}, {t}, 1\n\
         bne 2b\n\
         lis {t}, 0x0c00\n\
         ori {t}, {t}, 0x8000\n\
         mtspr 921, {t}\n\
         mfspr {t}, 920\n\
         or {t}, {t}, {wpe}\n\
         mtspr 920, {t}\n\
         isync"
    };
}

/// The text of [`enable_wgp_asm`] (host tests read it).
pub const ENABLE_WGP_ASM: &str = enable_wgp_asm!();

fn enable_write_gather_pipe() {
    #[cfg(target_arch = "powerpc")]
    // SAFETY: WPAR (SPR 921) and HID2 (SPR 920) only configure the write-gather pipe; the
    // pipe's address is the CP FIFO port. MSR[EE] is 0, so nothing interrupts the sequence.
    unsafe {
        core::arch::asm!(
            enable_wgp_asm!(),
            wpe = in(reg) HID2_WPE,
            t = out(reg) _,
            options(nostack)
        )
    };
}

/// The write-gather pipe as a command sink: every value is one store to [`WG_PIPE`].
pub struct WgPipe(());

impl WgPipe {
    /// # Safety
    /// The FIFO must be initialised ([`Fifo::init`]) and only one `WgPipe` in use at a time.
    pub unsafe fn new() -> Self {
        WgPipe(())
    }
}

impl Sink for WgPipe {
    #[inline(always)]
    fn put_u8(&mut self, v: u8) {
        // SAFETY: the pipe accepts stores of any width at WG_PIPE once enabled (`new`'s contract).
        unsafe { core::ptr::write_volatile(WG_PIPE as *mut u8, v) }
    }
    #[inline(always)]
    fn put_u16(&mut self, v: u16) {
        // SAFETY: as above.
        unsafe { core::ptr::write_volatile(WG_PIPE as *mut u16, v) }
    }
    #[inline(always)]
    fn put_u32(&mut self, v: u32) {
        // SAFETY: as above.
        unsafe { core::ptr::write_volatile(WG_PIPE as *mut u32, v) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wii::ios::ipc::fake::{FakeCache, Model, NoCache};

    /// DBAT1 of crt0 (src/wii/runtime/start.rs): 0xC0000000 -> physical 0x00000000.
    fn dbat1_phys(virt: usize) -> u32 {
        (virt - 0xC000_0000) as u32
    }

    /// The value the asm text loads into the register it then writes to WPAR: its
    /// `lis`/`ori` pair on that register, checked to be the one `mtspr 921` names.
    fn wpar_operand_of_the_asm() -> u32 {
        let lines: std::vec::Vec<&str> = ENABLE_WGP_ASM.lines().map(str::trim).collect();
        let mt = lines
            .iter()
            .position(|l| l.starts_with("mtspr 921,"))
            .expect("the asm writes WPAR");
        let reg = lines[mt].rsplit(',').next().unwrap().trim();
        let imm = |line: &str, op: &str| -> u32 {
            let rest = line.strip_prefix(op).unwrap_or_else(|| panic!("{line}"));
            let parts: std::vec::Vec<&str> = rest.split(',').map(str::trim).collect();
            assert_eq!(parts[0], reg, "{line} loads the register mtspr 921 writes");
            let v = parts.last().unwrap().trim_start_matches("0x");
            u32::from_str_radix(v, 16).unwrap()
        };
        let hi = imm(lines[mt - 2], "lis ");
        let lo = imm(lines[mt - 1], "ori ");
        (hi << 16) | lo
    }

    #[test]
    fn wpar_holds_the_physical_address_of_the_pipe_not_the_virtual_one() {
        // libogc gx.c EnableWriteGatherPipe: mtwpar(0x0C008000); stores go to 0xCC008000.
        let operand = wpar_operand_of_the_asm();
        assert_eq!(operand, 0x0C00_8000);
        assert_eq!(operand, WPAR_PHYS);
        assert_eq!(operand, dbat1_phys(WG_PIPE));
        assert_ne!(operand, WG_PIPE as u32);
        // The low five bits of WPAR are status (BNE), never part of the address.
        assert_eq!(operand & 31, 0);
        assert_eq!(wpar_value(WPAR_PHYS), operand);
    }

    /// The FIFO as the GP reads it: the write-back cache model of the IPC tests
    /// (`ipc::fake::FakeCache`: memory holds only what was flushed).
    fn gp_view(model: &Model, mem: &FifoMemory) -> std::vec::Vec<Option<u8>> {
        let base = mem.0.as_ptr() as usize;
        (0..FIFO_SIZE)
            .map(|k| model.ram.get(&(base + k)).copied())
            .collect()
    }

    fn loader_left(byte: u8) -> std::boxed::Box<FifoMemory> {
        let mut mem: std::boxed::Box<FifoMemory> = std::boxed::Box::new(FifoMemory([0; FIFO_SIZE]));
        mem.0.fill(byte);
        mem
    }

    #[test]
    fn after_init_no_fifo_line_is_dirty_and_the_gp_reads_zeros_everywhere() {
        // Whatever the loader left: after `clear_memory`, RAM holds exactly the CPU's zeros,
        // so no eviction can later write a stale line over the pipe's commands.
        let model = Model::shared();
        let mut mem = loader_left(0xAB);
        clear_memory(&mut mem, &mut FakeCache(model.clone()));
        let gp = gp_view(&model.borrow(), &mem);
        assert_eq!(gp.iter().position(|b| *b != Some(0)), None);
        assert!(mem.0.iter().all(|&b| b == 0), "the CPU's view is zero too");
    }

    #[test]
    fn without_the_flush_the_model_shows_the_fifo_still_dirty() {
        // The same clearing through a cache that does nothing: the test above would fail.
        let model = Model::shared();
        let mut mem = loader_left(0xAB);
        clear_memory(&mut mem, &mut NoCache);
        assert_eq!(gp_view(&model.borrow(), &mem)[0], None);
    }

    #[test]
    fn the_pipe_is_rewritten_only_after_its_buffer_drained() {
        // libogc gx.c __GX_ResetWriteGatherPipe: while(mfwpar()&1);
        let lines: std::vec::Vec<&str> = ENABLE_WGP_ASM.lines().map(str::trim).collect();
        let i = |s: &str| lines.iter().position(|l| *l == s).expect(s);
        assert_eq!(WPAR_BNE, 1);
        assert!(i("mfspr {t}, 921") < i("andi. {t}, {t}, 1"));
        assert!(i("andi. {t}, {t}, 1") < i("bne 2b"));
        assert!(i("bne 2b") < i("mtspr 921, {t}"));
        assert!(i("mtspr 921, {t}") < i("isync"));
    }
}
