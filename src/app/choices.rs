//! The choices a match is set up from, as plain values: which game, who the opponent is, and
//! who controls each side. Owns only these types and their names; the set-up that combines
//! them is `config.rs`, their words on screen `strings.rs` (neither is imported here).

use crate::ai::Level;

/// The two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    Senas,
    Senet,
}

impl GameKind {
    /// How many games there are (per-game tables are `[T; GameKind::COUNT]`).
    pub const COUNT: usize = 2;
    /// Both games; `ALL[g.index()] == g`.
    pub const ALL: [GameKind; GameKind::COUNT] = [GameKind::Senas, GameKind::Senet];

    /// This game's place in [`GameKind::ALL`] (and in saves and statistics).
    pub const fn index(self) -> usize {
        match self {
            GameKind::Senas => 0,
            GameKind::Senet => 1,
        }
    }

    /// The game at `index`, if there is one.
    pub const fn from_index(index: usize) -> Option<GameKind> {
        if index < GameKind::COUNT {
            Some(GameKind::ALL[index])
        } else {
            None
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Senas => "senas",
            GameKind::Senet => "senet",
        }
    }
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Senas => "Senas",
            GameKind::Senet => "Senet",
        }
    }
}

/// Who plays the second side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Player 2 on the second Wii Remote.
    SecondRemote,
    /// Both sides on the first Wii Remote, passed around.
    SameRemote,
    /// The computer at a level.
    Computer(Level),
}

impl Opponent {
    /// In the main menu's order (the saved form is [`Opponent::saved_index`]).
    pub const ALL: [Opponent; 6] = [
        Opponent::Computer(Level::Beginner),
        Opponent::Computer(Level::Easy),
        Opponent::Computer(Level::Normal),
        Opponent::Computer(Level::Hard),
        Opponent::SecondRemote,
        Opponent::SameRemote,
    ];
    /// The opponent's index in saves (settings, statistics, the match): the order of the
    /// versions before the Beginner (Easy 0, Normal 1, Hard 2, second remote 3, same remote
    /// 4), the Beginner appended as 5, so older files read as they were (docs/saving.md).
    pub const fn saved_index(self) -> u8 {
        match self {
            Opponent::Computer(Level::Easy) => 0,
            Opponent::Computer(Level::Normal) => 1,
            Opponent::Computer(Level::Hard) => 2,
            Opponent::SecondRemote => 3,
            Opponent::SameRemote => 4,
            Opponent::Computer(Level::Beginner) => 5,
        }
    }
    /// The opponent at a saved index (inverse of [`Opponent::saved_index`]).
    pub fn from_saved_index(i: u8) -> Option<Opponent> {
        Opponent::ALL.iter().copied().find(|o| o.saved_index() == i)
    }
    pub const fn label(self) -> &'static str {
        match self {
            Opponent::SecondRemote => "Second Wii Remote",
            Opponent::SameRemote => "Pass the Wii Remote",
            Opponent::Computer(Level::Beginner) => "Computer: Beginner",
            Opponent::Computer(Level::Easy) => "Computer: Easy",
            Opponent::Computer(Level::Normal) => "Computer: Normal",
            Opponent::Computer(Level::Hard) => "Computer: Hard",
        }
    }
    pub const fn key(self) -> &'static str {
        match self {
            Opponent::SecondRemote => "remote2",
            Opponent::SameRemote => "same_remote",
            Opponent::Computer(Level::Beginner) => "cpu_beginner",
            Opponent::Computer(Level::Easy) => "cpu_easy",
            Opponent::Computer(Level::Normal) => "cpu_normal",
            Opponent::Computer(Level::Hard) => "cpu_hard",
        }
    }
}

/// Who controls one side of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A person on Wii Remote `n` (0-based).
    Human(u8),
    /// The computer at a level.
    Computer(Level),
}
