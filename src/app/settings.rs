//! The player's settings the HOME menu changes: music volume, effects volume, rumble on/off.
//! Plain values; the platform reads them each frame (`App::settings`) and applies them to the
//! mixer and the remotes. Owns the ranges and the log line; must not know about hardware.

use core::fmt;

/// Top of both volume scales (0 = silent).
pub const MAX_VOLUME: u8 = 10;

/// Sound and rumble settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub music: u8,
    pub effects: u8,
    pub rumble: bool,
}

impl Settings {
    /// Music a little under the effects; rumble on.
    pub const DEFAULT: Settings = Settings {
        music: 7,
        effects: MAX_VOLUME,
        rumble: true,
    };
}

impl Default for Settings {
    fn default() -> Self {
        Settings::DEFAULT
    }
}

/// One setting row of the HOME menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingRow {
    Music,
    Effects,
    Rumble,
}

impl SettingRow {
    pub const ALL: [SettingRow; 3] = [SettingRow::Music, SettingRow::Effects, SettingRow::Rumble];
}

impl Settings {
    /// Steps `row` by `dir` (-1 / +1): volumes clamp at 0 and `MAX_VOLUME`, rumble toggles.
    pub fn step(&mut self, row: SettingRow, dir: i8) {
        let vol = |v: u8| {
            if dir < 0 {
                v.saturating_sub(1)
            } else {
                (v + 1).min(MAX_VOLUME)
            }
        };
        match row {
            SettingRow::Music => self.music = vol(self.music),
            SettingRow::Effects => self.effects = vol(self.effects),
            SettingRow::Rumble => self.rumble = !self.rumble,
        }
    }

    /// A pressed on `row`: volumes go up and wrap to 0 after the top, rumble toggles.
    pub fn cycle(&mut self, row: SettingRow) {
        match row {
            SettingRow::Music if self.music == MAX_VOLUME => self.music = 0,
            SettingRow::Effects if self.effects == MAX_VOLUME => self.effects = 0,
            _ => self.step(row, 1),
        }
    }

    /// The row's label (`Music volume: 7`).
    pub fn label(&self, row: SettingRow) -> super::text::Text<40> {
        super::text::Text::from_fmt(format_args!("{}", Label(self, row)))
    }
}

struct Label<'a>(&'a Settings, SettingRow);

impl fmt::Display for Label<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            SettingRow::Music => write!(f, "Music volume: {}", self.0.music),
            SettingRow::Effects => write!(f, "Effects volume: {}", self.0.effects),
            SettingRow::Rumble => {
                write!(f, "Rumble: {}", if self.0.rumble { "On" } else { "Off" })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volumes_clamp_with_left_right_and_wrap_with_a() {
        let mut s = Settings::DEFAULT;
        for _ in 0..20 {
            s.step(SettingRow::Effects, -1);
        }
        assert_eq!(s.effects, 0);
        s.step(SettingRow::Music, 1);
        s.step(SettingRow::Music, 1);
        s.step(SettingRow::Music, 1);
        s.step(SettingRow::Music, 1);
        assert_eq!(s.music, MAX_VOLUME);
        s.cycle(SettingRow::Music);
        assert_eq!(s.music, 0);
        s.cycle(SettingRow::Rumble);
        assert!(!s.rumble);
        assert_eq!(s.label(SettingRow::Rumble).as_str(), "Rumble: Off");
        assert_eq!(s.label(SettingRow::Effects).as_str(), "Effects volume: 0");
    }
}
