//! Game events of one frame, for the platform's feedback (sounds, rumble): what happened and
//! which player caused it. The app fills an [`Events`] list during `App::update` and the
//! platform reads it with `App::events()` after the update; mapping events to sounds is the
//! platform's (or a mixer layer's) business. Plain data.

/// Who caused an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// Player `n` (0-based: Wii Remote or pad n + 1).
    Player(u8),
    /// The computer.
    Computer,
    /// The rules themselves (a forced pass, a gift handed over).
    Rules,
}

/// One game event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A menu row was chosen (or a value changed).
    MenuPick(By),
    /// A menu or overlay was left with B / Resume.
    MenuBack(By),
    /// The senas dice were rolled.
    DiceThrown(By),
    /// The senet sticks were thrown.
    SticksThrown(By),
    /// A piece was picked up.
    PiecePicked(By),
    /// A piece was put down (a sub-move or move played).
    PiecePlaced(By),
    /// A pick or a target was refused (the notice says why).
    Illegal(By),
    /// Unused senas sub-moves passed to the other side.
    GiftHandedOver(By),
    /// A senet capture (the pieces swap).
    Capture(By),
    /// A senet piece fell into the water.
    Water(By),
    /// A piece was borne off.
    BorneOff(By),
    /// The match was won by a person.
    Win(By),
    /// The match was won by the computer against a person.
    Loss(By),
}

/// Most events one frame holds (extra ones are dropped).
pub const MAX_EVENTS: usize = 8;

/// This frame's events.
pub type Events = heapless::Vec<Event, MAX_EVENTS>;

/// Adds `e` if there is room.
pub fn push(events: &mut Events, e: Event) {
    let _ = events.push(e);
}
