//! Dolphin's audio dump (`[DSP] DumpAudio`): finding `Dump/Audio/*_dspdump*.wav` in a run's
//! user folder and reading it (RIFF/WAVE PCM, 16-bit little-endian stereo, 32000 Hz for the
//! game). Dolphin writes the header at an orderly stop (the harness's SIGTERM). Owns WAV
//! parsing only; what the samples must be is each test's business.

use crate::Error;
use std::path::{Path, PathBuf};

/// One dump: its rate and frames as (left, right).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AudioDump {
    pub path: PathBuf,
    pub rate: u32,
    pub frames: Vec<(i16, i16)>,
}

impl AudioDump {
    /// The DSP dumps of `user_dir`, oldest name first (Dolphin opens `..._dspdump1.wav` and so
    /// on when the rate changes mid-run).
    pub fn paths(user_dir: &Path) -> Vec<PathBuf> {
        let dir = user_dir.join("Dump").join("Audio");
        let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.contains("_dspdump") && n.ends_with(".wav"))
            })
            .collect();
        v.sort();
        v
    }

    /// Reads one WAV file.
    pub fn load(path: &Path) -> Result<AudioDump, Error> {
        let bytes =
            std::fs::read(path).map_err(|e| Error::Io(format!("{}: {e}", path.display())))?;
        Self::parse(&bytes)
            .map(|(rate, frames)| AudioDump {
                path: path.to_path_buf(),
                rate,
                frames,
            })
            .map_err(|why| Error::Io(format!("{}: {why}", path.display())))
    }

    /// Parses RIFF/WAVE bytes: 16-bit PCM stereo only; returns the rate and the frames.
    pub fn parse(b: &[u8]) -> Result<(u32, Vec<(i16, i16)>), String> {
        if b.len() < 12 || &b[0..4] != b"RIFF" || &b[8..12] != b"WAVE" {
            return Err("not a RIFF/WAVE file".into());
        }
        let u16_at = |i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let mut at = 12;
        let mut format = None;
        while at + 8 <= b.len() {
            let id = &b[at..at + 4];
            let len = u32_at(at + 4) as usize;
            let body = at + 8;
            if id == b"fmt " && body + 16 <= b.len() {
                format = Some((
                    u16_at(body),
                    u16_at(body + 2),
                    u32_at(body + 4),
                    u16_at(body + 14),
                ));
            } else if id == b"data" {
                let (tag, channels, rate, bits) = format.ok_or("data before fmt")?;
                if (tag, channels, bits) != (1, 2, 16) {
                    return Err(format!(
                        "want PCM 2 ch 16 bit, got tag {tag} {channels} ch {bits} bit"
                    ));
                }
                let end = body.saturating_add(len).min(b.len());
                let frames = b[body..end]
                    .chunks_exact(4)
                    .map(|c| {
                        (
                            i16::from_le_bytes([c[0], c[1]]),
                            i16::from_le_bytes([c[2], c[3]]),
                        )
                    })
                    .collect();
                return Ok((rate, frames));
            }
            at = body.saturating_add(len + (len & 1));
        }
        Err("no data chunk".into())
    }

    /// The first frame index at or after `from` where the left and right channels both equal
    /// `want` sample for sample, if any.
    pub fn find(&self, want: &[i16], from: usize) -> Option<usize> {
        let first = want.iter().position(|&s| s.unsigned_abs() > 256)?;
        let n = want.len();
        (from + first..self.frames.len()).find_map(|j| {
            let start = j.checked_sub(first)?;
            if self.frames[j].0 != want[first] || start + n > self.frames.len() {
                return None;
            }
            self.frames[start..start + n]
                .iter()
                .zip(want)
                .all(|(&(l, r), &w)| l == w && r == w)
                .then_some(start)
        })
    }

    /// True when every frame in `range` is zero on both channels.
    pub fn silent(&self, range: std::ops::Range<usize>) -> bool {
        let end = range.end.min(self.frames.len());
        self.frames[range.start.min(end)..end]
            .iter()
            .all(|&f| f == (0, 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wav(frames: &[(i16, i16)]) -> Vec<u8> {
        let mut b = Vec::new();
        let data = (frames.len() * 4) as u32;
        b.extend_from_slice(b"RIFF");
        b.extend_from_slice(&(36 + data).to_le_bytes());
        b.extend_from_slice(b"WAVEfmt ");
        b.extend_from_slice(&16u32.to_le_bytes());
        for v in [1u16, 2] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&32000u32.to_le_bytes());
        b.extend_from_slice(&128000u32.to_le_bytes());
        for v in [4u16, 16] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(b"data");
        b.extend_from_slice(&data.to_le_bytes());
        for (l, r) in frames {
            b.extend_from_slice(&l.to_le_bytes());
            b.extend_from_slice(&r.to_le_bytes());
        }
        b
    }

    #[test]
    fn a_dump_parses_and_a_sequence_is_found_sample_exact() {
        let mut frames = vec![(0, 0); 100];
        let want = [0i16, 5, 1000, -2000, 3];
        for (k, &w) in want.iter().enumerate() {
            frames[40 + k] = (w, w);
        }
        frames[10] = (1000, 1000); // a false start
        let (rate, got) = AudioDump::parse(&wav(&frames)).unwrap();
        assert_eq!(rate, 32000);
        let d = AudioDump {
            path: PathBuf::new(),
            rate,
            frames: got,
        };
        assert_eq!(d.find(&want, 0), Some(40));
        assert_eq!(d.find(&want, 41), None);
        assert!(d.silent(50..100) && !d.silent(0..50));
    }

    #[test]
    fn garbage_is_refused() {
        assert!(AudioDump::parse(b"RIFF").is_err());
        assert!(AudioDump::parse(&[0; 64]).is_err());
        let mut w = wav(&[(1, 2)]);
        w[22] = 1; // mono
        assert!(AudioDump::parse(&w).is_err());
    }
}
