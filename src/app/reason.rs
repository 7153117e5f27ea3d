//! The rules engines' typed refusals as the sentences a player reads: capitalised, with a full
//! stop, plus the app's own "pieces only move forward". Formatting only.

use super::refusals::senas_sentence;
use super::strings::Strings;
use super::text::Text;
use crate::games::senas::Illegal;

/// The senas engine's reason as the sentence the player reads (capitalised, with a full stop).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sentence(pub Illegal);

/// A reason from the engine or the app's own "pieces only move forward".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SentenceOr {
    Engine(Illegal),
    Backward,
}

impl core::fmt::Display for Sentence {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut s: Text<120> = Text::new();
        s.set_fmt(format_args!("{}", self.0));
        let mut chars = s.as_str().chars();
        if let Some(c) = chars.next() {
            write!(f, "{}{}.", c.to_ascii_uppercase(), chars.as_str())?;
        }
        Ok(())
    }
}

impl core::fmt::Display for SentenceOr {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SentenceOr::Engine(e) => write!(f, "{}", Sentence(*e)),
            SentenceOr::Backward => f.write_str("Pieces only move forward along their path."),
        }
    }
}

impl SentenceOr {
    /// The sentence in the player's language (`refusals.rs`).
    pub fn sentence(self, t: &Strings) -> Text<120> {
        match self {
            SentenceOr::Engine(e) => {
                Text::from_fmt(format_args!("{}", senas_sentence(t.refusals, e)))
            }
            SentenceOr::Backward => Text::from_fmt(format_args!("{}", t.senas_backward)),
        }
    }
}

impl From<Sentence> for SentenceOr {
    fn from(s: Sentence) -> Self {
        SentenceOr::Engine(s.0)
    }
}
