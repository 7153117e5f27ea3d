//! `Settings`: the player's choices that outlive a match (language, sound volumes, rumble, the
//! animation speed, the tutor).
//! The app owns one value; the platform may load it at start (`App::new` then
//! `App::set_settings`) and store it when `App::settings_changed` says so. The HOME menu's
//! rows change them (`Settings::stepped`). Plain data: no storage format here (a save layer owns that).

/// The languages the app's strings come in (see `strings.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Language {
    #[default]
    English,
    Spanish,
}

impl Language {
    /// Every language, in menu order.
    pub const ALL: [Language; 2] = [Language::English, Language::Spanish];
    /// The key used in logs and save files (ISO 639-1).
    pub const fn key(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Spanish => "es",
        }
    }
    /// The language for the console's system language, named by its ISO 639-1 code: Spanish
    /// for "es", English for every other (the game has no other translation).
    pub fn for_console(iso: &str) -> Language {
        if iso == "es" {
            Language::Spanish
        } else {
            Language::English
        }
    }
    /// The next language in menu order.
    pub fn next(self) -> Language {
        let i = Language::ALL.iter().position(|&l| l == self).unwrap_or(0);
        Language::ALL[(i + 1) % Language::ALL.len()]
    }
}

/// How long the board's animations take: `Fast` for impatient players (`Pace::faster`:
/// about a third of every glide, throw and pause; the moves and their order are the same).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Animations {
    #[default]
    Normal,
    Fast,
}

impl Animations {
    /// The other speed.
    pub fn flipped(self) -> Animations {
        match self {
            Animations::Normal => Animations::Fast,
            Animations::Fast => Animations::Normal,
        }
    }
    /// The key used in logs, and the saved byte (0 normal, 1 fast).
    pub const fn key(self) -> &'static str {
        match self {
            Animations::Normal => "normal",
            Animations::Fast => "fast",
        }
    }
    pub const fn saved(self) -> u8 {
        match self {
            Animations::Normal => 0,
            Animations::Fast => 1,
        }
    }
    /// The speed of a saved byte (anything but 1 is normal).
    pub const fn from_saved(b: u8) -> Animations {
        if b == 1 {
            Animations::Fast
        } else {
            Animations::Normal
        }
    }
}

/// Loudest volume step.
pub const MAX_VOLUME: u8 = 10;

/// The player's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub language: Language,
    /// Sound effects volume, 0..=MAX_VOLUME.
    pub effects_volume: u8,
    /// Music volume, 0..=MAX_VOLUME.
    pub music_volume: u8,
    /// The Wii Remote rumbles on captures and wins.
    pub rumble: bool,
    /// The board's animation speed.
    pub animations: Animations,
    /// The tutor asks before a person's move that loses at least 5% win chance
    /// (`app::tutor`, `ai::coach`).
    pub tutor: bool,
}

impl Settings {
    pub const DEFAULT: Settings = Settings {
        language: Language::English,
        effects_volume: 8,
        music_volume: 6,
        rumble: true,
        animations: Animations::Normal,
        tutor: false,
    };

    /// The same settings with every value in range (for values read from outside).
    pub fn clamped(self) -> Settings {
        Settings {
            effects_volume: self.effects_volume.min(MAX_VOLUME),
            music_volume: self.music_volume.min(MAX_VOLUME),
            ..self
        }
    }
}

/// A setting the HOME menu steps (sound, rumble, animation speed, tutor).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knob {
    Music,
    Effects,
    Rumble,
    Animations,
    Tutor,
}

impl Settings {
    /// The settings with `knob` moved by `step`: a volume by `step` steps within
    /// 0..=MAX_VOLUME, except that `wrap` (A on the row) goes from the loudest back to 0;
    /// rumble, the animation speed and the tutor flip for any step.
    pub fn stepped(self, knob: Knob, step: i8, wrap: bool) -> Settings {
        let volume = |v: u8| -> u8 {
            let v = i16::from(v.min(MAX_VOLUME)) + i16::from(step);
            let max = i16::from(MAX_VOLUME);
            let v = if wrap && v > max { 0 } else { v.clamp(0, max) };
            v as u8
        };
        match knob {
            Knob::Music => Settings {
                music_volume: volume(self.music_volume),
                ..self
            },
            Knob::Effects => Settings {
                effects_volume: volume(self.effects_volume),
                ..self
            },
            Knob::Rumble => Settings {
                rumble: if step == 0 { self.rumble } else { !self.rumble },
                ..self
            },
            Knob::Animations => Settings {
                animations: if step == 0 {
                    self.animations
                } else {
                    self.animations.flipped()
                },
                ..self
            },
            Knob::Tutor => Settings {
                tutor: if step == 0 { self.tutor } else { !self.tutor },
                ..self
            },
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volumes_from_outside_are_clamped() {
        let s = Settings {
            effects_volume: 200,
            music_volume: 11,
            ..Settings::DEFAULT
        }
        .clamped();
        assert_eq!((s.effects_volume, s.music_volume), (MAX_VOLUME, MAX_VOLUME));
    }

    #[test]
    fn volumes_step_within_range_and_a_wraps_the_loudest_to_silence() {
        let s = Settings {
            music_volume: MAX_VOLUME,
            effects_volume: 0,
            ..Settings::DEFAULT
        };
        assert_eq!(s.stepped(Knob::Music, 1, false).music_volume, MAX_VOLUME);
        assert_eq!(s.stepped(Knob::Music, 1, true).music_volume, 0);
        assert_eq!(
            s.stepped(Knob::Music, -1, false).music_volume,
            MAX_VOLUME - 1
        );
        assert_eq!(s.stepped(Knob::Effects, -1, false).effects_volume, 0);
        assert_eq!(s.stepped(Knob::Effects, 1, true).effects_volume, 1);
        assert!(!s.stepped(Knob::Rumble, -1, false).rumble);
        assert_eq!(
            s.stepped(Knob::Rumble, 1, true)
                .stepped(Knob::Rumble, 1, true),
            s
        );
    }

    #[test]
    fn the_animation_speed_flips_between_normal_and_fast_and_keeps_its_saved_byte() {
        let s = Settings::DEFAULT;
        assert_eq!(s.animations, Animations::Normal);
        let fast = s.stepped(Knob::Animations, -1, false);
        assert_eq!(fast.animations, Animations::Fast);
        assert_eq!(fast.stepped(Knob::Animations, 1, true), s);
        assert_eq!(s.stepped(Knob::Animations, 0, false), s);
        for a in [Animations::Normal, Animations::Fast] {
            assert_eq!(Animations::from_saved(a.saved()), a);
        }
    }

    #[test]
    fn the_tutor_starts_off_and_flips() {
        let s = Settings::DEFAULT;
        assert!(!s.tutor);
        let on = s.stepped(Knob::Tutor, 1, true);
        assert!(on.tutor);
        assert_eq!(on.stepped(Knob::Tutor, -1, false), s);
        assert_eq!(s.stepped(Knob::Tutor, 0, false), s);
    }
}
