//! The sound effects: PCM made by `build/sfx.rs` at build time (our own synthesis, 16 kHz mono
//! `i16`), one per game event that sounds. Owns the names and the data; must not mix or play.

mod data {
    include!(concat!(env!("OUT_DIR"), "/sfx_data.rs"));
}

pub use data::NOTE_STEP;

/// Storage rate of the effect data; the mixer plays each at `audio::RATE` (twice this).
pub const SFX_RATE: u32 = 16_000;

/// A sound effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sfx {
    /// Senas: three dice shaken and thrown.
    Dice,
    /// Senet: four throwing sticks on the floor.
    Sticks,
    /// A piece lifted.
    PickUp,
    /// A piece put down.
    Place,
    /// A refused pick or target.
    Illegal,
    /// Senas: unused sub-moves handed to the other side.
    Gift,
    /// Senet: a capture by swapping places.
    Capture,
    /// Senet: a piece into the House of Water.
    Water,
    /// A piece borne off.
    BearOff,
    /// A person won.
    Win,
    /// The computer beat a person.
    Loss,
}

impl Sfx {
    /// Every effect.
    pub const ALL: [Sfx; 11] = [
        Sfx::Dice,
        Sfx::Sticks,
        Sfx::PickUp,
        Sfx::Place,
        Sfx::Illegal,
        Sfx::Gift,
        Sfx::Capture,
        Sfx::Water,
        Sfx::BearOff,
        Sfx::Win,
        Sfx::Loss,
    ];

    /// The 16 kHz samples.
    pub fn samples(self) -> &'static [i16] {
        match self {
            Sfx::Dice => &data::DICE,
            Sfx::Sticks => &data::STICKS,
            Sfx::PickUp => &data::PICK_UP,
            Sfx::Place => &data::PLACE,
            Sfx::Illegal => &data::ILLEGAL,
            Sfx::Gift => &data::GIFT,
            Sfx::Capture => &data::CAPTURE,
            Sfx::Water => &data::WATER,
            Sfx::BearOff => &data::BEAR_OFF,
            Sfx::Win => &data::WIN,
            Sfx::Loss => &data::LOSS,
        }
    }

    /// Length in output frames (32 kHz).
    pub fn frames(self) -> u32 {
        self.samples().len() as u32 * 2
    }

    /// The log name (`event=sfx name=sticks`).
    pub const fn name(self) -> &'static str {
        match self {
            Sfx::Dice => "dice",
            Sfx::Sticks => "sticks",
            Sfx::PickUp => "pick_up",
            Sfx::Place => "place",
            Sfx::Illegal => "illegal",
            Sfx::Gift => "gift",
            Sfx::Capture => "capture",
            Sfx::Water => "water",
            Sfx::BearOff => "bear_off",
            Sfx::Win => "win",
            Sfx::Loss => "loss",
        }
    }

    /// The effect named `name` (inverse of `name`).
    pub fn from_name(name: &str) -> Option<Sfx> {
        Sfx::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Output sample `i` (32 kHz) of the effect: stored samples on even frames, the mean of
    /// two neighbours on odd ones (the last one fades to zero). `0` past the end.
    #[inline]
    pub fn at(data: &[i16], i: u32) -> i32 {
        let k = (i / 2) as usize;
        let Some(&a) = data.get(k) else {
            return 0;
        };
        if i.is_multiple_of(2) {
            i32::from(a)
        } else {
            let b = data.get(k + 1).copied().unwrap_or(0);
            (i32::from(a) + i32::from(b)) >> 1
        }
    }
}
