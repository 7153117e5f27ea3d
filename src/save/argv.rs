//! The argument block a loader hands the program, as the Homebrew Channel writes it: the word
//! after `_start`'s branch is the marker `_arg` (0x5f617267), and when it is there the channel
//! fills the next words, libogc's `struct __argv` (`argvMagic`, `commandLine`, `length`, ...),
//! with the marker again, the address of the argument string (at `LD_ARGS_ADDR`,
//! 0x81330000 - 1024) and its length; the string is the launched file's full path
//! (`sd:/apps/<dir>/boot.dol`) then each `meta.xml` argument, each ended by a NUL, at most
//! `ARGS_MAX_LEN` (1024) bytes (fail0verflow/hbc `channel/channelapp/source/loader_reloc.c`
//! `set_argv`, `loader.c`, `config.h`).
//!
//! Pure: the header is three plain words and the string a byte slice the caller read
//! (`wii::argv` reads them from memory); nothing here touches memory or trusts a loader.

/// `_arg`: the marker in the program's header and in `argvMagic` (libogc `ARGV_MAGIC`).
pub const ARGV_MAGIC: u32 = 0x5f61_7267;
/// The longest argument string the Homebrew Channel writes (hbc `config.h` `ARGS_MAX_LEN`).
pub const ARGS_MAX_LEN: usize = 1024;
/// The cached MEM1 window a command line may lie in (0x80000000..0x81800000, 24 MiB; the
/// channel puts it at 0x8132FC00).
pub const MEM1_CACHED: core::ops::Range<u32> = 0x8000_0000..0x8180_0000;

/// The first three words of `struct __argv` as the loader left them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgvHeader {
    /// `argvMagic`: [`ARGV_MAGIC`] when a loader filled the block.
    pub magic: u32,
    /// `commandLine`: the argument string's address.
    pub command_line: u32,
    /// `length`: its length in bytes, the NULs included.
    pub length: u32,
}

/// Why there are no arguments to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgvError {
    /// No loader filled the block (Dolphin booting the file, a loader without argv).
    NoArgv,
    /// The block names no string (address 0).
    NoCommandLine,
    /// The string is empty.
    Empty,
    /// Longer than the Homebrew Channel ever writes.
    TooLong(u32),
    /// The string does not lie inside cached MEM1.
    OutsideMemory(u32),
}

impl ArgvError {
    /// The word the log uses (`argv=`).
    pub fn key(self) -> &'static str {
        match self {
            ArgvError::NoArgv => "none",
            ArgvError::NoCommandLine => "no_command_line",
            ArgvError::Empty => "empty",
            ArgvError::TooLong(_) => "too_long",
            ArgvError::OutsideMemory(_) => "outside_memory",
        }
    }
}

impl ArgvHeader {
    /// Where the argument string lies (address, length), checked before anything reads it.
    pub fn command_line(&self) -> Result<(u32, usize), ArgvError> {
        if self.magic != ARGV_MAGIC {
            return Err(ArgvError::NoArgv);
        }
        if self.command_line == 0 {
            return Err(ArgvError::NoCommandLine);
        }
        if self.length == 0 {
            return Err(ArgvError::Empty);
        }
        if self.length as usize > ARGS_MAX_LEN {
            return Err(ArgvError::TooLong(self.length));
        }
        let end = self.command_line.checked_add(self.length);
        let inside =
            MEM1_CACHED.contains(&self.command_line) && end.is_some_and(|e| e <= MEM1_CACHED.end);
        if !inside {
            return Err(ArgvError::OutsideMemory(self.command_line));
        }
        Ok((self.command_line, self.length as usize))
    }
}

/// The arguments of a command line: the pieces between NULs. A last piece without its NUL
/// (a string cut at the limit) is still returned, so the caller decides what a cut path is
/// worth; an empty string has no arguments.
pub fn args(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    let line = line.strip_suffix(&[0]).unwrap_or(line);
    let mut rest = (!line.is_empty()).then_some(line);
    core::iter::from_fn(move || {
        let r = rest?;
        match r.iter().position(|&b| b == 0) {
            Some(i) => {
                rest = Some(&r[i + 1..]);
                Some(&r[..i])
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// The first argument (the launched file's path) and whether it was ended by its NUL.
pub fn first_arg(line: &[u8]) -> Option<(&[u8], bool)> {
    let arg = args(line).next()?;
    let terminated = line.get(arg.len()) == Some(&0);
    Some((arg, terminated))
}
