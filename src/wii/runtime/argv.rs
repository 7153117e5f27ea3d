//! Reads the argv block the loader filled in our header (`__argv_block`, the six words after
//! `_start`'s `_arg` marker, src/wii/runtime/start.rs) and copies the argument string it names out of
//! memory, checked first (`save::ArgvHeader::command_line`: the marker, a length of at most
//! 1024 bytes, inside cached MEM1). The Homebrew Channel writes the header and the string
//! before it jumps to us (fail0verflow/hbc `channel/channelapp/source/loader_reloc.c`
//! `set_argv`, string at `LD_ARGS_ADDR` = 0x8132FC00, `config.h`), and flushes both from its
//! data cache; the crt0's .bss clear and the stack end below that address (link.ld asserts
//! it), so the string is still there when `senas_main` runs. What the string means is
//! `save::SavePlace`'s.
//!
//! With the `hbc-state` test feature the header and the string are first planted as the
//! channel writes them, for a renamed folder ([`PLANTED`]), so Dolphin, which boots a file
//! with no argv, runs the same path (tools/dolphin-harness/tests/save_folder.rs).

use crate::save::{ArgvError, ArgvHeader, ARGS_MAX_LEN};

/// The argument string, copied out of the loader's memory.
pub type CommandLine = heapless::Vec<u8, ARGS_MAX_LEN>;

/// Where the Homebrew Channel puts the string (hbc `config.h`: `LD_ARGS_ADDR` = 0x81330000 -
/// `ARGS_MAX_LEN`), which the `hbc-state` build plants it at too.
pub const LD_ARGS_ADDR: u32 = 0x8133_0000 - ARGS_MAX_LEN as u32;

/// The argv the `hbc-state` test build plants: the channel's string for a `boot.dol` in a
/// renamed folder (with a space, as players name folders), then one `meta.xml` argument.
pub const PLANTED: &[u8] = b"sd:/apps/senas renamed/boot.dol\0--from-test\0";

/// The string `header` names, read with `read(address, length)` once the header is checked.
pub fn command_line(
    header: ArgvHeader,
    read: impl FnOnce(u32, usize) -> CommandLine,
) -> Result<CommandLine, ArgvError> {
    let (at, len) = header.command_line()?;
    Ok(read(at, len))
}

#[cfg(target_arch = "powerpc")]
extern "C" {
    /// `struct __argv` in the header (src/wii/runtime/start.rs): argvMagic, commandLine, length,
    /// argc, argv, endARGV.
    static mut __argv_block: [u32; 6];
}

/// The loader's argument string, or why there is none.
#[cfg(target_arch = "powerpc")]
pub fn loader_command_line() -> Result<CommandLine, ArgvError> {
    #[cfg(feature = "hbc-state")]
    plant();
    let block = core::ptr::addr_of!(__argv_block) as *const u32;
    // SAFETY: `__argv_block` is six words of our own header (start.rs), read once at boot
    // before anything else could write them; volatile because the loader wrote them.
    let word = |i: usize| unsafe { core::ptr::read_volatile(block.add(i)) };
    let header = ArgvHeader {
        magic: word(0),
        command_line: word(1),
        length: word(2),
    };
    command_line(header, |at, len| {
        // SAFETY: `ArgvHeader::command_line` checked that [at, at + len) lies in cached MEM1
        // (BAT0-mapped, always readable) and len <= 1024; the bytes are copied at once.
        let bytes = unsafe { core::slice::from_raw_parts(at as usize as *const u8, len) };
        CommandLine::from_slice(bytes).unwrap_or_default()
    })
}

/// Test builds only (`hbc-state`): writes [`PLANTED`] at `LD_ARGS_ADDR` and the header as the
/// Homebrew Channel's `set_argv` does (argvMagic, commandLine, length).
#[cfg(all(target_arch = "powerpc", feature = "hbc-state"))]
fn plant() {
    let block = core::ptr::addr_of_mut!(__argv_block) as *mut u32;
    let to = LD_ARGS_ADDR as usize as *mut u8;
    // SAFETY: LD_ARGS_ADDR..+1024 is free MEM1 above the program (link.ld asserts the
    // program ends below it); the header words are our own (start.rs). Boot, one thread.
    unsafe {
        core::ptr::copy_nonoverlapping(PLANTED.as_ptr(), to, PLANTED.len());
        core::ptr::write_volatile(block, crate::save::ARGV_MAGIC);
        core::ptr::write_volatile(block.add(1), LD_ARGS_ADDR);
        core::ptr::write_volatile(block.add(2), PLANTED.len() as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save::{SavePlace, Why, ARGV_MAGIC};

    #[test]
    fn a_checked_header_is_read_and_a_bad_one_never_is() {
        let header = ArgvHeader {
            magic: ARGV_MAGIC,
            command_line: LD_ARGS_ADDR,
            length: PLANTED.len() as u32,
        };
        let line = command_line(header, |at, len| {
            assert_eq!((at, len), (LD_ARGS_ADDR, PLANTED.len()));
            CommandLine::from_slice(PLANTED).expect("fits")
        })
        .expect("read");
        let place = SavePlace::choose(Ok(&line));
        assert_eq!(
            (place.folder(), place.why),
            ("apps/senas renamed", Why::Beside)
        );
        // Dolphin's direct boot leaves the header zero: nothing is read.
        let zero = ArgvHeader {
            magic: 0,
            command_line: 0,
            length: 0,
        };
        let r = command_line(zero, |_, _| panic!("read an unchecked header"));
        assert_eq!(r, Err(ArgvError::NoArgv));
        let huge = ArgvHeader {
            length: 4096,
            ..header
        };
        let r = command_line(huge, |_, _| panic!("read past the limit"));
        assert_eq!(r, Err(ArgvError::TooLong(4096)));
    }

    #[test]
    fn the_channels_string_address_is_just_below_the_exec_stubs_cleared_range() {
        // hbc loader_reloc.c exec_stub clears 0x81330000..0x81800000; the string sits below.
        assert_eq!(LD_ARGS_ADDR, 0x8132_FC00);
    }
}
