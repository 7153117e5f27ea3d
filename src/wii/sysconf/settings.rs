//! The console settings the game follows, decoded from a validated SYSCONF: picture shape
//! (`IPL.AR`), progressive scan (`IPL.PGS`), PAL60 (`IPL.E60`) and language (`IPL.LNG`).
//! A missing key, or one with an unexpected type or value, falls back to its default and is
//! named in [`Settings::defaulted`]. Pure data; the log line format lives here (`Display`).

use super::format::{SysConf, Value};
use crate::gfx::Aspect;
use core::fmt;

/// The system menu language (`IPL.LNG`, libogc `CONF_LANG_*`, Dolphin `DiscIO::Language`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    Japanese,
    English,
    German,
    French,
    Spanish,
    Italian,
    Dutch,
    SimplifiedChinese,
    TraditionalChinese,
    Korean,
}

impl Language {
    /// The language of an `IPL.LNG` code, if it is one.
    pub const fn from_code(code: u8) -> Option<Language> {
        Some(match code {
            0 => Language::Japanese,
            1 => Language::English,
            2 => Language::German,
            3 => Language::French,
            4 => Language::Spanish,
            5 => Language::Italian,
            6 => Language::Dutch,
            7 => Language::SimplifiedChinese,
            8 => Language::TraditionalChinese,
            9 => Language::Korean,
            _ => return None,
        })
    }

    /// The ISO 639-1 code used in the log (`lang=es`); both Chinese scripts are `zh`.
    pub const fn iso(self) -> &'static str {
        match self {
            Language::Japanese => "ja",
            Language::English => "en",
            Language::German => "de",
            Language::French => "fr",
            Language::Spanish => "es",
            Language::Italian => "it",
            Language::Dutch => "nl",
            Language::SimplifiedChinese | Language::TraditionalChinese => "zh",
            Language::Korean => "ko",
        }
    }
}

/// The keys this module reads, as bits of [`Defaulted`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Aspect = 1,
    Progressive = 2,
    Pal60 = 4,
    Language = 8,
}

impl Key {
    /// Every key, in log order.
    pub const ALL: [Key; 4] = [Key::Aspect, Key::Progressive, Key::Pal60, Key::Language];

    /// The SYSCONF item name.
    pub const fn name(self) -> &'static str {
        match self {
            Key::Aspect => "IPL.AR",
            Key::Progressive => "IPL.PGS",
            Key::Pal60 => "IPL.E60",
            Key::Language => "IPL.LNG",
        }
    }
}

/// Which keys were missing or unusable (their default was taken).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Defaulted(u8);

impl Defaulted {
    /// True when `key` fell back to its default.
    pub const fn contains(self, key: Key) -> bool {
        self.0 & key as u8 != 0
    }
    /// True when every key was read from the file.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    fn insert(&mut self, key: Key) {
        self.0 |= key as u8;
    }
}

/// The settings the game follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `IPL.AR`: 0 = 4:3, 1 = 16:9.
    pub aspect: Aspect,
    /// `IPL.PGS`: the player enabled 480p (only used with a component cable).
    pub progressive: bool,
    /// `IPL.E60`: a PAL console outputs 60 Hz (EURGB60).
    pub pal60: bool,
    /// `IPL.LNG`.
    pub language: Language,
    /// Keys that were missing or unusable.
    pub defaulted: Defaulted,
}

impl Settings {
    /// What the game assumes without a readable SYSCONF: 4:3, interlaced, 50 Hz on PAL (as
    /// libogc does when `IPL.PGS`/`IPL.E60` are missing: every TV shows it), English.
    pub const DEFAULT: Settings = Settings {
        aspect: Aspect::Standard,
        progressive: false,
        pal60: false,
        language: Language::English,
        defaulted: Defaulted(0),
    };

    /// Reads the four keys; each missing or unusable one keeps its default.
    pub fn from_sysconf(conf: &SysConf<'_>) -> Settings {
        let mut s = Settings::DEFAULT;
        for key in Key::ALL {
            let byte = match conf.get(key.name()) {
                Some(Value::Byte(b)) => Some(b),
                Some(Value::Bool(b)) => Some(u8::from(b)),
                _ => None,
            };
            let ok = match (key, byte) {
                (Key::Aspect, Some(0)) => {
                    s.aspect = Aspect::Standard;
                    true
                }
                (Key::Aspect, Some(1)) => {
                    s.aspect = Aspect::Wide;
                    true
                }
                (Key::Progressive, Some(b @ (0 | 1))) => {
                    s.progressive = b == 1;
                    true
                }
                (Key::Pal60, Some(b @ (0 | 1))) => {
                    s.pal60 = b == 1;
                    true
                }
                (Key::Language, Some(code)) => match Language::from_code(code) {
                    Some(l) => {
                        s.language = l;
                        true
                    }
                    None => false,
                },
                _ => false,
            };
            if !ok {
                s.defaulted.insert(key);
            }
        }
        s
    }

    /// The aspect as the log writes it.
    pub const fn aspect_name(&self) -> &'static str {
        match self.aspect {
            Aspect::Standard => "4:3",
            Aspect::Wide => "16:9",
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings::DEFAULT
    }
}

/// The log fields: `aspect=16:9 progressive=0 pal60=1 lang=es`, then `defaults=IPL.AR,...`
/// when some keys fell back.
impl fmt::Display for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "aspect={} progressive={} pal60={} lang={}",
            self.aspect_name(),
            u8::from(self.progressive),
            u8::from(self.pal60),
            self.language.iso()
        )?;
        let mut sep = " defaults=";
        for key in Key::ALL {
            if self.defaulted.contains(key) {
                f.write_str(sep)?;
                f.write_str(key.name())?;
                sep = ",";
            }
        }
        Ok(())
    }
}
