//! ELF32 big-endian PowerPC to DOL, the executable format the Homebrew Channel and Dolphin load.
//! Each loadable segment with file bytes becomes a text slot (executable) or a data slot (the
//! rest); the zero-filled tails (`p_memsz > p_filesz`) become the single BSS range. Payloads
//! are 32-byte aligned in the file. Nothing here writes files: `main.rs` does.
//!
//! DOL header (0x100 bytes, big-endian u32): text offsets\[7\] @0x00, data offsets\[11\] @0x1C,
//! text addresses\[7\] @0x48, data addresses\[11\] @0x64, text sizes\[7\] @0x90, data sizes\[11\] @0xAC,
//! BSS address @0xD8, BSS size @0xDC, entry @0xE0.

use object::elf::{FileHeader32, ProgramHeader32, EM_PPC, PF_X, PT_LOAD};
use object::read::elf::{FileHeader, ProgramHeader};
use object::BigEndian;
use std::fmt;

/// Text slots in a DOL.
pub const MAX_TEXT: usize = 7;
/// Data slots in a DOL.
pub const MAX_DATA: usize = 11;
/// Size of the DOL header.
pub const HEADER_SIZE: usize = 0x100;
/// Payload alignment in the file.
pub const ALIGN: usize = 32;
/// The Homebrew Channel accepts sections in [LOAD_MIN, LOAD_MAX) only (hbc config.h).
pub const LOAD_MIN: u32 = 0x8000_3400;
/// The end (exclusive) of the Homebrew Channel's load range ([`LOAD_MIN`]).
pub const LOAD_MAX: u32 = 0x8132_FC00;

/// Why an ELF cannot become a DOL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Not a parsable ELF32 big-endian file.
    NotElf(String),
    /// Not a PowerPC executable.
    WrongMachine(u16),
    /// More executable segments than the 7 text slots.
    TooManyText(usize),
    /// More data segments than the 11 data slots.
    TooManyData(usize),
    /// A segment's file bytes lie outside the ELF.
    Truncated {
        /// The segment's virtual address.
        vaddr: u32,
    },
    /// A segment lies outside the Homebrew Channel's load range.
    OutsideLoadRange {
        /// The segment's first address.
        vaddr: u32,
        /// The address just past its end.
        end: u32,
    },
    /// The entry point is not inside a text segment.
    EntryNotInText(u32),
    /// No loadable segment at all.
    Empty,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NotElf(why) => write!(f, "not an ELF32 big-endian file: {why}"),
            Error::WrongMachine(m) => write!(f, "not a PowerPC ELF (e_machine {m}, want {EM_PPC})"),
            Error::TooManyText(n) => write!(
                f,
                "{n} executable segments, but a DOL has only {MAX_TEXT} text slots: merge sections in the linker script"
            ),
            Error::TooManyData(n) => write!(
                f,
                "{n} data segments, but a DOL has only {MAX_DATA} data slots: merge sections in the linker script"
            ),
            Error::Truncated { vaddr } => write!(f, "segment at {vaddr:#010x} extends past the end of the ELF"),
            Error::OutsideLoadRange { vaddr, end } => write!(
                f,
                "segment {vaddr:#010x}..{end:#010x} is outside the Homebrew Channel load range {LOAD_MIN:#010x}..{LOAD_MAX:#010x}"
            ),
            Error::EntryNotInText(e) => write!(f, "entry point {e:#010x} is not inside a text segment"),
            Error::Empty => write!(f, "no loadable segment with contents"),
        }
    }
}

impl std::error::Error for Error {}

/// One loadable payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The address it loads at.
    pub addr: u32,
    /// Its contents.
    pub bytes: Vec<u8>,
}

/// A DOL in memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dol {
    /// The text (code) sections, at most 7.
    pub text: Vec<Section>,
    /// The data sections, at most 11.
    pub data: Vec<Section>,
    /// Where the zeroed .bss starts.
    pub bss_addr: u32,
    /// The .bss size in bytes.
    pub bss_size: u32,
    /// The entry point.
    pub entry: u32,
}

