//! The player's settings as saved: the set-up last chosen in the main menu (game, opponent,
//! senet rules), the picture-shape override, sound volumes, rumble and the animation speed
//! (kept for when the game has them; stored so a later version reads this one's file) and the
//! tutor. Plain bytes, each checked on the way in; a payload written before a byte was appended
//! (7 bytes without `animations`, 8 without `tutor`) still reads, with that byte's default.

use super::bytes::{Reader, Writer};

/// Saved settings. Indices are the app's orders (`app::config::Opponent::ALL`, game 0 senas /
/// 1 senet); decoding refuses anything out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// 0 senas, 1 senet.
    pub game: u8,
    /// Index into the opponent list (0..OPPONENTS).
    pub opponent: u8,
    /// Senet rule set last chosen: its index in `senet::Variant::ALL`.
    pub variant: u8,
    /// 0 follow the console, 1 force 4:3, 2 force 16:9.
    pub aspect: u8,
    /// 0..=10.
    pub sfx_volume: u8,
    /// 0..=10.
    pub music_volume: u8,
    pub rumble: bool,
    /// Animation speed: 0 normal, 1 fast (byte 8; absent in older 7-byte payloads: normal).
    pub animations: u8,
    /// The tutor questions a person's blunders (byte 9; absent in older payloads: off).
    pub tutor: bool,
}

/// Payload bytes.
pub const SETTINGS_BYTES: usize = 9;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            game: 0,
            opponent: 1,
            variant: 0,
            aspect: 0,
            sfx_volume: 8,
            music_volume: 6,
            rumble: true,
            animations: 0,
            tutor: false,
        }
    }
}

impl Settings {
    pub fn write(&self, w: &mut Writer) {
        w.u8(self.game);
        w.u8(self.opponent);
        w.u8(self.variant);
        w.u8(self.aspect);
        w.u8(self.sfx_volume);
        w.u8(self.music_volume);
        w.u8(u8::from(self.rumble));
        w.u8(self.animations);
        w.u8(u8::from(self.tutor));
    }

    pub fn read(r: &mut Reader) -> Option<Settings> {
        Some(Settings {
            game: r.below(2)?,
            opponent: r.below(super::stats::OPPONENTS as u8)?,
            variant: r.below(crate::games::senet::Variant::COUNT as u8)?,
            aspect: r.below(3)?,
            sfx_volume: r.below(11)?,
            music_volume: r.below(11)?,
            rumble: r.below(2)? == 1,
            // Appended byte: an older payload ends before it.
            animations: if r.remaining() == 0 { 0 } else { r.below(2)? },
            tutor: if r.remaining() == 0 {
                false
            } else {
                r.below(2)? == 1
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(s: &Settings) -> ([u8; 16], usize) {
        let mut buf = [0u8; 16];
        let mut w = Writer::new(&mut buf);
        s.write(&mut w);
        let n = w.len();
        (buf, n)
    }

    #[test]
    fn the_animation_speed_is_the_eighth_byte_and_round_trips() {
        let fast = Settings {
            animations: 1,
            ..Settings::default()
        };
        let (buf, n) = bytes(&fast);
        assert_eq!(n, SETTINGS_BYTES);
        assert_eq!(buf[7], 1);
        assert_eq!(buf[8], 0, "the tutor off");
        let mut r = Reader::new(&buf[..n]);
        assert_eq!(Settings::read(&mut r), Some(fast));
        assert_eq!(r.remaining(), 0);
        let mut bad = buf;
        bad[7] = 2;
        assert_eq!(Settings::read(&mut Reader::new(&bad[..n])), None);
    }

    #[test]
    fn an_old_seven_byte_payload_reads_with_normal_animations() {
        let old = Settings {
            game: 1,
            sfx_volume: 3,
            rumble: false,
            animations: 1,
            ..Settings::default()
        };
        let (buf, _) = bytes(&old);
        let mut r = Reader::new(&buf[..7]);
        let read = Settings::read(&mut r).expect("a 7-byte payload reads");
        assert_eq!(r.remaining(), 0);
        assert_eq!(
            read,
            Settings {
                animations: 0,
                ..old
            }
        );
    }

    #[test]
    fn the_tutor_is_the_ninth_byte_round_trips_and_an_eight_byte_payload_reads_off() {
        let on = Settings {
            animations: 1,
            tutor: true,
            ..Settings::default()
        };
        let (buf, n) = bytes(&on);
        assert_eq!(n, SETTINGS_BYTES);
        assert_eq!(buf[8], 1);
        let mut r = Reader::new(&buf[..n]);
        assert_eq!(Settings::read(&mut r), Some(on));
        assert_eq!(r.remaining(), 0);
        let mut bad = buf;
        bad[8] = 2;
        assert_eq!(Settings::read(&mut Reader::new(&bad[..n])), None);
        // The payload of the versions before the tutor: 8 bytes, read with the tutor off.
        let mut r = Reader::new(&buf[..8]);
        let read = Settings::read(&mut r).expect("an 8-byte payload reads");
        assert_eq!(r.remaining(), 0);
        assert_eq!(read, Settings { tutor: false, ..on });
    }
}
