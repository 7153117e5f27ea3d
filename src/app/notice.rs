//! `Notice`: a sentence shown for a while over a match (an announcement or a refusal), with
//! its countdown. One type for both games; where it is drawn is the game's choice. No drawing.

use core::fmt;

use super::text::Text;

/// How a notice reads: an announcement, or a refusal (drawn in gold).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tone {
    #[default]
    Info,
    Refusal,
}

/// The notice box's sentence and the frames it stays.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notice {
    text: Text<200>,
    left: u16,
    tone: Tone,
}

impl Notice {
    pub const fn new() -> Self {
        Notice {
            text: Text::new(),
            left: 0,
            tone: Tone::Info,
        }
    }
    /// Shows `args` for `frames` frames.
    pub fn say(&mut self, frames: u16, tone: Tone, args: fmt::Arguments) {
        self.text.set_fmt(args);
        self.left = frames.max(1);
        self.tone = tone;
    }
    /// One frame passes; the sentence goes when its time is up.
    pub fn tick(&mut self) {
        self.left = self.left.saturating_sub(1);
        if self.left == 0 {
            self.text.clear();
        }
    }
    pub fn clear(&mut self) {
        self.text.clear();
        self.left = 0;
    }
    /// Clears an announcement, keeps a refusal.
    pub fn clear_info(&mut self) {
        if self.tone == Tone::Info {
            self.clear();
        }
    }
    pub fn as_str(&self) -> &str {
        self.text.as_str()
    }
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
    pub fn tone(&self) -> Tone {
        self.tone
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_goes_after_its_frames() {
        let mut n = Notice::new();
        n.say(2, Tone::Refusal, format_args!("No."));
        n.tick();
        assert_eq!(n.as_str(), "No.");
        n.tick();
        assert!(n.is_empty());
    }

    #[test]
    fn clearing_announcements_keeps_refusals() {
        let mut n = Notice::new();
        n.say(9, Tone::Refusal, format_args!("No."));
        n.clear_info();
        assert_eq!(n.as_str(), "No.");
        n.say(9, Tone::Info, format_args!("Tute!"));
        n.clear_info();
        assert!(n.is_empty());
    }
}
