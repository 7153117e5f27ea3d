//! What the rest of the app (the match scene, saving, the pause, the winner screen) and the
//! tests may ask of a senas match: the position, the phase, the roll, the seats (and through
//! them the hand-over), the hint and notice shown, a person's part in progress, the piece in
//! flight, the turn boundary. Reads the match's state and changes nothing but the boundary flag and the seats.

use heapless::Vec;

use crate::games::senas::{Position, Roll, Side, SubMove, Turn, TurnGen, MAX_CHOICES};

use crate::ai::senas_game::Senas;
use crate::app::config::Controller;
use crate::app::events::By;
use crate::app::seats::Seats;

use super::flow::{Flight, Phase, SenasMatch};

impl SenasMatch {
    /// True once after a part began: the match is at a turn boundary (nothing rolled yet).
    pub fn take_boundary(&mut self) -> bool {
        core::mem::take(&mut self.boundary)
    }
    /// Parts (gift or roll) played so far.
    pub fn parts(&self) -> u32 {
        self.parts
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The piece gliding to its place, if any.
    pub fn flight(&self) -> Option<Flight> {
        self.flight
    }
    pub fn roll(&self) -> Option<Roll> {
        self.roll
    }
    pub fn winner(&self) -> Option<Side> {
        self.pos.winner()
    }
    /// The controller of the side to move.
    pub fn mover(&self) -> Controller {
        self.seats.controller(self.pos.side_to_move().index())
    }
    /// Who controls White and Black.
    pub fn controllers(&self) -> [Controller; 2] {
        self.seats.controllers()
    }
    /// Who plays White and Black, the computer players and their seeds, the hint.
    pub fn seats(&self) -> &Seats<Senas> {
        &self.seats
    }
    /// The seats, for the hand-over when a remote is lost.
    pub fn seats_mut(&mut self) -> &mut Seats<Senas> {
        &mut self.seats
    }
    /// Who the side to move is, for game events.
    pub(super) fn mover_by(&self) -> By {
        self.seats.by(self.pos.side_to_move().index())
    }
    /// The hint being shown, if any.
    pub fn hint(&self) -> Option<&Turn> {
        self.hint_turn.as_ref()
    }
    /// The sentence shown in the notice box (errors, announcements).
    pub fn notice(&self) -> &str {
        self.notice.as_str()
    }
    /// The picked-up hole.
    pub fn selected(&self) -> Option<u8> {
        self.selected
    }
    /// Sub-moves played so far in the part being built.
    pub fn played(&self) -> &[SubMove] {
        &self.played
    }
    /// The legal next sub-moves of a person's part in progress (empty otherwise).
    pub fn legal_sub_moves(&self, gen: &mut TurnGen, out: &mut Vec<SubMove, MAX_CHOICES>) {
        out.clear();
        if let (Phase::Human, Some(b)) = (self.phase, self.builder.as_ref()) {
            b.legal_sub_moves(gen, out);
        }
    }
    /// True when a person's part is complete and waits for A (confirm) or B (undo).
    pub fn awaiting_confirm(&self) -> bool {
        matches!(self.phase, Phase::Human) && self.complete()
    }

    pub(super) fn complete(&self) -> bool {
        self.builder.as_ref().is_some_and(|b| {
            b.can_finish() && (b.played().len() as u8 >= b.target() || b.army().off() == 15)
        })
    }
}
