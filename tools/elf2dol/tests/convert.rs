//! elf2dol against hand-built ELF images: header fields, alignment, slot limits, BSS, entry.

use elf2dol::{Dol, Error, Header, ALIGN, MAX_DATA, MAX_TEXT};

const PF_X: u32 = 1;
const PF_W: u32 = 2;
const PF_R: u32 = 4;

/// A program header for the test ELF: flags, vaddr, file bytes, extra zero-filled bytes.
struct Seg {
    flags: u32,
    vaddr: u32,
    bytes: Vec<u8>,
    bss: u32,
}

fn seg(flags: u32, vaddr: u32, len: usize, bss: u32) -> Seg {
    Seg {
        flags,
        vaddr,
        bytes: (0..len)
            .map(|i| (i as u8).wrapping_mul(7).wrapping_add(flags as u8))
            .collect(),
        bss,
    }
}

/// Builds an ELF32 big-endian PowerPC executable with one PT_LOAD per segment.
fn elf(entry: u32, machine: u16, segs: &[Seg]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&[0x7F, b'E', b'L', b'F', 1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    let h16 = |out: &mut Vec<u8>, v: u16| out.extend_from_slice(&v.to_be_bytes());
    let h32 = |out: &mut Vec<u8>, v: u32| out.extend_from_slice(&v.to_be_bytes());
    h16(&mut out, 2); // ET_EXEC
    h16(&mut out, machine);
    h32(&mut out, 1);
    h32(&mut out, entry);
    h32(&mut out, 52); // phoff
    h32(&mut out, 0); // shoff
    h32(&mut out, 0); // flags
    h16(&mut out, 52);
    h16(&mut out, 32);
    h16(&mut out, segs.len() as u16);
    h16(&mut out, 40);
    h16(&mut out, 0);
    h16(&mut out, 0);
    let mut offset = 52 + 32 * segs.len() as u32 + 3; // deliberately unaligned payloads
    for s in segs {
        for v in [
            1,
            offset,
            s.vaddr,
            s.vaddr,
            s.bytes.len() as u32,
            s.bytes.len() as u32 + s.bss,
            s.flags,
            4,
        ] {
            h32(&mut out, v);
        }
        offset += s.bytes.len() as u32;
    }
    out.extend_from_slice(&[0xEE; 3]);
    for s in segs {
        out.extend_from_slice(&s.bytes);
    }
    out
}

fn word(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes(b[at..at + 4].try_into().unwrap())
}

#[test]
fn header_fields_describe_each_payload_and_the_entry() {
    let segs = [
        seg(PF_R | PF_X, 0x8000_4000, 100, 0),
        seg(PF_R | PF_W, 0x8000_5000, 40, 0x200),
    ];
    let dol = Dol::from_elf(&elf(0x8000_4000, 20, &segs)).unwrap();
    let bytes = dol.to_bytes();
    let h = Header::parse(&bytes).unwrap();
    assert_eq!(h.text_addrs[0], 0x8000_4000);
    assert_eq!(h.text_sizes[0], 100);
    assert_eq!(h.data_addrs[0], 0x8000_5000);
    assert_eq!(h.data_sizes[0], 40);
    assert_eq!(h.entry, 0x8000_4000);
    assert_eq!(word(&bytes, 0xE0), 0x8000_4000);
    assert_eq!(h.text_sizes[1..], [0; MAX_TEXT - 1]);
    let t = h.text_offsets[0] as usize;
    assert_eq!(&bytes[t..t + 100], &segs[0].bytes[..]);
    let d = h.data_offsets[0] as usize;
    assert_eq!(&bytes[d..d + 40], &segs[1].bytes[..]);
}

#[test]
fn payload_offsets_and_file_length_are_32_byte_aligned() {
    let segs = [
        seg(PF_X, 0x8000_4000, 33, 0),
        seg(PF_W, 0x8000_6000, 5, 0),
        seg(PF_W, 0x8000_7000, 70, 0),
    ];
    let bytes = Dol::from_elf(&elf(0x8000_4000, 20, &segs))
        .unwrap()
        .to_bytes();
    let h = Header::parse(&bytes).unwrap();
    for off in [h.text_offsets[0], h.data_offsets[0], h.data_offsets[1]] {
        assert!(off as usize >= 0x100);
        assert_eq!(off as usize % ALIGN, 0, "offset {off:#x}");
    }
    assert_eq!(bytes.len() % ALIGN, 0);
}

#[test]
fn zero_filled_tails_become_one_bss_range() {
    let segs = [
        seg(PF_X, 0x8000_4000, 64, 0),
        seg(PF_W, 0x8000_5000, 32, 0x40),
        Seg {
            flags: PF_W,
            vaddr: 0x8000_6000,
            bytes: vec![],
            bss: 0x1000,
        },
    ];
    let dol = Dol::from_elf(&elf(0x8000_4000, 20, &segs)).unwrap();
    assert_eq!(dol.bss_addr, 0x8000_5020);
    assert_eq!(dol.bss_size, 0x8000_7000 - 0x8000_5020);
    assert_eq!(
        dol.data.len(),
        1,
        "a segment without file bytes takes no slot"
    );
}

#[test]
fn eight_text_segments_are_refused_with_a_clear_error() {
    let segs: Vec<Seg> = (0..8)
        .map(|i| seg(PF_X, 0x8000_4000 + i * 0x100, 16, 0))
        .collect();
    let err = Dol::from_elf(&elf(0x8000_4000, 20, &segs)).unwrap_err();
    assert_eq!(err, Error::TooManyText(8));
    assert!(err.to_string().contains("only 7 text slots"));
}

#[test]
fn seven_text_and_eleven_data_segments_fit_exactly() {
    let mut segs: Vec<Seg> = (0..MAX_TEXT as u32)
        .map(|i| seg(PF_X, 0x8000_4000 + i * 0x100, 16, 0))
        .collect();
    segs.extend((0..MAX_DATA as u32).map(|i| seg(PF_W, 0x8001_0000 + i * 0x100, 16, 0)));
    let h = Header::parse(
        &Dol::from_elf(&elf(0x8000_4000, 20, &segs))
            .unwrap()
            .to_bytes(),
    )
    .unwrap();
    assert!(h.text_sizes.iter().all(|&s| s == 16));
    assert!(h.data_sizes.iter().all(|&s| s == 16));
}

#[test]
fn twelve_data_segments_are_refused() {
    let mut segs = vec![seg(PF_X, 0x8000_4000, 16, 0)];
    segs.extend((0..12).map(|i| seg(PF_W, 0x8001_0000 + i * 0x100, 16, 0)));
    assert_eq!(
        Dol::from_elf(&elf(0x8000_4000, 20, &segs)).unwrap_err(),
        Error::TooManyData(12)
    );
}

#[test]
fn segments_outside_the_homebrew_channel_range_are_refused() {
    let segs = [seg(PF_X, 0x8000_4000, 16, 0), seg(PF_W, 0x9000_0000, 16, 0)];
    let err = Dol::from_elf(&elf(0x8000_4000, 20, &segs)).unwrap_err();
    assert_eq!(
        err,
        Error::OutsideLoadRange {
            vaddr: 0x9000_0000,
            end: 0x9000_0010
        }
    );
}

#[test]
fn an_entry_outside_text_is_refused() {
    let segs = [seg(PF_X, 0x8000_4000, 16, 0), seg(PF_W, 0x8000_5000, 16, 0)];
    assert_eq!(
        Dol::from_elf(&elf(0x8000_5000, 20, &segs)).unwrap_err(),
        Error::EntryNotInText(0x8000_5000)
    );
}

#[test]
fn non_powerpc_or_non_elf_input_is_refused() {
    let segs = [seg(PF_X, 0x8000_4000, 16, 0)];
    assert_eq!(
        Dol::from_elf(&elf(0x8000_4000, 62, &segs)).unwrap_err(),
        Error::WrongMachine(62)
    );
    assert!(matches!(
        Dol::from_elf(b"not an elf at all"),
        Err(Error::NotElf(_))
    ));
}
