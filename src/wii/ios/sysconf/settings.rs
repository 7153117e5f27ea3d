//! The console settings the game follows, decoded from a validated SYSCONF: picture shape
//! (`IPL.AR`), progressive scan (`IPL.PGS`), PAL60 (`IPL.E60`), language (`IPL.LNG`), the
//! sensor bar (`BT.BAR`, `BT.SENS`) and the Wii Remote rumble setting (`BT.MOT`).
//! A missing key, or one with an unexpected type or value, falls back to its default and is
//! named in [`Settings::defaulted`]. Pure data; the log line format lives here (`Display`).

use super::format::{SysConf, Value};
use super::power::PowerOff;
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

/// Where the player put the sensor bar (`BT.BAR`: 0 below the TV, 1 above; libogc `conf.c`
/// `CONF_GetSensorBarPosition`, which `wiiuse/wpad.c` turns into `WIIUSE_IR_BELOW` for 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SensorBar {
    Below,
    Above,
}

/// The keys this module reads, as bits of [`Defaulted`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Aspect = 1,
    Progressive = 2,
    Pal60 = 4,
    Language = 8,
    SensorBar = 16,
    IrSensitivity = 32,
    Motor = 64,
}

impl Key {
    /// Every key, in log order.
    pub const ALL: [Key; 7] = [
        Key::Aspect,
        Key::Progressive,
        Key::Pal60,
        Key::Language,
        Key::SensorBar,
        Key::IrSensitivity,
        Key::Motor,
    ];

    /// The SYSCONF item name.
    pub const fn name(self) -> &'static str {
        match self {
            Key::Aspect => "IPL.AR",
            Key::Progressive => "IPL.PGS",
            Key::Pal60 => "IPL.E60",
            Key::Language => "IPL.LNG",
            Key::SensorBar => "BT.BAR",
            Key::IrSensitivity => "BT.SENS",
            Key::Motor => "BT.MOT",
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
    /// `BT.BAR`.
    pub sensor_bar: SensorBar,
    /// `BT.SENS`: the IR camera's sensitivity level, 1..=5 (a 32-bit value in the file, read
    /// as libogc `CONF_GetIRSensitivity`; out-of-range values count as unusable).
    pub ir_sensitivity: u8,
    /// `BT.MOT`: the System Menu's Wii Remote rumble setting (one byte, 0 off, 1 on: libogc
    /// `conf.c` `CONF_GetPadMotorMode`); the game's own rumble setting starts from it.
    pub rumble: bool,
    /// `IPL.IDL`: how the console switches off (`power.rs`; not among [`Key`], so a missing
    /// key is standby and the log line is unchanged).
    pub power: PowerOff,
    /// Keys that were missing or unusable.
    pub defaulted: Defaulted,
}

impl Settings {
    /// What the game assumes without a readable SYSCONF: 4:3, interlaced, 50 Hz on PAL (as
    /// libogc does when `IPL.PGS`/`IPL.E60` are missing: every TV shows it), English, sensor
    /// bar above the TV at sensitivity 3, rumble on (the System Menu's defaults).
    pub const DEFAULT: Settings = Settings {
        aspect: Aspect::Standard,
        progressive: false,
        pal60: false,
        language: Language::English,
        sensor_bar: SensorBar::Above,
        ir_sensitivity: 3,
        rumble: true,
        power: PowerOff::Standby,
        defaulted: Defaulted(0),
    };

    /// Reads the keys; each missing or unusable one keeps its default.
    pub fn from_sysconf(conf: &SysConf<'_>) -> Settings {
        let mut s = Settings::DEFAULT;
        s.power = PowerOff::from_sysconf(conf);
        for key in Key::ALL {
            let byte = match (key, conf.get(key.name())) {
                // libogc `CONF_GetIRSensitivity` reads 4 bytes; the others are 1 byte.
                (Key::IrSensitivity, Some(Value::Long(v))) => u8::try_from(v).ok(),
                (Key::IrSensitivity, _) => None,
                (_, Some(Value::Byte(b))) => Some(b),
                (_, Some(Value::Bool(b))) => Some(u8::from(b)),
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
                (Key::SensorBar, Some(b @ (0 | 1))) => {
                    s.sensor_bar = if b == 0 {
                        SensorBar::Below
                    } else {
                        SensorBar::Above
                    };
                    true
                }
                (Key::Motor, Some(b @ (0 | 1))) => {
                    s.rumble = b == 1;
                    true
                }
                (Key::IrSensitivity, Some(level @ 1..=5)) => {
                    s.ir_sensitivity = level;
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

/// The log fields: `aspect=16:9 progressive=0 pal60=1 lang=es ... rumble=1`, then `defaults=IPL.AR,...`
/// when some keys fell back.
impl fmt::Display for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "aspect={} progressive={} pal60={} lang={} bar={} ir_sens={} rumble={}",
            self.aspect_name(),
            u8::from(self.progressive),
            u8::from(self.pal60),
            self.language.iso(),
            match self.sensor_bar {
                SensorBar::Above => "above",
                SensorBar::Below => "below",
            },
            self.ir_sensitivity,
            u8::from(self.rumble)
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
