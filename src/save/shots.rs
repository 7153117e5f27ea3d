//! Screenshots in the game folder: their names (`SHOT-001.BMP` to `SHOT-999.BMP`, 8.3 names the
//! FAT layer opens; FAT ignores case, so `shot-001.bmp` is the same file), the next free number,
//! and writing one piece by piece (the first piece creates or truncates the file, the later ones
//! append). Owns the names and the folder calls only; the bytes are `gfx::bmp`'s and the
//! schedule `console::shot`'s; it must not touch the hardware.

use super::folder::{FsError, GameFolder};
use embedded_sdmmc::{BlockDevice, ShortFileName};

/// The highest screenshot number: three digits.
pub const MAX_SHOTS: u16 = 999;

/// The 8.3 name of screenshot `n` (1 to [`MAX_SHOTS`]).
pub fn shot_name(n: u16) -> heapless::String<12> {
    let mut s = heapless::String::new();
    let _ = core::fmt::write(&mut s, format_args!("SHOT-{:03}.BMP", n % 1000));
    s
}

/// The number of a screenshot's name (`SHOT-nnn.BMP`, any case), if it is one.
pub fn shot_number(base: &[u8], ext: &[u8]) -> Option<u16> {
    if !ext.eq_ignore_ascii_case(b"BMP") || base.len() != 8 {
        return None;
    }
    if !base[..5].eq_ignore_ascii_case(b"SHOT-") {
        return None;
    }
    let mut n = 0u16;
    for &c in &base[5..] {
        if !c.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u16::from(c - b'0');
    }
    (1..=MAX_SHOTS).contains(&n).then_some(n)
}

/// The number the next screenshot gets, given which are taken: one past the highest, or when
/// 999 is taken the lowest free one; `None` when all 999 are.
pub fn next_free(taken: &[bool; MAX_SHOTS as usize + 1]) -> Option<u16> {
    let highest = (1..=MAX_SHOTS).rev().find(|&n| taken[usize::from(n)]);
    match highest {
        None => Some(1),
        Some(h) if h < MAX_SHOTS => Some(h + 1),
        Some(_) => (1..=MAX_SHOTS).find(|&n| !taken[usize::from(n)]),
    }
}

fn number_of(name: &ShortFileName) -> Option<u16> {
    shot_number(name.base_name(), name.extension())
}

impl<D: BlockDevice> GameFolder<D> {
    /// The number the next screenshot of this folder gets (`None`: all 999 names are taken).
    pub fn next_shot(&self) -> Result<Option<u16>, FsError<D::Error>> {
        let mut taken = [false; MAX_SHOTS as usize + 1];
        self.vm.iterate_dir(self.dir, |e| {
            if let Some(n) = number_of(&e.name) {
                taken[usize::from(n)] = true;
            }
        })?;
        Ok(next_free(&taken))
    }

    /// Writes a piece of screenshot `n`: the first piece creates (or truncates) the file, the
    /// later ones are appended.
    pub fn write_shot_piece(
        &self,
        n: u16,
        data: &[u8],
        first: bool,
    ) -> Result<(), FsError<D::Error>> {
        let name = shot_name(n);
        if first {
            self.write(&name, data)
        } else {
            self.append(&name, data)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_card::{image, MemCard};
    use super::*;
    use std::vec::Vec;

    #[test]
    fn names_are_three_digit_8_3_names_and_parse_back() {
        assert_eq!(shot_name(3).as_str(), "SHOT-003.BMP");
        assert_eq!(shot_name(999).as_str(), "SHOT-999.BMP");
        assert_eq!(shot_number(b"SHOT-003", b"BMP"), Some(3));
        assert_eq!(shot_number(b"shot-042", b"bmp"), Some(42));
        for (base, ext) in [
            (&b"SHOT-000"[..], &b"BMP"[..]),
            (b"SHOT-03", b"BMP"),
            (b"SHOT-0A3", b"BMP"),
            (b"SHOT-003", b"TXT"),
            (b"SNAP-003", b"BMP"),
        ] {
            assert_eq!(shot_number(base, ext), None, "{base:?}.{ext:?}");
        }
    }

    #[test]
    fn the_next_number_is_past_the_highest_then_the_first_gap_then_none() {
        let mut taken = [false; MAX_SHOTS as usize + 1];
        assert_eq!(next_free(&taken), Some(1));
        taken[2] = true;
        taken[7] = true;
        assert_eq!(next_free(&taken), Some(8), "past the highest, gaps kept");
        taken[999] = true;
        assert_eq!(next_free(&taken), Some(1), "999 taken: the lowest free");
        taken.iter_mut().for_each(|t| *t = true);
        assert_eq!(next_free(&taken), None);
    }

    #[test]
    fn a_shot_written_in_pieces_reads_back_whole_and_the_next_number_moves_on() {
        let card = MemCard::new(image(true));
        let f = GameFolder::open(&card).expect("opens");
        assert_eq!(f.next_shot().expect("listed"), Some(1));
        let data: Vec<u8> = (0..10_000u32).map(|i| (i * 7 % 251) as u8).collect();
        for (i, piece) in data.chunks(4096).enumerate() {
            f.write_shot_piece(1, piece, i == 0).expect("piece");
        }
        f.write("SET_A.BIN", b"not a shot").expect("other file");
        assert_eq!(f.next_shot().expect("listed"), Some(2));
        let mut buf = [0u8; 12_000];
        assert_eq!(
            f.read("SHOT-001.BMP", &mut buf).expect("read"),
            Some(10_000)
        );
        assert_eq!(&buf[..10_000], &data[..]);
        assert_eq!(
            f.read("shot-001.bmp", &mut buf).expect("any case"),
            Some(10_000)
        );
        // A new first piece truncates.
        f.write_shot_piece(1, b"BM", true).expect("rewritten");
        assert_eq!(f.read("SHOT-001.BMP", &mut buf).expect("read"), Some(2));
    }
}