impl Dol {
    /// Converts an ELF image.
    pub fn from_elf(elf: &[u8]) -> Result<Dol, Error> {
        let header =
            FileHeader32::<BigEndian>::parse(elf).map_err(|e| Error::NotElf(e.to_string()))?;
        let endian = header.endian().map_err(|e| Error::NotElf(e.to_string()))?;
        let machine = header.e_machine(endian);
        if machine != EM_PPC {
            return Err(Error::WrongMachine(machine));
        }
        let phdrs: &[ProgramHeader32<BigEndian>] = header
            .program_headers(endian, elf)
            .map_err(|e| Error::NotElf(e.to_string()))?;
        let mut dol = Dol {
            text: vec![],
            data: vec![],
            bss_addr: 0,
            bss_size: 0,
            entry: header.e_entry(endian),
        };
        let (mut bss_lo, mut bss_hi) = (u32::MAX, 0u32);
        for ph in phdrs.iter().filter(|p| p.p_type(endian) == PT_LOAD) {
            let vaddr = ph.p_vaddr(endian);
            let filesz = ph.p_filesz(endian);
            let memsz = ph.p_memsz(endian);
            if filesz > 0 {
                let end = vaddr.checked_add(filesz).ok_or(Error::OutsideLoadRange {
                    vaddr,
                    end: u32::MAX,
                })?;
                if vaddr < LOAD_MIN || end > LOAD_MAX {
                    return Err(Error::OutsideLoadRange { vaddr, end });
                }
                let bytes = ph
                    .data(endian, elf)
                    .map_err(|_| Error::Truncated { vaddr })?
                    .to_vec();
                let section = Section { addr: vaddr, bytes };
                if ph.p_flags(endian) & PF_X != 0 {
                    dol.text.push(section);
                } else {
                    dol.data.push(section);
                }
            }
            if memsz > filesz {
                bss_lo = bss_lo.min(vaddr + filesz);
                bss_hi = bss_hi.max(vaddr.saturating_add(memsz));
            }
        }
        if dol.text.len() > MAX_TEXT {
            return Err(Error::TooManyText(dol.text.len()));
        }
        if dol.data.len() > MAX_DATA {
            return Err(Error::TooManyData(dol.data.len()));
        }
        if dol.text.is_empty() && dol.data.is_empty() {
            return Err(Error::Empty);
        }
        let in_text = dol
            .text
            .iter()
            .any(|s| (s.addr..s.addr + s.bytes.len() as u32).contains(&dol.entry));
        if !in_text {
            return Err(Error::EntryNotInText(dol.entry));
        }
        if bss_lo < bss_hi {
            dol.bss_addr = bss_lo;
            dol.bss_size = bss_hi - bss_lo;
        }
        Ok(dol)
    }

    /// The DOL file: header, then every payload at a 32-byte aligned offset.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![0u8; HEADER_SIZE];
        let put = |out: &mut Vec<u8>, at: usize, v: u32| {
            out[at..at + 4].copy_from_slice(&v.to_be_bytes())
        };
        let slots = self
            .text
            .iter()
            .enumerate()
            .map(|(i, s)| (4 * i, 0x48 + 4 * i, 0x90 + 4 * i, s));
        let data = self
            .data
            .iter()
            .enumerate()
            .map(|(i, s)| (0x1C + 4 * i, 0x64 + 4 * i, 0xAC + 4 * i, s));
        for (off_at, addr_at, size_at, s) in slots.chain(data) {
            let offset = out.len().next_multiple_of(ALIGN);
            out.resize(offset, 0);
            out.extend_from_slice(&s.bytes);
            put(&mut out, off_at, offset as u32);
            put(&mut out, addr_at, s.addr);
            put(&mut out, size_at, s.bytes.len() as u32);
        }
        out.resize(out.len().next_multiple_of(ALIGN), 0);
        put(&mut out, 0xD8, self.bss_addr);
        put(&mut out, 0xDC, self.bss_size);
        put(&mut out, 0xE0, self.entry);
        out
    }
}

/// The fields of a DOL header (for checks and tools).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// File offset of each text section (0: unused slot).
    pub text_offsets: [u32; MAX_TEXT],
    /// File offset of each data section (0: unused slot).
    pub data_offsets: [u32; MAX_DATA],
    /// Load address of each text section.
    pub text_addrs: [u32; MAX_TEXT],
    /// Load address of each data section.
    pub data_addrs: [u32; MAX_DATA],
    /// Size of each text section in bytes.
    pub text_sizes: [u32; MAX_TEXT],
    /// Size of each data section in bytes.
    pub data_sizes: [u32; MAX_DATA],
    /// Where the zeroed .bss starts.
    pub bss_addr: u32,
    /// The .bss size in bytes.
    pub bss_size: u32,
    /// The entry point.
    pub entry: u32,
}

impl Header {
    /// Reads the header of a DOL file; `None` if it is shorter than 0x100 bytes.
    pub fn parse(dol: &[u8]) -> Option<Header> {
        let word = |at: usize| -> Option<u32> {
            Some(u32::from_be_bytes(dol.get(at..at + 4)?.try_into().ok()?))
        };
        let mut h = Header {
            text_offsets: [0; MAX_TEXT],
            data_offsets: [0; MAX_DATA],
            text_addrs: [0; MAX_TEXT],
            data_addrs: [0; MAX_DATA],
            text_sizes: [0; MAX_TEXT],
            data_sizes: [0; MAX_DATA],
            bss_addr: word(0xD8)?,
            bss_size: word(0xDC)?,
            entry: word(0xE0)?,
        };
        for i in 0..MAX_TEXT {
            h.text_offsets[i] = word(4 * i)?;
            h.text_addrs[i] = word(0x48 + 4 * i)?;
            h.text_sizes[i] = word(0x90 + 4 * i)?;
        }
        for i in 0..MAX_DATA {
            h.data_offsets[i] = word(0x1C + 4 * i)?;
            h.data_addrs[i] = word(0x64 + 4 * i)?;
            h.data_sizes[i] = word(0xAC + 4 * i)?;
        }
        Some(h)
    }
}
