//! The player's settings as saved: the set-up last chosen in the main menu (game, opponent,
//! senet rules), the picture-shape override, sound volumes and rumble (kept for when the game
//! has them; stored so a later version reads this one's file). Plain bytes, each checked on
//! the way in.

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
}

/// Payload bytes.
pub const SETTINGS_BYTES: usize = 7;

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
        })
    }
}
