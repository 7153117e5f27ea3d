//! The tutor and the hint's win chance during a person's turn (issue 27 part 5), the state both
//! matches keep: the hint shown with its win chance (the chance bar's figure,
//! `app::chance_bar`), the turn being checked (senas: the hint's sliced search runs over the
//! frames), and the questioned turn waiting for "Take it back" / "Play it anyway" (asked by the
//! match scene as a `confirm::Danger::Tutor` question). The policy is `ai::coach`'s
//! (`tutor_warns`: a loss of at least `BLUNDER_PERMILLE` against the best turn for the same
//! roll or throw). Plain data: must not touch the match, the log or the screen (the matches'
//! `ask.rs` files carry the decisions out).

use crate::ai::coach;

/// The tutor's state during one turn of a match; `T` is the game's turn (a senas part's
/// `Turn`, a senet `Move`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tutor<T> {
    /// The hint found and the mover's win chance after it (per mille).
    hint: Option<(T, u16)>,
    /// The person's turn being checked, and the frames the check has taken.
    checking: Option<(T, u16)>,
    /// The questioned turn and the win chance it loses (per mille).
    asking: Option<(T, u16)>,
}

impl<T: Copy + PartialEq> Default for Tutor<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + PartialEq> Tutor<T> {
    pub const fn new() -> Self {
        Tutor {
            hint: None,
            checking: None,
            asking: None,
        }
    }

    /// The hint `turn` was found; after it the mover's win chance is `chance` per mille.
    pub fn hint_found(&mut self, turn: T, chance: u16) {
        self.hint = Some((turn, chance));
    }
    /// The chance bar's figure while the hint `shown` is on the board (the one found last).
    pub fn hint_chance(&self, shown: Option<T>) -> Option<u16> {
        match (self.hint, shown) {
            (Some((h, c)), Some(s)) if h == s => Some(c),
            _ => None,
        }
    }

    /// What `chosen` loses against `best` (per mille) when the tutor, `on`, questions it.
    pub fn blunder(on: bool, best: u16, chosen: u16) -> Option<u16> {
        coach::tutor_warns(on, best, chosen).then(|| coach::loss(best, chosen))
    }

    /// Starts checking the person's `turn`.
    pub fn check(&mut self, turn: T) {
        self.checking = Some((turn, 0));
    }
    /// The turn being checked, with one more frame counted.
    pub fn checking_frame(&mut self) -> Option<(T, u16)> {
        let (t, f) = self.checking.as_mut()?;
        *f = f.saturating_add(1);
        Some((*t, *f))
    }
    /// The check is over.
    pub fn checked(&mut self) {
        self.checking = None;
    }
    /// A check is running.
    pub fn is_checking(&self) -> bool {
        self.checking.is_some()
    }

    /// Questions `turn`, which loses `loss` per mille.
    pub fn ask(&mut self, turn: T, loss: u16) {
        self.asking = Some((turn, loss));
    }
    /// The question waiting for its answer: the win chance lost (per mille).
    pub fn question(&self) -> Option<u16> {
        self.asking.map(|(_, l)| l)
    }
    /// The questioned turn, taken with the answer.
    pub fn answered(&mut self) -> Option<T> {
        self.asking.take().map(|(t, _)| t)
    }
    /// The check is running or the question waits: the person's input waits too.
    pub fn busy(&self) -> bool {
        self.checking.is_some() || self.asking.is_some()
    }

    /// A new turn: nothing shown, checked or asked.
    pub fn clear(&mut self) {
        *self = Self::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_shows_only_the_hint_found_last() {
        let mut t: Tutor<u8> = Tutor::new();
        assert_eq!(t.hint_chance(Some(3)), None);
        t.hint_found(3, 630);
        assert_eq!(t.hint_chance(Some(3)), Some(630));
        assert_eq!(t.hint_chance(None), None, "the hint cleared from the board");
        assert_eq!(t.hint_chance(Some(4)), None, "another hint");
        t.clear();
        assert_eq!(t.hint_chance(Some(3)), None);
    }

    #[test]
    fn a_question_waits_for_its_answer_and_holds_the_turn() {
        let mut t: Tutor<u8> = Tutor::new();
        assert_eq!(Tutor::<u8>::blunder(true, 600, 560), None);
        assert_eq!(Tutor::<u8>::blunder(true, 600, 550), Some(50));
        assert_eq!(Tutor::<u8>::blunder(false, 600, 100), None);
        t.check(7);
        assert!(t.busy());
        assert_eq!(t.checking_frame(), Some((7, 1)));
        assert_eq!(t.checking_frame(), Some((7, 2)));
        t.checked();
        assert!(!t.busy());
        t.ask(7, 120);
        assert_eq!(t.question(), Some(120));
        assert!(t.busy());
        assert_eq!(t.answered(), Some(7));
        assert_eq!(t.question(), None);
        assert!(!t.busy());
    }
}
